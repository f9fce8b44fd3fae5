"""``lower --annotate``: comments for a reader of the emitted IR.

Before each group of instructions, the MLIR line they were lowered from (``; k.mlir:7: %v = ...``);
after each ``llvm.genx.*`` call, its immediate operands by their names in ``intrinsics/*.yaml``,
encodings decoded (``; l1=cached l3=cached data_size=u16 ... block_width=16 block_height=8``).
Off by default: the plain output (and every golden) has no comments.
"""

from __future__ import annotations

from llvmlite import ir

from genx_emit.diagnostics import Location
from genx_emit.genx.intrinsics import PREFIX, by_mangled_name, load_table


class Annotator:
    """The ``annotate`` callback of emit.render_module, for one lowered module."""

    def __init__(self, source_of: dict[int, Location], sources: dict[str, str]) -> None:
        self.source_of = source_of
        self.lines = {name: text.splitlines() for name, text in sources.items()}
        self.last: tuple[str, int] | None = None

    def __call__(self, ins: ir.Instruction, line: str) -> str:
        head = ""
        loc = self.source_of.get(id(ins))
        if loc is not None and (loc.filename, loc.line) != self.last:
            self.last = (loc.filename, loc.line)
            lines = self.lines.get(loc.filename, [])
            text = lines[loc.line - 1].strip() if 0 < loc.line <= len(lines) else ""
            head = f"  ; {loc.filename}:{loc.line}: {text}\n"
        fields = immediate_fields(ins)
        if fields:
            line = f"{line.rstrip(chr(10))}  ; {fields}\n"
        return head + line


def immediate_fields(ins: ir.Instruction) -> str:
    """``name=value`` for each constant integer operand of a call to a GenX intrinsic (enum codes
    by their names); "" for anything else."""
    if not isinstance(ins, ir.CallInstr) or not ins.callee.name.startswith(PREFIX):
        return ""
    d = by_mangled_name(ins.callee.name)
    if d is None:
        return ""
    table = load_table()
    parts = []
    for slot, arg in zip(d.operands, ins.args, strict=False):
        if slot.type is None or not isinstance(arg, ir.Constant) or not isinstance(arg.type, ir.IntType):
            continue
        if arg.type.width == 1 or not isinstance(arg.constant, int):
            continue
        value: object = arg.constant
        enum = table.enums.get(slot.enum) if slot.enum else None
        if enum is not None and not enum.flags:
            value = next((k for k, v in enum.values.items() if v == arg.constant), arg.constant)
        parts.append(f"{slot.name}={value}")
    return " ".join(parts)
