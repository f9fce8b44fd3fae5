"""math dialect ops (parse, verify, lowering) and the splitting of elementwise work to the
target's ALU width, checked by evaluating the emitted instructions over numpy values.

Facts used for the expectations: the GenX exponential/logarithm are base 2 (math.exp(x) =
exp2(x * log2 e), math.log(x) = log2(x) * ln 2); ``ieee.sqrt`` is the correctly rounded square
root, ``sqrt`` the math unit's; rounding up/down are ``rndu``/``rndd``. Split pieces are powers of
two of at most min(max exec size, 2 GRFs / widest element) elements: PVC (64-byte GRF, exec 32)
f32/f16 32, i64 16; DG2 (32-byte GRF) f32 16, f16 32, i64 8.
"""

from __future__ import annotations

import math
import re
import struct
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import one_kernel
from llvmlite import ir

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.genx import legalize
from genx_emit.genx.intrinsics import Intrinsics, scalar_bits
from genx_emit.genx.region import Region
from genx_emit.lower.driver import lower_module
from genx_emit.mlir.attrs import DialectAttr
from genx_emit.mlir.parser import parse_mlir
from genx_emit.targets import get_target


def kernel(*body: str, args: str) -> str:
    return one_kernel(*body, args=args)


def lower(*body: str, args: str, target: str = "pvc", legalize: bool = True) -> str:
    return lower_text(kernel(*body, args=args), "k.mlir", target, legalize=legalize)


def diag(*body: str, args: str, target: str = "pvc") -> str:
    with pytest.raises(DiagnosticError) as e:
        lower(*body, args=args, target=target)
    return f"{e.value.loc}: {e.value.message}"


def calls(ll: str) -> list[str]:
    """Callee names of every call in the body, in order."""
    return re.findall(r"^\s*(?:%[\w.]+ = )?call [^@]*@([\w.]+)\(", ll, re.M)


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


# -- parsing ---------------------------------------------------------------------------------
def _ops(text: str):
    module = parse_mlir(text, "k.mlir")
    func = module.operations[0].regions[0].blocks[0].operations[0]
    return func.regions[0].blocks[0].operations


@pytest.mark.parametrize("op", ["exp", "exp2", "log", "log2", "sqrt", "rsqrt", "ceil", "floor", "absf"])
def test_custom_and_generic_forms_parse_alike(op):
    custom = _ops(kernel(f"%r = math.{op} %x : vector<16xf32>", args="%x: vector<16xf32>"))[0]
    generic = _ops(kernel(f'%r = "math.{op}"(%x) <{{fastmath = #arith.fastmath<none>}}> '
                          ": (vector<16xf32>) -> vector<16xf32>", args="%x: vector<16xf32>"))[0]
    for o in (custom, generic):
        assert o.name == f"math.{op}"
        assert [str(v.type) for v in o.operands] == ["vector<16xf32>"]
        assert [str(v.type) for v in o.results] == ["vector<16xf32>"]
    assert custom.attributes == generic.attributes


def test_custom_form_fastmath_and_attr_dict():
    o = _ops(kernel("%r = math.sqrt %x fastmath<nnan,afn> {tag = 1 : i32} : f32", args="%x: f32"))[0]
    fm = o.attr("fastmath")
    assert isinstance(fm, DialectAttr) and fm.raw == "nnan,afn"
    assert "tag" in o.attributes


def test_custom_form_type_must_match_the_operand():
    with pytest.raises(DiagnosticError, match="expects different type than prior uses"):
        parse_mlir(kernel("%r = math.exp %x : vector<16xf16>", args="%x: vector<16xf32>"), "k.mlir")


# -- verify errors ---------------------------------------------------------------------------
VERIFY_ERRORS = [
    ("%r = math.exp %x : vector<16xbf16>", "%x: vector<16xbf16>",
     "k.mlir:3:10: math.exp on bf16: GenX has no bf16 arithmetic; arith.extf to f32 first"),
    ("%r = math.exp %x : vector<8xf64>", "%x: vector<8xf64>",
     "k.mlir:3:10: math.exp on f64: GenX computes it on f16 and f32 only"),
    ("%r = math.rsqrt %x : f64", "%x: f64",
     "k.mlir:3:10: math.rsqrt on f64: GenX computes it on f16 and f32 only"),
    # rndu/rndd take no double: IGC aborted on them
    ("%r = math.floor %x : vector<16xf64>", "%x: vector<16xf64>",
     "k.mlir:3:10: math.floor on f64: GenX computes it on f16 and f32 only"),
    ("%r = math.ceil %x : f64", "%x: f64",
     "k.mlir:3:10: math.ceil on f64: GenX computes it on f16 and f32 only"),
    ('%r = "math.ceil"(%x) : (vector<16xf32>) -> vector<16xf16>', "%x: vector<16xf32>",
     "k.mlir:3:10: math.ceil: operand '%x' has type 'vector<16xf32>' but the result has 'vector<16xf16>': "
     "they must be equal"),
    ('%r = "math.absf"(%x) : (vector<16xi32>) -> vector<16xi32>', "%x: vector<16xi32>",
     "k.mlir:3:10: math.absf: expects a float scalar or vector, got 'vector<16xi32>'"),
    ("%r = math.floor %x fastmath<quick> : f32", "%x: f32",
     "k.mlir:3:10: math.floor: unknown fastmath flag quick (known: afn, arcp, contract, fast, ninf, nnan, "
     "none, nsz, reassoc)"),
    ('%r = "math.exp2"(%x, %x) : (f32, f32) -> f32', "%x: f32",
     "k.mlir:3:10: math.exp2: expected 1 operands and 1 results, got 2 and 1"),
]


@pytest.mark.parametrize(("line", "args", "message"), VERIFY_ERRORS)
def test_verify_errors_are_located(line, args, message):
    assert diag(line, args=args) == message


def test_sqrt_without_afn_is_an_error_where_there_is_no_ieee_sqrt():
    assert diag("%r = math.sqrt %x : vector<32xf32>", args="%x: vector<32xf32>", target="dg2") == (
        "k.mlir:3:10: math.sqrt on dg2: the toolchain has no correctly rounded vector<32xf32> square root "
        "for this target; add fastmath<afn> to accept the math unit's precision")
    assert "llvm.genx.sqrt.v16f32" in calls(lower("%r = math.sqrt %x fastmath<afn> : vector<32xf32>",
                                                  args="%x: vector<32xf32>", target="dg2"))


# -- lowering --------------------------------------------------------------------------------
@pytest.mark.parametrize(("op", "intrinsic"), [
    ("exp2", "exp"), ("log2", "log"), ("rsqrt", "rsqrt"), ("ceil", "rndu"), ("floor", "rndd"),
    ("absf", "absf"), ("sqrt fastmath<fast>", "sqrt"), ("sqrt", "ieee.sqrt"),
], ids=lambda x: x.split()[0] + ("-fast" if "fast" in x else ""))
@pytest.mark.parametrize(("ty", "suffix"), [("f32", "f32"), ("vector<16xf32>", "v16f32"),
                                            ("vector<32xf32>", "v32f32")])
def test_one_intrinsic_per_op(op, intrinsic, ty, suffix):
    name, _, flags = op.partition(" ")
    ll = lower(f"%r = math.{name} %x {flags} : {ty}", args=f"%x: {ty}")
    assert calls(ll) == [f"llvm.genx.{intrinsic}.{suffix}"]
    assert f"declare {'float' if suffix == 'f32' else '<' + suffix[1:-3] + ' x float>'} " \
           f"@llvm.genx.{intrinsic}.{suffix}(" in ll


def test_exp_scales_by_log2_e_and_log_by_ln_2():
    ll = lower("%e = math.exp %x : f32", "%l = math.log %x : f32", args="%x: f32")
    m = re.search(r"%e\.x2 = fmul float %x, (0x[0-9A-Fa-f]+)\n"
                  r"\s*%e = call float @llvm\.genx\.exp\.f32\(float %e\.x2\)", ll)
    assert m, ll
    assert struct.unpack(">d", bytes.fromhex(m.group(1)[2:]))[0] == f32(1 / math.log(2))
    m = re.search(r"%l\.l2 = call float @llvm\.genx\.log\.f32\(float %x\)\n\s*%l = fmul float %l\.l2, "
                  r"(0x[0-9A-Fa-f]+)", ll)
    assert m, ll
    assert struct.unpack(">d", bytes.fromhex(m.group(1)[2:]))[0] == f32(math.log(2))


def test_f16_exp_and_sqrt_compute_in_f32_unless_fast():
    ll = lower("%e = math.exp %x : vector<16xf16>", "%s = math.sqrt %x : vector<16xf16>",
               "%c = math.ceil %x : vector<16xf16>", "%f = math.exp %x fastmath<fast> : vector<16xf16>",
               "%t = math.exp2 %x : vector<16xf16>", args="%x: vector<16xf16>")
    assert calls(ll) == ["llvm.genx.exp.v16f32", "llvm.genx.ieee.sqrt.v16f32", "llvm.genx.rndu.v16f32",
                         "llvm.genx.exp.v16f16", "llvm.genx.exp.v16f16"]
    assert "%e = fptrunc <16 x float> %e.f32 to <16 x half>" in ll
    assert "%e.w0 = fpext <16 x half> %x to <16 x float>" in ll


def test_math_yaml_entries_load():
    b = ir.IRBuilder(ir.Function(ir.Module(), ir.FunctionType(ir.VoidType(), [ir.HalfType()]), "f")
                     .append_basic_block())
    x = b.function.args[0]
    r = Intrinsics(b.module).call(b, "exp", ret=ir.HalfType(), label="e", src=x)
    assert r.callee.name == "llvm.genx.exp.f16"


def _genx_check() -> Path | None:
    for p in (Path(tempfile.gettempdir()) / "genx-check-bin" / "genx-check",):
        if p.exists():
            return p
    return None


@pytest.mark.parametrize("name", ["exp", "log", "sqrt", "ieee.sqrt", "rsqrt", "inv", "rndu", "rndd", "absf"])
@pytest.mark.parametrize("ty", [ir.VectorType(ir.FloatType(), 16), ir.HalfType(),
                                ir.VectorType(ir.HalfType(), 32)], ids=str)
def test_math_declarations_match_the_toolchain(name, ty):
    tool = _genx_check()
    if tool is None:
        pytest.skip("the genx-check binary is not built (the toolchain tests build it)")
    r = subprocess.run([str(tool), "proto", "llvm.genx." + name, str(ty)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    fn = Intrinsics(ir.Module()).declare(name, [ty])
    want = f"{fn.function_type.return_type} @{fn.name}({', '.join(map(str, fn.function_type.args))})"
    assert want in r.stdout


# -- evaluating the output over numpy values -------------------------------------------------
_NP = {16: np.float16, 32: np.float32, 64: np.float64}


def _np_type(t: ir.Type):
    e = t.element if isinstance(t, ir.VectorType) else t
    if isinstance(e, ir.IntType):
        return np.bool_ if e.width == 1 else np.dtype(f"uint{e.width}")
    return _NP[scalar_bits(e)]


def _const(c: ir.Constant) -> np.ndarray:
    t = c.type
    n = t.count if isinstance(t, ir.VectorType) else 1
    dt = _np_type(t)
    if c.constant is None:
        return np.zeros(n, dt)
    if c.constant is ir.Undefined:
        return _undef(n, dt)
    vals = c.constant if isinstance(c.constant, list) else [c.constant]
    vals = [v.constant if isinstance(v, ir.Constant) else v for v in vals]
    if dt == np.bool_:
        return np.array([bool(v) for v in vals])
    if np.issubdtype(dt, np.integer):
        return np.array([int(v) & ((1 << (8 * np.dtype(dt).itemsize)) - 1) for v in vals], dtype=dt)
    return np.array(vals, dtype=dt)


def _undef(n: int, dt) -> np.ndarray:
    if np.issubdtype(dt, np.floating):
        return np.full(n, np.nan, dt)
    return np.full(n, 0x5A5A5A5A5A5A5A5A & np.iinfo(dt).max, dt) if dt != np.bool_ else np.zeros(n, bool)


def _signed(a: np.ndarray) -> np.ndarray:
    return a.view(np.dtype(f"int{a.dtype.itemsize * 8}"))


_CMP = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
        "ge": np.greater_equal}
_MATH: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "exp": np.exp2, "log": np.log2, "sqrt": np.sqrt, "ieee.sqrt": np.sqrt, "rsqrt": lambda x: 1 / np.sqrt(x),
    "rndu": np.ceil, "rndd": np.floor, "absf": np.abs,
}


def run(fn: ir.Function, inputs: dict[str, np.ndarray], target=None) -> dict[str, np.ndarray]:
    """Every named value of ``fn`` given its vector arguments; with ``target``, also checks that
    each region call is legal and each ALU instruction within one instruction's width."""
    env: dict[int, np.ndarray] = {id(a): inputs[a.name] for a in fn.args}
    named: dict[str, np.ndarray] = {}

    def val(v: ir.Value) -> np.ndarray:
        return _const(v) if isinstance(v, ir.Constant) else env[id(v)]

    def count(t: ir.Type) -> int:
        return t.count if isinstance(t, ir.VectorType) else 1

    def alu_ok(ins: ir.Instruction) -> None:
        # Shuffles of predicates (joins and cuts) move flag words, and a predicate is widened to
        # i16 whole (it cannot be cut before): neither is split.
        if target is None or ins.opname == "shufflevector" or (
                ins.opname == "zext" and scalar_bits(ins.operands[0].type) == 1):
            return
        types = [ins.type, *(o.type for o in ins.operands if not isinstance(o, ir.Function))]
        sizes = [scalar_bits(t) // 8 for t in types if isinstance(t, ir.VectorType) and scalar_bits(t) > 1]
        assert count(ins.type) <= legalize.alu_width(target, sizes or [1]), str(ins)

    for ins in fn.blocks[0].instructions:
        ops = ins.operands
        if isinstance(ins, ir.CallInstr):
            name = ins.callee.name.removeprefix("llvm.genx.")
            a = [val(o) for o in ins.args]
            if name.startswith(("rdregion", "wrregion")):
                dest = name.startswith("wr")
                src_t = ins.args[0].type
                es = scalar_bits(src_t) // 8
                vs, w, st, off = (int(a[k][0]) for k in ((2, 3, 4, 5) if dest else (1, 2, 3, 4)))
                n = count(ins.args[1].type) if dest else count(ins.type)
                r = Region(count=n, width=w, stride=st, vstride=vs, offset=off // es)
                if target is not None:
                    assert legalize.why_illegal(r, es, target, dest=dest) is None, str(ins)
                idx = np.array([r.offset + i // w * vs + i % w * st for i in range(n)])
                if dest:
                    out = a[0].copy()
                    out[idx] = a[1]
                    res = out
                else:
                    res = a[0][idx]
            else:
                base = re.sub(r"(\.(v\d+)?f\d+)+$", "", name)
                alu_ok(ins)
                with np.errstate(all="ignore"):
                    if base in ("fmax", "fmin"):  # sel.ge / sel.l: the non-NaN operand wins
                        keep = a[0] >= a[1] if base == "fmax" else a[0] < a[1]
                        res = np.where(keep | np.isnan(a[1]), a[0], a[1])
                    else:
                        res = _MATH[base](a[0].astype(np.float64)).astype(a[0].dtype)
        elif isinstance(ins, ir.Ret):
            continue
        else:
            alu_ok(ins)
            a = [val(o) for o in ops]
            dt = _np_type(ins.type)
            k = ins.opname
            with np.errstate(all="ignore"):
                if k in ("fadd", "fsub", "fmul", "fdiv"):
                    res = {"fadd": np.add, "fsub": np.subtract, "fmul": np.multiply, "fdiv": np.divide}[k](*a)
                elif k in ("add", "sub", "mul", "and", "or", "xor"):
                    f = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "and": np.bitwise_and,
                         "or": np.bitwise_or, "xor": np.bitwise_xor}[k]
                    res = f(*a).astype(dt)
                elif k == "shl":
                    res = (a[0] << a[1]).astype(dt)
                elif k == "lshr":
                    res = (a[0] >> a[1]).astype(dt)
                elif k == "icmp":
                    p = ins.op  # eq, ne, slt, ult, ...
                    x, y = (_signed(a[0]), _signed(a[1])) if p[0] == "s" else a
                    res = _CMP[p[1:] if p[0] in "su" else p](x, y)
                elif k == "fcmp":
                    p = ins.op
                    unordered = np.isnan(a[0]) | np.isnan(a[1])
                    if p in ("ord", "uno"):
                        res = ~unordered if p == "ord" else unordered
                    else:
                        res = _CMP[p[1:]](a[0], a[1])
                        res = res | unordered if p[0] == "u" else res & ~unordered
                elif k == "select":
                    res = np.where(a[0], a[1], a[2]).astype(dt)
                elif k == "shufflevector":
                    both = np.concatenate([a[0], a[1]])
                    res = both[[int(i) for i in _const(ops[2])]]
                elif k in ("fpext", "fptrunc", "sitofp", "uitofp"):
                    src = _signed(a[0]) if k == "sitofp" else a[0]
                    res = src.astype(dt)
                elif k in ("fptosi", "fptoui"):
                    res = a[0].astype(np.int64).astype(dt)
                elif k == "zext":
                    res = a[0].astype(dt)
                elif k == "sext":
                    res = _signed(a[0]).astype(_signed(np.zeros(1, dt)).dtype).view(dt)
                elif k == "trunc":
                    res = a[0].astype(dt)
                elif k == "bitcast":
                    res = a[0].view(dt)
                else:
                    raise AssertionError(f"cannot evaluate {ins}")
        res = np.asarray(res)
        env[id(ins)] = res
        if ins.name:
            named[ins.name] = res
    return named


def evaluate(text: str, target: str, legal: bool, inputs: dict[str, np.ndarray], result: str) -> np.ndarray:
    lower_text(text, "k.mlir", target, legalize=legal)  # the text form verifies too
    module, _ = lower_module(read_kernels(text, "k.mlir"), get_target(target), legalize=legal)
    fn = next(f for f in module.functions if f.blocks)
    return run(fn, inputs, get_target(target) if legal else None)[result]


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.tobytes() == b.tobytes()


RNG = np.random.default_rng(7)
SIZES = [64, 128, 256]
TARGETS = ["pvc", "dg2"]


def _float_kernel(n: int, t: str) -> str:
    v = f"vector<{n}x{t}>"
    return kernel(f"%s = arith.addf %a, %b : {v}", f"%d = arith.mulf %s, %a : {v}",
                  f"%m = arith.maximumf %d, %b : {v}", f"%c = arith.cmpf olt, %m, %a : {v}",
                  f"%x = arith.select %c, %m, %s : vector<{n}xi1>, {v}",
                  f"%e = math.exp %x fastmath<afn> : {v}", f"%q = math.sqrt %e fastmath<afn> : {v}",
                  f"%f = math.floor %q : {v}", f"%w = math.absf %f : {v}",
                  args=f"%a: {v}, %b: {v}")


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("t", ["f32", "f16"])
def test_split_float_chain_computes_the_same_values(target, n, t):
    dt = np.float32 if t == "f32" else np.float16
    a = RNG.uniform(-4, 4, n).astype(dt)
    b = RNG.uniform(-4, 4, n).astype(dt)
    a[3], b[5] = np.nan, np.nan  # maximumf propagates NaN; the compare is unordered there
    text = _float_kernel(n, t)
    split = evaluate(text, target, True, {"a": a, "b": b}, "w")
    whole = evaluate(text, target, False, {"a": a, "b": b}, "w")
    assert _same(split, whole)
    # and against numpy, evaluating the kernel's definition directly
    with np.errstate(all="ignore"):
        s = (a + b).astype(dt)
        m = np.where(np.isnan(s * a) | np.isnan(b), np.nan, np.maximum(s * a, b)).astype(dt)
        x = np.where(m < a, m, s).astype(dt)
        want = np.abs(np.floor(np.sqrt(np.exp(x.astype(np.float64)))))
    np.testing.assert_allclose(split.astype(np.float64), want, rtol=2e-2, equal_nan=True)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("n", SIZES)
def test_split_i64_and_casts_compute_the_same_values(target, n):
    v = f"vector<{n}xi64>"
    text = kernel(f"%s = arith.addi %a, %b : {v}", f"%p = arith.muli %s, %a : {v}",
                  f"%c = arith.cmpi slt, %p, %b : {v}", f"%x = arith.select %c, %p, %s : vector<{n}xi1>, {v}",
                  f"%t = arith.trunci %x : {v} to vector<{n}xi32>",
                  f"%y = arith.extsi %t : vector<{n}xi32> to {v}",
                  f"%h = arith.sitofp %t : vector<{n}xi32> to vector<{n}xf32>",
                  f"%g = arith.truncf %h : vector<{n}xf32> to vector<{n}xbf16>",
                  f"%r = arith.extf %g : vector<{n}xbf16> to vector<{n}xf32>",
                  args=f"%a: {v}, %b: {v}")
    a = RNG.integers(-(1 << 20), 1 << 20, n).astype(np.int64).view(np.uint64)
    b = RNG.integers(-(1 << 20), 1 << 20, n).astype(np.int64).view(np.uint64)
    ins = {"a": a, "b": b}
    for name in ("y", "r"):
        split = evaluate(text, target, True, ins, name)
        assert _same(split, evaluate(text, target, False, ins, name))
    sa, sb = a.view(np.int64), b.view(np.int64)
    p = (sa + sb) * sa
    x = np.where(p < sb, p, sa + sb)
    y = x.astype(np.int32).astype(np.int64)
    assert np.array_equal(evaluate(text, target, True, ins, "y").view(np.int64), y)
    h = x.astype(np.int32).astype(np.float32)
    r = evaluate(text, target, True, ins, "r")
    np.testing.assert_allclose(r, h, rtol=2 ** -8)  # bf16 keeps 8 significand bits


@pytest.mark.parametrize("target", TARGETS)
def test_select_on_a_compare_of_narrower_pieces(target):
    # the i64 compare is cut into narrower pieces than the f32 select: its predicate is re-cut
    n = 128
    text = kernel(f"%c = arith.cmpi slt, %i, %j : vector<{n}xi64>",
                  f"%x = arith.select %c, %a, %b : vector<{n}xi1>, vector<{n}xf32>",
                  args=f"%i: vector<{n}xi64>, %j: vector<{n}xi64>, %a: vector<{n}xf32>, %b: vector<{n}xf32>")
    ins = {"i": RNG.integers(0, 9, n).astype(np.uint64), "j": RNG.integers(0, 9, n).astype(np.uint64),
           "a": RNG.uniform(0, 1, n).astype(np.float32), "b": RNG.uniform(2, 3, n).astype(np.float32)}
    split = evaluate(text, target, True, ins, "x")
    assert _same(split, evaluate(text, target, False, ins, "x"))
    assert np.array_equal(split, np.where(ins["i"] < ins["j"], ins["a"], ins["b"]))


def test_piece_sizes_and_names():
    ll = lower("%s = arith.addf %a, %a : vector<100xf32>", args="%a: vector<100xf32>")
    adds = re.findall(r"%(s\.\d+) = fadd <(\d+) x float> %(\S+), %(\S+)$", ll, re.M)
    assert [(n, int(c)) for n, c, _, _ in adds] == [("s.0", 32), ("s.1", 32), ("s.2", 32), ("s.3", 4)]
    assert all(x == y == f"{n}.a0" for n, _, x, y in adds)  # an operand given twice is cut once
    assert re.search(r"^\s*%s = call <100 x float> @llvm\.genx\.wrregionf", ll, re.M)
    assert lower("%s = arith.addf %a, %a : vector<100xf32>", args="%a: vector<100xf32>") == ll


def test_compare_results_are_joined_by_shuffles_and_reused():
    ll = lower("%c = arith.cmpf olt, %a, %b : vector<128xf32>",
               "%x = arith.select %c, %a, %b : vector<128xi1>, vector<128xf32>",
               args="%a: vector<128xf32>, %b: vector<128xf32>")
    assert "%c = shufflevector <64 x i1> %c.c1, <64 x i1> %c.c2" in ll
    assert re.findall(r"%x\.\d+ = select\s+<32 x i1> (%\S+),", ll) == ["%c.0", "%c.1", "%c.2", "%c.3"]
    assert "rdregioni" not in ll and "zext" not in ll


def test_scalars_and_narrow_vectors_are_not_split():
    ll = lower("%s = arith.addf %a, %a : vector<32xf32>", "%t = math.exp2 %f : f32",
               args="%a: vector<32xf32>, %f: f32")
    assert "rdregion" not in ll and "%s = fadd <32 x float> %a, %a" in ll


# -- Intel's toolchain -----------------------------------------------------------------------
def _memory_kernel(t: str, n: int, body: list[str]) -> str:
    v = f"vector<{n}x{t}>"
    mem = f"memref<4096x{t}>"
    td = f"!xegpu.tensor_desc<{n}x{t}>"
    return kernel(f"%t = xegpu.create_nd_tdesc %p[0] : {mem} -> {td}",
                  f"%a = xegpu.load_nd %t : {td} -> {v}",
                  f"%u = xegpu.create_nd_tdesc %p[{n}] : {mem} -> {td}",
                  f"%b = xegpu.load_nd %u : {td} -> {v}",
                  *[line.replace("VT", v).replace("VB", f"vector<{n}xi1>") for line in body],
                  f"%o = xegpu.create_nd_tdesc %q[0] : {mem} -> {td}", f"xegpu.store_nd %r, %o : {v}, {td}",
                  args=f"%p: {mem}, %q: {mem}")


TOOLCHAIN_KERNELS = {
    # load -> exp / sqrt / select -> store
    "pvc": ["%e = math.exp %a : VT", "%s = math.sqrt %b : VT", "%c = arith.cmpf olt, %e, %s : VT",
            "%r = arith.select %c, %e, %s : VB, VT"],
    "dg2": ["%e = math.exp %a : VT", "%s = math.sqrt %b fastmath<afn> : VT",
            "%c = arith.cmpf olt, %e, %s : VT", "%r = arith.select %c, %e, %s : VB, VT"],
}
DEVICES = {"pvc": "pvc", "dg2": "acm-g10"}


@pytest.mark.parametrize("t", ["f32", "f16"])
@pytest.mark.parametrize("target", TARGETS)
def test_math_kernel_compiles(toolchain, tmp_path, target, t):
    counts = {}
    for legal in (True, False):
        ll = lower_text(_memory_kernel(t, 128, TOOLCHAIN_KERNELS[target]), "k.mlir", target, legalize=legal)
        path = tmp_path / f"math_{target}_{t}_{'split' if legal else 'raw'}.ll"
        path.write_text(ll)
        r = toolchain.igc_check(path, DEVICES[target])
        assert r.returncode == 0, r.output
        assert r.bad_signatures == 0, r.output
        (stats,) = r.kernels.values()
        assert stats["scratch"] == 0, r.output
        counts[legal] = stats["instructions"]
    print(f"{target} {t}: {counts[True]} instructions split, {counts[False]} unsplit")
    assert counts[True] <= counts[False] + counts[False] // 10  # splitting costs (almost) nothing
