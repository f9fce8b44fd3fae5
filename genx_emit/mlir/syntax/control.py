"""Custom forms of control flow: ``scf.for``, ``scf.while``, ``scf.if``, ``scf.yield``,
``scf.condition``, ``cf.br``, ``cf.cond_br``, ``func.return`` / ``gpu.return``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    IntegerAttr,
    UnitAttr,
)
from genx_emit.mlir.ir import Block, Operation, Region
from genx_emit.mlir.lexer import VALUE
from genx_emit.mlir.syntax.common import (
    custom,
    opt_attr_dict,
    opt_typed_operands,
)
from genx_emit.mlir.types import IndexType, IntegerType, Type

if TYPE_CHECKING:
    from genx_emit.mlir.parser import ArgSpec, Parser


@custom("func.return", "gpu.return", "scf.yield")
def _terminator(p: Parser, name: str, index: int) -> Operation:
    attrs = opt_attr_dict(p)
    return p.new_op(name, index, opt_typed_operands(p), [], attrs)



def _ensure_yield(p: Parser, region: Region, index: int) -> None:
    """Custom forms may omit an operand-less ``scf.yield``; the generic form always has it."""
    if not region.blocks:
        region.blocks.append(Block(None))
    ops = region.blocks[-1].operations
    if not ops or ops[-1].name != "scf.yield":
        ops.append(p.new_op("scf.yield", index, [], []))


@custom("scf.for")
def _scf_for(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {}
    if p.accept("unsigned"):
        attrs["unsignedCmp"] = UnitAttr()
    iv_index = p.i
    iv = p.expect_kind(VALUE, "induction variable")
    p.expect("=", "after the induction variable")
    lower = p.use_value()
    p.expect("to", "in scf.for bounds")
    upper = p.use_value()
    p.expect("step", "in scf.for bounds")
    step = p.use_value()
    names: list[tuple[str, int]] = []
    inits = []
    result_types: list[Type] = []
    if p.accept("iter_args"):
        p.expect("(", "after iter_args")
        while True:
            names.append((p.expect_kind(VALUE, "iter_args name"), p.i - 1))
            p.expect("=", "in iter_args")
            inits.append(p.use_value())
            if p.accept(")"):
                break
            p.expect(",", "in iter_args")
        p.expect("->", "and the scf.for result types")
        types_index = p.i
        result_types = p.parse_result_types()
        if len(result_types) != len(inits):
            msg = f"scf.for has {len(inits)} iter_args but {len(result_types)} result types"
            raise p.error(msg, types_index)
        for v, t in zip(inits, result_types, strict=True):
            p.check_type(v, t, types_index)
    iv_type: Type = IndexType()
    if p.accept(":"):
        iv_type = p.parse_type()
    entry: list[ArgSpec] = [(iv, iv_type, p.loc(iv_index))]
    entry += [(n, t, p.loc(i)) for (n, i), t in zip(names, result_types, strict=True)]
    region = p.parse_region(entry)
    if not inits:
        _ensure_yield(p, region, index)
    attrs.update(opt_attr_dict(p))
    return p.new_op(name, index, [lower, upper, step, *inits], result_types, attrs, [region])


@custom("scf.if")
def _scf_if(p: Parser, name: str, index: int) -> Operation:
    cond = p.use_value()
    result_types: list[Type] = p.parse_result_types() if p.accept("->") else []
    then = p.parse_region()
    has_else = p.accept("else")
    other = p.parse_region() if has_else else Region()
    if not result_types:
        _ensure_yield(p, then, index)
        if has_else:
            _ensure_yield(p, other, index)
    attrs = opt_attr_dict(p)
    return p.new_op(name, index, [cond], result_types, attrs, [then, other])


@custom("scf.while")
def _scf_while(p: Parser, name: str, index: int) -> Operation:
    """``scf.while (%a = %init, ...) : (T, ...) -> (R, ...) {before} do {after} attr-dict``."""
    names: list[tuple[str, int]] = []
    inits = []
    p.expect("(", "to start the scf.while arguments")
    while not p.accept(")"):
        if names:
            p.expect(",", "in the scf.while arguments")
        names.append((p.expect_kind(VALUE, "scf.while argument name"), p.i - 1))
        p.expect("=", "in the scf.while arguments")
        inits.append(p.use_value())
    p.expect(":", "and the scf.while type")
    types_index = p.i
    ftype = p.parse_function_type()
    if len(ftype.inputs) != len(inits):
        raise p.error(f"scf.while has {len(inits)} arguments but {len(ftype.inputs)} argument types",
                      types_index)
    for v, t in zip(inits, ftype.inputs, strict=True):
        p.check_type(v, t, types_index)
    before = p.parse_region([(n, t, p.loc(i)) for (n, i), t in zip(names, ftype.inputs, strict=True)])
    p.expect("do", "between the scf.while regions")
    after = p.parse_region()
    attrs = opt_attr_dict(p)
    return p.new_op(name, index, inits, list(ftype.results), attrs, [before, after])


@custom("scf.condition")
def _scf_condition(p: Parser, name: str, index: int) -> Operation:
    """``scf.condition(%cond) %a, ... : T, ...``."""
    p.expect("(", "before the scf.condition operand")
    cond = p.use_value()
    p.expect(")", "after the scf.condition operand")
    attrs = opt_attr_dict(p)
    return p.new_op(name, index, [cond, *opt_typed_operands(p)], [], attrs)


# -- cf --------------------------------------------------------------------------------------
def _successor(p: Parser) -> tuple[Block, list]:
    """``^bb1`` or ``^bb1(%a, %b : t1, t2)``: the block and the values passed to its arguments."""
    block = p._block_ref()
    operands: list = []
    if p.accept("("):
        if p.accept(")"):
            return block, operands
        operands = p.use_values()
        p.expect(":", "and the types of the successor operands")
        p.typed_list(operands)
        p.expect(")", "to close the successor operands")
    return block, operands


@custom("cf.br")
def _cf_br(p: Parser, name: str, index: int) -> Operation:
    dest, operands = _successor(p)
    return p.new_op(name, index, operands, [], opt_attr_dict(p), successors=[dest])


@custom("cf.cond_br")
def _cf_cond_br(p: Parser, name: str, index: int) -> Operation:
    cond = p.use_value()
    attrs: dict[str, Attribute] = {}
    if p.accept("weights"):
        p.expect("(", "after weights")
        weights_index = p.i
        weights = p.parse_attr()
        elements = weights.elements if isinstance(weights, ArrayAttr) else ()
        values = [a.value for a in elements if isinstance(a, IntegerAttr)]
        if len(elements) != 2 or len(values) != 2:
            msg = f"{name}: weights must be two integers such as [60, 40], got '{weights}'"
            raise p.error(msg, weights_index)
        attrs["branch_weights"] = DenseArrayAttr(IntegerType(32), tuple(values))
        p.expect(")", "to close the weights")
    p.expect(",", "after the condition")
    true_dest, true_operands = _successor(p)
    p.expect(",", "between the successors")
    false_dest, false_operands = _successor(p)
    attrs.update(opt_attr_dict(p))
    sizes = (1, len(true_operands), len(false_operands))
    attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), sizes)
    operands = [cond, *true_operands, *false_operands]
    return p.new_op(name, index, operands, [], attrs, successors=[true_dest, false_dest])


