"""Custom forms of the gpu dialect's id ops (``gpu.block_id x``, ``gpu.lane_id``, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import (
    Attribute,
    IntegerAttr,
)
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.syntax.common import (
    custom,
    dialect_attr,
    opt_attr_dict,
)
from genx_emit.mlir.types import IndexType, Type

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


_GPU_DIM_OPS = ("block_id", "thread_id", "global_id", "block_dim", "grid_dim", "cluster_id", "cluster_dim")


@custom(*(f"gpu.{n}" for n in _GPU_DIM_OPS))
def _gpu_dim(p: Parser, name: str, index: int) -> Operation:
    dim_index = p.i
    dim = p.texts[p.i]
    if dim not in ("x", "y", "z"):
        raise p.error(f"{name}: expected dimension x, y or z, got {p.describe()}", dim_index)
    p.i += 1
    attrs: dict[str, Attribute] = {"dimension": dialect_attr("gpu", "dim", dim)}
    return _gpu_index_tail(p, name, index, attrs)


@custom("gpu.subgroup_id", "gpu.lane_id", "gpu.num_subgroups", "gpu.subgroup_size")
def _gpu_scalar_id(p: Parser, name: str, index: int) -> Operation:
    return _gpu_index_tail(p, name, index, {})


def _gpu_index_tail(p: Parser, name: str, index: int, attrs: dict[str, Attribute]) -> Operation:
    if p.accept("upper_bound"):
        attrs["upper_bound"] = IntegerAttr(p.parse_int("upper bound"), IndexType())
    attrs.update(opt_attr_dict(p))
    ty: Type = IndexType()
    if p.accept(":"):
        ty = p.parse_type()
    return p.new_op(name, index, [], [ty], attrs)

