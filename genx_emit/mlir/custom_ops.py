"""Custom (pretty) op forms of the builtin, func, gpu, scf and arith dialects.

Each parser starts after the op name and returns the :class:`Operation` that the upstream
generic form of the same op would give: operands in ODS order, properties and attributes under
their upstream names, result types on the (not yet named) results. Register more forms with
``@custom("dialect.op")``; :mod:`genx_emit.mlir.custom_xegpu` does so for XeGPU.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DialectAttr,
    DictAttr,
    FloatAttr,
    IntegerAttr,
    KeywordAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from genx_emit.mlir.ir import Block, Operation, Region
from genx_emit.mlir.lexer import SYMBOL, VALUE
from genx_emit.mlir.types import FunctionType, IndexType, IntegerType, Type, VectorType

if TYPE_CHECKING:
    from genx_emit.mlir.parser import ArgSpec, Parser

CustomParser = Callable[["Parser", str, int], Operation]
CUSTOM_PARSERS: dict[str, CustomParser] = {}


def custom(*names: str) -> Callable[[CustomParser], CustomParser]:
    """Register a custom-form parser for the given op names."""

    def register(fn: CustomParser) -> CustomParser:
        for n in names:
            CUSTOM_PARSERS[n] = fn
        return fn

    return register


# -- shared pieces ---------------------------------------------------------------------------
def dialect_attr(dialect: str, name: str, *words: str) -> DialectAttr:
    """``#dialect.name<w1, w2>`` exactly as the parser builds it from that text."""
    return DialectAttr(dialect, name, tuple(KeywordAttr(w) for w in words), (), ", ".join(words))


def opt_attr_dict(p: Parser) -> dict[str, Attribute]:
    return dict(p.parse_attr_dict().entries) if p.at("{") else {}


def opt_props(p: Parser) -> dict[str, Attribute]:
    """``<{...}>`` properties, as printed by ``prop-dict``."""
    if p.at("<") and p.peek_is(1, "{"):
        p.i += 1
        d = dict(p.parse_attr_dict().entries)
        p.expect(">", "to close the properties")
        return d
    return {}


def props_and_attrs(p: Parser) -> dict[str, Attribute]:
    out = opt_props(p)
    out.update(opt_attr_dict(p))
    return out


def opt_typed_operands(p: Parser) -> list:
    """``%a, %b : t1, t2`` or nothing (terminators such as ``scf.yield``)."""
    if p.kinds[p.i] != VALUE:
        return []
    vals = p.use_values()
    p.expect(":", "and the operand types")
    p.typed_list(vals)
    return vals


def _symbol(p: Parser) -> str:
    tok = p.expect_kind(SYMBOL, "symbol name")
    return p._symbol_name(tok)


# -- builtin / gpu / func containers ---------------------------------------------------------
@custom("builtin.module")
def _module(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {}
    if p.kinds[p.i] == SYMBOL:
        attrs["sym_name"] = StringAttr(_symbol(p))
    if p.accept("attributes"):
        attrs.update(p.parse_attr_dict().entries)
    region = p.parse_region(isolated=True, device=False)
    return p.new_op(name, index, [], [], attrs, [region])


@custom("gpu.module")
def _gpu_module(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {"sym_name": StringAttr(_symbol(p))}
    while True:
        if p.at("["):
            attrs["targets"] = p.parse_attr()
        elif p.at("<"):
            p.i += 1
            attrs["offloadingHandler"] = p.parse_attr()
            p.expect(">", "to close the offloading handler")
        else:
            break
    if p.accept("attributes"):
        attrs.update(p.parse_attr_dict().entries)
    region = p.parse_region(isolated=True, device=True)
    return p.new_op(name, index, [], [], attrs, [region])


@custom("gpu.module_end", "gpu.terminator")
def _no_operands(p: Parser, name: str, index: int) -> Operation:
    return p.new_op(name, index, [], [], opt_attr_dict(p))


def _arg_list(p: Parser, allow_types_only: bool) -> tuple[list[ArgSpec], list[Type], list[DictAttr]]:
    """``(%a: t {attrs}, ...)``; declarations may list bare types."""
    p.expect("(", "to start the argument list")
    specs: list[ArgSpec] = []
    types: list[Type] = []
    arg_attrs: list[DictAttr] = []
    if p.accept(")"):
        return specs, types, arg_attrs
    while True:
        index = p.i
        if p.kinds[p.i] == VALUE:
            arg_name = p.texts[p.i]
            p.i += 1
            p.expect(":", "after argument name")
            ty = p.parse_type()
            specs.append((arg_name, ty, p.loc(index)))
        elif allow_types_only and not specs:
            ty = p.parse_type()
        else:
            raise p.error(f"expected argument name, got {p.describe()}")
        types.append(ty)
        arg_attrs.append(p.parse_attr_dict() if p.at("{") else DictAttr(()))
        p.skip_loc()
        if p.accept(")"):
            return specs, types, arg_attrs
        p.expect(",", "in argument list")


def _results(p: Parser) -> tuple[list[Type], list[DictAttr]]:
    if not p.accept("->"):
        return [], []
    if p.at("(") and not p._paren_is_function_type():
        p.i += 1
        types: list[Type] = []
        res_attrs: list[DictAttr] = []
        if p.accept(")"):
            return types, res_attrs
        while True:
            types.append(p.parse_type())
            res_attrs.append(p.parse_attr_dict() if p.at("{") else DictAttr(()))
            if p.accept(")"):
                return types, res_attrs
            p.expect(",", "in result list")
    return [p.parse_type()], [DictAttr(())]


def _signature_attrs(
    attrs: dict[str, Attribute], arg_attrs: list[DictAttr], res_attrs: list[DictAttr]
) -> None:
    if any(d.entries for d in arg_attrs):
        attrs["arg_attrs"] = ArrayAttr(tuple(arg_attrs))
    if any(d.entries for d in res_attrs):
        attrs["res_attrs"] = ArrayAttr(tuple(res_attrs))


@custom("gpu.func")
def _gpu_func(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {"sym_name": StringAttr(_symbol(p))}
    specs, types, arg_attrs = _arg_list(p, allow_types_only=False)
    results, res_attrs = _results(p)
    attributions: list[ArgSpec] = []
    n_workgroup = 0
    while p.at("workgroup") or p.at("private"):
        kind = p.texts[p.i]
        p.i += 1
        extra, _, _ = _arg_list(p, allow_types_only=False)
        attributions += extra
        if kind == "workgroup":
            n_workgroup += len(extra)
    if p.accept("kernel"):
        attrs["gpu.kernel"] = UnitAttr()
    if p.accept("attributes"):
        attrs.update(p.parse_attr_dict().entries)
    attrs["function_type"] = TypeAttr(FunctionType(tuple(types), tuple(results)))
    attrs["workgroup_attributions"] = IntegerAttr(n_workgroup, IntegerType(64))
    _signature_attrs(attrs, arg_attrs, res_attrs)
    region = p.parse_region(specs + attributions, isolated=True, default_dialect="gpu")
    return p.new_op(name, index, [], [], attrs, [region])


@custom("func.func")
def _func(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {}
    for vis in ("private", "public", "nested"):
        if p.accept(vis):
            attrs["sym_visibility"] = StringAttr(vis)
            break
    attrs["sym_name"] = StringAttr(_symbol(p))
    specs, types, arg_attrs = _arg_list(p, allow_types_only=True)
    results, res_attrs = _results(p)
    if p.accept("attributes"):
        attrs.update(p.parse_attr_dict().entries)
    attrs["function_type"] = TypeAttr(FunctionType(tuple(types), tuple(results)))
    _signature_attrs(attrs, arg_attrs, res_attrs)
    regions: list[Region] = []
    if p.at("{"):
        if len(specs) != len(types):
            raise p.error("a function with a body needs named arguments")
        regions.append(p.parse_region(specs, isolated=True, default_dialect="func"))
    return p.new_op(name, index, [], [], attrs, regions)


@custom("func.return", "gpu.return", "scf.yield")
def _terminator(p: Parser, name: str, index: int) -> Operation:
    attrs = opt_attr_dict(p)
    return p.new_op(name, index, opt_typed_operands(p), [], attrs)


@custom("func.call")
def _call(p: Parser, name: str, index: int) -> Operation:
    callee_index = p.i
    callee = p.parse_attr()
    if not isinstance(callee, SymbolRefAttr):
        raise p.error("expected callee symbol", callee_index)
    p.expect("(", "to start the call operands")
    operands = p.use_values()
    p.expect(")", "to close the call operands")
    attrs = props_and_attrs(p)
    p.expect(":", "and the callee type")
    p.expect("(", "to start the callee type")
    if not p.accept(")"):
        p.typed_list(operands)
        p.expect(")", "to close the callee argument types")
    elif operands:
        raise p.error(f"{len(operands)} operands but 0 types", p.i - 1)
    p.expect("->", "in the callee type")
    attrs["callee"] = callee
    return p.new_op(name, index, operands, p.parse_result_types(), attrs)


# -- gpu -------------------------------------------------------------------------------------
_GPU_DIM_OPS = ("block_id", "thread_id", "global_id", "block_dim", "grid_dim", "cluster_id", "cluster_dim")


@custom(*(f"gpu.{n}" for n in _GPU_DIM_OPS))
def _gpu_dim(p: Parser, name: str, index: int) -> Operation:
    dim_index = p.i
    dim = p.texts[p.i]
    if dim not in ("x", "y", "z"):
        raise p.error(f"{name}: expected dimension x, y or z, got {p.describe()}", dim_index)
    p.i += 1
    attrs: dict[str, Attribute] = {"dimension": dialect_attr("gpu", "dim", dim)}
    return _gpu_index_tail(p, name, index, attrs)


@custom("gpu.subgroup_id", "gpu.lane_id", "gpu.num_subgroups", "gpu.subgroup_size")
def _gpu_scalar_id(p: Parser, name: str, index: int) -> Operation:
    return _gpu_index_tail(p, name, index, {})


def _gpu_index_tail(p: Parser, name: str, index: int, attrs: dict[str, Attribute]) -> Operation:
    if p.accept("upper_bound"):
        attrs["upper_bound"] = IntegerAttr(p.parse_int("upper bound"), IndexType())
    attrs.update(opt_attr_dict(p))
    ty: Type = IndexType()
    if p.accept(":"):
        ty = p.parse_type()
    return p.new_op(name, index, [], [ty], attrs)


@custom("gpu.barrier")
def _gpu_barrier(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {}
    if p.accept("memfence"):
        attrs["address_spaces"] = p.parse_attr()
    attrs.update(opt_attr_dict(p))
    return p.new_op(name, index, [], [], attrs)


# -- scf -------------------------------------------------------------------------------------
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


# -- arith -----------------------------------------------------------------------------------
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
    attrs.update(opt_attr_dict(p))
    p.expect(":", "and the operand type")
    type_index = p.i
    ty = p.typed(lhs)
    p.check_type(rhs, ty, type_index)
    return p.new_op(name, index, [lhs, rhs], [ty], attrs)


@custom(*(f"arith.{n}" for n in CAST_OPS))
def _arith_cast(p: Parser, name: str, index: int) -> Operation:
    src = p.use_value()
    attrs = opt_attr_dict(p)
    p.expect(":", "and the source type")
    p.typed(src)
    p.expect("to", "before the result type")
    return p.new_op(name, index, [src], [p.parse_type()], attrs)


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
    attrs.update(opt_attr_dict(p))
    p.expect(":", "and the operand type")
    type_index = p.i
    ty = p.typed(lhs)
    p.check_type(rhs, ty, type_index)
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
