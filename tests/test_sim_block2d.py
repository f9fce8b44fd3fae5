"""2D block load/store/prefetch semantics (genx-reference.md §6) on hand-computed cases: payload
layout (rows padded to a power of two, blocks padded to whole GRFs), VNNI, transpose, array
loads, surface bounds (zero fill on read, dropped writes) and the faults."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from genx_emit.sim.block2d import load2d, prefetch2d, store2d
from genx_emit.sim.errors import Fault
from genx_emit.sim.memory import BASE, Memory


def _mem(arr: np.ndarray) -> tuple[Memory, int]:
    m = Memory({"buf": arr})
    return m, m.bases["buf"]


def _ops(ds, order, nb, w, h, vnni, base, sw, sh, pitch, x, y, pred=True):
    """Operands in intrinsic order; surface width/height/pitch given as real sizes."""
    return [pred, 0, 0, ds, order, nb, w, h, vnni, base, sw - 1, sh - 1, pitch - 1, x, y]


def test_plain_load_pads_rows_and_grf_and_zero_fills_outside() -> None:
    # buffer 6 rows x 16 u32 (64-byte pitch); surface 8 columns (32 bytes) x 4 rows
    buf = np.arange(96, dtype=np.uint32).reshape(6, 16)
    m, base = _mem(buf)
    # block 3 wide x 2 high at column 6, row 3: row 3 has columns 6, 7 in the surface, 8 outside;
    # row 4 is below the surface (height 4) although the buffer has it
    out = load2d(m.space, _ops(3, 1, 1, 3, 2, 0, base, 32, 4, 64, 6, 3), np.dtype(np.uint32), 16)
    # rows of nextpow2(3) = 4 elements, 2 rows = 8, padded to one 64-byte GRF = 16 dwords
    assert out.tolist() == [54, 55, 0, 0, 0, 0, 0, 0] + [0] * 8


def test_negative_position_reads_zero_left_and_above() -> None:
    buf = np.arange(64, dtype=np.uint32).reshape(4, 16)
    m, base = _mem(buf)
    out = load2d(m.space, _ops(3, 1, 1, 4, 2, 0, base, 64, 4, 64, -2, -1), np.dtype(np.uint32), 16)
    assert out[:8].tolist() == [0, 0, 0, 0, 0, 0, 0, 1]


def test_vnni_packs_row_pairs_per_column() -> None:
    buf = np.arange(8 * 16, dtype=np.uint16).reshape(8, 16)  # element (r, c) = 16 r + c
    m, base = _mem(buf)
    # u16, block 2 wide x 4 high at column 1, row 2: ceil(4*2/4) = 2 payload rows of
    # nextpow2(2) * 2 = 4 elements; element (r2, 2c + k) = memory (2 r2 + k, c)
    out = load2d(m.space, _ops(2, 1, 1, 2, 4, 1, base, 32, 8, 32, 1, 2), np.dtype(np.uint16), 32)
    mem = lambda r, c: 16 * (2 + r) + 1 + c  # noqa: E731
    assert out[:8].tolist() == [mem(0, 0), mem(1, 0), mem(0, 1), mem(1, 1),
                                mem(2, 0), mem(3, 0), mem(2, 1), mem(3, 1)]
    assert (out[8:] == 0).all()


def test_transpose_puts_memory_columns_in_payload_rows() -> None:
    buf = np.arange(4 * 16, dtype=np.uint32).reshape(4, 16)
    m, base = _mem(buf)
    # u32 block 2 wide x 3 high at (1, 1): payload rows = memory columns, nextpow2(3) = 4 wide
    out = load2d(m.space, _ops(3, 2, 1, 2, 3, 0, base, 64, 4, 64, 1, 1), np.dtype(np.uint32), 16)
    assert out[:8].tolist() == [17, 33, 49, 0, 18, 34, 50, 0]


def test_array_load_blocks_are_consecutive_and_grf_padded() -> None:
    buf = np.arange(2 * 32, dtype=np.uint16).reshape(2, 32)
    m, base = _mem(buf)
    # two u16 blocks 4 wide x 2 high side by side: each 8 elements, padded to 32 (one GRF)
    out = load2d(m.space, _ops(2, 1, 2, 4, 2, 0, base, 64, 2, 64, 0, 0), np.dtype(np.uint16), 64)
    assert out[:8].tolist() == [0, 1, 2, 3, 32, 33, 34, 35]
    assert out[32:40].tolist() == [4, 5, 6, 7, 36, 37, 38, 39]
    assert (out[8:32] == 0).all() and (out[40:] == 0).all()


def test_result_type_is_a_view_of_the_payload() -> None:
    buf = np.arange(16, dtype=np.float32).reshape(1, 16)
    m, base = _mem(buf)
    out = load2d(m.space, _ops(3, 1, 1, 16, 1, 0, base, 64, 1, 64, 0, 0), np.dtype(np.float32), 16)
    assert out.dtype == np.float32 and out.tolist() == list(range(16))


def test_store_drops_elements_outside_the_surface() -> None:
    buf = np.full((4, 16), -1, dtype=np.int32)
    m, base = _mem(buf)
    data = np.arange(16, dtype=np.int32)  # 4 wide x 2 high block: 2 rows of 4, padded to 16
    store2d(m.space, _ops(3, 1, 1, 4, 2, 0, base, 32, 3, 64, 6, 2), data)
    out = m.contents("buf", buf)
    expect = np.full((4, 16), -1, dtype=np.int32)
    expect[2, 6:8] = [0, 1]  # columns 8, 9 and row 3 are outside the 8-column, 3-row surface
    np.testing.assert_array_equal(out, expect)


def test_predicate_off_loads_zero_and_stores_nothing() -> None:
    buf = np.arange(16, dtype=np.int32).reshape(1, 16)
    m, base = _mem(buf)
    out = load2d(m.space, _ops(3, 1, 1, 16, 1, 0, base, 64, 1, 64, 0, 0, pred=False), np.dtype(np.int32), 16)
    assert (out == 0).all()
    store2d(m.space, _ops(3, 1, 1, 16, 1, 0, base, 64, 1, 64, 0, 0, pred=False), np.zeros(16, np.int32))
    np.testing.assert_array_equal(m.contents("buf", buf), buf)


@pytest.mark.parametrize("ops, n, why", [
    (_ops(3, 1, 1, 16, 8, 0, BASE + 4, 64, 8, 64, 0, 0), 128, "not 64-byte aligned"),
    (_ops(3, 1, 1, 16, 8, 0, BASE, 64, 8, 64, 0, 0), 64, "result of"),
    (_ops(3, 1, 1, 16, 8, 1, BASE, 64, 8, 64, 0, 0), 128, "VNNI T=4, must be 1 or 2"),
    (_ops(2, 2, 1, 16, 8, 0, BASE, 64, 8, 64, 0, 0), 128, "transposed T=2, must be 4 or 8"),
    (_ops(3, 1, 1, 16, 40, 0, BASE, 64, 8, 64, 0, 0), 640, "illegal 2D block message: H=40 > 32"),
    (_ops(3, 1, 1, 16, 8, 0, BASE, 60, 8, 60, 0, 0), 128, "surface"),
])
def test_illegal_messages_fault(ops, n: int, why: str) -> None:
    m, _ = _mem(np.zeros((8, 16), np.float32))
    with pytest.raises(Fault, match=why):
        load2d(m.space, ops, np.dtype(np.float32), n)


def _payload(ds: int, order: int, nb: int, w: int, h: int, vnni: int, grf: int = 64) -> int:
    """The payload length in elements (genx-reference.md §6 'Result length')."""
    t = {1: 1, 2: 2, 3: 4, 4: 8}[ds]
    p2 = 1 << ((h if order == 2 else w) - 1).bit_length()  # nextpow2
    if order == 2:
        row, rows = p2, w
    elif vnni:
        row, rows = p2 * 4 // t, -(-h * t // 4)
    else:
        row, rows = p2, h
    return nb * -(-row * rows // (grf // t)) * (grf // t)


_DT = {1: np.uint8, 2: np.uint16, 3: np.uint32, 4: np.uint64}
# (data size, order, NB, W, H, vnni): one case at each limit of genx-reference.md §6 that a load
# must accept, and one just past it with the rule the fault names
LEGAL_LOADS = [
    (3, 1, 2, 8, 32, 0),  # u32: 2 blocks, 64 bytes a row, 32 rows
    (4, 1, 1, 8, 32, 0),  # u64: 1 block, 2048 bytes
    (1, 1, 4, 16, 32, 0),  # u8: 4 blocks
    (1, 1, 1, 4, 1, 0),  # W*T = 4
    (1, 1, 1, 16, 4, 1),  # VNNI u8: H*T = 4, W = 16
    (2, 1, 2, 16, 32, 1),  # VNNI u16: W*NB*T = 64, H = 32
    (1, 1, 4, 16, 32, 1),  # VNNI u8: 4 blocks
    (3, 2, 1, 8, 16, 0),  # transposed u32: W = 8, H = 16
    (4, 2, 1, 4, 8, 0),  # transposed u64: H = 8, W = 4
    (4, 2, 1, 1, 8, 0),
]
ILLEGAL_LOADS = [
    ((3, 1, 4, 4, 8, 0), "u32 NB=4 > 2"),
    ((4, 1, 2, 4, 8, 0), "u64 NB=2 > 1"),
    ((2, 1, 3, 4, 8, 0), "NB=3, must be 1, 2 or 4"),
    ((2, 1, 8, 4, 8, 0), "NB=8, must be 1, 2 or 4"),
    ((3, 1, 1, 16, 33, 0), "H=33 > 32"),
    ((1, 1, 1, 3, 8, 0), "W\\*T=3 bytes < 4"),
    ((2, 1, 2, 32, 8, 0), "W\\*NB\\*T=128 bytes > 64"),
    ((1, 1, 1, 32, 8, 1), "VNNI W=32 > 16"),
    ((2, 1, 1, 16, 1, 1), "VNNI H\\*T=2 bytes < 4"),
    ((1, 1, 1, 16, 3, 1), "VNNI H\\*T=3 bytes < 4"),
    ((2, 1, 4, 16, 8, 1), "W\\*NB\\*T=128 bytes > 64"),
    ((3, 1, 1, 16, 8, 1), "VNNI T=4, must be 1 or 2"),
    ((3, 2, 1, 16, 8, 0), "transposed u32 needs H <= 16 and W <= 8, not H=8, W=16"),
    ((3, 2, 1, 8, 17, 0), "transposed u32 needs H <= 16 and W <= 8, not H=17, W=8"),
    ((3, 2, 2, 4, 8, 0), "transposed NB=2, must be 1"),
    ((4, 2, 1, 2, 4, 0), "transposed u64 needs H = 8 and W in 1, 2, 4, not H=4, W=2"),
    ((4, 2, 1, 8, 8, 0), "transposed u64 needs H = 8 and W in 1, 2, 4, not H=8, W=8"),
    ((4, 2, 1, 3, 8, 0), "transposed u64 needs H = 8 and W in 1, 2, 4, not H=8, W=3"),
    ((2, 2, 1, 8, 8, 0), "transposed T=2, must be 4 or 8"),
    ((3, 2, 1, 4, 8, 1), "transpose and VNNI together"),
]


def _surface() -> tuple[Memory, int]:
    return _mem(np.zeros((64, 64), np.uint32))  # 256-byte rows


@pytest.mark.parametrize("shape", LEGAL_LOADS)
def test_loads_at_the_shape_limits_are_accepted(shape) -> None:
    m, base = _surface()
    ds = shape[0]
    out = load2d(m.space, _ops(*shape, base, 256, 64, 256, 0, 0), np.dtype(_DT[ds]), _payload(*shape))
    assert out.size == _payload(*shape)
    prefetch2d(_ops(*shape, base, 256, 64, 256, 0, 0))


@pytest.mark.parametrize("shape, rule", ILLEGAL_LOADS)
def test_loads_breaking_a_shape_rule_fault_naming_it(shape, rule: str) -> None:
    m, base = _surface()
    ops = _ops(*shape, base, 256, 64, 256, 0, 0)
    with pytest.raises(Fault, match="^lsc.load2d: illegal 2D block message: " + rule):
        load2d(m.space, ops, np.dtype(_DT[shape[0]]), _payload(*shape))
    with pytest.raises(Fault, match="^lsc.prefetch2d: illegal 2D block message: " + rule):
        prefetch2d(ops)


@pytest.mark.parametrize("shape, rule", [
    ((3, 1, 1, 16, 8, 0), None),  # 512 bytes, 8 rows, 64-byte rows
    ((1, 1, 1, 4, 8, 0), None),  # W*T = 4
    ((3, 1, 1, 8, 9, 0), "store H=9 > 8"),
    ((1, 1, 1, 2, 8, 0), "store W\\*T=2 bytes outside 4..64"),
    ((2, 1, 1, 64, 4, 0), "store W\\*T=128 bytes outside 4..64"),
    ((3, 1, 2, 8, 8, 0), "a store writes one plain block \\(NB=2\\)"),
    ((2, 1, 1, 16, 8, 1), "a store writes one plain block"),
    ((3, 2, 1, 8, 8, 0), "a store writes one plain block"),
])
def test_store_shape_rules(shape, rule: str | None) -> None:
    m, base = _surface()
    data = np.zeros(_payload(*shape), _DT[shape[0]])
    ops = _ops(*shape, base, 256, 64, 256, 0, 0)
    if rule is None:
        store2d(m.space, ops, data)
    else:
        with pytest.raises(Fault, match="^lsc.store2d: illegal 2D block message: " + rule):
            store2d(m.space, ops, data)


def test_payload_is_at_most_32_grfs() -> None:
    m, base = _surface()
    # u16 16 wide x 32 high, 2 blocks: 2048 bytes, 32 GRFs on PVC but 64 of DG2's 32-byte GRFs
    shape = (2, 1, 2, 16, 32, 0)
    ops = _ops(*shape, base, 256, 64, 256, 0, 0)
    assert load2d(m.space, ops, np.dtype(np.uint16), 1024, grf=64).size == 1024
    with pytest.raises(Fault, match="padded payload of 2048 bytes exceeds 1024"):
        load2d(m.space, ops, np.dtype(np.uint16), 1024, grf=32)
    prefetch2d(ops, grf=32)  # a prefetch returns nothing


def test_surface_larger_than_the_buffer_faults_instead_of_reading_a_neighbour() -> None:
    buf = np.zeros((2, 16), np.float32)
    m, base = _mem(buf)
    with pytest.raises(Fault, match="outside"):
        load2d(m.space, _ops(3, 1, 1, 16, 4, 0, base, 64, 4, 64, 0, 0), np.dtype(np.float32), 64)


def test_store_shape_rules_and_prefetch_never_touches_memory() -> None:
    m, base = _mem(np.zeros((16, 16), np.float32))
    with pytest.raises(Fault, match="store H=16 > 8"):
        store2d(m.space, _ops(3, 1, 1, 16, 16, 0, base, 64, 16, 64, 0, 0), np.zeros(256, np.float32))
    prefetch2d(_ops(3, 1, 1, 16, 8, 0, base, 64, 16, 64, 1000, 1000))  # far outside: no fault


def test_dg2_refuses_2d_block_messages() -> None:
    """Xe-HPG has no 2D block messages (IGC compiles them anyway): a PVC module run as DG2
    code faults at the first one, naming it."""
    from genx_emit.diagnostics import DiagnosticError
    from genx_emit.sim import run

    ll = (Path(__file__).resolve().parents[1] / "samples" / "copy_2d.ll").read_text()
    src = np.zeros((64, 64), np.float32)
    run(ll, None, (1,), {"src": src, "dst": src.copy()}, target="pvc")
    line = next(i for i, ln in enumerate(ll.splitlines(), 1) if "= call <128 x float> @llvm.genx.raw." in ln)
    with pytest.raises(DiagnosticError, match=rf":{line}:11: error: raw\.send2: this target has no 2D block"):
        run(ll, None, (1,), {"src": src, "dst": src.copy()}, target="dg2")
