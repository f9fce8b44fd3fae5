"""What every command shares: reading the input, writing outputs atomically, the exit codes,
and running a stage so that bad input is a located diagnostic rather than a traceback. Used by
``cli.py`` and the simulator's command (``sim/command.py``), so it sits below both."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import click

from genx_emit.diagnostics import DiagnosticError, collect_warnings, render_located

EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_TOOLCHAIN = 4

# --block2d-form of lower, compile and sim (lower/messages/block2d_send.py), the default first: raw sends
# from a header built once per descriptor, or the lsc.*2d.stateless intrinsics.
BLOCK2D_FORMS = ("payload", "scalar")


def read_input(path: str) -> tuple[str, str]:
    """(text, filename) of a file or ``-`` (stdin)."""
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        return Path(path).read_text(encoding="utf-8"), path
    except OSError as e:
        raise InputError(f"cannot read '{path}': {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"'{path}' is not UTF-8 text") from None


class InputError(click.ClickException):
    """An input file that cannot be read: a usage error in the same one-line form as OutputError."""

    exit_code = EXIT_USAGE

    def show(self, file: object = None) -> None:
        click.echo(f"genx-emit: error: {self.message}", err=True)


class OutputError(click.ClickException):
    """An output file that cannot be written: a usage error, one line, no traceback."""

    exit_code = EXIT_USAGE

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot write '{path}': {reason}")

    def show(self, file: object = None) -> None:
        click.echo(f"genx-emit: error: {self.message}", err=True)


def cannot_write(path: str, e: OSError) -> OutputError:
    return OutputError(path, e.strerror or str(e))


def temp_beside(target: Path) -> tuple[int, str]:
    """A temp file in the output's directory, so that the final rename stays on one file system."""
    import tempfile  # here, not at the top: it costs a stdout-only run's start-up a few ms

    return tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent if str(target.parent) else ".")


def check_writable(path: str | None) -> None:
    """Fail fast, before any work (``compile`` may run tools for minutes), when ``path`` cannot be
    written: creates and removes a temp file where write_output will put its own."""
    if path in (None, "-"):
        return
    target = Path(path)
    if target.is_dir():  # os.replace onto a directory would fail only at the end
        raise OutputError(path, os.strerror(errno.EISDIR))
    try:
        fd, tmp = temp_beside(target)
    except OSError as e:
        raise cannot_write(path, e) from None
    os.close(fd)
    os.unlink(tmp)


def write_atomic(path: str, write: Callable[[BinaryIO], None]) -> None:
    """Write a file through ``write`` atomically (temp file + rename). A path that cannot be
    written is an OutputError, and a failed write leaves no file behind."""
    target = Path(path)
    try:
        fd, tmp = temp_beside(target)
    except OSError as e:
        raise cannot_write(path, e) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes the file private; outputs are ordinary files
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, target)
    except BaseException as e:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise cannot_write(path, e) from None
        raise


def write_output(path: str | None, text: str | bytes) -> None:
    """Write ``text`` (str or bytes) to ``path`` atomically, or to stdout for None/``-``."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    if path in (None, "-"):
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_atomic(path, lambda f: f.write(data))


def run_guarded(fn, sources: dict[str, str], verbose: bool = False):
    """Run ``fn``; a DiagnosticError is printed with its source line and exits 1, a toolchain
    failure exits 4 with the tool's message, anything else is reported as an internal error
    (exit 3) without a traceback unless ``verbose``."""
    try:
        with collect_warnings() as warnings:
            try:
                return fn()
            finally:  # warnings are printed before an error, and on success (exit 0)
                for loc, message in warnings:
                    click.echo(render_located(loc, "warning", message, sources), err=True)
    except DiagnosticError as e:
        click.echo(e.render(sources), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except RecursionError:
        click.echo("genx-emit: error: input nested too deeply", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except Exception as e:
        # Only code that imported the toolchain module can raise its error: not importing it
        # here keeps subprocess & co. out of a short `lower` run's start-up.
        toolchain = sys.modules.get("genx_emit.toolchain")
        if toolchain is not None and isinstance(e, toolchain.ToolchainError):
            click.echo(f"genx-emit: error: {e}", err=True)
            sys.exit(EXIT_TOOLCHAIN)
        if verbose:  # a bug, not bad input
            import traceback

            traceback.print_exc()
        click.echo(f"genx-emit: internal error: {type(e).__name__}: {e}\n"
                   "please report this with the input file", err=True)
        sys.exit(EXIT_INTERNAL)
