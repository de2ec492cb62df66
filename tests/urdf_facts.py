"""An independent reading of URDF kinematics as text, straight from lxml.

Round-trip tests compare what this module sees in the input and the output,
so they do not trust urdfsdf's own reader.  Normalisations (documented in the
README): an absent origin attribute is "0 0 0"; an absent axis is "1 0 0";
number tokens are compared as text after splitting on whitespace.
"""

from __future__ import annotations

from lxml import etree


def _origin(el: etree._Element | None) -> tuple[str, str]:
    if el is None:
        return ("0 0 0", "0 0 0")
    return (" ".join(el.get("xyz", "0 0 0").split()), " ".join(el.get("rpy", "0 0 0").split()))


#: the attributes the URDF format defines, per element (others are ignored by urdfdom)
KNOWN = {
    "inertia": {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"},
    "mass": {"value"}, "box": {"size"}, "cylinder": {"radius", "length"},
    "sphere": {"radius"}, "mesh": {"filename", "scale"}, "color": {"rgba"},
    "texture": {"filename"}, "parent": {"link"}, "child": {"link"},
    "limit": {"lower", "upper", "effort", "velocity"}, "dynamics": {"damping", "friction"},
    "mimic": {"joint", "multiplier", "offset"},
    "safety_controller": {"soft_lower_limit", "soft_upper_limit", "k_position", "k_velocity"},
    "calibration": {"rising", "falling", "reference_position"},
}


def _attrs(el: etree._Element | None) -> tuple[tuple[str, str], ...]:
    if el is None:
        return ()
    known = KNOWN.get(str(el.tag), set())
    return tuple(sorted((k, " ".join(v.split())) for k, v in el.attrib.items() if k in known))


def _geometry(el: etree._Element | None) -> tuple[object, ...]:
    if el is None:
        return ()
    shapes = [c for c in el if isinstance(c.tag, str)]
    return tuple((c.tag, _attrs(c)) for c in shapes[:1])


def _material(el: etree._Element | None) -> tuple[object, ...]:
    if el is None:
        return ()
    return (el.get("name"), _attrs(el.find("color")), _attrs(el.find("texture")))


def kinematics(text: bytes | str) -> dict[str, object]:
    """Links and joints of a URDF, every number as text."""
    data = text.encode() if isinstance(text, str) else text
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    root = etree.fromstring(data, parser)
    links = {}
    for link in root.iterfind("link"):
        inertial = link.find("inertial")
        inert = None
        if inertial is not None:
            inert = (_origin(inertial.find("origin")), _attrs(inertial.find("mass")),
                     _attrs(inertial.find("inertia")))
        visuals = tuple((v.get("name"), _origin(v.find("origin")),
                         _geometry(v.find("geometry")), _material(v.find("material")))
                        for v in link.iterfind("visual"))
        collisions = tuple((c.get("name"), _origin(c.find("origin")),
                            _geometry(c.find("geometry")))
                           for c in link.iterfind("collision"))
        links[link.get("name")] = (inert, visuals, collisions)
    joints = {}
    for joint in root.iterfind("joint"):
        jtype = joint.get("type")
        axis = joint.find("axis")
        axis_t = " ".join(axis.get("xyz", "1 0 0").split()) if axis is not None else "1 0 0"
        joints[joint.get("name")] = (
            jtype, _attrs(joint.find("parent")), _attrs(joint.find("child")),
            _origin(joint.find("origin")), axis_t, _attrs(joint.find("limit")),
            _attrs(joint.find("dynamics")), _attrs(joint.find("mimic")),
            _attrs(joint.find("safety_controller")), _attrs(joint.find("calibration")))
    return {"name": root.get("name"), "links": links, "joints": joints}


