"""The kind of each kernel (workgroup, subgroup or lane level) and its launch model (what
``gpu.thread_id`` counts), decided once on the generic IR before any distribution.

**Kind** (first rule that applies):

1. *workgroup level*: a layout with ``sg_layout`` anywhere (``genx_emit.wg``);
2. *lane level* (one work item, upstream's lowest level and the RFC's SIMT form): a value that is
   a per-lane share of a descriptor's tile (fewer elements than the tile), ``gpu.lane_id``,
   ``gpu.shuffle``, ``gpu.subgroup_reduce``, or a scattered ``xegpu.load`` / ``store`` /
   ``prefetch`` on a source whose offset is a scalar ``index`` or a one-element vector, or whose
   mask is a scalar ``i1`` (one lane's element: a subgroup-level access of one element is a
   plain load);
3. *subgroup level* otherwise (one hardware thread: IMEX's VC form and upstream's subgroup form).

**Launch model**: ``work-items`` (upstream's and OpenCL's: ``gpu.thread_id x`` and
``gpu.block_dim x`` count work items, ``subgroup size`` per hardware thread, subgroups formed
along x) or ``threads`` (IMEX's VC kernels: they count hardware threads). The user's choice
wins; else lane- and workgroup-level kernels count work items, and a subgroup-level kernel counts
work items when it reads ``gpu.thread_id x`` only to divide the lanes away (``tid / 64``,
``(tid % 64) / 16``: every use a division or remainder by a multiple of the subgroup size, and
at least one division), or reads no thread id, global id or block size at all unless it is a
``VectorComputeFunctionINTEL`` (IMEX's VC form, launched in threads: one for such a kernel;
upstream's and IMEX's subgroup-level tests launch one subgroup's work items), hardware threads
otherwise. The ids the model changes are absent from such a kernel: the choice only says how its
host's work-group size converts to hardware threads (16 work items: one thread, not 16 threads
each doing the whole kernel). In a subgroup-level kernel that counts work
items, a use of the thread id that differs per lane is a located error.

The rewrite keeps the lowering's meaning of the id ops (hardware threads): a work-item id is
built from them: ``thread_id x * lanes + gpu.lane_id`` at lane level, and ``thread_id x * lanes``
(the same in every lane) wherever only lane-free quotients of it are used. ``gpu.subgroup_size`` becomes a
constant and ``gpu.num_subgroups`` the hardware threads of the work-group.
"""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import DialectAttr, IntegerAttr, KeywordAttr, as_int, as_str
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value, nested_ops
from genx_emit.mlir.types import IndexType, TensorDescType, Type, VectorType
from genx_emit.ops.types import tdesc_info
from genx_emit.targets import UPSTREAM_SUBGROUP_SIZE

LANE, SUBGROUP, WORKGROUP = "lane", "subgroup", "workgroup"
WORK_ITEMS, THREADS = "work-items", "threads"
LAUNCH_MODELS = (WORK_ITEMS, THREADS)

_SCATTERED = ("xegpu.load", "xegpu.store", "xegpu.prefetch", "xegpu.load_gather", "xegpu.store_scatter")
_ACCESS_VALUE = {"xegpu.load_nd": "result", "xegpu.load": "result", "xegpu.load_gather": "result",
                 "xegpu.store_nd": "operand", "xegpu.store": "operand", "xegpu.store_scatter": "operand",
                 "xegpu.atomic_rmw": "result"}
_INDEX = IndexType()
_LAUNCH_IDS = ("gpu.thread_id", "gpu.global_id", "gpu.block_dim")  # what the launch model changes


@dataclass(frozen=True)
class KernelKind:
    """What :func:`kernel_kind` decided, and why (a located reason the errors can cite)."""

    level: str
    loc: Location
    why: str
    lanes: int  # the subgroup size: ``intel_reqd_sub_group_size``, else upstream's
    launch: str = THREADS


def subgroup_size(func: Operation) -> int:
    n = as_int(func.attr("intel_reqd_sub_group_size"))
    return n if n is not None and n > 0 else UPSTREAM_SUBGROUP_SIZE


def kernel_kind(func: Operation, workgroup: bool) -> KernelKind:
    """The level of ``func`` by the module docstring's rules (``workgroup``: it has sg layouts)."""
    lanes = subgroup_size(func)
    if workgroup:
        return KernelKind(WORKGROUP, func.loc, "it has workgroup layouts (sg_layout)", lanes)
    for op in nested_ops(func):
        why = _lane_signal(op)
        if why is not None:
            return KernelKind(LANE, op.loc, why, lanes)
    return KernelKind(SUBGROUP, func.loc, "nothing in it is per lane", lanes)


def _lane_signal(op: Operation) -> str | None:
    if op.name in ("gpu.lane_id", "gpu.shuffle", "gpu.subgroup_reduce"):
        return f"{op.name} names a lane"
    where = _ACCESS_VALUE.get(op.name)
    if where is None and op.name not in _SCATTERED:  # (most ops: no operand walk)
        return None
    tdesc = next((v for v in op.operands if isinstance(v.type, TensorDescType)), None)
    if where is not None and tdesc is not None:
        value = (op.results or [None])[0] if where == "result" else (op.operands or [None])[0]
        if value is not None:
            info = tdesc_info(tdesc.type, op.loc)  # type: ignore[arg-type]
            n = _elements(value.type)
            # Fewer elements than one block; a scattered descriptor's share is exactly one chunk
            # (anything else is a malformed subgroup-level access, the op model's to refuse).
            if n < _count(info.shape) and (not info.scattered or n == info.chunk_size):
                return f"{op.name} moves '{value.type}', a per-lane share of the tile {info.shape}"
    if op.name in _SCATTERED and tdesc is None:
        first = 0 if op.name.startswith(("xegpu.load", "xegpu.prefetch")) else 1
        group = op.operands[first:]
        if len(group) >= 2:
            offsets = group[1]
            if not isinstance(offsets.type, VectorType) or offsets.type.num_elements == 1:
                return f"{op.name} takes one offset ('{offsets.type}'): one lane's access"
        if len(group) >= 3 and not isinstance(group[2].type, VectorType):
            return f"{op.name} takes a scalar mask: one lane's access"
    return None


def _elements(t: Type) -> int:
    return t.num_elements if isinstance(t, VectorType) else 1


def _count(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


# -- the launch model -----------------------------------------------------------------------------
def decide_launch(func: Operation, kind: KernelKind, override: str | None) -> KernelKind:
    """``kind`` with its launch model (module docstring)."""
    if override is not None:
        if override not in LAUNCH_MODELS:
            raise ValueError(f"launch model '{override}' is not one of {', '.join(LAUNCH_MODELS)}")
        launch = override
    elif kind.level in (LANE, WORKGROUP):
        launch = WORK_ITEMS
    elif not _reads_work_item_ids(func):
        launch = THREADS if func.attr("VectorComputeFunctionINTEL") is not None else WORK_ITEMS
    else:
        launch = WORK_ITEMS if _divides_lanes_away(func, kind.lanes) else THREADS
    return KernelKind(kind.level, kind.loc, kind.why, kind.lanes, launch)


def _reads_work_item_ids(func: Operation) -> bool:
    return any(op.name in _LAUNCH_IDS for op in nested_ops(func))


def _dim(op: Operation) -> str | None:
    return as_str(op.attr("dimension"))


def _uses(func: Operation) -> dict[Value, list[Operation]]:
    uses: dict[Value, list[Operation]] = {}
    for op in nested_ops(func):
        for v in op.operands:
            uses.setdefault(v, []).append(op)
    return uses


def _consts(func: Operation) -> dict[Value, int]:
    out = {}
    for op in nested_ops(func):
        if op.name == "arith.constant" and op.results and not isinstance(op.results[0].type, VectorType):
            n = as_int(op.attr("value"))
            if n is not None:
                out[op.results[0]] = n
    return out


_DIVIDE = ("arith.divui", "arith.divsi", "arith.floordivsi", "arith.ceildivsi", "arith.ceildivui")
_REMAINDER = ("arith.remui", "arith.remsi")
_CASTS = ("arith.index_cast", "arith.index_castui")


def _lane_free_uses(start: Value, uses: dict[Value, list[Operation]], consts: dict[Value, int],
                    lanes: int) -> tuple[Operation | None, int]:
    """Follow ``start`` (a work-item id: ``lanes * h + lane``) through its uses: the first use
    that keeps the lane in its result (None if none), and how many divisions drop it."""
    todo, divisions = [start], 0
    while todo:
        v = todo.pop()
        for use in uses.get(v, []):
            if use.name in _CASTS:
                todo.extend(use.results)
                continue
            divisor = consts.get(use.operands[1]) if len(use.operands) == 2 and use.operands[0] is v else None
            if divisor is not None and divisor > 0 and divisor % lanes == 0:
                if use.name in _DIVIDE and not use.name.startswith("arith.ceil"):
                    divisions += 1
                    continue
                if use.name in _REMAINDER:
                    todo.extend(use.results)
                    continue
            return use, divisions
    return None, divisions


def _divides_lanes_away(func: Operation, lanes: int) -> bool:
    uses, consts = _uses(func), _consts(func)
    found = False
    for op in nested_ops(func):
        if op.name in ("gpu.thread_id", "gpu.global_id") and _dim(op) == "x" and op.results:
            bad, divisions = _lane_free_uses(op.results[0], uses, consts, lanes)
            if bad is not None:
                return False
            found = found or divisions > 0
    return found


def apply_launch_model(func: Operation, kind: KernelKind) -> None:
    """Rewrite the id ops of ``func`` for its launch model (module docstring)."""
    lanes = kind.lanes
    edits: list[tuple[Block, Operation]] = []
    for region in func.regions:
        for block in region.blocks:
            _collect(block, edits)
    if not edits:  # no id ops (most kernels): no use lists to build
        return
    uses, consts = _uses(func), _consts(func)
    for block, op in edits:
        new = _rewrite(op, kind, lanes, uses, consts)
        if new is not None:
            at = block.operations.index(op)
            block.operations[at : at + 1] = new


def _collect(block: Block, out: list[tuple[Block, Operation]]) -> None:
    for op in block.operations:
        if op.name in ("gpu.thread_id", "gpu.global_id", "gpu.block_dim", "gpu.subgroup_size",
                       "gpu.num_subgroups"):
            out.append((block, op))
        for region in op.regions:
            for b in region.blocks:
                _collect(b, out)


def _rewrite(op: Operation, kind: KernelKind, lanes: int, uses: dict[Value, list[Operation]],
             consts: dict[Value, int]) -> list[Operation] | None:
    loc, res = op.loc, op.results[0] if op.results else None
    if res is None:
        return None
    b = _Builder(res, loc)
    if op.name == "gpu.subgroup_size":
        return [Operation("arith.constant", [], [res], {"value": IntegerAttr(lanes, _INDEX)}, [], loc)]
    if op.name == "gpu.num_subgroups":
        dims = [b.op("gpu.block_dim", [], {"dimension": _dim_attr(op, d)}) for d in "xyz"]
        b.op("arith.muli", [b.op("arith.muli", [dims[0], dims[1]]), dims[2]], out=res)
        return b.ops
    if kind.launch != WORK_ITEMS or _dim(op) != "x":
        return None
    per_lane = False
    if op.name in ("gpu.thread_id", "gpu.global_id"):
        bad, _ = _lane_free_uses(res, uses, consts, lanes)
        per_lane = kind.level == LANE and bad is not None  # else only lane-free quotients are used
        if bad is not None and kind.level != LANE:
            raise error(bad.loc, f"{bad.name}: {op.name} x counts work items ({lanes} per subgroup) in this "
                                 f"{kind.level}-level kernel, so this use of it differs per lane; take the "
                                 f"subgroup's index with a division by a multiple of {lanes}, or launch with "
                                 "the thread-counting model (--launch threads)")
    if op.name == "gpu.global_id":  # block_id * block_dim + thread_id, in hardware threads
        bid = b.op("gpu.block_id", [], dict(op.attributes), typ=res.type)
        bdim = b.op("gpu.block_dim", [], dict(op.attributes), typ=res.type)
        tid = b.op("gpu.thread_id", [], dict(op.attributes), typ=res.type)
        hw = b.op("arith.addi", [b.op("arith.muli", [bid, bdim]), tid])
    else:
        hw = b.op(op.name, [], dict(op.attributes), typ=res.type)
    if op.name == "gpu.block_dim":
        b.op("arith.muli", [hw, b.const(lanes, res.type)], out=res)
        return b.ops
    base = b.op("arith.muli", [hw, b.const(lanes, res.type)], out=None if per_lane else res)
    if per_lane:
        lane = b.op("gpu.lane_id", [], {}, typ=_INDEX)
        if res.type != _INDEX:
            lane = b.op("arith.index_cast", [lane], typ=res.type)
        b.op("arith.addi", [base, lane], out=res)
    return b.ops


def _dim_attr(op: Operation, d: str) -> DialectAttr:
    return DialectAttr("gpu", "dim", (KeywordAttr(d),), (), d)


class _Builder:
    """Ops that replace one id op; the last of them defines its original result."""

    def __init__(self, res: Value, loc: Location):
        self.res, self.loc, self.ops, self.n = res, loc, [], 0

    def op(self, name: str, operands: list[Value], attrs: dict | None = None, typ: Type | None = None,
           out: Value | None = None) -> Value:
        if out is None:
            self.n += 1
            out = Value(f"{self.res.name}_hw{self.n}", typ or self.res.type, self.loc)
        self.ops.append(Operation(name, operands, [out], attrs or {}, [], self.loc))
        return out

    def const(self, n: int, t: Type) -> Value:
        return self.op("arith.constant", [], {"value": IntegerAttr(n, t)}, typ=t)


def decide_kernels(src: SourceModule, launch: str | None, workgroup_level) -> dict[Location, KernelKind]:
    """Decide every kernel's kind and launch model and rewrite its ids; by function location."""
    out = {}
    for func in src.device_functions():
        if not (func.regions and func.regions[0].blocks):
            continue
        kind = decide_launch(func, kernel_kind(func, workgroup_level(func)), launch)
        apply_launch_model(func, kind)
        out[func.loc] = kind
    return out


def kernel_kinds(src: SourceModule) -> dict[Location, KernelKind]:
    """Every kernel's kind, without deciding or applying a launch model (for the lane pass run
    on its own)."""
    from genx_emit.wg import is_workgroup_level

    return {f.loc: kernel_kind(f, is_workgroup_level(f)) for f in src.device_functions()
            if f.regions and f.regions[0].blocks}


def work_group_threads(src: SourceModule, kernel: str | None, items: tuple[int, ...],
                       override: str | None = None) -> tuple[int, ...]:
    """A work-group as the host's launch writes it -> hardware threads, by the launch model of
    ``kernel`` (the only kernel when None). A kernel that counts work items has ``subgroup size``
    of them per thread along x; a subgroup-level one rounds up (each thread does its subgroup's
    whole work, so 1 work item is one thread), the others must be whole subgroups. A kernel that
    counts threads is launched in threads: as written. Raises ValueError naming what is wrong."""
    from genx_emit.wg import is_workgroup_level

    funcs = [f for f in src.device_functions() if f.regions and f.regions[0].blocks
             and "gpu.kernel" in f.attributes and (kernel is None or as_str(f.attr("sym_name")) == kernel)]
    if not funcs:
        raise ValueError(f"no kernel @{kernel} in the device code" if kernel else "the input has no kernel")
    if len(funcs) > 1:
        raise ValueError("the module has several kernels: name the one to run")
    kind = decide_launch(funcs[0], kernel_kind(funcs[0], is_workgroup_level(funcs[0])), override)
    if kind.launch != WORK_ITEMS:
        return items
    lanes = kind.lanes or UPSTREAM_SUBGROUP_SIZE
    if kind.level == SUBGROUP:
        return (-(-items[0] // lanes), *items[1:])
    if items[0] % lanes:
        raise ValueError(f"{items[0]} work items along x is not a whole number of {lanes}-lane subgroups")
    return (items[0] // lanes, *items[1:])
