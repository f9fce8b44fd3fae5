"""Op model of the gpu dialect's id ops."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    as_str,
)
from genx_emit.mlir.ir import Operation
from genx_emit.ops.build import Builder, arity, builds
from genx_emit.ops.model import Op, models

# The gpu id ops the op model knows: per dimension (x, y, z), and per thread.
DIM_IDS = ("block_id", "thread_id", "global_id", "block_dim", "grid_dim")
SCALAR_IDS = ("subgroup_id", "lane_id")


@models(*(f"gpu.{n}" for n in (*DIM_IDS, *SCALAR_IDS)), pure=True)
class GpuId(Op):
    """``gpu.block_id x`` / ``thread_id`` / ``global_id`` / ``block_dim`` / ``grid_dim`` (dim
    ``x|y|z``), ``gpu.subgroup_id`` / ``gpu.lane_id`` (dim None)."""

    kind: str
    dim: str | None


# -- building from the generic IR --------------------------------------------------------------
@builds(GpuId)
def _gpu_id(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    kind = op.name[len("gpu.") :]
    if kind in SCALAR_IDS:
        return GpuId(loc=op.loc, results=op.results, kind=kind, dim=None)
    dim = as_str(op.attr("dimension"))  # #gpu<dim x>, #gpu.dim<x>, x or "x"
    if dim not in ("x", "y", "z"):
        raise error(op.loc, f"{op.name}: 'dimension' must be x, y or z, got '{op.attr('dimension')}'")
    return GpuId(loc=op.loc, results=op.results, kind=kind, dim=dim)
