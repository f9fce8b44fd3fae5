"""Control flow: scf.for with iter_args, scf.yield, return."""

from __future__ import annotations

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.lower.context import FuncContext, NdDesc, const_value, llvm_name
from genx_emit.lower.registry import lower_op, lowers
from genx_emit.mlir.ir import Value
from genx_emit.xegpu.model import Op
from genx_emit.xegpu.ops import UpdateNdOffset
from genx_emit.xegpu.std import For, Return, Yield


# -- structured control flow ---------------------------------------------------------------
def lower_body(ctx: FuncContext, ops: list[Op]) -> list[Value] | None:
    """Lower a block's ops in order; returns the values of its terminating yield, if any."""
    for op in ops:
        if isinstance(op, Yield):
            return op.values
        lower_op(ctx, op)
    return None


def _carried_fields(ctx: FuncContext, op: For, i: int) -> tuple[str, ...]:
    """Which NdDesc fields of iter_arg ``i`` can change around the loop.

    When the yielded descriptor is the iter_arg moved by update_nd_offset (the usual K loop),
    the surface is loop-invariant and only the coordinates with a non-zero delta change: no
    phis for the rest.
    """
    yielded = op.body[-1].values[i] if op.body and isinstance(op.body[-1], Yield) else None
    defs = {r: o for o in op.body for r in o.results}
    v, moved = yielded, set()
    while v is not None and isinstance(defs.get(v), UpdateNdOffset):
        upd = defs[v]
        assert isinstance(upd, UpdateNdOffset)
        for field_name, delta in zip(("y", "x"), upd.offsets[-2:], strict=False):
            if not _is_zero(ctx, delta):
                moved.add(field_name)
        v = upd.tdesc
    if v is not op.iter_args[i]:
        return NdDesc.FIELDS
    return tuple(f for f in ("x", "y") if f in moved)


def _is_zero(ctx: FuncContext, delta: Value | int) -> bool:
    """A delta known to be 0: a literal, or a value already lowered to the constant 0."""
    if isinstance(delta, int):
        return delta == 0
    return delta in ctx.values and const_value(ctx.values[delta]) == 0


@lowers(For)
def lower_for(ctx: FuncContext, op: For) -> None:
    b = ctx.builder
    iv_name = llvm_name(op.iv)
    lb, ub, step = ctx.get(op.lower), ctx.get(op.upper), ctx.get(op.step)
    pre = b.block
    fn = b.function
    header = fn.append_basic_block(f"{iv_name}.header")
    body = fn.append_basic_block(f"{iv_name}.body")
    exit_ = fn.append_basic_block(f"{iv_name}.exit")
    b.branch(header)
    b.position_at_end(header)
    iv = b.phi(lb.type, name=iv_name)
    iv.add_incoming(lb, pre)
    # One phi per carried LLVM value; descriptors carry only the fields that may change.
    phis: list[dict[str, ir.PhiInstr] | ir.PhiInstr] = []
    for i, (arg, init) in enumerate(zip(op.iter_args, op.inits, strict=True)):
        v0 = ctx.get(init)
        aname = llvm_name(arg)
        if isinstance(v0, NdDesc):
            fields = _carried_fields(ctx, op, i)
            fp = {}
            for f in fields:
                fp[f] = b.phi(getattr(v0, f).type, name=f"{aname}.{f}")
                fp[f].add_incoming(getattr(v0, f), pre)
            phis.append(fp)
            ctx.set(arg, v0.replace(**fp))
        else:
            p = b.phi(v0.type, name=aname)
            p.add_incoming(v0, pre)
            phis.append(p)
            ctx.set(arg, p)
    cond = b.icmp_signed("<", iv, ub, name=f"{iv_name}.cond")
    b.cbranch(cond, body, exit_)
    b.position_at_end(body)
    ctx.set(op.iv, iv)
    yielded = lower_body(ctx, op.body) or []
    latch = b.block
    nxt = b.add(iv, step, name=f"{iv_name}.next")
    iv.add_incoming(nxt, latch)
    for p, y in zip(phis, yielded, strict=True):
        yv = ctx.get(y)
        if isinstance(p, dict):
            for f, phi in p.items():
                phi.add_incoming(getattr(yv, f), latch)
        else:
            p.add_incoming(yv, latch)
    b.branch(header)
    b.position_at_end(exit_)
    for res, arg in zip(op.results, op.iter_args, strict=True):
        ctx.set(res, ctx.get(arg))


@lowers(Return)
def lower_return(ctx: FuncContext, op: Return) -> None:
    if op.values:
        raise error(op.loc, "kernels return nothing; gpu.return takes no operands")
    ctx.builder.ret_void()

