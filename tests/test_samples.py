"""Every bundled sample: lowers, matches its reviewed golden ``.ll``, and goes through Intel's
real toolchain for PVC with no bad intrinsic signature and no spill (scratch) instruction."""

from __future__ import annotations

import pytest
from conftest import SAMPLES

from genx_emit.api import lower_text

SAMPLE_FILES = sorted(SAMPLES.glob("*.mlir"))
IDS = [p.stem for p in SAMPLE_FILES]


def lowered(path) -> str:
    return lower_text(path.read_text(), path.name, target="pvc")


def test_there_are_samples():
    assert len(SAMPLE_FILES) >= 7


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=IDS)
def test_golden(path, update_goldens):
    golden = path.with_suffix(".ll")
    text = lowered(path)
    if update_goldens:
        golden.write_text(text)
    assert golden.exists(), f"no golden for {path.name}: run pytest --update-goldens and review it"
    assert text == golden.read_text(), f"{path.name}: output differs from {golden.name}"


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=IDS)
def test_deterministic(path):
    assert lowered(path) == lowered(path)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=IDS)
def test_golden_compiles_for_pvc(path, toolchain):
    golden = path.with_suffix(".ll")
    r = toolchain.igc_check(golden, "pvc")
    assert r.returncode == 0, r.output
    assert r.bad_signatures == 0, r.output
    assert r.kernels, f"no kernel disassembled:\n{r.output}"
    for name, stats in r.kernels.items():
        assert stats["scratch"] == 0, f"{name} spills:\n{r.output}"
        assert stats["send"] > 0, f"{name} has no memory message:\n{r.output}"
