"""Custom forms of the arith dialect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import (
    Attribute,
    BoolAttr,
    DenseElementsAttr,
    DialectAttr,
    FloatAttr,
    IntegerAttr,
    KeywordAttr,
    StringAttr,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.syntax.common import (
    conversion,
    custom,
    dialect_attr,
    opt_attr_dict,
)
from genx_emit.mlir.types import IntegerType, Type, VectorType

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


_OVERFLOW_OPS = ("addi", "subi", "muli", "shli")
_PLAIN_INT_OPS = (
    "divui", "divsi", "remui", "remsi", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui",
    "shrsi", "shrui", "ceildivsi", "ceildivui", "floordivsi",
)
_FLOAT_OPS = ("addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf")
INT_BINARY_OPS = frozenset(_OVERFLOW_OPS + _PLAIN_INT_OPS)
FLOAT_BINARY_OPS = frozenset(_FLOAT_OPS)
CAST_OPS = (
    "index_cast", "index_castui", "extsi", "extui", "trunci", "extf", "truncf", "sitofp", "uitofp",
    "fptosi", "fptoui", "bitcast",
)
CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno",
    "true",
)


_NO_OVERFLOW = dialect_attr("arith", "overflow", "none")
_NO_FASTMATH = dialect_attr("arith", "fastmath", "none")


def _operand_type(p: Parser, lhs: Value, rhs: Value, attrs: dict[str, Attribute]) -> Type:
    """``{attrs} : t`` after two operands of the one type ``t``."""
    attrs.update(opt_attr_dict(p))
    p.expect(":", "and the operand type")
    type_index = p.i
    ty = p.typed(lhs)
    p.check_type(rhs, ty, type_index)
    return ty


def _flag_attr(p: Parser, word: str, mnemonic: str) -> DialectAttr | None:
    """``overflow<nsw>`` / ``fastmath<fast>`` written before the ``:``."""
    if p.at(word) and p.peek_is(1, "<"):
        p.i += 1
        return p.parse_dialect_attr_body("arith", mnemonic)
    return None


@custom(*(f"arith.{n}" for n in INT_BINARY_OPS | FLOAT_BINARY_OPS))
def _arith_binary(p: Parser, name: str, index: int) -> Operation:
    lhs = p.use_value()
    p.expect(",", "between the operands")
    rhs = p.use_value()
    short = name[len("arith.") :]
    attrs: dict[str, Attribute] = {}
    if short in _OVERFLOW_OPS:  # the generic print always carries the (default) flags
        attrs["overflowFlags"] = _flag_attr(p, "overflow", "overflow") or _NO_OVERFLOW
    elif short in FLOAT_BINARY_OPS:
        attrs["fastmath"] = _flag_attr(p, "fastmath", "fastmath") or _NO_FASTMATH
    ty = _operand_type(p, lhs, rhs, attrs)
    return p.new_op(name, index, [lhs, rhs], [ty], attrs)


@custom(*(f"arith.{n}" for n in CAST_OPS))
def _arith_cast(p: Parser, name: str, index: int) -> Operation:
    return conversion(p, name, index)


@custom("arith.constant")
def _arith_constant(p: Parser, name: str, index: int) -> Operation:
    attrs = opt_attr_dict(p)
    value_index = p.i
    value = p.parse_attr()
    ty: Type | None
    if isinstance(value, (IntegerAttr, FloatAttr)):
        ty = value.type
    elif isinstance(value, BoolAttr):
        ty = IntegerType(1)
    elif isinstance(value, DenseElementsAttr):
        ty = value.type
    else:
        raise p.error(f"arith.constant: unsupported value '{value}'", value_index)
    if ty is None:
        raise p.error("arith.constant: expected ': type' after the value", value_index)
    attrs["value"] = value
    return p.new_op(name, index, [], [ty], attrs)


def _i1_like(t: Type) -> Type:
    return VectorType(t.shape, IntegerType(1)) if isinstance(t, VectorType) else IntegerType(1)


@custom("arith.cmpi", "arith.cmpf")
def _arith_cmp(p: Parser, name: str, index: int) -> Operation:
    table = CMPI_PREDICATES if name == "arith.cmpi" else CMPF_PREDICATES
    pred_index = p.i
    pred = p.parse_attr(allow_type_suffix=False)
    word = pred.value if isinstance(pred, (KeywordAttr, StringAttr, BoolAttr)) else None
    if isinstance(word, bool):
        word = "true" if word else "false"
    if word not in table:
        raise p.error(f"{name}: unknown predicate '{pred}'", pred_index)
    p.expect(",", "after the predicate")
    lhs = p.use_value()
    p.expect(",", "between the operands")
    rhs = p.use_value()
    attrs: dict[str, Attribute] = {"predicate": IntegerAttr(table.index(word), IntegerType(64))}
    if name == "arith.cmpf":
        attrs["fastmath"] = _flag_attr(p, "fastmath", "fastmath") or _NO_FASTMATH
    ty = _operand_type(p, lhs, rhs, attrs)
    return p.new_op(name, index, [lhs, rhs], [_i1_like(ty)], attrs)


@custom("arith.select")
def _arith_select(p: Parser, name: str, index: int) -> Operation:
    operands = [p.use_value()]
    for _ in range(2):
        p.expect(",", "between the operands")
        operands.append(p.use_value())
    attrs = opt_attr_dict(p)
    p.expect(":", "and the type of arith.select")
    type_index = p.i
    types = p.parse_type_list()
    for v in operands[1:]:
        p.check_type(v, types[-1], type_index)
    return p.new_op(name, index, operands, [types[-1]], attrs)
