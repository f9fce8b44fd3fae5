"""Barriers, fences and scheduling hints -> GenX sync intrinsics."""

from __future__ import annotations
