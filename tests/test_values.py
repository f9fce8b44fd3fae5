"""The value protocol (lower/values.py) on its own: a kind is a dataclass of LLVM values and
compile-time facts, and every join works from that alone. The payload-style kind here (a
message header vector with x/y inside, planned for 2-D descriptors) is declared in this file
only, to show a new kind needs no change to the control-flow code."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from llvmlite import ir

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.lower import values
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import IndexType
from genx_emit.ops.nd import UpdateNdOffset

I32 = ir.IntType(32)
I64 = ir.IntType(64)
PAYLOAD = ir.VectorType(I32, 16)
LOC = Location("k.mlir", 1, 1)


@dataclass
class PayloadDesc:
    """A 2-D descriptor held as its block message header: the header moves, the shape stays."""

    shape: tuple[int, int]  # a compile-time fact
    payload: ir.Value  # <16 x i32> header with base, sizes, x and y
    MOVED_BY_OFFSETS = ("payload", "payload")  # rows and columns both live in the header


def _fn() -> tuple[ir.IRBuilder, list[ir.Block], ir.Function]:
    m = ir.Module()
    fn = ir.Function(m, ir.FunctionType(ir.VoidType(), [PAYLOAD, PAYLOAD, ir.IntType(1)]), "k")
    blocks = [fn.append_basic_block(n) for n in ("a", "b", "join")]
    b = ir.IRBuilder(blocks[2])
    return b, blocks, fn


def _pd(v: ir.Value, shape: tuple[int, int] = (8, 16)) -> PayloadDesc:
    return PayloadDesc(shape, v)


def _v(name: str) -> Value:
    return Value(name, IndexType(), LOC)


def test_parts_are_the_llvm_values_by_field_path():
    _, _, fn = _fn()
    d = _pd(fn.args[0])
    assert values.parts(d) == [(".payload", fn.args[0])]
    assert values.parts(fn.args[1]) == [("", fn.args[1])]


def test_merge_phis_only_the_parts_that_differ():
    b, (a, bb, _), fn = _fn()
    res = _v("%d")
    merged = values.merge(b, res, [(a, _pd(fn.args[0])), (bb, _pd(fn.args[1]))],
                          "scf.if", LOC)
    assert isinstance(merged, PayloadDesc) and merged.shape == (8, 16)
    assert isinstance(merged.payload, ir.PhiInstr) and merged.payload.name == "d.payload"
    assert str(merged.payload).strip() == '%"d.payload" = phi  <16 x i32> [%".1", %"a"], [%".2", %"b"]'
    same = values.merge(b, res, [(a, _pd(fn.args[0])), (bb, _pd(fn.args[0]))],
                        "scf.if", LOC)
    assert same.payload is fn.args[0]  # one value on every edge: no phi


def test_values_that_differ_in_a_fact_cannot_meet():
    b, (a, bb, _), fn = _fn()
    with pytest.raises(DiagnosticError, match="differ in a property genx-emit keeps at compile time"):
        values.merge(b, _v("%d"), [(a, _pd(fn.args[0])), (bb, _pd(fn.args[1], (8, 32)))],
                     "scf.if", LOC)


def test_select_picks_each_differing_part():
    b, _, fn = _fn()
    x = values.select(b, fn.args[2], _v("%d"), _pd(fn.args[0]), _pd(fn.args[1]),
                      "cf.cond_br", LOC)
    assert x.payload.opname == "select" and x.payload.name == "d.payload.sel"


def test_loop_phis_keep_invariant_parts_and_check_the_back_edge():
    b, (a, bb, _), fn = _fn()
    arg = _v("%v")
    phis = values.make_phis(b, arg, _pd(fn.args[0]), carried=set())
    phis.add_incoming(_pd(fn.args[0]), a, "scf.for", LOC)
    assert phis.lowered.payload is fn.args[0]  # nothing carried: the value itself
    with pytest.raises(DiagnosticError, match="'.payload' of '%v' changes around the loop but has no phi"):
        phis.add_incoming(_pd(fn.args[1]), bb, "scf.for", LOC)


def _update(src: Value, dst: Value, offsets: list) -> UpdateNdOffset:
    return UpdateNdOffset(loc=LOC, results=[dst], tdesc=src, offsets=offsets)


def test_carried_parts_follow_offset_updates_back_to_the_loop_argument():
    _, _, fn = _fn()
    arg, mid, out, other = _v("%v"), _v("%m"), _v("%o"), _v("%w")
    zero = values.literal_zero({})
    body = [_update(arg, mid, [0, 16]), _update(mid, out, [0, 0])]
    d = _pd(fn.args[0])
    assert values.carried_parts(d, arg, out, body, zero) == {".payload"}
    assert values.carried_parts(d, arg, other, body, zero) is None  # not the argument moved: all parts
    assert values.carried_parts(d, arg, arg, body, zero) == set()  # passed back unchanged
    assert values.carried_parts(fn.args[0], arg, out, body, zero) is None  # a plain LLVM value


def test_carried_parts_map_deltas_to_the_parts_each_dimension_moves():
    @dataclass
    class Pos:
        y: ir.Value
        x: ir.Value
        MOVED_BY_OFFSETS = ("y", "x")

    arg, out = _v("%v"), _v("%o")
    d = Pos(ir.Constant(I32, 0), ir.Constant(I32, 0))
    zero = values.literal_zero({})
    assert values.carried_parts(d, arg, out, [_update(arg, out, [0, 16])], zero) == {".x"}
    assert values.carried_parts(d, arg, out, [_update(arg, out, [8, 0])], zero) == {".y"}
    dyn = _v("%k")
    assert values.carried_parts(d, arg, out, [_update(arg, out, [dyn, 0])], zero) == {".y"}
    lowered_zero = values.literal_zero({dyn: ir.Constant(I64, 0)})
    assert values.carried_parts(d, arg, out, [_update(arg, out, [dyn, 0])], lowered_zero) == set()
    # scf.while: the after region's argument receives what scf.condition passes
    after = _v("%a")
    assert values.carried_parts(d, arg, out, [_update(after, out, [0, 1])], zero, {after: arg}) == {".x"}
