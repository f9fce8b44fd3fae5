"""Start-up cost of ``genx-emit lower`` on a tiny kernel, as a ratio to starting Python and
importing llvmlite's binding (the floor any llvmlite-based tool pays).

Both commands run in fresh processes, alternated round by round so that machine load falls on
both alike; the medians and their ratio are printed. Bytecode caches are written first (one
warm-up run of each) and used, as they are for an installed package. Run from the repository
root, in the environment genx-emit is installed in::

    python bench/bench_startup.py            # 15 rounds
    python bench/bench_startup.py --rounds 31
"""

from __future__ import annotations

import argparse
import os
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


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


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
        wall(base, env), wall(tool, env)  # warm-up: bytecode caches, file system cache
        times: dict[str, list[float]] = {"base": [], "tool": []}
        for _ in range(args.rounds):
            times["base"].append(wall(base, env))
            times["tool"].append(wall(tool, env))
    b, t = statistics.median(times["base"]), statistics.median(times["tool"])
    print(f"python + import llvmlite.binding: median {b * 1000:.0f} ms of {args.rounds}")
    print(f"genx-emit lower (6-line kernel):  median {t * 1000:.0f} ms of {args.rounds}")
    print(f"ratio: {t / b:.2f}x")


if __name__ == "__main__":
    main()
