"""Scattered XeGPU ops and atomics -> LSC gather/scatter messages."""

from __future__ import annotations
