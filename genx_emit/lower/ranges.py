"""The range of an integer LLVM value built by straight-line index arithmetic, when it is bounded.

A tile's position often comes from ids through ``urem``/``udiv``/``and`` by constants (a
subgroup's place in its workgroup): then whether the tile lies inside its surface is known at
compile time, and DG2's row path (``nd_rows``) needs no run-time guard for it. Only what is sure
is derived: an unbounded operand (an argument, a group id, a loop value) makes the value
unbounded (None), and every bound is checked against the value's bit width.
"""

from __future__ import annotations

from llvmlite import ir

from genx_emit.genx.regions import trace

Range = tuple[int, int]  # inclusive, as mathematical integers


def _const(v: ir.Value) -> int | None:
    """A scalar integer constant's value, or a splat vector constant's."""
    if isinstance(v, ir.Constant) and isinstance(v.type, ir.IntType) and isinstance(v.constant, int):
        return v.constant
    if isinstance(v, ir.Constant) and isinstance(v.type, ir.VectorType) and isinstance(v.constant, list):
        lanes = {c.constant if isinstance(c, ir.Constant) else c for c in v.constant}
        if len(lanes) == 1 and isinstance(x := lanes.pop(), int) and not isinstance(x, bool):
            return x
    return None


def _int_bits(t: ir.Type) -> int | None:
    """Bit width of an integer type or of an integer vector's elements."""
    if isinstance(t, ir.VectorType):
        t = t.element
    return t.width if isinstance(t, ir.IntType) else None


def _fits(r: Range, bits: int, signed: bool) -> bool:
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return lo <= r[0] and r[1] <= hi


def value_range(v: ir.Value, depth: int = 24) -> Range | None:
    """[lo, hi] of ``v`` (an integer value read as unsigned, or signed where it came from a
    signed extension of a non-negative range: the two agree on non-negative ranges), or None.
    For an integer vector: the range of all its lanes (through region reads and writes too)."""
    c = _const(v)
    if c is not None:
        return (c, c)
    bits = _int_bits(v.type)
    if depth == 0 or not isinstance(v, ir.Instruction) or bits is None:
        return None
    if isinstance(v, ir.CallInstr):
        return _traced_range(v, depth) if isinstance(v.type, ir.VectorType) else None
    op = v.opname
    if op in ("zext", "sext", "trunc"):
        r = value_range(v.operands[0], depth - 1)
        # a non-negative range below the narrower width reads the same either way
        src_bits = _int_bits(v.operands[0].type)
        if r is None or r[0] < 0 or src_bits is None or not _fits(r, min(bits, src_bits) - 1, False):
            return None
        return r
    if op not in ("add", "sub", "mul", "shl", "udiv", "urem", "and"):
        return None
    a, b = v.operands
    if op == "and":  # with a non-negative constant mask: at most the mask
        m = _const(b) if _const(b) is not None else _const(a)
        return (0, m) if m is not None and m >= 0 and _fits((0, m), bits - 1, False) else None
    if op == "urem":
        cb = _const(b)
        return (0, cb - 1) if cb is not None and cb > 0 else None
    ra, rb = value_range(a, depth - 1), value_range(b, depth - 1)
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


_FOLDS = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "shl": lambda a, b: a << b,
}


def constant_lanes(v: ir.Value, depth: int = 24) -> list[int] | None:
    """The lanes of an integer vector computed from constants only (``add``/``sub``/``mul``/
    ``shl`` and extensions of constant vectors, as arith ops on dense constants lower), as
    signed integers of the vector's element width; None for anything else."""
    if not isinstance(v.type, ir.VectorType) or not isinstance(v.type.element, ir.IntType):
        return None
    bits = v.type.element.width
    if isinstance(v, ir.Constant):
        if v.constant is None:
            return None
        vals = _lane_ints(v)
        return [_signed(x, bits) for x in vals] if vals is not None else None
    if depth == 0 or not isinstance(v, ir.Instruction):
        return None
    if isinstance(v, ir.CallInstr):  # pieces joined by region writes (an op split for the GRF)
        return _traced_lanes(v, depth)
    if v.opname in ("sext", "zext", "trunc"):
        src = constant_lanes(v.operands[0], depth - 1)
        if src is None:
            return None
        sbits = v.operands[0].type.element.width
        if v.opname == "zext":
            src = [x & ((1 << sbits) - 1) for x in src]
        return [_signed(x, bits) for x in src]
    fold = _FOLDS.get(v.opname)
    if fold is None:
        return None
    a, b = (constant_lanes(o, depth - 1) for o in v.operands)
    if a is None or b is None or (v.opname == "shl" and any(not 0 <= y < bits for y in b)):
        return None
    return [_signed(fold(x, y), bits) for x, y in zip(a, b, strict=True)]


def _lane_ints(v: ir.Constant) -> list[int] | None:
    """The lanes of a constant (a scalar: one lane; a splat: repeated), or None unless every
    one is an integer."""
    count = v.type.count if isinstance(v.type, ir.VectorType) else 1
    lanes = v.constant if isinstance(v.constant, list) else [v.constant] * count
    vals = [_const(c) if isinstance(c, ir.Constant) else c for c in lanes]
    return vals if all(isinstance(x, int) for x in vals) else None


def _signed(x: int, bits: int) -> int:
    """``x`` wrapped to ``bits`` bits, read as signed."""
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def _traced_lanes(v: ir.Value, depth: int) -> list[int] | None:
    """The lanes of a vector assembled by region reads and writes, each traced to the vector it
    was computed in (``regions.trace``) and evaluated there."""
    sources = trace(v, range(v.type.count))
    if sources is None:
        return None
    known: dict[int, list[int] | None] = {}
    out = []
    for src, element, ratio in sources:
        if ratio != 1 or not isinstance(src.type, ir.VectorType) or src.type.element != v.type.element:
            return None
        if id(src) not in known:
            known[id(src)] = constant_lanes(src, depth - 1)
        lanes = known[id(src)]
        if lanes is None:
            return None
        out.append(lanes[element])
    return out


def _traced_range(v: ir.Value, depth: int) -> Range | None:
    """The range of a vector assembled by region reads and writes: that of every vector its
    lanes were copied from."""
    sources = trace(v, range(v.type.count))
    if sources is None or any(ratio != 1 for _, _, ratio in sources):
        return None
    out: Range | None = None
    for src in {id(s): s for s, _, _ in sources}.values():
        r = value_range(src, depth - 1)
        if r is None:
            return None
        out = r if out is None else (min(out[0], r[0]), max(out[1], r[1]))
    return out


def known_multiple(v: ir.Value, depth: int = 24) -> int:
    """The largest power of two known to divide ``v`` (every lane of an integer vector): 1 when
    nothing is known. Divisibility by 2**j (j below the width) survives the wrap of ``add``,
    ``sub``, ``mul`` and ``shl`` and every extension and truncation, so the trailing zero bits
    are followed through them, through splats and through region reads and writes."""
    bits = _int_bits(v.type)
    return 1 << min(_zeros(v, depth), bits) if bits is not None else 1


def _zeros(v: ir.Value, depth: int) -> int:
    """Trailing zero bits every value of ``v`` has (at least); an undefined lane counts as any."""
    bits = _int_bits(v.type) or 0
    if isinstance(v, ir.Constant):
        if v.constant is ir.Undefined or v.constant is None:
            return bits
        vals = _lane_ints(v)
        if vals is None:
            return 0
        return min((bits if x % (1 << bits) == 0 else ((x & -x).bit_length() - 1)) for x in vals)
    if depth == 0 or not isinstance(v, ir.Instruction):
        return 0
    if isinstance(v, ir.CallInstr):
        if not isinstance(v.type, ir.VectorType):
            return 0
        sources = trace(v, range(v.type.count))
        if sources is None or any(ratio != 1 for _, _, ratio in sources):
            return 0
        return min((_zeros(s, depth - 1) for s in {id(s): s for s, _, _ in sources}.values()), default=0)
    op = v.opname
    ops = v.operands
    if op in ("zext", "sext", "trunc"):
        return min(_zeros(ops[0], depth - 1), bits)
    # (insertelement, shufflevector: every lane is a lane of one of the first two operands)
    if op in ("add", "sub", "or", "insertelement", "shufflevector"):
        return min(_zeros(ops[0], depth - 1), _zeros(ops[1], depth - 1))
    if op == "and":
        return max(_zeros(ops[0], depth - 1), _zeros(ops[1], depth - 1))
    if op == "mul":
        return min(_zeros(ops[0], depth - 1) + _zeros(ops[1], depth - 1), bits)
    if op == "shl":
        c = _const(ops[1])
        return min(_zeros(ops[0], depth - 1) + c, bits) if c is not None and 0 <= c < bits else 0
    return 0
