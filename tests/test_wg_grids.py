"""A dpas whose operands are laid out on smaller subgroup grids than its result (A on [2, 1], B on
[1, 4], the result on [2, 4]) and whose result is f16: the operands are read on the result's
grid (with a located warning), each dpas chain runs in f32; simulated against numpy with data
that differs per row and column (so a subgroup multiplying another piece's rows would show) and
compiled for pvc without spills."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError, collect_warnings
from genx_emit.sim import run

TEXT = (Path(__file__).parent / "inputs" / "wg" / "gemm_small_grids_f16.mlir").read_text()


def test_small_operand_grids_compute_the_gemm():
    rng = np.random.default_rng(9)
    a = rng.integers(-3, 4, (64, 64)).astype(np.float16)
    b = rng.integers(-3, 4, (64, 128)).astype(np.float16)
    c = np.zeros((64, 128), np.float16)
    out = run(TEXT, "k", grid=(1,), threads=8, args={"A": a, "B": b, "C": c})["C"]
    # small integers: every partial sum is exact in f16 (|sum| <= 64 * 9 < 2048)
    np.testing.assert_array_equal(out.astype(np.float64), a.astype(np.float64) @ b.astype(np.float64))


def test_reading_operands_on_the_result_grid_is_a_located_warning():
    with collect_warnings() as found:
        lower_text(TEXT, "gemm_small_grids_f16.mlir")
    msgs = [m for _, m in found]
    assert len(msgs) == 2, msgs
    assert "A's layout #xegpu.layout<sg_layout = [2, 1], sg_data = [32, 16]> has 2 subgroups" in msgs[0]
    assert "sg_layout = [2, 4], sg_data = [16, 32]" in msgs[1]
    assert all(loc.line == 21 for loc, _ in found)


def test_small_operand_grids_compile_for_pvc_without_spills(toolchain, tmp_path):
    ll = tmp_path / "gemm_small_grids_f16.ll"
    ll.write_text(lower_text(TEXT, "gemm_small_grids_f16.mlir"))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output


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
