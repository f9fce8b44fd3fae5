"""One test per verify() rule: the message names the op, the rule and the values, and the
location is the op's (file:line:col of its name). Some rules are tested by lit files instead,
in the form a user can copy (tests/lit/diagnostics/: create_nd_offsets, create_nd_element_types,
load_nd_packed_transpose, update_nd_offset)."""

from __future__ import annotations

import pytest
from conftest import one_kernel

from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels

ARGS = (
    "%m: memref<64x64xf32>, %h: memref<64x64xf16>, %b: memref<64x64xbf16>, %q: memref<64x64xi8>, "
    "%p: ui64, %i: index"
)


def kernel(*body: str, args: str = ARGS) -> str:
    """A kernel whose body lines start on line 3; every line is indented by 4."""
    return one_kernel(*body, args=args)


def error_of(*body: str, args: str = ARGS) -> str:
    with pytest.raises(DiagnosticError) as e:
        read_kernels(kernel(*body, args=args), "k.mlir")
    return str(e.value)


def at(line: int, col: int, message: str) -> str:
    return f"k.mlir:{line}:{col}: error: {message}"


def ok(*body: str, args: str = ARGS) -> None:
    read_kernels(kernel(*body, args=args), "k.mlir")


TD = "!xegpu.tensor_desc"
F32_TILE = f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32>"
F16_TILE = f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {TD}<16x16xf16>"
C16 = "%c16 = arith.constant 16 : index"


# -- create_nd_tdesc -------------------------------------------------------------------------
def test_create_nd_integer_source_needs_shape_and_strides():
    msg = error_of(f"%t = xegpu.create_nd_tdesc %p[0, 0] : ui64 -> {TD}<8x16xf32>")
    assert msg == at(
        3, 10, "xegpu.create_nd_tdesc: an integer source ('ui64') needs shape and strides operands"
    )


def test_create_nd_integer_source_rank_is_the_shape_length():
    msg = error_of(C16, f"%t = xegpu.create_nd_tdesc %p[0], [%c16, %c16], [%c16, 1] : ui64 -> {TD}<8x16xf32>")
    assert msg == at(4, 10, "xegpu.create_nd_tdesc: expected 2 offsets (the source rank), got 1")


def test_create_nd_dynamic_memref_needs_shape_and_strides():
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %d[0, 0] : memref<?x64xf32> -> {TD}<8x16xf32>",
        args="%d: memref<?x64xf32>",
    )
    assert msg == at(
        3,
        10,
        "xegpu.create_nd_tdesc: source 'memref<?x64xf32>' has dynamic dimensions: "
        "pass shape and strides operands",
    )
    ok(
        C16,
        f"%t = xegpu.create_nd_tdesc %d[0, 0], [%c16, 64], [64, 1] : memref<?x64xf32> -> {TD}<8x16xf32>",
        args="%d: memref<?x64xf32>",
    )


def test_create_nd_tdesc_rank_is_1_or_2():
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %d[0, 0, 0] : memref<4x64x64xf32> -> {TD}<2x8x16xf32>",
        args="%d: memref<4x64x64xf32>",
    )
    assert msg == at(
        3, 10, f"xegpu.create_nd_tdesc: tensor_desc rank must be 1 or 2, got 3 ('{TD}<2x8x16xf32>')"
    )


def test_create_nd_tdesc_rank_not_above_source_rank():
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %d[0] : memref<64xf32> -> {TD}<8x16xf32>", args="%d: memref<64xf32>"
    )
    assert msg == at(3, 10, "xegpu.create_nd_tdesc: tensor_desc rank 2 exceeds the source rank 1")


def test_create_nd_innermost_stride_from_layout():
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %d[0, 0] : memref<64x64xf32, strided<[1, 64]>> -> {TD}<8x16xf32>",
        args="%d: memref<64x64xf32, strided<[1, 64]>>",
    )
    assert msg == at(3, 10, "xegpu.create_nd_tdesc: the innermost stride must be 1, got 64")


def test_create_nd_innermost_stride_from_constant_operand():
    msg = error_of(
        C16,
        "%c2 = arith.constant 2 : index",
        f"%t = xegpu.create_nd_tdesc %p[0, 0], [%c16, %c16], [%c16, %c2] : ui64 -> {TD}<8x16xf32>",
    )
    assert msg == at(5, 10, "xegpu.create_nd_tdesc: the innermost stride must be 1, got 2")
    ok(C16, f"%t = xegpu.create_nd_tdesc %p[0, 0], [%c16, %c16], [%c16, %i] : ui64 -> {TD}<8x16xf32>")


def test_create_nd_tdesc_dims_positive():
    msg = error_of(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<0x16xf32>")
    assert msg == at(3, 10, "xegpu.create_nd_tdesc: tensor_desc dimensions must be positive, got [0, 16]")


def test_create_nd_source_kind():
    msg = error_of(f"%t = xegpu.create_nd_tdesc %f[0, 0] : f32 -> {TD}<8x16xf32>", args="%f: f32")
    assert msg == at(
        3, 10, "xegpu.create_nd_tdesc: source must be a memref or an i64/ui64 address, got 'f32'"
    )


def test_create_nd_scattered_result():
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> "
        f"-> {TD}<16xf32, #xegpu.scatter_tdesc_attr<>>"
    )
    assert msg == at(
        3,
        10,
        f"xegpu.create_nd_tdesc: expects a non-scattered tensor_desc, got "
        f"'{TD}<16xf32, #xegpu.scatter_tdesc_attr>'",
    )


# -- update_nd_offset ------------------------------------------------------------------------
def test_update_nd_offset_result_type():
    msg = error_of(F32_TILE, f"%u = xegpu.update_nd_offset %t, [0, 16] : {TD}<8x16xf32> -> {TD}<8x8xf32>")
    assert msg == at(
        4,
        10,
        f"xegpu.update_nd_offset: result type '{TD}<8x8xf32>' must equal the tensor_desc "
        f"type '{TD}<8x16xf32>'",
    )


# -- load_nd ---------------------------------------------------------------------------------
def load(attrs: str, tdesc: str, result: str) -> str:
    return f"%v = xegpu.load_nd %t {attrs} : {TD}<{tdesc}> -> vector<{result}>"


def test_load_rfc_vnni_axis_0_with_transpose_is_the_same_rule():
    msg = error_of(F16_TILE, load("{vnni_axis = 0, transpose = [1, 0]}", "16x16xf16", "8x16x2xf16"))
    assert msg == at(4, 10, "xegpu.load_nd: 'packed' and 'transpose' cannot be combined")


def test_load_transpose_must_be_1_0():
    msg = error_of(F32_TILE, load("{transpose = [0, 1]}", "8x16xf32", "8x16xf32"))
    assert msg == at(4, 10, "xegpu.load_nd: transpose must be [1, 0], got [0, 1]")


def test_load_transpose_needs_2d():
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<16xf32>",
        load("{transpose = [1, 0]}", "16xf32", "16xf32"),
    )
    assert msg == at(4, 10, f"xegpu.load_nd: transpose needs a 2D tensor_desc, got '{TD}<16xf32>'")


def test_load_transpose_bit_width_needs_transpose():
    msg = error_of(F32_TILE, load("{transpose_bit_width = 32}", "8x16xf32", "8x16xf32"))
    assert msg == at(4, 10, "xegpu.load_nd: 'transpose_bit_width' is only allowed with 'transpose'")


def test_load_transpose_bit_width_32_or_64():
    msg = error_of(F16_TILE, load("{transpose = [1, 0], transpose_bit_width = 48}", "16x16xf16", "16x16xf16"))
    assert msg == at(4, 10, "xegpu.load_nd: transpose_bit_width must be 32 or 64, got 48")


def test_load_transpose_bit_width_not_below_element_width():
    f64 = f"%t = xegpu.create_nd_tdesc %d[0, 0] : memref<64x64xf64> -> {TD}<8x4xf64>"
    msg = error_of(
        f64,
        load("{transpose = [1, 0], transpose_bit_width = 32}", "8x4xf64", "4x8xf64"),
        args="%d: memref<64x64xf64>",
    )
    assert msg == at(
        4, 10, "xegpu.load_nd: transpose_bit_width 32 is narrower than the 64-bit element type f64"
    )


def test_load_transpose_bit_width_result_shape():
    tile = f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {TD}<32x16xf16>"
    ok(tile, load("{transpose = [1, 0], transpose_bit_width = 32}", "32x16xf16", "8x64xf16"))
    msg = error_of(tile, load("{transpose = [1, 0], transpose_bit_width = 32}", "32x16xf16", "16x32xf16"))
    assert msg == at(
        4,
        10,
        f"xegpu.load_nd: result shape [16, 32] does not match '{TD}<32x16xf16>' "
        "(transposed "
        "in 32-bit units of 2 elements): expected [8, 64] or [8, 32, 2]",
    )
    ok(tile, load("{transpose = [1, 0], transpose_bit_width = 32}", "32x16xf16", "8x32x2xf16"))  # IMEX's form


def test_load_result_element_type():
    msg = error_of(F32_TILE, load("", "8x16xf32", "8x16xf16"))
    assert msg == at(
        4, 10, "xegpu.load_nd: result element type f16 differs from the tensor_desc element type f32"
    )


def test_load_plain_shape():
    msg = error_of(F32_TILE, load("", "8x16xf32", "16x8xf32"))
    assert msg == at(
        4, 10, f"xegpu.load_nd: result shape [16, 8] does not match '{TD}<8x16xf32>': expected [8, 16]"
    )


def test_load_array_length_shape():
    arr = f"{TD}<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>"
    tile = f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {arr}"
    ok(tile, f"%v = xegpu.load_nd %t : {arr} -> vector<2x8x16xf16>")
    msg = error_of(tile, f"%v = xegpu.load_nd %t : {arr} -> vector<8x32xf16>")
    assert msg == at(
        4, 10, f"xegpu.load_nd: result shape [8, 32] does not match '{arr}': expected [2, 8, 16]"
    )


def test_load_1d_shape():
    tile = f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<16xf32>"
    ok(tile, load("", "16xf32", "16xf32"))
    msg = error_of(tile, load("", "16xf32", "1x16xf32"))
    assert msg == at(
        4, 10, f"xegpu.load_nd: result shape [1, 16] does not match '{TD}<16xf32>': expected [16]"
    )


def test_load_packed_needs_narrow_elements():
    msg = error_of(F32_TILE, load("<{packed}>", "8x16xf32", "8x16xf32"))
    assert msg == at(4, 10, "xegpu.load_nd: 'packed' (VNNI) needs an 8- or 16-bit element type, got f32")


def test_load_packed_rows_multiple_of_factor():
    tile = f"%t = xegpu.create_nd_tdesc %q[0, 0] : memref<64x64xi8> -> {TD}<6x16xi8>"
    msg = error_of(tile, load("<{packed}>", "6x16xi8", "2x16x4xi8"))
    assert msg == at(
        4,
        10,
        f"xegpu.load_nd: 'packed' needs the row count 6 of '{TD}<6x16xi8>' to be a "
        "multiple "
        "of the VNNI factor 4",
    )


def test_load_packed_shapes():
    ok(F16_TILE, load("<{packed}>", "16x16xf16", "8x16x2xf16"))
    ok(F16_TILE, load("<{packed}>", "16x16xf16", "8x32xf16"))
    arr = f"{TD}<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>"
    ok(
        f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {arr}",
        f"%v = xegpu.load_nd %t <{{packed}}> : {arr} -> vector<2x8x16x2xf16>",
    )
    msg = error_of(F16_TILE, load("<{packed}>", "16x16xf16", "16x8x2xf16"))
    assert msg == at(
        4,
        10,
        f"xegpu.load_nd: result shape [16, 8, 2] does not match '{TD}<16x16xf16>' "
        "(packed, "
        "VNNI factor 2): expected [8, 16, 2] or [8, 32]",
    )


def test_load_rfc_vnni_axis_1_is_a_reshape():
    tile = f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {TD}<8x16xf16>"
    ok(tile, load("{mode = vc, vnni_axis = 1}", "8x16xf16", "8x8x2xf16"))
    msg = error_of(tile, load("{vnni_axis = 1}", "8x16xf16", "4x16x2xf16"))
    assert msg == at(
        4,
        10,
        f"xegpu.load_nd: result shape [4, 16, 2] does not match '{TD}<8x16xf16>': "
        "expected [8, 16] or [8, 8, 2]",
    )


def test_load_transpose_shape_and_array_length():
    ok(F32_TILE, load("<{transpose = array<i64: 1, 0>}>", "8x16xf32", "16x8xf32"))
    msg = error_of(F32_TILE, load("<{transpose = array<i64: 1, 0>}>", "8x16xf32", "8x16xf32"))
    assert msg == at(
        4,
        10,
        f"xegpu.load_nd: result shape [8, 16] does not match '{TD}<8x16xf32>' (transposed): expected [16, 8]",
    )
    arr = f"{TD}<8x8xf32, #xegpu.block_tdesc_attr<array_length = 2>>"
    msg = error_of(
        f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {arr}",
        f"%v = xegpu.load_nd %t {{transpose = [1, 0]}} : {arr} -> vector<8x8xf32>",
    )
    assert msg == at(4, 10, "xegpu.load_nd: transpose does not support array_length 2")


def test_load_offsets_per_dim():
    msg = error_of(F32_TILE, f"%v = xegpu.load_nd %t[0] : {TD}<8x16xf32> -> vector<8x16xf32>")
    assert msg == at(
        4, 10, f"xegpu.load_nd: expected 2 offsets (one per dimension of '{TD}<8x16xf32>'), got 1"
    )


def test_load_non_scattered():
    sc = f"{TD}<16xf32, #xegpu.scatter_tdesc_attr<>>"
    msg = error_of(f"%v = xegpu.load_nd %s : {sc} -> vector<16xf32>", args=f"%s: {sc}")
    assert msg == at(
        3,
        10,
        f"xegpu.load_nd: expects a non-scattered tensor_desc, got '{TD}<16xf32, #xegpu.scatter_tdesc_attr>'",
    )


# -- store_nd / prefetch_nd ------------------------------------------------------------------
def test_store_element_type():
    msg = error_of(
        F32_TILE,
        "%z = arith.constant dense<0.0> : vector<8x16xf16>",
        f"xegpu.store_nd %z, %t : vector<8x16xf16>, {TD}<8x16xf32>",
    )
    assert msg == at(
        5, 5, "xegpu.store_nd: stored element type f16 differs from the tensor_desc element type f32"
    )


def test_store_shape():
    msg = error_of(
        F32_TILE,
        "%z = arith.constant dense<0.0> : vector<16x8xf32>",
        f"xegpu.store_nd %z, %t : vector<16x8xf32>, {TD}<8x16xf32>",
    )
    assert msg == at(
        5, 5, f"xegpu.store_nd: stored value shape [16, 8] does not match '{TD}<8x16xf32>': expected [8, 16]"
    )


def test_prefetch_non_scattered():
    sc = f"{TD}<16xf32, #xegpu.scatter_tdesc_attr<>>"
    msg = error_of(f"xegpu.prefetch_nd %s : {sc}", args=f"%s: {sc}")
    assert msg == at(
        3,
        5,
        f"xegpu.prefetch_nd: expects a non-scattered tensor_desc, got '{TD}<16xf32, "
        "#xegpu.scatter_tdesc_attr>'",
    )


# -- dpas ------------------------------------------------------------------------------------
def dpas(lhs: str, rhs: str, res: str, acc: str | None = None) -> tuple[str, ...]:
    def const(name: str, shape: str) -> str:
        zero = "0" if "i8" in shape or "i32" in shape else "0.0"
        return f"{name} = arith.constant dense<{zero}> : vector<{shape}>"

    lines = [const("%x", lhs), const("%y", rhs)]
    if acc is None:
        lines.append(f"%d = xegpu.dpas %x, %y : vector<{lhs}>, vector<{rhs}> -> vector<{res}>")
    else:
        lines.append(const("%z", acc))
        lines.append(
            f"%d = xegpu.dpas %x, %y, %z : vector<{lhs}>, vector<{rhs}>, vector<{acc}> -> vector<{res}>"
        )
    return tuple(lines)


def test_dpas_accepted_shapes():
    ok(*dpas("8x16xf16", "16x16xf16", "8x16xf32"))
    ok(*dpas("8x16xbf16", "8x16x2xbf16", "8x16xf32", acc="8x16xf32"))
    rfc = dpas("8x8x2xbf16", "8x16x2xbf16", "8x16xf32", acc="8x16xf32")
    ok(*rfc[:-1], rfc[-1].replace(" : vector<8x8x2", " {mode = vc} : vector<8x8x2"))  # RFC: VNNI lhs
    ok(*dpas("8x8xtf32", "8x16xtf32", "8x16xf32"))
    ok(*dpas("8x8xf32", "8x16xf32", "8x16xf32"))  # f32 operands mean tf32
    ok(*dpas("4x32xi8", "8x16x4xi8", "4x16xi32"))


def test_store_nd_with_array_length_is_refused_as_upstream_does():
    td = f"{TD}<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>"
    msg = error_of(f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {td}",
                   "%v = arith.constant dense<0.0> : vector<2x8x16xf16>",
                   f"xegpu.store_nd %v, %t : vector<2x8x16xf16>, {td}")
    assert msg == at(5, 5, f"xegpu.store_nd: array_length 2 is for loads and prefetches only; store each "
                           f"block with its own descriptor ('{td}')")


def test_dpas_3d_lhs_is_refused_as_upstream_does():
    msg = error_of(*dpas("8x8x2xbf16", "8x16x2xbf16", "8x16xf32"))
    assert msg == at(5, 10, "xegpu.dpas: lhs shape [8, 8, 2] is 3-D; upstream's dpas takes a 2-D lhs [M, K] "
                            "(a VNNI lhs is the RFC's vc-mode form, {mode = vc})")


@pytest.mark.parametrize("shapes,message", [
    # lhs rhs result [accumulator]: the error at the dpas (line 5, after an accumulator line 6)
    ("8x16xf16 16x16xbf16 8x16xf32", "lhs element type f16 and rhs element type bf16 differ"),
    ("8x4xf64 4x16xf64 8x16xf64", "element type f64 is not supported (f16, bf16, tf32, i8, ui8)"),
    ("8x8xf16 16x16xf16 8x16xf32", "lhs shape [8, 8] must be [M, 16] or [M, 8, 2] for f16"),
    ("8x8xtf32 16x16xtf32 8x16xf32", "rhs shape [16, 16] must be [8, N] for tf32"),
    ("8x16xf16 16x16xf16 8x16xbf16", "result element type must be f32 or f16 for f16 inputs, got bf16"),
    ("8x16xbf16 16x16xbf16 8x16xf16", "result element type must be f32 for bf16 inputs, got f16"),
    ("8x32xi8 32x16xi8 8x16xf32", "result element type must be i32 for i8 inputs, got f32"),
    ("8x16xf16 16x16xf16 8x8xf32", "result shape [8, 8] must be [M, N] = [8, 16]"),
    ("8x16xf16 16x16xf16 8x16xf32 8x16xf16",
     "accumulator type 'vector<8x16xf16>' must equal the result type 'vector<8x16xf32>'"),
])
def test_dpas_operand_and_result_types(shapes: str, message: str):
    lines = dpas(*shapes.split())
    # the dpas is the body's last line, after the kernel's two opening lines
    assert error_of(*lines) == at(2 + len(lines), 10, f"xegpu.dpas: {message}")


# -- scf.for ---------------------------------------------------------------------------------
LOOP_HEAD = ("%c0 = arith.constant 0 : index", C16, "%z = arith.constant 0.0 : f32")


def test_for_counts_agree():
    generic = (
        '%r = "scf.for"(%c0, %c16, %c16, %z) ({',
        "^bb0(%iv: index):",
        '  "scf.yield"() : () -> ()',
        "}) : (index, index, index, f32) -> f32",
    )
    msg = error_of(*LOOP_HEAD, *generic)
    assert msg == at(6, 10, "scf.for: 1 initial values, 0 iter_args and 1 results must be as many")


def test_for_iter_arg_types_equal():
    # The custom form cannot say this (its `-> (f16)` would contradict %z's type at parse
    # time); the generic form can.
    loop = (
        '%r = "scf.for"(%c0, %c16, %c16, %z) ({',
        "^bb0(%iv: index, %x: f16):",
        "  %y = arith.constant 1.0 : f16",
        '  "scf.yield"(%y) : (f16) -> ()',
        "}) : (index, index, index, f32) -> f16",
    )
    msg = error_of(*LOOP_HEAD, *loop)
    assert msg == at(
        6,
        10,
        "scf.for: iter_arg #0 '%x' has type 'f16', its initial value '%z' 'f32' and result #0 "
        "'f16': they must be equal",
    )


def test_for_yield_count():
    loop = ("%r = scf.for %iv = %c0 to %c16 step %c16 iter_args(%x = %z) -> (f32) {", "  scf.yield", "}")
    with pytest.raises(DiagnosticError) as e:
        read_kernels(kernel(*LOOP_HEAD, *loop), "k.mlir")
    assert str(e.value) == at(6, 10, "scf.for: scf.yield yields 0 values but the loop carries 1")
    assert e.value.notes[0][0].line == 7


def test_for_yield_types():
    loop = (
        "%r = scf.for %iv = %c0 to %c16 step %c16 iter_args(%x = %z) -> (f32) {",
        "  scf.yield %iv : index",
        "}",
    )
    msg = error_of(*LOOP_HEAD, *loop)
    assert msg == at(6, 10, "scf.for: scf.yield value #0 '%iv' has type 'index' but iter_arg '%x' has 'f32'")


def test_for_bound_types():
    loop = ("%c1 = arith.constant 1 : i32", "scf.for %iv = %c1 to %c16 step %c16 {", "}")
    msg = error_of(*LOOP_HEAD, *loop)
    assert msg == at(7, 5, "scf.for: lower bound '%c1' has type 'i32' but the induction variable has 'index'")


def test_for_body_is_verified():
    loop = ("scf.for %iv = %c0 to %c16 step %c16 {", f"  {F32_TILE.replace('[0, 0]', '[0]')}", "}")
    msg = error_of(*LOOP_HEAD, *loop)
    assert msg == at(7, 12, "xegpu.create_nd_tdesc: expected 2 offsets (the source rank), got 1")


# -- arith -----------------------------------------------------------------------------------
def test_binary_same_types():
    msg = error_of("%c1 = arith.constant 1 : i32", '%s = "arith.addi"(%i, %c1) : (index, i32) -> index')
    assert msg == at(
        4, 10, "arith.addi: operands and result must have the same type, got 'index', 'i32' -> 'index'"
    )


def test_binary_integer_op_on_floats():
    msg = error_of("%z = arith.constant 1.0 : f32", "%s = arith.addi %z, %z : f32")
    assert msg == at(4, 10, "arith.addi: expects integer or index operands, got 'f32'")


def test_binary_float_op_on_integers():
    msg = error_of("%s = arith.mulf %i, %i : index")
    assert msg == at(3, 10, "arith.mulf: expects float operands, got 'index'")
    ok("%v = arith.constant dense<1.0> : vector<4xf32>", "%s = arith.maximumf %v, %v : vector<4xf32>")
