"""DG2 (Xe-HPG, acm-g10) as a target of its own: what has no DG2 form is a located error before
IGC sees it, and shapes that fit PVC but not DG2 are cut to DG2's limits."""

from __future__ import annotations

import re

import pytest
from conftest import SAMPLES

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError

F64 = """gpu.module @m {
  gpu.func @k(%a: memref<64xf64>) kernel {
    %x = arith.constant 0 : index
    %t = xegpu.create_nd_tdesc %a[%x] : memref<64xf64> -> !xegpu.tensor_desc<16xf64>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf64> -> vector<16xf64>
    %w = arith.mulf %v, %v : vector<16xf64>
    xegpu.store_nd %w, %t : vector<16xf64>, !xegpu.tensor_desc<16xf64>
    gpu.return
  }
}
"""


def test_f64_values_are_an_error_on_dg2_at_the_op_that_makes_them():
    # IGC aborts on acm-g10: "'double' data type is not supported by this target <XeHPG>".
    with pytest.raises(DiagnosticError) as e:
        lower_text(F64, "f64.mlir", target="dg2")
    text = e.value.render({"f64.mlir": F64})
    assert text.startswith("f64.mlir:5:10: error: this op's result is a 'vector<16xf64>' value, "
                           "but dg2 has no 64-bit floating point")
    assert "xegpu.load_nd" in text.splitlines()[1]
    assert "double" in lower_text(F64, "f64.mlir", target="pvc")


def test_f64_kernel_argument_is_an_error_on_dg2():
    src = "gpu.module @m {\n  gpu.func @k(%s: f64) kernel {\n    gpu.return\n  }\n}\n"
    with pytest.raises(DiagnosticError, match="kernel argument %s is a 'f64' value, but dg2 has no 64-bit"):
        lower_text(src, "s.mlir", target="dg2")
    assert lower_text(src, "s.mlir", target="pvc")


def test_f64_memref_without_f64_values_is_fine_on_dg2():
    # Only values are refused: a memref of f64 passed through (as an address) has no f64 register.
    src = "gpu.module @m {\n  gpu.func @k(%a: memref<8xf64>) kernel {\n    gpu.return\n  }\n}\n"
    assert "define dllexport void @k(i64 %a)" in lower_text(src, "a.mlir", target="dg2")


def _load2d_results(ll: str) -> list[int]:
    return [int(n) for n in re.findall(r"= call <(\d+) x \w+> @llvm\.genx\.(?:lsc\.load2d|raw\.send2)", ll)]


def test_a_2kib_tile_load_is_one_2d_message_on_pvc_and_row_messages_on_dg2():
    """32x32 f16 = 2 KiB: one 32-GRF 2D block load on PVC; DG2 has no 2D block messages, so the
    tile (inside its surface at a constant position) is 32 SIMD1 row loads of 16 dwords."""
    path = SAMPLES / "big_tiles_f16.mlir"
    pvc = lower_text(path.read_text(), path.name, target="pvc")
    dg2 = lower_text(path.read_text(), path.name, target="dg2")
    assert max(_load2d_results(pvc)) * 2 == 2048 and not _load2d_results(dg2)
    assert "lsc.load2d" not in dg2 and "lsc.store2d" not in dg2 and "prefetch2d" not in dg2
    assert "raw.send" not in dg2
    rows = re.findall(r"= call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.i1\.i64\(", dg2)
    assert len(rows) >= 32
    assert "v16i64" not in dg2  # no per-element gathers: every tile is known inside
