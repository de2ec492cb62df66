"""Notes each document the tests read (see reader_paths.py); imports nothing of urdfsdf."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

#: documents larger than this are not read again (the 1 MB worst cases of the
#: bounded-time tests would double their time; the corpus tests read the big ones)
MAX_BYTES = 256 * 1024


class Recorder:
    """Wraps :func:`urdfsdf.xml.parse.read_document` to note each document a test reads."""

    def __init__(self) -> None:
        self.pending: list[bytes] = []
        self.seen: set[bytes] = set()
        self.calls = 0

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def read_document(data: bytes, *args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if len(data) <= MAX_BYTES:
                key = hashlib.sha256(data).digest()
                if key not in self.seen:
                    self.seen.add(key)
                    self.pending.append(data)
            return fn(data, *args, **kwargs)

        read_document.original = fn  # type: ignore[attr-defined]
        return read_document

    def take(self) -> list[bytes]:
        pending, self.pending = self.pending, []
        return pending
