"""Builders (generic IR -> op model) of the memref view and element ops (see ``memref.py``)."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, builds, mixed
from genx_emit.xegpu.memref import (
    VIEW_OPS,
    ExtractAlignedPointer,
    ExtractStridedMetadata,
    MemrefLoad,
    MemrefStore,
    MemrefView,
)
from genx_emit.xegpu.model import Op


def _segments(op: Operation) -> list[list]:
    """Operands after the source, split by ``operandSegmentSizes`` (offsets, sizes, strides)."""
    seg = op.attr("operandSegmentSizes")
    counts = list(getattr(seg, "values", ()) or ())
    if len(counts) != 4 or sum(counts) != len(op.operands):
        raise error(op.loc, f"{op.name}: expected operandSegmentSizes for source, offsets, sizes, strides")
    out, i = [], counts[0]
    for c in counts[1:]:
        out.append(op.operands[i:i + c])
        i += c
    return out


@builds(*VIEW_OPS)
def _view(op: Operation, b: Builder) -> Op:
    if len(op.results) != 1 or not op.operands:
        raise error(op.loc, f"{op.name}: expected a source and one result")
    lists: list[list] = [[], [], []]
    if op.name in ("memref.subview", "memref.reinterpret_cast"):
        dyn = _segments(op)
        for i, key in enumerate(("static_offsets", "static_sizes", "static_strides")):
            lists[i] = mixed(op, key, dyn[i], key.removeprefix("static_")) or []
    elif len(op.operands) != 1:
        raise error(op.loc, f"{op.name}: expected one operand")
    return MemrefView(loc=op.loc, results=op.results, opname=op.name, source=op.operands[0],
                      offsets=lists[0], sizes=lists[1], strides=lists[2])


@builds("memref.load", "vector.load")
def _load(op: Operation, b: Builder) -> Op:
    if len(op.results) != 1 or not op.operands:
        raise error(op.loc, f"{op.name}: expected a memref, its indices and one result")
    return MemrefLoad(loc=op.loc, results=op.results, memref=op.operands[0], indices=op.operands[1:],
                      opname=op.name)


@builds("memref.store", "vector.store")
def _store(op: Operation, b: Builder) -> Op:
    if op.results or len(op.operands) < 2:
        raise error(op.loc, f"{op.name}: expected a value, a memref and its indices, and no result")
    return MemrefStore(loc=op.loc, value=op.operands[0], memref=op.operands[1], indices=op.operands[2:],
                       opname=op.name)


@builds("memref.extract_aligned_pointer_as_index")
def _aligned_pointer(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1:
        raise error(op.loc, f"{op.name}: expected one memref operand")
    return ExtractAlignedPointer(loc=op.loc, results=op.results, source=op.operands[0])


@builds("memref.extract_strided_metadata")
def _strided_metadata(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1:
        raise error(op.loc, f"{op.name}: expected one memref operand")
    return ExtractStridedMetadata(loc=op.loc, results=op.results, source=op.operands[0])
