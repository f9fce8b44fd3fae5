"""A dpas whose operands are laid out on smaller subgroup grids than its result (A on [2, 1], B on
[1, 4], the result on [2, 4]) and whose result is f16: the operands are read on the result's
grid (with a located warning), each dpas reads and writes its f16 accumulator (one rounding per
K step, no conversion in the loop); simulated against numpy with data
that differs per row and column (so a subgroup multiplying another piece's rows would show) and
compiled for pvc without spills."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from conftest import compile_without_scratch

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError, collect_warnings
from genx_emit.sim import run

PATH = Path(__file__).parent / "inputs" / "wg" / "gemm_small_grids_f16.mlir"
TEXT = PATH.read_text()


def test_small_operand_grids_compute_the_gemm():
    rng = np.random.default_rng(9)
    a = rng.integers(-3, 4, (64, 64)).astype(np.float16)
    b = rng.integers(-3, 4, (64, 128)).astype(np.float16)
    c = np.zeros((64, 128), np.float16)
    out = run(TEXT, "k", grid=(1,), threads=8, args={"A": a, "B": b, "C": c})["C"]
    # small integers: every partial sum is exact in f16 (|sum| <= 64 * 9 < 2048)
    np.testing.assert_array_equal(out.astype(np.float64), a.astype(np.float64) @ b.astype(np.float64))


def test_f16_accumulator_is_rounded_once_per_k_step():
    # fractions: the f16 sums round, so the result shows where (and how often) they are rounded
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((64, 64)) * 4).astype(np.float16)
    b = (rng.standard_normal((64, 128)) * 4).astype(np.float16)
    c = np.zeros((64, 128), np.float16)
    out = run(TEXT, "k", grid=(1,), threads=8, args={"A": a, "B": b, "C": c})["C"]
    want = np.zeros((64, 128), np.float16)
    for k in range(0, 64, 16):  # each step: the f16 accumulator plus the step's products, rounded once
        part = a[:, k:k + 16].astype(np.float64) @ b[k:k + 16].astype(np.float64)
        want = (want.astype(np.float64) + part).astype(np.float16)
    # DPAS adds in f32 (8 depth steps), not exactly: at most one f16 ulp away per step
    np.testing.assert_allclose(out.astype(np.float64), want.astype(np.float64), rtol=4 * 2.0**-10, atol=0.25)
    once = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float16)
    assert not np.array_equal(out, once)  # not one rounding for the whole K: every step rounds


def test_f16_accumulator_without_one_widens_around_the_dpas_to_the_same_numbers():
    # DG2 has no f16 DPAS accumulator: each dpas runs in f32 between a widening and a rounding
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((64, 64)) * 4).astype(np.float16)
    b = (rng.standard_normal((64, 128)) * 4).astype(np.float16)
    args = {"A": a, "B": b, "C": np.zeros((64, 128), np.float16)}
    ll = lower_text(TEXT, "gemm_small_grids_f16.mlir", target="dg2")
    assert "fpext" in ll and "@llvm.genx.dpas2.v64f32" in ll
    pvc = run(TEXT, "k", grid=(1,), threads=8, args=args)["C"]
    dg2 = run(TEXT, "k", grid=(1,), threads=8, args=args, target="dg2")["C"]
    np.testing.assert_array_equal(dg2, pvc)


def test_f16_accumulator_loop_has_no_conversions():
    ll = lower_text(TEXT, "gemm_small_grids_f16.mlir")
    loop = ll[ll.index("body:"):ll.index("exit:")]
    assert "fpext" not in loop and "fptrunc" not in loop
    assert loop.count("call <128 x half> @llvm.genx.dpas2.v128f16.v128f16") == 8


def test_reading_operands_on_the_result_grid_is_a_located_warning():
    with collect_warnings() as found:
        lower_text(TEXT, "gemm_small_grids_f16.mlir")
    msgs = [m for _, m in found]
    assert len(msgs) == 2, msgs
    assert "A's layout #xegpu.layout<sg_layout = [2, 1], sg_data = [32, 16]> has 2 subgroups" in msgs[0]
    assert "sg_layout = [2, 4], sg_data = [16, 32]" in msgs[1]
    assert all(loc.line == 21 for loc, _ in found)


def test_small_operand_grids_compile_for_pvc_without_spills(toolchain, tmp_path):
    compile_without_scratch(toolchain, tmp_path, PATH)


def test_an_mx_scaled_dpas_is_a_located_error_naming_its_formats():
    text = TEXT.replace("%d = xegpu.dpas %va, %vb, %acc", "%d = xegpu.dpas_mx %va, %vb, %acc")
    try:
        lower_text(text, "mx.mlir")
    except DiagnosticError as e:
        msg = str(e)
    else:
        raise AssertionError("dpas_mx lowered")
    assert "mx.mlir:21:12: error: unsupported op 'xegpu.dpas_mx': MX-scaled DPAS" in msg, msg
    assert "f4E2M1" in msg and "f8E8M0" in msg
