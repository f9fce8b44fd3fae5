"""Every sample kernel, simulated on random inputs and compared with a numpy reference written
from the sample's MLIR semantics (not from the simulator), and the same run on the raw
(``--no-legalize``) lowering compared byte for byte with the legalized one.

Grids are as small as still meaningful: a sample whose full grid is large runs 2x2
work-groups, and the test checks both the tiles they cover and that nothing else changed.

GEMM tolerance: bf16/f16/tf32 inputs are exact in f32 and so are their products (8/11/11-bit
significands); the only error is f32 rounding of the K-term sum, bounded by
(K + 1) * 2^-24 * sum_k |a_ik| |b_kj| (+ |acc|) (Higham's bound for recursive summation, with
one rounding per addition). The reference is computed in f64 from the same exact inputs.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from genx_emit.diagnostics import DiagnosticError
from genx_emit.sim import load_module, run
from genx_emit.sim.reader import Module

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
SENTINEL = -7.0  # what untouched output must still hold


@functools.cache
def lowered(sample: str, legalize: bool = True, target: str = "pvc") -> Module:
    return load_module(SAMPLES / f"{sample}.mlir", legalize=legalize, target=target)


def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def bf16(g: np.random.Generator, shape) -> np.ndarray:
    """Random bf16 values as their uint16 bits (numpy has no bf16)."""
    x = g.standard_normal(shape).astype(np.float32)
    return (x.view(np.uint32) >> 16).astype(np.uint16)


def bf16_to_f64(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def f16(g: np.random.Generator, shape) -> np.ndarray:
    return g.standard_normal(shape).astype(np.float16)


def f32(g: np.random.Generator, shape) -> np.ndarray:
    return g.standard_normal(shape).astype(np.float32)


def tf32(g: np.random.Generator, shape) -> np.ndarray:
    """f32 values exactly representable in tf32 (10-bit mantissa), what DPAS reads."""
    return (f32(g, shape).view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def full(shape, dtype, v=SENTINEL) -> np.ndarray:
    return np.full(shape, v, dtype=dtype)


def assert_gemm(c: np.ndarray, a: np.ndarray, b: np.ndarray, acc: np.ndarray | None = None) -> None:
    """c ~ acc + a @ b within the f32 summation bound (see the module docstring)."""
    k = a.shape[1]
    ref = a @ b + (0 if acc is None else acc)
    bound = (k + 1) * 2.0 ** -24 * (np.abs(a) @ np.abs(b) + (0 if acc is None else np.abs(acc)))
    err = np.abs(c.astype(np.float64) - ref)
    assert (err <= bound + 1e-30).all(), f"max error {err.max()} over bound {bound[err > bound].min()}"


def assert_corner_gemm(c: np.ndarray, a: np.ndarray, b: np.ndarray, acc: np.ndarray | None = None) -> None:
    """c's top-left corner ~ acc + a @ b (a: m x k, b: k x n: the m x n the grid covers); the rest
    of c untouched."""
    m, n = a.shape[0], b.shape[1]
    assert_gemm(c[:m, :n], a, b, acc)
    assert (c[m:] == SENTINEL).all() and (c[:, n:] == SENTINEL).all()


@dataclass
class Case:
    sample: str
    grid: tuple
    make: callable  # rng -> args
    check: callable  # (args, out) -> None
    threads: tuple | int = 1
    kernel: str | None = None
    marks: list = field(default_factory=list)


def _copy_2d(g):
    return {"src": f32(g, (64, 64)), "dst": full((64, 64), np.float32)}


def _gemm_tile_bf16(g):
    return {"a": bf16(g, (8, 16)), "b": bf16(g, (16, 16)), "c": full((8, 16), np.float32)}


def _check_gemm_tile_bf16(a, o):
    assert_gemm(o["c"], bf16_to_f64(a["a"]), bf16_to_f64(a["b"]))


def _gemm_tile_f16_acc(g):
    return {"a": f16(g, (8, 16)), "b": f16(g, (16, 16)), "c": f32(g, (8, 16))}


def _check_gemm_tile_f16_acc(a, o):
    assert_gemm(o["c"], a["a"].astype(np.float64), a["b"].astype(np.float64), a["c"].astype(np.float64))


def _gemm_kloop(g):
    return {"a": f16(g, (256, 256)), "b": f16(g, (256, 256)), "c": full((256, 256), np.float32)}


def _check_gemm_kloop(a, o):
    # grid 2x2 of 4x4 subgroups: tile row 0..7 (rows 0..63), tile column 0..7 (columns 0..127);
    # gemm_32x64_f16 covers the same: grid 2x2 of one 32x64 tile each
    assert_corner_gemm(o["c"], a["a"][:64].astype(np.float64), a["b"][:, :128].astype(np.float64))


def _transpose_load(g):
    return {"src": f32(g, (64, 32)), "dst": full((32, 64), np.float32)}


def _boundary(g):
    return {"src": f32(g, (50, 40)), "dst": full((50, 40), np.float32)}


def _big_tiles(g):
    return {"src": f16(g, (64, 64)), "dst": full((64, 64), np.float16), "srcf": f32(g, (16, 16)),
            "dstf": full((16, 16), np.float32)}


def _check_big_tiles(a, o):
    ref = full((64, 64), np.float16)
    ref[:32, :32] = a["src"][:32, :32]  # the 32x32 tile
    ref[32:] = a["src"][32:]  # the 32x64 tile; dst[0:32, 32:64] is never written
    np.testing.assert_array_equal(o["dst"], ref)
    np.testing.assert_array_equal(o["dstf"], a["srcf"])


def _tf32(g):
    return {"a": tf32(g, (8, 16)), "b": tf32(g, (16, 16)), "c": full((8, 16), np.float32)}


def _check_tf32(a, o):
    assert_gemm(o["c"], a["a"].astype(np.float64), a["b"].astype(np.float64))


def _imex(g):
    return {"a": f16(g, (1024, 1024)), "b": f16(g, (1024, 1024)), "bias_t": f32(g, (1024, 1024)),
            "c": full((1024, 1024), np.float32)}


def _check_imex(a, o):
    # grid 2x2: m = 8 bx (rows 0..15), n = 16 by (columns 0..31); c = a @ b + bias_t^T
    bias = a["bias_t"][:32, :16].T.astype(np.float64)
    assert_corner_gemm(o["c"], a["a"][:16].astype(np.float64), a["b"][:, :32].astype(np.float64), bias)


def _rfc_gemm(g):
    return {"a": f16(g, (128, 128)), "b": f16(g, (128, 128)), "c": full((128, 128), np.float32)}


def _check_rfc_gemm(a, o):
    assert_corner_gemm(o["c"], a["a"][:16].astype(np.float64), a["b"][:, :32].astype(np.float64))


def _nbarrier(g):
    return {"src": f32(g, (16, 16)), "scratch": full((16, 16), np.float32), "dst": full((16, 16), np.float32)}


def _check_nbarrier(a, o):
    s = a["src"]
    total = np.vstack([s[:8] + s[8:], s[8:] + s[:8]])
    np.testing.assert_array_equal(o["dst"], total)
    np.testing.assert_array_equal(o["scratch"], total)


def _fence(g):
    return {"src": f32(g, (8, 16)), "dst": full((8, 16), np.float32)}


def _scatter_gather(g):
    return {"src": f32(g, 256), "dst": full(256, np.float32), "hsrc": f16(g, 64),
            "hdst": full(64, np.float16)}


def _check_scatter_gather(a, o):
    ref = full(256, np.float32)
    ref[:12] = a["src"][0:36:3]  # lanes 12..15 masked off: dst[12..15] keeps its value
    ref[64:128] = a["src"][:64]
    np.testing.assert_array_equal(o["dst"], ref)
    href = full(64, np.float16)
    href[:32] = a["hsrc"][:32]
    np.testing.assert_array_equal(o["hdst"], href)


def _rfc_scatter(g):
    return {"src": f16(g, 256), "dst": full(256, np.float16)}


def _check_rfc_scatter(a, o):
    np.testing.assert_array_equal(o["dst"], np.concatenate([a["src"][:128], a["src"][:128]]))


def _histogram(g):
    # values < 4096, so every per-bin float sum stays exact in f32 whatever the lane order
    return {"data": g.integers(0, 4096, 1000).astype(np.int32), "counts": np.zeros(64, np.int32),
            "sums": np.zeros(64, np.float32)}


def _check_histogram(a, o):
    bins = a["data"] & 63
    np.testing.assert_array_equal(o["counts"], np.bincount(bins, minlength=64))
    np.testing.assert_array_equal(o["sums"], np.bincount(bins, weights=a["data"], minlength=64))


def _gemm32(g):
    return {"a": bf16(g, (256, 256)), "b": bf16(g, (256, 256)), "c": full((256, 256), np.float32)}


def _check_gemm32(a, o):
    # grid 2x2 of 32x32 tiles: rows and columns 0..63
    assert_corner_gemm(o["c"], bf16_to_f64(a["a"][:64]), bf16_to_f64(a["b"][:, :64]))


def _wg_gemm(g):
    return {"a": f16(g, (1024, 1024)), "b": f16(g, (1024, 1024)), "c": f32(g, (1024, 1024))}


def _check_wg_gemm(a, o):
    # grid 2x1 of 256x256 work-group tiles (block_id x picks the rows): C[0:512, 0:256] += A B
    c, c0 = o["c"], a["c"]
    assert_gemm(c[:512, :256], a["a"][:512].astype(np.float64), a["b"][:, :256].astype(np.float64),
                c0[:512, :256].astype(np.float64))
    np.testing.assert_array_equal(c[512:], c0[512:])  # other tiles untouched
    np.testing.assert_array_equal(c[:, 256:], c0[:, 256:])


def _softmax(g):
    return {"in": f16(g, (64, 32)), "out": full((64, 32), np.float16)}


def _check_softmax(a, o):
    x = a["in"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    ref = e / e.sum(axis=1, keepdims=True)
    # f16 rounding of the result (2^-11 relative) dominates the f32 computation's error
    np.testing.assert_allclose(o["out"].astype(np.float64), ref, rtol=2.0 ** -10, atol=2.0 ** -24)


def _wg_softmax(g):
    return {"x": f32(g, (256, 128)) * 3, "y": full((256, 128), np.float32)}


def _check_wg_softmax(a, o):
    # 4 work-groups of 16 subgroups; exp is computed as exp2 in f32 (the simulator rounds the
    # exact value): a few ulps
    x = a["x"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(o["y"], e / e.sum(axis=1, keepdims=True), rtol=1e-5)


def _transpose_vector(g):
    return {"src": f32(g, (32, 32)), "dst": full((32, 32), np.float32), "hsrc": f16(g, (16, 32)),
            "hdst": full((32, 16), np.float16)}


def _check_transpose_vector(a, o):
    np.testing.assert_array_equal(o["dst"], a["src"].T)
    np.testing.assert_array_equal(o["hdst"], a["hsrc"].T)


def _dpas_pair(g):
    return {"a": f16(g, (8, 16)), "b": f16(g, (16, 32)), "c": full((8, 32), np.float16)}


def _check_dpas_pair(a, o):
    aa, bb = a["a"].astype(np.float64), a["b"].astype(np.float64)
    ref = aa @ bb
    # f32 summation bound, then one f16 rounding (half an ulp: 2^-11 relative)
    bound = 17 * 2.0 ** -24 * (np.abs(aa) @ np.abs(bb)) + 2.0 ** -11 * np.abs(ref) + 2.0 ** -25
    err = np.abs(o["c"].astype(np.float64) - ref)
    assert (err <= bound * 1.0001).all()


def _slm(g):
    return {"src": f32(g, 64), "dst": full(64, np.float32), "count": full(16, np.int32)}


def _check_slm(a, o):
    ref = np.concatenate([a["src"][60 - 4 * lane:64 - 4 * lane] for lane in range(16)])
    np.testing.assert_array_equal(o["dst"], ref)
    np.testing.assert_array_equal(o["count"], [16] + [0] * 15)


def _strided(g):
    whole = f16(g, (64, 256))  # one allocation, viewed as left (columns 0..127) and right (128..255)
    return {"left": whole, "dst": full((64, 128), np.float16), "right": whole}


def _check_strided(a, o):
    orig = a["left"]
    np.testing.assert_array_equal(o["dst"], orig[:, :128])
    ref = orig.copy()
    ref[:, 128:] = orig[:, :128] * np.float16(2)
    np.testing.assert_array_equal(o["left"], ref)


def _ptr(g):
    return {"a": bf16(g, (8, 16)), "b": bf16(g, (16, 16)), "c": full((8, 16), np.float32)}


def _simt_gather(g):
    return {"src": f32(g, 64), "dst": full((4, 16), np.float32), "dst2": full(64, np.float32)}


def _check_simt_gather(a, o):
    src = a["src"]
    np.testing.assert_array_equal(o["dst"], src.reshape(16, 4).T)  # t[k][l] = src[4l + k]
    ref = full(64, np.float32)
    ref[:48] = 2 * src[:48]  # lanes 12..15 masked off
    np.testing.assert_array_equal(o["dst2"], ref)


def _simt_gemm(g):
    return {"a": bf16(g, (128, 128)), "b": bf16(g, (128, 128)), "c": full((128, 128), np.float32)}


def _check_simt_gemm(a, o):
    # grid 2x2: m = 8 bx (rows 0..15), n = 16 by (columns 0..31); C = max(A x B, 0)
    c = o["c"]
    aa, bb = bf16_to_f64(a["a"][:16]), bf16_to_f64(a["b"][:, :32])
    ref = aa @ bb
    bound = 129 * 2.0 ** -24 * (np.abs(aa) @ np.abs(bb))
    assert (np.abs(c[:16, :32] - np.maximum(ref, 0)) <= bound).all()  # max(., 0) cannot add error
    assert (c[16:] == SENTINEL).all() and (c[:, 32:] == SENTINEL).all()


def _simt_upstream_gemm(g):
    return {"a": f16(g, (128, 128)), "b": f16(g, (128, 128)), "c": f32(g, (128, 128)), "bias": f32(g, 128)}


def _check_simt_upstream_gemm(a, o):
    # grid 2x2: m = 8 bx (rows 0..15), n = 16 by (columns 0..31); C = 0.5 (C + A x B) + bias
    c = o["c"]
    aa, bb = a["a"][:16].astype(np.float64), a["b"][:, :32].astype(np.float64)
    c0 = a["c"][:16, :32].astype(np.float64)
    ref = 0.5 * (c0 + aa @ bb) + a["bias"][:32].astype(np.float64)
    bound = 130 * 2.0 ** -24 * (np.abs(c0) + np.abs(aa) @ np.abs(bb) + np.abs(a["bias"][:32]))
    assert (np.abs(c[:16, :32] - ref) <= bound).all()
    np.testing.assert_array_equal(c[16:], a["c"][16:])  # other tiles untouched
    np.testing.assert_array_equal(c[:, 32:], a["c"][:, 32:])


def _same(src: str, dst: str, transform=lambda x: x):
    def check(a, o):
        np.testing.assert_array_equal(o[dst], transform(a[src]))
    return check


CASES = {
    "copy_2d": Case("copy_2d", (8, 4), _copy_2d, _same("src", "dst")),
    "gemm_tile_bf16": Case("gemm_tile_bf16", (1,), _gemm_tile_bf16, _check_gemm_tile_bf16),
    "gemm_tile_f16_acc": Case("gemm_tile_f16_acc", (1,), _gemm_tile_f16_acc, _check_gemm_tile_f16_acc),
    "gemm_kloop_f16": Case("gemm_kloop_f16", (2, 2), _gemm_kloop, _check_gemm_kloop, threads=(4, 4)),
    "transpose_load_f32": Case("transpose_load_f32", (4, 4), _transpose_load,
                               _same("src", "dst", np.transpose)),
    "boundary_tile": Case("boundary_tile", (21,), _boundary, _same("src", "dst")),
    "big_tiles_f16": Case("big_tiles_f16", (1,), _big_tiles, _check_big_tiles),
    "tf32_dpas": Case("tf32_dpas", (1,), _tf32, _check_tf32),
    "ptr_source_gemm": Case("ptr_source_gemm", (1,), _ptr, _check_gemm_tile_bf16,
                            kernel="ptr_source_gemm"),
    "ptr_source_gemm_kw": Case("ptr_source_gemm", (1,), _ptr, _check_gemm_tile_bf16,
                               kernel="ptr_source_gemm_kw"),
    "imex_style_gemm": Case("imex_style_gemm", (2, 2), _imex, _check_imex),
    "strided_memref": Case("strided_memref", (8, 4), _strided, _check_strided),
    "rfc_vc_mode_gemm": Case("rfc_vc_mode_gemm", (2, 2), _rfc_gemm, _check_rfc_gemm),
    "nbarrier_producer_consumer": Case("nbarrier_producer_consumer", (1,), _nbarrier, _check_nbarrier,
                                       threads=2, kernel="nbarrier_exchange"),
    "fence_and_hints": Case("fence_and_hints", (1,), _fence, _same("src", "dst"), threads=2),
    "scatter_gather": Case("scatter_gather", (1,), _scatter_gather, _check_scatter_gather),
    "rfc_scatter": Case("rfc_scatter", (1,), _rfc_scatter, _check_rfc_scatter),
    "atomic_histogram": Case("atomic_histogram", (63,), _histogram, _check_histogram),
    "gemm_32x32_bf16": Case("gemm_32x32_bf16", (2, 2), _gemm32, _check_gemm32),
    "gemm_32x64_f16": Case("gemm_32x64_f16", (2, 2), _gemm_kloop, _check_gemm_kloop),
    "softmax_rows": Case("softmax_rows", (8,), _softmax, _check_softmax),
    "wg_softmax_f32": Case("wg_softmax_f32", (4,), _wg_softmax, _check_wg_softmax, threads=16),
    "wg_gemm_f16": Case("wg_gemm_f16", (2, 1), _wg_gemm, _check_wg_gemm, threads=32),
    "transpose_vector": Case("transpose_vector", (4, 2), _transpose_vector, _check_transpose_vector),
    "dpas_pair_store_f16": Case("dpas_pair_store_f16", (1,), _dpas_pair, _check_dpas_pair),
    "slm_roundtrip": Case("slm_roundtrip", (1,), _slm, _check_slm),
    "simt_rfc_dpas": Case("simt_rfc_dpas", (1,), _ptr, _check_gemm_tile_bf16),
    "simt_rfc_gather": Case("simt_rfc_gather", (1,), _simt_gather, _check_simt_gather),
    "simt_gemm": Case("simt_gemm", (2, 2), _simt_gemm, _check_simt_gemm),
    "simt_upstream_gemm": Case("simt_upstream_gemm", (2, 2), _simt_upstream_gemm, _check_simt_upstream_gemm),
}


def _params(with_marks: bool = True):
    """Cases of the samples present (a case may be written ahead of its sample)."""
    return [pytest.param(k, marks=c.marks if with_marks else [], id=k) for k, c in CASES.items()
            if (SAMPLES / f"{c.sample}.mlir").exists()]


def simulate_case(name: str, legalize: bool = True, seed: int = 1, target: str = "pvc"):
    c = CASES[name]
    args = c.make(rng(seed))
    inputs = {k: v.copy() for k, v in args.items()}
    # check_types: every instruction's value must have its LLVM type's numpy form (self-check)
    out = run(lowered(c.sample, legalize, target), c.kernel, c.grid, args, threads=c.threads,
              check_types=legalize and target == "pvc")
    for k, v in args.items():  # run() must not change its inputs
        np.testing.assert_array_equal(v, inputs[k])
    return args, out


def test_every_sample_has_a_case() -> None:
    present = {p.stem for p in SAMPLES.glob("*.mlir")}
    covered = {c.sample for c in CASES.values()} & present
    assert covered == present, f"samples without a numpy reference here: {sorted(present - covered)}"
    kernels = {(c.sample, c.kernel or c.sample) for c in CASES.values()}
    for sample in covered:
        names = {f.name for f in lowered(sample).functions.values()}
        assert {k for s, k in kernels if s == sample} == names, sample


@pytest.mark.parametrize("name", _params())
def test_sample_matches_numpy(name: str) -> None:
    args, out = simulate_case(name)
    CASES[name].check(args, out)


DG2_REJECTS = {"tf32_dpas": "tf32 DPAS", "nbarrier_producer_consumer": "no named barriers",
               "simt_rfc_dpas": "16 lanes", "simt_rfc_gather": "16 lanes", "simt_gemm": "16 lanes",
               "simt_upstream_gemm": "16 lanes"}


@pytest.mark.parametrize("name", _params())
def test_sample_matches_numpy_on_dg2(name: str) -> None:
    """The DG2 lowering (SIMD8 DPAS, 32-byte GRF regions) computes the same results."""
    if name in DG2_REJECTS:
        with pytest.raises(DiagnosticError, match=DG2_REJECTS[name]):
            lowered(CASES[name].sample, True, "dg2")
        return
    args, out = simulate_case(name, target="dg2")
    CASES[name].check(args, out)


@pytest.mark.parametrize("name", _params(with_marks=False))
def test_legalized_and_raw_give_identical_memory(name: str) -> None:
    """Region legalization re-checked end to end: the split accesses move exactly what the raw
    single accesses move, so every output byte is the same."""
    _, legal = simulate_case(name, legalize=True, seed=2)
    _, raw = simulate_case(name, legalize=False, seed=2)
    assert legal.keys() == raw.keys()
    for k in legal:
        assert legal[k].tobytes() == raw[k].tobytes(), k


def test_boundary_tile_drops_writes_outside_the_surface() -> None:
    """The 50x40 surface inside a 56x40 buffer: the overhanging tiles (rows 48..55) must not
    write rows 50..55 although that memory exists (hardware bounds, not a buffer guard)."""
    text = (SAMPLES / "boundary_tile.ll").read_text()
    g = rng(3)
    src = f32(g, (56, 40))
    dst = full((56, 40), np.float32)
    out = run(text, None, 21, {"src": src, "dst": dst})["dst"]
    np.testing.assert_array_equal(out[:50], src[:50])
    assert (out[50:] == SENTINEL).all()


def test_boundary_tile_reads_zero_outside_the_surface() -> None:
    """The bottom-right tile of an 8x16 copy that overhangs: the out-of-surface part of the
    payload is zero, seen by storing the tile to a bigger surface (patched .ll)."""
    text = (SAMPLES / "boundary_tile.ll").read_text()
    # widen only the store's surface (dst) to 56x48 with a 192-byte pitch: the store's header
    # (made from the load's, dead after its send) gets dwords 2..4 (width - 1, height - 1,
    # pitch - 1) rewritten before its base
    line = next(ln for ln in text.splitlines() if "%out.hdr.q = " in ln)
    m = re.fullmatch(r"  %out\.hdr\.q = bitcast <8 x i32> (%[\w.]+) to <4 x i64>", line)
    assert m, line
    wide = (f"  %wide.2 = insertelement <8 x i32> {m.group(1)}, i32 191, i32 2\n"
            "  %wide.3 = insertelement <8 x i32> %wide.2, i32 55, i32 3\n"
            "  %wide.4 = insertelement <8 x i32> %wide.3, i32 191, i32 4\n"
            "  %out.hdr.q = bitcast <8 x i32> %wide.4 to <4 x i64>")
    text = text.replace(line, wide)
    g = rng(4)
    src = f32(g, (50, 40))
    dst = full((56, 48), np.float32)
    out = run(text, None, 21, {"src": src, "dst": dst})["dst"]
    np.testing.assert_array_equal(out[:50, :40], src)
    assert (out[50:, :] == 0).all() and (out[:, 40:] == 0).all()  # zero fill, stored
