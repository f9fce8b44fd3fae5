"""SIMT (work-item) XeGPU kernels re-assembled into subgroup-level ones.

A SIMT kernel describes one work item: with ``sg_map`` (RFC) or ``#xegpu.layout`` (upstream)
on its tensor descriptors, ``load_nd``/``dpas``/``store_nd`` take and give the lane's fragment
of a tile (``vector<8x1xbf16>`` of an 8x16 tile). GenX code describes the whole EU thread, so
each per-lane value is read as its lane's view of one subgroup-level vector, and this pass
gives every such value that vector's type: loads, stores and dpas then act on whole tiles and
per-lane elementwise ops become whole-vector ops. The lowering sees an ordinary kernel.

The pass works on the generic IR, before the op model is built: layouts are attributes
(``layout_a``, the RFC's ``{#sg_map_a #sg_map_b #sg_map_c}``) that the op model does not keep,
and ``Value`` objects are shared with the op model, so retyping them here is all it takes.

Which elements a lane holds never has to be spelled out: a whole-tile op treats every element
alike, so it is enough that the values an op combines are distributed *the same way*
(:class:`Dist` equality). Whatever would move data between lanes (values distributed
differently, a per-lane reduction or extract, lane-divergent branches) is a located error.
Target rules (lane count, the RFC's dpas tables) need the target: :class:`SimtKernel` records
what they need and ``lower.simt_check`` checks it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from genx_emit.diagnostics import Location, error
from genx_emit.dispatch import registrar
from genx_emit.mlir.attrs import DenseArrayAttr, DenseElementsAttr, UnitAttr, as_int
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value, nested_ops
from genx_emit.mlir.types import FloatType, IntegerType, TensorDescType, Type, VectorType, element_bits
from genx_emit.ops import simt_divergence, simt_lane
from genx_emit.ops.arith import Binary, Cast, Compare, Constant, Select
from genx_emit.ops.build import BUILT_CLASS
from genx_emit.ops.control import Branch, CondBranch, For, If, Return, Yield
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.launch import LANE, KernelKind
from genx_emit.ops.math import MathOp
from genx_emit.ops.model import Op
from genx_emit.ops.nd import CreateNdDesc, LoadNd, PrefetchNd, StoreNd, UpdateNdOffset
from genx_emit.ops.scatter import (
    AtomicRmw,
    CreateDesc,
    LoadGather,
    PrefetchScatter,
    StoreScatter,
    UpdateOffset,
)
from genx_emit.ops.simt_layout import (
    Dist,
    Layout,
    SimtDpas,
    SimtKernel,
    check_divisible,
    check_fragment_shape,
    count,
    dpas_layouts,
    element,
    elements,
    fragment_lanes,
    is_layout_attr,
    lane_map,
    lanes_dist,
    note_simt_kernels,
    note_vnni_repack,
    parse_layout,
    rfc_fragment,
    simt_kernel,
    tdesc_layout,
)
from genx_emit.ops.types import tdesc_info
from genx_emit.ops.upstream import ConvertLayout
from genx_emit.ops.vector import (
    BitCast,
    Broadcast,
    Extract,
    ExtractStridedSlice,
    Insert,
    Reduction,
    ShapeCast,
    Splat,
)

# Upstream and RFC names of a dpas's operand layouts.
_DPAS_KEYS = {
    "a": ("layout_a", "a_layout", "sg_map_a", "layout_operand_0"),
    "b": ("layout_b", "b_layout", "sg_map_b", "layout_operand_1"),
    "c": ("layout_cd", "layout_c", "c_layout", "sg_map_c", "layout_result_0", "layout_operand_2"),
}

# Upstream's names of a convert_layout's layouts, and the older srcMap / resMap.
_CONVERT_KEYS = ("input_layout", "target_layout", "srcMap", "resMap")

SimtRule = Callable[["_Distributor", Operation], None]
# Op name -> the rule that distributes it. Ops without a rule must take no per-lane value.
SIMT_RULES: dict[str, SimtRule] = {}


def simt_rule(*ops: type[Op] | str) -> Callable[[SimtRule], SimtRule]:
    """Register a rule for op-model classes (all their ``NAMES``) or single op names of one."""
    names = [n for o in ops for n in ((o,) if isinstance(o, str) else o.NAMES)]
    for n in names:
        if n not in BUILT_CLASS:
            raise TypeError(f"SIMT rule for '{n}', which no op-model class names")
    return registrar(SIMT_RULES, names)


# -- the pass ---------------------------------------------------------------------------------
def reassemble_simt(src: SourceModule, kinds: dict[Location, KernelKind] | None = None,
                    ) -> dict[Location, SimtKernel]:
    """Rewrite every SIMT (lane-level) kernel of ``src`` in place into its subgroup-level form;
    returns what the target check needs, by the location of each SIMT function. ``kinds``: what
    :mod:`genx_emit.ops.launch` decided of each function."""
    out: dict[Location, SimtKernel] = {}
    for op in src.device_functions():
        if op.regions and op.regions[0].blocks:
            lanes = _simt_lanes(op, (kinds or {}).get(op.loc))
            if lanes is not None:
                out[op.loc] = _Distributor(lanes).run(op)
    return out


_ACCESS_VALUE = {"xegpu.load_nd": "result", "xegpu.load": "result", "xegpu.load_gather": "result",
                 "xegpu.store_nd": "operand", "xegpu.store": "operand", "xegpu.store_scatter": "operand",
                 "xegpu.atomic_rmw": "result"}


def _simt_lanes(func: Operation, kind: KernelKind | None) -> tuple[int, Location, str] | None:
    """A function is SIMT when it moves a per-lane fragment (fewer elements than the descriptor's
    tile) or asks for ``gpu.lane_id``; its lanes are those of the first fragment: its layout's,
    or without one (upstream's distributed output) the tile's elements over the fragment's. The
    layouts of subgroup-level accesses are not read: upstream leaves them on such kernels too."""
    lane_id = None
    for op in nested_ops(func):
        if op.name == "gpu.lane_id":
            lane_id = lane_id or op
        where = _ACCESS_VALUE.get(op.name)
        if where is None:  # (most ops: no operand walk)
            continue
        tdesc = next((v for v in op.operands if isinstance(v.type, TensorDescType)), None)
        value = (op.results or [None])[0] if where == "result" else (op.operands or [None])[0]
        if tdesc is None or value is None:
            continue
        info = tdesc_info(tdesc.type, op.loc)  # type: ignore[arg-type]
        if elements(value.type) >= count(info.shape):
            continue
        if info.layout is None:
            if info.scattered and elements(value.type) != info.chunk_size:
                continue  # not one lane's chunk: a malformed subgroup-level access, the op model's to refuse
            lanes = fragment_lanes(op, tdesc.type, tuple(info.shape), value)
            tile = "x".join(map(str, info.shape))
            return lanes, op.loc, f"{op.name} moves a per-lane '{value.type}' of the {tile} tile without a " \
                                  "layout"
        layout = parse_layout(info.layout, op.loc)
        return layout.count, op.loc, f"{op.name} distributes its tile over {layout}"
    if kind is not None and kind.level == LANE:
        return kind.lanes, kind.loc, f"the kernel is lane-level ({kind.why}) with {kind.lanes} lanes " \
                                     "(its intel_reqd_sub_group_size, else upstream's)"
    if lane_id is not None:
        raise error(lane_id.loc, "gpu.lane_id needs a SIMT kernel: no access in this function moves "
                                 "a per-lane fragment of a tensor_desc's tile, so the number of lanes is "
                                 "unknown")
    return None


def _dpas_feeds(func: Operation) -> dict[Operation, tuple[str, Operation]]:
    """The loads that feed a dpas operand ("a", "b" or "c", with the dpas), followed back through
    ``vector.shape_cast`` and loop carries: without a layout, such a load is distributed as the
    dpas needs (B in VNNI row groups, A by the RFC table), which its per-lane type cannot say."""
    producer: dict[Value, Operation] = {}
    sources: dict[Value, list[Value]] = {}  # loop-carried values: where they come from
    for op in nested_ops(func):
        for r in op.results:
            producer[r] = op
        if op.name == "scf.for" and op.regions and op.regions[0].blocks:
            body = op.regions[0].blocks[0]
            last = body.operations[-1] if body.operations else None
            yields = last.operands if last is not None and last.name == "scf.yield" else []
            for j, init in enumerate(op.operands[3:]):
                back = [yields[j]] if j < len(yields) else []
                if j + 1 < len(body.arguments):
                    sources[body.arguments[j + 1]] = [init, *back]
                if j < len(op.results):
                    sources[op.results[j]] = back
    feeds: dict[Operation, tuple[str, Operation]] = {}
    for op in nested_ops(func):
        if op.name != "xegpu.dpas":
            continue
        for which, v in zip("abc", op.operands, strict=False):
            for load in _loads_behind(v, producer, sources):
                feeds.setdefault(load, (which, op))
    return feeds


def _loads_behind(v: Value, producer: dict[Value, Operation], sources: dict[Value, list[Value]]):
    todo, seen = [v], set()
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        op = producer.get(v)
        if v in sources:
            todo.extend(sources[v])
        elif op is not None and op.name == "vector.shape_cast":
            todo.append(op.operands[0])
        elif op is not None and op.name == "xegpu.load_nd":
            yield op


class _Distributor:
    """Forward pass over one SIMT function: which values are lane-distributed and how."""

    def __init__(self, lanes: tuple[int, Location, str]):
        n, loc, what = lanes
        self.kernel = SimtKernel(n, loc, what)
        self.dist: dict[Value, Dist] = {}
        # Splat-like per-lane values (constants, broadcasts of uniform scalars): distributed as
        # their first distributed use needs; groups joined by elementwise ops and loop carries.
        self.flex_parent: dict[Value, Value] = {}
        self.flex_dist: dict[Value, Dist] = {}
        self.processed: set[Block] = set()
        self.broadcasts: list[tuple[Block, Operation, int, Dist]] = []
        self.spreads: list[tuple[Block, Operation, Dist, list[int]]] = []  # per-lane select conditions
        self.lane_ids: list[Operation] = []
        self.reshapes: list[Operation] = []
        self.constants: list[Operation] = []
        self.int_constants: dict[Value, int] = {}  # scalar integer constants (gpu.shuffle operands)
        self.shuffles: list[tuple[Block, Operation, list[int], list[bool]]] = []
        self.block: Block | None = None
        self.mask: Value | None = None  # under lane-divergent control flow: the lanes that run
        self.n_new = 0  # ops made for lane-divergent control flow (their value names)
        self.feeds: dict[Operation, tuple[str, Operation]] = {}
        self.later: list[Callable[[], None]] = []  # rewrites that need the whole types

    # -- bookkeeping ---------------------------------------------------------------------------
    def find(self, v: Value) -> Value:
        while self.flex_parent[v] is not v:
            v = self.flex_parent[v]
        return v

    def make_flexible(self, v: Value) -> None:
        self.flex_parent.setdefault(v, v)

    def join(self, a: Value, b: Value) -> None:
        self.make_flexible(a)
        self.make_flexible(b)
        ra, rb = self.find(a), self.find(b)
        if ra is not rb:
            self.flex_parent[rb] = ra

    def of(self, v: Value) -> Dist | None:
        if v in self.dist:
            return self.dist[v]
        if v in self.flex_parent:
            return self.flex_dist.get(self.find(v))
        return None

    def set(self, v: Value, d: Dist, op: Operation, what: str, any_shape: bool = False) -> None:
        """``v`` is distributed as ``d``: its per-lane type must hold the lane's share (in the
        RFC's fragment shape unless ``any_shape``: a per-lane reshape)."""
        if elements(v.type) != d.per_lane:
            rows, data = rfc_fragment(d.layout, d.per_lane)
            frag = f"vector<{rows}x{data}x{element(v.type)}>"
            if not d.packed and data == 1:
                frag = f"vector<{d.per_lane}x{element(v.type)}>"
            raise error(op.loc, f"{op.name}: {what} '{v.name}' has the per-lane type '{v.type}' "
                                f"({elements(v.type)} elements), but {d} gives each of its {d.lanes} "
                                f"lanes {d.per_lane} ({frag})")
        t = v.type
        if isinstance(t, VectorType) and len(t.shape) > 1 and not any_shape:
            # One rule whether the layout is written or inferred: the RFC's 2-D fragment or a flat one.
            want = rfc_fragment(d.layout, d.per_lane)
            if tuple(t.shape) != want:
                raise error(op.loc, f"{op.name}: {what} '{v.name}' is '{t}', but a lane's share of {d} is "
                                    f"vector<{want[0]}x{want[1]}x{t.element}> (the RFC's [elements / "
                                    f"wi_data size, wi_data size]) or vector<{d.per_lane}x{t.element}>")
        old = self.of(v)
        if old is not None and old != d:
            raise error(op.loc, f"{op.name}: {what} '{v.name}' is distributed as {old}, but this op needs "
                                f"{d}: re-assembling it would move data between lanes")
        if v in self.flex_parent:
            self.flex_dist[self.find(v)] = d
        else:
            self.dist[v] = d

    def need(self, v: Value, d: Dist, op: Operation, what: str) -> None:
        """``op`` takes ``v`` distributed as ``d``."""
        if self.of(v) is None and v not in self.flex_parent:
            if not isinstance(v.type, VectorType) and d.per_lane == 1:
                # A uniform scalar where every lane brings its own: broadcast it to the lanes.
                self.broadcasts.append((self.block, op, op.operands.index(v), d))
                return
            raise error(op.loc, f"{op.name}: {what} '{v.name}' is the same in every lane, but this op needs "
                                f"it distributed as {d}; only splat constants and broadcasts of uniform "
                                "scalars can be re-assembled that way")
        self.set(v, d, op, what)

    # -- walk ------------------------------------------------------------------------------------
    def run(self, func: Operation) -> SimtKernel:
        self.feeds = _dpas_feeds(func)
        blocks = func.regions[0].blocks
        for block in blocks:
            self.block_ops(block)
        self.rewrite()
        return self.kernel

    def block_ops(self, block: Block) -> None:
        saved = self.block
        self.block = block
        for op in list(block.operations):
            self.op(op)
        self.processed.add(block)
        self.block = saved

    def op(self, op: Operation) -> None:
        for key, attr in op.attributes.items():
            if is_layout_attr(key):  # read or not, a layout attribute must be one
                parse_layout(attr, op.loc, f"{op.name}: attribute '{key}'")
        try:
            self.dispatch(op)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError, ZeroDivisionError) as e:
            # A rule tripped over an operand of an unexpected kind: still the input's fault.
            raise error(op.loc, f"{op.name}: malformed in a SIMT kernel ({type(e).__name__}: {e})") from None

    def dispatch(self, op: Operation) -> None:
        rule = SIMT_RULES.get(op.name)
        if rule is not None:
            rule(self, op)
        else:
            self.uniform_operands(op, "genx-emit cannot re-assemble it from per-lane fragments")
            for region in op.regions:
                for block in region.blocks:
                    self.block_ops(block)

    def uniform_operands(self, op: Operation, why: str, operands: list[Value] | None = None) -> None:
        for v in op.operands if operands is None else operands:
            d = self.of(v)
            if d is not None:
                raise error(op.loc, f"{op.name}: operand '{v.name}' differs per lane ({d}), but this op "
                                    f"takes a subgroup-uniform value: {why}")

    @simt_rule(CreateNdDesc, UpdateNdOffset, PrefetchNd, PrefetchScatter)
    def uniform_only(self, op: Operation) -> None:
        self.uniform_operands(op, "it addresses one block for the whole subgroup")

    # -- elementwise -----------------------------------------------------------------------------
    @simt_rule(Binary, Cast, Compare, MathOp)
    def elementwise(self, op: Operation) -> None:
        dists = [(v, self.of(v)) for v in op.operands]
        found = [(v, d) for v, d in dists if d is not None]
        if op.name == "arith.bitcast" and (found or op.operands[0] in self.flex_parent):
            src, dst = element(op.operands[0].type), element(op.results[0].type)
            if element_bits(src) != element_bits(dst):
                # Per lane, a width change would split or join the lane's own elements: the
                # whole tile would then need another layout (wi_data), not one cast.
                what = f"({found[0][1]})" if found else "(a splat taking the distribution of its use)"
                raise error(op.loc, f"{op.name}: '{op.operands[0].name}' is a per-lane fragment {what}; a "
                                    f"bitcast of it from {src} to {dst} changes the element width, and only "
                                    "same-width bitcasts of fragments are supported")
        for (v1, d1), (v2, d2) in zip(found, found[1:], strict=False):
            if d1 != d2:
                raise error(op.loc, f"{op.name}: '{v1.name}' is distributed as {d1} and '{v2.name}' as {d2}: "
                                    "combining them would move data between lanes")
        scalar_op = not isinstance(op.results[0].type, VectorType) if op.results else True
        if not found:
            flex = [v for v in op.operands if v in self.flex_parent]
            if flex and all(v in self.flex_parent or not isinstance(v.type, VectorType) for v in op.operands):
                for v in flex[1:]:
                    self.join(flex[0], v)
                for r in op.results:
                    self.join(flex[0], r)
            return
        d = found[0][1]
        for i, v in enumerate(op.operands):
            if self.of(v) is not None:
                continue
            if v in self.flex_parent:
                self.set(v, d, op, f"operand #{i}")
            elif not isinstance(v.type, VectorType) and scalar_op:
                self.broadcasts.append((self.block, op, i, d))
            elif not isinstance(v.type, VectorType) and op.name == "arith.select" and i == 0:
                pass  # one uniform condition for the whole vector
            else:
                self.need(v, d, op, f"operand #{i}")
        for r in op.results:
            self.set(r, d, op, "result")

    @simt_rule(Select)
    def arith_select(self, op: Operation) -> None:
        cond, res = op.operands[0], op.results[0]
        dc = self.of(cond)
        if dc is None or isinstance(cond.type, VectorType) or not isinstance(res.type, VectorType):
            return self.elementwise(op)
        # The lane's own i1 picks its whole fragment: in whole form, the condition of every element
        # is that of the lane holding it, gathered from the condition's lanes by a shuffle.
        known = [d for d in map(self.of, op.operands[1:]) if d is not None]
        d = known[0] if known else Dist((res.type.num_elements, dc.lanes), Layout((1, dc.lanes)))
        for i, v in enumerate(op.operands[1:], 1):
            self.need(v, d, op, f"operand #{i}")
        self.set(res, d, op, "result")
        where, lanes = lane_map(d), lane_map(dc)
        if where is None or lanes is None:
            raise error(op.loc, f"{op.name}: cannot spread the per-lane condition '{cond.name}' ({dc}) over "
                                f"{d}")
        index = {lane: i for i, lane in enumerate(lanes)}
        self.spreads.append((self.block, op, d, [index[lane] for lane in where]))

    # -- constants, ids, vector reshapes ---------------------------------------------------------
    @simt_rule(Constant)
    def arith_constant(self, op: Operation) -> None:
        value = op.attr("value")
        vector = isinstance(op.results[0].type, VectorType)
        if not vector and as_int(value) is not None:
            self.int_constants[op.results[0]] = as_int(value)  # type: ignore[assignment]
        if vector and isinstance(value, DenseElementsAttr) and (value.splat or len(value.values) == 1):
            self.make_flexible(op.results[0])
            self.constants.append(op)

    @simt_rule("gpu.shuffle")
    def gpu_shuffle(self, op: Operation) -> None:
        """``gpu.shuffle MODE %v, %offset, %width``: lane l gets %v of lane src(l) when src(l) <
        width (else its own, and valid is false). With constant offset and width this is a fixed
        permutation of the lanes' vector: a ``vector.shuffle``, and ``valid`` a constant."""
        v, off, width = op.operands
        d = self.of(v)
        mode = re.findall(r"\w+", str(op.attr("mode") or ""))[-1:] or [""]  # xor, #gpu<shuffle_mode xor>
        consts = [self.int_constants.get(x) for x in (off, width)]
        if mode[0] in ("xor", "down", "up", "idx") and (None in consts or self.of(off) is not None):
            return simt_divergence.runtime_shuffle(self, op, mode[0])
        if d is None or d.per_lane != 1 or None in consts or mode[0] not in ("xor", "down", "up", "idx"):
            raise error(op.loc, "gpu.shuffle: supported on a per-lane scalar with constant offset and width "
                                "(xor, down, up, idx)")
        k, w = consts
        lanes = lane_map(d)
        assert lanes is not None
        src = {"xor": lambda n: n ^ k, "down": lambda n: n + k,
               "up": lambda n: n - k, "idx": lambda n: k}[mode[0]]
        index = {lane: i for i, lane in enumerate(lanes)}
        picks, valid = [], []
        for lane in lanes:
            s_ = src(lane)
            ok = 0 <= s_ < w and s_ in index  # type: ignore[operator]
            picks.append(index[s_] if ok else index[lane])
            valid.append(ok)
        self.set(op.results[0], d, op, "result")
        self.set(op.results[1], d, op, "valid")
        self.shuffles.append((self.block, op, picks, valid))  # type: ignore[arg-type]

    @simt_rule("gpu.lane_id")
    def gpu_lane_id(self, op: Operation) -> None:
        self.set(op.results[0], lanes_dist(self.kernel.lanes), op, "result")
        self.lane_ids.append(op)

    @simt_rule(Broadcast, Splat)
    def vector_broadcast(self, op: Operation) -> None:
        src, res = op.operands[0], op.results[0]
        d = self.of(src)
        if d is None:
            if src in self.flex_parent:
                self.join(src, res)
            elif not isinstance(src.type, VectorType):
                self.make_flexible(res)  # a uniform scalar splat: any distribution
            return
        if elements(res.type) == elements(src.type):
            self.set(res, d, op, "result")
            self.reshapes.append(op)
        elif d == lanes_dist(d.lanes) and isinstance(res.type, VectorType):
            # The lane's scalar in every element of its fragment: in whole form, one row per
            # fragment element, each row holding every lane's value.
            self.set(res, Dist((res.type.num_elements, d.lanes), Layout((1, d.lanes))), op, "result")
        else:
            raise error(op.loc, f"{op.name}: broadcasting '{src.name}' ({d}) within each lane would move "
                                "data between lanes in the re-assembled form")

    @simt_rule(ShapeCast)
    def vector_shape_cast(self, op: Operation) -> None:
        src, res = op.operands[0], op.results[0]
        d = self.of(src)
        if d is not None:
            # Same fragment, another per-lane shape: the same whole value.
            self.set(res, d, op, "result", any_shape=simt_lane.flat(src.type))
        elif src in self.flex_parent:
            self.join(src, res)

    @simt_rule(ConvertLayout)
    def xegpu_convert_layout(self, op: Operation) -> None:
        """A lane-layout change keeps the subgroup's tile: in whole form nothing moves, only the
        per-lane reading changes (the result is re-assembled with the target layout), except
        between a plain tile and its VNNI form (lane_data [f, 1]), which the lowering re-packs."""
        src, res = op.operands[0], op.results[0]
        d = self.of(src)
        if d is None:
            if src in self.flex_parent:
                self.join(src, res)  # a splat is the same under every layout
            return
        given = {k: parse_layout(op.attributes[k], op.loc, f"{op.name}: attribute '{k}'")
                 for k in _CONVERT_KEYS if k in op.attributes}
        stated = given.get("input_layout", given.get("srcMap"))
        target = given.get("target_layout", given.get("resMap"))
        if target is None:
            raise error(op.loc, f"{op.name}: '{src.name}' is a per-lane fragment ({d}), so the op needs a "
                                "target_layout with lane_layout / lane_data")
        for layout in (stated, target):
            if layout is not None:
                self.lanes_of(layout, op)
        if stated is not None and stated != d.layout:
            raise error(op.loc, f"{op.name}: input_layout ({stated}) is not how '{src.name}' is distributed "
                                f"({d})")
        dres = self.relaid(op, d, element(src.type), target)
        self.set(res, dres, op, "result")
        if dres.packed != d.packed:
            note_vnni_repack(op)  # the whole-tile types differ: the lowering re-packs

    def relaid(self, op: Operation, d: Dist, el: Type, layout: Layout) -> Dist:
        """The tile of ``d`` distributed by ``layout``: VNNI-packed when the lanes take row
        groups of a sub-32-bit element (as a load_nd or a dpas B operand would)."""
        tile = (d.shape[0] * d.shape[2], d.shape[1]) if d.packed else d.shape
        view = (1, tile[0]) if len(tile) == 1 else tile
        check_divisible(op, None, view, layout)
        bits = element_bits(el)
        f = 32 // bits if bits < 32 else 1
        if f == 1 or layout.data[0] == 1 or len(tile) != 2:
            return Dist(tile, layout)
        if layout.data[0] != f:
            raise error(op.loc, f"{op.name}: target_layout ({layout}) gives lanes row groups of "
                                f"{layout.data[0]} (VNNI), which need the VNNI factor {f} of {el} (32 bits / "
                                f"{bits})")
        return Dist((tile[0] // f, tile[1], f), layout, packed=True)

    # -- block (2D / 1D) accesses ----------------------------------------------------------------
    def nd_dist(self, op: Operation, tdesc: Value, value: Value, store: bool) -> Dist | None:
        info, layout = tdesc_layout(tdesc.type, op.loc)
        if layout is None:
            if elements(value.type) >= count(info.shape):
                raise error(op.loc, f"{op.name}: '{tdesc.type}' has no sg_map / layout, but this is a SIMT "
                                    "kernel (values are per-lane fragments): give the tensor_desc a "
                                    "distribution")
            layout = self.infer_nd_layout(op, tdesc, value, store)
        self.lanes_of(layout, op)
        shape = tuple(info.shape)
        if info.array_length > 1:
            if store or op.attr("transpose") is not None or len(shape) != 2:
                raise error(op.loc, f"{op.name}: array_length {info.array_length} at lane level is supported "
                                    "on plain and packed 2D loads only")
            check_divisible(op, tdesc.type, shape, layout)
            shape = (shape[0] * info.array_length, shape[1])  # the blocks stacked along the rows
        view = (1, shape[0]) if len(shape) == 1 else shape
        check_divisible(op, tdesc.type, view, layout)
        bits = element_bits(info.element)
        f = 32 // bits if bits < 32 else 1
        transpose = op.attr("transpose")
        if transpose is not None and not store:
            width = as_int(op.attr("transpose_bit_width"))
            if width is not None and width != bits:
                raise error(op.loc, f"{op.name}: transpose_bit_width {width} with an sg_map is not supported "
                                    "(the RFC defines the fragment of an element-wise transpose only)")
            if min(layout.lanes) > 1:
                # Swapping a 2-D lane grid renumbers its lanes (row-major over the grid), so lane
                # ids (gpu.lane_id, per-lane selects) would no longer name the same work items.
                raise error(op.loc, f"{op.name}: a transposed load distributed over a 2-D lane grid "
                                    f"({layout}) is not supported; the RFC transposes with "
                                    "wi_layout = [lanes, 1]")
            return Dist((view[1], view[0]), layout.swapped())
        packed_attr = op.attr("packed") is not None or as_int(op.attr("vnni_axis")) == 0
        if store or not (packed_attr or (f > 1 and layout.data[0] > 1)):
            if packed_attr:
                raise error(op.loc, f"{op.name}: 'packed' needs a 2D tensor_desc of 8- or 16-bit elements")
            return Dist(shape, layout)
        if len(shape) != 2 or f == 1:
            raise error(op.loc, f"{op.name}: 'packed' needs a 2D tensor_desc of 8- or 16-bit elements, got "
                                f"'{tdesc.type}'")
        if layout.data[0] != f:
            why = "'packed'" if packed_attr else f"wi_data[0] = {layout.data[0]} (lanes get row groups: VNNI)"
            raise error(op.loc, f"{op.name}: {why} needs wi_data[0] equal to the VNNI factor {f} of "
                                f"{info.element} (32 bits / {bits}), got {layout}")
        return Dist((shape[0] // f, shape[1], f), layout, packed=True)

    def infer_nd_layout(self, op: Operation, tdesc: Value, value: Value, store: bool) -> Layout:
        """The layout upstream's distribution would have given a block access whose descriptor
        carries none, read off the per-lane type: the lanes split the tile's columns one element
        each ([L] for a 1-D tile), its rows when transposed, and VNNI row groups when packed or
        feeding a dpas as B; A takes the RFC table's layout."""
        info = tdesc_info(tdesc.type, op.loc)  # type: ignore[arg-type]
        shape = tuple(info.shape)
        lanes = fragment_lanes(op, tdesc.type, shape, value)
        k = self.kernel
        if lanes != k.lanes:
            raise error(op.loc, f"{op.name}: '{value.name}' ('{value.type}') is a per-lane fragment of "
                                f"'{tdesc.type}' without a layout, which makes {lanes} lanes "
                                f"({count(shape)} / {elements(value.type)}), but {k.lanes_what} ({k.lanes} "
                                f"lanes, at {k.lanes_loc}): one kernel has one subgroup size")
        layout, why = self.standard_layout(op, info.element, len(shape), lanes, store)
        view = (1, shape[0]) if len(shape) == 1 else shape
        for dim, (n, lane, data) in enumerate(zip(view, layout.lanes, layout.data, strict=True)):
            if n % (lane * data):
                raise error(op.loc, f"{op.name}: '{value.name}' ('{value.type}') is a per-lane fragment of "
                                    f"'{tdesc.type}' without a layout; inferred {layout} ({why}), but "
                                    f"dimension {dim} of the tile ({n}) is not a multiple of {lane} x {data}")
        check_fragment_shape(op, value, layout, why)
        return layout

    def standard_layout(self, op: Operation, el: Type, rank: int, lanes: int,
                        store: bool) -> tuple[Layout, str]:
        bits = element_bits(el)
        f = 32 // bits if bits < 32 else 1
        if rank == 1:
            return Layout((1, lanes)), "a 1-D tile: one element per lane in turn"
        if store:
            return Layout((1, lanes)), "a stored tile: one column per lane"
        if op.attr("transpose") is not None:
            return Layout((lanes, 1)), "a transposed load: one row of the tile per lane"
        packed = op.attr("packed") is not None or as_int(op.attr("vnni_axis")) == 0
        which, dpas = self.feeds.get(op, ("", None))
        if packed and f > 1:
            return Layout((1, lanes), (f, 1)), f"'packed': row groups of the VNNI factor {f}"
        if dpas is not None and not packed:
            given = _dpas_given(dpas).get(which)
            if given is not None:
                return given, f"the layout of matrix {which.upper()} on the dpas at {dpas.loc}"
            table = dpas_layouts(lanes, element(dpas.operands[0].type))["abc".index(which)]
            return table, f"matrix {which.upper()} of the dpas at {dpas.loc}"
        return Layout((1, lanes)), "one column per lane"

    @simt_rule(LoadNd)
    def xegpu_load_nd(self, op: Operation) -> None:
        self.uniform_operands(op, "a block is addressed once for the whole subgroup", op.operands[1:])
        d = self.nd_dist(op, op.operands[0], op.results[0], store=False)
        self.set(op.results[0], d, op, "result")
        if d.packed:
            op.attributes["packed"] = UnitAttr()  # the RFC's example leaves it to wi_data

    @simt_rule(StoreNd)
    def xegpu_store_nd(self, op: Operation) -> None:
        simt_divergence.no_divergent_block_store(self, op)
        self.uniform_operands(op, "a block is addressed once for the whole subgroup", op.operands[2:])
        value = op.operands[0]
        d = self.nd_dist(op, op.operands[1], value, store=True)
        old = self.of(value)
        if old is not None and old != d and simt_lane.same_rows(old, d):
            return simt_lane.reshape_operand(self, op, 0, d)  # 16 elements as a 1x16 tile: no data moves
        if old is not None and old.packed and old.layout == d.layout:
            raise error(op.loc, f"{op.name}: '{value.name}' is VNNI-packed ({old}); storing it as a plain "
                                "tile would move data between lanes")
        self.need(value, d, op, "stored value")

    # -- scattered accesses ----------------------------------------------------------------------
    def gather_dist(self, op: Operation, tdesc: Value) -> Dist:
        info, layout = tdesc_layout(tdesc.type, op.loc)
        lanes, chunk = info.lanes, info.chunk_size
        want = Layout((1, lanes)) if chunk == 1 else Layout((lanes, 1))
        if layout is None:  # the descriptor fixes it: one offset per lane
            k = self.kernel
            if lanes != k.lanes:
                raise error(op.loc, f"{op.name}: '{tdesc.type}' has no layout: a scattered tensor_desc of "
                                    f"{lanes} offsets is distributed over {lanes} lanes, but {k.lanes_what} "
                                    f"({k.lanes} lanes, at {k.lanes_loc}): one kernel has one subgroup size")
            layout = want
        self.lanes_of(layout, op)
        if layout != want or layout.count != lanes:
            rule = "each lane reads the element at its own offset" if chunk == 1 else \
                "each lane reads the chunk at its own offset"
            raise error(op.loc, f"{op.name}: a scattered tensor_desc of {lanes} lanes"
                                + (f" and chunk {chunk}" if chunk > 1 else "")
                                + f" is distributed by {want} ({rule}), got {layout}")
        if chunk == 1:
            return lanes_dist(lanes)
        if op.attr("transpose") is not None:
            return Dist((chunk, lanes), layout.swapped())  # the RFC's chunk-major [chunk, lanes]
        return Dist((lanes, chunk), layout)

    def lane_operand(self, op: Operation, i: int, lanes: int, what: str) -> None:
        """A mask or offsets operand: the subgroup's whole vector (the RFC writes ``vector<16xi1>``)
        or, with one element, the lane's own."""
        v = op.operands[i]
        if elements(v.type) == lanes and isinstance(v.type, VectorType) and lanes > 1:
            return self.uniform_operands(op, f"the {what} of all lanes", [v])
        self.need(v, lanes_dist(lanes), op, what)

    @simt_rule(CreateDesc)
    def xegpu_create_tdesc(self, op: Operation) -> None:
        self.uniform_operands(op, "the memory of all lanes", op.operands[:1])
        info, _ = tdesc_layout(op.results[0].type, op.loc)
        if len(op.operands) == 2 and op.attr("const_offsets") is None:
            self.lane_operand(op, 1, info.lanes, "offsets")

    @simt_rule(UpdateOffset)
    def xegpu_update_offset(self, op: Operation) -> None:
        info, _ = tdesc_layout(op.operands[0].type, op.loc)
        if len(op.operands) == 2 and op.attr("const_offsets") is None:
            self.lane_operand(op, 1, info.lanes, "offsets")

    def scattered_access(self, op: Operation, tdesc_index: int, what: str) -> Dist:
        """The distribution of a scattered access through operand ``tdesc_index``, its mask (the
        operand after it) checked to give one flag per lane."""
        tdesc = op.operands[tdesc_index]
        if not isinstance(tdesc.type, TensorDescType):
            raise error(op.loc, f"{op.name}: in a SIMT kernel {what} needs a tensor_desc with an sg_map / "
                                "layout")
        d = self.gather_dist(op, tdesc)
        if len(op.operands) > tdesc_index + 1 or self.mask is not None:
            self.mask_operand(op, tdesc_index + 1)
            self.lane_operand(op, tdesc_index + 1, d.lanes, "mask")
        return d

    def mask_operand(self, op: Operation, i: int) -> None:
        """Under lane-divergent control flow, operand ``i`` of ``op`` (its mask) also needs the
        lane to be running; an access without a mask there is refused."""
        if self.mask is None:
            return
        if i >= len(op.operands):
            raise error(op.loc, f"{op.name} without a mask under lane-divergent control flow: give it one")
        simt_divergence.mask_active(self, op, i)

    @simt_rule(LoadGather)
    def xegpu_load(self, op: Operation) -> None:
        if simt_lane.is_source_form(op, 0):
            return simt_lane.source_access(self, op, 0, op.results[0], is_load=True)
        self.set(op.results[0], self.scattered_access(op, 0, "a scattered load"), op, "result")

    @simt_rule(StoreScatter)
    def xegpu_store(self, op: Operation) -> None:
        if simt_lane.is_source_form(op, 1):
            return simt_lane.source_access(self, op, 1, op.operands[0], is_load=False)
        d = self.scattered_access(op, 1 if len(op.operands) > 1 else 0, "a scattered store")
        self.need(op.operands[0], d, op, "stored value")

    @simt_rule(AtomicRmw)
    def xegpu_atomic_rmw(self, op: Operation) -> None:
        """Each lane's atomic on its own offset (or chunk): one subgroup-level atomic."""
        d = self.scattered_access(op, 0, "an atomic")
        if len(op.operands) > 2:
            self.need(op.operands[2], d, op, "value")
        for r in op.results:
            self.set(r, d, op, "result")

    # -- dpas --------------------------------------------------------------------------------------
    @simt_rule(Dpas)
    def xegpu_dpas(self, op: Operation) -> None:
        a, b = op.operands[0], op.operands[1]
        acc = op.operands[2] if len(op.operands) > 2 else None
        res = op.results[0]
        el = element(a.type)
        k = _dpas_k(el)
        if k is None:
            raise error(op.loc, f"{op.name}: element type {el} is not supported (f16, bf16, tf32, i8, ui8)")
        f = 32 // element_bits(el)
        given = _dpas_given(op)
        for layout in given.values():
            self.lanes_of(layout, op)
        # Without a layout or a known distribution, an operand is the RFC table's fragment of
        # the dpas whose N is the lanes (upstream's distribution): M and K follow from the sizes.
        table = dpas_layouts(self.kernel.lanes, el)
        da = self.dpas_operand(op, a, "lhs", given.get("a"), lambda lay, n: Dist((n // k, k), lay),
                               (table[0], k))

        def b_dist(lay: Layout, n: int) -> Dist:
            if f > 1 and lay.data[0] > 1:
                return Dist((k // f, n // k, f), lay, packed=True)
            return Dist((k, n // k), lay)

        db = self.dpas_operand(op, b, "rhs", given.get("b"), b_dist, (table[1], k))
        m, n = da.shape[0], (db.shape[1])
        lc = given.get("c")
        if lc is None:
            known = self.of(acc) if acc is not None else None
            lc = known.layout if known is not None else table[2]
        dc = Dist((m, n), lc)
        check_divisible(op, None, (m, n), lc)
        if acc is not None:
            self.need(acc, dc, op, "accumulator")
        self.set(res, dc, op, "result")
        self.kernel.dpas.append(SimtDpas(op.loc, el, da.layout, db.layout, dc.layout))

    def dpas_operand(self, op: Operation, v: Value, what: str, layout: Layout | None, make,
                     inferred: tuple[Layout, int]) -> Dist:
        known = self.of(v)
        if layout is None:
            if known is not None:
                return known
            layout = inferred[0]
            self.check_inferred_operand(op, v, what, layout, inferred[1])
        d = make(layout, elements(v.type) * layout.count)
        check_divisible(op, None, d.shape[:2] if not d.packed else (d.shape[0] * d.shape[2], d.shape[1]),
                        layout)
        self.need(v, d, op, what)
        return d

    def check_inferred_operand(self, op: Operation, v: Value, what: str, layout: Layout, k: int) -> None:
        """A dpas operand without a layout: B is K x N with N the lanes, A whole rows of K."""
        n, lanes, el = elements(v.type), self.kernel.lanes, element(v.type)
        head = f"{op.name}: {what} '{v.name}' ('{v.type}') has no layout; inferred {layout} (the RFC " \
               f"table's for {lanes} lanes)"
        if what == "rhs" and n != k:
            raise error(op.loc, f"{head}: B is K x N = {k}x{lanes} (K = {k} for {el}, N = the lanes), "
                                f"{k} elements per lane, not {n}")
        if what == "lhs" and (n * lanes) % k:
            raise error(op.loc, f"{head}: A holds {n} x {lanes} = {n * lanes} elements, not whole rows of "
                                f"K = {k} for {el}")

    # -- control flow ----------------------------------------------------------------------------
    @simt_rule(For)
    def scf_for(self, op: Operation) -> None:
        saved = self.mask
        if self.of(op.operands[1]) is not None:
            self.uniform_operands(op, "a per-lane loop runs from a common start by a common step",
                                  [op.operands[0], op.operands[2]])
            self.mask = simt_divergence.divergent_for(self, op)  # up to the largest bound, lanes masked
        self.uniform_operands(op, "lanes of one thread cannot run different trip counts", op.operands[:3])
        block = op.regions[0].blocks[0]
        args = block.arguments[1:]
        for init, arg, res in zip(op.operands[3:], args, op.results, strict=False):
            self.carry(init, [arg, res], op)
        self.block_ops(block)
        self.mask = saved
        last = block.operations[-1] if block.operations else None
        if last is not None and last.name == "scf.yield":
            for j, (y, arg) in enumerate(zip(last.operands, args, strict=False)):
                self.carry_back(y, arg, op, last, f"iter_arg #{j}")
                res = op.results[j] if j < len(op.results) else None
                if res is not None and self.of(arg) is not None and self.of(res) is None:
                    self.set(res, self.of(arg), op, f"result #{j}")

    def carry(self, src: Value, dests: list[Value], op: Operation) -> None:
        """``dests`` take ``src``'s value (loop carries, branch arguments, if results)."""
        d = self.of(src)
        for dest in dests:
            if d is not None:
                self.set(dest, d, op, "carried value")
            elif src in self.flex_parent:
                self.join(src, dest)

    def carry_back(self, y: Value, arg: Value, op: Operation, at: Operation, what: str) -> None:
        """A value flowing back into ``arg`` (a yield or a back edge) must be distributed alike."""
        dy, da = self.of(y), self.of(arg)
        if dy == da:
            if dy is None and y in self.flex_parent and arg in self.flex_parent:
                self.join(arg, y)
            return
        if da is not None and (dy is None and y in self.flex_parent):
            return self.set(y, da, at, f"value for {what}")
        if dy is not None and da is None and arg in self.flex_parent:
            return self.set(arg, dy, at, what)
        if da is None:
            raise error(at.loc, f"{op.name}: {what} '{arg.name}' enters the same in every lane but comes "
                                f"back lane-dependent ('{y.name}', {dy}): start it lane-dependent")
        raise error(at.loc, f"{op.name}: {what} '{arg.name}' is distributed as {da} but '{y.name}' comes "
                            f"back as {dy or 'the same in every lane'}")

    @simt_rule(If)
    def scf_if(self, op: Operation) -> None:
        if self.of(op.operands[0]) is not None:
            return simt_divergence.divergent_if(self, op)
        yields = []
        for region in op.regions:
            for block in region.blocks:
                self.block_ops(block)
                last = block.operations[-1] if block.operations else None
                if last is not None and last.name == "scf.yield":
                    yields.append(last)
        for j, res in enumerate(op.results):
            for y in yields:
                if j < len(y.operands):
                    v = y.operands[j]
                    if self.of(res) is None and res not in self.flex_parent:
                        self.carry(v, [res], op)
                    else:
                        self.carry_back(v, res, op, y, f"result #{j}")

    def no_divergence(self, op: Operation, cond: Value) -> None:
        if self.of(cond) is not None:
            raise error(op.loc, f"{op.name}: the condition '{cond.name}' differs per lane ({self.of(cond)}): "
                                "lane-divergent control flow cannot be re-assembled into one thread's code; "
                                "compute both sides and pick per lane with arith.select")

    def branch(self, op: Operation, dest: Block, args: list[Value]) -> None:
        for j, (v, arg) in enumerate(zip(args, dest.arguments, strict=False)):
            if dest in self.processed:
                self.carry_back(v, arg, op, op, f"argument #{j} of {dest.label}")
            elif self.of(arg) is None and arg not in self.flex_parent:
                self.carry(v, [arg], op)
            else:
                self.carry_back(v, arg, op, op, f"argument #{j} of {dest.label}")

    @simt_rule(Branch)
    def cf_br(self, op: Operation) -> None:
        self.branch(op, op.successors[0], op.operands)

    @simt_rule(CondBranch)
    def cf_cond_br(self, op: Operation) -> None:
        self.no_divergence(op, op.operands[0])
        t, f = op.successors
        nt = len(t.arguments)
        self.branch(op, t, op.operands[1 : 1 + nt])
        self.branch(op, f, op.operands[1 + nt :])

    @simt_rule(Yield)
    def scf_yield(self, op: Operation) -> None:
        pass  # handled by the op that owns the region

    @simt_rule(Return)
    def gpu_return(self, op: Operation) -> None:
        self.uniform_operands(op, "a kernel returns nothing per lane")

    # -- lanes -------------------------------------------------------------------------------------
    def lanes_of(self, layout: Layout, op: Operation) -> None:
        """Every layout of a kernel distributes over the same subgroup."""
        k = self.kernel
        if layout.count != k.lanes:
            raise error(op.loc, f"{op.name}: {layout} distributes over {layout.count} lanes, but "
                                f"{k.lanes_what} ({k.lanes} lanes, at {k.lanes_loc}): one kernel has one "
                                "subgroup size")

    # -- rewrite -----------------------------------------------------------------------------------
    def rewrite(self) -> None:
        """Give every distributed value its subgroup-level type; materialise what changed form."""
        values: dict[Value, Dist] = dict(self.dist)
        for v, root in self.flex_parent.items():
            d = self.flex_dist.get(self.find(root))
            if d is not None:
                values[v] = d
        for v, d in values.items():
            v.type = d.whole(element(v.type))
        for op in self.constants:
            value = op.attr("value")
            if op.results[0] in values and isinstance(value, DenseElementsAttr):
                op.attributes["value"] = DenseElementsAttr(op.results[0].type, value.values, True)
        for op in self.lane_ids:
            t = op.results[0].type
            assert isinstance(t, VectorType)
            op.name = "arith.constant"
            op.attributes = {"value": DenseElementsAttr(t, tuple(range(t.num_elements)), False)}
        for op in self.reshapes:
            op.name = "vector.shape_cast"
            op.operands = op.operands[:1]
            op.attributes = {}
        for block, op, i, d in self.broadcasts:
            u = op.operands[i]
            lanes = Value(f"{u.name}_lanes", d.whole(u.type), op.loc)
            block.operations.insert(block.operations.index(op),
                                    Operation("vector.broadcast", [u], [lanes], {}, [], op.loc))
            op.operands[i] = lanes
        for block, op, picks, valid in self.shuffles:
            flag = op.results[1]
            at = block.operations.index(op)
            block.operations.insert(at, Operation("arith.constant", [], [flag], {
                "value": DenseElementsAttr(flag.type, tuple(valid), False)}, [], op.loc))
            op.name = "vector.shuffle"
            op.operands = [op.operands[0], op.operands[0]]
            op.results = op.results[:1]
            op.attributes = {"mask": DenseArrayAttr(IntegerType(64), tuple(picks))}
        for block, op, d, mask in self.spreads:
            q = op.operands[0]
            at = block.operations.index(op)
            spread = Value(f"{q.name}_spread", VectorType((len(mask),), element(q.type)), op.loc)
            picks = {"mask": DenseArrayAttr(IntegerType(64), tuple(mask))}
            new = [Operation("vector.shuffle", [q, q], [spread], picks, [], op.loc)]
            if len(d.shape) > 1:
                flat, spread = spread, Value(f"{q.name}_tile", d.whole(element(q.type)), op.loc)
                new.append(Operation("vector.shape_cast", [flat], [spread], {}, [], op.loc))
            block.operations[at:at] = new
            op.operands[0] = spread
        for rewrite in self.later:
            rewrite()


# Rules kept in their own modules: lane-indexed vector ops, and the subgroup collectives.
for _ops, _rule in ((Extract, simt_lane.vector_extract), (Insert, simt_lane.vector_insert),
                    (ExtractStridedSlice, simt_lane.vector_extract_strided_slice),
                    (BitCast, simt_lane.vector_bitcast), (Reduction, simt_lane.vector_reduction),
                    ("gpu.subgroup_reduce", simt_divergence.gpu_subgroup_reduce)):
    simt_rule(_ops)(_rule)


def _dpas_given(op: Operation) -> dict[str, Layout]:
    """The operand layouts written on a dpas, by operand ("a", "b", "c")."""
    given = {}
    for which, keys in _DPAS_KEYS.items():
        for key in keys:
            if op.attr(key) is not None:
                given[which] = parse_layout(op.attr(key), op.loc, f"{op.name}: attribute '{key}'")
                break
    return given


def _dpas_k(el: Type) -> int | None:
    if isinstance(el, FloatType) and el.kind in ("f16", "bf16"):
        return 16
    if isinstance(el, FloatType) and el.kind in ("tf32", "f32"):
        return 8
    if isinstance(el, IntegerType) and el.width == 8:
        return 32
    return None


__all__ = ["Dist", "Layout", "SimtKernel", "note_simt_kernels", "reassemble_simt", "simt_kernel"]
