"""The front end: MLIR text -> verified op model (parse, build, verify every op)."""

from __future__ import annotations

import time
from collections.abc import Callable

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.mlir.ir import SourceModule, Value
from genx_emit.mlir.parser import parse_mlir
from genx_emit.mlir.types import TensorDescType, Type, VectorType, element_bits
from genx_emit.ops.build import build_module
from genx_emit.ops.model import KernelModule, Op, paused_gc, walk_ops
from genx_emit.ops.simt import note_simt_kernels
from genx_emit.passes import DEFAULT_PIPELINE, PassContext, run_pipeline
from genx_emit.passes.steps import SIMT_ATTR, SIMT_NOTE
from genx_emit.targets import LARGEST_REGISTER_FILE, Target

# The largest register file of any target. A vector or tile larger than that can never live in
# one thread's registers; rejecting it here also keeps the lowering, whose work grows with value
# size, from spending minutes on a mistyped shape.
MAX_VALUE_BYTES = LARGEST_REGISTER_FILE.grfs * LARGEST_REGISTER_FILE.grf_bytes

OnStage = Callable[[str, float], None]
OP_MODEL_NOTE = "op model"  # PassContext.notes key: the KernelModule genx-decide built


def read_kernels(text: str, filename: str, all_functions: bool = False,
                 on_stage: OnStage | None = None, target: Target | None = None,
                 launch: str | None = None) -> KernelModule:
    """Parse ``text``, run the default pass pipeline (workgroup distribution, SIMT reassembly,
    descriptor carrying: :mod:`genx_emit.passes`), build the op model of every function in every
    ``gpu.module`` and verify each op. Bad input raises a located DiagnosticError.
    ``all_functions`` treats every function of a ``gpu.module`` as a kernel (to measure test
    files whose functions are not marked). ``on_stage`` is told the time of each step; ``target``
    (when known) is handed to the passes. ``launch`` (``work-items`` / ``threads``) overrides what
    ``gpu.thread_id`` counts (:mod:`genx_emit.ops.launch`)."""
    with paused_gc():
        start = time.perf_counter()
        source = parse_mlir(text, filename)
        if on_stage is not None:
            on_stage("parse", time.perf_counter() - start)
        ctx = run_pipeline(source, DEFAULT_PIPELINE, PassContext(target, launch=launch), on_stage=on_stage)
        km = ctx.notes.get(OP_MODEL_NOTE)  # built, verified and decided by the last pass
        if km is None:
            start = time.perf_counter()
            km = build_kernels(source, ctx)
            if on_stage is not None:
                on_stage("build + verify op model", time.perf_counter() - start)
        if all_functions:
            for f in km.funcs:
                f.is_kernel = True
    return km


def decide_pass(src: SourceModule, ctx: PassContext) -> None:
    """Decide how each load is sent and what its users skip, for --target (genx.* attributes)."""
    from genx_emit.lower.analysis.decide import decide
    from genx_emit.lower.analysis.simt_check import check_simt
    from genx_emit.lower.analysis.target_types import check_types
    target = ctx.target
    if target is None:  # the IR read for no target (sim reading a signature): nothing to decide for
        return
    km = build_kernels(src, ctx)
    for f in (f for f in km.funcs if f.is_kernel):  # (the driver decides what else it lowers)
        check_types(f, target)  # the target's own errors first, as lowering gives them
        check_simt(f, target)
        decide(f, target)
        for op in (op for block in f.all_blocks() for op in walk_ops(block)):
            if op.origin is not None:
                op.origin.attributes.update(op.attrs)
    ctx.notes[OP_MODEL_NOTE] = km  # the op model of the IR as the pass leaves it (read_kernels)


def build_kernels(source: SourceModule, ctx: PassContext | None = None,
                  all_functions: bool = False) -> KernelModule:
    """The verified op model of ``source`` after its passes (``ctx``: what they noted)."""
    with paused_gc():
        km = build_module(source)
        if all_functions:
            for f in km.funcs:
                f.is_kernel = True
        simt = dict(ctx.notes.get(SIMT_NOTE, {})) if ctx else {}
        if any(SIMT_ATTR in f.attributes for f in source.device_functions()):
            from genx_emit.passes.simt_record import read_simt  # IR printed after the SIMT pass

            simt = read_simt(source) | simt
        note_simt_kernels(km, simt)
        for f in km.funcs:
            check_sizes(f.args + f.workgroup)
            for b in f.blocks:
                check_sizes(b.args)
            for ops in f.all_blocks():
                verify_ops(ops)
    return km


def note_definitions(e: DiagnosticError, op: Op) -> None:
    """A note at the definition of each operand the message names ('%x'), as MLIR's type errors
    have: the fix is often there, not at the use."""
    if e.notes:
        return
    seen: set[str] = set()
    for v in op.operands():
        if f"'{v.name}'" in e.message and v.name not in seen and v.loc != e.loc:
            seen.add(v.name)
            e.notes.append((v.loc, f"'{v.name}' is defined here as '{v.type}'"))


def verify_ops(ops: list[Op]) -> None:
    """``verify()`` every op, nested regions (loop and if bodies) included, in program order."""
    for op in ops:
        check_sizes(op.results, op.loc)
        try:
            op.verify()
        except DiagnosticError as e:
            note_definitions(e, op)
            raise
        except (TypeError, ValueError, AttributeError, IndexError, KeyError, ZeroDivisionError) as e:
            # A rule tripped over an operand of an unexpected kind: still the input's fault.
            msg = f"malformed {type(op).__name__} ({type(e).__name__}: {e})"
            raise DiagnosticError(op.loc, msg) from None
        if type(op).bodies is not Op.bodies:  # (most ops have none: no call to ask)
            for body in op.bodies():
                verify_ops(body)


_TILE_TYPES = (VectorType, TensorDescType)


def value_bytes(t: Type) -> int:
    """Register bytes a vector or tensor descriptor's tile occupies (0 for other types)."""
    if not isinstance(t, _TILE_TYPES):
        return 0
    try:
        bits = element_bits(t.element)
    except TypeError:
        bits = 8
    n = 1
    for d in t.shape:
        n *= d if d is not None else 1
    return n * max(bits, 8) // 8


def check_sizes(values: list[Value], loc: Location | None = None) -> None:
    """Every vector and tile must fit in a register file (:data:`MAX_VALUE_BYTES`); the error is
    at ``loc`` (the defining op) or else at the value."""
    for v in values:
        size = value_bytes(v.type)
        if size > MAX_VALUE_BYTES:
            rf = LARGEST_REGISTER_FILE
            msg = (f"'{v.name}' of type {v.type} is {size} bytes: more than a thread's register file holds "
                   f"({rf.grfs} GRFs of {rf.grf_bytes} bytes = {MAX_VALUE_BYTES})")
            raise DiagnosticError(loc or v.loc, msg)

