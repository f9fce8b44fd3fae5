"""Matrix descriptors over SLM (create_mem_desc / load_matrix / store_matrix): the layout rule
against upstream's definition worked by hand, lowering, the simulator and IGC."""

from __future__ import annotations

import numpy as np
import pytest
from upstream_kit import assert_compiles, kernel_text, lowered

from genx_emit import sim
from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.mlir.types import DialectType
from genx_emit.ops.matrix import mem_desc

TRANSPOSE = kernel_text("matrix_transpose.mlir")


def _md(body: str):
    return mem_desc(DialectType("xegpu", "mem_desc", body), None, "t")


def test_blocked_offsets_follow_upstreams_rule():
    # stride [1, 32], block [16, 16] on 32x32: column-major inside a 256-element block, blocks
    # column-major too: (y, x) -> (y/16)*256 + (x/16)*512 + y%16 + (x%16)*16.
    md = _md("32x32xf16, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>")
    for y, x in [(0, 0), (1, 0), (0, 1), (17, 3), (5, 20), (31, 31)]:
        assert md.offset((y, x)) == (y // 16) * 256 + (x // 16) * 512 + y % 16 + (x % 16) * 16
    row = _md("32x32xf16, #xegpu.mem_layout<block = [16, 16]>")  # default strides: row-major
    for y, x in [(0, 1), (1, 0), (17, 3), (5, 20)]:
        assert row.offset((y, x)) == (y // 16) * 512 + (x // 16) * 256 + (y % 16) * 16 + x % 16
    plain = _md("8x64xf32, #xegpu.mem_layout<stride = [1, 8]>")
    assert plain.offset((3, 5)) == 3 + 5 * 8


def test_cooperative_transpose_through_slm():
    ll, _ = lowered(TRANSPOSE)
    assert "lsc.load.slm" in ll and "lsc.store.slm" in ll
    a = (np.arange(1024) % 2039).reshape(32, 32).astype(np.float16)
    out = sim.run(ll, "k", (1,), {"A": a, "B": np.zeros((32, 32), np.float16)}, threads=(4, 2))
    np.testing.assert_array_equal(out["B"], a.T)


def test_constant_offsets_fold_to_constant_addresses():
    md = "!xegpu.mem_desc<8x8xf32, #xegpu.mem_layout<stride = [1, 8]>>"
    text = f"""
gpu.module @m {{
  gpu.func @k(%A: memref<16xf32>) kernel {{
    %slm = memref.alloc() : memref<64xf32, 3>
    %md = xegpu.create_mem_desc %slm : memref<64xf32, 3> -> {md}
    %tv = xegpu.create_nd_tdesc %A[0] : memref<16xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %tv : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %w = vector.shape_cast %v : vector<16xf32> to vector<2x8xf32>
    xegpu.store_matrix %w, %md[2, 0] : vector<2x8xf32>, {md}
    %r = xegpu.load_matrix %md[0, 0] : {md} -> vector<8x2xf32>
    %f = vector.shape_cast %r : vector<8x2xf32> to vector<16xf32>
    xegpu.store_nd %f, %tv : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    gpu.return
  }}
}}
"""
    ll, _ = lowered(text)
    assert " add <" not in ll  # every SLM address is a constant
    a = np.arange(16, dtype=np.float32) + 1
    out = sim.run(ll, "k", (1,), {"A": a})
    m = np.zeros((8, 8), np.float32)  # the matrix as (y, x); its memory layout does not show here
    m[2:4, :] = a.reshape(2, 8)
    np.testing.assert_array_equal(out["A"], m[:, 0:2].reshape(-1))


def test_errors_are_located():
    bad = TRANSPOSE.replace("memref<2048xi8, 3>", "memref<1024xi8, 3>")  # half the SLM a 32x32xf16 needs
    with pytest.raises(DiagnosticError) as e:
        lower_text(bad, "k.mlir")
    assert str(e.value.loc) == "k.mlir:14:11"
    assert e.value.message.endswith("needs 2048 bytes, 'memref<1024xi8, 3>' has 1024")


def test_compiles_for_pvc(toolchain, tmp_path):
    ll, _ = lowered(TRANSPOSE)
    assert_compiles(toolchain, ll, tmp_path, "matrix_transpose")
