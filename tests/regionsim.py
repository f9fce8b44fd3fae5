"""A small evaluator of GenX region semantics over numpy arrays, for the legalization tests.

Vectors are numpy ``int64`` arrays of *byte tokens* (identities, not typed values), one row of
``esize`` tokens per element: every byte of an input is distinct, ``undef`` is :data:`UNDEF`, so a
result says exactly which input byte landed where, whatever the element type, and a bitcast is a
reshape. Masks are ``bool`` arrays.

- :func:`read` / :func:`write`: the reference semantics of one rdregion / wrregion (element
  ``i`` of a region is ``offset + (i // width) * vstride + (i % width) * stride``; a write
  stores ``new[i]`` there in order ``i = 0, 1, ...``, where the mask is true).
- :func:`run`: evaluates the instructions an ``llvmlite.ir`` function body holds (region calls
  and the integer / shuffle instructions the region builders emit), recording every region
  call it meets so the tests can judge each with ``legalize.why_illegal``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from llvmlite import ir

from genx_emit.genx.region import Region
from genx_emit.genx.regions import esize

UNDEF = -1


def tokens(n: int, es: int, base: int) -> np.ndarray:
    """``n`` elements of ``es`` distinct byte tokens each, from ``base`` on."""
    return np.arange(base, base + n * es, dtype=np.int64).reshape(n, es)


def indices(r: Region, var: int = 0) -> np.ndarray:
    i = np.arange(r.count)
    return r.offset + var + (i // r.width) * r.vstride + (i % r.width) * r.stride


def read(src: np.ndarray, r: Region, var: int = 0) -> np.ndarray:
    idx = indices(r, var)
    assert idx.min() >= 0 and idx.max() < len(src), f"{r} (+{var}) reads outside {len(src)} elements"
    return src[idx]


def write(old: np.ndarray, new: np.ndarray, r: Region, var: int = 0,
          mask: np.ndarray | None = None) -> np.ndarray:
    idx = indices(r, var)
    assert len(new) == r.count
    assert idx.min() >= 0 and idx.max() < len(old), f"{r} (+{var}) writes outside {len(old)} elements"
    out = old.copy()
    for i, j in enumerate(idx):  # in order: with repeated indices the last write wins
        if mask is None or mask[i]:
            out[j] = new[i]
    return out


@dataclass(frozen=True)
class Call:
    """One region call met by :func:`run`: its region (offset in elements, ``var`` set when the
    byte offset was computed at run time) and element size."""

    dest: bool
    region: Region
    esize: int
    masked: bool


@dataclass
class Machine:
    env: dict[int, Any] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)

    def value(self, v: ir.Value) -> Any:
        if isinstance(v, ir.Constant):
            return _constant(v)
        return self.env[id(v)]


def _count(t: ir.Type) -> int:
    return t.count if isinstance(t, ir.VectorType) else 1


def _constant(c: ir.Constant) -> Any:
    t = c.type
    if isinstance(t, ir.VectorType):
        is_mask = isinstance(t.element, ir.IntType) and t.element.width == 1
        if isinstance(c.constant, (list, tuple)):
            vals = [_constant(x) if isinstance(x, ir.Constant) else x for x in c.constant]
            return np.array(vals, dtype=bool if is_mask else np.int64)
        if is_mask:
            return np.full(t.count, bool(c.constant))
        assert c.constant is ir.Undefined, f"unexpected vector constant {c}"
        return np.full((t.count, esize(t)), UNDEF, dtype=np.int64)
    if c.constant is ir.Undefined:
        return UNDEF
    if isinstance(t, ir.IntType) and t.width == 1:
        return bool(c.constant)
    return int(c.constant)


def _wrap(v: int, t: ir.Type) -> int:
    assert isinstance(t, ir.IntType)
    return v & ((1 << t.width) - 1)


def run(fn: ir.Function, args: dict[str, Any]) -> Machine:
    """Evaluate ``fn``'s instructions with the named arguments bound to ``args``."""
    m = Machine()
    for a in fn.args:
        m.env[id(a)] = args[a.name]
    for block in fn.blocks:
        for inst in block.instructions:
            _step(m, inst)
    return m


def _step(m: Machine, inst: ir.Instruction) -> None:
    op = inst.opname
    if op.startswith("ret"):
        return
    if isinstance(inst, ir.CallInstr):
        name = inst.callee.name
        if name.startswith("llvm.genx.rdregion"):
            m.env[id(inst)] = _rdregion(m, inst)
        elif name.startswith("llvm.genx.wrregion"):
            m.env[id(inst)] = _wrregion(m, inst)
        else:
            raise AssertionError(f"unexpected call {name}")
        return
    ops = inst.operands
    if op in ("add", "mul", "trunc", "zext"):
        vals = [m.value(o) for o in ops]
        res = vals[0] + vals[1] if op == "add" else vals[0] * vals[1] if op == "mul" else vals[0]
        m.env[id(inst)] = _wrap(res, inst.type)
        return
    if op == "bitcast":
        v = m.value(ops[0])
        m.env[id(inst)] = v.reshape(-1, esize(inst.type))
        return
    if op == "shufflevector":
        a, b = m.value(ops[0]), m.value(ops[1])
        idx = _constant(ops[2])
        m.env[id(inst)] = np.concatenate([a, b])[idx]
        return
    raise AssertionError(f"unexpected instruction {inst}")


def _region(m: Machine, inst: ir.CallInstr, first: int, es: int, count: int) -> Region:
    vstride, width, stride, off = (inst.args[first + k] for k in range(4))
    vals = [m.value(x) for x in (vstride, width, stride)]
    assert all(isinstance(x, int) for x in vals), inst
    byte = m.value(off)
    assert isinstance(byte, int) and 0 <= byte < 1 << 15, f"offset {byte} does not fit i16"
    assert byte % es == 0, f"byte offset {byte} is not a multiple of {es}"
    assert vals[1] > 0 and count % vals[1] == 0, inst
    variable = not isinstance(off, ir.Constant)
    return Region(count=count, width=vals[1], stride=vals[2], vstride=vals[0], offset=byte // es,
                  var="run-time" if variable else None)


def _rdregion(m: Machine, inst: ir.CallInstr) -> np.ndarray:
    src = m.value(inst.args[0])
    es = esize(inst.args[0].type)
    r = _region(m, inst, 1, es, _count(inst.type))
    m.calls.append(Call(False, r, es, False))
    return read(src, Region(r.count, r.width, r.stride, r.vstride, r.offset))


def _wrregion(m: Machine, inst: ir.CallInstr) -> np.ndarray:
    old, new = m.value(inst.args[0]), m.value(inst.args[1])
    es = esize(inst.args[0].type)
    r = _region(m, inst, 2, es, _count(inst.args[1].type))
    mask_v = inst.args[7]
    mask = m.value(mask_v)
    masked = not (isinstance(mask_v, ir.Constant) and isinstance(mask, bool) and mask)
    m.calls.append(Call(True, r, es, masked))
    if isinstance(mask, bool):
        mask = np.full(r.count, mask)
    return write(old, new, Region(r.count, r.width, r.stride, r.vstride, r.offset), mask=mask)
