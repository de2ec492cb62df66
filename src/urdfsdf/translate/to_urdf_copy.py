"""SDF -> URDF for a URDF-shaped SDF model: the copy path.

A model that :mod:`urdfsdf.translate.urdf_shape` finds URDF-shaped (a tree;
joint poses relative_to the parent link; child link poses the identity at
their joint; axes in the joint frame) is written with its xyz/rpy/axis text
copied, nothing computed ("Parity with URDF" in the spec).  A frame that stands for
a massless URDF link (``urdf:joint``: ``urdf2sdf --massless-as-frames``) is written as
that link on its fixed joint, the frame's pose text its origin.  A link a ``<urdf:root>``
mark names is written as a root link, as urdf2sdf read it (with a warning: urdfdom refuses
a robot with several root links).
"""

from __future__ import annotations

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Joint, Link, Model, UrdfRoot
from urdfsdf.translate.carriers import unsealed
from urdfsdf.translate.gazebo_to_sdf import applied_outputs
from urdfsdf.translate.gazebo_to_urdf import gazebo_blocks
from urdfsdf.translate.names import restore_names
from urdfsdf.translate.urdf_elements import (
    report_placement_frame,
    urdf_extras,
    urdf_joint,
    urdf_link,
    world_link,
)
from urdfsdf.xml.carried import LINKLESS, is_linkless
from urdfsdf.xml.namespaces import U


def sdf_to_urdf_copy(model: Model, diags: Diagnostics,
                     lossy: bool = False) -> Model:
    """URDF form of a URDF-shaped SDF model (see :mod:`urdfsdf.translate.urdf_shape`): a copy."""
    applied = applied_outputs(model)
    links = [urdf_link(unsealed(link, diags, f"link {link.name!r}"), diags, lossy, applied,
                       as_written=True) for link in model.links]
    if any(j.parent == "world" for j in (*model.joints, *model.urdf_joints)):
        if model.link("world") is None:
            world = world_link(model, diags)
            if world is not None:
                links.insert(0, world)
    else:
        report_placement_frame(model, diags)
    joints = []
    for joint in model.joints:
        uj = urdf_joint(unsealed(joint, diags, f"joint {joint.name!r}"), joint.pose, diags,
                        as_written=True)
        if uj is not None:
            joints.append(uj)
    joints.extend(model.urdf_joints)
    for frame in model.frames:  # each stands for a URDF link (urdf_shape.urdf_link_frame)
        links.append(Link(frame.name, line=frame.line))
        joints.append(Joint(frame.urdf_joint or "", "fixed", frame.attached_to or "",
                            frame.name, pose=frame.pose.with_frame(None), line=frame.line))
    _report_roots(model, diags)
    extras = urdf_extras(model.extras, (U + "link",))
    # blocks name links and joints by their URDF names (restore_names below)
    extras += tuple(gazebo_blocks(model, [(x.original_name or x.name, x) for x in model.links],
                                  [(j.original_name or j.name, j) for j in model.joints],
                                  applied))
    return restore_names(Model(model.name, tuple(links), tuple(joints),
                               materials=model.materials, extras=extras, version=model.version,
                               line=model.line, convention="urdf"))


def linkless(model: Model) -> Model | None:
    """The URDF robot with no link urdf2sdf wrote as this SDF model (``<model
    urdf:linkless>``, core/tree.LINKLESS), with what it carries and neither a link nor
    ``<static>``; None when the model is not one, or has gained a link, joint, frame or
    model since (it is then converted as any other)."""
    if not is_linkless(model.extras) or model.links or model.joints or model.frames or model.models:
        return None
    extras = urdf_extras(tuple(x for x in model.extras if x.tag != LINKLESS))
    return Model(model.name, materials=model.materials, extras=extras, version=model.version,
                 line=model.line, convention="urdf")


def _report_roots(model: Model, diags: Diagnostics) -> None:
    """Warn of each root link a ``<urdf:root>`` mark names (a root of the URDF urdf2sdf
    read, written back as one: urdfdom refuses the robot)."""
    children = {j.child for j in (*model.joints, *model.urdf_joints)}
    for x in model.extras:
        link = model.link(x.link) if isinstance(x, UrdfRoot) else None
        if link is not None and link.name not in children:
            name = link.original_name or link.name
            diags.warning("URDF_TREE_INVALID", f"link {name!r} is a root link of the URDF "
                          "besides the first (<urdf:root>), as urdf2sdf read it: written back "
                          "as one, a free body as Drake reads it; urdfdom refuses the robot "
                          "(\"Two root links found\")", x.line)
