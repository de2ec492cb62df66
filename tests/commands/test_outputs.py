"""-o writes wherever it points (issue 49, item 2): a regular file atomically, a
character device, a FIFO or a descriptor (``/dev/stdout``) written into, never renamed
over; a socket refused.  Each test runs the console script as a user does."""

from __future__ import annotations

import os
import select
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_scripts import codes

from console_script import urdfsdf
from urdfsdf.commands.files import write_atomic

from conftest import ROOT, SAMPLES

SAMPLE = SAMPLES / "parity.urdf"
BROKEN = '<robot name="b">\n  <link name="a"/>\n  <link/>\n</robot>\n'


def _expected() -> str:
    """What ``urdf2sdf SAMPLE`` writes on stdout."""
    result = urdfsdf("urdf2sdf", str(SAMPLE))
    assert result.returncode == 0, result.stderr
    return result.stdout


def _node(path: Path, major: int, minor: int) -> Path:
    """A character device node ``major, minor`` at ``path`` (root only: else skip)."""
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(major, minor))
    except (PermissionError, AttributeError) as exc:
        pytest.skip(f"cannot make a device node here (needs root): {exc}")
    return path


def _is_node(path: Path, major: int, minor: int) -> bool:
    info = os.lstat(path)
    return stat.S_ISCHR(info.st_mode) and \
        (os.major(info.st_rdev), os.minor(info.st_rdev)) == (major, minor)


def test_a_device_node_is_written_into(tmp_path: Path) -> None:
    null = _node(tmp_path / "null", 1, 3)  # as /dev/null
    (tmp_path / "link").symlink_to("null")
    for target in ("null", "link"):
        result = urdfsdf("urdf2sdf", str(SAMPLE), "-o", str(tmp_path / target))
        assert result.returncode == 0, result.stderr
        assert _is_node(null, 1, 3)
        assert (tmp_path / "link").is_symlink()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "null"]


def test_a_device_that_fails_is_named_and_kept(tmp_path: Path) -> None:
    full = _node(tmp_path / "full", 1, 7)  # as /dev/full: every write fails (ENOSPC)
    result = urdfsdf("urdf2sdf", str(SAMPLE), "-o", str(full))
    assert result.returncode == 1
    assert codes(result.stderr) == [("OUTPUT_REFUSED", None)]
    assert _is_node(full, 1, 7)
    assert [p.name for p in tmp_path.iterdir()] == ["full"]


def _read_fifo(path: Path) -> subprocess.Popen[bytes]:
    """A reader of the FIFO ``path`` (another process, as a user's would be)."""
    return subprocess.Popen([sys.executable, "-c", "import sys; sys.stdout.buffer.write("
                             "open(sys.argv[1], 'rb').read())", str(path)],
                            stdout=subprocess.PIPE)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_written_into_and_its_reader_ends(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "broken.urdf").write_text(BROKEN)
    for source, status in ((SAMPLE, 0), (tmp_path / "broken.urdf", 1)):
        reader = _read_fifo(fifo)
        try:
            result = urdfsdf("urdf2sdf", str(source), "-o", str(fifo))
            got, _ = reader.communicate(timeout=60)  # it ends: no reader waits forever
        finally:
            reader.kill()
        assert result.returncode == status, result.stderr
        # the whole text, or (a conversion error) nothing at all
        assert got.decode() == (_expected() if status == 0 else "")
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.urdf", "fifo"]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no terminals here")
def test_a_terminal_gets_the_whole_text_or_nothing(tmp_path: Path) -> None:
    """A terminal is a character device anyone can make: what is written is read at its
    other end (the conversion's whole text; after a conversion error, nothing)."""
    import tty  # (POSIX only)

    master, slave = os.openpty()
    try:
        tty.setraw(slave)  # no newline translation
        name = os.ttyname(slave)
        received = bytearray()
        expected = _expected().encode()

        def read() -> None:
            while len(received) < len(expected) and select.select([master], [], [], 60)[0]:
                received.extend(os.read(master, 65536))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        result = urdfsdf("urdf2sdf", str(SAMPLE), "-o", name)
        reader.join(60)
        assert result.returncode == 0, result.stderr
        assert bytes(received) == expected
        (tmp_path / "broken.urdf").write_text(BROKEN)
        result = urdfsdf("urdf2sdf", str(tmp_path / "broken.urdf"), "-o", name)
        assert result.returncode == 1
        assert ("ATTRIBUTE_MISSING", 3) in codes(result.stderr)
        assert select.select([master], [], [], 0.2)[0] == []  # nothing was written
        assert stat.S_ISCHR(os.stat(name).st_mode)
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout here")
@pytest.mark.parametrize("output", ["/dev/stdout", "-"])
def test_standard_output_by_name(output: str, tmp_path: Path) -> None:
    result = urdfsdf("urdf2sdf", str(SAMPLE), "-o", output)  # stdout is a pipe
    assert result.returncode == 0, result.stderr
    assert result.stdout == _expected()
    assert not (ROOT / "-").exists()
    # stdout appended to a file: the descriptor is written (after what the file held)
    log = tmp_path / "log"
    log.write_text("before\n")
    exe = Path(sys.executable).parent / "urdf2sdf"
    with log.open("a") as fh:
        status = subprocess.run([str(exe), str(SAMPLE), "-o", output], stdout=fh,
                                env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                                check=False, timeout=120).returncode
    assert status == 0
    assert log.read_text() == "before\n" + _expected()


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no unix sockets here")
def test_a_socket_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        try:
            server.bind(str(path))
        except OSError as exc:  # a path too long for a socket
            pytest.skip(f"cannot bind a unix socket in {tmp_path}: {exc}")
        result = urdfsdf("urdf2sdf", str(SAMPLE), "-o", str(path))
        assert result.returncode == 1
        assert codes(result.stderr) == [("OUTPUT_REFUSED", None)]
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_batch_never_renames_over_a_fifo(tmp_path: Path) -> None:
    """A folder's outputs are files: one that is a FIFO is refused, not replaced."""
    fifo = tmp_path / "model.sdf"
    os.mkfifo(fifo)
    assert write_atomic(str(fifo), "<sdf/>\n") is not None
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["model.sdf"]
