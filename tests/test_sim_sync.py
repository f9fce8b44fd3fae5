"""Threads of a work-group: ids, shared SLM, work-group and named barriers, deadlock reports."""
# ruff: noqa: E501  (hand-written LLVM IR lines are long)

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_sim_kit import kernel_ll, run_body, store_words

from genx_emit.sim import SimError, run

SAMPLES = Path(__file__).resolve().parents[1] / "samples"



def test_ids_of_every_thread_and_group() -> None:
    # each thread stores [gx gy gz lx ly lz sx sy sz cx cy cz ...] at out + 64 * linear index
    body = """  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %gz = call i32 @llvm.genx.group.id.z()
  %lid = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lsz = call <3 x i32> @llvm.genx.local.size.v3i32()
  %gc = call <3 x i32> @llvm.genx.group.count.v3i32()
  %g01 = insertelement <3 x i32> undef, i32 %gx, i32 0
  %g012 = insertelement <3 x i32> %g01, i32 %gy, i32 1
  %g = insertelement <3 x i32> %g012, i32 %gz, i32 2
  %a = shufflevector <3 x i32> %g, <3 x i32> %lid, <6 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5>
  %b = shufflevector <3 x i32> %lsz, <3 x i32> %gc, <6 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5>
  %ab = shufflevector <6 x i32> %a, <6 x i32> %b, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 0, i32 0, i32 0, i32 0>
  %lx = extractelement <3 x i32> %lid, i32 0
  %ly = extractelement <3 x i32> %lid, i32 1
  %sx = extractelement <3 x i32> %lsz, i32 0
  %lin0 = mul i32 %ly, %sx
  %lin1 = add i32 %lin0, %lx
  %cx = extractelement <3 x i32> %gc, i32 0
  %gl0 = mul i32 %gy, %cx
  %gl1 = add i32 %gl0, %gx
  %gl2 = mul i32 %gl1, 4
  %lin = add i32 %gl2, %lin1
  %lin64 = zext i32 %lin to i64
  %off = mul i64 %lin64, 64
  %dst = add i64 %out, %off
""" + store_words("%ab", 16, dst="%dst") + "  ret void\n"
    out = run_body(body, (24, 16), np.int32, grid=(3, 2), threads=(2, 2))
    k = 0
    for gy in range(2):
        for gx in range(3):
            for ly in range(2):
                for lx in range(2):
                    assert out[k, :12].tolist() == [gx, gy, 0, lx, ly, 0, 2, 2, 1, 3, 2, 1], k
                    k += 1


def _slm_exchange(barrier: str) -> str:
    """Thread t stores 100 + t into SLM dword t, waits, then reads its partner's dword."""
    return f"""  %lid = call <3 x i32> @llvm.genx.local.id.v3i32()
  %t = extractelement <3 x i32> %lid, i32 0
  %mine = add i32 %t, 100
  %slot = mul i32 %t, 4
  %mv = insertelement <1 x i32> undef, i32 %mine, i32 0
  call void @llvm.genx.lsc.store.slm(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i32 %slot, <1 x i32> %mv, i32 0)
{barrier}  %p = sub i32 1, %t
  %pslot = mul i32 %p, 4
  %theirs = call <1 x i32> @llvm.genx.lsc.load.slm(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i32 %pslot, i32 0)
  %dst64 = zext i32 %slot to i64
  %dst = add i64 %out, %dst64
  call void @llvm.genx.lsc.store.stateless(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i64 %dst, <1 x i32> %theirs, i32 0)
  ret void
"""


def test_two_threads_exchange_through_slm_at_a_barrier() -> None:
    out = run_body(_slm_exchange("  call void @llvm.genx.barrier()\n"), 2, np.int32, threads=2, slm=64)
    assert out.tolist() == [101, 100]


def test_two_threads_exchange_through_slm_at_a_named_barrier() -> None:
    nb = "  call void @llvm.genx.nbarrier(i8 1, i8 1, i8 2)\n  call void @llvm.genx.nbarrier(i8 0, i8 1, i8 0)\n"
    out = run_body(_slm_exchange(nb), 2, np.int32, threads=2, slm=64, named_barriers=2)
    assert out.tolist() == [101, 100]


def test_without_the_barrier_thread_0_reads_before_thread_1_wrote() -> None:
    # round-robin: thread 0 runs to its end first, so it reads SLM that is still zero
    out = run_body(_slm_exchange(""), 2, np.int32, threads=2, slm=64)
    assert out.tolist() == [0, 100]


def test_slm_is_per_work_group() -> None:
    out = run_body(_slm_exchange("  call void @llvm.genx.barrier()\n"), 2, np.int32, threads=2, slm=64,
                   grid=2)
    assert out.tolist() == [101, 100]


def test_named_barrier_sample_deadlocks_with_one_thread() -> None:
    src = np.zeros((16, 16), np.float32)
    with pytest.raises(SimError, match=r"deadlock in work-group \(0, 0, 0\): thread \(0, 0, 0\) waits at "
                                       r"named barrier 1 \(1 of 2 arrived\)"):
        run(SAMPLES / "nbarrier_producer_consumer.mlir", "nbarrier_exchange", 1,
            {"src": src, "scratch": src.copy(), "dst": src.copy()})


def branch_on_thread(thread: int, then: str, other: str) -> str:
    """Kernel body lines: thread ``thread`` goes to label ``then``, the others to ``other``."""
    return f"""  %lid = call <3 x i32> @llvm.genx.local.id.v3i32()
  %t = extractelement <3 x i32> %lid, i32 0
  %c = icmp eq i32 %t, {thread}
  br i1 %c, label %{then}, label %{other}
"""


def only_thread_waits(waiter: int) -> str:
    """A kernel body in which only thread ``waiter`` of two reaches the work-group barrier."""
    return branch_on_thread(waiter, "wait", "done") + """wait:
  call void @llvm.genx.barrier()
  br label %done
done:
  ret void
"""


def test_a_thread_skipping_the_barrier_is_a_deadlock() -> None:
    body = only_thread_waits(0)
    with pytest.raises(SimError, match=r"thread \(0, 0, 0\) waits at the work-group barrier \(1 of 2 "
                                       r"arrived\); thread \(1, 0, 0\) finished"):
        run_body(body, 1, np.int32, threads=2)


@pytest.mark.parametrize("waiter", [0, 1])
def test_a_deadlock_points_at_the_first_waiting_threads_barrier(waiter: int) -> None:
    """Thread ``waiter`` waits at the work-group barrier, the other at named barrier 1 (which
    needs 2): the error is located at the first waiting thread's call, not at the define."""
    body = branch_on_thread(waiter, "wg", "named") + """wg:
  call void @llvm.genx.barrier()
  br label %done
named:
  call void @llvm.genx.nbarrier(i8 1, i8 1, i8 2)
  call void @llvm.genx.nbarrier(i8 0, i8 1, i8 0)
  br label %done
done:
  ret void
"""
    text = kernel_ll(body, named_barriers=2)
    with pytest.raises(SimError) as e:
        run(text, None, 1, {"out": np.zeros(1, np.int32)}, threads=2)
    lines = text.splitlines()
    wg_line = lines.index("  call void @llvm.genx.barrier()") + 1
    named_line = lines.index("  call void @llvm.genx.nbarrier(i8 0, i8 1, i8 0)") + 1
    assert e.value.loc.line == (wg_line if waiter == 0 else named_line)
    states = {waiter: "waits at the work-group barrier (1 of 2 arrived)",
              1 - waiter: "waits at named barrier 1 (1 of 2 arrived)"}
    assert f"thread (0, 0, 0) {states[0]}; thread (1, 0, 0) {states[1]}" in str(e.value)


def test_a_deadlock_after_a_finished_thread_points_at_the_waiting_one() -> None:
    text = kernel_ll(only_thread_waits(1))
    with pytest.raises(SimError) as e:
        run(text, None, 1, {"out": np.zeros(1, np.int32)}, threads=2)
    assert e.value.loc.line == text.splitlines().index("  call void @llvm.genx.barrier()") + 1
    assert ("thread (0, 0, 0) finished; thread (1, 0, 0) waits at the work-group barrier (1 of 2 arrived) "
            "(in 'call void @llvm.genx.barrier()', thread (1, 0, 0))") in str(e.value)


def test_unallocated_named_barrier_is_an_error() -> None:
    body = "  call void @llvm.genx.nbarrier(i8 1, i8 3, i8 1)\n  ret void\n"
    with pytest.raises(SimError, match=r"named barrier id 3 is out of range: the kernel.s genx.kernels allocated 2 \(ids 0..1\)"):
        run_body(body, 1, np.int32, named_barriers=2)


def test_barriers_repeat_in_a_loop() -> None:
    """A loop with a barrier per iteration: thread 1 adds its iteration count into SLM after
    each barrier, thread 0 reads it after the next one (phases must not mix)."""
    text = kernel_ll("""entry:
  %lid = call <3 x i32> @llvm.genx.local.id.v3i32()
  %t = extractelement <3 x i32> %lid, i32 0
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %i1 = add i32 %i, 1
  %iv = insertelement <1 x i32> undef, i32 %i1, i32 0
  %is1 = icmp eq i32 %t, 1
  call void @llvm.genx.lsc.store.slm(i1 %is1, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i32 0, <1 x i32> %iv, i32 0)
  call void @llvm.genx.barrier()
  %seen = call <1 x i32> @llvm.genx.lsc.load.slm(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i32 0, i32 0)
  call void @llvm.genx.barrier()
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %exit
exit:
  %off = mul i32 %t, 4
  %off64 = zext i32 %off to i64
  %dst = add i64 %out, %off64
  call void @llvm.genx.lsc.store.stateless(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 2, i8 0, i64 %dst, <1 x i32> %seen, i32 0)
  ret void
""", slm=4)
    out = run(text, None, 1, {"out": np.zeros(2, np.int32)}, threads=2)["out"]
    assert out.tolist() == [5, 5]
