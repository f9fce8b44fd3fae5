"""memref views, scalar loads/stores and metadata queries in upstream's printed and generic forms:
parsed, verified, lowered, simulated against numpy and compiled for pvc."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import one_kernel
from upstream_kit import assert_compiles, kernel_text, lowered

from genx_emit import sim
from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.mlir.parser import parse_mlir

VIEWS = kernel_text("memref_views.mlir")


def test_views_scalars_and_metadata_compute_right():
    ll, _ = lowered(VIEWS)
    rng = np.random.default_rng(5)
    a = rng.standard_normal((16, 32)).astype(np.float32)
    b = rng.standard_normal((16, 32)).astype(np.float32)
    out = sim.run(ll, "k", (1,), {"ga": a, "gb": b, "gs": np.zeros(4, np.float32), "n": 16})
    want_b = b.copy()
    want_b[2:10, 1:17] = 2 * a[8:16, 16:32]  # subview of A, stored through the pointer of B's view
    np.testing.assert_array_equal(out["gb"], want_b)
    np.testing.assert_array_equal(out["gs"], np.array([0, 0, 0, a[1, 2] + b[0, 5]], np.float32))
    np.testing.assert_array_equal(out["ga"], a)


def test_views_compile_for_pvc(toolchain, tmp_path):
    ll, _ = lowered(VIEWS)
    assert_compiles(toolchain, ll, tmp_path, "memref_views")


def _kernel(*body: str, args: str = "%m: memref<8x16xf32>") -> str:
    return one_kernel(*body, args=args)


def test_generic_forms_parse_to_the_same_ops():
    custom = _kernel(
        "%c = arith.constant 1 : index",
        "%s = memref.subview %m[2, %c] [4, 8] [1, 1] : memref<8x16xf32> to "
        "memref<4x8xf32, strided<[16, 1], offset: ?>>",
        "%r = memref.reinterpret_cast %m to offset: [0], sizes: [128], strides: [1] : "
        "memref<8x16xf32> to memref<128xf32>",
        "%v = memref.load %m[%c, %c] : memref<8x16xf32>",
        "memref.store %v, %r[%c] : memref<128xf32>")
    generic = _kernel(
        "%c = \"arith.constant\"() <{value = 1 : index}> : () -> index",
        "%s = \"memref.subview\"(%m, %c) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, "
        "static_offsets = array<i64: 2, -9223372036854775808>, static_sizes = array<i64: 4, 8>, "
        "static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> "
        "memref<4x8xf32, strided<[16, 1], offset: ?>>",
        "%r = \"memref.reinterpret_cast\"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, "
        "static_offsets = array<i64: 0>, static_sizes = array<i64: 128>, static_strides = array<i64: 1>}> "
        ": (memref<8x16xf32>) -> memref<128xf32>",
        "%v = \"memref.load\"(%m, %c, %c) : (memref<8x16xf32>, index, index) -> f32",
        "\"memref.store\"(%v, %r, %c) : (f32, memref<128xf32>, index) -> ()")
    assert lower_text(custom, "k.mlir") == lower_text(generic, "k.mlir")

    def ops(text):
        (fn,) = parse_mlir(text, "k.mlir").device_functions()
        return [(o.name, len(o.operands), sorted(o.attributes)) for o in fn.regions[0].blocks[0].operations]
    assert ops(custom) == ops(generic)


def test_scalar_load_store_on_slm():
    text = _kernel(
        "%c0 = arith.constant 0 : index",
        "%c3 = arith.constant 3 : index",
        "%slm = memref.alloc() : memref<16xi32, 3>",
        "%v = memref.load %g[%c3] : memref<16xi32>",
        "memref.store %v, %slm[%c3] : memref<16xi32, 3>",
        "gpu.barrier",
        "%w = memref.load %slm[%c3] : memref<16xi32, 3>",
        "%w2 = arith.addi %w, %w : i32",
        "memref.store %w2, %g[%c0] : memref<16xi32>", args="%g: memref<16xi32>")
    ll = lower_text(text, "k.mlir")
    assert "lsc.load.slm" in ll and "lsc.store.slm" in ll
    g = np.arange(16, dtype=np.int32) * 7
    out = sim.run(ll, "k", (1,), {"g": g})
    want = g.copy()
    want[0] = 2 * g[3]
    np.testing.assert_array_equal(out["g"], want)


@pytest.mark.parametrize(("body", "args", "where", "message"), [
    (["%x = memref.cast %m : memref<8x16xf32> to memref<8x16xf16>"], "%m: memref<8x16xf32>", "3:10",
     "memref.cast: the element type changes from f32 to f16"),
    (["%x = memref.cast %m : memref<8x16xf32> to memref<4x16xf32>"], "%m: memref<8x16xf32>", "3:10",
     "memref.cast: 'memref<8x16xf32>' and 'memref<4x16xf32>' have incompatible shapes"),
    (["%c = arith.constant 0 : index",
      "%v = memref.load %m[%c, %c] : memref<?x?xf32, strided<[?, 1], offset: ?>>"],
     "%m: memref<?x?xf32, strided<[?, 1], offset: ?>>", "4:10",
     "memref.load: the strides of 'memref<?x?xf32, strided<[?, 1], offset: ?>>' are dynamic and no view in "
     "the kernel sets them; use a static layout or memref.reinterpret_cast with the strides"),
    (["%c = arith.constant 0 : index", "%v = memref.load %m[%c] : memref<8x16xf32>"], "%m: memref<8x16xf32>",
     "4:10", "memref.load: 'memref<8x16xf32>' needs 2 indices, got 1"),
    (["%x = memref.memory_space_cast %m : memref<8xf32, 3> to memref<8xf32>"], "%m: memref<8xf32, 3>",
     "3:10", "memref.memory_space_cast: 'memref<8xf32, 3>' and 'memref<8xf32>' are in different memories "
     "(global vs SLM); a view cannot move data between them"),
])
def test_errors_are_located(body, args, where, message):
    with pytest.raises(DiagnosticError) as e:
        lower_text(_kernel(*body, args=args), "k.mlir")
    assert (str(e.value.loc), e.value.message) == (f"k.mlir:{where}", message)


VECTOR_LOAD_STORE = _kernel(
    "%c1 = arith.constant 1 : index",
    "%c2 = arith.constant 2 : index",
    "%c4 = arith.constant 4 : index",
    "%row = vector.load %a[%c1, %c4] : memref<8x32xf32>, vector<16xf32>",
    "%blk = vector.load %a[%c2, %c2] : memref<8x32xf32>, vector<3x8xf32>",
    "vector.store %row, %b[%c2, %c4] : memref<8x32xf32>, vector<16xf32>",
    "%twice = arith.addf %blk, %blk : vector<3x8xf32>",
    "vector.store %twice, %b[%c4, %c1] : memref<8x32xf32>, vector<3x8xf32>",
    "%hv = vector.load %h[%c1] {nontemporal = false} : memref<64xf16>, vector<32xf16>",
    "vector.store %hv, %h[%c4] : memref<64xf16>, vector<32xf16>",
    args="%a: memref<8x32xf32>, %b: memref<8x32xf32>, %h: memref<64xf16>")


def test_vector_load_store_in_the_simulator():
    ll, _ = lowered(VECTOR_LOAD_STORE)
    # the contiguous 16 x f32 row is one SIMD1 transposed (block) message each way: D32 (3), 16
    # units (6), transposed (2); the 3x8 block and the f16 run (no provable D32 alignment) gather
    blocks = [line for line in ll.splitlines() if "lsc." in line and "(i1 true," in line and "call" in line]
    assert len(blocks) == 2 and all("i8 3, i8 6, i8 2," in line for line in blocks)
    rng = np.random.default_rng(9)
    a = rng.standard_normal((8, 32)).astype(np.float32)
    b = np.zeros((8, 32), np.float32)
    h = rng.standard_normal(64).astype(np.float16)
    out = sim.run(ll, "k", (1,), {"a": a, "b": b, "h": h})
    want = b.copy()
    want[2, 4:20] = a[1, 4:20]
    want[4:7, 1:9] = 2 * a[2:5, 2:10]
    np.testing.assert_array_equal(out["b"], want)
    wh = h.copy()
    wh[4:36] = h[1:33]
    np.testing.assert_array_equal(out["h"], wh)


def test_vector_load_store_compile_for_pvc(toolchain, tmp_path):
    ll, _ = lowered(VECTOR_LOAD_STORE)
    assert_compiles(toolchain, ll, tmp_path, "vector_load_store")
