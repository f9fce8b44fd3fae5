"""Shared local memory layout: memref.alloc/alloca in address space 3 and gpu.func workgroup
attributions get constant byte offsets; the total goes into the kernel metadata."""

from __future__ import annotations

from genx_emit.lower.context import FuncContext
from genx_emit.mlir.ir import Value


def place_workgroup_attributions(ctx: FuncContext, values: list[Value]) -> None:
    """Give every workgroup attribution its SLM offset (stub until SLM layout lands)."""
    if values:
        from genx_emit.diagnostics import error

        raise error(values[0].loc, "workgroup attributions are not lowered yet")
