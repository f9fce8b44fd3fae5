"""The simulator is as strict as the lowering and no stricter: it tells MLIR from LLVM IR by the
text's first significant token (not by words in comments), and it applies the lowering's
named-barrier id rule (``genx_emit.named_barriers``): id 0 is a named barrier unless the kernel
also uses the work-group barrier."""
# ruff: noqa: E501  (hand-written IR lines are long)

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_sim_kit import run_body
from test_sim_sync import _slm_exchange

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.sim import SimError, is_mlir, run

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


# -- MLIR or LLVM IR ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, mlir", [
    ("// define void @k() is not LLVM IR\ngpu.module @m {\n}\n", True),
    ("// a comment\n\n!t = !xegpu.tensor_desc<8xf32>\ngpu.module @m {\n}\n", True),
    ("#map = affine_map<(d0) -> (d0)>\ngpu.module @m {\n}\n", True),
    ("module attributes {gpu.container_module} {\n}\n", True),
    ('"builtin.module"() ({\n}) : () -> ()\n', True),
    ("; gpu.module in a comment\ndefine void @k() {\n  ret void\n}\n", False),
    ('target triple = "genx64-unknown-unknown"\n', False),
    ("!genx.kernels = !{!0}\n", False),
    ("!0 = !{i32 1}\n", False),
    ("declare void @llvm.genx.barrier()\n", False),
    ('module asm "x"\n', False),
])
def test_the_language_is_decided_by_the_first_significant_token(text, mlir):
    assert is_mlir(text) is mlir


def _with_define_comment(mlir: str) -> str:
    return "// define void @k(): the word 'define ' in a comment does not make this LLVM IR\n" + mlir


def test_mlir_with_define_in_a_comment_runs():
    src = np.arange(256, dtype=np.float32).reshape(16, 16)
    text = _with_define_comment((SAMPLES / "nbarrier_producer_consumer.mlir").read_text())
    out = run(text, None, 1, {"src": src, "scratch": np.zeros_like(src), "dst": np.zeros_like(src)},
              threads=2)
    tile_sum = src[:8] + src[8:]
    np.testing.assert_array_equal(out["dst"], np.vstack([tile_sum, tile_sum]))


def test_cli_runs_mlir_with_define_in_a_comment(tmp_path):
    mlir = tmp_path / "k.mlir"
    mlir.write_text(_with_define_comment((SAMPLES / "nbarrier_producer_consumer.mlir").read_text()))
    src = np.arange(256, dtype=np.float32).reshape(16, 16)
    np.save(tmp_path / "src.npy", src)
    np.save(tmp_path / "zero.npy", np.zeros_like(src))
    np.save(tmp_path / "zero2.npy", np.zeros_like(src))
    proc = subprocess.run([sys.executable, "-m", "genx_emit.cli", "sim", str(mlir), "--grid", "1", "--threads", "2",
                           "--arg", f"src={tmp_path / 'src.npy'}", "--arg", f"scratch={tmp_path / 'zero.npy'}",
                           "--arg", f"dst={tmp_path / 'zero2.npy'}", "--out", f"dst={tmp_path / 'dst.npy'}"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    tile_sum = src[:8] + src[8:]
    np.testing.assert_array_equal(np.load(tmp_path / "dst.npy"), np.vstack([tile_sum, tile_sum]))


# -- named barrier id 0 ------------------------------------------------------------------------
# Intel's IMEX tests allocate 12 named barriers and use ids 0..11: two subgroups exchange their
# halves of a 16x16 matrix through a scratch buffer at barrier 0 ("published") and barrier 11
# ("consumed"), as samples/nbarrier_producer_consumer.mlir does with ids 1 and 2.
NB12 = (SAMPLES / "nbarrier_producer_consumer.mlir").read_text() \
    .replace("%published_id = arith.constant 1 : i8", "%published_id = arith.constant 0 : i8") \
    .replace("%consumed_id = arith.constant 2 : i8", "%consumed_id = arith.constant 11 : i8") \
    .replace("xegpu.alloc_nbarrier 3", "xegpu.alloc_nbarrier 12")


def test_imex_style_kernel_with_named_barrier_0_lowers_compiles_and_simulates(toolchain, tmp_path):
    assert "arith.constant 0 : i8" in NB12 and "alloc_nbarrier 12" in NB12
    ll = lower_text(NB12, "nb12.mlir")
    assert "call void @llvm.genx.nbarrier(i8 1, i8 0, i8 2)" in ll  # signal barrier 0
    path = tmp_path / "nb12.ll"
    path.write_text(ll)
    r = toolchain.igc_check(path, "pvc")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    src = np.random.default_rng(0).standard_normal((16, 16)).astype(np.float32)
    out = run(ll, None, 1, {"src": src, "scratch": np.zeros_like(src), "dst": np.zeros_like(src)},
              threads=2, check_types=True)
    tile_sum = src[:8] + src[8:]
    np.testing.assert_array_equal(out["dst"], np.vstack([tile_sum, tile_sum]))
    np.testing.assert_array_equal(out["scratch"], np.vstack([tile_sum, tile_sum]))


def test_imex_style_kernel_with_one_thread_deadlocks_at_named_barrier_0():
    src = np.zeros((16, 16), np.float32)
    with pytest.raises(SimError, match=r"waits at named barrier 0 \(1 of 2 arrived\)"):
        run(NB12, None, 1, {"src": src, "scratch": src, "dst": src}, threads=1)


def test_gpu_barrier_with_named_barrier_0_is_still_a_lowering_error():
    text = NB12.replace("%sg = gpu.subgroup_id : index", "gpu.barrier\n    %sg = gpu.subgroup_id : index")
    with pytest.raises(DiagnosticError, match="gpu.barrier: named barrier 0 is the work-group barrier in "
                                              "hardware"):
        lower_text(text, "nb12.mlir")


NB0 = "  call void @llvm.genx.nbarrier(i8 1, i8 0, i8 2)\n  call void @llvm.genx.nbarrier(i8 0, i8 0, i8 0)\n"


def test_ll_exchange_at_named_barrier_0():
    out = run_body(_slm_exchange(NB0), 2, np.int32, threads=2, slm=64, named_barriers=1)
    assert out.tolist() == [101, 100]


def test_ll_named_barrier_0_with_the_work_group_barrier_is_an_error():
    body = _slm_exchange(NB0 + "  call void @llvm.genx.barrier()\n")
    with pytest.raises(SimError, match="cannot use both llvm.genx.barrier and a named barrier with id 0"):
        run_body(body, 2, np.int32, threads=2, slm=64, named_barriers=1)


@pytest.mark.parametrize("bid, allocated", [(1, 1), (0, 0), (12, 12)])
def test_ll_named_barrier_ids_outside_the_allocation_are_errors(bid, allocated):
    body = f"  call void @llvm.genx.nbarrier(i8 1, i8 {bid}, i8 1)\n  ret void\n"
    with pytest.raises(SimError, match=f"named barrier id {bid} is out of range: the kernel's genx.kernels "
                                       f"allocated {allocated}"):
        run_body(body, 1, np.int32, named_barriers=allocated)


def test_ll_allocating_more_named_barriers_than_the_target_has_is_an_error():
    with pytest.raises(SimError, match="kernel @k: genx.kernels allocates 33 named barriers, pvc has 32"):
        run_body("  ret void\n", 1, np.int32, named_barriers=33)
