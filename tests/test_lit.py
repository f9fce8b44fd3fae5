"""The lit suite (tests/lit: one .mlir file per op or behaviour, `// RUN:` + `// CHECK:` lines)
runs as one pytest test, so the single test command runs it too; it fails when any file fails."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

LIT_DIR = Path(__file__).resolve().parent / "lit"
BIN = Path(sys.executable).parent


def test_lit_suite():
    lit = BIN / "lit"
    if not lit.exists() or not (BIN / "filecheck").exists():
        pytest.fail("lit and filecheck are test dependencies: pip install -e '.[test]'")
    assert shutil.which("genx-emit", path=str(BIN)), "genx-emit is not installed in this environment"
    r = subprocess.run([str(lit), "-q", "--order=lexical", str(LIT_DIR)], capture_output=True, text=True,
                       timeout=1800)
    assert r.returncode == 0, f"lit failed:\n{r.stdout}\n{r.stderr}"
    assert len(list(LIT_DIR.rglob("*.mlir"))) >= 40
