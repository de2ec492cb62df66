"""Issue 51: every option of urdf2sdf and sdf2urdf is honoured on every path and input.

For each option of each command (the fields of :class:`~urdfsdf.translate.options.
ToSdfOptions` and :class:`~urdfsdf.translate.options.ToUrdfOptions`: a new option needs a
row here), each path of sdf2urdf (copy, transform) and each kind of input (file, stdin,
folder, model folder, world), the command is run with the option and without it (the
same input, the same other arguments): the outcome (exit status, output, diagnostic
codes) differs, or the command exits 2 naming the option.  The inputs are small models
written to ``tmp_path``; the commands run in this process.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from urdfsdf.commands.cli import main
from urdfsdf.translate.options import ToSdfOptions, ToUrdfOptions, flags

INERTIAL = ('<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" '
            'iyz="0" izz="0.1"/></inertial>')

#: a URDF with what each urdf2sdf option acts on: a mesh found ({mesh}) and one not, a
#: massless link a joint moves (arm) and a massless leaf on a fixed joint (tool), and a
#: <gazebo> joint that closes a loop
URDF = f"""<?xml version="1.0"?>
<robot name="r">
  <link name="base">{INERTIAL}
    <visual><geometry><mesh filename="{{mesh}}"/></geometry></visual>
    <visual><geometry><mesh filename="meshes/missing.stl"/></geometry></visual>
  </link>
  <link name="arm"/>
  <link name="tool"/>
  <link name="rocker">{INERTIAL}</link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <joint name="f" type="fixed"><parent link="base"/><child link="tool"/></joint>
  <joint name="k" type="continuous"><origin xyz="1 0 0" rpy="0 0 0"/><parent link="base"/>
    <child link="rocker"/><axis xyz="0 0 1"/></joint>
  <gazebo>
    <joint name="loop" type="revolute"><pose>0 1 0 0 0 0</pose><parent>arm</parent>
      <child>rocker</child><axis><xyz>0 0 1</xyz></axis></joint>
  </gazebo>
</robot>
"""

#: a xacro file of a folder input (``--xacro-arg n:=...`` names its link)
XACRO = """<?xml version="1.0"?>
<robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="x">
  <xacro:arg name="n" default="a"/>
  <link name="$(arg n)"/>
</robot>
"""

SDF_INERTIAL = "<inertial><mass>1</mass></inertial>"
#: the links of a URDF-shaped SDF model (the copy path): a mesh found, one not ({more}:
#: what one row adds) and a revolute joint
COPY_BODY = f"""
    <link name="a">{SDF_INERTIAL}
      <visual name="v"><geometry><mesh><uri>{{mesh}}</uri></mesh></geometry></visual>
      <visual name="w"><geometry><mesh><uri>meshes/missing.stl</uri></mesh></geometry></visual>
      {{more}}
    </link>
    <link name="b"><pose relative_to="j"/>{SDF_INERTIAL}</link>
    <joint name="j" type="revolute"><pose relative_to="a">0 0 1 0 0 0</pose>
      <parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
"""
#: what makes a model no URDF shape (the transform path): a frame, a nested model, an
#: included one (model://part, found through SDF_PATH or --resource-path)
TRANSFORM_BODY = COPY_BODY + f"""
    <frame name="tip" attached_to="b"><pose>0 0 0.5 0 0 0</pose></frame>
    <model name="inner"><link name="c">{SDF_INERTIAL}</link></model>
    <joint name="k" type="fixed"><parent>b</parent><child>inner::c</child></joint>
    <include><uri>model://part</uri><name>p</name></include>
    <joint name="q" type="fixed"><parent>a</parent><child>p::c</child></joint>
"""
#: what one row's input adds to the model: a link outside the joint tree
#: (``--disconnected``; it makes any model no URDF shape), a submesh (``--lossy``, else
#: an error), a negative size (``--strict``: a warning)
MORE = {
    "--disconnected": f'</link><link name="free"><pose>5 0 0 0 0 0</pose>{SDF_INERTIAL}',
    "--lossy": '<visual name="s"><geometry><mesh><uri>{mesh}</uri><submesh><name>part</name>'
               '</submesh></mesh></geometry></visual>',
    "--strict": '<visual name="n"><geometry><sphere><radius>-0.05</radius></sphere>'
                '</geometry></visual>',
}

PART = """<sdf version="1.7"><model name="part"><link name="c">
<inertial><mass>1</mass></inertial></link></model></sdf>"""
CONFIG = """<?xml version="1.0"?><model><name>{name}</name>
<sdf version="1.7">{file}</sdf></model>"""

#: option -> (arguments of the run without it, arguments of the run with it): the run
#: without it is the same command with the arguments it needs besides (``{pkg}``: the
#: folder of the meshes, ``{root}``: the folder holding it)
SHARED: dict[str, tuple[list[str], list[str]]] = {  # the options both commands have
    "--uri-map": ([], ["--uri-map", "meshes/=package://p/meshes/"]),
    "--strict": ([], ["--strict"]),
    "--package-path": (["--uri-style", "package"],
                       ["--uri-style", "package", "--package-path", "p={pkg}"]),
    "--resource-path": (["--uri-style", "model"],
                        ["--uri-style", "model", "--resource-path", "{root}"]),
    "--meshes": ([], ["--meshes"]),
    "--uri-style": ([], ["--uri-style", "file"]),
    "--for": ([], ["--for", "drake"]),
}
URDF2SDF: dict[str, tuple[list[str], list[str]]] = {
    **SHARED,
    "--xacro-arg": ([], ["--xacro-arg", "n:=b"]),
    "--sdf-version": ([], ["--sdf-version", "1.9"]),
    "--lump-fixed-joints": ([], ["--lump-fixed-joints"]),
    "--massless-as-frames": ([], ["--massless-as-frames"]),
    "--min-inertia": ([], ["--min-inertia", "0.01"]),
    "--plain": ([], ["--plain"]),
    "--open-loops": ([], ["--open-loops"]),
}
SDF2URDF: dict[str, tuple[list[str], list[str]]] = {
    **SHARED,
    "--no-includes": ([], ["--no-includes"]),
    "--model": ([], ["--model", "nosuch"]),
    "--separator": ([], ["--separator", "__"]),
    "--no-frames": ([], ["--no-frames"]),
    "--lossy": ([], ["--lossy"]),
    "--disconnected": ([], ["--disconnected", "floating"]),
}


def _nothing_to_act_on(command: str, option: str, path: str, kind: str) -> str | None:
    """Why the option has nothing to act on in this cell (None: it has)."""
    if command == "urdf2sdf":
        return "a folder output looks for every mesh already (it copies them)" \
            if option == "--meshes" and kind == "folder" else None
    if path != "copy":
        return None
    return {"--no-includes": None if kind == "world" else
            "a URDF-shaped model includes no model (an <include> nests one)",
            "--separator": "a URDF-shaped model has no nested model, whose names it joins",
            "--no-frames": "a URDF-shaped model has no explicit frame"}.get(option)

URDF_KINDS = ("file", "stdin", "folder")
SDF_KINDS = ("file", "stdin", "folder", "model folder", "world")


def test_every_option_has_a_row() -> None:
    assert [one.name for _, one in flags(ToSdfOptions)] == list(URDF2SDF)
    assert [one.name for _, one in flags(ToUrdfOptions)] == list(SDF2URDF)


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The folders of a run: the meshes (in the input's folder, which files may be read
    from), the models <include> finds (SDF_PATH)."""
    for var in ("AMENT_PREFIX_PATH", "ROS_PACKAGE_PATH", "GZ_SIM_RESOURCE_PATH",
                "IGN_GAZEBO_RESOURCE_PATH", "SDF_PATH", "COLCON_PREFIX_PATH"):
        monkeypatch.delenv(var, raising=False)
    pkg = tmp_path / "in" / "pkg"
    part = tmp_path / "models" / "part"
    part.mkdir(parents=True)
    (part / "model.sdf").write_text(PART)
    (part / "model.config").write_text(CONFIG.format(name="part", file="model.sdf"))
    monkeypatch.setenv("SDF_PATH", str(tmp_path / "models"))
    return {"pkg": str(pkg), "root": str(tmp_path / "in"),
            "mesh": str(pkg / "meshes" / "a.stl"), "tmp": str(tmp_path)}


def _sdf_model(body: str, name: str = "m") -> str:
    return f'<model name="{name}">{body}</model>'


def _input(command: str, kind: str, path: str, place: dict[str, str], more: str
           ) -> tuple[list[str], bytes | None]:
    """The input of a run (written under tmp/in): its arguments and its stdin."""
    tmp = Path(place["tmp"])
    src, out = tmp / "in", tmp / "out"
    (src / "pkg" / "meshes").mkdir(parents=True)
    (src / "pkg" / "meshes" / "a.stl").write_bytes(b"solid a\nendsolid a\n")
    if command == "urdf2sdf":
        text = URDF.format(mesh=place["mesh"])
        name = "r.urdf"
        if kind == "folder":
            (src / "x.urdf.xacro").write_text(XACRO)
    else:
        body = (TRANSFORM_BODY if path == "transform" else COPY_BODY).format(
            mesh=place["mesh"], more=more.format(mesh=place["mesh"]))
        model = _sdf_model(body)
        name = "m.sdf"
        if kind == "world":
            other = _sdf_model(COPY_BODY.format(mesh=place["mesh"], more=""), "other")
            model = (f'<world name="w">{model}{other}'
                     '<include><uri>model://part</uri><name>p2</name></include></world>')
        text = f'<?xml version="1.0"?>\n<sdf version="1.7">{model}</sdf>\n'
    if kind != "folder":
        out.mkdir()
    if kind == "stdin":
        return [], text.encode()
    if kind == "model folder":
        (src / "model.config").write_text(CONFIG.format(name="m", file=name))
    (src / name).write_text(text)
    if kind in ("folder", "model folder"):
        jobs = ["-j", "1", "--timeout", "0"] if kind == "folder" else []
        target = out if kind == "folder" else out / "m.urdf"
        return [str(src), "-o", str(target), *jobs], None
    return [str(src / name), "-o", str(out / ("r.sdf" if command == "urdf2sdf" else
                                              "m.urdf"))], None


def _run(command: str, argv: list[str], stdin: bytes | None, tmp: Path
         ) -> tuple[int, str, str]:
    """Exit status, output (stdout, or every file written under tmp/out) and stderr."""
    out, err = io.StringIO(), io.StringIO()
    stream = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    status = main([command, *argv, "--format", "json"], stdout=out, stderr=err,
                  stdin=stream)
    written = sorted((tmp / "out").rglob("*")) if (tmp / "out").exists() else []
    files = "".join(f"{p.relative_to(tmp)}\n{p.read_text()}" for p in written if p.is_file()
                    and p.suffix in (".sdf", ".urdf", ".config"))
    return status, out.getvalue() + files, err.getvalue()


def _outcome(command: str, kind: str, path: str, args: list[str], place: dict[str, str],
             more: str) -> tuple[int, str, str]:
    tmp = Path(place["tmp"])
    for folder in ("in", "out"):  # each run on its own input and output
        shutil.rmtree(tmp / folder, ignore_errors=True)
    argv, stdin = _input(command, kind, path, place, more)
    if kind == "world":
        argv += ["--model", "m"] if "--model" not in args else []
    return _run(command, argv + [a.format(**place) for a in args], stdin, tmp)


def _cells() -> list[tuple[str, str, str, str]]:
    cells = [("urdf2sdf", option, "copy", kind) for option in URDF2SDF for kind in URDF_KINDS]
    cells += [("sdf2urdf", option, path, kind) for option in SDF2URDF
              for path in ("copy", "transform") for kind in SDF_KINDS]
    return cells


@pytest.mark.parametrize(("command", "option", "path", "kind"), _cells())
def test_the_option_acts_or_is_refused(command: str, option: str, path: str, kind: str,
                                       place: dict[str, str]) -> None:
    reference, variant = (URDF2SDF if command == "urdf2sdf" else SDF2URDF)[option]
    more = MORE.get(option, "") if command == "sdf2urdf" else ""
    without = _outcome(command, kind, path, reference, place, more)
    with_it = _outcome(command, kind, path, variant, place, more)
    assert without[0] != 2, without[2]
    if with_it[0] == 2:
        assert option in with_it[2]
        return
    if _nothing_to_act_on(command, option, path, kind) is not None:
        assert with_it == without  # nothing to act on: nothing changes
        return
    assert "INTERNAL_ERROR" not in with_it[2]
    assert with_it != without, f"{option} changed nothing ({command}, {path}, {kind})"


# -- the holes the matrix closed, each seen as such --------------------------------------

def test_uri_style_on_the_transform_path(place: dict[str, str]) -> None:
    status, out, err = _outcome("sdf2urdf", "file", "transform", ["--uri-style", "file"],
                                place, "")
    assert status == 0, err
    assert f'filename="file://{place["mesh"]}"' in out


def test_relative_mesh_uris_rebased_onto_the_output_folder(tmp_path: Path) -> None:
    src = tmp_path / "robot"
    (src / "meshes").mkdir(parents=True)
    (src / "meshes" / "a.stl").write_bytes(b"solid a\nendsolid a\n")
    (src / "r.urdf").write_text('<robot name="r"><link name="a"><visual><geometry>'
                                '<mesh filename="meshes/a.stl"/></geometry></visual></link>'
                                '</robot>')
    out = tmp_path / "build" / "sdf"
    out.mkdir(parents=True)
    err = io.StringIO()
    for argv in ([str(src / "r.urdf"), "-o", str(out / "r.sdf")],
                 [str(src / "r.urdf"), "-o", str(out / "m.sdf"), "--meshes"]):
        assert main(["urdf2sdf", *argv], stdout=io.StringIO(), stderr=err) == 0, \
            err.getvalue()
    for name in ("r.sdf", "m.sdf"):
        text = (out / name).read_text()
        assert "<uri>../../robot/meshes/a.stl</uri>" in text
        assert (out / "../../robot/meshes/a.stl").resolve().is_file()
    # beside the input: as written; to stdout: as written (its folder is the input's)
    same = io.StringIO()
    assert main(["urdf2sdf", str(src / "r.urdf")], stdout=same, stderr=err) == 0
    assert "<uri>meshes/a.stl</uri>" in same.getvalue()


def test_a_relative_uri_of_stdin_cannot_be_rebased(tmp_path: Path) -> None:
    text = ('<robot name="r"><link name="a"><visual><geometry>'
            '<mesh filename="meshes/a.stl"/></geometry></visual></link></robot>')
    err = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8")
    status = main(["urdf2sdf", "-o", str(tmp_path / "r.sdf"), "--format", "json"],
                  stdout=io.StringIO(), stderr=err, stdin=stdin)
    assert status == 0
    found = [(d["code"], d["line"]) for d in json.loads(err.getvalue())]
    assert found == [("MESH_URI_KEPT", 1)]
    assert "<uri>meshes/a.stl</uri>" in (tmp_path / "r.sdf").read_text()


def test_roundtrip_takes_the_sdf_version(tmp_path: Path) -> None:
    urdf = tmp_path / "r.urdf"
    urdf.write_text(URDF.format(mesh="meshes/a.stl"))
    for version in ("1.7", "1.10"):
        out = io.StringIO()
        assert main(["roundtrip", str(urdf), "--sdf-version", version], stdout=out,
                    stderr=io.StringIO()) == 0, out.getvalue()
    err = io.StringIO()
    assert main(["roundtrip", str(urdf), "--sdf-version", "2.0"], stdout=io.StringIO(),
                stderr=err) == 2
    assert "--sdf-version" in err.getvalue()


def test_the_api_takes_the_record_whole(tmp_path: Path) -> None:
    from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result

    urdf = tmp_path / "r.urdf"
    urdf.write_text(URDF.format(mesh="meshes/a.stl"))
    record = urdf_to_sdf_result(str(urdf), options=ToSdfOptions(min_inertia="0.01",
                                                                open_loops=True))
    keywords = urdf_to_sdf_result(str(urdf), min_inertia=0.01, open_loops=True)
    assert record.ok and record.text == keywords.text and record.text is not None
    for bad in (ToSdfOptions(min_inertia="heavy"), ToSdfOptions(sdf_version="2.0")):
        result = urdf_to_sdf_result(str(urdf), options=bad)
        assert result.text is None
        assert [d.code for d in result.diagnostics] == ["ARGUMENT_INVALID"]
    both = urdf_to_sdf_result(str(urdf), options=ToSdfOptions(), plain=True)
    assert [d.code for d in both.diagnostics] == ["ARGUMENT_INVALID"]
    sdf = urdf_to_sdf_result(str(urdf)).text
    assert sdf is not None
    lossy = sdf_to_urdf_result(sdf, options=ToUrdfOptions(lossy=True, separator="/"))
    assert lossy.ok and lossy.text == sdf_to_urdf_result(sdf, lossy=True, separator="/").text
