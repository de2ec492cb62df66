"""Carriers: URDF content with no SDFormat element, travelling inside SDF as custom elements.

An element of a URDF that SDFormat has no place for (``<transmission>``,
``<mimic>``, an unknown child of a link...) is written into the SDF as the same
element in the ``urdf`` namespace (``xmlns:urdf="http://wiki.ros.org/urdf"``):
``<urdf:transmission>``.  libsdformat and Gazebo ignore custom elements, and
sdf2urdf unwraps them back to the URDF element as written.

A URDF element that is already in a namespace (``<drake:declare_convex>``) is a
legal SDF custom element as it is, and readers of both formats (Drake) look for
it in the same place: it travels as itself, marked ``urdf:kept="true"`` so that
sdf2urdf puts it back into the URDF element rather than a ``<gazebo>`` block.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from typing import TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Extra, Frame, Joint, Link, Model, Pose
from urdfsdf.core.numbers import split_numbers
from urdfsdf.urdf.as_written import AS_WRITTEN, without_carrier, written_carrier
from urdfsdf.xml.namespaces import SDF_NS, SDF_XMLNS, URDF_NS, URDF_XMLNS, S, U
from urdfsdf.xml.parse import canonical, from_string, local, to_string

N = TypeVar("N", Link, Joint)

#: the name in an element's start tag
_START = re.compile(r"<[^\s/>]+")
#: marks a namespaced URDF element that travels as itself (//@urdf:kept)
KEPT = U + "kept"


def urdf_extra(x: Extra) -> Extra:
    """The SDF carrier of a URDF element: ``urdf:TAG``, or the element itself, kept."""
    tag, xml = x.tag, x.xml
    if "{" not in tag and "xmlns:urdf=" not in xml and xml[len(tag) + 1:len(tag) + 2] in (
            " ", ">", "/") and xml.startswith(f"<{tag}"):
        # the common case, as text: only the outer tag changes (a parse and a
        # serialisation cost ~40 us per element)
        end = f"</{tag}>"
        if xml.endswith(end):
            xml = xml[: -len(end)] + f"</urdf:{tag}>"
        return Extra(U + tag, f'<urdf:{tag} xmlns:urdf="{URDF_NS}"{xml[len(tag) + 1:]}', x.line)
    if tag.startswith("{") and not tag.startswith(U) and "xmlns:urdf=" not in xml:
        # a namespaced element, kept: the marker goes into its start tag, as text
        name = _START.match(xml)
        if name is not None:
            at = name.end()
            return Extra(tag, f'{xml[:at]} xmlns:urdf="{URDF_NS}" urdf:kept="true"{xml[at:]}',
                         x.line)
    el = from_string(x.xml)
    # renamed in place under a parent that declares the prefix: building a new
    # element would set its attributes one by one, quadratic in their number
    holder = etree.Element("holder", nsmap={"urdf": URDF_NS})
    holder.append(el)
    if tag.startswith("{") and not tag.startswith(U):
        el.set(KEPT, "true")
    else:
        el.tag = U + local(el)
    return Extra(str(el.tag), to_string(el), x.line)


def _is_kept(x: Extra) -> bool:
    head = x.xml[: x.xml.find(">") + 1]
    return "kept=" in head and from_string(x.xml).get(KEPT) == "true"


def is_urdf_extra(x: Extra) -> bool:
    """True for URDF content carried in SDF (``urdf:TAG``, or a kept namespaced element)."""
    return x.tag.startswith(U) or (x.tag.startswith("{") and _is_kept(x))


def mark_renamed(el: etree._Element, new: str) -> None:
    """Rename ``el`` to ``new``, keeping its name as written in ``urdf:name``."""
    if el.getparent() is None:  # a parent declaring the prefix: urdf:, not ns0:
        etree.Element("holder", nsmap={"urdf": URDF_NS}).append(el)
    el.set(U + "name", el.get("name") or "")
    el.set("name", new)


def restore_name(el: etree._Element) -> None:
    """Undo :func:`mark_renamed`: the name as written back in place of the new one."""
    original = el.get(U + "name")
    if original is not None:
        el.set("name", original)
        del el.attrib[U + "name"]


def unwrap_urdf_extra(x: Extra) -> Extra:
    """The URDF element a carrier holds, as written (its ``urdf:name`` restored)."""
    el = from_string(x.xml)
    if x.tag.startswith(U):
        el.tag = local(el)
    else:
        del el.attrib[KEPT]
    restore_name(el)
    etree.cleanup_namespaces(el)
    return Extra(str(el.tag), to_string(el), x.line)


# -- default inertials ---------------------------------------------------------------
#
# A URDF link without <inertial> is massless; an SDF link without one has mass 1 and a
# unit inertia (SDFormat's default).  Each direction writes the other's default out
# (libsdformat 12 and Drake read an explicit zero mass as zero) and marks it, so that
# the way back leaves the <inertial> out again.

#: in an SDF link: the URDF link had no <inertial> (the SDF one is an explicit zero)
MASSLESS = U + "massless"
#: in a URDF link: the SDF link had no <inertial> (the URDF one is SDF's default)
DEFAULT_INERTIAL = "{" + SDF_NS + "}default_inertial"


# -- "no limit" ------------------------------------------------------------------------
#
# SDF's effort and velocity limits default to -1, "no limit"; URDF readers refuse a
# negative one (Drake aborts, Pinocchio refuses min > max) and urdfdom needs both.  URDF
# gets NO_LIMIT, and <sdf:limit effort=".." velocity=".."/> in the joint keeps the SDF
# values as written (an attribute absent: absent in the SDF).

NO_LIMIT = "1e16"
SDF_LIMIT = "{" + SDF_NS + "}limit"


def sdf_limit_marker(effort: str | None, velocity: str | None) -> Extra:
    """``<sdf:limit>`` with the SDF effort and velocity as written (absent: not written)."""
    el = etree.Element(SDF_LIMIT, nsmap={"sdf": SDF_NS})
    for key, value in (("effort", effort), ("velocity", velocity)):
        if value is not None:
            el.set(key, value)
    return Extra(SDF_LIMIT, to_string(el))


def massless_marker() -> Extra:
    """``<urdf:massless/>``."""
    return Extra(MASSLESS, f'<urdf:massless{URDF_XMLNS}/>')


def default_inertial_marker() -> Extra:
    """``<sdf:default_inertial/>`` (urdfdom ignores it)."""
    return Extra(DEFAULT_INERTIAL, f'<sdf:default_inertial{SDF_XMLNS}/>')


# -- sealing a URDF element as written (urdfsdf.urdf.as_written) ---------------------
#
# F fingerprints the SDF element (less this carrier) as urdf2sdf wrote it; sdf2urdf restores
# the element as written when the SDF element still has that fingerprint, and writes it
# from the SDF otherwise.


def carrier_fingerprint(carrier: Extra) -> str | None:
    """The fingerprint a carrier was sealed with (None: not sealed)."""
    head = carrier.xml[: carrier.xml.find(">") + 1]
    if "fingerprint=" not in head:
        return None
    return from_string(carrier.xml).get("fingerprint")


def sealed(carrier: Extra, fingerprint: str) -> Extra:
    """The carrier with its ``fingerprint``."""
    el = from_string(carrier.xml)
    el.set("fingerprint", fingerprint)
    return Extra(AS_WRITTEN, to_string(el), carrier.line)


def fingerprint(node: Link | Joint) -> str:
    """A fingerprint of the SDF form of ``node`` less its carrier.

    Taken from the canonical form (:func:`urdfsdf.xml.parse.canonical`) of the SDF
    text, so that reading and writing the SDF again keeps it.
    """
    from urdfsdf.core.ir import evolve
    from urdfsdf.sdf.writer import element_text

    text = element_text(evolve(node, extras=without_carrier(node.extras)))
    form = canonical(f'<x xmlns:urdf="{URDF_NS}">{text}</x>')
    return hashlib.sha256(form.encode("utf-8")).hexdigest()[:16]


def seal(node: N) -> N:
    """``node`` with its carrier sealed by the fingerprint of its SDF form."""
    from urdfsdf.core.ir import evolve

    carrier = written_carrier(node.extras)
    if carrier is None:
        return node
    extras = tuple(sealed(x, fingerprint(node)) if x is carrier else x for x in node.extras)
    return evolve(node, extras=extras)


def unsealed(node: N, diags: Diagnostics, what: str) -> N:
    """``node`` keeping its carrier only if its SDF form still has the sealed fingerprint.

    A carrier whose element was edited in the SDF since urdf2sdf wrote it would
    undo the edit: it is dropped with a warning, and the element is written from
    the SDF (what only the carrier held is lost).
    """
    from urdfsdf.core.ir import evolve

    carrier = written_carrier(node.extras)
    if carrier is None:
        return node
    if carrier_fingerprint(carrier) == fingerprint(node):
        return node
    diags.warning("ELEMENT_DROPPED", f"{what}: the URDF as written that urdf2sdf carried in "
                  "<urdf:as_written> no longer matches the SDF element (edited since?); written "
                  "from the SDF, without what only the carrier held", carrier.line)
    return evolve(node, extras=without_carrier(node.extras))


UNNAMED = Extra(U + "unnamed", f'<urdf:unnamed{URDF_XMLNS}/>')


#: SDF content carried inside URDF elements (urdfdom ignores namespaced children)
SDF_FRAME = S + "frame"


SDF_POSE = S + "pose"


def frame_marker(frame: Frame | None, line: int | None) -> Extra:
    """``<sdf:frame>``: marks the massless URDF link standing for an SDF //frame.

    With ``frame``, the marker keeps its ``attached_to`` and ``//pose`` as
    written, so that URDF -> SDF restores the element exactly; without (a
    frame of a flattened nested model: ``flattened="true"``), the frame comes
    back attached to the link's parent, posed by the fixed joint.
    """
    el = etree.Element(SDF_FRAME, nsmap={"sdf": SDF_NS})
    if frame is None:
        el.set("flattened", "true")
    else:
        if frame.attached_to:
            el.set("attached_to", frame.attached_to)
        if frame.pose.text is not None or frame.pose.relative_to is not None:
            pose = etree.SubElement(el, SDF_POSE)
            if frame.pose.relative_to is not None:
                pose.set("relative_to", frame.pose.relative_to)
            pose.text = " ".join(frame.pose.tokens())
    return Extra(SDF_FRAME, to_string(el), line)


def marked_frame(marker: Extra, name: str) -> Frame | None:
    """The //frame as written in SDF, kept by the marker (None: not kept)."""
    el = from_string(marker.xml)
    if el.get("flattened") == "true":
        return None
    pose = Pose()
    pose_el = el.find(SDF_POSE)
    if pose_el is not None:
        parsed = split_numbers(pose_el.text, 6)
        if isinstance(parsed, str):
            return None
        tokens, values = parsed
        pose = Pose(xyz=(values[0], values[1], values[2]), rpy=(values[3], values[4], values[5]),
                    relative_to=pose_el.get("relative_to"), text=tokens, line=marker.line)
    return Frame(name, attached_to=el.get("attached_to"), pose=pose, line=marker.line)


def carried_urdf_joints(model: Model, diags: Diagnostics) -> list[Joint]:
    """URDF joints that travel in SDF as ``<urdf:joint>`` (floating, planar)."""
    from urdfsdf.urdf.reader import read_joint
    from urdfsdf.xml.readctx import ReadContext

    joints = []
    for x in model.extras:
        if x.tag == U + "joint":
            joint = read_joint(from_string(unwrap_urdf_extra(x).xml), ReadContext(diags))
            if joint is not None:
                joints.append(replace(joint, line=x.line))
    return joints
