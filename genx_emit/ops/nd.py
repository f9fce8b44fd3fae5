"""Op model of the XeGPU block (nd) ops: one dataclass per op. Fields are the op's meaning,
independent of the syntax it was written in (upstream MLIR 2024-2026 forms or the RFC forms);
``verify()`` enforces the RFC's rules and raises a located DiagnosticError naming the rule
broken.

Hardware limits of a particular target are *not* checked here: they live in
``genx_emit.targets`` and are checked by the lowering, which knows the target.
"""

from __future__ import annotations

from dataclasses import field

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import (
    as_int,
    as_int_list,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import (
    IntegerType,
    MemRefType,
    StridedLayout,
    TensorDescType,
    Type,
    VectorType,
    element_bits,
)
from genx_emit.ops.build import (
    Builder,
    builds,
    cache_hints,
    dynamic_count,
    is_set,
    mixed,
    one_result,
    operand_segments,
)
from genx_emit.ops.model import CACHE_HINT_ATTRIBUTES, CacheHints, Op, Operand, constant_int, models
from genx_emit.ops.types import TDescInfo, tdesc_info


def shape_text(shape: list[int] | tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, shape)) + "]"


def _tdesc(op: str, v: Value, loc: Location) -> tuple[TensorDescType, TDescInfo]:
    """The operand's tensor_desc type and its meaning; block (non-scattered) descriptors only."""
    t = v.type
    if not isinstance(t, TensorDescType):
        raise error(loc, f"{op}: operand '{v.name}' must be a !xegpu.tensor_desc, got '{t}'")
    info = tdesc_info(t, loc)
    if info.scattered:
        raise error(loc, f"{op}: expects a non-scattered tensor_desc, got '{t}'")
    return t, info


def vector_operand(op: str, what: str, v: Value, loc: Location) -> VectorType:
    if not isinstance(v.type, VectorType):
        raise error(loc, f"{op}: {what} '{v.name}' must be a vector, got '{v.type}'")
    return v.type


def _check_access_offsets(op: str, offsets: list[Operand] | None, t: TensorDescType, loc: Location) -> None:
    if offsets is not None and len(offsets) != len(t.shape):
        msg = f"{op}: expected {len(t.shape)} offsets (one per dimension of '{t}'), got {len(offsets)}"
        raise error(loc, msg)


def _block_shapes(t: TensorDescType, info: TDescInfo) -> list[tuple[int, ...]]:
    """Plain value shape of a block access: [W] (1D), [H, W], or [NB, H, W] with array_length NB."""
    shape = tuple(t.shape)
    return [shape] if info.array_length == 1 else [(info.array_length, *shape)]


def _expect_shape(op: str, what: str, got: VectorType, allowed: list[tuple[int, ...]], t: Type,
                  loc: Location, why: str = "") -> None:
    if tuple(got.shape) not in allowed:
        want = " or ".join(shape_text(a) for a in allowed)
        reason = f" ({why})" if why else ""
        msg = f"{op}: {what} shape {shape_text(got.shape)} does not match '{t}'{reason}: expected {want}"
        raise error(loc, msg)


@models("xegpu.create_nd_tdesc", pure=True,
        attributes=("const_offsets", "const_shape", "const_strides", "operandSegmentSizes"))
class CreateNdDesc(Op):
    """``xegpu.create_nd_tdesc``. ``source`` is a memref or a ``ui64``/``i64`` address.

    ``offsets`` may be empty (newer upstream form: offsets given on load/store/prefetch).
    ``shape``/``strides`` are None when they come from a static memref type.
    The result type is ``results[0].type`` (a TensorDescType).
    """

    source: Value
    offsets: list[Operand]
    shape: list[Operand] | None = None
    strides: list[Operand] | None = None

    def memref_geometry(self, t: MemRefType) -> tuple[list, list, int]:
        """(shape, strides, element offset) of the memref source ``t``; entries may be operands."""
        shape: list = list(self.shape) if self.shape is not None else list(t.shape)
        if self.strides is not None:
            strides: list = list(self.strides)
        elif isinstance(t.layout, StridedLayout):
            strides = list(t.layout.strides)
        elif t.layout is None:
            strides, acc = [], 1
            for d in reversed(t.shape):
                strides.insert(0, acc)
                acc = acc * d if (acc is not None and d is not None) else None
        else:
            raise error(self.loc, f"xegpu.create_nd_tdesc: memref layout '{t.layout}' is not supported; "
                                "use an identity or strided<[...]> layout")
        offset = t.layout.offset if isinstance(t.layout, StridedLayout) else 0
        for what, vals in (("shape", shape), ("strides", strides)):
            if any(v is None for v in vals):
                raise error(self.loc, f"xegpu.create_nd_tdesc: source '{t}' has a dynamic {what}; pass "
                                    f"the {what} as operands")
        # A dynamic offset is already in the memref's address (README: memref values).
        return shape, strides, 0 if offset is None else offset

    def verify(self) -> None:
        name, loc = "xegpu.create_nd_tdesc", self.loc
        if len(self.results) != 1:
            raise error(loc, f"{name}: expected one result, got {len(self.results)}")
        t = self.result.type
        if not isinstance(t, TensorDescType):
            raise error(loc, f"{name}: result must be a !xegpu.tensor_desc, got '{t}'")
        if tdesc_info(t, loc).scattered:
            raise error(loc, f"{name}: expects a non-scattered tensor_desc, got '{t}'")
        src = self.source.type
        if isinstance(src, MemRefType):
            rank = len(src.shape)
            if None in src.shape and (self.shape is None or self.strides is None):
                msg = f"{name}: source '{src}' has dynamic dimensions: pass shape and strides operands"
                raise error(loc, msg)
            if isinstance(src.layout, StridedLayout) and None in src.layout.strides and self.strides is None:
                raise error(loc, f"{name}: source '{src}' has dynamic strides: pass strides operands")
            if src.element != t.element:
                raise error(loc, f"{name}: element types differ: source '{src}' has {src.element}, "
                                 f"tensor_desc '{t}' has {t.element}")
        elif isinstance(src, IntegerType) and src.width in (32, 64):
            if self.shape is None or self.strides is None:
                raise error(loc, f"{name}: an integer source ('{src}') needs shape and strides operands")
            rank = len(self.shape)
        else:
            raise error(loc, f"{name}: source must be a memref or an i64/ui64 address, got '{src}'")
        lists = (("offsets", self.offsets), ("shape values", self.shape), ("strides", self.strides))
        for what, vals in lists:
            if vals and len(vals) != rank:
                raise error(loc, f"{name}: expected {rank} {what} (the source rank), got {len(vals)}")
        if len(t.shape) not in (1, 2):
            raise error(loc, f"{name}: tensor_desc rank must be 1 or 2, got {len(t.shape)} ('{t}')")
        if len(t.shape) > rank:
            raise error(loc, f"{name}: tensor_desc rank {len(t.shape)} exceeds the source rank {rank}")
        if any(d <= 0 for d in t.shape):
            raise error(loc, f"{name}: tensor_desc dimensions must be positive, got {shape_text(t.shape)}")
        inner = self._innermost_stride()
        if inner is not None and inner != 1:
            raise error(loc, f"{name}: the innermost stride must be 1, got {inner}")

    def _innermost_stride(self) -> int | None:
        if self.strides:
            return constant_int(self.strides[-1])
        src = self.source.type
        if isinstance(src, MemRefType) and isinstance(src.layout, StridedLayout) and src.layout.strides:
            return src.layout.strides[-1]
        return None


@models("xegpu.update_nd_offset", pure=True, descriptor="tdesc", attributes=("const_offsets",))
class UpdateNdOffset(Op):
    """``xegpu.update_nd_offset``: ``offsets`` are deltas in elements, per dimension."""

    tdesc: Value
    offsets: list[Operand]

    def verify(self) -> None:
        name, loc = "xegpu.update_nd_offset", self.loc
        t, _ = _tdesc(name, self.tdesc, loc)
        if len(self.offsets) != len(t.shape):
            raise error(loc, f"{name}: expected {len(t.shape)} offsets (one per dimension of '{t}'), "
                             f"got {len(self.offsets)}")
        if len(self.results) != 1 or self.result.type != t:
            got = self.results[0].type if self.results else "no result"
            raise error(loc, f"{name}: result type '{got}' must equal the tensor_desc type '{t}'")


@models("xegpu.load_nd", descriptor="tdesc", attributes=(
    *CACHE_HINT_ATTRIBUTES, "packed", "transpose", "transpose_bit_width", "vnni_axis", "const_offsets"))
class LoadNd(Op):
    """``xegpu.load_nd``. ``packed`` covers upstream ``packed`` and RFC ``vnni_axis = 0``
    (``vnni_axis = 1`` is a pure reshape and sets nothing). ``offsets`` is set only in the
    newer upstream form that puts offsets on the access."""

    tdesc: Value
    offsets: list[Operand] | None = None
    packed: bool = False
    transpose: tuple[int, ...] | None = None
    transpose_bit_width: int | None = None
    hints: CacheHints = field(default_factory=CacheHints)
    # RFC `vnni_axis` as written (0 also sets `packed`). With 1 the result may be written
    # [H, W/f, f]: the same bits as [H, W], so it is a shape check only.
    vnni_axis: int | None = None

    def verify(self) -> None:
        name, loc = "xegpu.load_nd", self.loc
        t, info = _tdesc(name, self.tdesc, loc)
        _check_access_offsets(name, self.offsets, t, loc)
        if len(self.results) != 1:
            raise error(loc, f"{name}: expected one result, got {len(self.results)}")
        res = vector_operand(name, "result", self.result, loc)
        if self.packed and self.transpose is not None:
            raise error(loc, f"{name}: 'packed' and 'transpose' cannot be combined")
        if self.transpose_bit_width is not None and self.transpose is None:
            raise error(loc, f"{name}: 'transpose_bit_width' is only allowed with 'transpose'")
        if res.element != t.element:
            raise error(loc, f"{name}: result element type {res.element} differs from the tensor_desc "
                             f"element type {t.element}")
        bits = element_bits(t.element)
        rank = len(t.shape)
        if self.transpose is not None:
            self._verify_transpose(t, info, res, bits)
        elif self.packed:
            if rank != 2:
                raise error(loc, f"{name}: 'packed' needs a 2D tensor_desc, got '{t}'")
            f = 32 // bits if bits < 32 else 1
            if f == 1:
                msg = f"{name}: 'packed' (VNNI) needs an 8- or 16-bit element type, got {t.element}"
                raise error(loc, msg)
            h, w = t.shape
            if h % f:
                raise error(loc, f"{name}: 'packed' needs the row count {h} of '{t}' to be a multiple of the "
                                 f"VNNI factor {f}")
            lead = (info.array_length,) if info.array_length > 1 else ()
            allowed = [(*lead, h // f, w, f), (*lead, h // f, w * f)]
            _expect_shape(name, "result", res, allowed, t, loc, f"packed, VNNI factor {f}")
        else:
            allowed = _block_shapes(t, info)
            f = 32 // bits if bits < 32 else 1
            if self.vnni_axis == 1 and rank == 2 and f > 1 and t.shape[1] % f == 0:
                allowed += [(*s[:-1], s[-1] // f, f) for s in allowed]
            _expect_shape(name, "result", res, allowed, t, loc)

    def _verify_transpose(self, t: TensorDescType, info: TDescInfo, res: VectorType, bits: int) -> None:
        name, loc = "xegpu.load_nd", self.loc
        if list(self.transpose or ()) != [1, 0]:
            raise error(loc, f"{name}: transpose must be [1, 0], got {shape_text(self.transpose or ())}")
        if len(t.shape) != 2:
            raise error(loc, f"{name}: transpose needs a 2D tensor_desc, got '{t}'")
        if info.array_length != 1:
            raise error(loc, f"{name}: transpose does not support array_length {info.array_length}")
        h, w = t.shape
        width = self.transpose_bit_width
        if width is None or width == bits:
            _expect_shape(name, "result", res, [(w, h)], t, loc, "transposed")
            return
        if width not in (32, 64):
            raise error(loc, f"{name}: transpose_bit_width must be 32 or 64, got {width}")
        if width < bits:
            raise error(loc, f"{name}: transpose_bit_width {width} is narrower than the {bits}-bit element "
                             f"type {t.element}")
        k = width // bits
        if w % k:
            raise error(loc, f"{name}: transpose_bit_width {width} groups {k} elements, which must divide "
                             f"the width {w} of '{t}'")
        # [w/k, h, k] (IMEX's transposed-B form) names the same registers as [w/k, h*k]: row r
        # holds unit column r, each unit's k elements side by side, as a packed dpas B operand.
        _expect_shape(name, "result", res, [(w // k, h * k), (w // k, h, k)], t, loc,
                      f"transposed in {width}-bit units of {k} elements")


@models("xegpu.store_nd", descriptor="tdesc", attributes=(*CACHE_HINT_ATTRIBUTES, "const_offsets"))
class StoreNd(Op):
    value: Value
    tdesc: Value
    offsets: list[Operand] | None = None
    hints: CacheHints = field(default_factory=CacheHints)

    def verify(self) -> None:
        name, loc = "xegpu.store_nd", self.loc
        t, info = _tdesc(name, self.tdesc, loc)
        if info.array_length != 1:  # upstream's verifier: 2D block stores have no array form
            raise error(loc, f"{name}: array_length {info.array_length} is for loads and prefetches only; "
                             f"store each block with its own descriptor ('{t}')")
        _check_access_offsets(name, self.offsets, t, loc)
        val = vector_operand(name, "stored value", self.value, loc)
        if val.element != t.element:
            raise error(loc, f"{name}: stored element type {val.element} differs from the tensor_desc "
                             f"element type {t.element}")
        _expect_shape(name, "stored value", val, _block_shapes(t, info), t, loc)


@models("xegpu.prefetch_nd", descriptor="tdesc", attributes=(*CACHE_HINT_ATTRIBUTES, "const_offsets"))
class PrefetchNd(Op):
    tdesc: Value
    offsets: list[Operand] | None = None
    hints: CacheHints = field(default_factory=CacheHints)

    def verify(self) -> None:
        t, _ = _tdesc("xegpu.prefetch_nd", self.tdesc, self.loc)
        _check_access_offsets("xegpu.prefetch_nd", self.offsets, t, self.loc)


# -- building from the generic IR --------------------------------------------------------------
@builds(CreateNdDesc)
def _create_nd_tdesc(op: Operation, b: Builder) -> Op:
    one_result(op, 1, "a source operand")
    default = [1] + [dynamic_count(op, k) for k in ("const_offsets", "const_shape", "const_strides")]
    groups = operand_segments(op, default, "source, offsets, shape and strides", "1, offsets, shape, strides")
    return CreateNdDesc(
        loc=op.loc,
        results=op.results,
        source=groups[0][0],
        offsets=mixed(op, "const_offsets", groups[1], "offset") or [],
        shape=mixed(op, "const_shape", groups[2], "shape"),
        strides=mixed(op, "const_strides", groups[3], "stride"),
    )


@builds(UpdateNdOffset)
def _update_nd_offset(op: Operation, b: Builder) -> Op:
    one_result(op, 1, "a tensor descriptor operand")
    return UpdateNdOffset(
        loc=op.loc, results=op.results, tdesc=op.operands[0],
        offsets=mixed(op, "const_offsets", op.operands[1:], "offset") or [],
    )


def _vnni_axis(op: Operation) -> int | None:
    vnni = op.attr("vnni_axis")
    if vnni is None:
        return None
    axis = as_int(vnni)
    if axis not in (0, 1):
        raise error(op.loc, f"{op.name}: vnni_axis must be 0 or 1, got '{vnni}'")
    return axis


@builds(LoadNd)
def _load_nd(op: Operation, b: Builder) -> Op:
    one_result(op, 1, "a tensor descriptor operand")
    transpose = op.attr("transpose")
    perm = None
    if transpose is not None:
        perm = as_int_list(transpose)
        if perm is None:
            msg = f"{op.name}: 'transpose' must be a list of integers such as [1, 0], got '{transpose}'"
            raise error(op.loc, msg)
    width_attr = op.attr("transpose_bit_width")
    width = as_int(width_attr)
    if width_attr is not None and width is None:
        raise error(op.loc, f"{op.name}: 'transpose_bit_width' must be an integer, got '{width_attr}'")
    axis = _vnni_axis(op)
    return LoadNd(
        loc=op.loc,
        results=op.results,
        tdesc=op.operands[0],
        offsets=mixed(op, "const_offsets", op.operands[1:], "offset"),
        packed=is_set(op.attr("packed")) or axis == 0,  # vnni_axis 1 only reshapes the result
        vnni_axis=axis,
        transpose=tuple(perm) if perm is not None else None,
        transpose_bit_width=width,
        hints=cache_hints(op),
    )


@builds(StoreNd)
def _store_nd(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 2 or op.results:
        raise error(op.loc, f"{op.name}: expected a value and a tensor descriptor operand and no result")
    return StoreNd(
        loc=op.loc, value=op.operands[0], tdesc=op.operands[1],
        offsets=mixed(op, "const_offsets", op.operands[2:], "offset"), hints=cache_hints(op),
    )


@builds(PrefetchNd)
def _prefetch_nd(op: Operation, b: Builder) -> Op:
    if not op.operands or op.results:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor operand and no result")
    return PrefetchNd(
        loc=op.loc, tdesc=op.operands[0],
        offsets=mixed(op, "const_offsets", op.operands[1:], "offset"), hints=cache_hints(op),
    )
