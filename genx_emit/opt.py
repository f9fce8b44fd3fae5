"""``genx-emit opt``: parse, run named passes, print the IR (:mod:`genx_emit.passes`,
:mod:`genx_emit.mlir.printer`)."""

from __future__ import annotations

import time
from collections.abc import Callable

import click

from genx_emit.mlir.parser import parse_mlir
from genx_emit.mlir.printer import print_module
from genx_emit.passes import DEFAULT_PIPELINE, PASSES, PassContext, PassError, parse_pipeline, run_pipeline
from genx_emit.passes.manager import check_names
from genx_emit.passes.registry import pass_summary
from genx_emit.targets import get_target

OnStage = Callable[[str, float], None]
OnDump = Callable[[str, str], None]


def pipeline_of(passes: tuple[str, ...], pipeline: str | None) -> list[str]:
    """The passes ``--pass`` and ``--pass-pipeline`` ask for (the default pipeline without
    either); an unknown name or a malformed pipeline is a usage error."""
    try:
        if passes and pipeline is not None:
            raise click.UsageError("give --pass or --pass-pipeline, not both")
        if pipeline is not None:
            return parse_pipeline(pipeline)
        if passes:
            check_names(list(passes))
            return list(passes)
        return list(DEFAULT_PIPELINE)
    except PassError as e:
        raise click.UsageError(str(e)) from None


def opt_text(text: str, filename: str, names: list[str], target: str = "pvc", locations: bool = True,
             on_stage: OnStage | None = None, dump: OnDump | None = None) -> str:
    """Parse ``text``, run the passes ``names`` and return the printed IR. ``dump`` is given
    the printed IR after each pass. Bad input raises DiagnosticError."""
    start = time.perf_counter()
    src = parse_mlir(text, filename)
    if on_stage is not None:
        on_stage("parse", time.perf_counter() - start)
    after = None
    if dump is not None:
        after = lambda name, m: dump(name, print_module(m, locations))  # noqa: E731
    run_pipeline(src, names, PassContext(get_target(target)), on_stage, after)
    start = time.perf_counter()
    out = print_module(src, locations)
    if on_stage is not None:
        on_stage("print", time.perf_counter() - start)
    return out


def list_passes() -> str:
    """One line per pass: ``* name  summary`` (``*``: in the default pipeline, in its order)."""
    order = [*DEFAULT_PIPELINE, *sorted(n for n in PASSES if n not in DEFAULT_PIPELINE)]
    width = max(map(len, order))
    lines = [f"{'*' if n in DEFAULT_PIPELINE else ' '} {n:<{width}}  {pass_summary(n)}" for n in order]
    return "\n".join(lines)
