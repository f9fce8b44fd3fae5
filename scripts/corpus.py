#!/usr/bin/env python3
"""Run genx-emit over a directory (or list) of XeGPU MLIR files written by others, e.g. a copy of
upstream MLIR's or Intel IMEX's XeGPU tests, and print per file whether it lowered, compiled, or
stopped at an error, then the totals.

    python scripts/corpus.py DIR_OR_FILE... [--device pvc] [--no-compile] [--all-functions] [-q]

A file may hold several `// -----`-separated cases (`mlir-opt --split-input-file` tests): each is
a case of its own. Cases without any XeGPU kernel (host code only) are counted as "no kernel".
Compiling needs Intel's toolchain (see README); without it, or with --no-compile, only lowering
is measured. --all-functions lowers every function as a kernel (a file without a gpu.module is
put in one): dialect tests (upstream's mlir/test/Dialect/XeGPU) seldom mark theirs `kernel`; a
function that returns a value is then an error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from genx_emit.api import compile_text, lower_kernels, lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.targets import device_target

SPLIT = "// -----"


def cases(path: Path) -> list[tuple[str, str]]:
    """(name, text) of each case in a file; a split file's pieces keep their line numbers. A
    separator is a line of just ``// -----``: a comment rule such as ``// -------- Load A --------``
    inside a kernel splits nothing."""
    text = path.read_text(errors="replace")
    lines = text.splitlines(keepends=True)
    marks = [i for i, t in enumerate(lines) if t.strip() == SPLIT]
    if not marks:
        return [(str(path), text)]
    out = []
    for i, (start, end) in enumerate(zip([0] + [m + 1 for m in marks], marks + [len(lines)], strict=True)):
        out.append((f"{path}#{i}", "\n" * start + "".join(lines[start:end])))
    return out


def files(args: list[str]) -> list[Path]:
    found: list[Path] = []
    for a in args:
        p = Path(a)
        found += sorted(p.rglob("*.mlir")) if p.is_dir() else [p]
    return found


def first_line(msg: str) -> str:
    return msg.strip().splitlines()[0] if msg.strip() else "(no message)"


def run_case(name: str, text: str, target: str, device: str | None,
             all_functions: bool = False) -> tuple[str, str]:
    """The outcome ("compiled", "lowered", "no kernel", "error", "compile error") and a note."""
    try:
        if all_functions:
            if "gpu.module" not in text:  # bare func.func tests: device code once inside a gpu.module
                text = "gpu.module @corpus { " + text + "\n}"  # same line numbers
            lower_kernels(read_kernels(text, name, all_functions=True), target)
        else:
            lower_text(text, name, target)
    except DiagnosticError as e:
        msg = first_line(str(e))
        return ("no kernel", msg) if "no kernel" in msg or "no gpu.func" in msg else ("error", msg)
    except Exception as e:  # noqa: BLE001 - a bug in genx-emit; counted, and the run goes on
        return "internal error", f"{type(e).__name__}: {first_line(str(e))}"
    if device is None or all_functions:
        return "lowered", ""
    from genx_emit import toolchain

    try:
        compile_text(text, name, device, emit="bin")
    except (toolchain.ToolchainError, DiagnosticError) as e:
        return "compile error", first_line(str(e))
    return "compiled", ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--device", default="pvc", help="ocloc device to compile for (default pvc)")
    ap.add_argument("--no-compile", action="store_true", help="lower only")
    ap.add_argument("--all-functions", action="store_true",
                    help="lower every function of a gpu.module as a kernel (lowering only)")
    ap.add_argument("-q", "--quiet", action="store_true", help="totals and failures only")
    a = ap.parse_args(argv)
    target = device_target(a.device).name
    device = None if (a.no_compile or a.all_functions) else a.device
    if device is not None:
        from genx_emit import toolchain

        try:
            toolchain.check_tools("bin")
        except toolchain.ToolchainError as e:
            print(f"corpus: {first_line(str(e))}; lowering only", file=sys.stderr)
            device = None
    counts: dict[str, int] = {}
    for path in files(a.paths):
        for name, text in cases(path):
            outcome, note = run_case(name, text, target, device, a.all_functions)
            counts[outcome] = counts.get(outcome, 0) + 1
            if not a.quiet or outcome in ("error", "compile error", "internal error"):
                print(f"{outcome:13} {name}" + (f"  {note}" if note else ""))
    lowered = counts.get("lowered", 0) + counts.get("compiled", 0) + counts.get("compile error", 0)
    total = sum(counts.values())
    summary = f"{total} cases: {lowered} lowered"
    if device is not None:
        summary += f", {counts.get('compiled', 0)} compiled for {device}, " \
                   f"{counts.get('compile error', 0)} failed to compile"
    summary += f", {counts.get('error', 0)} errors, {counts.get('internal error', 0)} internal errors, " \
               f"{counts.get('no kernel', 0)} without a kernel"
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
