"""gpu dialect ids -> GenX id intrinsics (work-group ids, sizes and thread ids)."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.lower.context import I32, FuncContext, llvm_name, llvm_type
from genx_emit.lower.registry import lowers
from genx_emit.ops.gpu import GpuId

_DIMS = {"x": 0, "y": 1, "z": 2}


@lowers(GpuId)
def lower_gpu_id(ctx: FuncContext, op: GpuId) -> None:
    """Work-group ids, and thread (= subgroup) ids inside the work-group: one EU thread runs one
    subgroup, so ``thread_id`` and ``subgroup_id`` count threads."""
    b, intr = ctx.builder, ctx.intr
    name = llvm_name(op.result)

    def vec3(intrinsic: str, i: int) -> ir.Value:
        label = intrinsic.replace(".", "_")
        v = ctx.in_prologue(label, lambda: intr.call(b, intrinsic, ret=ir.VectorType(I32, 3), label=label))
        return b.extract_element(v, ir.Constant(I32, i), name=f"{name}.{'xyz'[i]}")

    def group_id(i: int) -> ir.Value:
        label = f"group_id.{'xyz'[i]}"
        return ctx.in_prologue(label, lambda: intr.call(b, f"group.id.{'xyz'[i]}", ret=I32, label=label))

    k = op.kind
    if k in ("block_id", "thread_id", "block_dim", "grid_dim", "global_id"):
        if op.dim not in _DIMS:
            raise error(op.loc, f"gpu.{k} needs a dimension x, y or z")
        i = _DIMS[op.dim]
        if k == "block_id":
            v = group_id(i)
        elif k == "thread_id":
            v = vec3("local.id", i)
        elif k == "block_dim":
            v = vec3("local.size", i)
        elif k == "grid_dim":
            v = vec3("group.count", i)
        else:
            v = b.add(b.mul(group_id(i), vec3("local.size", i)), vec3("local.id", i), name=name + ".i32")
    elif k == "subgroup_id":  # linear thread index in the work-group
        lx, ly, lz = (vec3("local.id", i) for i in range(3))
        sx, sy = vec3("local.size", 0), vec3("local.size", 1)
        v = b.add(lx, b.mul(b.add(ly, b.mul(lz, sy)), sx), name=name + ".i32")
    else:
        raise error(op.loc, f"gpu.{k} has no meaning in a subgroup-level kernel")
    ctx.set(op.result, ctx.resize(v, llvm_type(op.result.type, op.loc), name=name, signed=False))
