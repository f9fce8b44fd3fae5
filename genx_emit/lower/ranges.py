"""The range of an integer LLVM value built by straight-line index arithmetic, when it is bounded.

A tile's position often comes from ids through ``urem``/``udiv``/``and`` by constants (a
subgroup's place in its workgroup): then whether the tile lies inside its surface is known at
compile time, and DG2's row path (``nd_rows``) needs no run-time guard for it. Only what is sure
is derived: an unbounded operand (an argument, a group id, a loop value) makes the value
unbounded (None), and every bound is checked against the value's bit width.
"""

from __future__ import annotations

from llvmlite import ir

Range = tuple[int, int]  # inclusive, as mathematical integers


def _const(v: ir.Value) -> int | None:
    if isinstance(v, ir.Constant) and isinstance(v.type, ir.IntType) and isinstance(v.constant, int):
        return v.constant
    return None


def _fits(r: Range, bits: int, signed: bool) -> bool:
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return lo <= r[0] and r[1] <= hi


def value_range(v: ir.Value, depth: int = 24) -> Range | None:
    """[lo, hi] of ``v`` (an integer value read as unsigned, or signed where it came from a
    signed extension of a non-negative range: the two agree on non-negative ranges), or None."""
    c = _const(v)
    if c is not None:
        return (c, c)
    if depth == 0 or not isinstance(v, ir.Instruction) or not isinstance(v.type, ir.IntType):
        return None
    bits = v.type.width
    op = v.opname
    if op in ("zext", "sext", "trunc"):
        r = value_range(v.operands[0], depth - 1)
        # a non-negative range below the narrower width reads the same either way
        if r is None or r[0] < 0 or not _fits(r, min(bits, v.operands[0].type.width) - 1, False):
            return None
        return r
    if op not in ("add", "sub", "mul", "shl", "udiv", "urem", "and"):
        return None
    a, b = v.operands
    if op == "and":  # with a non-negative constant mask: at most the mask
        m = _const(b) if _const(b) is not None else _const(a)
        return (0, m) if m is not None and m >= 0 and _fits((0, m), bits - 1, False) else None
    rb = value_range(b, depth - 1)
    if op == "urem":
        cb = _const(b)
        return (0, cb - 1) if cb is not None and cb > 0 else None
    ra = value_range(a, depth - 1)
    if ra is None or rb is None or ra[0] < 0 or rb[0] < 0:
        return None
    if op == "add":
        r = (ra[0] + rb[0], ra[1] + rb[1])
    elif op == "sub":
        r = (ra[0] - rb[1], ra[1] - rb[0])
    elif op == "mul":
        r = (ra[0] * rb[0], ra[1] * rb[1])
    elif op == "shl":
        if rb[1] >= bits:
            return None
        r = (ra[0] << rb[0], ra[1] << rb[1])
    else:  # udiv
        if rb[0] == 0:
            return None
        r = (ra[0] // rb[1], ra[1] // rb[0])
    # no wrap: the result stays a non-negative value of the type's width (signed-safe too)
    return r if r[0] >= 0 and _fits(r, bits - 1, False) else None
