"""1-D block descriptors: create_nd_tdesc / update_nd_offset / load_nd / store_nd / prefetch_nd
on a ``tensor_desc<W x T>``, global or SLM.

A contiguous block per subgroup is one SIMD1 *transposed* LSC message (one address, up to 64
D32/D64 units) whenever that is exact: the access is known to stay inside the surface (or
``boundary_check = false``) and its byte offset is a multiple of the unit. Otherwise (a boundary
tile, or 8/16-bit data at an offset not known to be 4-byte aligned) it is a per-element gather /
scatter whose predicate is ``0 <= x + i < size``: out-of-bounds elements read as zero and are not
written, like the 2-D block messages' hardware boundary handling. Buffers are assumed at least
8-byte aligned, as allocations from the runtime are.
"""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext, const, const_value, llvm_name, llvm_type
from genx_emit.lower.messages import lsc
from genx_emit.lower.messages.cache import encode_hints
from genx_emit.lower.messages.gather import (
    ScatterDesc,
    add_base,
    all_lanes,
    byte_offsets,
    gather,
    prefetch,
    scatter,
)
from genx_emit.lower.messages.lsc import BLOCK_UNITS, Block, block_load, block_message, plan_block, splat
from genx_emit.ops.nd import LoadNd, PrefetchNd, StoreNd
from genx_emit.ops.scatter import Geometry
from genx_emit.ops.types import TDescInfo


@dataclass
class Nd1Desc:
    """A lowered 1-D descriptor. ``base``: byte address (i64) or SLM offset (i32) of element 0;
    ``size``: elements in the surface; ``x``: the tile's first element (same type as ``base``)."""

    info: TDescInfo
    elem_bytes: int
    slm: bool
    base: ir.Value
    size: ir.Value
    x: ir.Value
    base_misalign: int = 0  # known byte offset of ``base`` past an aligned buffer start

    MOVED_BY_OFFSETS = ("x",)  # update_nd_offset moves the tile; the surface is loop-invariant

    def replace(self, **kw: ir.Value) -> Nd1Desc:
        d = dict(self.__dict__)
        d.update(kw)
        return Nd1Desc(**d)


def _ty(d: Nd1Desc) -> ir.IntType:
    return I32 if d.slm else I64


def _x(ctx: FuncContext, d: Nd1Desc, offsets: list | None, loc: Location) -> ir.Value:
    if not offsets:
        return d.x
    if len(offsets) != 1:
        raise error(loc, "a 1-D access takes one offset")
    return ctx.index(offsets[0], _ty(d))


def _in_bounds(d: Nd1Desc, x: ir.Value) -> bool:
    """True when the access cannot leave the surface (or the descriptor does not ask to check)."""
    if not d.info.boundary_check:
        return True
    cx, n = const_value(x), const_value(d.size)
    return cx is not None and n is not None and 0 <= cx and cx + d.info.shape[0] <= n


def _block_unit(d: Nd1Desc, x: ir.Value) -> int | None:
    """The D64/D32 unit of a transposed message for this access, None if none is exact."""
    nbytes = d.info.shape[0] * d.elem_bytes
    cx = const_value(x)
    for u in BLOCK_UNITS:
        aligned = (
            (d.base_misalign + cx * d.elem_bytes) % u == 0
            if cx is not None
            else (d.elem_bytes % u == 0 and d.base_misalign % u == 0)
        )
        if nbytes % u == 0 and aligned:
            return u
    return None


def _address(ctx: FuncContext, d: Nd1Desc, x: ir.Value, extra_bytes: int, name: str) -> ir.Value:
    off = ctx.mul(x, const(x.type, d.elem_bytes), name=name + ".off")
    return ctx.add(ctx.add(d.base, off, name=name + ".x"), const(d.base.type, extra_bytes), name=name)


def _clamp(ctx: FuncContext, v: ir.Value, hi: int, name: str) -> ir.Value:
    """The scalar ``v`` clamped to ``[0, hi]``, as an i32."""
    cv = const_value(v)
    if cv is not None:
        return const(I32, min(max(cv, 0), hi))
    b, zero, top = ctx.builder, const(v.type, 0), const(v.type, hi)
    v = b.select(b.icmp_signed("<", v, zero), zero, v, name=name + ".lo")
    v = b.select(b.icmp_signed(">", v, top), top, v, name=name + ".hi")
    return ctx.resize(v, I32, name=name)


def _tile_bounds(ctx: FuncContext, d: Nd1Desc, x: ir.Value, name: str) -> tuple[ir.Value, ir.Value]:
    """The tile's lanes whose ``x + i`` lies inside ``[0, size)``, as scalars: the first,
    ``clamp(-x)``, and the count, ``clamp(size - x) - first`` (never negative, as size >= 0)."""
    w = d.info.shape[0]
    first = _clamp(ctx, ctx.sub(const(x.type, 0), x, name=name + ".negx"), w, name + ".first")
    end = _clamp(ctx, ctx.sub(ctx.resize(d.size, x.type), x, name=name + ".left"), w, name + ".end")
    return first, ctx.sub(end, first, name=name + ".count")


def _lane_form(
    ctx: FuncContext, d: Nd1Desc, x: ir.Value, w: int, check: bool, name: str
) -> tuple[ScatterDesc, ir.Value]:
    """A tile of one message: lane indices ``x + i``, for the addresses and, compared with the
    size, the predicate (a 64-bit add and compare per lane, no scalar set-up)."""
    ty = _ty(d)
    idx = (
        ctx.builder.add(
            splat(ctx, x, w, name=name + ".x"),
            ir.Constant(ir.VectorType(ty, w), list(range(w))),
            name=name + ".idx",
        )
        if const_value(x) is None
        else ir.Constant(ir.VectorType(ty, w), [const_value(x) + i for i in range(w)])
    )  # type: ignore[operator]
    addrs = add_base(ctx, d.base, byte_offsets(ctx, idx, d.elem_bytes, name + ".bytes"), name + ".addr")
    sd = ScatterDesc(Geometry((w,), 1, d.info.element, d.slm), d.elem_bytes, addrs)
    if not check:
        return sd, all_lanes(w)
    # Unsigned compare: a negative index wraps to a huge one, so one compare covers both ends.
    pred = ctx.builder.icmp_unsigned(
        "<", idx, splat(ctx, ctx.resize(d.size, ty), w, name=name + ".n"), name=name + ".inb"
    )
    return sd, pred


def _pieces(
    ctx: FuncContext, d: Nd1Desc, x: ir.Value, name: str, loc: Location
) -> list[tuple[int, str, ScatterDesc, ir.Value]]:
    """The per-element form, one lane per element, as (first element, tag, lanes, predicate)
    per message. A tile of several messages makes each message's addresses (the scalar address
    of ``x`` plus constant offsets) and predicate (``i - first <u count``, 32-bit, against the
    tile's scalar bounds) on their own: no tile-wide vector of 64-bit addresses stays live, and
    no 64-bit splat bound, which IGC builds lane by lane in every message when the size is a
    constant."""
    w, check = d.info.shape[0], not _in_bounds(d, x)
    msgs = lsc.plan_scatter(w, 1, lsc.scatter_unit(d.elem_bytes, loc), ctx.target)
    if len(msgs) == 1:
        return [(0, name, *_lane_form(ctx, d, x, w, check, name))]
    start = _address(ctx, d, x, 0, name + ".a")
    bounds = _tile_bounds(ctx, d, x, name) if check else None
    out = []
    for i, m in enumerate(msgs):
        tag, n, lanes = f"{name}.p{i}", m.lanes, list(range(m.lane0, m.lane0 + m.lanes))
        offsets = ir.Constant(ir.VectorType(_ty(d), n), [e * d.elem_bytes for e in lanes])
        sd = ScatterDesc(Geometry((n,), 1, d.info.element, d.slm), d.elem_bytes,
                         add_base(ctx, start, offsets, tag + ".addr"))
        pred = all_lanes(n)
        if bounds is not None:
            rel = ctx.builder.sub(ir.Constant(ir.VectorType(I32, n), lanes),
                                  splat(ctx, bounds[0], n, name=tag + ".first"), name=tag + ".rel")
            pred = ctx.builder.icmp_unsigned("<", rel, splat(ctx, bounds[1], n, name=tag + ".count"),
                                             name=tag + ".inb")
        out.append((m.lane0, tag, sd, pred))
    return out


def _block_plan(ctx: FuncContext, d: Nd1Desc, x: ir.Value) -> Block | None:
    """The block form when it is exact (in bounds, aligned), else None: go per element."""
    unit = _block_unit(d, x)
    if unit is None or not _in_bounds(d, x):
        return None
    units = d.info.shape[0] * d.elem_bytes // unit
    return Block(unit, units, plan_block(units, unit, ctx.target))


def _block_call(
    ctx: FuncContext,
    kind: str,
    d: Nd1Desc,
    x: ir.Value,
    blk: Block,
    piece: tuple[int, int],
    hints: tuple[int, int],
    label: str,
    data: ir.Value | None = None,
) -> ir.Value:
    """One transposed SIMD1 message for ``piece`` of the block at element ``x``."""
    u0, vs = piece
    space = "slm" if d.slm else "stateless"
    return block_message(ctx, f"lsc.{kind}.{space}", blk.unit, vs, hints, label,
                         _address(ctx, d, x, u0 * blk.unit, label + ".a"), data)


def load(ctx: FuncContext, op: LoadNd) -> None:
    d: Nd1Desc = ctx.get(op.tdesc)
    name = llvm_name(op.result)
    x = _x(ctx, d, op.offsets, op.loc)
    hints = encode_hints(ctx.intr, op.hints, "load", op.loc, "xegpu.load_nd")
    ty = llvm_type(op.result.type, op.loc)
    blk = _block_plan(ctx, d, x)
    if blk is not None:
        ctx.set(op.result, block_load(
            ctx, blk, ty, name, lambda piece, tag: _block_call(ctx, "load", d, x, blk, piece, hints, tag)))
        return
    bits = None
    for e0, tag, sd, pred in _pieces(ctx, d, x, name, op.loc):
        part = gather(ctx, sd, pred, hints, tag, op.loc)
        if not isinstance(pred, ir.Constant):  # boundary tile: out-of-bounds elements read as zero
            part = ctx.builder.select(
                pred, part, ir.Constant(part.type, [0] * part.type.count), name=tag + ".zf"
            )
        if part.type.count == d.info.shape[0]:
            bits = part
        else:
            acc = undef(ir.VectorType(part.type.element, d.info.shape[0])) if bits is None else bits
            bits = ctx.regions.write(acc, part, Region.row(part.type.count, e0), name=tag + ".put",
                                     raw=True)
    assert bits is not None
    ctx.set(op.result, ctx.builder.bitcast(bits, ty, name=name + ".v") if bits.type != ty else bits)


def store(ctx: FuncContext, op: StoreNd) -> None:
    d: Nd1Desc = ctx.get(op.tdesc)
    name = "st." + llvm_name(op.value)
    x = _x(ctx, d, op.offsets, op.loc)
    hints = encode_hints(ctx.intr, op.hints, "store", op.loc, "xegpu.store_nd")
    value = ctx.get(op.value)
    blk = _block_plan(ctx, d, x)
    if blk is not None:
        data = ctx.builder.bitcast(
            value, ir.VectorType(ir.IntType(blk.unit * 8), blk.units), name=name + ".units"
        )
        for i, (u0, vs) in enumerate(blk.pieces):
            tag = f"{name}.m{i}"
            piece = ctx.regions.read(data, Region.row(vs, u0), name=tag + ".data", raw=True)
            _block_call(ctx, "store", d, x, blk, (u0, vs), hints, tag, data=piece)
        return
    pieces = _pieces(ctx, d, x, name, op.loc)
    bits = ctx.builder.bitcast(
        value, ir.VectorType(ir.IntType(d.elem_bytes * 8), d.info.shape[0]), name=name + ".bits"
    )
    for e0, tag, sd, pred in pieces:
        n = sd.geometry.lanes
        part = bits if n == d.info.shape[0] else ctx.regions.read(bits, Region.row(n, e0), name=tag + ".bits",
                                                                  raw=True)
        scatter(ctx, sd, pred, part, hints, tag, op.loc)


def prefetch_block(ctx: FuncContext, op: PrefetchNd) -> None:
    d: Nd1Desc = ctx.get(op.tdesc)
    if d.slm:
        return  # SLM is on-chip: there is nothing to bring closer
    x = _x(ctx, d, op.offsets, op.loc)
    hints = encode_hints(ctx.intr, op.hints, "load", op.loc, "xegpu.prefetch_nd")
    blk = _block_plan(ctx, d, x)
    if blk is not None:
        for i, piece in enumerate(blk.pieces):
            _block_call(ctx, "prefetch", d, x, blk, piece, hints, f"pf{i}")
        return
    for _, _, sd, pred in _pieces(ctx, d, x, "pf", op.loc):
        prefetch(ctx, sd, pred, hints, op.loc)
