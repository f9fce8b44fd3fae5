"""Scattered accesses, index vectors and matrix accesses at workgroup level (xegpu.load /
xegpu.store with offset and mask tiles, vector.step, masks, scalar broadcasts, unit-dimension
shape_casts, load_matrix / store_matrix): kernels in upstream's form simulated against numpy and
compiled for pvc, and the message block by hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import compile_without_scratch

from genx_emit.api import lower_text
from genx_emit.sim import run
from genx_emit.wg.layout import WgLayout, scatter_block

INPUTS = Path(__file__).parent / "inputs" / "wg"


def test_scatter_block_is_one_message_of_at_most_32_lanes():
    lay = WgLayout((4, 2), (8, 32))
    assert scatter_block((8, 32), lay) == (1, 32)  # a row of 32
    assert scatter_block((8, 16), lay) == (2, 16)  # two rows of 16
    assert scatter_block((4, 6), lay) == (1, 2)  # 6 cut to 2: the block stops at the cut dimension
    assert scatter_block((1, 1, 1, 32), WgLayout((2, 2, 6, 1), (1, 1, 1, 32))) == (1, 1, 1, 32)
    assert scatter_block((8, 32), WgLayout((4, 2), (8, 32), inst_data=(4, 8))) == (4, 8)


def test_column_sums_from_a_reshaped_step_match_numpy():
    x = np.random.default_rng(0).standard_normal(2048).astype(np.float32)
    text = (INPUTS / "colsum_scatter_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=8, args={"src": x, "dst": np.zeros(64, np.float32)})["dst"]
    np.testing.assert_allclose(out, x.reshape(32, 64).astype(np.float64).sum(0), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("n", [16, 7, 0])
def test_masked_rows_with_step_offsets_match_numpy(n):
    x = np.random.default_rng(1).standard_normal(1024).astype(np.float32)
    y = np.full(1024, -5.0, np.float32)
    text = (INPUTS / "scale_rows_f32.mlir").read_text()
    s = np.array([1.5], np.float32)
    out = run(text, "k", grid=(1,), threads=8, args={"x": x, "y": y, "s": s, "n": n})["y"]
    want = y.reshape(16, 64).copy()
    want[:n] = 1.5 * x.reshape(16, 64)[:n]
    np.testing.assert_array_equal(out.reshape(16, 64), want)


@pytest.mark.parametrize("name", ["colsum_scatter_f32", "scale_rows_f32", "offsets3d_f32", "masks_f32",
                                  "matrix_slm_f32", "matrix_1d_slm_f32"])
def test_scatter_kernels_compile_for_pvc_without_spills(toolchain, tmp_path, name):
    compile_without_scratch(toolchain, tmp_path, INPUTS / f"{name}.mlir")


def test_three_dimensional_offsets_from_steps_match_numpy():
    # 1-D slices of a 3-D layout, shape_cast to their axis and broadcast; round-robin pieces
    x = np.random.default_rng(2).standard_normal(512).astype(np.float32)
    text = (INPUTS / "offsets3d_f32.mlir").read_text()
    s = np.array([2.5], np.float32)
    out = run(text, "k", grid=(1,), threads=4, args={"x": x, "y": np.zeros(512, np.float32), "s": s})["y"]
    np.testing.assert_array_equal(out, np.float32(2.5) * x + np.float32(1))


@pytest.mark.parametrize("n", [16, 5, 0])
def test_create_and_constant_masks_match_numpy(n):
    x = np.random.default_rng(3).standard_normal(1024).astype(np.float32)
    y = np.full(1024, -3.0, np.float32)
    text = (INPUTS / "masks_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=8, args={"x": x, "y": y, "n": n})["y"]
    want = y.reshape(16, 64).copy()
    want[:n, :40] = x.reshape(16, 64)[:n, :40] + np.float32(1)
    np.testing.assert_array_equal(out.reshape(16, 64), want)


def test_matrix_store_and_load_move_pieces_through_slm():
    # store_matrix by rows, a barrier, load_matrix by columns: every subgroup reads elements other
    # subgroups wrote
    x = np.random.default_rng(4).standard_normal((32, 32)).astype(np.float32)
    text = (INPUTS / "matrix_slm_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=4, args={"x": x, "y": np.zeros((32, 32), np.float32)})["y"]
    np.testing.assert_array_equal(out, x)


def test_reductions_to_a_scalar_across_subgroups_match_numpy(toolchain, tmp_path):
    x = np.random.default_rng(5).standard_normal((32, 64)).astype(np.float32)
    text = (INPUTS / "total_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=8, args={"x": x, "out": np.zeros(2, np.float32)})["out"]
    assert abs(out[0] - (x.astype(np.float64).sum() + 1)) <= 2048 * 2.0**-24 * (np.abs(x).sum() + 1)
    assert out[1] == x.max()
    ll = tmp_path / "total_f32.ll"
    ll.write_text(lower_text(text, "total_f32.mlir"))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output


def test_a_1d_matrix_moves_pieces_through_slm():
    # a 1-D mem_desc, accessed as its 1xN form: written in pieces of 256, read in round-robin
    # pieces of 128 that other subgroups wrote
    x = np.random.default_rng(10).standard_normal(1024).astype(np.float32)
    text = (INPUTS / "matrix_1d_slm_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=4, args={"x": x, "y": np.zeros(1024, np.float32)})["y"]
    np.testing.assert_array_equal(out, x)
