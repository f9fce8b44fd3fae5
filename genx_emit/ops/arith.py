"""Op model of the arith dialect: constants, elementwise binary ops, casts, compares, select."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    Attribute,
    IntegerAttr,
    as_int,
    as_str,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.syntax.arith import CMPF_PREDICATES, CMPI_PREDICATES
from genx_emit.mlir.types import (
    FloatType,
    IndexType,
    IntegerType,
    Type,
    VectorType,
    element_bits,
)
from genx_emit.ops.build import Builder, arity, builds
from genx_emit.ops.model import Op, models, note_constant

# The arith ops the op model knows (without the ``arith.`` prefix).
BINARY_OPS = (
    "addi", "subi", "muli", "divui", "divsi", "remui", "remsi", "andi", "ori", "xori", "maxsi", "minsi",
    "maxui", "minui", "shli", "shrsi", "shrui", "ceildivsi", "ceildivui", "floordivsi",
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
)
# Pure, but undefined for a zero divisor (Op.PURE): integer divisions and remainders.
UNDEFINED_ON_ZERO = frozenset(f"arith.{n}" for n in (
    "divui", "divsi", "remui", "remsi", "ceildivsi", "ceildivui", "floordivsi"))
CAST_OPS = (
    "index_cast", "index_castui", "extsi", "extui", "trunci", "extf", "truncf", "sitofp", "uitofp",
    "fptosi", "fptoui", "bitcast",
)


def _scalar(t: Type) -> Type:
    return t.element if isinstance(t, VectorType) else t


def _shape(t: Type) -> tuple[int, ...] | None:
    """A vector's shape; None for a scalar."""
    return tuple(t.shape) if isinstance(t, VectorType) else None


@models("arith.constant", pure=True)
class Constant(Op):
    """``arith.constant``: ``value`` is an IntegerAttr, FloatAttr, BoolAttr or DenseElementsAttr."""

    value: Attribute


@models(*(f"arith.{n}" for n in BINARY_OPS), pure=True, elementwise=True)
class Binary(Op):
    """Elementwise two-operand arith op; ``opname`` without dialect: ``addi``, ``subi``, ``muli``,
    ``divui``, ``divsi``, ``remui``, ``remsi``, ``addf``, ``subf``, ``mulf``, ``divf``,
    ``maximumf``, ``minimumf``, ``maxsi``, ``minsi``, ``andi``, ``ori``, ``xori``, ..."""

    opname: str
    lhs: Value
    rhs: Value

    def verify(self) -> None:
        name = f"arith.{self.opname}"
        if len(self.results) != 1:
            raise error(self.loc, f"{name}: expected one result, got {len(self.results)}")
        lt, rt, res = self.lhs.type, self.rhs.type, self.result.type
        if not lt == rt == res:
            raise error(self.loc, f"{name}: operands and result must have the same type, got '{lt}', '{rt}' "
                                  f"-> '{res}'")
        el = _scalar(lt)
        if self.opname.endswith("f"):  # addf, maximumf, ...: every float op name ends in 'f'
            if not isinstance(el, FloatType):
                raise error(self.loc, f"{name}: expects float operands, got '{lt}'")
        elif not isinstance(el, (IntegerType, IndexType)):
            raise error(self.loc, f"{name}: expects integer or index operands, got '{lt}'")


@models(*(f"arith.{n}" for n in CAST_OPS), pure=True, elementwise=True)
class Cast(Op):
    """``arith.index_cast``, ``index_castui``, ``extsi``, ``extui``, ``trunci``, ``extf``,
    ``truncf``, ``sitofp``, ``fptosi``, ``bitcast``: the result type is ``results[0].type``."""

    opname: str
    source: Value

    def verify(self) -> None:
        """MLIR's arith cast rules: element kinds on each side, widening or narrowing, and one
        shape (a vector cast is elementwise)."""
        name = f"arith.{self.opname}"
        src, dst = self.source.type, self.results[0].type
        if _shape(src) != _shape(dst):
            raise error(self.loc, f"{name}: '{src}' and '{dst}' differ in shape; a cast is elementwise")
        s, d = _scalar(src), _scalar(dst)
        kinds, width = _CAST_RULES[self.opname]  # the builder makes only these casts
        if not (_cast_kind(s) in kinds[0] and _cast_kind(d) in kinds[1]):
            want = " -> ".join(" or ".join(sorted(k)) for k in kinds)
            raise error(self.loc, f"{name}: converts {want}, not '{s}' -> '{d}'")
        one_index = (_cast_kind(s) == "index") != (_cast_kind(d) == "index")
        if self.opname in ("index_cast", "index_castui") and not one_index:
            raise error(self.loc, f"{name}: one side must be index and the other an integer, not "
                                  f"'{s}' -> '{d}'")
        sb, db = element_bits(s), element_bits(d)
        if width and not {"<": db < sb, ">": db > sb, "=": db == sb}[width]:
            word = {"<": "narrower than", ">": "wider than", "=": "as wide as"}[width]
            raise error(self.loc, f"{name}: the result element '{d}' ({db} bits) must be {word} the source "
                                  f"'{s}' ({sb} bits)")


_INT, _FLOAT, _INDEX = frozenset({"integer"}), frozenset({"float"}), frozenset({"index", "integer"})
# opname -> ((source kinds, result kinds), result width relative to the source)
_CAST_RULES: dict[str, tuple[tuple[frozenset[str], frozenset[str]], str | None]] = {
    "extsi": ((_INT, _INT), ">"), "extui": ((_INT, _INT), ">"), "trunci": ((_INT, _INT), "<"),
    "extf": ((_FLOAT, _FLOAT), ">"), "truncf": ((_FLOAT, _FLOAT), "<"),
    "sitofp": ((_INT, _FLOAT), None), "uitofp": ((_INT, _FLOAT), None),
    "fptosi": ((_FLOAT, _INT), None), "fptoui": ((_FLOAT, _INT), None),
    "index_cast": ((_INDEX, _INDEX), None), "index_castui": ((_INDEX, _INDEX), None),
    "bitcast": ((_INT | _FLOAT, _INT | _FLOAT), "="),
}


def _cast_kind(t: Type) -> str:
    if isinstance(t, IndexType):
        return "index"
    if isinstance(t, IntegerType):
        return "integer"
    return "float" if isinstance(t, FloatType) else str(t)


@models("arith.cmpi", "arith.cmpf", pure=True, elementwise=True)
class Compare(Op):
    """``arith.cmpi`` / ``arith.cmpf``: ``predicate`` is the word (``slt``, ``oeq``, ...)."""

    opname: str  # "cmpi" | "cmpf"
    predicate: str
    lhs: Value
    rhs: Value

    def verify(self) -> None:
        name = f"arith.{self.opname}"
        if self.lhs.type != self.rhs.type:
            raise error(self.loc, f"{name}: operand types differ: '{self.lhs.type}' and '{self.rhs.type}'")
        el = _scalar(self.lhs.type)
        want_float = self.opname == "cmpf"
        if want_float != isinstance(el, FloatType) or not isinstance(el, (FloatType, IntegerType, IndexType)):
            kind = "float" if want_float else "integer or index"
            raise error(self.loc, f"{name}: expects {kind} operands, got '{self.lhs.type}'")


@models("arith.select", pure=True, elementwise=True)
class Select(Op):
    """``arith.select %cond, %a, %b``: per element when ``cond`` is a vector."""

    cond: Value
    true_value: Value
    false_value: Value

    def verify(self) -> None:
        t, c = self.true_value.type, self.cond.type
        if self.false_value.type != t:
            raise error(self.loc, f"arith.select: '{t}' and '{self.false_value.type}' differ")
        ce = _scalar(c)
        is_i1 = isinstance(ce, IntegerType) and ce.width == 1
        if isinstance(c, VectorType) and (not isinstance(t, VectorType) or t.shape != c.shape):
            is_i1 = False
        if not is_i1:
            raise error(self.loc, f"arith.select: condition '{c}' must be i1 or an i1 vector shaped like "
                                  f"'{t}'")


# -- building from the generic IR --------------------------------------------------------------
@builds(Constant)
def _constant(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    value = op.attr("value")
    if value is None:
        raise error(op.loc, "arith.constant: missing 'value'")
    if isinstance(value, IntegerAttr) and isinstance(op.results[0].type, (IntegerType, IndexType)):
        note_constant(op.results[0], value.value)
    return Constant(loc=op.loc, results=op.results, value=value)


@builds(Binary)
def _binary(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    return Binary(loc=op.loc, results=op.results, opname=op.name[len("arith.") :],
                  lhs=op.operands[0], rhs=op.operands[1])


@builds(Cast)
def _cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return Cast(loc=op.loc, results=op.results, opname=op.name[len("arith.") :], source=op.operands[0])


_PREDICATES = {"cmpi": CMPI_PREDICATES, "cmpf": CMPF_PREDICATES}  # generic forms store the index


@builds(Compare)
def _compare(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    kind = op.name[len("arith.") :]
    a = op.attr("predicate")
    table = _PREDICATES[kind]
    n = as_int(a)
    word = table[n] if n is not None and 0 <= n < len(table) else as_str(a)
    if word not in table:
        raise error(op.loc, f"{op.name}: unknown predicate '{a}' (one of {', '.join(table)})")
    return Compare(loc=op.loc, results=op.results, opname=kind, predicate=word, lhs=op.operands[0],
                   rhs=op.operands[1])


@builds(Select)
def _select(op: Operation, b: Builder) -> Op:
    arity(op, 3, 1)
    return Select(loc=op.loc, results=op.results, cond=op.operands[0], true_value=op.operands[1],
                  false_value=op.operands[2])
