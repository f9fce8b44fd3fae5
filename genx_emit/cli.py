"""The ``genx-emit`` command line.

Exit codes: 0 success, 1 bad input (a located diagnostic was printed), 2 usage error,
3 internal error (a bug in genx-emit: please report it with the input), 4 Intel's toolchain
is missing, failed or timed out (``compile``; the tool's own message is printed).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

import click

from genx_emit import __version__
from genx_emit.command_io import (
    BLOCK2D_FORMS,
    EXIT_BAD_INPUT,
    OutputError,
    check_writable,
    read_input,
    run_guarded,
    write_output,
)
from genx_emit.ops.launch import LAUNCH_MODELS
from genx_emit.targets import GRF_CHOICES, TARGETS

VERBOSE_HELP = "Print each stage and its time; tracebacks of internal errors."


class LazyGroup(click.Group):
    """A group whose commands from other packages are imported only when one is run or listed:
    ``sim`` pulls in numpy, which ``lower`` never uses and which would double its start-up."""

    LAZY = {"sim": "genx_emit.sim.command:sim"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.LAZY:
            import importlib

            module, attr = self.LAZY[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="genx-emit")
def main() -> None:
    """genx-emit: XeGPU MLIR -> GenX LLVM IR for Intel GPUs (PVC, DG2).

    \b
    Examples:
      genx-emit lower samples/gemm_kloop_f16.mlir -o gemm.ll
      genx-emit lower kernel.mlir --target dg2 --kernel my_kernel
    """


BLOCK2D_FORM_OPTION = click.option(
    "--block2d-form", type=click.Choice(BLOCK2D_FORMS), default=BLOCK2D_FORMS[0], show_default=True,
    help="2D block messages: raw sends from a header built once per descriptor and moved in place "
         "(payload), or the lsc.*2d.stateless intrinsics, which rebuild it per message (scalar).")
LAUNCH_OPTION = click.option(
    "--launch", type=click.Choice(LAUNCH_MODELS), default=None,
    help="What gpu.thread_id x and gpu.block_dim x count: work items (16 per subgroup, upstream's) or "
         "hardware threads (IMEX's VC kernels). Default: decided per kernel (lane- and workgroup-level "
         "kernels count work items; a subgroup-level one when it only divides the lanes away).")
GRF_OPTION = click.option(
    "--grf", type=click.Choice(GRF_CHOICES), default="auto", show_default=True,
    help="Register-file size per kernel, in GRFs: 'auto' takes 256 when the registers live across the "
         "hottest loop do not fit 128 (the kernel then carries \"genx-emit-grf\"=\"256\" and compile "
         "asks IGC for it with -ze-opt-large-register-file).")


@main.command()
@click.argument("inputs", metavar="IN.mlir...", nargs=-1)
@click.option("-o", "--output", metavar="OUT.ll", default=None, help="Output file ('-' or omitted: stdout).")
@click.option("--output-dir", metavar="DIR", default=None,
              help="Write each input's IR to DIR/STEM.ll (needed for several inputs).")
@click.option("--split-input-file", is_flag=True,
              help="Lower each '// -----'-separated chunk alone (as mlir-opt does); "
                   "outputs joined by '// -----'.")
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
@click.option("--verify-diagnostics", is_flag=True,
              help="Check diagnostics against '// expected-error {{...}}' comments (as mlir-opt does): "
                   "exit 0 when they match exactly.")
@click.option("--annotate", is_flag=True,
              help="Comment the IR: each intrinsic call's immediate fields, the MLIR line of each group.")
@GRF_OPTION
@BLOCK2D_FORM_OPTION
@LAUNCH_OPTION
@click.option("-v", "--verbose", is_flag=True, help=VERBOSE_HELP)
def lower(inputs: tuple[str, ...], output: str | None, output_dir: str | None, split_input_file: bool,
          target: str, kernel: str | None, kernel_md: str, abi: str, no_legalize: bool,
          verify_diagnostics: bool, annotate: bool, grf: str, block2d_form: str, launch: str | None,
          verbose: bool) -> None:
    """Lower XeGPU MLIR (IN.mlir..., '-' or none for stdin) to GenX LLVM IR.

    \b
    Reads upstream MLIR XeGPU syntax (and the RFC's vc-mode forms); host code outside
    gpu.module is skipped. Every gpu.func ... kernel becomes a dllexport function with
    !genx.kernels metadata. On bad input prints file:line:col: error: ... and exits 1,
    leaving no output file. With several inputs or --split-input-file chunks, a failing one
    is reported and the others still run; the exit is 1 if any failed.
    \b
    Examples:
      genx-emit lower samples/copy_2d.mlir
      genx-emit lower samples/gemm_kloop_f16.mlir -o gemm.ll --target pvc
      cat k.mlir | genx-emit lower - -o k.ll
      genx-emit lower k.mlir --abi spirv | llvm-as-14 | llvm-spirv-14 ...
      genx-emit lower a.mlir b.mlir --output-dir out/
      genx-emit lower tests.mlir --split-input-file
    """
    from genx_emit.api import lower_text
    from genx_emit.lower_batch import lower_input, lower_verifying

    if abi == "spirv" and kernel_md != "current":
        raise click.UsageError("--kernel-md applies to --abi genx only "
                               "(the SPIR-V-ready form has no genx.kernels)")
    outputs = lower_outputs(inputs or ("-",), output, output_dir)
    for out in outputs:
        check_writable(out)
    texts = [read_input(path) for path in inputs or ("-",)]  # every input readable before any work
    stages = stage_printer(verbose)
    failed = False

    def lower_one(chunk: str, name: str) -> str:
        return lower_text(chunk, name, target, kernel, kernel_md, not no_legalize, abi, stages, annotate,
                          grf, block2d_form, launch)

    for (text, filename), out in zip(texts, outputs, strict=True):
        run = lower_verifying if verify_diagnostics else lower_input
        result = run_guarded(lambda t=text, f=filename, run=run: run(t, f, split_input_file, lower_one),
                             {filename: text}, verbose)
        if not result.failed or out in (None, "-"):  # a file is written whole or not at all
            write_output(out, result.text)
        failed = failed or result.failed
    if failed:
        sys.exit(EXIT_BAD_INPUT)


def lower_outputs(inputs: tuple[str, ...], output: str | None, output_dir: str | None) -> list[str | None]:
    """Where each input's IR goes: ``-o`` (one input), ``--output-dir`` (any number) or stdout."""
    from genx_emit.lower_batch import output_paths

    if output is not None and Path(output).suffix == ".bc":
        raise click.UsageError("lower writes LLVM IR text; for bitcode that LLVM 14 reads use "
                               "'genx-emit compile --emit bc' (or llvm-as-14 on the .ll)")
    if output_dir is None:
        if len(inputs) > 1:
            raise click.UsageError("several inputs need --output-dir DIR (one DIR/STEM.ll each)")
        return [output]
    if output is not None:
        raise click.UsageError("give -o or --output-dir, not both")
    if not Path(output_dir).is_dir():
        raise OutputError(output_dir, "no such directory")
    return list(output_paths(inputs, output_dir))


def stage_printer(verbose: bool):
    """With --verbose, a callback printing each stage's name and time to stderr."""
    if not verbose:
        return None
    return lambda name, seconds: click.echo(f"genx-emit: {name}: {seconds * 1000:.1f} ms", err=True)


@main.command(name="compile")
@click.argument("input", metavar="IN.mlir", default="-")
@click.option("-o", "--output", metavar="OUT", default=None,
              help="Output file; its suffix (.ll .bc .spv .bin .asm) picks --emit when that is not given.")
@click.option("--device", default="pvc", show_default=True, metavar="DEVICE",
              help="ocloc device: pvc, pvc-sdv (Xe-HPC); acm-g10, acm-g11, acm-g12 (DG2); or a target "
                   "name (dg2 = acm-g10). The device picks the target the kernel is lowered for.")
@click.option("--emit", type=click.Choice(["ll", "bc", "spv", "bin", "asm", "stats"]), default=None,
              help="What to write: SPIR-V-ready LLVM IR, bitcode, SPIR-V, the device binary (default), "
                   "its disassembly, or a table of its ISA figures per kernel (stats).")
@click.option("--stats", is_flag=True,
              help="Same as --emit stats: per kernel the GRF mode, instructions, dpas, sends, movs, data "
                   "movs, spills, and the hottest loop's instructions per dpas.")
@click.option("--kernel", metavar="NAME", default=None, help="Compile only this kernel.")
@click.option("--timeout", type=click.FloatRange(min=1), default=600, show_default=True,
              help="Seconds each tool may run before it is killed.")
@GRF_OPTION
@BLOCK2D_FORM_OPTION
@LAUNCH_OPTION
@click.option("-v", "--verbose", is_flag=True,
              help="Print each stage and its time, and the tools' warnings; tracebacks of internal errors.")
def compile_cmd(input: str, output: str | None, device: str, emit: str | None, stats: bool,
                kernel: str | None, timeout: float, grf: str, block2d_form: str, launch: str | None,
                verbose: bool) -> None:
    """Compile XeGPU MLIR (IN.mlir, '-' for stdin) to an Intel GPU binary.

    \b
    Lowers to the SPIR-V-ready form, then runs Intel's vector-compute toolchain:
    llvm-as-14, llvm-spirv-14 (--spirv-ext=+all, llvm.genx.* allowed through),
    ocloc compile -spirv_input -options -vc-codegen, and for --emit asm
    ocloc disasm + iga64. The tools come from Debian packages (intel-opencl-icd libigc1
    libigdfcl1 libigc-tools llvm-14 llvm-spirv-14; scripts/install-toolchain.sh).
    Exit 1 on bad input, 2 on usage errors, 4 when a tool is missing, fails (its message
    is printed) or times out. A failed run leaves no output file.
    \b
    Examples:
      genx-emit compile samples/gemm_kloop_f16.mlir -o gemm.bin
      genx-emit compile samples/gemm_tile_bf16.mlir --device acm-g10 -o gemm.asm
    """
    from genx_emit.api import compile_text
    from genx_emit.targets import DEVICES
    from genx_emit.toolchain import BINARY_EMITS, SUFFIXES

    if device not in DEVICES:
        raise click.BadParameter(f"'{device}' is not a known device ({', '.join(DEVICES)})",
                                 param_hint="--device")
    if stats:
        if emit not in (None, "stats"):
            raise click.UsageError(f"--stats is --emit stats: it cannot be combined with --emit {emit}")
        emit = "stats"
    if emit is None:
        emit = SUFFIXES.get(Path(output).suffix, "bin") if output not in (None, "-") else "bin"
    if emit in BINARY_EMITS and output in (None, "-") and sys.stdout.isatty():
        raise click.UsageError(f"--emit {emit} is binary: give -o OUT (or redirect stdout)")
    check_writable(output)  # before the tools run, not after minutes of them
    text, filename = read_input(input)
    sources = {filename: text}
    stages = stage_printer(verbose)
    with tool_messages(verbose):
        data = run_guarded(lambda: compile_text(text, filename, device, emit, kernel, timeout, stages, grf,
                                                block2d_form, launch),
                           sources, verbose)
    write_output(output, data)


@contextlib.contextmanager
def tool_messages(verbose: bool) -> Iterator[None]:
    """What the tools print on stderr when they succeed goes to stderr, each line after the
    tool's name: IGC's spill report always (as a warning), the rest only with --verbose (so far
    iga64's note of the padding after most kernels, the same every run). A failing tool's message
    is always shown, in the error."""
    import logging

    from genx_emit.toolchain import log

    class _EchoHandler(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            kind = "warning: " if record.levelno >= logging.WARNING else ""
            click.echo(f"genx-emit: {kind}{record.getMessage()}", err=True)

    handler, level = _EchoHandler(), log.level
    log.addHandler(handler)
    log.setLevel(logging.INFO if verbose else logging.WARNING)
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(level)


@main.command()
@click.argument("input", metavar="IN.mlir", default="-")
@click.option("--pass", "passes", metavar="NAME", multiple=True,
              help="Run this pass (repeatable, in order). Without --pass or --pass-pipeline: the default "
                   "pipeline, what lower runs.")
@click.option("--pass-pipeline", metavar="'a,b,c'", default=None,
              help="Run these passes, comma-separated ('' for none: print the input as read).")
@click.option("--print-ir-after-all", is_flag=True,
              help="Print the IR after each pass to stderr, each under a line "
                   "'// -----// IR Dump After NAME //----- //'.")
@click.option("-o", "--output", metavar="OUT.mlir", default=None,
              help="Output file ('-' or omitted: stdout).")
@click.option("--target", type=click.Choice(sorted(TARGETS)), default="pvc", show_default=True,
              help="GPU the passes decide for (genx-loop-fission, genx-decide).")
@click.option("--no-locations", is_flag=True,
              help="Leave out each op's loc(\"file\":line:col). Without them the IR reads back with its own "
                   "positions, so lowering it names loop blocks differently.")
@click.option("--list-passes", is_flag=True, help="List the passes (default pipeline marked *) and exit.")
@click.option("-v", "--verbose", is_flag=True, help=VERBOSE_HELP)
def opt(input: str, passes: tuple[str, ...], pass_pipeline: str | None, print_ir_after_all: bool,
        output: str | None, target: str, no_locations: bool, list_passes: bool, verbose: bool) -> None:
    """Run passes on XeGPU MLIR (IN.mlir, '-' for stdin) and print the resulting IR.

    \b
    The IR prints in MLIR's generic op form (modules and functions in their custom forms),
    with the source's value names and each op's source position: genx-emit lower reads it
    back and writes the same LLVM IR as for IN.mlir. On bad input prints file:line:col:
    error: ... and exits 1, leaving no output file; an unknown pass is a usage error (2).
    \b
    Examples:
      genx-emit opt samples/wg_gemm_f16.mlir --print-ir-after-all -o /dev/null
      genx-emit opt k.mlir --pass xegpu-wg-to-sg-distribute
      genx-emit opt k.mlir --pass-pipeline 'xegpu-wg-to-sg-distribute,genx-carry-descriptors'
      genx-emit opt k.mlir --pass-pipeline ''      # no passes: the IR as read
    """
    from genx_emit.opt import list_passes as pass_list
    from genx_emit.opt import opt_text, pipeline_of

    if list_passes:
        click.echo(pass_list())
        return
    names = pipeline_of(passes, pass_pipeline)
    check_writable(output)
    text, filename = read_input(input)
    stages = stage_printer(verbose)

    def dump(name: str, ir: str) -> None:
        click.echo(f"// -----// IR Dump After {name} //----- //\n{ir}", err=True, nl=False)

    result = run_guarded(lambda: opt_text(text, filename, names, target, not no_locations, stages,
                                          dump if print_ir_after_all else None),
                         {filename: text}, verbose)
    write_output(output, result)


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


if __name__ == "__main__":  # pragma: no cover
    main()
