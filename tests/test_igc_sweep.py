"""What the emitter accepts, IGC compiles: 2D tile loads (plain, packed, transposed, with
transpose_bit_width, arrays) and stores over a grid of tile shapes and element types, for
pvc and acm-g10. Each shape is its own kernel of one module, so one ocloc run covers a mode;
a failing module is retried kernel by kernel to name the shapes IGC refuses. (IGC aborted on
transposed 32-bit tiles of 32 rows, which the reference allows, until the planner capped them
at 16.)"""

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
    try:
        compile_text("gpu.module @m {\n" + "".join(kernels) + "}\n", "tiles.mlir", device, "bin")
    except ToolchainError:
        bad = []
        for k in kernels:
            try:
                compile_text("gpu.module @m {\n" + k + "}\n", "tiles.mlir", device, "bin")
            except ToolchainError:
                bad.append(k.split("(")[0].strip())
        pytest.fail(f"IGC refuses {mode} tiles the emitter accepts on {device}: {bad}")
