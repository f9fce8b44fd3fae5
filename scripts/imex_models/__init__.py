"""Numpy models of the host code of Intel IMEX's XeGPU integration tests, one per kernel file,
keyed by its path under ``test/Integration/Dialect/XeGPU`` without ``.mlir`` (``SIMT/loadstore_nd``).

Each model is written by reading that file's ``main`` and ``test`` functions: ``inputs`` makes
the arrays ``main`` fills (by the kernel's argument names, in the shapes the kernel's memref
types say), ``expect`` says what the printed result must be, from the inputs (the CPU reference
the test computes, or its CHECK lines). Random inputs stand for ``fillResource1DRandom`` and the
like; a test's fixed values (``11.11``, ``i + j``) are kept. ``grid`` runs a slice of the launch
when the whole is too slow for the simulator; ``expect`` is then told the slice and compares only
what it computes. A file whose host launches several kernels has a tuple of models, one each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

Arrays = dict[str, object]
# name -> (expected array, numpy index of the elements to compare: ... for all of them)
Expected = dict[str, tuple[np.ndarray, object]]
Launches = dict[str, tuple[tuple[int, ...], tuple[int, ...]]]


@dataclass(frozen=True)
class Model:
    kernel: str  # the launched kernel's name
    inputs: Callable[[np.random.Generator], Arrays]
    expect: Callable[[Arrays, tuple[int, ...]], Expected]
    grid: tuple[int, ...] | None = None  # a slice of the host's grid, None for all of it
    rtol: float = 1e-3
    atol: float = 1e-3
    seed: int = 0

    def launch(self, launches: Launches) -> tuple[str, tuple[tuple[int, ...], tuple[int, ...]]]:
        """This model's kernel and the (blocks, threads) its host code launches it with."""
        if self.kernel not in launches:
            raise KeyError(f"the host code launches no @{self.kernel} (it launches "
                           f"{', '.join('@' + k for k in launches) or 'nothing'})")
        return self.kernel, launches[self.kernel]


def all_models() -> dict[str, Model | tuple[Model, ...]]:
    from imex_models import sg, simt, wg

    out: dict[str, Model | tuple[Model, ...]] = {}
    for mod in (simt, sg, wg):
        for key, m in mod.MODELS.items():
            if key in out:
                raise ValueError(f"two models for {key}")
            out[key] = m
    return out


MODELS = all_models()
