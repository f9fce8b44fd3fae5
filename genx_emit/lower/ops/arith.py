"""The arith dialect: constants, elementwise arithmetic, compares, selects and casts.

``index`` is i64. Vectors are flat LLVM vectors, so elementwise arith is the plain LLVM
instruction on them. bf16 exists only as i16 bits: float arithmetic and compares on it extend
each operand to f32 (exact), compute there and round the result back to nearest even, as IMEX
does; extf/truncf convert with the same explicit bit operations.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.genx.intrinsics import Intrinsics, scalar_bits, zeroinitializer
from genx_emit.lower.context import (
    I16,
    I32,
    I64,
    FuncContext,
    llvm_name,
    llvm_type,
)
from genx_emit.lower.registry import lowers
from genx_emit.mlir.attrs import BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from genx_emit.mlir.types import FloatType, Type, VectorType
from genx_emit.ops.arith import (
    Binary,
    Cast,
    Compare,
    Constant,
    Select,
)


def _scalar_elem(t: Type) -> Type:
    return t.element if isinstance(t, VectorType) else t


def _is_bf16(t: Type) -> bool:
    e = _scalar_elem(t)
    return isinstance(e, FloatType) and e.kind == "bf16"


def bf16_bits(x: float) -> int:
    """f32 -> bf16 bit pattern, round to nearest even (NaN stays a quiet NaN)."""
    (u,) = struct.unpack("<I", struct.pack("<f", x))
    if (u & 0x7F800000) == 0x7F800000 and (u & 0x7FFFFF):
        return 0x7FC0 | ((u >> 16) & 0x8000)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def _scalar_const(ty: ir.Type, mlir_elem: Type, v: int | float | bool) -> ir.Constant:
    if isinstance(mlir_elem, FloatType) and mlir_elem.kind == "bf16":
        return ir.Constant(I16, bf16_bits(float(v)))
    if isinstance(ty, ir.IntType):
        return ir.Constant(ty, int(v))
    return ir.Constant(ty, float(v))


@lowers(Constant)
def lower_constant(ctx: FuncContext, op: Constant) -> None:
    t = op.result.type
    ty = llvm_type(t, op.loc)
    a = op.value
    if isinstance(a, (IntegerAttr, FloatAttr, BoolAttr)):
        c = _scalar_const(ty, t, a.value)
    elif isinstance(a, DenseElementsAttr) and isinstance(ty, ir.VectorType):
        vals = list(a.values) * ty.count if a.splat else list(a.values)
        if len(vals) != ty.count:
            raise error(op.loc, f"arith.constant: {len(vals)} values for '{t}'")
        if all(v == 0 for v in vals) and not any(str(v).startswith("-") for v in vals):
            c = zeroinitializer(ty)
        else:
            c = ir.Constant(ty, [_scalar_const(ty.element, _scalar_elem(t), v) for v in vals])
    else:
        raise error(op.loc, f"arith.constant: value '{a}' of type '{t}' is not supported")
    ctx.set(op.result, c)


_INT_OPS: dict[str, str] = {
    "addi": "add", "subi": "sub", "muli": "mul", "divui": "udiv", "divsi": "sdiv", "remui": "urem",
    "remsi": "srem", "andi": "and_", "ori": "or_", "xori": "xor", "shli": "shl", "shrui": "lshr",
    "shrsi": "ashr",
}
_FLOAT_OPS: dict[str, str] = {"addf": "fadd", "subf": "fsub", "mulf": "fmul", "divf": "fdiv"}
_INT_MINMAX: dict[str, tuple[str, bool]] = {
    "maxsi": (">", True), "minsi": ("<", True), "maxui": (">", False), "minui": ("<", False),
}
_FLOAT_MINMAX: dict[str, tuple[str, bool]] = {  # (compare, propagate NaN)
    "maximumf": (">", True), "minimumf": ("<", True), "maxnumf": (">", False), "minnumf": ("<", False),
}


def _binary(b: ir.IRBuilder, opname: str, lhs: ir.Value, rhs: ir.Value, name: str,
            intr: Intrinsics | None = None) -> ir.Value:
    """One supported arith binary op on values of one type (whole vectors or pieces)."""
    if opname in _INT_OPS:
        return getattr(b, _INT_OPS[opname])(lhs, rhs, name=name)
    if opname in _FLOAT_OPS:
        return getattr(b, _FLOAT_OPS[opname])(lhs, rhs, name=name)
    return minmax(b, opname, lhs, rhs, name, intr)


def minmax(b: ir.IRBuilder, opname: str, lhs: ir.Value, rhs: ir.Value, name: str,
           intr: Intrinsics | None = None) -> ir.Value:
    """``arith``'s integer and float min/max ops (``maxsi``, ``maximumf``, ...), NaN rules kept.
    With ``intr``, float ones use the hardware's ``fmax``/``fmin`` (one ``sel``; the non-NaN
    operand wins, as maxnumf/minnumf say): a compare-and-select IGC turns into several
    instructions and predicate moves."""
    if opname in _INT_MINMAX:
        cmp, signed = _INT_MINMAX[opname]
        f = b.icmp_signed if signed else b.icmp_unsigned
        return b.select(f(cmp, lhs, rhs, name=name + ".cmp"), lhs, rhs, name=name)
    cmp, nan_wins = _FLOAT_MINMAX[opname]
    pred = _select_predicate(rhs, cmp) if nan_wins else None
    if pred == "no zero":  # maximumf(x, c), c a nonzero number: c where x < c, else x (NaN wins)
        flip = "<" if cmp == ">" else ">"
        return b.select(b.fcmp_ordered(flip, lhs, rhs, name=name + ".cmp"), rhs, lhs, name=name)
    if pred is not None:
        # c holds zeros: x where x > c or x is NaN (unordered), else c; a tie of zeros picks
        # the one maximumf orders higher (+0.0 over -0.0; minimumf the reverse)
        return b.select(b.fcmp_unordered(pred, lhs, rhs, name=name + ".cmp"), lhs, rhs, name=name)
    if intr is not None:
        which = "fmax" if cmp == ">" else "fmin"
        if not nan_wins:
            return intr.call(b, which, ret=lhs.type, label=name, a=lhs, b=rhs)
        pick = intr.call(b, which, ret=lhs.type, label=name + ".sel", a=lhs, b=rhs)
    else:
        pick = b.select(b.fcmp_ordered(cmp, lhs, rhs, name=name + ".cmp"), lhs, rhs, name=name + ".sel")
    if nan_wins:  # maximumf/minimumf: NaN if either operand is NaN
        nan = _splat(lhs.type, float("nan"))
        return b.select(b.fcmp_unordered("uno", lhs, rhs, name=name + ".nan"), nan, pick, name=name)
    # maxnumf/minnumf: the other operand if one is NaN
    return b.select(b.fcmp_unordered("uno", rhs, rhs, name=name + ".nan"), lhs, pick, name=name)


@lowers(Binary)
def lower_binary(ctx: FuncContext, op: Binary) -> None:
    lhs, rhs = ctx.get(op.lhs), ctx.get(op.rhs)
    k = op.opname
    bf16 = k not in _INT_OPS and _is_bf16(op.result.type)
    if k not in _INT_OPS and k not in _FLOAT_OPS and k not in _INT_MINMAX and k not in _FLOAT_MINMAX:
        raise error(op.loc, f"arith.{k} is not supported")

    def piece(xs: Sequence[ir.Value], name: str) -> ir.Value:
        if bf16:  # GenX has no bf16 arithmetic: extend to f32 (exact), compute, round back (RNE)
            b, f32 = ctx.builder, _like(F32, xs[0].type)
            wide = [_bf16_to_f32(b, x, f32, f"{name}.x{i}") for i, x in enumerate(xs)]
            return _f32_to_bf16(b, _binary(b, k, wide[0], wide[1], name + ".f32"), xs[0].type, name)
        if k in _FLOAT_MINMAX and op.no_nans:  # no NaN to order: the hardware's max / min (one sel)
            which = "fmax" if _FLOAT_MINMAX[k][0] == ">" else "fmin"
            return ctx.intr.call(ctx.builder, which, ret=xs[0].type, label=name, a=xs[0], b=xs[1])
        return _binary(ctx.builder, k, xs[0], xs[1], name, ctx.intr)

    ctx.set(op.result, ctx.regions.elementwise(piece, [lhs, rhs], lhs.type, llvm_name(op.result)))


def _select_predicate(v: ir.Value, cmp: str) -> str | None:
    """For ``maximumf(x, v)`` (``cmp`` ">"; minimumf "<") with ``v`` a float constant without
    NaN: "no zero" if no element is a zero (a tie is then between equal numbers); else the
    unordered compare that makes ``select(x cmp' v, x, v)`` exact: strict, except against the
    zero that loses a tie (-0.0 for max, +0.0 for min), where x = ±0 must win. None if ``v``
    is no such constant or holds zeros of both signs."""
    if not isinstance(v, ir.Constant) or isinstance(v, ir.FormattedConstant):
        return None
    c = v.constant
    elems = [] if c is None else c if isinstance(c, (list, tuple)) else [v]
    vals = [e.constant if isinstance(e, ir.Constant) else e for e in elems] if c is not None else [0.0]
    if not all(isinstance(x, (int, float)) and x == x for x in vals):
        return None
    signs = {math.copysign(1.0, x) < 0 for x in vals if x == 0}  # True: -0.0
    if not signs:
        return "no zero"
    if len(signs) > 1:
        return None
    loses = signs == {cmp == ">"}  # -0.0 loses to x = +0.0 under max, +0.0 to x = -0.0 under min
    return ("uge" if cmp == ">" else "ule") if loses else ("ugt" if cmp == ">" else "ult")

def _splat(ty: ir.Type, v: float | int) -> ir.Constant:
    if isinstance(ty, ir.VectorType):
        return ir.Constant(ty, [ir.Constant(ty.element, v)] * ty.count)
    return ir.Constant(ty, v)


def _like(ty: ir.Type, shape_of: ir.Type) -> ir.Type:
    """``ty``'s element type with ``shape_of``'s element count (scalar if it is a scalar)."""
    el = ty.element if isinstance(ty, ir.VectorType) else ty
    return ir.VectorType(el, shape_of.count) if isinstance(shape_of, ir.VectorType) else el


def _bf16_to_f32(b: ir.IRBuilder, v: ir.Value, ty: ir.Type, name: str) -> ir.Value:
    wide = _like(I32, ty)
    bits = b.shl(b.zext(v, wide, name=name + ".w"), _splat(wide, 16), name=name + ".bits")
    return b.bitcast(bits, ty, name=name)


def _f32_to_bf16(b: ir.IRBuilder, v: ir.Value, ty: ir.Type, name: str) -> ir.Value:
    wide = _like(I32, ty)
    bits = b.bitcast(v, wide, name=name + ".bits")
    lsb = b.and_(b.lshr(bits, _splat(wide, 16)), _splat(wide, 1), name=name + ".lsb")
    rounded = b.add(b.add(bits, _splat(wide, 0x7FFF)), lsb, name=name + ".rne")
    hi = b.trunc(b.lshr(rounded, _splat(wide, 16)), ty, name=name + ".hi")
    isnan = b.fcmp_unordered("uno", v, v, name=name + ".isnan")
    return b.select(isnan, _splat(ty, 0x7FC0), hi, name=name)


F32 = ir.FloatType()


def _f64_to_f32_odd(b: ir.IRBuilder, v: ir.Value, name: str) -> ir.Value:
    """f64 -> f32 rounded to odd: toward zero, with the last bit set when inexact. f32 keeps 16
    more significand bits than bf16, so a round to nearest even after it is exact (rounding to
    nearest twice could be off by one). NaN stays NaN; an f64 beyond f32's range gives the
    largest f32, odd, which bf16 rounds to infinity as the f64 itself would be."""
    f32, wide, wide64 = _like(F32, v.type), _like(I32, v.type), _like(I64, v.type)
    near = b.fptrunc(v, f32, name=name + ".near")
    bits = b.bitcast(near, wide, name=name + ".nbits")
    back = b.fpext(near, v.type, name=name + ".back")
    # Magnitudes compared as sign-cleared bit patterns (exact, no overflow): when the nearest f32
    # is farther from zero than the input, one step down of its magnitude bits truncates.
    mag = _splat(wide64, (1 << 63) - 1)
    back_mag = b.and_(b.bitcast(back, wide64, name=name + ".bb"), mag, name=name + ".bm")
    v_mag = b.and_(b.bitcast(v, wide64, name=name + ".vb"), mag, name=name + ".vm")
    past = b.icmp_unsigned(">", back_mag, v_mag, name=name + ".past")
    trunc = b.select(past, b.sub(bits, _splat(wide, 1), name=name + ".dec"), bits, name=name + ".tz")
    inexact = b.zext(b.fcmp_ordered("!=", back, v, name=name + ".inx"), wide, name=name + ".inx32")
    return b.bitcast(b.or_(trunc, inexact, name=name + ".odd"), f32, name=name)


_SIGNED = {"slt": "<", "sle": "<=", "sgt": ">", "sge": ">="}
_UNSIGNED = {"ult": "<", "ule": "<=", "ugt": ">", "uge": ">=", "eq": "==", "ne": "!="}
_FCMP = {"eq": "==", "gt": ">", "ge": ">=", "lt": "<", "le": "<=", "ne": "!="}


def _compare(b: ir.IRBuilder, kind: str, p: str, lhs: ir.Value, rhs: ir.Value, name: str) -> ir.Value:
    if kind == "cmpi":
        return (b.icmp_signed(_SIGNED[p], lhs, rhs, name=name) if p in _SIGNED
                else b.icmp_unsigned(_UNSIGNED[p], lhs, rhs, name=name))
    if p in ("ord", "uno"):
        return (b.fcmp_ordered if p == "ord" else b.fcmp_unordered)(p, lhs, rhs, name=name)
    f = b.fcmp_ordered if p[0] == "o" else b.fcmp_unordered
    return f(_FCMP[p[1:]], lhs, rhs, name=name)


@lowers(Compare)
def lower_compare(ctx: FuncContext, op: Compare) -> None:
    lhs, rhs = ctx.get(op.lhs), ctx.get(op.rhs)
    p = op.predicate
    if op.opname == "cmpf":
        if p in ("false", "true"):
            i1 = llvm_type(op.result.type, op.loc)
            bits = [p == "true"] * i1.count if isinstance(i1, ir.VectorType) else p == "true"
            ctx.set(op.result, ir.Constant(i1, bits))
            return

    bf16 = op.opname == "cmpf" and _is_bf16(op.lhs.type)

    def piece(xs: Sequence[ir.Value], name: str) -> ir.Value:
        if bf16:  # compared exactly as f32 (bf16 -> f32 is exact)
            f32 = _like(F32, xs[0].type)
            xs = [_bf16_to_f32(ctx.builder, x, f32, f"{name}.x{i}") for i, x in enumerate(xs)]
        return _compare(ctx.builder, op.opname, p, xs[0], xs[1], name)

    i1 = llvm_type(op.result.type, op.loc)
    ctx.set(op.result, ctx.regions.elementwise(piece, [lhs, rhs], i1, llvm_name(op.result)))


@lowers(Select)
def lower_select(ctx: FuncContext, op: Select) -> None:
    """Per element with a vector condition; a scalar condition is passed to every piece."""
    operands = [ctx.get(op.cond), ctx.get(op.true_value), ctx.get(op.false_value)]

    def piece(xs: Sequence[ir.Value], name: str) -> ir.Value:
        return ctx.builder.select(xs[0], xs[1], xs[2], name=name)

    ctx.set(op.result, ctx.regions.elementwise(piece, operands, operands[1].type, llvm_name(op.result)))


_INT_CASTS = ("index_cast", "index_castui", "extsi", "extui", "trunci")
_FP_INT_CASTS = ("sitofp", "uitofp", "fptosi", "fptoui")


@lowers(Cast)
def lower_cast(ctx: FuncContext, op: Cast) -> None:
    """Conversions are elementwise ALU work and split like it; ``bitcast`` is no instruction
    (it renames the register), so it stays whole, as does a same-width integer cast."""
    b = ctx.builder
    src = ctx.get(op.source)
    ty = llvm_type(op.result.type, op.loc)
    name = llvm_name(op.result)
    sw = scalar_bits(src.type)
    dw = scalar_bits(ty)
    k = op.opname
    from_bf16, to_bf16 = _is_bf16(op.source.type), _is_bf16(op.result.type)
    if k == "bitcast":
        ctx.set(op.result, b.bitcast(src, ty, name=name))
        return
    if k in _INT_CASTS and sw == dw:
        ctx.set(op.result, src)
        return
    if k not in _INT_CASTS + ("extf", "truncf") and not (k in _FP_INT_CASTS and not (from_bf16 or to_bf16)):
        raise error(op.loc, f"arith.{k} from '{op.source.type}' to '{op.result.type}' is not supported")

    def piece(xs: Sequence[ir.Value], pname: str) -> ir.Value:
        x = xs[0]
        pty = _like(ty, x.type)
        if k in _INT_CASTS:
            if dw < sw:
                return b.trunc(x, pty, name=pname)
            return (b.zext if k in ("index_castui", "extui") else b.sext)(x, pty, name=pname)
        if k == "extf":
            if not from_bf16:
                return b.fpext(x, pty, name=pname)
            if dw == 32:
                return _bf16_to_f32(b, x, pty, pname)
            # bf16 -> f32 is exact, and so is f32 -> f64
            return b.fpext(_bf16_to_f32(b, x, _like(F32, pty), pname + ".f32"), pty, name=pname)
        if k == "truncf":
            if not to_bf16:
                return b.fptrunc(x, pty, name=pname)
            if sw == 32:
                return _f32_to_bf16(b, x, pty, pname)
            # f64 -> bf16 through f32 rounded to odd: rounding twice to nearest could be off by one
            return _f32_to_bf16(b, _f64_to_f32_odd(b, x, pname + ".f32"), pty, pname)
        return getattr(b, k)(x, pty, name=pname)

    # The bf16 conversions compute on i32 bit patterns.
    extra = [_like(I32, ty)] if from_bf16 or to_bf16 else []
    ctx.set(op.result, ctx.regions.elementwise(piece, [src], ty, name, extra=extra))
