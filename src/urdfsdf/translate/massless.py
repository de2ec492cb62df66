"""Massless links that a physics engine must move: the warning, and ``--min-inertia``.

Which links (:mod:`urdfsdf.core.massless`): the child of a moving joint, or the root
link of a free-floating model, whose body (the links fixed joints weld to it) has no
mass.  DART, Gazebo's default engine, crashes on them (gz-physics issues 849, 854).

- :func:`urdf_massless` and :func:`sdf_massless` find them in a URDF model and in an
  SDF model (its nested models too; a static one moves nothing);
- :func:`report` warns of each (``LINK_MASSLESS``, at the link's line): ``urdf2sdf``
  and ``urdfsdf check`` on URDF and SDF input;
- ``urdf2sdf --min-inertia MASS`` gives each the mass MASS and the inertia of a solid
  sphere of that mass, of radius :data:`MIN_INERTIA_RADIUS` centred at the link
  origin (:func:`sphere_inertial`), with one ``VALUE_APPROXIMATED`` warning per link
  instead.  A link that had no ``<inertial>`` keeps its ``urdf:massless`` marker:
  sdf2urdf leaves out an inertial that is still that sphere (:func:`is_sphere_inertial`;
  an edited one is kept); a link with a zero ``<inertial>`` carries itself as written
  (``<urdf:as_written>``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import Inertial, Joint, Link, Model, evolve
from urdfsdf.core.massless import WORLD, Massless, has_mass, massless_moving, moved_by

if TYPE_CHECKING:
    from urdfsdf.sdf.frames import Scope
    from urdfsdf.translate.options import ToSdfOptions

#: ``--min-inertia``: the radius (metres) of the solid sphere whose inertia a massless
#: link gets, 1 cm: about a sensor's or a small frame's size.
MIN_INERTIA_RADIUS = 0.01
#: its moments per kilogram, ``2/5 * r**2`` (m^2): MASS 0.001 kg gives 4e-08 kg m^2
MOMENT_PER_KG = 4e-05


def urdf_massless(model: Model) -> list[Massless]:
    """The massless links of a URDF model a physics engine moves (module doc): none when
    a ``<gazebo>`` block makes it static; it floats free unless its root link is
    ``world``."""
    if not model.joints:
        return []
    free = not any(link.name == WORLD for link in model.links) and \
        not any(joint.parent == WORLD for joint in model.joints)  # (core/tree.implied_world)
    found = massless_moving(model.links, model.joints, free=free)
    return [] if found and _static(model) else found


def _static(model: Model) -> bool:
    """Whether a ``<gazebo><static>true</static></gazebo>`` block makes it static."""
    if not any(x.tag == "gazebo" for x in model.extras):
        return False
    import urdfsdf.translate.gazebo_to_sdf as gazebo  # the module form: see api.py's imports

    return gazebo.model_static(model.extras)


def sdf_massless(scope: Scope) -> list[Massless]:
    """The massless links of an SDF model a physics engine moves (module doc), nested
    models' too (named ``nested::link``); none in a static model.

    An SDF link without ``<inertial>`` has SDFormat's default mass, 1 kg; an automatic
    inertial that could not be computed is taken to have mass.
    """
    if scope.static:
        return []
    scopes = list(_scopes(scope))
    if all(_sdf_mass(link) for s, _ in scopes for link in s.links.values()):
        return []  # every link has mass: the common case, no need to name them
    links: list[Link] = []
    joints: list[Joint] = []
    for s, prefix in scopes:
        links.extend(_scoped_links(s, prefix))
        joints.extend(_scoped_joints(s, prefix))
        if s.static:  # a static nested model is fixed in the world
            joints.extend(Joint(f"{prefix}{n}", "fixed", WORLD, f"{prefix}{n}")
                          for n in s.links)
    return massless_moving(links, joints, free=True, mass=_sdf_mass)


def _scopes(scope: Scope) -> Iterator[tuple[Scope, str]]:
    """``scope`` and its nested models' scopes, each with the prefix of its names."""
    stack = [(scope, "")]
    while stack:
        s, prefix = stack.pop()
        yield s, prefix
        stack.extend((child, f"{prefix}{name}::") for name, child in s.children.items())


def _scoped_links(s: Scope, prefix: str) -> list[Link]:
    """The links of one scope under their names from the top scope."""
    if not prefix:
        return list(s.links.values())
    return [evolve(link, name=f"{prefix}{link.name}") for link in s.links.values()]


def _scoped_joints(s: Scope, prefix: str) -> Iterator[Joint]:
    """The joints of one scope between the links they move (a frame named as parent or
    child: the link it is attached to), named from the top scope."""
    for joint in s.joints.values():
        parent, child = s.joint_bodies(joint.name)
        if child is None or parent is None:
            continue  # not resolved: the frame engine reported it
        parent = WORLD if parent in ("", WORLD) else f"{prefix}{parent}"
        yield evolve(joint, name=f"{prefix}{joint.name}", parent=parent,
                     child=f"{prefix}{child}")


def _sdf_mass(link: Link) -> bool:
    """Whether an SDF link has mass: SDFormat's default (no ``<inertial>``) has 1 kg."""
    inertial = link.inertial
    return inertial is None or inertial.unresolved is not None or has_mass(inertial)


def report(found: list[Massless], diags: Diagnostics, urdf: bool) -> None:
    """A ``LINK_MASSLESS`` warning for each link found, with its remedies (``urdf``: a
    URDF's, urdf2sdf's option among them)."""
    fix = f", or convert with urdf2sdf {option('min-inertia')}" if urdf else ""
    fixed = "a `world` root link" if urdf else "<static>true</static>"
    for m in found:
        held = "" if m.joint is not None else f", or fix the model in the world ({fixed})"
        diags.warning("LINK_MASSLESS", f"link {m.link.name!r} has no mass and "
                      f"{moved_by(m)}: DART, Gazebo's default physics engine, crashes on "
                      "it (gz-physics issues 849, 854) and MuJoCo refuses it; give it an "
                      f"<inertial>{held}{fix}", m.link.line)


# -- --min-inertia ---------------------------------------------------------------------

def _moment(mass: float) -> float:
    """The moment of inertia of a solid sphere of ``mass``, radius MIN_INERTIA_RADIUS."""
    return mass * MOMENT_PER_KG


def weighed(found: list[Massless], options: ToSdfOptions, diags: Diagnostics) -> set[str]:
    """The names of the links of ``found`` (:func:`urdf_massless`) that ``--min-inertia``
    gives mass, with a ``VALUE_APPROXIMATED`` warning each; without it, none: a
    ``LINK_MASSLESS`` warning each (:func:`report`)."""
    if options.min_inertia is None:
        report(found, diags, urdf=True)
        return set()
    approximated(found, options.min_inertia, diags)
    return {m.link.name for m in found}


def weighed_inertial(options: ToSdfOptions, line: int | None) -> Inertial:
    """The inertial a link :func:`weighed` names gets (:func:`sphere_inertial`)."""
    assert options.min_inertia is not None
    return sphere_inertial(options.min_inertia, line)


def sphere_inertial(mass: str, line: int | None) -> Inertial:
    """``--min-inertia``'s inertial of mass ``mass`` (text): a solid sphere at the
    link origin, its moments written with ``repr()``."""
    moment = repr(_moment(float(mass)))
    return Inertial(mass=mass, inertia=(moment, "0", "0", moment, "0", moment), line=line)


def is_sphere_inertial(inertial: Inertial) -> bool:
    """Whether ``inertial`` is still what ``--min-inertia`` wrote for its mass."""
    ixx, ixy, ixz, iyy, iyz, izz = (float(v) for v in inertial.inertia)
    moment = _moment(float(inertial.mass))
    return (inertial.pose.is_identity and ixx == iyy == izz == moment
            and ixy == ixz == iyz == 0.0 and moment > 0.0)


def approximated(found: list[Massless], mass: str, diags: Diagnostics) -> None:
    """The ``VALUE_APPROXIMATED`` warning of each link ``--min-inertia`` gives mass."""
    for m in found:
        diags.warning("VALUE_APPROXIMATED", f"link {m.link.name!r} has no mass and {moved_by(m)}: "
                      f"given {mass} kg and the inertia of a solid sphere "
                      f"of radius {MIN_INERTIA_RADIUS} m ({option('min-inertia')}); sdf2urdf "
                      "gives it back massless", m.link.line)
