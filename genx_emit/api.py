"""The Python entry points: text in, GenX LLVM IR text out."""

from __future__ import annotations

from genx_emit.emit import render_module, verify_llvm
from genx_emit.frontend import read_kernels
from genx_emit.lower.driver import lower_module
from genx_emit.targets import get_target
from genx_emit.xegpu.model import KernelModule


def lower_kernels(km: KernelModule, target: str = "pvc", kernel: str | None = None,
                  kernel_md: str = "current", legalize: bool = True, abi: str = "genx") -> str:
    """Lower an op model (parsed or built by hand) to a verified ``.ll`` text. ``legalize=False``
    leaves region accesses unsplit (the raw form; IGC may reject it). ``abi="spirv"`` gives the
    SPIR-V-ready form (what the vc-intrinsics writer adaptor makes of the default one)."""
    module, kernels = lower_module(km, get_target(target), kernel, legalize=legalize)
    text = render_module(module, kernels, kernel_md=kernel_md, abi=abi)
    verify_llvm(text)
    return text


def lower_text(text: str, filename: str = "<stdin>", target: str = "pvc", kernel: str | None = None,
               kernel_md: str = "current", legalize: bool = True, abi: str = "genx") -> str:
    """XeGPU MLIR text -> GenX LLVM IR text. Bad input raises DiagnosticError."""
    return lower_kernels(read_kernels(text, filename), target, kernel, kernel_md, legalize, abi)
