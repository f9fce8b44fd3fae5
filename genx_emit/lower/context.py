"""State shared by the op lowerings of one function: the builder, the value map, the target.

Also the MLIR -> LLVM type mapping and a few constant-folding arithmetic helpers, so that
static shapes and offsets stay literal constants in the output (readable goldens, and the
hardware-limit checks can see them).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.genx.regions import Regions
from genx_emit.mlir.ir import Value, llvm_name
from genx_emit.mlir.types import (
    FloatType,
    IndexType,
    IntegerType,
    MemRefType,
    Type,
    VectorType,
)
from genx_emit.ops.types import TDescInfo, is_slm
from genx_emit.targets import Target

if TYPE_CHECKING:  # the analyses sit above the context (tests/test_structure.py)
    from genx_emit.lower.analysis.consumers import Consumers

I1 = ir.IntType(1)
I8 = ir.IntType(8)
I16 = ir.IntType(16)
I32 = ir.IntType(32)
I64 = ir.IntType(64)
INDEX = I64  # `index` is 64-bit: addresses and surface sizes may exceed 2^31

_FLOATS = {"f16": ir.HalfType(), "f32": ir.FloatType(), "tf32": ir.FloatType(), "f64": ir.DoubleType()}


def scalar_type(t: Type, loc: Location | None = None) -> ir.Type:
    """LLVM type of an MLIR scalar. bf16 travels as i16: GenX has no bf16 arithmetic type."""
    if isinstance(t, IndexType):
        return INDEX
    if isinstance(t, IntegerType):
        return ir.IntType(t.width)
    if isinstance(t, FloatType):
        if t.kind == "bf16":
            return I16
        if t.kind in _FLOATS:
            return _FLOATS[t.kind]
    raise error(loc, f"element type '{t}' has no GenX representation")


def llvm_type(t: Type, loc: Location | None = None) -> ir.Type:
    """LLVM type of an MLIR value: vectors are flattened row-major; global memrefs are i64
    addresses, SLM memrefs i32 byte offsets into the work-group's shared local memory."""
    if isinstance(t, VectorType):
        return ir.VectorType(scalar_type(t.element, loc), t.num_elements)
    if isinstance(t, MemRefType):
        return I32 if is_slm(t) else I64
    return scalar_type(t, loc)



def elem_bytes(t: Type, loc: Location | None = None) -> int:
    """Bytes of one element in memory (bf16 and f16 are 2, tf32 is 4, index is 8)."""
    if isinstance(t, FloatType):
        return {"f16": 2, "bf16": 2, "f32": 4, "tf32": 4, "f64": 8}.get(t.kind) or _bad_elem(t, loc)
    if isinstance(t, IntegerType) and t.width in (8, 16, 32, 64):
        return t.width // 8
    if isinstance(t, IndexType):
        return 8
    return _bad_elem(t, loc)


def _bad_elem(t: Type, loc: Location | None) -> int:
    raise error(loc, f"element type '{t}' has no byte size in memory")


def const(ty: ir.Type, v: int | float) -> ir.Constant:
    return ir.Constant(ty, v)


def const_value(v: Any) -> int | None:
    """The Python int of an integer ir.Constant, else None."""
    if isinstance(v, ir.Constant) and isinstance(v.type, ir.IntType) and isinstance(v.constant, int):
        return v.constant
    return None


@dataclass
class NdDesc:
    """A lowered ``create_nd_tdesc``: the 2D surface and the tile position, all as LLVM values.

    ``base`` is the byte address of element (0, 0) of the 2D surface (outer dimensions of a
    higher-rank source already folded in). Sizes are stored minus one, in bytes (width, pitch)
    and rows (height), as every message takes them, so run-time sizes cost one ``sub`` per
    descriptor, not one per message; ``x`` is the column offset in elements, ``y`` the row
    offset, both i32.

    ``payload`` (the payload form of 2D block messages, ``lower/messages/block2d_send.py``): the message
    header, holding the same surface and the position, which then lives there only (``x`` and
    ``y`` are None: one value to move, carry and merge); ``payload_shape`` is the block-shape
    dword it holds (-1: none). Without a payload (scalar form, DG2) both stay unset.
    """

    info: TDescInfo
    elem_bytes: int
    base: ir.Value
    width_m1: ir.Value
    height_m1: ir.Value
    pitch_m1: ir.Value
    x: ir.Value | None
    y: ir.Value | None
    payload: ir.Value | None = None
    payload_shape: int = -1
    # the header is of the tile's 32-bit view (``decide.pair_header``): its x dword and block
    # width count dwords (word pairs of the 16-bit tile), which every access of it sends
    pairs: bool = False
    # bytes ``base`` lies past an 8-byte aligned buffer start, if known at compile time
    base_misalign: int | None = None
    # set on the descriptor one access is lowered with (lower/dg2/inbounds.py): True when its
    # tile's columns are known inside the surface and its row starts aligned (row messages need
    # no guard), False when it is to take the per-element path unguarded (a loop's copy for
    # edge tiles), None when a run-time guard decides
    row_path: bool | None = None
    # DG2, in a loop copy whose row messages need no guard: ``<H x i64>`` byte addresses of the
    # tile's rows at (x, y), carried by the loop and moved with the position
    # (``lower/dg2/nd_rows.py``, :func:`carried_rows`); None elsewhere
    rows: ir.Value | None = None

    @property
    def MOVED_BY_OFFSETS(self) -> tuple[str | tuple[str, ...], ...]:  # noqa: N802  (the value protocol's name)
        """What update_nd_offset moves (rows, then columns); the surface is loop-invariant. In the
        payload form the position lives in the header only; carried row addresses move with both."""
        if self.payload is not None:
            return ("payload", "payload")
        return (("y", "rows"), ("x", "rows")) if self.rows is not None else ("y", "x")

    def replace(self, **kw: ir.Value) -> NdDesc:
        d = dict(self.__dict__)
        d.update(kw)
        return NdDesc(**d)


# FuncContext fields set once, when the function's lowering starts.
FIXED = frozenset({"module", "intr", "target", "function", "builder", "legalize", "block2d_form", "consumers",
                   "inbounds", "source_of", "regions"})


@dataclass
class FuncContext:
    """One function being lowered.

    The fields of :data:`FIXED` (the frame, the target, the options, the analyses read before
    lowering) are set when the context is made and never after: a lowering may read them but
    not assign them. The decisions a lowering reads are on its op (``Op.attrs``, read-only).
    """

    module: ir.Module
    intr: Intrinsics
    target: Target
    function: ir.Function
    builder: ir.IRBuilder
    consumers: Consumers  # what the values' uses allow (analysis/consumers.py)
    values: dict[Value, Any] = field(default_factory=dict)
    inbounds: Any = None  # lower/inbounds.Facts on a target without 2D block messages, else None
    legalize: bool = True  # split region accesses to the target's limits (False: raw form)
    block2d_form: str = "payload"  # 2D block messages: "payload" (raw sends) or "scalar" (intrinsics)
    # --annotate: id(instruction) -> location of the op that made it (None: not recorded)
    source_of: dict[int, Any] | None = None
    regions: Regions = field(init=False)
    _prologue: dict[str, ir.Value] = field(default_factory=dict)
    _prologue_last: ir.Instruction | None = None
    # Other forms of a lowered value, given with it to :meth:`set` by the lowering of the op that
    # defines it (a gather's chunk-major payload, for a scatter of the same layout: scatter.py).
    forms: dict[Value, dict[str, Any]] = field(default_factory=dict)
    _bitcasts: dict[tuple[int, str, int], tuple[ir.Value, ir.Value]] = field(default_factory=dict)
    _index_casts: dict[tuple[int, str, int], tuple[ir.Value, ir.Value]] = field(default_factory=dict)
    # payload form: per 2D surface (block2d_send._surface_key: emitted values), the header its
    # last message sent, in which LLVM block, with its block-shape dword (:meth:`dead_header`)
    _headers: dict[tuple, tuple[ir.Block, ir.Value, int]] = field(default_factory=dict)
    _done_surfaces: set[tuple] = field(default_factory=set)  # no later descriptor of the block is of

    def __post_init__(self) -> None:
        self.regions = Regions(self.builder, self.intr, self.target, self.legalize)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in FIXED and name in self.__dict__:
            raise AttributeError(f"FuncContext.{name} is fixed for the function's lowering")
        object.__setattr__(self, name, value)

    def in_prologue(self, key: str, make: Any) -> ir.Value:
        """A loop-invariant value (thread ids, sizes) computed once, at the top of the entry block,
        so it dominates every use wherever the op that asked for it sits."""
        if key not in self._prologue:
            b = self.builder
            block = b.block
            entry = self.function.entry_basic_block
            if self._prologue_last is None:
                b.position_at_start(entry)
            else:
                b.position_after(self._prologue_last)
            v = make()
            self._prologue_last = v
            self._prologue[key] = v
            b.position_at_end(block)
        return self._prologue[key]

    def bitcast_once(self, v: ir.Value, ty: ir.Type, name: str) -> ir.Value:
        """``v`` bitcast to ``ty``, made once per basic block: an operand used by several ops
        (one A tile feeding two dpas) is reinterpreted once, and the cast dominates every use
        in its block."""
        if v.type == ty:
            return v
        key = (id(v), str(ty), id(self.builder.block))
        if key not in self._bitcasts:
            self._bitcasts[key] = (v, self.builder.bitcast(v, ty, name=name))  # v kept alive: ids stay unique
        return self._bitcasts[key][1]

    # -- dead message headers (the payload form) -------------------------------------------
    # Emitted values only: which register a later header of the same surface is built in, not
    # what any op becomes. A header sent by the one access of its descriptor is dead after that
    # message; the next header of the surface made in the same LLVM block may start from it
    # (lower/messages/block2d_send.header). Which headers meet in one block, and whether their
    # dwords already hold equal values, is known only as they are emitted.
    def sent_header(self, key: tuple, header: ir.Value, shape: int) -> None:
        """``header`` (holding block-shape dword ``shape``) of surface ``key`` was just sent."""
        self._headers[key] = (self.builder.block, header, shape)

    def surface_done(self, key: tuple) -> None:
        """The descriptor being made is the last of surface ``key`` in its block."""
        self._done_surfaces.add(key)

    def dead_header(self, key: tuple) -> tuple[ir.Block, ir.Value, int] | None:
        """The last header sent of surface ``key`` (its block, value and shape), if any."""
        return self._headers.get(key)

    def done_headers(self) -> list[tuple[tuple, tuple[ir.Block, ir.Value, int]]]:
        """The dead headers of surfaces no later descriptor of their block is of, by surface."""
        return [(k, e) for k, e in self._headers.items() if k in self._done_surfaces]

    def take_header(self, key: tuple) -> None:
        """A new header is built in surface ``key``'s dead one: it is no longer there to take."""
        del self._headers[key]

    # -- values -------------------------------------------------------------------------
    def get(self, v: Value) -> Any:
        try:
            return self.values[v]
        except KeyError:
            raise error(v.loc, f"value {v.name} is used before it is defined") from None

    def set(self, v: Value, lowered: Any, **forms: Any) -> None:
        """``v`` lowered; ``forms``: other forms of the same value, by name (:meth:`form`)."""
        self.values[v] = lowered
        if forms:
            self.forms[v] = forms
        elif v in self.forms:  # lowered again (a copy of a versioned loop): its own forms only
            del self.forms[v]

    def form(self, v: Value, name: str) -> Any:
        """The form ``name`` of ``v``'s lowered value, when its lowering gave one (else None)."""
        return self.forms.get(v, {}).get(name)

    # -- constant-folding integer arithmetic ----------------------------------------------
    def add(self, a: ir.Value, b: ir.Value, name: str = "") -> ir.Value:
        return self._folded(a, b, operator.add, self.builder.add, name, unit=0)

    def sub(self, a: ir.Value, b: ir.Value, name: str = "") -> ir.Value:
        return self._folded(a, b, operator.sub, self.builder.sub, name, unit=0, commutes=False)

    def mul(self, a: ir.Value, b: ir.Value, name: str = "") -> ir.Value:
        return self._folded(a, b, operator.mul, self.builder.mul, name, unit=1, absorbs=True)

    def _folded(self, a: ir.Value, b: ir.Value, fold: Callable[[int, int], int],
                build: Callable[..., ir.Value], name: str, unit: int, commutes: bool = True,
                absorbs: bool = False) -> ir.Value:
        """``build(a, b)`` unless constants decide it: both constant (``fold``), ``unit`` on the
        right (or the left, when the operation ``commutes``), a zero operand when zero ``absorbs``."""
        ca, cb = const_value(a), const_value(b)
        if ca is not None and cb is not None:
            return const(a.type, fold(ca, cb))
        if cb == unit:
            return a
        if commutes and ca == unit:
            return b
        if absorbs and (ca == 0 or cb == 0):
            return const(a.type, 0)
        return build(a, b, name=name)

    def resize(self, a: ir.Value, ty: ir.IntType, name: str = "", signed: bool = True) -> ir.Value:
        """Truncate or extend an integer to ``ty`` (folding constants)."""
        if a.type == ty:
            return a
        ca = const_value(a)
        if ca is not None:
            return const(ty, ca)
        if a.type.width > ty.width:
            return self.builder.trunc(a, ty, name=name)
        return (self.builder.sext if signed else self.builder.zext)(a, ty, name=name)

    def index(self, v: Value | int, ty: ir.IntType = INDEX) -> ir.Value:
        """An op-model Operand (constant int or SSA index value) as an integer of type ``ty``;
        converted once per basic block, like bitcast_once (a value used by several ops of a
        block is truncated once, not once per use)."""
        if isinstance(v, int):
            return const(ty, v)
        lowered = self.get(v)
        if lowered.type == ty or const_value(lowered) is not None:
            return self.resize(lowered, ty)
        key = (id(lowered), str(ty), id(self.builder.block))
        if key not in self._index_casts:  # lowered kept alive: ids stay unique
            self._index_casts[key] = (lowered, self.resize(lowered, ty, name=llvm_name(v, f".i{ty.width}")))
        return self._index_casts[key][1]

