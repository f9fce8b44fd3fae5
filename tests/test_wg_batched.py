"""Batched (3-D) dpas at workgroup level: upstream's GEMM with a leading batch dimension, one 2-D
dpas grid per batch plane; simulated against numpy, compiled for pvc without spills, and the
layouts it cannot take refused where the dpas is."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import compile_without_scratch

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.sim import run

PATH = Path(__file__).parent / "inputs" / "wg" / "batched_gemm_f16.mlir"
TEXT = PATH.read_text()


# without inst_data a subgroup holds whole pieces (2 batches deep): cut into planes, then dpas blocks
NO_INST = TEXT.replace(", inst_data = [1, 8, 16]", "").replace(", inst_data = [1, 16, 16]", "")


@pytest.mark.parametrize("text", [TEXT, NO_INST], ids=["inst_data", "no_inst_data"])
def test_each_batch_is_its_own_gemm(text):
    assert "inst_data" not in NO_INST
    rng = np.random.default_rng(5)
    a = rng.integers(-3, 4, (2, 32, 64)).astype(np.float16)
    b = rng.integers(-3, 4, (2, 64, 32)).astype(np.float16)
    c = np.full((2, 32, 32), -1.0, np.float32)
    out = run(text, "k", grid=(1,), threads=4, args={"A": a, "B": b, "C": c})["C"]
    want = np.einsum("bmk,bkn->bmn", a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(out, want)


def test_batched_gemm_compiles_for_pvc_without_spills(toolchain, tmp_path):
    compile_without_scratch(toolchain, tmp_path, PATH)


def test_a_batch_dimension_split_among_subgroups_is_refused():
    text = TEXT.replace("sg_layout = [1, 2, 2], sg_data = [2, 16, 16]",
                        "sg_layout = [2, 1, 2], sg_data = [1, 32, 16]")
    with pytest.raises(DiagnosticError) as e:
        lower_text(text, "split.mlir")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "xegpu.dpas" in t)
    assert e.value.loc.line == line
    assert "the batch dimension of the accumulator is split among subgroups" in e.value.message
    assert "sg_layout[0] = 1" in e.value.message

