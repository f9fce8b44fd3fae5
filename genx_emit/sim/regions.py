"""``llvm.genx.rdregion*`` / ``wrregion*`` semantics (genx-reference.md §4, GenX LangRef).

Element i of a region with width W: row = i // W, column = i % W, source element =
offset / elemsize + row * vstride + column * stride; a 1D region (W == count) ignores vstride.
A multi-indirect ``<rows x i16>`` offset gives each row its own start (vstride unused). The
whole region must lie inside the vector: anything else is a Fault, because the hardware would
read or write a neighbouring register.
"""

from __future__ import annotations

import numpy as np

from genx_emit.sim.errors import Fault


def region_indices(count: int, vstride: int, width: int, stride: int, offset_bytes, elem_bytes: int,
                   src_len: int, what: str) -> np.ndarray:
    """Source indices of the ``count`` elements of a region (offset scalar or per-row vector)."""
    if width <= 0 or count % width:
        raise Fault(f"{what}: width {width} does not divide the {count} elements of the region")
    rows = count // width
    i = np.arange(count)
    col = (i % width) * stride
    off = np.asarray(offset_bytes).astype(np.int64) & 0xFFFF  # i16 offsets are unsigned bytes
    if off.ndim == 0:
        if int(off) % elem_bytes:
            raise Fault(f"{what}: byte offset {int(off)} is not a multiple of the {elem_bytes}-byte element")
        start = int(off) // elem_bytes
        idx = start + col + (0 if rows == 1 else (i // width) * vstride)
    else:
        if off.shape[0] != rows:
            raise Fault(f"{what}: {off.shape[0]} row offsets for a region of {rows} rows")
        if (off % elem_bytes).any():
            raise Fault(f"{what}: row byte offsets {off.tolist()} are not multiples of {elem_bytes}")
        idx = (off // elem_bytes)[i // width] + col
    if idx.size and (idx.min() < 0 or idx.max() >= src_len):
        raise Fault(f"{what}: region elements {int(idx.min())}..{int(idx.max())} fall outside the "
                    f"{src_len}-element vector")
    return idx


def rdregion(src, count: int, vstride: int, width: int, stride: int, offset) -> np.ndarray:
    """The ``count`` elements of the region (always a 1-D array)."""
    v = np.atleast_1d(src)
    idx = region_indices(count, vstride, width, stride, offset, v.dtype.itemsize, v.shape[0], "rdregion")
    return v[idx]


def wrregion(old, new, vstride: int, width: int, stride: int, offset, mask) -> np.ndarray:
    """``old`` with the region's elements replaced by ``new`` where ``mask`` is set."""
    out = np.array(np.atleast_1d(old), copy=True)
    nv = np.atleast_1d(new)
    if nv.dtype != out.dtype:
        raise Fault(f"wrregion: writing {nv.dtype} elements into a {out.dtype} vector")
    idx = region_indices(nv.shape[0], vstride, width, stride, offset, out.dtype.itemsize, out.shape[0],
                         "wrregion")
    m = np.asarray(mask)
    if m.ndim == 0:
        if bool(m):
            out[idx] = nv
    else:
        if m.shape[0] != nv.shape[0]:
            raise Fault(f"wrregion: mask of {m.shape[0]} lanes for {nv.shape[0]} elements")
        out[idx[m]] = nv[m]
    return out
