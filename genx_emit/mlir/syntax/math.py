"""Custom forms of the math dialect ops genx-emit lowers.

Upstream prints the one-operand float math ops as ``%r = math.exp %x fastmath<fast> :
vector<16xf32>`` (``fastmath<...>`` optional, before the attribute dictionary and the one
type). Like the arith float ops, the generic print always carries ``fastmath``
(``#arith.fastmath<none>`` when the custom form leaves it out), so both forms give the same
:class:`Operation`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import Attribute
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.syntax.common import custom, dialect_attr, opt_attr_dict

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser

# One operand, one result of the same type.
UNARY_OPS = ("absf", "ceil", "cos", "exp", "exp2", "floor", "log", "log2", "rsqrt", "sin", "sqrt")

NO_FASTMATH = dialect_attr("arith", "fastmath", "none")


def _fastmath(p: Parser) -> Attribute:
    """``fastmath<nnan,afn>`` before the ``:``; the default flags when it is not written."""
    if p.at("fastmath") and p.peek_is(1, "<"):
        p.i += 1
        return p.parse_dialect_attr_body("arith", "fastmath")
    return NO_FASTMATH


@custom(*(f"math.{n}" for n in UNARY_OPS))
def _math_unary(p: Parser, name: str, index: int) -> Operation:
    src = p.use_value()
    attrs: dict[str, Attribute] = {"fastmath": _fastmath(p)}
    attrs.update(opt_attr_dict(p))
    p.expect(":", f"and the type of {name}")
    ty = p.typed(src)
    return p.new_op(name, index, [src], [ty], attrs)
