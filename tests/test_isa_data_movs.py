"""Tile copies (data movs) the emitter no longer makes IGC emit (issue 16): the emitted forms
that avoid them, and, from real compiles on pvc, the data movs of the samples they concern
capped at what they are now (counts are deterministic for a toolchain: not timings).

What stays, and why (README, "ISA quality"): the lane moves of a reduction tree's later steps
(PVC's float pipe does not move data between lanes) where a tile cannot be held column-major
(``lower/analysis/colmajor.py``), float conversions (one move per 16
lanes), real transposes, the scoreboard waits IGC writes after a fence (``mov (8) null``),
and 2-D message header copies.
"""

from __future__ import annotations

import functools
import re

import pytest
from conftest import SAMPLES

from genx_emit.api import compile_stats, lower_text
from genx_emit.isa_stats import KernelStats


def kernel(*body: str, args: str) -> str:
    lines = "\n".join(f"    {b}" for b in body)
    return f"gpu.module @m {{\n  gpu.func @k({args}) kernel {{\n{lines}\n    gpu.return\n  }}\n}}\n"


def lower(*body: str, args: str) -> str:
    return lower_text(kernel(*body, args=args), "k.mlir", "pvc")


def defs(ll: str) -> dict[str, str]:
    return dict(re.findall(r"^\s*(%[\w.]+) = (.*)$", ll, re.M))


# A tile at a run-time column: held row-major (a constant column would make it column-major for
# its row reductions, lower/analysis/colmajor.py; test_colmajor.py).
ROWS = ("%t = xegpu.create_nd_tdesc %a[0, %j] : memref<8x32xf32> -> !xegpu.tensor_desc<8x32xf32>",
        "%x = xegpu.load_nd %t : !xegpu.tensor_desc<8x32xf32> -> vector<8x32xf32>",
        "%z = arith.constant dense<0.0> : vector<8xf32>")


def test_a_row_reduction_reads_the_halves_of_each_row_in_place():
    ll = lower(*ROWS, "%s = vector.multi_reduction <add>, %x, %z [1] : vector<8x32xf32> to vector<8xf32>",
               args="%a: memref<8x32xf32>, %j: index")
    d = defs(ll)
    # Step 0 adds the two 16-element halves of each row (each one GRF, at the result's GRF
    # positions): eight adds whose operands are regions of the loaded tile itself, no halves
    # gathered into vectors of their own first.
    adds = [k for k in d if re.fullmatch(r"%s\.d1\.s0\.\d+", k)]
    assert len(adds) == 8
    for k in adds:
        operands = re.findall(r"(%s\.d1\.s0\.\d+\.a\d)", d[k])
        assert len(operands) == 2
        for o in operands:  # the tile as loaded (two 8x16 messages joined): %x...
            assert re.search(r"\(<256 x float> %x[\w.]*, i32 0, i32 16, i32 1,", d[o]), (k, o, d[o])
    assert not any(".s0.lo" in k or ".s0.hi" in k for k in d)
    # The later steps move lanes (PVC's float pipe cannot read them in place): their halves
    # are gathered with wide copies, then combined whole.
    assert "%s.d1.s1.v0" in d


def test_maxnumf_is_the_hardware_fmax_and_maximumf_by_a_number_one_select():
    ll = lower(*ROWS, "%m = vector.multi_reduction <maxnumf>, %x, %z [1] : vector<8x32xf32> to vector<8xf32>",
               "%y = arith.constant dense<0.0> : vector<8x32xf32>",
               "%r = arith.maximumf %x, %y : vector<8x32xf32>",
               args="%a: memref<8x32xf32>, %j: index")
    d = defs(ll)
    assert d["%m.d1.s0.0"].startswith("call <16 x float> @llvm.genx.fmax.v16f32.v16f32(")
    assert "fcmp" not in "".join(v for k, v in d.items() if k.startswith("%m."))
    # relu: x where x > 0 or x is NaN (unordered), else 0 (-0.0 included): no fmax, no NaN test
    assert re.fullmatch(r"fcmp ugt <32 x float> %r\.0\.a0, zeroinitializer", d["%r.0.cmp"])
    assert d["%r.0"].startswith("select  <32 x i1> %r.0.cmp, <32 x float> %r.0.a0, "
                                "<32 x float> zeroinitializer")


@pytest.mark.parametrize("op,c", [("maximumf", "0.0"), ("maximumf", "-0.0"), ("maximumf", "-2.5"),
                                  ("minimumf", "0.0"), ("minimumf", "-0.0"), ("minimumf", "1.5")])
def test_maximumf_by_a_constant_orders_signed_zeros_and_keeps_nan(op: str, c: str):
    """maximumf / minimumf against a constant, simulated: NaN wins, -0.0 is below +0.0 (bit for
    bit: relu of -0.0 is +0.0), whichever form the constant takes (one select, or the general
    form where the constant is the zero that loses the tie)."""
    import numpy as np

    from genx_emit.sim import run

    td = "!xegpu.tensor_desc<8x16xf32>"
    text = kernel(f"%t = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf32> -> {td}",
                  f"%x = xegpu.load_nd %t : {td} -> vector<8x16xf32>",
                  f"%c = arith.constant dense<{c}> : vector<8x16xf32>",
                  f"%r = arith.{op} %x, %c : vector<8x16xf32>",
                  f"%o = xegpu.create_nd_tdesc %b[0, 0] : memref<8x16xf32> -> {td}",
                  f"xegpu.store_nd %r, %o : vector<8x16xf32>, {td}",
                  args="%a: memref<8x16xf32>, %b: memref<8x16xf32>")
    a = np.random.default_rng(3).standard_normal((8, 16)).astype(np.float32)
    a[0, :6] = [0.0, -0.0, np.nan, -2.5, 1.5, -np.inf]
    out = run(text, "k", (1,), {"a": a, "b": np.zeros((8, 16), np.float32)})["b"]
    cv = np.float32(float(c))

    def want(x: np.float32) -> np.float32:
        if np.isnan(x):
            return x
        if x == cv:  # equal: the zero of the winning sign
            neg = np.signbit(x) and np.signbit(cv) if op == "maximumf" else np.signbit(x) or np.signbit(cv)
            return np.float32(-0.0 if neg else 0.0) if x == 0 else x
        return max(x, cv) if op == "maximumf" else min(x, cv)

    expect = np.vectorize(want, otypes=[np.float32])(a)
    assert np.array_equal(np.isnan(out), np.isnan(expect))
    assert np.array_equal(out[~np.isnan(out)].view(np.uint32), expect[~np.isnan(expect)].view(np.uint32))


def test_a_store_payload_cut_from_a_wide_tile_is_sent_from_the_load_message():
    td64 = "!xegpu.tensor_desc<32x64xf16>"
    ll = lower(f"%t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> {td64}",
               f"%v = xegpu.load_nd %t : {td64} -> vector<32x64xf16>",
               f"%o = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xf16> -> {td64}",
               f"xegpu.store_nd %v, %o : vector<32x64xf16>, {td64}",
               args="%a: memref<64x64xf16>, %b: memref<64x64xf16>")
    d = defs(ll)
    # Loaded as two 32x32 messages (64-byte rows), stored as eight 8x32 ones, the row bands
    # alternately left to right and right to left: store k sends rows 8(k//2) .. 8(k//2)+7 of
    # load message 0 or 1 (its column band), which are contiguous there: one rdregion each.
    for k in range(8):
        data = d[f"%st.v.m{k}.data"]
        column = k % 2 if k // 2 % 2 == 0 else 1 - k % 2
        want = (rf"call <256 x half> @llvm\.genx\.rdregionf\.v256f16\.v1024f16\.i16\(<1024 x half> "
                rf"%v\.m{column}, i32 0, i32 256, i32 1, i16 {k // 2 * 512}, i32 256\)")
        assert re.fullmatch(want, data), data


def test_a_conversion_only_inserted_into_a_wider_tile_is_cut_at_its_rows():
    ll = lower(*ROWS,
               "%h = arith.truncf %x : vector<8x32xf32> to vector<8x32xf16>",
               "%e = arith.constant dense<0.0> : vector<8x64xf16>",
               "%w = vector.insert_strided_slice %h, %e {offsets = [0, 32], strides = [1, 1]}"
               " : vector<8x32xf16> into vector<8x64xf16>",
               "%n = arith.truncf %x : vector<8x32xf32> to vector<8x32xf16>",
               args="%a: memref<8x32xf32>, %j: index")
    d = defs(ll)
    # %h lands in runs of 32 elements (its rows): pieces of 32; %n (no insert) keeps the ALU
    # width of 32 too; a 16-wide row would make 16-element pieces (dpas_pair_store_f16).
    assert sum(bool(re.fullmatch(r"%h\.\d+", k)) for k in d) == 8
    ll = lower(*ROWS,
               "%q = vector.extract_strided_slice %x {offsets = [0, 0], sizes = [8, 16], strides = [1, 1]}"
               " : vector<8x32xf32> to vector<8x16xf32>",
               "%h = arith.truncf %q : vector<8x16xf32> to vector<8x16xf16>",
               "%e = arith.constant dense<0.0> : vector<8x32xf16>",
               "%w = vector.insert_strided_slice %h, %e {offsets = [0, 16], strides = [1, 1]}"
               " : vector<8x16xf16> into vector<8x32xf16>",
               args="%a: memref<8x32xf32>, %j: index")
    d = defs(ll)
    pieces = sorted(k for k in d if re.fullmatch(r"%h\.\d+", k))
    assert len(pieces) == 8 and all(d[k].startswith("fptrunc <16 x float>") for k in pieces)
    # The insert writes 16-element rows, each exactly one converted piece, taken as it is (IGC
    # then converts straight into the tile instead of converting, then copying).
    writes = [v for k, v in d.items() if k.startswith("%w") and "wrregionf" in v]
    assert sorted(re.search(r"<16 x half> (%[\w.]+),", w).group(1) for w in writes) == pieces


def test_a_32_bit_tile_only_transposed_is_loaded_transposed():
    td, args = "!xegpu.tensor_desc<8x16xf32>", "%a: memref<32x32xf32>, %b: memref<32x32xf32>"
    head = f"%t = xegpu.create_nd_tdesc %a[0, 0] : memref<32x32xf32> -> {td}"
    tail = ("%o = xegpu.create_nd_tdesc %b[0, 0] : memref<32x32xf32> -> !xegpu.tensor_desc<16x8xf32>",
            "xegpu.store_nd %w, %o : vector<16x8xf32>, !xegpu.tensor_desc<16x8xf32>")
    ll = lower(head, f"%v = xegpu.load_nd %t : {td} -> vector<8x16xf32>",
               "%w = vector.transpose %v, [1, 0] : vector<8x16xf32> to vector<16x8xf32>", *tail, args=args)
    want = lower(head, f"%w = xegpu.load_nd %t <{{transpose = array<i64: 1, 0>}}> : {td} -> vector<16x8xf32>",
                 *tail, args=args)
    # the messages of an explicitly transposed load (the 2D message transposes), and no
    # register transpose after it
    sends = re.compile(r"@llvm\.genx\.raw\.send2\.[\w.]+\((.*?), <8 x i32>")
    assert sends.findall(ll) == sends.findall(want) and len(sends.findall(ll)) == 3  # declaration, 2 calls
    assert not re.search(r"^\s*%w[.\w]* = ", ll, re.M)


# -- the real toolchain --------------------------------------------------------------------
@functools.cache
def _stats(stem: str) -> list[KernelStats]:
    path = SAMPLES / f"{stem}.mlir"
    return compile_stats(path.read_text(), path.name, "pvc")


# Data movs now (before issue 16's second half in parentheses), capped so they cannot grow
# unseen: what remains is listed in the module docstring.
DATA_MOVS = {
    "big_tiles_f16": 1,  # (68) store payloads cut from the 32x64 tile; dst's header copies src's template
    "dpas_pair_store_f16": 16,  # (32) the 16 f32 -> f16 conversions remain
    "fence_and_hints": 2,  # (12) IGC's wait for each fence: one ugm, one slm fence left
    "rfc_scatter": 4,  # (40) per-message address vectors, zero-extensions
    "scatter_gather": 4,  # (20) contiguous chunks are block messages; the 2 gathers sign-extend their offsets
    "simt_gemm": 0,  # (4) the relu's self-compare copies
    "slm_roundtrip": 4,  # (14) 4 waits for fences; its chunked gather reads qword lanes, lane-major
    # (96; 64 row-major) column-major for its row reductions (lower/analysis/colmajor.py): 28 f16 <-> f32
    # conversions (12 of them repacking stride-2 halves), 2 last reduction steps, 2 broadcasts
    # replicated once, 2 lane-address widenings
    "softmax_rows": 34,
    # (32) the 16-bit tile is VNNI-loaded and scattered as loaded (test_transpose_scatter.py):
    # the 2 left widen the scatters' lane offsets to 64 bits
    "transpose_vector": 2,
    "wg_gemm_f16": 16,  # (51) 15 C header copies (README, "The last header copies"), one B header's
    # (110; 91 row-major) its 8x16 blocks column-major: 4 last reduction steps (16 -> 8 lanes),
    # 4 per-row vectors repeated to 32 lanes, 3 lane-address builds, 5 fence waits (mov null)
    "wg_softmax_f32": 16,
}


@pytest.mark.parametrize("stem", sorted(DATA_MOVS))
def test_sample_data_movs_do_not_grow(compile_tools, stem: str):
    got = sum(s.dmov for s in _stats(stem))
    assert got <= DATA_MOVS[stem], f"{stem}: {got} data movs on pvc, at most {DATA_MOVS[stem]} expected"


def test_the_simulator_selects_like_sel_ge_and_sel_l():
    # The non-NaN operand wins; the first of two equal ones (-0 >= +0) is kept.
    import numpy as np
    from test_sim_kit import run_body, store_words, vec

    nan = float("nan")
    a = vec("float", [1.0, nan, 3.0, nan, -0.0, -5.0])
    b = vec("float", [2.0, 4.0, nan, nan, 0.0, -6.0])
    body = (f"  %mx = call <6 x float> @llvm.genx.fmax.v6f32.v6f32(<6 x float> {a}, <6 x float> {b})\n"
            f"  %mn = call <6 x float> @llvm.genx.fmin.v6f32.v6f32(<6 x float> {a}, <6 x float> {b})\n"
            "  %r = shufflevector <6 x float> %mx, <6 x float> %mn, <16 x i32> <i32 0, i32 1, i32 2, i32 3, "
            "i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 0, i32 0, i32 0, i32 0>\n"
            + store_words("%r", 16, "float") + "  ret void\n")
    got = run_body(body, 16, np.float32)[:12]
    want = [2.0, 4.0, 3.0, nan, -0.0, -5.0, 1.0, 4.0, 3.0, nan, 0.0, -6.0]
    np.testing.assert_array_equal(got, np.array(want, dtype=np.float32))
    assert np.signbit(got[4]) and not np.signbit(got[10])
