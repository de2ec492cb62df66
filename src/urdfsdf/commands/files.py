"""Output files: written whole or not at all, never over an input.

The commands (single files and folders) write every file through
:func:`write_atomic`: a temporary file beside the target, then a rename, so a
reader never sees half a file and a failure leaves nothing behind.  An output
that is a symbolic link writes the file it points to (made if the link dangles),
and the link stays, as ``colcon build --symlink-install`` trees need.  A stopping
signal (SIGINT, SIGTERM) waits until the file is written or removed.

An output the user names (``-o``) goes through :func:`write_output`: a
character device (``/dev/null``, a terminal) or a FIFO is opened and written
into, as the shell's ``>`` does (a FIFO: once its reader is there); a name of
one of this process's descriptors (``/dev/stdout``, ``/dev/fd/N``) writes that
descriptor.  A socket or a block device is refused (``OUTPUT_REFUSED``), and
nothing is ever renamed over any of them.  The text is whole before the
destination is opened: a conversion that fails writes nothing.

:func:`read_resource` reads a file an output refers to (a mesh copied into a model
folder), bounded, and only a regular file.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from urdfsdf.commands.signals import deferred

#: the largest file :func:`read_resource` copies (meshes of real robots are a few MB)
MAX_RESOURCE_BYTES = 512 * 1024 * 1024
#: how :func:`read_resource` opens a file: no blocking on a FIFO, no symbolic link; how
#: :func:`_write_into` opens a device or FIFO: never as the controlling terminal; how
#: :func:`release` opens a FIFO: no waiting for a reader
if sys.platform == "win32":
    _READ_FLAGS = os.O_RDONLY | os.O_BINARY
    _WRITE_FLAGS = _RELEASE_FLAGS = os.O_WRONLY | os.O_BINARY
else:
    _READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    _WRITE_FLAGS = os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC
    _RELEASE_FLAGS = os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC


def write_output(path: str, text: str | bytes, inputs: Sequence[str] = ()) -> str | None:
    """Write ``text`` to ``path`` wherever it points (the module's docstring): a
    regular file (or a new one) atomically, a character device or a FIFO written
    into, a descriptor of this process (``/dev/stdout``) written.  Returns an
    error message (and writes nothing) when ``path`` is one of ``inputs``, a
    socket, a block device, or cannot be written.
    """
    problem = _an_input(path, inputs)
    if problem is not None:
        return problem
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    descriptor = _own_descriptor(path)
    if descriptor is not None:
        _flush_standard_streams()
        return _write_all(descriptor, data, path)
    try:
        mode = os.stat(path).st_mode
    except OSError:  # absent (a new file), or a link that dangles: made atomically
        mode = stat.S_IFREG
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return _write_into(path, data)
    if stat.S_ISSOCK(mode):
        return f"cannot write {path!r}: it is a socket (urdfsdf writes files, devices " \
               "and FIFOs; send standard output to it instead, e.g. with socat)"
    if stat.S_ISBLK(mode):
        return f"cannot write {path!r}: it is a block device (a disk), never written"
    return write_atomic(path, text, inputs)


def release(path: str) -> None:
    """A FIFO at ``path`` whose reader waits: opened and closed with nothing written,
    so the reader sees the end (as after ``cmd > fifo`` when ``cmd`` fails)."""
    try:
        if not stat.S_ISFIFO(os.stat(path).st_mode):
            return
        os.close(os.open(path, _RELEASE_FLAGS))
    except OSError:  # no reader (ENXIO), or gone: nothing waits
        pass


#: the folders of this process's descriptors: /proc/PID/fd (Linux), /dev/fd (BSD, macOS)
_DESCRIPTORS = re.compile(r"/proc/(\d+)(?:/task/\d+)?/fd|/dev/fd")


def _an_input(path: str, inputs: Sequence[str]) -> str | None:
    """Why ``path`` cannot be written: it is one of ``inputs`` (or None)."""
    for src in inputs:
        try:
            if os.path.exists(path) and os.path.samefile(path, src):
                return f"refusing to overwrite the input file {src!r}"
        except OSError:
            pass
    return None


def _own_descriptor(path: str) -> int | None:
    """The descriptor of this process that ``path`` names, through its links
    (``/dev/stdout`` -> ``/proc/self/fd/1`` -> ``/proc/PID/fd/1``), or None."""
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit of links followed
        folder, name = os.path.split(current)
        folder = os.path.realpath(folder)
        found = _DESCRIPTORS.fullmatch(folder)
        if found is not None and name.isdigit() and \
                (found.group(1) is None or int(found.group(1)) == os.getpid()):
            return int(name)
        try:
            link = os.readlink(os.path.join(folder, name))
        except OSError:  # not a link: the path names no descriptor
            return None
        current = os.path.join(folder, link)
    return None


def _flush_standard_streams() -> None:
    """What Python holds for stdout and stderr goes first (a descriptor is written
    directly)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass


def _write_into(path: str, data: bytes) -> str | None:
    """Open the device or FIFO ``path`` and write ``data`` (a FIFO's open waits for its
    reader, as the shell's does; a stopping signal ends the wait)."""
    try:
        fd = os.open(path, _WRITE_FLAGS)
    except OSError as exc:
        return f"cannot write {path!r}: {exc.strerror or exc}"
    try:
        return _write_all(fd, data, path)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes, path: str) -> str | None:
    """Write all of ``data`` to ``fd`` (a pipe takes it in parts); why not, or None."""
    view = memoryview(data)
    try:
        while view:
            view = view[os.write(fd, view):]
    except OSError as exc:
        return f"cannot write {path!r}: {exc.strerror or exc}"
    return None


def write_atomic(path: str, text: str | bytes, inputs: Sequence[str] = ()) -> str | None:
    """Write ``text`` (or bytes, as they are) to ``path`` via a temporary file and a
    rename.

    A symbolic link at ``path`` is followed: its target is written (the
    temporary file beside the target) and the link is kept.  Returns an error
    message (and writes nothing) when ``path`` is one of ``inputs``, is something
    else than a file (a FIFO, a device, a socket: never renamed over), or cannot
    be written.
    """
    target = Path(os.path.realpath(path))
    if target.is_symlink():  # realpath stops inside a loop of links
        return f"cannot write {path!r}: a loop of symbolic links"
    problem = _an_input(str(target), inputs)
    if problem is not None:
        return problem
    kind = _not_a_file(target)
    if kind is not None:
        return f"cannot write {path!r}: it is {kind}, not a regular file"
    import tempfile  # here, not at the top: a conversion to standard output needs none

    folder = target.parent if str(target.parent) else Path(".")
    with deferred():  # a stopping signal waits for the rename, or the removal
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        except OSError as exc:
            return f"cannot write {path!r}: {exc.strerror or exc}"
        try:
            if isinstance(text, bytes):
                with os.fdopen(fd, "wb") as fh:
                    fh.write(text)
            else:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(text)
            # mkstemp makes the file private (0600); give it the mode a plain open() would
            os.chmod(tmp, _mode_for(target))
            os.replace(tmp, target)
        except BaseException as exc:
            _remove(tmp)
            if not isinstance(exc, OSError):
                raise
            return f"cannot write {path!r}: {exc.strerror or exc}"
    return None


def _not_a_file(target: Path) -> str | None:
    """What ``target`` is when it exists and is no regular file (a folder is left to
    the rename, which names it), or None."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return None
    kinds = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((kind for test, kind in kinds if test(mode)), None)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _mode_for(target: Path) -> int:
    """The permissions of the file replaced, or 0666 less the umask for a new one."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def read_resource(path: str) -> bytes | str:
    """The bytes of the regular file ``path`` (a real path: no symbolic link is
    followed), or why it cannot be read."""
    from urdfsdf.sdf.includes import bounded_read

    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        return f"cannot read {path!r}: {exc.strerror or exc}"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return f"cannot read {path!r}: not a regular file"
        data = bounded_read(fd, info.st_size, MAX_RESOURCE_BYTES)
    except OSError as exc:
        return f"cannot read {path!r}: {exc.strerror or exc}"
    finally:
        os.close(fd)
    return data if data is not None else \
        f"cannot read {path!r}: over {MAX_RESOURCE_BYTES} bytes"
