"""memref views, scalar loads/stores and pointer/metadata queries (model: ``ops/memref.py``).

A memref lowers to one address: ``i64`` bytes for global memory, ``i32`` SLM bytes. A static
layout offset counts from it; with a dynamic offset it is the first element's address. Views
are address arithmetic only. Sizes and strides a view sets at run time (``reinterpret_cast``
with operands) are remembered per value for the ops that need them (``load``/``store``,
``extract_strided_metadata``); a kernel argument's dynamic strides are known to no op.
"""

from __future__ import annotations

import itertools
import math

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, INDEX, FuncContext, const, elem_bytes, llvm_name, llvm_type
from genx_emit.lower.messages.cache import encode_hints
from genx_emit.lower.messages.gather import ScatterDesc, add_base, all_lanes, gather, scatter
from genx_emit.lower.messages.lsc import plan_block, splat, vector_size_word
from genx_emit.lower.registry import lowers
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import MemRefType, VectorType
from genx_emit.ops.memref import (
    ExtractAlignedPointer,
    ExtractStridedMetadata,
    MemrefLoad,
    MemrefStore,
    MemrefView,
    static_offset,
    static_strides,
)
from genx_emit.ops.model import CacheHints
from genx_emit.ops.scatter import Geometry
from genx_emit.ops.types import is_slm

# A view's lowered value has up to two other forms (FuncContext.form): DIMS, its run-time sizes
# and strides (sizes, strides), entries an ir.Value or an int, where its type leaves them
# dynamic; UNALIGNED (True) when its value is not "an aligned buffer start minus the type's
# static offset": the type's offset is not where the view starts (a subview typed strided<[1]>
# at [5]), so how the start is aligned is unknown; accesses through it must not assume it
# (block messages need it).
DIMS, UNALIGNED = "dims", "unaligned"


def alignment_known(ctx: FuncContext, v: Value) -> bool:
    """Whether ``v``'s value is an aligned buffer start minus its type's static offset."""
    return not ctx.form(v, UNALIGNED)


def _addr_type(t: MemRefType) -> ir.IntType:
    return I32 if is_slm(t) else INDEX


def dims(ctx: FuncContext, v: Value, loc: Location, what: str) -> tuple[list, list]:
    """(sizes, strides) of memref ``v`` as ints or ir.Values; an error names what is unknown."""
    t = v.type
    assert isinstance(t, MemRefType)
    known = ctx.form(v, DIMS)
    sizes = list(t.shape)
    strides = static_strides(t)
    if known is not None:
        sizes = [k if s is None else s for s, k in zip(sizes, known[0], strict=True)]
        strides = [k if s is None else s for s, k in zip(strides, known[1], strict=True)]
    if any(s is None for s in strides):
        raise error(loc, f"{what}: the strides of '{t}' are dynamic and no view in the kernel sets them; "
                         "use a static layout or memref.reinterpret_cast with the strides")
    return sizes, strides


def _as(ctx: FuncContext, x: int | ir.Value | Value, ty: ir.IntType) -> ir.Value:
    if isinstance(x, int):
        return const(ty, x)
    if isinstance(x, Value):
        return ctx.index(x, ty)
    return ctx.resize(x, ty)


def data_address(ctx: FuncContext, v: Value) -> ir.Value:
    """The address of ``v``'s first element."""
    t = v.type
    assert isinstance(t, MemRefType)
    off = static_offset(t) or 0
    eb = elem_bytes(t.element)
    return ctx.add(ctx.resize(ctx.get(v), _addr_type(t), signed=False), const(_addr_type(t), off * eb))


def _element_address(ctx: FuncContext, v: Value, indices: list[Value], loc: Location, what: str) -> ir.Value:
    t = v.type
    assert isinstance(t, MemRefType)
    ty = _addr_type(t)
    _, strides = dims(ctx, v, loc, what)
    off: ir.Value = const(ty, 0)
    for i, s in zip(indices, strides, strict=True):
        off = ctx.add(off, ctx.mul(ctx.index(i, ty), _as(ctx, s, ty)))
    return ctx.add(data_address(ctx, v), ctx.mul(off, const(ty, elem_bytes(t.element, loc))))


def _unaligned(ctx: FuncContext, op: MemrefView, src_strides: list) -> bool:
    """A subview starts at the source's static offset plus its offsets times the strides; if its
    type says another static offset, its start's alignment is unknown. (A dynamic offset is taken
    to keep the alignment, as before: the README's memref values.)"""
    src, res = op.source.type, op.result.type
    assert isinstance(src, MemRefType) and isinstance(res, MemRefType)
    start = static_offset(src)
    for o, k in zip(op.offsets, src_strides, strict=True):
        start = start + o * k if isinstance(o, int) and isinstance(k, int) and start is not None else None
    claimed = static_offset(res)
    moved = start is not None and claimed is not None and start != claimed
    return moved or not alignment_known(ctx, op.source)


@lowers(MemrefView)
def lower_view(ctx: FuncContext, op: MemrefView) -> None:
    src, res = op.source.type, op.result.type
    assert isinstance(src, MemRefType) and isinstance(res, MemRefType)
    ty, eb = _addr_type(res), elem_bytes(res.element, op.loc)
    name = llvm_name(op.result)
    unaligned = False
    if op.opname == "memref.reinterpret_cast":
        # The new view starts at the source's base (its address), moved by the new offset.
        base = ctx.resize(ctx.get(op.source), ty, signed=False)
        sizes, strides = op.sizes, op.strides
        start = ctx.add(base, ctx.mul(_as(ctx, op.offsets[0], ty), const(ty, eb)), name=name + ".start")
    else:
        start = data_address(ctx, op.source)
        if op.opname == "memref.subview":
            _, src_strides = dims(ctx, op.source, op.loc, op.opname)
            unaligned = _unaligned(ctx, op, src_strides)
            off: ir.Value = const(ty, 0)
            for o, s in zip(op.offsets, src_strides, strict=True):
                off = ctx.add(off, ctx.mul(_as(ctx, o, ty), _as(ctx, s, ty)))
            start = ctx.add(start, ctx.mul(off, const(ty, eb)), name=name + ".start")
            sizes = list(op.sizes)
            strides = [s * k if isinstance(k, int) else ctx.mul(_as(ctx, s, ty), k)  # type: ignore[operator]
                       for s, k in zip(op.strides, src_strides, strict=True)]
        else:
            sizes, strides = ctx.form(op.source, DIMS) or ([None] * len(res.shape), [None] * len(res.shape))
    # The result's value: its first element's address minus its static layout offset.
    value = ctx.add(start, const(ty, -(static_offset(res) or 0) * eb), name=name)
    runtime = [_as(ctx, x, ty) if isinstance(x, Value) else x for x in sizes], \
              [_as(ctx, x, ty) if isinstance(x, Value) else x for x in strides]
    forms: dict[str, object] = {UNALIGNED: True} if unaligned else {}
    if any(x is not None for x in runtime[0] + runtime[1]):
        forms[DIMS] = runtime
    ctx.set(op.result, value, **forms)


def _lanes(ctx: FuncContext, v: Value, indices: list[Value], shape: tuple[int, ...], loc: Location,
           what: str) -> ScatterDesc:
    """One lane per element of a ``shape`` block at ``indices`` (``()``: one element); the block's
    dimensions run along the memref's last ones."""
    t = v.type
    assert isinstance(t, MemRefType)
    eb = elem_bytes(t.element, loc)
    addr = _element_address(ctx, v, indices, loc, what)
    n = math.prod(shape)
    _, strides = dims(ctx, v, loc, what)
    inner = strides[len(strides) - len(shape):]
    coords = list(itertools.product(*(range(d) for d in shape)))
    vt = ir.VectorType(addr.type, n)
    if all(isinstance(s, int) for s in inner):
        offs: ir.Value = ir.Constant(vt, [sum(c * s for c, s in zip(cs, inner, strict=True)) * eb  # type: ignore[misc]
                                          for cs in coords])
    else:
        b, offs = ctx.builder, ir.Constant(vt, [0] * n)
        for k, s in enumerate(inner):
            lane_k = ir.Constant(vt, [cs[k] for cs in coords])
            step = splat(ctx, ctx.mul(_as(ctx, s, addr.type), const(addr.type, eb)), n, f"{what}.s{k}")
            offs = b.add(offs, b.mul(lane_k, step), name=f"{what}.o{k}")
    addrs = add_base(ctx, addr, offs, what + ".addr")
    return ScatterDesc(Geometry((n,), 1, t.element, is_slm(t)), eb, addrs)


def _block_unit(v: Value, shape: tuple[int, ...]) -> int | None:
    """D32/D64 unit of SIMD1 transposed (block) messages for a vector access of ``shape`` at an
    element of ``v``: when the vector is one contiguous run of 4- or 8-byte elements (their
    addresses are then aligned to the unit: buffers start 64-byte aligned). None: per element."""
    t = v.type
    assert isinstance(t, MemRefType)
    eb = elem_bytes(t.element)
    if len(shape) == 0 or math.prod(shape) != shape[-1] or eb not in (4, 8):
        return None
    if len(t.shape) and static_strides(t)[-1] != 1:
        return None
    return eb


def _block_messages(ctx: FuncContext, op: MemrefLoad | MemrefStore, unit: int, n: int, name: str,
                    data: ir.Value | None = None) -> ir.Value | None:
    """Load (``data`` None) or store ``n`` elements of ``unit`` bytes as transposed SIMD1 messages."""
    t = op.memref.type
    assert isinstance(t, MemRefType)
    kind = "load" if data is None else "store"
    hints = encode_hints(ctx.intr, CacheHints(), kind, op.loc, op.opname)
    addr = _element_address(ctx, op.memref, op.indices, op.loc, op.opname)
    space = "slm" if is_slm(t) else "stateless"
    ty = ir.IntType(unit * 8)
    acc = undef(ir.VectorType(ty, n)) if data is None else None
    pieces = plan_block(n, unit, ctx.target)
    for i, (u0, vs) in enumerate(pieces):
        tag = name if len(pieces) == 1 else f"{name}.m{i}"
        extra = {} if data is None else {
            "data": ctx.regions.read(data, Region.row(vs, u0), name=tag + ".data", raw=True)}
        ret = ir.VectorType(ty, vs) if data is None else None
        msg = ctx.intr.call(ctx.builder, f"lsc.{kind}.{space}", ret=ret, label=tag if ret else "", pred=True,
                            l1=hints[0], l3=hints[1], data_size="u64" if unit == 8 else "u32",
                            vector_size=vector_size_word(vs), order="transpose",
                            addr=ctx.add(addr, const(addr.type, u0 * unit)), **extra)
        if data is None:
            acc = msg if len(pieces) == 1 else ctx.regions.write(acc, msg, Region.row(vs, u0),
                                                                  name=tag + ".put", raw=True)
    return acc


@lowers(MemrefLoad)
def lower_load(ctx: FuncContext, op: MemrefLoad) -> None:
    name = llvm_name(op.result)
    rt = op.result.type
    shape = tuple(rt.shape) if isinstance(rt, VectorType) else ()
    unit = _block_unit(op.memref, shape)
    if unit is not None:  # one contiguous run: block messages
        acc = _block_messages(ctx, op, unit, math.prod(shape), name + ".blk")
        ty = llvm_type(rt, op.loc)
        ctx.set(op.result, acc if acc.type == ty else ctx.builder.bitcast(acc, ty, name=name))
        return
    d = _lanes(ctx, op.memref, op.indices, shape, op.loc, op.opname)
    hints = encode_hints(ctx.intr, CacheHints(), "load", op.loc, op.opname)
    bits = gather(ctx, d, all_lanes(d.geometry.lanes), hints, name + ".v", op.loc)
    ty = llvm_type(rt, op.loc)
    if not shape:
        bits = ctx.builder.extract_element(bits, const(I32, 0), name=name + ".bits")
    ctx.set(op.result, bits if bits.type == ty else ctx.builder.bitcast(bits, ty, name=name))


@lowers(MemrefStore)
def lower_store(ctx: FuncContext, op: MemrefStore) -> None:
    name = "st." + llvm_name(op.value)
    vt = op.value.type
    shape = tuple(vt.shape) if isinstance(vt, VectorType) else ()
    unit = _block_unit(op.memref, shape)
    if unit is not None:  # one contiguous run: block messages
        n = math.prod(shape)
        wide = ir.VectorType(ir.IntType(unit * 8), n)
        units = ctx.builder.bitcast(ctx.get(op.value), wide, name=name + ".units")
        _block_messages(ctx, op, unit, n, name, data=units)
        return
    d = _lanes(ctx, op.memref, op.indices, shape, op.loc, op.opname)
    hints = encode_hints(ctx.intr, CacheHints(), "store", op.loc, op.opname)
    v = ctx.get(op.value)
    n = d.geometry.lanes
    bits_ty = ir.IntType(d.elem_bytes * 8)
    if not shape:
        if v.type != bits_ty:
            v = ctx.builder.bitcast(v, bits_ty, name=name + ".bits")
        v = ctx.builder.insert_element(ir.Constant(ir.VectorType(bits_ty, 1), None), v, const(I32, 0))
    elif v.type != ir.VectorType(bits_ty, n):
        v = ctx.builder.bitcast(v, ir.VectorType(bits_ty, n), name=name + ".bits")
    scatter(ctx, d, all_lanes(n), v, hints, name, op.loc)


@lowers(ExtractAlignedPointer)
def lower_aligned_pointer(ctx: FuncContext, op: ExtractAlignedPointer) -> None:
    ctx.set(op.result, ctx.resize(ctx.get(op.source), INDEX, signed=False))


@lowers(ExtractStridedMetadata)
def lower_strided_metadata(ctx: FuncContext, op: ExtractStridedMetadata) -> None:
    t = op.source.type
    assert isinstance(t, MemRefType)
    name = "memref.extract_strided_metadata"
    known = ctx.form(op.source, DIMS)
    sizes = [known[0][i] if (s is None and known) else s for i, s in enumerate(t.shape)]
    if any(s is None for s in sizes):
        raise error(op.loc, f"{name}: the sizes of '{t}' are dynamic and no view in the kernel sets them")
    _, strides = dims(ctx, op.source, op.loc, name)
    ctx.set(op.results[0], ctx.get(op.source))
    ctx.set(op.results[1], const(INDEX, static_offset(t) or 0))  # a dynamic offset is in the address
    n = len(t.shape)
    for i, x in enumerate(sizes + strides):
        ctx.set(op.results[2 + i], _as(ctx, x, INDEX))
    assert len(op.results) == 2 + 2 * n
