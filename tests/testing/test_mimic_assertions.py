"""Mimic relations are kinematics (issue 49, item 5): ``assert_same_kinematics`` fails,
naming the joint, on a random URDF whose ``<mimic>`` was removed or whose multiplier
or offset changed, and passes on its round trip through SDF (both SDF forms)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lxml import etree

import urdfsdf
from urdfsdf.testing import assert_same_kinematics, kinematics_differences, urdf_documents

from tiers import examples

SETTINGS = settings(max_examples=examples(200, 20), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
#: random URDFs with a few joints, some with <mimic>
ROBOTS = urdf_documents(links=(3, 6), visuals=False, collisions=False, gazebo=False,
                        extensions=False)


def _mimics(urdf: str) -> list[str]:
    root = etree.fromstring(urdf.encode())
    return [j.get("name", "") for j in root.iter("joint") if j.find("mimic") is not None]


def _edit(urdf: str, joint: str, change: str) -> str:
    root = etree.fromstring(urdf.encode())
    (j,) = root.xpath("joint[@name=$n]", n=joint)
    mimic = j.find("mimic")
    if change == "remove":
        j.remove(mimic)
    else:
        value = float(mimic.get(change, "1" if change == "multiplier" else "0"))
        mimic.set(change, repr(value + 0.5))
    return etree.tostring(root, encoding="unicode")


@SETTINGS
@given(urdf=ROBOTS, data=st.data())
def test_a_mimic_removed_or_changed_is_named(urdf: str, data: st.DataObject) -> None:
    mimics = _mimics(urdf)
    assume(mimics)
    joint = data.draw(st.sampled_from(mimics))
    change = data.draw(st.sampled_from(["remove", "multiplier", "offset"]))
    edited = _edit(urdf, joint, change)
    path = f"joint[@name={joint!r}]/mimic" + ("" if change == "remove" else f"/@{change}")
    for a, b in ((urdf, edited), (edited, urdf)):
        with pytest.raises(AssertionError) as info:
            assert_same_kinematics(a, b)
        assert f"  {path}: " in str(info.value), str(info.value)
        assert [d.path for d in kinematics_differences(a, b, configurations=[{}])] == [path]


@SETTINGS
@given(urdf=ROBOTS, version=st.sampled_from(["1.7", "1.11"]))
def test_the_sdf_forms_of_a_mimic_are_the_same_kinematics(urdf: str, version: str) -> None:
    assume(_mimics(urdf))
    sdf = urdfsdf.urdf_to_sdf(urdf, sdf_version=version)
    assert_same_kinematics(urdf, sdf)
    assert_same_kinematics(sdf, urdf)
    assert_same_kinematics(urdf, urdfsdf.sdf_to_urdf(sdf))
