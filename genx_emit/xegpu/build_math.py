"""Generic math-dialect ops -> op model."""

from __future__ import annotations
