"""The one load step of every entry point: bytes, text or a path in, the IR out.

:func:`load_document` reads ``source`` (XML text, bytes, or a path; a
``.xacro`` path, and a URDF that uses xacro, is expanded first, once), detects
the format from the root element (``<robot>``: URDF; anything else is read as
SDFormat, whose reader says what is wrong with it) unless the caller expects one,
and reads it with
that format's reader, as the document is parsed.  The commands, the API and
the ROS helper all start here.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from typing import TYPE_CHECKING

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import Format, Model, SdfDocument
from urdfsdf.core.record import mutable_record
from urdfsdf.urdf.reader import STREAM_TAGS as URDF_TAGS
from urdfsdf.urdf.reader import read_urdf_root
from urdfsdf.urdf.xacro import expand_xacro, is_xacro, uses_xacro
from urdfsdf.xml.custom import restore_empty_values
from urdfsdf.xml.parse import (
    Source,
    Stream,
    is_xml_text,
    load_input,
    read_document,
)

if TYPE_CHECKING:
    from urdfsdf.sdf.includes import IncludeConfig, IncludeResolver

#: the files that describe a Gazebo model folder (and name its SDF file)
MODEL_CONFIGS = ("model.config", "manifest.xml")


@mutable_record
class Document:
    """What an input held: its format and its IR (None where its reader gave up)."""

    format: Format
    #: the URDF robot (``format == "urdf"``)
    urdf: Model | None = None
    #: the SDF document (``format == "sdf"``)
    sdf: SdfDocument | None = None
    #: the bytes read (a xacro file's expansion)
    data: bytes = b""
    #: the file read (a model folder's SDF file), None for text: relative mesh URIs
    #: resolve from its folder
    path: str | None = None
    #: ``data`` is what xacro expanded the input to
    xacro: bool = False


def detect_format(root: etree._Element) -> Format:
    """The format of a document with this root element: ``<robot>`` is URDF."""
    return "urdf" if root.tag == "robot" else "sdf"


def load_document(source: Source, diags: Diagnostics, file: str | None = None, *,
                  expect: Format | None = None,
                  xacro_args: Mapping[str, str] | None = None,
                  package_paths: Mapping[str, str] | None = None,
                  includes: IncludeConfig | None = None) -> Document | None:
    """Read ``source`` into the IR; None (with diagnostics) when it cannot be read.

    ``expect``: read with that format's reader whatever the root element (its
    reader reports a wrong root).  ``file`` names the input in diagnostics
    (default: the path read).  ``xacro_args`` and ``package_paths`` are for a
    ``.xacro`` path or a URDF that uses xacro (``--xacro-arg``, ``--package-path``;
    ``xacro_args`` given for other input are an ``ARGUMENT_INVALID`` error, never
    ignored).  ``includes``: how SDF
    ``<include>`` is followed (default: through SDF_PATH, GZ_SIM_RESOURCE_PATH and
    IGN_GAZEBO_RESOURCE_PATH, and next to the input file).
    """
    path = _path_of(source)
    if expect == "urdf" and path is not None and _model_folder(path):
        diags.error("WRONG_FORMAT", "a Gazebo model folder holds SDFormat, not URDF "
                    "(convert it with sdf2urdf)", file=file or path)
        return None
    tags: tuple[str, ...] = URDF_TAGS
    if expect != "urdf":  # the URDF path needs nothing of the SDF reader (cold start)
        import urdfsdf.sdf.reader as sdf_reader  # the module form: see api.py's imports

        tags = sdf_reader.STREAM_TAGS if expect == "sdf" \
            else (*URDF_TAGS, *sdf_reader.STREAM_TAGS)
        if path is not None and (os.path.isdir(path)
                                 or os.path.basename(path) in MODEL_CONFIGS):
            chosen = _folder_model_file(path, includes, diags)
            if chosen is None:
                return None
            source = path = chosen
            file = None
    loaded = _load_bytes(source, path, diags, file, xacro_args, package_paths,
                         expect != "sdf")
    if loaded is None:
        return None
    data, expanded = loaded
    if xacro_args and not expanded:
        diags.error("ARGUMENT_INVALID", f"{option('xacro-arg')}: the input uses no xacro "
                    "(a .xacro file, or a URDF with <xacro:...> elements, ${...} or "
                    "$(arg ...)); its arguments apply to nothing")
        return None
    # an SDF urdf2sdf wrote lists its empty attributes in urdf:empty (xml/custom.py)
    data = restore_empty_values(data)
    resolver = _include_resolver(includes, path) if expect != "urdf" else None

    def read(root: etree._Element, stream: Stream | None) -> Document:
        fmt = expect or detect_format(root)
        if fmt == "urdf":
            return Document("urdf", urdf=read_urdf_root(root, diags, stream), data=data,
                            path=path, xacro=expanded)
        return Document("sdf", sdf=sdf_reader.read_sdf_root(
            root, diags, stream, includes=resolver, read_urdf=_included_urdf), data=data,
            path=path, xacro=expanded)

    return read_document(data, diags, tags, read)


def _folder_model_file(path: str, includes: IncludeConfig | None, diags: Diagnostics
                       ) -> str | None:
    """The SDF file a Gazebo model folder (or its model.config, ``path``) names."""
    import urdfsdf.sdf.includes as sdf_includes  # the module form: see api.py's imports

    folder = path if os.path.isdir(path) else os.path.dirname(path) or "."
    config = includes if includes is not None else sdf_includes.IncludeConfig()
    return sdf_includes.IncludeResolver(config, None).model_file(folder, diags)


def _include_resolver(includes: IncludeConfig | None, path: str | None
                      ) -> IncludeResolver | None:
    """The resolver that follows the ``<include>``s of the file at ``path`` (None: the
    configuration says not to follow them)."""
    import urdfsdf.sdf.includes as sdf_includes  # the module form: see api.py's imports

    config = includes if includes is not None else sdf_includes.IncludeConfig()
    return sdf_includes.IncludeResolver(config, path) if config.resolve else None


def _load_bytes(source: Source, path: str | None, diags: Diagnostics, file: str | None,
                xacro_args: Mapping[str, str] | None,
                package_paths: Mapping[str, str] | None,
                urdf: bool) -> tuple[bytes, bool] | None:
    """The bytes of ``source`` (``path``: the file it names, see :func:`_path_of`), a
    ``.xacro`` file's expansion, or (``urdf``: it may be URDF) the expansion of a URDF
    that uses xacro, with a warning; and whether xacro expanded them."""
    if path is not None and is_xacro(path):
        diags.file = file or path
        data = expand_xacro(path, xacro_args or {}, package_paths or {}, diags,
                            _ament_prefixes())
        return None if data is None else (data, True)
    data = load_input(source, diags, file)
    if data is None:
        return None
    line = uses_xacro(data) if urdf else None
    if line is None:
        return data, False
    why = f"the URDF uses xacro (line {line}: an <xacro:...> element, ${{...}} or $(arg ...))"
    expanded = expand_xacro(path, xacro_args or {}, package_paths or {}, diags,
                            _ament_prefixes(),
                            data=None if path is not None else data, why=why)
    if expanded is None:
        return None
    diags.warning("XACRO_EXPANDED", f"{why}: expanded by xacro first, as its build does "
                  "(name it .xacro to say so)", line)
    return expanded, True


def _ament_prefixes() -> list[str]:
    """The ROS 2 install prefixes xacro's ``$(find PKG)`` looks in (AMENT_PREFIX_PATH)."""
    return [p for p in os.environ.get("AMENT_PREFIX_PATH", "").split(os.pathsep) if p]


def xacro_input(path: str | None) -> bool:
    """Whether the input at ``path`` is expanded by xacro: a ``.xacro`` file, or a regular
    file (not a pipe: it is not read twice) holding a URDF that uses xacro."""
    if not path or path == "-":
        return False
    if is_xacro(path):
        return True
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as fh:
            return uses_xacro(fh.read()) is not None
    except OSError:
        return False


def _model_folder(path: str) -> bool:
    """Whether ``path`` is a Gazebo model folder (or its ``model.config``).

    (``manifest.xml``, the older name, is left out: a rosbuild package has one too.)
    """
    if os.path.isdir(path):
        return os.path.isfile(os.path.join(path, "model.config"))
    return os.path.basename(path) == "model.config"


def _path_of(source: Source) -> str | None:
    """The file ``source`` names (None: text or bytes)."""
    if isinstance(source, bytes):  # the common case, before the os.PathLike check
        return None
    if isinstance(source, (str, os.PathLike)) and not is_xml_text(source):
        return os.fsdecode(os.fspath(source))
    return None


def _included_urdf(data: bytes, diags: Diagnostics) -> Model | None:
    """An included URDF in SDF form (libsdformat includes URDF files too)."""
    from urdfsdf.translate.to_sdf import urdf_to_sdf
    from urdfsdf.urdf.reader import read_urdf_bytes

    model = read_urdf_bytes(data, diags)
    if model is None or diags.has_errors():
        return None
    return urdf_to_sdf(model, diags)
