"""Drives Intel's vector-compute toolchain for ``genx-emit compile``.

The SPIR-V-ready module (``--abi spirv``, so no adaptor pass is needed) goes through
``llvm-as-14`` (bitcode), ``llvm-spirv-14`` (SPIR-V, GenX intrinsics allowed through),
``ocloc compile -spirv_input -options -vc-codegen`` (IGC: a device binary) and, for assembly,
``ocloc disasm`` + ``iga64``. Each step runs in a private temporary directory with a time
limit; a missing tool or a failing step raises ToolchainError with the tool's own message.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from genx_emit.targets import Target

EMITS = ("ll", "bc", "spv", "bin", "asm")
BINARY_EMITS = ("bc", "spv", "bin")
SUFFIXES = {".ll": "ll", ".bc": "bc", ".spv": "spv", ".bin": "bin", ".asm": "asm", ".s": "asm"}

# tool -> the Debian package that provides it
PACKAGES = {
    "llvm-as-14": "llvm-14",
    "llvm-spirv-14": "llvm-spirv-14",
    "ocloc": "intel-opencl-icd libigc1 libigdfcl1",
    "iga64": "libigc-tools",
}
ALL_PACKAGES = "intel-opencl-icd libigc1 libigdfcl1 libigc-tools llvm-14 llvm-spirv-14"
SPIRV_OPTIONS = ("--spirv-ext=+all", "--spirv-allow-unknown-intrinsics=llvm.genx.")
SPILL_RE = re.compile(r"spill", re.I)
DEFAULT_TIMEOUT = 600.0  # seconds per tool; ocloc has been seen never to finish on illegal input

# What a tool prints on stderr when it succeeds (iga64's "unexpected padding at end of kernel" on
# most kernels) is logged here at INFO, one record per line, never mixed into the output: silent
# unless the caller asks (``genx-emit compile -v`` shows it).
log = logging.getLogger(__name__)


class ToolchainError(Exception):
    """A tool is missing, failed or timed out; the message is what the user needs to see."""


OnStage = Callable[[str, float], None]  # called with a stage's name and its duration in seconds


def tools_needed(emit: str) -> list[str]:
    steps = {"ll": [], "bc": ["llvm-as-14"], "spv": ["llvm-as-14", "llvm-spirv-14"],
             "bin": ["llvm-as-14", "llvm-spirv-14", "ocloc"],
             "asm": ["llvm-as-14", "llvm-spirv-14", "ocloc", "iga64"]}
    return steps[emit]


def check_tools(emit: str) -> None:
    """One error naming every missing tool and the Debian packages to install."""
    missing = [t for t in tools_needed(emit) if shutil.which(t) is None]
    if missing:
        raise ToolchainError(
            f"{', '.join(missing)} not found: --emit {emit} needs Intel's toolchain. Install the Debian "
            f"packages {ALL_PACKAGES} (scripts/install-toolchain.sh does it)")


def _run(argv: list[str], cwd: Path, timeout: float) -> tuple[str, str]:
    """Run a tool in its own process group (killed whole on timeout); its (stdout, stderr), or an
    error carrying its message. The streams stay apart so that warnings never end up in an output."""
    proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise ToolchainError(f"{argv[0]} did not finish within {timeout:g} s (killed)") from None
    stdout, stderr = (b.decode("utf-8", "replace").strip() for b in (out, err))
    if proc.returncode != 0:
        how = f"killed by signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}"
        # the reason is usually on stderr; some tools (ocloc's build log) put it on stdout
        raise ToolchainError(f"{argv[0]} failed ({how}):\n" + "\n".join(t for t in (stderr, stdout) if t))
    return stdout, stderr


def ocloc_options(target: Target, grf: int | None = None) -> str:
    """The ``-options`` IGC gets: VC code generation, and the large register file when asked."""
    large = grf is not None and grf > target.grf_modes.default
    return "-vc-codegen" + (f" {target.grf_modes.ocloc_option}" if large else "")


def compile_module(spirv_ll: str, target: Target, device: str, emit: str, timeout: float = DEFAULT_TIMEOUT,
                   on_stage: OnStage | None = None, grf: int | None = None) -> bytes:
    """The SPIR-V-ready ``.ll`` text compiled as far as ``emit`` asks; the output file's bytes.
    ``grf``: the register-file size to ask IGC for (None: the default)."""
    if emit not in EMITS:
        raise ValueError(f"emit must be one of {EMITS}, got {emit!r}")
    if emit == "ll":
        return spirv_ll.encode()
    check_tools(emit)

    def step(name: str, argv: list[str], cwd: Path) -> tuple[str, str]:
        start = time.perf_counter()
        out, err = _run(argv, cwd, timeout)
        if on_stage:
            on_stage(name, time.perf_counter() - start)
        for line in err.splitlines():
            # IGC's spill report ("Spill memory used = N bytes for kernel K", then its advice) is
            # a warning everyone needs to see; the rest (iga64's padding notes) only with -v.
            log.log(logging.WARNING if SPILL_RE.search(line) else logging.INFO, "%s: %s", name, line)
        return out, err

    with tempfile.TemporaryDirectory(prefix="genx-emit-") as tmp:
        work = Path(tmp)
        (work / "k.ll").write_text(spirv_ll, encoding="utf-8")
        step("llvm-as-14", ["llvm-as-14", "k.ll", "-o", "k.bc"], work)
        if emit == "bc":
            return (work / "k.bc").read_bytes()
        step("llvm-spirv-14", ["llvm-spirv-14", "k.bc", "-o", "k.spv", *SPIRV_OPTIONS], work)
        if emit == "spv":
            return (work / "k.spv").read_bytes()
        ocloc = ["ocloc", "compile", "-q", "-file", "k.spv", "-spirv_input", "-device", device,
                 "-options", ocloc_options(target, grf), "-out_dir", "out", "-output", "k"]
        ocloc_out, ocloc_err = step(f"ocloc ({device})", ocloc, work)
        bins = sorted((work / "out").glob("k*.bin"))
        if not bins:  # ocloc has been seen to exit 0 without a binary
            why = "\n".join(t for t in (ocloc_err, ocloc_out) if t)
            raise ToolchainError(f"ocloc produced no binary for {device}:\n{why}")
        if emit == "bin":
            return bins[0].read_bytes()
        disasm = ["ocloc", "disasm", "-file", str(bins[0]), "-device", device, "-dump", "dis"]
        step("ocloc disasm", disasm, work)
        return _assembly(work / "dis", target, step).encode()


def _assembly(dump: Path, target: Target, step: Callable[[str, list[str], Path], tuple[str, str]]) -> str:
    """Every kernel's instructions, kernels in name order, each under a ``// kernel NAME`` line."""
    heaps = sorted(dump.glob("*_KernelHeap.dat"))
    if not heaps:
        raise ToolchainError("ocloc disasm found no kernel in the binary")
    parts = []
    for heap in heaps:
        name = heap.name.removesuffix("_KernelHeap.dat")
        text, _ = step(f"iga64 ({name})", ["iga64", "-d", f"-p={target.iga_platform}", str(heap)], dump)
        # The heap is padded after the last instruction; iga64 shows the padding as 'illegal'.
        lines = [ln for ln in text.splitlines() if not ln.strip().startswith("illegal")]
        parts.append(f"// kernel {name}\n" + "\n".join(lines).rstrip() + "\n")
    return "\n".join(parts)
