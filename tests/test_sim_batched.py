"""The simulator runs many threads at once: its batched forms must give what the one-thread
forms give (bit for bit), and running a batch in lockstep must not change what a kernel whose
threads race sees (the machine falls back to the reference order)."""
# ruff: noqa: E501  (hand-written LLVM IR lines are long)

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_sim_kit import kernel_ll, store_words

from genx_emit.sim import SimError, machine, run
from genx_emit.sim.dpas import PRECISIONS, dpas, dpas_threads

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _bits(rng: np.random.Generator, shape) -> np.ndarray:
    """Random dwords, a fifth of them zeros or negative zeros (in both halves)."""
    u = rng.integers(0, 2 ** 32, size=shape, dtype=np.uint64).astype(np.uint32)
    m = rng.random(shape)
    u[m < 0.1] = 0
    u[(m >= 0.1) & (m < 0.2)] = 0x80008000
    return u.view(np.int32)


@pytest.mark.parametrize("prec,result", [(10, np.float32), (10, np.float16), (9, np.float32), (12, np.float32),
                                         (8, np.int32), (7, np.int32), (6, np.int32)])
@pytest.mark.parametrize("repeat,n", [(1, 8), (2, 8), (8, 16), (4, 16)])
def test_batched_dpas_is_the_one_thread_dpas_bit_for_bit(prec: int, result, repeat: int, n: int) -> None:
    """Random bit patterns: NaNs (payloads too), infinities, signed zeros, denormals."""
    rng = np.random.default_rng(prec * 100 + repeat * 10 + n)
    t = 300  # more than one chunk of threads
    a, b = _bits(rng, (t, repeat * 8)), _bits(rng, (t, 8 * n))
    if result is np.int32:
        acc = rng.integers(-2 ** 31, 2 ** 31, size=(t, repeat * n)).astype(np.int32)
    else:
        acc = (rng.standard_normal((t, repeat * n)) * (rng.random((t, repeat * n)) < 0.5)).astype(result)
        acc[:, ::3] = -0.0
    rd = np.dtype(result)
    with np.errstate(all="ignore"):
        for use_acc in (True, False):
            got = dpas_threads(acc if use_acc else None, b, a, prec, prec, 8, repeat, rd, repeat * n, t)
            want = np.stack([dpas(acc[k] if use_acc else None, b[k], a[k], prec, prec, 8, repeat, rd, repeat * n,
                                  "dpas2") for k in range(t)])
            assert got.dtype == want.dtype and got.shape == want.shape
            assert (np.ascontiguousarray(got).view(np.uint8) == want.view(np.uint8)).all(), PRECISIONS[prec]


def test_batched_dpas_declines_what_the_one_thread_dpas_refuses() -> None:
    a, b = np.zeros((2, 64), np.int32), np.zeros((2, 128), np.int32)
    assert dpas_threads(None, b, a, 10, 9, 8, 8, np.dtype(np.float32), 128, 2) is None  # fp16 x bf16
    assert dpas_threads(None, b, a, 10, 10, 4, 8, np.dtype(np.float32), 128, 2) is None  # depth 4


# Every thread stores its number to out[0], then copies out[0] to out[1 + its number]: in the
# reference order (one thread after the other) thread t reads back its own t; in lockstep all
# would read the last one's. The memory tracker sees the conflict and the batch runs again.
_RACE = """  %lid = call <3 x i32> @llvm.genx.local.id.v3i32()
  %gid = call i32 @llvm.genx.group.id.x()
  %lx = extractelement <3 x i32> %lid, i32 0
  %t = add i32 %lx, %gid
  %tv = insertelement <1 x i32> undef, i32 %t, i32 0
""" + store_words("%tv", 1) + """  %back = call <1 x i32> @llvm.genx.lsc.load.stateless.v1i32.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i64 %out, i32 0)
  %t1 = add i32 %t, 1
  %off = mul i32 %t1, 4
  %off64 = zext i32 %off to i64
  %dst = add i64 %out, %off64
""" + store_words("%back", 1, dst="%dst") + "  ret void\n"


@pytest.mark.parametrize("grid,threads", [(1, 8), (8, 1)])
def test_threads_racing_in_memory_see_the_reference_order(grid: int, threads: int) -> None:
    """Threads of one work-group (run in lockstep: no barrier) or work-groups of one batch."""
    out = run(kernel_ll(_RACE), None, grid, {"out": np.zeros(9, np.int32)}, threads=threads)["out"]
    assert out.tolist() == [7, 0, 1, 2, 3, 4, 5, 6, 7]


def test_batch_size_does_not_change_a_result(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(0)
    args = {"a": rng.standard_normal((256, 256)).astype(np.float16),
            "b": rng.standard_normal((256, 256)).astype(np.float16), "c": np.zeros((256, 256), np.float32)}
    sample = SAMPLES / "gemm_kloop_f16.mlir"
    whole = run(sample, None, (8, 4), args, threads=(4, 4))["c"]
    monkeypatch.setattr(machine, "BATCH_THREADS", 48)  # batches of 3 work-groups
    small = run(sample, None, (8, 4), args, threads=(4, 4))["c"]
    assert (whole.view(np.uint32) == small.view(np.uint32)).all()
    ref = args["a"].astype(np.float64) @ args["b"].astype(np.float64)
    assert np.abs(whole - ref).max() < 1e-3


def test_a_fault_in_a_batch_names_the_first_failing_work_group_and_thread() -> None:
    """Work-groups 2 and 3 of 4 (one batch) store past the end of ``out``: the error is the one
    the reference order meets first, in work-group 2."""
    body = """  %gid = call i32 @llvm.genx.group.id.x()
  %g64 = zext i32 %gid to i64
  %off = mul i64 %g64, 32
  %dst = add i64 %out, %off
  %v = insertelement <8 x i32> zeroinitializer, i32 %gid, i32 0
""" + store_words("%v", 8, dst="%dst") + "  ret void\n"
    with pytest.raises(SimError, match=r"is outside .*work-group \(2, 0, 0\), thread \(0, 0, 0\)"):
        run(kernel_ll(body), None, 4, {"out": np.zeros(16, np.int32)})


# (data size, order, NB, W, H, vnni): plain, array, VNNI (u8, u16, odd H rows), transposed, and
# widths that are not a power of two (padded payload rows)
_SHAPES_2D = [(2, 1, 1, 16, 8, 0), (2, 1, 2, 16, 32, 0), (3, 1, 2, 5, 7, 0), (1, 1, 4, 16, 32, 1),
              (2, 1, 2, 16, 32, 1), (2, 1, 1, 12, 6, 1), (2, 1, 1, 16, 3, 1), (1, 1, 1, 6, 9, 1),
              (3, 2, 1, 8, 16, 0), (3, 2, 1, 3, 5, 0), (4, 2, 1, 4, 8, 0), (4, 1, 1, 3, 4, 0)]


@pytest.mark.parametrize("shape", _SHAPES_2D)
def test_batched_2d_loads_and_stores_are_the_one_thread_ones(shape) -> None:
    """Each thread's block at its own place, inside the surface (the batched form's own path),
    and partly outside it (zero fill, dropped writes)."""
    from genx_emit.sim import block2d
    from genx_emit.sim.memory import Memory

    ds, order, nb, w, h, vnni = shape
    dt = np.dtype({1: np.uint8, 2: np.uint16, 3: np.uint32, 4: np.uint64}[ds])
    rng = np.random.default_rng(sum(shape))
    buf = rng.integers(0, 250, size=(40, 256 // dt.itemsize)).astype(dt)
    for xs, ys in (([0, 3, 17, 9], [0, 5, 1, 7]), ([-2, 3, 250 // dt.itemsize, 9], [0, -1, 1, 38])):
        mem = Memory({"buf": buf})
        base = mem.bases["buf"]
        n = len(xs)
        ops = [True, 0, 0, ds, order, nb, w, h, vnni, base, 255, 39, 255]
        length = block2d.Shape("load", ds, order, nb, w, h, vnni, 256, 40, 256, 64, "").payload_elems
        want = np.stack([block2d.load2d(mem.space, ops + [x, y], dt, length) for x, y in zip(xs, ys, strict=True)])
        m = block2d.decode_threads("load", ops + [np.array(xs), np.array(ys)], 64, n)
        got = block2d.load2d_threads(mem.space, m, dt, length, np.arange(n))
        assert got is not None and (got == want).all()
        if order == 2 or vnni or nb > 1 or h > 8 or w * h * dt.itemsize > 512:
            continue  # not a store shape
        ref = Memory({"buf": buf})
        for k in range(n):
            block2d.store2d(ref.space, ops + [xs[k], ys[k]], want[k] + 1)
        m = block2d.decode_threads("store", ops + [np.array(xs), np.array(ys)], 64, n)
        assert block2d.store2d_threads(mem.space, m, want + 1, np.arange(n))
        assert (mem.contents("buf", buf) == ref.contents("buf", buf)).all()
