"""urdfdom's lossy ``Rotation::getRPY``, to give libsdformat and urdfsdf the same input.

libsdformat's URDF parser turns URDF origins into quaternions (urdfdom
``setFromRPY``) and back into roll/pitch/yaw with urdfdom's ``getRPY``, which
snaps every rotation whose pitch is within about 0.0045 rad of +-pi/2
(``|sin(pitch)| >= 0.99999``) to exactly +-pi/2, moving it by up to ~5e-5.
urdfsdf computes rotations exactly.  Differential tests therefore first
rewrite such origins to the rotation urdfdom snaps them to (:func:`presnap`);
origins outside that zone are left as written.  ``samples/spec/ORACLE.md``
lists the deviation.
"""

from __future__ import annotations

import math

from lxml import etree

SNAP = 0.99999


def set_from_rpy(r: float, p: float, y: float) -> tuple[float, float, float, float]:
    """urdfdom ``Rotation::setFromRPY``: quaternion ``(x, y, z, w)``."""
    phi, the, psi = r / 2.0, p / 2.0, y / 2.0
    sp, cp = math.sin(phi), math.cos(phi)
    st, ct = math.sin(the), math.cos(the)
    ss, cs = math.sin(psi), math.cos(psi)
    x = sp * ct * cs - cp * st * ss
    yy = cp * st * cs + sp * ct * ss
    z = cp * ct * ss - sp * st * cs
    w = cp * ct * cs + sp * st * ss
    n = math.sqrt(x * x + yy * yy + z * z + w * w)
    return x / n, yy / n, z / n, w / n


def get_rpy(x: float, y: float, z: float, w: float) -> tuple[float, float, float]:
    """urdfdom ``Rotation::getRPY`` (with its snapping near gimbal lock)."""
    sarg = -2.0 * (x * z - w * y)
    if sarg <= -SNAP:
        return 0.0, -math.pi / 2, 2.0 * math.atan2(x, -y)
    if sarg >= SNAP:
        return 0.0, math.pi / 2, 2.0 * math.atan2(-x, y)
    sqx, sqy, sqz, sqw = x * x, y * y, z * z, w * w
    return (math.atan2(2.0 * (y * z + w * x), sqw - sqx - sqy + sqz), math.asin(sarg),
            math.atan2(2.0 * (x * y + w * z), sqw + sqx - sqy - sqz))


def snaps(rpy: tuple[float, float, float]) -> bool:
    """True when urdfdom's getRPY would snap this rotation."""
    x, y, z, w = set_from_rpy(*rpy)
    return abs(-2.0 * (x * z - w * y)) >= SNAP


def presnap(data: bytes) -> tuple[bytes, int]:
    """The URDF with every snapping ``origin/@rpy`` replaced by urdfdom's result.

    Returns the new bytes and how many origins changed.
    """
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    root = etree.fromstring(data, parser)
    changed = 0
    for origin in root.iter("origin"):
        text = origin.get("rpy")
        if not text:
            continue
        try:
            r, p, y = (float(t) for t in text.split())
        except ValueError:
            continue
        if snaps((r, p, y)):
            origin.set("rpy", " ".join(repr(v) for v in get_rpy(*set_from_rpy(r, p, y))))
            changed += 1
    return etree.tostring(root, xml_declaration=True, encoding="utf-8"), changed
