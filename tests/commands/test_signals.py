"""Stopping a command with a signal (issue 34): a batch stopped by SIGTERM, SIGINT or
SIGKILL leaves no worker running, and the files it wrote are whole.

The batch tests start ``urdf2sdf DIR -o OUT -j 2`` in a process, wait for its first
file, find its workers in ``/proc`` and send the signal: SIGTERM and SIGINT stop the
batch with its summary so far (exit 143, 130) and no traceback; after any signal,
SIGKILL included, every worker is gone within 2 s of the parent's death.  The
single-file tests stop one long conversion; the in-process tests check ``main()``
leaves the handlers as it found them, that a signal waits for a file being written,
and that a stop Python dropped (a signal handled inside a ``__del__`` or a weak-reference
callback, as importlib's are) or wrapped (in a descriptor's ``__set_name__``) still stops
the command before it writes.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

import urdfsdf
from urdfsdf.api import convert
from urdfsdf.commands import cli
from urdfsdf.commands.files import write_atomic
from urdfsdf.commands.signals import Interrupted, deferred, stop_on_signals

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(),
                                reason="needs /proc (Linux) to find the workers")

SRC = Path(urdfsdf.__file__).resolve().parent.parent
#: seconds the workers may outlive their parent
GRACE = 2.0
#: seconds to wait for something that takes well under a second on an idle machine
PATIENCE = 120.0
SUMMARY = re.compile(r"converted (\d+) of (\d+) files in [\d.]+s; (\d+) failed; \d+ warnings"
                     r"; stopped \((SIG\w+)\): (\d+) not converted")


def chain(links: int) -> str:
    """A URDF chain of ``links`` links (about 0.2 ms per link to convert)."""
    parts = ['<?xml version="1.0"?>', '<robot name="chain">']
    for i in range(links):
        parts.append(f'<link name="l{i}"><inertial><mass value="1"/><inertia ixx="1" '
                     'ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial><visual><geometry>'
                     '<box size="0.1 0.1 0.1"/></geometry></visual></link>')
        if i:
            parts.append(f'<joint name="j{i}" type="revolute"><parent link="l{i - 1}"/>'
                         f'<child link="l{i}"/><origin xyz="0 0 0.1"/><axis xyz="0 0 1"/>'
                         '<limit lower="-1" upper="1" effort="1" velocity="1"/></joint>')
    return "\n".join([*parts, "</robot>\n"])


@pytest.fixture(scope="module")
def robots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 robots of 2000 links: a batch of many seconds on two workers."""
    folder = tmp_path_factory.mktemp("robots")
    text = chain(2000)
    for i in range(40):
        (folder / f"robot{i:02}.urdf").write_text(text)
    return folder


@pytest.fixture(scope="module")
def big_robot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One robot of 30000 links: seconds to convert."""
    path = tmp_path_factory.mktemp("big") / "big.urdf"
    path.write_text(chain(30000))
    return path


def _default_signals() -> None:
    """In the child: SIGINT and SIGTERM as a shell started from a terminal leaves them
    (a background job of a script would have SIGINT ignored, which urdf2sdf keeps)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Script:
    """``urdf2sdf ARGS`` (or ``python -c PYTHON ARGS``) running in a process group of
    its own (its session: a terminal's Ctrl-C is a signal to the group); stderr read
    as it comes."""

    def __init__(self, *args: str | Path, python: str | None = None) -> None:
        exe = Path(sys.executable).parent / "urdf2sdf"
        cmd = [str(exe)] if exe.exists() and python is None else [
            sys.executable, "-c", python or "from urdfsdf.commands.cli import urdf2sdf_entry; "
                                            "urdf2sdf_entry()"]
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        env.pop("URDFSDF_TRACEBACK", None)
        self.proc = subprocess.Popen(
            [*cmd, *map(str, args)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, env=env, start_new_session=True, preexec_fn=_default_signals)
        self.lines: list[str] = []
        self.workers: dict[int, str | None] = {}
        self.first_file = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line)
            if line.startswith("["):
                self.first_file.set()
        self.first_file.set()  # the end: whoever waits looks at the lines

    def wait_for_handlers(self) -> None:
        """Wait until urdf2sdf catches SIGTERM: main() is running the command."""
        deadline = time.monotonic() + PATIENCE
        while not _status(self.proc.pid).get("SigCgt", 0) & 1 << (signal.SIGTERM - 1):
            assert self.proc.poll() is None, self.stderr()
            assert time.monotonic() < deadline, "no SIGTERM handler"
            time.sleep(0.01)

    def finish(self) -> int:
        """Wait for the process; its exit status."""
        code = self.proc.wait(timeout=PATIENCE)
        self.reader.join(PATIENCE)
        return code

    def stderr(self) -> str:
        return "".join(self.lines)

    def kill(self) -> None:
        """Kill it, and any worker it left running (a failed test)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for pid in running(self.workers):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture
def script() -> Iterator[list[Script]]:
    """The scripts a test starts: killed at its end whatever happens."""
    started: list[Script] = []
    yield started
    for s in started:
        s.kill()


def _status(pid: int) -> dict[str, int]:
    """``/proc/PID/status``: PPid, and SigCgt as a number ({} once the process is gone)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    fields = dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)
    if fields.get("State", "X").strip()[0] in "ZX":  # dead: a zombie is not running
        return {}
    return {"PPid": int(fields["PPid"]), "SigCgt": int(fields["SigCgt"], 16)}


def _start_time(pid: int) -> str | None:
    """The start time of ``pid`` (tells it from a process that reuses the number)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def children(pid: int) -> dict[int, str | None]:
    """The processes whose parent is ``pid``, with their start times."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _status(int(entry.name)).get("PPid") == pid:
            found[int(entry.name)] = _start_time(int(entry.name))
    return found


def running(processes: dict[int, str | None]) -> list[int]:
    """Those of ``processes`` still running (not gone, not zombies)."""
    return [pid for pid, start in processes.items()
            if _status(pid) and _start_time(pid) == start]


def wait_gone(processes: dict[int, str | None], since: float) -> list[int]:
    """Poll until ``GRACE`` seconds after ``since``: those still running then."""
    while (alive := running(processes)) and time.monotonic() < since + GRACE:
        time.sleep(0.02)
    return alive


def check_outputs(out: Path, *, temporary_files: bool = False) -> int:
    """Every output file in ``out`` is whole XML, every model folder has both files;
    no temporary file unless ``temporary_files`` (SIGKILL can leave one).  The number
    of models written."""
    models = 0
    for path in sorted(out.rglob("*")):
        if path.name.startswith("."):
            assert temporary_files and path.name.endswith(".tmp"), path
        elif path.is_file():
            etree.parse(str(path))  # whole: a cut file does not parse
            models += path.name == "model.sdf"
    if not temporary_files:
        assert models == sum(1 for _ in out.rglob("model.config"))
    return models


def start_batch(robots: Path, out: Path, started: list[Script]
                ) -> tuple[Script, dict[int, str | None]]:
    """``urdf2sdf ROBOTS -o OUT -j 2``, once a file is done: the script and its workers."""
    run = Script(robots, "-o", out, "-j", "2")
    started.append(run)
    assert run.first_file.wait(PATIENCE), "no file done"
    assert run.proc.poll() is None, run.stderr()  # a batch of many seconds: running
    run.workers = workers = children(run.proc.pid)
    assert len(workers) == 2, workers
    return run, workers


@pytest.mark.parametrize(("signum", "group"), [
    (signal.SIGTERM, False),  # docker stop, kill PID
    (signal.SIGTERM, True),  # timeout, a CI job's timeout: the whole process group
    (signal.SIGINT, True),  # Ctrl-C on a terminal: the whole foreground process group
], ids=["TERM-parent", "TERM-group", "INT-group"])
def test_a_stopped_batch_reports_and_leaves_nothing_running(
        robots: Path, tmp_path: Path, script: list[Script], signum: signal.Signals,
        group: bool) -> None:
    run, workers = start_batch(robots, tmp_path / "out", script)
    if group:
        os.killpg(run.proc.pid, signum)
    else:
        run.proc.send_signal(signum)
    code = run.finish()
    assert not wait_gone(workers, time.monotonic()), "workers outlived the batch"
    err = run.stderr()
    assert code == 128 + signum, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    summary = SUMMARY.search(err)
    assert summary is not None, err
    ok, total, failed, name, skipped = summary.groups()
    assert name == signum.name and int(total) == 40 and int(failed) == 0
    assert int(ok) + int(skipped) == 40 and int(skipped) > 0
    assert check_outputs(tmp_path / "out") == int(ok)  # each file written is counted


def test_a_killed_batch_leaves_nothing_running(robots: Path, tmp_path: Path,
                                               script: list[Script]) -> None:
    run, workers = start_batch(robots, tmp_path / "out", script)
    run.proc.kill()
    killed = time.monotonic()
    assert not wait_gone(workers, killed), "workers outlived their parent's SIGKILL"
    assert run.finish() == -signal.SIGKILL
    assert "Traceback" not in run.stderr()
    check_outputs(tmp_path / "out", temporary_files=True)


@pytest.mark.parametrize(("signum", "line"), [(signal.SIGINT, "urdf2sdf: interrupted\n"),
                                              (signal.SIGTERM, "urdf2sdf: terminated\n")],
                         ids=["INT", "TERM"])
def test_a_stopped_conversion_says_so_and_writes_nothing(
        big_robot: Path, tmp_path: Path, script: list[Script], signum: signal.Signals,
        line: str) -> None:
    out = tmp_path / "big.sdf"
    run = Script(big_robot, "-o", out)
    script.append(run)
    run.wait_for_handlers()
    run.proc.send_signal(signum)
    code = run.finish()
    assert (code, run.stderr()) == (128 + signum, line)
    assert list(tmp_path.iterdir()) == []  # no output, no temporary file


in_main_thread = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(),
    reason="signal handlers are set in the main thread only")


@in_main_thread
def test_main_puts_the_handlers_back(tmp_path: Path) -> None:
    sample = Path(__file__).resolve().parents[2] / "samples" / "parity.urdf"
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    assert cli.main([str(sample), "-o", str(tmp_path / "a.sdf")], prog="urdf2sdf") == 0
    assert {s: signal.getsignal(s) for s in before} == before
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # an ignored signal stays ignored (nohup, a script's background job)
        with stop_on_signals():
            assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) != before[signal.SIGTERM]
    finally:
        signal.signal(signal.SIGINT, previous)
    assert {s: signal.getsignal(s) for s in before} == before


@in_main_thread
def test_main_stopped_in_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    def convert_until_stopped(*args: object, **kwargs: object) -> None:
        # without main()'s handler, SIGTERM would end the test run
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(PATIENCE)  # the handler stops the sleep

    monkeypatch.setattr(cli, "convert", convert_until_stopped)
    sample = Path(__file__).resolve().parents[2] / "samples" / "parity.urdf"
    before = signal.getsignal(signal.SIGTERM)
    assert cli.main([str(sample), "-o", str(tmp_path / "a.sdf")], prog="urdf2sdf") == 143
    assert capsys.readouterr().err == "urdf2sdf: terminated\n"
    assert signal.getsignal(signal.SIGTERM) == before
    assert list(tmp_path.iterdir()) == []


@in_main_thread
def test_a_signal_waits_for_the_file_being_written(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    real_replace = os.replace

    def replace_when_signalled(src: str, dst: str) -> None:
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.1)  # the handler runs now, unless it waits
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace_when_signalled)
    target = tmp_path / "out.sdf"
    with stop_on_signals(), pytest.raises(Interrupted) as stopped:
        write_atomic(str(target), "<sdf/>\n")
    assert stopped.value.status == 143
    assert [p.name for p in tmp_path.iterdir()] == ["out.sdf"]
    assert target.read_text() == "<sdf/>\n"


class _SignalledOnDeletion:
    """Sends ``signum`` to this process from its ``__del__``: the handler runs there, and
    Python drops what it raises ("Exception ignored in ...")."""

    def __init__(self, signum: int) -> None:
        self.signum = signum

    def __del__(self) -> None:
        signal.raise_signal(self.signum)  # the handler runs before this returns


def drop_a_stop(signum: int) -> None:
    """Have ``signum``'s handler run where Python drops the exception it raises."""
    assert signal.getsignal(signum) not in (signal.SIG_DFL, signal.SIG_IGN, None)
    _SignalledOnDeletion(signum)  # deleted at once (reference count 0)


@in_main_thread
def test_a_dropped_stop_is_raised_before_a_write(capsys: pytest.CaptureFixture[str]) -> None:
    written = []
    with stop_on_signals(), pytest.raises(Interrupted) as stopped:
        drop_a_stop(signal.SIGTERM)
        with deferred():
            written.append("a file")
    assert (stopped.value.status, written) == (143, [])
    assert "Exception ignored" not in capsys.readouterr().err
    with stop_on_signals():  # the next run starts afresh
        with deferred():
            written.append("a file")
    assert written == ["a file"]


@in_main_thread
@pytest.mark.parametrize("to_stdout", [False, True], ids=["file", "stdout"])
def test_main_stopped_by_a_dropped_signal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          to_stdout: bool) -> None:
    def convert_while_signalled(*args: Any, **kwargs: Any) -> object:
        drop_a_stop(signal.SIGINT)
        return convert(*args, **kwargs)

    monkeypatch.setattr(cli, "convert", convert_while_signalled)
    sample = Path(__file__).resolve().parents[2] / "samples" / "parity.urdf"
    output = [] if to_stdout else ["-o", str(tmp_path / "a.sdf")]
    assert cli.main([str(sample), *output], prog="urdf2sdf") == 130
    assert capsys.readouterr() == ("", "urdf2sdf: interrupted\n")
    assert list(tmp_path.iterdir()) == []


class _SignalledOnSetName:
    """A descriptor that sends ``signum`` to this process when a class takes it: the
    handler runs in ``__set_name__``, which Python 3.11 wraps in a RuntimeError."""

    def __init__(self, signum: int) -> None:
        self.signum = signum

    def __set_name__(self, owner: type, name: str) -> None:
        signal.raise_signal(self.signum)


@in_main_thread
def test_main_stopped_while_a_class_is_made(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    def convert_importing(*args: Any, **kwargs: Any) -> object:
        # as an import does that defines a class (a dataclass's fields) when SIGINT comes
        type("Spanning", (), {"above": _SignalledOnSetName(signal.SIGINT)})
        return convert(*args, **kwargs)

    monkeypatch.setattr(cli, "convert", convert_importing)
    sample = Path(__file__).resolve().parents[2] / "samples" / "parity.urdf"
    assert cli.main([str(sample), "-o", str(tmp_path / "a.sdf")], prog="urdf2sdf") == 130
    assert capsys.readouterr().err == "urdf2sdf: interrupted\n"
    assert list(tmp_path.iterdir()) == []


WATCHED_ONLY = """
import sys, time
from urdfsdf.commands import batch, signals
signals._die_with_parent = lambda: None  # as on a system without PR_SET_PDEATHSIG
batch.convert_job = lambda *args: time.sleep(600)  # busy: never back at the pipe
from urdfsdf.commands.cli import urdf2sdf_entry
urdf2sdf_entry()
"""


def test_busy_workers_watch_their_parent(robots: Path, tmp_path: Path,
                                         script: list[Script]) -> None:
    """Without PR_SET_PDEATHSIG (other systems), busy workers end on their own too."""
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("workers are not forked: the patches do not reach them")
    run = Script(robots, "-o", tmp_path / "out", "-j", "2", python=WATCHED_ONLY)
    script.append(run)
    deadline = time.monotonic() + PATIENCE
    while len(run.workers) < 2 or not all(_status(pid) for pid in run.workers):
        assert run.proc.poll() is None and time.monotonic() < deadline, run.stderr()
        run.workers = children(run.proc.pid)
        time.sleep(0.05)
    time.sleep(0.5)  # the workers are past their start, sleeping in a conversion
    run.proc.kill()
    assert not wait_gone(run.workers, time.monotonic()), "busy workers outlived their parent"
