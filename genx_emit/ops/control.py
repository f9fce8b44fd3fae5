"""Op model of control flow: ``scf.for`` / ``scf.while`` / ``scf.if`` with ``scf.yield`` and
``scf.condition``, ``cf.br`` / ``cf.cond_br``, ``gpu.return`` / ``func.return``."""

from __future__ import annotations

from collections.abc import Callable

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import (
    IntegerType,
    VectorType,
)
from genx_emit.ops.build import Builder, builds, operand_segments
from genx_emit.ops.model import BasicBlock, Op, models


@models("scf.for")
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
        _check_yield(loc, last, self.iter_args,
                     f"scf.for: scf.yield yields {len(last.values)} values but the loop carries {n}",
                     lambda j, v, arg: f"scf.for: scf.yield value #{j} '{v.name}' has type '{v.type}' but "
                                       f"iter_arg '{arg.name}' has '{arg.type}'")


@models("gpu.return", "func.return", terminator="block")
class Return(Op):
    """``gpu.return`` / ``func.return``."""

    values: list[Value]


@models("scf.if")
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
            count = (f"scf.if: the {which} region yields {len(last.values)} values but the scf.if has {n} "
                     "results")
            _check_yield(loc, last, self.results, count,
                         lambda j, v, res, which=which: (f"scf.if: the {which} region yields '{v.name}' of "
                                                         f"type '{v.type}' as result #{j}, which has type "
                                                         f"'{res.type}'"))


@models("scf.yield", terminator="region")
class Yield(Op):
    """``scf.yield``: ends an scf region, passing its values out (the next iteration's iter_args,
    the scf.if's results)."""

    values: list[Value]


@models("scf.condition", terminator="region")
class Condition(Op):
    """``scf.condition(%cond) %values``: ends the before region of an scf.while."""

    cond: Value
    values: list[Value]


@models("scf.while")
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
            if op.TERMINATOR:
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


@models("cf.br", terminator="block")
class Branch(Op):
    """``cf.br ^dest(%args)``: the values become ``dest``'s block arguments."""

    dest: BasicBlock
    args: list[Value]

    def verify(self) -> None:
        _check_successor("cf.br", self.loc, self.dest, self.args)


@models("cf.cond_br", terminator="block")
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


def terminator_name(op: Op) -> str:
    return op.NAMES[0]


def _check_yield(loc: Location, last: Yield, want: list[Value], count: str,
                 mismatch: Callable[[int, Value, Value], str]) -> None:
    """``last`` yields one value of each of ``want``'s types; ``count`` and ``mismatch(j, value,
    wanted)`` word the errors, which point at the scf.yield too."""
    note = [(last.loc, "scf.yield is here")]
    if len(last.values) != len(want):
        raise DiagnosticError(loc, count, note)
    for j, (v, w) in enumerate(zip(last.values, want, strict=True)):
        if v.type != w.type:
            raise DiagnosticError(loc, mismatch(j, v, w), note)


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
        if op.TERMINATOR and not isinstance(op, Yield):
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


# -- building from the generic IR --------------------------------------------------------------
@builds(For)
def _for(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 3:
        msg = f"scf.for: expected lower bound, upper bound and step, got {len(op.operands)} operands"
        raise error(op.loc, msg)
    args, body = b.region(op)
    if not args:
        raise error(op.loc, "scf.for: the body block needs the induction variable as its first argument")
    return For(
        loc=op.loc, results=op.results, lower=op.operands[0], upper=op.operands[1], step=op.operands[2],
        inits=list(op.operands[3:]), iv=args[0], iter_args=list(args[1:]), body=body,
    )


@builds(If)
def _if(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1 or not 1 <= len(op.regions) <= 2:
        raise error(op.loc, f"scf.if: expected a condition operand and a then and an optional else region, "
                            f"got {len(op.operands)} operands and {len(op.regions)} regions")
    args, then = b.region(op, 0)
    other = None
    if len(op.regions) == 2 and op.regions[1].blocks:
        else_args, other = b.region(op, 1)
        args = args or else_args
    if args:
        raise error(op.loc, "scf.if: its regions take no block arguments")
    return If(loc=op.loc, results=op.results, cond=op.operands[0], then_body=then, else_body=other)


@builds(Branch)
def _cf_br(op: Operation, b: Builder) -> Op:
    if len(op.successors) != 1 or op.results:
        raise error(op.loc, f"cf.br: expected one successor and no results, got {len(op.successors)} and "
                            f"{len(op.results)}")
    return Branch(loc=op.loc, dest=b.successor(op, op.successors[0]), args=list(op.operands))


@builds(CondBranch)
def _cf_cond_br(op: Operation, b: Builder) -> Op:
    if len(op.successors) != 2 or not op.operands or op.results:
        raise error(op.loc, f"cf.cond_br: expected a condition, two successors and no results, got "
                            f"{len(op.operands)} operands, {len(op.successors)} successors and "
                            f"{len(op.results)} results")
    t, f = (b.successor(op, s) for s in op.successors)
    groups = operand_segments(op, [1, len(t.args), len(f.args)], "the condition and the two successors' "
                              "arguments", "1, true operands, false operands")
    return CondBranch(loc=op.loc, cond=groups[0][0], true_dest=t, true_args=groups[1], false_dest=f,
                      false_args=groups[2])


@builds(While)
def _while(op: Operation, b: Builder) -> Op:
    if len(op.regions) != 2:
        raise error(op.loc, f"scf.while: expected a before and an after region, got {len(op.regions)}")
    before_args, before = b.region(op, 0)
    after_args, after = b.region(op, 1)
    return While(loc=op.loc, results=op.results, inits=list(op.operands), before_args=before_args,
                 before=before, after_args=after_args, after=after)


@builds(Condition)
def _condition(op: Operation, b: Builder) -> Op:
    if not op.operands or op.results:
        raise error(op.loc, f"scf.condition: expected a condition operand and no results, got "
                            f"{len(op.operands)} operands and {len(op.results)} results")
    return Condition(loc=op.loc, cond=op.operands[0], values=list(op.operands[1:]))


@builds(Yield)
def _yield(op: Operation, b: Builder) -> Op:
    return Yield(loc=op.loc, values=list(op.operands))


@builds(Return)
def _return(op: Operation, b: Builder) -> Op:
    return Return(loc=op.loc, values=list(op.operands))
