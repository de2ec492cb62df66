"""Where a visual's, a collision's and a material's carriers sit (issue 37; the rule:
:mod:`urdfsdf.xml.carried`).

Drake with a SceneGraph warns of a custom child of ``<visual>``, ``<collision>``,
``<geometry>`` or ``<material>``, and of no attribute.  So what a shape carries (an
unknown URDF child, kept as ``<urdf:TAG>``) is written, each carrier in turn:

- as ``urdf:`` attributes of the element that held it, when it is a few values (a
  kind of :data:`FEW`, written in its attribute order, with no child, text or empty
  value): a collision's URDF material as the visual's is (``urdf:material``,
  ``urdf:material_rgba``, ``urdf:material_texture``), ``<contact_coefficients mu kp kd>``
  as ``urdf:contact_coefficients_mu``..., a material's ``<specular rgb>`` as
  ``urdf:specular_rgb`` on the SDF ``<material>``;
- else, with every carrier after it, in ``<urdf:shape visual="NAME">`` (or
  ``collision="NAME"``, or ``material="NAME"`` for the material of visual NAME) at the
  end of the link's ``<inertial>``.

Reading, :func:`restore` gives the shape the children urdf2sdf wrote before: the
attributes' elements first (in :data:`FEW`'s order), then the wrapper's.  A carrier
becomes attributes only when they give that very element back (:func:`marks`), and
only while the kinds come in :data:`FEW`'s order: the round trip is exact.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from urdfsdf.xml.build import attr
from urdfsdf.xml.namespaces import URDF_NS, U

#: //link/inertial/urdf:shape: what a visual, collision or material carries
SHAPE = U + "shape"
#: the attributes of a URDF material on a visual or collision (the name, then the
#: child element and its attribute each stands for)
MATERIAL_KEYS = ((U + "material", None, "name"), (U + "material_rgba", "color", "rgba"),
                 (U + "material_texture", "texture", "filename"))
#: per element that holds it, the carriers written as attributes, in the order they are
#: read back: their tag and the attributes each may have
FEW: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "collision": (("material", ()), ("contact_coefficients", ("mu", "kp", "kd"))),
    "material": (("specular", ("rgb", "rgba")),),
}


# -- writing -----------------------------------------------------------------------------


def marks(holder: str, carriers: Sequence[str]) -> tuple[str, int]:
    """The ``urdf:`` attributes of ``holder`` (a tag of :data:`FEW`) standing for the
    first carriers (their XML, in order), and how many they stand for; the others go
    to the wrapper."""
    kinds = [tag for tag, _ in FEW.get(holder, ())]
    text, done, rank = "", 0, -1
    for xml in carriers:
        el = etree.fromstring(xml)
        tag = etree.QName(el).localname
        if el.tag != U + tag or tag not in kinds or kinds.index(tag) <= rank:
            break
        pairs = _attributes(holder, el)
        if pairs is None:
            break
        text += "".join(f' urdf:{k[len(U):]}="{attr(v)}"' for k, v in pairs)
        done, rank = done + 1, kinds.index(tag)
    return text, done


def _attributes(holder: str, el: etree._Element) -> list[tuple[str, str]] | None:
    """``el`` as attributes of ``holder``, when they give it back as it is."""
    pairs = [(k, v) for k, v in _values(el) if v is not None]
    if any(v == "" or "{" in k[len(U):] for k, v in pairs):
        return None  # an empty one (listed in urdf:empty) or a namespaced one
    probe = etree.Element(holder, dict(pairs))
    back = restore_marks(probe)
    if len(back) != 1 or probe.attrib or _xml(back[0]) != _xml(el):
        return None
    return pairs


def _values(el: etree._Element) -> list[tuple[str, str | None]]:
    """The attributes ``el`` may become (:func:`restore_marks` checks they give it back)."""
    tag = etree.QName(el).localname
    if tag != "material":
        return [(f"{U}{tag}_{k!s}", str(v)) for k, v in el.attrib.items()]
    values = []
    for key, child, name in MATERIAL_KEYS:
        holder = el if child is None else el.find(child)
        if holder is not None:
            values.append((key, holder.get(name)))
    return values


def _xml(el: etree._Element) -> bytes:
    """``el``'s canonical form, its blank text too: an element written over several
    lines goes to the wrapper, which gives it back as written (attributes would give
    it back on one line)."""
    el = etree.fromstring(etree.tostring(el))
    el.tail = None
    return etree.tostring(el, method="c14n")


# -- reading -----------------------------------------------------------------------------


def restore_marks(holder: etree._Element) -> list[etree._Element]:
    """The carriers ``holder``'s ``urdf:`` attributes stand for (:data:`FEW`), in order,
    the attributes removed (a visual's URDF material is the caller's)."""
    back = []
    for tag, keys in FEW.get(str(holder.tag), ()):
        el = urdf_material(holder) if tag == "material" else _plain(holder, tag, keys)
        if el is not None:
            back.append(el)
    line = holder.sourceline
    if line is not None:  # a parsed file's (not writing's probe)
        for el in back:
            for x in el.iter():
                x.sourceline = line
    return back


def _plain(holder: etree._Element, tag: str, keys: tuple[str, ...]
           ) -> etree._Element | None:
    found = [(k, str(holder.attrib.pop(f"{U}{tag}_{k}"))) for k in keys
             if f"{U}{tag}_{k}" in holder.attrib]
    if not found:
        return None
    return etree.Element(U + tag, dict(found), nsmap={"urdf": URDF_NS})


def urdf_material(holder: etree._Element) -> etree._Element | None:
    """``holder``'s ``urdf:material`` attributes as the ``<urdf:material name><color
    rgba/><texture filename/>`` element urdf2sdf wrote before."""
    values = [(child, a, str(holder.attrib.pop(k))) for k, child, a in MATERIAL_KEYS
              if k in holder.attrib]
    if not values:
        return None
    material = etree.Element(U + "material", nsmap={"urdf": URDF_NS})
    for child, a, value in values:
        if child is None:
            material.set(a, value)
        else:
            etree.SubElement(material, child, {a: value})
    return material


def wrapped(link: etree._Element, wrappers: Sequence[etree._Element]) -> None:
    """Put the content of each ``<urdf:shape>`` of ``link`` back at the end of the shape
    it names (a material: that of the visual), the wrapper removed; one that names no
    shape stays where it is."""
    for wrapper in wrappers:
        shape = _named(link, wrapper)
        if shape is None:
            continue
        wrapper.getparent().remove(wrapper)  # type: ignore[union-attr]
        for x in list(wrapper):
            if isinstance(x.tag, str):
                shape.append(x)  # moved, not copied: its line stays


def _named(link: etree._Element, wrapper: etree._Element) -> etree._Element | None:
    for kind in ("visual", "collision", "material"):
        name = wrapper.get(kind)
        if name is None:
            continue
        for c in link:
            if c.tag == ("collision" if kind == "collision" else "visual") and \
                    c.get("name") == name:
                if kind != "material":
                    return c
                material = c.find("material")
                if material is None:
                    material = etree.SubElement(c, "material")
                return material
    return None
