"""SDFormat version conversion: an SDFormat 1.0-1.6 tree rewritten into its 1.7 form.

libsdformat keeps no per-version parser: it rewrites the XML of an older file
step by step with its ``.convert`` recipes (``sdf/1.x/1_y.convert``), up to
its own version, then reads the result with the latest rules (section 1 of
the research note ``../notes/sdf_versions.md``; "note N" below is its section
N).  :func:`upgrade_to_1_7` does the same on an lxml tree, up to 1.7, the
version urdfsdf's reader implements.

The recipes are transcribed below as data (:data:`STEPS`), each citing its
file in the ``sdformat-sdf`` package, and applied by an interpreter with the
semantics of libsdformat's ``Converter::ConvertImpl`` (``src/Converter.cc``,
note section 3.1): for a ``<convert name="N">`` every child ``N`` is converted
in turn, for ``descendant_name`` every descendant outside ``<plugin>`` and
namespaced elements; nested converts run before the operations (``rename``,
``copy``, ``move``, ``map``, ``add``, ``remove``), which run in recipe order.
``tests/sdf/test_versions.py`` compares the data with the installed recipe
files.

urdfsdf goes beyond libsdformat in four documented places:

* a ``<gazebo>`` root (1.0, 1.2) is read as ``<sdf>`` with a warning
  (libsdformat refuses it; its old converter renamed it, note 2.2 and 3.2);
* 1.0 is converted with ``1.2/1_0.convert``, which libsdformat no longer
  embeds (note 2.1), and a 1.0 ``<inertia>`` that leaves out a diagonal moment
  gets its 1.0 default 0 written out (1.2 and later default to 1, note 4.3);
* an ``<xyz>`` the 1.6 -> 1.7 recipe creates to carry ``@expressed_in`` gets
  the default axis ``0 0 1`` as text, with a warning (libsdformat creates it
  empty, then fails to read the empty required value);
* each ``//pose/@frame`` turned into ``@relative_to`` is reported (an info):
  from 1.7 on it places the pose, where 1.5 and 1.6 gave it no meaning.

The original version is returned by :func:`upgrade_to_1_7` and also kept on
the root, in the attribute :data:`ORIGINAL_VERSION_ATTR`, as libsdformat keeps
``OriginalVersion``: the few rules that depend on it (names shared by a link and
a joint before 1.7, note 5) need it after the conversion.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from dataclasses import field, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from lxml import etree

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.core.ir import INERTIA_KEYS
from urdfsdf.core.record import mutable_record, record
from urdfsdf.xml.parse import line_of, xpath_of

#: every SDFormat version urdfsdf reads (there is no 1.1)
SUPPORTED: tuple[str, ...] = ("1.0", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9",
                              "1.10", "1.11", "1.12")
#: the version :func:`upgrade_to_1_7` converts to
TARGET = "1.7"
#: the root attribute where :func:`upgrade_to_1_7` keeps the version the document had
ORIGINAL_VERSION_ATTR = "urdfsdf_original_version"

_VERSION = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)")


def version_tuple(text: str) -> tuple[int, int] | None:
    """``"1.10"`` -> ``(1, 10)``; None if ``text`` is not a ``major.minor`` version."""
    match = _VERSION.fullmatch(text.strip())
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2))


# -- the recipe language (libsdformat src/Converter.cc) -----------------------


@record(kw_only=True)
class Rename:
    """``<rename><from element? attribute?/><to element attribute?/></rename>``.

    The value (``from_attribute`` of ``self``, the text of the first child
    ``from_element``, or that child's ``from_attribute``) becomes the element
    ``to_element`` (its text, or its ``to_attribute``).  From an element, the new
    element takes the old one's place; from an attribute of ``self``, it is
    appended.  No value: nothing happens.
    """

    from_element: str | None = None
    from_attribute: str | None = None
    to_element: str | None = None
    to_attribute: str | None = None


@record(kw_only=True)
class Move:
    """``<move>`` (``copy=False``) or ``<copy>`` (``copy=True``); ``::``-separated paths."""

    from_element: str | None = None
    from_attribute: str | None = None
    to_element: str | None = None
    to_attribute: str | None = None
    copy: bool = False


@record(kw_only=True)
class Map:
    """``<map>``: a value found at ``from_name`` (``a/b`` or ``a/@x``) equal to one of
    ``from_values`` writes the matching ``to_values`` entry (the last one for the
    rest) at ``to_name``, creating the missing elements on the way."""

    from_name: str
    from_values: tuple[str, ...]
    to_name: str
    to_values: tuple[str, ...]


@record(kw_only=True)
class Add:
    """``<add element=E value=V/>`` appends ``<E>V</E>``; ``<add attribute=A value=V/>`` sets it."""

    element: str | None = None
    attribute: str | None = None
    value: str | None = None


@record(kw_only=True)
class Remove:
    """``<remove element=E/>`` removes every child ``E``; ``<remove attribute=A/>``, ``@A``."""

    element: str | None = None
    attribute: str | None = None


@record(kw_only=True)
class Default:
    """urdfsdf, not libsdformat: append ``<element>value</element>`` when there is no
    child ``element``, and report it (an info) with ``message``."""

    element: str
    value: str
    message: str


@record(kw_only=True)
class Note:
    """urdfsdf, not libsdformat: report (an info) an element that has ``@attribute``;
    ``message`` may use ``{value}``."""

    attribute: str
    message: str


Op = Rename | Move | Map | Add | Remove | Default | Note


@record
class Convert:
    """``<convert name=N>`` or ``<convert descendant_name=N>`` with what it holds.

    ``deprecated``: the ``<deprecated>a/b/c</deprecated>`` paths, reported when
    present (libsdformat prints them).
    """

    name: str | None = None
    descendant_name: str | None = None
    converts: tuple[Convert, ...] = ()
    ops: tuple[Op, ...] = ()
    deprecated: tuple[str, ...] = ()


@record
class Step:
    """One recipe: from ``source`` to ``target``, transcribed from ``recipe_file``."""

    source: str
    target: str
    recipe_file: str
    recipe: Convert


def _c(name: str, *parts: Convert | Op | str) -> Convert:
    """``<convert name=...>``: nested converts, operations and deprecated paths (``str``),
    each kind in the order given."""
    return Convert(name, None,
                   tuple(p for p in parts if isinstance(p, Convert)),
                   tuple(p for p in parts if not isinstance(p, (Convert, str))),
                   tuple(p for p in parts if isinstance(p, str)))


def _descendants(name: str, *parts: Convert | Op) -> Convert:
    """``<convert descendant_name=...>``."""
    return Convert(None, name,
                   tuple(p for p in parts if isinstance(p, Convert)),
                   tuple(p for p in parts if not isinstance(p, Convert)))


def _attrs(*names: str) -> tuple[Rename, ...]:
    """``<rename><from attribute=N/><to element=N/></rename>`` for each name."""
    return tuple(Rename(from_attribute=n, to_element=n) for n in names)


def _from_child(element: str, attribute: str, to: str | None = None) -> Rename:
    """``<rename><from element=E attribute=A/><to element=E/></rename>``."""
    return Rename(from_element=element, from_attribute=attribute, to_element=to or element)


# -- the recipes ----------------------------------------------------------------

# 1.0 -> 1.2, sdf/1.2/1_0.convert (note 3.2 "1.0 -> 1.2", 4.1): attribute forms become
# elements, under //world, //world/model and a top-level //model (and nowhere else: no
# top-level actor or light).  libsdformat does not embed this recipe (note 2.1).
_ORIGIN = _from_child("origin", "pose", "pose")  # <origin pose="P"/> -> <pose>P</pose>
_GEOMETRY_1_0 = _c(
    "geometry",
    _c("box", *_attrs("size")),
    _c("sphere", *_attrs("radius")),
    _c("cylinder", *_attrs("radius", "length")),
    _c("mesh", *_attrs("filename", "scale")),  # 1.2 mesh: <filename> (deprecated), not <uri>
    _c("image", *_attrs("filename", "scale", "threshold", "height", "granularity")),
    _c("heightmap", *_attrs("filename", "size"), Rename(from_attribute="origin", to_element="pos")),
    _c("plane", *_attrs("normal")),
)
_COLLISION_1_0 = _c(
    "collision", _ORIGIN, *_attrs("laser_retro"),
    _c("surface",
       _c("bounce", *_attrs("restitution_coefficient", "threshold")),
       _c("friction", _c("ode", *_attrs("mu", "mu2", "fdir1", "slip1", "slip2"))),
       _c("contact", _c("ode", *_attrs("soft_cfm", "soft_erp", "kp", "kd", "max_vel",
                                       "min_depth")))),
    _GEOMETRY_1_0,
)
_VISUAL_1_0 = _c(
    "visual", _ORIGIN, *_attrs("cast_shadows", "laser_retro", "transparency"),
    _GEOMETRY_1_0,
    _c("material", *_attrs("script"), _from_child("ambient", "rgba"),
       _from_child("specular", "rgba"), _from_child("diffuse", "rgba"),
       _from_child("emissive", "rgba")),
)
_INERTIA_1_0 = _c("inertia", *_attrs(*INERTIA_KEYS))
_SCAN_1_0 = _attrs("samples", "resolution", "min_angle", "max_angle")
_SENSOR_1_0: tuple[Convert | Op, ...] = (
    *_attrs("always_on", "update_rate", "visualize"),
    _c("ray",
       _c("scan", _c("horizontal", *_SCAN_1_0), _c("vertical", *_SCAN_1_0)),
       _c("range", *_attrs("min", "max", "resolution"))),
    _c("camera", _from_child("horizontal_fov", "angle"),
       _c("image", *_attrs("width", "height", "format"))),
    _c("clip", *_attrs("near", "far")),
    # the recipe's <save> holds a <rename> nested in a <rename> with no <from>: there is
    # nothing to apply (libsdformat would dereference the missing <from>)
    _c("save"),
    _c("depth_camera", *_attrs("output")),
)
_JOINT_1_0 = _c(
    "joint", _ORIGIN, _from_child("parent", "link"), _from_child("child", "link"),
    *(_c(axis, *_attrs("xyz"),
         _c("dynamics", *_attrs("damping", "friction")),
         _c("limit", *_attrs("lower", "upper", "effort", "velocity")))
      for axis in ("axis", "axis2")),
    _c("physics", _c("limit", *_attrs("cfm", "erp")), _c("suspension", *_attrs("cfm", "erp"))),
)
_GRIPPER_1_0 = _c("gripper", _c("grasp_check",
                                *_attrs("detach_steps", "attach_steps", "min_contact_count")))
_WORLD_MODEL_1_0 = _c(
    "model", _ORIGIN, *_attrs("static"), _GRIPPER_1_0,
    _c("link", *_attrs("gravity"), _ORIGIN, *_attrs("self_collide", "kinematic"),
       _c("inertial", _ORIGIN, *_attrs("mass", "density"), _INERTIA_1_0),
       _c("sensor", _ORIGIN, *_SENSOR_1_0),
       _COLLISION_1_0, _VISUAL_1_0),
    _JOINT_1_0,
)
# the top-level model's link differs: <damping> -> <velocity_decay> here only, and the
# link, sensor and inertial origins are renamed by separate entries after the others
_MODEL_1_0 = _c(
    "model", _ORIGIN, *_attrs("static"), _GRIPPER_1_0,
    _c("link", *_attrs("gravity", "self_collide", "kinematic"),
       Rename(from_element="damping", to_element="velocity_decay"),
       _c("inertial", *_attrs("mass", "density"), _INERTIA_1_0),
       _c("sensor", *_SENSOR_1_0),
       _ORIGIN, _c("sensor", _ORIGIN), _c("inertial", _ORIGIN),
       _COLLISION_1_0, _VISUAL_1_0),
    _JOINT_1_0,
)
RECIPE_1_0 = Convert("gazebo", None, (
    _c("world",
       _c("state", *_attrs("time")),
       _c("physics", *_attrs("update_rate"), _from_child("gravity", "xyz"),
          _c("ode",
             _c("solver", *_attrs("type", "dt", "iters", "precon_iters", "sor")),
             _c("constraints", *_attrs("cfm", "erp", "contact_max_correcting_vel",
                                       "contact_surface_layer")))),
       _c("gui", _c("camera", _ORIGIN)),
       _c("scene", _from_child("ambient", "rgba"), _from_child("background", "rgba"),
          _from_child("shadows", "enabled"), _from_child("grid", "enabled"),
          _c("fog", Rename(from_attribute="rgba", to_element="color"),
             *_attrs("type", "start", "end", "density")),
          "background/sky/rgba", "background/sky/material"),
       _c("actor", _ORIGIN,
          _c("skin", *_attrs("filename", "scale")),
          _c("animation", *_attrs("filename", "scale", "interpolate_x")),
          _c("script", *_attrs("loop", "delay_start", "auto_start"),
             _c("trajectory", _c("waypoint", *_attrs("time", "pose"))))),
       _c("light", _ORIGIN, *_attrs("cast_shadows"), _from_child("diffuse", "rgba"),
          _from_child("specular", "rgba"), _from_child("direction", "xyz"),
          _c("spot", *_attrs("inner_angle", "outer_angle", "falloff")),
          _c("attenuation", *_attrs("range", "linear", "constant", "quadratic"))),
       _WORLD_MODEL_1_0),
    _MODEL_1_0,
))

# 1.2 -> 1.3, sdf/1.3/1_2.convert (note 3.2): empty.  The <gazebo> -> <sdf> root rename
# was C++ in libsdformat's old converter; here it is done up front (upgrade_to_1_7).
RECIPE_1_2 = Convert("gazebo")

# 1.3 -> 1.4, sdf/1.4/1_3.convert (note 3.2): world physics only (the joint block of the
# recipe is commented out there).
RECIPE_1_3 = Convert("sdf", None, (
    _c("world", _c("physics",
                   Move(from_element="update_rate", to_element="real_time_update_rate"),
                   Move(from_element="ode::solver::dt", to_element="max_step_size"),
                   Move(from_element="bullet::dt", to_element="max_step_size"))),
))

# 1.4 -> 1.5, sdf/1.5/1_4.convert (note 3.2, 4.2): 1.4 axes are in the parent model frame,
# so <use_parent_model_frame>true</use_parent_model_frame> is appended to every axis and
# axis2 of the joints of //sdf/world/model and //sdf/model -- exactly those two paths (1.4
# has no nested models; a joint without <axis> gets nothing).  Also actor/@static.
_UPMF_1_4 = tuple(_c(axis, Add(element="use_parent_model_frame", value="true"))
                  for axis in ("axis", "axis2"))
_ACTOR_1_4 = _c("actor", Rename(from_attribute="static", to_element="static"))
RECIPE_1_4 = Convert("sdf", None, (
    _c("world", _c("model", _c("joint", *_UPMF_1_4)), _ACTOR_1_4),
    _c("model", _c("joint", *_UPMF_1_4), _ACTOR_1_4),
))


def _imu_1_5() -> Convert:
    """``<imu>`` of sdf/1.6/1_5.convert: ``<noise>`` spread over the three axes of
    ``<angular_velocity>`` (from ``rate``) and ``<linear_acceleration>`` (from ``accel``)."""
    av, la = "angular_velocity", "linear_acceleration"
    ops: list[Op] = [Add(element=av), Add(element=la)]
    targets = [(g, a) for g in (av, la) for a in "xyz"]
    for i, (group, axis) in enumerate(targets):  # noise/type: copied, moved the last time
        ops.append(Move(from_element="noise::type", to_element=f"{group}::{axis}::noise",
                        to_attribute="type", copy=i < len(targets) - 1))
    for group, source in ((av, "rate"), (la, "accel")):
        for leaf in ("mean", "stddev", "bias_mean", "bias_stddev"):
            for axis in "xyz":
                ops.append(Move(from_element=f"noise::{source}::{leaf}",
                                to_element=f"{group}::{axis}::noise::{leaf}",
                                copy=axis != "z"))
    ops.append(Remove(element="noise"))
    return _c("imu", *ops)


# 1.5 -> 1.6, sdf/1.6/1_5.convert (note 3.2, 4.4): world gravity and magnetic_field leave
# <physics>; IMU noise restructured.  Nothing kinematic.
_SENSOR_LINK_1_5 = _c("link", _c("sensor", _imu_1_5()))
RECIPE_1_5 = Convert("sdf", None, (
    _c("world", Move(from_element="physics::gravity", to_element="gravity"),
       Move(from_element="physics::magnetic_field", to_element="magnetic_field")),
    _c("world", _c("model", _SENSOR_LINK_1_5)),
    _c("model", _SENSOR_LINK_1_5),
))

# 1.6 -> 1.7, sdf/1.7/1_6.convert (note 3.2, 5): every //pose/@frame becomes
# @relative_to (and is meaningful from then on); use_parent_model_frame true/True/TRUE/1
# becomes axis/xyz/@expressed_in="__model__" on the axes of joints at any depth, and every
# use_parent_model_frame is removed.
_TRUE_1_6 = ("true", "True", "TRUE", "1")
RECIPE_1_6 = Convert("sdf", None, (
    _descendants("pose", Move(from_attribute="frame", to_attribute="relative_to")),
    _descendants("joint", *(
        _c(axis, Map(from_name="use_parent_model_frame", from_values=_TRUE_1_6,
                     to_name="xyz/@expressed_in", to_values=("__model__",)),
           Remove(element="use_parent_model_frame"))
        for axis in ("axis", "axis2"))),
))

#: the recipes from 1.0 to 1.7, in order
STEPS: tuple[Step, ...] = (
    Step("1.0", "1.2", "1.2/1_0.convert", RECIPE_1_0),
    Step("1.2", "1.3", "1.3/1_2.convert", RECIPE_1_2),
    Step("1.3", "1.4", "1.4/1_3.convert", RECIPE_1_3),
    Step("1.4", "1.5", "1.5/1_4.convert", RECIPE_1_4),
    Step("1.5", "1.6", "1.6/1_5.convert", RECIPE_1_5),
    Step("1.6", "1.7", "1.7/1_6.convert", RECIPE_1_6),
)

# urdfsdf's additions, run with the same interpreter (so they reach exactly the elements
# the recipe beside them reaches).
# After 1_0.convert: a 1.0 <inertia> requires its six attributes, each defaulting to 0
# (sdformat-sdf 1.0/inertial.sdf); 1.2 and later default ixx, iyy, izz to 1 (note 4.3),
# so a moment left out is written as 0 to keep its 1.0 meaning.
_INERTIA_DEFAULTS_1_0 = _c("inertia", *(
    Default(element=m, value="0", message=f"SDFormat 1.0 <inertia> leaves out {m}: written "
            "as its 1.0 default 0 (SDFormat 1.2 and later default it to 1)")
    for m in ("ixx", "iyy", "izz")))
_INERTIA_PATH_1_0 = _c("link", _c("inertial", _INERTIA_DEFAULTS_1_0))
AFTER_1_0 = Convert("gazebo", None, (
    _c("world", _c("model", _INERTIA_PATH_1_0)),
    _c("model", _INERTIA_PATH_1_0),
))
# With 1_6.convert: report each //pose/@frame the recipe moves to @relative_to, in the
# recipe's own walk over the poses, before the move (the recipe's other operations report
# nothing, so the reports come as a walk of their own before the recipe would give them).
NOTE_FRAME_1_6 = Note(
    attribute="frame",
    message="//pose/@frame {value!r} is read as @relative_to, as libsdformat's 1.6 -> "
            "1.7 conversion does: SDFormat 1.5 and 1.6 gave it no meaning, from 1.7 on "
            "the pose is relative to that frame")
NOTED_1_6 = replace(RECIPE_1_6, converts=tuple(
    replace(c, ops=(NOTE_FRAME_1_6, *c.ops)) if c.descendant_name == "pose" else c
    for c in RECIPE_1_6.converts))
#: the text given to an element a recipe creates empty, a value that must not be empty:
#: the <xyz> 1_6.convert creates to carry @expressed_in gets the default axis (1.4 - 1.7).
#: libsdformat leaves it empty, and its parser then fails on it (PARAMETER_ERROR "Empty
#: string used when setting a required parameter"): a 1.4 - 1.6 axis without <xyz> that
#: is in the model frame does not load there, though its own version's rules read it.
CREATED_DEFAULTS: Mapping[str, str] = MappingProxyType({"xyz": "0 0 1"})


# -- the interpreter ------------------------------------------------------------


def _name(el: etree._Element) -> str:
    """``el``'s name as tinyxml2 sees it: ``prefix:local``, or ``local``."""
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    if tag[:1] != "{":
        return tag
    local = tag.rpartition("}")[2]
    return f"{el.prefix}:{local}" if el.prefix else local


@cache  # (the names of the recipes: a few dozen)
def _local(name: str) -> str:
    """The lxml tag filter of the elements whose local name is ``name``'s (any namespace,
    or none): the candidates of :func:`_name` ``== name``."""
    return "{*}" + _local_name(name)


def _kids(el: etree._Element, name: str) -> list[etree._Element]:
    """The children of ``el`` named ``name`` (tinyxml2's ``FirstChildElement(name)`` and
    ``NextSiblingElement(name)``): lxml finds the candidates (:func:`_local`)."""
    return [c for c in el.iterchildren(_local(name)) if c.tag == name or _name(c) == name]


def _path(el: etree._Element, tokens: list[str]) -> etree._Element | None:
    """The element reached from ``el`` through the first child of each name in
    ``tokens`` (``el`` for none), or None when one is missing."""
    cur = el
    for token in tokens:
        found = _first_kid(cur, token)
        if found is None:
            return None
        cur = found
    return cur


def _first_kid(el: etree._Element, name: str) -> etree._Element | None:
    """The first child of ``el`` named ``name`` (the first of :func:`_kids`: tinyxml2's
    ``FirstChildElement(name)``)."""
    for c in el.iterchildren(_local(name)):
        if c.tag == name or _name(c) == name:
            return c
    return None


def _text(el: etree._Element) -> str | None:
    """tinyxml2's ``GetText`` under libsdformat's whitespace collapsing: the leading text,
    trimmed, inner runs of blanks made one space; None when there is none."""
    text = el.text
    if text is None:
        return None
    return " ".join(text.split()) or None


def _op_needs(op: Op) -> str | None:
    """The element an operation reads its value from (it does nothing where the
    document has no element of that name); None: it may act on any element."""
    if isinstance(op, (Rename, Move)):
        return op.from_element.split("::")[0] if op.from_element is not None else None
    if isinstance(op, Map):
        first = op.from_name.split("/")[0]
        return None if first.startswith("@") else first
    if isinstance(op, Remove):
        return op.element
    return None  # Add, Default, Note: they act wherever they are applied


def _self_attributes(recipe: Convert) -> frozenset[str] | None:
    """The attributes a recipe of operations only reads, when each operation reads one
    attribute of the element converted and writes only that element's attributes
    (1_6.convert's ``//pose/@frame`` move): an element without any of them is left as
    it is, and no operation changes what is below it.  None: any other recipe."""
    if recipe.converts or recipe.deprecated:
        return None
    found = set()
    for op in recipe.ops:
        if isinstance(op, Note):
            found.add(op.attribute)
        elif isinstance(op, Move) and op.from_element is None and op.to_element is None \
                and op.from_attribute is not None and "::" not in op.from_attribute \
                and op.to_attribute is not None and "::" not in op.to_attribute:
            found.add(op.from_attribute)
        else:
            return None
    return frozenset(found)


def _local_name(name: str) -> str:
    """``prefix:local`` or ``{ns}local`` -> ``local``."""
    return name.rpartition("}")[2].rpartition(":")[2]


@record
class _Plan:
    """A ``<convert>`` as the interpreter runs it: with what it needs to act, derived once
    from the recipe (:func:`_plan`)."""

    convert: Convert
    #: its nested converts' plans
    subs: tuple[_Plan, ...]
    #: the convert can act only where the document holds every (local) name of one of
    #: these: its own name and what one of its operations reads, or its own name and one
    #: of a nested convert's sets (a deprecation only needs its own name)
    needs: tuple[tuple[str, ...], ...]
    #: :func:`_self_attributes` of the convert
    attributes: frozenset[str] | None


def _plan(recipe: Convert) -> _Plan:
    """The plan of ``recipe`` and its nested converts."""
    subs = tuple(_plan(sub) for sub in recipe.converts)
    name = recipe.name if recipe.name is not None else recipe.descendant_name
    own = () if name is None else (_local_name(name),)
    needs: list[tuple[str, ...]] = []
    alternatives = [own] if recipe.deprecated else []
    for op in recipe.ops:
        need = _op_needs(op)
        alternatives.append(own if need is None else (*own, _local_name(need)))
    for sub in subs:
        alternatives.extend((*own, *n[::-1]) for n in sub.needs)  # root first, as here
    for alt in alternatives:
        if alt == own:  # the convert's own name is enough
            needs = [own]
            break
        if alt not in needs:
            needs.append(alt)
    # each set deepest name first: the rarer names, so that one found absent spares
    # looking for the others (:meth:`_Run.live`)
    return _Plan(recipe, subs, tuple(alt[::-1] for alt in needs), _self_attributes(recipe))


@mutable_record
class _Run:
    """One conversion: where its diagnostics go, and the elements it created.

    ``root``: the document converted.  A nested convert is skipped when it cannot act:
    when the document holds none of the sets of names its plan needs (:meth:`live`).
    What the document holds is asked of its tree once per name (``present``) and kept up
    to date as operations create elements.
    """

    diags: Diagnostics
    created: list[etree._Element] = field(default_factory=list)
    root: etree._Element | None = None
    #: local name -> whether the document holds an element of that name (any namespace:
    #: a superset of tinyxml2's ``prefix:local`` names)
    present: dict[str, bool] = field(default_factory=dict)

    def live(self, plan: _Plan) -> bool:
        """Whether ``plan``'s convert (a nested one) can change or report anything."""
        present = self.present
        for names in plan.needs:
            for local in names:
                found = present.get(local)
                if found is None:
                    # a name no document of the thread holds is known absent at once
                    # (lxml's names dictionary); otherwise lxml walks the tree in C
                    root = self.root
                    found = root is None or next(root.iter(_local(local)), None) is not None
                    present[local] = found
                if not found:
                    break
            else:
                return True
        return False

    def _created(self, tag: str) -> None:
        """An element ``tag`` was created: the document holds one."""
        self.present[_local_name(tag)] = True

    def new(self, tag: str, beside: etree._Element, text: str | None = None
            ) -> etree._Element:
        """A new element ``tag``, on the line of ``beside`` (the element it replaces,
        or its parent)."""
        self._created(tag)
        el = etree.Element(tag)
        el.text = text
        line = line_of(beside)
        if line is not None:
            el.sourceline = line  # type: ignore[assignment]  # lxml-stubs: untyped
        self.created.append(el)
        return el

    def append(self, parent: etree._Element, tag: str, text: str | None = None
               ) -> etree._Element:
        """``parent``'s new last child ``tag`` (tinyxml2's ``LinkEndChild``)."""
        el = self.new(tag, parent, text)
        parent.append(el)
        return el

    def info(self, message: str, el: etree._Element) -> None:
        self.diags.add("VERSION_CONVERTED", message, line_of(el), xpath_of(el), "info")

    # -- Converter::ConvertImpl ------------------------------------------------
    def convert(self, el: etree._Element, plan: _Plan) -> None:
        """Apply ``plan``'s recipe to ``el``: deprecations, nested converts, then
        operations."""
        recipe = plan.convert
        for path in recipe.deprecated:
            self.deprecated(el, path)
        for sub in plan.subs:
            if not self.live(sub):
                continue
            name = sub.convert.name
            if name is not None:
                for child in _kids(el, name):
                    self.convert(child, sub)
            name = sub.convert.descendant_name
            if name is not None:
                self.descendants(el, sub, name)
        for op in recipe.ops:
            _APPLY[type(op)](self, el, op)

    def descendants(self, el: etree._Element, plan: _Plan, name: str) -> None:
        """``Converter::ConvertDescendantsImpl``: every descendant ``name`` at any depth,
        not looking inside ``<plugin>`` or namespaced (``x:y``) elements."""
        own = _name(el)
        if own == "plugin" or ":" in own:
            return
        # The walk is libsdformat's (document order; a match is converted, then its own
        # descendants are walked), but lxml finds the candidates: the elements of that
        # local name, in document order.  A candidate is reached when no element between
        # it and ``el`` is a ``<plugin>``, namespaced or a match (a match's subtree is
        # walked after its conversion, which may change it) and it is still under ``el``.
        # ``clear``: whether the way up from an element to ``el`` is open, for the
        # elements passed so far (a conversion changes only the match's own subtree,
        # whose elements are all closed: the match is on their way up)
        clear: dict[etree._Element, bool] = {el: True}
        local = _local(name)
        recipe = plan.convert
        ops = recipe.ops  # a recipe of operations only: applied here, as convert would
        plain = not recipe.deprecated and not recipe.converts
        # a recipe that reads and writes only attributes of the match (_self_attributes):
        # a match without them is left as it is, and no match changes the tree's
        # elements, so the candidates are walked as lxml finds them, matches do not stop
        # the way up and the walk needs no recursion
        attributes = plan.attributes
        for cand in el.iter(local) if attributes is not None else list(el.iter(local)):
            if attributes is not None:
                keys = cand.keys()
                if not keys or attributes.isdisjoint(keys):
                    continue
            if cand is el or (cand.tag != name and _name(cand) != name):
                continue
            if _way_up_open(cand, clear, name if attributes is None else None):
                if plain:
                    for op in ops:
                        _APPLY[type(op)](self, cand, op)
                else:
                    self.convert(cand, plan)
                if attributes is None and len(cand) and \
                        next(cand.iterdescendants(local), None) is not None:
                    self.descendants(cand, plan, name)

    def deprecated(self, el: etree._Element, path: str) -> None:
        """``Converter::CheckDeprecation`` for ``a/b/c`` (elements, the last one may be an
        attribute), reported when the whole path is present (libsdformat prints it)."""
        parts = path.split("/")
        where = el
        for i, part in enumerate(parts):
            child = _first_kid(where, part)
            if child is not None:
                where = child
            elif i < len(parts) - 1 or where.get(part) is None:
                return
        self.diags.warning("ELEMENT_INVALID", f"{path} is deprecated by SDFormat 1.2 and has "
                           "no 1.2 form; kept as written", line_of(where), xpath_of(where))

    # -- the operations ----------------------------------------------------------
    def rename(self, el: etree._Element, op: Rename) -> None:
        """``Converter::Rename``."""
        value = _get_value(el, op.from_element, op.from_attribute)
        if value is None or op.to_element is None:
            return
        if op.from_element is not None:
            old = _first_kid(el, op.from_element)
            assert old is not None  # it gave the value
            new = self.new(op.to_element, old)
            new.tail = old.tail
            el.replace(old, new)
        else:
            assert op.from_attribute is not None
            del el.attrib[op.from_attribute]
            new = self.append(el, op.to_element)
        if op.to_attribute is not None:
            new.set(op.to_attribute, value)
        else:
            new.text = value

    def move(self, el: etree._Element, op: Move) -> None:
        """``Converter::Move`` (``copy`` keeps the source), quirks included: the
        missing ``to`` elements are created before the source is looked for."""
        from_tokens = (op.from_element if op.from_element is not None
                       else op.from_attribute or "").split("::")
        to_tokens = (op.to_element if op.to_element is not None
                     else op.to_attribute or "").split("::")
        from_el = _path(el, from_tokens[:-1])
        if from_el is None:
            return
        to_el = self._walk_to(el, to_tokens,
                              0 if op.to_element is not None and op.to_attribute is not None
                              else 1)
        if op.from_element is not None:
            self._move_element(op, from_el, from_tokens[-1], to_el, to_tokens[-1])
        elif op.from_attribute is not None:
            self._move_attribute(op, from_el, from_tokens[-1], to_el, to_tokens[-1])

    def _move_element(self, op: Move, from_el: etree._Element, from_name: str,
                      to_el: etree._Element, to_name: str) -> None:
        """A move from element ``from_name`` of ``from_el``: the element itself (renamed
        ``to_name``) into ``to_el``, or its text to an attribute of ``to_el``."""
        source = _first_kid(from_el, from_name)
        if source is None:
            return
        if op.to_element is not None and op.to_attribute is None:
            self._created(to_name)  # the source's subtree: names the document held
            clone = copy.deepcopy(source)  # keeps the source lines
            clone.tag = to_name
            clone.tail = None
            to_el.append(clone)
        else:
            value = _text(source)
            if value is None or op.to_attribute is None:
                return
            to_el.set(op.to_attribute, value)
        if not op.copy:
            from_el.remove(source)

    def _move_attribute(self, op: Move, from_el: etree._Element, from_name: str,
                        to_el: etree._Element, to_name: str) -> None:
        """A move from attribute ``from_name`` of ``from_el``: to an element or an
        attribute ``to_name`` of ``to_el``."""
        value = from_el.get(from_name)
        if value is None:
            return
        if op.to_element is not None:
            self.append(to_el, to_name, value)
        elif op.to_attribute is not None:
            to_el.set(to_name, value)
        if not op.copy:
            del from_el.attrib[from_name]

    def _walk_to(self, el: etree._Element, tokens: list[str], offset: int) -> etree._Element:
        """The element a ``to`` path leads to (all tokens but the last), creating the
        missing ones: from the first missing one up to ``len(tokens) - offset``
        (Converter.cc's ``newDirIndex`` loop: when no token but the last is given,
        nothing is found, so the creation loop runs from the first token)."""
        to_el = el
        child: etree._Element | None = None
        missing = 0
        for i, token in enumerate(tokens[:-1]):
            child = _first_kid(to_el, token)
            if child is None:
                missing = i
                break
            to_el = child
        if child is None:
            while missing < len(tokens) - offset:
                to_el = self.append(to_el, tokens[missing])
                missing += 1
        return to_el

    def map(self, el: etree._Element, op: Map) -> None:
        """``Converter::Map``."""
        value = _map_value(el, op)
        if value is None:
            return
        to_tokens = op.to_name.split("/")
        leaf = to_tokens[-1]
        to_attribute = leaf.startswith("@")
        to_el = self._walk_to(el, to_tokens, 1 if to_attribute else 0)
        if to_attribute:
            to_el.set(leaf[1:], value)
        elif len(to_el):  # LinkEndChild of a text node: after the last child
            to_el[-1].tail = (to_el[-1].tail or "") + value
        else:
            to_el.text = (to_el.text or "") + value

    def add(self, el: etree._Element, op: Add) -> None:
        """``Converter::Add``."""
        if (op.element is None) == (op.attribute is None):
            return
        if op.attribute is not None:
            if op.value is not None:
                el.set(op.attribute, op.value)
        else:
            assert op.element is not None
            self.append(el, op.element, op.value)

    def remove(self, el: etree._Element, op: Remove) -> None:
        """``Converter::Remove``: every child ``element``, or the attribute."""
        if (op.element is None) == (op.attribute is None):
            return
        if op.attribute is not None:
            if op.attribute in el.attrib:
                del el.attrib[op.attribute]
        else:
            assert op.element is not None
            for child in _kids(el, op.element):
                el.remove(child)

    def default(self, el: etree._Element, op: Default) -> None:
        if _first_kid(el, op.element) is None:
            self.append(el, op.element, op.value)
            self.info(op.message, el)

    def note(self, el: etree._Element, op: Note) -> None:
        value = el.get(op.attribute)
        if value is not None and value.strip():  # empty: the default either way
            self.info(op.message.format(value=value), el)


def _way_up_open(cand: etree._Element, clear: dict[etree._Element, bool],
                 match: str | None) -> bool:
    """Whether no element between ``cand`` and the element walked (the first in
    ``clear``) is a ``<plugin>``, namespaced or a ``match`` (None: matches do not
    count), ``cand`` being still under it.  ``clear`` keeps the answer of each element
    passed."""
    passed = []
    above = cand.getparent()
    while True:
        if above is None:  # detached by an earlier conversion
            verdict = False
            break
        known = clear.get(above)
        if known is not None:
            verdict = known
            break
        upper = above.tag
        if upper[:1] == "{":
            upper = _name(above)
        if upper == match or upper == "plugin" or ":" in upper:
            verdict = False
            break
        passed.append(above)
        above = above.getparent()
    for p in passed:
        clear[p] = verdict
    return verdict


#: the method of :class:`_Run` that applies each kind of operation
_APPLY: Mapping[type, Callable[[_Run, etree._Element, Any], None]] = MappingProxyType({
    Rename: _Run.rename, Move: _Run.move, Map: _Run.map, Add: _Run.add,
    Remove: _Run.remove, Default: _Run.default, Note: _Run.note})


def _get_value(el: etree._Element, element: str | None, attribute: str | None) -> str | None:
    """``Converter::GetValue``: the text of the first child ``element``, or its
    ``attribute``; without ``element``, ``el``'s ``attribute``."""
    if element is not None:
        child = _first_kid(el, element)
        if child is None:
            return None
        return child.get(attribute) if attribute is not None else _text(child)
    if attribute is not None:
        return el.get(attribute)
    return None


def _map_value(el: etree._Element, op: Map) -> str | None:
    """The value ``op`` writes for ``el`` (None: the source is absent or not listed)."""
    tokens = op.from_name.split("/")
    where: etree._Element | None = el
    for token in tokens[:-1]:
        assert where is not None
        where = _first_kid(where, token)
        if where is None:
            return None
    assert where is not None
    leaf = tokens[-1]
    found = _get_value(where, None, leaf[1:]) if leaf.startswith("@") \
        else _get_value(where, leaf, None)
    values = op.from_values
    if found is None or found not in values:
        return None
    # the entry of its last occurrence (Converter::Map fills a table in order), or the
    # last value for the rest
    i = len(values) - 1 - values[::-1].index(found)
    return op.to_values[min(i, len(op.to_values) - 1)]


# -- the entry points ---------------------------------------------------------------


def apply_recipe(root: etree._Element, recipe: Convert, diags: Diagnostics
                 ) -> list[etree._Element]:
    """Apply one recipe to ``root`` in place, as libsdformat's ``Converter::ConvertImpl``
    applies a ``.convert`` file to the ``<sdf>`` element; returns the elements created."""
    run = _Run(diags, root=root)
    run.convert(root, _plan(recipe))
    return run.created




#: the plans of :data:`STEPS` (1_6.convert with urdfsdf's reports: :data:`NOTED_1_6`) and of
#: :data:`AFTER_1_0`, made once
_STEP_PLANS: tuple[_Plan, ...] = tuple(_plan(NOTED_1_6 if step.source == "1.6" else step.recipe)
                                       for step in STEPS)
_AFTER_1_0_PLAN = _plan(AFTER_1_0)


def upgrade_to_1_7(root: etree._Element, diags: Diagnostics) -> str | None:
    """Rewrite an SDFormat 1.0-1.6 document in place into its 1.7 form.

    ``root`` is the ``<sdf>`` root (or the legacy ``<gazebo>`` of 1.0 and 1.2, renamed
    ``<sdf>`` with a warning).  The recipes run from the document's version up to
    1.7 as libsdformat runs them (:data:`STEPS`); ``@version`` becomes ``"1.7"`` and
    the original is kept in ``@``:data:`ORIGINAL_VERSION_ATTR`.

    Returns the original version, stripped; None when the root has no
    ``@version``.  A document that is not 1.0-1.6 (no version, a version that is
    not in :data:`SUPPORTED`, 1.7 or later, a root that is neither ``<sdf>`` nor
    ``<gazebo>``) is left as it is: the reader reports it.  Diagnostics go to
    ``diags``: a ``<gazebo>`` root or a 1.0 document (warnings), each
    ``//pose/@frame`` made meaningful and each 1.0 inertia default written out
    (infos), each ``<xyz>`` created with the default axis (a warning).
    """
    text = root.get("version")
    if text is None:
        return None
    original = text.strip()
    version = version_tuple(original)
    if original not in SUPPORTED or version is None or version >= (1, 7) or \
            root.tag not in ("sdf", "gazebo"):
        return original
    run = _Run(diags, root=root)
    # <gazebo> root (1.0, 1.2): libsdformat refuses it; its old converter renamed it
    # <sdf> for any target >= 1.3 (note 2.2, 3.2 "1.2 -> 1.3", 14).
    if root.tag == "gazebo":
        diags.warning("ELEMENT_INVALID", "legacy <gazebo> root element read as <sdf> "
                      "(libsdformat refuses a <gazebo> root)", line_of(root),
                      xpath_of(root))
        root.tag = "sdf"
    elif original == "1.0":
        diags.warning("ATTRIBUTE_INVALID", "SDFormat 1.0 is converted with sdformat's "
                      "1.2/1_0.convert, which libsdformat no longer applies (it cannot read "
                      "1.0)", line_of(root), xpath_of(root))
    # each recipe from the original version on, in turn (Converter::Convert, note 2.1),
    # with urdfsdf's additions to 1_0.convert and 1_6.convert (see AFTER_1_0,
    # NOTED_1_6 and CREATED_DEFAULTS)
    started = False
    for step, plan in zip(STEPS, _STEP_PLANS, strict=True):
        started = started or step.source == original
        if not started:
            continue
        run.convert(root, plan)
        if step.source == "1.0":
            run.convert(root, _AFTER_1_0_PLAN)
    for el in run.created:
        default = CREATED_DEFAULTS.get(_name(el))
        if default is not None and el.text is None and len(el) == 0:
            el.text = default
            carried = ", ".join("@" + str(a) for a in el.keys())
            diags.warning("VERSION_CONVERTED", f"the conversion to 1.7 creates an empty "
                          f"<{_name(el)}> here to carry {carried}; it is given its default "
                          f"{default!r} (libsdformat fails on the empty element: 'Empty string "
                          "used when setting a required parameter')", line_of(el),
                          xpath_of(el))
    root.set("version", TARGET)
    root.set(ORIGINAL_VERSION_ATTR, original)
    return original
