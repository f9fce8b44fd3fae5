"""Generic vector-dialect ops -> op model (:mod:`genx_emit.xegpu.vector`).

Property names are upstream's: ``static_position`` (INT64_MIN marks a dynamic entry, taken
from the trailing operands), ``offsets``/``sizes``/``strides``, ``permutation``, ``mask``,
``kind`` (``#vector.kind<add>``), ``reduction_dims``. Older spellings are accepted too:
``position``, ``transp``, a ``kind`` string.
"""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import as_int_list, as_str
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.types import VectorType
from genx_emit.xegpu.build import Builder, arity, builds, mixed
from genx_emit.xegpu.model import Op, Operand
from genx_emit.xegpu.vector import (
    BitCast,
    Broadcast,
    Extract,
    ExtractStridedSlice,
    Insert,
    InsertStridedSlice,
    MultiReduction,
    Reduction,
    ShapeCast,
    Shuffle,
    Splat,
    Transpose,
    normalise_kind,
)


def _ints(op: Operation, *keys: str, default: list[int] | None = None) -> list[int]:
    """The first present of ``keys`` as a list of integers (``[1, 0]`` or ``array<i64: 1, 0>``)."""
    for k in keys:
        attr = op.attr(k)
        if attr is None:
            continue
        vals = as_int_list(attr)
        if vals is None:
            raise error(op.loc, f"{op.name}: '{k}' must be a list of integers, got '{attr}'")
        return vals
    if default is not None:
        return default
    raise error(op.loc, f"{op.name}: missing '{keys[0]}'")


def _position(op: Operation, dynamic: list) -> list[Operand]:
    key = "static_position" if op.attr("static_position") is not None else "position"
    if op.attr(key) is None:
        raise error(op.loc, f"{op.name}: missing 'static_position'")
    pos = mixed(op, key, dynamic, "position")
    assert pos is not None
    return pos


def _kind(op: Operation) -> str:
    attr = op.attr("kind")
    word = as_str(attr)
    if word is None:
        raise error(op.loc, f"{op.name}: 'kind' must be a combining kind such as #vector.kind<add>, "
                            f"got '{attr}'")
    return normalise_kind(op.loc, op.name, word)


@builds("vector.broadcast", "vector.splat")
def _broadcast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    if op.name == "vector.broadcast" and isinstance(op.operands[0].type, VectorType):
        return Broadcast(loc=op.loc, results=op.results, source=op.operands[0])
    return Splat(loc=op.loc, results=op.results, source=op.operands[0])


@builds("vector.shape_cast")
def _shape_cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return ShapeCast(loc=op.loc, results=op.results, source=op.operands[0])


@builds("vector.bitcast")
def _bitcast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return BitCast(loc=op.loc, results=op.results, source=op.operands[0])


@builds("vector.extract")
def _extract(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a vector operand (then dynamic positions) and one result")
    return Extract(loc=op.loc, results=op.results, source=op.operands[0],
                   position=_position(op, op.operands[1:]))


@builds("vector.insert")
def _insert(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 2 or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a value and a destination operand (then dynamic positions) "
                            "and one result")
    return Insert(loc=op.loc, results=op.results, value=op.operands[0], dest=op.operands[1],
                  position=_position(op, op.operands[2:]))


@builds("vector.extract_strided_slice")
def _extract_strided_slice(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    offsets = _ints(op, "offsets")
    strides = _ints(op, "strides", default=[1] * len(offsets))
    return ExtractStridedSlice(loc=op.loc, results=op.results, source=op.operands[0], offsets=offsets,
                               sizes=_ints(op, "sizes"), strides=strides)


@builds("vector.insert_strided_slice")
def _insert_strided_slice(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    value = op.operands[0]
    rank = len(value.type.shape) if isinstance(value.type, VectorType) else 0
    return InsertStridedSlice(loc=op.loc, results=op.results, value=value, dest=op.operands[1],
                              offsets=_ints(op, "offsets"), strides=_ints(op, "strides", default=[1] * rank))


@builds("vector.transpose")
def _transpose(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return Transpose(loc=op.loc, results=op.results, source=op.operands[0],
                     permutation=_ints(op, "permutation", "transp"))


@builds("vector.shuffle")
def _shuffle(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    return Shuffle(loc=op.loc, results=op.results, lhs=op.operands[0], rhs=op.operands[1],
                   mask=_ints(op, "mask"))


@builds("vector.reduction")
def _reduction(op: Operation, b: Builder) -> Op:
    arity(op, (1, 2), 1)
    acc = op.operands[1] if len(op.operands) == 2 else None
    return Reduction(loc=op.loc, results=op.results, kind=_kind(op), source=op.operands[0], acc=acc)


@builds("vector.multi_reduction")
def _multi_reduction(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    return MultiReduction(loc=op.loc, results=op.results, kind=_kind(op), source=op.operands[0],
                          acc=op.operands[1], dims=_ints(op, "reduction_dims"))
