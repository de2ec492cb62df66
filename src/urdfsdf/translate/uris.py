"""Mesh and texture URIs: kept as written, rewritten by prefix on request.

``--uri-map FROM=TO`` (repeatable) replaces a leading ``FROM`` with ``TO``,
e.g. ``model://robot/=package://robot_description/``.  URIs are never opened.
A URI whose scheme the target format's usual consumers cannot resolve gets a
warning: ``model://`` in a URDF (ROS resolves ``package://`` and files).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import Collision, Format, Geometry, Link, Material, Model, Visual, evolve

UriStyle = Literal["keep", "package", "model", "file"]
#: the values of ``--uri-style`` (``uri_style=``): how :mod:`urdfsdf.translate.meshes`
#: writes mesh URIs (here, so that the command line names them without importing it)
URI_STYLES: tuple[UriStyle, ...] = ("keep", "package", "model", "file")

UriMap = Sequence[tuple[str, str]]
#: what the Python API takes: ``{FROM: TO}``, or ``(FROM, TO)`` pairs, applied in order
UriMapping = Mapping[str, str] | Sequence[tuple[str, str]]


def parse_uri_map(items: Sequence[str]) -> list[tuple[str, str]] | str:
    """``FROM=TO`` strings as pairs, or a usage message."""
    pairs = []
    for item in items:
        src, sep, dst = item.partition("=")
        if not sep or not src:
            return f"--uri-map expects FROM=TO, got {item!r}"
        pairs.append((src, dst))
    return pairs


def uri_pairs(uri_map: UriMapping | None, diags: Diagnostics) -> UriMap | None:
    """The Python API's ``uri_map`` as ``(FROM, TO)`` pairs; None (an ``ARGUMENT_INVALID``
    error) when it is neither a mapping nor pairs of strings with a non-empty FROM."""
    if not uri_map:
        return ()
    items = list(uri_map.items()) if isinstance(uri_map, Mapping) else \
        list(uri_map) if not isinstance(uri_map, str | bytes) else [uri_map]
    for item in items:
        if not (isinstance(item, tuple | list) and len(item) == 2 and
                all(isinstance(x, str) for x in item) and item[0]):
            diags.error("ARGUMENT_INVALID", "uri_map expects {FROM: TO} or (FROM, TO) pairs "
                        f"of strings, FROM not empty; got {item!r}")
            return None
    return tuple((src, dst) for src, dst in items)


def _map(uri: str, mapping: UriMap) -> str:
    for src, dst in mapping:
        if uri.startswith(src):
            return dst + uri[len(src):]
    return uri


def map_uris(model: Model, mapping: UriMap, target: Format, diags: Diagnostics) -> Model:
    """``model`` with every mesh URI rewritten; warns about unresolvable schemes.

    ``target`` is the output format, "urdf" or "sdf".
    """
    if not mapping and target != "urdf":
        return model

    def rewrite(uri: str, line: int | None, file: str | None, kind: UriKind) -> str:
        mapped = _map(uri, mapping) if mapping else uri
        if kind == "mesh" and target == "urdf" and mapped.startswith("model://"):
            diags.warning("VALUE_APPROXIMATED", f"mesh URI {mapped!r}: ROS tools do not "
                          f"resolve model:// URIs (use {option('uri-map')} or "
                          f"{option('uri-style')})", line)
        return mapped

    return rewrite_uris(model, rewrite)


#: what a URI names: a mesh (``//geometry/mesh``) or a texture (a URDF material's)
UriKind = Literal["mesh", "texture"]
#: ``rewrite(uri, line, file, kind)``: the URI to write instead (``file``: the file that
#: wrote it, when it came through an ``<include>``; None: the input)
UriRewrite = Callable[[str, int | None, str | None, UriKind], str]


def is_relative(uri: str) -> bool:
    """Whether ``uri`` is a relative path (no scheme, not absolute): one its reader
    resolves from the folder of the file holding it."""
    text = uri.strip()
    return bool(text) and "://" not in text and not text.startswith(("/", "\\")) and \
        not (len(text) > 1 and text[1] == ":")


def rewrite_uris(model: Model, rewrite: UriRewrite) -> Model:
    """``model`` with each mesh and texture URI replaced by what ``rewrite`` gives
    (nested models too); the same object when no URI changed."""
    return _UriMapper(rewrite).model(model)


class _UriMapper:
    """Rewrites the URIs of a model's meshes and textures; each node unchanged (the
    same object) when none of its URIs is."""

    def __init__(self, rewrite: UriRewrite) -> None:
        self.rewrite = rewrite
        self.file: str | None = None

    def model(self, model: Model) -> Model:
        outer = self.file
        self.file = model.file or outer
        links = [self.link(link) for link in model.links]
        models = tuple(self.model(m) for m in model.models)
        materials = tuple(self.material(m) or m for m in model.materials)
        self.file = outer
        if _same(links, model.links) and _same(models, model.models) and \
                _same(materials, model.materials):
            return model  # no URI rewritten: no copy
        return evolve(model, links=tuple(links), models=models, materials=materials)

    def link(self, link: Link) -> Link:
        visuals = tuple(self.visual(v) for v in link.visuals)
        collisions = tuple(self.collision(c) for c in link.collisions)
        if visuals == link.visuals and collisions == link.collisions:
            return link
        return evolve(link, visuals=visuals, collisions=collisions)

    def visual(self, v: Visual) -> Visual:
        g = self.geometry(v.geometry, v.line)
        m = self.material(v.material)
        return v if g is v.geometry and m is v.material else evolve(v, geometry=g, material=m)

    def collision(self, c: Collision) -> Collision:
        g = self.geometry(c.geometry, c.line)
        return c if g is c.geometry else evolve(c, geometry=g)

    def geometry(self, g: Geometry | None, line: int | None) -> Geometry | None:
        if g is None or g.uri is None:
            return g
        uri = self.rewrite(g.uri, g.line or line, self.file, "mesh")
        return g if uri == g.uri else evolve(g, uri=uri)

    def material(self, m: Material | None) -> Material | None:
        if m is None or m.texture is None:
            return m
        uri = self.rewrite(m.texture, m.line, self.file, "texture")
        return m if uri == m.texture else evolve(m, texture=uri)


def _same(new: Sequence[object], old: Sequence[object]) -> bool:
    """Whether every node of ``new`` is the node of ``old`` at its place."""
    return all(a is b for a, b in zip(new, old, strict=True))
