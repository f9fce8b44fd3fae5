"""Op model of the small ops upstream XeGPU kernels use around the XeGPU ops: ``vector.step``,
``xegpu.convert_layout``, ``affine.apply``, ``index.castu`` / ``index.casts`` (the ``arith`` index
casts they equal) and ``gpu.shuffle`` (re-assembled in SIMT kernels, see ``simt.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IndexType, IntegerType, VectorType, element_bits
from genx_emit.ops.arith import Cast
from genx_emit.ops.build import Builder, arity, builds
from genx_emit.ops.model import Op, models
from genx_emit.ops.simt_layout import is_vnni_repack


@models("vector.step", pure=True)
class VectorStep(Op):
    """``vector.step``: the 1-D vector ``[0, 1, ..., N-1]`` of index (or integer) elements."""

    def verify(self) -> None:
        t = self.result.type
        if not (isinstance(t, VectorType) and len(t.shape) == 1
                and isinstance(t.element, IndexType | IntegerType)):
            raise error(self.loc, f"vector.step: the result must be a 1-D vector of index, got '{t}'")


@models("xegpu.convert_layout", pure=True)
class ConvertLayout(Op):
    """``xegpu.convert_layout``: changes how a value is spread over subgroups or lanes. A
    subgroup-level value here holds the whole tile in one thread's registers, so the value itself
    does not change (the layouts only steer upstream's distribution passes). One exception, made
    by the SIMT pass: a lane layout that gives lanes VNNI row groups (``lane_data = [f, 1]``)
    holds the tile in its VNNI form ``[H / f, W, f]``, so a change to or from it re-packs."""

    source: Value
    vnni: str | None = None  # "pack" (plain [H, W] to VNNI [H / f, W, f]), "unpack", or None

    def verify(self) -> None:
        s, r = self.source.type, self.result.type
        if not isinstance(s, VectorType):
            raise error(self.loc, f"xegpu.convert_layout: expects a vector, got '{s}'")
        plain, packed = (s, r) if self.vnni == "pack" else (r, s)
        if self.vnni is not None and not (isinstance(packed, VectorType) and is_vnni_of(packed, plain)):
            raise error(self.loc, f"xegpu.convert_layout: '{packed}' is not the VNNI form of '{plain}'")
        if self.vnni is None and s != r:
            raise error(self.loc, f"xegpu.convert_layout: the result type '{r}' must equal the source's "
                                  f"'{s}'")


def is_vnni_of(packed: VectorType, plain: VectorType) -> bool:
    """``packed`` is the VNNI form ``[H / f, W, f]`` of the ``[H, W]`` tile ``plain`` (f = 32 bits
    over the element's)."""
    bits = element_bits(plain.element)
    f = 32 // bits if bits < 32 else 1
    h, w = plain.shape
    return f > 1 and h % f == 0 and packed.element == plain.element and tuple(packed.shape) == (h // f, w, f)


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


@models("affine.apply", pure=True)
class AffineApply(Op):
    """``affine.apply``: one index computed from dimension and symbol operands by an affine map
    (``floordiv`` / ``ceildiv`` / ``mod`` by positive constants, as affine maps allow)."""

    map: AffineMap
    args: list[Value]

    def verify(self) -> None:
        want = self.map.n_dims + self.map.n_syms
        if len(self.args) != want:
            raise error(self.loc, f"affine.apply: the map takes {want} operands, got {len(self.args)}")
        for v in self.args:
            if not isinstance(v.type, IndexType):
                raise error(self.loc, f"affine.apply: operand '{v.name}' must be an index, got '{v.type}'")

        def check(e: AffineExpr) -> None:
            if e[0] in ("floordiv", "ceildiv", "mod") and not (e[2][0] == "const" and e[2][1] > 0):
                raise error(self.loc, f"affine.apply: {e[0]} needs a positive constant divisor")
            for sub in e[1:]:
                if isinstance(sub, tuple):
                    check(sub)
        check(self.map.result)


@models("index.castu", "index.casts", pure=True)
class IndexCast(Cast):
    """``index.castu`` / ``index.casts``: ``arith.index_castui`` / ``arith.index_cast``."""


@models("gpu.shuffle", pure=True)
class GpuShuffle(Op):
    """``gpu.shuffle``: moves a value between lanes, so it exists only in SIMT kernels, where
    ``simt.py`` turns it into a ``vector.shuffle`` of the lanes' vector before this model is built."""

    def verify(self) -> None:
        raise error(self.loc, "gpu.shuffle needs a SIMT kernel: its operand must differ per lane "
                              "(computed from gpu.lane_id or a per-lane fragment)")


# -- building from the generic IR --------------------------------------------------------------
@builds(VectorStep)
def _step(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    return VectorStep(loc=op.loc, results=op.results)


@builds(IndexCast)
def _index_cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    opname = "index_castui" if op.name == "index.castu" else "index_cast"
    return IndexCast(loc=op.loc, results=op.results, opname=opname, source=op.operands[0])


@builds(GpuShuffle)
def _gpu_shuffle(op: Operation, b: Builder) -> Op:
    return GpuShuffle(loc=op.loc, results=op.results)  # verify() explains why it cannot stay


@builds(ConvertLayout)
def _convert_layout(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    vnni = None
    if is_vnni_repack(op):  # the SIMT pass's lane-layout change to or from VNNI row groups
        vnni = "pack" if len(getattr(op.results[0].type, "shape", ())) == 3 else "unpack"
    return ConvertLayout(loc=op.loc, results=op.results, source=op.operands[0], vnni=vnni)


@builds(AffineApply)
def _affine_apply(op: Operation, b: Builder) -> Op:
    arity(op, tuple(range(len(op.operands) + 1)), 1)
    amap = op.attr("map")
    if amap is None:
        raise error(op.loc, "affine.apply: missing 'map'")
    return AffineApply(loc=op.loc, results=op.results, map=parse_affine_map(str(amap), op.loc),
                       args=list(op.operands))
