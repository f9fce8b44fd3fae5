"""Workgroup-level layouts (``#xegpu.layout<sg_layout = ..., sg_data = ..., inst_data = ...>``) and
the distribution arithmetic: which pieces of a workgroup tile one subgroup owns.

Pure integer code (no IR), so the rules can be tested by hand:

- A subgroup's linear id is split into coordinates over ``sg_layout`` in ``order`` (the first
  entry of ``order`` is the fastest-varying dimension; the default, ``[rank-1, ..., 0]``, is
  row-major), each coordinate taken modulo its ``sg_layout`` entry, as upstream delinearises.
- The tile is cut into distribution units of ``min(shape, sg_layout * sg_data)``, visited
  row-major. In each unit the subgroup owns the ``sg_data`` piece at ``unit + coord * sg_data``,
  taken modulo the tile's shape: where ``sg_layout * sg_data`` is larger than the tile, several
  subgroups own the same piece (replication: A and B of a GEMM); where the tile is larger, each
  subgroup owns one piece per unit (round-robin).
- ``inst_data`` cuts each piece into instruction blocks, visited row-major.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from math import prod

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import Attribute, DialectAttr, as_int_list
from genx_emit.mlir.types import Type, element_bits
from genx_emit.ops.scatter import LANES as SCATTER_LANES
from genx_emit.targets import LARGEST_REGISTER_FILE

# Upstream's #xegpu.layout parameters. Workgroup-level ones are consumed by distribution, the
# lane ones describe how a subgroup's block is spread over lanes: genx-emit lowers the whole block
# per thread, so they are checked (they must divide the block) and then have no further effect.
LAYOUT_KEYS = ("sg_layout", "sg_data", "inst_data", "lane_layout", "lane_data", "order")


@dataclass(frozen=True)
class WgLayout:
    """A workgroup-level layout; ``sg_data``/``inst_data`` None when not given. ``dims`` is set for
    ``#xegpu.slice<parent, dims = [...]>``: the value is the parent's layout with those dimensions
    removed (a reduction's result)."""

    sg_layout: tuple[int, ...]
    sg_data: tuple[int, ...] | None = None
    inst_data: tuple[int, ...] | None = None
    lane_layout: tuple[int, ...] | None = None
    lane_data: tuple[int, ...] | None = None
    order: tuple[int, ...] | None = None
    dims: tuple[int, ...] = ()

    @property
    def rank(self) -> int:
        return len(self.sg_layout) - len(self.dims)

    @property
    def subgroups(self) -> int:
        return prod(self.sg_layout)

    def kept(self) -> list[int]:
        """The parent dimensions this value has (all but the sliced ones), in order."""
        return [d for d in range(len(self.sg_layout)) if d not in self.dims]

    def same_distribution(self, other: WgLayout) -> bool:
        """Same pieces for every subgroup (inst/lane fields aside, and a slice's data along the
        dimensions it does not have)."""
        return (self.sg_layout, self.kept_data(), self.order_or_default(), self.dims) == (
            other.sg_layout, other.kept_data(), other.order_or_default(), other.dims)

    def kept_data(self) -> tuple[int, ...] | None:
        """``sg_data`` along the value's own dimensions."""
        return None if self.sg_data is None else tuple(self.sg_data[d] for d in self.kept())

    def order_or_default(self) -> tuple[int, ...]:
        return self.order if self.order is not None else tuple(range(len(self.sg_layout) - 1, -1, -1))

    def __str__(self) -> str:
        parts = [f"{k} = [{', '.join(map(str, v))}]" for k, v in (
            ("sg_layout", self.sg_layout), ("sg_data", self.sg_data), ("inst_data", self.inst_data),
            ("lane_layout", self.lane_layout), ("lane_data", self.lane_data), ("order", self.order)) if v]
        text = f"#xegpu.layout<{', '.join(parts)}>"
        return f"#xegpu.slice<{text}, dims = {list(self.dims)}>" if self.dims else text


def parse_wg_layout(attr: Attribute, loc: Location) -> WgLayout:
    """Read a workgroup-level ``#xegpu.layout`` / ``#xegpu.slice``; every field is checked here or
    by its user, and an unknown one is an error."""
    if isinstance(attr, DialectAttr) and attr.dialect == "xegpu" and attr.name == "slice":
        dims = as_int_list(attr.get("dims"))
        if len(attr.positional) != 1 or dims is None:
            raise error(loc, f"'{attr}': expected #xegpu.slice<#xegpu.layout<...>, dims = [...]>")
        parent = parse_wg_layout(attr.positional[0], loc)
        if parent.dims:
            raise error(loc, f"'{attr}': nested slices are not supported")
        if sorted(set(dims)) != sorted(dims) or any(not 0 <= d < len(parent.sg_layout) for d in dims):
            raise error(loc, f"'{attr}': dims must be distinct dimensions of the parent layout")
        return WgLayout(**{**parent.__dict__, "dims": tuple(sorted(dims))})
    if not (isinstance(attr, DialectAttr) and attr.dialect == "xegpu" and attr.name == "layout"):
        raise error(loc, f"expected a workgroup-level #xegpu.layout<...>, got '{attr}'")
    unknown = [str(p) for p in attr.positional] + [k for k, _ in attr.named if k not in LAYOUT_KEYS]
    if unknown:
        raise error(loc, f"'{attr}': unknown parameter '{unknown[0]}' (#xegpu.layout takes "
                         f"{', '.join(LAYOUT_KEYS)})")
    fields: dict[str, tuple[int, ...] | None] = {}
    for k, v in attr.named:
        vals = as_int_list(v)
        if vals is None or not vals or min(vals) < (0 if k == "order" else 1):
            raise error(loc, f"'{attr}': {k} must be a list of positive integers")
        fields[k] = tuple(vals)
    lay = fields.get("sg_layout")
    if lay is None:
        raise error(loc, f"'{attr}' has no sg_layout: not a workgroup-level layout")
    for k, v in fields.items():
        if len(v) != len(lay):  # type: ignore[arg-type]
            raise error(loc, f"'{attr}': {k} and sg_layout must have the same rank")
    if fields.get("lane_data") is not None and fields.get("lane_layout") is None:
        raise error(loc, f"'{attr}': lane_data needs lane_layout")
    order = fields.get("order")
    if order is not None and sorted(order) != list(range(len(lay))):
        raise error(loc, f"'{attr}': order must be a permutation of 0..{len(lay) - 1}")
    return WgLayout(lay, fields.get("sg_data"), fields.get("inst_data"), fields.get("lane_layout"),
                    fields.get("lane_data"), order)


# -- the arithmetic ----------------------------------------------------------------------------
def delinearize(sg_id: int, sg_layout: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    """The coordinates of subgroup ``sg_id`` over ``sg_layout``; ``order[0]`` varies fastest."""
    coord = [0] * len(sg_layout)
    rest = sg_id
    for d in order:
        coord[d] = rest % sg_layout[d]
        rest //= sg_layout[d]
    return tuple(coord)


def strides(sg_layout: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    """What the linear id is divided by before the modulo, per dimension."""
    out = [0] * len(sg_layout)
    s = 1
    for d in order:
        out[d] = s
        s *= sg_layout[d]
    return tuple(out)


def sg_shape(shape: tuple[int, ...], lay: WgLayout) -> tuple[int, ...]:
    """One subgroup's piece: ``sg_data`` (without it, the tile over ``sg_layout``)."""
    layout, data = sliced(lay)
    if data is not None:
        return data
    return tuple(n // g for n, g in zip(shape, layout, strict=True))


def sliced(lay: WgLayout) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """(sg_layout, sg_data) over the value's own dimensions (a slice drops the sliced ones)."""
    kept = lay.kept()
    return (tuple(lay.sg_layout[d] for d in kept),
            tuple(lay.sg_data[d] for d in kept) if lay.sg_data is not None else None)


def unit_shape(shape: tuple[int, ...], lay: WgLayout) -> tuple[int, ...]:
    layout, _ = sliced(lay)
    return tuple(min(n, g * s) for n, g, s in zip(shape, layout, sg_shape(shape, lay), strict=True))


def units(shape: tuple[int, ...], lay: WgLayout) -> list[tuple[int, ...]]:
    """The distribution units' origins, row-major: one piece of each per subgroup."""
    u = unit_shape(shape, lay)
    return [tuple(c) for c in product(*(range(0, n, s) for n, s in zip(shape, u, strict=True)))]


def check_distributable(shape: tuple[int, ...], lay: WgLayout, loc: Location, what: str,
                        element: Type, held: bool = True) -> None:
    """Upstream's rule: ``sg_data`` divides the tile and each dimension of the tile and of
    ``sg_layout * sg_data`` divides the other; ``inst_data`` divides the piece; the lane grid divides
    an instruction block. And the subgroup's share (all its round-robin pieces) fits in a
    register file, as every subgroup-level value must: checked here, before the share is
    expanded into ops, so a huge tile is a quick error rather than a huge kernel (not for a value
    that is never ``held``: a splat constant is made once per block shape)."""
    layout, data = sliced(lay)
    if len(shape) != len(layout):
        raise error(loc, f"{what}: layout {lay} has rank {len(layout)} but the value has rank {len(shape)}")
    if data is None and any(n % g for n, g in zip(shape, layout, strict=True)):
        raise error(loc, f"{what}: the {_dims(shape)} tile is not a multiple of sg_layout {list(layout)} "
                         f"and the layout has no sg_data")
    piece = sg_shape(shape, lay)
    for d, (n, g, s) in enumerate(zip(shape, layout, piece, strict=True)):
        if n % s:  # a piece larger than the tile would hold elements of no tile
            raise error(loc, f"{what}: sg_data ({s}) does not divide dimension {d} of the {_dims(shape)} "
                             f"tile ({n}) ({lay})")
        if n % (g * s) and (g * s) % n:
            raise error(loc,
                f"{what}: dimension {d} of the {_dims(shape)} tile ({n}) and sg_layout x sg_data "
                f"({g} x {s}) do not divide each other ({lay})")
    share = len(units(shape, lay)) * prod(piece) * element_bits(element) // 8
    limit = LARGEST_REGISTER_FILE.grfs * LARGEST_REGISTER_FILE.grf_bytes
    if held and share > limit:
        raise error(loc, f"{what}: each subgroup's share of the {_dims(shape)} tile ({lay}) is {share} "
                         f"bytes: more than a thread's register file holds ({limit})")
    block = inst_shape(shape, lay)
    if any(p % b for p, b in zip(piece, block, strict=True)):
        raise error(loc, f"{what}: inst_data {list(block)} does not divide the subgroup's {_dims(piece)} "
                         f"piece ({lay})")
    if lay.lane_layout is not None and not lay.dims:
        lane_data = lay.lane_data or (1,) * len(lay.lane_layout)
        if any(b % (g * s) for b, g, s in zip(block, lay.lane_layout, lane_data, strict=True)):
            raise error(loc, f"{what}: lane_layout x lane_data does not divide the {_dims(block)} block "
                             f"({lay})")


def inst_shape(shape: tuple[int, ...], lay: WgLayout) -> tuple[int, ...]:
    """One instruction block: ``inst_data``, or without it the whole piece."""
    piece = sg_shape(shape, lay)
    if lay.inst_data is None:
        return piece
    inst = tuple(lay.inst_data[d] for d in lay.kept())
    return tuple(min(p, i) for p, i in zip(piece, inst, strict=True))


def piece_offsets(shape: tuple[int, ...], lay: WgLayout, sg_id: int) -> list[tuple[int, ...]]:
    """The origins of the pieces subgroup ``sg_id`` owns, one per distribution unit in order."""
    layout, _ = sliced(lay)
    coord_all = delinearize(sg_id, lay.sg_layout, lay.order_or_default())
    coord = tuple(coord_all[d] for d in lay.kept())
    piece = sg_shape(shape, lay)
    return [tuple((u + c * s) % n for u, c, s, n in zip(unit, coord, piece, shape, strict=True))
            for unit in units(shape, lay)]


def block_offsets(shape: tuple[int, ...], lay: WgLayout,
                  block: tuple[int, ...] | None = None) -> list[tuple[int, ...]]:
    """Origins of the instruction blocks (``inst_data``, or ``block``) within a piece, row-major."""
    piece = sg_shape(shape, lay)
    block = block or inst_shape(shape, lay)
    return [tuple(c) for c in product(*(range(0, p, b) for p, b in zip(piece, block, strict=True)))]


def scatter_block(piece: tuple[int, ...], lay: WgLayout) -> tuple[int, ...]:
    """The block of one scattered message: ``inst_data``'s, else the piece cut to at most
    :data:`max(SCATTER_LANES)` elements (trailing dimensions first, each cut to a power of two dividing
    it, so the product is a lane count a message has)."""
    if lay.inst_data is not None:
        return tuple(lay.inst_data[d] for d in lay.kept())
    out = [1] * len(piece)
    room = max(SCATTER_LANES)
    for d in range(len(piece) - 1, -1, -1):
        b = 1
        while b * 2 <= room and piece[d] % (b * 2) == 0:
            b *= 2
        out[d] = b
        room //= b
        if b < piece[d]:
            break
    return tuple(out)


# The N of one dpas block chosen when inst_data does not say (PVC's SIMD16 DPAS).
DPAS_N = 16
# Its M: the systolic repeat count of one DPAS (both targets). A taller accumulator block is cut
# by the lowering anyway, and IGC then writes each K step's partial sums into new registers
# instead of in place (measured on a 32x64 subgroup piece: about 24 GRFs more, and spills);
# the A blocks' loads of 8 rows are merged back into tall messages (access.py).
DPAS_M = 8


def default_block(shape: tuple[int, ...], lay: WgLayout, role: str | None, k_step: int,
                  rows: int | None = DPAS_M) -> tuple[int, ...]:
    """The block of a value whose layout has no ``inst_data``: the whole piece, except for dpas
    operands, cut so that each block is one dpas operand along K and N (``k_step`` deep, 16 wide:
    PVC's DPAS width; DG2's lowering cuts a 16-wide block in two): A ``[M, k]``, B ``[k, 16]``,
    the accumulator ``[M, 16]``, M at most ``rows`` (None: the piece's). A piece that does not
    divide stays whole."""
    piece = sg_shape(shape, lay)
    if lay.inst_data is not None or len(piece) != 2 or role is None:
        return inst_shape(shape, lay)
    m, n = piece
    m = min(m, rows or m)
    want = {"a": (m, k_step), "b": (k_step, min(n, DPAS_N)), "c": (m, min(n, DPAS_N))}[role]
    return want if all(p % w == 0 for p, w in zip(piece, want, strict=True)) else piece




def _dims(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))
