"""A non-editable install works: the intrinsic tables and templates ship inside the package."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT, SAMPLES

SCRIPT = """
import sys, genx_emit, genx_emit.api
from genx_emit.resources import data_dir
assert genx_emit.__file__.startswith(sys.argv[1]), genx_emit.__file__
assert str(data_dir("intrinsics")).startswith(sys.argv[1]), data_dir("intrinsics")
assert str(data_dir("templates")).startswith(sys.argv[1]), data_dir("templates")
print(genx_emit.api.lower_text(open(sys.argv[2]).read(), "copy_2d.mlir"), end="")
# Every module the run imported is the installed copy's (a subpackage missing from the package
# list would otherwise be found in the source tree through an editable install's finder).
files = [getattr(m, "__file__", None) for n, m in list(sys.modules.items()) if n.startswith("genx_emit")]
stray = [f for f in files if f and not f.startswith(sys.argv[1])]
assert not stray, stray
"""


def test_non_editable_install_lowers_a_sample(tmp_path):
    target = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                          "--disable-pip-version-check", "--target", str(target), str(ROOT)],
                         capture_output=True, text=True, timeout=600)
    assert pip.returncode == 0, pip.stderr
    assert sorted(p.name for p in (target / "genx_emit" / "data" / "intrinsics").glob("*.yaml"))
    assert list((target / "genx_emit" / "data" / "templates").glob("*.j2"))
    # Run from an unrelated directory with only the installed copy first on the path.
    env = dict(os.environ, PYTHONPATH=str(target))
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(target), str(SAMPLES / "copy_2d.mlir")],
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (SAMPLES / "copy_2d.ll").read_text()
