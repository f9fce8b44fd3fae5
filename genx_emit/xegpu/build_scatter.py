"""Builders (generic IR -> op model) for the scattered XeGPU ops and atomics."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import Attribute, UnitAttr, as_int, as_int_list, as_str
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import TensorDescType
from genx_emit.xegpu.build import Builder, builds, cache_hints, mixed
from genx_emit.xegpu.model import Op
from genx_emit.xegpu.scatter import (
    AtomicRmw,
    CreateDesc,
    LoadGather,
    PrefetchScatter,
    StoreScatter,
    UpdateOffset,
)


def _offsets(op: Operation, dynamic: list[Value]) -> Value | list:
    """A vector operand, or a static/dynamic index list (``const_offsets``)."""
    if op.attr("const_offsets") is not None:
        return mixed(op, "const_offsets", dynamic, "offset") or []
    if len(dynamic) != 1:
        raise error(op.loc, f"{op.name}: expected one vector of offsets, got {len(dynamic)} operands")
    return dynamic[0]


def _chunk(op: Operation) -> int | None:
    for key in ("chunk_size", "chunk_size_per_lane"):
        a = op.attr(key)
        if a is not None:
            n = as_int(a)
            if n is None:
                raise error(op.loc, f"{op.name}: '{key}' must be an integer, got '{a}'")
            return n
    return None


def _transpose(op: Operation) -> bool:
    a: Attribute | None = op.attr("transpose")
    if a is None:
        return False
    if isinstance(a, UnitAttr):
        return True
    if as_int_list(a) == [1, 0]:
        return True
    raise error(op.loc, f"{op.name}: transpose must be [1, 0] (chunk-major result), got '{a}'")


def _is_tdesc(v: Value) -> bool:
    return isinstance(v.type, TensorDescType)


def _target(op: Operation, operands: list[Value]) -> dict:
    """``tdesc`` (descriptor form) or ``source``/``offsets``/``chunk_size`` (source form)."""
    if not operands:
        raise error(op.loc, f"{op.name}: missing the tensor descriptor or source operand")
    if _is_tdesc(operands[0]):
        if len(operands) != 1:
            raise error(op.loc, f"{op.name}: unexpected operands after the tensor descriptor")
        return {"tdesc": operands[0]}
    if len(operands) != 2 or op.attr("const_offsets") is not None:
        raise error(op.loc, f"{op.name}: a source operand needs one vector of offsets (source[%offsets])")
    return {"source": operands[0], "offsets": operands[1], "chunk_size": _chunk(op)}


@builds("xegpu.create_tdesc")
def _create_tdesc(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a source operand and one result")
    return CreateDesc(loc=op.loc, results=op.results, source=op.operands[0],
                      offsets=_offsets(op, op.operands[1:]), chunk_size=_chunk(op))


@builds("xegpu.update_offset", "xegpu.update_offsets")
def _update_offset(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor operand and one result")
    return UpdateOffset(loc=op.loc, results=op.results, tdesc=op.operands[0],
                        offsets=_offsets(op, op.operands[1:]))


@builds("xegpu.load", "xegpu.load_gather")
def _load(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 2 or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor (or source and offsets), a mask and "
                            "one result")
    return LoadGather(loc=op.loc, results=op.results, mask=op.operands[-1], transpose=_transpose(op),
                      hints=cache_hints(op), **_target(op, op.operands[:-1]))


@builds("xegpu.store", "xegpu.store_scatter")
def _store(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 3 or op.results:
        raise error(op.loc, f"{op.name}: expected a value, a tensor descriptor (or source and offsets) and "
                            "a mask, and no result")
    return StoreScatter(loc=op.loc, value=op.operands[0], mask=op.operands[-1], transpose=_transpose(op),
                        hints=cache_hints(op), **_target(op, op.operands[1:-1]))


@builds("xegpu.prefetch")
def _prefetch(op: Operation, b: Builder) -> Op:
    if op.results:
        raise error(op.loc, f"{op.name}: expected no result")
    return PrefetchScatter(loc=op.loc, hints=cache_hints(op), **_target(op, op.operands))


@builds("xegpu.atomic_rmw")
def _atomic_rmw(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 3 or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor, a mask and a value, and one result")
    kind = as_str(op.attr("kind"))
    if kind is None:
        raise error(op.loc, f"{op.name}: missing or malformed atomic 'kind' ('{op.attr('kind')}')")
    return AtomicRmw(loc=op.loc, results=op.results, kind=kind, tdesc=op.operands[0], mask=op.operands[1],
                     value=op.operands[2], hints=cache_hints(op))
