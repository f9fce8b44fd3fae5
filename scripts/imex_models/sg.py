"""Models of IMEX's subgroup-level kernels (``SG/``): the same host code as their ``SIMT/``
counterparts where the files share it (their inputs and references are reused from there)."""

from __future__ import annotations

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
}
