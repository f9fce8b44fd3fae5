"""The ``genx-emit sim`` command."""

from __future__ import annotations

import sys
import time

import click

from genx_emit.command_io import BLOCK2D_FORMS, check_writable, read_input, run_guarded, write_atomic
from genx_emit.targets import TARGETS


def _triple(value: str, what: str) -> tuple[int, ...]:
    bad = click.BadParameter(f"'{value}': expected X[,Y[,Z]] positive integers", param_hint=what)
    try:
        t = tuple(int(x) for x in value.split(","))
    except ValueError:
        raise bad from None
    if not 1 <= len(t) <= 3 or any(x < 1 for x in t):
        raise bad
    return t


def _binding(spec: str, what: str) -> tuple[str, str]:
    name, eq, value = spec.partition("=")
    if not eq or not name or not value:
        raise click.BadParameter(f"'{spec}': expected NAME=VALUE", param_hint=what)
    return name.lstrip("%"), value


def _load_arg(name: str, value: str):
    """An array from a .npy file, or a number for a scalar argument."""
    import numpy as np

    if not value.endswith(".npy"):
        try:
            return int(value, 0)
        except ValueError:
            try:
                return float(value)
            except ValueError:
                raise click.BadParameter(f"{name}={value}: not a .npy file or a number",
                                         param_hint="--arg") from None
    try:
        return np.load(value, allow_pickle=False)
    except (OSError, ValueError) as e:
        raise click.BadParameter(f"cannot read '{value}': {e}", param_hint="--arg") from None


def _save_npy(path: str, array) -> None:
    """np.save, atomically: a failed run leaves no file behind, and an unwritable path is a usage
    error, not a traceback."""
    import numpy as np

    write_atomic(path, lambda f: np.save(f, array, allow_pickle=False))


def _threads_of(convert) -> tuple[int, ...]:
    try:
        return convert()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--work-items") from None


def work_group_threads_ll(items: tuple[int, ...]) -> tuple[int, ...]:
    """Work items per work-group -> threads for GenX IR input: subgroups of 16 along x."""
    from genx_emit.targets import UPSTREAM_SUBGROUP_SIZE as lanes

    if items[0] % lanes:
        raise ValueError(f"{items[0]} work items along x is not a whole number of {lanes}-lane subgroups")
    return (items[0] // lanes, *items[1:])


@click.command()
@click.argument("input", metavar="IN.mlir|IN.ll")
@click.option("--grid", required=True, metavar="X[,Y[,Z]]", help="Work-groups along x, y, z.")
@click.option("--threads", default="1", show_default=True, metavar="N|X,Y[,Z]",
              help="Threads (subgroups) per work-group, along x, y, z.")
@click.option("--work-items", "work_items", default=None, metavar="N|X,Y[,Z]",
              help="The work-group as the source's launch writes it (its block size), instead of --threads: "
                   "converted to threads by the kernel's launch model (work items: 16 per subgroup along x).")
@click.option("--launch", type=click.Choice(("work-items", "threads")), default=None,
              help="What gpu.thread_id x counts in MLIR input (see genx-emit lower --help).")
@click.option("--arg", "arg_specs", multiple=True, metavar="NAME=FILE.npy|NAME=NUMBER",
              help="Bind a kernel argument: an array (.npy) to an address argument, a number to a scalar.")
@click.option("--out", "out_specs", multiple=True, metavar="NAME=OUT.npy",
              help="Write the final contents of array argument NAME.")
@click.option("--kernel", metavar="NAME", default=None,
              help="The kernel to run (needed if the module has several).")
@click.option("--target", type=click.Choice(sorted(TARGETS)), default="pvc", show_default=True,
              help="GPU the IR is for (MLIR input is lowered for it).")
@click.option("--no-legalize", is_flag=True, help="Lower MLIR input without region legalization (raw form).")
@click.option("--block2d-form", type=click.Choice(BLOCK2D_FORMS), default=BLOCK2D_FORMS[0], show_default=True,
              help="Lower MLIR input with 2D block messages in this form (see genx-emit lower --help).")
@click.option("-v", "--verbose", is_flag=True, help="Show tracebacks of internal errors.")
def sim(input: str, grid: str, threads: str, work_items: str | None, launch: str | None,
        arg_specs: tuple[str, ...], out_specs: tuple[str, ...],
        kernel: str | None, target: str, no_legalize: bool, block2d_form: str, verbose: bool) -> None:
    """Run a kernel on the CPU: simulate the GenX IR (IN.ll, or IN.mlir lowered first).

    \b
    Global memory is the .npy arrays bound to the kernel's address arguments (one file
    bound to two arguments is one buffer); each work-group's threads share SLM and meet at
    barriers. Bad input, an access outside every
    bound array, a deadlock, or an instruction the simulator does not know prints
    file:line:col: error: ... (the .ll line) and exits 1; usage errors exit 2.
    \b
    Examples:
      genx-emit sim samples/copy_2d.mlir --grid 8,4 --arg src=a.npy --arg dst=b.npy --out dst=b.npy
      genx-emit sim gemm.ll --grid 8,4 --threads 4,4 --arg a=a.npy --arg b=b.npy --arg c=c.npy --out c=c.npy
    """
    from genx_emit.sim import is_mlir
    from genx_emit.sim.machine import simulate
    from genx_emit.sim.reader import parse_module

    g = _triple(grid, "--grid")
    t = _triple(threads, "--threads")
    items = None
    if work_items is not None:
        if threads != "1":
            raise click.UsageError("--work-items and --threads both give the work-group: give one")
        items = _triple(work_items, "--work-items")
    args = {}
    loaded: dict[str, object] = {}  # one file bound to two arguments is one buffer (aliasing views)
    for spec in arg_specs:
        name, value = _binding(spec, "--arg")
        if name in args:
            raise click.BadParameter(f"argument {name} bound twice", param_hint="--arg")
        if value not in loaded:
            loaded[value] = _load_arg(name, value)
        args[name] = loaded[value]
    outs = [_binding(s, "--out") for s in out_specs]
    for _name, path in outs:
        check_writable(path)  # before the simulation, which can be long
    text, filename = read_input(input)
    sources = {filename: text}
    expect = {}
    if is_mlir(text):
        from genx_emit.api import lower_text
        from genx_emit.mlir.parser import parse_mlir
        from genx_emit.ops.launch import work_group_threads
        from genx_emit.sim.signature import expected_args

        mlir, mlir_name = text, filename
        ll = run_guarded(lambda: lower_text(mlir, mlir_name, target, kernel, "current", not no_legalize,
                                            block2d_form=block2d_form, launch=launch),
                         sources, verbose)
        expect = run_guarded(lambda: expected_args(mlir, mlir_name), sources, verbose)
        if items is not None:  # converted by the kernel's launch model, as lowering decided it
            t = _threads_of(lambda: work_group_threads(parse_mlir(mlir, mlir_name), kernel, items, launch))
        filename = filename + ".ll"
        text = sources[filename] = ll
    elif items is not None:  # GenX IR keeps no launch model: whole subgroups of the default size
        t = _threads_of(lambda: work_group_threads_ll(items))
    module = run_guarded(lambda: parse_module(text, filename), sources, verbose)
    module.expect = expect
    module.for_target(TARGETS[target])
    progress = Progress() if sys.stderr.isatty() else None
    try:
        result = run_guarded(lambda: simulate(module, kernel, g, args, t, on_group=progress), sources,
                             verbose)
    finally:
        if progress:
            progress.clear()
    for name, _path in outs:
        if name not in result:
            arrays = ", ".join(result) or "none"
            raise click.BadParameter(f"{name} is not an array argument (arrays: {arrays})",
                                     param_hint="--out")
    for name, path in outs:
        _save_npy(path, result[name])
    for name, arr in result.items():
        size = arr.dtype.itemsize
        before = args[name].reshape(-1).view("u1").reshape(-1, size)
        changed = int((before != arr.reshape(-1).view("u1").reshape(-1, size)).any(axis=1).sum())
        saved = next((p for n, p in outs if n == name), None)
        what = f"{changed} of {arr.size} elements changed" if changed else "unchanged"
        click.echo(f"{name}: {arr.dtype}{list(arr.shape)}, {what}"
                   + (f", written to {saved}" if saved else ""))


class Progress:
    """``work-group N/M`` on one stderr line, redrawn at most every PERIOD seconds and only after a
    run has lasted DELAY seconds (short runs print nothing); cleared at the end."""

    DELAY, PERIOD = 1.0, 0.2

    def __init__(self) -> None:
        self.start = self.last = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.start < self.DELAY or now - self.last < self.PERIOD:
            return
        self.last, self.shown = now, True
        sys.stderr.write(f"\rgenx-emit sim: work-group {done}/{total}")
        sys.stderr.flush()

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
