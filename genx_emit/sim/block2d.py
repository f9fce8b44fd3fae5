"""2D block messages: ``lsc.load2d`` / ``store2d`` / ``prefetch2d.stateless`` (genx-reference.md §6).

Memory side: a block of H rows x W elements (data unit T bytes) at element column x, row y of
a surface (base, width bytes, height rows, pitch bytes); NB blocks side by side for array
loads. Elements outside the surface read as zero and are not written (the hardware's boundary
handling); elements inside it must lie in mapped memory, or the access is a Fault.

Register side (the payload), per block, blocks consecutive:
- plain: H rows of nextpow2(W) elements;
- transposed (T = 4 or 8): W rows of nextpow2(H) elements, row c holding memory column c;
- VNNI (T = 1 or 2): ceil(H*T/4) rows of nextpow2(W)*4/T elements, each dword packing 4/T
  consecutive memory rows of one column;
then padded to whole GRFs (64 bytes on PVC, 32 on DG2). Padding reads as zero. Stores use the
plain layout.

Every shape rule of §6 (per kind: plain/VNNI/transposed load and prefetch, store) is checked; a
broken one is a Fault "illegal 2D block message: <rule with its values> (<shape>)". A load's
padded payload is at most 32 GRFs (the response length).
"""

from __future__ import annotations

import functools

import numpy as np

from genx_emit.sim.errors import Fault
from genx_emit.sim.memory import MemoryError_, Space

UNIT = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16), 3: np.dtype(np.uint32), 4: np.dtype(np.uint64)}


def _pow2(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def _roundup(n: int, m: int) -> int:
    return -(-n // m) * m


class Shape:
    """The decoded, checked operands of one 2D message."""

    def __init__(self, kind: str, data_size: int, order: int, blocks: int, width: int, height: int,
                 vnni: int, sw: int, sh: int, pitch: int, grf: int, what: str):
        if data_size not in UNIT:
            raise Fault(f"{what}: data size {data_size} (1..4: u8, u16, u32, u64)")
        self.t = UNIT[data_size].itemsize
        self.unit = UNIT[data_size]
        self.transpose = order == 2
        self.vnni = bool(vnni)
        if order not in (1, 2):
            raise Fault(f"{what}: data order {order} (1 plain, 2 transposed)")
        if vnni not in (0, 1):
            raise Fault(f"{what}: vnni operand {vnni} (0 or 1)")
        nb, w, h = blocks, width, height
        desc = (f"{nb} block(s) of H={h} x W={w} u{8 * self.t}"
                f"{', transposed' if self.transpose else ''}{', VNNI' if self.vnni else ''}")
        rule = _broken_rule(kind, self.t, self.transpose, self.vnni, nb, w, h)
        if rule:
            raise Fault(f"{what}: illegal 2D block message: {rule} ({desc})")
        if sw < 32 or sw % 4 or pitch < 32 or pitch % 16 or pitch < sw:
            raise Fault(f"{what}: surface width {sw} / pitch {pitch} bytes break the 2D surface rules "
                        "(width >= 32 and a multiple of 4, pitch >= width, >= 32 and a multiple of 16)")
        self.nb, self.w, self.h = blocks, width, height
        self.sw, self.sh, self.pitch = sw, sh, pitch
        if self.transpose:
            self.row_elems, self.rows = _pow2(height), width
        elif self.vnni:
            self.row_elems, self.rows = _pow2(width) * (4 // self.t), -(-height * self.t // 4)
        else:
            self.row_elems, self.rows = _pow2(width), height
        self.block_elems = _roundup(self.row_elems * self.rows, grf // self.t)
        self.payload_elems = self.nb * self.block_elems
        self._rel: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._order: tuple | None = None
        payload = self.payload_elems * self.t
        if kind == "load" and payload > min(2048, 32 * grf):  # a prefetch has no response
            # the response length is at most 32 GRFs (2048 bytes on PVC, 1024 on DG2's 32-byte GRFs)
            raise Fault(f"{what}: illegal 2D block message: the padded payload of {payload} bytes exceeds "
                        f"{min(2048, 32 * grf)} (32 GRFs of {grf} bytes, at most 2048) ({desc})")

    def positions(self, x: int, y: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(payload index, memory row, memory column) of every element the message moves."""
        if self._rel is None:
            b = np.arange(self.nb)[:, None, None]
            r = np.arange(self.h)[None, :, None]
            c = np.arange(self.w)[None, None, :]
            if self.transpose:
                dst = c * self.row_elems + r
            elif self.vnni:
                f = 4 // self.t
                dst = (r // f) * self.row_elems + c * f + r % f
            else:
                dst = r * self.row_elems + c
            dst = b * self.block_elems + dst
            rows = np.broadcast_to(r, dst.shape).reshape(-1).astype(np.int64)
            cols = (b * self.w + c + np.zeros_like(dst)).reshape(-1).astype(np.int64)
            self._rel = (dst.reshape(-1), rows, cols)
        dst, rows, cols = self._rel
        return dst, rows + y, cols + x

    def payload_order(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`positions` at (0, 0), in payload order."""
        if self._order is None:
            dst, rows, cols = self.positions(0, 0)
            order = np.argsort(dst, kind="stable")
            self._order = (dst[order], rows[order], cols[order])
        return self._order

    def from_rows(self, got: np.ndarray) -> np.ndarray | None:
        """The payloads ``[n, payload_elems]`` of blocks read as rows ``[n, H, NB*W]`` (None
        for a VNNI block of a partial last dword row)."""
        n, f = got.shape[0], 4 // self.t if self.vnni else 1
        if self.h % f:
            return None
        g = got.reshape(n, self.h, self.nb, self.w)
        whole = self.block_elems == self.rows * self.row_elems and self.row_elems == (
            self.h if self.transpose else self.w * f)
        out = (np.empty if whole else np.zeros)((n, self.payload_elems), self.unit)
        blk = self._blocks(out)
        if self.transpose:
            blk[..., :self.h] = g.transpose(0, 2, 3, 1)
        elif self.vnni:  # splitting the last axis of a view is a view: the assignment lands in out
            blk[..., :self.w * f].reshape(n, self.nb, self.rows, self.w, f)[...] = (
                g.reshape(n, self.rows, f, self.nb, self.w).transpose(0, 3, 1, 4, 2))
        else:
            blk[..., :self.w] = g.transpose(0, 2, 1, 3)
        return out

    def to_rows(self, payload: np.ndarray) -> np.ndarray:
        """The rows ``[n, H, NB*W]`` of plain blocks whose payloads are ``[n, payload_elems]``."""
        n = payload.shape[0]
        g = self._blocks(payload)[..., :self.w].transpose(0, 2, 1, 3)
        return g.reshape(n, self.h, self.nb * self.w)

    def _blocks(self, payload: np.ndarray) -> np.ndarray:
        """``[n, NB, rows, row_elems]``: the payloads' register rows, GRF padding left out (a view)."""
        n = payload.shape[0]
        blk = payload.reshape(n, self.nb, self.block_elems)[:, :, :self.rows * self.row_elems]
        return blk.reshape(n, self.nb, self.rows, self.row_elems)

    def inside(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        return (rows >= 0) & (rows < self.sh) & (cols >= 0) & ((cols + 1) * self.t <= self.sw)


@functools.lru_cache(maxsize=256)
def _shape(*key) -> Shape:
    return Shape(*key)


def _broken_rule(kind: str, t: int, transpose: bool, vnni: bool, nb: int, w: int, h: int) -> str | None:
    """The first 2D block shape rule of genx-reference.md §6 the message breaks, with its values
    (T element bytes, W/H block width/height, NB blocks), or None."""
    if w < 1 or h < 1:
        return f"W={w}, H={h}: a block is at least 1x1"
    if transpose and vnni:
        return "transpose and VNNI together"
    if kind == "store":
        if nb != 1 or transpose or vnni:
            return f"a store writes one plain block (NB={nb})"
        if h > 8:
            return f"store H={h} > 8"
        if not 4 <= w * t <= 64:
            return f"store W*T={w * t} bytes outside 4..64"
        if w * h * t > 512:
            return f"store W*H*T={w * h * t} bytes > 512"
        return None
    if transpose:
        if nb != 1:
            return f"transposed NB={nb}, must be 1"
        if t not in (4, 8):
            return f"transposed T={t}, must be 4 or 8 (u32, u64)"
        # H <= 16, not the reference's 32: IGC aborts on 17..32 (a transposed row is one GRF)
        if t == 4 and (h > 16 or w > 8):
            return f"transposed u32 needs H <= 16 and W <= 8, not H={h}, W={w}"
        if t == 8 and (h != 8 or w not in (1, 2, 4)):
            return f"transposed u64 needs H = 8 and W in 1, 2, 4, not H={h}, W={w}"
        return None
    if nb not in (1, 2, 4):
        return f"NB={nb}, must be 1, 2 or 4"
    if h > 32:
        return f"H={h} > 32"
    if w * t < 4:
        return f"W*T={w * t} bytes < 4"
    if w * nb * t > 64:
        return f"W*NB*T={w * nb * t} bytes > 64"
    if vnni:
        if t not in (1, 2):
            return f"VNNI T={t}, must be 1 or 2 (u8, u16)"
        if h * t < 4:
            return f"VNNI H*T={h * t} bytes < 4"
        if w > 16:
            return f"VNNI W={w} > 16"
        return None
    if t == 4 and nb > 2:
        return f"u32 NB={nb} > 2"
    if t == 8 and nb > 1:
        return f"u64 NB={nb} > 1"
    return None  # W*H*NB*T <= 2048 follows from H <= 32 and W*NB*T <= 64


def _decode(kind: str, a: list, grf: int, what: str) -> tuple[Shape, int, int, int]:
    (_pred, _l1, _l3, ds, order, nb, w, h, vnni, base, sw1, sh1, pitch1, x, y) = a[:15]
    shape = _shape(kind, int(ds), int(order), int(nb) & 0xFF, int(w) & 0xFFFF, int(h) & 0xFFFF, int(vnni),
                   (int(sw1) & 0xFFFFFFFF) + 1, (int(sh1) & 0xFFFFFFFF) + 1, (int(pitch1) & 0xFFFFFFFF) + 1,
                   grf, what)
    base = int(base)
    if base % 64:
        raise Fault(f"{what}: surface base {base:#x} is not 64-byte aligned")
    return shape, base, int(x), int(y)


def load2d(mem: Space, a: list, result_dtype: np.dtype, result_len: int, grf: int = 64) -> np.ndarray:
    """The payload of a 2D block load (operands as in the intrinsic, in order)."""
    what = "lsc.load2d"
    shape, base, x, y = _decode("load", a, grf, what)
    nbytes = result_len * np.dtype(result_dtype).itemsize
    if nbytes != shape.payload_elems * shape.t:
        raise Fault(f"{what}: result of {nbytes} bytes, but the message returns "
                    f"{shape.payload_elems * shape.t}")
    out = np.zeros(shape.payload_elems, dtype=shape.unit)
    if bool(a[0]):
        dst, rows, cols = shape.positions(x, y)
        ok = shape.inside(rows, cols)
        addr = base + rows[ok] * shape.pitch + cols[ok] * shape.t
        try:
            out[dst[ok]] = mem.read(addr, shape.unit, what)
        except MemoryError_ as e:
            raise Fault(str(e)) from None
    return out.view(result_dtype)


def store2d(mem: Space, a: list, data: np.ndarray, grf: int = 64) -> None:
    what = "lsc.store2d"
    shape, base, x, y = _decode("store", a, grf, what)
    raw = np.ascontiguousarray(np.atleast_1d(data)).view(np.uint8)
    if raw.size != shape.payload_elems * shape.t:
        raise Fault(f"{what}: data of {raw.size} bytes, but the message takes "
                    f"{shape.payload_elems * shape.t}")
    if not bool(a[0]):
        return
    vals = raw.view(shape.unit)
    dst, rows, cols = shape.positions(x, y)
    ok = shape.inside(rows, cols)
    addr = base + rows[ok] * shape.pitch + cols[ok] * shape.t
    try:
        mem.write(addr, vals[dst[ok]], what)
    except MemoryError_ as e:
        raise Fault(str(e)) from None


def prefetch2d(a: list, grf: int = 64) -> None:
    """Checks the operands; a prefetch has no architectural effect (and never faults)."""
    _decode("prefetch", a, grf, "lsc.prefetch2d")


# -- the same messages as raw sends (genx-emit's payload form) ---------------------------------
# llvm.genx.raw.send2 (load), raw.send2.noresult (prefetch), raw.sends2.noresult (store), with
# the Xe-HPC encodings IGC gives the lsc.*2d.stateless intrinsics. The header (one GRF) holds
# dwords [base lo, base hi, width-1, height-1, pitch-1, x, y, shape], shape = block width-1 |
# block height-1 << 8 | blocks-1 << 16. The descriptor: opcode [5:0] (3 load/prefetch, 7 store),
# VNNI [7], data size [11:9] (0..3: u8..u64), transpose [15], cache control [19:17] (not
# modelled), response GRFs [24:20] (31 for 32), header GRFs [28:25]. Any other send, or a field
# outside these, is refused.
UGM_SFID = 0xF
_OP_LOAD, _OP_STORE = 3, 7
_DESC_KNOWN = 0x3F | 1 << 7 | 0x7 << 9 | 1 << 15 | 0x7 << 17 | 0x1F << 20 | 0xF << 25


def _field(desc: int, shift: int, bits: int) -> int:
    return (desc >> shift) & ((1 << bits) - 1)


def decode_send(kind: str, modifier: int, exec_size: int, sfid: int, exdesc: int, desc: int, src_grfs: int,
                header: np.ndarray, pred: object, what: str) -> list:
    """The 15 lsc.*2d.stateless operands a raw send of a 2D block ``kind`` message stands for
    (``kind``: load, store or prefetch, from the intrinsic's form); refuses any other send."""
    if sfid != UGM_SFID:
        raise Fault(f"{what}: shared function {sfid:#x}; only 2D block messages (UGM, sfid {UGM_SFID:#x}) "
                    "are simulated")
    if modifier or exec_size or exdesc:
        raise Fault(f"{what}: modifier {modifier}, exec size {exec_size}, extended descriptor {exdesc:#x}: "
                    "a 2D block message has 0, 0 (one lane) and 0")
    opcode = _field(desc, 0, 6)
    want = _OP_STORE if kind == "store" else _OP_LOAD
    if opcode != want or desc & ~_DESC_KNOWN & 0xFFFFFFFF:
        raise Fault(f"{what}: descriptor {desc:#010x} is not a 2D block {kind} (opcode {want}); "
                    "only 2D block load, store and prefetch sends are simulated")
    vnni, ds, transpose = _field(desc, 7, 1), _field(desc, 9, 3), _field(desc, 15, 1)
    if _field(desc, 25, 4) != 1 or src_grfs != 1:
        raise Fault(f"{what}: the header is one GRF (descriptor says {_field(desc, 25, 4)}, "
                    f"operand {src_grfs})")
    dw = np.ascontiguousarray(np.atleast_1d(header)).view(np.uint32)
    if dw.size < 8:
        raise Fault(f"{what}: header of {dw.size} dwords; a 2D block header has 8")
    d = [int(v) for v in dw[:8]]
    signed = [v - (1 << 32) if v >= 1 << 31 else v for v in d]
    shape = d[7]
    return [pred, 0, 0, ds + 1, 2 if transpose else 1, _field(shape, 16, 4) + 1, _field(shape, 0, 8) + 1,
            _field(shape, 8, 8) + 1, vnni, d[0] | d[1] << 32, d[2], d[3], d[4], signed[5], signed[6]]


def response_grfs(desc: int) -> int:
    """The response length field: GRFs returned (a 32-GRF response is written 31)."""
    return _field(desc, 20, 5)


# -- many threads at once -------------------------------------------------------------------------
# The batched forms take operands with a leading thread axis (or without, when constant) and
# return None whenever a thread's message would fault or the threads' block shapes differ: the
# one-thread functions above then run thread by thread and say what is wrong.

def _uniform(v) -> int | None:
    a = np.asarray(v)
    if a.ndim == 0:
        return int(a)
    return int(a[0]) if (a == a[0]).all() else None


def decode_threads(kind: str, a: list, grf: int, n: int):
    """(Shape, base, x, y, pred) of ``n`` threads' messages (the 15 operands of :func:`_decode`),
    base/x/y/pred as [n] arrays; None unless every thread's message has one legal shape."""
    ds, order, nb, w, h, vnni, sw1, sh1, pitch1 = (_uniform(v) for v in (a[3:9] + a[10:13]))
    if None in (ds, order, nb, w, h, vnni, sw1, sh1, pitch1):
        return None
    try:
        shape = _shape(kind, ds, order, nb & 0xFF, w & 0xFFFF, h & 0xFFFF, vnni, (sw1 & 0xFFFFFFFF) + 1,
                       (sh1 & 0xFFFFFFFF) + 1, (pitch1 & 0xFFFFFFFF) + 1, grf, "")
    except Fault:
        return None
    base = np.broadcast_to(np.asarray(a[9]).astype(np.int64), (n,))
    if (base % 64).any():
        return None
    x, y = (np.broadcast_to(np.asarray(v).astype(np.int64), (n,)) for v in (a[13], a[14]))
    pred = np.broadcast_to(np.asarray(a[0], dtype=bool), (n,))
    return shape, base, x, y, pred


def _plan(shape: Shape, base, x, y, pred):
    """Where ``n`` threads' messages move data: (payload index [E], each thread's block start
    [n] and element offsets [E], which move [n, E] or None when all do: every block inside its
    surface, predicates on)."""
    dst, rows, cols = shape.payload_order()
    start = base + y * shape.pitch + x * shape.t
    rel = rows * shape.pitch + cols * shape.t
    whole = ((y >= 0) & (y + shape.h <= shape.sh) & (x >= 0)
             & ((x + shape.nb * shape.w) * shape.t <= shape.sw) & pred)
    if whole.all():
        return dst, start, rel, None
    r, c = rows[None, :] + y[:, None], cols[None, :] + x[:, None]
    return dst, start, rel, shape.inside(r, c) & pred[:, None]


def load2d_threads(mem: Space, m, result_dtype: np.dtype, result_len: int, who) -> np.ndarray | None:
    """The payloads ``[n, result_len]``; ``who`` ([n]) names the threads to the memory tracker."""
    shape, base, x, y, pred = m
    n = base.shape[0]
    if result_len * np.dtype(result_dtype).itemsize != shape.payload_elems * shape.t:
        return None
    dst, start, rel, ok = _plan(shape, base, x, y, pred)
    if ok is None:  # every block whole: read as rows, then laid out in the payload
        got = mem.read_blocks(start, shape.h, shape.nb * shape.w, shape.pitch, shape.unit, who)
        out = None if got is None else shape.from_rows(got)
        if out is not None:
            return out.view(result_dtype)
    out = np.zeros((n, shape.payload_elems), dtype=shape.unit)
    addr = start[:, None] + rel[None, :]
    try:
        if ok is None:
            out[:, dst] = mem.read(addr, shape.unit, "", who[:, None])
        else:
            moved = np.zeros(addr.shape, dtype=shape.unit)
            moved[ok] = mem.read(addr[ok], shape.unit, "", np.broadcast_to(who[:, None], ok.shape)[ok])
            out[:, dst] = moved
    except MemoryError_:
        return None
    return out.view(result_dtype)


def store2d_threads(mem: Space, m, data, who) -> bool:
    """Stores every thread's block, thread after thread; False (nothing stored) on a fault."""
    shape, base, x, y, pred = m
    n = base.shape[0]
    raw = np.ascontiguousarray(np.broadcast_to(data, (n, *np.shape(data)[-1:]))).view(np.uint8)
    if raw.shape[1] != shape.payload_elems * shape.t:
        return False
    dst, start, rel, ok = _plan(shape, base, x, y, pred)
    if ok is None and not shape.transpose and not shape.vnni:  # every block whole: stored as rows
        rows = shape.to_rows(raw.view(shape.unit))
        if mem.write_blocks(start, shape.pitch, rows, who):
            return True
    vals = raw.view(shape.unit)[:, dst]
    addr = start[:, None] + rel[None, :]
    try:
        if ok is None:
            mem.write(addr, vals, "", who[:, None])
        else:
            mem.write(addr[ok], vals[ok], "", np.broadcast_to(who[:, None], ok.shape)[ok])
    except MemoryError_:
        return False
    return True


def send_threads(kind: str, consts: tuple, header, pred, n: int) -> list | None:
    """:func:`decode_send` for ``n`` threads: the 15 operands, per thread; None when the send is
    not a 2D block message (``consts``: modifier, exec size, sfid, extended descriptor,
    descriptor, source GRFs)."""
    modifier, exec_size, sfid, exdesc, desc, src_grfs = consts
    try:
        decode_send(kind, modifier, exec_size, sfid, exdesc, desc, src_grfs, np.zeros(8, np.uint32), True, "")
    except Fault:
        return None
    h = np.asarray(header)
    h = np.broadcast_to(h, (n, h.shape[-1]))
    dw = np.ascontiguousarray(h).view(np.uint32).astype(np.int64)
    if dw.shape[1] < 8:
        return None
    s = dw[:, 7]
    signed = np.ascontiguousarray(h).view(np.int32)
    return [pred, 0, 0, _field(desc, 9, 3) + 1, 2 if _field(desc, 15, 1) else 1, ((s >> 16) & 0xF) + 1,
            (s & 0xFF) + 1, ((s >> 8) & 0xFF) + 1, _field(desc, 7, 1), dw[:, 0] | dw[:, 1] << 32, dw[:, 2],
            dw[:, 3], dw[:, 4], signed[:, 5], signed[:, 6]]
