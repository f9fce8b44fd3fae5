"""What keeps a short ``lower`` run short (bench/bench_startup.py measures the time itself):
``lower`` never imports numpy (only ``sim`` needs it), and the checked intrinsic table comes back
from the per-user cache identical to the one read from the YAML."""

from __future__ import annotations

import subprocess
import sys

from conftest import SAMPLES

from genx_emit.genx import intrinsics, table_cache
from genx_emit.resources import data_dir


def test_lower_does_not_import_numpy():
    code = ("import sys; from genx_emit.cli import main\n"
            f"try: main(['lower', {str(SAMPLES / 'copy_2d.mlir')!r}, '-o', '-'])\n"
            "except SystemExit as e: assert e.code == 0, e.code\n"
            "assert 'numpy' not in sys.modules, 'lower imported numpy'\n"
            "assert 'yaml' not in sys.modules or 'GENX_EMIT_NO_CACHE' in __import__('os').environ\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr


def test_sim_is_still_a_command():
    r = subprocess.run([sys.executable, "-m", "genx_emit.cli", "--help"], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and "sim " in r.stdout


def test_table_cache_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GENX_EMIT_NO_CACHE", raising=False)
    directory = data_dir("intrinsics")
    inputs = sorted(directory.glob("*.yaml"))
    fresh = table_cache.cached("t", inputs, lambda: intrinsics.load_table(directory))
    assert len(list((tmp_path / "genx-emit").glob("t-*.pickle"))) == 1
    again = table_cache.cached("t", inputs, lambda: (_ for _ in ()).throw(AssertionError("not cached")))
    assert again == fresh and again is not fresh
    slot = again.intrinsics["lsc.load2d.stateless"].operands[3]
    assert slot.default is intrinsics.MISSING  # the sentinel survives pickling


def test_table_cache_ignores_a_corrupt_file(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GENX_EMIT_NO_CACHE", raising=False)
    directory = data_dir("intrinsics")
    inputs = sorted(directory.glob("*.yaml"))
    table_cache.cached("t", inputs, lambda: 1)
    (path,) = (tmp_path / "genx-emit").glob("t-*.pickle")
    path.write_bytes(b"not a pickle")
    assert table_cache.cached("t", inputs, lambda: 2) == 2


def test_template_cache_changes_nothing(tmp_path):
    """The compiled templates are cached beside the table; a run from the cache, and one from a
    damaged cache, write the same bytes as a run without it."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "GENX_EMIT_NO_CACHE"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    cmd = [sys.executable, "-m", "genx_emit.cli", "lower", str(SAMPLES / "copy_2d.mlir")]

    def run(**extra: str) -> str:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env | extra)
        assert r.returncode == 0, r.stderr
        return r.stdout

    plain = run(GENX_EMIT_NO_CACHE="1")
    assert not (tmp_path / "genx-emit").exists()
    assert run() == plain  # fills the cache
    caches = sorted((tmp_path / "genx-emit").glob("template-*.cache"))
    assert caches
    assert run() == plain  # from the cache
    for path in caches:
        path.write_bytes(b"damaged")
    assert run() == plain
