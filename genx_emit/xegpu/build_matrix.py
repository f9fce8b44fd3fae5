"""Builders (generic IR -> op model) of the matrix descriptor ops (see ``matrix.py``)."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, builds, mixed
from genx_emit.xegpu.matrix import CreateMemDesc, MatrixAccess
from genx_emit.xegpu.model import Op


@builds("xegpu.create_mem_desc")
def _create_mem_desc(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1 or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected one SLM memref operand and one result")
    return CreateMemDesc(loc=op.loc, results=op.results, source=op.operands[0])


@builds("xegpu.load_matrix")
def _load_matrix(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a mem_desc, its offsets and one result")
    offsets = mixed(op, "const_offsets", op.operands[1:], "offset") or []
    return MatrixAccess(loc=op.loc, results=op.results, opname=op.name, mem_desc=op.operands[0],
                        offsets=offsets)


@builds("xegpu.store_matrix")
def _store_matrix(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 2 or op.results:
        raise error(op.loc, f"{op.name}: expected the data, a mem_desc and its offsets, and no result")
    offsets = mixed(op, "const_offsets", op.operands[2:], "offset") or []
    return MatrixAccess(loc=op.loc, opname=op.name, mem_desc=op.operands[1], offsets=offsets,
                        value=op.operands[0])
