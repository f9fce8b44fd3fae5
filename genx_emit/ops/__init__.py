"""The op model of every dialect genx-emit reads (xegpu, arith, vector, math, gpu, scf, cf,
memref): one dataclass per op, named by its MLIR names (``NAMES``), with the builder that makes
it from the generic IR next to it. Importing the package imports every family, which registers
their builders."""

# Op families: the same names as the syntax (mlir/syntax/) and lowering (lower/) modules.
FAMILIES = ("nd", "dpas", "scatter", "sync", "vector", "math", "arith", "gpu", "control", "memref", "matrix",
            "upstream")

import importlib  # noqa: E402

# Every family, in name order (the order the builders register in).
for _family in sorted(FAMILIES):
    importlib.import_module(f"{__name__}.{_family}")
