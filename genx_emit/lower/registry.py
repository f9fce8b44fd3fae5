"""Op model class -> lowering function. Each lower/*.py module registers its ops here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from genx_emit.diagnostics import error
from genx_emit.dispatch import registrar
from genx_emit.mlir.attrs import IntegerAttr
from genx_emit.ops.model import Op

Lowering = Callable[[Any, Any], None]
LOWERINGS: dict[type, Lowering] = {}


def lowers(*classes: type[Op]) -> Callable[[Lowering], Lowering]:
    """Decorator: ``@lowers(LoadNd)`` registers the function for that op class."""
    return registrar(LOWERINGS, classes)


def lower_op(ctx: Any, op: Op) -> None:
    fn = LOWERINGS.get(type(op))
    if fn is None:
        raise error(op.loc, f"genx-emit cannot lower '{type(op).__name__}' yet")
    # An op whose result is only inserted into wider vectors is cut at the runs (the genx.piece
    # decision, lower/analysis/decide.py).
    piece = op.decision("genx.piece")
    bound = piece.value if isinstance(piece, IntegerAttr) else None
    if bound is None and ctx.regions.max_piece is None:  # nothing to bound (most ops): no context
        fn(ctx, op)
    else:
        with ctx.regions.pieces_of_at_most(bound):
            fn(ctx, op)
    if ctx.source_of is not None:
        _note_source(ctx, op)


def _note_source(ctx: Any, op: Op) -> None:
    """--annotate: every instruction not yet attributed came from ``op`` (nested ops are lowered,
    and attribute theirs, first). A walk of the function per op: for reading small kernels."""
    for block in ctx.function.blocks:
        for ins in block.instructions:
            ctx.source_of.setdefault(id(ins), op.loc)
