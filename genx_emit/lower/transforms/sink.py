"""Tile loads issued at their first use, for straight-line kernels whose loaded tiles do not fit.

An elementwise work-group kernel (two 32x64 f32 inputs per subgroup: 256 GRFs of tiles) loads
every tile of its first operand, then of its second, then computes: all of them are live at
once and even the large register file spills. Each 2D block load moved down to just before its
first use (or before the first instruction that may write memory or order it, which it must
not pass) brings a tile in when it is needed; IGC keeps the order.

Moving a load later is exact: it passes only pure instructions (region reads and writes,
arithmetic) and other loads, so it reads the same bytes; its operands are defined before its
old place and every use is after its new one. Only kernels :func:`grf.straight_grfs` finds
larger than the large file are rewritten: elsewhere an early load hides the memory latency.
"""

from __future__ import annotations

from llvmlite import ir

from genx_emit.genx.intrinsics import PREFIX
from genx_emit.lower.transforms.fences import touches

# the 2D block load (raw.send2 with a result; stores and prefetches are send(s)2.noresult)
_LOAD = PREFIX + "raw.send2."


def _is_load(ins: ir.Instruction) -> bool:
    callee = getattr(ins, "callee", None)
    return (isinstance(ins, ir.CallInstr) and isinstance(callee, ir.Function)
            and callee.name.startswith(_LOAD) and not isinstance(ins.type, ir.VoidType))


def sink_loads(fn: ir.Function) -> None:
    """Move every 2D block load of ``fn`` to its first use in its block, or to the first
    instruction between that may touch memory (the loads before it keep their order)."""
    for block in fn.blocks:
        insts = block.instructions
        for load in [i for i in insts if _is_load(i)]:
            at = insts.index(load)
            stop = at + 1
            while stop < len(insts) and load not in insts[stop].operands and (
                    _is_load(insts[stop]) or touches(insts[stop]) == "none"):
                stop += 1
            if stop == len(insts) or stop == at + 1:
                continue  # used nowhere here (or the terminator) or already in place
            insts.remove(load)
            insts.insert(stop - 1, load)
