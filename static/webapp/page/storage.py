"""The only module that touches localStorage: the save (``scorpion.saves`` format), its
backups, and the board that ``index.html`` paints before Python starts.

Every key belongs to one deployment: it ends with ``@`` and the folder of the page
(``scorpion.save@/scorpion/``), so two copies of the site on one origin (every project
site of a GitHub account shares one) never read or overwrite each other's data. The first
copy that loads after the upgrade takes over the old unscoped save once (``migrate``).

The backend is anything with the Web Storage API (``getItem``, ``setItem``,
``removeItem``, ``key``, ``length``): the browser's ``localStorage``, or a dict-backed fake
in tests. A storage that refuses (private mode, full quota) never breaks the game: ``ok``
turns False, ``failure`` says why (``quota`` or ``storage``) and the page says so.

Nothing stored is trusted: another page of the origin can write any key. The save is
read by ``saves.read`` (which never raises and refuses lines longer than any real game);
the paint is plain data checked by ``paint.valid`` here and by ``index.html``.

Backups: saved text this tab cannot use (damaged, a newer version's, too long) and data
an import or restore replaces are kept under keys of their own, listed in Settings with
their date and size, to export, restore or delete. Unusable text is *moved* aside (the
save key is emptied first), so a backup never needs room the save had not already taken.

Two tabs share one save. Every write first looks at what is stored: a newer revision
written by another tab is not overwritten (``save`` answers ``"newer"`` and the caller
adopts it), except that a win is never lost (``saves.reconcile``: ``"merged"``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from scorpion import saves
from scorpion.dailyrecord import DailyRecord
from scorpion.session import Session
from webapp.table import early_paint as paint

SAVE_KEY = "scorpion.save"  # + "@" + the folder; index.html gets these from the build
PAINT_KEY = "scorpion.paint"
QUOTA_NAMES = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")
# The keys of the first builds, shared by every copy of the site on the origin.
LEGACY_SAVE = "scorpion.save"
LEGACY_PAINT = "scorpion.paint"
LEGACY_BACKUP = "scorpion.save.unreadable."
# Why a backup was made: the save was unreadable (damaged, too long), was written by a
# newer version, or was replaced by an import or a restore; or it was a daily calendar
# that could not be read.
REASONS = ("unreadable", "newer", "replaced", "calendar")

Outcome = Literal["saved", "newer", "merged", "failed"]


class Backend(Protocol):
    def getItem(self, key: str) -> Any: ...  # noqa: N802  # the Web Storage API's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> Any: ...

    @property
    def length(self) -> int: ...


def scope_of(pathname: str) -> str:
    """The deployment a page belongs to: the folder of its address (the service worker's
    scope).

    >>> scope_of("/scorpion/"), scope_of("/scorpion/index.html"), scope_of("")
    ('/scorpion/', '/scorpion/', '/')
    """
    folder = pathname[: pathname.rfind("/") + 1]
    return folder if folder.startswith("/") else "/" + folder


@dataclass(frozen=True, slots=True)
class Backup:
    """One kept copy: its key, why it was kept, when (ms since 1970) and its length."""

    key: str
    reason: str
    at: int
    size: int


def _text(value: Any) -> str | None:
    """localStorage gives a JS null (``jsnull`` in Pyodide, falsy) for a missing key."""
    return value if isinstance(value, str) and value else None


class Store:
    def __init__(self, backend: Backend | None, scope: str = "/") -> None:
        self.backend = backend
        self.scope = scope
        self.save_key = f"{SAVE_KEY}@{scope}"
        self.daily_key = f"scorpion.daily@{scope}"
        self.paint_key = f"{PAINT_KEY}@{scope}"
        self.revision = 0  # of the save this tab last wrote, loaded or adopted
        self.ok = backend is not None
        self.failure: str | None = None if self.ok else "storage"  # why the last write failed
        self.seen: str | None = None  # the stored save text this tab knows (and may replace)
        self.conflict: Session | None = None  # the game found (or merged) by the last ``save``
        self.kept: str | None = None  # the backup key ``load`` kept the unreadable text under
        # What the last ``save`` moved aside to write: (why, the backup's key); another tab
        # wrote text this tab cannot read, a newer version's or damaged.
        self.aside: tuple[str, str] | None = None
        self.clock: Callable[[], int] = lambda: int(time.time() * 1000)  # ms since 1970

    # --- the backend, guarded -------------------------------------------------------------

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

    def _remove(self, key: str) -> bool:
        if self.backend is None:
            return False
        try:
            self.backend.removeItem(key)
        except Exception as error:
            print(f"scorpion: cannot remove {key}: {error}")
            return False
        return True

    def _keys(self) -> list[str]:
        if self.backend is None:
            return []
        try:
            count = int(self.backend.length)
            return [str(k) for k in (self.backend.key(i) for i in range(count)) if _text(k)]
        except Exception as error:
            print(f"scorpion: cannot list the storage: {error}")
            return []

    # --- loading --------------------------------------------------------------------------

    def migrate(self) -> bool:
        """Take over the first builds' unscoped save and backups, once: they move to this
        copy's keys, so the next copy to load finds none. True if a save moved."""
        moved = False
        legacy = self._get(LEGACY_SAVE)
        if legacy is not None and self._get(self.save_key) is None:
            moved = self._set(self.save_key, legacy) and self._remove(LEGACY_SAVE)
        for key in self._keys():
            if key.startswith(LEGACY_BACKUP):
                text = self._get(key)
                at = key[len(LEGACY_BACKUP) :]
                stamp = int(at) if at.isdigit() else self.clock()
                if text is not None and self._put_backup("unreadable", text, stamp):
                    self._remove(key)
        if self._get(LEGACY_PAINT) is not None:
            self._remove(LEGACY_PAINT)  # markup from the first builds: never read again
        return moved

    def load(self) -> saves.Loaded:
        """What was saved. Text with problems is kept as a backup first, never lost."""
        self.migrate()
        text = self._get(self.save_key)
        loaded = saves.read(text)
        self.revision = loaded.revision
        self.seen = text
        self.kept = None
        if loaded.damaged and text:
            reason = "newer" if "newer" in loaded.problems else "unreadable"
            self.kept = self.keep_aside(text, reason, stored=True)
            if self.kept is None:
                self.seen = None  # not kept aside: the next save tries again
        return loaded

    def newer(self, text: str | None) -> Session | None:
        """The game another tab just saved, if it is newer than this tab's last save."""
        loaded = saves.read(text)
        if loaded.session is None or loaded.damaged or loaded.revision <= self.revision:
            return None
        self.revision = loaded.revision
        self.seen = text
        return loaded.session

    # --- saving ---------------------------------------------------------------------------

    def save(self, session: Session, replace: bool = False) -> Outcome:
        """Write ``session`` as the next revision. If another tab wrote a newer one,
        nothing is written, ``conflict`` holds that game and the answer is ``"newer"``;
        unless ``session`` holds a win the newer one lacks: then ``conflict`` holds what
        keeps both (``saves.reconcile``), it is written, and the answer is ``"merged"``.
        ``replace`` (an import, a restore) writes over any stored revision. Stored text
        this tab cannot read is moved to a backup first (``aside`` says so)."""
        self.conflict = self.aside = None
        stored = self._get(self.save_key)
        to_write, outcome = session, "saved"
        if stored is not None and stored != self.seen:
            loaded = saves.read(stored)
            if loaded.damaged:  # another version's or damaged: moved aside, never lost
                reason = "newer" if "newer" in loaded.problems else "unreadable"
                key = self.keep_aside(stored, reason, stored=True)
                if key is None:
                    return "failed"
                self.aside = (reason, key)
            elif replace:
                self.revision = max(self.revision, loaded.revision)
            elif loaded.revision > self.revision and loaded.session is not None:
                self.revision = loaded.revision
                self.seen = stored
                merged = saves.reconcile(session, loaded.session)
                self.conflict = merged or loaded.session
                if merged is None:
                    return "newer"
                to_write, outcome = merged, "merged"
        revision = self.revision + 1
        text = saves.dump(to_write, revision, self.clock())
        written = self._set(self.save_key, text)
        if not written and self.failure == "quota" and self.forget_paint():
            written = self._set(self.save_key, text)  # the paint is only a cache: make room
        if not written:
            return "failed"
        self.revision = revision
        self.seen = text
        return outcome  # type: ignore[return-value]  # one of the Outcome literals

    def export_text(self, session: Session) -> str:
        """The save document for a file (the same format as the stored one)."""
        return saves.dump(session, self.revision, self.clock())

    # --- backups --------------------------------------------------------------------------

    def backup_key(self, reason: str, at: int) -> str:
        return f"scorpion.backup.{reason}.{at}@{self.scope}"

    def _put_backup(self, reason: str, text: str, at: int) -> str | None:
        key = self.backup_key(reason, at)
        while (found := self._get(key)) is not None:
            if found == text:
                return key
            at += 1
            key = self.backup_key(reason, at)
        return key if self._set(key, text) else None

    def keep_aside(self, text: str, reason: str, stored: bool = False) -> str | None:
        """Keep ``text`` as a backup; returns its key, or None if the storage refused.
        ``stored``: ``text`` is what the save key holds now, so it is moved (the save key
        emptied first: the backup takes the room the save had) rather than copied."""
        if reason not in REASONS:
            raise ValueError(f"unknown backup reason {reason!r}")
        at = self.clock()
        key = self._put_backup(reason, text, at)
        if key is not None or not stored or self.failure != "quota":
            return key
        if not self._remove(self.save_key):
            return None
        key = self._put_backup(reason, text, at)
        if key is None:
            self._set(self.save_key, text)  # put back: it has the room it had
            return None
        self.seen = None
        return key

    def _backup_of(self, key: str) -> tuple[str, int] | None:
        """The reason and time a key of this copy's backups names; None for any other key."""
        prefix, suffix = "scorpion.backup.", f"@{self.scope}"
        if not (key.startswith(prefix) and key.endswith(suffix)):
            return None
        reason, _, at = key[len(prefix) : -len(suffix)].partition(".")
        return (reason, int(at)) if reason in REASONS and at.isdigit() else None

    def backups(self) -> list[Backup]:
        """This copy's backups, newest first."""
        found = []
        for key in self._keys():
            named = self._backup_of(key)
            text = self._get(key) if named else None
            if named and text is not None:
                found.append(Backup(key, named[0], named[1], len(text)))
        return sorted(found, key=lambda b: (-b.at, b.key))

    def backup_text(self, key: str) -> str | None:
        return self._get(key) if self._backup_of(key) else None

    def drop_backup(self, key: str) -> bool:
        return self._backup_of(key) is not None and self._remove(key)

    # --- the daily calendar (``scorpion.dailyrecord``), apart from the save -----------------

    def load_daily(self) -> tuple[DailyRecord, bool]:
        """The daily calendar, and whether stored text could not be read: that text is
        moved aside as a ``calendar`` backup (or, if the storage refuses, left in place and
        never overwritten by this tab: nothing is lost), and an empty calendar returned."""
        text = self._get(self.daily_key)
        if text is None:
            return DailyRecord(), False
        try:
            return DailyRecord.parse(text), False
        except ValueError as error:
            print(f"scorpion: the daily calendar could not be read: {error}")
        if self._put_backup("calendar", text, self.clock()) is not None:
            self._remove(self.daily_key)
        return DailyRecord(), True

    def save_daily(self, record: DailyRecord) -> bool:
        """Write the calendar, unless unreadable text is still stored there (it was not
        moved aside: never overwritten)."""
        stored = self._get(self.daily_key)
        if stored is not None:
            try:
                DailyRecord.parse(stored)
            except ValueError:
                return False
        return self._set(self.daily_key, record.dump())

    # --- the early paint ------------------------------------------------------------------

    def save_paint(self, snapshot: dict[str, Any]) -> None:
        """The paint is a cache: a refusal to keep it is no failure of the save."""
        if self.backend is None:
            return
        try:
            text = json.dumps(snapshot, separators=(",", ":"), ensure_ascii=False)
            if len(text) <= paint.MAX_CHARS:
                self.backend.setItem(self.paint_key, text)
        except Exception as error:
            print(f"scorpion: no paint snapshot: {error}")

    def forget_paint(self) -> bool:
        """Drop the paint snapshot; True if it was there and is gone."""
        if self._get(self.paint_key) is None:
            return False
        return self._remove(self.paint_key)


def is_quota_error(error: BaseException) -> bool:
    """A full storage: a ``QuotaExceededError`` DOMException (Pyodide's ``JsException``
    carries its ``name``), whatever the browser calls it."""
    name = str(getattr(error, "name", "") or "")
    return name in QUOTA_NAMES or any(q in str(error) for q in QUOTA_NAMES)
