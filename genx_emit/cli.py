"""The ``genx-emit`` command line.

Exit codes: 0 success, 1 bad input (a located diagnostic was printed), 2 usage error,
3 internal error (a bug in genx-emit: please report it with the input).
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path

import click

from genx_emit import __version__
from genx_emit.diagnostics import DiagnosticError
from genx_emit.targets import TARGETS

EXIT_BAD_INPUT = 1
EXIT_INTERNAL = 3


def read_input(path: str) -> tuple[str, str]:
    """(text, filename) of a file or ``-`` (stdin)."""
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        return Path(path).read_text(encoding="utf-8"), path
    except OSError as e:
        raise click.UsageError(f"cannot read '{path}': {e.strerror}") from None
    except UnicodeDecodeError:
        raise click.UsageError(f"'{path}' is not UTF-8 text") from None


def write_output(path: str | None, text: str) -> None:
    """Write ``text`` to ``path`` atomically (temp file + rename), or to stdout for None/``-``."""
    if path in (None, "-"):
        sys.stdout.write(text)
        return
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent if str(target.parent) else ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def run_guarded(fn, sources: dict[str, str], verbose: bool = False):
    """Run ``fn``; a DiagnosticError is printed with its source line and exits 1, anything else is
    reported as an internal error (exit 3) without a traceback unless ``verbose``."""
    try:
        return fn()
    except DiagnosticError as e:
        click.echo(e.render(sources), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except RecursionError:
        click.echo("genx-emit: error: input nested too deeply", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except Exception as e:  # a bug, not bad input
        if verbose:
            traceback.print_exc()
        click.echo(f"genx-emit: internal error: {type(e).__name__}: {e}\n"
                   "please report this with the input file", err=True)
        sys.exit(EXIT_INTERNAL)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="genx-emit")
def main() -> None:
    """genx-emit: XeGPU MLIR -> GenX LLVM IR for Intel GPUs (PVC, DG2).

    \b
    Examples:
      genx-emit lower samples/gemm_kloop_f16.mlir -o gemm.ll
      genx-emit lower kernel.mlir --target dg2 --kernel my_kernel
    """


@main.command()
@click.argument("input", metavar="IN.mlir", default="-")
@click.option("-o", "--output", metavar="OUT.ll", default=None, help="Output file ('-' or omitted: stdout).")
@click.option("--target", type=click.Choice(sorted(TARGETS)), default="pvc", show_default=True,
              help="GPU to generate for: pvc (Xe-HPC) or dg2 (Xe-HPG/ARC, ocloc device acm-g10).")
@click.option("--kernel", metavar="NAME", default=None, help="Lower only this kernel.")
@click.option("--kernel-md", type=click.Choice(["current", "legacy"]), default="current", show_default=True,
              help="genx.kernels layout: 'current' (what IGC reads) or the LangRef's older 'legacy' one.")
@click.option("--abi", type=click.Choice(["genx", "spirv"]), default="genx", show_default=True,
              help="Kernel ABI: 'genx' (genx.kernels metadata, what a CM front end writes) or 'spirv' "
                   "(the SPIR-V-ready form the vc-intrinsics writer adaptor makes of it).")
@click.option("--no-legalize", is_flag=True,
              help="Keep every region access in one rdregion/wrregion, whatever the GRF limits (raw form).")
@click.option("-v", "--verbose", is_flag=True, help="Show tracebacks of internal errors.")
def lower(input: str, output: str | None, target: str, kernel: str | None, kernel_md: str, abi: str,
          no_legalize: bool, verbose: bool) -> None:
    """Lower XeGPU MLIR (IN.mlir, '-' for stdin) to GenX LLVM IR.

    \b
    Reads upstream MLIR XeGPU syntax (and the RFC's vc-mode forms); host code outside
    gpu.module is skipped. Every gpu.func ... kernel becomes a dllexport function with
    !genx.kernels metadata. On bad input prints file:line:col: error: ... and exits 1,
    leaving no output file.
    \b
    Examples:
      genx-emit lower samples/copy_2d.mlir
      genx-emit lower samples/gemm_kloop_f16.mlir -o gemm.ll --target pvc
      cat k.mlir | genx-emit lower - -o k.ll
      genx-emit lower k.mlir --abi spirv | llvm-as-14 | llvm-spirv-14 ...
    """
    from genx_emit.api import lower_text

    if abi == "spirv" and kernel_md != "current":
        raise click.UsageError("--kernel-md applies to --abi genx only "
                               "(the SPIR-V-ready form has no genx.kernels)")
    text, filename = read_input(input)
    sources = {filename: text}
    ll = run_guarded(lambda: lower_text(text, filename, target, kernel, kernel_md, not no_legalize, abi),
                     sources, verbose)
    write_output(output, ll)


@main.command()
@click.argument("inputs", metavar="FILE.ll...", nargs=-1, required=True)
@click.option("--target", type=click.Choice(sorted(TARGETS)), default="pvc", show_default=True,
              help="GPU whose region rules apply: pvc (64-byte GRF) or dg2 (32-byte GRF).")
@click.option("-v", "--verbose", is_flag=True, help="Show tracebacks of internal errors.")
def check(inputs: tuple[str, ...], target: str, verbose: bool) -> None:
    """Report every illegal rdregion/wrregion in GenX LLVM IR (FILE.ll, '-' for stdin).

    \b
    Any GenX .ll (typed-pointer LLVM 14 text), whoever wrote it. Each call to
    llvm.genx.rdregion*/wrregion* is judged by the rules the emitter's legalization
    guarantees (GRF span, execution size, width/stride/vstride, 1D destinations); a
    contiguous GRF-aligned slice read into or written from another llvm.genx.* call is
    bound in place and exempt. Findings print as file:line:col: error: ... with the
    source line and a caret; multi-indirect (<N x i16>) offsets are warnings (not checked).
    Exit 0 when every access is legal (a one-line summary per file), 1 when any is
    illegal or a file is not valid LLVM IR, 2 on usage errors.
    \b
    Examples:
      genx-emit check gemm.ll
      genx-emit lower k.mlir --target dg2 | genx-emit check - --target dg2
    """
    from genx_emit.genx.check import check_text
    from genx_emit.targets import get_target

    failed = False
    for path in inputs:
        text, filename = read_input(path)
        sources = {filename: text}
        report = run_guarded(lambda t=text, f=filename: check_text(t, f, get_target(target)), sources,
                             verbose)
        for finding in report.findings:
            click.echo(finding.render(sources))
        click.echo(report.summary())
        failed = failed or not report.ok
    if failed:
        sys.exit(EXIT_BAD_INPUT)


def _register_commands() -> None:
    """Commands that live in their own packages."""
    from genx_emit.sim.command import sim

    main.add_command(sim)


_register_commands()

if __name__ == "__main__":  # pragma: no cover
    main()
