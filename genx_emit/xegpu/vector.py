"""Dataclasses for the vector dialect ops: shape changes, slices, shuffles, reductions."""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import VectorType
from genx_emit.xegpu.model import Op


@dataclass(eq=False, kw_only=True)
class Splat(Op):
    """``vector.broadcast`` / ``vector.splat`` of a scalar: every element is ``source``."""

    source: Value

    def verify(self) -> None:
        t = self.result.type
        if not isinstance(t, VectorType) or self.source.type != t.element:
            raise error(self.loc, f"vector.broadcast: a {self.source.type} scalar broadcasts to a vector of "
                                  f"{self.source.type}, not '{t}' (vector sources are not supported yet)")


@dataclass(eq=False, kw_only=True)
class ShapeCast(Op):
    """``vector.shape_cast``: the same elements in row-major order, another shape."""

    source: Value

    def verify(self) -> None:
        s, t = self.source.type, self.result.type
        if not (isinstance(s, VectorType) and isinstance(t, VectorType) and s.element == t.element
                and s.num_elements == t.num_elements):
            raise error(self.loc, f"vector.shape_cast: '{s}' and '{t}' must be vectors of the same element "
                                  "type and element count")
