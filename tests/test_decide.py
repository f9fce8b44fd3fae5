"""Decisions made before lowering (``lower/analysis/decide.py``): recorded on the ops as
``genx.*`` attributes that print, read back and lower to the same ``.ll``; the lowerings read
them and write no state that another lowering reads."""

from __future__ import annotations

import dataclasses
import re
from types import MappingProxyType

import pytest
from conftest import SAMPLES

from genx_emit.api import lower_kernels, lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.lower.analysis.consumers import Consumers, analyse
from genx_emit.mlir.parser import parse_mlir
from genx_emit.mlir.printer import print_module
from genx_emit.ops.model import walk_ops
from genx_emit.passes import DEFAULT_PIPELINE, PassContext, run_pipeline
from genx_emit.targets import get_target


def decided(text: str, target: str = "pvc", name: str = "k.mlir") -> str:
    """The IR after the default pipeline (genx-decide is its last pass), printed."""
    src = parse_mlir(text, name)
    run_pipeline(src, DEFAULT_PIPELINE, PassContext(target=get_target(target)))  # genx-decide last
    return print_module(src)


def attrs_of(printed: str, result: str) -> str:
    """The line of the op defining ``%result`` up to its types (its attributes are there)."""
    m = re.search(rf"^\s*%{result} = (.*) : ", printed, re.M)
    assert m, result
    return m.group(1)


def kernel(body: str, args: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k({args}) kernel {{\n{body}\n    gpu.return\n  }}\n}}\n"


TRANSPOSE_SAMPLE = (SAMPLES / "transpose_vector.mlir").read_text()


def test_the_transposes_of_the_sample_are_done_by_the_loads():
    # the f32 tile is only transposed: the 2D message transposes it, the transpose moves nothing;
    # the f16 tile's transpose only feeds one store: VNNI blocks that are the scatter's payload
    ir = decided(TRANSPOSE_SAMPLE)
    assert 'genx.send = "transposed"' in attrs_of(ir, "v")
    assert 'genx.by_load = "transposed"' in attrs_of(ir, "vt")
    assert 'genx.send = "vnni_blocks"' in attrs_of(ir, "h")
    assert 'genx.by_load = "vnni_blocks"' in attrs_of(ir, "ht")


def test_dg2_keeps_the_register_transposes():
    # DG2 has no 2D block messages: row messages load as stored and the transposes move registers
    ir = decided(TRANSPOSE_SAMPLE, "dg2")
    for v in ("v", "h"):
        assert 'genx.send = "plain"' in attrs_of(ir, v)
    for v in ("vt", "ht"):
        assert "genx.by_load" not in attrs_of(ir, v)


B_ONLY = """    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>"""
B_ARGS = "%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>"


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_a_plain_b_tile_only_dpas_reads_is_loaded_vnni(target: str):
    ir = decided(kernel(B_ONLY, B_ARGS), target)
    assert 'genx.send = "vnni"' in attrs_of(ir, "vb")
    assert 'genx.send = "plain"' in attrs_of(ir, "va")  # A is read as stored
    assert "genx.vnni_b" in attrs_of(ir, "d")
    ll = lower_text(kernel(B_ONLY, B_ARGS), "k.mlir", target)
    assert "%vb.vnni" not in ll  # dpas packs nothing


def test_a_b_tile_with_another_use_is_packed_by_dpas():
    other = B_ONLY + """
    %tb2 = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    xegpu.store_nd %vb, %tb2 : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>"""
    ir = decided(kernel(other, B_ARGS))
    assert 'genx.send = "plain"' in attrs_of(ir, "vb")
    assert "genx.vnni_b" not in attrs_of(ir, "d")
    assert "%vb.vnni" in lower_text(kernel(other, B_ARGS), "k.mlir")


def f16_transposed(col: str) -> str:
    body = f"""    %c0 = arith.constant 0 : index
    %t = xegpu.create_nd_tdesc %a[%c0, {col}] : memref<32x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vt = vector.transpose %v, [1, 0] : vector<8x16xf16> to vector<16x8xf16>
    %w = arith.addf %vt, %vt : vector<16x8xf16>
    %o = xegpu.create_nd_tdesc %b[0, 0] : memref<16x64xf16> -> !xegpu.tensor_desc<16x8xf16>
    xegpu.store_nd %w, %o : vector<16x8xf16>, !xegpu.tensor_desc<16x8xf16>"""
    return kernel(body, "%a: memref<32x64xf16>, %b: memref<16x64xf16>, %x: index")


def test_a_16bit_tile_at_an_even_known_column_is_transposed_as_word_pairs():
    ir = decided(f16_transposed("%c0"))
    assert 'genx.send = "transposed_pairs"' in attrs_of(ir, "v")
    assert 'genx.by_load = "transposed_pairs"' in attrs_of(ir, "vt")
    assert "%vt.even" in lower_text(f16_transposed("%c0"), "k.mlir")  # the de-interleave is left


def test_a_16bit_tile_at_a_run_time_column_is_transposed_in_registers():
    ir = decided(f16_transposed("%x"))
    assert 'genx.send = "plain"' in attrs_of(ir, "v")
    assert "genx.by_load" not in attrs_of(ir, "vt")


def test_ops_only_inserted_are_cut_at_the_runs_they_land_in():
    # each 8x16 half lands in rows of 16 contiguous elements of the 8x32 tile
    ir = decided((SAMPLES / "dpas_pair_store_f16.mlir").read_text())
    for v in ("h0", "h1"):
        assert "genx.piece = 16 : i64" in attrs_of(ir, v)
    assert "genx.piece" not in attrs_of(ir, "left")  # (then stored whole)


@pytest.mark.parametrize("target", ["pvc", "dg2"])
@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.mlir")), ids=lambda p: p.stem)
def test_decided_ir_lowers_to_the_same_ll(path, target: str):
    text = path.read_text()
    try:
        want = lower_text(text, path.name, target)
    except DiagnosticError:
        pytest.skip(f"the sample is not for {target}")
    printed = decided(text, target, path.name)
    assert print_module(parse_mlir(printed, path.name)) == printed
    assert lower_text(printed, path.name, target) == want


def test_a_decision_for_another_target_is_an_error():
    printed = decided(TRANSPOSE_SAMPLE, "dg2", "t.mlir")
    with pytest.raises(DiagnosticError, match=r"'genx.send = \"plain\"' disagrees with the decision made for "
                                              r"target pvc \(\"transposed\"\)") as e:
        lower_text(printed, "t.mlir", "pvc")
    assert e.value.loc.line == 14  # the f32 load's line in the sample, kept by loc(...)


def test_the_use_analysis_is_read_only():
    km = read_kernels(TRANSPOSE_SAMPLE, "t.mlir")
    c = analyse(km.funcs[0], get_target("pvc"))
    assert dataclasses.fields(Consumers)[0] and Consumers.__dataclass_params__.frozen  # type: ignore[attr-defined]
    for f in dataclasses.fields(c):
        assert isinstance(getattr(c, f.name), frozenset | MappingProxyType), f.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.pass_through = frozenset()  # type: ignore[misc]


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_decisions_are_read_only_while_lowering_and_lowering_twice_is_the_same(target: str):
    km = read_kernels(TRANSPOSE_SAMPLE, "t.mlir")
    first = lower_kernels(km, target)
    ops = [op for block in km.funcs[0].all_blocks() for op in walk_ops(block)]
    assert all(isinstance(op.attrs, MappingProxyType) for op in ops)
    with pytest.raises(TypeError):
        ops[0].attrs["genx.send"] = None  # type: ignore[index]
    # decided again for the other target on the same op model, then for this one: the same .ll
    lower_kernels(km, "dg2" if target == "pvc" else "pvc")
    assert lower_kernels(km, target) == first


def test_the_frame_of_a_function_is_fixed_while_it_is_lowered():
    from llvmlite import ir

    from genx_emit.genx.intrinsics import Intrinsics
    from genx_emit.lower.context import FIXED, FuncContext

    module = ir.Module()
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), []), name="k")
    ctx = FuncContext(module=module, intr=Intrinsics(module), target=get_target("pvc"), function=fn,
                      builder=ir.IRBuilder(fn.append_basic_block("entry")), consumers=Consumers())
    assert {"consumers", "inbounds", "target", "regions"} <= FIXED
    for name in sorted(FIXED):
        with pytest.raises(AttributeError, match=f"FuncContext.{name} is fixed"):
            setattr(ctx, name, getattr(ctx, name))
    ctx.slm_size = 64  # (what lowerings still write: see docs/emitted-ir.md)
    assert ctx.slm_size == 64
