"""Scattered LSC messages: per-lane addresses and the gathers, scatters and prefetches of them.

A :class:`ScatterDesc` holds one byte address per lane (i64 global, i32 SLM offset). An access
of L lanes x C elements is cut into messages by :func:`lsc.plan_scatter`; its data is
chunk-major (element c of lane l at ``c * L + l``, the hardware's order). Used by the scattered
ops (``ops/scatter.py``), memref and matrix accesses, 1-D descriptors, and DG2's 2-D tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from llvmlite import ir

from genx_emit.diagnostics import Location
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I64, FuncContext, const, const_value
from genx_emit.lower.messages.addresses import lane_addresses
from genx_emit.lower.messages.lsc import (
    Message,
    Unit,
    plan_scatter,
    scatter_unit,
    slice_mask,
    splat,
    vector_size_word,
)
from genx_emit.lower.ranges import constant_lanes
from genx_emit.ops.scatter import Geometry
from genx_emit.targets import BUFFER_ALIGN

_T = TypeVar("_T")


@dataclass
class ScatterDesc:
    """A lowered scattered descriptor: per-lane byte addresses and what they address."""

    geometry: Geometry
    elem_bytes: int
    addrs: ir.Value  # <L x i64> (global) or <L x i32> (SLM)
    # ``addrs`` as a scalar base plus per-lane byte offsets, when it was made so: a message
    # for a later chunk element moves the scalar (IGC would fold a vector constant into the
    # offsets and rebuild the 64-bit offset vector per message). Not parts of the value (not
    # constructor fields): a descriptor carried through a loop or a branch carries only its
    # addresses, and its messages add to those.
    base: ir.Value | None = field(default=None, init=False)
    offsets: ir.Value | None = field(default=None, init=False)
    # ``base``'s byte offset past an aligned buffer start (modulo BUFFER_ALIGN), when known
    misalign: int | None = field(default=None, init=False)

    def split(self, base: ir.Value | None, offsets: ir.Value | None, misalign: int | None) -> ScatterDesc:
        """This descriptor, knowing its addresses are ``base`` plus ``offsets``."""
        self.base, self.offsets = base, offsets
        self.misalign = None if misalign is None else misalign % BUFFER_ALIGN
        return self

    @property
    def slm(self) -> bool:
        return self.geometry.slm


def byte_offsets(ctx: FuncContext, offs: ir.Value, eb: int, name: str) -> ir.Value:
    """Element offsets times the element size (folded for vectors computed from constants)."""
    lanes = constant_lanes(offs)
    if lanes is not None:
        return ir.Constant(offs.type, [x * eb for x in lanes])
    return ctx.builder.mul(offs, splat(ctx, const(offs.type.element, eb), offs.type.count), name=name)


def int_of(c: object) -> int:
    return c.constant if isinstance(c, ir.Constant) else int(c)  # type: ignore[return-value]


def const_ints(v: ir.Value) -> list[int] | None:
    """The lanes of a constant vector literal, or None (no folding of instructions here)."""
    if isinstance(v, ir.Constant) and isinstance(v.constant, list):
        return [int_of(c) for c in v.constant]
    return None


def add_base(ctx: FuncContext, base: ir.Value, bytes_: ir.Value, name: str) -> ir.Value:
    """Lane addresses: the scalar ``base`` plus each lane's byte offset."""
    consts = const_ints(bytes_)
    cb = const_value(base)
    if cb is not None and consts is not None:
        return ir.Constant(bytes_.type, [cb + c for c in consts])
    if not ctx.target.int64_alu and base.type == I64 and consts is not None \
            and all(0 <= c < 1 << 31 for c in consts):
        # no 64-bit ALU: the base's low dword plus the offsets, its high dword plus the carries
        return lane_addresses(ctx, base, consts, name)
    return ctx.builder.add(splat(ctx, base, bytes_.type.count, name=name + ".base"), bytes_, name=name)


def _msg_addrs(ctx: FuncContext, d: ScatterDesc, m: Message, tag: str) -> ir.Value:
    """Addresses of one message: its lanes, moved to chunk element ``m.c0``."""
    lanes = Region.row(m.lanes, m.lane0)
    if m.c0 and d.base is not None and d.offsets is not None:
        offs = ctx.regions.read(d.offsets, lanes, name=tag + ".off")
        consts = constant_lanes(offs)
        if not ctx.target.int64_alu and consts is not None:  # the chunk element in the low dwords
            moved = ir.Constant(offs.type, [c + m.c0 * d.elem_bytes for c in consts])
            return add_base(ctx, d.base, moved, tag + ".addr")
        base = ctx.add(d.base, const(d.base.type, m.c0 * d.elem_bytes), name=tag + ".base")
        return add_base(ctx, base, offs, tag + ".addr")
    a = ctx.regions.read(d.addrs, lanes, name=tag + ".addr", raw=not m.c0)
    if m.c0:
        a = ctx.builder.add(
            a, splat(ctx, const(a.type.element, m.c0 * d.elem_bytes), m.lanes), name=tag + ".addr.c"
        )
    return a


def gathered(
    ctx: FuncContext, acc: ir.Value | None, data: ir.Value, m: Message, lanes: int, total: int, tag: str
) -> ir.Value:
    """Place one message's payload (vs rows of ``m.lanes``) into the chunk-major access vector."""
    if m.lanes == lanes and m.vs * lanes == total:
        return data
    if acc is None:
        acc = undef(ir.VectorType(data.type.element, total))
    if m.lanes == lanes:  # whole rows: one contiguous piece
        return ctx.regions.write(acc, data, Region.row(m.vs * lanes, m.c0 * lanes), name=tag + ".put",
                                raw=True)
    for v in range(m.vs):
        row = ctx.regions.read(data, Region.row(m.lanes, v * m.lanes), name=f"{tag}.r{v}")
        acc = ctx.regions.write(acc, row, Region.row(m.lanes, (m.c0 + v) * lanes + m.lane0),
                                name=f"{tag}.put{v}")
    return acc


def payload(ctx: FuncContext, soa: ir.Value, m: Message, lanes: int, tag: str) -> ir.Value:
    """The data of one store/atomic message, cut from the chunk-major access vector."""
    if m.lanes == lanes:
        return ctx.regions.read(soa, Region.row(m.vs * lanes, m.c0 * lanes), name=tag + ".data", raw=True)
    data = undef(ir.VectorType(soa.type.element, m.lanes * m.vs))
    for v in range(m.vs):
        row = ctx.regions.read(soa, Region.row(m.lanes, (m.c0 + v) * lanes + m.lane0), name=f"{tag}.r{v}")
        data = ctx.regions.write(data, row, Region.row(m.lanes, v * m.lanes), name=f"{tag}.d{v}")
    return data


def lsc_name(kind: str, d: ScatterDesc) -> str:
    return f"lsc.{kind}.{'slm' if d.slm else 'stateless'}"


def tagged(name: str, msgs: Sequence[_T]) -> list[tuple[str, _T]]:
    """Value-name prefix of each message (or block piece): the op's own name when one message
    does it all."""
    return [(name if len(msgs) == 1 else f"{name}.m{i}", m) for i, m in enumerate(msgs)]


def message_operands(
    ctx: FuncContext, d: ScatterDesc, mask: ir.Value, m: Message, unit: Unit, hints: tuple[int, int], tag: str
) -> dict:
    """The operands every non-transposed message of ``d`` shares: lanes, hints, shape, addresses."""
    return dict(
        pred=slice_mask(ctx, mask, m.lane0, m.lanes, tag + ".pred"),
        l1=hints[0],
        l3=hints[1],
        data_size=unit.data_size,
        vector_size=vector_size_word(m.vs),
        order="non_transpose",
        addr=_msg_addrs(ctx, d, m, tag),
    )


def gather(
    ctx: FuncContext, d: ScatterDesc, mask: ir.Value, hints: tuple[int, int], name: str, loc: Location
) -> ir.Value:
    """Load every lane x chunk element of ``d``: a chunk-major vector of element-width integers."""
    g, unit = d.geometry, scatter_unit(d.elem_bytes, loc)
    total = g.lanes * g.chunk
    acc = None
    for tag, m in tagged(name, plan_scatter(g.lanes, g.chunk, unit, ctx.target)):
        data = ctx.intr.call(
            ctx.builder,
            lsc_name("load", d),
            ret=ir.VectorType(unit.reg, m.lanes * m.vs),
            label=tag,
            **message_operands(ctx, d, mask, m, unit, hints, tag),
        )
        acc = gathered(ctx, acc, data, m, g.lanes, total, tag)
    assert acc is not None
    if unit.widened:  # drop the i32 containers of 8/16-bit data (the RFC's "packed back")
        acc = ctx.builder.trunc(
            acc, ir.VectorType(ir.IntType(unit.mem_bytes * 8), total), name=name + ".pack"
        )
    return acc


def scatter(
    ctx: FuncContext,
    d: ScatterDesc,
    mask: ir.Value,
    soa: ir.Value,
    hints: tuple[int, int],
    name: str,
    loc: Location,
) -> None:
    """Store a chunk-major vector of element-width integers to every lane x chunk element of ``d``."""
    g, unit = d.geometry, scatter_unit(d.elem_bytes, loc)
    if unit.widened:
        wide = ir.VectorType(unit.reg, soa.type.count)
        soa = _containers(soa, wide) or ctx.builder.zext(soa, wide, name=name + ".wide")
    for tag, m in tagged(name, plan_scatter(g.lanes, g.chunk, unit, ctx.target)):
        ctx.intr.call(
            ctx.builder,
            lsc_name("store", d),
            **message_operands(ctx, d, mask, m, unit, hints, tag),
            data=payload(ctx, soa, m, g.lanes, tag),
        )


def _containers(v: ir.Value, wide: ir.VectorType) -> ir.Value | None:
    """The 32-bit containers ``v`` was truncated from (through bitcasts), if it was: a gather's
    8/16-bit data stored again. The message stores only the low bits of each container, so they
    go as they came, without a zero-extension (a move per register)."""
    while isinstance(v, ir.CastInstr) and v.opname == "bitcast":
        v = v.operands[0]
    if isinstance(v, ir.CastInstr) and v.opname == "trunc" and v.operands[0].type == wide:
        return v.operands[0]
    return None


def prefetch(ctx: FuncContext, d: ScatterDesc, mask: ir.Value, hints: tuple[int, int], loc: Location) -> None:
    if d.slm:
        return  # SLM is on-chip: there is nothing to bring closer
    g, unit = d.geometry, scatter_unit(d.elem_bytes, loc)
    for i, m in enumerate(plan_scatter(g.lanes, g.chunk, unit, ctx.target)):
        ctx.intr.call(
            ctx.builder, "lsc.prefetch.stateless", **message_operands(ctx, d, mask, m, unit, hints, f"pf{i}")
        )


def all_lanes(n: int) -> ir.Constant:
    return ir.Constant(ir.VectorType(ir.IntType(1), n), [1] * n)
