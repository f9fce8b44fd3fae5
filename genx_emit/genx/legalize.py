"""Region legality and the splitting of region accesses to the target's GRF limits.

Pure integer code: which regions one ``rdregion``/``wrregion`` may take on a target, and how
an arbitrary region access is cut into legal pieces. :mod:`genx_emit.genx.regions` emits the
pieces; ``genx-emit check`` and the tests use :func:`why_illegal` on their own.

The rules (GenX reference, "Legal regions"): an access spans at most 2 GRFs (1 for a direct
byte source on targets that say so), has a power-of-two execution size within the target's
limit, width in {1,2,4,8,16}, vstride in {0,1,2,4,8,16,32}, stride in {0,1,2,4} (a 1D source
may use a vstride-sized stride, encoded as rows of one element); destinations are 1D with
stride 1, 2 or 4.

Raw operands are the exception: the payload, address and DPAS operands of a message or
``dpas`` are passed as whole registers, so a contiguous 1D slice starting at a GRF boundary is
bound to them in place (no move, whatever its size). Such an access is legal when it is
``raw``: read straight into the operand, or written straight from an intrinsic's result.

The split follows the backend's greedy algorithm: from each start take the largest power of
two that is legal, measured from the start's byte position inside its GRF, and whose partner
access is legal too (the 1D piece of the joined result for a read, of the written value for a
write, the other region of a copy). Pieces are whole rows or lie inside one row.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from genx_emit.genx.region import Region
from genx_emit.targets import Target

WIDTHS = (1, 2, 4, 8, 16)
VSTRIDES = (0, 1, 2, 4, 8, 16, 32)
STRIDES = (0, 1, 2, 4)
DEST_STRIDES = (1, 2, 4)


@dataclass(frozen=True)
class Piece:
    """Elements ``start .. start+n`` of a copy: read as region ``src``, written as region ``dst``."""

    start: int
    src: Region
    dst: Region

    @property
    def count(self) -> int:
        return self.src.count


def exec_limit(target: Target, esize: int) -> int:
    """Largest execution size of one region access of ``esize``-byte elements."""
    return target.max_exec_size_64bit if esize >= 8 else target.max_exec_size


def span_limit(target: Target, esize: int, dest: bool, variable: bool) -> int:
    """Bytes one access may span, counted from the start of its first GRF."""
    if esize == 1 and not dest and not variable:
        return target.grf_bytes * target.byte_source_grfs
    return 2 * target.grf_bytes


def start_in_grf(target: Target, esize: int, byte_offset: int | None) -> int:
    """Byte position of an access's first element inside its GRF; for a run-time offset
    (``None``) the worst case, the last element slot of a GRF."""
    if byte_offset is None:
        return target.grf_bytes - esize
    return byte_offset % target.grf_bytes


def _pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def is_raw_slice(r: Region, esize: int, target: Target) -> bool:
    """A contiguous 1D region starting at a GRF boundary: bindable to a raw operand in place."""
    return r.is_1d and (r.stride == 1 or r.count == 1) and r.var is None \
        and (r.offset * esize) % target.grf_bytes == 0


def why_illegal(r: Region, esize: int, target: Target, *, dest: bool,
                variable: bool | None = None, raw: bool = False) -> str | None:
    """Why one rdregion (``dest=False``) or wrregion (``dest=True``) with region ``r`` over
    ``esize``-byte elements is illegal on ``target``; None when it is legal. ``r.offset`` is
    in elements; ``variable`` (default: ``r.var`` is set) says a run-time offset is added;
    ``raw`` says the access feeds (or comes from) a raw intrinsic operand."""
    if raw and is_raw_slice(r, esize, target):
        return None
    if variable is None:
        variable = r.var is not None
    n = r.count
    if not _pow2(n):
        return f"execution size {n} is not a power of two"
    limit = exec_limit(target, esize)
    if n > limit:
        return f"execution size {n} exceeds {limit} for {esize}-byte elements on {target.name}"
    if r.width <= 0 or n % r.width:
        return f"width {r.width} does not divide the execution size {n}"
    if n == 1:
        return None  # one element: strides do not matter, it cannot straddle more than 2 GRFs
    if r.is_1d:
        if dest and r.stride not in DEST_STRIDES:
            return f"destination stride {r.stride} is not one of {DEST_STRIDES}"
        if dest and _wide_dest_stride(r.stride, esize, target):
            return (f"destination stride {r.stride} of 64-bit elements exceeds "
                    f"{target.max_dest_stride_64bit} on {target.name}")
        if not dest and r.stride not in STRIDES and r.stride not in VSTRIDES:
            return f"1D source stride {r.stride} is not one of {sorted(set(STRIDES + VSTRIDES))}"
        extent = (n - 1) * r.stride
    else:
        if dest:
            return f"destination region is 2D (width {r.width} of {n}): destinations must be 1D"
        if r.width not in WIDTHS:
            return f"width {r.width} is not one of {WIDTHS}"
        if r.vstride not in VSTRIDES:
            return f"vstride {r.vstride} is not one of {VSTRIDES}"
        if r.stride not in STRIDES:
            return f"stride {r.stride} is not one of {STRIDES}"
        extent = (n // r.width - 1) * r.vstride + (r.width - 1) * r.stride
    first = start_in_grf(target, esize, None if variable else r.offset * esize)
    span = first + extent * esize + esize
    limit_bytes = span_limit(target, esize, dest, variable)
    if span > limit_bytes:
        grfs = limit_bytes // target.grf_bytes
        where = "a run-time offset (worst case)" if variable else f"byte {first} of its GRF"
        return (f"spans {span} bytes from {where}: more than {grfs} GRF{'s' if grfs > 1 else ''} of "
                f"{target.grf_bytes} bytes")
    return None


def piece_of(r: Region, start: int, n: int) -> Region | None:
    """Region elements ``start .. start+n`` as a region of the same vector: inside one row, or
    whole rows from a row start; None otherwise."""
    row, col = divmod(start, r.width)
    offset = r.offset + row * r.vstride + col * r.stride
    if col + n <= r.width:
        piece = Region.row(n, offset, r.stride if n > 1 else 1)
    elif col == 0 and n % r.width == 0:
        if r.width == 1:
            piece = Region.row(n, offset, r.vstride)
        elif r.vstride == r.width * r.stride:
            piece = Region.row(n, offset, r.stride)
        else:
            piece = Region(count=n, width=r.width, stride=r.stride, vstride=r.vstride, offset=offset)
    else:
        return None
    return piece if r.var is None else replace(piece, var=r.var)


def _wide_dest_stride(stride: int, esize: int, target: Target) -> bool:
    """A 64-bit destination stride past the target's limit (IGC crashed on f64 stride 4)."""
    return esize == 8 and stride > target.max_dest_stride_64bit


def is_legal(r: Region, esize: int, target: Target, *, dest: bool, raw: bool = False) -> bool:
    return why_illegal(r, esize, target, dest=dest, raw=raw) is None


def _piece_fields(r: Region, start: int, n: int) -> tuple[int, int, int, int, int] | None:
    """``piece_of(r, start, n)`` as (count, width, stride, vstride, offset), without building it."""
    row, col = divmod(start, r.width)
    offset = r.offset + row * r.vstride + col * r.stride
    if col + n <= r.width:
        return n, n, r.stride if n > 1 else 1, 0, offset
    if col == 0 and n % r.width == 0:
        if r.width == 1:
            return n, n, r.vstride, 0, offset
        if r.vstride == r.width * r.stride:
            return n, n, r.stride, 0, offset
        return n, r.width, r.stride, r.vstride, offset
    return None


def _legal_fields(f: tuple[int, int, int, int, int], esize: int, target: Target, dest: bool,
                  variable: bool) -> bool:
    """``why_illegal(...) is None`` for a region given as :func:`_piece_fields` (not raw)."""
    n, width, stride, vstride, offset = f
    if n & (n - 1) or n > exec_limit(target, esize) or width <= 0 or n % width:
        return False
    if n == 1:
        return True
    if width == n:
        if dest and (stride not in DEST_STRIDES or _wide_dest_stride(stride, esize, target)):
            return False
        if not dest and stride not in STRIDES and stride not in VSTRIDES:
            return False
        extent = (n - 1) * stride
    else:
        if dest or width not in WIDTHS or vstride not in VSTRIDES or stride not in STRIDES:
            return False
        extent = (n // width - 1) * vstride + (width - 1) * stride
    first = start_in_grf(target, esize, None if variable else offset * esize)
    return first + extent * esize + esize <= span_limit(target, esize, dest, variable)


def plan_copy(src: Region, dst: Region, esize: int, target: Target) -> list[Piece]:
    """Legal pieces of the element-by-element copy from region ``src`` of one vector to region
    ``dst`` of another (equal counts): each piece is one legal rdregion and one legal wrregion.

    From each start the largest power of two whose two pieces are both legal: inside one row or
    whole rows of each region, within the span and execution-size limits measured from the
    piece's own position in its GRF.
    """
    assert src.count == dst.count, (src, dst)
    if src.var is None and dst.var is None:  # the usual case: plans repeat, keep them
        return list(_plan_copy_cached(src, dst, esize, target))
    return _plan_copy(src, dst, esize, target)


@functools.lru_cache(maxsize=4096)
def _plan_copy_cached(src: Region, dst: Region, esize: int, target: Target) -> tuple[Piece, ...]:
    return tuple(_plan_copy(src, dst, esize, target))


def _plan_copy(src: Region, dst: Region, esize: int, target: Target) -> list[Piece]:
    pieces: list[Piece] = []
    top = 1 << (exec_limit(target, esize).bit_length() - 1)
    s_var, d_var = src.var is not None, dst.var is not None
    start = 0
    while start < src.count:
        n = top
        while n > src.count - start:
            n //= 2
        while n > 1:  # one element is always a legal piece
            s, d = _piece_fields(src, start, n), _piece_fields(dst, start, n)
            if s is not None and d is not None and _legal_fields(s, esize, target, False, s_var) \
                    and _legal_fields(d, esize, target, True, d_var):
                break
            n //= 2
        s_piece, d_piece = piece_of(src, start, n), piece_of(dst, start, n)
        assert s_piece is not None and d_piece is not None
        pieces.append(Piece(start, s_piece, d_piece))
        start += n
    return pieces


def plan(r: Region, esize: int, target: Target, *, dest: bool, raw: bool = False) -> list[Piece]:
    """Legal pieces of one access: a read of ``r`` into a fresh ``<count x T>`` vector, or a
    write of a ``<count x T>`` vector into ``r``. One piece when ``r`` itself is legal (then
    no partner access is emitted at all)."""
    if is_legal(r, esize, target, dest=dest, raw=raw):
        whole = Region.row(r.count)
        return [Piece(0, whole, r) if dest else Piece(0, r, whole)]
    return plan_copy(Region.row(r.count), r, esize, target) if dest else \
        plan_copy(r, Region.row(r.count), esize, target)


def alu_width(target: Target, esizes: list[int]) -> int:
    """Elements of one split elementwise op whose operands and result have these element sizes:
    the execution-size limit, and at most 2 GRFs for the widest type."""
    widest = max(esizes)
    return min(exec_limit(target, widest), 2 * target.grf_bytes // widest)
