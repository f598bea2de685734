"""Statistics, settings and the saved data: two dialogs and what their controls do.

- Statistics (``#stats-dialog``): both variants side by side, a reset behind a
  confirmation (``#reset-dialog``).
- Settings (``#settings-dialog``): language, interactive rules, four-colour deck, card
  back and table colour (radio groups; the root's classes, ``paint.look_classes``),
  animations, timer, the offer to finish, and the saved data: whether the browser keeps it for good
  (``navigator.storage.persist()``); its export, import and backups are
  ``saveddata``'s.

The footer's quick settings (``#language``, ``#interactive-rules``, ``#four-colour``) and
the dialog's (``#set-...``) are two views of the same settings: a change in either is
saved and shown in both. Every handler is guarded by ``Dialogs.listen``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorpion.i18n import LANGUAGES
from scorpion.session import CHOICES
from webapp import translated
from webapp.page.browser import Page
from webapp.panels.dialogs import Dialogs
from webapp.panels.stats_view import table_markup
from webapp.play.actuator import Actuator
from webapp.play.announcer import Announcer
from webapp.play.autosave import AutoSave
from webapp.play.controller import Controller
from webapp.play.table_state import TableState
from webapp.table.early_paint import CHOOSERS, look_classes
from webapp.translated import _

TICK_MS = 1000
# Each on/off setting and its checkboxes: the footer's quick ones and the dialog's.
SWITCHES = {
    "interactive_rules": ("interactive-rules", "set-interactive-rules"),
    "four_colour": ("four-colour", "set-four-colour"),
    "animations": ("set-animations",),
    "timer": ("set-timer",),
    "offer_finish": ("set-offer-finish",),
}


class StatsAndSettings:
    def __init__(
        self,
        state: TableState,
        play: Controller,
        keeper: AutoSave,
        speech: Announcer,
        screen: Actuator,
        dialogs: Dialogs,
        page: Page,
        apply_language: Callable[[], None],
    ) -> None:
        self.state = state
        self.play = play
        self.keeper = keeper
        self.speech = speech
        self.screen = screen
        self.dialogs = dialogs
        self.page = page
        self.document = page.document
        self.window = page.window
        self.once = page.once
        self.apply_language = apply_language  # rewrite the page's fixed texts
        self.ticking: Any = None  # the timer's interval id while it runs
        self.proxy = page.proxy
        self.tick = page.proxy(self._tick)
        self.persisted: bool | None = None  # the browser's answer; None: not known
        self.asked = False  # persistent storage was asked for (once per visit)
        self.on_open_settings: Callable[[], None] = lambda: None  # saveddata's list

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    # --- wiring ---------------------------------------------------------------------------

    def bind(self) -> None:
        listen = self.dialogs.listen
        listen("stats", "click", lambda event: self.open_stats())
        listen("settings-button", "click", lambda event: self.open_settings())
        listen("stats-close", "click", lambda event: self.dialogs.close("stats-dialog"))
        listen("stats-reset", "click", lambda event: self.dialogs.show("reset-dialog"))
        listen("stats-export", "click", lambda event: self.export_stats())
        listen("reset-cancel", "click", lambda event: self.dialogs.close("reset-dialog"))
        listen("reset-confirm", "click", lambda event: self.reset_stats())
        listen("settings-close", "click", lambda event: self.dialogs.close("settings-dialog"))
        for name in ("stats-dialog", "reset-dialog", "settings-dialog"):
            self.dialogs.track(name)
        for element_id in ("language", "set-language"):
            listen(element_id, "change", lambda e: self.choose_language(str(e.target.value)))
        for field, element_ids in SWITCHES.items():
            for element_id in element_ids:
                listen(element_id, "change", self._changer(field))
        for field, prefix in CHOOSERS.items():
            for name in CHOICES[field]:
                listen(f"set-{prefix}-{name}", "change", self._chooser(field))
        reduced = self.window.matchMedia("(prefers-reduced-motion: reduce)")
        reduced.addEventListener("change", self.proxy(self._reduced_changed))

    def _reduced_changed(self, event: Any) -> None:
        """The system's reduced-motion preference changed while the page is open."""
        try:
            self.screen.board.set_reduced(bool(event.matches))
            self.show_settings()
        except Exception as error:  # the event boundary
            print(f"scorpion: reduced motion: {error}")

    def _changer(self, field: str) -> Callable[[Any], None]:
        def changed(event: Any) -> None:
            self.state.session.with_settings(**{field: bool(event.target.checked)})
            self.show_settings()
            self.keeper.save()
            self.play.on_changed()  # the finish may be offered now, or no longer

        return changed

    def _chooser(self, field: str) -> Callable[[Any], None]:
        def chose(event: Any) -> None:
            value = str(event.target.value)
            if event.target.checked and value in CHOICES[field]:
                self.state.session.with_settings(**{field: value})
                self.show_settings()
                self.keeper.save()

        return chose

    # --- settings -------------------------------------------------------------------------

    def show_settings(self) -> None:
        """Bring the page in line with the settings: language, controls, classes, timer."""
        document = self.document
        settings = self.state.session.settings
        lang = settings.language  # None: the language in use stays (link, browser)
        if lang is not None and lang != translated.language():
            translated.set_language(lang)
            self.apply_language()
        for element_id in ("language", "set-language"):
            self.el(element_id).value = translated.language()
        for field, element_ids in SWITCHES.items():
            for element_id in element_ids:
                self.el(element_id).checked = bool(getattr(settings, field))
        # The system asks for reduced motion: the switch shows it, off, and waits.
        reduced = bool(self.screen.board.reduced)
        animations = self.el("set-animations")
        animations.checked = settings.animations and not reduced
        animations.disabled = reduced
        root = document.documentElement.classList
        root.toggle("four-colour", settings.four_colour)
        for name, on in look_classes(settings).items():
            root.toggle(name, on)
        for field, prefix in CHOOSERS.items():
            chosen = getattr(settings, field)
            for name in CHOICES[field]:
                self.el(f"set-{prefix}-{name}").checked = name == chosen
        root.toggle("no-motion", not settings.animations)
        self.screen.board.set_animations(settings.animations)
        self.el("timer").hidden = not settings.timer
        self._run_timer(settings.timer)
        if self.dialogs.is_open("settings-dialog"):
            self.show_persistence()
        if self.dialogs.is_open("stats-dialog"):
            self.show_stats()

    def remember_winnable(self, on: bool) -> None:
        """New game's "Winnable deals only", remembered."""
        if self.state.session.settings.winnable_only != on:
            self.state.session.with_settings(winnable_only=on)
            self.keeper.save()

    def choose_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.state.session.with_settings(language=lang)
        self.message("")  # a message of the old language is stale
        self.show_settings()
        self.play.mount()
        self.speech.say(_("Language changed."))

    def open_settings(self) -> None:
        self.message("")
        self.show_settings()
        self.show_persistence()
        self.on_open_settings()
        self.dialogs.show("settings-dialog")
        self.query_persistence()

    # --- the timer ------------------------------------------------------------------------

    def _run_timer(self, on: bool) -> None:
        if on and self.ticking is None:
            self.ticking = self.window.setInterval(self.tick, TICK_MS)
        elif not on and self.ticking is not None:
            self.window.clearInterval(self.ticking)
            self.ticking = None
        if on:
            self.screen.show_time()

    def _tick(self) -> None:
        try:
            self.screen.show_time()
        except Exception as error:  # the event boundary: a timer never breaks the page
            print(f"scorpion: timer: {error}")

    # --- statistics -----------------------------------------------------------------------

    def show_stats(self) -> None:
        from webapp.panels.recent_view import table_markup as recent_markup  # not on the boot path

        stats = self.state.session.stats
        self.el("stats-table").innerHTML = table_markup(stats, self.state.game.variant)
        self.el("recent-table").innerHTML = recent_markup(stats.recent, self.page.utc_offset())
        self.el("recent-scroll").hidden = not stats.recent
        self.el("recent-empty").hidden = bool(stats.recent)

    def export_stats(self) -> None:
        """The statistics and the last games as a CSV file, named by today's date."""
        from webapp.panels.csv_file import file_name, stats_csv  # not on the boot path

        offset = self.page.utc_offset()
        name = file_name(self.page.now_ms(), offset)
        text = stats_csv(self.state.session.stats, offset)
        self.page.download(text, name, "text/csv;charset=utf-8", self.el("stats-dialog"))
        self.el("stats-message").textContent = _("Exported to the file {name}.").format(name=name)

    def open_stats(self) -> None:
        self.el("stats-message").textContent = ""
        self.show_stats()
        self.dialogs.show("stats-dialog")
        self.el("stats-close").focus()

    def reset_stats(self) -> None:
        self.state.session.reset_stats()
        self.keeper.save()
        self.dialogs.close("reset-dialog")
        self.show_stats()
        self.speech.say(_("Statistics reset."))

    # --- keeping the data -----------------------------------------------------------------

    def _storage_manager(self) -> Any:
        manager = getattr(self.window.navigator, "storage", None)
        return manager if manager and getattr(manager, "persist", None) else None

    def ask_persistence(self) -> None:
        """Ask the browser to keep the data for good (once per visit, once there is
        something worth keeping); some browsers ask the player."""
        manager = self._storage_manager()
        if self.asked or manager is None:
            return
        self.asked = True
        manager.persist().then(self.once(self._persist_answer), self.once(lambda e: None))

    def query_persistence(self) -> None:
        manager = self._storage_manager()
        if manager is not None:
            manager.persisted().then(self.once(self._persist_answer), self.once(lambda e: None))

    def _persist_answer(self, granted: Any) -> None:
        self.persisted = bool(granted)
        self.show_persistence()

    def show_persistence(self) -> None:
        """Say where the data is, and whether the browser promised to keep it."""
        element = self.el("persist-status")
        if self.keeper.store.failure is not None:
            text = _("This browser does not save the game now: export it to keep a copy.")
            state = "failing"
        elif self._storage_manager() is None:
            text = _(
                "Your game, statistics and settings are saved in this browser. It does not "
                "say how long it keeps them, so an exported copy is the safe one."
            )
            state = "unknown"
        elif self.persisted:
            text = _(
                "Your game, statistics and settings are saved in this browser, which "
                "keeps them until you delete them."
            )
            state = "granted"
        else:
            text = _(
                "Your game, statistics and settings are saved in this browser, which may "
                "delete them when it runs short of space. An exported copy is safe."
            )
            state = "denied" if self.persisted is False else "unknown"
        element.textContent = text
        element.dataset.state = state

    def message(self, text: str, error: bool = False) -> None:
        element = self.el("data-message")
        element.textContent = text
        element.classList.toggle("error", error)
