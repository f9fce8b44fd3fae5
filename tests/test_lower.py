"""FileCheck-style tests of the lowering: tiny XeGPU kernels lowered with ``lower_text``, checking
the operands that matter. Every expected value is worked out in a comment from the hardware rules
(GenX reference: section 4 regions, 6 2D block messages, 7 DPAS), never copied from the output.

2D block message operands, in order (reference section 6):
  pred, L1, L3, data_size, order, num_blocks, block_width, block_height, vnni, base,
  surface_width_bytes - 1, surface_height - 1, pitch_bytes - 1, x (elements), y (rows).
Encodings: data size 1 u8, 2 u16, 3 u32, 4 u64; order 1 normal, 2 transposed.

The last part checks meaning rather than text: a small evaluator runs the rdregion/wrregion calls
of the output over symbolic message payloads, so a reassembly bug shows up even when every line
looks plausible.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from conftest import SAMPLES, one_kernel

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError

TD = "!xegpu.tensor_desc"
CACHED = "#xegpu.cache_hint<cached>"


# -- helpers ---------------------------------------------------------------------------------
# Tests of the message structure read the raw form (``legalize=False``: one region access per
# message); the semantic tests at the end read the legalized form, where those accesses are cut
# into GRF-legal pieces, and prove it still computes the same values.
def kernel(*body: str, args: str) -> str:
    """A kernel @k whose body lines start on line 3, each indented by 4 (so an op named after
    ``%t = `` starts at column 10 and one without a result at column 5)."""
    return one_kernel(*body, args=args)


def lower(*body: str, args: str, target: str = "pvc", legalize: bool = True) -> str:
    # the scalar form names each message field in its operands (the payload form: test_block2d_payload.py)
    return lower_text(kernel(*body, args=args), "k.mlir", target, legalize=legalize, block2d_form="scalar")


def diag(*body: str, args: str, target: str = "pvc", **kw: str) -> DiagnosticError:
    with pytest.raises(DiagnosticError) as e:
        lower_text(kernel(*body, args=args), "k.mlir", target, **kw)
    return e.value


def tile(src: str, mem: str, offsets: str, shape: str, name: str = "%t", attr: str = "") -> str:
    return f"{name} = xegpu.create_nd_tdesc {src}[{offsets}] : {mem} -> {TD}<{shape}{attr}>"


def load(shape: str, res: str | None = None, props: str = "", name: str = "%v", td: str = "%t") -> str:
    dims, _, el = shape.rpartition("x")
    res = res or dims
    return f"{name} = xegpu.load_nd {td}{props} : {TD}<{shape}> -> vector<{res}x{el}>"


@dataclass
class Call:
    name: str | None  # LLVM result name, None for void calls
    ret: str  # LLVM return type ("void", "<128 x half>")
    intrinsic: str  # without "llvm.genx." and without the mangling suffix
    types: list[str]
    values: list[str]

    def __getitem__(self, key: str) -> str:
        return self.values[_FIELDS[self.intrinsic].index(key)]

    def op(self, i: int) -> tuple[str, str]:
        return self.types[i], self.values[i]


_BLOCK2D = ("pred", "l1", "l3", "data_size", "order", "num_blocks", "block_width", "block_height", "vnni",
            "base", "surface_width", "surface_height", "pitch", "x", "y")
_FIELDS = {
    "lsc.load2d.stateless": _BLOCK2D,
    "lsc.prefetch2d.stateless": _BLOCK2D,
    "lsc.store2d.stateless": (*_BLOCK2D, "data"),
    "rdregionf": ("src", "vstride", "width", "stride", "offset", "parent_width"),
    "rdregioni": ("src", "vstride", "width", "stride", "offset", "parent_width"),
    "wrregionf": ("old", "new", "vstride", "width", "stride", "offset", "parent_width", "mask"),
    "wrregioni": ("old", "new", "vstride", "width", "stride", "offset", "parent_width", "mask"),
    "dpas2": ("acc", "src1", "src2", "prec_b", "prec_a", "depth", "repeat", "sign_res", "sign_acc"),
    "dpas.nosrc0": ("src1", "src2", "info"),
}
# Intrinsic name, then the mangling: one ".v128f32" / ".i1" / ".p0i8" piece per overloaded slot.
_CALL_RE = re.compile(r"^\s*(?:(%[\w.]+) = )?call (void|<\d+ x \w+>|\w+) @llvm\.genx\.([\w.]+?)"
                      r"((?:\.(?:v\d+|p\d+)?[fi]\d+)+)\((.*)\)$")


def calls(ll: str, intrinsic: str | None = None) -> list[Call]:
    """The llvm.genx calls of the output, in order (only those of ``intrinsic`` if given)."""
    out = []
    for line in ll.splitlines():
        m = _CALL_RE.match(line)
        if not m:
            continue
        ops = [o.rsplit(" ", 1) for o in m.group(5).split(", ")]
        c = Call(m.group(1), m.group(2), m.group(3), [t for t, _ in ops], [v for _, v in ops])
        if intrinsic is None or c.intrinsic == intrinsic:
            out.append(c)
    return out


def defs(ll: str) -> dict[str, str]:
    """``%name`` -> the text right of ``=`` for every instruction of the output."""
    return dict(re.findall(r"^\s*(%[\w.]+) = (.*)$", ll, re.M))


def loads(ll: str) -> list[Call]:
    return calls(ll, "lsc.load2d.stateless")


def surface(c: Call) -> tuple[str, str, str, str]:
    """(base, width-1, height-1, pitch-1) operands of a 2D block message."""
    return c["base"], c["surface_width"], c["surface_height"], c["pitch"]


def shape(c: Call) -> tuple[str, ...]:
    """(data_size, order, num_blocks, block_width, block_height, vnni)."""
    return tuple(c[k] for k in ("data_size", "order", "num_blocks", "block_width", "block_height", "vnni"))


# -- 2D descriptors --------------------------------------------------------------------------
def test_block2d_declaration_matches_the_reference_signature():
    ll = lower(tile("%m", "memref<64x64xf32>", "0, 0", "8x16xf32"), load("8x16xf32"),
               args="%m: memref<64x64xf32>")
    # Section 6: (i1, i8 L1, i8 L3, i8 data_size, i8 order, i8 num_blocks, i16 width, i16 height,
    # i8 vnni, i64 base, i32 x 5): width/height are i16, not i32.
    (c,) = loads(ll)
    assert c.types == ["i1", "i8", "i8", "i8", "i8", "i8", "i16", "i16", "i8", "i64"] + ["i32"] * 5
    assert c.ret == "<128 x float>"  # 8 rows x 16 floats = 512 bytes = 8 GRFs, no padding


@pytest.mark.parametrize("el,ebytes,code", [("f16", 2, "2"), ("f32", 4, "3"), ("bf16", 2, "2"),
                                             ("i8", 1, "1")])
def test_surface_fields_are_bytes_minus_one(el, ebytes, code):
    # memref<64x128xEL>: width = 128 * ebytes bytes, height 64 rows, pitch = 128 * ebytes bytes;
    # the message takes each minus one. x = column 16 (elements), y = row 2.
    mem = f"memref<64x128x{el}>"
    ll = lower(tile("%m", mem, "2, 16", f"8x16x{el}"), load(f"8x16x{el}"), args=f"%m: {mem}")
    (c,) = loads(ll)
    row = str(128 * ebytes - 1)
    assert surface(c) == ("%m", row, "63", row)
    assert (c["x"], c["y"]) == ("16", "2")
    # data size by element bytes (1 -> u8 = 1, 2 -> u16 = 2, 4 -> u32 = 3), order 1, one 16x8 block,
    # no VNNI
    assert shape(c) == (code, "1", "1", "16", "8", "0")


@pytest.mark.parametrize("mem,tile_type,offsets,surface_fields,base_add,xy", [
    # strided<[256, 1], offset: 128> f16: pitch = 256 elements = 512 bytes; width stays the
    # memref's 128 columns = 256 bytes; the layout offset 128 elements = 256 bytes is added to the
    # base (256 is 64-byte aligned, so it is legal).
    ("memref<64x128xf16, strided<[256, 1], offset: 128>>", "8x16xf16", "8, 32", ("255", "63", "511"), 256,
     ("32", "8")),
    # memref<4x64x32xf32>: outer stride 64 * 32 = 2048 elements; offset 3 on the outer dimension
    # -> 3 * 2048 * 4 bytes = 24576 added to the base. The 2D surface is the inner 64x32:
    # width 32 * 4 = 128 bytes, height 64, pitch 128 bytes; x, y = the two inner offsets.
    ("memref<4x64x32xf32>", "8x16xf32", "3, 8, 16", ("127", "63", "127"), 24576, ("16", "8")),
], ids=["strided_pitch_and_base_offset", "rank3_outer_offset_folds_into_base"])
def test_a_memref_layout_offset_moves_the_base(mem, tile_type, offsets, surface_fields, base_add, xy):
    ll = lower(tile("%m", mem, offsets, tile_type), load(tile_type), args=f"%m: {mem}")
    (c,) = loads(ll)
    assert surface(c) == ("%t.base", *surface_fields)
    assert defs(ll)["%t.base"] == f"add i64 %m, {base_add}"
    assert (c["x"], c["y"]) == xy


def test_address_source_with_dynamic_shape_and_strides():
    # ui64 address, shape [%h, %w], strides [%s, 1], f32: computed at run time as
    # width = %w * 4 bytes - 1, height = %h - 1, pitch = %s * 4 bytes - 1 (all i32).
    args = "%p: ui64, %h: index, %w: index, %s: index, %x: index, %y: index"
    ll = lower("%c1 = arith.constant 1 : index",
               f"%t = xegpu.create_nd_tdesc %p[%y, %x], [%h, %w], [%s, %c1] : ui64 -> {TD}<8x16xf32>",
               load("8x16xf32"), args=args)
    (c,) = loads(ll)
    d = defs(ll)
    base, sw, sh, sp = surface(c)
    assert base == "%p"

    def minus_one_of(v: str) -> str:
        m = re.fullmatch(r"sub i32 (%[\w.]+), 1", d[v])
        assert m, d[v]
        return m.group(1)

    assert d[minus_one_of(sh)] == "trunc i64 %h to i32"
    for operand, arg in ((sw, "%w"), (sp, "%s")):
        m = re.fullmatch(r"mul i32 (%[\w.]+), 4", d[minus_one_of(operand)])
        assert m and d[m.group(1)] == f"trunc i64 {arg} to i32"
    assert d[c["x"]] == "trunc i64 %x to i32"
    assert d[c["y"]] == "trunc i64 %y to i32"
    # The address argument is an svmptr_t in the kernel metadata (README: ui64 used as address).
    assert '!{!"svmptr_t", !"", !"", !"", !"", !""}' in ll


def test_update_nd_offset_adds_to_y_and_x():
    # offsets [dy, dx] = [%i, 32] on a tile at (y 8, x 16): x folds to 16 + 32 = 48,
    # y = 8 + %i at run time.
    ll = lower(tile("%m", "memref<64x64xf16>", "8, 16", "8x16xf16"),
               f"%u = xegpu.update_nd_offset %t, [%i, 32] : {TD}<8x16xf16>",
               load("8x16xf16", td="%u"), args="%m: memref<64x64xf16>, %i: index")
    (c,) = loads(ll)
    assert c["x"] == "48"
    assert defs(ll)[c["y"]] == "add i32 8, %i.i32"
    assert defs(ll)["%i.i32"] == "trunc i64 %i to i32"


def test_offsets_on_the_access_newest_upstream_form():
    # create_nd_tdesc without offsets, offsets [%i, 48] on load_nd and [4, 16] on store_nd:
    # x is the second (column) offset, y the first.
    ll = lower(f"%t = xegpu.create_nd_tdesc %m : memref<64x64xf16> -> {TD}<8x16xf16>",
               f"%v = xegpu.load_nd %t[%i, 48] : {TD}<8x16xf16> -> vector<8x16xf16>",
               f"xegpu.store_nd %v, %t[4, 16] : vector<8x16xf16>, {TD}<8x16xf16>",
               args="%m: memref<64x64xf16>, %i: index")
    (ld,) = loads(ll)
    (st,) = calls(ll, "lsc.store2d.stateless")
    assert (ld["x"], defs(ll)[ld["y"]]) == ("48", "trunc i64 %i to i32")
    assert (st["x"], st["y"]) == ("16", "4")


# -- message splitting -----------------------------------------------------------------------
F16_64 = "%m: memref<64x64xf16>"
F32_64 = "%m: memref<64x64xf32>"


def test_32x64_f16_load_is_two_messages_side_by_side():
    # Rows of 64 f16 = 128 bytes > 64: two 32-column messages (32 x 64 B = 2048 B each, the
    # payload limit), at x = 0 and x = 32, same y. Each payload is 32 rows of 32 halves (1024);
    # the result (32x64 = 2048 halves) takes them as 32 rows of width 32 with vstride 64 (the
    # result row), at element 0 and element 32 = byte 64.
    ll = lower(tile("%m", "memref<64x64xf16>", "0, 0", "32x64xf16"), load("32x64xf16"), args=F16_64,
               legalize=False)
    m0, m1 = loads(ll)
    assert [(c["x"], c["y"]) for c in (m0, m1)] == [("0", "0"), ("32", "0")]
    assert shape(m0) == shape(m1) == ("2", "1", "1", "32", "32", "0")
    assert m0.ret == m1.ret == "<1024 x half>"
    w0, w1 = calls(ll, "wrregionf")
    assert w0.op(0) == ("<2048 x half>", "undef") and w0["new"] == m0.name
    assert w1["old"] == w0.name and w1["new"] == m1.name
    for w, off in ((w0, "0"), (w1, "64")):
        assert (w["vstride"], w["width"], w["stride"], w["offset"]) == ("64", "32", "1", off)


def test_16x16_f32_store_is_two_stores_eight_rows_apart():
    # Stores take at most 8 rows and 512 bytes: 16 rows of 64 B -> rows y..y+7 and y+8..y+15,
    # i.e. y = 4 and 12 at x = 16. Each takes 128 floats of the value: elements 0.. and 128.. (byte 512).
    ll = lower(tile("%m", "memref<64x64xf32>", "4, 16", "16x16xf32"), load("16x16xf32"),
               f"xegpu.store_nd %v, %t : vector<16x16xf32>, {TD}<16x16xf32>", args=F32_64,
               legalize=False)
    s0, s1 = calls(ll, "lsc.store2d.stateless")
    assert [(c["x"], c["y"]) for c in (s0, s1)] == [("16", "4"), ("16", "12")]
    assert shape(s0) == shape(s1) == ("3", "1", "1", "16", "8", "0")
    r0, r1 = calls(ll, "rdregionf")
    assert (s0["data"], s1["data"]) == (r0.name, r1.name)
    assert r0.ret == r1.ret == "<128 x float>"
    assert (r0["src"], r0["offset"], r1["offset"]) == ("%v", "0", "512")


def test_16x16_f32_transposed_load_is_two_messages():
    # Transposed u32 blocks are at most 8 columns wide: columns x..x+7 and x+8..x+15, each
    # 16 rows (block_width 8, block_height 16, order 2, data size 3 = u32). A payload holds 8 rows
    # (one per tile column) of 16 floats = 128; in the 16x16 result, tile column c is row c, so
    # message 1 lands at result row 8 = element 128 = byte 512 (1D regions).
    ll = lower(tile("%m", "memref<64x64xf32>", "0, 0", "16x16xf32"),
               load("16x16xf32", props=" <{transpose = array<i64: 1, 0>}>"), args=F32_64,
               legalize=False)
    m0, m1 = loads(ll)
    assert [(c["x"], c["y"]) for c in (m0, m1)] == [("0", "0"), ("8", "0")]
    assert shape(m0) == shape(m1) == ("3", "2", "1", "8", "16", "0")
    assert m0.ret == "<128 x float>"
    w0, w1 = calls(ll, "wrregionf")
    assert (w0["width"], w0["offset"], w1["width"], w1["offset"]) == ("128", "0", "128", "512")


def test_32x32_f16_packed_load_is_two_vnni_messages():
    # VNNI blocks are at most 16 columns wide: columns 0..15 and 16..31 of all 32 rows, vnni = 1.
    # Payload: 32*2/4 = 16 dword rows of 16 columns x 2 halves = 32 halves -> 512. The result
    # vector<16x32x2> has rows of 64 halves: the messages fill halves 0..31 and 32..63 of each
    # row (vstride 64, width 32, offsets 0 and 32 halves = 64 bytes).
    ll = lower(tile("%m", "memref<64x64xf16>", "0, 0", "32x32xf16"),
               load("32x32xf16", res="16x32x2", props=" <{packed}>"), args=F16_64, legalize=False)
    m0, m1 = loads(ll)
    assert [(c["x"], c["y"]) for c in (m0, m1)] == [("0", "0"), ("16", "0")]
    assert shape(m0) == shape(m1) == ("2", "1", "1", "16", "32", "1")
    assert m0.ret == "<512 x half>"
    w0, w1 = calls(ll, "wrregionf")
    assert [(w["vstride"], w["width"], w["offset"]) for w in (w0, w1)] == \
        [("64", "32", "0"), ("64", "32", "64")]


def test_array_length_2_is_one_message_with_two_blocks():
    # Two 8x16 f16 blocks: 2 x 32-byte rows = 64 B per row, within the limit: one message,
    # num_blocks 2. Each block is 8 x 16 halves = 256 B = 4 whole GRFs, so the payload (256 halves)
    # is exactly vector<2x8x16xf16>: no regions.
    attr = ", #xegpu.block_tdesc_attr<array_length = 2>"
    ll = lower(tile("%m", "memref<64x64xf16>", "0, 0", "8x16xf16", attr=attr),
               f"%v = xegpu.load_nd %t : {TD}<8x16xf16{attr}> -> vector<2x8x16xf16>", args=F16_64)
    (c,) = loads(ll)
    assert shape(c) == ("2", "1", "2", "16", "8", "0")
    assert c.ret == "<256 x half>" and c.name == "%v"
    assert not calls(ll, "wrregionf")


def test_transpose_bit_width_32_on_f16():
    # 16x16 f16 with transpose_bit_width = 32: pairs of halves are u32 units (data size 3), the
    # tile is 16 rows x 8 units (block_width 8), transposed (order 2); x = 8 halves = 4 units.
    # Payload 8 rows x 16 dwords = 128 x i32, bitcast to the 8x32 f16 result.
    ll = lower(tile("%m", "memref<64x64xf16>", "0, 8", "16x16xf16"),
               load("16x16xf16", res="8x32",
                    props=" <{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32}>"), args=F16_64)
    (c,) = loads(ll)
    assert shape(c) == ("3", "2", "1", "8", "16", "0")
    assert (c["x"], c["y"]) == ("4", "0")
    assert c.ret == "<128 x i32>"
    assert f"bitcast <128 x i32> {c.name} to <256 x half>" in ll


def test_transpose_bit_width_needs_a_unit_aligned_column():
    # x = 7 halves is not a whole number of 2-half u32 units.
    e = diag(tile("%m", "memref<64x64xf16>", "0, 7", "16x16xf16"),
             load("16x16xf16", res="8x32",
                  props=" <{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32}>"), args=F16_64)
    assert str(e.loc) == "k.mlir:4:10"
    assert e.message == "xegpu.load_nd: column offset 7 is not a multiple of the 2-element transpose unit"


# -- dpas ------------------------------------------------------------------------------------
def dpas_kernel(el: str, m: int, n: int, *, packed_b: bool = True, acc: bool = False,
                target: str = "pvc", legalize: bool = False, store_b: bool = False) -> str:
    """Load A (M x K), B (K x N, packed or plain) and optionally C, then dpas -> %c; ``store_b``
    also stores B back (a use besides dpas, so a plain B is not loaded VNNI)."""
    k = 8 if el == "tf32" else 16
    f = 1 if el == "tf32" else 2
    b_res = f"{k // f}x{n}x{f}" if packed_b and f > 1 else f"{k}x{n}"
    args = f"%a: memref<64x64x{el}>, %b: memref<64x64x{el}>, %cm: memref<64x64xf32>"
    body = [tile("%a", f"memref<64x64x{el}>", "0, 0", f"{m}x{k}x{el}", name="%ta"),
            tile("%b", f"memref<64x64x{el}>", "0, 0", f"{k}x{n}x{el}", name="%tb"),
            load(f"{m}x{k}x{el}", name="%va", td="%ta"),
            load(f"{k}x{n}x{el}", res=b_res, props=" <{packed}>" if packed_b and f > 1 else "",
                 name="%vb", td="%tb")]
    ops, types = "%va, %vb", f"vector<{m}x{k}x{el}>, vector<{b_res}x{el}>"
    if acc:
        body += [tile("%cm", "memref<64x64xf32>", "0, 0", f"{m}x{n}xf32", name="%tc"),
                 load(f"{m}x{n}xf32", name="%acc", td="%tc")]
        ops, types = ops + ", %acc", types + f", vector<{m}x{n}xf32>"
    body.append(f"%c = xegpu.dpas {ops} : {types} -> vector<{m}x{n}xf32>")
    if store_b:
        body.append(f"xegpu.store_nd %vb, %tb : vector<{b_res}x{el}>, {TD}<{k}x{n}x{el}>")
    return lower(*body, args=args, target=target, legalize=legalize)


@pytest.mark.parametrize("el,info", [
    ("bf16", 0x08080909),  # precision 9 for B and A
    ("f16", 0x08080A0A),   # 10; the reference quotes this very value for IMEX's fp16 8x16x16
    ("tf32", 0x08080C0C),  # 12
])
def test_dpas_precision_codes_and_nosrc0_info(el, info):
    # One native 8x16 dpas without accumulator: dpas.nosrc0(B, A, info) with
    # info = precB | precA << 8 | depth 8 << 16 | repeat 8 << 24.
    ll = dpas_kernel(el, 8, 16)
    (c,) = calls(ll, "dpas.nosrc0")
    assert c.name == "%c"
    assert c["info"] == str(info)
    # B: 8 rows x 16 dwords, A: 8 rows x 8 dwords.
    assert c.op(0) == ("<128 x i32>", "%vb.dw") and c.op(1) == ("<64 x i32>", "%va.dw")
    d = defs(ll)
    assert d["%va.dw"].startswith("bitcast ") and d["%va.dw"].endswith(" %va to <64 x i32>")


@pytest.mark.parametrize("el,code", [("bf16", "9"), ("tf32", "12")])
def test_dpas2_precision_codes(el, code):
    # With an accumulator: dpas2(acc, B, A, precB, precA, depth 8, repeat 8, 0, 0).
    (c,) = calls(dpas_kernel(el, 8, 16, acc=True), "dpas2")
    assert (c["acc"], c["src1"], c["src2"]) == ("%acc", "%vb.dw", "%va.dw")
    assert [c[k] for k in ("prec_b", "prec_a", "depth", "repeat", "sign_res", "sign_acc")] == \
        [code, code, "8", "8", "0", "0"]


def test_dpas_m16_is_two_repeat_8_dpas():
    # M = 16 > 8 rows: two dpas2 of repeat 8. A is 16 rows x 8 dwords: rows 0..7 are dwords
    # 0..63 (byte 0), rows 8..15 dwords 64..127 (byte 256). The f32 accumulator/result rows 8..15
    # start at element 8 * 16 = 128 = byte 512. dpas2(acc, B, A, precB 10, precA 10, depth 8,
    # repeat 8, 0, 0) for f16.
    ll = dpas_kernel("f16", 16, 16, acc=True)
    d0, d1 = calls(ll, "dpas2")
    a0, a1 = (c for c in calls(ll, "rdregioni") if c["src"] == "%va.dw")
    assert (a0.ret, a0["offset"], a1["offset"]) == ("<64 x i32>", "0", "256")
    c0, c1 = (c for c in calls(ll, "rdregionf") if c["src"] == "%acc")
    assert (c0.ret, c0["offset"], c1["offset"]) == ("<128 x float>", "0", "512")
    for dp, a, c in ((d0, a0, c0), (d1, a1, c1)):
        assert (dp["acc"], dp["src1"], dp["src2"]) == (c.name, "%vb.dw", a.name)
        assert [dp[k] for k in ("prec_b", "prec_a", "depth", "repeat", "sign_res", "sign_acc")] == \
            ["10", "10", "8", "8", "0", "0"]
    w0, w1 = calls(ll, "wrregionf")[-2:]
    # the pieces overwrite the accumulator itself (every element), not a vector built from undef:
    # IGC keeps the result in the accumulator's registers
    assert (w0["old"], w0["new"], w0["offset"]) == ("%acc", d0.name, "0")
    assert (w1["old"], w1["new"], w1["offset"]) == (w0.name, d1.name, "512")
    assert w0.ret == "<256 x float>"


def test_dpas_n32_on_pvc_is_two_16_wide_dpas():
    # N = 32, PVC DPAS width 16: B is 8 rows x 32 dwords; each dpas reads a 16-dword column band:
    # 2D region vstride 32, width 16, at dword 0 and dword 16 (byte 64). The results go into the
    # 8x32 f32 result the same way (vstride 32, width 16, bytes 0 and 64).
    ll = dpas_kernel("f16", 8, 32)
    d0, d1 = calls(ll, "dpas.nosrc0")
    b0, b1 = (c for c in calls(ll, "rdregioni") if c["src"] == "%vb.dw")
    assert b0.op(0) == ("<256 x i32>", "%vb.dw") and b0.ret == "<128 x i32>"
    assert [(b["vstride"], b["width"], b["stride"], b["offset"]) for b in (b0, b1)] == \
        [("32", "16", "1", "0"), ("32", "16", "1", "64")]
    assert (d0["src1"], d1["src1"]) == (b0.name, b1.name)
    assert d0["src2"] == d1["src2"] == "%va.dw"
    w0, w1 = calls(ll, "wrregionf")[-2:]
    assert [(w["new"], w["vstride"], w["width"], w["offset"]) for w in (w0, w1)] == \
        [(d0.name, "32", "16", "0"), (d1.name, "32", "16", "64")]


def test_dpas_plain_b_only_dpas_reads_is_loaded_vnni():
    # The message packs the row pairs (vnni = 1): B goes to dpas as it is loaded.
    ll = dpas_kernel("f16", 8, 16, packed_b=False)
    (b,) = [c for c in loads(ll) if c.name == "%vb"]
    assert b["vnni"] == "1" and calls(ll, "wrregionf") == []
    assert defs(ll)["%vb.dw"] == "bitcast <256 x half> %vb to <128 x i32>"


def test_dpas_plain_b_is_vnni_interleaved():
    # B as a plain vector<16x16xf16> that is also stored (so loaded plain): dword (k2, n) must
    # hold rows 2*k2 and 2*k2+1 of column n. rdregion even rows (vstride 32 = two rows, width
    # 16, offset 0) and odd rows (offset one row = 16 halves = 32 bytes); wrregion each 1D with
    # stride 2 at half 0 and half 1 (byte 2).
    ll = dpas_kernel("f16", 8, 16, packed_b=False, store_b=True)
    k0, k1 = (c for c in calls(ll, "rdregionf") if c["src"] == "%vb" and c.name.startswith("%vb.k"))
    assert [(k["vstride"], k["width"], k["stride"], k["offset"]) for k in (k0, k1)] == \
        [("32", "16", "1", "0"), ("32", "16", "1", "32")]
    w0, w1 = calls(ll, "wrregionf")
    assert (w0["old"], w0["new"], w1["old"], w1["new"]) == ("undef", k0.name, w0.name, k1.name)
    assert [(w["width"], w["stride"], w["offset"]) for w in (w0, w1)] == \
        [("128", "2", "0"), ("128", "2", "2")]
    assert defs(ll)["%vb.dw"] == f"bitcast <256 x half> {w1.name} to <128 x i32>"
    # and semantically: packed element 2 * (k2 * 16 + n) + j is B[2 * k2 + j][n]
    got = evaluate(ll, w1.name)
    assert got == [(2 * k2 + j, n) for k2 in range(8) for n in range(16) for j in range(2)]


def test_dpas_dg2_splits_n16_into_two_8_wide():
    # DG2 DPAS width is 8: N = 16 -> two dpas over B column bands (B = 8 rows x 16 dwords:
    # vstride 16, width 8, dwords 0 and 8 = bytes 0 and 32), each giving 8 x 8 floats; results
    # joined with vstride 16, width 8, bytes 0 and 32. info keeps depth 8, repeat 8.
    ll = dpas_kernel("f16", 8, 16, target="dg2")
    d0, d1 = calls(ll, "dpas.nosrc0")
    assert d0.ret == d1.ret == "<64 x float>"
    assert d0["info"] == d1["info"] == str(0x08080A0A)
    b0, b1 = (c for c in calls(ll, "rdregioni") if c["src"] == "%vb.dw")
    assert [(b["vstride"], b["width"], b["offset"]) for b in (b0, b1)] == \
        [("16", "8", "0"), ("16", "8", "32")]
    w0, w1 = calls(ll, "wrregionf")[-2:]
    assert [(w["new"], w["vstride"], w["width"], w["offset"]) for w in (w0, w1)] == \
        [(d0.name, "16", "8", "0"), (d1.name, "16", "8", "32")]


def test_dpas_n8_is_native_on_dg2_but_an_error_on_pvc():
    ll = dpas_kernel("f16", 8, 8, target="dg2")
    (c,) = calls(ll, "dpas.nosrc0")
    assert c.name == "%c" and c.ret == "<64 x float>" and c.op(0)[0] == "<64 x i32>"
    with pytest.raises(DiagnosticError) as e:
        dpas_kernel("f16", 8, 8)
    # the dpas is body line 5 of dpas_kernel (after 2 create_nd_tdesc and 2 load_nd) -> line 7
    assert str(e.value.loc) == "k.mlir:7:10"
    assert e.value.message == "xegpu.dpas: N = 8 is not a multiple of the pvc DPAS width 16"


# -- located errors --------------------------------------------------------------------------
def error_case(mem: str, shape: str, *more: str, props: str = "", res: str | None = None,
               offsets: str = "0, 0") -> DiagnosticError:
    return diag(tile("%m", mem, offsets, shape), load(shape, res=res, props=props), *more, args=f"%m: {mem}")


LOCATED_ERRORS = [
    # memref<8x8xf16>: 8 * 2 = 16 bytes per row < 32.
    pytest.param("memref<8x8xf16>", "8x8xf16", {}, "3:10",
                 "xegpu.create_nd_tdesc: surface width of 16 bytes; 2D block messages need at least 32 bytes "
                 "and a multiple of 4", id="surface_width_below_32_bytes"),
    # memref<50x10xf32>: width 40 bytes is fine (>= 32, multiple of 4); the pitch 40 is not a
    # multiple of 16.
    pytest.param("memref<50x10xf32>", "8x8xf32", {}, "3:10",
                 "xegpu.create_nd_tdesc: row pitch of 40 bytes; 2D block messages need at least 32 bytes and "
                 "a multiple of 16", id="pitch_not_multiple_of_16"),
    # layout offset 8 f16 = 16 bytes past a 64-byte aligned buffer.
    pytest.param("memref<64x64xf16, strided<[64, 1], offset: 8>>", "8x16xf16", {}, "3:10",
                 "xegpu.create_nd_tdesc: the surface base is 16 bytes past the buffer start; 2D block "
                 "messages need a 64-byte aligned base", id="static_offset_breaks_base_alignment"),
    # memref<3x5x40xf16>, outer offset 1: outer stride 5 * 40 = 200 elements = 400 bytes past the
    # buffer start, and 400 % 64 = 16. (The inner surface itself is legal: 80-byte rows and pitch.)
    pytest.param("memref<3x5x40xf16>", "4x16xf16", {"offsets": "1, 0, 0"}, "3:10",
                 "xegpu.create_nd_tdesc: the surface base is 400 bytes past the buffer start; 2D block "
                 "messages need a 64-byte aligned base", id="rank3_outer_offset_breaks_base_alignment"),
    pytest.param("memref<64x64xf16, strided<[64, 2]>>", "8x16xf16", {}, "3:10",
                 "xegpu.create_nd_tdesc: the innermost stride must be 1, got 2", id="innermost_stride_not_1"),
    # transposed 2D loads move 32- or 64-bit units only.
    pytest.param("memref<64x64xf16>", "16x16xf16", {"props": " <{transpose = array<i64: 1, 0>}>"}, "4:10",
                 "xegpu.load_nd: transposed 2D loads need 32- or 64-bit data units, got 16-bit (use "
                 "transpose_bit_width = 32 for 8/16-bit elements)", id="transpose_f16_without_bit_width"),
    # VNNI packs 8- or 16-bit elements into dwords; f32 already fills one.
    pytest.param("memref<64x64xf32>", "16x16xf32", {"props": " <{packed}>", "res": "8x16x2"}, "4:10",
                 "xegpu.load_nd: 'packed' (VNNI) needs an 8- or 16-bit element type, got f32",
                 id="packed_f32"),
]


@pytest.mark.parametrize("mem,shape,options,where,message", LOCATED_ERRORS)
def test_error(mem: str, shape: str, options: dict[str, str], where: str, message: str):
    e = error_case(mem, shape, **options)
    assert (str(e.loc), e.message) == (f"k.mlir:{where}", message)


LOAD_PAIRS = ("default/default, uncached/uncached, streaming/uncached, uncached/cached, cached/uncached, "
              "cached/cached, streaming/cached, read_invalidate/cached")
STORE_PAIRS = ("default/default, uncached/uncached, streaming/uncached, uncached/write_back, "
               "write_through/uncached, write_through/write_back, streaming/write_back, "
               "write_back/write_back")


@pytest.mark.parametrize("hints,l1,l3", [
    (f"l1_hint = {CACHED}, l3_hint = #xegpu.cache_hint<write_back>", "cached", "write_back"),  # a store word
    ("l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<write_back>",  # a store word
     "streaming", "write_back"),
])
def test_error_invalid_load_cache_pair(hints, l1, l3):
    # Valid load pairs (reference section 5): df/df, uc/uc, st/uc, uc/ca, ca/uc, ca/ca, st/ca, ri/ca.
    e = error_case("memref<64x64xf32>", "8x16xf32", props=f" <{{{hints}}}>")
    assert str(e.loc) == "k.mlir:4:10"
    assert e.message == (f"xegpu.load_nd: cache hints L1 = {l1}, L3 = {l3} are not a valid load pair "
                         f"(valid L1/L3 pairs: {LOAD_PAIRS})")


def test_error_invalid_store_cache_pair():
    # ca/ca is a load pair; stores have df/df, uc/uc, st/uc, uc/wb, wt/uc, wt/wb, st/wb, wb/wb.
    e = error_case("memref<64x64xf32>", "8x16xf32",
                   f"xegpu.store_nd %v, %t <{{l1_hint = {CACHED}, l3_hint = {CACHED}}}> "
                   f": vector<8x16xf32>, {TD}<8x16xf32>")
    assert str(e.loc) == "k.mlir:5:5"
    assert e.message == (f"xegpu.store_nd: cache hints L1 = cached, L3 = cached are not a valid store pair "
                         f"(valid L1/L3 pairs: {STORE_PAIRS})")


def test_error_dpas_k_mismatch_is_caught_by_verify():
    # f16 DPAS reduces K = 8 (depth) x 2 (per dword) = 16; an 8-column A is rejected before lowering.
    e = diag("%a = arith.constant dense<1.0> : vector<8x8xf16>",
             "%b = arith.constant dense<1.0> : vector<8x16x2xf16>",
             "%c = xegpu.dpas %a, %b : vector<8x8xf16>, vector<8x16x2xf16> -> vector<8x16xf32>",
             args="%i: index")
    assert str(e.loc) == "k.mlir:5:10"
    assert e.message == "xegpu.dpas: lhs shape [8, 8] must be [M, 16] or [M, 8, 2] for f16"


def test_error_slm_descriptor():
    attr = ", #xegpu.block_tdesc_attr<memory_space = slm>"
    e = diag(tile("%m", "memref<64x64xf32>", "0, 0", "8x16xf32", attr=attr), args=F32_64)
    assert str(e.loc) == "k.mlir:3:10"
    assert e.message == ("xegpu.create_nd_tdesc: 2-D block messages address global memory only, not SLM; "
                         "use a 1-D descriptor or scattered accesses for SLM")


def test_error_unknown_kernel_name():
    # A command-line error, located at the kernel the input has (or the closest name's).
    e = diag("%c = arith.constant 0 : index", args="%i: index", kernel="nope")
    assert str(e.loc) == "k.mlir:2:3"
    assert e.message == "no kernel named 'nope' (--kernel) (kernels in the input: k)"


# -- semantics: evaluate the regions over symbolic payloads -----------------------------------
def _elem_bytes(ty: str) -> int:
    e = ty.strip("<>").split(" x ")[-1]
    return {"half": 2, "float": 4, "double": 8}.get(e) or int(e[1:]) // 8


def _count(ty: str) -> int:
    return int(ty.strip("<").split(" x ")[0])


def _pow2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def payload(c: Call, grf_bytes: int = 64) -> list:
    """A 2D load's result per reference section 6, as surface (row, col) tuples (None = padding).
    Rows padded to next_pow2(width), blocks to whole GRFs and consecutive; transposed payload row c
    is tile column c; VNNI row r2 holds rows 2*r2.. of each column, interleaved."""
    t = {1: 1, 2: 2, 3: 4, 4: 8}[int(c["data_size"])]
    w, h, nb, x, y = (int(c[k]) for k in ("block_width", "block_height", "num_blocks", "x", "y"))
    f = 4 // t if c["vnni"] == "1" else 1
    transposed = c["order"] == "2"
    pitch, rows = (_pow2(h), w) if transposed else (_pow2(w) * f, -(-h // f))
    block = -(-pitch * rows * t // grf_bytes) * grf_bytes // t
    out: list = [None] * (nb * block)
    for b in range(nb):
        for r in range(h):
            for col in range(w):
                i = col * pitch + r if transposed else r // f * pitch + col * f + r % f
                out[b * block + i] = (y + r, x + b * w + col)
    assert len(out) == _count(c.ret), "payload size differs from the reference's formula"
    return out


def evaluate(ll: str, name: str) -> list:
    """The value of ``name``: loads are symbolic payloads, rdregion/wrregion are run (section 4:
    element i = offset/elemsize + (i / width) * vstride + (i % width) * stride)."""
    by_name = {c.name: c for c in calls(ll) if c.name}
    memo: dict[str, list] = {}

    def value(ty: str, v: str) -> list:
        if v == "undef":
            return [None] * _count(ty)
        if v not in memo:
            memo[v] = run(by_name[v])
        return memo[v]

    def index(c: Call, i: int, esize: int) -> int:
        vs, w, st, off = (int(c[k]) for k in ("vstride", "width", "stride", "offset"))
        return off // esize + i // w * vs + i % w * st

    def run(c: Call) -> list:
        if c.intrinsic == "lsc.load2d.stateless":
            return payload(c)
        if c.intrinsic.startswith("rdregion"):
            src = value(*c.op(0))
            return [src[index(c, i, _elem_bytes(c.types[0]))] for i in range(_count(c.ret))]
        if c.intrinsic.startswith("wrregion"):
            out = list(value(*c.op(0)))
            for i, e in enumerate(value(*c.op(1))):
                out[index(c, i, _elem_bytes(c.types[0]))] = e
            return out
        raise AssertionError(f"cannot evaluate {c.intrinsic}")

    return value("", name)


def result_of(ll: str, mlir_name: str = "%v") -> str:
    """The LLVM value an XeGPU result was lowered to, read off its use by ``%s = arith.addf %v, %v``:
    the fadd's operand, or (when the add is split to the target's width) the source of the
    region read that feeds its first piece."""
    m = re.search(r"^\s*%s = fadd <\d+ x \w+> (%[\w.]+), (%[\w.]+)$", ll, re.M)
    if m:
        assert m.group(1) == m.group(2), ll
        return m.group(1)
    m = re.search(r"^\s*%s\.0\.a0 = call <\d+ x \w+> @llvm\.genx\.rdregion\w\.[\w.]+\(<\d+ x \w+> (%[\w.]+),",
                  ll, re.M)
    assert m, ll
    return m.group(1)


def added(ll: str) -> list:
    """The elements ``%s = arith.addf %v, %v`` adds, piece by piece: what the load gives its user
    (the pieces read the messages themselves, not a reassembled copy, lower/genx regions)."""
    m = re.search(r"^\s*%s = fadd <\d+ x \w+> (%[\w.]+), (%[\w.]+)$", ll, re.M)
    if m:
        return evaluate(ll, m.group(1))
    pieces = sorted((int(k), a) for k, a, b in re.findall(
        r"^\s*%s\.(\d+) = fadd <\d+ x \w+> (%[\w.]+), (%[\w.]+)$", ll, re.M))
    assert pieces, ll
    return [e for _, a in pieces for e in evaluate(ll, a)]


def row_major(h: int, w: int):
    """Plain load of an h x w tile at (y, x): result element i * w + j is surface (y + i, x + j)."""
    return lambda y, x: [(y + i, x + j) for i in range(h) for j in range(w)]


def transposed(h: int, w: int):
    """Transposed load of an h x w tile: result row c is tile column c, element c * h + r = (y + r, x + c)."""
    return lambda y, x: [(y + r, x + c) for c in range(w) for r in range(h)]


def vnni(h: int, w: int, f: int):
    """Packed load: result [h/f][w][f], element (k, n, j) is tile row f * k + j, column n."""
    return lambda y, x: [(y + f * k + j, x + n) for k in range(h // f) for n in range(w) for j in range(f)]


TRANSPOSE = " <{transpose = array<i64: 1, 0>}>"
SEMANTIC_CASES = [
    # (memref, tile shape, offsets (y, x), load props, result shape, expected result)
    pytest.param("memref<64x128xf16>", "32x64xf16", (16, 32), "", "32x64", row_major(32, 64), id="32x64-f16"),
    pytest.param("memref<64x64xf32>", "16x16xf32", (8, 16), TRANSPOSE, "16x16", transposed(16, 16),
                 id="16x16-f32-transposed"),
    # not square: result row c (tile column c) is 32 elements long, so message 1 starts at 8 * 32
    pytest.param("memref<64x64xf32>", "32x16xf32", (8, 16), TRANSPOSE, "16x32", transposed(32, 16),
                 id="32x16-f32-transposed"),
    pytest.param("memref<64x64xf16>", "32x32xf16", (0, 16), " <{packed}>", "16x32x2", vnni(32, 32, 2),
                 id="32x32-f16-packed"),
    # rows of 24 halves are padded to 32 in the payload: the regions must skip the padding
    pytest.param("memref<64x64xf16>", "8x24xf16", (0, 8), "", "8x24", row_major(8, 24), id="8x24-f16-padded"),
    # 64 rows x 64 B: two row bands
    pytest.param("memref<128x64xf32>", "64x16xf32", (32, 0), "", "64x16", row_major(64, 16),
                 id="64x16-f32-rows"),
]


@pytest.mark.parametrize("mem,shape_,yx,props,res,expected", SEMANTIC_CASES)
def test_split_load_reassembles_the_tile(mem, shape_, yx, props, res, expected):
    el = shape_.split("x")[-1]
    ll = lower(tile("%m", mem, f"{yx[0]}, {yx[1]}", shape_), load(shape_, res=res, props=props),
               f"%s = arith.addf %v, %v : vector<{res}x{el}>", args=f"%m: {mem}")
    assert added(ll) == expected(*yx)


def test_split_transpose_bit_width_load_reassembles_units():
    # 16x32 f16 with transpose_bit_width = 32 is 16 rows x 16 u32 units: two 8-unit messages. At
    # x = 16 halves = unit 8, the i32 value before the bitcast must be the transposed unit tile:
    # element c * 16 + r = (row y + r, unit 8 + c). (Raw form: legalized, the add's pieces read
    # the messages themselves and the reassembled tile is never made.)
    ll = lower(tile("%m", "memref<64x64xf16>", "4, 16", "16x32xf16"),
               load("16x32xf16", res="16x32",
                    props=" <{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32}>"),
               "%s = arith.addf %v, %v : vector<16x32xf16>", args=F16_64, legalize=False)
    assert [(c["x"], c["y"]) for c in loads(ll)] == [("8", "4"), ("16", "4")]
    m = re.fullmatch(r"bitcast <256 x i32> (%[\w.]+) to <512 x half>", defs(ll)[result_of(ll)])
    assert m
    assert evaluate(ll, m.group(1)) == transposed(16, 16)(4, 8)


def test_split_store_writes_each_element_where_it_was_loaded():
    # Load a 32x64 f16 tile (2 messages) and store it back at the same place (32x64 halves:
    # 2 column bands x 4 row bands of 8 rows = 8 stores). Payload element (r, c) of a store
    # (rows padded to next_pow2(width)) goes to surface (y + r, x + c): it must be the value that
    # was loaded from there.
    ll = lower(tile("%m", "memref<64x128xf16>", "16, 32", "32x64xf16"), load("32x64xf16"),
               f"xegpu.store_nd %v, %t : vector<32x64xf16>, {TD}<32x64xf16>", args="%m: memref<64x128xf16>")
    stores = calls(ll, "lsc.store2d.stateless")
    assert len(stores) == 8
    written = set()
    for s in stores:
        data = evaluate(ll, s["data"])
        w, h, x, y = (int(s[k]) for k in ("block_width", "block_height", "x", "y"))
        for r in range(h):
            for c in range(w):
                assert data[r * _pow2(w) + c] == (y + r, x + c)
                written.add((y + r, x + c))
    assert written == {(16 + r, 32 + c) for r in range(32) for c in range(64)}


def test_evaluator_catches_a_swapped_reassembly():
    # The check above is only worth something if a wrong offset fails it: swap the two messages'
    # wrregion offsets (0 <-> 64 bytes) of the 32x64 split load.
    ll = lower(tile("%m", "memref<64x128xf16>", "0, 0", "32x64xf16"), load("32x64xf16"),
               "%s = arith.addf %v, %v : vector<32x64xf16>", args="%m: memref<64x128xf16>", legalize=False)
    good = evaluate(ll, result_of(ll))
    assert good == [(i, j) for i in range(32) for j in range(64)]
    swapped = ll.replace("i16 0, i32 64, i1 true", "i16 @@").replace("i16 64, i32 64, i1 true",
                                                                      "i16 0, i32 64, i1 true")
    swapped = swapped.replace("i16 @@", "i16 64, i32 64, i1 true")
    assert swapped != ll
    assert evaluate(swapped, result_of(swapped)) != good


def test_an_a_tile_used_by_two_dpas_is_reinterpreted_once():
    path = SAMPLES / "dpas_pair_store_f16.mlir"
    ll = lower_text(path.read_text(), path.name)
    assert ll.count("= bitcast <128 x half> %va to <64 x i32>") == 1
    assert [c["src2"] for c in calls(ll, "dpas.nosrc0")] == ["%va.dw", "%va.dw"]


def test_a_shared_dpas_operand_is_cast_in_each_block_that_uses_it():
    # One cast per basic block: a cast made in one branch of an scf.if cannot serve the other
    # (llvmlite's verifier, run on every module, rejects a use it does not dominate).
    src = """gpu.module @m {
  gpu.func @k(%p: i64, %c: i1) kernel {
    %va = arith.constant dense<1.0> : vector<8x16xf16>
    %vb = arith.constant dense<1.0> : vector<8x16x2xf16>
    %r = scf.if %c -> (vector<8x16xf32>) {
      %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    } else {
      %e = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
      scf.yield %e : vector<8x16xf32>
    }
    gpu.return
  }
}
"""
    ll = lower_text(src, "k.mlir")
    assert ll.count("bitcast <128 x half>") == 2
