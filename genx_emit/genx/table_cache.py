"""A per-user cache of the checked intrinsic table (and of the compiled Jinja2 templates), so that
a short run does not re-read the YAML or recompile the templates.

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
from typing import BinaryIO, TypeVar

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
    _store(path, lambda f: pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL))
    return value


def _store(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write a cache file atomically; any failure (a read-only home) leaves no file and is ignored."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                write(f)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:
        pass


def template_cache() -> object | None:
    """A Jinja2 bytecode cache in the same directory: compiling the module templates from source
    costs a short run more than rendering them. Jinja names each entry by the template's name and
    source checksum and checks its own version; a bad entry is recompiled. None with
    GENX_EMIT_NO_CACHE."""
    if os.environ.get("GENX_EMIT_NO_CACHE"):
        return None
    import jinja2

    class TemplateCache(jinja2.BytecodeCache):
        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            try:
                with open(cache_dir() / f"template-{bucket.key}.cache", "rb") as f:
                    bucket.load_bytecode(f)
            except Exception:  # missing or damaged: compile from source
                bucket.reset()

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            _store(cache_dir() / f"template-{bucket.key}.cache", bucket.write_bytecode)

    return TemplateCache()
