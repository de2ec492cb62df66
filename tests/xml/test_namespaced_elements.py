"""Unknown, namespaced and custom elements never crash a writer (issue 14, item 2).

Drake's ``drake:`` elements, libsdformat's ``custom:`` elements (its test files
declare the prefix with a relative URI, ``xmlns:custom="custom_ns_uri"``, which
libxml2's C14N refuses) and plugin blocks holding arbitrary XML (comments,
processing instructions, CDATA, namespaced attributes) go through both
directions; every such element comes back where it was.
"""

from __future__ import annotations

from lxml import etree

import urdfsdf
from urdfsdf.xml.parse import canonical

from conftest import ROOT

SDF = """<?xml version="1.0"?>
<sdf version="1.7" xmlns:drake="http://drake.mit.edu" xmlns:custom="custom_ns_uri">
  <model name="m">
    <drake:collision_filter_group name="g"><drake:member>base</drake:member>
    </drake:collision_filter_group>
    <link name="base">
      <custom:note custom:level="2">hello<!-- c --><?pi x?></custom:note>
      <collision name="c">
        <geometry><box><size>1 1 1</size></box></geometry>
        <drake:proximity_properties><drake:mu_static>0.5</drake:mu_static>
        </drake:proximity_properties>
      </collision>
    </link>
    <link name="arm"/>
    <joint name="j" type="revolute">
      <parent>base</parent><child>arm</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
      <drake:rotor_inertia>0.1</drake:rotor_inertia>
    </joint>
    <plugin name="p" filename="libp.so">
      <anything a="1" custom:b="2"><![CDATA[raw <text>]]><nested><deeper x="y"/></nested>
        <!-- note --></anything>
      <?processing instruction?>
    </plugin>
  </model>
</sdf>
"""

URDF = """<?xml version="1.0"?>
<robot name="r" xmlns:drake="http://drake.mit.edu" xmlns:custom="custom_ns_uri">
  <link name="base">
    <custom:note custom:level="2">hello<!-- c --><?pi x?></custom:note>
    <collision><geometry><box size="1 1 1"/></geometry></collision>
  </link>
  <link name="arm"/>
  <joint name="j" type="revolute">
    <parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
  <gazebo>
    <plugin name="p" filename="libp.so">
      <anything a="1" custom:b="2"><![CDATA[raw <text>]]><nested><deeper x="y"/></nested>
      </anything>
      <?processing instruction?>
    </plugin>
  </gazebo>
</robot>
"""


def _carried(xml: str, *tags: str) -> dict[str, set[str]]:
    """Canonical forms of the elements with each (Clark) tag, anywhere in ``xml``."""
    root = etree.fromstring(xml.encode())
    return {tag: {canonical(etree.tostring(el, encoding="unicode", with_tail=False))
                  for el in root.iter(tag)} for tag in tags}


DRAKE = "{http://drake.mit.edu}"
CUSTOM = "{custom_ns_uri}"
TAGS = (f"{DRAKE}collision_filter_group", f"{DRAKE}proximity_properties",
        f"{DRAKE}rotor_inertia", f"{CUSTOM}note", "plugin")


#: the Drake extensions Drake reads in the same place of a URDF (issue 50): sdf2urdf writes
#: them there, in URDF's form (a value in an attribute)
PLACED = (f"{DRAKE}collision_filter_group", f"{DRAKE}proximity_properties")


def _kept_unmarked(xml: str) -> str:
    """``xml`` without the ``urdf:kept`` marks of the URDF elements urdf2sdf keeps."""
    return xml.replace(' urdf:kept="true"', "")


def test_sdf_with_namespaced_elements_goes_both_ways() -> None:
    urdf = urdfsdf.sdf_to_urdf(SDF)
    sdf = urdfsdf.urdf_to_sdf(urdf)
    before = _carried(SDF, *TAGS)
    assert all(before.values())
    in_urdf = _carried(urdf, *TAGS)
    for tag in TAGS:  # in <gazebo> blocks, or where Drake reads them in URDF
        assert (len(in_urdf[tag]) == len(before[tag])) if tag in PLACED else (
            in_urdf[tag] == before[tag]), tag
    assert 'link="base"' in urdf and 'value="0.5"' in urdf
    after = _carried(_kept_unmarked(sdf), *TAGS)
    for tag in TAGS:
        assert before[tag] <= after[tag], tag  # back in place (also kept in urdf:gazebo)
    link = etree.fromstring(sdf.encode()).find("model/link[@name='base']")
    assert link is not None and link.find(f"{CUSTOM}note") is not None
    assert link.find(f"collision/{DRAKE}proximity_properties") is not None


def test_libsdformat_relative_namespace_uri() -> None:
    """libsdformat's own test file: C14N refused its ``xmlns`` (a relative URI)."""
    path = (ROOT.parent / "shared" / "sdformat_tests" / "main" / "sdf"
            / "unrecognized_elements_with_namespace.sdf")
    text = path.read_text() if path.exists() else SDF.replace('version="1.7"', 'version="1.8"')
    urdf = urdfsdf.sdf_to_urdf(text)
    assert "custom_ns_uri" in urdf
    urdfsdf.urdf_to_sdf(urdf)


def test_urdf_with_namespaced_elements_goes_both_ways() -> None:
    sdf = urdfsdf.urdf_to_sdf(URDF)
    urdf = urdfsdf.sdf_to_urdf(sdf)
    assert _carried(urdf, "plugin") == _carried(URDF, "plugin")


def test_urdf_namespaced_link_child_keeps_its_namespace() -> None:
    """It travels as itself (marked urdf:kept) and comes back into the link (issue 15, 5)."""
    sdf = urdfsdf.urdf_to_sdf(URDF)
    note = etree.fromstring(sdf.encode()).find(f"model/link/{CUSTOM}note")
    assert note is not None and note.get("{http://wiki.ros.org/urdf}kept") == "true"
    urdf = urdfsdf.sdf_to_urdf(sdf)
    assert _carried(urdf, f"{CUSTOM}note") == _carried(URDF, f"{CUSTOM}note")
    link = etree.fromstring(urdf.encode()).find("link[@name='base']")
    assert link is not None and link.find(f"{CUSTOM}note") is not None


def test_canonical_form() -> None:
    """Equal fragments are equal whatever their prefixes, blanks and attribute order."""
    a = '<x:a xmlns:x="rel" k="1" x:j="2"> t <b/><!-- c --></x:a>'
    b = '<y:a xmlns:y="rel" x:j="2" k="1" xmlns:x="rel">t<b/></y:a>'
    assert canonical(a) == canonical(b)
    assert canonical(a) != canonical(a.replace('k="1"', 'k="2"'))
    assert canonical(a) != canonical(a.replace('xmlns:x="rel"', 'xmlns:x="other"'))
    assert canonical("<a><?pi x?></a>") != canonical("<a><?pi y?></a>")
