"""Drake's extensions in each format's form: a value in an attribute (URDF) or in the text
(SDF), element by element (Drake's ``parsing_doxygen.h``; issue 50).

Drake reads the same ``drake:`` elements in URDF and SDF, each value where its format
puts values: ``<drake:member link="a"/>`` in URDF is ``<drake:member>a</drake:member>`` in
SDF, ``<drake:mu_static value="0.5"/>`` is ``<drake:mu_static>0.5</drake:mu_static>``.
:func:`sdf_form` and :func:`urdf_form` rewrite an element (and what it holds) from one
form to the other; an element in neither plain form (other attributes, children) stays
as it is.  The elements that have no value (``<drake:rigid_hydroelastic/>``,
``<drake:declare_convex/>``) and the containers (``<drake:proximity_properties>``,
``<drake:collision_filter_group name>``, ``<drake:linear_bushing_rpy>``) are the same in both.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.xml.build import text
from urdfsdf.xml.namespaces import DRAKE_XMLNS, D

#: each Drake element with one value, and the URDF attribute that holds it
VALUE_ATTRIBUTE = {
    **dict.fromkeys(("member",), "link"),
    **dict.fromkeys(("member_group", "ignored_collision_filter_group", "accepting_renderer",
                     "bushing_frameA", "bushing_frameC"), "name"),
    **dict.fromkeys(("mu_static", "mu_dynamic", "hydroelastic_modulus",
                     "hunt_crossley_dissipation", "mesh_resolution_hint",
                     "point_contact_stiffness", "relaxation_time", "rotor_inertia",
                     "gear_ratio", "bushing_torque_stiffness", "bushing_torque_damping",
                     "bushing_force_stiffness", "bushing_force_damping"), "value"),
}


def _valued(el: etree._Element) -> str | None:
    """The URDF attribute of a Drake element with one value (None: any other element)."""
    tag = el.tag
    if not isinstance(tag, str) or not tag.startswith(D):
        return None
    return VALUE_ATTRIBUTE.get(tag[len(D):])


#: the Drake extensions an SDF model, link or shape holds that Drake reads in the same
#: place of a URDF: sdf2urdf writes them there (in URDF's form), not in a <gazebo> block
URDF_PLACED = frozenset(D + t for t in ("proximity_properties", "accepting_renderer",
                                        "collision_filter_group", "linear_bushing_rpy"))


def is_drake(tag: str) -> bool:
    """Whether an element of ``tag`` (Clark notation) is one of Drake's extensions."""
    return tag.startswith(D)


def sdf_form(el: etree._Element) -> bool:
    """Rewrite ``el`` and its descendants in place from URDF's form to SDF's (the value
    of ``attribute="v"`` as the text); whether anything changed."""
    changed = False
    for e in el.iter():
        key = _valued(e)
        if key is not None and list(e.attrib) == [key] and not len(e) and not \
                (e.text or "").strip():
            e.text = str(e.attrib.pop(key))
            changed = True
    return changed


def urdf_form(el: etree._Element) -> bool:
    """Rewrite ``el`` and its descendants in place from SDF's form to URDF's (the text as
    the value of its attribute); whether anything changed."""
    changed = False
    for e in el.iter():
        key = _valued(e)
        if key is not None and not e.attrib and not len(e) and (e.text or "").strip():
            e.set(key, (e.text or "").strip())
            e.text = None
            changed = True
    return changed


#: the shapes Drake reads in a URDF ``<geometry>`` (``<capsule>`` and its own
#: ``<drake:capsule>``, ``<drake:ellipsoid>``) that SDFormat has only from 1.8
DRAKE_SHAPES = ("capsule", "ellipsoid")


def sdf_shape_xml(kind: str, values: tuple[str, ...], drake_form: bool) -> str | None:
    """The SDF ``<geometry>`` child of a shape of :data:`DRAKE_SHAPES` (``values``: a
    capsule's radius and length, an ellipsoid's radii a, b, c), in Drake's form for
    SDFormat 1.7 (``drake_form``: ``<drake:capsule><radius/><length/>``,
    ``<drake:ellipsoid><a/><b/><c/>``; ``detail_sdf_geometry.cc``), else SDFormat's
    (1.8: ``<ellipsoid><radii>``; None for a capsule, which the writer writes itself)."""
    if kind == "capsule":
        if not drake_form:
            return None
        radius, length = values
        return (f"<drake:capsule{DRAKE_XMLNS}><radius>{text(radius)}</radius>"
                f"<length>{text(length)}</length></drake:capsule>")
    if not drake_form:
        return f"<ellipsoid><radii>{text(' '.join(values))}</radii></ellipsoid>"
    a, b, c = (text(v) for v in values)
    return f"<drake:ellipsoid{DRAKE_XMLNS}><a>{a}</a><b>{b}</b><c>{c}</c></drake:ellipsoid>"
