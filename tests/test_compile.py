"""``genx-emit compile``: every sample to a PVC binary, the DG2 samples to acm-g10 binaries, the
GEMMs' disassembly, each --emit kind, and the failure paths (missing tool, failing tool,
timeout) with their exit codes and no partial output."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SAMPLES
from test_samples import DG2_FILES, NOT_FOR_DG2, SAMPLE_FILES

from genx_emit import api
from genx_emit import toolchain as tc
from genx_emit.api import compile_text, lower_text
from genx_emit.cli import main
from genx_emit.command_io import EXIT_TOOLCHAIN
from genx_emit.targets import DG2

GEMMS = ["gemm_tile_bf16", "gemm_kloop_f16", "gemm_32x32_bf16", "imex_style_gemm", "rfc_vc_mode_gemm"]
# Compiles for acm-g10 but spills: these tiles fill DG2's whole 4 KB register file.
DG2_COMPILE = [p for p in SAMPLE_FILES if p.stem not in NOT_FOR_DG2 or NOT_FOR_DG2[p.stem] is None]

MAGIC = {"bc": b"BC\xc0\xde", "spv": (0x07230203).to_bytes(4, "little"), "bin": b"\x7fELF"}


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "genx_emit.cli", *args], capture_output=True, cwd=cwd,
                          timeout=600)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=[p.stem for p in SAMPLE_FILES])
def test_every_sample_compiles_for_pvc(path: Path, compile_tools: None) -> None:
    binary = compile_text(path.read_text(), path.name, "pvc", "bin")
    assert binary.startswith(MAGIC["bin"])


@pytest.mark.parametrize("path", DG2_COMPILE, ids=[p.stem for p in DG2_COMPILE])
def test_dg2_samples_compile_for_acm_g10(path: Path, compile_tools: None) -> None:
    binary = compile_text(path.read_text(), path.name, "acm-g10", "bin")
    assert binary.startswith(MAGIC["bin"])


def test_the_dg2_list_is_not_empty() -> None:
    assert len(DG2_FILES) >= 15


@pytest.mark.parametrize("device", ["pvc", "acm-g10"])
@pytest.mark.parametrize("stem", GEMMS)
def test_gemm_assembly_has_dpas_and_block_loads(stem: str, device: str, compile_tools: None) -> None:
    path = SAMPLES / f"{stem}.mlir"
    if device == "acm-g10" and NOT_FOR_DG2.get(stem):
        pytest.skip(f"{stem} has no DG2 form: {NOT_FOR_DG2[stem]}")
    asm = compile_text(path.read_text(), path.name, device, "asm").decode()
    assert asm.startswith("// kernel ")
    assert " dpas." in asm, asm[:2000]
    if device == "pvc":
        assert "load_block2d" in asm
    else:  # Xe-HPG has no 2D block messages: its tiles are LSC gathers and scatters
        assert "block2d" not in asm
        assert re.search(r"send\S* .*load\.ugm", asm), asm[:3000]
        assert re.search(r"send\S* .*store\.ugm", asm), asm[:3000]
    assert "illegal" not in asm


def test_dg2_dpas_is_native_8_wide(compile_tools: None) -> None:
    """An 8x16 subgroup dpas is two native 8x8 dpas on acm-g10 (SIMD8), one 8x16 on PVC."""
    path = SAMPLES / "gemm_tile_bf16.mlir"
    pvc = compile_text(path.read_text(), path.name, "pvc", "asm").decode()
    dg2 = compile_text(path.read_text(), path.name, "acm-g10", "asm").decode()
    assert (pvc.count(" dpas."), dg2.count(" dpas.")) == (1, 2)
    assert "dpas.8x8 (16|M0)" in pvc
    assert "dpas.8x8 (8|M0)" in dg2


@pytest.mark.parametrize("emit", ["ll", "bc", "spv", "bin", "asm"])
def test_cli_each_emit_kind_from_the_suffix(emit: str, tmp_path: Path, compile_tools: None) -> None:
    out = tmp_path / f"gemm.{emit}"
    r = cli("compile", str(SAMPLES / "gemm_kloop_f16.mlir"), "-o", str(out))
    assert r.returncode == 0, r.stderr.decode()
    data = out.read_bytes()
    if emit == "ll":
        text = data.decode()
        assert 'target triple = "spir64"' in text and "spir_kernel" in text
        assert text == lower_text((SAMPLES / "gemm_kloop_f16.mlir").read_text(), "gemm_kloop_f16.mlir",
                                  abi="spirv")
    elif emit == "asm":
        assert b"dpas" in data and b"load_block2d" in data
    else:
        assert data.startswith(MAGIC[emit])
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # an ordinary file, not mkstemp's private one


def test_cli_verbose_prints_stages(tmp_path: Path, compile_tools: None) -> None:
    r = cli("compile", str(SAMPLES / "copy_2d.mlir"), "-o", str(tmp_path / "c.bin"), "-v", "--device", "dg2")
    assert r.returncode == 0, r.stderr.decode()
    err = r.stderr.decode()
    stages = ("parse + verify XeGPU", "lower", "render", "llvm-as-14", "llvm-spirv-14", "ocloc (acm-g10)")
    for stage in stages:
        assert f"genx-emit: {stage}: " in err, err


def test_missing_tools_name_the_packages(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tc.shutil, "which", lambda tool: None if tool in ("ocloc", "iga64") else "/bin/true")
    out = tmp_path / "x.asm"
    r = CliRunner().invoke(main, ["compile", str(SAMPLES / "copy_2d.mlir"), "-o", str(out)])
    assert r.exit_code == EXIT_TOOLCHAIN
    assert "ocloc, iga64 not found" in r.output
    assert "intel-opencl-icd libigc1 libigdfcl1 libigc-tools llvm-14 llvm-spirv-14" in r.output
    assert "Traceback" not in r.output
    assert not out.exists() and not list(tmp_path.iterdir())


def test_a_failing_tool_shows_its_message(compile_tools: None) -> None:
    """Named barriers for acm-g10: the front end refuses them (a located error), so feed IGC the
    PVC lowering directly; IGC's own message must come through."""
    ll = lower_text((SAMPLES / "nbarrier_producer_consumer.mlir").read_text(), "n.mlir", abi="spirv")
    with pytest.raises(tc.ToolchainError) as e:
        tc.compile_module(ll, DG2, "acm-g10", "bin")
    assert str(e.value).startswith("ocloc failed (")
    assert "VISA builder" in str(e.value)


def test_a_hanging_tool_is_killed(tmp_path: Path) -> None:
    with pytest.raises(tc.ToolchainError, match=r"sleep did not finish within 1 s \(killed\)"):
        tc._run(["sleep", "30"], tmp_path, timeout=1)


def test_bad_input_leaves_no_file(tmp_path: Path, compile_tools: None) -> None:
    """(Needs the tools: a missing one is reported before the input is lowered.)"""
    bad = tmp_path / "bad.mlir"
    bad.write_text("gpu.module @m {\n  gpu.func @k() kernel {\n    %x = arith.constant 1 : f99\n  }\n}\n")
    out = tmp_path / "bad.bin"
    r = cli("compile", str(bad), "-o", str(out))
    assert r.returncode == 1
    assert b"bad.mlir:3:" in r.stderr and b"Traceback" not in r.stderr
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.mlir"]


def test_usage_errors(tmp_path: Path) -> None:
    r = cli("compile", str(SAMPLES / "copy_2d.mlir"), "--device", "h100", "-o", str(tmp_path / "x.bin"))
    assert r.returncode == 2 and b"'h100' is not a known device" in r.stderr
    r = cli("lower", str(SAMPLES / "copy_2d.mlir"), "--abi", "spirv", "--kernel-md", "legacy")
    assert r.returncode == 2 and b"--kernel-md applies to --abi genx only" in r.stderr


def test_compile_tests_need_only_the_debian_tools(tmp_path: Path, compile_tools: None) -> None:
    """With the shared tools (igc-check) out of reach, a compile test still runs, not skips."""
    env = dict(os.environ, GENX_SHARED_TOOLS=str(tmp_path / "none"))
    test = f"{Path(__file__).name}::test_cli_each_emit_kind_from_the_suffix[spv]"
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", test],
                       cwd=Path(__file__).parent, env=env, capture_output=True, text=True, timeout=600)
    assert "1 passed" in r.stdout, r.stdout + r.stderr


def test_unwritable_output_fails_before_the_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def never(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("compile_text ran although the output cannot be written")

    monkeypatch.setattr(api, "compile_text", never)
    out = tmp_path / "missing" / "x.bin"
    r = CliRunner().invoke(main, ["compile", str(SAMPLES / "copy_2d.mlir"), "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert r.stderr == f"genx-emit: error: cannot write '{out}': No such file or directory\n"
    assert list(tmp_path.iterdir()) == []


def test_tool_stderr_is_kept_apart(tmp_path: Path) -> None:
    assert tc._run(["sh", "-c", "echo out; echo warn >&2"], tmp_path, timeout=60) == ("out", "warn")
    with pytest.raises(tc.ToolchainError) as e:
        tc._run(["sh", "-c", "echo log; echo bad >&2; exit 3"], tmp_path, timeout=60)
    assert str(e.value) == "sh failed (exit 3):\nbad\nlog"


@pytest.mark.parametrize("verbose", [False, True])
def test_tool_warnings_go_to_stderr_only_with_verbose(verbose: bool, monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """A tool that succeeds with a note on stderr (a fake llvm-as-14): the note never reaches the
    output; -v shows it after the tool's name."""
    def fake_run(argv: list[str], cwd: Path, timeout: float) -> tuple[str, str]:
        (cwd / "k.bc").write_bytes(MAGIC["bc"])
        return "", "warning: a note"

    monkeypatch.setattr(tc.shutil, "which", lambda tool: "/bin/true")
    monkeypatch.setattr(tc, "_run", fake_run)
    out = tmp_path / "k.bc"
    r = CliRunner().invoke(main, ["compile", str(SAMPLES / "copy_2d.mlir"), "-o", str(out),
                                  *(["-v"] if verbose else [])])
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == MAGIC["bc"]
    assert ("genx-emit: llvm-as-14: warning: a note\n" in r.stderr) == verbose, r.stderr


def test_gemm_assembly_has_no_tool_warnings(tmp_path: Path, compile_tools: None) -> None:
    """iga64 warns on stderr of the padding after a kernel; that belongs on stderr (with -v), never in
    the .asm."""
    out = tmp_path / "gemm.asm"
    for verbose in ([], ["-v"]):
        r = cli("compile", str(SAMPLES / "gemm_kloop_f16.mlir"), "-o", str(out), *verbose)
        assert r.returncode == 0, r.stderr.decode()
        asm = out.read_text()
        assert "dpas" in asm
        assert not [ln for ln in asm.splitlines() if "warning:" in ln]
        warnings = [ln for ln in r.stderr.decode().splitlines() if "warning:" in ln]
        assert all(ln.startswith("genx-emit: iga64 (gemm_kloop_f16): ") for ln in warnings), warnings
        if not verbose:
            assert not warnings
