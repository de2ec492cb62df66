"""Drake's reading of a robot where it differs from Gazebo's: ``--for drake`` (issue 50).

urdfdom and libsdformat (Gazebo) and Drake read some things of the same file
differently; each conflict is a row of docs/targets.md.  ``--for gazebo`` (the default,
``target="gazebo"``) writes what libsdformat reads; ``--for drake`` what Drake's
parsers (``detail_urdf_parser.cc``, ``detail_sdf_parser.cc``) read, so that Drake builds
the same ``MultibodyPlant`` from the output as from the input:

- actuators: Drake makes one for each URDF ``<transmission>`` of type
  ``SimpleTransmission`` (named after its ``<actuator>``), but for every SDF joint whose
  effort limit is not zero (named after the joint).  URDF -> SDF writes effort 0 for
  each joint no transmission drives (:func:`drake_joint`); SDF -> URDF writes a
  transmission for each joint Drake actuates (:func:`with_transmissions`);
- a revolute or prismatic ``<limit>`` without ``lower``/``upper``: urdfdom reads 0, Drake
  no bound; a continuous joint's ``lower``/``upper``: Drake applies them (a revolute
  joint), urdfdom and libsdformat do not;
- a missing URDF ``effort``/``velocity``: Drake reads no limit (urdfdom refuses the
  file); SDF's "no limit" is written without them, not as 1e16;
- ``<gazebo>`` blocks, which Drake's URDF parser ignores: carried, not applied (no
  friction, model pose, loop-closing joint or material script from them);
- a URDF colour: libsdformat makes it the SDF ambient and diffuse colour, Drake the
  diffuse one only.

What changes in the output comes back as written: a URDF joint travels as written
(``urdf:as_written``), an SDF joint's limits in ``<sdf:limit>``.
"""

from __future__ import annotations

import math
from collections.abc import Container, Iterable
from typing import Literal

from urdfsdf.core.ir import Axis, Extra, Joint, Limit, Model, SdfLimit, evolve
from urdfsdf.translate.carriers import NO_LIMIT
from urdfsdf.urdf.as_written import written_carrier
from urdfsdf.urdf.elements import DRAKE_JOINT_TYPES
from urdfsdf.xml.build import attrs
from urdfsdf.xml.parse import from_string

#: who the output is for: libsdformat's reading (Gazebo) or Drake's
Target = Literal["gazebo", "drake"]
TARGETS: tuple[Target, ...] = ("gazebo", "drake")

#: the joint types Drake actuates (a one-axis joint; SDF's screw too, which URDF lacks)
ACTUATED_TYPES = frozenset(("revolute", "continuous", "prismatic", "screw"))
#: the transmission type Drake makes an actuator of (others: a warning, ignored)
SIMPLE = "SimpleTransmission"
#: the name Drake gives the joint that welds a link of a static SDF model to the world
#: (``detail_sdf_parser.cc``): sdf2urdf's name for it (:mod:`urdfsdf.translate.to_urdf`)
STATIC_WELD = "sdformat_model_static_world_welds_to_{}"


# -- URDF -> SDF ---------------------------------------------------------------------------

def urdf_actuated(extras: Iterable[Extra]) -> frozenset[str]:
    """The joints a URDF's ``<transmission>`` elements (among the robot's ``extras``)
    make Drake actuate: a ``SimpleTransmission`` (its ``<type>`` text, or the old
    ``type`` attribute) with an ``<actuator name>`` and a ``<joint name>`` (the first)."""
    found = set()
    for x in extras:
        if x.tag != "transmission":
            continue
        el = from_string(x.xml)
        kind = el.findtext("type")
        if SIMPLE not in (kind if kind is not None else el.get("type") or ""):
            continue
        joint, actuator = el.find("joint"), el.find("actuator")
        if joint is not None and actuator is not None and actuator.get("name") is not None \
                and joint.get("name"):
            found.add(str(joint.get("name")))
    return frozenset(found)


def drake_joint(joint: Joint, actuated: Container[str]) -> Joint:
    """A URDF joint as Drake reads it, in URDF's terms (the SDF writer's input): effort 0
    when no transmission drives it (``actuated``: :func:`urdf_actuated`), an absent
    ``lower``/``upper`` unbounded, a continuous joint with both bounds revolute.

    The joint itself when Drake reads it as libsdformat does.
    """
    if joint.type not in ACTUATED_TYPES:
        return joint
    axis = joint.axis or Axis(line=joint.line)
    lim = axis.limit or Limit(line=joint.line)
    jtype = joint.type
    if jtype == "continuous" and lim.lower is not None and lim.upper is not None:
        jtype = "revolute"  # Drake parses continuous as revolute, with the bounds given
    effort = lim.effort if joint.name in actuated else "0"
    if jtype == joint.type and effort == lim.effort:
        return joint
    return evolve(joint, type=jtype, axis=evolve(axis, limit=evolve(lim, effort=effort)))


def drake_joint_axes(joint: Joint) -> Joint:
    """A ball or universal joint read from a URDF ``<drake:joint>`` (its carrier) with
    effort 0 in each SDF axis: Drake makes no actuator for it from the URDF, and from
    SDF warns of a non-zero effort limit (SDFormat's default, none) that it ignores
    (``AddJointActuatorFromSpecification``).  A ball joint's ``<axis>``, which holds its
    carriers, draws one warning from Drake still ("A ball joint axis will be ignored").
    Any other joint as it is."""
    carrier = written_carrier(joint.extras) if joint.type in DRAKE_JOINT_TYPES else None
    if carrier is None or not carrier.element.startswith("<drake:joint"):
        return joint
    second = None if joint.type == "ball" else joint.axis2 or Axis(line=joint.line)
    return evolve(joint, axis=_unactuated(joint.axis or Axis(line=joint.line)),
                  axis2=_unactuated(second))


def _unactuated(axis: Axis | None) -> Axis | None:
    """``axis`` with effort 0 (Drake: no actuator)."""
    if axis is None:
        return None
    return evolve(axis, limit=evolve(axis.limit or Limit(line=axis.line), effort="0"))


def unbounded_where_drake(joint: Joint) -> bool:
    """Whether an absent ``lower``/``upper`` of ``joint`` stays absent in SDF (no bound, as
    Drake reads it) rather than urdfdom's 0: every one-axis joint's, under ``--for drake``."""
    return joint.type in ACTUATED_TYPES


# -- SDF -> URDF ---------------------------------------------------------------------------

def sdf_actuated(joint: Joint) -> bool:
    """Whether Drake's SDF parser makes an actuator for ``joint``: a one-axis joint whose
    effort limit is not zero (absent: SDF's -1, no limit; negative: no limit)."""
    if joint.type not in ACTUATED_TYPES:
        return False
    lim = joint.axis.limit if joint.axis is not None else None
    effort = lim.effort if lim is not None else None
    return effort is None or float(effort) != 0.0


def actuated_names(model: Model, separator: str = "::") -> dict[str, str]:
    """The joints Drake actuates in an SDF model, each URDF joint name (nested models'
    joints flattened with ``separator``; a name SDF changed: its URDF one) with the name
    Drake gives its actuator (the joint's, in its model)."""
    out: dict[str, str] = {}

    def walk(m: Model, prefix: str) -> None:
        for j in m.joints:
            if sdf_actuated(j):
                out[prefix + (j.original_name or j.name)] = j.name
        for nested in m.models:
            walk(nested, f"{prefix}{nested.name}{separator}")

    walk(model, "")
    return out


def with_transmissions(urdf: Model, actuated: dict[str, str]) -> Model:
    """``urdf`` (sdf2urdf's URDF) as Drake reads the SDF: a ``SimpleTransmission`` for each
    joint of ``actuated`` (:func:`actuated_names`) no transmission drives yet, its actuator
    named as Drake names the SDF joint's; SDF's "no limit" effort and velocity without a
    value (Drake's reading of an absent one) rather than 1e16."""
    driven = urdf_actuated(urdf.extras)
    joints = tuple(_unlimited(j) for j in urdf.joints)
    added = tuple(transmission(j.name, actuated[j.name], j.line) for j in joints
                  if j.name in actuated and j.name not in driven and j.type in ACTUATED_TYPES)
    if not added and joints == urdf.joints:
        return urdf
    return evolve(urdf, joints=joints, extras=(*urdf.extras, *added))


def transmission(joint: str, actuator: str, line: int | None = None) -> Extra:
    """``<transmission>``: a ``SimpleTransmission`` driving ``joint`` with ``actuator``
    (the form ros_control reads; Drake ignores ``hardwareInterface`` quietly)."""
    name = attrs((("name", f"{joint}_transmission"),))
    xml = (f"<transmission{name}>\n    <type>transmission_interface/{SIMPLE}</type>\n"
           f"    <joint{attrs((('name', joint),))}>\n"
           "      <hardwareInterface>hardware_interface/EffortJointInterface"
           "</hardwareInterface>\n    </joint>\n"
           f"    <actuator{attrs((('name', actuator),))}/>\n  </transmission>")
    return Extra("transmission", xml, line)


def _unlimited(joint: Joint) -> Joint:
    """``joint`` without the 1e16 effort and velocity that stand for SDF's "no limit"
    (its ``<sdf:limit>`` mark keeps the SDF values): Drake reads an absent one as none."""
    marker = next((x for x in joint.extras if isinstance(x, SdfLimit)), None)
    lim = joint.axis.limit if joint.axis is not None else None
    if marker is None or lim is None or joint.axis is None:
        return joint
    effort = None if lim.effort == NO_LIMIT and _none(marker.effort) else lim.effort
    velocity = None if lim.velocity == NO_LIMIT and _none(marker.velocity) else lim.velocity
    if (effort, velocity) == (lim.effort, lim.velocity):
        return joint
    return evolve(joint, axis=evolve(joint.axis, limit=evolve(lim, effort=effort,
                                                                velocity=velocity)))


def _none(value: str | None) -> bool:
    """An SDF effort or velocity limit that means none (absent, negative, infinite)."""
    return value is None or not 0 <= float(value) < math.inf
