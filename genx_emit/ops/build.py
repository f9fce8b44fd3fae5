"""Generic IR -> op model. Each op-model class's builder is written next to the class, in
the family's module (``ops/nd.py``, ``ops/scatter.py``, ...), registered with ``@builds(Class)``
under the class's ``NAMES``; importing :mod:`genx_emit.ops` imports every family.

Syntax variants end here: RFC ``vnni_axis``/``L1_hint``/``mode`` attributes, upstream
``packed``/``l1_hint``/``#xegpu.cache_hint<...>``, mixed static/dynamic index lists
(``const_offsets`` with INT64_MIN for each dynamic operand) all map onto the same fields.
"""

from __future__ import annotations

from collections.abc import Callable

from genx_emit.diagnostics import Location, did_you_mean, error
from genx_emit.dispatch import registrar
from genx_emit.mlir.attrs import (
    Attribute,
    BoolAttr,
    StringAttr,
    TypeAttr,
    UnitAttr,
    as_int,
    as_int_list,
    as_str,
)
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value
from genx_emit.mlir.types import FunctionType, IndexType, IntegerType, NoneType
from genx_emit.ops.model import BasicBlock, CacheHints, Func, KernelModule, Op, Operand

INT64_MIN = -(2**63)  # the dynamic marker in const_offsets / const_shape / const_strides
DECISION_PREFIX = "genx."  # discardable attributes the op model keeps (Op.attrs)

BuildFn = Callable[[Operation, "Builder"], Op]
BUILDERS: dict[str, BuildFn] = {}
# Op name -> the class whose NAMES hold it (what the identity test reads).
BUILT_CLASS: dict[str, type[Op]] = {}


def builds(*classes: type[Op]) -> Callable[[BuildFn], BuildFn]:
    """Register a builder for the generic ops named by these classes' ``NAMES``. (A builder
    given several classes picks one per op: ``vector.broadcast`` of a scalar is a splat.)"""
    for cls in classes:
        if not cls.NAMES:
            raise TypeError(f"{cls.__name__} has no NAMES")
        BUILT_CLASS.update((n, cls) for n in cls.NAMES if n not in BUILDERS)
    return registrar(BUILDERS, (n for cls in classes for n in cls.NAMES))


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
                raise error(op.loc, f"unsupported op '{op.name}'{did_you_mean(op.name, BUILDERS)}")
            try:
                built = fn(op, self)
            except (TypeError, ValueError, AttributeError, IndexError, KeyError, StopIteration) as e:
                # Generic forms can carry any attribute: a builder tripping over one is bad input.
                raise error(op.loc, f"{op.name}: malformed operation ({type(e).__name__}: {e})") from None
            built.origin = op
            built.attrs = {k: v for k, v in op.attributes.items() if k.startswith(DECISION_PREFIX)}
            out.append(built)
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
    if multi and not (ops and ops[-1].TERMINATOR == "block"):
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


def one_result(op: Operation, min_operands: int, what: str) -> None:
    """At least ``min_operands`` operands and exactly one result; else an error that the op
    expects ``what`` (the operands, described) and one result."""
    if len(op.operands) < min_operands or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected {what} and one result")


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


def operand_segments(op: Operation, default: list[int], what: str, layout: str) -> list[list[Value]]:
    """The operand groups of an op with variadic segments, the first a single operand:
    ``operandSegmentSizes`` if given, else ``default`` (what the custom form implies). ``what``
    and ``layout`` name the groups in the errors."""
    if op.attr("operandSegmentSizes") is None and sum(default) != len(op.operands):
        raise error(op.loc, f"{op.name}: cannot split {len(op.operands)} operands into {what} "
                            "(operandSegmentSizes is missing)")
    groups = op.operand_groups(default)
    if len(groups) != len(default) or sum(map(len, groups)) != len(op.operands) or len(groups[0]) != 1:
        raise error(op.loc, f"{op.name}: operandSegmentSizes must be [{layout}] covering all "
                            f"{len(op.operands)} operands")
    return groups


def dynamic_count(op: Operation, key: str) -> int:
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


def is_set(attr: Attribute | None) -> bool:
    return isinstance(attr, UnitAttr) or (isinstance(attr, BoolAttr) and attr.value)


__all__ = [
    "BUILDERS", "BUILT_CLASS", "Builder", "build_func", "build_module", "builds", "cache_hints", "mixed",
]
