"""Property tests of the lossless round trips (issue #5 item 7).

1. URDF -> SDF -> URDF gives back the same URDF, element by element with
   numbers compared as text, under exactly the normalisations the README
   documents (``test_lossless.urdf_elements`` applies them); the carried
   extension blocks (``<transmission>``, ``<ros2_control>``, ``<gazebo>``)
   must come back verbatim (canonical XML, child order included).  The SDF in
   between passes ``urdfsdf check`` without an error and is URDF-shaped.

2. SDF -> URDF -> SDF keeps the kinematics (every link, joint, explicit frame,
   visual, collision, inertial and axis resolved by the frame engine, compared
   as 4x4 matrices within 1e-9 relative to the root link) and every sensor,
   plugin and light (canonical XML, by the link, joint or model holding it),
   and every other SDF-only element the README says travels in ``<gazebo>``
   blocks (surfaces, materials, self_collide, gravity, kinematic, joint
   physics, dynamics, axis and limit extras).

Strategies: :mod:`urdfsdf.testing.strategies` (the public ones users get).  Known
bugs each have a minimal reproducer below, kept as a regression test; the main
properties cover every feature (``UrdfOptions`` and ``SdfOptions`` can switch one
off while a bug is open).
"""

from __future__ import annotations

import collections
import dataclasses
import shutil
import subprocess

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import note as _hypothesis_note
from hypothesis.errors import InvalidArgument
from lxml import etree

import urdfsdf
from urdfsdf.commands.check import check_source
from urdfsdf.core import transforms as tf
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import Inertial, Model, Pose
from urdfsdf.sdf.frames import Scope, analyze
from urdfsdf.testing.strategies import (
    SdfModel,
    SdfOptions,
    UrdfOptions,
    sdf_models,
    urdf_documents,
)
from urdfsdf.xml.parse import canonical

from lossless_urdf import urdf_elements
from tiers import examples

TOL = 1e-9
#: SDFormat's inertial of a link without <inertial>
SDF_DEFAULT = Inertial("1", ("1", "0", "0", "1", "0", "1"))
URDF_NS = "{http://wiki.ros.org/urdf}"

#: the main properties: every feature
URDF_OPTIONS = UrdfOptions()
SDF_OPTIONS = SdfOptions()

#: ~200 examples of each property keep this file near 30 s on a loaded 2-core machine.
#: No explain phase (it traces every shrinking run: minutes instead of seconds), and
#: one failure reported at a time (each extra one is shrunk too).
SETTINGS = settings(max_examples=examples(200), deadline=None, report_multiple_bugs=False,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target,
                            Phase.shrink],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def note(text: str) -> None:
    """hypothesis.note inside a property; nothing in a plain test."""
    try:
        _hypothesis_note(text)
    except InvalidArgument:
        pass


def _parse(text: str) -> etree._Element:
    parser = etree.XMLParser(remove_comments=True, remove_blank_text=True,
                             resolve_entities=False, no_network=True)
    return etree.fromstring(text.encode(), parser)


def urdfdom_errors(urdf: str) -> str | None:
    """What urdfdom's ``check_urdf`` says is wrong with ``urdf`` (None: accepted or absent)."""
    if shutil.which("check_urdf") is None:
        return None
    out = subprocess.run(["check_urdf", "/dev/stdin"], input=urdf, capture_output=True,
                         text=True, check=False, timeout=60)
    return None if out.returncode == 0 else out.stdout + out.stderr


# -- 1. URDF -> SDF -> URDF ---------------------------------------------------


def extension_blocks(text: str) -> collections.Counter[str]:
    """Robot children that are not URDF elements, as canonical XML (verbatim compare)."""
    root = _parse(text)
    return collections.Counter(
        canonical(etree.tostring(el).decode()) for el in root
        if isinstance(el.tag, str) and el.tag not in ("link", "joint", "material"))


def sdf_errors(sdf: str) -> tuple[list[str], dict[str, str]]:
    """``urdfsdf check`` of an SDF text: its errors, and copy/transform per model."""
    report = check_source(sdf)
    return [d.format() for d in report.diagnostics if d.severity == "error"], report.paths


def check_urdf_round_trip(urdf: str, sdf_version: str = "1.7") -> None:
    assert urdfdom_errors(urdf) is None, urdfdom_errors(urdf)  # the generator's promise
    sdf = urdfsdf.urdf_to_sdf(urdf, sdf_version=sdf_version)
    note(sdf)
    errors, paths = sdf_errors(sdf)
    assert not errors, errors
    back = urdfsdf.sdf_to_urdf(sdf)
    note(back)
    before, after = urdf_elements(urdf.encode()), urdf_elements(back.encode())
    missing, added = before - after, after - before
    assert not missing and not added, {"missing": list(missing), "added": list(added)}
    assert extension_blocks(back) == extension_blocks(urdf)
    assert set(paths.values()) == {"copy"}, paths  # urdf2sdf writes the parity form


@SETTINGS
@given(urdf=urdf_documents(URDF_OPTIONS))
def test_urdf_sdf_urdf_is_lossless(urdf: str) -> None:
    note(urdf)
    check_urdf_round_trip(urdf)


def test_every_element_sample_round_trips() -> None:
    """The property's check on the hand-written sample with every element."""
    from conftest import SAMPLES

    check_urdf_round_trip((SAMPLES / "every_element.urdf").read_text())


@settings(SETTINGS, max_examples=examples(50))
@given(urdf=urdf_documents(URDF_OPTIONS))
def test_urdf_sdf_1_11_urdf_is_lossless(urdf: str) -> None:
    """The same through SDFormat 1.11, whose //axis/mimic holds URDF's <mimic> (issue 38)."""
    note(urdf)
    check_urdf_round_trip(urdf, "1.11")


def test_every_element_sample_round_trips_through_1_11() -> None:
    from conftest import SAMPLES

    urdf = (SAMPLES / "every_element.urdf").read_text()
    assert "<mimic " in urdf
    check_urdf_round_trip(urdf, "1.11")


# -- 2. SDF -> URDF -> SDF ----------------------------------------------------


@dataclasses.dataclass
class Resolved:
    """An SDF model read and resolved by the frame engine."""

    model: Model
    scope: Scope
    root: str

    def x(self, name: str) -> np.ndarray:
        """``X_RootE`` of frame ``name`` (link, joint, frame) as a 4x4 matrix."""
        x = self.scope.relative(self.root, name)
        assert x is not None, f"{name!r} does not resolve"
        return tf.as_matrix(x)

    def element(self, frame: str, pose: Pose) -> np.ndarray:
        """``X_RootE`` of something posed in ``frame`` (visual, collision, sensor...)."""
        x_me = self.scope.element_pose(frame, pose)
        x_mr = self.scope.pose(self.root)
        assert x_me is not None and x_mr is not None
        return tf.as_matrix(tf.relative(x_mr, x_me))


def resolve(sdf: str, root: str) -> Resolved:
    diags = Diagnostics()
    doc = urdfsdf.read_sdf_document(sdf)
    sem = analyze(doc, diags)
    assert not diags.has_errors(), [d.format() for d in diags.items]
    (model,) = doc.models
    return Resolved(model, sem.models[model.name], root)


def assert_close(what: str, got: np.ndarray, expected: np.ndarray) -> None:
    diff = float(np.max(np.abs(got - expected)))
    assert diff <= TOL, f"{what}: off by {diff:.3g}\ngot\n{got}\nexpected\n{expected}"


def _plain(extras: tuple) -> collections.Counter[str]:  # type: ignore[type-arg]
    """Canonical XML of the extras that are SDF content (not ``urdf:`` custom elements)."""
    return collections.Counter(_unposed(etree.fromstring(x.xml)) for x in extras
                               if not x.tag.startswith(URDF_NS))


def _unposed(el: etree._Element) -> str:
    """Canonical XML of an element under its name as written (``urdf:name``, when it was
    renamed unique among the model's children); a sensor's or light's own //pose left out.

    Their pose is re-expressed when a URDF link frame moves, and compared
    resolved (check_sensor_and_light_poses).
    """
    bare = etree.fromstring(etree.tostring(el))
    original = bare.get("{http://wiki.ros.org/urdf}name")
    if original is not None:  # renamed unique among the model's children: as written
        bare.set("name", original)
        del bare.attrib["{http://wiki.ros.org/urdf}name"]
    if bare.tag in ("sensor", "light"):
        for pose in bare.findall("pose"):
            bare.remove(pose)
    return canonical(etree.tostring(bare).decode())


def _owner(el: etree._Element) -> tuple[str, str | None]:
    for a in el.iterancestors():
        if a.tag in ("link", "joint", "model"):
            return str(a.tag), a.get("name")
    raise AssertionError("no owner")


def sensors_plugins_lights(sdf: str) -> collections.Counter[tuple[str, str | None, str]]:
    """Every sensor, plugin and light outside ``urdf:`` elements, by the element holding it."""
    out: collections.Counter[tuple[str, str | None, str]] = collections.Counter()
    for el in _parse(sdf).iter("sensor", "plugin", "light"):
        if any(str(a.tag).startswith("{") for a in el.iterancestors()):
            continue
        out[(*_owner(el), _unposed(el))] += 1
    return out


def _sensor_poses(r: Resolved) -> dict[tuple[str, str, str | None], np.ndarray]:
    """Resolved pose of every sensor and light of every link and joint.

    A pose without relative_to (or no pose) is in the frame of the link or joint
    holding it.
    """
    out = {}
    owners = [(x.name, x.extras) for x in r.model.links] + \
        [(x.name, x.extras) for x in r.model.joints]
    for owner, extras in owners:
        for x in extras:
            if x.tag not in ("sensor", "light"):
                continue
            el = etree.fromstring(x.xml)
            p = el.find("pose")
            values = [float(t) for t in (p.text or "").split()] if p is not None else []
            values = values or [0.0] * 6
            pose = Pose(tuple(values[:3]), tuple(values[3:]),  # type: ignore[arg-type]
                        p.get("relative_to") if p is not None else None)
            out[(owner, x.tag, el.get("name"))] = r.element(owner, pose)
    return out


def check_sensor_and_light_poses(a: Resolved, b: Resolved) -> None:
    pa, pb = _sensor_poses(a), _sensor_poses(b)
    assert set(pb) == set(pa)
    for key, x in pa.items():
        assert_close(f"{key}", pb[key], x)


def _limit_values(joint_limit: object) -> tuple[str | None, ...]:
    if joint_limit is None:
        return (None, None, None, None)
    return (joint_limit.lower, joint_limit.upper, joint_limit.effort,  # type: ignore[attr-defined]
            joint_limit.velocity)  # type: ignore[attr-defined]


def _bounded(limit: object) -> bool:
    lower, upper = _limit_values(limit)[:2]
    return lower is not None and upper is not None and -1e16 < float(lower) and \
        float(upper) < 1e16


def check_kinematics(case: SdfModel, a: Resolved, b: Resolved) -> None:
    """Frames of the round-tripped model ``b`` where the original ``a`` has them."""
    up = {child: j for j, (_t, _p, child) in case.joints.items()}
    for joint in case.joints:
        assert_close(f"joint {joint}", b.x(joint), a.x(joint))
    for link in case.links:
        # a URDF link frame is its parent joint's frame (the root keeps its own)
        expected = a.x(up[link]) if link in up else a.x(link)
        assert_close(f"link {link}", b.x(link), expected)
    for frame in case.frames:
        # frames come back as //frame (convert.frame_marker), on the same body
        assert frame in b.scope.frames, frame
        assert_close(f"frame {frame}", b.x(frame), a.x(frame))
        assert b.scope.body(frame) == a.scope.body(frame), frame

    for la in a.model.links:
        lb = b.model.link(la.name)
        assert lb is not None, la.name
        for kind in ("visuals", "collisions"):
            sa = {s.name: s for s in getattr(la, kind)}
            sb = {s.name: s for s in getattr(lb, kind)}
            assert set(sa) == set(sb), (la.name, kind, set(sa), set(sb))
            for name, s in sa.items():
                assert_close(f"{la.name} {kind} {name}", b.element(la.name, sb[name].pose),
                             a.element(la.name, s.pose))
                assert dataclasses.replace(sb[name].geometry, line=None) == \
                    dataclasses.replace(s.geometry, line=None)
        # no <inertial> in SDF is SDFormat's default: 1 kg, unit inertia at the link
        # origin (sdf2urdf writes it out; it may come back explicit, moved with the frame)
        ia, ib = la.inertial or SDF_DEFAULT, lb.inertial or SDF_DEFAULT
        assert_close(f"{la.name} inertial", b.element(la.name, ib.pose),
                     a.element(la.name, ia.pose))
        assert (ib.mass, ib.inertia) == (ia.mass, ia.inertia), la.name

    for ja in a.model.joints:
        jb = b.model.joint(ja.name)
        assert jb is not None, ja.name
        assert (jb.parent, jb.child) == (ja.parent, ja.child)
        expected_type = ja.type
        if ja.type == "revolute" and not _bounded(ja.axis.limit if ja.axis else None):
            expected_type = "continuous"  # README: an unbounded revolute joint
        assert jb.type == expected_type, (ja.name, ja.type, jb.type)
        if ja.type == "fixed":
            continue
        assert ja.axis is not None and jb.axis is not None
        dir_a = a.scope.axis_in(ja, ja.axis, a.root)
        dir_b = b.scope.axis_in(jb, jb.axis, b.root)
        assert dir_a is not None and dir_b is not None
        assert_close(f"axis of {ja.name}", np.array(dir_b), np.array(dir_a))
        la_, lb_ = _limit_values(ja.axis.limit), _limit_values(jb.axis.limit)
        if expected_type in ("revolute", "prismatic"):
            defaults = (-1e16, 1e16, -1.0, -1.0)  # SDFormat's, written out by sdf2urdf
            for key, va, vb, d in zip(("lower", "upper", "effort", "velocity"), la_, lb_,
                                      defaults, strict=True):
                if va is not None:
                    assert vb == va, (ja.name, key, va, vb)
                else:
                    assert vb is None or float(vb) == d, (ja.name, key, vb)
        else:  # continuous: effort and velocity kept (SDF's default -1 when absent,
            # written out because urdfdom needs both), no bounds
            for key, va, vb in zip(("effort", "velocity"), la_[2:], lb_[2:], strict=True):
                if va is not None:
                    assert vb == va, (ja.name, key, va, vb)
                else:
                    assert vb is None or float(vb) == -1.0, (ja.name, key, vb)
        da, db = ja.axis.dynamics, jb.axis.dynamics

        def dyn(d: object) -> tuple[str | None, ...]:
            if d is None:
                return (None,) * 4
            return (d.damping, d.friction, d.spring_reference,  # type: ignore[attr-defined]
                    d.spring_stiffness)  # type: ignore[attr-defined]
        assert dyn(db) == dyn(da), (ja.name, dyn(da), dyn(db))


def check_sdf_only_content(a: Resolved, b: Resolved) -> None:
    """Every SDF element URDF cannot hold is back where it was (README: <gazebo> blocks)."""
    assert _plain(b.model.extras) == _plain(a.model.extras), "model"
    for la in a.model.links:
        lb = b.model.link(la.name)
        assert lb is not None
        assert _plain(lb.extras) == _plain(la.extras), la.name
        vb = {v.name: v for v in lb.visuals}
        for va in la.visuals:
            got, want = vb[va.name], va
            assert _plain(got.extras) == _plain(want.extras), (la.name, va.name)
            if want.material is None:
                assert got.material is None or (
                    got.material.ambient, got.material.diffuse, got.material.specular,
                    got.material.emissive, _plain(got.material.extras)) == (
                        None, None, None, None, collections.Counter()), (la.name, va.name)
                continue
            assert got.material is not None, (la.name, va.name)
            ma, mb = want.material, got.material
            assert (mb.ambient, mb.diffuse, mb.specular, mb.emissive) == \
                (ma.ambient, ma.diffuse, ma.specular, ma.emissive), (la.name, va.name)
            assert _plain(mb.extras) == _plain(ma.extras), (la.name, va.name)
        cb = {c.name: c for c in lb.collisions}
        for ca in la.collisions:
            assert _plain(cb[ca.name].extras) == _plain(ca.extras), (la.name, ca.name)
    for ja in a.model.joints:
        jb = b.model.joint(ja.name)
        assert jb is not None
        assert _plain(jb.extras) == _plain(ja.extras), ja.name
        if ja.axis is not None and jb.axis is not None:
            assert _plain(jb.axis.extras) == _plain(ja.axis.extras), ja.name
            ea = ja.axis.limit.extras if ja.axis.limit else ()
            eb = jb.axis.limit.extras if jb.axis.limit else ()
            assert _plain(eb) == _plain(ea), ja.name


def sdf_round_trip(case: SdfModel) -> tuple[Resolved, Resolved, str]:
    note(case.xml)
    errors, paths = sdf_errors(case.xml)
    assert not errors, errors  # the generator writes valid models
    if case.parity:
        assert paths[case.name] == "copy", paths  # URDF-shaped: sdf2urdf's copy path
    urdf = urdfsdf.sdf_to_urdf(case.xml)
    note(urdf)
    assert urdfdom_errors(urdf) is None, urdfdom_errors(urdf)
    back = urdfsdf.urdf_to_sdf(urdf)
    note(back)
    errors, _paths = sdf_errors(back)
    assert not errors, errors
    return resolve(case.xml, case.root), resolve(back, case.root), back


@SETTINGS
@given(case=sdf_models(SDF_OPTIONS))
def test_sdf_urdf_sdf_keeps_kinematics_sensors_plugins_lights(case: SdfModel) -> None:
    a, b, back = sdf_round_trip(case)
    check_kinematics(case, a, b)
    assert sensors_plugins_lights(back) == sensors_plugins_lights(case.xml)
    # with SDF_OPTIONS every sensor and light is posed in a frame the round trip keeps
    check_sensor_and_light_poses(a, b)
    check_sdf_only_content(a, b)


# -- known bugs: minimal reproducers --------------------------------------------
#
# Each is the smallest input hypothesis found for a property failure above (all
# fixed); they stay as regression tests.

KNOWN_URDF_BUGS = {
    # urdf2sdf: an empty root `world` becomes the world and the floating/planar
    # joint from it travels as <urdf:joint>; sdf2urdf then drops both the
    # `world` link and the joint (expected: both back; actual: <link name="a"/> only)
    "floating_from_world_root": """<robot name="r"><link name="world"/><link name="a"/>
  <joint name="j" type="floating"><parent link="world"/><child link="a"/></joint></robot>""",
    # a floating/planar joint on a renamed link (`__a__` -> a_link): the carried
    # <urdf:joint> keeps `__a__`, so sdf2urdf fails with URDF_TREE_INVALID
    # "links not connected to the joint tree of 'a_link': 'b'"
    "floating_on_renamed_link": """<robot name="r"><link name="__a__"/><link name="b"/>
  <joint name="j" type="floating"><parent link="__a__"/><child link="b"/></joint></robot>""",
    # same with a non-root link called `world` (written world_link)
    "floating_to_world_link": """<robot name="r"><link name="a"/><link name="world"/>
  <joint name="j" type="planar"><parent link="a"/><child link="world"/></joint></robot>""",
    # a mimic of a floating joint SDFormat would rename (`__f__`): the joint is
    # carried verbatim, not renamed, but the mimic is rewritten and never restored
    # (expected <mimic joint="__f__"/>; actual <mimic joint="f_joint"/>)
    "mimic_of_reserved_floating_joint": """<robot name="r"><link name="a"/><link name="b"/>
  <link name="c"/>
  <joint name="__f__" type="floating"><parent link="a"/><child link="b"/></joint>
  <joint name="j" type="fixed"><parent link="a"/><child link="c"/><mimic joint="__f__"/></joint>
</robot>""",
    # same for a floating joint named like a link (expected "b"; actual "b_joint")
    "mimic_of_floating_joint_named_like_link": """<robot name="r"><link name="a"/>
  <link name="b"/><link name="c"/>
  <joint name="b" type="floating"><parent link="a"/><child link="b"/></joint>
  <joint name="j" type="fixed"><parent link="a"/><child link="c"/><mimic joint="b"/></joint>
</robot>""",
    # the model's <static> is written back as a second block: actual adds
    # <gazebo><static>true</static></gazebo>
    "gazebo_static_true": """<robot name="r"><link name="a"/>
  <gazebo><static>true</static></gazebo></robot>""",
    # spring values applied to the axis are not recognised as the block's: actual
    # adds <gazebo reference="j"><springStiffness>2</springStiffness></gazebo> and
    # an empty <dynamics/> in the joint (which urdfdom rejects)
    "gazebo_spring_values": """<robot name="r"><link name="a"/><link name="b"/>
  <joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint>
  <gazebo reference="j"><springStiffness>2</springStiffness></gazebo></robot>""",
    # on a fixed joint the same also adds <axis xyz="1 0 0"/>
    "gazebo_spring_values_fixed_joint": """<robot name="r"><link name="a"/><link name="b"/>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
  <gazebo reference="j"><springReference>0.1</springReference></gazebo></robot>""",
    # a shape block's specular/emissive: actual adds a second
    # <gazebo reference="a"><visual name="v"><material><specular>...
    "gazebo_visual_specular": """<robot name="r"><link name="a"><visual name="v">
  <geometry><sphere radius="1"/></geometry></visual></link>
  <gazebo reference="a"><visual name="v"><material><specular>1 1 1 1</specular></material>
  </visual></gazebo></robot>""",
    # a shape block's ambient on a visual without URDF material: actual gains
    # <material name="v_material"><color rgba="1 0 0 1"/></material>
    "gazebo_visual_ambient": """<robot name="r"><link name="a"><visual name="v">
  <geometry><sphere radius="1"/></geometry></visual></link>
  <gazebo reference="a"><visual name="v"><material><ambient>1 0 0 1</ambient></material>
  </visual></gazebo></robot>""",
}

@pytest.mark.parametrize("name", list(KNOWN_URDF_BUGS))
def test_known_urdf_round_trip_bug(name: str) -> None:
    check_urdf_round_trip(KNOWN_URDF_BUGS[name])


def _sdf_case(xml: str, root: str, joints: dict[str, tuple[str, str, str]],
              frames: tuple[str, ...] = ()) -> SdfModel:
    model = _parse(xml).find("model")
    assert model is not None
    links = [el.get("name") for el in model.findall("link")]
    return SdfModel(xml, model.get("name"), root, links, joints, list(frames), False)


def test_known_bug_sensor_in_moved_link_frame() -> None:
    xml = """<sdf version="1.7"><model name="m">
  <link name="a"/>
  <joint name="j" type="revolute"><pose relative_to="a">0 0 0.25 0 0 0</pose>
    <parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz></axis></joint>
  <link name="b"><pose relative_to="a">0 0 1 0 0 0</pose>
    <sensor name="s" type="imu"><pose>0 0 0.5 0 0 0</pose></sensor></link>
</model></sdf>"""
    case = _sdf_case(xml, "a", {"j": ("revolute", "a", "b")})
    a, b, _back = sdf_round_trip(case)
    check_kinematics(case, a, b)  # links and joints are right...
    check_sensor_and_light_poses(a, b)  # ...the sensor is not


def test_known_bug_ambient_differs_from_diffuse() -> None:
    xml = """<sdf version="1.7"><model name="m"><link name="a">
  <visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
    <material><ambient>1 0 0 1</ambient><diffuse>0 1 0 1</diffuse></material></visual>
</link></model></sdf>"""
    a, b, _back = sdf_round_trip(_sdf_case(xml, "a", {}))
    check_sdf_only_content(a, b)


def _urdf_joint_children(urdf: str, joint: str) -> dict[str, dict[str, str]]:
    el = _parse(urdf).find(f"joint[@name='{joint}']")
    assert el is not None
    return {str(c.tag): dict(c.attrib) for c in el}


@pytest.mark.parametrize("limit", ["<effort>5</effort>", "<stiffness>3</stiffness>"])
def test_known_bug_unbounded_limit_without_effort_velocity(limit: str) -> None:
    xml = f"""<sdf version="1.7"><model name="m"><link name="a"/><link name="b"/>
  <joint name="j" type="continuous"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz><limit>{limit}</limit></axis></joint></model></sdf>"""
    urdf = urdfsdf.sdf_to_urdf(xml)
    lim = _urdf_joint_children(urdf, "j").get("limit")
    # urdfdom: a <limit> needs effort and velocity, whatever the joint type
    assert lim is None or {"effort", "velocity"} <= set(lim), lim
    assert urdfdom_errors(urdf) is None, urdfdom_errors(urdf)


def test_known_bug_spring_only_dynamics() -> None:
    xml = """<sdf version="1.7"><model name="m"><link name="a"/><link name="b"/>
  <joint name="j" type="revolute"><parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz>
    <dynamics><spring_stiffness>2</spring_stiffness></dynamics></axis></joint>
</model></sdf>"""
    urdf = urdfsdf.sdf_to_urdf(xml)
    dyn = _urdf_joint_children(urdf, "j").get("dynamics")
    assert dyn is None or {"damping", "friction"} & set(dyn), dyn
    assert urdfdom_errors(urdf) is None, urdfdom_errors(urdf)


def test_known_bug_gazebo_reference_uses_sdf_name() -> None:
    xml = """<sdf xmlns:urdf="http://wiki.ros.org/urdf" version="1.7"><model name="m">
  <link name="a"/>
  <joint name="j" type="fixed"><pose relative_to="a"/><parent>a</parent><child>b_link</child>
  </joint>
  <link name="b_link" urdf:name="__b__"><pose relative_to="j"/>
    <sensor name="s" type="imu"/></link>
</model></sdf>"""
    root = _parse(urdfsdf.sdf_to_urdf(xml))
    names = {el.get("name") for el in root if el.tag in ("link", "joint")}
    refs = {g.get("reference") for g in root.findall("gazebo") if g.get("reference")}
    assert refs and refs <= names, (refs, names)
