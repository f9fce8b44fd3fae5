"""The op model's common parts: the base class, mixed static/dynamic operands, kernels.

A lowering reads these dataclasses only, never the generic IR. ``Value`` objects are shared
with the generic IR: they are SSA identities with a type and a location.
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import reprlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import attrgetter
from typing import ClassVar, TypeVar
from weakref import WeakKeyDictionary

from genx_emit.diagnostics import Location
from genx_emit.mlir.attrs import Attribute
from genx_emit.mlir.ir import Operation, Value

# An index that is either a compile-time constant or an SSA value of index/integer type.
Operand = Value | int

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


# The cache-hint attributes of block and scattered accesses (upstream's and the RFC's spellings).
CACHE_HINT_ATTRIBUTES = ("l1_hint", "l2_hint", "l3_hint", "L1_hint", "L2_hint", "L3_hint")


@dataclass(frozen=True)
class CacheHints:
    """Cache-hint words as written (``cached``, ``uncached``, ``streaming``, ``read_invalidate``,
    ``write_back``, ``write_through``); None = default. Block and scattered accesses carry them."""

    l1: str | None = None
    l2: str | None = None
    l3: str | None = None


@dataclass(eq=False, kw_only=True)
class Op:
    """Base of every modelled op. ``results`` lists the op's result values in order.

    ``NAMES`` are the MLIR op names the class models (set by :func:`models`): its identity.
    The builder registry
    (``ops/build.py``), the SIMT rules (``ops/simt.py``) and the syntax check of the tests are
    keyed by them; the lowering registry (``lower/registry.py``) by the class itself.

    The traits, facts about every op the class models, are set by :func:`models` too.
    """

    NAMES: ClassVar[tuple[str, ...]] = ()
    # No effect but its results (no memory access, no synchronisation): an unused one may be
    # dropped, and one may be computed again elsewhere from the same operands. Integer divisions
    # are pure but undefined for a zero divisor: computing one where it did not run before needs
    # that divisor known nonzero (``arith.UNDEFINED_ON_ZERO``).
    PURE: ClassVar[bool] = False
    # Element i of the result is computed from element i of each vector operand alone.
    ELEMENTWISE: ClassVar[bool] = False
    # Ends a block: "region" for an scf region's (scf.yield, scf.condition), "block" for a
    # function block's (a return or a branch).
    TERMINATOR: ClassVar[str | None] = None
    # The field holding the descriptor the op works through (tensor or memory descriptor).
    DESCRIPTOR: ClassVar[str | None] = None
    # The attribute names the op takes; another name close to one of them is a misspelling
    # (op_attributes.py). None: not checked.
    ATTRIBUTES: ClassVar[tuple[str, ...] | None] = None
    loc: Location
    results: list[Value] = field(default_factory=list)
    # The op's ``genx.*`` attributes (MLIR's discardable attributes): the decisions made before
    # lowering (``lower/analysis/decide.py``, docs/emitted-ir.md), as read from the input or
    # recorded by the decision step. A lowering reads them and writes none.
    attrs: Mapping[str, Attribute] = field(default_factory=dict)
    # The generic op this was built from (None for ops made by a rewrite of the op model): where
    # a pass writes its decisions back so that they print.
    origin: Operation | None = field(default=None, repr=False)

    @property
    def result(self) -> Value:
        return self.results[0]

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        # What dataclass's generated __repr__ prints, written once here: the op classes are made
        # with repr=False (:func:`models`), which spares compiling one __repr__ per class at import.
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr)
        return f"{type(self).__qualname__}({shown})"

    def decision(self, key: str) -> Attribute | None:
        """The decision attribute ``key`` (``genx.send``, ...), None when not made."""
        return self.attrs.get(key)

    def verify(self) -> None:
        """Raise DiagnosticError (at ``self.loc``) naming the rule broken. Default: nothing."""

    def bodies(self) -> list[list[Op]]:
        """The op lists nested in this op's regions (``scf.for`` body, ``scf.if`` branches)."""
        return []

    def descriptor(self) -> Value | None:
        """The descriptor operand (``DESCRIPTOR``), when the op has one and it is given."""
        return getattr(self, self.DESCRIPTOR) if self.DESCRIPTOR else None

    def named_operands(self) -> Iterator[tuple[str, Value]]:
        """Every SSA value the op holds but its results, with the name of the field holding it,
        in field order: its operands, and the block arguments of its regions (``scf.for``'s
        ``iv`` and ``iter_args``), which are fields of the op too."""
        for name in _value_fields(type(self)):
            v = getattr(self, name)
            if isinstance(v, Value):
                yield name, v
            elif isinstance(v, (list, tuple)):
                for x in v:
                    if isinstance(x, Value):
                        yield name, x

    def operands(self) -> list[Value]:
        """The values of :meth:`named_operands`, as a list (the same walk, without a generator:
        most callers want them all)."""
        out: list[Value] = []
        for v in _field_values(self):
            if isinstance(v, Value):
                out.append(v)
            elif isinstance(v, (list, tuple)):
                out += [x for x in v if isinstance(x, Value)]
        return out

    def replaced(self, vmap: Mapping[Value, Value]) -> Op:
        """A shallow copy of the op with each value :meth:`named_operands` lists mapped through
        ``vmap`` (values not in it kept); the results are the same objects."""
        new = copy.copy(self)
        for name in _value_fields(type(self)):
            v = getattr(self, name)
            if isinstance(v, Value):
                setattr(new, name, vmap.get(v, v))
            elif isinstance(v, (list, tuple)):
                setattr(new, name, type(v)(vmap.get(x, x) if isinstance(x, Value) else x for x in v))
        return new


_VALUE_FIELDS: dict[type, tuple[str, ...]] = {}


def _value_fields(cls: type[Op]) -> tuple[str, ...]:
    """The fields of an op class that may hold SSA values (not ``loc``, ``results``, ``attrs``
    or ``origin``)."""
    names = _VALUE_FIELDS.get(cls)
    if names is None:
        names = _VALUE_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls)
                                           if f.name not in ("loc", "results", "attrs", "origin"))
    return names


_FIELD_GETTERS: dict[type, Callable[[Op], tuple]] = {}


def _field_values(op: Op) -> tuple:
    """The values of the :func:`_value_fields` of ``op``, in order (one C-level getter a class)."""
    get = _FIELD_GETTERS.get(type(op))
    if get is None:
        names = _value_fields(type(op))
        if len(names) > 1:
            get = attrgetter(*names)
        elif names:
            one = attrgetter(names[0])
            get = lambda o: (one(o),)  # noqa: E731
        else:
            get = lambda o: ()  # noqa: E731
        _FIELD_GETTERS[type(op)] = get
    return get(op)


_NO_BODIES = Op.bodies


def walk_ops(ops: list[Op]) -> Iterator[Op]:
    """``ops`` and every op nested in their bodies, in order."""
    for op in ops:
        yield op
        if type(op).bodies is not _NO_BODIES:  # (most ops have none: no call to ask)
            for body in op.bodies():
                yield from walk_ops(body)


OpClass = TypeVar("OpClass", bound=type[Op])


def models(*names: str, pure: bool = False, elementwise: bool = False, terminator: str | None = None,
           descriptor: str | None = None, attributes: tuple[str, ...] | None = None,
           ) -> Callable[[OpClass], OpClass]:
    """Class decorator of an op-model class: a keyword-only dataclass whose ``NAMES`` (its
    identity) are ``names``, the MLIR ops it models, with its traits (see :class:`Op`):
    ``@models("xegpu.dpas", pure=True) class Dpas(Op)``."""
    assert terminator in (None, "region", "block")

    def deco(cls: OpClass) -> OpClass:
        cls.NAMES = names
        cls.PURE, cls.ELEMENTWISE, cls.TERMINATOR = pure, elementwise, terminator
        cls.DESCRIPTOR, cls.ATTRIBUTES = descriptor, attributes
        made = dataclass(eq=False, kw_only=True, repr=False)(cls)
        if "__repr__" not in cls.__dict__:  # not a parent's generated one: Op's prints all fields
            made.__repr__ = Op.__repr__
        assert descriptor is None or descriptor in _value_fields(made), (cls.__name__, descriptor)
        return made

    return deco


@dataclass(eq=False, kw_only=True)
class BasicBlock:
    """A block of a function with more than one block (``^bb1(%a: i32):``): the target of
    ``cf.br`` / ``cf.cond_br``. ``label`` is written as in the source, ``^bb1``."""

    label: str
    args: list[Value]
    ops: list[Op]
    loc: Location


@dataclass(eq=False, kw_only=True)
class Func:
    """A ``gpu.func`` (or ``func.func`` inside a ``gpu.module``).

    ``body`` is the entry block's ops; ``blocks`` the function's other blocks in source order
    (empty for the usual single-block kernel). Each of those, and the entry block when there
    are any, ends with ``cf.br``, ``cf.cond_br`` or ``gpu.return``.
    """

    name: str
    args: list[Value]
    body: list[Op]
    is_kernel: bool
    loc: Location
    attributes: dict[str, Attribute] = field(default_factory=dict)
    # gpu.func ``workgroup(...)`` attributions: memrefs the kernel places in SLM.
    workgroup: list[Value] = field(default_factory=list)
    blocks: list[BasicBlock] = field(default_factory=list)

    def all_blocks(self) -> list[list[Op]]:
        """The op lists of every block, the entry block first."""
        return [self.body] + [b.ops for b in self.blocks]


@dataclass(eq=False, kw_only=True)
class KernelModule:
    """Everything genx-emit lowers from one input file: the device functions, in file order.

    ``sources`` maps file names to their text so diagnostics can show the line.
    """

    funcs: list[Func]
    sources: dict[str, str] = field(default_factory=dict)


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection inside: the parser and the lowering allocate hundreds of
    thousands of long-lived objects, and the collector's passes over them cost a quarter of the
    time on big kernels. Their garbage is collected after, as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
