"""Op model of XeGPU's matrix descriptors over SLM: ``create_mem_desc``, ``load_matrix``,
``store_matrix``.

``!xegpu.mem_desc<RxCxT, #xegpu.mem_layout<stride = [s0, s1], block = [b0, b1]>>`` is an R x C
matrix of T in an SLM buffer. Without ``block`` element (y, x) sits at ``y*s0 + x*s1`` (default
strides row-major ``[C, 1]``). With ``block`` the matrix is cut into b0 x b1 blocks, each stored
contiguously (b0*b1 elements); inside a block the elements follow the stride order, and the
blocks themselves follow it too (upstream's ``MemDescType::getStrideShape`` /
``getLinearOffsets``): the dimension with stride 1 is the fastest both within and across blocks.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import DialectType, FloatType, IntegerType, MemRefType, Type, VectorType
from genx_emit.ops.build import Builder, builds, mixed
from genx_emit.ops.model import Op, Operand, models
from genx_emit.ops.sync import memref_extent
from genx_emit.ops.types import is_slm

_ELEMENTS: dict[str, Type] = {
    "f16": FloatType("f16"), "bf16": FloatType("bf16"), "f32": FloatType("f32"), "f64": FloatType("f64"),
    "i8": IntegerType(8), "i16": IntegerType(16), "i32": IntegerType(32), "i64": IntegerType(64),
}


@dataclass(frozen=True)
class MemDesc:
    """A ``!xegpu.mem_desc`` type, read: shape, element and the element-offset rule."""

    shape: tuple[int, ...]
    element: Type
    strides: tuple[int, ...]
    block: tuple[int, ...] | None  # None: no blocking

    def linear_strides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(strides of the block indices, strides inside a block) in elements; without blocking
        the block strides are unused and the inner ones are the matrix strides."""
        if self.block is None:
            return tuple(0 for _ in self.shape), self.strides
        order = sorted(range(len(self.shape)), key=lambda d: self.strides[d])  # fastest dim first
        inner = [0] * len(self.shape)
        acc = 1
        for d in order:
            inner[d] = acc
            acc *= self.block[d]
        outer = [0] * len(self.shape)  # acc is now one block's element count
        for d in order:
            outer[d] = acc
            acc *= self.shape[d] // self.block[d]
        return tuple(outer), tuple(inner)

    def offset(self, index: tuple[int, ...]) -> int:
        """Element offset of ``index`` (a reference for tests and constant folding)."""
        outer, inner = self.linear_strides()
        if self.block is None:
            return sum(i * s for i, s in zip(index, inner, strict=True))
        return sum((i // b) * o + (i % b) * n
                   for i, b, o, n in zip(index, self.block, outer, inner, strict=True))


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.replace(" ", "").split(",") if x)


def mem_desc(t: Type, loc: Location, op: str) -> MemDesc:
    """Read a ``!xegpu.mem_desc`` type; anything else or a malformed one is an error."""
    if not (isinstance(t, DialectType) and t.dialect == "xegpu" and t.name == "mem_desc"):
        raise error(loc, f"{op}: expected a !xegpu.mem_desc, got '{t}'")
    m = re.match(r"\s*((?:\d+x)+)(\w+)\s*(?:,\s*(.*))?$", t.body, re.S)
    if m is None or m.group(2) not in _ELEMENTS:
        raise error(loc, f"{op}: cannot read the mem_desc type '{t}' (expected RxCxT with T one of "
                         f"{', '.join(_ELEMENTS)})")
    shape = tuple(int(d) for d in m.group(1).split("x") if d)
    rest = m.group(3) or ""
    stride = re.search(r"stride\s*=\s*\[([^\]]*)\]", rest)
    block = re.search(r"block\s*=\s*\[([^\]]*)\]", rest)
    unknown = re.sub(r"(stride|block)\s*=\s*\[[^\]]*\]|#xegpu\.mem_layout<|>|,|\s", "", rest)
    if unknown:
        raise error(loc, f"{op}: unsupported mem_desc parameters in '{t}' (stride and block only)")
    default = tuple(math.prod(shape[i + 1:]) for i in range(len(shape)))  # row-major
    md = MemDesc(shape, _ELEMENTS[m.group(2)], _ints(stride.group(1)) if stride else default,
                 _ints(block.group(1)) if block else None)
    if len(shape) != 2 or len(md.strides) != 2 or sorted(md.strides)[0] != 1:
        raise error(loc, f"{op}: '{t}' must be a 2-D matrix whose smallest stride is 1")
    if md.block is not None and (len(md.block) != 2 or any(b <= 0 or s % b for s, b in
                                                            zip(shape, md.block, strict=True))):
        raise error(loc, f"{op}: the blocks of '{t}' must divide its shape")
    if md.block is not None and md.block == shape:
        md = MemDesc(shape, md.element, md.strides, None)  # one block: no blocking (upstream's rule)
    return md


@models("xegpu.create_mem_desc", pure=True)
class CreateMemDesc(Op):
    """``xegpu.create_mem_desc %slm``: a matrix view of an SLM buffer (any element type)."""

    source: Value

    def verify(self) -> None:
        name = "xegpu.create_mem_desc"
        t = self.source.type
        if not isinstance(t, MemRefType) or not is_slm(t) or None in t.shape:
            raise error(self.loc, f"{name}: the source must be a static SLM memref (memory space 3), "
                                  f"got '{t}'")
        md = mem_desc(self.result.type, self.loc, name)
        have = (memref_extent(t) or 0) * max(1, _bits(t.element) // 8)
        need = md.shape[0] * md.shape[1] * _bits(md.element) // 8
        if need > have:
            raise error(self.loc, f"{name}: '{self.result.type}' needs {need} bytes, '{t}' has {have}")


def _bits(t: Type) -> int:
    return t.width if isinstance(t, IntegerType | FloatType) else 0


@models("xegpu.load_matrix", "xegpu.store_matrix", descriptor="mem_desc")
class MatrixAccess(Op):
    """``xegpu.load_matrix`` (``value`` None, the result is the tile) / ``store_matrix``: a 2-D
    tile at ``offsets`` of a matrix descriptor, one SLM element per lane."""

    opname: str
    mem_desc: Value
    offsets: list[Operand]
    value: Value | None = None

    @property
    def tile(self) -> VectorType:
        t = self.value.type if self.value is not None else self.result.type
        assert isinstance(t, VectorType)
        return t

    def verify(self) -> None:
        name = self.opname
        md = mem_desc(self.mem_desc.type, self.loc, name)
        t = self.value.type if self.value is not None else (self.result.type if self.results else None)
        if not isinstance(t, VectorType) or len(t.shape) not in (1, 2):
            raise error(self.loc, f"{name}: the tile must be a 1-D or 2-D vector, got '{t}'")
        if t.element != md.element:
            raise error(self.loc, f"{name}: tile element {t.element} differs from the matrix's {md.element}")
        if len(self.offsets) != 2:
            raise error(self.loc, f"{name}: expected 2 offsets, got {len(self.offsets)}")
        shape = t.shape if len(t.shape) == 2 else (1, t.shape[0])
        if any(s > m for s, m in zip(shape, md.shape, strict=True)):
            raise error(self.loc, f"{name}: tile {list(shape)} is larger than the matrix {list(md.shape)}")


# -- building from the generic IR --------------------------------------------------------------
@builds(CreateMemDesc)
def _create_mem_desc(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1 or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected one SLM memref operand and one result")
    return CreateMemDesc(loc=op.loc, results=op.results, source=op.operands[0])


@builds(MatrixAccess)
def _matrix_access(op: Operation, b: Builder) -> Op:
    return (_store_matrix if op.name == "xegpu.store_matrix" else _load_matrix)(op, b)


def _load_matrix(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a mem_desc, its offsets and one result")
    offsets = mixed(op, "const_offsets", op.operands[1:], "offset") or []
    return MatrixAccess(loc=op.loc, results=op.results, opname=op.name, mem_desc=op.operands[0],
                        offsets=offsets)


def _store_matrix(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 2 or op.results:
        raise error(op.loc, f"{op.name}: expected the data, a mem_desc and its offsets, and no result")
    offsets = mixed(op, "const_offsets", op.operands[2:], "offset") or []
    return MatrixAccess(loc=op.loc, opname=op.name, mem_desc=op.operands[1], offsets=offsets,
                        value=op.operands[0])
