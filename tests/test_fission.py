"""Accumulator-group loop fission (``lower/transforms/fission.py``): which loops split and how, where the
stores and initial loads go, the run-time overlap check without ``{llvm.noalias}``, and that
both the fissioned loops and the fallback compute the sample's numbers on DG2."""

from __future__ import annotations

import dataclasses
import re

import pytest
from conftest import SAMPLES
from test_sim_samples import CASES, rng

from genx_emit.api import lower_text
from genx_emit.frontend import read_kernels
from genx_emit.lower.transforms.fission import fission
from genx_emit.ops.control import For, If
from genx_emit.ops.model import Func
from genx_emit.ops.nd import LoadNd, StoreNd
from genx_emit.sim import run
from genx_emit.targets import TARGETS

NOALIAS = " {llvm.noalias}"


def _kernel(stem: str, target: str, text: str | None = None) -> Func:
    p = SAMPLES / f"{stem}.mlir"
    (f,) = read_kernels(text if text is not None else p.read_text(), p.name).funcs
    fission(f, TARGETS[target])
    return f


def _carried_vectors(loop: For) -> list[str]:
    return [a.name for a in loop.iter_args if a.type.__class__.__name__ == "VectorType"]


def test_gemm_32x64_splits_on_dg2_by_b_column_block():
    """16 accumulators (256 GRFs of 32 bytes) + the tiles: two loops of 8, each reading the A
    tile and one of the two B loads; each group's 8 stores follow its loop."""
    body = _kernel("gemm_32x64_f16", "dg2").body
    loops = [op for op in body if isinstance(op, For)]
    assert [_carried_vectors(lp) for lp in loops] == [
        [f"%acc{i}{j}_g0" for i in range(4) for j in (0, 1)],
        [f"%acc{i}{j}_g1" for i in range(4) for j in (2, 3)]]
    for n, lp in enumerate(loops):
        loads = [op.result.name for op in lp.body if isinstance(op, LoadNd)]
        assert loads == [f"%va_g{n}", f"%vb{n}_g{n}"]
    first, second = (body.index(lp) for lp in loops)
    between = [op for op in body[first:second] if isinstance(op, StoreNd)]
    assert len(between) == 8 and all(op.value.name.endswith("_g0") for op in between)
    assert not any(isinstance(op, If) for op in body)  # {llvm.noalias}: no run-time check


def test_pvc_and_fitting_loops_are_left_alone():
    for stem, target in [("gemm_32x64_f16", "pvc"), ("wg_gemm_f16", "pvc"), ("gemm_32x32_bf16", "dg2")]:
        body = _kernel(stem, target).body
        assert len([op for op in body if isinstance(op, For)]) == 1, (stem, target)


def test_wg_gemm_loads_each_group_initial_accumulators_before_its_loop():
    """The accumulator starts as a load of C: each loop's four 8x16 tiles are loaded right
    before it, not all 16 before the first loop."""
    body = _kernel("wg_gemm_f16", "dg2").body
    at = [i for i, op in enumerate(body) if isinstance(op, For)]
    assert len(at) == 4
    for n, i in enumerate(at):
        inits = {v for v in body[i].inits if v.type.__class__.__name__ == "VectorType"}
        since = at[n - 1] if n else 0
        loaded = {op.result for op in body[since:i] if isinstance(op, LoadNd)}
        assert len(inits) == 4 and inits <= loaded


def test_a_store_in_the_loop_prevents_fission():
    text = (SAMPLES / "gemm_32x64_f16.mlir").read_text()
    store = "      xegpu.store_nd %d00, %tc_in : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>\n"
    make = ("      %tc_in = xegpu.create_nd_tdesc %c[%m, %n] : memref<256x256xf32> -> "
            "!xegpu.tensor_desc<8x16xf32>\n")
    text = text.replace("      %ta_next =", make + store + "      %ta_next =", 1)
    body = _kernel("gemm_32x64_f16", "dg2", text).body
    assert len([op for op in body if isinstance(op, For)]) == 1


def _without_noalias() -> str:
    text = (SAMPLES / "gemm_32x64_f16.mlir").read_text()
    assert NOALIAS in text
    return text.replace(NOALIAS, "")


def test_without_noalias_a_run_time_check_chooses():
    """Stores before the later loops' loads are exact only if C does not overlap A or B: the
    check compares the byte ranges [base, base + size) of C with A's and B's."""
    body = _kernel("gemm_32x64_f16", "dg2", _without_noalias()).body
    (choice,) = [op for op in body if isinstance(op, If)]
    assert len([op for op in choice.then_body if isinstance(op, For)]) == 2
    assert len([op for op in choice.else_body if isinstance(op, For)]) == 1
    ll = lower_text(_without_noalias(), "gemm_32x64_f16.mlir", target="dg2")
    for m, size in (("a", 131072), ("b", 131072), ("c", 262144)):
        assert f"%fission_{m}_hi = add i64 %{m}, {size}" in ll
    assert "icmp ule i64 %fission_c_hi, %a" in ll and "icmp ule i64 %fission_a_hi, %c" in ll


@pytest.mark.parametrize("path", ["fissioned", "fallback"])
def test_both_paths_compute_the_gemm_on_dg2(path: str):
    """Each side of the run-time choice, taken unconditionally, computes the GEMM."""
    ll = lower_text(_without_noalias(), "gemm_32x64_f16.mlir", target="dg2")
    (cond, then, other), = re.findall(r"br i1 (%fission_apart[.\d]*), label (%\S+), label (%\S+)", ll)
    ll = ll.replace(f"br i1 {cond}, label {then}, label {other}",
                    f"br label {then if path == 'fissioned' else other}")
    case = CASES["gemm_32x64_f16"]
    args = case.make(rng(1))
    out = run(ll, case.kernel, case.grid, args, threads=case.threads, target="dg2")
    case.check(args, out)


def test_no_fission_where_no_store_can_leave_before_the_last_loop():
    """gemm_32x32_bf16 assembles its 8 accumulators into one 32x32 vector for a single store:
    split, every result would stay live to the end, so it is not split even where its loop does
    not fit (a 128-GRF large file here: 112 GRFs less the A tile and a B load, 32 + 32, leave
    three 16-GRF accumulators per loop for gemm_32x64_f16: 6 loops of 3, 3, 2 per B block)."""
    dg2 = TARGETS["dg2"]
    small = dataclasses.replace(dg2, grf_modes=dataclasses.replace(dg2.grf_modes, large=128))
    for stem, loops in (("gemm_32x32_bf16", 1), ("gemm_32x64_f16", 6)):
        p = SAMPLES / f"{stem}.mlir"
        (f,) = read_kernels(p.read_text(), p.name).funcs
        fission(f, small)
        assert len([op for op in f.body if isinstance(op, For)]) == loops, stem
