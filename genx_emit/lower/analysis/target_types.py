"""Value types a target has no form for, reported before lowering at the op that makes them.

IGC does not always refuse such code politely: for acm-g10 a ``double`` value aborts the
backend ("'double' data type is not supported by this target <XeHPG>").
"""

from __future__ import annotations

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import FloatType, Type, VectorType
from genx_emit.ops.model import Func, Op
from genx_emit.targets import Target


def _has_f64(t: Type) -> bool:
    elem = t.element if isinstance(t, VectorType) else t
    return isinstance(elem, FloatType) and elem.kind == "f64"


def _check_value(v: Value, target: Target, what: str, loc: Location) -> None:
    if not target.fp64 and _has_f64(v.type):
        raise error(loc, f"{what} is a '{v.type}' value, but {target.name} has no 64-bit floating point "
                         "(no double-precision hardware): compute in f32")


def _check_ops(ops: list[Op], target: Target) -> None:
    for op in ops:
        for r in op.results:
            _check_value(r, target, "this op's result", op.loc)
        for body in op.bodies():
            _check_ops(body, target)


def check_types(f: Func, target: Target) -> None:
    """Raise a located error at the first value of ``f`` whose type ``target`` cannot hold."""
    for a in f.args:
        _check_value(a, target, f"kernel argument {a.name}", a.loc)
    for block in f.blocks:
        for a in block.args:
            _check_value(a, target, f"an argument of block {block.label}", a.loc)
    for ops in f.all_blocks():
        _check_ops(ops, target)
