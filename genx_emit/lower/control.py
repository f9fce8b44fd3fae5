"""Control flow: scf.for with iter_args, scf.if, scf.yield, function blocks joined by cf.br /
cf.cond_br, return.

Values that flow along control-flow edges (scf.if results, block arguments) become LLVM phis.
A lowered value is an LLVM value or a dataclass of them (a tensor descriptor): such a value gets
one phi per LLVM field, and its other fields (layout facts) must agree on every edge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from llvmlite import ir

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.lower import block2d_send
from genx_emit.lower.context import FuncContext, NdDesc, const_value, llvm_name
from genx_emit.lower.registry import lower_op, lowers
from genx_emit.mlir.ir import Value
from genx_emit.xegpu.model import BasicBlock, Op, paused_gc
from genx_emit.xegpu.ops import UpdateNdOffset
from genx_emit.xegpu.std import TERMINATORS, Branch, CondBranch, For, If, Return, Yield, terminator_name


# -- structured control flow ---------------------------------------------------------------
def lower_body(ctx: FuncContext, ops: list[Op]) -> list[Value] | None:
    """Lower a block's ops in order; returns the values of its terminating yield, if any."""
    for op in ops:
        if isinstance(op, Yield):
            return op.values
        lower_op(ctx, op)
    return None


def _carried_fields(ctx: FuncContext, op: For, i: int) -> tuple[str, ...]:
    """Which NdDesc fields of iter_arg ``i`` can change around the loop.

    When the yielded descriptor is the iter_arg moved by update_nd_offset (the usual K loop),
    the surface is loop-invariant and only the coordinates with a non-zero delta change: no
    phis for the rest.
    """
    yielded = op.body[-1].values[i] if op.body and isinstance(op.body[-1], Yield) else None
    defs = {r: o for o in op.body for r in o.results}
    v, moved = yielded, set()
    while v is not None and isinstance(defs.get(v), UpdateNdOffset):
        upd = defs[v]
        assert isinstance(upd, UpdateNdOffset)
        for field_name, delta in zip(("y", "x"), upd.offsets[-2:], strict=False):
            if not _is_zero(ctx, delta):
                moved.add(field_name)
        v = upd.tdesc
    if v is not op.iter_args[i]:
        return NdDesc.FIELDS
    return tuple(f for f in ("x", "y") if f in moved)


def _is_zero(ctx: FuncContext, delta: Value | int) -> bool:
    """A delta known to be 0: a literal, or a value already lowered to the constant 0."""
    if isinstance(delta, int):
        return delta == 0
    return delta in ctx.values and const_value(ctx.values[delta]) == 0


@lowers(For)
def lower_for(ctx: FuncContext, op: For) -> None:
    b = ctx.builder
    iv_name = llvm_name(op.iv)
    lb, ub, step = ctx.get(op.lower), ctx.get(op.upper), ctx.get(op.step)
    pre = b.block
    fn = b.function
    header = fn.append_basic_block(f"{iv_name}.header")
    body = fn.append_basic_block(f"{iv_name}.body")
    exit_ = fn.append_basic_block(f"{iv_name}.exit")
    b.branch(header)
    b.position_at_end(header)
    iv = b.phi(lb.type, name=iv_name)
    iv.add_incoming(lb, pre)
    # One phi per carried LLVM value; descriptors carry only the fields that may change.
    phis: list[dict[str, ir.PhiInstr] | ir.PhiInstr] = []
    for i, (arg, init) in enumerate(zip(op.iter_args, op.inits, strict=True)):
        v0 = ctx.get(init)
        aname = llvm_name(arg)
        if isinstance(v0, NdDesc):
            fields = v0.carried(_carried_fields(ctx, op, i))
            fp = {}
            for f in fields:
                fp[f] = b.phi(getattr(v0, f).type, name=f"{aname}.{f}")
                fp[f].add_incoming(getattr(v0, f), pre)
            phis.append(fp)
            ctx.set(arg, v0.replace(**fp))
        else:
            p = b.phi(v0.type, name=aname)
            p.add_incoming(v0, pre)
            phis.append(p)
            ctx.set(arg, p)
    _read_positions(ctx, op, phis)
    cond = b.icmp_signed("<", iv, ub, name=f"{iv_name}.cond")
    b.cbranch(cond, body, exit_)
    b.position_at_end(body)
    ctx.set(op.iv, iv)
    yielded = lower_body(ctx, op.body) or []
    latch = b.block
    nxt = b.add(iv, step, name=f"{iv_name}.next")
    iv.add_incoming(nxt, latch)
    for p, y in zip(phis, yielded, strict=True):
        yv = ctx.get(y)
        if isinstance(p, dict):
            for f, phi in p.items():
                phi.add_incoming(getattr(yv, f), latch)
        else:
            p.add_incoming(yv, latch)
    b.branch(header)
    b.position_at_end(exit_)
    for res, arg in zip(op.results, op.iter_args, strict=True):
        ctx.set(res, ctx.get(arg))


def _read_positions(ctx: FuncContext, op: For, phis: list) -> None:
    """A descriptor whose loop carries only its 2D block header gets x / y read back from the
    header, after the header block's phis (they dominate the body and the exit)."""
    for arg, p in zip(op.iter_args, phis, strict=True):
        if isinstance(p, dict) and set(p) == {"payload"}:
            ctx.set(arg, block2d_send.position(ctx, ctx.get(arg), p["payload"]))


@lowers(Return)
def lower_return(ctx: FuncContext, op: Return) -> None:
    if op.values:
        raise error(op.loc, "kernels return nothing; gpu.return takes no operands")
    ctx.builder.ret_void()



# -- values along edges ----------------------------------------------------------------------
def _fields(v: Any) -> list[dataclasses.Field]:
    """A lowered dataclass's constructor fields (the others are derived from them)."""
    return [f for f in dataclasses.fields(v) if f.init]


def _leaves(v: Any, path: str = "") -> list[tuple[str, ir.Value]]:
    """The LLVM values inside a lowered value, with a field path for naming (``.base``)."""
    if isinstance(v, ir.Value):
        return [(path, v)]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        out: list[tuple[str, ir.Value]] = []
        for f in _fields(v):
            out += _leaves(getattr(v, f.name), f"{path}.{f.name}")
        return out
    if isinstance(v, (tuple, list)):
        return [leaf for i, x in enumerate(v) for leaf in _leaves(x, f"{path}.{i}")]
    return []


def _shape(v: Any) -> Any:
    """A lowered value with every LLVM value replaced by its type: two values that may meet in
    one phi have the same shape."""
    if isinstance(v, ir.Value):
        return ("llvm", str(v.type))
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return (type(v), tuple((f.name, _shape(getattr(v, f.name))) for f in _fields(v)))
    if isinstance(v, (tuple, list)):
        return (type(v), tuple(_shape(x) for x in v))
    return v


def _rebuild(template: Any, leaves: Iterator[ir.Value]) -> Any:
    """``template`` with its LLVM values replaced, in :func:`_leaves` order."""
    if isinstance(template, ir.Value):
        return next(leaves)
    if dataclasses.is_dataclass(template) and not isinstance(template, type):
        kw = {f.name: _rebuild(getattr(template, f.name), leaves) for f in _fields(template)}
        return dataclasses.replace(template, **kw)
    if isinstance(template, (tuple, list)):
        return type(template)(_rebuild(x, leaves) for x in template)
    return template


def _same(a: ir.Value, b: ir.Value) -> bool:
    if a is b:
        return True
    return (isinstance(a, ir.Constant) and isinstance(b, ir.Constant) and a.type == b.type
            and str(a) == str(b))


def _check_shape(what: str, value: Value, first: Any, other: Any, loc: Location) -> None:
    if _shape(first) != _shape(other):
        raise error(loc, f"{what}: the values reaching '{value.name}' ({value.type}) along different edges "
                         "differ in a property genx-emit keeps at compile time (layout or alignment); "
                         "genx-emit cannot merge them")


def merge(b: ir.IRBuilder, value: Value, incoming: list[tuple[ir.Block, Any]], what: str,
          loc: Location) -> Any:
    """The lowered ``value`` where the edges ``incoming`` (block, lowered value) meet, at the
    builder's position (the start of the join block): a phi per LLVM value that differs."""
    first = incoming[0][1]
    for _, v in incoming[1:]:
        _check_shape(what, value, first, v, loc)
    per_edge = [_leaves(v) for _, v in incoming]
    merged = []
    name = llvm_name(value)
    for j, (path, leaf) in enumerate(per_edge[0]):
        if all(_same(leaf, leaves[j][1]) for leaves in per_edge[1:]):
            merged.append(leaf)
            continue
        phi = b.phi(leaf.type, name=name + path)
        for (block, _), leaves in zip(incoming, per_edge, strict=True):
            phi.add_incoming(leaves[j][1], block)
        merged.append(phi)
    return _rebuild(first, iter(merged))


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
        ctx.set(res, merge(b, res, [(blk, vals[i]) for blk, vals in incoming], "scf.if", op.loc))


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
    phis: list[list[ir.PhiInstr]] | None = None  # per argument, per LLVM leaf
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
        for v in _operands(op):
            where = defined_in.get(v, blk)
            if where not in dominators:
                msg = (f"'{v.name}' is defined in {_label(where)}, which does not dominate its use here in "
                       f"{_label(blk)}")
                raise DiagnosticError(op.loc, msg, [(v.loc, f"'{v.name}' is defined here")])
        for body in op.bodies():
            _check_uses(body, blk, dominators, defined_in)


def _label(blk: Any) -> str:
    return blk.label if isinstance(blk, BasicBlock) else str(blk)


def _operands(op: Op) -> Iterator[Value]:
    """The values an op reads (and, harmlessly, the block arguments of its regions)."""
    for f in dataclasses.fields(op):
        if f.name != "results":
            yield from _values_in(getattr(op, f.name))


def _values_in(x: Any) -> Iterator[Value]:
    if isinstance(x, Value):
        yield x
    elif isinstance(x, (list, tuple)):
        for y in x:
            yield from _values_in(y)


def _check_terminators(ops: list[Op]) -> None:
    """A terminator ends its block; scf.yield ends scf regions only."""
    for i, op in enumerate(ops):
        if isinstance(op, Yield):
            raise error(op.loc, "scf.yield outside scf.for / scf.if: a function block ends with gpu.return, "
                                "cf.br or cf.cond_br")
        if isinstance(op, TERMINATORS) and i != len(ops) - 1:
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
        chosen = []
        for arg, x, y in zip(t.block.args, targs, fargs, strict=True):
            _check_shape("cf.cond_br", arg, x, y, op.loc)
            xs, ys = _leaves(x), _leaves(y)
            sel = [xl if _same(xl, yl) else b.select(cond, xl, yl, name=llvm_name(arg) + path + ".sel")
                   for (path, xl), (_, yl) in zip(xs, ys, strict=True)]
            chosen.append(_rebuild(x, iter(sel)))
        _edge(ctx, t, chosen, op.loc)
        b.branch(t.llvm)
        return
    _edge(ctx, t, targs, op.loc)
    _edge(ctx, f, fargs, op.loc)
    b.cbranch(cond, t.llvm, f.llvm)


def _edge(ctx: FuncContext, t: _Target, values: list[Any], loc: Location) -> None:
    """The branch being lowered (from the builder's block) passes ``values`` to ``t``."""
    pred = ctx.builder.block
    if t.phis is None:
        t.pending.append((pred, values, loc))
        return
    _add_incoming(ctx, t, pred, values, loc)


def _make_phis(ctx: FuncContext, t: _Target) -> None:
    """Argument phis of ``t``, shaped like the values of its first lowered predecessor."""
    b = ctx.builder
    first = t.pending[0][1]  # reverse post-order: some predecessor is already lowered
    t.phis = []
    for arg, v in zip(t.block.args, first, strict=True):
        name = llvm_name(arg)
        phis = [b.phi(leaf.type, name=name + path) for path, leaf in _leaves(v)]
        t.phis.append(phis)
        ctx.set(arg, _rebuild(v, iter(phis)))
    for pred, values, loc in t.pending:
        _add_incoming(ctx, t, pred, values, loc)
    t.pending.clear()


def _add_incoming(ctx: FuncContext, t: _Target, pred: ir.Block, values: list[Any], loc: Location) -> None:
    assert t.phis is not None
    for arg, phis, v in zip(t.block.args, t.phis, values, strict=True):
        _check_shape("cf branch", arg, ctx.get(arg), v, loc)
        for phi, (_, leaf) in zip(phis, _leaves(v), strict=True):
            phi.add_incoming(leaf, pred)


@lowers(Branch, CondBranch)
def lower_stray_branch(ctx: FuncContext, op: Op) -> None:
    raise error(op.loc, "cf branches are lowered only as the last operation of a function block")
