"""Kept elements serialised (:func:`urdfsdf.xml.parse.to_string`): the namespaces in use.

lxml declares every namespace in scope on a serialised sub-element; ``to_string``
keeps those the fragment uses, a use being a name followed by ``:`` anywhere outside
the declarations (a prefixed tag or attribute, or a value such as ``xacro:foo``).  It
finds them with a search for each declared prefix when there are few, and with one
pattern when there are many; both must keep exactly the declarations the rule keeps.
"""

from __future__ import annotations

import copy
import re

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from urdfsdf.xml.parse import to_string

_XMLNS = re.compile(r' xmlns:([A-Za-z_][\w.-]*)="[^"]*"')
_PREFIXED = re.compile(r"(?<![\w.-])([A-Za-z_][\w.-]*):")


def _by_the_rule(el: etree._Element) -> str:
    """What ``to_string`` must give: lxml's text less the declarations unused."""
    if len(el.nsmap) > 16:
        el = copy.deepcopy(el)
    xml = etree.tostring(el, encoding="unicode", with_tail=False)
    used = set(_PREFIXED.findall(_XMLNS.sub("", xml)))
    return _XMLNS.sub(lambda m: m.group(0) if m.group(1) in used else "", xml)


_PREFIXES = st.sampled_from(["p", "p1", "xacro", "a.b", "a-b", "_u", "q9", "urdf"])
#: what a value may hold around a prefix: a use, or the prefix inside a longer name
_VALUE_PARTS = st.lists(st.one_of(
    st.builds(lambda p: f"{p}:x", _PREFIXES),
    st.builds(lambda p, c: f"{c}{p}:x", _PREFIXES, st.sampled_from(["a", "1", ".", "-", "_"])),
    st.builds(lambda p, c: f"{c}{p}:x", _PREFIXES, st.sampled_from([" ", "/", "(", "="])),
    st.sampled_from(["", "plain", "http://x", ":", "a:b:c"]),
), max_size=4)


@st.composite
def _documents(draw: st.DrawFn) -> str:
    """A document declaring prefixes on its root (and some on the kept element)."""
    count = draw(st.integers(min_value=1, max_value=24))
    root_decls = " ".join(f'xmlns:n{i}="u{i}"' for i in range(count))
    own = draw(st.lists(_PREFIXES, max_size=3, unique=True))
    own_decls = " ".join(f'xmlns:{p}="o{i}"' for i, p in enumerate(own))
    tag_ns = draw(st.integers(min_value=0, max_value=count))
    child = f"n{tag_ns}:c" if tag_ns < count else "c"
    value = " ".join(draw(_VALUE_PARTS)).replace("&", "")
    attr_ns = draw(st.integers(min_value=0, max_value=count))
    attr = f' n{attr_ns}:a="1"' if attr_ns < count else ""
    text = draw(st.sampled_from(["", "n0:t", "xacro:t", "t"]))
    return (f'<r {root_decls}><k {own_decls} v="{value}"{attr}><{child}>{text}</{child}>'
            f"</k></r>")


@given(_documents())
def test_keeps_the_namespaces_in_use(doc: str) -> None:
    root = etree.fromstring(doc)
    kept = root[0]
    assert to_string(kept) == _by_the_rule(kept)
    assert to_string(kept[0]) == _by_the_rule(kept[0])


def test_an_unused_own_declaration_goes_with_many_in_scope() -> None:
    decls = " ".join(f'xmlns:p{i}="u{i}"' for i in range(20))
    root = etree.fromstring(f'<r {decls}><x xmlns:own="o" xmlns:own2="o2" a="own2:v">'
                            "<p3:y/></x></r>")
    assert to_string(root[0]) == '<x xmlns:own2="o2" xmlns:p3="u3" a="own2:v"><p3:y/></x>'


@given(st.sets(st.integers(min_value=0, max_value=29)), st.booleans())
def test_many_own_declarations(used: set[int], in_value: bool) -> None:
    """More than 16 declared on the element itself: the one-pattern way."""
    decls = " ".join(f'xmlns:m{i}="o{i}"' for i in range(30))
    uses = " ".join(f"m{i}:v" for i in sorted(used))
    body = f'<k {decls} v="{uses}"/>' if in_value else \
        f"<k {decls}>{''.join(f'<m{i}:c/>' for i in sorted(used))}</k>"
    kept = etree.fromstring(f"<r>{body}</r>")[0]
    assert to_string(kept) == _by_the_rule(kept)
    assert to_string(kept).count(" xmlns:") == len(used)
