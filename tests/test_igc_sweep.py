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
# DG2 tiles are per-element messages whatever their shape: big ones only cost compile time.
DG2_MAX_ELEMS = 512
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
    """The kernels of ``mode`` that the emitter lowers for ``target`` (the rest are located
    errors of their own, tested elsewhere)."""
    out = []
    for ty in MODES[mode]:
        for H in HEIGHTS:
            for W in WIDTHS:
                if target == "dg2" and H * W > DG2_MAX_ELEMS:
                    continue
                k = _kernel(f"k_{ty}_{H}x{W}", ty, H, W, mode)
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
    out = []
    for name, ty, lines in cases:
        k = _elementwise(name, ty, lines)
        try:
            lower_text(f"gpu.module @m {{\n{k}}}\n", "k.mlir", target=target)
        except DiagnosticError:
            continue
        out.append(k)
    return out


@pytest.mark.parametrize("device,target", [("pvc", "pvc"), ("acm-g10", "dg2")])
def test_every_accepted_elementwise_op_compiles(device: str, target: str, compile_tools: None) -> None:
    kernels = _elementwise_kernels(target)
    assert len(kernels) >= 150, f"only {len(kernels)} elementwise kernels lower"
    _compile_all(kernels, device, "elementwise")
