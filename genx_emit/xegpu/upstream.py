"""Op model of small ops upstream XeGPU kernels use around the XeGPU ops: ``vector.step`` and
``xegpu.convert_layout``, ``affine.apply`` (``index.castu`` / ``casts`` build the ``arith`` casts
they equal)."""

from __future__ import annotations

import re
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


# -- affine.apply ----------------------------------------------------------------------------
# An affine expression: ("const", c), ("dim", i), ("sym", i), (op, lhs, rhs) with op one of
# + * floordiv ceildiv mod (subtraction is + of a product by -1).
AffineExpr = tuple


@dataclass(frozen=True)
class AffineMap:
    n_dims: int
    n_syms: int
    result: AffineExpr


_MAP = r"\s*affine_map\s*<\s*\(([^)]*)\)\s*(?:\[([^\]]*)\])?\s*->\s*\((.*)\)\s*>\s*"


def parse_affine_map(text: str, loc) -> AffineMap:
    """``affine_map<(d0, d1)[s0] -> (d0 * 16 + s0 mod 4)>`` with exactly one result."""
    m = re.fullmatch(_MAP, text, re.S)
    if m is None:
        raise error(loc, f"affine.apply: cannot read the map '{text}'")
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    syms = [s.strip() for s in (m.group(2) or "").split(",") if s.strip()]
    toks = re.findall(r"\d+|[A-Za-z_][\w]*|[-+*()]|,", m.group(3))
    names = {d: ("dim", i) for i, d in enumerate(dims)} | {s: ("sym", i) for i, s in enumerate(syms)}
    pos = 0

    def peek() -> str | None:
        return toks[pos] if pos < len(toks) else None

    def take() -> str:
        nonlocal pos
        if pos >= len(toks):
            raise error(loc, f"affine.apply: the map '{text}' ends early")
        pos += 1
        return toks[pos - 1]

    def atom() -> AffineExpr:
        t = take()
        if t == "(":
            e = add()
            if take() != ")":
                raise error(loc, f"affine.apply: unbalanced parentheses in '{text}'")
            return e
        if t == "-":
            return ("*", ("const", -1), atom())
        if t.isdigit():
            return ("const", int(t))
        if t in names:
            return names[t]
        raise error(loc, f"affine.apply: unknown name '{t}' in '{text}'")

    def mul() -> AffineExpr:
        e = atom()
        while peek() in ("*", "floordiv", "ceildiv", "mod"):
            e = (take(), e, atom())
        return e

    def add() -> AffineExpr:
        e = mul()
        while peek() in ("+", "-"):
            op = take()
            rhs = mul()
            e = ("+", e, rhs if op == "+" else ("*", ("const", -1), rhs))
        return e

    result = add()
    if pos != len(toks):
        raise error(loc, f"affine.apply: the map '{text}' must have exactly one result")
    return AffineMap(len(dims), len(syms), result)


@dataclass(eq=False, kw_only=True)
class AffineApply(Op):
    """``affine.apply``: one index computed from dimension and symbol operands by an affine map
    (``floordiv`` / ``ceildiv`` / ``mod`` by positive constants, as affine maps allow)."""

    map: AffineMap
    operands: list[Value]

    def verify(self) -> None:
        want = self.map.n_dims + self.map.n_syms
        if len(self.operands) != want:
            raise error(self.loc, f"affine.apply: the map takes {want} operands, got {len(self.operands)}")
        for v in self.operands:
            if not isinstance(v.type, IndexType):
                raise error(self.loc, f"affine.apply: operand '{v.name}' must be an index, got '{v.type}'")

        def check(e: AffineExpr) -> None:
            if e[0] in ("floordiv", "ceildiv", "mod") and not (e[2][0] == "const" and e[2][1] > 0):
                raise error(self.loc, f"affine.apply: {e[0]} needs a positive constant divisor")
            for sub in e[1:]:
                if isinstance(sub, tuple):
                    check(sub)
        check(self.map.result)
