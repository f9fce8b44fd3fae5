"""dpas2 / dpas.nosrc0 semantics (genx-reference.md §7) per precision: operand layout (A rows of
8 dwords, B VNNI-packed), exact products of small integers, accumulation, the documented
rounding order, and the limits IGC does not check (repeat 9, depth != 8)."""

from __future__ import annotations

import numpy as np
import pytest

from genx_emit.sim.dpas import decode_info, dpas
from genx_emit.sim.errors import Fault

M, N = 8, 16
BF16, FP16, TF32, U8, S8 = 9, 10, 12, 7, 8


def _bf16_bits(x: np.ndarray) -> np.ndarray:
    return (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def _small(shape, seed: int) -> np.ndarray:
    """Small integers: exact in every precision, so A @ B is exact too."""
    return np.random.default_rng(seed).integers(-3, 4, shape).astype(np.float64)


def _pack_a(a_bits: np.ndarray, ops: int) -> np.ndarray:
    """A [M, K] -> M rows of 8 dwords (K = 8 ops), row-major: k-values in dword order."""
    m = a_bits.shape[0]
    return np.ascontiguousarray(a_bits).reshape(m, -1).view(np.uint32).reshape(m * 8)


def _pack_b(b_bits: np.ndarray, ops: int) -> np.ndarray:
    """B [K, N] -> VNNI: dword (d, n) holds rows d*ops .. d*ops+ops-1 of column n."""
    k, n = b_bits.shape
    v = b_bits.reshape(k // ops, ops, n).transpose(0, 2, 1)  # [d, n, j]
    return np.ascontiguousarray(v).reshape(-1).view(np.uint32)


@pytest.mark.parametrize("prec, conv", [
    (BF16, _bf16_bits),
    (FP16, lambda x: x.astype(np.float16).view(np.uint16)),
])
def test_16_bit_float_gemm_is_exact_on_small_integers(prec: int, conv) -> None:
    a, b, c = _small((M, 16), 1), _small((16, N), 2), _small((M, N), 3)
    out = dpas(c.astype(np.float32).reshape(-1), _pack_b(conv(b), 2), _pack_a(conv(a), 2), prec, prec, 8, 8,
               np.dtype(np.float32), M * N, "t")
    np.testing.assert_array_equal(out.reshape(M, N), a @ b + c)


def test_tf32_uses_one_value_per_dword_and_truncates_the_low_mantissa_bits() -> None:
    a, b = _small((M, 8), 4), _small((8, N), 5)
    a32 = a.astype(np.float32)
    a32.view(np.uint32)[0, 0] |= 0x1FFF  # low 13 bits: ignored by the hardware
    out = dpas(None, _pack_b(b.astype(np.float32), 1), _pack_a(a32, 1), TF32, TF32, 8, 8,
               np.dtype(np.float32), M * N, "t")
    np.testing.assert_array_equal(out.reshape(M, N), a @ b)


def test_int8_signed_and_unsigned() -> None:
    g = np.random.default_rng(6)
    a = g.integers(-128, 128, (M, 32)).astype(np.int8)
    b = g.integers(0, 256, (32, N)).astype(np.uint8)
    acc = g.integers(-1000, 1000, M * N).astype(np.int32)
    out = dpas(acc, _pack_b(b, 4), _pack_a(a, 4), U8, S8, 8, 8, np.dtype(np.int32), M * N, "t")
    ref = a.astype(np.int64) @ b.astype(np.int64) + acc.reshape(M, N)
    np.testing.assert_array_equal(out.reshape(M, N), ref)


def test_repeat_count_and_exec_size_8() -> None:
    a, b = _small((3, 16), 7), _small((16, 8), 8)
    out = dpas(None, _pack_b(_bf16_bits(b), 2), _pack_a(_bf16_bits(a), 2), BF16, BF16, 8, 3,
               np.dtype(np.float32), 3 * 8, "t")
    np.testing.assert_array_equal(out.reshape(3, 8), a @ b)


def test_accumulation_is_sequential_per_depth_step() -> None:
    """acc 1.0 plus eight partial sums of 2^-24: each f32 addition rounds 1 + 2^-24 back to 1
    (ties to even), so the result is 1.0, not the exact 1 + 2^-21 (documented model)."""
    a = np.zeros((M, 16))
    b = np.zeros((16, N))
    a[:, 0::2] = 2.0 ** -12  # only the first value of each dword pair
    b[0::2, :] = 2.0 ** -12
    acc = np.ones(M * N, np.float32)
    out = dpas(acc, _pack_b(_bf16_bits(b), 2), _pack_a(_bf16_bits(a), 2), BF16, BF16, 8, 8,
               np.dtype(np.float32), M * N, "t")
    assert (out == 1.0).all()


def test_half_result_is_rounded_from_f32() -> None:
    a, b = _small((M, 16), 9) / 4, _small((16, N), 10) / 4
    out = dpas(None, _pack_b(_bf16_bits(b), 2), _pack_a(_bf16_bits(a), 2), BF16, BF16, 8, 8,
               np.dtype(np.float16), M * N, "t")
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out.reshape(M, N), (a @ b).astype(np.float16))


@pytest.mark.parametrize("depth, repeat, n, why", [
    (8, 9, 9 * 16, "repeat count 9"),
    (4, 8, 128, "systolic depth 4"),
    (8, 8, 8 * 32, "execution size 32"),
])
def test_limits_igc_does_not_check(depth: int, repeat: int, n: int, why: str) -> None:
    with pytest.raises(Fault, match=why):
        dpas(None, np.zeros(128, np.int32), np.zeros(64, np.int32), BF16, BF16, depth, repeat,
             np.dtype(np.float32), n, "t")


def test_mixed_float_precisions_fault() -> None:
    with pytest.raises(Fault, match="mixed"):
        dpas(None, np.zeros(128, np.int32), np.zeros(64, np.int32), BF16, FP16, 8, 8, np.dtype(np.float32),
             128, "t")


def test_nosrc0_info_word() -> None:
    # 134744329 = 0x08080909: bf16 x bf16, depth 8, repeat 8 (ptr_source_gemm.ll)
    assert decode_info(134744329) == (9, 9, 8, 8)
    assert decode_info(0x08080A0A) == (10, 10, 8, 8)
