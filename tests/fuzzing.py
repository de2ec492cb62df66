"""The fuzzing engine: valid samples, mutated at the tree, structure and byte level.

Used by ``tests/test_fuzz.py`` (hypothesis draws the parameters; a few thousand
cases in CI) and by ``benchmarks/fuzz_sweep.py`` (a random generator draws them;
100k+ cases offline).

A case takes a valid sample (samples/*.urdf, samples/*.sdf, samples/spec/*.sdf)
and applies a few mutations:

- tree mutations: delete, duplicate, retag, move or unwrap an element; corrupt
  an attribute, a text or one number;
- structure mutations: comments, processing instructions, CDATA sections and
  whitespace inserted anywhere; an element nested in a copy of itself;
  children reordered; an attribute repeated under other namespaces; namespaced
  elements (Drake's ``drake:``, libsdformat's ``custom:`` with a relative URI,
  gz-sim's ``gz:``) holding arbitrary XML;
- byte mutations: junk spliced in, a DOCTYPE with entities, truncation;

and hands the result over as bytes, as ``str`` or as UTF-16.  :func:`run_all`
runs every entry point on it: ``urdf_to_sdf``, ``sdf_to_urdf``, ``check_source``
and ``poses_source``.  Each must return, or raise
:class:`urdfsdf.TranslationError` carrying at least one diagnostic, within the
time bound of ``tests/test_bounded_time.py`` (a multiple of a plain lxml parse
of the same bytes).  When a conversion succeeds, its output goes through the
other direction too.
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable
from pathlib import Path

from lxml import etree

import urdfsdf
from urdfsdf.commands.check import check_source
from urdfsdf.commands.poses import poses_source

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

SAMPLE_FILES: list[Path] = (sorted(SAMPLES.glob("*.urdf")) + sorted(SAMPLES.glob("*.sdf"))
                            + sorted((SAMPLES / "spec").glob("*.sdf")))
TEXTS: list[bytes] = [p.read_bytes() for p in SAMPLE_FILES]

#: tags an element may be renamed to: the formats' own vocabulary plus junk
TAGS: tuple[str, ...] = (
    "robot", "sdf", "world", "model", "link", "joint", "frame", "pose", "origin", "inertial",
    "inertia", "mass", "visual", "collision", "geometry", "box", "cylinder", "sphere", "mesh",
    "capsule", "plane", "material", "color", "texture", "axis", "axis2", "xyz", "limit",
    "dynamics", "parent", "child", "mimic", "safety_controller", "calibration", "static",
    "include", "uri", "size", "radius", "length", "ixx", "ixy", "ixz", "iyy", "iyz", "izz",
    "lower", "upper", "effort", "velocity", "transmission", "gazebo", "use_parent_model_frame",
    "{http://wiki.ros.org/urdf}mimic", "{http://wiki.ros.org/urdf}joint",
    "{http://wiki.ros.org/urdf}material", "{http://wiki.ros.org/urdf}axis",
    "{http://wiki.ros.org/urdf}limit", "{http://wiki.ros.org/urdf}unnamed",
    "{http://wiki.ros.org/urdf}visual", "{http://wiki.ros.org/urdf}transmission",
    "{urn:other}link", "junk", "ünïcødé",
)

#: attribute names an element may gain
ATTRS: tuple[str, ...] = (
    "name", "type", "link", "joint", "xyz", "rpy", "value", "size", "radius", "length",
    "filename", "scale", "rgba", "relative_to", "expressed_in", "attached_to",
    "canonical_link", "version", "lower", "upper", "effort", "velocity", "ixx", "iyy", "izz",
    "multiplier", "offset", "k_velocity", "rising", "rotation_format", "degrees", "frame",
    "{http://wiki.ros.org/urdf}version",
)

#: values for attributes and texts: bad numbers, wrong counts, names, reserved names
VALUES: tuple[str, ...] = (
    "", " ", "nan", "NaN", "inf", "-inf", "1e400", "-1e400", "1e-400", "-1", "0", "-0", "1",
    "0.5", "1e308", "1e308 1e308 1e308", "-1e308 1e308 -1e308 1e308 1e308 1e308",
    "1 2", "1 2 3", "0 0 0", "1 2 3 4", "1 2 3 4 5 6", "1 2 3 4 5 6 7", "a b c", "1,2,3",
    "0x10", "1_000", "1e", "--1", "world", "__model__", "__x__", "base_link", "link1",
    "joint1", "a::b", "::", "fixed", "revolute", "continuous", "prismatic", "floating",
    "planar", "ball", "screw", "revolute2", "universal", "gearbox", "hinge", "1.7", "1.6",
    "1.4", "1.10", "2.0", "true", "false", "quat_xyzw", "euler_rpy", "0 0 0 0 0 0 0",
    "名前", "x" * 300, "<&>\"'", "\t\n",
)

#: junk to splice into the serialised text
JUNK: tuple[bytes, ...] = (
    b"<", b">", b"</", b"&", b"&amp;", b"&x;", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"]]>",
    b"<![CDATA[", b"<!--", b"-->", b"<?xml version='1.0'?>", b"<!DOCTYPE r>", b"\"", b"'",
    b"<link name='x'/>", b"<joint name='j' type='fixed'/>", b"\xc3", b"\n" * 3,
)

#: document heads to put before the root element: DTDs with entities (refused)
HEADS: tuple[bytes, ...] = (
    b'<!DOCTYPE r [<!ENTITY x "1">]>',
    b'<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/hostname">]>',
    b'<!DOCTYPE r [<!ENTITY y "1"><!ENTITY x "&y;&y;">]>',
    b"<!DOCTYPE r SYSTEM 'file:///etc/hostname'>",
)

_NUMBER = re.compile(rb"(?<=[>\"\s])-?[0-9.]+(?=[<\"\s])")

OPS: tuple[str, ...] = ("delete", "duplicate", "retag", "attr", "attr", "text", "number",
                        "number", "move", "unwrap", "comment", "pi", "cdata", "blank", "nest",
                        "reorder", "nsattr", "nselem")

#: the structure mutations: they mostly keep a document valid, so the case
#: reaches the writers (where carried content is serialised and compared)
STRUCTURE_OPS: tuple[str, ...] = ("comment", "pi", "cdata", "blank", "nest", "reorder",
                                  "nsattr", "nselem", "duplicate")

#: namespaces of custom elements seen in the wild (libsdformat's tests use a relative URI)
NAMESPACES: tuple[str, ...] = ("http://drake.mit.edu", "custom_ns_uri",
                               "http://gazebosim.org/schema", "http://wiki.ros.org/urdf",
                               "http://sdformat.org/urdfsdf", "urn:other")

#: comment, PI and CDATA contents (none may hold its own end marker)
SNIPPETS: tuple[str, ...] = ("", " ", "x", "<link name='x'/>", "&amp;", "a - b", "]]",
                             "<?xml version='1.0'?>", "\n\t\n", "名前", "1 2 3")

#: whitespace to add to a text or a tail
BLANKS: tuple[str, ...] = (" ", "\n", "\t", "\r\n", " " * 200, "\n" * 50, "\u00a0")


def _elements(root: etree._Element) -> list[etree._Element]:
    return [el for el in root.iter() if isinstance(el.tag, str)]


def _replace_number(text: str, pick: int, value: str) -> str:
    tokens = text.split()
    if not tokens:
        return value
    tokens[pick % len(tokens)] = value
    return " ".join(tokens)


def _mutate_tree(root: etree._Element, op: str, i: int, j: int, k: int) -> None:
    """Apply one structural mutation in place (a no-op when it does not apply)."""
    els = _elements(root)
    # the root element now and then only: most damage is deeper
    el = els[i % len(els)] if len(els) == 1 or i % 8 == 0 else els[1 + i % (len(els) - 1)]
    parent = el.getparent()
    if op == "delete" and parent is not None:
        parent.remove(el)
    elif op == "duplicate" and parent is not None:
        parent.insert(parent.index(el) + 1 + j % 2, copy.deepcopy(el))
    elif op == "retag":
        el.tag = TAGS[j % len(TAGS)]
    elif op == "attr":
        keys = list(el.attrib.keys())
        if keys and k % 7 == 0:
            del el.attrib[keys[j % len(keys)]]
            return
        key = str(keys[j % len(keys)]) if keys and j % 3 else ATTRS[j % len(ATTRS)]
        # values already in the document make duplicate names and self-references
        names = [str(v) for e in els for v in e.attrib.values()]
        pool = VALUES + tuple(names)
        el.set(key, pool[k % len(pool)])
    elif op == "text":
        texts = [e.text.strip() for e in els if e.text and e.text.strip()]
        pool = VALUES + tuple(texts)
        el.text = pool[k % len(pool)]
    elif op == "number":
        # one token of a number-ish attribute or text
        targets = [(e, a) for e in els for a in e.attrib
                   if any(ch.isdigit() for ch in str(e.attrib[a]))]
        targets += [(e, None) for e in els if e.text and any(ch.isdigit() for ch in e.text)]
        if not targets:
            return
        target, attr = targets[i % len(targets)]
        value = VALUES[k % 20]  # the bad numbers at the head of VALUES
        if attr is None:
            target.text = _replace_number(target.text or "", j, value)
        else:
            target.set(attr, _replace_number(str(target.get(attr)), j, value))
    elif op == "move" and parent is not None:
        dest = els[j % len(els)]
        if dest is el or any(a is el for a in dest.iterancestors()):
            return
        dest.insert(k % (len(dest) + 1), el)
    elif op == "unwrap" and parent is not None:
        # replace an element by its children
        at = parent.index(el)
        for n, child in enumerate(list(el)):
            parent.insert(at + 1 + n, child)
        parent.remove(el)
    else:
        _mutate_structure(root, el, parent, op, j, k)


def _mutate_structure(root: etree._Element, el: etree._Element,
                      parent: etree._Element | None, op: str, j: int, k: int) -> None:
    """The structure-level mutations (see the module docstring)."""
    snippet = SNIPPETS[k % len(SNIPPETS)]
    if op == "comment":
        el.insert(j % (len(el) + 1), etree.Comment(snippet))
    elif op == "pi":
        target = ("pi", "xml-stylesheet", "gz", "x")[k % 4]
        node = etree.ProcessingInstruction(target, snippet.replace("?>", "") or None)
        if parent is not None and j % 3 == 0:
            parent.insert(parent.index(el), node)
        else:
            el.insert(j % (len(el) + 1), node)
    elif op == "cdata":
        if len(el) == 0 or j % 2:
            el.text = etree.CDATA(snippet if j % 4 else (el.text or ""))  # type: ignore[assignment]
    elif op == "blank":
        blank = BLANKS[k % len(BLANKS)]
        if j % 2:
            el.text = (el.text or "") + blank if j % 4 == 1 else blank + (el.text or "")
        else:
            el.tail = blank + (el.tail or "")
    elif op == "nest":
        # an element nested in a copy of itself (kept small: the copy of a big one is cut)
        twin = copy.deepcopy(el)
        for extra in list(twin)[4:]:
            twin.remove(extra)
        el.insert(j % (len(el) + 1), twin)
    elif op == "reorder" and len(el) > 1:
        kids = list(el)
        shift = 1 + j % (len(kids) - 1)
        for kid in kids:
            el.remove(kid)
        el.extend(kids[shift:] + kids[:shift] if k % 2 else list(reversed(kids)))
    elif op == "nsattr":
        # the same attribute name under other namespaces (and under none)
        keys = [str(a) for a in el.attrib] or list(ATTRS[:3])
        name = keys[j % len(keys)].rsplit("}", 1)[-1]
        for n in range(1 + k % 3):
            el.set(f"{{{NAMESPACES[(j + n) % len(NAMESPACES)]}}}{name}",
                   VALUES[(k + n) % len(VALUES)])
        el.set(name, VALUES[k % len(VALUES)])
    elif op == "nselem":
        # a namespaced element holding arbitrary XML, anywhere
        ns = NAMESPACES[j % len(NAMESPACES)]
        local = ("declare_convex", "custom_elem", "plugin", "link", "pose", "frame")[k % 6]
        node = etree.SubElement(el, f"{{{ns}}}{local}", {"name": VALUES[k % len(VALUES)]})
        node.text = VALUES[j % len(VALUES)]
        inner = etree.SubElement(node, ("link", "pose", "anything", f"{{{ns}}}inner")[j % 4])
        inner.set(f"{{{NAMESPACES[k % len(NAMESPACES)]}}}a", "1")
        inner.append(etree.Comment(snippet))
        inner.append(etree.ProcessingInstruction("pi", "x"))
        el.insert(j % len(el), node)


def mutate(sample: int, ops: list[tuple[str, int, int, int]], truncate: int | None,
           junk: tuple[int, int] | None, form: int = 0) -> bytes | str:
    """A mutated copy of sample ``sample``: tree mutations, then byte-level damage.

    ``form`` picks how it is handed over: 1 as ``str``, 2 as UTF-16 bytes, else
    as the bytes written.
    """
    data = TEXTS[sample % len(TEXTS)]
    if ops:
        root = etree.fromstring(data)
        for op, i, j, k in ops:
            _mutate_tree(root, op, i, j, k)
        data = etree.tostring(root, xml_declaration=bool(truncate is None or truncate % 2),
                              encoding="utf-8")
    if junk is not None and junk[0] % 3 == 0:
        # a DTD before the root element, and one number replaced by an entity reference
        start = data.find(b"?>") + 2 if data.startswith(b"<?xml") else 0
        head = HEADS[junk[1] % len(HEADS)]
        data = data[:start] + head + data[start:]
        numbers = list(_NUMBER.finditer(data, start + len(head)))
        if numbers:
            m = numbers[junk[0] % len(numbers)]
            data = data[: m.start()] + b"&x;" + data[m.end():]
    elif junk is not None:
        at = junk[0] % (len(data) + 1)
        data = data[:at] + JUNK[junk[1] % len(JUNK)] + data[at:]
    if truncate is not None:
        data = data[: truncate % (len(data) + 1)]
    if form == 1:
        return data.decode("utf-8", errors="replace")
    if form == 2:
        text = data.decode("utf-8", errors="replace").replace("utf-8", "UTF-16")
        return text.replace("UTF-8", "UTF-16").encode("utf-16")
    return data


def _translate(fn: Callable[[bytes | str], str], data: bytes | str) -> str | None:
    """``fn(data)``: its text, or None after checking the TranslationError is explained."""
    try:
        return fn(data)
    except urdfsdf.TranslationError as exc:
        assert exc.diagnostics, f"{fn.__name__}: TranslationError without diagnostics"
        return None


#: the time bound of tests/test_bounded_time.py: a multiple of a plain lxml parse,
#: plus a fixed allowance, per entry point
FACTOR = 400
SLACK = 0.25


def parse_time(data: bytes | str) -> float:
    """Seconds lxml takes to parse ``data`` (the best of three; errors count as done)."""
    raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        try:
            etree.fromstring(raw, etree.XMLParser(resolve_entities=False, no_network=True))
        except (etree.XMLSyntaxError, ValueError):
            pass
        best = min(best, time.perf_counter() - start)
    return best


def run_all(data: bytes | str) -> float:
    """Every entry point on ``data``; any exception but TranslationError fails the test.

    Returns the seconds taken, after checking them against the time bound.
    """
    start = time.perf_counter()
    _run_all(data)
    elapsed = time.perf_counter() - start
    bound = 6 * (FACTOR * parse_time(data) + SLACK)  # six entry point runs at most
    assert elapsed <= bound, f"{elapsed:.2f} s, over the bound of {bound:.2f} s"
    return elapsed


def _run_all(data: bytes | str) -> None:
    sdf = _translate(urdfsdf.urdf_to_sdf, data)
    if sdf is not None:
        _translate(urdfsdf.sdf_to_urdf, sdf.encode("utf-8"))
    urdf = _translate(urdfsdf.sdf_to_urdf, data)
    if urdf is not None:
        _translate(urdfsdf.urdf_to_sdf, urdf.encode("utf-8"))
    report = check_source(data)
    assert isinstance(report.diagnostics, list)
    result, diags = poses_source(data)
    assert isinstance(result, dict) and isinstance(diags, list)
