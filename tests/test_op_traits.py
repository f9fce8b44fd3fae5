"""The op model's traits and its one operand enumeration (ops/model.py), checked against what
the ops are: their fields, their types in real kernels, and the LLVM IR their lowering makes."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from llvmlite import ir

from genx_emit import ops
from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.frontend import read_kernels
from genx_emit.genx.intrinsics import by_mangled_name, memory_effect
from genx_emit.lower.driver import lower_module
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import DialectType, IndexType, TensorDescType, VectorType
from genx_emit.ops.arith import Binary
from genx_emit.ops.build import BUILT_CLASS
from genx_emit.ops.control import For, Return, Yield
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.model import Op, walk_ops
from genx_emit.targets import get_target

ROOT = Path(__file__).resolve().parents[1]
KERNELS = sorted(ROOT.glob("samples/*.mlir")) + sorted((ROOT / "tests" / "inputs").glob("*/*.mlir"))
CLASSES = sorted({c for c in BUILT_CLASS.values()}, key=lambda c: c.__name__)


def _model(path: Path):
    try:
        return read_kernels(path.read_text(), str(path))
    except DiagnosticError:  # inputs that test diagnostics
        return None


MODELS = {p: m for p in KERNELS if (m := _model(p)) is not None}


def _ops(km) -> list[Op]:
    return [op for f in km.funcs for block in f.all_blocks() for op in walk_ops(block)]


def _value(name: str) -> Value:
    return Value(name, IndexType(), Location("t.mlir", 1, 1))


# -- operands() ------------------------------------------------------------------------------
def test_named_operands_lists_value_fields_in_order_without_results():
    a, b, c, r = _value("%a"), _value("%b"), _value("%c"), _value("%r")
    op = Dpas(loc=a.loc, results=[r], lhs=a, rhs=b, acc=c)
    assert list(op.named_operands()) == [("lhs", a), ("rhs", b), ("acc", c)]
    assert list(op.operands()) == [a, b, c]
    op.acc = None
    assert list(op.operands()) == [a, b]


def test_loop_operands_include_lists_and_region_arguments():
    lb, ub, st, init, iv, arg, res = (_value(f"%{n}") for n in ("lb", "ub", "st", "init", "iv", "arg", "res"))
    loop = For(loc=lb.loc, results=[res], lower=lb, upper=ub, step=st, inits=[init], iv=iv, iter_args=[arg],
               body=[Yield(loc=lb.loc, values=[arg])])
    assert [n for n, _ in loop.named_operands()] == ["lower", "upper", "step", "inits", "iv", "iter_args"]
    assert res not in list(loop.operands())


def test_replaced_maps_operands_of_a_copy_only():
    a, b, c, r, a2 = _value("%a"), _value("%b"), _value("%c"), _value("%r"), _value("%a2")
    op = Binary(loc=a.loc, results=[r], opname="addi", lhs=a, rhs=b)
    new = op.replaced({a: a2, c: b})
    assert (new.lhs, new.rhs, new.results) == (a2, b, [r])
    assert op.lhs is a and new is not op


@pytest.mark.parametrize("path", list(MODELS), ids=lambda p: p.name)
def test_operands_are_every_value_an_op_holds(path):
    """Whatever the field, every SSA value an op holds is enumerated once per occurrence."""
    for op in _ops(MODELS[path]):
        held = []
        for name, v in vars(op).items():
            if name in ("loc", "results"):
                continue
            held += [x for x in (v if isinstance(v, (list, tuple)) else [v]) if isinstance(x, Value)]
        assert list(op.operands()) == held, type(op).__name__


# -- traits ----------------------------------------------------------------------------------
def test_traits_are_declared_per_class():
    for c in CLASSES:
        assert c.TERMINATOR in (None, "region", "block"), c
        assert c.DESCRIPTOR is None or c.DESCRIPTOR in inspect.signature(c).parameters, c
        assert not (c.TERMINATOR and c.PURE), c  # a terminator passes control: an effect
        assert not c.ELEMENTWISE or c.PURE, c


def test_terminators_have_no_results_and_end_blocks():
    assert {c for c in CLASSES if c.TERMINATOR == "region"} == {Yield, ops.control.Condition}
    assert {c for c in CLASSES if c.TERMINATOR == "block"} == {Return, ops.control.Branch,
                                                              ops.control.CondBranch}
    for path, km in MODELS.items():
        for op in _ops(km):
            if op.TERMINATOR:
                assert not op.results, (path.name, op)
        for f in km.funcs:
            for block in f.all_blocks():
                assert not any(op.TERMINATOR for op in block[:-1]), (path.name, f.name)


@pytest.mark.parametrize("path", list(MODELS), ids=lambda p: p.name)
def test_descriptor_is_the_operand_of_descriptor_type(path):
    """An op reading a tensor or memory descriptor names it as its DESCRIPTOR, and only then
    (control flow passes descriptors on as values: not through them)."""
    for op in _ops(MODELS[path]):
        if type(op).__module__ == ops.control.__name__:
            continue
        descs = [v for v in op.operands() if isinstance(v.type, TensorDescType)
                 or (isinstance(v.type, DialectType) and v.type.name == "mem_desc")]
        if op.descriptor() is None:
            assert not descs, (type(op).__name__, descs)
        else:
            assert descs == [op.descriptor()], type(op).__name__


@pytest.mark.parametrize("path", list(MODELS), ids=lambda p: p.name)
def test_elementwise_ops_keep_the_shape(path):
    for op in _ops(MODELS[path]):
        if not op.ELEMENTWISE:
            continue
        shape = op.result.type.shape if isinstance(op.result.type, VectorType) else None
        for v in op.operands():
            if isinstance(v.type, VectorType):
                assert v.type.shape == shape, (type(op).__name__, v.name)


def _effects(path: Path, target: str) -> list[tuple[bool, str, str, bool]]:
    """Of every intrinsic call the lowering made: whether it came from pure ops only (all ops at
    its source location: workgroup distribution gives the ops it makes their origin's), the
    intrinsic, its memory effect, whether it returns data."""
    pure_at: dict = {}
    for op in _ops(MODELS[path]):
        pure_at[op.loc] = pure_at.get(op.loc, True) and op.PURE
    source_of: dict = {}
    module, _ = lower_module(MODELS[path], get_target(target), source_of=source_of)
    out = []
    for fn in module.functions:
        for block in fn.blocks:
            for ins in block.instructions:
                if isinstance(ins, ir.CallInstr) and (d := by_mangled_name(ins.callee.name)) is not None:
                    pure = pure_at.get(source_of.get(id(ins)), False)
                    out.append((pure, d.name, memory_effect(d, ins.args),
                                not isinstance(ins.type, ir.VoidType)))
    return out


@pytest.mark.parametrize("target", ["pvc", "dg2"])
@pytest.mark.parametrize("path", list(MODELS), ids=lambda p: p.name)
def test_pure_ops_lower_to_no_store_or_synchronisation(path, target):
    """A pure op's lowering writes no memory and waits for nothing. (It may read: a load whose
    messages the lowering defers to the first use of the loaded value is that use's.)"""
    try:
        effects = _effects(path, target)
    except DiagnosticError:  # kernels a target refuses (tests of its diagnostics)
        pytest.skip(f"not lowered for {target}")
    seen = [(name, e) for pure, name, e, reads in effects
            if pure and e != "none" and (e in ("barrier", "fence", "any") or not reads)]
    assert not seen
    assert any(e != "none" for _, _, e, _ in effects)  # (the walk finds the kernel's memory accesses)
