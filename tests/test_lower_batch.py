"""`genx-emit lower` over several inputs and `--split-input-file` chunks: exit codes, which files
are written, and chunks that keep their real line numbers (the lit files in tests/lit/cli show
the output itself)."""

from __future__ import annotations

import subprocess
import sys

from genx_emit.lower_batch import split_chunks

GOOD = "gpu.module @m {\n  gpu.func @k(%a: memref<64x64xf32>) kernel { gpu.return }\n}\n"
BAD = ("gpu.module @m {\n  gpu.func @k(%a: memref<64x64xf32>) kernel {\n"
       "    %t = xegpu.create_nd_tdesc %a[0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>\n"
       "    gpu.return\n  }\n}\n")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genx_emit.cli", *args], capture_output=True, text=True,
                          timeout=120)


def test_split_chunks_keep_line_numbers():
    text = "a\n// -----\nb\nc\n  // ----- trailing words\nd"
    chunks = split_chunks(text)
    assert [c.splitlines() for c in chunks] == [["a"], ["", "", "b", "c"], ["", "", "", "", "", "d"]]


def test_split_chunks_without_marker_is_the_text():
    assert split_chunks(GOOD) == [GOOD]


def test_split_failure_leaves_no_output_file(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(GOOD + "// -----\n" + BAD)
    out = tmp_path / "k.ll"
    r = run("lower", str(src), "--split-input-file", "-o", str(out))
    assert r.returncode == 1
    assert f"{src}:7:10: error:" in r.stderr  # line 3 of the chunk after 3 + 1 lines
    assert not out.exists()


def test_split_all_good_writes_joined_output(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(GOOD + "// -----\n" + GOOD.replace("@k", "@k2"))
    out = tmp_path / "k.ll"
    r = run("lower", str(src), "--split-input-file", "-o", str(out))
    assert r.returncode == 0, r.stderr
    first, second = out.read_text().split("// -----\n")
    assert "@k(" in first and "@k2(" in second


def test_several_inputs_need_output_dir(tmp_path):
    (tmp_path / "a.mlir").write_text(GOOD)
    r = run("lower", str(tmp_path / "a.mlir"), str(tmp_path / "a.mlir"))
    assert r.returncode == 2 and "several inputs need --output-dir" in r.stderr


def test_output_dir_and_o_exclude_each_other(tmp_path):
    (tmp_path / "a.mlir").write_text(GOOD)
    r = run("lower", str(tmp_path / "a.mlir"), "--output-dir", str(tmp_path), "-o", str(tmp_path / "x.ll"))
    assert r.returncode == 2 and "not both" in r.stderr


def test_two_inputs_with_one_stem_are_refused(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "a.mlir").write_text(GOOD)
    (tmp_path / "d" / "a.mlir").write_text(GOOD)
    r = run("lower", str(tmp_path / "a.mlir"), str(tmp_path / "d" / "a.mlir"), "--output-dir", str(tmp_path))
    assert r.returncode == 2 and "would both be written" in r.stderr
    assert not (tmp_path / "a.ll").exists()


def test_missing_input_stops_before_any_output(tmp_path):
    (tmp_path / "a.mlir").write_text(GOOD)
    out = tmp_path / "out"
    out.mkdir()
    r = run("lower", str(tmp_path / "a.mlir"), str(tmp_path / "nope.mlir"), "--output-dir", str(out))
    assert r.returncode == 2
    assert r.stderr.startswith(f"genx-emit: error: cannot read '{tmp_path / 'nope.mlir'}'")
    assert list(out.iterdir()) == []


def test_missing_output_dir_is_a_usage_error(tmp_path):
    (tmp_path / "a.mlir").write_text(GOOD)
    r = run("lower", str(tmp_path / "a.mlir"), "--output-dir", str(tmp_path / "nope"))
    assert r.returncode == 2 and "no such directory" in r.stderr


def test_bitcode_output_is_refused(tmp_path):
    (tmp_path / "a.mlir").write_text(GOOD)
    r = run("lower", str(tmp_path / "a.mlir"), "-o", str(tmp_path / "a.bc"))
    assert r.returncode == 2 and "compile --emit bc" in r.stderr
    assert not (tmp_path / "a.bc").exists()


def test_expected_diagnostics_forms():
    from genx_emit.lower_batch import expected_diagnostics

    text = ("a // expected-error {{same line}}\n"
            "// expected-error @+2 {{two below}}\n"
            "// expected-note@-1 {{one above}}\n"
            "// expected-error @above {{above}} // expected-error @below {{below}}\n")
    got = [(e.kind, e.line, e.text, e.at) for e in expected_diagnostics(text)]
    assert got == [("error", 1, "same line", 1), ("error", 4, "two below", 2), ("note", 2, "one above", 3),
                   ("error", 3, "above", 4), ("error", 5, "below", 4)]


def test_empty_chunk_is_located_at_its_first_line(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(GOOD + "// -----\n// only a comment\n")
    r = run("lower", str(src), "--split-input-file")
    assert r.returncode == 1
    assert f"{src}:5:1: error: the input has no code" in r.stderr
    assert "define dllexport void @k(" in r.stdout
