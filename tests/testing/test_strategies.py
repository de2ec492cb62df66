"""The strategies of urdfsdf.testing: options honoured, valid documents, small shrinks.

Also the packaging promises: ``import urdfsdf.testing`` without hypothesis says
what to install, and no urdfsdf module but the strategies imports hypothesis.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, find, given, settings
from lxml import etree

import urdfsdf
from urdfsdf.commands.check import check_source
from urdfsdf.testing import (
    assert_same_inertia,
    assert_same_kinematics,
    sdf_documents,
    urdf_documents,
)

from conftest import ROOT
from tiers import FULL, examples

SETTINGS = settings(max_examples=examples(30), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SRC = ROOT / "src" / "urdfsdf"


def _root(text: str) -> etree._Element:
    return etree.fromstring(text.encode())


@SETTINGS
@given(urdf_documents(links=(2, 3), joint_types=("prismatic",), inertials=False,
                      visuals=False, collisions=False, materials=False, gazebo=False,
                      extensions=False, unknown_elements=False, forbidden_names=False))
def test_urdf_options_are_honoured(urdf: str) -> None:
    root = _root(urdf)
    assert 2 <= len(root.findall("link")) <= 3
    assert {j.get("type") for j in root.iter("joint")} == {"prismatic"}
    for tag in ("inertial", "visual", "collision", "material", "gazebo", "transmission",
                "ros2_control", "ext_data", "contact_info", "drake_note"):
        assert root.find(f".//{tag}") is None, tag
    urdfsdf.read_urdf(urdf)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="joint_types"):
        urdf_documents(joint_types=("ball",))
    with pytest.raises(ValueError, match="links"):
        urdf_documents(links=(3, 2))
    with pytest.raises(ValueError, match="version"):
        sdf_documents("1.6")


# Shrinking takes hundreds of draws whatever the example count: the full tier shrinks
# robots of up to 8 links with every option on (one to two minutes each); the quick tier
# robots of up to 3 links with the costliest options off, and asks for the fewest links.
if FULL:
    URDF_SHRINK, SDF_SHRINK, FEW = urdf_documents(links=(1, 8)), sdf_documents(links=(1, 8)), 3
else:
    URDF_SHRINK = urdf_documents(links=(1, 3), inertials=False, materials=False, gazebo=False,
                                 extensions=False, unknown_elements=False)
    SDF_SHRINK, FEW = sdf_documents(links=(1, 3), sdf_only_content=False), 2


@pytest.mark.long
def test_a_failing_case_shrinks_to_a_few_links() -> None:
    """Any URDF with a prismatic joint and a mesh: it shrinks to two or three links."""
    # (examples enough to meet one whatever hypothesis's version draws first: with 100,
    # hypothesis 6.170 drew none in the full tier; the search stops at the first found)
    found = find(URDF_SHRINK, lambda u: 'type="prismatic"' in u and "<mesh" in u,
                 settings=settings(max_examples=1000, database=None), random=random.Random(0))
    assert len(_root(found).findall("link")) <= FEW, found


@pytest.mark.long
def test_a_failing_sdf_case_shrinks_to_a_few_links() -> None:
    found = find(SDF_SHRINK, lambda x: 'type="prismatic"' in x and "<frame name" in x,
                 settings=settings(max_examples=300, database=None), random=random.Random(0))
    assert found.count("<link ") <= FEW, found


@SETTINGS
@given(sdf_documents("1.9", links=(1, 4), nested_models=True, worlds=True))
def test_sdf_documents_with_nested_models_and_worlds(sdf: str) -> None:
    root = _root(sdf)
    assert root.get("version") == "1.9"
    world = root.find("world")
    assert world is not None and world.find("frame") is not None
    outer = world.find("model")
    assert outer is not None and outer.find("model") is not None
    report = check_source(sdf)
    assert not [d for d in report.diagnostics if d.severity == "error"], \
        [d.format() for d in report.diagnostics]
    urdf = urdfsdf.sdf_to_urdf(sdf)  # nested models joined by joints: one tree
    assert_same_kinematics(sdf, urdf)
    assert_same_inertia(sdf, urdf)


@SETTINGS
@given(sdf_documents(relative_to=False, frames=False, sdf_only_content=False,
                     urdf_shaped=False))
def test_sdf_documents_options_are_honoured(sdf: str) -> None:
    root = _root(sdf)
    assert root.get("version") == "1.7"
    assert root.find(".//frame") is None
    for tag in ("sensor", "light", "plugin", "surface", "physics"):
        assert root.find(f".//{tag}") is None, tag
    for pose in root.iter("pose"):
        assert pose.get("relative_to") is None
    for xyz in root.iter("xyz"):
        assert xyz.get("expressed_in") in (None, xyz.getparent().getparent().get("name"))
    urdf = urdfsdf.sdf_to_urdf(sdf)
    assert_same_kinematics(sdf, urdf)
    assert_same_kinematics(sdf, urdfsdf.urdf_to_sdf(urdf))


def test_import_without_hypothesis_says_what_to_install() -> None:
    code = ("import sys\nsys.modules['hypothesis'] = None\n"
            "from urdfsdf.compare import assert_same_kinematics\n"  # works without it
            "try:\n    import urdfsdf.testing\nexcept ImportError as exc:\n"
            "    print(exc)\nelse:\n    raise SystemExit('imported')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr + done.stdout
    assert "pip install 'urdfsdf[testing]'" in done.stdout


def test_only_the_strategies_import_hypothesis() -> None:
    importers = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n.split(".")[0] == "hypothesis" for n in names):
                importers.append(path.relative_to(SRC).as_posix())
    assert sorted(set(importers)) == ["testing/strategies.py"]
