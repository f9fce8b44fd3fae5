"""Reductions of N-D workgroup tiles (3-D to 1-D with a post-op and 3-D to 2-D across subgroups,
4-D to 3-D within them, its offsets broadcast from 1-element steps):
kernels in upstream's form simulated against numpy and compiled for pvc without spills."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from genx_emit.api import lower_text
from genx_emit.sim import run

INPUTS = Path(__file__).parent / "inputs" / "wg"


def test_plane_means_of_a_3d_tile_match_numpy():
    x = np.random.default_rng(6).standard_normal(1024).astype(np.float32)
    text = (INPUTS / "mean3d_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=8, args={"src": x, "dst": np.zeros(4, np.float32)})["dst"]
    want = x.reshape(4, 256).astype(np.float64).mean(1)
    # 256 f32 additions in some order, then one division
    np.testing.assert_allclose(out, want, rtol=0, atol=256 * 2.0**-24 * np.abs(x).max())


def test_middle_dimension_maxima_of_a_3d_tile_match_numpy():
    x = np.random.default_rng(7).standard_normal(2048).astype(np.float32)
    text = (INPUTS / "rowmax3d_f32.mlir").read_text()
    out = run(text, "k", grid=(1,), threads=8, args={"src": x, "dst": np.zeros(128, np.float32)})["dst"]
    np.testing.assert_array_equal(out, x.reshape(4, 16, 32).max(1).reshape(-1))


def test_row_means_of_a_4d_tile_match_numpy():
    x = np.random.default_rng(8).standard_normal(2048).astype(np.float32)
    text = (INPUTS / "mean4d_f32.mlir").read_text()
    out = run(text, "k", grid=(2,), threads=2, args={"src": x, "dst": np.zeros(32, np.float32)})["dst"]
    want = x.reshape(32, 64).astype(np.float64).mean(1)
    np.testing.assert_allclose(out, want, rtol=0, atol=64 * 2.0**-24 * np.abs(x).max())


@pytest.mark.parametrize("name", ["mean3d_f32", "rowmax3d_f32", "mean4d_f32"])
def test_nd_reductions_compile_for_pvc_without_spills(toolchain, tmp_path, name):
    ll = tmp_path / f"{name}.ll"
    ll.write_text(lower_text((INPUTS / f"{name}.mlir").read_text(), f"{name}.mlir"))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output
