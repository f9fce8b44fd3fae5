"""The DPAS column-block layout of accumulator chains (``lower/ops/dpas.py``, chosen in
``lower/analysis/consumers.py``): which values take it, that it computes the same numbers on pvc and dg2,
and (real toolchain) that a K loop of one dpas wider than the native DPAS copies no accumulator
column block around it."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES
from test_sim_samples import _check_gemm32, _gemm32, rng

from genx_emit.api import compile_stats
from genx_emit.frontend import read_kernels
from genx_emit.lower.analysis.consumers import analyse
from genx_emit.lower.ops.dpas import pieces
from genx_emit.sim import run
from genx_emit.targets import TARGETS

KLOOP = Path(__file__).parent / "inputs" / "dpas_layout" / "kloop_32x32_dpas.mlir"


def _blocked(path: Path, target: str) -> set[str]:
    (f,) = read_kernels(path.read_text(), path.name).funcs
    return {v.name for v in analyse(f, TARGETS[target]).blocked_acc}


def test_pieces_are_column_blocks_one_after_another():
    # 16x16 on dg2 (8-row repeat, 8 columns): the column block 0 rows 0-7, 8-15, then block 1
    assert pieces(16, 16, 8, 8) == [(0, 8, 0, 0), (8, 8, 0, 64), (0, 8, 8, 128), (8, 8, 8, 192)]


def test_which_values_take_the_layout():
    # dg2: every 8x16 accumulator of the K loop (iter_arg and dpas result), not the loop results
    names = _blocked(SAMPLES / "gemm_32x32_bf16.mlir", "dg2")
    assert names == {f"%{p}{i}{j}" for p in ("acc", "d") for i in range(4) for j in range(2)}
    # pvc: N = 16 is the native width, nothing to block; a 32x32 dpas is wider
    assert _blocked(SAMPLES / "gemm_32x32_bf16.mlir", "pvc") == set()
    assert _blocked(KLOOP, "pvc") == {"%acc", "%d"}
    # a dpas result stored (not an accumulator) keeps the row-major layout
    assert _blocked(SAMPLES / "gemm_tile_bf16.mlir", "dg2") == set()


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_kloop_of_one_wide_dpas_computes_the_gemm(target: str):
    args = _gemm32(rng(3))
    out = run(KLOOP, None, (2, 2), args, target=target)
    _check_gemm32(args, out)


@pytest.mark.parametrize("device", ["pvc", "acm-g10"])
def test_kloop_of_one_wide_dpas_copies_no_accumulator(compile_tools, device: str):
    """pvc: 228 loop instructions, 161 data movs and 33 spill instructions when the 32x32
    accumulator's 8x16 blocks were copied around each dpas; now the loop has none of them (the
    one data mov left copies a 2D message header). acm-g10: 918 loop instructions, 456 data
    movs, 466 spill instructions before; the loop's data movs are now B's VNNI build (64) and
    14 address-vector moves, and 24 spill instructions remain after the loop, where the 128-GRF
    accumulator is converted back to row-major for its store (both forms live at once)."""
    (s,) = compile_stats(KLOOP.read_text(), KLOOP.name, device)
    if device == "pvc":
        assert s.spill == 0 and (s.loop_dpas, s.loop_dmov) == (8, 1) and s.loop_instr <= 30, s
    else:
        assert s.spill <= 24 and s.loop_dpas == 16 and s.loop_dmov <= 78, s
