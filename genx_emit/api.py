"""The Python entry points: text in, GenX LLVM IR text (or a device binary) out."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from genx_emit.emit import release_module, render_module, verify_llvm
from genx_emit.frontend import read_kernels
from genx_emit.lower.driver import lower_module
from genx_emit.ops.model import KernelModule, paused_gc
from genx_emit.targets import get_target

if TYPE_CHECKING:  # the ISA figures are only read by compile: lower does not import them
    from genx_emit.isa_stats import KernelStats

OnStage = Callable[[str, float], None]  # a stage's name and its duration in seconds


@contextmanager
def _stage(name: str, on_stage: OnStage | None) -> Iterator[None]:
    start = time.perf_counter()
    yield
    if on_stage:
        on_stage(name, time.perf_counter() - start)


def lower_kernels(km: KernelModule, target: str = "pvc", kernel: str | None = None,
                  kernel_md: str = "current", legalize: bool = True, abi: str = "genx",
                  on_stage: OnStage | None = None, annotate: bool = False,
                  grf: str = "auto", block2d_form: str = "payload") -> str:
    """Lower an op model (parsed or built by hand) to a verified ``.ll`` text. ``legalize=False``
    leaves region accesses unsplit (the raw form; IGC may reject it). ``abi="spirv"`` gives the
    SPIR-V-ready form (what the vc-intrinsics writer adaptor makes of the default one).
    ``on_stage`` is told each stage's duration. ``annotate`` adds comments (annotate.py).
    ``grf``: register-file size, "auto" (from the registers live across the hottest loop), "128"
    or "256"; a kernel not on the default carries its size in the module (``emit.GRF_ATTR``).
    ``block2d_form``: 2D block messages as raw sends from a header built once per descriptor
    ("payload") or as the ``lsc.*2d.stateless`` intrinsics ("scalar")."""
    with paused_gc():  # hundreds of thousands of long-lived objects: see paused_gc
        return _lower_kernels(km, target, kernel, kernel_md, legalize, abi, on_stage, annotate, grf,
                              block2d_form)


def _lower_kernels(km: KernelModule, target: str, kernel: str | None, kernel_md: str, legalize: bool,
                   abi: str, on_stage: OnStage | None, annotate: bool, grf: str, block2d_form: str) -> str:
    source_of: dict | None = {} if annotate else None
    with _stage("lower", on_stage):
        module, kernels = lower_module(km, get_target(target), kernel, legalize=legalize, source_of=source_of,
                                       grf=grf, block2d_form=block2d_form)
    with _stage("render", on_stage):
        annotator = None
        if source_of is not None:
            from genx_emit.annotate import Annotator

            annotator = Annotator(source_of, km.sources)
        text = render_module(module, kernels, kernel_md=kernel_md, abi=abi, annotate=annotator)
    release_module(module)
    with _stage("verify (llvmlite)", on_stage):
        verify_llvm(text)
    return text


def lower_text(text: str, filename: str = "<stdin>", target: str = "pvc", kernel: str | None = None,
               kernel_md: str = "current", legalize: bool = True, abi: str = "genx",
               on_stage: OnStage | None = None, annotate: bool = False, grf: str = "auto",
               block2d_form: str = "payload", launch: str | None = None) -> str:
    """XeGPU MLIR text -> GenX LLVM IR text. Bad input raises DiagnosticError. ``launch``
    ("work-items" / "threads", None: decided per kernel) is what ``gpu.thread_id`` counts
    (ops/launch.py)."""
    with paused_gc():  # one collection after the whole run, not one per stage
        with _stage("parse + verify XeGPU", on_stage):  # the total of parse, each pass, build + verify
            km = read_kernels(text, filename, on_stage=on_stage, target=get_target(target), launch=launch)
        ll = lower_kernels(km, target, kernel, kernel_md, legalize, abi, on_stage, annotate, grf,
                           block2d_form)
        del km  # freed now, by reference counts: the collection that follows need not walk it
    return ll


def compile_stats(text: str, filename: str = "<stdin>", device: str = "pvc", kernel: str | None = None,
                  timeout: float | None = None, on_stage: OnStage | None = None,
                  grf: str = "auto", block2d_form: str = "payload",
                  launch: str | None = None) -> list[KernelStats]:
    """XeGPU MLIR text compiled to ISA; the figures of each kernel (:mod:`genx_emit.isa_stats`)."""
    from genx_emit import toolchain
    from genx_emit.emit import module_grf
    from genx_emit.isa_stats import asm_stats
    from genx_emit.targets import device_target

    target = device_target(device)
    ocloc_device = target.ocloc_device if device == target.name else device
    toolchain.check_tools("asm")
    ll = lower_text(text, filename, target.name, kernel, abi="spirv", on_stage=on_stage, grf=grf,
                    block2d_form=block2d_form, launch=launch)
    size = module_grf(ll)
    asm = toolchain.compile_module(ll, target, ocloc_device, "asm", timeout or toolchain.DEFAULT_TIMEOUT,
                                   on_stage, grf=size).decode()
    return asm_stats(asm, size or target.grf_modes.default)


def compile_text(text: str, filename: str = "<stdin>", device: str = "pvc", emit: str = "bin",
                 kernel: str | None = None, timeout: float | None = None,
                 on_stage: OnStage | None = None, grf: str = "auto", block2d_form: str = "payload",
                 launch: str | None = None) -> bytes:
    """XeGPU MLIR text -> the bytes of ``emit``: "ll" (SPIR-V-ready LLVM IR), "bc", "spv", "bin"
    (the device binary from IGC), "asm" (its disassembly) or "stats" (a table of the ISA figures
    of each kernel, :func:`compile_stats`). ``device`` is an ocloc device name
    (pvc, acm-g10, ...) or a target name. Bad input raises DiagnosticError; a missing or failing
    tool raises toolchain.ToolchainError with the tool's message. ``grf`` as for
    :func:`lower_kernels`; IGC is asked for the largest register file a kernel chose; ``block2d_form``
    as for :func:`lower_kernels`."""
    from genx_emit import toolchain
    from genx_emit.targets import device_target

    if emit == "stats":
        from genx_emit.isa_stats import row, table

        stats = compile_stats(text, filename, device, kernel, timeout, on_stage, grf, block2d_form, launch)
        return table([row(s) for s in stats]).encode()
    target = device_target(device)
    ocloc_device = target.ocloc_device if device == target.name else device
    if emit != "ll":
        toolchain.check_tools(emit)  # before the work, so a missing tool is reported at once
    from genx_emit.emit import module_grf

    ll = lower_text(text, filename, target.name, kernel, abi="spirv", on_stage=on_stage, grf=grf,
                    block2d_form=block2d_form, launch=launch)
    return toolchain.compile_module(ll, target, ocloc_device, emit, timeout or toolchain.DEFAULT_TIMEOUT,
                                    on_stage, grf=module_grf(ll))


def work_group_threads(text: str, items: tuple[int, ...], filename: str = "<stdin>",
                       kernel: str | None = None, launch: str | None = None) -> tuple[int, ...]:
    """The work-group a host launches (``items``, as its ``gpu.launch_func`` writes it) in
    hardware threads, by the kernel's launch model (``genx_emit.ops.launch.work_group_threads``);
    a ValueError names what does not convert."""
    from genx_emit.mlir.parser import parse_mlir
    from genx_emit.ops import launch as launch_model

    return launch_model.work_group_threads(parse_mlir(text, filename), kernel, items, launch)
