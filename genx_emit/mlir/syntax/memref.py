"""Custom forms of the memref view and element ops, as upstream ``mlir-opt`` prints them.

``memref.cast`` / ``memory_space_cast`` (``%s : T to T2``), ``reinterpret_cast`` (``%s to offset:
[o], sizes: [..], strides: [..] : T to T2``), ``subview`` (``%s[offs] [sizes] [strides] : T to
T2``), ``load`` / ``store`` (``%m[%i, %j] : T``), ``extract_aligned_pointer_as_index`` (``%m : T ->
index``) and ``extract_strided_metadata`` (``%m : T -> memref<e>, index, ...``). Each yields the
generic Operation: mixed index lists as ``static_offsets`` / ``static_sizes`` / ``static_strides``
(INT64_MIN for a dynamic entry) plus ``operandSegmentSizes``, as upstream's ODS has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import DenseArrayAttr
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.syntax.common import custom, opt_attr_dict, source_to_type, value_pair
from genx_emit.mlir.syntax.nd import i64_array, index_list
from genx_emit.mlir.types import IntegerType, MemRefType

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


@custom("memref.cast", "memref.memory_space_cast")
def _cast(p: Parser, name: str, index: int) -> Operation:
    return source_to_type(p, name, index, opt_attr_dict, "to", "before the result type")


def _views(p: Parser, name: str, index: int, src, lists: list) -> Operation:
    attrs = opt_attr_dict(p)
    p.expect(":", "and the source type")
    p.typed(src)
    p.expect("to", "before the result type")
    result = p.parse_type()
    operands = [src]
    for key, (vals, consts) in zip(("static_offsets", "static_sizes", "static_strides"), lists, strict=True):
        operands += vals
        attrs[key] = i64_array(consts)
    segments = (1, *(len(v) for v, _ in lists))
    attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), segments)
    return p.new_op(name, index, operands, [result], attrs)


@custom("memref.subview")
def _subview(p: Parser, name: str, index: int) -> Operation:
    src = p.use_value()
    lists = [index_list(p), index_list(p), index_list(p)]
    return _views(p, name, index, src, lists)


@custom("memref.reinterpret_cast")
def _reinterpret_cast(p: Parser, name: str, index: int) -> Operation:
    src = p.use_value()
    p.expect("to", "after the source")
    lists = []
    for word in ("offset", "sizes", "strides"):
        p.expect(word, "in reinterpret_cast")
        p.expect(":", f"after '{word}'")
        lists.append(index_list(p))
        if word != "strides":
            p.expect(",", f"after the {word}")
    return _views(p, name, index, src, lists)


def _indexed(p: Parser) -> tuple[list, dict]:
    """``[%i, ...] {attrs} :`` after an accessed memref: its indices and attributes."""
    p.expect("[", "to start the indices")
    indices = [] if p.at("]") else p.use_values()
    p.expect("]", "to close the indices")
    attrs = opt_attr_dict(p)
    p.expect(":", "and the memref type")
    return indices, attrs


@custom("memref.load")
def _load(p: Parser, name: str, index: int) -> Operation:
    mem = p.use_value()
    indices, attrs = _indexed(p)
    t = p.typed(mem)
    element = t.element if isinstance(t, MemRefType) else t
    return p.new_op(name, index, [mem, *indices], [element], attrs)


@custom("memref.store")
def _store(p: Parser, name: str, index: int) -> Operation:
    value, mem = value_pair(p, "between the value and the memref")
    indices, attrs = _indexed(p)
    t = p.typed(mem)
    if isinstance(t, MemRefType):
        p.check_type(value, t.element, index)
    return p.new_op(name, index, [value, mem, *indices], [], attrs)


@custom("memref.extract_aligned_pointer_as_index", "memref.extract_strided_metadata")
def _extract(p: Parser, name: str, index: int) -> Operation:
    src = p.use_value()
    attrs = opt_attr_dict(p)
    p.expect(":", "and the memref type")
    p.typed(src)
    p.expect("->", "before the result types")
    results = [p.parse_type()]
    while p.accept(","):
        results.append(p.parse_type())
    return p.new_op(name, index, [src], results, attrs)


@custom("vector.load")
def _vector_load(p: Parser, name: str, index: int) -> Operation:
    mem = p.use_value()
    indices, attrs = _indexed(p)
    p.typed(mem)
    p.expect(",", "before the vector type")
    return p.new_op(name, index, [mem, *indices], [p.parse_type()], attrs)


@custom("vector.store")
def _vector_store(p: Parser, name: str, index: int) -> Operation:
    value, mem = value_pair(p, "between the value and the memref")
    indices, attrs = _indexed(p)
    p.typed(mem)
    p.expect(",", "before the vector type")
    p.typed(value)
    return p.new_op(name, index, [value, mem, *indices], [], attrs)
