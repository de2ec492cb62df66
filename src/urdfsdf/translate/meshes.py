"""Mesh and texture URIs resolved: what is missing reported, each written as a reader
resolves it, the files a Gazebo model folder needs listed.

Opt-in (:class:`MeshOptions`; README, "Meshes and resource paths"): ``--meshes``
reports every URI whose file cannot be found (``MESH_NOT_FOUND``, at its line);
``--uri-style`` rewrites each URI found (:mod:`urdfsdf.translate.resources` finds
them) into the form the target reader resolves:

- ``package``: ``package://PKG/rel`` (ROS: RViz, robot_state_publisher; Drake through its
  package map), PKG the package holding the file;
- ``model``: ``model://MODEL/rel`` (Gazebo), MODEL the model folder (or package) holding it;
- ``file``: ``file:///absolute/path`` (every reader, on this machine only);
- ``keep``: as written.

A URI that cannot be found, or written in the asked form, is kept as written, with a
warning.  Folder output (``copy``) lists each file found as a :class:`Copy` into the
model folder, under ``meshes/``, and points its URI at ``model://FOLDER/meshes/...``; the
files a mesh names itself (an OBJ's ``.mtl`` and its images, a COLLADA file's textures)
are copied beside it, at the places it names them.
"""

from __future__ import annotations

import os
import posixpath

from urdfsdf.core.diagnostics import Diagnostics, Severity
from urdfsdf.core.ir import Model
from urdfsdf.core.record import record
from urdfsdf.translate.resources import Found, Owner, Resolver, ResourceRoots, file_uri
from urdfsdf.translate.uris import UriKind, UriStyle, rewrite_uris

#: the folder of a model folder that copied meshes and textures go in
MESH_FOLDER = "meshes"


@record
class MeshOptions:
    """How mesh and texture URIs are resolved and written."""

    roots: ResourceRoots = ResourceRoots()
    #: the form each URI found is written in (``--uri-style``)
    style: UriStyle = "keep"
    #: how a URI not found is reported: a warning (the command line's, folder output's
    #: too: a model folder without its mesh is broken for Gazebo); "info" for a caller
    #: that looks on its own initiative
    severity: Severity = "warning"
    #: folder output: copy each file found into the model folder ``model_folder``
    copy: bool = False
    model_folder: str = ""


@record
class Copy:
    """A file the output refers to, to copy beside it: from ``source`` (a real path) to
    ``target`` (``/``-separated, relative to the output's folder)."""

    source: str
    target: str


def resolve_meshes(model: Model, options: MeshOptions, main_file: str | None,
                   diags: Diagnostics) -> tuple[Model, tuple[Copy, ...]]:
    """``model`` with its URIs checked and rewritten as ``options`` ask, and the files to
    copy (folder output).  ``main_file``: the input's path (None: text, stdin)."""
    styler = _Styler(Resolver(options.roots, main_file), options, main_file, diags)
    return rewrite_uris(model, styler.rewrite), tuple(styler.copies.values())


class _Styler:
    """Finds each URI's file once, reports what is missing, writes the asked form."""

    def __init__(self, resolver: Resolver, options: MeshOptions, main_file: str | None,
                 diags: Diagnostics) -> None:
        self.resolver = resolver
        self.options = options
        self.main_file = main_file
        self.diags = diags
        self.found: dict[tuple[str, str | None], Found | str] = {}
        #: target -> copy, in the order found
        self.copies: dict[str, Copy] = {}
        #: the meshes whose own files were listed (:meth:`copy_named`)
        self.named: set[str] = set()

    def rewrite(self, uri: str, line: int | None, file: str | None, kind: UriKind) -> str:
        """The URI to write for ``uri`` (its ``kind``, written at ``line`` of ``file``)."""
        base = file or self.main_file
        key = (uri, base)
        if key not in self.found:
            self.found[key] = self.resolver.find(uri.strip(), base)
        found = self.found[key]
        if isinstance(found, str):
            self.diags.add("MESH_NOT_FOUND", f"the {kind} {uri!r}: {found}", line,
                           severity=self.options.severity, file=file)
            return uri
        if self.options.copy:
            copied = self.copied(found, base)
            self.copy_named(found, copied, uri, line, file)
            return self._model_uri(copied)
        if self.options.style == "keep":
            return uri
        styled = self.styled(found)
        if styled is None:
            self.diags.warning("MESH_URI_KEPT", f"the {kind} {uri!r} ({found.path!r}) is in "
                               f"no {self.options.style} folder: kept as written", line,
                               file=file)
            return uri
        return styled

    def styled(self, found: Found) -> str | None:
        """``found`` in the asked form; None when no package or model folder holds it."""
        style = self.options.style
        if style == "file":
            return file_uri(found.path)
        owner = self.resolver.package_of(found) if style == "package" \
            else self.resolver.model_of(found)
        return None if owner is None else f"{style}://{owner.name}/{_inside(found, owner)}"

    def copied(self, found: Found, base: str | None) -> str:
        """Where ``found`` is copied in the model folder (listed once)."""
        for copy in self.copies.values():
            if copy.source == found.real:
                return copy.target
        owner = self.resolver.model_of(found) or self.resolver.package_of(found)
        rel = _inside(found, owner) if owner is not None else _beside(found, base)
        target = rel if rel.startswith(MESH_FOLDER + "/") else f"{MESH_FOLDER}/{rel}"
        if target in self.copies and owner is not None:  # two packages' meshes/base.stl
            target = f"{MESH_FOLDER}/{owner.name}/{rel}"
        first, n = target, 1
        while target in self.copies:
            n += 1
            target = _numbered(first, n)
        self.copies[target] = Copy(found.real, target)
        return target

    def copy_named(self, mesh: Found, target: str, uri: str, line: int | None,
                   file: str | None) -> None:
        """Copy the files ``mesh`` names (an OBJ's ``.mtl`` and its images, a COLLADA
        file's textures: :mod:`urdfsdf.translate.mesh_files`) beside its copy at
        ``target``, at the same relative places; a warning for each that cannot be."""
        from urdfsdf.translate.mesh_files import named_files

        if mesh.real in self.named:
            return
        self.named.add(mesh.real)
        todo = [(mesh, target)]
        seen = {mesh.real}
        while todo:
            named_by, at = todo.pop()
            for rel in named_files(named_by.real):
                place = posixpath.normpath(posixpath.join(posixpath.dirname(at), rel))
                found = self.resolver.find(rel, named_by.path)
                if isinstance(found, str) or place.startswith("../") or \
                        (place in self.copies and self.copies[place].source != found.real):
                    why = found if isinstance(found, str) else \
                        f"it would be {place!r}, outside the model folder or over another file"
                    self.diags.add("MESH_NOT_FOUND", f"{rel!r}, which the mesh {uri!r} "
                                   f"names, is not copied: {why}", line,
                                   severity=self.options.severity, file=file)
                    continue
                self.copies[place] = Copy(found.real, place)
                if found.real not in seen:
                    seen.add(found.real)
                    todo.append((found, place))

    def _model_uri(self, target: str) -> str:
        return f"model://{self.options.model_folder}/{target}"


def _inside(found: Found, owner: Owner) -> str:
    """``found``'s path inside ``owner``'s folder, ``/``-separated."""
    return os.path.relpath(found.path, owner.folder).replace(os.sep, "/")


def _beside(found: Found, base: str | None) -> str:
    """``found``'s path from the folder of ``base`` (its name alone when it is elsewhere)."""
    if base is not None:
        rel = os.path.relpath(found.path, os.path.dirname(os.path.abspath(base)))
        if not rel.startswith(os.pardir):
            return rel.replace(os.sep, "/")
    return os.path.basename(found.path)


def _numbered(target: str, n: int) -> str:
    """``meshes/base.stl`` as ``meshes/base_2.stl`` (``n`` = 2)."""
    head, dot, ext = target.rpartition(".")
    return f"{head}_{n}.{ext}" if dot and "/" not in ext else f"{target}_{n}"
