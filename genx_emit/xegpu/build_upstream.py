"""Builders of the small upstream ops (see ``upstream.py``); ``index.castu`` / ``index.casts`` are
``arith.index_castui`` / ``arith.index_cast`` (index <-> integer, zero- / sign-extending)."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, arity, builds
from genx_emit.xegpu.model import Op
from genx_emit.xegpu.std import Cast
from genx_emit.xegpu.upstream import AffineApply, ConvertLayout, VectorStep, parse_affine_map


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


@builds("affine.apply")
def _affine_apply(op: Operation, b: Builder) -> Op:
    arity(op, tuple(range(len(op.operands) + 1)), 1)
    amap = op.attr("map")
    if amap is None:
        raise error(op.loc, "affine.apply: missing 'map'")
    return AffineApply(loc=op.loc, results=op.results, map=parse_affine_map(str(amap), op.loc),
                       operands=list(op.operands))
