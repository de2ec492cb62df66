"""Carriers are typed: their content is taken once, as values, by the reader that kept them."""

from __future__ import annotations

from typing import get_args

from urdfsdf.api import load_sdf, load_urdf, sdf_to_urdf_result, urdf_to_sdf
from urdfsdf.core.ir import AsWritten, SdfLimit
from urdfsdf.translate.carriers import DEFAULT_INERTIAL, CarrierTag, sdf_limit_marker
from urdfsdf.translate.carriers import UNNAMED_MARKER as UNNAMED
from urdfsdf.urdf.as_written import written_carrier
from urdfsdf.xml.carried import MASSLESS
from urdfsdf.xml.carried import UNNAMED as UNNAMED_TAG
from urdfsdf.xml.namespaces import AS_WRITTEN, SDF_LIMIT, URDF_ROOT, S, U

URDF = """<robot name="r">
  <link name="a" concave="yes"><visual><geometry><box size="1 1 1"/></geometry></visual></link>
  <link name="b"/>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
    <limit lower="0" upper="1" effort="1e16" velocity="1e16"/>
    <sdf:limit xmlns:sdf="http://sdformat.org/urdfsdf" effort="-1"/></joint>
</robot>
"""


def test_the_carrier_tags_are_the_namespaced_names() -> None:
    assert (AS_WRITTEN, MASSLESS, UNNAMED_TAG) == (U + "as_written", U + "massless",
                                                   U + "unnamed")
    assert (DEFAULT_INERTIAL, SDF_LIMIT) == (S + "default_inertial", S + "limit")
    assert UNNAMED.tag == UNNAMED_TAG
    assert set(get_args(CarrierTag)) == {AS_WRITTEN, MASSLESS, UNNAMED_TAG, DEFAULT_INERTIAL,
                                         SDF_LIMIT, URDF_ROOT, U + "linkless"}


def test_readers_type_the_carriers_they_keep() -> None:
    model, _ = load_urdf(URDF)
    assert model is not None
    link = model.link("a")
    assert link is not None
    carrier = written_carrier(link.extras)
    assert isinstance(carrier, AsWritten) and carrier.fingerprint is None
    assert carrier.element.startswith('<link name="a" concave="yes">')
    limit = next(x for x in model.joints[0].extras if x.tag == SDF_LIMIT)
    assert isinstance(limit, SdfLimit) and (limit.effort, limit.velocity) == ("-1", None)

    doc, _ = load_sdf(urdf_to_sdf(URDF))
    assert doc is not None
    back = written_carrier(doc.models[0].links[0].extras)
    assert isinstance(back, AsWritten) and back.element == carrier.element
    assert back.fingerprint is not None and f'fingerprint="{back.fingerprint}"' in back.xml


def test_a_made_marker_is_typed_like_a_read_one() -> None:
    made = sdf_limit_marker("-1", None)
    assert isinstance(made, SdfLimit) and (made.effort, made.velocity) == ("-1", None)
    assert made.xml == '<sdf:limit xmlns:sdf="http://sdformat.org/urdfsdf" effort="-1"/>'


def test_a_fixed_joint_carries_its_axis_dynamics_and_limit_as_written() -> None:
    """A fixed joint's <axis>, <dynamics> and <limit> (none SDF's: its joint has no axis)
    travel as ``urdf:`` elements, each as the URDF writer writes it, empty ones too."""
    from urdfsdf.api import sdf_to_urdf

    joint = ('<joint name="j" type="fixed"><parent link="a"/><child link="b"/>'
             '<axis xyz="0 0 0"/><dynamics/><limit effort="1" velocity="2"/></joint>')
    urdf = f'<robot name="r"><link name="a"/><link name="b"/>{joint}</robot>'
    sdf = urdf_to_sdf(urdf)
    for carried in ('<urdf:axis xyz="0 0 0"/>', "<urdf:dynamics/>",
                    '<urdf:limit effort="1" velocity="2"/>'):
        assert carried in sdf
    back = sdf_to_urdf(sdf)
    assert '<axis xyz="0 0 0"/>' in back and "<dynamics/>" in back
    assert '<limit effort="1" velocity="2"/>' in back


def test_a_material_given_a_script_by_a_block_keeps_its_link_sealed() -> None:
    """A link carried as written (a size with two blanks) whose material holds a urdf:
    value (``<specular>``) and gets a ``<script>`` from a ``<gazebo>`` block: the SDF
    reader gives the material's extras back in another order, which must not unseal it
    (hypothesis found it: the size came back as ``1 1 1``)."""
    urdf = ('<robot name="K"><link name="A"><visual><geometry><box size="1  1  1"/>'
            '</geometry><material name="O"><color rgba="0 0 0 0"/><specular rgb="0 0 0"/>'
            '</material></visual></link>'
            '<gazebo reference="A"><material>Gazebo/Orange</material></gazebo></robot>')
    sdf = urdf_to_sdf(urdf)
    assert "Gazebo/Orange</name></script>" in sdf
    result = sdf_to_urdf_result(sdf)
    assert result.text is not None and '<box size="1  1  1"/>' in result.text
    assert not [d for d in result.diagnostics if d.code == "ELEMENT_DROPPED"]
