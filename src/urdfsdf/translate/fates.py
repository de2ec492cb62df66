"""Every element's fate: what becomes of each element and attribute of one format in the other.

One table per direction, as data: :data:`SDF_TO_URDF` (``sdf2urdf``: SDFormat 1.7's
elements and attributes, the 1.8-1.12 ones urdfsdf reads, and a world's content when
sdf2urdf converts a world's model) and :data:`URDF_TO_SDF` (``urdf2sdf``: urdfdom's
elements and attributes, and the extensions found in real files).  Each element or
attribute has one of three fates (:class:`Fate`):

- **translated**: it becomes an element or attribute of the other format (written
  ``into``), and the way back gives it again: as written, or (``resolved``) what it
  means (a pose in another frame, a joint type made of others);
- **carried**: the other format has no place for it, so it travels in a documented
  carrier (``into``: a ``<gazebo>`` block, an ``sdf:`` or ``urdf:`` element, a link
  carried as written) and the way back gives it again as written;
- **reported**: neither; a diagnostic with ``code`` at its line (or its parent's:
  ``at_parent``) says so, and nothing is written for it.  ``--lossy`` may give
  another fate (``lossy``).

Keys are element paths from the document's element (``model/link/visual/pose``), an
attribute as ``@name`` (``model/link/pose/@degrees``), a value of an attribute as
``@name=value`` (``model/joint/@type=ball``), any child element SDFormat 1.7 does not
define there (a custom, namespaced, element; one of a later version that urdfsdf does
not read) as ``{custom}``, any child as ``*``.  An entry is the fate of the element it
names and of everything inside it, unless an entry names a part of it: the fate of a
path is that of its nearest entry (:func:`fate_of`).  A custom child takes the fate of
the nearest ``{custom}`` entry of its element or an ancestor, unless its element
travels whole (carried: it travels with it).  What a reported element holds is
reported with it, at the line of the element the entry names.  A nested model's
links, joints, frames and models have the fates of the model's.

``tests/translate/test_fates.py`` makes a model for every element of SDFormat's
schema (and of URDF's declarations, with the extension samples) holding a value
other than its default, converts it, and checks that what happens is what the table
says.  docs/translation.md ("Every element's fate") summarises it.
"""

from __future__ import annotations

from typing import Literal

from urdfsdf.core.record import record
from urdfsdf.sdf.posed import POSED_TAGS
from urdfsdf.xml.namespaces import AS_WRITTEN, SDF_FRAME, SDF_SUBMESH, U

#: what becomes of an element (module docstring)
FateKind = Literal["translated", "carried", "reported"]


@record
class Fate:
    """What becomes of one element or attribute (module docstring)."""

    kind: FateKind
    #: translated: what it is written as; carried: the carrier's tag; reported: ""
    into: str = ""
    #: the code of the diagnostic it draws ("": none); at its line (its element's, for
    #: an attribute; the parent's when ``at_parent``)
    code: str = ""
    at_parent: bool = False
    #: translated: only what it means comes back (not the text as written)
    resolved: bool = False
    #: its fate with ``--lossy`` (``lossy=True``), where that differs
    lossy: Fate | None = None
    #: why, in a few words (for the docs and the test's messages)
    why: str = ""
    #: carried: its tag in the carrier, when not its own (a ``<gazebo>`` extension key)
    key: str = ""
    #: carried: the code of the diagnostic the way back gives instead of giving it back
    #: (an element of a later SDFormat version: urdf2sdf writes 1.7)
    back: str = ""


def translated(into: str, *, resolved: bool = False, code: str = "", why: str = "") -> Fate:
    """Written ``into`` the other format; given back (as written, or its meaning)."""
    return Fate("translated", into, code, resolved=resolved, why=why)


def carried(carrier: str, *, code: str = "", key: str = "", back: str = "",
            why: str = "") -> Fate:
    """Carried in ``carrier`` (a tag; ``key``: as an element of that tag) and given back
    as written (``code``: a diagnostic says the other format's readers do not see it;
    ``back``: the way back reports it with that code instead)."""
    return Fate("carried", carrier, code, why=why, key=key, back=back)


def reported(code: str, why: str, *, at_parent: bool = False, lossy: Fate | None = None
             ) -> Fate:
    """Not written: a diagnostic ``code`` at its line (its parent's: ``at_parent``)."""
    return Fate("reported", "", code, at_parent, lossy=lossy, why=why)


# -- the carriers, by the tag the other format holds them in ----------------------------

#: ``<gazebo reference="LINK|JOINT">`` (or without reference, the model's), the form
#: libsdformat reads: what SDF holds and URDF cannot (translate/gazebo_to_urdf.py)
GAZEBO = "gazebo"
#: the others (:mod:`urdfsdf.xml.namespaces`): ``<sdf:frame>`` (``SDF_FRAME``, a URDF link
#: standing for an SDF //frame), ``<sdf:submesh>`` (``SDF_SUBMESH``, in a URDF ``<mesh>``),
#: ``<urdf:as_written>`` (``AS_WRITTEN``, a URDF element the SDF form cannot hold exactly,
#: as written), and:
#: ``<urdf:TAG>``: a URDF element SDFormat has no element for, as written
URDF_CUSTOM = U + "*"
#: ``<urdf:gazebo>``: a ``<gazebo>`` block, as written (also applied as libsdformat does)
URDF_GAZEBO = U + "gazebo"

_NO_SHAPE = "URDF has no such shape"
_NOT_READ = "urdfsdf has no place for it (not read)"
_PLACEMENT = "URDF has no model placement (a joint to world places the robot)"
_WORLD = "URDF holds one robot, not a world"
_LATER = ("SDFormat 1.10 and later: the URDF carries it; urdf2sdf, which writes 1.7, "
          "reports it")

#: sdf2urdf: the fate of each SDFormat element and attribute (module docstring)
SDF_TO_URDF: dict[str, Fate] = {
    # -- the model ------------------------------------------------------------------
    "model": translated("robot"),
    "model/@name": translated("robot/@name"),
    "model/@canonical_link": translated(
        "the root link", resolved=True, why="the model frame it holds is resolved into "
        "the poses; a URDF's base is the root of its joint tree"),
    "model/@placement_frame": reported("ELEMENT_DROPPED", _PLACEMENT),
    "model/pose": reported("ELEMENT_DROPPED", _PLACEMENT),
    "model/{custom}": carried(GAZEBO),
    "model/static": carried(GAZEBO),
    "model/self_collide": carried(GAZEBO),
    "model/allow_auto_disable": carried(GAZEBO),
    "model/enable_wind": carried(GAZEBO),
    "model/plugin": carried(GAZEBO),
    "model/gripper": carried(GAZEBO),
    "model/include": translated("the model it names", resolved=True,
                                why="read as libsdformat reads it; its model is converted "
                                "as a nested model"),
    "model/include/placement_frame": translated("the joint origins", resolved=True),
    "model/include/static": reported("ELEMENT_DROPPED", "URDF has no static part of a "
                                     "robot (reported at the included model, in its file)"),
    "model/include/plugin": reported("ELEMENT_DROPPED", "a nested model's own content has "
                                     "no place once flattened"),
    "model/model": translated("links and joints", resolved=True,
                              why="nested models are flattened (::-scoped names); their "
                              "links, joints, frames and models as the model's"),
    "model/model/pose": translated("the joint origins", resolved=True),
    "model/model/*": reported("ELEMENT_DROPPED", "a nested model's own content has no "
                              "place once flattened"),
    "model/model/{custom}": reported("ELEMENT_DROPPED", "a nested model's own content has "
                                     "no place once flattened"),
    "model/model/static": reported("ELEMENT_DROPPED", "URDF has no static part of a robot",
                                   at_parent=True),
    "model/frame": carried(SDF_FRAME, why="a massless link on a fixed joint, marked"),
    "model/frame/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
    # -- links ------------------------------------------------------------------------
    "model/link": translated("robot/link"),
    "model/link/{custom}": carried(GAZEBO),
    "model/link/pose": translated("the joint origins", resolved=True,
                                  why="a URDF link frame is its parent joint's; the root "
                                  "link's pose in the model frame is reported "
                                  "(ELEMENT_DROPPED): " + _PLACEMENT),
    "model/link/inertial": translated("link/inertial"),
    "model/link/inertial/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
    "model/link/inertial/pose": translated("inertial/origin", resolved=True),
    # SDFormat 1.11: mass properties computed from the collisions (sdf/auto_inertial.py)
    "model/link/inertial/@auto": translated("inertial", resolved=True),
    "model/link/inertial/density": translated("inertial", resolved=True),
    "model/link/inertial/pose/@relative_to": reported(
        "ATTRIBUTE_INVALID", "not SDFormat 1.7: the pose is in the link frame, as "
        "libsdformat reads it"),
    "model/link/visual": translated("link/visual"),
    "model/link/collision": translated("link/collision"),
    "model/link/visual/pose": translated("visual/origin", resolved=True),
    "model/link/collision/pose": translated("collision/origin", resolved=True),
    # everything else a link holds: sensors, lights, projectors, batteries...
    "model/link/enable_wind": carried(GAZEBO),
    "model/link/gravity": carried(GAZEBO),
    "model/link/kinematic": carried(GAZEBO),
    "model/link/must_be_base_link": carried(GAZEBO),
    "model/link/self_collide": carried(GAZEBO),
    "model/link/velocity_decay": carried(GAZEBO),
    "model/link/sensor": carried(GAZEBO),
    "model/link/projector": carried(GAZEBO),
    "model/link/audio_sink": carried(GAZEBO),
    "model/link/audio_source": carried(GAZEBO),
    "model/link/battery": carried(GAZEBO),
    "model/link/light": carried(GAZEBO),
    "model/link/particle_emitter": carried(GAZEBO),
    # -- visuals and collisions -----------------------------------------------------
    "model/link/visual/{custom}": carried(GAZEBO),
    "model/link/visual/cast_shadows": carried(GAZEBO),
    "model/link/visual/laser_retro": carried(GAZEBO),
    "model/link/visual/meta": carried(GAZEBO),
    "model/link/visual/transparency": carried(GAZEBO),
    "model/link/visual/visibility_flags": carried(GAZEBO),
    "model/link/visual/plugin": carried(GAZEBO),
    "model/link/visual/material": translated("visual/material"),
    "model/link/visual/material/{custom}": carried(GAZEBO),
    "model/link/visual/material/diffuse": translated("material/color/@rgba"),
    "model/link/visual/material/ambient": translated(
        "material/color/@rgba", why="the colour when there is no diffuse; else it "
        "travels in <gazebo>"),
    "model/link/visual/material/specular": carried(GAZEBO),
    "model/link/visual/material/emissive": carried(GAZEBO),
    "model/link/visual/material/double_sided": carried(GAZEBO),
    "model/link/visual/material/lighting": carried(GAZEBO),
    "model/link/visual/material/pbr": carried(GAZEBO),
    "model/link/visual/material/render_order": carried(GAZEBO),
    "model/link/visual/material/script": carried(GAZEBO),
    "model/link/visual/material/shader": carried(GAZEBO),
    "model/link/collision/{custom}": carried(GAZEBO),
    "model/link/collision/laser_retro": carried(GAZEBO),
    "model/link/collision/max_contacts": carried(GAZEBO),
    "model/link/collision/surface": carried(GAZEBO),
    # SDFormat 1.11: what <inertial auto="true"> computes from
    "model/link/collision/density": carried(GAZEBO, back="ELEMENT_DROPPED", why=_LATER),
    "model/link/collision/auto_inertia_params": carried(GAZEBO, back="ELEMENT_DROPPED",
                                                       why=_LATER),
    **{f"model/link/{kind}/geometry{path}": fate for kind in ("visual", "collision")
       for path, fate in {
           "": translated("geometry"),
           "/{custom}": reported("ELEMENT_DROPPED", "a <geometry> holds one shape"),
           "/empty": reported("ELEMENT_DROPPED", "no shape"),
           "/box": translated("box"),
           "/cylinder": translated("cylinder"),
           "/sphere": translated("sphere"),
           "/mesh": translated("mesh"),
           "/box/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
           "/cylinder/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
           "/sphere/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
           "/mesh/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
           # SDFormat 1.11's <mesh optimization>: a shape's attributes are not read
           "/mesh/@optimization": reported("ELEMENT_DROPPED", _NOT_READ),
           "/mesh/submesh": reported(
               "NO_URDF_EQUIVALENT", "a URDF mesh is a whole file",
               lossy=carried(SDF_SUBMESH, code="VALUE_APPROXIMATED",
                             why="the whole mesh is written")),
           "/heightmap": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                                  lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
           "/image": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                              lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
           "/plane": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                              lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
           "/polyline": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                                 lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
           # SDFormat 1.8 and later
           "/capsule": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                                lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
           "/ellipsoid": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                                  lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
           "/cone": reported("NO_URDF_EQUIVALENT", _NO_SHAPE,
                             lossy=reported("ELEMENT_DROPPED", _NO_SHAPE)),
       }.items()},
    # -- joints ---------------------------------------------------------------------
    "model/joint": translated("robot/joint"),
    "model/joint/{custom}": carried(GAZEBO),
    "model/joint/pose": translated("joint/origin", resolved=True),
    "model/joint/@type=ball": reported(
        "NO_URDF_EQUIVALENT", "URDF has no ball joint",
        lossy=translated("three continuous joints", resolved=True, code="VALUE_APPROXIMATED")),
    "model/joint/@type=universal": translated("two revolute joints", resolved=True,
                                              code="VALUE_APPROXIMATED"),
    "model/joint/@type=revolute2": translated("two revolute joints", resolved=True,
                                              code="VALUE_APPROXIMATED"),
    "model/joint/@type=screw": reported(
        "NO_URDF_EQUIVALENT", "URDF has no screw joint",
        lossy=translated("a fixed joint", resolved=True, code="VALUE_APPROXIMATED")),
    "model/joint/@type=gearbox": reported(
        "NO_URDF_EQUIVALENT", "URDF has no gearbox joint",
        lossy=translated("a fixed joint", resolved=True, code="VALUE_APPROXIMATED")),
    "model/joint/axis/{custom}": carried(GAZEBO),
    "model/joint/axis/xyz/@expressed_in": translated("axis/@xyz", resolved=True,
                                                     why="resolved into the joint frame"),
    "model/joint/axis/limit/{custom}": carried(GAZEBO),
    "model/joint/axis/limit/stiffness": carried(GAZEBO),
    "model/joint/axis/limit/dissipation": carried(GAZEBO),
    "model/joint/axis/dynamics/{custom}": reported("ELEMENT_DROPPED", _NOT_READ),
    "model/joint/axis/dynamics/spring_reference": carried(GAZEBO, key="springReference"),
    "model/joint/axis/dynamics/spring_stiffness": carried(GAZEBO, key="springStiffness"),
    "model/joint/axis/initial_position": carried(GAZEBO),
    # SDFormat 1.11: //axis/mimic is URDF's <mimic> (of a leader's first axis)
    "model/joint/axis/mimic": translated("joint/mimic", resolved=True),
    "model/joint/axis2": reported("ELEMENT_DROPPED", "a URDF joint has one axis (a "
                                  "universal or revolute2 joint: two joints)",
                                  at_parent=True),
    "model/joint/gearbox_ratio": carried(GAZEBO),
    "model/joint/gearbox_reference_body": carried(GAZEBO),
    "model/joint/thread_pitch": carried(GAZEBO),
    "model/joint/screw_thread_pitch": carried(GAZEBO, back="ELEMENT_DROPPED", why=_LATER),
    "model/joint/physics": carried(GAZEBO),
    "model/joint/sensor": carried(GAZEBO),
    # -- poses, anywhere (SDFormat 1.9's forms included) -------------------------------
    **{f"{element}/pose/@{key}": translated("origin", resolved=True)
       for element in ("model/link", "model/joint", "model/frame", "model/link/inertial",
                       "model/link/visual", "model/link/collision")
       for key in ("relative_to", "degrees", "rotation_format")
       if (element, key) != ("model/link/inertial", "relative_to")},
    # what a link's sensors, lights... are posed in: re-expressed in the URDF link frame
    **{f"model/link/{tag}/pose/@{key}": translated(f"{GAZEBO} {tag}/pose", resolved=True)
       for tag in POSED_TAGS for key in ("relative_to", "degrees", "rotation_format")},
    # -- a world, when sdf2urdf converts one of its models -----------------------------
    "world": reported("ELEMENT_DROPPED", _WORLD),
    "world/*": reported("ELEMENT_DROPPED", _WORLD),
    "world/model": translated("robot", why="the model converted (the others: reported)"),
    "world/joint": reported("ELEMENT_DROPPED", "a joint of the world, which the URDF "
                            "does not hold"),
}


#: ``<urdf:TAG>``, or a namespaced element as itself (marked ``urdf:kept``)
_CUSTOM = "a URDF element SDFormat has no element for, in the urdf namespace (a namespaced "\
    "one as itself): at the end of its link's <inertial>, joint's <axis>, or <urdf:model>"
_IGNORED = "urdfdom ignores it (URDF_IGNORED, an info); the element travels as written"
_UNREPORTED = "urdfdom ignores it; the element travels as written (not reported)"

#: urdf2sdf: the fate of each URDF element and attribute (urdfdom's: urdf/elements.py;
#: and the extensions found in real files), with the same keys as :data:`SDF_TO_URDF`
URDF_TO_SDF: dict[str, Fate] = {
    "robot": translated("model"),
    "robot/@version": carried("{http://wiki.ros.org/urdf}version"),
    "robot/@{custom}": carried("{http://wiki.ros.org/urdf}robot", code="URDF_IGNORED",
                               why=_IGNORED),
    "robot/{custom}": carried(URDF_CUSTOM, why=_CUSTOM),
    "robot/link": translated("model/link"),
    "robot/link/@{custom}": carried(AS_WRITTEN, code="URDF_IGNORED", why=_IGNORED),
    "robot/link/{custom}": carried(URDF_CUSTOM, why=_CUSTOM),
    "robot/link/inertial": translated("link/inertial"),
    "robot/link/inertial/{custom}": carried(AS_WRITTEN, why="a link with it travels as "
                                            "written"),
    # attributes urdfdom ignores where urdfsdf does not report them (urdf/elements.py)
    "robot/link/inertial/@{custom}": carried(AS_WRITTEN, why=_UNREPORTED),
    "robot/link/inertial/origin/@{custom}": carried(AS_WRITTEN, code="URDF_IGNORED",
                                                    why=_IGNORED),
    "robot/link/inertial/mass/@{custom}": carried(AS_WRITTEN, code="URDF_IGNORED",
                                                  why=_IGNORED),
    "robot/link/inertial/inertia/@{custom}": carried(AS_WRITTEN, code="URDF_IGNORED",
                                                     why=_IGNORED),
    "robot/material/@{custom}": carried("{http://wiki.ros.org/urdf}material",
                                        why=_UNREPORTED),
    "robot/link/visual": translated("link/visual"),
    "robot/link/visual/{custom}": carried(URDF_CUSTOM, why=_CUSTOM),
    "robot/link/visual/material": translated(
        "visual/material", why="its colour as ambient and diffuse; its name and texture "
        "as urdf: attributes of the visual"),
    "robot/link/visual/material/@{custom}": carried(AS_WRITTEN, why=_UNREPORTED),
    "robot/link/collision": translated("link/collision"),
    "robot/link/collision/{custom}": carried(URDF_CUSTOM, why=_CUSTOM),
    **{f"robot/link/{kind}/geometry{path}": fate for kind in ("visual", "collision")
       for path, fate in {
           "/capsule": carried(AS_WRITTEN, code="ELEMENT_DROPPED",
                               why="SDFormat 1.7 has no capsule: the link travels as "
                               "written"),
           **{f"/drake:{shape}": translated(
               f"geometry/{shape}", code="ELEMENT_INVALID",
               why=f"Drake's {shape} (urdfdom skips the {kind}: reported): <drake:{shape}> "
               f"in SDFormat 1.7 (Drake's form; libsdformat reads an empty geometry), "
               f"<{shape}> from 1.8; the link travels as written")
              for shape in ("capsule", "ellipsoid")},
           "/mesh/{custom}": carried(AS_WRITTEN, why="a link with it travels as written"),
           "/@{custom}": carried(AS_WRITTEN, why=_UNREPORTED),
           "/mesh/submesh": translated("mesh/submesh", why="sdf2urdf --lossy's carrier of "
                                       "an SDF //mesh/submesh"),
       }.items()},
    "robot/joint": translated("model/joint"),
    "robot/joint/@{custom}": carried(AS_WRITTEN, code="URDF_IGNORED", why=_IGNORED),
    "robot/joint/{custom}": carried(URDF_CUSTOM, why=_CUSTOM),
    "robot/joint/@type=floating": carried("{http://wiki.ros.org/urdf}joint",
                                          code="VALUE_APPROXIMATED",
                                          why="SDFormat 1.7 has no floating joint: the "
                                          "child link is free in the SDF"),
    "robot/joint/@type=planar": carried("{http://wiki.ros.org/urdf}joint",
                                        code="VALUE_APPROXIMATED",
                                        why="SDFormat 1.7 has no planar joint: the child "
                                        "link is free in the SDF"),
    "robot/joint/mimic": carried("{http://wiki.ros.org/urdf}mimic",
                                 why="//axis/mimic from SDFormat 1.11 (--sdf-version)"),
    "robot/joint/safety_controller": carried("{http://wiki.ros.org/urdf}safety_controller"),
    "robot/joint/calibration": carried("{http://wiki.ros.org/urdf}calibration"),
    "robot/drake:joint": translated(
        "model/joint", code="URDF_TREE_INVALID",
        why="Drake's joint (urdfdom and PyBullet ignore it: reported): of type ball or "
        "universal, an SDF joint of that type (universal: axis x, axis2 y, as Drake reads "
        "it; effort 0, as Drake actuates neither) travelling as written; of another type "
        "(planar...), SDFormat has none: carried as written in <urdf:model>"),
    "robot/material": carried("{http://wiki.ros.org/urdf}material",
                              why="a top-level material: in <urdf:model>"),
    # -- the extensions found in real files ------------------------------------------
    "robot/gazebo": carried(URDF_GAZEBO, why="applied as libsdformat applies it, and "
                            "carried as written"),
    "robot/transmission": carried("{http://wiki.ros.org/urdf}transmission"),
    "robot/ros2_control": carried("{http://wiki.ros.org/urdf}ros2_control"),
    "robot/mujoco": carried("{http://wiki.ros.org/urdf}mujoco"),
}


def fate_of(path: str, table: dict[str, Fate] | None = None) -> tuple[Fate, str]:
    """The fate of the element or attribute at ``path`` (module docstring) in ``table``
    (default: :data:`SDF_TO_URDF`), and the path of the element whose entry it is (a
    reported one is reported at that element's line, or its parent's)."""
    table = SDF_TO_URDF if table is None else table
    if path.startswith("model/model/") and path.split("/")[2] in _MODEL_CHILDREN:
        # a nested model's links, joints...: as the model's
        fate, at = fate_of(path[len("model/"):], table)
        return fate, f"model/{at}"
    if path in table:
        return table[path], path
    head, _, last = path.rpartition("/")
    if last.startswith("@") and last != "@{custom}":  # with its element, unless named
        key = path.partition("=")[0]
        return (table[key], head) if key in table else fate_of(head, table)
    if last in ("{custom}", "@{custom}"):
        return _custom_fate(path, last, table)
    if _undefined(path):
        return _custom_fate(path, "{custom}", table)
    while True:
        parent, sep, _ = path.rpartition("/")
        if sep and f"{parent}/*" in table:
            return table[f"{parent}/*"], path
        if not sep:
            raise KeyError(f"no fate for {path!r}")
        path = parent
        if path in table:
            return table[path], path


def _custom_fate(path: str, key: str, table: dict[str, Fate]) -> tuple[Fate, str]:
    """The fate of a custom child (``key`` ``{custom}``) or attribute (``@{custom}``) at
    ``path``: its element's, when that element travels or is reported with what it
    holds; else the nearest entry for custom ones of it or an ancestor."""
    head = path.rpartition("/")[0]
    fate, at = fate_of(head, table)
    if fate.kind != "translated":
        return fate, at
    found = _custom_entry(head, table, key)
    if found is None:
        raise KeyError(f"no fate for {path!r}: not declared for the custom ones of an "
                       "element translated")
    return found, head if key == "@{custom}" else path


#: what a nested model holds as its model does (fate_of)
_MODEL_CHILDREN = ("link", "joint", "frame", "model", "include")


def _undefined(path: str) -> bool:
    """The element at ``path`` is not one SDFormat 1.7 defines there (a model's or a
    world's)."""
    from urdfsdf.sdf.schema import node_at

    return path.startswith(("model/", "world/")) and node_at(path) is None


def _custom_entry(path: str, table: dict[str, Fate], key: str = "{custom}"
                  ) -> Fate | None:
    """The nearest ``{custom}`` (``key``) entry of the element at ``path`` or an ancestor."""
    while path:
        found = table.get(f"{path}/{key}")
        if found is not None:
            return found
        path = path.rpartition("/")[0]
    return None
