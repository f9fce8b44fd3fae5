"""Lane-major chunked gathers/scatters as one wide unit per message lane (lower/ops/scatter.py,
``_wide_plan``): the emitted form, the cases that keep the vector-size-C message, and the
numbers the simulator computes for both forms, masked lanes included.

Operands of lsc.load/store (genx-reference.md section 5): pred, op, L1, L3, scale, imm_offset,
data_size, vector_size, order, chmask, addr[, data], surface. Data size codes: 3 u32, 4 u64;
vector size 1 -> 1, 4 -> 4; order 1 non-transposed. Expected values are worked out by hand.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_scatter import calls, lower, prelude

from genx_emit.sim import run

F32X4 = "!xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>"
SLM_F32X4 = "!xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<memory_space = slm, chunk_size = 4>>"
# lane l at element 8 * l: 32 bytes apart, each lane's 16 bytes 8-byte aligned, a gap between lanes
BY8 = "dense<[" + ", ".join(str(8 * i) for i in range(16)) + "]>"
LAST_OFF = "dense<[" + ", ".join(["true"] * 15 + ["false"]) + "]>"


def _ints(operand: str) -> list[int]:
    """The integers of a constant vector operand text (``<16 x i32> <i32 0, i32 8, ...>``)."""
    body = operand.split("> <", 1)[1].rstrip(">")
    return [int(x.split()[-1]) for x in body.split(",")]


def test_slm_lanes_of_4_f32_are_2_qword_lanes_each_with_the_mask_repeated():
    body = ["%s = memref.alloc() : memref<1024xf32, 3>",
            *prelude(SLM_F32X4, BY8, LAST_OFF, src="%s", mem="memref<1024xf32, 3>"),
            f"%v = xegpu.load %t, %m : {SLM_F32X4}, vector<16xi1> -> vector<16x4xf32>",
            "%w = arith.addf %v, %v : vector<16x4xf32>",
            f"xegpu.store %w, %t, %m : vector<16x4xf32>, {SLM_F32X4}, vector<16xi1>"]
    ll = lower(*body, args="")
    (load,) = calls(ll, "lsc.load.slm")
    (store,) = calls(ll, "lsc.store.slm")
    for msg in (load, store):
        # u64, vector size 1, not transposed: lane 2l + i reads bytes 32 l + 8 i
        assert msg[6:9] == ["i8 4", "i8 1", "i8 1"]
        assert msg[10].startswith("<32 x i32>")
        assert _ints(msg[10]) == [32 * (i // 2) + 8 * (i % 2) for i in range(32)]
        # lane 15 off: message lanes 30 and 31 off
        assert msg[0].startswith("<32 x i1>") and _ints(msg[0]) == [1] * 30 + [0, 0]
    assert "%v.v = bitcast <32 x i64> %v to <64 x float>" in ll
    assert store[11] == "<32 x i64> %st.w.units"
    assert calls(ll, "rdregioni") == [] and calls(ll, "wrregioni") == []  # no transpose


def test_a_run_time_mask_is_read_twice_per_lane():
    qd = "!xegpu.tensor_desc<16xi32>"
    body = [f"%qt = xegpu.create_nd_tdesc %q[0] : memref<16xi32> -> {qd}",
            f"%k = xegpu.load_nd %qt : {qd} -> vector<16xi32>",
            "%z = arith.constant dense<0> : vector<16xi32>",
            "%m = arith.cmpi sgt, %k, %z : vector<16xi32>",
            f"%o = arith.constant {BY8} : vector<16xindex>",
            f"%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> {F32X4}",
            f"%v = xegpu.load %t, %m : {F32X4}, vector<16xi1> -> vector<16x4xf32>"]
    ll = lower(*body, args="%p: memref<1024xf32>, %q: memref<16xi32>", legalize=False)
    assert "%v.pred.w = zext <16 x i1> %m to <16 x i16>" in ll
    (rep,) = calls(ll, "rdregioni")
    assert rep[0] == "<16 x i16> %v.pred.w" and rep[1:4] == ["i32 1", "i32 2", "i32 0"]  # <1;2,0>
    assert "%v.pred = icmp ne <32 x i16> %v.pred.rep, zeroinitializer" in ll
    (_, load) = calls(ll, "lsc.load.stateless")  # after the block load of %q
    assert load[0] == "<32 x i1> %v.pred" and load[6:8] == ["i8 4", "i8 1"]


def test_16_bit_pairs_are_one_dword_per_lane():
    # 16 lanes x 2 f16 at elements 4 l: each lane's 4 bytes one dword (u32), no containers
    td = "!xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>"
    offs = "dense<[" + ", ".join(str(4 * i) for i in range(16)) + "]>"
    ll = lower(*prelude(td, offs, LAST_OFF, mem="memref<1024xf16>"),
               f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x2xf16>",
               "%w = arith.addf %v, %v : vector<16x2xf16>",
               f"xegpu.store %w, %t, %m : vector<16x2xf16>, {td}, vector<16xi1>",
               args="%p: memref<1024xf16>")
    (load,) = calls(ll, "lsc.load.stateless")
    (store,) = calls(ll, "lsc.store.stateless")
    for msg in (load, store):
        assert msg[6:8] == ["i8 3", "i8 1"] and msg[10].startswith("<16 x i64>")
    assert "trunc" not in ll and "zext" not in ll


def _group_lanes(lanes: int, per: int) -> list[str]:
    """Run-time offsets (block_id x * lanes + l) * per: multiples of ``per`` elements."""
    return ["%bx = gpu.block_id x", f"%cl = arith.constant {lanes} : index",
            "%b0 = arith.muli %bx, %cl : index",
            f"%st = vector.step : vector<{lanes}xindex>",
            f"%bv = vector.broadcast %b0 : index to vector<{lanes}xindex>",
            f"%ln = arith.addi %st, %bv : vector<{lanes}xindex>",
            f"%sc = arith.constant dense<{per}> : vector<{lanes}xindex>",
            f"%o = arith.muli %ln, %sc : vector<{lanes}xindex>"]


def test_run_time_offsets_known_multiples_of_the_unit():
    # global 16 x 2 f32 at elements 2 (16 bx + l): 8-byte multiples, one qword per lane: the
    # descriptor's own lane addresses
    td = "!xegpu.tensor_desc<16x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>"
    ll = lower(*_group_lanes(16, 2), "%m = arith.constant dense<true> : vector<16xi1>",
               f"%t = xegpu.create_tdesc %p, %o : memref<1024xf32>, vector<16xindex> -> {td}",
               f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x2xf32>")
    (load,) = calls(ll, "lsc.load.stateless")
    assert load[6:8] == ["i8 4", "i8 1"] and load[10] == "<16 x i64> %t.addr"
    # elements 2 (16 bx + l) + 1: only 4-byte multiples, and dword lanes would be 32 global
    # 64-bit addresses built at run time: the vector-size-2 message
    ll = lower(*_group_lanes(16, 2), "%one = arith.constant dense<1> : vector<16xindex>",
               "%o1 = arith.addi %o, %one : vector<16xindex>",
               "%m = arith.constant dense<true> : vector<16xi1>",
               f"%t = xegpu.create_tdesc %p, %o1 : memref<1024xf32>, vector<16xindex> -> {td}",
               f"%v = xegpu.load %t, %m : {td}, vector<16xi1> -> vector<16x2xf32>")
    (load,) = calls(ll, "lsc.load.stateless")
    assert load[6:8] == ["i8 3", "i8 2"]
    # SLM 16 x 4 f32 at elements 8 (16 bx + l): 2 qword lanes per lane, the lane offsets read
    # twice each (<1;2,0>) plus 0 and 8 bytes
    ll = lower("%s = memref.alloc() : memref<1024xf32, 3>", *_group_lanes(16, 8),
               "%m = arith.constant dense<true> : vector<16xi1>",
               f"%t = xegpu.create_tdesc %s, %o : memref<1024xf32, 3>, vector<16xindex> -> {SLM_F32X4}",
               f"%v = xegpu.load %t, %m : {SLM_F32X4}, vector<16xi1> -> vector<16x4xf32>",
               args="", legalize=False)
    (load,) = calls(ll, "lsc.load.slm")
    assert load[6:8] == ["i8 4", "i8 1"] and load[10] == "<32 x i32> %v.addr"
    (rep,) = [r for r in calls(ll, "rdregioni") if r[0] == "<16 x i32> %t.addr"]
    assert rep[1:4] == ["i32 1", "i32 2", "i32 0"]
    assert "%v.addr = add <32 x i32> %v.addr.rep, <" + ", ".join(["i32 0, i32 8"] * 16) + ">" in ll


# (why, lanes, chunk, element, offsets, target, extra ops): accesses that keep the vector-size-C
# message (its lane addresses are one per access lane)
KEEP = [
    ("chunk starts not 8-byte aligned (bytes 32 l + 4); dword lanes would be 64",
     16, 4, "f32", [8 * i + 1 for i in range(16)], "pvc", "add"),
    ("64 qword lanes exceed the LSC's 32", 32, 4, "f32", [8 * i for i in range(32)], "pvc", "add"),
    ("DG2 has 16 LSC lanes", 16, 4, "f32", [8 * i for i in range(16)], "dg2", "add"),
    ("DG2 builds 64-bit addresses from dword halves: 2 per lane cost more than they save",
     8, 4, "f32", [8 * i for i in range(8)], "dg2", "add"),
    ("4 qword lanes per lane in global memory cost a data move more", 8, 8, "f32",
     [16 * i for i in range(8)], "pvc", "add"),
    ("a gather only stored again sends its payload as it came", 16, 4, "f32", [8 * i for i in range(16)],
     "pvc", "copy"),
]


@pytest.mark.parametrize("why, lanes, chunk, el, offsets, target, use", KEEP, ids=[k[0][:30] for k in KEEP])
def test_accesses_that_keep_the_vector_size_c_message(why, lanes, chunk, el, offsets, target, use):
    td = f"!xegpu.tensor_desc<{lanes}x{chunk}x{el}, #xegpu.scatter_tdesc_attr<chunk_size = {chunk}>>"
    vt = f"vector<{lanes}x{chunk}x{el}>"
    mask = "dense<[" + ", ".join(["true"] * (lanes - 1) + ["false"]) + "]>"
    value = "%w" if use == "add" else "%v"
    ll = lower(*prelude(td, "dense<[" + ", ".join(map(str, offsets)) + "]>", mask, lanes=lanes,
                        mem="memref<1024xf32>"),
               f"%v = xegpu.load %t, %m : {td}, vector<{lanes}xi1> -> {vt}",
               *([f"%w = arith.addf %v, %v : {vt}"] if use == "add" else []),
               f"xegpu.store {value}, %t, %m : {vt}, {td}, vector<{lanes}xi1>",
               target=target)
    msgs = calls(ll, "lsc.load.stateless") + calls(ll, "lsc.store.stateless")
    assert msgs, why
    for msg in msgs:
        assert msg[6] == "i8 3" and msg[7] != "i8 1", why  # u32 with a vector size
        assert int(msg[10].split(" x ")[0].lstrip("<")) <= lanes, why


# -- numbers --------------------------------------------------------------------------------
def _roundtrip(slm: bool, offsets: list[int], runtime_mask: bool) -> str:
    """dst[o_l + k] = (2 src[o_l + k])^2 for each lane l on (k < 4), through a chunked gather and
    a chunked scatter; through SLM, 2 src[o_l + k]: src gathered, doubled, scattered into SLM,
    gathered back, halved, doubled and scattered to dst. The mask: the lanes whose ``keep`` word is > 0
    (run-time), or every lane but 3 and 12 (constant)."""
    td = SLM_F32X4 if slm else F32X4
    if offsets is GROUPED:  # the same lanes as ALIGNED, computed at run time (block 0)
        lines = _group_lanes(16, 8)
    else:
        lines = [f"%o = arith.constant dense<[{', '.join(map(str, offsets))}]> : vector<16xindex>"]
    if runtime_mask:
        lines += ["%qt = xegpu.create_nd_tdesc %keep[0] : memref<16xi32> -> !xegpu.tensor_desc<16xi32>",
                  "%kv = xegpu.load_nd %qt : !xegpu.tensor_desc<16xi32> -> vector<16xi32>",
                  "%z = arith.constant dense<0> : vector<16xi32>",
                  "%m = arith.cmpi sgt, %kv, %z : vector<16xi32>"]
    else:
        bits = ["false" if i in (3, 12) else "true" for i in range(16)]
        lines.append(f"%m = arith.constant dense<[{', '.join(bits)}]> : vector<16xi1>")
    lines += [f"%ts = xegpu.create_tdesc %src, %o : memref<256xf32>, vector<16xindex> -> {F32X4}",
              f"%td = xegpu.create_tdesc %dst, %o : memref<256xf32>, vector<16xindex> -> {F32X4}",
              f"%a = xegpu.load %ts, %m : {F32X4}, vector<16xi1> -> vector<16x4xf32>"]
    if slm:
        lines += ["%s = memref.alloc() : memref<256xf32, 3>",
                  f"%tl = xegpu.create_tdesc %s, %o : memref<256xf32, 3>, vector<16xindex> -> {td}",
                  "%a2 = arith.addf %a, %a : vector<16x4xf32>",
                  f"xegpu.store %a2, %tl, %m : vector<16x4xf32>, {td}, vector<16xi1>",
                  f"%b = xegpu.load %tl, %m : {td}, vector<16xi1> -> vector<16x4xf32>",
                  "%h = arith.constant dense<0.5> : vector<16x4xf32>",
                  "%v = arith.mulf %b, %h : vector<16x4xf32>"]
    else:
        lines.append("%v = arith.addf %a, %a : vector<16x4xf32>")
    lines.append(f"%w = arith.{'addf' if slm else 'mulf'} %v, %v : vector<16x4xf32>")
    lines.append(f"xegpu.store %w, %td, %m : vector<16x4xf32>, {F32X4}, vector<16xi1>")
    body = "\n    ".join(lines)
    return ("gpu.module @m {\n  gpu.func @k(%src: memref<256xf32>, %dst: memref<256xf32>, "
            f"%keep: memref<16xi32>) kernel {{\n    {body}\n    gpu.return\n  }}\n}}\n")


ALIGNED = [8 * i for i in range(16)]  # the wide form (qword lanes)
GROUPED = [8 * i for i in range(16)]  # the same, from run-time arithmetic
UNALIGNED = [8 * i + 1 for i in range(16)]  # the vector-size-4 message and its transposes


@pytest.mark.parametrize("slm", [False, True], ids=["global", "slm"])
@pytest.mark.parametrize("offsets", [ALIGNED, GROUPED, UNALIGNED], ids=["wide", "run-time-offsets", "vector"])
@pytest.mark.parametrize("runtime_mask", [False, True], ids=["const-mask", "run-time-mask"])
def test_both_forms_compute_the_same_numbers(slm: bool, offsets: list[int], runtime_mask: bool) -> None:
    from genx_emit.api import lower_text

    text = _roundtrip(slm, offsets, runtime_mask)
    ll = lower_text(text, "k.mlir", "pvc")
    # the form under test: global run-time offsets take 2 qword lanes per lane only in SLM
    wide = bool(re.search(r"lsc\.load\.(slm|stateless)\.v32i64", ll))
    assert wide == (offsets is ALIGNED or (offsets is GROUPED and slm)), "the form under test"
    g = np.random.default_rng(7)
    src = g.standard_normal(256).astype(np.float32)
    keep = np.where(g.random(16) < 0.7, 1, -1).astype(np.int32)
    keep[[0, 5]] = (1, -1)  # at least one lane on and one off
    on = keep > 0 if runtime_mask else np.array([i not in (3, 12) for i in range(16)])
    out = run(text, None, 1, {"src": src, "dst": np.full(256, -7.0, np.float32), "keep": keep})["dst"]
    ref = np.full(256, -7.0, np.float32)
    for lane, o in enumerate(offsets):
        if on[lane]:
            x = 2 * src[o:o + 4]
            ref[o:o + 4] = x if slm else x * x
    np.testing.assert_array_equal(out, ref)


@pytest.mark.parametrize("device", ["pvc", "acm-g10"])
@pytest.mark.parametrize("slm", [False, True], ids=["global", "slm"])
@pytest.mark.parametrize("offsets", [ALIGNED, GROUPED], ids=["wide", "run-time-offsets"])
def test_the_wide_forms_compile_with_igc(device: str, slm: bool, offsets: list[int],
                                         compile_tools: None) -> None:
    """The wide messages, their repeated run-time mask (an i16 region of stride 0) and repeated
    run-time SLM offsets are modules IGC compiles for both devices."""
    from genx_emit.api import compile_text

    assert compile_text(_roundtrip(slm, offsets, True), "wide.mlir", device, "bin")
