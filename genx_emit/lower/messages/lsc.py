"""LSC message planning shared by the scattered ops and 1-D block accesses.

A scattered access of L lanes x C elements per lane is cut into messages that the hardware
takes: at most ``lsc_max_simd`` lanes, a non-transposed vector size of 1, 2, 3, 4 or 8 (at most
``lsc_max_vector_64bit`` for 64-bit data), and a payload of at most ``lsc_max_payload_grfs``
registers. 8- and 16-bit data travel one element per lane in an i32 container (data sizes
u8u32 / u16u32), so their chunks go one element at a time.

Register layout of a non-transposed message (the reference, section 5): element v of lane n is
at ``v * N + n`` (structure of arrays). The emitter keeps a whole access in that layout,
"chunk-major": element c of lane l at ``c * L + l``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import load_table, undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext
from genx_emit.targets import Target

# LSC vector sizes, largest first: the words of the vector_size enum (v1 .. v64) in
# intrinsics/lsc.yaml. Transposed (SIMD1 block) messages take every one; non-transposed ones at
# most ``lsc_max_vector`` (``lsc_max_vector_64bit`` for 64-bit data).
VECTOR_SIZES = tuple(sorted((int(w[1:]) for w in load_table().enums["vector_size"].values), reverse=True))


@dataclass(frozen=True)
class Unit:
    """How one element travels: the LSC data size and the register type that holds it."""

    data_size: str  # data_size enum word
    reg: ir.IntType  # register element type in the payload
    mem_bytes: int

    @property
    def widened(self) -> bool:
        """8/16-bit data zero-extended into an i32 container."""
        return self.mem_bytes * 8 < self.reg.width


_UNITS = {
    1: Unit("u8u32", I32, 1),
    2: Unit("u16u32", I32, 2),
    4: Unit("u32", I32, 4),
    8: Unit("u64", I64, 8),
}


def scatter_unit(elem_bytes: int, loc: Location | None) -> Unit:
    if elem_bytes not in _UNITS:
        raise error(loc, f"no LSC data size for {elem_bytes}-byte elements")
    return _UNITS[elem_bytes]


def vector_size_word(n: int) -> str:
    return f"v{n}"


@dataclass(frozen=True)
class Message:
    """One scattered message: lanes [lane0, lane0 + lanes), chunk elements [c0, c0 + vs)."""

    lane0: int
    lanes: int
    c0: int
    vs: int


def greedy(total: int, sizes: tuple[int, ...] | list[int]) -> list[tuple[int, int]]:
    """(start, size) pieces covering ``total``: at each start the largest of ``sizes`` that fits
    (``sizes`` descending and ending in 1)."""
    out: list[tuple[int, int]] = []
    start = 0
    while start < total:
        size = next(s for s in sizes if s <= total - start)
        out.append((start, size))
        start += size
    return out


def plan_scatter(lanes: int, chunk: int, unit: Unit, target: Target, atomic: bool = False) -> list[Message]:
    """Messages covering ``lanes`` x ``chunk`` elements, lane groups inside chunk pieces."""
    if unit.widened or atomic:
        sizes: tuple[int, ...] = (1,)
    elif unit.reg.width == 64:
        sizes = tuple(s for s in VECTOR_SIZES if s <= target.lsc_max_vector_64bit)
    else:
        sizes = tuple(s for s in VECTOR_SIZES if s <= target.lsc_max_vector)
    pieces = greedy(chunk, sizes)
    budget = target.lsc_max_payload_grfs * target.grf_bytes
    out: list[Message] = []
    for c0, vs in pieces:
        lane0 = 0
        while lane0 < lanes:
            # The largest power-of-two group (an LSC execution size) that fits every limit.
            group = 1 << ((lanes - lane0).bit_length() - 1)
            while group > target.lsc_max_simd or group * vs * unit.reg.width // 8 > budget:
                group //= 2
            out.append(Message(lane0, group, c0, vs))
            lane0 += group
    return out


BLOCK_UNITS = (8, 4)  # D64, D32: the data sizes of transposed messages, the largest first


def plan_block(units: int, unit_bytes: int, target: Target) -> list[tuple[int, int]]:
    """(first unit, vector size) of the transposed SIMD1 messages that cover ``units`` D32/D64
    units: the largest legal vector size first, each payload within the register budget."""
    budget = target.lsc_max_payload_grfs * target.grf_bytes
    return greedy(units, [s for s in VECTOR_SIZES if s * unit_bytes <= budget])


def block_message(ctx: FuncContext, intrinsic: str, unit_bytes: int, vs: int, hints: tuple[int, int],
                  label: str, addr: ir.Value, data: ir.Value | None = None,
                  pred: ir.Value | bool = True) -> ir.Value:
    """One transposed SIMD1 message of ``vs`` D32/D64 units at ``addr``: a load's result (its
    ``label``), a store of ``data``, or a prefetch; sent where ``pred`` holds."""
    ret = ir.VectorType(ir.IntType(unit_bytes * 8), vs) if intrinsic.startswith("lsc.load") else None
    extra = {} if data is None else {"data": data}
    return ctx.intr.call(ctx.builder, intrinsic, ret=ret, label=label if ret else "", pred=pred, l1=hints[0],
                         l3=hints[1], data_size="u64" if unit_bytes == 8 else "u32",
                         vector_size=vector_size_word(vs), order="transpose", addr=addr, **extra)


@dataclass(frozen=True)
class Block:
    """A contiguous access sent as transposed SIMD1 block messages: ``units`` units of ``unit``
    bytes (D32/D64) from byte ``start`` past the access's address, in (first unit, vector size)
    pieces (:func:`plan_block`)."""

    unit: int
    units: int
    pieces: list[tuple[int, int]]
    start: int = 0


def block_load(ctx: FuncContext, blk: Block, ty: ir.Type, name: str,
               send: Callable[[tuple[int, int], str], ir.Value]) -> ir.Value:
    """The block's pieces loaded (``send(piece, label)`` makes one message) and put together,
    as ``ty``; one piece is the result as it is."""
    acc: ir.Value = undef(ir.VectorType(ir.IntType(blk.unit * 8), blk.units))
    one = len(blk.pieces) == 1
    for i, piece in enumerate(blk.pieces):
        tag = name if one else f"{name}.m{i}"
        msg = send(piece, tag)
        acc = msg if one else ctx.regions.write(acc, msg, Region.row(piece[1], piece[0]), name=tag + ".put",
                                                raw=True)
    return acc if acc.type == ty else ctx.builder.bitcast(acc, ty, name=name + ".v")


def splat(ctx: FuncContext, v: ir.Value, n: int, name: str = "") -> ir.Value:
    """``<n x T>`` with every element ``v`` (constants fold)."""
    vt = ir.VectorType(v.type, n)
    if isinstance(v, ir.Constant):
        return ir.Constant(vt, [v] * n)
    b = ctx.builder
    one = b.insert_element(undef(vt), v, ir.Constant(I32, 0), name=name + ".ins")
    return b.shuffle_vector(one, undef(vt), ir.Constant(ir.VectorType(I32, n), [0] * n), name=name)


def slice_mask(ctx: FuncContext, mask: ir.Value, start: int, n: int, name: str) -> ir.Value:
    """Lanes [start, start + n) of an ``<L x i1>`` predicate (see ``Regions.mask_cutter``)."""
    return ctx.regions.mask_cutter(mask, name)(start, n, name)
