"""dpas operands laid out on a smaller subgroup grid than the result's (IMEX's
``sg_layout = [2, 1]`` A and ``[1, 4]`` B of a ``[2, 4]`` result): read on the result's grid.

Numbered on its own grid, as upstream numbers every layout, such an A gives subgroup ``s`` the
rows of ``s % 2`` while its result piece has the rows of ``s / 4``: the dpas would multiply rows
and columns of other pieces than its own. An operand whose grid is the result's along its own
dimension and 1 along the other is therefore re-read on the result's grid, its pieces replicated
along the other dimension (every subgroup of a result row of pieces holds the same A rows), which
is what the dpas needs; a located warning says so. Every use of that layout in the function is
re-read the same way (the load and the descriptor that fetch the operand)."""

from __future__ import annotations

from dataclasses import replace

from genx_emit.diagnostics import warn
from genx_emit.mlir.attrs import Attribute
from genx_emit.mlir.ir import Operation, nested_ops
from genx_emit.mlir.types import TensorDescType
from genx_emit.wg import is_wg_layout
from genx_emit.wg.layout import WgLayout, parse_wg_layout, piece_offsets


def widen_operand_grids(func: Operation) -> None:
    widened: dict[WgLayout, WgLayout] = {}
    for op in nested_ops(func):
        if op.name != "xegpu.dpas":
            continue
        lays = [op.attributes.get(k) for k in ("layout_a", "layout_b", "layout_cd")]
        if not all(is_wg_layout(a) for a in lays) or len(op.operands) < 2:
            continue
        a, b, c = (parse_wg_layout(x, op.loc) for x in lays)  # type: ignore[arg-type]
        if a.dims or b.dims or c.dims or len(c.sg_layout) != 2 or a.order or b.order or c.order:
            continue
        shapes = [getattr(v.type, "shape", None) for v in op.operands[:2]]
        ca, cb = shapes
        if ca is None or cb is None:
            continue
        wa = _on_grid(a, c, 0)
        wb = _on_grid(b, c, 1)
        if (wa, wb) == (a, b) or _agree(a, b, c, tuple(ca), tuple(cb)):
            continue
        if not _agree(wa, wb, c, tuple(ca), tuple(cb)):
            continue  # the dpas reports the disagreement
        for old, new, name in ((a, wa, "A"), (b, wb, "B")):
            if new != old:
                widened[old] = new
                warn(op.loc, f"xegpu.dpas: {name}'s layout {old} has {old.subgroups} subgroups, the "
                             f"result's {c.subgroups}: read on the result's grid as {new} (each subgroup "
                             "then multiplies the rows and columns of its own result piece; numbered on "
                             "its own grid it would not)")
    if widened:
        _rewrite(func, widened)


def _on_grid(lay: WgLayout, c: WgLayout, own: int) -> WgLayout:
    """``lay`` on ``c``'s grid when its grid is ``c``'s along dimension ``own`` and 1 along the
    other; else ``lay``."""
    other = 1 - own
    if lay.sg_layout[own] == c.sg_layout[own] and lay.sg_layout[other] == 1 and c.sg_layout[other] > 1:
        return replace(lay, sg_layout=c.sg_layout)
    return lay


def _agree(a: WgLayout, b: WgLayout, c: WgLayout, sa: tuple[int, ...], sb: tuple[int, ...]) -> bool:
    """Every subgroup's result pieces are the products of its A rows and B columns."""
    shape = (sa[0], sb[1])
    for sg in range(max(a.subgroups, b.subgroups, c.subgroups)):
        pa, pb, pc = piece_offsets(sa, a, sg), piece_offsets(sb, b, sg), piece_offsets(shape, c, sg)
        if len(pc) != len(pa) * len(pb):
            return False
        if any(pc[i * len(pb) + j] != (oa[0], ob[1]) for i, oa in enumerate(pa) for j, ob in enumerate(pb)):
            return False
    return True


def _rewrite(func: Operation, widened: dict[WgLayout, WgLayout]) -> None:
    from genx_emit.wg.propagate import layout_attr

    def swap(attr: Attribute, loc) -> Attribute:  # type: ignore[no-untyped-def]
        if is_wg_layout(attr):
            lay = parse_wg_layout(attr, loc)
            if lay in widened:
                return layout_attr(widened[lay])
        return attr

    for op in nested_ops(func):
        for k, attr in list(op.attributes.items()):
            op.attributes[k] = swap(attr, op.loc)
        for v in op.results:
            t = v.type
            if isinstance(t, TensorDescType):
                v.type = TensorDescType(t.shape, t.element, tuple(swap(p, op.loc) for p in t.params))
