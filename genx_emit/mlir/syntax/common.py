"""What the custom-form parsers of every family share: the registry and common pieces.

Each parser starts after the op name and returns the :class:`Operation` that the upstream
generic form of the same op would give: operands in ODS order, properties and attributes under
their upstream names, result types on the (not yet named) results. Register more forms with
``@custom("dialect.op")`` in the family's module (``mlir/syntax/<family>.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from genx_emit.dispatch import registrar
from genx_emit.mlir.attrs import (
    Attribute,
    DialectAttr,
    KeywordAttr,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.lexer import VALUE

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser

CustomParser = Callable[["Parser", str, int], Operation]
CUSTOM_PARSERS: dict[str, CustomParser] = {}


def custom(*names: str) -> Callable[[CustomParser], CustomParser]:
    """Register a custom-form parser for the given op names."""
    return registrar(CUSTOM_PARSERS, names)


# -- shared pieces ---------------------------------------------------------------------------
def dialect_attr(dialect: str, name: str, *words: str) -> DialectAttr:
    """``#dialect.name<w1, w2>`` exactly as the parser builds it from that text."""
    return DialectAttr(dialect, name, tuple(KeywordAttr(w) for w in words), (), ", ".join(words))


def opt_attr_dict(p: Parser) -> dict[str, Attribute]:
    return dict(p.parse_attr_dict().entries) if p.at("{") else {}


def value_pair(p: Parser, between: str) -> tuple[Value, Value]:
    """``%a, %b``: two operands, ``between`` naming them when the comma is missing."""
    first = p.use_value()
    p.expect(",", between)
    return first, p.use_value()


def source_to_type(p: Parser, name: str, index: int, attrs_of: Callable[[Parser], dict[str, Attribute]],
                   arrow: str, result: str) -> Operation:
    """``%src {attrs} : T <arrow> T2`` (casts, create_mem_desc): one operand, one result type."""
    src = p.use_value()
    attrs = attrs_of(p)
    p.expect(":", "and the source type")
    p.typed(src)
    p.expect(arrow, result)
    return p.new_op(name, index, [src], [p.parse_type()], attrs)


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


def typed_then(p: Parser, source: Value, word: str, between: str) -> None:
    """``: <source's type> <word>`` before a result or destination type (``to``, ``into``)."""
    p.expect(":", "and the types")
    p.typed(source)
    p.expect(word, f"between {between}")


def conversion(p: Parser, name: str, index: int) -> Operation:
    """``%source {attrs} : <source type> to <result type>``: the form of casts and slices."""
    source = p.use_value()
    attrs = opt_attr_dict(p)
    typed_then(p, source, "to", "the source and result types")
    return p.new_op(name, index, [source], [p.parse_type()], attrs)
