"""Interop with the Python URDF libraries ROS users already have (optional extras).

- ``urdf_parser_py`` (PyPI ``urdfdom-py``): :func:`to_urdf_parser_py` and
  :func:`from_urdf_parser_py`.
- ``urchin`` (the maintained urdfpy fork, extra ``urdfsdf[urdfpy]``):
  :func:`to_urchin` loads with ``lazy_load_meshes=True`` (meshes are absent
  or untrusted more often than not).  There is no ``from_urchin``: urchin
  serialises only through ``save()``, which also writes mesh files, and
  urdfsdf never calls it.

Every function accepts URDF, xacro or SDF input (path or text), converted
with :func:`urdfsdf.ros.robot_description`.  The libraries are imported
lazily, only when these functions are called.

- ``networkx`` (extra ``urdfsdf[networkx]``): :func:`to_networkx` gives the
  kinematic tree and the two frame graphs of a model (``attached_to``,
  ``relative_to``) as ``networkx.DiGraph`` graphs, each node with its resolved pose;
  :func:`to_graphml` writes them (``urdfsdf graph --format graphml``).  The
  conversions never use networkx: their graph walks stay plain dict walks.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from urdfsdf.core import transforms as tf
from urdfsdf.core.diagnostics import Diagnostics, TranslationError
from urdfsdf.core.ir import Joint, Model, SdfDocument
from urdfsdf.core.transforms import Transform
from urdfsdf.ros import robot_description
from urdfsdf.xml.parse import Source

if TYPE_CHECKING:
    from urdfsdf.document import Document
    from urdfsdf.sdf.frames import Scope


def _need(module: str, extra: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError as exc:
        raise ImportError(f"{module} is not installed: pip install 'urdfsdf[{extra}]' "
                          f"(or the package that provides it)") from exc


def to_urdf_parser_py(source: Source, model: str | None = None) -> Any:
    """A ``urdf_parser_py.urdf.URDF`` of a URDF, xacro or SDF input."""
    urdf = _need("urdf_parser_py.urdf", "urdfdom-py")
    return urdf.URDF.from_xml_string(robot_description(source, model))


def from_urdf_parser_py(robot: Any) -> Model:
    """The urdfsdf IR of a ``urdf_parser_py.urdf.URDF`` object."""
    from urdfsdf import read_urdf

    text = robot.to_xml_string()
    return read_urdf(text if isinstance(text, str) else text.decode("utf-8"))


def to_urchin(source: Source, model: str | None = None, base_dir: str = ".") -> Any:
    """An ``urchin.URDF`` of a URDF, xacro or SDF input (meshes loaded lazily).

    ``base_dir`` is where urchin resolves relative mesh paths.
    """
    urchin = _need("urchin", "urdfpy")
    data = io.BytesIO(robot_description(source, model).encode("utf-8"))
    data.name = os.path.join(base_dir, "robot.urdf")  # urchin reads the folder from it
    return urchin.URDF.load(data, lazy_load_meshes=True)


class FrameGraphs(NamedTuple):
    """The graphs of one model, as ``networkx.DiGraph`` graphs.

    Nodes carry ``kind`` (``link``, ``joint``, ``frame``, ``model``, ``root``) and
    their resolved pose, ``x y z`` (m) and ``roll pitch yaw`` (rad), in the model
    frame (SDF: ``__model__``; URDF: the root link), absent where it does not
    resolve.  Names are scoped into nested models (``inner::link``); a nested model's
    own frame is its node in the outer model (``inner``).  Each graph's ``name``,
    ``model`` and ``pose_frame`` say what it is.

    - ``kinematic``: links, an edge parent link -> child link per joint (``joint``,
      ``type``; ``world`` is a node when a joint starts there);
    - ``attached_to``: each frame -> what it is attached to (joint -> child,
      ``__model__`` -> canonical link, //frame/@attached_to);
    - ``relative_to``: each frame -> the frame its pose is measured in.

    A URDF's frame graphs are derived from its tree, as in its SDF parity form:
    links and joints; joint -> child link (attached_to); joint -> parent link and
    child link -> joint (relative_to).
    """

    kinematic: Any
    attached_to: Any
    relative_to: Any


def to_networkx(source: Source, model: str | None = None) -> FrameGraphs:
    """The kinematic tree and frame graphs of a URDF, xacro or SDF input (:class:`FrameGraphs`).

    ``model`` picks a model of an SDF document (default: its first; a world's too).
    Raises :class:`~urdfsdf.TranslationError` when the input is invalid.
    """
    from urdfsdf.document import load_document

    diags = Diagnostics()
    doc = load_document(source, diags)
    graphs = graphs_of(doc, diags, model) if doc is not None and not diags.has_errors() \
        else None
    if graphs is None:
        raise TranslationError(diags.items)
    return graphs


def graphs_of(doc: Document, diags: Diagnostics, model: str | None = None
              ) -> FrameGraphs | None:
    """:class:`FrameGraphs` of a document already read; None with errors in ``diags``."""
    nx = _need("networkx", "networkx")
    if doc.urdf is not None:
        return _urdf_graphs(nx, doc.urdf)
    if doc.sdf is None:
        return None
    from urdfsdf.sdf.frames import analyze

    sem = analyze(doc.sdf, diags)
    if diags.has_errors():
        return None
    name = _model_name(doc.sdf, model, sem.models, diags)
    return _sdf_graphs(nx, sem.models[name]) if name is not None else None


def _model_name(sdf: SdfDocument, model: str | None, analyzed: Mapping[str, Scope],
                diags: Diagnostics) -> str | None:
    """``model`` if the document has it, else its first model (its own, then its
    worlds'); None, with an error, when there is none (or it was not analyzed)."""
    names = [m.name for m in sdf.every_model()]
    name = model if model is not None else (names[0] if names else None)
    if name is None or name not in names or name not in analyzed:
        what = f"no model {model!r}" if model is not None else "no model"
        diags.error("ARGUMENT_INVALID" if model is not None else "ELEMENT_MISSING",
                    f"{what} in the SDF document")
        return None
    return name


def _graph(nx: Any, kind: str, model: str, frame: str) -> Any:
    return nx.DiGraph(name=kind, model=model, pose_frame=frame)


def _pose_attrs(x: Transform | None) -> dict[str, float]:
    if x is None:
        return {}
    xyz, rpy = tf.to_xyz_rpy(x)
    return dict(zip(("x", "y", "z", "roll", "pitch", "yaw"), (*xyz, *rpy), strict=True))


def _urdf_graphs(nx: Any, model: Model) -> FrameGraphs:
    """A URDF: poses along the tree from the root link (its kinematic frame)."""
    up = {j.child: j for j in model.joints}
    pose = _urdf_poses(model, up)
    root = next((link.name for link in model.links if link.name not in up), "")
    kin, att, rel = (_graph(nx, k, model.name, root)
                     for k in ("kinematic", "attached_to", "relative_to"))
    for link in model.links:
        attrs = {"kind": "link", **_pose_attrs(pose.get(link.name))}
        for g in (kin, att, rel):
            g.add_node(link.name, **attrs)
    for j in model.joints:
        kin.add_edge(j.parent, j.child, joint=j.name, type=j.type)
        attrs = {"kind": "joint", **_pose_attrs(pose.get(j.child))}
        for g in (att, rel):
            g.add_node(j.name, **attrs)
        att.add_edge(j.name, j.child)
        rel.add_edge(j.name, j.parent)
        rel.add_edge(j.child, j.name)
    return FrameGraphs(kin, att, rel)


def _urdf_poses(model: Model, up: dict[str, Joint]) -> dict[str, Transform]:
    """Each link's pose relative to its tree's root, the joint origins composed."""
    pose: dict[str, Transform] = {}
    for link in model.links:  # iterative: parents first, each pose once
        chain = []
        cur = link.name
        while cur not in pose and cur in up and up[cur].parent != cur and cur not in chain:
            chain.append(cur)
            cur = up[cur].parent
        base = pose.setdefault(cur, tf.IDENTITY)
        for name in reversed(chain):
            base = pose[name] = tf.compose(base, tf.pose_transform(up[name].pose))
    return pose


def _sdf_graphs(nx: Any, top: Scope) -> FrameGraphs:
    """An SDF model and its nested ones, posed in the model frame."""
    kin, att, rel = (_graph(nx, k, top.scoped_name, "__model__")
                     for k in ("kinematic", "attached_to", "relative_to"))
    nested = len(top.scoped_name) + 2
    for s in top.walk():
        prefix = "" if s is top else s.scoped_name[nested:] + "::"
        _add_vertices(top, s, prefix, kin, (att, rel))
        _add_frame_edges(s, prefix, att, rel)
        _add_joint_edges(s, prefix, kin)
    return FrameGraphs(kin, att, rel)


def _node(name: str, prefix: str, root: str) -> str:
    """The node of a scope's frame ``name``: scoped by ``prefix``; a nested model's own
    frame (``root``) is its vertex in the outer model."""
    return prefix[:-2] if prefix and name == root else prefix + name


def _add_vertices(top: Scope, s: Scope, prefix: str, kin: Any, frame_graphs: tuple[Any, ...]
                  ) -> None:
    """A node per frame of scope ``s`` in the frame graphs (links in ``kin`` too)."""
    for name, v in s.vertices.items():
        ref = _node(name, prefix, s.root)
        attrs = {"kind": "model" if prefix and name == s.root else v.kind,
                 **_pose_attrs(top.pose_of(ref))}
        for g in frame_graphs:
            g.add_node(ref, **_merge(g, ref, attrs))
        if v.kind == "link":
            kin.add_node(ref, **attrs)


def _add_frame_edges(s: Scope, prefix: str, att: Any, rel: Any) -> None:
    """The attached_to and relative_to edges of scope ``s``'s frames."""
    for name, v in s.vertices.items():
        src = _node(name, prefix, s.root)
        target = v.att_ref or v.att
        if target is not None and target != name:
            att.add_edge(src, _node(target, prefix, s.root) if v.att_ref is None
                         else prefix + target)
        target = v.rel_ref or v.rel
        if target is not None and name != s.root:
            rel.add_edge(src, _node(target, prefix, s.root) if v.rel_ref is None
                         else prefix + target)


def _add_joint_edges(s: Scope, prefix: str, kin: Any) -> None:
    """An edge of ``kin`` per joint of scope ``s`` (``world`` a node when one starts there)."""
    from urdfsdf.sdf.names import WORLD

    for jname, joint in s.joints.items():
        parent, child = s.joint_bodies(jname)
        if parent is None or child is None:
            continue
        parent = parent if parent == WORLD else prefix + parent
        if parent == WORLD and WORLD not in kin:
            kin.add_node(WORLD, kind="root")
        kin.add_edge(parent, prefix + child, joint=prefix + jname, type=joint.type)


def _merge(g: Any, ref: str, attrs: dict[str, Any]) -> dict[str, Any]:
    """A nested model's node: the outer model's entry (kind "model") wins."""
    if ref in g and g.nodes[ref].get("kind") == "model":
        return {}
    return attrs


def to_graphml(graphs: FrameGraphs | Iterable[Any]) -> str:
    """One GraphML document holding each graph (``<graph id="kinematic">``, ...)."""
    nx = _need("networkx", "networkx")
    writer = nx.readwrite.graphml.GraphMLWriter(encoding="utf-8")
    for g in graphs:
        copy = g.copy()
        copy.graph["id"] = g.graph.get("name", "")  # the writer takes (pops) the id
        writer.add_graph_element(copy)
    return str(writer)
