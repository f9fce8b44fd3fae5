"""Lexer and parser: every construct, custom == generic forms, aliases, host code, error locations."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import one_kernel

from genx_emit.diagnostics import DiagnosticError
from genx_emit.mlir import attrs as A
from genx_emit.mlir import types as T
from genx_emit.mlir.attr_type_parser import AttrTypeParser
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.lexer import (
    BANG,
    BARE,
    CARET,
    EOF,
    FLOAT,
    HASH,
    INT,
    PUNCT,
    STRING,
    SYMBOL,
    VALUE,
    tokenize,
)
from genx_emit.mlir.parser import parse_mlir

INPUTS = Path(__file__).resolve().parent / "inputs" / "frontend"
SAMPLES = Path(__file__).resolve().parents[1] / "samples"
F16, F32, BF16, IDX = T.FloatType("f16"), T.FloatType("f32"), T.FloatType("bf16"), T.IndexType()
I64 = T.IntegerType(64)
DYN = -(2**63)


def parse_error(text: str) -> str:
    with pytest.raises(DiagnosticError) as e:
        parse_mlir(text, "t.mlir")
    return str(e.value)


def device(*body: str, args: str = "") -> str:
    """A gpu.func whose body lines start on line 3 (indent 4)."""
    return one_kernel(*body, args=args)


def body_ops(text: str, func: int = 0) -> list[Operation]:
    mod = parse_mlir(text, "t.mlir")
    gm = next(op for op in mod.operations if op.name == "gpu.module")
    return gm.regions[0].blocks[0].operations[func].regions[0].blocks[0].operations


def canon(op: Operation) -> tuple:
    """Everything but result names: what custom and generic forms must agree on."""
    regions = tuple(  # block labels are cosmetic (custom forms leave the entry block unlabeled)
        tuple((tuple(a.type for a in b.arguments), tuple(canon(o) for o in b.operations)) for b in r.blocks)
        for r in op.regions
    )
    return (
        op.name,
        tuple(v.name for v in op.operands),
        tuple(r.type for r in op.results),
        tuple(sorted(op.attributes.items())),
        regions,
    )


# -- lexer -----------------------------------------------------------------------------------
def test_token_kinds():
    toks = tokenize('%x#1 = "a.b"(^bb0) @s #x.y !t 1.5e-3 0x1F 42 "s\\"q" -> :: x16xf32 // gone\n}')
    pairs = list(zip(toks.kinds, toks.texts, strict=True))
    assert pairs == [
        (VALUE, "%x#1"),
        (PUNCT, "="),
        (STRING, '"a.b"'),
        (PUNCT, "("),
        (CARET, "^bb0"),
        (PUNCT, ")"),
        (SYMBOL, "@s"),
        (HASH, "#x.y"),
        (BANG, "!t"),
        (FLOAT, "1.5e-3"),
        (INT, "0x1F"),
        (INT, "42"),
        (STRING, '"s\\"q"'),
        (PUNCT, "->"),
        (PUNCT, "::"),
        (BARE, "x16xf32"),
        (PUNCT, "}"),
        (EOF, ""),
    ]


def test_token_locations():
    toks = tokenize("a\n  %b = c\n")
    assert str(toks.loc(1)) == "<input>:2:3"
    assert toks.starts_line(1) and not toks.starts_line(2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gpu.module @m {\n  $\n}", "t.mlir:2:3: error: unexpected character '$'"),
        ("gpu.module @m {\n  \x01\n}", "t.mlir:2:3: error: unexpected character '\\x01'"),
        ('gpu.module @m {\n  "abc\n}', "t.mlir:2:3: error: unterminated string"),
    ],
)
def test_lexer_errors(text, message):
    assert parse_error(text) == message


# -- types -----------------------------------------------------------------------------------
def ty(text: str):
    p = AttrTypeParser(tokenize(text))
    t = p.parse_type()
    assert p.kinds[p.i] == EOF, f"trailing tokens after {text}"
    return t


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("index", IDX),
        ("i1", T.IntegerType(1)),
        ("i8", T.IntegerType(8)),
        ("i64", I64),
        ("si32", T.IntegerType(32, "s")),
        ("ui64", T.IntegerType(64, "u")),
        ("f16", F16),
        ("bf16", BF16),
        ("f32", F32),
        ("f64", T.FloatType("f64")),
        ("tf32", T.FloatType("tf32")),
        ("vector<8x16xf32>", T.VectorType((8, 16), F32)),
        ("vector<8x16x2xbf16>", T.VectorType((8, 16, 2), BF16)),
        ("vector<16 x index>", T.VectorType((16,), IDX)),
        ("vector<0x16xf32>", T.VectorType((0, 16), F32)),
        ("memref<24x32xf32>", T.MemRefType((24, 32), F32)),
        ("memref<?x?xf16>", T.MemRefType((None, None), F16)),
        ("memref<64x64xf32, strided<[64, 1]>>", T.MemRefType((64, 64), F32, T.StridedLayout((64, 1), 0))),
        (
            "memref<32x32xf32, strided<[?, 1], offset: ?>>",
            T.MemRefType((32, 32), F32, T.StridedLayout((None, 1), None)),
        ),
        ("memref<8x16xf16, 3>", T.MemRefType((8, 16), F16, None, A.IntegerAttr(3))),
        (
            "memref<8x16xf16, #gpu.address_space<workgroup>>",
            T.MemRefType(
                (8, 16),
                F16,
                None,
                A.DialectAttr("gpu", "address_space", (A.KeywordAttr("workgroup"),), (), "workgroup"),
            ),
        ),
        (
            "memref<8x16xf16, #xegpu.memory_space<slm>>",
            T.MemRefType(
                (8, 16), F16, None, A.DialectAttr("xegpu", "memory_space", (A.KeywordAttr("slm"),), (), "slm")
            ),
        ),
        (
            "memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>, 3>",
            T.MemRefType((4, 8), F32, A.OpaqueAttr("affine_map<(d0, d1) -> (d0 * 8 + d1)>"),
                         A.IntegerAttr(3)),
        ),
        ("!xegpu.tensor_desc<8x16xf16>", T.TensorDescType((8, 16), F16)),
        (
            "!xegpu.tensor_desc<24x16xf32, #xegpu.block_tdesc_attr<array_length = 2 : i64>>",
            T.TensorDescType(
                (24, 16),
                F32,
                (
                    A.DialectAttr(
                        "xegpu",
                        "block_tdesc_attr",
                        (),
                        (("array_length", A.IntegerAttr(2, I64)),),
                        "array_length = 2 : i64",
                    ),
                ),
            ),
        ),
        (
            "tensor_desc<16xbf16, #scattered, memory_scope=slm, chunk_size_per_lane=1>",
            T.TensorDescType(
                (16,),
                BF16,
                (
                    A.KeywordAttr("scattered"),
                    A.DictAttr((("memory_scope", A.KeywordAttr("slm")),
                                ("chunk_size_per_lane", A.IntegerAttr(1)))),
                ),
            ),
        ),
        (
            "tensor_desc<16xbf16, !xegpu.tdesc_attr<memory_scope=slm>>",
            T.TensorDescType(
                (16,),
                BF16,
                (
                    A.DialectAttr(
                        "xegpu", "tdesc_attr", (), (("memory_scope", A.KeywordAttr("slm")),),
                        "memory_scope=slm"
                    ),
                ),
            ),
        ),
        ("!xegpu.nbarrier", T.DialectType("xegpu", "nbarrier")),
        ("!XeGPU.nbarrier", T.DialectType("xegpu", "nbarrier")),
        ("!llvm.ptr<1>", T.DialectType("llvm", "ptr", "1")),
        ("(i32, index) -> f32", T.FunctionType((T.IntegerType(32), IDX), (F32,))),
        ("() -> ()", T.FunctionType((), ())),
        (
            "(f32) -> (f32, (i32) -> i1)",
            T.FunctionType((F32,), (F32, T.FunctionType((T.IntegerType(32),), (T.IntegerType(1),)))),
        ),
    ],
)
def test_types(text, expected):
    assert ty(text) == expected


def test_rfc_scalar_spellings():
    assert ty("tensor_desc<8x16xfloat>") == T.TensorDescType((8, 16), F32)
    assert ty("uint64") == T.IntegerType(64, "u")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("vector<8x16>", "<input>:1:12: error: expected 'x' in shape, got '>'"),
        ("vector<8x?xf32>", "<input>:1:10: error: dynamic dimension '?' is not allowed here"),
        ("memref<8x16xf32", "<input>:1:16: error: expected '>' to close memref type, got end of file"),
        ("!nope", "<input>:1:1: error: undefined type alias '!nope'"),
        ("i0", "<input>:1:1: error: integer type width 0 is out of range"),
    ],
)
def test_type_errors(text, message):
    with pytest.raises(DiagnosticError) as e:
        ty(text)
    assert str(e.value) == message


# -- attributes ------------------------------------------------------------------------------
def attr(text: str):
    p = AttrTypeParser(tokenize(text))
    a = p.parse_attr()
    assert p.kinds[p.i] == EOF
    return a


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0 : index", A.IntegerAttr(0, IDX)),
        ("-3", A.IntegerAttr(-3)),
        ("2.5 : f32", A.FloatAttr(2.5, F32)),
        ("true", A.BoolAttr(True)),
        ("unit", A.UnitAttr()),
        ('"s"', A.StringAttr("s")),
        ("cached", A.KeywordAttr("cached")),
        ("[1, 0]", A.ArrayAttr((A.IntegerAttr(1), A.IntegerAttr(0)))),
        ("array<i64: 1, 0>", A.DenseArrayAttr(I64, (1, 0))),
        ("array<i32>", A.DenseArrayAttr(T.IntegerType(32), ())),
        ("dense<0.0> : vector<8x16xf32>", A.DenseElementsAttr(T.VectorType((8, 16), F32), (0.0,), True)),
        (
            "dense<[[1, 2], [3, 4]]> : vector<2x2xi32>",
            A.DenseElementsAttr(T.VectorType((2, 2), T.IntegerType(32)), (1, 2, 3, 4), False),
        ),
        (
            'dense<"0x0000803F00000040"> : vector<2xf32>',
            A.DenseElementsAttr(T.VectorType((2,), F32), (1.0, 2.0), False),
        ),
        (
            'dense<"0xFFFF"> : vector<4xi16>',
            A.DenseElementsAttr(T.VectorType((4,), T.IntegerType(16)), (-1,), True),
        ),
        (
            "dense<[true, false]> : vector<2xi1>",
            A.DenseElementsAttr(T.VectorType((2,), T.IntegerType(1)), (True, False), False),
        ),
        ("affine_map<(d0) -> (d0 floordiv 2)>", A.OpaqueAttr("affine_map<(d0) -> (d0 floordiv 2)>")),
        ("{a, b = 3 : i64}", A.DictAttr((("a", A.UnitAttr()), ("b", A.IntegerAttr(3, I64))))),
        ("@m::@k", A.SymbolRefAttr("m", ("k",))),
        (
            "#xegpu.cache_hint<cached>",
            A.DialectAttr("xegpu", "cache_hint", (A.KeywordAttr("cached"),), (), "cached"),
        ),
        ("#gpu<dim x>", A.DialectAttr("gpu", "dim", (A.KeywordAttr("x"),), (), "x")),
        ("f32", A.TypeAttr(F32)),
        ("(i32) -> ()", A.TypeAttr(T.FunctionType((T.IntegerType(32),), ()))),
        ("0x7FC00000 : f32", A.FloatAttr(float("nan"), F32)),
        # Hex elements of a float literal are bit patterns (mlir-opt prints -inf as 0xFF800000).
        (
            "dense<0xFF800000> : vector<8xf32>",
            A.DenseElementsAttr(T.VectorType((8,), F32), (float("-inf"),), True),
        ),
        (
            "dense<[0x3C00, 1.5, 0xC000]> : vector<3xf16>",
            A.DenseElementsAttr(T.VectorType((3,), T.FloatType("f16")), (1.0, 1.5, -2.0), False),
        ),
        ("0x3FC0 : bf16", A.FloatAttr(1.5, T.FloatType("bf16"))),
        (
            'dense<"0x803FC0BF"> : vector<2xbf16>',
            A.DenseElementsAttr(T.VectorType((2,), T.FloatType("bf16")), (1.0, -1.5), False),
        ),
    ],
)
def test_attributes(text, expected):
    got = attr(text)
    if isinstance(expected, A.FloatAttr) and expected.value != expected.value:  # NaN
        assert isinstance(got, A.FloatAttr) and got.value != got.value and got.type == F32
    else:
        assert got == expected


def test_nested_dialect_attributes_keep_raw_text():
    a = attr(
        "#spirv.target_env<#spirv.vce<v1.4, [Addresses, Float16Buffer], [SPV_INTEL_vector_compute]>, "
        "api=OpenCL, #spirv.resource_limits<>>"
    )
    assert isinstance(a, A.DialectAttr) and a.name == "target_env" and a.get("api") == A.KeywordAttr("OpenCL")
    vce = a.positional[0]
    assert (
        isinstance(vce, A.DialectAttr)
        and vce.raw == "v1.4, [Addresses, Float16Buffer], [SPV_INTEL_vector_compute]"
    )
    assert vce.positional[1] == A.ArrayAttr((A.KeywordAttr("Addresses"), A.KeywordAttr("Float16Buffer")))


def test_dense_count_mismatch():
    with pytest.raises(DiagnosticError) as e:
        attr("dense<[1, 2, 3]> : vector<2xi32>")
    assert str(e.value) == "<input>:1:1: error: dense literal has 3 elements but 'vector<2xi32>' has 2"


# -- module structure ------------------------------------------------------------------------
def test_module_gpu_module_and_kernel_attributes():
    text = """module attributes {gpu.container_module} {
  gpu.module @m [#xevm.target<O = 3, chip = "pvc">] attributes {spirv.target_env = #spirv.target_env<
      #spirv.vce<v1.4, [Addresses, Kernel], [SPV_INTEL_vector_compute]>,
      api=OpenCL, #spirv.resource_limits<>>} {
    gpu.func @k(%a: memref<8x16xf16> {llvm.noalias}, %n: index) kernel
        attributes {VectorComputeFunctionINTEL, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      gpu.return
    }
    func.func @helper(%x: i32) -> i32 {
      return %x : i32
    }
  }
}"""
    mod = parse_mlir(text, "t.mlir")
    (top,) = mod.operations
    assert top.name == "builtin.module" and top.attributes == {"gpu.container_module": A.UnitAttr()}
    gm = top.regions[0].blocks[0].operations[0]
    assert gm.name == "gpu.module" and gm.attributes["sym_name"] == A.StringAttr("m")
    target = gm.attributes["targets"].elements[0]
    assert target.name == "target" and target.get("chip") == A.StringAttr("pvc")
    assert gm.attributes["spirv.target_env"].name == "target_env"
    k, helper = gm.regions[0].blocks[0].operations
    assert k.name == "gpu.func" and k.loc.line == 5 and k.loc.col == 5
    assert (
        k.attributes["gpu.kernel"] == A.UnitAttr()
        and k.attributes["VectorComputeFunctionINTEL"] == A.UnitAttr()
    )
    assert k.attributes["function_type"] == A.TypeAttr(T.FunctionType((T.MemRefType((8, 16), F16), IDX), ()))
    noalias = A.DictAttr((("llvm.noalias", A.UnitAttr()),))
    assert k.attributes["arg_attrs"] == A.ArrayAttr((noalias, A.DictAttr(())))
    assert [a.name for a in k.regions[0].blocks[0].arguments] == ["%a", "%n"]
    assert helper.name == "func.func" and "gpu.kernel" not in helper.attributes
    ret = helper.regions[0].blocks[0].operations[0]
    assert ret.name == "func.return" and ret.operands == helper.regions[0].blocks[0].arguments


def test_result_groups_and_uses():
    ops = body_ops(
        device(
            '%p:2 = "test.two"() : () -> (index, i32)',
            "%q = arith.addi %p#0, %p : index",
            '%a, %b:2 = "test.three"() : () -> (f32, f16, f16)',
        )
    )
    two, add, three, _ = ops
    assert [r.name for r in two.results] == ["%p#0", "%p#1"]
    assert add.operands == [two.results[0], two.results[0]]
    assert [r.name for r in three.results] == ["%a", "%b#0", "%b#1"]


def test_blocks_and_successors_in_generic_form():
    ops = body_ops(
        device(
            '"test.region"() ({',
            "^bb0(%a: i32):",
            '  "cf.br"(%a)[^bb1] : (i32) -> ()',
            "^bb1(%b: i32 loc(unknown)):",
            '  "test.use"(%b, %a) : (i32, i32) -> ()',
            "}) : () -> ()",
        )
    )
    region = ops[0].regions[0]
    bb0, bb1 = region.blocks
    assert (bb0.label, bb1.label) == ("^bb0", "^bb1")
    assert bb0.operations[0].successors == [bb1]
    assert bb1.operations[0].operands == [bb1.arguments[0], bb0.arguments[0]]


def test_properties_and_attributes_merge_and_loc_is_dropped():
    (op,) = body_ops(device('"test.op"() <{p = 1 : i32}> {a = "x"} : () -> () loc("f.mlir":1:2)'))[:1]
    assert op.attributes == {"p": A.IntegerAttr(1, T.IntegerType(32)), "a": A.StringAttr("x")}


def test_aliases_expand():
    text = """#cached = #xegpu.cache_hint<cached>
#blk = #xegpu.block_tdesc_attr<array_length = 2>
!td = !xegpu.tensor_desc<8x16xf16, #blk>
gpu.module @m {
  gpu.func @k(%t: !td) kernel {
    %v = xegpu.load_nd %t <{l1_hint = #cached}> : !td -> vector<2x8x16xf16>
    gpu.return
  }
}"""
    (load, _) = body_ops(text)
    blk = A.DialectAttr(
        "xegpu", "block_tdesc_attr", (), (("array_length", A.IntegerAttr(2)),), "array_length = 2"
    )
    assert load.operands[0].type == T.TensorDescType((8, 16), F16, (blk,))
    assert load.attributes["l1_hint"] == A.DialectAttr(
        "xegpu", "cache_hint", (A.KeywordAttr("cached"),), (), "cached"
    )


def test_alias_errors():
    assert parse_error("#a = 1\n#a = 2\n") == "t.mlir:2:1: error: redefinition of attribute alias '#a'"
    assert (
        parse_error(device("%v = xegpu.load_nd %t : !nope -> vector<8xf32>", args="%t: index"))
        == "t.mlir:3:29: error: undefined type alias '!nope'"
    )


def test_scf_for_if_and_implicit_yield():
    ops = body_ops(
        device(
            "%c0 = arith.constant 0 : index",
            "%c1 = arith.constant 1 : i32",
            "%z = arith.constant 0.0 : f32",
            "%r:2 = scf.for %i = %c0 to %c0 step %c0 iter_args(%a = %z, %b = %z) -> (f32, f32) {",
            "  scf.yield %b, %a : f32, f32",
            "}",
            "scf.for %j = %c1 to %c1 step %c1 : i32 {",
            "}",
            "%cond = arith.cmpi slt, %c0, %c0 : index",
            "%s = scf.if %cond -> (f32) {",
            "  scf.yield %z : f32",
            "} else {",
            "  scf.yield %z : f32",
            "}",
            "scf.if %cond {",
            "}",
        )
    )
    loop, typed, cmp, sel, noelse = ops[3:8]
    assert loop.operands[3:] == [ops[2].results[0]] * 2 and [r.type for r in loop.results] == [F32, F32]
    assert [a.name for a in loop.regions[0].blocks[0].arguments] == ["%i", "%a", "%b"]
    assert typed.regions[0].blocks[0].arguments[0].type == T.IntegerType(32)
    assert [o.name for o in typed.regions[0].blocks[0].operations] == ["scf.yield"]
    assert cmp.attributes["predicate"] == A.IntegerAttr(2, I64) and cmp.results[0].type == T.IntegerType(1)
    assert len(sel.regions) == 2 and sel.results[0].type == F32
    assert noelse.regions[1].blocks == [] and noelse.regions[0].blocks[0].operations[0].name == "scf.yield"


def test_gpu_and_arith_custom_forms():
    ops = body_ops(
        device(
            "%x = gpu.block_id x",
            "%y = gpu.thread_id  y",
            "%g = gpu.global_id z",
            "%d = gpu.block_dim x",
            "%n = gpu.grid_dim y",
            "%s = gpu.subgroup_id : index",
            "%l = gpu.lane_id",
            "gpu.barrier",
            "%a = arith.addi %x, %y overflow<nsw> : index",
            "%f = arith.constant 1.0 : f32",
            "%m = arith.mulf %f, %f fastmath<fast> : f32",
            "%c = arith.index_cast %a : index to i32",
            "%e = arith.extf %f : f32 to f64",
            "%t = arith.constant true",
            "%sel = arith.select %t, %f, %f : f32",
            "%v = arith.constant dense<1.0> : vector<4xf32>",
            "%w = arith.maximumf %v, %v : vector<4xf32>",
            "%q = arith.divsi %a, %a : index",
        )
    )
    assert ops[0].attributes == {"dimension": A.DialectAttr("gpu", "dim", (A.KeywordAttr("x"),), (), "x")}
    assert [o.name for o in ops[:8]] == [
        "gpu.block_id",
        "gpu.thread_id",
        "gpu.global_id",
        "gpu.block_dim",
        "gpu.grid_dim",
        "gpu.subgroup_id",
        "gpu.lane_id",
        "gpu.barrier",
    ]
    assert all(r.type == IDX for o in ops[:7] for r in o.results)
    assert ops[8].attributes == {
        "overflowFlags": A.DialectAttr("arith", "overflow", (A.KeywordAttr("nsw"),), (), "nsw")
    }
    assert ops[10].attributes["fastmath"].positional == (A.KeywordAttr("fast"),)
    assert ops[11].results[0].type == T.IntegerType(32) and ops[12].results[0].type == T.FloatType("f64")
    assert ops[13].attributes["value"] == A.BoolAttr(True) and ops[13].results[0].type == T.IntegerType(1)
    assert ops[14].operands == [ops[13].results[0], ops[9].results[0], ops[9].results[0]]
    assert ops[17].attributes == {}


# -- custom form == generic form -------------------------------------------------------------
XE_ARGS = (
    "%src: memref<24x32xf32>, %p: ui64, %x: index, %y: index, %t: !xegpu.tensor_desc<8x16xf32>, "
    "%h: !xegpu.tensor_desc<16x16xf16>, %v: vector<8x16xf32>, %a: vector<8x16xf16>, %b: vector<8x16x2xf16>"
)
TD = "!xegpu.tensor_desc<8x16xf32>"
EQUIVALENT = [
    (
        f"%r = xegpu.create_nd_tdesc %src[%x, 0] : memref<24x32xf32> -> {TD}",
        f'%r = "xegpu.create_nd_tdesc"(%src, %x) <{{const_offsets = array<i64: {DYN}, 0>, '
        f"operandSegmentSizes = array<i32: 1, 1, 0, 0>}}> : (memref<24x32xf32>, index) -> {TD}",
    ),
    (
        f"%r = xegpu.create_nd_tdesc %p[%x, %y], [%y, 32], [32, 1] : ui64 -> {TD}",
        f'%r = "xegpu.create_nd_tdesc"(%p, %x, %y, %y) <{{const_offsets = array<i64: {DYN}, {DYN}>, '
        f"const_shape = array<i64: {DYN}, 32>, const_strides = array<i64: 32, 1>, "
        f"operandSegmentSizes = array<i32: 1, 2, 1, 0>}}> : (ui64, index, index, index) -> {TD}",
    ),
    (
        f"%r = xegpu.create_nd_tdesc %p[%x, %y], shape : [%y, 32], strides : [32, 1] : ui64 -> {TD}",
        f'%r = "xegpu.create_nd_tdesc"(%p, %x, %y, %y) <{{const_offsets = array<i64: {DYN}, {DYN}>, '
        f"const_shape = array<i64: {DYN}, 32>, const_strides = array<i64: 32, 1>, "
        f"operandSegmentSizes = array<i32: 1, 2, 1, 0>}}> : (ui64, index, index, index) -> {TD}",
    ),
    (
        f"%r = xegpu.create_nd_tdesc %p, shape: [24, 32], strides: [32, 1] : ui64 -> {TD}",
        '%r = "xegpu.create_nd_tdesc"(%p) '
        f"<{{const_shape = array<i64: 24, 32>, const_strides = array<i64: 32, 1>, "
        f"operandSegmentSizes = array<i32: 1, 0, 0, 0>}}> : (ui64) -> {TD}",
    ),
    (
        f"%r = xegpu.create_nd_tdesc %src : memref<24x32xf32> -> {TD}",
        f'%r = "xegpu.create_nd_tdesc"(%src) <{{operandSegmentSizes = array<i32: 1, 0, 0, 0>}}> '
        f": (memref<24x32xf32>) -> {TD}",
    ),
    (
        f"%r = XeGPU.create_nd_tdesc %p, %x, %y, %y, %y, %x, %x {{mode = vc}} : ui64, index, index, index, "
        "index, "
        f"index, index into {TD}",
        '%r = "xegpu.create_nd_tdesc"(%p, %x, %y, %y, %y, %x, %x) '
        f"<{{const_offsets = array<i64: {DYN}, {DYN}>, "
        f"const_shape = array<i64: {DYN}, {DYN}>, const_strides = array<i64: {DYN}, {DYN}>, "
        f"operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> {{mode = vc}} : "
        f"(ui64, index, index, index, index, index, index) -> {TD}",
    ),
    (
        f"%r = xegpu.update_nd_offset %t, [%x, 16] : {TD}",
        f'%r = "xegpu.update_nd_offset"(%t, %x) <{{const_offsets = array<i64: {DYN}, 16>}}> : ({TD}, index) '
        "-> "
        f"{TD}",
    ),
    (
        f"%r = XeGPU.update_nd_offset %t, %x, %y {{mode = vc}} : {TD}, index, index into {TD}",
        f'%r = "xegpu.update_nd_offset"(%t, %x, %y) <{{const_offsets = array<i64: {DYN}, {DYN}>}}> '
        f"{{mode = vc}} "
        f": ({TD}, index, index) -> {TD}",
    ),
    (
        "%r = xegpu.load_nd %h <{packed, l1_hint = #xegpu.cache_hint<cached>}> : "
        "!xegpu.tensor_desc<16x16xf16> "
        "-> vector<8x16x2xf16>",
        '%r = "xegpu.load_nd"(%h) <{l1_hint = #xegpu.cache_hint<cached>, packed}> : '
        "(!xegpu.tensor_desc<16x16xf16>) "
        "-> vector<8x16x2xf16>",
    ),
    (
        f"%r = xegpu.load_nd %t[%x, 8] {{layout = 1}} : {TD} -> vector<8x16xf32>",
        f'%r = "xegpu.load_nd"(%t, %x) <{{const_offsets = array<i64: {DYN}, 8>}}> {{layout = 1}} : ({TD}, '
        "index) "
        "-> vector<8x16xf32>",
    ),
    (
        f"%r = XeGPU.load_nd %t {{mode = vc, transpose = [1, 0], L1_hint = cached}} : {TD} into "
        "vector<16x8xf32>",
        f'%r = "xegpu.load_nd"(%t) {{mode = vc, transpose = [1, 0], L1_hint = cached}} : ({TD}) -> '
        "vector<16x8xf32>",
    ),
    (
        f"xegpu.store_nd %v, %t <{{l1_hint = #xegpu.cache_hint<write_back>}}> : vector<8x16xf32>, {TD}",
        f'"xegpu.store_nd"(%v, %t) <{{l1_hint = #xegpu.cache_hint<write_back>}}> : (vector<8x16xf32>, {TD}) '
        "-> "
        "()",
    ),
    (
        f"xegpu.store_nd %v, %t[0, %y] : vector<8x16xf32>, {TD}",
        f'"xegpu.store_nd"(%v, %t, %y) <{{const_offsets = array<i64: 0, {DYN}>}}> : (vector<8x16xf32>, {TD}, '
        "index) "
        "-> ()",
    ),
    (
        f"xegpu.prefetch_nd %t {{l1_hint = cached, l3_hint = cached}} : {TD}",
        f'"xegpu.prefetch_nd"(%t) {{l1_hint = cached, l3_hint = cached}} : ({TD}) -> ()',
    ),
    (
        "%r = xegpu.dpas %a, %b : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>",
        '%r = "xegpu.dpas"(%a, %b) : (vector<8x16xf16>, vector<8x16x2xf16>) -> vector<8x16xf32>',
    ),
    (
        "%r = xegpu.dpas %a, %b, %v : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> "
        "vector<8x16xf32>",
        '%r = "xegpu.dpas"(%a, %b, %v) : (vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32>) -> '
        "vector<8x16xf32>",
    ),
    (
        "%r = XeGPU.dpas %v, %a, %b : vector<8x16xf32>, vector<8x16xf16>, vector<8x16x2xf16> into "
        "vector<8x16xf32>",
        '%r = "xegpu.dpas"(%a, %b, %v) : (vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32>) -> '
        "vector<8x16xf32>",
    ),
    ("%r = gpu.block_id y", '%r = "gpu.block_id"() <{dimension = #gpu<dim y>}> : () -> index'),
    (
        "%r = arith.addi %x, %y : index",
        '%r = "arith.addi"(%x, %y) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index',
    ),
    (
        "%r = arith.constant dense<0.0> : vector<8x16xf32>",
        '%r = "arith.constant"() <{value = dense<0.0> : vector<8x16xf32>}> : () -> vector<8x16xf32>',
    ),
    ("%r = arith.index_cast %x : index to i32", '%r = "arith.index_cast"(%x) : (index) -> i32'),
    (
        "scf.for %i = %x to %y step %x {\n}",
        '"scf.for"(%x, %y, %x) ({\n^bb0(%i: index):\n  "scf.yield"() : () -> ()\n}) : (index, index, index) '
        "-> ()",
    ),
]


@pytest.mark.parametrize(("custom", "generic"), EQUIVALENT, ids=[c.split("(")[0][:48] for c, _ in EQUIVALENT])
def test_custom_equals_generic(custom, generic):
    (a,) = body_ops(device(custom, args=XE_ARGS))[:1]
    (b,) = body_ops(device(generic, args=XE_ARGS))[:1]
    assert canon(a) == canon(b)
    assert a.loc.line == 3


def test_rfc_forms_file():
    text = (INPUTS / "rfc_forms.mlir").read_text()
    ops = body_ops(text)
    names = [o.name for o in ops]
    assert names == [
        "arith.constant",
        "arith.constant",
        "test.offsets",
        "xegpu.create_nd_tdesc",
        "xegpu.create_nd_tdesc",
        "xegpu.load_nd",
        "xegpu.load_nd",
        "xegpu.dpas",
        "xegpu.update_nd_offset",
        "xegpu.prefetch_nd",
        "gpu.return",
    ]
    offs, t1, t2 = ops[2], ops[3], ops[4]
    assert t1.operands[1:3] == offs.results  # `%off:2` stands for %off#0, %off#1
    assert t1.attributes["operandSegmentSizes"] == A.DenseArrayAttr(T.IntegerType(32), (1, 2, 2, 2))
    assert t1.results[0].type == T.TensorDescType(
        (8, 16),
        BF16,
        (A.DictAttr((("memory_scope", A.KeywordAttr("global")), ("array_length", A.IntegerAttr(1)))),),
    )
    (param,) = t2.results[0].type.params  # `#a = !xegpu.tdesc_attr<...>` is an attribute alias
    assert param.name == "tdesc_attr" and param.get("boundary_check") == A.BoolAttr(True)
    assert t2.attributes["operandSegmentSizes"] == A.DenseArrayAttr(T.IntegerType(32), (1, 2, 0, 0))
    assert ops[6].attributes == {"mode": A.KeywordAttr("vc"), "vnni_axis": A.IntegerAttr(0)}


# -- host code -------------------------------------------------------------------------------
def test_host_code_is_skipped_structurally():
    mod = parse_mlir((INPUTS / "host_code.mlir").read_text(), "host.mlir")
    (top,) = mod.operations
    names = [o.name for o in top.regions[0].blocks[0].operations]
    assert names == ["func.func", "gpu.module", "func.func", "func.func"]
    test_fn, gm, main, decl = top.regions[0].blocks[0].operations
    assert [o.name for o in test_fn.regions[0].blocks[0].operations] == [
        "arith.constant",
        "test.pair",
        "arith.addi",
        "func.return",
    ]
    # memref.cast has a custom form (device code casts views), so the host's is parsed, not skipped
    assert [o.name for o in main.regions[0].blocks[0].operations] == [
        "func.call", "memref.cast", "func.call", "func.return"]
    assert decl.regions == [] and decl.attributes["sym_visibility"] == A.StringAttr("private")
    kernel_ops = gm.regions[0].blocks[0].operations[0].regions[0].blocks[0].operations
    assert [o.name for o in kernel_ops] == [
        "xegpu.create_nd_tdesc",
        "xegpu.load_nd",
        "xegpu.store_nd",
        "gpu.return",
    ]
    assert kernel_ops[0].results[0].type == T.TensorDescType((8, 16), F16)


def test_unknown_custom_op_in_gpu_module_is_an_error():
    text = device(
        "%c = arith.constant dense<0.0> : vector<16xf32>",
        "%e = vector.compress %c[0] : f32 from vector<16xf32>",
    )
    assert parse_error(text) == "t.mlir:4:10: error: unsupported op 'vector.compress'"


def test_unknown_generic_op_in_gpu_module_parses():
    (op, ret) = body_ops(device('%e = "vector.extract"() : () -> f32'))
    assert op.name == "vector.extract" and ret.name == "gpu.return"


def test_broken_host_op_is_skipped_but_truncation_is_not():
    text = "func.func @main() {\n  %0 = arith.constant : index\n  return\n}\ngpu.module @m {\n}\n"
    mod = parse_mlir(text, "t.mlir")
    main, gm = mod.operations
    assert [o.name for o in main.regions[0].blocks[0].operations] == [
        "func.return"
    ]  # the broken op is dropped
    assert gm.name == "gpu.module"
    assert (
        parse_error("func.func @main() {\n  %0 = memref.alloc() : memref<8xf32>\n")
        == "t.mlir:3:1: error: unexpected end of file: missing '}' for the region opened at 1:19"
    )
    assert (
        parse_error("func.func @main() {\n  gpu.launch_func @m::@k args(%a : memref<8xf32>\n")
        == "t.mlir:2:30: error: unbalanced '(': end of file before it is closed"
    )


# -- error locations -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "message"),
    [
        (("%r = arith.addi %x, %nope : index",), "t.mlir:3:25: error: use of undefined value '%nope'"),
        (("%x = arith.constant 1 : index",), "t.mlir:3:5: error: redefinition of SSA value '%x'"),
        (
            ("%a, %b = arith.constant 1 : index",),
            "t.mlir:3:5: error: operation 'arith.constant' defines 1 results but was provided 2 to bind",
        ),
        (
            ("%r = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> vector<8x16xf32>",),
            "t.mlir:3:58: error: expected '->' or 'into', got 'vector'",
        ),
        (
            ("%r = xegpu.create_nd_tdesc %s[%x, : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>",),
            "t.mlir:3:39: error: expected SSA value or integer, got ':'",
        ),
        (
            ("%r = xegpu.dpas %x : index -> index",),
            "t.mlir:3:21: error: xegpu.dpas takes 2 or 3 operands, got 1",
        ),
        (("%r = arith.constant 1",), "t.mlir:3:25: error: arith.constant: expected ': type' after the value"),
        (
            ('"test.op"(%x) : (index, index) -> ()',),
            "t.mlir:3:21: error: 'test.op' has 1 operands but its type lists 2",
        ),
        (("%r = gpu.block_id w",), "t.mlir:3:23: error: gpu.block_id: expected dimension x, y or z, got 'w'"),
        (
            ("%r = scf.for %i = %x to %x step %x iter_args(%a = %x) -> (index, index) {", "}"),
            "t.mlir:3:62: error: scf.for has 1 iter_args but 2 result types",
        ),
        (
            ("%r = arith.cmpi bogus, %x, %x : index",),
            "t.mlir:3:21: error: arith.cmpi: unknown predicate 'bogus'",
        ),
    ],
)
def test_error_locations(body, message):
    args = "%x: index, %t: !xegpu.tensor_desc<8x16xf32>, %s: memref<8x16xf32>"
    assert parse_error(device(*body, args=args)) == message


@pytest.mark.parametrize(
    ("body", "col"),
    [
        ("%r = xegpu.load_nd %t : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>", 29),
        ("%r = arith.addi %x, %i : index", 30),
        ('"test.use"(%x, %t) : (index, i32) -> ()', 34),
        ("%r = xegpu.dpas %v, %v : vector<8x16xf32>, vector<16x16xf16> -> vector<8x16xf32>", 48),
    ],
)
def test_written_operand_types_must_match_definitions(body, col):
    args = "%x: index, %i: i32, %t: !xegpu.tensor_desc<8x16xf32>, %v: vector<8x16xf32>"
    msg = parse_error(device(body, args=args))
    assert (
        msg.startswith(f"t.mlir:3:{col}: error: use of value '%")
        and "expects different type than prior uses" in msg
    )


def test_tensor_desc_spelling_differences_are_the_same_type():
    td = "!xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2 : i64>>"
    body_ops(
        device(
            "%r = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>"
            " -> vector<2x8x16xf16>",
            args=f"%t: {td}",
        )
    )


def test_error_at_end_of_file_for_truncated_input():
    assert (
        parse_error("gpu.module @m {\n  gpu.func @k() kernel {\n    %c = arith.constant 0 : ")
        == "t.mlir:3:29: error: expected type, got end of file"
    )


def test_malformed_inputs_only_raise_located_errors():
    """Truncations, deletions and splices of real inputs: a DiagnosticError with a real location or
    success, never another exception (deterministic sample of the space)."""
    rng = random.Random(1234)
    texts = [p.read_text() for p in sorted(SAMPLES.glob("*.mlir"))] + [
        p.read_text() for p in sorted(INPUTS.glob("*.mlir"))
    ]
    for _ in range(300):
        t = rng.choice(texts)
        i, j = sorted(rng.randrange(len(t)) for _ in range(2))
        mutated = rng.choice([t[:i], t[:i] + t[j:], t[:i] + t[i:j][:30] + t[i:], t[:i] + "<{[(" + t[i:]])
        try:
            parse_mlir(mutated, "f.mlir")
        except DiagnosticError as e:
            assert e.loc.filename == "f.mlir" and e.loc.line >= 1 and e.loc.col >= 1


def test_deep_nesting_is_an_error_not_a_crash():
    assert "nested too deeply" in parse_error("#a = " + "[" * 5000)


def test_locations_in_source_are_dropped_everywhere():
    text = """gpu.module @m {
  gpu.func @k(%a: index loc("a.py":1:1), %f: f32 loc(#loc1)) kernel {
    %c = arith.cmpf ogt, %f, %f : f32 loc("a.py":2:2)
    %s = arith.addi %a, %a : index loc(fused["a.py":3:3, "b.py":4:4])
    gpu.return loc(unknown)
  } loc("a.py":5:5)
} loc(#loc1)
#loc1 = loc("a.py":0:0)
"""
    cmp, add, ret = body_ops(text)
    assert cmp.attributes == {
        "predicate": A.IntegerAttr(2, I64),
        "fastmath": A.DialectAttr("arith", "fastmath", (A.KeywordAttr("none"),), (), "none"),
    }
    assert add.operands[0].name == "%a" and ret.name == "gpu.return"
