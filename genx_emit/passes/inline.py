"""``inline``: every ``func.call`` of a device function is replaced by the callee's body.

genx-emit compiles kernels; a device function (a ``gpu.func`` without ``kernel``, or a
``func.func`` inside the ``gpu.module``) is compiled where a kernel calls it, inlined, as
upstream's ``inline`` pass would. Its arguments are then the caller's values, so a device function
may take what no kernel can (an SLM memref: the caller's ``memref.alloc`` in address space 3 or
its workgroup attribution). The callee stays in the module (it lowers nothing on its own). A call
of a kernel, of a function outside the module, of a body of several blocks, or a recursive call,
is a located error at the call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import SymbolRefAttr, as_str
from genx_emit.mlir.ir import Block, Operation, Region, Value, nested_ops

if TYPE_CHECKING:
    from genx_emit.mlir.ir import SourceModule
    from genx_emit.passes.manager import PassContext

CALL = "func.call"
RETURNS = ("gpu.return", "func.return")


def inline_calls(src: SourceModule, ctx: PassContext) -> None:
    """Device-function calls replaced by the callee's body (every ``gpu.module``)."""
    for module in _gpu_modules(src.operations):
        funcs = {as_str(f.attr("sym_name")): f for f in _functions(module)}
        if any(op.name == CALL for f in funcs.values() for op in nested_ops(f)):
            Inliner(funcs).run()


def _gpu_modules(ops: list[Operation]) -> list[Operation]:
    out = []
    for op in ops:
        if op.name == "gpu.module":
            out.append(op)
            continue
        for region in op.regions:
            for block in region.blocks:
                out += _gpu_modules(block.operations)
    return out


def _functions(module: Operation) -> list[Operation]:
    return [op for region in module.regions for block in region.blocks for op in block.operations
            if op.name in ("gpu.func", "func.func")]


def _walk(op: Operation) -> list[Operation]:
    out = []
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                out.append(inner)
                out += _walk(inner)
    return out


class Inliner:
    """Inlines bottom-up: a callee's own calls first (``done``), a call chain back to a function
    being inlined (``active``) is recursion."""

    def __init__(self, funcs: dict[str | None, Operation]):
        self.funcs = funcs
        self.done: set[str] = set()
        self.active: list[str] = []
        self.count = 0

    def run(self) -> None:
        for name in self.funcs:
            if name is not None:
                self.function(name)

    def function(self, name: str) -> None:
        if name in self.done:
            return
        self.active.append(name)
        f = self.funcs[name]
        for region in f.regions:
            for block in region.blocks:
                self.block(block)
        self.active.pop()
        self.done.add(name)

    def block(self, block: Block) -> None:
        out: list[Operation] = []
        for op in block.operations:
            for region in op.regions:
                for inner in region.blocks:
                    self.block(inner)
            if op.name == CALL:
                out += self.call(op)
            else:
                out.append(op)
        block.operations = out

    def call(self, op: Operation) -> list[Operation]:
        ref = op.attr("callee")
        name = ref.root if isinstance(ref, SymbolRefAttr) and not ref.nested else None
        callee = self.funcs.get(name)
        if name is None or callee is None or not callee.regions:
            raise error(op.loc, f"func.call: '{ref}' is no device function with a body in this gpu.module "
                                "(a device function is compiled where a kernel calls it: inlined)")
        if "gpu.kernel" in callee.attributes:
            raise error(op.loc, f"func.call: '@{name}' is a kernel; a kernel is launched, not called")
        if name in self.active:
            raise error(op.loc, f"func.call: '@{name}' calls itself (through {' -> '.join(self.active)}): "
                                "a recursive device function cannot be inlined")
        self.function(name)  # its own calls first
        blocks = callee.regions[0].blocks
        if len(blocks) != 1:
            raise error(op.loc, f"func.call: '@{name}' has {len(blocks)} blocks: only a device function of "
                                "one block can be inlined")
        body = blocks[0]
        params = body.arguments[:len(op.operands)]
        if len(op.operands) != len(params) or any(str(a.type) != str(p.type) for a, p in
                                                 zip(op.operands, params, strict=True)):
            want = ", ".join(str(p.type) for p in params)
            got = ", ".join(str(a.type) for a in op.operands)
            raise error(op.loc, f"func.call: '@{name}' takes ({want}), the call passes ({got})")
        self.count += 1
        clone = Cloner(f"{name}_{self.count}", dict(zip(params, op.operands, strict=True)))
        out = [clone.op(inner) for inner in body.operations]
        last = out.pop() if out and out[-1].name in RETURNS else None
        returned = last.operands if last is not None else []
        if len(returned) != len(op.results):
            raise error(op.loc, f"func.call: '@{name}' returns {len(returned)} values, the call expects "
                                f"{len(op.results)}")
        for r, v in zip(op.results, returned, strict=True):
            if str(r.type) != str(v.type):
                raise error(op.loc, f"func.call: result '{r.name}' is {r.type} but '@{name}' returns "
                                    f"{v.type}")
        self._replace(op, dict(zip(op.results, returned, strict=True)))
        return out

    def _replace(self, call: Operation, subst: dict[Value, Value]) -> None:
        """Every later use of the call's results reads the returned values (in the caller)."""
        if not subst:
            return
        for f in self.funcs.values():
            for op in _walk(f):
                if any(v in subst for v in op.operands):
                    op.operands = [subst.get(v, v) for v in op.operands]


class Cloner:
    """Copies of a callee's ops for one call site: fresh values (named after the call site, so
    two inlined copies never share a name) mapped from the callee's."""

    def __init__(self, prefix: str, mapping: dict[Value, Value]):
        self.prefix = prefix
        self.map = mapping

    def value(self, v: Value) -> Value:
        base, _, index = v.name.lstrip("%").partition("#")
        name = f"%{self.prefix}_{base}" + (f"#{index}" if index else "")
        new = Value(name, v.type, v.loc)
        self.map[v] = new
        return new

    def op(self, op: Operation) -> Operation:
        operands = [self.map.get(v, v) for v in op.operands]
        results = [self.value(r) for r in op.results]
        regions = [Region([self.block(b) for b in r.blocks]) for r in op.regions]
        return Operation(op.name, operands, results, dict(op.attributes), regions, op.loc,
                         list(op.successors))

    def block(self, b: Block) -> Block:
        args = [self.value(a) for a in b.arguments]
        return Block(b.label, args, [self.op(o) for o in b.operations])
