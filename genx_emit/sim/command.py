"""The ``genx-emit sim`` command. Being written."""

from __future__ import annotations

import click


@click.command()
def sim() -> None:
    """Simulate a kernel on the CPU (not yet implemented)."""
    raise click.UsageError("genx-emit sim is not implemented yet")
