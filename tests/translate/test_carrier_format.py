"""Issue 51, item 3: one carrier format, with a version.

A carrier as written is sealed with the fingerprint of its SDF element's values
(``v2:``), which the writer's layout (attribute order, blanks, how a number is written,
where the carriers sit) does not move; an edit of a value still unseals it; the first
format's fingerprints (no version) are read by ``translate/carriers_old.py``.
"""

from __future__ import annotations

import re

import pytest
from lxml import etree

import urdfsdf.sdf.writer as sdf_writer
from urdfsdf.api import load_sdf, sdf_to_urdf_result, urdf_to_sdf
from urdfsdf.core.ir import AsWritten, Link, evolve
from urdfsdf.translate import carriers, carriers_old
from urdfsdf.urdf.as_written import written_carrier
from urdfsdf.xml.carried import is_carried
from urdfsdf.xml.namespaces import AS_WRITTEN

from conftest import ROOT

# a link and a joint carried as written (blanks inside a number list; an absent axis),
# with other carriers beside them: an unnamed visual, a material's colour, a mimic
URDF = """<robot name="r">
  <link name="a"><visual><geometry><box size="1  2 3"/></geometry>
    <material name="m"><color rgba="0.5 0.25 1 1"/></material></visual>
    <collision><geometry><cylinder radius="0.5" length="2"/></geometry></collision></link>
  <link name="b"/>
  <link name="c"/>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
    <origin xyz="0 0 1e-1"/><limit lower="-1.5" upper="1.5" effort="10" velocity="2"/></joint>
  <joint name="k" type="revolute"><parent link="b"/><child link="c"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="2"/><mimic joint="j"/></joint>
</robot>
"""


def _dropped(text: str) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in sdf_to_urdf_result(text).diagnostics
            if d.code == "ELEMENT_DROPPED"]


def _relaid(sdf: str) -> str:
    """``sdf`` laid out otherwise: attributes in reverse order, every number token written
    another way (``1`` as ``1.000000e+00``, ``0`` as ``0.0``...), other blanks, and each
    element's carriers before its other children.  The URDF a ``<urdf:as_written>`` holds
    is the carrier's content, not layout: left as it is."""
    root = etree.fromstring(sdf.encode())
    inside = {x for c in root.iter(AS_WRITTEN) for x in c.iter()}
    for el in list(root.iter()):
        if not isinstance(el.tag, str) or el is root or el in inside:  # root: <sdf version>
            continue
        items = list(el.attrib.items())
        el.attrib.clear()
        for k, v in reversed(items):
            el.set(k, _numbers(v))
        if el.text and el.text.strip():
            el.text = "  " + _numbers(el.text) + " "
        kids = [c for c in el if isinstance(c.tag, str)]
        for c in sorted(kids, key=lambda c: not is_carried(str(c.tag))):
            el.append(c)  # moved: carriers first
    return etree.tostring(root, encoding="unicode")


def _numbers(text: str) -> str:
    def other(m: re.Match[str]) -> str:
        value = float(m.group(0))
        return f"{value:.6e}" if value else "0.0"
    return re.sub(r"(?<![\w.])-?\d+(\.\d+)?(e-?\d+)?(?![\w.])", other, text)


def test_a_file_written_now_is_sealed_with_the_version_and_comes_back() -> None:
    sdf = urdf_to_sdf(URDF)
    doc, _ = load_sdf(sdf)
    assert doc is not None
    model = doc.models[0]
    sealed = [written_carrier(n.extras) for n in (*model.links, *model.joints)]
    fingerprints = [c.fingerprint for c in sealed if isinstance(c, AsWritten)]
    assert len(fingerprints) == 2
    assert all(re.fullmatch(r"v2:[0-9a-f]{16}", str(f)) for f in fingerprints)
    back = sdf_to_urdf_result(sdf)
    assert back.text is not None and '<box size="1  2 3"/>' in back.text
    assert _dropped(sdf) == []


def test_another_layout_of_the_same_values_stays_sealed() -> None:
    sdf = urdf_to_sdf(URDF)
    relaid = _relaid(sdf)
    assert relaid != sdf and "5.000000e-01" in relaid
    back = sdf_to_urdf_result(relaid)
    assert back.text is not None and '<box size="1  2 3"/>' in back.text
    assert _dropped(relaid) == []


def test_a_change_of_the_writers_layout_keeps_files_written_before_sealed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDF writer of a later version lays the same element out otherwise (the text it
    gives to fingerprint, :func:`urdfsdf.sdf.writer.element_text`): a file written before
    stays sealed."""
    sdf = urdf_to_sdf(URDF)
    written = sdf_writer.element_text

    def relaid(node: object) -> str:
        wrapped = f'<x xmlns:urdf="http://wiki.ros.org/urdf">{written(node)}</x>'  # type: ignore[arg-type]
        return _relaid(wrapped).partition(">")[2].rpartition("</x>")[0]

    monkeypatch.setattr(sdf_writer, "element_text", relaid)
    assert _dropped(sdf) == []
    assert _dropped(sdf.replace("<size>1 2 3</size>", "<size>1 2 4</size>")) != []


def test_an_edit_of_a_value_unseals_and_a_new_layout_of_it_does_not() -> None:
    sdf = urdf_to_sdf(URDF)
    assert "<size>1 2 3</size>" in sdf
    for edit in ("<size>1 2 3.5</size>", "<size>3 2 1</size>"):
        edited = sdf.replace("<size>1 2 3</size>", edit)
        back = sdf_to_urdf_result(edited)
        assert back.text is not None and "1  2 3" not in back.text
        assert [code for code, _ in _dropped(edited)] == ["ELEMENT_DROPPED"]
    assert _dropped(sdf.replace("<size>1 2 3</size>", "<size>1.0 2e0 3.00</size>")) == []


def test_the_values_do_not_count_the_layout() -> None:
    values = carriers.canonical_values
    a = ('<x xmlns:urdf="http://wiki.ros.org/urdf"><link name="l" b="1"><pose>0 0 1 0 0 0'
         '</pose><urdf:p/><urdf:q v="2"/><visual name="v"/></link></x>')
    b = ('<x xmlns:urdf="http://wiki.ros.org/urdf">\n <link b="1.0" name="l"><urdf:q v="2.0"/>'
         '<pose> 0.0  0 1e0 0 0 -0 </pose><visual name="v"/><urdf:p/></link></x>')
    assert values(a) == values(b)
    assert values(a) != values(a.replace("0 0 1 0", "0 0 2 0"))
    assert values(a) != values(a.replace('name="l"', 'name="m"'))
    # the elements that are not carriers keep their order
    assert values(a) != values(a.replace('<pose>0 0 1 0 0 0</pose><urdf:p/><urdf:q v="2"/>'
                                         '<visual name="v"/>', '<visual name="v"/><pose>0 0 1'
                                         ' 0 0 0</pose><urdf:p/><urdf:q v="2"/>'))


def _old_sealed(link: Link, form: str) -> Link:
    carrier = written_carrier(link.extras)
    assert carrier is not None
    seal = carriers_old.first_fingerprint(link, form)
    return evolve(link, extras=tuple(carriers.sealed(x, seal) if x is carrier else x
                                     for x in link.extras))


@pytest.mark.parametrize("form", carriers_old.FORMS)
def test_the_first_formats_fingerprints_are_read_by_the_old_reader(form: str) -> None:
    doc, _ = load_sdf(urdf_to_sdf(URDF))
    assert doc is not None
    link = doc.models[0].links[0]
    old = _old_sealed(link, form)
    carrier = written_carrier(old.extras)
    assert carrier is not None and carrier.fingerprint is not None
    assert ":" not in carrier.fingerprint
    assert carriers.is_sealed(old, carrier.fingerprint)
    edited = evolve(old, name="other")
    assert not carriers.is_sealed(edited, carrier.fingerprint)


def test_an_unknown_version_or_no_fingerprint_is_not_sealed() -> None:
    doc, _ = load_sdf(urdf_to_sdf(URDF))
    assert doc is not None
    link = doc.models[0].links[0]
    carrier = written_carrier(link.extras)
    assert carrier is not None and carrier.fingerprint is not None
    assert carriers.is_sealed(link, carrier.fingerprint)
    digits = carrier.fingerprint.partition(":")[2]
    assert not carriers.is_sealed(link, f"v3:{digits}")
    assert not carriers.is_sealed(link, None)


def test_an_edit_of_an_old_forms_file_still_unseals() -> None:
    """``tests/old_forms/carried_link_surface.sdf`` (the first format): its link B carried
    as written, edited, is written from the SDF; its joint E stays sealed."""
    old = (ROOT / "tests" / "old_forms" / "carried_link_surface.sdf").read_text()
    assert _dropped(old) == []
    edited = old.replace("<size>1 1 1</size>", "<size>2 2 2</size>")
    line = old[:old.index('<urdf:as_written fingerprint="26214f2e32a88105">')].count("\n") + 1
    assert _dropped(edited) == [("ELEMENT_DROPPED", line)]
