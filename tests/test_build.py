"""Generic IR -> op model: syntax variants map onto the same dataclass fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.xegpu.ops import CacheHints, CreateNdDesc, Dpas, LoadNd
from genx_emit.xegpu.std import For

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.mlir")), ids=lambda p: p.stem)
def test_samples_read(path):
    km = read_kernels(path.read_text(), path.name)
    assert km.funcs and all(f.is_kernel for f in km.funcs)
    assert km.sources == {path.name: path.read_text()}


def test_rfc_vc_mode_maps_to_upstream_fields():
    km = read_kernels((SAMPLES / "rfc_vc_mode_gemm.mlir").read_text(), "rfc.mlir")
    loop = next(op for op in km.funcs[0].body if isinstance(op, For))
    a, b = loop.body[0], loop.body[1]
    assert isinstance(a, LoadNd) and not a.packed and a.vnni_axis == 1
    assert isinstance(b, LoadNd) and b.packed
    assert b.hints == CacheHints("cached", "cached", "cached")
    assert isinstance(loop.body[6], Dpas) and loop.body[6].acc is loop.iter_args[2]


def test_unsupported_op_in_kernel_is_located():
    text = "gpu.module @m {\n  gpu.func @k() kernel {\n    \"foo.bar\"() : () -> ()\n    gpu.return\n  }\n}\n"
    with pytest.raises(DiagnosticError) as e:
        read_kernels(text, "k.mlir")
    assert str(e.value) == "k.mlir:3:5: error: unsupported op 'foo.bar'"


def test_create_nd_static_offsets():
    text = """gpu.module @m {
  gpu.func @k(%a: memref<8x16xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 4] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}"""
    op = read_kernels(text, "k.mlir").funcs[0].body[0]
    assert isinstance(op, CreateNdDesc) and op.offsets == [0, 4] and op.shape is None
