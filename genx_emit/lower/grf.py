"""The register-file size of a kernel: ``--grf 128|256`` or ``auto``.

16 accumulators of 8x16 f32 are 128 GRFs, the whole default file of PVC, and spill; PVC (and
DG2) can run a kernel with 256 GRFs at half the threads per EU. ``auto`` estimates the registers
live across the hottest loop, the innermost ``scf.for`` / ``scf.while`` that carries the most: the vectors it
carries (accumulators) plus every tile loaded in its body (the dpas operands of one iteration are
live together). Above the default file minus a reserve (headers, addresses, r0) it takes the
large mode. A kernel without a loop keeps the default: straight-line code reuses registers.
"""

from __future__ import annotations

from collections.abc import Iterator

from genx_emit.lower.context import elem_bytes
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


def choose_grf(f: Func, target: Target, grf: str = "auto") -> int:
    """The kernel's register-file size in GRFs."""
    modes = target.grf_modes
    if grf != "auto":
        return int(grf)
    return modes.large if live_grfs(f, target) > modes.default - modes.auto_reserve else modes.default
