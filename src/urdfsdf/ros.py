"""ROS helpers: a ``robot_description`` string from URDF, xacro or SDF input.

``robot_state_publisher`` takes the URDF as a string parameter; this gives it
one whatever the source format::

    from urdfsdf.ros import robot_description
    params = {"robot_description": robot_description("robot.sdf")}
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from urdfsdf.api import sdf_to_urdf_result
from urdfsdf.core.diagnostics import Diagnostics, TranslationError
from urdfsdf.urdf.xacro import expand_xacro, is_xacro
from urdfsdf.xml.parse import Source, is_xml_text, load_input


def robot_description(source: Source, model: str | None = None, *,
                      xacro_args: Mapping[str, str] | None = None,
                      package_paths: Mapping[str, str] | None = None) -> str:
    """URDF text for ``robot_state_publisher`` from a URDF, xacro or SDF path or text.

    URDF input is returned as written (it is already a robot_description);
    SDF input is converted (``model`` picks one of several); ``.xacro`` files
    are expanded first.  Raises :class:`TranslationError` on bad input.
    """
    diags = Diagnostics()
    data: bytes | None
    if isinstance(source, (str, os.PathLike)) and not is_xml_text(source) and is_xacro(source):
        diags.file = str(source)
        data = expand_xacro(str(source), xacro_args or {}, package_paths or {}, diags)
    else:
        data = load_input(source, diags)
    if data is None or diags.has_errors():
        raise TranslationError(diags.items)
    head = data.lstrip()[:4096]
    if b"<robot" in head and b"<sdf" not in head:
        text = data.decode("utf-8")
        from urdfsdf.api import load_urdf

        model_ir, read = load_urdf(data, diags.file)
        if model_ir is None or read.has_errors():
            raise TranslationError(read.items)
        return text
    result = sdf_to_urdf_result(data, model, file=diags.file)
    if result.text is None or not result.ok():
        raise TranslationError(result.diagnostics)
    return result.text
