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
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext, const, const_value, llvm_name, llvm_type
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


def _elements(
    ctx: FuncContext, d: Nd1Desc, x: ir.Value, check: bool, name: str
) -> tuple[ScatterDesc, ir.Value]:
    """The per-element form: one lane per element, predicate ``x + i`` inside ``[0, size)``."""
    w = d.info.shape[0]
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
    sd, pred = _elements(ctx, d, x, not _in_bounds(d, x), name)
    bits = gather(ctx, sd, pred, hints, name, op.loc)
    if not isinstance(pred, ir.Constant):  # boundary tile: out-of-bounds elements read as zero
        bits = ctx.builder.select(
            pred, bits, ir.Constant(bits.type, [0] * bits.type.count), name=name + ".zf"
        )
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
    sd, pred = _elements(ctx, d, x, not _in_bounds(d, x), name)
    bits = ctx.builder.bitcast(
        value, ir.VectorType(ir.IntType(d.elem_bytes * 8), d.info.shape[0]), name=name + ".bits"
    )
    scatter(ctx, sd, pred, bits, hints, name, op.loc)


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
    sd, pred = _elements(ctx, d, x, not _in_bounds(d, x), "pf")
    prefetch(ctx, sd, pred, hints, op.loc)
