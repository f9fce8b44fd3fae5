"""The :class:`Region` value: which elements of a flat vector one region access touches.

Element ``i`` of a region is source element ``offset + (i // width) * vstride + (i % width) *
stride`` (plus a run-time ``var`` element offset when there is one). It is 1D when ``width ==
count``. Offsets are kept in elements; the builders turn them into the intrinsics' byte offsets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class Region:
    count: int
    width: int
    stride: int = 1
    vstride: int = 0
    offset: int = 0  # elements
    # A run-time element offset added to ``offset`` (an LLVM integer value), or None.
    var: Any = field(default=None, compare=False)

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

    def with_var(self, var: Any) -> Region:
        """The same region moved by the run-time element offset ``var``."""
        return replace(self, var=var)
