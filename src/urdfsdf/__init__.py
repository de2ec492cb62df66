"""urdfsdf: exact two-way translation between URDF and SDFormat 1.7.

Strings in, strings out::

    import urdfsdf
    sdf_text = urdfsdf.urdf_to_sdf(urdf_text)
    urdf_text = urdfsdf.sdf_to_urdf(sdf_text)

and the IR for those who want objects (:func:`read_urdf`, :func:`read_sdf`,
:func:`write_urdf`, :func:`write_sdf`).  Failures raise
:class:`TranslationError`, which carries every :class:`Diagnostic`;
:func:`urdf_to_sdf_result` and :func:`sdf_to_urdf_result` return a :class:`Result`
instead (the text, or None, and every diagnostic: ``if result.ok:``).  The functions that
return text or the IR pass each warning on as a :class:`UrdfsdfWarning` (Python's
``warnings``: ``python -W error`` makes it raise).  Each option of the command line is a
keyword (``sdf_to_urdf(text, lossy=True)``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, imported when first used (a command imports less)
    from urdfsdf.api import (
        Result,
        read_sdf,
        read_sdf_document,
        read_urdf,
        sdf_to_urdf,
        sdf_to_urdf_result,
        urdf_to_sdf,
        urdf_to_sdf_result,
        write_sdf,
        write_urdf,
    )
    from urdfsdf.core import ir
    from urdfsdf.core.diagnostics import Diagnostic, TranslationError, UrdfsdfWarning
    from urdfsdf.core.ir import Model, SdfDocument

__all__ = [
    "Diagnostic",
    "Model",
    "Result",
    "SdfDocument",
    "TranslationError",
    "UrdfsdfWarning",
    "ir",
    "read_sdf",
    "read_sdf_document",
    "read_urdf",
    "sdf_to_urdf",
    "sdf_to_urdf_result",
    "urdf_to_sdf",
    "urdf_to_sdf_result",
    "write_sdf",
    "write_urdf",
]

__version__ = "0.1.0"

#: where each public name lives
_HOMES = {
    "Diagnostic": "urdfsdf.core.diagnostics", "Diagnostics": "urdfsdf.core.diagnostics",
    "TranslationError": "urdfsdf.core.diagnostics", "UrdfsdfWarning": "urdfsdf.core.diagnostics",
    "Model": "urdfsdf.core.ir", "SdfDocument": "urdfsdf.core.ir", "Result": "urdfsdf.api",
    "read_sdf": "urdfsdf.api", "read_sdf_document": "urdfsdf.api", "read_urdf": "urdfsdf.api",
    "sdf_to_urdf": "urdfsdf.api", "urdf_to_sdf": "urdfsdf.api", "write_sdf": "urdfsdf.api",
    "write_urdf": "urdfsdf.api", "sdf_to_urdf_result": "urdfsdf.api",
    "urdf_to_sdf_result": "urdfsdf.api",
}


def __getattr__(name: str) -> Any:
    """The public names (and subpackages), imported on first use (PEP 562), then kept
    as the package's own attributes: later uses do not come here."""
    if name == "ir":
        value: Any = importlib.import_module("urdfsdf.core.ir")
    else:
        home = _HOMES.get(name)
        if home is None:
            return _subpackage(name)
        value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def _subpackage(name: str) -> Any:
    """The subpackage or module ``urdfsdf.NAME`` (importing it makes it an attribute)."""
    try:
        return importlib.import_module(f"urdfsdf.{name}")
    except ModuleNotFoundError:
        raise AttributeError(f"module 'urdfsdf' has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted(set(__all__) | set(globals()))
