"""The readers' two paths, compared: the fast path must give the general path's IR,
and reading a document as it streams in must give what the whole tree gives.

Both readers read links, joints and frames in the common case with a fast path
and everything else with a general path that reports what it finds.  The fast
path may only take what the general path reads silently, into the same IR.
:func:`paths_differ` reads a document both ways and says how they differ.

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


def read_with(data: bytes, fast: bool, stream: bool = False) -> tuple[Any, list[Any]]:
    """The IR and diagnostics of ``data``, read with (or without) the fast path, as it
    streams in (:class:`urdfsdf.xml.parse.Stream`, which only big documents take
    otherwise) or as a whole tree."""
    diags = Diagnostics()

    def read(root: etree._Element, stream: parse.Stream | None) -> object:
        if detect_format(root) == "urdf":
            return read_urdf_root(root, diags, stream, fast)
        return read_sdf_root(root, diags, stream)

    ir = _read_document(data, diags, (*URDF_TAGS, *SDF_TAGS), read,
                        stream_from=0 if stream else 1 << 62)
    return ir, diags.items


def paths_differ(data: bytes) -> str | None:
    """How the fast and the general path read ``data`` differently (None: they do not)."""
    fast_ir, fast_diags = read_with(data, True)
    slow_ir, slow_diags = read_with(data, False)
    streamed_ir, streamed_diags = read_with(data, True, stream=True)
    if streamed_diags != fast_diags:
        return f"diagnostics differ:\n streamed: {streamed_diags}\n whole tree: {fast_diags}"
    if streamed_ir != fast_ir:
        return f"IR differs:\n streamed: {streamed_ir!r:.2000}\n whole tree: {fast_ir!r:.2000}"
    if fast_diags != slow_diags:
        return f"diagnostics differ:\n fast: {fast_diags}\n general: {slow_diags}"
    if fast_ir != slow_ir:
        return f"IR differs:\n fast: {fast_ir!r:.2000}\n general: {slow_ir!r:.2000}"
    return None
