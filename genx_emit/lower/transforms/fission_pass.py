"""``genx-loop-fission``: accumulator-group loop fission (:mod:`fission`) as a pass over the
generic IR.

The split is decided and made on the op model of each function holding an ``scf.for`` (built
here, only for those); the op lists it rewrote are then written back to the generic IR, so that
the split prints and ``genx-decide`` (next) builds the op model of the IR as split. Every op the
split copied carries a copy of its generic op; the few it made (the loops, the ``scf.if`` of the
run-time overlap check and the ops computing it) get theirs here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.diagnostics import DiagnosticError
from genx_emit.mlir.attrs import Attribute, IntegerAttr
from genx_emit.mlir.ir import Block, Operation, Region, SourceModule, nested_ops
from genx_emit.mlir.types import IntegerType
from genx_emit.ops import arith
from genx_emit.ops.control import For, If, Yield
from genx_emit.ops.memref import ExtractAlignedPointer
from genx_emit.ops.model import Op, walk_ops

if TYPE_CHECKING:
    from genx_emit.passes.manager import PassContext

# What building and verifying a function raise on bad input (frontend.verify_ops reports the
# Python errors of a rule tripping over a malformed op as such).
_BAD_INPUT = (DiagnosticError, TypeError, ValueError, AttributeError, IndexError, KeyError, ZeroDivisionError)


def loop_fission(src: SourceModule, ctx: PassContext) -> None:
    """K loops whose accumulators and tiles exceed the register file: one loop per accumulator group."""
    from genx_emit.lower.analysis.target_types import check_types
    from genx_emit.lower.transforms.fission import fission
    from genx_emit.ops.build import build_func

    target = ctx.target
    if target is None:  # the split is sized to a register file: none without a target
        return
    for func in src.device_functions():
        if not any(op.name == "scf.for" for op in nested_ops(func)):
            continue
        try:  # bad input is reported by genx-decide, in the order it reports every error
            f = build_func(func)
            if f is None:
                continue
            for op in (op for ops in f.all_blocks() for op in walk_ops(ops)):
                op.verify()
            check_types(f, target)
        except _BAD_INPUT:
            continue
        changed = fission(f, target)
        if not changed:
            continue
        lists = {id(ops) for ops in changed}
        blocks = func.regions[0].blocks
        for ops, block in zip(f.all_blocks(), blocks, strict=True):
            _write_back(ops, block, lists)


def _write_back(ops: list[Op], block: Block, changed: set[int]) -> None:
    """Make ``block`` hold the generic ops of ``ops`` where the split rewrote the list, and look
    inside the regions of the ops it did not make for lists it rewrote."""
    if id(ops) in changed:
        block.operations = [_generic(op) for op in ops]
        return
    for op in ops:
        if op.origin is None:
            continue
        for body, region in zip(op.bodies(), op.origin.regions, strict=False):
            if region.blocks:
                _write_back(body, region.blocks[0], changed)


def _generic(op: Op) -> Operation:
    """The generic op of ``op``: its ``origin``, or one made for an op the split made."""
    if op.origin is not None:
        return op.origin
    loc = op.loc
    if isinstance(op, For):
        body = Block(None, [op.iv, *op.iter_args], [_generic(o) for o in op.body])
        return Operation("scf.for", [op.lower, op.upper, op.step, *op.inits], op.results, {},
                         [Region([body])], loc)
    if isinstance(op, If):
        regions = [Region([Block(None, [], [_generic(o) for o in b])]) for b in op.bodies()]
        return Operation("scf.if", [op.cond], op.results, {}, regions, loc)
    attributes: dict[str, Attribute] = {}
    if isinstance(op, Yield):
        name, operands = "scf.yield", list(op.values)
    elif isinstance(op, arith.Constant):
        name, operands, attributes = "arith.constant", [], {"value": op.value}
    elif isinstance(op, arith.Compare) and op.opname == "cmpi":
        predicate = IntegerAttr(arith.CMPI_PREDICATES.index(op.predicate), IntegerType(64))
        name, operands, attributes = "arith.cmpi", [op.lhs, op.rhs], {"predicate": predicate}
    elif isinstance(op, arith.Binary):
        name, operands = f"arith.{op.opname}", [op.lhs, op.rhs]
    elif isinstance(op, ExtractAlignedPointer):
        name, operands = ExtractAlignedPointer.NAMES[0], [op.source]
    else:
        raise AssertionError(f"loop fission made an op it cannot write back: {type(op).__name__}")
    assert all(not isinstance(v, int) for v in operands), op  # the split makes SSA operands only
    return Operation(name, operands, op.results, attributes, [], loc)  # type: ignore[arg-type]
