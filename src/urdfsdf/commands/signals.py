"""How a command stops: on SIGINT and SIGTERM, and in a worker whose parent is gone.

The commands run under :func:`stop_on_signals` (``main()`` installs it for the
duration of a run, then puts the previous handlers back): SIGINT or SIGTERM
raises :class:`Interrupted` where the program is, and the program ends with
one line and the exit status ``128 + signal`` (130, 143), as git, rsync and
ruff do.  A signal that arrives while a file is written (:func:`deferred`)
waits until the file is whole; signals that arrive while the program stops
are ignored.

Python drops an exception raised in a weak-reference callback or a ``__del__``
(it prints "Exception ignored in ..." and goes on), so a signal handled there
would be lost.  While the handlers are in force, :func:`stop_on_signals` keeps
such an :class:`Interrupted` (through ``sys.unraisablehook``), and
:func:`raise_dropped` raises it again: :func:`deferred` does before a file is
written, ``main()`` before it writes to standard output and when the command ends.
Python 3.11 also wraps one raised while a class is made (a descriptor's
``__set_name__``, during an import) in a RuntimeError: :func:`stop_within` finds it.

A batch's worker processes (``commands.batch``) call :func:`as_worker`: they
ignore SIGINT (Ctrl-C reaches the whole process group; the parent stops
them), and they end on their own within a second of their parent's death,
whatever killed it (SIGKILL too): ``PR_SET_PDEATHSIG`` on Linux, and a
thread that watches the parent everywhere.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

#: the signals that stop a command
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: seconds between two looks of a worker at its parent
WATCH_INTERVAL = 0.25


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: the command stops (not an ``Exception``: nothing
    that handles errors catches it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        """The exit status: 128 + the signal (SIGINT 130, SIGTERM 143)."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        """The signal's name (``SIGTERM``)."""
        return signal.Signals(self.signum).name

    @property
    def verb(self) -> str:
        """What happened to the program: ``interrupted`` (SIGINT) or ``terminated``."""
        return "interrupted" if self.signum == signal.SIGINT else "terminated"


class _State:
    """The handlers' state while :func:`stop_on_signals` is in force."""

    def __init__(self) -> None:
        self.owner = os.getpid()  # a forked child inherits the handlers, not the role
        self.depth = 0  # nested deferred() blocks
        self.pending: int | None = None  # a signal that arrived in a deferred() block
        self.stopping = False  # Interrupted was raised: later signals are ignored
        self.dropped: int | None = None  # the signal of an Interrupted Python dropped


_state = _State()


def _handle(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _state.owner:  # a worker before as_worker(): as a worker would
        if signum != signal.SIGINT:
            os._exit(128 + signum)
        return
    if _state.stopping:
        return
    if _state.depth:
        _state.pending = _state.pending or signum
        return
    _state.stopping = True
    raise Interrupted(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """SIGINT and SIGTERM raise :class:`Interrupted` inside the block.

    The handlers in force before are put back after it (nothing is left behind
    for a caller of ``main()``).  A signal ignored before stays ignored (``nohup``,
    a background job of a script), as does one handled outside Python; off the
    main thread nothing is installed.
    """
    global _state
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: handler for signum in STOP_SIGNALS
                if (handler := signal.getsignal(signum)) not in (signal.SIG_IGN, None)}
    saved, _state = _state, _State()
    hook = sys.unraisablehook
    try:
        sys.unraisablehook = _keep_dropped(hook)
        for signum in previous:
            signal.signal(signum, _handle)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sys.unraisablehook = hook
        _state = saved


def _keep_dropped(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """An unraisable-exception hook that keeps a dropped :class:`Interrupted` for
    :func:`raise_dropped` (without printing it), and gives ``hook`` the others."""

    def keep(unraisable: Any) -> object:
        if isinstance(unraisable.exc_value, Interrupted):
            _state.dropped = unraisable.exc_value.signum
            return None
        return hook(unraisable)

    return keep


def raise_dropped() -> None:
    """Raise again the :class:`Interrupted` that Python dropped, if it did (a signal
    handled in a weak-reference callback or a ``__del__``)."""
    state = _state
    if state.dropped is not None:
        signum, state.dropped = state.dropped, None
        raise Interrupted(signum)


def stop_within(exc: BaseException) -> Interrupted | None:
    """The :class:`Interrupted` ``exc`` is, or was raised from or while handling (Python
    3.11 wraps one raised in a descriptor's ``__set_name__`` in a RuntimeError); None
    when there is none."""
    seen: set[int] = set()
    found: BaseException | None = exc
    while found is not None and id(found) not in seen:
        if isinstance(found, Interrupted):
            return found
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return None


@contextmanager
def deferred() -> Iterator[None]:
    """Inside the block a stopping signal waits: it is raised when the block ends.

    For writes that must finish (an output file and its rename); nests.  A stop
    that Python dropped is raised before the block starts.
    """
    state = _state
    if not state.depth:
        raise_dropped()
    state.depth += 1
    try:
        yield
    finally:
        state.depth -= 1
        if not state.depth and state.pending is not None and not state.stopping:
            signum, state.pending = state.pending, None
            state.stopping = True
            raise Interrupted(signum)


def as_worker(parent: int | None, sentinel: object = None) -> None:
    """Make this process a worker of ``parent`` (its pid; None: the process that
    started this one, e.g. a fork server): it ignores SIGINT, ends on SIGTERM, and
    ends when its parent is gone.

    ``sentinel`` (``multiprocessing.parent_process().sentinel`` where only the
    parent holds it: not with the fork start method) is watched too, for systems
    where a process whose parent died keeps its parent's pid (Windows).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    actual = os.getppid()
    if parent is not None and actual != parent:  # the parent died before prctl
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(actual, sentinel), daemon=True,
                     name="urdfsdf-parent-watch").start()


def _die_with_parent() -> None:
    """Linux: the kernel sends SIGKILL to this process when its parent thread ends."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no libc with prctl: the watcher is enough
        pass


def _watch_parent(parent: int, sentinel: object) -> None:
    """End this process when its parent is gone: it was given another parent
    (``getppid()`` changes), or ``sentinel`` became ready."""
    from multiprocessing.connection import wait

    while os.getppid() == parent:
        if sentinel is None:
            time.sleep(WATCH_INTERVAL)
        elif wait([sentinel], WATCH_INTERVAL):  # type: ignore[list-item]
            break
    os._exit(1)
