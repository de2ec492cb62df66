"""Links without mass that a physics engine would have to move.

DART, gz-physics' default engine, fails an assertion and stops Gazebo on a link with
zero mass (or none) that a moving joint moves: a massless leaf link under a revolute
joint (gz-physics issue 849, ``addChildArtInertiaToDynamic``), a massless link between
joints (issue 854, ``updateAccelerationDynamic``).  MuJoCo refuses such a body too,
and ODE (Gazebo classic) rejects a zero mass.  :func:`massless_moving` finds them:

- a fixed joint welds its child to its parent: the links it joins move as one body
  (gz-physics welds them; libsdformat's URDF parser lumps them into one link), which
  has mass when one of its links has.  So a massless link on a fixed joint (a sensor
  or tool frame, ``base_footprint``) is never one, and neither is a massless link
  that a fixed joint gives mass (a ``link`` whose ``link_inertia`` child holds it);
- each joint of another type moves its child's body: a body without mass is reported
  at that child link;
- a free-floating model (not static; in URDF: its root link is not ``world``) also
  moves the body of its root link, with six degrees of freedom.  When joints move
  links from it, a massless root link with no mass welded to it is reported too: the
  free joint's inertia is then only what the moving joints pass on, singular along
  their motion.  A root with mass on a fixed joint (the common ``base_footprint`` ->
  ``base_link``, the massless root link ROS descriptions give KDL) is not; nor is a
  model that no joint moves, a tree of frames or a prop (PyBullet's planes and
  tables: mass 0 means fixed there), which is a single body.

The walk is iterative (a union of the welded links), linear in the links and joints;
it is not taken when every link has mass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from urdfsdf.core.ir import WORLD as WORLD  # the fixed frame: a joint from it holds its child
from urdfsdf.core.ir import Inertial, Joint, Link
from urdfsdf.core.record import record


@record
class Massless:
    """A link whose body has no mass, and what moves it: ``joint`` (None: it is the
    root link of a free-floating model)."""

    link: Link
    joint: Joint | None = None


def has_mass(inertial: Inertial | None) -> bool:
    """Whether mass properties as read hold a mass above zero (None: no ``<inertial>``,
    which a URDF reader reads as massless)."""
    return inertial is not None and float(inertial.mass) > 0.0


def massless_moving(links: Sequence[Link], joints: Iterable[Joint], *, free: bool,
                    mass: Callable[[Link], bool] = lambda link: has_mass(link.inertial)
                    ) -> list[Massless]:
    """The links a joint (or, ``free``, the model's six degrees of freedom) moves whose
    body has no mass (module doc), in the order of ``links``.

    ``joints`` name links of ``links`` or ``world`` (which holds what it is welded to);
    ``mass(link)``: whether the link has mass of its own (default: an ``<inertial>``
    with a mass above zero).
    """
    if all(map(mass, links)):
        return []  # every link has mass, and so has every body: the common case
    joints = list(joints)
    body = _Bodies([link.name for link in links])
    for j in joints:
        if j.type == "fixed":
            body.weld(j.parent, j.child)
    heavy = {body.find(WORLD)} | {body.find(link.name) for link in links if mass(link)}
    moved: dict[str, Joint] = {}
    for j in joints:
        if j.type != "fixed":
            moved.setdefault(j.child, j)
    free = free and bool(moved)  # (a single body: see the module doc)
    held = heavy | {body.find(name) for name in moved}
    children = {j.child for j in joints}
    found: list[Massless] = []
    for link in links:
        name = link.name
        joint = moved.get(name)
        if joint is not None and body.find(name) not in heavy:
            found.append(Massless(link, joint))
        elif free and name not in children and body.find(name) not in held:
            found.append(Massless(link))  # a root link: no joint above it
    return found


class _Bodies:
    """The links welded together, as a union-find over their names (``world`` too)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.up: dict[str, str] = {name: name for name in names}
        self.up.setdefault(WORLD, WORLD)

    def find(self, name: str) -> str:
        """The representative of ``name``'s body (a name not seen: its own)."""
        up = self.up
        root = up.setdefault(name, name)
        while up[root] != root:
            root = up[root]
        while up[name] != root:  # path compression
            up[name], name = root, up[name]
        return root

    def weld(self, a: str, b: str) -> None:
        """Join the bodies of ``a`` and ``b``."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.up[rb] = ra


def moved_by(found: Massless) -> str:
    """How ``found`` moves, for a message: ``is moved by revolute joint 'J'``, or the
    model's root link."""
    joint = found.joint
    if joint is None:
        return "is the root link of a free-floating model (six degrees of freedom)"
    return f"is moved by {joint.type} joint {joint.name!r}"
