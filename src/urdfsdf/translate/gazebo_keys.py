"""``<gazebo>`` extension blocks: the vocabulary both directions share, and lumping's mark.

A URDF ``<gazebo>`` block holds *keys* (``<mu1>0.3</mu1>``, ``<selfCollide>``...), each
standing for an SDF value (the tables below, libsdformat's ``parser_urdf``), and SDF
elements copied as they are.  :mod:`urdfsdf.translate.gazebo_to_sdf` applies blocks to the
SDF model (URDF -> SDF) and says what they produce; :mod:`urdfsdf.translate.gazebo_to_urdf`
writes what SDF holds and URDF cannot into blocks (SDF -> URDF).

An element a block gave that fixed-joint lumping changes (a sensor's pose, a plugin's
``bodyName``: :mod:`urdfsdf.translate.lump`) is marked ``urdf:lumped`` with the
fingerprint of the form the block gave it (:func:`mark_lumped`), so that SDF -> URDF
knows the carried block holds it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypeAlias

from lxml import etree

from urdfsdf.core.ir import Extra
from urdfsdf.core.record import record
from urdfsdf.xml.carried import digest
from urdfsdf.xml.custom import restore_name
from urdfsdf.xml.namespaces import URDF_NS, U
from urdfsdf.xml.parse import canonical, children, from_string, to_string

#: link-level extension tags -> (collision path, SDF leaf)
COLLISION_VALUES = {
    "mu1": ("surface/friction/ode", "mu"),
    "mu2": ("surface/friction/ode", "mu2"),
    "fdir1": ("surface/friction/ode", "fdir1"),
    "kp": ("surface/contact/ode", "kp"),
    "kd": ("surface/contact/ode", "kd"),
    "minDepth": ("surface/contact/ode", "min_depth"),
    "maxVel": ("surface/contact/ode", "max_vel"),
    "maxContacts": ("", "max_contacts"),
    "laserRetro": ("", "laser_retro"),
}
#: SDF //axis/dynamics spring values -> the <gazebo reference=JOINT> tags holding them
SPRING_TAGS = {"spring_reference": "springReference", "spring_stiffness": "springStiffness"}
#: the <gazebo reference=JOINT> spring tags -> the //axis/dynamics values they hold
SPRING_VALUES = {tag: value for value, tag in SPRING_TAGS.items()}
#: link-level extension tags -> the link's SDF values
LINK_VALUES = {"selfCollide": "self_collide", "gravity": "gravity", "kinematic": "kinematic"}
#: joint-level extension tags -> the //joint/physics paths libsdformat writes (its
#: physics/ode/provide_feedback as well is not SDFormat: left out)
JOINT_PHYSICS = {
    "provideFeedback": ("provide_feedback",),
    "implicitSpringDamper": ("ode/implicit_spring_damper", "ode/cfm_damping"),
    "cfmDamping": ("ode/implicit_spring_damper", "ode/cfm_damping"),
    "stopCfm": ("ode/limit/cfm",),
    "stopErp": ("ode/limit/erp",),
    "fudgeFactor": ("ode/fudge_factor",),
}
#: read by libsdformat for fixed-joint lumping; nothing to apply to the SDF
LUMPING = ("preserveFixedJoint", "disableFixedJointLumping")


#: the extension's true booleans (libsdformat parser_urdf: any case; an SDFormat boolean,
#: :func:`urdfsdf.sdf.values.is_true`, has no "yes")
KEY_TRUE_TEXTS = ("true", "yes", "1")


def is_key_true(text: str) -> bool:
    """An extension key's boolean ``text`` is true (:data:`KEY_TRUE_TEXTS`)."""
    return text.strip().lower() in KEY_TRUE_TEXTS


def key_value(el: etree._Element) -> str:
    """The value of an extension key: its ``value`` attribute, else its text, trimmed.

    libsdformat's ``GetKeyValueAsString`` (``<material value="PR2/Blue"/>``,
    ``<mu1 value="0.3"/>``: the old Gazebo forms).
    """
    value = el.get("value")
    return (value if value is not None else (el.text or "")).strip()


def text_element(tag: str, text: str | None = None) -> etree._Element:
    """``<tag>text</tag>``: a key, or the SDF value one stands for."""
    el = etree.Element(tag)
    el.text = text
    return el


def applied_form(xml: str) -> str:
    """The canonical form of an SDF element as a ``<gazebo>`` block made it.

    An element renamed by :func:`urdfsdf.translate.gazebo_to_sdf.unique_names` compares
    under its original name.
    """
    if U + "name" not in xml and "urdf:name" not in xml:
        return canonical(xml)
    el = from_string(xml)
    restore_name(el)
    return canonical(to_string(el))


#: //@urdf:lumped: on an element that fixed-joint lumping changed, the fingerprint of
#: the form a <gazebo> block gave it (:func:`applied_form`)
LUMPED = U + "lumped"


def mark_lumped(before: Extra, after: Extra) -> Extra:
    """``after``, what lumping made of ``before``, marked with the fingerprint of the form
    a block gave ``before`` (the first one, through several lumpings)."""
    el = from_string(after.xml)
    if el.get(LUMPED) is None:
        etree.Element("holder", nsmap={"urdf": URDF_NS}).append(el)  # urdf:, not ns0:
        el.set(LUMPED, from_string(before.xml).get(LUMPED) or digest(
            applied_form(before.xml)))
    return Extra(after.tag, to_string(el), after.line, after.pose)


@record
class Lumped:
    """An element a block gave, as fixed-joint lumping changed it: the fingerprint of
    the form the block gave it (:data:`LUMPED`)."""

    fingerprint: str


@record
class Leaf:
    """One leaf of an element a block gave, merged leaf by leaf (a ``<surface>``): its
    path (``surface/friction/ode/mu``) and its trimmed text."""

    path: str
    value: str


#: what a verbatim ``<urdf:gazebo>`` block carries, as SDF -> URDF looks it up: an
#: element's canonical XML (:func:`applied_form`), a :class:`Lumped` or a :class:`Leaf`
Carried: TypeAlias = "str | Lumped | Leaf"
#: the :data:`Carried` of a model's blocks, or none
#: (:func:`urdfsdf.translate.gazebo_to_sdf.applied_outputs`)
CarriedSet: TypeAlias = "set[Carried] | frozenset[Carried]"


def leaves(el: etree._Element, path: str = "") -> set[Leaf]:
    """Each leaf of ``el`` with its path and value (:class:`Leaf`)."""
    here = f"{path}/{el.tag}" if path else str(el.tag)
    kids = children(el)
    if not kids:
        return {Leaf(here, (el.text or '').strip())}
    return set().union(*(leaves(c, here) for c in kids))


@lru_cache(maxsize=1024)
def block_reference(xml: str) -> str | None:
    """The ``reference`` of the ``<gazebo>`` block ``xml`` (XML text kept in the IR).

    Several steps ask it of the same blocks (whether blocks make the model static, for
    the massless check and the static welds; the names blocks refer to): each block is
    parsed once for them all.  The cache holds the last 1024 blocks asked about.
    """
    return from_string(xml).get("reference")
