"""Builders (generic IR -> op model) for the scattered XeGPU ops and atomics."""

from __future__ import annotations
