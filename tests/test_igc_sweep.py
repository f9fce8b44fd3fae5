"""What the emitter accepts, IGC compiles: 2D tile loads (plain, packed, transposed, with
transpose_bit_width, arrays) and stores over a grid of tile shapes and element types, and the
elementwise arith / math ops and vector reductions over every element type, for pvc and
acm-g10. Each shape is its own kernel of one module, so one ocloc run covers a mode;
a failing module is retried kernel by kernel to name the shapes IGC refuses. (IGC aborted on
transposed 32-bit tiles of 32 rows, which the reference allows, until the planner capped them
at 16, and on math.floor / math.ceil of f64.)"""

from __future__ import annotations

import pytest

from genx_emit.api import compile_text, lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.toolchain import ToolchainError

BITS = {"i8": 8, "f16": 16, "f32": 32, "i64": 64}
HEIGHTS = (1, 8, 16, 17, 32, 64)
WIDTHS = (1, 4, 8, 16, 32)
# A DG2 tile is row messages (one per row, whatever the row length up to 64 dwords) beside a
# per-element fallback: beyond 256 elements a shape only adds rows of messages the smaller ones
# already have, and costs IGC minutes (both paths of every kernel).
DG2_MAX_ELEMS = 256
MODES = {
    "plain": ("i8", "f16", "f32", "i64"),
    "packed": ("i8", "f16"),
    "transpose": ("f32", "i64"),
    "tbw": ("i8", "f16"),
    "array": ("i8", "f16", "f32"),
}


def _kernel(name: str, ty: str, H: int, W: int, mode: str) -> str:
    bits = BITS[ty]
    nb = 2 if mode == "array" else 1
    attr = f", #xegpu.block_tdesc_attr<array_length = {nb}>" if nb > 1 else ""
    td = f"!xegpu.tensor_desc<{H}x{W}x{ty}{attr}>"
    mem = f"memref<128x128x{ty}>"
    if mode == "packed":
        f = 32 // bits
        rt, at = f"vector<{H // f}x{W}x{f}x{ty}>", "<{packed}> "
    elif mode == "transpose":
        rt, at = f"vector<{W}x{H}x{ty}>", "<{transpose = array<i64: 1, 0>}> "
    elif mode == "tbw":
        k = 32 // bits
        at = "<{transpose = array<i64: 1, 0>, transpose_bit_width = 32}> "
        rt = f"vector<{W // k}x{H * k}x{ty}>"
    else:
        rt, at = (f"vector<{nb}x{H}x{W}x{ty}>" if nb > 1 else f"vector<{H}x{W}x{ty}>"), ""
    n = H * W * nb
    return f"""  gpu.func @{name}(%src: {mem}, %dst: memref<{n}x{ty}>, %y: index, %x: index) kernel {{
    %t = xegpu.create_nd_tdesc %src[%y, %x] : {mem} -> {td}
    xegpu.prefetch_nd %t : {td}
    %v = xegpu.load_nd %t {at}: {td} -> {rt}
    %f = vector.shape_cast %v : {rt} to vector<{n}x{ty}>
    %o = xegpu.create_nd_tdesc %dst[0] : memref<{n}x{ty}> -> !xegpu.tensor_desc<{n}x{ty}>
    xegpu.store_nd %f, %o : vector<{n}x{ty}>, !xegpu.tensor_desc<{n}x{ty}>
    %s = xegpu.create_nd_tdesc %src[%x, %y] : {mem} -> {td}
    {"" if mode != "plain" else f"xegpu.store_nd %v, %s : {rt}, {td}"}
    gpu.return
  }}
"""


def _accepted(mode: str, target: str) -> list[str]:
    """The kernels of ``mode`` that the emitter lowers for ``target``."""
    out = []
    for ty in MODES[mode]:
        for H in HEIGHTS:
            for W in WIDTHS:
                if target == "dg2" and H * W > DG2_MAX_ELEMS:
                    continue
                out.append(_kernel(f"k_{ty}_{H}x{W}", ty, H, W, mode))
    return _lowering(out, target)


def _lowering(kernels: list[str], target: str) -> list[str]:
    """The kernels the emitter lowers for ``target``; the others are located errors of their
    own, tested where their rule is."""
    out = []
    for k in kernels:
        try:
            lower_text(f"gpu.module @m {{\n{k}}}\n", "k.mlir", target=target)
        except DiagnosticError:
            continue
        out.append(k)
    return out


@pytest.mark.parametrize("device,target", [("pvc", "pvc"), ("acm-g10", "dg2")])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_accepted_2d_tile_compiles(mode: str, device: str, target: str,
                                        compile_tools: None) -> None:
    kernels = _accepted(mode, target)
    assert len(kernels) >= 10, f"only {len(kernels)} {mode} shapes lower: the sweep would prove little"
    _compile_all(kernels, device, f"{mode} tiles")


def _compile_all(kernels: list[str], device: str, what: str) -> None:
    """One module of all ``kernels`` through IGC; on a failure, each alone, to name them."""
    try:
        compile_text("gpu.module @m {\n" + "".join(kernels) + "}\n", "sweep.mlir", device, "bin")
    except ToolchainError:
        bad = []
        for k in kernels:
            try:
                compile_text("gpu.module @m {\n" + k + "}\n", "sweep.mlir", device, "bin")
            except ToolchainError:
                bad.append(k.split("(")[0].strip())
        pytest.fail(f"IGC refuses {what} the emitter accepts on {device}: {bad}")


INT_OPS = "addi subi muli divui divsi remui remsi andi ori xori shli shrui shrsi maxsi minsi maxui minui"
FLOAT_OPS = "addf subf mulf divf maximumf minimumf maxnumf minnumf"
MATH_OPS = "exp exp2 log log2 sqrt rsqrt ceil floor absf"
REDUCTIONS = "add mul maxnumf minnumf maximumf minimumf maxsi minsi maxui minui and or xor"


def _elementwise(name: str, ty: str, lines: list[str]) -> str:
    """Load two 16-element vectors of ``ty``, compute ``%r`` by ``lines``, store it."""
    v, td = f"vector<16x{ty}>", f"!xegpu.tensor_desc<16x{ty}>"
    body = "\n    ".join(lines)
    return f"""  gpu.func @{name}(%a: memref<16x{ty}>, %o: memref<16x{ty}>) kernel {{
    %t = xegpu.create_nd_tdesc %a[0] : memref<16x{ty}> -> {td}
    %x = xegpu.load_nd %t : {td} -> {v}
    %y = xegpu.load_nd %t : {td} -> {v}
    {body}
    %u = xegpu.create_nd_tdesc %o[0] : memref<16x{ty}> -> {td}
    xegpu.store_nd %r, %u : {v}, {td}
    gpu.return
  }}
"""


def _elementwise_kernels(target: str) -> list[str]:
    """Every op x element type combination, kept where the emitter lowers it for ``target``."""
    cases = []
    for ty in ("i8", "i16", "i32", "i64"):
        cases += [(f"{op}_{ty}", ty, [f"%r = arith.{op} %x, %y : vector<16x{ty}>"]) for op in INT_OPS.split()]
    for ty in ("f16", "f32", "f64"):
        cases += [(f"{op}_{ty}", ty, [f"%r = arith.{op} %x, %y : vector<16x{ty}>"])
                  for op in FLOAT_OPS.split()]
        for op in MATH_OPS.split():
            cases.append((f"math_{op}_{ty}", ty, [f"%r = math.{op} %x : vector<16x{ty}>"]))
            cases.append((f"math_{op}_afn_{ty}", ty, [f"%r = math.{op} %x fastmath<afn> : vector<16x{ty}>"]))
    for ty in ("i8", "i16", "i32", "i64", "f16", "f32", "f64"):
        for kind in REDUCTIONS.split():
            reduce = f"%s = vector.reduction <{kind}>, %x : vector<16x{ty}> into {ty}"
            spread = f"%r = vector.broadcast %s : {ty} to vector<16x{ty}>"
            cases.append((f"reduce_{kind}_{ty}", ty, [reduce, spread]))
    return _lowering([_elementwise(name, ty, lines) for name, ty, lines in cases], target)


@pytest.mark.parametrize("device,target", [("pvc", "pvc"), ("acm-g10", "dg2")])
def test_every_accepted_elementwise_op_compiles(device: str, target: str, compile_tools: None) -> None:
    kernels = _elementwise_kernels(target)
    assert len(kernels) >= 150, f"only {len(kernels)} elementwise kernels lower"
    _compile_all(kernels, device, "elementwise")


WIDTH = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "f16": 16, "bf16": 16, "f32": 32, "f64": 64}
INTS, FLOATS = ("i8", "i16", "i32", "i64"), ("f16", "bf16", "f32", "f64")
MATRICES = ((2, 8), (4, 4), (8, 2), (4, 16), (16, 16), (8, 32), (32, 8), (4, 64))


def unary_kernel(name: str, src: str, dst: str, n: int, lines: list[str]) -> str:
    """Load ``n`` elements of ``src``, compute ``%r`` (``n`` of ``dst``) by ``lines``, store it."""
    body = "\n    ".join(lines)
    return f"""  gpu.func @{name}(%a: memref<{n}x{src}>, %o: memref<{n}x{dst}>) kernel {{
    %t = xegpu.create_nd_tdesc %a[0] : memref<{n}x{src}> -> !xegpu.tensor_desc<{n}x{src}>
    %x = xegpu.load_nd %t : !xegpu.tensor_desc<{n}x{src}> -> vector<{n}x{src}>
    {body}
    %u = xegpu.create_nd_tdesc %o[0] : memref<{n}x{dst}> -> !xegpu.tensor_desc<{n}x{dst}>
    xegpu.store_nd %r, %u : vector<{n}x{dst}>, !xegpu.tensor_desc<{n}x{dst}>
    gpu.return
  }}
"""


def _cast_and_shuffle_cases() -> list[tuple[str, str, str, int, list[str]]]:
    """Every cast between the element types, compare + select, and 2-D transposes and strided
    slices of a grid of matrix shapes."""
    out = []

    def cast(op: str, a: str, b: str) -> None:
        out.append((f"{op}_{a}_{b}", a, b, 16, [f"%r = arith.{op} %x : vector<16x{a}> to vector<16x{b}>"]))

    for a in INTS:
        for b in INTS:
            if WIDTH[b] > WIDTH[a]:
                cast("extsi", a, b)
                cast("extui", a, b)
            elif WIDTH[b] < WIDTH[a]:
                cast("trunci", a, b)
        for b in FLOATS:
            cast("sitofp", a, b)
            cast("uitofp", a, b)
            cast("fptosi", b, a)
            cast("fptoui", b, a)
    for a in FLOATS:
        for b in FLOATS:
            if WIDTH[b] > WIDTH[a]:
                cast("extf", a, b)
            elif WIDTH[b] < WIDTH[a]:
                cast("truncf", a, b)
    for a in (*INTS, "f16", "f32", "f64"):
        cmp = "cmpi slt" if a.startswith("i") else "cmpf olt"
        choose = f"%r = arith.select %c, %x, %x : vector<16xi1>, vector<16x{a}>"
        out.append((f"select_{a}", a, a, 16, [f"%c = arith.{cmp}, %x, %x : vector<16x{a}>", choose]))
        for r, c in MATRICES:
            m, v, t = r * c, f"vector<{r}x{c}x{a}>", f"vector<{c}x{r}x{a}>"
            part = f"vector<{r}x{c - 1}x{a}>"
            out.append((f"transpose_{a}_{r}x{c}", a, a, m, [
                f"%s = vector.shape_cast %x : vector<{m}x{a}> to {v}",
                f"%q = vector.transpose %s, [1, 0] : {v} to {t}",
                f"%r = vector.shape_cast %q : {t} to vector<{m}x{a}>"]))
            out.append((f"slices_{a}_{r}x{c}", a, a, m, [
                f"%s = vector.shape_cast %x : vector<{m}x{a}> to {v}",
                f"%e = vector.extract_strided_slice %s {{offsets = [0, 1], sizes = [{r}, {c - 1}], "
                f"strides = [1, 1]}} : {v} to {part}",
                f"%i = vector.insert_strided_slice %e, %s {{offsets = [0, 0], strides = [1, 1]}} : {part} "
                f"into {v}",
                f"%r = vector.shape_cast %i : {v} to vector<{m}x{a}>"]))
    return out


@pytest.mark.parametrize("device,target", [("pvc", "pvc"), ("acm-g10", "dg2")])
def test_every_accepted_cast_and_shuffle_compiles(device: str, target: str, compile_tools: None) -> None:
    """(IGC segfaulted on f64 writes of stride 4 that a 4-row transpose made, until 64-bit
    destinations were held to strides of at most 2.)"""
    kernels = _lowering([unary_kernel(*case) for case in _cast_and_shuffle_cases()], target)
    assert len(kernels) >= 120, f"only {len(kernels)} cast / shuffle kernels lower"
    _compile_all(kernels, device, "casts and shuffles")
