"""ROS helpers: a ``robot_description`` string from URDF, xacro or SDF input.

``robot_state_publisher`` takes the URDF as a string parameter; this gives it
one whatever the source format::

    from urdfsdf.ros import robot_description
    params = {"robot_description": robot_description("robot.sdf")}
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from urdfsdf.api import Disconnected, include_config, sdf_document_to_urdf, transform_options
from urdfsdf.core.diagnostics import Diagnostics, TranslationError, worded
from urdfsdf.document import load_document
from urdfsdf.xml.parse import Source

if TYPE_CHECKING:
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.uris import UriMapping


@worded("keywords")
def robot_description(source: Source, model: str | None = None, *,
                      xacro_args: Mapping[str, str] | None = None,
                      package_paths: Mapping[str, str] | None = None,
                      lossy: bool = False, disconnected: Disconnected = "error",
                      frames: bool = True, separator: str = "::",
                      uri_map: UriMapping | None = None,
                      resource_paths: Sequence[str | os.PathLike[str]] = (),
                      includes: IncludeConfig | bool | None = None) -> str:
    """URDF text for ``robot_state_publisher`` from a URDF, xacro or SDF path or text.

    URDF input is returned as written (it is already a robot_description); ``.xacro``
    files are expanded first (``xacro_args``, ``package_paths``).  SDF input is
    converted: ``model`` picks one of several, the other keywords are
    :func:`urdfsdf.sdf_to_urdf`'s.  Raises :class:`TranslationError` on bad input.
    """

    from urdfsdf.translate.uris import uri_pairs

    diags = Diagnostics()
    options = transform_options(None, diags, lossy=lossy, disconnected=disconnected,
                                 frames=frames, separator=separator)
    pairs = uri_pairs(uri_map, diags)
    config = include_config(includes, resource_paths, diags)
    if pairs is None or diags.has_errors():
        raise TranslationError(diags.items)
    doc = load_document(source, diags, xacro_args=xacro_args, package_paths=package_paths,
                        includes=config)
    if doc is None or (doc.format == "urdf" and (doc.urdf is None or diags.has_errors())):
        raise TranslationError(diags.items)
    if doc.format == "urdf":
        return doc.data.decode("utf-8")
    result = sdf_document_to_urdf(doc, diags, model, options, uri_map=pairs)
    if result.text is None or not result.ok:
        raise TranslationError(result.diagnostics)
    return result.text
