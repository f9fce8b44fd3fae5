"""Which values only feed raw operands: the slices that may pass whole.

A slice of a load result (``extract_strided_slice`` of A rows, ``vector.extract`` of an
``array_length`` block) is split by the legalizer into GRF-sized pieces written into a fresh
vector, and IGC makes each piece a whole-GRF ``mov``. When every use of the slice is a raw
operand (a ``dpas`` operand, a ``store_nd`` payload, a value carried to a phi by ``scf.yield``,
a loop init or a branch), one ``rdregion`` of a contiguous GRF-aligned slice lets IGC bind the
operand to the load's registers in place: no copy. An ALU use needs legal regions, so a value
with any other use is legalized as before. ``vector.shape_cast`` and ``vector.bitcast`` move
nothing: their uses count as uses of their source. A ``dpas`` wider than the target's DPAS
(N = 16 on dg2's SIMD8 DPAS) reads its B and accumulator in column blocks, not whole: those
operands are ALU-like uses there; its A is always bound in whole row blocks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import VectorType
from genx_emit.targets import Target
from genx_emit.xegpu.model import Func, Op
from genx_emit.xegpu.ops import Dpas, StoreNd
from genx_emit.xegpu.std import Branch, CondBranch, For, Yield
from genx_emit.xegpu.vector import BitCast, ShapeCast

# (op class, field) pairs whose values are bound to raw operands or phis.
RAW_OPERANDS: dict[type, tuple[str, ...]] = {
    Dpas: ("lhs", "rhs", "acc"),
    StoreNd: ("value",),
    Yield: ("values",),
    For: ("inits",),
    Branch: ("args",),
    CondBranch: ("true_args", "false_args"),
}
TRANSPARENT = (ShapeCast, BitCast)


def _operands(op: Op) -> Iterator[tuple[str, Value]]:
    for f in dataclasses.fields(op):
        if f.name in ("loc", "results"):
            continue
        v = getattr(op, f.name)
        for x in v if isinstance(v, list) else [v]:
            if isinstance(x, Value):
                yield f.name, x


def _walk(ops: list[Op]) -> Iterator[Op]:
    for op in ops:
        yield op
        for body in op.bodies():
            yield from _walk(body)


def _raw_use(op: Op, name: str, target: Target) -> bool:
    if name not in RAW_OPERANDS.get(type(op), ()):
        return False
    if isinstance(op, Dpas) and name != "lhs":
        t = op.result.type
        return isinstance(t, VectorType) and t.shape[-1] == target.dpas.exec_size
    return True


def pass_through_values(f: Func, target: Target) -> set[Value]:
    """The values of ``f`` that have uses and whose every use is a raw operand or phi on ``target``."""
    uses: dict[Value, list[tuple[Op, str]]] = {}
    for block in f.all_blocks():
        for op in _walk(block):
            for name, v in _operands(op):
                uses.setdefault(v, []).append((op, name))
    memo: dict[Value, bool] = {}

    def raw_only(v: Value) -> bool:
        if v not in memo:
            memo[v] = False  # a cycle through phis is not a raw use
            memo[v] = bool(uses.get(v)) and all(
                _raw_use(op, name, target)
                or (isinstance(op, TRANSPARENT) and raw_only(op.result))
                for op, name in uses[v])
        return memo[v]

    return {v for v in uses if raw_only(v)}
