"""Generic MLIR IR: what the parser produces before ops are given meaning.

Custom op syntax and the generic form ``"d.op"(%a) <{props}> {attrs} : (...) -> ...`` parse to
the same :class:`Operation`: operands in ODS order, properties and discardable attributes
merged into ``attributes`` under their upstream names (``operandSegmentSizes`` included when
the op has variadic operand groups), result types on the result values.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from genx_emit.diagnostics import Location
from genx_emit.mlir.attrs import Attribute, DenseArrayAttr
from genx_emit.mlir.types import Type


@dataclass(eq=False)
class Value:
    """An SSA value: an op result or a block argument. Identity is object identity."""

    name: str  # as written: "%c0", "%0#1" for result 1 of "%0:2", "%arg0"
    type: Type
    loc: Location

    def __repr__(self) -> str:
        return f"Value({self.name}: {self.type})"


@dataclass(eq=False)
class Block:
    label: str | None  # "^bb0" or None for an entry block without a label
    arguments: list[Value] = field(default_factory=list)
    operations: list[Operation] = field(default_factory=list)


@dataclass(eq=False)
class Region:
    blocks: list[Block] = field(default_factory=list)


@dataclass(eq=False)
class Operation:
    name: str  # "xegpu.load_nd", "arith.constant", "builtin.module", ...
    operands: list[Value]
    results: list[Value]
    attributes: dict[str, Attribute]
    regions: list[Region]
    loc: Location
    successors: list[Block] = field(default_factory=list)

    def attr(self, key: str) -> Attribute | None:
        return self.attributes.get(key)

    def operand_groups(self, counts_if_absent: list[int] | None = None) -> list[list[Value]]:
        """Split operands by ``operandSegmentSizes`` (or the given default split)."""
        seg = self.attributes.get("operandSegmentSizes")
        counts = [int(v) for v in seg.values] if isinstance(seg, DenseArrayAttr) else counts_if_absent
        if counts is None:
            return [list(self.operands)]
        out, i = [], 0
        for n in counts:
            out.append(self.operands[i : i + n])
            i += n
        return out


def nested_ops(op: Operation) -> Iterator[Operation]:
    """Every op inside ``op``'s regions, each before the ops nested in it (pre-order)."""
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner
                if inner.regions:  # no generator for the (many) ops without a region
                    yield from nested_ops(inner)


@dataclass(eq=False)
class SourceModule:
    """A parsed file: its top-level operations and the text (for caret diagnostics)."""

    filename: str
    text: str
    operations: list[Operation]

    def device_functions(self) -> Iterator[Operation]:
        """Every ``gpu.func``/``func.func`` inside a ``gpu.module`` (at any depth), in order;
        host code around the modules is not entered beyond finding them."""

        def walk(ops: list[Operation], in_gpu_module: bool) -> Iterator[Operation]:
            for op in ops:
                if in_gpu_module and op.name in ("gpu.func", "func.func"):
                    yield op
                    continue
                inside = in_gpu_module or op.name == "gpu.module"
                for region in op.regions:
                    for block in region.blocks:
                        yield from walk(block.operations, inside)

        return walk(self.operations, False)


def llvm_name(v: Value, suffix: str = "") -> str:
    """The stable, readable name the lowering gives an MLIR value in LLVM IR (the simulator binds
    kernel arguments by it): ``%acc`` -> ``acc``, ``%3`` -> ``v3``,
    ``%r#1`` -> ``r.1``."""
    n = v.name.lstrip("%").replace("#", ".")
    if not n or n[0].isdigit():
        n = "v" + n
    return n + suffix
