"""``lower/ranges.py``: bounds of straight-line index arithmetic, derived only where sure."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.lower.ranges import value_range

I32, I64 = ir.IntType(32), ir.IntType(64)


def _builder() -> tuple[ir.IRBuilder, ir.Argument]:
    m = ir.Module()
    f = ir.Function(m, ir.FunctionType(ir.VoidType(), [I32]), "f")
    return ir.IRBuilder(f.append_basic_block("e")), f.args[0]


def c(v: int, ty: ir.IntType = I32) -> ir.Constant:
    return ir.Constant(ty, v)


def test_a_subgroups_place_is_bounded() -> None:
    b, sg = _builder()
    col = b.mul(b.urem(sg, c(4)), c(32))  # (sg % 4) * 32: 0 .. 96
    assert value_range(col) == (0, 96)
    assert value_range(b.add(col, c(16))) == (16, 112)
    assert value_range(b.trunc(b.zext(col, I64), I32)) == (0, 96)
    assert value_range(b.shl(b.and_(sg, c(7)), c(3))) == (0, 56)
    assert value_range(b.udiv(b.urem(sg, c(64)), c(8))) == (0, 7)
    assert value_range(b.sub(b.add(b.urem(sg, c(8)), c(4)), c(1))) == (3, 10)


def test_unbounded_or_wrapping_values_have_no_range() -> None:
    b, sg = _builder()
    assert value_range(sg) is None  # an argument
    assert value_range(b.mul(sg, c(8))) is None
    assert value_range(b.add(b.urem(sg, c(4)), sg)) is None
    big = b.mul(b.urem(sg, c(1 << 20)), c(1 << 12))  # up to 2**32 - 2**12: wraps a signed i32
    assert value_range(big) is None
    assert value_range(b.and_(sg, c(-1))) is None  # the mask reads negative as signed
    assert value_range(b.sub(b.urem(sg, c(8)), sg)) is None
    assert value_range(b.sub(b.urem(sg, c(8)), c(1))) is None  # -1 reads 2**32 - 1 unsigned
    assert value_range(b.xor(b.urem(sg, c(8)), c(1))) is None  # not modelled
