"""Which ``.urdf`` files use xacro (:func:`urdfsdf.urdf.xacro.uses_xacro`): an expression in
an attribute or a text, or an element of xacro's, is a use; the same in a comment (as
xacro's own output keeps them) is not, and such a file is read as plain URDF."""

from __future__ import annotations

import pytest

from urdfsdf.urdf.xacro import uses_xacro

ROBOT = '<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">\n{}\n</robot>'


@pytest.mark.parametrize(("inside", "line"), [
    ('<link name="${prefix}base"/>', 2),
    ('<link name="a"><visual><geometry><mesh filename="$(find p)/m.stl"/></geometry>'
     '</visual></link>', 2),
    ('<xacro:property name="x" value="1"/>', 2),
    ('<!-- <link name="${prefix}base"/> -->\n<link name="$(arg n)"/>', 3),
    ('<!-- ${a} $(arg b) <xacro:macro/> -->\n<link name="a"/>', None),
    ('<!-- a -->\n<link name="a" type="$5"/>', None),
])
def test_a_use_is_found_outside_comments_only(inside: str, line: int | None) -> None:
    assert uses_xacro(ROBOT.format(inside).encode()) == line
