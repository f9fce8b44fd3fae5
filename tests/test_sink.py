"""Tile loads issued at their first use (``lower/transforms/sink.py``) in a straight-line kernel
whose loaded tiles exceed even the large register file: the result is numpy's, each 2D block
load sits right before the first instruction that reads it, and a kernel that fits is left as
it was written (its loads up front)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from genx_emit.api import lower_text
from genx_emit.sim import run

TD = "!xegpu.tensor_desc<16x16xf32>"
V = "vector<16x16xf32>"


def kernel(tiles: int) -> str:
    """out = max(a, b) over a 16 x (16 * tiles) f32 strip: every tile of a, then of b, is loaded
    before any maximum, and every maximum made before any store (as a work-group kernel
    distributed to one subgroup is written)."""
    body = []
    for src in ("a", "b"):
        for t in range(tiles):
            body += [f"%t{src}{t} = xegpu.create_nd_tdesc %{src}[0, {16 * t}] : memref<16x512xf32> -> {TD}",
                     f"%v{src}{t} = xegpu.load_nd %t{src}{t} : {TD} -> {V}"]
    for t in range(tiles):
        body += [f"%m{t} = arith.maximumf %va{t}, %vb{t} : {V}"]
    for t in range(tiles):
        body += [f"%to{t} = xegpu.create_nd_tdesc %o[0, {16 * t}] : memref<16x512xf32> -> {TD}",
                 f"xegpu.store_nd %m{t}, %to{t} : {V}, {TD}"]
    lines = "\n".join(f"    {b}" for b in body)
    args = "%a: memref<16x512xf32>, %b: memref<16x512xf32>, %o: memref<16x512xf32>"
    return f"gpu.module @m {{\n  gpu.func @k({args}) kernel {{\n{lines}\n    gpu.return\n  }}\n}}\n"


def _loads_before_use(ll: str) -> list[bool]:
    """For each 2D block load, whether the next instruction reads its result."""
    lines = [x.strip() for x in ll.splitlines()]
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"(%[\w.]+) = call .*@llvm\.genx\.raw\.send2\.", line)
        if m:
            out.append(re.search(rf"{re.escape(m.group(1))}\b", lines[i + 1]) is not None)
    return out


def test_tiles_past_the_large_file_are_loaded_at_their_use():
    ll = lower_text(kernel(32), "k.mlir", "pvc")  # 2 x 32 tiles of 16 GRFs: 1024 GRFs
    assert '"genx-emit-grf"="256"' in ll
    placed = _loads_before_use(ll)
    assert len(placed) == 64 and all(placed)


def test_tiles_that_fit_stay_up_front():
    ll = lower_text(kernel(2), "k.mlir", "pvc")  # 64 GRFs
    assert not any(_loads_before_use(ll))  # a0 a1 b0 b1, then the maximums


@pytest.mark.parametrize("tiles", [2, 32])
def test_the_maximum_is_numpys(tiles: int):
    rng = np.random.default_rng(tiles)
    a, b = (rng.standard_normal((16, 512)).astype(np.float32) for _ in range(2))
    out = run(kernel(tiles), "k", (1,), {"a": a, "b": b, "o": np.zeros((16, 512), np.float32)})
    w = 16 * tiles
    np.testing.assert_array_equal(out["o"][:, :w], np.maximum(a, b)[:, :w])
