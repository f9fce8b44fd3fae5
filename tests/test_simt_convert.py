"""``xegpu.convert_layout`` in SIMT kernels: a change of lane layout keeps the subgroup's tile, so
the re-assembled code moves nothing (only which lane holds which element changes: per-lane
selects after it pick by the new layout), except between a plain tile and its VNNI form
(``lane_data = [2, 1]`` of bf16), which is re-packed in registers. Simulated against numpy,
compiled for pvc; every refusal is a located error."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from conftest import one_kernel

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.sim import run

ROW = "#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>"  # lane l: column l
COL = "#xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>"  # lane l: row l
PAIR = "#xegpu.layout<lane_layout = [1, 16], lane_data = [1, 2]>"  # lane l: columns 2l, 2l + 1
VNNI = "#xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>"  # lane l: column l, in row pairs
TD = "!xegpu.tensor_desc"


def kernel(*body: str, args: str = "%m: memref<16x32xf32>, %o: memref<16x32xf32>") -> str:
    """A kernel whose body lines start on line 3."""
    return one_kernel(*body, args=args)


def tile(shape: str, layout: str, el: str = "f32") -> str:
    return f"{TD}<{shape}x{el}, {layout}>"


def load(shape: str, layout: str, per_lane: str, name: str = "v", mem: str = "%m",
         memref: str = "memref<16x32xf32>", el: str = "f32") -> list[str]:
    return [f"%t{name} = xegpu.create_nd_tdesc {mem}[0, 0] : {memref} -> {tile(shape, layout, el)}",
            f"%{name} = xegpu.load_nd %t{name} : {tile(shape, layout, el)} -> {per_lane}"]


def store(value: str, shape: str, layout: str, per_lane: str, mem: str = "%o",
          memref: str = "memref<16x32xf32>", el: str = "f32") -> list[str]:
    return [f"%s{value} = xegpu.create_nd_tdesc {mem}[0, 0] : {memref} -> {tile(shape, layout, el)}",
            f"xegpu.store_nd %{value}, %s{value} : {per_lane}, {tile(shape, layout, el)}"]


def convert(src: str, res: str, frm: str | None, to: str | None, per_lane: str) -> str:
    props = ", ".join(p for p in (frm and f"input_layout = {frm}", to and f"target_layout = {to}") if p)
    return f"%{res} = xegpu.convert_layout %{src} <{{{props}}}> : {per_lane}"


def renumbered(ll: str) -> str:
    names: dict[str, str] = {}
    return re.sub(r"%[A-Za-z_.$][\w.$]*", lambda m: names.setdefault(m.group(0), f"%_{len(names)}"), ll)


def lowered_error(text: str) -> str:
    with pytest.raises(DiagnosticError) as e:
        lower_text(text, "k.mlir")
    return str(e.value).splitlines()[0]


# -- lane layouts whose whole tiles agree: nothing moves -------------------------------------------
V16 = "vector<16xf32>"
ROW_TO_COL = kernel(*load("16x16", ROW, "vector<16xf32>"), convert("v", "w", ROW, COL, "vector<16xf32>"),
                    *store("w", "16x16", COL, "vector<16xf32>"))
ROW_ONLY = kernel(*load("16x16", ROW, "vector<16xf32>"), *store("v", "16x16", ROW, "vector<16xf32>"))
ROW_TO_PAIR = kernel(*load("16x32", ROW, "vector<32xf32>"), convert("v", "w", ROW, PAIR, "vector<32xf32>"),
                     *store("w", "16x32", PAIR, "vector<32xf32>"))
PAIR_ONLY = kernel(*load("16x32", ROW, "vector<32xf32>"), *store("v", "16x32", ROW, "vector<32xf32>"))


@pytest.mark.parametrize(("text", "twin"), [(ROW_TO_COL, ROW_ONLY), (ROW_TO_PAIR, PAIR_ONLY)],
                         ids=["columns_to_rows", "columns_to_column_pairs"])
def test_lane_layout_change_moves_no_data(text: str, twin: str):
    ll = lower_text(text, "k.mlir")
    assert renumbered(ll) == renumbered(lower_text(twin, "k.mlir"))  # the same code as without it
    a = np.arange(16 * 32, dtype=np.float32).reshape(16, 32)
    out = run(ll, "k", (1,), {"m": a, "o": np.zeros_like(a)})
    cols = 16 if text is ROW_TO_COL else 32
    np.testing.assert_array_equal(out["o"][:, :cols], a[:, :cols])
    assert not out["o"][:, cols:].any()


def select_kernel(layout: str) -> str:
    """Lanes 0..3 keep their elements, the others write zeros: which elements those are is what
    the layout after the convert says."""
    return kernel(*load("16x16", ROW, "vector<16xf32>"), convert("v", "w", ROW, layout, "vector<16xf32>"),
                  "%l = gpu.lane_id", "%c4 = arith.constant 4 : index",
                  "%q = arith.cmpi ult, %l, %c4 : index",
                  "%z = arith.constant dense<0.0> : vector<16xf32>",
                  "%r = arith.select %q, %w, %z : vector<16xf32>",
                  *store("r", "16x16", layout, "vector<16xf32>"))


@pytest.mark.parametrize("layout", [ROW, COL], ids=["columns", "rows"])
def test_lanes_read_the_converted_value_by_the_target_layout(layout: str):
    a = np.arange(16 * 32, dtype=np.float32).reshape(16, 32) + 1
    out = run(lower_text(select_kernel(layout), "k.mlir"), "k", (1,), {"m": a, "o": np.zeros_like(a)})
    want = np.zeros_like(a)
    if layout == COL:
        want[:4, :16] = a[:4, :16]  # lane l holds row l
    else:
        want[:, :4] = a[:, :4]  # lane l holds column l
    np.testing.assert_array_equal(out["o"], want)


def test_custom_and_generic_forms_lower_alike():
    generic = ROW_TO_COL.replace(
        convert("v", "w", ROW, COL, "vector<16xf32>"),
        f'%w = "xegpu.convert_layout"(%v) <{{input_layout = {ROW}, target_layout = {COL}}}> : '
        "(vector<16xf32>) -> vector<16xf32>")
    assert generic != ROW_TO_COL
    assert lower_text(generic, "k.mlir") == lower_text(ROW_TO_COL, "k.mlir")


def test_older_src_and_res_map_spelling():
    old = ROW_TO_COL.replace(convert("v", "w", ROW, COL, "vector<16xf32>"),
                             f"%w = xegpu.convert_layout %v {{srcMap = {ROW}, resMap = {COL}}} : {V16}")
    assert lower_text(old, "k.mlir") == lower_text(ROW_TO_COL, "k.mlir")


# -- plain <-> VNNI: re-packed in registers ------------------------------------------------------
BF = "%pa: memref<8x16xbf16>, %pb: memref<16x16xbf16>, %pc: memref<8x16xf32>, %pd: memref<16x16xbf16>"
B_MEM = {"memref": "memref<16x16xbf16>", "el": "bf16"}
VNNI_KERNEL = kernel(
    *load("8x16", ROW, "vector<8xbf16>", "a", "%pa", "memref<8x16xbf16>", "bf16"),
    *load("16x16", ROW, "vector<16xbf16>", "bp", "%pb", **B_MEM),  # plain: lane l has column l
    convert("bp", "b", ROW, VNNI, "vector<16xbf16>"),  # the same per lane; VNNI as a whole tile
    f"%c = xegpu.dpas %a, %b {{layout_a = {ROW}, layout_b = {VNNI}, layout_cd = {ROW}}} : "
    "vector<8xbf16>, vector<16xbf16> -> vector<8xf32>",
    *store("c", "8x16", ROW, "vector<8xf32>", "%pc", "memref<8x16xf32>"),
    *load("16x16", VNNI, "vector<16xbf16>", "p", "%pb", **B_MEM),  # loaded VNNI-packed
    convert("p", "u", VNNI, ROW, "vector<16xbf16>"),
    *store("u", "16x16", ROW, "vector<16xbf16>", "%pd", **B_MEM),
    args=BF)


def bf16_bits(x: np.ndarray) -> np.ndarray:
    b = x.astype(np.float32).view(np.uint32)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)  # round to nearest even


def bf16_value(u: np.ndarray) -> np.ndarray:
    return (u.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def test_vnni_pack_feeds_dpas_and_unpack_stores_the_plain_tile():
    ll = lower_text(VNNI_KERNEL, "k.mlir")
    assert "rdregion" in ll and "wrregion" in ll  # the whole-tile form changes: a re-pack
    g = np.random.default_rng(5)
    a, b = bf16_bits(g.standard_normal((8, 16))), bf16_bits(g.standard_normal((16, 16)))
    out = run(ll, "k", (1,), {"pa": a, "pb": b, "pc": np.zeros((8, 16), np.float32),
                              "pd": np.zeros((16, 16), np.uint16)})
    x, y = bf16_value(a), bf16_value(b)
    assert (np.abs(out["pc"] - x @ y) <= 17 * 2.0**-24 * (np.abs(x) @ np.abs(y))).all()
    np.testing.assert_array_equal(out["pd"], b)


@pytest.mark.parametrize("name", ["vnni", "rows", "pairs"])
def test_convert_layout_kernels_compile_for_pvc(name: str, toolchain, tmp_path: Path):
    text = {"vnni": VNNI_KERNEL, "rows": select_kernel(COL), "pairs": ROW_TO_PAIR}[name]
    ll = tmp_path / f"{name}.ll"
    ll.write_text(lower_text(text, f"{name}.mlir"))
    r = toolchain.igc_check(ll, "pvc")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    assert r.kernels["k"]["scratch"] == 0, r.output


# -- refusals -------------------------------------------------------------------------------------
R16 = "the 16x16 tile over wi_layout = [1, 16], wi_data = [1, 1]"


@pytest.mark.parametrize(("body", "message"), [
    ([*load("16x16", ROW, V16), convert("v", "w", COL, ROW, V16)],
     "k.mlir:5:10: error: xegpu.convert_layout: input_layout (wi_layout = [16, 1], wi_data = [1, 1]) is not "
     f"how '%v' is distributed ({R16})"),
    ([*load("16x16", ROW, V16), convert("v", "w", ROW, None, V16)],
     f"k.mlir:5:10: error: xegpu.convert_layout: '%v' is a per-lane fragment ({R16}), so the op needs a "
     "target_layout with lane_layout / lane_data"),
    ([*load("16x16", ROW, V16), convert("v", "w", ROW, "#xegpu.layout<lane_layout = [1, 8]>", V16)],
     "k.mlir:5:10: error: xegpu.convert_layout: wi_layout = [1, 8], wi_data = [1, 1] distributes over 8 "
     "lanes, but xegpu.load_nd distributes its tile over wi_layout = [1, 16], wi_data = [1, 1] (16 lanes, at "
     "k.mlir:4:10): one kernel has one subgroup size"),
    ([*load("8x16", ROW, "vector<8xf32>"), convert("v", "w", ROW, COL, "vector<8xf32>")],
     "k.mlir:5:10: error: xegpu.convert_layout: dimension 0 of the 8x16 tile (8) is not a multiple of "
     "wi_layout[0] x wi_data[0] = 16 x 1 (wi_layout = [16, 1], wi_data = [1, 1])"),
    ([*load("16x32", ROW, "vector<32x1xf32>"), convert("v", "w", ROW, PAIR, "vector<32x1xf32>")],
     "k.mlir:5:10: error: xegpu.convert_layout: result '%w' is 'vector<32x1xf32>', but a lane's share of the "
     "16x32 tile over wi_layout = [1, 16], wi_data = [1, 2] is vector<16x2xf32> (the RFC's [elements / "
     "wi_data size, wi_data size]) or vector<32xf32>"),
], ids=["input_layout", "no_target", "lanes", "divisible", "fragment_shape"])
def test_refusals_are_located(body: list[str], message: str):
    assert lowered_error(kernel(*body)) == message


def test_vnni_target_needs_the_vnni_factor():
    bad = "#xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>"
    text = kernel(*load("16x16", ROW, "vector<16xbf16>", "v", "%pb", **B_MEM),
                  convert("v", "w", ROW, bad, "vector<16xbf16>"), args=BF)
    assert lowered_error(text) == (
        "k.mlir:5:10: error: xegpu.convert_layout: target_layout (wi_layout = [1, 16], wi_data = [4, 1]) "
        "gives lanes row groups of 4 (VNNI), which need the VNNI factor 2 of bf16 (32 bits / 16)")


def test_subgroup_level_types_must_still_match():
    text = kernel("%v = arith.constant dense<1.0> : vector<16x16xbf16>",
                  '%w = "xegpu.convert_layout"(%v) : (vector<16x16xbf16>) -> vector<8x16x2xbf16>', args="")
    assert lowered_error(text) == ("k.mlir:4:10: error: xegpu.convert_layout: the result type "
                                   "'vector<8x16x2xbf16>' must equal the source's 'vector<16x16xbf16>'")


def test_i8_groups_of_four_agree_with_the_vnni_load():
    """i8 row groups of 4 (lane_data = [4, 1]): the re-packed plain tile plus the same memory loaded
    VNNI-packed is twice the tile only if both are in the same order; unpacked, it is stored."""
    plain, quad_layout = tile("32x16", ROW, "i8"), "#xegpu.layout<lane_layout = [1, 16], lane_data = [4, 1]>"
    mem = "memref<32x64xi8>"
    text = kernel(*load("32x16", ROW, "vector<32xi8>", "v", "%m", mem, "i8"),
                  *load("32x16", quad_layout, "vector<32xi8>", "k", "%m", mem, "i8"),
                  convert("v", "p", ROW, quad_layout, "vector<32xi8>"),
                  "%q = arith.addi %p, %k : vector<32xi8>",
                  convert("q", "u", quad_layout, ROW, "vector<32xi8>"),
                  f"%s = xegpu.create_nd_tdesc %o[0, 0] : {mem} -> {plain}",
                  f"xegpu.store_nd %u, %s : vector<32xi8>, {plain}",
                  args=f"%m: {mem}, %o: {mem}")
    a = (np.arange(32 * 64) % 61).astype(np.int8).reshape(32, 64)
    out = run(lower_text(text, "k.mlir"), "k", (1,), {"m": a, "o": np.zeros_like(a)})
    np.testing.assert_array_equal(out["o"][:, :16], 2 * a[:, :16])
    assert not out["o"][:, 16:].any()
