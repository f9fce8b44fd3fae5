"""Custom (pretty) op forms, one module per op family (the same family names as ``ops/`` and
``lower/``), plus ``module.py`` for modules and functions. Each parser is registered with
``@custom("dialect.op")`` into :data:`CUSTOM_PARSERS`; importing the package registers all."""

from genx_emit.mlir.syntax.common import CUSTOM_PARSERS

from genx_emit.mlir.syntax import (  # noqa: E402,F401  isort: skip
    arith,
    control,
    dpas,
    gpu,
    math,
    matrix,
    memref,
    module,
    nd,
    scatter,
    sync,
    upstream,
    vector,
)

__all__ = ["CUSTOM_PARSERS"]
