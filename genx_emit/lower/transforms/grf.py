"""The register-file size of a kernel: ``--grf 128|256`` or ``auto``.

16 accumulators of 8x16 f32 are 128 GRFs, the whole default file of PVC, and spill; PVC (and
DG2) can run a kernel with 256 GRFs at half the threads per EU. ``auto`` estimates the registers
live across the hottest loop, the innermost ``scf.for`` / ``scf.while`` that carries the most: the vectors it
carries (accumulators) plus every tile loaded in its body (the dpas operands of one iteration are
live together). Above the default file minus a reserve (headers, addresses, r0) it takes the
large mode. Outside loops it takes the peak of the loaded tiles live at once in a block (a tile
from its load to its last use): straight-line code reuses registers (value chains such as
inserts are built in place), but tiles loaded before any is stored are live together.
"""

from __future__ import annotations

from collections.abc import Iterator

from genx_emit.lower.context import elem_bytes
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import VectorType
from genx_emit.ops.control import For, While
from genx_emit.ops.model import Func, Op
from genx_emit.ops.nd import LoadNd
from genx_emit.ops.scatter import LoadGather
from genx_emit.targets import Target


def vector_bytes(t: object) -> int:
    if not isinstance(t, VectorType) or getattr(t.element, "width", 0) == 1:
        return 0  # scalars and predicates live in scalar registers and flags
    return t.num_elements * elem_bytes(t.element)


def _fors(ops: list[Op]) -> Iterator[For | While]:
    for op in ops:
        if isinstance(op, (For, While)):
            yield op
        for body in op.bodies():
            yield from _fors(body)


def _loop_bytes(loop: For | While) -> int:
    args = loop.iter_args if isinstance(loop, For) else loop.before_args
    carried = sum(vector_bytes(v.type) for v in args)
    loaded = sum(vector_bytes(op.result.type) for body in loop.bodies() for op in body
                 if isinstance(op, (LoadNd, LoadGather)))
    return carried + loaded


def live_grfs(f: Func, target: Target) -> int:
    """GRFs live across the hottest innermost ``scf.for``/``scf.while`` of ``f`` (0 without a loop)."""
    inner = [lp for block in f.all_blocks() for lp in _fors(block)
             if not any(True for body in lp.bodies() for _ in _fors(body))]
    return max((-(-_loop_bytes(lp) // target.grf_bytes) for lp in inner), default=0)


def _operands(op: Op) -> Iterator[Value]:
    """The values ``op`` and the ops nested in it hold."""
    yield from op.operands()
    for body in op.bodies():
        for inner in body:
            yield from _operands(inner)


def _peak_bytes(ops: list[Op]) -> int:
    """The most loaded-tile bytes live at once in one block (nested blocks on their own)."""
    last = {v: i for i, op in enumerate(ops) for v in _operands(op)}
    live: dict[Value, int] = {}
    peak = 0
    for i, op in enumerate(ops):
        if isinstance(op, (LoadNd, LoadGather)):
            live.update((r, vector_bytes(r.type)) for r in op.results)
        peak = max(peak, sum(live.values()))
        live = {v: n for v, n in live.items() if last.get(v, -1) > i}
    inner = [_peak_bytes(body) for op in ops for body in op.bodies()]
    return max([peak, *inner])


def straight_grfs(f: Func, target: Target) -> int:
    """GRFs of the most loaded tiles live at once in any block of ``f``."""
    return max(-(-_peak_bytes(block) // target.grf_bytes) for block in f.all_blocks())


def choose_grf(f: Func, target: Target, grf: str = "auto") -> int:
    """The kernel's register-file size in GRFs."""
    modes = target.grf_modes
    if grf != "auto":
        return int(grf)
    need = max(live_grfs(f, target), straight_grfs(f, target))
    return modes.large if need > modes.default - modes.auto_reserve else modes.default
