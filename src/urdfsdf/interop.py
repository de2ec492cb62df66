"""Interop with the Python URDF libraries ROS users already have (optional extras).

- ``urdf_parser_py`` (PyPI ``urdfdom-py``): :func:`to_urdf_parser_py` and
  :func:`from_urdf_parser_py`.
- ``urchin`` (the maintained urdfpy fork, extra ``urdfsdf[urdfpy]``):
  :func:`to_urchin` loads with ``lazy_load_meshes=True`` (meshes are absent
  or untrusted more often than not).  There is no ``from_urchin``: urchin
  serialises only through ``save()``, which also writes mesh files, and
  urdfsdf never calls it.

Every function accepts URDF, xacro or SDF input (path or text), converted
with :func:`urdfsdf.ros.robot_description`.  The libraries are imported
lazily, only when these functions are called.
"""

from __future__ import annotations

import io
import os
from typing import Any

from urdfsdf.core.ir import Model
from urdfsdf.ros import robot_description
from urdfsdf.xml.parse import Source


def _need(module: str, extra: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError as exc:
        raise ImportError(f"{module} is not installed: pip install 'urdfsdf[{extra}]' "
                          f"(or the package that provides it)") from exc


def to_urdf_parser_py(source: Source, model: str | None = None) -> Any:
    """A ``urdf_parser_py.urdf.URDF`` of a URDF, xacro or SDF input."""
    urdf = _need("urdf_parser_py.urdf", "urdfdom-py")
    return urdf.URDF.from_xml_string(robot_description(source, model))


def from_urdf_parser_py(robot: Any) -> Model:
    """The urdfsdf IR of a ``urdf_parser_py.urdf.URDF`` object."""
    from urdfsdf import read_urdf

    text = robot.to_xml_string()
    return read_urdf(text if isinstance(text, str) else text.decode("utf-8"))


def to_urchin(source: Source, model: str | None = None, base_dir: str = ".") -> Any:
    """An ``urchin.URDF`` of a URDF, xacro or SDF input (meshes loaded lazily).

    ``base_dir`` is where urchin resolves relative mesh paths.
    """
    urchin = _need("urchin", "urdfpy")
    data = io.BytesIO(robot_description(source, model).encode("utf-8"))
    data.name = os.path.join(base_dir, "robot.urdf")  # urchin reads the folder from it
    return urchin.URDF.load(data, lazy_load_meshes=True)
