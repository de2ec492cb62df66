"""ROS helpers: a ``robot_description`` string from URDF, xacro or SDF input.

``robot_state_publisher`` takes the URDF as a string parameter; this gives it
one whatever the source format::

    from urdfsdf.ros import robot_description
    params = {"robot_description": robot_description("robot.sdf")}
"""

from __future__ import annotations

from collections.abc import Mapping

from urdfsdf.api import sdf_document_to_urdf
from urdfsdf.core.diagnostics import Diagnostics, TranslationError
from urdfsdf.document import load_document
from urdfsdf.xml.parse import Source


def robot_description(source: Source, model: str | None = None, *,
                      xacro_args: Mapping[str, str] | None = None,
                      package_paths: Mapping[str, str] | None = None) -> str:
    """URDF text for ``robot_state_publisher`` from a URDF, xacro or SDF path or text.

    URDF input is returned as written (it is already a robot_description);
    SDF input is converted (``model`` picks one of several); ``.xacro`` files
    are expanded first.  Raises :class:`TranslationError` on bad input.
    """
    diags = Diagnostics()
    doc = load_document(source, diags, xacro_args=xacro_args, package_paths=package_paths)
    if doc is None or (doc.format == "urdf" and (doc.urdf is None or diags.has_errors())):
        raise TranslationError(diags.items)
    if doc.format == "urdf":
        return doc.data.decode("utf-8")
    result = sdf_document_to_urdf(doc, diags, model)
    if result.text is None or not result.ok:
        raise TranslationError(result.diagnostics)
    return result.text
