"""Vectors of 64-bit lane addresses built on their dword halves, for targets without a 64-bit
ALU (DG2): a base plus byte offsets known to fit a dword, and such addresses moved."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext, const
from genx_emit.lower.messages.lsc import splat


def lane_addresses(ctx: FuncContext, base: ir.Value, offsets: list[int] | ir.Value, name: str,
                   extra: ir.Value | None = None) -> ir.Value:
    """``<n x i64>``: ``base`` (i64) plus each constant byte offset (all in [0, 2**31)), or each
    lane of an ``<n x i32>`` vector of offsets known to lie there, plus ``extra`` (i32, the sum
    with each offset below 2**31) when given.

    Built from 32-bit halves: low dwords ``low32(base) + offset``, high dwords ``high32(base)``
    plus the carry, interleaved. DG2 emulates a 64-bit vector add by splitting both operands
    into dword planes, adding with carry and re-interleaving; this is the same arithmetic
    without the splitting of the splat base and of the constant offsets."""
    if isinstance(offsets, list):
        assert all(0 <= o < 1 << 31 for o in offsets)
        offsets = ir.Constant(ir.VectorType(I32, len(offsets)), offsets)
    b = ctx.builder
    n = offsets.type.count
    halves = b.bitcast(base, ir.VectorType(I32, 2), name=name + ".hl")
    lo = splat(ctx, b.extract_element(halves, const(I32, 0), name=name + ".lo"), n, name=name + ".lov")
    hi = splat(ctx, b.extract_element(halves, const(I32, 1), name=name + ".hi"), n, name=name + ".hiv")
    start = lo
    if extra is not None:  # low32(base) + extra, then the offsets: one carry over both adds
        start = splat(ctx, b.add(b.extract_element(halves, const(I32, 0), name=name + ".lo1"), extra,
                                 name=name + ".lox"), n, name=name + ".loxv")
    lanes_lo = b.add(start, offsets, name=name + ".alo")
    carry = b.zext(b.icmp_unsigned("<", lanes_lo, lo, name=name + ".cy"), ir.VectorType(I32, n),
                   name=name + ".c32")
    lanes_hi = b.add(hi, carry, name=name + ".ahi")
    both: ir.Value = undef(ir.VectorType(I32, 2 * n))
    both = ctx.regions.write(both, lanes_lo, Region.row(n, 0, stride=2), name=name + ".wlo")
    both = ctx.regions.write(both, lanes_hi, Region.row(n, 1, stride=2), name=name + ".whi")
    return b.bitcast(both, ir.VectorType(I64, n), name=name)


def moved_lanes(ctx: FuncContext, addrs: ir.Value, delta: int, name: str) -> ir.Value:
    """``addrs`` (``<n x i64>``) plus the constant byte ``delta`` (in [0, 2**31)), on the dword
    halves in place: the low dwords' add, its carry added to the high dwords, in pieces of the
    lanes whose halves one operand reaches (a strided source spans two GRFs at most). IGC makes
    a compare, two adds and a predicated move per piece of this; of a 64-bit vector add, the
    emulation's de-interleaving and re-interleaving of the whole vector too (acm-g10: a 16-row
    tile's loop 124 -> 123 instructions, a 32-row tile's 218 -> 209)."""
    assert 0 <= delta < 1 << 31
    if delta == 0:
        return addrs
    b = ctx.builder
    n = addrs.type.count
    both = b.bitcast(addrs, ir.VectorType(I32, 2 * n), name=name + ".d")
    out = both
    piece = 2 * ctx.target.grf_bytes // 8
    for c0 in range(0, n, piece):
        m = min(piece, n - c0)
        tag = name if c0 == 0 else f"{name}.{c0}"
        vt = ir.VectorType(I32, m)
        lo = ctx.regions.read(both, Region.row(m, 2 * c0, stride=2), name=tag + ".lo")
        hi = ctx.regions.read(both, Region.row(m, 2 * c0 + 1, stride=2), name=tag + ".hi")
        lo2 = b.add(lo, ir.Constant(vt, [delta] * m), name=tag + ".alo")
        carry = b.zext(b.icmp_unsigned("<", lo2, lo, name=tag + ".cy"), vt, name=tag + ".c32")
        hi2 = b.add(hi, carry, name=tag + ".ahi")  # (before the writes: IGC then bales each in place)
        out = ctx.regions.write(out, lo2, Region.row(m, 2 * c0, stride=2), name=tag + ".wlo")
        out = ctx.regions.write(out, hi2, Region.row(m, 2 * c0 + 1, stride=2), name=tag + ".whi")
    return b.bitcast(out, ir.VectorType(I64, n), name=name)
