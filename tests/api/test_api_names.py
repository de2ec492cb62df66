"""Issue 34 item 5: the Python API says what it means.

- ``Result.ok`` (and every zero-argument predicate of a result) is a property, so
  ``if r.ok:`` tests it; ``ok_strict`` also refuses warnings;
- the model is ``model=`` everywhere (``model_name=`` still works, with a
  DeprecationWarning);
- each command-line option is a keyword of the package's functions, giving the text
  the flag gives;
- messages name the keyword to an API caller (``model="NAME"``, ``lossy=True``) and
  the flag on the command line (``--model NAME``, ``--lossy``).
"""

from __future__ import annotations

import inspect
import io
import warnings
from pathlib import Path

import pytest

import urdfsdf
import urdfsdf.api
from urdfsdf.commands.batch import Outcome
from urdfsdf.commands.cli import main
from urdfsdf.commands.diff import DiffReport, diff_sources
from urdfsdf.commands.roundtrip import RoundTrip, roundtrip_source
from urdfsdf.core.diagnostics import Diagnostics, option
from urdfsdf.document import load_document
from urdfsdf.ros import robot_description
from urdfsdf.translate.to_urdf_transform import Options

from conftest import SAMPLES

#: everything sdf2urdf's options change: a ball joint (--lossy), links outside the tree
#: (--disconnected), a frame (--no-frames), a nested model (--separator), a model:// mesh
#: (--uri-map)
OPTIONS_SDF = """<sdf version="1.7"><model name="m">
  <link name="base"/>
  <link name="arm"><pose>0 0 1 0 0 0</pose>
    <visual name="v"><geometry><mesh><uri>model://m/meshes/arm.dae</uri></mesh></geometry>
    </visual>
  </link>
  <link name="loose"><pose>1 0 0 0 0 0</pose></link>
  <joint name="j" type="screw"><parent>base</parent><child>arm</child>
    <axis><xyz>0 0 1</xyz></axis></joint>
  <frame name="tip" attached_to="arm"><pose>0 0 0.5 0 0 0</pose></frame>
  <model name="inner"><link name="l"/></model>
</model></sdf>
"""
TWO_MODELS = """<sdf version="1.7"><world name="w">
  <model name="a"><link name="l"/></model>
  <model name="b"><link name="l"/></model>
</world></sdf>
"""
#: a joint URDF has no form for, which --lossy writes as a fixed joint (a ball joint
#: did, before it became three revolute joints: issue 38)
SCREW = """<sdf version="1.7"><model name="m">
  <link name="a"/><link name="b"/>
  <joint name="j" type="screw"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz></axis></joint>
</model></sdf>
"""
WITH_FRAME = """<sdf version="1.7"><model name="m">
  <link name="a"/>
  <frame name="f" attached_to="a"><pose>0 0 1 0 0 0</pose></frame>
</model></sdf>
"""


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), stdout=out, stderr=err), out.getvalue(), err.getvalue()


def _messages(result: urdfsdf.Result) -> str:
    return "\n".join(d.message for d in result.diagnostics)


# -- 1. ok is a property ------------------------------------------------------------


def test_a_failed_result_is_not_ok() -> None:
    r = urdfsdf.sdf_to_urdf_result("<sdf version='1.7'/>")
    assert not r.ok and not r.ok_strict and r.text is None
    if r.ok:  # a method object here would be truthy
        pytest.fail("r.ok is true for a failed conversion")
    r = urdfsdf.urdf_to_sdf_result("<robot name='r'><link name='a'/><joint/></robot>")
    assert r.ok is False


def test_ok_strict_refuses_warnings() -> None:
    r = urdfsdf.sdf_to_urdf_result(WITH_FRAME, frames=False)  # the frame: a warning
    assert r.text is not None and r.ok is True and r.ok_strict is False
    assert urdfsdf.sdf_to_urdf_result(WITH_FRAME).ok_strict is True
    with pytest.raises(urdfsdf.TranslationError):
        urdfsdf.sdf_to_urdf(WITH_FRAME, frames=False, strict=True)


def test_no_result_type_has_a_predicate_method() -> None:
    """Every zero-argument predicate of a result type is a property (``if r.ok:``)."""
    for cls in (urdfsdf.Result, RoundTrip, DiffReport, Outcome, Diagnostics):
        for name, member in vars(cls).items():
            if inspect.isfunction(member) and not name.startswith("_"):
                sig = inspect.signature(member)
                assert not (len(sig.parameters) == 1 and sig.return_annotation == "bool"), \
                    f"{cls.__name__}.{name}() is a predicate method: make it a property"
    report = roundtrip_source(str(SAMPLES / "parity.urdf"))
    assert report.ok is True
    diff = diff_sources(str(SAMPLES / "parity.urdf"), "<robot name='r'><link name='a'/></robot>")
    assert diff.failed is False and diff.differences
    assert diff_sources(str(SAMPLES / "parity.urdf"), "<nope/>").failed is True


# -- 2. model= everywhere -----------------------------------------------------------


def test_model_is_the_one_keyword() -> None:
    for fn in (urdfsdf.sdf_to_urdf, urdfsdf.sdf_to_urdf_result, urdfsdf.read_sdf,
               urdfsdf.api.sdf_document_to_urdf, robot_description,
               urdfsdf.interop.to_networkx, urdfsdf.interop.to_urdf_parser_py):
        assert "model" in inspect.signature(fn).parameters, fn.__name__
    assert urdfsdf.sdf_to_urdf_result(TWO_MODELS, model="b").ok
    assert urdfsdf.sdf_to_urdf_result(TWO_MODELS, "b").ok  # still the second argument


def test_model_name_is_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="model_name") as caught:
        r = urdfsdf.sdf_to_urdf_result(TWO_MODELS, model_name="b")
    assert caught[0].filename == __file__  # the warning points at the caller
    assert r.ok and r.text == urdfsdf.sdf_to_urdf(TWO_MODELS, model="b")
    doc = load_document(TWO_MODELS, diags := Diagnostics())
    with pytest.warns(DeprecationWarning, match="model_name"):
        r = urdfsdf.api.sdf_document_to_urdf(doc, diags, model_name="b")
    assert r.ok
    with pytest.raises(TypeError, match="model"):
        urdfsdf.sdf_to_urdf_result(TWO_MODELS, model="a", model_name="b")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # model= warns nothing
        urdfsdf.sdf_to_urdf_result(TWO_MODELS, model="a")


# -- 3. the command line's options as keywords ----------------------------------------


def test_package_exports_the_result_functions() -> None:
    assert urdfsdf.urdf_to_sdf_result is urdfsdf.api.urdf_to_sdf_result
    assert urdfsdf.sdf_to_urdf_result is urdfsdf.api.sdf_to_urdf_result
    assert urdfsdf.Result is urdfsdf.api.Result
    assert {"urdf_to_sdf_result", "sdf_to_urdf_result", "Result"} <= set(urdfsdf.__all__)


def test_sdf2urdf_keywords_give_the_flags_text(tmp_path: Path) -> None:
    path = tmp_path / "m.sdf"
    path.write_text(OPTIONS_SDF)
    status, cli_text, err = _cli("sdf2urdf", str(path), "--lossy", "--disconnected",
                                 "floating", "--no-frames", "--separator", "/",
                                 "--uri-map", "model://m/=package://m/")
    assert status == 0, err
    keywords = {"lossy": True, "disconnected": "floating", "frames": False, "separator": "/",
                "uri_map": {"model://m/": "package://m/"}}
    assert urdfsdf.sdf_to_urdf(str(path), **keywords) == cli_text  # type: ignore[arg-type]
    result = urdfsdf.sdf_to_urdf_result(str(path), **keywords)  # type: ignore[arg-type]
    assert result.text == cli_text and 'link name="inner/l"' in cli_text
    assert "package://m/meshes/arm.dae" in cli_text and "tip" not in cli_text
    assert urdfsdf.sdf_to_urdf(str(path), uri_map=[("model://m/", "package://m/")],
                               lossy=True, disconnected="floating", frames=False,
                               separator="/") == cli_text
    # the older spelling: options=Options(...), and uri_map pairs
    old = urdfsdf.sdf_to_urdf_result(str(path), options=Options(
        separator="/", frames=False, lossy=True, disconnected="floating"),
        uri_map=[("model://m/", "package://m/")])
    assert old.text == cli_text
    assert not urdfsdf.sdf_to_urdf_result(str(path)).ok  # the options matter


def test_urdf2sdf_keywords_give_the_flags_text(tmp_path: Path) -> None:
    path = str(SAMPLES / "every_element.urdf")
    status, cli_text, err = _cli("urdf2sdf", path, "--sdf-version", "1.10",
                                 "--lump-fixed-joints", "--uri-map", "package://=model://")
    assert status == 0, err
    text = urdfsdf.urdf_to_sdf(path, sdf_version="1.10", lump_fixed_joints=True,
                               uri_map={"package://": "model://"})
    assert text == cli_text and 'version="1.10"' in text and "package://" not in text
    assert urdfsdf.urdf_to_sdf(path) != cli_text


XACRO = """<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="arm">
  <xacro:arg name="length" default="0.5"/>
  <xacro:include filename="$(find arm_parts)/link.xacro"/>
  <xacro:part name="base"/>
  <xacro:part name="tip"/>
  <joint name="j" type="fixed">
    <origin xyz="0 0 $(arg length)" rpy="0 0 0"/>
    <parent link="base"/><child link="tip"/>
  </joint>
</robot>
"""
PART = """<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:macro name="part" params="name"><link name="${name}"/></xacro:macro>
</robot>
"""


def test_xacro_keywords(tmp_path: Path) -> None:
    pytest.importorskip("xacro")
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "link.xacro").write_text(PART)
    src = tmp_path / "arm.urdf.xacro"
    src.write_text(XACRO)
    status, cli_text, err = _cli("urdf2sdf", str(src), "--xacro-arg", "length:=0.75",
                                 "--package-path", f"arm_parts={tmp_path / 'parts'}")
    assert status == 0, err
    got = urdfsdf.urdf_to_sdf(str(src), xacro_args={"length": "0.75"},
                              package_paths={"arm_parts": str(tmp_path / "parts")})
    assert got == cli_text and '0 0 0.75' in got
    with pytest.raises(urdfsdf.TranslationError) as caught:
        urdfsdf.urdf_to_sdf(str(src))
    message = caught.value.diagnostics[0].message
    assert 'package_paths={"NAME": "DIR"}' in message and "--package-path" not in message
    assert "--package-path NAME=DIR" in _cli("urdf2sdf", str(src))[2]


def test_resource_paths_and_includes(tmp_path: Path) -> None:
    box = tmp_path / "models" / "my_box"
    box.mkdir(parents=True)
    (box / "model.config").write_text("<model><sdf version='1.7'>model.sdf</sdf></model>")
    (box / "model.sdf").write_text("<sdf version='1.7'><model name='my_box'>"
                                   "<link name='l'/></model></sdf>")
    world = tmp_path / "w.sdf"
    world.write_text("<sdf version='1.7'><world name='w'><include>"
                     "<uri>model://my_box</uri></include></world></sdf>")
    found = urdfsdf.sdf_to_urdf_result(str(world), resource_paths=[tmp_path / "models"])
    assert found.ok and found.text is not None and 'robot name="my_box"' in found.text
    missing = urdfsdf.sdf_to_urdf_result(str(world))
    assert not missing.ok and "URI_LOOKUP" in [d.code for d in missing.diagnostics]
    skipped = urdfsdf.sdf_to_urdf_result(str(world), includes=False)
    assert not skipped.ok
    assert "<include> is not read (includes=False)" in _messages(skipped)
    assert urdfsdf.read_sdf(str(world), resource_paths=[str(tmp_path / "models")]).name == \
        "my_box"
    status, _, err = _cli("sdf2urdf", str(world), "--no-includes")
    assert status == 1 and "(--no-includes)" in err


def test_bad_option_values_are_argument_errors() -> None:
    for kwargs in ({"disconnected": "sometimes"}, {"separator": ""},
                   {"uri_map": [("", "package://x/")]}, {"uri_map": ["model://x/"]},
                   {"options": Options(lossy=True), "lossy": True}):
        r = urdfsdf.sdf_to_urdf_result(SCREW, **kwargs)  # type: ignore[arg-type]
        assert not r.ok and [d.code for d in r.diagnostics] == ["ARGUMENT_INVALID"], kwargs
    r = urdfsdf.urdf_to_sdf_result(str(SAMPLES / "parity.urdf"), sdf_version="2.0")
    assert not r.ok and [d.code for d in r.diagnostics] == ["ARGUMENT_INVALID"]
    with pytest.raises(urdfsdf.TranslationError) as caught:
        urdfsdf.sdf_to_urdf(SCREW, disconnected="sometimes")  # type: ignore[arg-type]
    assert caught.value.codes == ["ARGUMENT_INVALID"]


def test_write_functions_take_the_options() -> None:
    model = urdfsdf.read_sdf(SCREW)
    with pytest.raises(urdfsdf.TranslationError) as caught:
        urdfsdf.write_urdf(model)
    assert "lossy=True" in str(caught.value)
    assert 'type="fixed"' in urdfsdf.write_urdf(model, lossy=True)
    parity = urdfsdf.read_urdf(str(SAMPLES / "parity.urdf"))
    assert '<sdf version="1.10">' in urdfsdf.write_sdf(parity, sdf_version="1.10")


def test_robot_description_takes_the_sdf2urdf_keywords() -> None:
    text = robot_description(SCREW, lossy=True)
    assert 'type="fixed"' in text
    assert robot_description(TWO_MODELS, "a") == urdfsdf.sdf_to_urdf(TWO_MODELS, model="a")


# -- 4. messages name keywords to API callers, flags on the command line ----------------


def test_robot_description_names_model_keyword() -> None:
    with pytest.raises(urdfsdf.TranslationError) as caught:
        robot_description(TWO_MODELS)
    message = caught.value.diagnostics[0].message
    assert 'model="NAME"' in message and "--model" not in message
    for call in (lambda: urdfsdf.sdf_to_urdf(TWO_MODELS), lambda: urdfsdf.read_sdf(TWO_MODELS)):
        with pytest.raises(urdfsdf.TranslationError) as caught:
            call()
        assert "model=" in str(caught.value) and "--model" not in str(caught.value)


def test_the_command_line_names_flags(tmp_path: Path) -> None:
    path = tmp_path / "two.sdf"
    path.write_text(TWO_MODELS)
    status, _, err = _cli("sdf2urdf", str(path))
    assert status == 1 and "choose one with --model NAME" in err and "model=" not in err
    path.write_text(SCREW)
    status, _, err = _cli("sdf2urdf", str(path))
    assert "(--lossy writes a fixed joint)" in err and "lossy=True" not in err


def test_api_messages_name_keywords() -> None:
    r = urdfsdf.sdf_to_urdf_result(OPTIONS_SDF)
    text = _messages(r)
    assert "(lossy=True writes a fixed joint)" in text
    assert '(disconnected="floating" attaches them)' in text
    assert "--" not in text
    r = urdfsdf.sdf_to_urdf_result(OPTIONS_SDF, lossy=True, disconnected="floating",
                                   frames=False)
    text = _messages(r)
    assert "(frames=False)" in text and "(lossy=True)" in text
    assert 'uri_map={"model://NAME/": "package://PKG/"}' in text and "--" not in text


def test_commands_called_from_python_keep_their_flags() -> None:
    """A command (roundtrip) calls the API functions: its messages still name flags, and
    a function called with no edge around it (an internal one) names flags."""
    report = roundtrip_source(SCREW)
    assert "(--lossy writes a fixed joint)" in "\n".join(d.message for d in report.diagnostics)
    assert option("lossy") == "--lossy"
