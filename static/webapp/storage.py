"""The only module that touches localStorage: the save (``scorpion.saves`` format) and
the snapshot of the last painted board that ``index.html`` shows before Python starts.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the browser's
``localStorage``, or a dict-backed fake in tests). A storage that refuses (private
mode, full quota) never breaks the game: ``ok`` turns False and the page says so once.
"""

from __future__ import annotations

import json
import time
from typing import Any, Protocol

from scorpion import saves
from scorpion.session import Session

SAVE_KEY = "scorpion.save"
PAINT_KEY = "scorpion.paint"  # read by the inline script in index.html: keep in step


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
        self.revision = 0
        self.ok = backend is not None

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
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception as error:
            print(f"scorpion: cannot write {key}: {error}")
            self.ok = False
            return False
        return True

    def load(self) -> saves.Loaded:
        """What was saved. Unreadable text is kept aside under a backup key, never lost."""
        text = self._get(SAVE_KEY)
        loaded = saves.read(text)
        if loaded.damaged and text:
            self._set(saves.backup_key(SAVE_KEY, int(time.time() * 1000)), text)
        self.revision = loaded.revision
        return loaded

    def newer(self, text: str | None) -> Session | None:
        """The game another tab just saved, if it is newer than this tab's last save."""
        loaded = saves.read(text)
        if loaded.session is None or loaded.revision <= self.revision:
            return None
        self.revision = loaded.revision
        return loaded.session

    def save(self, session: Session) -> bool:
        self.revision += 1
        text = saves.dump(session, self.revision, int(time.time() * 1000))
        return self._set(SAVE_KEY, text)

    def save_paint(self, snapshot: dict[str, Any]) -> None:
        self._set(PAINT_KEY, json.dumps(snapshot, separators=(",", ":"), ensure_ascii=False))

    def forget_paint(self) -> None:
        if self.backend is not None:
            try:
                self.backend.removeItem(PAINT_KEY)
            except Exception:
                self.ok = False
