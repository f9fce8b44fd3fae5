# ruff: noqa: F821  (lit injects `config`)
# lit configuration: one .mlir file per op or behaviour, as MLIR and IMEX keep them.
# `genx-emit` and `filecheck` are found beside the Python that runs lit (the venv's bin/), so
# `lit tests/lit` from an activated venv or `.venv/bin/lit tests/lit` both work.
import os
import sys

import lit.formats

config.name = "genx-emit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs", "lit.cfg.py"]

bin_dir = os.path.dirname(sys.executable)
config.environment["PATH"] = os.pathsep.join([bin_dir, config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "XDG_CACHE_HOME", "GENX_EMIT_NO_CACHE"):  # the intrinsic-table cache
    if var in os.environ:
        config.environment[var] = os.environ[var]
