"""Matrix descriptors over SLM (model: ``ops/matrix.py``): ``create_mem_desc`` is the SLM
buffer's offset; ``load_matrix`` / ``store_matrix`` gather / scatter one element per lane, each
lane's SLM address computed from the descriptor's layout (blocked or strided). Offsets known at
compile time give constant addresses; run-time ones add a per-lane pattern, dividing by the
block sizes with shifts and masks when they are powers of two."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.lower.context import I32, FuncContext, const_value, elem_bytes, llvm_name, llvm_type
from genx_emit.lower.messages.cache import encode_hints
from genx_emit.lower.messages.gather import ScatterDesc, all_lanes, gather, scatter
from genx_emit.lower.messages.lsc import splat
from genx_emit.lower.registry import lowers
from genx_emit.ops.matrix import CreateMemDesc, MatrixAccess, MemDesc, mem_desc
from genx_emit.ops.model import CacheHints
from genx_emit.ops.scatter import Geometry


@lowers(CreateMemDesc)
def lower_create_mem_desc(ctx: FuncContext, op: CreateMemDesc) -> None:
    ctx.set(op.result, ctx.resize(ctx.get(op.source), I32, signed=False))


def _div_rem(ctx: FuncContext, v: ir.Value, d: int, name: str) -> tuple[ir.Value, ir.Value]:
    b, n = ctx.builder, v.type.count
    if d & (d - 1) == 0:
        shift = ir.Constant(v.type, [d.bit_length() - 1] * n)
        low = ir.Constant(v.type, [d - 1] * n)
        return b.lshr(v, shift, name=name + ".q"), b.and_(v, low, name=name + ".r")
    dv = ir.Constant(v.type, [d] * n)
    return b.udiv(v, dv, name=name + ".q"), b.urem(v, dv, name=name + ".r")


def _element_offsets(ctx: FuncContext, md: MemDesc, oy: ir.Value, ox: ir.Value, rows: int, cols: int,
                     name: str) -> ir.Value:
    """``<rows*cols x i32>`` element offsets of the tile at (oy, ox), row-major over the tile."""
    n = rows * cols
    cy, cx = const_value(oy), const_value(ox)
    if cy is not None and cx is not None:
        return ir.Constant(ir.VectorType(I32, n), [md.offset((cy + r, cx + c))
                                                   for r in range(rows) for c in range(cols)])
    b = ctx.builder
    vt = ir.VectorType(I32, n)
    y = b.add(splat(ctx, oy, n, name + ".oy"), ir.Constant(vt, [r for r in range(rows) for _ in range(cols)]),
              name=name + ".y")
    x = b.add(splat(ctx, ox, n, name + ".ox"), ir.Constant(vt, [c for _ in range(rows) for c in range(cols)]),
              name=name + ".x")
    outer, inner = md.linear_strides()
    terms = []
    for dim, v in enumerate((y, x)):
        if md.block is None:
            terms.append(b.mul(v, ir.Constant(vt, [inner[dim]] * n), name=f"{name}.t{dim}"))
            continue
        q, r = _div_rem(ctx, v, md.block[dim], f"{name}.d{dim}")
        terms.append(b.mul(q, ir.Constant(vt, [outer[dim]] * n), name=f"{name}.o{dim}"))
        terms.append(b.mul(r, ir.Constant(vt, [inner[dim]] * n), name=f"{name}.i{dim}"))
    acc = terms[0]
    for i, t in enumerate(terms[1:]):
        acc = b.add(acc, t, name=f"{name}.s{i}")
    return acc


def _desc(ctx: FuncContext, op: MatrixAccess, name: str) -> ScatterDesc:
    md = mem_desc(op.mem_desc.type, op.loc, op.opname)
    shape = op.tile.shape
    rows, cols = (shape[0], shape[1]) if len(shape) == 2 else (1, shape[0])
    oy, ox = (ctx.index(o, I32) for o in op.offsets)
    offs = _element_offsets(ctx, md, oy, ox, rows, cols, name)
    eb = elem_bytes(md.element, op.loc)
    n = rows * cols
    base = ctx.get(op.mem_desc)
    scaled = (ir.Constant(offs.type, [c.constant * eb for c in offs.constant])
              if isinstance(offs, ir.Constant) else ctx.builder.mul(offs, ir.Constant(offs.type, [eb] * n),
                                                                     name=name + ".bytes"))
    if isinstance(scaled, ir.Constant) and const_value(base) is not None:
        addrs = ir.Constant(scaled.type, [c.constant + const_value(base) for c in scaled.constant])
    else:
        addrs = ctx.builder.add(splat(ctx, base, n, name + ".base"), scaled, name=name + ".addr")
    return ScatterDesc(Geometry((n,), 1, md.element, True), eb, addrs)


@lowers(MatrixAccess)
def lower_matrix_access(ctx: FuncContext, op: MatrixAccess) -> None:
    if op.value is None:
        name = llvm_name(op.result)
        d = _desc(ctx, op, name)
        hints = encode_hints(ctx.intr, CacheHints(), "load", op.loc, op.opname)
        bits = gather(ctx, d, all_lanes(d.geometry.lanes), hints, name + ".bits", op.loc)
        ty = llvm_type(op.result.type, op.loc)
        ctx.set(op.result, bits if bits.type == ty else ctx.builder.bitcast(bits, ty, name=name))
        return
    name = "st." + llvm_name(op.value)
    d = _desc(ctx, op, name)
    hints = encode_hints(ctx.intr, CacheHints(), "store", op.loc, op.opname)
    v = ctx.get(op.value)
    bits_ty = ir.VectorType(ir.IntType(d.elem_bytes * 8), d.geometry.lanes)
    if v.type != bits_ty:
        v = ctx.builder.bitcast(v, bits_ty, name=name + ".bits")
    scatter(ctx, d, all_lanes(d.geometry.lanes), v, hints, name, op.loc)



