"""Layout propagation at workgroup level (upstream's xegpu-propagate-layout rules): the layouts
written onto the IR, worked out by hand from the anchors; conflicts resolved by convert_layout or
a located error; and kernels written in upstream's form (layouts on anchors only) simulated
against numpy and compiled for pvc."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from genx_emit.api import compile_stats, lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.mlir.ir import Operation, nested_ops
from genx_emit.mlir.parser import parse_mlir
from genx_emit.sim import run
from genx_emit.wg import propagate_layouts
from genx_emit.wg.layout import WgLayout, parse_wg_layout

INPUTS = Path(__file__).parent / "inputs" / "wg"

L = "#xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16]>"


def _propagated(body: str, args: str = "%x: memref<32x32xf32>, %y: memref<32x32xf32>") -> list[Operation]:
    text = f"gpu.module @m {{ gpu.func @k({args}) kernel {{\n{body}\n gpu.return }} }}"
    src = parse_mlir(text, "k.mlir")
    propagate_layouts(src)
    (func,) = src.device_functions()
    return list(nested_ops(func))


def _propagated_text(text: str) -> list[Operation]:
    src = parse_mlir(text, "k.mlir")
    propagate_layouts(src)
    (func,) = src.device_functions()
    return list(nested_ops(func))


def _result_layout(ops: list[Operation], name: str, index: int = 0) -> WgLayout:
    op = next(o for o in ops if any(r.name == name for r in o.results))
    return parse_wg_layout(op.attributes[f"layout_result_{index}"], op.loc)


STORE = f"""
    %s0 = arith.constant 0 : index
    %ty = xegpu.create_nd_tdesc %y : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
    xegpu.store_nd %v, %ty[%s0, %s0] <{{layout = {L}}}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
"""
LAY = WgLayout((2, 2), (16, 16))


def test_constant_and_elementwise_take_the_store_layout():
    ops = _propagated("""
    %a = arith.constant dense<1.0> : vector<32x32xf32>
    %b = arith.constant dense<2.0> : vector<32x32xf32>
    %v = arith.addf %a, %b : vector<32x32xf32>""" + STORE)
    assert _result_layout(ops, "%a") == LAY and _result_layout(ops, "%b") == LAY
    assert _result_layout(ops, "%v") == LAY
    # the descriptor gets the store's layout in its type
    (create,) = [o for o in ops if o.name == "xegpu.create_nd_tdesc"]
    assert "sg_layout = [2, 2]" in str(create.results[0].type)


def test_accumulator_constant_takes_the_dpas_layout_through_the_loop():
    ops = _propagated(f"""
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %z = arith.constant dense<0.0> : vector<32x32xf32>
    %a = arith.constant dense<1.0> : vector<32x32xf16>
    %b = arith.constant dense<1.0> : vector<32x32xf16>
    %r = scf.for %i = %c0 to %c32 step %c32 iter_args(%acc = %z) -> (vector<32x32xf32>) {{
      %d = xegpu.dpas %a, %b, %acc {{layout_a = {L}, layout_b = {L}, layout_cd = {L}}}
        : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }}""")
    assert _result_layout(ops, "%z") == LAY  # from the dpas accumulator, through the iter_arg
    assert _result_layout(ops, "%r") == LAY  # the loop's result too
    dpas = next(o for o in ops if o.name == "xegpu.dpas")
    assert "layout_result_0" not in dpas.attributes  # an anchor: layout_cd is its result's layout


def test_broadcast_source_is_a_slice_and_reduction_source_the_parent():
    # the store's layout flows to the broadcast's result; its 1-D source is the slice without
    # dimension 0; that source is a row reduction's result... of dimension 0, so the reduction's
    # source gets the parent, each subgroup holding all 32 rows of its 16 columns (sg_data [16, 16]
    # -> [16, 16] along kept dimension 1, the reduced dimension filled: 32 / 2 = 16)
    ops = _propagated("""
    %in = arith.constant dense<1.0> : vector<32x32xf32>
    %z = arith.constant dense<0.0> : vector<32xf32>
    %s = vector.multi_reduction <add>, %in, %z [0] : vector<32x32xf32> to vector<32xf32>
    %v = vector.broadcast %s : vector<32xf32> to vector<32x32xf32>""" + STORE)
    assert _result_layout(ops, "%v") == LAY
    assert _result_layout(ops, "%s") == WgLayout((2, 2), (16, 16), dims=(0,))
    assert _result_layout(ops, "%z") == WgLayout((2, 2), (16, 16), dims=(0,))
    assert _result_layout(ops, "%in") == LAY


def test_reduction_result_takes_the_source_slice_when_nothing_demands_it():
    # the source comes from a load and nothing uses the result: it is the source's layout sliced
    # at the reduced dimension, and so is the accumulator
    ops = _propagated(f"""
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
    %in = xegpu.load_nd %tx[%c0, %c0] <{{layout = {L}}}> : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
    %z = arith.constant dense<0.0> : vector<32xf32>
    %s = vector.multi_reduction <add>, %in, %z [1] : vector<32x32xf32> to vector<32xf32>""")
    assert _result_layout(ops, "%s") == WgLayout((2, 2), (16, 16), dims=(1,))
    assert _result_layout(ops, "%z") == WgLayout((2, 2), (16, 16), dims=(1,))


def test_transpose_source_gets_the_layout_permuted():
    ops = _propagated("""
    %a = arith.constant dense<1.0> : vector<32x32xf32>
    %v = vector.transpose %a, [1, 0] : vector<32x32xf32> to vector<32x32xf32>""" +
        STORE.replace("sg_data = [16, 16]", "sg_data = [8, 16], inst_data = [8, 8]"))
    # result dimension i is source dimension perm[i]: sg_data, inst_data and order swap
    assert _result_layout(ops, "%a") == WgLayout((2, 2), (16, 8), (8, 8), order=(0, 1))


def test_shape_cast_adding_unit_dims_demands_a_slice():
    ops = _propagated("""
    %a = arith.constant dense<1.0> : vector<32xf32>
    %c = vector.shape_cast %a : vector<32xf32> to vector<32x1xf32>
    %v = vector.broadcast %c : vector<32x1xf32> to vector<32x32xf32>""" + STORE)
    # the broadcast's source: the result's layout one element deep along the stretched dimension;
    # the shape_cast's source: that without the unit dimension
    assert _result_layout(ops, "%c") == WgLayout((2, 2), (16, 1))
    assert _result_layout(ops, "%a") == WgLayout((2, 2), (16, 1), dims=(1,))


def test_conflicting_uses_get_a_convert_layout():
    other = "#xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>"
    ops = _propagated(f"""
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
    %v = xegpu.load_nd %tx[%c0, %c0] <{{layout = {other}}}>
      : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
    """ + STORE)
    (cvt,) = [o for o in ops if o.name == "xegpu.convert_layout"]
    assert parse_wg_layout(cvt.attributes["input_layout"], cvt.loc) == WgLayout((4, 1), (8, 32))
    assert parse_wg_layout(cvt.attributes["target_layout"], cvt.loc) == LAY
    store = next(o for o in ops if o.name == "xegpu.store_nd")
    assert store.operands[0] is cvt.results[0]


def test_descriptor_used_with_two_layouts_is_created_twice():
    pf = "#xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>"
    ops = _propagated(f"""
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
    xegpu.prefetch_nd %tx[%c0, %c0] <{{layout = {pf}}}> : !xegpu.tensor_desc<32x32xf32>
    %v = xegpu.load_nd %tx[%c0, %c0] <{{layout = {L}}}> : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
    """ + STORE)
    creates = [o for o in ops if o.name == "xegpu.create_nd_tdesc" and o.operands[0].name == "%x"]
    assert len(creates) == 2
    prefetch = next(o for o in ops if o.name == "xegpu.prefetch_nd")
    load = next(o for o in ops if o.name == "xegpu.load_nd")
    assert "sg_layout = [4, 1]" in str(prefetch.operands[0].type)
    assert "sg_layout = [2, 2]" in str(load.operands[0].type)


def test_subgroup_level_kernels_are_left_alone():
    lane = "#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>"
    ops = _propagated(f"""
    %c0 = arith.constant 0 : index
    %v = arith.constant dense<1.0> : vector<8x16xf32>
    %ty = xegpu.create_nd_tdesc %y : memref<32x32xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %ty[%c0, %c0] <{{layout = {lane}}}>
      : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>""")
    assert not any(k.startswith("layout_result") for o in ops for k in o.attributes)


def test_iter_arg_and_result_layouts_that_disagree_are_located():
    # the loop result is stored with one layout, the iter_arg is a dpas accumulator with another,
    # both fixed by the user on the loop's own attribute: named with both layouts
    other = "#xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>"
    with pytest.raises(DiagnosticError) as e:
        _propagated(f"""
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %z = arith.constant dense<0.0> : vector<32x32xf32>
    %a = arith.constant dense<1.0> : vector<32x32xf16>
    %r = scf.for %i = %c0 to %c32 step %c32 iter_args(%acc = %z) -> (vector<32x32xf32>) {{
      %d = xegpu.dpas %a, %a, %acc {{layout_a = {L}, layout_b = {L}, layout_cd = {L}}}
        : vector<32x32xf16>, vector<32x32xf16>, vector<32x32xf32> -> vector<32x32xf32>
      scf.yield %d : vector<32x32xf32>
    }} {{layout_result_0 = {other}}}""")
    msg = str(e.value)
    assert "iter_arg 0 (%acc)" in msg and "sg_layout = [4, 1]" in msg and "sg_layout = [2, 2]" in msg


# -- kernels in upstream's form ------------------------------------------------------------------
def test_anchor_only_gemm_matches_numpy():
    g = np.random.default_rng(0)
    a = g.standard_normal((64, 128)).astype(np.float16)
    b = g.standard_normal((128, 64)).astype(np.float16)
    text = (INPUTS / "gemm_anchor_f16.mlir").read_text()
    c = np.zeros((64, 64), np.float32)
    out = run(text, "k", grid=(1,), threads=4, args={"A": a, "B": b, "C": c})["C"]
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    want = np.maximum(a64 @ b64, 0)
    bound = (128 + 1) * 2.0**-24 * (np.abs(a64) @ np.abs(b64))
    assert np.all(np.abs(out - want) <= bound)


def test_anchor_only_gemm_loop_is_tight_on_pvc(compile_tools):
    # the 256x256 tile of 32 subgroups: propagation adds nothing to the loop (no convert, no copy)
    path = INPUTS / "gemm_anchor_256_f16.mlir"
    (s,) = compile_stats(path.read_text(), path.name, "pvc")
    assert (s.loop_dpas, s.loop_dmov, s.spill) == (32, 0, 0)
    assert s.loop_instr <= 2 * s.loop_dpas, (s.loop_instr, s.loop_dpas)


def test_anchor_only_online_softmax_matches_numpy():
    x = (3 * np.random.default_rng(1).standard_normal((64, 128))).astype(np.float32)
    text = (INPUTS / "softmax_anchor_f32.mlir").read_text()
    out = run(text, "k", grid=(2,), threads=4, args={"x": x, "y": np.zeros((64, 128), np.float32)})["y"]
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)


def test_anchor_only_trigonometry_matches_numpy(toolchain, tmp_path):
    # math.cos / math.sin at workgroup level, block by block; the math unit's sin and cos
    x = np.random.default_rng(2).uniform(-4, 4, (64, 64)).astype(np.float32)
    text = (INPUTS / "trig_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=8, args={"x": x, "y": np.zeros((64, 64), np.float32)})["y"]
    x64 = x.astype(np.float64)
    np.testing.assert_allclose(out, np.cos(x64) * np.sin(x64), rtol=0, atol=1e-6)
    ll = tmp_path / "trig_f32.ll"
    ll.write_text(lower_text(text, "trig_f32.mlir"))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output


def test_bias_gemm_with_reblocking_converts_matches_numpy():
    # the converts between the load and dpas layouts (same pieces, other blocks) fold into the
    # loads; boundary_check = false descriptors still merge blocks into larger messages
    g = np.random.default_rng(3)
    a = g.standard_normal((64, 128)).astype(np.float16)
    b = g.standard_normal((128, 64)).astype(np.float16)
    bias = g.standard_normal(64).astype(np.float32)
    text = (INPUTS / "gemm_bias_f16.mlir").read_text()
    args = {"bias": bias, "A": a, "B": b, "C": np.zeros((64, 64), np.float32)}
    out = run(text, "k", grid=(1,), threads=4, args=args)["C"]
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    want = a64 @ b64 + bias[None, :]
    bound = (128 + 2) * 2.0**-24 * (np.abs(a64) @ np.abs(b64) + np.abs(bias)[None, :])
    assert np.all(np.abs(out - want) <= bound)
    ops = _propagated_text(text)
    assert not any(o.name == "xegpu.convert_layout" for o in ops)


def test_bias_gemm_loop_is_tight_on_pvc(compile_tools):
    # K = 1024 so that the loop stays a loop: 16 dpas per K step of each subgroup's 32x32 piece
    text = (INPUTS / "gemm_bias_f16.mlir").read_text().replace("128", "1024")
    (s,) = compile_stats(text, "gemm_bias_f16.mlir", "pvc")
    assert (s.loop_dpas, s.loop_dmov, s.spill) == (16, 0, 0)
    assert s.loop_instr <= 2 * s.loop_dpas, (s.loop_instr, s.loop_dpas)
