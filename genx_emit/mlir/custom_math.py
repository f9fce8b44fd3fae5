"""Custom forms of the math dialect ops genx-emit lowers."""

from __future__ import annotations
