"""Shared local memory layout: memref.alloc/alloca in address space 3 and gpu.func workgroup
attributions get constant byte offsets; the total goes into the kernel metadata.

An SLM memref lowers to its ``i32`` byte offset in the work-group's SLM. Offsets are handed out
in program order (workgroup attributions first, then the allocations as the function's ops are
walked), each aligned to ``targets.SLM_ALIGN`` or the op's ``alignment`` if larger. Nothing is
reused: an allocation inside a loop body has one placement, shared by every iteration (and by
both copies of a versioned loop), and ``memref.dealloc`` of SLM does nothing.

The layout is a function of the op model alone (:func:`layout`): the decision step records each
allocation's offset on it (``genx.slm_offset``, ``decide.py``), the driver binds the
attributions and writes the total into the kernel's metadata.
"""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import Location, error
from genx_emit.lower.context import elem_bytes
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import MemRefType
from genx_emit.ops.model import Func, walk_ops
from genx_emit.ops.sync import MemrefAlloc, memref_extent
from genx_emit.ops.types import is_slm
from genx_emit.targets import SLM_ALIGN, Target


@dataclass(frozen=True)
class SlmLayout:
    """Each SLM memref's byte offset (attributions and allocation results), and the bytes the
    work-group's SLM needs."""

    offsets: dict[Value, int]
    size: int


def layout(f: Func, target: Target) -> SlmLayout:
    """Lay out ``f``'s SLM (module doc). A kernel argument in SLM, an attribution outside it, a
    buffer of no static size or SLM over the target's limit is a located error."""
    for a in f.args:
        if is_slm(a.type):
            raise error(a.loc, f"kernel argument '{a.name}' is an SLM memref ('{a.type}'): SLM cannot be "
                               "passed to a kernel; allocate it with memref.alloc or a workgroup attribution")
    offsets: dict[Value, int] = {}
    end = 0
    for v in f.workgroup:
        if not is_slm(v.type):
            raise error(v.loc, f"workgroup attribution '{v.name}' must be a memref in SLM (memory space 3 "
                               f"or #gpu.address_space<workgroup>), got '{v.type}'")
        offsets[v], end = _place(end, v, "workgroup attribution", v.loc, None, target)
    for block in f.all_blocks():
        for op in walk_ops(block):
            if isinstance(op, MemrefAlloc):  # verify() admits SLM memrefs only
                offsets[op.result], end = _place(end, op.result, op.opname, op.loc, op.alignment, target)
    return SlmLayout(offsets, end)


def _place(start: int, v: Value, what: str, loc: Location, alignment: int | None,
           target: Target) -> tuple[int, int]:
    """The offset of ``v`` laid out after ``start`` bytes, and the end of it."""
    t = v.type
    assert isinstance(t, MemRefType)
    extent = memref_extent(t)
    if extent is None:
        raise error(loc, f"{what} '{v.name}': SLM buffers need a static shape and layout, got '{t}'")
    size = extent * elem_bytes(t.element, loc)
    align = max(SLM_ALIGN, alignment or 1)
    offset = -(-start // align) * align
    end = offset + size
    limit = target.max_slm_bytes
    if end > limit:
        raise error(loc, f"{what} '{v.name}' ({size} bytes at offset {offset}) brings the work-group's SLM "
                         f"to {end} bytes, over the {limit}-byte limit of {target.name}")
    return offset, end
