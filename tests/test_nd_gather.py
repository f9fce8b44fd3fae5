"""2-D tiles on DG2, which has no 2D block messages: row block messages where exact, else
per-element gathers and scatters (``lower/dg2/nd_rows.py``, ``lower/dg2/nd_gather.py``). Each kernel
here runs in the simulator for both targets and is compared with a numpy reference of the XeGPU
semantics, so the DG2 path is held to the same results as PVC's hardware 2D messages: plain,
VNNI, transposed (with and without transpose_bit_width) and array loads, boundary tiles at every
edge including negative positions, run-time pitches, and stores that must not write outside the
surface."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import clipped_store

from genx_emit.api import lower_text
from genx_emit.lower.dg2.nd_gather import prefetch_columns
from genx_emit.sim import run
from genx_emit.targets import CACHE_LINE_BYTES as CACHE_LINE

TARGETS = ["pvc", "dg2"]
SENTINEL = -7


def _kernel(src_t: str, dst_t: str, tile: str, load_attrs: str, result: str, out_tile: str,
            body: str = "") -> str:
    """Load one tile of %src at (%y, %x) and store it (as ``out_tile``) to %dst at (0, 0)."""
    return f"""
gpu.module @m {{
  gpu.func @k(%src: {src_t}, %dst: {dst_t}, %y: index, %x: index) kernel {{
    %c0 = arith.constant 0 : index
    %t = xegpu.create_nd_tdesc %src[%y, %x] : {src_t} -> !xegpu.tensor_desc<{tile}>
    %v = xegpu.load_nd %t {load_attrs} : !xegpu.tensor_desc<{tile}> -> {result}
    {body}
    %o = xegpu.create_nd_tdesc %dst[%c0, %c0] : {dst_t} -> !xegpu.tensor_desc<{out_tile}>
    xegpu.store_nd %w, %o : vector<{out_tile}>, !xegpu.tensor_desc<{out_tile}>
    gpu.return
  }}
}}
"""


def _window(src: np.ndarray, y: int, x: int, h: int, w: int) -> np.ndarray:
    """The h x w tile at (y, x) with out-of-surface elements zero (2D block read semantics)."""
    out = np.zeros((h, w), src.dtype)
    for r in range(h):
        for c in range(w):
            if 0 <= y + r < src.shape[0] and 0 <= x + c < src.shape[1]:
                out[r, c] = src[y + r, x + c]
    return out


POSITIONS = [(0, 0), (44, 30), (-3, -5), (2, 37), (47, -1)]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("y,x", POSITIONS)
def test_plain_load_reads_zero_outside_the_surface(target: str, y: int, x: int) -> None:
    text = _kernel("memref<50x40xf32>", "memref<8x16xf32>", "8x16xf32", "", "vector<8x16xf32>", "8x16xf32",
                   "xegpu.prefetch_nd %t : !xegpu.tensor_desc<8x16xf32>\n"
                   "    %w = arith.addf %v, %v : vector<8x16xf32>")
    src = np.random.default_rng(1).standard_normal((50, 40)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.full((8, 16), SENTINEL, np.float32), "y": y, "x": x},
              target=target)["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, y, x, 8, 16))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("y,x", [(0, 0), (10, 27), (-1, 3)])
def test_packed_load_is_vnni(target: str, y: int, x: int) -> None:
    """A 16x16 f16 tile packed: element (r, c) lands at [r // 2][c][r % 2]; stored back as an
    8x32 tile it is the VNNI layout itself."""
    text = _kernel("memref<24x40xf16>", "memref<8x32xf16>", "16x16xf16", "<{packed}>", "vector<8x16x2xf16>",
                   "8x32xf16", "%w = vector.shape_cast %v : vector<8x16x2xf16> to vector<8x32xf16>")
    src = np.random.default_rng(2).standard_normal((24, 40)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 32), np.float16), "y": y, "x": x},
              target=target)["dst"]
    tile = _window(src, y, x, 16, 16)
    vnni = tile.reshape(8, 2, 16).transpose(0, 2, 1).reshape(8, 32)
    np.testing.assert_array_equal(out, vnni)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("y,x", [(0, 0), (20, 3), (-2, -2)])
def test_transposed_load(target: str, y: int, x: int) -> None:
    text = _kernel("memref<24x12xf32>", "memref<8x16xf32>", "16x8xf32", "<{transpose = array<i64: 1, 0>}>",
                   "vector<8x16xf32>", "8x16xf32", "%w = arith.addf %v, %v : vector<8x16xf32>")
    src = np.random.default_rng(3).standard_normal((24, 12)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": y, "x": x},
              target=target)["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, y, x, 16, 8).T)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("y,x", [(0, 0), (4, 16), (12, 24), (2, -2), (-3, -4)])
def test_transpose_bit_width_moves_dword_pairs(target: str, y: int, x: int) -> None:
    """f16 transposed as 32-bit units: each dword (a pair of f16 columns) is one unit of the
    transpose, so row u of the result holds units (r, u) of each row r in turn."""
    text = _kernel("memref<20x32xf16>", "memref<8x32xf16>", "16x16xf16",
                   "<{transpose = array<i64: 1, 0>, transpose_bit_width = 32}>", "vector<8x32xf16>",
                   "8x32xf16", "%w = arith.addf %v, %v : vector<8x32xf16>")
    src = np.random.default_rng(4).standard_normal((20, 32)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 32), np.float16), "y": y, "x": x},
              target=target)["dst"]
    units = _window(src, y, x, 16, 16).view(np.uint32)  # 16 rows x 8 units
    np.testing.assert_array_equal(out, (units.T.copy().view(np.float16) * 2))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("y,x", [(0, 0), (6, 20)])
def test_array_length_loads_blocks_side_by_side(target: str, y: int, x: int) -> None:
    tile = "8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>"
    text = _kernel("memref<16x48xf16>", "memref<16x16xf16>", tile, "", "vector<2x8x16xf16>", "16x16xf16",
                   "%w = vector.shape_cast %v : vector<2x8x16xf16> to vector<16x16xf16>")
    src = np.random.default_rng(5).standard_normal((16, 48)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((16, 16), np.float16), "y": y, "x": x},
              target=target)["dst"]
    win = _window(src, y, x, 8, 32)
    np.testing.assert_array_equal(out, np.concatenate([win[:, :16], win[:, 16:]]))


STORE = """
gpu.module @m {
  gpu.func @k(%src: memref<8x16xf32>, %dst: memref<20x24xf32>, %y: index, %x: index) kernel {
    %c0 = arith.constant 0 : index
    %t = xegpu.create_nd_tdesc %src[%c0, %c0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %o = xegpu.create_nd_tdesc %dst[%y, %x] : memref<20x24xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %o : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("y,x", [(0, 0), (15, 13), (-4, -9), (19, 23)])
def test_store_writes_only_inside_the_surface(target: str, y: int, x: int) -> None:
    """The destination is a 20x24 view of a bigger buffer (a 24-column pitch into 32-column rows
    would hide overruns; here every byte outside the 20x24 surface must keep the sentinel)."""
    src = np.random.default_rng(6).standard_normal((8, 16)).astype(np.float32)
    dst = np.full((20, 24), SENTINEL, np.float32)
    out = run(STORE, "k", (1,), {"src": src, "dst": dst, "y": y, "x": x}, target=target)["dst"]
    np.testing.assert_array_equal(out, clipped_store(dst, src, y, x))


RUNTIME_PITCH = """
gpu.module @m {
  gpu.func @k(%src: ui64, %dst: memref<8x16xi32>, %h: index, %w: index, %pitch: index, %y: index,
              %x: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = xegpu.create_nd_tdesc %src[%y, %x], shape : [%h, %w], strides : [%pitch, %c1]
         : ui64 -> !xegpu.tensor_desc<8x16xi32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xi32> -> vector<8x16xi32>
    %o = xegpu.create_nd_tdesc %dst[%c0, %c0] : memref<8x16xi32> -> !xegpu.tensor_desc<8x16xi32>
    xegpu.store_nd %v, %o : vector<8x16xi32>, !xegpu.tensor_desc<8x16xi32>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("target", TARGETS)
def test_runtime_shape_and_pitch(target: str) -> None:
    """A 12x20 surface inside rows of 32 elements, all sizes known only at run time."""
    buf = np.arange(14 * 32, dtype=np.int32).reshape(14, 32)
    out = run(RUNTIME_PITCH, "k", (1,), {"src": buf, "dst": np.zeros((8, 16), np.int32), "h": 12, "w": 20,
                                         "pitch": 32, "y": 7, "x": 9}, target=target)["dst"]
    np.testing.assert_array_equal(out, _window(buf[:12, :20], 7, 9, 8, 16))


def test_dg2_emits_no_2d_block_message() -> None:
    """Every 2-D access of these kernels is LSC messages on DG2, a 2D message on PVC. The load's
    position is a run-time value: row messages behind a guard, per-element gathers beside them."""
    text = _kernel("memref<50x40xf32>", "memref<8x16xf32>", "8x16xf32", "", "vector<8x16xf32>", "8x16xf32",
                   "%w = arith.addf %v, %v : vector<8x16xf32>")
    pvc, dg2 = lower_text(text, "k.mlir"), lower_text(text, "k.mlir", target="dg2")
    assert "@llvm.genx.raw.send2" in pvc and "@llvm.genx.raw.sends2.noresult" in pvc  # 2D load, store
    assert not re.search(r"@llvm\.genx\.(lsc\.\w+2d|raw\.)", dg2)
    # 8 rows of 16 f32: 8 SIMD1 row loads; beside them one 16-lane gather, in a loop over the rows
    assert len(re.findall(r"call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.i1\.i64\(", dg2)) == 8
    assert len(re.findall(r"call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.v16i1\.v16i64\(",
                          dg2)) == 1
    assert re.search(r"br i1 %\S+\.more, label %\S+\.row, label %\S+\.rowsdone", dg2)
    # the destination tile at (0, 0) is its whole 8x16 surface, rows back to back: two 64-dword
    # stores, no guard
    assert len(re.findall(r"call void @llvm\.genx\.lsc\.store\.stateless\.i1\.i64\.v64i32\(", dg2)) == 2
    assert "lsc.store.stateless.v16i1" not in dg2


def test_dg2_takes_surfaces_2d_messages_refuse() -> None:
    """The 2D messages' surface rules (e.g. width >= 32 bytes) do not bind per-element messages."""
    text = _kernel("memref<16x6xf32>", "memref<8x4xf32>", "8x4xf32", "", "vector<8x4xf32>", "8x4xf32",
                   "%w = arith.addf %v, %v : vector<8x4xf32>")
    with pytest.raises(Exception, match="surface width of 24 bytes"):
        lower_text(text, "k.mlir")
    src = np.random.default_rng(7).standard_normal((16, 6)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 4), np.float32), "y": 9, "x": 3},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, 9, 3, 8, 4))


def test_packed_load_of_32_bit_elements_is_an_error_on_dg2() -> None:
    """VNNI is a rule of the op, not of the 2D message: the gather path refuses it alike."""
    text = _kernel("memref<32x32xf32>", "memref<8x16xf32>", "16x16xf32", "<{packed}>", "vector<8x16x2xf32>",
                   "8x32xf32", "%w = vector.shape_cast %v : vector<8x16x2xf32> to vector<8x32xf32>")
    with pytest.raises(Exception, match=r"k\.mlir:6:10: error: xegpu.load_nd: 'packed' \(VNNI\) needs an 8- "
                                        r"or 16-bit element type, got f32"):
        lower_text(text, "k.mlir", target="dg2")


@pytest.mark.parametrize("unit", [1, 2, 4, 8])
@pytest.mark.parametrize("W", [1, 3, 8, 16, 17, 64, 100])
def test_prefetch_touches_every_cache_line_of_a_row(unit: int, W: int) -> None:
    """Wherever the row starts (elements naturally aligned), the sampled columns hit every line
    the row's bytes span."""
    cols = prefetch_columns(W, unit)
    for start in range(0, CACHE_LINE, unit):
        lines = {(start + b) // CACHE_LINE for b in range(W * unit)}
        assert lines == {(start + c * unit) // CACHE_LINE for c in cols}


def _edge_kernels() -> str:
    """Four slow-path forms: plain 8x16 f32, VNNI array 16x16 f16 x 2, transposed 16x8 f32 loads
    (a loop over its columns: each a row of the result) and a 32x32 f32 store (128 GRFs on DG2:
    stored in row groups), all at run-time positions."""
    return """
gpu.module @m {
  gpu.func @k(%a: memref<50x40xf32>, %b: memref<40x64xf16>, %c: memref<40x40xf32>,
              %y: index, %x: index) kernel {
    %ta = xegpu.create_nd_tdesc %a[%y, %x] : memref<50x40xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %tb = xegpu.create_nd_tdesc %b[%y, %x] : memref<40x64xf16>
        -> !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %vb = xegpu.load_nd %tb <{packed}>
        : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16x2xf16>
    %tt = xegpu.create_nd_tdesc %a[%y, %x] : memref<50x40xf32> -> !xegpu.tensor_desc<16x8xf32>
    %vt = xegpu.load_nd %tt <{transpose = array<i64: 1, 0>}>
        : !xegpu.tensor_desc<16x8xf32> -> vector<8x16xf32>
    %s = arith.addf %va, %vt : vector<8x16xf32>
    %big = vector.broadcast %s : vector<8x16xf32> to vector<4x8x16xf32>
    %c32 = vector.shape_cast %big : vector<4x8x16xf32> to vector<32x16xf32>
    %wide = vector.broadcast %c32 : vector<32x16xf32> to vector<2x32x16xf32>
    %tc = xegpu.create_nd_tdesc %c[%y, %x] : memref<40x40xf32> -> !xegpu.tensor_desc<32x32xf32>
    %vc = vector.shape_cast %wide : vector<2x32x16xf32> to vector<32x32xf32>
    xegpu.store_nd %vc, %tc : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
    gpu.return
  }
}
"""


def test_edge_tiles_go_through_rolled_row_loops() -> None:
    """Each slow path is run-time loops over the tile rows, one masked gather / scatter per row
    and message (lanes = the row's units), every loop marked not to be unrolled; the marks are
    numbered after the kernel's metadata and share one hint node."""
    ll = lower_text(_edge_kernels(), "k.mlir", target="dg2")
    loops = re.findall(r"br i1 %\S+\.more, label %(\S+)\.row, label %\S+\.rowsdone, !llvm\.loop !(\d+)", ll)
    # plain, array-VNNI, transposed loads; the 32x32 f32 store (4 KiB, 128 GRFs) in two row groups
    assert [name for name, _ in loops] == ["va.rows", "vb.rows", "vt.cols", "st.vc.h0.rows", "st.vc.h16.rows"]
    hint = int(re.search(r'^!(\d+) = !\{!"llvm\.loop\.unroll\.disable"\}$', ll, re.M).group(1))
    assert hint == 5  # the kernel's genx.kernels nodes are !0 .. !4
    ids = [int(k) for _, k in loops]
    assert ids == list(range(hint + 1, hint + 6))
    for k in ids:
        assert f"!{k} = !{{!{k}, !{hint}}}" in ll
    # one gather per row message: va 16 lanes, vb 2 blocks x 16; vt one per column, its 16 rows
    gather16 = r"call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.v16i1\.v16i64\("
    assert len(re.findall(gather16, ll)) == 4


@pytest.mark.parametrize("y,x", [(0, 0), (20, 4), (30, 10), (-5, -3), (37, 30)])
def test_edge_tile_loops_compute_the_2d_messages_numbers(y: int, x: int) -> None:
    """Every form at positions inside and over each edge: the 2D messages' numbers."""
    rng = np.random.default_rng(11)
    a = rng.standard_normal((50, 40)).astype(np.float32)
    b = rng.standard_normal((40, 64)).astype(np.float16)
    c = np.full((40, 40), -3, np.float32)
    out = run(_edge_kernels(), "k", (1,), {"a": a, "b": b, "c": c, "y": y, "x": x}, target="dg2")["c"]
    s = _window(a, y, x, 8, 16) + _window(a, y, x, 16, 8).T
    tile = np.broadcast_to(np.tile(s, (4, 1)), (2, 32, 16)).reshape(32, 32)  # the shape_casts
    np.testing.assert_array_equal(out, clipped_store(c, tile, y, x))


def test_edge_tile_loops_compile_rolled_for_dg2(toolchain, tmp_path) -> None:
    """IGC (acm-g10) takes the row loops and keeps them rolled: far fewer sends than one per row
    of every slow path (8 + 16 + 16 + 32 rows)."""
    ll = tmp_path / "edges.ll"
    ll.write_text(lower_text(_edge_kernels(), "k.mlir", target="dg2"))
    r = toolchain.igc_check(ll, "acm-g10")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    k = r.kernels["k"]
    assert k["scratch"] == 0, r.output
    # fast paths: 8 + 16 + 1 + 32 row messages; slow paths rolled: a handful; plus argument loads
    assert k["send"] < 8 + 16 + 1 + 32 + 16, r.output


def test_tile_start_is_a_32_bit_offset_on_a_small_static_surface() -> None:
    """The start of a tile of a known surface under 2 GiB: one sign-extended 32-bit offset added
    to the base (DG2 emulates 64-bit multiplies), shared by the row path and the edge loops; a
    bigger surface keeps the 64-bit arithmetic."""
    plain = ("memref<50x40xf32>", "memref<8x16xf32>", "8x16xf32", "", "vector<8x16xf32>", "8x16xf32",
             "%w = arith.addf %v, %v : vector<8x16xf32>")
    small = lower_text(_kernel(*plain), "k.mlir", target="dg2")
    assert re.search(r"= mul i32 %y\S*, 160\b", small) and re.search(r"= sext i32 %\S+\.off to i64", small)
    assert not re.search(r"= mul i64 ", small)
    big = _kernel(*plain).replace("memref<50x40xf32>", "memref<70000x40000xf32>")
    assert re.search(r"= mul i64 %\S+, 160000\b", lower_text(big, "k.mlir", target="dg2"))


def test_prefetch_is_for_whole_tiles_with_one_predicate() -> None:
    """prefetch_nd on DG2: a lane per cache line of each row (16 f32 = 64 bytes: columns 0 and 15),
    all under one scalar predicate, the tile wholly inside its surface (an edge tile's lines are
    left to its loads), addresses constant offsets from the tile's start (low dwords + offsets),
    column-major: column 0 of rows 0-7, then column 15 (progressions IGC builds cheaply)."""
    text = _kernel("memref<50x40xf32>", "memref<8x16xf32>", "8x16xf32", "", "vector<8x16xf32>", "8x16xf32",
                   "xegpu.prefetch_nd %t : !xegpu.tensor_desc<8x16xf32>\n"
                   "    %w = arith.addf %v, %v : vector<8x16xf32>")
    ll = lower_text(text, "k.mlir", target="dg2")
    pf = re.findall(r"call void @llvm\.genx\.lsc\.prefetch\.stateless\.v16i1\.v16i64\(<16 x i1> (%\S+),", ll)
    assert pf == ["%pf.wv"]
    assert re.search(r"%pf\.in = and i1 %pf\.cols, %pf\.rows", ll)
    rows = ", ".join(f"i32 {r * 160}" for r in range(8))
    ends = ", ".join(f"i32 {r * 160 + 60}" for r in range(8))
    assert re.search(rf"= add <16 x i32> %\S+, <{rows}, {ends}>", ll)


def test_prefetch_with_offsets_past_31_bits_tests_no_lane() -> None:
    """Rows 400 MB apart (offsets past 2**31: 64-bit lane offsets added to the first address):
    still the one tile-wide predicate, no per-lane bounds compares (the tile is wholly inside
    where it is sent)."""
    text = _kernel("memref<16x100000000xf32>", "memref<8x16xf32>", "8x16xf32", "", "vector<8x16xf32>",
                   "8x16xf32", "xegpu.prefetch_nd %t : !xegpu.tensor_desc<8x16xf32>\n"
                   "    %w = arith.addf %v, %v : vector<8x16xf32>")
    ll = lower_text(text, "k.mlir", target="dg2")
    pf = re.findall(r"call void @llvm\.genx\.lsc\.prefetch\.stateless\.v16i1\.v16i64\(<16 x i1> (%\S+),", ll)
    assert pf == ["%pf.wv"]
    assert re.search(r"%pf\.in = and i1 %pf\.cols, %pf\.rows", ll)
    assert not re.search(r"%pf\S* = icmp \S+ <16 x i32>", ll)
