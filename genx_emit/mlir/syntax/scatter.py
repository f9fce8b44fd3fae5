"""Custom forms of the scattered XeGPU ops, upstream and RFC spellings.

Upstream: ``create_tdesc %src, %offsets : ui64, vector<16xindex> -> TD``, static offsets
``%src[0, 8, 16, 24]``, ``load %t, %mask <{...}> : TD, vector<16xi1> -> V``, the source form
``load %src[%offsets], %mask``, ``store %v, %t, %mask``, ``prefetch %t``, ``update_offset %t,
%o``, ``atomic_rmw addf %t, %mask, %v``. RFC: ``load_gather``/``store_scatter``/
``update_offsets``, ``into``/``to`` for ``->``, ``atomic_rmw "addf" %v, %t, %mask`` (value first)
and ``store_scatter`` types written as value, mask, tdesc.

Every form yields the upstream generic Operation: operands in ODS order (tdesc or source and
offsets, then mask, value where the op has one), static offsets in ``const_offsets``, the atomic
kind in ``kind``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import Attribute, StringAttr, as_str
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.lexer import STRING, VALUE, unescape_string
from genx_emit.mlir.syntax.common import custom, opt_attr_dict, props_and_attrs
from genx_emit.mlir.syntax.nd import i64_array, index_list
from genx_emit.mlir.types import IntegerType, TensorDescType, Type, VectorType

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


def _arrow(p: Parser, *words: str) -> None:
    for w in ("->", *words):
        if p.accept(w):
            return
    raise p.error(f"expected {' or '.join(repr(w) for w in ('->', *words))}, got {p.describe()}")


def _types(p: Parser) -> list[tuple[Type, int]]:
    """``: t1, t2, ...`` up to ``->``/``into``/``to`` (an RFC comma before ``into`` is fine)."""
    p.expect(":", "and the operand types")
    out = [(p.parse_type(), p.i)]
    while p.accept(","):
        if p.at("into") or p.at("->"):
            break
        index = p.i
        out.append((p.parse_type(), index))
    return out


def _check(p: Parser, values: list[Value], types: list[tuple[Type, int]]) -> None:
    if len(types) != len(values):
        raise p.error(f"{len(values)} operands but {len(types)} types", types[0][1] if types else None)
    for v, (t, index) in zip(values, types, strict=True):
        p.check_type(v, t, index)


def _is_mask(t: Type) -> bool:
    return isinstance(t, VectorType) and isinstance(t.element, IntegerType) and t.element.width == 1


def _target(p: Parser) -> tuple[list[Value], dict[str, Attribute]]:
    """``%tdesc`` or ``%src[%offsets]`` / ``%src[0, 8, ...]`` (the newest upstream form)."""
    operands = [p.use_value()]
    attrs: dict[str, Attribute] = {}
    if p.at("["):
        if p.kinds[p.i + 1] == VALUE and p.peek_is(2, "]"):
            p.i += 1
            operands.append(p.use_value())
            p.i += 1
        else:
            vals, consts = index_list(p)
            operands += vals
            attrs["const_offsets"] = i64_array(consts)
    return operands, attrs


def _offsets(p: Parser, operands: list[Value], attrs: dict[str, Attribute]) -> None:
    """Offsets as an index list ``[0, %i, ...]`` (``const_offsets``) or one vector operand."""
    if p.at("["):
        vals, consts = index_list(p)
        operands += vals
        attrs["const_offsets"] = i64_array(consts)
    else:
        operands.append(p.use_value())


@custom("xegpu.create_tdesc")
def _create_tdesc(p: Parser, name: str, index: int) -> Operation:
    p.accept(",")  # the RFC writes `create_tdesc, %base, %offsets`
    source = p.use_value()
    operands = [source]
    attrs: dict[str, Attribute] = {}
    if not p.at("["):
        p.expect(",", "between the source and the offsets")
    _offsets(p, operands, attrs)
    attrs.update(props_and_attrs(p))
    types = _types(p)
    _check(p, operands[: len(types)], types)
    _arrow(p, "into")
    return p.new_op(name, index, operands, [p.parse_type()], attrs)


@custom("xegpu.update_offset", "xegpu.update_offsets")
def _update_offset(p: Parser, name: str, index: int) -> Operation:
    tdesc = p.use_value()
    p.expect(",", "after the tensor descriptor")
    operands = [tdesc]
    attrs: dict[str, Attribute] = {}
    _offsets(p, operands, attrs)
    attrs.update(props_and_attrs(p))
    types = _types(p)
    _check(p, operands[: len(types)], types)
    result = types[0][0]
    if p.accept("->") or p.accept("into"):
        result = p.parse_type()
    return p.new_op("xegpu.update_offset", index, operands, [result], attrs)


@custom("xegpu.load", "xegpu.load_gather")
def _load(p: Parser, name: str, index: int) -> Operation:
    early = opt_attr_dict(p)
    operands, attrs = _target(p)
    p.expect(",", "before the mask")
    operands.append(p.use_value())
    attrs.update(props_and_attrs(p))
    attrs.update(early)
    _check(p, operands, _types(p))
    _arrow(p, "into")
    return p.new_op("xegpu.load", index, operands, [p.parse_type()], attrs)


@custom("xegpu.store", "xegpu.store_scatter")
def _store(p: Parser, name: str, index: int) -> Operation:
    value = p.use_value()
    p.expect(",", "after the stored value")
    target, attrs = _target(p)
    p.expect(",", "before the mask")
    mask = p.use_value()
    attrs.update(props_and_attrs(p))
    types = _types(p)
    if len(types) == 3 and _is_mask(types[1][0]) and isinstance(types[2][0], TensorDescType):
        types = [types[0], types[2], types[1]]  # the RFC lists value, mask, tdesc
    operands = [value, *target, mask]
    _check(p, operands, types)
    return p.new_op("xegpu.store", index, operands, [], attrs)


@custom("xegpu.prefetch")
def _prefetch(p: Parser, name: str, index: int) -> Operation:
    operands, attrs = _target(p)
    attrs.update(props_and_attrs(p))
    _check(p, operands, _types(p))
    return p.new_op(name, index, operands, [], attrs)


def _atomic_kind(p: Parser) -> Attribute:
    """``addf``, ``"addf"`` or ``#xegpu<atomic_rmw_kind addf>`` / ``#arith.atomic_rmw_kind<addf>``."""
    if p.kinds[p.i] == STRING:
        word = unescape_string(p.texts[p.i])
        p.i += 1
        return StringAttr(word)
    if p.at("#"):
        index = p.i
        attr = p.parse_attr()
        word = as_str(attr)
        if word is None:
            raise p.error(f"expected an atomic kind such as addf, got '{attr}'", index)
        return StringAttr(word)
    index = p.i
    word = p.texts[p.i]
    if not word.isidentifier():
        raise p.error(f"expected an atomic kind such as addf, got {p.describe()}", index)
    p.i += 1
    return StringAttr(word)


@custom("xegpu.atomic_rmw")
def _atomic_rmw(p: Parser, name: str, index: int) -> Operation:
    kind = _atomic_kind(p)
    p.accept(",")  # the RFC op table writes `atomic_rmw "addf", %value, ...`
    at = p.i
    operands = p.use_values()
    if len(operands) != 3:
        raise p.error(f"xegpu.atomic_rmw takes a tensor descriptor, a mask and a value, got "
                      f"{len(operands)} operands", at)
    attrs = props_and_attrs(p)
    types = _types(p)
    _check(p, operands, types)
    _arrow(p, "to")
    result = p.parse_type()
    if not isinstance(types[0][0], TensorDescType) and isinstance(types[1][0], TensorDescType):
        operands = [operands[1], operands[2], operands[0]]  # RFC order value, tdesc, mask
    attrs["kind"] = kind
    return p.new_op(name, index, operands, [result], attrs)
