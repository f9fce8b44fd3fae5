"""The named passes and the default pipeline (what ``lower`` and ``compile`` run).

Names follow upstream MLIR where upstream has the same step (``xegpu-wg-to-sg-distribute``) and
say plainly what the step does where it has none (``genx-...``). Each entry is
``"module:function"``: the module is imported only when the pass runs, so ``lower`` pays for no
pass it does not need.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from genx_emit.mlir.ir import SourceModule
    from genx_emit.passes.manager import PassContext

PassFn = Callable[["SourceModule", "PassContext"], None]

# Register a pass: one line here, name -> "module:function(src, ctx)".
PASSES: dict[str, str] = {
    "inline": "genx_emit.passes.inline:inline_calls",
    "genx-check-attribute-names": "genx_emit.passes.steps:check_attribute_names",
    "genx-launch-model": "genx_emit.passes.steps:launch_model",
    "xegpu-propagate-layout": "genx_emit.passes.steps:propagate_layout",
    "xegpu-wg-to-sg-distribute": "genx_emit.passes.steps:wg_to_sg_distribute",
    "genx-lane-to-subgroup": "genx_emit.passes.steps:lane_to_subgroup",
    "genx-unfold-array-loads": "genx_emit.passes.steps:unfold_array_loads",
    "genx-carry-descriptors": "genx_emit.passes.steps:carry_descriptors",
    "genx-decide": "genx_emit.frontend:decide_pass",
}

# What `lower` / `compile` run between parsing and building the op model, in order.
DEFAULT_PIPELINE: tuple[str, ...] = (
    "inline",
    "genx-check-attribute-names",
    "genx-launch-model",
    "xegpu-propagate-layout",
    "xegpu-wg-to-sg-distribute",
    "genx-lane-to-subgroup",
    "genx-unfold-array-loads",
    "genx-carry-descriptors",
    "genx-decide",
)


def pass_function(name: str) -> PassFn:
    """The function of pass ``name`` (KeyError for an unknown name)."""
    module, _, attr = PASSES[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def pass_summary(name: str) -> str:
    """The first line of the pass function's docstring."""
    doc = pass_function(name).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""
