"""Barriers, fences and scheduling hints -> GenX sync intrinsics (fences that order nothing new are
dropped afterwards, over the whole function: ``lower/transforms/fences.py``).

Named barriers: ``alloc_nbarrier N`` emits nothing and sets the kernel's named-barrier count
(genx.kernels operand 7); which ids a kernel may use is the rule of ``genx_emit.named_barriers``,
shared with the simulator. ``init_nbarrier`` emits nothing either: its value is a :class:`NamedBarrier`
record, and arrive/wait pass its id and count, constant or not, to ``nbarrier``.
"""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.lower.analysis.decide import slm_offset
from genx_emit.lower.context import I32, FuncContext
from genx_emit.lower.registry import lowers
from genx_emit.mlir.ir import Value
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


# -- named barriers --------------------------------------------------------------------------
@lowers(AllocNbarrier)
def lower_alloc_nbarrier(ctx: FuncContext, op: AllocNbarrier) -> None:
    """Nothing to emit: the count and the rules of named barriers' use are read from the whole
    function before lowering (``lower/analysis/metadata.py``)."""


@lowers(InitNbarrier)
def lower_init_nbarrier(ctx: FuncContext, op: InitNbarrier) -> None:
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
    spaces = _ALL_SPACES if op.address_spaces is None else op.address_spaces
    for space, sfid in _BARRIER_FENCES:
        if space in spaces:
            _lsc_fence(ctx, sfid, "none", _BARRIER_SCOPE)
    ctx.intr.call(ctx.builder, "barrier")


# -- SLM allocation (laid out by lower/analysis/slm.py) ------------------------------------------------
@lowers(MemrefAlloc)
def lower_alloc(ctx: FuncContext, op: MemrefAlloc) -> None:
    """The buffer's byte offset in SLM, decided before lowering (``genx.slm_offset``)."""
    ctx.set(op.result, ir.Constant(I32, slm_offset(op)))


@lowers(MemrefDealloc)
def lower_dealloc(ctx: FuncContext, op: MemrefDealloc) -> None:
    """SLM belongs to the work-group until it ends: nothing to free."""
