"""Diagnostics as values.

Readers, the frame engine and writers never raise on bad input: they append a
:class:`Diagnostic` to a :class:`Diagnostics` collector and carry on, the way
libsdformat returns ``sdf::Errors``.  The public API raises one
:class:`TranslationError` carrying the whole list when any error was collected.

Error codes follow libsdformat's ``sdf::ErrorCode`` names where one exists
(``DUPLICATE_NAME``, ``POSE_RELATIVE_TO_CYCLE``, ...); codes that are ours
(``URDF_*``, ``DROPPED_*``...) are listed in :data:`CODES`.

Diagnostics are collected in the order the checks run; :func:`in_order` is the
order they are shown in (file, then line).  :func:`did_you_mean` is the one
place a message about an undefined name gets its suggestion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from functools import wraps
from typing import Literal, ParamSpec, TypeVar

from urdfsdf.core.record import record

Severity = Literal["error", "warning", "info"]

#: Every code urdfsdf emits, with a one-line meaning.  Names shared with
#: libsdformat's ``sdf::ErrorCode`` keep its meaning.
CODES: dict[str, str] = {
    # libsdformat sdf::ErrorCode names
    "FILE_READ": "the input could not be read",
    "PARSING_ERROR": "the input is not well-formed XML, or not allowed XML",
    "ELEMENT_MISSING": "a required element is missing",
    "ELEMENT_INVALID": "an element is not allowed here or has a bad value",
    "ELEMENT_INCORRECT_TYPE": "an element of a kind not allowed there (a second root model)",
    "MODEL_PLACEMENT_FRAME_INVALID": "//include/placement_frame without a //include/pose",
    "MERGE_INCLUDE_UNSUPPORTED": "what a merge-include cannot merge (a link into a world)",
    "ATTRIBUTE_MISSING": "a required attribute is missing",
    "ATTRIBUTE_INVALID": "an attribute has an invalid value",
    "DUPLICATE_NAME": "two sibling elements share a name",
    "RESERVED_NAME": "a name is reserved (world, __*__)",
    "MODEL_WITHOUT_LINK": "a model has no link",
    "MODEL_CANONICAL_LINK_INVALID": "//model/@canonical_link names no link",
    "JOINT_PARENT_LINK_INVALID": "a joint's parent is not a sibling link or world",
    "JOINT_CHILD_LINK_INVALID": "a joint's child is not a sibling link",
    "JOINT_PARENT_SAME_AS_CHILD": "a joint's parent and child are the same",
    "JOINT_AXIS_EXPRESSED_IN_INVALID": "//axis/xyz/@expressed_in names no frame in scope",
    "FRAME_ATTACHED_TO_INVALID": "//frame/@attached_to names no frame in scope",
    "FRAME_ATTACHED_TO_CYCLE": "the attached_to graph has a cycle",
    "FRAME_ATTACHED_TO_GRAPH_ERROR": "the attached_to graph does not lead to a body",
    "POSE_RELATIVE_TO_INVALID": "//pose/@relative_to names no frame in scope",
    "POSE_RELATIVE_TO_CYCLE": "the relative_to graph has a cycle",
    "POSE_RELATIVE_TO_GRAPH_ERROR": "the relative_to graph does not lead to the scope root",
    "STRING_READ": "the input text could not be read (e.g. it is not valid Unicode)",
    "URI_INVALID": "an <include> URI is not one urdfsdf follows (names no file, or a scheme "
                   "other than model, package, file and the network ones)",
    "URI_LOOKUP": "an <include> URI names no file in the folders searched (a warning when "
                  "found only through a deprecated manifest.xml, and for a network URI: never "
                  "fetched, the rest read, as libsdformat without a fetch callback)",
    "LINK_INERTIA_INVALID": "an inertia is not physical (negative or triangle-breaking "
                            "principal moments); a warning",
    # urdfsdf's own codes
    "LINK_MASSLESS": "a link with no mass (no <inertial>, or a zero mass) that a moving joint "
                     "moves, or the root link of a free-floating model, with no mass fixed "
                     "to it: DART, Gazebo's default physics engine, crashes on it (gz-physics "
                     "issues 849, 854; core/massless.py); a warning",
    "ARGUMENT_INVALID": "an API argument is invalid (neither XML text, bytes nor a path; an "
                        "option value the option does not take)",
    "CONVERSION_TIMEOUT": "a file of a folder conversion took longer than --timeout",
    "XML_TOLERATED": "XML that libxml2 refuses and TinyXML (libsdformat, urdfdom) reads, "
                     "read as TinyXML reads it ('--' in a comment, text before the root, "
                     "content after it, an undeclared namespace prefix...); a warning",
    "VALUE_TOLERATED": "a number text past the plain form that a reference reader reads: "
                       "libsdformat's Param for SDF, Drake and PyBullet alike for URDF "
                       "('2.35\"' is 2.35), or an empty SDF value of an optional element "
                       "(its default, as libsdformat reads it); read as it reads it, a "
                       "warning (docs/lenient.md)",
    "URDF_IGNORED": "content urdfdom ignores (an attribute URDF does not define, a second "
                    "element or shape); kept as written, an info",
    "UNSUPPORTED_VERSION": "the SDFormat version is not one urdfsdf reads",
    "VERSION_CONVERTED": "a construct of an SDFormat version before 1.7 was rewritten in its "
                         "1.7 form and its meaning changed or was made explicit (an info; a "
                         "warning where libsdformat fails on the rewritten form)",
    "URDF_TREE_INVALID": "the URDF joints do not form a tree with one root (an error; a "
                         "warning for each root link but the first, which Drake reads as a "
                         "free body and urdfdom refuses, and for a link that is the child "
                         "of several joints)",
    "ELEMENT_DROPPED": "an element has no place in the target format and was dropped",
    "VALUE_APPROXIMATED": "a value was approximated in the target format",
    "KINEMATIC_LOOP": "the joints close a kinematic loop, which URDF readers and Drake refuse "
                      "(a warning): sdf2urdf writes each joint it cuts from the tree in a "
                      "<gazebo> block; urdf2sdf applies such a joint, as libsdformat does",
    "NAME_CHANGED": "a name was changed to satisfy the target format",
    "OUTPUT_REFUSED": "the output path is not allowed, or cannot be written",
    "OUTPUT_INVALID": "the output failed urdfsdf's own check, so none was written (a bug "
                      "of urdfsdf's: the message names the checker's code)",
    "INTERNAL_ERROR": "urdfsdf failed on the input (a bug: the command prints this instead "
                      "of a traceback)",
    "WRONG_FORMAT": "the input is the other format (URDF given to sdf2urdf, SDFormat to "
                    "urdf2sdf); the message names the command to use",
    "NO_URDF_EQUIVALENT": "an SDF element has no URDF form (--lossy, lossy=True in Python, "
                          "drops it)",
    "XACRO_UNAVAILABLE": "a .xacro input, or a URDF that uses xacro, needs the xacro package "
                         "(urdfsdf[xacro])",
    "XACRO_FAILED": "xacro could not expand the input",
    "NETWORKX_UNAVAILABLE": "GraphML output needs the networkx package (urdfsdf[networkx])",
    "GRAPHVIZ_UNAVAILABLE": "a picture (.svg, .png, .pdf) needs Graphviz's dot program "
                            "(urdfsdf graph)",
    "GRAPHVIZ_FAILED": "Graphviz's dot program failed to draw the picture (urdfsdf graph)",
    "INCLUDE_OUTSIDE_ROOTS": "an <include> names a file outside the folders files may be read "
                             "from (resource paths, search path variables, the input's folder)",
    "INCLUDE_CYCLE": "an <include> names a file that is already being read",
    "MESH_NOT_FOUND": "a mesh or texture URI names no file under the folders searched "
                      "(check, --meshes, --uri-style, folder output: a warning; the message "
                      "names the folders); nothing is fetched",
    "MESH_URI_KEPT": "--uri-style cannot write a URI in the asked form (its file is in no "
                     "package or model folder), or a relative URI of standard input "
                     "cannot be rebased onto -o's folder: it is kept as written, a warning",
    "INCLUDE_DEPTH": "<include>s nest deeper than the limit (32 files by default)",
    "XACRO_EXPANDED": "a URDF not named .xacro uses xacro (an <xacro:...> element, ${...}, "
                      "$(arg ...)): expanded by xacro first, as its build does (a warning; "
                      "without the xacro package, XACRO_UNAVAILABLE)",
    "NEGATIVE_SIZE": "a shape's radius, length or box size is negative: read and written as "
                     "written, as urdfdom, libsdformat and PyBullet read it (Drake and MuJoCo "
                     "refuse it); a warning (docs/lenient.md)",
}


@record
class Diagnostic:
    """One finding: what (``code``), how bad, and where (file, line, XPath)."""

    code: str
    severity: Severity
    message: str
    file: str | None = None
    line: int | None = None
    xpath: str | None = None

    def format(self) -> str:
        """Render as ``file:line: severity[CODE]: message`` (compiler style)."""
        where = self.file or "<input>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.severity}[{self.code}]: {self.message}"

    def to_dict(self) -> dict[str, object]:
        """The diagnostic as a JSON-ready dict."""
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "file": self.file, "line": self.line, "xpath": self.xpath}

    def __str__(self) -> str:
        return self.format()


class Diagnostics:
    """An append-only collector of diagnostics for one input file."""

    def __init__(self, file: str | None = None) -> None:
        self.file = file
        self.items: list[Diagnostic] = []

    def add(
        self,
        code: str,
        message: str,
        line: int | None = None,
        xpath: str | None = None,
        severity: Severity = "error",
        file: str | None = None,
    ) -> None:
        """Record a diagnostic for this collector's file (or ``file``: an included one)."""
        self.items.append(Diagnostic(code, severity, message, file or self.file, line, xpath))

    def error(self, code: str, message: str, line: int | None = None,
              xpath: str | None = None, file: str | None = None) -> None:
        """Record an error."""
        self.add(code, message, line, xpath, "error", file)

    def warning(self, code: str, message: str, line: int | None = None,
                xpath: str | None = None, file: str | None = None) -> None:
        """Record a warning."""
        self.add(code, message, line, xpath, "warning", file)

    def extend(self, items: Iterable[Diagnostic]) -> None:
        """Append diagnostics collected elsewhere."""
        self.items.extend(items)

    @property
    def errors(self) -> list[Diagnostic]:
        """The diagnostics of severity ``error``."""
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        """The diagnostics of severity ``warning``."""
        return [d for d in self.items if d.severity == "warning"]

    def has_errors(self, strict: bool = False) -> bool:
        """True when an error (or, with ``strict``, a warning) was recorded."""
        if not self.items:  # the common case, without a generator
            return False
        bad = ("error", "warning") if strict else ("error",)
        return any(d.severity in bad for d in self.items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


class TranslationError(Exception):
    """Raised at the API edge when a translation failed; carries every diagnostic."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        errors = in_order(d for d in self.diagnostics if d.severity == "error") or \
            in_order(self.diagnostics)
        first = errors[0].format() if errors else "translation failed"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(first + more)

    @property
    def codes(self) -> list[str]:
        """The codes of the error diagnostics, in order."""
        return [d.code for d in self.diagnostics if d.severity == "error"]


class UrdfsdfWarning(UserWarning):
    """A warning diagnostic passed on by the Python API's functions that return text
    (``warnings.warn``; ``python -W error`` makes it raise): ``.diagnostic`` holds it."""

    def __init__(self, diagnostic: Diagnostic | str) -> None:
        # (a str: rebuilt from its message, as pickling and pytest-xdist rebuild it)
        super().__init__(diagnostic.format() if isinstance(diagnostic, Diagnostic)
                         else diagnostic)
        self.diagnostic = diagnostic if isinstance(diagnostic, Diagnostic) else None

    def __reduce__(self) -> tuple[type[UrdfsdfWarning], tuple[Diagnostic | str]]:
        return type(self), (self.diagnostic or str(self),)


def in_order(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in file and line order, as they are shown (stable: diagnostics of one
    line keep the order they were found in; one without a line comes first in its file)."""
    return sorted(diagnostics, key=_place)


def _place(d: Diagnostic) -> tuple[str, int]:
    return (d.file or "", d.line if d.line is not None else 0)


def did_you_mean(name: str, defined: Iterable[str]) -> str:
    """``"; did you mean 'NAME'?"`` with the defined name closest to ``name`` (``""``:
    none is close).  Called only when an undefined name is reported: the names need
    not be gathered before."""
    close = _closest(name, dict.fromkeys(n for n in defined if n != name))
    return f"; did you mean {close!r}?" if close is not None else ""


def _closest(name: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """What ``difflib.get_close_matches(name, candidates, n=1, cutoff=cutoff)`` gives,
    its first or None, found with fewer full comparisons: a candidate's ``ratio()`` is at
    most its ``quick_ratio()``, so the candidates are tried from the highest bound down,
    and the search stops at the first bound below the best ratio found (xacro output
    gives hundreds of similar names; a full comparison of each took ~25 us)."""
    import difflib

    s = difflib.SequenceMatcher()
    s.set_seq2(name)
    bounds = []
    for x in candidates:
        s.set_seq1(x)
        if s.real_quick_ratio() >= cutoff:
            bound = s.quick_ratio()
            if bound >= cutoff:
                bounds.append((bound, x))
    best: tuple[float, str] | None = None
    for bound, x in sorted(bounds, reverse=True):
        if best is not None and bound < best[0]:
            break
        s.set_seq1(x)
        score = s.ratio()
        if score >= cutoff and (best is None or (score, x) > best):
            best = (score, x)
    return None if best is None else best[1]


def to_json(diagnostics: Iterable[Diagnostic]) -> str:
    """Diagnostics as a JSON list of {code, severity, message, file, line, xpath}, in
    file and line order (:func:`in_order`)."""
    import json

    return json.dumps([d.to_dict() for d in in_order(diagnostics)], indent=2)


# -- how a message names an option: the command line's flag or the API's keyword ------

#: :func:`option`'s two wordings
Wording = Literal["flags", "keywords"]

#: option -> how a message names it: (on the command line, in the Python API); a flag
#: alone says its keyword the plain way (``--x-y V``: ``x_y=V``, ``--x-y``: ``x_y=True``)
OPTIONS: dict[str, tuple[str, str] | str] = {
    "model": ("--model NAME", 'model="NAME"'),
    "lossy": ("--lossy", "lossy=True"),
    "disconnected": ("--disconnected floating", 'disconnected="floating"'),
    "no-frames": ("--no-frames", "frames=False"),
    "uri-map": ("--uri-map model://NAME/=package://PKG/",
                'uri_map={"model://NAME/": "package://PKG/"}'),
    "resource-path": ("--resource-path DIR", 'resource_paths=["DIR"]'),
    "no-includes": ("--no-includes", "includes=False"),
    "package-path": ("--package-path NAME=DIR", 'package_paths={"NAME": "DIR"}'),
    "open-loops": "--open-loops",
    "min-inertia": "--min-inertia MASS",
    "uri-style": ("--uri-style package", 'uri_style="package"'),
    "meshes": ("--meshes", "meshes=True"),
    "xacro-arg": ("--xacro-arg NAME:=VALUE", 'xacro_args={"NAME": "VALUE"}'),
}

_WORDING: ContextVar[Wording | None] = ContextVar("urdfsdf_wording", default=None)

P = ParamSpec("P")
R = TypeVar("R")


def option(name: str) -> str:
    """How a message tells the reader to set option ``name`` (a key of :data:`OPTIONS`):
    the command line's flag (``--lossy``), or the keyword (``lossy=True``) during a call
    of the Python API (:func:`worded`)."""
    both = OPTIONS[name]
    flag, keyword = both if isinstance(both, tuple) else (both, _keyword(both))
    return keyword if _WORDING.get() == "keywords" else flag


def _keyword(flag: str) -> str:
    """The plain keyword of a flag: ``--name-part VALUE``: ``name_part=VALUE``."""
    name, _, value = flag.removeprefix("--").partition(" ")
    return f"{name.replace('-', '_')}={value or 'True'}"


def worded(wording: Wording) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorator: while the function runs, :func:`option` speaks ``wording``.

    The outermost edge decides: the Python API's functions speak keywords, unless a
    command (``worded("flags")``) calls them; a function called with no edge around it
    (an internal one, in a test) speaks flags.
    """
    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        @wraps(fn)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            if _WORDING.get() is not None:
                return fn(*args, **kwargs)
            token = _WORDING.set(wording)
            try:
                return fn(*args, **kwargs)
            finally:
                _WORDING.reset(token)
        return wrapper
    return decorate
