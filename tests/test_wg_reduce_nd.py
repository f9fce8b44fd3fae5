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


def _run(name: str, seed: int, n: int, out: int, grid: int, threads: int) -> tuple[np.ndarray, np.ndarray]:
    """The kernel ``name`` run on ``n`` random f32 inputs: (inputs, its ``out`` results)."""
    x = np.random.default_rng(seed).standard_normal(n).astype(np.float32)
    text = (INPUTS / f"{name}.mlir").read_text()
    args = {"src": x, "dst": np.zeros(out, np.float32)}
    return x, run(text, "k", grid=(grid,), threads=threads, args=args)["dst"]


def test_plane_means_of_a_3d_tile_match_numpy():
    x, out = _run("mean3d_f32", 6, 1024, 4, 1, 8)
    want = x.reshape(4, 256).astype(np.float64).mean(1)
    # 256 f32 additions in some order, then one division
    np.testing.assert_allclose(out, want, rtol=0, atol=256 * 2.0**-24 * np.abs(x).max())


def test_middle_dimension_maxima_of_a_3d_tile_match_numpy():
    x, out = _run("rowmax3d_f32", 7, 2048, 128, 1, 8)
    np.testing.assert_array_equal(out, x.reshape(4, 16, 32).max(1).reshape(-1))


def test_row_means_of_a_4d_tile_match_numpy():
    x, out = _run("mean4d_f32", 8, 2048, 32, 2, 2)
    want = x.reshape(32, 64).astype(np.float64).mean(1)
    np.testing.assert_allclose(out, want, rtol=0, atol=64 * 2.0**-24 * np.abs(x).max())


@pytest.mark.parametrize("name", ["mean3d_f32", "rowmax3d_f32", "mean4d_f32"])
def test_nd_reductions_compile_for_pvc_without_spills(toolchain, tmp_path, name):
    ll = tmp_path / f"{name}.ll"
    ll.write_text(lower_text((INPUTS / f"{name}.mlir").read_text(), f"{name}.mlir"))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output
