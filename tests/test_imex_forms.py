"""Kernels in the forms Intel IMEX's XeGPU integration tests write (our own kernels, written to
those forms): dynamic-offset memrefs, transposed 16-bit loads with the packed [N, M, 2] result,
bf16 arithmetic. Each is lowered, run in the simulator against numpy, and compiled for pvc."""

from __future__ import annotations

import numpy as np
import pytest
from upstream_kit import assert_compiles, kernel_text, lowered

from genx_emit import sim

DYNAMIC_OFFSET = kernel_text("dynamic_offset.mlir")


def test_dynamic_offset_memref_is_its_data_address():
    # A dynamic-offset memref argument is the address of its first element (README).
    ll, _ = lowered(DYNAMIC_OFFSET)
    rng = np.random.default_rng(1)
    a = rng.standard_normal((8, 32)).astype(np.float32)
    out = sim.run(ll, "k", (2,), {"a": a, "b": np.zeros((8, 32), np.float32), "h": 8, "w": 32, "pitch": 32})
    np.testing.assert_array_equal(out["b"], a + a)


TRANSPOSED_B = kernel_text("transposed_b_packed.mlir")


def test_transposed_16bit_load_with_packed_result_feeds_dpas_as_b():
    # B is stored transposed ([N, K]); the 32-bit transposed load gives the VNNI [K/2, N, 2] operand.
    ll, _ = lowered(TRANSPOSED_B)
    rng = np.random.default_rng(2)
    a = rng.integers(-3, 4, (8, 16)).astype(np.float16)
    bt = rng.integers(-3, 4, (16, 16)).astype(np.float16)  # bt[n, k] = B[k, n]
    out = sim.run(ll, "k", (1,), {"a": a, "bt": bt, "c": np.zeros((8, 16), np.float32)})
    np.testing.assert_array_equal(out["c"], a.astype(np.float32) @ bt.T.astype(np.float32))


def test_packed_transposed_shape_must_match_the_tile():
    from genx_emit.api import lower_text
    from genx_emit.diagnostics import DiagnosticError

    bad = TRANSPOSED_B.replace("-> vector<8x16x2xf16>", "-> vector<16x8x2xf16>").replace(
        "vector<8x16x2xf16>, vector<8x16xf32>", "vector<16x8x2xf16>, vector<8x16xf32>")
    with pytest.raises(DiagnosticError) as e:
        lower_text(bad, "k.mlir")
    assert str(e.value.loc) == "k.mlir:6:11"
    assert "expected [8, 32] or [8, 16, 2]" in e.value.message


BF16 = kernel_text("bf16_arith.mlir")


def _bf16(x: np.ndarray) -> np.ndarray:
    """f32 -> bf16 bits (uint16), round to nearest even (no NaN in these inputs)."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def _f32(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def test_bf16_arithmetic_is_computed_in_f32_and_rounded():
    ll, _ = lowered(BF16)
    rng = np.random.default_rng(3)
    a = _bf16(rng.standard_normal((8, 32)))
    b = _bf16(rng.standard_normal((8, 32)))
    out = sim.run(ll, "k", (1,), {"a": a, "b": b, "c": np.zeros((8, 32), np.uint16),
                                  "d": np.zeros((8, 32), np.int8)})
    s = _f32(_bf16(_f32(a) + _f32(b)))  # each op rounds to bf16, as MLIR's bf16 ops do
    p = _f32(_bf16(s * _f32(a)))
    want = _bf16(np.maximum(p, _f32(b)))
    np.testing.assert_array_equal(out["c"], want)
    np.testing.assert_array_equal(out["d"], (_f32(a) < _f32(b)).astype(np.int8))


@pytest.mark.parametrize("name", ["DYNAMIC_OFFSET", "TRANSPOSED_B", "BF16"])
def test_compiles_for_pvc(name, toolchain, tmp_path):
    ll, _ = lowered(globals()[name])
    assert_compiles(toolchain, ll, tmp_path, name.lower())
