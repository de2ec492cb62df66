"""The diagnostic code table (core/diagnostics.CODES) is the set of codes the code emits.

Every code-like string literal in src/ (``"DUPLICATE_NAME"``) that is not a key of
a code table must be a documented code, and every documented code must appear in
src/ outside the table: no code is emitted undocumented, none documented unused.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from urdfsdf.core.diagnostics import CODES
from urdfsdf.translate.urdf_shape import SHAPE_CODES

SRC = Path(__file__).resolve().parents[2] / "src" / "urdfsdf"
CODE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def _code_literals() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        table_keys = {id(k) for n in ast.walk(tree) if isinstance(n, ast.Dict) for k in n.keys
                      if path.name in ("diagnostics.py", "urdf_shape.py")}
        for node in ast.walk(tree):
            if id(node) in table_keys:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    CODE.fullmatch(node.value):
                found.setdefault(node.value, set()).add(str(path.relative_to(SRC)))
    return found


# upper-case literals that are not diagnostic codes
NOT_CODES = {"SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH", "SDF_ORACLE",
             "URDFSDF_TRACEBACK", "AMENT_PREFIX_PATH", "ROS_PACKAGE_PATH", "CATKIN_IGNORE"}


def test_every_emitted_code_is_documented() -> None:
    undocumented = {code: sorted(where) for code, where in _code_literals().items()
                    if code not in CODES and code not in SHAPE_CODES and code not in NOT_CODES}
    assert undocumented == {}


def test_every_documented_code_is_emitted() -> None:
    found = _code_literals()
    assert [code for code in (*CODES, *SHAPE_CODES) if code not in found] == []
