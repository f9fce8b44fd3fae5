"""``genx-emit opt`` as a user meets it: passes by name, the IR after each, exit codes, atomic
output, and printed IR that ``lower`` turns into the same ``.ll`` as the source."""

from __future__ import annotations

from pathlib import Path

from conftest import SAMPLES
from test_cli import BAD, run

WG = SAMPLES / "wg_gemm_f16.mlir"


def test_default_pipeline_output_lowers_to_the_golden(tmp_path: Path) -> None:
    out = tmp_path / "wg.mlir"
    r = run("opt", str(WG), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and r.stderr == ""
    printed = out.read_text()
    assert "sg_layout" in WG.read_text() and "sg_layout" not in printed  # distributed
    r = run("lower", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout == WG.with_suffix(".ll").read_text()


def test_no_passes_prints_the_input_as_read(tmp_path: Path) -> None:
    r = run("opt", str(WG), "--pass-pipeline", "")
    assert r.returncode == 0, r.stderr
    assert "sg_layout" in r.stdout  # still workgroup-level
    again = run("opt", "-", "--pass-pipeline", "", stdin=r.stdout)
    assert again.returncode == 0 and again.stdout == r.stdout


def test_print_ir_after_all_goes_to_stderr_in_pipeline_order() -> None:
    r = run("opt", str(WG), "--print-ir-after-all", "--pass", "xegpu-wg-to-sg-distribute",
            "--pass", "genx-carry-descriptors")
    assert r.returncode == 0, r.stderr
    heads = [line for line in r.stderr.splitlines() if line.startswith("// -----// IR Dump After")]
    assert heads == ["// -----// IR Dump After xegpu-wg-to-sg-distribute //----- //",
                     "// -----// IR Dump After genx-carry-descriptors //----- //"]
    assert r.stderr.rsplit("//----- //\n", 1)[1] == r.stdout  # the last dump is the output


def test_verbose_names_each_pass_with_its_time() -> None:
    r = run("opt", str(SAMPLES / "copy_2d.mlir"), "-v")
    assert r.returncode == 0, r.stderr
    for name in ("genx-check-attribute-names", "xegpu-wg-to-sg-distribute", "genx-lane-to-subgroup",
                 "genx-carry-descriptors"):
        assert f"genx-emit: pass {name}: " in r.stderr
    r = run("lower", str(SAMPLES / "copy_2d.mlir"), "-v")
    assert "genx-emit: pass xegpu-wg-to-sg-distribute: " in r.stderr


def test_unknown_pass_is_a_usage_error_with_a_suggestion(tmp_path: Path) -> None:
    out = tmp_path / "o.mlir"
    r = run("opt", str(WG), "--pass", "xegpu-wg-to-sg-distribut", "-o", str(out))
    assert r.returncode == 2
    assert "unknown pass 'xegpu-wg-to-sg-distribut'; did you mean 'xegpu-wg-to-sg-distribute'?" in r.stderr
    assert not out.exists()
    r = run("opt", str(WG), "--pass-pipeline", "builtin.module(genx-lane-to-subgroup")
    assert r.returncode == 2 and "unbalanced" in r.stderr
    r = run("opt", str(WG), "--pass", "genx-lane-to-subgroup", "--pass-pipeline", "genx-lane-to-subgroup")
    assert r.returncode == 2 and "not both" in r.stderr


def test_bad_input_is_located_and_leaves_no_file(tmp_path: Path) -> None:
    src = tmp_path / "bad.mlir"
    src.write_text(BAD.replace("xegpu.load_nd", "xegpu.load_ndd"))
    out = tmp_path / "o.mlir"
    r = run("opt", str(src), "-o", str(out))
    assert r.returncode == 1
    assert f"{src}:4:" in r.stderr and "error: unsupported op 'xegpu.load_ndd'" in r.stderr
    assert "^" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == [src]


def test_a_failing_pass_leaves_an_existing_output_untouched(tmp_path: Path) -> None:
    src = tmp_path / "bad.mlir"
    # `pakced`: the attribute check rejects it (located, with a suggestion).
    src.write_text(BAD.replace("packed", "pakced"))
    out = tmp_path / "o.mlir"
    out.write_text("keep")
    r = run("opt", str(src), "-o", str(out))
    assert r.returncode == 1 and "did you mean 'packed'" in r.stderr
    assert out.read_text() == "keep"


def test_list_passes_marks_the_default_pipeline() -> None:
    r = run("opt", "--list-passes")
    assert r.returncode == 0
    assert "* xegpu-wg-to-sg-distribute" in r.stdout


def test_without_locations_the_ir_still_reads_back() -> None:
    r = run("opt", str(SAMPLES / "copy_2d.mlir"), "--no-locations")
    assert r.returncode == 0 and "loc(" not in r.stdout
    again = run("lower", "-", stdin=r.stdout)
    assert again.returncode == 0, again.stderr


def test_simt_kernels_printed_after_the_pass_are_still_checked_against_the_target() -> None:
    """The SIMT record (lanes, dpas layouts) is an attribute of the function: a 16-lane kernel
    reassembled by opt is refused for DG2 (8 lanes) with the same error as its source."""
    simt = SAMPLES / "simt_gemm.mlir"
    printed = run("opt", str(simt))
    assert printed.returncode == 0 and "genx.simt = {lanes = 16 : i64" in printed.stdout
    direct = run("lower", str(simt), "--target", "dg2")
    via_opt = run("lower", "-", "--target", "dg2", stdin=printed.stdout)
    assert direct.returncode == via_opt.returncode == 1
    assert direct.stderr.splitlines()[0] == via_opt.stderr.splitlines()[0]


def test_errors_in_printed_ir_point_at_the_source(tmp_path: Path) -> None:
    """opt does not verify the op model (a pass's input need not be lowerable yet); lowering
    its output reports an op's error at the op's position in the source, as lowering the
    source does."""
    src = tmp_path / "bad.mlir"
    src.write_text(BAD)
    printed = run("opt", str(src), "--pass-pipeline", "")
    assert printed.returncode == 0, printed.stderr
    direct = run("lower", str(src))
    via_opt = run("lower", "-", stdin=printed.stdout)
    assert direct.returncode == via_opt.returncode == 1
    head = direct.stderr.splitlines()[0]
    assert head.startswith(f"{src}:4:") and via_opt.stderr.splitlines()[0] == head
