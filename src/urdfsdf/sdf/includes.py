"""Resolve and safely load the file an SDFormat ``<include><uri>`` names.

The SDF reader calls :class:`IncludeResolver` for each ``<include>``; this module
finds the file, checks that it may be read, and reads it.  It does not parse the
included document (the caller does, with the safe parser).

Resolution (libsdformat's ``findFile`` and ``getModelFilePath``, see
``notes/sdf_versions.md`` section 11; where libsdformat is silent, what users expect):

- ``model://NAME[/rest]`` and ``package://NAME/rest``: ``NAME/rest`` in each search
  root, in order: the resource paths (``--resource-path``), then the entries of
  ``SDF_PATH``, ``GZ_SIM_RESOURCE_PATH`` and ``IGN_GAZEBO_RESOURCE_PATH``.
- ``file://PATH`` and plain paths: an absolute path as is; a relative one next to the
  including file first (the composition proposal's rule), then in the search roots
  (libsdformat's order without the current directory).
- A network URI (``http://``, ``https://``, ``fuel://``, ``ftp://``): nothing is ever
  fetched; a ``URI_LOOKUP`` warning (``--strict`` refuses it), and the rest of the file is
  read, as libsdformat reads it without a fetch callback (it returns ``URI_LOOKUP`` and
  loads the rest; Gazebo's callback fetches from Fuel).  The ``<include>`` is kept as
  written in the parent's extras.
- Any other scheme (``s3://``...): ``URI_INVALID``.
- A folder: its ``model.config`` (else the deprecated ``manifest.xml``) names the file;
  of its ``<sdf version="V">`` children the highest V up to 1.12 wins, and without a
  usable version the first ``<sdf>``.

Safety: only files under a root are read: the search roots, the main input's folder
and the folders of the files being read.  Symbolic links are resolved before that
check.  Only regular files are read (no FIFO, device or socket), their size is checked
before reading and the read itself is bounded.  :meth:`IncludeResolver.enter` keeps the
stack of files being read, to stop include cycles and too deep nesting.

Nothing here raises on bad input: problems are diagnostics, recorded at the line of
the ``<include>`` in the including file.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from urllib.parse import unquote

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.record import record
from urdfsdf.xml.custom import restore_empty_values
from urdfsdf.xml.parse import children, local, parse

#: the environment variables whose entries (``os.pathsep``-separated) are search roots,
#: in search order
ENV_VARIABLES = ("SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH")
#: the newest SDFormat version a ``model.config`` ``<sdf version>`` may name
NEWEST_VERSION = (1, 12, 0)
#: schemes whose URI names a model folder in the search roots
_SEARCHED = ("model", "package")
#: schemes of remote resources, for a message saying how to make them local
_NETWORK = ("http", "https", "fuel", "ftp", "ftps")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
_VERSION = re.compile(r"(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?")
#: open flags: no blocking on a FIFO swapped in after the stat, no symbolic link (the
#: path is a real path: one appearing since is refused)
if sys.platform == "win32":
    _READ_FLAGS = os.O_RDONLY | os.O_BINARY
else:
    _READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC
#: bytes asked for at a time once a file turns out longer than its size said
_CHUNK = 1 << 20


@record
class IncludeConfig:
    """How <include> is followed (CLI: --resource-path DIR (repeatable), --no-includes;
    the API's ``resource_paths=`` and ``includes=False``)."""

    #: False: --no-includes (the caller keeps today's behaviour; :meth:`IncludeResolver.load`
    #: returns None without a diagnostic)
    resolve: bool = True
    #: searched first, in order
    resource_paths: tuple[str, ...] = ()
    #: None: read os.environ at resolve time; SDF_PATH, GZ_SIM_RESOURCE_PATH,
    #: IGN_GAZEBO_RESOURCE_PATH (os.pathsep-separated, ':' on POSIX)
    environment: tuple[tuple[str, str], ...] | None = None
    #: nested include depth
    max_depth: int = 32
    max_file_bytes: int = 64 * 1024 * 1024


@record
class Included:
    """A file an ``<include>`` names, read."""

    #: absolute real path of the file to read (after model.config selection)
    path: str
    #: its bytes
    data: bytes
    #: how diagnostics name the file (the path as found, e.g. relative to a root)
    display: str
    #: the URI as written
    uri: str


class IncludeResolver:
    """Finds, checks and reads included files; tracks the files being read.

    One resolver serves one main input and everything it includes.
    """

    def __init__(self, config: IncludeConfig, main_file: str | None) -> None:
        self._config = config
        self._main_file = main_file
        #: (real path, display) of each file being read, the main input first (if a file)
        self._stack: list[tuple[str, str]] = []
        if main_file is not None:
            real = _realpath(main_file)
            if real is not None:
                self._stack.append((real, _shown(main_file)))
        self._bottom = len(self._stack)

    # -- the stack of files being read ----------------------------------------------

    def enter(self, included: Included, line: int | None, diags: Diagnostics) -> bool:
        """Push an included file on the stack of files being read.

        False (with a diagnostic at ``line``) on a cycle or when max_depth is reached.
        """
        paths = [real for real, _ in self._stack]
        if included.path in paths:
            chain = [shown for _, shown in self._stack[paths.index(included.path):]]
            chain.append(included.display)
            diags.error("INCLUDE_CYCLE", f"{_shown(included.uri)!r} includes a file that is "
                        f"already being read: {' -> '.join(chain)}", line)
            return False
        depth = len(self._stack) - self._bottom
        if depth >= self._config.max_depth:
            top = self._stack[-1][1] if self._stack else "the input"
            diags.error("INCLUDE_DEPTH", f"{_shown(included.uri)!r} ({included.display}) is "
                        f"not read: includes nest deeper than {self._config.max_depth} files "
                        f"(included from {top})", line)
            return False
        self._stack.append((included.path, included.display))
        return True

    def leave(self) -> None:
        """Pop the file :meth:`enter` pushed last (the main input stays)."""
        if len(self._stack) > self._bottom:
            self._stack.pop()

    # -- resolution -----------------------------------------------------------------

    def load(self, uri: str, including_file: str | None, line: int | None,
             diags: Diagnostics) -> Included | None:
        """Resolve ``uri`` as written in ``including_file``, check safety, read it.

        ``including_file`` None: the main input (its file, if any, else stdin/text).
        None with a diagnostic (at ``line`` of the including file) when it cannot.
        """
        if not self._config.resolve:
            return None
        text = uri.strip()
        shown = _shown(text)
        if not text or "\x00" in text:
            diags.error("URI_INVALID", f"the <uri> {shown!r} names no file", line)
            return None
        roots = self._search_roots()
        base = including_file or self._main_file
        where = _where(text, shown, roots, base, line, diags)
        if where is None:
            return None
        rest, folders = where
        found = _first_existing([os.path.join(folder, rest) for folder in folders])
        if found is None:
            diags.error("URI_LOOKUP", _not_found(shown, folders), line)
            return None
        located = self._located(found, shown, self._allowed_roots(roots, base), line, diags)
        if located is None:
            return None
        real, found = located
        data = self._read(real, found, shown, line, diags)
        if data is None:
            return None
        # an SDF urdf2sdf wrote lists its empty attributes in urdf:empty (xml/custom.py)
        return Included(real, restore_empty_values(data), _shown(os.path.normpath(found)), text)

    def _located(self, found: str, shown: str, allowed: list[str], line: int | None,
                 diags: Diagnostics) -> tuple[str, str] | None:
        """``(real path, path as found)`` of the file ``found`` names, checked: itself, or
        the file its model.config names when it is a model folder; None (reported)."""
        real = _checked(found, shown, allowed, line, diags)
        if real is None or not os.path.isdir(real):
            return None if real is None else (real, found)
        chosen = self._model_file(found, shown, allowed, line, diags)
        if chosen is None:
            return None
        real = _checked(chosen, shown, allowed, line, diags)
        return None if real is None else (real, chosen)

    def _search_roots(self) -> list[str]:
        """The resource paths, then the entries of :data:`ENV_VARIABLES`, each once."""
        env = (dict(self._config.environment) if self._config.environment is not None
               else os.environ)
        roots = [p for p in self._config.resource_paths if p]
        for name in ENV_VARIABLES:
            roots.extend(p for p in env.get(name, "").split(os.pathsep) if p)
        return list(dict.fromkeys(roots))

    def _allowed_roots(self, roots: list[str], base: str | None) -> list[str]:
        """Real paths of the folders whose files may be read."""
        folders = list(roots)
        for named in (self._main_file, base):
            if named is not None:
                folders.append(os.path.dirname(named) or ".")
        allowed = [r for r in map(_realpath, folders) if r is not None]
        allowed.extend(os.path.dirname(real) for real, _ in self._stack)
        return list(dict.fromkeys(os.path.normcase(r) for r in allowed))

    def model_file(self, folder: str, diags: Diagnostics) -> str | None:
        """The SDF file a model folder's ``model.config`` names (a folder given as input)."""
        real = _realpath(folder)
        if real is None or not os.path.isdir(real) or not any(
                os.path.exists(os.path.join(real, n)) for n in ("model.config", "manifest.xml")):
            diags.error("FILE_READ", f"cannot read {_shown(folder)!r}: it is a folder, and not "
                        "a model folder (no model.config)")
            return None
        return self._model_file(folder, _shown(folder), [real], None, diags)

    def _model_file(self, folder: str, uri: str, allowed: list[str], line: int | None,
                    diags: Diagnostics) -> str | None:
        """The file a model folder's model.config (or manifest.xml) names, as found."""
        config = os.path.join(folder, "model.config")
        if not os.path.exists(config):
            manifest = os.path.join(folder, "manifest.xml")
            if not os.path.exists(manifest):
                diags.error("URI_LOOKUP", f"{uri!r} resolves to the folder "
                            f"{_shown(os.path.normpath(folder))!r}, which does not contain a "
                            "model.config", line)
                return None
            config = manifest
            diags.warning("URI_LOOKUP", f"{uri!r}: the folder {_shown(os.path.normpath(folder))!r} "
                          "has no model.config; reading its manifest.xml, which libsdformat "
                          "deprecates", line)
        shown_config = _shown(os.path.normpath(config))
        real = _checked(config, uri, allowed, line, diags)
        data = None if real is None else self._read(real, config, uri, line, diags)
        if data is None:
            return None
        scratch = Diagnostics()
        root = parse(data, scratch)
        if root is None:
            why = scratch.errors[0].message if scratch.errors else "not well-formed"
            diags.error("PARSING_ERROR", f"cannot read {shown_config!r} (for {uri!r}): {why}",
                        line)
            return None
        if local(root) != "model":
            diags.error("PARSING_ERROR", f"no <model> root element in {shown_config!r} "
                        f"(for {uri!r})", line)
            return None
        chosen = _best_sdf(root, shown_config, line, diags)
        name = "" if chosen is None else (chosen.text or "").strip()
        if not name or "\x00" in name:
            diags.error("PARSING_ERROR", f"{shown_config!r} (for {uri!r}) has no <sdf> "
                        "element naming the model's file", line)
            return None
        return os.path.join(folder, name)

    def _read(self, real: str, found: str, uri: str, line: int | None,
              diags: Diagnostics) -> bytes | None:
        """The bytes of the regular file ``real``, at most max_file_bytes, or None."""
        limit = self._config.max_file_bytes
        shown = _shown(os.path.normpath(found))
        fd = -1
        try:
            info = os.stat(real)
            problem = _unreadable(info, limit)
            if problem is None:
                fd = os.open(real, _READ_FLAGS)
                info = os.fstat(fd)  # what was opened: a file swapped in since the stat
                problem = _unreadable(info, limit)
                if problem is None:
                    data = bounded_read(fd, info.st_size, limit)
                    if data is not None:
                        return data
                    problem = f"it grew over the limit of {limit} bytes while read"
        except (OSError, ValueError) as exc:
            problem = getattr(exc, "strerror", None) or str(exc)
        finally:
            if fd >= 0:
                os.close(fd)
        diags.error("FILE_READ", f"cannot read {shown!r} (for {uri!r}): {problem}", line)
        return None


def _best_sdf(root: etree._Element, config: str, line: int | None,
              diags: Diagnostics) -> etree._Element | None:
    """The ``<sdf>`` of a model.config to read (libsdformat's getBestSupportedModelVersion).

    The highest ``@version`` up to :data:`NEWEST_VERSION` wins; newer ones are ignored
    with a warning; an ``<sdf>`` without a (usable) version is never better, so with
    none the first ``<sdf>`` is used.
    """
    sdfs = [c for c in children(root) if local(c) == "sdf"]
    if not sdfs:
        return None
    chosen, best = sdfs[0], (0, 0, 0)
    for el in sdfs:
        written = el.get("version")
        version = None if written is None else _version(written)
        if version is None:
            continue
        if version > NEWEST_VERSION:
            diags.warning("UNSUPPORTED_VERSION", f"{config!r}: ignoring <sdf version="
                          f"{written!r}>, newer than SDFormat "
                          f"{NEWEST_VERSION[0]}.{NEWEST_VERSION[1]}", line)
        elif version > best:
            chosen, best = el, version
    return chosen


def _version(text: str) -> tuple[int, int, int] | None:
    """``"1.4"`` as ``(1, 4, 0)``; None when it is not a version."""
    m = _VERSION.fullmatch(text.strip())
    if m is None:
        return None
    return (int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0))


def _where(text: str, shown: str, roots: list[str], base: str | None, line: int | None,
           diags: Diagnostics) -> tuple[str, list[str]] | None:
    """``(path, the folders to look for it in)`` of a URI by its scheme: a model name
    searched in ``roots``, a file path (relative: to ``base``'s folder, then ``roots``);
    None (reported) for a URI that names nothing or no local file."""
    m = _SCHEME.match(text)
    scheme = m.group(1).lower() if m is not None else ""
    rest = text[m.end():] if m is not None else text
    if scheme in _SEARCHED:
        if not rest.strip("/") or rest.startswith("/"):
            diags.error("URI_INVALID", f"{shown!r} names no model: write "
                        f"{scheme}://NAME[/file]", line)
            return None
        return rest, roots
    if scheme in _NETWORK:  # libsdformat: URI_LOOKUP, and the rest of the file is read
        diags.warning("URI_LOOKUP", _not_local(text, scheme), line)
        return None
    if scheme not in ("file", ""):
        diags.error("URI_INVALID", _not_local(text, scheme), line)
        return None
    if not rest:
        diags.error("URI_INVALID", f"{shown!r} names no file", line)
        return None
    if os.path.isabs(rest):
        return rest, [""]
    return rest, ([os.path.dirname(base) or "."] if base is not None else []) + roots


def _first_existing(candidates: list[str]) -> str | None:
    for path in candidates:
        try:
            os.stat(path)
        except (OSError, ValueError):
            continue
        return path
    return None


def _checked(found: str, uri: str, allowed: list[str], line: int | None,
             diags: Diagnostics) -> str | None:
    """The real path of ``found`` when it is under an allowed root; else None, reported."""
    real = _realpath(found)
    if real is None:
        diags.error("FILE_READ", f"cannot resolve {_shown(found)!r} (for {uri!r})", line)
        return None
    key = os.path.normcase(real)
    for root in allowed:
        if key == root or key.startswith(root.rstrip(os.sep) + os.sep):
            return real
    where = f" (it is {_shown(real)!r})" if os.path.normpath(os.path.abspath(found)) != real \
        else ""
    diags.error("INCLUDE_OUTSIDE_ROOTS", f"{uri!r} names {_shown(os.path.normpath(found))!r}"
                f"{where}, which is outside the folders files may be read from "
                f"({', '.join(map(_shown, allowed))}); to allow it, pass "
                f"{option('resource-path')} (DIR: its folder)", line)
    return None


def _unreadable(info: os.stat_result, limit: int) -> str | None:
    """Why a file with this status is not read, or None."""
    if stat.S_ISDIR(info.st_mode):
        return "it is a folder"
    if not stat.S_ISREG(info.st_mode):
        return "it is not a regular file (a FIFO, device or socket)"
    if info.st_size > limit:
        return f"it is {info.st_size} bytes, over the limit of {limit} bytes"
    return None


def bounded_read(fd: int, size: int, limit: int) -> bytes | None:
    """At most ``limit`` bytes from ``fd`` (``size`` expected); None when there are more."""
    parts: list[bytes] = []
    total = 0
    want = min(size, limit) + 1
    while total <= limit:
        chunk = os.read(fd, want)
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        total += len(chunk)
        want = min(_CHUNK, limit + 1 - total)
    return None


def _realpath(path: str) -> str | None:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return None


def _shown(text: str) -> str:
    """``text`` printable (undecodable path bytes as backslash escapes)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _not_local(uri: str, scheme: str) -> str:
    shown = _shown(uri)
    if scheme not in _NETWORK:
        return (f"{shown!r}: urdfsdf follows model://, package://, file:// URIs and paths "
                f"only; put the file in a local folder and pass {option('resource-path')}")
    name = uri_model_name(uri) or "NAME"
    return (f"{shown!r} is not fetched: urdfsdf reads local files only, and reads the rest "
            "without what it names, as libsdformat does without a fetch callback (Gazebo's "
            "fetches it from Fuel). To read it, download the "
            f"model folder (e.g. `gz fuel download -u {shown}`), include it as "
            f"model://{_shown(name)}, and pass {option('resource-path')} (the folder holding it) "
            "or add DIR to GZ_SIM_RESOURCE_PATH")


def uri_model_name(uri: str) -> str | None:
    """The model name a Fuel URI names (``.../models/NAME[/VERSION]``, unquoted), or None."""
    parts = [unquote(p) for p in uri.strip().split("/")]
    lowered = [p.lower() for p in parts]
    return parts[lowered.index("models") + 1] if "models" in lowered[:-1] else None


def _not_found(uri: str, folders: list[str]) -> str:
    if folders == [""]:
        return f"cannot find {uri!r}: no such file"
    if not folders:
        return (f"cannot find {uri!r}: no folder to search; pass {option('resource-path')} or "
                f"set {' or '.join(ENV_VARIABLES)}")
    return f"cannot find {uri!r}; searched: {', '.join(_shown(f) for f in folders)}"
