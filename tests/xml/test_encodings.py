"""The same document in every encoding libxml2 reads gives the same result (issue 34).

Each document below is written in UTF-8, UTF-16 and UTF-32 (both byte orders, with
and without a byte order mark), UTF-7 (as Python writes it, and with every markup
character shifted into base64, ``<`` as ``+ADw-``), and in single- and multi-byte
encodings libxml2 reads through iconv, each with its own
``<?xml version="1.0" encoding="..."?>``.  An encoding is tested only when libxml2
reads a small document in it (checked at run time; otherwise skipped with its reason).

In each, as in UTF-8: a plain URDF converts to the same SDF; a DOCTYPE that declares
an entity, or names an external DTD, is refused at the same line and the entity never
expanded; a DOCTYPE keeps a document from being mended; an SDFormat 1.6 file gets
every step of its upgrade to 1.7 (``<pose frame>``, ``use_parent_model_frame``).
"""

from __future__ import annotations

import base64
import codecs
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from lxml import etree

from urdfsdf.api import Result, sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.poses import poses_source
from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.xml.parse import read_document


@dataclass(frozen=True)
class Encoding:
    """How a document is written: the name its declaration gives, Python's codec of its
    text (``utf_7_shifted``: see :func:`_utf7_shifted`), a byte order mark before it."""

    declared: str
    codec: str
    bom: bytes = b""

    def encode(self, text: str) -> bytes:
        if self.codec == "utf_7_shifted":
            return _utf7_shifted(text)
        return self.bom + text.encode(self.codec)


def _utf7_shifted(text: str) -> bytes:
    """``text`` in UTF-7 with everything after the XML declaration in one base64 run:
    no ``<``, ``&`` or ``"`` byte is left for a byte scan to find."""
    declaration, end, body = text.partition("?>")
    run = base64.b64encode(body.encode("utf-16-be")).rstrip(b"=")
    return (declaration + end).encode("ascii") + b"+" + run + b"-"


ENCODINGS: dict[str, Encoding] = {
    "utf-8": Encoding("UTF-8", "utf_8"),
    "utf-8-bom": Encoding("UTF-8", "utf_8", codecs.BOM_UTF8),
    "utf-16-le-bom": Encoding("UTF-16", "utf_16_le", codecs.BOM_UTF16_LE),
    "utf-16-be-bom": Encoding("UTF-16", "utf_16_be", codecs.BOM_UTF16_BE),
    "utf-16-le": Encoding("UTF-16LE", "utf_16_le"),
    "utf-16-be": Encoding("UTF-16BE", "utf_16_be"),
    "utf-16-le-declared-utf-16": Encoding("UTF-16", "utf_16_le"),
    "utf-16-be-declared-utf-16": Encoding("UTF-16", "utf_16_be"),
    "utf-32-le-bom": Encoding("UTF-32", "utf_32_le", codecs.BOM_UTF32_LE),
    "utf-32-be-bom": Encoding("UTF-32", "utf_32_be", codecs.BOM_UTF32_BE),
    "utf-32-le": Encoding("UTF-32LE", "utf_32_le"),
    "utf-32-be": Encoding("UTF-32BE", "utf_32_be"),
    "utf-7": Encoding("UTF-7", "utf_7"),
    "utf-7-shifted": Encoding("UTF-7", "utf_7_shifted"),
    "iso-8859-1": Encoding("ISO-8859-1", "latin_1"),
    "iso-8859-15": Encoding("ISO-8859-15", "iso8859_15"),
    "windows-1252": Encoding("windows-1252", "cp1252"),
    "us-ascii": Encoding("US-ASCII", "ascii"),
    "koi8-r": Encoding("KOI8-R", "koi8_r"),
    "shift_jis": Encoding("Shift_JIS", "shift_jis"),
    "euc-jp": Encoding("EUC-JP", "euc_jp"),
    "gb18030": Encoding("GB18030", "gb18030"),
    "big5": Encoding("Big5", "big5"),
    "ebcdic-ibm037": Encoding("IBM037", "cp037"),
    "ebcdic-ibm500": Encoding("IBM500", "cp500"),
}
UTF8 = ENCODINGS["utf-8"]


def _letter(encoding: Encoding) -> str:
    """A letter outside ASCII that ``encoding`` can write (``x`` in ASCII)."""
    codec = "utf_16_be" if encoding.codec == "utf_7_shifted" else encoding.codec
    for letter in ("é", "ж", "あ"):
        try:
            letter.encode(codec)
        except UnicodeEncodeError:
            continue
        return letter
    return "x"


def _declared(encoding: Encoding, body: str) -> str:
    return f'<?xml version="1.0" encoding="{encoding.declared}"?>\n{body}'


def _unread(encoding: Encoding) -> str | None:
    """Why libxml2 does not read ``encoding`` as Python writes it (None: it does)."""
    letter = _letter(encoding)
    data = encoding.encode(_declared(encoding, f'<r a="{letter}&amp;"><c/></r>'))
    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False,
                                                      no_network=True))
    except etree.XMLSyntaxError as exc:
        return f"libxml2 does not read {encoding.declared}: {str(exc).splitlines()[0]}"
    if root.get("a") != letter + "&" or root[0].tag != "c":
        return f"libxml2 reads {encoding.declared} otherwise: {root.get('a')!r}"
    return None


@pytest.fixture(params=sorted(ENCODINGS))
def encoding(request: pytest.FixtureRequest) -> Encoding:
    chosen = ENCODINGS[request.param]
    why = _unread(chosen)
    if why is not None:
        pytest.skip(why)
    return chosen


def _both(encoding: Encoding, body: str,
          convert: Callable[[bytes], Result]) -> tuple[Result, Result]:
    """``convert`` of the document ``body`` (``{letter}`` filled in) in ``encoding``,
    and of the same text in UTF-8."""
    text = body.replace("{letter}", _letter(encoding))
    return (convert(encoding.encode(_declared(encoding, text))),
            convert(UTF8.encode(_declared(UTF8, text))))


def _found(result: Result) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in result.diagnostics]


def test_every_encoding_of_the_list_is_one_python_writes() -> None:
    # the list is what the tests run on: each entry must be a real codec (a typo would
    # only show as a skip)
    for encoding in ENCODINGS.values():
        assert encoding.encode(_declared(encoding, "<r/>"))
    assert _unread(UTF8) is None  # libxml2 always reads UTF-8
    assert b"<" not in _utf7_shifted(_declared(ENCODINGS["utf-7"], "<r/>")).partition(
        b"?>")[2]


# -- (a) a plain URDF ----------------------------------------------------------------------

URDF = """<robot name="robot_{letter}">
  <!-- the arm, {letter} -->
  <link name="base"><inertial><mass value="2"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0"
    izz="1"/></inertial></link>
  <link name="arm"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0"
    izz="1"/></inertial><visual><geometry><box size="1 2 3"/></geometry></visual></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
    <origin xyz="0 0 1" rpy="0 0 0.5"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="2" velocity="3"/></joint>
</robot>
"""


def test_a_plain_urdf_converts_as_in_utf8(encoding: Encoding) -> None:
    got, utf8 = _both(encoding, URDF, urdf_to_sdf_result)
    assert utf8.text is not None and f'<model name="robot_{_letter(encoding)}"' in utf8.text
    assert got.text == utf8.text
    assert _found(got) == _found(utf8) == []


# -- (b) entity declarations ---------------------------------------------------------------

ENTITIES = {
    "internal": '<!ENTITY name "EXPANDED{letter}">',
    "parameter": '<!ENTITY % name "EXPANDED{letter}">',
    "external": '<!ENTITY name SYSTEM "{secret}">',
}
ENTITY_URDF = """<!DOCTYPE robot [
{declaration}
]>
<robot name="{reference}">
  <link name="base">{reference}</link>
</robot>
"""


def _secret(tmp_path: Path) -> Path:
    secret = tmp_path / "secret.txt"
    secret.write_text("EXPANDED-SECRET\n")
    return secret


@pytest.mark.parametrize("kind", sorted(ENTITIES))
def test_an_entity_declaration_is_refused_as_in_utf8(encoding: Encoding, kind: str,
                                                     tmp_path: Path) -> None:
    declaration = ENTITIES[kind].replace("{secret}", _secret(tmp_path).as_uri())
    body = ENTITY_URDF.replace("{declaration}", declaration).replace(
        "{reference}", "r" if kind == "parameter" else "&name;")
    got, utf8 = _both(encoding, body, urdf_to_sdf_result)
    assert _found(utf8) == [("PARSING_ERROR", 3)]
    assert _found(got) == _found(utf8)
    assert got.text is None
    assert not any("EXPANDED" in d.message for d in got.diagnostics)


ENTITY_SDF = """<!DOCTYPE sdf [
<!ENTITY name "EXPANDED{letter}">
]>
<sdf version="1.7"><model name="&name;"><link name="&name;"/></model></sdf>
"""


def test_an_entity_declaration_in_sdf_is_refused_as_in_utf8(encoding: Encoding) -> None:
    got, utf8 = _both(encoding, ENTITY_SDF, sdf_to_urdf_result)
    assert _found(got) == _found(utf8) == [("PARSING_ERROR", 3)]
    assert got.text is None
    assert not any("EXPANDED" in d.message for d in got.diagnostics)


def test_the_entity_never_reaches_a_reader(encoding: Encoding) -> None:
    """Read as it streams in (the plain case) or as a whole tree, no root element of a
    document that declares an entity is handed to a reader."""
    data = encoding.encode(_declared(encoding, ENTITY_SDF.replace("{letter}", "x")))
    seen: list[str | None] = []
    diags = Diagnostics()
    read_document(data, diags, ("sdf",), lambda root, stream: seen.append(root[0].get("name")),
                  stream_from=0)
    assert seen == []
    assert [(d.code, d.line) for d in diags] == [("PARSING_ERROR", 3)]


# -- (c) an external DTD --------------------------------------------------------------------

EXTERNAL = """<!DOCTYPE robot {external_id}>
<robot name="r"><link name="a">&x;</link></robot>
"""


@pytest.mark.parametrize("kind", ["SYSTEM", "PUBLIC"])
def test_an_external_dtd_is_refused_as_in_utf8(encoding: Encoding, kind: str,
                                               tmp_path: Path) -> None:
    dtd = tmp_path / "robot.dtd"
    dtd.write_text('<!ENTITY x "EXPANDED-FROM-THE-DTD">\n')
    external_id = (f'SYSTEM "{dtd.as_uri()}"' if kind == "SYSTEM"
                   else f'PUBLIC "-//urdfsdf//robot" "{dtd.as_uri()}"')
    got, utf8 = _both(encoding, EXTERNAL.replace("{external_id}", external_id),
                      urdf_to_sdf_result)
    assert _found(utf8) == [("PARSING_ERROR", 2)]
    assert _found(got) == _found(utf8)
    assert got.text is None
    assert not any("EXPANDED" in d.message for d in got.diagnostics)


# -- a DOCTYPE keeps a document from being mended ---------------------------------------------

MENDABLE = """<!DOCTYPE robot>
<robot name="R&D"><link name="a"/></robot>
"""


def test_a_document_with_a_doctype_is_never_mended(encoding: Encoding) -> None:
    got, utf8 = _both(encoding, MENDABLE, urdf_to_sdf_result)
    assert [code for code, _ in _found(utf8)] == ["PARSING_ERROR"]
    assert _found(got) == _found(utf8)
    assert got.text is None


def test_a_bare_doctype_is_read(encoding: Encoding) -> None:
    got, utf8 = _both(encoding, "<!DOCTYPE robot>\n" + URDF, urdf_to_sdf_result)
    assert utf8.text is not None and got.text == utf8.text
    assert _found(got) == _found(utf8) == []


# -- (d) the upgrade of an SDFormat 1.6 file ---------------------------------------------------

SDF_1_6 = """<sdf version="1.6">
  <model name="m_{letter}">
    <frame name="f"><pose>0 0 1 0 0 0</pose></frame>
    <link name="a"/>
    <link name="b"><pose frame="f">1 0 0 0 0 1.5707963267948966</pose></link>
    <joint name="j" type="revolute"><parent>a</parent><child>b</child>
      <axis><xyz>1 0 0</xyz><use_parent_model_frame>true</use_parent_model_frame></axis>
    </joint>
  </model>
</sdf>
"""


def test_an_sdf_1_6_file_is_upgraded_as_in_utf8(encoding: Encoding) -> None:
    got, utf8 = _both(encoding, SDF_1_6, sdf_to_urdf_result)
    assert utf8.text is not None
    # //pose/@frame placed the link (1 0 0 from f at 0 0 1); the axis was in the model
    # frame (x of the model is -y of the joint, turned a quarter about z)
    assert '<origin xyz="1 0 1" rpy="0 0 1.5707963267948966"/>' in utf8.text
    assert '<axis xyz="0 -1 0"/>' in utf8.text
    assert got.text == utf8.text
    assert _found(got) == _found(utf8)
    assert ("VERSION_CONVERTED", 6) in _found(got)


def test_an_sdf_1_6_file_resolves_the_same_poses(encoding: Encoding) -> None:
    text = SDF_1_6.replace("{letter}", _letter(encoding))
    got, diags = poses_source(encoding.encode(_declared(encoding, text)))
    utf8, _ = poses_source(UTF8.encode(_declared(UTF8, text)))
    assert got == utf8
    assert got["errors"] == []
    model = got["models"][f"m_{_letter(encoding)}"]
    assert model["links"]["b"]["xyz"] == pytest.approx([1.0, 0.0, 1.0])
    assert model["joints"]["j"]["axis_xyz"] == pytest.approx([1.0, 0.0, 0.0])
    assert [d.code for d in diags] == ["VERSION_CONVERTED"]


@pytest.mark.parametrize("name", ["x-no-such", "undefined", "idna", "uu"])
def test_an_encoding_libxml2_does_not_know_is_reported_as_libxml2_reports_it(name: str) -> None:
    # Python knows some of these names, but cannot decode a document with them
    # ("undefined", "idna": not with replacements; "uu": not text)
    result = urdf_to_sdf_result(f'<?xml version="1.0" encoding="{name}"?>\n'
                                '<robot name="R&D"><link name="a"/></robot>\n'.encode())
    assert result.text is None
    (found,) = result.diagnostics
    assert (found.code, found.line) == ("PARSING_ERROR", 1)
    assert found.message.startswith("not well-formed XML: Unsupported encoding"), found.message
