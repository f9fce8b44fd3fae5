"""A per-user cache of the checked intrinsic table, so that a short run does not re-read the YAML.

Reading and checking ``intrinsics/*.yaml`` costs a short ``lower`` run more than lowering its
kernel; the checked table is pickled under ``$XDG_CACHE_HOME/genx-emit`` (else ``~/.cache``),
named by a hash of the YAML files, the code that reads them and the Python and llvmlite
versions, so any edit to either misses
the cache and re-reads. Set ``GENX_EMIT_NO_CACHE=1`` to always read the YAML. Any problem with
the cache (unwritable, corrupt, stale) falls back to reading the YAML: the cache can only save
time, never change a result.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "genx-emit"


def _key(inputs: list[Path]) -> str:
    import llvmlite  # the table holds llvmlite types

    h = hashlib.sha256(f"{sys.version} {llvmlite.__version__}".encode())
    for path in inputs:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def cached(kind: str, inputs: list[Path], build: Callable[[], T]) -> T:
    """``build()``, or its result pickled by an earlier run from the same ``inputs``."""
    if os.environ.get("GENX_EMIT_NO_CACHE"):
        return build()
    try:
        path = cache_dir() / f"{kind}-{_key(inputs)}.pickle"
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:  # missing, unreadable or from another layout: rebuild
        pass
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:  # a read-only home: run without the cache
        pass
    return value
