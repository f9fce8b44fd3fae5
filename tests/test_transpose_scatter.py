"""16-bit transposes whose only use is a ``store_nd`` (pvc): the source tile is loaded with the
2D message's VNNI transform in 16-column blocks, and each block's payload is stored as it is by
one 16-lane scatter of 8 dwords per lane (``colmajor.store_vnni_blocks``): no register moves.
Checked here: the emitted form, the simulated numbers (also for a tile partly outside the
destination, whose outside rows are not written), the cases that keep the transposed load and
its de-interleave, and Intel's toolchain on the masked form."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import SAMPLES

from genx_emit.api import compile_stats, lower_text
from genx_emit.sim import run

SENTINEL = -7.0
# an LSC scatter: its lane mask, then l1, l3, address size (a64), immediate offset and scale,
# data size (u32 = 3), vector size (code 5 = 8 dwords), data order (1: not transposed), cache
STORE = (r"call void @llvm\.genx\.lsc\.store\.stateless\.v16i1\.v16i64\.v128i32\("
         r"<16 x i1> ([^,]+(?:, i1 1)*>?|%[\w.]+)"
         r", i8 \d+, i8 \d+, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, <16 x i64> (%[\w.]+), "
         r"<128 x i32> (%[\w.]+), i32 0\)")


def _kernel(rows: int, y: str = "%c0", x: str = "%c0", extra: str = "", h: int = 16, w: int = 32,
            cols: int = 16) -> str:
    """An h x w f16 tile transposed into a [rows, cols] destination at (y, x)."""
    return f"""
gpu.module @m {{
  gpu.func @k(%in: memref<{h}x{w}xf16>, %out: memref<{rows}x{cols}xf16>, %y: index, %x: index) kernel {{
    %c0 = arith.constant 0 : index
    %t = xegpu.create_nd_tdesc %in[%c0, %c0] : memref<{h}x{w}xf16> -> !xegpu.tensor_desc<{h}x{w}xf16>
    %h = xegpu.load_nd %t : !xegpu.tensor_desc<{h}x{w}xf16> -> vector<{h}x{w}xf16>
    %ht = vector.transpose %h, [1, 0] : vector<{h}x{w}xf16> to vector<{w}x{h}xf16>{extra}
    %o = xegpu.create_nd_tdesc %out[{y}, {x}] : memref<{rows}x{cols}xf16> -> !xegpu.tensor_desc<{w}x{h}xf16>
    xegpu.store_nd %ht, %o : vector<{w}x{h}xf16>, !xegpu.tensor_desc<{w}x{h}xf16>
    gpu.return
  }}
}}
"""


def _sample_ll() -> str:
    path = SAMPLES / "transpose_vector.mlir"
    return lower_text(path.read_text(), path.name, "pvc")


def test_the_sample_tile_is_vnni_loaded_and_scattered_as_loaded():
    ll = _sample_ll()
    # one 2D load of two 16x16 blocks: the header's shape word is (blocks - 1) << 16 |
    # (height - 1) << 8 | (width - 1), and the descriptor's bit 7 asks for the VNNI transform
    load = re.search(r"%h\.hdr\.shape = insertelement <8 x i32> %[\w.]+, i32 (\d+), i32 7\n"
                     r"  %h = call <512 x half> @llvm\.genx\.raw\.send2[\w.]*\([^)]*i32 (\d+), <8 x i32> "
                     r"%h\.hdr\.shape", ll)
    assert load is not None
    assert int(load[1]) == (1 << 16) | (15 << 8) | 15 and int(load[2]) >> 7 & 1
    stores = re.findall(STORE, ll)
    assert len(stores) == 2
    # every lane writes: rows 0..31 of a 32-row destination at row 0
    assert all(s[0].startswith("<i1 1") for s in stores)
    # lane c writes output row c of its block: the row starts, 32 bytes apart, shared by both
    lanes = ", ".join(f"i64 {32 * c}" for c in range(16))
    for b, (_, addr, data) in enumerate(stores):
        assert re.search(rf"{re.escape(addr)} = add <16 x i64> %[\w.]+, <{lanes}>", ll)
        # block b's payload as loaded: 128 dwords from dword 128 b (region offset in bytes)
        assert re.search(rf"{re.escape(data)} = call <128 x i32> @llvm\.genx\.rdregioni[\w.]*\(<256 x i32> "
                         rf"%st\.ht\.dw, i32 0, i32 128, i32 1, i16 {512 * b}, i32 128\)", ll)
    # no de-interleave: no 16-lane stride-2 word read, no 2D store of the f16 tile
    assert "%ht.even" not in ll and "v16f16" not in ll and "sends2.noresult.i1.v8i32.v128f16" not in ll


def test_the_sample_numbers():
    path = SAMPLES / "transpose_vector.mlir"
    g = np.random.default_rng(5)
    args = {"src": g.standard_normal((32, 32)).astype(np.float32),
            "dst": np.full((32, 32), SENTINEL, np.float32),
            "hsrc": g.standard_normal((16, 32)).astype(np.float16),
            "hdst": np.full((32, 16), SENTINEL, np.float16)}
    out = run(path.read_text(), "transpose_vector", (4, 2), args, target="pvc")
    np.testing.assert_array_equal(out["hdst"], args["hsrc"].T)
    np.testing.assert_array_equal(out["dst"], args["src"].T)


@pytest.mark.parametrize("y", [0, 8, 20, -5, -20, 40])
def test_rows_outside_the_destination_are_not_written(y: int):
    text = _kernel(40, "%y")
    ll = lower_text(text, "k.mlir", "pvc")
    stores = re.findall(STORE, ll)
    # a run-time row: each block's lanes are masked by their rows against the surface's height
    assert [s[0] for s in stores] == ["%st.ht.b0.inside", "%st.ht.b1.inside"]
    x = np.random.default_rng(6).standard_normal((16, 32)).astype(np.float16)
    args = {"in": x, "out": np.full((40, 16), SENTINEL, np.float16), "y": y, "x": 0}
    got = run(text, "k", (1,), args, target="pvc")["out"]
    want = np.full((40, 16), SENTINEL, np.float16)
    for r in range(32):
        if 0 <= y + r < 40:
            want[y + r] = x[:, r]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("h,w,vector_code", [(16, 16, 5), (8, 32, 4), (8, 16, 4)])
@pytest.mark.parametrize("y", [0, -3, 30])
def test_other_tile_shapes(h: int, w: int, vector_code: int, y: int):
    # an 8-row tile's output rows are 4 dwords (vector size code 4), one scatter per 16 columns,
    # at column 8 of a 32-column destination
    text = _kernel(40, "%y", "8", h=h, w=w, cols=32)
    ll = lower_text(text, "k.mlir", "pvc")
    assert len(re.findall(rf"lsc\.store\.stateless[\w.]*\(<16 x i1> %[\w.]+, i8 \d+, i8 \d+, i8 0, i16 1, "
                          rf"i32 0, i8 3, i8 {vector_code},", ll)) == w // 16
    x = np.random.default_rng(7).standard_normal((h, w)).astype(np.float16)
    args = {"in": x, "out": np.full((40, 32), SENTINEL, np.float16), "y": y, "x": 8}
    got = run(text, "k", (1,), args, target="pvc")["out"]
    want = np.full((40, 32), SENTINEL, np.float16)
    for r in range(w):
        if 0 <= y + r < 40:
            want[y + r, 8:8 + h] = x[:, r]
    np.testing.assert_array_equal(got, want)


def test_narrow_output_rows_keep_the_register_transpose():
    # 4-element output rows: the register transpose's movs are too narrow to copy tiles, and
    # the scatter's lane addresses would add data movs (consumers._vnni_scatters)
    ll = lower_text(_kernel(40, "%y", h=4, w=16, cols=32), "k.mlir", "pvc")
    assert "lsc.store.stateless" not in ll


def _keeps_transposed_load(ll: str) -> None:
    assert "lsc.store.stateless" not in ll
    assert "%ht.even" in ll  # the de-interleave of the transposed word pairs


def test_a_run_time_column_keeps_the_transposed_load():
    # the scatter's lanes write whole rows: a column not known inside could straddle the edge,
    # which the 2D store clips element by element
    _keeps_transposed_load(lower_text(_kernel(32, x="%x"), "k.mlir", "pvc"))


def test_another_use_of_the_transpose_keeps_the_transposed_load():
    extra = ("\n    %o2 = xegpu.create_nd_tdesc %out[%c0, %c0] : memref<32x16xf16>"
             " -> !xegpu.tensor_desc<32x16xf16>"
             "\n    %d = arith.addf %ht, %ht : vector<32x16xf16>"
             "\n    xegpu.store_nd %d, %o2 : vector<32x16xf16>, !xegpu.tensor_desc<32x16xf16>")
    _keeps_transposed_load(lower_text(_kernel(32, extra=extra), "k.mlir", "pvc"))


def test_dg2_keeps_its_register_transpose():
    # no 2D block messages there: the tile is transposed in registers as before
    ll = lower_text(_kernel(40, "%y"), "k.mlir", "dg2")
    assert "lsc.store.stateless.v16i1.v16i64.v128i32" not in ll and "%ht.even" in ll


def test_the_masked_form_compiles_for_pvc(compile_tools):
    # Intel's toolchain takes the VNNI load and the masked scatters: no register moves of the
    # tile (the 3 left build the lane rows and widen the lane offsets to 64 bits), no spill;
    # sends: 2 argument loads, the VNNI load, 2 scatters, the end of thread
    (s,) = compile_stats(_kernel(40, "%y"), "k.mlir", "pvc")
    assert s.spill == 0 and s.dmov <= 3 and s.send <= 6
