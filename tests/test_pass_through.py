"""Slices that only feed raw operands pass whole (``lower/analysis/consumers.py``): one ``rdregion`` per
slice of a load result that only a ``dpas``, a store or a phi uses, so IGC binds the operand to
the load's registers; a slice any ALU op reads is still cut into legal pieces. A plain B tile
that only dpas reads is loaded with the VNNI transform instead of packed in registers."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import SAMPLES
from test_lower import calls, lower

from genx_emit.api import lower_text
from genx_emit.genx.check import check_text
from genx_emit.sim import run
from genx_emit.targets import TARGETS

TD = "!xegpu.tensor_desc"
A32 = f"{TD}<32x16xf16>"
ARGS = "%a: memref<64x64xf16>, %c: memref<64x64xf32>"
SLICE = ("%s = vector.extract_strided_slice %v {offsets = [8, 0], sizes = [8, 16], strides = [1, 1]}"
         " : vector<32x16xf16> to vector<8x16xf16>")


def _sample(stem: str, target: str = "pvc") -> str:
    path = SAMPLES / f"{stem}.mlir"
    return lower_text(path.read_text(), path.name, target=target)


def test_gemm_32x32_slices_are_one_rdregion_each():
    # A: 32x16 bf16 = 1024 bytes, four 8-row bands of 256 bytes; B: two 16x16 VNNI blocks of 512
    # bytes. Each band/block is one contiguous rdregion at its byte offset, read straight from the
    # load; nothing is written into a vector built from undef.
    ll = _sample("gemm_32x32_bf16")
    body = ll.split("k.body:")[1].split("k.exit:")[0]
    reads = {c.name: c for c in calls(body, "rdregioni")}
    for name, offset in {"%a_0": 0, "%a_1": 256, "%a_2": 512, "%a_3": 768}.items():
        c = reads[name]
        assert (c["src"], c.ret, c["width"], c["stride"], c["offset"]) == ("%va", "<128 x i16>", "128", "1",
                                                                         str(offset))
    for name, offset in {"%b_0": 0, "%b_1": 512}.items():
        c = reads[name]
        assert (c["src"], c.ret, c["offset"]) == ("%vb", "<256 x i16>", str(offset))
    assert len(reads) == 6
    assert calls(body, "wrregioni") == [] and calls(body, "wrregionf") == []


def test_the_32x64_sample_slices_pass_whole_too():
    body = _sample("gemm_32x64_f16").split("k.body:")[1].split("k.exit:")[0]
    assert len(calls(body, "rdregionf")) == 4 + 4  # four A bands, four B blocks
    assert calls(body, "wrregionf") == []


def test_a_slice_an_alu_op_reads_is_still_cut_into_legal_pieces():
    # %s feeds arith.addf (an ALU op needs legal regions): 8x16 f16 = 256 bytes, 64-byte pieces.
    ll = lower(f"%t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> {A32}",
               f"%v = xegpu.load_nd %t : {A32} -> vector<32x16xf16>",
               SLICE,
               "%x = arith.addf %s, %s : vector<8x16xf16>",
               f"%u = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> {TD}<8x16xf16>",
               f"xegpu.store_nd %x, %u : vector<8x16xf16>, {TD}<8x16xf16>",
               args=ARGS)
    pieces = [c for c in calls(ll) if c.intrinsic.startswith("rdregion") and c["src"] == "%v"]
    assert len(pieces) == 4 and {c.ret for c in pieces} == {"<32 x half>"}


def test_a_slice_that_only_a_store_reads_passes_whole():
    ll = lower(f"%t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> {A32}",
               f"%v = xegpu.load_nd %t : {A32} -> vector<32x16xf16>",
               SLICE,
               f"%u = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> {TD}<8x16xf16>",
               f"xegpu.store_nd %s, %u : vector<8x16xf16>, {TD}<8x16xf16>",
               args=ARGS)
    (c,) = [c for c in calls(ll) if c.intrinsic.startswith("rdregion") and c["src"] == "%v"]
    assert (c.ret, c["offset"]) == ("<128 x half>", "256")


def test_dg2_dpas_b_is_read_in_column_blocks_so_its_slice_is_legalized():
    # On dg2 an 8x16 dpas is two SIMD8 dpas reading B in 8-column blocks: the B slice is not a raw
    # operand there, and every region of the sample must be legal for dg2.
    ll = _sample("dpas_pair_store_f16", "dg2")
    assert check_text(ll, "dpas_pair_store_f16.ll", TARGETS["dg2"]).findings == []


def test_checker_counts_a_bitcast_to_dpas_as_raw_and_an_alu_use_as_not():
    dpas = ("declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>,"
            " <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)\n")
    rd = ("declare <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16>, i32, i32, i32, i16,"
          " i32)\n")

    def module(use: str) -> str:
        return (dpas + rd + "define void @k(<512 x i16> %v, <128 x float> %c, <128 x i32> %b) {\n"
                "  %s = call <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16> %v, i32 0,"
                " i32 128, i32 1, i16 256, i32 128)\n" + use + "  ret void\n}\n")

    raw = module("  %s.dw = bitcast <128 x i16> %s to <64 x i32>\n"
                 "  %d = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %c,"
                 " <128 x i32> %b, <64 x i32> %s.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)\n")
    alu = module("  %s.dw = bitcast <128 x i16> %s to <64 x i32>\n  %x = add <64 x i32> %s.dw, %s.dw\n")
    assert check_text(raw, "raw.ll", TARGETS["pvc"]).findings == []
    (f,) = check_text(alu, "alu.ll", TARGETS["pvc"]).findings
    assert "execution size 128" in f.message


PLAIN_B = """\
gpu.module @m {{
  gpu.func @k(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>,
              %o: memref<16x16xf16>) kernel {{
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %to = xegpu.create_nd_tdesc %o[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    {copy}
    gpu.return
  }}
}}
"""
COPY_B = "xegpu.store_nd %vb, %to : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>"


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_a_plain_b_tile_only_dpas_reads_is_loaded_vnni_and_computes_the_product(target):
    text = PLAIN_B.format(copy="")
    ll = lower_text(text, "k.mlir", target=target)
    assert calls(ll, "wrregionf") == [] or target == "dg2"  # no stride-2 packing in registers
    if target == "pvc":  # the message fields, read from the scalar form's intrinsic operands
        scalar = lower_text(text, "k.mlir", target=target, block2d_form="scalar")
        b_load = [c for c in calls(scalar, "lsc.load2d.stateless") if c.name == "%vb"]
        assert [c["vnni"] for c in b_load] == ["1"]
    g = np.random.default_rng(3)
    a, b = g.standard_normal((8, 16)).astype(np.float16), g.standard_normal((16, 16)).astype(np.float16)
    out = run(text, "k", (1,), {"a": a, "b": b, "c": np.zeros((8, 16), np.float32),
                                "o": np.zeros((16, 16), np.float16)}, target=target)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    assert np.abs(out["c"] - ref).max() <= 17 * 2.0 ** -24 * (np.abs(a).astype(np.float64) @ np.abs(b)).max()


def test_a_b_tile_also_stored_stays_plain_and_is_packed_in_registers():
    ll = lower_text(PLAIN_B.format(copy=COPY_B), "k.mlir")
    scalar = lower_text(PLAIN_B.format(copy=COPY_B), "k.mlir", block2d_form="scalar")  # message fields
    (b_load,) = [c for c in calls(scalar, "lsc.load2d.stateless") if c.name == "%vb"]
    assert b_load["vnni"] == "0"
    assert any(c["stride"] == "2" for c in calls(ll, "wrregionf"))  # rows interleaved for dpas


def test_a_slice_stored_in_several_messages_passes_whole_and_checks_legal():
    # 16x16 f32 (1 KiB) from a 32x16 f32 load, stored as two 8-row messages: each message's rows
    # are one rdregion of the loaded tile itself (the slice of the slice reads through the slice,
    # which is then never assembled), bound in place; the checker accepts them and the stored
    # values are rows 16..31 of the source.
    text = """\
gpu.module @m {
  gpu.func @k(%a: memref<64x64xf32>, %c: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<32x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<32x16xf32> -> vector<32x16xf32>
    %s = vector.extract_strided_slice %v {offsets = [16, 0], sizes = [16, 16], strides = [1, 1]}
        : vector<32x16xf32> to vector<16x16xf32>
    %u = xegpu.create_nd_tdesc %c[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
    xegpu.store_nd %s, %u : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
    gpu.return
  }
}
"""
    ll = lower_text(text, "k.mlir")
    reads = [c for c in calls(ll, "rdregionf") if c["src"] == "%v"]
    assert [(s.ret, s["offset"]) for s in reads] == [("<128 x float>", "1024"), ("<128 x float>", "1536")]
    assert len(calls(ll, "rdregionf")) == 2
    assert check_text(ll, "k.ll", TARGETS["pvc"]).findings == []
    a = np.random.default_rng(5).standard_normal((64, 64)).astype(np.float32)
    out = run(text, "k", (1,), {"a": a, "c": np.zeros((64, 64), np.float32)})
    np.testing.assert_array_equal(out["c"][:16, :16], a[16:32, :16])
