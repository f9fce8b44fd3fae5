"""Dataclasses for the surrounding dialects a real kernel needs: arith, gpu, scf, func."""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.mlir.attrs import Attribute
from genx_emit.mlir.ir import Value
from genx_emit.xegpu.model import Op


@dataclass(eq=False, kw_only=True)
class Constant(Op):
    """``arith.constant``: ``value`` is an IntegerAttr, FloatAttr, BoolAttr or DenseElementsAttr."""

    value: Attribute


@dataclass(eq=False, kw_only=True)
class Binary(Op):
    """Elementwise two-operand arith op; ``opname`` without dialect: ``addi``, ``subi``, ``muli``,
    ``divui``, ``divsi``, ``remui``, ``remsi``, ``addf``, ``subf``, ``mulf``, ``divf``,
    ``maximumf``, ``minimumf``, ``maxsi``, ``minsi``, ``andi``, ``ori``, ``xori``, ..."""

    opname: str
    lhs: Value
    rhs: Value


@dataclass(eq=False, kw_only=True)
class Cast(Op):
    """``arith.index_cast``, ``index_castui``, ``extsi``, ``extui``, ``trunci``, ``extf``,
    ``truncf``, ``sitofp``, ``fptosi``, ``bitcast``: the result type is ``results[0].type``."""

    opname: str
    source: Value


@dataclass(eq=False, kw_only=True)
class GpuId(Op):
    """``gpu.block_id x`` / ``thread_id`` / ``global_id`` / ``block_dim`` / ``grid_dim`` (dim
    ``x|y|z``), ``gpu.subgroup_id`` / ``gpu.lane_id`` (dim None)."""

    kind: str
    dim: str | None


@dataclass(eq=False, kw_only=True)
class For(Op):
    """``scf.for``: ``iv`` and ``iter_args`` are the body's block arguments; the body's last op
    is a :class:`Yield`; ``results`` correspond to ``iter_args``."""

    lower: Value
    upper: Value
    step: Value
    inits: list[Value]
    iv: Value
    iter_args: list[Value]
    body: list[Op]


@dataclass(eq=False, kw_only=True)
class Yield(Op):
    values: list[Value]


@dataclass(eq=False, kw_only=True)
class Return(Op):
    """``gpu.return`` / ``func.return``."""

    values: list[Value]
