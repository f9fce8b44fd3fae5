"""Layout propagation at workgroup level, as upstream's ``xegpu-propagate-layout`` defines it.

A workgroup-level kernel written in upstream's form puts layouts only on *anchor* ops: ``layout``
on loads, stores and prefetches, ``layout_a`` / ``layout_b`` / ``layout_cd`` on ``dpas``,
``input_layout`` / ``target_layout`` on ``convert_layout``, ``layout_result_N`` /
``layout_operand_N`` anywhere, layouts in descriptor types. Every other vector value (constants,
elementwise results, loop-carried values, offsets built from ``vector.step``, masks) gets its
layout here, written back onto the IR as upstream's pass writes it, so that it prints and the
distribution reads it:

- An anchor's result has the anchor's layout; a ``layout_result_N`` the user wrote is kept.
- Otherwise a value takes the layout its uses demand, walking backward from the anchors: an
  elementwise op demands its result's layout of its operands, ``vector.broadcast`` a slice of it
  (the broadcast dimensions removed), ``vector.shape_cast`` adding unit dimensions a slice over
  them, ``vector.transpose`` the layout permuted, ``vector.multi_reduction`` whose result is
  ``#xegpu.slice<#p, dims = reduced>`` the parent ``#p``; ``scf.for`` ties an iter_arg, its
  result, its init and its yield together; ``scf.if`` demands its result's layout of both yields.
- The first layout a value gets is its layout. A use that demands another one gets an
  ``xegpu.convert_layout`` in front of it (upstream's conflict resolution); a descriptor used with
  another layout gets its own ``create_nd_tdesc``.
- A value no use demands a layout of, whose operands have one (an elementwise op feeding only a
  reduction to a scalar), takes its first operand's: then its other operands are demanded in turn.

Results get ``layout_result_N`` (loops and ifs too); descriptors get the layout in their type.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import ArrayAttr, Attribute, DialectAttr, IntegerAttr, as_int_list
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value
from genx_emit.mlir.types import TensorDescType, Type, VectorType
from genx_emit.wg import is_wg_layout, is_workgroup_level
from genx_emit.wg.layout import WgLayout, parse_wg_layout

# The ops whose result layout is their anchor attribute's (upstream's anchor ops): no
# layout_result_N is written on them.
RESULT_ANCHOR = {"xegpu.load_nd": "layout", "xegpu.load": "layout", "xegpu.load_matrix": "layout",
                 "xegpu.dpas": "layout_cd", "xegpu.convert_layout": "target_layout"}


def propagate_layouts(src: SourceModule) -> None:
    """Give every vector and descriptor value of each workgroup-level function of ``src`` a layout,
    in place."""
    for func in src.device_functions():
        if func.regions and func.regions[0].blocks and is_workgroup_level(func):
            Propagation(func).run()


@dataclass
class Demand:
    """A use's layout: operand ``index`` of ``op`` wants ``layout``."""

    op: Operation
    index: int
    layout: WgLayout


def layout_attr(lay: WgLayout) -> DialectAttr:
    """``lay`` as the attribute upstream prints."""
    fields = (("sg_layout", lay.sg_layout), ("sg_data", lay.sg_data), ("inst_data", lay.inst_data),
              ("lane_layout", lay.lane_layout), ("lane_data", lay.lane_data), ("order", lay.order))
    named = tuple((k, _ints(v)) for k, v in fields if v is not None)
    raw = ", ".join(f"{k} = [{', '.join(map(str, v))}]" for k, v in fields if v is not None)
    inner = DialectAttr("xegpu", "layout", (), named, raw)
    if not lay.dims:
        return inner
    dims = f"[{', '.join(map(str, lay.dims))}]"
    return DialectAttr("xegpu", "slice", (inner,), (("dims", _ints(lay.dims)),), f"{inner}, dims = {dims}")


def _ints(vals: tuple[int, ...]) -> ArrayAttr:
    return ArrayAttr(tuple(IntegerAttr(v) for v in vals))


def same_layout(a: WgLayout, b: WgLayout) -> bool:
    """Equal in every field, an absent ``order`` being the default one and a slice's data along its
    sliced dimensions (which it does not have) aside."""
    return _normal(a) == _normal(b)


def _normal(lay: WgLayout) -> WgLayout:
    def blank(vals: tuple[int, ...] | None) -> tuple[int, ...] | None:
        return None if vals is None else tuple(0 if d in lay.dims else v for d, v in enumerate(vals))

    return replace(lay, order=lay.order_or_default(), sg_data=blank(lay.sg_data),
                   inst_data=blank(lay.inst_data), lane_data=blank(lay.lane_data))


def _stretched(lay: WgLayout, src: tuple[int, ...], res: tuple[int, ...], extra: int = 0) -> WgLayout:
    """The source layout of a broadcast stretching the unit dimensions of ``src`` to ``res`` (the
    result's trailing dimensions, after ``extra`` added ones): the result's, one element deep
    along them."""
    kept = lay.kept()  # the value's dimensions in the (parent) layout
    dims = [kept[d + extra] for d, (a, b) in enumerate(zip(src, res, strict=True)) if a == 1 and b != 1]

    def one(vals: tuple[int, ...] | None) -> tuple[int, ...] | None:
        return None if vals is None else tuple(1 if d in dims else v for d, v in enumerate(vals))

    return replace(lay, sg_data=one(lay.sg_data), inst_data=one(lay.inst_data), lane_data=one(lay.lane_data))


def shape_of(t: Type) -> tuple[int, ...] | None:
    if isinstance(t, VectorType | TensorDescType):
        return tuple(d if d is not None else -1 for d in t.shape)
    return None


class Propagation:
    """One function's propagation: ``layouts`` of values, ``demands`` of uses, then the rewrite."""

    def __init__(self, func: Operation):
        self.func = func
        self.layouts: dict[Value, WgLayout] = {}
        self.demands: dict[tuple[int, int], Demand] = {}
        self.producer: dict[Value, Operation] = {}
        self.ops: list[Operation] = []  # program order, nested ones after their parent
        self.block_of: dict[int, Block] = {}
        self.count = 0
        self.partner: dict[Value, Value] = {}  # iter_arg <-> scf.for result
        self._collect(func.regions[0].blocks)

    def _collect(self, blocks: list[Block]) -> None:
        for block in blocks:
            for op in block.operations:
                self.ops.append(op)
                self.block_of[id(op)] = block
                for r in op.results:
                    self.producer[r] = op
                if op.name == "scf.for" and op.regions and op.regions[0].blocks:
                    for arg, res in zip(op.regions[0].blocks[0].arguments[1:], op.results, strict=False):
                        self.partner[arg], self.partner[res] = res, arg
                for region in op.regions:
                    self._collect(region.blocks)

    # -- driver -----------------------------------------------------------------------------------
    def run(self) -> None:
        self._fold_reblocking_converts()
        for op in self.ops:
            for i, r in enumerate(op.results):
                lay = self.defined(op, i)
                if lay is not None:
                    self.layouts[r] = lay
        while True:
            self._backward()
            if not self._forward():
                break
        self._resolve()
        self._write()

    def _fold_reblocking_converts(self) -> None:
        """A ``convert_layout`` whose source is a ``load_nd`` used by nothing else, between layouts
        that give every subgroup the same pieces (only the instruction blocks differ), is folded:
        the load takes the target layout and loads those blocks directly (a B operand then
        VNNI-packed by the load, not repacked in registers)."""
        uses: dict[Value, int] = {}
        for op in self.ops:
            for v in op.operands:
                uses[v] = uses.get(v, 0) + 1
        for cvt in [o for o in self.ops if o.name == "xegpu.convert_layout"]:
            src = cvt.operands[0]
            load = self.producer.get(src)
            target = cvt.attributes.get("target_layout")
            if load is None or load.name != "xegpu.load_nd" or uses.get(src) != 1 or not is_wg_layout(target):
                continue
            have = self.defined(load, 0)
            want = parse_wg_layout(target, cvt.loc)
            if have is None or have.dims or want.dims or not have.same_distribution(want):
                continue
            load.attributes["layout"] = target
            load.attributes.pop("layout_result_0", None)
            res = cvt.results[0]
            for op in self.ops:
                op.operands = [src if v is res else v for v in op.operands]
            block = self.block_of[id(cvt)]
            block.operations.remove(cvt)
            self.ops.remove(cvt)

    def _backward(self) -> None:
        changed = True
        while changed:
            changed = False
            for op in reversed(self.ops):
                for d in self.transfer(op):
                    changed |= self.demand(d)
                changed |= self._tie_loops(op)

    def _forward(self) -> bool:
        """Values no use gave a layout to take their first operand's (elementwise ops only)."""
        changed = False
        for op in self.ops:
            if op.name == "vector.multi_reduction":
                changed |= self._reduced(op, only_unassigned=True)
                continue
            if op.name.split(".")[0] not in ("arith", "math") or len(op.results) != 1:
                continue
            r = op.results[0]
            if r in self.layouts or not isinstance(r.type, VectorType):
                continue
            lay = next((self.layouts[v] for v in op.operands
                        if v in self.layouts and shape_of(v.type) == shape_of(r.type)), None)
            if lay is not None:
                self.layouts[r] = lay
                changed = True
        return changed

    def demand(self, d: Demand) -> bool:
        """Record ``d`` (the first demand of a use stays) and give the operand its layout if it has
        none yet. True when something changed."""
        key = (id(d.op), d.index)
        if key in self.demands:
            return False
        self.demands[key] = d
        v = d.op.operands[d.index]
        if v not in self.layouts:
            self.layouts[v] = d.layout
            partner = self.partner.get(v)
            if partner is not None:  # an iter_arg and its loop's result are one value
                self.layouts.setdefault(partner, d.layout)
        return True

    # -- what each op defines and demands ----------------------------------------------------------
    def defined(self, op: Operation, i: int) -> WgLayout | None:
        """The layout result ``i`` of ``op`` has by definition (an anchor, a user's layout_result_N,
        a descriptor type's)."""
        keys = [f"layout_result_{i}"]
        if op.name in RESULT_ANCHOR and i == 0:
            keys.append(RESULT_ANCHOR[op.name])
        for k in keys:
            a = op.attributes.get(k)
            if a is not None and is_wg_layout(a):
                return parse_wg_layout(a, op.loc)
        t = op.results[i].type
        if isinstance(t, TensorDescType):
            return _type_layout(t, op.loc)
        if op.name == "xegpu.load_nd" and i == 0 and isinstance(op.operands[0].type, TensorDescType):
            return _type_layout(op.operands[0].type, op.loc)  # the descriptor's, in the older form
        return None

    def transfer(self, op: Operation) -> Iterator[Demand]:
        yield from self._anchor_demands(op)
        name = op.name
        if name in ("scf.for", "scf.if", "scf.while", "func.return", "gpu.return"):
            return
        if name == "scf.yield":
            yield from self._yield_demands(op)
            return
        if not op.results:
            return
        lay = self.layouts.get(op.results[0])
        if lay is None:
            return
        res_shape = shape_of(op.results[0].type)
        if name == "vector.broadcast":
            src = op.operands[0]
            s = shape_of(src.type)
            if s is not None and res_shape is not None:
                extra = len(res_shape) - len(s)
                # unit dimensions stretched one element deep, added leading ones sliced away
                stretched = _stretched(lay, s, res_shape[extra:], extra)
                yield Demand(op, 0, _slice(stretched, range(extra)) if extra else stretched)
            return
        if name == "vector.shape_cast":
            s = shape_of(op.operands[0].type)
            units = _inserted_units(s, res_shape) if s is not None and res_shape is not None else None
            if units is not None:
                yield Demand(op, 0, _slice(lay, units) if units else lay)
            return
        if name == "vector.transpose":
            perm = as_int_list(op.attributes.get("permutation"))
            if perm is not None and not lay.dims and len(perm) == len(lay.sg_layout):
                yield Demand(op, 0, _permuted(lay, perm))
            return
        if name == "vector.multi_reduction":
            dims = as_int_list(op.attributes.get("reduction_dims"))
            s = shape_of(op.operands[0].type)
            if dims is not None and s is not None and lay.dims and sorted(lay.dims) == sorted(dims):
                yield Demand(op, 0, _unsliced(lay, s))
            if len(op.operands) > 1:
                yield Demand(op, 1, lay)
            return
        if name in RESULT_ANCHOR or name.startswith("vector.") and name not in _ELEMENTWISE_VECTOR:
            return
        # everything else (arith, math, vector.fma, ...): operands of the result's shape alike
        for i, v in enumerate(op.operands):
            if shape_of(v.type) is not None and shape_of(v.type) == res_shape:
                yield Demand(op, i, lay)

    def _anchor_demands(self, op: Operation) -> Iterator[Demand]:
        a = op.attributes
        for k, attr in a.items():
            if k.startswith("layout_operand_") and is_wg_layout(attr) and k[15:].isdigit():
                i = int(k[15:])
                if i < len(op.operands):
                    yield Demand(op, i, parse_wg_layout(attr, op.loc))
        name = op.name
        if name == "xegpu.dpas":
            for i, k in enumerate(("layout_a", "layout_b", "layout_cd")):
                if i < len(op.operands) and is_wg_layout(a.get(k)):
                    yield Demand(op, i, parse_wg_layout(a[k], op.loc))
            return
        if name == "xegpu.convert_layout" and is_wg_layout(a.get("input_layout")):
            yield Demand(op, 0, parse_wg_layout(a["input_layout"], op.loc))
            return
        lay = parse_wg_layout(a["layout"], op.loc) if is_wg_layout(a.get("layout")) else None
        if lay is None and name in ("xegpu.load", "xegpu.store") and op.operands:
            # no anchor: the data's layout is the access's (upstream then writes it as the anchor)
            data = op.results[0] if name == "xegpu.load" and op.results else op.operands[0]
            lay = self.layouts.get(data)
        if lay is None or not op.operands:
            return
        if name in ("xegpu.load_nd", "xegpu.prefetch_nd", "xegpu.update_nd_offset"):
            yield Demand(op, 0, lay)
        elif name in ("xegpu.store_nd", "xegpu.store_matrix"):
            yield Demand(op, 0, lay)
            if name == "xegpu.store_nd" and len(op.operands) > 1:
                yield Demand(op, 1, lay)
        elif name in ("xegpu.load", "xegpu.store"):
            # the data, offsets and mask of a scattered access (one element per offset)
            data = op.results[0].type if name == "xegpu.load" and op.results else op.operands[0].type
            for i, v in enumerate(op.operands):
                if isinstance(v.type, VectorType) and shape_of(v.type) == shape_of(data):
                    yield Demand(op, i, lay)

    def _yield_demands(self, op: Operation) -> Iterator[Demand]:
        owner = self._owner(op)
        if owner is None:
            return
        for j, _ in enumerate(op.operands):
            if j < len(owner.results):
                lay = self.layouts.get(owner.results[j])
                if lay is not None:
                    yield Demand(op, j, lay)

    def _owner(self, term: Operation) -> Operation | None:
        for op in self.ops:
            for region in op.regions:
                for block in region.blocks:
                    if block.operations and block.operations[-1] is term:
                        return op if op.name in ("scf.for", "scf.if") else None
        return None

    def _tie_loops(self, op: Operation) -> bool:
        """An ``scf.for``'s iter_arg and result are one value; its init is a use of it."""
        if op.name != "scf.for" or not op.regions or not op.regions[0].blocks:
            return False
        changed = False
        body = op.regions[0].blocks[0]
        for j, init in enumerate(op.operands[3:]):
            if j + 1 >= len(body.arguments) or j >= len(op.results):
                break
            arg, res = body.arguments[j + 1], op.results[j]
            lay = self.layouts.get(arg) or self.layouts.get(res)
            if lay is None:
                continue
            for v in (arg, res):
                if v not in self.layouts:
                    self.layouts[v] = lay
                    changed = True
            changed |= self.demand(Demand(op, 3 + j, lay))
            del init
        return changed

    def _reduced(self, op: Operation, only_unassigned: bool) -> bool:
        """A ``vector.multi_reduction`` whose source has layout ``S`` has the result layout
        ``#xegpu.slice<S, dims = reduced>`` (upstream's required result layout); its accumulator is
        demanded that. A use that wants another layout gets a convert_layout."""
        src, res = op.operands[0], op.results[0]
        lay, dims = self.layouts.get(src), as_int_list(op.attributes.get("reduction_dims"))
        if lay is None or lay.dims or dims is None or not isinstance(res.type, VectorType):
            return False
        if only_unassigned and res in self.layouts:
            return False
        want = replace(lay, dims=tuple(sorted(dims)))
        have = self.layouts.get(res)
        if have is not None and same_layout(have, want):
            return False
        self.layouts[res] = want
        if len(op.operands) > 1:
            self.demands[(id(op), 1)] = Demand(op, 1, want)
            self.layouts.setdefault(op.operands[1], want)
        return True

    # -- conflicts --------------------------------------------------------------------------------
    def _resolve(self) -> None:
        """A use whose demand differs from its value's layout gets a convert_layout (a descriptor,
        its own create_nd_tdesc); an iter_arg and its loop result must agree."""
        for op in self.ops:
            if op.name == "vector.multi_reduction":
                self._reduced(op, only_unassigned=False)
        for op in self.ops:
            if op.name != "scf.for" or not op.regions or not op.regions[0].blocks:
                continue
            body = op.regions[0].blocks[0]
            for j, res in enumerate(op.results):
                arg = body.arguments[j + 1] if j + 1 < len(body.arguments) else None
                la, lr = self.layouts.get(arg) if arg is not None else None, self.layouts.get(res)
                if la is not None and lr is not None and not same_layout(la, lr):
                    raise error(op.loc, f"scf.for: iter_arg {j} ({arg.name}) has layout {la} inside the "
                                        f"loop and its result ({res.name}) has {lr}")
        for d in list(self.demands.values()):
            v = d.op.operands[d.index]
            have = self.layouts.get(v)
            if have is None or same_layout(have, d.layout):
                continue
            if isinstance(v.type, TensorDescType):
                self._own_descriptor(d, v, have)
            elif self._reblock_load(d, v, have):
                continue
            elif isinstance(v.type, VectorType):
                self._convert(d, v, have)

    def _reblock_load(self, d: Demand, v: Value, have: WgLayout) -> bool:
        """A ``load_nd`` result whose one use, a transpose, demands other instruction blocks of
        the same pieces loads those blocks itself (as ``_fold_reblocking_converts``): a transposed
        dpas operand is then transposed block by block straight from its messages, not cut out of
        bigger blocks first."""
        load = self.producer.get(v)
        if load is None or load.name != "xegpu.load_nd" or have.dims or d.layout.dims \
                or not have.same_distribution(d.layout):
            return False
        if sum(o is v for op in self.ops for o in op.operands) != 1 or d.op.name != "vector.transpose":
            return False
        load.attributes["layout"] = layout_attr(d.layout)
        load.attributes.pop("layout_result_0", None)
        self.layouts[v] = d.layout
        return True

    def _convert(self, d: Demand, v: Value, have: WgLayout) -> None:
        self.count += 1
        stem = v.name.lstrip("%").replace("#", "_")
        new = Value(f"%{stem}_cvt{self.count}", v.type, d.op.loc)
        attrs: dict[str, Attribute] = {"input_layout": layout_attr(have),
                                       "target_layout": layout_attr(d.layout)}
        cvt = Operation("xegpu.convert_layout", [v], [new], attrs, [], d.op.loc)
        block = self.block_of[id(d.op)]
        block.operations.insert(_index(block, d.op), cvt)
        d.op.operands[d.index] = new
        self.layouts[new] = d.layout

    def _own_descriptor(self, d: Demand, v: Value, have: WgLayout) -> None:
        create = self.producer.get(v)
        if create is None or create.name != "xegpu.create_nd_tdesc":
            raise error(d.op.loc, f"{d.op.name} uses '{v.name}' with layout {d.layout}, but it has {have} "
                                  "and is not made by a create_nd_tdesc here that could be repeated")
        t = v.type
        assert isinstance(t, TensorDescType)
        self.count += 1
        stem = v.name.lstrip("%").replace("#", "_")
        new = Value(f"%{stem}_lay{self.count}", _with_layout(t, d.layout), create.loc)
        twin = Operation(create.name, list(create.operands), [new], dict(create.attributes), [], create.loc)
        block = self.block_of[id(create)]
        block.operations.insert(_index(block, create) + 1, twin)
        self.block_of[id(twin)] = block
        d.op.operands[d.index] = new
        self.layouts[new] = d.layout

    # -- writing ----------------------------------------------------------------------------------
    def _write(self) -> None:
        for op in self.ops:
            if op.name in ("xegpu.load", "xegpu.store") and "layout" not in op.attributes and op.operands:
                data = op.results[0] if op.name == "xegpu.load" and op.results else op.operands[0]
                if data in self.layouts:
                    op.attributes["layout"] = layout_attr(self.layouts[data])
            for i, r in enumerate(op.results):
                lay = self.layouts.get(r)
                if lay is None:
                    continue
                if isinstance(r.type, TensorDescType):
                    if _type_layout(r.type, op.loc) is None:
                        r.type = _with_layout(r.type, lay)
                    continue
                if not isinstance(r.type, VectorType) or f"layout_result_{i}" in op.attributes:
                    continue
                if i == 0 and is_wg_layout(op.attributes.get(RESULT_ANCHOR.get(op.name, ""))):
                    continue
                op.attributes[f"layout_result_{i}"] = layout_attr(lay)
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.arguments:
                        lay = self.layouts.get(arg)
                        if lay is not None and isinstance(arg.type, TensorDescType) and \
                                _type_layout(arg.type, op.loc) is None:
                            arg.type = _with_layout(arg.type, lay)


# vector ops that are elementwise (their operands take the result's layout)
_ELEMENTWISE_VECTOR = {"vector.fma"}


def _index(block: Block, op: Operation) -> int:
    return next(i for i, o in enumerate(block.operations) if o is op)


def _type_layout(t: TensorDescType, loc: Location) -> WgLayout | None:
    found = [p for p in t.params if is_wg_layout(p)]
    return parse_wg_layout(found[0], loc) if found else None


def _with_layout(t: TensorDescType, lay: WgLayout) -> TensorDescType:
    kept = tuple(p for p in t.params if not (isinstance(p, DialectAttr) and p.name in ("layout", "slice")))
    return TensorDescType(t.shape, t.element, (*kept, layout_attr(lay)))


def _slice(lay: WgLayout, value_dims: range | list[int]) -> WgLayout:
    """``lay`` without the value's dimensions ``value_dims`` (a slice of the same parent)."""
    kept = lay.kept()
    return replace(lay, dims=tuple(sorted({*lay.dims, *(kept[d] for d in value_dims)})))


def _unsliced(lay: WgLayout, shape: tuple[int, ...]) -> WgLayout:
    """The parent of slice ``lay`` as the layout of a ``shape`` value: along the sliced dimensions
    (whose data the slice does not have) each subgroup takes the whole extent over its share of
    ``sg_layout``, as a reduction's source is split."""
    def fill(vals: tuple[int, ...] | None, data: tuple[int, ...]) -> tuple[int, ...] | None:
        if vals is None:
            return None
        return tuple(data[d] if d in lay.dims and (v > data[d] or data[d] % v) else v
                     for d, v in enumerate(vals))

    data = tuple(max(1, n // g) if d in lay.dims else (lay.sg_data[d] if lay.sg_data else n // g)
                 for d, (n, g) in enumerate(zip(shape, lay.sg_layout, strict=True)))
    sg_data = tuple(data[d] if d in lay.dims else v for d, v in enumerate(lay.sg_data)) \
        if lay.sg_data is not None else None
    return replace(lay, dims=(), sg_data=sg_data, inst_data=fill(lay.inst_data, data))


def _inserted_units(src: tuple[int, ...], res: tuple[int, ...]) -> list[int] | None:
    """The positions of ``res`` that are unit dimensions added to ``src`` (``[6]`` to
    ``[1, 1, 6, 1]``: 0, 1, 3; ``[1, 16]`` to ``[1, 16, 1]``: 2, matching from the left); None
    unless ``res`` is ``src`` with unit dimensions added."""
    out: list[int] = []
    j = 0
    for i, n in enumerate(res):
        if j < len(src) and src[j] == n and len(res) - i >= len(src) - j:
            j += 1
        elif n == 1:
            out.append(i)
        else:
            return None
    return out if j == len(src) and out else None


def _permuted(lay: WgLayout, perm: list[int]) -> WgLayout:
    """The source layout of a transpose whose result has ``lay``: result dimension ``i`` is source
    dimension ``perm[i]``."""
    def back(vals: tuple[int, ...] | None) -> tuple[int, ...] | None:
        if vals is None:
            return None
        out = [0] * len(vals)
        for i, p in enumerate(perm):
            out[p] = vals[i]
        return tuple(out)

    order = tuple(perm[d] for d in lay.order_or_default())
    return WgLayout(back(lay.sg_layout) or (), back(lay.sg_data), back(lay.inst_data), back(lay.lane_layout),
                    back(lay.lane_data), order)
