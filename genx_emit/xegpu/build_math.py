"""Generic math-dialect ops -> op model.

The fast-math flags come as ``#arith.fastmath<nnan,afn>`` (what the parser builds from both the
custom and the generic form) or as a bare word / string; no attribute means no flags.
"""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import Attribute, DialectAttr, KeywordAttr, StringAttr
from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, arity, builds
from genx_emit.xegpu.math import ELEMENT_TYPES, MathOp
from genx_emit.xegpu.model import Op


def _flags(op: Operation, attr: Attribute | None) -> frozenset[str]:
    if attr is None:
        return frozenset({"none"})
    if isinstance(attr, DialectAttr) and attr.name == "fastmath":
        text = attr.raw
    elif isinstance(attr, (KeywordAttr, StringAttr)):
        text = attr.value
    else:
        raise error(op.loc, f"{op.name}: 'fastmath' must be #arith.fastmath<flags>, got '{attr}'")
    words = frozenset(w.strip() for w in text.split(",") if w.strip())
    return words or frozenset({"none"})


@builds(*(f"math.{n}" for n in ELEMENT_TYPES))
def _math(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return MathOp(loc=op.loc, results=op.results, opname=op.name[len("math.") :], operands=list(op.operands),
                  fastmath=_flags(op, op.attr("fastmath")))
