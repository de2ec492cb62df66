"""``urdfsdf graph``: a picture of the kinematic tree and the frame graphs.

Writes Graphviz DOT; ``.svg``/``.png``/``.pdf`` outputs are rendered with the
``dot`` program (Debian package ``graphviz``) when it is installed.  With
``--format graphml`` (or a ``.graphml`` output) it writes one model's graphs as
GraphML instead (:func:`urdfsdf.interop.to_networkx`, with networkx), each node
with its resolved pose; that needs a valid file.

Legend: links are boxes, joints ellipses, explicit frames notes, nested
models folders, ``__model__``/``world`` double circles.  Edges:

- bold black: the kinematic tree (parent link -> joint -> child link); a URDF's
  ``<gazebo>`` joints dashed, labelled (``closes a loop`` when they do);
- solid blue: ``attached_to`` (frame -> what it is attached to);
- dashed green: ``relative_to`` (where a pose is measured from);
- red: an invalid edge (a name that does not exist, or part of a cycle);
  a missing target is drawn as a red ``?name`` node.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterable, Iterator

from urdfsdf.core.diagnostics import Diagnostic, Diagnostics
from urdfsdf.core.ir import Frame, Model, World
from urdfsdf.document import load_document
from urdfsdf.sdf.frames import Scope, Semantics, analyze
from urdfsdf.sdf.includes import IncludeConfig
from urdfsdf.sdf.names import MODEL_FRAME, WORLD
from urdfsdf.xml.parse import Source

SHAPES = {"link": "box", "joint": "ellipse", "frame": "note", "model": "folder",
          "root": "doublecircle"}
RED = "#d62728"


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Dot:
    def __init__(self) -> None:
        self.lines = ["digraph frames {", "  rankdir=BT;", "  compound=true;",
                      '  node [fontname="Helvetica", fontsize=10];',
                      '  edge [fontname="Helvetica", fontsize=8];']

    def add(self, line: str) -> None:
        self.lines.append("  " + line)

    def text(self) -> str:
        return "\n".join([*self.lines, "}"]) + "\n"


def _legend(dot: _Dot) -> None:
    dot.add('subgraph cluster_legend { label="legend"; fontsize=9; style=dotted;')
    dot.add('  node [shape=point, width=0.05]; edge [fontsize=8];')
    for i, (label, style) in enumerate((
            ("kinematic tree", "style=bold"), ("attached_to", "color=blue"),
            ("relative_to", "color=darkgreen, style=dashed"),
            ("invalid (missing name, cycle)", f'color="{RED}", penwidth=2'))):
        dot.add(f'  lg{i}a -> lg{i}b [label="{label}", {style}];')
    dot.add("}")


def _scope_dot(dot: _Dot, scope: Scope, prefix: str) -> None:
    """One cluster per model scope (or world), with its vertices and both graphs."""
    def node(name: str) -> str:
        return _q(f"{prefix}{name}")

    dot.add(f"subgraph {_q('cluster_' + prefix + scope.scoped_name)} {{")
    dot.add(f"  label={_q(('world ' if scope.kind == 'world' else 'model ') + scope.scoped_name)};")
    for name, v in scope.vertices.items():
        bad = scope.pose(name) is None
        color = f', color="{RED}", fontcolor="{RED}"' if bad else ""
        dot.add(f"  {node(name)} [label={_q(name)}, shape={SHAPES[v.kind]}{color}];")
    dot.add("}")
    missing: set[str] = set()
    if scope.model is not None:
        _tree_dot(dot, scope, scope.model, node, missing)
    _frame_graphs_dot(dot, scope, node, missing)


def _tree_dot(dot: _Dot, scope: Scope, model: Model, node: Callable[[str], str],
              missing: set[str]) -> None:
    """The kinematic tree: parent link -> joint -> child link, edges to a missing end red."""
    for joint in model.joints:
        if joint.name not in scope.vertices:
            continue
        if joint.parent == WORLD and WORLD not in missing:
            missing.add(WORLD)
            dot.add(f"{node(WORLD)} [label=world, shape=doublecircle];")
        for a, b in ((joint.parent, joint.name), (joint.name, joint.child)):
            valid = True
            for end in (a, b):
                if end not in scope.vertices and end != WORLD:
                    _missing(dot, node, end, missing)
                    valid = False
            red = "" if valid else f', color="{RED}", penwidth=2'
            dot.add(f"{node(a)} -> {node(b)} [style=bold{red}];")


def _frame_graphs_dot(dot: _Dot, scope: Scope, node: Callable[[str], str],
                      missing: set[str]) -> None:
    """attached_to and relative_to, as written (defaults included), invalid ones red."""
    for name, target, kind in _edges(scope):
        ok = target in scope.vertices
        if not ok:
            _missing(dot, node, target, missing)
        bad = not ok or (scope.pose(name) is None if kind == "rel" else scope.body(name) is None)
        style = "color=blue" if kind == "att" else "color=darkgreen, style=dashed"
        if bad:
            style += f', color="{RED}", fontcolor="{RED}", penwidth=2'
        dot.add(f"{node(name)} -> {node(target)} [{style}];")


def _missing(dot: _Dot, node: Callable[[str], str], name: str, seen: set[str]) -> None:
    if name in seen:
        return
    seen.add(name)
    dot.add(f'{node(name)} [label={_q("?" + name)}, shape=plaintext, fontcolor="{RED}"];')


def _edges(scope: Scope) -> Iterable[tuple[str, str, str]]:
    """(vertex, target, "att" or "rel") for every frame-graph edge as written."""
    if scope.kind == "model" and scope.model is not None:
        yield from _model_edges(scope, scope.model)
    if scope.kind == "world" and scope.world is not None:
        yield from _world_edges(scope.world)


def _model_edges(scope: Scope, model: Model) -> Iterator[tuple[str, str, str]]:
    if scope.canonical_link and not scope.static:
        yield MODEL_FRAME, scope.canonical_link.split("::")[0], "att"
    for link in model.links:
        yield link.name, link.pose.relative_to or MODEL_FRAME, "rel"
    for nested in model.models:
        yield nested.name, nested.pose.relative_to or MODEL_FRAME, "rel"
    for joint in model.joints:
        yield joint.name, joint.child, "att"
        yield joint.name, joint.pose.relative_to or joint.child, "rel"
    yield from _frame_edges(model.frames, MODEL_FRAME)


def _world_edges(world: World) -> Iterator[tuple[str, str, str]]:
    for m in world.models:
        yield m.name, m.pose.relative_to or WORLD, "rel"
    yield from _frame_edges(world.frames, WORLD)


def _frame_edges(frames: Iterable[Frame], root: str) -> Iterator[tuple[str, str, str]]:
    """Each explicit frame's attached_to and relative_to (defaults: ``root``)."""
    for frame in frames:
        yield frame.name, frame.attached_to or root, "att"
        yield frame.name, frame.pose.relative_to or frame.attached_to or root, "rel"


def dot_of_semantics(sem: Semantics, model: str | None = None) -> str:
    """DOT text for every scope of an analysed SDF document (or only ``model``'s)."""
    dot = _Dot()
    _legend(dot)
    scopes = [sem.models[model]] if model is not None else \
        [*sem.worlds.values(), *sem.models.values()]
    for i, scope in enumerate(scopes):
        _scope_dot(dot, scope, f"s{i}:")
    return dot.text()


def dot_of_urdf(model: Model) -> str:
    """DOT text of a URDF's kinematic tree (URDF has no separate frame graphs), and the
    SDF joints of its ``<gazebo>`` blocks, which urdf2sdf applies as libsdformat does:
    dashed, labelled ``<gazebo>`` (and "closes a loop" where their child link already
    has a joint)."""
    dot = _Dot()
    dot.add(f"label={_q('robot ' + model.name)};")
    for link in model.links:
        dot.add(f"{_q(link.name)} [shape=box];")
    for joint in model.joints:
        dot.add(f"{_q('j:' + joint.name)} [label={_q(joint.name + ' (' + joint.type + ')')}, "
                "shape=ellipse];")
        dot.add(f"{_q(joint.parent)} -> {_q('j:' + joint.name)} [style=bold];")
        dot.add(f"{_q('j:' + joint.name)} -> {_q(joint.child)} [style=bold];")
    has_joint = {j.child for j in model.joints}
    for name, kind, parent, child in _gazebo_joints(model):
        loop = child in has_joint
        has_joint.add(child)
        label = f"{name} ({kind}, <gazebo>{', closes a loop' if loop else ''})"
        node = _q("g:" + name)
        dot.add(f"{node} [label={_q(label)}, shape=ellipse, style=dashed];")
        dot.add(f"{_q(parent)} -> {node} [style=dashed];")
        dot.add(f"{node} -> {_q(child)} [style=dashed];")
    return dot.text()


def _gazebo_joints(model: Model) -> Iterator[tuple[str, str, str, str]]:
    """(name, type, parent, child) of each SDF ``<joint>`` of the URDF's ``<gazebo>``
    blocks without reference, in order."""
    from urdfsdf.xml.parse import from_string

    for x in model.extras:
        if x.tag != "gazebo" or "<joint" not in x.xml:
            continue
        block = from_string(x.xml)
        if block.get("reference"):
            continue
        for el in block.iter("joint"):
            if el.getparent() is block:
                yield (el.get("name") or "", el.get("type") or "",
                       (el.findtext("parent") or "").strip(),
                       (el.findtext("child") or "").strip())


def graph_source(source: Source, file: str | None = None,
                 includes: IncludeConfig | None = None,
                 model: str | None = None) -> tuple[str | None, Diagnostics]:
    """DOT text of a URDF or SDF file (its diagnostics too: invalid files still draw);
    ``model``: only that model of an SDF file."""
    diags = Diagnostics()
    doc = load_document(source, diags, file, includes=includes)
    if doc is None:
        return None, diags
    if doc.format == "urdf":
        if model is not None:
            model_ignored(diags, model)
        return (dot_of_urdf(doc.urdf) if doc.urdf is not None else None), diags
    if doc.sdf is None:
        return None, diags
    sem = analyze(doc.sdf, diags)
    if model is not None and model not in sem.models:
        diags.error("ARGUMENT_INVALID", f"no model {model!r} in the SDF document")
        return None, diags
    return dot_of_semantics(sem, model), diags


def model_ignored(diags: Diagnostics, model: str) -> None:
    """The warning that ``--model`` does not apply to a URDF (which holds one robot)."""
    diags.warning("ARGUMENT_INVALID", f"--model {model}: a URDF holds one robot (--model "
                  "picks a model of an SDF file); ignored")


def graphml_source(source: Source, file: str | None = None, model: str | None = None,
                   includes: IncludeConfig | None = None) -> tuple[str | None, Diagnostics]:
    """GraphML of a URDF or SDF file's graphs (None, with diagnostics: invalid input, or
    networkx missing)."""
    from urdfsdf.interop import graphs_of, to_graphml

    diags = Diagnostics()
    doc = load_document(source, diags, file, includes=includes)
    if doc is None or diags.has_errors():
        return None, diags
    if doc.format == "urdf" and model is not None:
        model_ignored(diags, model)
    try:
        graphs = graphs_of(doc, diags, model)
        return (to_graphml(graphs) if graphs is not None else None), diags
    except ImportError as exc:
        diags.error("NETWORKX_UNAVAILABLE", str(exc))
        return None, diags


def render(dot_text: str, output: str) -> Diagnostic | None:
    """Write ``output`` (.dot as is; other suffixes through Graphviz); None, or the error:
    ``OUTPUT_REFUSED`` (a .dot file that cannot be written), ``GRAPHVIZ_UNAVAILABLE``
    (no ``dot`` program) or ``GRAPHVIZ_FAILED``."""
    from urdfsdf.commands.files import write_output

    fmt = output.rsplit(".", 1)[-1].lower() if "." in output else "dot"
    if fmt in ("dot", "gv"):
        problem = write_output(output, dot_text)
        return None if problem is None else Diagnostic("OUTPUT_REFUSED", "error", problem,
                                                       output)
    exe = shutil.which("dot")
    if exe is None:
        return Diagnostic("GRAPHVIZ_UNAVAILABLE", "error", "Graphviz is not installed "
                          "(Debian: apt-get install graphviz); write a .dot file instead",
                          output)
    try:
        result = subprocess.run([exe, f"-T{fmt}", "-o", output], input=dot_text.encode(),
                                capture_output=True, check=False, timeout=120)
    except (OSError, subprocess.SubprocessError) as exc:  # cannot run, or too slow
        return Diagnostic("GRAPHVIZ_FAILED", "error", f"Graphviz failed: {exc}", output)
    if result.returncode != 0:
        return Diagnostic("GRAPHVIZ_FAILED", "error", "Graphviz failed: "
                          f"{result.stderr.decode(errors='replace').strip()}", output)
    return None
