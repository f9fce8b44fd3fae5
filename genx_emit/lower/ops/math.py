"""math dialect ops through the GenX math intrinsics.

The GenX exponential and logarithm are base 2, so ``math.exp(x) = exp2(x * log2(e))`` and
``math.log(x) = log2(x) * ln(2)``. ``math.sqrt`` is correctly rounded (``ieee.sqrt``) unless
its fast-math flags allow an approximation (``afn``/``fast``: the math unit's ``sqrt``).
``exp``, ``log`` and ``rsqrt`` have only the math unit's precision. ``ceil``/``floor``/``absf``
are exact (``rndu``/``rndd``/the abs modifier).

On f16, ``exp``/``log`` and the correctly rounded ``sqrt`` are computed in f32 and rounded back
once (unless the flags allow approximation): the f16 scaling product alone would carry an error
of about |x| * 2^-11 into the exponent, more than an f16 ulp of the result once |x| > 1.5, and
``ieee.sqrt`` takes no half. A sqrt computed in f32 and rounded to f16 is still correctly
rounded (24 >= 2 * 11 + 2 significand bits, so the double rounding is harmless). ``ceil`` and
``floor`` on f16 go through f32 too (Intel's compiler rejects ``rndu``/``rndd`` on half; the
integral f32 result converts back exactly).

Intel's compiler rejects ``ieee.sqrt`` on float for DG2 (Xe-HPG), so there a ``math.sqrt``
without ``afn``/``fast`` is a located error asking for the flag rather than a silently
approximate result.

Vectors wider than one instruction are split by :meth:`Regions.elementwise`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.genx.intrinsics import scalar_of
from genx_emit.lower.context import FuncContext, llvm_name, llvm_type
from genx_emit.lower.registry import lowers
from genx_emit.ops.math import MathOp

F32 = ir.FloatType()

LOG2_E = 1.0 / math.log(2.0)  # log2(e): exp(x) = exp2(x * LOG2_E)
LN_2 = math.log(2.0)  # ln(2): log(x) = log2(x) * LN_2

# Ops that are one intrinsic call on the operand's own type.
_DIRECT = {"exp2": "exp", "log2": "log", "rsqrt": "rsqrt", "ceil": "rndu", "floor": "rndd", "absf": "absf"}
# Computed in f32 when the operand is f16 (see the module docstring): unless the flags allow
# approximation, and always.
_WIDENED_ON_F16 = ("exp", "log", "sqrt")
_ALWAYS_WIDENED_ON_F16 = ("ceil", "floor")
# Targets whose toolchain has no correctly rounded float sqrt (checked by compiling with Intel's
# compiler: it fails in the vISA builder). A hardware fact that belongs with the target records.
_NO_IEEE_SQRT_F32 = frozenset({"dg2"})


def _splat(ty: ir.Type, v: float) -> ir.Constant:
    if isinstance(ty, ir.VectorType):
        return ir.Constant(ty, [ir.Constant(ty.element, v)] * ty.count)
    return ir.Constant(ty, v)


def _with_element(ty: ir.Type, el: ir.Type) -> ir.Type:
    return ir.VectorType(el, ty.count) if isinstance(ty, ir.VectorType) else el


def _compute_type(op: MathOp, ty: ir.Type) -> ir.Type:
    """The type the op is computed in: f32 for the f16 cases above, else its own."""
    if isinstance(scalar_of(ty), ir.HalfType) and (
            op.opname in _ALWAYS_WIDENED_ON_F16 or (op.opname in _WIDENED_ON_F16 and not op.approximate)):
        return _with_element(ty, F32)
    return ty


def _compute(ctx: FuncContext, op: MathOp, xs: Sequence[ir.Value], name: str) -> ir.Value:
    """The op on values of the type it is computed in; the result is called ``name``."""
    b, intr = ctx.builder, ctx.intr
    x = xs[0]
    ty = x.type
    k = op.opname
    if k in _DIRECT:
        return intr.call(b, _DIRECT[k], ret=ty, label=name, src=x)
    if k == "exp":
        scaled = b.fmul(x, _splat(ty, LOG2_E), name=name + ".x2")
        return intr.call(b, "exp", ret=ty, label=name, src=scaled)
    if k == "log":
        log2 = intr.call(b, "log", ret=ty, label=name + ".l2", src=x)
        return b.fmul(log2, _splat(ty, LN_2), name=name)
    if k == "sqrt":
        # The math unit's sqrt takes no double: f64 is always correctly rounded.
        approx = op.approximate and not isinstance(scalar_of(ty), ir.DoubleType)
        return intr.call(b, "sqrt" if approx else "ieee.sqrt", ret=ty, label=name, src=x)
    raise AssertionError(f"math.{k} passed verify but has no lowering")  # verify lists the ops


@lowers(MathOp)
def lower_math(ctx: FuncContext, op: MathOp) -> None:
    ty = llvm_type(op.result.type, op.loc)
    work = _compute_type(op, ty)
    if op.opname == "sqrt" and not op.approximate and isinstance(scalar_of(work), ir.FloatType) \
            and ctx.target.name in _NO_IEEE_SQRT_F32:
        raise error(op.loc, f"math.sqrt on {ctx.target.name}: the toolchain has no correctly rounded "
                            f"{op.result.type} square root for this target; add fastmath<afn> to accept "
                            "the math unit's precision")

    def piece(xs: Sequence[ir.Value], name: str) -> ir.Value:
        if work == ty:
            return _compute(ctx, op, xs, name)
        b = ctx.builder
        el = scalar_of(work)
        wide = [b.fpext(x, _with_element(x.type, el), name=f"{name}.w{j}") for j, x in enumerate(xs)]
        return b.fptrunc(_compute(ctx, op, wide, name + ".f32"), xs[0].type, name=name)

    args = [ctx.get(v) for v in op.args]
    ctx.set(op.result, ctx.regions.elementwise(piece, args, ty, llvm_name(op.result), extra=[work]))
