"""Plain LLVM instructions on GenX values: integer/float arithmetic, compares, select, casts,
bitcast, element and shuffle operations (phi, br and ret are the machine's).

Values carry a leading thread axis: ``[threads]`` arrays for scalar types, ``[threads, n]`` for
vectors; constant operands come without it (numpy scalars or 1-D arrays) and broadcast. Each
builder returns ``f(env, frame)``; a result without the thread axis (all operands constant) is
broadcast by the machine. Integers are stored signed and wrap; ops whose meaning depends on
signedness (udiv, lshr, icmp ult, zext, uitofp, ...) reinterpret the bits as unsigned. Integer
division by zero and shifts by the bit width or more are poison in LLVM, so they fault rather
than produce a value.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

import numpy as np

from genx_emit.sim.errors import Fault
from genx_emit.sim.reader import Instr, Scalar, Vector

Getter = Callable[[list], object]
Op = Callable[[list, object], object]

_UNSIGNED = {np.dtype(np.int8): np.uint8, np.dtype(np.int16): np.uint16, np.dtype(np.int32): np.uint32,
             np.dtype(np.int64): np.uint64, np.dtype(np.bool_): np.bool_}


def unsigned(x):
    """The same bits as an unsigned integer (bool stays bool)."""
    return x.view(_UNSIGNED[x.dtype]) if hasattr(x, "view") else x


def as_type(x, ty) -> object:
    """``x`` converted (numerically) to the numpy form of LLVM type ``ty``."""
    if isinstance(ty, Vector):
        if np.ndim(x):
            return np.asarray(x, dtype=ty.dtype).reshape(ty.count)
        return np.full(ty.count, x, ty.dtype)
    return ty.dtype.type(x)


def _check_div(b) -> None:
    if np.any(np.asarray(b) == 0):
        raise Fault("integer division by zero")


def _sdiv(a, b):
    _check_div(b)
    q = np.floor_divide(a, b)
    fix = (np.remainder(a, b) != 0) & ((a < 0) != (b < 0))
    return (q + fix.astype(q.dtype)).astype(np.asarray(a).dtype)


def _srem(a, b):
    q = _sdiv(a, b)
    return a - q * b


def _udiv(a, b):
    _check_div(b)
    return np.floor_divide(unsigned(a), unsigned(b)).view(np.asarray(a).dtype)


def _urem(a, b):
    _check_div(b)
    return np.remainder(unsigned(a), unsigned(b)).view(np.asarray(a).dtype)


def _shift_ok(a, b):
    bits = np.asarray(a).dtype.itemsize * 8
    ub = unsigned(b)
    if np.any(ub >= bits):
        raise Fault(f"shift by {int(np.max(ub))} of a {bits}-bit value (poison in LLVM)")
    return ub


def _shl(a, b):
    return np.left_shift(unsigned(a), _shift_ok(a, b)).view(np.asarray(a).dtype)


def _lshr(a, b):
    return np.right_shift(unsigned(a), _shift_ok(a, b)).view(np.asarray(a).dtype)


def _ashr(a, b):
    return np.right_shift(a, _shift_ok(a, b).astype(np.asarray(a).dtype))


def _view_keep(f):
    """Apply ``f`` and keep the operand's dtype (numpy scalars promote in some mixes)."""
    def g(a, b):
        r = f(a, b)
        dt = np.asarray(a).dtype
        return r if np.asarray(r).dtype == dt else np.asarray(r).astype(dt)[()]
    return g


BINARY: dict[str, Callable] = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "and": np.bitwise_and, "or": np.bitwise_or,
    "xor": np.bitwise_xor, "sdiv": _sdiv, "srem": _srem, "udiv": _udiv, "urem": _urem, "shl": _shl,
    "lshr": _lshr, "ashr": _ashr, "fadd": np.add, "fsub": np.subtract, "fmul": np.multiply,
    "fdiv": np.divide, "frem": np.fmod,
}
_BOOL_BINARY = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor, "add": np.logical_xor,
                "sub": np.logical_xor, "mul": np.logical_and}

_ICMP = {"eq": (operator.eq, False), "ne": (operator.ne, False), "ugt": (operator.gt, True),
         "uge": (operator.ge, True), "ult": (operator.lt, True), "ule": (operator.le, True),
         "sgt": (operator.gt, False), "sge": (operator.ge, False), "slt": (operator.lt, False),
         "sle": (operator.le, False)}
_FCMP_BASE = {"eq": operator.eq, "gt": operator.gt, "ge": operator.ge, "lt": operator.lt, "le": operator.le,
              "ne": operator.ne}


def binary(ins: Instr, ga: Getter, gb: Getter) -> Op:
    name = ins.opcode
    elem = ins.type.elem if isinstance(ins.type, Vector) else ins.type
    if not isinstance(elem, Scalar):
        raise Fault(f"{name} on '{ins.type}'")
    if elem.is_float != name.startswith("f"):
        raise Fault(f"{name} on '{ins.type}'")
    f = _BOOL_BINARY[name] if elem.name == "i1" and name in _BOOL_BINARY else BINARY[name]
    if elem.name == "i1" and name not in _BOOL_BINARY:
        raise Fault(f"{name} on i1 values is not simulated")
    f = _view_keep(f)
    return lambda env, fr: f(ga(env), gb(env))


def icmp(pred: str, ga: Getter, gb: Getter) -> Op:
    if pred not in _ICMP:
        raise Fault(f"icmp predicate '{pred}'")
    f, uns = _ICMP[pred]
    if uns:
        return lambda env, fr: f(unsigned(ga(env)), unsigned(gb(env)))
    return lambda env, fr: f(ga(env), gb(env))


def fcmp(pred: str, ga: Getter, gb: Getter) -> Op:
    if pred in ("true", "false"):
        v = pred == "true"
        return lambda env, fr: np.full(np.shape(ga(env)), v)[()]
    if pred in ("ord", "uno"):
        want_nan = pred == "uno"
        return lambda env, fr: (np.isnan(ga(env)) | np.isnan(gb(env))) == want_nan
    if len(pred) != 3 or pred[0] not in "ou" or pred[1:] not in _FCMP_BASE:
        raise Fault(f"fcmp predicate '{pred}'")
    f = _FCMP_BASE[pred[1:]]
    if pred[0] == "o":
        if pred[1:] == "ne":
            return lambda env, fr: (lambda a, b: (a != b) & ~(np.isnan(a) | np.isnan(b)))(ga(env), gb(env))
        return lambda env, fr: f(ga(env), gb(env))
    return lambda env, fr: (lambda a, b: f(a, b) | np.isnan(a) | np.isnan(b))(ga(env), gb(env))


def _int_dtype(bits: int, signed: bool) -> np.dtype:
    return np.dtype(f"{'i' if signed else 'u'}{bits // 8}")


def cast(ins: Instr, g: Getter) -> Op:
    """trunc/zext/sext/fp casts/bitcast from ins.ops[0]'s type to ins.type."""
    src_t, dst_t = ins.ops[0][0], ins.type
    name = ins.opcode
    sv, dv = isinstance(src_t, Vector), isinstance(dst_t, Vector)
    se = src_t.elem if sv else src_t
    de = dst_t.elem if dv else dst_t
    if not isinstance(se, Scalar) or not isinstance(de, Scalar):
        raise Fault(f"{name} from '{src_t}' to '{dst_t}'")
    ddt = de.dtype
    if name == "bitcast":
        sbits = se.bits * (src_t.count if sv else 1)
        dbits = de.bits * (dst_t.count if dv else 1)
        if sbits != dbits or "i1" in (se.name, de.name):
            raise Fault(f"bitcast from '{src_t}' to '{dst_t}' is not simulated")
        src_rank = 1 if sv else 0

        def bitcast(env, fr):
            x = g(env)
            if np.ndim(x) == src_rank:  # a constant: no thread axis
                v = np.atleast_1d(x).view(ddt)
                return v if dv else v[0]
            v = np.ascontiguousarray(x).reshape(x.shape[0], -1).view(ddt)
            return v if dv else v[:, 0]
        return bitcast
    if sv != dv or (sv and src_t.count != dst_t.count):
        raise Fault(f"{name} from '{src_t}' to '{dst_t}'")
    if name == "trunc":
        if de.name == "i1":
            return lambda env, fr: (np.asarray(g(env)) & 1).astype(np.bool_)[()]
        return lambda env, fr: np.asarray(g(env)).astype(ddt)[()]
    if name == "zext":
        if se.name == "i1":
            return lambda env, fr: np.asarray(g(env)).astype(ddt)[()]
        u = _int_dtype(de.bits, False)
        return lambda env, fr: unsigned(np.asarray(g(env))).astype(u).view(ddt)[()]
    if name == "sext":
        if se.name == "i1":
            return lambda env, fr: (-np.asarray(g(env)).astype(ddt))[()]
        return lambda env, fr: np.asarray(g(env)).astype(ddt)[()]
    if name in ("fptrunc", "fpext", "sitofp"):
        return lambda env, fr: np.asarray(g(env)).astype(ddt)[()]
    if name == "uitofp":
        return lambda env, fr: unsigned(np.asarray(g(env))).astype(ddt)[()]
    if name in ("fptosi", "fptoui"):
        target = _int_dtype(de.bits, name == "fptosi")
        info = np.iinfo(target)

        def conv(env, fr):
            x = np.asarray(g(env))
            t = np.trunc(x)
            if np.any(np.isnan(x) | (t < info.min) | (t > info.max)):
                raise Fault(f"{name}: a value out of range of {de} (poison in LLVM)")
            return t.astype(target).view(ddt)[()]
        return conv
    raise Fault(f"cast '{name}'")


def select(ins: Instr, gc: Getter, ga: Getter, gb: Getter) -> Op:
    # a scalar condition choosing between vectors selects whole vectors, per thread
    widen = not isinstance(ins.ops[0][0], Vector) and isinstance(ins.type, Vector)

    def f(env, fr):
        c, a, b = gc(env), ga(env), gb(env)
        if np.ndim(c) == 0:
            return a if c else b
        return np.where(c[:, None] if widen else c, a, b)
    return f


def _index(i, n: int, what: str):
    """A constant index checked against a vector of ``n`` elements, or a per-thread one."""
    bad = (np.asarray(i) < 0) | (np.asarray(i) >= n)
    if np.any(bad):
        first = int(np.asarray(i).reshape(-1)[np.argmax(np.asarray(bad).reshape(-1))])
        raise Fault(f"{what} index {first} outside a {n}-element vector (poison)")
    return int(i) if np.ndim(i) == 0 else np.asarray(i, dtype=np.int64)


def extractelement(ins: Instr, gv: Getter, gi: Getter) -> Op:
    n = ins.ops[0][0].count

    def f(env, fr):
        v, i = gv(env), _index(gi(env), n, "extractelement")
        if isinstance(i, int):
            return v[..., i]
        return v[i] if v.ndim == 1 else v[np.arange(v.shape[0]), i]
    return f


def insertelement(ins: Instr, gv: Getter, gx: Getter, gi: Getter) -> Op:
    n = ins.ops[0][0].count

    def f(env, fr):
        v, x, i = gv(env), gx(env), _index(gi(env), n, "insertelement")
        if v.ndim == 1 and np.ndim(x) == 0 and isinstance(i, int):  # all constant
            out = v.copy()
            out[i] = x
            return out
        out = np.array(np.broadcast_to(v, (fr.n, n)))
        if isinstance(i, int):
            out[:, i] = x
        else:
            out[np.arange(fr.n), i] = x
        return out
    return f


def shufflevector(ga: Getter, gb: Getter, mask: np.ndarray, n_a: int) -> Op:
    idx = np.asarray(mask, dtype=np.int64)
    if idx.size and (idx.min() < 0 or idx.max() >= 2 * n_a):
        raise Fault(f"shufflevector mask index outside 0..{2 * n_a - 1}")
    if idx.size and idx.max() < n_a:
        return lambda env, fr: ga(env)[..., idx]

    def f(env, fr):
        a, b = ga(env), gb(env)
        if a.ndim != b.ndim:
            a, b = (np.broadcast_to(x, (fr.n, n_a)) for x in (a, b))
        return np.concatenate([a, b], axis=-1)[..., idx]
    return f


def fneg(g: Getter) -> Op:
    return lambda env, fr: np.negative(g(env))
