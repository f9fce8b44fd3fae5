"""Models of IMEX's subgroup-level kernels (``SG/``): the same host code as their ``SIMT/``
counterparts where the files share it (their inputs and references are reused from there)."""

from __future__ import annotations

import numpy as np

from imex_models import Model
from imex_models.simt import (
    GEMM4K_GRID,
    GEMM4K_T_GRID,
    _col_reduce_out,
    _gemm4k_in,
    _gemm4k_out,
    _gemm256_in,
    _gemm256_out,
    _reduce_in,
    _row_reduce_out,
)

# flash_attention_fwd: Z = H = 2 heads of N_CTX = 4096 rows, D_HEAD = 64; Q, K, V filled with
# 0.625 (fillResource1DF16), Out = 0, sm_scale 0.5; strides of the (Z H N_CTX) x D_HEAD arrays.
# The CPU reference: P = softmax(Q K^T sm_scale) per head (exp2 of log2e-scaled differences),
# P rounded to f16, Out = P V rounded to f16. Work-group (m, hz) computes the 128 rows at
# hz N_CTX + 128 m over all N_CTX keys.
FA_Z, FA_H, FA_N, FA_D, FA_BLOCK_M, FA_BLOCK_N, FA_SCALE = 2, 2, 4096, 64, 128, 64, 0.5


def _fa_in(rng):
    rows = FA_Z * FA_H * FA_N
    qkv = {k: np.full((rows, FA_D), 0.625, np.float16) for k in ("Q", "K", "V")}
    s1, s2 = FA_N * FA_D, FA_N * FA_D * FA_H
    dims = {"q": "zhmk", "k": "zhnk", "v": "zhkn", "o": "zhmn"}  # the kernel's stride names
    steps = (s2, s1, FA_D, 1)
    strides = {f"stride_{t}{d}": v for t, ds in dims.items() for d, v in zip(ds, steps, strict=True)}
    return {**qkv, "Out": np.zeros((rows, FA_D), np.float16), "sm_scale": FA_SCALE, **strides,
            "Z": FA_Z, "H": FA_H, "N_CTX": FA_N, "BLOCK_M": FA_BLOCK_M, "BLOCK_DMODEL": FA_D,
            "BLOCK_N": FA_BLOCK_N}


def _fa_out(a, grid):
    ref = np.zeros((FA_Z * FA_H * FA_N, FA_D), np.float32)
    done = np.zeros(ref.shape, bool)
    for hz in range(grid[1]):
        base = hz * FA_N
        rows = slice(base, base + FA_BLOCK_M * grid[0])
        keys = slice(base, base + FA_N)
        qk = a["Q"][rows].astype(np.float32) @ a["K"][keys].astype(np.float32).T * np.float32(FA_SCALE)
        p = np.exp2((qk - qk.max(axis=1, keepdims=True)) * np.float32(1.442695040888963))
        p = (p / p.sum(axis=1, keepdims=True)).astype(np.float16).astype(np.float32)
        ref[rows] = (p @ a["V"][keys].astype(np.float32)).astype(np.float16)
        done[rows] = True
    return {"Out": (ref, done)}


MODELS = {
    "SG/col_reduce_16x16xf16": Model("reduce_broadcast", _reduce_in((1, 16)), _col_reduce_out),
    "SG/row_reduce_16x16xf16": Model("reduce_broadcast", _reduce_in((16, 16)), _row_reduce_out),
    "SG/simple_gemm": Model("simple_gemm", _gemm256_in, _gemm256_out(False)),
    # B loaded as [n, k] tiles and transposed: the CPU reference multiplies by B^T.
    "SG/simple_gemm_transpose_b": Model("simple_gemm", _gemm256_in, _gemm256_out(True)),
    "SG/gemm_4kx4kx4k_f16_f16_f16": Model(
        "test_kernel", _gemm4k_in(0.0, 1.0), _gemm4k_out(False), grid=GEMM4K_GRID),
    "SG/gemm_4kx4kx4k_transpose_b": Model(
        "test_kernel", _gemm4k_in(-0.5, 0.5), _gemm4k_out(True), grid=GEMM4K_T_GRID),
    "SG/flash_attention_fwd": Model("flash_attention_fwd", _fa_in, _fa_out, grid=(1, 1, 1)),
}
