"""The register-file size per kernel (``lower/transforms/grf.py``): the ``auto`` estimate, ``--grf``, the
choice carried in the module, and (real toolchain) that IGC takes it: no spill where the default
file spills, registers past r127 used."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES

from genx_emit.api import lower_text
from genx_emit.emit import module_grf
from genx_emit.frontend import read_kernels
from genx_emit.lower.transforms.grf import live_grfs, straight_grfs
from genx_emit.targets import TARGETS

ATTR = '"genx-emit-grf"="256"'
GENX_EMIT = str(Path(sys.executable).with_name("genx-emit"))


def _lower(stem: str, **kw) -> str:
    p = SAMPLES / f"{stem}.mlir"
    return lower_text(p.read_text(), p.name, **kw)


def _live(stem: str, target: str) -> int:
    p = SAMPLES / f"{stem}.mlir"
    (f,) = read_kernels(p.read_text(), p.name).funcs
    return live_grfs(f, TARGETS[target])


def test_live_estimate_counts_carried_vectors_and_loaded_tiles():
    # 16 accumulators of 8x16 f32 (8 KiB) + a 32x16 f16 A tile (1 KiB) + two 2x16x16 f16 B loads
    # (2 KiB): 11 KiB = 176 GRFs of 64 bytes, 352 of 32 bytes.
    assert (_live("gemm_32x64_f16", "pvc"), _live("gemm_32x64_f16", "dg2")) == (176, 352)
    # 8 accumulators (4 KiB) + A (1 KiB) + one B load (1 KiB) = 96 GRFs on pvc
    assert _live("gemm_32x32_bf16", "pvc") == 96
    assert _live("copy_2d", "pvc") == 0  # no loop


def test_straight_line_estimate_counts_tiles_loaded_before_their_stores():
    # big_tiles_f16 loads a 32x32 f16 (2 KiB) and a 32x64 f16 tile (4 KiB) before storing either:
    # 6 KiB live = 96 GRFs of 64 bytes (fits pvc's 128 - 16), 192 of 32 bytes (dg2's does not).
    # The unused 2x16x16 load after the stores is dead at once.
    p = SAMPLES / "big_tiles_f16.mlir"
    (f,) = read_kernels(p.read_text(), p.name).funcs
    assert (straight_grfs(f, TARGETS["pvc"]), straight_grfs(f, TARGETS["dg2"])) == (96, 192)
    assert ATTR not in _lower("big_tiles_f16") and ATTR in _lower("big_tiles_f16", target="dg2")


def test_auto_takes_256_only_where_the_default_file_is_too_small():
    assert ATTR in _lower("gemm_32x64_f16")
    assert ATTR not in _lower("gemm_32x32_bf16")  # 96 GRFs fit the 128 - 16 reserve
    assert ATTR in _lower("gemm_32x32_bf16", target="dg2")  # 192 GRFs of 32 bytes do not
    assert module_grf(_lower("gemm_32x64_f16")) == 256 and module_grf(_lower("copy_2d")) is None


def test_grf_option_overrides_and_both_abis_carry_it():
    assert ATTR not in _lower("gemm_32x64_f16", grf="128")
    assert ATTR in _lower("copy_2d", grf="256")
    spirv = _lower("gemm_32x64_f16", abi="spirv")
    (kernel_attrs,) = re.findall(r'^attributes #\d+ = \{ "CMGenxMain".*$', spirv, re.M)
    assert ATTR in kernel_attrs and '"VCFunction"' in kernel_attrs


def test_cli_grf_choice_is_checked():
    r = subprocess.run([GENX_EMIT, "lower", str(SAMPLES / "copy_2d.mlir"), "--grf", "64"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "--grf" in r.stderr


def _scratch(asm: str) -> int:
    return len(re.findall(r"scratch|\.ss\b", asm, re.I))


def test_igc_takes_the_large_file_and_spills_without_it(compile_tools, tmp_path):
    """gemm_32x64_f16 on pvc: with the 256-GRF file (auto) no spill and registers above r127;
    forced to 128 it spills, and compile says so without -v."""
    cmd = [GENX_EMIT, "compile", str(SAMPLES / "gemm_32x64_f16.mlir"), "--emit", "asm"]
    big = subprocess.run([*cmd, "-o", str(tmp_path / "big.asm")], capture_output=True, text=True)
    small = subprocess.run([*cmd, "--grf", "128", "-o", str(tmp_path / "small.asm")], capture_output=True,
                           text=True)
    assert big.returncode == 0 and small.returncode == 0, big.stderr + small.stderr
    big_asm, small_asm = (tmp_path / "big.asm").read_text(), (tmp_path / "small.asm").read_text()
    assert _scratch(big_asm) == 0 and "Spill" not in big.stderr
    assert max(int(r) for r in re.findall(r"\br(\d+)\.", big_asm)) > 127
    assert _scratch(small_asm) > 0
    spill = r"^genx-emit: warning: ocloc \(pvc\): Spill memory used = \d+ bytes for kernel gemm_32x64_f16"
    assert re.search(spill, small.stderr, re.M), small.stderr


@pytest.mark.parametrize("stem", ["gemm_32x32_bf16"])
def test_dg2_large_file_removes_the_spills(compile_tools, tmp_path, stem):
    out = tmp_path / f"{stem}.asm"
    r = subprocess.run([GENX_EMIT, "compile", str(SAMPLES / f"{stem}.mlir"),
                        "--device", "acm-g10", "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert _scratch(out.read_text()) == 0
