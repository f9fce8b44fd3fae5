"""Control flow: scf.for with iter_args, scf.while, scf.if, scf.yield, function blocks joined by
cf.br / cf.cond_br, return.

Values that flow along control-flow edges (loop-carried values, scf.if results, block arguments)
become LLVM phis through one protocol for every value kind (``lower/values.py``): each
construct below is written once, whatever the kinds of the values it carries.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from llvmlite import ir

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.lower import values
from genx_emit.lower.context import I32, INDEX, FuncContext, const_value, llvm_name
from genx_emit.lower.ops import dpas
from genx_emit.lower.registry import lower_op, lowers
from genx_emit.mlir.ir import Value
from genx_emit.ops.control import (
    Branch,
    CondBranch,
    Condition,
    For,
    If,
    Return,
    While,
    Yield,
    terminator_name,
)
from genx_emit.ops.model import BasicBlock, Op, paused_gc, walk_ops


# -- structured control flow ---------------------------------------------------------------
def lower_body(ctx: FuncContext, ops: list[Op]) -> list[Value] | None:
    """Lower a block's ops in order; returns the values of its terminating yield or condition,
    if any."""
    for op in ops:
        if isinstance(op, (Yield, Condition)):
            return op.values
        lower_op(ctx, op)
    return None


@lowers(For)
def lower_for(ctx: FuncContext, op: For) -> None:
    """The loop as ``<iv>.header`` / ``.body`` / ``.exit`` blocks. On a target whose 2-D tiles
    are row messages, what ``lower/dg2/inbounds.py`` knows about the accesses lowers them unguarded;
    when one check before the loop can show more, the loop is versioned: the check picks
    ``<iv>.fast`` (the copy lowered with those facts) or ``<iv>.slow`` (those accesses per
    element), and their results meet in phis at ``<iv>.end``."""
    if ctx.inbounds is None:  # 2D block messages: nothing to plan
        _lower_unversioned(ctx, op)
        return
    from genx_emit.lower.dg2 import inbounds, nd_rows  # (only targets with row messages load them)

    plan = inbounds.plan_loop(ctx, op)
    if plan is None or not plan.versioned:
        inbounds.send_deferred(ctx, op, plan, None)
        with inbounds.facts_for(ctx, plan.known if plan else {}):
            _lower_unversioned(ctx, op)
        return
    b = ctx.builder
    fn = b.function
    tag = llvm_name(op.iv)
    cond = plan.check(ctx, f"{tag}.rows")
    fast_bb, slow_bb = fn.append_basic_block(f"{tag}.fast"), fn.append_basic_block(f"{tag}.slow")
    b.cbranch(cond, fast_bb, slow_bb)
    incoming = []
    for bb, known, copy in ((fast_bb, plan.fast, "fast"), (slow_bb, plan.slow, "slow")):
        name = f"{tag}.{copy}"
        b.position_at_end(bb)
        entry = _entry_blocked(ctx, op)
        with inbounds.facts_for(ctx, known):
            rows = nd_rows.carried_rows(ctx, op)
        with nd_rows.entering(ctx, op, rows):  # (a held prefetch of a first tile takes its rows)
            inbounds.send_deferred(ctx, op, plan, copy)
        with inbounds.facts_for(ctx, known):
            incoming.append((_lower_for_copy(ctx, op, name, entry | rows), b.block))
    end = fn.append_basic_block(f"{tag}.end")
    for _, block in incoming:
        b.position_at_end(block)
        b.branch(end)
    b.position_at_end(end)
    inbounds.share_check(ctx, op, plan, end, incoming[0][1], incoming[1][1])
    for i, res in enumerate(op.results):
        ctx.set(res, values.merge(b, res, [(blk, vals[i]) for vals, blk in incoming], "scf.for", op.loc))
    _unblock_results(ctx, op)


def _lower_unversioned(ctx: FuncContext, op: For) -> None:
    results = _lower_for_copy(ctx, op, llvm_name(op.iv))
    for res, v in zip(op.results, results, strict=True):
        ctx.set(res, v)
    _unblock_results(ctx, op)


def _unblock_results(ctx: FuncContext, op: For) -> None:
    """Results carried in the dpas column-block layout, row-major again after the loop (once
    for both copies of a versioned loop)."""
    for res, arg in zip(op.results, op.iter_args, strict=True):
        if arg in ctx.consumers.blocked_acc:
            ctx.set(res, dpas.from_blocked(ctx, ctx.get(res), arg.type, llvm_name(res)))


def _entry_blocked(ctx: FuncContext, op: For) -> dict[Value, Any]:
    """Accumulators carried in the dpas column-block layout enter converted (lower/ops/dpas.py)."""
    blocked = ctx.consumers.blocked_acc
    return {arg: dpas.to_blocked(ctx, ctx.get(init), arg.type, llvm_name(arg, ".in"))
            for arg, init in zip(op.iter_args, op.inits, strict=True) if arg in blocked}


def _lower_for_copy(ctx: FuncContext, op: For, tag: str, entry: dict[Value, Any] | None = None) -> list[Any]:
    """One copy of the loop from the builder's block (``tag``.header / .body / .exit); the
    builder ends in the exit block. Returns the lowered results. ``entry``: the lowered initial
    value of each arg where it is not its init's own (accumulators converted to the blocked
    layout, descriptors with the row addresses the loop carries); found here when None."""
    b = ctx.builder
    lb, ub, step = ctx.get(op.lower), ctx.get(op.upper), ctx.get(op.step)
    pre = b.block
    fn = b.function
    header = fn.append_basic_block(f"{tag}.header")
    body = fn.append_basic_block(f"{tag}.body")
    exit_ = fn.append_basic_block(f"{tag}.exit")
    nd_rows = None
    if ctx.inbounds is not None:  # row messages: descriptors may carry their rows' addresses
        from genx_emit.lower.dg2 import nd_rows
    if entry is None:
        entry = _entry_blocked(ctx, op)
        if nd_rows is not None:
            entry.update(nd_rows.carried_rows(ctx, op))
    b.branch(header)
    b.position_at_end(header)
    iv_name = llvm_name(op.iv)
    # (DG2's row path reasons about the 64-bit counter: lower/dg2/inbounds.py)
    narrow = _narrow_bounds(lb, ub, step) if ctx.inbounds is None else None
    used = narrow is not None and any(v is op.iv for o in walk_ops(op.body) for v in o.operands())
    stop = None
    if narrow is not None:  # a 32-bit counter: one add and one compare per iteration, not 64-bit pairs
        lb, ub, step = narrow
        # Constant bounds: the counter runs from lb - last up to 0 (the body reads it plus
        # ``last``) and the header asks "not 0 yet". IGC rotates the loop; its latch then tests
        # the incremented counter against 0, which LLVM keeps (``next < ub`` would become
        # ``iv < ub - step``, the old counter live past the add: a counter copy on the back
        # edge and a second jump every iteration) and the finalizer folds into the add.
        last = _last_value(lb, ub, step)
        lb, stop = ir.Constant(I32, (const_value(lb) or 0) - last.constant), ir.Constant(I32, 0)
    iv = b.phi(lb.type, name=iv_name if stop is None else f"{iv_name}.left")
    iv.add_incoming(lb, pre)
    yield_op = op.body[-1] if op.body and isinstance(op.body[-1], Yield) else None
    backs = yield_op.values if yield_op else [None] * len(op.iter_args)
    carried = _loop_phis(ctx, op, pre, op.iter_args, op.inits, backs, op.body, entry=entry)
    if stop is not None:
        cond = b.icmp_unsigned("!=", iv, stop, name=f"{iv_name}.cond")
    else:
        cond = b.icmp_signed("<", iv, ub, name=f"{iv_name}.cond")
    b.cbranch(cond, body, exit_)
    b.position_at_end(body)
    if stop is None:
        ctx.set(op.iv, iv)
    elif used:
        at = b.add(iv, last, name=iv_name, flags=["nsw"])
        ctx.set(op.iv, b.zext(at, INDEX, name=f"{iv_name}.idx"))
    yielded = lower_body(ctx, op.body) or []
    latch = b.block
    nxt = b.add(iv, step, name=f"{iv_name}.next")
    iv.add_incoming(nxt, latch)
    for phis, y in zip(carried, yielded, strict=True):
        phis.add_incoming(ctx.get(y), latch, "scf.for", op.loc)
    b.branch(header)
    b.position_at_end(exit_)
    results = [ctx.get(arg) for arg in op.iter_args]  # blocked ones are converted by the caller
    return [nd_rows.without_rows(v) for v in results] if nd_rows is not None else results


def _narrow_bounds(lb: ir.Value, ub: ir.Value, step: ir.Value) -> tuple[ir.Value, ...] | None:
    """The constant index bounds of a loop as i32 when every value its counter takes (up to the
    last ``ub + step``) fits a signed i32; else None."""
    c = [const_value(v) for v in (lb, ub, step)]
    if lb.type != INDEX or any(x is None for x in c) or not (0 <= c[0] and 0 < c[2]) \
            or c[1] + c[2] >= 1 << 31:
        return None
    return tuple(ir.Constant(I32, x) for x in c)


def _last_value(lb: ir.Value, ub: ir.Value, step: ir.Value) -> ir.Constant:
    """The value a counter with constant bounds has when its loop exits: ``lb`` plus the trip
    count times ``step`` (``lb`` itself for a loop that never runs)."""
    lo, hi, st = (int(const_value(v) or 0) for v in (lb, ub, step))  # (constants: _narrow_bounds)
    return ir.Constant(lb.type, lo + max(0, -(-(hi - lo) // st)) * st)


@lowers(While)
def lower_while(ctx: FuncContext, op: While) -> None:
    """``while<line>.before`` (the argument phis, then the condition), ``.after`` (the body,
    branching back) and ``.end``; the values scf.condition passes reach both the after region
    and the results without phis (each has one predecessor)."""
    b = ctx.builder
    fn = b.function
    tag = f"while{op.loc.line}"
    pre = b.block
    before = fn.append_basic_block(f"{tag}.before")
    after = fn.append_basic_block(f"{tag}.after")
    exit_ = fn.append_basic_block(f"{tag}.end")
    b.branch(before)
    b.position_at_end(before)
    cond_op = op.before[-1]
    yield_op = op.after[-1]
    assert isinstance(cond_op, Condition) and isinstance(yield_op, Yield)  # verify()
    forwards = dict(zip(op.after_args, cond_op.values, strict=True))  # after arg <- condition value
    carried = _loop_phis(ctx, op, pre, op.before_args, op.inits, yield_op.values, op.before + op.after,
                         forwards)
    passed = [ctx.get(v) for v in lower_body(ctx, op.before) or []]
    b.cbranch(ctx.get(cond_op.cond), after, exit_)
    b.position_at_end(after)
    for arg, v in zip(op.after_args, passed, strict=True):
        ctx.set(arg, v)
    yielded = lower_body(ctx, op.after) or []
    for phis, y in zip(carried, yielded, strict=True):
        phis.add_incoming(ctx.get(y), b.block, "scf.while", op.loc)
    b.branch(before)
    b.position_at_end(exit_)
    for res, v in zip(op.results, passed, strict=True):
        ctx.set(res, v)


def _loop_phis(ctx: FuncContext, op: For | While, pre: ir.Block, args: list[Value], inits: list[Value],
               backs: list[Value | None], body: list[Op],
               forwards: dict[Value, Value] | None = None,
               entry: dict[Value, ir.Value] | None = None) -> list[values.Phis]:
    """The loop header's phis, at the builder's position, with the entry edge from ``pre``
    added: one per part of each carried value that may change around the loop. ``entry``:
    the lowered initial value of an arg where it is not its init's own."""
    what = "scf.for" if isinstance(op, For) else "scf.while"
    is_zero = values.literal_zero(ctx.values)
    out = []
    for arg, init, back in zip(args, inits, backs, strict=True):
        v0 = entry[arg] if entry and arg in entry else ctx.get(init)
        parts = values.carried_parts(v0, arg, back, body, is_zero, forwards)
        phis = values.make_phis(ctx.builder, arg, v0, parts)
        phis.add_incoming(v0, pre, what, op.loc)
        ctx.set(arg, phis.lowered)
        out.append(phis)
    return out


@lowers(Return)
def lower_return(ctx: FuncContext, op: Return) -> None:
    if op.values:
        raise error(op.loc, "kernels return nothing; gpu.return takes no operands")
    ctx.builder.ret_void()



# -- scf.if ----------------------------------------------------------------------------------
@lowers(If)
def lower_if(ctx: FuncContext, op: If) -> None:
    """``if<line>.then`` / ``.else`` / ``.end`` blocks, in source order; a phi per result."""
    b = ctx.builder
    fn = b.function
    cond = ctx.get(op.cond)
    tag = f"if{op.loc.line}"
    pre = b.block
    then_bb = fn.append_basic_block(f"{tag}.then")
    b.position_at_end(then_bb)
    incoming = [_lower_branch_body(ctx, op.then_body)]
    else_bb = None
    if op.else_body is not None:
        else_bb = fn.append_basic_block(f"{tag}.else")
        b.position_at_end(else_bb)
        incoming.append(_lower_branch_body(ctx, op.else_body))
    else:
        incoming.append((pre, []))
    end_bb = fn.append_basic_block(f"{tag}.end")
    for block, _ in incoming:
        if block is not pre:
            b.position_at_end(block)
            b.branch(end_bb)
    b.position_at_end(pre)
    b.cbranch(cond, then_bb, else_bb or end_bb)
    b.position_at_end(end_bb)
    for i, res in enumerate(op.results):
        ctx.set(res, values.merge(b, res, [(blk, vals[i]) for blk, vals in incoming], "scf.if", op.loc))


def _lower_branch_body(ctx: FuncContext, body: list[Op]) -> tuple[ir.Block, list[Any]]:
    """Lower one scf.if region; the block it ends in and the lowered values it yields."""
    yielded = lower_body(ctx, body) or []
    return ctx.builder.block, [ctx.get(v) for v in yielded]


# -- function blocks and cf branches ---------------------------------------------------------
@dataclass
class _Target:
    """A function block while lowering: its LLVM block, and its argument phis once made."""

    block: BasicBlock
    llvm: ir.Block
    phis: list[values.Phis] | None = None  # per argument
    pending: list[tuple[ir.Block, list[Any], Location]] = field(default_factory=list)


def _successors(ops: list[Op]) -> list[BasicBlock]:
    last = ops[-1] if ops else None
    if isinstance(last, Branch):
        return [last.dest]
    if isinstance(last, CondBranch):
        return [last.true_dest, last.false_dest]
    return []


def _reverse_post_order(entry: list[Op], blocks: list[BasicBlock]) -> list[BasicBlock]:
    """The blocks reachable from the entry, each after its dominators (and after at least one
    predecessor, whose values give the shape of its argument phis). Iterative, so long block
    chains cannot exhaust Python's stack."""
    order: list[BasicBlock] = []
    seen: set[int] = set()
    stack: list[tuple[BasicBlock | None, Iterator[BasicBlock]]] = [(None, iter(_successors(entry)))]
    while stack:
        node, succs = stack[-1]
        nxt = next(succs, None)
        if nxt is None:
            stack.pop()
            if node is not None:
                order.append(node)
        elif id(nxt) not in seen:
            seen.add(id(nxt))
            stack.append((nxt, iter(_successors(nxt.ops))))
    order.reverse()
    return order


def lower_function_body(ctx: FuncContext, body: list[Op], blocks: list[BasicBlock]) -> None:
    """Lower a function's blocks: the entry block is the builder's current block; every other
    reachable block gets an LLVM block named after its label, in source order. Blocks are
    lowered so that definitions come before uses; block arguments become phis whose incoming
    values are added as the branches to them are lowered (back edges last)."""
    with paused_gc():
        _lower_function_body(ctx, body, blocks)


def _lower_function_body(ctx: FuncContext, body: list[Op], blocks: list[BasicBlock]) -> None:
    for ops in [body] + [blk.ops for blk in blocks]:
        _check_terminators(ops)
    if not blocks:
        lower_body(ctx, body)
        return
    b = ctx.builder
    order = _reverse_post_order(body, blocks)
    _check_dominance(body, order)
    reachable = {id(blk) for blk in order}
    targets: dict[int, _Target] = {}
    for blk in blocks:  # source order
        if id(blk) in reachable:
            llvm = b.function.append_basic_block(blk.label.lstrip("^"))
            targets[id(blk)] = _Target(blk, llvm)
    _lower_block(ctx, body, targets)
    for blk in order:
        t = targets[id(blk)]
        b.position_at_end(t.llvm)
        _make_phis(ctx, t)
        _lower_block(ctx, blk.ops, targets)


_ENTRY = "the entry block"


def _check_dominance(entry: list[Op], order: list[BasicBlock]) -> None:
    """Every value used in a block is defined in a block that dominates it (MLIR's rule; the
    LLVM function has the same CFG, so its phis and uses are then valid too)."""
    preds: dict[Any, list[Any]] = {blk: [] for blk in order}
    for src, ops in [(_ENTRY, entry)] + [(blk, blk.ops) for blk in order]:
        for dst in _successors(ops):
            preds[dst].append(src)
    every = {_ENTRY, *order}
    dom: dict[Any, set[Any]] = {_ENTRY: {_ENTRY}, **{blk: set(every) for blk in order}}
    changed = True
    while changed:
        changed = False
        for blk in order:
            new = set.intersection(*(dom[p] for p in preds[blk])) | {blk}
            if new != dom[blk]:
                dom[blk], changed = new, True
    defined_in: dict[Value, Any] = {}
    for blk, ops in [(_ENTRY, entry)] + [(blk, blk.ops) for blk in order]:
        defined_in.update({a: blk for a in (blk.args if isinstance(blk, BasicBlock) else [])})
        defined_in.update({r: blk for op in ops for r in op.results})
    for blk, ops in [(_ENTRY, entry)] + [(blk, blk.ops) for blk in order]:
        _check_uses(ops, blk, dom[blk], defined_in)


def _check_uses(ops: list[Op], blk: Any, dominators: set[Any], defined_in: dict[Value, Any]) -> None:
    for op in ops:
        for v in op.operands():  # (and, harmlessly, the block arguments of its regions)
            where = defined_in.get(v, blk)
            if where not in dominators:
                msg = (f"'{v.name}' is defined in {_label(where)}, which does not dominate its use here in "
                       f"{_label(blk)}")
                raise DiagnosticError(op.loc, msg, [(v.loc, f"'{v.name}' is defined here")])
        for body in op.bodies():
            _check_uses(body, blk, dominators, defined_in)


def _label(blk: Any) -> str:
    return blk.label if isinstance(blk, BasicBlock) else str(blk)


def _check_terminators(ops: list[Op]) -> None:
    """A terminator ends its block; scf.yield ends scf regions only."""
    for i, op in enumerate(ops):
        if op.TERMINATOR == "region":
            raise error(op.loc, f"{terminator_name(op)} outside scf.for / scf.if / scf.while: a function "
                                "block ends with gpu.return, cf.br or cf.cond_br")
        if op.TERMINATOR and i != len(ops) - 1:
            raise error(op.loc, f"{terminator_name(op)} must be the last operation of its block")


def _lower_block(ctx: FuncContext, ops: list[Op], targets: dict[int, _Target]) -> None:
    b = ctx.builder
    for op in ops:
        if isinstance(op, Branch):
            _edge(ctx, targets[id(op.dest)], [ctx.get(v) for v in op.args], op.loc)
            b.branch(targets[id(op.dest)].llvm)
        elif isinstance(op, CondBranch):
            _cond_branch(ctx, op, targets)
        else:
            lower_op(ctx, op)


def _cond_branch(ctx: FuncContext, op: CondBranch, targets: dict[int, _Target]) -> None:
    b = ctx.builder
    cond = ctx.get(op.cond)
    t, f = targets[id(op.true_dest)], targets[id(op.false_dest)]
    targs = [ctx.get(v) for v in op.true_args]
    fargs = [ctx.get(v) for v in op.false_args]
    if t is f:
        # One successor, two argument lists: an LLVM phi takes one value per predecessor block,
        # so choose the arguments here and branch unconditionally.
        chosen = [values.select(b, cond, arg, x, y, "cf.cond_br", op.loc)
                  for arg, x, y in zip(t.block.args, targs, fargs, strict=True)]
        _edge(ctx, t, chosen, op.loc)
        b.branch(t.llvm)
        return
    _edge(ctx, t, targs, op.loc)
    _edge(ctx, f, fargs, op.loc)
    b.cbranch(cond, t.llvm, f.llvm)


def _edge(ctx: FuncContext, t: _Target, passed: list[Any], loc: Location) -> None:
    """The branch being lowered (from the builder's block) passes ``passed`` to ``t``."""
    pred = ctx.builder.block
    if t.phis is None:
        t.pending.append((pred, passed, loc))
        return
    _add_incoming(ctx, t, pred, passed, loc)


def _make_phis(ctx: FuncContext, t: _Target) -> None:
    """Argument phis of ``t``, shaped like the values of its first lowered predecessor."""
    b = ctx.builder
    first = t.pending[0][1]  # reverse post-order: some predecessor is already lowered
    t.phis = [values.make_phis(b, arg, v) for arg, v in zip(t.block.args, first, strict=True)]
    for arg, phis in zip(t.block.args, t.phis, strict=True):
        ctx.set(arg, phis.lowered)
    for pred, passed, loc in t.pending:
        _add_incoming(ctx, t, pred, passed, loc)
    t.pending.clear()


def _add_incoming(ctx: FuncContext, t: _Target, pred: ir.Block, passed: list[Any], loc: Location) -> None:
    assert t.phis is not None
    for phis, v in zip(t.phis, passed, strict=True):
        phis.add_incoming(v, pred, "cf branch", loc)


@lowers(Branch, CondBranch)
def lower_stray_branch(ctx: FuncContext, op: Op) -> None:
    raise error(op.loc, "cf branches are lowered only as the last operation of a function block")
