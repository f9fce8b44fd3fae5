"""Positions of a loop's 2-D accesses as affine forms of the iteration, and what they need.

For ``lower/dg2/inbounds.py``: a :class:`LoopScan` reads, from the op model of one ``scf.for``
(constant lower bound and step; the upper bound constant or a run-time value), each 2-D
access's row and column as :class:`Lin` forms of the iteration number and of values fixed
before the loop (block ids, arguments, lowered descriptors; constants where their ring ops make
them so whatever the run-time values), against its :class:`Surface`
(static sizes), and says what must hold at every iteration for row messages to be exact
(columns inside, rows aligned) and for every row to be inside: a :class:`Need`, each part
known at compile time or a range / alignment of a run-time i32 expression.

Arithmetic is that of the lowering: positions are i32, computed modulo 2^32 from ring
operations (add, sub, mul, shl; ``remui`` by a power of two only where it is a constant), so a
run-time expression is evaluated in i32 before the loop and a range test ``lo <= s <= hi`` is
``s - lo <=u hi - lo``: exact whatever the values, with no overflow to reason about.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from llvmlite import ir

from genx_emit.lower.context import FuncContext, NdDesc, const_value, elem_bytes
from genx_emit.lower.dg2.nd_gather import DWORD
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import IndexType, IntegerType, MemRefType, TensorDescType, Type
from genx_emit.ops.arith import Binary, Cast
from genx_emit.ops.control import For, Yield
from genx_emit.ops.model import Op, Operand, constant_int
from genx_emit.ops.nd import CreateNdDesc, LoadNd, PrefetchNd, UpdateNdOffset
from genx_emit.ops.types import tdesc_info
from genx_emit.targets import BUFFER_ALIGN

ITER = "iteration"  # the leaf standing for the iteration number 0 .. trips-1
LAST = "last iteration"  # the leaf standing for trips-1 when the trip count is known at run time only
MAX_LAST, _MAX_STEP = 2**20, 2**10  # run-time trip counts: i32 positions cannot wrap within these
_RING_CASTS = ("index_cast", "index_castui", "extsi", "extui", "trunci")
_RING_OPS = ("addi", "subi", "muli", "shli", "remui")
_I32_MIN, _I32_MAX = -(2**31), 2**31 - 1


# -- affine forms ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Lin:
    """``const + sum(coef * leaf)``: a leaf is :data:`ITER` or a loop-invariant LLVM integer
    (at least 32 bits), in the order first seen (the emitted check is deterministic)."""

    const: int
    terms: tuple[tuple[Any, int], ...] = ()

    def __add__(self, o: Lin) -> Lin:
        coefs: dict[int, list] = {}
        for leaf, c in self.terms + o.terms:
            key = _key(leaf)
            if key in coefs:
                coefs[key][1] += c
            else:
                coefs[key] = [leaf, c]
        return Lin(self.const + o.const, tuple((leaf, c) for leaf, c in coefs.values() if c))

    def scale(self, k: int) -> Lin:
        return Lin(self.const * k, tuple((leaf, c * k) for leaf, c in self.terms if c * k))

    def __sub__(self, o: Lin) -> Lin:
        return self + o.scale(-1)

    @property
    def step(self) -> int:
        """The coefficient of the iteration number."""
        return sum(c for leaf, c in self.terms if leaf is ITER)

    @property
    def symbols(self) -> tuple[tuple[Any, int], ...]:
        """The run-time terms (every leaf but the iteration number)."""
        return tuple((leaf, c) for leaf, c in self.terms if leaf is not ITER)


def _key(leaf: Any) -> Any:
    return leaf if isinstance(leaf, str) else id(leaf)


def symbols_key(terms: tuple[tuple[Any, int], ...]) -> tuple:
    return tuple(sorted((_key(leaf), c) for leaf, c in terms))


def _is_int(t: Type) -> bool:
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.width >= 32)


# -- surfaces --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Surface:
    """What an access is checked against: sizes known at compile time, and where the base
    lies relative to an 8-byte aligned buffer (``misalign``; None: only ``base`` at run time)."""

    width: int  # bytes
    height: int  # rows
    pitch: int  # bytes
    eb: int
    boundary_check: bool
    misalign: int | None
    base: ir.Value | None = None


def _lowered_surface(d: NdDesc) -> Surface | None:
    sizes = [const_value(v) for v in (d.width_m1, d.height_m1, d.pitch_m1)]
    if any(s is None for s in sizes) or d.x is None:
        return None
    w, h, p = (s + 1 for s in sizes)  # type: ignore[operator]
    return Surface(w, h, p, d.elem_bytes, d.info.boundary_check, d.base_misalign, d.base)


def _created_surface(op: CreateNdDesc) -> Surface | None:
    """The surface of a descriptor made inside the loop: static sizes only."""
    t = op.result.type
    assert isinstance(t, TensorDescType)
    info = tdesc_info(t, op.loc)
    src = op.source.type
    if isinstance(src, MemRefType):
        shape, strides, offset = op.memref_geometry(src)
    elif op.shape is not None and op.strides is not None:
        shape, strides, offset = list(op.shape), list(op.strides), 0
    else:
        return None
    offs = list(op.offsets) if op.offsets else [0] * len(shape)
    known = [constant_int(v) for v in [shape[-1], shape[-2], strides[-2], *offs[:-2], *strides[:-2]]]
    if any(k is None for k in known):
        return None
    eb = elem_bytes(info.element, op.loc)
    w, h, p = known[0], known[1], known[2]
    outer = sum(o * s for o, s in zip(known[3:3 + len(offs) - 2], known[3 + len(offs) - 2:], strict=True))
    return Surface(w * eb, h, p * eb, eb, info.boundary_check, (offset + outer) * eb % BUFFER_ALIGN)  # type: ignore[operator]


# -- constraints -------------------------------------------------------------------------------
@dataclass
class Need:
    """What one access needs, beyond what is known at compile time: ranges ``lo <= s <= hi``
    and alignments ``s % align == 0`` of run-time i32 expressions ``s``. ``ok`` is False when
    some need can never be shown (it fails at compile time, or is not affine)."""

    ok: bool = True
    ranges: list[tuple[tuple, int, int]] = field(default_factory=list)  # (symbols, lo, hi)
    aligns: list[tuple[tuple, int, int]] = field(default_factory=list)  # (symbols, const, align)

    @property
    def static(self) -> bool:
        return self.ok and not self.ranges and not self.aligns

    def fail(self) -> None:
        self.ok = False

    def inside(self, pos: Lin, extent: int, size: int, trips: int | None) -> None:
        """``0 <= pos`` and ``pos + extent <= size`` at every iteration (``trips`` None: known
        at run time only; then both ends are checked, the last as ``pos`` at :data:`LAST`, and
        between them the position moves monotonically without wrapping)."""
        if trips is None and pos.step:
            if abs(pos.step) > _MAX_STEP:
                self.fail()
                return
            self._between(pos.symbols, pos.const, pos.const, extent, size)
            last = Lin(0, pos.symbols) + Lin(0, ((LAST, pos.step),))
            self._between(last.symbols, pos.const, pos.const, extent, size)
            return
        trips = 1 if trips is None else trips
        if pos.step and trips < 1:
            self.fail()
            return
        span = pos.step * (trips - 1)
        self._between(pos.symbols, pos.const + min(0, span), pos.const + max(0, span), extent, size)

    def _between(self, syms: tuple, lo_c: int, hi_c: int, extent: int, size: int) -> None:
        """``0 <= s + c`` and ``s + c + extent <= size`` for ``c`` in [lo_c, hi_c] and the
        run-time sum ``s`` of ``syms``."""
        lo, hi = -lo_c, size - extent - hi_c  # the run-time part must lie in [lo, hi]
        if not syms:
            self.ok &= lo <= 0 <= hi
        elif lo > hi or not (_I32_MIN <= lo and hi <= _I32_MAX):
            self.fail()
        else:
            self.ranges.append((syms, lo, hi))

    def aligned(self, byte_pos: Lin, align: int) -> None:
        """``byte_pos % align == 0`` at every iteration (``align`` a power of two)."""
        if byte_pos.step % align:
            self.fail()
            return
        syms = tuple((leaf, c % align) for leaf, c in byte_pos.symbols if c % align)
        if not syms:
            self.ok &= byte_pos.const % align == 0
        else:
            self.aligns.append((syms, byte_pos.const % align, align))


@dataclass
class Access:
    op: Op
    guard: Need  # columns inside and rows aligned: the row messages' guard
    rows: Need  # every row inside (no row predicates)


# -- the scan of one loop ---------------------------------------------------------------------
class LoopScan:
    """Positions of the loop's accesses as :class:`Lin` forms of the iteration number."""

    def __init__(self, ctx: FuncContext, loop: For, defs: dict[Value, Op]):
        self.ctx, self.loop, self.defs = ctx, loop, defs
        self.inside: dict[Value, Op] = {}
        self._rings: dict[Value, Lin | None] = {}  # values fixed before the loop (_ring)
        self._collect(loop.body)
        lb, ub, st = (const_value(ctx.get(v)) for v in (loop.lower, loop.upper, loop.step))
        self.lb, self.step, self.ub = lb, st, ctx.get(loop.upper)
        self.trips: int | None = 0  # 0: nothing to plan; None: known at run time only
        if lb is not None and st is not None and st > 0:
            self.trips = None if ub is None else max(0, -(-(ub - lb) // st))

    def _collect(self, ops: list[Op]) -> None:
        for op in ops:
            for r in op.results:
                self.inside[r] = op
            for body in op.bodies():
                self._collect(body)

    def lin(self, v: Operand, depth: int = 0) -> Lin | None:
        c = constant_int(v)
        if c is not None:
            return Lin(c)
        assert isinstance(v, Value)
        if depth > 64 or not _is_int(v.type) or v in self.loop.iter_args:
            return None
        if v is self.loop.iv:
            if self.lb is None or self.step is None:
                return None
            return Lin(self.lb, ((ITER, self.step),))
        op = self.inside.get(v)
        if op is None:
            return self._outside(v, depth)
        if isinstance(op, Binary):
            return self._binary(op, depth)
        if isinstance(op, Cast) and op.opname in _RING_CASTS and _is_int(op.source.type):
            return self.lin(op.source, depth + 1)
        return None

    def _outside(self, v: Value, depth: int) -> Lin | None:
        """A value fixed before the loop: a constant (also one its ring ops make whatever their
        run-time values, :meth:`_constant`), a known offset from another such value (``%n + 32``
        shares ``%n``'s checks), or a leaf."""
        lowered = self.ctx.values.get(v)
        if not isinstance(lowered, ir.Value) or not isinstance(lowered.type, ir.IntType):
            return None
        c = const_value(lowered)
        if c is None:
            c = self._constant(v, depth)
        if c is not None:
            return Lin(c)
        op = self.defs.get(v)
        if isinstance(op, Binary) and op.opname in ("addi", "subi"):
            k = constant_int(op.rhs)
            if k is not None:
                base = self.lin(op.lhs, depth + 1)
                if base is not None:
                    return base + Lin(k if op.opname == "addi" else -k)
            k = constant_int(op.lhs)
            if k is not None and op.opname == "addi":
                base = self.lin(op.rhs, depth + 1)
                if base is not None:
                    return base + Lin(k)
        return Lin(0, ((lowered, 1),)) if lowered.type.width >= 32 else None

    def _constant(self, v: Value, depth: int) -> int | None:
        """A value fixed before the loop that its ring ops make a constant whatever their
        run-time leaves: ``(sg % 4) * 32 % 32``, the column of a tile a workgroup's subgroups
        all share (:meth:`_ring`)."""
        f = self._ring(v, depth)
        return f.const if f is not None and not f.terms else None

    def _ring(self, v: Operand, depth: int) -> Lin | None:
        """``v`` (fixed before the loop) as a :class:`Lin` of the values its ring ops start
        from (integers of 32 bits or more all the way, so the ring is modulo 2^32 as for the
        positions); None where that is no ring form. Memoized: values may share operands."""
        c = constant_int(v)
        if c is not None:
            return Lin(c)
        assert isinstance(v, Value)
        if v in self._rings:
            return self._rings[v]
        op = self.defs.get(v)
        out: Lin | None = None
        if not _is_int(v.type):
            pass
        elif depth <= 64 and isinstance(op, Binary) and op.opname in _RING_OPS:
            a, b = self._ring(op.lhs, depth + 1), self._ring(op.rhs, depth + 1)
            if a is not None and b is not None:
                out = _combine(op.opname, a, b)
        elif depth <= 64 and isinstance(op, Cast) and op.opname in _RING_CASTS:
            out = self._ring(op.source, depth + 1)
        if out is None and _is_int(v.type):
            out = Lin(0, ((v, 1),))
        self._rings[v] = out
        return out

    def _binary(self, op: Binary, depth: int) -> Lin | None:
        a, b = self.lin(op.lhs, depth + 1), self.lin(op.rhs, depth + 1)
        if a is None or b is None:
            return None
        return _combine(op.opname, a, b)

    def position(self, tdesc: Value, offsets: list[Operand] | None) -> tuple[Lin, Lin, Surface] | None:
        """(row, column, surface) of an access: its own offsets, else the descriptor's."""
        found = self.desc(tdesc)
        if found is None:
            return None
        y, x, surf = found
        if offsets:
            y, x = self.lin(offsets[0]), self.lin(offsets[1])
            if y is None or x is None:
                return None
        return y, x, surf

    def desc(self, v: Value, depth: int = 0) -> tuple[Lin, Lin, Surface] | None:
        if depth > 64:
            return None
        op = self.inside.get(v) or self.defs.get(v)
        inner = v in self.inside
        if isinstance(op, UpdateNdOffset):
            base = self.desc(op.tdesc, depth + 1)
            dy, dx = self.lin(op.offsets[0]), self.lin(op.offsets[1])
            if base is None or dy is None or dx is None:
                return None
            return base[0] + dy, base[1] + dx, base[2]
        if isinstance(op, CreateNdDesc):
            surf = self._surface(v) if not inner else _created_surface(op)
            offs = list(op.offsets)
            pos = (self.lin(offs[-2]), self.lin(offs[-1])) if offs else (Lin(0), Lin(0))
            if surf is None or pos[0] is None or pos[1] is None:
                return None
            return pos[0], pos[1], surf
        if v in self.loop.iter_args:
            return self._carried(v, depth)
        if inner:
            return None
        d = self.ctx.values.get(v)  # fixed before the loop, made elsewhere: its lowered position
        surf = self._surface(v)
        if surf is None or not isinstance(d, NdDesc) or d.x is None or d.y is None:
            return None
        return self._leaf(d.y), self._leaf(d.x), surf

    def _leaf(self, v: ir.Value) -> Lin:
        c = const_value(v)
        return Lin(c) if c is not None else Lin(0, ((v, 1),))

    def _surface(self, v: Value) -> Surface | None:
        d = self.ctx.values.get(v)
        return _lowered_surface(d) if isinstance(d, NdDesc) else None

    def _carried(self, arg: Value, depth: int) -> tuple[Lin, Lin, Surface] | None:
        """A descriptor the loop carries: its initial position plus the iteration number times
        the constant moves of the ``update_nd_offset`` chain it is passed back through."""
        j = self.loop.iter_args.index(arg)
        last = self.loop.body[-1] if self.loop.body else None
        if not isinstance(last, Yield):
            return None
        v, dy, dx = last.values[j], Lin(0), Lin(0)
        while v is not arg:
            upd = self.inside.get(v)
            if not isinstance(upd, UpdateNdOffset):
                return None
            oy, ox = self.lin(upd.offsets[0]), self.lin(upd.offsets[1])
            if oy is None or ox is None or oy.terms or ox.terms:
                return None
            dy, dx, v = dy + oy, dx + ox, upd.tdesc
        init = self.desc(self.loop.inits[j], depth + 1)
        if init is None:
            return None
        it = Lin(0, ((ITER, 1),))
        return init[0] + it.scale(dy.const), init[1] + it.scale(dx.const), init[2]

    def access(self, op: Op, first: int | None = None) -> Access | None:
        """The needs of one 2-D access over the loop's ``first`` iterations (all of them by
        default); None: not a 2-D block access."""
        trips = self.trips if first is None else first
        t = op.descriptor()
        if not isinstance(t, Value) or not isinstance(t.type, TensorDescType):
            return None
        info = tdesc_info(t.type, op.loc)
        if len(info.shape) != 2 or info.scattered or info.memory_space != "global":
            return None
        guard, rows = Need(), Need()
        found = self.position(t, getattr(op, "offsets", None))
        if found is None:
            return Access(op, Need(ok=False), Need(ok=False))
        y, x, s = found
        H, W = info.shape
        if s.boundary_check:
            guard.inside(x, W * info.array_length, s.width // s.eb, trips)
            rows.inside(y, H, s.height, trips)
        align = _alignment(op, s.eb)
        if align > 1:
            guard.ok &= s.pitch % align == 0
            base = Lin(s.misalign) if s.misalign is not None else (
                Lin(0, ((s.base, 1),)) if s.base is not None else None)
            if base is None:
                guard.fail()
            else:
                guard.aligned(base + x.scale(s.eb), align)
        return Access(op, guard, rows)


def _combine(opname: str, a: Lin, b: Lin) -> Lin | None:
    """``a opname b`` as a :class:`Lin`, where that is one (ring ops modulo 2^32)."""
    if opname == "addi":
        return a + b
    if opname == "subi":
        return a - b
    if opname == "muli":
        if not b.terms:
            return a.scale(b.const)
        return b.scale(a.const) if not a.terms else None
    if opname == "shli" and not b.terms and 0 <= b.const < 32:
        return a.scale(1 << b.const)
    if opname == "remui" and not b.terms and 0 < b.const <= 2**32 and b.const & (b.const - 1) == 0:
        # modulo a power of two: a constant when every run-time term is a multiple of it
        if all(c % b.const == 0 for _, c in a.terms):
            return Lin(a.const % b.const)
    return None


def _alignment(op: Op, eb: int) -> int:
    """Bytes every row start must be aligned to for the row path (1: no guard at all)."""
    if isinstance(op, PrefetchNd):
        return 1
    if isinstance(op, LoadNd) and op.transpose is not None:
        unit = op.transpose_bit_width // 8 if op.transpose_bit_width else eb
        return max(unit, DWORD)
    return DWORD
