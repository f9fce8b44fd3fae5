"""One dataclass per XeGPU op. Fields are the op's meaning, independent of the syntax it was
written in (upstream MLIR 2024-2026 forms or the RFC forms); ``verify()`` enforces the RFC's
rules and raises a located DiagnosticError naming the rule broken.

Hardware limits of a particular target are *not* checked here: they live in
``genx_emit.targets`` and are checked by the lowering, which knows the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import (
    FloatType,
    IntegerType,
    MemRefType,
    StridedLayout,
    TensorDescType,
    Type,
    VectorType,
    element_bits,
)
from genx_emit.xegpu.model import Op, Operand
from genx_emit.xegpu.types import TDescInfo, tdesc_info

# Integer values of SSA values defined by ``arith.constant`` (filled by the op-model builder),
# so rules such as "innermost stride must be 1" can see through constant operands.
_CONSTANTS: WeakKeyDictionary[Value, int] = WeakKeyDictionary()


def note_constant(v: Value, n: int) -> None:
    """Record that ``v`` is the integer constant ``n``."""
    _CONSTANTS[v] = n


def constant_int(x: Operand | None) -> int | None:
    """The compile-time integer of an operand (a literal or a recorded constant), else None."""
    if isinstance(x, int):
        return x
    if isinstance(x, Value):
        return _CONSTANTS.get(x)
    return None


def _shape(shape: list[int] | tuple[int, ...]) -> str:
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


def _vector(op: str, what: str, v: Value, loc: Location) -> VectorType:
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
        want = " or ".join(_shape(a) for a in allowed)
        reason = f" ({why})" if why else ""
        msg = f"{op}: {what} shape {_shape(got.shape)} does not match '{t}'{reason}: expected {want}"
        raise error(loc, msg)


@dataclass(frozen=True)
class CacheHints:
    """Cache-hint words as written (``cached``, ``uncached``, ``streaming``, ``read_invalidate``,
    ``write_back``, ``write_through``); None = default."""

    l1: str | None = None
    l2: str | None = None
    l3: str | None = None


@dataclass(eq=False, kw_only=True)
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
            raise error(loc, f"{name}: tensor_desc dimensions must be positive, got {_shape(t.shape)}")
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


@dataclass(eq=False, kw_only=True)
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


@dataclass(eq=False, kw_only=True)
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
        res = _vector(name, "result", self.result, loc)
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
            raise error(loc, f"{name}: transpose must be [1, 0], got {_shape(self.transpose or ())}")
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


@dataclass(eq=False, kw_only=True)
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
        val = _vector(name, "stored value", self.value, loc)
        if val.element != t.element:
            raise error(loc, f"{name}: stored element type {val.element} differs from the tensor_desc "
                             f"element type {t.element}")
        _expect_shape(name, "stored value", val, _block_shapes(t, info), t, loc)


@dataclass(eq=False, kw_only=True)
class PrefetchNd(Op):
    tdesc: Value
    offsets: list[Operand] | None = None
    hints: CacheHints = field(default_factory=CacheHints)

    def verify(self) -> None:
        t, _ = _tdesc("xegpu.prefetch_nd", self.tdesc, self.loc)
        _check_access_offsets("xegpu.prefetch_nd", self.offsets, t, self.loc)


@dataclass(eq=False, kw_only=True)
class Dpas(Op):
    """``xegpu.dpas``: result = acc + lhs x rhs. Operand shapes as written (2D or 3D VNNI)."""

    lhs: Value
    rhs: Value
    acc: Value | None = None
    rfc: bool = False  # written in the RFC's vc mode, where a VNNI (3-D) lhs is allowed

    def verify(self) -> None:
        name, loc = "xegpu.dpas", self.loc
        lhs = _vector(name, "lhs", self.lhs, loc)
        if len(lhs.shape) == 3 and not self.rfc:
            raise error(loc, f"{name}: lhs shape {_shape(lhs.shape)} is 3-D; upstream's dpas takes a 2-D lhs "
                             "[M, K] (a VNNI lhs is the RFC's vc-mode form, {mode = vc})")
        rhs = _vector(name, "rhs", self.rhs, loc)
        if len(self.results) != 1:
            raise error(loc, f"{name}: expected one result, got {len(self.results)}")
        res = _vector(name, "result", self.result, loc)
        el = lhs.element
        if rhs.element != el:
            raise error(loc, f"{name}: lhs element type {el} and rhs element type {rhs.element} differ")
        k, is_float = _dpas_k(el, loc)
        f = 32 // element_bits(el)
        m = lhs.shape[0] if lhs.shape else None
        lhs_shapes = [(m, k)] + ([(m, k // f, f)] if f > 1 else [])
        if m is None or tuple(lhs.shape) not in lhs_shapes:
            raise error(loc, f"{name}: lhs shape {_shape(lhs.shape)} must be [M, {k}]"
                             + (f" or [M, {k // f}, {f}]" if f > 1 else "") + f" for {el}")
        n = rhs.shape[1] if len(rhs.shape) >= 2 else None
        rhs_shapes = [(k, n)] + ([(k // f, n, f)] if f > 1 else [])
        if n is None or tuple(rhs.shape) not in rhs_shapes:
            raise error(loc, f"{name}: rhs shape {_shape(rhs.shape)} must be [{k}, N]"
                             + (f" or [{k // f}, N, {f}]" if f > 1 else "") + f" for {el}")
        want_el = FloatType("f32") if is_float else None
        if (want_el is not None and res.element != want_el) or (
            want_el is None and not (isinstance(res.element, IntegerType) and res.element.width == 32)
        ):
            raise error(loc, f"{name}: result element type must be {'f32' if is_float else 'i32'} for {el} "
                             f"inputs, got {res.element}")
        if tuple(res.shape) != (lhs.shape[0], n):
            raise error(loc, f"{name}: result shape {_shape(res.shape)} must be [M, N] = "
                             f"{_shape((lhs.shape[0], n))}")
        if self.acc is not None and self.acc.type != res:
            raise error(loc, f"{name}: accumulator type '{self.acc.type}' must equal the result type '{res}'")


def _dpas_k(el: Type, loc: Location) -> tuple[int, bool]:
    """(K, is_float) of one DPAS for this element type: the systolic depth is 8 x 32 bits."""
    if isinstance(el, FloatType) and el.kind in ("f16", "bf16"):
        return 16, True
    if isinstance(el, FloatType) and el.kind in ("tf32", "f32"):  # f32 operands mean tf32
        return 8, True
    if isinstance(el, IntegerType) and el.width == 8:
        return 32, False
    raise DiagnosticError(loc, f"xegpu.dpas: element type {el} is not supported (f16, bf16, tf32, i8, ui8)")
