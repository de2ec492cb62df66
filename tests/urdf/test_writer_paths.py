"""The URDF writer escapes what it must (one writer per element, issue 26).

Each element's attribute values are checked for escaping a few at a time
(:func:`urdfsdf.xml.build.plain`); a value that needs escaping is escaped, and
the document reads back to the same names.
"""

from __future__ import annotations

import urdfsdf
from urdfsdf.core.ir import Geometry, Inertial, Joint, Link, Model, Pose, Visual
from urdfsdf.urdf import writer


def test_names_to_escape_are_escaped() -> None:
    pose = Pose.parsed("1 2 3 0 0 0", None, None)
    link = Link("a&b", Pose(), Inertial("1", ("1", "0", "0", "1", "0", "1"), pose),
                (Visual('v"1', Geometry("box", size=("1", "2", "3")), pose),))
    child = Link("c<d", Pose())
    joint = Joint("j>", "fixed", "a&b", "c<d", pose)
    text = writer.write_urdf_model(Model("r", (link, child), (joint,)))
    assert 'name="a&amp;b"' in text and 'name="v&quot;1"' in text
    assert 'link="c&lt;d"' in text and 'name="j&gt;"' in text
    back = urdfsdf.read_urdf(text)
    assert [x.name for x in back.links] == ["a&b", "c<d"]
    assert back.joints[0].name == "j>" and back.links[0].visuals[0].name == 'v"1'
