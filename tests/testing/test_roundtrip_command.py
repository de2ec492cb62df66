"""``urdfsdf roundtrip`` (issue 19): exit status, output, an altered round trip, the corpus.

The corpus check is the lossless and fidelity tests' own: the URDFs are
``test_corpus_fidelity.ACCEPTED`` (every one must come back with no difference),
the SDF models ``test_sdf2urdf_corpus.CORPUS_CASES``, of which exactly
``EXPECTED_FAILURES`` do not convert (each with its documented code) and every
other one comes back with no difference.  In-process: ``cli.main`` per file.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from urdfsdf.commands import roundtrip as roundtrip_module
from urdfsdf.commands.cli import main
from urdfsdf.commands.roundtrip import roundtrip_source

from conftest import CORPUS, ROOT, SAMPLES, requires_corpus


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["roundtrip", *argv], stdout=out, stderr=err, stdin=io.StringIO(""))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("sample", ["parity.urdf", "every_element.urdf",
                                    "pendulum_with_base.sdf"])
def test_samples_come_back_with_no_difference(sample: str) -> None:
    code, out, err = run(str(SAMPLES / sample))
    assert (code, out) == (0, ""), out + err
    assert err.strip().endswith("no difference"), err  # the summary is on stderr
    code, out, err = run(str(SAMPLES / sample), "--format", "json")
    assert (code, json.loads(out)) == (0, [])


def _moved(text: str) -> str:
    """What a broken converter would give back: joint1 1 mm off along x."""
    return text.replace('xyz="0.1234 -0.5 1e-3"', 'xyz="0.1244 -0.5 1e-3"')


def test_an_altered_round_trip_lists_the_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The URDF that comes back is altered (joint1 moved by 1 mm): exit 1, listed."""
    real = roundtrip_module.sdf_to_urdf_result

    def broken(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        assert result.text is not None and 'xyz="0.1234 -0.5 1e-3"' in result.text
        result.text = _moved(result.text)
        return result

    monkeypatch.setattr(roundtrip_module, "sdf_to_urdf_result", broken)
    path = str(SAMPLES / "parity.urdf")
    code, out, err = run(path)
    assert code == 1, out + err
    lines = out.splitlines()
    assert f"{path}: kinematics: link[@name='link2']: at zero (the frame of its joint " \
           "'joint1'): position off by 0.001 m" in out, out
    assert f"{path}: document: joint[@name='joint1']/origin/@xyz: '0.1234 -0.5 1e-3' != " \
           "'0.1244 -0.5 1e-3'" in lines, out
    assert err.splitlines()[-1].endswith("difference(s)"), err  # the summary: stderr
    code, out, _ = run(path, "--format", "json")
    found = json.loads(out)
    assert code == 1 and {"check": "document", "path": "joint[@name='joint1']/origin/@xyz",
                          "message": "'0.1234 -0.5 1e-3' != '0.1244 -0.5 1e-3'"} in found


def test_an_altered_file_that_cannot_come_back(tmp_path: Path) -> None:
    """A file altered to hold what URDF has no form for: exit 1, the model listed."""
    text = (SAMPLES / "pendulum_with_base.sdf").read_text()
    altered = tmp_path / "ball.sdf"
    altered.write_text(text.replace('type="revolute"', 'type="ball"', 1))
    assert altered.read_text() != text
    code, out, err = run(str(altered), "--format", "json")
    assert code == 1
    assert "NO_URDF_EQUIVALENT" in err and "Traceback" not in err
    assert [d["check"] for d in json.loads(out)] == ["conversion"]


def test_bad_input_and_usage() -> None:
    code, out, err = run("/nonexistent/robot.urdf")
    assert (code, out) == (1, "") and "FILE_READ" in err
    out_, err_ = io.StringIO(), io.StringIO()
    code = main(["roundtrip", "-"], stdout=out_, stderr=err_, stdin=io.StringIO("<robot"))
    assert code == 1 and "PARSING_ERROR" in err_.getvalue()
    assert run()[0] == 2
    assert run(str(SAMPLES / "parity.urdf"), "--via", "nothing")[0] == 2
    code, _out, err = run(str(SAMPLES / "parity.urdf"), "--via", "urdf")
    assert code == 2 and "--via sdf" in err
    assert run(str(SAMPLES / "parity.urdf"), "--via", "sdf")[0] == 0
    assert run(str(SAMPLES / "parity.urdf"), "--model", "x")[0] == 2
    code, out, _err = run(str(SAMPLES / "pendulum_with_base.sdf"), "--model", "nothing")
    assert code == 1 and "no model" in _err.lower() + out.lower(), _err


def test_roundtrip_does_not_import_hypothesis() -> None:
    """The command's cold start: urdfsdf.compare, never hypothesis."""
    code = ("import sys\nfrom urdfsdf.commands.cli import main\n"
            f"assert main(['roundtrip', {str(SAMPLES / 'parity.urdf')!r}]) == 0\n"
            "assert 'hypothesis' not in sys.modules, 'hypothesis imported'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


# -- over ../shared/corpus ------------------------------------------------------------


@requires_corpus
def test_roundtrip_over_the_corpus_urdfs() -> None:
    from corpus.test_corpus_fidelity import ACCEPTED

    failed = {}
    for path in ACCEPTED:
        code, out, err = run(str(CORPUS / path), "--format", "json")
        if code != 0:
            failed[path] = (json.loads(out) if out else [], err)
    # test_b_urdf_sdf_urdf_gives_the_urdf_as_written passes for every one of them
    assert failed == {}
    assert len(ACCEPTED) >= 150


@requires_corpus
def test_roundtrip_over_the_corpus_sdfs() -> None:
    from corpus.test_sdf2urdf_corpus import CORPUS_CASES, EXPECTED_FAILURES

    files = list(dict.fromkeys(path for _key, path, _model in CORPUS_CASES))
    compared: set[str] = set()
    failed: dict[str, set[str]] = {}
    differences = {}
    for path in files:
        key = str(path.relative_to(CORPUS))
        report = roundtrip_source(str(path))
        several = report.per_model
        compared |= {f"{key}#{m}" if several else key for m in report.models}
        for m in report.failed:
            codes = {d.code for d in report.diagnostics if d.severity == "error"}
            failed[f"{key}#{m}" if several else key] = codes
        if report.differences:
            differences[key] = [str(d) for d in report.differences]
    assert differences == {}
    # the models that do not convert are test_sdf2urdf_corpus's, with their codes
    assert set(failed) == set(EXPECTED_FAILURES)
    for key, (code, _reason) in EXPECTED_FAILURES.items():
        assert code in failed[key], (key, failed[key])
    # every other model converts there and back: the same count
    assert compared == {key for key, _p, _m in CORPUS_CASES} - set(EXPECTED_FAILURES)
    assert len(compared) == len(CORPUS_CASES) - len(EXPECTED_FAILURES)
