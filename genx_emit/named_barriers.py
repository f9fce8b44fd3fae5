"""The named-barrier id rule, stated once for the lowering (lower/ops/sync.py) and the simulator.

A kernel allocates N named barriers (operand 7 of its ``!genx.kernels`` entry); their ids are
0..N-1. Id 0 is also the work-group barrier in hardware (``barrier()`` is barrier 0 with every
thread of the work-group), so a kernel may use id 0 as a named barrier only when it never uses
the work-group barrier; IGC compiles both forms to ``sync.bar 0``.
"""

from __future__ import annotations

WORKGROUP_BARRIER_ID = 0



def id0_conflict(workgroup_barrier: str) -> str:
    """Why a kernel cannot use ``workgroup_barrier`` (the op or intrinsic) and named barrier 0."""
    return (f"named barrier 0 is the work-group barrier in hardware, so a kernel cannot use both "
            f"{workgroup_barrier} and a named barrier with id 0; number the named barriers from 1 (and "
            "allocate one more)")


def id_error(barrier_id: int, allocated: int, allocator: str) -> str | None:
    """Why ``barrier_id`` is not a named barrier of a kernel whose ``allocator`` (the op or
    metadata that sets the count) allocated ``allocated``; None when it is one."""
    if 0 <= barrier_id < allocated:
        return None
    ids = f"ids 0..{allocated - 1}" if allocated else "no ids"
    return f"barrier id {barrier_id} is out of range: {allocator} allocated {allocated} ({ids})"


def shares_workgroup_barrier(barrier_id: int) -> bool:
    """True for the id the work-group barrier uses: a kernel may not use both."""
    return barrier_id == WORKGROUP_BARRIER_ID
