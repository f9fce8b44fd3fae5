"""The one dispatch mechanism every layer uses: a table from an op's identity (its MLIR name,
or its op-model class) to the function that handles it, filled by a decorator where that
function is written. Syntax (``mlir/syntax``), builders (``ops/build.py``), SIMT rules
(``ops/simt.py``) and lowerings (``lower/registry.py``) each keep one such table."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

Handler = TypeVar("Handler", bound=Callable[..., Any])


def registrar(table: dict[Any, Any], keys: Iterable[Hashable]) -> Callable[[Handler], Handler]:
    """A decorator that enters its function in ``table`` under each of ``keys``. A key that
    already has another handler is a programming error: one op, one handler per layer."""
    keys = tuple(keys)

    def register(fn: Handler) -> Handler:
        for k in keys:
            old = table.get(k)
            if old is not None and old is not fn:
                raise TypeError(f"{k} is handled twice: by {old.__qualname__} and {fn.__qualname__}")
            table[k] = fn
        return fn

    return register
