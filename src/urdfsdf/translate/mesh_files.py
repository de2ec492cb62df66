"""The files a mesh file names itself, which a model folder must hold beside it.

An OBJ mesh names its materials (``mtllib a.mtl``), a material library its images
(``map_Kd skin.png``, ``bump``...), a COLLADA mesh its textures (``<image><init_from>``,
COLLADA 1.4's text or 1.5's ``<ref>``).  :func:`named_files` lists the relative paths a
file names (absolute paths and URIs with a scheme are left out: they are not beside it);
the caller finds each under the roots (:mod:`urdfsdf.translate.resources`) and copies it
(:mod:`urdfsdf.translate.meshes`).

Only the real path of a file found is opened, with no symbolic link followed, and at most
:data:`MAX_BYTES` of it read.  COLLADA is parsed with lxml as every input is: no entity
expanded, no DTD loaded, nothing fetched.
"""

from __future__ import annotations

import os
import re
import sys
from urllib.parse import unquote

from lxml import etree

#: the bytes of a mesh file read for the names it holds (the copy's own bound)
MAX_BYTES = 512 << 20
#: an MTL statement that names an image: its last word is the file
_MTL_MAPS = frozenset((b"map_ka", b"map_kd", b"map_ks", b"map_ke", b"map_ns", b"map_d",
                       b"map_bump", b"bump", b"disp", b"decal", b"refl", b"norm", b"map_pr",
                       b"map_pm", b"map_ps"))
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
#: how a file is opened: no symbolic link followed, no blocking on a FIFO
if sys.platform == "win32":
    _FLAGS = os.O_RDONLY | os.O_BINARY
else:
    _FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def named_files(real: str) -> list[str]:
    """The relative paths the mesh or material file ``real`` (a real path) names, in
    order, each once; none for another kind of file or one that cannot be read."""
    kind = os.path.splitext(real)[1].lower()
    if kind not in (".obj", ".mtl", ".dae"):
        return []
    try:
        fd = os.open(real, _FLAGS)
    except OSError:
        return []
    try:
        with os.fdopen(fd, "rb") as fh:
            names = _collada(fh) if kind == ".dae" else _statements(fh, kind == ".obj")
    except (OSError, etree.Error, ValueError):
        return []
    return [n for n in dict.fromkeys(names) if _relative(n)]


def _statements(fh: object, obj: bool) -> list[str]:
    """The files an OBJ (``mtllib``) or MTL (``map_Kd``...) file names."""
    names: list[str] = []
    read = 0
    for line in fh:  # type: ignore[attr-defined]
        read += len(line)
        if read > MAX_BYTES:
            break
        words = line.split()
        if not words:
            continue
        key = words[0].lower()
        if obj and key == b"mtllib":
            names += [w.decode("utf-8", "replace") for w in words[1:]]
        elif not obj and key in _MTL_MAPS and len(words) > 1:
            names.append(words[-1].decode("utf-8", "replace"))
    return names


def _collada(fh: object) -> list[str]:
    """The image files a COLLADA document names (``//image/init_from``)."""
    names: list[str] = []
    parts = etree.iterparse(fh, events=("end",), tag="{*}init_from", resolve_entities=False,
                            no_network=True, load_dtd=False, huge_tree=False)
    for _, el in parts:
        ref = next((c for c in el if isinstance(c.tag, str)
                    and etree.QName(c).localname == "ref"), None)
        text = ((ref if ref is not None else el).text or "").strip()
        if text:
            names.append(unquote(text))
        el.clear(keep_tail=True)
    return names


def _relative(name: str) -> bool:
    """Whether ``name`` is a relative path (no scheme, not absolute)."""
    return bool(name) and not os.path.isabs(name) and not _SCHEME.match(name) \
        and "\x00" not in name
