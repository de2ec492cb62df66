"""xacro input: expand ``.xacro`` files with PyPI ``xacro`` (extra ``urdfsdf[xacro]``).

xacro evaluates ``${...}`` expressions and follows ``xacro:include``: expand
only files you trust.  ``$(find PKG)`` is resolved from ``package_paths``
(``--package-path NAME=DIR``) first, then by xacro's own lookup (a ROS 2
ament index, when one is installed).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping

from urdfsdf.core.diagnostics import Diagnostics, option


def is_xacro(path: str | os.PathLike[str]) -> bool:
    """True for ``*.xacro`` file names (``robot.urdf.xacro``, ``arm.xacro``)."""
    return str(path).endswith(".xacro")


@contextlib.contextmanager
def _package_paths(module: object, paths: Mapping[str, str]) -> Iterator[None]:
    """Let ``$(find PKG)`` see ``paths`` for the duration of one expansion."""
    original = getattr(module, "_eval_find", None)
    if original is None or not paths:
        yield
        return

    def find(pkg: str) -> str:
        if pkg in paths:
            return paths[pkg]
        return str(original(pkg))

    setattr(module, "_eval_find", find)  # noqa: B010 - xacro offers no other hook
    try:
        yield
    finally:
        setattr(module, "_eval_find", original)  # noqa: B010


def expand_xacro(path: str, args: Mapping[str, str], package_paths: Mapping[str, str],
                 diags: Diagnostics) -> bytes | None:
    """The URDF text a xacro file expands to, or None (with a diagnostic)."""
    try:
        import xacro
        from xacro import substitution_args
    except ImportError:
        diags.error("XACRO_UNAVAILABLE", "expanding .xacro needs the xacro package: "
                    "pip install 'urdfsdf[xacro]'")
        return None
    try:
        with _package_paths(substitution_args, package_paths):
            doc = xacro.process_file(path, mappings=dict(args))
    except ModuleNotFoundError as exc:  # $(find) without an ament index
        diags.error("XACRO_FAILED", f"xacro could not resolve a package ({exc.name} is not "
                    f"installed): pass {option('package-path')} for each $(find NAME)")
        return None
    except Exception as exc:  # xacro raises many types; each is a bad input here
        message = str(exc) or type(exc).__name__
        if any(w in message.lower() for w in ("package", "find", "ament", "no module named")):
            message += f" (pass {option('package-path')} for each $(find NAME))"
        diags.error("XACRO_FAILED", f"xacro could not expand {path!r}: {message}")
        return None
    text: str = doc.toprettyxml(indent="  ")
    return text.encode("utf-8")
