"""Where the carriers sit in an SDF file: out of the readers' checks (issue 37).

Drake checks the direct children of ``<sdf>``, ``<model>``, ``<link>`` and ``<joint>``
(and of ``//axis/limit``) against the elements it supports, and warns of every other
one, custom elements included (``CheckSupportedElements`` in Drake's
``multibody/parsing/detail_sdf_diagnostic.cc``, called with the supported sets in
``detail_sdf_parser.cc``; Drake issue 16785).  It checks no attribute, and not the
children of ``<inertial>`` or ``<axis>`` (``detail_sdf_parser.cc``: "Axis elements
should be fully supported, let sdformat validate those").  libsdformat keeps custom
elements and attributes anywhere, quietly (``parser.cc``, ``readXml``: a child with
a ``:`` in its name is copied as it is).  So, as urdf2sdf writes it:

- a marker is an attribute of the element it marks: ``<link urdf:massless="true">``,
  ``<visual urdf:unnamed="true">``, ``<model urdf:linkless="true">`` (a robot with no
  link: a static model, core/tree.LINKLESS);
- a visual's URDF material is attributes of the visual: ``urdf:material`` (its name),
  ``urdf:material_rgba`` (its colour), ``urdf:material_texture`` (its texture filename),
  each only when the URDF material has it, an empty one listed in ``urdf:empty``
  (:mod:`urdfsdf.xml.custom`).  With a SceneGraph, Drake also checks the children of
  ``<visual>``, ``<collision>``, ``<geometry>`` and ``<material>`` (seen with Drake
  1.51): a ``<urdf:material>`` child draws a warning.  Not on the SDF ``<material>``: a
  material with only a texture has none, and an empty one would give Gazebo SDFormat's
  black default colours;
- what else a visual, collision or a visual's material carries (an unknown URDF child,
  as ``<urdf:TAG>``) is, when it is a few values, ``urdf:`` attributes of the element
  that held it (a collision's URDF material as a visual's, ``urdf:material``...;
  ``urdf:contact_coefficients_mu``...; ``<material urdf:specular_rgb>``), else in
  ``<urdf:shape visual="NAME">`` (``collision="NAME"``, ``material="NAME"``: the
  material of visual NAME) at the end of the link's ``<inertial>``
  (:mod:`urdfsdf.xml.carried_shape`, which says when attributes give it back exactly).
  A shape of a link without ``<inertial>``, or named like another of its kind, keeps
  them as children;
- what a link carries (``<urdf:as_written>``, an unknown URDF child as ``<urdf:TAG>``)
  goes at the end of its ``<inertial>`` (urdf2sdf always writes one: a massless link
  gets an explicit zero);
- what a joint carries (its URDF-only children as ``<urdf:TAG>``, such as
  ``<urdf:mimic>``; ``<urdf:as_written>``, a fixed joint's ``<urdf:axis>``...)
  goes at the end of its ``<axis>``; a joint with none (a fixed one) gets an
  ``<axis>`` holding only them;
- what the model carries (top-level ``<urdf:material>``, ``<urdf:transmission>``,
  ``<urdf:gazebo>``, ``<urdf:joint>``, ``<urdf:root>``...) goes into ``<urdf:model>`` at the end of
  the first link's ``<inertial>`` (the canonical link's); a model with no link (a URDF
  robot without one, ``urdf:linkless``) holds the content ``<urdf:model>`` would, as
  text, in its ``urdf:carried`` attribute.

Reading, :func:`model_children` puts them back where the SDF reader has always taken
them from (the direct children of the model, link and joint, a visual's
``<urdf:material name><color rgba/><texture filename/></urdf:material>`` child, the
``urdf:`` children of a visual, collision and material: the form urdf2sdf wrote before,
which is read as it is), keeping their line numbers.
Nothing moves in a file that has no carrier.  A carrier is one where the ``urdf``
namespace is in scope at its model (urdf2sdf declares it on ``<sdf>``): the links and
joints of a model outside it are not walked (most SDF files; the walk was a tenth of
reading one).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Final

from lxml import etree

from urdfsdf.core.ir import Extra
from urdfsdf.xml.carried_shape import SHAPE, restore_marks, urdf_material, wrapped
from urdfsdf.xml.namespaces import AS_WRITTEN, URDF_NS, URDF_XMLNS, D, U
from urdfsdf.xml.parse import from_string

#: //link/@urdf:massless: the URDF link had no <inertial> (the SDF one is an explicit zero)
MASSLESS = U + "massless"
#: //visual/@urdf:unnamed, //collision/@urdf:unnamed: the URDF shape had no name
UNNAMED = U + "unnamed"
#: //visual/@urdf:material: the name of the URDF visual's material; also the tag of the
#: ``<urdf:material>`` element the visual's attributes are read back as
MATERIAL = U + "material"
#: //visual/@urdf:material_rgba: the colour of the URDF visual's material
MATERIAL_RGBA = U + "material_rgba"
#: //visual/@urdf:material_texture: the texture filename of the URDF visual's material
MATERIAL_TEXTURE = U + "material_texture"
#: //model/@urdf:linkless: the URDF robot had no link (the SDF model is static)
LINKLESS = U + "linkless"
#: the marker as a model's extras hold it (the writer makes it the attribute, the reader
#: the attribute it)
LINKLESS_MARKER: Final = Extra(LINKLESS, f"<urdf:linkless{URDF_XMLNS}/>")
#: //model/@urdf:carried: what a model with no link carries (its ``<urdf:model>``'s
#: content, as text: no ``<inertial>`` to hold it)
CARRIED = U + "carried"
#: //link/inertial/urdf:model: what the model carries
MODEL = U + "model"


def digest(text: str) -> str:
    """16 hex digits of the SHA-256 of ``text``: the fingerprints of carriers and of
    lumping's marks."""
    import hashlib  # here, not at the top: hashlib loads OpenSSL, 5 ms of a start

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def is_linkless(extras: Iterable[Extra]) -> bool:
    """Whether a model's ``extras`` hold :data:`LINKLESS_MARKER` (a URDF robot with no link)."""
    return any(x.tag == LINKLESS for x in extras)


#: URDF elements in another namespace that are carried all the same: a URDF
#: ``<drake:joint>`` (Drake's ball, planar or universal joint in URDF's form), which
#: Drake's SDF parser refuses (it reads only a planar one, in another form)
CARRIED_AS_THEY_ARE = frozenset({D + "joint"})


def is_carried(tag: str) -> bool:
    """Whether an extra of this tag is a carrier the writer places (a ``urdf:`` one, or
    one of :data:`CARRIED_AS_THEY_ARE`)."""
    return tag.startswith(U) or tag in CARRIED_AS_THEY_ARE


# -- reading: back to the direct children ----------------------------------------------


def model_children(el: etree._Element, children: Iterable[etree._Element]
                   ) -> Iterable[etree._Element]:
    """The children of ``<model>`` ``el`` (``children``: as the reader walks them), each
    link and joint with its carriers back among its direct children, and what the
    model carries following the link that held it.  A model outside the ``urdf``
    namespace holds no carrier: its children come as they are."""
    if URDF_NS not in el.nsmap.values():
        return children
    held = el.get(CARRIED)
    if held is not None:  # a model with no link: what it carries comes after its children
        del el.attrib[CARRIED]
        return chain(children, _unheld(el, held))
    if children is el:  # a whole tree: placed back before the walk
        for c in list(el):
            _in_place(c)
        return el
    return _placed(children)


def _unheld(model: etree._Element, held: str) -> list[etree._Element]:
    """The elements of a model's ``urdf:carried`` text (``held``), at the model's line;
    none when it is not well-formed XML (it is then kept as written, in no element)."""
    try:  # the safe parser (no entity, no network): the text is the file's
        wrapper = from_string(f'<urdf:model xmlns:urdf="{URDF_NS}">{held}</urdf:model>')
    except etree.XMLSyntaxError:
        return []
    out = [c for c in wrapper if isinstance(c.tag, str)]
    for c in out:
        for x in c.iter():
            x.sourceline = model.sourceline
    return out


def _placed(children: Iterable[etree._Element]) -> Iterator[etree._Element]:
    """``children`` as they stream in, each put in place before it is handed out (the
    next child is looked up from this one)."""
    for c in children:
        _in_place(c)
        yield c


def _in_place(c: etree._Element) -> None:
    """Put the carriers of ``c``, a child of a model, back among its direct children."""
    tag = c.tag
    if tag == "link":
        _link(c)
    elif tag == "joint":
        _joint(c)


def _link(link: etree._Element) -> None:
    massless = link.get(MASSLESS)
    moved: list[etree._Element] = []
    model: list[etree._Element] = []
    shapes: list[etree._Element] = []
    for c in link:
        tag = c.tag
        if tag == "inertial":
            for x in c:
                if isinstance(x.tag, str) and is_carried(x.tag):
                    (model if x.tag == MODEL else shapes if x.tag == SHAPE else moved
                     ).append(x)
        elif tag == "visual" or tag == "collision":
            _shape(c)
    if massless is not None:
        del link.attrib[MASSLESS]
        marker = etree.Element(MASSLESS, nsmap={"urdf": URDF_NS})
        marker.sourceline = link.sourceline
        at = next((i for i, x in enumerate(moved) if x.tag == AS_WRITTEN), len(moved))
        moved.insert(at, marker)
    if shapes:
        wrapped(link, shapes)
    for x in moved:
        link.append(x)  # moved, not copied: its line stays
    after = link
    for wrapper in model:
        wrapper.getparent().remove(wrapper)  # type: ignore[union-attr]
        for x in list(wrapper):
            if isinstance(x.tag, str):
                after.addnext(x)
                after = x


def _shape(shape: etree._Element) -> None:
    """A visual's or collision's marker, a visual's URDF material and what a collision
    or a visual's material carries in attributes, back as elements (carried_shape.py)."""
    if shape.get(UNNAMED) is not None:
        del shape.attrib[UNNAMED]
        marker = etree.Element(UNNAMED, nsmap={"urdf": URDF_NS})
        marker.sourceline = shape.sourceline
        shape.insert(0, marker)
    if shape.tag == "collision":
        shape.extend(restore_marks(shape))
        return
    material = urdf_material(shape)
    if material is not None:
        shape.append(material)
    for c in shape:
        if c.tag == "material":
            c.extend(restore_marks(c))


def _joint(joint: etree._Element) -> None:
    for c in joint:
        if c.tag != "axis":
            continue
        moved = [x for x in c if isinstance(x.tag, str) and is_carried(x.tag)]
        if not moved:
            return
        only = all(x.tag.__class__ is not str or is_carried(x.tag) for x in c)
        for x in moved:
            joint.append(x)
        if only:  # the axis urdf2sdf gave a joint that has none (a fixed one)
            joint.remove(c)
        return
