"""How a workgroup-level value is held by one subgroup: its blocks (:class:`Tiled`), a splat made
per block where used (:class:`Splat`), descriptors (:class:`TiledDesc`); and the layout
attributes the distribution reads and then drops."""

from __future__ import annotations

from dataclasses import dataclass, field

from genx_emit.diagnostics import Location
from genx_emit.mlir.attrs import Attribute, DenseElementsAttr, DialectAttr
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IndexType, TensorDescType, Type, VectorType
from genx_emit.ops.build import BUILT_CLASS
from genx_emit.wg import is_wg_layout
from genx_emit.wg.layout import WgLayout, inst_shape, parse_wg_layout

INT64_MIN = -(2**63)  # the dynamic marker of const_offsets
INDEX = IndexType()

# Applied block by block: the ops with the elementwise trait (Op.ELEMENTWISE).
ELEMENTWISE = sorted(name for name, cls in BUILT_CLASS.items() if cls.ELEMENTWISE)


@dataclass
class Tiled:
    """A workgroup vector as one subgroup holds it: ``blocks`` for each owned piece, in order."""

    shape: tuple[int, ...]
    element: Type
    layout: WgLayout
    blocks: list[Value]
    blk: tuple[int, ...] | None = None  # a block other than inst_data's (dpas operands without it)

    @property
    def block(self) -> tuple[int, ...]:
        return self.blk or inst_shape(self.shape, self.layout)

    def same_tiling(self, other: Tiled) -> bool:
        return (self.shape == other.shape and self.layout.same_distribution(other.layout)
                and self.block == other.block)


@dataclass
class Splat:
    """A splat constant of workgroup shape, made per block where it is used."""

    op: Operation
    made: dict[tuple[int, ...], Value] = field(default_factory=dict)


@dataclass
class TiledDesc:
    """A workgroup descriptor: ``descs`` one per block when created with offsets (the block's
    position is in the descriptor); else ``create``, the op an access repeats with its own block
    shape (positions go on the accesses; a descriptor costs no instruction)."""

    wg: TensorDescType
    layout: WgLayout
    descs: list[Value]
    positioned: bool
    create: Operation | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        return self.wg.shape


def layout_of_type(t: TensorDescType, loc: Location) -> WgLayout | None:
    found = [p for p in t.params if is_wg_layout(p)]
    return parse_wg_layout(found[0], loc) if found else None


def strip_layout(t: TensorDescType, shape: tuple[int, ...]) -> TensorDescType:
    """The subgroup's descriptor type: the block's shape, the layout dropped (its fields are used)."""
    params = tuple(p for p in t.params if not (isinstance(p, DialectAttr) and p.name in ("layout", "slice")))
    return TensorDescType(shape, t.element, params)


def is_layout_key(key: str) -> bool:
    return key in ("layout", "layout_a", "layout_b", "layout_cd", "layout_c") or key.startswith("layout_")


def is_splat_vector(op: Operation) -> bool:
    attr = op.attributes.get("value")
    return bool(op.results) and isinstance(op.results[0].type, VectorType) and isinstance(
        attr, DenseElementsAttr) and attr.splat


def kept_attrs(op: Operation, drop: tuple[str, ...] = ()) -> dict[str, Attribute]:
    return {k: a for k, a in op.attributes.items() if not is_layout_key(k) and k not in drop}


