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


# -- --verify-diagnostics ------------------------------------------------------------------
_EXPECTED = re.compile(r"//\s*expected-(error|note)\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*?)\}\}")


@dataclass
class Expected:
    kind: str  # "error" or "note"
    line: int  # the line the diagnostic must point at
    text: str  # a substring of its message
    at: int  # the line of the comment, for reports


def expected_diagnostics(text: str) -> list[Expected]:
    """The ``// expected-error {{...}}`` / ``expected-note`` comments of ``text``, as mlir-opt's
    --verify-diagnostics reads them: on the line itself, or ``@+N`` / ``@-N`` / ``@above`` /
    ``@below`` lines away."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in _EXPECTED.finditer(line):
            where = m.group(2)
            offset = {None: 0, "above": -1, "below": 1}.get(where)
            out.append(Expected(m.group(1), n + (int(where) if offset is None else offset), m.group(3), n))
    return out


def verify_diagnostics(chunk: str, filename: str, error: DiagnosticError | None) -> list[str]:
    """What does not match between the diagnostic a chunk produced (or None) and the ones its
    comments expect: one located message per mismatch, empty when everything matches."""
    expected = expected_diagnostics(chunk)
    produced = []
    if error is not None:
        produced = [("error", error.loc, error.message), *(("note", loc, msg) for loc, msg in error.notes)]
    problems = []
    for kind, loc, message in produced:
        match = next((e for e in expected if e.kind == kind and e.line == loc.line and e.text in message
                      and loc.filename == filename), None)
        if match is None:
            problems.append(f"{loc}: error: unexpected {kind}: {message}")
        else:
            expected.remove(match)
    for e in expected:
        problems.append(f"{filename}:{e.at}:1: error: expected {e.kind} \"{e.text}\" at line {e.line} "
                        "was not produced")
    return problems


def lower_verifying(text: str, filename: str, split: bool, lower: Callable[[str, str], str]) -> Lowered:
    """lower_input with --verify-diagnostics: each chunk's diagnostics must be exactly the ones its
    ``// expected-*`` comments announce (a chunk that lowers must announce none); mismatches are
    printed and make the result failed. The output is that of the chunks that lowered."""
    outputs: list[str] = []
    failed = False
    for chunk in split_chunks(text) if split else [text]:
        error = None
        try:
            outputs.append(lower(chunk, filename))
        except DiagnosticError as e:
            error = e
        for problem in verify_diagnostics(chunk, filename, error):
            click.echo(problem, err=True)
            failed = True
    return Lowered(OUTPUT_SEPARATOR.join(outputs), failed)
