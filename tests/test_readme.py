"""The README says what is true: its commands run as written (the three-command GEMM check of the
`sim` section prints what the README says it prints, for both targets), its quick start is the
two commands CI runs, its usage block names every command and option of the command line and no
other, its ops table names every op the op model builds, and its links to `docs/` resolve."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from genx_emit.cli import main
from genx_emit.ops.build import BUILDERS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
DOCS = sorted((ROOT / "docs").glob("*.md"))


def _section(title: str, text: str = README) -> str:
    """The text of the `## title` section, up to the next `## ` heading."""
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def _gemm_check_block() -> list[str]:
    start = README.index("A GEMM checked against numpy in three commands")
    block = README[start:].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def _run(line: str, cwd: Path) -> str:
    """One README line, with ``.venv/bin/`` meaning this interpreter's environment."""
    venv_bin = str(Path(sys.executable).parent)
    cmd = line.replace(".venv/bin/", venv_bin + "/")
    r = subprocess.run(cmd, shell=True, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, f"{line}\n{r.stdout}\n{r.stderr}"
    return r.stdout


@pytest.mark.parametrize("target", ["pvc", "dg2"])
def test_readme_gemm_check_prints_what_it_says(target: str, tmp_path: Path) -> None:
    lines = _gemm_check_block()
    assert len(lines) == 3 and "genx-emit sim samples/" in lines[1]
    (tmp_path / "samples").symlink_to(ROOT / "samples")  # run "from the repository root"
    if target == "dg2":
        lines[1] += " --target dg2"
    out = "".join(_run(line, tmp_path) for line in lines)
    claimed = re.search(r"It prints `(max \|C - A@B\| = [^`]+)`", README)
    assert claimed, "the README no longer says what the check prints"
    assert out.strip().splitlines()[-1] == claimed.group(1)


def test_quick_start_is_the_two_commands_and_ci_runs_the_second() -> None:
    block = _section("Quick start").split("```sh\n", 1)[1].split("```", 1)[0]
    assert block.splitlines() == [
        "scripts/setup.sh && .venv/bin/genx-emit lower samples/gemm_kloop_f16.mlir -o gemm.ll",
        "scripts/setup.sh --toolchain && .venv/bin/python -m pytest",
    ]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "scripts/setup.sh --toolchain && .venv/bin/python -m pytest" in ci


def _synopses() -> dict[str, str]:
    """Each command's synopsis in the Usage block: its `genx-emit NAME` line and the indented
    lines that continue it."""
    block = _section("Usage").split("```\n", 1)[1].split("```", 1)[0]
    out: dict[str, str] = {}
    name = None
    for line in block.splitlines():
        if line.startswith("genx-emit "):
            name = line.split()[1]
            out[name] = line
        elif name and line.startswith(" "):
            out[name] += "\n" + line
    return out


def _commands() -> dict[str, click.Command]:
    ctx = click.Context(main)
    return {n: main.get_command(ctx, n) for n in main.list_commands(ctx)}


def test_usage_block_names_every_command() -> None:
    assert sorted(_synopses()) == sorted(_commands())


@pytest.mark.parametrize("name", sorted(_commands()))
def test_usage_block_names_every_option_of_a_command_and_no_other(name: str) -> None:
    cmd = _commands()[name]
    synopsis = _synopses().get(name, "")
    opts = [p for p in cmd.params if isinstance(p, click.Option)]
    for p in opts:
        assert any(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", synopsis) for o in p.opts), \
            f"genx-emit {name}: {'/'.join(p.opts)} is not in the README's usage block"
    known = {o for p in opts for o in p.opts}
    for written in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", synopsis):
        assert written in known, f"genx-emit {name}: the README's usage block names {written}, which it lacks"


def test_ops_table_names_every_op_the_op_model_builds() -> None:
    """Each op's name after its dialect (``load_nd`` of ``xegpu.load_nd``) is a word of a code
    span of the Supported ops section, where the table (or its list of refused ops) names it."""
    words: set[str] = set()
    for span in re.findall(r"`([^`]+)`", _section("Supported ops")):
        words.update(re.split(r"[\s/,.]+", span))
    missing = sorted(n for n in BUILDERS if n.split(".", 1)[1] not in words)
    assert not missing, f"ops the op model builds that the README's Supported ops do not name: {missing}"


def _slug(heading: str) -> str:
    """GitHub's anchor of a markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(text: str) -> set[str]:
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("path", [ROOT / "README.md", ROOT / "samples" / "README.md", *DOCS],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve(path: Path) -> None:
    text = path.read_text()
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        assert dest.is_file(), f"{path.name}: link to {target}: no such file"
        if anchor:
            assert anchor in _anchors(dest.read_text()), f"{path.name}: link to {target}: no such heading"


def test_every_doc_is_linked_from_the_readme_and_says_what_it_is_for() -> None:
    assert DOCS
    for doc in DOCS:
        assert f"(docs/{doc.name})" in README, f"docs/{doc.name} is not linked from the README"
        title, purpose, _ = doc.read_text().split("\n\n", 2)
        assert title.startswith("# ") and "\n" not in title, doc.name
        assert purpose and "\n" not in purpose and not purpose.startswith(("#", "`", "|", "-")), \
            f"docs/{doc.name}: no one-line purpose under its title"


def test_readme_is_at_most_400_lines() -> None:
    assert len(README.splitlines()) <= 400
