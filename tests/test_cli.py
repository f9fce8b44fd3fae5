"""The command line as a user meets it: exit codes, stdin/stdout, atomic output, diagnostics
with a caret, no traceback on bad input, help with examples."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES

SAMPLE = SAMPLES / "copy_2d.mlir"

LOAD = ("    %v = xegpu.load_nd %t <{packed, transpose = array<i64: 1, 0>}>"
        " : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>")
BAD = f"""gpu.module @m {{
  gpu.func @k(%a: memref<16x16xf16>) kernel {{
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
{LOAD}
    gpu.return
  }}
}}
"""


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genx_emit.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_lower_to_file(tmp_path):
    out = tmp_path / "copy.ll"
    r = run("lower", str(SAMPLE), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""
    assert out.read_text() == SAMPLE.with_suffix(".ll").read_text()


def test_lower_stdin_to_stdout():
    r = run("lower", "-", stdin=SAMPLE.read_text())
    assert r.returncode == 0, r.stderr
    assert "define dllexport void @copy_2d(" in r.stdout
    assert "!genx.kernels" in r.stdout


def test_bad_input_is_located_with_caret_and_leaves_no_file(tmp_path):
    src = tmp_path / "bad.mlir"
    src.write_text(BAD)
    out = tmp_path / "bad.ll"
    r = run("lower", str(src), "-o", str(out))
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert lines[0].startswith(f"{src}:4:"), r.stderr
    assert "error:" in lines[0] and "packed" in lines[0] and "transpose" in lines[0]
    assert lines[1] == BAD.splitlines()[3]
    assert lines[2].strip() == "^"
    assert "Traceback" not in r.stderr
    assert not out.exists()
    assert list(tmp_path.iterdir()) == [src]  # no temp file left behind either


def test_failed_run_keeps_an_existing_output_untouched(tmp_path):
    src = tmp_path / "bad.mlir"
    src.write_text(BAD)
    out = tmp_path / "keep.ll"
    out.write_text("previous\n")
    assert run("lower", str(src), "-o", str(out)).returncode == 1
    assert out.read_text() == "previous\n"


@pytest.mark.parametrize("text", ["", "gpu.module @m {", "%x = ", "}}}", "gpu.module @m { gpu.func @k( }"])
def test_garbage_gives_a_diagnostic_not_a_traceback(text):
    r = run("lower", "-", stdin=text)
    assert r.returncode == 1, r.stderr
    assert "error:" in r.stderr
    assert "Traceback" not in r.stderr


def test_usage_errors_exit_2(tmp_path):
    assert run("lower", str(tmp_path / "missing.mlir")).returncode == 2
    assert run("lower", str(SAMPLE), "--target", "h100").returncode == 2
    assert run("frobnicate").returncode == 2


def test_kernel_selection():
    two = SAMPLES / "ptr_source_gemm.mlir"
    r = run("lower", str(two), "--kernel", "ptr_source_gemm_kw")
    assert r.returncode == 0, r.stderr
    assert "@ptr_source_gemm_kw(" in r.stdout and "@ptr_source_gemm(" not in r.stdout
    r = run("lower", str(two), "--kernel", "nope")
    assert r.returncode == 1
    assert "no kernel named 'nope'" in r.stderr and "ptr_source_gemm_kw" in r.stderr


def test_legacy_kernel_metadata():
    r = run("lower", str(SAMPLE), "--kernel-md", "legacy")
    assert r.returncode == 0, r.stderr
    node = next(line for line in r.stdout.splitlines() if line.startswith("!0 = "))
    # function, name, asm name, arg kinds, slm size, arg offsets: the LangRef's six operands
    assert node == '!0 = !{void (i64, i64)* @copy_2d, !"copy_2d", !"copy_2d", !1, i32 0, !2}'


def test_help_has_examples():
    for args in (("--help",), ("lower", "--help")):
        r = run(*args)
        assert r.returncode == 0
        assert "Examples:" in r.stdout
    assert "--target" in run("lower", "--help").stdout


def _unwritable(tmp_path: Path) -> list[tuple[str, str]]:
    """(path, reason): a missing directory, a directory, a path under a file."""
    (tmp_path / "dir").mkdir()
    (tmp_path / "file").write_text("")
    return [(str(tmp_path / "missing" / "o"), "No such file or directory"),
            (str(tmp_path / "dir"), "Is a directory"), (str(tmp_path / "file" / "o"), "Not a directory")]


@pytest.mark.parametrize("command", ["lower", "compile", "sim"])
def test_unwritable_output_is_one_usage_error(command: str, tmp_path: Path) -> None:
    """No traceback: one line, exit 2, nothing left behind. (compile checks before any tool runs,
    so this needs no toolchain.)"""
    import numpy as np

    np.save(tmp_path / "a.npy", np.zeros((64, 64), np.float32))
    for path, reason in _unwritable(tmp_path):
        before = sorted(tmp_path.rglob("*"))
        if command == "sim":
            args = ["sim", str(SAMPLE), "--grid", "4,8", "--arg", "src=a.npy", "--arg", "dst=a.npy",
                    "--out", f"dst={path}"]
        else:
            args = [command, str(SAMPLE), "-o", path]
        r = run(*args, cwd=tmp_path)
        assert r.returncode == 2, r.stderr
        assert r.stderr == f"genx-emit: error: cannot write '{path}': {reason}\n"
        assert sorted(tmp_path.rglob("*")) == before


def test_a_write_that_fails_late_leaves_no_temp_file(tmp_path: Path) -> None:
    """write_output itself (the path became unwritable after the early check): an OutputError, and
    its temp file is removed."""
    from genx_emit.command_io import OutputError, write_output

    (tmp_path / "dir").mkdir()
    with pytest.raises(OutputError, match=r"cannot write '.*dir': Is a directory"):
        write_output(str(tmp_path / "dir"), "text")
    assert [p.name for p in tmp_path.iterdir()] == ["dir"] and not list((tmp_path / "dir").iterdir())


def test_unreadable_inputs_are_usage_errors(tmp_path: Path) -> None:
    for args in (["lower", str(tmp_path)], ["compile", str(tmp_path / "missing.mlir")],
                 ["check", str(tmp_path / "missing.ll")],
                 ["sim", str(tmp_path / "missing.mlir"), "--grid", "1"],
                 ["sim", str(SAMPLE), "--grid", "1", "--arg", f"src={tmp_path / 'missing.npy'}"]):
        r = run(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert "cannot read" in r.stderr and "Traceback" not in r.stderr
