"""2-D tiles on a target without 2D block messages (DG2 / Xe-HPG), row by row.

The fast path sends each tile row as SIMD1 *transposed* LSC block messages (one scalar address,
up to 64 dwords, D32), the row's address ``start + r * pitch`` a scalar, and builds the XeGPU
layout from the loaded rows: plain and array rows are written in place, VNNI interleaves the
``f`` rows of each dword group with strided region writes. A transposed load is one
non-transposed gather with one lane per tile row and the row's units as the lane's vector:
its structure-of-arrays result already is the transposed layout.

Row messages read and write whole rows, so they are exact only when the tile's columns lie
inside the surface and every row start is aligned. Where the columns are known inside, a row
outside the surface is predicated off (its load reads zero, its store writes nothing); where
they are not, a run-time guard (the whole tile inside, rows aligned) picks the row messages and
otherwise the rolled per-row gathers and scatters of :mod:`nd_gather`, which give the 2D
messages' boundary behaviour element by element. DG2 emulates 64-bit integer adds, so row
addresses are 32-bit offsets on the low dword of one start (guarded: no carry) or lanes of one
vector built from 32-bit halves (unguarded). A tile whose rows lie back to back (pitch = row
bytes) is sent as one run of 64-dword messages, and a transposed tile too big for one gather
is split by columns (all rows' lanes in each message).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from llvmlite import ir

from genx_emit.diagnostics import Location
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext, NdDesc, const, const_value, llvm_name
from genx_emit.lower.dg2 import nd_gather
from genx_emit.lower.dg2.inbounds import EXACT, INSIDE, Prefix, SharedCheck
from genx_emit.lower.messages.addresses import lane_addresses, moved_lanes
from genx_emit.lower.messages.block2d import TRANSPOSE, VNNI
from genx_emit.lower.messages.gather import ScatterDesc, all_lanes, gather
from genx_emit.lower.messages.lsc import VECTOR_SIZES, block_message, greedy, plan_block, splat
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import IntegerType
from genx_emit.ops.control import For, Yield
from genx_emit.ops.nd import LoadNd, PrefetchNd, UpdateNdOffset
from genx_emit.ops.scatter import Geometry

DWORD = nd_gather.DWORD  # row messages move D32 units: a row start must be aligned to one
I1 = ir.IntType(1)


@dataclass
class _Rows:
    """Where the tile's rows start: the byte address of element (0, 0) and the row pitch.

    ``narrow``: the tile's row addresses are known (guarded) to share the high 32 bits of
    ``start``, so each is ``start`` with ``low32(start) + offset`` in its low dword. DG2 has no
    64-bit integer ALU: a 64-bit add is an add-with-carry, an add of the carry and two moves
    into the message payload, while this is one qword copy and one 32-bit add."""

    start: ir.Value  # i64
    pitch: ir.Value  # i64 bytes
    y: ir.Value  # i32 row of element (0, 0)
    height: ir.Value | None  # i32 rows of the surface; None: no boundary check
    narrow: bool = False
    count: int = 0  # rows of the tile
    rows_at: dict = field(default_factory=dict)  # byte offset in the row -> <count x i64> row addresses

    def row_in(self, ctx: FuncContext, r: int, name: str) -> ir.Value | bool:
        """Whether tile row ``r`` lies inside the surface (unsigned: a negative row wraps high)."""
        if self.height is None:
            return True
        yr = ctx.add(self.y, const(I32, r))
        cy, ch = const_value(yr), const_value(self.height)
        if cy is not None and ch is not None:
            return 0 <= cy < ch
        return ctx.builder.icmp_unsigned("<", yr, self.height, name=name + ".in")

    def lanes_in(self, ctx: FuncContext, H: int, name: str) -> ir.Value:
        """``<H x i1>``: tile row r inside the surface, for lanes r = 0 .. H-1."""
        if self.height is None:
            return all_lanes(H)
        yv = nd_gather.plus(ctx, self.y, list(range(H)), name + ".yv")
        hv = splat(ctx, self.height, H, name=name + ".hv")
        if isinstance(yv, ir.Constant) and isinstance(hv, ir.Constant):
            return ir.Constant(ir.VectorType(I1, H), [self.row_in(ctx, r, name) for r in range(H)])
        return ctx.builder.icmp_unsigned("<", yv, hv, name=name + ".in")


def _rows(ctx: FuncContext, d: NdDesc, unit: int, rows: int, cols: int, x: ir.Value, y: ir.Value,
          name: str, carried: bool = False) -> _Rows:
    """``carried``: the rows may be the descriptor's carried row addresses (when they are this
    tile's: the descriptor's position, its element unit and row count)."""
    pitch = ctx.resize(ctx.add(d.pitch_m1, const(I32, 1)), I64, name=name + ".pitch", signed=False)
    height = ctx.add(d.height_m1, const(I32, 1), name=name + ".height") if d.info.boundary_check else None
    own = nd_gather.tile_rows(d, unit, rows, x, y) if carried else None
    if own is not None:
        start = ctx.builder.extract_element(own, const(I32, 0), name=name + ".start")
        return _Rows(start, pitch, y, height, count=rows, rows_at={0: own})
    start = nd_gather.tile_start(ctx, d, unit, rows, cols, x, y, name)  # the same as the slow path's
    return _Rows(start, pitch, y, height, count=rows)


def _row_address(ctx: FuncContext, t: _Rows, r: int, extra: int, name: str) -> ir.Value:
    """The byte address ``start + r * pitch + extra`` (i64)."""
    if r == 0 and extra == 0:
        return t.start
    rows = t.count
    if not t.narrow:  # all rows' addresses in one vector add (emulated once), each a lane
        if extra not in t.rows_at and 0 in t.rows_at and extra < 1 << 31:  # the carried rows, moved
            t.rows_at[extra] = moved_lanes(ctx, t.rows_at[0], extra, name + ".rows")
        if extra not in t.rows_at:
            vi64 = ir.VectorType(I64, rows)
            p = const_value(t.pitch)
            if p is not None and (rows - 1) * p + extra < 1 << 31:
                offsets = [k * p + extra for k in range(rows)]
                t.rows_at[extra] = lane_addresses(ctx, t.start, offsets, name + ".rows")
            else:
                offs = ctx.builder.add(ctx.builder.mul(ir.Constant(vi64, list(range(rows))),
                                                       splat(ctx, t.pitch, rows, name=name + ".pv")),
                                       ir.Constant(vi64, [extra] * rows), name=name + ".offs")
                t.rows_at[extra] = ctx.builder.add(splat(ctx, t.start, rows, name=name + ".sv"), offs,
                                                   name=name + ".rows")
        return ctx.builder.extract_element(t.rows_at[extra], const(I32, r), name=name)
    b = ctx.builder
    halves = b.bitcast(t.start, ir.VectorType(I32, 2), name=name + ".hl")
    lo = b.extract_element(halves, const(I32, 0), name=name + ".lo0")
    pitch = ctx.resize(t.pitch, I32, name=name + ".p32")
    off = ctx.add(ctx.mul(pitch, const(I32, r)), const(I32, extra))
    lo = ctx.add(lo, off, name=name + ".lo")
    return b.bitcast(b.insert_element(halves, lo, const(I32, 0), name=name + ".hl2"), I64, name=name)


def _no_carry(ctx: FuncContext, t: _Rows, rows: int, extra: int, name: str) -> ir.Value | bool:
    """Whether ``start + r * pitch + extra`` for r < ``rows`` all share ``start``'s high 32 bits
    (the condition of :attr:`_Rows.narrow`): ``low32(start) + (rows - 1) * pitch + extra``
    stays below 2**32, computed in 64 bits (a run-time pitch times the rows may pass 32)."""
    span = ctx.add(ctx.mul(t.pitch, const(I64, rows - 1)), const(I64, extra))
    lo = ctx.builder.trunc(t.start, I32, name=name + ".lo32")
    cs = const_value(span)
    if cs is not None:
        if cs >= 1 << 32:
            return False
        return ctx.builder.icmp_unsigned("<=", lo, const(I32, (1 << 32) - 1 - cs), name=name + ".nc")
    end = ctx.builder.add(ctx.builder.zext(lo, I64, name=name + ".lo64"), span, name=name + ".end")
    return ctx.builder.icmp_unsigned("<", end, const(I64, 1 << 32), name=name + ".nc")


def _narrowed(ctx: FuncContext, t: _Rows, cond: ir.Value | bool, rows: int, extra: int,
              name: str) -> ir.Value | bool:
    """``cond`` and, when it is a run-time guard anyway, the narrow addresses' condition (then
    ``t`` takes narrow addresses). A compile-time true guard keeps 64-bit addresses (one vector
    add for all rows): no branch and slow path only for them."""
    if cond is True or cond is False:
        return cond
    nc = _no_carry(ctx, t, rows, extra, name)
    if nc is False:
        return cond
    t.narrow = True
    return nd_gather.and_(ctx, cond, nc, name + ".fastn")


def _or(ctx: FuncContext, a: ir.Value, b: ir.Value, name: str) -> ir.Value:
    ca, cb = const_value(a), const_value(b)
    if ca is not None and cb is not None:
        return const(a.type, ca | cb)
    return ctx.builder.or_(a, b, name=name)


def _low_zero(ctx: FuncContext, v: ir.Value, align: int, name: str) -> ir.Value:
    """``v % align == 0`` at run time."""
    mis = ctx.builder.and_(v, const(v.type, align - 1), name=name + ".mis")
    return ctx.builder.icmp_unsigned("==", mis, const(v.type, 0), name=name)


def _guard(ctx: FuncContext, d: NdDesc, t: _Rows, unit: int, rows: int, row_units: int, x: ir.Value,
           align: int, name: str) -> ir.Value | bool:
    """When the row messages are exact: every row start ``align``-byte aligned and
    (boundary_check) the tile's columns inside the surface. True / False when known at compile
    time.

    Rows outside the surface are predicated off one by one where that needs no branch (the
    columns known inside). Where the columns need a run-time check anyway, the rows join it:
    a predicated row load must be selected against zero (its destination is undefined where
    masked off), a compare and two moves per row on every tile, while tiles over the top or
    bottom edge are as rare as those over the left or right one; the fast rows are then bare
    messages (``t.height`` is cleared)."""
    if isinstance(d.row_path, SharedCheck):  # a versioned loop's check before it shows the needs
        if d.row_path.rows:
            t.height = None  # where the check holds, every row is inside
        return d.row_path.cond
    if d.row_path is not None:  # known for every execution of this access (lower/dg2/inbounds.py)
        return d.row_path
    b = ctx.builder
    # Every row start is aligned iff the first is and the pitch is. Buffers are taken to be
    # 8-byte aligned (as the runtime allocates them), so a base at a known offset into one needs
    # only the column offset tested; otherwise the start's low bits are tested at run time.
    if d.base_misalign is None:
        low = b.trunc(t.start, I32, name=name + ".lo")
    elif unit % align == 0:
        low = const(I32, d.base_misalign)
    else:
        low = ctx.add(const(I32, d.base_misalign), ctx.mul(x, const(I32, unit)), name=name + ".lo")
    pitch = ctx.add(d.pitch_m1, const(I32, 1))
    cp = const_value(pitch)
    bits = low if cp is not None and cp % align == 0 else _or(ctx, low, pitch, name + ".ap")
    cb = const_value(bits)
    aligned = cb % align == 0 if cb is not None else _low_zero(ctx, bits, align, name + ".al")
    if not d.info.boundary_check:
        return aligned
    cols = nd_gather.inside(ctx, x, row_units, nd_gather.width_units(ctx, d, unit, name), name + ".cols")
    fast = nd_gather.and_(ctx, aligned, cols, name + ".fast")
    if fast is True or fast is False or t.height is None:
        return fast  # no branch for the columns: rows outside are predicated off one by one
    height, t.height = t.height, None  # where the fast path runs, every row is inside
    return nd_gather.and_(ctx, fast, nd_gather.inside(ctx, t.y, rows, height, name + ".ys"), name + ".in")


def _branch(ctx: FuncContext, cond: ir.Value | bool, fast: Callable[[], ir.Value | None],
            slow: Callable[[], ir.Value | None], name: str) -> ir.Value | None:
    """``fast()`` where ``cond`` holds, else ``slow()``; a run-time ``cond`` branches, and the
    two results (if any) meet in a phi."""
    if cond is True:
        return fast()
    if cond is False:
        return slow()
    b = ctx.builder
    fn = b.function
    fast_bb = fn.append_basic_block(name + ".rows")
    slow_bb = fn.append_basic_block(name + ".elems")
    end_bb = fn.append_basic_block(name + ".join")
    b.cbranch(cond, fast_bb, slow_bb)
    out = []
    for bb, make in ((fast_bb, fast), (slow_bb, slow)):
        b.position_at_end(bb)
        v = make()
        out.append((v, b.block))
        b.branch(end_bb)
    b.position_at_end(end_bb)
    if out[0][0] is None:
        return None
    phi = b.phi(out[0][0].type, name=name)
    for v, bb in out:
        phi.add_incoming(v, bb)
    return phi


def _row_plan(row_bytes: int, ctx: FuncContext) -> list[tuple[int, int]] | None:
    """(first dword, vector size) of the block messages of one row; None if rows are not whole
    dwords."""
    if row_bytes % DWORD:
        return None
    return plan_block(row_bytes // DWORD, DWORD, ctx.target)


def _load_row(ctx: FuncContext, t: _Rows, r: int, pieces: list[tuple[int, int]], hints: tuple[int, int],
              acc: ir.Value, at: int, tag: str) -> ir.Value:
    """``acc`` (dwords) with tile row ``r`` written at dword ``at``: zero when the row lies outside
    the surface (its messages predicated off: a masked block load leaves its destination
    undefined, so the row is selected against zero). An unpredicated message is written in place."""
    row_dwords = sum(vs for _, vs in pieces)
    ty = ir.VectorType(I32, row_dwords)
    pred = t.row_in(ctx, r, tag)
    if pred is False:
        return ctx.regions.write(acc, ir.Constant(ty, [0] * row_dwords), Region.row(row_dwords, at),
                                 name=tag + ".zero")
    into = acc if pred is True else undef(ty)  # a predicated row is assembled apart, then selected
    base = at if pred is True else 0
    for i, (u0, vs) in enumerate(pieces):
        label = tag if len(pieces) == 1 else f"{tag}.p{i}"
        msg = block_message(ctx, "lsc.load.stateless", DWORD, vs, hints, label,
                            _row_address(ctx, t, r, u0 * DWORD, f"{tag}.a{i}"), pred=pred)
        into = msg if into.type == msg.type else ctx.regions.write(into, msg, Region.row(vs, base + u0),
                                                                   name=f"{tag}.put{i}", raw=True)
    if pred is True:
        return into
    row = ctx.builder.select(pred, into, ir.Constant(ty, [0] * row_dwords), name=tag + ".zf")
    if acc.type == ty:
        return row
    return ctx.regions.write(acc, row, Region.row(row_dwords, at), name=tag + ".put")


def _back_to_back(ctx: FuncContext, t: _Rows, H: int, row_bytes: int) -> list[tuple[int, int]] | None:
    """The block messages (first dword, vector size) of the whole tile as one run of bytes, when
    its rows lie back to back (a constant pitch equal to the row's bytes) and none is predicated
    off: a tile as wide as its surface is then 1-2 messages instead of one per row. Each message
    starts at a row (its address is a row address) and is whole GRFs; else None."""
    if H < 2 or const_value(t.pitch) != row_bytes or row_bytes % DWORD:
        return None
    if t.height is not None:  # rows inside only when known at compile time (no predicate)
        cy, ch = const_value(t.y), const_value(t.height)
        if cy is None or ch is None or not (0 <= cy and cy + H <= ch):
            return None
    plan = plan_block(H * row_bytes // DWORD, DWORD, ctx.target)
    if any(u0 * DWORD % row_bytes or vs * DWORD % ctx.target.grf_bytes for u0, vs in plan):
        return None
    return plan


def _run_address(ctx: FuncContext, t: _Rows, run: list[tuple[int, int]], i: int, row_bytes: int,
                 name: str) -> ir.Value:
    """The address of message ``i`` of a back-to-back tile (a row start): narrow, the row's;
    else a lane of one vector of the messages' addresses (not of every row's)."""
    if t.narrow or i == 0:
        return _row_address(ctx, t, run[i][0] * DWORD // row_bytes, 0, name)
    if "run" not in t.rows_at:
        offsets = [u0 * DWORD for u0, _ in run]
        t.rows_at["run"] = lane_addresses(ctx, t.start, offsets, name + ".run")
    return ctx.builder.extract_element(t.rows_at["run"], const(I32, i), name=name)


def _fast_load(ctx: FuncContext, t: _Rows, kind: str, H: int, W: int, nb: int, unit: int,
               pieces: list[tuple[int, int]], hints: tuple[int, int], name: str) -> ir.Value:
    elem = ir.IntType(unit * 8)
    n = H * W * nb
    row_dwords = W * nb * unit // DWORD
    f = DWORD // unit if kind == VNNI else 1
    run = _back_to_back(ctx, t, H, row_dwords * DWORD)
    if run is not None:  # the tile's dwords in row-major order, a few messages
        dw = undef(ir.VectorType(I32, H * row_dwords))
        for i, (u0, vs) in enumerate(run):
            addr = _run_address(ctx, t, run, i, row_dwords * DWORD, f"{name}.a{i}")
            msg = block_message(ctx, "lsc.load.stateless", DWORD, vs, hints, f"{name}.m{i}", addr)
            dw = ctx.regions.write(dw, msg, Region.row(vs, u0), name=f"{name}.put{i}", raw=True)
        if nb == 1 and f == 1:
            return ctx.builder.bitcast(dw, ir.VectorType(elem, n), name=name)
        whole = ctx.builder.bitcast(dw, ir.VectorType(elem, n), name=name + ".u")
    if nb == 1 and f == 1:  # the rows are the result: each lands in place
        dw: ir.Value = undef(ir.VectorType(I32, H * row_dwords))
        for r in range(H):
            dw = _load_row(ctx, t, r, pieces, hints, dw, r * row_dwords, f"{name}.r{r}")
        return ctx.builder.bitcast(dw, ir.VectorType(elem, n), name=name)
    acc: ir.Value = undef(ir.VectorType(elem, n))
    for r in range(H):
        tag = f"{name}.r{r}"
        if run is None:
            row = _load_row(ctx, t, r, pieces, hints, undef(ir.VectorType(I32, row_dwords)), 0, tag)
            units, at = ctx.builder.bitcast(row, ir.VectorType(elem, W * nb), name=tag + ".u"), 0
        else:
            units, at = whole, r * W * nb
        g, k = divmod(r, f)
        for blk in range(nb):
            # plain: [nb][H][W]; VNNI: [nb][H/f][W][f], row r = g*f + k at stride f from k
            dst = Region.row(W, blk * H * W + g * W * f + k, stride=f)
            acc = ctx.regions.copy(acc, units, Region.row(W, at + blk * W), dst, name=f"{tag}.b{blk}")
    return acc


def _fast_transposed(ctx: FuncContext, t: _Rows, H: int, W: int, unit: int, hints: tuple[int, int],
                     name: str, loc: Location) -> ir.Value:
    """``[W][H]``: a gather of one lane per row, each lane the row's ``W`` units (chunk-major).

    A tile too big for one message is split by columns, every message with all ``H`` lanes
    (the lanes' addresses moved by the first column): each one's structure-of-arrays payload
    is then a contiguous piece of the result, where messages of part of the lanes would have
    to be interleaved (two region moves per column)."""
    p = const_value(t.pitch)
    pred = t.lanes_in(ctx, H, name)
    bits: ir.Value = undef(ir.VectorType(ir.IntType(unit * 8), H * W))
    for c0, wc in _column_pieces(ctx, H, W, unit):
        tag = name if wc == W else f"{name}.c{c0}"
        if p is not None and (H - 1) * p + c0 * unit < 1 << 31:
            offsets = [r * p + c0 * unit for r in range(H)]
            addrs = lane_addresses(ctx, t.start, offsets, tag + ".addr")
        else:
            pattern = _lane_rows(ctx, t, H, tag)
            if c0:
                cols = ir.Constant(pattern.type, [c0 * unit] * H)
                pattern = ctx.builder.add(pattern, cols, name=tag + ".pc")
            addrs = ctx.builder.add(splat(ctx, t.start, H, name=tag + ".sv"), pattern, name=tag + ".addr")
        sd = ScatterDesc(Geometry((H,), wc, IntegerType(unit * 8), False), unit, addrs)
        part = gather(ctx, sd, pred, hints, tag, loc)
        if wc == W:
            bits = part
        else:
            bits = ctx.regions.write(bits, part, Region.row(H * wc, c0 * H), name=tag + ".put", raw=True)
    if isinstance(pred, ir.Constant):
        return bits
    # masked lanes are undefined: rows outside read zero (lane r's units sit at c * H + r)
    lanes = ctx.builder.shuffle_vector(pred, pred, ir.Constant(ir.VectorType(I32, H * W),
                                                              [r for _ in range(W) for r in range(H)]),
                                      name=name + ".lanes")
    return ctx.builder.select(lanes, bits, ir.Constant(bits.type, [0] * (H * W)), name=name + ".zf")


def _column_pieces(ctx: FuncContext, H: int, W: int, unit: int) -> list[tuple[int, int]]:
    """(first column, columns) of the gathers of an ``H``-row transposed tile: all its columns
    in one where the payload fits, else the largest legal vector sizes whose ``H`` lanes fit."""
    tg = ctx.target
    budget = tg.lsc_max_payload_grfs * tg.grf_bytes
    most = tg.lsc_max_vector if unit == DWORD else tg.lsc_max_vector_64bit
    sizes = [s for s in VECTOR_SIZES if s <= most and H * s * unit <= budget]
    if (W in VECTOR_SIZES and W <= most and H * W * unit <= budget) or not sizes or sizes[-1] != 1:
        return [(0, W)]  # one gather (split by lanes inside ``gather`` if it must be)
    return greedy(W, sizes)


def _lane_rows(ctx: FuncContext, t: _Rows, H: int, name: str) -> ir.Value:
    """``r * pitch`` for lanes r = 0 .. H-1."""
    vi64 = ir.VectorType(I64, H)
    p = const_value(t.pitch)
    if p is not None:
        return ir.Constant(vi64, [r * p for r in range(H)])
    return ctx.builder.mul(ir.Constant(vi64, list(range(H))), splat(ctx, t.pitch, H, name=name + ".pv"),
                           name=name + ".rows")


def load(ctx: FuncContext, d: NdDesc, kind: str, H: int, W: int, nb: int, unit: int, x: ir.Value,
         y: ir.Value, hints: tuple[int, int], name: str, loc: Location) -> ir.Value:
    """The XeGPU result of a 2-D load as ``<n x i(unit*8)>`` (``W`` in ``unit``-byte columns)."""
    def slow() -> ir.Value:
        return nd_gather.load(ctx, d, kind, H, W, nb, unit, x, y, hints, name, loc)

    t = _rows(ctx, d, unit, H, W * nb, x, y, name, carried=kind != TRANSPOSE)
    if kind == TRANSPOSE:
        # One message's lanes at most: IGC's vISA builder failed (acm-g10) on a 64-row tile's
        # gathers whose rows were then selected against zero.
        if unit % DWORD or H > ctx.target.lsc_max_simd:
            return slow()
        cond = _guard(ctx, d, t, unit, H, W, x, unit, name)  # D32/D64 lanes: unit-aligned
        res = _branch(ctx, cond, lambda: _fast_transposed(ctx, t, H, W, unit, hints, name + ".t", loc), slow,
                      name)
        assert res is not None
        return res
    pieces = _row_plan(W * nb * unit, ctx)
    # Whole-GRF row messages only: IGC (acm-g10) never finished compiling a predicated SIMD1
    # load of less than a GRF (v2, v4 D32) whose row is then selected against zero.
    if (pieces is None or (kind == VNNI and H % (DWORD // unit))
            or any(vs * DWORD % ctx.target.grf_bytes for _, vs in pieces)):
        return slow()
    cond = _guard(ctx, d, t, unit, H, W * nb, x, DWORD, name)
    if not isinstance(d.row_path, SharedCheck):  # (a shared check alone: the branch threads)
        cond = _narrowed(ctx, t, cond, H, pieces[-1][0] * DWORD, name)
    res = _branch(ctx, cond, lambda: _fast_load(ctx, t, kind, H, W, nb, unit, pieces, hints, name + ".f"),
                  slow, name)
    assert res is not None
    return res


def store(ctx: FuncContext, d: NdDesc, H: int, W: int, nb: int, unit: int, x: ir.Value, y: ir.Value,
          bits: ir.Value, hints: tuple[int, int], name: str, loc: Location) -> None:
    """Store ``bits`` (``<nb*H*W x i(unit*8)>``, blocks of row-major rows) to the tile at (x, y)."""
    def slow() -> None:
        nd_gather.store(ctx, d, H, W, nb, unit, x, y, bits, hints, name, loc)

    pieces = _row_plan(W * unit, ctx)
    if pieces is None:
        slow()
        return
    t = _rows(ctx, d, unit, H, W * nb, x, y, name)
    row_dwords = W * unit // DWORD

    def fast() -> None:
        dwords = ctx.builder.bitcast(bits, ir.VectorType(I32, H * nb * row_dwords), name=name + ".dw")
        run = _back_to_back(ctx, t, H, row_dwords * DWORD) if nb == 1 else None
        if run is not None:  # register order is memory order: the tile in a few messages
            for i, (u0, vs) in enumerate(run):
                data = ctx.regions.read(dwords, Region.row(vs, u0), name=f"{name}.d{i}", raw=True)
                addr = _run_address(ctx, t, run, i, row_dwords * DWORD, f"{name}.a{i}")
                block_message(ctx, "lsc.store.stateless", DWORD, vs, hints, name, addr, data)
            return
        for blk in range(nb):
            for r in range(H):
                tag = f"{name}.b{blk}r{r}" if nb > 1 else f"{name}.r{r}"
                pred = t.row_in(ctx, r, tag)
                if pred is False:  # a row outside the surface is not written
                    continue
                row0 = (blk * H + r) * row_dwords
                for i, (u0, vs) in enumerate(pieces):
                    data = ctx.regions.read(dwords, Region.row(vs, row0 + u0), name=f"{tag}.d{i}", raw=True)
                    addr = _row_address(ctx, t, r, blk * W * unit + u0 * DWORD, f"{tag}.a{i}")
                    block_message(ctx, "lsc.store.stateless", DWORD, vs, hints, tag, addr, data, pred)

    cond = _guard(ctx, d, t, unit, H, W * nb, x, DWORD, name)
    if not isinstance(d.row_path, SharedCheck):  # (a shared check alone: the branch threads)
        cond = _narrowed(ctx, t, cond, H, (nb - 1) * W * unit + pieces[-1][0] * DWORD, name)
    _branch(ctx, cond, fast, slow, name)


# -- row addresses carried by a loop ---------------------------------------------------------
def _step(d: NdDesc, dy: int | None, dx: int | None) -> int | None:
    """The constant byte distance the tile's rows move by (dy rows, dx elements), when the
    carried rows can follow it: a constant pitch, rows and move within [0, 2**31)."""
    p = const_value(d.pitch_m1)
    if p is None or dy is None or dx is None or len(d.info.shape) != 2:
        return None
    p += 1
    delta = dy * p + dx * d.elem_bytes
    return delta if 0 <= delta < 1 << 31 and (d.info.shape[0] - 1) * p < 1 << 31 else None


def moved_rows(ctx: FuncContext, d: NdDesc, dy: ir.Value, dx: ir.Value, name: str) -> ir.Value | None:
    """``update_nd_offset``'s carried row addresses (``d.rows``, which the caller checked is set):
    one add of the constant byte move."""
    delta = _step(d, const_value(dy), const_value(dx))
    if delta is None:  # (not a move the loop carries: carried_rows checked those)
        return None
    return moved_lanes(ctx, d.rows, delta, name + ".rows")


def carried_rows(ctx: FuncContext, loop: For) -> dict[Value, NdDesc]:
    """The descriptors ``loop`` (one copy of it, lowered with the active facts) carries with
    their tile's row addresses (:attr:`NdDesc.rows`), each with its value entering the loop.

    A descriptor qualifies when the loop moves it by constant offsets only (the rows then move
    by one add of a constant per iteration, instead of each message rebuilding them from the
    tile's start) and one of its loads or prefetches in the body (at the descriptor's position)
    is known to take row messages unguarded. The first addresses are exact 64-bit sums unless a
    load of the first tile is known inside (then the start's 32-bit offset form is exact: with
    rows possibly outside, a first tile far outside may be moved inside by the loop)."""
    facts = ctx.inbounds
    if facts is None or not loop.body:
        return {}
    defs = {r: o for o in loop.body for r in o.results}
    yielded = loop.body[-1].values if isinstance(loop.body[-1], Yield) else []
    out: dict[Value, NdDesc] = {}
    for arg, init, back in zip(loop.iter_args, loop.inits, yielded, strict=False):
        d = ctx.values.get(init)
        if not isinstance(d, NdDesc) or d.payload is not None or d.x is None or d.y is None:
            continue
        moves, v, ok = [arg], back, True
        while v is not arg:
            upd = defs.get(v)
            if not isinstance(upd, UpdateNdOffset) or not isinstance(upd.offsets, list):
                ok = False
                break
            deltas = [o if isinstance(o, int) else const_value(ctx.values[o]) if o in ctx.values else None
                      for o in upd.offsets]
            if len(deltas) != 2 or _step(d, deltas[0], deltas[1]) is None:
                ok = False
                break
            moves.append(v)
            v = upd.tdesc
        if not ok:
            continue
        used = any(isinstance(o, (LoadNd, PrefetchNd)) and o.tdesc in moves and not o.offsets
                   and _rows_unguarded(facts.active.get(id(o))) for o in loop.body)
        if not used:
            continue
        first_inside = any(isinstance(o, LoadNd) and o.tdesc is arg and not o.offsets
                           and facts.active.get(id(o)) == INSIDE for o in loop.body)
        d0 = d if first_inside else d.replace(info=replace(d.info, boundary_check=False))
        H = d.info.shape[0]
        start = nd_gather.tile_start(ctx, d0, d.elem_bytes, H, d.info.shape[1], d.x, d.y, llvm_name(arg))
        p = const_value(d.pitch_m1) + 1
        out[arg] = d.replace(rows=lane_addresses(ctx, start, [r * p for r in range(H)],
                                                           llvm_name(arg, ".rows0")))
    return out


@contextmanager
def entering(ctx: FuncContext, loop: For, rows: dict[Value, NdDesc]) -> Iterator[None]:
    """The loop's initial descriptors as they enter it, with the row addresses it carries (for
    the prefetches held back for it: one of a carried descriptor's first tile takes its lanes)."""
    saved = {}
    for arg, init in zip(loop.iter_args, loop.inits, strict=True):
        if arg in rows:
            saved.setdefault(init, ctx.values[init])
            ctx.values[init] = rows[arg]
    try:
        yield
    finally:
        ctx.values.update(saved)


def _rows_unguarded(fact: object) -> bool:
    """Whether an access with this fact takes row messages with no guard (a prefetch known
    inside on the first iterations too: sent from a block of its own, unguarded there)."""
    return fact in (EXACT, INSIDE) or isinstance(fact, Prefix)


def without_rows(v: object) -> object:
    """A loop's result as the code after it sees it: no carried row addresses."""
    return v.replace(rows=None) if isinstance(v, NdDesc) and v.rows is not None else v
