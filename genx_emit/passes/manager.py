"""Running passes: the pipeline as a list of names, the shared context, timings, and a hook
after each pass (``--print-ir-after-all``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from genx_emit.diagnostics import did_you_mean
from genx_emit.passes.registry import PASSES, pass_function

if TYPE_CHECKING:
    from genx_emit.mlir.ir import SourceModule
    from genx_emit.targets import Target

AfterPass = Callable[[str, "SourceModule"], None]
OnStage = Callable[[str, float], None]


class PassError(ValueError):
    """An unknown pass name or a malformed pipeline (a usage error, not bad input)."""


@dataclass
class PassContext:
    """What passes share besides the IR: the target (``lower``/``compile``'s, ``opt --target``;
    None when the IR is read for no target, as ``sim`` reads a kernel's signature: a pass that
    needs it must then do without), and ``notes``, facts a pass hands to the op-model build
    (``genx-lane-to-subgroup``'s SIMT records) by name."""

    target: Target | None = None
    notes: dict[str, Any] = field(default_factory=dict)


def parse_pipeline(text: str) -> list[str]:
    """``"a,b,c"`` (MLIR's ``--pass-pipeline`` also allows ``builtin.module(a,b)``: the anchor
    is dropped, all passes run on the whole module) -> checked pass names."""
    body = text.strip()
    while "(" in body:
        anchor, _, rest = body.partition("(")
        if not rest.endswith(")"):
            raise PassError(f"malformed pass pipeline '{text}': unbalanced '('")
        if anchor.strip() not in ("builtin.module", "gpu.module", "gpu.func", "any"):
            raise PassError(f"malformed pass pipeline '{text}': unknown anchor '{anchor.strip()}'")
        body = rest[:-1]
    names = [n.strip() for n in body.split(",") if n.strip()]
    check_names(names)
    return names


def check_names(names: list[str]) -> None:
    for name in names:
        if name not in PASSES:
            raise PassError(f"unknown pass '{name}'{did_you_mean(name, PASSES)}")


def run_pipeline(src: SourceModule, names: list[str] | tuple[str, ...], ctx: PassContext | None = None,
                 on_stage: OnStage | None = None, after: AfterPass | None = None) -> PassContext:
    """Run the passes ``names`` in order on ``src`` (in place). ``on_stage`` is told each pass's
    time ("pass NAME"), ``after`` sees the IR after each pass. Bad input raises DiagnosticError."""
    check_names(list(names))
    ctx = ctx or PassContext()
    for name in names:
        fn = pass_function(name)
        start = time.perf_counter()
        fn(src, ctx)
        if on_stage is not None:
            on_stage(f"pass {name}", time.perf_counter() - start)
        if after is not None:
            after(name, src)
    return ctx
