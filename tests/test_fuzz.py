"""Fuzzing (issue: robustness): mutated samples give a result or diagnostics, never a crash.

Each case takes a valid sample (samples/*.urdf, samples/*.sdf, samples/spec/*.sdf),
applies a few random structural mutations (delete, duplicate, retag, move or
unwrap an element; corrupt an attribute, a text or one number), may splice in
junk bytes or a DOCTYPE with entities (a number replaced by ``&x;``), may
truncate the text, and hands it over as bytes, as ``str`` or as UTF-16.  Every
entry point runs on it: ``urdf_to_sdf``, ``sdf_to_urdf``, ``check_source`` and
``poses_source``.  Each must return, or raise :class:`urdfsdf.TranslationError`
carrying at least one diagnostic.  When ``urdf_to_sdf`` or ``sdf_to_urdf``
succeeds, its output goes through the other direction too.

1500 cases per run (600 from the URDF samples, 900 from the SDF ones), about
30 s on a 2-core machine.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

import urdfsdf
from urdfsdf.check import check_source
from urdfsdf.poses import poses_source

from conftest import SAMPLES

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
                        "number", "move", "unwrap")


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


def run_all(data: bytes | str) -> None:
    """Every entry point on ``data``; any exception but TranslationError fails the test."""
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


_BIG = st.integers(min_value=0, max_value=2**31)
_OP = st.tuples(st.sampled_from(OPS), _BIG, _BIG, _BIG)


def _cases(first: int, count: int) -> st.SearchStrategy[bytes | str]:
    return st.builds(
        mutate,
        st.integers(min_value=first, max_value=first + count - 1),
        st.lists(_OP, min_size=0, max_size=6),
        st.one_of(st.none(), st.none(), st.none(), st.none(), _BIG),
        st.one_of(st.none(), st.none(), st.none(), st.none(), st.none(),
                  st.tuples(_BIG, _BIG)),
        st.integers(min_value=0, max_value=7),
    )


_N_URDF = len(sorted(SAMPLES.glob("*.urdf")))
_SETTINGS = settings(deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(_SETTINGS, max_examples=600)
@given(_cases(0, _N_URDF))
def test_fuzz_urdf_samples(data: bytes | str) -> None:
    run_all(data)


@settings(_SETTINGS, max_examples=900)
@given(_cases(_N_URDF, len(TEXTS) - _N_URDF))
def test_fuzz_sdf_samples(data: bytes | str) -> None:
    run_all(data)


def test_samples_found() -> None:
    assert _N_URDF >= 3 and len(TEXTS) - _N_URDF >= 50
