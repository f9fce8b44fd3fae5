"""scripts/corpus.py: per-file outcomes and totals over a directory of kernels written by others."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

SCRIPT = ROOT / "scripts" / "corpus.py"


def run(*args: str) -> list[str]:
    r = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_every_upstream_form_input_lowers():
    lines = run(str(ROOT / "tests" / "inputs" / "upstream"), "--no-compile")
    n = len(list((ROOT / "tests" / "inputs" / "upstream").glob("*.mlir")))
    assert all(line.startswith("lowered ") for line in lines[:-1])
    assert lines[-1] == f"{n} cases: {n} lowered, 0 errors, 0 internal errors, 0 without a kernel"


def test_outcomes_per_case_of_a_split_file(tmp_path):
    good = "gpu.module @m {\n  gpu.func @k() kernel {\n    gpu.return\n  }\n}\n"
    bad = "gpu.module @m {\n  gpu.func @k() kernel {\n    %x = xegpu.nonsense\n    gpu.return\n  }\n}\n"
    host = "func.func @f() {\n  return\n}\n"
    (tmp_path / "t.mlir").write_text(good + "// -----\n" + bad + "// -----\n" + host)
    lines = run(str(tmp_path), "--no-compile")
    assert lines[0] == f"lowered       {tmp_path}/t.mlir#0"
    # the second case keeps its line numbers in the file: its op is on line 9
    assert lines[1].startswith(f"error         {tmp_path}/t.mlir#1  {tmp_path}/t.mlir#1:9:10: error: ")
    assert lines[2].startswith(f"no kernel     {tmp_path}/t.mlir#2")
    assert lines[3] == "3 cases: 1 lowered, 1 errors, 0 internal errors, 1 without a kernel"
    quiet = run(str(tmp_path), "--no-compile", "-q")
    assert len(quiet) == 2 and quiet[0].startswith("error ")


def test_all_functions_lowers_unmarked_functions(tmp_path):
    (tmp_path / "d.mlir").write_text("func.func @f(%p: memref<16xf32>) {\n  return\n}\n")
    assert run(str(tmp_path), "--no-compile")[-1].endswith("0 lowered, 0 errors, 0 internal errors, "
                                                            "1 without a kernel")
    assert run(str(tmp_path), "--all-functions")[-1].startswith("1 cases: 1 lowered")


def test_a_comment_rule_is_no_split_marker(tmp_path):
    # only a line of just '// -----' separates cases; a dashed comment inside a kernel does not
    good = ("gpu.module @m {\n  gpu.func @k() kernel {\n    // -------- step 1 --------\n"
            "    gpu.return\n  }\n}\n")
    (tmp_path / "c.mlir").write_text(good)
    assert run(str(tmp_path), "--no-compile") == [f"lowered       {tmp_path}/c.mlir",
                                                   "1 cases: 1 lowered, 0 errors, 0 internal errors, "
                                                   "0 without a kernel"]
