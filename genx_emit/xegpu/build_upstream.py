"""Builders of the small upstream ops (see ``upstream.py``); ``index.castu`` / ``index.casts`` are
``arith.index_castui`` / ``arith.index_cast`` (index <-> integer, zero- / sign-extending)."""

from __future__ import annotations

from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, arity, builds
from genx_emit.xegpu.model import Op
from genx_emit.xegpu.std import Cast
from genx_emit.xegpu.upstream import ConvertLayout, VectorStep


@builds("vector.step")
def _step(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    return VectorStep(loc=op.loc, results=op.results)


@builds("index.castu", "index.casts")
def _index_cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    opname = "index_castui" if op.name == "index.castu" else "index_cast"
    return Cast(loc=op.loc, results=op.results, opname=opname, source=op.operands[0])


@builds("xegpu.convert_layout")
def _convert_layout(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return ConvertLayout(loc=op.loc, results=op.results, source=op.operands[0])
