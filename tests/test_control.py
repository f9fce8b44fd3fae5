"""Control flow: scf.if (with and without results, nested, inside scf.for), functions with
several blocks joined by cf.br / cf.cond_br, their verify rules, and the CFG they lower to."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import one_kernel

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.mlir.parser import parse_mlir
from genx_emit.ops.control import CondBranch, If, Return, Yield
from genx_emit.sim import run

TD = "!xegpu.tensor_desc<8x16xf32>"
V = "vector<8x16xf32>"
MEM = "memref<64x64xf32>"
ARGS = f"%src: {MEM}, %dst: {MEM}, %n: i32"


def kernel(*body: str, args: str = ARGS, ret: bool = True) -> str:
    return one_kernel(*body, args=args, ret=ret)


def lower(*body: str, args: str = ARGS, ret: bool = True, block2d_form: str = "scalar") -> str:
    """Scalar 2D messages by default: the descriptor fields stay separate values, so each one's
    phis can be read (the payload form also carries the header: test_descriptor_header_*)."""
    return lower_text(kernel(*body, args=args, ret=ret), "k.mlir", block2d_form=block2d_form)


def diag(*body: str, args: str = ARGS, ret: bool = True) -> str:
    with pytest.raises(DiagnosticError) as e:
        lower(*body, args=args, ret=ret)
    return f"{e.value.loc}: {e.value.message}"


def body_of(ll: str) -> str:
    m = re.search(r"^define .*?^}", ll, re.S | re.M)
    assert m, ll
    return m.group(0)


def labels(ll: str) -> list[str]:
    return re.findall(r"^([\w.]+):", body_of(ll), re.M)


def phis(ll: str) -> dict[str, str]:
    """name -> the incoming list of every phi."""
    return {m.group(1): m.group(2) for m in re.finditer(r"%([\w.]+) = phi\s+\S+(?: x \S+>)? (.*)$",
                                                        body_of(ll), re.M)}


# The memory effects that keep a kernel alive through the toolchain: load a tile, store one.
PRE = [
    "%c0 = arith.constant 0 : index",
    "%c8 = arith.constant 8 : index",
    "%z = arith.constant 0 : i32",
    "%one = arith.constant 1 : i32",
    f"%in = xegpu.create_nd_tdesc %src[%c0, %c0] : {MEM} -> {TD}",
    f"%out = xegpu.create_nd_tdesc %dst[%c0, %c0] : {MEM} -> {TD}",
    f"%tile = xegpu.load_nd %in : {TD} -> {V}",
    "%c = arith.cmpi sgt, %n, %z : i32",
]
STORE = f"xegpu.store_nd %r, %out : {V}, {TD}"

IF_RESULT = [
    *PRE,
    f"%r = scf.if %c -> ({V}) {{",
    f"  %d = arith.addf %tile, %tile : {V}",
    f"  scf.yield %d : {V}",
    "} else {",
    f"  scf.yield %tile : {V}",
    "}",
    STORE,
]

CF_LOOP = [
    *PRE,
    f"cf.cond_br %c, ^loop(%z, %tile : i32, {V}), ^done(%tile : {V})",
    f"^loop(%i: i32, %acc: {V}):",
    f"  %acc2 = arith.addf %acc, %tile : {V}",
    "  %i2 = arith.addi %i, %one : i32",
    "  %more = arith.cmpi slt, %i2, %n : i32",
    f"  cf.cond_br %more, ^loop(%i2, %acc2 : i32, {V}), ^done(%acc2 : {V})",
    f"^done(%r: {V}):",
    f"  {STORE}",
]

IF_IN_FOR = [
    "%c0 = arith.constant 0 : index",
    "%c1 = arith.constant 1 : index",
    "%c2 = arith.constant 2 : index",
    "%c4 = arith.constant 4 : index",
    "%c16 = arith.constant 16 : index",
    f"%in = xegpu.create_nd_tdesc %src[%c0, %c0] : {MEM} -> {TD}",
    f"%out = xegpu.create_nd_tdesc %dst[%c0, %c0] : {MEM} -> {TD}",
    f"%l:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%t = %in, %o = %out) -> ({TD}, {TD}) {{",
    f"  %v = xegpu.load_nd %t : {TD} -> {V}",
    "  %rem = arith.remui %k, %c2 : index",
    "  %even = arith.cmpi eq, %rem, %c0 : index",
    f"  %w = scf.if %even -> ({V}) {{",
    f"    %dbl = arith.addf %v, %v : {V}",
    f"    scf.yield %dbl : {V}",
    "  } else {",
    f"    scf.yield %v : {V}",
    "  }",
    "  scf.if %even {",
    f"    xegpu.store_nd %w, %o : {V}, {TD}",
    "  }",
    f"  %t2 = xegpu.update_nd_offset %t, [%c0, %c16] : {TD}",
    f"  %o2 = xegpu.update_nd_offset %o, [%c0, %c16] : {TD}",
    f"  scf.yield %t2, %o2 : {TD}, {TD}",
    "}",
]


# -- parsing: custom and generic forms -------------------------------------------------------
def _ops(text: str):
    src = parse_mlir(text, "k.mlir")
    func = src.operations[0].regions[0].blocks[0].operations[0]
    return func.regions[0].blocks


def _same_op(a, b) -> None:
    assert a.name == b.name
    assert [v.name for v in a.operands] == [v.name for v in b.operands]
    assert [s.label for s in a.successors] == [s.label for s in b.successors]
    assert {k: str(v) for k, v in a.attributes.items()} == {k: str(v) for k, v in b.attributes.items()}


@pytest.mark.parametrize("custom, generic", [
    ("cf.br ^bb1(%x : i32)", '"cf.br"(%x)[^bb1] : (i32) -> ()'),
    ("cf.cond_br %c, ^bb1(%x : i32), ^bb1(%n : i32)",
     '"cf.cond_br"(%c, %x, %n)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> '
     ': (i1, i32, i32) -> ()'),
    ("cf.cond_br %c weights([60, 40]), ^bb1(%x : i32), ^bb1(%n : i32)",
     '"cf.cond_br"(%c, %x, %n)[^bb1, ^bb1] <{branch_weights = array<i32: 60, 40>, '
     'operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()'),
])
def test_cf_custom_and_generic_forms_parse_the_same(custom, generic):
    pre = ["%x = arith.constant 3 : i32", "%c = arith.constant true"]
    tail = ["^bb1(%a: i32):"]
    a = _ops(kernel(*pre, custom, *tail))
    b = _ops(kernel(*pre, generic, *tail))
    _same_op(a[0].operations[-1], b[0].operations[-1])
    assert a[0].operations[-1].successors[0] is a[1]


def test_cond_br_without_arguments_and_empty_parentheses():
    blocks = _ops(kernel("%c = arith.constant true", "cf.cond_br %c, ^bb1, ^bb2()", "^bb1:", "  gpu.return",
                         "^bb2:"))
    op = blocks[0].operations[-1]
    assert [s.label for s in op.successors] == ["^bb1", "^bb2"]
    assert str(op.attributes["operandSegmentSizes"]) == "array<i32: 1, 0, 0>"


def test_scf_if_custom_and_generic_build_the_same_op():
    custom = [
        "%c = arith.constant true", "%x = arith.constant 1 : i32",
        "%r = scf.if %c -> (i32) {", "  scf.yield %x : i32", "} else {", "  scf.yield %n : i32", "}",
    ]
    generic = [
        "%c = arith.constant true", "%x = arith.constant 1 : i32",
        '%r = "scf.if"(%c) ({', '  "scf.yield"(%x) : (i32) -> ()', "}, {", '  "scf.yield"(%n) : (i32) -> ()',
        "}) : (i1) -> i32",
    ]
    for body in (custom, generic):
        f = read_kernels(kernel(*body), "k.mlir").funcs[0]
        op = f.body[2]
        assert isinstance(op, If) and op.cond.name == "%c" and op.result.name == "%r"
        assert isinstance(op.then_body[-1], Yield) and op.then_body[-1].values[0].name == "%x"
        assert op.else_body is not None and op.else_body[-1].values[0].name == "%n"


def test_scf_if_without_else_has_no_else_body():
    f = read_kernels(kernel("%c = arith.constant true", "scf.if %c {", "}"), "k.mlir").funcs[0]
    op = f.body[1]
    assert isinstance(op, If) and op.else_body is None and isinstance(op.then_body[-1], Yield)
    assert op.bodies() == [op.then_body]


def test_multi_block_function_model():
    f = read_kernels(kernel(*CF_LOOP, ret=True), "k.mlir").funcs[0]
    assert [b.label for b in f.blocks] == ["^loop", "^done"]
    loop, done = f.blocks
    assert [a.name for a in loop.args] == ["%i", "%acc"]
    first = f.body[-1]
    assert isinstance(first, CondBranch) and first.true_dest is loop and first.false_dest is done
    assert [v.name for v in first.true_args] == ["%z", "%tile"]
    assert isinstance(done.ops[-1], Return)
    assert f.all_blocks() == [f.body, loop.ops, done.ops]


def test_generic_cond_br_without_segment_sizes_splits_by_block_arguments():
    f = read_kernels(kernel(
        "%c = arith.constant true",
        '"cf.cond_br"(%c, %n)[^bb1, ^bb2] : (i1, i32) -> ()',
        "^bb1(%a: i32):", "  gpu.return", "^bb2:"), "k.mlir").funcs[0]
    op = f.body[-1]
    assert isinstance(op, CondBranch)
    assert [v.name for v in op.true_args] == ["%n"] and op.false_args == []


def test_a_branch_to_the_entry_block_is_an_error():
    text = kernel("^bb0:", "  %c = arith.constant true", "  cf.cond_br %c, ^bb0, ^bb1", "^bb1:", args="")
    with pytest.raises(DiagnosticError) as e:
        read_kernels(text, "k.mlir")
    assert str(e.value).startswith("k.mlir:5:7: error: cf.cond_br: cannot branch to the entry block ^bb0: an "
                                   "entry block has no predecessors")


# -- lowering: the CFG shape -----------------------------------------------------------------
def test_if_with_results_becomes_a_diamond_with_a_phi():
    ll = lower(*IF_RESULT)
    assert labels(ll) == ["entry", "if11.then", "if11.else", "if11.end"]
    assert "br i1 %c, label %if11.then, label %if11.else" in ll
    assert phis(ll) == {"r": "[%d, %if11.then], [%tile, %if11.else]"}
    assert ll.count("br label %if11.end") == 2


def test_if_without_else_branches_around_the_then_block():
    ll = lower(*PRE, "scf.if %c {", f"  xegpu.store_nd %tile, %out : {V}, {TD}", "}")
    assert labels(ll) == ["entry", "if11.then", "if11.end"]
    assert "br i1 %c, label %if11.then, label %if11.end" in ll
    assert not phis(ll)


# A descriptor moved down 8 rows in the then branch only, then stored.
MOVED_IN_ONE_BRANCH = (
    f"%o2 = scf.if %c -> ({TD}) {{",
    f"  %u = xegpu.update_nd_offset %out, [%c8, %c0] : {TD}",
    f"  scf.yield %u : {TD}",
    "} else {",
    f"  scf.yield %out : {TD}",
    "}",
    f"xegpu.store_nd %tile, %o2 : {V}, {TD}",
)


def test_descriptor_results_get_a_phi_per_changing_field():
    ll = lower(
        *PRE,
        *MOVED_IN_ONE_BRANCH,
    )
    # Only the row offset differs between the branches: base, sizes and x stay as they are.
    assert phis(ll) == {"o2.y": "[8, %if11.then], [0, %if11.else]"}
    assert re.search(r"store2d.*i32 0, i32 %o2\.y, <128 x float> %tile\)", ll)


def test_descriptor_header_gets_a_phi_where_the_position_differs():
    ll = lower(
        *PRE,
        *MOVED_IN_ONE_BRANCH,
        block2d_form="payload",
    )
    # the header moved in one branch (y rewritten in place) meets the unmoved one; the position
    # lives in the header only, so nothing else needs a phi
    assert phis(ll) == {"o2.payload": "[%u.hdr.y, %if11.then], [%out.hdr.dw, %if11.else]"}
    assert re.search(r"raw\.sends2\.noresult.*<8 x i32> %o2\.payload, <128 x float> %tile\)", ll)


def test_descriptor_results_with_different_surfaces_phi_the_base():
    ll = lower(
        *PRE,
        f"%o2 = scf.if %c -> ({TD}) {{",
        f"  scf.yield %in : {TD}",
        "} else {",
        f"  scf.yield %out : {TD}",
        "}",
        f"xegpu.store_nd %tile, %o2 : {V}, {TD}",
    )
    assert phis(ll) == {"o2.base": "[%src, %if11.then], [%dst, %if11.else]"}


def test_nested_ifs_and_scalar_results():
    ll = lower(
        *PRE,
        "%c2 = arith.cmpi slt, %n, %one : i32",
        "%s = scf.if %c -> (i32) {",
        "  %t = scf.if %c2 -> (i32) {",
        "    scf.yield %one : i32",
        "  } else {",
        "    %m = arith.muli %n, %n : i32",
        "    scf.yield %m : i32",
        "  }",
        "  scf.yield %t : i32",
        "} else {",
        "  scf.yield %z : i32",
        "}",
        "%sx = arith.index_cast %s : i32 to index",
        f"%o2 = xegpu.update_nd_offset %out, [%sx, %c0] : {TD}",
        f"xegpu.store_nd %tile, %o2 : {V}, {TD}",
    )
    assert labels(ll) == ["entry", "if12.then", "if13.then", "if13.else", "if13.end", "if12.else", "if12.end"]
    assert phis(ll) == {"t": "[1, %if13.then], [%m, %if13.else]", "s": "[%t, %if13.end], [0, %if12.else]"}


def test_if_inside_for_feeds_the_latch_from_the_join_block():
    ll = lower(*IF_IN_FOR)
    assert labels(ll) == ["entry", "k.header", "k.body", "k.exit", "if14.then", "if14.else", "if14.end",
                          "if20.then", "if20.end"]
    p = phis(ll)
    assert p["k.left"] == "[-4, %entry], [%k.next, %if20.end]"
    assert p["w"] == "[%dbl, %if14.then], [%v, %if14.else]"
    assert "br i1 %even, label %if20.then, label %if20.end" in ll


def test_cf_loop_with_back_edge():
    ll = lower(*CF_LOOP, ret=True)
    assert labels(ll) == ["entry", "loop", "done"]
    assert phis(ll) == {
        "i": "[0, %entry], [%i2, %loop]",
        "acc": "[%tile, %entry], [%acc2, %loop]",
        "r": "[%tile, %entry], [%acc2, %loop]",
    }
    assert "br i1 %c, label %loop, label %done" in ll
    assert "br i1 %more, label %loop, label %done" in ll


def test_blocks_are_lowered_after_their_dominators_and_keep_source_order():
    # ^body comes first in the text but is reached through ^head only: its argument phi is
    # shaped by ^head's branch, and its back edge to ^head fills ^head's phi last.
    ll = lower(
        *PRE,
        "cf.br ^head(%z : i32)",
        "^body(%j: i32):",
        "  %j2 = arith.addi %j, %one : i32",
        "  cf.br ^head(%j2 : i32)",
        "^head(%i: i32):",
        "  %more = arith.cmpi slt, %i, %n : i32",
        "  cf.cond_br %more, ^body(%i : i32), ^exit",
        "^exit:",
        f"  xegpu.store_nd %tile, %out : {V}, {TD}",
        ret=True,
    )
    assert labels(ll) == ["entry", "body", "head", "exit"]
    assert phis(ll) == {"j": "[%i, %head]", "i": "[0, %entry], [%j2, %body]"}


def test_return_in_a_block_that_is_not_last():
    ll = lower(
        *PRE,
        "cf.cond_br %c, ^early, ^late",
        "^early:",
        "  gpu.return",
        "^late:",
        f"  xegpu.store_nd %tile, %out : {V}, {TD}",
        ret=True,
    )
    body = body_of(ll)
    assert labels(ll) == ["entry", "early", "late"]
    assert re.search(r"early:\n  ret void\nlate:\n", body)
    assert body.count("ret void") == 2


def test_cond_br_to_one_block_with_two_argument_lists_selects():
    ll = lower(
        *PRE,
        "%e = arith.constant 5 : i32",
        "cf.cond_br %c, ^j(%e, %one : i32, i32), ^j(%n, %one : i32, i32)",
        "^j(%a: i32, %b: i32):",
        "  %s = arith.addi %a, %b : i32",
        "  %sx = arith.index_cast %s : i32 to index",
        f"  %o2 = xegpu.update_nd_offset %out, [%sx, %c0] : {TD}",
        f"  xegpu.store_nd %tile, %o2 : {V}, {TD}",
        ret=True,
    )
    assert re.search(r"%a\.sel = select\s+i1 %c, i32 5, i32 %n", ll)
    assert "b.sel" not in ll  # the same value on both edges needs no select
    assert phis(ll) == {"a": "[%a.sel, %entry]", "b": "[1, %entry]"}


def test_unreachable_blocks_are_not_emitted():
    ll = lower(*PRE, "cf.br ^done", "^dead:", "  cf.br ^done", "^done:",
               f"  xegpu.store_nd %tile, %out : {V}, {TD}", ret=True)
    assert labels(ll) == ["entry", "done"]


def test_if_inside_a_cf_block_uses_the_join_block_as_predecessor():
    ll = lower(
        *PRE,
        "cf.br ^b",
        "^b:",
        "  %s = scf.if %c -> (i32) {",
        "    scf.yield %one : i32",
        "  } else {",
        "    scf.yield %n : i32",
        "  }",
        "  cf.br ^e(%s : i32)",
        "^e(%x: i32):",
        "  %xx = arith.index_cast %x : i32 to index",
        f"  %o2 = xegpu.update_nd_offset %out, [%xx, %c0] : {TD}",
        f"  xegpu.store_nd %tile, %o2 : {V}, {TD}",
        ret=True,
    )
    assert phis(ll)["x"] == "[%s, %if13.end]"


def test_descriptor_block_arguments_phi_every_field():
    ll = lower(
        *PRE,
        f"cf.cond_br %c, ^j(%in : {TD}), ^j(%out : {TD})",
        f"^j(%d: {TD}):",
        f"  xegpu.store_nd %tile, %d : {V}, {TD}",
        ret=True,
    )
    assert re.search(r"%d\.base\.sel = select\s+i1 %c, i64 %src, i64 %dst", ll)
    assert phis(ll)["d.base"] == "[%d.base.sel, %entry]"


# -- verify rules: located errors ------------------------------------------------------------
IF_HEAD = ["%c = arith.cmpi sgt, %n, %n : i32", "%x = arith.constant 1 : i32"]


@pytest.mark.parametrize("body, expected", [
    (
        [*IF_HEAD, "%r = scf.if %c -> (i32) {", "  scf.yield %x, %x : i32, i32", "} else {",
         "  scf.yield %x : i32", "}"],
        "k.mlir:5:10: scf.if: the then region yields 2 values but the scf.if has 1 results",
    ),
    (
        [*IF_HEAD, "%f = arith.constant 1.0 : f32", "%r = scf.if %c -> (i32) {", "  scf.yield %x : i32",
         "} else {", "  scf.yield %f : f32", "}"],
        "k.mlir:6:10: scf.if: the else region yields '%f' of type 'f32' as result #0, which has type 'i32'",
    ),
    (
        [*IF_HEAD, "%r = scf.if %c -> (i32) {", "  scf.yield %x : i32", "}"],
        "k.mlir:5:10: scf.if: an scf.if with results needs an else region (it has 1 results)",
    ),
    (
        [*IF_HEAD, "%r = scf.if %c -> (i32) {", "  %y = arith.addi %x, %x : i32", "} else {",
         "  scf.yield %x : i32", "}"],
        "k.mlir:5:10: scf.if: the then region must end with scf.yield of 1 values",
    ),
    (
        ["%v = arith.constant dense<true> : vector<16xi1>", "scf.if %v {", "}"],
        "k.mlir:4:5: scf.if needs a scalar i1 condition, got '%v' of type 'vector<16xi1>'; for a per-lane "
        "choice use arith.select",
    ),
    (
        ["scf.if %n {", "}"],
        "k.mlir:3:5: scf.if needs a scalar i1 condition, got '%n' of type 'i32'",
    ),
    (
        [*IF_HEAD, "scf.if %c {", "  gpu.return", "}"],
        "k.mlir:6:7: gpu.return cannot appear inside the scf.if then region: only scf.yield ends a "
        "structured region",
    ),
])
def test_scf_if_errors(body, expected):
    assert diag(*body) == expected


def test_errors_inside_nested_regions_are_reported():
    # An scf.if nested in an scf.if, and one inside a block other than the entry block.
    inner = ["  %r = scf.if %c -> (i32) {", "    scf.yield %c : i1", "  } else {", "    scf.yield %x : i32",
             "  }"]
    assert diag(*IF_HEAD, "scf.if %c {", *inner, "}").startswith(
        "k.mlir:6:12: scf.if: the then region yields '%c' of type 'i1'")
    assert diag(*IF_HEAD, "cf.br ^b", "^b:", *inner, "  gpu.return", ret=False).startswith(
        "k.mlir:7:12: scf.if: the then region yields '%c' of type 'i1'")


@pytest.mark.parametrize("body, expected", [
    (
        ["cf.br ^b(%n, %n : i32, i32)", "^b(%a: i32):"],
        "k.mlir:3:5: cf.br: ^b takes 1 arguments (i32) but 2 are passed",
    ),
    (
        ["%f = arith.constant 1.0 : f32", "cf.br ^b(%f : f32)", "^b(%a: i32):"],
        "k.mlir:4:5: cf.br: argument #0 '%f' has type 'f32' but block argument '%a' of ^b has type 'i32'",
    ),
    (
        ["%c = arith.constant true", "cf.cond_br %c, ^b, ^b(%n : i32)", "^b(%a: i32):"],
        "k.mlir:4:5: cf.cond_br: ^b takes 1 arguments (i32) but 0 are passed",
    ),
    (
        ["%v = arith.constant dense<true> : vector<16xi1>", "cf.cond_br %v, ^b, ^b", "^b:"],
        "k.mlir:4:5: cf.cond_br needs a scalar i1 condition, got '%v' of type 'vector<16xi1>'; for a "
        "per-lane choice use arith.select",
    ),
    (
        # The parser reports it at the region that lacks the block.
        ["cf.br ^nowhere", "^b:"],
        "k.mlir:2:81: reference to undefined block '^nowhere'",
    ),
    (
        ["cf.br ^b", "^b:", "  %x = arith.constant 1 : i32", "^c:"],
        "k.mlir:5:12: gpu.func @k: block ^b must end with gpu.return, cf.br or cf.cond_br",
    ),
    (
        ["gpu.return", "gpu.barrier"],
        "k.mlir:3:5: gpu.return must be the last operation of its block",
    ),
    (
        ["scf.yield"],
        "k.mlir:3:5: scf.yield outside scf.for / scf.if / scf.while: a function block ends with gpu.return, "
        "cf.br or cf.cond_br",
    ),
    (
        ["cf.br ^b", "^b:", "  %f = arith.constant 1.0 : f32", "  cf.br ^c(%f : f32)", "^c(%a: i32):"],
        "k.mlir:6:7: cf.br: argument #0 '%f' has type 'f32' but block argument '%a' of ^c has type 'i32'",
    ),
])
def test_branch_errors(body, expected):
    assert diag(*body) == expected


def test_vector_condition_in_a_loop_body_if_is_located():
    body = [
        "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
        "%v = arith.constant dense<true> : vector<16xi1>",
        "scf.for %i = %c0 to %c1 step %c1 {", "  scf.if %v {", "  }", "}",
    ]
    assert diag(*body).startswith("k.mlir:7:7: scf.if needs a scalar i1 condition")


def test_branch_inside_a_loop_body_is_an_error():
    body = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
            "scf.for %i = %c0 to %c1 step %c1 {", "  gpu.return", "}"]
    assert diag(*body) == ("k.mlir:6:7: gpu.return cannot appear inside the scf.for body: only scf.yield "
                           "ends a structured region")


def test_a_use_its_definition_does_not_dominate_is_located():
    body = ["%c = arith.constant true", "cf.cond_br %c, ^a, ^b", "^a:", "  %x = arith.addi %n, %n : i32",
            "  cf.br ^b", "^b:", "  %y = arith.addi %x, %x : i32"]
    with pytest.raises(DiagnosticError) as e:
        lower(*body)
    assert f"{e.value.loc}: {e.value.message}" == (
        "k.mlir:9:12: '%x' is defined in ^a, which does not dominate its use here in ^b")
    assert [(str(loc), note) for loc, note in e.value.notes] == [("k.mlir:6:12", "'%x' is defined here")]


# -- the real toolchain ----------------------------------------------------------------------
@pytest.mark.parametrize("name, body", [("if_result", IF_RESULT), ("cf_loop", CF_LOOP),
                                        ("if_in_for", IF_IN_FOR)])
def test_control_flow_compiles_for_pvc(name, body, toolchain, tmp_path):
    ll = tmp_path / f"{name}.ll"
    ll.write_text(lower(*body))
    r = toolchain.igc_check(ll, "pvc")
    assert r.returncode == 0, r.output
    assert r.bad_signatures == 0, r.output
    assert r.kernels, r.output
    for stats in r.kernels.values():
        assert stats["scratch"] == 0 and stats["send"] > 0, r.output


@pytest.mark.parametrize("lb, ub, step", [(0, 4, 1), (1, 10, 4), (3, 11, 4), (5, 4, 1), (7, 7, 2)])
@pytest.mark.parametrize("reads_iv", [True, False])
def test_constant_bound_loop_runs_its_trips(lb, ub, step, reads_iv):
    """The counter of a loop with constant bounds runs up to 0 (the body reading it plus its
    last value): the trips, and the values the body reads, are those of range(lb, ub, step)."""
    add = ["%ii = arith.index_cast %i : index to i32", "%if = arith.sitofp %ii : i32 to f32",
           "%iv = vector.broadcast %if : f32 to vector<16xf32>"] if reads_iv else \
        ["%iv = arith.constant dense<1.0> : vector<16xf32>"]
    ll = lower(f"%lb = arith.constant {lb} : index", f"%ub = arith.constant {ub} : index",
               f"%st = arith.constant {step} : index", "%z = arith.constant dense<0.0> : vector<16xf32>",
               "%r = scf.for %i = %lb to %ub step %st iter_args(%acc = %z) -> (vector<16xf32>) {",
               *add, "  %s = arith.addf %acc, %iv : vector<16xf32>", "  scf.yield %s : vector<16xf32>", "}",
               "%c0 = arith.constant 0 : index",
               "%od = xegpu.create_nd_tdesc %dst[%c0] : memref<16xf32> -> !xegpu.tensor_desc<16xf32>",
               "xegpu.store_nd %r, %od : vector<16xf32>, !xegpu.tensor_desc<16xf32>",
               args="%dst: memref<16xf32>")
    assert "%i.cond = icmp ne i32 %i.left, 0" in ll
    out = run(ll, None, 1, {"dst": np.full(16, -1, np.float32)})["dst"]
    trips = range(lb, ub, step)
    np.testing.assert_array_equal(out, np.full(16, sum(trips) if reads_iv else len(trips), np.float32))
