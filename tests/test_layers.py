"""The package layout: each layer imports only the layers below it, and no module cycle.

Layers, bottom up (docs/development.md, "Map of the code"): ``core`` <- ``xml`` <- the formats
(``urdf``, ``sdf``) <- ``translate`` <- the public modules (``api``, ``ros``,
``interop``, the package itself, ``compare`` and ``testing``) <- ``commands``.  Every
import counts, also the ones inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "urdfsdf"
LAYERS = {"core": 0, "xml": 1, "urdf": 2, "sdf": 2, "translate": 3, "": 4, "compare": 4,
          "testing": 4, "commands": 5}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in SRC.rglob("*.py")}


def _layer(module: str) -> int:
    parts = module.split(".")
    package = parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else ""
    return LAYERS[package]


def _imports(path: Path, known: set[str]) -> set[str]:
    """The urdfsdf modules ``path`` imports (``from urdfsdf.x import y``: ``urdfsdf.x.y``
    when that is a module, else ``urdfsdf.x``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "urdfsdf")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and \
                node.module.split(".")[0] == "urdfsdf":
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                found.add(sub if sub in known else node.module)
    return found


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    return {name: _imports(path, known) - {name} for name, path in mods.items()}


def test_every_package_has_a_layer() -> None:
    for name in _modules():
        _layer(name)  # a KeyError names a package the layer table lacks


def test_imports_go_down_only() -> None:
    upward = [f"{a} (layer {_layer(a)}) imports {b} (layer {_layer(b)})"
              for a, deps in _graph().items() for b in deps if _layer(b) > _layer(a)]
    assert upward == []


def test_no_import_cycle() -> None:
    graph = _graph()
    # Tarjan-free: repeatedly remove modules that import nothing left; what remains is cyclic
    left = {k: set(v) & set(graph) for k, v in graph.items()}
    changed = True
    while changed:
        changed = False
        for name in [n for n, deps in left.items() if not deps]:
            del left[name]
            for deps in left.values():
                deps.discard(name)
            changed = True
    assert left == {}, f"modules in or above an import cycle: {sorted(left)}"
