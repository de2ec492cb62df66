"""Parameter passing: ``//include/experimental:params`` applied to an included model.

SDFormat 1.9 proposal "parameter passing", as libsdformat implements it
(``src/ParamPassing.cc``, tests ``test/integration/param_passing.cc``): each child of
``<experimental:params>`` names an element of the included model by its
``element_id``, a ``::``-scoped name relative to that model (``chassis::lidar_visual``;
``""``: the included model itself), and says what to do with it in ``action``:

- ``add``: ``element_id`` names the parent; the element (with a non-empty ``name``)
  is appended to it.  A sibling of the same tag and name is ``DUPLICATE_NAME``
  (plugins excepted: they may be cloned).
- ``modify``: attributes are set (those SDFormat defines for the element, and
  namespaced ones; any other is ``ATTRIBUTE_INVALID``), children are matched by tag
  (and ``name`` when given) and modified in turn; a value element's text replaces
  the value, an empty one resets it to its default.
- ``remove``: the element goes; with children, only those sub-elements go.
- ``replace``: the element is replaced by the given one.
- no ``action``: each child carries its own action, relative to the element.

Elements added or replacing others are checked as libsdformat reads them: defined
where they go (else ``ELEMENT_INVALID``), with their required attributes (else
``ATTRIBUTE_MISSING`` and ``ELEMENT_INVALID``), valid values; ``element_id`` and
``action`` are stripped, and so are attributes SDFormat does not define (namespaced
ones are kept).  A bad parameter is reported and skipped; the others still apply.

The element tables (value types and defaults, attributes, required attributes) come
from the SDFormat 1.9 description files, reduced to ``params_1_9.json`` by
:func:`generate` (``python -m urdfsdf.sdf.params DIR``); which children an element
allows comes from :mod:`urdfsdf.sdf.schema`.

The parameters are applied to the included file's tree before the reader reads it.
libsdformat applies them to the included model with its own ``<include>``s already
expanded, so an ``element_id`` may reach into a nested included model
(``top_model::top_camera::link``): here such a parameter is handed down, its
``element_id`` made relative, to that ``<include>`` (:func:`apply_params` returns
them), and applied when the nested file is read.  No file is read here: the name of
a nested ``<include>`` without ``<name>`` is asked of the caller.

Not done: an ``element_id`` reaching into a merge-include (``merge="true"``), and
parameters for an included URDF (a warning).  Files older than 1.7 are changed as
written, before their conversion (libsdformat: after).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from copy import deepcopy
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.record import record
from urdfsdf.sdf.schema import node_children as schema_children
from urdfsdf.sdf.schema import print_table
from urdfsdf.sdf.schema import table as schema_table
from urdfsdf.sdf.values import collapsed, is_boolean, is_true
from urdfsdf.xml.namespaces import EXPERIMENTAL_NS, EXPERIMENTAL_PREFIX
from urdfsdf.xml.parse import children, first_child, line_of, local, qname

ACTIONS = ("add", "modify", "remove", "replace")
#: the attributes a parameter carries for the translator, never copied
_CONTROL = ("element_id", "action")
#: elements that may be added next to one of the same name (ParamPassing.cc: plugin clones)
_CLONABLE = ("plugin",)
#: the name of the included model of a nested ``<include>`` (None: unknown)
IncludeName = Callable[[etree._Element], "str | None"]


@record
class Param:
    """One child of ``<experimental:params>``, to apply to an included model."""

    #: the element as written (never changed)
    el: etree._Element
    #: ``element_id`` relative to the model it applies to (None: the attribute is missing)
    element_id: str | None
    #: the file it is written in (diagnostics); None: the collector's own file
    file: str | None = None
    #: handed down to a nested include named by the whole ``element_id``: it names
    #: that model itself
    whole: bool = False


def is_params(el: etree._Element) -> bool:
    """True for ``<experimental:params>`` (declared or not, as TinyXML reads names)."""
    tag = el.tag
    if not isinstance(tag, str) or local(el) != "params":
        return False
    return el.prefix == EXPERIMENTAL_PREFIX or tag.startswith("{" + EXPERIMENTAL_NS + "}")


def params_of(include: etree._Element, file: str | None = None) -> list[Param]:
    """The parameters written in ``include``'s ``<experimental:params>`` children, in order."""
    out: list[Param] = []
    for block in children(include):
        if is_params(block):
            out.extend(Param(c, c.get("element_id"), file) for c in children(block))
    return out


def included_model(root: etree._Element) -> etree._Element | None:
    """The model an included document offers: the first ``<model>`` of its ``<sdf>``."""
    if root.tag not in ("sdf", "gazebo"):
        return None
    return first_child(root, "model")


def apply_params(model: etree._Element, params: Sequence[Param], include_name: IncludeName,
                 diags: Diagnostics) -> dict[etree._Element, list[Param]]:
    """Apply ``params`` to ``model`` (an included model's element, changed in place).

    Returns the parameters handed down to the model's own ``<include>`` children
    (by element), their ``element_id`` made relative to the model those include.
    """
    applier = _Applier(model, include_name, diags)
    for p in params:
        applier.apply(p)
    return applier.pushed


# -- the element tables ---------------------------------------------------------------


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """The shipped ``params_1_9.json`` (read on first use)."""
    text = resources.files("urdfsdf.sdf").joinpath("params_1_9.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _leaf(parent: str | None, tag: str) -> tuple[str, str] | None:
    """(type, default) of the value element ``tag`` under ``parent``; None: not one."""
    leaves = tables()["leaves"]
    found = leaves.get(f"{parent}/{tag}") or leaves.get(tag)
    return (str(found[0]), str(found[1])) if found else None


def _defined_attributes(tag: str) -> tuple[str, ...] | None:
    """The attributes SDFormat defines for ``tag`` (None: not an element it describes)."""
    attrs = tables()["attributes"].get(tag)
    if attrs is not None:
        return tuple(attrs)
    return () if tag in _known_tags() else None


@lru_cache(maxsize=1)
def _known_tags() -> frozenset[str]:
    """Every element name SDFormat describes, anywhere."""
    names: set[str] = set(tables()["leaves"]) | set(tables()["attributes"])
    todo: list[dict[str, Any]] = list(schema_table()["files"].values())
    for f in todo:
        names.add(str(f.get("name", "")))
    while todo:
        node = todo.pop()
        for name, kid in node.get("c", {}).items():
            names.add(name)
            todo.append(kid)
    return frozenset(n.rsplit("/", 1)[-1] for n in names if n)


def _allowed_children(el: etree._Element) -> set[str] | None:
    """The child tags SDFormat defines for ``el`` (None: unknown, or any content).

    ``el``'s description is found from the outermost element above it (up to the
    document, the ``<include>`` or the ``<experimental:params>``) down; where that
    path breaks (a nested model's description is its file's), from the element's
    own description file.
    """
    tags: list[str] = []
    node: etree._Element | None = el
    while node is not None and isinstance(node.tag, str) and node.tag not in ("sdf", "include") \
            and not is_params(node):
        if _custom(node):
            return None
        tags.append(local(node))
        node = node.getparent()
    desc: dict[str, Any] | None = None
    for tag in reversed(tags):
        found: dict[str, Any] | None = None
        if desc is not None:
            kids = schema_children(desc)
            if kids is None:
                return None
            found = kids.get(tag)
        if not found:
            found = _description(tag) or found
        desc = found
        if desc is None:
            return None
    if desc is None:
        return None
    kids = schema_children(desc)
    return None if kids is None else set(kids)


def _description(tag: str) -> dict[str, Any] | None:
    """The description file of the element ``tag`` (``link.sdf`` for link), if any."""
    files: dict[str, dict[str, Any]] = schema_table()["files"]
    return files.get(tag) if files.get(tag, {}).get("name") == tag else next(
        (f for f in files.values() if f["name"] == tag), None)


def _custom(el: etree._Element) -> bool:
    """A namespaced (custom) element: allowed anywhere, with any attribute."""
    return isinstance(el.tag, str) and (el.prefix is not None or el.tag.startswith("{"))


def _attr_name(el: etree._Element, key: str) -> str:
    """An attribute's name as written (``custom:test``)."""
    if not key.startswith("{"):
        return key
    uri, _, name = key[1:].partition("}")
    prefix = next((p for p, u in el.nsmap.items() if u == uri and p), None)
    return f"{prefix}:{name}" if prefix else name


def _valid_value(kind: str, text: str) -> bool:
    """``text`` is a value of the SDFormat type ``kind`` (Param.cc's parsing, leniently)."""
    words = text.split()
    counts = {"double": (1,), "float": (1,), "vector3": (3,), "vector2d": (2,),
              "color": (3, 4), "pose": (6, 7), "time": (1, 2)}
    if kind in counts:
        if len(words) not in counts[kind]:
            return False
        try:
            return all(not math.isnan(float(w)) or w.lower() == "nan" for w in words)
        except ValueError:
            return False
    if kind in ("int", "unsigned int", "vector2i"):
        want = 2 if kind == "vector2i" else 1
        try:
            values = [int(w) for w in words]
        except ValueError:
            return False
        return len(values) == want and (kind != "unsigned int" or values[0] >= 0)
    if kind == "bool":
        return is_boolean(text)
    return True


# -- applying ------------------------------------------------------------------------


class _Applier:
    """Applies parameters to one included model, reporting into ``diags``."""

    def __init__(self, model: etree._Element, include_name: IncludeName,
                 diags: Diagnostics) -> None:
        self.model = model
        self.include_name = include_name
        self.diags = diags
        self.pushed: dict[etree._Element, list[Param]] = {}
        self._file: str | None = None
        #: the names of nested includes without <name>, as the caller said
        self._names: dict[etree._Element, str | None] = {}

    # -- diagnostics
    def error(self, code: str, message: str, el: etree._Element) -> None:
        self.diags.error(code, message, line_of(el), file=self._file)

    def warning(self, code: str, message: str, el: etree._Element) -> None:
        self.diags.warning(code, message, line_of(el), file=self._file)

    # -- one parameter
    def apply(self, p: Param) -> None:
        el = p.el
        self._file = p.file
        tag = qname(el)
        eid = p.element_id
        if eid is None:
            self.error("ATTRIBUTE_MISSING", f"<{tag}> in <experimental:params> has no "
                       "element_id: skipped", el)
            return
        #: as written (a parameter handed down has a relative element_id)
        shown = el.get("element_id", eid)
        what = f"<{tag} element_id={shown!r}>"
        parts = eid.split("::") if eid else []
        action = el.get("action")
        problem = _param_problem(el, tag, parts, action)
        if problem is not None:
            code, why = problem
            self.error(code, f"{what}{why}: skipped", el)
            return
        found = self._target(p, parts, None if action == "add" else tag)
        if found is None:
            missing = "no element" if action == "add" else f"no <{tag}>"
            self.error("ELEMENT_MISSING", f"{what}: the included model has {missing} named "
                       f"{shown!r}: skipped", el)
        elif isinstance(found, tuple):
            self._into_include(p, *found, action)
        elif action is None:
            for c in children(el):
                self._child(found, c, c.get("action"))
        elif action == "add":
            self._add(found, el, what, top=True)
        else:
            self._edit(action, found, el)

    def _into_include(self, p: Param, include: etree._Element, rest: str,
                      action: str | None) -> None:
        """A parameter whose element_id reaches into the nested included model of
        ``include``: handed down to it (``rest``: the id inside it), or applied to the
        ``<include>`` when it replaces or removes the model as a whole."""
        el = p.el
        if not rest and (action == "replace" or (action == "remove" and not children(el))):
            if action == "remove":
                _drop(include)
            else:
                self._replace(include, el)
            return
        self.pushed.setdefault(include, []).append(Param(el, rest, p.file, whole=not rest))

    def _target(self, p: Param, parts: list[str], tag: str | None
                ) -> etree._Element | tuple[etree._Element, str] | None:
        """The element ``parts`` names (``tag``: the last one's tag; None: any).

        A pair (an ``<include>``, the rest of the id) when the id reaches into a
        nested included model.
        """
        if not parts:
            if tag is None or p.whole:  # the included model itself
                return self.model if tag in (None, qname(self.model)) else None
            return None
        cur = self.model
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            want = tag if last else None
            found = next((c for c in children(cur) if c.get("name") == part
                          and (want is None or qname(c) == want)), None)
            if found is None:
                if want not in (None, "model"):
                    return None
                include = next((c for c in children(cur) if c.tag == "include"
                                and self._include_name(c) == part), None)
                if include is None:
                    return None
                return include, "::".join(parts[i + 1:])
            cur = found
        return cur

    def _include_name(self, include: etree._Element) -> str | None:
        """The name of the model ``include`` adds (asked of the caller once per include)."""
        if is_true(include.get("merge")):
            return None  # its content joins this model: not followed (see the docstring)
        name_el = first_child(include, "name")
        if name_el is not None and collapsed(name_el.text):
            return collapsed(name_el.text)  # as the include reader reads it
        if include not in self._names:
            self._names[include] = self.include_name(include)
        return self._names[include]

    # -- the actions
    def _child(self, parent: etree._Element, c: etree._Element, action: str | None) -> None:
        """A child of a parameter without action (or inside a modify) with its own action."""
        tag = qname(c)
        if action is None:
            self.error("ATTRIBUTE_MISSING", f"<{tag}> (in <{qname(parent)}>) has no action "
                       "attribute: skipped", c)
            return
        if action not in ACTIONS:
            self.error("ATTRIBUTE_INVALID", f"<{tag}> (in <{qname(parent)}>): action "
                       f"{action!r} is not one of {', '.join(ACTIONS)}: skipped", c)
            return
        if action == "add":
            self._add(parent, c, f"<{tag}>")
            return
        found = _match(parent, c)
        if found is None:
            self.error("ELEMENT_MISSING", f"<{tag}{_named(c)}> to {action}: <{qname(parent)}>"
                       " has no such child: skipped", c)
            return
        self._edit(action, found, c)

    def _edit(self, action: str, target: etree._Element, spec: etree._Element) -> None:
        """Modify, remove or replace ``target`` as ``spec`` says."""
        if action == "modify":
            self._modify(target, spec)
        elif action == "remove":
            self._remove(target, spec)
        else:
            self._replace(target, spec)

    def _defined_child(self, parent: etree._Element, c: etree._Element, what: str) -> bool:
        if _custom(c):
            return True
        allowed = _allowed_children(parent)
        if allowed is None or local(c) in allowed:
            return True
        self.error("ELEMENT_INVALID", f"<{qname(c)}> ({what}) is not an SDFormat element "
                   f"of <{qname(parent)}>: skipped", c)
        return False

    def _add(self, parent: etree._Element, spec: etree._Element, what: str,
             top: bool = False) -> None:
        """Append ``spec`` to ``parent``; ``top``: a parameter itself (its element only
        needs a description, as libsdformat's initFile; a child must be one of the
        children SDFormat defines for ``parent``)."""
        if not top and not self._defined_child(parent, spec, f"{what} to add"):
            return
        name = spec.get("name")
        if name is not None and local(spec) not in _CLONABLE and any(
                qname(c) == qname(spec) and c.get("name") == name for c in children(parent)):
            self.error("DUPLICATE_NAME", f"{what}: <{qname(parent)}> already has a "
                       f"<{qname(spec)} name={name!r}>: not added", spec)
            return
        new = self._converted(spec, parent, what)
        if new is not None:
            _append(parent, new)

    def _replace(self, old: etree._Element, spec: etree._Element) -> None:
        tag = qname(spec)
        defined = _defined_attributes(local(spec)) if not _custom(spec) else None
        if defined is not None and "name" in defined and spec.get("name") is None:
            self.error("ATTRIBUTE_MISSING", f"the <{tag}> replacing <{tag}{_named(old)}> has "
                       "no 'name' attribute: skipped", spec)
            return
        parent = old.getparent()
        if parent is None:
            self.error("ELEMENT_INVALID", f"<{tag}>: the included model itself cannot be "
                       "replaced: skipped", spec)
            return
        new = self._converted(spec, parent, f"<{tag}> replacing <{tag}{_named(old)}>")
        if new is not None:
            new.tail = old.tail
            parent.replace(old, new)

    def _remove(self, target: etree._Element, spec: etree._Element) -> None:
        kids = children(spec)
        if not kids:
            parent = target.getparent()
            if parent is None:
                self.error("ELEMENT_INVALID", f"<{qname(spec)}>: the included model itself "
                           "cannot be removed: skipped", spec)
                return
            _drop(target)
            return
        for c in kids:
            found = _match(target, c)
            if found is None:
                self.error("ELEMENT_MISSING", f"<{qname(c)}{_named(c)}> to remove: "
                           f"<{qname(target)}> has no such child: skipped", c)
            else:
                self._remove(found, c)

    def _modify(self, target: etree._Element, spec: etree._Element) -> None:
        self._modify_attributes(target, spec)
        kids = children(spec)
        if kids:
            self._modify_children(target, kids)
        else:
            self._modify_text(target, spec)

    def _modify_attributes(self, target: etree._Element, spec: etree._Element) -> None:
        """Set the attributes ``spec`` gives (but control attributes) that ``target``'s
        element defines (any attribute of a custom element, and any namespaced one)."""
        defined = None if _custom(target) else _defined_attributes(local(target))
        for key, value in spec.items():
            key = str(key)
            if key in _CONTROL:
                continue
            if defined is not None and not key.startswith("{") and key not in defined:
                self.error("ATTRIBUTE_INVALID", f"<{qname(target)}> has no attribute {key!r} "
                           "to modify: skipped", spec)
                continue
            target.set(key, str(value))

    def _modify_children(self, target: etree._Element, kids: list[etree._Element]) -> None:
        """Each child of a modify: with its own action, or modifying its match in ``target``."""
        for c in kids:
            action = c.get("action")
            if action is not None:
                self._child(target, c, action)
                continue
            found = _match(target, c)
            if found is None:
                self.error("ELEMENT_MISSING", f"<{qname(c)}{_named(c)}> to modify: "
                           f"<{qname(target)}> has no such child: skipped", c)
            else:
                self._modify(found, c)

    def _modify_text(self, target: etree._Element, spec: etree._Element) -> None:
        """A modify without children: its text (a checked value), or a value's default
        when it has none."""
        tag = qname(target)
        text = (spec.text or "").strip()
        parent = target.getparent()
        leaf = None if _custom(target) else _leaf(
            local(parent) if parent is not None else None, local(target))
        if text:
            if leaf is not None and not _valid_value(leaf[0], text):
                self.error("ELEMENT_INVALID", f"<{tag}>: {text!r} is not a valid {leaf[0]}: "
                           "not modified", spec)
                return
            _set_text(target, text)
        elif leaf is not None:
            _set_text(target, leaf[1])
        elif _custom(target):
            _set_text(target, "")
        elif not any(str(k) not in _CONTROL for k in spec.keys()):
            self.warning("ELEMENT_INVALID", f"<{tag}> to modify lists no modification", spec)

    def _converted(self, spec: etree._Element, parent: etree._Element,
                   what: str) -> etree._Element | None:
        """``spec`` as an SDF element of ``parent``: checked, its control attributes and
        attributes SDFormat does not define stripped; None (reported) when invalid."""
        problems = _problems(spec, parent)
        if problems:
            for code, message, el in problems:
                self.error(code, f"{what}: {message}", el)
            self.error("ELEMENT_INVALID", f"{what} is not valid SDFormat: skipped", spec)
            return None
        return _stripped(spec)


def _param_problem(el: etree._Element, tag: str, parts: list[str], action: str | None
                   ) -> tuple[str, str] | None:
    """Why a parameter cannot be applied, whatever it names: (code, the reason following
    the parameter's tag), or None."""
    if any(not part for part in parts):
        return "ATTRIBUTE_INVALID", ": a name is missing between or after '::'"
    if action is not None and action not in ACTIONS:
        return "ATTRIBUTE_INVALID", f": action {action!r} is not one of {', '.join(ACTIONS)}"
    if not _custom(el) and _description(local(el)) is None:
        return "ELEMENT_INVALID", f": <{tag}> is not an SDFormat element"
    if action == "add":
        name = el.get("name")
        if name is None:
            return "ATTRIBUTE_MISSING", " to add has no 'name' attribute"
        if not name.strip():
            return "ATTRIBUTE_INVALID", " to add has an empty 'name' attribute"
    return None


_Problem = tuple[str, str, etree._Element]


def _problems(spec: etree._Element, parent: etree._Element) -> list[_Problem]:
    """What makes ``spec`` (and its descendants, in document order) invalid SDFormat as a
    child of ``parent``: (code, message, element)."""
    problems: list[_Problem] = []
    todo = [(spec, parent)]
    while todo:
        el, up = todo.pop()
        if _custom(el):
            continue
        kids = children(el)
        problems += _element_problems(el, up, kids)
        if el is not spec:
            allowed = _allowed_children(up)
            name = local(el)
            if allowed is not None and name not in allowed:
                problems.append(("ELEMENT_INVALID", f"<{name}> is not an SDFormat "
                                 f"element of <{local(up)}>", el))
                continue
        todo.extend((c, el) for c in reversed(kids))
    return problems


def _element_problems(el: etree._Element, up: etree._Element, kids: list[etree._Element]
                      ) -> list[_Problem]:
    """A required attribute missing from ``el``, and its value when it is not valid."""
    name = local(el)
    problems: list[_Problem] = [
        ("ATTRIBUTE_MISSING", f"the required attribute {attr!r} of <{name}> is missing", el)
        for attr in tables()["required"].get(name, ()) if el.get(attr) is None]
    text = (el.text or "").strip()
    leaf = _leaf(local(up), name)
    if leaf is not None and not kids and text and not _valid_value(leaf[0], text):
        problems.append(("ELEMENT_INVALID", f"<{name}>: {text!r} is not a valid {leaf[0]}", el))
    return problems


def _stripped(spec: etree._Element) -> etree._Element:
    """A copy of ``spec`` without its control attributes and the attributes SDFormat does
    not define (a custom element's and namespaced ones kept)."""
    new = deepcopy(spec)
    new.tail = None
    for el in new.iter():
        if not isinstance(el.tag, str):
            continue
        defined = None if _custom(el) else _defined_attributes(local(el))
        for key in list(el.keys()):
            key = str(key)
            if key in _CONTROL or (defined is not None and not key.startswith("{")
                                   and key not in defined):
                del el.attrib[key]
    return new


def _match(parent: etree._Element, spec: etree._Element) -> etree._Element | None:
    """The child of ``parent`` that ``spec`` names: the first of its tag with its
    ``name`` (none given: the first of its tag; an unnamed one when none has it)."""
    same = [c for c in children(parent) if qname(c) == qname(spec)]
    name = spec.get("name")
    if name is None:
        return same[0] if same else None
    return next((c for c in same if c.get("name") == name),
                next((c for c in same if c.get("name") is None), None))


def _named(el: etree._Element) -> str:
    name = el.get("name")
    return "" if name is None else f" name={name!r}"


def _set_text(el: etree._Element, text: str) -> None:
    for c in list(el):
        if not isinstance(c.tag, str):
            el.remove(c)  # comments inside a value would split it
    el.text = text


def _drop(el: etree._Element) -> None:
    """Remove ``el`` from its parent, keeping the text that followed it."""
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        previous = el.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def _append(parent: etree._Element, new: etree._Element) -> None:
    """Append ``new`` as the last child of ``parent`` (after its comments too)."""
    parent.append(new)


# -- the tables' source ----------------------------------------------------------------


def generate(folder: Path) -> dict[str, Any]:
    """The tables of the SDFormat description files in ``folder`` (e.g.
    /usr/share/sdformat12/1.9): value elements' types and defaults (by name, or by
    ``parent/name`` where names differ), attributes and required attributes by element
    name (state and GUI descriptions left out)."""
    leaf: dict[str, set[tuple[str, str]]] = {}
    by_parent: dict[str, set[tuple[str, str]]] = {}
    attrs: dict[str, set[str]] = {}
    required: dict[str, set[str]] = {}
    parser = etree.XMLParser(remove_comments=True, resolve_entities=False, no_network=True)
    for path in sorted(folder.glob("*.sdf")):
        root = etree.parse(str(path), parser).getroot()
        skip = path.stem.endswith("_state") or path.stem in ("state", "gui")
        todo: list[tuple[etree._Element, str | None]] = [(root, None)]
        while todo:
            el, parent = todo.pop()
            name = str(el.get("name"))
            if el.get("type"):
                pair = (str(el.get("type")), str(el.get("default")))
                leaf.setdefault(name, set()).add(pair)
                by_parent.setdefault(f"{parent}/{name}", set()).add(pair)
            if not skip:
                for a in el.findall("attribute"):
                    attrs.setdefault(name, set()).add(str(a.get("name")))
                    if a.get("required") == "1":
                        required.setdefault(name, set()).add(str(a.get("name")))
            todo.extend((c, name) for c in el.findall("element"))
    leaves = {k: sorted(v)[0] for k, v in leaf.items() if len(v) == 1}
    for key, v in by_parent.items():
        if key.rsplit("/", 1)[1] not in leaves and len(v) == 1:
            leaves[key] = sorted(v)[0]
    return {"version": folder.name,
            "leaves": {k: list(v) for k, v in sorted(leaves.items())},
            "attributes": {k: sorted(v) for k, v in sorted(attrs.items())},
            "required": {k: sorted(v) for k, v in sorted(required.items())}}


def main(argv: list[str]) -> int:
    """``python -m urdfsdf.sdf.params DIR``: print the tables of DIR's descriptions."""
    return print_table(argv, generate, "urdfsdf.sdf.params", "/usr/share/sdformat12/1.9")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
