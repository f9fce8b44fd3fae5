"""SIMT (work-item) kernels: sg_map / #xegpu.layout distributions re-assembled into whole-thread
code. Every SIMT sample lowers to the same GenX IR as its hand-written subgroup-level twin
(tests/inputs/simt/*_vc.mlir) once value names are numbered in order of appearance; every
distribution rule has a test of its message and location."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.sim import run

ROOT = Path(__file__).resolve().parents[1]
SIMT_SAMPLES = sorted((ROOT / "samples").glob("simt_*.mlir"))
TWINS = ROOT / "tests" / "inputs" / "simt"


def renumbered(ll: str) -> str:
    """``ll`` with every local value name replaced by its order of first appearance."""
    names: dict[str, str] = {}

    def number(m: re.Match[str]) -> str:
        return names.setdefault(m.group(0), f"%_{len(names)}")

    return re.sub(r"%[A-Za-z_.$][\w.$]*", number, ll)


# -- twins --------------------------------------------------------------------------------------
def test_every_simt_sample_has_a_twin():
    assert SIMT_SAMPLES
    assert {p.stem + "_vc" for p in SIMT_SAMPLES} == {p.stem for p in TWINS.glob("*.mlir")}


@pytest.mark.parametrize("path", SIMT_SAMPLES, ids=[p.stem for p in SIMT_SAMPLES])
def test_simt_sample_lowers_like_its_subgroup_twin(path: Path):
    twin = TWINS / f"{path.stem}_vc.mlir"
    simt = lower_text(path.read_text(), path.name)
    vc = lower_text(twin.read_text(), twin.name)
    assert simt != vc  # the names differ: the comparison below is not trivially true
    assert renumbered(simt) == renumbered(vc)


@pytest.mark.parametrize("path", SIMT_SAMPLES, ids=[p.stem for p in SIMT_SAMPLES])
def test_simt_sample_for_16_lanes_is_refused_on_dg2(path: Path):
    with pytest.raises(DiagnosticError) as e:
        lower_text(path.read_text(), path.name, target="dg2")
    assert "16 lanes, but a dg2 subgroup has 8" in str(e.value)


# -- helpers -------------------------------------------------------------------------------------
ARGS = "%m: memref<64x64xf32>, %h: memref<64x64xf16>, %b: memref<64x64xbf16>, %p: ui64, %i: index"
L16 = "#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>"
B16 = "#xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>"
TD = "!xegpu.tensor_desc"
F32 = f"{TD}<8x16xf32, {L16}>"
C_TILE = f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {F32}"
C_LOAD = f"%v = xegpu.load_nd %t : {F32} -> vector<8xf32>"
LANE = "%l = gpu.lane_id"


def kernel(*body: str, args: str = ARGS) -> str:
    """A kernel whose body lines start on line 3; every line is indented by 4."""
    lines = ["gpu.module @m {", f"  gpu.func @k({args}) kernel {{"]
    lines += [f"    {line}" for line in body]
    lines += ["    gpu.return", "  }", "}", ""]
    return "\n".join(lines)


def error_of(*body: str, target: str | None = None) -> str:
    with pytest.raises(DiagnosticError) as e:
        if target is None:
            read_kernels(kernel(*body), "k.mlir")
        else:
            lower_text(kernel(*body), "k.mlir", target=target)
    return str(e.value)


def at(line: int, col: int, message: str) -> str:
    return f"k.mlir:{line}:{col}: error: {message}"


def types_after(text: str, name: str = "k.mlir", target: str = "pvc") -> dict[str, str]:
    """The type of every op result by value name once the SIMT pass has run (``target``: the
    whole kernel must also lower for it)."""
    lower_text(text, name, target=target)
    out: dict[str, str] = {}

    def walk(ops) -> None:
        for op in ops:
            out.update((r.name, str(r.type)) for r in op.results)
            for body in op.bodies():
                walk(body)

    for block in read_kernels(text, name).funcs[0].all_blocks():
        walk(block)
    return out


def load_with_layout(layout: str) -> str:
    """The error of a kernel loading a per-lane vector<8xf32> of an 8x16 f32 tile in ``layout``."""
    return error_of(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {layout}>",
                    f"%v = xegpu.load_nd %t : {TD}<8x16xf32, {layout}> -> vector<8xf32>")


DIST_C = "the 8x16 tile over wi_layout = [1, 16], wi_data = [1, 1]"


# -- layout attributes ---------------------------------------------------------------------------
def test_layout_needs_its_lane_list():
    bad = "#xegpu.layout<lane_data = [1, 1]>"
    msg = load_with_layout(bad)
    assert msg == at(4, 10, f"'{bad}' has no lane_layout list")


def test_layout_lists_have_one_or_two_entries_each():
    bad = "#xegpu.sg_map<wi_layout = [1, 16], wi_data = [1]>"
    msg = load_with_layout(bad)
    assert msg == at(4, 10, f"'{bad}': wi_layout and wi_data must be lists of 1 or 2 integers of the same "
                            "length")


def test_per_lane_values_of_workgroup_layouts_are_refused():
    # Workgroup-level kernels are distributed to subgroups (tests/test_wg.py); their values are
    # whole workgroup tiles, never one lane's fragment.
    wg = "#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1]>"
    msg = error_of(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<16x32xf32, {wg}>",
                   f"%v = xegpu.load_nd %t : {TD}<16x32xf32, {wg}> -> vector<32xf32>")
    assert msg.startswith(at(4, 10, "xegpu.load_nd: the result vector<32xf32> must have the workgroup tile's "
                                    "shape"))


def layout_error(layout: str, *, attrs: str = "") -> str:
    td = f"{TD}<8x16xf32, {layout}>"
    return error_of(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {td}",
                    f"%v = xegpu.load_nd %t {attrs}: {td} -> vector<8xf32>")


def test_unknown_layout_parameters_are_refused():
    bad = "#xegpu.layout<lane_layout = [1, 16], lane_dat = [1, 1]>"
    assert layout_error(bad) == at(4, 10, f"'{bad}': unknown parameter 'lane_dat' (#xegpu.layout takes "
                                          "lane_layout, lane_data, sg_layout, sg_data, inst_data and order)")
    bad = "#xegpu.sg_map<wi_layout = [1, 16], lane_data = [1, 1]>"
    assert layout_error(bad) == at(4, 10, f"'{bad}': unknown parameter 'lane_data' (#xegpu.sg_map takes "
                                          "wi_layout and wi_data)")


def test_layout_attributes_of_ops_must_be_layouts():
    msg = layout_error(L16, attrs="{layout_result_0 = 3} ")
    assert msg == at(4, 10, "xegpu.load_nd: attribute 'layout_result_0' is not a layout: expected "
                            "#xegpu.sg_map<...> or #xegpu.layout<...>, got '3'")
    bad = "#xegpu.layout<lane_layout = [1, 16], lanedata = [1, 1]>"
    msg = layout_error(L16, attrs=f"{{layout_result_0 = {bad}}} ")
    assert msg.startswith(at(4, 10, f"'{bad}': unknown parameter 'lanedata'"))


def test_layout_order_must_be_row_major():
    ok = "#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1], order = [1, 0]>"
    td = f"{TD}<8x16xf32, {ok}>"
    types = types_after(kernel(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {td}",
                               f"%v = xegpu.load_nd %t : {td} -> vector<8xf32>",
                               f"xegpu.store_nd %v, %t : vector<8xf32>, {td}"))
    assert types["%v"] == "vector<8x16xf32>"
    bad = "#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1], order = [0, 1]>"
    assert layout_error(bad) == at(4, 10, f"'{bad}': order = [0, 1] is not supported: only the row-major "
                                          "order [1, 0] (the default)")


def test_inst_data_is_ignored():
    """inst_data splits a subgroup tile into instructions; which lane holds what is unchanged."""
    lay = "#xegpu.layout<inst_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1]>"
    td = f"{TD}<8x16xf32, {lay}>"
    body = (f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {td}",
            f"%v = xegpu.load_nd %t : {td} -> vector<8xf32>", f"xegpu.store_nd %v, %t : vector<8xf32>, {td}")
    plain_body = [line.replace(td, F32) for line in body]
    assert lower_text(kernel(*body), "k.mlir") == lower_text(kernel(*plain_body), "k.mlir")


def test_workgroup_data_alone_is_refused():
    wg = "#xegpu.layout<sg_data = [8, 16], lane_layout = [1, 16], lane_data = [1, 1]>"
    assert layout_error(wg) == at(4, 10, f"'{wg}' is a workgroup-level layout (sg_data): workgroup-level "
                                         "distribution is not supported; distribute the kernel to subgroups "
                                         "first (genx-emit takes subgroup (VC) and work-item (SIMT) kernels)")


def test_lane_id_alone_makes_a_lane_level_kernel_of_upstreams_16_lanes():
    """No access says the lanes: the kernel's subgroup size is upstream's 16, which a dg2
    subgroup (8) cannot run."""
    msg = error_of(LANE, target="dg2")
    assert msg == at(3, 10, "the kernel is lane-level (gpu.lane_id names a lane) with 16 lanes (its "
                            "intel_reqd_sub_group_size, else upstream's): 16 lanes, but a dg2 subgroup has 8 "
                            "(wi_layout[0] x wi_layout[1] must be the SIMD lanes)")


def test_subgroup_level_kernels_keep_their_layouts_unread():
    """Upstream leaves layouts (even workgroup-level or inst_data-only ones) on kernels whose
    values are whole tiles: those are ordinary subgroup-level kernels."""
    wg = "#xegpu.layout<sg_layout = [2, 2], sg_data = [8, 16], inst_data = [8, 16]>"
    text = kernel(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {wg}>",
                  f"%v = xegpu.load_nd %t {{layout_result_0 = {L16}}} : {TD}<8x16xf32, {wg}> "
                  "-> vector<8x16xf32>",
                  f"xegpu.store_nd %v, %t : vector<8x16xf32>, {TD}<8x16xf32, {wg}>")
    assert "raw.sends2.noresult" in lower_text(text, "k.mlir")  # the 2D store


def test_one_kernel_has_one_subgroup_size():
    l8 = "#xegpu.layout<lane_layout = [1, 8], lane_data = [1, 1]>"
    msg = error_of(C_TILE, C_LOAD,
                   f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {l8}>",
                   f"%w = xegpu.load_nd %u : {TD}<8x16xf32, {l8}> -> vector<16xf32>")
    assert msg == at(6, 10, "xegpu.load_nd: wi_layout = [1, 8], wi_data = [1, 1] distributes over 8 lanes, "
                            "but xegpu.load_nd distributes its tile over wi_layout = [1, 16], wi_data = "
                            "[1, 1] (16 lanes, at k.mlir:4:10): one kernel has one subgroup size")


# -- block accesses ------------------------------------------------------------------------------
def test_fragment_size_must_be_the_lanes_share():
    msg = error_of(C_TILE, f"%v = xegpu.load_nd %t : {F32} -> vector<4xf32>")
    assert msg == at(4, 10, f"xegpu.load_nd: result '%v' has the per-lane type 'vector<4xf32>' (4 elements), "
                            f"but {DIST_C} gives each of its 16 lanes 8 (vector<8xf32>)")


@pytest.mark.parametrize("shape", ["2x4", "8x1x1", "1x8"])
def test_fragments_are_the_rfc_shape_or_flat(shape: str):
    msg = error_of(C_TILE, f"%v = xegpu.load_nd %t : {F32} -> vector<{shape}xf32>")
    assert msg == at(4, 10, f"xegpu.load_nd: result '%v' is 'vector<{shape}xf32>', but a lane's share of "
                            f"{DIST_C} is vector<8x1xf32> (the RFC's [elements / wi_data size, wi_data "
                            "size]) or vector<8xf32>")


def test_shape_casts_keep_to_fragment_shapes():
    """A reshape of the RFC's 2-D fragment must stay one; upstream's flat share may take any shape."""
    msg = error_of(C_TILE, C_LOAD, "%u = vector.shape_cast %v : vector<8xf32> to vector<8x1xf32>",
                   "%w = vector.shape_cast %u : vector<8x1xf32> to vector<2x4xf32>")
    assert msg.startswith(at(6, 10, "vector.shape_cast: result '%w' is 'vector<2x4xf32>', but a lane's"))
    flat_cast = "%w = vector.shape_cast %v : vector<8xf32> to vector<2x4xf32>"
    types = types_after(kernel(C_TILE, C_LOAD, flat_cast))
    assert types["%w"] == "vector<8x16xf32>"
    types = types_after(kernel(C_TILE, C_LOAD, "%w = vector.shape_cast %v : vector<8xf32> to vector<8x1xf32>",
                               f"xegpu.store_nd %w, %t : vector<8x1xf32>, {F32}"))
    assert types["%w"] == "vector<8x16xf32>"


def test_tile_must_divide_by_layout_times_data():
    td = f"{TD}<8x24xf32, {L16}>"
    msg = error_of(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {td}",
                   f"%v = xegpu.load_nd %t : {td} -> vector<12xf32>")
    assert msg == at(4, 10, f"xegpu.load_nd: dimension 1 of '{td}' (24) is not a multiple of wi_layout[1] x "
                            "wi_data[1] = 16 x 1 (wi_layout = [1, 16], wi_data = [1, 1])")


def test_simt_access_without_a_layout_takes_the_kernels_distribution():
    """A per-lane access through a plain descriptor, next to one with a layout: inferred alike."""
    types = types_after(kernel(C_TILE, C_LOAD,
                               f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32>",
                               f"%w = xegpu.load_nd %u : {TD}<8x16xf32> -> vector<8xf32>",
                               "%s = arith.addf %v, %w : vector<8xf32>",
                               f"xegpu.store_nd %s, %u : vector<8xf32>, {TD}<8x16xf32>"))
    assert types["%w"] == types["%s"] == "vector<8x16xf32>"


def test_array_length_share_is_the_stacked_blocks():
    """A lane's share of an array load is its column of every block in turn: in whole form the
    blocks stacked along the rows (the array load, then a reshape)."""
    td = f"{TD}<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>, {L16}>"
    types = types_after(kernel(f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {td}",
                               f"%v = xegpu.load_nd %t : {td} -> vector<16xf16>"))
    assert types["%v"] == "vector<16x16xf16>"
    assert types["%v_blocks"] == "vector<2x8x16xf16>"


H16 = "%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> "
_L16_16X16 = f"{TD}<16x16xf16, {L16}>"
_LAYOUT_16X16 = f"{TD}<16x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>>"
_T16 = f"{TD}<16x16xf16, #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>>"
_T2D = f"{TD}<16x8xf32, #xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>>"


@pytest.mark.parametrize(("create", "load", "text"), [
    pytest.param(H16 + _L16_16X16, f"%v = xegpu.load_nd %t <{{packed}}> : {_L16_16X16} -> vector<16xf16>",
                 "xegpu.load_nd: 'packed' needs wi_data[0] equal to the VNNI factor 2 of f16 (32 bits / 16), "
                 "got wi_layout = [1, 16], wi_data = [1, 1]", id="packed needs the VNNI factor as wi_data"),
    pytest.param(H16 + _LAYOUT_16X16, f"%v = xegpu.load_nd %t : {_LAYOUT_16X16} -> vector<16xf16>",
                 "xegpu.load_nd: wi_data[0] = 4 (lanes get row groups: VNNI) needs wi_data[0] equal to the "
                 "VNNI factor 2 of f16 (32 bits / 16), got wi_layout = [1, 16], wi_data = [4, 1]",
                 id="row groups per lane are VNNI of the right factor"),
    pytest.param(H16 + _T16, "%v = xegpu.load_nd %t <{transpose = array<i64: 1, 0>, "
                 f"transpose_bit_width = 32}}> : {_T16} -> vector<16xf16>",
                 "xegpu.load_nd: transpose_bit_width 32 with an sg_map is not supported (the RFC defines the "
                 "fragment of an element-wise transpose only)", id="transpose_bit_width with a layout"),
    pytest.param(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {_T2D}",
                 f"%v = xegpu.load_nd %t <{{transpose = array<i64: 1, 0>}}> : {_T2D} -> vector<8xf32>",
                 "xegpu.load_nd: a transposed load distributed over a 2-D lane grid (wi_layout = [2, 8], "
                 "wi_data = [1, 1]) is not supported; the RFC transposes with wi_layout = [lanes, 1]",
                 id="transposed load over a 2-D lane grid"),
])
def test_lane_loads_the_rfc_does_not_define_are_refused(create, load, text):
    assert error_of(create, load) == at(4, 10, text)


def test_packed_needs_narrow_elements():
    msg = error_of(C_TILE, f"%v = xegpu.load_nd %t <{{packed}}> : {F32} -> vector<8xf32>")
    assert msg == at(4, 10, f"xegpu.load_nd: 'packed' needs a 2D tensor_desc of 8- or 16-bit elements, got "
                            f"'{F32}'")


def test_a_packed_fragment_cannot_be_stored_as_a_tile():
    td = f"{TD}<16x16xf16, {B16}>"
    msg = error_of(f"%t = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> {td}",
                   f"%v = xegpu.load_nd %t <{{packed}}> : {td} -> vector<16xf16>",
                   f"xegpu.store_nd %v, %t : vector<16xf16>, {td}")
    assert msg == at(5, 5, "xegpu.store_nd: '%v' is VNNI-packed (the VNNI-packed 16x16 tile over wi_layout "
                           "= [1, 16], wi_data = [2, 1]); storing it as a plain tile would move data between "
                           "lanes")


def test_lane_dependent_block_offsets_are_refused():
    msg = error_of(C_TILE, C_LOAD, LANE,
                   f"%u = xegpu.create_nd_tdesc %m[%l, 0] : memref<64x64xf32> -> {F32}")
    assert msg == at(6, 10, "xegpu.create_nd_tdesc: operand '%l' differs per lane (the 16 elements over "
                            "wi_layout = [1, 16], wi_data = [1, 1]), but this op takes a subgroup-uniform "
                            "value: it addresses one block for the whole subgroup")


# -- elementwise and vector ops ------------------------------------------------------------------
def test_differently_distributed_operands_are_refused():
    l28 = "#xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>"
    msg = error_of(C_TILE, C_LOAD,
                   f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {l28}>",
                   f"%w = xegpu.load_nd %u : {TD}<8x16xf32, {l28}> -> vector<8xf32>",
                   "%s = arith.addf %v, %w : vector<8xf32>")
    assert msg == at(7, 10, f"arith.addf: '%v' is distributed as {DIST_C} and '%w' as the 8x16 tile over "
                            "wi_layout = [2, 8], wi_data = [1, 1]: combining them would move data between "
                            "lanes")


def sim_args(m: np.ndarray) -> dict[str, object]:
    return {"m": m, "h": np.zeros((64, 64), np.float16), "b": np.zeros((64, 64), np.uint16), "p": 0, "i": 0}


def test_bitcast_of_a_fragment_is_elementwise():
    """f32 -> i32, flip the sign bit with a splat, back to f32: the tile negated."""
    text = kernel(C_TILE, C_LOAD, "%n = arith.bitcast %v : vector<8xf32> to vector<8xi32>",
                  "%s = arith.constant dense<-2147483648> : vector<8xi32>",
                  "%x = arith.xori %n, %s : vector<8xi32>",
                  "%f = arith.bitcast %x : vector<8xi32> to vector<8xf32>",
                  f"xegpu.store_nd %f, %t : vector<8xf32>, {F32}")
    assert types_after(text)["%n"] == "vector<8x16xi32>"
    m = np.arange(64 * 64, dtype=np.float32).reshape(64, 64) - 100
    out = run(text, "k", (1,), sim_args(m))
    np.testing.assert_array_equal(out["m"][:8, :16], -m[:8, :16])
    np.testing.assert_array_equal(out["m"][8:], m[8:])


def test_width_changing_bitcast_of_a_fragment_is_refused():
    msg = error_of(C_TILE, C_LOAD, "%n = arith.bitcast %v : vector<8xf32> to vector<16xf16>")
    assert msg == at(5, 10, f"arith.bitcast: '%v' is a per-lane fragment ({DIST_C}); a bitcast of it from "
                            "f32 to f16 changes the element width, and only same-width bitcasts of fragments "
                            "are supported")


LANE_LT_8 = (LANE, "%c8 = arith.constant 8 : index", "%q = arith.cmpi ult, %l, %c8 : index")


def test_select_on_a_per_lane_condition_picks_whole_fragments():
    """Lanes 0-7 keep their column of %v, lanes 8-15 take the splat's."""
    text = kernel(C_TILE, C_LOAD, *LANE_LT_8, "%z = arith.constant dense<-1.0> : vector<8xf32>",
                  "%r = arith.select %q, %v, %z : vector<8xf32>",
                  f"xegpu.store_nd %r, %t : vector<8xf32>, {F32}")
    ll = lower_text(text, "k.mlir")
    assert "%q_spread = shufflevector <16 x i1> %q, <16 x i1> %q, <128 x i32> <i32 0, i32 1," in ll
    m = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    out = run(text, "k", (1,), sim_args(m))
    want = m.copy()
    want[:8, 8:16] = -1
    np.testing.assert_array_equal(out["m"], want)


def select_2x8_kernel() -> str:
    td = f"{TD}<8x8xf32, #xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>>"
    return kernel(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {td}",
                  f"%v = xegpu.load_nd %t : {td} -> vector<4xf32>", *LANE_LT_8,
                  "%z = arith.constant dense<-1.0> : vector<4xf32>",
                  "%r = arith.select %q, %v, %z : vector<4xf32>",
                  f"xegpu.store_nd %r, %t : vector<4xf32>, {td}")


def test_select_on_a_per_lane_condition_follows_a_two_dimensional_lane_grid():
    """lane_layout [2, 8]: lane l holds rows l // 8 + 2i and column l % 8 of the 8x8 tile, so
    lanes 0-7 are the even rows."""
    text = select_2x8_kernel()
    m = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    out = run(text, "k", (1,), sim_args(m))
    want = m.copy()
    want[1:8:2, :8] = -1
    np.testing.assert_array_equal(out["m"], want)


def test_select_of_splats_on_a_per_lane_condition_is_one_column_per_lane():
    text = kernel(C_TILE, *LANE_LT_8, "%one = arith.constant dense<1.0> : vector<8xf32>",
                  "%z = arith.constant dense<0.0> : vector<8xf32>",
                  "%r = arith.select %q, %one, %z : vector<8xf32>",
                  f"xegpu.store_nd %r, %t : vector<8xf32>, {F32}")
    out = run(text, "k", (1,), sim_args(np.full((64, 64), 7, np.float32)))
    np.testing.assert_array_equal(out["m"][:8, :16], np.tile((np.arange(16) < 8).astype(np.float32), (8, 1)))


def test_uniform_vectors_other_than_splats_are_refused():
    msg = error_of(C_TILE, C_LOAD,
                   "%k = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : vector<8xf32>",
                   "%s = arith.addf %v, %k : vector<8xf32>")
    assert msg == at(6, 10, f"arith.addf: operand #1 '%k' is the same in every lane, but this op needs it "
                            f"distributed as {DIST_C}; only splat constants and broadcasts of uniform "
                            "scalars can be re-assembled that way")


def test_a_splat_used_with_two_distributions_is_refused():
    l28 = "#xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>"
    msg = error_of(C_TILE, C_LOAD, "%one = arith.constant dense<1.0> : vector<8xf32>",
                   "%s = arith.addf %v, %one : vector<8xf32>",
                   f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {l28}>",
                   f"%w = xegpu.load_nd %u : {TD}<8x16xf32, {l28}> -> vector<8xf32>",
                   "%z = arith.addf %w, %one : vector<8xf32>")
    assert msg == at(9, 10, f"arith.addf: '%w' is distributed as the 8x16 tile over wi_layout = [2, 8], "
                            f"wi_data = [1, 1] and '%one' as {DIST_C}: combining them would move data "
                            "between lanes")


def test_dynamic_extract_from_a_2d_lane_grid_fragment_is_refused():
    """A lane of a [2, 8] grid holds no row of the whole tile: a static position is a shuffle,
    a dynamic one has no whole-vector form."""
    l28 = "#xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>"
    msg = error_of("%n = arith.constant 1 : index",
                   f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {l28}>",
                   f"%w = xegpu.load_nd %u : {TD}<8x16xf32, {l28}> -> vector<8xf32>",
                   "%e = vector.extract %w[%n] : f32 from vector<8xf32>")
    assert msg == at(6, 10, "vector.extract: a dynamic position into '%w' (the 8x16 tile over wi_layout = "
                            "[2, 8], wi_data = [1, 1]) is supported only where each lane's elements are the "
                            "rows of the whole vector (one column per lane)")


def test_broadcast_within_a_lane_is_refused():
    msg = error_of(C_TILE, C_LOAD, "%e = vector.broadcast %v : vector<8xf32> to vector<2x8xf32>")
    assert msg == at(5, 10, f"vector.broadcast: broadcasting '%v' ({DIST_C}) within each lane would move "
                            "data between lanes in the re-assembled form")


def test_ops_that_cannot_be_reassembled_are_refused():
    msg = error_of(C_TILE, C_LOAD, "%r = vector.insert_strided_slice %v, %v {offsets = [0], strides = [1]} "
                                   ": vector<8xf32> into vector<8xf32>")
    assert msg == at(5, 10, f"vector.insert_strided_slice: operand '%v' differs per lane ({DIST_C}), but "
                            "this op takes a subgroup-uniform value: genx-emit cannot re-assemble it from "
                            "per-lane fragments")


# -- control flow --------------------------------------------------------------------------------
def test_a_per_lane_loop_needs_a_common_start():
    msg = error_of(C_TILE, C_LOAD, LANE, "%c1 = arith.constant 1 : index", "%c9 = arith.constant 9 : index",
                   "%u = arith.addi %l, %c9 : index", "scf.for %k = %l to %u step %c1 {", "}")
    assert msg.startswith(at(9, 5, "scf.for: operand '%l' differs per lane"))
    assert msg.endswith("a per-lane loop runs from a common start by a common step")


def test_lane_divergent_cond_br_is_refused():
    text = kernel(C_TILE, C_LOAD, LANE, "%c8 = arith.constant 8 : index",
                  "%q = arith.cmpi ult, %l, %c8 : index", "cf.cond_br %q, ^bb1, ^bb1", "^bb1:")
    with pytest.raises(DiagnosticError) as e:
        read_kernels(text, "k.mlir")
    assert str(e.value).startswith(at(8, 5, "cf.cond_br: the condition '%q' differs per lane"))


def test_lane_dependent_trip_counts_are_refused():
    msg = error_of(C_TILE, C_LOAD, LANE, "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
                   "scf.for %k = %c0 to %c1 step %l {", "}")
    assert msg.startswith(at(8, 5, "scf.for: operand '%l' differs per lane"))
    assert msg.endswith("lanes of one thread cannot run different trip counts")


def test_a_uniform_loop_value_cannot_come_back_lane_dependent():
    msg = error_of(C_TILE, C_LOAD, LANE, "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
                   "%r = scf.for %k = %c0 to %c1 step %c1 iter_args(%x = %c0) -> (index) {",
                   "  %y = arith.addi %x, %l : index", "  scf.yield %y : index", "}")
    assert msg == at(10, 7, "scf.for: iter_arg #0 '%x' enters the same in every lane but comes back "
                            "lane-dependent ('%y', the 16 elements over wi_layout = [1, 16], wi_data = "
                            "[1, 1]): start it lane-dependent")


def test_uniform_branches_carry_fragments():
    text = kernel(C_TILE, C_LOAD, "%t0 = arith.constant true",
                  "%z = arith.constant dense<0.0> : vector<8xf32>",
                  "%r = scf.if %t0 -> (vector<8xf32>) {", "  scf.yield %v : vector<8xf32>", "} else {",
                  "  scf.yield %z : vector<8xf32>", "}", "cf.br ^bb1(%r : vector<8xf32>)",
                  "^bb1(%w: vector<8xf32>):", f"xegpu.store_nd %w, %t : vector<8xf32>, {F32}")
    km = read_kernels(text, "k.mlir")
    assert str(km.funcs[0].blocks[0].args[0].type) == "vector<8x16xf32>"


# -- scattered accesses --------------------------------------------------------------------------
def test_chunked_scatter_layout_is_lanes_by_one():
    td = f"{TD}<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>, {L16}>"
    msg = error_of("%o = arith.constant dense<0> : vector<16xindex>", "%k = arith.constant dense<true> : "
                   "vector<16xi1>", f"%t = xegpu.create_tdesc %p, %o : ui64, vector<16xindex> -> {td}",
                   f"%v = xegpu.load %t, %k : {td}, vector<16xi1> -> vector<4xf32>")
    assert msg == at(6, 10, "xegpu.load: a scattered tensor_desc of 16 lanes and chunk 4 is distributed by "
                            "wi_layout = [16, 1], wi_data = [1, 1] (each lane reads the chunk at its own "
                            "offset), got wi_layout = [1, 16], wi_data = [1, 1]")


def atomic_kernel() -> str:
    td = f"{TD}<16xf32, #xegpu.scatter_tdesc_attr<>, {L16}>"
    row = f"{TD}<16xf32, {L16}>"
    return kernel(LANE, "%c4 = arith.constant 4 : index", "%k = arith.remui %l, %c4 : index",
                  "%o = vector.broadcast %k : index to vector<1xindex>",
                  "%li = arith.index_cast %l : index to i32", "%lf = arith.sitofp %li : i32 to f32",
                  "%x = vector.broadcast %lf : f32 to vector<1xf32>",
                  "%on = arith.constant dense<true> : vector<1xi1>",
                  f"%s = xegpu.create_tdesc %p, %o : ui64, vector<1xindex> -> {td}",
                  f"%a = xegpu.atomic_rmw addf %s, %on, %x : {td}, vector<1xi1>, vector<1xf32> -> "
                  "vector<1xf32>",
                  f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {row}",
                  f"xegpu.store_nd %a, %t : vector<1xf32>, {row}")


def test_per_lane_atomics_are_one_subgroup_atomic():
    """Lane l adds l to element l % 4 (four lanes per element, so the adds must all land) and
    gets back the old value; the old values are stored as a 1-D tile, lane l at element l."""
    text = atomic_kernel()
    types = types_after(text)
    assert types["%a"] == types["%x"] == "vector<16xf32>" and types["%on"] == "vector<16xi1>"
    p = np.full(8, 100, np.float32)
    out = run(text, "k", (1,), {**sim_args(np.zeros((64, 64), np.float32)), "p": p})
    lanes = np.arange(16)
    sums = [lanes[lanes % 4 == j].sum() for j in range(4)]
    np.testing.assert_array_equal(out["p"][:4], 100 + np.array(sums))
    np.testing.assert_array_equal(out["p"][4:], 100)
    old = out["m"][0, :16] - 100
    for j in range(4):  # the adds on one element happen in some order; each lane sees those before it
        group = [int(x) for x in lanes[lanes % 4 == j]]
        assert any(all(old[x] == sum(order[:i]) for i, x in enumerate(order))
                   for order in itertools.permutations(group))


# -- dpas ----------------------------------------------------------------------------------------
A_TILE = f"%ta = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xbf16> -> {TD}<8x16xbf16, {L16}>"
A_LOAD = f"%va = xegpu.load_nd %ta : {TD}<8x16xbf16, {L16}> -> vector<8xbf16>"
B_TILE = f"%tb = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xbf16> -> {TD}<16x16xbf16, {B16}>"
B_LOAD = f"%vb = xegpu.load_nd %tb <{{packed}}> : {TD}<16x16xbf16, {B16}> -> vector<16xbf16>"


def dpas_error(attrs: str) -> str:
    """The error of a dpas of A_LOAD and B_LOAD (on line 7) written with the attributes ``{attrs}``."""
    return error_of(A_TILE, A_LOAD, B_TILE, B_LOAD,
                    f"%d = xegpu.dpas %va, %vb {{{attrs}}} : vector<8xbf16>, vector<16xbf16> -> "
                    "vector<8xf32>")


def test_dpas_splat_operand_takes_the_tables_layout():
    """A splat A without a layout is the RFC table's A fragment (N = 16 lanes, K = 16: M = 8)."""
    types = types_after(kernel(B_TILE, B_LOAD, "%va = arith.constant dense<1.0> : vector<8xbf16>",
                               "%d = xegpu.dpas %va, %vb : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>"))
    assert (types["%va"], types["%vb"], types["%d"]) == (
        "vector<8x16xbf16>", "vector<8x16x2xbf16>", "vector<8x16xf32>")


def test_dpas_layouts_must_match_the_operands():
    l28 = "#xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>"
    msg = dpas_error(f"layout_a = {l28}")
    assert msg == at(7, 10, "xegpu.dpas: lhs '%va' is distributed as the 8x16 tile over wi_layout = [1, 16], "
                            "wi_data = [1, 1], but this op needs the 8x16 tile over wi_layout = [2, 8], "
                            "wi_data = [1, 1]: re-assembling it would move data between lanes")


def test_dpas_operands_follow_the_targets_sg_map_table():
    plain = f"{TD}<16x16xbf16, {L16}>"
    msg = error_of(A_TILE, A_LOAD, f"%tb = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xbf16> -> {plain}",
                   f"%vb = xegpu.load_nd %tb : {plain} -> vector<16xbf16>",
                   "%d = xegpu.dpas %va, %vb : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>",
                   target="pvc")
    assert msg == at(7, 10, "xegpu.dpas: matrix B (bf16) is distributed by wi_layout = [1, 16], wi_data = "
                            "[1, 1], but PVC (pvc) DPAS needs wi_layout = [1, 16], wi_data = [2, 1] (the "
                            "XeGPU RFC's sg_map table)")


def test_rfc_dpas_takes_at_most_three_sg_maps():
    s = "#xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>"
    msg = dpas_error(f"{s} {s} {s} {s}")
    assert msg == at(7, 30, "xegpu.dpas: at most 3 sg_maps (a, b, c), got 4")


# -- semantics checked on the simulator -----------------------------------------------------------
def test_lane_id_broadcast_gives_each_lane_its_column():
    """C[r][l] = 2 l + 16 r: the lane's id broadcast over its fragment (doubled by a per-lane
    add) plus a per-row step splatted over the lanes, so both the lane index and the row show."""
    body = [C_TILE, LANE, "%li = arith.index_cast %l : index to i32", "%lf = arith.sitofp %li : i32 to f32",
            "%col = vector.broadcast %lf : f32 to vector<8xf32>",
            "%c = arith.addf %col, %col : vector<8xf32>",
            f"%u = xegpu.create_nd_tdesc %m[8, 0] : memref<64x64xf32> -> {F32}",
            f"xegpu.store_nd %c, %t : vector<8xf32>, {F32}",
            f"%w = xegpu.load_nd %u : {F32} -> vector<8xf32>",
            "%s = arith.addf %w, %c : vector<8xf32>", f"xegpu.store_nd %s, %u : vector<8xf32>, {F32}"]
    m = np.zeros((64, 64), np.float32)
    m[8:16, :16] = 16 * np.arange(8, dtype=np.float32)[:, None]
    args = {"m": m, "h": np.zeros((64, 64), np.float16), "b": np.zeros((64, 64), np.uint16), "p": 0, "i": 0}
    out = run(kernel(*body), "k", (1,), args)
    lanes = 2 * np.arange(16, dtype=np.float32)
    np.testing.assert_array_equal(out["m"][:8, :16], np.tile(lanes, (8, 1)))
    np.testing.assert_array_equal(out["m"][8:16, :16], m[8:16, :16] + lanes)


def _arc_simt_dpas() -> str:
    return "\n".join([
        "#a = #xegpu.sg_map<wi_layout = [1, 8], wi_data = [1, 2]>",
        "#b = #xegpu.sg_map<wi_layout = [1, 8], wi_data = [2, 1]>",
        "#c = #xegpu.sg_map<wi_layout = [1, 8], wi_data = [1, 1]>",
        "gpu.module @m {",
        "  gpu.func @k(%pa: memref<8x16xbf16>, %pb: memref<16x16xbf16>, %pc: memref<8x16xf32>) kernel {",
        f"    %ta = xegpu.create_nd_tdesc %pa[0, 0] : memref<8x16xbf16> -> {TD}<8x16xbf16, #a>",
        f"    %tb = xegpu.create_nd_tdesc %pb[0, 0] : memref<16x16xbf16> -> {TD}<16x8xbf16, #b>",
        f"    %tc = xegpu.create_nd_tdesc %pc[0, 0] : memref<8x16xf32> -> {TD}<8x8xf32, #c>",
        f"    %va = xegpu.load_nd %ta : {TD}<8x16xbf16, #a> -> vector<8x2xbf16>",
        f"    %vb = xegpu.load_nd %tb : {TD}<16x8xbf16, #b> -> vector<8x2xbf16>",
        "    %vc = xegpu.dpas %va, %vb : vector<8x2xbf16>, vector<8x2xbf16> -> vector<8x1xf32>",
        f"    xegpu.store_nd %vc, %tc : vector<8x1xf32>, {TD}<8x8xf32, #c>",
        "    gpu.return", "  }", "}", ""])


def test_arc_simt_dpas_compiles_for_acm_g10(compile_tools: None) -> None:
    from genx_emit.api import compile_text

    asm = compile_text(_arc_simt_dpas(), "arc.mlir", "acm-g10", "asm").decode()
    assert " dpas." in asm and "block2d" not in asm


def check_8x8_bf16_dpas_on_dg2(text: str, seed: int) -> None:
    """Kernel ``k`` (pa: 8x16 bf16, pb: 16x16 bf16, pc: 8x16 f32) run on DG2's simulator writes
    pa @ pb[:, :8] into pc[:, :8] (to f32 rounding: 17 products summed) and leaves the rest 0."""
    g = np.random.default_rng(seed)
    a = (g.standard_normal((8, 16)).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    b = (g.standard_normal((16, 16)).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    out = run(text, "k", (1,), {"pa": a, "pb": b, "pc": np.zeros((8, 16), np.float32)}, target="dg2")

    def f64(bits: np.ndarray) -> np.ndarray:
        return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)

    x, y = f64(a), f64(b[:, :8])
    bound = 17 * 2.0 ** -24 * (np.abs(x) @ np.abs(y))
    assert (np.abs(out["pc"][:, :8] - x @ y) <= bound).all()
    assert (out["pc"][:, 8:] == 0).all()


def test_arc_simt_dpas_lowers_for_dg2_and_computes_the_product():
    """The RFC's ARC sg_maps (8 lanes; A wi_data [1, 2]): a DG2 SIMT kernel, refused for PVC."""
    text = _arc_simt_dpas()
    with pytest.raises(DiagnosticError, match="8 lanes, but a pvc subgroup has 16"):
        lower_text(text, "arc.mlir", target="pvc")
    check_8x8_bf16_dpas_on_dg2(text, seed=3)


# -- the remaining rules -------------------------------------------------------------------------
def test_layout_entries_are_positive():
    bad = "#xegpu.layout<lane_layout = [0, 16], lane_data = [1, 1]>"
    msg = load_with_layout(bad)
    assert msg == at(4, 10, f"'{bad}': lane_layout and lane_data entries must be positive")


def test_whole_tiles_in_a_simt_kernel_need_a_layout():
    msg = error_of(C_TILE, C_LOAD,
                   f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32>",
                   f"%w = xegpu.load_nd %u : {TD}<8x16xf32> -> vector<8x16xf32>")
    assert msg == at(6, 10, f"xegpu.load_nd: '{TD}<8x16xf32>' has no sg_map / layout, but this is a SIMT "
                            "kernel (values are per-lane fragments): give the tensor_desc a distribution")


def test_scattered_simt_access_without_a_layout_is_one_offset_per_lane():
    td = f"{TD}<16xf32, #xegpu.scatter_tdesc_attr<>>"
    types = types_after(kernel(C_TILE, C_LOAD, "%o = arith.constant dense<0> : vector<16xindex>",
                               "%k = arith.constant dense<true> : vector<16xi1>",
                               f"%s = xegpu.create_tdesc %p, %o : ui64, vector<16xindex> -> {td}",
                               f"%g = xegpu.load %s, %k : {td}, vector<16xi1> -> vector<1xf32>"))
    assert types["%g"] == "vector<16xf32>"


def test_loop_carries_keep_their_distribution():
    l28 = "#xegpu.layout<lane_layout = [2, 8], lane_data = [1, 1]>"
    msg = error_of(C_TILE, C_LOAD, "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
                   f"%u = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {TD}<8x16xf32, {l28}>",
                   "%r = scf.for %k = %c0 to %c1 step %c1 iter_args(%x = %v) -> (vector<8xf32>) {",
                   f"  %w = xegpu.load_nd %u : {TD}<8x16xf32, {l28}> -> vector<8xf32>",
                   "  scf.yield %w : vector<8xf32>", "}")
    assert msg == at(10, 7, f"scf.for: iter_arg #0 '%x' is distributed as {DIST_C} but '%w' comes back as "
                            "the 8x16 tile over wi_layout = [2, 8], wi_data = [1, 1]")


def test_dpas_result_tile_must_divide_by_its_layout():
    l161 = "#xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>"
    msg = dpas_error(f"layout_cd = {l161}")
    assert msg == at(7, 10, "xegpu.dpas: dimension 0 of the 8x16 tile (8) is not a multiple of wi_layout[0] "
                            "x wi_data[0] = 16 x 1 (wi_layout = [16, 1], wi_data = [1, 1])")


# -- descriptors without a layout: upstream's distributed output ---------------------------------
def plain(shape: str, mem: str = "%m", memref: str = "memref<64x64xf32>", name: str = "%t") -> str:
    return f"{name} = xegpu.create_nd_tdesc {mem}[0, 0] : {memref} -> {TD}<{shape}>"


P_F32 = f"{TD}<8x16xf32>"


def test_plain_tiles_are_one_column_per_lane():
    types = types_after(kernel(plain("8x16xf32"), f"%v = xegpu.load_nd %t : {P_F32} -> vector<8xf32>",
                               "%two = arith.constant dense<2.0> : vector<8xf32>",
                               "%s = arith.mulf %v, %two : vector<8xf32>",
                               f"xegpu.store_nd %s, %t : vector<8xf32>, {P_F32}"))
    assert (types["%v"], types["%two"], types["%s"]) == ("vector<8x16xf32>",) * 3


def test_packed_and_dpas_b_loads_are_vnni_row_pairs():
    """`packed` says it; a load feeding dpas B (through a loop carry) gets it from the dpas."""
    b_td = f"{TD}<16x16xbf16>"
    types = types_after(kernel(
        plain("8x16xbf16", "%b", "memref<64x64xbf16>", "%ta"),
        plain("16x16xbf16", "%b", "memref<64x64xbf16>", "%tb"),
        f"%va = xegpu.load_nd %ta : {TD}<8x16xbf16> -> vector<8xbf16>",
        f"%vp = xegpu.load_nd %tb <{{packed}}> : {b_td} -> vector<16xbf16>",
        f"%vb = xegpu.load_nd %tb : {b_td} -> vector<16xbf16>",
        "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
        "%r = scf.for %k = %c0 to %c1 step %c1 iter_args(%x = %vb) -> (vector<16xbf16>) {",
        "  scf.yield %x : vector<16xbf16>", "}",
        "%d = xegpu.dpas %va, %r : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>",
        "%e = xegpu.dpas %va, %vp : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>"))
    assert types["%vp"] == types["%vb"] == types["%r"] == "vector<8x16x2xbf16>"
    assert types["%va"] == "vector<8x16xbf16>" and types["%d"] == types["%e"] == "vector<8x16xf32>"


def test_one_dimensional_tiles_are_one_element_per_lane():
    """A 16-element row as vector<1xf32>: lane l holds element l, as gpu.lane_id says."""
    td = f"{TD}<16xf32>"
    text = kernel(f"%t = xegpu.create_nd_tdesc %m[0, 0] : memref<64x64xf32> -> {td}",
                  f"%v = xegpu.load_nd %t : {td} -> vector<1xf32>", LANE,
                  "%li = arith.index_cast %l : index to i32", "%lf = arith.sitofp %li : i32 to f32",
                  "%lv = vector.broadcast %lf : f32 to vector<1xf32>",
                  "%s = arith.addf %v, %lv : vector<1xf32>",
                  f"xegpu.store_nd %s, %t : vector<1xf32>, {td}")
    assert types_after(text)["%s"] == "vector<16xf32>"
    m = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    args = {"m": m, "h": np.zeros((64, 64), np.float16), "b": np.zeros((64, 64), np.uint16), "p": 0, "i": 0}
    out = run(text, "k", (1,), args)
    np.testing.assert_array_equal(out["m"][0, :16], m[0, :16] + np.arange(16))


def test_transposed_loads_are_one_row_per_lane():
    """16x8 read transposed: each lane gets a column of the 8x16 result, stored as a plain tile."""
    td = f"{TD}<16x8xf32>"
    text = kernel(plain("16x8xf32"), plain("8x16xf32", name="%u").replace("[0, 0]", "[0, 16]"),
                  f"%v = xegpu.load_nd %t <{{transpose = array<i64: 1, 0>}}> : {td} -> vector<8xf32>",
                  f"xegpu.store_nd %v, %u : vector<8xf32>, {P_F32}")
    assert types_after(text)["%v"] == "vector<8x16xf32>"
    m = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    args = {"m": m, "h": np.zeros((64, 64), np.float16), "b": np.zeros((64, 64), np.uint16), "p": 0, "i": 0}
    out = run(text, "k", (1,), args)
    np.testing.assert_array_equal(out["m"][:8, 16:32], m[:16, :8].T)


def test_dpas_a_without_a_layout_takes_the_tables_layout():
    """i8 A on PVC is lane_data [1, 2] in the RFC table: the per-lane type cannot say so, the dpas
    can; the target check then passes."""
    i8 = "%q: memref<64x64xi8>, %o: memref<64x64xi32>"  # i8 dpas: K = 32, B packed by 4
    text = kernel(plain("8x32xi8", "%q", "memref<64x64xi8>", "%ta"),
                  plain("32x16xi8", "%q", "memref<64x64xi8>", "%tb"),
                  plain("8x16xi32", "%o", "memref<64x64xi32>", "%tc"),
                  f"%va = xegpu.load_nd %ta : {TD}<8x32xi8> -> vector<16xi8>",
                  f"%vb = xegpu.load_nd %tb <{{packed}}> : {TD}<32x16xi8> -> vector<32xi8>",
                  "%d = xegpu.dpas %va, %vb : vector<16xi8>, vector<32xi8> -> vector<8xi32>",
                  f"xegpu.store_nd %d, %tc : vector<8xi32>, {TD}<8x16xi32>", args=i8)
    types = types_after(text)
    assert (types["%va"], types["%vb"], types["%d"]) == (
        "vector<8x32xi8>", "vector<8x16x4xi8>", "vector<8x16xi32>")


def test_upstream_style_dg2_kernel_lowers_for_dg2_and_is_refused_for_pvc():
    """8 lanes (an 8x8 C tile as vector<8xf32>): the ARC table's dpas, computed on the simulator."""
    text = "\n".join([
        "gpu.module @m {",
        "  gpu.func @k(%pa: memref<8x16xbf16>, %pb: memref<16x16xbf16>, %pc: memref<8x16xf32>) kernel {",
        f"    %ta = xegpu.create_nd_tdesc %pa[0, 0] : memref<8x16xbf16> -> {TD}<8x16xbf16>",
        f"    %tb = xegpu.create_nd_tdesc %pb[0, 0] : memref<16x16xbf16> -> {TD}<16x8xbf16>",
        f"    %tc = xegpu.create_nd_tdesc %pc : memref<8x16xf32> -> {TD}<8x8xf32>",
        f"    %va = xegpu.load_nd %ta : {TD}<8x16xbf16> -> vector<16xbf16>",
        f"    %vb = xegpu.load_nd %tb <{{packed}}> : {TD}<16x8xbf16> -> vector<16xbf16>",
        "    %vc = xegpu.dpas %va, %vb : vector<16xbf16>, vector<16xbf16> -> vector<8xf32>",
        f"    xegpu.store_nd %vc, %tc[0, 0] : vector<8xf32>, {TD}<8x8xf32>",
        "    gpu.return", "  }", "}", ""])
    with pytest.raises(DiagnosticError) as e:
        lower_text(text, "arc.mlir", target="pvc")
    assert str(e.value) == ("arc.mlir:6:11: error: xegpu.load_nd moves a per-lane 'vector<16xbf16>' of the "
                            "8x16 tile without a layout: 8 lanes, but a pvc subgroup has 16 (wi_layout[0] "
                            "x wi_layout[1] must be the SIMD lanes)")
    check_8x8_bf16_dpas_on_dg2(text, seed=5)


# -- descriptors without a layout: what cannot be inferred ----------------------------------------
@pytest.mark.parametrize(("tile", "fragment", "text"), [
    pytest.param("8x16xf32", "vector<3xf32>",
                 f"xegpu.load_nd: '%v' ('vector<3xf32>', 3 elements) is not the whole tile '{P_F32}' (128 "
                 "elements), so it is read as a per-lane fragment without a layout (SIMT), but 128 is not a "
                 "multiple of 3: the tile cannot be shared equally among lanes",
                 id="a fragment must share the tile equally"),
    pytest.param("8x12xf32", "vector<8xf32>",
                 f"xegpu.load_nd: '%v' ('vector<8xf32>', 8 elements) is not the whole tile "
                 f"'{TD}<8x12xf32>' (96 elements), so it is read as a per-lane fragment without a layout "
                 "(SIMT): that is 96 / 8 = 12 lanes, which is not a power of two",
                 id="inferred lanes are a power of two"),
    pytest.param("16x8xf32", "vector<8xf32>",
                 f"xegpu.load_nd: '%v' ('vector<8xf32>') is a per-lane fragment of '{TD}<16x8xf32>' "
                 "without a layout; inferred wi_layout = [1, 16], wi_data = [1, 1] (one column per lane), "
                 "but dimension 1 of the tile (8) is not a multiple of 16 x 1",
                 id="the inferred layout must fit the tile"),
    pytest.param("8x16xf32", "vector<1x8xf32>",
                 "xegpu.load_nd: '%v' has no layout to read; inferred wi_layout = [1, 16], wi_data = [1, 1] "
                 "(one column per lane), whose fragment is vector<8x1xf32> (or vector<8xf32>), but it is "
                 "'vector<1x8xf32>'", id="two-dimensional fragments must be the RFC shape"),
])
def test_fragments_without_a_layout_that_cannot_be_inferred(tile, fragment, text):
    msg = error_of(plain(tile), f"%v = xegpu.load_nd %t : {TD}<{tile}> -> {fragment}")
    assert msg == at(4, 10, text)


def test_inferred_lanes_are_the_same_for_the_whole_kernel():
    msg = error_of(plain("8x16xf32"), f"%v = xegpu.load_nd %t : {P_F32} -> vector<8xf32>",
                   plain("8x32xf32", name="%u"), f"%w = xegpu.load_nd %u : {TD}<8x32xf32> -> vector<8xf32>")
    assert msg == at(6, 10, "xegpu.load_nd: '%w' ('vector<8xf32>') is a per-lane fragment of "
                            f"'{TD}<8x32xf32>' without a layout, which makes 32 lanes (256 / 8), but "
                            "xegpu.load_nd moves a per-lane 'vector<8xf32>' of the 8x16 tile without a "
                            "layout (16 lanes, at k.mlir:4:10): one kernel has one subgroup size")


def test_scattered_descriptors_without_a_layout_need_the_kernels_lanes():
    td = f"{TD}<8xf32, #xegpu.scatter_tdesc_attr<>>"
    msg = error_of(plain("8x16xf32"), f"%v = xegpu.load_nd %t : {P_F32} -> vector<8xf32>",
                   "%o = arith.constant dense<0> : vector<8xindex>",
                   "%k = arith.constant dense<true> : vector<8xi1>",
                   f"%s = xegpu.create_tdesc %p, %o : ui64, vector<8xindex> -> {td}",
                   f"%g = xegpu.load %s, %k : {td}, vector<8xi1> -> vector<1xf32>")
    assert msg == at(8, 10, f"xegpu.load: '{TD}<8xf32, #xegpu.scatter_tdesc_attr>' has no layout: a "
                            "scattered tensor_desc of 8 offsets is distributed over 8 lanes, but "
                            "xegpu.load_nd moves a per-lane 'vector<8xf32>' of the 8x16 tile without a "
                            "layout (16 lanes, at k.mlir:4:10): one kernel has one subgroup size")


def test_dpas_rhs_without_a_layout_is_k_by_lanes():
    msg = error_of(plain("8x16xbf16", "%b", "memref<64x64xbf16>", "%ta"),
                   f"%va = xegpu.load_nd %ta : {TD}<8x16xbf16> -> vector<8xbf16>",
                   "%vb = arith.constant dense<1.0> : vector<8xbf16>",
                   "%d = xegpu.dpas %va, %vb : vector<8xbf16>, vector<8xbf16> -> vector<8xf32>")
    assert msg == at(6, 10, "xegpu.dpas: rhs '%vb' ('vector<8xbf16>') has no layout; inferred wi_layout = "
                            "[1, 16], wi_data = [2, 1] (the RFC table's for 16 lanes): B is K x N = 16x16 "
                            "(K = 16 for bf16, N = the lanes), 16 elements per lane, not 8")


def test_dpas_lhs_without_a_layout_is_whole_rows_of_k():
    text = kernel(plain("32x16xi8", "%q", "memref<64x64xi8>", "%tb"),
                  f"%vb = xegpu.load_nd %tb <{{packed}}> : {TD}<32x16xi8> -> vector<32xi8>",
                  "%va = arith.constant dense<1> : vector<1xi8>",
                  "%d = xegpu.dpas %va, %vb : vector<1xi8>, vector<32xi8> -> vector<8xi32>",
                  args="%q: memref<64x64xi8>")
    with pytest.raises(DiagnosticError) as e:
        read_kernels(text, "k.mlir")
    assert str(e.value) == at(6, 10, "xegpu.dpas: lhs '%va' ('vector<1xi8>') has no layout; inferred "
                                     "wi_layout = [1, 16], wi_data = [1, 2] (the RFC table's for 16 lanes): "
                                     "A holds 1 x 16 = 16 elements, not whole rows of K = 32 for i8")


# -- the RFC's own spellings, and the dpas tables on each target ---------------------------------
def bf16_bits(g: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    return (g.standard_normal(shape).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def from_bf16(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


RFC_PACKED = """#sg_map_a = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
#sg_map_b = xegpu.sg_map<wi_layout = [1, 16], wi_data = [2, 1]>
#sg_map_c = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
gpu.module @m {
  gpu.func @k(%a: ui64, %b: ui64, %c: ui64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %tdesc1 = XeGPU.create_nd_tdesc %a, %c0, %c0, %c8, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index into !xegpu.tensor_desc<8x16xbf16, #sg_map_a>
    %vector_a = XeGPU.load_nd %tdesc1 : !xegpu.tensor_desc<8x16xbf16, #sg_map_a> into vector<8x1xbf16>
    %tdesc_b = XeGPU.create_nd_tdesc %b, %c0, %c0, %c16, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index into !xegpu.tensor_desc<16x16xbf16, #sg_map_b>
    %vector_b = XeGPU.load_nd {packed} %tdesc_b
        : !xegpu.tensor_desc<16x16xbf16, #sg_map_b> into vector<8x2xbf16>
    %vector_c = XeGPU.dpas %vector_a, %vector_b {#sg_map_a #sg_map_b #sg_map_c}
        : vector<8x1xbf16>, vector<8x2xbf16> into vector<8x1xf32>
    %tdesc2 = XeGPU.create_nd_tdesc %c, %c0, %c0, %c8, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index into !xegpu.tensor_desc<8x16xf32, #sg_map_c>
    XeGPU.store_nd %vector_c, %tdesc2 : vector<8x1xf32>, !xegpu.tensor_desc<8x16xf32, #sg_map_c>
    gpu.return
  }
}
"""


def test_rfc_packed_b_load_computes_the_product():
    """The RFC's `load_nd {packed}` of B into vector<8x2xbf16> (wi_data [2, 1]): VNNI row pairs."""
    types = types_after(RFC_PACKED, "rfc.mlir")
    assert types["%vector_b"] == "vector<8x16x2xbf16>" and types["%vector_c"] == "vector<8x16xf32>"
    g = np.random.default_rng(7)
    a, b = bf16_bits(g, (8, 16)), bf16_bits(g, (16, 16))
    out = run(RFC_PACKED, "k", (1,), {"a": a, "b": b, "c": np.zeros((8, 16), np.float32)})
    x, y = from_bf16(a), from_bf16(b)
    assert (np.abs(out["c"] - x @ y) <= 17 * 2.0 ** -24 * (np.abs(x) @ np.abs(y))).all()


RFC_AT = """#sg_map_at = xegpu.sg_map<wi_layout = [16, 1], wi_data = [1, 1]>
#sg_map_c = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
#sg_map_t = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
gpu.module @m {
  gpu.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %s: ui64) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x8xf32, #sg_map_at>
    %at = XeGPU.load_nd %t {transpose = [1, 0]}
        : !xegpu.tensor_desc<16x8xf32, #sg_map_at> into vector<8x1xf32>
    %u = xegpu.create_nd_tdesc %o[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32, #sg_map_c>
    xegpu.store_nd %at, %u : vector<8x1xf32>, !xegpu.tensor_desc<8x16xf32, #sg_map_c>
    %offsets = arith.constant dense<[15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]> : vector<16xindex>
    %mask = arith.constant dense<true> : vector<16xi1>
    %st = XeGPU.create_tdesc %s, %offsets : ui64, vector<16xindex>
        into !xegpu.tensor_desc<16xf32, #xegpu.tdesc_attr<scattered = true>, #sg_map_t>
    %r = XeGPU.load_gather %st, %mask {L1_hint = cached, L3_hint = uncached}
        : !xegpu.tensor_desc<16xf32, #xegpu.tdesc_attr<scattered = true>, #sg_map_t>, vector<16xi1>
        into vector<1xf32>
    %b1 = xegpu.create_nd_tdesc %o[8, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16xf32, #sg_map_t>
    %row = xegpu.load_nd %b1 : !xegpu.tensor_desc<16xf32, #sg_map_t> -> vector<1xf32>
    %r2 = arith.addf %r, %row : vector<1xf32>
    xegpu.store_nd %r2, %b1 : vector<1xf32>, !xegpu.tensor_desc<16xf32, #sg_map_t>
    gpu.return
  }
}
"""


def test_rfc_transposed_a_regular_gather_and_one_dimensional_block():
    """#sg_map_at (wi_layout [16, 1]) reads 16x8 transposed into vector<8x1xf32>; #sg_map_t
    gathers one element per lane into vector<1xf32>, added to a 1-D block load of a row."""
    types = types_after(RFC_AT, "rfc.mlir")
    assert types["%at"] == "vector<8x16xf32>" and types["%r"] == types["%row"] == "vector<16xf32>"
    a = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    o = np.arange(64 * 64, dtype=np.float32).reshape(64, 64) * -1
    s = np.arange(100, 116, dtype=np.float32)
    out = run(RFC_AT, "k", (1,), {"a": a, "o": o, "s": s})
    np.testing.assert_array_equal(out["o"][:8, :16], a[:16, :8].T)
    np.testing.assert_array_equal(out["o"][8, :16], s[::-1] + o[8, :16])
    np.testing.assert_array_equal(out["o"][9:], o[9:])


ARC_A11 = """#a = #xegpu.sg_map<wi_layout = [1, 8], wi_data = [1, 1]>
#b = #xegpu.sg_map<wi_layout = [1, 8], wi_data = [2, 1]>
gpu.module @m {
  gpu.func @k(%pa: memref<8x16xbf16>, %pb: memref<16x16xbf16>) kernel {
    %ta = xegpu.create_nd_tdesc %pa[0, 0] : memref<8x16xbf16> -> !xegpu.tensor_desc<8x16xbf16, #a>
    %tb = xegpu.create_nd_tdesc %pb[0, 0] : memref<16x16xbf16> -> !xegpu.tensor_desc<16x8xbf16, #b>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16, #a> -> vector<16x1xbf16>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x8xbf16, #b> -> vector<8x2xbf16>
    %vc = xegpu.dpas %va, %vb : vector<16x1xbf16>, vector<8x2xbf16> -> vector<8x1xf32>
    gpu.return
  }
}
"""


def test_arc_dpas_a_of_16_bit_elements_needs_column_pairs():
    with pytest.raises(DiagnosticError) as e:
        lower_text(ARC_A11, "arc.mlir", target="dg2")
    assert str(e.value) == (
        "arc.mlir:9:11: error: xegpu.dpas: matrix A (bf16) is distributed by wi_layout = [1, 8], wi_data = "
        "[1, 1], but ARC (dg2) DPAS needs wi_layout = [1, 8], wi_data = [1, 2] (the XeGPU RFC's sg_map "
        "table)")


def tf32_kernel(a_layout: str) -> str:
    return "\n".join([
        f"#a = #xegpu.sg_map<wi_layout = {a_layout}, wi_data = [1, 1]>",
        "#b = #xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>",
        "gpu.module @m {",
        "  gpu.func @k(%pa: memref<8x8xtf32>, %pb: memref<8x16xtf32>, %pc: memref<8x16xf32>) kernel {",
        f"    %ta = xegpu.create_nd_tdesc %pa[0, 0] : memref<8x8xtf32> -> {TD}<8x8xtf32, #a>",
        f"    %tb = xegpu.create_nd_tdesc %pb[0, 0] : memref<8x16xtf32> -> {TD}<8x16xtf32, #b>",
        f"    %tc = xegpu.create_nd_tdesc %pc[0, 0] : memref<8x16xf32> -> {TD}<8x16xf32, #b>",
        f"    %va = xegpu.load_nd %ta : {TD}<8x8xtf32, #a> -> vector<4x1xtf32>",
        f"    %vb = xegpu.load_nd %tb : {TD}<8x16xtf32, #b> -> vector<8x1xtf32>",
        "    %vc = xegpu.dpas %va, %vb : vector<4x1xtf32>, vector<8x1xtf32> -> vector<8x1xf32>",
        f"    xegpu.store_nd %vc, %tc : vector<8x1xf32>, {TD}<8x16xf32, #b>",
        "    gpu.return", "  }", "}", ""])


def test_pvc_tf32_a_is_two_by_eight_lanes():
    """The RFC's tf32 A (wi_layout [2, 8]: an 8x8 tile as vector<4x1xtf32>) lowers on pvc and
    computes the product; [8, 2] is not the table's."""
    text = tf32_kernel("[2, 8]")
    assert types_after(text, "tf32.mlir")["%va"] == "vector<8x8xtf32>"
    g = np.random.default_rng(2)
    a, b = g.standard_normal((8, 8)).astype(np.float32), g.standard_normal((8, 16)).astype(np.float32)
    out = run(text, "k", (1,), {"pa": a, "pb": b, "pc": np.zeros((8, 16), np.float32)})
    x, y = a.astype(np.float64), b.astype(np.float64)
    assert (np.abs(out["pc"] - x @ y) <= 3 * 2.0 ** -10 * (np.abs(x) @ np.abs(y))).all()
    with pytest.raises(DiagnosticError) as e:
        lower_text(tf32_kernel("[8, 2]"), "tf32.mlir", target="pvc")
    assert str(e.value) == (
        "tf32.mlir:10:11: error: xegpu.dpas: matrix A (tf32) is distributed by wi_layout = [8, 2], wi_data "
        "= [1, 1], but PVC (pvc) DPAS needs wi_layout = [2, 8], wi_data = [1, 1] (the XeGPU RFC's sg_map "
        "table)")


@pytest.mark.parametrize("name", ["select_2x8", "atomic", "rfc_at", "rfc_packed", "tf32"])
def test_new_simt_forms_compile_for_pvc(name: str, toolchain, tmp_path: Path):
    text = {"select_2x8": select_2x8_kernel, "atomic": atomic_kernel, "rfc_at": lambda: RFC_AT,
            "rfc_packed": lambda: RFC_PACKED, "tf32": lambda: tf32_kernel("[2, 8]")}[name]()
    ll = tmp_path / f"{name}.ll"
    ll.write_text(lower_text(text, f"{name}.mlir"))
    r = toolchain.igc_check(ll, "pvc")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    assert r.kernels["k"]["scratch"] == 0, r.output
