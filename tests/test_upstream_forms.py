"""Kernels in upstream MLIR's current XeGPU forms, lowered without edits (our own kernels, written
in those forms): a subgroup GEMM (offsets on the accesses, l1 + l2 hints, memory_space_cast
arguments, unpacked B) and a scattered kernel (vector.step offsets, offset-form load/store), plus
the small ops around them (vector.step, index.castu, xegpu.convert_layout). Simulated against numpy
and compiled for pvc."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import one_kernel
from upstream_kit import assert_compiles, kernel_text, lowered

from genx_emit import sim
from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError

GEMM = kernel_text("sg_gemm_upstream.mlir")
STEP = kernel_text("scatter_step.mlir")


def test_upstream_gemm_computes_right_without_warnings():
    ll, warnings = lowered(GEMM)
    assert warnings == []  # l1 + l2 hints complete to LSC pairs: nothing the user wrote changes
    rng = np.random.default_rng(7)
    a = rng.standard_normal((64, 64)).astype(np.float16)
    b = rng.standard_normal((64, 64)).astype(np.float16)
    c = rng.standard_normal((64, 64)).astype(np.float32)
    out = sim.run(ll, "gemm", (8, 4), {"ga": a, "gb": b, "gc": c})
    a64, b64, c64 = (x.astype(np.float64) for x in (a, b, c))
    ref = c64 + a64 @ b64
    bound = 65 * 2.0**-24 * (abs(c64) + abs(a64) @ abs(b64))  # (K + 1) roundings of f32 at most
    assert (abs(out["gc"] - ref) <= bound).all()


def test_vector_step_scattered_kernel_computes_right():
    ll, warnings = lowered(STEP)
    assert warnings == []
    src = np.arange(512, dtype=np.float32) * 0.5
    out = sim.run(ll, "k", (16,), {"src": src, "dst": np.zeros(256, np.float32)})
    np.testing.assert_array_equal(out["dst"], 2 * src[0::2])
    want = src.copy()
    for g in range(16):  # lanes 0..7 of each group add 1 to src[2 * lane + 1]
        want[2 * (16 * g + np.arange(8)) + 1] += 1
    np.testing.assert_array_equal(out["src"], want)


@pytest.mark.parametrize("name", ["GEMM", "STEP"])
def test_compiles_for_pvc(name, toolchain, tmp_path):
    ll, _ = lowered(globals()[name])
    assert_compiles(toolchain, ll, tmp_path, name.lower())


def _kernel(*body: str, args: str = "%p: memref<64xi32>") -> str:
    return one_kernel(*body, args=args)


SMALL_OPS = [
    "%s = vector.step : vector<16xindex>",
    "%c = arith.constant 7 : index",
    "%u = index.castu %c : index to i32",
    "%v = vector.broadcast %u : i32 to vector<16xi32>",
    "%si = arith.index_cast %s : vector<16xindex> to vector<16xi32>",
    "%w = arith.addi %si, %v : vector<16xi32>",
    "%x = xegpu.convert_layout %w <{input_layout = #xegpu.layout<inst_data = [16]>, "
    "target_layout = #xegpu.layout<inst_data = [8]>}> : vector<16xi32>",
    "%t = xegpu.create_nd_tdesc %p[0] : memref<64xi32> -> !xegpu.tensor_desc<16xi32>",
    "xegpu.store_nd %x, %t : vector<16xi32>, !xegpu.tensor_desc<16xi32>",
]
SMALL_OPS_GENERIC = [
    '%s = "vector.step"() : () -> vector<16xindex>',
    '%c = "arith.constant"() <{value = 7 : index}> : () -> index',
    '%u = "index.castu"(%c) : (index) -> i32',
    "%v = vector.broadcast %u : i32 to vector<16xi32>",
    "%si = arith.index_cast %s : vector<16xindex> to vector<16xi32>",
    "%w = arith.addi %si, %v : vector<16xi32>",
    '%x = "xegpu.convert_layout"(%w) <{input_layout = #xegpu.layout<inst_data = [16]>, '
    'target_layout = #xegpu.layout<inst_data = [8]>}> : (vector<16xi32>) -> vector<16xi32>',
    "%t = xegpu.create_nd_tdesc %p[0] : memref<64xi32> -> !xegpu.tensor_desc<16xi32>",
    "xegpu.store_nd %x, %t : vector<16xi32>, !xegpu.tensor_desc<16xi32>",
]


def test_small_ops_in_custom_and_generic_form():
    ll = lower_text(_kernel(*SMALL_OPS), "k.mlir")
    assert ll == lower_text(_kernel(*SMALL_OPS_GENERIC), "k.mlir")
    out = sim.run(ll, "k", (1,), {"p": np.zeros(64, np.int32)})
    np.testing.assert_array_equal(out["p"][:16], np.arange(16) + 7)
    assert not out["p"][16:].any()


def test_small_ops_compile_for_pvc(toolchain, tmp_path):
    assert_compiles(toolchain, lower_text(_kernel(*SMALL_OPS), "k.mlir"), tmp_path, "small_ops")


def test_index_castu_zero_extends():
    ll = lower_text(_kernel("%c = arith.constant -1 : i32", "%i = index.castu %c : i32 to index",
                            "%j = index.casts %c : i32 to index",
                            "%a = arith.index_cast %i : index to i32",  # keep both used
                            "%b = arith.index_cast %j : index to i32"), "k.mlir")
    assert "zext i32" in ll or "i64 4294967295" in ll  # unsigned: 2^32 - 1, folded or not


def test_atomic_rmw_without_a_bound_result():
    # Upstream kernels often drop the old value: `xegpu.atomic_rmw addf ...` with no `%r =`.
    sd = "!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>"
    ll = lower_text(_kernel(
        "%s = vector.step : vector<16xindex>",
        "%m = arith.constant dense<true> : vector<16xi1>",
        "%v = arith.constant dense<1.5> : vector<16xf32>",
        f"%t = xegpu.create_tdesc %p, %s : memref<64xf32>, vector<16xindex> -> {sd}",
        f"xegpu.atomic_rmw addf %t, %m, %v : {sd}, vector<16xi1>, vector<16xf32> -> vector<16xf32>",
        args="%p: memref<64xf32>"), "k.mlir")
    out = sim.run(ll, "k", (3,), {"p": np.zeros(64, np.float32)})  # three work-groups add 1.5 each
    np.testing.assert_array_equal(out["p"], np.r_[np.full(16, 4.5), np.zeros(48)].astype(np.float32))


@pytest.mark.parametrize("chunk", [3])
def test_odd_16bit_chunk_is_refused_as_upstream_does(chunk):
    td = f"!xegpu.tensor_desc<16x{chunk}xf16, #xegpu.scatter_tdesc_attr<chunk_size = {chunk}>>"
    with pytest.raises(DiagnosticError) as e:
        lower_text(_kernel("%s = vector.step : vector<16xindex>",
                           f"%t = xegpu.create_tdesc %p, %s : memref<256xf16>, vector<16xindex> -> {td}",
                           args="%p: memref<256xf16>"), "k.mlir")
    assert (str(e.value.loc), e.value.message) == (
        "k.mlir:4:10", f"xegpu.create_tdesc: chunk size {chunk} of 16-bit elements must be a multiple of the "
                       "packing factor 2 (elements per 32-bit word)")



AFFINE = kernel_text("affine_apply.mlir")


@pytest.mark.parametrize("n", [0, 7, 12])
def test_affine_apply_floors_as_affine_maps_do(n):
    ll, _ = lowered(AFFINE)
    out = sim.run(ll, "k", (1,), {"p": np.zeros(64, np.int64), "n": n})
    a = n * 16 + 5 - 3
    # floordiv and mod floor (Python's // and %), ceildiv rounds up; -n floordiv 3 is negative
    assert out["p"][:5].tolist() == [a, a // 4, (5 - n) % 7, -((-a) // 4), (-n) // 3]


def test_affine_apply_compiles_for_pvc(toolchain, tmp_path):
    ll, _ = lowered(AFFINE)
    assert_compiles(toolchain, ll, tmp_path, "affine_apply")


@pytest.mark.parametrize(("line", "message"), [
    ("%s = vector.step : vector<4x4xindex>",
     "vector.step: the result must be a 1-D vector of index, got 'vector<4x4xindex>'"),
    ("%s = vector.step : vector<16xf32>",
     "vector.step: the result must be a 1-D vector of index, got 'vector<16xf32>'"),
    ("%a = affine.apply affine_map<(d0) -> (d0 floordiv d0)>(%i)",
     "affine.apply: floordiv needs a positive constant divisor"),
    ("%a = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)",
     "affine.apply: the map takes 2 operands, got 1"),
    ("%a = affine.apply affine_map<(d0) -> (d0, d0)>(%i)",
     "affine.apply: the map 'affine_map<(d0) -> (d0, d0)>' must have exactly one result"),
])
def test_small_op_errors_are_located(line, message):
    with pytest.raises(DiagnosticError) as e:
        lower_text(_kernel(line, args="%i: index"), "k.mlir")
    assert (str(e.value.loc), e.value.message) == ("k.mlir:3:10", message)


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_plain_b_feeding_only_dpas_is_loaded_vnni(target):
    # The 2D load's transform operand (the 9th, "i8 1") is VNNI and no region re-packs B; the
    # numbers are the same as the plain load re-packed in registers (simulated on both targets).
    ll, _ = lowered(GEMM, target)
    if target == "pvc":  # the message fields, read from the scalar form's intrinsic operands
        scalar, _ = lowered(GEMM, target, block2d_form="scalar")
        (b_load,) = [line for line in scalar.splitlines() if line.lstrip().startswith("%b_val = call")]
        assert b_load.split(", ")[8] == "i8 1"
    assert "%b_val.k0" not in ll and "rdregionf.v32f16.v256f16" not in ll
    rng = np.random.default_rng(11)
    a, b = (rng.integers(-3, 4, (64, 64)).astype(np.float16) for _ in range(2))
    out = sim.run(ll, "gemm", (8, 4), {"ga": a, "gb": b, "gc": np.zeros((64, 64), np.float32)}, target=target)
    np.testing.assert_array_equal(out["gc"], a.astype(np.float32) @ b.astype(np.float32))


SHUFFLE = kernel_text("simt_shuffle.mlir")


def _shuffle_want() -> np.ndarray:
    f = np.arange(16)
    x = f ^ 1  # xor 1: lane l takes lane l ^ 1
    ok = f + 2 < 16  # down 2 within width 16: lanes 14, 15 keep their own value, valid = false
    y = np.where(ok, x[np.minimum(f + 2, 15)], x)
    return np.where(ok, y, f).astype(np.float32)


def test_gpu_shuffle_in_a_simt_kernel():
    ll, _ = lowered(SHUFFLE)
    out = sim.run(ll, "k", (1,), {"p": np.zeros(16, np.float32)})
    np.testing.assert_array_equal(out["p"], _shuffle_want())


def test_gpu_shuffle_generic_form_is_the_same():
    generic = SHUFFLE.replace(
        "%x, %ok = gpu.shuffle xor %f, %c1, %c16 : f32",
        '%x, %ok = "gpu.shuffle"(%f, %c1, %c16) <{mode = #gpu<shuffle_mode xor>}> '
        ': (f32, i32, i32) -> (f32, i1)')
    assert generic != SHUFFLE
    assert lowered(generic)[0] == lowered(SHUFFLE)[0]


def test_gpu_shuffle_compiles_for_pvc(toolchain, tmp_path):
    assert_compiles(toolchain, lowered(SHUFFLE)[0], tmp_path, "simt_shuffle")


def test_gpu_shuffle_needs_constant_offsets():
    bad = SHUFFLE.replace("gpu.shuffle xor %f, %c1, %c16", "gpu.shuffle xor %f, %li, %c16")
    with pytest.raises(DiagnosticError) as e:
        lower_text(bad, "k.mlir")
    assert str(e.value.loc) == "k.mlir:10:15"
    assert e.value.message == ("gpu.shuffle: supported on a per-lane scalar with constant offset and width "
                               "(xor, down, up, idx)")
