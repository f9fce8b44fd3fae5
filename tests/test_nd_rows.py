"""DG2's row-block path for 2-D tiles (``lower/dg2/nd_rows.py``): SIMD1 transposed D32 messages, one
scalar address per tile row, behind a run-time guard (the whole tile inside the surface, rows
aligned); a tile over an edge or unaligned goes per row through masked gathers and scatters
(lanes = columns), which give the 2D messages' boundary behaviour. The simulator records which
messages each run sends, so every test proves which path ran as well as the numbers it produced."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import clipped_store
from test_nd_gather import STORE, _kernel, _window

from genx_emit.api import lower_text
from genx_emit.sim import lsc as sim_lsc
from genx_emit.sim import run

ORDER, VECTOR = 8, 7  # operand positions of data order and vector size in an LSC message
TRANSPOSED, V1 = 2, 1


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """(kind, row-path?) of every LSC load/store the simulator executes: row messages are
    transposed blocks or, for transposed tiles, one lane per row with a vector of units; the
    per-element path sends one element (vector size 1) per lane."""
    seen: list[tuple[str, bool]] = []

    def spy(kind: str, real):
        def wrapped(mem, a, *rest, **kw):
            seen.append((kind, int(a[ORDER]) == TRANSPOSED or int(a[VECTOR]) > V1))
            return real(mem, a, *rest, **kw)
        return wrapped

    monkeypatch.setattr(sim_lsc, "load", spy("load", sim_lsc.load))
    monkeypatch.setattr(sim_lsc, "store", spy("store", sim_lsc.store))
    return seen


def _paths(seen: list[tuple[str, bool]], kind: str) -> set[bool]:
    return {fast for k, fast in seen if k == kind}


PLAIN = ("memref<50x40xf32>", "memref<8x16xf32>", "8x16xf32", "", "vector<8x16xf32>", "8x16xf32",
         "%w = arith.addf %v, %v : vector<8x16xf32>")


@pytest.mark.parametrize("y,x,fast", [(0, 0, True), (42, 24, True), (43, 24, False), (0, 25, False),
                                      (-1, 0, False), (-8, 0, False), (5, -1, False)])
def test_plain_load_takes_rows_when_the_tile_is_inside(messages, y: int, x: int, fast: bool) -> None:
    src = np.random.default_rng(1).standard_normal((50, 40)).astype(np.float32)
    out = run(_kernel(*PLAIN), "k", (1,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": y, "x": x},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, y, x, 8, 16))
    assert _paths(messages, "load") == {fast}
    assert _paths(messages, "store") == {True}  # the destination tile at (0, 0) is inside


@pytest.mark.parametrize("y,x,fast", [(0, 0, True), (8, 24, True), (9, 24, False), (-3, 0, False),
                                      (4, 3, False), (4, 26, False)])
def test_packed_load_interleaves_rows(messages, y: int, x: int, fast: bool) -> None:
    """VNNI from rows; an odd f16 column start is not dword aligned, so it goes per element."""
    text = _kernel("memref<24x40xf16>", "memref<8x32xf16>", "16x16xf16", "<{packed}>", "vector<8x16x2xf16>",
                   "8x32xf16", "%w = vector.shape_cast %v : vector<8x16x2xf16> to vector<8x32xf16>")
    src = np.random.default_rng(2).standard_normal((24, 40)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 32), np.float16), "y": y, "x": x},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, _window(src, y, x, 16, 16).reshape(8, 2, 16).transpose(0, 2, 1)
                                  .reshape(8, 32))
    assert _paths(messages, "load") == {fast}


@pytest.mark.parametrize("y,x,fast", [(0, 0, True), (8, 4, True), (9, 0, False), (-2, 4, False),
                                      (0, 5, False)])
def test_transposed_load_is_one_lane_per_row(messages, y: int, x: int, fast: bool) -> None:
    text = _kernel("memref<24x12xf32>", "memref<8x16xf32>", "16x8xf32", "<{transpose = array<i64: 1, 0>}>",
                   "vector<8x16xf32>", "8x16xf32", "%w = arith.addf %v, %v : vector<8x16xf32>")
    src = np.random.default_rng(3).standard_normal((24, 12)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": y, "x": x},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, y, x, 16, 8).T)
    assert _paths(messages, "load") == {fast}


@pytest.mark.parametrize("y,x,fast", [(0, 0, True), (4, 16, True), (10, 0, False), (4, 18, False)])
def test_transpose_bit_width_units(messages, y: int, x: int, fast: bool) -> None:
    text = _kernel("memref<20x32xf16>", "memref<8x32xf16>", "16x16xf16",
                   "<{transpose = array<i64: 1, 0>, transpose_bit_width = 32}>", "vector<8x32xf16>",
                   "8x32xf16", "%w = arith.addf %v, %v : vector<8x32xf16>")
    src = np.random.default_rng(4).standard_normal((20, 32)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 32), np.float16), "y": y, "x": x},
              target="dg2")["dst"]
    units = _window(src, y, x, 16, 16).view(np.uint32)
    np.testing.assert_array_equal(out, units.T.copy().view(np.float16) * 2)
    assert _paths(messages, "load") == {fast}


@pytest.mark.parametrize("y,x,fast", [(0, 0, True), (8, 16, True), (12, 16, False), (8, 18, False)])
def test_array_blocks_come_from_whole_rows(messages, y: int, x: int, fast: bool) -> None:
    tile = "8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>"
    text = _kernel("memref<16x48xf16>", "memref<16x16xf16>", tile, "", "vector<2x8x16xf16>", "16x16xf16",
                   "%w = vector.shape_cast %v : vector<2x8x16xf16> to vector<16x16xf16>")
    src = np.random.default_rng(5).standard_normal((16, 48)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((16, 16), np.float16), "y": y, "x": x},
              target="dg2")["dst"]
    win = _window(src, y, x, 8, 32)
    np.testing.assert_array_equal(out, np.concatenate([win[:, :16], win[:, 16:]]))
    assert _paths(messages, "load") == {fast}


@pytest.mark.parametrize("cols,fast", [(6, True), (5, False)])
def test_64_bit_transpose_units_need_8_byte_aligned_rows(messages, cols: int, fast: bool) -> None:
    """f32 pairs transposed as 64-bit units travel as D64 lanes: with a 5-column (20-byte) pitch
    every other row starts 4 bytes off, so the tile goes per element."""
    text = _kernel(f"memref<12x{cols}xf32>", "memref<2x16xf32>", "8x4xf32",
                   "<{transpose = array<i64: 1, 0>, transpose_bit_width = 64}>", "vector<2x16xf32>",
                   "2x16xf32", "%w = arith.addf %v, %v : vector<2x16xf32>")
    src = np.random.default_rng(8).standard_normal((12, cols)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((2, 16), np.float32), "y": 2, "x": 0},
              target="dg2")["dst"]
    units = np.ascontiguousarray(_window(src, 2, 0, 8, 4)).view(np.uint64)  # 8 rows x 2 units
    np.testing.assert_array_equal(out, units.T.copy().view(np.float32) * 2)
    assert _paths(messages, "load") == {fast}


@pytest.mark.parametrize("y,x,fast", [(0, 0, True), (12, 8, True), (13, 8, False), (-3, 0, False),
                                      (12, 9, False)])
def test_store_rows_write_only_the_tile(messages, y: int, x: int, fast: bool) -> None:
    src = np.random.default_rng(6).standard_normal((8, 16)).astype(np.float32)
    dst = np.full((20, 24), -7, np.float32)
    out = run(STORE, "k", (1,), {"src": src, "dst": dst, "y": y, "x": x}, target="dg2")["dst"]
    np.testing.assert_array_equal(out, clipped_store(dst, src, y, x))
    assert _paths(messages, "store") == {fast}


def test_a_tile_known_inside_has_no_guard_and_one_message_per_row() -> None:
    """Constant positions inside the surface: no branch, no per-element message; each of the 8
    rows is one 16-dword transposed load and one store, its address a lane of one vector of row
    addresses built once (DG2 emulates 64-bit adds: one vector add beats 7 scalar ones)."""
    # (a destination wider than the tile: its rows are not back to back)
    text = _kernel(PLAIN[0], "memref<8x32xf32>", *PLAIN[2:]).replace("%src[%y, %x]", "%src[%c0, %c0]")
    ll = lower_text(text, "k.mlir", target="dg2")
    assert "br i1" not in ll
    assert len(re.findall(r"call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.i1\.i64\(", ll)) == 8
    assert len(re.findall(r"call void @llvm\.genx\.lsc\.store\.stateless\.i1\.i64\.v16i32\(", ll)) == 8
    # low dwords: one add of the row offsets to the start's (then the high dwords plus carries)
    assert len(re.findall(r"= add <8 x i32> %\S+, <i32 0, i32 160, i32 320, ", ll)) == 1  # the load's rows
    assert len(re.findall(r"= add <8 x i32> %\S+, <i32 0, i32 128, i32 256, ", ll)) == 1  # the store's
    assert len(re.findall(r"= extractelement <8 x i64> ", ll)) == 2 * 7  # row 0 is the start itself
    assert not re.search(r"= add i64 ", ll[ll.index("call <16 x i32> @llvm.genx.lsc.load"):])  # none per row


@pytest.mark.parametrize("y,low,fast", [(20, 4096, False), (20, 1 << 20, True), (30, 4096, True)])
def test_row_addresses_share_the_high_dword_or_go_per_element(monkeypatch, messages, y: int, low: int,
                                                              fast: bool) -> None:
    """Row addresses are 32-bit offsets added to the low dword of one 64-bit start; a tile whose
    rows cross a 4 GiB boundary (the source placed ``low`` bytes below it: rows 20..27 of a
    160-byte pitch straddle 4096) takes the per-element path, with the same numbers."""
    from genx_emit.sim import memory
    monkeypatch.setattr(memory, "BASE", (1 << 32) - low)
    src = np.random.default_rng(9).standard_normal((50, 40)).astype(np.float32)
    out = run(_kernel(*PLAIN), "k", (1,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": y, "x": 8},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, y, 8, 8, 16))
    assert _paths(messages, "load") == {fast}


def test_row_addresses_are_32_bit_adds_to_one_start() -> None:
    """Behind a run-time guard, a row's address is the start with its low dword moved by the row
    offset (no 64-bit add per row), and the guard checks the offsets carry into no high dword."""
    ll = lower_text(_kernel(*PLAIN), "k.mlir", target="dg2")
    rows = ll[ll.index(".rows:"):ll.index(".elems:")]
    assert not re.search(r"= add i64", rows)
    assert len(re.findall(r"insertelement <2 x i32>", rows)) == 7  # rows 1..7; row 0 is the start
    assert re.search(r"icmp ule i32 %\S+\.lo32, 4294966175", ll)  # 2**32 - 1 - (7 * 160 + 0)


def test_a_column_bounded_by_its_arithmetic_needs_no_guard() -> None:
    """A column ``(block_id % 2) * 16`` of a 40-column surface is inside for every id (the
    position's range is derived from its arithmetic): no branch; the run-time row is predicated
    row by row. The same tile at ``(block_id % 3) * 16`` may cross the edge: guarded."""
    def kernel(m: int) -> str:
        return _kernel(*PLAIN).replace("%src[%y, %x]", "%src[%y, %col]").replace(
            "%c0 = arith.constant 0 : index",
            f"%c0 = arith.constant 0 : index\n    %cm = arith.constant {m} : index\n"
            "    %c16 = arith.constant 16 : index\n    %bid = gpu.block_id x\n"
            "    %q = arith.remui %bid, %cm : index\n    %col = arith.muli %q, %c16 : index")
    inside = lower_text(kernel(2), "k.mlir", target="dg2")
    assert "br i1" not in inside
    predicated_rows = r"call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.i1\.i64\(i1 %"
    assert len(re.findall(predicated_rows, inside)) == 8
    assert "br i1" in lower_text(kernel(3), "k.mlir", target="dg2")
    src = np.random.default_rng(4).standard_normal((50, 40)).astype(np.float32)
    for y in (0, 45):
        out = run(kernel(2), "k", (2,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": y, "x": 0},
                  target="dg2")["dst"]  # both groups write the same dst: the last one's tile stays
        assert any(np.array_equal(out, 2 * _window(src, y, x, 8, 16)) for x in (0, 16))


# --- tiles whose rows lie back to back (a constant pitch equal to the tile row's bytes) ---------

B2B_LOAD = re.compile(r"call <64 x i32> @llvm\.genx\.lsc\.load\.stateless\.v64i32\.i1\.i64\((i1 [^,]+),")
B2B_STORE = re.compile(r"call void @llvm\.genx\.lsc\.store\.stateless\.i1\.i64\.v64i32\((i1 [^,]+),")
ROW16_LOAD = re.compile(r"call <16 x i32> @llvm\.genx\.lsc\.load\.stateless\.v16i32\.i1\.i64\(")


def test_a_tile_as_wide_as_its_surface_is_one_run_of_messages() -> None:
    """8x16 f32 on an 8x16 surface (64-byte pitch = the row): 512 bytes back to back, two
    64-dword transposed messages each way instead of 8 row messages, no predicate, no branch."""
    text = _kernel("memref<8x16xf32>", "memref<8x16xf32>", *PLAIN[2:])
    text = text.replace("%src[%y, %x]", "%src[%c0, %c0]")
    ll = lower_text(text, "k.mlir", target="dg2")
    assert "br i1" not in ll and not ROW16_LOAD.search(ll)
    assert B2B_LOAD.findall(ll) == ["i1 true"] * 2 and B2B_STORE.findall(ll) == ["i1 true"] * 2


@pytest.mark.parametrize("y,fast", [(0, True), (16, True), (17, False), (-3, False), (23, False)])
def test_back_to_back_tile_at_a_run_time_row(messages, y: int, fast: bool) -> None:
    """A run-time row on a 24x16 surface: the guard (whole tile inside) picks the run of
    messages; a tile over the top or bottom edge goes per element and reads zero outside."""
    text = _kernel("memref<24x16xf32>", "memref<8x16xf32>", *PLAIN[2:])
    ll = lower_text(text, "k.mlir", target="dg2")
    assert len(B2B_LOAD.findall(ll)) == 2 and not ROW16_LOAD.search(ll)
    src = np.random.default_rng(7).standard_normal((24, 16)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": y, "x": 0},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, y, 0, 8, 16))
    assert _paths(messages, "load") == {fast}
    assert _paths(messages, "store") == {True}


@pytest.mark.parametrize("y,fast", [(0, True), (8, True), (9, False), (-2, False)])
def test_back_to_back_packed_load_interleaves_the_run(messages, y: int, fast: bool) -> None:
    """VNNI from a 16x16 f16 tile on a 16-column surface: two 64-dword messages, the rows
    interleaved from them."""
    text = _kernel("memref<24x16xf16>", "memref<8x32xf16>", "16x16xf16", "<{packed}>", "vector<8x16x2xf16>",
                   "8x32xf16", "%w = vector.shape_cast %v : vector<8x16x2xf16> to vector<8x32xf16>")
    assert len(B2B_LOAD.findall(lower_text(text, "k.mlir", target="dg2"))) == 2
    src = np.random.default_rng(8).standard_normal((24, 16)).astype(np.float16)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 32), np.float16), "y": y, "x": 0},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, _window(src, y, 0, 16, 16).reshape(8, 2, 16).transpose(0, 2, 1)
                                  .reshape(8, 32))
    assert _paths(messages, "load") == {fast}


def test_back_to_back_tiles_compile_for_dg2(toolchain, tmp_path) -> None:
    """IGC (acm-g10) takes the 64-dword runs, guarded and unguarded, plain and VNNI."""
    for i, text in enumerate([
            _kernel("memref<24x16xf32>", "memref<8x16xf32>", *PLAIN[2:]),
            _kernel("memref<24x16xf16>", "memref<8x32xf16>", "16x16xf16", "<{packed}>", "vector<8x16x2xf16>",
                    "8x32xf16", "%w = vector.shape_cast %v : vector<8x16x2xf16> to vector<8x32xf16>")]):
        ll = tmp_path / f"b2b{i}.ll"
        ll.write_text(lower_text(text, "k.mlir", target="dg2"))
        r = toolchain.igc_check(ll, "acm-g10")
        assert r.returncode == 0 and r.bad_signatures == 0, r.output
        assert r.kernels["k"]["scratch"] == 0, r.output
        assert r.kernels["k"]["send"] < 8 + 2 + 2 + 4, r.output  # runs + rolled edge loop + args


# --- edge-tile loops: the row's 32-bit offset carried, lane addresses carried into the high dword

def test_edge_loops_carry_a_32_bit_row_offset() -> None:
    """The per-element loops over rows (and over columns of a transposed load) carry the row's
    byte offset from the tile's start as an i32 (one 32-bit add per iteration), not a 64-bit
    address (emulated on DG2): the lanes' low dwords are the start's plus the offset."""
    ll = lower_text(_kernel(*PLAIN), "k.mlir", target="dg2")
    loop = ll[ll.index("tile.rows.row:") if "tile.rows.row:" in ll else ll.index(".rows.row:"):]
    assert re.search(r"%\S+\.ro = phi\s+i32 \[0, ", loop)
    assert re.search(r"%\S+\.ro1 = add i32 %\S+\.ro, 160\b", loop)
    assert not re.search(r"= phi\s+i64", ll)


@pytest.mark.parametrize("y,x", [(-2, 4), (2, 9), (14, 9)])
def test_edge_store_lanes_carry_into_the_high_dword(monkeypatch, messages, y: int, x: int) -> None:
    """The destination straddles a 4 GiB boundary (600 bytes below it, a 96-byte pitch): an edge
    tile's scatter lanes in the rows there carry into their high dwords, the numbers exact; at
    (2, 9) the row offset itself carries (row 4 starts at the boundary), at (14, 9) the tile
    starts above it."""
    from genx_emit.sim import memory
    monkeypatch.setattr(memory, "BASE", (1 << 32) - 2 * memory.PAGE - 600)  # src: a page + guard
    src = np.random.default_rng(11).standard_normal((8, 16)).astype(np.float32)
    dst = np.full((20, 24), -7, np.float32)
    out = run(STORE, "k", (1,), {"src": src, "dst": dst, "y": y, "x": x}, target="dg2")["dst"]
    np.testing.assert_array_equal(out, clipped_store(dst, src, y, x))
    assert _paths(messages, "store") == {False}


@pytest.mark.parametrize("below", [300, 8])
def test_edge_transposed_load_lanes_carry_into_the_high_dword(monkeypatch, messages, below: int) -> None:
    """A transposed edge tile's column loop, the tile's start ``below`` bytes under a 4 GiB
    boundary: its row lanes cross it (300), or the column offset itself does (8: column 2)."""
    from genx_emit.sim import memory
    monkeypatch.setattr(memory, "BASE", (1 << 32) - (9 * 48 + below))
    text = _kernel("memref<24x12xf32>", "memref<8x16xf32>", "16x8xf32", "<{transpose = array<i64: 1, 0>}>",
                   "vector<8x16xf32>", "8x16xf32", "%w = arith.addf %v, %v : vector<8x16xf32>")
    src = np.random.default_rng(12).standard_normal((24, 12)).astype(np.float32)
    out = run(text, "k", (1,), {"src": src, "dst": np.zeros((8, 16), np.float32), "y": 9, "x": 0},
              target="dg2")["dst"]
    np.testing.assert_array_equal(out, 2 * _window(src, 9, 0, 16, 8).T)
    assert _paths(messages, "load") == {False}


def test_a_transposed_tile_too_big_for_one_gather_is_split_by_columns() -> None:
    """16 rows x 8 f32 (512 bytes, two of DG2's 8-GRF payloads): two gathers of all 16 lanes,
    columns 0-3 and 4-7 (lanes moved by 16 bytes), each payload a contiguous half of the
    transposed result, not two 8-lane gathers whose halves interleave column by column."""
    text = _kernel("memref<24x12xf32>", "memref<8x16xf32>", "16x8xf32", "<{transpose = array<i64: 1, 0>}>",
                   "vector<8x16xf32>", "8x16xf32", "%w = arith.addf %v, %v : vector<8x16xf32>")
    ll = lower_text(text, "k.mlir", target="dg2")
    fast = ll[ll.index(".rows:"):ll.index(".elems:")]
    gather = re.compile(r"call <(\d+) x i32> @llvm\.genx\.lsc\.load\.stateless\.v\d+i32\.v(\d+)i1\.v\d+i64\(")
    gathers = gather.findall(fast)
    assert gathers == [("64", "16"), ("64", "16")]
    assert re.search(r"= add <16 x i32> %\S+, <i32 16, i32 64, i32 112, ", fast)  # rows of 48 bytes, + 16


def test_a_transposed_tile_split_by_columns_compiles_for_dg2(toolchain, tmp_path) -> None:
    text = _kernel("memref<24x12xf32>", "memref<8x16xf32>", "16x8xf32", "<{transpose = array<i64: 1, 0>}>",
                   "vector<8x16xf32>", "8x16xf32", "%w = arith.addf %v, %v : vector<8x16xf32>")
    ll = tmp_path / "tcols.ll"
    ll.write_text(lower_text(text, "k.mlir", target="dg2"))
    r = toolchain.igc_check(ll, "acm-g10")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    assert r.kernels["k"]["scratch"] == 0, r.output
