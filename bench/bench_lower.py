"""Lowering speed on synthetic GEMM kernels of growing size.

Each kernel is a GEMM fully unrolled into straight-line XeGPU: for every 8x16 f32 C tile, the
A (8x16 f16) and B (16x16 f16, VNNI-packed) descriptors walk K with ``update_nd_offset``, each
K step loads both tiles and accumulates with ``xegpu.dpas``; the tile is then stored. Counted ops
are every op the front end builds inside the kernel (xegpu, arith, gpu.return): that is the
"XeGPU ops" of the ops/s column, almost all of them xegpu ops.

For each size, in a fresh process: the best of ``--repeat`` runs of the full ``lower_text``
(parse + verify + lower + render + llvmlite verify) and of each stage, the peak Python heap
(tracemalloc, a separate run) and the peak RSS, then ``llvm-as-14`` on the very ``.ll``
produced (best of ``--repeat``, process start-up included). Run from the repository root::

    python bench/bench_lower.py            # 1k, 4k, 16k, 64k ops
    python bench/bench_lower.py --sizes 1000 4000 --profile 4000
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import platform
import pstats
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

SIZES = (1_000, 4_000, 16_000, 64_000)
K_STEPS = 16  # K = 256 in steps of 16
OPS_PER_STEP = 5  # load A, load B, dpas, update A, update B
OPS_PER_TILE = 2 + OPS_PER_STEP * K_STEPS + 2  # create A/B, steps, create C + store
HEADER_OPS = 2  # the zero accumulator + gpu.return
LLVM_AS = "llvm-as-14"


def gemm_kernel(target_ops: int) -> tuple[str, int]:
    """MLIR text of an unrolled GEMM with about ``target_ops`` ops, and its exact op count."""
    tiles = max(1, round((target_ops - HEADER_OPS) / OPS_PER_TILE))
    cols = 1
    while cols * cols < tiles:
        cols *= 2
    rows = -(-tiles // cols)
    m, n, k = rows * 8, cols * 16, K_STEPS * 16
    a, b, c = f"memref<{m}x{k}xf16>", f"memref<{k}x{n}xf16>", f"memref<{m}x{n}xf32>"
    ta, tb, tc = ("!xegpu.tensor_desc<8x16xf16>", "!xegpu.tensor_desc<16x16xf16>",
                  "!xegpu.tensor_desc<8x16xf32>")
    out = [f"gpu.module @bench {{\n  gpu.func @gemm(%a: {a}, %b: {b}, %c: {c}) kernel {{",
           "    %zero = arith.constant dense<0.000000e+00> : vector<8x16xf32>"]
    for t in range(tiles):
        i, j = divmod(t, cols)
        p = f"t{t}"
        out.append(f"    %{p}a0 = xegpu.create_nd_tdesc %a[{i * 8}, 0] : {a} -> {ta}")
        out.append(f"    %{p}b0 = xegpu.create_nd_tdesc %b[0, {j * 16}] : {b} -> {tb}")
        acc = "%zero"
        for s in range(K_STEPS):
            out.append(f"    %{p}va{s} = xegpu.load_nd %{p}a{s} : {ta} -> vector<8x16xf16>")
            out.append(f"    %{p}vb{s} = xegpu.load_nd %{p}b{s} <{{packed}}> : {tb} -> vector<8x16x2xf16>")
            out.append(f"    %{p}c{s} = xegpu.dpas %{p}va{s}, %{p}vb{s}, {acc} : vector<8x16xf16>, "
                       f"vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>")
            out.append(f"    %{p}a{s + 1} = xegpu.update_nd_offset %{p}a{s}, [0, 16] : {ta}")
            out.append(f"    %{p}b{s + 1} = xegpu.update_nd_offset %{p}b{s}, [16, 0] : {tb}")
            acc = f"%{p}c{s}"
        out.append(f"    %{p}tc = xegpu.create_nd_tdesc %c[{i * 8}, {j * 16}] : {c} -> {tc}")
        out.append(f"    xegpu.store_nd {acc}, %{p}tc : vector<8x16xf32>, {tc}")
    out.append("    gpu.return\n  }\n}\n")
    return "\n".join(out), HEADER_OPS + tiles * OPS_PER_TILE


def count_ops(text: str) -> int:
    """Ops of every kernel as the front end builds them (nested bodies included)."""
    from genx_emit.frontend import read_kernels

    def walk(ops: list) -> int:
        return sum(1 + sum(walk(b) for b in op.bodies()) for op in ops)

    return sum(walk(ops) for f in read_kernels(text, "bench.mlir").funcs for ops in f.all_blocks())


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()  # the previous run's garbage is not this run's cost (a CLI run has none)
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def measure(size: int, repeat: int) -> dict[str, object]:
    """One size, in this process: timings, memory, llvm-as-14."""
    from genx_emit.api import lower_text
    from genx_emit.emit import render_module, verify_llvm
    from genx_emit.frontend import read_kernels
    from genx_emit.lower.driver import lower_module
    from genx_emit.targets import get_target

    text, ops = gemm_kernel(size)
    assert count_ops(text) == ops, "the op count formula is out of date"
    lower_text(text, "bench.mlir")  # warm-up: intrinsic tables, templates, first-call caches
    total = best_of(repeat, lambda: lower_text(text, "bench.mlir"))

    # Stages, each the best of `repeat` on the previous stage's result.
    target = get_target("pvc")
    km = read_kernels(text, "bench.mlir", target=target)  # decided for the target, as lower_text does
    front = best_of(repeat, lambda: read_kernels(text, "bench.mlir", target=target))
    lower = best_of(repeat, lambda: lower_module(km, target))  # the op model is only read
    module, kernels = lower_module(km, target)
    render = best_of(repeat, lambda: render_module(module, kernels))
    ll = render_module(module, kernels)
    verify = best_of(repeat, lambda: verify_llvm(ll))

    gc.collect()
    tracemalloc.start()
    lower_text(text, "bench.mlir")
    heap_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    rss_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux

    llvm_as = None
    if shutil.which(LLVM_AS):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "bench.ll"
            path.write_text(ll)
            run = [LLVM_AS, str(path), "-o", os.devnull]
            subprocess.run(run, check=True)  # warm the page cache and check the text
            llvm_as = best_of(repeat, lambda: subprocess.run(run, check=True))
    return {"size": size, "ops": ops, "total": total, "front": front, "lower": lower, "render": render,
            "verify": verify, "heap_peak": heap_peak, "rss_peak": rss_peak, "ll_bytes": len(ll),
            "llvm_as": llvm_as}


def run_child(size: int, repeat: int) -> dict[str, object]:
    """``measure`` in a fresh interpreter, so peak RSS and caches belong to this size alone."""
    cmd = [sys.executable, __file__, "--child", str(size), "--repeat", str(repeat)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def table(rows: list[dict[str, object]]) -> str:
    head = (f"{'ops':>7} {'total s':>8} {'ops/s':>8} {'us/op':>6} {'xlin':>5} {'front':>6} {'lower':>6} "
            f"{'render':>6} {'verify':>6} {'heap MB':>7} {'RSS MB':>6} {'.ll MB':>6} {'llvm-as':>7} "
            f"{'ratio':>5}")
    lines = [head]
    base = None
    for r in rows:
        per_op = r["total"] / r["ops"]
        base = base or per_op
        las = r["llvm_as"]
        lines.append(
            f"{r['ops']:>7} {r['total']:>8.3f} {r['ops'] / r['total']:>8.0f} {per_op * 1e6:>6.1f} "
            f"{per_op / base:>5.2f} {r['front']:>6.3f} {r['lower']:>6.3f} {r['render']:>6.3f} "
            f"{r['verify']:>6.3f} "
            f"{r['heap_peak'] / 1e6:>7.1f} {r['rss_peak'] / 1e6:>6.0f} {r['ll_bytes'] / 1e6:>6.1f} "
            + (f"{las:>7.3f} {r['total'] / las:>5.2f}" if las else f"{'n/a':>7} {'n/a':>5}"))
    return "\n".join(lines)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def profile(size: int, top: int) -> None:
    from genx_emit.api import lower_text

    text, _ = gemm_kernel(size)
    lower_text(text, "bench.mlir")
    prof = cProfile.Profile()
    prof.runcall(lower_text, text, "bench.mlir")
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="approximate op counts")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (the best is kept)")
    ap.add_argument("--profile", type=int, metavar="OPS", help="print a cProfile of one size instead")
    ap.add_argument("--top", type=int, default=30, help="profile lines")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child is not None:
        print(json.dumps(measure(args.child, args.repeat)))
        return 0
    if args.profile:
        profile(args.profile, args.top)
        return 0
    print(f"machine: {machine()}")
    rows = []
    for size in args.sizes:
        rows.append(run_child(size, args.repeat))
    print(table(rows))
    print("xlin: time per op relative to the smallest kernel; ratio: total / llvm-as-14 on the same .ll")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
