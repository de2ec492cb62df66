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

from urdfsdf.api import (
    Disconnected,
    include_config,
    mesh_options,
    pass_on,
    sdf_document_to_urdf,
    transform_options,
)
from urdfsdf.core.diagnostics import Diagnostics, TranslationError, worded
from urdfsdf.document import Document, load_document
from urdfsdf.xml.parse import Source

if TYPE_CHECKING:
    from urdfsdf.sdf.includes import IncludeConfig
    from urdfsdf.translate.meshes import MeshOptions
    from urdfsdf.translate.uris import UriMapping


@worded("keywords")
def robot_description(source: Source, model: str | None = None, *,
                      xacro_args: Mapping[str, str] | None = None,
                      package_paths: Mapping[str, str] | None = None,
                      lossy: bool = False, disconnected: Disconnected = "error",
                      frames: bool = True, separator: str = "::",
                      uri_map: UriMapping | None = None,
                      resource_paths: Sequence[str | os.PathLike[str]] = (),
                      includes: IncludeConfig | bool | None = None,
                      meshes: bool | MeshOptions = False, uri_style: str = "keep") -> str:
    """URDF text for ``robot_state_publisher`` from a URDF, xacro or SDF path or text.

    URDF input is returned as written (it is already a robot_description); a ``.xacro``
    file, or a URDF that uses xacro, is expanded first (``xacro_args``, ``package_paths``;
    ``xacro_args`` for input that uses no xacro are an error).  SDF input is converted:
    ``model`` picks one of several, the other keywords are :func:`urdfsdf.sdf_to_urdf`'s.
    ``meshes=True`` looks for each mesh's file, ``uri_style`` writes each found as a
    ``"package"``, ``"model"`` or ``"file"`` URI (:func:`urdfsdf.urdf_to_sdf_result`).
    Raises :class:`TranslationError` on bad input; each warning is passed on as a
    :class:`~urdfsdf.core.diagnostics.UrdfsdfWarning` (Python's ``warnings``).
    """

    from urdfsdf.translate.uris import uri_pairs

    diags = Diagnostics()
    options = transform_options(None, diags, lossy=lossy, disconnected=disconnected,
                                 frames=frames, separator=separator)
    pairs = uri_pairs(uri_map, diags)
    config = include_config(includes, resource_paths, diags)
    mesh = mesh_options(meshes, uri_style, package_paths, resource_paths, diags)
    if pairs is None or diags.has_errors():
        raise TranslationError(diags.items)
    doc = load_document(source, diags, xacro_args=xacro_args, package_paths=package_paths,
                        includes=config)
    if doc is None or (doc.format == "urdf" and (doc.urdf is None or diags.has_errors())):
        raise TranslationError(diags.items)
    if doc.format == "urdf":
        text = _urdf_description(doc, mesh, diags)
        pass_on(diags.items)
        return text
    result = sdf_document_to_urdf(doc, diags, model, options, uri_map=pairs, meshes=mesh)
    if result.text is None or not result.ok:
        raise TranslationError(result.diagnostics)
    pass_on(result.diagnostics)
    return result.text


def _urdf_description(doc: Document, mesh: MeshOptions | None, diags: Diagnostics) -> str:
    """A URDF input as written (a xacro file: expanded), or, when ``mesh`` rewrote one of
    its URIs (``uri_style``), written anew with them."""
    text = doc.data.decode("utf-8")
    if mesh is None or doc.urdf is None:
        return text
    from urdfsdf.translate.meshes import resolve_meshes
    from urdfsdf.urdf.writer import write_urdf_model

    model, _copies = resolve_meshes(doc.urdf, mesh, doc.path, diags)
    return text if model is doc.urdf else write_urdf_model(model)
