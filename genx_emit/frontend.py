"""The front end: MLIR text -> verified op model (parse, build, verify every op)."""

from __future__ import annotations

from genx_emit.diagnostics import DiagnosticError
from genx_emit.mlir.parser import parse_mlir
from genx_emit.xegpu.build import build_module
from genx_emit.xegpu.model import KernelModule, Op


def read_kernels(text: str, filename: str) -> KernelModule:
    """Parse ``text``, build the op model of every function in every ``gpu.module`` and verify
    each op. Bad input raises a located DiagnosticError."""
    km = build_module(parse_mlir(text, filename))
    for f in km.funcs:
        for ops in f.all_blocks():
            verify_ops(ops)
    return km


def verify_ops(ops: list[Op]) -> None:
    """``verify()`` every op, nested regions (loop and if bodies) included, in program order."""
    for op in ops:
        try:
            op.verify()
        except DiagnosticError:
            raise
        except (TypeError, ValueError, AttributeError, IndexError, KeyError, ZeroDivisionError) as e:
            # A rule tripped over an operand of an unexpected kind: still the input's fault.
            msg = f"malformed {type(op).__name__} ({type(e).__name__}: {e})"
            raise DiagnosticError(op.loc, msg) from None
        for body in op.bodies():
            verify_ops(body)
