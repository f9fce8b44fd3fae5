"""Regions: the GenX way to slice and reassemble vectors, and the builders that emit them.

A :class:`Region` selects ``count`` elements of a flat vector: element ``i`` of the region is
source element ``offset + (i // width) * vstride + (i % width) * stride``. It is 1D when
``width == count``. Offsets are kept in elements here and turned into the intrinsics' byte
offsets only when emitted.
"""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from genx_emit.genx.intrinsics import Intrinsics, scalar_bits, scalar_of


@dataclass(frozen=True)
class Region:
    count: int
    width: int
    stride: int = 1
    vstride: int = 0
    offset: int = 0  # elements

    @staticmethod
    def row(count: int, offset: int = 0, stride: int = 1) -> Region:
        """A 1D region of ``count`` elements."""
        return Region(count=count, width=count, stride=stride, vstride=0, offset=offset)

    @staticmethod
    def rows(nrows: int, width: int, vstride: int, offset: int = 0, stride: int = 1) -> Region:
        """``nrows`` rows of ``width`` elements, rows ``vstride`` apart (1D when that is contiguous)."""
        if nrows == 1:
            return Region.row(width, offset, stride)
        if stride == 1 and vstride == width:
            return Region.row(nrows * width, offset)
        return Region(count=nrows * width, width=width, stride=stride, vstride=vstride, offset=offset)

    @property
    def is_1d(self) -> bool:
        return self.width == self.count

    def element(self, i: int) -> int:
        """Source index of region element ``i``."""
        return self.offset + (i // self.width) * self.vstride + (i % self.width) * self.stride

    def indices(self) -> list[int]:
        return [self.element(i) for i in range(self.count)]


def _is_float(t: ir.Type) -> bool:
    return isinstance(t, (ir.HalfType, ir.FloatType, ir.DoubleType))


def _bytes(t: ir.Type) -> int:
    return scalar_bits(t) // 8


def _parent_width(r: Region) -> int:
    # A hint for the backend: rows of a 2D region never cross a multiple of this.
    return r.vstride if not r.is_1d and r.vstride > 0 else r.width


def rdregion(b: ir.IRBuilder, intr: Intrinsics, src: ir.Value, r: Region, name: str = "") -> ir.Value:
    """Read region ``r`` of ``src``; the result is a ``<count x T>`` vector."""
    et = scalar_of(src.type)
    if r.is_1d and r.offset == 0 and r.stride == 1 and isinstance(src.type, ir.VectorType) \
            and r.count == src.type.count:
        return src  # the whole vector
    op = "rdregionf" if _is_float(et) else "rdregioni"
    vstride = 0 if r.is_1d else r.vstride
    return intr.call(b, op, ret=ir.VectorType(et, r.count), label=name, src=src, vstride=vstride,
                     width=r.width, stride=r.stride,
                     offset=ir.Constant(ir.IntType(16), r.offset * _bytes(et)), parent_width=_parent_width(r))


def wrregion(b: ir.IRBuilder, intr: Intrinsics, old: ir.Value, new: ir.Value, r: Region,
             name: str = "") -> ir.Value:
    """Write ``new`` (``count`` elements) into region ``r`` of ``old``; returns the new vector."""
    et = scalar_of(old.type)
    if r.is_1d and r.offset == 0 and r.stride == 1 and new.type == old.type:
        return new  # overwrites everything
    op = "wrregionf" if _is_float(et) else "wrregioni"
    vstride = 0 if r.is_1d else r.vstride
    return intr.call(b, op, ret=old.type, label=name, old=old, new=new, vstride=vstride, width=r.width,
                     stride=r.stride, offset=ir.Constant(ir.IntType(16), r.offset * _bytes(et)),
                     parent_width=_parent_width(r), mask=True)


def copy_rows(b: ir.IRBuilder, intr: Intrinsics, dst: ir.Value, src: ir.Value, nrows: int, width: int,
              src_pitch: int, src_offset: int, dst_pitch: int, dst_offset: int, name: str = "") -> ir.Value:
    """Copy an ``nrows`` x ``width`` block between two row-major layouts (pitches in elements)."""
    piece = rdregion(b, intr, src, Region.rows(nrows, width, src_pitch, src_offset), name=name + ".rd")
    return wrregion(b, intr, dst, piece, Region.rows(nrows, width, dst_pitch, dst_offset), name=name)
