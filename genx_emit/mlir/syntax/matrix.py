"""Custom forms of XeGPU's matrix descriptors over SLM (upstream 2025-2026):

    %md = xegpu.create_mem_desc %slm : memref<2048xi8, 3> -> !xegpu.mem_desc<32x32xf16, #layout>
    %v = xegpu.load_matrix %md[%y, 0] <{...}> : !xegpu.mem_desc<...>, index -> vector<8x16xf16>
    xegpu.store_matrix %v, %md[%y, 0] : vector<8x16xf16>, !xegpu.mem_desc<...>, index

Offsets are a mixed list (``const_offsets``, INT64_MIN for each operand), as upstream's ODS has it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.ir import Operation
from genx_emit.mlir.syntax.common import custom, props_and_attrs, source_to_type, value_pair
from genx_emit.mlir.syntax.nd import i64_array, index_list

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


@custom("xegpu.create_mem_desc")
def _create_mem_desc(p: Parser, name: str, index: int) -> Operation:
    return source_to_type(p, name, index, props_and_attrs, "->", "before the mem_desc type")


def _offsets_and_types(p: Parser, operands: list) -> tuple[list, dict]:
    """``[%y, 0] <{...}> {...} : t1, t2, ...`` after the ``operands`` (the mem_desc last): all the
    operands with the offsets', and the attributes with ``const_offsets``; the types name every
    operand, the offsets' index types included."""
    vals, consts = index_list(p)
    attrs = props_and_attrs(p)
    attrs["const_offsets"] = i64_array(consts)
    operands = [*operands, *vals]
    p.expect(":", "and the operand types")
    p.typed_list(operands)
    return operands, attrs


@custom("xegpu.load_matrix")
def _load_matrix(p: Parser, name: str, index: int) -> Operation:
    operands, attrs = _offsets_and_types(p, [p.use_value()])
    p.expect("->", "before the result type")
    return p.new_op(name, index, operands, [p.parse_type()], attrs)


@custom("xegpu.store_matrix")
def _store_matrix(p: Parser, name: str, index: int) -> Operation:
    operands, attrs = _offsets_and_types(p, list(value_pair(p, "between the data and the mem_desc")))
    return p.new_op(name, index, operands, [], attrs)
