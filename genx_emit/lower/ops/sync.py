"""Barriers, fences and scheduling hints -> GenX sync intrinsics (fences that order nothing new are
dropped afterwards, over the whole function: ``lower/transforms/fences.py``).

Named barriers: ``alloc_nbarrier N`` emits nothing and sets the kernel's named-barrier count
(genx.kernels operand 7); which ids a kernel may use is the rule of ``genx_emit.named_barriers``,
shared with the simulator. ``init_nbarrier`` emits nothing either: its value is a :class:`NamedBarrier`
record, and arrive/wait pass its id and count, constant or not, to ``nbarrier``.
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from llvmlite import ir

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.lower.analysis import slm
from genx_emit.lower.context import FuncContext
from genx_emit.lower.registry import lowers
from genx_emit.mlir.ir import Value
from genx_emit.named_barriers import id0_conflict, id_error, shares_workgroup_barrier
from genx_emit.ops.model import constant_int
from genx_emit.ops.sync import (
    AllocNbarrier,
    CompileHint,
    Fence,
    GpuBarrier,
    InitNbarrier,
    MemrefAlloc,
    MemrefDealloc,
    NbarrierArrive,
    NbarrierWait,
)

# SLM is seen by its work-group only: the toolchain takes SLM fences with scope group and no
# cache operation alone (SLM has no cache), and group already reaches every observer.
_SLM_SCOPE = "group"
# gpu.barrier memfence address space -> the LSC memory its fence orders (private memory is the
# thread's own: nothing to order). Fixed order keeps the output deterministic.
_BARRIER_FENCES = (("global", "ugm"), ("workgroup", "slm"))
_ALL_SPACES = ("global", "workgroup")
# A work-group barrier makes its threads' writes visible to the work-group: group scope.
_BARRIER_SCOPE = "group"


@dataclass(frozen=True)
class NamedBarrier:
    """A lowered ``!xegpu.nbarrier``: i8 id and participant count as LLVM values."""

    id: ir.Value
    num_threads: ir.Value


@dataclass
class _Uses:
    """Where a function first used named barrier 0 and gpu.barrier (they share the id)."""

    id0: Location | None = None
    wg_barrier: Location | None = None


_USES: WeakKeyDictionary[ir.Function, _Uses] = WeakKeyDictionary()


def _uses(ctx: FuncContext) -> _Uses:
    return _USES.setdefault(ctx.function, _Uses())


def _id0_conflict(name: str, loc: Location, other: Location, other_what: str) -> DiagnosticError:
    return DiagnosticError(loc, f"{name}: {id0_conflict('gpu.barrier')}", [(other, f"{other_what} is here")])


# -- named barriers --------------------------------------------------------------------------
@lowers(AllocNbarrier)
def lower_alloc_nbarrier(ctx: FuncContext, op: AllocNbarrier) -> None:
    n = constant_int(op.count)
    if n is None:  # verify() already requires a constant
        raise error(op.loc, "xegpu.alloc_nbarrier: the barrier count must be a constant")
    limit, target = ctx.target.max_named_barriers, ctx.target.name
    if not limit:
        raise error(op.loc, f"xegpu.alloc_nbarrier: {target} has no named barriers")
    if n > limit:
        raise error(op.loc, f"xegpu.alloc_nbarrier: {n} named barriers requested, {target} has {limit}")
    if ctx.named_barriers and ctx.named_barriers != n:
        raise error(op.loc, f"xegpu.alloc_nbarrier: the kernel already allocated {ctx.named_barriers} named "
                            f"barriers; a second allocation of {n} contradicts it (one count per kernel)")
    ctx.named_barriers = n


@lowers(InitNbarrier)
def lower_init_nbarrier(ctx: FuncContext, op: InitNbarrier) -> None:
    n = ctx.named_barriers
    if not n:
        raise error(op.loc, "xegpu.init_nbarrier: the kernel has no named barriers: an "
                            "xegpu.alloc_nbarrier must come before the first init_nbarrier")
    barrier_id = constant_int(op.barrier_id)
    why = None if barrier_id is None else id_error(barrier_id, n, "xegpu.alloc_nbarrier")
    if why:
        raise error(op.loc, f"xegpu.init_nbarrier: {why}")
    if barrier_id is not None and shares_workgroup_barrier(barrier_id):
        uses = _uses(ctx)
        if uses.wg_barrier is not None:
            raise _id0_conflict("xegpu.init_nbarrier", op.loc, uses.wg_barrier, "the gpu.barrier")
        uses.id0 = uses.id0 or op.loc
    ctx.set(op.result, NamedBarrier(id=ctx.get(op.barrier_id), num_threads=ctx.get(op.num_threads)))


def _named(ctx: FuncContext, v: Value) -> NamedBarrier:
    nb = ctx.get(v)
    if not isinstance(nb, NamedBarrier):
        raise error(v.loc, f"'{v.name}' is not a named barrier from xegpu.init_nbarrier")
    return nb


@lowers(NbarrierArrive)
def lower_nbarrier_arrive(ctx: FuncContext, op: NbarrierArrive) -> None:
    # nbarrier.arrive is not in the toolchain here; signal with n threads is arrive(id, both, n, n).
    nb = _named(ctx, op.nbarrier)
    ctx.intr.call(ctx.builder, "nbarrier", mode="signal", id=nb.id, num_threads=nb.num_threads)


@lowers(NbarrierWait)
def lower_nbarrier_wait(ctx: FuncContext, op: NbarrierWait) -> None:
    nb = _named(ctx, op.nbarrier)
    ctx.intr.call(ctx.builder, "nbarrier", mode="wait", id=nb.id, num_threads=0)


# -- fences, hints, work-group barrier -------------------------------------------------------
def _lsc_fence(ctx: FuncContext, sfid: str, flush: str, scope: str) -> None:
    ctx.intr.call(ctx.builder, "lsc.fence", sfid=sfid, op=flush, scope=scope)


@lowers(Fence)
def lower_fence(ctx: FuncContext, op: Fence) -> None:
    sfid, flush, scope = op.lsc_words()
    if sfid == "slm":
        if flush != "none":
            raise error(op.loc, f"{op.opname}: fence_op '{op.fence_op}' on slm: shared local memory has "
                                "no cache, only fence_op none is valid")
        scope = _SLM_SCOPE
    _lsc_fence(ctx, sfid, flush, scope)


@lowers(CompileHint)
def lower_compile_hint(ctx: FuncContext, op: CompileHint) -> None:
    ctx.intr.call(ctx.builder, "fence", mask="sched_only")


@lowers(GpuBarrier)
def lower_gpu_barrier(ctx: FuncContext, op: GpuBarrier) -> None:
    # barrier() alone waits for the threads, not for their memory messages: LSC stores are
    # asynchronous. A gpu.barrier without memfence orders every address space, so it fences
    # global memory (ugm) and SLM before the barrier; memfence [...] fences only those listed.
    uses = _uses(ctx)
    if uses.id0 is not None:
        raise _id0_conflict("gpu.barrier", op.loc, uses.id0, "the init_nbarrier of id 0")
    uses.wg_barrier = uses.wg_barrier or op.loc
    spaces = _ALL_SPACES if op.address_spaces is None else op.address_spaces
    for space, sfid in _BARRIER_FENCES:
        if space in spaces:
            _lsc_fence(ctx, sfid, "none", _BARRIER_SCOPE)
    ctx.intr.call(ctx.builder, "barrier")


# -- SLM allocation (laid out by lower/analysis/slm.py) ------------------------------------------------
@lowers(MemrefAlloc)
def lower_alloc(ctx: FuncContext, op: MemrefAlloc) -> None:
    slm.place(ctx, op.result, op.opname, op.loc, op.alignment)  # verify() admits SLM memrefs only


@lowers(MemrefDealloc)
def lower_dealloc(ctx: FuncContext, op: MemrefDealloc) -> None:
    """SLM belongs to the work-group until it ends: nothing to free."""
