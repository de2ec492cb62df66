"""The one reader of carriers sealed before the carrier format had a version.

Until issue 51, the fingerprint of ``<urdf:as_written fingerprint="F">``
(:mod:`urdfsdf.translate.carriers`) was 16 hex digits of the SHA-256 of the canonical
SDF text (:func:`urdfsdf.sdf.writer.element_canonical`) of the element less its carrier,
its extras in the order urdf2sdf held them.  That text moved with the writer's layout:
each time the carriers moved in the SDF file, the SDF reader gave a node's extras back
in another order, and files already written kept the fingerprint of the order of
their day.  Those orders, newest first, are :data:`FORMS`; a fingerprint with no
version (no ``v2:``...) is checked against each of them, here and nowhere else.

Every file urdf2sdf wrote before (``tests/old_forms`` keeps outputs of each form) is
read here: what it restores must stay what it was, so neither this module nor
:func:`~urdfsdf.sdf.writer.element_canonical` changes what it gives for an element.
"""

from __future__ import annotations

from typing import Final

from urdfsdf.core.ir import Extra, Joint, Link, Visual, evolve
from urdfsdf.urdf.as_written import without_carrier
from urdfsdf.xml.carried import digest, is_carried

#: the orders an SDF file of the first carrier format may give a node's extras back in,
#: newest first: "placed" (the carriers after the other extras, in the node and in each
#: of its shapes, as the SDF reader gives them back from where urdf2sdf places them:
#: :mod:`urdfsdf.xml.carried`), "link" (only the node's own: written before the shapes'
#: carriers were placed) and "written" (the order of the IR: written before any carrier
#: was placed)
FORMS: Final = ("placed", "link", "written")


def sealed_before(node: Link | Joint, fingerprint: str) -> bool:
    """Whether ``node`` (its carrier among its extras) has ``fingerprint``, a fingerprint
    of the first carrier format, in one of its :data:`FORMS`."""
    return any(fingerprint == first_fingerprint(node, form) for form in FORMS)


def first_fingerprint(node: Link | Joint, form: str = "placed") -> str:
    """The first format's fingerprint of the SDF form of ``node`` less its carrier, its
    extras in the order of ``form`` (:data:`FORMS`)."""
    import urdfsdf.sdf.writer as sdf_writer  # the module form: see api.py's imports

    return digest(sdf_writer.element_canonical(_in_form(node, form)))


def _carried_last(extras: tuple[Extra, ...]) -> tuple[Extra, ...]:
    return (*(x for x in extras if not is_carried(x.tag)),
            *(x for x in extras if is_carried(x.tag)))


def _in_form(node: Link | Joint, form: str) -> Link | Joint:
    """``node`` less its carrier, its extras in the order of ``form`` (:data:`FORMS`)."""
    extras = without_carrier(node.extras)
    if form == "written":
        return evolve(node, extras=extras)
    node = evolve(node, extras=_carried_last(extras))
    if form == "link" or not isinstance(node, Link):
        return node
    visuals = tuple(_material_carried_first(evolve(v, extras=_carried_last(v.extras))
                                            if v.extras else v)
                    for v in node.visuals)
    collisions = tuple(evolve(c, extras=_carried_last(c.extras)) if c.extras else c
                       for c in node.collisions)
    return evolve(node, visuals=visuals, collisions=collisions)


def _material_carried_first(visual: Visual) -> Visual:
    """``visual`` with its material's carriers before its other extras: the order
    urdf2sdf sealed them in (a URDF material's ``urdf:`` values, then what a ``<gazebo>``
    block adds, such as a ``<script>``), whereas the SDF reader gives back the carriers
    the writer put in attributes (``urdf:specular_rgb``) after the child elements."""
    material = visual.material
    if material is None or len(material.extras) < 2:
        return visual
    extras = (*(x for x in material.extras if is_carried(x.tag)),
              *(x for x in material.extras if not is_carried(x.tag)))
    if extras == material.extras:
        return visual
    return evolve(visual, material=evolve(material, extras=extras))
