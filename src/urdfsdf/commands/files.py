"""Output files: written whole or not at all, never over an input.

The commands (single files and folders) write every output through
:func:`write_atomic`: a temporary file beside the target, then a rename, so a
reader never sees half a file and a failure leaves nothing behind.  An output
that is a symbolic link writes the file it points to (made if the link dangles),
and the link stays, as ``colcon build --symlink-install`` trees need.  A stopping
signal (SIGINT, SIGTERM) waits until the file is written or removed.
:func:`read_resource` reads a file an output refers to (a mesh copied into a model
folder), bounded, and only a regular file.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from urdfsdf.commands.signals import deferred

#: the largest file :func:`read_resource` copies (meshes of real robots are a few MB)
MAX_RESOURCE_BYTES = 512 * 1024 * 1024
#: how :func:`read_resource` opens a file: no blocking on a FIFO, no symbolic link
if sys.platform == "win32":
    _READ_FLAGS = os.O_RDONLY | os.O_BINARY
else:
    _READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def write_atomic(path: str, text: str | bytes, inputs: Sequence[str] = ()) -> str | None:
    """Write ``text`` (or bytes, as they are) to ``path`` via a temporary file and a
    rename.

    A symbolic link at ``path`` is followed: its target is written (the
    temporary file beside the target) and the link is kept.  Returns an error
    message (and writes nothing) when ``path`` is one of ``inputs`` or cannot be
    written.
    """
    target = Path(os.path.realpath(path))
    if target.is_symlink():  # realpath stops inside a loop of links
        return f"cannot write {path!r}: a loop of symbolic links"
    for src in inputs:
        try:
            if target.exists() and os.path.samefile(target, src):
                return f"refusing to overwrite the input file {src!r}"
        except OSError:
            pass
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
