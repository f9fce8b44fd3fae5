"""Scattered ops, atomics and 1-D block descriptors: front end, planning, lowering, errors.

Expected operands are worked out from the GenX reference, section 5 (LSC): operands of
lsc.load/store/prefetch are pred, op, L1, L3, scale, imm_offset, data_size, vector_size, order,
chmask, addr[, data], surface. Encodings: data size 3 u32, 4 u64, 5 u8u32, 6 u16u32; vector
size 1-4 as is, 8 -> 5, 16 -> 6, 32 -> 7, 64 -> 8; order 1 non-transposed, 2 transposed; atomic
ops 0x0C add, 0x13 fadd, ... Nothing here is copied from the output.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import one_kernel

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.genx import intrinsics
from genx_emit.genx.regions import Region
from genx_emit.lower.messages.lsc import Message, plan_block, plan_scatter, scatter_unit
from genx_emit.sim import run
from genx_emit.targets import DG2, PVC

SD = "!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>"
LANES = "dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]>"
# every other element: not one contiguous run, so a gather / scatter whatever the mask
STRIDED = "dense<[" + ", ".join(str(2 * i) for i in range(16)) + "]>"
# the last lane off: never a block message (a block message has no lane predicate)
PARTIAL = "dense<[" + ", ".join(["true"] * 15 + ["false"]) + "]>"


def kernel(*body: str, args: str) -> str:
    return one_kernel(*body, args=args)


def lower(*body: str, args: str = "%p: memref<1024xf32>", target: str = "pvc", legalize: bool = True) -> str:
    return lower_text(kernel(*body, args=args), "k.mlir", target, legalize=legalize)


def diag(*body: str, args: str = "%p: memref<1024xf32>") -> str:
    with pytest.raises(DiagnosticError) as e:
        lower(*body, args=args)
    return f"{e.value.loc}: {e.value.message}"


def calls(ll: str, name: str) -> list[list[str]]:
    """Operand texts of every call to llvm.genx.NAME.<suffix> (declarations excluded)."""
    out = []
    for line in ll.splitlines():
        m = re.search(rf"call [^@]*@llvm\.genx\.{re.escape(name)}\.[\w.]+\((.*)\)$", line)
        if m and not line.startswith("declare"):
            out.append([a.strip() for a in re.split(r",(?![^<]*>)", m.group(1))])
    return out


def rmw(kind: str, el: str) -> str:
    types = f"{SD}, vector<16xi1>, vector<16x{el}> -> vector<16x{el}>"
    return f"%r = xegpu.atomic_rmw {kind} %t, %m, %v : {types}"


def prelude(
    td: str = SD,
    offsets: str = LANES,
    mask: str = "dense<true>",
    lanes: int = 16,
    src: str = "%p",
    mem: str = "memref<1024xf32>",
) -> list[str]:
    return [
        f"%o = arith.constant {offsets} : vector<{lanes}xindex>",
        f"%m = arith.constant {mask} : vector<{lanes}xi1>",
        f"%t = xegpu.create_tdesc {src}, %o : {mem}, vector<{lanes}xindex> -> {td}",
    ]


# -- encodings -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "word, code", [("u8", 1), ("u16", 2), ("u32", 3), ("u64", 4), ("u8u32", 5), ("u16u32", 6), ("u16u32h", 7)]
)
def test_data_sizes(word, code):
    assert intrinsics.encode("data_size", word) == code


@pytest.mark.parametrize("n, code", [(1, 1), (2, 2), (3, 3), (4, 4), (8, 5), (16, 6), (32, 7), (64, 8)])
def test_vector_sizes(n, code):
    assert intrinsics.encode("vector_size", f"v{n}") == code


@pytest.mark.parametrize(
    "kind, code",
    [
        ("addi", 0x0C),
        ("addf", 0x13),
        ("assign", 0x0B),
        ("maxs", 0x0F),
        ("maxu", 0x11),
        ("mins", 0x0E),
        ("minu", 0x10),
        ("andi", 0x18),
        ("ori", 0x19),
        ("xori", 0x1A),
        ("maximumf", 0x16),
        ("minimumf", 0x15),
        ("maxnumf", 0x16),
        ("minnumf", 0x15),
    ],
)
def test_atomic_kinds_map_to_lsc_op_codes(kind, code):
    k = intrinsics.atomic_kind(kind)
    assert k is not None and k.op is not None
    assert intrinsics.encode("atomic_op", k.op) == code


@pytest.mark.parametrize("sfid, code", [("ugm", 0), ("ugml", 1), ("tgm", 2), ("slm", 3)])
def test_fence_sfid(sfid, code):
    assert intrinsics.encode("fence_sfid", sfid) == code


# -- planning --------------------------------------------------------------------------------
def test_units():
    assert [scatter_unit(n, None).data_size for n in (1, 2, 4, 8)] == ["u8u32", "u16u32", "u32", "u64"]


def test_plan_f32_chunks_split_into_lsc_vector_sizes():
    # chunk 16 is not a non-transposed vector size: 8 + 8. 16 lanes x 8 x 4 B = 512 B = 8 GRFs.
    u = scatter_unit(4, None)
    assert plan_scatter(16, 16, u, PVC) == [Message(0, 16, 0, 8), Message(0, 16, 8, 8)]
    # chunk 3 is a vector size of its own.
    assert plan_scatter(16, 3, u, PVC) == [Message(0, 16, 0, 3)]


def test_plan_lanes_split_to_the_lsc_width_and_payload():
    u = scatter_unit(4, None)
    # DG2 messages carry at most 16 lanes.
    assert plan_scatter(32, 1, u, DG2) == [Message(0, 16, 0, 1), Message(16, 16, 0, 1)]
    # 32 lanes x v8 x 4 B = 1 KiB > 8 GRFs of 64 B: two 16-lane messages on PVC.
    assert plan_scatter(32, 8, u, PVC) == [Message(0, 16, 0, 8), Message(16, 16, 0, 8)]
    # DG2: 16 x 8 x 4 B = 512 B > 8 GRFs of 32 B: 8 lanes at a time.
    assert [m.lanes for m in plan_scatter(16, 8, u, DG2)] == [8, 8]


@pytest.mark.parametrize("target", [PVC, DG2], ids=["pvc", "dg2"])
def test_plan_64_bit_chunks_use_vector_sizes_of_at_most_4(target):
    """IGC refuses a non-transposed D64 vector size of 8 (it aborted on chunk >= 8 of i64/f64):
    chunk 8 is 4 + 4, chunk 3 stays 3."""
    u = scatter_unit(8, None)
    assert {m.vs for m in plan_scatter(16, 8, u, target)} == {4}
    assert sorted({(m.c0, m.vs) for m in plan_scatter(16, 8, u, target)}) == [(0, 4), (4, 4)]
    assert {m.vs for m in plan_scatter(16, 3, u, target)} == {3}
    assert {m.vs for m in plan_scatter(16, 8, scatter_unit(4, None), target)} == {8}  # D32 keeps 8


def test_plan_16_bit_data_goes_one_element_per_message():
    u = scatter_unit(2, None)
    assert plan_scatter(16, 3, u, PVC) == [Message(0, 16, c, 1) for c in range(3)]


def test_plan_block_vector_sizes():
    # 100 D32 units: 64 + 32 + 4; D64 on DG2: at most 8 GRFs of 32 B = 32 units per message.
    assert plan_block(100, 4, PVC) == [(0, 64), (64, 32), (96, 4)]
    assert plan_block(64, 8, DG2) == [(0, 32), (32, 32)]


def test_lane_major_and_chunk_major_regions_are_inverse():
    lanes, chunk = 16, 4
    aos = Region(count=lanes * chunk, width=chunk, stride=lanes, vstride=1)
    soa = Region(count=lanes * chunk, width=lanes, stride=chunk, vstride=1)
    for lane in range(lanes):
        for c in range(chunk):
            assert aos.element(lane * chunk + c) == c * lanes + lane  # result[l][c] = hw[c][l]
            assert soa.element(c * lanes + lane) == lane * chunk + c


# -- lowering --------------------------------------------------------------------------------
def test_gather_with_partial_mask_from_cmpi():
    ll = lower(
        f"%o = arith.constant {LANES} : vector<16xindex>",
        "%n = arith.constant dense<12> : vector<16xindex>",
        "%m = arith.cmpi ult, %o, %n : vector<16xindex>",
        f"%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> {SD}",
        f"%v = xegpu.load %t, %m : {SD}, vector<16xi1> -> vector<16xf32>",
    )
    assert "icmp ult <16 x i64>" in ll
    (load,) = calls(ll, "lsc.load.stateless")
    assert load[0] == "<16 x i1> %m"
    # op 0, L1/L3 default, scale 1, offset 0, u32, v1, non-transposed
    assert load[1:10] == ["i8 0", "i8 0", "i8 0", "i16 1", "i32 0", "i8 3", "i8 1", "i8 1", "i8 0"]
    # addresses: %p + 4 * lane
    assert "<i64 0, i64 4, i64 8," in ll


def test_store_and_cache_hints():
    ll = lower(
        *prelude(offsets=STRIDED),
        "%v = arith.constant dense<1.0> : vector<16xf32>",
        f"xegpu.store %v, %t, %m <{{l1_hint = #xegpu.cache_hint<write_back>, "
        f"l3_hint = #xegpu.cache_hint<write_back>}}> : vector<16xf32>, {SD}, vector<16xi1>",
    )
    (st,) = calls(ll, "lsc.store.stateless")
    assert st[1:4] == ["i8 4", "i8 3", "i8 3"]  # store op 4, write-back 3 / 3
    assert st[11].startswith("<16 x i32>")


def test_invalid_cache_pair_is_rejected_with_the_valid_ones():
    msg = diag(
        *prelude(),
        f"%v = xegpu.load %t, %m <{{l1_hint = #xegpu.cache_hint<uncached>, "
        f"l3_hint = #xegpu.cache_hint<write_back>}}> : {SD}, vector<16xi1> -> vector<16xf32>",
    )
    assert msg.startswith(
        "k.mlir:6:10: xegpu.load: cache hints L1 = uncached, L3 = write_back are not a valid "
        "load pair (valid L1/L3 pairs: default/default"
    )


def test_chunked_load_lane_major_and_transposed():
    td = "!xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>"
    load_op = f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x4xf32>"
    ll = lower(*prelude(td), load_op, legalize=False)
    (load,) = calls(ll, "lsc.load.stateless")
    assert load[7] == "i8 4"  # vector size 4
    (rd,) = calls(ll, "rdregioni")
    # lane-major from chunk-major: vstride 1, width 4, stride 16 (reference section 4)
    assert rd[1:4] == ["i32 1", "i32 4", "i32 16"]
    # Legalized (64-byte GRF): stride 16 is no legal 2D source stride, and a lane's 4 chunk
    # elements are 64 bytes apart, so reading lane rows would take 32 pieces of 2 plus their
    # joins. Copying each chunk row (16 lanes, 1 GRF) into a stride-4 column of the result is
    # cheaper: 2 pieces of 8 lanes per chunk (8 elements at stride 4 span 7 * 16 + 4 = 116 bytes
    # <= 2 GRFs; 16 would span 244), read straight from the message result at bytes c * 64 and
    # c * 64 + 32, written at bytes 0 and 8 * 4 * 4 = 128 of the result plus the chunk's column
    # offset of 4 bytes.
    legal = lower(*prelude(td), load_op)
    reads = calls(legal, "rdregioni")
    assert [(r[0], r[2], r[4]) for r in reads] == [
        ("<64 x i32> %v", "i32 8", f"i16 {c * 64 + half * 32}") for c in range(4) for half in range(2)]
    writes = calls(legal, "wrregioni")
    assert [(w[3], w[4], w[5]) for w in writes] == [
        ("i32 8", "i32 4", f"i16 {c * 4 + half * 128}") for c in range(4) for half in range(2)]
    ll = lower(
        *prelude(td),
        f"%v = xegpu.load %t, %m {{transpose = [1, 0]}} : {td}, vector<16xi1> -> vector<4x16xf32>",
    )
    assert calls(ll, "rdregioni") == []  # chunk-major is the hardware order already


def test_f16_chunk_goes_through_u16u32_and_is_packed_back():
    td = "!xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>"
    ll = lower(
        *prelude(td, mem="memref<64xf16>"),
        f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x2xf16>",
        f"xegpu.store %v, %t, %m : vector<16x2xf16>, {td}, vector<16xi1>",
        args="%p: memref<64xf16>",
    )
    loads = calls(ll, "lsc.load.stateless")
    assert [(c[6], c[7]) for c in loads] == [("i8 6", "i8 1")] * 2  # u16u32, v1, one per chunk element
    assert "trunc <32 x i32>" in ll  # packed back for the op's value
    # Chunk element 1 is 2 bytes further: the scalar base moves, the lanes' offsets stay.
    assert "%v.m1.base = add i64 %p, 2" in ll
    # Stored again in the same layout: the gather's containers go back as they came (the
    # message keeps only their low 16 bits), not transposed, packed and zero-extended again.
    # (each store payload is the gather's own container: read through the joined copy)
    assert [c[-2].split()[-1] for c in calls(ll, "lsc.store.stateless")] == ["%v.m0", "%v.m1"]
    assert "zext" not in ll
    # Any other value is zero-extended into the containers.
    ll = lower(
        *prelude(td, mem="memref<64xf16>"),
        f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x2xf16>",
        "%w = arith.addf %v, %v : vector<16x2xf16>",
        f"xegpu.store %w, %t, %m : vector<16x2xf16>, {td}, vector<16xi1>",
        args="%p: memref<64xf16>",
    )
    assert "zext <32 x i16>" in ll


def test_slm_gather_uses_i32_offsets():
    td = "!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<memory_space = slm>>"
    ll = lower(
        "%s = memref.alloc() : memref<64xf32, 3>",
        *prelude(td, STRIDED, src="%s", mem="memref<64xf32, 3>"),
        f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16xf32>",
        args="",
    )
    (load,) = calls(ll, "lsc.load.slm")
    assert load[10].startswith("<16 x i32> <i32 0, i32 8,")


def test_lanes_split_on_dg2():
    td = "!xegpu.tensor_desc<32xf32, #xegpu.scatter_tdesc_attr<>>"
    offs = "dense<[" + ", ".join(map(str, range(0, 64, 2))) + "]>"
    ll = lower(
        *prelude(td, offs, lanes=32),
        f"%v = xegpu.load %t, %m : {td}, vector<32xi1> -> vector<32xf32>",
        target="dg2",
    )
    assert len(calls(ll, "lsc.load.stateless")) == 2


def test_update_offset_and_prefetch():
    ll = lower(
        *prelude(), f"%u = xegpu.update_offset %t, %o : {SD}, vector<16xindex>", f"xegpu.prefetch %u : {SD}"
    )
    # lane i at element i, moved by i more: byte 8 * i from %p, one vector from the scalar base
    eight = ", ".join(f"i64 {8 * i}" for i in range(16))
    assert f"%u.addr = add <16 x i64> %u.addr.base, <{eight}>" in ll
    assert "%u.addr.base.ins = insertelement <16 x i64> undef, i64 %p, i32 0" in ll
    (pf,) = calls(ll, "lsc.prefetch.stateless")
    assert pf[10] == "<16 x i64> %u.addr"


def _bytes(values) -> str:
    return ", ".join(f"i64 {v}" for v in values)


LOAD = f"%v = xegpu.load %t, %m : {SD}, vector<16xi1> -> vector<16xf32>"
# offsets lane * 4 + 64 by arith ops (as upstream writes them), not a literal constant
SHIFTED = [
    f"%l = arith.constant {LANES} : vector<16xindex>",
    "%s = arith.constant dense<4> : vector<16xindex>",
    "%k = arith.constant dense<64> : vector<16xindex>",
    "%x = arith.muli %l, %s : vector<16xindex>",
    "%o = arith.addi %x, %k : vector<16xindex>",
    "%m = arith.constant dense<true> : vector<16xi1>",
    f"%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> {SD}",
    LOAD,
]


def test_constant_offsets_move_their_smallest_into_the_scalar_base_on_pvc():
    # elements 4 * i + 64 of f32: bytes 256 + 16 * i, as %p + 256 plus 16 * i, the vector a
    # descriptor at elements 4 * i shares (IGC builds each 64-bit constant vector with 2 moves)
    ll = lower(*SHIFTED)
    assert "%t.base = add i64 %p, 256" in ll
    assert f"%t.addr = add <16 x i64> %t.addr.base, <{_bytes(range(0, 256, 16))}>" in ll
    # a negative smallest offset moves the base back: elements i - 2 are bytes -8 + 4 * i
    neg = lower(*prelude(offsets="dense<[-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]>"), LOAD)
    assert "%t.base = add i64 %p, -8" in neg
    assert f"%t.addr = add <16 x i64> %t.addr.base, <{_bytes(range(0, 64, 4))}>" in neg
    # offsets already starting at 0 keep the argument as the base
    plain = lower(*prelude(), LOAD)
    assert "%t.base" not in plain
    assert f"%t.addr = add <16 x i64> %t.addr.base, <{_bytes(range(0, 64, 4))}>" in plain


def test_constant_offsets_on_dg2_go_to_the_low_dword_and_negative_ones_do_not():
    # DG2 has no 64-bit ALU: non-negative constant offsets are added to the base's low dword,
    # the high dword takes the carry (no 64-bit vector add, no scalar 64-bit add for the base)
    ll = lower(*SHIFTED, target="dg2")
    low = ", ".join(f"i32 {v}" for v in range(256, 512, 16))
    assert f"%t.addr.alo = add <16 x i32> %t.addr.lov, <{low}>" in ll
    assert "%t.addr.cy = icmp ult <16 x i32> %t.addr.alo, %t.addr.lov" in ll
    assert "add <16 x i64>" not in ll and "%t.base" not in ll
    # a negative offset would borrow from the high dword: it stays a 64-bit add
    neg = lower(*prelude(offsets="dense<[-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]>"), LOAD,
                target="dg2")
    assert "%t.addr.alo" not in neg
    assert f"%t.addr = add <16 x i64> %t.addr.base, <{_bytes(range(-8, 56, 4))}>" in neg


def test_update_offset_of_a_chunked_descriptor_keeps_its_message_bases():
    # 32 lanes x 8 f16: 8 messages (16-bit data travels one element per 32-bit container), each
    # adding its chunk element to the scalar base. Moving the base by the update would cost 8
    # scalar adds; the offsets vector takes the update instead (+ 128 elements = 256 bytes).
    # (32 lanes: each lane's 16 bytes as 2 qword lanes would be 64 message lanes, over the LSC
    # width, so no wide form.)
    td = "!xegpu.tensor_desc<32x8xf16, #xegpu.scatter_tdesc_attr<chunk_size = 8>>"
    offs = "dense<[" + ", ".join(str(8 * i) for i in range(32)) + "]>"
    ll = lower(*prelude(td, offs, "dense<[" + ", ".join(["true"] * 31 + ["false"]) + "]>", lanes=32,
                       mem="memref<1024xf16>"),
               "%d = arith.constant dense<128> : vector<32xindex>",
               f"%u = xegpu.update_offset %t, %d : {td}, vector<32xindex>",
               f"%v = xegpu.load %u, %m : {td}, vector<32xi1> -> vector<32x8xf16>",
               args="%p: memref<1024xf16>")
    loads = calls(ll, "lsc.load.stateless")
    assert len(loads) == 8
    assert "%u.base" not in ll
    assert f"%v.m1.addr = add <32 x i64> %v.m1.addr.base, <{_bytes(range(256, 768, 16))}>" in ll
    assert "%v.m1.base = add i64 %p, 2" in ll


@pytest.mark.parametrize(
    "kind, el, code",
    [
        ("addi", "i32", 12),
        ("addf", "f32", 19),
        ("maxs", "i32", 15),
        ("assign", "f32", 11),
        ("xori", "i64", 26),
    ],
)
def test_atomics(kind, el, code):
    td = f"!xegpu.tensor_desc<16x{el}, #xegpu.scatter_tdesc_attr<>>"
    mem = f"memref<1024x{el}>"
    ll = lower(
        *prelude(td, mem=mem),
        f"%v = arith.constant dense<1> : vector<16x{el}>".replace(
            "dense<1>", "dense<1.0>" if el.startswith("f") else "dense<1>"
        ),
        f"%r = xegpu.atomic_rmw {kind} %t, %m, %v : {td}, vector<16xi1>, vector<16x{el}> -> vector<16x{el}>",
        args=f"%p: {mem}",
    )
    (a,) = calls(ll, "lsc.xatomic.stateless")
    assert a[1] == f"i8 {code}"
    assert a[6] == ("i8 4" if el == "i64" else "i8 3")
    assert a[11].startswith("<16 x float>" if kind == "addf" else f"<16 x i{el[1:]}>")


def test_rfc_atomic_value_first_and_store_scatter_type_order():
    td = "!xegpu.tensor_desc<16xf32, #xegpu.tdesc_attr<scattered = true>>"
    ll = lower(
        *prelude(td),
        "%v = arith.constant dense<2.0> : vector<16xf32>",
        f'%r = XeGPU.atomic_rmw "addf" %v, %t, %m {{mode = vc}} : vector<16xf32>, {td}, vector<16xi1> to '
        "vector<16xf32>",
        f"XeGPU.store_scatter %v, %t, %m {{mode = vc}} : vector<16xf32>, vector<16xi1>, {td}",
    )
    assert calls(ll, "lsc.xatomic.stateless")[0][1] == "i8 19"
    assert len(calls(ll, "lsc.store.stateless")) == 1


def test_static_offsets_and_source_form():
    ll = lower(
        "%m = arith.constant dense<true> : vector<4xi1>",
        "%t = xegpu.create_tdesc %p[0, 8, 16, 24] : memref<1024xf32> -> "
        "!xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>",
        "%v = xegpu.load %t, %m : !xegpu.tensor_desc<4x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>, "
        "vector<4xi1> -> vector<4x2xf32>",
        "%o = arith.constant dense<[0, 8, 16, 24]> : vector<4xindex>",
        "%w = xegpu.load %p[%o], %m <{chunk_size = 2}> : memref<1024xf32>, vector<4xindex>, vector<4xi1> "
        "-> vector<4x2xf32>",
    )
    loads = calls(ll, "lsc.load.stateless")
    # each lane's 2 f32 are one qword (8-byte aligned): data size u64 (4), vector size 1
    assert len(loads) == 2 and all(c[6:8] == ["i8 4", "i8 1"] for c in loads)
    assert "<i64 0, i64 32, i64 64, i64 96>" in ll  # 8 f32 apart = 32 bytes


# -- 1-D block descriptors -------------------------------------------------------------------
def test_1d_in_bounds_is_one_transposed_message():
    ll = lower(
        "%t = xegpu.create_nd_tdesc %p[16] : memref<1024xf32> -> !xegpu.tensor_desc<128xf32>",
        "%v = xegpu.load_nd %t : !xegpu.tensor_desc<128xf32> -> vector<128xf32>",
    )
    (load,) = calls(ll, "lsc.load.stateless")
    # 512 bytes = 64 D64 units (8 GRFs on PVC), transposed, at %p + 64 bytes
    assert (load[0], load[6], load[7], load[8]) == ("i1 true", "i8 4", "i8 8", "i8 2")
    assert "add i64 %p, 64" in ll


def test_1d_boundary_tile_is_a_predicated_gather_with_zero_fill():
    ll = lower(
        "%t = xegpu.create_nd_tdesc %p[%x] : memref<1000xf32> -> !xegpu.tensor_desc<16xf32>",
        "%v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>",
        "xegpu.store_nd %v, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>",
        args="%p: memref<1000xf32>, %x: index",
    )
    assert "icmp ult <16 x i64> %v.idx, <i64 1000," in ll
    (load,) = calls(ll, "lsc.load.stateless")
    assert load[0] == "<16 x i1> %v.inb" and load[8] == "i8 1"
    assert "select  <16 x i1> %v.inb" in ll or "select <16 x i1> %v.inb" in ll
    (st,) = calls(ll, "lsc.store.stateless")
    assert st[0] == "<16 x i1> %st.v.inb"


_EDGE = [
    "%t = xegpu.create_nd_tdesc %src[%x] : memref<40xf32> -> !xegpu.tensor_desc<64xf32>",
    "%v = xegpu.load_nd %t : !xegpu.tensor_desc<64xf32> -> vector<64xf32>",
    "%o = xegpu.create_nd_tdesc %out[0] : memref<64xf32> -> !xegpu.tensor_desc<64xf32>",
    "xegpu.store_nd %v, %o : vector<64xf32>, !xegpu.tensor_desc<64xf32>",
    "%d = xegpu.create_nd_tdesc %dst[%x] : memref<40xf32> -> !xegpu.tensor_desc<64xf32>",
    "xegpu.store_nd %v, %d : vector<64xf32>, !xegpu.tensor_desc<64xf32>",
]


@pytest.mark.parametrize("x", [-100, -64, -40, -7, 0, 5, 31, 39, 40, 90])
@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_1d_tile_over_either_edge_reads_zero_and_writes_only_inside(x, target):
    """A 64-element tile (two 32-lane messages on PVC, four on DG2) at ``x`` of a 40-element
    surface: numpy's reference is element ``x + i`` where it lies in ``[0, 40)``."""
    src = np.arange(1, 41, dtype=np.float32)
    text = kernel(*_EDGE, args="%src: memref<40xf32>, %out: memref<64xf32>, %dst: memref<40xf32>, %x: index")
    res = run(text, None, 1, {"src": src, "out": np.full(64, -1, np.float32),
                              "dst": np.full(40, -1, np.float32), "x": x}, target=target)
    pos = x + np.arange(64)
    inside = (pos >= 0) & (pos < 40)
    np.testing.assert_array_equal(res["out"], np.where(inside, src[np.clip(pos, 0, 39)], 0))
    written = (np.arange(40) >= x) & (np.arange(40) < x + 64)
    np.testing.assert_array_equal(res["dst"], np.where(written, src, -1))


def _unchecked_1d_load(vec: str) -> list[str]:
    """The one load message of a ``vec`` (``16xf32``) 1-D load without boundary check at a
    run-time offset."""
    el = vec.split("x")[1]
    td = f"!xegpu.tensor_desc<{vec}, #xegpu.block_tdesc_attr<boundary_check = false>>"
    ll = lower(
        f"%t = xegpu.create_nd_tdesc %p[%x] : memref<1000x{el}> -> {td}",
        f"%v = xegpu.load_nd %t : {td} -> vector<{vec}>",
        args=f"%p: memref<1000x{el}>, %x: index",
    )
    (load,) = calls(ll, "lsc.load.stateless")
    return load


def test_1d_without_boundary_check_is_a_block_even_at_a_dynamic_offset():
    load = _unchecked_1d_load("16xf32")
    assert (load[6], load[7], load[8]) == ("i8 3", "i8 6", "i8 2")  # u32 x 16, transposed


def test_1d_f16_at_unknown_alignment_is_per_element():
    load = _unchecked_1d_load("32xf16")
    assert load[6] == "i8 6" and load[0].startswith("<32 x i1> <i1 1")


def test_1d_slm_block():
    td = "!xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>"
    ll = lower(
        "%s = memref.alloc() : memref<64xf32, 3>",
        f"%t = xegpu.create_nd_tdesc %s[0] : memref<64xf32, 3> -> {td}",
        f"%v = xegpu.load_nd %t : {td} -> vector<64xf32>",
        args="",
    )
    (load,) = calls(ll, "lsc.load.slm")
    assert load[10] == "i32 0"


# -- errors ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "body, text",
    [
        (
            [*prelude(), f"%v = xegpu.load %t, %m : {SD}, vector<16xi1> -> vector<8xf32>"],
            "k.mlir:6:10: xegpu.load: result shape [8] does not match 16 lanes x chunk 1: expected [16]",
        ),
        (
            [
                *prelude(mask="dense<true>", lanes=16)[:1],
                "%m = arith.constant dense<true> : vector<8xi1>",
                f"%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> {SD}",
                f"%v = xegpu.load %t, %m : {SD}, vector<8xi1> -> vector<16xf32>",
            ],
            "k.mlir:6:10: xegpu.load: mask [8] must have one bit per lane: [16]",
        ),
        (
            [
                *prelude("!xegpu.tensor_desc<16x5xf32, #xegpu.scatter_tdesc_attr<chunk_size = 5>>")[:2],
                "%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> "
                "!xegpu.tensor_desc<16x5xf32, #xegpu.scatter_tdesc_attr<chunk_size = 5>>",
            ],
            "k.mlir:5:10: xegpu.create_tdesc: chunk size 5 is not supported; the LSC vector sizes are "
            "1, 2, 3, 4, 8, 16, 32, 64",
        ),
        (
            [
                "%o = arith.constant dense<[0, 1, 2]> : vector<3xindex>",
                "%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<3xindex> -> "
                "!xegpu.tensor_desc<3xf32, #xegpu.scatter_tdesc_attr<>>",
            ],
            "k.mlir:4:10: xegpu.create_tdesc: 3 lanes; a scattered access has 1, 2, 4, 8, 16, 32 lanes",
        ),
        (
            [
                *prelude(),
                "%v = arith.constant dense<1> : vector<16xi32>",
                rmw("addf", "i32"),
            ],
            "k.mlir:7:10: xegpu.atomic_rmw: value element type i32 differs from the access element type f32",
        ),
        (
            [
                *prelude(),
                "%v = arith.constant dense<1.0> : vector<16xf32>",
                rmw("addi", "f32"),
            ],
            "k.mlir:7:10: xegpu.atomic_rmw: the hardware has no 'addi' atomic on f32 (supported element "
            "types: i32, i64)",
        ),
        (
            [
                *prelude(),
                "%v = arith.constant dense<1.0> : vector<16xf32>",
                rmw("mulf", "f32"),
            ],
            "k.mlir:7:10: xegpu.atomic_rmw: atomic kind 'mulf' has no hardware form: LSC has no atomic "
            "multiply",
        ),
        (
            [
                *prelude(),
                "%v = arith.constant dense<1.0> : vector<16xf32>",
                rmw("addq", "f32"),
            ],
            "k.mlir:7:10: xegpu.atomic_rmw: unknown atomic kind 'addq' (kinds: addf, addi, andi, assign, "
            "maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori)",
        ),
        (
            [
                "%t = xegpu.create_nd_tdesc %p[0] : memref<1024xf32> -> !xegpu.tensor_desc<16xf32>",
                "%m = arith.constant dense<true> : vector<16xi1>",
                "%v = xegpu.load %t, %m : !xegpu.tensor_desc<16xf32>, vector<16xi1> -> vector<16xf32>",
            ],
            "k.mlir:5:10: xegpu.load: expects a scattered tensor_desc (create_tdesc), got "
            "'!xegpu.tensor_desc<16xf32>'; block descriptors use the *_nd ops",
        ),
    ],
)
def test_errors(body, text):
    assert diag(*body) == text


def test_f16_atomic_is_an_error_that_says_so():
    td = "!xegpu.tensor_desc<16xf16, #xegpu.scatter_tdesc_attr<>>"
    msg = diag(
        *prelude(td, mem="memref<64xf16>"),
        "%v = arith.constant dense<1.0> : vector<16xf16>",
        f"%r = xegpu.atomic_rmw addf %t, %m, %v : {td}, vector<16xi1>, vector<16xf16> -> vector<16xf16>",
        args="%p: memref<64xf16>",
    )
    assert msg == (
        "k.mlir:7:10: xegpu.atomic_rmw: the hardware has no 'addf' atomic on f16 (supported element "
        "types: f32)"
    )


def test_64_bit_slm_atomic_is_an_error():
    td = "!xegpu.tensor_desc<16xi64, #xegpu.scatter_tdesc_attr<memory_space = slm>>"
    msg = diag(
        "%s = memref.alloc() : memref<64xi64, 3>",
        *prelude(td, src="%s", mem="memref<64xi64, 3>"),
        "%v = arith.constant dense<1> : vector<16xi64>",
        f"%r = xegpu.atomic_rmw addi %t, %m, %v : {td}, vector<16xi1>, vector<16xi64> -> vector<16xi64>",
        args="",
    )
    assert (
        msg == "k.mlir:8:10: xegpu.atomic_rmw: 64-bit atomics on SLM are not supported; use 32-bit elements"
    )


def test_float_add_on_slm_is_an_error():
    """LSC has no f32 atomic add on SLM: IGC aborts on one (pvc and acm-g10), so it is refused."""
    td = "!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<memory_space = slm>>"
    msg = diag(
        "%s = memref.alloc() : memref<64xf32, 3>",
        *prelude(td, src="%s", mem="memref<64xf32, 3>"),
        "%v = arith.constant dense<1.0> : vector<16xf32>",
        f"%r = xegpu.atomic_rmw addf %t, %m, %v : {td}, vector<16xi1>, vector<16xf32> -> vector<16xf32>",
        args="",
    )
    assert msg.startswith("k.mlir:8:10: xegpu.atomic_rmw: 'addf' on SLM: LSC has no floating-point atomic "
                          "add on SLM")


def _accepted_atomics(slm: bool) -> list[tuple[str, str]]:
    """Every (kind, element type) the atomic table accepts in this address space."""
    from genx_emit.genx.intrinsics import atomic_kind, atomic_kinds

    out = []
    for name in atomic_kinds():
        k = atomic_kind(name)
        if k is None or k.op is None or (slm and k.not_on_slm):
            continue
        out += [(name, t) for t in k.types if not (slm and t.endswith("64"))]
    return out


def _atomics_kernel(cases: list[tuple[str, str]], slm: bool) -> str:
    """One kernel doing each (kind, type) atomic on 16 lanes and storing the old values."""
    body, args = [], []
    for i, (kind, ty) in enumerate(cases):
        mem = f"memref<16x{ty}, 3>" if slm else f"memref<16x{ty}>"
        attr = "memory_space = slm" if slm else ""
        td = f"!xegpu.tensor_desc<16x{ty}, #xegpu.scatter_tdesc_attr<{attr}>>"
        one = "1.0" if ty.startswith("f") else "1"
        src = f"%s{i}" if slm else f"%g{i}"
        if slm:
            body.append(f"{src} = memref.alloc() : {mem}")
        else:
            args.append(f"{src}: {mem}")
        args.append(f"%d{i}: memref<16x{ty}>")
        body += [f"%t{i} = xegpu.create_tdesc {src}, %o : {mem}, vector<16xindex> -> {td}",
                 f"%v{i} = arith.constant dense<{one}> : vector<16x{ty}>",
                 f"%r{i} = xegpu.atomic_rmw {kind} %t{i}, %m, %v{i} : {td}, vector<16xi1>, vector<16x{ty}> "
                 f"-> vector<16x{ty}>",
                 f"%e{i} = xegpu.create_nd_tdesc %d{i}[0] : memref<16x{ty}> -> !xegpu.tensor_desc<16x{ty}>",
                 f"xegpu.store_nd %r{i}, %e{i} : vector<16x{ty}>, !xegpu.tensor_desc<16x{ty}>"]
    lines = "\n    ".join([*prelude(SD)[:2], *body])
    head = f"gpu.module @m {{\n  gpu.func @k({', '.join(args)}) kernel {{\n    "
    return head + lines + "\n    gpu.return\n  }\n}\n"


@pytest.mark.parametrize("device", ["pvc", "acm-g10"])
@pytest.mark.parametrize("slm", [False, True], ids=["global", "slm"])
def test_every_accepted_atomic_compiles_with_igc(device: str, slm: bool, compile_tools: None) -> None:
    """What the atomic table accepts, IGC must compile (it aborted on SLM float add): all
    accepted kinds and types in one kernel; on a failure, each alone, to name the culprits."""
    from genx_emit.api import compile_text
    from genx_emit.toolchain import ToolchainError

    cases = _accepted_atomics(slm)
    assert len(cases) >= (12 if slm else 15)  # the table's kinds x types, not a vacuous loop
    try:
        compile_text(_atomics_kernel(cases, slm), "atomics.mlir", device, "bin")
    except ToolchainError:
        bad = []
        for case in cases:
            try:
                compile_text(_atomics_kernel([case], slm), "atomics.mlir", device, "bin")
            except ToolchainError as e:
                bad.append((case, str(e).splitlines()[0]))
        pytest.fail(f"IGC refuses atomics the emitter accepts on {device}: {bad}")


SCATTER_TYPES = {8: "i8", 16: "f16", 32: "f32", 64: "i64"}
CHUNKS = (1, 2, 3, 4, 8, 16, 32, 64)


def _scatter_kernel(ty: str, slm: bool) -> str:
    """Gather, scatter and prefetch of every chunk size of ``ty`` on 16 lanes, one kernel."""
    body = [*prelude(SD)[:2]]
    args = []
    for c in CHUNKS:
        if ty in ("f16", "bf16", "i16") and c in (3,):
            continue  # odd 16-bit chunks are refused, as upstream's verifier does (test_imex_forms)
        n = 16 * c
        mem = f"memref<{n}x{ty}, 3>" if slm else f"memref<{n}x{ty}>"
        attr = ("memory_space = slm, " if slm else "") + f"chunk_size = {c}"
        shape = f"16x{c}x{ty}" if c > 1 else f"16x{ty}"
        td = f"!xegpu.tensor_desc<{shape}, #xegpu.scatter_tdesc_attr<{attr}>>"
        if slm:
            body.append(f"%b{c} = memref.alloc() : {mem}")
        else:
            args.append(f"%b{c}: {mem}")
        body += [f"%t{c} = xegpu.create_tdesc %b{c}, %o : {mem}, vector<16xindex> -> {td}",
                 f"%v{c} = xegpu.load %t{c}, %m : {td}, vector<16xi1> -> vector<{shape}>",
                 f"xegpu.store %v{c}, %t{c}, %m : vector<{shape}>, {td}, vector<16xi1>",
                 f"xegpu.prefetch %t{c} : {td}"]
    head = f"gpu.module @m {{\n  gpu.func @k({', '.join(args)}) kernel {{\n    "
    return head + "\n    ".join(body) + "\n    gpu.return\n  }\n}\n"


@pytest.mark.parametrize("device", ["pvc", "acm-g10"])
@pytest.mark.parametrize("slm", [False, True], ids=["global", "slm"])
@pytest.mark.parametrize("bits", sorted(SCATTER_TYPES))
def test_every_scattered_shape_compiles_with_igc(bits: int, slm: bool, device: str,
                                                compile_tools: None) -> None:
    """Every chunk size of every element width, gathered, scattered and prefetched, is a module
    IGC compiles for both devices (it aborted on 64-bit chunks of 8 and more)."""
    from genx_emit.api import compile_text

    assert compile_text(_scatter_kernel(SCATTER_TYPES[bits], slm), "scatter.mlir", device, "bin")


# -- contiguous accesses: block messages ------------------------------------------------------
CHUNK4 = "!xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>"
BY4 = "dense<[" + ", ".join(str(4 * i) for i in range(16)) + "]>"


def test_contiguous_chunks_with_every_lane_on_are_block_messages():
    # 16 lanes x 4 f32 at elements 4 * l: bytes [0, 256) of %p, lane-major as the op's [16, 4]
    # layout: one transposed SIMD1 message of 32 D64 units (order 2, data size 4, vector size 32
    # -> 7) at the scalar address, for the load, the store and the prefetch alike
    ll = lower(*prelude(CHUNK4, BY4), f"%v = xegpu.load %t, %m : {CHUNK4}, vector<16xi1> -> vector<16x4xf32>",
               f"xegpu.store %v, %t, %m : vector<16x4xf32>, {CHUNK4}, vector<16xi1>",
               f"xegpu.prefetch %t : {CHUNK4}")
    for kind in ("load", "store", "prefetch"):
        (msg,) = calls(ll, f"lsc.{kind}.stateless")
        assert msg[0] == "i1 true" and msg[6:9] == ["i8 4", "i8 7", "i8 2"], (kind, msg)
        assert msg[10] == "i64 %p", (kind, msg)  # no lane addresses
    assert "%v.v = bitcast <32 x i64> %v to <64 x float>" in ll


def test_block_messages_start_at_the_first_lanes_offset_and_take_dwords_when_so_aligned():
    # elements 4 * l + 1: byte 4 past the 8-byte aligned buffer start, D32 units (64 of them:
    # vector size 64 -> 8)
    offs = "dense<[" + ", ".join(str(4 * i + 1) for i in range(16)) + "]>"
    ll = lower(*prelude(CHUNK4, offs),
               f"%v = xegpu.load %t, %m : {CHUNK4}, vector<16xi1> -> vector<16x4xf32>")
    (msg,) = calls(ll, "lsc.load.stateless")
    assert msg[6:9] == ["i8 3", "i8 8", "i8 2"] and msg[10].startswith("i64 %")
    assert "add i64 %p, 4" in ll


@pytest.mark.parametrize("why, offsets, mask, transpose, td, el", [
    ("a lane off", BY4, PARTIAL, False, CHUNK4, "f32"),
    ("a gap between lanes", "dense<[" + ", ".join(str(5 * i) for i in range(16)) + "]>", "dense<true>", False,
     CHUNK4, "f32"),
    ("the transposed [C, L] layout is not memory order", BY4, "dense<true>", True, CHUNK4, "f32"),
    # f16 pairs at odd elements: bytes 2 + 4 * l, not dword aligned (a transposed message moves
    # whole dwords)
    ("not dword aligned", "dense<[" + ", ".join(str(2 * i + 1) for i in range(16)) + "]>", "dense<true>",
     False, "!xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>", "f16"),
])
def test_accesses_that_are_not_one_aligned_run_with_every_lane_on_stay_gathers(why, offsets, mask, transpose,
                                                                              td, el):
    chunk = 4 if "16x4" in td else 2
    shape = f"{chunk}x16x{el}" if transpose else f"16x{chunk}x{el}"
    attr = " <{transpose}>" if transpose else ""
    mem = f"memref<1024x{el}>"
    ll = lower(*prelude(td, offsets, mask, mem=mem),
               f"%v = xegpu.load %t, %m{attr} : {td}, vector<16xi1> -> vector<{shape}>",
               args=f"%p: {mem}")
    loads = calls(ll, "lsc.load.stateless")
    # lane addresses (16, or 32 when each lane's 4 f32 go as 2 qword lanes), not a scalar one
    assert loads and all(m[8] == "i8 1" and re.match(r"<(16|32) x i64>", m[10]) for m in loads), why


def test_a_later_chunk_element_moves_the_low_dwords_on_dg2_and_the_scalar_base_on_pvc():
    # 16 lanes x 8 f16 at elements 8 * l + 1 (a lane off: gathers; bytes 16 * l + 2, not dword
    # aligned: no wide form), one message per chunk element c at bytes 16 * l + 2 + 2 * c. pvc
    # moves the scalar base (already moved by the smallest offset, 2) by 2 * c (one 64-bit
    # add); DG2, which emulates 64-bit adds, adds 2 + 2 * c to the constant low-dword offsets.
    td = "!xegpu.tensor_desc<16x8xf16, #xegpu.scatter_tdesc_attr<chunk_size = 8>>"
    offs = "dense<[" + ", ".join(str(8 * i + 1) for i in range(16)) + "]>"
    body = (*prelude(td, offs, PARTIAL, mem="memref<1024xf16>"),
            f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x8xf16>")
    pvc = lower(*body, args="%p: memref<1024xf16>")
    assert "%t.base = add i64 %p, 2" in pvc and "%v.m1.base = add i64 %t.base, 2" in pvc
    dg2 = lower(*body, args="%p: memref<1024xf16>", target="dg2")
    low = ", ".join(f"i32 {16 * i + 4}" for i in range(16))
    assert f"%v.m1.addr.alo = add <16 x i32> %v.m1.addr.lov, <{low}>" in dg2
    assert "%v.m1.base" not in dg2 and "add <16 x i64>" not in dg2


def _indexed_by_loaded(mask_bits: bool) -> list[str]:
    """A gather at element offsets loaded from %q (masked to [0, 63] or not), index_cast."""
    qd = "!xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>"
    bits = ["%k = arith.constant dense<63> : vector<16xi32>", "%b = arith.andi %w, %k : vector<16xi32>"] \
        if mask_bits else ["%b = arith.addi %w, %w : vector<16xi32>"]
    return [
        f"%l = arith.constant {STRIDED} : vector<16xindex>",
        "%m = arith.constant dense<true> : vector<16xi1>",
        f"%qt = xegpu.create_tdesc %q, %l : memref<64xi32>, vector<16xindex> -> {qd}",
        f"%w = xegpu.load %qt, %m : {qd}, vector<16xi1> -> vector<16xi32>",
        *bits,
        "%o = arith.index_cast %b : vector<16xi32> to vector<16xindex>",
        f"%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> {SD}",
        LOAD,
    ]


def test_run_time_offsets_known_small_go_to_the_low_dword_on_dg2():
    # (w & 63) * 4 bytes lies in [0, 252]: on DG2 (no 64-bit ALU) the i32 byte offsets are added
    # to the base's low dword and the carries to its high dword; the i64 offsets are not used
    args = "%p: memref<1024xf32>, %q: memref<64xi32>"
    ll = lower(*_indexed_by_loaded(True), args=args, target="dg2")
    assert "%t.bytes32 = mul <16 x i32> %b, <" + ", ".join(["i32 4"] * 16) + ">" in ll
    assert "%t.addr.alo = add <16 x i32> %t.addr.lov, %t.bytes32" in ll
    (_, load) = calls(ll, "lsc.load.stateless")
    assert load[10] == "<16 x i64> %t.addr"
    # an offset that may be negative (w + w of any w) keeps the 64-bit add, as pvc always does
    neg = lower(*_indexed_by_loaded(False), args=args, target="dg2")
    assert "%t.bytes32" not in neg and "%t.addr = add <16 x i64> %t.addr.base, %t.bytes" in neg
    pvc = lower(*_indexed_by_loaded(True), args=args)
    assert "%t.bytes32" not in pvc and "%t.addr = add <16 x i64> %t.addr.base, %t.bytes" in pvc
