"""Device functions called from kernels (the ``inline`` pass): a callee taking an SLM memref runs
as part of its caller (simulated against numpy, compiled for pvc without spills), and the calls
that cannot be inlined are located errors at the call."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.sim import run

TEXT = (Path(__file__).parent / "inputs" / "wg" / "call_slm_f32.mlir").read_text()


def test_a_device_function_on_the_callers_slm_runs_inlined():
    x = np.random.default_rng(3).standard_normal((64, 128)).astype(np.float32)
    y = np.zeros((64, 128), np.float32)
    out = run(TEXT, "k", grid=(1,), threads=16, args={"x": x, "y": y})["y"]
    np.testing.assert_array_equal(out, 2 * x)


def test_call_kernel_compiles_for_pvc_without_spills(toolchain, tmp_path):
    ll = tmp_path / "call_slm_f32.ll"
    ll.write_text(lower_text(TEXT, "call_slm_f32.mlir"))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output


def _kernel(callee: str, call: str) -> str:
    return ("gpu.module @m {\n" + callee +
            "  gpu.func @k(%p: memref<16xf32>) kernel {\n"
            f"    {call}\n"
            "    gpu.return\n  }\n}\n")


F = "  gpu.func @f(%p: memref<16xf32>) {\n    gpu.return\n  }\n"
LOOP = ("  gpu.func @f(%p: memref<16xf32>) {\n    func.call @f(%p) : (memref<16xf32>) -> ()\n"
        "    gpu.return\n  }\n")


@pytest.mark.parametrize("callee, call, line, what", [
    ("", "func.call @g(%p) : (memref<16xf32>) -> ()", 3,
     "'@g' is no device function with a body in this gpu.module"),
    (F, "func.call @k(%p) : (memref<16xf32>) -> ()", 6, "'@k' is a kernel; a kernel is launched, not called"),
    (LOOP, "func.call @f(%p) : (memref<16xf32>) -> ()", 3, "'@f' calls itself (through f)"),
    (F.replace("16xf32", "32xf32"), "func.call @f(%p) : (memref<16xf32>) -> ()", 6,
     "'@f' takes (memref<32xf32>), the call passes (memref<16xf32>)"),
], ids=["unknown", "kernel", "recursive", "types"])
def test_calls_that_cannot_be_inlined_are_located(callee, call, line, what):
    with pytest.raises(DiagnosticError) as e:
        lower_text(_kernel(callee, call), "c.mlir")
    assert e.value.loc.line == line and what in e.value.message, e.value.message
