#!/usr/bin/env python3
"""Check that Intel IMEX's XeGPU integration kernels compute what their host code expects.

    python scripts/imex_check.py XEGPU_DIR [--only SUBSTR] [--target pvc] [-q]

XEGPU_DIR is a fetched copy of IMEX's ``test/Integration/Dialect/XeGPU`` (its ``VC``, ``WG``,
``SIMT`` and ``SG`` folders); nothing of it is part of this project. For each kernel file that
has a model in ``scripts/imex_models`` (a numpy model of the file's host code, written here by
reading it: the inputs ``main`` makes and what the printed result must be), the kernel is
lowered, run in the simulator on the launch the host code writes (``gpu.launch_func ... blocks in
(..) threads in (..)``, the work-group in the unit the kernel's launch model counts) or on a
slice of that grid where the full launch is too slow, and its outputs are compared with the
model's. Prints one line a kernel (``ok``, ``WRONG``, ``error``, ``no model``) and the totals;
exits 1 when any modelled kernel is wrong or fails.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from imex_models import MODELS, Model  # noqa: E402

from genx_emit.api import lower_text  # noqa: E402
from genx_emit.diagnostics import DiagnosticError  # noqa: E402
from genx_emit.mlir.parser import parse_mlir  # noqa: E402
from genx_emit.ops.launch import work_group_threads  # noqa: E402
from genx_emit.sim.machine import simulate  # noqa: E402
from genx_emit.sim.reader import SimError, parse_module  # noqa: E402
from genx_emit.sim.signature import expected_args  # noqa: E402
from genx_emit.targets import TARGETS  # noqa: E402

_LAUNCH = re.compile(r"gpu\.launch_func\s+(?:async\s*(?:\[[^\]]*\])?\s*)?@\w+::@(\w+)\s+blocks in\s*"
                     r"\(([^)]*)\)\s*threads in\s*\(([^)]*)\)")
_COMMENT = re.compile(r"//[^\n]*")
_CONST = re.compile(r"(%[\w.$-]+)\s*=\s*arith\.constant\s+(-?\d+)\s*:\s*index")


def launches(text: str) -> dict[str, tuple[tuple[int | None, ...], tuple[int | None, ...]]]:
    """Each launched kernel's (blocks, threads) as the host code writes them (index constants
    resolved; the host functions of these tests define their launch sizes as constants). A size
    the host computes at run time (``%blocks_x = arith.divui ...``) is None: the model says it."""
    text = _COMMENT.sub("", text)  # a commented-out launch or constant is not the host's
    consts = {name: int(v) for name, v in _CONST.findall(text)}

    def dims(s: str) -> tuple[int | None, ...]:
        return tuple(consts.get(t.strip()) if t.strip().startswith("%") else int(t) for t in s.split(","))

    return {m.group(1): (dims(m.group(2)), dims(m.group(3))) for m in _LAUNCH.finditer(text)}


def check(path: Path, key: str, model: Model, target: str) -> tuple[str, str]:
    """('ok' | 'WRONG' | 'error', note) for one kernel file."""
    text = path.read_text()
    try:
        kernel, (blocks, threads) = model.launch(launches(text))
        grid = model.grid or blocks
        if None in grid or None in threads:
            raise ValueError(f"the host computes the launch of @{kernel} at run time: the model "
                             f"must give its grid")
        sg = work_group_threads(parse_mlir(text, str(path)), kernel, threads)
        ll = lower_text(text, str(path), target=target, kernel=kernel)
        module = parse_module(ll, str(path) + ".ll")
        module.expect = expected_args(text, str(path))
        module.for_target(TARGETS[target])
        rng = np.random.default_rng(model.seed)
        inputs = model.inputs(rng)
        t0 = time.perf_counter()
        out = simulate(module, kernel, grid, dict(inputs), sg)
        secs = time.perf_counter() - t0
    except (DiagnosticError, SimError, ValueError, KeyError) as e:
        return "error", str(e).strip().splitlines()[0]
    want = model.expect(inputs, grid)
    notes = []
    for name, (ref, where) in want.items():
        got = np.asarray(out[name])
        ref = np.asarray(ref)
        got_v = got.reshape(ref.shape)[where].astype(np.float64)
        ref_v = ref[where].astype(np.float64)
        bad = ~np.isclose(got_v, ref_v, rtol=model.rtol, atol=model.atol, equal_nan=True)
        if bad.any():
            i = np.argwhere(bad)[0]
            at = tuple(int(x) for x in i)
            return "WRONG", (f"{name}: {int(bad.sum())} of {bad.size} elements differ; first at {at}: "
                             f"got {got_v[at]!r}, want {ref_v[at]!r}")
        notes.append(f"{name} {ref_v.size} elements")
    def dims(d: tuple[int | None, ...]) -> str:
        return "x".join("?" if n is None else str(n) for n in d)

    part = "" if model.grid is None else f" on {dims(grid)} of {dims(blocks)} work-groups"
    return "ok", ", ".join(notes) + part + f" ({secs:.1f} s)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", help="a copy of IMEX's test/Integration/Dialect/XeGPU")
    ap.add_argument("--only", default="", help="check only the kernels whose key contains this")
    ap.add_argument("--target", default="pvc", choices=sorted(TARGETS))
    ap.add_argument("-q", "--quiet", action="store_true", help="totals and failures only")
    a = ap.parse_args(argv)
    root = Path(a.root)
    counts: dict[str, int] = {}
    for path in sorted(root.rglob("*.mlir")):
        key = path.relative_to(root).with_suffix("").as_posix()
        if a.only not in key:
            continue
        entry = MODELS.get(key)
        # a file whose host launches several kernels has a model for each
        models = (entry,) if isinstance(entry, Model) else tuple(entry or ())
        for model in models or (None,):
            outcome, note = ("no model", "") if model is None else check(path, key, model, a.target)
            label = key if len(models) < 2 else f"{key} @{model.kernel}"
            counts[outcome] = counts.get(outcome, 0) + 1
            if not a.quiet or outcome in ("WRONG", "error"):
                print(f"{outcome:9} {label}" + (f"  {note}" if note else ""), flush=True)
    print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    return 1 if counts.get("WRONG") or counts.get("error") else 0


if __name__ == "__main__":
    sys.exit(main())
