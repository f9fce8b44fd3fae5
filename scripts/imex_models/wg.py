"""Models of IMEX's work-group-level kernels (``WG/``).

Random fills (``fillResource1DRandomF16/F32`` on the host's range) are drawn on a grid of binary
fractions where that makes the host's reference exact: a GEMM whose f16 inputs are multiples of
1/16 has products that are multiples of 1/256, and K = 4096 of them sum exactly in f32 in any
order, so its model is compared exactly (``EXACT``) rather than with the host's loose
``printAllclose`` (which passes a sum of 4096 products around 1000 that lost one). Where the kernel
itself rounds (``math.exp``, a softmax, an f16 ``truncf`` of an inexact sum), the tolerance is the
one the host's ``printAllcloseF16/F32`` applies (``HOST``: |got - ref| <= 1e-4 + 1e-3 |ref|).
"""

from __future__ import annotations

import numpy as np

from imex_models import Model

HOST = {"rtol": 1e-3, "atol": 1e-4}  # IMEX's printAllclose
EXACT = {"rtol": 0.0, "atol": 0.0}  # the reference is exact in the kernel's arithmetic


def _random(rng, shape, lo: float, hi: float, step: float, dtype) -> np.ndarray:
    """Uniform values in [lo, hi) on a grid of ``step`` (a power of two)."""
    n = round((hi - lo) / step)
    return (lo + step * rng.integers(0, n, size=shape)).astype(dtype)


def _f32(x) -> np.ndarray:
    return np.asarray(x, np.float32)


# -- elementwise (one 256x256 work-group; the host launches two kernels, with and without fastmath)

def _maximumf_in(rng):
    return {"input1_gpu": rng.uniform(-0.5, 0.5, (256, 256)).astype(np.float32),
            "input2_gpu": rng.uniform(-0.5, 0.5, (256, 256)).astype(np.float32),
            "result_gpu": np.zeros((256, 256), np.float32)}


def _maximumf_out(a, grid):
    return {"result_gpu": (np.maximum(a["input1_gpu"], a["input2_gpu"]), ...)}


def _exp_in(src: str, dst: str):
    def inputs(rng):
        return {src: rng.uniform(-0.5, 0.5, (256, 256)).astype(np.float32),
                dst: np.zeros((256, 256), np.float32)}
    return inputs


def _exp_out(src: str, dst: str):
    def expect(a, grid):
        return {dst: (_f32(np.exp(a[src].astype(np.float64))), ...)}
    return expect


# -- reductions (fixed data the host writes)

def _rows_i(rows: int, cols: int):
    """main: src[i, j] = i, dst = 0."""
    def inputs(rng):
        return {"src": np.repeat(np.arange(rows, dtype=np.float32)[:, None], cols, axis=1),
                "dst": np.zeros(128, np.float32)}
    return inputs


def _row_sums_out(a, grid):
    # the kernel reads src as 8 rows of 256 and sums each row; dst[8:] keeps the host's zeros
    out = np.zeros(128, np.float32)
    out[:8] = a["src"][:8].sum(axis=1)
    return {"dst": (out, ...)}


def _col_sums_out(a, grid):
    # the kernel reads the first 1024 elements as 32x32 and sums the columns: 0 + 1 + .. + 31
    out = np.zeros(128, np.float32)
    out[:32] = a["src"].reshape(-1)[:1024].reshape(32, 32).sum(axis=0)
    return {"dst": (out, ...)}


def _scalar_in(rng):
    return {"arg0": np.ones((4, 1, 1024), np.float32), "arg1": np.zeros((4, 1, 1), np.float32)}


def _scalar_out(a, grid):
    # work-group y sums its 1024-element row and divides by 1024 (the CHECK lines: four 1s)
    return {"arg1": (a["arg0"].sum(axis=2, keepdims=True) / 1024, ...)}


def _ones_3d_in(rng):
    return {"src": np.ones(65536, np.float32), "dst": np.zeros(256, np.float32)}


def _ones_3d_out(a, grid):
    # every offset of the 1x256x256 gather is 0: the sum is 65536 * src[0] (CHECK: [65536)
    out = np.zeros(256, np.float32)
    out[0] = 65536 * a["src"][0]
    return {"dst": (out, ...)}


def _post_op_in(rng):
    return {"arg0": np.ones((4, 1024, 1024), np.float32), "arg1": np.zeros((4, 1024, 1), np.float32)}


def _post_op_out(a, grid):
    # Work-group 0 (the host launches one) takes rows 28 k + {0, 1} of batch 0 for k < 37 and
    # stores each row's mean (sum / 1024). The file's CHECK ("[1024") only matches the printed
    # strides; the mean of the host's all-ones rows is 1.
    out = a["arg1"].copy()
    rows = np.array([28 * k + d for k in range(37) for d in (0, 1)])
    out[0, rows, 0] = a["arg0"][0, rows].astype(np.float64).sum(axis=1) / 1024
    return {"arg1": (out, ...)}


def _mean_in(rng):
    # host: uniform in [-1, 1); on a 2^-10 grid the 64-element sums and their /64 are exact
    return {"arg0": _random(rng, (1, 24, 1024, 64), -1.0, 1.0, 2.0**-10, np.float32),
            "arg1": np.zeros((1, 24, 1024, 1), np.float32)}


def _mean_out(a, grid):
    # work-group (h, y) writes the means of rows 16 y .. 16 y + 15 of head h
    gx, gy = grid[0], grid[1]
    ref = a["arg0"].astype(np.float64).sum(axis=3, keepdims=True) / 64
    return {"arg1": (ref, np.s_[:, :gx, :16 * gy, :])}


def _softmax_in(rng):
    return {"arg0": rng.uniform(-0.5, 0.5, (1024, 512)).astype(np.float32),
            "arg1": np.zeros((1024, 512), np.float32)}


def _softmax_out(a, grid):
    # cpu_reference: exp(x - row max) / row sum; work-group x owns rows 64 x .. 64 x + 63
    x = a["arg0"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return {"arg1": (e / e.sum(axis=1, keepdims=True), np.s_[:64 * grid[0]])}


# -- GEMMs

def _simple_gemm_in(rng):
    # A[i, j] = j, B = identity, C = 0
    return {"A": np.tile(np.arange(256, dtype=np.float16), (256, 1)),
            "B": np.eye(256, dtype=np.float16),
            "C": np.zeros((256, 256), np.float32)}


def _simple_gemm_out(a, grid):
    return {"C": (a["A"].astype(np.float64) @ a["B"].astype(np.float64), ...)}


def _gemm_in(lo: float, hi: float, c_dtype, names=("A", "B", "C"), bias: str | None = None):
    """Random f16 A and B on the host's range (a 1/16 grid), C = 0 (and a random f32 bias)."""
    def inputs(rng):
        out = {names[0]: _random(rng, (4096, 4096), lo, hi, 1 / 16, np.float16),
               names[1]: _random(rng, (4096, 4096), lo, hi, 1 / 16, np.float16),
               names[2]: np.zeros((4096, 4096), c_dtype)}
        if bias:
            out[bias] = _random(rng, 4096, lo, hi, 1 / 16, np.float32)
        return out
    return inputs


def _gemm_out(names=("A", "B", "C"), tile=(256, 256), ta: bool = False, tb: bool = False,
              bias: str | None = None):
    """C = A @ B (A and B transposed where the host transposes them for its reference), on the
    tiles the launched slice computes: work-group (x, y) writes rows tile[0] x.., columns
    tile[1] y.. (plus bias[column])."""
    def expect(a, grid):
        m, n = tile[0] * grid[0], tile[1] * grid[1]
        A = a[names[0]].astype(np.float64)
        B = a[names[1]].astype(np.float64)
        lhs = A[:, :m].T if ta else A[:m]
        rhs = B[:n].T if tb else B[:, :n]
        c = lhs @ rhs
        if bias:
            c = c + a[bias][:n].astype(np.float64)
        dst = a[names[2]]
        ref = np.zeros(dst.shape, dst.dtype)
        ref[:m, :n] = c  # the kernel's own rounding of an exact sum
        return {names[2]: (ref, np.s_[:m, :n])}
    return expect


def _fixed_gemm_in(rng):
    # fillResource1DF16: A = 2, B = 3; C = 0
    return {"arg0": np.full((4096, 4096), 2, np.float16), "arg1": np.full((4096, 4096), 3, np.float16),
            "arg2": np.zeros((4096, 4096), np.float16)}


# -- flash attention

_FA = {"Z": 2, "H": 2, "N_CTX": 4096, "D_HEAD": 64}


def _fa_in(rng):
    z, h, n, d = _FA["Z"], _FA["H"], _FA["N_CTX"], _FA["D_HEAD"]
    rows = z * h * n
    s1, s2 = n * d, n * d * h  # gpu_impl's stride_1, stride_2
    out = {"Q": np.full((rows, d), 0.625, np.float16), "K": np.full((rows, d), 0.625, np.float16),
           "V": np.full((rows, d), 0.625, np.float16), "Out": np.zeros((rows, d), np.float16),
           "sm_scale": 0.5, "Z": z, "H": h, "N_CTX": n, "BLOCK_M": 128, "BLOCK_DMODEL": d,
           "BLOCK_N": 64}
    for t, (m, k) in {"q": "mk", "k": "nk", "v": "kn", "o": "mn"}.items():
        out.update({f"stride_{t}z": s2, f"stride_{t}h": s1, f"stride_{t}{m}": d, f"stride_{t}{k}": 1})
    return out


def _attention(q, k, v, scale: float, exp2: bool, p_f16: bool) -> np.ndarray:
    """The hosts' cpu_impl for some query rows against all keys of their head, in f32."""
    qk = (q.astype(np.float32) @ k.astype(np.float32).T) * np.float32(scale)
    t = qk - qk.max(axis=1, keepdims=True)
    p = np.exp2(t * np.float32(1.442695040888963)) if exp2 else np.exp(t)
    p = p / p.sum(axis=1, keepdims=True)
    if p_f16:
        p = p.astype(np.float16).astype(np.float32)
    return (p @ v.astype(np.float32)).astype(np.float16)


def _fa_out(a, grid):
    # work-group (x, y) writes query rows 128 x .. 128 x + 127 of head y (rows y N_CTX + ..)
    n = _FA["N_CTX"]
    ref = np.zeros(a["Out"].shape, np.float16)
    where = np.zeros(a["Out"].shape, bool)
    for hz in range(grid[1]):
        rows = np.s_[hz * n: hz * n + 128 * grid[0]]
        keys = np.s_[hz * n: (hz + 1) * n]
        ref[rows] = _attention(a["Q"][rows], a["K"][keys], a["V"][keys], 0.5, True, True)
        where[rows] = True
    return {"Out": (ref, where)}


def _fa_ov_in(n: int):
    def inputs(rng):
        shape = (16, n, 64)
        return {"Q": rng.uniform(-1, 1, shape).astype(np.float16),
                "K": rng.uniform(-1, 1, shape).astype(np.float16),
                "V": rng.uniform(-1, 1, shape).astype(np.float16),
                "Out": np.zeros(shape, np.float16)}
    return inputs


def _fa_ov_out(a, grid):
    # work-group (x, y): batch-head x, query rows 128 y .. 128 y + 127; scale 0.350097656
    ref = np.zeros(a["Out"].shape, np.float16)
    where = np.zeros(a["Out"].shape, bool)
    for bh in range(grid[0]):
        rows = np.s_[bh, :128 * grid[1]]
        ref[rows] = _attention(a["Q"][rows], a["K"][bh], a["V"][bh], 0.350097656, False, False)
        where[rows] = True
    return {"Out": (ref, where)}


# -- the non_exec_* files: the RUN line only lowers them; their host function launches the kernel
# and carries the test its runner would do (``habana_runner.tests``: splat inputs, expected
# outputs, a tolerance), whose values are the models' inputs.

def _splats(spec: dict[str, tuple[tuple[int, ...], object, float]]):
    def inputs(rng):
        return {name: np.full(shape, value, dtype) for name, (shape, dtype, value) in spec.items()}
    return inputs


def _bf16_bits(x) -> np.ndarray:
    """bf16 bits of values bf16 holds exactly (the top half of their f32 bits)."""
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint16)


_B = (32, 2, 192)


def _ne1_out(a, grid):  # min(2, 3) = 2
    return {"arg2": (np.minimum(a["arg0"], a["arg1"]), ...)}


def _ne2_out(a, grid):  # cos(-2 + 2) = 1 (tolerance 1e-2) on the 50 elements the mask keeps
    return {"arg2": (_f32(np.cos(a["arg0"].astype(np.float64) + a["arg1"])), ...)}


def _ne3_out(a, grid):  # f16 24 + 6.10156 (then to f32), 5 + 2, and their sum: 30.1, 7, 37.1 (+-0.1)
    h = (a["arg0"] + a["arg1"]).astype(np.float32)
    f = a["arg2"] + a["arg3"]
    return {"arg4": (h, ...), "arg5": (f, ...), "arg6": (h + f, ...)}


def _ne4_out(a, grid):  # a 192-vector broadcast over 32x2 rows plus the tensor: 8 + 2 = 10
    return {"arg2": (a["arg0"] + a["arg1"], ...)}


def _ne5_out(a, grid):  # the one f32 broadcast to 32x2x192: 1
    return {"arg1": (np.full(_B, a["arg0"][0], np.float32), ...)}


def _ne6_out(a, grid):  # f16 24 + 6.10156 = 30.0938
    return {"arg2": (a["arg0"] + a["arg1"], ...)}


def _bf16_out(a, grid):  # bf16 1 + 2 = 3
    return {"arg2": (np.full((16, 16), _bf16_bits(3.0)[()], np.uint16), ...)}


MODELS = {
    "WG/arith_maximumf": (
        Model("gpu_maximumf", _maximumf_in, _maximumf_out, **EXACT),
        Model("gpu_maximumf_with_fastmath", _maximumf_in, _maximumf_out, **EXACT)),
    "WG/math_exp": (
        Model("gpu_exp", _exp_in("input_gpu", "result_gpu"), _exp_out("input_gpu", "result_gpu"), **HOST),
        Model("gpu_exp_with_fastmath",
              _exp_in("input_gpu_with_fast_math", "result_gpu_with_fastmath"),
              _exp_out("input_gpu_with_fast_math", "result_gpu_with_fastmath"), **HOST)),
    "WG/reduction_2D_1D_cross_sg_cross_lane": Model(
        "cross_sg_cross_lane_2D_1D", _rows_i(8, 256), _row_sums_out, **EXACT),
    "WG/reduction_2D_1D_cross_sg_sub_size_cross_lane": Model(
        "cross_sg_sub_size_cross_lane_2D_1D", _rows_i(8, 256), _row_sums_out, **EXACT),
    "WG/reduction_2D_1D_cross_sg_intra_lane": Model(
        "cross_sg_intra_lane_2D_1D", _rows_i(128, 32), _col_sums_out, **EXACT),
    "WG/reduction_2D_scalar_cross_sg_intra_lane": Model(
        "cross_sg_intra_lane_2D_scalar", _scalar_in, _scalar_out, **EXACT),
    "WG/reduction_3D_1D_cross_sg_intra_lane": Model(
        "cross_sg_intra_lane_3D_1D", _ones_3d_in, _ones_3d_out, **EXACT),
    "WG/reduction_3D_1D_cross_sg_sub_size_cross_lane": Model(
        "cross_sg_sub_size_cross_lane_3D_1D", _ones_3d_in, _ones_3d_out, **EXACT),
    "WG/reduction_3D_1D_cross_sg_intra_lane_post_op": Model(
        "cross_sg_intra_lane_post_op_3D_1D", _post_op_in, _post_op_out, **EXACT),
    "WG/reduction_4D_3D_mean_intra_sg_intra_lane": Model(
        "mean", _mean_in, _mean_out, grid=(24, 4), **EXACT),
    "WG/softmax_intra_sg_cross_lane": Model("main_kernel", _softmax_in, _softmax_out, **HOST),
    "WG/simple_gemm": Model("test_kernel", _simple_gemm_in, _simple_gemm_out, **EXACT),
    "WG/simple_gemm_4kx4kx4k_f16_f16_f16": Model(
        "main_kernel", _fixed_gemm_in, _gemm_out(("arg0", "arg1", "arg2"), (64, 128)),
        grid=(2, 2), **EXACT),
    "WG/gemm_4kx4kx4k_f16_f16_f16": Model(
        "test_kernel", _gemm_in(0.0, 1.0, np.float16), _gemm_out(), grid=(2, 2), **EXACT),
    "WG/gemm_4kx4kx4k_f16_f16_f32": Model(
        "test_kernel", _gemm_in(0.0, 1.0, np.float32), _gemm_out(), grid=(2, 2), **EXACT),
    "WG/gemm_4kx4kx4k_f16_f16_f32_bias": Model(
        "test_kernel", _gemm_in(0.0, 1.0, np.float32, ("arg2", "arg3", "arg1"), "arg0"),
        _gemm_out(("arg2", "arg3", "arg1"), bias="arg0"), grid=(2, 2), **EXACT),
    "WG/gemm_4kx4kx4k_f16_f16_f32_bias_large_GRF": Model(
        "test_kernel", _gemm_in(0.0, 1.0, np.float32, ("arg2", "arg3", "arg1"), "arg0"),
        _gemm_out(("arg2", "arg3", "arg1"), bias="arg0"), grid=(2, 2), **EXACT),
    "WG/gemm_4kx4kx4k_transpose_a": Model(
        "main_kernel", _gemm_in(-0.5, 0.5, np.float32, ("arg0", "arg1", "arg2")),
        _gemm_out(("arg0", "arg1", "arg2"), ta=True), grid=(2, 2), **EXACT),
    "WG/gemm_4kx4kx4k_transpose_b": Model(
        "test_kernel", _gemm_in(-0.5, 0.5, np.float32), _gemm_out(tb=True), grid=(2, 2), **EXACT),
    "WG/flash_attention_fwd": Model("flash_attention_fwd", _fa_in, _fa_out, grid=(1, 1), **HOST),
    "WG/flash_attention_fwd_ov_with_arrray_len_1k": Model(
        "entry_kernel", _fa_ov_in(1024), _fa_ov_out, grid=(2, 2), **HOST),
    "WG/flash_attention_fwd_ov_with_arrray_len_4k": Model(
        "entry_kernel", _fa_ov_in(4096), _fa_ov_out, grid=(1, 1), **HOST),
    "WG/non_exec_non_gemm_1": Model("main_kernel", _splats(
        {"arg0": (_B, np.float32, 2.0), "arg1": (_B, np.float32, 3.0), "arg2": (_B, np.float32, 0.0)}),
        _ne1_out, **EXACT),
    "WG/non_exec_non_gemm_2": Model("unaligned", _splats(
        {"arg0": ((50,), np.float32, -2.0), "arg1": ((50,), np.float32, 2.0),
         "arg2": ((50,), np.float32, 0.0)}), _ne2_out, rtol=0.0, atol=1e-2),
    "WG/non_exec_non_gemm_3": Model("multiple_ops", _splats(
        {"arg0": ((2, 8, 256), np.float16, 24.0), "arg1": ((2, 8, 256), np.float16, 6.10156),
         "arg2": ((2, 8, 256), np.float32, 5.0), "arg3": ((2, 8, 256), np.float32, 2.0),
         **{f"arg{i}": ((2, 8, 256), np.float32, 0.0) for i in (4, 5, 6)}}), _ne3_out, **EXACT),
    "WG/non_exec_non_gemm_4": Model("broadcast", _splats(
        {"arg0": ((192,), np.float32, 8.0), "arg1": (_B, np.float32, 2.0), "arg2": (_B, np.float32, 0.0)}),
        _ne4_out, **EXACT),
    "WG/non_exec_non_gemm_5": Model("broadcast_32x2x192", _splats(
        {"arg0": ((1,), np.float32, 1.0), "arg1": (_B, np.float32, 0.0)}), _ne5_out, **EXACT),
    "WG/non_exec_non_gemm_6": Model("single_op", _splats(
        {"arg0": ((256,), np.float16, 24.0), "arg1": ((256,), np.float16, 6.10156),
         "arg2": ((256,), np.float16, 0.0)}), _ne6_out, **EXACT),
    "WG/non_exec_non_gemm_bf16": Model("main_kernel", _splats(
        {"arg0": ((16, 16), np.uint16, _bf16_bits(1.0)), "arg1": ((16, 16), np.uint16, _bf16_bits(2.0)),
         "arg2": ((16, 16), np.uint16, 0)}), _bf16_out, **EXACT),
}
