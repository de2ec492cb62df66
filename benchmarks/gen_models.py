"""Generate deterministic URDF and SDFormat 1.7 models for benchmarks.

Every generator takes a size ``n`` and a ``seed`` and returns the model as a
string; the same ``(n, seed)`` always yields the same text. Models are built
as lists of strings joined once, so 100k links generate in a few seconds.

Kinds:

``urdf_chain N``
    N-link serial URDF chain: every link has an inertial, one visual and one
    collision (box, cylinder, sphere in turn); revolute joints with origin
    (xyz and rpy), axis and limit.
``urdf_tree N``
    The same links and joints, but each new link hangs from a random earlier
    link (a branching tree).
``sdf_parity N``
    The ``urdf_chain N`` model as SDFormat 1.7 in URDF parity form: joint pose
    ``relative_to`` its parent link, child link ``<pose relative_to="JOINT"/>``,
    the same numbers as text.
``sdf_parity_tree N``
    The ``urdf_tree N`` model in the same parity form.
``sdf_absolute N``
    SDFormat 1.7 chain with link poses in the model frame (no ``relative_to``),
    joint poses left at their default (relative to the child link) and some
    axes ``expressed_in="__model__"``.
``sdf_relative_chain N``
    One link and N explicit frames, frame i posed ``relative_to`` frame i-1.
``sdf_frames N``
    A chain of N/10 links with 10 explicit frames attached to each link.
``sdf_nested N``
    N links spread over nested models: the top model holds groups, each group
    holds leaf models of 10 links (two levels deep), with joints inside each
    leaf model.

Usage::

    python benchmarks/gen_models.py KIND N [-o FILE] [--seed SEED]
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from collections.abc import Callable, Sequence
from typing import NamedTuple

DEFAULT_SEED = 1234
LINKS_PER_LEAF = 10
LEAVES_PER_GROUP = 10
FRAMES_PER_LINK = 10
POOL_SIZE = 4096

_AXES: tuple[str, ...] = ("1 0 0", "0 1 0", "0 0 1", "-1 0 0", "0 -1 0", "0 0 -1")
_GEOMETRIES: tuple[str, ...] = ("box", "cylinder", "sphere")


def _f(x: float) -> str:
    """Format a pose or limit number: four decimals."""
    return f"{x:.4f}"


def _g(x: float) -> str:
    """Format a mass or inertia number: six significant digits."""
    return f"{x:.6g}"


class LinkSpec(NamedTuple):
    """One link of a generated model, every number already as text."""

    name: str
    mass: str
    inertia: tuple[str, str, str, str, str, str]  # ixx ixy ixz iyy iyz izz
    inertial_xyz: str
    inertial_rpy: str
    geometry: str  # "box", "cylinder" or "sphere"
    dims: tuple[str, ...]  # box: (size,), cylinder: (radius, length), sphere: (radius,)
    visual_xyz: str
    visual_rpy: str
    collision_xyz: str
    collision_rpy: str


class JointSpec(NamedTuple):
    """One revolute joint of a generated model, every number already as text."""

    name: str
    parent: str
    child: str
    xyz: str
    rpy: str
    axis: str
    lower: str
    upper: str
    effort: str
    velocity: str


@functools.cache
def _table(lo: int, hi: int, decimals: int) -> tuple[str, ...]:
    """Every multiple of ``10**-decimals`` from ``lo`` to ``hi`` (in those units) as text.

    Picking pre-formatted numbers from a table is faster than formatting
    random floats, and gives exact text (never ``-0.0000``).
    """
    unit = 10**decimals
    out: list[str] = []
    for k in range(lo, hi + 1):
        a = -k if k < 0 else k
        out.append(f"{'-' if k < 0 else ''}{a // unit}.{a % unit:0{decimals}d}")
    return tuple(out)


def _pick(rng: random.Random, lo: float, hi: float, decimals: int = 4) -> str:
    """A seeded number in ``[lo, hi]`` with ``decimals`` decimals, as text."""
    unit = 10**decimals
    table = _table(round(lo * unit), round(hi * unit), decimals)
    return table[int(rng.random() * len(table))]


def _xyz(rng: random.Random, scale: float) -> str:
    """Three seeded numbers in ``[-scale, scale]``, as ``"x y z"`` text."""
    table = _table(-round(scale * 10000), round(scale * 10000), 4)
    r = rng.random
    size = len(table)
    return f"{table[int(r() * size)]} {table[int(r() * size)]} {table[int(r() * size)]}"


def _rpy(rng: random.Random) -> str:
    """Seeded roll, pitch, yaw (pitch kept off the +-pi/2 singularity), as text."""
    yaw = _table(-31415, 31415, 4)
    pitch = _table(-15000, 15000, 4)
    r = rng.random
    return f"{yaw[int(r() * len(yaw))]} {pitch[int(r() * len(pitch))]} {yaw[int(r() * len(yaw))]}"


_Body = tuple[str, tuple[str, str, str, str, str, str], tuple[str, ...]]  # mass, inertia, dims


def _body(rng: random.Random, kind: str) -> _Body:
    """Mass, a physically consistent inertia and the dimensions of one geometry."""
    r = rng.random
    mass = (500 + int(r() * 4501)) / 1000  # 0.5 .. 5.0
    dims: tuple[str, ...]
    if kind == "box":
        a, b, c = ((50 + int(r() * 451)) / 1000 for _ in range(3))  # 0.05 .. 0.5
        ixx = mass / 12 * (b * b + c * c)
        iyy = mass / 12 * (a * a + c * c)
        izz = mass / 12 * (a * a + b * b)
        dims = (f"{a} {b} {c}",)
    elif kind == "cylinder":
        rad = (20 + int(r() * 181)) / 1000  # 0.02 .. 0.2
        h = (50 + int(r() * 751)) / 1000  # 0.05 .. 0.8
        ixx = iyy = mass / 12 * (3 * rad * rad + h * h)
        izz = mass / 2 * rad * rad
        dims = (str(rad), str(h))
    else:
        rad = (20 + int(r() * 281)) / 1000  # 0.02 .. 0.3
        ixx = iyy = izz = 2.0 / 5.0 * mass * rad * rad
        dims = (str(rad),)
    return str(mass), (_g(ixx), "0", "0", _g(iyy), "0", _g(izz)), dims


def _limits(rng: random.Random) -> tuple[str, str, str, str]:
    """Seeded lower, upper, effort and velocity of a revolute joint, as text."""
    return (
        _pick(rng, -3.0, -0.1),
        _pick(rng, 0.1, 3.0),
        _pick(rng, 1.0, 500.0, 1),
        _pick(rng, 0.1, 10.0, 3),
    )


def _pool_size(n: int) -> int:
    """How many distinct values to draw for each kind of number of an n-item model."""
    return max(16, min(POOL_SIZE, n))


def rpy_list(rng: random.Random, k: int, pool: int) -> list[str]:
    """``k`` seeded rpy texts drawn from a pool of ``pool`` distinct ones."""
    return rng.choices([_rpy(rng) for _ in range(pool)], k=k)


def xyz_list(rng: random.Random, scale: float, k: int, pool: int) -> list[str]:
    """``k`` seeded xyz texts in ``[-scale, scale]`` from a pool of ``pool`` distinct ones."""
    return rng.choices([_xyz(rng, scale) for _ in range(pool)], k=k)


def kinematic_spec(
    n: int, seed: int = DEFAULT_SEED, tree: bool = False
) -> tuple[list[LinkSpec], list[JointSpec]]:
    """Return the links (``link_0`` is the root) and joints of a chain or tree.

    Joint ``joint_i`` has child ``link_i``; in a chain its parent is
    ``link_{i-1}``, in a tree a seeded random earlier link. Link ``i`` has a
    box, cylinder or sphere for ``i % 3`` = 0, 1, 2. Numbers are drawn from
    seeded pools of up to ``POOL_SIZE`` distinct values per kind, which keeps
    100k-link models fast to generate; the model only depends on ``n``,
    ``seed`` and ``tree``.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    rng = random.Random(seed)
    pool = _pool_size(n)
    bodies = [[_body(rng, kind) for _ in range(pool)] for kind in _GEOMETRIES]
    body_index = rng.choices(range(pool), k=n)
    centers = xyz_list(rng, 0.2, n, pool)
    visual_rpy = rpy_list(rng, n, pool)
    collision_rpy = rpy_list(rng, n, pool)
    links: list[LinkSpec] = []
    for i in range(n):
        mass, inertia, dims = bodies[i % 3][body_index[i]]
        center = centers[i]
        links.append(
            LinkSpec(
                f"link_{i}",
                mass,
                inertia,
                center,
                "0 0 0",
                _GEOMETRIES[i % 3],
                dims,
                center,
                visual_rpy[i],
                center,
                collision_rpy[i],
            )
        )
    m = n - 1
    r = rng.random
    parents = [int(r() * i) if tree else i - 1 for i in range(1, n)]
    limits = rng.choices([_limits(rng) for _ in range(pool)], k=m)
    joint_xyz = xyz_list(rng, 0.5, m, pool)
    joint_rpy = rpy_list(rng, m, pool)
    axes = rng.choices(_AXES, k=m)
    joints = [
        JointSpec(
            f"joint_{i}",
            f"link_{parents[i - 1]}",
            f"link_{i}",
            joint_xyz[i - 1],
            joint_rpy[i - 1],
            axes[i - 1],
            *limits[i - 1],
        )
        for i in range(1, n)
    ]
    return links, joints


# --------------------------------------------------------------------- URDF


def _urdf_geometry(link: LinkSpec) -> str:
    if link.geometry == "box":
        return f'<box size="{link.dims[0]}"/>'
    if link.geometry == "cylinder":
        return f'<cylinder radius="{link.dims[0]}" length="{link.dims[1]}"/>'
    return f'<sphere radius="{link.dims[0]}"/>'


def _urdf_link(out: list[str], link: LinkSpec) -> None:
    ixx, ixy, ixz, iyy, iyz, izz = link.inertia
    geom = _urdf_geometry(link)
    out.append(
        f'  <link name="{link.name}">\n'
        f"    <inertial>\n"
        f'      <origin xyz="{link.inertial_xyz}" rpy="{link.inertial_rpy}"/>\n'
        f'      <mass value="{link.mass}"/>\n'
        f'      <inertia ixx="{ixx}" ixy="{ixy}" ixz="{ixz}" iyy="{iyy}" iyz="{iyz}"'
        f' izz="{izz}"/>\n'
        f"    </inertial>\n"
        f'    <visual name="visual">\n'
        f'      <origin xyz="{link.visual_xyz}" rpy="{link.visual_rpy}"/>\n'
        f"      <geometry>\n        {geom}\n      </geometry>\n"
        f"    </visual>\n"
        f'    <collision name="collision">\n'
        f'      <origin xyz="{link.collision_xyz}" rpy="{link.collision_rpy}"/>\n'
        f"      <geometry>\n        {geom}\n      </geometry>\n"
        f"    </collision>\n"
        f"  </link>\n"
    )


def _urdf_joint(out: list[str], joint: JointSpec) -> None:
    out.append(
        f'  <joint name="{joint.name}" type="revolute">\n'
        f'    <origin xyz="{joint.xyz}" rpy="{joint.rpy}"/>\n'
        f'    <parent link="{joint.parent}"/>\n'
        f'    <child link="{joint.child}"/>\n'
        f'    <axis xyz="{joint.axis}"/>\n'
        f'    <limit lower="{joint.lower}" upper="{joint.upper}" effort="{joint.effort}"'
        f' velocity="{joint.velocity}"/>\n'
        f"  </joint>\n"
    )


def _urdf(name: str, links: list[LinkSpec], joints: list[JointSpec]) -> str:
    out: list[str] = ['<?xml version="1.0"?>\n', f'<robot name="{name}">\n']
    _urdf_link(out, links[0])
    for joint, link in zip(joints, links[1:], strict=True):
        _urdf_joint(out, joint)
        _urdf_link(out, link)
    out.append("</robot>\n")
    return "".join(out)


def urdf_chain(n: int, seed: int = DEFAULT_SEED) -> str:
    """N-link serial URDF chain with revolute joints."""
    links, joints = kinematic_spec(n, seed, tree=False)
    return _urdf(f"chain_{n}", links, joints)


def urdf_tree(n: int, seed: int = DEFAULT_SEED) -> str:
    """N-link URDF tree: each link after the first hangs from a random earlier link."""
    links, joints = kinematic_spec(n, seed, tree=True)
    return _urdf(f"tree_{n}", links, joints)


# ------------------------------------------------------------------ SDFormat


def _sdf_geometry(geometry: str, dims: tuple[str, ...], indent: str) -> str:
    if geometry == "box":
        body = f"<box>\n{indent}  <size>{dims[0]}</size>\n{indent}</box>"
    elif geometry == "cylinder":
        body = (
            f"<cylinder>\n{indent}  <radius>{dims[0]}</radius>\n"
            f"{indent}  <length>{dims[1]}</length>\n{indent}</cylinder>"
        )
    else:
        body = f"<sphere>\n{indent}  <radius>{dims[0]}</radius>\n{indent}</sphere>"
    return body


def _sdf_link(out: list[str], link: LinkSpec, pose: str, indent: str = "    ") -> None:
    """Append an SDFormat link; ``pose`` is the full ``<pose .../>`` line or ''."""
    i = indent
    ixx, ixy, ixz, iyy, iyz, izz = link.inertia
    geom = _sdf_geometry(link.geometry, link.dims, i + "      ")
    out.append(
        f'{i}<link name="{link.name}">\n'
        f"{pose}"
        f"{i}  <inertial>\n"
        f"{i}    <pose>{link.inertial_xyz} {link.inertial_rpy}</pose>\n"
        f"{i}    <mass>{link.mass}</mass>\n"
        f"{i}    <inertia>\n"
        f"{i}      <ixx>{ixx}</ixx>\n{i}      <ixy>{ixy}</ixy>\n{i}      <ixz>{ixz}</ixz>\n"
        f"{i}      <iyy>{iyy}</iyy>\n{i}      <iyz>{iyz}</iyz>\n{i}      <izz>{izz}</izz>\n"
        f"{i}    </inertia>\n"
        f"{i}  </inertial>\n"
        f'{i}  <visual name="visual">\n'
        f"{i}    <pose>{link.visual_xyz} {link.visual_rpy}</pose>\n"
        f"{i}    <geometry>\n{i}      {geom}\n{i}    </geometry>\n"
        f"{i}  </visual>\n"
        f'{i}  <collision name="collision">\n'
        f"{i}    <pose>{link.collision_xyz} {link.collision_rpy}</pose>\n"
        f"{i}    <geometry>\n{i}      {geom}\n{i}    </geometry>\n"
        f"{i}  </collision>\n"
        f"{i}</link>\n"
    )


def _sdf_joint(
    out: list[str],
    joint: JointSpec,
    pose: str,
    expressed_in: str | None = None,
    indent: str = "    ",
) -> None:
    """Append an SDFormat revolute joint; ``pose`` is the full pose line or ''."""
    i = indent
    attr = f' expressed_in="{expressed_in}"' if expressed_in else ""
    out.append(
        f'{i}<joint name="{joint.name}" type="revolute">\n'
        f"{pose}"
        f"{i}  <parent>{joint.parent}</parent>\n"
        f"{i}  <child>{joint.child}</child>\n"
        f"{i}  <axis>\n"
        f"{i}    <xyz{attr}>{joint.axis}</xyz>\n"
        f"{i}    <limit>\n"
        f"{i}      <lower>{joint.lower}</lower>\n"
        f"{i}      <upper>{joint.upper}</upper>\n"
        f"{i}      <effort>{joint.effort}</effort>\n"
        f"{i}      <velocity>{joint.velocity}</velocity>\n"
        f"{i}    </limit>\n"
        f"{i}  </axis>\n"
        f"{i}</joint>\n"
    )


def _sdf_parity(name: str, links: list[LinkSpec], joints: list[JointSpec]) -> str:
    out: list[str] = [
        '<?xml version="1.0"?>\n',
        '<sdf version="1.7">\n',
        f'  <model name="{name}">\n',
    ]
    _sdf_link(out, links[0], "")
    for joint, link in zip(joints, links[1:], strict=True):
        _sdf_joint(
            out,
            joint,
            f'      <pose relative_to="{joint.parent}">{joint.xyz} {joint.rpy}</pose>\n',
        )
        _sdf_link(out, link, f'      <pose relative_to="{joint.name}"/>\n')
    out.append("  </model>\n</sdf>\n")
    return "".join(out)


def sdf_parity(n: int, seed: int = DEFAULT_SEED) -> str:
    """``urdf_chain(n, seed)`` as SDFormat 1.7 in URDF parity form (same numbers)."""
    links, joints = kinematic_spec(n, seed, tree=False)
    return _sdf_parity(f"chain_{n}", links, joints)


def sdf_parity_tree(n: int, seed: int = DEFAULT_SEED) -> str:
    """``urdf_tree(n, seed)`` as SDFormat 1.7 in URDF parity form (same numbers)."""
    links, joints = kinematic_spec(n, seed, tree=True)
    return _sdf_parity(f"tree_{n}", links, joints)


def _fixed(k: int) -> str:
    """``k`` ten-thousandths as text with four decimals (``-12345`` -> ``-1.2345``)."""
    a = -k if k < 0 else k
    return f"{'-' if k < 0 else ''}{a // 10000}.{a % 10000:04d}"


def _absolute_poses(rng: random.Random, n: int) -> list[str]:
    """Model-frame link poses along a random walk, as ``x y z r p y`` text."""
    poses: list[str] = []
    x = y = z = 0  # in ten-thousandths
    r = rng.random
    for rpy in rpy_list(rng, n, _pool_size(n)):
        poses.append(f"{_fixed(x)} {_fixed(y)} {_fixed(z)} {rpy}")
        x += int(r() * 4000) - 1000  # -0.1 .. 0.3
        y += int(r() * 4000) - 2000  # -0.2 .. 0.2
        z += int(r() * 3000) - 500  # -0.05 .. 0.25
    return poses


def sdf_absolute(n: int, seed: int = DEFAULT_SEED) -> str:
    """SDFormat 1.7 chain with model-frame link poses and default joint poses.

    Link poses carry no ``relative_to`` (so they are in the model frame);
    every other joint has a ``<pose>`` without ``relative_to`` (relative to
    its child link), the rest none; every third axis is expressed in
    ``__model__``.
    """
    links, joints = kinematic_spec(n, seed, tree=False)
    rng = random.Random(seed + 1)
    poses = _absolute_poses(rng, n)
    offsets = xyz_list(rng, 0.05, n, _pool_size(n))
    out: list[str] = [
        '<?xml version="1.0"?>\n',
        '<sdf version="1.7">\n',
        f'  <model name="absolute_{n}">\n',
    ]
    _sdf_link(out, links[0], f"      <pose>{poses[0]}</pose>\n")
    for k, (joint, link) in enumerate(zip(joints, links[1:], strict=True), start=1):
        _sdf_link(out, link, f"      <pose>{poses[k]}</pose>\n")
        joint_pose = f"      <pose>{offsets[k]} 0 0 0</pose>\n" if k % 2 == 0 else ""
        _sdf_joint(out, joint, joint_pose, "__model__" if k % 3 == 0 else None)
    out.append("  </model>\n</sdf>\n")
    return "".join(out)


def sdf_relative_chain(n: int, seed: int = DEFAULT_SEED) -> str:
    """One link and ``n`` frames, each posed relative_to the previous one.

    Every frame is attached_to the link, so the attached_to graph stays
    shallow while the relative_to chain is ``n`` deep.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    links, _ = kinematic_spec(1, seed)
    rng = random.Random(seed + 2)
    out: list[str] = [
        '<?xml version="1.0"?>\n',
        '<sdf version="1.7">\n',
        f'  <model name="relative_chain_{n}">\n',
    ]
    base = links[0].name
    _sdf_link(out, links[0], "")
    pool = _pool_size(n)
    xyzs = xyz_list(rng, 0.1, n, pool)
    rpys = rpy_list(rng, n, pool)
    previous = base
    for i in range(n):
        name = f"frame_{i}"
        out.append(
            f'    <frame name="{name}" attached_to="{base}">\n'
            f'      <pose relative_to="{previous}">{xyzs[i]} {rpys[i]}</pose>\n'
            f"    </frame>\n"
        )
        previous = name
    out.append("  </model>\n</sdf>\n")
    return "".join(out)


def sdf_frames(n: int, seed: int = DEFAULT_SEED) -> str:
    """A parity-form chain of ``max(1, n // 10)`` links, each with 10 frames.

    Frame j of a link is attached_to the link; its pose is relative_to the
    link (j % 3 == 0), to the previous frame of the same link (j % 3 == 1)
    or left at the default, the attached_to frame (j % 3 == 2).
    """
    count = max(1, n // FRAMES_PER_LINK)
    links, joints = kinematic_spec(count, seed)
    rng = random.Random(seed + 3)
    out: list[str] = [
        '<?xml version="1.0"?>\n',
        '<sdf version="1.7">\n',
        f'  <model name="frames_{n}">\n',
    ]

    total = count * FRAMES_PER_LINK
    pool = _pool_size(total)
    xyzs = iter(xyz_list(rng, 0.2, total, pool))
    rpys = iter(rpy_list(rng, total, pool))

    def frames(link: str) -> None:
        for j in range(FRAMES_PER_LINK):
            name = f"{link}_frame_{j}"
            pose_values = f"{next(xyzs)} {next(rpys)}"
            if j % 3 == 0:
                pose = f'      <pose relative_to="{link}">{pose_values}</pose>\n'
            elif j % 3 == 1:
                pose = f'      <pose relative_to="{link}_frame_{j - 1}">{pose_values}</pose>\n'
            else:
                pose = f"      <pose>{pose_values}</pose>\n"
            out.append(f'    <frame name="{name}" attached_to="{link}">\n{pose}    </frame>\n')

    _sdf_link(out, links[0], "")
    frames(links[0].name)
    for joint, link in zip(joints, links[1:], strict=True):
        _sdf_joint(
            out,
            joint,
            f'      <pose relative_to="{joint.parent}">{joint.xyz} {joint.rpy}</pose>\n',
        )
        _sdf_link(out, link, f'      <pose relative_to="{joint.name}"/>\n')
        frames(link.name)
    out.append("  </model>\n</sdf>\n")
    return "".join(out)


def sdf_nested(n: int, seed: int = DEFAULT_SEED) -> str:
    """``n`` links spread over models nested two levels deep.

    The top model holds ``group_G`` models; each holds up to 10 ``leaf_G_L``
    models of up to 10 links (``link_0`` ... ``link_9``, names repeated in
    every leaf as they are scoped) chained by revolute joints inside the leaf.
    Inside a leaf, link poses are in the leaf model frame and joint poses are
    relative_to the parent link. The top and group models have no links of
    their own: their canonical link is the first nested model's (Amendment 1).
    """
    links, joints = kinematic_spec(n, seed)
    rng = random.Random(seed + 4)
    out: list[str] = [
        '<?xml version="1.0"?>\n',
        '<sdf version="1.7">\n',
        f'  <model name="nested_{n}">\n',
    ]
    per_group = LINKS_PER_LEAF * LEAVES_PER_GROUP
    rpys = rpy_list(rng, n, _pool_size(n))
    leaf_rpys = rpy_list(rng, (n + LINKS_PER_LEAF - 1) // LINKS_PER_LEAF, _pool_size(n))
    leaf_count = 0
    local_x = [_f(0.1 * local) for local in range(LINKS_PER_LEAF)]
    n_groups = (n + per_group - 1) // per_group
    for g in range(n_groups):
        out.append(f'    <model name="group_{g}">\n')
        out.append(f"      <pose>{_f(2.0 * g)} 0 0 0 0 {_f(rng.uniform(-1.0, 1.0))}</pose>\n")
        group_start = g * per_group
        group_end = min(n, group_start + per_group)
        for leaf, start in enumerate(range(group_start, group_end, LINKS_PER_LEAF)):
            end = min(group_end, start + LINKS_PER_LEAF)
            out.append(f'      <model name="leaf_{g}_{leaf}">\n')
            out.append(f"        <pose>0 {_f(0.5 * leaf)} 0 {leaf_rpys[leaf_count]}</pose>\n")
            leaf_count += 1
            for k in range(start, end):
                local = k - start
                renamed = links[k]._replace(name=f"link_{local}")
                pose = f"          <pose>{local_x[local]} 0 0 {rpys[k]}</pose>\n"
                _sdf_link(out, renamed, pose, indent="        ")
                if local > 0:
                    j = joints[k - 1]
                    parent = f"link_{local - 1}"
                    local_joint = j._replace(
                        name=f"joint_{local}", parent=parent, child=f"link_{local}"
                    )
                    _sdf_joint(
                        out,
                        local_joint,
                        f'          <pose relative_to="{parent}">{j.xyz} {j.rpy}</pose>\n',
                        indent="        ",
                    )
            out.append("      </model>\n")
        out.append("    </model>\n")
    out.append("  </model>\n</sdf>\n")
    return "".join(out)


GENERATORS: dict[str, Callable[[int, int], str]] = {
    "urdf_chain": urdf_chain,
    "urdf_tree": urdf_tree,
    "sdf_parity": sdf_parity,
    "sdf_parity_tree": sdf_parity_tree,
    "sdf_absolute": sdf_absolute,
    "sdf_relative_chain": sdf_relative_chain,
    "sdf_frames": sdf_frames,
    "sdf_nested": sdf_nested,
}


def generate(kind: str, n: int, seed: int = DEFAULT_SEED) -> str:
    """Return the model of ``kind`` with size ``n``; raise KeyError on an unknown kind."""
    return GENERATORS[kind](n, seed)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; returns the process exit code."""
    parser = argparse.ArgumentParser(
        description="Generate deterministic URDF / SDFormat 1.7 benchmark models."
    )
    parser.add_argument("kind", choices=sorted(GENERATORS))
    parser.add_argument("n", type=int, help="size (number of links or frames)")
    parser.add_argument("-o", "--output", help="output file (default: standard output)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("N must be at least 1")
    text = generate(args.kind, args.n, args.seed)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
