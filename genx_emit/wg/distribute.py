"""Workgroup-level XeGPU kernels distributed to subgroups and blocked to instructions.

A workgroup-level kernel computes on workgroup-sized tiles whose ``#xegpu.layout<sg_layout,
sg_data, inst_data>`` (on tensor descriptors, and as ``layout_result_N`` on results) says how the
tile is shared among the workgroup's subgroups. genx-emit's threads are subgroups, so this pass
rewrites such a function, on the generic IR and before the op model is built (as the SIMT pass
does), into what one subgroup executes:

- every workgroup value becomes the list of the subgroup's *blocks*: for each piece it owns
  (:mod:`genx_emit.wg.layout`), the piece cut into ``inst_data`` blocks;
- descriptors and accesses get the subgroup's offsets, computed once at entry from
  ``gpu.subgroup_id`` (the linear thread index in the work-group) and added to the offsets the
  kernel gives;
- ``dpas`` becomes the grid of block dpas, accumulating along K block by block;
- elementwise ops apply block by block; ``scf.for`` carries each block as its own value.

What is not distributed is a located error naming the op.
"""

from __future__ import annotations

from collections.abc import Callable

from genx_emit.diagnostics import DiagnosticError, Location, error
from genx_emit.mlir.attrs import DenseArrayAttr, DenseElementsAttr, DialectAttr, IntegerAttr, KeywordAttr
from genx_emit.mlir.ir import Block, Operation, Value, nested_ops
from genx_emit.mlir.types import IntegerType, MemRefType, TensorDescType, Type, VectorType, element_bits
from genx_emit.wg import is_wg_layout
from genx_emit.wg.layout import (
    DPAS_M,
    WgLayout,
    block_offsets,
    check_distributable,
    default_block,
    parse_wg_layout,
    scatter_block,
    sg_shape,
    sliced,
    strides,
    units,
)
from genx_emit.wg.values import (
    ELEMENTWISE,
    INDEX,
    Splat,
    Tiled,
    TiledDesc,
    is_layout_key,
    is_splat_vector,
    kept_attrs,
    layout_of_type,
)

Handler = Callable[["Distributor", Operation], None]
# Ops whose result a scattered access's blocks can be made in directly (scatter_operands).
_THROUGH = frozenset(ELEMENTWISE) | {"vector.broadcast", "vector.shape_cast", "vector.step", "arith.constant"}
HANDLERS: dict[str, Handler] = {}


def handles(*names: str) -> Callable[[Handler], Handler]:
    """Register the distribution of ops ``names``."""

    def register(fn: Handler) -> Handler:
        for n in names:
            HANDLERS[n] = fn
        return fn

    return register


def dpas_roles(func: Operation) -> dict[Value, str]:
    """Which dpas operand ("a", "b", "c") each value is, followed through loop carries (an
    accumulator's init, iter_arg, yield and result are all "c")."""
    roles: dict[Value, str] = {}
    links: list[list[Value]] = []
    for op in nested_ops(func):
        if op.name == "xegpu.dpas":
            for which, v in zip("abc", op.operands, strict=False):
                roles.setdefault(v, which)
            roles.setdefault(op.results[0], "c")
        if op.name == "scf.for" and op.regions and op.regions[0].blocks:
            body = op.regions[0].blocks[0]
            last = body.operations[-1] if body.operations else None
            yields = last.operands if last is not None and last.name == "scf.yield" else []
            for j, init in enumerate(op.operands[3:]):
                group = [init, body.arguments[j + 1], op.results[j]]
                links.append(group + ([yields[j]] if j < len(yields) else []))
    changed = True
    while changed:
        changed = False
        for group in links:
            found = next((roles[v] for v in group if v in roles), None)
            for v in group:
                if found is not None and v not in roles:
                    roles[v] = found
                    changed = True
    return roles


def scatter_operands(func: Operation, uses: dict[Value, list[tuple[Operation, int]]]) -> set[Value]:
    """The vectors computed only for scattered accesses (offsets, masks, stored values), directly
    or through same-shaped elementwise ops and broadcasts: held in the access's blocks from the
    start (re-blocking a whole piece of 64-bit offsets into messages costs registers and moves)."""
    out: set[Value] = set()
    found = True
    while found:
        found = False
        for op in nested_ops(func):
            if op.name not in _THROUGH or not op.results or op.results[0] in out:
                continue
            res = op.results[0]
            users = uses.get(res, [])
            if users and all(u.name in ("xegpu.load", "xegpu.store") or (
                    u.results and u.results[0] in out and u.results[0].type == res.type) for u, _ in users):
                out.add(res)
                found = True
    return out


def sink(ops: list[Operation], sinkable: set[int]) -> list[Operation]:
    """``ops`` with each sinkable op (pure, used only by ops of this list) moved right before its
    first user: a scattered access's offsets are then computed block by block next to its messages
    instead of all of them first (every block's 64-bit offsets live at once)."""
    users: dict[Value, int] = {}
    for op in ops:
        for v in op.operands:
            users[v] = users.get(v, 0) + 1
    nested: set[Value] = {v for op in ops for inner in nested_ops(op) if inner is not op
                          for v in inner.operands}
    defer = {id(op) for op in ops if id(op) in sinkable and op.results
             and all(r in users and r not in nested for r in op.results)}
    made = {r: op for op in ops if id(op) in defer for r in op.results}
    out: list[Operation] = []
    done: set[int] = set()

    def place(op: Operation) -> None:
        for v in op.operands:
            p = made.get(v)
            if p is not None and id(p) not in done:
                done.add(id(p))
                place(p)
        out.append(op)

    for op in ops:
        if id(op) not in defer:
            place(op)
    return out


class Distributor:
    """One function's rewrite: ``tiles`` maps each workgroup value to how this subgroup holds it;
    ``prologue`` (subgroup id, coordinates, constants made per block) goes first in the entry
    block; ``out`` collects the current block's new ops."""

    def __init__(self, func: Operation):
        self.func = func
        self.tiles: dict[Value, Tiled | Splat | TiledDesc] = {}
        self.prologue: list[Operation] = []
        self.out: list[Operation] = []
        self.coords: dict[tuple, Value] = {}
        self.sg_id: Value | None = None
        self.count = 0
        self.splats: dict[Value, Splat] = {}
        self.steps: set[Value] = set()
        self.id_range: tuple[int, int] | None = None  # the innermost scf.if's sg_id_range
        self.uses: dict[Value, list[tuple[Operation, int]]] = {}
        for op in nested_ops(func):
            for i, v in enumerate(op.operands):
                self.uses.setdefault(v, []).append((op, i))
        self.roles = dpas_roles(func)
        self.scattered = scatter_operands(func, self.uses)
        self.sinkable: set[int] = set()  # ops computing them, placed right before their first use
        # dpas blocks are one DPAS high (DPAS_M rows) where their loads can be merged back into
        # tall messages; an A operand a loop carries (software pipelining) keeps each block as
        # its own phi, so there the blocks stay as tall as the piece (fewer, larger messages)
        carried = {a for op in nested_ops(func) if op.name == "scf.for" and op.regions
                   and op.regions[0].blocks for a in op.regions[0].blocks[0].arguments[1:]}
        self.dpas_rows = None if any(r == "a" and v in carried for v, r in self.roles.items()) else DPAS_M
        self.yield_owner: dict[Operation, Operation] = {  # an scf.for's yield -> the loop
            op.regions[0].blocks[0].operations[-1]: op for op in nested_ops(func)
            if op.name == "scf.for" and op.regions and op.regions[0].blocks
            and op.regions[0].blocks[0].operations}

    def block_for(self, v: Value, shape: tuple[int, ...], lay: WgLayout, element: Type) -> tuple[int, ...]:
        """The block ``v`` is held in: ``inst_data``'s, or for a dpas operand without it one dpas's."""
        try:
            k_step = 256 // element_bits(element)  # 8 x 32 bits of systolic depth
        except TypeError:
            k_step = 1
        if v in self.scattered and lay.inst_data is None:
            return scatter_block(sg_shape(shape, lay), lay)
        return default_block(shape, lay, self.roles.get(v), k_step, self.dpas_rows)

    # -- driver -----------------------------------------------------------------------------------
    def run(self) -> None:
        from genx_emit.wg.grid import widen_operand_grids

        widen_operand_grids(self.func)
        entry = self.func.regions[0].blocks[0]
        for block in self.func.regions[0].blocks:
            self._block(block)
        entry.operations[:0] = self.prologue

    def _block(self, block: Block) -> None:
        saved, self.out = self.out, []
        self.each(block.operations)
        block.operations = self.sunk()
        self.out = saved

    def each(self, ops: list[Operation]) -> None:
        """Distribute ``ops`` into ``out``, noting the ops that may be sunk to their use."""
        for op in ops:
            start = len(self.out)
            self._op(op)
            if any(r in self.scattered for r in op.results):
                self.sinkable.update(id(o) for o in self.out[start:])

    def sunk(self) -> list[Operation]:
        """``out`` with the sinkable ops right before their first use (:func:`sink`)."""
        return sink(self.out, self.sinkable)

    def _op(self, op: Operation) -> None:
        handler = HANDLERS.get(op.name)
        involved = any(v in self.tiles for v in op.operands) or any(
            is_wg_layout(a) for k, a in op.attributes.items() if is_layout_key(k)) or any(
            isinstance(r.type, TensorDescType) and layout_of_type(r.type, op.loc) for r in op.results)
        if op.name == "vector.step" and not involved:
            self.steps.add(op.results[0])  # distributed where it is reshaped (a row-major index)
        if op.name == "arith.constant" and not involved and is_splat_vector(op):
            self.splats[op.results[0]] = Splat(op)  # distributed as its workgroup-level uses need
        if handler is not None and (involved or op.name in ("scf.for", "scf.if")):
            try:
                handler(self, op)
            except DiagnosticError:
                raise
            except (TypeError, ValueError, AttributeError, IndexError, KeyError, AssertionError,
                    ZeroDivisionError, StopIteration) as e:
                # an op of an unexpected form (operands missing, a type that is not a vector): the
                # input's fault, as the op model's verify() would say
                msg = f"malformed {op.name} at workgroup level ({type(e).__name__}: {e})"
                raise error(op.loc, msg) from None
            return
        if involved:
            raise error(op.loc, f"{op.name} on workgroup-level values is not supported (distributed: "
                                "create_nd_tdesc, load_nd, store_nd, prefetch_nd, update_nd_offset, dpas, "
                                "elementwise arith/math, splat constants, vector.multi_reduction, "
                                "vector.broadcast, vector.shape_cast, vector.transpose, vector.step, "
                                "xegpu.load, xegpu.store, xegpu.convert_layout, scf.for, scf.if)")
        for region in op.regions:
            for block in region.blocks:
                self._block(block)
        self.out.append(op)

    # -- small IR builders ------------------------------------------------------------------------
    def value(self, base: str, t: Type, loc: Location) -> Value:
        self.count += 1
        stem = base.lstrip("%").replace("#", "_") or "wg"
        return Value(f"%{stem}_wg{self.count}", t, loc)

    def emit(self, name: str, operands: list[Value], result: Type | None, attrs: dict, loc: Location,
             base: str = "wg", into: list[Operation] | None = None) -> Value | None:
        res = [self.value(base, result, loc)] if result is not None else []
        (self.out if into is None else into).append(Operation(name, operands, res, attrs, [], loc))
        return res[0] if res else None

    def const(self, n: int, loc: Location, into: list[Operation] | None = None) -> Value:
        return self.emit("arith.constant", [], INDEX, {"value": IntegerAttr(n, INDEX)}, loc, f"c{n}", into)

    def binary(self, name: str, a: Value, n: int, loc: Location,
               into: list[Operation] | None = None) -> Value:
        return self.emit(f"arith.{name}", [a, self.const(n, loc, into)], INDEX, {}, loc, "off", into)

    def slm_buffer(self, count: int, element: Type, loc: Location) -> tuple[Value, DialectAttr]:
        """A ``count``-element SLM buffer allocated once at entry, and the memory-space attribute
        of the block descriptors that reach it."""
        slm_t = MemRefType((count,), element, None, IntegerAttr(3))
        segments = {"operandSegmentSizes": DenseArrayAttr(IntegerType(32), (0, 0))}
        slm = self.emit("memref.alloca", [], slm_t, segments, loc, "slm", self.prologue)
        assert slm is not None
        space = DialectAttr("xegpu", "block_tdesc_attr", (), (("memory_space", KeywordAttr("slm")),),
                            "memory_space = slm")
        return slm, space

    # -- subgroup coordinates ---------------------------------------------------------------------
    def coord(self, lay: WgLayout, dim: int, loc: Location) -> Value:
        """Coordinate ``dim`` of this subgroup over ``lay.sg_layout`` (computed once, at entry)."""
        start, end = self.id_range or (0, None)
        if end is not None and lay.subgroups != end - start:
            raise error(loc, f"the layout {lay} has {lay.subgroups} subgroups but the enclosing sg_id_range "
                             f"[{start}, {end}] has {end - start}")
        key = (lay.sg_layout, lay.order_or_default(), dim, start)
        if key not in self.coords:
            if self.sg_id is None:
                self.sg_id = self.emit("gpu.subgroup_id", [], INDEX, {}, loc, "sg_id", self.prologue)
            assert self.sg_id is not None
            v = self.sg_id
            if start:  # ids counted from the range's start
                first = self.const(start, loc, self.prologue)
                v = self.emit("arith.subi", [v, first], INDEX, {}, loc, "sg_id", self.prologue)
                assert v is not None
            stride = strides(lay.sg_layout, lay.order_or_default())[dim]
            if stride > 1:
                v = self.binary("divui", v, stride, loc, self.prologue)
            v = self.binary("remui", v, lay.sg_layout[dim], loc, self.prologue)
            self.coords[key] = v
        return self.coords[key]

    def piece_origins(self, shape: tuple[int, ...], lay: WgLayout, loc: Location) -> list[list[Value | int]]:
        """Per owned piece, its origin per dimension: ``(unit + coord * sg_data) % shape``; the modulo
        only where ``sg_layout * sg_data`` exceeds the tile (replicated pieces)."""
        layout, _ = sliced(lay)
        piece = sg_shape(shape, lay)
        kept = lay.kept()
        out = []
        for origin in units(shape, lay):
            dims: list[Value | int] = []
            for d, (u, g, s, n) in enumerate(zip(origin, layout, piece, shape, strict=True)):
                if g == 1:
                    dims.append(u % n)
                    continue
                v = self.coord(lay, kept[d], loc)
                if s > 1:
                    v = self.binary("muli", v, s, loc)
                if u:
                    v = self.binary("addi", v, u, loc)
                if g * s > n:  # replicated pieces wrap around the tile
                    v = self.binary("remui", v, n, loc)
                dims.append(v)
            out.append(dims)
        return out

    def add_offsets(self, base: list[Value], extra: list[Value | int], block: tuple[int, ...],
                    loc: Location) -> list[Value]:
        """``base`` (the kernel's offsets, any rank) + piece origin + block origin, right-aligned."""
        rank = len(extra)
        out = list(base)
        for i in range(rank):
            j = len(base) - rank + i
            term = extra[i]
            if isinstance(term, int):
                term += block[i]
                if term == 0:
                    continue
                out[j] = self.emit("arith.addi", [out[j], self.const(term, loc)], INDEX, {}, loc, "off")
                continue
            if block[i]:
                term = self.binary("addi", term, block[i], loc)
            out[j] = self.emit("arith.addi", [out[j], term], INDEX, {}, loc, "off")
        return out

    def origins(self, shape: tuple[int, ...], lay: WgLayout, loc: Location,
                block: tuple[int, ...] | None = None) -> list[list[Value]]:
        """Every block's origin within the tile, as index values (pieces x blocks)."""
        zero = None
        out = []
        for piece in self.piece_origins(shape, lay, loc):
            for blk in block_offsets(shape, lay, block):
                if zero is None:
                    zero = self.const(0, loc)
                out.append(self.add_offsets([zero] * len(shape), piece, blk, loc))
        return out

    # -- value lookup -----------------------------------------------------------------------------
    def tiled(self, v: Value, loc: Location, like: Tiled | None = None) -> Tiled:
        t = self.tiles.get(v) or self.splats.get(v)
        if isinstance(t, Splat):
            if like is None and t.layout is not None:
                like = self.template(t.op, v, t.layout)
            if like is None:
                raise error(loc, f"the splat constant '{v.name}' has no layout to be distributed by")
            return self.splat_as(t, v, like, loc)
        if not isinstance(t, Tiled):
            raise error(loc, f"'{v.name}' is not a workgroup-level vector with a layout")
        return t

    def splat_as(self, s: Splat, v: Value, like: Tiled, loc: Location) -> Tiled:
        block = like.block
        if block not in s.made:
            vt = v.type
            assert isinstance(vt, VectorType)
            attr = s.op.attributes["value"]
            assert isinstance(attr, DenseElementsAttr)
            bt = VectorType(block, vt.element)
            value = DenseElementsAttr(bt, attr.values, True)
            s.made[block] = self.emit("arith.constant", [], bt, {"value": value},
                                      s.op.loc, v.name, self.prologue)
        return Tiled(like.shape, like.element, like.layout, [s.made[block]] * len(like.blocks), like.blk)

    def result_layout(self, op: Operation, index: int = 0) -> WgLayout | None:
        for key in (f"layout_result_{index}", "layout"):
            a = op.attributes.get(key)
            if a is not None and is_wg_layout(a):
                return parse_wg_layout(a, op.loc)
        return None

    def blockwise(self, op: Operation, parts: list[list[Value]], like: Tiled) -> Tiled:
        """``op`` applied block by block (operand ``i`` of block ``b`` is ``parts[i][b]``) into its
        result, held as ``like`` is."""
        res = op.results[0]
        rt = res.type
        assert isinstance(rt, VectorType)
        out = Tiled(like.shape, rt.element, like.layout, [], like.block)
        bt = VectorType(like.block, rt.element)
        for i in range(len(like.blocks)):
            v = self.emit(op.name, [p[i] for p in parts], bt, kept_attrs(op), op.loc, res.name)
            assert v is not None
            out.blocks.append(v)
        self.tiles[res] = out
        return out

    def laid_out(self, op: Operation) -> Tiled:
        """The template of ``op``'s result by its own layout, which it must have."""
        lay = self.result_layout(op)
        if lay is None:
            raise error(op.loc, f"{op.name}: the result has no workgroup layout (layout_result_0)")
        return self.template(op, op.results[0], lay)

    def template(self, op: Operation, v: Value, lay: WgLayout, block: tuple[int, ...] | None = None) -> Tiled:
        """How ``v`` (a workgroup vector with layout ``lay``) will be held: its blocks are ``v`` as
        placeholders, one per block (``block``, else :meth:`block_for`)."""
        t = v.type
        assert isinstance(t, VectorType)
        shape = tuple(t.shape)
        check_distributable(shape, lay, op.loc, op.name, t.element)
        blk = block or self.block_for(v, shape, lay, t.element)
        n = len(units(shape, lay)) * len(block_offsets(shape, lay, blk))
        return Tiled(shape, t.element, lay, [v] * n, blk)




# The handlers register themselves on import.
from genx_emit.wg import access, compute, control, convert, reduce, scatter  # noqa: E402,F401  isort: skip
