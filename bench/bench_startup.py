"""Start-up cost of ``genx-emit lower`` on a tiny kernel, as a ratio to starting Python and
importing llvmlite's binding (the floor any llvmlite-based tool pays).

Both commands run in fresh processes, alternated round by round so that machine load falls on
both alike; the medians of wall time and of CPU time (user + system, steadier on a busy
machine) and their ratios are printed. Bytecode caches are written first (one
warm-up run of each) and used, as they are for an installed package. Run from the repository
root, in the environment genx-emit is installed in (the commands run in a scratch directory, so
they use that environment's genx-emit: installed, or an editable install's tree)::

    python bench/bench_startup.py            # 15 rounds
    python bench/bench_startup.py --rounds 31
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KERNEL = """\
gpu.module @m {
  gpu.func @copy(%a: memref<8x16xf16>, %b: memref<8x16xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %u = xegpu.create_nd_tdesc %b[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.store_nd %v, %u : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
"""


def run(cmd: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        kernel = Path(tmp) / "copy.mlir"
        kernel.write_text(KERNEL)
        base = [sys.executable, "-c", "import llvmlite.binding"]
        tool = [sys.executable, "-m", "genx_emit.cli", "lower", str(kernel)]
        # Run outside the source tree: ``-m`` puts the working directory first on the path, so
        # from the repository root the tool would be the checkout, not the installed package.
        where = subprocess.run([sys.executable, "-c", "import genx_emit; print(genx_emit.__file__)"],
                               env=env, cwd=tmp, check=True, capture_output=True, text=True).stdout.strip()
        run(base, env, tmp), run(tool, env, tmp)  # warm-up: bytecode caches, genx-emit's cache, file cache
        times: dict[str, list[tuple[float, float]]] = {"base": [], "tool": []}
        for _ in range(args.rounds):
            times["base"].append(run(base, env, tmp))
            times["tool"].append(run(tool, env, tmp))
    print(f"genx-emit from {where}")
    for i, what in enumerate(("wall", "CPU")):
        b = statistics.median(x[i] for x in times["base"])
        t = statistics.median(x[i] for x in times["tool"])
        print(f"{what:>4}: python + import llvmlite.binding {b * 1000:4.0f} ms, genx-emit lower (6-line "
              f"kernel) {t * 1000:4.0f} ms: ratio {t / b:.2f}x (medians of {args.rounds})")


if __name__ == "__main__":
    main()
