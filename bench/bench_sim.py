"""Speed of ``genx-emit sim`` on GEMMs, each beside numpy's matmul of the same size in the same
run (f32 matmul of the same f16 inputs), and a check of the simulated C against it.

- ``readme``: the README's three-command check, ``samples/gemm_kloop_f16.mlir``, 256^3 on a
  grid of 8x4 work-groups of 4x4 threads;
- ``gemm1k``: ``bench/gemm_1k_f16.mlir``, 1024^3, 128x64 work-groups of one thread (8,192
  threads), C loaded, accumulated over K in 64 DPAS steps, stored;
- ``wg4k``: ``samples/wg_gemm_f16.mlir`` scaled to 4096^3: 16x16 work-groups of 32 subgroups,
  each work-group a 256x256 tile of C.

The kernel is lowered before the clock starts; the times are of the simulation alone, wall and
CPU (user + system of this process, steadier on a busy machine). The peak RSS is the process's
so far (the cases run in order). Run from the repository root,
in the environment genx-emit is installed in::

    python bench/bench_sim.py                 # all three
    python bench/bench_sim.py readme gemm1k
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

import numpy as np

from genx_emit.sim import load_module, run

ROOT = Path(__file__).resolve().parents[1]


def wg_gemm_4k() -> str:
    """The work-group GEMM sample at 4096 (it is written for 1024x1024 operands)."""
    return (ROOT / "samples" / "wg_gemm_f16.mlir").read_text(encoding="utf-8").replace("1024", "4096")


# name -> (MLIR text or path, M=N=K, grid, threads, C starts random (else zero))
CASES = {
    "readme": (ROOT / "samples" / "gemm_kloop_f16.mlir", 256, (8, 4), (4, 4), False),
    "gemm1k": (ROOT / "bench" / "gemm_1k_f16.mlir", 1024, (128, 64), 1, True),
    "wg4k": (None, 4096, (16, 16), 32, True),
}


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def bench(name: str) -> None:
    src, size, grid, threads, c_random = CASES[name]
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal((size, size)).astype(np.float16) for _ in range(2))
    c = rng.standard_normal((size, size)) if c_random else np.zeros((size, size))
    c = c.astype(np.float32)
    module = load_module(wg_gemm_4k() if src is None else src)
    w0, c0 = time.perf_counter(), cpu()
    out = run(module, None, grid, {"a": a, "b": b, "c": c}, threads=threads)["c"]
    wall, cpu_s = time.perf_counter() - w0, cpu() - c0
    w0, c0 = time.perf_counter(), cpu()
    ref = a.astype(np.float32) @ b.astype(np.float32) + c
    np_wall, np_cpu = time.perf_counter() - w0, cpu() - c0
    err = float(np.abs(out.astype(np.float64) - ref).max())
    ratio = cpu_s / max(np_cpu, 1e-9)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(f"{name:7} {size}^3  sim {wall:7.2f} s wall {cpu_s:7.2f} s cpu   numpy {np_wall:7.4f} s wall "
          f"{np_cpu:7.4f} s cpu   sim/numpy (cpu) {ratio:8.0f}x   max |C - ref| {err:.2g}   "
          f"peak RSS {peak:6.0f} MB", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*", metavar="CASE", help=f"of {', '.join(CASES)} (default: all)")
    names = ap.parse_args().cases or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        ap.error(f"unknown case {', '.join(unknown)} (cases: {', '.join(CASES)})")
    for name in names:
        bench(name)


if __name__ == "__main__":
    main()
