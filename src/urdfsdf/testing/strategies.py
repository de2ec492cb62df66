"""Hypothesis strategies: random URDF and SDFormat documents, random joint values.

The public ones (:mod:`urdfsdf.testing` re-exports them):

- :func:`urdf_documents`: URDF text; keyword options choose what it holds;
- :func:`sdf_documents`: SDFormat text (1.7 by default); keyword options choose
  frames, relative_to chains, non-URDF-shaped poses, nested models, worlds...;
- :func:`joint_values`: joint values within a model's limits.

Examples are small (at most 8 links by default) and shrink well: a URDF's links
are a list whose elements each hold a link with its joint (a shrink drops a link
whole), names and numbers come from pools sorted simplest first, and rare
features are off when shrunk, so a failing case shrinks to a few links with
short names.  What they generate (urdfsdf's own
lossless round-trip properties, ``tests/translate/test_lossless_property.py``,
run on them):

- :func:`urdf_documents`: URDF text using every optional element urdfdom reads
  and urdfsdf carries through SDF (see the README's "Lossless round trips"
  table): ``robot@version``; top-level named materials (colour, texture,
  both); links with and without ``<inertial>``; named, unnamed and
  same-named visuals/collisions with or without ``<origin>`` (and with only
  ``xyz`` or only ``rpy``); box, cylinder, sphere, mesh with/without scale;
  inline materials and references to named ones; material children URDF does
  not define; unknown elements in links, visuals, collisions and joints (an
  empty attribute value too); joints of all six types with origin, axis (a
  zero axis on fixed/floating joints too), limit (with and without
  lower/upper; effort and velocity -1.0, a sentinel, now and then), dynamics, mimic,
  safety_controller, calibration; transmissions in ROS 1 and ROS 2 form; a
  ``<ros2_control>`` block; ``<gazebo>`` blocks with no reference, a link
  reference and a joint reference; names SDFormat forbids (``world``,
  ``__x__``, a joint named like a link).  Random trees (each link's parent is
  an earlier link), random names, numbers in random text forms (``2``,
  ``-0``, ``0.100``, ``.5``, ``+1``, ``1e-3``, ``2.5E+02``...), random token
  separators, random document order of the robot's children.

- :func:`sdf_models` (under :func:`sdf_documents`, which may also nest models,
  put them in a world and write another version): SDFormat 1.7 models on
  random link trees with
  revolute, prismatic, fixed and continuous joints; poses ``relative_to``
  earlier frames (and every default); explicit ``//frame`` elements with
  ``attached_to``; axes ``expressed_in`` other frames; sensors (link and
  joint), plugins (model and sensor), lights; collision surface/contact
  parameters; ``self_collide``, ``gravity``, ``kinematic``; visual materials
  (colours, script); joint dynamics (with spring values), limit extras, axis
  extras and ``//joint/physics``.  A "parity" mode writes URDF-shaped models
  so sdf2urdf's copy path runs too.

:class:`UrdfOptions` and :class:`SdfOptions` hold every switch (also ones that
turn off a feature while a bug in it is open, so the main properties stay green
while each bug has its own test).  This module needs hypothesis (``pip install
'urdfsdf[testing]'``); no other urdfsdf module imports it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import field, replace
from typing import Any, TypeVar

from hypothesis import strategies as st
from lxml import etree

from urdfsdf.core.ir import INERTIA_KEYS, URDF_JOINT_TYPES
from urdfsdf.core.record import mutable_record, record

# -- names and numbers -------------------------------------------------------
#
# Shrinking: integers shrink towards 0, booleans towards False, sampled_from
# towards its first element; so a rare feature is drawn as ``integers(0, N) == N``
# (not ``== 0``) and a shrunk example leaves it out.
#
# Names and number texts are drawn from fixed pools made once with a seeded
# random generator: one draw per value keeps generation fast (a whole example
# costs a few ms) and shrinking short (pools are sorted simplest first).

FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
REST = FIRST + "0123456789_"
LOWER = "abcdefghijklmnopqrstuvwxyz"


def _reserved(name: str) -> bool:
    return name == "world" or (name.startswith("__") and name.endswith("__"))


def _name_pool(first: str, rest: str, size: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    pool = set(first)
    while len(pool) < size:
        pool.add(rng.choice(first) + "".join(rng.choice(rest)
                                             for _ in range(rng.randint(1, 7))))
    return sorted((n for n in pool if not _reserved(n)), key=lambda n: (len(n), n))


_NAME_POOL = _name_pool(FIRST, REST, 400, 1)
_PLAIN_POOL = _name_pool(LOWER, LOWER + "0123456789", 400, 2)
#: random names from a safe alphabet (never a name SDFormat reserves)
NAMES = st.sampled_from(_NAME_POOL)
#: names without ``_``: cannot clash with the names urdfsdf makes (``F_joint``...)
PLAIN_NAMES = st.sampled_from(_PLAIN_POOL)


@st.composite
def _unique_names(draw: st.DrawFn, count: int, pool: list[str]) -> list[str]:
    # Two draws, not one per name: a start and a stride coprime to the pool size walk
    # the pool without repeating, and shrink to its simplest names (start 0, stride 1).
    # A list of unique draws costs two choices per name, and the shrinker tries each.
    size = len(pool)
    start = draw(st.integers(0, size - 1))
    stride = draw(st.sampled_from([s for s in (1, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43)
                                   if math.gcd(s, size) == 1]))
    return [pool[(start + k * stride) % size] for k in range(count)]


def unique_names(count: int, plain: bool = False) -> st.SearchStrategy[list[str]]:
    """``count`` different names of :data:`NAMES` (of :data:`PLAIN_NAMES` if ``plain``)."""
    return _unique_names(count, _PLAIN_POOL if plain else _NAME_POOL)


def _number_pool(seed: int) -> list[str]:
    """Finite numbers in the text forms people write: ``2``, ``-0``, ``0.100``,
    ``.5``, ``+1``, ``1e-3``, ``2.5E+02``, ``7e+03``..."""
    rng = random.Random(seed)
    pool = {"0", "1", "2", "-1", "0.5", "-0", "0.0", "-0.0", "0.000", "+0", "1.0", "+1",
            ".5", "1e-3", "2.5E+02", "1e0", "-1e-06"}
    while len(pool) < 600:
        sign = rng.choice(["", "", "", "-", "+"])
        form = rng.choice(["int", "dec", "dec", "dot", "sci", "sci"])
        digits = "0123456789"
        if form == "int":
            body = str(rng.randint(0, 99))
        elif form == "dec":
            body = f"{rng.randint(0, 99)}." + "".join(rng.choice(digits)
                                                      for _ in range(rng.randint(1, 4)))
        elif form == "dot":
            body = "." + "".join(rng.choice(digits) for _ in range(rng.randint(1, 3)))
        else:
            body = str(rng.randint(1, 9))
            if rng.random() < 0.5:
                body += "." + "".join(rng.choice(digits) for _ in range(rng.randint(1, 3)))
            exp = rng.randint(-6, 3)
            body += rng.choice("eE") + rng.choice([str(exp), f"{exp:+d}", f"{exp:+03d}"])
        pool.add(sign + body)
    return sorted(pool, key=lambda t: (len(t), t))


_NUMBERS = _number_pool(3)


def _pool(negative: bool, nonzero: bool, limit: float) -> st.SearchStrategy[str]:
    return st.sampled_from([t for t in _NUMBERS
                            if (negative or not t.startswith("-") or float(t) == 0.0)
                            and (not nonzero or float(t) != 0.0) and abs(float(t)) <= limit])


_POOLS = {(n, z, lim): _pool(n, z, lim) for n in (True, False) for z in (True, False)
          for lim in (1e4, 10.0, 4.0)}


def number_text(negative: bool = True, nonzero: bool = False, limit: float = 1e4
                ) -> st.SearchStrategy[str]:
    """A finite number as text, ``|value| <= limit`` (1e4, 10 or 4)."""
    return _POOLS[(negative, nonzero, limit)]


#: urdfdom splits vectors on spaces only (a tab is an error); SDFormat on any whitespace
URDF_SEPARATORS = (" ", " ", "  ")
SDF_SEPARATORS = (" ", " ", "  ", "\t", " \n ")


def vector_text(draw: st.DrawFn, count: int, separators: tuple[str, ...] = URDF_SEPARATORS,
                *, negative: bool = True, nonzero: bool = False, limit: float = 1e4) -> str:
    """``count`` numbers joined by random whitespace (:func:`number_text`)."""
    sep = draw(st.sampled_from(separators))
    return sep.join(draw(number_text(negative, nonzero, limit)) for _ in range(count))


UNIT = st.sampled_from(["0", "1", "0.5", ".25", "1.0", "0.8", "1e-1", "0.333", "-0"])


def rgba_text(draw: st.DrawFn) -> str:
    return " ".join(draw(UNIT) for _ in range(4))


# -- URDF --------------------------------------------------------------------


def _sub(parent: etree._Element, tag: str, text: str | None = None,
         **attrib: str) -> etree._Element:
    el = etree.SubElement(parent, tag, attrib)
    el.text = text
    return el


def _origin(draw: st.DrawFn, parent: etree._Element) -> None:
    kind = draw(st.sampled_from(["none", "both", "both", "xyz", "rpy", "empty"]))
    if kind == "none":
        return
    attrib = {}
    if kind in ("both", "xyz"):
        attrib["xyz"] = vector_text(draw, 3)
    if kind in ("both", "rpy"):
        attrib["rpy"] = vector_text(draw, 3)
    _sub(parent, "origin", **attrib)


def _geometry(draw: st.DrawFn, parent: etree._Element) -> None:
    g = _sub(parent, "geometry")
    kind = draw(st.sampled_from(["box", "cylinder", "sphere", "mesh", "mesh"]))
    pos: dict[str, bool] = {"negative": False, "nonzero": True}
    if kind == "box":
        _sub(g, "box", size=vector_text(draw, 3, negative=False, nonzero=True))
    elif kind == "cylinder":
        _sub(g, "cylinder", radius=draw(number_text(**pos)), length=draw(number_text(**pos)))
    elif kind == "sphere":
        _sub(g, "sphere", radius=draw(number_text(**pos)))
    else:
        uri = draw(st.sampled_from(["package://robot_description/meshes/{}.dae",
                                    "package://robot_description/meshes/{}.STL",
                                    "file:///opt/robot/meshes/{}.stl", "meshes/{}.obj"]))
        attrib = {"filename": uri.format(draw(NAMES))}
        if draw(st.booleans()):
            attrib["scale"] = vector_text(draw, 3, nonzero=True)
        _sub(g, "mesh", **attrib)


def _unknown(draw: st.DrawFn, parent: etree._Element) -> None:
    """An element URDF does not define (urdfdom ignores it; urdfsdf carries it)."""
    el = _sub(parent, draw(st.sampled_from(["ext_data", "contact_info", "drake_note"])),
              key=draw(st.one_of(NAMES, st.just(""))))  # an empty value too
    if draw(st.booleans()):
        el.text = draw(number_text())
    if draw(st.booleans()):
        _sub(el, "value", draw(NAMES))




@record
class UrdfOptions:
    """What :func:`urdf_documents` generates (its keyword arguments set these)."""

    #: the number of links: at least, at most (1 <= min <= max)
    min_links: int = 1
    max_links: int = 8
    #: the joint types drawn from (URDF's six)
    joint_types: tuple[str, ...] = URDF_JOINT_TYPES
    #: links with <inertial> (else every link is massless)
    inertials: bool = True
    visuals: bool = True
    collisions: bool = True
    #: top-level and inline <material>s
    materials: bool = True
    #: <gazebo> blocks
    gazebo: bool = True
    #: <transmission> and <ros2_control> blocks
    extensions: bool = True
    #: elements URDF does not define, in links, visuals, collisions and joints
    unknown_elements: bool = True

    #: ``<gazebo><static>true</static></gazebo>`` (duplicated by the round trip)
    gazebo_static_true: bool = True
    #: ``springReference``/``springStiffness`` in ``<gazebo reference=JOINT>``
    gazebo_springs: bool = True
    #: names SDFormat forbids (world, __x__, joint named like a link)
    forbidden_names: bool = True
    #: floating/planar joints with a name SDFormat forbids (``__x__``, a link's
    #: name) or whose parent or child has one (``world``, ``__x__``): the
    #: carried ``<urdf:joint>`` keeps the old names, references get the new
    floating_with_renamed_names: bool = True
    #: ``<visual name><material>`` (ambient, specular, emissive) in a link's block
    gazebo_visual_materials: bool = True


_Opt = TypeVar("_Opt", "UrdfOptions", "SdfOptions")


def _with_options(opt: _Opt, changes: dict[str, Any], links: tuple[int, int] | None,
                  joint_types: Iterable[str] | None, allowed: tuple[str, ...],
                  allowed_words: str) -> _Opt:
    """``opt`` with a strategy's keyword options, the link range and joint types checked."""
    if links is not None:
        changes["min_links"], changes["max_links"] = links
    if joint_types is not None:
        changes["joint_types"] = tuple(joint_types)
    opt = replace(opt, **changes)
    if not 1 <= opt.min_links <= opt.max_links <= 100:
        raise ValueError(f"links={(opt.min_links, opt.max_links)}: need 1 <= min <= max "
                         "<= 100")
    bad = set(opt.joint_types) - set(allowed)
    if bad or not opt.joint_types:
        raise ValueError(f"joint_types: {sorted(bad) or 'none'}; {allowed_words} {allowed}")
    return opt


def urdf_documents(options: UrdfOptions | None = None, *,
                   links: tuple[int, int] | None = None,
                   joint_types: Iterable[str] | None = None,
                   inertials: bool | None = None, visuals: bool | None = None,
                   collisions: bool | None = None, materials: bool | None = None,
                   gazebo: bool | None = None, extensions: bool | None = None,
                   unknown_elements: bool | None = None,
                   forbidden_names: bool | None = None) -> st.SearchStrategy[str]:
    """Random URDF documents (text) that urdfdom accepts.

    ``links=(1, 3)``: between 1 and 3 links (default 1-8, a random tree);
    ``joint_types``: drawn from these (default URDF's six); ``inertials``,
    ``visuals``, ``collisions``, ``materials``, ``gazebo`` (``<gazebo>`` blocks),
    ``extensions`` (``<transmission>``, ``<ros2_control>``), ``unknown_elements``
    (elements URDF does not define) and ``forbidden_names`` (names SDFormat
    forbids: ``world``, ``__x__``, a joint named like a link): False leaves them
    out.  ``options`` (:class:`UrdfOptions`) is the base the keywords change.
    """
    opt = options or UrdfOptions()
    changes: dict[str, Any] = {k: v for k, v in (
        ("inertials", inertials), ("visuals", visuals), ("collisions", collisions),
        ("materials", materials), ("gazebo", gazebo), ("extensions", extensions),
        ("unknown_elements", unknown_elements), ("forbidden_names", forbidden_names))
        if v is not None}
    opt = _with_options(opt, changes, links, joint_types, URDF_JOINT_TYPES, "URDF has")
    return _urdf_documents(opt)


@mutable_record
class _UrdfPart:
    """One link of :func:`_urdf_documents` with the joint that leads to it (unused for
    the first link), drawn together so that a shrink can drop a link whole; names
    are given once the number of links is known."""

    link: etree._Element
    joint: etree._Element
    jtype: str
    #: the parent: earlier link number ``parent_pick % i`` (0, the first, when shrunk)
    parent_pick: int
    #: (element, pick) of ``<material>`` references to top-level materials
    material_refs: list[tuple[etree._Element, int]]
    #: inline ``<material>`` elements, named afterwards (unique names)
    inline_materials: list[etree._Element]
    #: (visual|collision, name) of the named shapes
    shapes: list[tuple[str, str]]
    #: (element, pick) of ``<mimic>``: another joint, chosen afterwards
    mimic: tuple[etree._Element, int] | None


@st.composite
def _urdf_part(draw: st.DrawFn, opt: UrdfOptions, n_materials: int) -> _UrdfPart:
    jtype = draw(st.sampled_from(opt.joint_types))
    parent_pick = draw(st.integers(0, 1 << 16))
    part = _UrdfPart(etree.Element("link"), etree.Element("joint", type=jtype), jtype,
                     parent_pick, [], [], [], None)
    if opt.inertials and draw(st.booleans()):
        _urdf_inertial(draw, part.link)
    _urdf_shapes(draw, opt, part, n_materials)
    if opt.unknown_elements and draw(st.integers(0, 7)) == 7:
        _unknown(draw, part.link)
    _urdf_joint(draw, opt, part)
    return part


def _urdf_inertial(draw: st.DrawFn, link: etree._Element) -> None:
    inertial = _sub(link, "inertial")
    _origin(draw, inertial)
    _sub(inertial, "mass", value=draw(number_text(negative=False)))
    _sub(inertial, "inertia", **{k: draw(number_text(negative=k[1] != k[2]))
                                 for k in INERTIA_KEYS})


def _urdf_shapes(draw: st.DrawFn, opt: UrdfOptions, part: _UrdfPart, n_materials: int
                 ) -> None:
    """0-3 visuals and 0-3 collisions: unnamed, named, and now and then a repeated name."""
    shape_names = draw(unique_names(2))  # a small pool of names
    kinds = [k for k, on in (("visual", opt.visuals), ("collision", opt.collisions)) if on]
    for kind in kinds:
        for _ in range(draw(st.integers(0, 3))):
            el = _sub(part.link, kind)
            n = draw(st.sampled_from([None, None, "fresh", "fresh", shape_names[0],
                                      shape_names[1]]))
            if n == "fresh":
                n = draw(NAMES)
            if n is not None:
                el.set("name", n)
                part.shapes.append((kind, n))
            _origin(draw, el)
            _geometry(draw, el)
            if kind == "visual" and opt.materials:
                _urdf_visual_material(draw, part, el, n_materials)
            if opt.unknown_elements and draw(st.integers(0, 7)) == 7:
                _unknown(draw, el)


def _urdf_visual_material(draw: st.DrawFn, part: _UrdfPart, visual: etree._Element,
                          n_materials: int) -> None:
    """None, a reference to a top-level material, or an inline one (named afterwards)."""
    kind = draw(st.sampled_from(["none", "ref", "color", "texture", "both"]))
    if kind == "none" or (kind == "ref" and not n_materials):
        return
    if kind == "ref":
        part.material_refs.append((_sub(visual, "material"),
                                   draw(st.integers(0, n_materials - 1))))
        return
    m = _sub(visual, "material")
    part.inline_materials.append(m)
    if kind in ("color", "both"):
        _sub(m, "color", rgba=rgba_text(draw))
    if kind in ("texture", "both"):
        _sub(m, "texture", filename="")  # named with the material
    if draw(st.integers(0, 5)) == 5:  # a child URDF does not define (pybullet's)
        _sub(m, "specular", rgb=" ".join(draw(UNIT) for _ in range(3)))


def _urdf_joint(draw: st.DrawFn, opt: UrdfOptions, part: _UrdfPart) -> None:
    """The joint's content (names and links are set afterwards)."""
    j, jtype = part.joint, part.jtype
    _origin(draw, j)
    _sub(j, "parent")
    _sub(j, "child")
    _urdf_axis(draw, j, jtype)
    _urdf_limit(draw, j, jtype)
    if draw(st.booleans()):  # urdfdom needs damping or friction
        _sub(j, "dynamics", **(_some(draw, ("damping", "friction"))
                               or {"damping": draw(number_text())}))
    if draw(st.integers(0, 3)) == 3:
        part.mimic = (_sub(j, "mimic", **_some(draw, ("multiplier", "offset"))),
                      draw(st.integers(0, 1 << 16)))
    if draw(st.integers(0, 3)) == 3:
        attrib = {"k_velocity": draw(number_text(negative=False))}
        attrib.update(_some(draw, ("soft_lower_limit", "soft_upper_limit", "k_position")))
        _sub(j, "safety_controller", **attrib)
    if draw(st.integers(0, 3)) == 3:
        _sub(j, "calibration", **_some(draw, ("rising", "falling", "reference_position")))
    if opt.unknown_elements and draw(st.integers(0, 9)) == 9:
        _unknown(draw, j)


def _urdf_axis(draw: st.DrawFn, j: etree._Element, jtype: str) -> None:
    """An axis: half the time on a movable joint (never zero), now and then on others."""
    movable = jtype in ("revolute", "continuous", "prismatic", "planar")
    if not (draw(st.booleans()) if movable else draw(st.integers(0, 3)) == 3):
        return
    xyz = vector_text(draw, 3)
    while movable and all(float(t) == 0.0 for t in xyz.split()):
        xyz = vector_text(draw, 3)
    _sub(j, "axis", xyz=xyz)


def _urdf_limit(draw: st.DrawFn, j: etree._Element, jtype: str) -> None:
    """A limit: always on a revolute or prismatic joint, now and then on others."""
    if not (jtype in ("revolute", "prismatic") or draw(st.integers(0, 3)) == 3):
        return
    # now and then the "no limit" sentinel of some vendor URDFs (urdfdom reads it)
    attrib = {k: "-1.0" if draw(st.integers(0, 9)) == 9 else draw(number_text(
        negative=False)) for k in ("effort", "velocity")}
    for k in ("lower", "upper"):
        if draw(st.integers(0, 3)) > 0:
            attrib[k] = draw(number_text())
    _sub(j, "limit", **attrib)


@st.composite
def _urdf_documents(draw: st.DrawFn, opt: UrdfOptions) -> str:
    # Everything whose size depends on the number of links is drawn before the
    # links, at its largest: a shrink that drops a link leaves the rest aligned.
    n_materials = draw(st.integers(0, 3)) if opt.materials else 0
    most = opt.max_links
    names = draw(unique_names(2 * most + 3))
    inline_pool = draw(unique_names(3 * most + 3))
    special = draw(st.sampled_from(["none", "none", "world_root", "world", "reserved_link",
                                    "reserved_joint", "joint_as_link"])
                   if opt.forbidden_names else st.just("none"))
    special_picks = (draw(st.integers(0, 1 << 16)), draw(st.integers(0, 1 << 16)))
    parts = draw(st.lists(_urdf_part(opt, n_materials), min_size=opt.min_links,
                          max_size=opt.max_links))
    n_links = len(parts)
    link_names = names[:n_links]
    joint_names = names[most:most + n_links - 1]
    material_names = names[2 * most:2 * most + n_materials]
    if n_links > 1:
        _forbidden_name(special, special_picks, link_names, joint_names)

    robot = etree.Element("robot", name=names[-1])
    if draw(st.booleans()):
        robot.set("version", "1.0")
    kids = [_top_material(draw, name) for name in material_names]
    # inline material names: unique, and not a top-level name (urdfdom would use that)
    inline_names = [n for n in inline_pool if n not in material_names]
    shapes: dict[tuple[str, str], list[str]] = {}  # (link, kind) -> named shapes
    for li, (lname, part) in enumerate(zip(link_names, parts, strict=True)):
        kids.append(part.link)
        _name_link(draw, part, lname, li, material_names, inline_names, shapes)
    joints: list[tuple[str, str, str, str]] = []  # name, type, parent, child
    for i in range(1, n_links):
        joints.append(_name_joint(opt, parts[i], i, link_names, joint_names))
        kids.append(parts[i].joint)
    kids += _extension_blocks(draw, opt, link_names, joints, shapes)

    order = draw(st.permutations(range(len(kids))))
    for i in order:
        robot.append(kids[i])
    text = etree.tostring(robot, pretty_print=draw(st.booleans()), encoding="unicode")
    if draw(st.booleans()):
        text = '<?xml version="1.0"?>\n' + text
    return text


def _forbidden_name(special: str, picks: tuple[int, int], link_names: list[str],
                    joint_names: list[str]) -> None:
    """Give a link or joint (not the first link, but for ``world_root``) a name
    SDFormat forbids, as ``special`` says."""
    i = 1 + picks[0] % (len(link_names) - 1)
    if special == "world_root":
        link_names[0] = "world"
    elif special == "world":
        link_names[i] = "world"
    elif special == "reserved_link":
        link_names[i] = f"__{link_names[i]}__"
    elif special == "reserved_joint":
        joint_names[i - 1] = f"__{joint_names[i - 1]}__"
    elif special == "joint_as_link":
        joint_names[i - 1] = link_names[picks[1] % len(link_names)]


def _top_material(draw: st.DrawFn, name: str) -> etree._Element:
    """A top-level material: a colour, a texture or both."""
    m = etree.Element("material", name=name)
    what = draw(st.sampled_from(["color", "texture", "both"]))
    if what in ("color", "both"):
        _sub(m, "color", rgba=rgba_text(draw))
    if what in ("texture", "both"):
        _sub(m, "texture", filename=f"package://robot_description/textures/{name}.png")
    return m


def _name_link(draw: st.DrawFn, part: _UrdfPart, lname: str, index: int,
               material_names: list[str], inline_names: list[str],
               shapes: dict[tuple[str, str], list[str]]) -> None:
    """Name a part's link and its materials (taking ``inline_names``); note its named
    shapes in ``shapes``.  A first link named ``world`` may be emptied (the world)."""
    link = part.link
    link.set("name", lname)
    if lname == "world" and index == 0 and draw(st.booleans()):
        for content in list(link):  # an empty root `world` becomes the world
            link.remove(content)
        return
    for el, pick in part.material_refs:
        el.set("name", material_names[pick])
    for el in part.inline_materials:
        name = inline_names.pop()
        el.set("name", name)
        texture = el.find("texture")
        if texture is not None:
            texture.set("filename", f"package://robot_description/textures/{name}.jpg")
    for kind, name in part.shapes:
        shapes.setdefault((lname, kind), []).append(name)


def _name_joint(opt: UrdfOptions, part: _UrdfPart, i: int, link_names: list[str],
                joint_names: list[str]) -> tuple[str, str, str, str]:
    """Name the joint to link ``i`` (from an earlier link) and what it mimics: (name,
    type, parent, child)."""
    jname = joint_names[i - 1]
    jtype = part.jtype
    parent = link_names[part.parent_pick % i]
    child = link_names[i]
    if not opt.floating_with_renamed_names and jtype in ("floating", "planar") and (
            _reserved(parent) or _reserved(child) or _reserved(jname)
            or jname in link_names):
        jtype = "fixed"
    j = part.joint
    j.attrib.clear()  # name before type, as people write them
    j.set("name", jname)
    j.set("type", jtype)
    for tag, value in (("parent", parent), ("child", child)):
        end = j.find(tag)
        assert end is not None
        end.set("link", value)
    if part.mimic is not None:
        _name_mimic(part.mimic, j, [n for n in joint_names if n != jname])
    return jname, jtype, parent, child


def _name_mimic(mimic: tuple[etree._Element, int], j: etree._Element, others: list[str]
                ) -> None:
    """The joint ``<mimic>`` follows, picked among ``others`` (no other: no mimic)."""
    el, pick = mimic
    if not others:
        j.remove(el)
        return
    drawn = [(str(k), str(v)) for k, v in el.attrib.items()]
    el.attrib.clear()
    el.set("joint", others[pick % len(others)])
    for k, v in drawn:
        el.set(k, v)


def _extension_blocks(draw: st.DrawFn, opt: UrdfOptions, link_names: list[str],
                      joints: list[tuple[str, str, str, str]],
                      shapes: dict[tuple[str, str], list[str]]) -> list[etree._Element]:
    """Transmissions, a ``<ros2_control>`` block and ``<gazebo>`` blocks."""
    joint_list = [j[0] for j in joints]
    extension_names = iter(draw(unique_names(8)))
    blocks = []
    for _ in range(draw(st.integers(0, 2)) if joint_list and opt.extensions else 0):
        blocks.append(_transmission(draw, next(extension_names), joint_list))
    if joint_list and opt.extensions and draw(st.booleans()):
        blocks.append(_ros2_control(draw, next(extension_names), joint_list))
    for _ in range(draw(st.integers(0, 4)) if opt.gazebo else 0):
        blocks.append(_gazebo(draw, opt, link_names, joints, shapes))
    return blocks


def _some(draw: st.DrawFn, keys: tuple[str, ...]) -> dict[str, str]:
    return {k: draw(number_text()) for k in keys if draw(st.booleans())}


def _transmission(draw: st.DrawFn, name: str, joints: list[str]) -> etree._Element:
    t = etree.Element("transmission", name=name)
    joint = draw(st.sampled_from(joints))
    if draw(st.booleans()):  # ROS 1
        _sub(t, "type", "transmission_interface/SimpleTransmission")
        j = _sub(t, "joint", name=joint)
        iface = draw(st.sampled_from(["hardware_interface/EffortJointInterface",
                                      "hardware_interface/PositionJointInterface",
                                      "VelocityJointInterface"]))
        _sub(j, "hardwareInterface", iface)
        a = _sub(t, "actuator", name=f"{name}_motor")
        if draw(st.booleans()):
            _sub(a, "hardwareInterface", iface)
        _sub(a, "mechanicalReduction", draw(number_text(nonzero=True)))
    else:  # ROS 2
        _sub(t, "plugin", "transmission_interface/SimpleTransmission")
        _sub(t, "actuator", name=f"{name}_motor", role="actuator1")
        j = _sub(t, "joint", name=joint, role="joint1")
        _sub(j, "mechanical_reduction", draw(number_text(nonzero=True)))
        if draw(st.booleans()):
            _sub(j, "offset", draw(number_text()))
    return t


def _ros2_control(draw: st.DrawFn, name: str, joints: list[str]) -> etree._Element:
    rc = etree.Element("ros2_control", name=name, type="system")
    hw = _sub(rc, "hardware")
    _sub(hw, "plugin", "mock_components/GenericSystem")
    if draw(st.booleans()):
        _sub(hw, "param", "false", name="calculate_dynamics")
    for joint in draw(st.lists(st.sampled_from(joints), min_size=1, max_size=3, unique=True)):
        j = _sub(rc, "joint", name=joint)
        for iface in draw(st.lists(st.sampled_from(["position", "velocity", "effort"]),
                                   min_size=1, unique=True)):
            c = _sub(j, "command_interface", name=iface)
            if draw(st.booleans()):
                _sub(c, "param", draw(number_text()), name="min")
                _sub(c, "param", draw(number_text()), name="max")
        s = _sub(j, "state_interface", name="position")
        if draw(st.booleans()):
            _sub(s, "param", draw(number_text()), name="initial_value")
    if draw(st.integers(0, 3)) == 3:
        s = _sub(rc, "sensor", name="ft_sensor")
        _sub(s, "state_interface", name="force.x")
        _sub(s, "param", "tool0", name="frame_id")
    return rc


LINK_VALUES = ("mu1", "mu2", "kp", "kd", "minDepth", "maxVel", "maxContacts", "laserRetro",
               "fdir1", "selfCollide", "gravity", "turnGravityOff", "kinematic",
               "dampingFactor", "material", "sensor", "plugin")
JOINT_VALUES = ("provideFeedback", "implicitSpringDamper", "cfmDamping", "stopCfm", "stopErp",
                "fudgeFactor", "sensor")
BOOLS = ("true", "false", "1", "0")


def _gazebo_child(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    """A ``<gazebo>`` key or element, drawn as :data:`GAZEBO_CHILDREN` says (else a
    number)."""
    GAZEBO_CHILDREN.get(tag, _gazebo_number)(draw, g, tag)


def _gazebo_number(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    _sub(g, tag, draw(number_text()))


def _gazebo_bool(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    _sub(g, tag, draw(st.sampled_from(BOOLS)))


def _gazebo_vector(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    _sub(g, tag, vector_text(draw, 3))


def _gazebo_material(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    _sub(g, tag, draw(st.sampled_from(["Gazebo/Orange", "Gazebo/Grey", "Custom/Red"])))


def _gazebo_static(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    _sub(g, tag, draw(st.sampled_from(["true", "1"])))


def _gazebo_sensor(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    stype = draw(st.sampled_from(["camera", "imu", "contact", "force_torque", "ray"]))
    s = _sub(g, "sensor", name=draw(NAMES), type=stype)
    if draw(st.booleans()):
        _sub(s, "pose", vector_text(draw, 6))
    _sub(s, "update_rate", draw(number_text(negative=False)))
    if draw(st.booleans()):
        _sub(s, "always_on", draw(st.sampled_from(BOOLS)))
    if draw(st.booleans()):
        p = _sub(s, "plugin", name=draw(NAMES), filename="libgazebo_ros_sensor.so")
        _sub(p, "frameName", draw(NAMES))


def _gazebo_plugin(draw: st.DrawFn, g: etree._Element, tag: str) -> None:
    p = _sub(g, "plugin", name=draw(NAMES), filename=f"lib{draw(NAMES)}.so")
    for _ in range(draw(st.integers(0, 2))):
        _sub(p, draw(st.sampled_from(["robotNamespace", "updateRate", "param"])),
             draw(number_text()))


#: how a ``<gazebo>`` child is drawn, by tag (others: a number)
GAZEBO_CHILDREN: dict[str, Callable[[st.DrawFn, etree._Element, str], None]] = {
    **dict.fromkeys(("selfCollide", "gravity", "turnGravityOff", "kinematic",
                     "provideFeedback", "implicitSpringDamper", "cfmDamping"), _gazebo_bool),
    "fdir1": _gazebo_vector, "material": _gazebo_material, "sensor": _gazebo_sensor,
    "plugin": _gazebo_plugin, "static": _gazebo_static,
}


def _shape_blob(draw: st.DrawFn, g: etree._Element, kind: str, name: str) -> None:
    """``<visual name>``/``<collision name>`` in a link's block: SDF content for that shape."""
    el = _sub(g, kind, name=name)
    if kind == "visual":
        m = _sub(el, "material")
        for tag in draw(st.lists(st.sampled_from(["ambient", "specular", "emissive"]),
                                 min_size=1, unique=True)):
            _sub(m, tag, rgba_text(draw))
    else:
        s = _sub(el, "surface")
        _sub(_sub(s, "bounce"), "restitution_coefficient", draw(number_text(negative=False)))
        if draw(st.booleans()):
            _sub(el, "laser_retro", draw(number_text()))


def _gazebo(draw: st.DrawFn, opt: UrdfOptions, links: list[str],
            joints: list[tuple[str, str, str, str]],
            shapes: dict[tuple[str, str], list[str]]) -> etree._Element:
    g = etree.Element("gazebo")
    kind = draw(st.sampled_from(["none", "link", "link", "joint"] if joints else
                                ["none", "link"]))
    if kind == "none":
        _model_gazebo(draw, opt, g)
        return g
    if kind == "link":
        tags = _link_gazebo(draw, opt, g, links, shapes)
    else:
        g.set("reference", draw(st.sampled_from(joints))[0])
        tags = list(JOINT_VALUES)
        if opt.gazebo_springs:
            tags += ["springReference", "springStiffness"]
    for tag in draw(st.lists(st.sampled_from(tags), min_size=1, max_size=5, unique=True)):
        _gazebo_child(draw, g, tag)
    return g


def _model_gazebo(draw: st.DrawFn, opt: UrdfOptions, g: etree._Element) -> None:
    """A block without reference: plugins, ``static``."""
    tags = ["plugin", "static_false"] + (["static"] if opt.gazebo_static_true else [])
    for tag in draw(st.lists(st.sampled_from(tags), min_size=1, max_size=3, unique=True)):
        if tag == "static_false":
            _sub(g, "static", "false")
        else:
            _gazebo_child(draw, g, tag)


def _link_gazebo(draw: st.DrawFn, opt: UrdfOptions, g: etree._Element, links: list[str],
                 shapes: dict[tuple[str, str], list[str]]) -> list[str]:
    """A link's block: its reference and shape blobs; the keys it may hold."""
    link = draw(st.sampled_from(links))
    g.set("reference", link)
    for shape in ("visual", "collision") if opt.gazebo_visual_materials else ("collision",):
        if (link, shape) in shapes and draw(st.booleans()):
            _shape_blob(draw, g, shape, draw(st.sampled_from(shapes[(link, shape)])))
    return list(LINK_VALUES)


# -- SDFormat ----------------------------------------------------------------

MODEL = "__model__"


@record
class SdfModel:
    """A generated SDFormat 1.7 model and what the test needs to know of it."""

    xml: str
    name: str
    root: str  # root of the joint tree
    links: list[str]
    joints: dict[str, tuple[str, str, str]]  # name -> (type, parent, child)
    frames: list[str]
    parity: bool  # URDF-shaped: sdf2urdf takes the copy path


SDF_JOINT_TYPES = ("revolute", "prismatic", "fixed", "continuous")


@record
class SdfOptions:
    """What :func:`sdf_models` (and so :func:`sdf_documents`) generates."""

    #: the number of links: at least, at most (1 <= min <= max)
    min_links: int = 1
    max_links: int = 6
    #: the joint types drawn from (revolute twice as often by default)
    joint_types: tuple[str, ...] = ("revolute", "revolute", "prismatic", "fixed", "continuous")
    inertials: bool = True
    visuals: bool = True
    collisions: bool = True
    #: sensors, lights, plugins, surfaces, visual materials, joint physics, axis and
    #: limit extras (what URDF has no element for)
    sdf_only_content: bool = True
    #: poses //pose/@relative_to other frames (else every pose uses its default)
    relative_to: bool = True
    #: URDF-shaped models (sdf2urdf's copy path): True always, False never, None a
    #: quarter of the time
    urdf_shaped: bool | None = None
    #: explicit //frame elements
    frames: bool = True
    #: sensors/lights posed in a frame the URDF moves: the frame of a link that
    #: is not its joint's frame (no relative_to, or relative_to that link), or
    #: ``__model__`` (misplaced by the round trip: known bug)
    link_frame_sensor_poses: bool = True
    #: visual materials whose ambient differs from diffuse (diffuse is lost: known bug)
    different_ambient: bool = True
    #: an unbounded joint's <limit> without effort or velocity (sdf2urdf writes a
    #: URDF <limit> urdfdom rejects: known bug)
    partial_unbounded_limits: bool = True
    #: <dynamics> with spring values but neither damping nor friction (sdf2urdf
    #: writes an empty URDF <dynamics/> urdfdom rejects: known bug)
    spring_only_dynamics: bool = True


def _pose_text(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["zero", "xyz", "full", "full", "locked"]))
    xyz = [draw(number_text(limit=10.0)) for _ in range(3)]
    rpy = [draw(number_text(limit=4.0)) for _ in range(3)]
    if kind == "zero":
        return " ".join(draw(st.sampled_from(["0", "0.0", "-0"])) for _ in range(6))
    if kind == "xyz":
        rpy = ["0", "0", "0"]
    if kind == "locked":  # pitch at gimbal lock
        rpy[1] = draw(st.sampled_from(["1.5707963267948966", "-1.5707963267948966",
                                       "1.5707963"]))
    return " ".join(xyz + rpy)


def _pose(draw: st.DrawFn, parent: etree._Element, relative_to: str | None,
          identity: bool = False) -> None:
    p = _sub(parent, "pose")
    if relative_to is not None:
        p.set("relative_to", relative_to)
    if not identity:
        p.text = _pose_text(draw)


@mutable_record
class _SdfDraft:
    """A model of :func:`sdf_models` being drawn: its names, tree and elements."""

    opt: SdfOptions
    parity: bool
    links: list[str]
    joints: dict[str, tuple[str, str, str]]  # name -> (type, parent, child)
    frames: list[str]
    root: str
    #: child link -> its joint
    up: dict[str, str]
    elements: dict[str, etree._Element] = field(default_factory=dict)
    #: links whose frame is not their joint's frame
    moved_links: set[str] = field(default_factory=set)


@st.composite
def sdf_models(draw: st.DrawFn, options: SdfOptions | None = None) -> SdfModel:
    """A random SDFormat 1.7 model; see the module doc."""
    opt = options or SdfOptions()
    parity = draw(st.integers(0, 3)) == 0 if opt.urdf_shaped is None else opt.urdf_shaped
    # names first, as many as the largest model needs: a shrink to fewer links keeps
    # the draws after it aligned
    most = opt.max_links
    names = draw(unique_names(2 * most + 4, plain=True))
    n_links = draw(st.integers(opt.min_links, most))
    n_frames = 0 if parity or not opt.frames else draw(st.integers(0, 3))
    links = names[:n_links]
    joint_names = names[most:most + n_links - 1]
    tree = draw(st.permutations(links))
    joints: dict[str, tuple[str, str, str]] = {}
    for i, child in enumerate(tree[1:], start=1):
        jtype = draw(st.sampled_from(opt.joint_types))
        joints[joint_names[i - 1]] = (jtype, tree[draw(st.integers(0, i - 1))], child)
    d = _SdfDraft(opt, parity, links, joints, names[2 * most:2 * most + n_frames], tree[0],
                  {c: j for j, (_t, _p, c) in joints.items()})
    everything = links + list(joints) + d.frames
    # every relative_to/attached_to names something earlier in `order`: no cycles
    order = draw(st.permutations(everything))
    for i, name in enumerate(order):
        earlier = list(order[:i])
        if name in links:
            _sdf_link(draw, d, name, earlier)
        elif name in joints:
            _sdf_joint(draw, d, name, earlier)
        else:
            _sdf_frame(draw, d, name, earlier)
    _sdf_contents(draw, d, [None, MODEL, *everything])

    sdf = etree.Element("sdf", version="1.7")
    model = _sub(sdf, "model", name=names[-1])
    for name in draw(st.permutations(everything)):
        model.append(d.elements[name])
    if opt.sdf_only_content:
        _model_plugins(draw, model)
    text = etree.tostring(sdf, pretty_print=True, encoding="unicode")
    return SdfModel(text, names[-1], d.root, links, joints, d.frames, parity)


def _model_plugins(draw: st.DrawFn, model: etree._Element) -> None:
    """0-2 model plugins with 0-2 parameters each."""
    for _ in range(draw(st.integers(0, 2))):
        p = _sub(model, "plugin", name=draw(PLAIN_NAMES), filename=f"lib{draw(PLAIN_NAMES)}.so")
        for _ in range(draw(st.integers(0, 2))):
            _sub(p, draw(st.sampled_from(["topic", "rate", "gain"])), draw(number_text()))


def _sdf_link(draw: st.DrawFn, d: _SdfDraft, name: str, earlier: list[str]) -> None:
    """A link, posed relative_to an ``earlier`` frame or by default (parity: at its
    joint); noted in ``moved_links`` unless at its joint."""
    el = d.elements[name] = etree.Element("link", name=name)
    if d.parity:
        if name != d.root:
            _pose(draw, el, d.up[name], identity=True)
        return
    j = d.up.get(name)
    if d.opt.relative_to and j is not None and j in earlier and draw(st.booleans()):
        _pose(draw, el, j, identity=True)
        return
    rel = draw(st.sampled_from([None, "absent", MODEL, *earlier] if d.opt.relative_to
                               else [None, "absent"]))
    if rel != "absent":
        _pose(draw, el, rel)
    if name != d.root:
        d.moved_links.add(name)


def _sdf_joint(draw: st.DrawFn, d: _SdfDraft, name: str, earlier: list[str]) -> None:
    """A joint, posed relative_to an ``earlier`` frame or by default (parity: its parent)."""
    jtype, parent, child = d.joints[name]
    el = d.elements[name] = etree.Element("joint", name=name, type=jtype)
    if d.parity:
        _pose(draw, el, parent, identity=draw(st.integers(0, 4)) == 0)
    else:
        choices = [MODEL, *earlier] + ([None, "absent"] if child in earlier else [])
        if parent in earlier:
            choices += [parent, parent]
        rel = draw(st.sampled_from(choices if d.opt.relative_to else [None, "absent"]))
        if rel != "absent":
            _pose(draw, el, rel)
    _sub(el, "parent", parent)
    _sub(el, "child", child)


def _sdf_frame(draw: st.DrawFn, d: _SdfDraft, name: str, earlier: list[str]) -> None:
    """An explicit frame attached to an ``earlier`` frame (or by default), posed so too."""
    el = d.elements[name] = etree.Element("frame", name=name)
    att = draw(st.sampled_from([None, MODEL, *earlier]))
    if att is not None:
        el.set("attached_to", att)
    rel = draw(st.sampled_from([None, "absent", MODEL, *earlier] if d.opt.relative_to
                               else [None, "absent"]))
    if rel != "absent":
        _pose(draw, el, rel)


def _sdf_contents(draw: st.DrawFn, d: _SdfDraft, frame_choices: list[str | None]) -> None:
    """What the links hold (sensors and lights too) and what the joints hold."""
    opt = d.opt
    # frames whose pose the round trip keeps: a URDF link frame is its joint's
    stable = [*d.joints, *d.frames, *(x for x in d.links if x not in d.moved_links)] + (
        [MODEL] if d.parity else [])
    sensor_count = 0
    for name in d.links:
        link = d.elements[name]
        _link_contents(draw, link, name, d.parity, frame_choices, opt)
        for _ in range(draw(st.integers(0, 2)) if opt.sdf_only_content else 0):
            sensor_count += 1
            if opt.link_frame_sensor_poses or name not in d.moved_links:
                choices = [None, *(frame_choices if opt.link_frame_sensor_poses else stable)]
            else:
                choices = list(stable)  # never the (moved) link frame
            _sensor_or_light(draw, link, f"s{sensor_count}", choices)
    for name, (jtype, _parent, _child) in d.joints.items():
        _joint_contents(draw, d.elements[name], name, jtype, d.parity, frame_choices, opt)


def _link_contents(draw: st.DrawFn, link: etree._Element, name: str, parity: bool,
                   frame_choices: list[str | None], opt: SdfOptions) -> None:
    pose_choices: list[str | None] = [None]
    if opt.relative_to:
        pose_choices = [None, name] if parity else [None, None, name, *frame_choices]
    extra = opt.sdf_only_content
    if opt.inertials and draw(st.booleans()):
        _sdf_inertial(draw, link)
    names = iter(draw(unique_names(6, plain=True)))
    for _ in range(draw(st.integers(0, 2)) if opt.visuals else 0):
        v = _sdf_shape(draw, link, "visual", next(names), pose_choices)
        if extra and draw(st.booleans()):
            _visual_material(draw, v, opt.different_ambient)
    for _ in range(draw(st.integers(0, 2)) if opt.collisions else 0):
        c = _sdf_shape(draw, link, "collision", next(names), pose_choices)
        if extra:
            _collision_extras(draw, c)
    if extra:
        for tag in ("self_collide", "gravity", "kinematic"):
            if draw(st.integers(0, 2)) == 2:
                _sub(link, tag, draw(st.sampled_from(["true", "false", "1", "0"])))


def _sdf_inertial(draw: st.DrawFn, link: etree._Element) -> None:
    inertial = _sub(link, "inertial")
    if draw(st.booleans()):
        _pose(draw, inertial, None)
    _sub(inertial, "mass", draw(number_text(negative=False, nonzero=True)))
    inertia = _sub(inertial, "inertia")
    for k in INERTIA_KEYS:
        _sub(inertia, k, draw(st.sampled_from(["1", "0.5", "2e-1", "0", "-0.0"]))
             if k[1] != k[2] else draw(number_text(negative=False, nonzero=True)))


def _sdf_shape(draw: st.DrawFn, link: etree._Element, kind: str, name: str,
               pose_choices: list[str | None]) -> etree._Element:
    """A visual or collision, posed relative_to one of ``pose_choices`` half the time."""
    el = _sub(link, kind, name=name)
    if draw(st.booleans()):
        _pose(draw, el, draw(st.sampled_from(pose_choices)))
    _sdf_geometry(draw, el)
    return el


def _collision_extras(draw: st.DrawFn, c: etree._Element) -> None:
    """A surface half the time, ``laser_retro`` and ``max_contacts`` now and then."""
    if draw(st.booleans()):
        _surface(draw, c)
    if draw(st.integers(0, 3)) == 3:
        _sub(c, "laser_retro", draw(number_text()))
    if draw(st.integers(0, 3)) == 3:
        _sub(c, "max_contacts", str(draw(st.integers(0, 20))))


def _sdf_geometry(draw: st.DrawFn, parent: etree._Element) -> None:
    g = _sub(parent, "geometry")
    kind = draw(st.sampled_from(["box", "cylinder", "sphere", "mesh"]))
    pos: dict[str, bool] = {"negative": False, "nonzero": True}
    if kind == "box":
        _sub(_sub(g, "box"), "size", vector_text(draw, 3, SDF_SEPARATORS, **pos))
    elif kind == "cylinder":
        c = _sub(g, "cylinder")
        _sub(c, "radius", draw(number_text(**pos)))
        _sub(c, "length", draw(number_text(**pos)))
    elif kind == "sphere":
        _sub(_sub(g, "sphere"), "radius", draw(number_text(**pos)))
    else:
        m = _sub(g, "mesh")
        _sub(m, "uri", f"model://robot/meshes/{draw(PLAIN_NAMES)}.dae")
        if draw(st.booleans()):
            _sub(m, "scale", vector_text(draw, 3, SDF_SEPARATORS, nonzero=True))


def _visual_material(draw: st.DrawFn, v: etree._Element, different_ambient: bool) -> None:
    m = _sub(v, "material")
    # ambient and diffuse both or neither: URDF rgba is both (README's colour
    # mapping), so a lone ambient or diffuse comes back as both by design
    colours = draw(st.sampled_from(["none", "same", "different"] if different_ambient else
                                   ["none", "same"]))
    if colours != "none":
        diffuse = rgba_text(draw)
        ambient = diffuse if colours == "same" else rgba_text(draw)
        if colours == "different":
            while " ".join(ambient.split()) == " ".join(diffuse.split()):
                ambient = rgba_text(draw)
        _sub(m, "ambient", ambient)
        _sub(m, "diffuse", diffuse)
    for tag in ("specular", "emissive"):
        if draw(st.booleans()):
            _sub(m, tag, rgba_text(draw))
    if draw(st.booleans()) or not len(m):
        script = _sub(m, "script")
        _sub(script, "uri", "file://media/materials/scripts/gazebo.material")
        _sub(script, "name", draw(st.sampled_from(["Gazebo/Red", "Gazebo/Wood"])))


def _surface(draw: st.DrawFn, c: etree._Element) -> None:
    s = _sub(c, "surface")
    if draw(st.booleans()):
        ode = _sub(_sub(s, "friction"), "ode")
        for tag in ("mu", "mu2"):
            if draw(st.booleans()):
                _sub(ode, tag, draw(number_text(negative=False)))
        if draw(st.booleans()):
            _sub(ode, "fdir1", vector_text(draw, 3, SDF_SEPARATORS))
    if draw(st.booleans()):
        ode = _sub(_sub(s, "contact"), "ode")
        for tag in ("kp", "kd", "min_depth", "max_vel", "soft_cfm"):
            if draw(st.booleans()):
                _sub(ode, tag, draw(number_text(negative=False)))
    if draw(st.booleans()):
        _sub(_sub(s, "bounce"), "restitution_coefficient", draw(number_text(negative=False)))


def _sensor_or_light(draw: st.DrawFn, link: etree._Element, name: str,
                     rel_choices: list[str | None]) -> None:
    """A sensor or light posed relative_to one of ``rel_choices`` (None: no pose or
    no relative_to, i.e. the link frame; offered only when ``None`` is a choice)."""
    kind = draw(st.sampled_from(["sensor", "sensor", "light"]))
    if kind == "sensor":
        el = _sub(link, "sensor", name=name,
                  type=draw(st.sampled_from(["camera", "imu", "contact", "ray", "altimeter"])))
    else:
        el = _sub(link, "light", name=name,
                  type=draw(st.sampled_from(["point", "spot", "directional"])))
    if None not in rel_choices or draw(st.booleans()):
        _pose(draw, el, draw(st.sampled_from(rel_choices)))
    if kind == "sensor":
        _sub(el, "update_rate", draw(number_text(negative=False)))
        if draw(st.booleans()):
            _sub(el, "always_on", draw(st.sampled_from(["true", "1"])))
        if draw(st.booleans()):
            p = _sub(el, "plugin", name=draw(PLAIN_NAMES), filename="libsensor_plugin.so")
            _sub(p, "frame_name", draw(PLAIN_NAMES))
    else:
        _sub(el, "diffuse", rgba_text(draw))
        if draw(st.booleans()):
            att = _sub(el, "attenuation")
            _sub(att, "range", draw(number_text(negative=False, nonzero=True)))
            _sub(att, "linear", draw(number_text(negative=False)))
        if draw(st.booleans()):
            _sub(el, "cast_shadows", draw(st.sampled_from(["true", "false"])))


def _joint_contents(draw: st.DrawFn, el: etree._Element, name: str, jtype: str, parity: bool,
                    frame_choices: list[str | None], opt: SdfOptions) -> None:
    extra = opt.sdf_only_content
    if jtype != "fixed":
        where = [None, None, name] if parity or not opt.relative_to \
            else [None, None, name, *frame_choices]
        _sdf_axis(draw, _sub(el, "axis"), jtype, where, opt)
    if extra and draw(st.integers(0, 2)) == 2:
        _joint_physics(draw, el)
    if extra and draw(st.integers(0, 3)) == 3:
        _force_torque_sensor(draw, el)


def _sdf_axis(draw: st.DrawFn, axis: etree._Element, jtype: str,
              expressed_in: list[str | None], opt: SdfOptions) -> None:
    """A non-zero axis ``expressed_in`` one of those frames, its dynamics and limit."""
    extra = opt.sdf_only_content
    xyz = vector_text(draw, 3, SDF_SEPARATORS)
    while all(float(t) == 0.0 for t in xyz.split()):
        xyz = vector_text(draw, 3, SDF_SEPARATORS)
    x = _sub(axis, "xyz", xyz)
    where = draw(st.sampled_from(expressed_in))
    if where is not None:
        x.set("expressed_in", where)
    if extra and draw(st.integers(0, 4)) == 4:
        _sub(axis, "initial_position", draw(number_text()))
    if draw(st.booleans()):
        _sdf_dynamics(draw, axis, opt)
    bounded = jtype in ("revolute", "prismatic") and draw(st.integers(0, 3)) > 0
    if bounded or draw(st.integers(0, 2)) == 2:
        _sdf_limit(draw, _sub(axis, "limit"), bounded, opt)


def _sdf_dynamics(draw: st.DrawFn, axis: etree._Element, opt: SdfOptions) -> None:
    """Damping, friction and (SDF-only) spring values; damping when neither else
    (unless :attr:`SdfOptions.spring_only_dynamics`)."""
    d = _sub(axis, "dynamics")
    for tag in ("damping", "friction", "spring_reference", "spring_stiffness"):
        if (opt.sdf_only_content or tag in ("damping", "friction")) and draw(st.booleans()):
            _sub(d, tag, draw(number_text(negative=tag == "spring_reference")))
    if not opt.spring_only_dynamics and d.find("damping") is None and \
            d.find("friction") is None:
        _sub(d, "damping", draw(number_text(negative=False)))


def _sdf_limit(draw: st.DrawFn, lim: etree._Element, bounded: bool, opt: SdfOptions
               ) -> None:
    """Bounds (ordered) when ``bounded``, effort and velocity, SDF-only extras."""
    if bounded:
        lower = draw(number_text(limit=10.0))
        upper = draw(number_text(limit=10.0))
        if float(lower) > float(upper):
            lower, upper = upper, lower
        _sub(lim, "lower", lower)
        _sub(lim, "upper", upper)
    for tag in ("effort", "velocity"):
        if draw(st.booleans()) if bounded or opt.partial_unbounded_limits else True:
            _sub(lim, tag, draw(number_text(negative=False)))
    for tag in ("stiffness", "dissipation"):
        if opt.sdf_only_content and draw(st.integers(0, 3)) == 3:
            _sub(lim, tag, draw(number_text(negative=False)))


def _joint_physics(draw: st.DrawFn, el: etree._Element) -> None:
    physics = _sub(el, "physics")
    if draw(st.booleans()):
        _sub(physics, "provide_feedback", draw(st.sampled_from(["true", "false"])))
    ode = _sub(physics, "ode")
    for tag in ("cfm", "erp", "fudge_factor"):
        if draw(st.booleans()):
            _sub(ode, tag, draw(number_text(negative=False)))
    if draw(st.booleans()):
        lim = _sub(ode, "limit")
        _sub(lim, "cfm", draw(number_text(negative=False)))
        _sub(lim, "erp", draw(number_text(negative=False)))


def _force_torque_sensor(draw: st.DrawFn, el: etree._Element) -> None:
    s = _sub(el, "sensor", name=draw(PLAIN_NAMES), type="force_torque")
    if draw(st.booleans()):
        _pose(draw, s, None)
    ft = _sub(s, "force_torque")
    _sub(ft, "frame", draw(st.sampled_from(["child", "parent", "sensor"])))
    _sub(s, "update_rate", draw(number_text(negative=False)))


# -- public SDFormat documents -------------------------------------------------------

#: SDFormat versions :func:`sdf_documents` writes (what it generates means the same in each)
SDF_VERSIONS = ("1.7", "1.8", "1.9", "1.10", "1.11")


def sdf_documents(version: str = "1.7", options: SdfOptions | None = None, *,
                  links: tuple[int, int] | None = None,
                  joint_types: Iterable[str] | None = None,
                  inertials: bool | None = None, visuals: bool | None = None,
                  collisions: bool | None = None, frames: bool | None = None,
                  relative_to: bool | None = None, urdf_shaped: bool | None = None,
                  sdf_only_content: bool | None = None,
                  nested_models: bool = False, worlds: bool = False
                  ) -> st.SearchStrategy[str]:
    """Random SDFormat documents (text) that libsdformat and urdfsdf accept.

    One model on a random link tree (``links=(1, 3)``: between 1 and 3 links;
    default 1-6) with ``joint_types`` (default revolute, prismatic, fixed,
    continuous); ``frames``: explicit ``//frame`` elements with ``attached_to``;
    ``relative_to``: poses relative_to earlier frames (chains; False: every pose
    uses its default frame); ``urdf_shaped``: True only URDF-shaped models (joint
    poses relative_to the parent link, child links at their joint), False never,
    None (default) a quarter of the time; ``inertials``, ``visuals``,
    ``collisions``, ``sdf_only_content`` (sensors, lights, plugins, surfaces,
    materials, joint physics): False leaves them out.  ``nested_models``: the model
    also holds 1-2 nested models (joined to a link of the outer model by a joint
    in SDFormat 1.8+, whose ``::`` references reach into them; free bodies in
    1.7); ``worlds``: the model(s) are in a ``<world>`` with a pose and a world
    frame.  ``version``: one of :data:`SDF_VERSIONS`.
    """
    if version not in SDF_VERSIONS:
        raise ValueError(f"version {version!r}: one of {SDF_VERSIONS}")
    opt = options or SdfOptions()
    changes: dict[str, Any] = {k: v for k, v in (
        ("inertials", inertials), ("visuals", visuals), ("collisions", collisions),
        ("frames", frames), ("relative_to", relative_to),
        ("sdf_only_content", sdf_only_content)) if v is not None}
    if urdf_shaped is not None:
        changes["urdf_shaped"] = urdf_shaped
    opt = _with_options(opt, changes, links, joint_types, SDF_JOINT_TYPES, "one of")
    return _sdf_documents(version, opt, nested_models, worlds)


@st.composite
def _sdf_documents(draw: st.DrawFn, version: str, opt: SdfOptions, nested: bool,
                   world: bool) -> str:
    case = draw(sdf_models(opt))
    model = etree.fromstring(case.xml.encode()).find("model")
    assert model is not None
    if nested:
        _nested_models(draw, version, opt, case, model)
    sdf = etree.Element("sdf", version=version)
    if world:
        _in_world(draw, opt, sdf, model)
    else:
        sdf.append(model)
    return etree.tostring(sdf, pretty_print=True, encoding="unicode")


def _nested_models(draw: st.DrawFn, version: str, opt: SdfOptions, case: SdfModel,
                   model: etree._Element) -> None:
    """1-2 models nested in ``model``, posed relative_to a link of it or the model; in
    SDFormat 1.8+ joined to a link by a joint (a scoped ``::`` reference)."""
    inner_opt = replace(opt, max_links=min(opt.max_links, 3), min_links=1, urdf_shaped=False)
    used = {model.get("name")}
    for i in range(draw(st.integers(1, 2))):
        inner_case = draw(sdf_models(inner_opt))
        inner = etree.fromstring(inner_case.xml.encode()).find("model")
        assert inner is not None
        name = f"{inner.get('name')}_{i}"
        if name in used or name in case.links or name in case.joints or name in case.frames:
            continue
        used.add(name)
        inner.set("name", name)
        for plugin in inner.findall("plugin"):  # keep the outer model's plugins apart
            inner.remove(plugin)
        rel = draw(st.sampled_from([None, *case.links] if opt.relative_to else [None]))
        pose = etree.Element("pose")
        if rel is not None:
            pose.set("relative_to", rel)
        pose.text = _pose_text(draw)
        inner.insert(0, pose)
        model.append(inner)
        if version != "1.7":  # 1.8+: a joint into the nested model (scoped names)
            jtype = draw(st.sampled_from(opt.joint_types))
            joint = _sub(model, "joint", name=f"{name}_joint", type=jtype)
            _sub(joint, "parent", draw(st.sampled_from(case.links)))
            _sub(joint, "child", f"{name}::{inner_case.root}")
            if jtype != "fixed":
                _sub(_sub(joint, "axis"), "xyz", "0 0 1")


def _in_world(draw: st.DrawFn, opt: SdfOptions, sdf: etree._Element, model: etree._Element
              ) -> None:
    """``model`` in a world with a frame, posed (relative_to that frame, now and then)."""
    w = _sub(sdf, "world", name="world_0")
    frame = _sub(w, "frame", name="world_frame")
    _sub(frame, "pose", _pose_text(draw))
    pose = etree.Element("pose")
    if opt.relative_to and draw(st.booleans()):
        pose.set("relative_to", "world_frame")
    pose.text = _pose_text(draw)
    model.insert(0, pose)
    w.append(model)


def joint_values(model: Any, *, within_limits: bool = True
                 ) -> st.SearchStrategy[dict[str, float]]:
    """Random joint values for ``model`` (URDF or SDF text, a path, or the IR).

    One value per revolute, continuous and prismatic joint (a universal joint
    ``J``: ``J`` and ``J_axis2``), within its limits where they are finite, else
    within [-pi, pi] (revolute) or [-1, 1] m (prismatic).  Shrinks towards zero
    (or the nearest bound).  ``within_limits=False`` ignores the limits.
    """
    from urdfsdf.compare.kinematics import JointInfo, bounds, kinematic_model

    km = kinematic_model(model)

    def values(j: JointInfo) -> st.SearchStrategy[float]:
        lo, hi = bounds(j) if within_limits else bounds(
            JointInfo(j.name, j.type, j.kind, j.parent, j.child, j.axis))
        return st.floats(lo, hi, allow_nan=False, allow_infinity=False)

    return st.fixed_dictionaries({j.name: values(j) for j in km.moving_joints()})
