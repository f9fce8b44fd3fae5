"""Dataclasses for the vector dialect ops: shape changes, slices, shuffles, reductions.

Shapes follow upstream MLIR: a vector is row-major, positions and offsets count from the
outermost dimension, ``vector.extract`` with as many positions as dimensions gives a scalar.
Each ``verify()`` checks the rules of the upstream op verifier that matter for lowering and
names the values and the rule broken.
"""

from __future__ import annotations

from dataclasses import field

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import (
    as_int_list,
    as_str,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import FloatType, IndexType, IntegerType, Type, VectorType, element_bits
from genx_emit.ops.build import Builder, arity, builds, mixed, one_result
from genx_emit.ops.model import Op, Operand, models

# Reduction kinds (``#vector.kind<...>``) by the element types they apply to.
INT_KINDS = frozenset({"add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor"})
FLOAT_KINDS = frozenset({"add", "mul", "minnumf", "maxnumf", "minimumf", "maximumf"})
KIND_ALIASES = {"minf": "minimumf", "maxf": "maximumf"}  # spellings before LLVM 18


def shape_of(t: Type) -> tuple[int, ...]:
    """Shape of a vector; () for a scalar (the shape a full ``vector.extract`` leaves)."""
    return t.shape if isinstance(t, VectorType) else ()


def element_of(t: Type) -> Type:
    return t.element if isinstance(t, VectorType) else t


def _is_int(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType))


def _typed(shape: tuple[int, ...], element: Type) -> Type:
    return VectorType(shape, element) if shape else element


def _is_scalar(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType, FloatType))


def _vector(loc: Location, op: str, v: Value, what: str) -> VectorType:
    if not isinstance(v.type, VectorType):
        raise error(loc, f"{op}: {what} '{v.name}' must be a vector, got '{v.type}'")
    return v.type


def _result_is(loc: Location, op: str, result: Value, want: Type, why: str) -> None:
    if result.type != want:
        raise error(loc, f"{op}: result type '{result.type}' must be '{want}' ({why})")


def _position(loc: Location, op: str, v: Value, t: VectorType, position: list[Operand]) -> None:
    if len(position) > len(t.shape):
        raise error(loc, f"{op}: {len(position)} positions index '{v.name}' of type '{t}', which has only "
                         f"{len(t.shape)} dimensions")
    for d, (p, n) in enumerate(zip(position, t.shape, strict=False)):
        if isinstance(p, int):
            if not 0 <= p < n:
                raise error(loc, f"{op}: position {p} of dimension {d} is out of range [0, {n}) of "
                                 f"'{v.name}' ('{t}')")
        elif not _is_int(p.type):
            raise error(loc, f"{op}: dynamic position '{p.name}' must be an index or integer, got '{p.type}'")


@models("vector.splat", pure=True)
class Splat(Op):
    """``vector.broadcast`` / ``vector.splat`` of a scalar: every element is ``source``."""

    source: Value

    def verify(self) -> None:
        t = self.result.type
        if not isinstance(t, VectorType) or self.source.type != t.element:
            raise error(self.loc, f"vector.broadcast: a {self.source.type} scalar '{self.source.name}' "
                                  f"broadcasts to a vector of {self.source.type}, not '{t}'")


@models("vector.broadcast", pure=True)
class Broadcast(Op):
    """``vector.broadcast`` of a vector: leading dimensions are added, size-1 dimensions stretched."""

    source: Value

    def verify(self) -> None:
        s, t = self.source.type, self.result.type
        assert isinstance(s, VectorType)
        if not isinstance(t, VectorType) or t.element != s.element:
            raise error(self.loc, f"vector.broadcast: result '{t}' must be a vector of {s.element}, the "
                                  f"element type of '{self.source.name}'")
        if len(s.shape) > len(t.shape):
            raise error(self.loc, f"vector.broadcast: '{self.source.name}' ('{s}') has more dimensions "
                                  f"than the result '{t}'")
        lead = len(t.shape) - len(s.shape)
        for d, (n, m) in enumerate(zip(s.shape, t.shape[lead:], strict=True)):
            if n != m and n != 1:
                raise error(self.loc, f"vector.broadcast: dimension {d} of '{self.source.name}' ('{s}') "
                                      f"is {n}: it must be 1 or equal to dimension {d + lead} of the "
                                      f"result '{t}' ({m})")


@models("vector.shape_cast", pure=True)
class ShapeCast(Op):
    """``vector.shape_cast``: the same elements in row-major order, another shape."""

    source: Value

    def verify(self) -> None:
        s, t = self.source.type, self.result.type
        if not (isinstance(s, VectorType) and isinstance(t, VectorType) and s.element == t.element
                and s.num_elements == t.num_elements):
            raise error(self.loc, f"vector.shape_cast: '{s}' and '{t}' must be vectors of the same element "
                                  "type and element count")


@models("vector.bitcast", pure=True)
class BitCast(Op):
    """``vector.bitcast``: the same bits; only the innermost dimension may change size."""

    source: Value

    def verify(self) -> None:
        s = _vector(self.loc, "vector.bitcast", self.source, "source")
        t = self.result.type
        if not isinstance(t, VectorType) or len(t.shape) != len(s.shape) or not s.shape \
                or t.shape[:-1] != s.shape[:-1]:
            raise error(self.loc, f"vector.bitcast: '{s}' and '{t}' must be vectors of the same rank "
                                  "that differ only in the innermost dimension")
        try:
            sb, tb = element_bits(s.element), element_bits(t.element)
        except TypeError:
            raise error(self.loc, f"vector.bitcast: '{s}' to '{t}' needs scalar element types") from None
        if s.shape[-1] * sb != t.shape[-1] * tb:
            raise error(self.loc, f"vector.bitcast: the innermost dimension of '{s}' has "
                                  f"{s.shape[-1] * sb} bits but that of '{t}' has {t.shape[-1] * tb}")


@models("vector.extract", pure=True, attributes=("static_position",))
class Extract(Op):
    """``vector.extract %v[p0, p1, ...]``: the sub-vector (or scalar) at a position; entries of
    ``position`` are ints or index values."""

    source: Value
    position: list[Operand]

    def verify(self) -> None:
        t = _vector(self.loc, "vector.extract", self.source, "source")
        _position(self.loc, "vector.extract", self.source, t, self.position)
        want = _typed(t.shape[len(self.position):], t.element)
        _result_is(self.loc, "vector.extract", self.result, want,
                   f"'{t}' at {len(self.position)} positions")


@models("vector.insert", pure=True, attributes=("static_position",))
class Insert(Op):
    """``vector.insert %value, %dest[p0, ...]``: ``dest`` with the sub-vector at a position replaced."""

    value: Value
    dest: Value
    position: list[Operand]

    def verify(self) -> None:
        t = _vector(self.loc, "vector.insert", self.dest, "destination")
        _position(self.loc, "vector.insert", self.dest, t, self.position)
        want = _typed(t.shape[len(self.position):], t.element)
        if self.value.type != want:
            raise error(self.loc, f"vector.insert: value '{self.value.name}' has type "
                                  f"'{self.value.type}' but {len(self.position)} positions in '{t}' hold "
                                  f"'{want}'")
        _result_is(self.loc, "vector.insert", self.result, t, "the destination type")


def _slice_lists(loc: Location, op: str, **lists: list[int]) -> None:
    n = {len(v) for v in lists.values()}
    if len(n) != 1:
        desc = ", ".join(f"{k} has {len(v)}" for k, v in lists.items())
        raise error(loc, f"{op}: offsets, sizes and strides must have one entry each per dimension ({desc})")


@models("vector.extract_strided_slice", pure=True, attributes=("offsets", "sizes", "strides"))
class ExtractStridedSlice(Op):
    """``vector.extract_strided_slice``: the block at ``offsets`` of ``sizes`` (leading dims;
    the remaining dims are taken whole), every ``strides``-th element."""

    source: Value
    offsets: list[int]
    sizes: list[int]
    strides: list[int]

    def verify(self) -> None:
        op = "vector.extract_strided_slice"
        t = _vector(self.loc, op, self.source, "source")
        _slice_lists(self.loc, op, offsets=self.offsets, sizes=self.sizes, strides=self.strides)
        if len(self.offsets) > len(t.shape):
            raise error(self.loc, f"{op}: {len(self.offsets)} offsets for '{self.source.name}' of type "
                                  f"'{t}' with {len(t.shape)} dimensions")
        lists = zip(self.offsets, self.sizes, self.strides, t.shape, strict=False)
        for d, (o, n, s, dim) in enumerate(lists):
            if s != 1:
                raise error(self.loc, f"{op}: stride {s} in dimension {d}: only unit strides are allowed")
            if n < 1:
                raise error(self.loc, f"{op}: size {n} in dimension {d} must be positive")
            if o < 0 or o + n > dim:
                raise error(self.loc, f"{op}: offset {o} + size {n} in dimension {d} exceeds dimension "
                                      f"size {dim} of '{self.source.name}' ('{t}')")
        want = VectorType(tuple(self.sizes) + t.shape[len(self.sizes):], t.element)
        _result_is(self.loc, op, self.result, want, "the sizes, then the remaining dimensions of the source")


@models("vector.insert_strided_slice", pure=True, attributes=("offsets", "strides"))
class InsertStridedSlice(Op):
    """``vector.insert_strided_slice %value, %dest``: ``value`` written into the innermost
    dimensions of ``dest`` at ``offsets`` (one per dest dimension)."""

    value: Value
    dest: Value
    offsets: list[int]
    strides: list[int]

    def verify(self) -> None:
        op = "vector.insert_strided_slice"
        s = _vector(self.loc, op, self.value, "value")
        d = _vector(self.loc, op, self.dest, "destination")
        if len(s.shape) > len(d.shape):
            raise error(self.loc, f"{op}: value '{self.value.name}' ('{s}') has more dimensions than the "
                                  f"destination '{self.dest.name}' ('{d}')")
        if s.element != d.element:
            raise error(self.loc, f"{op}: value '{self.value.name}' ('{s}') and destination "
                                  f"'{self.dest.name}' ('{d}') must have the same element type")
        if len(self.offsets) != len(d.shape):
            raise error(self.loc, f"{op}: {len(self.offsets)} offsets but the destination "
                                  f"'{self.dest.name}' ('{d}') has {len(d.shape)} dimensions")
        if len(self.strides) != len(s.shape):
            raise error(self.loc, f"{op}: {len(self.strides)} strides but the value '{self.value.name}' "
                                  f"('{s}') has {len(s.shape)} dimensions")
        if any(x != 1 for x in self.strides):
            raise error(self.loc, f"{op}: strides {self.strides}: only unit strides are allowed")
        lead = len(d.shape) - len(s.shape)
        block = (1,) * lead + s.shape
        for k, (o, n, dim) in enumerate(zip(self.offsets, block, d.shape, strict=True)):
            if o < 0 or o + n > dim:
                raise error(self.loc, f"{op}: offset {o} + size {n} in dimension {k} exceeds dimension "
                                      f"size {dim} of '{self.dest.name}' ('{d}')")
        _result_is(self.loc, op, self.result, d, "the destination type")


@models("vector.transpose", pure=True, attributes=("permutation",))
class Transpose(Op):
    """``vector.transpose %v, [p...]``: result dimension i is source dimension p[i]."""

    source: Value
    permutation: list[int]

    def verify(self) -> None:
        t = _vector(self.loc, "vector.transpose", self.source, "source")
        if sorted(self.permutation) != list(range(len(t.shape))):
            raise error(self.loc, f"vector.transpose: {self.permutation} is not a permutation of the "
                                  f"{len(t.shape)} dimensions of '{self.source.name}' ('{t}')")
        want = VectorType(tuple(t.shape[p] for p in self.permutation), t.element)
        _result_is(self.loc, "vector.transpose", self.result, want, f"'{t}' permuted by {self.permutation}")


@models("vector.shuffle", pure=True)
class Shuffle(Op):
    """``vector.shuffle %a, %b [m...]``: result row i is row m[i] of ``a ++ b`` (rows along the
    leading dimension; -1 is a poison row)."""

    lhs: Value
    rhs: Value
    mask: list[int]

    def verify(self) -> None:
        op = "vector.shuffle"
        a, b = self.lhs.type, self.rhs.type
        if element_of(a) != element_of(b) or shape_of(a)[1:] != shape_of(b)[1:] \
                or len(shape_of(a)) != len(shape_of(b)):
            raise error(self.loc, f"{op}: '{self.lhs.name}' ('{a}') and '{self.rhs.name}' ('{b}') must "
                                  "have the same element type, rank and trailing dimensions")
        if not (isinstance(a, VectorType) or _is_scalar(a)):
            raise error(self.loc, f"{op}: operands must be vectors or scalars, got '{a}'")
        n = self.rows(a) + self.rows(b)
        for m in self.mask:
            if not -1 <= m < n:
                raise error(self.loc, f"{op}: mask entry {m} is out of range [0, {n}) of the two operands "
                                      "(-1 for poison)")
        want = VectorType((len(self.mask), *shape_of(a)[1:]), element_of(a))
        _result_is(self.loc, op, self.result, want, f"{len(self.mask)} mask entries")

    @staticmethod
    def rows(t: Type) -> int:
        return shape_of(t)[0] if shape_of(t) else 1


def normalise_kind(loc: Location, op: str, word: str) -> str:
    word = KIND_ALIASES.get(word, word)
    if word not in INT_KINDS | FLOAT_KINDS:
        kinds = ", ".join(sorted(INT_KINDS | FLOAT_KINDS))
        raise error(loc, f"{op}: unknown combining kind '{word}' (one of {kinds})")
    return word


def _check_kind(loc: Location, op: str, kind: str, v: Value, elem: Type) -> None:
    if _is_int(elem):
        ok = kind in INT_KINDS
    elif isinstance(elem, FloatType):
        ok = kind in FLOAT_KINDS
    else:
        ok = False
    if not ok:
        raise error(loc, f"{op}: kind <{kind}> does not apply to '{v.name}' of element type {elem}")


@models("vector.reduction", pure=True, attributes=("kind", "fastmath"))
class Reduction(Op):
    """``vector.reduction <kind>, %v[, %acc]``: all elements of a 1-D vector combined."""

    kind: str
    source: Value
    acc: Value | None = None

    def verify(self) -> None:
        op = "vector.reduction"
        t = _vector(self.loc, op, self.source, "source")
        if len(t.shape) != 1:
            raise error(self.loc, f"{op}: '{self.source.name}' ('{t}') must be a 1-D vector")
        _check_kind(self.loc, op, self.kind, self.source, t.element)
        _result_is(self.loc, op, self.result, t.element, f"the element type of '{self.source.name}'")
        if self.acc is not None and self.acc.type != t.element:
            raise error(self.loc, f"{op}: accumulator '{self.acc.name}' has type '{self.acc.type}', not "
                                  f"the element type {t.element}")


@models("vector.multi_reduction", pure=True, attributes=("kind", "reduction_dims", "fastmath"))
class MultiReduction(Op):
    """``vector.multi_reduction <kind>, %src, %acc [dims]``: ``src`` combined along ``dims``,
    then with ``acc`` (which has the result's type)."""

    kind: str
    source: Value
    acc: Value
    dims: list[int] = field(default_factory=list)

    def verify(self) -> None:
        op = "vector.multi_reduction"
        t = _vector(self.loc, op, self.source, "source")
        _check_kind(self.loc, op, self.kind, self.source, t.element)
        if len(set(self.dims)) != len(self.dims) or any(not 0 <= d < len(t.shape) for d in self.dims):
            raise error(self.loc, f"{op}: reduction dimensions {self.dims} must be distinct dimensions of "
                                  f"'{self.source.name}' ('{t}', rank {len(t.shape)})")
        kept = tuple(n for d, n in enumerate(t.shape) if d not in self.dims)
        want = _typed(kept, t.element)
        _result_is(self.loc, op, self.result, want, f"'{t}' without dimensions {self.dims}")
        if self.acc.type != want:
            raise error(self.loc, f"{op}: accumulator '{self.acc.name}' has type '{self.acc.type}', not "
                                  f"the result type '{want}'")


# -- building from the generic IR --------------------------------------------------------------
def _ints(op: Operation, *keys: str, default: list[int] | None = None) -> list[int]:
    """The first present of ``keys`` as a list of integers (``[1, 0]`` or ``array<i64: 1, 0>``)."""
    for k in keys:
        attr = op.attr(k)
        if attr is None:
            continue
        vals = as_int_list(attr)
        if vals is None:
            raise error(op.loc, f"{op.name}: '{k}' must be a list of integers, got '{attr}'")
        return vals
    if default is not None:
        return default
    raise error(op.loc, f"{op.name}: missing '{keys[0]}'")


def _built_position(op: Operation, dynamic: list) -> list[Operand]:
    key = "static_position" if op.attr("static_position") is not None else "position"
    if op.attr(key) is None:
        raise error(op.loc, f"{op.name}: missing 'static_position'")
    pos = mixed(op, key, dynamic, "position")
    assert pos is not None
    return pos


def _kind(op: Operation) -> str:
    attr = op.attr("kind")
    word = as_str(attr)
    if word is None:
        raise error(op.loc, f"{op.name}: 'kind' must be a combining kind such as #vector.kind<add>, "
                            f"got '{attr}'")
    return normalise_kind(op.loc, op.name, word)


@builds(Broadcast, Splat)
def _broadcast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    if op.name == "vector.broadcast" and isinstance(op.operands[0].type, VectorType):
        return Broadcast(loc=op.loc, results=op.results, source=op.operands[0])
    return Splat(loc=op.loc, results=op.results, source=op.operands[0])


@builds(ShapeCast)
def _shape_cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return ShapeCast(loc=op.loc, results=op.results, source=op.operands[0])


@builds(BitCast)
def _bitcast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return BitCast(loc=op.loc, results=op.results, source=op.operands[0])


@builds(Extract)
def _extract(op: Operation, b: Builder) -> Op:
    one_result(op, 1, "a vector operand (then dynamic positions)")
    return Extract(loc=op.loc, results=op.results, source=op.operands[0],
                   position=_built_position(op, op.operands[1:]))


@builds(Insert)
def _insert(op: Operation, b: Builder) -> Op:
    one_result(op, 2, "a value and a destination operand (then dynamic positions)")
    return Insert(loc=op.loc, results=op.results, value=op.operands[0], dest=op.operands[1],
                  position=_built_position(op, op.operands[2:]))


@builds(ExtractStridedSlice)
def _extract_strided_slice(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    offsets = _ints(op, "offsets")
    strides = _ints(op, "strides", default=[1] * len(offsets))
    return ExtractStridedSlice(loc=op.loc, results=op.results, source=op.operands[0], offsets=offsets,
                               sizes=_ints(op, "sizes"), strides=strides)


@builds(InsertStridedSlice)
def _insert_strided_slice(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    value = op.operands[0]
    rank = len(value.type.shape) if isinstance(value.type, VectorType) else 0
    return InsertStridedSlice(loc=op.loc, results=op.results, value=value, dest=op.operands[1],
                              offsets=_ints(op, "offsets"), strides=_ints(op, "strides", default=[1] * rank))


@builds(Transpose)
def _transpose(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return Transpose(loc=op.loc, results=op.results, source=op.operands[0],
                     permutation=_ints(op, "permutation", "transp"))


@builds(Shuffle)
def _shuffle(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    return Shuffle(loc=op.loc, results=op.results, lhs=op.operands[0], rhs=op.operands[1],
                   mask=_ints(op, "mask"))


@builds(Reduction)
def _reduction(op: Operation, b: Builder) -> Op:
    arity(op, (1, 2), 1)
    acc = op.operands[1] if len(op.operands) == 2 else None
    return Reduction(loc=op.loc, results=op.results, kind=_kind(op), source=op.operands[0], acc=acc)


@builds(MultiReduction)
def _multi_reduction(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    return MultiReduction(loc=op.loc, results=op.results, kind=_kind(op), source=op.operands[0],
                          acc=op.operands[1], dims=_ints(op, "reduction_dims"))
