"""Settings' "Saved data": export, import, and the backups, each change asked first.

- Export: the save document as a file.
- Import: the file is read (``saves.read``: never raises, refuses a game longer than any
  real one), then ``#data-dialog`` says what it replaces and with what (game, statistics,
  settings, dates and sizes); only a confirmation replaces anything, and what is replaced
  is kept as a backup first (no room for that backup: nothing changes).
- Backups (``Store.backups``: unreadable data, a newer version's, data an import or a
  restore replaced) are listed with date and size; each can be exported, restored where
  readable (asked first, like an import) or deleted (asked first).

Nothing stored becomes markup unescaped: the lists are markup made here with every text
escaped (``webapp.escaping``); the backups' buttons carry an index into the list drawn.
Dates come from data anyone may have written: one that is not a sane moment (huge,
negative, not a whole number) is said as "at an unknown time". Every import ends in the
confirmation or in a message saying why not; an unexpected error on the way is reported
(``Chrome.guarded``), never lost in the browser's promise.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from scorpion import saves
from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import Game
from scorpion.history import LATEST_MS
from scorpion.session import Session
from webapp import translated
from webapp.escaping import escape
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.page.storage import Backup
from webapp.panels.dialogs import Dialogs
from webapp.play.announcer import Announcer
from webapp.play.autosave import AutoSave
from webapp.play.session_swap import SessionSwap
from webapp.play.table_state import TableState
from webapp.translated import _, ngettext

MAX_IMPORT_BYTES = 2_000_000  # a save is a few kilobytes; anything this big is not one


def moment(ms: object) -> int | None:
    """``ms`` if it is a moment a date can be written for (ms since 1970, up to the year
    9999), else None.

    >>> moment(1_764_489_600_000), moment(0), moment(-5), moment(10**20), moment(1.5e12)
    (1764489600000, None, None, None, None)
    >>> moment("1764489600000"), moment(True)
    (None, None)
    """
    if isinstance(ms, int) and not isinstance(ms, bool) and 0 < ms <= LATEST_MS:
        return ms
    return None


def day_file_name(prefix: str, ms: int) -> str:
    """``prefix-YYYY-MM-DD.json``, by the UTC day of ``ms``.

    >>> day_file_name("scorpion", 1_764_489_600_000)
    'scorpion-2025-11-30.json'
    """
    return time.strftime(f"{prefix}-%Y-%m-%d.json", time.gmtime(ms // 1000))


def list_markup(lines: list[str]) -> str:
    """The lines of ``#data-dialog-list``, escaped.

    >>> list_markup(["Game: <b>", "x & y"])
    '<li>Game: &lt;b&gt;</li><li>x &amp; y</li>'
    """
    return "".join(f"<li>{escape(line)}</li>" for line in lines)


def backups_markup(items: list[tuple[str, list[tuple[str, str]]]]) -> str:
    """``#backups``: an item per backup, its words and its buttons (action, name), each
    button carrying the backup's index in the list.

    >>> backups_markup([("Saved data, <now>", [("delete", "Delete…")])])
    '<li><span class="backup-text">Saved data, &lt;now&gt;</span><button type="button" \
data-action="delete" data-index="0">Delete…</button></li>'
    """
    markup = []
    for index, (words, actions) in enumerate(items):
        buttons = "".join(
            f'<button type="button" data-action="{escape(action)}" data-index="{index}">'
            f"{escape(name)}</button>"
            for action, name in actions
        )
        markup.append(f'<li><span class="backup-text">{escape(words)}</span>{buttons}</li>')
    return "".join(markup)


def summary(session: Session | None, stats_only: bool = False) -> list[str]:
    """What a save holds, a line each: the game, the statistics, the settings."""
    lines = []
    if session is not None and not stats_only:
        game = session.game
        deal = (
            _("deal {number}").format(number=game.deal_number)
            if game.deal_number is not None
            else _("a deal from a deck")
        )
        lines.append(
            ngettext(
                "Game: {deal}, {variant}, {count} move, score {score}",
                "Game: {deal}, {variant}, {count} moves, score {score}",
                len(game.moves),
            ).format(
                deal=deal,
                variant=translated.variant(game.variant),
                count=len(game.moves),
                score=game.score,
            )
        )
    if session is not None:
        played = sum(session.stats[v].played for v in ("classic", "relaxed"))
        won = sum(session.stats[v].won for v in ("classic", "relaxed"))
        lines.append(
            ngettext(
                "Statistics: {played} game played, {won} won",
                "Statistics: {played} games played, {won} won",
                played,
            ).format(played=played, won=won)
        )
        lines.append(_("Settings: language, switches and options"))
    return lines


def size_text(size: int) -> str:
    kb = max(1, round(size / 1000))
    return ngettext("{count} KB", "{count} KB", kb).format(count=kb)


class SavedData:
    def __init__(
        self,
        state: TableState,
        arrivals: SessionSwap,
        keeper: AutoSave,
        speech: Announcer,
        dialogs: Dialogs,
        chrome: Chrome,
        page: Page,
    ) -> None:
        self.state = state
        self.arrivals = arrivals
        self.speech = speech
        self.keeper = keeper
        self.store = keeper.store
        self.dialogs = dialogs
        self.chrome = chrome
        self.page = page
        self.listed: list[Backup] = []  # the backups as last drawn, by button index
        self.confirmed: Callable[[], None] = lambda: None  # what #data-dialog-ok does

    def bind(self) -> None:
        listen = self.dialogs.listen
        listen("export", "click", lambda event: self.export())
        listen("import", "click", lambda event: self.chrome.click("import-file"))
        listen("import-file", "change", lambda event: self.choose_file())
        listen("backups", "click", self._backup_clicked)
        listen("data-dialog-cancel", "click", lambda event: self.dialogs.close("data-dialog"))
        listen("data-dialog-ok", "click", lambda event: self._confirm())
        self.dialogs.track("data-dialog")

    def message(self, text: str, error: bool = False) -> None:
        self.chrome.text("data-message", text)
        self.chrome.classed("data-message", "error", error)

    # --- files ----------------------------------------------------------------------------

    def export(self) -> None:
        """The save document, as a file the browser downloads."""
        name = day_file_name("scorpion", self.page.now_ms())
        self._download(self.store.export_text(self.state.session), name)
        self.message(_("Exported to the file {name}.").format(name=name))

    def _download(self, text: str, name: str) -> None:
        self.page.download(text, name, "application/json", "settings-dialog")

    def choose_file(self) -> None:
        """The file chosen in ``#import-file``: read (unless too big to be a save), then
        offered. The browser answers later: both answers are guarded, so an error on the
        way is reported, not lost."""
        self.page.read_chosen_file_within(
            "import-file",
            MAX_IMPORT_BYTES,
            self.chrome.guarded(
                "import", lambda text: self.offer(text, len(text.encode(errors="replace")))
            ),
            self.chrome.guarded("import", lambda error: self.refuse(("corrupt",))),
        )

    # --- import and restore ---------------------------------------------------------------

    def offer(self, text: str, size: int, backup: Backup | None = None) -> None:
        """Ask before ``text`` (a file's, or ``backup``'s) replaces what is saved here."""
        loaded = saves.read(text)
        usable = loaded.session is not None or loaded.problems == ("long",)
        if not usable or "newer" in loaded.problems:
            self.refuse(loaded.problems)
            return
        session = loaded.session or Session(
            Game.new(random.randint(MIN_DEAL, MAX_DEAL)), loaded.settings, loaded.stats
        )
        title = _("Restore this backup?") if backup else _("Import this file?")
        here = saves.read(self.store.seen)
        lines = [
            _("Saved here now (saved {date}, {size}):").format(
                date=self._date(here.saved_at), size=size_text(len(self.store.seen or ""))
            ),
            *summary(self.state.session),
        ]
        when = self._date(loaded.saved_at)
        source = _("In the backup") if backup else _("In the file")
        lines.append(
            _("{source} (saved {date}, {size}):").format(
                source=source, date=when, size=size_text(size)
            )
        )
        if loaded.session is None:
            lines.append(
                _(
                    "Its game is longer than any real game (over 5,000 actions) and is not "
                    "loaded: a new game starts with its statistics and settings."
                )
            )
        lines += summary(session, stats_only=loaded.session is None)
        text_line = _(
            "This replaces the game, statistics and settings saved here. What is here now "
            "is kept as a backup, to restore if you change your mind."
        )
        ok = _("Restore") if backup else _("Import")
        self._ask(title, text_line, lines, ok, lambda: self._replace(session, backup))

    def _replace(self, session: Session, backup: Backup | None) -> None:
        store = self.store
        current = store.export_text(self.state.session)
        if store.keep_aside(current, "replaced") is None:
            self.message(
                _(
                    "There is no room to keep a backup of what is saved here, so nothing was "
                    "changed. Export it, or delete backups, first."
                ),
                error=True,
            )
            return
        self.arrivals.replace(session)
        if backup is not None:
            store.drop_backup(backup.key)
            self.message(_("Restored; what was here before is kept as a backup."))
        else:
            self.message(_("Imported; what was here before is kept as a backup."))
        self.speech.say(_("The saved data was imported."))
        self.show_backups()

    def refuse(self, problems: tuple[str, ...]) -> None:
        if "newer" in problems:
            text = _("This file was made by a newer version of Scorpion. Nothing was changed.")
        else:
            text = _("This file is not a readable Scorpion save. Nothing was changed.")
        self.message(text, error=True)

    # --- backups --------------------------------------------------------------------------

    def show_backups(self) -> None:
        """Draw the list of backups, with date and size, and what can be done with each."""
        self.listed = self.store.backups()
        self.chrome.flag("backups-empty", "hidden", bool(self.listed))
        reasons = {
            "unreadable": _("Saved data that could not be read"),
            "newer": _("Saved data of a newer version"),
            "replaced": _("Data replaced by an import or a restore"),
            "calendar": _("A daily calendar that could not be read"),
        }
        items = []
        for backup in self.listed:
            words = _("{what}, {date}, {size}").format(
                what=reasons[backup.reason], date=self._date(backup.at), size=size_text(backup.size)
            )
            actions = [("export", _("Export"))]
            if self._readable(backup):
                actions.append(("restore", _("Restore…")))
            actions.append(("delete", _("Delete…")))
            items.append((words, actions))
        self.chrome.html("backups", backups_markup(items))

    def _readable(self, backup: Backup) -> bool:
        loaded = saves.read(self.store.backup_text(backup.key))
        return "newer" not in loaded.problems and (
            loaded.session is not None or loaded.problems == ("long",)
        )

    def _backup_clicked(self, event: Any) -> None:
        button = event.target.closest("button")
        if not button:
            return
        index, action = str(button.dataset.index or ""), str(button.dataset.action or "")
        if not index.isdigit() or int(index) >= len(self.listed):
            return
        backup = self.listed[int(index)]
        text = self.store.backup_text(backup.key)
        if text is None:
            self.show_backups()  # gone meanwhile (another tab)
            return
        if action == "export":
            name = day_file_name("scorpion-backup", moment(backup.at) or self.page.now_ms())
            self._download(text, name)
            self.message(_("Exported to the file {name}.").format(name=name))
        elif action == "restore":
            self.offer(text, backup.size, backup)
        elif action == "delete":
            self._ask(
                _("Delete this backup?"),
                _("It cannot be restored afterwards; export it first to keep a copy."),
                [],
                _("Delete"),
                lambda: self._delete(backup),
            )

    def _delete(self, backup: Backup) -> None:
        self.store.drop_backup(backup.key)
        self.message(_("The backup was deleted."))
        self.show_backups()
        if self.keeper.storage_problem == "quota":
            self.keeper.save()  # there may be room now

    # --- the confirmation -----------------------------------------------------------------

    def _ask(
        self, title: str, text: str, lines: list[str], ok: str, then: Callable[[], None]
    ) -> None:
        self.chrome.text("data-dialog-title", title)
        self.chrome.text("data-dialog-text", text)
        self.chrome.html("data-dialog-list", list_markup(lines))
        self.chrome.text("data-dialog-ok", ok)
        self.confirmed = then
        self.dialogs.show("data-dialog")

    def _confirm(self) -> None:
        then, self.confirmed = self.confirmed, lambda: None
        self.dialogs.close("data-dialog")
        then()

    def _date(self, ms: object) -> str:
        """When something was saved, in the player's words; a time that is not a sane
        moment (anyone may write the data) is said to be unknown."""
        sane = moment(ms)
        if sane is None:
            return _("at an unknown time")
        return self.page.time_text(sane, translated.language())
