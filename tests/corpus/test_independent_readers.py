"""Issue 15's acceptance (c): independent readers agree with urdfsdf's outputs.

Drake (PyPI ``drake``) loads the output of every corpus file whose input it loads,
both directions, and computes the same spatial inertia for every body (relative
1e-6; about a common point, in a common frame: the world for URDF input, the URDF
root link for SDF input, whose own world pose URDF has no place for).  Pinocchio
(``pin``) and MuJoCo (``mujoco``) load every SDF -> URDF output that Drake loads
(MuJoCo with placeholder meshes: the corpus ships none).  The readers are optional
test dependencies: each test skips where its reader is absent.

Drake aborts the process on some inputs (a C++ assertion), so every load runs in
a forked child.
"""

from __future__ import annotations

import collections
import os
import re
import struct
import tempfile
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from lxml import etree

import urdfsdf
from readers import drake_inertias, inertia_differences, isolated
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.translate.to_urdf_transform import Options

from conftest import CORPUS, ROOT, SAMPLES, corpus_rows, requires_corpus
from tiers import FULL, sample


def _urdf_root(text: str) -> str | None:
    root = etree.fromstring(text.encode())
    children = {c.get("link") for c in root.iterfind("joint/child")}
    return next((str(link.get("name")) for link in root.iterfind("link")
                 if link.get("name") not in children and link.get("name") != "world"), None)


def _pinocchio_loads(text: str) -> None:
    import pinocchio

    pinocchio.buildModelFromXML(text)


_TRIANGLES = (((0, 0, 0), (1, 0, 0), (0, 1, 0)), ((0, 0, 0), (0, 0, 1), (1, 0, 0)),
              ((0, 0, 0), (0, 1, 0), (0, 0, 1)), ((1, 0, 0), (0, 0, 1), (0, 1, 0)))
_STL = b"\0" * 80 + struct.pack("<I", 4) + b"".join(
    struct.pack("<12fH", 0, 0, 0, *a, *b, *c, 0) for a, b, c in _TRIANGLES)


def _mujoco_loads(text: str) -> None:
    """MuJoCo opens mesh files: each mesh is pointed at a placeholder tetrahedron."""
    import mujoco

    root = etree.fromstring(text.encode())
    folder = tempfile.mkdtemp()
    for n, mesh in enumerate(root.iter("mesh")):
        path = os.path.join(folder, f"mesh{n}.stl")
        with open(path, "wb") as fh:
            fh.write(_STL)
        mesh.set("filename", path)
    mujoco.MjModel.from_xml_string(etree.tostring(root).decode())


def _rows(fmt: str) -> list[str]:
    """Corpus paths of ``fmt`` (URDF: those urdfdom accepts), then the repository's own
    edge cases (tests/corpus_extra: a PR2-style gripper...), as absolute paths."""
    return sample([r["path"] for r in corpus_rows() if r["format"] == fmt
                   and (fmt != "urdf" or r["check_urdf"] == "ok")], 12 if fmt == "urdf" else 15) + [
        str(p) for p in sorted((ROOT / "tests" / "corpus_extra").glob(f"*.{fmt}"))]


@requires_corpus
def test_drake_loads_every_urdf_to_sdf_output_with_the_same_inertias() -> None:
    pytest.importorskip("pydrake")
    problems, compared = [], 0
    for path in _rows("urdf"):
        src = (CORPUS / path).read_text(errors="replace")
        status, before = isolated(drake_inertias, src, "urdf")
        if status != "ok":
            continue  # Drake refuses the input
        # Drake refuses kinematic loops: without the <gazebo> joints that close them
        sdf = urdfsdf.urdf_to_sdf(str(CORPUS / path), open_loops=True)
        status, after = isolated(drake_inertias, sdf, "sdf")
        if status != "ok":
            problems.append(f"{path}: Drake refuses the output ({status}: {after})")
            continue
        compared += 1
        problems += [f"{path}: {d}" for d in inertia_differences(before, after)]
    assert compared >= (150 if FULL else 8)
    assert problems == []


def _sdf_documents() -> Iterator[tuple[str, str, list[str]]]:
    """The SDF rows that urdfsdf reads: path, text and the names of their models (a
    world's too)."""
    for path in _rows("sdf"):
        src = (CORPUS / path).read_text(errors="replace")
        try:
            doc = urdfsdf.read_sdf_document(str(CORPUS / path))
        except urdfsdf.TranslationError:
            continue  # not a valid SDF document
        yield path, src, [m.name for m in doc.models] + [m.name for w in doc.worlds
                                                         for m in w.models]


@requires_corpus
def test_readers_load_every_sdf_to_urdf_output_with_the_same_inertias() -> None:
    pytest.importorskip("pydrake")
    pytest.importorskip("pinocchio")
    pytest.importorskip("mujoco")
    problems, compared = [], 0
    for path, src, names in _sdf_documents():
        for name in names:
            # shapes URDF has no form for (planes) are dropped, with a warning
            result = sdf_to_urdf_result(str(CORPUS / path), name, options=Options(lossy=True))
            if result.text is None:
                continue
            ref = _urdf_root(result.text)
            status, before = isolated(drake_inertias, src, "sdf", ref, name)
            if status != "ok":
                continue  # Drake refuses the input
            status, after = isolated(drake_inertias, result.text, "urdf", ref)
            if status != "ok":
                problems.append(f"{path} {name}: Drake refuses the output ({status}: {after})")
                continue
            compared += 1
            problems += [f"{path} {name}: {d}" for d in inertia_differences(before, after)]
            for reader, load in (("Pinocchio", _pinocchio_loads), ("MuJoCo", _mujoco_loads)):
                status, message = isolated(load, result.text)
                if status != "ok":
                    problems.append(f"{path} {name}: {reader} refuses the output ({message})")
    assert compared >= 5
    assert problems == []


_UNIVERSAL = """<sdf version="1.7"><model name="m">
  <link name="base"><inertial><mass>2</mass></inertial></link>
  <link name="arm"><pose>0 0 -0.5 0 0 0</pose>
    <inertial><mass>0.5</mass>
      <inertia><ixx>0.01</ixx><iyy>0.02</iyy><izz>0.03</izz></inertia></inertial></link>
  <joint name="u" type="universal"><parent>base</parent><child>arm</child>
    <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
</model></sdf>"""


def test_a_split_universal_joint_loads_in_every_reader_with_the_same_inertias() -> None:
    """The middle link is massless (exact inertia in Drake and Pinocchio); MuJoCo,
    which wants mass on every moving body, is given a 1e-9 kg bound by the URDF's
    ``<mujoco><compiler>`` hint."""
    pytest.importorskip("pydrake")
    pytest.importorskip("pinocchio")
    pytest.importorskip("mujoco")
    result = sdf_to_urdf_result(_UNIVERSAL, "m", options=Options(lossy=True))
    assert result.text is not None
    assert [d.code for d in result.diagnostics if d.severity == "warning"] == \
        ["VALUE_APPROXIMATED"]
    status, before = isolated(drake_inertias, _UNIVERSAL, "sdf", "base", "m")
    assert status == "ok", before
    status, after = isolated(drake_inertias, result.text, "urdf", "base")
    assert status == "ok", after
    assert inertia_differences(before, after) == []
    assert after["u_axis2_link"][0] == 0.0
    for load in (_pinocchio_loads, _mujoco_loads):
        status, message = isolated(load, result.text)
        assert status == "ok", message
    # only a split model carries the hint
    plain = urdfsdf.sdf_to_urdf(_UNIVERSAL.replace('type="universal"', 'type="revolute"')
                                .replace("<axis2><xyz>0 1 0</xyz></axis2>", ""))
    assert "<mujoco>" not in plain and result.text.count("<mujoco>") == 1


# -- issue 37: quiet in Drake --------------------------------------------------------


def _drake_warnings(text: str, kind: str, scene_graph: bool = False) -> list[str]:
    """What Drake logs (warnings and up) while it parses ``text``, less the file and line.

    With a ``scene_graph``, Drake reads the visuals and collisions too (and checks the
    children of ``<visual>`` and ``<material>``); their meshes and textures are pointed
    at placeholder files (:func:`_placeholder_files`)."""
    import logging

    from pydrake.multibody.parsing import Parser
    from pydrake.multibody.plant import AddMultibodyPlantSceneGraph, MultibodyPlant
    from pydrake.systems.framework import DiagramBuilder

    found: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                found.append(_WHERE.sub("", record.getMessage()))

    logger = logging.getLogger("drake")
    handler = Collect()
    logger.addHandler(handler)
    if scene_graph:
        builder = DiagramBuilder()  # held, with the plant: the parser keeps neither alive
        plant, _ = AddMultibodyPlantSceneGraph(builder, 0.0)
        text = _placeholder_files(text, kind)
    else:
        plant = MultibodyPlant(0.0)  # held: the parser does not keep it alive
    try:
        Parser(plant).AddModelsFromString(text, kind)
    finally:
        logger.removeHandler(handler)
    return found


_OBJ = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"
#: a URDF mesh's or texture's file (its tag, then the value); an SDF mesh's <uri>
_URDF_FILE = re.compile(r"""(<(mesh|texture)\b[^>]*?\bfilename\s*=\s*)("[^"]*"|'[^']*')""")
_SDF_MESH = re.compile(r"(<mesh>\s*<uri>)[^<]*(</uri>)")
#: an SDF material's texture, in the form Drake reads (issue 50)
_SDF_TEXTURE = re.compile(r"(<drake:diffuse_map\b[^>]*>)[^<]*(</drake:diffuse_map>)")


def _placeholder_files(text: str, kind: str) -> str:
    """``text`` with each mesh a placeholder tetrahedron (an OBJ: Drake takes the convex
    hull of a collision mesh) and each texture an empty PNG, as ``file://`` URIs
    (Drake opens them; the corpus ships no mesh and names packages it lacks).  Replaced
    in the text: some inputs use a namespace prefix they do not declare."""
    folder = tempfile.mkdtemp()
    for name, content in (("mesh.obj", _OBJ), ("texture.png", "")):
        with open(os.path.join(folder, name), "w", encoding="ascii") as fh:
            fh.write(content)
    files = {tag: f"file://{folder}/{name}" for tag, name in (("mesh", "mesh.obj"),
                                                             ("texture", "texture.png"))}
    if kind == "urdf":
        return _URDF_FILE.sub(lambda m: f'{m.group(1)}"{files[m.group(2)]}"', text)
    text = _SDF_TEXTURE.sub(lambda m: f"{m.group(1)}{files['texture']}{m.group(2)}", text)
    return _SDF_MESH.sub(lambda m: f"{m.group(1)}{files['mesh']}{m.group(2)}", text)


_WHERE = re.compile(r"^<literal-string>\.(?:sdf|urdf)(?::\d+)?: (?:warning|error): ")
_UNSUPPORTED = re.compile(r"^Ignoring unsupported SDFormat element in (\w+): (\S+)$")
_SDF_INERTIA = re.compile(r"^(?:warning: )?A link named .* has invalid inertia\.$")
_RADIUS = re.compile(r"^SDFormat Warning \[\w+\.cc:\d+\] Value of <radius> is negative")
_VALUE = re.compile(r"^Unsupported value for SDFormat element \w+: ")
#: where SceneGraph first met a property it ignores: the geometry's name (an unnamed URDF
#: visual's and its SDF name differ; issue 50: a texture is in the SDF too)
_NAMED = re.compile(r"geometry named '[^']*' on a geometry frame named '[^']*'")


def _unexplained(before: list[str], after: list[str], urdf: str) -> list[str]:
    """The warnings of ``after`` (the SDF) that ``before`` (its URDF ``urdf``) lacks.

    Said in other words by each parser, the same finding counts once (whatever the
    geometry it names, :data:`_NAMED`): an inertia Drake
    refuses (``While parsing inertia matrix`` from the URDF), a radius of zero that
    libsdformat reports (the URDF parser reads no shape without a SceneGraph).  What
    the URDF's ``<gazebo>`` blocks give the SDF (``<plugin>``, ``<self_collide>``,
    ``<sensor>``, ``<gravity>false``, Gazebo 0.x elements such as ``<joint:slider>``:
    applied as libsdformat applies them, while Drake's URDF parser skips the blocks
    without a word) is no carrier but the SDF form of the input; a ``urdf:`` element,
    which only the round trip needs, never counts as such.
    """
    left = collections.Counter(_NAMED.sub("geometry named _", m) for m in before)
    after = [_NAMED.sub("geometry named _", m) for m in after]
    inertia = sum(n for m, n in left.items() if "inertia" in m)
    gazebo = "<gazebo" in urdf
    radius = re.search(r'radius="\s*(?:-|0*\.?0*\s*")', urdf) is not None
    out = []
    for message in after:
        if left[message] > 0:
            left[message] -= 1
        elif _SDF_INERTIA.match(message) and inertia > 0:
            inertia -= 1
        elif _RADIUS.match(message) and radius:
            continue
        elif gazebo and (_VALUE.match(message) or (
                (m := _UNSUPPORTED.match(message)) and not m.group(2).startswith("urdf:"))):
            continue
        else:
            out.append(message)
    return out


def _converted_urdfs(keep: Callable[[str], bool] | None = None
                     ) -> Iterator[tuple[str, str, str]]:
    """(path, URDF text, urdf2sdf output) of a sample of the corpus URDFs (those whose
    text ``keep`` accepts), of ``tests/corpus_extra``'s and of ``every_element.urdf``;
    those urdf2sdf refuses left out."""
    paths = sample([r["path"] for r in corpus_rows() if r["format"] == "urdf" and (
        keep is None or keep((CORPUS / r["path"]).read_text(errors="replace")))], 16) + [
        str(p) for p in sorted((ROOT / "tests" / "corpus_extra").glob("*.urdf"))] + [
        str(SAMPLES / "every_element.urdf")]
    for path in paths:
        result = urdf_to_sdf_result(str(CORPUS / path))
        if result.text is not None:
            yield path, (CORPUS / path).read_text(errors="replace"), result.text


@requires_corpus
def test_drake_warns_of_nothing_in_an_urdf_to_sdf_output_it_does_not_in_the_input() -> None:
    """Issue 37: no carrier is where Drake looks (xml/carried.py)."""
    pytest.importorskip("pydrake")
    problems, compared = [], 0
    for path, src, text in _converted_urdfs():
        status, before = isolated(_drake_warnings, src, "urdf")
        if status != "ok":
            continue  # Drake refuses the input
        status, after = isolated(_drake_warnings, text, "sdf")
        if status != "ok":
            problems.append(f"{path}: Drake refuses the output ({status}: {after})")
            continue
        compared += 1
        problems += [f"{path}: {m}" for m in _unexplained(before, after, src)]
    assert compared >= (150 if FULL else 10)
    assert problems == []


@requires_corpus
def test_drake_with_a_scene_graph_warns_of_nothing_in_an_output_the_input_does_not_draw() -> None:
    """Issue 37: the same with a SceneGraph, where Drake reads the visuals and checks the
    children of ``<visual>`` and ``<material>``: a URDF material (its name, colour,
    texture) travels in attributes of the visual (xml/carried.py).  Where Drake refuses
    the input, the output still draws no warning about a ``urdf:`` carrier.  What a
    shape or a material holds beyond URDF's elements is in attributes of it, or in
    ``<urdf:shape>`` in the link's ``<inertial>`` (xml/carried_shape.py)."""
    pytest.importorskip("pydrake")
    problems, compared = [], 0
    for path, src, text in _converted_urdfs(lambda corpus_text: "<material" in corpus_text):
        refused, before = isolated(_drake_warnings, src, "urdf", True)
        status, after = isolated(_drake_warnings, text, "sdf", True)
        if refused != "ok":  # Drake refuses the input: no carrier is reported
            problems += [f"{path}: {m}" for m in after if "urdf:" in m
                         ] if status == "ok" else []
            continue
        if status != "ok":
            problems.append(f"{path}: Drake refuses the output ({status}: {after})")
            continue
        compared += 1
        problems += [f"{path}: {m}" for m in _unexplained(before, after, src)]
    assert compared >= (100 if FULL else 10)
    assert problems == []


def _console(load: Callable[[str], Any], text: str) -> str:
    """What ``load(text)`` prints on the process's stderr (urdfdom's and MuJoCo's consoles
    write there from C++): run in a forked child (:func:`isolated`)."""
    import sys

    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as fh:
        os.dup2(fh.fileno(), 2)
        try:
            load(text)
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        fh.seek(0)
        return fh.read().decode(errors="replace")


@requires_corpus
def test_readers_warn_of_nothing_in_an_sdf_to_urdf_output_the_input_does_not_draw() -> None:
    """Issue 37: Drake logs no warning on an sdf2urdf output that it does not log on the
    SDF input; Pinocchio and MuJoCo print nothing while they load it."""
    pytest.importorskip("pydrake")
    pytest.importorskip("pinocchio")
    pytest.importorskip("mujoco")
    problems, compared = [], 0
    for path, src, names in _sdf_documents():
        status, before = isolated(_drake_warnings, src, "sdf")
        if status != "ok":
            continue  # Drake refuses the input
        for name in names:
            result = sdf_to_urdf_result(str(CORPUS / path), name, options=Options(lossy=True))
            if result.text is None:
                continue
            status, after = isolated(_drake_warnings, result.text, "urdf")
            if status != "ok":
                continue  # the inertia test reports it
            compared += 1
            left = collections.Counter(before)
            for message in after:
                if left[message] > 0:
                    left[message] -= 1
                else:
                    problems.append(f"{path} {name}: Drake: {message}")
            for reader, load in (("Pinocchio", _pinocchio_loads), ("MuJoCo", _mujoco_loads)):
                status, printed = isolated(_console, load, result.text)
                printed = _unscoped_names_dropped(printed, result.text)
                if status == "ok" and printed.strip():
                    problems.append(f"{path} {name}: {reader}: {printed.strip()[:300]}")
    assert compared >= 5
    assert problems == []


_DUPLICATE_GEOM = re.compile(r"WARNING: Geom with duplicate name '([^']*)' encountered in URDF, "
                             r"creating an unnamed geom\.")


def _unscoped_names_dropped(printed: str, urdf: str) -> str:
    """``printed`` less MuJoCo's warnings about a visual or collision name that two links
    of ``urdf`` share: URDF and SDFormat scope those names by link (the SDF input has them
    too); MuJoCo names geoms model-wide."""
    names = collections.Counter(el.get("name") for el in etree.fromstring(urdf.encode()).iter(
        "visual", "collision"))
    return _DUPLICATE_GEOM.sub(lambda m: "" if names[m.group(1)] > 1 else m.group(0), printed)
