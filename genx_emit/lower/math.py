"""math dialect ops through the GenX math intrinsics."""

from __future__ import annotations
