"""Link children the IR keeps as XML but whose //pose the frame engine needs.

A sensor, light, projector, audio source or particle emitter is kept verbatim
(:class:`~urdfsdf.core.ir.Extra`), but its ``<pose>`` may use ``relative_to``
(spec section 6) and moves when its link's frame does.  Its pose is read once,
into :attr:`Extra.pose <urdfsdf.core.ir.Extra.pose>`, by whoever makes the
Extra (:func:`posed_extra`); :func:`with_pose` writes a new one into the XML.
"""

from __future__ import annotations

from lxml import etree

from urdfsdf.core.ir import Extra, Pose
from urdfsdf.core.numbers import split_numbers
from urdfsdf.xml.parse import from_string, kept, line_of, to_string

#: link children with a //pose (SDFormat 1.7's, and 1.8's particle_emitter); the pose
#: is in the link frame by default (tests/sdf/test_posed.py checks it against the schema)
POSED_TAGS = frozenset(("sensor", "light", "projector", "audio_source", "particle_emitter"))


def read_pose(el: etree._Element, line: int | None) -> Pose | None:
    """The //pose of ``el`` as written (absent: the identity); None when it does not read.

    ``line`` is where ``el`` starts in its document; the pose's line is counted
    from it, so that an element parsed from a fragment still names its file's line.
    """
    pose_el = None
    for c in el:
        if c.tag == "pose":
            pose_el = c
            break
    if pose_el is None:
        return Pose(line=line)
    parsed = split_numbers(pose_el.text, 6)
    if isinstance(parsed, str):
        return None
    tokens, v = parsed
    inner, outer = line_of(pose_el), line_of(el)
    at = line + inner - outer if line is not None and inner is not None and \
        outer is not None else line
    return Pose((v[0], v[1], v[2]), (v[3], v[4], v[5]), pose_el.get("relative_to"), tokens, at)


def posed_extra(el: etree._Element, line: int | None) -> Extra:
    """``el`` kept verbatim, with its //pose read when it is one of :data:`POSED_TAGS`."""
    tag = el.tag
    if tag in POSED_TAGS:
        return Extra(str(tag), to_string(el), line, read_pose(el, line))
    return kept(el, line)


def with_pose(x: Extra, pose: Pose) -> Extra:
    """``x`` with ``pose`` as its //pose (in the link frame: no relative_to)."""
    el = from_string(x.xml)
    pose_el = el.find("pose")
    if pose_el is None:
        pose_el = etree.SubElement(el, "pose")
    pose_el.text = " ".join(pose.tokens())
    if "relative_to" in pose_el.attrib:
        del pose_el.attrib["relative_to"]
    return Extra(x.tag, to_string(el), x.line, pose.with_frame(None))
