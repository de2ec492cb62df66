"""Names SDFormat forbids where URDF allows them, renamed one way and restored the other.

A URDF link called ``world`` (other than the root that is the world), a name
SDFormat reserves (``__x__``), a joint named like a link, and a name with blanks
libsdformat reads otherwise (at its ends, or a run inside) get a new SDF name;
the URDF name travels as ``urdf:name`` (:attr:`~urdfsdf.core.ir.Link.original_name`)
and :func:`restore_names` puts it back.  :func:`unique_name` is the one rule
urdfsdf uses to make a name unique among names already taken.
"""

from __future__ import annotations

from typing import Literal

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Joint, Link, Model, evolve
from urdfsdf.sdf.names import SCOPE_SEP, is_reserved, version_of
from urdfsdf.sdf.values import collapsed

#: what a renamed URDF name belongs to (the suffix of its new SDF name)
Renamed = Literal["link", "joint"]


def unique_name(base: str, used: set[str]) -> str:
    """``base``, or the first of ``base_1``, ``base_2``... not in ``used``; added to ``used``."""
    name, i = base, 1
    while name in used:
        name = f"{base}_{i}"
        i += 1
    used.add(name)
    return name


def repeat_name(name: str, *used: set[str]) -> str:
    """The first of ``name_2``, ``name_3``... in none of ``used``: a repeated name renamed."""
    n = 2
    while any(f"{name}_{n}" in names for names in used):
        n += 1
    return f"{name}_{n}"


def _sdf_name(name: str, kind: Renamed, used: set[str]) -> str:
    """A name SDFormat accepts for a URDF name it forbids (see :func:`sdf_names`)."""
    if collapsed(name) != name:  # blanks libsdformat reads otherwise: without them
        name = collapsed(name) or f"unnamed_{kind}"
        if name != "world" and SCOPE_SEP not in name and not is_reserved(name):
            return unique_name(name, used)
    if name == "world":
        base = f"world_{kind}"
    elif SCOPE_SEP in name:
        base = name.replace(SCOPE_SEP, "_")  # SDFormat 1.8 reserves "::" for scoped references
    elif is_reserved(name):
        base = f"{name.strip('_') or 'unnamed'}_{kind}"
    else:
        base = f"{name}_{kind}"  # a joint named like a link, as libsdformat renames it
    return unique_name(base, used)


def sdf_names(model: Model, root: str, world_root: bool, diags: Diagnostics,
              version: str = "1.7") -> tuple[dict[str, str], dict[str, str]]:
    """Renames URDF names that SDFormat forbids: ``(links, joints)`` old -> new.

    A link called ``world`` (other than an empty root, which becomes the world),
    names reserved by SDFormat (``__x__``), a joint with the name of a link
    (sibling names must be unique), and from SDFormat 1.8 a name holding ``::``.
    Each rename is reported and the original travels as ``urdf:name`` so sdf2urdf
    restores it.
    """
    scoped = version_of(version) >= (1, 8)

    def forbidden(name: str) -> bool:
        # (a name with blanks at its ends or a run of blanks inside: libsdformat reads it,
        # or a reference to it, otherwise: sdf/values.py, trimmed and collapsed)
        return is_reserved(name) or (scoped and SCOPE_SEP in name) or collapsed(name) != name

    used = {link.name for link in model.links} | {j.name for j in model.joints}
    links: dict[str, str] = {}
    for link in model.links:
        if (link.name == "world" and not (world_root and link.name == root)) or \
                (link.name != "world" and forbidden(link.name)):
            links[link.name] = _sdf_name(link.name, "link", used)
    link_names = {links.get(n.name, n.name) for n in model.links}
    joints: dict[str, str] = {}
    for joint in model.joints:
        if joint.type in ("floating", "planar"):
            continue  # not an SDF joint: carried verbatim, under its URDF name
        if forbidden(joint.name) or joint.name in link_names:
            joints[joint.name] = _sdf_name(joint.name, "joint", used)
    for kind, mapping in (("link", links), ("joint", joints)):
        for old, new in mapping.items():
            diags.warning("NAME_CHANGED", f"{kind} {old!r} is not a valid SDFormat {version} "
                          f"name here; written as {new!r} with urdf:name={old!r}")
    return links, joints


def restore_names(model: Model) -> Model:
    """Undo :func:`sdf_names` on a URDF-shaped model read back from SDF."""
    links = {x.name: x.original_name for x in model.links if x.original_name}
    joints = {x.name: x.original_name for x in model.joints if x.original_name}
    renamed_shapes = any(v.original_name for x in model.links for v in x.visuals) or any(
        c.original_name for x in model.links for c in x.collisions)
    if not links and not joints and not renamed_shapes:
        return model
    return evolve(model, links=tuple(_restored_link(x, links) for x in model.links),
                  joints=tuple(_restored_joint(j, links, joints) for j in model.joints))


def _restored_link(link: Link, links: dict[str, str]) -> Link:
    """``link`` and its visuals and collisions under their original names."""
    return evolve(link, name=links.get(link.name, link.name), original_name=None,
                  visuals=tuple(evolve(v, name=v.original_name or v.name,
                                       original_name=None) for v in link.visuals),
                  collisions=tuple(evolve(c, name=c.original_name or c.name,
                                          original_name=None) for c in link.collisions))


def _restored_joint(j: Joint, links: dict[str, str], joints: dict[str, str]) -> Joint:
    """``j`` under its original name, naming its links and mimicked joint by theirs."""
    mimic = j.mimic
    if mimic is not None and mimic.joint in joints:
        mimic = evolve(mimic, joint=joints[mimic.joint])
    return evolve(j, name=joints.get(j.name, j.name), original_name=None,
                  parent=links.get(j.parent, j.parent), child=links.get(j.child, j.child),
                  mimic=mimic)
