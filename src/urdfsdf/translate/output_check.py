"""The self-check: a conversion's output, checked by urdfsdf's own checker before it is written.

A translation that would write a file its readers refuse fails instead, with an
``OUTPUT_INVALID`` error that names the cause (the checker's code, message and the
line of the input element that led to it).  What is checked is the IR the writer
is about to serialise, with the checks the readers apply to input:

- SDF (urdf2sdf): the frame engine's build and validation of the model (names,
  reserved names, joint parents and children, the attached_to and relative_to
  graphs), and the names of every other child of the model (``DUPLICATE_NAME``,
  which libsdformat 12 prints as a warning and Drake refuses: an error here).
- URDF (sdf2urdf): links, joints and top-level materials named once, and the
  joints forming a tree over the links (what urdfdom refuses; several root links only
  where the SDF model's ``<urdf:root>`` marks name them, a URDF urdf2sdf read).
- both: every mesh names a file (an empty ``<uri>`` libsdformat refuses, an empty
  filename PyBullet refuses and urdfdom and Drake read as no mesh: the translators
  report such a mesh where they meet it, so this is a guard).
"""

from __future__ import annotations

from urdfsdf.core.diagnostics import Diagnostic, Diagnostics
from urdfsdf.core.ir import Collision, Model, SdfDocument, Visual

#: warnings of the checker that make an output unusable for some reader
REFUSED_WARNINGS = frozenset({"DUPLICATE_NAME"})


def check_sdf_output(model: Model, diags: Diagnostics) -> bool:
    """Check the SDF model urdf2sdf is about to write; False (and errors) when refused."""
    import urdfsdf.sdf.frames as frames  # the module form: see api.py's imports

    found = Diagnostics(diags.file)
    frames.analyze(SdfDocument(version="1.7", models=(model,)), found)
    _check_meshes(model, found)
    return _report(found.items, "SDF", diags)


def check_urdf_output(model: Model, diags: Diagnostics, several_roots: bool = False) -> bool:
    """Check the URDF model sdf2urdf is about to write; False (and errors) when refused.

    ``several_roots``: the SDF model named root links besides the first (``<urdf:root>``,
    :mod:`urdfsdf.translate.carriers`), so the URDF may have several (sdf2urdf warned).
    """
    from urdfsdf.core.tree import check_urdf_names, check_urdf_tree

    found = Diagnostics(diags.file)
    check_urdf_names(model, found)
    check_urdf_tree(model, found, several_roots="warning" if several_roots else "error")
    _check_meshes(model, found)
    return _report(found.items, "URDF", diags)


def _check_meshes(model: Model, found: Diagnostics) -> None:
    """An error for each mesh of ``model`` (nested models too) that names no file."""
    todo = [model]
    while todo:
        m = todo.pop()
        todo.extend(m.models)
        for link in m.links:
            shapes: tuple[Visual | Collision, ...] = (*link.visuals, *link.collisions)
            for shape in shapes:
                g = shape.geometry
                if g is not None and g.kind == "mesh" and not (g.uri or "").strip():
                    found.error("ELEMENT_INVALID", f"link {link.name!r}: the mesh of "
                                f"{shape.name or 'a shape'!r} has an empty file name",
                                g.line or shape.line)


def _report(found: list[Diagnostic], fmt: str, diags: Diagnostics) -> bool:
    bad = [d for d in found if d.severity == "error" or (
        d.severity == "warning" and d.code in REFUSED_WARNINGS)]
    for d in bad:
        diags.error("OUTPUT_INVALID", f"the {fmt} output would be invalid, so none is written "
                    f"(please report it): [{d.code}] {d.message}", d.line)
    return not bad
