"""Determinism and atomic output.

Each sample, lowered in two separate processes with different string-hash seeds (so any
dependence on set or dict order of strings shows), gives byte-identical output for both targets.
The command line writes its output file atomically: a failing run leaves no file (and no
temporary file) behind, and does not touch an existing output.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES

SAMPLE_FILES = sorted(SAMPLES.glob("*.mlir"))

# Lowers every sample for both targets into the directory argv[1]; a target a sample has no form
# for leaves the diagnostic instead, which must be deterministic too.
_CHILD = """
import sys
from pathlib import Path
from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
out = Path(sys.argv[1])
for path in sorted(Path(sys.argv[2]).glob("*.mlir")):
    for target in ("pvc", "dg2"):
        try:
            text = lower_text(path.read_text(), path.name, target=target)
        except DiagnosticError as e:
            text = "error: " + str(e)
        (out / f"{path.stem}.{target}.ll").write_text(text)
"""


def _lower_all(out: Path, hash_seed: str) -> dict[str, bytes]:
    out.mkdir()
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    subprocess.run([sys.executable, "-c", _CHILD, str(out), str(SAMPLES)], check=True, env=env, timeout=600)
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def test_samples_lower_identically_in_separate_processes(tmp_path: Path) -> None:
    first = _lower_all(tmp_path / "a", "1")
    second = _lower_all(tmp_path / "b", "2")
    assert len(first) == 2 * len(SAMPLE_FILES)
    differ = sorted(name for name in first if first[name] != second.get(name))
    assert not differ, f"output differs between two processes: {differ}"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "genx_emit.cli", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


def test_cli_output_is_written_whole(tmp_path: Path) -> None:
    sample = SAMPLES / "copy_2d.mlir"
    r = _cli("lower", str(sample), "-o", "out.ll", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.ll"]  # no temporary file left
    assert (tmp_path / "out.ll").read_text() == sample.with_suffix(".ll").read_text()


@pytest.mark.parametrize("existing", [False, True], ids=["new", "existing"])
def test_failed_cli_run_leaves_no_file(tmp_path: Path, existing: bool) -> None:
    bad = tmp_path / "bad.mlir"
    text = SAMPLES.joinpath("copy_2d.mlir").read_text()
    bad.write_text(text.replace("xegpu.load_nd", "xegpu.load_nd %bogus,"))
    if existing:
        (tmp_path / "out.ll").write_text("previous\n")
    r = _cli("lower", "bad.mlir", "-o", "out.ll", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert "bad.mlir:" in r.stderr and "error:" in r.stderr
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == (["bad.mlir", "out.ll"] if existing else ["bad.mlir"])
    if existing:
        assert (tmp_path / "out.ll").read_text() == "previous\n"
