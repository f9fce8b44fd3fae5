"""LSC gather/scatter, SIMD1 block and atomic messages (genx-reference.md §5).

Non-transposed messages address one location per lane; with vector size VS the result is
structure-of-arrays: element v of lane n is at v*N + n and comes from address + v*T (T the
memory element size). Transposed messages (SIMD1 block) read VS consecutive elements from one
address. Data sizes 5/6 move 8/16-bit memory elements through 32-bit registers (zero-extended
on load, truncated on store; 7 uses the high half). Lanes whose predicate is off read zero and
store nothing. Atomics run lane by lane, lane 0 first, so colliding lanes see each other.

Message limits (checked; IGC compiles messages that break them): at most ``max_lanes`` lanes
(the target's: 32 on PVC, 16 on DG2), a data payload of at most 8 GRFs, a non-transposed
vector size of at most 4 for 64-bit data (IGC refuses 8 with "vector size is too large"), and
every enabled lane's address aligned to its memory element size.
"""

from __future__ import annotations

import numpy as np

from genx_emit.sim.errors import Fault
from genx_emit.sim.memory import MemoryError_, Space

VECTOR_SIZE = {1: 1, 2: 2, 3: 3, 4: 4, 5: 8, 6: 16, 7: 32, 8: 64}
# data size code -> (memory bytes, register bytes)
DATA_SIZE = {1: (1, 1), 2: (2, 2), 3: (4, 4), 4: (8, 8), 5: (1, 4), 6: (2, 4), 7: (2, 4)}
_UINT = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16), 4: np.dtype(np.uint32), 8: np.dtype(np.uint64)}


MAX_PAYLOAD_GRFS = 8
MAX_VECTOR_64BIT = 4  # non-transposed vector size of 64-bit data


class Message:
    """Decoded, checked common operands of a load/store/prefetch/atomic; ``grf`` (bytes) and
    ``max_lanes`` are the target's."""

    def __init__(self, a: list, what: str, slm: bool, grf: int = 64, max_lanes: int = 32):
        (pred, _op, _l1, _l3, scale, imm, ds, vs, order, chmask, addr) = a[:11]
        ds, vs, order = int(ds), int(vs), int(order)
        if ds not in DATA_SIZE:
            raise Fault(f"{what}: data size {ds} (1..7)")
        if vs not in VECTOR_SIZE:
            raise Fault(f"{what}: vector size code {vs} (1..8)")
        if order not in (1, 2):
            raise Fault(f"{what}: data order {order} (1 non-transposed, 2 transposed)")
        if int(chmask) != 0:
            raise Fault(f"{what}: channel masks (non-zero chmask) are not modelled")
        self.ds, self.mem_t, self.reg_t = ds, *DATA_SIZE[ds]
        self.vs = VECTOR_SIZE[vs]
        self.transposed = order == 2
        self.what = what
        ad = np.atleast_1d(np.asarray(addr))
        if slm:
            ad = ad.astype(np.int64) & 0xFFFFFFFF  # 32-bit SLM offsets are unsigned
        else:
            ad = ad.astype(np.int64)
        self.lanes = ad.shape[0]
        self.addr = ad * int(scale) + int(imm)
        p = np.atleast_1d(np.asarray(pred, dtype=bool))
        if p.shape[0] == 1 and self.lanes > 1:
            p = np.broadcast_to(p, (self.lanes,))
        if p.shape[0] != self.lanes:
            raise Fault(f"{what}: {p.shape[0]} predicate lanes for {self.lanes} addresses")
        self.pred = p
        if self.transposed:
            if self.lanes != 1:
                raise Fault(f"{what}: a transposed (block) message takes one address, not {self.lanes}")
            if self.mem_t not in (4, 8) or self.mem_t != self.reg_t:
                raise Fault(f"{what}: transposed messages move 32- or 64-bit data only")
        elif self.lanes > max_lanes:
            raise Fault(f"{what}: {self.lanes} lanes, but an LSC message has at most {max_lanes} on this "
                        "target")
        elif self.reg_t == 8 and self.vs > MAX_VECTOR_64BIT:
            raise Fault(f"{what}: non-transposed 64-bit messages take a vector size of at most "
                        f"{MAX_VECTOR_64BIT}, not {self.vs}")
        # The data payload in GRFs. Non-transposed data is structure-of-arrays: one register block
        # per vector element, holding every lane's element in a reg_t-byte slot (8/16-bit data
        # travels in 32-bit slots), each block padded to whole GRFs. Transposed (SIMD1 block) data
        # is VS consecutive elements, padded once. E.g. PVC SIMD16 D32 VS8: 8 x 1 = 8 GRFs (legal);
        # SIMD32 D32 VS8: 8 x 2 = 16; DG2 (32-byte GRF) SIMD16 D64 VS4: 4 x 4 = 16.
        if self.transposed:
            self.payload_grfs = -(-self.vs * self.reg_t // grf)
        else:
            self.payload_grfs = self.vs * -(-self.lanes * self.reg_t // grf)
        if self.payload_grfs > MAX_PAYLOAD_GRFS:
            layout = (f"{self.vs} x {8 * self.reg_t}-bit, transposed" if self.transposed else
                      f"{self.lanes} lanes x {self.vs} x {8 * self.reg_t}-bit")
            raise Fault(f"{what}: data payload of {self.payload_grfs} GRFs ({layout}; {grf}-byte GRFs) "
                        f"exceeds {MAX_PAYLOAD_GRFS}")

    def check_alignment(self) -> None:
        """Every enabled lane's address is a multiple of the memory element size: 1 byte for
        D8/D8U32, 2 for D16/D16U32, 4 for D32, 8 for D64 (a transposed block: 4 for D32, 8 for
        D64, the block's own unit). Masked lanes access nothing and are not checked."""
        bad = np.flatnonzero(self.pred & (self.addr % self.mem_t != 0))
        if bad.size:
            n = int(bad[0])
            raise Fault(f"{self.what}: lane {n} address {int(self.addr[n]):#x} is not aligned to its "
                        f"{self.mem_t}-byte data")
    def addresses(self) -> np.ndarray:
        """[VS, N] byte addresses: element v of lane n."""
        v = np.arange(self.vs)[:, None]
        return self.addr[None, :] + v * self.mem_t

    def payload_len(self) -> int:
        return self.vs * self.lanes


def _bytes(x, what: str) -> np.ndarray:
    return np.ascontiguousarray(np.atleast_1d(x)).view(np.uint8)


def load(mem: Space, a: list, result_dtype: np.dtype, result_len: int, what: str, slm: bool, grf: int = 64,
         max_lanes: int = 32) -> np.ndarray:
    return _load(mem, Message(a, what, slm, grf, max_lanes), result_dtype, result_len, what)


def _load(mem: Space, m: Message, result_dtype: np.dtype, result_len: int, what: str) -> np.ndarray:
    """The load message ``m`` runs (disabled lanes zero)."""
    m.check_alignment()
    if result_len * np.dtype(result_dtype).itemsize != m.payload_len() * m.reg_t:
        raise Fault(f"{what}: result of {result_len} x {np.dtype(result_dtype).itemsize} bytes, but the "
                    f"message returns {m.payload_len()} x {m.reg_t}")
    out = np.zeros((m.vs, m.lanes), dtype=_UINT[m.reg_t])
    addr = m.addresses()
    on = np.broadcast_to(m.pred[None, :], addr.shape)
    try:
        vals = mem.read(addr[on], _UINT[m.mem_t], what)
    except MemoryError_ as e:
        raise Fault(str(e)) from None
    vals = vals.astype(_UINT[m.reg_t])
    if m.ds == 7:
        vals = vals << np.uint32(16)
    out[on] = vals
    return out.reshape(-1).view(result_dtype)


def load_merge(mem: Space, a: list, passthru, result_dtype: np.dtype, result_len: int, what: str,
               grf: int = 64, max_lanes: int = 32) -> np.ndarray:
    """``lsc.load.merge``: a load whose disabled lanes return ``passthru`` (a plain load's are
    left zero here, though the hardware leaves them unwritten)."""
    m = Message(a, what, False, grf, max_lanes)
    out = _load(mem, m, result_dtype, result_len, what)
    off = np.broadcast_to(~m.pred[None, :], (m.vs, m.lanes)).reshape(-1)
    keep = np.asarray(passthru, dtype=result_dtype).reshape(-1)
    if keep.shape != out.shape:
        raise Fault(f"{what}: passthru of {keep.size} elements for a result of {out.size}")
    out = out.copy()
    out[off] = keep[off]
    return out


def store(mem: Space, a: list, data, what: str, slm: bool, grf: int = 64, max_lanes: int = 32) -> None:
    m = Message(a, what, slm, grf, max_lanes)
    m.check_alignment()
    raw = _bytes(data, what)
    if raw.size != m.payload_len() * m.reg_t:
        raise Fault(f"{what}: data of {raw.size} bytes, but the message stores {m.payload_len()} x {m.reg_t}")
    vals = raw.view(_UINT[m.reg_t]).reshape(m.vs, m.lanes)
    if m.ds == 7:
        vals = vals >> np.uint32(16)
    vals = vals.astype(_UINT[m.mem_t])
    addr = m.addresses()
    on = np.broadcast_to(m.pred[None, :], addr.shape)
    # lane order: a later lane's store wins (element-major within a lane group)
    try:
        mem.write(addr.T[on.T], vals.T[on.T], what)
    except MemoryError_ as e:
        raise Fault(str(e)) from None


def prefetch(a: list, what: str, slm: bool, grf: int = 64, max_lanes: int = 32) -> None:
    """Operands and message limits are checked; a prefetch has no architectural effect and never
    faults on its addresses (so they are not checked for alignment either)."""
    Message(a, what, slm, grf, max_lanes)


# op code -> (name, kind): kind 'i' integer (signedness per op), 'f' float
ATOMIC_OPS = {0x08: "inc", 0x09: "dec", 0x0A: "load", 0x0B: "store", 0x0C: "add", 0x0D: "sub",
              0x0E: "smin", 0x0F: "smax", 0x10: "umin", 0x11: "umax", 0x12: "cmpxchg", 0x13: "fadd",
              0x14: "fsub", 0x15: "fmin", 0x16: "fmax", 0x17: "fcmpxchg", 0x18: "and", 0x19: "or",
              0x1A: "xor"}
_FLOAT_OPS = {"fadd", "fsub", "fmin", "fmax", "fcmpxchg"}


def _apply(op: str, old, s0, s1):
    """New memory value of one lane (numpy scalars of the memory type)."""
    if op == "inc":
        return old + old.dtype.type(1)
    if op == "dec":
        return old - old.dtype.type(1)
    if op == "load":
        return old
    if op == "store":
        return s0
    if op in ("add", "fadd"):
        return old + s0
    if op in ("sub", "fsub"):
        return old - s0
    if op in ("smin", "umin"):
        return min(old, s0)
    if op in ("smax", "umax"):
        return max(old, s0)
    if op == "fmin":
        return np.fmin(old, s0)
    if op == "fmax":
        return np.fmax(old, s0)
    if op in ("cmpxchg", "fcmpxchg"):
        return s1 if old == s0 else old
    if op == "and":
        return old & s0
    if op == "or":
        return old | s0
    return old ^ s0


def atomic(mem: Space, a: list, result_dtype: np.dtype, what: str, slm: bool, grf: int = 64,
           max_lanes: int = 32) -> np.ndarray:
    """``lsc.xatomic``: operands (pred, op, L1, L3, scale, imm, ds, vs, order, chmask, addr, src0,
    src1, surface, passthru); returns the old values (passthru in masked lanes)."""
    m = Message(a, what, slm, grf, max_lanes)
    code = int(a[1]) & 0xFF
    if code not in ATOMIC_OPS:
        raise Fault(f"{what}: atomic op {code:#x} is not an LSC atomic (0x08..0x1A)")
    op = ATOMIC_OPS[code]
    if m.vs != 1 or m.transposed or m.ds not in (3, 4):
        raise Fault(f"{what}: atomics take 32/64-bit data, vector size 1, non-transposed")
    rd = np.dtype(result_dtype)
    if rd.itemsize != m.mem_t:
        raise Fault(f"{what}: {rd} result for {8 * m.mem_t}-bit data")
    m.check_alignment()
    if (op in _FLOAT_OPS) != (rd.kind == "f"):
        raise Fault(f"{what}: {op} on {rd} data")
    if rd.kind == "f":
        mt = rd
    elif op in ("umin", "umax"):
        mt = _UINT[m.mem_t]
    else:
        mt = np.dtype(f"i{m.mem_t}")

    def lanes_of(x) -> np.ndarray:
        v = np.broadcast_to(np.atleast_1d(np.asarray(x)), (m.lanes,))
        return v.view(mt) if v.dtype.itemsize == mt.itemsize else v.astype(mt)

    s0, s1 = lanes_of(a[11]), lanes_of(a[12])
    out = np.array(lanes_of(a[14]), copy=True)
    with np.errstate(over="ignore"):  # integer results wrap, as in hardware
        try:
            for n in range(m.lanes):
                if not m.pred[n]:
                    continue
                addr = m.addr[n:n + 1]
                old = mem.read(addr, mt, what)[0]
                new = _apply(op, old, s0[n], s1[n])
                if op != "load":
                    mem.write(addr, np.array([new], dtype=mt), what)
                out[n] = old
        except MemoryError_ as e:
            raise Fault(str(e)) from None
    return out.view(rd)


# -- many threads at once -------------------------------------------------------------------------
# Operands with a leading thread axis (or without, when constant). Each returns None when a
# thread's message would fault or its fields (other than address and predicate) differ between
# threads: the one-thread functions above then run thread by thread and say what is wrong.

def _message_threads(a: list, ranks: tuple[int, int], n: int, slm: bool, grf: int, max_lanes: int):
    """(Message of thread 0, addresses [n, VS, lanes], enabled [n, VS, lanes]) or None;
    ``ranks``: of the predicate's and the address's types (0 scalar, 1 vector)."""
    if any(np.ndim(v) for v in a[1:10]):  # only address and predicate may vary per thread
        return None
    pred, addr = np.asarray(a[0], dtype=bool), np.asarray(a[10])
    p0 = pred[0] if pred.ndim > ranks[0] else pred
    ad0 = addr[0] if addr.ndim > ranks[1] else addr
    try:
        m = Message([p0] + list(a[1:10]) + [ad0], "", slm, grf, max_lanes)
    except Fault:
        return None
    addr = np.broadcast_to(addr.reshape(n, -1) if addr.ndim > ranks[1] else addr.reshape(1, -1), (n, m.lanes))
    if pred.ndim > ranks[0]:
        pred = pred.reshape(n, -1)
    pred = np.broadcast_to(pred.reshape(-1, pred.shape[-1]) if pred.ndim else pred, (n, m.lanes))
    ad = (addr.astype(np.int64) & 0xFFFFFFFF) if slm else addr.astype(np.int64)
    ad = ad * int(a[4]) + int(a[5])
    if (pred & (ad % m.mem_t != 0)).any():
        return None
    full = ad[:, None, :] + (np.arange(m.vs) * m.mem_t)[None, :, None]
    return m, full, np.broadcast_to(pred[:, None, :], full.shape)


def load_threads(mem: Space, a: list, ranks: tuple[int, int], result_dtype: np.dtype, result_len: int, n: int,
                 grf: int, max_lanes: int, who) -> np.ndarray | None:
    """``[n, result_len]``: every thread's load (disabled lanes zero)."""
    p = _message_threads(a, ranks, n, False, grf, max_lanes)
    if p is None:
        return None
    m, addr, on = p
    if result_len * np.dtype(result_dtype).itemsize != m.payload_len() * m.reg_t:
        return None
    whole = on.all()
    try:
        who_e = np.broadcast_to(np.asarray(who).reshape(-1, 1, 1), addr.shape)
        vals = (mem.read(addr, _UINT[m.mem_t], "", who_e) if whole
                else mem.read(addr[on], _UINT[m.mem_t], "", who_e[on]))
    except MemoryError_:
        return None
    vals = vals.astype(_UINT[m.reg_t])
    if m.ds == 7:
        vals = vals << np.uint32(16)
    if whole:
        out = vals
    else:
        out = np.zeros(addr.shape, dtype=_UINT[m.reg_t])
        out[on] = vals
    return out.reshape(n, -1).view(result_dtype)


def store_threads(mem: Space, a: list, ranks: tuple[int, int], data, n: int, grf: int, max_lanes: int,
                  who) -> bool:
    """Every thread's store, thread after thread (lane after lane within one); False (nothing
    stored) if one would fault."""
    p = _message_threads(a, ranks, n, False, grf, max_lanes)
    if p is None:
        return False
    m, addr, on = p
    raw = np.ascontiguousarray(np.broadcast_to(data, (n, *np.shape(data)[-1:]))).view(np.uint8)
    if raw.shape[1] != m.payload_len() * m.reg_t:
        return False
    vals = raw.view(_UINT[m.reg_t]).reshape(addr.shape)
    if m.ds == 7:
        vals = vals >> np.uint32(16)
    vals = vals.astype(_UINT[m.mem_t])
    order = (0, 2, 1)  # lane-major within a thread, as store() writes
    addr, vals, on = addr.transpose(order), vals.transpose(order), on.transpose(order)
    who_e = np.broadcast_to(np.asarray(who).reshape(-1, 1, 1), addr.shape)
    try:
        mem.write(addr[on], vals[on], "", who_e[on])
    except MemoryError_:
        return False
    return True


def prefetch_threads(a: list, ranks: tuple[int, int], n: int, grf: int, max_lanes: int) -> bool:
    return _message_threads(a, ranks, n, False, grf, max_lanes) is not None
