"""The ``llvm.genx.*`` intrinsics the simulator knows, by base name (mangling suffixes dropped).

Each builder turns one call into a closure ``op(env, thread)`` that returns the call's value
(or None for void calls), or, for a barrier wait, a :class:`Wait` the scheduler blocks on.
A call to any other function is an error naming it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from genx_emit.sim import block2d, dpas, lsc
from genx_emit.sim.errors import Fault
from genx_emit.sim.reader import Instr, Vector
from genx_emit.sim.regions import rdregion, region_indices, wrregion

Getter = Callable[[list], object]
Op = Callable[[list, object], object]


class Wait:
    """A blocked thread: resumes when ``ready()``; ``why`` describes it for deadlock reports."""

    __slots__ = ("ready", "why")

    def __init__(self, ready: Callable[[], bool], why: Callable[[], str]):
        self.ready, self.why = ready, why


def _result_dtype(ins: Instr) -> tuple[np.dtype, int]:
    t = ins.type
    if isinstance(t, Vector):
        return t.dtype, t.count
    return t.dtype, 1


def _shape_result(ins: Instr, v: np.ndarray):
    return v if isinstance(ins.type, Vector) else v[0]


# ---------------------------------------------------------------------------- regions

def _rdregion(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 6:
        raise Fault("rdregion takes 6 operands")
    count = ins.type.count if isinstance(ins.type, Vector) else 1
    src_t = ins.ops[0][0]
    if all(x is not None for x in c[1:5]) and np.ndim(c[4]) == 0:
        # constant region: the indices are computed once
        vs, w, st, off = (int(x) for x in c[1:5])
        n_src = src_t.count if isinstance(src_t, Vector) else 1
        idx = region_indices(count, vs, w, st, off, src_t.dtype.itemsize, n_src, "rdregion")
        gs = g[0]
        if isinstance(ins.type, Vector):
            return lambda env, th: np.atleast_1d(gs(env))[idx]
        i0 = int(idx[0])
        return lambda env, th: np.atleast_1d(gs(env))[i0]

    def op(env, th):
        v = rdregion(g[0](env), count, int(g[1](env)), int(g[2](env)), int(g[3](env)), g[4](env))
        return _shape_result(ins, v)
    return op


def _wrregion(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 8:
        raise Fault("wrregion takes 8 operands")
    new_t = ins.ops[1][0]
    old_t = ins.ops[0][0]
    if not isinstance(old_t, Vector):
        raise Fault("wrregion into a scalar is not simulated")
    count = new_t.count if isinstance(new_t, Vector) else 1
    if (all(x is not None for x in c[2:6]) and np.ndim(c[5]) == 0 and c[7] is not None
            and np.ndim(c[7]) == 0 and bool(c[7])):
        idx = region_indices(count, int(c[2]), int(c[3]), int(c[4]), int(c[5]), old_t.dtype.itemsize,
                             old_t.count, "wrregion")
        go, gn = g[0], g[1]

        def fast(env, th):
            out = go(env).copy()
            out[idx] = gn(env)
            return out
        return fast

    def op(env, th):
        return wrregion(g[0](env), g[1](env), int(g[2](env)), int(g[3](env)), int(g[4](env)), g[5](env),
                        g[7](env))
    return op


# ---------------------------------------------------------------------------- memory

def _args(g: list[Getter], env: list) -> list:
    return [x(env) for x in g]


def _space(th, slm: bool):
    return th.wg.slm if slm else th.memory


def _lsc_message(kind: str, slm: bool, n_operands: int, act):
    """The builder of ``lsc.<kind>.slm`` / ``.stateless``: ``act(ins, name)`` checks the
    instruction when it is read and returns what runs it, ``(operands, thread) -> result``."""
    name = f"lsc.{kind}.{'slm' if slm else 'stateless'}"

    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        if len(g) != n_operands:
            raise Fault(f"{name} takes {n_operands} operands")
        run = act(ins, name)
        return lambda env, th: run(_args(g, env), th)
    return build


def _lsc_load(slm: bool):
    def act(ins: Instr, name: str):
        dt, n = _result_dtype(ins)
        return lambda a, th: _shape_result(
            ins, lsc.load(_space(th, slm), a, dt, n, name, slm, th.grf, th.lanes))
    return _lsc_message("load", slm, 12, act)


def _lsc_load_merge():
    def act(ins: Instr, name: str):
        dt, n = _result_dtype(ins)
        return lambda a, th: _shape_result(
            ins, lsc.load_merge(th.memory, a[:12], a[12], dt, n, name, th.grf, th.lanes))
    return _lsc_message("load.merge", False, 13, act)


def _lsc_store(slm: bool):
    def act(ins: Instr, name: str):
        return lambda a, th: lsc.store(_space(th, slm), a[:11], a[11], name, slm, th.grf, th.lanes)
    return _lsc_message("store", slm, 13, act)


def _lsc_atomic(slm: bool):
    def act(ins: Instr, name: str):
        dt, _ = _result_dtype(ins)
        return lambda a, th: _shape_result(
            ins, lsc.atomic(_space(th, slm), a, dt, name, slm, th.grf, th.lanes))
    return _lsc_message("xatomic", slm, 15, act)


def _lsc_prefetch(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 12:
        raise Fault("lsc.prefetch takes 12 operands")
    return lambda env, th: lsc.prefetch(_args(g, env), "lsc.prefetch.stateless", False, th.grf, th.lanes)


def _load2d(ins: Instr, g: list[Getter], c: list) -> Op:
    dt, n = _result_dtype(ins)
    return _block2d_op(g, 15, "lsc.load2d",
                       lambda a, th: _shape_result(ins, block2d.load2d(th.memory, a, dt, n, th.grf)))


def _store2d(ins: Instr, g: list[Getter], c: list) -> Op:
    return _block2d_op(g, 16, "lsc.store2d", lambda a, th: block2d.store2d(th.memory, a[:15], a[15], th.grf))


def _prefetch2d(ins: Instr, g: list[Getter], c: list) -> Op:
    return _block2d_op(g, 15, "lsc.prefetch2d", lambda a, th: block2d.prefetch2d(a, th.grf))


def _block2d_op(g: list[Getter], n_operands: int, name: str, act) -> Op:
    """A 2D block message taking ``n_operands``: ``act(operands, thread)`` runs it."""
    if len(g) != n_operands:
        raise Fault(f"{name} takes {n_operands} operands")

    def op(env, th):
        _has_block2d(th, name)
        return act(_args(g, env), th)
    return op


def _send_consts(c: list, idx: tuple[int, ...], what: str) -> list[int]:
    if any(c[i] is None for i in idx):
        raise Fault(f"{what}: modifier, exec size, GRF counts, sfid and descriptors must be constants")
    return [int(c[i]) for i in idx]


def _raw_send2(ins: Instr, g: list[Getter], c: list) -> Op:
    """A 2D block load sent from its header (block2d.decode_send); any other send is refused."""
    what = "raw.send2"
    if len(g) != 10:
        raise Fault(f"{what} takes 10 operands")
    mod, ex, src, dst, sfid, exd, desc = _send_consts(c, (0, 1, 3, 4, 5, 6, 7), what)
    dt, n = _result_dtype(ins)

    def op(env, th):
        _has_block2d(th, what)
        a = block2d.decode_send("load", mod, ex, sfid, exd, desc, src, g[8](env), g[2](env), what)
        if dst * th.grf != n * dt.itemsize or block2d.response_grfs(desc) != min(dst, 31):
            raise Fault(f"{what}: response of {n * dt.itemsize} bytes, {dst} GRFs in the operand, "
                        f"{block2d.response_grfs(desc)} in the descriptor: they must agree")
        return _shape_result(ins, block2d.load2d(th.memory, a, dt, n, th.grf))
    return op


def _raw_send2_noresult(ins: Instr, g: list[Getter], c: list) -> Op:
    """A 2D block prefetch sent from its header."""
    what = "raw.send2.noresult"
    if len(g) != 8:
        raise Fault(f"{what} takes 8 operands")
    mod, ex, src, sfid, exd, desc = _send_consts(c, (0, 1, 3, 4, 5, 6), what)

    def op(env, th):
        _has_block2d(th, what)
        a = block2d.decode_send("prefetch", mod, ex, sfid, exd, desc, src, g[7](env), g[2](env), what)
        if block2d.response_grfs(desc):
            raise Fault(f"{what}: a prefetch has no response, but the descriptor asks for "
                        f"{block2d.response_grfs(desc)} GRFs")
        block2d.prefetch2d(a, th.grf)
    return op


def _raw_sends2_noresult(ins: Instr, g: list[Getter], c: list) -> Op:
    """A 2D block store sent from its header, the data in the second source."""
    what = "raw.sends2.noresult"
    if len(g) != 10:
        raise Fault(f"{what} takes 10 operands")
    mod, ex, src, src1, sfid, exd, desc = _send_consts(c, (0, 1, 3, 4, 5, 6, 7), what)

    def op(env, th):
        _has_block2d(th, what)
        a = block2d.decode_send("store", mod, ex, sfid, exd, desc, src, g[8](env), g[2](env), what)
        data = g[9](env)
        nbytes = np.asarray(data).nbytes
        if src1 * th.grf != nbytes or block2d.response_grfs(desc):
            raise Fault(f"{what}: data of {nbytes} bytes in {src1} GRFs, response of "
                        f"{block2d.response_grfs(desc)}: a store sends whole GRFs and gets no response")
        block2d.store2d(th.memory, a, data, th.grf)
    return op


def _has_block2d(th, what: str) -> None:
    """IGC compiles 2D block messages for Xe-HPG, but the hardware has none: refuse them."""
    if not th.block2d:
        raise Fault(f"{what}: this target has no 2D block messages (Xe-HPG / DG2)")


# ---------------------------------------------------------------------------- dpas

def _dpas2(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 9:
        raise Fault("dpas2 takes 9 operands")
    dt, n = _result_dtype(ins)
    if any(x is None for x in c[3:9]):
        raise Fault("dpas2: precision, depth, repeat and sign operands must be constants")
    pb, pa, depth, rep = (int(x) for x in c[3:7])

    def op(env, th):
        return dpas.dpas(g[0](env), g[1](env), g[2](env), pb, pa, depth, rep, dt, n, "dpas2")
    return op


def _dpas_nosrc0(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 3:
        raise Fault("dpas.nosrc0 takes 3 operands")
    if c[2] is None:
        raise Fault("dpas.nosrc0: the info operand must be a constant")
    dt, n = _result_dtype(ins)
    pb, pa, depth, rep = dpas.decode_info(int(c[2]))
    return lambda env, th: dpas.dpas(None, g[0](env), g[1](env), pb, pa, depth, rep, dt, n, "dpas.nosrc0")


# ---------------------------------------------------------------------------- ids and sync

def _group_id(axis: int):
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        return lambda env, th: np.int32(th.wg.group_id[axis])
    return build


def _vec3(attr: str, dtype):
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        if not isinstance(ins.type, Vector) or ins.type.count != 3:
            raise Fault(f"{attr} returns a 3-element vector")
        return lambda env, th: np.array(getattr(th, attr), dtype=dtype)
    return build


def _barrier(ins: Instr, g: list[Getter], c: list) -> Op:
    def op(env, th):
        wg = th.wg
        target = wg.barrier_gen
        wg.barrier_arrived += 1
        if wg.barrier_arrived == len(wg.threads):
            wg.barrier_gen += 1
            wg.barrier_arrived = 0
        return Wait(lambda: wg.barrier_gen > target,
                    lambda: f"at the work-group barrier ({wg.barrier_arrived} of {len(wg.threads)} arrived)")
    return op


def _nbarrier(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 3:
        raise Fault("nbarrier takes 3 operands")

    def op(env, th):
        mode, bid, n = (int(x(env)) & 0xFF for x in g)
        bar = th.wg.named_barrier(bid)
        if mode == 1:
            bar.signal(th, n)
            return None
        if mode == 0:
            return bar.wait(th)
        raise Fault(f"nbarrier mode {mode} (0 wait, 1 signal)")
    return op


def _nbarrier_arrive(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 4:
        raise Fault("nbarrier.arrive takes 4 operands")

    def op(env, th):
        bid, role, producers, _consumers = (int(x(env)) & 0xFF for x in g)
        bar = th.wg.named_barrier(bid)
        if role not in (0, 1, 2):
            raise Fault(f"nbarrier.arrive role {role} (0 producer+consumer, 1 producer, 2 consumer)")
        if role in (0, 1):
            bar.signal(th, producers)
        return None
    return op


def _fence(ins: Instr, g: list[Getter], c: list) -> Op:
    # Memory is sequentially consistent here: a fence has nothing to order.
    return lambda env, th: None


def _lsc_fence(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 4:
        raise Fault("lsc.fence takes 4 operands")

    def op(env, th):
        _p, sfid, fop, scope = (int(x(env)) & 0xFF for x in g)
        if sfid > 3 or fop > 6 or scope > 5:
            raise Fault(f"lsc.fence operands sfid {sfid}, op {fop}, scope {scope} out of range")
    return op


# ---------------------------------------------------------------------------- math

def _unary(f):
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        dt, _ = _result_dtype(ins)
        if dt.kind != "f":
            raise Fault("math intrinsics take floating-point values")
        g0 = g[0]

        def op(env, th):
            x = g0(env)
            return np.asarray(f(np.asarray(x, dtype=np.float64)), dtype=dt)[()] if dt != np.float64 \
                else f(x)
        return op
    return build


def _select_max(is_max: bool) -> Callable[[Instr, list[Getter], list], Op]:
    """``sel.ge`` / ``sel.l``: ``a`` when ``a >= b`` (``a < b``) or ``b`` is NaN, else ``b``: the
    non-NaN operand wins, and the first of two equal ones (-0 and +0 included)."""
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        dt, _ = _result_dtype(ins)
        if dt.kind != "f":
            raise Fault("fmax/fmin take floating-point values")
        ga, gb = g[0], g[1]

        def op(env, th):
            a, b = np.asarray(ga(env)), np.asarray(gb(env))
            with np.errstate(invalid="ignore"):
                keep = (a >= b) if is_max else (a < b)
            return np.asarray(np.where(keep | np.isnan(b), a, b), dtype=dt)[()]
        return op
    return build


def _rsqrt(x):
    return 1.0 / np.sqrt(x)


INTRINSICS: dict[str, Callable[[Instr, list[Getter], list], Op]] = {
    "rdregioni": _rdregion, "rdregionf": _rdregion, "wrregioni": _wrregion, "wrregionf": _wrregion,
    "lsc.load.stateless": _lsc_load(False), "lsc.load.slm": _lsc_load(True),
    "lsc.load.merge.stateless": _lsc_load_merge(),
    "lsc.store.stateless": _lsc_store(False), "lsc.store.slm": _lsc_store(True),
    "lsc.prefetch.stateless": _lsc_prefetch,
    "lsc.xatomic.stateless": _lsc_atomic(False), "lsc.xatomic.slm": _lsc_atomic(True),
    "lsc.load2d.stateless": _load2d, "lsc.store2d.stateless": _store2d,
    "lsc.prefetch2d.stateless": _prefetch2d,
    "raw.send2": _raw_send2, "raw.send2.noresult": _raw_send2_noresult,
    "raw.sends2.noresult": _raw_sends2_noresult,
    "dpas2": _dpas2, "dpas.nosrc0": _dpas_nosrc0,
    "group.id.x": _group_id(0), "group.id.y": _group_id(1), "group.id.z": _group_id(2),
    "local.id": _vec3("local_id", np.int32), "local.id16": _vec3("local_id", np.int16),
    "local.size": _vec3("local_size", np.int32), "group.count": _vec3("group_count", np.int32),
    "barrier": _barrier, "nbarrier": _nbarrier, "nbarrier.arrive": _nbarrier_arrive,
    "fence": _fence, "lsc.fence": _lsc_fence,
    # Math unit: computed in f64 and rounded to the result type, i.e. correctly rounded in
    # practice. The hardware's exp/log/rsqrt/inv are approximations: compare with a tolerance.
    "exp": _unary(np.exp2), "log": _unary(np.log2),
    "sin": _unary(np.sin), "cos": _unary(np.cos), "sqrt": _unary(np.sqrt), "ieee.sqrt": _unary(np.sqrt),
    "rsqrt": _unary(_rsqrt), "inv": _unary(lambda x: 1.0 / x), "rndu": _unary(np.ceil),
    "rndd": _unary(np.floor), "absf": _unary(np.abs),
    "fmax": _select_max(True), "fmin": _select_max(False),
}


# One overload-mangling suffix (genx-reference.md §3): a scalar or vector type, or a pointer
# (address space, then an optional pointee). Anything else after a known name is another
# intrinsic, which the toolchain's prefix lookup would silently take for the known one.
_MANGLED_TYPE = re.compile(r"(?:v\d+)?(?:i\d+|bf16|f16|f32|f64|p\d+(?:(?:v\d+)?(?:i\d+|bf16|f16|f32|f64))?)")


def base_name(callee: str) -> str | None:
    """``llvm.genx.rdregionf.v16f32.v128f32.i16`` -> ``rdregionf``: the longest known name that
    the callee equals or continues with ``.``-separated type suffixes only (so
    ``llvm.genx.barrier.whatever`` is unknown, not a barrier)."""
    if not callee.startswith("llvm.genx."):
        return None
    rest = callee[len("llvm.genx."):]
    best = None
    for name in INTRINSICS:
        if rest == name:
            suffix_ok = True
        elif rest.startswith(name + "."):
            suffix_ok = all(_MANGLED_TYPE.fullmatch(t) for t in rest[len(name) + 1:].split("."))
        else:
            suffix_ok = False
        if suffix_ok and (best is None or len(name) > len(best)):
            best = name
    return best
