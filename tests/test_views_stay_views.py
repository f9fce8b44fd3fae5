"""Views stay views (``Regions._through_views``, ``consumers.dpas_b_flows``): tiles loaded
whole (array_length blocks, 32-row B tiles) and cut into dpas operands by chains of
``vector.extract`` / ``shape_cast`` / ``extract_strided_slice`` / ``shuffle`` / ``transpose``
compute what numpy computes (the simulator runs the emitted GenX IR), and the operands are read
from the loaded messages themselves. Our own kernels, of the shapes Intel's XeGPU integration
tests use (a 4k GEMM's K step, a transposed B, its array_length form, plain B slices)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from genx_emit.api import compile_stats, lower_text
from genx_emit.sim import run

TD = "!xegpu.tensor_desc"
ARR2 = "#xegpu.block_tdesc_attr<array_length = 2 : i64>"
F16 = np.float16


def kernel(body: list[str], args: str) -> str:
    lines = "\n".join(f"    {b}" for b in body)
    return f"gpu.module @m {{\n  gpu.func @k({args}) kernel {{\n{lines}\n    gpu.return\n  }}\n}}\n"


def _ints(shape: tuple[int, ...], seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(-3, 4, shape).astype(F16)  # exact in f16 and f32


def _store(c: str, acc: str, row: int, col: int) -> list[str]:
    return [f"%ct{c} = xegpu.create_nd_tdesc %c[{row}, {col}] : memref<32x32xf32> -> {TD}<8x16xf32>",
            f"xegpu.store_nd {acc}, %ct{c} : vector<8x16xf32>, {TD}<8x16xf32>"]


ARGS = "%a: memref<32x32xf16>, %b: memref<32x32xf16>, %c: memref<32x32xf32>"
SQ = "vector<16x16xf16>"
ZERO = "%z = arith.constant dense<0.0> : vector<8x16xf32>"
DPAS_VNNI = "vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>"
DPAS_PLAIN = "vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>"


def gemm_k_step() -> str:
    """C (32x32) = A (32x32) @ B (32x32) as the 4k GEMM's K step: A and B loaded as two 32x16
    array_length blocks, cut into 8x16 A bands and 8x16x2 VNNI B halves by extract ->
    shape_cast -> extract_strided_slice -> shape_cast."""
    body = [ZERO,
            f"%ta = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf16> -> {TD}<32x16xf16, {ARR2}>",
            f"%va = xegpu.load_nd %ta : {TD}<32x16xf16, {ARR2}> -> vector<2x32x16xf16>",
            f"%tb = xegpu.create_nd_tdesc %b[0, 0] : memref<32x32xf16> -> {TD}<32x16xf16, {ARR2}>",
            f"%vb = xegpu.load_nd %tb <{{packed}}> : {TD}<32x16xf16, {ARR2}> -> vector<2x16x16x2xf16>"]
    for k in range(2):  # A's K halves are its two blocks
        body += [f"%ak{k} = vector.extract %va[{k}] : vector<32x16xf16> from vector<2x32x16xf16>",
                 f"%af{k} = vector.shape_cast %ak{k} : vector<32x16xf16> to vector<512xf16>"]
        for m in range(4):
            body += [f"%as{k}{m} = vector.extract_strided_slice %af{k} {{offsets = [{m * 128}], "
                     "sizes = [128], strides = [1]} : vector<512xf16> to vector<128xf16>",
                     f"%a{k}{m} = vector.shape_cast %as{k}{m} : vector<128xf16> to vector<8x16xf16>"]
    for n in range(2):  # B's blocks are its column halves, each two K halves
        body += [f"%bn{n} = vector.extract %vb[{n}] : vector<16x16x2xf16> from vector<2x16x16x2xf16>",
                 f"%bf{n} = vector.shape_cast %bn{n} : vector<16x16x2xf16> to vector<512xf16>"]
        for k in range(2):
            body += [f"%bs{n}{k} = vector.extract_strided_slice %bf{n} {{offsets = [{k * 256}], "
                     "sizes = [256], strides = [1]} : vector<512xf16> to vector<256xf16>",
                     f"%b{n}{k} = vector.shape_cast %bs{n}{k} : vector<256xf16> to vector<8x16x2xf16>"]
    for m in range(4):
        for n in range(2):
            body += [f"%p{m}{n} = xegpu.dpas %a0{m}, %b{n}0, %z : {DPAS_VNNI}",
                     f"%q{m}{n} = xegpu.dpas %a1{m}, %b{n}1, %p{m}{n} : {DPAS_VNNI}",
                     *_store(f"{m}{n}", f"%q{m}{n}", 8 * m, 16 * n)]
    return kernel(body, ARGS)


def _vnni_mask() -> str:
    """The shuffle that interleaves rows 2i and 2i + 1 of a 16x32 tile (flattened): VNNI order."""
    return ", ".join(str(r * 64 + j * 32 + c) for r in range(8) for c in range(32) for j in range(2))


def transposed_b() -> str:
    """C (8x32) = A (8x32) @ Bt.T with Bt (32x32) stored N-major, in a K loop of two steps of 16
    (IMEX's optimize_transpose): a 32x16 Bt tile, vector.transpose, shape_cast, a VNNI shuffle,
    shape_cast, and two 8x16x2 slices."""
    iters = "%acc0 = %z, %acc1 = %z"
    btd = f"{TD}<32x16xf16>"
    mask = _vnni_mask()
    step = [f"%vb = xegpu.load_nd %tb : {btd} -> vector<32x16xf16>",
            "%bt = vector.transpose %vb, [1, 0] : vector<32x16xf16> to vector<16x32xf16>",
            "%bf = vector.shape_cast %bt : vector<16x32xf16> to vector<512xf16>",
            f"%bv = vector.shuffle %bf, %bf [{mask}] : vector<512xf16>, vector<512xf16>",
            "%b3 = vector.shape_cast %bv : vector<512xf16> to vector<8x32x2xf16>",
            "%b0 = vector.extract_strided_slice %b3 {offsets = [0, 0, 0], sizes = [8, 16, 2], "
            "strides = [1, 1, 1]} : vector<8x32x2xf16> to vector<8x16x2xf16>",
            "%b1 = vector.extract_strided_slice %b3 {offsets = [0, 16, 0], sizes = [8, 16, 2], "
            "strides = [1, 1, 1]} : vector<8x32x2xf16> to vector<8x16x2xf16>"]
    body = [ZERO, "%c0 = arith.constant 0 : index", "%c16 = arith.constant 16 : index",
            "%c32 = arith.constant 32 : index",
            f"%ta0 = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf16> -> {TD}<8x16xf16>",
            f"%tb0 = xegpu.create_nd_tdesc %b[0, 0] : memref<32x32xf16> -> {btd}",
            f"%r:4 = scf.for %k = %c0 to %c32 step %c16 iter_args(%ta = %ta0, %tb = %tb0, {iters}) -> "
            f"({TD}<8x16xf16>, {btd}, vector<8x16xf32>, vector<8x16xf32>) {{",
            f"  %va = xegpu.load_nd %ta : {TD}<8x16xf16> -> vector<8x16xf16>",
            *(f"  {s}" for s in step),
            f"  %n0 = xegpu.dpas %va, %b0, %acc0 : {DPAS_VNNI}",
            f"  %n1 = xegpu.dpas %va, %b1, %acc1 : {DPAS_VNNI}",
            f"  %ta2 = xegpu.update_nd_offset %ta, [%c0, %c16] : {TD}<8x16xf16>",
            f"  %tb2 = xegpu.update_nd_offset %tb, [%c0, %c16] : {btd}",
            f"  scf.yield %ta2, %tb2, %n0, %n1 : {TD}<8x16xf16>, {btd}, vector<8x16xf32>, vector<8x16xf32>",
            "}", *_store("0", "%r#2", 0, 0), *_store("1", "%r#3", 0, 16)]
    return kernel(body, ARGS)


def transposed_b_blocks() -> str:
    """C (8x32) = A (8x32) @ Bt.T (IMEX's optimize_transpose_array_length): Bt (32 rows of N) is
    loaded as two 32x16 array_length blocks of K; each is cut into 16-row N halves, transposed,
    and used as a plain 16x16 B (VNNI-packed by the dpas lowering)."""
    btd = f"{TD}<32x16xf16, {ARR2}>"
    body = [ZERO, f"%ta = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf16> -> {TD}<8x16xf16, {ARR2}>",
            f"%va = xegpu.load_nd %ta : {TD}<8x16xf16, {ARR2}> -> vector<2x8x16xf16>",
            f"%tb = xegpu.create_nd_tdesc %b[0, 0] : memref<32x32xf16> -> {btd}",
            f"%vb = xegpu.load_nd %tb : {btd} -> vector<2x32x16xf16>"]
    for k in range(2):
        body += [f"%a{k} = vector.extract %va[{k}] : vector<8x16xf16> from vector<2x8x16xf16>",
                 f"%bk{k} = vector.extract %vb[{k}] : vector<32x16xf16> from vector<2x32x16xf16>"]
        for n in range(2):
            body += [f"%bs{k}{n} = vector.extract_strided_slice %bk{k} {{offsets = [{16 * n}, 0], "
                     "sizes = [16, 16], strides = [1, 1]} : vector<32x16xf16> to vector<16x16xf16>",
                     f"%b{k}{n} = vector.transpose %bs{k}{n}, [1, 0] : {SQ} to {SQ}"]
    for n in range(2):
        body += [f"%p{n} = xegpu.dpas %a0, %b0{n}, %z : {DPAS_PLAIN}",
                 f"%q{n} = xegpu.dpas %a1, %b1{n}, %p{n} : {DPAS_PLAIN}",
                 *_store(f"{n}", f"%q{n}", 0, 16 * n)]
    return kernel(body, ARGS)


def plain_b_slices() -> str:
    """C (8x32) = A (8x32) @ B (32x32) with B loaded plain as two 32x16 array_length blocks (N
    halves) and cut into 16x16 K halves (IMEX's gemm_with_extract_e2e): B is loaded VNNI."""
    btd = f"{TD}<32x16xf16, {ARR2}>"
    body = [ZERO, f"%ta = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf16> -> {TD}<8x16xf16, {ARR2}>",
            f"%va = xegpu.load_nd %ta : {TD}<8x16xf16, {ARR2}> -> vector<2x8x16xf16>",
            f"%tb = xegpu.create_nd_tdesc %b[0, 0] : memref<32x32xf16> -> {btd}",
            f"%vb = xegpu.load_nd %tb : {btd} -> vector<2x32x16xf16>"]
    for k in range(2):
        body += [f"%a{k} = vector.extract %va[{k}] : vector<8x16xf16> from vector<2x8x16xf16>"]
    for n in range(2):
        body += [f"%bn{n} = vector.extract %vb[{n}] : vector<32x16xf16> from vector<2x32x16xf16>"]
        for k in range(2):
            body += [f"%b{n}{k} = vector.extract_strided_slice %bn{n} {{offsets = [{16 * k}, 0], "
                     "sizes = [16, 16], strides = [1, 1]} : vector<32x16xf16> to vector<16x16xf16>"]
        body += [f"%p{n} = xegpu.dpas %a0, %b{n}0, %z : {DPAS_PLAIN}",
                 f"%q{n} = xegpu.dpas %a1, %b{n}1, %p{n} : {DPAS_PLAIN}",
                 *_store(f"{n}", f"%q{n}", 0, 16 * n)]
    return kernel(body, ARGS)


def carried_by_shuffles() -> str:
    """C (16x16) = A (16x32) @ B (32x16) in a K loop of two steps of 16 whose accumulator is one
    16x16 vector (IMEX's gemm_with_extract_e2e): sliced into two 8x16 rows for the dpas, put
    back together with vector.shuffle for the next step."""
    mask = ", ".join(str(i) for i in range(16))
    acc = "vector<16x16xf32>"
    body = ["%c0 = arith.constant 0 : index", "%c16 = arith.constant 16 : index",
            "%c32 = arith.constant 32 : index", f"%z = arith.constant dense<0.0> : {acc}",
            f"%ta0 = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf16> -> {TD}<16x16xf16>",
            f"%tb0 = xegpu.create_nd_tdesc %b[0, 0] : memref<32x32xf16> -> {TD}<16x16xf16>",
            f"%r:3 = scf.for %k = %c0 to %c32 step %c16 iter_args(%ta = %ta0, %tb = %tb0, %acc = %z) -> "
            f"({TD}<16x16xf16>, {TD}<16x16xf16>, {acc}) {{",
            f"  %va = xegpu.load_nd %ta : {TD}<16x16xf16> -> vector<16x16xf16>",
            f"  %vb = xegpu.load_nd %tb <{{packed}}> : {TD}<16x16xf16> -> vector<8x16x2xf16>"]
    for m in range(2):
        body += [f"  %a{m} = vector.extract_strided_slice %va {{offsets = [{8 * m}, 0], sizes = [8, 16], "
                 "strides = [1, 1]} : vector<16x16xf16> to vector<8x16xf16>",
                 f"  %s{m} = vector.extract_strided_slice %acc {{offsets = [{8 * m}, 0], sizes = [8, 16], "
                 f"strides = [1, 1]}} : {acc} to vector<8x16xf32>",
                 f"  %d{m} = xegpu.dpas %a{m}, %vb, %s{m} : {DPAS_VNNI}"]
    body += [f"  %next = vector.shuffle %d0, %d1 [{mask}] : vector<8x16xf32>, vector<8x16xf32>",
             f"  %ta2 = xegpu.update_nd_offset %ta, [%c0, %c16] : {TD}<16x16xf16>",
             f"  %tb2 = xegpu.update_nd_offset %tb, [%c16, %c0] : {TD}<16x16xf16>",
             f"  scf.yield %ta2, %tb2, %next : {TD}<16x16xf16>, {TD}<16x16xf16>, {acc}", "}",
             f"%ct = xegpu.create_nd_tdesc %c[0, 0] : memref<32x32xf32> -> {TD}<16x16xf32>",
             f"xegpu.store_nd %r#2, %ct : {acc}, {TD}<16x16xf32>"]
    return kernel(body, ARGS)


def carried_from_loaded_c() -> str:
    """C (16x32) += A (16x32) @ B (32x32) as IMEX's optimize_transpose carries it: C's two
    16x16 column halves loaded before the K loop and carried whole, each cut into two 8x16 dpas
    accumulators per step, each through a chain of two dpas (here the same product twice), and
    joined back from the two chains' results by vector.shuffle."""
    mask = ", ".join(str(i) for i in range(16))
    acc = "vector<16x16xf32>"
    body = ["%c0 = arith.constant 0 : index", "%c16 = arith.constant 16 : index",
            "%c32 = arith.constant 32 : index",  # K bound 32 - 32 * group: not constant, not unrolled
            "%g = gpu.block_id x", "%g32 = arith.muli %g, %c32 : index",
            "%kn = arith.subi %c32, %g32 : index"]
    for n in range(2):
        body += [f"%tc{n} = xegpu.create_nd_tdesc %c[0, {16 * n}] : memref<32x32xf32> -> {TD}<16x16xf32>",
                 f"%c{n}0 = xegpu.load_nd %tc{n} : {TD}<16x16xf32> -> {acc}",
                 f"%tb{n}0 = xegpu.create_nd_tdesc %b[0, {16 * n}] : memref<32x32xf16> -> {TD}<16x16xf16>"]
    body += [f"%ta0 = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf16> -> {TD}<16x16xf16>",
             "%r:5 = scf.for %k = %c0 to %kn step %c16 iter_args(%ta = %ta0, %tb0 = %tb00, %tb1 = %tb10, "
             f"%acc0 = %c00, %acc1 = %c10) -> ({TD}<16x16xf16>, {TD}<16x16xf16>, {TD}<16x16xf16>, "
             f"{acc}, {acc}) {{",
             f"  %va = xegpu.load_nd %ta : {TD}<16x16xf16> -> vector<16x16xf16>"]
    for n in range(2):
        body.append(f"  %vb{n} = xegpu.load_nd %tb{n} <{{packed}}> : {TD}<16x16xf16> -> vector<8x16x2xf16>")
        for m in range(2):
            if n == 0:
                body.append(f"  %a{m} = vector.extract_strided_slice %va {{offsets = [{8 * m}, 0], "
                            "sizes = [8, 16], strides = [1, 1]} : vector<16x16xf16> to vector<8x16xf16>")
            body += [f"  %s{n}{m} = vector.extract_strided_slice %acc{n} {{offsets = [{8 * m}, 0], "
                     f"sizes = [8, 16], strides = [1, 1]}} : {acc} to vector<8x16xf32>",
                     f"  %e{n}{m} = xegpu.dpas %a{m}, %vb{n}, %s{n}{m} : {DPAS_VNNI}",
                     f"  %d{n}{m} = xegpu.dpas %a{m}, %vb{n}, %e{n}{m} : {DPAS_VNNI}"]
        body += [f"  %next{n} = vector.shuffle %d{n}0, %d{n}1 [{mask}] : vector<8x16xf32>, vector<8x16xf32>",
                 f"  %tb{n}2 = xegpu.update_nd_offset %tb{n}, [%c16, %c0] : {TD}<16x16xf16>"]
    body += [f"  %ta2 = xegpu.update_nd_offset %ta, [%c0, %c16] : {TD}<16x16xf16>",
             f"  scf.yield %ta2, %tb02, %tb12, %next0, %next1 : {TD}<16x16xf16>, {TD}<16x16xf16>, "
             f"{TD}<16x16xf16>, {acc}, {acc}", "}"]
    for n in range(2):
        body.append(f"xegpu.store_nd %r#{3 + n}, %tc{n} : {acc}, {TD}<16x16xf32>")
    return kernel(body, ARGS)


def transposed_b_at_computed_columns() -> str:
    """C (8x32) = A (8x32) @ Bt.T with Bt's 16x16 tiles (N rows, K columns) at columns computed
    as a work-group kernel's subgroup offsets are (a group id times a tile size, modulo the
    tile, plus a step of 16): even by their arithmetic, not constant, so each tile is still
    loaded as the dword-pair transpose its dpas reads."""
    body = [ZERO, "%c16 = arith.constant 16 : index", "%c32 = arith.constant 32 : index",
            "%g = gpu.block_id x", "%gm = arith.muli %g, %c32 : index",
            "%k0 = arith.remui %gm, %c32 : index", "%k1 = arith.addi %k0, %c16 : index"]
    for k in range(2):
        body += [f"%ta{k} = xegpu.create_nd_tdesc %a[0, %k{k}] : memref<32x32xf16> -> {TD}<8x16xf16>",
                 f"%a{k} = xegpu.load_nd %ta{k} : {TD}<8x16xf16> -> vector<8x16xf16>"]
        for n in range(2):
            body += [f"%tb{k}{n} = xegpu.create_nd_tdesc %b[{16 * n}, %k{k}] : "
                     f"memref<32x32xf16> -> {TD}<16x16xf16>",
                     f"%vb{k}{n} = xegpu.load_nd %tb{k}{n} : {TD}<16x16xf16> -> {SQ}",
                     f"%b{k}{n} = vector.transpose %vb{k}{n}, [1, 0] : {SQ} to {SQ}"]
    for n in range(2):
        body += [f"%p{n} = xegpu.dpas %a0, %b0{n}, %z : {DPAS_PLAIN}",
                 f"%q{n} = xegpu.dpas %a1, %b1{n}, %p{n} : {DPAS_PLAIN}",
                 *_store(f"{n}", f"%q{n}", 0, 16 * n)]
    return kernel(body, ARGS)


CASES = {
    "transposed_b_at_computed_columns": (transposed_b_at_computed_columns, lambda a, b: a[:8] @ b.T, (8, 32)),
    "carried_by_shuffles": (carried_by_shuffles, lambda a, b: a[:16] @ b[:, :16], (16, 16)),
    # (C starts as zeros here, as the test passes it: the product alone)
    "carried_from_loaded_c": (carried_from_loaded_c, lambda a, b: 2 * (a[:16] @ b), (16, 32)),
    "gemm_k_step": (gemm_k_step, lambda a, b: a @ b, (32, 32)),
    "transposed_b": (transposed_b, lambda a, b: a[:8] @ b.T, (8, 32)),
    "transposed_b_blocks": (transposed_b_blocks, lambda a, b: a[:8] @ b.T, (8, 32)),
    "plain_b_slices": (plain_b_slices, lambda a, b: a[:8] @ b, (8, 32)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_views_of_loaded_tiles_compute_the_product(case: str):
    make, expect, shape = CASES[case]
    a, b = _ints((32, 32), 1), _ints((32, 32), 2)
    out = run(make(), "k", (1,), {"a": a, "b": b, "c": np.zeros((32, 32), np.float32)})
    want = expect(a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(out["c"][: shape[0], : shape[1]], want)


def _dpas_sources(ll: str) -> list[str]:
    """What each dpas's A and B operands are read from (through their dword bitcasts)."""
    defs = dict(re.findall(r"^\s*(%[\w.]+) = (.*)$", ll, re.M))

    def source(v: str) -> str:
        d = defs.get(v, "")
        m = re.match(r"bitcast <\d+ x \w+> (%[\w.]+) to", d) \
            or re.search(r"rdregion\w\.[\w.]+\(<\d+ x \w+> (%[\w.]+),", d)
        return source(m.group(1)) if m else d.split("(")[0]

    out = []
    for d in defs.values():
        m = re.search(r"dpas2\.[\w.]+\(<\d+ x float> %[\w.]+, <\d+ x i32> (%[\w.]+), "
                      r"<\d+ x i32> (%[\w.]+),", d)
        if m:
            out += [source(m.group(1)), source(m.group(2))]
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_dpas_operands_are_read_from_the_messages(case: str):
    # every A and B operand is (a region of) a 2D block message's result: nothing assembled
    srcs = _dpas_sources(lower_text(CASES[case][0](), "k.mlir", "pvc"))
    assert srcs and all("raw.send2" in s for s in srcs), srcs


# Data movs left, measured: 8-dword copies of 2D message headers (a header made from another's),
# no tile data (before: every operand slice copied, e.g. 16 GRFs of B per transposed tile).
HEADER_COPIES = {"carried_by_shuffles": 0, "carried_from_loaded_c": 0, "gemm_k_step": 3, "plain_b_slices": 0,
                 "transposed_b": 2, "transposed_b_at_computed_columns": 2, "transposed_b_blocks": 1}


@pytest.mark.parametrize("case", sorted(CASES))
def test_no_tile_copies_on_pvc(case: str, toolchain):
    (st,) = compile_stats(CASES[case][0](), "k.mlir", "pvc")
    assert st.dmov <= HEADER_COPIES[case] and st.spill == 0, st
    assert st.dpas == {"gemm_k_step": 16, "carried_from_loaded_c": 8}.get(case, 4)
    if st.loop_dpas:  # the loop-carried accumulator is rebuilt in place: no copy at the back edge
        assert st.loop_dmov == 0, st
