"""The project's structure rules, so that they cannot rot silently.

One identity per op: every op-model class names the MLIR ops it models (``NAMES``), and the
syntax, builder, SIMT and lowering registries are keyed by them, with each op found under the
same family name in every layer (``mlir/syntax/<family>.py``, ``ops/<family>.py``,
``lower/ops/<family>.py``). Layers: no module imports one above it. Inside ``lower/``, each
package imports only those its rule names, and no modules import each other in a circle.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import genx_emit.lower.driver  # noqa: F401  (registers every lowering)
from genx_emit import ops
from genx_emit.lower.registry import LOWERINGS
from genx_emit.mlir.syntax import CUSTOM_PARSERS
from genx_emit.ops.build import BUILDERS, BUILT_CLASS
from genx_emit.ops.model import Op
from genx_emit.ops.simt import SIMT_RULES

PACKAGE = Path(__file__).resolve().parents[1] / "genx_emit"

# Parsed but not op-model ops: containers and host code (syntax/module.py), gpu ids the
# builder refuses with a located "unsupported op" error, and masks that only the workgroup
# distribution rewrites (at subgroup level the same located error).
SYNTAX_ONLY = {
    "builtin.module", "gpu.module", "gpu.module_end", "gpu.terminator", "gpu.func", "func.func", "func.call",
    "gpu.cluster_id", "gpu.cluster_dim", "gpu.num_subgroups", "gpu.subgroup_size",
    "vector.constant_mask", "vector.create_mask",
}
# Lowered by the op that owns them, not on their own.
NO_OWN_LOWERING = {"Yield", "Condition"}  # scf.yield, scf.condition: by scf.for / scf.if / scf.while


def _family(module: str) -> str:
    return module.rsplit(".", 1)[1]


def _model_classes() -> list[type[Op]]:
    out = []
    for fam in ops.FAMILIES:
        module = getattr(ops, fam)
        out += [c for _, c in inspect.getmembers(module, inspect.isclass)
                if issubclass(c, Op) and c is not Op and c.__module__ == module.__name__]
    return out


MODEL = _model_classes()
NAMED = [c for c in MODEL if c.NAMES]


def test_every_model_class_has_names_or_is_a_base_of_named_ones():
    for c in MODEL:
        assert c.NAMES or any(issubclass(d, c) and d.NAMES for d in MODEL if d is not c), c.__name__


def test_each_op_name_belongs_to_one_class_and_is_built_for_it():
    seen: dict[str, type] = {}
    for c in NAMED:
        for n in c.NAMES:
            assert n not in seen, f"{n}: {seen.get(n)} and {c}"
            seen[n] = c
            assert BUILT_CLASS.get(n) is c, f"{n} is not built as {c.__name__}"
    assert set(BUILDERS) == set(seen)


def test_every_class_is_lowered_in_its_family_module():
    for c in NAMED:
        if c.__name__ in NO_OWN_LOWERING:
            assert c not in LOWERINGS
            continue
        assert c in LOWERINGS, f"{c.__name__} has no lowering"
        got = LOWERINGS[c].__module__
        assert got == f"genx_emit.lower.ops.{_family(c.__module__)}", f"{c.__name__} is lowered in {got}"


def test_every_custom_form_is_a_modelled_op_in_the_same_family():
    for n, parser in CUSTOM_PARSERS.items():
        if n in SYNTAX_ONLY:
            assert n not in BUILDERS
            continue
        assert n in BUILT_CLASS, f"custom form of '{n}', which no op-model class names"
        fam = _family(BUILT_CLASS[n].__module__)
        assert parser.__module__ == f"genx_emit.mlir.syntax.{fam}", f"{n} is parsed in {parser.__module__}"


def test_families_are_the_same_in_every_layer():
    assert {p.stem for p in (PACKAGE / "mlir" / "syntax").glob("*.py")} - {"__init__", "common", "module"} \
        == set(ops.FAMILIES)
    assert set(ops.FAMILIES) <= {p.stem for p in (PACKAGE / "lower" / "ops").glob("*.py")}


def test_simt_rules_are_keyed_by_modelled_ops():
    assert SIMT_RULES and all(n in BUILT_CLASS for n in SIMT_RULES)


# -- layers ------------------------------------------------------------------------------------
# Bottom to top: a module may import its own layer and those below, never one above.
LAYERS = [
    ["diagnostics", "resources", "targets", "data", "dispatch", "named_barriers"],
    ["mlir"],
    ["ops", "op_attributes", "wg"],  # wg: workgroup kernels distributed on the generic IR
    ["passes"],  # the rewrites of the generic IR as named passes, and the pipeline runner
    ["genx", "emit", "annotate"],
    ["lower"],
    ["frontend", "toolchain", "isa_stats"],
    ["api"],
    ["command_io", "lower_batch", "opt"],
    ["sim"],
    ["cli"],
]
# The simulator reads LLVM IR and must not depend on how the emitter builds it.
NOT_FROM = {"sim": {"ops", "lower", "genx", "emit"}}


def _unit(module: str) -> str:
    """``genx_emit.lower.ops.nd`` -> ``lower``; ``genx_emit.cli`` -> ``cli``."""
    return module.split(".")[1]


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("genx_emit."):
            out.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names if a.name.startswith("genx_emit.")]
    return out


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py" or p.parent != PACKAGE)


def test_every_module_has_a_layer():
    layered = {u for layer in LAYERS for u in layer}
    for p in _modules():
        rel = p.relative_to(PACKAGE)
        assert (rel.parts[0] if len(rel.parts) > 1 else rel.stem) in layered, rel


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_upward(path):
    rank = {u: i for i, layer in enumerate(LAYERS) for u in layer}
    rel = path.relative_to(PACKAGE)
    me = rel.parts[0] if len(rel.parts) > 1 else rel.stem
    for module, line in _imports(path):
        them = _unit(module)
        assert rank[them] <= rank[me], f"{rel}:{line}: {me} imports {module}, a layer above it"
        assert them not in NOT_FROM.get(me, ()), f"{rel}:{line}: {me} must not import {module}"


# -- lower/: packages and import circles -------------------------------------------------------
# What each part of lower/ may import from lower/ (docs/lowering-layout.md). "frame" is the
# modules directly in lower/ but the driver, which runs everything.
LOWER_ALLOWED = {
    "frame": {"frame"},
    "messages": {"frame", "messages"},
    "analysis": {"frame", "messages", "analysis"},
    "dg2": {"frame", "messages", "analysis", "dg2"},
    "ops": {"frame", "messages", "analysis", "dg2", "ops"},
    "transforms": {"frame", "analysis", "transforms"},
    "driver": {"frame", "messages", "analysis", "dg2", "ops", "transforms", "driver"},
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _runtime_imports(path: Path) -> list[tuple[str, int]]:
    """The genx_emit modules ``path`` imports when it runs, at module level or inside functions
    (``from pkg import mod`` names ``pkg.mod``); not those under ``if TYPE_CHECKING:``, which only
    type checkers read."""
    out: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        if _type_checking(node):
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("genx_emit"):
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                out.append((sub if sub in MODULES else node.module, node.lineno))
        elif isinstance(node, ast.Import):
            out.extend((a.name, node.lineno) for a in node.names if a.name.startswith("genx_emit"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return out


def _lower_part(module: str) -> str | None:
    """``genx_emit.lower.dg2.inbounds`` -> ``dg2``; ``genx_emit.lower.context`` -> ``frame``."""
    parts = module.split(".")
    if parts[:2] != ["genx_emit", "lower"] or len(parts) < 3:
        return None
    if len(parts) > 3 or (PACKAGE / "lower" / parts[2]).is_dir():
        return parts[2]
    return "driver" if parts[2] == "driver" else "frame"


def test_lower_packages_are_the_documented_ones():
    packages = {p.parent.name for p in (PACKAGE / "lower").glob("*/__init__.py")}
    assert packages == set(LOWER_ALLOWED) - {"frame", "driver"}
    layout = (PACKAGE.parent / "docs" / "lowering-layout.md").read_text()
    for p in (PACKAGE / "lower").rglob("*.py"):
        if p.name != "__init__.py":
            assert f"`{p.stem}`" in layout, f"{p.relative_to(PACKAGE)} is not in docs/lowering-layout.md"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _lower_part(m)))
def test_lower_imports_follow_the_package_rules(module):
    me = _lower_part(module)
    for target, line in _runtime_imports(MODULES[module]):
        them = _lower_part(target)
        assert them is None or them in LOWER_ALLOWED[me], \
            f"{MODULES[module].relative_to(PACKAGE)}:{line}: {me} imports {target} ({them})"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while (w := stack.pop()) != v:
                comp.append(w)
            if comp:
                out.append(sorted([v, *comp]))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _import_graph() -> dict[str, set[str]]:
    return {m: {t for t, _ in _runtime_imports(p) if t in MODULES and t != m} for m, p in MODULES.items()}


def test_cycle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_through_lower_or_the_op_model():
    circles = [c for c in _cycles(_import_graph())
               if any(m.startswith(("genx_emit.lower", "genx_emit.ops")) for m in c)]
    assert not circles, f"modules importing each other in a circle: {circles}"


# -- lowerings share no state but the value map -------------------------------------------------
# A lowering reads the decisions on its op, the analyses made before lowering (FuncContext's
# fixed fields) and the values of its operands; it writes the values of its results
# (``ctx.set``) and nothing another lowering reads. The writes below still do, and are listed
# so that none is added: DG2's loop facts (lower/dg2/inbounds.py, through ``facts =
# ctx.inbounds``, and the loop's initial descriptors rebound with their row addresses while its
# held prefetches are sent). ``source_of`` is --annotate's record of the output, written by the
# registry around each lowering and read by none. The builder, function, module and intrinsics
# are the output being written. The frame's caches of emitted values (context.py: bitcasts,
# index casts, the dead 2D message headers, docs/emitted-ir.md) are reached through its methods.
SHARED_WRITES = {
    ("lower/dg2/inbounds.py", "inbounds"),
    ("lower/dg2/nd_rows.py", "values"),
    ("lower/registry.py", "source_of"),
}
OUTPUT = {"builder", "function", "module", "intr"}
_MUTATORS = {"add", "append", "extend", "insert", "update", "setdefault", "pop", "popitem", "discard",
             "remove", "clear"}


def _ctx_field(node: ast.AST, aliases: dict[str, str]) -> str | None:
    """The FuncContext field ``node`` is, or is inside of (``ctx.f``, ``ctx.f[k]``, ``ctx.f.g``,
    or a local name bound to ``ctx.f``)."""
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ctx":
            return node.attr
        node = node.value
    return aliases.get(node.id) if isinstance(node, ast.Name) else None


def _shared_writes(tree: ast.AST) -> list[tuple[str, int]]:
    """(field, line) of every write to a FuncContext field but through ``ctx.set``."""
    out: list[tuple[str, int]] = []
    for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        aliases: dict[str, str] = {}
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute):
                field = _ctx_field(node.value, {})
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if field is not None and len(names) == len(node.targets) == 1:
                    aliases[names[0]] = field
        for node in ast.walk(fn):
            targets: list[ast.AST] = []
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                targets = [t for t in targets if not isinstance(t, ast.Name)]  # binding a local is no write
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                targets = [node.func.value] if node.func.attr in _MUTATORS else []
            for t in targets:
                field = _ctx_field(t, aliases)
                if field is not None and field not in OUTPUT:
                    out.append((field, node.lineno))
    return out


def test_shared_write_finder_sees_every_kind_of_write():
    code = ("def f(ctx):\n ctx.a = 1\n ctx.b[k] = 2\n ctx.c.add(3)\n d = ctx.d\n d.e[1] = 4\n del ctx.g[0]\n"
            " ctx.set(v, x)\n x = ctx.h\n y = ctx.values.get(v)\n")
    assert sorted(f for f, _ in _shared_writes(ast.parse(code))) == ["a", "b", "c", "d", "g"]


def test_lowerings_write_no_state_another_reads():
    found = set()
    for path in sorted((PACKAGE / "lower").rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "lower/context.py":  # the frame itself: the value map and its methods' caches
            continue
        for field, line in _shared_writes(ast.parse(path.read_text())):
            assert (rel, field) in SHARED_WRITES, f"genx_emit/{rel}:{line} writes ctx.{field}"
            found.add((rel, field))
    assert found == SHARED_WRITES, f"no longer written (drop from SHARED_WRITES): {SHARED_WRITES - found}"


def test_lowerings_keep_no_module_state():
    """No module of lower/ keeps per-kernel facts in a global (a WeakKeyDictionary keyed by ops
    or values is a side channel that outlives the function's lowering)."""
    for path in sorted((PACKAGE / "lower").rglob("*.py")):
        text = path.read_text()
        assert "WeakKeyDictionary" not in text and "\n    global " not in text, path
