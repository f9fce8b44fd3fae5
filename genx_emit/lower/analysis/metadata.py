"""What a kernel's metadata says besides its code, read from the op model before lowering: the
arguments that are memory addresses, and the named-barrier count (with the rules of their use).

Both are functions of the ops alone, so no lowering records them for another to read.
"""

from __future__ import annotations

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import MemRefType, TensorDescType
from genx_emit.named_barriers import id0_conflict, id_error, shares_workgroup_barrier
from genx_emit.ops.model import Func, Op, constant_int, walk_ops
from genx_emit.ops.nd import CreateNdDesc
from genx_emit.ops.scatter import Access, CreateDesc
from genx_emit.ops.sync import AllocNbarrier, GpuBarrier, InitNbarrier
from genx_emit.ops.types import tdesc_info
from genx_emit.targets import Target


def _ops(f: Func) -> list[Op]:
    return [op for block in f.all_blocks() for op in walk_ops(block)]


def address_arguments(f: Func) -> set[Value]:
    """The integer kernel arguments used as the address of global memory (a descriptor's or a
    scattered access's source): the ABI passes them as pointers (``svmptr_t``)."""
    args = set(f.args)
    found: set[Value] = set()
    for op in _ops(f):
        source = _address_source(op)
        if source in args and not isinstance(source.type, MemRefType):  # type: ignore[union-attr]
            found.add(source)  # type: ignore[arg-type]
    return found


def _address_source(op: Op) -> Value | None:
    """The value ``op`` reads as a global memory address, if any."""
    if isinstance(op, CreateNdDesc):
        t = op.result.type
        one_d = isinstance(t, TensorDescType) and len(t.shape) == 1
        return None if one_d and tdesc_info(t, op.loc).memory_space == "slm" else op.source
    if isinstance(op, CreateDesc) or (isinstance(op, Access) and op.tdesc is None):
        return op.source
    return None


def named_barrier_count(f: Func, target: Target) -> int:
    """The named barriers ``f`` allocates (0: none). Checked in program order: one count per
    kernel within the target's, an ``init_nbarrier`` after the allocation with an id in range,
    and barrier id 0 not used by both ``init_nbarrier`` and ``gpu.barrier`` (they share it)."""
    n = 0
    id0: Location | None = None
    wg_barrier: Location | None = None
    for op in _ops(f):
        if isinstance(op, AllocNbarrier):
            n = _allocated(op, n, target)
        elif isinstance(op, InitNbarrier):
            if not n:
                raise error(op.loc, "xegpu.init_nbarrier: the kernel has no named barriers: an "
                                    "xegpu.alloc_nbarrier must come before the first init_nbarrier")
            barrier_id = constant_int(op.barrier_id)
            why = None if barrier_id is None else id_error(barrier_id, n, "xegpu.alloc_nbarrier")
            if why:
                raise error(op.loc, f"xegpu.init_nbarrier: {why}")
            if barrier_id is not None and shares_workgroup_barrier(barrier_id):
                if wg_barrier is not None:
                    raise _id0_conflict("xegpu.init_nbarrier", op.loc, wg_barrier, "the gpu.barrier")
                id0 = id0 or op.loc
        elif isinstance(op, GpuBarrier):
            if id0 is not None:
                raise _id0_conflict("gpu.barrier", op.loc, id0, "the init_nbarrier of id 0")
            wg_barrier = wg_barrier or op.loc
    return n


def _allocated(op: AllocNbarrier, before: int, target: Target) -> int:
    n = constant_int(op.count)
    if n is None:  # verify() already requires a constant
        raise error(op.loc, "xegpu.alloc_nbarrier: the barrier count must be a constant")
    limit, name = target.max_named_barriers, target.name
    if not limit:
        raise error(op.loc, f"xegpu.alloc_nbarrier: {name} has no named barriers")
    if n > limit:
        raise error(op.loc, f"xegpu.alloc_nbarrier: {n} named barriers requested, {name} has {limit}")
    if before and before != n:
        raise error(op.loc, f"xegpu.alloc_nbarrier: the kernel already allocated {before} named "
                            f"barriers; a second allocation of {n} contradicts it (one count per kernel)")
    return n


def _id0_conflict(name: str, loc: Location, other: Location, other_what: str) -> DiagnosticError:
    return DiagnosticError(loc, f"{name}: {id0_conflict('gpu.barrier')}", [(other, f"{other_what} is here")])
