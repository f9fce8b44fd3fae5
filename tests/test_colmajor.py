"""Column-major tiles for row reductions (``lower/analysis/colmajor.py``): the emitted form (gathers and
scatters instead of 2D block messages, reduction steps on aligned row groups, per-row values
repeated), and, simulated, the 2D messages' numbers at the surface's edges."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import SAMPLES, one_kernel

from genx_emit.api import lower_text
from genx_emit.sim import run

SENTINEL = -7.0


def _softmax_ll() -> str:
    path = SAMPLES / "softmax_rows.mlir"
    return lower_text(path.read_text(), path.name, "pvc")


def test_the_row_softmax_tile_is_gathered_and_scattered_by_rows():
    ll = _softmax_ll()
    assert "raw.send" not in ll and "2d" not in ll  # no 2D block message
    # one SIMD16 gather of 8 dwords per lane (vector size code 5): lane (h, r) reads half h of
    # row r; rows outside the surface are masked off and read zeros
    loads = re.findall(r"call <128 x i32> @llvm\.genx\.lsc\.load\.merge\.stateless[\w.]*\("
                       r"<16 x i1> (%[\w.]+), i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, "
                       r"<16 x i64> %[\w.]+, i32 0, "
                       r"<128 x i32> (zeroinitializer|<[^>]*>)\)", ll)
    assert len(loads) == 1 and set(re.findall(r"i32 (-?\d+)", loads[0][1])) <= {"0"}
    stores = re.findall(r"call void @llvm\.genx\.lsc\.store\.stateless[\w.]*\(<16 x i1> (%[\w.]+), i8 4, "
                        r"i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0", ll)
    assert stores == ["%st.ph.inside"]
    # the lanes' rows: 0..7 twice, compared with the surface's 64 rows
    lane_rows = ", ".join(f"i32 {n % 8}" for n in range(16))
    assert re.search(r"%h\.rows = add <16 x i32> %h\.yv, <" + lane_rows, ll)


@pytest.mark.parametrize("red", ["max", "sum"])
def test_reduction_steps_combine_aligned_row_groups(red: str):
    ll = _softmax_ll()
    reads = re.findall(rf"%{red}\.d1\.s\d+\.\d+\.a[01] = call <(\d+) x float> @llvm\.genx\.rdregionf[\w.]*"
                       r"\(<\d+ x float> %[\w.]+, i32 (\d+), i32 (\d+), i32 (\d+), i16 (\d+),", ll)
    assert len(reads) >= 10
    for count, vstride, width, stride, offset in reads:
        # each operand is whole rows of 8 lanes (the tile's 8 rows), one after the other: no
        # element moves to another row's lane
        assert (vstride, stride) == ("0", "1") and int(width) == int(count) and int(offset) % (8 * 4) == 0
        assert int(count) % 8 == 0
    # the tree ends in one 8-lane vector of per-row results
    assert re.search(rf"%{red}\.d1\.s\d+ = [^\n]*<8 x float>", ll) or re.search(
        rf"%{red}\.d1\.s\d+ = fadd <8 x float>", ll)


def test_per_row_values_are_repeated_over_the_columns():
    ll = _softmax_ll()
    pieces = re.findall(r"%maxb\.rd\d+ = call <32 x float> @llvm\.genx\.rdregionf[\w.]*\(<8 x float> %max, "
                        r"i32 (\d+), i32 (\d+), i32 (\d+), i16 (\d+),", ll)
    assert pieces and all(p == ("0", "8", "1", "0") for p in pieces)  # <0;8,1>: rows 0..7 again and again


def _per_row(name: str, kind: str, init: str, src: str, width: int) -> list[str]:
    """Kernel lines making ``%{name}b``: the ``kind`` reduction of each row of the 8 x ``width`` f32
    ``src`` (onto ``init``), repeated over the row's columns."""
    t = f"vector<8x{width}xf32>"
    return [f"%{name}0 = arith.constant dense<{init}> : vector<8xf32>",
            f"%{name} = vector.multi_reduction <{kind}>, {src}, %{name}0 [1] : {t} to vector<8xf32>",
            f"%{name}1 = vector.shape_cast %{name} : vector<8xf32> to vector<8x1xf32>",
            f"%{name}b = vector.broadcast %{name}1 : vector<8x1xf32> to {t}"]


def _softmax_kernel(rows: int, y: str, x: str = "%c0") -> str:
    mem, td = f"memref<{rows}x32xf16>", "!xegpu.tensor_desc<8x32xf16>"
    return one_kernel(
        "%c0 = arith.constant 0 : index",
        f"%t = xegpu.create_nd_tdesc %in[{y}, {x}] : {mem} -> {td}",
        f"%h = xegpu.load_nd %t : {td} -> vector<8x32xf16>",
        "%a = arith.extf %h : vector<8x32xf16> to vector<8x32xf32>",
        *_per_row("m", "maximumf", "0xFF800000", "%a", 32),
        "%d = arith.subf %a, %mb : vector<8x32xf32>",
        "%e = math.exp %d : vector<8x32xf32>",
        *_per_row("s", "add", "0.0", "%e", 32),
        "%p = arith.divf %e, %sb : vector<8x32xf32>",
        "%ph = arith.truncf %p : vector<8x32xf32> to vector<8x32xf16>",
        f"%o = xegpu.create_nd_tdesc %out[{y}, {x}] : {mem} -> {td}",
        f"xegpu.store_nd %ph, %o : vector<8x32xf16>, {td}",
        args=f"%in: {mem}, %out: {mem}, %y: index, %xc: index")


@pytest.mark.parametrize("target", ["pvc", "dg2"])
@pytest.mark.parametrize("y", [0, 52, 56, -3, -8, 60])
def test_rows_outside_the_surface_are_neither_read_nor_written(target: str, y: int):
    text = _softmax_kernel(60, "%y")
    if target == "pvc":
        assert "lsc.store.stateless" in lower_text(text, "k.mlir", "pvc")
    x = np.random.default_rng(3).standard_normal((60, 32)).astype(np.float16)
    out = run(text, "k", (1,), {"in": x, "out": np.full((60, 32), SENTINEL, np.float16), "y": y, "xc": 0},
              target=target)["out"]
    inside = [r for r in range(y, y + 8) if 0 <= r < 60]
    want = np.full((60, 32), SENTINEL)
    if inside:
        w = x[inside].astype(np.float64)
        e = np.exp(w - w.max(axis=1, keepdims=True))
        want[inside] = e / e.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(out.astype(np.float64), want, rtol=2.0 ** -10, atol=2.0 ** -24)


def _row_sums_kernel(memref: str, at: str, width: int, prologue: tuple[str, ...] = (), init: str = "0.0",
                     scaled: bool = False, args: str = "") -> str:
    """The 8 x ``width`` f32 tile of ``%in: memref<memref>`` at ``at`` (after the ``prologue`` lines),
    times the argument ``%f`` if ``scaled``, summed by rows onto ``init`` into ``%out``'s 8 floats."""
    tile, td = f"8x{width}xf32", f"!xegpu.tensor_desc<8x{width}xf32>"
    scale = [f"%fb = vector.broadcast %f : f32 to vector<{tile}>",
             f"%w = arith.mulf %v, %fb : vector<{tile}>"] if scaled else []
    summed = "%w" if scaled else "%v"
    return one_kernel(
        "%c0 = arith.constant 0 : index", *prologue,
        f"%t = xegpu.create_nd_tdesc %in[{at}] : memref<{memref}> -> {td}",
        f"%v = xegpu.load_nd %t : {td} -> vector<{tile}>", *scale,
        f"%z = arith.constant dense<{init}> : vector<8xf32>",
        f"%s = vector.multi_reduction <add>, {summed}, %z [1] : vector<{tile}> to vector<8xf32>",
        "%o = xegpu.create_nd_tdesc %out[%c0] : memref<8xf32> -> !xegpu.tensor_desc<8xf32>",
        "xegpu.store_nd %s, %o : vector<8xf32>, !xegpu.tensor_desc<8xf32>",
        args=f"%in: memref<{memref}>, %out: memref<8xf32>{args}" + (", %f: f32" if scaled else ""))


@pytest.mark.parametrize("y", [0, 5, -6])
def test_rows_outside_read_zeros_as_from_the_2d_message(y: int):
    # per-row sums leave the tile through a 1-D store: a row outside the surface sums zeros
    text = _row_sums_kernel("12x16xf32", "%y, %c0", 16, init="1.0", args=", %y: index")
    ll = lower_text(text, "k.mlir", "pvc")
    assert "lsc.load.merge.stateless" in ll
    x = np.random.default_rng(4).standard_normal((12, 16)).astype(np.float32)
    args = {"in": x, "out": np.full(8, SENTINEL, np.float32), "y": y}
    out = run(text, "k", (1,), args, target="pvc")["out"]
    want = np.array([1.0 + (x[y + r].astype(np.float64).sum() if 0 <= y + r < 12 else 0.0) for r in range(8)])
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-6)


def test_a_tile_at_a_run_time_column_stays_row_major():
    # its columns cannot be shown inside the surface: a gather lane's 8 dwords could straddle
    # the edge, which the 2D message clips element by element
    ll = lower_text(_softmax_kernel(60, "%y", "%xc"), "k.mlir", "pvc")
    assert "lsc.load" not in ll and "lsc.store" not in ll and "raw.send2" in ll


def test_a_tile_with_another_use_stays_row_major():
    text = _softmax_kernel(64, "%y").replace(
        "    %o = xegpu.create_nd_tdesc",
        "    %tr = vector.transpose %a, [1, 0] : vector<8x32xf32> to vector<32x8xf32>\n"
        "    %o = xegpu.create_nd_tdesc")
    ll = lower_text(text, "k.mlir", "pvc")
    # %a has a use the layout does not handle, and the tiles made from it would need it converted:
    # the whole chain stays row-major (no conversion between the layouts is ever emitted)
    assert "raw.send2.v256f16" in ll and "raw.sends2.noresult" in ll  # the 2D load and store
    assert "lsc." not in ll


def _subgroup_column_kernel(width: int) -> str:
    return _row_sums_kernel(f"16x{width}xf32", "%c0, %x", 16, (
        "%c2 = arith.constant 2 : index",
        "%c16 = arith.constant 16 : index",
        "%sg = gpu.subgroup_id : index",
        "%q = arith.remui %sg, %c2 : index",
        "%x = arith.muli %q, %c16 : index"))


@pytest.mark.parametrize("width,gathered", [(32, True), (48, True), (28, False), (24, False)])
def test_a_subgroup_column_is_inside_when_its_range_is(width: int, gathered: bool):
    # x = (subgroup_id mod 2) * 16 is 0 or 16: the 16 columns end by column 32 (a workgroup's
    # subgroup offsets have this form)
    ll = lower_text(_subgroup_column_kernel(width), "k.mlir", "pvc")
    # (rows 0..7 of 16 are inside: no row mask, a plain gather)
    assert ("lsc.load.stateless" in ll) == gathered
    assert ("raw.send2" in ll) != gathered


_SCALED_ROWS = _row_sums_kernel("8x32xf32", "%c0, %c0", 32, scaled=True)


def test_a_broadcast_scalar_joins_the_layout():
    text = _SCALED_ROWS
    # 8x32 f32: 32 lanes of 8 dwords, two messages of 4 (a payload of at most 8 GRFs)
    ll = lower_text(text, "k.mlir", "pvc")
    assert len(re.findall(r"= call <128 x i32> @llvm\.genx\.lsc\.load\.stateless", ll)) == 2
    x = np.random.default_rng(5).standard_normal((8, 32)).astype(np.float32)
    out = run(text, "k", (1,), {"in": x, "out": np.zeros(8, np.float32), "f": 1.5}, target="pvc")["out"]
    np.testing.assert_allclose(out, 1.5 * x.astype(np.float64).sum(axis=1), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("y", [0, 15, -4])
def test_the_scatter_writes_the_tile_at_its_column(y: int):
    # x - rowmax of an 8x16 f32 tile at column 16 of 48, rows partly outside: lane (h, r) writes
    # dwords 8h..8h+7 of row y + r from column 16 on; nothing else changes
    td = "!xegpu.tensor_desc<8x16xf32>"
    text = one_kernel(
        "%c16 = arith.constant 16 : index",
        f"%t = xegpu.create_nd_tdesc %in[%y, %c16] : memref<20x48xf32> -> {td}",
        f"%v = xegpu.load_nd %t : {td} -> vector<8x16xf32>",
        *_per_row("m", "maximumf", "0xFF800000", "%v", 16),
        "%d = arith.subf %v, %mb : vector<8x16xf32>",
        f"%o = xegpu.create_nd_tdesc %out[%y, %c16] : memref<20x48xf32> -> {td}",
        f"xegpu.store_nd %d, %o : vector<8x16xf32>, {td}",
        args="%in: memref<20x48xf32>, %out: memref<20x48xf32>, %y: index")
    ll = lower_text(text, "k.mlir", "pvc")
    assert "lsc.load.merge.stateless" in ll and "lsc.store.stateless" in ll
    x = np.random.default_rng(6).standard_normal((20, 48)).astype(np.float32)
    args = {"in": x, "out": np.full((20, 48), SENTINEL, np.float32), "y": y}
    out = run(text, "k", (1,), args, target="pvc")["out"]
    want = np.full((20, 48), SENTINEL, np.float32)
    for r in range(max(y, 0), min(y + 8, 20)):
        want[r, 16:32] = x[r, 16:32] - x[r, 16:32].max()
    np.testing.assert_array_equal(out, want)


def test_the_column_major_forms_compile_for_pvc(toolchain, tmp_path):
    # a masked f16 gather and scatter at a run-time row, a gather at a subgroup's column, and an
    # 8x32 f32 tile gathered by two messages: Intel's toolchain takes them (signatures, no spill)
    kernels = {"rows": _softmax_kernel(60, "%y"), "subgroup": _subgroup_column_kernel(48),
               "scaled": _SCALED_ROWS}
    for name, text in kernels.items():
        ll = tmp_path / f"{name}.ll"
        ll.write_text(lower_text(text, f"{name}.mlir", "pvc"))
        r = toolchain.igc_check(ll, "pvc")
        assert r.returncode == 0 and r.bad_signatures == 0, r.output
        assert r.kernels["k"]["scratch"] == 0, r.output
