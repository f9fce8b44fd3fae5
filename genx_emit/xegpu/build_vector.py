"""Generic vector-dialect ops -> op model (:mod:`genx_emit.xegpu.vector`)."""

from __future__ import annotations

from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, arity, builds
from genx_emit.xegpu.model import Op
from genx_emit.xegpu.vector import ShapeCast, Splat


@builds("vector.broadcast", "vector.splat")
def _splat(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return Splat(loc=op.loc, results=op.results, source=op.operands[0])


@builds("vector.shape_cast")
def _shape_cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return ShapeCast(loc=op.loc, results=op.results, source=op.operands[0])
