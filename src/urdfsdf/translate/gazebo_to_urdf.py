"""``<gazebo>`` extension blocks, SDF -> URDF: what SDF holds and URDF cannot.

:func:`gazebo_blocks` writes whatever SDF holds that URDF cannot (link sensors, lights,
self_collide, gravity...; collision surfaces; visual material scripts and extra colours;
joint physics, spring values, axis extras; model plugins) into ``<gazebo reference>``
blocks of the form :mod:`urdfsdf.translate.gazebo_to_sdf` applies, which libsdformat
reads back too; :func:`joints_block` the joints cut to close a loop.  What a verbatim
``<urdf:gazebo>`` block already carries is not written twice
(:func:`urdfsdf.translate.gazebo_to_sdf.applied_outputs`), nor the model pose and the
links and joints such a block made (:func:`pose_made_by_block`, :func:`made_by_blocks`).
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import (
    Axis,
    Collision,
    Dynamics,
    Extra,
    Joint,
    Link,
    Material,
    Model,
    ShapeElement,
    Visual,
)
from urdfsdf.sdf.posed import posed_extra
from urdfsdf.translate.gazebo_keys import (
    LUMPED,
    SPRING_TAGS,
    Carried,
    Lumped,
    applied_form,
    leaves,
    text_element,
)
from urdfsdf.xml.custom import is_urdf_extra
from urdfsdf.xml.drake_forms import URDF_PLACED
from urdfsdf.xml.namespaces import DRAKE_DIFFUSE_MAP, U
from urdfsdf.xml.parse import canonical, from_string, to_string


def _block(reference: str | None, children: Iterable[etree._Element]) -> etree._Element:
    g = etree.Element("gazebo")
    if reference is not None:
        g.set("reference", reference)
    for c in children:
        c.tail = None
        g.append(c)
    return g


def _pretty(el: etree._Element, line: int | None) -> Extra:
    for node in el.iter():
        if node.text is not None and not node.text.strip():
            node.text = None
        node.tail = None
    etree.indent(el, space="  ", level=1)
    return posed_extra(el, line)


def _parse(x: Extra) -> etree._Element:
    """``x``'s element (without the mark of lumping: :data:`LUMPED`)."""
    el = from_string(x.xml)
    if el.get(LUMPED) is not None:
        del el.attrib[LUMPED]
        etree.cleanup_namespaces(el)
    return el


def _sdf_only(extras: tuple[Extra, ...], skip: set[Carried]) -> list[etree._Element]:
    """The elements of ``extras`` that no ``urdf:`` form or ``urdf:gazebo`` block carries."""
    if not extras:
        return []
    # with nothing to skip (no urdf:gazebo block), no canonical form is needed
    return [_parse(x) for x in extras  # (a Drake extension URDF holds: urdf_elements)
            if not is_urdf_extra(x) and x.tag not in URDF_PLACED
            and not (skip and _carried(x, skip))]


def _carried(x: Extra, skip: set[Carried]) -> bool:
    """Whether a verbatim ``urdf:gazebo`` block carries ``x``: as the block gave it,
    as lumping changed it (:data:`LUMPED`), or leaf by leaf (a merged surface)."""
    if applied_form(x.xml) in skip:
        return True
    if "lumped" in x.xml:
        mark = from_string(x.xml).get(LUMPED)
        if mark is not None and Lumped(mark) in skip:
            return True
    return x.tag == "surface" and leaves(from_string(x.xml)) <= skip


def _skipped(el: etree._Element, skip: set[Carried]) -> bool:
    """Whether a verbatim ``urdf:gazebo`` block already carries ``el``."""
    return bool(skip) and canonical(to_string(el)) in skip




def gazebo_blocks(model: Model, links: Iterable[tuple[str, Link]],
                  joints: Iterable[tuple[str, Joint]], skip: set[Carried]) -> list[Extra]:
    """``<gazebo>`` blocks holding the SDF-only content of a model being written as URDF.

    ``links``/``joints`` pair each URDF name with the SDF element it came from;
    ``skip`` lists canonical XML already carried by verbatim ``urdf:gazebo`` blocks.
    """
    blocks = [_model_block(model, skip)]
    blocks += [_link_block(name, link, skip) for name, link in links]
    blocks += [_joint_block(name, joint, skip) for name, joint in joints]
    return [b for b in blocks if b is not None]


def _model_block(model: Model, skip: set[Carried]) -> Extra | None:
    """The block without reference: ``static`` and the model's SDF-only children."""
    children = _sdf_only(model.extras, skip)
    if model.static and not _skipped(text_element("static", "true"), skip):
        children.insert(0, text_element("static", "true"))
    return _pretty(_block(None, children), model.line) if children else None


def _link_block(name: str, link: Link, skip: set[Carried]) -> Extra | None:
    """A link's block: its SDF-only children, then its shapes' (:func:`_shape_blob`).

    SDF-only content is in extras, and in a visual's material.
    """
    children = _sdf_only(link.extras, skip) if link.extras else []
    for v in link.visuals:
        if v.extras or v.material is not None:
            blob = _shape_blob(v, skip)
            if blob is not None:
                children.append(blob)
    for c in link.collisions:
        if c.extras:
            blob = _shape_blob(c, skip)
            if blob is not None:
                children.append(blob)
    return _pretty(_block(name, children), link.line) if children else None


def _joint_block(name: str, joint: Joint, skip: set[Carried]) -> Extra | None:
    """A joint's block: its SDF-only children, spring values and axis extras."""
    children = _sdf_only(joint.extras, skip) if joint.extras else []
    axis = joint.axis
    if axis is not None:
        if axis.dynamics is not None:
            children += _spring_keys(axis.dynamics, skip)
        if axis.extras or (axis.limit is not None and axis.limit.extras):
            blob = _axis_blob(axis, skip)
            if blob is not None:
                children.append(blob)
    return _pretty(_block(name, children), joint.line) if children else None


def joints_block(joints: Iterable[Joint], line: int | None) -> Extra:
    """``<gazebo>`` holding SDF ``<joint>`` elements: the joints sdf2urdf cut from a
    model's tree to close its loops, in the form libsdformat copies into the model it
    makes of the URDF (and :func:`~urdfsdf.translate.gazebo_to_sdf.apply_gazebo`
    applies).  What only URDF holds (``urdf:`` content) is not written in them."""
    import urdfsdf.sdf.writer as sdf_writer  # the module form: see api.py's imports

    sdf_joints = (sdf_writer.sdf_alone(j) for j in joints)
    return _pretty(_block(None, (from_string(sdf_writer.element_text(j))
                                 for j in sdf_joints)), line)


def _spring_keys(dynamics: Dynamics, skip: set[Carried]) -> list[etree._Element]:
    """``springReference``/``springStiffness`` keys of an axis's spring values."""
    keys = []
    for attr, tag in SPRING_TAGS.items():
        value = getattr(dynamics, attr)
        if value is not None:
            el = text_element(tag, value)
            if not _skipped(el, skip):
                keys.append(el)
    return keys


def _axis_blob(axis: Axis, skip: set[Carried]) -> etree._Element | None:
    """``<axis>`` with the axis's SDF-only children and its limit's (in ``<limit>``)."""
    children = _sdf_only(axis.extras, skip)
    limit_children = _sdf_only(axis.limit.extras, skip) if axis.limit else []
    if limit_children:
        children.append(_block(None, limit_children))
        children[-1].tag = "limit"
    if not children:
        return None
    blob = _block(None, children)
    blob.tag = "axis"
    return blob


def _shape_blob(shape: Visual | Collision, skip: set[Carried]) -> etree._Element | None:
    """``<visual name>``/``<collision name>`` with the shape's SDF-only content, if any."""
    children = _sdf_only(shape.extras, skip)
    if isinstance(shape, Visual) and shape.material is not None:
        material = _material_blob(shape.material, skip)
        if material is not None:
            children.append(material)
    if not children:
        return None
    kind: ShapeElement = "visual" if isinstance(shape, Visual) else "collision"
    el = etree.Element(kind, name=shape.name or "")
    el.extend(children)
    return el


def _material_blob(m: Material, skip: set[Carried]) -> etree._Element | None:
    """``<material>`` with what a URDF material lacks (specular, emissive, scripts...)."""
    colours = [("specular", m.specular), ("emissive", m.emissive)]
    if m.ambient is not None and m.diffuse is not None and m.ambient != m.diffuse:
        # URDF rgba holds diffuse (else ambient); a different ambient rides along
        colours.insert(0, ("ambient", m.ambient))
    mat = etree.Element("material")
    for tag, value in colours:
        el = text_element(tag, " ".join(value)) if value is not None else None
        if el is not None and not _skipped(el, skip):
            mat.append(el)
    mat.extend(_parse(x) for x in m.extras  # a texture: the URDF material's (urdf_elements)
               if not is_urdf_extra(x) and x.tag != DRAKE_DIFFUSE_MAP
               and not (skip and canonical(x.xml) in skip))
    return mat if len(mat) else None


def pose_made_by_block(model: Model) -> bool:
    """Whether the model's pose is the ``<pose>`` of one of its verbatim ``<urdf:gazebo>``
    blocks without reference (an iCub's, placing the robot in Gazebo): the URDF holds
    it in the block, not in its joint origins."""
    pose = model.pose
    if pose.relative_to is not None or pose.text is None:
        return False
    for x in model.extras:
        if x.tag == U + "gazebo" and "<pose" in x.xml:
            block = from_string(x.xml)
            if block.get("reference") is None and any(
                    tuple((p.text or "").split()) == pose.text and not p.attrib
                    for p in block.findall("pose")):
                return True
    return False


def made_by_blocks(model: Model) -> frozenset[str]:
    """The names of the links and joints of ``model`` that its verbatim ``<urdf:gazebo>``
    blocks without reference made (:func:`~urdfsdf.translate.gazebo_to_sdf.apply_gazebo`
    copies their SDF ``<link>`` and ``<joint>`` elements into the model), unchanged since.

    SDF -> URDF leaves them out: the block brings them back as written.  An element
    is compared in its canonical SDF form (:func:`urdfsdf.sdf.writer.element_canonical`),
    so one edited in the SDF, or a URDF joint whose name a block's joint repeats (not
    applied), is written from the SDF.
    """
    blocks = [from_string(x.xml) for x in model.extras if x.tag == U + "gazebo"]
    kids = [to_string(c) for b in blocks if b.get("reference") is None
            for c in b if c.tag in ("link", "joint")]
    if not kids:
        return frozenset()
    import urdfsdf.sdf.reader as sdf_reader  # the module form: see api.py's imports
    import urdfsdf.sdf.writer as sdf_writer

    doc = sdf_reader.read_sdf_bytes(
        f'<sdf version="1.7"><model name="m">{"".join(kids)}</model></sdf>'.encode(),
        Diagnostics())
    if doc is None or not doc.models:
        return frozenset()
    def elements(m: Model) -> list[Link | Joint]:
        return [*m.links, *m.joints]

    # the canonical form parses the text with the `urdf` prefix of its carriers declared
    # (a URDF joint's <urdf:safety_controller>, as PR2's)
    made = {x.name: sdf_writer.element_canonical(x) for x in elements(doc.models[0])}
    return frozenset(x.name for x in elements(model) if x.name in made
                     and sdf_writer.element_canonical(x) == made[x.name])

