"""The document in the middle of a round trip, as its readers read it.

``urdfsdf roundtrip`` converts a file there and back.  What comes back can be whole
while the document in the middle, the one users load, is not: a carrier gives back
what the middle document lost (sdf2urdf of a ``<mesh>`` with a ``<submesh>`` wrote
``<mesh filename=""/>``, and the SDF came back from what the URDF carried).
:func:`middle_differences` reads the middle document with urdfsdf's reader of its
format and lists, each with the path of the element in the middle document
(``link[@name='a']/visual[@name='v']/geometry/mesh/@filename``):

- the values its readers do not read as written: an empty mesh filename or URI
  (PyBullet and Drake refuse such a mesh, libsdformat refuses the document), an
  empty size; a URDF shape urdfdom skips (an empty or malformed size: urdfsdf's
  reader keeps it verbatim, with a warning); and the middle document's errors, when
  its reader refuses it (an empty required value). A negative size is not one: the
  readers of the middle document read it as the readers of the input do
  (``NEGATIVE_SIZE``, docs/lenient.md);
- the shapes of each link compared with the input's, where both hold them: the
  kind, the sizes (as numbers), the mesh URI (as written) and scale (none: ``1 1 1``).

Shapes are matched by their link (its URDF name: an SDF link's ``urdf:name`` when it
has one; a nested model's links as ``inner::link``) and kind (visual or collision):
in order when both have as many, else by name.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from urdfsdf.core.ir import Collision, Geometry, Model, SdfDocument, Visual

if TYPE_CHECKING:
    from urdfsdf.compare.assertions import Difference
    from urdfsdf.compare.document import DocumentSource

Shape = Visual | Collision

#: the values of each shape kind compared, and the path of each in SDF and in URDF
FIELDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "box": (("size", "size", "@size"),),
    "sphere": (("radius", "radius", "@radius"),),
    "cylinder": (("radius", "radius", "@radius"), ("length", "length", "@length")),
    "mesh": (("uri", "uri", "@filename"), ("scale", "scale", "@scale")),
}

def middle_differences(source: DocumentSource, middle: DocumentSource,
                       model: str | None = None) -> list[Difference]:
    """What the readers of ``middle`` (the document a round trip of ``source`` went
    through, of the other format) read otherwise than ``source`` means (module doc).

    ``source`` and ``middle``: URDF or SDF text, a path, or the IR; ``model`` picks
    the model of an SDF ``source`` holding several (an SDF ``middle``: its first).
    Raises :class:`~urdfsdf.TranslationError` when ``source`` does not read (a
    ``middle`` that does not read: its errors are the differences).
    """
    from urdfsdf.compare.assertions import Difference
    from urdfsdf.core.diagnostics import TranslationError

    a = _model(source, model)
    try:
        b = _model(middle, None)
    except TranslationError as exc:  # its reader refuses it: each error is a difference
        return [Difference("middle", d.xpath or "", "the document written on the way does "
                           f"not read: {d.format()}")
                for d in exc.diagnostics if d.severity == "error"]
    fmt = "urdf" if b.convention == "urdf" else "sdf"
    out: list[Difference] = []
    for path, shape, other in _matched(_shapes(b), _shapes(a)):
        geometry = shape.geometry
        if geometry is None:
            continue
        meant = other.geometry if other is not None else None
        unread = dict(_unread(fmt, geometry))
        for field, step in _fields(fmt, geometry.kind):
            if field in unread:
                out.append(Difference("middle", f"{path}/geometry/{geometry.kind}/{step}",
                                      f"{unread[field]}{_meant(meant, field)}"))
        if meant is not None:
            out += _compared(path, fmt, meant, geometry, set(unread))
    return out + _skipped(b, fmt)


def _skipped(model: Model, fmt: str) -> list[Difference]:
    """The shapes of ``model`` its reader skipped (urdfdom skips a ``<visual>`` or
    ``<collision>`` it cannot read; urdfsdf's reader keeps it verbatim, in the link's
    extras)."""
    from urdfsdf.compare.assertions import Difference
    from urdfsdf.xml.parse import tag_and_name

    out = []
    for link in model.links:
        for x in link.extras:
            if x.tag in ("visual", "collision"):
                tag, name = tag_and_name(x.xml)
                step = f"{tag}[@name={name!r}]" if name else tag
                out.append(Difference(
                    "middle", f"link[@name={link.name!r}]/{step}",
                    f"in the {fmt.upper()} written on the way, its readers skip this "
                    f"<{tag}> (urdfdom reads no shape of it: see the warning reading it "
                    "gives)"))
    return out


def _model(source: DocumentSource, name: str | None) -> Model:
    """The model of ``source`` (URDF: the robot; SDF: ``name`` or the first)."""
    from urdfsdf.compare.document import _sdf_model

    if isinstance(source, Model) and source.convention == "urdf":
        return source
    if isinstance(source, (Model, SdfDocument)):
        return _sdf_model(source, name)
    from urdfsdf.core.diagnostics import Diagnostics, TranslationError
    from urdfsdf.document import load_document

    diags = Diagnostics()
    doc = load_document(source, diags)
    if doc is None or diags.has_errors():
        raise TranslationError(diags.items)
    if doc.urdf is not None:
        return doc.urdf
    assert doc.sdf is not None
    return _sdf_model(doc.sdf, name)


def _shapes(model: Model) -> dict[tuple[str, str], list[tuple[str, Shape]]]:
    """The shapes of ``model`` and its nested models by (link's URDF name, kind), each
    with its path in the document."""
    out: dict[tuple[str, str], list[tuple[str, Shape]]] = {}
    stack: list[tuple[Model, str]] = [(model, "")]
    while stack:
        m, prefix = stack.pop()
        for link in m.links:
            name = prefix + link.name
            key = link.original_name if link.original_name and not prefix else name
            kinds: tuple[tuple[str, tuple[Shape, ...]], ...] = (
                ("visual", link.visuals), ("collision", link.collisions))
            for kind, shapes in kinds:
                out[(key, kind)] = [
                    (f"link[@name={name!r}]/" + (f"{kind}[@name={s.name!r}]" if s.name else
                                                  f"{kind}[{i}]"), s)
                    for i, s in enumerate(shapes, 1)]
        stack.extend((n, f"{prefix}{n.name}::") for n in m.models)
    return out


def _matched(middle: dict[tuple[str, str], list[tuple[str, Shape]]],
             source: dict[tuple[str, str], list[tuple[str, Shape]]]
             ) -> Iterator[tuple[str, Shape, Shape | None]]:
    """(path, shape, the input's shape or None) of each shape of the middle document:
    in order when the link holds as many of that kind on both sides, else by name."""
    for key, shapes in middle.items():
        theirs = source.get(key, [])
        if len(theirs) == len(shapes):
            for (path, shape), (_, other) in zip(shapes, theirs, strict=True):
                yield path, shape, other
            continue
        named = {_name(s): s for _, s in theirs if _name(s)}
        for path, shape in shapes:
            yield path, shape, named.get(_name(shape) or "")


def _name(shape: Shape) -> str | None:
    """A shape's name as URDF writes it."""
    return shape.original_name or shape.name


def _fields(fmt: str, kind: str) -> Iterator[tuple[str, str]]:
    """(IR field, path step in ``fmt``) of each value of a shape kind."""
    for field, sdf_step, urdf_step in FIELDS.get(kind, ()):
        yield field, sdf_step if fmt == "sdf" else urdf_step


def _text(value: str | tuple[str, ...] | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return " ".join(value)


def _numbers(text: str) -> list[float] | None:
    """The numbers of ``text`` (None: not numbers)."""
    try:
        return [float(t) for t in text.split()]
    except ValueError:
        return None


def _unread(fmt: str, g: Geometry) -> Iterator[tuple[str, str]]:
    """(field, why) of each value of ``g`` its readers do not read as written."""
    where = f"in the {fmt.upper()} written on the way"
    for field, _step in _fields(fmt, g.kind):
        text = _text(getattr(g, field))
        if text is None:
            if field == "uri":
                yield field, f"no mesh {'filename' if fmt == 'urdf' else 'URI'} {where}"
            continue
        if not text.strip():
            if field != "scale":
                yield field, (f"empty {where}: its readers read no value (PyBullet and "
                              "Drake refuse an empty mesh filename, libsdformat an empty "
                              "required value)")
            continue


def _meant(other: Geometry | None, field: str) -> str:
    """`` (the input: VALUE)`` when the input's matching shape holds ``field``."""
    if other is None:
        return ""
    value = _text(getattr(other, field, None))
    return f" (the input: {value!r})" if value is not None else ""


def _compared(path: str, fmt: str, a: Geometry, b: Geometry, skip: set[str]
              ) -> list[Difference]:
    """How the middle document's shape ``b`` differs from the input's ``a``, where both
    hold a value (``skip``: values reported already)."""
    from urdfsdf.compare.assertions import Difference

    where = f"in the {fmt.upper()} written on the way"
    if a.kind != b.kind:
        return [Difference("middle", f"{path}/geometry",
                           f"<{b.kind}> {where}, <{a.kind}> in the input")]
    out = []
    for field, step in _fields(fmt, b.kind):
        va, vb = _text(getattr(a, field)), _text(getattr(b, field))
        if field == "scale":
            va, vb = va or "1 1 1", vb or "1 1 1"
        if field in skip or va is None or vb is None or _same(field, va, vb):
            continue
        out.append(Difference("middle", f"{path}/geometry/{b.kind}/{step}",
                              f"{vb!r} {where}, {va!r} in the input"))
    return out


def _same(field: str, a: str, b: str) -> bool:
    """Whether two values of ``field`` are the same: URIs as written, numbers as numbers
    (text that is no number: token by token)."""
    if field == "uri":
        return a == b
    na, nb = _numbers(a), _numbers(b)
    if na is None or nb is None or len(na) != len(nb):
        return a.split() == b.split()
    return all(math.isclose(x, y, rel_tol=1e-12, abs_tol=0.0) or x == y
               for x, y in zip(na, nb, strict=True))
