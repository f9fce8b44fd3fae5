"""Tiles known inside their surface in loops: compile-time proofs and loop versioning (DG2).

DG2's row messages (``lower/dg2/nd_rows.py``) are exact only when a tile's columns lie inside its
surface and its row starts are aligned; elsewhere a run-time guard picks per-element messages,
and each row outside the surface is predicated off. In a K loop every access would carry that
guard, its slow path and the row predicates. Before an ``scf.for`` is lowered, this module reads
the positions of the loop's 2-D accesses as affine functions of the iteration (constant bounds
and step; descriptors carried in iter_args and moved by constant ``update_nd_offset``; offsets
computed from the induction variable) and of values fixed before the loop (block ids, kernel
arguments), and checks them against the surfaces' static sizes:

- what holds for every iteration at compile time needs no guard (and, rows included, no row
  predicates): the access is lowered as known;
- what needs loop-invariant run-time values becomes one check before the loop (per distinct
  run-time expression: one subtraction and one unsigned compare, or one mask test for
  alignment). Where it holds, a copy of the loop runs whose accesses take the row path with no
  guard; else a copy whose accesses take the per-element path (edge tiles, unaligned views:
  exact, slower).

The copy for edge tiles sends the accesses the check was about per element, unguarded: the
loop's code is then about what one guarded loop was (row path + per-element path), and the
rows-only copy is what interior tiles run. The facts reach the message lowering through the
access's descriptor (``NdDesc.row_path``, and ``boundary_check`` off for a tile known inside):
:func:`narrow`.

The edge copy sends no prefetches (:data:`SKIP`); prefetches just before a loop alone in its
block are sent by the loop, unbounded before the fast copy (:func:`send_deferred`). An access
after a versioned loop in the same block whose needs the check shows takes the row path where
the fast copy ran and the per-element path after the other, with no guard of its own
(:func:`share_check`, :class:`SharedCheck`).

The positions and what they need come from ``lower/dg2/positions.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from llvmlite import ir

from genx_emit.lower.context import I32, I64, FuncContext, NdDesc, const
from genx_emit.lower.dg2.positions import LAST, MAX_LAST, LoopScan, Need, symbols_key
from genx_emit.lower.registry import lower_op
from genx_emit.mlir.ir import Value
from genx_emit.ops.control import For, If
from genx_emit.ops.model import Op
from genx_emit.ops.nd import LoadNd, PrefetchNd, StoreNd
from genx_emit.ops.vector import BitCast, Extract, ExtractStridedSlice, ShapeCast

# what is known of one access: row messages need no guard; and every row is inside too; the
# per-element path is to be taken unguarded
EXACT, INSIDE, ELEMENTS = "exact", "inside", "elements"
# a prefetch of a versioned loop's edge copy: not sent (a hint; that copy runs for edge tiles,
# whose checked loads go per element, and its code is kept small)
SKIP = "skip"


# -- plans and the lowering's view ---------------------------------------------------------------
@dataclass(frozen=True)
class Prefix:
    """A prefetch whose tile is inside while the induction variable is below ``bound`` (the
    next K tile, past the end on the last iterations): sent there with no bounds, skipped after
    (a prefetch is only a hint)."""

    iv: Value
    bound: int


_PREFETCH_AHEAD = 8  # iterations at the end a prefetch may be skipped in (a few tiles ahead)


@dataclass
class LoopPlan:
    """What lowering a loop knows: ``known`` (id of an access op -> :data:`EXACT` /
    :data:`INSIDE`) holds at every iteration; ``fast`` is known in the copy the check of
    ``ranges`` and ``aligns`` (run-time needs, merged per expression) picks, ``slow`` in the
    other one."""

    scan: LoopScan  # the loop's positions, bounds (for LAST) and step (also for accesses after it)
    known: dict[int, str | Prefix] = field(default_factory=dict)
    fast: dict[int, str | Prefix] = field(default_factory=dict)
    slow: dict[int, str | Prefix] = field(default_factory=dict)
    ranges: dict[tuple, list] = field(default_factory=dict)  # symbols key -> [terms, lo, hi]
    aligns: dict[tuple, tuple] = field(default_factory=dict)

    @property
    def versioned(self) -> bool:
        return bool(self.ranges or self.aligns)

    def implies(self, need: Need) -> bool:
        """Whether the check shows ``need`` already (its ranges contain the checked ones)."""
        for syms, lo, hi in need.ranges:
            r = self.ranges.get(symbols_key(syms))
            if r is None or r[1] < lo or r[2] > hi:
                return False
        return not need.aligns

    def add_runtime(self, needs: list[Need]) -> None:
        for n in needs:
            for syms, lo, hi in n.ranges:
                key = symbols_key(syms)
                if key in self.ranges:
                    r = self.ranges[key]
                    r[1], r[2] = max(r[1], lo), min(r[2], hi)
                else:
                    self.ranges[key] = [syms, lo, hi]
            for syms, c, align in n.aligns:
                self.aligns.setdefault((symbols_key(syms), c, align), (syms, c, align))

    def check(self, ctx: FuncContext, name: str) -> ir.Value:
        """The i1 that holds when every run-time need holds (emitted at the builder's position)."""
        conds: list[ir.Value] = []
        b = ctx.builder
        last = None
        if any(leaf is LAST for syms, _, _ in self.ranges.values() for leaf, _ in syms):
            last64 = self._last(ctx, name)
            conds.append(b.icmp_unsigned("<=", last64, const(I64, MAX_LAST), name=f"{name}.trips"))
            last = b.trunc(last64, I32, name=f"{name}.last32")
        for i, (syms, lo, hi) in enumerate(self.ranges.values()):
            if lo > hi:
                return ir.Constant(ir.IntType(1), 0)
            s = ctx.sub(_emit(ctx, syms, f"{name}.s{i}", last), const(I32, lo), name=f"{name}.s{i}.off")
            conds.append(b.icmp_unsigned("<=", s, const(I32, hi - lo), name=f"{name}.in{i}"))
        for i, (syms, c, align) in enumerate(self.aligns.values()):
            s = ctx.add(_emit(ctx, syms, f"{name}.a{i}", last), const(I32, c))
            low = b.and_(s, const(I32, align - 1), name=f"{name}.a{i}.low")
            conds.append(b.icmp_unsigned("==", low, const(I32, 0), name=f"{name}.al{i}"))
        out = conds[0]
        for i, c in enumerate(conds[1:]):
            out = b.and_(out, c, name=f"{name}.ok{i}")
        return out

    def _last(self, ctx: FuncContext, name: str) -> ir.Value:
        """The last iteration's number, ``(ub - lb - 1) / step`` (i64; negative or any value
        when the loop runs no iteration: then either copy is right)."""
        lb, step, ub = self.scan.lb, self.scan.step, self.scan.ub
        n = ctx.sub(ctx.resize(ub, I64, name=f"{name}.ub"), const(I64, lb + 1), name=f"{name}.n")
        if step & (step - 1) == 0:
            return ctx.builder.ashr(n, const(I64, step.bit_length() - 1), name=f"{name}.last")
        return ctx.builder.sdiv(n, const(I64, step), name=f"{name}.last")


def _emit(ctx: FuncContext, syms: tuple[tuple[Any, int], ...], name: str, last: ir.Value | None) -> ir.Value:
    """``sum(coef * leaf)`` in i32 (modulo 2^32, as the positions are)."""
    acc: ir.Value | None = None
    for j, (leaf, c) in enumerate(syms):
        v = last if leaf is LAST else ctx.resize(leaf, I32, name=f"{name}.t{j}")
        assert v is not None
        v = ctx.mul(v, const(I32, c), name=f"{name}.m{j}")
        acc = v if acc is None else ctx.add(acc, v, name=f"{name}.p{j}")
    assert acc is not None
    return acc


@dataclass(frozen=True)
class SharedCheck:
    """An access after a versioned loop whose needs the loop's check shows: ``cond`` (the
    check's i1) is its guard, no guard of its own; ``rows``: its rows are inside where it holds."""

    cond: ir.Value
    rows: bool


@dataclass
class _Checked:
    """A versioned loop's check, for the accesses after the loop in the same block."""

    ops: list[Op]  # the block holding the loop
    index: int  # the loop's place in it
    plan: LoopPlan
    end: ir.Block  # where the two copies meet
    fast_exit: ir.Block
    slow_exit: ir.Block
    ran: ir.Value | None = None  # i1 phi at ``end``: the fast copy ran (made on first use)

    def fast_ran(self, ctx: FuncContext) -> ir.Value:
        """Whether the fast copy ran: a phi of constants where the copies meet, not the check
        itself (an i1 kept live across the loop costs IGC a flag spill and a recompare)."""
        if self.ran is None:
            b = ctx.builder
            here = b.block
            b.position_at_start(self.end)
            phi = b.phi(ir.IntType(1), name=self.end.name + ".fastran")
            phi.add_incoming(ir.Constant(ir.IntType(1), 1), self.fast_exit)
            phi.add_incoming(ir.Constant(ir.IntType(1), 0), self.slow_exit)
            self.ran = phi
            b.position_at_end(here)
        return self.ran


@dataclass
class Facts:
    """Per function: the definitions of its values, where each op sits (its block and place),
    the facts of the accesses being lowered and the checks of the versioned loops lowered."""

    defs: dict[Value, Op]
    active: dict[int, str | Prefix] = field(default_factory=dict)
    uses: dict[Value, list[Op]] = field(default_factory=dict)  # the ops reading each value
    place: dict[int, tuple[list[Op], int]] = field(default_factory=dict)
    checks: list[_Checked] = field(default_factory=list)
    # prefetches just before a loop in its block, sent where the loop is lowered (loop id ->
    # ops), and the ones not sent yet
    deferred: dict[int, list[Op]] = field(default_factory=dict)
    held: set[int] = field(default_factory=set)


def function_facts(body: list[Op], blocks: list[list[Op]]) -> Facts:
    defs: dict[Value, Op] = {}
    uses: dict[Value, list[Op]] = {}
    place: dict[int, tuple[list[Op], int]] = {}

    deferred: dict[int, list[Op]] = {}

    def walk(ops: list[Op]) -> None:
        # prefetches since the last op with a body, deferred to a loop alone in its block (the
        # loops fission made of one share its prefetches: moved to the first, they cost IGC
        # copies in wg_gemm_f16)
        pending: list[Op] = []
        alone = sum(isinstance(op, For) for op in ops) == 1
        for i, op in enumerate(ops):
            place[id(op)] = (ops, i)
            for r in op.results:
                defs[r] = op
            for x in op.operands():
                uses.setdefault(x, []).append(op)
            for b in op.bodies():
                walk(b)
            if isinstance(op, PrefetchNd):
                pending.append(op)
            elif isinstance(op, For):
                if pending and alone:
                    deferred[id(op)] = pending
                pending = []
            elif op.bodies():
                pending = []

    for ops in [body, *blocks]:
        walk(ops)
    return Facts(defs, uses=uses, place=place, deferred=deferred,
                 held={id(p) for ps in deferred.values() for p in ps})


def send_deferred(ctx: FuncContext, loop: For, plan: LoopPlan | None, copy: str | None) -> None:
    """Send the prefetches held back for ``loop`` (the ones just before it in its block: a
    prefetch is a hint, so it may move to the loop): unversioned (``copy`` None) as written;
    before the fast copy with no bounds where the check shows the tile inside; none before the
    edge copy (its loads of the checked tiles go per element)."""
    facts = ctx.inbounds
    ops = facts.deferred.get(id(loop), []) if facts is not None else []
    if not ops or copy == "slow":
        return
    for op in ops:
        known: dict[int, str | Prefix] = {}
        a = plan.scan.access(op) if copy == "fast" and plan is not None else None
        if a is not None and a.guard.ok and a.rows.ok and plan is not None and \
                (a.guard.static or plan.implies(a.guard)) and (a.rows.static or plan.implies(a.rows)):
            known[id(op)] = INSIDE
        facts.held.discard(id(op))
        try:
            with facts_for(ctx, known):
                lower_op(ctx, op)
        finally:
            facts.held.add(id(op))


def share_check(ctx: FuncContext, loop: For, plan: LoopPlan, end: ir.Block, fast_exit: ir.Block,
                slow_exit: ir.Block) -> None:
    """Remember ``loop``'s check for the accesses after it: a C tile stored after a K loop at
    the position the loop's A rows and B columns were checked at needs no guard of its own
    (:func:`narrow`): the row path where the fast copy ran, else the per-element one."""
    facts = ctx.inbounds
    if facts is None or id(loop) not in facts.place:
        return
    ops, index = facts.place[id(loop)]
    # the loop lowered again (a copy of an outer loop): only its latest check dominates what follows
    facts.checks = [c for c in facts.checks if not (c.ops is ops and c.index == index)]
    facts.checks.append(_Checked(ops, index, plan, end, fast_exit, slow_exit))


def _shared(ctx: FuncContext, facts: Facts, op: Op) -> SharedCheck | None:
    """The check of a versioned loop before ``op`` in its block that shows ``op``'s needs."""
    where = facts.place.get(id(op))
    if where is None or not isinstance(op, (LoadNd, StoreNd)):
        return None
    for c in facts.checks:
        if where[0] is not c.ops or where[1] <= c.index:
            continue
        a = c.plan.scan.access(op)
        if a is None or not a.guard.ok or a.guard.static or not c.plan.implies(a.guard):
            continue
        return SharedCheck(c.fast_ran(ctx), a.rows.ok and c.plan.implies(a.rows))
    return None


def _accesses(ops: list[Op]) -> Iterator[Op]:
    """The block accesses of a loop body, through scf.if but not into nested loops."""
    for op in ops:
        if isinstance(op, (LoadNd, StoreNd, PrefetchNd)):
            yield op
        elif isinstance(op, If):
            for b in op.bodies():
                yield from _accesses(b)


def _has_loop(ops: list[Op]) -> bool:
    for op in ops:
        if isinstance(op, If):
            if any(_has_loop(b) for b in op.bodies()):
                return True
        elif op.bodies():  # scf.for, scf.while
            return True
    return False


def plan_loop(ctx: FuncContext, loop: For) -> LoopPlan | None:
    """What is known about the accesses of ``loop``, and what one check before it could show."""
    facts = ctx.inbounds
    if facts is None:
        return None
    scan = LoopScan(ctx, loop, facts.defs)
    if scan.trips == 0:
        return None
    plan = LoopPlan(scan)
    may_version = not _has_loop(loop.body)
    prefetches = []
    for op in _accesses(loop.body):
        if isinstance(op, PrefetchNd):  # no guard: not worth a check of its own (below)
            prefetches.append(op)
            continue
        a = scan.access(op)
        if a is None:
            continue
        if a.guard.static:
            plan.known[id(op)] = INSIDE if a.rows.static else EXACT
        if not may_version:
            continue
        level = INSIDE if a.guard.ok and a.rows.ok else EXACT if a.guard.ok else None
        if level is None or plan.known.get(id(op)) == level:
            continue
        plan.fast[id(op)] = level
        if id(op) not in plan.known:  # its guard needed the check: per element where it fails
            plan.slow[id(op)] = ELEMENTS
        elif isinstance(op, LoadNd) and not partly_used(facts, op):
            # the check is about its rows only: the edge copy gathers it per element (a rolled
            # row loop) rather than one row message, compare and zero select per row; a tile
            # the loop reads only part of keeps the row messages, whose unused rows IGC drops
            plan.slow[id(op)] = ELEMENTS
        plan.add_runtime([a.guard, a.rows] if level == INSIDE else [a.guard])
    if any(lo > hi for _, lo, hi in plan.ranges.values()):  # the check could never hold
        plan.ranges, plan.aligns, plan.fast, plan.slow = {}, {}, {}, {}
    for op in prefetches:
        _plan_prefetch(plan, scan, op)
        if plan.versioned and id(op) not in plan.known:
            plan.slow[id(op)] = SKIP
    for k, v in plan.known.items():
        plan.fast.setdefault(k, v)
        plan.slow.setdefault(k, v)
    return plan


def _covered(facts: Facts, v: Value, shape: list[int]) -> list[tuple[int, int]]:
    """The row-major element ranges of ``v`` (of ``shape``) its uses read: extracts and unit
    stride slices at constant positions read their part, shape casts pass the question on,
    any other use reads all of it."""
    n = math.prod(shape)
    out: list[tuple[int, int]] = []
    for op in facts.uses.get(v, []):
        t = op.results[0].type if op.results else None
        if isinstance(op, (ShapeCast, BitCast)) and math.prod(list(getattr(t, "shape", []))) == n:
            out += _covered(facts, op.result, list(t.shape))  # type: ignore[union-attr]
        elif isinstance(op, Extract) and all(isinstance(p, int) for p in op.position):
            inner, at = n, 0
            for p, d in zip(op.position, shape, strict=False):
                inner //= d
                at += p * inner  # type: ignore[operator]
            out.append((at, at + inner))
        elif isinstance(op, ExtractStridedSlice) and all(st == 1 for st in op.strides) and op.offsets:
            k = len(op.offsets)
            inner = math.prod(shape[k:])
            starts = [0]  # flat index (in units of the sliced dimension) of each contiguous run
            for i in range(k):
                count = op.sizes[i] if i < k - 1 else 1
                starts = [s * shape[i] + op.offsets[i] + j for s in starts for j in range(count)]
            out += [(s * inner, (s + op.sizes[k - 1]) * inner) for s in starts]
        else:
            return [(0, n)]
    return out


def partly_used(facts: Facts, op: LoadNd) -> bool:
    """Whether the uses of a load's result leave some of its elements unread (as in the loops
    accumulator-group fission, ``lower/transforms/fission.py``, makes: each loads whole tiles and reads
    its group's part)."""
    shape = list(getattr(op.result.type, "shape", []))
    end = 0
    for a, b in sorted(_covered(facts, op.result, shape)):
        if a > end:
            return True
        end = max(end, b)
    return end < math.prod(shape)


def _plan_prefetch(plan: LoopPlan, scan: LoopScan, op: Op) -> None:
    """A prefetch inside on every iteration, or on all but the last few (the next tile's), at
    compile time or by what the check shows anyway."""
    trips = scan.trips
    for n in [None] if trips is None else range(trips, max(0, trips - _PREFETCH_AHEAD), -1):
        a = scan.access(op, n)
        if a is None or not (a.guard.ok and a.rows.ok):
            continue
        fact = INSIDE if n == trips else Prefix(scan.loop.iv, scan.lb + n * scan.step)  # type: ignore[operator]
        if a.guard.static and a.rows.static:
            plan.known[id(op)] = fact
        elif plan.versioned and plan.implies(a.guard) and plan.implies(a.rows):
            plan.fast[id(op)] = fact
        return


@contextmanager
def facts_for(ctx: FuncContext, known: dict[int, str | Prefix]) -> Iterator[None]:
    """Lower with ``known`` facts about the accesses (restoring the outer ones after)."""
    facts = ctx.inbounds
    if facts is None:
        yield
        return
    saved = dict(facts.active)
    facts.active.update(known)
    try:
        yield
    finally:
        facts.active = saved


def narrow(ctx: FuncContext, op: Op, d: NdDesc) -> NdDesc:
    """The descriptor one access is lowered with: which path it takes when that is known, and
    no boundary check when its tile is known inside at every execution."""
    facts = ctx.inbounds
    level = facts.active.get(id(op)) if facts is not None else None
    if facts is not None and level is None and facts.checks and isinstance(d, NdDesc):
        shared = _shared(ctx, facts, op)
        return d if shared is None else d.replace(row_path=shared)
    if level is None or not isinstance(d, NdDesc):
        return d
    if level == INSIDE:
        return d.replace(row_path=True, info=replace(d.info, boundary_check=False))
    return d.replace(row_path=level == EXACT)


def prefetch(ctx: FuncContext, op: PrefetchNd, emit: Callable[[], None]) -> None:
    """``emit()`` the prefetch ``op``; one known inside on the first iterations only is sent
    from a block entered on those (with no bounds), skipped on the others."""
    facts = ctx.inbounds
    fact = facts.active.get(id(op)) if facts is not None else None
    if fact == SKIP or (facts is not None and id(op) in facts.held):  # (held: sent by its loop)
        return
    if not isinstance(fact, Prefix):
        emit()
        return
    b = ctx.builder
    iv = ctx.get(fact.iv)
    name = f"pf{op.loc.line}"
    cond = b.icmp_signed("<", iv, const(iv.type, fact.bound), name=name + ".ahead")
    send, end = b.function.append_basic_block(name + ".send"), b.function.append_basic_block(name + ".end")
    b.cbranch(cond, send, end)
    b.position_at_end(send)
    facts.active[id(op)] = INSIDE
    try:
        emit()
    finally:
        facts.active[id(op)] = fact
    b.branch(end)
    b.position_at_end(end)
