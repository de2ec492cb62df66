"""Element-by-element comparison of two URDF (or two SDF) documents.

The comparison of ``tests/corpus/test_corpus_fidelity.py`` (README, "Lossless
round trips": URDF -> SDF -> URDF gives the URDF back element by element): each
element is found by its path of ``tag[@name='..']`` steps (``@reference`` for a
``<gazebo>`` block), order free; its attributes and its text must be the same
text.  Comments never count.  The normalisations allowed are named
(:data:`NORMALISATIONS`); by default only the README's one: an ``<origin>``
written without ``xyz`` or ``rpy`` is the same as one with ``"0 0 0"`` (URDF
spec, ``<origin>`` defaults).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from lxml import etree

from urdfsdf.core.ir import Model, SdfDocument
from urdfsdf.xml.parse import qname, qualified_attribute

#: the normalisations :func:`document_differences` knows, and what each allows
NORMALISATIONS = {
    "origin": "an <origin> without xyz or rpy is the same as one with '0 0 0'",
    "whitespace": "number lists and text are compared token by token (blanks between "
                  "tokens do not count)",
    "unknown_attributes": "attributes the URDF format does not define (urdfdom ignores "
                          "them) do not count",
    "element_order": "element order does not count (always: elements are matched by path)",
    "sdf_via_urdf": "SDF through URDF: only what the README says comes back is compared: "
                    "each link's visual and collision names, and every sensor, plugin and "
                    "light by the link, joint or model holding it (a sensor's or light's own "
                    "pose left out: it is re-expressed when a link frame moves)",
}
DEFAULT_NORMALISE = ("origin",)

DocumentSource = str | bytes | os.PathLike[str] | Model | SdfDocument

Entry = tuple[tuple[tuple[str, str], ...], str]


def document_text(source: DocumentSource) -> bytes:
    """The XML of ``source``: text as given, a file's bytes, or the IR written out."""
    if isinstance(source, Model):
        from urdfsdf.api import write_sdf, write_urdf

        return (write_urdf(source) if source.convention == "urdf" else
                write_sdf(source)).encode()
    if isinstance(source, SdfDocument):
        from urdfsdf.sdf.writer import write_sdf_document

        return write_sdf_document(source).encode()
    if isinstance(source, bytes):
        return source
    if isinstance(source, str) and source.lstrip().startswith("<"):
        return source.encode()
    return Path(source).read_bytes()


def _step(el: etree._Element) -> str:
    tag = qname(el)
    for key in ("name", "reference"):
        value = el.get(key)
        if value is not None:
            return f"{tag}[@{key}={value!r}]"
    return tag


def _elements(root: etree._Element, normalise: frozenset[str]) -> dict[str, list[Entry]]:
    """Every element's attributes and text, by path, order free."""
    from urdfsdf.urdf.reader import ATTRIBUTES

    found: dict[str, list[Entry]] = {}
    stack: list[tuple[etree._Element, str]] = [(c, "") for c in root
                                               if isinstance(c.tag, str)]
    # the root's own attributes
    found[""] = [_entry(root, normalise, ATTRIBUTES)]
    while stack:
        el, path = stack.pop()
        here = f"{path}/{_step(el)}" if path else _step(el)
        found.setdefault(here, []).append(_entry(el, normalise, ATTRIBUTES))
        stack.extend((c, here) for c in el if isinstance(c.tag, str))
    return {k: sorted(v) for k, v in found.items()}


def _entry(el: etree._Element, normalise: frozenset[str],
           known: Mapping[str, tuple[str, ...]]) -> Entry:
    attrs = {qualified_attribute(el, str(k)): str(v) for k, v in el.attrib.items()}
    tag = el.tag
    if "unknown_attributes" in normalise and isinstance(tag, str) and tag in known:
        attrs = {k: v for k, v in attrs.items() if k in known[tag]}
    if "origin" in normalise and tag == "origin":
        attrs.setdefault("xyz", "0 0 0")
        attrs.setdefault("rpy", "0 0 0")
    text = (el.text or "").strip()
    if "whitespace" in normalise:
        attrs = {k: " ".join(v.split()) for k, v in attrs.items()}
        text = " ".join(text.split())
    return tuple(sorted(attrs.items())), text


def _parse(data: bytes) -> etree._Element:
    """The root element of ``data``, read as urdfsdf's readers read it (lenient, safe)."""
    from urdfsdf.core.diagnostics import Diagnostics
    from urdfsdf.xml.parse import parse

    diags = Diagnostics()
    root = parse(data, diags)
    if root is None:
        raise ValueError("not an XML document: " + "; ".join(d.message for d in diags.items))
    return root


def document_differences(a: DocumentSource, b: DocumentSource,
                         normalise: Iterable[str] = DEFAULT_NORMALISE
                         ) -> list[tuple[str, str]]:
    """``(path, what differs)`` for every element of ``a`` and ``b`` that is not the same.

    ``normalise`` names the normalisations allowed (:data:`NORMALISATIONS`).
    """
    allowed = frozenset(normalise)
    unknown = allowed - set(NORMALISATIONS)
    if unknown:
        raise ValueError(f"unknown normalisation(s) {sorted(unknown)}; "
                         f"known: {sorted(NORMALISATIONS)}")
    if "sdf_via_urdf" in allowed:
        return sdf_content_differences(a, b)
    ra, rb = _parse(document_text(a)), _parse(document_text(b))
    out: list[tuple[str, str]] = []
    if ra.tag != rb.tag:
        return [("/", f"root element <{ra.tag}> != <{rb.tag}>")]
    ea, eb = _elements(ra, allowed), _elements(rb, allowed)
    for path in sorted(set(ea) | set(eb)):
        va, vb = ea.get(path), eb.get(path)
        shown = path or qname(ra)
        if va == vb:
            continue
        if vb is None:
            out.append((shown, "missing (in the first document only)"))
        elif va is None:
            out.append((shown, "added (in the second document only)"))
        elif len(va) == 1 and len(vb) == 1:
            out.extend(_entry_differences(shown, va[0], vb[0]))
        else:
            out.append((shown, f"{len(va)} elements != {len(vb)} elements: "
                               f"{_show(va)} != {_show(vb)}"))
    return out


def _show(entries: list[Entry]) -> str:
    return "; ".join(" ".join(f"{k}={v!r}" for k, v in attrs) + (f" text={text!r}" if text
                                                                   else "")
                     for attrs, text in entries)


def _entry_differences(path: str, a: Entry, b: Entry) -> list[tuple[str, str]]:
    out = []
    da, db = dict(a[0]), dict(b[0])
    for key in sorted(set(da) | set(db)):
        if da.get(key) != db.get(key):
            if key not in db:
                what = f"{da[key]!r} missing"
            elif key not in da:
                what = f"{db[key]!r} added"
            else:
                what = f"{da[key]!r} != {db[key]!r}"
            out.append((f"{path}/@{key}", what))
    if a[1] != b[1]:
        out.append((f"{path}/text()", f"{a[1]!r} != {b[1]!r}"))
    return out


def _sdf_model(source: DocumentSource, model: str | None) -> Model:
    if isinstance(source, Model):
        return source
    if isinstance(source, SdfDocument):
        doc = source
    else:
        from urdfsdf.api import load_sdf
        from urdfsdf.core.diagnostics import TranslationError

        loaded, diags = load_sdf(source)
        if loaded is None or diags.has_errors():
            raise TranslationError(diags.items)
        doc = loaded
    for m in doc.every_model():
        if model is None or m.name == model:
            return m
    raise ValueError(f"no model {model!r} in the SDF document" if model else
                     "no model in the SDF document")


def _content(model: Model) -> tuple[dict[str, list[str]], set[str]]:
    """Shape names and SDF-only content of a model and its nested ones, by path
    (nested names flattened as ``inner::name``), and the paths of its links."""
    from urdfsdf.xml.parse import canonical

    out: dict[str, list[str]] = {}
    links: set[str] = set()

    def extras(path: str, items: Iterable[object]) -> None:
        for x in items:
            tag = getattr(x, "tag", "")
            if tag in ("sensor", "plugin", "light"):
                el = etree.fromstring(getattr(x, "xml", "<x/>"))
                if tag in ("sensor", "light"):
                    for pose in el.findall("pose"):
                        el.remove(pose)
                step = f"{tag}[@name={el.get('name')!r}]"
                out.setdefault(f"{path}/{step}" if path else step, []).append(
                    canonical(etree.tostring(el).decode()))

    stack: list[tuple[Model, str]] = [(model, "")]
    while stack:
        m, prefix = stack.pop()
        extras(f"model[@name={prefix[:-2]!r}]" if prefix else "", m.extras)
        for link in m.links:
            lp = f"link[@name={prefix + link.name!r}]"
            links.add(lp)
            out[lp] = [f"visual {v.name}" for v in link.visuals] + [
                f"collision {c.name}" for c in link.collisions]
            extras(lp, link.extras)
        for joint in m.joints:
            extras(f"joint[@name={prefix + joint.name!r}]", joint.extras)
        stack.extend((n, f"{prefix}{n.name}::") for n in m.models)
    return {k: sorted(v) for k, v in out.items()}, links


def sdf_content_differences(a: DocumentSource, b: DocumentSource,
                            model: str | None = None) -> list[tuple[str, str]]:
    """The ``sdf_via_urdf`` comparison (:data:`NORMALISATIONS`) of model ``model``
    of ``a`` (default: its first) and the first model of ``b``.

    Nested models come back flattened: their content is compared under the
    flattened names (``inner::link``).  Links only one side has are the
    kinematics' business (a universal joint's middle link), not compared here.
    """
    ma, mb = _sdf_model(a, model), _sdf_model(b, None)
    (ca, la), (cb, lb) = _content(ma), _content(mb)
    out = []
    for path in sorted(set(ca) | set(cb)):
        if path in la ^ lb:
            continue
        va, vb = ca.get(path), cb.get(path)
        if va == vb:
            continue
        if vb is None:
            out.append((path, "missing (in the first document only)"))
        elif va is None:
            out.append((path, "added (in the second document only)"))
        else:
            out.append((path, f"{va} != {vb}"))
    return out
