"""``llvm.genx.dpas2`` / ``dpas.nosrc0`` (genx-reference.md §7).

Layout: A is M rows x 8 dwords (row-major), B is 8 VNNI rows x N dwords, each dword packing
OPS = 32 / bits(precision) consecutive K values; result/acc is M x N. The systolic depth must
be 8 and the repeat count M in 1..8 (the hardware's limits, which IGC does not check).

Rounding model (documented, deliberately simple and deterministic):
- inputs are exact: bf16/fp16 widen to f32 exactly; tf32 operands are f32 bit patterns whose
  low 13 mantissa bits the hardware ignores, so they are truncated to tf32 first;
- products are exact in f32 (at most 11 x 11 significand bits);
- for each of the 8 depth steps d (in order), the per-dword partial sum
  sum_j a[m,d,j] * b[d,n,j] is rounded to f32 and added to the f32 accumulator, rounding to
  f32 (nearest even) after each addition; a half result is rounded from f32 at the end;
- integer (u8/s8, u4/s4): exact products and sums, wrapping modulo 2^32 (no saturation).
"""

from __future__ import annotations

import numpy as np

from genx_emit.sim.errors import Fault

# precision code -> (name, bits)
PRECISIONS = {5: ("u4", 4), 6: ("s4", 4), 7: ("u8", 8), 8: ("s8", 8), 9: ("bf16", 16), 10: ("fp16", 16),
              12: ("tf32", 32)}
DEPTH = 8


def _unpack(dwords: np.ndarray, code: int, what: str) -> np.ndarray:
    """[..., dwords] -> [..., dwords, OPS] values (f32 for floats, int64 for integers)."""
    if code not in PRECISIONS:
        raise Fault(f"{what}: precision code {code} is not simulated (5 u4, 6 s4, 7 u8, 8 s8, 9 bf16, "
                    "10 fp16, 12 tf32)")
    name, bits = PRECISIONS[code]
    u = dwords.astype(np.uint32)
    if name == "tf32":
        return (u & np.uint32(0xFFFFE000)).view(np.float32)[..., None]
    if name in ("bf16", "fp16"):
        halves = np.stack([u & np.uint32(0xFFFF), u >> np.uint32(16)], axis=-1)
        if name == "bf16":
            return (halves << np.uint32(16)).view(np.float32)
        return halves.astype(np.uint16).view(np.float16).astype(np.float32)
    ops = 32 // bits
    shifts = (np.arange(ops) * bits).astype(np.uint32)
    vals = ((u[..., None] >> shifts) & np.uint32((1 << bits) - 1)).astype(np.int64)
    if name[0] == "s":
        vals = np.where(vals >= 1 << (bits - 1), vals - (1 << bits), vals)
    return vals


def dpas(acc, b, a, prec_b: int, prec_a: int, depth: int, repeat: int, result_dtype: np.dtype,
         result_len: int, what: str) -> np.ndarray:
    """acc + A x B for one DPAS (acc None: dpas.nosrc0)."""
    if depth != DEPTH:
        raise Fault(f"{what}: systolic depth {depth}, the hardware has 8")
    if not 1 <= repeat <= 8:
        raise Fault(f"{what}: repeat count {repeat} outside 1..8")
    if result_len % repeat:
        raise Fault(f"{what}: result of {result_len} elements for repeat count {repeat}")
    n = result_len // repeat
    if n not in (8, 16):
        raise Fault(f"{what}: execution size {n} (8 on DG2, 16 on PVC)")
    bd = np.ascontiguousarray(np.atleast_1d(b)).view(np.uint32)
    ad = np.ascontiguousarray(np.atleast_1d(a)).view(np.uint32)
    if bd.size != DEPTH * n:
        raise Fault(f"{what}: B has {bd.size} dwords, an exec-size-{n} DPAS takes {DEPTH * n}")
    if ad.size != repeat * DEPTH:
        raise Fault(f"{what}: A has {ad.size} dwords, repeat count {repeat} takes {repeat * DEPTH}")
    fa, fb = PRECISIONS.get(prec_a, ("?", 0))[0], PRECISIONS.get(prec_b, ("?", 0))[0]
    is_float = fa in ("bf16", "fp16", "tf32")
    if is_float != (fb in ("bf16", "fp16", "tf32")) or (is_float and fa != fb):
        raise Fault(f"{what}: mixed precisions A {fa} / B {fb}")
    av = _unpack(ad.reshape(repeat, DEPTH), prec_a, what)  # [M, 8, OPS]
    bv = _unpack(bd.reshape(DEPTH, n), prec_b, what)  # [8, N, OPS']
    if av.shape[-1] != bv.shape[-1]:
        raise Fault(f"{what}: A ({fa}) and B ({fb}) pack different numbers of values per dword")
    rd = np.dtype(result_dtype)
    if is_float:
        if rd.kind != "f":
            raise Fault(f"{what}: {fa} DPAS with an {rd} result")
        # partial[m, n, d] = sum_j a[m, d, j] * b[d, n, j], in f32
        partial = np.einsum("mdj,dnj->mnd", av, bv, dtype=np.float32)
        out = (np.zeros((repeat, n), np.float32) if acc is None
               else np.atleast_1d(acc).astype(np.float32).reshape(repeat, n))
        for d in range(DEPTH):
            out = out + partial[:, :, d]
        return out.reshape(-1).astype(rd)
    if rd.kind not in "iu" or rd.itemsize != 4:
        raise Fault(f"{what}: integer DPAS needs an i32 result, not {rd}")
    total = np.einsum("mdj,dnj->mn", av, bv)
    if acc is not None:
        total = total + np.atleast_1d(acc).astype(np.int64).reshape(repeat, n)
    return (total & 0xFFFFFFFF).astype(np.uint32).view(rd).reshape(-1)


def decode_info(info: int) -> tuple[int, int, int, int]:
    """dpas.nosrc0's packed info: (precB, precA, depth, repeat)."""
    info &= 0xFFFFFFFF
    return info & 0xFF, (info >> 8) & 0xFF, (info >> 16) & 0xFF, (info >> 24) & 0xFF


def dpas_threads(acc, b, a, prec_b: int, prec_a: int, depth: int, repeat: int, result_dtype: np.dtype,
                 result_len: int, n_threads: int, cache: dict | None = None) -> np.ndarray | None:
    """:func:`dpas` for ``n_threads`` threads at once (operands with a leading thread axis, or
    without it when constant), with the same rounding step by step; None when the operands break
    a rule (then :func:`dpas`, thread by thread, says which). ``cache`` keeps unpacked operands
    by array identity (one operand often feeds several DPAS of a step)."""
    n = result_len // repeat if repeat else 0
    fa, fb = PRECISIONS.get(prec_a, ("?", 0))[0], PRECISIONS.get(prec_b, ("?", 0))[0]
    rd = np.dtype(result_dtype)
    floats = ("bf16", "fp16", "tf32")
    is_float = fa in floats
    if (depth != DEPTH or not 1 <= repeat <= 8 or result_len % repeat or n not in (8, 16) or "?" in (fa, fb)
            or is_float != (fb in floats) or (is_float and fa != fb) or (rd.kind == "f") != is_float
            or (not is_float and (rd.kind not in "iu" or rd.itemsize != 4))
            or PRECISIONS[prec_a][1] != PRECISIONS[prec_b][1]):
        return None
    bd = _dwords(b, n_threads)
    ad = _dwords(a, n_threads)
    if bd.shape[1] != DEPTH * n or ad.shape[1] != repeat * DEPTH:
        return None
    if is_float:
        acc = None if acc is None else _rows(acc, n_threads, result_len)
        av, bv = (_columns(x, d, prec_a, cache) for x, d in ((a, ad), (b, bd)))
        return _float_threads(acc, av, bv, repeat, n, n_threads).astype(rd, copy=False)
    av = _unpack(ad.reshape(n_threads, repeat, DEPTH), prec_a, "dpas")  # [T, M, 8, OPS]
    bv = _unpack(bd.reshape(n_threads, DEPTH, n), prec_b, "dpas")  # [T, 8, N, OPS]
    total = np.einsum("tmdj,tdnj->tmn", av, bv)
    if acc is not None:
        total = total + _rows(acc, n_threads, result_len).astype(np.int64).reshape(n_threads, repeat, n)
    return (total & 0xFFFFFFFF).astype(np.uint32).view(rd).reshape(n_threads, -1)


CHUNK = 512  # threads computed together (a depth step's products and the sums stay in cache)
PAD = 32  # the thread axis is padded to a multiple of this: numpy's add loops run whole vectors


def _columns(value, dwords: np.ndarray, prec: int, cache: dict | None) -> np.ndarray:
    """:func:`_float_columns` of an operand, from ``cache`` when the same array was unpacked."""
    if cache is None:
        return _float_columns(dwords, prec)
    key = (id(value), prec)
    hit = cache.get(key)
    if hit is None or hit[0] is not value:
        hit = cache[key] = (value, _float_columns(dwords, prec))
    return hit[1]


def _float_threads(acc, av_all: np.ndarray, bv_all: np.ndarray, repeat: int, n: int, n_threads: int
                   ) -> np.ndarray:
    """The f32 result ``[T, M*N]`` of float DPAS, bit for bit :func:`dpas`'s, computed with the
    thread axis last (long inner loops) a chunk of threads at a time, and returned as a
    transposed view, so a DPAS accumulating into this one's result reads it without a transpose.

    :func:`dpas` adds ``(0 + p0) + p1`` (products b * a, exact in f32) to the accumulator step by
    step. That is ``0 + s`` with ``s = p0 + p1`` (``0 + p0`` is ``p0`` but for -0), and
    ``x + (0 + s)`` is ``(x + s) + 0`` (they differ only in the sign of a zero sum). Leaving out
    the ``+ 0`` of every step leaves a -0 where it gives +0 and changes nothing else, so one
    ``+ 0`` at the end gives the same bits. NaN payloads come out as in :func:`dpas`: every add
    keeps its operands' order and runs on contiguous arrays of whole vectors (numpy's loops
    pick the NaN of a pair by position: a tail shorter than a vector loop picks the other)."""
    padded = av_all.shape[1]
    ops = av_all.shape[0] // (repeat * DEPTH)
    full = np.empty((repeat * n, padded), np.float32)
    if acc is None:
        full.fill(0)
    else:
        full[:, :n_threads] = acc.T  # a plain copy when acc is the transposed view of an earlier result
        full[:, n_threads:] = 0
    out_all = full.reshape(repeat, n, padded)
    av_t = av_all.reshape(repeat, DEPTH, ops, padded).transpose(1, 0, 2, 3)  # [depth, M, OPS, T]
    bv_t = bv_all.reshape(DEPTH, n, ops, padded)  # [depth, N, OPS, T]
    zero = np.float32(0)
    bufs: dict[int, tuple] = {}
    for s in range(0, padded, CHUNK):
        e = min(s + CHUNK, padded)
        if e - s not in bufs:  # contiguous, so every add runs numpy's loop as dpas's do
            bufs[e - s] = tuple(np.empty((repeat, n, e - s), np.float32) for _ in range(3))
        p, q, out = bufs[e - s]
        av, bv = av_t[..., s:e], bv_t[..., s:e]
        out[...] = out_all[..., s:e]
        for d in range(DEPTH):
            np.multiply(bv[d, None, :, 0], av[d, :, None, 0], out=p)
            for j in range(1, ops):
                np.multiply(bv[d, None, :, j], av[d, :, None, j], out=q)
                p += q
            out += p
        out += zero
        out_all[..., s:e] = out
    return full[:, :n_threads].T


def _float_columns(dwords: np.ndarray, code: int) -> np.ndarray:
    """[T, dwords] -> [dwords * OPS, T'] f32 values as :func:`_unpack` makes them, transposed,
    the thread axis padded with zeros (T' a multiple of PAD)."""
    name = PRECISIONS[code][0]
    if name == "fp16":
        vals = dwords.view(np.float16)
    elif name == "bf16":
        vals = (dwords.view(np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)
    else:
        vals = (dwords & np.uint32(0xFFFFE000)).view(np.float32)
    t = vals.shape[0]
    out = np.empty((vals.shape[1], -(-t // PAD) * PAD), np.float32)
    out[:, :t] = vals.T
    out[:, t:] = 0
    return out


def _rows(x, n_threads: int, count: int) -> np.ndarray:
    """``[threads, count]``: a value per thread (a constant broadcast)."""
    return np.broadcast_to(x, (n_threads, count))


def _dwords(x, n_threads: int) -> np.ndarray:
    """``[threads, dwords]``: a value's bits as dwords, per thread."""
    x = np.asarray(x)
    if x.ndim < 2:  # a constant
        x = np.broadcast_to(np.atleast_1d(x), (n_threads, np.atleast_1d(x).shape[0]))
    return np.ascontiguousarray(x).view(np.uint32)
