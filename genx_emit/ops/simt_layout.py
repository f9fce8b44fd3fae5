"""The values of SIMT (work-item) XeGPU: layouts (``sg_map`` / ``#xegpu.layout``), how a
subgroup-level vector is spread over the lanes (:class:`Dist`), and what the SIMT pass
(:mod:`genx_emit.ops.simt`) records for the target check (:class:`SimtKernel`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import Attribute, DialectAttr, UnitAttr, as_int_list
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import FloatType, IntegerType, TensorDescType, Type, VectorType, element_bits
from genx_emit.ops.model import Func, KernelModule
from genx_emit.ops.types import TDescInfo, tdesc_info


@dataclass(frozen=True)
class Layout:
    """``wi_layout``/``lane_layout`` and ``wi_data``/``lane_data`` over a 2-D view of the tile
    (a 1-D layout ``[16]`` is ``[1, 16]``)."""

    lanes: tuple[int, int]
    data: tuple[int, int] = (1, 1)

    @property
    def count(self) -> int:
        return self.lanes[0] * self.lanes[1]

    def swapped(self) -> Layout:
        return Layout(self.lanes[::-1], self.data[::-1])

    def __str__(self) -> str:
        return f"wi_layout = [{self.lanes[0]}, {self.lanes[1]}], wi_data = [{self.data[0]}, {self.data[1]}]"


@dataclass(frozen=True)
class Dist:
    """How a subgroup-level vector of ``shape`` is spread over the lanes: ``layout`` over the tile
    (``packed``: ``shape`` is the VNNI form ``[H/f, W, f]`` of an ``H x W`` tile)."""

    shape: tuple[int, ...]
    layout: Layout
    packed: bool = False

    @property
    def lanes(self) -> int:
        return self.layout.count

    @property
    def per_lane(self) -> int:
        return count(self.shape) // self.lanes

    def whole(self, element: Type) -> VectorType:
        return VectorType(self.shape, element)

    def __str__(self) -> str:
        if self.packed:
            h, w, f = self.shape
            tile = f"VNNI-packed {h * f}x{w} tile"
        else:
            tile = "x".join(map(str, self.shape)) + (" tile" if len(self.shape) > 1 else " elements")
        return f"the {tile} over {self.layout}"


def lanes_dist(n: int) -> Dist:
    """One element per lane: ``gpu.lane_id`` and what is computed from it, per-lane masks."""
    return Dist((n,), Layout((1, n)))


def lane_map(d: Dist) -> list[int] | None:
    """The lane that holds each element of ``d``'s whole vector, in row-major order (None for a
    shape without a rule). Lanes are numbered row-major over the lane grid, as upstream
    delinearises the lane id."""
    (lh, lw), (dh, dw) = d.layout.lanes, d.layout.data

    def lane(r: int, c: int) -> int:
        return ((r // dh) % lh) * lw + (c // dw) % lw

    if d.packed:  # [H / f, W, f]: element (i, c, j) is row i * f + j of the tile
        h, w, f = d.shape
        return [lane(i * f + j, c) for i in range(h) for c in range(w) for j in range(f)]
    if len(d.shape) == 1:
        return [lane(0, c) for c in range(d.shape[0])]
    if len(d.shape) == 2:
        return [lane(r, c) for r in range(d.shape[0]) for c in range(d.shape[1])]
    return None


@dataclass(frozen=True)
class SimtDpas:
    """A dpas as distributed, for the per-target sg_map tables."""

    loc: Location
    element: Type
    a: Layout
    b: Layout
    c: Layout


@dataclass
class SimtKernel:
    """What the target check needs: the lanes every layout distributes over (first seen at
    ``lanes_loc``, as ``lanes_what``) and each dpas."""

    lanes: int
    lanes_loc: Location
    lanes_what: str
    dpas: list[SimtDpas] = field(default_factory=list)


def count(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def elements(t: Type) -> int:
    return t.num_elements if isinstance(t, VectorType) else 1


def element(t: Type) -> Type:
    return t.element if isinstance(t, VectorType) else t


# -- layout attributes -------------------------------------------------------------------------
_LAYOUT_KEYS = {"sg_map": ("wi_layout", "wi_data"), "layout": ("lane_layout", "lane_data")}
# Upstream's LayoutAttr parameters besides the lane lists. ``inst_data`` is how a subgroup tile is
# split into hardware instructions: it says nothing about which lane holds which element, and
# genx-emit picks its own instruction split, so it is read and ignored.
_WORKGROUP_KEYS = ("sg_layout", "sg_data")
_OTHER_KEYS = {"sg_map": (), "layout": (*_WORKGROUP_KEYS, "inst_data", "order")}


def is_layout_attr(key: str) -> bool:
    """An op attribute that holds a layout: upstream's ``layout_result_0``, ``layout_operand_1``,
    ``layout_a`` / ``layout_cd``, ``a_layout``; the RFC's ``sg_map_a``."""
    return key in ("layout", "a_layout", "b_layout", "c_layout") or key.startswith(("layout_", "sg_map"))


def parse_layout(attr: Attribute, loc: Location, what: str | None = None) -> Layout:
    """``#xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>`` or ``#xegpu.layout<lane_layout =
    [1, 16], lane_data = [1, 1]>`` (a missing data list is all ones); ``what`` names the op
    attribute that holds it."""
    if not (isinstance(attr, DialectAttr) and attr.dialect == "xegpu" and attr.name in _LAYOUT_KEYS):
        head = f"{what} is not a layout: " if what else ""
        raise error(loc, f"{head}expected #xegpu.sg_map<...> or #xegpu.layout<...>, got '{attr}'")
    lay_key, data_key = _LAYOUT_KEYS[attr.name]
    known = (lay_key, data_key, *_OTHER_KEYS[attr.name])
    unknown = [str(p) for p in attr.positional] + [k for k, _ in attr.named if k not in known]
    if unknown:
        takes = ", ".join(known[:-1]) + " and " + known[-1]
        raise error(loc, f"'{attr}': unknown parameter '{unknown[0]}' (#xegpu.{attr.name} takes {takes})")
    named = dict(attr.named)
    wg = next((k for k in _WORKGROUP_KEYS if k in named), None)
    if wg is not None:
        raise error(loc, f"'{attr}' is a workgroup-level layout ({wg}): workgroup-level distribution is not "
                         "supported; distribute the kernel to subgroups first (genx-emit takes subgroup (VC) "
                         "and work-item (SIMT) kernels)")
    lanes = as_int_list(named[lay_key]) if lay_key in named else None
    if lanes is None:
        raise error(loc, f"'{attr}' has no {lay_key} list")
    data = as_int_list(named[data_key]) if data_key in named else [1] * len(lanes)
    if data is None or len(data) != len(lanes) or len(lanes) not in (1, 2):
        raise error(loc, f"'{attr}': {lay_key} and {data_key} must be lists of 1 or 2 integers of the same "
                         "length")
    if min(lanes + data) < 1:
        raise error(loc, f"'{attr}': {lay_key} and {data_key} entries must be positive")
    if "order" in named:
        # Lanes are numbered row-major over the lane grid ([1, 0]: dimension 1 fastest), as
        # gpu.lane_id and every distribution here assume; another order renumbers the lanes.
        order = as_int_list(named["order"])
        row_major = list(range(len(lanes) - 1, -1, -1))
        if order != row_major:
            raise error(loc, f"'{attr}': order = {named['order']} is not supported: only the row-major "
                             f"order {row_major} (the default)")
    if len(lanes) == 1:
        return Layout((1, lanes[0]), (1, data[0]))
    return Layout((lanes[0], lanes[1]), (data[0], data[1]))


def tdesc_layout(t: Type, loc: Location) -> tuple[TDescInfo, Layout | None]:
    assert isinstance(t, TensorDescType)
    info = tdesc_info(t, loc)
    return info, parse_layout(info.layout, loc) if info.layout is not None else None


def check_divisible(op: Operation, t: Type | None, view: tuple[int, ...], layout: Layout) -> None:
    """The RFC's size rule: each tile dimension is a multiple of wi_layout x wi_data."""
    for dim, (n, lane, data) in enumerate(zip(view, layout.lanes, layout.data, strict=True)):
        if n % (lane * data):
            tile = f"'{t}'" if t is not None else "the " + "x".join(map(str, view)) + " tile"
            raise error(op.loc, f"{op.name}: dimension {dim} of {tile} ({n}) is not a multiple of "
                                f"wi_layout[{dim}] x wi_data[{dim}] = {lane} x {data} ({layout})")


# -- distributions of values without a layout (upstream's fully distributed output) ----------
def fragment_lanes(op: Operation, t: Type, tile: tuple[int, ...], value: Value) -> int:
    """The lanes a per-lane ``value`` of a descriptor without a layout implies: the tile's
    elements over the fragment's, which must be a power of two as every subgroup size is."""
    total, n = count(tile), elements(value.type)
    # A mistyped subgroup-level result lands here too: say both readings, not only the SIMT one.
    frag = f"{op.name}: '{value.name}' ('{value.type}', {n} elements) is not the whole tile '{t}' " \
           f"({total} elements), so it is read as a per-lane fragment without a layout (SIMT)"
    if n == 0 or total % n:
        raise error(op.loc, f"{frag}, but {total} is not a multiple of {n}: the tile cannot be shared "
                            "equally among lanes")
    lanes = total // n
    if lanes & (lanes - 1):
        raise error(op.loc, f"{frag}: that is {total} / {n} = {lanes} lanes, which is not a power of two")
    return lanes


def rfc_fragment(layout: Layout, n: int) -> tuple[int, int]:
    """The RFC's 2-D shape of a lane's ``n`` elements: ``[n / wi_data size, wi_data size]``."""
    size = layout.data[0] * layout.data[1]
    return n // size, size


def check_fragment_shape(op: Operation, value: Value, layout: Layout, why: str) -> None:
    """A 2-D per-lane type must be the RFC's fragment of the inferred layout (1-D ones,
    upstream's, carry no shape to check)."""
    t = value.type
    if not isinstance(t, VectorType) or len(t.shape) < 2:
        return
    want = rfc_fragment(layout, t.num_elements)
    if tuple(t.shape) != want:
        raise error(op.loc, f"{op.name}: '{value.name}' has no layout to read; inferred {layout} ({why}), "
                            f"whose fragment is vector<{want[0]}x{want[1]}x{t.element}> (or "
                            f"vector<{t.num_elements}x{t.element}>), but it is '{t}'")


# (lanes, precision) -> (A, B, C) layouts of a dpas's fragments: the XeGPU RFC's "Rules of
# sg_map setting on PVC and ARC", keyed by subgroup size (16 lanes on PVC, 8 on ARC / DG2).
# Here rather than in the target check because the SIMT pass also distributes dpas operands
# that carry no layout by it, as upstream does.
DPAS_SG_MAPS: dict[tuple[int, str], tuple[Layout, Layout, Layout]] = {
    (16, "16bit"): (Layout((1, 16), (1, 1)), Layout((1, 16), (2, 1)), Layout((1, 16), (1, 1))),
    (16, "tf32"): (Layout((2, 8), (1, 1)), Layout((1, 16), (1, 1)), Layout((1, 16), (1, 1))),
    (16, "8bit"): (Layout((1, 16), (1, 2)), Layout((1, 16), (4, 1)), Layout((1, 16), (1, 1))),
    (8, "16bit"): (Layout((1, 8), (1, 2)), Layout((1, 8), (2, 1)), Layout((1, 8), (1, 1))),
    (8, "tf32"): (Layout((1, 8), (1, 1)), Layout((1, 8), (1, 1)), Layout((1, 8), (1, 1))),
    (8, "8bit"): (Layout((1, 8), (1, 4)), Layout((1, 8), (4, 1)), Layout((1, 8), (1, 1))),
}


def dpas_precision(el: Type) -> str:
    if isinstance(el, FloatType) and el.kind in ("tf32", "f32"):
        return "tf32"
    if isinstance(el, IntegerType) and el.width == 8:
        return "8bit"
    return "16bit"


def dpas_layouts(lanes: int, el: Type) -> tuple[Layout, Layout, Layout]:
    """The (A, B, C) layouts of a dpas over ``lanes`` whose operands carry none: the RFC table's;
    for a subgroup size without a table (refused by the target check), one element per lane
    with B in VNNI row groups."""
    table = DPAS_SG_MAPS.get((lanes, dpas_precision(el)))
    if table is not None:
        return table
    bits = element_bits(el)
    f = 32 // bits if bits < 32 else 1
    return Layout((1, lanes)), Layout((1, lanes), (f, 1)), Layout((1, lanes))


# SIMT records of the functions built from SIMT kernels, for the target check.
_KERNELS: WeakKeyDictionary[Func, SimtKernel] = WeakKeyDictionary()


def note_simt_kernels(km: KernelModule, found: dict[Location, SimtKernel]) -> None:
    """Attach what :func:`reassemble_simt` found to the built functions (matched by location)."""
    for f in km.funcs:
        if f.loc in found:
            _KERNELS[f] = found[f.loc]


def simt_kernel(f: Func) -> SimtKernel | None:
    """The SIMT record of ``f``; None for a subgroup-level kernel."""
    return _KERNELS.get(f)


# The xegpu.convert_layout ops the SIMT pass turned into a change between a plain tile and its
# VNNI form (their source and result types differ, which the op model accepts only for these)
# carry this unit attribute, so that the printed IR says so and reads back the same.
VNNI_REPACK_ATTR = "genx.vnni_repack"


def note_vnni_repack(op: Operation) -> None:
    op.attributes[VNNI_REPACK_ATTR] = UnitAttr()


def is_vnni_repack(op: Operation) -> bool:
    return VNNI_REPACK_ATTR in op.attributes
