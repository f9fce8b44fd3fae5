"""Lowering of the small upstream ops (model: ``ops/upstream.py``)."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.lower.context import INDEX, FuncContext, const, const_value, llvm_name, llvm_type
from genx_emit.lower.ops.arith import lower_cast
from genx_emit.lower.registry import lowers
from genx_emit.ops.upstream import AffineApply, ConvertLayout, GpuShuffle, IndexCast, VectorStep


@lowers(VectorStep)
def lower_step(ctx: FuncContext, op: VectorStep) -> None:
    ty = llvm_type(op.result.type, op.loc)
    ctx.set(op.result, ir.Constant(ty, list(range(ty.count))))


@lowers(ConvertLayout)
def lower_convert_layout(ctx: FuncContext, op: ConvertLayout) -> None:
    v = ctx.get(op.source)
    if op.vnni is None:
        ctx.set(op.result, v)  # whole tiles: the registers already hold every element
        return
    plain = op.source.type if op.vnni == "pack" else op.result.type
    packed = op.result.type if op.vnni == "pack" else op.source.type
    h, w = plain.shape
    out = ctx.regions.vnni(v, h, w, packed.shape[2], op.vnni == "pack", name=llvm_name(op.result))
    ctx.set(op.result, out)


@lowers(AffineApply)
def lower_affine_apply(ctx: FuncContext, op: AffineApply) -> None:
    args = [ctx.index(v) for v in op.args]
    b, nd = ctx.builder, op.map.n_dims
    name = llvm_name(op.result)

    def ev(e: tuple) -> ir.Value:
        kind = e[0]
        if kind == "const":
            return const(INDEX, e[1])
        if kind == "dim":
            return args[e[1]]
        if kind == "sym":
            return args[nd + e[1]]
        lhs, rhs = ev(e[1]), ev(e[2])
        if kind == "+":
            return ctx.add(lhs, rhs)
        if kind == "*":
            return ctx.mul(lhs, rhs)
        c = e[2][1]  # verify(): a positive constant
        cl = const_value(lhs)
        if cl is not None:
            q, r = divmod(cl, c)  # Python's divmod floors, as floordiv and mod do
            return const(INDEX, {"floordiv": q, "mod": r, "ceildiv": -((-cl) // c)}[kind])
        if kind == "ceildiv":  # ceil(a / c) = floor((a + c - 1) / c)
            lhs, kind = ctx.add(lhs, const(INDEX, c - 1)), "floordiv"
        q, r = b.sdiv(lhs, rhs, name=name + ".q"), b.srem(lhs, rhs, name=name + ".r")
        neg = b.icmp_signed("<", r, const(INDEX, 0), name=name + ".neg")
        if kind == "mod":  # the remainder of a floored division is never negative
            return b.select(neg, b.add(r, rhs), r, name=name + ".mod")
        return b.select(neg, b.sub(q, const(INDEX, 1)), q, name=name + ".floor")

    ctx.set(op.result, ev(op.map.result))


@lowers(IndexCast)
def lower_index_cast(ctx: FuncContext, op: IndexCast) -> None:
    lower_cast(ctx, op)  # the arith index cast it equals


@lowers(GpuShuffle)
def lower_gpu_shuffle(ctx: FuncContext, op: GpuShuffle) -> None:
    raise error(op.loc, "gpu.shuffle needs a SIMT kernel")  # verify() refuses it before this
