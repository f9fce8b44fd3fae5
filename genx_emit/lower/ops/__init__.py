"""Per-op lowering: one module per op family (the family names of ``ops/`` and ``mlir/syntax/``)."""
