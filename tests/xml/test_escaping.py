"""The writers' escaping (:mod:`urdfsdf.xml.build`): what needs escaping is escaped.

``plain`` and ``plain_text`` test for each escaped character on its own (a fast scan
each); they must agree with the characters ``attr`` and ``text`` replace (the keys of
their maps), and what these write must read back, through lxml, as the value given.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from urdfsdf.xml.build import _ATTR_MAP, _TEXT_MAP, attr, plain, plain_text, text

#: XML 1.0 characters (a control character other than tab, newline and carriage
#: return cannot be written at all), with the escaped ones often
_XML_CHARS = st.one_of(
    st.sampled_from('&<>"\n\r\t \'a'),
    st.characters(blacklist_categories=("Cs",), min_codepoint=0x20),
)
_VALUES = st.text(_XML_CHARS, max_size=40)


@given(_VALUES)
def test_plain_is_what_attr_leaves(value: str) -> None:
    assert plain(value) == (attr(value) == value)
    assert plain(value) == (not set(_ATTR_MAP) & set(value))


@given(_VALUES)
def test_plain_text_is_what_text_leaves(value: str) -> None:
    assert plain_text(value) == (text(value) == value)
    assert plain_text(value) == (not set(_TEXT_MAP) & set(value))


@given(_VALUES)
def test_escaped_values_read_back(value: str) -> None:
    el = etree.fromstring(f'<e a="{attr(value)}">{text(value)}</e>')
    assert el.get("a") == value
    assert (el.text or "") == value
