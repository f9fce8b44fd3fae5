"""Shared local memory layout: memref.alloc/alloca in address space 3 and gpu.func workgroup
attributions get constant byte offsets; the total goes into the kernel metadata.

An SLM memref lowers to its ``i32`` byte offset in the work-group's SLM. Offsets are handed out
in program order (workgroup attributions first), each aligned to ``targets.SLM_ALIGN`` or the op's
``alignment`` if larger. Nothing is reused: an allocation inside a loop body has one placement,
shared by every iteration, and ``memref.dealloc`` of SLM does nothing.
"""

from __future__ import annotations

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.lower.context import I32, FuncContext, elem_bytes
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import MemRefType
from genx_emit.ops.sync import memref_extent
from genx_emit.ops.types import is_slm
from genx_emit.targets import SLM_ALIGN


def place(ctx: FuncContext, v: Value, what: str, loc: Location, alignment: int | None = None) -> None:
    """Lay out the SLM memref ``v`` after everything placed so far; ``v`` becomes its offset."""
    t = v.type
    assert isinstance(t, MemRefType)
    extent = memref_extent(t)
    if extent is None:
        raise error(loc, f"{what} '{v.name}': SLM buffers need a static shape and layout, got '{t}'")
    size = extent * elem_bytes(t.element, loc)
    align = max(SLM_ALIGN, alignment or 1)
    offset = -(-ctx.slm_size // align) * align
    end = offset + size
    limit = ctx.target.max_slm_bytes
    if end > limit:
        raise error(loc, f"{what} '{v.name}' ({size} bytes at offset {offset}) brings the work-group's SLM "
                         f"to {end} bytes, over the {limit}-byte limit of {ctx.target.name}")
    ctx.slm_size = end
    ctx.set(v, ir.Constant(I32, offset))


def place_workgroup_attributions(ctx: FuncContext, values: list[Value]) -> None:
    """Give every workgroup attribution its SLM offset. Called once the kernel arguments are
    bound (they are all ``ctx`` holds then): an SLM memref argument is rejected here, as a
    kernel cannot be handed an offset into SLM that nothing has laid out."""
    for a in list(ctx.values):
        if is_slm(a.type):
            raise error(a.loc, f"kernel argument '{a.name}' is an SLM memref ('{a.type}'): SLM cannot be "
                               "passed to a kernel; allocate it with memref.alloc or a workgroup attribution")
    for v in values:
        if not is_slm(v.type):
            raise error(v.loc, f"workgroup attribution '{v.name}' must be a memref in SLM (memory space 3 "
                               f"or #gpu.address_space<workgroup>), got '{v.type}'")
        place(ctx, v, "workgroup attribution", v.loc)
