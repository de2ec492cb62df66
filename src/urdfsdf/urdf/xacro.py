"""xacro input: expand ``.xacro`` files with PyPI ``xacro`` (extra ``urdfsdf[xacro]``).

A ``.urdf`` file that uses xacro (TurtleBot3's: an ``<xacro:...>`` element, a ``${...}``
expression or a ``$(arg ...)`` substitution; :func:`uses_xacro`) is expanded as a
``.xacro`` file is, as its build does.  xacro evaluates ``${...}`` expressions and follows
``xacro:include``: expand only files you trust.  ``$(find PKG)`` is resolved from
``package_paths`` (``--package-path NAME=DIR``) first, then ``share/PKG`` in each entry of
``AMENT_PREFIX_PATH`` (``prefixes``: the ament index's packages, found as mesh URIs are,
without ``ament_index_python``), then by xacro's own lookup.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.xml.parse import parse

#: the namespaces xacro's elements are in
XACRO_NAMESPACES = ("http://www.ros.org/wiki/xacro", "http://ros.org/wiki/xacro")
#: a ``${...}`` expression or a ``$(arg ...)``-style substitution (xacro's own forms)
_EXPRESSION = re.compile(r"\$\{|\$\((?:arg|find|env|optenv|eval|dirname|cwd|anon)[\s)]")


def is_xacro(path: str | os.PathLike[str]) -> bool:
    """True for ``*.xacro`` file names (``robot.urdf.xacro``, ``arm.xacro``)."""
    return str(path).endswith(".xacro")


def uses_xacro(data: bytes) -> int | None:
    """The line where the URDF ``data`` (not a ``.xacro`` file) first uses xacro: an
    element in xacro's namespace (or with the ``xacro:`` prefix), a ``${...}`` expression
    or a ``$(arg ...)`` substitution in an attribute or text; None: it does not (a
    declared ``xmlns:xacro`` alone, as xacro's own output keeps, is not a use).  Bytes
    without ``${``, ``$(`` or ``<xacro:`` outside comments are not parsed (xacro's output
    keeps them in comments: 17 of the 85 carried vendor files, parsed a second time for
    nothing, were 14% of their conversion)."""
    if not _may_use(data) or not _may_use(_COMMENT.sub(b"", data)):
        return None
    root = parse(data, Diagnostics())
    if root is None or root.tag != "robot":
        return None
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if _xacro_tag(el.tag) or _EXPRESSION.search(el.text or "") or \
                any(_EXPRESSION.search(str(v)) for v in el.attrib.values()):
            return el.sourceline if isinstance(el.sourceline, int) else 1
    return None


#: an XML comment: no element, text or attribute is inside one
_COMMENT = re.compile(rb"<!--.*?-->", re.DOTALL)


def _may_use(data: bytes) -> bool:
    """Whether ``data`` holds what a use of xacro needs: ``${``, ``$(`` or ``<xacro:``.
    (A search for one byte is ~50 times faster than for two: ``$`` is looked for first.)"""
    return (b"$" in data and (b"${" in data or b"$(" in data)) or b"<xacro:" in data


def _xacro_tag(tag: str) -> bool:
    if tag.startswith("{"):
        return etree.QName(tag).namespace in XACRO_NAMESPACES
    return tag.startswith("xacro:")


@contextlib.contextmanager
def _package_paths(module: object, paths: Mapping[str, str],
                   prefixes: Sequence[str]) -> Iterator[None]:
    """Let ``$(find PKG)`` see ``paths`` and ``PREFIX/share/PKG`` for the duration of one
    expansion."""
    original = getattr(module, "_eval_find", None)
    if original is None or not (paths or prefixes):
        yield
        return

    def find(pkg: str) -> str:
        if pkg in paths:
            return paths[pkg]
        for prefix in prefixes:
            share = os.path.join(prefix, "share", pkg)
            if os.path.isdir(share):
                return share
        return str(original(pkg))

    setattr(module, "_eval_find", find)  # noqa: B010 - xacro offers no other hook
    try:
        yield
    finally:
        setattr(module, "_eval_find", original)  # noqa: B010


def expand_xacro(path: str | None, args: Mapping[str, str], package_paths: Mapping[str, str],
                 diags: Diagnostics, prefixes: Sequence[str] = (), data: bytes | None = None,
                 why: str = "expanding .xacro") -> bytes | None:
    """The URDF text a xacro file (``path``; or the text ``data``, read from no file)
    expands to, or None (with a diagnostic).  ``prefixes``: the entries of
    ``AMENT_PREFIX_PATH``; ``why``: what needs xacro, for the message when it is absent."""
    try:
        import xacro
        from xacro import substitution_args
    except ImportError:
        diags.error("XACRO_UNAVAILABLE", f"{why} needs the xacro package: "
                    "pip install 'urdfsdf[xacro]'")
        return None
    try:
        with _package_paths(substitution_args, package_paths, prefixes):
            if path is not None:
                doc = xacro.process_file(path, mappings=dict(args))
            else:
                xacro.init_stacks(None)
                doc = xacro.parse((data or b"").decode("utf-8"))
                xacro.process_doc(doc, mappings=dict(args))
    except ModuleNotFoundError as exc:  # $(find) without an ament index
        diags.error("XACRO_FAILED", f"xacro could not resolve a package ({exc.name} is not "
                    f"installed): pass {option('package-path')} for each $(find NAME), or "
                    "set AMENT_PREFIX_PATH")
        return None
    except Exception as exc:  # xacro raises many types; each is a bad input here
        message = str(exc) or type(exc).__name__
        if any(w in message.lower() for w in ("package", "find", "ament", "no module named")):
            message += f" (pass {option('package-path')} for each $(find NAME), or set " \
                "AMENT_PREFIX_PATH)"
        diags.error("XACRO_FAILED", f"xacro could not expand {path or 'the input'!r}: "
                    f"{message}")
        return None
    text: str = doc.toprettyxml(indent="  ")
    return text.encode("utf-8")
