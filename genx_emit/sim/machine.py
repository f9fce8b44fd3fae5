"""The execution model: compile a kernel to closures, bind arguments, run the grid in batches.

- A kernel function is compiled once: every SSA value gets a slot, every instruction a closure
  that computes it for many threads at once: a value holds one row per thread (``[threads]``
  for a scalar type, ``[threads, n]`` for a vector), constants are folded in unbatched.
- The grid runs in batches of work-groups (as many as fit ``BATCH_BYTES`` of values). A
  work-group has one or more threads (subgroups) with local ids in x-major order, sharing one
  SLM. Within a work-group the threads run round-robin, each until it reaches a barrier wait
  (``barrier``, ``nbarrier`` wait) or its end; a round in which no thread can move while some
  have not finished is a deadlock and an error naming every thread's wait. So the order of the
  memory accesses of one work-group is the same as if it ran alone.
- The work-groups of a batch run in lockstep: the threads they run now (one per work-group)
  execute each block together, grouped by where they are (the group earliest in the function
  first, so threads that diverged meet again after a branch or a loop).
- An error in a batch of several work-groups runs that batch again from the memory it started
  with, one work-group at a time in grid order, so the error reported is the one the first
  failing work-group meets (work-groups cannot synchronise with each other, so only racing
  accesses between work-groups can see the batching).
- Memory is sequentially consistent: stores are visible at once, fences do nothing. So the
  simulator finds wrong data movement and wrong synchronisation *structure* (deadlocks,
  missing barriers), not missing fences.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from genx_emit.diagnostics import Location, did_you_mean
from genx_emit.named_barriers import id0_conflict, id_error, shares_workgroup_barrier
from genx_emit.sim import llvm_ops
from genx_emit.sim.batched import BATCHED, PerThread
from genx_emit.sim.errors import Fault
from genx_emit.sim.intrinsics import INTRINSICS, Wait, base_name
from genx_emit.sim.memory import Conflict, Hot, Memory, Space, Tracker, slm_space
from genx_emit.sim.reader import Const, Function, Instr, Module, Ref, Scalar, SimError, Vector
from genx_emit.sim.signature import check_arg

MAX_BLOCKS = 1_000_000  # block executions per thread: a loop that runs longer is reported
BATCH_BYTES = 2 << 30  # SSA values of the threads of one batch (every value counted, as stored)
BATCH_THREADS = 8192  # threads of one batch at most

_RUN, _WAIT, _DONE = 0, 1, 2
# What makes a kernel's threads depend on each other's order beyond what the memory tracker
# sees: barriers, SLM, atomics. Without these, all threads of a batch can run in lockstep.
_ORDERED = {"barrier", "nbarrier", "nbarrier.arrive", "lsc.load.slm", "lsc.store.slm", "lsc.xatomic.slm",
            "lsc.xatomic.stateless"}


class Rerun(Exception):
    """An error in a batch of several work-groups: run them one at a time to report it."""


def _shape(ty) -> tuple[int, ...]:
    return (ty.count,) if isinstance(ty, Vector) else ()


@dataclass
class CBlock:
    name: str
    phis: list[tuple[int, dict[int, Callable], tuple[int, ...]]]
    ops: list[tuple[Callable, Instr]]
    term: Callable
    term_ins: Instr


class Compiled:
    """A kernel function compiled to closures ``op(env, frame)``."""

    def __init__(self, fn: Function, module: Module, check_types: bool = False):
        self.fn = fn
        self.module = module
        self.slots: dict[str, int] = {}
        self.thread_bytes = 0  # bytes of every SSA value of one thread
        for ty, name in fn.params:
            self._new_slot(name, fn.loc, ty)
        for b in fn.blocks:
            for ins in b.instrs:
                if ins.result is not None:
                    self._new_slot(ins.result, ins.loc, ins.type)
        self.block_index = {b.name: i for i, b in enumerate(fn.blocks)}
        if len(self.block_index) != len(fn.blocks):
            raise SimError(fn.loc, f"@{fn.name}: two blocks with one name")
        self.check_types = check_types
        self.blocks = [self._block(b) for b in fn.blocks]
        called = {base_name(ins.extra["callee"]) for b in fn.blocks for ins in b.instrs
                  if ins.opcode == "call"}
        # The work-group barrier shares named barrier 0's hardware id (genx_emit.named_barriers).
        self.uses_wg_barrier = "barrier" in called
        self.lockstep = not called & _ORDERED  # all threads of a work-group can run together

    def _new_slot(self, name: str, loc: Location, ty) -> None:
        if name in self.slots:
            raise SimError(loc, f"%{name} is defined twice")
        self.slots[name] = len(self.slots)
        if isinstance(ty, (Scalar, Vector)):
            self.thread_bytes += ty.dtype.itemsize * (ty.count if isinstance(ty, Vector) else 1)

    def getter(self, ty, v, ins: Instr) -> Callable[[list], object]:
        if isinstance(v, Const):
            c = v.value
            return lambda env: c
        if v.name not in self.slots:
            raise SimError(ins.loc, f"%{v.name} is not defined")
        return operator.itemgetter(self.slots[v.name])

    def _block(self, b) -> CBlock:
        phis, ops = [], []
        term = None
        for k, ins in enumerate(b.instrs):
            try:
                if ins.opcode == "phi":
                    if ops:
                        raise Fault("phi after a non-phi instruction")
                    edges = {}
                    for lab, v in ins.extra["edges"]:
                        if lab not in self.block_index:
                            raise Fault(f"phi names unknown block %{lab}")
                        edges[self.block_index[lab]] = self.getter(ins.type, v, ins)
                    phis.append((self.slots[ins.result], edges, _shape(ins.type)))
                elif ins.opcode in ("br", "ret", "unreachable"):
                    if k != len(b.instrs) - 1:
                        raise Fault(f"{ins.opcode} in the middle of block %{b.name}")
                    term = self._terminator(ins)
                else:
                    ops.append((self._op(ins), ins))
            except Fault as e:
                raise SimError(ins.loc, f"{e} (in '{ins.text}')") from None
        if term is None:
            where = b.instrs[-1].loc if b.instrs else self.fn.loc
            raise SimError(where, f"block %{b.name} has no terminator")
        return CBlock(b.name, phis, ops, term, b.instrs[-1])

    def _terminator(self, ins: Instr) -> Callable:
        """``term(env, frame)``: the next block of every thread (-1: returned), an int when it is
        the same for all."""
        if ins.opcode == "ret":
            if ins.ops:
                raise Fault("a kernel returns void")
            return lambda env, fr: -1
        if ins.opcode == "unreachable":
            def unreachable(env, fr):
                raise Fault("reached 'unreachable'")
            return unreachable
        targets = []
        for t in ins.extra["targets"]:
            if t not in self.block_index:
                raise Fault(f"branch to unknown block %{t}")
            targets.append(self.block_index[t])
        if len(targets) == 1:
            t0 = targets[0]
            return lambda env, fr: t0
        c = self.getter(*ins.ops[0], ins)
        t1, t2 = targets

        def branch(env, fr):
            v = c(env)
            if np.ndim(v) == 0:
                return t1 if v else t2
            if v.all():
                return t1
            return t2 if not v.any() else np.where(v, t1, t2)
        return branch

    def _op(self, ins: Instr) -> Callable:
        g = [self.getter(t, v, ins) for t, v in ins.ops]
        name = ins.opcode
        if name in llvm_ops.BINARY:
            f = llvm_ops.binary(ins, g[0], g[1])
        elif name == "fneg":
            f = llvm_ops.fneg(g[0])
        elif name == "icmp":
            f = llvm_ops.icmp(ins.extra["pred"], g[0], g[1])
        elif name == "fcmp":
            f = llvm_ops.fcmp(ins.extra["pred"], g[0], g[1])
        elif name in ("trunc", "zext", "sext", "fptrunc", "fpext", "sitofp", "uitofp", "fptosi", "fptoui",
                      "bitcast"):
            f = llvm_ops.cast(ins, g[0])
        elif name == "select":
            f = llvm_ops.select(ins, g[0], g[1], g[2])
        elif name == "extractelement":
            f = llvm_ops.extractelement(ins, g[0], g[1])
        elif name == "insertelement":
            f = llvm_ops.insertelement(ins, g[0], g[1], g[2])
        elif name == "shufflevector":
            at = ins.ops[0][0]
            f = llvm_ops.shufflevector(g[0], g[1], ins.ops[2][1].value, at.count)
        elif name == "call":
            return self._call(ins, g)
        else:
            raise Fault(f"instruction '{name}' is not simulated")
        if ins.result is None:
            raise Fault(f"the result of {name} is not named")
        return self._store(f, ins)

    def _store(self, f: Callable, ins: Instr) -> Callable:
        """The op that computes ``f`` and keeps it in the result's slot, with its thread axis."""
        slot, shape = self.slots[ins.result], _shape(ins.type)
        rank = len(shape) + 1
        check = _type_check(ins) if self.check_types else None

        def op(env, fr):
            v = f(env, fr)
            if np.ndim(v) != rank:  # computed from constants only
                v = np.broadcast_to(v, (fr.n, *shape))
            if check:
                check(v, fr.n)
            env[slot] = v
        return op

    def _call(self, ins: Instr, g: list) -> Callable:
        callee = ins.extra["callee"]
        base = base_name(callee)
        if base is None:
            if callee in self.module.functions:
                raise Fault(f"call of @{callee}: calls to functions defined in the module are not simulated")
            raise Fault(f"unknown intrinsic @{callee}")
        if callee not in self.module.declarations:
            raise Fault(f"@{callee} is called but not declared")
        consts = [v.value if isinstance(v, Const) and not v.undef else None for _, v in ins.ops]
        f = _per_thread(INTRINSICS[base](ins, [operator.itemgetter(i) for i in range(len(g))], consts),
                        g, [isinstance(v, Ref) for _, v in ins.ops], isinstance(ins.type, (Scalar, Vector)))
        if base in BATCHED:
            try:
                f = _or_per_thread(BATCHED[base](ins, g, consts), f)
            except PerThread:
                pass  # this call's operands are not taken on batched: thread by thread
        if not isinstance(ins.type, (Scalar, Vector)):
            return f  # void: None, or every thread's Wait (or None) for the scheduler
        if ins.result is None:
            def discard(env, fr):
                f(env, fr)
            return discard
        return self._store(f, ins)


def _per_thread(f: Callable, g: list, batched: list[bool], has_value: bool) -> Callable:
    """Run the one-thread op ``f(operands, thread)`` for each thread in turn: the values stacked
    (a value-returning call), or every thread's Wait when one waits (a void call)."""
    def op(env, fr):
        vals = [x(env) for x in g]
        out = []
        for t, th in enumerate(fr.threads):
            fr.memory.who = int(fr.who[t])
            out.append(f([v[t] if b else v for v, b in zip(vals, batched, strict=True)], th))
        if has_value:
            return np.stack(out)
        return out if any(w is not None for w in out) else None
    return op


def _or_per_thread(fast: Callable, slow: Callable) -> Callable:
    """``fast`` (batched) unless it declines with PerThread: then ``slow``, thread by thread,
    which also gives a fault its exact message."""
    def op(env, fr):
        try:
            return fast(env, fr)
        except PerThread:
            return slow(env, fr)
    return op


def _type_check(ins: Instr):
    """Assert a value has the LLVM type's numpy form (a simulator self-check)."""
    ty = ins.type

    def check(v, n: int) -> None:
        if not (isinstance(v, np.ndarray) and v.dtype == ty.dtype and v.shape == (n, *_shape(ty))):
            raise Fault(f"simulator self-check: {type(v).__name__} {getattr(v, 'dtype', '')} "
                        f"{getattr(v, 'shape', '')} for type {ty}")
    return check


# ---------------------------------------------------------------------------- threads

class NamedBarrier:
    def __init__(self, bid: int):
        self.bid, self.gen, self.arrived, self.expected = bid, 0, 0, None
        self.signalled: dict[int, int] = {}

    def signal(self, th, n: int) -> None:
        if n < 1:
            raise Fault(f"named barrier {self.bid}: signal with {n} threads")
        if self.expected is None:
            self.expected = n
        elif self.expected != n:
            raise Fault(f"named barrier {self.bid}: signalled for {n} threads while {self.arrived} of "
                        f"{self.expected} have arrived")
        self.signalled[th.index] = self.gen
        self.arrived += 1
        if self.arrived == self.expected:
            self.gen += 1
            self.arrived, self.expected = 0, None

    def wait(self, th) -> Wait:
        target = self.signalled.pop(th.index, self.gen)
        return Wait(lambda: self.gen > target,
                    lambda: f"at named barrier {self.bid} ({self.arrived} of {self.expected or '?'} arrived)")


class WorkGroup:
    def __init__(self, group_id: tuple[int, int, int], nthreads: int, slm: Space, named_count: int,
                 uses_wg_barrier: bool = False):
        self.group_id = group_id
        self.slm = slm
        self.threads: list[Thread] = []
        self.barrier_gen, self.barrier_arrived = 0, 0
        self.named_count = named_count
        self.uses_wg_barrier = uses_wg_barrier
        self.named: dict[int, NamedBarrier] = {}

    def named_barrier(self, bid: int) -> NamedBarrier:
        why = id_error(bid, self.named_count, "the kernel's genx.kernels")
        if why:
            raise Fault(f"named {why}")
        if self.uses_wg_barrier and shares_workgroup_barrier(bid):
            raise Fault(id0_conflict("llvm.genx.barrier"))
        if bid not in self.named:
            self.named[bid] = NamedBarrier(bid)
        return self.named[bid]


class Thread:
    """One thread's identity, for the intrinsics run thread by thread."""

    def __init__(self, index: int, local_id, local_size, group_count, wg: WorkGroup, memory: Space,
                 module: Module):
        self.index = index
        self.local_id, self.local_size, self.group_count = local_id, local_size, group_count
        self.wg, self.memory = wg, memory
        self.grf = module.grf_bytes  # GRF bytes and LSC lanes per message of the target
        self.lanes = module.lsc_lanes
        self.block2d = module.block2d  # 2D block messages exist (not on Xe-HPG)


class Frame:
    """The threads one step runs: their Thread objects, in order, and their ids as arrays
    (``gid``, ``lid``: [n, 3]; ``who``: [n], their numbers for the memory tracker); what the
    batched intrinsics read."""

    __slots__ = ("threads", "n", "gid", "lid", "who", "local_size", "group_count", "memory", "grf",
                 "lanes", "block2d", "cache")

    def __init__(self, batch: Batch, sel) -> None:
        self.threads = batch.threads[sel] if isinstance(sel, slice) else [batch.threads[i] for i in sel]
        self.n = len(self.threads)
        self.gid, self.lid, self.who = batch.gid[sel], batch.lid[sel], batch.who[sel]
        self.local_size, self.group_count = batch.local_size, batch.group_count
        self.memory = batch.memory
        m = batch.code.module
        self.grf, self.lanes, self.block2d = m.grf_bytes, m.lsc_lanes, m.block2d
        self.cache: dict = {}  # what a batched intrinsic derived from a value, for one step


class SubEnv:
    """The values of some of a batch's threads (``sel``: a slice or index array): reads gather
    their rows, writes store them into the batch's arrays (copied first unless this batch made
    them since the last step of all threads, so no other slot shares them)."""

    def __init__(self, batch: Batch, sel) -> None:
        self.batch, self.sel = batch, sel
        self.cache: dict[int, np.ndarray] = {}

    def __getitem__(self, i: int):
        v = self.cache.get(i)
        if v is None:
            v = self.cache[i] = self.batch.env[i][self.sel]
        return v

    def __setitem__(self, i: int, v) -> None:
        b = self.batch
        if i not in b.owned:
            cur = b.env[i]
            shape = (b.size, *v.shape[1:])
            b.env[i] = np.zeros(shape, v.dtype) if cur is None else np.array(np.broadcast_to(cur, shape))
            b.owned.add(i)
        b.env[i][self.sel] = v
        self.cache[i] = v


class Batch:
    """Work-groups run together: thread k of work-group w is thread ``k * len(groups) + w`` of
    the batch, so the threads the work-groups run at one time are one slice. ``free``: all
    threads at once (a kernel without barriers, SLM and atomics), else each work-group's
    threads round-robin. Unless it is one work-group run round-robin (the reference order), an
    error or a memory conflict between its threads (``free``) or work-groups is a Rerun."""

    def __init__(self, code: Compiled, groups: list[WorkGroup], values: list, local_size, group_count,
                 memory: Space, free: bool = False) -> None:
        self.code, self.groups, self.memory = code, groups, memory
        self.local_size, self.group_count = local_size, group_count
        nw, tpg = len(groups), len(groups[0].threads)
        self.nw, self.tpg, self.size = nw, tpg, nw * tpg
        self.threads = [g.threads[k] for k in range(tpg) for g in groups]
        self.gid = np.array([th.wg.group_id for th in self.threads], dtype=np.int32).reshape(-1, 3)
        self.lid = np.array([th.local_id for th in self.threads], dtype=np.int32).reshape(-1, 3)
        self.free = free
        self.alone = nw == 1 and not free
        self.who = np.arange(self.size) if free else np.arange(self.size) % nw
        self.env: list = [None] * len(code.slots)
        for i, v in enumerate(values):
            self.env[i] = np.broadcast_to(v, (self.size,))
        self.owned: set[int] = set()
        n = self.size
        self.blk = np.zeros(n, np.int64)
        self.opi = np.zeros(n, np.int64)
        self.prev = np.full(n, -1, np.int64)
        self.state = np.zeros(n, np.int8)
        self.steps = np.zeros(n, np.int64)
        self.active = np.zeros(n, bool)
        self.waits: list[Wait | None] = [None] * n
        self.waiting_at: list[Instr | None] = [None] * n
        self.cursor = [0] * nw
        self.progressed = [False] * nw
        self.full_frame = Frame(self, slice(None))
        self.stride = 1 + max(len(b.ops) for b in code.blocks)

    def run(self) -> None:
        if self.free:
            self.active[:] = True
        else:
            for w in range(self.nw):
                self._next_thread(w)
        while True:
            idx = np.flatnonzero(self.active)
            if not idx.size:
                return
            key = self.blk[idx] * self.stride + self.opi[idx]
            first = key.min()
            if key[-1] != first or key[0] != first:
                idx = idx[key == first]
            self._step(idx)

    def _next_thread(self, w: int) -> None:
        """Work-group ``w``'s round-robin: its next thread that can move becomes active (the
        scan goes on where the last one stopped); a round without one is a deadlock."""
        i, nw, st = self.cursor[w], self.nw, self.state
        while True:
            if i == self.tpg:
                if all(st[k * nw + w] == _DONE for k in range(self.tpg)):
                    return
                if not self.progressed[w]:
                    self._deadlock(w)
                self.progressed[w] = False
                i = 0
            v = i * nw + w
            if st[v] == _DONE or st[v] == _WAIT and not self.waits[v].ready():
                i += 1
                continue
            if st[v] == _WAIT:
                self.waits[v], self.waiting_at[v] = None, None
                st[v] = _RUN
            self.progressed[w] = True
            self.cursor[w] = i + 1
            self.active[v] = True
            return

    def _deadlock(self, w: int) -> None:
        if not self.alone:
            raise Rerun
        wg = self.groups[w]
        done = [self.state[k] == _DONE for k in range(self.tpg)]
        states = "; ".join(
            f"thread {tuple(th.local_id)} {'finished' if done[k] else 'waits ' + self.waits[k].why()}"
            for k, th in enumerate(wg.threads))
        # located at the barrier call of the first waiting thread: where the fix usually is
        k = done.index(False)
        at = self.waiting_at[k]
        raise SimError(at.loc, f"deadlock in work-group {wg.group_id}: {states} (in '{at.text}', thread "
                               f"{tuple(wg.threads[k].local_id)})")

    def _step(self, idx: np.ndarray) -> None:
        """Run threads ``idx`` (all at one place) to the end of their block or a barrier wait."""
        code = self.code
        n = idx.size
        b, k0 = int(self.blk[idx[0]]), int(self.opi[idx[0]])
        if n == self.size:
            sel, env, fr = slice(None), self.env, self.full_frame
            self.owned.clear()
            fr.cache.clear()
        else:
            sel = slice(int(idx[0]), int(idx[-1]) + 1) if idx[-1] - idx[0] + 1 == n else idx
            env, fr = SubEnv(self, sel), Frame(self, sel)
        cb = code.blocks[b]
        ins = cb.term_ins
        try:
            if k0 == 0:
                p = int(self.prev[idx[0]])
                ins = code.blocks[max(p, 0)].term_ins  # where the one-thread machine stood
                self._count(idx)
                ins = cb.term_ins
                if cb.phis:
                    self._phis(cb, idx, env, n)
            for k in range(k0, len(cb.ops)):
                op, ins = cb.ops[k]
                waits = op(env, fr)
                if waits is not None:
                    self.opi[idx] = k + 1
                    self._wait(idx, waits, ins)
                    return
            ins = cb.term_ins
            nxt = cb.term(env, fr)
        except Fault as e:
            if not self.alone:
                raise Rerun from None
            th = self.threads[int(idx[0])]
            raise SimError(ins.loc, f"{e} (in '{ins.text}'; work-group {th.wg.group_id}, thread "
                                    f"{tuple(th.local_id)})") from None
        self.prev[idx] = b
        self.blk[idx] = nxt
        self.opi[idx] = 0
        if isinstance(nxt, int):
            if nxt < 0:
                self._finish(idx)
        elif (nxt < 0).any():
            self._finish(idx[nxt < 0])

    def _count(self, idx: np.ndarray) -> None:
        steps = self.steps[idx] + 1
        self.steps[idx] = steps
        if steps.max() > MAX_BLOCKS:
            raise Fault(f"more than {MAX_BLOCKS} blocks executed: an endless loop?")

    def _phis(self, cb: CBlock, idx: np.ndarray, env, n: int) -> None:
        """Assign the block's phis: all read, then all written (per thread, by its edge)."""
        prev = self.prev[idx]
        kinds = np.unique(prev)
        for p in kinds:
            p = int(p)
            if p not in cb.phis[0][1]:
                blocks = self.code.blocks
                raise Fault(f"phi in %{cb.name} has no value for the edge from "
                            f"%{blocks[p].name if p >= 0 else 'entry'}")
        vals = []
        for slot, edges, shape in cb.phis:
            if kinds.size == 1:
                v = edges[int(kinds[0])](env)
                v = np.broadcast_to(v, (n, *shape)) if np.ndim(v) == len(shape) else v
            else:
                v = None
                for p in kinds:
                    x = edges[int(p)](env)
                    x = np.broadcast_to(x, (n, *shape)) if np.ndim(x) == len(shape) else x
                    if v is None:
                        v = np.empty((n, *shape), x.dtype)
                    m = prev == p
                    v[m] = x[m]
            vals.append((slot, v if isinstance(env, list) else np.array(v)))
        for slot, v in vals:
            env[slot] = v

    def _wait(self, idx: np.ndarray, waits: list, ins: Instr) -> None:
        """Threads whose barrier call returned a Wait block on it; the others go on."""
        if self.free:
            raise Rerun  # not reached: a kernel that waits does not run free
        stopped = []
        for t, w in zip(idx.tolist(), waits, strict=True):
            if w is not None:
                self.state[t], self.waits[t], self.waiting_at[t] = _WAIT, w, ins
                stopped.append(t)
        self._yielded(stopped)

    def _finish(self, idx: np.ndarray) -> None:
        self.state[idx] = _DONE
        self._yielded(idx.tolist())

    def _yielded(self, threads: list[int]) -> None:
        for t in threads:
            self.active[t] = False
        if not self.free:
            for t in threads:
                self._next_thread(t % self.nw)


# ---------------------------------------------------------------------------- binding and running

def _triple(v, what: str) -> tuple[int, int, int]:
    if isinstance(v, int):
        v = (v,)
    t = tuple(int(x) for x in v)
    if not 1 <= len(t) <= 3 or any(x < 1 for x in t):
        raise SimError(None, f"{what} must be 1 to 3 positive numbers, got {v}")
    return t + (1,) * (3 - len(t))


def bind_args(code: Compiled, kinfo, args: dict, expect: dict | None = None
              ) -> tuple[Memory, list, dict[str, np.ndarray]]:
    """Memory holding every array argument, the parameter values in order, and the arrays.
    ``expect`` (from the MLIR source) checks the arrays' shapes and dtypes."""
    fn = code.fn
    names = [n for _, n in fn.params]
    unknown = sorted(set(args) - set(names))
    if unknown:
        raise SimError(fn.loc, f"@{fn.name} has no argument {', '.join(unknown)} (its arguments: "
                               f"{', '.join(names)})")
    missing = [n for n in names if n not in args]
    if missing:
        raise SimError(fn.loc, f"@{fn.name}: no value for argument {', '.join(missing)}")
    descs = kinfo.arg_descs if kinfo is not None and len(kinfo.arg_descs) == len(names) else [""] * len(names)
    arrays: dict[str, np.ndarray] = {}
    for (ty, name), desc in zip(fn.params, descs, strict=True):
        v = args[name]
        is_ptr = desc.split(" ")[0] == "svmptr_t"
        if desc and desc.split(" ")[0] not in ("svmptr_t", "general", ""):
            raise SimError(fn.loc, f"argument {name}: '{desc}' arguments are not simulated")
        if isinstance(v, np.ndarray):
            if ty != Scalar("i64"):
                raise SimError(fn.loc, f"argument {name} is '{ty}', not an address: pass a number")
            why = check_arg(name, v, expect[name]) if expect and name in expect else None
            if why:
                raise SimError(fn.loc, why)
            arrays[name] = v
        elif is_ptr:
            raise SimError(fn.loc, f"argument {name} is an address (svmptr_t): bind an array to it")
        elif not isinstance(ty, Scalar) or isinstance(v, (bool, np.bool_)) and ty.name != "i1":
            raise SimError(fn.loc, f"argument {name} of type '{ty}' cannot take {v!r}")
    memory = Memory(arrays)
    values = []
    for ty, name in fn.params:
        v = args[name]
        if name in arrays:
            values.append(np.int64(memory.bases[name]))
            continue
        try:
            if ty.is_float:
                values.append(ty.dtype.type(float(v)))
            else:
                iv = int(v)
                lo, hi = (0, 1) if ty.name == "i1" else (-(1 << (ty.bits - 1)), (1 << ty.bits) - 1)
                if not lo <= iv <= hi:
                    raise ValueError(f"{iv} does not fit {ty}")
                values.append(np.array(iv & ((1 << ty.bits) - 1)).astype(np.uint64).astype(ty.dtype)[()]
                              if ty.name != "i1" else np.bool_(iv))
        except (TypeError, ValueError) as e:
            raise SimError(fn.loc, f"argument {name} of type '{ty}': {e}") from None
    return memory, values, arrays


def simulate(module: Module, kernel: str | None, grid, args: dict, threads=1,
             check_types: bool = False,
             on_group: Callable[[int, int], None] | None = None) -> dict[str, np.ndarray]:
    """Run ``kernel`` of a parsed module on ``grid`` work-groups of ``threads`` threads; returns
    every array argument's final contents (new arrays; the inputs are not changed).
    ``on_group(done, total)`` is told after each batch of work-groups (progress for long runs)."""
    kernels = [f for f in module.functions.values() if f.linkage == "dllexport"]
    names = ", ".join("@" + k.name for k in kernels) or "none"
    if kernel is None:
        if len(kernels) != 1:
            at = kernels[0].loc if kernels else None
            raise SimError(at, f"{module.filename}: {len(kernels)} kernels ({names}): name one (--kernel)")
        fn = kernels[0]
    else:
        fn = module.functions.get(kernel)
        if fn is None or fn.linkage != "dllexport":
            near = did_you_mean(kernel, [k.name for k in kernels])
            first = kernels[0].loc if kernels else None
            at = next((k.loc for k in kernels if near and f"'{k.name}'" in near), first)
            raise SimError(at, f"{module.filename}: no kernel @{kernel}{near} (kernels: {names})")
    if fn.ret.name != "void":
        raise SimError(fn.loc, f"kernel @{fn.name} must return void")
    gx, gy, gz = _triple(grid, "the grid")
    tx, ty, tz = _triple(threads, "the work-group size (threads)")
    kinfo = module.kernels.get(fn.name)
    code = Compiled(fn, module, check_types)
    memory, values, arrays = bind_args(code, kinfo, args, module.expect.get(fn.name))
    slm_size = kinfo.slm_size if kinfo else 0
    named = kinfo.named_barriers if kinfo else 0
    if named > module.max_named_barriers:
        raise SimError(fn.loc, f"kernel @{fn.name}: genx.kernels allocates {named} named barriers, "
                               f"{module.target} has {module.max_named_barriers}")
    tpg = tx * ty * tz
    ids = [(x, y, z) for z in range(gz) for y in range(gy) for x in range(gx)]

    def group(gid: tuple[int, int, int]) -> WorkGroup:
        wg = WorkGroup(gid, tpg, slm_space(slm_size), named, code.uses_wg_barrier)
        for k in range(tpg):
            lid = (k % tx, k // tx % ty, k // (tx * ty))
            wg.threads.append(Thread(k, lid, (tx, ty, tz), (gx, gy, gz), wg, memory.space, module))
        return wg

    def run_batch(gids: list, free: bool) -> None:
        Batch(code, [group(g) for g in gids], values, (tx, ty, tz), (gx, gy, gz), memory.space, free).run()

    free = code.lockstep and tpg > 1
    per_batch = max(1, min(BATCH_THREADS // tpg, BATCH_BYTES // max(1, code.thread_bytes * tpg)))
    space = memory.space
    tracker = Tracker(space)
    # the first batch is one work-group: the buffers it writes are tracked word by word after
    bounds = [(0, 1)] + [(s, min(s + per_batch, len(ids))) for s in range(1, len(ids), per_batch)]
    with np.errstate(all="ignore"):
        for start, end in bounds:
            gids = ids[start:end]
            alone = len(gids) == 1 and not free
            before = None if alone else space.data.copy()
            while True:
                space.tracker = tracker  # who is always 0 when alone: it only learns what is written
                tracker.reset()
                try:
                    run_batch(gids, free)
                    tracker.learn()
                    break
                except Hot:  # a buffer to track word by word (hot from now on): again
                    space.data[:] = before
                except (Rerun, Conflict):
                    space.data[:] = before
                    space.tracker = None
                    for g in gids:
                        run_batch([g], False)
                    break
                finally:
                    space.tracker = None
            if on_group:
                on_group(end, len(ids))
    return {name: memory.contents(name, arr) for name, arr in arrays.items()}
