"""Planning 2D block messages: which messages a tile needs, their shapes and payload sizes.

Pure functions over integers (no IR), so the splitting rules are unit-tested directly. A tile
larger than one message allows is cut into a grid of pieces; each piece is one message whose
shape satisfies every rule of ``targets.Block2DLimits``. Rules that no split can satisfy
(element size, transpose unit size, VNNI factor) are reported as located errors.
"""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.targets import Block2DLimits

PLAIN, VNNI, TRANSPOSE, STORE = "plain", "vnni", "transpose", "store"


@dataclass(frozen=True)
class Piece:
    """One message: rows ``row..row+height`` and columns ``col..col+width`` of the tile
    (in memory orientation, elements of the message's data unit), ``blocks`` side by side."""

    row: int
    col: int
    height: int
    width: int
    blocks: int = 1


def next_pow2(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


def round_up(n: int, m: int) -> int:
    return (n + m - 1) // m * m


def row_pitch(kind: str, height: int, width: int, unit_bytes: int) -> int:
    """Elements between consecutive register rows of one block's payload."""
    if kind == TRANSPOSE:
        return next_pow2(height)
    if kind == VNNI:
        return next_pow2(width) * (4 // unit_bytes)
    return next_pow2(width)


def payload_rows(kind: str, height: int, width: int, unit_bytes: int) -> int:
    if kind == TRANSPOSE:
        return width
    if kind == VNNI:
        return -(-height * unit_bytes // 4)
    return height


def block_elems(kind: str, height: int, width: int, unit_bytes: int, grf_bytes: int) -> int:
    """Elements one block occupies in the payload: rows padded to a power of two and the
    block padded to whole GRFs (blocks of an array message are consecutive)."""
    n = row_pitch(kind, height, width, unit_bytes) * payload_rows(kind, height, width, unit_bytes)
    return round_up(n, grf_bytes // unit_bytes)


def payload_elems(kind: str, p: Piece, unit_bytes: int, grf_bytes: int) -> int:
    return p.blocks * block_elems(kind, p.height, p.width, unit_bytes, grf_bytes)


def _pow2_floor(n: int) -> int:
    p = 1
    while p * 2 <= n:
        p *= 2
    return p


def _chunks(total: int, step: int) -> list[tuple[int, int]]:
    """[(start, size)] covering ``total`` in steps of ``step`` (last one may be shorter)."""
    return [(s, min(step, total - s)) for s in range(0, total, step)]


def max_payload_bytes(lim: Block2DLimits, grf_bytes: int) -> int:
    """Bytes one load/prefetch message may return: the shape rule or the response-length limit."""
    return min(lim.max_load_bytes, lim.max_payload_grfs * grf_bytes)


def check_message(kind: str, p: Piece, unit_bytes: int, lim: Block2DLimits, grf_bytes: int) -> str | None:
    """The first rule a single message of this shape breaks, or None if it is legal."""
    t, w, h, nb = unit_bytes, p.width, p.height, p.blocks
    if kind == STORE:
        if nb != 1:
            return "a 2D block store writes one block"
        if h > lim.store_max_height:
            return f"block height {h} exceeds the store limit of {lim.store_max_height} rows"
        if not lim.min_row_bytes <= w * t <= lim.max_row_bytes:
            return f"row of {w * t} bytes outside [{lim.min_row_bytes}, {lim.max_row_bytes}]"
        if w * h * t > lim.store_max_bytes:
            return f"block of {w * h * t} bytes exceeds the store limit of {lim.store_max_bytes}"
        return None
    if kind == TRANSPOSE:
        if nb != 1:
            return "a transposed 2D block load reads one block"
        if t == 4 and (h > lim.transpose_u32_max_height or w > lim.transpose_u32_max_width):
            return (f"transposed 32-bit block {h}x{w} exceeds {lim.transpose_u32_max_height} rows x "
                    f"{lim.transpose_u32_max_width} columns")
        if t == 8 and (h != lim.transpose_u64_height or w not in lim.transpose_u64_widths):
            return (f"transposed 64-bit block {h}x{w} must have {lim.transpose_u64_height} rows and "
                    f"width in {list(lim.transpose_u64_widths)}")
        if t not in lim.transpose_elem_bytes:
            return f"transposed loads need 32- or 64-bit data, not {8 * t}-bit"
        return None
    if nb not in lim.load_blocks:
        return f"array length {nb} not in {list(lim.load_blocks)}"
    if t == 4 and nb > lim.max_blocks_u32:
        return f"array length {nb} exceeds {lim.max_blocks_u32} for 32-bit data"
    if t == 8 and nb > lim.max_blocks_u64:
        return f"array length {nb} exceeds {lim.max_blocks_u64} for 64-bit data"
    if h > lim.max_height:
        return f"block height {h} exceeds {lim.max_height} rows"
    if w * t < lim.min_row_bytes:
        return f"row of {w * t} bytes is below the minimum of {lim.min_row_bytes}"
    if w * nb * t > lim.max_row_bytes:
        return f"{nb} block(s) of {w * t}-byte rows exceed {lim.max_row_bytes} bytes"
    if kind == VNNI:
        if t not in lim.vnni_elem_bytes:
            return f"VNNI loads need 8- or 16-bit data, not {8 * t}-bit"
        if w > lim.vnni_max_width:
            return f"VNNI block width {w} exceeds {lim.vnni_max_width}"
        if h * t < lim.vnni_min_column_bytes:
            return f"VNNI block of {h} rows holds less than a dword per column"
    limit = max_payload_bytes(lim, grf_bytes)
    if payload_elems(kind, p, t, grf_bytes) * t > limit:
        return (f"payload of {payload_elems(kind, p, t, grf_bytes) * t} bytes exceeds {limit} "
                f"({limit // grf_bytes} GRFs of {grf_bytes} bytes)")
    return None


def plan(kind: str, height: int, width: int, blocks: int, unit_bytes: int, lim: Block2DLimits,
         grf_bytes: int, loc: Location | None, what: str, max_height: int | None = None) -> list[Piece]:
    """Cut a ``height`` x ``width`` tile (``blocks`` of them side by side) into legal messages.

    Pieces are ordered by block, then row band, then column band, the column bands of every
    other row band right to left: each message then lies next to the previous one, so its header
    differs from the previous message's in one dword (block2d_send.message_header). In row-major
    order a message moving back to column 0 rewrote the x its predecessor had changed, and IGC
    made it from the header before that one, which it then had to copy for the predecessor.
    ``what`` names the op for diagnostics. Raises a located error naming the rule when no split
    can work. ``max_height``: no message of more rows (a transposed message's rows are its
    payload's columns: the consumer's width).
    """
    t = unit_bytes
    whole = Piece(0, 0, height, width, blocks)
    if check_message(kind, whole, t, lim, grf_bytes) is None and (max_height is None or height <= max_height):
        return [whole]
    # Fixed-by-nature rules: no split helps.
    if kind == TRANSPOSE and t not in lim.transpose_elem_bytes:
        raise error(loc, f"{what}: transposed 2D loads need 32- or 64-bit data units, got {8 * t}-bit "
                         "(use transpose_bit_width = 32 for 8/16-bit elements)")
    if kind == VNNI and t not in lim.vnni_elem_bytes:
        raise error(loc, f"{what}: VNNI (packed) loads need 8- or 16-bit elements, got {8 * t}-bit")
    if width * t < lim.min_row_bytes:
        raise error(loc, f"{what}: tile rows of {width * t} bytes are below the 2D block minimum of "
                         f"{lim.min_row_bytes} bytes")

    if kind == TRANSPOSE:
        if t == 8:
            if height % lim.transpose_u64_height:
                raise error(loc, f"{what}: transposed 64-bit tiles need a multiple of "
                                 f"{lim.transpose_u64_height} rows, got {height}")
            max_h, max_w = lim.transpose_u64_height, max(lim.transpose_u64_widths)
        else:
            max_h, max_w = lim.transpose_u32_max_height, lim.transpose_u32_max_width
    elif kind == STORE:
        max_w = _pow2_floor(lim.max_row_bytes // t)
        max_h = min(lim.store_max_height, lim.store_max_bytes // (min(width, max_w) * t))
    else:
        max_w = _pow2_floor(lim.max_row_bytes // t)
        if kind == VNNI:
            max_w = min(max_w, lim.vnni_max_width)
        # Payload bytes per tile row (a VNNI payload row packs 4/t tile rows).
        pitch_bytes = next_pow2(min(width, max_w)) * t
        max_h = min(lim.max_height, max_payload_bytes(lim, grf_bytes) // pitch_bytes)
        if kind == VNNI:
            f = 4 // t
            max_h = max_h // f * f
    if max_height is not None:
        max_h = min(max_h, max_height)
    pieces: list[Piece] = []
    columns = _chunks(width, max_w)
    for b in range(blocks):
        for band, (r0, h) in enumerate(_chunks(height, max_h)):
            for c0, w in reversed(columns) if band % 2 else columns:
                if kind == TRANSPOSE and t == 8 and w not in lim.transpose_u64_widths:
                    # 64-bit transposed widths are 1, 2 or 4: cut a remainder of 3 as 2 + 1.
                    for cc, ww in ((c0, 2), (c0 + 2, 1)):
                        pieces.append(Piece(r0, b * width + cc, h, ww))
                    continue
                p = Piece(r0, b * width + c0, h, w)
                why = check_message(kind, p, t, lim, grf_bytes)
                if why is not None:
                    raise error(loc, f"{what}: cannot split the {height}x{width} tile into legal 2D "
                                     f"block messages: {why}")
                pieces.append(p)
    return pieces


def fits(kind: str, height: int, width: int, blocks: int, unit_bytes: int, lim: Block2DLimits,
         grf_bytes: int, max_height: int | None = None) -> bool:
    """Whether :func:`plan` can cut the tile into legal messages (a choice between forms, where
    its error would not be the user's)."""
    try:
        plan(kind, height, width, blocks, unit_bytes, lim, grf_bytes, None, "", max_height)
    except DiagnosticError:
        return False
    return True
