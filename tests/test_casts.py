"""arith casts: MLIR's rules checked with located errors, and bf16 <-> f64 computed right (bf16
exists only as bits; f64 -> bf16 rounds once, to nearest even, through an f32 rounded to odd)."""

from __future__ import annotations

import numpy as np
import pytest
from test_igc_sweep import unary_kernel

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.sim import run


def kernel(line: str, src: str, dst: str, n: int = 16) -> str:
    """A module whose kernel @k loads ``n`` elements of ``src`` as ``%x``, computes ``%r`` by
    ``line`` (on line 5 of the file) and stores it as ``dst``."""
    return f"gpu.module @m {{\n{unary_kernel('k', src, dst, n, [line])}}}\n"


BAD = [
    ("%r = arith.extf %x : vector<16xbf16> to vector<16xf16>", "bf16", "f16",
     "arith.extf: the result element 'f16' (16 bits) must be wider than the source 'bf16' (16 bits)"),
    ("%r = arith.truncf %x : vector<16xf16> to vector<16xf32>", "f16", "f32",
     "arith.truncf: the result element 'f32' (32 bits) must be narrower than the source 'f16' (16 bits)"),
    ("%r = arith.extsi %x : vector<16xi32> to vector<16xi16>", "i32", "i16",
     "arith.extsi: the result element 'i16' (16 bits) must be wider than the source 'i32' (32 bits)"),
    ("%r = arith.trunci %x : vector<16xf32> to vector<16xi16>", "f32", "i16",
     "arith.trunci: converts integer -> integer, not 'f32' -> 'i16'"),
    ("%r = arith.sitofp %x : vector<16xf32> to vector<16xf16>", "f32", "f16",
     "arith.sitofp: converts integer -> float, not 'f32' -> 'f16'"),
    ("%r = arith.bitcast %x : vector<16xf32> to vector<16xi16>", "f32", "i16",
     "arith.bitcast: the result element 'i16' (16 bits) must be as wide as the source 'f32' (32 bits)"),
    ("%r = arith.index_cast %x : vector<16xi32> to vector<16xi64>", "i32", "i64",
     "arith.index_cast: one side must be index and the other an integer, not 'i32' -> 'i64'"),
]


@pytest.mark.parametrize("line, src, dst, message", BAD,
                         ids=[f"{b[3].split(':')[0]}-{i}" for i, b in enumerate(BAD)])
def test_cast_rules_are_located_errors(line: str, src: str, dst: str, message: str) -> None:
    with pytest.raises(DiagnosticError) as e:
        lower_text(kernel(line, src, dst), "k.mlir")
    assert str(e.value.loc) == "k.mlir:5:10"
    assert e.value.message == message


def test_a_cast_must_keep_the_shape() -> None:
    line = ('%w = "arith.extf"(%x) : (vector<16xf16>) -> vector<8x2xf32>\n'
            "    %r = vector.shape_cast %w : vector<8x2xf32> to vector<16xf32>")
    with pytest.raises(DiagnosticError) as e:
        lower_text(kernel(line, "f16", "f32"), "k.mlir")
    assert str(e.value.loc) == "k.mlir:5:10"
    assert e.value.message == ("arith.extf: 'vector<16xf16>' and 'vector<8x2xf32>' differ in shape; a cast "
                               "is elementwise")


def _all_bf16() -> tuple[np.ndarray, np.ndarray]:
    """Every non-negative finite bf16 value as f64 with its bits, plus +inf standing as 2**128 (the
    next step after the largest, with an even last bit), ascending."""
    bits = np.arange(0, 0x7F81, dtype=np.uint32)
    vals = (bits << 16).view(np.float32).astype(np.float64)
    vals[-1] = 2.0 ** 128
    return vals, bits.astype(np.uint16)


def bf16_rne(x: np.ndarray) -> np.ndarray:
    """f64 -> bf16 bits, round to nearest, ties to even, computed on exact f64 values (no f32)."""
    vals, bits = _all_bf16()
    mag = np.abs(x)
    hi = np.clip(np.searchsorted(vals, mag, side="left"), 1, len(vals) - 1)
    lo = hi - 1
    dlo, dhi = mag - vals[lo], vals[hi] - mag
    pick = np.where(dlo < dhi, lo, np.where(dhi < dlo, hi, np.where(bits[lo] % 2 == 0, lo, hi)))
    pick = np.where(mag == vals[hi], hi, pick)
    out = bits[pick] | np.where(np.signbit(x), np.uint16(0x8000), np.uint16(0))
    return np.where(np.isnan(x), np.uint16(0x7FC0), out).astype(np.uint16)


def _hard_cases(g: np.random.Generator, n: int) -> np.ndarray:
    """Ties between two bf16 values, and values an f64 ulp either side of them: where rounding
    to f32 first and then to bf16 goes wrong."""
    b = (g.integers(0x0080, 0x7F00, n).astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    ulp = np.spacing(b.astype(np.float32)).astype(np.float64) * 2.0 ** 16  # one bf16 step
    tie = b + ulp / 2
    sign = np.where(g.integers(0, 2, n) == 1, -1.0, 1.0)
    return np.tile(sign, 3) * np.concatenate([tie, np.nextafter(tie, 0), np.nextafter(tie, np.inf)])


def test_f64_to_bf16_rounds_once_to_nearest_even() -> None:
    g = np.random.default_rng(11)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e300, -1e300, 1e-300, 3.3895313892515355e38,
                        3.3961775292304e38, 5e-324, 1.0, -1.5])
    spread = g.standard_normal(300) * 10.0 ** g.integers(-40, 40, 300)
    x = np.concatenate([special, _hard_cases(g, 200), spread])
    x = x[: len(x) // 16 * 16]
    text = kernel("%r = arith.truncf %x : vector<16xf64> to vector<16xbf16>", "f64", "bf16")
    out = np.zeros(16, np.uint16)
    got = np.concatenate([run(text, "k", (1,), {"a": x[i:i + 16], "o": out})["o"]
                          for i in range(0, len(x), 16)])
    want = bf16_rne(x)
    wrong = [(v, hex(a), hex(b)) for v, a, b in zip(x, got, want, strict=True) if a != b]
    assert not wrong, wrong[:5]
    # rounding to f32 first would have been wrong on some of these: the test sees the difference
    with np.errstate(over="ignore"):
        f32 = x.astype(np.float32).view(np.uint32)
    f32_first = ((f32 + 0x7FFF + ((f32 >> 16) & 1)) >> 16).astype(np.uint16)
    finite = np.isfinite(x) & (np.abs(x) < 3e38)
    assert (f32_first[finite] != want[finite]).sum() > 10


def test_bf16_to_f64_is_exact() -> None:
    g = np.random.default_rng(12)
    bits = g.integers(0, 0x10000, 64).astype(np.uint16)
    bits = bits[(bits & 0x7F80) != 0x7F80]  # finite
    bits = bits[: len(bits) // 16 * 16]
    text = kernel("%r = arith.extf %x : vector<16xbf16> to vector<16xf64>", "bf16", "f64")
    got = np.concatenate([run(text, "k", (1,), {"a": bits[i:i + 16], "o": np.zeros(16)})["o"]
                          for i in range(0, len(bits), 16)])
    want = (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    np.testing.assert_array_equal(got, want)
