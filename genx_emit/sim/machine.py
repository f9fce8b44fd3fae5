"""The execution model: compile a kernel to closures, bind arguments, run the grid.

- A kernel function is compiled once: every SSA value gets a slot in a per-thread list, every
  instruction a closure; constant region parameters are folded into index arrays.
- The grid is a set of work-groups run one after another (they cannot synchronise with each
  other; atomics make their order invisible for correct kernels). A work-group has one or
  more threads (subgroups) with local ids in x-major order, sharing one SLM.
- The threads of a work-group run round-robin, each until it reaches a barrier wait
  (``barrier``, ``nbarrier`` wait), as generators; a round in which no thread can move while
  some have not finished is a deadlock and an error naming every thread's wait.
- Memory is sequentially consistent: stores are visible at once, fences do nothing. So the
  simulator finds wrong data movement and wrong synchronisation *structure* (deadlocks,
  missing barriers), not missing fences.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from genx_emit.diagnostics import Location, did_you_mean
from genx_emit.named_barriers import id0_conflict, id_error, shares_workgroup_barrier
from genx_emit.sim import llvm_ops
from genx_emit.sim.errors import Fault
from genx_emit.sim.intrinsics import INTRINSICS, Wait, base_name
from genx_emit.sim.memory import Memory, Space, slm_space
from genx_emit.sim.reader import Const, Function, Instr, Module, Scalar, SimError, Vector
from genx_emit.sim.signature import check_arg

MAX_BLOCKS = 1_000_000  # block executions per thread: a loop that runs longer is reported


@dataclass
class CBlock:
    name: str
    phis: list[tuple[int, dict[int, Callable]]]
    ops: list[tuple[Callable, Instr]]
    term: Callable[[list], int]
    term_ins: Instr


class Compiled:
    """A kernel function compiled to closures."""

    def __init__(self, fn: Function, module: Module, check_types: bool = False):
        self.fn = fn
        self.module = module
        self.slots: dict[str, int] = {}
        for _, name in fn.params:
            self._new_slot(name, fn.loc)
        for b in fn.blocks:
            for ins in b.instrs:
                if ins.result is not None:
                    self._new_slot(ins.result, ins.loc)
        self.block_index = {b.name: i for i, b in enumerate(fn.blocks)}
        if len(self.block_index) != len(fn.blocks):
            raise SimError(fn.loc, f"@{fn.name}: two blocks with one name")
        self.check_types = check_types
        self.blocks = [self._block(b) for b in fn.blocks]
        # The work-group barrier shares named barrier 0's hardware id (genx_emit.named_barriers).
        self.uses_wg_barrier = any(ins.opcode == "call" and base_name(ins.extra["callee"]) == "barrier"
                                   for b in fn.blocks for ins in b.instrs)

    def _new_slot(self, name: str, loc: Location) -> None:
        if name in self.slots:
            raise SimError(loc, f"%{name} is defined twice")
        self.slots[name] = len(self.slots)

    def getter(self, ty, v, ins: Instr) -> Callable[[list], object]:
        if isinstance(v, Const):
            c = v.value
            return lambda env: c
        if v.name not in self.slots:
            raise SimError(ins.loc, f"%{v.name} is not defined")
        i = self.slots[v.name]
        return lambda env: env[i]

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
                    phis.append((self.slots[ins.result], edges))
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

    def _terminator(self, ins: Instr) -> Callable[[list], int]:
        if ins.opcode == "ret":
            if ins.ops:
                raise Fault("a kernel returns void")
            return lambda env: -1
        if ins.opcode == "unreachable":
            def unreachable(env):
                raise Fault("reached 'unreachable'")
            return unreachable
        targets = []
        for t in ins.extra["targets"]:
            if t not in self.block_index:
                raise Fault(f"branch to unknown block %{t}")
            targets.append(self.block_index[t])
        if len(targets) == 1:
            t0 = targets[0]
            return lambda env: t0
        c = self.getter(*ins.ops[0], ins)
        t1, t2 = targets
        return lambda env: t1 if c(env) else t2

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
            f = llvm_ops.select(g[0], g[1], g[2])
        elif name == "extractelement":
            f = llvm_ops.extractelement(g[0], g[1])
        elif name == "insertelement":
            f = llvm_ops.insertelement(g[0], g[1], g[2])
        elif name == "shufflevector":
            at = ins.ops[0][0]
            f = llvm_ops.shufflevector(g[0], g[1], ins.ops[2][1].value, at.count)
        elif name == "call":
            return self._call(ins, g)
        else:
            raise Fault(f"instruction '{name}' is not simulated")
        slot = self.slots[ins.result] if ins.result is not None else None
        if slot is None:
            raise Fault(f"the result of {name} is not named")
        if self.check_types:
            f = _type_checked(f, ins)

        def op(env, th):
            env[slot] = f(env)
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
        f = INTRINSICS[base](ins, g, consts)
        if not isinstance(ins.type, (Scalar, Vector)):
            return f  # void: None, or a Wait for the scheduler
        if ins.result is None:
            def discard(env, th):
                f(env, th)
            return discard
        slot = self.slots[ins.result]
        if self.check_types:
            f = _type_checked(f, ins, with_thread=True)

        def op(env, th):
            env[slot] = f(env, th)
        return op


def _type_checked(f, ins: Instr, with_thread: bool = False):
    """Wrap ``f`` to assert its value has the LLVM type's numpy form (a simulator self-check)."""
    ty = ins.type

    def check(v):
        if isinstance(ty, Vector):
            ok = isinstance(v, np.ndarray) and v.dtype == ty.dtype and v.shape == (ty.count,)
        else:
            ok = isinstance(v, np.generic) and v.dtype == ty.dtype
        if not ok:
            raise Fault(f"simulator self-check: {type(v).__name__} {getattr(v, 'dtype', '')} "
                        f"{getattr(v, 'shape', '')} for type {ty}")
        return v

    if with_thread:
        return lambda env, th: check(f(env, th))
    return lambda env: check(f(env))


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
    def __init__(self, index: int, local_id, local_size, group_count, wg: WorkGroup, memory: Space,
                 nslots: int):
        self.index = index
        self.local_id, self.local_size, self.group_count = local_id, local_size, group_count
        self.wg, self.memory = wg, memory
        self.grf = 64  # GRF bytes and LSC lanes per message of the target (set from the module)
        self.lanes = 32
        self.block2d = True  # 2D block messages exist (not on Xe-HPG)
        self.env: list = [None] * nslots
        self.waiting_at: Instr | None = None  # the barrier call the thread is blocked on


def _run_thread(code: Compiled, th: Thread):
    """The thread as a generator: yields a Wait at each barrier wait."""
    env = th.env
    blocks = code.blocks
    b, prev, steps = 0, -1, 0
    ins = blocks[0].term_ins
    try:
        while True:
            blk = blocks[b]
            steps += 1
            if steps > MAX_BLOCKS:
                raise Fault(f"more than {MAX_BLOCKS} blocks executed: an endless loop?")
            if blk.phis:
                ins = blk.term_ins
                vals = []
                for slot, edges in blk.phis:
                    if prev not in edges:
                        raise Fault(f"phi in %{blk.name} has no value for the edge from "
                                    f"%{blocks[prev].name if prev >= 0 else 'entry'}")
                    vals.append((slot, edges[prev](env)))
                for slot, v in vals:
                    env[slot] = v
            for op, ins in blk.ops:  # noqa: B007 (ins locates a Fault)
                w = op(env, th)
                if w is not None:
                    th.waiting_at = ins
                    yield w
                    th.waiting_at = None
            ins = blk.term_ins
            nxt = blk.term(env)
            if nxt < 0:
                return
            prev, b = b, nxt
    except Fault as e:
        wg = th.wg
        raise SimError(ins.loc, f"{e} (in '{ins.text}'; work-group {wg.group_id}, thread "
                                f"{tuple(th.local_id)})") from None


def run_group(code: Compiled, wg: WorkGroup) -> None:
    gens = [_run_thread(code, th) for th in wg.threads]
    waits: list[Wait | None] = [None] * len(gens)
    done = [False] * len(gens)
    while not all(done):
        progressed = False
        for i, gen in enumerate(gens):
            if done[i]:
                continue
            w = waits[i]
            if w is not None:
                if not w.ready():
                    continue
                waits[i] = None
            progressed = True
            try:
                waits[i] = next(gen)
            except StopIteration:
                done[i] = True
        if not progressed:
            states = "; ".join(
                f"thread {tuple(th.local_id)} {'finished' if done[i] else 'waits ' + waits[i].why()}"
                for i, th in enumerate(wg.threads))
            # located at the barrier call of the first waiting thread: where the fix usually is
            first = next(th for i, th in enumerate(wg.threads) if not done[i])
            at = first.waiting_at
            raise SimError(at.loc, f"deadlock in work-group {wg.group_id}: {states} (in '{at.text}', thread "
                                   f"{tuple(first.local_id)})")


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
    ``on_group(done, total)`` is told after each work-group (progress for long runs)."""
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
    nslots = len(code.slots)
    with np.errstate(all="ignore"):
        for z in range(gz):
            for y in range(gy):
                for x in range(gx):
                    wg = WorkGroup((x, y, z), tx * ty * tz, slm_space(slm_size), named, code.uses_wg_barrier)
                    for k in range(tx * ty * tz):
                        lid = (k % tx, k // tx % ty, k // (tx * ty))
                        th = Thread(k, lid, (tx, ty, tz), (gx, gy, gz), wg, memory.space, nslots)
                        th.env[:len(values)] = values
                        th.grf, th.lanes, th.block2d = module.grf_bytes, module.lsc_lanes, module.block2d
                        wg.threads.append(th)
                    run_group(code, wg)
                    if on_group:
                        on_group(x + gx * (y + gy * z) + 1, gx * gy * gz)
    return {name: memory.contents(name, arr) for name, arr in arrays.items()}
