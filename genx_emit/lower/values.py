"""How lowered values cross control-flow edges: one protocol for every value kind.

A lowered value is an LLVM value (a scalar or a vector) or a dataclass of them (a 2-D, 1-D or
scattered tensor descriptor, a named barrier, ...). Its *parts* are the LLVM values in its
constructor fields, found by walking the dataclass (nested dataclasses, tuples and lists too),
each named by its field path (``.base``, ``.x``); every other field is a compile-time fact
(layout, alignment) that must agree on every edge where two values meet. A new kind declares
nothing more than its dataclass, and optionally ``MOVED_BY_OFFSETS``: the parts an offset update
(``update_nd_offset``, ``update_offset``) moves, one per offset dimension; its other parts are
invariant under such an update, so a loop that only moves the descriptor carries just those
parts in phis (the surface stays out of the loop: fewer live registers, no copies).

Every construct uses the same few functions: :func:`parts` (flatten to LLVM values),
:func:`make_phis` (the phis a join block gets, rebuilt into a value of the same kind),
:meth:`Phis.add_incoming` (what one edge passes), :func:`merge` (edges known at once: a phi only
where they differ), :func:`select` (two values on one edge) and :func:`carried_parts` (which
parts a loop may change). Values cross a function boundary only as kernel arguments (scalars
and memrefs): kernels make no calls.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.lower.context import const_value, llvm_name
from genx_emit.mlir.ir import Value
from genx_emit.ops.model import Op
from genx_emit.ops.nd import UpdateNdOffset
from genx_emit.ops.scatter import UpdateOffset

# Ops whose result is their ``tdesc`` operand moved by ``offsets``.
_OFFSET_UPDATES = (UpdateNdOffset, UpdateOffset)


def _fields(v: Any) -> list[dataclasses.Field]:
    """A lowered dataclass's constructor fields (the others are derived from them)."""
    return [f for f in dataclasses.fields(v) if f.init]


def _is_record(v: Any) -> bool:
    return dataclasses.is_dataclass(v) and not isinstance(v, type)


def parts(v: Any, path: str = "") -> list[tuple[str, ir.Value]]:
    """The LLVM values inside a lowered value, each with its field path (``.base``), in field order."""
    if isinstance(v, ir.Value):
        return [(path, v)]
    if _is_record(v):
        out: list[tuple[str, ir.Value]] = []
        for f in _fields(v):
            out += parts(getattr(v, f.name), f"{path}.{f.name}")
        return out
    if isinstance(v, (tuple, list)):
        return [leaf for i, x in enumerate(v) for leaf in parts(x, f"{path}.{i}")]
    return []


def _shape(v: Any) -> Any:
    """A lowered value with every LLVM value replaced by its type: two values that may meet in
    one phi have the same shape."""
    if isinstance(v, ir.Value):
        return ("llvm", str(v.type))
    if _is_record(v):
        return (type(v), tuple((f.name, _shape(getattr(v, f.name))) for f in _fields(v)))
    if isinstance(v, (tuple, list)):
        return (type(v), tuple(_shape(x) for x in v))
    return v


def rebuild(template: Any, new: dict[str, ir.Value], path: str = "") -> Any:
    """``template`` with the parts named in ``new`` (path -> LLVM value) replaced."""
    if isinstance(template, ir.Value):
        return new.get(path, template)
    if _is_record(template):
        kw = {f.name: rebuild(getattr(template, f.name), new, f"{path}.{f.name}") for f in _fields(template)}
        return dataclasses.replace(template, **kw)
    if isinstance(template, (tuple, list)):
        return type(template)(rebuild(x, new, f"{path}.{i}") for i, x in enumerate(template))
    return template


def same(a: ir.Value, b: ir.Value) -> bool:
    """One LLVM value, or two equal constants: no phi or select needed."""
    if a is b:
        return True
    return (isinstance(a, ir.Constant) and isinstance(b, ir.Constant) and a.type == b.type
            and str(a) == str(b))


def check_same_kind(what: str, value: Value, first: Any, other: Any, loc: Location) -> None:
    """Two lowered values meeting at ``value`` must have the same parts and facts."""
    if _shape(first) != _shape(other):
        raise error(loc, f"{what}: the values reaching '{value.name}' ({value.type}) along different edges "
                         "differ in a property genx-emit keeps at compile time (layout or alignment); "
                         "genx-emit cannot merge them")


# -- joins -----------------------------------------------------------------------------------
@dataclass
class Phis:
    """The phis of one value at a join block: one per carried part; the other parts keep the
    template's values (they are the same on every edge)."""

    value: Value
    template: Any
    phis: dict[str, ir.PhiInstr]

    @property
    def lowered(self) -> Any:
        """The value at the join: the template with its carried parts replaced by the phis."""
        return rebuild(self.template, self.phis)

    def add_incoming(self, v: Any, block: ir.Block, what: str, loc: Location) -> None:
        """The edge from ``block`` passes ``v``."""
        check_same_kind(what, self.value, self.template, v, loc)
        kept = dict(parts(self.template))
        for path, leaf in parts(v):
            if path in self.phis:
                self.phis[path].add_incoming(leaf, block)
            elif not same(leaf, kept[path]):
                raise error(loc, f"{what}: internal error: part '{path}' of '{self.value.name}' changes "
                                 "around the loop but has no phi")


def make_phis(b: ir.IRBuilder, value: Value, template: Any, carried: set[str] | None = None) -> Phis:
    """Phis at the builder's position for ``value``, shaped like ``template``: one per part in
    ``carried`` (None: every part)."""
    name = llvm_name(value)
    phis = {path: b.phi(leaf.type, name=name + path) for path, leaf in parts(template)
            if carried is None or path in carried}
    return Phis(value, template, phis)


def merge(b: ir.IRBuilder, value: Value, incoming: list[tuple[ir.Block, Any]], what: str,
          loc: Location) -> Any:
    """The lowered ``value`` where the edges ``incoming`` (block, lowered value), all known, meet
    at the builder's position (the start of the join block): a phi per part that differs."""
    first = incoming[0][1]
    for _, v in incoming[1:]:
        check_same_kind(what, value, first, v, loc)
    per_edge = [parts(v) for _, v in incoming]
    differ = {path for j, (path, leaf) in enumerate(per_edge[0])
              if not all(same(leaf, leaves[j][1]) for leaves in per_edge[1:])}
    phis = make_phis(b, value, first, differ)
    for block, v in incoming:
        phis.add_incoming(v, block, what, loc)
    return phis.lowered


def select(b: ir.IRBuilder, cond: ir.Value, value: Value, x: Any, y: Any, what: str, loc: Location) -> Any:
    """``cond ? x : y`` for two lowered values of one kind: a select per part that differs."""
    check_same_kind(what, value, x, y, loc)
    name = llvm_name(value)
    ys = dict(parts(y))
    return rebuild(x, {path: b.select(cond, xl, ys[path], name=name + path + ".sel")
                       for path, xl in parts(x) if not same(xl, ys[path])})


# -- loops -----------------------------------------------------------------------------------
def carried_parts(init: Any, arg: Value, yielded: Value | None, body: list[Op],
                  is_zero: Callable[[Value | int], bool],
                  forwards: dict[Value, Value] | None = None) -> set[str] | None:
    """Which parts of a loop-carried value may change around the loop (None: every part).

    When the value the loop passes back is ``arg`` itself moved by offset updates in ``body``
    (the usual K loop: ``update_nd_offset`` on the iter_arg), only the parts the kind declares
    as ``MOVED_BY_OFFSETS`` for the non-zero deltas change; the rest is loop-invariant and gets
    no phi. ``forwards`` maps region arguments inside the loop to the value each receives (the
    after region of scf.while gets what scf.condition passes).
    """
    moved_by = getattr(init, "MOVED_BY_OFFSETS", None)
    if moved_by is None:
        return None
    forwards = dict(forwards or {})  # popped below: a copy per value
    defs = {r: o for o in body for r in o.results}
    v, moved = yielded, set()
    while v is not None:
        upd = defs.get(v)
        if isinstance(upd, _OFFSET_UPDATES):
            moved |= _moved(moved_by, upd.offsets, is_zero)
            v = upd.tdesc
        elif v in forwards:
            v = forwards.pop(v)  # popped: a cycle of region arguments ends the walk
        else:
            break
    if v is not arg:
        return None
    return {"." + name for name in moved}


def _moved(moved_by: tuple[str | tuple[str, ...], ...], offsets: Value | list,
           is_zero: Callable[[Value | int], bool]) -> set[str]:
    """The parts one offset update moves: per dimension when it has one delta per declared
    part (or tuple of parts), else all of them unless every delta is zero."""
    def names(n: str | tuple[str, ...]) -> tuple[str, ...]:
        return n if isinstance(n, tuple) else (n,)

    if isinstance(offsets, list) and len(offsets) == len(moved_by):
        return {x for n, d in zip(moved_by, offsets, strict=True) if not is_zero(d) for x in names(n)}
    if isinstance(offsets, list) and all(is_zero(d) for d in offsets):
        return set()
    return {x for n in moved_by for x in names(n)}


def literal_zero(values: dict[Value, Any]) -> Callable[[Value | int], bool]:
    """A test for deltas known to be 0 before the loop body is lowered: a literal, or a value
    already lowered to the constant 0."""
    def is_zero(delta: Value | int) -> bool:
        if isinstance(delta, int):
            return delta == 0
        return delta in values and const_value(values[delta]) == 0
    return is_zero
