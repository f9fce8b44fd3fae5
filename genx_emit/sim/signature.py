"""What the MLIR source says a kernel's array arguments are (shape and element type).

A ``.ll`` only knows that an argument is a 64-bit address; when the input is MLIR, its memref
types let the simulator reject an array of the wrong shape or dtype before running.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from genx_emit.mlir.types import FloatType, IndexType, IntegerType, MemRefType, Type


@dataclass(frozen=True)
class Expect:
    """``shape`` None: not checked (dynamic dims, or a strided view whose buffer is larger)."""

    type_text: str
    shape: tuple[int, ...] | None
    dtypes: tuple[np.dtype, ...]


def _dtypes(t: Type) -> tuple[np.dtype, ...]:
    if isinstance(t, FloatType):
        if t.kind == "bf16":  # numpy has no bf16: its bits travel as 16-bit integers
            return (np.dtype(np.uint16), np.dtype(np.int16))
        return {"f16": (np.dtype(np.float16),), "f32": (np.dtype(np.float32),),
                "tf32": (np.dtype(np.float32),), "f64": (np.dtype(np.float64),)}.get(t.kind, ())
    if isinstance(t, IndexType):
        return (np.dtype(np.int64), np.dtype(np.uint64))
    if isinstance(t, IntegerType):
        n = max(t.width // 8, 1)
        if t.width == 1:
            return (np.dtype(np.bool_), np.dtype(np.uint8), np.dtype(np.int8))
        return (np.dtype(f"u{n}"),) if t.signedness == "u" else (np.dtype(f"i{n}"), np.dtype(f"u{n}"))
    return ()


def expected_args(text: str, filename: str) -> dict[str, dict[str, Expect]]:
    """kernel name -> LLVM argument name -> Expect, for every memref argument."""
    from genx_emit.frontend import read_kernels
    from genx_emit.mlir.ir import llvm_name

    out: dict[str, dict[str, Expect]] = {}
    for f in read_kernels(text, filename).funcs:
        if not f.is_kernel:
            continue
        args = {}
        for v in f.args:
            t = v.type
            if not isinstance(t, MemRefType):
                continue
            static = all(d is not None for d in t.shape)
            plain = t.layout is None or (
                getattr(t.layout, "offset", None) == 0
                and tuple(getattr(t.layout, "strides", ())) == tuple(int(np.prod(t.shape[i + 1:]))
                                                                     for i in range(len(t.shape))))
            shape = tuple(int(d) for d in t.shape) if static and plain else None
            args[llvm_name(v)] = Expect(str(t), shape, _dtypes(t.element))
        out[f.name] = args
    return out


def check_arg(name: str, array: np.ndarray, e: Expect) -> str | None:
    """Why ``array`` cannot be the memref argument, or None."""
    if e.dtypes and array.dtype not in e.dtypes:
        return (f"argument {name} is {e.type_text}: expected dtype "
                f"{' or '.join(str(d) for d in e.dtypes)}, got {array.dtype}")
    if e.shape is not None and tuple(array.shape) != e.shape:
        return f"argument {name} is {e.type_text}: expected shape {list(e.shape)}, got {list(array.shape)}"
    if e.shape is None and e.dtypes and array.dtype.itemsize != e.dtypes[0].itemsize:
        return f"argument {name} is {e.type_text}: {array.dtype} elements have the wrong size"
    return None
