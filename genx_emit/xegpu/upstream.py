"""Op model of small ops upstream XeGPU kernels use around the XeGPU ops: ``vector.step`` and
``xegpu.convert_layout`` (``index.castu`` / ``casts`` build the ``arith`` casts they equal)."""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import IndexType, IntegerType, VectorType
from genx_emit.xegpu.model import Op


@dataclass(eq=False, kw_only=True)
class VectorStep(Op):
    """``vector.step``: the 1-D vector ``[0, 1, ..., N-1]`` of index (or integer) elements."""

    def verify(self) -> None:
        t = self.result.type
        if not (isinstance(t, VectorType) and len(t.shape) == 1
                and isinstance(t.element, IndexType | IntegerType)):
            raise error(self.loc, f"vector.step: the result must be a 1-D vector of index, got '{t}'")


@dataclass(eq=False, kw_only=True)
class ConvertLayout(Op):
    """``xegpu.convert_layout``: changes how a value is spread over subgroups or lanes. A
    subgroup-level value here holds the whole tile in one thread's registers, so the value itself
    does not change (the layouts only steer upstream's distribution passes)."""

    source: Value

    def verify(self) -> None:
        if self.source.type != self.result.type:
            raise error(self.loc, f"xegpu.convert_layout: the result type '{self.result.type}' must equal "
                                  f"the source's '{self.source.type}'")
        if not isinstance(self.source.type, VectorType):
            raise error(self.loc, f"xegpu.convert_layout: expects a vector, got '{self.source.type}'")
