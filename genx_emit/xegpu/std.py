"""Dataclasses for the surrounding dialects a real kernel needs: arith, gpu, scf, cf, func."""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.mlir.attrs import Attribute
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import FloatType, IndexType, IntegerType, Type, VectorType, element_bits
from genx_emit.xegpu.model import BasicBlock, Op


def _scalar(t: Type) -> Type:
    return t.element if isinstance(t, VectorType) else t


def _shape(t: Type) -> tuple[int, ...] | None:
    """A vector's shape; None for a scalar."""
    return tuple(t.shape) if isinstance(t, VectorType) else None


@dataclass(eq=False, kw_only=True)
class Constant(Op):
    """``arith.constant``: ``value`` is an IntegerAttr, FloatAttr, BoolAttr or DenseElementsAttr."""

    value: Attribute


@dataclass(eq=False, kw_only=True)
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


@dataclass(eq=False, kw_only=True)
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


@dataclass(eq=False, kw_only=True)
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


@dataclass(eq=False, kw_only=True)
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


@dataclass(eq=False, kw_only=True)
class GpuId(Op):
    """``gpu.block_id x`` / ``thread_id`` / ``global_id`` / ``block_dim`` / ``grid_dim`` (dim
    ``x|y|z``), ``gpu.subgroup_id`` / ``gpu.lane_id`` (dim None)."""

    kind: str
    dim: str | None


@dataclass(eq=False, kw_only=True)
class For(Op):
    """``scf.for``: ``iv`` and ``iter_args`` are the body's block arguments; the body's last op
    is a :class:`Yield`; ``results`` correspond to ``iter_args``."""

    lower: Value
    upper: Value
    step: Value
    inits: list[Value]
    iv: Value
    iter_args: list[Value]
    body: list[Op]

    def bodies(self) -> list[list[Op]]:
        return [self.body]

    def verify(self) -> None:
        loc = self.loc
        _region_terminators("scf.for", "body", self.body)
        n = len(self.inits)
        if len(self.iter_args) != n or len(self.results) != n:
            raise error(loc, f"scf.for: {n} initial values, {len(self.iter_args)} iter_args and "
                             f"{len(self.results)} results must be as many")
        bounds = [("lower bound", self.lower), ("upper bound", self.upper), ("step", self.step)]
        for what, v in bounds:
            if v.type != self.iv.type:
                raise error(loc, f"scf.for: {what} '{v.name}' has type '{v.type}' but the induction variable "
                                 f"has '{self.iv.type}'")
        for j, (init, arg, res) in enumerate(zip(self.inits, self.iter_args, self.results, strict=True)):
            if not init.type == arg.type == res.type:
                raise error(loc, f"scf.for: iter_arg #{j} '{arg.name}' has type '{arg.type}', its initial "
                                 f"value '{init.name}' '{init.type}' and result #{j} '{res.type}': they must "
                                 "be equal")
        last = self.body[-1] if self.body else None
        if not isinstance(last, Yield):
            if n:
                raise error(loc, f"scf.for: the body must end with scf.yield of {n} values")
            return
        if len(last.values) != n:
            msg = f"scf.for: scf.yield yields {len(last.values)} values but the loop carries {n}"
            raise DiagnosticError(loc, msg, [(last.loc, "scf.yield is here")])
        for j, (v, arg) in enumerate(zip(last.values, self.iter_args, strict=True)):
            if v.type != arg.type:
                msg = (f"scf.for: scf.yield value #{j} '{v.name}' has type '{v.type}' but iter_arg "
                       f"'{arg.name}' has '{arg.type}'")
                raise DiagnosticError(loc, msg, [(last.loc, "scf.yield is here")])


@dataclass(eq=False, kw_only=True)
class Return(Op):
    """``gpu.return`` / ``func.return``."""

    values: list[Value]


@dataclass(eq=False, kw_only=True)
class If(Op):
    """``scf.if``: ``cond`` is a lane-uniform scalar i1; ``else_body`` is None without an else
    region. Each present body ends with a :class:`Yield` of values matching ``results``."""

    cond: Value
    then_body: list[Op]
    else_body: list[Op] | None

    def bodies(self) -> list[list[Op]]:
        return [self.then_body] + ([self.else_body] if self.else_body is not None else [])

    def verify(self) -> None:
        loc = self.loc
        _scalar_condition("scf.if", self.cond, loc)
        n = len(self.results)
        if n and self.else_body is None:
            raise error(loc, f"scf.if: an scf.if with results needs an else region (it has {n} results)")
        for which, body in (("then", self.then_body), ("else", self.else_body)):
            if body is None:
                continue
            _region_terminators("scf.if", f"{which} region", body)
            last = body[-1] if body else None
            if not isinstance(last, Yield):
                raise error(loc, f"scf.if: the {which} region must end with scf.yield of {n} values")
            if len(last.values) != n:
                msg = (f"scf.if: the {which} region yields {len(last.values)} values but the scf.if has {n} "
                       "results")
                raise DiagnosticError(loc, msg, [(last.loc, "scf.yield is here")])
            for j, (v, res) in enumerate(zip(last.values, self.results, strict=True)):
                if v.type != res.type:
                    msg = (f"scf.if: the {which} region yields '{v.name}' of type '{v.type}' as result #{j}, "
                           f"which has type '{res.type}'")
                    raise DiagnosticError(loc, msg, [(last.loc, "scf.yield is here")])


@dataclass(eq=False, kw_only=True)
class Yield(Op):
    values: list[Value]


@dataclass(eq=False, kw_only=True)
class Condition(Op):
    """``scf.condition(%cond) %values``: ends the before region of an scf.while."""

    cond: Value
    values: list[Value]


@dataclass(eq=False, kw_only=True)
class While(Op):
    """``scf.while``: ``before`` (arguments ``before_args``, first given ``inits``) ends with a
    :class:`Condition`: false leaves the loop with its values as ``results``, true passes them
    to ``after`` (arguments ``after_args``), whose :class:`Yield` feeds ``before_args`` again."""

    inits: list[Value]
    before_args: list[Value]
    before: list[Op]
    after_args: list[Value]
    after: list[Op]

    def bodies(self) -> list[list[Op]]:
        return [self.before, self.after]

    def verify(self) -> None:
        name, loc = "scf.while", self.loc
        for op in self.before[:-1]:
            if isinstance(op, TERMINATORS):
                raise error(op.loc, f"{terminator_name(op)} cannot appear inside the {name} before region: "
                                    "only its final scf.condition ends it")
        _region_terminators(name, "after region", self.after)
        cond = self.before[-1] if self.before else None
        if not isinstance(cond, Condition):
            raise error(loc, f"{name}: the before region must end with scf.condition")
        _scalar_condition("scf.condition", cond.cond, cond.loc)
        last = self.after[-1] if self.after else None
        if not isinstance(last, Yield):
            raise error(loc, f"{name}: the after region must end with scf.yield")
        _same_types(name, loc, "initial values", self.inits, "before-region arguments", self.before_args)
        _same_types(name, cond.loc, "scf.condition values", cond.values, "results", self.results)
        _same_types(name, cond.loc, "scf.condition values", cond.values, "after-region arguments",
                    self.after_args)
        _same_types(name, last.loc, "scf.yield values", last.values, "before-region arguments",
                    self.before_args)


def _same_types(name: str, loc: Location, what: str, values: list[Value], other: str,
                others: list[Value]) -> None:
    if len(values) != len(others):
        raise error(loc, f"{name}: {len(values)} {what} but {len(others)} {other}")
    for j, (v, o) in enumerate(zip(values, others, strict=True)):
        if v.type != o.type:
            raise error(loc, f"{name}: {what} #{j} '{v.name}' has type '{v.type}' but {other} #{j} "
                             f"'{o.name}' has '{o.type}'")


@dataclass(eq=False, kw_only=True)
class Branch(Op):
    """``cf.br ^dest(%args)``: the values become ``dest``'s block arguments."""

    dest: BasicBlock
    args: list[Value]

    def verify(self) -> None:
        _check_successor("cf.br", self.loc, self.dest, self.args)


@dataclass(eq=False, kw_only=True)
class CondBranch(Op):
    """``cf.cond_br %cond, ^t(%targs), ^f(%fargs)`` on a lane-uniform scalar i1."""

    cond: Value
    true_dest: BasicBlock
    true_args: list[Value]
    false_dest: BasicBlock
    false_args: list[Value]

    def verify(self) -> None:
        _scalar_condition("cf.cond_br", self.cond, self.loc)
        _check_successor("cf.cond_br", self.loc, self.true_dest, self.true_args)
        _check_successor("cf.cond_br", self.loc, self.false_dest, self.false_args)


TERMINATORS = (Yield, Condition, Return, Branch, CondBranch)


def terminator_name(op: Op) -> str:
    names = {Yield: "scf.yield", Condition: "scf.condition", Return: "gpu.return", Branch: "cf.br",
             CondBranch: "cf.cond_br"}
    return names[type(op)]


def _scalar_condition(name: str, cond: Value, loc: Location) -> None:
    """Branches are per thread: the condition is one i1 shared by every lane."""
    t = cond.type
    if isinstance(t, IntegerType) and t.width == 1:
        return
    hint = "; for a per-lane choice use arith.select" if isinstance(t, VectorType) else ""
    raise error(loc, f"{name} needs a scalar i1 condition, got '{cond.name}' of type '{t}'{hint}")


def _region_terminators(name: str, where: str, body: list[Op]) -> None:
    """Inside an scf region only a final scf.yield ends the block: no return, no branch."""
    for i, op in enumerate(body):
        if isinstance(op, Yield) and i != len(body) - 1:
            raise error(op.loc, f"scf.yield must be the last operation of the {name} {where}")
        if isinstance(op, (Return, Branch, CondBranch, Condition)):
            raise error(op.loc, f"{terminator_name(op)} cannot appear inside the {name} {where}: only "
                                "scf.yield ends a structured region")


def _check_successor(name: str, loc: Location, dest: BasicBlock, args: list[Value]) -> None:
    note = [(dest.loc, f"{dest.label} is here")]
    if len(args) != len(dest.args):
        types = ", ".join(str(a.type) for a in dest.args)
        msg = (f"{name}: {dest.label} takes {len(dest.args)} arguments ({types}) but {len(args)} are "
               "passed")
        raise DiagnosticError(loc, msg, note)
    for j, (v, a) in enumerate(zip(args, dest.args, strict=True)):
        if v.type != a.type:
            msg = (f"{name}: argument #{j} '{v.name}' has type '{v.type}' but block argument '{a.name}' of "
                   f"{dest.label} has type '{a.type}'")
            raise DiagnosticError(loc, msg, [(dest.loc, f"{dest.label} is here")])

