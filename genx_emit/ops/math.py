"""Dataclasses for the math dialect ops genx-emit lowers."""

from __future__ import annotations

from dataclasses import field

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    Attribute,
    DialectAttr,
    KeywordAttr,
    StringAttr,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import FloatType, Type, VectorType
from genx_emit.ops.build import Builder, arity, builds
from genx_emit.ops.model import Op, models

# The float element types each op exists for on GenX. The math unit (exp, log, rsqrt and the
# approximate sqrt) takes half and float; the correctly rounded sqrt and abs also take double.
# The roundings (rndu/rndd) do not: IGC aborts (VISA builder failure) on them for f64.
MATH_UNIT_TYPES = ("f16", "f32")
ANY_FLOAT_TYPES = ("f16", "f32", "f64")
ELEMENT_TYPES: dict[str, tuple[str, ...]] = {
    "exp": MATH_UNIT_TYPES, "exp2": MATH_UNIT_TYPES, "log": MATH_UNIT_TYPES, "log2": MATH_UNIT_TYPES,
    "rsqrt": MATH_UNIT_TYPES, "sqrt": ANY_FLOAT_TYPES, "ceil": MATH_UNIT_TYPES, "floor": MATH_UNIT_TYPES,
    "absf": ANY_FLOAT_TYPES,
}

# arith fast-math flags; ``afn`` (or ``fast``, which implies it) allows approximate functions.
FASTMATH_FLAGS = frozenset({"none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"})


def _element(t: Type) -> Type:
    return t.element if isinstance(t, VectorType) else t


@models(*(f"math.{n}" for n in ELEMENT_TYPES), pure=True, elementwise=True)
class MathOp(Op):
    """An elementwise one-operand ``math.<opname>`` op: ``exp``, ``exp2``, ``log``, ``log2``,
    ``sqrt``, ``rsqrt``, ``ceil``, ``floor`` or ``absf``; ``fastmath`` holds the flag words
    (``{"none"}`` when none are set)."""

    opname: str
    args: list[Value]
    fastmath: frozenset[str] = field(default_factory=lambda: frozenset({"none"}))

    @property
    def name(self) -> str:
        return f"math.{self.opname}"

    @property
    def approximate(self) -> bool:
        """The flags allow an approximation of the function (``afn`` or ``fast``)."""
        return bool(self.fastmath & {"afn", "fast"})

    def verify(self) -> None:
        name = self.name
        if self.opname not in ELEMENT_TYPES:
            raise error(self.loc, f"{name} is not supported (supported: "
                                  f"{', '.join('math.' + n for n in ELEMENT_TYPES)})")
        if len(self.args) != 1 or len(self.results) != 1:
            raise error(self.loc, f"{name}: expected one operand and one result, "
                                  f"got {len(self.args)} and {len(self.results)}")
        unknown = sorted(self.fastmath - FASTMATH_FLAGS)
        if unknown:
            raise error(self.loc, f"{name}: unknown fastmath flag{'s' if len(unknown) > 1 else ''} "
                                  f"{', '.join(unknown)} (known: {', '.join(sorted(FASTMATH_FLAGS))})")
        res = self.result.type
        src = self.args[0]
        if src.type != res:
            raise error(self.loc, f"{name}: operand '{src.name}' has type '{src.type}' but the result has "
                                  f"'{res}': they must be equal")
        el = _element(res)
        if not isinstance(el, FloatType):
            raise error(self.loc, f"{name}: expects a float scalar or vector, got '{res}'")
        if el.kind == "bf16":
            raise error(self.loc, f"{name} on bf16: GenX has no bf16 arithmetic; arith.extf to f32 first")
        allowed = ELEMENT_TYPES[self.opname]
        if el.kind not in allowed:
            raise error(self.loc, f"{name} on {el.kind}: GenX computes it on {' and '.join(allowed)} only")


# -- building from the generic IR --------------------------------------------------------------
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


@builds(MathOp)
def _math(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return MathOp(loc=op.loc, results=op.results, opname=op.name[len("math.") :], args=list(op.operands),
                  fastmath=_flags(op, op.attr("fastmath")))
