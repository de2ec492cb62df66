"""Output files: written whole or not at all, never over an input.

The commands (single files and folders) write every output through
:func:`write_atomic`: a temporary file beside the target, then a rename, so a
reader never sees half a file and a failure leaves nothing behind.  An output
that is a symbolic link writes the file it points to (made if the link dangles),
and the link stays, as ``colcon build --symlink-install`` trees need.  A stopping
signal (SIGINT, SIGTERM) waits until the file is written or removed.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from urdfsdf.commands.signals import deferred


def write_atomic(path: str, text: str, inputs: Sequence[str] = ()) -> str | None:
    """Write ``text`` to ``path`` via a temporary file and a rename.

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
    folder = target.parent if str(target.parent) else Path(".")
    with deferred():  # a stopping signal waits for the rename, or the removal
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        except OSError as exc:
            return f"cannot write {path!r}: {exc.strerror or exc}"
        try:
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
