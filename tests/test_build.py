"""Generic IR -> op model: syntax variants map onto the same dataclass fields."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import one_kernel

from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.ops.arith import Binary, Cast, Constant
from genx_emit.ops.build import BUILDERS, BUILT_CLASS, builds
from genx_emit.ops.control import For, Return, Yield
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.model import CacheHints, constant_int
from genx_emit.ops.nd import (
    CreateNdDesc,
    LoadNd,
    PrefetchNd,
    UpdateNdOffset,
)

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.mlir")), ids=lambda p: p.stem)
def test_samples_read(path):
    km = read_kernels(path.read_text(), path.name)
    assert km.funcs and all(f.is_kernel for f in km.funcs)
    assert km.sources == {path.name: path.read_text()}


def test_rfc_vc_mode_maps_to_upstream_fields():
    km = read_kernels((SAMPLES / "rfc_vc_mode_gemm.mlir").read_text(), "rfc.mlir")
    loop = next(op for op in km.funcs[0].body if isinstance(op, For))
    a, b = loop.body[0], loop.body[1]
    assert isinstance(a, LoadNd) and not a.packed and a.vnni_axis == 1
    assert isinstance(b, LoadNd) and b.packed
    assert b.hints == CacheHints("cached", "cached", "cached")
    assert isinstance(loop.body[6], Dpas) and loop.body[6].acc is loop.iter_args[2]


def test_unsupported_op_in_kernel_is_located():
    text = 'gpu.module @m {\n  gpu.func @k() kernel {\n    "foo.bar"() : () -> ()\n    gpu.return\n  }\n}\n'
    with pytest.raises(DiagnosticError) as e:
        read_kernels(text, "k.mlir")
    assert str(e.value) == "k.mlir:3:5: error: unsupported op 'foo.bar'"


def test_create_nd_static_offsets():
    text = """gpu.module @m {
  gpu.func @k(%a: memref<8x16xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 4] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}"""
    op = read_kernels(text, "k.mlir").funcs[0].body[0]
    assert isinstance(op, CreateNdDesc) and op.offsets == [0, 4] and op.shape is None


# -- helpers ---------------------------------------------------------------------------------
ARGS = (
    "%src: memref<24x32xf32>, %p: ui64, %x: index, %y: index, %t: !xegpu.tensor_desc<8x16xf32>, "
    "%h: !xegpu.tensor_desc<16x16xf16>"
)
TD = "!xegpu.tensor_desc<8x16xf32>"


def kernel(*body: str, args: str = ARGS) -> str:
    return one_kernel(*body, args=args)


def built(*body: str, args: str = ARGS):
    f = read_kernels(kernel(*body, args=args), "k.mlir").funcs[0]
    return f, f.body


def first(*body: str, args: str = ARGS):
    return built(*body, args=args)[1][0]


def build_error(*body: str, args: str = ARGS) -> str:
    with pytest.raises(DiagnosticError) as e:
        read_kernels(kernel(*body, args=args), "k.mlir")
    return str(e.value)


# -- xegpu variants --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("attrs", "hints"),
    [
        (
            "<{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<streaming>}>",
            CacheHints("cached", None, "streaming"),
        ),
        ("{l1_hint = cached, l2_hint = uncached}", CacheHints("cached", "uncached", None)),
        ('{L1_hint = "uncached", L3_hint = uncached, mode = vc}', CacheHints("uncached", None, "uncached")),
        ("", CacheHints()),
    ],
)
def test_cache_hint_spellings(attrs, hints):
    op = first(f"%v = xegpu.load_nd %t {attrs} : {TD} -> vector<8x16xf32>")
    assert isinstance(op, LoadNd) and op.hints == hints
    _, (_, store, _) = built(
        "%z = arith.constant dense<0.0> : vector<8x16xf32>",
        f"xegpu.store_nd %z, %t {attrs} : vector<8x16xf32>, {TD}",
    )
    assert store.hints == hints
    prefetch = first(f"xegpu.prefetch_nd %t {attrs} : {TD}")
    assert isinstance(prefetch, PrefetchNd) and prefetch.hints == hints


def test_cache_hint_must_be_a_word():
    msg = build_error(f"%v = xegpu.load_nd %t {{l1_hint = 3}} : {TD} -> vector<8x16xf32>")
    assert (
        msg
        == "k.mlir:3:10: error: xegpu.load_nd: cache hint 'l1_hint' must be a word such as cached, got '3'"
    )


@pytest.mark.parametrize("attrs", ["<{packed}>", "{packed}", "{mode = vc, vnni_axis = 0}", "{packed = true}"])
def test_packed_spellings(attrs):
    op = first(f"%v = xegpu.load_nd %h {attrs} : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>")
    assert op.packed and op.transpose is None


def test_vnni_axis_1_is_not_packed_and_bad_axis_is_an_error():
    op = first("%v = xegpu.load_nd %h {vnni_axis = 1} : !xegpu.tensor_desc<16x16xf16> -> vector<16x8x2xf16>")
    assert not op.packed and op.vnni_axis == 1
    msg = build_error(
        "%v = xegpu.load_nd %h {vnni_axis = 2} : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>"
    )
    assert msg == "k.mlir:3:10: error: xegpu.load_nd: vnni_axis must be 0 or 1, got '2'"


@pytest.mark.parametrize(
    "attrs",
    [
        "{transpose = [1, 0]}",
        "<{transpose = array<i64: 1, 0>}>",
        "{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32}",
    ],
)
def test_transpose_spellings(attrs):
    op = first(f"%v = xegpu.load_nd %t {attrs} : {TD} -> vector<16x8xf32>")
    assert op.transpose == (1, 0) and not op.packed
    assert op.transpose_bit_width == (32 if "bit_width" in attrs else None)


def test_transpose_must_be_a_list():
    msg = build_error(f"%v = xegpu.load_nd %t {{transpose}} : {TD} -> vector<16x8xf32>")
    assert msg == (
        "k.mlir:3:10: error: xegpu.load_nd: 'transpose' must be a list of integers such as [1, 0], got 'unit'"
    )


def test_create_nd_mixed_offsets_shape_strides():
    op = first(f"%r = xegpu.create_nd_tdesc %src[%x, 4] : memref<24x32xf32> -> {TD}")
    assert op.source.name == "%src" and [getattr(o, "name", o) for o in op.offsets] == ["%x", 4]
    assert op.shape is None and op.strides is None
    op = first(f"%r = xegpu.create_nd_tdesc %p[0, %y], [%x, 32], [32, 1] : ui64 -> {TD}")
    assert [getattr(o, "name", o) for o in op.offsets + op.shape + op.strides] == [0, "%y", "%x", 32, 32, 1]
    op = first(f"%r = xegpu.create_nd_tdesc %p, shape : [24, %x], strides : [%x, 1] : ui64 -> {TD}")
    assert op.offsets == [] and [getattr(o, "name", o) for o in op.shape + op.strides] == [24, "%x", "%x", 1]
    op = first(f"%r = xegpu.create_nd_tdesc %src : memref<24x32xf32> -> {TD}")
    assert op.offsets == [] and op.shape is None


def test_create_nd_rfc_operands():
    op = first(
        f"%r = XeGPU.create_nd_tdesc %p, %x, %y, %y, %x, %x, %y {{mode = vc}} "
        f": ui64, index, index, index, index, index, index into {TD}"
    )
    names = [[o.name for o in part] for part in (op.offsets, op.shape, op.strides)]
    assert names == [["%x", "%y"], ["%y", "%x"], ["%x", "%y"]]


def test_create_nd_generic_without_segment_sizes():
    generic = (
        '%r = "xegpu.create_nd_tdesc"(%src, %x) '
        f"<{{const_offsets = array<i64: -9223372036854775808, 0>}}> "
        f": (memref<24x32xf32>, index) -> {TD}"
    )
    op = first(generic)
    assert [getattr(o, "name", o) for o in op.offsets] == ["%x", 0]
    bad = generic.replace("-9223372036854775808, 0", "0, 0")
    assert build_error(bad) == (
        "k.mlir:3:10: error: xegpu.create_nd_tdesc: cannot split 2 operands into "
        "source, "
        "offsets, shape and strides (operandSegmentSizes is missing)"
    )
    bad = generic.replace("}>", ", operandSegmentSizes = array<i32: 1, 0, 1, 0>}>")
    assert build_error(bad) == (
        "k.mlir:3:10: error: xegpu.create_nd_tdesc: 'const_offsets' marks 1 dynamic "
        "entries but 0 offset operands are given"
    )


def test_access_offsets_newest_form():
    op = first(f"%v = xegpu.load_nd %t[%x, 8] : {TD} -> vector<8x16xf32>")
    assert [getattr(o, "name", o) for o in op.offsets] == ["%x", 8]
    assert first(f"%v = xegpu.load_nd %t : {TD} -> vector<8x16xf32>").offsets is None


def test_update_and_dpas():
    op = first(f"%u = xegpu.update_nd_offset %t, [%x, 16] : {TD}")
    assert isinstance(op, UpdateNdOffset) and [getattr(o, "name", o) for o in op.offsets] == ["%x", 16]
    _, ops = built(
        "%d = xegpu.dpas %a, %b : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>",
        args="%a: vector<8x16xf16>, %b: vector<8x16x2xf16>",
    )
    assert isinstance(ops[0], Dpas) and ops[0].acc is None and ops[0].lhs.name == "%a"


# -- std ops, functions, modules -------------------------------------------------------------
def test_std_ops():
    f, ops = built(
        "%c2 = arith.constant 2 : index",
        "%bx = gpu.block_id y",
        "%sg = gpu.subgroup_id : index",
        "%s = arith.addi %bx, %c2 : index",
        "%i = arith.index_cast %s : index to i32",
        "%r = scf.for %iv = %x to %y step %c2 iter_args(%acc = %s) -> (index) {",
        "  %n = arith.addi %acc, %iv : index",
        "  scf.yield %n : index",
        "}",
    )
    c, bid, sg, add, cast, loop, ret = ops
    assert isinstance(c, Constant) and constant_int(c.result) == 2 and constant_int(5) == 5
    assert constant_int(add.result) is None
    assert (bid.kind, bid.dim, sg.kind, sg.dim) == ("block_id", "y", "subgroup_id", None)
    assert isinstance(add, Binary) and add.opname == "addi" and add.lhs is bid.result
    assert isinstance(cast, Cast) and cast.opname == "index_cast" and cast.source is add.result
    assert isinstance(loop, For) and loop.inits == [add.result] and loop.iv.name == "%iv"
    inner_add, yld = loop.body
    assert isinstance(yld, Yield) and yld.values == [inner_add.result] and inner_add.lhs is loop.iter_args[0]
    assert isinstance(ret, Return) and ret.values == []


def test_unsupported_ops_at_build_time():
    msg = build_error('%b = "vector.compress"(%x) : (index) -> index')  # no op name close to it
    assert msg == "k.mlir:3:10: error: unsupported op 'vector.compress'"


def test_functions_kernels_and_nesting():
    text = """module {
  func.func @host() {
    return
  }
  gpu.module @m attributes {
      spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>} {
    gpu.func @k(%a: memref<8xf32>) workgroup(%w: memref<8xf32, 3>) kernel
        attributes {VectorComputeFunctionINTEL} {
      gpu.return
    }
    func.func @kf(%a: index) attributes {gpu.kernel} {
      return
    }
    func.func @helper(%a: index) -> index {
      return %a : index
    }
    func.func private @decl(index)
    gpu.func @dev() {
      gpu.return
    }
  }
}"""
    km = read_kernels(text, "n.mlir")
    assert [(f.name, f.is_kernel) for f in km.funcs] == [
        ("k", True),
        ("kf", True),
        ("helper", False),
        ("dev", False),
    ]
    k = km.funcs[0]
    assert [a.name for a in k.args] == ["%a"] and k.loc.line == 7 and k.loc.col == 5
    assert "VectorComputeFunctionINTEL" in k.attributes and "sym_name" not in k.attributes
    assert km.funcs[2].body[0].values == km.funcs[2].args


def test_multi_block_function_builds_every_block():
    text = kernel('"cf.br"()[^bb1] : () -> ()', "^bb1:")
    (f,) = read_kernels(text, "k.mlir").funcs
    assert [type(op).__name__ for ops in f.all_blocks() for op in ops] == ["Branch", "Return"]


def test_builder_registry_is_extensible():
    class Nop(Return):
        NAMES = ("test.nop",)

    @builds(Nop)
    def _nop(op, b):
        return Nop(loc=op.loc, values=[])

    try:
        (op, _) = built('"test.nop"() : () -> ()')[1]
        assert isinstance(op, Nop)
    finally:
        del BUILDERS["test.nop"], BUILT_CLASS["test.nop"]


def test_builder_registry_refuses_a_name_built_twice():
    class Again(Return):
        NAMES = ("gpu.return",)

    with pytest.raises(TypeError, match="gpu.return is handled twice"):
        builds(Again)(lambda op, b: None)
