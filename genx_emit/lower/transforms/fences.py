"""Redundant LSC fences: dropped (or merged) after a kernel is lowered.

IGC waits for every ``lsc.fence``'s reply before the next instruction (a ``send`` plus a
``mov (8) null`` on its scoreboard), so a fence is complete before anything after it runs, a
barrier's signal included. A fence orders the thread's earlier accesses of its memory against
everything later; once one has, a second fence of that memory orders nothing new until the
thread accesses that memory again. So, walking each basic block in order (at a block's start
nothing counts as fenced: its predecessors are not looked at):

* a fence is dropped when, since an earlier fence of the same memory whose scope reaches at
  least as far and whose cache operation does at least its work (``FLUSH_COVERS``), the block
  has not accessed that memory (any call the intrinsic table does not classify, or any LLVM
  memory instruction, counts as an access of every memory);
* a fence that is not covered but follows a kept fence of the same memory with nothing in
  between but instructions that touch no memory (other fences included) is merged into it: the
  earlier call becomes one fence with the wider scope and the operation that does both works
  (when one exists, ``join``), and the later one goes;
* a barrier accesses no memory, so the fences a ``gpu.barrier`` asks for are dropped when a
  fence already ordered everything since the last access; but a cache operation that drops
  lines (``DROPS_LINES``) acts for the loads after it, and after a barrier other threads may
  have published data that those lines hold stale: such a fence counts no more after a barrier.

What each intrinsic touches is the ``memory`` field of ``intrinsics/*.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from llvmlite import ir

from genx_emit.genx.intrinsics import PREFIX, Intrinsics, by_mangled_name, memory_effect

# LSC fence scopes, narrowest first: each reaches every observer of the ones before it
# (thread group, Xe-core, tile, GPU, all GPUs, system).
SCOPE_ORDER = ("group", "local", "tile", "gpu", "gpus", "system")
# Cache operation of a fence -> the operations whose work it also does (a fence with one of those
# right after it finds nothing left to do). evict writes dirty lines back and drops every line:
# a clean and an invalidate at once. discard drops dirty lines unwritten: no clean, no evict.
# flush_l3 works on L3 alone. Every fence orders: every operation does the work of none.
FLUSH_COVERS: dict[str, tuple[str, ...]] = {
    "none": ("none",),
    "invalidate": ("invalidate", "none"),
    "clean": ("clean", "none"),
    "evict": ("evict", "invalidate", "clean", "none"),
    "discard": ("discard", "none"),
    "flush_l3": ("flush_l3", "none"),
}
# Operations that drop cached lines, for the loads after the fence to read memory again.
DROPS_LINES = ("invalidate", "evict", "discard")
# An access of a memory (a fence_sfid word) may need the fences of each of these memories: UGM,
# its low-bandwidth port (ugml) and typed surfaces (tgm) all reach the same global memory.
SAME_STORAGE: dict[str, tuple[str, ...]] = {
    "ugm": ("ugm", "ugml", "tgm"), "ugml": ("ugm", "ugml", "tgm"), "tgm": ("ugm", "ugml", "tgm"),
    "slm": ("slm",),
}
_ALL_MEMORIES = tuple(SAME_STORAGE)
# LLVM instructions that may touch memory when not a call of a classified intrinsic.
_MEMORY_OPCODES = frozenset({"load", "store", "atomicrmw", "cmpxchg", "fence", "call", "invoke", "va_arg"})


def join(a: str, b: str) -> str | None:
    """The cache operation that does the work of both ``a`` and ``b`` and no more than needed
    for that; None when none does (discard and clean: one drops what the other writes)."""
    both = [op for op, covers in FLUSH_COVERS.items() if a in covers and b in covers]
    least = [op for op in both if all(op in FLUSH_COVERS[other] for other in both)]
    return least[0] if least else None


@dataclass
class _Fence:
    call: ir.CallInstr
    memory: str
    op: str
    scope: str


@dataclass
class _Fenced:
    """One memory since its last access in this block."""

    reach: dict[str, int] = field(default_factory=dict)  # cache op -> widest scope (rank) done
    last: _Fence | None = None  # the last fence kept, while only memory-free instructions followed

    def covers(self, op: str, scope: str) -> bool:
        return self.reach.get(op, -1) >= SCOPE_ORDER.index(scope)

    def record(self, f: _Fence) -> None:
        for op in FLUSH_COVERS[f.op]:
            self.reach[op] = max(self.reach.get(op, -1), SCOPE_ORDER.index(f.scope))


def drop_redundant_fences(fn: ir.Function, intr: Intrinsics, source_of: dict | None = None) -> None:
    """Drop or merge the fences of ``fn`` that order nothing a kept fence has not (module doc)."""
    if not _declares_fence(fn.module):
        return  # no fence to drop: spare the walk over every instruction
    for block in fn.blocks:
        _block(block, intr, source_of)


def _declares_fence(module: ir.Module) -> bool:
    """Whether ``module`` declares an intrinsic that may be a fence (a call of it can be one)."""
    for g in module.functions:
        if g.is_declaration and g.name.startswith(PREFIX):
            d = by_mangled_name(g.name)
            if d is None:
                continue
            effects = [d.memory, *(e for _, e in d.memory_by[1])] if d.memory_by is not None else [d.memory]
            if "fence" in effects:
                return True
    return False


def _block(block: ir.Block, intr: Intrinsics, source_of: dict | None) -> None:
    fenced: dict[str, _Fenced] = {}
    for ins in list(block.instructions):
        effect = touches(ins)
        if effect == "none":
            continue
        if effect == "fence":
            f = _fence_words(ins, intr)
            if f is not None:
                _fence(block, f, fenced.setdefault(f.memory, _Fenced()), intr, source_of)
            continue  # a predicated fence is kept and proves nothing
        for state in fenced.values():
            state.last = None
        if effect == "barrier":
            for state in fenced.values():
                for op in DROPS_LINES:
                    state.reach.pop(op, None)
            continue
        for memory in _ALL_MEMORIES if effect == "any" else SAME_STORAGE[effect]:
            fenced.pop(memory, None)


def _fence(block: ir.Block, f: _Fence, state: _Fenced, intr: Intrinsics, source_of: dict | None) -> None:
    if state.covers(f.op, f.scope):
        _remove(block, f.call, source_of)
        return
    last = state.last
    op = join(last.op, f.op) if last is not None else None
    if last is None or op is None:
        state.last = f
        state.record(f)
        return
    scope = max(last.scope, f.scope, key=SCOPE_ORDER.index)
    b = ir.IRBuilder(block)
    b.position_before(last.call)
    merged = intr.call(b, "lsc.fence", pred=last.call.args[0], sfid=f.memory, op=op, scope=scope)
    if source_of is not None and id(last.call) in source_of:
        source_of[id(merged)] = source_of[id(last.call)]
    _remove(block, last.call, source_of)
    _remove(block, f.call, source_of)
    state.last = _Fence(merged, f.memory, op, scope)
    state.record(state.last)


def _remove(block: ir.Block, ins: ir.Instruction, source_of: dict | None) -> None:
    block.instructions.remove(ins)
    if source_of is not None:
        source_of.pop(id(ins), None)


def touches(ins: ir.Instruction) -> str:
    """What ``ins`` touches: a memory (fence_sfid word) or one of intrinsics.MEMORY_EFFECTS."""
    if ins.opname not in _MEMORY_OPCODES:
        return "none"
    callee = getattr(ins, "callee", None)
    if not isinstance(callee, ir.Function) or not callee.name.startswith(PREFIX):
        return "any"
    d = by_mangled_name(callee.name)
    return "any" if d is None else memory_effect(d, ins.args)


def _fence_words(ins: ir.CallInstr, intr: Intrinsics) -> _Fence | None:
    """The fence's words; None unless it is unpredicated with constant words."""
    d = by_mangled_name(ins.callee.name)
    args = dict(zip((o.name for o in d.operands), ins.args, strict=True)) if d else {}
    pred = args.get("pred")
    if not (isinstance(pred, ir.Constant) and pred.constant is True):
        return None
    words = []
    for name in ("sfid", "op", "scope"):
        arg = args[name]
        if not (isinstance(arg, ir.Constant) and isinstance(arg.constant, int)):
            return None
        words.append(intr.decode(d.slot(name).enum or "", arg.constant))
    return _Fence(ins, *words)
