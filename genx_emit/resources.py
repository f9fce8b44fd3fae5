"""Where the shipped data directories (intrinsics/*.yaml, templates/*.j2) are, installed or not."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_dir(name: str) -> Path:
    """``intrinsics`` or ``templates``: from the installed wheel, else from the source tree."""
    try:
        p = Path(str(resources.files(f"genx_emit.data.{name}")))
        if p.is_dir():
            return p
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / name
