"""Custom forms of the vector dialect ops genx-emit lowers.

Each parser starts after the op name and returns the upstream generic Operation: operands in
ODS order, properties under their upstream names (``static_position`` with INT64_MIN for each
dynamic position, ``offsets``/``sizes``/``strides``, ``permutation``, ``mask``, ``kind`` as
``#vector.kind<add>``, ``reduction_dims``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import Attribute, DenseArrayAttr
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.syntax.common import conversion, custom, opt_attr_dict, typed_then, value_pair
from genx_emit.mlir.syntax.nd import i64_array, index_list
from genx_emit.mlir.types import IntegerType, Type, VectorType

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


def _int_list(p: Parser, what: str) -> list[int]:
    """``[1, 0]``."""
    p.expect("[", f"to start the {what}")
    out: list[int] = []
    if p.accept("]"):
        return out
    while True:
        out.append(p.parse_int(f"integer in the {what}"))
        if p.accept("]"):
            return out
        p.expect(",", f"or ']' in the {what}")


# -- vector: splats, reshapes and casts ------------------------------------------------------
@custom("vector.broadcast", "vector.splat", "vector.shape_cast", "vector.bitcast")
def _vector_cast(p: Parser, name: str, index: int) -> Operation:
    """``vector.broadcast %s : f32 to vector<16xf32>``, ``vector.splat %s : vector<16xindex>``,
    ``vector.shape_cast %v : vector<16x4xf32> to vector<64xf32>``, ``vector.bitcast %v :
    vector<8x16xf16> to vector<8x8xi32>``."""
    source = p.use_value()
    attrs = opt_attr_dict(p)
    p.expect(":", "and the types")
    if name != "vector.splat":
        p.typed(source)
        p.expect("to", "between the source and result types")
    return p.new_op(name, index, [source], [p.parse_type()], attrs)


# -- vector: positions and slices ----------------------------------------------------------
@custom("vector.extract")
def _extract(p: Parser, name: str, index: int) -> Operation:
    """``vector.extract %v[2, %i] : vector<16xf32> from vector<4x16xf32>`` (the older form writes
    only the source type: ``vector.extract %v[2] : vector<4x16xf32>``)."""
    source = p.use_value()
    dynamic, consts = index_list(p)
    attrs: dict[str, Attribute] = {"static_position": i64_array(consts)}
    attrs.update(opt_attr_dict(p))
    p.expect(":", "and the types")
    first = p.i
    t = p.parse_type()
    if p.accept("from"):
        p.typed(source)
        result = t
    else:
        p.check_type(source, t, first)
        if not isinstance(t, VectorType) or len(consts) > len(t.shape):
            raise p.error(f"vector.extract: {len(consts)} positions do not index '{t}'", first)
        rest = t.shape[len(consts):]
        result = VectorType(rest, t.element) if rest else t.element
    return p.new_op(name, index, [source, *dynamic], [result], attrs)


@custom("vector.insert")
def _insert(p: Parser, name: str, index: int) -> Operation:
    """``vector.insert %s, %d[3] : vector<16xf32> into vector<4x16xf32>``."""
    value, dest = value_pair(p, "between the value and the destination")
    dynamic, consts = index_list(p)
    attrs: dict[str, Attribute] = {"static_position": i64_array(consts)}
    attrs.update(opt_attr_dict(p))
    typed_then(p, value, "into", "the value and destination types")
    result = p.typed(dest)
    return p.new_op(name, index, [value, dest, *dynamic], [result], attrs)


@custom("vector.extract_strided_slice")
def _extract_strided_slice(p: Parser, name: str, index: int) -> Operation:
    """``vector.extract_strided_slice %v {offsets = [0, 16], sizes = [8, 16], strides = [1, 1]}
    : vector<8x32xf16> to vector<8x16xf16>``."""
    return conversion(p, name, index)


@custom("vector.insert_strided_slice")
def _insert_strided_slice(p: Parser, name: str, index: int) -> Operation:
    """``vector.insert_strided_slice %s, %d {offsets = [0, 16], strides = [1, 1]} :
    vector<8x16xf16> into vector<8x32xf16>``."""
    value, dest = value_pair(p, "between the value and the destination")
    attrs = opt_attr_dict(p)
    typed_then(p, value, "into", "the value and destination types")
    result = p.typed(dest)
    return p.new_op(name, index, [value, dest], [result], attrs)


# -- vector: permutations ------------------------------------------------------------------
@custom("vector.transpose")
def _transpose(p: Parser, name: str, index: int) -> Operation:
    """``vector.transpose %v, [1, 0] : vector<8x16xf32> to vector<16x8xf32>``."""
    source = p.use_value()
    p.expect(",", "before the permutation")
    attrs: dict[str, Attribute] = {"permutation": i64_array(_int_list(p, "permutation"))}
    attrs.update(opt_attr_dict(p))
    typed_then(p, source, "to", "the source and result types")
    return p.new_op(name, index, [source], [p.parse_type()], attrs)


@custom("vector.shuffle")
def _shuffle(p: Parser, name: str, index: int) -> Operation:
    """``vector.shuffle %a, %b [0, 8, 1, 9] : vector<8xf32>, vector<8xf32>``: the result has one
    row (leading-dimension slice) per mask entry."""
    lhs = p.use_value()
    p.expect(",", "between the operands")
    rhs = p.use_value()
    mask = _int_list(p, "shuffle mask")
    attrs: dict[str, Attribute] = {"mask": i64_array(mask)}
    attrs.update(opt_attr_dict(p))
    p.expect(":", "and the operand types")
    types = p.typed_list([lhs, rhs])
    t = types[0]
    result: Type
    if isinstance(t, VectorType):
        result = VectorType((len(mask), *t.shape[1:]), t.element)
    else:
        result = VectorType((len(mask),), t)
    return p.new_op(name, index, [lhs, rhs], [result], attrs)


# -- vector: reductions --------------------------------------------------------------------
def _kind(p: Parser) -> Attribute:
    """``<add>`` -> ``#vector.kind<add>``."""
    if not p.at("<"):
        raise p.error(f"expected a combining kind such as <add>, got {p.describe()}")
    return p.parse_dialect_attr_body("vector", "kind")


@custom("vector.reduction")
def _reduction(p: Parser, name: str, index: int) -> Operation:
    """``vector.reduction <add>, %v[, %acc] [fastmath<...>] : vector<16xf32> into f32``."""
    attrs: dict[str, Attribute] = {"kind": _kind(p)}
    p.expect(",", "after the combining kind")
    operands = [p.use_value()]
    if p.accept(","):
        operands.append(p.use_value())
    if p.at("fastmath") and p.peek_is(1, "<"):
        p.i += 1
        attrs["fastmath"] = p.parse_dialect_attr_body("arith", "fastmath")
    attrs.update(opt_attr_dict(p))
    typed_then(p, operands[0], "into", "the source and result types")
    result_index = p.i
    result = p.parse_type()
    if len(operands) == 2:
        p.check_type(operands[1], result, result_index)
    return p.new_op(name, index, operands, [result], attrs)


@custom("vector.multi_reduction")
def _multi_reduction(p: Parser, name: str, index: int) -> Operation:
    """``vector.multi_reduction <add>, %v, %acc [1] : vector<8x32xf32> to vector<8xf32>``."""
    attrs: dict[str, Attribute] = {"kind": _kind(p)}
    p.expect(",", "after the combining kind")
    source = p.use_value()
    p.expect(",", "before the accumulator")
    acc = p.use_value()
    attrs.update(opt_attr_dict(p))  # upstream's format puts the attribute dictionary before the dims
    attrs["reduction_dims"] = DenseArrayAttr(IntegerType(64), tuple(_int_list(p, "reduction dimensions")))
    attrs.update(opt_attr_dict(p))
    typed_then(p, source, "to", "the source and result types")
    result = p.typed(acc)
    return p.new_op(name, index, [source, acc], [result], attrs)
