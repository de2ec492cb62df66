"""Reading a document as it streams in must give what the whole tree gives.

Big documents are read as they are parsed (:class:`urdfsdf.xml.parse.Stream`: each
child of the root handed out when complete, and cleared after), smaller ones as a
whole tree.  Both readers have one path per element (issue 26); :func:`paths_differ`
reads a document both ways and says how they differ.

``recorder.py`` (installed by ``conftest.py``) sees every document any test
reads, so that each one is also read both ways (fixture ``both_reader_paths``).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.document import detect_format
from urdfsdf.sdf.reader import STREAM_TAGS as SDF_TAGS
from urdfsdf.sdf.reader import read_sdf_root
from urdfsdf.urdf.reader import STREAM_TAGS as URDF_TAGS
from urdfsdf.urdf.reader import read_urdf_root
from urdfsdf.xml import parse

#: the parse function itself, not the test session's recording wrapper (conftest.py)
_read_document = getattr(parse.read_document, "original", parse.read_document)


def read_with(data: bytes, stream: bool) -> tuple[Any, list[Any]]:
    """The IR and diagnostics of ``data``, read as it streams in
    (:class:`urdfsdf.xml.parse.Stream`, which only big documents take otherwise) or
    as a whole tree."""
    diags = Diagnostics()

    def read(root: etree._Element, stream: parse.Stream | None) -> object:
        if detect_format(root) == "urdf":
            return read_urdf_root(root, diags, stream)
        return read_sdf_root(root, diags, stream)

    ir = _read_document(data, diags, (*URDF_TAGS, *SDF_TAGS), read,
                        stream_from=0 if stream else 1 << 62)
    return ir, diags.items


def paths_differ(data: bytes) -> str | None:
    """How streamed and whole-tree reading of ``data`` differ (None: they do not)."""
    whole_ir, whole_diags = read_with(data, stream=False)
    streamed_ir, streamed_diags = read_with(data, stream=True)
    if streamed_diags != whole_diags:
        return f"diagnostics differ:\n streamed: {streamed_diags}\n whole tree: {whole_diags}"
    if streamed_ir != whole_ir:
        return f"IR differs:\n streamed: {streamed_ir!r:.2000}\n whole tree: {whole_ir!r:.2000}"
    return None
