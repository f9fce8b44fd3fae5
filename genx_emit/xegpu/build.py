"""Generic IR -> op model: one builder function per op name, registered with ``@builds``.

Syntax variants end here: RFC ``vnni_axis``/``L1_hint``/``mode`` attributes, upstream
``packed``/``l1_hint``/``#xegpu.cache_hint<...>``, mixed static/dynamic index lists
(``const_offsets`` with INT64_MIN for each dynamic operand) all map onto the same fields.
"""

from __future__ import annotations

from collections.abc import Callable

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import (
    Attribute,
    BoolAttr,
    IntegerAttr,
    StringAttr,
    TypeAttr,
    UnitAttr,
    as_int,
    as_int_list,
    as_str,
)
from genx_emit.mlir.custom_ops import CMPF_PREDICATES, CMPI_PREDICATES
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value
from genx_emit.mlir.types import FunctionType, IndexType, IntegerType, NoneType
from genx_emit.xegpu.model import BasicBlock, Func, KernelModule, Op, Operand
from genx_emit.xegpu.ops import (
    CacheHints,
    CreateNdDesc,
    Dpas,
    LoadNd,
    PrefetchNd,
    StoreNd,
    UpdateNdOffset,
    note_constant,
)
from genx_emit.xegpu.std import (
    Binary,
    Branch,
    Cast,
    Compare,
    CondBranch,
    Condition,
    Constant,
    For,
    GpuId,
    If,
    Return,
    Select,
    While,
    Yield,
)

INT64_MIN = -(2**63)  # the dynamic marker in const_offsets / const_shape / const_strides

BuildFn = Callable[[Operation, "Builder"], Op]
BUILDERS: dict[str, BuildFn] = {}


def builds(*names: str) -> Callable[[BuildFn], BuildFn]:
    """Register a builder for generic ops with these names."""

    def register(fn: BuildFn) -> BuildFn:
        for n in names:
            BUILDERS[n] = fn
        return fn

    return register


class Builder:
    """Builds op-model lists from generic op lists (regions recurse through :meth:`region`)."""

    def __init__(self) -> None:
        # The blocks of the function being built: branch successors resolve through these.
        self.blocks: dict[Block, BasicBlock] = {}
        self.entry_block: Block | None = None

    def ops(self, ops: list[Operation]) -> list[Op]:
        out: list[Op] = []
        for op in ops:
            fn = BUILDERS.get(op.name)
            if fn is None:
                raise error(op.loc, f"unsupported op '{op.name}'")
            try:
                out.append(fn(op, self))
            except (TypeError, ValueError, AttributeError, IndexError, KeyError, StopIteration) as e:
                # Generic forms can carry any attribute: a builder tripping over one is bad input.
                raise error(op.loc, f"{op.name}: malformed operation ({type(e).__name__}: {e})") from None
        return out

    def region(self, op: Operation, index: int = 0) -> tuple[list[Value], list[Op]]:
        """Block arguments and body of the single-block region ``index`` of ``op``."""
        if len(op.regions) <= index or len(op.regions[index].blocks) != 1:
            raise error(op.loc, f"{op.name}: expected a region with exactly one block")
        block = op.regions[index].blocks[0]
        return block.arguments, self.ops(block.operations)

    def successor(self, op: Operation, block: Block) -> BasicBlock:
        """The function block a ``cf`` branch of ``op`` goes to."""
        target = self.blocks.get(block)
        if target is not None:
            return target
        if block is self.entry_block:
            raise error(op.loc, f"{op.name}: cannot branch to the entry block {block.label}: an entry block "
                                "has no predecessors")
        raise error(op.loc, f"{op.name}: successor {block.label} is not a block of the enclosing function")


def build_module(src: SourceModule) -> KernelModule:
    """Every ``gpu.func``/``func.func`` inside every ``gpu.module`` (at any depth), in order."""
    funcs: list[Func] = []
    builder = Builder()
    for op in src.device_functions():
        f = build_func(op, builder)
        if f is not None:
            funcs.append(f)
    return KernelModule(funcs=funcs, sources={src.filename: src.text})


def build_func(op: Operation, builder: Builder | None = None) -> Func | None:
    """A device function; None for a body-less declaration."""
    builder = builder or Builder()
    name_attr = op.attr("sym_name")
    if not isinstance(name_attr, StringAttr):
        raise error(op.loc, f"{op.name}: missing symbol name")
    if not op.regions or not op.regions[0].blocks:
        return None
    blocks = op.regions[0].blocks
    block = blocks[0]
    ftype = op.attr("function_type")
    args = block.arguments
    workgroup: list[Value] = []
    if isinstance(ftype, TypeAttr) and isinstance(ftype.type, FunctionType):
        n_in = len(ftype.type.inputs)
        n_wg = as_int(op.attr("workgroup_attributions")) or 0
        args, workgroup = args[:n_in], args[n_in : n_in + n_wg]  # then private attributions
    skip = ("sym_name", "function_type", "workgroup_attributions")
    attrs = {k: v for k, v in op.attributes.items() if k not in skip}
    others = [
        BasicBlock(label=blk.label or f"^bb{i}", args=list(blk.arguments), ops=[], loc=_block_loc(blk, op))
        for i, blk in enumerate(blocks[1:], start=1)
    ]
    saved = builder.blocks, builder.entry_block
    builder.blocks, builder.entry_block = dict(zip(blocks[1:], others, strict=True)), block
    try:
        body = builder.ops(block.operations)
        for blk, other in zip(blocks[1:], others, strict=True):
            other.ops = builder.ops(blk.operations)
    finally:
        builder.blocks, builder.entry_block = saved
    fname = f"{op.name} @{name_attr.value}"
    _check_block_ends(fname, "the entry block", body, op, multi=bool(others))
    for other in others:
        _check_block_ends(fname, f"block {other.label}", other.ops, op, multi=True)
    return Func(
        name=name_attr.value,
        args=list(args),
        body=body,
        is_kernel="gpu.kernel" in op.attributes,
        loc=op.loc,
        attributes=attrs,
        workgroup=list(workgroup),
        blocks=others,
    )


def _block_loc(block: Block, func: Operation) -> Location:
    """Where a block shows in diagnostics: its first argument, else its first op."""
    if block.arguments:
        return block.arguments[0].loc
    return block.operations[0].loc if block.operations else func.loc


def _check_block_ends(fname: str, which: str, ops: list[Op], func: Operation, multi: bool) -> None:
    """With several blocks, every block ends with a function-level terminator. (A terminator in
    the middle of a block is reported when the function is lowered.)"""
    if multi and not (ops and isinstance(ops[-1], (Return, Branch, CondBranch))):
        loc = ops[-1].loc if ops else func.loc
        raise error(loc, f"{fname}: {which} must end with gpu.return, cf.br or cf.cond_br")


# -- helpers ---------------------------------------------------------------------------------
def arity(op: Operation, n_operands: int | tuple[int, ...], n_results: int) -> None:
    counts = (n_operands,) if isinstance(n_operands, int) else n_operands
    if len(op.operands) not in counts or len(op.results) != n_results:
        want = " or ".join(map(str, counts))
        raise error(
            op.loc,
            f"{op.name}: expected {want} operands and {n_results} results, "
            f"got {len(op.operands)} and {len(op.results)}",
        )


def mixed(op: Operation, key: str, dynamic: list[Value], what: str) -> list[Operand] | None:
    """Merge ``op.attributes[key]`` (static entries, INT64_MIN = dynamic) with ``dynamic``.
    None when neither is present."""
    for v in dynamic:
        # The lowering reads these as integers: a float or vector here is bad input, not a crash.
        if not isinstance(v.type, IntegerType | IndexType | NoneType):
            raise error(op.loc, f"{op.name}: {what} operand '{v.name}' must be an index or integer scalar, "
                                f"got '{v.type}'")
    attr = op.attr(key)
    if attr is None:
        return list(dynamic) if dynamic else None
    consts = as_int_list(attr)
    if consts is None:
        raise error(op.loc, f"{op.name}: '{key}' must be an array of integers, got '{attr}'")
    n_dynamic = sum(1 for c in consts if c == INT64_MIN)
    if n_dynamic != len(dynamic):
        raise error(op.loc, f"{op.name}: '{key}' marks {n_dynamic} dynamic entries but {len(dynamic)} {what} "
                            "operands are given")
    it = iter(dynamic)
    return [next(it) if c == INT64_MIN else c for c in consts]


def _dynamic_count(op: Operation, key: str) -> int:
    consts = as_int_list(op.attr(key))
    return sum(1 for c in consts if c == INT64_MIN) if consts else 0


def _first_attr(op: Operation, *keys: str) -> tuple[str, Attribute] | None:
    for k in keys:
        a = op.attr(k)
        if a is not None:
            return k, a
    return None


def cache_hints(op: Operation) -> CacheHints:
    """``l1_hint``/``L1_hint`` (and RFC ``L1``) with ``#xegpu.cache_hint<w>``, ``w`` or ``"w"``."""
    words: list[str | None] = []
    for level in ("1", "2", "3"):
        found = _first_attr(op, f"l{level}_hint", f"L{level}_hint", f"L{level}")
        if found is None:
            words.append(None)
            continue
        key, attr = found
        word = as_str(attr)
        if word is None:
            raise error(op.loc, f"{op.name}: cache hint '{key}' must be a word such as cached, got '{attr}'")
        words.append(word)
    return CacheHints(l1=words[0], l2=words[1], l3=words[2])


def _is_set(attr: Attribute | None) -> bool:
    return isinstance(attr, UnitAttr) or (isinstance(attr, BoolAttr) and attr.value)


# -- xegpu -----------------------------------------------------------------------------------
@builds("xegpu.create_nd_tdesc")
def _create_nd_tdesc(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a source operand and one result")
    default = [1] + [_dynamic_count(op, k) for k in ("const_offsets", "const_shape", "const_strides")]
    if op.attr("operandSegmentSizes") is None and sum(default) != len(op.operands):
        raise error(op.loc, f"{op.name}: cannot split {len(op.operands)} operands into source, offsets, "
                            "shape and strides (operandSegmentSizes is missing)")
    groups = op.operand_groups(default)
    if len(groups) != 4 or sum(map(len, groups)) != len(op.operands) or len(groups[0]) != 1:
        raise error(op.loc, f"{op.name}: operandSegmentSizes must be [1, offsets, shape, strides] covering "
                            f"all {len(op.operands)} operands")
    return CreateNdDesc(
        loc=op.loc,
        results=op.results,
        source=groups[0][0],
        offsets=mixed(op, "const_offsets", groups[1], "offset") or [],
        shape=mixed(op, "const_shape", groups[2], "shape"),
        strides=mixed(op, "const_strides", groups[3], "stride"),
    )


@builds("xegpu.update_nd_offset")
def _update_nd_offset(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor operand and one result")
    return UpdateNdOffset(
        loc=op.loc, results=op.results, tdesc=op.operands[0],
        offsets=mixed(op, "const_offsets", op.operands[1:], "offset") or [],
    )


def _vnni_axis(op: Operation) -> int | None:
    vnni = op.attr("vnni_axis")
    if vnni is None:
        return None
    axis = as_int(vnni)
    if axis not in (0, 1):
        raise error(op.loc, f"{op.name}: vnni_axis must be 0 or 1, got '{vnni}'")
    return axis


@builds("xegpu.load_nd")
def _load_nd(op: Operation, b: Builder) -> Op:
    if not op.operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor operand and one result")
    transpose = op.attr("transpose")
    perm = None
    if transpose is not None:
        perm = as_int_list(transpose)
        if perm is None:
            msg = f"{op.name}: 'transpose' must be a list of integers such as [1, 0], got '{transpose}'"
            raise error(op.loc, msg)
    width_attr = op.attr("transpose_bit_width")
    width = as_int(width_attr)
    if width_attr is not None and width is None:
        raise error(op.loc, f"{op.name}: 'transpose_bit_width' must be an integer, got '{width_attr}'")
    axis = _vnni_axis(op)
    return LoadNd(
        loc=op.loc,
        results=op.results,
        tdesc=op.operands[0],
        offsets=mixed(op, "const_offsets", op.operands[1:], "offset"),
        packed=_is_set(op.attr("packed")) or axis == 0,  # vnni_axis 1 only reshapes the result
        vnni_axis=axis,
        transpose=tuple(perm) if perm is not None else None,
        transpose_bit_width=width,
        hints=cache_hints(op),
    )


@builds("xegpu.store_nd")
def _store_nd(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 2 or op.results:
        raise error(op.loc, f"{op.name}: expected a value and a tensor descriptor operand and no result")
    return StoreNd(
        loc=op.loc, value=op.operands[0], tdesc=op.operands[1],
        offsets=mixed(op, "const_offsets", op.operands[2:], "offset"), hints=cache_hints(op),
    )


@builds("xegpu.prefetch_nd")
def _prefetch_nd(op: Operation, b: Builder) -> Op:
    if not op.operands or op.results:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor operand and no result")
    return PrefetchNd(
        loc=op.loc, tdesc=op.operands[0],
        offsets=mixed(op, "const_offsets", op.operands[1:], "offset"), hints=cache_hints(op),
    )


@builds("xegpu.dpas")
def _dpas(op: Operation, b: Builder) -> Op:
    arity(op, (2, 3), 1)
    acc = op.operands[2] if len(op.operands) == 3 else None
    return Dpas(loc=op.loc, results=op.results, lhs=op.operands[0], rhs=op.operands[1], acc=acc)


# -- arith / gpu / scf / func ----------------------------------------------------------------
@builds("arith.constant")
def _constant(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    value = op.attr("value")
    if value is None:
        raise error(op.loc, "arith.constant: missing 'value'")
    if isinstance(value, IntegerAttr) and isinstance(op.results[0].type, (IntegerType, IndexType)):
        note_constant(op.results[0], value.value)
    return Constant(loc=op.loc, results=op.results, value=value)


_BINARY = (
    "addi", "subi", "muli", "divui", "divsi", "remui", "remsi", "andi", "ori", "xori", "maxsi", "minsi",
    "maxui", "minui", "shli", "shrsi", "shrui", "ceildivsi", "ceildivui", "floordivsi",
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
)
_CASTS = (
    "index_cast", "index_castui", "extsi", "extui", "trunci", "extf", "truncf", "sitofp", "uitofp",
    "fptosi", "fptoui", "bitcast",
)


@builds(*(f"arith.{n}" for n in _BINARY))
def _binary(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    return Binary(loc=op.loc, results=op.results, opname=op.name[len("arith.") :],
                  lhs=op.operands[0], rhs=op.operands[1])


@builds(*(f"arith.{n}" for n in _CASTS))
def _cast(op: Operation, b: Builder) -> Op:
    arity(op, 1, 1)
    return Cast(loc=op.loc, results=op.results, opname=op.name[len("arith.") :], source=op.operands[0])


_PREDICATES = {"cmpi": CMPI_PREDICATES, "cmpf": CMPF_PREDICATES}  # generic forms store the index


@builds("arith.cmpi", "arith.cmpf")
def _compare(op: Operation, b: Builder) -> Op:
    arity(op, 2, 1)
    kind = op.name[len("arith.") :]
    a = op.attr("predicate")
    table = _PREDICATES[kind]
    n = as_int(a)
    word = table[n] if n is not None and 0 <= n < len(table) else as_str(a)
    if word not in table:
        raise error(op.loc, f"{op.name}: unknown predicate '{a}' (one of {', '.join(table)})")
    return Compare(loc=op.loc, results=op.results, opname=kind, predicate=word, lhs=op.operands[0],
                   rhs=op.operands[1])


@builds("arith.select")
def _select(op: Operation, b: Builder) -> Op:
    arity(op, 3, 1)
    return Select(loc=op.loc, results=op.results, cond=op.operands[0], true_value=op.operands[1],
                  false_value=op.operands[2])


@builds(*(f"gpu.{n}" for n in ("block_id", "thread_id", "global_id", "block_dim", "grid_dim")))
def _gpu_dim(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    dim = as_str(op.attr("dimension"))  # #gpu<dim x>, #gpu.dim<x>, x or "x"
    if dim not in ("x", "y", "z"):
        raise error(op.loc, f"{op.name}: 'dimension' must be x, y or z, got '{op.attr('dimension')}'")
    return GpuId(loc=op.loc, results=op.results, kind=op.name[len("gpu.") :], dim=dim)


@builds("gpu.subgroup_id", "gpu.lane_id")
def _gpu_scalar_id(op: Operation, b: Builder) -> Op:
    arity(op, 0, 1)
    return GpuId(loc=op.loc, results=op.results, kind=op.name[len("gpu.") :], dim=None)


@builds("scf.for")
def _for(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 3:
        msg = f"scf.for: expected lower bound, upper bound and step, got {len(op.operands)} operands"
        raise error(op.loc, msg)
    args, body = b.region(op)
    if not args:
        raise error(op.loc, "scf.for: the body block needs the induction variable as its first argument")
    return For(
        loc=op.loc, results=op.results, lower=op.operands[0], upper=op.operands[1], step=op.operands[2],
        inits=list(op.operands[3:]), iv=args[0], iter_args=list(args[1:]), body=body,
    )


@builds("scf.if")
def _if(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1 or not 1 <= len(op.regions) <= 2:
        raise error(op.loc, f"scf.if: expected a condition operand and a then and an optional else region, "
                            f"got {len(op.operands)} operands and {len(op.regions)} regions")
    args, then = b.region(op, 0)
    other = None
    if len(op.regions) == 2 and op.regions[1].blocks:
        else_args, other = b.region(op, 1)
        args = args or else_args
    if args:
        raise error(op.loc, "scf.if: its regions take no block arguments")
    return If(loc=op.loc, results=op.results, cond=op.operands[0], then_body=then, else_body=other)


@builds("cf.br")
def _cf_br(op: Operation, b: Builder) -> Op:
    if len(op.successors) != 1 or op.results:
        raise error(op.loc, f"cf.br: expected one successor and no results, got {len(op.successors)} and "
                            f"{len(op.results)}")
    return Branch(loc=op.loc, dest=b.successor(op, op.successors[0]), args=list(op.operands))


@builds("cf.cond_br")
def _cf_cond_br(op: Operation, b: Builder) -> Op:
    if len(op.successors) != 2 or not op.operands or op.results:
        raise error(op.loc, f"cf.cond_br: expected a condition, two successors and no results, got "
                            f"{len(op.operands)} operands, {len(op.successors)} successors and "
                            f"{len(op.results)} results")
    t, f = (b.successor(op, s) for s in op.successors)
    default = [1, len(t.args), len(f.args)]
    if op.attr("operandSegmentSizes") is None and sum(default) != len(op.operands):
        raise error(op.loc, f"cf.cond_br: cannot split {len(op.operands)} operands into the condition and "
                            "the two successors' arguments (operandSegmentSizes is missing)")
    groups = op.operand_groups(default)
    if len(groups) != 3 or sum(map(len, groups)) != len(op.operands) or len(groups[0]) != 1:
        raise error(op.loc, f"cf.cond_br: operandSegmentSizes must be [1, true operands, false operands] "
                            f"covering all {len(op.operands)} operands")
    return CondBranch(loc=op.loc, cond=groups[0][0], true_dest=t, true_args=groups[1], false_dest=f,
                      false_args=groups[2])


@builds("scf.while")
def _while(op: Operation, b: Builder) -> Op:
    if len(op.regions) != 2:
        raise error(op.loc, f"scf.while: expected a before and an after region, got {len(op.regions)}")
    before_args, before = b.region(op, 0)
    after_args, after = b.region(op, 1)
    return While(loc=op.loc, results=op.results, inits=list(op.operands), before_args=before_args,
                 before=before, after_args=after_args, after=after)


@builds("scf.condition")
def _condition(op: Operation, b: Builder) -> Op:
    if not op.operands or op.results:
        raise error(op.loc, f"scf.condition: expected a condition operand and no results, got "
                            f"{len(op.operands)} operands and {len(op.results)} results")
    return Condition(loc=op.loc, cond=op.operands[0], values=list(op.operands[1:]))


@builds("scf.yield")
def _yield(op: Operation, b: Builder) -> Op:
    return Yield(loc=op.loc, values=list(op.operands))


@builds("gpu.return", "func.return")
def _return(op: Operation, b: Builder) -> Op:
    return Return(loc=op.loc, values=list(op.operands))


# Builders of the other op families register themselves on import.
from genx_emit.xegpu import build_math, build_scatter, build_sync, build_vector  # noqa: E402,F401  isort: skip

__all__ = ["BUILDERS", "Builder", "build_func", "build_module", "builds", "cache_hints", "mixed"]
