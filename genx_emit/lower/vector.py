"""vector dialect: shape changes, slices, shuffles, reductions, through rdregion/wrregion."""

from __future__ import annotations

from genx_emit.lower.context import FuncContext, llvm_name, llvm_type
from genx_emit.lower.registry import lowers
from genx_emit.xegpu.vector import ShapeCast, Splat


@lowers(Splat)
def lower_splat(ctx: FuncContext, op: Splat) -> None:
    from genx_emit.lower.lsc import splat

    n = llvm_type(op.result.type, op.loc).count
    ctx.set(op.result, splat(ctx, ctx.get(op.source), n, name=llvm_name(op.result)))


@lowers(ShapeCast)
def lower_shape_cast(ctx: FuncContext, op: ShapeCast) -> None:
    ctx.set(op.result, ctx.get(op.source))  # vectors are flat and row-major: nothing moves
