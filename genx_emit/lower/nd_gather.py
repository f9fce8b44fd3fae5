"""2-D tiles on a target without 2D block messages (DG2 / Xe-HPG): per-element LSC messages.

Xe-HPG has LSC but no 2D block load/store/prefetch (Intel's runtime reports no 2D block IO on
DG2, though IGC compiles such sends for it). Loads and stores go row by row (:mod:`nd_rows`)
where that is exact; this module is the general form they fall back on (a tile over the left or
right edge, unaligned rows) and the form of ``prefetch_nd``: gathers and scatters with one
element per lane.
Each lane's element is chosen so that the gathered vector already *is* the XeGPU result layout
(plain row-major, VNNI, transposed, array blocks): no region shuffling afterwards. The predicate
``0 <= y + r < height && 0 <= x + c < width`` gives the 2D messages' boundary behaviour: elements
outside the surface read as zero and are not written. Unlike the 2D messages this path puts no
rule on the surface (alignment, minimum width, pitch) or on the tile shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from llvmlite import ir

from genx_emit.diagnostics import Location
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.block2d import PLAIN, TRANSPOSE, VNNI
from genx_emit.lower.context import I32, I64, FuncContext, NdDesc, const, const_value
from genx_emit.lower.lsc import plan_scatter, scatter_unit, splat
from genx_emit.lower.scatter import ScatterDesc, gather, prefetch, scatter
from genx_emit.mlir.types import IntegerType
from genx_emit.ops.scatter import Geometry
from genx_emit.targets import CACHE_LINE_BYTES

DWORD = 4  # bytes of a 32-bit lane, the alignment one needs


def element_order(kind: str, H: int, W: int, nb: int, f: int) -> Iterator[tuple[int, int]]:
    """(row, column) of the tile element at each position of the XeGPU result, in order.

    ``W`` columns per block, ``nb`` blocks side by side (array_length), ``f`` rows per VNNI
    dword. Plain: ``[nb][H][W]``; VNNI: ``[nb][H/f][W][f]``; transposed (nb = 1): ``[W][H]``."""
    if kind == TRANSPOSE:
        for c in range(W):
            for r in range(H):
                yield r, c
        return
    for b in range(nb):
        if kind == VNNI:
            for rg in range(H // f):
                for c in range(W):
                    for k in range(f):
                        yield rg * f + k, b * W + c
        else:
            for r in range(H):
                for c in range(W):
                    yield r, b * W + c


@dataclass
class _Tile:
    """What every lane's address and predicate derive from: the byte address of tile element
    (0, 0), the pitch, and (when boundary_check) the position and surface size in units."""

    start: ir.Value  # i64
    pitch: ir.Value  # i64 bytes
    x: ir.Value  # i32 column of element (0, 0), in units
    y: ir.Value  # i32 row of element (0, 0)
    height: ir.Value | None  # i32 rows; None: no boundary check
    width: ir.Value | None  # i32 whole units per row
    patterns: dict = field(default_factory=dict)  # run-time pitch: lane offset patterns made so far


def _tile(ctx: FuncContext, d: NdDesc, unit: int, x: ir.Value, y: ir.Value, name: str) -> _Tile:
    pitch = ctx.resize(ctx.add(d.pitch_m1, const(I32, 1), name=name + ".pitch"), I64, name=name + ".pitch64",
                       signed=False)
    start = ctx.add(d.base, ctx.mul(ctx.resize(y, I64, name=name + ".y64"), pitch, name=name + ".rowoff"),
                    name=name + ".row0")
    start = ctx.add(start, ctx.mul(ctx.resize(x, I64, name=name + ".x64"), const(I64, unit),
                                   name=name + ".coloff"), name=name + ".start")
    if not d.info.boundary_check:
        return _Tile(start, pitch, x, y, None, None)
    height = ctx.add(d.height_m1, const(I32, 1), name=name + ".height")
    return _Tile(start, pitch, x, y, height, width_units(ctx, d, unit, name))


def width_units(ctx: FuncContext, d: NdDesc, unit: int, name: str) -> ir.Value:
    """Whole ``unit``-byte columns of the surface (i32): a unit only partly inside counts as
    outside."""
    width = ctx.add(d.width_m1, const(I32, 1), name=name + ".width")
    cw = const_value(width)
    if unit == 1:
        return width
    if cw is not None:
        return const(I32, cw // unit)
    return ctx.builder.udiv(width, const(I32, unit), name=name + ".wunits")


def _lanes(ctx: FuncContext, t: _Tile, rows: list[int], cols: list[int], unit: int,
           name: str, halves: list[int] | None = None) -> tuple[ScatterDesc, ir.Value]:
    """Addresses of one message's tile elements (rows[i], cols[i]) and their in-surface
    predicate, built per message (a whole tile of 64-bit addresses would not fit in DG2's
    registers) as a scalar for the first lane plus a constant pattern of the other lanes
    relative to it: the messages of a tile mostly share their patterns, so the backend keeps a
    few constants live across a loop, not one per message. ``halves``: each lane moves the
    dword at this many bytes into its ``unit`` (a 64-bit unit as two 32-bit lanes)."""
    n = len(rows)
    half = halves or [0] * n
    move = unit if halves is None else DWORD
    b = ctx.builder
    r0, c0 = rows[0], cols[0]
    drows = [r - r0 for r in rows]
    dcols = [c - c0 for c in cols]
    vi64 = ir.VectorType(I64, n)
    first = ctx.add(t.start, ctx.add(ctx.mul(t.pitch, const(I64, r0)), const(I64, c0 * unit + half[0])),
                    name=name + ".a0")
    dbytes = [dc * unit + h - half[0] for dc, h in zip(dcols, half, strict=True)]
    p = const_value(t.pitch)
    if p is not None:
        pattern: ir.Value = ir.Constant(vi64, [dr * p + db for dr, db in zip(drows, dbytes, strict=True)])
    else:
        pattern = _pitch_pattern(ctx, t, drows, dbytes, name)
    addrs = b.add(splat(ctx, first, n, name=name + ".av"), pattern, name=name + ".addr")
    sd = ScatterDesc(Geometry((n,), 1, IntegerType(move * 8), False), move, addrs)
    if t.height is None or t.width is None:
        return sd, ir.Constant(ir.VectorType(ir.IntType(1), n), [1] * n)
    # Unsigned compares: a negative coordinate wraps to a huge one, so one compare covers both ends.
    yv = plus(ctx, ctx.add(t.y, const(I32, r0)), drows, name + ".y")
    xv = plus(ctx, ctx.add(t.x, const(I32, c0)), dcols, name + ".x")
    in_rows = b.icmp_unsigned("<", yv, splat(ctx, t.height, n, name=name + ".hv"), name=name + ".inr")
    in_cols = b.icmp_unsigned("<", xv, splat(ctx, t.width, n, name=name + ".wv"), name=name + ".inc")
    return sd, b.and_(in_rows, in_cols, name=name + ".inb")


def _pitch_pattern(ctx: FuncContext, t: _Tile, drows: list[int], dbytes: list[int], name: str) -> ir.Value:
    """``drows * pitch + dbytes`` for a run-time pitch, computed once per distinct pattern of the
    tile (``t.patterns``)."""
    key = (tuple(drows), tuple(dbytes))
    if key not in t.patterns:
        vi64 = ir.VectorType(I64, len(drows))
        col_bytes = ir.Constant(vi64, dbytes)
        if any(drows):
            pv = splat(ctx, t.pitch, len(drows), name=name + ".pv")
            rows = ctx.builder.mul(ir.Constant(vi64, drows), pv, name=name + ".rows")
            t.patterns[key] = ctx.builder.add(rows, col_bytes, name=name + ".pat")
        else:
            t.patterns[key] = col_bytes
    return t.patterns[key]


def plus(ctx: FuncContext, v: ir.Value, steps: list[int], name: str) -> ir.Value:
    cv = const_value(v)
    vt = ir.VectorType(I32, len(steps))
    if cv is not None:
        return ir.Constant(vt, [cv + s for s in steps])
    if not any(steps):
        return splat(ctx, v, len(steps), name=name)
    return ctx.builder.add(splat(ctx, v, len(steps), name=name + ".s"), ir.Constant(vt, steps), name=name)


def _messages(ctx: FuncContext, n: int, unit: int, name: str) -> list[tuple[str, int, int]]:
    """(value name, first lane, lanes) of the messages covering ``n`` one-element lanes."""
    msgs = plan_scatter(n, 1, scatter_unit(unit, None), ctx.target)
    return [(name if len(msgs) == 1 else f"{name}.m{i}", m.lane0, m.lanes) for i, m in enumerate(msgs)]


def load(ctx: FuncContext, d: NdDesc, kind: str, H: int, W: int, nb: int, unit: int, x: ir.Value,
         y: ir.Value, hints: tuple[int, int], name: str, loc: Location) -> ir.Value:
    """The XeGPU result of a 2-D load as ``<n x i(unit*8)>`` (``W`` in ``unit``-byte columns)."""
    f = 4 // unit if kind == VNNI else 1
    rows, cols = (list(t) for t in zip(*element_order(kind, H, W, nb, f), strict=True))
    t = _tile(ctx, d, unit, x, y, name)
    if unit == 8 and d.elem_bytes < unit:
        # 64-bit units of 32-bit data (transpose_bit_width = 64): rows may be only dword aligned,
        # so each unit travels as two dword lanes under the unit's predicate.
        rows, cols = [r for r in rows for _ in range(2)], [c for c in cols for _ in range(2)]
        dwords = _gather_lanes(ctx, t, rows, cols, unit, [0, DWORD] * (len(rows) // 2), hints, name, loc)
        return ctx.builder.bitcast(dwords, ir.VectorType(I64, len(rows) // 2), name=name + ".u64")
    return _gather_lanes(ctx, t, rows, cols, unit, None, hints, name, loc)


def _gather_lanes(ctx: FuncContext, t: _Tile, rows: list[int], cols: list[int], unit: int,
                  halves: list[int] | None, hints: tuple[int, int], name: str, loc: Location) -> ir.Value:
    """The tile elements (rows[i], cols[i]) in order, zero outside the surface."""
    n = len(rows)
    acc: ir.Value | None = None
    for tag, l0, lanes in _messages(ctx, n, unit if halves is None else DWORD, name):
        part = None if halves is None else halves[l0:l0 + lanes]
        sd, pred = _lanes(ctx, t, rows[l0:l0 + lanes], cols[l0:l0 + lanes], unit, tag, part)
        bits = gather(ctx, sd, pred, hints, tag, loc)
        if not isinstance(pred, ir.Constant):  # masked lanes are undefined; 2D loads read zero
            bits = ctx.builder.select(pred, bits, ir.Constant(bits.type, [0] * lanes), name=tag + ".zf")
        if lanes == n:
            return bits
        if acc is None:
            acc = undef(ir.VectorType(bits.type.element, n))
        acc = ctx.regions.write(acc, bits, Region.row(lanes, l0), name=tag + ".put", raw=True)
    assert acc is not None
    return acc


def store(ctx: FuncContext, d: NdDesc, H: int, W: int, nb: int, unit: int, x: ir.Value, y: ir.Value,
          bits: ir.Value, hints: tuple[int, int], name: str, loc: Location) -> None:
    """Store ``bits`` (``<nb*H*W x i(unit*8)>``, blocks of row-major rows) to the tile at (x, y)."""
    rows, cols = (list(t) for t in zip(*element_order(PLAIN, H, W, nb, 1), strict=True))
    t = _tile(ctx, d, unit, x, y, name)
    n = len(rows)
    for tag, l0, lanes in _messages(ctx, n, unit, name):
        sd, pred = _lanes(ctx, t, rows[l0:l0 + lanes], cols[l0:l0 + lanes], unit, tag)
        data = bits if lanes == n else ctx.regions.read(bits, Region.row(lanes, l0), name=tag + ".data",
                                                        raw=True)
        scatter(ctx, sd, pred, data, hints, tag, loc)


def prefetch_columns(W: int, unit: int) -> list[int]:
    """Columns of a ``W``-unit row whose addresses are at most a cache line apart, first and
    last included: between them they touch every line the row spans, however it is aligned."""
    return sorted(set(range(0, W, max(1, CACHE_LINE_BYTES // unit))) | {W - 1})


def prefetch_tile(ctx: FuncContext, d: NdDesc, H: int, W: int, unit: int, x: ir.Value, y: ir.Value,
                  hints: tuple[int, int], loc: Location) -> None:
    """Bring every cache line of the tile closer: per row, one lane each ``CACHE_LINE_BYTES`` bytes and
    one at the last element (samples at most a line apart touch every line the row spans)."""
    row_cols = prefetch_columns(W, unit)
    rows = [r for r in range(H) for _ in row_cols]
    cols = row_cols * H
    t = _tile(ctx, d, unit, x, y, "pf")
    for tag, l0, lanes in _messages(ctx, len(rows), unit, "pf"):
        sd, pred = _lanes(ctx, t, rows[l0:l0 + lanes], cols[l0:l0 + lanes], unit, tag)
        prefetch(ctx, sd, pred, hints, loc)
