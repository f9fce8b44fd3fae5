"""``lower/ranges.py``: bounds of straight-line index arithmetic, derived only where sure."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.genx.intrinsics import Intrinsics, undef
from genx_emit.genx.regions import Region, Regions
from genx_emit.lower.ranges import constant_lanes, known_multiple, value_range
from genx_emit.targets import DG2

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


def vec(values: list[int], ty: ir.IntType = I64) -> ir.Constant:
    return ir.Constant(ir.VectorType(ty, len(values)), values)


def test_constant_lanes_fold_the_arithmetic_of_dense_constants() -> None:
    b, sg = _builder()
    lanes = vec([0, 1, 2, 3])
    # (lanes * 4 + 64) * 4: what arith ops on dense index constants lower to
    off = b.mul(b.add(b.mul(lanes, vec([4] * 4)), vec([64] * 4)), vec([4] * 4))
    assert constant_lanes(off) == [256, 272, 288, 304]
    assert constant_lanes(b.shl(lanes, vec([3] * 4))) == [0, 8, 16, 24]
    assert constant_lanes(b.sub(lanes, vec([2] * 4))) == [-2, -1, 0, 1]
    narrow = vec([-1, 0, 1, 2], I32)
    assert constant_lanes(b.sext(narrow, ir.VectorType(I64, 4))) == [-1, 0, 1, 2]
    assert constant_lanes(b.zext(narrow, ir.VectorType(I64, 4))) == [(1 << 32) - 1, 0, 1, 2]
    assert constant_lanes(b.trunc(vec([1 << 32, 5, -1, 7]), ir.VectorType(I32, 4))) == [0, 5, -1, 7]


def test_constant_lanes_follow_pieces_joined_by_region_writes() -> None:
    # an op split for the register file: each half computed alone, the halves written into one
    # vector (as DG2's 64-bit vector ops are)
    b, sg = _builder()
    regions = Regions(b, Intrinsics(b.module), DG2, legalize=False)
    lanes = vec([0, 1, 2, 3])
    halves = [b.mul(regions.read1(lanes, Region.row(2, h)), vec([4, 4])) for h in (0, 2)]
    joined = regions.write1(undef(lanes.type), halves[0], Region.row(2, 0))
    joined = regions.write1(joined, halves[1], Region.row(2, 2))
    assert constant_lanes(joined) == [0, 4, 8, 12]
    # a lane left undefined, or one computed from a run-time value, is not a constant
    assert constant_lanes(regions.write1(undef(lanes.type), halves[0], Region.row(2, 0))) is None
    arg = b.insert_element(undef(ir.VectorType(I32, 2)), sg, c(0))
    assert constant_lanes(b.add(arg, vec([1, 2], I32))) is None


def test_vector_ranges_cover_every_lane_and_follow_region_joins() -> None:
    b, sg = _builder()
    regions = Regions(b, Intrinsics(b.module), DG2, legalize=False)
    v = b.insert_element(undef(ir.VectorType(I32, 4)), sg, c(0))  # unbounded lanes
    assert value_range(v) is None
    bins = b.and_(v, vec([63] * 4, I32))  # each lane in [0, 63]
    assert value_range(bins) == (0, 63)
    assert value_range(b.mul(bins, vec([4] * 4, I32))) == (0, 252)
    assert value_range(b.and_(v, vec([63, 7, 63, 63], I32))) is None  # not a splat mask
    # sign-extended in two pieces joined by region writes (as DG2 splits 64-bit vectors)
    halves = [b.sext(regions.read1(bins, Region.row(2, h)), ir.VectorType(I64, 2)) for h in (0, 2)]
    joined = regions.write1(undef(ir.VectorType(I64, 4)), halves[0], Region.row(2, 0))
    assert value_range(regions.write1(joined, halves[1], Region.row(2, 2))) == (0, 63)
    assert value_range(joined) is None  # two lanes still undefined


def test_known_multiples_follow_the_arithmetic_and_splats() -> None:
    b, x = _builder()
    v4 = ir.VectorType(I32, 4)
    splat = b.shuffle_vector(b.insert_element(undef(v4), x, c(0)), undef(v4), ir.Constant(v4, [0] * 4))
    lanes = b.mul(b.add(splat, ir.Constant(v4, [0, 1, 2, 3])), ir.Constant(v4, [8] * 4))  # (x + l) * 8
    assert known_multiple(x) == 1 and known_multiple(splat) == 1
    assert known_multiple(lanes) == 8
    wide = b.mul(b.sext(lanes, ir.VectorType(I64, 4)), ir.Constant(ir.VectorType(I64, 4), [4] * 4))
    assert known_multiple(wide) == 32  # bytes of f32 elements
    assert known_multiple(b.add(wide, ir.Constant(wide.type, [0, 16, 32, 48]))) == 16
    assert known_multiple(b.add(wide, ir.Constant(wide.type, [2] * 4))) == 2
    assert known_multiple(b.shl(x, c(3))) == 8 and known_multiple(b.and_(x, c(-4))) == 4
    # x << 40 truncated to 32 bits is 0: divisible by every power of two the width holds
    assert known_multiple(b.trunc(b.shl(b.zext(x, I64), c(40, I64)), I32)) == 1 << 32
    assert known_multiple(ir.Constant(v4, [0, 0, 0, 0])) == 1 << 32
