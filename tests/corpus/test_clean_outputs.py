"""Issue 25: clean in, clean out.

- Clean loads: libsdformat 12 (the oracle) loads every urdf2sdf output of the corpus, of
  ``tests/corpus_extra`` and of generated documents without printing an ``Error`` or
  ``Warning`` console line that loading the input does not print (the oracle's stderr:
  libsdformat prints some errors, such as an empty required attribute, without returning
  them).
- No child of an output model shares its name with a sibling, namespaced or not, and no
  carried element has an empty attribute value.
- Self-check: an output urdfsdf's checker refuses is an error (OUTPUT_INVALID), never a
  success.
- Exact round trips: -1 limits and Gazebo-0.x prefixes come back as written; ``urdfsdf
  roundtrip`` never prints a traceback.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from lxml import etree

import urdfsdf
from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.cli import main
from urdfsdf.testing import urdf_documents
from urdfsdf.xml.namespaces import URDF_NS

from conftest import CORPUS, ROOT, corpus_rows, oracle_path, requires_oracle
from tiers import examples, sample

EXTRA = ROOT / "tests" / "corpus_extra"
PR2 = EXTRA / "pr2_style_gripper.urdf"
SENTINELS = EXTRA / "sentinels_and_empty_values.urdf"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_WHERE = re.compile(r"\[[\w.]+:\d+\]")


def _urdf_inputs(quick: int | None = None) -> list[Path]:
    """Every corpus URDF (one of each set of duplicates; ``quick`` of them in the quick
    tier) and the repository's extra ones."""
    rows = [r for r in corpus_rows() if r["format"] == "urdf" and not r["duplicate_of"]]
    paths = [CORPUS / r["path"] for r in rows]
    return (paths if quick is None else sample(paths, quick)) + sorted(EXTRA.glob("*.urdf"))


def _console(path: str) -> set[str]:
    """The Error/Warning lines libsdformat prints loading ``path`` (source places cut)."""
    oracle = oracle_path()
    assert oracle is not None
    run = subprocess.run([oracle, path], capture_output=True, text=True, timeout=600,
                         check=False, env={**os.environ, "HOME": tempfile.gettempdir()})
    lines = (_ANSI.sub("", line) for line in run.stderr.splitlines())
    return {_WHERE.sub("", line).replace(path, "FILE") for line in lines
            if line.startswith(("Error", "Warning"))}


def _new_console_lines(source: Path | str, folder: str) -> list[str]:
    """Console lines libsdformat prints for the urdf2sdf output of ``source`` only."""
    result = urdf_to_sdf_result(source if isinstance(source, str) else str(source))
    if result.text is None:
        return []  # refused input: nothing written
    name = source.name if isinstance(source, Path) else f"doc{abs(hash(source))}"
    base = os.path.join(folder, name)
    out = base + ".sdf"
    Path(out).write_text(result.text)
    if isinstance(source, Path):
        before = _console(str(source))
    else:
        Path(base + ".urdf").write_text(source)
        before = _console(base + ".urdf")
    new = _console(out) - before
    text = source.read_text(errors="replace") if isinstance(source, Path) else source
    # a value out of SDFormat's range that the input's <gazebo> block holds as written:
    # libsdformat prints it for the input too, unless it dropped that link (massless)
    new = {line for line in new if not _input_value(line, text)}
    if new <= {_URDF_FALLBACK}:  # libsdformat's try of the file as URDF after such an error
        new = set()
    return sorted(f"{name}: {line}" for line in new)


_RANGE = re.compile(r"The value \[(.*)\] is (?:greater|less) than the (?:maximum|minimum) "
                    r"allowed value of \[.*\] for key \[(\w+)\]")
_URDF_FALLBACK = "Error:   Could not find the 'robot' element in the xml file"


def _input_value(line: str, text: str) -> bool:
    """Whether the value a range error names is written as such in the input."""
    m = _RANGE.search(line)
    if m is None:
        return False
    key = re.escape(m.group(2))
    for written in re.findall(f"<{key}>([^<]*)</{key}>", text):
        try:
            if float(written) == float(m.group(1)):
                return True
        except ValueError:
            continue
    return False


@requires_oracle
def test_libsdformat_prints_nothing_new_for_any_urdf2sdf_output() -> None:
    inputs = _urdf_inputs(quick=30)
    assert len(inputs) >= 2
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(2) as pool:
        found = [line for lines in pool.map(lambda p: _new_console_lines(p, folder), inputs)
                 for line in lines]
    assert found == []


@requires_oracle
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
# no <gazebo> blocks: the strategy fills them with values out of SDFormat's ranges, which
# libsdformat reports for the output and, for the input, only when it keeps the link (it
# drops massless links): the corpus test above covers real blocks
@given(urdf_documents(links=(1, 4), gazebo=False))
def test_libsdformat_prints_nothing_new_for_generated_documents(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        assert _new_console_lines(text, folder) == []


def _named_children(sdf: str) -> list[list[str]]:
    """The names of each model's named children (any tag, any namespace), per model."""
    root = etree.fromstring(sdf.encode())
    return [[str(c.get("name")) for c in model if isinstance(c.tag, str)
             and c.get("name") is not None] for model in root.iter("model")]


def _empty_carried_values(sdf: str) -> list[str]:
    """Empty attribute values libsdformat validates: namespaced ones, and any inside a
    custom (namespaced) element."""
    root = etree.fromstring(sdf.encode())
    found = []
    for el in root.iter(etree.Element):
        custom = any(str(a.tag).startswith("{") for a in (el, *el.iterancestors()))
        found += [f"<{el.tag}> {k}" for k, v in el.attrib.items()
                  if v == "" and (custom or str(k).startswith("{"))]
    return found


@pytest.mark.parametrize("path", _urdf_inputs(quick=20), ids=lambda p: p.name)
def test_output_names_unique_and_no_empty_carried_value(path: Path) -> None:
    result = urdf_to_sdf_result(str(path))
    if result.text is None:
        pytest.skip("the input is refused")
    for names in _named_children(result.text):
        assert sorted(n for n in set(names) if names.count(n) > 1) == []
    assert _empty_carried_values(result.text) == []


def test_pr2_style_gazebo_joints_renamed_or_carried_with_warnings() -> None:
    result = urdf_to_sdf_result(str(PR2))
    assert result.text is not None
    codes = [(d.code, d.line) for d in result.diagnostics if d.severity == "warning"]
    # the <gazebo> block's loop-closing joint, applied (issue 38), and the joint named
    # like a URDF joint, not applied
    assert ("KINEMATIC_LOOP", 135) in codes and ("ELEMENT_DROPPED", 140) in codes
    # <joint:slider name="r_gripper_joint"> and <joint:hinge name="r_gripper_l_finger_link">
    assert ("DUPLICATE_NAME", 148) in codes and ("DUPLICATE_NAME", 156) in codes
    root = etree.fromstring(result.text.encode())
    slider = root.find("model/{urn:undeclared:joint}slider")
    assert slider is not None and slider.get(f"{{{URDF_NS}}}name") == "r_gripper_joint"
    # the URDF's six and the block's loop-closing joint (not the one named like a URDF's)
    assert [j.get("name") for j in root.findall("model/joint")][6:] == \
        ["r_gripper_r_parallel_tip_joint"]
    check = main(["check", "-"], stdout=io.StringIO(), stderr=io.StringIO(),
                 stdin=_Stdin(result.text.encode()))
    assert check == 0


def test_sentinel_limits_and_empty_values_come_back_as_written() -> None:
    result = urdf_to_sdf_result(str(SENTINELS))
    assert result.text is not None
    assert 'urdf:empty="name"' in result.text
    back = sdf_to_urdf_result(result.text)
    assert back.text is not None
    from urdfsdf.compare.document import document_differences

    assert document_differences(SENTINELS.read_bytes(), back.text) == []
    root = etree.fromstring(back.text.encode())
    torso = root.find("joint[@name='torso']/limit")
    assert torso is not None and (torso.get("effort"), torso.get("velocity")) == ("-1.0", "-1.0")


@pytest.mark.parametrize("path", [PR2, SENTINELS], ids=lambda p: p.name)
def test_roundtrip_command_reports_no_difference(path: Path) -> None:
    exe = Path(sys.executable).parent / "urdfsdf"  # the console script, as a user runs it
    run = subprocess.run([str(exe), "roundtrip", str(path)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert "Traceback" not in run.stderr
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no difference" in run.stderr  # the summary (stdout: the differences only)
    assert run.stdout == ""


def _accepted_urdfs() -> list[Path]:
    """The URDFs urdfdom accepts: corpus (one of each set of duplicates) and extra ones."""
    rows = [r for r in corpus_rows() if r["format"] == "urdf" and not r["duplicate_of"]
            and r["check_urdf"] == "ok"]
    return sample([CORPUS / r["path"] for r in rows], 20) + sorted(EXTRA.glob("*.urdf"))


@pytest.mark.parametrize("path", _accepted_urdfs(), ids=lambda p: p.name)
def test_roundtrip_reports_no_difference_on_every_accepted_urdf(path: Path) -> None:
    from urdfsdf.commands.roundtrip import roundtrip_source

    report = roundtrip_source(str(path))
    assert report.failed == []
    assert [f"{d.check} {d.path}: {d.message}" for d in report.differences] == []


def test_a_crash_is_a_diagnostic_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import urdfsdf.commands.cli as cli

    def broken(*args: object) -> int:
        raise KeyError("boom")

    monkeypatch.setitem(cli.COMMANDS, "check", broken)
    monkeypatch.delenv("URDFSDF_TRACEBACK", raising=False)
    err = io.StringIO()
    assert main(["check", str(PR2)], stdout=io.StringIO(), stderr=err) == 1
    assert "error[INTERNAL_ERROR]" in err.getvalue() and "Traceback" not in err.getvalue()


@pytest.mark.parametrize("prefix", ["sensor", "controller", "joint"])
def test_roundtrip_with_undeclared_prefixes_never_crashes(prefix: str) -> None:
    urdf = (f'<robot name="r"><link name="a"/><gazebo reference="a"><{prefix}:thing '
            f'name="t"><{prefix}:inner x=""/></{prefix}:thing></gazebo></robot>')
    from urdfsdf.commands.roundtrip import roundtrip_source

    report = roundtrip_source(urdf)
    assert report.failed == [] and report.differences == []


def test_self_check_refuses_an_output_with_colliding_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the renaming of colliding children switched off, urdf2sdf fails instead of
    writing an SDF that Drake refuses."""
    import urdfsdf.translate.to_sdf as to_sdf

    monkeypatch.setattr(to_sdf, "_unique_children", lambda sdf, diags: sdf)
    result = urdf_to_sdf_result(str(PR2))
    assert result.text is None
    assert ("OUTPUT_INVALID", 148) in [(d.code, d.line) for d in result.diagnostics]
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.sdf")
        err = io.StringIO()
        assert main(["urdf2sdf", str(PR2), "-o", out], stdout=io.StringIO(), stderr=err) == 1
        assert not os.path.exists(out)
        assert "OUTPUT_INVALID" in err.getvalue()


def test_self_check_refuses_a_urdf_output_with_a_repeated_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import urdfsdf.translate.to_urdf_copy as copy_path
    from urdfsdf.core.ir import evolve

    real = copy_path.urdf_joint

    def same_name(*args: object, **kwargs: object) -> object:
        joint = real(*args, **kwargs)  # type: ignore[arg-type]
        return None if joint is None else evolve(joint, name="clash")

    monkeypatch.setattr(copy_path, "urdf_joint", same_name)
    sdf = urdfsdf.urdf_to_sdf(str(PR2))
    result = sdf_to_urdf_result(sdf)
    assert result.text is None
    assert "OUTPUT_INVALID" in [d.code for d in result.diagnostics]


class _Stdin(io.StringIO):
    """Standard input holding ``data`` (its ``buffer``, as the commands read it)."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self.buffer = io.BytesIO(data)  # type: ignore[misc]
