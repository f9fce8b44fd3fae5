"""3-D tensor descriptors at workgroup level (upstream's 3-D ``tensor_desc`` over a subview whose
planes are not back to back): each block is one plane's 2-D message at the block's 3-D offsets;
simulated against numpy (everything outside the subview keeps its value) and compiled for pvc
without spills."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from conftest import compile_without_scratch

from genx_emit.sim import run

PATH = Path(__file__).parent / "inputs" / "wg" / "planes3d_f32.mlir"
TEXT = PATH.read_text()


def test_planes_of_a_3d_subview_are_loaded_and_stored_in_place():
    x = np.random.default_rng(11).standard_normal((4, 64, 64)).astype(np.float32)
    y = np.full((4, 64, 64), -1.0, np.float32)
    out = run(TEXT, "k", grid=(1,), threads=2, args={"x": x, "y": y})["y"]
    want = y.copy()
    want[:, 8:24, 16:48] = 2 * x[:, 8:24, 16:48]
    np.testing.assert_array_equal(out, want)


def test_planes_kernel_compiles_for_pvc_without_spills(toolchain, tmp_path):
    compile_without_scratch(toolchain, tmp_path, PATH)
