"""Models of IMEX's lane-level kernels (``SIMT/``). One subgroup of 16 lanes unless a file says
otherwise; a ``gpu.alloc``'d output the kernel writes only in part is taken as zero-filled (the
files' CHECK lines print zeros there)."""

from __future__ import annotations

import numpy as np

from imex_models import Model

LANES = np.arange(16)


def _fill(shape, value, dtype=np.float32):
    return np.full(shape, value, dtype)


# loadstore_nd: rows 0..3 of the lane's column become subgroup id, lane id, number of subgroups,
# subgroup size; the rest is the loaded 11.
def _nd_in(rng):
    return {"src": _fill((8, 16), 11, np.int32), "dst": np.zeros((8, 16), np.int32)}


def _nd_out(a, grid):
    out = _fill((8, 16), 11, np.int32)
    out[0], out[1], out[2], out[3] = 0, LANES, 1, 16
    return {"dst": (out, ...)}


# loadstore_nd_prefetch: row 0 becomes the lane id, the rest is the loaded 11.
def _prefetch_in(rng):
    return {"src": _fill((8, 16), 11, np.float16), "dst": np.zeros((8, 16), np.float16)}


def _prefetch_out(a, grid):
    out = _fill((8, 16), 11, np.float16)
    out[0] = LANES
    return {"dst": (out, ...)}


# loadstore_nd_update_offset: rows 0..7 of src (11.11; rows 8..15 are never written by main) are
# loaded, row 0 replaced by the lane id, the tile stored at rows 0 and 8.
def _update_in(rng):
    src = _fill((16, 16), -7.0)  # main fills only rows 0..7; the rest is never read
    src[:8] = 11.11
    return {"src": src, "dst": np.zeros((16, 16), np.float32)}


def _update_out(a, grid):
    tile = _fill((8, 16), 11.11)
    tile[0] = LANES
    return {"dst": (np.concatenate([tile, tile]), ...)}


def _scatter_in(rng):
    return {"src": _fill(128, 11.11), "dst": np.zeros(128, np.float32)}


# chunk size 1: lane l stores float(l) at dst[l].
def _chunk1_out(a, grid):
    out = np.zeros(128, np.float32)
    out[:16] = LANES
    return {"dst": (out, ...)}


# chunk size 1 at offsets 2 * l: lane l stores float(l) at dst[2 l].
def _chunk1_noncontig_out(a, grid):
    out = np.zeros(128, np.float32)
    out[0:32:2] = LANES
    return {"dst": (out, ...)}


# chunk size 2 at offsets 2 * l: lane l loads src[2 l], src[2 l + 1], replaces the first by l.
def _chunk2_out(a, grid):
    out = np.zeros(128, np.float32)
    out[0:32:2] = LANES
    out[1:32:2] = 11.11
    return {"dst": (out, ...)}


# loadstore_scatter_chunk_size_1_update_offset: lane l stores float(l) at dst[l] and dst[l + 16].
def _scatter_update_offset_out(a, grid):
    out = np.zeros(128, np.float32)
    out[:16] = out[16:32] = LANES
    return {"dst": (out, ...)}


# loadstore_nd_dpas: A[i, j] = i, B[i, j] = j, C = 0; C = A @ B.
def _dpas_in(rng):
    a = np.repeat(np.arange(8, dtype=np.float16)[:, None], 16, axis=1)
    b = np.repeat(np.arange(16, dtype=np.float16)[None, :], 16, axis=0)
    return {"a": a, "b": b, "c": np.zeros((8, 16), np.float32)}


def _dpas_out(a, grid):
    return {"c": (a["a"].astype(np.float32) @ a["b"].astype(np.float32), ...)}


# col/row_reduce_16x16xf16: integers in [0, 5) (fillResource1DRandomF16 with gen_int), so the
# f16 sums are exact; the CPU reference reduces each column / row.
def _reduce_in(shape):
    def inputs(rng):
        return {"in": rng.integers(0, 5, (16, 16)).astype(np.float16), "c": np.zeros(shape, np.float16)}
    return inputs


def _col_reduce_out(a, grid):
    return {"c": (a["in"].astype(np.float32).sum(axis=0)[None, :], ...)}


def _row_reduce_out(a, grid):
    rows = a["in"].astype(np.float32).sum(axis=1)
    return {"c": (np.repeat(rows[:, None], 16, axis=1), ...)}


# simple_gemm: A, B random in (-0.5, 0.5), C = 0; C = A @ B (f32 accumulate). Work-group (x, y)
# computes the 8x16 tile at rows 8 x, columns 16 y.
def _gemm256_in(rng):
    return {"a": rng.uniform(-0.5, 0.5, (256, 256)).astype(np.float16),
            "b": rng.uniform(-0.5, 0.5, (256, 256)).astype(np.float16),
            "c": np.zeros((256, 256), np.float32)}


def _gemm256_out(b_transposed: bool):
    def expect(a, grid):
        bm = a["b"].astype(np.float32)
        ref = a["a"].astype(np.float32) @ (bm.T if b_transposed else bm)
        return {"c": (ref, (slice(0, 8 * grid[0]), slice(0, 16 * grid[1])))}
    return expect


# gemm_4kx4kx4k: A, B random in [0, 1) (f16 transpose_b: in (-0.5, 0.5)), C (f16) = 0; C = A @ B,
# or A @ B^T with B stored transposed. Each work-group of 32 subgroups computes a 256x256 tile of
# C over all of K = 4096; a slice of work-groups is run and its tiles compared.
WG_TILE = 256
N4K = 4096


def _gemm4k_in(lo: float, hi: float):
    def inputs(rng):
        return {"A": rng.uniform(lo, hi, (N4K, N4K)).astype(np.float16),
                "B": rng.uniform(lo, hi, (N4K, N4K)).astype(np.float16),
                "C": np.zeros((N4K, N4K), np.float16)}
    return inputs


def _gemm4k_out(b_transposed: bool):
    def expect(a, grid):
        rows, cols = WG_TILE * grid[0], WG_TILE * grid[1]
        am = a["A"][:rows].astype(np.float32)
        bm = (a["B"][:cols].T if b_transposed else a["B"][:, :cols]).astype(np.float32)
        ref = np.zeros((N4K, N4K), np.float32)
        ref[:rows, :cols] = am @ bm
        return {"C": (ref, (slice(0, rows), slice(0, cols)))}
    return expect


GEMM4K_GRID = (1, 2, 1)  # two work-groups along y: the column offsets from the block id count
GEMM4K_T_GRID = (1, 1, 1)  # the transposed-B loads are slow in the simulator

MODELS = {
    "SIMT/loadstore_nd": Model("load_store_2d", _nd_in, _nd_out),
    "SIMT/loadstore_nd_prefetch": Model("load_store_2d", _prefetch_in, _prefetch_out),
    "SIMT/loadstore_nd_update_offset": Model("load_store_2d", _update_in, _update_out),
    "SIMT/loadstore_nd_dpas": Model("load_store_2d_dpas", _dpas_in, _dpas_out),
    "SIMT/loadstore_scatter_chunk_size_1": Model("load_store_2d", _scatter_in, _chunk1_out),
    "SIMT/loadstore_scatter_chunk_size_1_non_contig_offsets": Model(
        "load_store_2d", _scatter_in, _chunk1_noncontig_out),
    "SIMT/loadstore_scatter_chunk_size_1_update_offset": Model(
        "load_store_2d", _scatter_in, _scatter_update_offset_out),
    "SIMT/loadstore_scatter_chunk_size_2": Model("load_store_2d", _scatter_in, _chunk2_out),
    "SIMT/col_reduce_16x16xf16": Model("col_reduce", _reduce_in((1, 16)), _col_reduce_out),
    "SIMT/row_reduce_16x16xf16": Model("row_reduce", _reduce_in((16, 16)), _row_reduce_out),
    "SIMT/simple_gemm": Model("simple_gemm", _gemm256_in, _gemm256_out(False)),
    "SIMT/gemm_4kx4kx4k_f16_f16_f16": Model(
        "test_kernel", _gemm4k_in(0.0, 1.0), _gemm4k_out(False), grid=GEMM4K_GRID),
    "SIMT/gemm_4kx4kx4k_transpose_b": Model(
        "test_kernel", _gemm4k_in(-0.5, 0.5), _gemm4k_out(True), grid=GEMM4K_T_GRID),
}
