"""The exception the semantic functions raise; the machine adds the instruction's location."""

from __future__ import annotations


class Fault(Exception):
    """A kernel did something undefined (out-of-range region, out-of-bounds address, illegal
    message operand, deadlock). Carries only the message: the machine knows where it happened."""
