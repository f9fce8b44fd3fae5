"""Op model of ``xegpu.dpas``."""

from __future__ import annotations

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.mlir.attrs import as_str
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import (
    FloatType,
    IntegerType,
    Type,
    element_bits,
)
from genx_emit.ops.build import Builder, arity, builds
from genx_emit.ops.model import Op, models
from genx_emit.ops.nd import shape_text, vector_operand


@models("xegpu.dpas", pure=True, attributes=())
class Dpas(Op):
    """``xegpu.dpas``: result = acc + lhs x rhs. Operand shapes as written (2D or 3D VNNI)."""

    lhs: Value
    rhs: Value
    acc: Value | None = None
    rfc: bool = False  # written in the RFC's vc mode, where a VNNI (3-D) lhs is allowed

    def verify(self) -> None:
        name, loc = "xegpu.dpas", self.loc
        lhs = vector_operand(name, "lhs", self.lhs, loc)
        if len(lhs.shape) == 3 and not self.rfc:
            raise error(loc, f"{name}: lhs shape {shape_text(lhs.shape)} is 3-D; upstream's dpas takes a "
                             "2-D lhs [M, K] (a VNNI lhs is the RFC's vc-mode form, {mode = vc})")
        rhs = vector_operand(name, "rhs", self.rhs, loc)
        if len(self.results) != 1:
            raise error(loc, f"{name}: expected one result, got {len(self.results)}")
        res = vector_operand(name, "result", self.result, loc)
        el = lhs.element
        if rhs.element != el:
            raise error(loc, f"{name}: lhs element type {el} and rhs element type {rhs.element} differ")
        k, is_float = _dpas_k(el, loc)
        f = 32 // element_bits(el)
        m = lhs.shape[0] if lhs.shape else None
        lhs_shapes = [(m, k)] + ([(m, k // f, f)] if f > 1 else [])
        if m is None or tuple(lhs.shape) not in lhs_shapes:
            raise error(loc, f"{name}: lhs shape {shape_text(lhs.shape)} must be [M, {k}]"
                             + (f" or [M, {k // f}, {f}]" if f > 1 else "") + f" for {el}")
        n = rhs.shape[1] if len(rhs.shape) >= 2 else None
        rhs_shapes = [(k, n)] + ([(k // f, n, f)] if f > 1 else [])
        if n is None or tuple(rhs.shape) not in rhs_shapes:
            raise error(loc, f"{name}: rhs shape {shape_text(rhs.shape)} must be [{k}, N]"
                             + (f" or [{k // f}, N, {f}]" if f > 1 else "") + f" for {el}")
        # f16 inputs may also accumulate into f16 (each DPAS rounds its f32 sum once)
        want = (["f32", "f16"] if el == FloatType("f16") else ["f32"]) if is_float else ["i32"]
        if (is_float and str(res.element) not in want) or (
            not is_float and not (isinstance(res.element, IntegerType) and res.element.width == 32)
        ):
            raise error(loc, f"{name}: result element type must be {' or '.join(want)} for {el} "
                             f"inputs, got {res.element}")
        if tuple(res.shape) != (lhs.shape[0], n):
            raise error(loc, f"{name}: result shape {shape_text(res.shape)} must be [M, N] = "
                             f"{shape_text((lhs.shape[0], n))}")
        if self.acc is not None and self.acc.type != res:
            raise error(loc, f"{name}: accumulator type '{self.acc.type}' must equal the result type '{res}'")


def _dpas_k(el: Type, loc: Location) -> tuple[int, bool]:
    """(K, is_float) of one DPAS for this element type: the systolic depth is 8 x 32 bits."""
    if isinstance(el, FloatType) and el.kind in ("f16", "bf16"):
        return 16, True
    if isinstance(el, FloatType) and el.kind in ("tf32", "f32"):  # f32 operands mean tf32
        return 8, True
    if isinstance(el, IntegerType) and el.width == 8:
        return 32, False
    raise DiagnosticError(loc, f"xegpu.dpas: element type {el} is not supported (f16, bf16, tf32, i8, ui8)")


# -- building from the generic IR --------------------------------------------------------------
@builds(Dpas)
def _dpas(op: Operation, b: Builder) -> Op:
    arity(op, (2, 3), 1)
    acc = op.operands[2] if len(op.operands) == 3 else None
    rfc = as_str(op.attr("mode")) == "vc"  # the RFC's vc mode writes a VNNI (3-D) lhs; upstream does not
    return Dpas(loc=op.loc, results=op.results, lhs=op.operands[0], rhs=op.operands[1], acc=acc, rfc=rfc)
