"""Accumulator-group loop fission: a K loop too big for the register file becomes several loops.

A GEMM K loop keeps its accumulators live from the first iteration to the last. When they and
the tiles one iteration loads exceed even the large register file (16 accumulators of 8x16 f32
are 8 KiB: all 256 GRFs of DG2's 32-byte registers), IGC spills in the loop. Fission splits the
loop into ``G`` loops over the same range, each carrying one group of the accumulators and
computing only what that group needs: the tiles it reads are loaded again by every loop that
needs them, which costs memory traffic (mostly cache hits) instead of spill traffic.

Only where that is exact: the body holds loads, prefetches and pure ops only (no store, barrier
or atomic: re-executing it changes nothing but registers), the carried non-vector values
(descriptors, indices) depend on no accumulator, and the accumulators fall into independent
groups (each one's next value reads no other group's). ``G`` is the smallest count whose every
loop fits the large file by the estimate of :mod:`grf` (carried vectors plus the tiles loaded);
a loop that fits as it is, or that no split makes fit, is left alone.

The split pays only if a group's registers are free before the next loop: the stores of its
results (the block's ops after the loop) move to right after its loop, keeping their order
where two stores may overlap, and its initial values (loads just before the loop) to right
before it. Storing before the later loops' loads is exact only when they read no stored byte:
memref kernel arguments marked ``{llvm.noalias}`` say so; otherwise an ``scf.if`` compares the
memrefs' address ranges at run time and keeps the original loop as the other side.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate

from genx_emit.diagnostics import Location
from genx_emit.lower.transforms.grf import vector_bytes
from genx_emit.mlir.attrs import ArrayAttr, DictAttr, IntegerAttr
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import (
    IndexType,
    IntegerType,
    MemRefType,
    TensorDescType,
    Type,
    element_bits,
)
from genx_emit.ops import arith
from genx_emit.ops.control import For, If, Return, Yield
from genx_emit.ops.memref import ExtractAlignedPointer
from genx_emit.ops.model import Func, Op, Operand, constant_int, note_constant, walk_ops
from genx_emit.ops.nd import CreateNdDesc, LoadNd, PrefetchNd, StoreNd, UpdateNdOffset
from genx_emit.ops.types import tdesc_info
from genx_emit.targets import Target

# Ops a fissioned body may hold: loads and prefetches (reading memory the loop does not write)
# and ops without side effects.
_LOADS = (LoadNd, PrefetchNd)
_TERMINATORS = (Return,)


def _allowed(op: Op) -> bool:
    if op.bodies():
        return False
    return op.PURE or isinstance(op, (*_LOADS, Yield))


def fission(f: Func, target: Target) -> list[list[Op]]:
    """Split, in place, every innermost ``scf.for`` of ``f`` that needs it (see the module); the
    op lists rewritten are returned (each op in them made by the split has its generic op as
    ``origin``, so that ``passes/loop_fission.py`` can write them back to the IR)."""
    facts = _Facts(f)
    changed: list[list[Op]] = []
    for block in f.all_blocks():
        _rewrite(block, target, facts, changed)
    return changed


class _Facts:
    """What a split needs of the whole function, gathered on first use (most kernels have no loop
    to split) from the function as it was before any split."""

    def __init__(self, f: Func) -> None:
        self.f = f

    @cached_property
    def defs_uses(self) -> tuple[dict[Value, Op], dict[Value, int]]:
        ops = [op for block in self.f.all_blocks() for op in walk_ops(block)]
        uses: dict[Value, int] = {}
        for op in ops:
            for v in op.operands():
                uses[v] = uses.get(v, 0) + 1
        return {r: op for op in ops for r in op.results}, uses

    @cached_property
    def noalias(self) -> set[Value]:
        return noalias_args(self.f)


def noalias_args(f: Func) -> set[Value]:
    """The kernel's memref arguments marked ``{llvm.noalias}``: no other argument's memory
    overlaps theirs (C's ``restrict``)."""
    attrs = f.attributes.get("arg_attrs")
    if not isinstance(attrs, ArrayAttr):
        return set()
    return {a for a, d in zip(f.args, attrs.elements, strict=False)
            if isinstance(d, DictAttr) and any(k == "llvm.noalias" for k, _ in d.entries)}


def _rewrite(ops: list[Op], target: Target, facts: _Facts, changed: list[list[Op]]) -> None:
    for op in ops:
        for body in op.bodies():
            _rewrite(body, target, facts, changed)
    for i, op in enumerate(ops):
        if not isinstance(op, For) or (plan := _plan(op, target)) is None:
            continue
        defs, uses = facts.defs_uses
        end = len(ops) - 1 if ops and not ops[-1].results and isinstance(ops[-1], _TERMINATORS) else len(ops)
        inits = _movable_inits(ops, i, uses)
        made = _guarded(op, plan, [ops[k] for k in inits], ops[i + 1:end], ops[end:], defs, facts.noalias)
        if made is not None:
            ops[i:end] = made
            for k in reversed(inits):
                del ops[k]
            changed.append(ops)
            return


def _movable_inits(ops: list[Op], at: int, uses: dict[Value, int]) -> list[int]:
    """Indices of the block loads before the loop ``ops[at]`` whose result is only an initial
    value of it, with no store between: they can be loaded just before the loop that needs them."""
    loop = ops[at]
    assert isinstance(loop, For)
    found = []
    for k in range(at - 1, -1, -1):
        op = ops[k]
        if not _allowed(op):
            break
        if isinstance(op, LoadNd) and uses.get(op.result, 0) == loop.inits.count(op.result) > 0:
            found.append(k)
    return sorted(found)


def _slice(body: list[Op], roots: list[Value]) -> set[int]:
    """Indices of the body ops ``roots`` depend on, plus every result-less op (prefetches) with
    what it depends on."""
    producer = {r: i for i, op in enumerate(body) for r in op.results}
    need: set[int] = set()
    work = [producer[v] for v in roots if v in producer]
    work += [i for i, op in enumerate(body[:-1]) if not op.results]
    while work:
        i = work.pop()
        if i in need:
            continue
        need.add(i)
        work.extend(producer[v] for v in body[i].operands() if v in producer)
    return need


def _arg_deps(body: list[Op], args: list[Value], value: Value) -> set[int]:
    """The iter_arg indices ``value`` (computed in ``body``) depends on."""
    index = {a: j for j, a in enumerate(args)}
    uses = {j for i in _slice(body, [value]) for v in body[i].operands() for j in [index.get(v)]
            if j is not None}
    return uses | ({index[value]} if value in index else set())


@dataclass
class _Plan:
    groups: list[list[int]]  # the carried vectors of each loop (iter_arg indices)
    side: list[int]  # the carried scalars and descriptors, in every loop


def _plan(loop: For, target: Target) -> _Plan | None:
    """How to split ``loop``, or None where it fits as it is or cannot be split exactly."""
    body = loop.body
    if not body or not isinstance(body[-1], Yield) or not all(_allowed(op) for op in body):
        return None
    yields = body[-1].values
    args = loop.iter_args
    vec = [j for j, a in enumerate(args) if vector_bytes(a.type)]
    if len(vec) < 2:
        return None
    side = [j for j in range(len(args)) if j not in vec]
    budget = (target.grf_modes.large - target.grf_modes.auto_reserve) * target.grf_bytes
    # The loop as it is: the one-loop split below (one run of every unit: all of ``vec``) would
    # find it fits and return None; nothing before that returns anything else.
    if _group_bytes(loop, vec, side) <= budget:
        return None
    deps = [_arg_deps(body, args, v) for v in yields]
    if any(deps[j] & set(vec) for j in side):
        return None
    units = _units(vec, deps)
    load_at = [i for i, op in enumerate(body) if isinstance(op, LoadNd)]

    def loads(unit: list[int]) -> tuple[int, ...]:
        need = _slice(body, [yields[j] for j in unit])
        return tuple(i for i in load_at if i in need)

    # Units sharing loads go together: ordered by the loads they read, first loads first or
    # last loads first (A row bands or B column blocks), whichever needs fewer bytes.
    orders = [sorted(units, key=loads), sorted(units, key=lambda u: loads(u)[::-1])]
    for count in range(1, len(units) + 1):
        splits = [[sorted(j for u in run for j in u) for run in _chunks(order, count)] for order in orders]
        need, groups = min((max(_group_bytes(loop, g, side) for g in groups), groups)
                           for groups in splits)
        if need <= budget:
            return None if count == 1 else _Plan(groups, side)
    return None


def _units(vec: list[int], deps: list[set[int]]) -> list[list[int]]:
    """The carried vectors in independent groups: j and k together when one's next value reads
    the other."""
    parent = {j: j for j in vec}

    def find(j: int) -> int:
        while parent[j] != j:
            j = parent[j]
        return j

    for j in vec:
        for k in deps[j]:
            if k in parent:
                parent[find(k)] = find(j)
    groups: dict[int, list[int]] = {}
    for j in vec:
        groups.setdefault(find(j), []).append(j)
    return list(groups.values())


def _chunks(units: list[list[int]], count: int) -> list[list[list[int]]]:
    """``units`` in ``count`` runs of consecutive units with nearly equal numbers of vectors."""
    sizes = list(accumulate(len(u) for u in units))
    total = sizes[-1]
    runs: list[list[list[int]]] = [[] for _ in range(count)]
    for u, end in zip(units, sizes, strict=True):
        runs[min(count - 1, (end - 1) * count // total)].append(u)
    return [r for r in runs if r]


def _group_bytes(loop: For, keep: list[int], side: list[int]) -> int:
    """The :mod:`grf` estimate of the loop carrying only ``keep`` of its vectors."""
    body = loop.body
    roots = [body[-1].values[j] for j in (*keep, *side)]
    need = _slice(body, roots)
    carried = sum(vector_bytes(loop.iter_args[j].type) for j in keep)
    return carried + sum(vector_bytes(body[i].result.type) for i in need if isinstance(body[i], LoadNd))


def _copy(loop: For, keep: list[int], side: list[int], n: int, outer: dict[Value, Value]) -> For:
    """The loop carrying vectors ``keep`` and the scalars ``side``, its values renamed ``_g<n>``;
    ``outer`` maps the original loop's results to the copy's (the scalars to the first copy's)."""
    body = loop.body
    carried = sorted((*keep, *side))
    need = _slice(body, [body[-1].values[j] for j in carried])
    vmap: dict[Value, Value] = {}
    fresh = _renamer(vmap, f"_g{n}")
    iv = fresh(loop.iv)
    iter_args = [fresh(loop.iter_args[j]) for j in carried]
    new_body = [_clone(op, vmap, fresh) for i, op in enumerate(body[:-1]) if i in need]
    new_body.append(Yield(loc=body[-1].loc, values=[vmap.get(body[-1].values[j], body[-1].values[j])
                                                    for j in carried]))
    results = [fresh(loop.results[j]) for j in carried]
    for j, r in zip(carried, results, strict=True):
        outer.setdefault(loop.results[j], r)
    return For(loc=loop.loc, lower=loop.lower, upper=loop.upper, step=loop.step,
               inits=[loop.inits[j] for j in carried], iv=iv, iter_args=iter_args, body=new_body,
               results=results)


def _renamer(vmap: dict[Value, Value], suffix: str) -> Callable[[Value], Value]:
    def fresh(v: Value) -> Value:
        vmap[v] = Value(f"{v.name}{suffix}", v.type, v.loc)
        if (c := constant_int(v)) is not None:
            note_constant(vmap[v], c)
        return vmap[v]

    return fresh


def _clone(op: Op, vmap: dict[Value, Value], fresh: Callable[[Value], Value]) -> Op:
    """A copy of ``op`` (no regions: :func:`_allowed`) on the values of ``vmap``, with fresh
    results; its generic op (``origin``) is copied the same way."""
    results = [fresh(r) for r in op.results]
    new = op.replaced(vmap)
    new.results = results
    g = op.origin
    if g is not None:
        new.origin = Operation(g.name, [vmap.get(v, v) for v in g.operands], results, dict(g.attributes), [],
                               g.loc)
    return new


# What may follow a fissioned loop in its block, moved with it: pure ops and block stores.
def _movable(op: Op) -> bool:
    return isinstance(op, StoreNd) or (_allowed(op) and not isinstance(op, (*_LOADS, Yield)))


def _guarded(loop: For, plan: _Plan, init_loads: list[Op], rest: list[Op], tail: list[Op],
             defs: dict[Value, Op], noalias: set[Value]) -> list[Op] | None:
    """``scf.if`` (the stored memrefs lie apart from the loaded ones) { the loops, each followed by
    the ops of ``rest`` (stores of its accumulators) that need nothing later } else { ``loop``;
    ``rest`` }. Storing a group before the later loops' loads is exact only when those loads do
    not read what the stores write, which the memrefs' address ranges tell at run time; the
    accumulators stored early need no registers in the later loops."""
    if not all(_movable(op) for op in rest):
        return None
    inside = {v for op in rest for v in op.results} | set(loop.results)
    if any(v in inside for op in tail for v in op.operands()):
        return None
    loaded = {_memref_of(op.tdesc, loop, defs) for op in loop.body if isinstance(op, LoadNd)}
    stored = {_memref_of(op.tdesc, None, defs) for op in rest if isinstance(op, StoreNd)}
    if None in loaded or None in stored or loaded & stored or not stored:
        return None
    outer: dict[Value, Value] = {}
    loops = [_copy(loop, g, plan.side, n, outer) for n, g in enumerate(plan.groups)]
    stage_of = {loop.results[j]: n for n, g in enumerate(plan.groups) for j in g}
    stages: list[list[Op]] = [[] for _ in loops]
    fresh = _renamer(outer, "_f")
    done: list[tuple[int, _Tile | None]] = []
    for op in rest:
        st = max((stage_of.get(v, 0) for v in op.operands()), default=0)
        if isinstance(op, StoreNd):  # after every earlier store it may overlap
            tile = _tile(op, defs)
            st = max([st, *(s for s, t in done if not _apart(tile, t, defs))])
            done.append((st, tile))
        stage_of.update((r, st) for r in op.results)
        stages[st].append(_clone(op, outer, fresh))
    if not any(isinstance(op, StoreNd) for ops in stages[:-1] for op in ops):
        return None  # nothing leaves before the last loop: all results would stay live
    # Initial accumulators loaded before the loop are loaded just before the loop carrying them
    # (after the stores of earlier loops, where no such store may write them).
    before: list[list[Op]] = [[] for _ in loops]
    group = {loop.inits[j]: n for n, g in enumerate(plan.groups) for j in g}
    for op in init_loads:
        n = group.get(op.result, 0)
        if n and not all(_apart(_tile(op, defs), t, defs) for s, t in done if s < n):
            n = 0
        before[n].append(_clone(op, outer, fresh))
    for lp in loops:
        lp.inits = [outer.get(v, v) for v in lp.inits]
    fast = [op for pre, lp, ops in zip(before, loops, stages, strict=True) for op in (*pre, lp, *ops)]
    if stored | loaded <= noalias:  # apart by the kernel's contract: no check, no fallback
        return [*fast]
    loc = loop.loc
    checks: list[Op] = []
    by_name = sorted(stored, key=lambda v: v.name), sorted(loaded, key=lambda v: v.name)
    cond = _apart_at_run_time(*by_name, loc, checks)
    return [*checks, If(loc=loc, cond=cond, then_body=[*fast, Yield(loc=loc, values=[])],
                        else_body=[*init_loads, loop, *rest, Yield(loc=loc, values=[])])]


def _memref_of(desc: Value, loop: For | None, defs: dict[Value, Op]) -> Value | None:
    """The static global memref a block descriptor was made from (through loop carries and
    offset updates), or None."""
    while True:
        if loop is not None and desc in loop.iter_args:
            desc = loop.inits[loop.iter_args.index(desc)]
            continue
        op = defs.get(desc)
        if isinstance(op, UpdateNdOffset):
            desc = op.tdesc
        elif isinstance(op, CreateNdDesc):
            t = op.source.type
            ok = (isinstance(t, MemRefType) and None not in t.shape and t.layout is None
                  and t.memory_space is None)
            return op.source if ok else None
        else:
            return None


@dataclass
class _Tile:
    memref: Value
    offsets: list[Operand]
    shape: tuple[int, ...]


def _tile(op: StoreNd | LoadNd, defs: dict[Value, Op]) -> _Tile | None:
    make = defs.get(op.tdesc)
    t = op.tdesc.type
    if not isinstance(make, CreateNdDesc) or not isinstance(t, TensorDescType):
        return None
    offsets = op.offsets if op.offsets is not None else make.offsets
    if tdesc_info(t).array_length != 1 or len(offsets) != len(t.shape):
        return None
    return _Tile(make.source, list(offsets), t.shape)


def _apart(a: _Tile | None, b: _Tile | None, defs: dict[Value, Op]) -> bool:
    """Whether two stored tiles provably write no common element: the same memref, offsets
    differing by a constant at least the tile's extent in some dimension."""
    if a is None or b is None or a.memref is not b.memref:
        return False
    for xa, xb, na, nb in zip(a.offsets, b.offsets, a.shape, b.shape, strict=True):
        (ta, ca), (tb, cb) = _linear(xa, defs), _linear(xb, defs)
        if ta == tb and (ca - cb >= nb or cb - ca >= na):
            return True
    return False


def _linear(x: Operand, defs: dict[Value, Op]) -> tuple[dict[Value, int], int]:
    """``x`` as a sum of integer multiples of SSA values plus a constant (``arith.addi``,
    ``subi`` and ``muli`` by a constant followed)."""
    if (c := constant_int(x)) is not None:
        return {}, c
    assert isinstance(x, Value)
    op = defs.get(x)
    if isinstance(op, arith.Binary) and op.opname in ("addi", "subi", "muli"):
        (tl, cl), (tr, cr) = _linear(op.lhs, defs), _linear(op.rhs, defs)
        if op.opname == "muli":
            if tl and tr:
                return {x: 1}, 0
            k, (t, c) = (cl, (tr, cr)) if not tl else (cr, (tl, cl))
            return {v: n * k for v, n in t.items()}, c * k
        sign = 1 if op.opname == "addi" else -1
        terms = dict(tl)
        for v, n in tr.items():
            terms[v] = terms.get(v, 0) + sign * n
        return {v: n for v, n in terms.items() if n}, cl + sign * cr
    return {x: 1}, 0


def _apart_at_run_time(stored: list[Value], loaded: list[Value], loc: Location, out: list[Op]) -> Value:
    """An i1: every stored memref's bytes lie apart from every loaded one's; the ops computing it
    are appended to ``out``."""
    index, i1 = IndexType(), IntegerType(1)

    def emit(op: Op, name: str, ty: Type) -> Value:
        op.results = [Value(f"%fission_{name}", ty, loc)]
        out.append(op)
        return op.result

    def span(m: Value) -> tuple[Value, Value]:
        t = m.type
        assert isinstance(t, MemRefType)
        base = emit(ExtractAlignedPointer(loc=loc, source=m), f"{m.name[1:]}_lo", index)
        nbytes = math.prod(t.shape) * element_bits(t.element) // 8
        size = emit(arith.Constant(loc=loc, value=IntegerAttr(nbytes, index)), f"{m.name[1:]}_bytes", index)
        return base, emit(arith.Binary(loc=loc, opname="addi", lhs=base, rhs=size), f"{m.name[1:]}_hi", index)

    spans = {m: span(m) for m in (*stored, *loaded)}
    cond: Value | None = None
    for s in stored:
        for ld in loaded:
            (slo, shi), (llo, lhi) = spans[s], spans[ld]
            below = emit(arith.Compare(loc=loc, opname="cmpi", predicate="ule", lhs=shi, rhs=llo), "below",
                         i1)
            above = emit(arith.Compare(loc=loc, opname="cmpi", predicate="ule", lhs=lhi, rhs=slo), "above",
                         i1)
            ok = emit(arith.Binary(loc=loc, opname="ori", lhs=below, rhs=above), "apart", i1)
            cond = ok if cond is None else emit(arith.Binary(loc=loc, opname="andi", lhs=cond, rhs=ok),
                                                "apart", i1)
    assert cond is not None
    return cond
