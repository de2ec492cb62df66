"""benchmarks/corpus_sweep.py: zero crashes on ../shared/corpus, and crashes are counted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import CORPUS, ROOT


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus_sweep",
                                                  ROOT / "benchmarks" / "corpus_sweep.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


corpus_sweep = _load()


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus absent")
def test_corpus_sweep_has_no_crash(capsys: pytest.CaptureFixture[str]) -> None:
    status = corpus_sweep.main([str(CORPUS)])
    out = capsys.readouterr().out
    assert "crashes: none" in out, out
    assert status == 0
    files = int(out.split("\ncheck")[1].split()[0])
    assert files == len(corpus_sweep.find_files(CORPUS)) > 0


def _mini_corpus(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "ok.urdf").write_text('<robot name="r"><link name="a"/></robot>\n')
    (tmp_path / "bad.urdf").write_text("not xml\n")
    (tmp_path / "sub" / "m.sdf").write_text(
        '<sdf version="1.7"><model name="m"><link name="a"/></model></sdf>\n')
    (tmp_path / "sub" / "w.world").write_text(
        '<sdf version="1.7"><world name="w"><model name="m"><link name="a"/></model>'
        '</world></sdf>\n')
    (tmp_path / "notes.txt").write_text("ignored\n")
    return tmp_path


def test_sweep_counts_outcomes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _mini_corpus(tmp_path)
    assert [p.name for p in corpus_sweep.find_files(root)] == ["bad.urdf", "ok.urdf",
                                                                "m.sdf", "w.world"]
    assert corpus_sweep.main([str(root)]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:5] for line in out.splitlines()
            if line.split()[:1] and line.split()[0] in ("check", "urdf2sdf", "sdf2urdf")}
    assert rows == {"check": ["4", "3", "1", "0"], "urdf2sdf": ["2", "1", "1", "0"],
                    "sdf2urdf": ["2", "2", "0", "0"]}
    assert "refused by urdf2sdf (files per code): PARSING_ERROR 1" in out


def test_sweep_reports_crashes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    import urdfsdf

    def boom(source: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(urdfsdf, "sdf_to_urdf", boom)
    root = _mini_corpus(tmp_path)
    assert corpus_sweep.main([str(root), "--json"]) == 1
    import json

    report = json.loads(capsys.readouterr().out)
    assert report["operations"]["sdf2urdf"]["crashed"] == 2
    assert {Path(c["file"]).name for c in report["crashes"]} == {"m.sdf", "w.world"}
    assert report["crashes"][0]["exception"] == "RuntimeError: boom"


def test_sweep_usage(tmp_path: Path) -> None:
    assert corpus_sweep.main([str(tmp_path / "missing")]) == 2
    assert corpus_sweep.main([]) == 2


def test_sweep_reports_time_outs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A file whose operations outlast --timeout is stopped and counted, the rest go on."""
    import multiprocessing
    import time

    import urdfsdf

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("children are not forked: the patch does not reach them")
    real = urdfsdf.urdf_to_sdf

    def slow_on_ok(source: object) -> str:
        if str(source).endswith("ok.urdf"):
            time.sleep(60)
        return real(source)  # type: ignore[arg-type]

    monkeypatch.setattr(urdfsdf, "urdf_to_sdf", slow_on_ok)
    root = _mini_corpus(tmp_path)
    assert corpus_sweep.main([str(root), "--timeout", "1"]) == 1
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:6] for line in out.splitlines()
            if line.split()[:1] and line.split()[0] in ("check", "urdf2sdf", "sdf2urdf")}
    # ok.urdf: both of its operations count as timed out; the other files as before
    assert rows["urdf2sdf"] == ["2", "0", "1", "0", "1"]
    assert rows["sdf2urdf"] == ["2", "2", "0", "0", "0"]
    assert "time-outs (1):" in out and "ok.urdf: no outcome within 1 s" in out
    assert "slowest file:" in out


def test_generated_files_are_written(tmp_path: Path) -> None:
    paths = corpus_sweep.write_generated(tmp_path, 20)
    worst = [p for p in paths if p.name.startswith("worst_")]
    fuzz = [p for p in paths if p.name.startswith("fuzz_")]
    assert len(worst) >= 30 and all(p.stat().st_size >= 8_000 for p in worst)
    assert 15 <= len(fuzz) <= 20
    assert {p.suffix for p in paths} == {".urdf", ".sdf"}
