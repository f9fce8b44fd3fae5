"""Which values only feed raw operands: the slices that may pass whole.

A slice of a load result (``extract_strided_slice`` of A rows, ``vector.extract`` of an
``array_length`` block) is split by the legalizer into GRF-sized pieces written into a fresh
vector, and IGC makes each piece a whole-GRF ``mov``. When every use of the slice is a raw
operand (a ``dpas`` operand, a ``store_nd`` payload, a value carried to a phi by ``scf.yield``,
``scf.condition``, a loop init or a branch), one ``rdregion`` of a contiguous GRF-aligned slice
lets IGC bind the operand to the load's registers in place: no copy. An ALU use needs legal
regions, so a value with any other use is legalized as before. ``vector.shape_cast`` and
``vector.bitcast`` move nothing: their uses count as uses of their source. A ``dpas`` wider
than the target's DPAS (N = 16 on dg2's SIMD8 DPAS) reads its B and accumulator in column
blocks, not whole: those operands are ALU-like uses there; its A is always bound in whole row
blocks.

On a target whose DPAS is narrower than a dpas's N (dg2), the accumulator chain is kept in
the DPAS's own layout, column block by column block (``lower/ops/dpas.py``): each native dpas then
reads and writes a contiguous piece in place instead of a strided column block. That holds for
the dpas results used only as another dpas's accumulator or carried around an ``scf.for`` to
such uses, and for those loops' iter_args; the loop converts its initial value on entry and its
result on exit.

The same use lists find the plain (not ``packed``) 2-D 8/16-bit loads that only ever are a
``dpas`` B operand: those can be loaded with the 2D message's VNNI transform, where the message
allows it (``lower/ops/nd.py``), instead of being packed in registers with stride-2 regions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import FloatType, IntegerType, TensorDescType, VectorType
from genx_emit.ops.control import Branch, CondBranch, Condition, For, While, Yield
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.model import Func, Op, walk_ops
from genx_emit.ops.nd import CreateNdDesc, LoadNd, PrefetchNd, StoreNd, UpdateNdOffset
from genx_emit.ops.scatter import LoadGather, StoreScatter
from genx_emit.ops.vector import (
    BitCast,
    Extract,
    ExtractStridedSlice,
    InsertStridedSlice,
    MultiReduction,
    ShapeCast,
    Shuffle,
    Transpose,
    shape_of,
)
from genx_emit.targets import DATA_MOV_MIN_LANES, Target

if TYPE_CHECKING:
    from genx_emit.lower.analysis.colmajor import ColMajor

# (op class, field) pairs whose values are bound to raw operands or phis.
RAW_OPERANDS: dict[type, tuple[str, ...]] = {
    Dpas: ("lhs", "rhs", "acc"),
    StoreNd: ("value",),
    Yield: ("values",),
    For: ("inits",),
    While: ("inits",),
    Condition: ("values",),
    Branch: ("args",),
    CondBranch: ("true_args", "false_args"),
}
TRANSPARENT = (ShapeCast, BitCast)
_EMPTY: Mapping = MappingProxyType({})


def _raw_use(op: Op, name: str, target: Target) -> bool:
    if name not in RAW_OPERANDS.get(type(op), ()):
        return False
    if isinstance(op, Dpas) and name != "lhs":
        t = op.result.type
        return isinstance(t, VectorType) and t.shape[-1] == target.dpas.exec_size
    return True


def _blocked_accumulators(f: Func, uses: dict[Value, list[tuple[Op, str]]], target: Target) -> set[Value]:
    """The dpas results and scf.for iter_args kept in the DPAS column-block layout (module doc)."""
    def wide(op: Dpas) -> bool:
        t = op.result.type
        return isinstance(t, VectorType) and t.shape[-1] > target.dpas.exec_size

    dpas = [op for block in f.all_blocks() for op in walk_ops(block) if isinstance(op, Dpas) and wide(op)]
    if not dpas:
        return set()  # (the common case: every dpas as wide as the target's)
    results = {op.result for op in dpas}
    acc_use = {(id(op), "acc") for op in dpas}
    groups: dict[Value, tuple[Value, For]] = {}  # iter_arg -> (its yielded value, the loop)
    for block in f.all_blocks():
        for op in walk_ops(block):
            if isinstance(op, For) and op.body and isinstance(op.body[-1], Yield):
                for arg, y in zip(op.iter_args, op.body[-1].values, strict=True):
                    if y in results:
                        groups[arg] = (y, op)

    def only_acc(v: Value, carried: set[Value]) -> bool:
        """Every use of ``v`` a wide dpas accumulator, or the yield of a carried iter_arg."""
        us = uses.get(v, [])
        return bool(us) and all((id(op), name) in acc_use or (isinstance(op, Yield) and any(
            groups[a][0] is v and groups[a][1].body[-1] is op for a in carried)) for op, name in us)

    def acc_only(a: Value) -> bool:  # the loop lists its iter_args: not a use
        return all((id(op), name) in acc_use or (op is groups[a][1] and name == "iter_args")
                   for op, name in uses.get(a, []))

    carried = {a for a in groups if acc_only(a)}
    while True:
        blocked = {r for r in results if only_acc(r, carried)}
        keep = {a for a in carried if groups[a][0] in blocked
                and sum(1 for op, _ in uses[groups[a][0]] if isinstance(op, Yield)) == 1}
        if keep == carried:
            return blocked | carried
        carried = keep


@dataclass(frozen=True)
class Consumers:
    """What the uses of a function's values allow (found before lowering; read-only: the
    lowerings read it, none writes it)."""

    pass_through: frozenset[Value] = frozenset()  # only raw operands and phis use them
    dpas_b_loads: frozenset[Value] = frozenset()  # plain 2-D loads only dpas B operands use
    used_once: frozenset[Value] = frozenset()  # tensor descriptors one op reads (block2d_send)
    # of those, the ones whose one reader is a 2-D access giving its own offsets (block2d_send)
    placed_by_access: frozenset[Value] = frozenset()
    # descriptors created last of their source in their block (block2d_send.header)
    last_creates: frozenset[Value] = frozenset()
    # dpas results and scf.for iter_args in the DPAS column-block layout (lower/ops/dpas.py)
    blocked_acc: frozenset[Value] = frozenset()
    # values only inserted into wider vectors: elements per contiguous run in the destination
    insert_runs: Mapping[Value, int] = field(default_factory=lambda: _EMPTY)
    transpose_loads: frozenset[Value] = frozenset()  # plain 2-D 16/32/64-bit loads only transposed
    # those of them whose column is even on every path, though not known at compile time
    even_transposes: frozenset[Value] = frozenset()
    # chunked gathers whose every use stores them with a scatter (lower/ops/scatter.py: a gather
    # and scatter of the same layout pass the chunk-major payload as it came)
    scatter_copies: frozenset[Value] = frozenset()
    # tiles kept column-major for their row reductions, with their layouts (lower/analysis/colmajor.py)
    colmajor: Mapping[Value, ColMajor] = field(default_factory=lambda: _EMPTY)
    # 16-bit loads only transposed into one store_nd, and those transposes: loaded VNNI, whose
    # payload the store scatters as it is (colmajor.store_vnni_blocks), with the store's layout
    vnni_scatter: Mapping[Value, ColMajor] = field(default_factory=lambda: _EMPTY)
    # plain 16-bit 2-D loads whose every use reaches only dpas B operands through views (extracts,
    # slices, reshapes, bitcasts, shuffles, transposes), by the number of transposes on the way
    # mod 2: loaded VNNI (0) or transposed as dword pairs (1), the value assembled row-major from
    # the messages, so the views' reads find the dpas layout in the messages (ops/nd.py)
    dpas_b_flows: Mapping[Value, int] = field(default_factory=lambda: _EMPTY)


def analyse(f: Func, target: Target) -> Consumers:
    uses: dict[Value, list[tuple[Op, str]]] = {}
    defs: dict[Value, Op] = {}
    loads: list[LoadNd] = []
    gathered: list[Value] = []
    row_reductions = False
    for block in f.all_blocks():
        for op in walk_ops(block):
            row_reductions |= isinstance(op, MultiReduction)
            if isinstance(op, LoadNd):
                loads.append(op)
            if isinstance(op, LoadGather):
                gathered.append(op.result)
            defs.update((r, op) for r in op.results)
            for name, v in op.named_operands():
                uses.setdefault(v, []).append((op, name))
    once = {v for v, u in uses.items() if len(u) == 1 and isinstance(v.type, TensorDescType)}
    copies = {g for g in gathered if g in uses
              and all(isinstance(op, StoreScatter) and name == "value" for op, name in uses[g])}
    placed = {v for v in once
              if isinstance(uses[v][0][0], (LoadNd, StoreNd, PrefetchNd)) and uses[v][0][0].offsets}
    flows = _dpas_b_flows(loads, uses)
    if any(flows.values()):
        carries = _carries(f)
        flows = {v: k for v, k in flows.items() if k == 0 or _even_column(defs[v], defs, carries)}
    transposed = _transpose_loads([ld for ld in loads if flows.get(ld.result) != 1], uses)
    even_t: set[Value] = set()
    if transposed:
        carries = _carries(f)
        even_t = {ld.result for ld in loads if ld.result in transposed and _even_column(ld, defs, carries)}
    return Consumers(frozenset(pass_through_values(uses, target)), frozenset(_dpas_b_loads(loads, uses)),
                     used_once=frozenset(once), placed_by_access=frozenset(placed),
                     last_creates=frozenset(_last_creates(f)),
                     blocked_acc=frozenset(_blocked_accumulators(f, uses, target)),
                     insert_runs=MappingProxyType(_insert_runs(uses)), transpose_loads=frozenset(transposed),
                     even_transposes=frozenset(even_t),
                     scatter_copies=frozenset(copies),
                     colmajor=MappingProxyType(_colmajor(f, target, defs) if row_reductions else {}),
                     vnni_scatter=MappingProxyType(_vnni_scatters(transposed, defs, uses, target)),
                     dpas_b_flows=MappingProxyType(flows))


def _colmajor(f: Func, target: Target, defs: dict[Value, Op]) -> dict[Value, ColMajor]:
    # imported only for kernels with a reduction (start-up); it lowers with FuncContext, which
    # holds a Consumers
    from genx_emit.lower.analysis import colmajor

    return colmajor.analyse(f, target, defs)


def _last_creates(f: Func) -> set[Value]:
    """Per block and nested body, the descriptor each source's last ``create_nd_tdesc`` makes."""
    out = set()
    for block in f.all_blocks():
        todo = [block]
        while todo:
            ops = todo.pop()
            last: dict[Value, Value] = {}
            for op in ops:
                if isinstance(op, CreateNdDesc):
                    last[op.source] = op.result
                todo += op.bodies()
            out |= set(last.values())
    return out


def _transpose_loads(loads: list[LoadNd], uses: dict[Value, list[tuple[Op, str]]]) -> set[Value]:
    """Plain 2-D loads of 16/32/64-bit elements whose every use is a ``vector.transpose [1, 0]``:
    the 2D message can load them transposed (``lower/ops/nd.py``), so no transpose moves registers
    (16-bit ones as transposed word pairs: only their de-interleave is left)."""
    out = set()
    for ld in loads:
        t = ld.result.type
        if ld.packed or ld.transpose is not None or not isinstance(t, VectorType) or len(t.shape) != 2 \
                or _bits(t.element) not in (16, 32, 64):
            continue
        users = uses.get(ld.result, [])
        if users and all(isinstance(op, Transpose) and list(op.permutation) == [1, 0] for op, _ in users):
            out.add(ld.result)
    return out


VIEWS = (Extract, ExtractStridedSlice, ShapeCast, BitCast, Shuffle, Transpose)


def _dpas_b_flows(loads: list[LoadNd], uses: dict[Value, list[tuple[Op, str]]]) -> dict[Value, int]:
    """The plain 16-bit 2-D loads (array_length too) whose every use reaches only ``dpas`` B
    operands through view ops (static ones), each path with the same number of transposes mod 2."""
    out: dict[Value, int] = {}
    for ld in loads:
        t = ld.result.type
        if ld.packed or ld.transpose is not None or not isinstance(t, VectorType) or _bits(t.element) != 16 \
                or not isinstance(t.element, FloatType):
            continue
        parity: set[int] = set()
        todo, ok = [(ld.result, 0)], True
        while todo and ok:
            v, flips = todo.pop()
            users = uses.get(v, [])
            ok = bool(users)
            for op, name in users:
                if isinstance(op, Dpas) and name == "rhs":
                    parity.add(flips)
                elif isinstance(op, VIEWS) and _static_view(op):
                    todo.append((op.result, flips ^ int(isinstance(op, Transpose))))
                else:
                    ok = False
        if ok and len(parity) == 1:
            out[ld.result] = parity.pop()
    return out


def _carries(f: Func) -> dict[Value, tuple[Value, Value | None]]:
    """Each scf.for iter_arg with its initial value and the value the body yields for it."""
    out: dict[Value, tuple[Value, Value | None]] = {}
    for block in f.all_blocks():
        for op in walk_ops(block):
            if isinstance(op, For):
                n = len(op.inits)
                ys = op.body[-1].values if op.body and isinstance(op.body[-1], Yield) else [None] * n
                out.update((a, (i, y)) for a, i, y in zip(op.iter_args, op.inits, ys, strict=True))
    return out


# integer ops whose result is even when: either operand is / both operands are (a remainder
# of an even value by an even modulus is even; wrapping keeps the parity)
_EVEN_IF_EITHER, _EVEN_IF_BOTH = frozenset({"muli"}), frozenset({"addi", "subi", "remui", "remsi"})


def even_offset(o: object, defs: dict[Value, Op]) -> bool:
    """An offset operand known even (:func:`_even`)."""
    return _even(o, defs)


def _even(o: object, defs: dict[Value, Op], depth: int = 16) -> bool:
    """An offset operand known even: a literal, an ``arith.constant``, or integer arithmetic
    that keeps evenness (a work-group kernel's subgroup offsets: ids times tile sizes, modulo
    the work-group tile, plus even steps)."""
    if isinstance(o, int):
        return o % 2 == 0
    d = defs.get(o)  # type: ignore[arg-type]
    kind = type(d).__name__
    if kind == "Constant":
        value = getattr(getattr(d, "value", None), "value", None)
        return isinstance(value, int) and value % 2 == 0
    opname = getattr(d, "opname", None)
    if kind != "Binary" or depth == 0 or opname not in _EVEN_IF_EITHER | _EVEN_IF_BOTH:
        return False
    sides = (_even(v, defs, depth - 1) for v in (d.lhs, d.rhs))  # type: ignore[union-attr]
    return any(sides) if opname in _EVEN_IF_EITHER else all(sides)


def _even_column(ld: LoadNd, defs: dict[Value, Op], carries: dict[Value, tuple[Value, Value | None]]) -> bool:
    """The load's column offset is even on every path (constant even offsets and deltas, around
    loops too): a 16-bit tile then starts on a dword, as a 32-bit transposed load of its word
    pairs needs."""
    if ld.offsets:
        return _even(ld.offsets[-1], defs)
    return _even_desc(ld.tdesc, defs, carries, frozenset())


def _even_desc(tdesc: Value, defs: dict[Value, Op], carries: dict[Value, tuple[Value, Value | None]],
               seen: frozenset[Value]) -> bool:
    def even(o: object) -> bool:
        return _even(o, defs)

    if tdesc in seen:
        return True  # around a loop: the other edges decide
    op = defs.get(tdesc)
    if isinstance(op, CreateNdDesc):
        return bool(op.offsets) and even(op.offsets[-1])
    if isinstance(op, UpdateNdOffset):
        return isinstance(op.offsets, list) and even(op.offsets[-1]) \
            and _even_desc(op.tdesc, defs, carries, seen)
    if tdesc in carries:
        init, back = carries[tdesc]
        return back is not None and all(_even_desc(v, defs, carries, seen | {tdesc}) for v in (init, back))
    return False


def _static_view(op: Op) -> bool:
    """A view op whose elements are known at compile time (an extract of a sub-vector at a
    constant position; the other view ops always are)."""
    if not isinstance(op, Extract):
        return True
    return isinstance(op.result.type, VectorType) and all(isinstance(p, int) for p in op.position)


def _vnni_scatters(transposed: set[Value], defs: dict[Value, Op], uses: dict[Value, list[tuple[Op, str]]],
                   target: Target) -> dict[Value, ColMajor]:
    """Of the transposed loads, the 16-bit ones (PVC) whose one transpose only feeds one
    ``store_nd`` with columns known inside its surface: a VNNI load in 16-column blocks is then
    each block's scatter payload (``colmajor.vnni_scatter_layout``), so neither a register
    transpose nor a de-interleave moves data (transpose_vector: 32 word movs and 3 messages
    fewer). The load and the transpose results map to the store's layout."""
    out: dict[Value, ColMajor] = {}
    lim = target.block2d
    for v in sorted(transposed, key=lambda v: v.name):
        ld, users = defs[v], uses[v]
        if lim is None or not isinstance(ld, LoadNd) or _bits(v.type.element) != 16 or len(users) != 1:
            continue
        from genx_emit.lower.analysis import colmajor
        from genx_emit.lower.messages import block2d  # only for such loads (start-up)

        if colmajor.plain_2d(ld) != 2:
            continue
        tr = users[0][0].result
        stores = uses.get(tr, [])
        if len(stores) != 1 or not isinstance(stores[0][0], StoreNd) or stores[0][1] != "value":
            continue
        rows, cols = shape_of(tr.type)
        if cols < DATA_MOV_MIN_LANES:
            # the register transpose moves narrower output rows in movs that copy no tile (too
            # few lanes), and the scatter's lane addresses cost 2-3 data movs: fewer instructions
            # but more data movs (measured: a 4x16 tile 54 -> 31 instructions, 0 -> 3 data movs)
            continue
        lay = colmajor.vnni_scatter_layout(rows, cols, target)
        if lay is None or not colmajor.store_columns_known_inside(stores[0][0], defs, cols):
            continue
        if not block2d.fits(block2d.VNNI, cols, lay.rows, rows // lay.rows, 2, lim, target.grf_bytes):
            continue
        out[v] = out[tr] = lay
    return out


def _insert_runs(uses: dict[Value, list[tuple[Op, str]]]) -> dict[Value, int]:
    """The values whose every use inserts them (``insert_strided_slice``) into a wider vector, with
    the largest power of two dividing every contiguous run they land in. An elementwise op making
    such a value is cut into pieces of at most that: each piece is then one whole write into
    the destination, and IGC writes the op's result there (no copy of it after)."""
    out: dict[Value, int] = {}
    for v, users in uses.items():
        runs = []
        for op, name in users:
            if not (isinstance(op, InsertStridedSlice) and name == "value"):
                break
            d, b = shape_of(op.dest.type), shape_of(op.value.type)
            run, k = 1, len(b) - 1
            while k >= 0:
                run *= b[k]
                if b[k] != d[len(d) - len(b) + k]:
                    break
                k -= 1
            runs.append(run)
        else:
            if runs:
                out[v] = min(r & -r for r in runs)
    return out


def _dpas_b_loads(loads: list[LoadNd], uses: dict[Value, list[tuple[Op, str]]]) -> set[Value]:
    out = set()
    for ld in loads:
        t = ld.result.type
        if ld.packed or ld.transpose is not None or not isinstance(t, VectorType) or len(t.shape) != 2 \
                or not _vnni_element(t.element):
            continue
        users = uses.get(ld.result, [])
        if users and all(isinstance(op, Dpas) and name == "rhs" for op, name in users):
            out.add(ld.result)
    return out


def _bits(t: object) -> int:
    """Bits of an integer or float element (0 for any other type)."""
    return t.width if isinstance(t, IntegerType | FloatType) else 0


def _vnni_element(t: object) -> bool:
    """8- and 16-bit elements: what VNNI packs (f32/tf32 B needs no packing)."""
    if isinstance(t, FloatType):
        return t.kind in ("f16", "bf16")
    return isinstance(t, IntegerType) and t.width in (8, 16)


def pass_through_values(uses: dict[Value, list[tuple[Op, str]]], target: Target) -> set[Value]:
    """The values that have uses and whose every use is a raw operand or phi on ``target``."""
    memo: dict[Value, bool] = {}
    return {v for v in uses if _raw_only(v, uses, target, memo)}


def _raw_only(v: Value, uses: dict[Value, list[tuple[Op, str]]], target: Target,
              memo: dict[Value, bool]) -> bool:
    # A module function, not a recursive closure: that would be a reference cycle holding ``uses``
    # (every op of the kernel), which then waits for the cyclic garbage collector.
    if v not in memo:
        memo[v] = False  # a cycle through phis is not a raw use
        memo[v] = bool(uses.get(v)) and all(
            _raw_use(op, name, target)
            or (isinstance(op, TRANSPARENT) and _raw_only(op.result, uses, target, memo))
            for op, name in uses[v])
    return memo[v]
