"""``<gazebo>`` extension blocks, URDF -> SDF: what a block makes of the SDF model.

:func:`apply_gazebo` applies the robot's ``<gazebo>`` blocks the way libsdformat's URDF
parser applies them, so the SDF means what Gazebo would make of the URDF (the keys'
vocabulary: :mod:`urdfsdf.translate.gazebo_keys`):

- ``<gazebo reference="LINK">``: ``mu1 mu2 fdir1 kp kd minDepth maxVel
  maxContacts laserRetro`` become every collision's surface/contact values;
  ``selfCollide``, ``gravity``/``turnGravityOff``, ``kinematic``,
  ``dampingFactor`` link values; ``material`` (a Gazebo material name) every
  visual's script; ``<visual name=..>``/``<collision name=..>`` blobs are
  merged into the shape of that name; any other child (sensor, light,
  plugin, ...) is copied into the link;
- ``<gazebo reference="JOINT">``: ``provideFeedback``,
  ``implicitSpringDamper``/``cfmDamping``, ``stopCfm``/``stopErp``,
  ``fudgeFactor`` become ``//joint/physics/ode``; ``springReference`` and
  ``springStiffness`` the axis dynamics; an ``<axis>`` blob the axis;
  other children are copied into the joint;
- ``<gazebo>`` without reference: ``static`` the model's; other children
  (plugins, ...) are copied into the model.

Each block also travels verbatim as ``<urdf:gazebo>`` so URDF -> SDF -> URDF
restores it exactly; :func:`applied_outputs` says which SDF elements a block
produced (and :func:`model_static_by_block` whether one made the model static), so
that SDF -> URDF (:mod:`urdfsdf.translate.gazebo_to_urdf`) does not write them twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from typing import TYPE_CHECKING, Literal, TypeVar

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, did_you_mean, option
from urdfsdf.core.ir import (
    Axis,
    Collision,
    Dynamics,
    Extra,
    Joint,
    Limit,
    Link,
    Material,
    Model,
    Visual,
    evolve,
)
from urdfsdf.core.record import mutable_record
from urdfsdf.sdf.posed import posed_extra
from urdfsdf.sdf.schema import VERSIONS, undefined
from urdfsdf.translate.gazebo_keys import (
    COLLISION_VALUES,
    JOINT_PHYSICS,
    LINK_VALUES,
    LUMPING,
    SPRING_TAGS,
    SPRING_VALUES,
    Carried,
    Lumped,
    block_reference,
    is_key_true,
    key_value,
    leaves,
    text_element,
)
from urdfsdf.translate.names import repeat_name
from urdfsdf.xml.carried import digest
from urdfsdf.xml.custom import mark_renamed
from urdfsdf.xml.namespaces import U
from urdfsdf.xml.parse import canonical, first_child, from_string, tag_and_name, to_string

if TYPE_CHECKING:
    from urdfsdf.translate.options import ToSdfOptions

N = TypeVar("N", Link, Joint)

#: what a ``<gazebo>`` block applies to: its ``reference`` link or joint, or the model
GazeboTarget = Literal["link", "joint", "model"]

#: where the content of a block goes, by kind of block (SDFormat element paths)
PLACES = {"link": "model/link", "joint": "model/joint", "model": "model",
          "collision": "model/link/collision", "visual": "model/link/visual",
          "axis": "model/joint/axis", "limit": "model/joint/axis/limit"}


def _path(root: etree._Element, path: str) -> etree._Element:
    """``root/a/b/c``, creating the missing elements."""
    node = root
    for part in path.split("/") if path else ():
        found = first_child(node, part)
        node = found if found is not None else etree.SubElement(node, part)
    return node


@mutable_record
class _Target:
    """What the blocks add to one link or joint (or the model)."""

    extras: list[Extra] = field(default_factory=list)
    #: ``<collision name=..>``/``<visual name=..>`` content by shape name ("": every shape)
    collision_extras: dict[str, list[etree._Element]] = field(default_factory=dict)
    visual_extras: dict[str, list[etree._Element]] = field(default_factory=dict)
    all_collisions: list[etree._Element] = field(default_factory=list)
    all_visuals: list[etree._Element] = field(default_factory=list)
    spring: dict[str, str] = field(default_factory=dict)
    axis: list[etree._Element] = field(default_factory=list)
    static: bool | None = None


@mutable_record
class _Reading:
    """One ``<gazebo>`` block being read into a :class:`_Target` (see :func:`_translate`)."""

    kind: GazeboTarget
    diags: Diagnostics | None
    #: the block's line in its file, and its line in the text it was parsed from
    line: int
    first: int
    #: the SDFormat version written: its elements are applied (:mod:`urdfsdf.sdf.schema`)
    version: str = "1.7"
    target: _Target = field(default_factory=_Target)
    #: the keys' //joint/physics values, and their collision surface values (made by
    #: the first key that gives one: most blocks give none)
    physics: etree._Element | None = None
    surface: etree._Element | None = None

    def line_of(self, el: etree._Element) -> int:
        """The line of ``el`` (an element of the block) in its file."""
        at = el.sourceline
        return self.line + at - self.first if isinstance(at, int) else self.line

    def defined(self, el: etree._Element, place: str) -> bool:
        """Prune what SDFormat does not define under ``place``; False when ``el`` itself."""
        bad = undefined(el, PLACES[place], self.version)
        for b in bad:
            if self.diags is not None:
                where = f"<{place}>" if b is el else f"<{b.getparent().tag}>"  # type: ignore[union-attr]
                self.diags.warning("ELEMENT_DROPPED", f"<{b.tag}> in a <gazebo> block is not "
                                   f"SDFormat {self.version} inside {where}"
                                   f"{NOT_SDFORMAT.get(str(b.tag), '')}: not applied (the "
                                   "block is kept verbatim)", self.line_of(b))
            if b is not el:
                b.getparent().remove(b)  # type: ignore[union-attr]
        return el not in bad


#: why an element Gazebo users write is in no SDFormat version (said when it is dropped)
NOT_SDFORMAT = {
    "gz_frame_id": " (gz-sensors' own element, defined by no SDFormat version through 1.11 "
                   "(1.12: <frame_id>); libsdformat copies it with a warning, Drake "
                   "refuses it)",
}

#: how one child of a block is read (a handler of :data:`HANDLERS`)
_Handler = Callable[[_Reading, etree._Element], None]


def _copied(r: _Reading, child: etree._Element) -> None:
    """Any other child: copied into the link, joint or model (what SDFormat defines)."""
    if r.defined(child, r.kind):
        r.target.extras.append(posed_extra(child, r.line_of(child)))


def _ignored(r: _Reading, child: etree._Element) -> None:
    """A key with nothing to apply to the SDF (:data:`LUMPING`)."""


def _surface_value(r: _Reading, child: etree._Element) -> None:
    """``mu1``, ``kp``...: a value of every collision (:data:`COLLISION_VALUES`)."""
    path, leaf = COLLISION_VALUES[child.tag]
    if r.surface is None:
        r.surface = etree.Element("collision")
    _path(r.surface, path).append(text_element(leaf, key_value(child)))


def _link_value(r: _Reading, child: etree._Element) -> None:
    """``selfCollide``, ``gravity``, ``kinematic``: the link's (:data:`LINK_VALUES`)."""
    value = text_element(LINK_VALUES[child.tag], key_value(child))
    r.target.extras.append(posed_extra(value, r.line))


def _gravity_off(r: _Reading, child: etree._Element) -> None:
    """``turnGravityOff``: the link's ``<gravity>``, negated."""
    off = is_key_true(key_value(child))
    r.target.extras.append(posed_extra(text_element("gravity", "false" if off else "true"), r.line))


def _damping_factor(r: _Reading, child: etree._Element) -> None:
    """``dampingFactor``: the link's linear and angular ``<velocity_decay>``."""
    value = key_value(child)
    decay = text_element("velocity_decay")
    decay.append(text_element("linear", value))
    decay.append(text_element("angular", value))
    r.target.extras.append(posed_extra(decay, r.line))


def _material_name(r: _Reading, child: etree._Element) -> None:
    """``material``: a Gazebo material name, every visual's script (with children:
    no name, copied as any other child)."""
    if len(child):
        _copied(r, child)
        return
    mat = text_element("material")
    script = etree.SubElement(mat, "script")
    script.append(text_element("uri", "file://media/materials/scripts/gazebo.material"))
    script.append(text_element("name", key_value(child)))
    r.target.all_visuals.append(mat)


def _shape_content(r: _Reading, child: etree._Element) -> None:
    """``<visual>``/``<collision>``: content merged into the link's shapes.

    libsdformat applies it to every shape of the link, whatever the name; a name
    that matches a shape targets that shape (urdfsdf's own form).
    """
    tag = str(child.tag)
    target = r.target.visual_extras if tag == "visual" else r.target.collision_extras
    target.setdefault(child.get("name") or "", []).extend(
        c for c in child if isinstance(c.tag, str) and r.defined(c, tag))


def _joint_physics(r: _Reading, child: etree._Element) -> None:
    """``provideFeedback``, ``stopCfm``...: //joint/physics (:data:`JOINT_PHYSICS`)."""
    value = key_value(child)
    if r.physics is None:
        r.physics = etree.Element("physics")
    for path in JOINT_PHYSICS[child.tag]:
        _path(r.physics, path).text = value


def _spring(r: _Reading, child: etree._Element) -> None:
    """``springReference``, ``springStiffness``: the axis dynamics (:data:`SPRING_TAGS`)."""
    r.target.spring[SPRING_VALUES[child.tag]] = key_value(child)


def _joint_axis(r: _Reading, child: etree._Element) -> None:
    """``<axis>``: its children merged into the joint's axis (``<limit>``'s one by one)."""
    for c in child:
        if not isinstance(c.tag, str):
            continue
        if c.tag == "limit":
            for g in list(c):
                if isinstance(g.tag, str) and not r.defined(g, "limit"):
                    c.remove(g)
            r.target.axis.append(c)
        elif r.defined(c, "axis"):
            r.target.axis.append(c)


def _static(r: _Reading, child: etree._Element) -> None:
    """``static``: the model's."""
    r.target.static = is_key_true(key_value(child))


#: per kind of block, how each key is read; any other child is :func:`_copied`
HANDLERS: dict[GazeboTarget, dict[str, _Handler]] = {
    "link": {**dict.fromkeys(COLLISION_VALUES, _surface_value),
             **dict.fromkeys(LINK_VALUES, _link_value),
             "turnGravityOff": _gravity_off, "dampingFactor": _damping_factor,
             "material": _material_name, "visual": _shape_content,
             "collision": _shape_content, **dict.fromkeys(LUMPING, _ignored)},
    "joint": {**dict.fromkeys(JOINT_PHYSICS, _joint_physics),
              **dict.fromkeys(SPRING_VALUES, _spring), "axis": _joint_axis,
              **dict.fromkeys(LUMPING, _ignored)},
    "model": {"static": _static, **dict.fromkeys(LUMPING, _ignored)},
}


def _translate(block: etree._Element, kind: GazeboTarget, diags: Diagnostics | None,
               at: int | None = None, version: str = "1.7") -> _Target:
    """The SDF content one ``<gazebo>`` block stands for (kind: link, joint, model).

    Each child is read by its kind's handler (:data:`HANDLERS`); keys are read
    libsdformat's way (:func:`key_value`).  Content SDFormat ``version`` (the version
    written) does not define where it would go is left out, with a warning when
    ``diags`` is given: the block itself still travels verbatim as ``<urdf:gazebo>``.
    ``at``: the block's line in its file (``block`` was parsed from its text).
    """
    first = block.sourceline if isinstance(block.sourceline, int) else 1
    r = _Reading(kind, diags, at if at is not None else first, first, version)
    handlers = HANDLERS[kind]
    for child in block:
        if isinstance(child.tag, str):
            handlers.get(child.tag, _copied)(r, child)
    t = r.target
    if r.surface is not None:
        t.all_collisions.extend(r.surface)
    if r.physics is not None:
        t.extras.append(posed_extra(r.physics, r.line))
    return t


def apply_gazebo(model: Model, blocks: Iterable[Extra], link_names: dict[str, str],
                 joint_names: dict[str, str], diags: Diagnostics,
                 options: ToSdfOptions) -> Model:
    """An SDF-shaped model with the URDF's ``<gazebo>`` blocks applied (module doc).

    ``link_names``/``joint_names`` map URDF names to the SDF names they got;
    ``options``: urdf2sdf's; with ``open_loops``, the SDF joints that close loops are not
    applied (:func:`_loadable_joints`); the elements of the SDFormat version it writes
    (``sdf_version``) are applied.
    """
    open_loops, version = options.open_loops, options.sdf_version
    links = {link.name: link for link in model.links}
    joints = {joint.name: joint for joint in model.joints}
    static = model.static
    model_extras: list[Extra] = []
    touched: dict[GazeboTarget, set[str]] = {"link": set(), "joint": set()}  # given extras
    suggested: dict[str, str] = {}  # a name no link or joint has: what is close to it
    for x in blocks:
        block = from_string(x.xml)
        ref = block.get("reference")
        if not ref:
            t = _translate(block, "model", diags, x.line, version)
            if t.static is not None:
                static = t.static
            model_extras.extend(_loadable_joints(model, t.extras, model_extras, diags,
                                                open_loops))
        elif link_names.get(ref, ref) in links:
            name = link_names.get(ref, ref)
            links[name] = _apply_link(links[name], _translate(block, "link", diags, x.line,
                                                              version))
            touched["link"].add(name)
        elif joint_names.get(ref, ref) in joints:
            name = joint_names.get(ref, ref)
            joints[name] = _apply_joint(joints[name], _translate(block, "joint", diags,
                                                                 x.line, version))
            touched["joint"].add(name)
        elif ref != "world":
            if ref not in suggested:  # once a name: xacro output repeats a wrong one
                suggested[ref] = did_you_mean(ref, [*links, *joints, *link_names, *joint_names])
            diags.warning("ELEMENT_DROPPED", f"<gazebo reference={ref!r}> names no link or "
                          f"joint{suggested[ref]}; kept verbatim only", x.line)
    return evolve(model, links=tuple(_named_uniquely(links[n.name], touched["link"], diags)
                                     for n in model.links),
                  joints=tuple(_named_uniquely(joints[j.name], touched["joint"], diags)
                               for j in model.joints), static=static,
                  extras=unique_names((*model.extras, *model_extras), diags))


def _named_uniquely(node: N, touched: set[str], diags: Diagnostics) -> N:
    """``node`` with :func:`unique_names` applied to its extras once all the blocks are
    (``touched``: the names of the nodes of its kind they gave extras to): once a node,
    not once a block (iCub gives one link many blocks)."""
    if node.name not in touched:
        return node
    extras = unique_names(node.extras, diags)
    return node if extras is node.extras else evolve(node, extras=extras)


def model_static(blocks: Iterable[Extra], static: bool = False) -> bool:
    """Whether the URDF's ``<gazebo>`` blocks without reference make the model static
    (the last ``<static>`` holds, as in :func:`apply_gazebo`; ``static``: none says)."""
    for x in blocks:
        if x.tag == "gazebo" and not block_reference(x.xml):
            t = _translate(from_string(x.xml), "model", None)
            if t.static is not None:
                static = t.static
    return static


def _loadable_joints(model: Model, extras: list[Extra], applied: list[Extra],
                     diags: Diagnostics, open_loops: bool = False) -> list[Extra]:
    """``extras`` less the SDF ``<joint>`` elements that are not applied.

    Four-bar linkages, parallel grippers (old PR2 descriptions) and parallel robots
    close their loops with SDF joints in ``<gazebo>`` blocks; libsdformat copies them
    into the model and Gazebo simulates the loop.  Such a joint is applied here too,
    with a warning (KINEMATIC_LOOP) when its child link already has a joint: URDF
    readers and Drake refuse the loop.  It is not applied, with a warning, when its
    name is taken (libsdformat: DUPLICATE_NAME), or with ``open_loops`` when it closes
    a loop; the block travels verbatim in ``<urdf:gazebo>`` all the same and comes
    back as written.
    """
    if not any(x.tag == "joint" for x in extras):
        return extras
    taken, has_joint = _joint_names_and_children(model, applied)
    out = []
    for x in extras:
        why = _unloadable(from_string(x.xml), taken, has_joint, open_loops) \
            if x.tag == "joint" else None
        if why is None:
            out.append(x)
        elif why[0] == "KINEMATIC_LOOP":
            diags.warning(*why, x.line)
            out.append(x)
        else:
            diags.warning(*why, x.line)
    return out


def _joint_names_and_children(model: Model, applied: list[Extra]
                              ) -> tuple[set[str], set[str]]:
    """The names taken and the links with a joint: the model's and ``applied``'s."""
    taken = {link.name for link in model.links} | {j.name for j in model.joints}
    has_joint = {j.child for j in model.joints}
    for x in applied:
        if x.tag == "joint":
            el = from_string(x.xml)
            taken.add(el.get("name") or "")
            has_joint.add(el.findtext("child") or "")
    return taken, has_joint


def _unloadable(joint: etree._Element, taken: set[str], has_joint: set[str],
                open_loops: bool) -> tuple[str, str] | None:
    """The code and message of the warning an SDF ``<joint>`` of a block gets (None:
    none; applied, it takes its name and its child link): KINEMATIC_LOOP is applied,
    ELEMENT_DROPPED is not."""
    name, child = joint.get("name") or "", (joint.findtext("child") or "").strip()
    if name in taken:
        return ("ELEMENT_DROPPED", f"<joint name={name!r}> in a <gazebo> block is not "
                "applied: its name is taken by a link or joint of the robot; the block "
                "travels verbatim")
    taken.add(name)
    if child not in has_joint:
        has_joint.add(child)
        return None
    if open_loops:
        taken.discard(name)
        return ("ELEMENT_DROPPED", f"<joint name={name!r}> in a <gazebo> block is not "
                f"applied ({option('open-loops')}): its child link {child!r} already has a "
                "joint (it closes a kinematic loop); the block travels verbatim")
    return ("KINEMATIC_LOOP", f"<joint name={name!r}> in a <gazebo> block closes a "
            f"kinematic loop (its child link {child!r} already has a joint): applied, as "
            "libsdformat does, for Gazebo; URDF readers and Drake refuse loops "
            f"({option('open-loops')} leaves it out)")


#: SDF elements whose name must be unique among their siblings of the same tag
NAMED = frozenset(("sensor", "light", "projector", "audio_source", "particle_emitter"))


def unique_names(extras: tuple[Extra, ...], diags: Diagnostics) -> tuple[Extra, ...]:
    """``extras`` with repeated names of :data:`NAMED` elements made unique.

    Two ``<gazebo>`` blocks (or one) may give a link two sensors of the same
    name; libsdformat refuses that SDF (DUPLICATE_NAME).  Each repeat is renamed
    ``NAME_2``, ``NAME_3``... with a warning, and keeps ``urdf:name="NAME"``; the
    block that made it still travels verbatim, so sdf2urdf restores the URDF.
    """
    seen: dict[str, set[str]] = {}
    for x in extras:
        if x.tag in NAMED:
            seen.setdefault(x.tag, set()).add(tag_and_name(x.xml)[1] or "")
    if not seen:
        return extras
    taken: dict[str, set[str]] = {tag: set() for tag in seen}
    return tuple(_uniquely_named(x, seen[x.tag], taken[x.tag], diags) if x.tag in NAMED
                 else x for x in extras)


def _uniquely_named(x: Extra, seen: set[str], taken: set[str], diags: Diagnostics) -> Extra:
    """``x``, renamed if ``taken`` has its name (see :func:`unique_names`)."""
    name = tag_and_name(x.xml)[1] or ""
    if name not in taken:
        taken.add(name)
        return x
    new = repeat_name(name, seen, taken)
    taken.add(new)
    el = from_string(x.xml)
    mark_renamed(el, new)
    diags.warning("DUPLICATE_NAME", f"a second <{x.tag}> named {name!r} here; written as "
                  f"{new!r} with urdf:name={name!r}", x.line)
    return posed_extra(el, x.line)


def _merge(extras: Iterable[Extra], new: Iterable[etree._Element], line: int | None
           ) -> tuple[Extra, ...]:
    return (*extras, *(posed_extra(e, line) for e in new))


def _apply_link(link: Link, t: _Target) -> Link:
    """``link`` with what a block gives it, its visuals and its collisions (those only
    when it gives them something: most blocks are a sensor or a plugin)."""
    visuals = _applied_visuals(link.visuals, t) \
        if t.visual_extras or t.all_visuals else link.visuals
    collisions = _applied_collisions(link.collisions, t) \
        if t.collision_extras or t.all_collisions else link.collisions
    return evolve(link, visuals=visuals, collisions=collisions,
                  extras=(*link.extras, *t.extras))


def _for_every_shape(by_name: dict[str, list[etree._Element]],
                     shapes: tuple[Visual, ...] | tuple[Collision, ...]) -> list[etree._Element]:
    """The content of blobs whose name matches no shape: it goes into every shape."""
    names = {s.name for s in shapes}
    return [e for n, els in by_name.items() if n not in names for e in els]


def _applied_visuals(visuals: tuple[Visual, ...], t: _Target) -> tuple[Visual, ...]:
    """``visuals`` with their blobs' content: materials merged, other children added."""
    every = _for_every_shape(t.visual_extras, visuals)
    out = []
    for v in visuals:
        add = [*t.visual_extras.get(v.name or "", []), *map(_copy, every)]
        material = v.material
        for mat in (*t.all_visuals, *(el for el in add if el.tag == "material")):
            material = _merge_material(material, mat)
        add = [el for el in add if el.tag != "material"]
        out.append(evolve(v, material=material, extras=_merge(v.extras, add, v.line)))
    return tuple(out)


def _applied_collisions(collisions: tuple[Collision, ...], t: _Target
                        ) -> tuple[Collision, ...]:
    """``collisions`` with their blobs' content and the keys' surface values."""
    every = _for_every_shape(t.collision_extras, collisions)
    out = []
    for c in collisions:
        add = [*t.collision_extras.get(c.name or "", []), *map(_copy, every)]
        add.extend(_copy(e) for e in t.all_collisions)
        out.append(evolve(c, extras=_merge_surface(c.extras, add, c.line)))
    return tuple(out)


def _merge_surface(extras: Iterable[Extra], new: Iterable[etree._Element], line: int | None
                   ) -> tuple[Extra, ...]:
    """``extras`` and ``new`` with every ``<surface>`` merged into one (SDFormat has one).

    Later values win, as libsdformat's ``AddKeyValue`` replaces a key's element.
    """
    kept = [e for e in extras if e.tag != "surface"]
    surfaces = [from_string(e.xml) for e in extras if e.tag == "surface"]
    rest: list[etree._Element] = []
    for el in new:
        (surfaces if el.tag == "surface" else rest).append(el)
    out = [*kept, *(posed_extra(e, line) for e in rest)]
    if surfaces:
        merged = surfaces[0]
        for other in surfaces[1:]:
            _deep_merge(merged, other)
        out.append(posed_extra(merged, line))
    return tuple(out)


def _deep_merge(into: etree._Element, other: etree._Element) -> None:
    """Merge ``other``'s children into ``into``: same-tag elements merged, leaves replaced."""
    for child in other:
        if not isinstance(child.tag, str):
            continue
        found = first_child(into, child.tag)
        if found is None:
            into.append(_copy(child))
        elif len(child) and len(found):
            _deep_merge(found, child)
        else:
            into.replace(found, _copy(child))


def _copy(el: etree._Element) -> etree._Element:
    return from_string(to_string(el))


def _merge_material(material: Material | None, el: etree._Element) -> Material:
    base = material or Material()
    colours = {}
    extras = list(base.extras)
    for c in el:
        if not isinstance(c.tag, str):
            continue
        if c.tag in ("ambient", "diffuse", "specular", "emissive"):
            colours[c.tag] = tuple((c.text or "").split())
        else:
            extras.append(posed_extra(c, None))
    # a URDF rgba stands for ambient and diffuse (the SDF writer's mapping)
    return evolve(base, ambient=colours.get("ambient", base.ambient or base.rgba),
                   diffuse=colours.get("diffuse", base.diffuse or base.rgba),
                   specular=colours.get("specular", base.specular),
                   emissive=colours.get("emissive", base.emissive), extras=tuple(extras))


def _apply_joint(joint: Joint, t: _Target) -> Joint:
    axis = joint.axis
    if axis is None and (t.spring or t.axis):
        axis = Axis()
    if axis is not None:
        axis = _with_axis_content(_with_spring(axis, t.spring), t.axis)
    return evolve(joint, axis=axis, extras=(*joint.extras, *t.extras))


def _with_spring(axis: Axis, spring: dict[str, str]) -> Axis:
    """``axis`` with the spring values of the keys (:data:`SPRING_VALUES`)."""
    if not spring:
        return axis
    d = axis.dynamics or Dynamics()
    return evolve(axis, dynamics=evolve(
        d, spring_reference=spring.get("spring_reference", d.spring_reference),
        spring_stiffness=spring.get("spring_stiffness", d.spring_stiffness)))


def _with_axis_content(axis: Axis, content: list[etree._Element]) -> Axis:
    """``axis`` with the children of an ``<axis>`` blob (a ``<limit>``'s in its limit)."""
    if not content:
        return axis
    limit_kids = [c for e in content if e.tag == "limit" for c in e]
    rest = [e for e in content if e.tag != "limit"]
    if limit_kids:
        lim = axis.limit or Limit()
        axis = evolve(axis, limit=evolve(lim, extras=_merge(lim.extras, limit_kids, lim.line)))
    return evolve(axis, extras=_merge(axis.extras, rest, axis.line))


def applied_outputs(model: Model) -> set[Carried]:
    """Canonical XML of every element the model's ``urdf:gazebo`` blocks produce.

    SDF -> URDF skips these extras: the verbatim block already carries them.
    """
    out: set[Carried] = set()
    for x in model.extras:
        if x.tag != U + "gazebo":
            continue
        el = from_string(x.xml)
        kinds: tuple[GazeboTarget, ...] = ("link", "joint") if el.get("reference") \
            else ("model",)
        for k in kinds:
            dropped = Diagnostics()
            out |= _outputs(_translate(el, k, dropped))
            # what SDFormat 1.7 does not define, a later version written may have applied
            for version in VERSIONS[1:] if dropped.items else ():  # (it prunes: a copy)
                out |= _outputs(_translate(from_string(x.xml), k, None, None, version))
    return out | {Lumped(digest(form)) for form in out if isinstance(form, str)}


def model_static_by_block(model: Model) -> bool:
    """Whether one of the model's verbatim ``<urdf:gazebo>`` blocks without reference
    holds ``<static>true</static>`` (a URDF's static model, as libsdformat makes it)."""
    static = canonical(to_string(text_element("static", "true")))
    return any(static in _outputs(_translate(from_string(x.xml), "model", None))
               for x in model.extras
               if x.tag == U + "gazebo" and "static" in x.xml
               and block_reference(x.xml) is None)


def _outputs(t: _Target) -> set[Carried]:
    """Canonical XML of what one block adds to a link, joint or model."""
    out: set[Carried] = {canonical(kept.xml) for kept in t.extras}
    if t.static is not None:
        out.add(canonical(to_string(text_element("static", "true" if t.static else "false"))))
    for tag, value in t.spring.items():
        out.add(canonical(to_string(text_element(SPRING_TAGS[tag], value))))
    for group in (*t.visual_extras.values(), *t.collision_extras.values(),
                  t.all_collisions, t.axis, t.all_visuals):
        for e in group:
            out |= _element_outputs(e)
    return out


def _element_outputs(e: etree._Element) -> set[Carried]:
    """Canonical XML of an element a block merges into a shape or an axis."""
    out: set[Carried] = {canonical(to_string(e))}
    if e.tag == "surface":  # merged with others into one: leaf by leaf
        out.update(leaves(e))
    if e.tag in ("material", "limit"):  # merged child by child
        out.update(canonical(to_string(c)) for c in e if isinstance(c.tag, str))
    return out

