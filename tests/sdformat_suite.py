"""Conformance harness: libsdformat's own test files (../shared/sdformat_tests) through urdfsdf.

For every ``.sdf``, ``.urdf`` and ``.world`` file of ``../shared/sdformat_tests/main`` it
runs, through :func:`urdfsdf.commands.cli.main` (the command line, in process):

* ``urdfsdf check FILE --format json`` (URDF files too: check reads both), and compares
  the verdict (exit status 0 = valid) with ``expected.tsv`` (see :func:`judge` for the
  rule);
* ``urdfsdf poses FILE --json`` (a URDF goes through ``urdf2sdf --lump-fixed-joints``
  first, which is what libsdformat does to it) and compares every link, joint, frame,
  visual, collision and nested/world model pose with the oracle's within 1e-9
  (``tests/oracle.py``), on every file the oracle (libsdformat 12, ``$SDF_ORACLE``) loads
  without error; skipped without ``$SDF_ORACLE``;
* ``sdf2urdf FILE [--model NAME]`` on every SDF file libsdformat's tests call valid (or,
  where they say nothing, libsdformat 12 loads: ``manifest.tsv``), once per model when
  the file holds several: it must convert, or fail with a diagnostic, never a traceback.

Includes: libsdformat's tests find included models with ``SDF_PATH`` (and the process's
current folder). Every command gets ``--resource-path DIR`` for each folder they use
(:func:`resource_paths`: each folder holding model folders, i.e. the parent of a folder
with a ``model.config``, and the file's own folder), when the command line has that option;
until it has, ``SDF_PATH`` is set to the same folders. ``SDF_PATH``,
``GZ_SIM_RESOURCE_PATH`` and ``IGN_GAZEBO_RESOURCE_PATH`` of the caller are cleared for each
run, so the result does not depend on the machine. The oracle runs with the same
``SDF_PATH`` and the file's folder as current folder (as in the earlier sweep,
``/work/notes/oracle_sweep/run_oracle.py``).

Known gaps (issue 17: SDFormat 1.0-1.12 and ``<include>``, written in parallel) are listed
in ONE place, :data:`KNOWN_GAPS`, keyed by case id; the pytest wrappers mark exactly those
cases ``xfail(strict=False)`` through :func:`param` / :func:`xfail_if_gap`. Case ids:
``check:REL``, ``poses:REL``, ``sdf2urdf:REL[#MODEL]``, ``suite:agreement``,
``sample:NAME:STEP``, ``classic:STEP``, ``hostile:NAME`` (REL: the path relative to
``sdformat_tests``, the key of ``expected.tsv``).

Run as a script for the table and the counts::

    .venv/bin/python tests/sdformat_suite.py [--json OUT] [--oracle PATH | --no-oracle]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from lxml import etree

from urdfsdf.commands.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("URDFSDF_SHARED", ROOT.parent / "shared"))
SUITE = SHARED / "sdformat_tests"
MAIN = SUITE / "main"
EXTS = (".sdf", ".urdf", ".world", ".config")
RESOURCE_ENV = ("SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH")
#: the bar of the overall test, over the files expected.tsv marks valid or invalid,
#: without :data:`UNJUDGEABLE`
AGREEMENT_TARGET = 0.98

# ------------------------------------------------------------------------------------
# What the suite expects, and what no standalone reader can judge


#: Files marked valid/invalid that no standalone reader can judge, left out of the
#: agreement ratio the overall test asserts (both ratios are printed). Each needs
#: something only libsdformat's own test binary has.
UNJUDGEABLE: dict[str, str] = {
    **{f"main/sdf/{name}.sdf": "includes a '.toml' or '.nonce_N' URI that only the custom "
       "model parser (interface API) registered by libsdformat's test binary can load"
       for name in ("include_with_interface_api_frame_semantics",
                    "include_with_interface_api_reposture",
                    "merge_include_with_interface_api_frame_semantics",
                    "merge_include_with_interface_api_reposture",
                    "model_include_with_interface_api",
                    "world_include_with_interface_api")},
    "main/sdf/stricter_semantics_desc.sdf": "not an SDFormat document but an element "
    "description (<element> root) that a test loads as a spec file; 'valid' means "
    "the test uses it",
}

#: Codes taken as the same finding when expected.tsv names one of them (urdfsdf has
#: one code where libsdformat has two): an unreadable document, and an element that is
#: not allowed where it is (libsdformat's ELEMENT_INCORRECT_TYPE, which urdfsdf lacks).
CODE_ALIASES: dict[str, frozenset[str]] = {
    "FILE_READ": frozenset({"PARSING_ERROR", "STRING_READ"}),
    "PARSING_ERROR": frozenset({"FILE_READ", "STRING_READ"}),
    "ELEMENT_INCORRECT_TYPE": frozenset({"ELEMENT_INVALID"}),
}


@dataclass(frozen=True)
class Expected:
    """One row of expected.tsv."""

    outcome: str  # valid | invalid | unknown
    codes: tuple[str, ...]
    evidence: str


@lru_cache(maxsize=1)
def expected_rows() -> dict[str, Expected]:
    """expected.tsv by path (empty when the suite is absent)."""
    path = SUITE / "expected.tsv"
    if not path.exists():
        return {}
    with path.open(newline="") as fh:
        return {r["path"]: Expected(r["expected"], tuple(c for c in r["error_codes"].split(",")
                                                         if c), r["evidence"])
                for r in csv.DictReader(fh, delimiter="\t")}


@lru_cache(maxsize=1)
def manifest_rows() -> dict[str, dict[str, str]]:
    """manifest.tsv by path (format, version, what libsdformat 12.3 said)."""
    path = SUITE / "manifest.tsv"
    if not path.exists():
        return {}
    with path.open(newline="") as fh:
        return {r["path"]: r for r in csv.DictReader(fh, delimiter="\t")}


def expectation(rel: str) -> Expected:
    return expected_rows().get(rel, Expected("unknown", (), "not in expected.tsv"))


@lru_cache(maxsize=1)
def files() -> tuple[str, ...]:
    """Every .sdf/.urdf/.world of the suite, as paths relative to sdformat_tests."""
    if not MAIN.is_dir():
        return ()
    # a model.config only where expected.tsv judges it (a model folder read as input)
    judged = expected_rows()
    return tuple(sorted(rel for p in MAIN.rglob("*") if p.is_file() and p.suffix in EXTS
                        for rel in (p.relative_to(SUITE).as_posix(),)
                        if p.suffix != ".config" or rel in judged))


def is_urdf(rel: str) -> bool:
    return rel.endswith(".urdf")


def version_of(rel: str) -> str:
    row = manifest_rows().get(rel)
    if row is None:
        return "?"
    return row["sdf_version"] or row["format"]


# ------------------------------------------------------------------------------------
# Known gaps: the ONE list of cases that need issue 17's code (or are known to differ)


KNOWN_GAPS: dict[str, str] = {}


def _gap(reason: str, *case_ids: str) -> None:
    for case in case_ids:
        assert case not in KNOWN_GAPS, f"{case} listed twice"
        KNOWN_GAPS[case] = f"issue 17: {reason}"


def _check_gap(reason: str, *rels: str) -> None:
    _gap(reason, *(f"check:main/{r}" for r in rels))


def _poses_gap(reason: str, *rels: str) -> None:
    _gap(reason, *(f"poses:main/{r}" for r in rels))


# -- verdicts (check:) ----------------------------------------------------------------
# Only files expected.tsv marks valid or invalid: for the others the verdict case asserts
# no more than a clean run (exit status 0 or 1, no traceback).
# (none left: the last, include_invalid_custom_model.sdf, needed parameter passing,
# sdf/params.py)

# -- poses (poses:) ---------------------------------------------------------------------
# (none left: include_custom_model.sdf and nested_include/test_nested_include.sdf needed
# parameter passing, sdf/params.py)


def _deviation(case_id: str, reason: str) -> None:
    assert case_id not in KNOWN_GAPS, f"{case_id} listed twice"
    KNOWN_GAPS[case_id] = f"known deviation from libsdformat 12: {reason}"


_deviation("poses:main/sdf/joint_mimic_rack_pinion.urdf",
           "urdfdom snaps pitches near +-pi/2 (rpy 0 1.5708 0) and libsdformat 12 names the "
           "unnamed visuals it lumps differently (samples/spec/ORACLE.md)")


def gap(case_id: str) -> str | None:
    """The reason ``case_id`` is a known gap (None: it must pass)."""
    return KNOWN_GAPS.get(case_id)


def param(case_id: str, *values: object, test_id: str | None = None) -> Any:
    """``pytest.param(*values)``, marked xfail when ``case_id`` is a known gap."""
    import pytest

    reason = gap(case_id)
    marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
    return pytest.param(*values, id=test_id or case_id.split(":", 1)[1], marks=marks)


def xfail_if_gap(case_id: str) -> Any:
    """A decorator: ``xfail(strict=False)`` when ``case_id`` is a known gap, else nothing."""
    import pytest

    reason = gap(case_id)
    if reason is None:
        return lambda fn: fn
    return pytest.mark.xfail(reason=reason, strict=False)


# ------------------------------------------------------------------------------------
# Running the command line


@dataclass
class Run:
    """One in-process run of ``urdfsdf ARGS``."""

    argv: list[str]
    status: int | None  # None: main() raised
    stdout: str
    stderr: str
    traceback: str | None
    seconds: float


@contextlib.contextmanager
def environ(changes: dict[str, str | None]) -> Iterator[None]:
    """Set (str) or remove (None) environment variables for the block."""
    saved = {k: os.environ.get(k) for k in changes}
    try:
        for k, v in changes.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run_cli(argv: Sequence[str], env: dict[str, str | None] | None = None,
            stdin: str | None = None) -> Run:
    """``urdfsdf ARGV`` in this process; an exception is recorded, not raised."""
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    tb = None
    status: int | None
    try:
        with environ(env or {}), contextlib.redirect_stdout(io.StringIO()):
            status = cli_main(list(argv), stdout=out, stderr=err,
                              stdin=io.StringIO(stdin) if stdin is not None else None)
    except BaseException:  # noqa: BLE001 - a traceback is exactly what is recorded
        status, tb = None, traceback.format_exc()
    return Run(list(argv), status, out.getvalue(), err.getvalue(), tb,
               time.perf_counter() - start)


@cache
def cli_has_option(command: str, option: str) -> bool:
    """Whether ``urdfsdf COMMAND --help`` lists ``option`` (argparse prints to sys.stdout)."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        cli_main([command, "--help"], stdout=io.StringIO(), stderr=io.StringIO())
    return option in buf.getvalue()


@lru_cache(maxsize=1)
def model_roots() -> tuple[Path, ...]:
    """Folders holding model folders (parents of folders with a model.config)."""
    if not MAIN.is_dir():
        return ()
    return tuple(sorted({p.parent.parent for p in MAIN.rglob("model.config")}))


def resource_paths(path: Path) -> list[Path]:
    """Where the includes of ``path`` are searched: the model roots, then its folder."""
    out = list(model_roots())
    if path.parent not in out:
        out.append(path.parent)
    return out


def include_args(command: str, dirs: Sequence[Path]) -> tuple[list[str], dict[str, str | None]]:
    """Options and environment that make ``command`` search ``dirs`` for includes.

    ``--resource-path DIR`` for each, once the command line has the option; before that,
    ``SDF_PATH``. The caller's resource variables are always cleared.
    """
    env: dict[str, str | None] = {k: None for k in RESOURCE_ENV}
    if cli_has_option(command, "--resource-path"):
        return [a for d in dirs for a in ("--resource-path", str(d))], env
    env["SDF_PATH"] = os.pathsep.join(str(d) for d in dirs)
    return [], env


def _diags(text: str) -> list[dict[str, Any]]:
    """The diagnostics of a ``--format json`` output (a JSON list, possibly absent)."""
    text = text.strip()
    if not text:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return [{"code": "?", "severity": "error", "message": f"not JSON: {text[:200]}"}]
    return data if isinstance(data, list) else []


# ------------------------------------------------------------------------------------
# check: the verdict


@dataclass
class CheckOutcome:
    """``urdfsdf check`` of one file."""

    rel: str
    status: int | None
    errors: list[str]
    warnings: list[str]
    traceback: str | None
    seconds: float
    #: first error message, for the table
    message: str = ""


@cache
def check_file(rel: str) -> CheckOutcome:
    path = SUITE / rel
    extra, env = include_args("check", resource_paths(path))
    run = run_cli(["check", str(path), "--format", "json", *extra], env)
    diags = _diags(run.stdout)
    errors = [d.get("code", "?") for d in diags if d.get("severity") == "error"]
    warnings = [d.get("code", "?") for d in diags if d.get("severity") == "warning"]
    first = next((d.get("message", "") for d in diags if d.get("severity") == "error"), "")
    if run.status not in (0, 1) and not first:
        first = run.stderr.strip()[:200]
    return CheckOutcome(rel, run.status, errors, warnings, run.traceback, run.seconds,
                        first[:160])


def accepted_codes(codes: Sequence[str]) -> set[str]:
    """The expected codes and their aliases (:data:`CODE_ALIASES`)."""
    out = set(codes)
    for c in codes:
        out |= CODE_ALIASES.get(c, frozenset())
    return out


def judge(expected: Expected, outcome: CheckOutcome) -> tuple[bool | None, str]:
    """Does urdfsdf agree with expected.tsv? (None: expected.tsv asserts nothing.)

    The rule (issue 17's "verdicts agree"): a traceback or an exit status other than 0/1
    never agrees. A file marked ``valid`` agrees when check exits 0 (warnings are fine:
    libsdformat warns too); a file marked ``invalid`` when check exits 1.  Where
    expected.tsv names codes (the codes libsdformat's test asserts) and urdfsdf reports
    none of them (nor an alias, :data:`CODE_ALIASES`), the verdict still agrees and the
    reason says the codes differ: :func:`code_differences` lists those.  "None of them"
    because libsdformat reports follow-up errors (``*_GRAPH_ERROR`` after an invalid
    reference, ``FILE_READ`` around any failure) that a reader stopping at the first
    cause need not repeat.
    """
    if outcome.traceback is not None:
        return (False if expected.outcome in ("valid", "invalid") else None), "traceback"
    if outcome.status not in (0, 1):
        return (False if expected.outcome in ("valid", "invalid") else None), \
            f"exit status {outcome.status}"
    if expected.outcome == "valid":
        return outcome.status == 0, ("accepted" if outcome.status == 0 else
                                     "rejected: " + ",".join(sorted(set(outcome.errors))))
    if expected.outcome == "invalid":
        if outcome.status == 0:
            return False, "accepted"
        if expected.codes and not accepted_codes(expected.codes) & set(outcome.errors):
            return True, (f"rejected; codes differ: {','.join(sorted(set(outcome.errors)))}, "
                          f"none of {','.join(expected.codes)}")
        return True, "rejected"
    return None, "accepted" if outcome.status == 0 else "rejected"


def code_differences() -> list[str]:
    """Invalid files urdfsdf rejects with none of the codes expected.tsv names."""
    out = []
    for rel in files():
        exp = expectation(rel)
        if exp.outcome != "invalid":
            continue
        ok, why = judge(exp, check_file(rel))
        if ok and "codes differ" in why:
            out.append(f"{rel}: {why}")
    return out


@dataclass
class Agreement:
    """Verdict agreement counts over the files expected.tsv marks valid or invalid."""

    valid_agree: int = 0
    valid_total: int = 0
    invalid_agree: int = 0
    invalid_total: int = 0
    disagreements: list[str] = field(default_factory=list)

    @property
    def agree(self) -> int:
        return self.valid_agree + self.invalid_agree

    @property
    def total(self) -> int:
        return self.valid_total + self.invalid_total

    @property
    def ratio(self) -> float:
        return self.agree / self.total if self.total else 1.0

    def line(self, label: str) -> str:
        return (f"{label}: {self.agree}/{self.total} = {self.ratio:.3f} "
                f"(valid {self.valid_agree}/{self.valid_total}, "
                f"invalid {self.invalid_agree}/{self.invalid_total})")


def agreement(exclude_unjudgeable: bool) -> Agreement:
    out = Agreement()
    for rel in files():
        exp = expectation(rel)
        if exp.outcome not in ("valid", "invalid"):
            continue
        if exclude_unjudgeable and rel in UNJUDGEABLE:
            continue
        ok, why = judge(exp, check_file(rel))
        if exp.outcome == "valid":
            out.valid_total += 1
            out.valid_agree += bool(ok)
        else:
            out.invalid_total += 1
            out.invalid_agree += bool(ok)
        if not ok:
            out.disagreements.append(f"{rel}: expected {exp.outcome}"
                                     + (f" ({','.join(exp.codes)})" if exp.codes else "")
                                     + f", urdfsdf {why}")
    return out


# ------------------------------------------------------------------------------------
# poses: against the oracle


def oracle_path(explicit: str | None = None) -> str | None:
    """The sdf_oracle binary: ``explicit`` or ``$SDF_ORACLE``, if executable."""
    path = explicit or os.environ.get("SDF_ORACLE")
    return path if path and os.access(path, os.X_OK) else None


_ORACLE_HOME: list[str] = []


def oracle_env(dirs: Sequence[Path]) -> dict[str, str]:
    """The oracle's environment: SDF_PATH = ``dirs``, HOME private (sdformat.log)."""
    if not _ORACLE_HOME:
        _ORACLE_HOME.append(tempfile.mkdtemp(prefix="sdf_oracle_home_"))
    env = {k: v for k, v in os.environ.items() if k not in RESOURCE_ENV}
    env["SDF_PATH"] = os.pathsep.join(str(d) for d in dirs)
    env["HOME"] = _ORACLE_HOME[0]
    return env


def run_oracle(oracle: str, path: Path, dirs: Sequence[Path] | None = None) -> dict[str, Any]:
    """The oracle's JSON for ``path``, with SDF_PATH and cwd as libsdformat's tests have."""
    from oracle import run

    dirs = resource_paths(path) if dirs is None else dirs
    return run(oracle, str(path), env=oracle_env(dirs), cwd=str(path.parent))


@cache
def oracle_file(rel: str, oracle: str) -> dict[str, Any]:
    try:
        return run_oracle(oracle, SUITE / rel)
    except (ValueError, subprocess.SubprocessError, OSError) as exc:
        return {"errors": [{"code": "ORACLE_FAILED", "message": str(exc)}]}


@dataclass
class PosesOutcome:
    """``urdfsdf poses`` of one file against the oracle."""

    rel: str
    status: str  # skip | ok | differ | error
    detail: str = ""
    problems: list[str] = field(default_factory=list)
    compared: int = 0


def ours_poses(path: Path) -> tuple[dict[str, Any] | None, str]:
    """``urdfsdf poses --json`` of ``path`` (a URDF: of its lumped SDF), or why not."""
    if path.suffix == ".urdf":
        conv = run_cli(["urdf2sdf", str(path), "--lump-fixed-joints", "--format", "json"])
        if conv.traceback or conv.status != 0:
            return None, f"urdf2sdf --lump-fixed-joints: {conv.traceback or conv.stderr[:300]}"
        run = run_cli(["poses", "-", "--json", "--format", "json"], stdin=conv.stdout)
    else:
        extra, env = include_args("poses", resource_paths(path))
        run = run_cli(["poses", str(path), "--json", "--format", "json", *extra], env)
    if run.traceback:
        return None, f"traceback: {run.traceback.strip().splitlines()[-1]}"
    try:
        ours = json.loads(run.stdout)
    except ValueError:
        return None, f"exit {run.status}, no JSON: {run.stderr[:300]}"
    if run.status != 0 or ours.get("errors"):
        codes = sorted({e.get("code", "?") for e in ours.get("errors", [])})
        return None, f"exit {run.status}: {','.join(codes)}"
    return ours, ""


@cache
def poses_file(rel: str, oracle: str | None) -> PosesOutcome:
    from oracle import compare

    if oracle is None:
        return PosesOutcome(rel, "skip", "no oracle ($SDF_ORACLE)")
    result = oracle_file(rel, oracle)
    if result.get("errors"):
        codes = ",".join(sorted({e.get("code", "?") for e in result["errors"]}))
        return PosesOutcome(rel, "skip", f"the oracle reports errors: {codes}")
    if expectation(rel).outcome == "invalid":
        return PosesOutcome(rel, "skip", "libsdformat 12 loads a file libsdformat's tests "
                            "call invalid (a check it predates): nothing to compare")
    ours, why = ours_poses(SUITE / rel)
    if ours is None:
        return PosesOutcome(rel, "error", why)
    problems = compare(result, ours)
    count = sum(len(m.get(k, {})) for m in result.get("models", {}).values()
                for k in ("links", "joints", "frames", "models"))
    count += sum(len(w.get(k, {})) for w in result.get("worlds", {}).values()
                 for k in ("models", "frames"))
    return PosesOutcome(rel, "differ" if problems else "ok",
                        f"{len(problems)} of {count} differ" if problems else f"{count} agree",
                        problems, count)


# ------------------------------------------------------------------------------------
# sdf2urdf: converts or says why


def models_of(path: Path) -> list[str]:
    """Names of the models a file holds at top level or in a world (includes: <name>)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        root = etree.parse(str(path), parser).getroot()
    except (etree.XMLSyntaxError, OSError):
        return []
    names: list[str] = []
    for parent in [root, *root.findall("world")]:
        for m in parent.findall("model"):
            if m.get("name"):
                names.append(m.get("name", ""))
        for inc in parent.findall("include"):
            name = (inc.findtext("name") or "").strip()
            if name:
                names.append(name)
    return list(dict.fromkeys(names))


def sdf2urdf_cases() -> list[tuple[str, str | None]]:
    """(file, model) pairs: every SDF file expected valid (or unknown and loaded by
    libsdformat 12 per manifest.tsv); one pair per model when the file has several."""
    out: list[tuple[str, str | None]] = []
    for rel in files():
        if is_urdf(rel) or rel in UNJUDGEABLE:
            continue
        exp = expectation(rel)
        loaded = manifest_rows().get(rel, {}).get("libsdformat12_check") == "ok"
        if not (exp.outcome == "valid" or (exp.outcome == "unknown" and loaded)):
            continue
        models = models_of(SUITE / rel)
        if len(models) <= 1:
            out.append((rel, None))
        else:
            out.extend((rel, m) for m in models)
    return out


def case_name(rel: str, model: str | None) -> str:
    return rel if model is None else f"{rel}#{model}"


@dataclass
class ConvertOutcome:
    """``sdf2urdf`` of one (file, model)."""

    case: str
    status: int | None
    ok: bool  # converted to a <robot>, or failed with an error diagnostic
    detail: str


@cache
def sdf2urdf_file(rel: str, model: str | None) -> ConvertOutcome:
    path = SUITE / rel
    extra, env = include_args("sdf2urdf", resource_paths(path))
    argv = ["sdf2urdf", str(path), "--format", "json", *extra]
    if model is not None:
        argv += ["--model", model]
    run = run_cli(argv, env)
    name = case_name(rel, model)
    if run.traceback:
        return ConvertOutcome(name, None, False, "traceback: " + run.traceback.strip()
                              .splitlines()[-1])
    if run.status == 0:
        try:
            robot = etree.fromstring(run.stdout.encode())
        except etree.XMLSyntaxError as exc:
            return ConvertOutcome(name, 0, False, f"output is not XML: {exc}")
        if robot.tag != "robot":
            return ConvertOutcome(name, 0, False, f"output root is <{robot.tag}>")
        return ConvertOutcome(name, 0, True, f"converted ({len(robot.findall('link'))} links)")
    errors = [d for d in _diags(run.stderr) if d.get("severity") == "error"]
    if run.status == 1 and errors:
        return ConvertOutcome(name, 1, True, "refused: " + ",".join(
            sorted({d.get("code", "?") for d in errors})))
    return ConvertOutcome(name, run.status, False,
                          f"exit {run.status} without an error diagnostic: {run.stderr[:200]}")


# ------------------------------------------------------------------------------------
# The report


@dataclass
class Row:
    """One file of the table."""

    rel: str
    version: str
    expected: str
    expected_codes: list[str]
    check_status: int | None
    check_errors: list[str]
    agrees: bool | None
    why: str
    known_gap: str | None
    unjudgeable: str | None
    poses: str
    poses_detail: str
    sdf2urdf: list[str]


def report(oracle: str | None) -> dict[str, Any]:
    """Everything, as JSON-ready data."""
    convert: dict[str, list[ConvertOutcome]] = {}
    for rel, model in sdf2urdf_cases():
        convert.setdefault(rel, []).append(sdf2urdf_file(rel, model))
    rows = []
    for rel in files():
        exp = expectation(rel)
        out = check_file(rel)
        ok, why = judge(exp, out)
        p = poses_file(rel, oracle)
        rows.append(Row(rel, version_of(rel), exp.outcome, list(exp.codes), out.status,
                        sorted(set(out.errors)), ok, why, gap(f"check:{rel}"),
                        UNJUDGEABLE.get(rel), p.status, p.detail,
                        [f"{c.case}: {'ok' if c.ok else 'FAIL'} {c.detail}"
                         for c in convert.get(rel, [])]))
    all_ = agreement(exclude_unjudgeable=False)
    judged = agreement(exclude_unjudgeable=True)
    poses = [poses_file(rel, oracle) for rel in files()]
    conversions = [c for cs in convert.values() for c in cs]
    return {
        "suite": str(SUITE),
        "oracle": oracle,
        "resource_path_option": {c: cli_has_option(c, "--resource-path")
                                 for c in ("check", "poses", "sdf2urdf")},
        "files": len(rows),
        "agreement_all": {**asdict(all_), "ratio": all_.ratio},
        "agreement_judgeable": {**asdict(judged), "ratio": judged.ratio},
        "unjudgeable": UNJUDGEABLE,
        "poses": {s: sum(p.status == s for p in poses) for s in ("ok", "differ", "error",
                                                                  "skip")},
        "poses_problems": {p.rel: p.problems[:20] or [p.detail] for p in poses
                           if p.status in ("differ", "error")},
        "sdf2urdf": {"cases": len(conversions), "ok": sum(c.ok for c in conversions),
                     "failures": [f"{c.case}: {c.detail}" for c in conversions if not c.ok]},
        "rows": [asdict(r) for r in rows],
    }


def print_report(rep: dict[str, Any], out: Any = sys.stdout) -> None:
    def p(s: str = "") -> None:
        print(s, file=out)

    p(f"{'file':72} {'ver':6} {'expected':8} {'urdfsdf':8} {'agree':5} {'poses':6} codes")
    for r in rep["rows"]:
        verdict = {0: "valid", 1: "invalid", None: "CRASH"}.get(r["check_status"],
                                                                f"exit{r['check_status']}")
        agree = {True: "yes", False: "NO", None: "-"}[r["agrees"]]
        p(f"{r['rel'][5:]:72} {r['version'][:6]:6} {r['expected']:8} {verdict:8} {agree:5} "
          f"{r['poses']:6} {','.join(r['check_errors'])[:60]}")
    p()
    p(f"resource-path option: {rep['resource_path_option']} (else SDF_PATH is set)")
    p(f"oracle: {rep['oracle'] or 'none ($SDF_ORACLE unset): poses skipped'}")
    a, j = rep["agreement_all"], rep["agreement_judgeable"]
    for label, d in (("agreement, all files marked valid/invalid", a),
                     (f"agreement without the {len(rep['unjudgeable'])} unjudgeable files", j)):
        p(f"{label}: {d['valid_agree'] + d['invalid_agree']}/"
          f"{d['valid_total'] + d['invalid_total']} = {d['ratio']:.3f} "
          f"(valid {d['valid_agree']}/{d['valid_total']}, "
          f"invalid {d['invalid_agree']}/{d['invalid_total']})")
    p()
    p(f"disagreements ({len(a['disagreements'])}):")
    for line in a["disagreements"]:
        rel = line.split(":", 1)[0]
        tag = " [unjudgeable]" if rel in rep["unjudgeable"] else (
            " [known gap]" if gap(f"check:{rel}") else " [NEW]")
        p(f"  {line}{tag}")
    codes = [r for r in rep["rows"] if r["agrees"] and "codes differ" in r.get("why", "")]
    if codes:
        p()
        p(f"verdicts that agree with other codes than expected.tsv names ({len(codes)}):")
        for r in codes:
            p(f"  {r['rel']}: {r['why']}")
    p()
    ps = rep["poses"]
    p(f"poses vs oracle: ok {ps['ok']}, differ {ps['differ']}, urdfsdf error {ps['error']}, "
      f"skipped {ps['skip']}")
    for rel, problems in rep["poses_problems"].items():
        p(f"  {rel}: {problems[0][:150]}" + (f" (+{len(problems) - 1})"
                                             if len(problems) > 1 else ""))
    solved = [f"check:{r['rel']}" for r in rep["rows"]
              if r["known_gap"] and r["agrees"] is not False]
    solved += [f"poses:{r['rel']}" for r in rep["rows"]
               if gap(f"poses:{r['rel']}") and r["poses"] == "ok"]
    if solved:
        p()
        p(f"known gaps that now pass ({len(solved)}; remove them from KNOWN_GAPS):")
        for case in solved:
            p(f"  {case}")
    s = rep["sdf2urdf"]
    p()
    p(f"sdf2urdf: {s['ok']}/{s['cases']} convert or give a diagnostic")
    for line in s["failures"]:
        p(f"  {line}")


def _main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--json", metavar="OUT", help="also write the whole report as JSON")
    ap.add_argument("--oracle", help="sdf_oracle binary (default: $SDF_ORACLE)")
    ap.add_argument("--no-oracle", action="store_true", help="skip the pose comparison")
    args = ap.parse_args(argv)
    if not MAIN.is_dir():
        print(f"{MAIN}: absent", file=sys.stderr)
        return 2
    oracle = None if args.no_oracle else oracle_path(args.oracle)
    rep = report(oracle)
    print_report(rep)
    if args.json:
        Path(args.json).write_text(json.dumps(rep, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(_main())
