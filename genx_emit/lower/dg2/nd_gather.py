"""2-D tiles on a target without 2D block messages (DG2 / Xe-HPG): masked gathers and scatters.

Xe-HPG has LSC but no 2D block load/store/prefetch (Intel's runtime reports no 2D block IO on
DG2, though IGC compiles such sends for it). Loads and stores go row by row (:mod:`nd_rows`)
where that is exact; this module is the general form they fall back on (a tile over an edge,
unaligned rows): a run-time loop over the tile rows (a transposed load: over its columns, each a
row of the result) with one masked gather or scatter per row message, lanes = the row's units,
each row written into the XeGPU layout (plain, array blocks, VNNI) by a region at a run-time
offset. Edge tiles are rare, so this code is kept small: the loops are marked not to be
unrolled. The predicate ``0 <= y + r < height && 0 <= x + c < width`` gives the 2D messages'
boundary behaviour: elements outside the surface read as zero and are not written. Unlike the
2D messages this path puts no rule on the surface (alignment, minimum width, pitch) or on the
tile shape. ``prefetch_nd`` is one gather-prefetch lane per cache line of each row of a tile
wholly inside its surface.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from llvmlite import ir

from genx_emit.diagnostics import Location
from genx_emit.emit import mark_no_unroll
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext, NdDesc, const, const_value
from genx_emit.lower.messages.addresses import lane_addresses, moved_lanes
from genx_emit.lower.messages.block2d import TRANSPOSE, VNNI
from genx_emit.lower.messages.gather import ScatterDesc, gather, prefetch, scatter
from genx_emit.lower.messages.lsc import plan_scatter, scatter_unit, splat
from genx_emit.lower.ranges import value_range
from genx_emit.mlir.types import IntegerType
from genx_emit.ops.scatter import Geometry
from genx_emit.targets import CACHE_LINE_BYTES

DWORD = 4  # bytes of a 32-bit lane, the alignment one needs


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


def tile_rows(d: NdDesc, unit: int, rows: int, x: ir.Value, y: ir.Value) -> ir.Value | None:
    """The descriptor's carried row addresses (:attr:`NdDesc.rows`) when they are this tile's:
    the descriptor's position, its element unit and ``rows`` rows; else None."""
    if d.rows is not None and x is d.x and y is d.y and unit == d.elem_bytes and d.rows.type.count == rows:
        return d.rows
    return None


def tile_start(ctx: FuncContext, d: NdDesc, unit: int, rows: int, cols: int, x: ir.Value, y: ir.Value,
               name: str) -> ir.Value:
    """The byte address of tile element (0, 0) (i64): ``base + y * pitch + x * unit``.

    With boundary_check on a surface of known size below 2 GiB the offset is computed in 32 bits
    (DG2 emulates 64-bit multiplies and adds) and added once, sign-extended: it is exact whenever
    any element of the tile is inside the surface (then ``-rows < y < height`` and ``-cols < x <
    width``), and an address is only used for elements inside (the others are masked off or the
    whole access is guarded)."""
    pitch32 = ctx.add(d.pitch_m1, const(I32, 1), name=name + ".pitch")
    # the sizes when constant (no add emitted for a run-time one only to find it is not)
    ch, cp, cw = (c + 1 if (c := const_value(v)) is not None else None
                  for v in (d.height_m1, d.pitch_m1, d.width_m1))
    if d.info.boundary_check and None not in (ch, cp, cw) \
            and max(rows, ch) * cp + max(cols * unit, cw) < 1 << 31:  # type: ignore[operator]
        rowoff = ctx.mul(y, pitch32, name=name + ".rowoff")
        off = ctx.add(rowoff, ctx.mul(x, const(I32, unit), name=name + ".coloff"), name=name + ".off")
        return ctx.add(d.base, ctx.resize(off, I64, name=name + ".off64"), name=name + ".start")
    pitch = ctx.resize(pitch32, I64, name=name + ".pitch64", signed=False)
    start = ctx.add(d.base, ctx.mul(ctx.resize(y, I64, name=name + ".y64"), pitch, name=name + ".rowoff"),
                    name=name + ".row0")
    return ctx.add(start, ctx.mul(ctx.resize(x, I64, name=name + ".x64"), const(I64, unit),
                                  name=name + ".coloff"), name=name + ".start")


def _tile(ctx: FuncContext, d: NdDesc, unit: int, rows: int, cols: int, x: ir.Value, y: ir.Value,
          name: str) -> _Tile:
    pitch = ctx.resize(ctx.add(d.pitch_m1, const(I32, 1), name=name + ".pitch"), I64, name=name + ".pitch64",
                       signed=False)
    start = tile_start(ctx, d, unit, rows, cols, x, y, name)
    if not d.info.boundary_check:
        return _Tile(start, pitch, x, y, None, None)
    height = ctx.add(d.height_m1, const(I32, 1), name=name + ".height")
    return _Tile(start, pitch, x, y, height, width_units(ctx, d, unit, name))


def and_(ctx: FuncContext, a: ir.Value | bool, b: ir.Value | bool, name: str) -> ir.Value | bool:
    """``a and b`` on compile-time booleans and i1 values, folding the known ones."""
    if a is False or b is False:
        return False
    if a is True:
        return b
    if b is True:
        return a
    return ctx.builder.and_(a, b, name=name)


def signed_le(ctx: FuncContext, a: ir.Value, b: ir.Value, name: str) -> ir.Value | bool:
    ca, cb = const_value(a), const_value(b)
    if ca is not None and cb is not None:
        return ca <= cb
    return ctx.builder.icmp_signed("<=", a, b, name=name)


def inside(ctx: FuncContext, pos: ir.Value, n: int, size: ir.Value, name: str) -> ir.Value | bool:
    """``0 <= pos && pos + n <= size`` (i32, signed: a negative position is outside); True when
    the position's range (:func:`value_range`) keeps it inside a constant size."""
    r, cs = value_range(pos), const_value(size)
    if r is not None and cs is not None and 0 <= r[0] and r[1] + n <= cs:
        return True
    low = signed_le(ctx, const(I32, 0), pos, name + ".lo")
    return and_(ctx, low, signed_le(ctx, ctx.add(pos, const(I32, n)), size, name + ".hi"), name)


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
           name: str) -> ScatterDesc:
    """Addresses of one message's tile elements (rows[i], cols[i]), built per message (a whole
    tile of 64-bit addresses would not fit in DG2's registers) as a scalar for the first lane
    plus a constant pattern of the other lanes relative to it: the messages of a tile mostly
    share their patterns, so the backend keeps a few constants live across a loop, not one per
    message."""
    n = len(rows)
    b = ctx.builder
    r0, c0 = rows[0], cols[0]
    drows = [r - r0 for r in rows]
    dcols = [c - c0 for c in cols]
    vi64 = ir.VectorType(I64, n)
    first = ctx.add(t.start, ctx.add(ctx.mul(t.pitch, const(I64, r0)), const(I64, c0 * unit)),
                    name=name + ".a0")
    dbytes = [dc * unit for dc in dcols]
    p = const_value(t.pitch)
    offsets = None if p is None else [dr * p + db for dr, db in zip(drows, dbytes, strict=True)]
    if offsets is not None and all(0 <= o < 1 << 31 for o in offsets):
        addrs = lane_addresses(ctx, first, offsets, name + ".addr")
    else:
        pattern = ir.Constant(vi64, offsets) if offsets is not None else _pitch_pattern(ctx, t, drows, dbytes,
                                                                                         name)
        addrs = b.add(splat(ctx, first, n, name=name + ".av"), pattern, name=name + ".addr")
    return ScatterDesc(Geometry((n,), 1, IntegerType(unit * 8), False), unit, addrs)


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


@dataclass
class _RowMessage:
    """One gather/scatter of a tile row: lanes [c0, c0 + lanes) of array block ``blk`` of the
    row, each moving ``move`` bytes at ``lane * move`` bytes into its block; ``pattern`` their
    byte offsets from the message's first byte, ``inside`` their columns inside the surface
    (loop-invariant)."""

    blk: int
    c0: int
    lanes: int
    first: int  # byte offset of the message's first lane in the row
    pattern: ir.Value  # <lanes x i64>
    inside: ir.Value  # <lanes x i1>


def _row_messages(ctx: FuncContext, t: _Tile, nb: int, n: int, move: int, unit: int,
                  name: str) -> list[_RowMessage]:
    """The messages covering a row of ``nb`` blocks of ``n`` lanes of ``move`` bytes (lane i of
    the row: unit column ``i * move // unit``), none straddling two blocks."""
    out = []
    for blk in range(nb):
        for tag, c0, lanes in _messages(ctx, n, move, f"{name}.b{blk}" if nb > 1 else name):
            l0 = blk * n + c0
            pattern = ir.Constant(ir.VectorType(I64, lanes), [i * move for i in range(lanes)])
            if t.width is None:
                inside: ir.Value = ir.Constant(ir.VectorType(ir.IntType(1), lanes), [1] * lanes)
            else:  # unsigned: a negative column wraps high
                cols = plus(ctx, t.x, [(l0 + i) * move // unit for i in range(lanes)], tag + ".x")
                inside = ctx.builder.icmp_unsigned("<", cols, splat(ctx, t.width, lanes, name=tag + ".wv"),
                                                   name=tag + ".inc")
            out.append(_RowMessage(blk, c0, lanes, l0 * move, pattern, inside))
    return out


def _row_loop(ctx: FuncContext, t: _Tile, H: int, acc: ir.Value | None,
              body: Callable[[ir.Value, ir.Value | RowAddress, ir.Value | bool, ir.Value | None],
                             ir.Value | None],
              name: str, column_bytes: int = 0) -> ir.Value | None:
    """A run-time loop over the tile's ``H`` rows: ``body(r, row address, row inside the
    surface, acc)`` returns the next ``acc`` (a value carried through the loop, or None). Edge
    tiles are rare, so their code is kept small: the loop is marked not to be unrolled.
    ``column_bytes``: the loop goes over ``H`` columns of that many bytes instead."""
    b = ctx.builder
    pre = b.block
    loop_bb = b.function.append_basic_block(name + ".row")
    done_bb = b.function.append_basic_block(name + ".rowsdone")
    b.branch(loop_bb)
    b.position_at_end(loop_bb)
    r = b.phi(I32, name=name + ".r")
    step = column_bytes if column_bytes else const_value(t.pitch)
    # a constant step: the loop carries the row's 32-bit offset from the start, not a 64-bit
    # address (DG2 emulates each 64-bit add: add with carry, carry add, moves)
    small = step is not None and (H - 1) * step < 1 << 30
    addr: ir.Value | RowAddress = b.phi(I32 if small else I64, name=name + (".ro" if small else ".ra"))
    phi = addr
    carried = None if acc is None else b.phi(acc.type, name=name + ".acc")
    row_in: ir.Value | bool = True
    pos, size = (t.x, t.width) if column_bytes else (t.y, t.height)
    if size is not None:  # unsigned: a negative row wraps high
        row_in = b.icmp_unsigned("<", b.add(pos, r, name=name + ".y"), size, name=name + ".inr")
    if small:
        assert step is not None
        addr = RowAddress(t.start, phi, (H - 1) * step)
    nxt = body(r, addr, row_in, carried)
    r1 = b.add(r, const(I32, 1), name=name + ".r1")
    if small:
        addr1 = b.add(phi, const(I32, step), name=name + ".ro1")
    else:
        addr1 = b.add(phi, const(I64, column_bytes) if column_bytes else t.pitch, name=name + ".ra1")
    last = b.block
    r.add_incoming(const(I32, 0), pre)
    r.add_incoming(r1, last)
    phi.add_incoming(const(I32, 0) if small else t.start, pre)
    phi.add_incoming(addr1, last)
    if carried is not None:
        assert acc is not None and nxt is not None
        carried.add_incoming(acc, pre)
        carried.add_incoming(nxt, last)
    mark_no_unroll(b.cbranch(b.icmp_unsigned("<", r1, const(I32, H), name=name + ".more"), loop_bb, done_bb))
    b.position_at_end(done_bb)
    return nxt


def _lane_mask(ctx: FuncContext, m: _RowMessage, row_in: ir.Value | bool, tag: str) -> ir.Value:
    """``m``'s lanes inside the surface in a row that is (``row_in``)."""
    if row_in is True:
        return m.inside
    return ctx.builder.and_(m.inside, splat(ctx, row_in, m.lanes, name=tag + ".rv"), name=tag + ".inb")


@dataclass
class RowAddress:
    """A row's address as the tile's start plus the row's i32 byte offset (at most ``limit``)."""

    start: ir.Value  # i64
    offset: ir.Value  # i32
    limit: int


def _row_desc(ctx: FuncContext, addr: ir.Value | RowAddress, m: _RowMessage, move: int,
              tag: str) -> ScatterDesc:
    """The lanes of ``m`` in the row at byte address ``addr``."""
    b = ctx.builder
    offs = [m.first + c for c in (const_value(e) for e in m.pattern.constant)] \
        if isinstance(m.pattern, ir.Constant) else None
    if isinstance(addr, RowAddress):
        if offs is not None and all(0 <= o and addr.limit + o < 1 << 31 for o in offs):
            addrs = lane_addresses(ctx, addr.start, offs, tag + ".addr", addr.offset)
            return ScatterDesc(Geometry((m.lanes,), 1, IntegerType(move * 8), False), move, addrs)
        addr = b.add(addr.start, b.zext(addr.offset, I64, name=tag + ".ro64"), name=tag + ".ra")
    if offs is None or not all(0 <= o < 1 << 31 for o in offs):
        first = addr if not m.first else b.add(addr, const(I64, m.first), name=tag + ".a")
        addrs = b.add(splat(ctx, first, m.lanes, name=tag + ".av"), m.pattern, name=tag + ".addr")
    else:
        addrs = lane_addresses(ctx, addr, offs, tag + ".addr")
    return ScatterDesc(Geometry((m.lanes,), 1, IntegerType(move * 8), False), move, addrs)



def _zero_filled_gather(ctx: FuncContext, addr: ir.Value | RowAddress, m: _RowMessage, move: int,
                        within: ir.Value | bool, hints: tuple[int, int], tag: str, loc: Location) -> ir.Value:
    """The lanes of ``m`` at ``addr`` that lie inside the surface (and ``within``); the others
    read zero, as the 2D messages' out-of-surface elements do (a masked gather leaves them
    undefined)."""
    mask = _lane_mask(ctx, m, within, tag)
    bits = gather(ctx, _row_desc(ctx, addr, m, move, tag), mask, hints, tag, loc)
    if isinstance(mask, ir.Constant):
        return bits
    return ctx.builder.select(mask, bits, ir.Constant(bits.type, [0] * m.lanes), name=tag + ".zf")

def load_rows(ctx: FuncContext, t: _Tile, H: int, nb: int, n: int, f: int, move: int, unit: int,
              hints: tuple[int, int], name: str, loc: Location) -> ir.Value:
    """The tile's ``H`` rows of ``nb`` blocks of ``n`` lanes (``move`` bytes each), zero outside
    the surface, laid out ``[nb][H/f][n][f]`` (plain: f = 1): one
    masked gather per row (lanes = the row's units) in a run-time loop, each row written in
    place by a region at a run-time offset."""
    msgs = _row_messages(ctx, t, nb, n, move, unit, name)
    elem = ir.IntType(move * 8)

    def body(r: ir.Value, addr: ir.Value, row_in: ir.Value | bool, acc: ir.Value | None) -> ir.Value:
        assert acc is not None
        b = ctx.builder
        if f == 1:
            at = b.mul(r, const(I32, n), name=name + ".at")
        else:  # row r = g * f + k sits at g * n * f + k, stride f
            g, k = b.udiv(r, const(I32, f), name=name + ".g"), b.urem(r, const(I32, f), name=name + ".k")
            at = b.add(b.mul(g, const(I32, n * f), name=name + ".gn"), k, name=name + ".at")
        for i, m in enumerate(msgs):
            tag = f"{name}.g{i}"
            bits = _zero_filled_gather(ctx, addr, m, move, row_in, hints, tag, loc)
            dst = Region.row(m.lanes, m.blk * H * n + m.c0 * f, stride=f).with_var(at)
            acc = ctx.regions.write(acc, bits, dst, name=tag + ".put")
        return acc

    out = _row_loop(ctx, t, H, undef(ir.VectorType(elem, H * n * nb)), body, name)
    assert out is not None
    return out


def load_columns(ctx: FuncContext, t: _Tile, H: int, W: int, unit: int, hints: tuple[int, int], name: str,
                 loc: Location) -> ir.Value:
    """The transposed ``[W][H]`` layout of the tile, zero outside the surface: a run-time loop
    over its ``W`` columns, each one masked gather of the column's ``H`` units (lanes = rows),
    which is a row of the result, written in place."""
    b = ctx.builder
    msgs = []
    p = const_value(t.pitch)
    for tag, l0, lanes in _messages(ctx, H, unit, name):
        vi64 = ir.VectorType(I64, lanes)
        if p is not None:
            pattern: ir.Value = ir.Constant(vi64, [(l0 + i) * p for i in range(lanes)])
        else:
            pattern = b.mul(ir.Constant(vi64, list(range(l0, l0 + lanes))),
                            splat(ctx, t.pitch, lanes, name=tag + ".pv"), name=tag + ".rows")
        if t.height is None:
            inside: ir.Value = ir.Constant(ir.VectorType(ir.IntType(1), lanes), [1] * lanes)
        else:  # unsigned: a negative row wraps high
            inside = b.icmp_unsigned("<", plus(ctx, t.y, list(range(l0, l0 + lanes)), tag + ".y"),
                                     splat(ctx, t.height, lanes, name=tag + ".hv"), name=tag + ".inr")
        msgs.append(_RowMessage(0, l0, lanes, 0, pattern, inside))

    def body(c: ir.Value, addr: ir.Value, col_in: ir.Value | bool, acc: ir.Value | None) -> ir.Value:
        assert acc is not None
        at = b.mul(c, const(I32, H), name=name + ".at")
        for i, m in enumerate(msgs):
            tag = f"{name}.g{i}"
            bits = _zero_filled_gather(ctx, addr, m, unit, col_in, hints, tag, loc)
            acc = ctx.regions.write(acc, bits, Region.row(m.lanes, m.c0).with_var(at), name=tag + ".put")
        return acc

    acc0 = undef(ir.VectorType(ir.IntType(unit * 8), H * W))
    out = _row_loop(ctx, t, W, acc0, body, name, column_bytes=unit)
    assert out is not None
    return out


def load(ctx: FuncContext, d: NdDesc, kind: str, H: int, W: int, nb: int, unit: int, x: ir.Value,
         y: ir.Value, hints: tuple[int, int], name: str, loc: Location) -> ir.Value:
    """The XeGPU result of a 2-D load as ``<n x i(unit*8)>`` (``W`` in ``unit``-byte columns):
    plain and VNNI tiles are gathered in place; a transposed one row-major, then transposed."""
    f = 4 // unit if kind == VNNI else 1
    t = _tile(ctx, d, unit, H, W * nb, x, y, name)
    # 64-bit units of 32-bit data (transpose_bit_width = 64): rows may be only dword aligned, so
    # each unit travels as two dword lanes under the unit's predicate.
    move = DWORD if unit == 8 and d.elem_bytes < unit else unit
    if kind == TRANSPOSE and move == unit:
        return load_columns(ctx, t, H, W, unit, hints, name + ".cols", loc)
    rows = load_rows(ctx, t, H, nb, W * unit // move, f, move, unit, hints, name + ".rows", loc)
    if move != unit:
        rows = ctx.builder.bitcast(rows, ir.VectorType(ir.IntType(unit * 8), H * W * nb), name=name + ".u")
    if kind == TRANSPOSE:
        return ctx.regions.transpose(rows, H, W, name=name)
    return rows


# The row loop of a store reads its rows at a run-time offset, which makes the backend hold what it
# reads in one contiguous register block: a GEMM's C tile, joined from its accumulators, would be
# copied whole before the fast / slow branch (a second copy of the accumulators, and spills). So
# the rows are stored in groups of at most this many GRFs, each group copied out of the tile by
# constant regions (inside the slow path) and stored by its own row loop.
ROW_GROUP_MAX_GRFS = 64


def store(ctx: FuncContext, d: NdDesc, H: int, W: int, nb: int, unit: int, x: ir.Value, y: ir.Value,
          bits: ir.Value, hints: tuple[int, int], name: str, loc: Location) -> None:
    """Store ``bits`` (``<nb*H*W x i(unit*8)>``, blocks of row-major rows) to the tile at (x, y):
    one masked scatter per block row, in run-time loops over groups of rows."""
    t = _tile(ctx, d, unit, H, W * nb, x, y, name)
    msgs = _row_messages(ctx, t, nb, W, unit, unit, name)
    row_bytes = W * nb * unit
    group = max(1, min(H, ROW_GROUP_MAX_GRFS * ctx.target.grf_bytes // row_bytes))
    for g0 in range(0, H, group):
        rows = min(group, H - g0)
        gname = name if rows == H else f"{name}.h{g0}"
        part = bits
        if rows < H:  # the group's rows, [nb][rows][W]
            part = undef(ir.VectorType(bits.type.element, rows * W * nb))
            for blk in range(nb):
                part = ctx.regions.copy(part, bits, Region.row(rows * W, blk * H * W + g0 * W),
                                        Region.row(rows * W, blk * rows * W), name=f"{gname}.part{blk}")
        sub = _Tile(ctx.add(t.start, ctx.mul(t.pitch, const(I64, g0)), name=gname + ".gs"), t.pitch, t.x,
                    ctx.add(t.y, const(I32, g0), name=gname + ".gy"), t.height, t.width)

        def body(r: ir.Value, addr: ir.Value, row_in: ir.Value | bool, _: ir.Value | None,
                 part: ir.Value = part, rows: int = rows, gname: str = gname) -> None:
            at = ctx.builder.mul(r, const(I32, W), name=gname + ".at")
            for i, m in enumerate(msgs):
                tag = f"{gname}.s{i}"
                data = ctx.regions.read(part, Region.row(m.lanes, m.blk * rows * W + m.c0).with_var(at),
                                        name=tag + ".data")
                mask = _lane_mask(ctx, m, row_in, tag)
                scatter(ctx, _row_desc(ctx, addr, m, unit, tag), mask, data, hints, tag, loc)

        _row_loop(ctx, sub, rows, None, body, gname + ".rows")


def prefetch_columns(W: int, unit: int) -> list[int]:
    """Columns of a ``W``-unit row whose addresses are at most a cache line apart, first and
    last included: between them they touch every line the row spans, however it is aligned."""
    return sorted(set(range(0, W, max(1, CACHE_LINE_BYTES // unit))) | {W - 1})


def prefetch_tile(ctx: FuncContext, d: NdDesc, H: int, W: int, unit: int, x: ir.Value, y: ir.Value,
                  hints: tuple[int, int], loc: Location) -> None:
    """Bring every cache line of the tile closer: per row, one lane each ``CACHE_LINE_BYTES`` bytes and
    one at the last element (samples at most a line apart touch every line the row spans).

    A prefetch is a hint, so only a tile wholly inside its surface is prefetched (an edge tile's
    lines are left to its loads): one scalar predicate for all lanes, and the lanes' addresses
    constant offsets from the tile's start instead of per-element boundary checks."""
    row_cols = prefetch_columns(W, unit)
    # column-major lanes: each message's offsets are runs of ``r * pitch + c``, progressions IGC
    # builds from a packed immediate and a multiply, not lane by lane
    rows = list(range(H)) * len(row_cols)
    cols = [c for c in row_cols for _ in range(H)]
    messages = _messages(ctx, len(rows), unit, "pf")
    carried = tile_rows(d, unit, H, x, y) if not d.info.boundary_check else None
    if carried is not None:
        picks = [_whole_columns(rows[l0:l0 + n], cols[l0:l0 + n], H) for _, l0, n in messages]
        if None not in picks:  # lanes of the loop's carried row addresses, moved to each column
            at_col: dict[int, ir.Value] = {}
            for (tag, _, lanes), runs in zip(messages, picks, strict=True):
                addrs = _from_rows(ctx, carried, runs, unit, at_col, tag)  # type: ignore[arg-type]
                sd = ScatterDesc(Geometry((lanes,), 1, IntegerType(unit * 8), False), unit, addrs)
                prefetch(ctx, sd, ir.Constant(ir.VectorType(ir.IntType(1), lanes), [1] * lanes), hints, loc)
            return
    t = _tile(ctx, d, unit, H, W, x, y, "pf")
    whole: ir.Value | bool = True
    if t.height is not None and t.width is not None:
        whole = and_(ctx, inside(ctx, t.x, W, t.width, "pf.cols"), inside(ctx, t.y, H, t.height, "pf.rows"),
                     "pf.in")
    if whole is False:
        return
    p = const_value(t.pitch)
    for tag, l0, lanes in messages:
        offsets = None if p is None else [r * p + c * unit for r, c in zip(rows[l0:l0 + lanes],
                                                                           cols[l0:l0 + lanes], strict=True)]
        if offsets is None or not all(0 <= o < 1 << 31 for o in offsets):
            sd = _lanes(ctx, t, rows[l0:l0 + lanes], cols[l0:l0 + lanes], unit, tag)
        else:
            addrs = lane_addresses(ctx, t.start, offsets, tag + ".addr")
            sd = ScatterDesc(Geometry((lanes,), 1, IntegerType(unit * 8), False), unit, addrs)
        # every lane of a tile inside is inside: the one tile-wide predicate is all they need
        pred = ir.Constant(ir.VectorType(ir.IntType(1), lanes), [1] * lanes) if whole is True \
            else splat(ctx, whole, lanes, name=tag + ".wv")
        prefetch(ctx, sd, pred, hints, loc)


def _whole_columns(rows: list[int], cols: list[int], H: int) -> list[tuple[int, int, int]] | None:
    """One message's lanes as runs of consecutive rows of one column each, (column, first row,
    count), when there are at most two (lanes of at most two column vectors), else None."""
    runs: list[tuple[int, int, int]] = []
    for r, c in zip(rows, cols, strict=True):
        if runs and runs[-1][0] == c and runs[-1][1] + runs[-1][2] == r:
            runs[-1] = (c, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((c, r, 1))
    return runs if len(runs) <= 2 and all(0 <= r0 and r0 + n <= H for _, r0, n in runs) else None


def _from_rows(ctx: FuncContext, rows_v: ir.Value, runs: list[tuple[int, int, int]], unit: int,
               at_col: dict[int, ir.Value], tag: str) -> ir.Value:
    """One prefetch message's lanes from the carried row addresses ``rows_v``: the rows moved by
    each run's column bytes (one vector per column, shared by the messages), its rows picked."""
    for c, _, _ in runs:
        if c not in at_col:
            at_col[c] = moved_lanes(ctx, rows_v, c * unit, f"{tag}.c{c}")
    H = rows_v.type.count
    if len(runs) == 1 and runs[0][1:] == (0, H):
        return at_col[runs[0][0]]
    first, second = at_col[runs[0][0]], at_col[runs[-1][0]]
    lanes = [runs[0][1] + i for i in range(runs[0][2])]
    if len(runs) == 2:
        lanes += [(H if second is not first else 0) + runs[1][1] + i for i in range(runs[1][2])]
    mask = ir.Constant(ir.VectorType(I32, len(lanes)), lanes)
    return ctx.builder.shuffle_vector(first, second, mask, name=tag + ".addr")
