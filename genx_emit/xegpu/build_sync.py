"""Builders (generic IR -> op model) for barriers, fences, hints and SLM allocation."""

from __future__ import annotations
