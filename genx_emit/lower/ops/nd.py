"""create_nd_tdesc, update_nd_offset, load_nd, store_nd, prefetch_nd -> 2D block messages.

A tensor descriptor lowers to an :class:`NdDesc` (surface base/size/pitch and tile position as
LLVM values); it emits nothing by itself. Each access is planned by ``block2d.plan`` into legal
messages, and the pieces are cut from / reassembled into the XeGPU vector with regions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import scalar_bits, undef
from genx_emit.genx.regions import Region
from genx_emit.lower.analysis import decide
from genx_emit.lower.analysis.decide import (
    DPAS_TRANSPOSED,
    DPAS_VNNI,
    TRANSPOSED,
    TRANSPOSED_PAIRS,
    VNNI_BLOCKS,
    VNNI_SEND,
)
from genx_emit.lower.context import (
    I32,
    INDEX,
    FuncContext,
    NdDesc,
    const,
    const_value,
    elem_bytes,
    llvm_name,
    llvm_type,
    scalar_type,
)
from genx_emit.lower.messages import block2d, block2d_send
from genx_emit.lower.messages.block2d import PLAIN, STORE, TRANSPOSE, VNNI, Piece
from genx_emit.lower.messages.cache import encode_hints
from genx_emit.lower.ops import nd1d
from genx_emit.lower.ops.nd1d import Nd1Desc
from genx_emit.lower.registry import lowers
from genx_emit.mlir.types import IntegerType, MemRefType, TensorDescType
from genx_emit.ops.nd import CreateNdDesc, LoadNd, PrefetchNd, StoreNd, UpdateNdOffset
from genx_emit.ops.types import TDescInfo, is_slm, tdesc_info
from genx_emit.targets import BUFFER_ALIGN, Block2DLimits

_DATA_SIZE = {1: "u8", 2: "u16", 4: "u32", 8: "u64"}


# -- create / update -----------------------------------------------------------------------
@lowers(CreateNdDesc)
def lower_create_nd(ctx: FuncContext, op: CreateNdDesc) -> None:
    tt = op.result.type
    assert isinstance(tt, TensorDescType)
    info = tdesc_info(tt, op.loc)
    src_t = op.source.type
    slm = info.memory_space == "slm" or is_slm(src_t)
    if len(info.shape) == 1:
        ctx.set(op.result, _create_1d(ctx, op, info, slm))
        return
    if slm:
        raise error(op.loc, "xegpu.create_nd_tdesc: 2-D block messages address global memory only, not SLM; "
                            "use a 1-D descriptor or scattered accesses for SLM")
    eb = elem_bytes(info.element, op.loc)
    if isinstance(src_t, MemRefType):
        shape, strides, offset = op.memref_geometry(src_t)
    elif isinstance(src_t, IntegerType):
        if op.shape is None or op.strides is None:
            raise error(op.loc, "xegpu.create_nd_tdesc: an integer address needs shape and strides")
        shape, strides, offset = list(op.shape), list(op.strides), 0
    else:
        raise error(op.loc, f"xegpu.create_nd_tdesc: unsupported source type '{src_t}'")
    rank = len(shape)
    offs = list(op.offsets) if op.offsets else [0] * rank
    if rank < 2 or len(offs) != rank or len(strides) != rank:
        raise error(op.loc, f"xegpu.create_nd_tdesc: a 2-D tile needs a source of rank >= 2 with one "
                            f"offset and stride per dimension (rank {rank}, {len(offs)} offsets)")
    if isinstance(strides[-1], int) and strides[-1] != 1:
        raise error(op.loc, f"xegpu.create_nd_tdesc: the innermost stride must be 1, got {strides[-1]}")
    base = ctx.resize(ctx.get(op.source), INDEX)
    # Fold the layout offset and every outer dimension's offset into the surface base.
    elem_off = const(INDEX, offset)
    for i in range(rank - 2):
        elem_off = ctx.add(elem_off, ctx.mul(ctx.index(offs[i]), ctx.index(strides[i])))
    base = ctx.add(base, ctx.mul(elem_off, const(INDEX, eb)), name=llvm_name(op.result, ".base"))
    width = ctx.mul(ctx.index(shape[-1], I32), const(I32, eb))
    height = ctx.index(shape[-2], I32)
    pitch = ctx.mul(ctx.index(strides[-2], I32), const(I32, eb))
    _check_surface(ctx, width, height, pitch, eb, const_value(elem_off), op.loc)
    one = const(I32, 1)
    name = llvm_name(op.result)
    desc = NdDesc(
        info=info,
        elem_bytes=eb,
        base=base,
        width_m1=ctx.sub(width, one, name=name + ".w1"),
        height_m1=ctx.sub(height, one, name=name + ".h1"),
        pitch_m1=ctx.sub(pitch, one, name=name + ".p1"),
        x=ctx.index(offs[-1], I32),
        y=ctx.index(offs[-2], I32),
        base_misalign=None if const_value(elem_off) is None else const_value(elem_off) * eb % BUFFER_ALIGN,
    )
    if ctx.target.block2d is not None and ctx.block2d_form == "payload":
        block = decide.pair_header(op)
        if block is not None:  # x counts word pairs (even: decide._pair_headers)
            desc = desc.replace(x=_half_even(ctx, desc.x), pairs=True)
        desc = block2d_send.header(ctx, desc, name, positioned=bool(op.offsets),
                                   placed_by_access=op.result in ctx.consumers.placed_by_access,
                                   last_of_surface=op.result in ctx.consumers.last_creates, block=block)
    ctx.set(op.result, desc)


def _row_targets() -> SimpleNamespace:
    """The modules of targets without 2D block messages (row messages, per-element paths, the
    loop analysis), imported on first use so that lowering for PVC does not load them."""
    from genx_emit.lower.dg2 import inbounds, nd_gather, nd_rows

    return SimpleNamespace(inbounds=inbounds, nd_gather=nd_gather, nd_rows=nd_rows)



def _create_1d(ctx: FuncContext, op: CreateNdDesc, info: TDescInfo, slm: bool) -> Nd1Desc:
    """A 1-D descriptor: the innermost dimension is the surface, outer offsets fold into the base."""
    src_t = op.source.type
    eb = elem_bytes(info.element, op.loc)
    if isinstance(src_t, MemRefType):
        shape, strides, offset = op.memref_geometry(src_t)
    elif op.shape is not None and op.strides is not None:
        shape, strides, offset = list(op.shape), list(op.strides), 0
    else:
        raise error(op.loc, "xegpu.create_nd_tdesc: an integer address needs shape and strides")
    rank = len(shape)
    offs = list(op.offsets) if op.offsets else [0] * rank
    if len(offs) != rank or len(strides) != rank:
        raise error(op.loc, f"xegpu.create_nd_tdesc: expected {rank} offsets and strides, got "
                            f"{len(offs)} and {len(strides)}")
    if isinstance(strides[-1], int) and strides[-1] != 1:
        raise error(op.loc, f"xegpu.create_nd_tdesc: the innermost stride must be 1, got {strides[-1]}")
    ty = I32 if slm else INDEX
    base = ctx.resize(ctx.get(op.source), ty, signed=False)
    elem_off = const(ty, offset)
    for i in range(rank - 1):
        elem_off = ctx.add(elem_off, ctx.mul(ctx.index(offs[i], ty), ctx.index(strides[i], ty)))
    base = ctx.add(base, ctx.mul(elem_off, const(ty, eb)), name=llvm_name(op.result, ".base"))
    misalign = const_value(elem_off)
    return Nd1Desc(info=info, elem_bytes=eb, slm=slm, base=base, size=ctx.index(shape[-1], ty),
                   x=ctx.index(offs[-1], ty),
                   base_misalign=misalign * eb if misalign is not None else eb % BUFFER_ALIGN)


def _check_surface(ctx: FuncContext, width: ir.Value, height: ir.Value, pitch: ir.Value, eb: int,
                   elem_off: int | None, loc: Location) -> None:
    """Surface rules of 2D block messages, wherever the values are known at compile time."""
    lim = ctx.target.block2d
    if lim is None:  # per-element messages (nd_gather) take any surface
        return
    what = "xegpu.create_nd_tdesc"
    if elem_off is not None and (elem_off * eb) % lim.base_align:
        raise error(loc, f"{what}: the surface base is {elem_off * eb} bytes past the "
                         f"buffer start; 2D block messages need a {lim.base_align}-byte aligned base")
    w, p = const_value(width), const_value(pitch)
    if w is not None:
        if w < lim.min_surface_width_bytes or w % lim.surface_width_multiple:
            raise error(loc, f"{what}: surface width of {w} bytes; 2D block messages need at least "
                             f"{lim.min_surface_width_bytes} bytes and a multiple of "
                             f"{lim.surface_width_multiple}")
        if w > lim.max_surface_width_bytes:
            raise error(loc, f"{what}: surface width of {w} bytes exceeds {lim.max_surface_width_bytes}")
    if p is not None:
        if p < lim.min_pitch_bytes or p % lim.pitch_multiple:
            raise error(loc, f"{what}: row pitch of {p} bytes; 2D block messages need at least "
                             f"{lim.min_pitch_bytes} bytes and a multiple of {lim.pitch_multiple}")
        if w is not None and p < w:
            raise error(loc, f"{what}: row pitch of {p} bytes is smaller than the row width of {w} bytes")
    h = const_value(height)
    if h is not None and not 1 <= h <= lim.max_surface_height:
        raise error(loc, f"{what}: surface height {h} outside [1, {lim.max_surface_height}]")


@lowers(UpdateNdOffset)
def lower_update_nd(ctx: FuncContext, op: UpdateNdOffset) -> None:
    d = ctx.get(op.tdesc)
    if isinstance(d, Nd1Desc):
        if len(op.offsets) != 1:
            raise error(op.loc, "xegpu.update_nd_offset: a 1-D descriptor takes one offset")
        x = ctx.add(d.x, ctx.index(op.offsets[0], d.x.type), name=llvm_name(op.result, ".x"))
        ctx.set(op.result, d.replace(x=x))
        return
    if len(op.offsets) != 2:
        raise error(op.loc, "xegpu.update_nd_offset: a 2-D descriptor takes two offsets")
    name = llvm_name(op.result)
    dy, dx = ctx.index(op.offsets[0], I32), ctx.index(op.offsets[1], I32)
    if d.pairs:  # a header counting word pairs: even column steps (decide._pair_headers)
        dx = _half_even(ctx, dx)
    if d.payload is not None:  # the position lives in the header: moved in place
        ctx.set(op.result, block2d_send.move(ctx, d, dy, dx, name))
        return
    rows = _row_targets().nd_rows.moved_rows(ctx, d, dy, dx, name) if d.rows is not None else None
    ctx.set(op.result, d.replace(y=ctx.add(d.y, dy, name=name + ".y"), x=ctx.add(d.x, dx, name=name + ".x"),
                                 rows=rows))


def _position(ctx: FuncContext, d: NdDesc, offsets: list | None,
              loc: Location) -> tuple[ir.Value | None, ir.Value | None]:
    """(x, y) of the access: the descriptor's (None in the payload form: in its header), or the
    op's own offsets (newest upstream form)."""
    if not offsets:
        return d.x, d.y
    if len(offsets) != 2:
        raise error(loc, "a 2-D access takes two offsets")
    return ctx.index(offsets[1], I32), ctx.index(offsets[0], I32)


# -- messages --------------------------------------------------------------------------------
def _send(ctx: FuncContext, kind: str, d: NdDesc, p: Piece, x: ir.Value | None, y: ir.Value | None, unit: int,
          hints: tuple[int, int], tag: str, order: str = "non_transpose", vnni: bool = False,
          ret: ir.VectorType | None = None, data: ir.Value | None = None,
          chain: list | None = None, last_use: bool = False) -> ir.Value | None:
    """One 2D block message (``kind``: load, store, prefetch): a raw send from the descriptor's
    header in the payload form, else the ``lsc.*2d.stateless`` intrinsic. ``chain`` (one per
    access, starting empty) holds the previous message's header and piece, which this message's
    header is made from (``block2d_send.message_header``). ``last_use``: the access is the only
    one of its descriptor, so the header is dead after the send; when it also holds the
    descriptor's own position (the access gives none), the next descriptor of the surface may
    start from it (``block2d_send.sent``)."""
    if d.payload is None:
        assert x is not None and y is not None  # the scalar form keeps the position in x / y
        args = _message_args(ctx, d, p, x, y, unit, order, vnni, hints, tag)
        if kind == "load":
            return ctx.intr.call(ctx.builder, "lsc.load2d.stateless", ret=ret, label=tag, **args)
        if kind == "store":
            ctx.intr.call(ctx.builder, "lsc.store2d.stateless", **args, data=data)
        else:
            ctx.intr.call(ctx.builder, "lsc.prefetch2d.stateless", **args)
        return None
    hdr = block2d_send.message_header(ctx, d, p, x, y, tag, tuple(chain) if chain else None)
    if chain is not None:
        chain[:] = [hdr, p]
    if last_use:
        block2d_send.sent(ctx, d, hdr, p)
    response = _bytes(ret) if ret is not None else 0
    desc = block2d_send.descriptor(ctx.intr, ctx.target.grf_bytes, kind, unit, hints, vnni,
                                   order == "transpose", response)
    if kind == "load":
        assert ret is not None
        return block2d_send.load(ctx, hdr, ret, desc, tag)
    if kind == "store":
        block2d_send.store(ctx, hdr, data, desc)
    else:
        block2d_send.prefetch(ctx, hdr, desc)
    return None


def _last(ctx: FuncContext, op: LoadNd | StoreNd | PrefetchNd, i: int, pieces: list[Piece]) -> bool:
    """Message ``i`` is the last of the only access of its descriptor."""
    return i == len(pieces) - 1 and op.tdesc in ctx.consumers.used_once


def _bytes(t: ir.VectorType) -> int:
    return t.count * scalar_bits(t.element) // 8


def _message_args(ctx: FuncContext, d: NdDesc, p: Piece, x: ir.Value, y: ir.Value, unit: int,
                  order: str, vnni: bool, hints: tuple[int, int], label: str) -> dict:
    return dict(
        pred=True,
        l1=hints[0],
        l3=hints[1],
        data_size=ctx.intr.encode("data_size", _DATA_SIZE[unit]),
        order=ctx.intr.encode("data_order", order),
        num_blocks=p.blocks,
        block_width=p.width,
        block_height=p.height,
        vnni=int(vnni),
        base=d.base,
        surface_width=d.width_m1,
        surface_height=d.height_m1,
        surface_pitch=d.pitch_m1,
        x=ctx.add(x, const(I32, p.col), name=label + ".x") if p.col else x,
        y=ctx.add(y, const(I32, p.row), name=label + ".y") if p.row else y,
    )


@dataclass
class _Access:
    """What every 2D access starts from: the descriptor, its tile and the message fields."""

    d: NdDesc
    what: str
    lim: Block2DLimits | None  # None: the target has no 2D block messages (see nd_gather)
    H: int
    W: int
    nb: int
    t: int
    x: ir.Value | None  # None: the descriptor's position, in its header (payload form)
    y: ir.Value | None
    hints: tuple[int, int]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.d, self.what, self.lim, self.H, self.W, self.nb, self.t, self.x, self.y,
                     self.hints))


def _access(ctx: FuncContext, op: LoadNd | StoreNd | PrefetchNd, what: str, hint_kind: str) -> _Access:
    d: NdDesc = ctx.get(op.tdesc)
    if ctx.inbounds is not None:  # row messages: what the loop analysis knows about this access
        d = _row_targets().inbounds.narrow(ctx, op, d)
    lim = ctx.target.block2d
    H, W = d.info.shape
    x, y = _position(ctx, d, op.offsets, op.loc)
    hints = encode_hints(ctx.intr, op.hints, hint_kind, op.loc, what)
    return _Access(d, what, lim, H, W, d.info.array_length, d.elem_bytes, x, y, hints)


def _access_2d(ctx: FuncContext, op: LoadNd | StoreNd, what: str, hint_kind: str,
               one_d: Callable[[FuncContext, Any], None]) -> _Access | None:
    """A load's or store's access; None when its descriptor is 1D, lowered by ``one_d``."""
    if isinstance(ctx.get(op.tdesc), Nd1Desc):
        one_d(ctx, op)
        return None
    return _access(ctx, op, what, hint_kind)


@lowers(LoadNd)
def lower_load_nd(ctx: FuncContext, op: LoadNd) -> None:
    if (a := _access_2d(ctx, op, "xegpu.load_nd", "load", nd1d.load)) is None:
        return  # a 1D descriptor: lowered there
    d, what, lim, H, W, nb, t, x, y, hints = a
    send = decide.send_of(op)
    elem_ty = scalar_type(d.info.element, op.loc)
    unit, unit_ty, width = t, elem_ty, W
    logical: str | None = None  # a message layout for the dpas the views reach (decide: dpas_*)
    if op.transpose is not None:
        kind = TRANSPOSE
        if op.transpose_bit_width:
            unit = op.transpose_bit_width // 8
            if unit != t:
                k = unit // t
                if W % k:
                    raise error(op.loc, f"{what}: transpose_bit_width = {op.transpose_bit_width} needs the "
                                        f"tile width ({W}) to be a multiple of {k}")
                width = W // k
                unit_ty = ir.IntType(unit * 8)
                if d.pairs:  # the header counts word pairs already
                    assert k == 2 and x is None
                else:
                    if x is None:
                        x = block2d_send.read(ctx, d.payload, "x", llvm_name(op.result, ".x"))
                    x = _div_exact(ctx, x, k, op.loc, what)
        if nb != 1:
            raise error(op.loc, f"{what}: transposed loads of array_length = {nb} descriptors are not "
                                "supported by 2D block messages")
    elif send == VNNI_BLOCKS:  # VNNI in blocks of the scatter's lanes
        kind = VNNI
        lanes = ctx.consumers.vnni_scatter[op.result].rows
        W, nb = lanes, W // lanes
        width = W
    elif send == VNNI_SEND:
        kind = VNNI
    elif send in (DPAS_VNNI, DPAS_TRANSPOSED):  # the dpas layout the views reach (decide.py)
        kind = logical = VNNI if send == DPAS_VNNI else TRANSPOSE
        if kind == TRANSPOSE:  # word pairs as dwords; the column is even (consumers._even_column)
            unit, unit_ty, width = 4, ir.IntType(32), W // 2
            if not d.pairs:  # else the header counts word pairs already
                if x is None:
                    x = block2d_send.read(ctx, d.payload, "x", llvm_name(op.result, ".x"))
                x = _half_even(ctx, x)
    elif send in (TRANSPOSED, TRANSPOSED_PAIRS):  # only vector.transpose reads it
        kind = TRANSPOSE
        if send == TRANSPOSED_PAIRS:  # as word pairs: the message's 32-bit transpose (x in dwords)
            unit, unit_ty, width = 4, ir.IntType(32), W // 2
            if not d.pairs:  # else the header counts word pairs already
                x = _pairs_x(ctx, d, x, op)
    else:
        kind = PLAIN
    label = llvm_name(op.result)
    result_ty = llvm_type(op.result.type, op.loc)
    lay = ctx.consumers.colmajor.get(op.result)
    if lay is not None:
        xy = _xy(ctx, d, x, y, label)
        from genx_emit.lower.analysis import colmajor  # only kernels with row reductions (start-up)

        ctx.set(op.result, colmajor.load(ctx, d, *xy, lay, hints, result_ty, label, op.loc))
        return
    if lim is None:
        bits = _row_targets().nd_rows.load(ctx, d, kind, H, width, nb, unit, x, y, hints, label, op.loc)
        ctx.set(op.result, _bitcast(ctx, bits, result_ty, label + ".v"))
        return
    cap = ctx.target.dpas.exec_size if logical == TRANSPOSE else None
    pieces = block2d.plan(kind, H, width, nb, unit, lim, ctx.target.grf_bytes, op.loc, what, cap)
    total = H * W * nb  # elements of the XeGPU result, in tile element units
    acc_ty = ir.VectorType(unit_ty, total * t // unit)
    assembled: ir.Value | None = None
    grf = ctx.target.grf_bytes
    chain: list = []
    for i, p in enumerate(pieces):
        n = block2d.payload_elems(kind, p, unit, grf)
        tag = label if len(pieces) == 1 else f"{label}.m{i}"
        msg = _send(ctx, "load", d, p, x, y, unit, hints, tag, "transpose" if kind == TRANSPOSE
                    else "non_transpose", kind == VNNI, ret=ir.VectorType(unit_ty, n), chain=chain,
                    last_use=_last(ctx, op, i, pieces))
        assert msg is not None
        if logical is None and len(pieces) == 1 and n == acc_ty.count and _dense(kind, p, H, width):
            assembled = msg
            break
        if assembled is None:
            assembled = undef(acc_ty)
        if logical is not None:
            assembled = _logical_piece(ctx, assembled, msg, kind, p, H, width, unit, grf, tag)
        else:
            assembled = _scatter_piece(ctx, assembled, msg, kind, p, H, width, unit, grf, tag)
    assert assembled is not None
    ctx.set(op.result, _bitcast(ctx, assembled, result_ty, label))


def _pairs_x(ctx: FuncContext, d: NdDesc, x: ir.Value | None, op: LoadNd) -> ir.Value:
    """The column of a load sent as transposed word pairs, in dwords."""
    if x is None and d.payload is not None:
        x = block2d_send.known(ctx, d.payload, "x")
    if x is None or const_value(x) is None:  # even on every path (consumers.even_transposes)
        return _half_even(ctx, x if x is not None else
                          block2d_send.read(ctx, d.payload, "x", llvm_name(op.result, ".x")))
    return const(I32, _known_x(ctx, d, x, op.loc) // 2)


def _half_even(ctx: FuncContext, x: ir.Value) -> ir.Value:
    """An even column in elements as dwords (an arithmetic shift: a tile may start left of the
    surface)."""
    cx = const_value(x)
    return const(I32, cx // 2) if cx is not None else ctx.builder.ashr(x, const(I32, 1), name="x.pairs")


def _logical_piece(ctx: FuncContext, acc: ir.Value, msg: ir.Value, kind: str, p: Piece, H: int, W: int,
                   unit: int, grf: int, tag: str) -> ir.Value:
    """Copy one VNNI or transposed message's payload into its place in the row-major tile
    (``blocks x H x W`` units): the inverse of the message's layout."""
    per_block = block2d.block_elems(kind, p.height, p.width, unit, grf)
    pitch = block2d.row_pitch(kind, p.height, p.width, unit)
    for j in range(p.blocks):
        blk, c0 = divmod(p.col, W)
        base = (blk + j) * H * W + p.row * W + c0
        src = j * per_block
        if kind == VNNI:  # payload row k2 holds rows 2 k2 and 2 k2 + 1 interleaved
            for r in range(2):
                pairs = Region.rows(p.height // 2, p.width, pitch, src + r, stride=2)
                rows = Region.rows(p.height // 2, p.width, 2 * W, base + r * W)
                acc = ctx.regions.copy(acc, msg, pairs, rows, name=f"{tag}.b{j}.r{r}")
        else:  # payload row c holds tile column c0 + c: tile row r is column r of the payload
            for r in range(p.height):
                column = Region(count=p.width, width=1, vstride=pitch, offset=src + r)
                row = Region.row(p.width, base + r * W)
                acc = ctx.regions.copy(acc, msg, column, row, name=f"{tag}.b{j}.r{r}")
    return acc


def _xy(ctx: FuncContext, d: NdDesc, x: ir.Value | None, y: ir.Value | None,
        label: str) -> tuple[ir.Value, ir.Value]:
    """The access's column and row as values (read from the header in the payload form)."""
    if x is None:
        x = block2d_send.read(ctx, d.payload, "x", label + ".x")
    if y is None:
        y = block2d_send.read(ctx, d.payload, "y", label + ".y")
    return x, y


def _known_x(ctx: FuncContext, d: NdDesc, x: ir.Value | None, loc: Location) -> int:
    """The tile's column, a compile-time constant where the decision step found one
    (``decide.known_column``)."""
    if x is None:
        x = block2d_send.known(ctx, d.payload, "x") if d.payload is not None else None
    cx = None if x is None else const_value(x)
    if cx is None:
        raise error(loc, "xegpu.load_nd: sent as transposed word pairs, but its column is not "
                         "known at compile time")
    return cx


def _dense(kind: str, p: Piece, H: int, W: int) -> bool:
    """True when one message's payload is exactly the XeGPU vector (no row padding)."""
    if kind == TRANSPOSE:
        return block2d.next_pow2(p.height) == H
    return block2d.next_pow2(p.width) == W


def _scatter_piece(ctx: FuncContext, acc: ir.Value, msg: ir.Value, kind: str, p: Piece, H: int, W: int,
                   unit: int, grf: int, tag: str) -> ir.Value:
    """Copy one message's payload into its place in the XeGPU result layout."""
    per_block = block2d.block_elems(kind, p.height, p.width, unit, grf)
    pitch = block2d.row_pitch(kind, p.height, p.width, unit)
    for j in range(p.blocks):
        blk, c0 = divmod(p.col, W)
        blk += j
        src = j * per_block
        if kind == PLAIN:
            acc = ctx.regions.copy_rows(acc, msg, p.height, p.width, pitch, src, W,
                                        blk * H * W + p.row * W + c0, name=f"{tag}.b{j}")
        elif kind == VNNI:
            f = 4 // unit
            acc = ctx.regions.copy_rows(acc, msg, p.height // f, p.width * f, pitch, src, W * f,
                                        blk * H * W + (p.row // f) * W * f + c0 * f, name=f"{tag}.b{j}")
        else:  # transposed: payload row c holds tile column c0 + c
            acc = ctx.regions.copy_rows(acc, msg, p.width, p.height, pitch, src, H, c0 * H + p.row,
                                        name=f"{tag}.b{j}")
    return acc


def _bitcast(ctx: FuncContext, v: ir.Value, ty: ir.Type, label: str) -> ir.Value:
    return v if v.type == ty else ctx.builder.bitcast(v, ty, name=label)


def _div_exact(ctx: FuncContext, x: ir.Value, k: int, loc: Location, what: str) -> ir.Value:
    cx = const_value(x)
    if cx is not None:
        if cx % k:
            raise error(loc, f"{what}: column offset {cx} is not a multiple of the {k}-element "
                             "transpose unit")
        return const(I32, cx // k)
    # sdiv: x is a multiple of k but may be negative (a tile hanging over the left edge)
    return ctx.builder.sdiv(x, const(I32, k), name="x.units")


@lowers(StoreNd)
def lower_store_nd(ctx: FuncContext, op: StoreNd) -> None:
    if (a := _access_2d(ctx, op, "xegpu.store_nd", "store", nd1d.store)) is None:
        return  # a 1D descriptor: lowered there
    d, what, lim, H, W, nb, t, x, y, hints = a
    value = ctx.get(op.value)
    label = "st." + llvm_name(op.value)
    lay = ctx.consumers.colmajor.get(op.value)
    if lay is not None:
        from genx_emit.lower.analysis import colmajor  # only kernels with row reductions (start-up)

        colmajor.store(ctx, d, *_xy(ctx, d, x, y, label), lay, hints, value, label, op.loc)
        return
    lay = ctx.consumers.vnni_scatter.get(op.value)
    if lay is not None:
        from genx_emit.lower.analysis import colmajor  # only kernels with 16-bit transposed stores (start-up)

        colmajor.store_vnni_blocks(ctx, d, *_xy(ctx, d, x, y, label), lay, hints, value, label, op.loc)
        return
    if lim is None:
        bits = _bitcast(ctx, value, ir.VectorType(ir.IntType(t * 8), H * W * nb), label + ".bits")
        _row_targets().nd_rows.store(ctx, d, H, W, nb, t, x, y, bits, hints, label, op.loc)
        return
    pieces = block2d.plan(STORE, H, W, nb, t, lim, ctx.target.grf_bytes, op.loc, what)
    elem_ty = scalar_type(d.info.element, op.loc)
    value = _bitcast(ctx, value, ir.VectorType(elem_ty, H * W * nb), llvm_name(op.value, ".data"))
    chain: list = []
    for i, p in enumerate(pieces):
        n = block2d.payload_elems(STORE, p, t, ctx.target.grf_bytes)
        tag = label if len(pieces) == 1 else f"{label}.m{i}"
        data = _gather_piece(ctx, value, p, H, W, n, elem_ty, tag)
        _send(ctx, "store", d, p, x, y, t, hints, tag, data=data, chain=chain,
              last_use=_last(ctx, op, i, pieces))


def _gather_piece(ctx: FuncContext, value: ir.Value, p: Piece, H: int, W: int, n: int, elem_ty: ir.Type,
                  tag: str) -> ir.Value:
    """The payload of one store message: the piece's rows, each padded to a power of two."""
    blk, c0 = divmod(p.col, W)
    pitch = block2d.next_pow2(p.width)
    start = blk * H * W + p.row * W + c0
    if pitch == W and p.width == W and n == p.height * W:
        return ctx.regions.read(value, Region.row(n, start), name=tag + ".data", raw=True)
    payload = undef(ir.VectorType(elem_ty, n))
    return ctx.regions.copy_rows(payload, value, p.height, p.width, W, start, pitch, 0,
                                 name=tag + ".data", raw=True)


@lowers(PrefetchNd)
def lower_prefetch_nd(ctx: FuncContext, op: PrefetchNd) -> None:
    if isinstance(ctx.get(op.tdesc), Nd1Desc):
        nd1d.prefetch_block(ctx, op)
        return
    if ctx.inbounds is None:
        _prefetch_nd(ctx, op)
    else:
        _row_targets().inbounds.prefetch(ctx, op, lambda: _prefetch_nd(ctx, op))


def _prefetch_nd(ctx: FuncContext, op: PrefetchNd) -> None:
    a = _access(ctx, op, "xegpu.prefetch_nd", "load")
    d, x, y = a.d, a.x, a.y
    if a.lim is None:
        _row_targets().nd_gather.prefetch_tile(ctx, d, a.H, a.W * a.nb, a.t, x, y, a.hints, op.loc)
        return
    W, t = (a.W // 2, 4) if d.pairs else (a.W, a.t)  # a header of word pairs: the same bytes as dwords
    pieces = block2d.plan(PLAIN, a.H, W, a.nb, t, a.lim, ctx.target.grf_bytes, op.loc, a.what)
    chain: list = []
    for i, p in enumerate(pieces):
        tag = f"pf{i}"
        _send(ctx, "prefetch", d, p, x, y, t, a.hints, tag, chain=chain, last_use=_last(ctx, op, i, pieces))

