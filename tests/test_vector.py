"""vector dialect ops: custom and generic forms, verify rules, and what the lowering computes.

The semantic tests do not read the emitted text line by line: a small evaluator runs the
emitted instructions (rdregion/wrregion per the GenX reference, section 4: element i of a
region is offset/esize + (i / width) * vstride + (i % width) * stride; insertelement,
extractelement, shufflevector, the arithmetic of reductions) over a source whose elements are
their own indices, so a wrong region shows up as a wrong index. Reductions are run over
multisets of indices (every source element must be combined exactly once) and over numbers
(min/max and their NaN rules, checked against numpy). Every case runs for PVC and DG2, with
the region accesses legalized and raw.
"""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from conftest import one_kernel

from genx_emit.api import lower_text, read_kernels
from genx_emit.diagnostics import DiagnosticError
from genx_emit.lower.ops.vector import shuffle_runs, view
from genx_emit.ops import vector as V

MODES = [pytest.param(t, leg, id=f"{t}-{'legal' if leg else 'raw'}")
         for t in ("pvc", "dg2") for leg in (True, False)]


# -- helpers ---------------------------------------------------------------------------------
def kernel(*body: str, args: str = "%a: memref<64x64xf32>") -> str:
    """Kernel @k; body lines start on line 3, indented by 4 (an op after ``%r = `` is at column 10)."""
    return one_kernel(*body, args=args)


def looped(src_type: str, *body: str, args: str = "%a: memref<64x64xf32>") -> str:
    """``body`` inside a one-trip scf.for whose iter_arg ``%x`` (a phi named ``%x`` in the output)
    has type ``src_type``: the evaluator seeds that phi with the source elements."""
    return kernel(
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        f"%init = arith.constant dense<0> : {src_type}" if "xi" in src_type
        else f"%init = arith.constant dense<0.0> : {src_type}",
        f"%loop = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %init) -> ({src_type}) {{",
        *(f"  {b}" for b in body),
        f"  scf.yield %x : {src_type}",
        "}",
        args=args,
    )


def diag(text: str) -> str:
    with pytest.raises(DiagnosticError) as e:
        lower_text(text, "k.mlir", "pvc")
    return f"{e.value.loc}: {e.value.message}"


def model(text: str) -> list:
    """The vector ops of kernel @k, nested ones (loop bodies) included, in order."""
    out: list = []

    def walk(ops: list) -> None:
        for op in ops:
            if type(op).__module__ == V.__name__:
                out.append(op)
            for v in op.__dict__.values():
                if isinstance(v, list) and v and all(hasattr(o, "loc") and hasattr(o, "results") for o in v):
                    walk(v)

    walk(read_kernels(text, "k.mlir").funcs[0].body)
    return out


# -- an evaluator of the emitted instructions ------------------------------------------------
@dataclass(frozen=True)
class Sym:
    """A reduction partial result: the source indices combined into it (a sorted multiset)."""

    idx: tuple[int, ...]

    def __add__(self, other: Sym) -> Sym:
        return Sym(tuple(sorted(self.idx + other.idx)))


def _split(s: str) -> list[str]:
    """Top-level comma split (not inside <...> or [...])."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<[(":
            depth += 1
        elif ch in ">])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _count(ty: str) -> int:
    m = re.match(r"<(\d+) x", ty)
    return int(m.group(1)) if m else 1


def _esize(ty: str) -> int:
    el = ty.split(" x ")[-1].rstrip(">") if ty.startswith("<") else ty
    return {"half": 2, "float": 4, "double": 8}.get(el) or int(el[1:]) // 8


_CALL = re.compile(r"call (.+?) @llvm\.genx\.(rdregion|wrregion|fmax|fmin)[fi]?\.[\w.]+\((.*)\)$")
_TYPED = re.compile(r"^(<\d+ x \w+>|\w+) (.+)$")
_BIN = {"fadd": lambda a, b: a + b, "add": lambda a, b: a + b, "fmul": lambda a, b: a * b,
        "mul": lambda a, b: a * b, "fsub": lambda a, b: a - b, "sub": lambda a, b: a - b}
_CMP = {"ogt": lambda a, b: a > b, "olt": lambda a, b: a < b, "sgt": lambda a, b: a > b,
        "slt": lambda a, b: a < b, "ugt": lambda a, b: a > b, "ult": lambda a, b: a < b,
        "uno": lambda a, b: math.isnan(a) or math.isnan(b)}


class Eval:
    """Values of the LLVM names of ``ll``; ``seeds`` gives phis and arguments their values
    (vectors as lists, scalars as ints/floats/Sym)."""

    def __init__(self, ll: str, seeds: dict[str, object]):
        self.defs = dict(re.findall(r"^\s*(%[\w.]+) = (.*)$", ll, re.M))
        self.memo: dict[str, object] = dict(seeds)

    def __call__(self, name: str) -> object:
        if name not in self.memo:
            self.memo[name] = self.run(self.defs[name])
        return self.memo[name]

    def operand(self, typed: str) -> object:
        ty, v = _TYPED.match(typed.strip()).groups()
        return self.literal(ty, v)

    def literal(self, ty: str, v: str) -> object:
        n = _count(ty)
        vec = ty.startswith("<")
        if v.startswith("%"):
            return self(v)
        if v == "undef":
            return [None] * n if vec else None
        if v == "zeroinitializer":
            return [0] * n
        if v.startswith("<"):
            return [self.operand(e) for e in _split(v[1:-1])]
        if v in ("true", "false"):
            return v == "true"
        if v.startswith("0x"):
            return struct.unpack(">d", bytes.fromhex(v[2:]))[0]
        return float(v) if any(c in v for c in ".en") else int(v)

    def run(self, rhs: str) -> object:
        m = _CALL.match(rhs)
        if m:
            ret, which, args = m.groups()
            ops = _split(args)
            if which in ("fmax", "fmin"):  # sel.ge / sel.l: the non-NaN operand wins
                x, y = (self.operand(o) for o in ops)

                def sel(p: float, q: float) -> float:
                    return p if math.isnan(q) or (p >= q if which == "fmax" else p < q) else q
                return [sel(p, q) for p, q in zip(x, y, strict=True)] if ret.startswith("<") else sel(x, y)
            if which == "rdregion":
                src = self.operand(ops[0])
                vs, w, st, off = (self.operand(o) for o in ops[1:5])
                es = _esize(_TYPED.match(ops[0]).group(1))
                return [src[off // es + i // w * vs + i % w * st] for i in range(_count(ret))]
            old, new = list(self.operand(ops[0])), self.operand(ops[1])
            vs, w, st, off = (self.operand(o) for o in ops[2:6])
            mask = self.operand(ops[7])
            es = _esize(_TYPED.match(ops[0]).group(1))
            for i, e in enumerate(new):
                if mask is True or mask[i]:
                    old[off // es + i // w * vs + i % w * st] = e
            return old
        op, _, rest = rhs.partition(" ")
        if op == "insertelement":
            vec, val, idx = (self.operand(o) for o in _split(rest))
            out = list(vec)
            out[idx] = val
            return out
        if op == "extractelement":
            vec, idx = (self.operand(o) for o in _split(rest))
            return vec[idx]
        if op == "shufflevector":
            a, b, sel = (self.operand(o) for o in _split(rest))
            both = list(a) + list(b)
            return [both[i] for i in sel]
        if op in _BIN:
            ty, operands = _TYPED.match(rest).groups()
            x, y = (self.literal(ty, v.strip()) for v in _split(operands))
            f = _BIN[op]
            return [f(p, q) for p, q in zip(x, y, strict=True)] if ty.startswith("<") else f(x, y)
        if op in ("fcmp", "icmp"):
            pred, _, rest2 = rest.partition(" ")
            ty, operands = _TYPED.match(rest2).groups()
            x, y = (self.literal(ty, v.strip()) for v in _split(operands))
            f = _CMP[pred]
            return [f(p, q) for p, q in zip(x, y, strict=True)] if ty.startswith("<") else f(x, y)
        if op == "select":
            c, x, y = (self.operand(o) for o in _split(rest))
            if isinstance(c, list):
                return [p if k else q for k, p, q in zip(c, x, y, strict=True)]
            return x if c else y
        if op in ("trunc", "zext", "sext"):
            return self.operand(rest.split(" to ")[0])
        raise AssertionError(f"cannot evaluate: {rhs}")


def run(text: str, result: str, seeds: dict[str, object], target: str, legalize: bool) -> object:
    ll = lower_text(text, "k.mlir", target, legalize=legalize)
    return Eval(ll, seeds)(result)


def iota(n: int) -> list[int]:
    return list(range(n))


def np_index(shape: tuple[int, ...]) -> np.ndarray:
    return np.arange(math.prod(shape)).reshape(shape)


# -- parsing: custom and generic forms give the same model -----------------------------------
FORMS = [
    ("%r = vector.extract %x[2] : vector<32xf32> from vector<8x32xf32>",
     '%r = "vector.extract"(%x) <{static_position = array<i64: 2>}> : (vector<8x32xf32>) -> vector<32xf32>'),
    ("%r = vector.extract %x[2] : vector<8x32xf32>",  # the older form: source type only
     '%r = "vector.extract"(%x) {position = [2]} : (vector<8x32xf32>) -> vector<32xf32>'),
    ("%r = vector.extract_strided_slice %x {offsets = [0, 16], sizes = [8, 16], strides = [1, 1]} : "
     "vector<8x32xf32> to vector<8x16xf32>",
     '%r = "vector.extract_strided_slice"(%x) <{offsets = [0, 16], sizes = [8, 16], strides = [1, 1]}> : '
     "(vector<8x32xf32>) -> vector<8x16xf32>"),
    ("%r = vector.transpose %x, [1, 0] : vector<8x32xf32> to vector<32x8xf32>",
     '%r = "vector.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (vector<8x32xf32>) '
     "-> vector<32x8xf32>"),
    ("%r = vector.shuffle %x, %x [0, 8, 1, 9] : vector<8x32xf32>, vector<8x32xf32>",
     '%r = "vector.shuffle"(%x, %x) <{mask = array<i64: 0, 8, 1, 9>}> : (vector<8x32xf32>, vector<8x32xf32>) '
     "-> vector<4x32xf32>"),
    ("%r = vector.bitcast %x : vector<8x32xf32> to vector<8x64xf16>",
     '%r = "vector.bitcast"(%x) : (vector<8x32xf32>) -> vector<8x64xf16>'),
    ("%r = vector.multi_reduction <maxnumf>, %x, %acc [1] : vector<8x32xf32> to vector<8xf32>",
     '%r = "vector.multi_reduction"(%x, %acc) <{kind = #vector.kind<maxnumf>, '
     "reduction_dims = array<i64: 1>}>"
     " : (vector<8x32xf32>, vector<8xf32>) -> vector<8xf32>"),
    ("%r = vector.broadcast %acc : vector<8xf32> to vector<4x8xf32>",
     '%r = "vector.broadcast"(%acc) : (vector<8xf32>) -> vector<4x8xf32>'),
    ("%r = vector.insert_strided_slice %acc, %x {offsets = [3, 8], strides = [1]} : vector<8xf32> into "
     "vector<8x32xf32>",
     '%r = "vector.insert_strided_slice"(%acc, %x) <{offsets = [3, 8], strides = [1]}> : '
     "(vector<8xf32>, vector<8x32xf32>) -> vector<8x32xf32>"),
]


def _fields(op: object) -> dict:
    return {k: (v.name if hasattr(v, "name") and hasattr(v, "type") else v)
            for k, v in op.__dict__.items() if k not in ("loc", "results", "origin")}


@pytest.mark.parametrize("custom,generic", FORMS)
def test_custom_and_generic_forms_build_the_same_op(custom, generic):
    pre = ["%acc = arith.constant dense<0.0> : vector<8xf32>"]
    a = model(looped("vector<8x32xf32>", *pre, custom))
    b = model(looped("vector<8x32xf32>", *pre, generic))
    assert len(a) == len(b) == 1 and type(a[0]) is type(b[0])
    assert _fields(a[0]) == _fields(b[0])
    assert a[0].result.type == b[0].result.type


def test_reduction_forms_with_accumulator_and_fastmath():
    ops = model(kernel(
        "%v = arith.constant dense<1.0> : vector<16xf32>",
        "%s = arith.constant 0.0 : f32",
        "%r0 = vector.reduction <add>, %v : vector<16xf32> into f32",
        "%r1 = vector.reduction <maximumf>, %v, %s fastmath<nnan> : vector<16xf32> into f32",
        '%r2 = "vector.reduction"(%v, %s) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<minnumf>}> '
        ": (vector<16xf32>, f32) -> f32",
        "%r3 = vector.reduction <maxf>, %v : vector<16xf32> into f32",  # the pre-LLVM-18 spelling
    ))
    assert [(type(o).__name__, o.kind, o.acc is not None) for o in ops] == [
        ("Reduction", "add", False), ("Reduction", "maximumf", True), ("Reduction", "minnumf", True),
        ("Reduction", "maximumf", False)]


def test_dynamic_positions_are_operands():
    ops = model(kernel(
        "%v = arith.constant dense<1.0> : vector<4x16xf32>",
        "%e = vector.extract %v[%i, 3] : f32 from vector<4x16xf32>",
        "%w = vector.insert %e, %v[1, %i] : f32 into vector<4x16xf32>",
        '%g = "vector.extract"(%v, %i) <{static_position = array<i64: -9223372036854775808>}> : '
        "(vector<4x16xf32>, index) -> vector<16xf32>",
        args="%i: index"))
    assert [[p if isinstance(p, int) else p.name for p in o.position] for o in ops] == [
        ["%i", 3], [1, "%i"], ["%i"]]


# -- verify rules ----------------------------------------------------------------------------
ERRORS = [
    ("%r = vector.extract_strided_slice %x {offsets = [0, 24], sizes = [8, 16], strides = [1, 1]} : "
     "vector<8x32xf32> to vector<8x16xf32>",
     "vector.extract_strided_slice: offset 24 + size 16 in dimension 1 exceeds dimension size 32 of '%x'"),
    ("%r = vector.extract_strided_slice %x {offsets = [0, 0], sizes = [8, 16], strides = [1, 1]} : "
     "vector<8x32xf32> to vector<8x8xf32>",
     "vector.extract_strided_slice: result type 'vector<8x8xf32>' must be 'vector<8x16xf32>'"),
    ("%r = vector.extract_strided_slice %x {offsets = [0, 0], sizes = [8, 16], strides = [1, 2]} : "
     "vector<8x32xf32> to vector<8x16xf32>",
     "vector.extract_strided_slice: stride 2 in dimension 1: only unit strides are allowed"),
    ("%r = vector.extract_strided_slice %x {offsets = [0], sizes = [8, 16], strides = [1, 1]} : "
     "vector<8x32xf32> to vector<8x16xf32>",
     "vector.extract_strided_slice: offsets, sizes and strides must have one entry each per dimension"),
    ("%r = vector.extract %x[8] : vector<32xf32> from vector<8x32xf32>",
     "vector.extract: position 8 of dimension 0 is out of range [0, 8) of '%x'"),
    ("%r = vector.extract %x[1] : f32 from vector<8x32xf32>",
     "vector.extract: result type 'f32' must be 'vector<32xf32>'"),
    ("%r = vector.extract %x[1, 2, 3] : f32 from vector<8x32xf32>",
     "vector.extract: 3 positions index '%x' of type 'vector<8x32xf32>', which has only 2 dimensions"),
    ("%r = vector.insert %acc, %x[1] : vector<8xf32> into vector<8x32xf32>",
     "vector.insert: value '%acc' has type 'vector<8xf32>' but 1 positions in 'vector<8x32xf32>' hold "
     "'vector<32xf32>'"),
    ("%r = vector.insert_strided_slice %acc, %x {offsets = [7, 28], strides = [1]} : vector<8xf32> into "
     "vector<8x32xf32>",
     "vector.insert_strided_slice: offset 28 + size 8 in dimension 1 exceeds dimension size 32 of '%x'"),
    ("%r = vector.insert_strided_slice %acc, %x {offsets = [7], strides = [1]} : vector<8xf32> into "
     "vector<8x32xf32>",
     "vector.insert_strided_slice: 1 offsets but the destination '%x' ('vector<8x32xf32>') has 2 dimensions"),
    ("%r = vector.transpose %x, [0, 0] : vector<8x32xf32> to vector<32x8xf32>",
     "vector.transpose: [0, 0] is not a permutation of the 2 dimensions of '%x'"),
    ("%r = vector.transpose %x, [1, 0] : vector<8x32xf32> to vector<8x32xf32>",
     "vector.transpose: result type 'vector<8x32xf32>' must be 'vector<32x8xf32>'"),
    ("%r = vector.shuffle %x, %x [0, 16] : vector<8x32xf32>, vector<8x32xf32>",
     "vector.shuffle: mask entry 16 is out of range [0, 16)"),
    ("%r = vector.shuffle %x, %acc [0, 1] : vector<8x32xf32>, vector<8xf32>",
     "vector.shuffle: '%x' ('vector<8x32xf32>') and '%acc' ('vector<8xf32>') must have the same element "
     "type"),
    ("%r = vector.bitcast %x : vector<8x32xf32> to vector<8x32xf16>",
     "vector.bitcast: the innermost dimension of 'vector<8x32xf32>' has 1024 bits but that of "
     "'vector<8x32xf16>' has 512"),
    ("%r = vector.broadcast %acc : vector<8xf32> to vector<8x16xf32>",
     "vector.broadcast: dimension 0 of '%acc' ('vector<8xf32>') is 8: it must be 1 or equal to dimension 1"),
    ("%r = vector.reduction <xor>, %acc : vector<8xf32> into f32",
     "vector.reduction: kind <xor> does not apply to '%acc' of element type f32"),
    ("%r = vector.reduction <add>, %x : vector<8x32xf32> into f32",
     "vector.reduction: '%x' ('vector<8x32xf32>') must be a 1-D vector"),
    ('%r = "vector.reduction"(%acc) <{kind = #vector.kind<sum>}> : (vector<8xf32>) -> f32',
     "vector.reduction: unknown combining kind 'sum'"),
    ("%r = vector.multi_reduction <add>, %x, %acc [1, 1] : vector<8x32xf32> to vector<8xf32>",
     "vector.multi_reduction: reduction dimensions [1, 1] must be distinct dimensions of '%x'"),
    ("%r = vector.multi_reduction <add>, %x, %acc [0] : vector<8x32xf32> to vector<8xf32>",
     "vector.multi_reduction: result type 'vector<8xf32>' must be 'vector<32xf32>'"),
]


@pytest.mark.parametrize("line,message", ERRORS,
                         ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(ERRORS)])
def test_verify_errors_are_located(line, message):
    text = looped("vector<8x32xf32>", "%acc = arith.constant dense<0.0> : vector<8xf32>", line)
    # the op is on line 8 (after the loop's 4 lines and %acc), inside the loop: `%r = ` at column 12
    assert diag(text).startswith(f"k.mlir:8:12: {message}")


def test_bf16_reduction_is_a_located_error():
    text = looped("vector<8x32xbf16>", "%acc = arith.constant dense<0.0> : vector<8xbf16>",
                  "%r = vector.multi_reduction <add>, %x, %acc [1] : vector<8x32xbf16> to vector<8xbf16>")
    assert diag(text) == ("k.mlir:8:12: vector.multi_reduction <add> on bf16: GenX has no bf16 arithmetic; "
                          "arith.extf to f32 first")


# -- the region plans, as pure functions ----------------------------------------------------
def test_view_merges_contiguous_dimensions_and_cuts_outer_ones():
    # 8x32 -> [2:6, 16:24]: one 2D region of 4 rows x 8, rows 32 apart, starting at 2*32+16
    assert [(s, r.indices()[:3], r.count) for s, r in view([4, 8], [32, 1], 80)] == [(0, [80, 81, 82], 32)]
    # a whole contiguous 4x8x16 block is one 1D region
    assert len(view([4, 8, 16], [128, 16, 1])) == 1 and view([4, 8, 16], [128, 16, 1])[0][1].is_1d
    # transpose [2, 0, 1] of 2x3x4: dims 0 and 1 of the result are contiguous in steps of 4: one region
    assert [(s, r.width, r.stride, r.vstride) for s, r in view([4, 2, 3], [1, 12, 4])] == [(0, 6, 4, 1)]
    # transpose [1, 0, 2] of 2x3x4: nothing merges, one 2D region (2 rows of 4) per outer index
    assert [(s, r.offset, r.vstride) for s, r in view([3, 2, 4], [4, 12, 1])] == [(0, 0, 12), (8, 4, 12),
                                                                                 (16, 8, 12)]


def test_shuffle_runs_take_constant_steps_of_one_operand():
    # 8 + 8 rows: 0, 8, 1, 9 interleave -> four single rows; 0..3 one run; 7, 5, 3 can't step down
    assert shuffle_runs([0, 1, 2, 3], 8) == [(0, 0, 0, 1, 4)]
    assert shuffle_runs([0, 8, 1, 9], 8) == [(0, 0, 0, 1, 1), (1, 1, 0, 1, 1), (2, 0, 1, 1, 1),
                                             (3, 1, 1, 1, 1)]
    assert shuffle_runs([0, 2, 4, 9, 11, -1, 5], 8) == [(0, 0, 0, 2, 3), (3, 1, 1, 2, 2), (6, 0, 5, 1, 1)]
    assert shuffle_runs([7, 5, 3], 8) == [(0, 0, 7, 1, 1), (1, 0, 5, 1, 1), (2, 0, 3, 1, 1)]


# -- semantics: element choices -------------------------------------------------------------
CHOICES = [
    # (source shape, body producing %r, expected as a function of the index array)
    pytest.param((8, 32), "%r = vector.extract_strided_slice %x {offsets = [2, 16], sizes = [4, 8], "
                 "strides = [1, 1]} : vector<8x32xf32> to vector<4x8xf32>", lambda a: a[2:6, 16:24],
                 id="extract_strided_slice-2d"),
    pytest.param((8, 32), "%r = vector.extract_strided_slice %x {offsets = [3], sizes = [2], strides = [1]}"
                 " : vector<8x32xf32> to vector<2x32xf32>", lambda a: a[3:5],
                 id="extract_strided_slice-rows"),
    pytest.param((4, 8, 16), "%r = vector.extract_strided_slice %x {offsets = [1, 2, 4], sizes = [2, 3, 8], "
                 "strides = [1, 1, 1]} : vector<4x8x16xf32> to vector<2x3x8xf32>",
                 lambda a: a[1:3, 2:5, 4:12],
                 id="extract_strided_slice-3d"),
    pytest.param((8, 32), "%r = vector.extract %x[5] : vector<32xf32> from vector<8x32xf32>", lambda a: a[5],
                 id="extract-row"),
    pytest.param((8, 32), "%r = vector.extract %x[5, 7] : f32 from vector<8x32xf32>", lambda a: a[5, 7],
                 id="extract-scalar"),
    pytest.param((8, 16), "%r = vector.transpose %x, [1, 0] : vector<8x16xf32> to vector<16x8xf32>",
                 lambda a: a.T, id="transpose-8x16"),
    pytest.param((32, 8), "%r = vector.transpose %x, [1, 0] : vector<32x8xf32> to vector<8x32xf32>",
                 lambda a: a.T, id="transpose-32x8"),
    pytest.param((2, 3, 4), "%r = vector.transpose %x, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>",
                 lambda a: a.transpose(2, 0, 1), id="transpose-3d"),
    pytest.param((16,), "%r = vector.broadcast %x : vector<16xf32> to vector<8x16xf32>",
                 lambda a: np.broadcast_to(a, (8, 16)), id="broadcast-rows"),
    pytest.param((8, 1), "%r = vector.broadcast %x : vector<8x1xf32> to vector<8x16xf32>",
                 lambda a: np.broadcast_to(a, (8, 16)), id="broadcast-columns"),
    pytest.param((4, 1, 8), "%r = vector.broadcast %x : vector<4x1x8xf32> to vector<2x4x3x8xf32>",
                 lambda a: np.broadcast_to(a, (2, 4, 3, 8)), id="broadcast-4d"),
    pytest.param((16,), "%r = vector.shuffle %x, %x [0, 16, 1, 17, 2, 18, 15, 14, 13, 4, 6, 8, 10, 31] : "
                 "vector<16xf32>, vector<16xf32>",
                 lambda a: np.concatenate([a, a])[[0, 16, 1, 17, 2, 18, 15, 14, 13, 4, 6, 8, 10, 31]],
                 id="shuffle-1d"),
    pytest.param((4, 8), "%r = vector.shuffle %x, %x [3, 2, 4, 5, 0] : vector<4x8xf32>, vector<4x8xf32>",
                 lambda a: np.concatenate([a, a])[[3, 2, 4, 5, 0]], id="shuffle-2d"),
    pytest.param((8, 16), "%r = vector.bitcast %x : vector<8x16xf32> to vector<8x16xi32>", lambda a: a,
                 id="bitcast-same-size"),
]


@pytest.mark.parametrize("shape,line,expect", CHOICES)
@pytest.mark.parametrize("target,legalize", MODES)
def test_element_choices(shape, line, expect, target, legalize):
    src = f"vector<{'x'.join(map(str, shape))}xf32>"
    n = math.prod(shape)
    if "bitcast" in line:
        ll = lower_text(looped(src, line), "k.mlir", target, legalize=legalize)
        assert re.search(r"%r = bitcast <128 x float> %x to <128 x i32>", ll)
        return
    got = run(looped(src, line), "%r", {"%x": iota(n)}, target, legalize)
    want = expect(np_index(shape))
    assert np.array_equal(np.array(got).reshape(np.shape(want)), want)


INSERTS = [
    pytest.param("%v = arith.constant dense<-1.0> : vector<32xf32>",
                 "%r = vector.insert %v, %x[5] : vector<32xf32> into vector<8x32xf32>",
                 lambda a: a.__setitem__(5, -1), id="insert-row"),
    pytest.param("%v = arith.constant -1.0 : f32",
                 "%r = vector.insert %v, %x[5, 7] : f32 into vector<8x32xf32>",
                 lambda a: a.__setitem__((5, 7), -1), id="insert-scalar"),
    pytest.param("%v = arith.constant dense<-1.0> : vector<4x8xf32>",
                 "%r = vector.insert_strided_slice %v, %x {offsets = [2, 20], strides = [1, 1]} : "
                 "vector<4x8xf32> into vector<8x32xf32>",
                 lambda a: a.__setitem__((slice(2, 6), slice(20, 28)), -1),
                 id="insert_strided_slice-2d"),
    pytest.param("%v = arith.constant dense<-1.0> : vector<16xf32>",
                 "%r = vector.insert_strided_slice %v, %x {offsets = [7, 16], strides = [1]} : "
                 "vector<16xf32> into vector<8x32xf32>", lambda a: a.__setitem__((7, slice(16, 32)), -1),
                 id="insert_strided_slice-row"),
]


@pytest.mark.parametrize("value,line,expect", INSERTS)
@pytest.mark.parametrize("target,legalize", MODES)
def test_inserts_write_the_right_places(value, line, expect, target, legalize):
    got = run(looped("vector<8x32xf32>", value, line), "%r", {"%x": iota(256)}, target, legalize)
    want = np_index((8, 32)).astype(float)
    expect(want)
    assert np.array_equal(np.array(got, dtype=float).reshape(8, 32), want)


@pytest.mark.parametrize("target,legalize", MODES)
def test_dynamic_positions_move_the_region_at_run_time(target, legalize):
    text = looped("vector<8x32xf32>",
                  "%r = vector.extract %x[%i, 3] : f32 from vector<8x32xf32>",
                  "%row = vector.extract %x[%j] : vector<32xf32> from vector<8x32xf32>",
                  "%w = vector.insert %row, %x[%i] : vector<32xf32> into vector<8x32xf32>",
                  args="%a: memref<64x64xf32>, %j: index")
    ll = lower_text(text, "k.mlir", target, legalize=legalize)
    for i, j in ((0, 0), (5, 2), (7, 7)):
        ev = Eval(ll, {"%x": iota(256), "%i": i, "%j": j})
        # the loop's induction variable %i is the phi %i: seeded like an argument
        assert ev("%r") == i * 32 + 3
        assert ev("%row") == list(range(j * 32, j * 32 + 32))
        want = iota(256)
        want[i * 32:(i + 1) * 32] = range(j * 32, j * 32 + 32)
        assert ev("%w") == want


# -- semantics: reductions ------------------------------------------------------------------
@pytest.mark.parametrize("n", [16, 32, 12, 7, 1])
@pytest.mark.parametrize("target,legalize", MODES)
def test_reduction_tree_combines_every_element_once(n, target, legalize):
    text = looped(f"vector<{n}xf32>",
                  f"%r = vector.reduction <add>, %x : vector<{n}xf32> into f32",
                  f"%q = vector.reduction <add>, %x, %s : vector<{n}xf32> into f32",
                  args="%a: memref<64x64xf32>, %s: f32")
    ll = lower_text(text, "k.mlir", target, legalize=legalize)
    ev = Eval(ll, {"%x": [Sym((i,)) for i in range(n)], "%s": Sym((-1,))})
    assert ev("%r") == Sym(tuple(range(n)))
    assert ev("%q") == Sym((-1, *range(n)))


MULTI = [
    # (source shape, dims, numpy axes)
    pytest.param((8, 32), [1], (1,), id="8x32-rows"),
    pytest.param((8, 32), [0], (0,), id="8x32-columns"),
    pytest.param((8, 12), [1], (1,), id="8x12-rows-odd-halves"),
    pytest.param((5, 16), [0], (0,), id="5x16-columns-odd"),
    pytest.param((4, 6, 8), [1], (1,), id="4x6x8-middle"),
    pytest.param((4, 6, 8), [0, 2], (0, 2), id="4x6x8-outer-and-inner"),
]


@pytest.mark.parametrize("shape,dims,axes", MULTI)
@pytest.mark.parametrize("target,legalize", MODES)
def test_multi_reduction_tree_combines_every_element_once(shape, dims, axes, target, legalize):
    kept = tuple(n for d, n in enumerate(shape) if d not in dims)
    src = f"vector<{'x'.join(map(str, shape))}xf32>"
    res = f"vector<{'x'.join(map(str, kept))}xf32>"
    text = looped(src, f"%acc = vector.broadcast %s : f32 to {res}",
                  f"%r = vector.multi_reduction <add>, %x, %acc {dims} : {src} to {res}",
                  args="%a: memref<64x64xf32>, %s: f32")
    ll = lower_text(text, "k.mlir", target, legalize=legalize)
    n = math.prod(shape)
    got = Eval(ll, {"%x": [Sym((i,)) for i in range(n)], "%s": Sym((-1,))})("%r")
    # the indices each result element must combine: numpy's reduction over index sets
    idx = np_index(shape)
    moved = np.moveaxis(idx, list(axes), list(range(len(shape) - len(axes), len(shape))))
    groups = moved.reshape(*kept, -1).reshape(-1, math.prod(shape[a] for a in axes))
    assert got == [Sym((-1, *sorted(g.tolist()))) for g in groups]


def test_multi_reduction_to_a_scalar():
    text = looped("vector<4x8xf32>",
                  "%r = vector.multi_reduction <add>, %x, %s [0, 1] : vector<4x8xf32> to f32",
                  args="%a: memref<64x64xf32>, %s: f32")
    got = Eval(lower_text(text, "k.mlir"), {"%x": [Sym((i,)) for i in range(32)], "%s": Sym((-1,))})("%r")
    assert got == Sym((-1, *range(32)))


NAN = float("nan")
FLOAT_KINDS = [
    ("maxnumf", lambda a, axis: np.fmax.reduce(a, axis=axis)),
    ("minnumf", lambda a, axis: np.fmin.reduce(a, axis=axis)),
    ("maximumf", lambda a, axis: np.maximum.reduce(a, axis=axis)),
    ("minimumf", lambda a, axis: np.minimum.reduce(a, axis=axis)),
    ("mul", lambda a, axis: np.prod(a, axis=axis)),
]


@pytest.mark.parametrize("kind,ref", FLOAT_KINDS, ids=[k for k, _ in FLOAT_KINDS])
@pytest.mark.parametrize("target,legalize", MODES)
def test_float_kinds_keep_the_nan_rules(kind, ref, target, legalize):
    rng = np.random.default_rng(7)
    data = rng.uniform(0.5, 1.5, size=(8, 12))
    data[2, 5] = data[6, 0] = data[6, 11] = NAN  # rows with NaN: maxnumf skips it, maximumf returns it
    data[6, 1:11] = NAN
    text = looped("vector<8x12xf32>", "%acc = arith.constant dense<1.0> : vector<8xf32>",
                  f"%r = vector.multi_reduction <{kind}>, %x, %acc [1] : vector<8x12xf32> to vector<8xf32>",
                  "%row = vector.extract %x[3] : vector<12xf32> from vector<8x12xf32>",
                  f"%s = vector.reduction <{kind}>, %row : vector<12xf32> into f32")
    ev = Eval(lower_text(text, "k.mlir", target, legalize=legalize), {"%x": data.ravel().tolist()})
    want = ref(np.concatenate([data, np.ones((8, 1))], axis=1), 1)
    np.testing.assert_allclose(np.array(ev("%r"), dtype=float), want, rtol=1e-12)
    np.testing.assert_allclose(ev("%s"), ref(data[3], 0), rtol=1e-12)


@pytest.mark.parametrize("kind,ref", [("maxsi", max), ("minsi", min)])
def test_int_kinds(kind, ref):
    data = [5, -3, 17, 2, -40, 9, 0, 11, 3, -1, 8, 30, -2, 4, 6, 1]
    text = looped("vector<16xi32>", f"%r = vector.reduction <{kind}>, %x : vector<16xi32> into i32")
    assert Eval(lower_text(text, "k.mlir", "dg2"), {"%x": data})("%r") == ref(data)


# -- the real toolchain ---------------------------------------------------------------------
SOFTMAX = """\
gpu.module @m {
  gpu.func @k(%a: memref<64x64xf32>, %o: memref<64x64xf32>, %s: memref<64x64xf32>, %i: index) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x32xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x32xf32> -> vector<8x32xf32>
    %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
    %mx = vector.multi_reduction <maxnumf>, %v, %ninf [1] : vector<8x32xf32> to vector<8xf32>
    %mx1 = vector.shape_cast %mx : vector<8xf32> to vector<8x1xf32>
    %mxb = vector.broadcast %mx1 : vector<8x1xf32> to vector<8x32xf32>
    %d = arith.subf %v, %mxb : vector<8x32xf32>
    %z = arith.constant dense<0.0> : vector<8xf32>
    %sum = vector.multi_reduction <add>, %d, %z [1] : vector<8x32xf32> to vector<8xf32>
    %sumb = vector.broadcast %sum : vector<8xf32> to vector<32x8xf32>
    %sumt = vector.transpose %sumb, [1, 0] : vector<32x8xf32> to vector<8x32xf32>
    %r = arith.divf %d, %sumt : vector<8x32xf32>
    %zc = arith.constant dense<0.0> : vector<32xf32>
    %col = vector.multi_reduction <add>, %r, %zc [0] : vector<8x32xf32> to vector<32xf32>
    %colb = vector.broadcast %col : vector<32xf32> to vector<8x32xf32>
    %r2 = arith.addf %r, %colb : vector<8x32xf32>
    %left = vector.extract_strided_slice %r2 {offsets = [0, 16], sizes = [8, 16], strides = [1, 1]}
        : vector<8x32xf32> to vector<8x16xf32>
    %row3 = vector.extract %left[%i] : vector<16xf32> from vector<8x16xf32>
    %tot = vector.reduction <add>, %row3 : vector<16xf32> into f32
    %tot2 = vector.reduction <maximumf>, %row3, %tot : vector<16xf32> into f32
    %row3b = vector.insert %tot2, %row3[5] : f32 into vector<16xf32>
    %left2 = vector.insert %row3b, %left[6] : vector<16xf32> into vector<8x16xf32>
    %sh = vector.shuffle %row3, %row3b [0, 16, 1, 17, 2, 18, 3, 19, 15, 14, 13, 12, 4, 6, 8, 10]
        : vector<16xf32>, vector<16xf32>
    %left3 = vector.insert %sh, %left2[0] : vector<16xf32> into vector<8x16xf32>
    %tr = vector.transpose %left3, [1, 0] : vector<8x16xf32> to vector<16x8xf32>
    %tr2 = vector.shape_cast %tr : vector<16x8xf32> to vector<8x16xf32>
    %all = vector.insert_strided_slice %tr2, %r2 {offsets = [0, 0], strides = [1, 1]}
        : vector<8x16xf32> into vector<8x32xf32>
    %bits = vector.bitcast %all : vector<8x32xf32> to vector<8x32xi32>
    %back = vector.bitcast %bits : vector<8x32xi32> to vector<8x32xf32>
    %ot = xegpu.create_nd_tdesc %o[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x32xf32>
    xegpu.store_nd %back, %ot : vector<8x32xf32>, !xegpu.tensor_desc<8x32xf32>
    %st = xegpu.create_nd_tdesc %s[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %left3, %st : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


@pytest.mark.parametrize("target,device", [("pvc", "pvc"), ("dg2", "acm-g10")])
def test_vector_ops_compile_with_the_real_toolchain(target, device, toolchain, tmp_path: Path):
    ll = tmp_path / f"vector_{target}.ll"
    ll.write_text(lower_text(SOFTMAX, "softmax.mlir", target))
    r = toolchain.igc_check(ll, device)
    assert r.returncode == 0, r.output
    assert r.bad_signatures == 0
    assert r.kernels["k"]["scratch"] == 0


def test_masks_are_chosen_with_shufflevector():
    """i1 vectors cannot be regions: the same element choices become shufflevector masks."""
    text = kernel(
        "%a = arith.constant dense<1.0> : vector<16xf32>",
        "%m = arith.cmpf olt, %a, %a : vector<16xf32>",
        "%s = vector.extract_strided_slice %m {offsets = [4], sizes = [8], strides = [1]} : "
        "vector<16xi1> to vector<8xi1>",
        "%e = vector.extract %m[%i] : i1 from vector<16xi1>",
        "%w = vector.insert_strided_slice %s, %m {offsets = [8], strides = [1]} : vector<8xi1> into "
        "vector<16xi1>",
        "%b = vector.broadcast %s : vector<8xi1> to vector<2x8xi1>",
        args="%i: index")
    m = [k % 3 == 0 for k in range(16)]
    ev = Eval(lower_text(text, "k.mlir"), {"%m": m, "%i": 5})
    assert ev("%s") == m[4:12]
    assert ev("%e") == m[5]
    assert ev("%w") == m[:8] + m[4:12]
    assert ev("%b") == m[4:12] * 2
