"""Custom forms of the containers: ``builtin.module``, ``gpu.module``, ``gpu.func``,
``func.func`` (and ``func.call``, met in host code). They are structure, not ops of the op model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    DictAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from genx_emit.mlir.ir import Operation, Region
from genx_emit.mlir.lexer import SYMBOL, VALUE
from genx_emit.mlir.syntax.common import (
    custom,
    opt_attr_dict,
    props_and_attrs,
)
from genx_emit.mlir.types import FloatType, FunctionType, IntegerType, Type

if TYPE_CHECKING:
    from genx_emit.mlir.parser import ArgSpec, Parser


def _symbol(p: Parser) -> str:
    tok = p.expect_kind(SYMBOL, "symbol name")
    return p._symbol_name(tok)


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
    _no_narrow_floats(specs, "gpu.kernel" in attrs)
    if p.accept("attributes"):
        attrs.update(p.parse_attr_dict().entries)
    attrs["function_type"] = TypeAttr(FunctionType(tuple(types), tuple(results)))
    attrs["workgroup_attributions"] = IntegerAttr(n_workgroup, IntegerType(64))
    _signature_attrs(attrs, arg_attrs, res_attrs)
    region = p.parse_region(specs + attributions, isolated=True, default_dialect="gpu")
    return p.new_op(name, index, [], [], attrs, [region])


# Float formats of 8 bits or fewer (f8E5M2, f8E4M3FN, f4E2M1FN, the f8E8M0FNU scales of
# xegpu.dpas_mx): no DPAS precision of the toolchain's intrinsics (intrinsics/dpas.yaml) takes
# them, and GenX IR has no element type for them; a kernel that receives them is refused where
# it names them.
def _narrow_float(t: Type) -> str | None:
    el = getattr(t, "element", t)
    return el.kind if isinstance(el, FloatType) and el.kind.startswith(("f8E", "f6E", "f4E")) else None


NARROW_WHY = ("not supported by the installed toolchain (8- and 4-bit floats are no DPAS precision of its "
              "intrinsics and no GenX element type)")


def _no_narrow_floats(specs: list[ArgSpec], kernel: bool) -> None:
    narrow = [(name, kind, loc) for name, ty, loc in specs if (kind := _narrow_float(ty)) is not None]
    if not narrow:
        return
    kinds = " / ".join(dict.fromkeys(k for _, k, _ in narrow))
    names = ", ".join(n for n, _, _ in narrow)
    what = "kernel data" if kernel else "device function arguments"
    raise DiagnosticError(narrow[0][2], f"{kinds} {what} ({names}): {NARROW_WHY}")


def narrow_results(op: str, types: list[Type], loc: Location) -> None:
    """An op of device code making an 8- or 4-bit float value (a bitcast of packed bytes, a
    scaled truncation): the same refusal as for such arguments, at the op."""
    for t in types:
        kind = _narrow_float(t)
        if kind is not None:
            raise DiagnosticError(loc, f"{op}: result {t}: {kind} is {NARROW_WHY}")


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


