"""rdregion/wrregion semantics against hand-computed cases, including the GenX LangRef's two
worked examples, run both as pure functions and through kernels (constant regions take the
precomputed-index path, run-time offsets the general one)."""

from __future__ import annotations

import numpy as np
import pytest
from test_sim_kit import run_body, store_words, vec

from genx_emit.sim import SimError
from genx_emit.sim.errors import Fault
from genx_emit.sim.regions import rdregion, region_indices, wrregion

V8 = np.arange(10, 18, dtype=np.int32)  # <8 x i32>: element i holds 10 + i
V30 = np.arange(100, 130, dtype=np.int32)


def test_langref_example_1_read() -> None:
    # <4 x i32> from <8 x i32>, vstride 0, width 4, stride 1, byte offset 12 = element 3
    assert rdregion(V8, 4, 0, 4, 1, np.int16(12)).tolist() == [13, 14, 15, 16]


def test_langref_example_2_read() -> None:
    # <9 x i32> from <30 x i32>: vstride 7, width 3, stride 2, byte offset 32 = element 8:
    # rows start at 8, 15, 22; each takes 3 elements 2 apart. (The LangRef's prose says stride 3,
    # its IR says 2; the IR is what a backend executes.)
    assert rdregion(V30, 9, 7, 3, 2, np.int16(32)).tolist() == [
        108, 110, 112, 115, 117, 119, 122, 124, 126]
    # the prose's stride 3 (the picture): 8, 11, 14 / 15, 18, 21 / 22, 25, 28
    assert rdregion(V30, 9, 7, 3, 3, np.int16(32)).tolist() == [
        108, 111, 114, 115, 118, 121, 122, 125, 128]


def test_langref_examples_write() -> None:
    new4 = np.array([-1, -2, -3, -4], dtype=np.int32)
    assert wrregion(V8, new4, 0, 4, 1, np.int16(12), True).tolist() == [10, 11, 12, -1, -2, -3, -4, 17]
    new9 = -np.arange(1, 10, dtype=np.int32)
    out = wrregion(V30, new9, 7, 3, 2, np.int16(32), True)
    expect = V30.copy()
    expect[[8, 10, 12, 15, 17, 19, 22, 24, 26]] = new9
    assert out.tolist() == expect.tolist()


def test_1d_region_ignores_vstride_and_mask_skips_lanes() -> None:
    assert rdregion(V8, 4, 99, 4, 2, np.int16(0)).tolist() == [10, 12, 14, 16]
    mask = np.array([True, False, True, False])
    out = wrregion(V8, np.zeros(4, np.int32), 0, 4, 1, np.int16(4), mask)
    assert out.tolist() == [10, 0, 12, 0, 14, 15, 16, 17]


def test_stride_0_splats_and_multi_indirect_rows() -> None:
    assert rdregion(V8, 4, 0, 1, 0, np.int16(8)).tolist() == [12, 12, 12, 12]
    # multi-indirect: one byte offset per row (rows of width 2 at elements 6 and 1)
    offs = np.array([24, 4], dtype=np.int16)
    assert rdregion(V8, 4, 0, 2, 1, offs).tolist() == [16, 17, 11, 12]


def test_half_elements_use_byte_offsets() -> None:
    h = np.arange(16, dtype=np.float16)
    assert rdregion(h, 4, 4, 2, 1, np.int16(6)).tolist() == [3, 4, 7, 8]


@pytest.mark.parametrize("args, why", [
    ((V8, 4, 0, 4, 1, np.int16(24)), "outside"),  # elements 6..9 of 8
    ((V8, 4, 0, 4, 1, np.int16(2)), "not a multiple"),
    ((V8, 3, 0, 2, 1, np.int16(0)), "does not divide"),
])
def test_bad_regions_fault(args, why: str) -> None:
    with pytest.raises(Fault, match=why):
        rdregion(*args)


def test_region_indices_2d() -> None:
    assert region_indices(6, 8, 3, 1, 4, 4, 32, "t").tolist() == [1, 2, 3, 9, 10, 11]


def test_langref_example_2_through_a_kernel_constant_and_variable_offset() -> None:
    call = ("<9 x i32> @llvm.genx.rdregioni.v9i32.v30i32.i16(<30 x i32> %src, i32 7, i32 3, i32 2, "
            "{off}, i32 0)")
    expect = [108, 110, 112, 115, 117, 119, 122, 124, 126]
    # constant offset: the precomputed path (result padded to a 16-dword store)
    pad = ("  %rp = shufflevector <9 x i32> %r, <9 x i32> zeroinitializer, <16 x i32> "
           + vec("i32", list(range(9)) + [9] * 7) + "\n")
    for off_text, pre in (("i16 32", ""), ("i16 %off", "  %off = add i16 16, 16\n")):
        body = (f"  %src = add <30 x i32> {vec('i32', range(100, 130))}, zeroinitializer\n{pre}"
                f"  %r = call {call.format(off=off_text)}\n{pad}" + store_words("%rp", 16) + "  ret void\n")
        out = run_body(body, 16, np.int32)
        assert out[:9].tolist() == expect


def test_wrregion_through_a_kernel_with_variable_offset_and_mask() -> None:
    body = (f"  %old = add <8 x i32> {vec('i32', range(10, 18))}, zeroinitializer\n"
            f"  %off = mul i16 4, 3\n"
            f"  %m = icmp ult <4 x i32> {vec('i32', range(4))}, {vec('i32', [3] * 4)}\n"
            f"  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> %old, <4 x i32> "
            f"{vec('i32', [-1, -2, -3, -4])}, i32 0, i32 4, i32 1, i16 %off, i32 0, <4 x i1> %m)\n"
            + store_words("%w", 8) + "  ret void\n")
    assert run_body(body, 8, np.int32).tolist() == [10, 11, 12, -1, -2, -3, 16, 17]


def test_region_out_of_range_is_a_located_error() -> None:
    body = ("  %off = add i16 20, 8\n"
            f"  %src = add <8 x i32> {vec('i32', range(8))}, zeroinitializer\n"
            "  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %src, i32 0, i32 4, "
            "i32 1, i16 %off, i32 0)\n  ret void\n")
    with pytest.raises(SimError) as e:
        run_body(body, 4, np.int32)
    assert "rdregion" in str(e.value) and "outside" in str(e.value)
    assert e.value.loc.line == 10  # the call's line in the generated module
