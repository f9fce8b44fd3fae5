"""LSC gather/scatter, SIMD1 block and atomic semantics (genx-reference.md §5) on hand-computed
cases: structure-of-arrays layout, data sizes, predication, SLM, and atomics lane by lane."""

from __future__ import annotations

import numpy as np
import pytest
from test_sim_kit import kernel_ll, run_body, vec

from genx_emit.sim import SimError, run
from genx_emit.sim.errors import Fault
from genx_emit.sim.lsc import atomic, load, prefetch, store
from genx_emit.sim.memory import Memory, slm_space


def _ops(addr, ds=3, vs=1, order=1, pred=True, op=0):
    """The 11 leading operands: pred, op, L1, L3, scale, imm offset, data size, vector size
    code, order, channel mask, address(es)."""
    return [pred, op, 0, 0, 1, 0, ds, vs, order, 0, addr]


def _mem(arr):
    m = Memory({"buf": arr})
    return m, m.bases["buf"]


def test_gather_with_vector_size_is_structure_of_arrays() -> None:
    buf = np.arange(64, dtype=np.int32)
    m, base = _mem(buf)
    addr = base + 4 * np.array([0, 10, 20, 30], dtype=np.int64)
    out = load(m.space, _ops(addr, vs=2), np.dtype(np.int32), 8, "t", False)
    # element v of lane n at v * 4 + n
    assert out.tolist() == [0, 10, 20, 30, 1, 11, 21, 31]


def test_masked_lanes_read_zero_and_are_not_stored() -> None:
    buf = np.arange(16, dtype=np.int32)
    m, base = _mem(buf)
    addr = base + 4 * np.arange(4, dtype=np.int64)
    pred = np.array([True, False, True, False])
    assert load(m.space, _ops(addr, pred=pred), np.dtype(np.int32), 4, "t", False).tolist() == [0, 0, 2, 0]
    store(m.space, _ops(addr, pred=pred, op=4), np.array([-1, -2, -3, -4], np.int32), "t", False)
    assert m.contents("buf", buf)[:4].tolist() == [-1, 1, -3, 3]


def test_u16_and_u8_data_through_32_bit_registers() -> None:
    h = np.arange(1, 9, dtype=np.uint16) * 1000
    m, base = _mem(h)
    addr = base + 2 * np.array([0, 3, 7], dtype=np.int64)
    assert load(m.space, _ops(addr, ds=6), np.dtype(np.uint32), 3, "t", False).tolist() == [1000, 4000, 8000]
    assert load(m.space, _ops(addr, ds=7), np.dtype(np.uint32), 3, "t", False).tolist() == [
        1000 << 16, 4000 << 16, 8000 << 16]
    store(m.space, _ops(addr, ds=6, op=4), np.array([0x12345, 7, 9], np.uint32), "t", False)
    assert m.contents("buf", h)[[0, 3, 7]].tolist() == [0x2345, 7, 9]  # truncated to 16 bits
    b = np.arange(16, dtype=np.uint8)
    m, base = _mem(b)
    out = load(m.space, _ops(base + np.array([5, 9]), ds=5), np.dtype(np.int32), 2, "t", False)
    assert out.tolist() == [5, 9]


def test_transposed_block_reads_consecutive_elements_from_one_address() -> None:
    buf = np.arange(32, dtype=np.int64)
    m, base = _mem(buf)
    out = load(m.space, _ops(np.int64(base + 16), ds=4, vs=5, order=2), np.dtype(np.int64), 8, "t", False)
    assert out.tolist() == list(range(2, 10))
    with pytest.raises(Fault, match="one address"):
        two = base + np.zeros(2, np.int64)
        load(m.space, _ops(two, ds=4, vs=5, order=2), np.dtype(np.int64), 16, "t", False)


def test_slm_offsets_and_bounds() -> None:
    s = slm_space(64)
    store(s, _ops(np.int32(16), ds=3, vs=4, order=2, op=4), np.arange(4, dtype=np.int32), "t", True)
    assert load(s, _ops(np.array([16, 28], np.int32)), np.dtype(np.int32), 2, "t", True).tolist() == [0, 3]
    with pytest.raises(Fault, match="SLM address 0x40"):
        load(s, _ops(np.array([64], np.int32)), np.dtype(np.int32), 1, "t", True)


def test_out_of_bounds_gather_faults_and_prefetch_does_not() -> None:
    m, base = _mem(np.zeros(4, np.int32))
    with pytest.raises(Fault, match="outside every buffer"):
        load(m.space, _ops(base + np.array([0, 16], np.int64)), np.dtype(np.int32), 2, "t", False)
    prefetch(_ops(base + np.array([0, 1 << 20], np.int64)), "t", False)


def _atomic(m, addr, op, s0, s1=None, pred=True, dtype=np.int32, passthru=None):
    n = len(addr)
    src1 = np.zeros(n, dtype) if s1 is None else np.asarray(s1, dtype)
    pt = np.zeros(n, dtype) if passthru is None else np.asarray(passthru, dtype)
    ds = 4 if np.dtype(dtype).itemsize == 8 else 3
    ops = _ops(np.asarray(addr, np.int64), ds=ds, pred=pred, op=op) + [np.asarray(s0, dtype), src1, 0, pt]
    return atomic(m.space, ops, np.dtype(dtype), "t", False)


def test_atomic_add_serialises_colliding_lanes() -> None:
    buf = np.array([100, 0], dtype=np.int32)
    m, base = _mem(buf)
    old = _atomic(m, [base, base, base + 4, base], 0x0C, [1, 2, 3, 4])
    assert old.tolist() == [100, 101, 0, 103]
    assert m.contents("buf", buf).tolist() == [107, 3]


def test_atomic_ops_by_code() -> None:
    buf = np.array([5, -3, 7, 1], dtype=np.int32)
    m, base = _mem(buf)
    a = base + 4 * np.arange(4)
    _atomic(m, a, 0x0F, [4, 0, 9, 1])  # smax
    assert m.contents("buf", buf).tolist() == [5, 0, 9, 1]
    _atomic(m, a, 0x10, [-1, 1, 3, 0])  # umin: -1 is the largest unsigned
    assert m.contents("buf", buf).tolist() == [5, 0, 3, 0]
    old = _atomic(m, a, 0x12, [5, 1, 3, 0], [50, 60, 70, 80])  # cmpxchg: src0 compare, src1 new
    assert old.tolist() == [5, 0, 3, 0] and m.contents("buf", buf).tolist() == [50, 0, 70, 80]
    _atomic(m, a, 0x08, [0] * 4, pred=np.array([1, 0, 0, 1], bool))  # inc on lanes 0 and 3
    assert m.contents("buf", buf).tolist() == [51, 0, 70, 81]
    old = _atomic(m, a, 0x0B, [1, 2, 3, 4], pred=np.array([0, 1, 1, 1], bool), passthru=[-9] * 4)
    assert old.tolist() == [-9, 0, 70, 81] and m.contents("buf", buf).tolist() == [51, 2, 3, 4]


def test_float_atomics() -> None:
    buf = np.array([1.5, np.nan], dtype=np.float32)
    m, base = _mem(buf)
    _atomic(m, [base, base], 0x13, [0.25, 0.25], dtype=np.float32)
    assert m.contents("buf", buf)[0] == 2.0
    _atomic(m, [base + 4], 0x16, [3.0], dtype=np.float32)  # fmax with a NaN in memory: the number
    assert m.contents("buf", buf)[1] == 3.0
    with pytest.raises(Fault, match="fadd on int32"):
        _atomic(m, [base], 0x13, [1], dtype=np.int32)
    with pytest.raises(Fault, match="not an LSC atomic"):
        _atomic(m, [base], 0x30, [1], dtype=np.int32)


NAN = float("nan")
# (op code, memory before, element index of each lane, src0, src1, old values returned, memory
# after), hand-computed lane by lane, lane 0 first: a lane sees the writes of the lanes before it
ATOMIC_CASES = [
    (0x09, [10, -4, 7, 240], [0, 0, 1, 0], [0] * 4, None, [10, 9, -4, 8], [7, -5, 7, 240]),  # dec
    (0x0A, [10, -4, 7, 240], [0, 1, 2, 3], [99] * 4, None, [10, -4, 7, 240], [10, -4, 7, 240]),  # load
    (0x0D, [10, -4, 7, 240], [0, 0, 2, 3], [3] * 4, None, [10, 7, 7, 240], [4, -4, 4, 237]),  # sub
    (0x0E, [10, -4, 7, 240], [0, 1, 2, 3], [5, -10, 9, -1], None, [10, -4, 7, 240], [5, -10, 7, -1]),  # smin
    # umax: -10 = 0xFFFFFFF6 is below -4 = 0xFFFFFFFC, and -1 is the largest
    (0x11, [10, -4, 7, 240], [0, 1, 2, 3], [5, -10, 9, -1], None, [10, -4, 7, 240], [10, -4, 9, -1]),
    (0x18, [10, -4, 7, 240], [0, 1, 2, 3], [6, -1, 0, 0x3C], None, [10, -4, 7, 240], [2, -4, 0, 48]),  # and
    (0x19, [10, -4, 7, 240], [0, 1, 2, 3], [5, 3, 8, 0x0F], None, [10, -4, 7, 240], [15, -1, 15, 255]),  # or
    (0x1A, [10, -4, 7, 240], [0, 0, 2, 3], [10, 3, 1, 0xFF], None, [10, 0, 7, 240], [3, -4, 6, 15]),  # xor
    (0x08, [10, -4, 7, 2**31 - 1], [0, 0, 1, 3], [0] * 4, None, [10, 11, -4, 2**31 - 1],
     [12, -3, 7, -(2**31)]),  # inc wraps
    # cmpxchg: src0 compares, src1 is the new value; lane 1 sees lane 0's 20
    (0x12, [10, -4, 7, 240], [0, 0, 1, 2], [10, 10, -4, 8], [20, 30, 40, 50], [10, 20, -4, 7],
     [20, 40, 7, 240]),
    (0x0B, [10, -4, 7, 240], [0, 0, 1, 3], [1, 2, 3, 4], None, [10, 1, -4, 240], [2, 3, 7, 4]),  # store
]
FLOAT_CASES = [
    (0x14, [1.5, -2.0, NAN, 0.0], [0, 0, 1, 3], [0.25, 0.5, 1.0, 0.0], None, [1.5, 1.25, -2.0, 0.0],
     [0.75, -3.0, NAN, 0.0]),  # fsub
    # fmin: a NaN operand (in memory or src0) gives the other value
    (0x15, [1.5, -2.0, NAN, 4.0], [0, 1, 2, 3], [2.0, -3.0, 1.0, NAN], None, [1.5, -2.0, NAN, 4.0],
     [1.5, -3.0, 1.0, 4.0]),
    # fcmpxchg compares as floats: NaN equals nothing; lane 3 sees lane 0's 7.0
    (0x17, [1.5, -2.0, NAN, 0.0], [0, 1, 2, 0], [1.5, 5.0, NAN, 9.0], [7.0, 8.0, 1.0, 2.0],
     [1.5, -2.0, NAN, 7.0], [7.0, -2.0, NAN, 0.0]),
]


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
@pytest.mark.parametrize("code, before, index, s0, s1, old, after", ATOMIC_CASES)
def test_integer_atomics_lane_by_lane(code, before, index, s0, s1, old, after, dtype) -> None:
    if dtype == np.int64:  # the same cases on 64-bit data, with 32-bit wrap-around moved to 64 bits
        wrap = {2**31 - 1: 2**63 - 1, -(2**31): -(2**63)}
        before, old, after = ([wrap.get(v, v) for v in x] for x in (before, old, after))
    buf = np.array(before, dtype)
    m, base = _mem(buf)
    size = np.dtype(dtype).itemsize
    got = _atomic(m, [base + size * i for i in index], code, s0, s1, dtype=dtype)
    assert got.dtype == dtype and got.tolist() == old
    assert m.contents("buf", buf).tolist() == after


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("code, before, index, s0, s1, old, after", FLOAT_CASES)
def test_float_atomics_lane_by_lane(code, before, index, s0, s1, old, after, dtype) -> None:
    buf = np.array(before, dtype)
    m, base = _mem(buf)
    size = np.dtype(dtype).itemsize
    got = _atomic(m, [base + size * i for i in index], code, s0, s1, dtype=dtype)
    np.testing.assert_array_equal(got, np.array(old, dtype))  # NaN equals NaN here
    np.testing.assert_array_equal(m.contents("buf", buf), np.array(after, dtype))


def test_every_atomic_op_code_has_a_hand_computed_case() -> None:
    from genx_emit.sim.lsc import ATOMIC_OPS

    elsewhere = {0x0C, 0x0F, 0x10, 0x13, 0x16}  # add, smax, umin, fadd, fmax: tests above
    covered = {c[0] for c in ATOMIC_CASES + FLOAT_CASES} | elsewhere
    assert covered == set(ATOMIC_OPS)


def test_gather_through_a_kernel_names_the_instruction_when_out_of_bounds() -> None:
    body = ("  %a = insertelement <4 x i64> undef, i64 %out, i32 0\n"
            "  %b = shufflevector <4 x i64> %a, <4 x i64> undef, <4 x i32> zeroinitializer\n"
            f"  %addr = add <4 x i64> %b, {vec('i64', [0, 4, 8, 4096])}\n"
            "  %v = call <4 x i32> @llvm.genx.lsc.load.stateless.v4i32.v4i1.v4i64(<4 x i1> "
            f"{vec('i1', [1] * 4)}, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <4 x i64> %addr, "
            "i32 0)\n  ret void\n")
    with pytest.raises(SimError) as e:
        run_body(body, 4, np.int32)
    msg = str(e.value)
    assert "lsc.load.stateless" in msg and "outside every buffer" in msg and "'out'" in msg
    assert "work-group (0, 0, 0)" in msg


# ---------------------------------------------------------------------------- message limits

@pytest.mark.parametrize("lanes, max_lanes, ok", [(32, 32, True), (64, 32, False), (16, 16, True),
                                                   (32, 16, False)])
def test_lane_count_is_limited_by_the_target(lanes: int, max_lanes: int, ok: bool) -> None:
    m, base = _mem(np.zeros(64, np.int32))
    ops = _ops(base + 4 * np.arange(lanes, dtype=np.int64))
    grf = 64 if max_lanes == 32 else 32
    if ok:
        load(m.space, ops, np.dtype(np.int32), lanes, "t", False, grf, max_lanes)
        return
    with pytest.raises(Fault, match=f"{lanes} lanes, but an LSC message has at most {max_lanes}"):
        load(m.space, ops, np.dtype(np.int32), lanes, "t", False, grf, max_lanes)
    with pytest.raises(Fault, match="lanes, but"):  # a prefetch is the same message
        prefetch(ops, "t", False, grf, max_lanes)


# (lanes, data size, vector size, order, GRF bytes, payload GRFs or None when legal):
# non-transposed = VS x ceil(lanes x register bytes / GRF), transposed = ceil(VS x bytes / GRF)
PAYLOADS = [
    (16, 3, 8, 1, 64, None),  # PVC SIMD16 D32 x8: 8 x 1
    (8, 3, 8, 1, 64, None),  # SIMD8 D32 fills half a GRF per element: still 8 x 1
    (32, 3, 4, 1, 64, None),  # 4 x 2
    (32, 3, 8, 1, 64, 16),
    (32, 4, 4, 1, 64, 16),  # D64: 4 GRFs per element at SIMD32
    (32, 5, 8, 1, 64, 16),  # D8U32: bytes travel in 32-bit slots, 2 GRFs per element
    (1, 3, 16, 1, 64, 16),  # SIMD1 non-transposed: one GRF per element
    (16, 3, 4, 1, 32, None),  # DG2 SIMD16 D32 x4: 4 x 2
    (16, 3, 8, 1, 32, 16),
    (1, 4, 64, 2, 64, None),  # transposed D64 x64 = 512 bytes: 8 PVC GRFs
    (1, 4, 64, 2, 32, 16),  # ... 16 of DG2's
    (1, 3, 64, 2, 32, None),  # transposed D32 x64 = 256 bytes: 8 DG2 GRFs
]


@pytest.mark.parametrize("lanes, ds, vs, order, grf, grfs", PAYLOADS)
def test_data_payload_is_at_most_8_grfs(lanes: int, ds: int, vs: int, order: int, grf: int,
                                        grfs: int | None) -> None:
    buf = np.zeros(1024, np.int64)
    m, base = _mem(buf)
    code = {1: 1, 2: 2, 3: 3, 4: 4, 8: 5, 16: 6, 32: 7, 64: 8}[vs]
    reg = {3: np.dtype(np.uint32), 4: np.dtype(np.uint64), 5: np.dtype(np.uint32)}[ds]
    addr = np.int64(base) if order == 2 else base + 64 * np.arange(lanes, dtype=np.int64)
    ops = _ops(addr, ds=ds, vs=code, order=order)
    if grfs is None:
        assert load(m.space, ops, reg, vs * lanes, "t", False, grf, 32).size == vs * lanes
        store(m.space, ops[:1] + [4] + ops[2:], np.zeros(vs * lanes, reg), "t", False, grf, 32)
        return
    with pytest.raises(Fault, match=f"data payload of {grfs} GRFs .*exceeds 8"):
        load(m.space, ops, reg, vs * lanes, "t", False, grf, 32)
    with pytest.raises(Fault, match=f"data payload of {grfs} GRFs"):
        store(m.space, ops[:1] + [4] + ops[2:], np.zeros(vs * lanes, reg), "t", False, grf, 32)


@pytest.mark.parametrize("ds, order, offset, ok", [
    (5, 1, 3, True),  # D8U32: any byte
    (6, 1, 2, True),  # D16U32: 2 bytes
    (6, 1, 1, False),
    (7, 1, 1, False),
    (3, 1, 4, True),
    (3, 1, 2, False),  # D32: 4 bytes
    (4, 1, 8, True),
    (4, 1, 4, False),  # D64: 8 bytes
    (3, 2, 4, True),  # transposed D32 block: 4 bytes
    (3, 2, 2, False),
    (4, 2, 8, True),
    (4, 2, 4, False),  # transposed D64 block: 8 bytes
])
def test_addresses_are_aligned_to_the_data_size(ds: int, order: int, offset: int, ok: bool) -> None:
    m, base = _mem(np.zeros(64, np.int64))
    reg = np.dtype(np.uint64) if ds == 4 else np.dtype(np.uint32)
    if order == 2:
        addr, n = np.int64(base + offset), 2
    else:
        addr, n = base + np.array([0, 16 + offset], np.int64), 2
    ops = _ops(addr, ds=ds, vs=2 if order == 2 else 1, order=order)
    if ok:
        load(m.space, ops, reg, n, "t", False)
        return
    lane = 0 if order == 2 else 1
    where = int(base + offset) if order == 2 else int(base + 16 + offset)
    size = {5: 1, 6: 2, 7: 2, 3: 4, 4: 8}[ds]
    with pytest.raises(Fault, match=f"lane {lane} address {where:#x} is not aligned to its {size}-byte data"):
        load(m.space, ops, reg, n, "t", False)
    with pytest.raises(Fault, match="is not aligned"):
        store(m.space, ops[:1] + [4] + ops[2:], np.zeros(n, reg), "t", False)


def test_alignment_skips_masked_lanes_and_covers_slm_and_atomics() -> None:
    m, base = _mem(np.zeros(8, np.int32))
    addr = base + np.array([0, 2], np.int64)
    assert load(m.space, _ops(addr, pred=np.array([True, False])), np.dtype(np.int32), 2, "t",
                False).tolist() == [0, 0]
    with pytest.raises(Fault, match=f"lane 1 address {int(base) + 2:#x} is not aligned"):
        _atomic(m, addr, 0x0C, [1, 1])
    assert m.contents("buf", np.zeros(8, np.int32)).tolist() == [0] * 8  # no lane ran
    with pytest.raises(Fault, match="lane 0 address 0x6 is not aligned to its 4-byte data"):
        load(slm_space(64), _ops(np.array([6], np.int32)), np.dtype(np.int32), 1, "t", True)
    prefetch(_ops(addr), "t", False)  # a prefetch accesses nothing


def test_the_lane_limit_comes_from_the_target() -> None:
    body = ("  %a = insertelement <32 x i64> undef, i64 %out, i32 0\n"
            "  %b = shufflevector <32 x i64> %a, <32 x i64> undef, <32 x i32> zeroinitializer\n"
            f"  %addr = add <32 x i64> %b, {vec('i64', [4 * i for i in range(32)])}\n"
            "  %v = call <32 x i32> @llvm.genx.lsc.load.stateless.v32i32.v32i1.v32i64(<32 x i1> "
            f"{vec('i1', [1] * 32)}, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, "
            "<32 x i64> %addr, i32 0)\n  ret void\n")
    text = kernel_ll(body)
    run(text, None, 1, {"out": np.zeros(32, np.int32)}, target="pvc")
    with pytest.raises(SimError, match="32 lanes, but an LSC message has at most 16 on this target") as e:
        run(text, None, 1, {"out": np.zeros(32, np.int32)}, target="dg2")
    assert e.value.loc.line == text.splitlines().index(body.splitlines()[3]) + 1


@pytest.mark.parametrize("vs, ok", [(1, True), (2, True), (3, True), (4, True), (8, False)])
def test_non_transposed_64_bit_vector_size_is_at_most_4(vs: int, ok: bool) -> None:
    """IGC refuses a non-transposed D64 message of vector size 8 at any lane count (checked on
    both targets), though its payload may fit 8 GRFs: the simulator refuses it too."""
    buf = np.zeros(256, np.int64)
    m, base = _mem(buf)
    code = {1: 1, 2: 2, 3: 3, 4: 4, 8: 5}[vs]
    ops = _ops(base + 64 * np.arange(4, dtype=np.int64), ds=4, vs=code)
    reg = np.dtype(np.uint64)
    if ok:
        assert load(m.space, ops, reg, vs * 4, "t", False, 64, 32).size == vs * 4
        return
    with pytest.raises(Fault, match="non-transposed 64-bit messages take a vector size of at most 4, not 8"):
        load(m.space, ops, reg, vs * 4, "t", False, 64, 32)
    with pytest.raises(Fault, match="vector size of at most 4"):
        store(m.space, ops[:1] + [4] + ops[2:], np.zeros(vs * 4, reg), "t", False, 64, 32)
