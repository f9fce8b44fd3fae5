"""Lowering of the small upstream ops (model: ``xegpu/upstream.py``)."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.lower.context import FuncContext, llvm_type
from genx_emit.lower.registry import lowers
from genx_emit.xegpu.upstream import ConvertLayout, VectorStep


@lowers(VectorStep)
def lower_step(ctx: FuncContext, op: VectorStep) -> None:
    ty = llvm_type(op.result.type, op.loc)
    ctx.set(op.result, ir.Constant(ty, list(range(ty.count))))


@lowers(ConvertLayout)
def lower_convert_layout(ctx: FuncContext, op: ConvertLayout) -> None:
    ctx.set(op.result, ctx.get(op.source))  # whole tiles: the registers already hold every element
