"""Scattered XeGPU ops and atomics -> LSC gather/scatter messages (``lsc.load/store/prefetch``
and ``lsc.xatomic``, stateless for global memory, slm for shared local memory).

A scattered descriptor lowers to a :class:`ScatterDesc`: one byte address per lane (i64 global,
i32 SLM offset). Accesses are planned by :func:`lsc.plan_scatter`; the data of a whole access is
assembled chunk-major (element c of lane l at ``c * L + l``, the hardware's order) and only then
turned into the op's layout: ``[L, C]`` lane-major needs one region read, the RFC's transposed
``[C, L]`` is already it.
"""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import AtomicKind, atomic_kind, atomic_kinds, zeroinitializer
from genx_emit.genx.regions import Region, trace
from genx_emit.lower.context import (
    I32,
    I64,
    FuncContext,
    const,
    elem_bytes,
    llvm_name,
    llvm_type,
)
from genx_emit.lower.messages.addresses import lane_addresses
from genx_emit.lower.messages.cache import encode_hints
from genx_emit.lower.messages.gather import (
    ScatterDesc,
    add_base,
    all_lanes,
    byte_offsets,
    const_ints,
    gather,
    gathered,
    int_of,
    lsc_name,
    message_operands,
    payload,
    prefetch,
    scatter,
    tagged,
)
from genx_emit.lower.messages.lsc import (
    BLOCK_UNITS,
    Block,
    block_load,
    block_message,
    plan_block,
    plan_scatter,
    scatter_unit,
    vector_size_word,
)
from genx_emit.lower.ranges import constant_lanes, known_multiple, value_range
from genx_emit.lower.registry import lowers
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import FloatType, IntegerType, MemRefType, StridedLayout, Type, VectorType
from genx_emit.ops.model import Operand
from genx_emit.ops.scatter import (
    Access,
    AtomicRmw,
    CreateDesc,
    Geometry,
    LoadGather,
    PrefetchScatter,
    StoreScatter,
    UpdateOffset,
)
from genx_emit.ops.types import is_slm, tdesc_info


def _base(ctx: FuncContext, source: Value, slm: bool, eb: int, loc: Location) -> tuple[ir.Value, int | None]:
    """Byte address (i64) or SLM byte offset (i32) of element 0 of ``source``, and its static byte
    offset from the buffer's (aligned) start (None: unknown, a view whose type hides it)."""
    from genx_emit.lower.ops.memref import alignment_known  # memref.py uses this module

    t = source.type
    base = ctx.get(source)
    static: int | None = 0 if alignment_known(ctx, source) else None
    if isinstance(t, MemRefType):
        if isinstance(t.layout, StridedLayout) and t.layout.offset is not None:
            # a dynamic offset is already in the memref's address (README: memref values)
            base = ctx.add(base, const(base.type, t.layout.offset * eb))
            static = None if static is None else t.layout.offset * eb
    return ctx.resize(base, I32 if slm else I64, signed=False), static


def _offset_vector(
    ctx: FuncContext, offsets: Value | list[Operand], lanes: int, ty: ir.IntType, name: str
) -> ir.Value:
    """Per-lane element offsets as ``<lanes x ty>`` (index lists become constants or inserts)."""
    vt = ir.VectorType(ty, lanes)
    if isinstance(offsets, list):
        if all(isinstance(o, int) for o in offsets):
            return ir.Constant(vt, list(offsets))
        vec: ir.Value = ir.Constant(vt, [0] * lanes)
        for i, o in enumerate(offsets):
            vec = ctx.builder.insert_element(vec, ctx.index(o, ty), const(I32, i), name=f"{name}.{i}")
        return vec
    v = ctx.get(offsets)
    if isinstance(v, ir.Constant) and (v.constant is None or isinstance(v.constant, list)):
        return ir.Constant(vt, [int_of(c) for c in v.constant] if v.constant is not None else [0] * lanes)
    if v.type.element.width == ty.width:
        return v
    grow = v.type.element.width < ty.width
    return (ctx.builder.sext if grow else ctx.builder.trunc)(v, vt, name=name + ".cast")


def _uniform_into_base(
    ctx: FuncContext, base: ir.Value, bytes_: ir.Value, name: str
) -> tuple[ir.Value, ir.Value, int]:
    """``base`` plus constant byte offsets ``bytes_`` as the same addresses with the smallest
    offset moved into the scalar base: offset vectors that differ by a constant (a second buffer
    at a shifted index, a descriptor moved by ``update_offset``) become one vector, which IGC
    builds once (a 64-bit constant vector costs it two moves on PVC: its ``i32`` lanes copied to
    a stride of 2, then sign-extended). Not without a 64-bit ALU: there the offsets go to the
    base's low dword anyway (``add_base``), and a scalar 64-bit add is emulated. The third
    result is what the base moved by."""
    values = const_ints(bytes_)
    if not ctx.target.int64_alu or values is None:
        return base, bytes_, 0
    low = min(values)
    if low == 0:
        return base, bytes_, 0
    return (ctx.add(base, const(base.type, low), name=name + ".base"),
            ir.Constant(bytes_.type, [v - low for v in values]), low)


def _descriptor(
    ctx: FuncContext, source: Value, offsets: Value | list[Operand], g: Geometry, loc: Location, name: str
) -> ScatterDesc:
    eb = elem_bytes(g.element, loc)
    ty = I32 if g.slm else I64
    offs = _offset_vector(ctx, offsets, g.lanes, ty, name + ".off")
    (base, static), bytes_ = _base(ctx, source, g.slm, eb, loc), byte_offsets(ctx, offs, eb, name + ".bytes")
    base, bytes_, moved = _uniform_into_base(ctx, base, bytes_, name)
    narrow = _narrow_offsets(ctx, offs, eb) if not ctx.target.int64_alu and base.type == I64 else None
    if narrow is not None:
        # no 64-bit ALU: run-time 32-bit offsets known in [0, 2**31) go to the base's low dword
        addrs = lane_addresses(ctx, base, byte_offsets(ctx, narrow, eb, name + ".bytes32"), name + ".addr")
        misalign = static
    else:
        addrs = add_base(ctx, base, bytes_, name + ".addr")
        misalign = None if static is None else static + moved
    return ScatterDesc(g, eb, addrs).split(base, bytes_, misalign)


def _narrow_offsets(ctx: FuncContext, offs: ir.Value, eb: int) -> ir.Value | None:
    """The ``<n x i32>`` vector whose extension the run-time element offsets ``offs`` are, lane
    for lane (through the pieces of an extension split for the GRF), when its range times ``eb``
    lies in [0, 2**31): then its sign and zero extensions agree and the byte offsets fit a dword.
    None otherwise (constants are folded elsewhere)."""
    if isinstance(offs, ir.Constant) or offs.type.element != I64:
        return None
    sources = trace(offs, range(offs.type.count))
    if sources is None:
        return None
    narrow: ir.Value | None = None
    for lane, (cast, element, ratio) in enumerate(sources):
        if ratio != 1 or not (isinstance(cast, ir.CastInstr) and cast.opname in ("sext", "zext")) \
                or cast.operands[0].type.element != I32:
            return None
        back = trace(cast.operands[0], [element])
        if not back or back[0] is None:
            return None
        src, at, r = back[0]
        if r != 1 or at != lane or (narrow is not None and src is not narrow):
            return None
        narrow = src
    if narrow is None or narrow.type.count != offs.type.count:
        return None
    r = value_range(narrow)
    return narrow if r is not None and r[0] >= 0 and r[1] * eb < 1 << 31 else None


@lowers(CreateDesc)
def lower_create_desc(ctx: FuncContext, op: CreateDesc) -> None:
    info = tdesc_info(op.result.type, op.loc)  # type: ignore[arg-type]
    slm = info.memory_space == "slm" or is_slm(op.source.type)
    g = Geometry(info.lanes_shape, info.chunk_size, info.element, slm)
    ctx.set(op.result, _descriptor(ctx, op.source, op.offsets, g, op.loc, llvm_name(op.result)))


@lowers(UpdateOffset)
def lower_update_offset(ctx: FuncContext, op: UpdateOffset) -> None:
    d: ScatterDesc = ctx.get(op.tdesc)
    name = llvm_name(op.result)
    elem = d.addrs.type.element
    offs = _offset_vector(ctx, op.offsets, d.geometry.lanes, elem, name + ".off")
    bytes_ = byte_offsets(ctx, offs, d.elem_bytes, name + ".bytes")
    if d.base is None or d.offsets is None:  # addresses carried through a loop or a branch
        addrs = ctx.builder.add(d.addrs, bytes_, name=name + ".addr")
        ctx.set(op.result, ScatterDesc(d.geometry, d.elem_bytes, addrs))
        return
    base, moved, by = d.base, _add_offsets(ctx, d.offsets, bytes_, name + ".offs"), 0
    g = d.geometry
    if len(plan_scatter(g.lanes, g.chunk, scatter_unit(d.elem_bytes, op.loc), ctx.target)) == 1:
        # One message per access: moving its scalar base costs one scalar add there, less than
        # a second constant vector. (A chunk split into many messages keeps the base each of its
        # messages already moved, and takes the new vector.)
        base, moved, by = _uniform_into_base(ctx, base, moved, name)
    addrs = add_base(ctx, base, moved, name + ".addr")
    misalign = None if d.misalign is None else d.misalign + by
    ctx.set(op.result, ScatterDesc(d.geometry, d.elem_bytes, addrs).split(base, moved, misalign))


def _add_offsets(ctx: FuncContext, a: ir.Value, b: ir.Value, name: str) -> ir.Value:
    """Two byte-offset vectors added (folded when both are constants)."""
    ca, cb = const_ints(a), const_ints(b)
    if ca is not None and cb is not None:
        return ir.Constant(a.type, [x + y for x, y in zip(ca, cb, strict=True)])
    return ctx.builder.add(a, b, name=name)


def _access_desc(ctx: FuncContext, op: Access, element: Type | None, name: str) -> ScatterDesc:
    if op.tdesc is not None:
        return ctx.get(op.tdesc)
    assert op.source is not None and op.offsets is not None
    return _descriptor(ctx, op.source, op.offsets, op.geometry(element), op.loc, name)


def _mask(ctx: FuncContext, op: Access) -> ir.Value:
    assert op.mask is not None
    return ctx.get(op.mask)


def _to_layout(ctx: FuncContext, soa: ir.Value, g: Geometry, transpose: bool, name: str) -> ir.Value:
    """Chunk-major -> the op's ``[L, C]`` lane-major layout (no-op for C = 1 or transposed)."""
    if g.chunk == 1 or transpose:
        return soa
    return ctx.regions.transpose(soa, g.chunk, g.lanes, name=name + ".aos")


def _from_layout(ctx: FuncContext, v: ir.Value, g: Geometry, transpose: bool, name: str) -> ir.Value:
    """The op's layout -> chunk-major."""
    if g.chunk == 1 or transpose:
        return v
    return ctx.regions.transpose(v, g.lanes, g.chunk, name=name + ".soa")


def _as_int(ctx: FuncContext, v: ir.Value, bits: int, name: str) -> ir.Value:
    ty = ir.VectorType(ir.IntType(bits), v.type.count)
    return v if v.type == ty else ctx.builder.bitcast(v, ty, name=name)


# -- contiguous accesses: block messages ---------------------------------------------------
def _all_on(mask: ir.Value) -> bool:
    bits = const_ints(mask)
    return bits is not None and all(bits)


def _block_plan(ctx: FuncContext, d: ScatterDesc, mask: ir.Value, transpose: bool) -> Block | None:
    """The block form of an access, when it is exact: every lane on (a block message has no lane
    predicate), the offsets constant with lane l's elements right after lane l - 1's (memory then
    holds the access in the op's ``[L, C]`` lane-major layout; the transposed ``[C, L]`` one only
    for C = 1), and the start aligned to the unit. One address instead of a vector of them, and
    no per-element containers for 8/16-bit data."""
    g = d.geometry
    if d.base is None or d.offsets is None or d.misalign is None or (transpose and g.chunk > 1) \
            or not _all_on(mask):
        return None
    offs = constant_lanes(d.offsets)
    row = g.chunk * d.elem_bytes
    if offs is None or any(o != offs[0] + lane * row for lane, o in enumerate(offs)):
        return None
    nbytes = g.lanes * row
    for unit in BLOCK_UNITS:
        if nbytes % unit == 0 and (d.misalign + offs[0]) % unit == 0:
            return Block(unit, nbytes // unit, plan_block(nbytes // unit, unit, ctx.target), start=offs[0])
    return None


def _block_call(ctx: FuncContext, kind: str, d: ScatterDesc, blk: Block, piece: tuple[int, int],
                hints: tuple[int, int], label: str, data: ir.Value | None = None) -> ir.Value:
    """One transposed SIMD1 message for ``piece`` of the block."""
    assert d.base is not None
    u0, vs = piece
    addr = ctx.add(d.base, const(d.base.type, blk.start + u0 * blk.unit), name=label + ".a")
    return block_message(ctx, lsc_name(kind, d), blk.unit, vs, hints, label, addr, data)


def _block_load(ctx: FuncContext, d: ScatterDesc, blk: Block, hints: tuple[int, int], ty: ir.Type,
                name: str) -> ir.Value:
    return block_load(ctx, blk, ty, name,
                      lambda piece, tag: _block_call(ctx, "load", d, blk, piece, hints, tag))


def _block_store(ctx: FuncContext, d: ScatterDesc, blk: Block, value: ir.Value, hints: tuple[int, int],
                 name: str) -> None:
    units = ir.VectorType(ir.IntType(blk.unit * 8), blk.units)
    bits = value if value.type == units else ctx.builder.bitcast(value, units, name=name + ".units")
    for tag, (u0, vs) in tagged(name, blk.pieces):
        data = ctx.regions.read(bits, Region.row(vs, u0), name=tag + ".data", raw=True)
        _block_call(ctx, "store", d, blk, (u0, vs), hints, tag, data=data)


# -- lane-major chunks: one wide unit per lane ---------------------------------------------
WIDE_UNITS = (8, 4)  # D64, D32: the units a lane's chunk may be read as, the largest first


@dataclass(frozen=True)
class _Wide:
    """A chunked access sent as one non-transposed message of vector size 1 whose lanes each move
    one ``unit``-byte piece of a chunk: lane ``k * l + i`` takes bytes ``[unit * i, unit * (i + 1))``
    of lane l's chunk. Its payload is then the op's lane-major ``[L, C]`` layout itself: no
    transpose to or from the chunk-major order of a vector-size-C message, and 8/16-bit data
    travels packed (no per-element containers, one message instead of one per element)."""

    unit: int
    per_lane: int  # k: message lanes per access lane
    # byte offset of each message lane past the descriptor's base, when constant (else the
    # lane addresses are the access's, each repeated k times, plus the unit's offset)
    offsets: list[int] | None


def _wide_plan(ctx: FuncContext, d: ScatterDesc, transpose: bool,
               copy: bool = False) -> _Wide | None:
    """The wide form of a lane-major chunked access, when it is exact and one message: every
    lane's chunk starting on a unit boundary (the base's misalignment known; constant offsets,
    or run-time ones known multiples of the unit), the chunk a whole number of units, and the
    lanes that makes within the target's LSC width and payload. Not for the transposed
    ``[C, L]`` layout, which chunk-major already is. More message lanes than access lanes
    (``k`` > 1) cost addresses: only where they pay (``_splits_pay``), and not for a gather only
    ever stored again (``copy``: the scatter then sends the gather's chunk-major payload as it
    came, no transpose either way)."""
    g = d.geometry
    if g.chunk == 1 or transpose or d.base is None or d.offsets is None or d.misalign is None:
        return None
    offs = constant_lanes(d.offsets)
    # run-time offsets: each a multiple of this (ranges.known_multiple)
    step = known_multiple(d.offsets) if offs is None else 0
    row = g.chunk * d.elem_bytes
    budget = ctx.target.lsc_max_payload_grfs * ctx.target.grf_bytes
    for unit in WIDE_UNITS:
        k = row // unit
        aligned = not any((d.misalign + o) % unit for o in offs) if offs is not None \
            else d.misalign % unit == 0 and step % unit == 0
        if unit < d.elem_bytes or row % unit or not aligned \
                or g.lanes * k > ctx.target.lsc_max_simd or g.lanes * row > budget:
            continue
        if k > 1 and (copy or not _splits_pay(ctx, d, k, offs is not None)):
            return None
        return _Wide(unit, k, None if offs is None else [o + unit * i for o in offs for i in range(k)])
    return None


# Most message lanes per access lane worth their 64-bit addresses in global memory. Measured
# (isa-quality, pvc): 2 qword lanes per lane of 4 f32 or 2 i64 take 4-12 instructions and 7-16
# data moves less than the vector-size-C message and its transpose; 4 per lane (8 lanes x 8
# f32) halve the instructions but build 32 64-bit addresses with one data move more.
MAX_GLOBAL_SPLIT = 2


def _splits_pay(ctx: FuncContext, d: ScatterDesc, k: int, constant: bool) -> bool:
    """Whether ``k`` message lanes per access lane cost less than the transpose they save. SLM
    offsets are dwords: always. Global addresses are 64-bit: on a target without a 64-bit ALU
    each one is built from interleaved dword halves, a data move per register of addresses, as
    many as the transpose saves (measured on DG2); elsewhere up to ``MAX_GLOBAL_SPLIT``, for
    constant offsets only: repeating run-time 64-bit lane addresses with a <1;k,0> region costs
    IGC a move per pair of lanes (16 x 4 f32 on pvc: 45 -> 69 instructions)."""
    if d.slm:
        return True
    return ctx.target.int64_alu and constant and k <= MAX_GLOBAL_SPLIT


def _wide_mask(ctx: FuncContext, mask: ir.Value, k: int, name: str) -> ir.Value:
    """Each lane's predicate repeated for its ``k`` message lanes (constants fold; a run-time
    mask is widened to i16, read with a <1;k,0> region and compared back: regions take no i1)."""
    if k == 1:
        return mask
    n = mask.type.count * k
    bits = const_ints(mask)
    if bits is not None:
        return ir.Constant(ir.VectorType(ir.IntType(1), n), [b for b in bits for _ in range(k)])
    b = ctx.builder
    wide = b.zext(mask, ir.VectorType(ir.IntType(16), mask.type.count), name=name + ".w")
    rep = ctx.regions.read(wide, Region(count=n, width=k, stride=0, vstride=1), name=name + ".rep")
    return b.icmp_unsigned("!=", rep, zeroinitializer(rep.type), name=name)


def _wide_call(ctx: FuncContext, kind: str, d: ScatterDesc, w: _Wide, mask: ir.Value,
               hints: tuple[int, int], name: str, data: ir.Value | None = None) -> ir.Value:
    assert d.base is not None
    unit = scatter_unit(w.unit, None)
    n = d.geometry.lanes * w.per_lane
    extra = {} if data is None else {"data": data}
    return ctx.intr.call(
        ctx.builder,
        lsc_name(kind, d),
        ret=ir.VectorType(unit.reg, n) if data is None else None,
        label=name if data is None else "",
        pred=_wide_mask(ctx, mask, w.per_lane, name + ".pred"),
        l1=hints[0],
        l3=hints[1],
        data_size=unit.data_size,
        vector_size=vector_size_word(1),
        order="non_transpose",
        addr=_wide_addrs(ctx, d, w, name + ".addr"),
        **extra,
    )


def _wide_addrs(ctx: FuncContext, d: ScatterDesc, w: _Wide, name: str) -> ir.Value:
    """The message lanes' addresses: the base plus constant offsets, or the access's lane
    addresses read ``k`` times each (a <1;k,0> region) plus each unit's offset."""
    assert d.base is not None
    n = d.geometry.lanes * w.per_lane
    vt = ir.VectorType(d.base.type, n)
    if w.offsets is not None:
        return add_base(ctx, d.base, ir.Constant(vt, w.offsets), name)
    if w.per_lane == 1:
        return d.addrs
    rep = ctx.regions.read(d.addrs, Region(count=n, width=w.per_lane, stride=0, vstride=1),
                           name=name + ".rep")
    units = ir.Constant(vt, [w.unit * (i % w.per_lane) for i in range(n)])
    return ctx.builder.add(rep, units, name=name)


@lowers(LoadGather)
def lower_load(ctx: FuncContext, op: LoadGather) -> None:
    name = llvm_name(op.result)
    t = op.result.type
    d = _access_desc(ctx, op, getattr(t, "element", None), name)
    hints = encode_hints(ctx.intr, op.hints, "load", op.loc, op.OP)
    blk = _block_plan(ctx, d, _mask(ctx, op), op.transpose)
    if blk is not None:
        ctx.set(op.result, _block_load(ctx, d, blk, hints, llvm_type(t, op.loc), name))
        return
    wide = _wide_plan(ctx, d, op.transpose, op.result in ctx.consumers.scatter_copies)
    if wide is not None:
        data = _wide_call(ctx, "load", d, wide, _mask(ctx, op), hints, name)
        ctx.set(op.result, ctx.builder.bitcast(data, llvm_type(t, op.loc), name=name + ".v"))
        return
    soa = gather(ctx, d, _mask(ctx, op), hints, name, op.loc)
    res = _to_layout(ctx, soa, d.geometry, op.transpose, name)
    ty = llvm_type(t, op.loc)
    res = res if res.type == ty else ctx.builder.bitcast(res, ty, name=name)
    ctx.set(op.result, res, chunk_major=(soa, _layout_key(d, op.transpose)))


def _layout_key(d: ScatterDesc, transpose: bool) -> tuple:
    """What makes two scattered accesses read a value's elements in the same order."""
    g = d.geometry
    return g.lanes, g.chunk, d.elem_bytes, transpose or g.chunk == 1


def _gathered_alike(ctx: FuncContext, v: Value, d: ScatterDesc, transpose: bool) -> ir.Value | None:
    """The chunk-major payload of ``v`` when a gather read it in the order ``d`` would (storing
    that needs no data moves at all), else None."""
    known = ctx.form(v, "chunk_major")
    return known[0] if known is not None and known[1] == _layout_key(d, transpose) else None


def _chunk_major(ctx: FuncContext, v: Value, d: ScatterDesc, transpose: bool, name: str) -> ir.Value:
    """``v`` (the op's layout) chunk-major, as element-width integers. A value a gather of the same
    layout made is sent in the gather's own order (no transpose there and back)."""
    gathered = _gathered_alike(ctx, v, d, transpose)
    if gathered is not None:
        return gathered
    bits = _as_int(ctx, ctx.get(v), d.elem_bytes * 8, name + ".bits")
    return _from_layout(ctx, bits, d.geometry, transpose, name)


@lowers(StoreScatter)
def lower_store(ctx: FuncContext, op: StoreScatter) -> None:
    name = "st." + llvm_name(op.value)
    d = _access_desc(ctx, op, getattr(op.value.type, "element", None), name)
    hints = encode_hints(ctx.intr, op.hints, "store", op.loc, op.OP)
    value = ctx.get(op.value)
    blk = _block_plan(ctx, d, _mask(ctx, op), op.transpose)
    if blk is not None:
        _block_store(ctx, d, blk, value, hints, name)
        return
    gathered = _gathered_alike(ctx, op.value, d, op.transpose) is not None
    wide = None if gathered else _wide_plan(ctx, d, op.transpose)
    if wide is not None:
        units = ir.VectorType(scatter_unit(wide.unit, op.loc).reg, d.geometry.lanes * wide.per_lane)
        bits = value if value.type == units else ctx.builder.bitcast(value, units, name=name + ".units")
        _wide_call(ctx, "store", d, wide, _mask(ctx, op), hints, name, data=bits)
        return
    soa = _chunk_major(ctx, op.value, d, op.transpose, name)
    scatter(ctx, d, _mask(ctx, op), soa, hints, name, op.loc)


@lowers(PrefetchScatter)
def lower_prefetch(ctx: FuncContext, op: PrefetchScatter) -> None:
    d = _access_desc(ctx, op, None, "pf")
    hints = encode_hints(ctx.intr, op.hints, "load", op.loc, op.OP)
    blk = _block_plan(ctx, d, all_lanes(d.geometry.lanes), False)
    if blk is not None and not d.slm:
        for tag, piece in tagged("pf", blk.pieces):
            _block_call(ctx, "prefetch", d, blk, piece, hints, tag)
        return
    prefetch(ctx, d, all_lanes(d.geometry.lanes), hints, op.loc)


def _hardware_atomic(op: AtomicRmw) -> AtomicKind:
    """The LSC operation of the op's atomic kind on its element type and memory (the table in
    intrinsics/lsc.yaml), or a located error saying what the hardware lacks."""
    name, loc = op.OP, op.loc
    k = atomic_kind(op.kind)
    if k is None:
        raise error(loc, f"{name}: unknown atomic kind '{op.kind}' (kinds: {', '.join(atomic_kinds())})")
    if k.op is None:
        raise error(loc, f"{name}: atomic kind '{op.kind}' has no hardware form: {k.note}")
    t = op.value.type
    g = op.geometry(t.element if isinstance(t, VectorType) else None)
    el = g.element
    word = f"i{el.width}" if isinstance(el, IntegerType) else el.kind if isinstance(el, FloatType) else None
    if word not in k.types:
        raise error(loc, f"{name}: the hardware has no '{op.kind}' atomic on {el} (supported element "
                         f"types: {', '.join(k.types)})")
    if g.slm and k.not_on_slm:
        raise error(loc, f"{name}: '{op.kind}' on SLM: {k.not_on_slm}")
    return k


@lowers(AtomicRmw)
def lower_atomic(ctx: FuncContext, op: AtomicRmw) -> None:
    name = llvm_name(op.result)
    kind = _hardware_atomic(op)
    d = _access_desc(ctx, op, getattr(op.value.type, "element", None), name)
    g, unit = d.geometry, scatter_unit(d.elem_bytes, op.loc)
    hints = encode_hints(ctx.intr, op.hints, "store", op.loc, op.OP)
    is_float_op = kind.op.startswith("f")
    value = ctx.get(op.value)
    if not is_float_op:  # integer operations (and the exchange of float bits) act on integers
        value = _as_int(ctx, value, d.elem_bytes * 8, name + ".bits")
    soa = _from_layout(ctx, value, g, False, name)
    mask = _mask(ctx, op)
    total = g.lanes * g.chunk
    acc = None
    for tag, m in tagged(name, plan_scatter(g.lanes, g.chunk, unit, ctx.target, atomic=True)):
        src0 = payload(ctx, soa, m, g.lanes, tag)
        old = ctx.intr.call(
            ctx.builder,
            lsc_name("xatomic", d),
            ret=src0.type,
            label=tag,
            op=kind.op,
            **message_operands(ctx, d, mask, m, unit, hints, tag),
            src0=src0,
        )
        acc = gathered(ctx, acc, old, m, g.lanes, total, tag)
    assert acc is not None
    res = _to_layout(ctx, acc, g, False, name)
    ty = llvm_type(op.result.type, op.loc)
    ctx.set(op.result, res if res.type == ty else ctx.builder.bitcast(res, ty, name=name + ".old"))
