"""The only module that touches localStorage: the save (``scorpion.saves`` format) and
the snapshot of the last painted board that ``index.html`` shows before Python starts.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the browser's
``localStorage``, or a dict-backed fake in tests). A storage that refuses (private
mode, full quota) never breaks the game: ``ok`` turns False, ``failure`` says why
(``quota`` or ``storage``) and the page says so; the game goes on in memory.

Two tabs share one save. Every write first looks at what is stored: a newer revision
written by another tab is never overwritten (``save`` answers ``"newer"`` and the caller
adopts it); stored text this tab cannot read (damaged, or a newer version's) is kept
aside under a backup key before anything replaces it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Literal, Protocol

from scorpion import saves
from scorpion.session import Session

SAVE_KEY = "scorpion.save"
PAINT_KEY = "scorpion.paint"  # read by the inline script in index.html: keep in step
QUOTA_NAMES = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")

Outcome = Literal["saved", "newer", "failed"]


class Backend(Protocol):
    def getItem(self, key: str) -> Any: ...  # noqa: N802  # the Web Storage API's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


def _text(value: Any) -> str | None:
    """localStorage gives a JS null (``jsnull`` in Pyodide, falsy) for a missing key."""
    return value if isinstance(value, str) and value else None


class Store:
    def __init__(self, backend: Backend | None) -> None:
        self.backend = backend
        self.revision = 0  # of the save this tab last wrote, loaded or adopted
        self.ok = backend is not None
        self.failure: str | None = None if self.ok else "storage"  # why the last write failed
        self.seen: str | None = None  # the stored save text this tab knows (and may replace)
        self.conflict: Session | None = None  # the newer game found by the last ``save``
        self.clock: Callable[[], int] = lambda: int(time.time() * 1000)  # ms since 1970

    def _get(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            return _text(self.backend.getItem(key))
        except Exception as error:  # a browser may refuse any access
            print(f"scorpion: cannot read {key}: {error}")
            self.ok = False
            return None

    def _set(self, key: str, value: str) -> bool:
        """Write; on failure ``ok`` turns False and ``failure`` says why."""
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception as error:
            print(f"scorpion: cannot write {key}: {error}")
            self.ok = False
            self.failure = "quota" if is_quota_error(error) else "storage"
            return False
        self.ok = True
        self.failure = None
        return True

    def load(self) -> saves.Loaded:
        """What was saved. Unreadable text is kept aside under a backup key, never lost."""
        text = self._get(SAVE_KEY)
        loaded = saves.read(text)
        kept = not (loaded.damaged and text) or self.keep_aside(text) is not None
        self.revision = loaded.revision
        self.seen = text if kept else None  # not kept aside: the next save tries again
        return loaded

    def keep_aside(self, text: str) -> str | None:
        """Copy unreadable saved text to a backup key of its own; returns the key (None
        if the storage refused). An existing backup of the same text is reused."""
        if self.backend is None:
            return None
        at = self.clock()
        key = saves.backup_key(SAVE_KEY, at)
        while (found := self._get(key)) is not None:
            if found == text:
                return key
            at += 1
            key = saves.backup_key(SAVE_KEY, at)
        return key if self._set(key, text) else None

    def newer(self, text: str | None) -> Session | None:
        """The game another tab just saved, if it is newer than this tab's last save."""
        loaded = saves.read(text)
        if loaded.session is None or loaded.damaged or loaded.revision <= self.revision:
            return None
        self.revision = loaded.revision
        self.seen = text
        return loaded.session

    def save(self, session: Session, replace: bool = False) -> Outcome:
        """Write ``session`` as the next revision, unless another tab wrote a newer one:
        then nothing is written, ``conflict`` holds that newer game and the answer is
        ``"newer"``. ``replace`` (an import) writes over any stored revision."""
        self.conflict = None
        stored = self._get(SAVE_KEY)
        if stored is not None and stored != self.seen:
            loaded = saves.read(stored)
            if loaded.damaged:  # another version's or damaged: kept aside, never lost
                if self.keep_aside(stored) is None:
                    return "failed"
            elif replace:
                self.revision = max(self.revision, loaded.revision)
            elif loaded.revision > self.revision and loaded.session is not None:
                self.revision = loaded.revision
                self.seen = stored
                self.conflict = loaded.session
                return "newer"
        revision = self.revision + 1
        text = saves.dump(session, revision, self.clock())
        written = self._set(SAVE_KEY, text)
        if not written and self.failure == "quota" and self.forget_paint():
            written = self._set(SAVE_KEY, text)  # the snapshot is only a cache: make room
        if not written:
            return "failed"
        self.revision = revision
        self.seen = text
        return "saved"

    def export_text(self, session: Session) -> str:
        """The save document for a file (the same format as the stored one)."""
        return saves.dump(session, self.revision, self.clock())

    def save_paint(self, snapshot: dict[str, Any]) -> None:
        """The snapshot is a cache: a refusal to keep it is no failure of the save."""
        if self.backend is None:
            return
        try:
            self.backend.setItem(
                PAINT_KEY, json.dumps(snapshot, separators=(",", ":"), ensure_ascii=False)
            )
        except Exception as error:
            print(f"scorpion: no paint snapshot: {error}")

    def forget_paint(self) -> bool:
        """Drop the paint snapshot; True if it was there and is gone."""
        if self.backend is None or self._get(PAINT_KEY) is None:
            return False
        try:
            self.backend.removeItem(PAINT_KEY)
        except Exception:
            return False
        return True


def is_quota_error(error: BaseException) -> bool:
    """A full storage: a ``QuotaExceededError`` DOMException (Pyodide's ``JsException``
    carries its ``name``), whatever the browser calls it."""
    name = str(getattr(error, "name", "") or "")
    return name in QUOTA_NAMES or any(q in str(error) for q in QUOTA_NAMES)
