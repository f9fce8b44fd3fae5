"""``genx-emit lower`` over several inputs and over ``// -----`` chunks (``--split-input-file``).

A chunk is lowered alone but keeps its real line numbers: it is the whole file with every other
chunk's lines blanked, so diagnostics point into the file as the user sees it. A failing chunk or
input is reported and the others still run; the command exits 1 at the end if any failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click

from genx_emit.diagnostics import DiagnosticError

SPLIT_MARKER = re.compile(r"^[ \t]*// -----")  # mlir-opt's --split-input-file separator line
OUTPUT_SEPARATOR = "// -----\n"


def split_chunks(text: str) -> list[str]:
    """The ``// -----``-separated chunks of ``text``, each padded with blank lines (and the
    separator lines blanked) so that line N of a chunk is line N of ``text``."""
    lines = text.splitlines(keepends=True)
    starts = [0] + [i + 1 for i, line in enumerate(lines) if SPLIT_MARKER.match(line)]
    ends = [i for i, line in enumerate(lines) if SPLIT_MARKER.match(line)] + [len(lines)]
    return ["\n" * start + "".join(lines[start:end]) for start, end in zip(starts, ends, strict=True)]


@dataclass
class Lowered:
    """One input's result: the ``.ll`` text of every chunk that lowered, and whether any failed."""

    text: str
    failed: bool


def lower_input(text: str, filename: str, split: bool, lower: Callable[[str, str], str]) -> Lowered:
    """Lower ``text`` (one module, or each chunk with ``split``) with ``lower(text, filename)``;
    a chunk's DiagnosticError is printed to stderr and the next chunk runs."""
    sources = {filename: text}
    outputs: list[str] = []
    failed = False
    for chunk in split_chunks(text) if split else [text]:
        try:
            outputs.append(lower(chunk, filename))
        except DiagnosticError as e:
            click.echo(e.render(sources), err=True)
            failed = True
    return Lowered(OUTPUT_SEPARATOR.join(outputs), failed)


def output_paths(inputs: tuple[str, ...], output_dir: str) -> list[str]:
    """``output_dir/STEM.ll`` for each input; a usage error for stdin or two inputs with one stem."""
    paths: dict[str, str] = {}
    for path in inputs:
        if path == "-":
            raise click.UsageError("--output-dir needs named inputs, not '-' (stdin)")
        out = str(Path(output_dir) / (Path(path).stem + ".ll"))
        if out in paths:
            raise click.UsageError(f"'{paths[out]}' and '{path}' would both be written to '{out}'")
        paths[out] = path
    return list(paths)
