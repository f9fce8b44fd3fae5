"""A dpas whose accumulator is a zero constant is a dpas without one (``dpas.nosrc0``): adding
zero changes nothing, and with src0 IGC fills the accumulator's registers with zeros before
every such dpas (inside a loop, every iteration: 4 SIMD32 moves per 8x16 f32 tile). Flash
attention's Q*K^T products start from zero in every iteration of its loop this way.

The kernel here: per K step, the 8x16 product of A's and B's K slices from a zero accumulator,
added to a loop-carried C (the pattern of a partial product rescaled before it is summed)."""

from __future__ import annotations

import re

import numpy as np

from genx_emit.api import compile_text, lower_text
from genx_emit.sim import run

TD = "!xegpu.tensor_desc"
DPAS = "vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>"


def _kernel() -> str:
    acc = "vector<8x16xf32>"
    body = ["%c0 = arith.constant 0 : index", "%c16 = arith.constant 16 : index",
            "%c32 = arith.constant 32 : index", f"%z = arith.constant dense<0.0> : {acc}",
            # K bound 32 - 32 * group: not a constant, so IGC keeps the loop
            "%g = gpu.block_id x", "%g32 = arith.muli %g, %c32 : index",
            "%kn = arith.subi %c32, %g32 : index",
            f"%ta0 = xegpu.create_nd_tdesc %a[0, 0] : memref<8x32xf16> -> {TD}<8x16xf16>",
            f"%tb0 = xegpu.create_nd_tdesc %b[0, 0] : memref<32x16xf16> -> {TD}<16x16xf16>",
            f"%r:3 = scf.for %k = %c0 to %kn step %c16 iter_args(%ta = %ta0, %tb = %tb0, %c = %z) -> "
            f"({TD}<8x16xf16>, {TD}<16x16xf16>, {acc}) {{",
            f"  %va = xegpu.load_nd %ta : {TD}<8x16xf16> -> vector<8x16xf16>",
            f"  %vb = xegpu.load_nd %tb <{{packed}}> : {TD}<16x16xf16> -> vector<8x16x2xf16>",
            f"  %p = xegpu.dpas %va, %vb, %z : {DPAS}",
            f"  %c2 = arith.addf %c, %p : {acc}",
            f"  %ta2 = xegpu.update_nd_offset %ta, [%c0, %c16] : {TD}<8x16xf16>",
            f"  %tb2 = xegpu.update_nd_offset %tb, [%c16, %c0] : {TD}<16x16xf16>",
            f"  scf.yield %ta2, %tb2, %c2 : {TD}<8x16xf16>, {TD}<16x16xf16>, {acc}", "}",
            f"%tc = xegpu.create_nd_tdesc %out[0, 0] : memref<8x16xf32> -> {TD}<8x16xf32>",
            f"xegpu.store_nd %r#2, %tc : {acc}, {TD}<8x16xf32>"]
    lines = "\n".join(f"    {b}" for b in body)
    args = "%a: memref<8x32xf16>, %b: memref<32x16xf16>, %out: memref<8x16xf32>"
    return f"gpu.module @m {{\n  gpu.func @k({args}) kernel {{\n{lines}\n    gpu.return\n  }}\n}}\n"


def test_zero_accumulator_products_sum_as_numpy():
    rng = np.random.default_rng(7)
    a = rng.integers(-3, 4, (8, 32)).astype(np.float16)  # exact in f16 and f32
    b = rng.integers(-3, 4, (32, 16)).astype(np.float16)
    out = run(_kernel(), "k", (1,), {"a": a, "b": b, "out": np.zeros((8, 16), np.float32)})
    np.testing.assert_array_equal(out["out"], a.astype(np.float32) @ b.astype(np.float32))


def test_zero_accumulator_is_no_src0():
    ll = lower_text(_kernel(), "k.mlir", "pvc")
    assert "llvm.genx.dpas.nosrc0" in ll and "llvm.genx.dpas2" not in ll


def _loop(asm: str) -> list[str]:
    """The instructions from the back edge's target label to the back edge."""
    lines = asm.splitlines()
    labels = {m.group(1): i for i, line in enumerate(lines) if (m := re.match(r"^\s*(L\d+):\s*$", line))}
    for i, line in enumerate(lines):
        m = re.search(r"\b(?:jmpi|goto|while|brc)\b.*?(L\d+)", line)
        if m and m.group(1) in labels and labels[m.group(1)] < i:
            return lines[labels[m.group(1)]: i + 1]
    return []


def test_no_zero_fill_in_the_loop(toolchain):
    loop = _loop(compile_text(_kernel(), "k.mlir", "pvc", emit="asm").decode())
    assert any("dpas" in line for line in loop), loop
    fills = [line for line in loop if re.search(r"\bmov\b.*\s0(?:\.0)?:f\b", line)]
    assert not fills, fills
