"""sdf/includes.py: resolving and safely loading the file an <include><uri> names."""

from __future__ import annotations

import os
import re
import socket
import time
from pathlib import Path

import pytest

from urdfsdf.core.diagnostics import Diagnostics
from urdfsdf.sdf.includes import (
    ENV_VARIABLES,
    IncludeConfig,
    Included,
    IncludeResolver,
    bounded_read,
)

from conftest import SHARED

MODELS = SHARED / "sdformat_tests" / "main" / "integration" / "model"
requires_sdformat_tests = pytest.mark.skipif(not MODELS.is_dir(),
                                             reason="../shared/sdformat_tests absent")

MODEL_SDF = b'<sdf version="1.7"><model name="m"><link name="l"/></model></sdf>'


def _model(root: Path, name: str, config: str | None = '<sdf version="1.7">model.sdf</sdf>',
           files: tuple[str, ...] = ("model.sdf",)) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    if config is not None:
        (folder / "model.config").write_text(f"<?xml version='1.0'?>\n<model><name>{name}"
                                             f"</name>{config}</model>")
    for f in files:
        (folder / f).write_bytes(MODEL_SDF.replace(b'"m"', f'"{name}/{f}"'.encode()))
    return folder


def _load(uri: str, including: str | None = None, main: str | None = None,
          **config: object) -> tuple[Included | None, Diagnostics]:
    diags = Diagnostics("including.sdf")
    resolver = IncludeResolver(IncludeConfig(**config), main)  # type: ignore[arg-type]
    return resolver.load(uri, including, 7, diags), diags


def _codes(diags: Diagnostics) -> list[tuple[str, str]]:
    return [(d.severity, d.code) for d in diags]


# -- URI forms ----------------------------------------------------------------------


def test_model_uri_through_a_resource_path(tmp_path: Path) -> None:
    folder = _model(tmp_path / "models", "box")
    got, diags = _load("model://box", resource_paths=(str(tmp_path / "models"),),
                       environment=())
    assert list(diags) == []
    assert got is not None
    assert got.path == os.path.realpath(folder / "model.sdf")
    assert got.data == (folder / "model.sdf").read_bytes()
    assert got.display == str(folder / "model.sdf")
    assert got.uri == "model://box"


def test_model_uri_with_a_file_and_package_uri(tmp_path: Path) -> None:
    folder = _model(tmp_path, "robot", files=("model.sdf", "arm.sdf"))
    for uri in ("model://robot/arm.sdf", "package://robot/arm.sdf"):
        got, diags = _load(uri, resource_paths=(str(tmp_path),), environment=())
        assert list(diags) == [] and got is not None
        assert got.path == os.path.realpath(folder / "arm.sdf")


@pytest.mark.parametrize("variable", ENV_VARIABLES)
def test_model_uri_through_each_environment_variable(tmp_path: Path, variable: str) -> None:
    folder = _model(tmp_path / "models", "box")
    env = ((variable, os.pathsep.join([str(tmp_path / "none"), str(tmp_path / "models")])),)
    got, diags = _load("model://box", environment=env)
    assert list(diags) == [] and got is not None
    assert got.path == os.path.realpath(folder / "model.sdf")


def test_search_order_resource_paths_then_sdf_path_gz_ign(tmp_path: Path) -> None:
    roots = {name: tmp_path / name for name in ("cli", *ENV_VARIABLES)}
    for root in roots.values():
        _model(root, "box")
    env = tuple((v, str(roots[v])) for v in ENV_VARIABLES)
    order = ["cli", *ENV_VARIABLES]
    while order:
        cli = (str(roots["cli"]),) if "cli" in order else ()
        got, _ = _load("model://box", resource_paths=cli,
                       environment=tuple((k, v) for k, v in env if k in order))
        assert got is not None and got.path.startswith(os.path.realpath(roots[order[0]]))
        order.pop(0)


def test_relative_path_next_to_the_including_file_first(tmp_path: Path) -> None:
    (tmp_path / "world").mkdir()
    (tmp_path / "world" / "part.sdf").write_bytes(MODEL_SDF)
    _model(tmp_path / "models", "part.sdf", config=None, files=())  # a decoy in a root
    main = str(tmp_path / "world" / "main.sdf")
    got, diags = _load("part.sdf", main, main, resource_paths=(str(tmp_path / "models"),))
    assert list(diags) == [] and got is not None
    assert got.path == os.path.realpath(tmp_path / "world" / "part.sdf")
    # the main input is the including file when None is passed
    got, _ = _load("part.sdf", None, main)
    assert got is not None and got.path == os.path.realpath(tmp_path / "world" / "part.sdf")


def test_relative_path_then_the_search_roots(tmp_path: Path) -> None:
    folder = _model(tmp_path / "models", "test_model")
    main = tmp_path / "world" / "main.sdf"
    got, diags = _load("test_model", str(main), str(main),
                       environment=(("SDF_PATH", str(tmp_path / "models")),))
    assert list(diags) == [] and got is not None
    assert got.path == os.path.realpath(folder / "model.sdf")
    # stdin: no including folder, only the roots
    got, _ = _load("test_model/model.sdf", None, None,
                   resource_paths=(str(tmp_path / "models"),))
    assert got is not None and got.path == os.path.realpath(folder / "model.sdf")


def test_relative_including_file_display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.sdf").write_bytes(MODEL_SDF)
    monkeypatch.chdir(tmp_path)
    got, diags = _load("b.sdf", "sub/a.sdf", "sub/a.sdf")
    assert list(diags) == [] and got is not None
    assert got.display == os.path.join("sub", "b.sdf")
    assert got.path == os.path.realpath(tmp_path / "sub" / "b.sdf")


def test_file_uris(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    target = tmp_path / "a" / "b.sdf"
    target.write_bytes(MODEL_SDF)
    main = str(tmp_path / "main.sdf")
    for uri in (f"file://{target}", "file://a/b.sdf", "a/b.sdf", f"  {target}\n"):
        got, diags = _load(uri, main, main)
        assert list(diags) == [], uri
        assert got is not None and got.path == os.path.realpath(target)
    folder = _model(tmp_path, "box")
    got, diags = _load(f"file://{folder}", main, main)
    assert list(diags) == [] and got is not None
    assert got.path == os.path.realpath(folder / "model.sdf")


# -- model.config ---------------------------------------------------------------------


def test_model_config_picks_the_highest_supported_version(tmp_path: Path) -> None:
    """libsdformat's integration/model/cococan: 1.2, 1.4, 100.0 -> 1.4."""
    files = ("model-1_2.sdf", "model-1_4.sdf", "model-100.sdf")
    folder = _model(tmp_path, "cococan", config='<sdf version="1.2">model-1_2.sdf</sdf>'
                    '<sdf version="1.4">model-1_4.sdf</sdf>'
                    '<sdf version="100.0">model-100.sdf</sdf>', files=files)
    got, diags = _load("model://cococan", resource_paths=(str(tmp_path),), environment=())
    assert got is not None and got.path == os.path.realpath(folder / "model-1_4.sdf")
    assert _codes(diags) == [("warning", "UNSUPPORTED_VERSION")]
    assert "100.0" in diags.items[0].message and diags.items[0].line == 7


@pytest.mark.parametrize(("config", "expected"), [
    ("<sdf>a.sdf</sdf><sdf>b.sdf</sdf>", "a.sdf"),                       # no versions: first
    ('<sdf>a.sdf</sdf><sdf version="1.6">b.sdf</sdf>', "b.sdf"),           # a version wins
    ('<sdf version="1.12">a.sdf</sdf><sdf version="1.9">b.sdf</sdf>', "a.sdf"),  # 1.12 > 1.9
    ('<sdf version="2.0">a.sdf</sdf><sdf version="3">b.sdf</sdf>', "a.sdf"),  # all too new
    ('<sdf version="x">a.sdf</sdf><sdf version="">b.sdf</sdf>', "a.sdf"),  # unusable versions
    ("<sdf version='1.5'>\n  b.sdf\n</sdf>", "b.sdf"),                     # text stripped
])
def test_model_config_version_choice(tmp_path: Path, config: str, expected: str) -> None:
    folder = _model(tmp_path, "m", config=config, files=("a.sdf", "b.sdf"))
    got, diags = _load("model://m", resource_paths=(str(tmp_path),), environment=())
    assert got is not None, list(diags)
    assert got.path == os.path.realpath(folder / expected)
    assert got.display == str(folder / expected)
    assert all(d.severity == "warning" for d in diags)


def test_manifest_xml_fallback_warns(tmp_path: Path) -> None:
    folder = _model(tmp_path, "old", config=None)
    (folder / "manifest.xml").write_text('<model><sdf version="1.3">model.sdf</sdf></model>')
    got, diags = _load("model://old", resource_paths=(str(tmp_path),), environment=())
    assert got is not None and got.path == os.path.realpath(folder / "model.sdf")
    assert _codes(diags) == [("warning", "URI_LOOKUP")]
    assert "manifest.xml" in diags.items[0].message


@pytest.mark.parametrize(("config", "code", "text"), [
    (None, "URI_LOOKUP", "does not contain a model.config"),
    ("<sdf>", "PARSING_ERROR", "not well-formed"),
    ("", "PARSING_ERROR", "no <sdf> element"),
    ("<sdf version='1.7'> </sdf>", "PARSING_ERROR", "no <sdf> element"),
    ("<sdf>missing.sdf</sdf>", "FILE_READ", "missing.sdf"),
    ("<sdf>.</sdf>", "FILE_READ", "folder"),
])
def test_model_folder_problems(tmp_path: Path, config: str | None, code: str,
                               text: str) -> None:
    _model(tmp_path, "m", config=config)
    got, diags = _load("model://m", resource_paths=(str(tmp_path),), environment=())
    assert got is None
    assert [d.code for d in diags.errors] == [code]
    assert text in diags.errors[0].message and "model://m" in diags.errors[0].message
    assert diags.errors[0].line == 7 and diags.errors[0].file == "including.sdf"


def test_model_config_that_is_not_a_file(tmp_path: Path) -> None:
    (_model(tmp_path, "m", config=None) / "model.config").mkdir()
    got, diags = _load("model://m", resource_paths=(str(tmp_path),), environment=())
    assert got is None and _codes(diags) == [("error", "FILE_READ")]
    assert "model.config" in diags.items[0].message and "folder" in diags.items[0].message
    if hasattr(os, "mkfifo"):
        os.mkfifo(_model(tmp_path, "f", config=None) / "model.config")
        got, diags = _load("model://f", resource_paths=(str(tmp_path),), environment=())
        assert got is None and _codes(diags) == [("error", "FILE_READ")]


def test_model_config_root_must_be_model_and_entities_are_refused(tmp_path: Path) -> None:
    folder = _model(tmp_path, "m")
    (folder / "model.config").write_text("<config><sdf>model.sdf</sdf></config>")
    got, diags = _load("model://m", resource_paths=(str(tmp_path),), environment=())
    assert got is None and [d.code for d in diags] == ["PARSING_ERROR"]
    assert "no <model>" in diags.items[0].message
    secret = tmp_path / "secret.txt"
    secret.write_text("model.sdf")
    (folder / "model.config").write_text(
        f'<!DOCTYPE model [<!ENTITY e SYSTEM "file://{secret}">]><model><sdf>&e;</sdf></model>')
    got, diags = _load("model://m", resource_paths=(str(tmp_path),), environment=())
    assert got is None and [d.code for d in diags] == ["PARSING_ERROR"]
    assert "entity" in diags.items[0].message


# -- what is not found or not followed --------------------------------------------------


def test_not_found_names_the_uri_and_the_folders_searched(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    got, diags = _load("model://nothing", resource_paths=(str(a),),
                       environment=(("GZ_SIM_RESOURCE_PATH", str(b)),))
    assert got is None and _codes(diags) == [("error", "URI_LOOKUP")]
    message = diags.items[0].message
    assert "model://nothing" in message and str(a) in message and str(b) in message
    assert diags.items[0].line == 7
    main = tmp_path / "w" / "main.sdf"
    got, diags = _load("x.sdf", str(main), str(main), environment=())
    assert got is None and str(tmp_path / "w") in diags.items[0].message
    got, diags = _load("model://box", environment=())
    assert got is None and "--resource-path" in diags.items[0].message
    got, diags = _load(str(tmp_path / "gone.sdf"), environment=())
    assert got is None and [d.code for d in diags] == ["URI_LOOKUP"]


@pytest.mark.parametrize("uri", [
    "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke%20Can/2",
    "http://example.com/model.sdf",
    "fuel://fuel.gazebosim.org/openrobotics/models/sun",
    "FTP://example.com/m.sdf",
    "s3://bucket/m.sdf",
])
def test_network_uris_are_never_fetched(tmp_path: Path, uri: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("network access")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    got, diags = _load(uri, resource_paths=(str(tmp_path),), environment=())
    # issue 49: a network URI is a warning (libsdformat's URI_LOOKUP; the rest is read)
    network = uri.lower().startswith(("http", "fuel", "ftp"))
    assert got is None and _codes(diags) == [
        ("warning", "URI_LOOKUP") if network else ("error", "URI_INVALID")]
    message = diags.items[0].message
    assert uri in message and "--resource-path" in message
    if uri.lower().startswith(("http", "fuel", "ftp")):
        assert f"gz fuel download -u {uri}" in message and "GZ_SIM_RESOURCE_PATH" in message
    if "Coke" in uri:
        assert "model://Coke Can" in message


@pytest.mark.parametrize("uri", ["", "  ", "model://", "model:///etc", "package://", "file://",
                                 "a\x00b"])
def test_uris_naming_nothing(tmp_path: Path, uri: str) -> None:
    got, diags = _load(uri, resource_paths=(str(tmp_path),), environment=())
    assert got is None and _codes(diags) == [("error", "URI_INVALID")]


def test_no_includes_config_loads_nothing(tmp_path: Path) -> None:
    _model(tmp_path, "box")
    got, diags = _load("model://box", resolve=False, resource_paths=(str(tmp_path),))
    assert got is None and list(diags) == []


# -- safety -------------------------------------------------------------------------------


def test_symlink_out_of_the_roots_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.sdf").write_bytes(MODEL_SDF)
    models = tmp_path / "models"
    folder = _model(models, "evil", config='<sdf version="1.7">model.sdf</sdf>', files=())
    (folder / "model.sdf").symlink_to(outside / "secret.sdf")
    (models / "linked").symlink_to(outside)
    (folder / "up.sdf").symlink_to("../../outside/secret.sdf")
    for uri in ("model://evil", "model://linked/secret.sdf", "model://evil/up.sdf",
                "model://evil/../../outside/secret.sdf"):
        got, diags = _load(uri, resource_paths=(str(models),), environment=())
        assert got is None, uri
        assert _codes(diags) == [("error", "INCLUDE_OUTSIDE_ROOTS")], uri
        assert uri in diags.items[0].message and str(models) in diags.items[0].message
    # a symlink inside the roots is fine
    (models / "alias").symlink_to(models / "evil")
    (folder / "model.sdf").unlink()
    (folder / "model.sdf").write_bytes(MODEL_SDF)
    got, diags = _load("model://alias", resource_paths=(str(models),), environment=())
    assert got is not None and got.path == os.path.realpath(folder / "model.sdf")
    assert got.display == str(models / "alias" / "model.sdf")


def test_absolute_path_outside_the_roots_is_refused(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    secret = tmp_path / "other" / "secret.sdf"
    secret.write_bytes(MODEL_SDF)
    (tmp_path / "world").mkdir()
    main = tmp_path / "world" / "main.sdf"
    for uri in (str(secret), f"file://{secret}", "../other/secret.sdf"):
        got, diags = _load(uri, str(main), str(main), environment=())
        assert got is None and _codes(diags) == [("error", "INCLUDE_OUTSIDE_ROOTS")], uri
    # allowed once its folder is a root
    got, diags = _load(str(secret), str(main), str(main), environment=(),
                       resource_paths=(str(tmp_path / "other"),))
    assert got is not None and list(diags) == []


def test_model_config_naming_a_file_outside_the_roots_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.sdf").write_bytes(MODEL_SDF)
    _model(tmp_path / "models", "m", config="<sdf>../../secret.sdf</sdf>", files=())
    got, diags = _load("model://m", resource_paths=(str(tmp_path / "models"),),
                       environment=())
    assert got is None and _codes(diags) == [("error", "INCLUDE_OUTSIDE_ROOTS")]


def test_a_1gb_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.sdf"
    with big.open("wb") as f:
        f.truncate(1 << 30)
    start = time.perf_counter()
    got, diags = _load("big.sdf", str(tmp_path / "main.sdf"), None)
    assert time.perf_counter() - start < 0.5
    assert got is None and _codes(diags) == [("error", "FILE_READ")]
    assert str(1 << 30) in diags.items[0].message
    # and a smaller limit applies to model.config and model files alike
    folder = _model(tmp_path / "models", "m")
    got, diags = _load("model://m", resource_paths=(str(tmp_path / "models"),),
                       environment=(), max_file_bytes=10)
    assert got is None and _codes(diags) == [("error", "FILE_READ")]
    assert "model.config" in diags.items[0].message
    limit = (folder / "model.config").stat().st_size
    (folder / "model.sdf").write_bytes(MODEL_SDF + b" " * limit)
    got, diags = _load("model://m", resource_paths=(str(tmp_path / "models"),),
                       environment=(), max_file_bytes=limit)
    assert got is None and "model.sdf" in diags.items[0].message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.sdf")
    start = time.perf_counter()
    got, diags = _load("pipe.sdf", str(tmp_path / "main.sdf"), None)
    assert time.perf_counter() - start < 0.5
    assert got is None and _codes(diags) == [("error", "FILE_READ")]
    assert "not a regular file" in diags.items[0].message


def test_special_files_are_refused(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    got, diags = _load("/dev/zero", None, None, resource_paths=("/dev",), environment=())
    assert got is None and _codes(diags) == [("error", "FILE_READ")]


def test_bounded_read_stops_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    fd = os.open(path, os.O_RDONLY)
    try:
        assert bounded_read(fd, 10, 50) is None  # grew past the limit since its stat
        os.lseek(fd, 0, os.SEEK_SET)
        assert bounded_read(fd, 10, 100) == b"x" * 100  # grew, still within it
        os.lseek(fd, 0, os.SEEK_SET)
        assert bounded_read(fd, 100, 99) is None
    finally:
        os.close(fd)


# -- cycles and depth -------------------------------------------------------------------


_URI = re.compile(rb"<uri>(.*?)</uri>")


def _follow(resolver: IncludeResolver, including: str | None, data: bytes,
            diags: Diagnostics) -> int:
    """Read every include of ``data``, recursively, as the SDF reader does; the files read."""
    read = 0
    for m in _URI.finditer(data):
        got = resolver.load(m.group(1).decode(), including, 3, diags)
        if got is None or not resolver.enter(got, 3, diags):
            continue
        read += 1 + _follow(resolver, got.display, got.data, diags)
        resolver.leave()
    return read


def _includes(uri: str) -> bytes:
    return f'<sdf version="1.7"><model name="m"><include><uri>{uri}</uri></include>' \
           "</model></sdf>".encode()


def test_cycle_a_b_a(tmp_path: Path) -> None:
    (tmp_path / "a.sdf").write_bytes(_includes("b.sdf"))
    (tmp_path / "b.sdf").write_bytes(_includes("a.sdf"))
    main = str(tmp_path / "a.sdf")
    resolver = IncludeResolver(IncludeConfig(environment=()), main)
    diags = Diagnostics(main)
    assert _follow(resolver, main, (tmp_path / "a.sdf").read_bytes(), diags) == 1
    assert _codes(diags) == [("error", "INCLUDE_CYCLE")]
    a, b = str(tmp_path / "a.sdf"), str(tmp_path / "b.sdf")
    assert f"{a} -> {b} -> {a}" in diags.items[0].message
    assert diags.items[0].line == 3
    # the stack is back to the main input: the same resolver can read b again
    got = resolver.load("b.sdf", main, 1, diags)
    assert got is not None and resolver.enter(got, 1, diags)


def test_cycle_without_a_main_file_and_a_self_include(tmp_path: Path) -> None:
    (tmp_path / "self.sdf").write_bytes(_includes("self.sdf"))
    resolver = IncludeResolver(IncludeConfig(environment=(), resource_paths=(str(tmp_path),)),
                               None)
    diags = Diagnostics()
    assert _follow(resolver, None, _includes("self.sdf"), diags) == 1
    assert _codes(diags) == [("error", "INCLUDE_CYCLE")]
    assert diags.items[0].message.endswith(
        f"{tmp_path / 'self.sdf'} -> {tmp_path / 'self.sdf'}")


def test_a_1000_deep_chain_stops_at_max_depth_quickly(tmp_path: Path) -> None:
    for i in range(1000):
        (tmp_path / f"f{i}.sdf").write_bytes(_includes(f"f{i + 1}.sdf"))
    main = str(tmp_path / "f0.sdf")
    for depth in (32, 5):
        resolver = IncludeResolver(IncludeConfig(environment=(), max_depth=depth), main)
        diags = Diagnostics(main)
        start = time.perf_counter()
        assert _follow(resolver, main, (tmp_path / "f0.sdf").read_bytes(), diags) == depth
        assert time.perf_counter() - start < 0.5
        assert _codes(diags) == [("error", "INCLUDE_DEPTH")]
        assert f"f{depth + 1}.sdf" in diags.items[0].message
        assert f"deeper than {depth}" in diags.items[0].message


def test_leave_never_pops_the_main_input(tmp_path: Path) -> None:
    (tmp_path / "a.sdf").write_bytes(_includes("a.sdf"))
    main = str(tmp_path / "a.sdf")
    resolver = IncludeResolver(IncludeConfig(environment=()), main)
    resolver.leave()
    diags = Diagnostics()
    got = resolver.load("a.sdf", main, 1, diags)
    assert got is not None and not resolver.enter(got, 1, diags)
    assert _codes(diags) == [("error", "INCLUDE_CYCLE")]


# -- libsdformat's own test models ---------------------------------------------------------


@requires_sdformat_tests
def test_libsdformat_includes_sdf_resolves_through_sdf_path() -> None:
    """sdf/includes.sdf includes ``test_model`` and ``test_model/model.sdf`` with SDF_PATH
    set to integration/model, as libsdformat's test does."""
    includes = MODELS.parents[1] / "sdf" / "includes.sdf"
    resolver = IncludeResolver(IncludeConfig(environment=(("SDF_PATH", str(MODELS)),)),
                               str(includes))
    diags = Diagnostics(str(includes))
    for uri in (m.group(1).decode() for m in _URI.finditer(includes.read_bytes())):
        got = resolver.load(uri, str(includes), None, diags)
        assert got is not None, (uri, [str(d) for d in diags])
    assert list(diags) == []
    got = resolver.load("test_model", str(includes), None, diags)
    assert got is not None and got.path == os.path.realpath(MODELS / "test_model" / "model.sdf")
    assert got.display == str(MODELS / "test_model" / "model.sdf")


@requires_sdformat_tests
@pytest.mark.parametrize(("name", "expected", "warnings"), [
    ("cococan", "model-1_4.sdf", ["UNSUPPORTED_VERSION"]),
    ("cococan_noversiontag", "model-1_2.sdf", []),
    ("box", "model.sdf", []),
    ("test_include_urdf", "model.urdf", []),
])
def test_libsdformat_model_folders(name: str, expected: str, warnings: list[str]) -> None:
    got, diags = _load(f"model://{name}", resource_paths=(str(MODELS),), environment=())
    assert got is not None and got.path == os.path.realpath(MODELS / name / expected)
    assert [d.code for d in diags] == warnings


@requires_sdformat_tests
def test_libsdformat_box_missing_config() -> None:
    got, diags = _load("model://box_missing_config", resource_paths=(str(MODELS),),
                       environment=())
    assert got is None and [d.code for d in diags] == ["URI_LOOKUP"]
    assert "does not contain a model.config" in diags.items[0].message


# -- documents in other encodings -----------------------------------------------------
# A UTF-16 or UTF-32 document is read the same as its UTF-8 form: its includes are
# followed and it is upgraded (tests/xml/test_encodings.py covers more encodings).


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-be", "utf-32"])
def test_a_document_in_any_encoding_follows_its_includes_and_is_upgraded(
        tmp_path: Path, encoding: str) -> None:
    from urdfsdf.api import load_sdf

    _model(tmp_path / "models", "box")
    text = (f'<?xml version="1.0" encoding="{encoding.upper()}"?>\n<sdf version="1.6">'
            '<world name="w"><include><uri>model://box</uri></include>'
            '<model name="m"><link name="a"/><link name="b"/><joint name="j" type="revolute">'
            '<parent>a</parent><child>b</child><axis><xyz>1 0 0</xyz>'
            '<use_parent_model_frame>true</use_parent_model_frame></axis></joint></model>'
            '</world></sdf>')
    data = text.encode(encoding)
    doc, diags = load_sdf(data, includes=IncludeConfig(resource_paths=(str(tmp_path / "models"),),
                                                       environment=()))
    assert doc is not None and not diags.has_errors(), list(diags)
    (world,) = doc.worlds
    assert sorted(m.name for m in world.models) == ["box/model.sdf", "m"]
    (joint,) = [m for m in world.models if m.name == "m"][0].joints
    assert joint.axis is not None and joint.axis.expressed_in == "__model__"
