"""Where a mesh or texture URI points: the file it names, found under the named roots.

The roots (:class:`ResourceRoots`) are what ROS, Gazebo and Drake users name:

- ``package://NAME/rest``: ``--package-path NAME=DIR``; ``share/NAME`` under each entry
  of ``AMENT_PREFIX_PATH`` (ROS 2); the packages (folders holding a ``package.xml``,
  named by its ``<name>``) under each entry of ``ROS_PACKAGE_PATH`` (ROS 1); the package
  the input file is in; then ``NAME`` in the resource roots, as Gazebo looks.
- ``model://NAME/rest``: ``NAME`` in the resource roots (``--resource-path``, then
  ``GZ_SIM_RESOURCE_PATH``, ``SDF_PATH``, ``IGN_GAZEBO_RESOURCE_PATH``); the model folder
  the input is in (one holding ``model.config``); then a package ``NAME``, which
  ``ros_gz_sim`` puts on Gazebo's resource path.
- ``file:///PATH`` and plain paths: an absolute path as is; a relative one against the
  folder of the file that names it.

Nothing is fetched (``http://``, ``fuel://``... are reported, never opened), and a file
counts as found only when it is under a root: a package or model folder named above, a
resource root, the folder of the file naming it, or the package or model folder the input
is in.  Under means either its path, ``..`` resolved as text and symbolic links kept,
lies in a root as named (a link there is followed wherever it points: colcon's
``--symlink-install`` tree links ``install/PKG/share/PKG/meshes/*`` into ``src/PKG``), or
its real path lies in a root's real path.  A path that climbs out of every root
(``../../..``) or a link outside every root pointing elsewhere is refused.  Finding a file
stats it; only ``package.xml`` files of the packages searched are read (their ``<name>``).

The environment is passed in (:func:`environment_roots`, at the API edge), never read
here.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.record import record
from urdfsdf.xml.parse import first_child, parse

#: the environment variables that name roots, in the order they are searched
ROOT_VARIABLES = ("AMENT_PREFIX_PATH", "ROS_PACKAGE_PATH", "GZ_SIM_RESOURCE_PATH", "SDF_PATH",
                 "IGN_GAZEBO_RESOURCE_PATH")
#: of those, the ones whose entries hold model folders (Gazebo's resource path)
MODEL_VARIABLES = ("GZ_SIM_RESOURCE_PATH", "SDF_PATH", "IGN_GAZEBO_RESOURCE_PATH")
#: how deep ROS_PACKAGE_PATH is searched for package.xml files (rospack has no limit;
#: a bound keeps a stray '/' entry from walking the disk)
MAX_CRAWL_DEPTH = 6
#: how many folders a message about a URI not found names
MAX_NAMED = 6
#: the bytes of a package.xml read for its name (manifests are a few KB)
MAX_MANIFEST_BYTES = 1 << 20
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")


@record
class ResourceRoots:
    """The folders mesh and texture URIs are looked for in."""

    #: ``--package-path NAME=DIR`` (``package_paths=``), first for ``package://NAME``
    package_paths: tuple[tuple[str, str], ...] = ()
    #: ``--resource-path DIR`` (``resource_paths=``), first for ``model://NAME``
    resource_paths: tuple[str, ...] = ()
    #: the variables of :data:`ROOT_VARIABLES` that are set, as ``(NAME, VALUE)``
    environment: tuple[tuple[str, str], ...] = ()


def environment_roots(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The variables of :data:`ROOT_VARIABLES` set in ``env`` (``os.environ``, at the edge)."""
    return tuple((name, env[name]) for name in ROOT_VARIABLES if env.get(name))


@record
class Found:
    """A URI's file: the path as found (absolute, symbolic links kept) and its real path."""

    path: str
    real: str


@record
class Owner:
    """The package or model folder a file is in: its name and folder (as found)."""

    name: str
    folder: str


class Resolver:
    """Finds the files URIs name, for one input and the files it includes."""

    def __init__(self, roots: ResourceRoots, main_file: str | None) -> None:
        env = dict(roots.environment)
        self.explicit = [(name, _absolute(folder)) for name, folder in roots.package_paths]
        self.prefixes = [_absolute(p) for p in _entries(env, "AMENT_PREFIX_PATH")]
        self.crawled = [_absolute(p) for p in _entries(env, "ROS_PACKAGE_PATH")]
        self.model_roots = list(dict.fromkeys(
            [_absolute(p) for p in roots.resource_paths if p] +
            [_absolute(p) for name in MODEL_VARIABLES for p in _entries(env, name)]))
        self.home = _enclosing(os.path.dirname(_absolute(main_file))) \
            if main_file is not None else None
        self._packages: dict[str, str] | None = None  # ROS_PACKAGE_PATH, crawled once
        folders = self._root_folders(main_file)
        #: the roots as named (links kept), and their real paths
        self._roots = list(dict.fromkeys(map(_absolute, folders)))
        self._allowed = [r for r in map(_real, folders) if r]

    def _root_folders(self, main_file: str | None) -> list[str]:
        """Every folder under which a file may be found (as given)."""
        folders = [folder for _, folder in self.explicit]
        folders += [os.path.join(p, "share") for p in self.prefixes]
        folders += self.crawled + self.model_roots
        if main_file is not None:
            folders.append(os.path.dirname(_absolute(main_file)))
        if self.home is not None:
            folders.append(self.home.folder)
        return folders

    # -- finding ------------------------------------------------------------------------

    def find(self, uri: str, base_file: str | None) -> Found | str:
        """The file ``uri`` names (written in ``base_file``), or why none is found (a
        phrase to follow the URI)."""
        m = _SCHEME.match(uri)
        scheme = m.group(1).lower() if m is not None else ""
        rest = uri[m.end():] if m is not None else uri
        if scheme in ("package", "model"):
            name, _, inner = rest.partition("/")
            if not name or not inner:
                return f"names no file: write {scheme}://NAME/PATH"
            folders = self.package_folders(name) if scheme == "package" \
                else self.model_folders(name)
            return self._first([os.path.join(f, inner) for f in folders],
                               f"no {'package' if scheme == 'package' else 'model'} "
                               f"{name!r} holds it ({self._searched(scheme, folders)})")
        if scheme not in ("", "file"):
            return "not a local file: it is never fetched, nor checked"
        if os.path.isabs(rest):
            return self._first([rest], "no such file")
        if base_file is None:
            return "a relative path, and the input has no folder (it was not read from a file)"
        folder = os.path.dirname(_absolute(base_file))
        return self._first([os.path.join(folder, rest)], f"no such file in {folder!r}")

    def _first(self, candidates: list[str], why: str) -> Found | str:
        """The first candidate that is a file under a root; else why not."""
        outside = None
        for candidate in candidates:
            path = os.path.normpath(_absolute(candidate))
            real = _real(path)
            if real is None or not os.path.isfile(real):
                continue
            if self.allowed(path, real):
                return Found(path, real)
            outside = real
        if outside is not None:
            return (f"it is {outside!r}, outside the folders files may be read from; "
                    f"to allow it, pass {option('resource-path')} (DIR: a folder holding it)")
        return f"not found: {why}"

    def allowed(self, path: str, real: str | None = None) -> bool:
        """Whether ``path`` (absolute, ``..`` resolved as text, links kept; ``real``: its
        real path, worked out when not given) is under a root: as named (a symbolic link
        under a root is followed wherever it points), or through its real path."""
        if any(_under(path, root) for root in self._roots):
            return True
        real = _real(path) if real is None else real
        return real is not None and any(_under(real, root) for root in self._allowed)

    def _searched(self, scheme: str, folders: list[str]) -> str:
        """The folders a ``package://`` or ``model://`` URI was looked for in, named (at
        most :data:`MAX_NAMED` of them), or how to name some."""
        crawled = [f"the packages under {p}" for p in self.crawled] if scheme == "package" \
            else []
        named = list(dict.fromkeys(folders)) + crawled
        if not named:
            return f"no folder to search: pass {option('package-path')} or " \
                f"{option('resource-path')}, or set AMENT_PREFIX_PATH, ROS_PACKAGE_PATH or " \
                "GZ_SIM_RESOURCE_PATH"
        more = len(named) - MAX_NAMED
        return "searched: " + ", ".join(named[:MAX_NAMED]) + \
            (f" and {more} more" if more > 0 else "")

    def package_folders(self, name: str) -> list[str]:
        """The folders ``package://NAME`` may be, in search order."""
        folders = [f for n, f in self.explicit if n == name]
        folders += [os.path.join(p, "share", name) for p in self.prefixes]
        folders += [f for n, f in self.crawled_packages().items() if n == name]
        if self.home is not None and self.home.name == name:
            folders.append(self.home.folder)
        return folders + [os.path.join(r, name) for r in self.model_roots]

    def model_folders(self, name: str) -> list[str]:
        """The folders ``model://NAME`` may be, in search order."""
        folders = [os.path.join(r, name) for r in self.model_roots]
        if self.home is not None and self.home.name == name:
            folders.append(self.home.folder)
        return folders + [f for f in self.package_folders(name) if f not in folders]

    def crawled_packages(self) -> dict[str, str]:
        """The packages under ROS_PACKAGE_PATH, by name (the first of a name wins)."""
        if self._packages is None:
            self._packages = {}
            for entry in self.crawled:
                for folder in _package_xml_folders(entry):
                    self._packages.setdefault(_package_name(folder), folder)
        return self._packages

    # -- naming a file for each reader -------------------------------------------------

    def package_of(self, found: Found) -> Owner | None:
        """The package holding ``found``: one named by a root, else the nearest folder
        above it holding a package.xml."""
        for name, folder in self.explicit:
            if _under(found.path, folder):
                return Owner(name, folder)
        for prefix in self.prefixes:
            share = os.path.join(prefix, "share")
            if _under(found.path, share) and found.path != share:
                name = os.path.relpath(found.path, share).split(os.sep)[0]
                return Owner(name, os.path.join(share, name))
        return self._marked(found.path, "package.xml")

    def model_of(self, found: Found) -> Owner | None:
        """The model folder holding ``found``: a folder in a resource root, the nearest
        folder above it holding a model.config, else its package."""
        for root in self.model_roots:
            if _under(found.path, root):
                name = os.path.relpath(found.path, root).split(os.sep)[0]
                if os.path.join(root, name) != found.path:
                    return Owner(name, os.path.join(root, name))
        return self._marked(found.path, "model.config") or self.package_of(found)

    def _marked(self, path: str, marker: str) -> Owner | None:
        """The nearest folder above ``path``, and under a root, that holds ``marker``."""
        folder = os.path.dirname(path)
        while self.allowed(folder):
            if os.path.isfile(os.path.join(folder, marker)):
                name = _package_name(folder) if marker == "package.xml" \
                    else os.path.basename(folder)
                return Owner(name, folder)
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        return None


def _enclosing(folder: str) -> Owner | None:
    """The package or model folder ``folder`` is in (itself or the nearest above)."""
    while True:
        if os.path.isfile(os.path.join(folder, "package.xml")):
            return Owner(_package_name(folder), folder)
        if os.path.isfile(os.path.join(folder, "model.config")):
            return Owner(os.path.basename(folder), folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _package_xml_folders(entry: str) -> list[str]:
    """The folders under ``entry`` holding a package.xml, not below one (as rospack
    crawls: hidden folders and ones marked CATKIN_IGNORE skipped), to a bounded depth."""
    found: list[str] = []
    todo = [(entry, 0)]
    while todo:
        folder, depth = todo.pop()
        if os.path.isfile(os.path.join(folder, "package.xml")):
            found.append(folder)
            continue
        if depth >= MAX_CRAWL_DEPTH or os.path.exists(os.path.join(folder, "CATKIN_IGNORE")):
            continue
        try:
            names = sorted(os.listdir(folder), reverse=True)
        except OSError:
            continue
        todo.extend((os.path.join(folder, n), depth + 1) for n in names
                    if not n.startswith(".") and os.path.isdir(os.path.join(folder, n))
                    and not os.path.islink(os.path.join(folder, n)))
    return found


def _package_name(folder: str) -> str:
    """A package's name: its package.xml's ``<name>`` (read with the safe parser), else
    its folder's name."""
    try:
        with open(os.path.join(folder, "package.xml"), "rb") as fh:
            data = fh.read(MAX_MANIFEST_BYTES)
    except OSError:
        return os.path.basename(folder)
    root = parse(data, Diagnostics())
    name = first_child(root, "name") if root is not None else None
    text = (name.text or "").strip() if name is not None else ""
    return text or os.path.basename(folder)


def _entries(env: Mapping[str, str], name: str) -> list[str]:
    return [p for p in env.get(name, "").split(os.pathsep) if p]


def _absolute(path: str) -> str:
    return os.path.normpath(os.path.abspath(path))


def _real(path: str) -> str | None:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return None


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def file_uri(path: str) -> str:
    """``file:///...`` for an absolute path."""
    return Path(path).as_uri()

