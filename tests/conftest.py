"""Shared fixtures: golden files, Intel's real toolchain (igc-check), and the tools
``genx-emit compile`` drives.

The shared tools live beside the repository (``../shared/tools``), or where the environment
variable GENX_SHARED_TOOLS points. Toolchain tests skip, with the reason, only when the Debian
packages are not installed (``scripts/install-toolchain.sh`` installs them); ``compile`` tests
need only those packages, not the shared tools.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from genx_emit.emit import module_grf
from genx_emit.targets import device_target

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
SHARED_TOOLS = Path(os.environ.get("GENX_SHARED_TOOLS", ROOT.parent / "shared" / "tools"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite golden files from the current output (review the diff!)")


TOOLCHAIN_FIXTURES = {"toolchain", "compile_tools"}
SLOW_FILES = {"test_fuzz.py"}  # fuzzing: minutes, and what it finds is kept as fixed cases


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Markers for the inner loop (`pytest -m "not toolchain and not slow"`); CI runs everything:
    `toolchain` on every test that runs Intel's tools, `slow` on the fuzzing tests."""
    for item in items:
        if TOOLCHAIN_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.toolchain)
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


def toolchain_missing() -> str | None:
    """Why the toolchain tests cannot run here, or None."""
    if not (SHARED_TOOLS / "igc-check").exists():
        return f"igc-check not found under {SHARED_TOOLS} (set GENX_SHARED_TOOLS)"
    for tool in ("ocloc", "llvm-spirv-14", "iga64", "llvm-config-14"):
        if shutil.which(tool) is None:
            return f"'{tool}' is not installed: run scripts/install-toolchain.sh"
    return None


@dataclass
class IgcResult:
    returncode: int
    output: str
    bad_signatures: int | None
    kernels: dict[str, dict[str, int]]  # kernel -> instructions, dpas, send, mov, block2d, scratch


_KERNEL_LINE = re.compile(r"^kernel (\S+): (\d+) instructions; dpas (\d+), send (\d+), mov (\d+), "
                          r"block2d (\d+), scratch (\d+)")


class Toolchain:
    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.env = dict(os.environ, GENX_CHECK_DIR=str(workdir / "genx-check-bin"))

    def igc_check(self, ll: Path, device: str = "pvc") -> IgcResult:
        out = self.workdir / f"{ll.stem}.{device}"
        env = self.env
        if module_grf(ll.read_text()):
            # igc-check runs ocloc with -vc-codegen only; a kernel that asks for the large register
            # file gets it the way any VC user passes an option to IGC (see targets.GrfModes)
            env = dict(env, IGC_VCApiOptions=device_target(device).grf_modes.ocloc_option)
        proc = subprocess.run([str(SHARED_TOOLS / "igc-check"), str(ll), "-d", device, "-o", str(out)],
                              capture_output=True, text=True, env=env, timeout=600)
        text = proc.stdout + proc.stderr
        m = re.search(r"(\d+) genx declarations, (\d+) bad", text)
        kernels = {}
        for line in text.splitlines():
            k = _KERNEL_LINE.match(line)
            if k:
                keys = ("instructions", "dpas", "send", "mov", "block2d", "scratch")
                kernels[k.group(1)] = dict(zip(keys, map(int, k.groups()[1:]), strict=True))
        return IgcResult(proc.returncode, text, int(m.group(2)) if m else None, kernels)

    def genx_check(self) -> Path:
        build = SHARED_TOOLS / "genx-check" / "build.sh"
        out = subprocess.run([str(build), str(self.workdir / "genx-check-bin")],
                             capture_output=True, text=True, check=True, timeout=600)
        return Path(out.stdout.strip().splitlines()[-1])


def one_kernel(*body: str, args: str = "", ret: bool = True) -> str:
    """A gpu.module holding one kernel ``@k(args)`` whose body lines, indented by 4, start on line
    3 (``%t = op`` puts the op at column 10, an op without a result is at column 5), ended by
    ``gpu.return`` unless ``ret`` is False."""
    lines = ["gpu.module @m {", f"  gpu.func @k({args}) kernel {{", *(f"    {b}" for b in body)]
    return "\n".join([*lines, *(["    gpu.return"] if ret else []), "  }", "}", ""])


def compile_without_scratch(toolchain: Toolchain, tmp_path: Path, kernel: Path) -> None:
    """The kernel file ``kernel`` (its kernel ``k``) lowered for PVC compiles with the real
    toolchain and uses no scratch space (no spills)."""
    from genx_emit.api import lower_text

    ll = tmp_path / f"{kernel.stem}.ll"
    ll.write_text(lower_text(kernel.read_text(), kernel.name))
    r = toolchain.igc_check(ll)
    assert r.returncode == 0 and r.kernels["k"]["scratch"] == 0, r.output


@pytest.fixture(scope="session")
def toolchain(tmp_path_factory: pytest.TempPathFactory) -> Toolchain:
    why = toolchain_missing()
    if why:
        pytest.skip(f"Intel toolchain unavailable: {why}")
    return Toolchain(tmp_path_factory.mktemp("toolchain"))


@pytest.fixture(scope="session")
def compile_tools() -> None:
    """Skips unless every tool ``genx-emit compile --emit asm`` runs is on PATH: the Debian packages
    are all it needs (unlike the ``toolchain`` fixture, no igc-check)."""
    from genx_emit.toolchain import ToolchainError, check_tools

    try:
        check_tools("asm")
    except ToolchainError as e:
        pytest.skip(f"genx-emit compile cannot run here: {e}")


def clipped_store(dst, tile, y: int, x: int):
    """What a 2D store of ``tile`` at row ``y``, column ``x`` leaves in ``dst`` (numpy arrays):
    the tile's elements inside ``dst``, every other element unchanged."""
    want = dst.copy()
    h, w = tile.shape
    H, W = dst.shape
    r0, c0 = max(y, 0), max(x, 0)
    r1, c1 = min(y + h, H), min(x + w, W)
    if r0 < r1 and c0 < c1:
        want[r0:r1, c0:c1] = tile[r0 - y:r1 - y, c0 - x:c1 - x]
    return want
