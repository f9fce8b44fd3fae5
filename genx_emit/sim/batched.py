"""The intrinsics run for many threads at once (operands with a leading thread axis).

``BATCHED[name](ins, getters, consts)`` builds ``op(env, frame)``, the batched form of
``intrinsics.INTRINSICS[name]``. It raises :class:`PerThread` for anything it does not take on
(operands that differ in shape between threads, a message that would fault): the machine then
runs the one-thread form thread by thread, which computes the same value or reports the fault
with its message. Intrinsics not listed here always run thread by thread.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from genx_emit.sim import block2d, dpas, lsc
from genx_emit.sim.errors import Fault
from genx_emit.sim.reader import Instr, Vector
from genx_emit.sim.regions import region_indices

Getter = Callable[[list], object]
Op = Callable[[list, object], object]


class PerThread(Exception):  # noqa: N818 (a request, not an error)
    """This call is run thread by thread (``intrinsics``)."""


def _count(ty) -> int:
    return ty.count if isinstance(ty, Vector) else 1


# ---------------------------------------------------------------------------- regions

def _rdregion(ins: Instr, g: list[Getter], c: list) -> Op:
    src_t = ins.ops[0][0]
    if len(g) != 6 or not (all(x is not None for x in c[1:5]) and np.ndim(c[4]) == 0):
        raise PerThread  # built only for constant regions; the rest run thread by thread
    count = _count(ins.type)
    vs, w, st, off = (int(x) for x in c[1:5])
    try:
        idx = region_indices(count, vs, w, st, off, src_t.dtype.itemsize, _count(src_t), "rdregion")
    except Fault:
        raise PerThread from None
    gs, src_rank = g[0], 2 if isinstance(src_t, Vector) else 1
    i0 = int(idx[0])
    vector = isinstance(ins.type, Vector)
    step = int(idx[1] - idx[0]) if idx.size > 1 else 1
    if vector and step > 0 and (idx == i0 + step * np.arange(idx.size)).all():
        idx = slice(i0, i0 + step * (idx.size - 1) + 1, step)  # a view of evenly spaced elements

    def op(env, fr):
        v = gs(env)
        if np.ndim(v) < src_rank:  # a constant
            v = np.atleast_1d(v)
            return v[idx] if vector else v[i0]
        if src_rank == 1:
            v = v[:, None]
        return v[:, idx] if vector else v[:, i0]
    return op


def _wrregion(ins: Instr, g: list[Getter], c: list) -> Op:
    new_t, old_t = ins.ops[1][0], ins.ops[0][0]
    if (len(g) != 8 or not isinstance(old_t, Vector) or not all(x is not None for x in c[2:6])
            or np.ndim(c[5]) or c[7] is None or np.ndim(c[7]) or not bool(c[7])):
        raise PerThread
    try:
        idx = region_indices(_count(new_t), int(c[2]), int(c[3]), int(c[4]), int(c[5]), old_t.dtype.itemsize,
                             old_t.count, "wrregion")
    except Fault:
        raise PerThread from None
    go, gn = g[0], g[1]
    scalar_new = not isinstance(new_t, Vector)

    def op(env, fr):
        old, new = go(env), gn(env)
        if new.dtype != old.dtype:
            raise PerThread
        out = np.array(np.broadcast_to(old, (fr.n, old_t.count)))
        out[:, idx] = new[:, None] if scalar_new and np.ndim(new) == 1 else new
        return out
    return op


# ---------------------------------------------------------------------------- 2D block messages

def _needs_block2d(fr) -> None:
    if not fr.block2d:
        raise PerThread  # the one-thread form says why


def _message(n_operands: int, act: Callable[[object, list, Instr], object], needs_block2d: bool = True):
    """The batched form of a message intrinsic of ``n_operands`` operands: ``act(frame,
    operands, instruction)`` (raising PerThread for what it does not take on)."""
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        if len(g) != n_operands:
            raise PerThread

        def op(env, fr):
            if needs_block2d:
                _needs_block2d(fr)
            return act(fr, [x(env) for x in g], ins)
        return op
    return build


def _load(fr, a: list, dt, n: int) -> np.ndarray:
    m = block2d.decode_threads("load", a, fr.grf, fr.n)
    out = None if m is None else block2d.load2d_threads(fr.memory, m, dt, n, fr.who)
    if out is None:
        raise PerThread
    return out


def _store(fr, a: list, data) -> None:
    m = block2d.decode_threads("store", a, fr.grf, fr.n)
    if m is None or not block2d.store2d_threads(fr.memory, m, data, fr.who):
        raise PerThread


def _prefetch(fr, a: list, ins: Instr) -> None:
    if block2d.decode_threads("prefetch", a, fr.grf, fr.n) is None:
        raise PerThread


_load2d = _message(15, lambda fr, a, ins: _load(fr, a, ins.type.dtype, _count(ins.type)))
_store2d = _message(16, lambda fr, a, ins: _store(fr, a[:15], a[15]))
_prefetch2d = _message(15, _prefetch)


def _send_consts(c: list, idx: tuple[int, ...]) -> tuple[int, ...]:
    if any(c[i] is None for i in idx):
        raise PerThread
    return tuple(int(c[i]) for i in idx)


def _raw_send2(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 10:
        raise PerThread
    mod, ex, src, dst, sfid, exd, desc = _send_consts(c, (0, 1, 3, 4, 5, 6, 7))
    dt, n = ins.type.dtype, _count(ins.type)

    def op(env, fr):
        _needs_block2d(fr)
        if dst * fr.grf != n * dt.itemsize or block2d.response_grfs(desc) != min(dst, 31):
            raise PerThread
        a = block2d.send_threads("load", (mod, ex, sfid, exd, desc, src), g[8](env), g[2](env), fr.n)
        if a is None:
            raise PerThread
        return _load(fr, a, dt, n)
    return op


def _raw_send2_noresult(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 8:
        raise PerThread
    mod, ex, src, sfid, exd, desc = _send_consts(c, (0, 1, 3, 4, 5, 6))

    def op(env, fr):
        _needs_block2d(fr)
        a = block2d.send_threads("prefetch", (mod, ex, sfid, exd, desc, src), g[7](env), g[2](env), fr.n)
        if (a is None or block2d.response_grfs(desc)
                or block2d.decode_threads("prefetch", a, fr.grf, fr.n) is None):
            raise PerThread
    return op


def _raw_sends2_noresult(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 10:
        raise PerThread
    mod, ex, src, src1, sfid, exd, desc = _send_consts(c, (0, 1, 3, 4, 5, 6, 7))
    nbytes = ins.ops[9][0].dtype.itemsize * _count(ins.ops[9][0])

    def op(env, fr):
        _needs_block2d(fr)
        if src1 * fr.grf != nbytes or block2d.response_grfs(desc):
            raise PerThread
        a = block2d.send_threads("store", (mod, ex, sfid, exd, desc, src), g[8](env), g[2](env), fr.n)
        if a is None:
            raise PerThread
        _store(fr, a, g[9](env))
    return op


# ---------------------------------------------------------------------------- LSC gather/scatter

def _ranks(ins: Instr) -> tuple[int, int]:
    """Of the predicate's and the address's types: 0 scalar, 1 vector."""
    return tuple(int(isinstance(ins.ops[i][0], Vector)) for i in (0, 10))


def _lsc_load_threads(fr, a: list, ins: Instr) -> np.ndarray:
    n = _count(ins.type)
    out = lsc.load_threads(fr.memory, a, _ranks(ins), ins.type.dtype, n, fr.n, fr.grf, fr.lanes, fr.who)
    if out is None:
        raise PerThread
    return out if isinstance(ins.type, Vector) else out[:, 0]


def _lsc_store_threads(fr, a: list, ins: Instr) -> None:
    if not lsc.store_threads(fr.memory, a[:11], _ranks(ins), a[11], fr.n, fr.grf, fr.lanes, fr.who):
        raise PerThread


def _lsc_prefetch_threads(fr, a: list, ins: Instr) -> None:
    if not lsc.prefetch_threads(a, _ranks(ins), fr.n, fr.grf, fr.lanes):
        raise PerThread


_lsc_load = _message(12, _lsc_load_threads, needs_block2d=False)
_lsc_store = _message(13, _lsc_store_threads, needs_block2d=False)
_lsc_prefetch = _message(12, _lsc_prefetch_threads, needs_block2d=False)


# ---------------------------------------------------------------------------- dpas

def _dpas2(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 9 or any(x is None for x in c[3:9]):
        raise PerThread
    pb, pa, depth, rep = (int(x) for x in c[3:7])
    dt, n = ins.type.dtype, _count(ins.type)

    def op(env, fr):
        out = dpas.dpas_threads(g[0](env), g[1](env), g[2](env), pb, pa, depth, rep, dt, n, fr.n, fr.cache)
        if out is None:
            raise PerThread
        return out
    return op


def _dpas_nosrc0(ins: Instr, g: list[Getter], c: list) -> Op:
    if len(g) != 3 or c[2] is None:
        raise PerThread
    pb, pa, depth, rep = dpas.decode_info(int(c[2]))
    dt, n = ins.type.dtype, _count(ins.type)

    def op(env, fr):
        out = dpas.dpas_threads(None, g[0](env), g[1](env), pb, pa, depth, rep, dt, n, fr.n, fr.cache)
        if out is None:
            raise PerThread
        return out
    return op


# ---------------------------------------------------------------------------- ids, fences

def _group_id(axis: int):
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        return lambda env, fr: fr.gid[:, axis]
    return build


def _ids(attr: str, dtype):
    def build(ins: Instr, g: list[Getter], c: list) -> Op:
        if not isinstance(ins.type, Vector) or ins.type.count != 3:
            raise PerThread

        if attr == "local_id":
            return lambda env, fr: fr.lid.astype(dtype)
        return lambda env, fr: np.array(getattr(fr, attr), dtype=dtype)
    return build


def _fence(ins: Instr, g: list[Getter], c: list) -> Op:
    return lambda env, fr: None


BATCHED: dict[str, Callable[[Instr, list[Getter], list], Op]] = {
    **dict.fromkeys(("rdregioni", "rdregionf"), _rdregion),
    **dict.fromkeys(("wrregioni", "wrregionf"), _wrregion),
    **{f"lsc.{kind}2d.stateless": f for kind, f in (("load", _load2d), ("store", _store2d),
                                                      ("prefetch", _prefetch2d))},
    **{name: f for name, f in (("raw.send2", _raw_send2), ("raw.send2.noresult", _raw_send2_noresult),
                               ("raw.sends2.noresult", _raw_sends2_noresult))},
    **{f"lsc.{kind}.stateless": f for kind, f in (("load", _lsc_load), ("store", _lsc_store),
                                                  ("prefetch", _lsc_prefetch))},
    "dpas2": _dpas2, "dpas.nosrc0": _dpas_nosrc0, "fence": _fence,
    **{f"group.id.{axis}": _group_id(i) for i, axis in enumerate("xyz")},
    **{name: _ids(attr, dt) for name, attr, dt in (("local.id", "local_id", np.int32),
                                                   ("local.id16", "local_id", np.int16),
                                                   ("local.size", "local_size", np.int32),
                                                   ("group.count", "group_count", np.int32))},
}
