"""The payload form of 2D block messages: the tensor descriptor is the message header.

``lsc.load2d/store2d/prefetch2d.stateless`` take the surface and the position as scalars, and
IGC builds the 8-dword header GRF again for every message (about 6.5 single-lane movs each).
In the payload form ``create_nd_tdesc`` builds that header once (:func:`header`),
``update_nd_offset`` rewrites its x / y dwords in place (:func:`move`), and each message is a
``raw.send2`` / ``raw.sends2`` from it, with the message descriptor computed from the encodings
in ``intrinsics/block2d.yaml`` (:func:`descriptor`). A message whose shape or position differs
from the header's (a piece of a split tile, an access with its own offsets, a transposed load
counted in wider units) sends a copy with those dwords rewritten (:func:`message_header`).

Selected by ``lower --block2d-form payload|scalar``; the scalar form is the intrinsics, kept
for comparison (tests prove both give IGC the same message descriptors).
"""

from __future__ import annotations

from llvmlite import ir

from genx_emit.genx.intrinsics import Intrinsics, field_bits, scalar_bits
from genx_emit.lower.context import I32, FuncContext, NdDesc, const, const_value
from genx_emit.lower.messages.block2d import Piece

_DATA_SIZE = {1: "u8", 2: "u16", 4: "u32", 8: "u64"}
_HEADER_GRFS = 1  # the address payload is one GRF
_HEADER_DWORDS = 8  # its dwords (the rest of the GRF is ignored)


def header_type(ctx: FuncContext) -> ir.VectorType:
    """The header's 8 dwords. The send reads one GRF; the hardware ignores the rest of it, so a
    full-GRF vector would only make IGC materialise undefined dwords (measured: 48 more
    instructions over the samples)."""
    return ir.VectorType(I32, _HEADER_DWORDS)


def _dword(ctx: FuncContext, field: str) -> ir.Constant:
    return const(I32, ctx.intr.encode("block2d_header_dword", field))


def shape_code(ctx: FuncContext, width: int, height: int, blocks: int) -> int | None:
    """The block-shape dword of a ``blocks`` x (``height`` x ``width``) message, or None when the
    sizes do not fit its fields (a tile that is only ever sent in pieces)."""
    if not (1 <= width <= 256 and 1 <= height <= 256 and 1 <= blocks <= 16):
        return None
    return ctx.intr.pack("block2d_shape", width_m1=width - 1, height_m1=height - 1, blocks_m1=blocks - 1)


def header(ctx: FuncContext, d: NdDesc, name: str, positioned: bool = True,
           placed_by_access: bool = False, last_of_surface: bool = False,
           block: tuple[int, ...] | None = None) -> NdDesc:
    """``d`` with its header built: base, sizes, position and the tile's own block shape. The
    dwords known at compile time start as one constant vector; the base and the run-time
    dwords are inserted into it. Where a header of the same surface was sent earlier in the same
    block by the one access of its descriptor (:func:`sent`), that header is dead and this one
    starts from it, with only the dwords that differ rewritten: a run of descriptors (sixteen C
    tiles stored one after the other, the prefetches of the first K slices) is then one header
    changed in place, where headers made from one template make IGC keep the template and copy
    it per message (an 8-dword mov each). For a descriptor created with offsets
    (``positioned``), or one whose only access gives its own (``placed_by_access``: that
    access's message header sets the position, so the dead header's stays as it is); the
    accesses of other descriptors created without offsets read the position (0, 0) from it.
    Without such a header of its own surface, a descriptor created with offsets starts from the
    dead header of another surface of the same sizes that is at its position already (a tile
    copied from one buffer to another): only the base qword is rewritten, where a header of its
    own made IGC copy the template it shares with the other surface's. Only from a surface no
    later descriptor of the block is of (``last_of_surface`` of its last one): a run of copies
    (load a[i], store b[i], load a[i + 1], ...) would take each a[i] header from a[i + 1].
    ``block``: (width, height, blocks) of the block shape to hold, where not the tile's (the
    first message of a header of word pairs)."""
    b = ctx.builder
    H, W = d.info.shape
    code = shape_code(ctx, *(block or (W, H, d.info.array_length)))
    shape = [("block_shape", const(I32, code))] if code is not None else []
    position = [("x", d.x), ("y", d.y)] + shape
    key = _surface_key(d)
    if last_of_surface:
        ctx.surface_done(key)
    own = ctx.dead_header(key)
    if not (positioned or placed_by_access):
        last = None
    elif own is not None:
        last = key, own
    else:  # another surface of the same sizes whose dead header is at this one's position
        last = next(((k, e) for k, e in ctx.done_headers()
                     if k[1:] == key[1:]
                     and all(same_value(known(ctx, e[1], f), val) for f, val in position)),
                    None) if positioned else None
    if last is not None and last[1][0] is b.block:
        ctx.take_header(last[0])
        v, held = last[1][1], last[1][2]
        if last[0][0] != key[0]:
            v = _with_base(ctx, v, d.base, name)
        for f, val in position if positioned else shape:
            if not same_value(known(ctx, v, f), val):
                v = b.insert_element(v, val, _dword(ctx, f), name=f"{name}.hdr.{f}")
        code = code if code is not None else held
    else:
        v = _new_header(ctx, d, position, name)
    return d.replace(payload=v, payload_shape=code if code is not None else -1, x=None, y=None)


def sent(ctx: FuncContext, d: NdDesc, hdr: ir.Value, p: Piece) -> None:
    """``hdr`` (of ``d``'s surface, holding piece ``p``'s shape) was sent by the only access of
    its descriptor: the next descriptor of the surface made in this block may start from it."""
    code = shape_code(ctx, p.width, p.height, p.blocks)
    assert code is not None  # legal message shapes always fit
    ctx.sent_header(_surface_key(d), hdr, code)


# Side-effect-free instructions two equal computations of a header dword are made of.
_PURE = {"add", "sub", "mul", "shl", "lshr", "ashr", "and", "or", "xor", "udiv", "sdiv", "urem", "srem",
         "trunc", "zext", "sext"}
_SAME_DEPTH = 8  # instructions followed back from a dword (offsets are short chains)


def same_value(a: ir.Value | None, b: ir.Value, depth: int = _SAME_DEPTH) -> bool:
    """``a`` and ``b`` compute the same value: one value, equal constants, or the same pure
    instruction of equal operands. The workgroup distribution writes each block's offsets with
    ops of their own (``%m + 0`` again per block), so a header dword that already holds a
    message's position shows as an equal computation rather than the same value."""
    if a is b:
        return True
    if a is None or a.type != b.type:
        return False
    ca, cb = const_value(a), const_value(b)
    if ca is not None or cb is not None:
        return ca == cb
    if depth == 0 or not (isinstance(a, ir.Instruction) and isinstance(b, ir.Instruction)):
        return False
    if (a.opname != b.opname or a.opname not in _PURE or len(a.operands) != len(b.operands)
            or getattr(a, "flags", None) != getattr(b, "flags", None)):
        return False
    return all(same_value(x, y, depth - 1) for x, y in zip(a.operands, b.operands, strict=True))


def _surface_key(d: NdDesc) -> tuple:
    """What makes two descriptors' headers equal but for position and shape: the same base value
    and the same sizes (constants, or the same values)."""
    return (id(d.base), *(const_value(v) if const_value(v) is not None else id(v)
                          for v in (d.width_m1, d.height_m1, d.pitch_m1)))


def _with_base(ctx: FuncContext, v: ir.Value, base: ir.Value, name: str) -> ir.Value:
    """Header ``v`` with its base qword rewritten."""
    b = ctx.builder
    hty = header_type(ctx)
    qwords = ir.VectorType(ir.IntType(64), hty.count // 2)
    base_dw = ctx.intr.encode("block2d_header_dword", "base")
    q = b.insert_element(b.bitcast(v, qwords, name=name + ".hdr.q"), base, const(I32, base_dw // 2),
                         name=name + ".hdr.base")
    return b.bitcast(q, hty, name=name + ".hdr.dw")


def _new_header(ctx: FuncContext, d: NdDesc, position: list[tuple[str, ir.Value]], name: str) -> ir.Value:
    b = ctx.builder
    hty = header_type(ctx)
    fields = [("surface_width", d.width_m1), ("surface_height", d.height_m1), ("surface_pitch", d.pitch_m1),
              *position]
    known: list[ir.Constant] = [ir.Constant(I32, ir.Undefined)] * hty.count
    runtime = []
    for f, val in fields:
        if const_value(val) is None:
            runtime.append((f, val))
        else:
            known[ctx.intr.encode("block2d_header_dword", f)] = val
    v = _with_base(ctx, ir.Constant(hty, known), d.base, name)
    for f, val in runtime:
        v = b.insert_element(v, val, _dword(ctx, f), name=f"{name}.hdr.{f}")
    return v


def read(ctx: FuncContext, payload: ir.Value, field: str, name: str) -> ir.Value:
    """One dword of a header (the position lives there only in the payload form): the value
    written there when the header's making shows it, else an extractelement."""
    held = known(ctx, payload, field)
    if held is not None:
        return held
    return ctx.builder.extract_element(payload, _dword(ctx, field), name=name)


def known(ctx: FuncContext, payload: ir.Value, field: str) -> ir.Value | None:
    """What the header's making put in one dword, if it shows it (no instruction emitted)."""
    return _written(payload, ctx.intr.encode("block2d_header_dword", field))


def _written(v: ir.Value, dword: int) -> ir.Value | None:
    """What the insertelements and the constant start of a header put in ``dword`` (a constant
    offset stays a compile-time fact, checked as such), or None through anything else (a phi)."""
    while True:
        if isinstance(v, ir.InsertElement):
            vec, val, idx = v.operands
            if const_value(idx) is None:
                return None
            if vec.type.element.width == 32 and const_value(idx) == dword:
                return val
            if vec.type.element.width == 64 and const_value(idx) == dword // 2:
                return None  # the base qword
            v = vec
        elif isinstance(v, ir.CastInstr) and v.opname == "bitcast":
            v = v.operands[0]
        elif isinstance(v, ir.Constant) and isinstance(v.constant, list):
            elems = v.constant
            per = v.type.element.width // 32  # dwords per element
            if per != 1:
                return None
            c = elems[dword]
            return c if const_value(c) is not None else None
        else:
            return None


def move(ctx: FuncContext, d: NdDesc, dy: ir.Value, dx: ir.Value, name: str) -> NdDesc:
    """``d`` moved by ``dy`` rows and ``dx`` columns: the header's y / x dwords rewritten in
    place (one add each in the ISA), where the delta is not known to be 0."""
    pl = d.payload
    for field, delta in (("y", dy), ("x", dx)):
        if const_value(delta) != 0:
            pos = ctx.add(read(ctx, pl, field, f"{name}.{field}0"), delta, name=f"{name}.{field}")
            pl = ctx.builder.insert_element(pl, pos, _dword(ctx, field), name=f"{name}.hdr.{field}")
    return d.replace(payload=pl)


def message_header(ctx: FuncContext, d: NdDesc, p: Piece, x: ir.Value | None, y: ir.Value | None,
                   tag: str, prev: tuple[ir.Value, Piece] | None = None) -> ir.Value:
    """The header of one message: ``d``'s, or ``prev`` (the header of the access's previous
    message and its piece), with the dwords this message needs changed. ``x`` / ``y``: the
    access's own position, or None for the descriptor's (already in the header). Each message of
    a split access starts from the previous one's header, which is dead after its send, so IGC
    rewrites a few dwords in place instead of copying the descriptor's header GRF per message."""
    b = ctx.builder
    if prev is None:
        pl, held_shape = d.payload, d.payload_shape
        held = {"x": 0 if x is None else None, "y": 0 if y is None else None}
    else:
        pl, q = prev
        held_shape = shape_code(ctx, q.width, q.height, q.blocks)
        held = {"x": q.col, "y": q.row}
    assert pl is not None and d.payload is not None
    code = shape_code(ctx, p.width, p.height, p.blocks)
    assert code is not None  # legal message shapes always fit
    if code != held_shape:
        pl = b.insert_element(pl, const(I32, code), _dword(ctx, "block_shape"), name=tag + ".hdr.shape")
    for field, pos, offset in (("x", x, p.col), ("y", y, p.row)):
        if held[field] == offset:
            continue
        if pos is None:
            pos = read(ctx, d.payload, field, f"{tag}.{field}0")
        if offset == 0 and same_value(known(ctx, pl, field), pos):
            continue  # the header it starts from already holds it
        pos = ctx.add(pos, const(I32, offset), name=f"{tag}.{field}")
        pl = b.insert_element(pl, pos, _dword(ctx, field), name=f"{tag}.hdr.{field}")
    return pl


def descriptor(intr: Intrinsics, grf: int, kind: str, unit: int, hints: tuple[int, int], vnni: bool = False,
               transpose: bool = False, response_bytes: int = 0) -> int:
    """The message descriptor of a 2D block ``kind`` ("load", "store", "prefetch") message of
    ``unit``-byte data whose response is ``response_bytes`` in ``grf``-byte GRFs; ``hints`` are
    the (L1, L3) cache_hint codes."""
    hint_kind = "store" if kind == "store" else "load"
    pair = ".".join(intr.decode("cache_hint", h) for h in hints)
    # a 32-GRF response does not fit the field: IGC writes its largest value (31)
    max_field = (1 << field_bits("block2d_desc", "response_grfs")) - 1
    return intr.pack(
        "block2d_desc",
        opcode="store" if kind == "store" else "load",
        vnni=int(vnni),
        data_size=_DATA_SIZE[unit],
        transpose=int(transpose),
        cache=intr.encode(f"block2d_cache_{hint_kind}", pair),
        response_grfs=min(-(-response_bytes // grf), max_field),
        payload_grfs=_HEADER_GRFS,
    )


def load(ctx: FuncContext, hdr: ir.Value, ret: ir.VectorType, desc: int, label: str) -> ir.Value:
    grfs = ret.count * scalar_bits(ret.element) // 8 // ctx.target.grf_bytes
    return ctx.intr.call(ctx.builder, "raw.send2", ret=ret, label=label, exec_size="simd1",
                         src_grfs=_HEADER_GRFS, dst_grfs=grfs, sfid="ugm", desc=desc, src=hdr)


def store(ctx: FuncContext, hdr: ir.Value, data: ir.Value, desc: int) -> None:
    grfs = data.type.count * scalar_bits(data.type.element) // 8 // ctx.target.grf_bytes
    ctx.intr.call(ctx.builder, "raw.sends2.noresult", exec_size="simd1", src_grfs=_HEADER_GRFS,
                  src1_grfs=grfs, sfid="ugm", desc=desc, src=hdr, src1=data)


def prefetch(ctx: FuncContext, hdr: ir.Value, desc: int) -> None:
    ctx.intr.call(ctx.builder, "raw.send2.noresult", exec_size="simd1", src_grfs=_HEADER_GRFS,
                  sfid="ugm", desc=desc, src=hdr)

