"""Positions of 2-D block accesses in a loop carried as descriptors (a rewrite of the generic IR).

Upstream's newest form creates a descriptor without offsets and gives each ``load_nd`` /
``store_nd`` / ``prefetch_nd`` its own (``%ta[%m, %k]`` in a K loop); workgroup distribution
writes every inst_data block that way. Lowered as written, each message of each iteration builds
its header from the descriptor's loop-invariant one, which IGC keeps and copies (an 8-dword
``mov`` and a patched dword per message). When an access's offsets move by a constant multiple
of the loop step (``%k``, ``%k + 96``, ``%m + 16``), this pass gives it a descriptor of its own
created at the first iteration's position before the loop, carried by ``scf.for`` and moved by
``update_nd_offset`` at the end of each iteration: the same positions, and in the payload form
one header per access that is only ever updated in place. Accesses with the same descriptor
and offsets share one carried descriptor; offsets that do not move hoist the descriptor out.
"""

from __future__ import annotations

from collections.abc import Iterator

from genx_emit.mlir.attrs import DenseArrayAttr, IntegerAttr, as_int, as_int_list
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value, nested_ops
from genx_emit.mlir.types import IndexType, IntegerType, MemRefType, TensorDescType
from genx_emit.ops.arith import UNDEFINED_ON_ZERO
from genx_emit.ops.build import BUILT_CLASS, INT64_MIN, dynamic_count

ACCESSES = {"xegpu.load_nd": 0, "xegpu.prefetch_nd": 0, "xegpu.store_nd": 1}  # -> the tdesc operand
_INDEX = IndexType()
_CREATE_KEYS = ("const_offsets", "const_shape", "const_strides", "operandSegmentSizes")
_MAX_CHAIN = 64  # ops between an offset and the loop's values


def carry_nd_positions(src: SourceModule) -> None:
    """Rewrite every ``scf.for`` of every device function of ``src`` in place."""
    for func in src.device_functions():
        if not (func.regions and func.regions[0].blocks):
            continue
        defs = {r: op for op in nested_ops(func) for r in op.results}
        for parent, loop in list(_loops(func)):
            _Loop(func, parent, loop, defs).run()


def _loops(op: Operation) -> Iterator[tuple[Block, Operation]]:
    """Each ``scf.for`` with the block holding it, inner loops first."""
    for region in op.regions:
        for block in region.blocks:
            for inner in list(block.operations):
                yield from _loops(inner)
                if inner.name == "scf.for" and inner.regions and inner.regions[0].blocks:
                    yield block, inner


def _const(v: Value, defs: dict[Value, Operation]) -> int | None:
    op = defs.get(v)
    if op is None or op.name != "arith.constant":
        return None
    return as_int(op.attributes.get("value"))


def _offsets_of(create: Operation) -> int | None:
    """How many offsets ``create`` gives (static and dynamic), None when its operand segments do
    not add up (bad input, left for the builder to report)."""
    default = [1] + [dynamic_count(create, k) for k in ("const_offsets", "const_shape", "const_strides")]
    groups = create.operand_groups(default)
    if len(groups) != 4 or sum(map(len, groups)) != len(create.operands) or len(groups[0]) != 1:
        return None
    return max(len(groups[1]), len(as_int_list(create.attributes.get("const_offsets")) or ()))


def _marked(offsets: list[int | Value]) -> DenseArrayAttr:
    """``const_offsets``: the constants, INT64_MIN where an operand gives the offset."""
    return DenseArrayAttr(IntegerType(64), tuple(INT64_MIN if isinstance(o, Value) else o for o in offsets))


class _Loop:
    def __init__(self, func: Operation, parent: Block, loop: Operation, defs: dict[Value, Operation]):
        self.func, self.parent, self.loop, self.defs = func, parent, loop, defs
        self.body = loop.regions[0].blocks[0]
        self.iv = self.body.arguments[0]
        self.own = {id(op) for op in self.body.operations}  # ops directly in the body
        self.inside = {r for op in nested_ops(loop) for r in op.results} | set(self.body.arguments)
        self.coefs: dict[Value, int | None] = {}
        self.before: list[Operation] = []  # emitted just before the loop
        self.first: dict[Value, Value] = {self.iv: loop.operands[0]}  # values of the first iteration
        self.count = 0

    # -- what moves how ------------------------------------------------------------------------
    def coef(self, v: Value, depth: int = 0) -> int | None:
        """``v`` as ``c * iv + (loop-invariant)``: c, or None when it is not of that form (or
        computed by a chain longer than offsets are: the walk and the copies are recursive)."""
        if v not in self.coefs:
            self.coefs[v] = self._coef(v, depth) if depth < _MAX_CHAIN else None
        return self.coefs[v]

    def _coef(self, v: Value, depth: int) -> int | None:
        if v is self.iv:
            return 1 if isinstance(v.type, IndexType) else None
        if v not in self.inside:
            return 0
        op = self.defs.get(v)
        if op is None or id(op) not in self.own or op.regions:
            return None
        cs = [self.coef(a, depth + 1) for a in op.operands]
        if any(c is None for c in cs):
            return None
        if all(c == 0 for c in cs):
            return 0 if self._pure(op) else None
        if not isinstance(v.type, IndexType) or len(cs) != 2:
            return None  # a cast or a narrow type: wrap-around would not move linearly
        if op.name == "arith.addi":
            return cs[0] + cs[1]
        if op.name == "arith.subi":
            return cs[0] - cs[1]
        if op.name == "arith.muli":
            k = [_const(a, self.defs) for a in op.operands]
            if cs[0] == 0 and k[0] is not None:
                return k[0] * cs[1]
            if cs[1] == 0 and k[1] is not None:
                return k[1] * cs[0]
        return None

    def _pure(self, op: Operation) -> bool:
        """Safe to compute once more before the loop (Op.PURE; divisions only by a nonzero
        constant), and to drop when unused."""
        cls = BUILT_CLASS.get(op.name)
        if cls is None or not cls.PURE:
            return False
        if op.name in UNDEFINED_ON_ZERO:
            return len(op.operands) == 2 and _const(op.operands[1], self.defs) not in (None, 0)
        return True

    # -- the rewrite ---------------------------------------------------------------------------
    def well_formed(self) -> bool:
        """The loop as the builder will accept it (bad input is left for it to report)."""
        ops = self.body.operations
        return (len(self.loop.operands) >= 3 and len(self.body.arguments) == len(self.loop.operands) - 2
                == len(self.loop.results) + 1 and bool(ops) and ops[-1].name == "scf.yield"
                and len(ops[-1].operands) == len(self.loop.results))

    def run(self) -> None:
        if not self.well_formed():
            return
        groups: dict[tuple, list[Operation]] = {}
        plans: dict[tuple, tuple[Operation, list[int | Value], list[int]]] = {}
        for op in self.body.operations:
            found = self._candidate(op)
            if found is None:
                continue
            create, offsets, coefs = found
            key = (id(create), tuple(o if isinstance(o, int) else id(o) for o in offsets))
            groups.setdefault(key, []).append(op)
            plans[key] = (create, offsets, coefs)
        if not groups:
            return
        removed: list[Value] = []
        carried: list[tuple[Value, Value, Value, list[int]]] = []  # init, iter_arg, result, coefs
        # Prefetches' descriptors are made first: a loop's prefetch continues the prologue's
        # prefetches of the same surface and shape, so its header is the last of theirs (dead
        # after its send) moved in place (lower/block2d_send.header); made after a load's of
        # another shape, that load would take it and the prefetch copy a template.
        for key, accesses in sorted(groups.items(), key=lambda kv: kv[1][0].name != "xegpu.prefetch_nd"):
            create, offsets, coefs = plans[key]
            desc = self._create_before(create, [self._initial(o) for o in offsets])
            use = desc
            if any(coefs):
                use = Value(f"{desc.name}_it", desc.type, desc.loc)
                out = Value(f"{desc.name}_out", desc.type, desc.loc)
                carried.append((desc, use, out, coefs))
            for acc in accesses:
                removed += self._retarget(acc, use)
        self._carry(carried)
        at = self.parent.operations.index(self.loop)
        self.parent.operations[at:at] = self.before
        self._drop_dead(removed)

    def _candidate(self, op: Operation) -> tuple[Operation, list[int | Value], list[int]] | None:
        """(the descriptor's create op, the offsets (constants or values), how each moves per
        iteration) of a 2-D access this pass rewrites."""
        if op.name not in ACCESSES:
            return None
        consts = as_int_list(op.attributes.get("const_offsets"))
        if not consts or len(consts) != 2:
            return None
        i = ACCESSES[op.name]
        if len(op.operands) != i + 1 + sum(1 for c in consts if c == INT64_MIN):
            return None
        tdesc = op.operands[i]
        create = self.defs.get(tdesc)
        t = tdesc.type
        if (create is None or create.name != "xegpu.create_nd_tdesc" or not isinstance(t, TensorDescType)
                or len(t.shape) != 2 or create.results[0] is not tdesc or _offsets_of(create) != 0):
            return None
        if tdesc in self.inside and (id(create) not in self.own or
                                     any(self.coef(a) != 0 for a in create.operands)):
            return None
        if self._source_rank(create) is None:
            return None
        dynamic = iter(op.operands[i + 1:])
        offsets: list[int | Value] = [next(dynamic) if c == INT64_MIN else c for c in consts]
        coefs = [0 if isinstance(o, int) else self.coef(o) for o in offsets]
        if any(c is None for c in coefs):
            return None
        return create, offsets, [c for c in coefs if c is not None]

    def _source_rank(self, create: Operation) -> int | None:
        src = create.operands[0].type
        if isinstance(src, MemRefType):
            rank: int | None = len(src.shape)
        else:
            shape = as_int_list(create.attributes.get("const_shape"))
            rank = len(shape) if isinstance(src, IntegerType) and shape else None
        return rank if rank is not None and rank >= 2 else None

    def _initial(self, offset: int | Value) -> int | Value:
        """The offset's value in the first iteration, computed before the loop."""
        if isinstance(offset, int):
            return offset
        return self._clone(offset)

    def _clone(self, v: Value) -> Value:
        """``v`` as computed in the first iteration, by copies of its ops before the loop."""
        done = self.first
        if v in done:
            return done[v]
        if v not in self.inside:
            return v
        op = self.defs[v]
        new = self._emit(op.name, [self._clone(a) for a in op.operands], v.type, dict(op.attributes),
                         op, v.name.lstrip("%") + "_0")
        for r in op.results:
            done[r] = new
        return new

    def _emit(self, name: str, operands: list[Value], result: object, attrs: dict, like: Operation,
              stem: str, into: list[Operation] | None = None) -> Value:
        self.count += 1
        res = Value(f"%{stem}", result, like.loc)  # type: ignore[arg-type]
        op = Operation(name, operands, [res], attrs, [], like.loc)
        (self.before if into is None else into).append(op)
        self.defs[res] = op
        return res

    def _create_before(self, create: Operation, position: list[int | Value]) -> Value:
        """``create`` at ``position`` (rows, columns; outer dimensions at 0), before the loop."""
        default = [1] + [dynamic_count(create, k) for k in ("const_offsets", "const_shape", "const_strides")]
        groups = create.operand_groups(default)
        rank = self._source_rank(create)
        assert rank is not None
        full = [0] * (rank - 2) + position
        operands = [self._clone(a) for a in create.operands]
        # In the order the custom form reads back (offsets, shape, strides, segment sizes), so
        # that the printed IR can use it.
        attrs = {k: v for k, v in create.attributes.items() if k not in _CREATE_KEYS}
        attrs["const_offsets"] = _marked(full)
        attrs.update((k, create.attributes[k]) for k in _CREATE_KEYS[1:3] if k in create.attributes)
        dyn = [o for o in full if isinstance(o, Value)]
        attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), (1, len(dyn), *map(len, groups[2:4])))
        stem = f"{create.results[0].name.lstrip('%')}_at{self.count}"
        return self._emit(create.name, [operands[0], *dyn, *operands[1 + len(groups[1]):]],
                          create.results[0].type, attrs, create, stem)

    def _retarget(self, acc: Operation, desc: Value) -> list[Value]:
        """Point ``acc`` at ``desc`` without offsets; returns the operands it no longer reads."""
        i = ACCESSES[acc.name]
        dropped = acc.operands[i:]
        acc.operands = [*acc.operands[:i], desc]
        del acc.attributes["const_offsets"]
        return dropped

    def _carry(self, carried: list[tuple[Value, Value, Value, list[int]]]) -> None:
        """Each moving descriptor as an ``scf.for`` carry, moved by ``coef * step`` at the end of
        each iteration."""
        if not carried:
            return
        term = self.body.operations[-1]
        assert term.name == "scf.yield"
        step = self.loop.operands[2]
        k = _const(step, self.defs)
        moves: list[Operation] = []
        for init, arg, out, coefs in carried:
            deltas: list[int | Value] = []
            for c in coefs:
                if k is not None or c == 0:
                    deltas.append(c * (k or 0))
                elif c == 1:
                    deltas.append(step)
                else:
                    times = self._emit("arith.constant", [], _INDEX, {"value": IntegerAttr(c, _INDEX)},
                                       self.loop, f"c{c}_carry")
                    deltas.append(self._emit("arith.muli", [step, times], _INDEX, {}, self.loop,
                                             "step_carry"))
            attrs = {"const_offsets": _marked(deltas)}
            moved = self._emit("xegpu.update_nd_offset", [arg, *[d for d in deltas if isinstance(d, Value)]],
                               arg.type, attrs, term, arg.name.lstrip("%").removesuffix("_it") + "_next",
                               into=moves)
            self.loop.operands.append(init)
            self.body.arguments.append(arg)
            self.loop.results.append(out)
            term.operands.append(moved)
        self.body.operations[-1:-1] = moves

    def _drop_dead(self, candidates: list[Value]) -> None:
        """Remove the body's side-effect-free ops whose results nothing reads any more."""
        uses: dict[Value, int] = {}
        for op in nested_ops(self.func):
            for a in op.operands:
                uses[a] = uses.get(a, 0) + 1
        todo = list(candidates)
        while todo:
            v = todo.pop()
            op = self.defs.get(v)
            if op is None or id(op) not in self.own or not self._pure(op):
                continue
            if any(uses.get(r, 0) for r in op.results) or op not in self.body.operations:
                continue
            self.body.operations.remove(op)
            for a in op.operands:
                uses[a] -= 1
                todo.append(a)
