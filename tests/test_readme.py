"""The README's commands run as written: the three-command GEMM check of the simulator section
prints what the README says it prints (for both targets)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _gemm_check_block() -> list[str]:
    start = README.index("A GEMM checked against numpy in three commands")
    block = README[start:].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def _run(line: str, cwd: Path) -> str:
    """One README line, with ``.venv/bin/`` meaning this interpreter's environment."""
    venv_bin = str(Path(sys.executable).parent)
    cmd = line.replace(".venv/bin/", venv_bin + "/")
    r = subprocess.run(cmd, shell=True, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"{line}\n{r.stdout}\n{r.stderr}"
    return r.stdout


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_readme_gemm_check_prints_what_it_says(target: str, tmp_path: Path) -> None:
    lines = _gemm_check_block()
    assert len(lines) == 3 and "genx-emit sim samples/" in lines[1]
    (tmp_path / "samples").symlink_to(ROOT / "samples")  # run "from the repository root"
    if target == "dg2":
        lines[1] += " --target dg2"
    out = "".join(_run(line, tmp_path) for line in lines)
    claimed = re.search(r"It prints `(max \|C - A@B\| = [^`]+)`", README)
    assert claimed, "the README no longer says what the check prints"
    assert out.strip().splitlines()[-1] == claimed.group(1)
