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


def _operand_types(p: Parser, operands: list) -> None:
    """``: t1, t2, ...`` naming the operands' types (the offsets' index types included)."""
    p.expect(":", "and the operand types")
    p.typed_list(operands)


@custom("xegpu.load_matrix")
def _load_matrix(p: Parser, name: str, index: int) -> Operation:
    md = p.use_value()
    vals, consts = index_list(p)
    attrs = props_and_attrs(p)
    attrs["const_offsets"] = i64_array(consts)
    _operand_types(p, [md, *vals])
    p.expect("->", "before the result type")
    return p.new_op(name, index, [md, *vals], [p.parse_type()], attrs)


@custom("xegpu.store_matrix")
def _store_matrix(p: Parser, name: str, index: int) -> Operation:
    data, md = value_pair(p, "between the data and the mem_desc")
    vals, consts = index_list(p)
    attrs = props_and_attrs(p)
    attrs["const_offsets"] = i64_array(consts)
    _operand_types(p, [data, md, *vals])
    return p.new_op(name, index, [data, md, *vals], [], attrs)
