"""A CPU simulator (numpy) of the GenX LLVM IR genx-emit emits.

``run(module, kernel, grid, args, threads=1)`` executes a kernel of a ``.ll`` text (or a path
to one, or XeGPU MLIR text/path, lowered first) on a grid of work-groups and returns the final
contents of every array argument. Modules: ``reader`` (the ``.ll`` reader), ``memory``
(global address space, SLM, the memory tracker), ``regions``, ``lsc``, ``block2d``, ``dpas``
(intrinsic semantics, one thread and many), ``llvm_ops`` (plain instructions), ``intrinsics``
(call dispatch, one thread), ``batched`` (the intrinsics run for many threads at once),
``machine`` (compilation to closures, batches of threads in lockstep, barriers, the grid),
``command`` (``genx-emit sim``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from genx_emit.sim.machine import simulate
from genx_emit.sim.reader import Module, SimError, is_llvm_ir, parse_module

__all__ = ["SimError", "load_module", "run"]


def load_module(module: str | Path | Module, filename: str | None = None, target: str = "pvc",
                legalize: bool = True) -> Module:
    """A parsed module from ``.ll`` text, MLIR text (lowered with genx-emit), or a path to either."""
    from genx_emit.targets import get_target

    if isinstance(module, Module):
        return module
    tgt = get_target(target)
    if isinstance(module, Path) or ("\n" not in module and Path(module).suffix in (".ll", ".mlir")):
        path = Path(module)
        text = path.read_text(encoding="utf-8")
        filename = filename or str(path)
    else:
        text = module
        filename = filename or "<input>"
    if is_mlir(text):
        from genx_emit.api import lower_text
        from genx_emit.sim.signature import expected_args

        ll = lower_text(text, filename, target=target, legalize=legalize)
        m = parse_module(ll, filename + ".ll")
        m.expect = expected_args(text, filename)
    else:
        m = parse_module(text, filename)
    m.for_target(tgt)
    return m


def is_mlir(text: str) -> bool:
    """True for MLIR input, False for LLVM IR (see :func:`reader.is_llvm_ir`)."""
    return not is_llvm_ir(text)


def run(module: str | Path | Module, kernel: str | None, grid, args: dict[str, object], threads=1,
        target: str = "pvc", legalize: bool = True, check_types: bool = False) -> dict[str, np.ndarray]:
    """Simulate ``kernel`` (None: the module's only kernel) on ``grid`` (x[, y[, z]]) work-groups of
    ``threads`` (n or (x, y, z)) threads. ``args`` maps argument names to numpy arrays (bound to
    pointer arguments) or numbers; returns new arrays with the final memory of every array
    argument. ``target`` is the GPU the IR is for (MLIR is lowered for it; its GRF size sets
    2D block payload padding); ``legalize`` applies when ``module`` is MLIR. ``check_types`` makes every
    instruction check its value's numpy type (a self-check of the simulator, slower)."""
    return simulate(load_module(module, target=target, legalize=legalize), kernel, grid, args, threads,
                    check_types)
