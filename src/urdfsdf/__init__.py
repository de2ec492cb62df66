"""urdfsdf: exact two-way translation between URDF and SDFormat 1.7.

Strings in, strings out::

    import urdfsdf
    sdf_text = urdfsdf.urdf_to_sdf(urdf_text)
    urdf_text = urdfsdf.sdf_to_urdf(sdf_text)

and the IR for those who want objects (:func:`read_urdf`, :func:`read_sdf`,
:func:`write_urdf`, :func:`write_sdf`).  Failures raise
:class:`TranslationError`, which carries every :class:`Diagnostic`.
"""

from __future__ import annotations

from urdfsdf.api import (
    Result,
    load_sdf,
    load_urdf,
    sdf_to_urdf_result,
    urdf_to_sdf_result,
)
from urdfsdf.core import ir
from urdfsdf.core.diagnostics import Diagnostic, Diagnostics, TranslationError
from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.sdf.writer import write_sdf_model
from urdfsdf.translate.to_sdf import urdf_to_sdf as _urdf_model_to_sdf
from urdfsdf.translate.to_urdf import sdf_model_to_urdf, select_model
from urdfsdf.urdf.writer import write_urdf_model
from urdfsdf.xml.parse import Source

__all__ = [
    "Diagnostic",
    "Model",
    "Result",
    "SdfDocument",
    "TranslationError",
    "ir",
    "read_sdf",
    "read_sdf_document",
    "read_urdf",
    "sdf_to_urdf",
    "urdf_to_sdf",
    "write_sdf",
    "write_urdf",
]

__version__ = "0.1.0"


def _raise_or(result: Result, strict: bool) -> str:
    if not result.ok(strict) or result.text is None:
        raise TranslationError(result.diagnostics)
    return result.text


def urdf_to_sdf(text: Source, *, strict: bool = False) -> str:
    """URDF (text or path) -> SDFormat 1.7 text."""
    return _raise_or(urdf_to_sdf_result(text), strict)


def sdf_to_urdf(text: Source, *, model: str | None = None, strict: bool = False) -> str:
    """SDFormat (text or path) -> URDF text; ``model`` picks one of several."""
    return _raise_or(sdf_to_urdf_result(text, model), strict)


def read_urdf(source: Source) -> Model:
    """Read a URDF (text or path) into an IR :class:`~urdfsdf.core.ir.Model`."""
    model, diags = load_urdf(source)
    if model is None or diags.has_errors():
        raise TranslationError(diags.items)
    return model


def read_sdf_document(source: Source) -> SdfDocument:
    """Read an SDF document (text or path) with all its models and worlds."""
    doc, diags = load_sdf(source)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    return doc


def read_sdf(source: Source, model: str | None = None) -> Model:
    """Read the SDF model (the only one, or the one called ``model``)."""
    doc, diags = load_sdf(source)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    m = select_model(doc, model, diags)
    if m is None:
        raise TranslationError(diags.items)
    return m


def _require_model(model: object) -> Model:
    if not isinstance(model, Model):
        diags = Diagnostics()
        diags.error("ARGUMENT_INVALID", f"expected an urdfsdf.Model, got {type(model).__name__}")
        raise TranslationError(diags.items)
    return model


def write_sdf(model: Model) -> str:
    """SDFormat 1.7 text of a model (a URDF-convention model is put in parity form)."""
    model = _require_model(model)
    if model.convention == "urdf":
        diags = Diagnostics()
        shaped = _urdf_model_to_sdf(model, diags)
        if shaped is None or diags.has_errors():
            raise TranslationError(diags.items)
        model = shaped
    return write_sdf_model(model)


def write_urdf(model: Model) -> str:
    """URDF text of a model (an SDF-convention model is converted first)."""
    model = _require_model(model)
    diags = Diagnostics()
    shaped, _path = sdf_model_to_urdf(model, diags)
    if shaped is None or diags.has_errors():
        raise TranslationError(diags.items)
    return write_urdf_model(shaped)
