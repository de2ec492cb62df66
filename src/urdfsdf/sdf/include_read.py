"""Reading an ``<include>``: the model of the file it names, with its overrides.

:mod:`urdfsdf.sdf.includes` finds and safely reads the file; this module reads
the ``<include>`` element as libsdformat's ``parser.cc`` (readXml) does: the
include's ``<experimental:params>`` (:mod:`urdfsdf.sdf.params`) are applied to
the file's model before it is read (with its own version's rules, by the reader
the caller hands in), then the include's ``<name>``, ``<pose>``, ``<static>``,
``<placement_frame>`` and ``<plugin>`` to the model read; a merge-include gives
its children to the parent instead (:mod:`urdfsdf.sdf.merge`).  An included URDF
is read by the pipeline's URDF reader, handed in too.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.core.ir import Model, SdfDocument, evolve
from urdfsdf.sdf.includes import Included, IncludeResolver
from urdfsdf.sdf.merge import Merged, merge_include
from urdfsdf.sdf.params import Param, apply_params, included_model, params_of
from urdfsdf.sdf.values import collapsed, is_true, text_of
from urdfsdf.sdf.values import pose as read_pose
from urdfsdf.xml.parse import children, extra, first_child, first_of_each, line_of, parse
from urdfsdf.xml.readctx import ReadContext

#: reads an included URDF (bytes) into an SDF-convention model
UrdfReader = Callable[[bytes, Diagnostics], "Model | None"]
#: parameters an including file hands down to the <include>s of the file it includes
Pushed = dict[etree._Element, list[Param]]
#: reads the root element of an included SDF file (into its diagnostics; its path and
#: the parameters handed down to it given)
ReadIncluded = Callable[[etree._Element, Diagnostics, str, Pushed], "SdfDocument | None"]


class IncludeReader:
    """Reads the ``<include>`` elements of one file."""

    def __init__(self, ctx: ReadContext, resolver: IncludeResolver | None, file: str | None,
                 read_urdf: UrdfReader | None, pushed: Pushed,
                 read_included: ReadIncluded) -> None:
        self.ctx = ctx
        #: follows <include> (None: an include is kept, not read, with a warning)
        self.resolver = resolver
        #: the file read (an included one's path; None for the main input)
        self.file = file
        #: reads an included URDF into the SDF form (given by the pipeline, which can)
        self.read_urdf = read_urdf
        #: parameters an including file hands down to this file's <include>s (sdf/params.py)
        self.pushed = pushed
        self.read_included = read_included

    def include(self, el: etree._Element, parent_frame: str) -> Model | Merged | None:
        """The model an ``<include>`` names, with the include's overrides (parser.cc readXml).

        A merge-include gives the model's children to merge into the parent
        (:mod:`urdfsdf.sdf.merge`).  None (with a diagnostic, or a warning when
        includes are not followed) when there is nothing to add.
        """
        ctx = self.ctx
        resolver = self.resolver
        if resolver is None:
            ctx.warning("ELEMENT_DROPPED", f"<include> is not read ({option('no-includes')})",
                        el)
            return None
        kids = first_of_each(el)
        uri_el = kids.get("uri")
        uri = text_of(ctx, uri_el, "<include>") if uri_el is not None else ""
        line = line_of(el)
        if not uri:
            ctx.error("ATTRIBUTE_MISSING", "<include> has no <uri>", el)
            return None
        included = resolver.load(uri, self.file, line, ctx.diags)
        if included is None or not resolver.enter(included, line, ctx.diags):
            return None
        params = [*params_of(el, ctx.diags.file), *self.pushed.get(el, ())]
        try:
            model = self._included_model(included, el, params)
        finally:
            resolver.leave()
        if model is None:
            return None
        model = self._overridden(model, el, kids)
        if not is_true(el.get("merge")):
            return model
        return merge_include(model, parent_frame, ctx.diags)

    def _included_model(self, included: Included, el: etree._Element,
                        params: list[Param]) -> Model | None:
        """The top-level model of an included file (URDF too), read with its own version.

        ``params``: the include's ``<experimental:params>`` (and those handed down to
        it), applied to the file's model before it is read (:mod:`urdfsdf.sdf.params`).
        """
        sub = Diagnostics(included.display)
        root = parse(included.data, sub)
        model: Model | None = None
        where = f"{included.display!r} (included by <uri>{included.uri}</uri>)"
        if root is not None and root.tag == "robot":
            model = self._urdf_model(included, el, params, sub, where)
        elif root is not None:
            model = self._sdf_model(included, root, el, params, sub, where)
        self.ctx.diags.extend(sub.items)
        if model is None:
            return None
        if model.pose.relative_to and first_child(el, "pose") is None:
            self.ctx.error("ATTRIBUTE_INVALID", f"{where}: the pose of an included model "
                           "cannot be relative_to a frame of its own file", el)
        return model if model.file is not None else evolve(model, file=included.display)

    def _urdf_model(self, included: Included, el: etree._Element, params: list[Param],
                    sub: Diagnostics, where: str) -> Model | None:
        """The model of an included URDF (its diagnostics into ``sub``)."""
        if params:
            self.ctx.warning("ELEMENT_DROPPED", f"{where} is a URDF: its "
                             "<experimental:params> are not applied", el)
        if self.read_urdf is None:
            self.ctx.error("ELEMENT_INVALID", f"{where} is a URDF: reading it needs the "
                           "conversion pipeline (urdfsdf.document)", el)
            return None
        return self.read_urdf(included.data, sub)

    def _sdf_model(self, included: Included, root: etree._Element, el: etree._Element,
                   params: list[Param], sub: Diagnostics, where: str) -> Model | None:
        """The top-level model of an included SDF file, ``params`` applied to it first."""
        pushed: dict[etree._Element, list[Param]] = {}
        target = included_model(root) if params else None
        if target is not None:
            pushed = apply_params(target, params,
                                  lambda inc: self._include_model_name(inc, included.path),
                                  self.ctx.diags)
        elif params:
            self.ctx.error("ELEMENT_MISSING", f"{where} holds no <model> to apply "
                           "<experimental:params> to", el)
        doc = self.read_included(root, sub, included.path, pushed)
        tops = [c.tag for c in root if c.tag in ("model", "actor", "light")]
        if len(tops) > 1 and len(set(tops)) > 1:
            self.ctx.error("ELEMENT_INCORRECT_TYPE", f"{where} holds <{tops[0]}> and "
                           f"<{next(t for t in tops if t != tops[0])}> at its top level: "
                           "what to include is ambiguous", el)
        if doc is not None and doc.models:
            return doc.models[0]
        if doc is not None and not any(c.tag in ("light", "actor") for c in root):
            self.ctx.error("ELEMENT_MISSING", f"{where} holds no top-level <model> to "
                           "include (a <world> cannot be included)", el)
        return None

    def _include_model_name(self, include: etree._Element, file: str) -> str | None:
        """The name of the model the ``<include>`` of ``file`` names (None: unknown).

        Read through the resolver, as the reader reads it later (same checks).
        """
        resolver = self.resolver
        uri_el = first_child(include, "uri")
        uri = collapsed(uri_el.text) if uri_el is not None else ""
        if resolver is None or not uri:
            return None
        scratch = Diagnostics()
        found = resolver.load(uri, file, None, scratch)
        root = None if found is None else parse(found.data, scratch)
        if root is None:
            return None
        if root.tag == "robot":
            return root.get("name")
        model = included_model(root)
        return None if model is None else model.get("name")

    def _overridden(self, model: Model, el: etree._Element,
                    kids: dict[str, etree._Element]) -> Model:
        """``<name>``, ``<pose>``, ``<static>``, ``<placement_frame>``, ``<plugin>`` applied."""
        changes: dict[str, object] = {}
        name_el = kids.get("name")
        name = "" if name_el is None else text_of(self.ctx, name_el, "<include>")
        if name:
            changes["name"] = name
        pose_el = kids.get("pose")
        if pose_el is not None:
            changes["pose"] = read_pose(self.ctx, pose_el, f"include of model {model.name!r}")
            # (the input read from text has no name: "<input>", as a diagnostic shows it)
            changes["pose_file"] = self.ctx.diags.file or "<input>"
        static_el = kids.get("static")
        if static_el is not None:
            changes["static"] = is_true(static_el.text)
        pf_el = kids.get("placement_frame")
        if pf_el is not None:
            if pose_el is None:
                self.ctx.error("MODEL_PLACEMENT_FRAME_INVALID", "<include> with a "
                               "<placement_frame> needs a <pose>", pf_el)
            else:
                changes["placement_frame"] = text_of(self.ctx, pf_el, "<include>")
        plugins = tuple(extra(c) for c in children(el) if c.tag == "plugin")
        if plugins:
            changes["extras"] = (*model.extras, *plugins)
        return evolve(model, **changes) if changes else model
