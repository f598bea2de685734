"""Statistics, settings and the saved data: two dialogs and what their controls do.

- Statistics (``#stats-dialog``): both variants side by side, the last games as a chart
  per variant (``#stats-chart``, ``panels/trend_chart.py``: pointing at a game or focusing
  it says what it was; the arrow keys go from game to game) and as a table, a reset behind
  a confirmation (``#reset-dialog``).
- Settings (``#settings-dialog``): language, interactive rules, four-colour deck, card
  back and table colour (radio groups; the root's classes, ``paint.look_classes``),
  animations, timer, the offer to finish, and the saved data: whether the browser keeps it for good
  (``Page.persistence``); its export, import and backups are ``saved_data``'s.

The footer's quick settings (``#language``, ``#interactive-rules``, ``#four-colour``) and
the dialog's (``#set-...``) are two views of the same settings: a change in either is
saved and shown in both. Every handler is guarded by ``Dialogs.listen``; the timer's tick
and the browser's answers are guarded by ``Chrome.guarded`` (an error is reported, never lost).

What others hear of (``webapp.events``): ``language`` (the page's fixed texts again),
``changed`` (a switch may offer the finish, or no longer), ``settings-opened`` (the saved
data's list is drawn fresh).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from scorpion.game import VARIANTS
from scorpion.i18n import LANGUAGES
from scorpion.session import CHOICES
from webapp import translated
from webapp.events import Events
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.panels.dialogs import Dialogs
from webapp.panels.stats_view import table_markup
from webapp.play.actuator import Actuator
from webapp.play.announcer import Announcer
from webapp.play.autosave import AutoSave
from webapp.play.controller import Controller
from webapp.play.table_state import TableState
from webapp.table.early_paint import CHOOSERS, look_classes
from webapp.translated import _

if TYPE_CHECKING:
    from scorpion.trend import Trend
    from webapp.page.board import PageBoard

TICK_MS = 1000
# The keys that go from game to game in a chart of the last games, and how far.
CHART_STEPS: Final = {"ArrowLeft": -1, "ArrowRight": 1, "PageUp": -10, "PageDown": 10}
REDUCED_MOTION = "(prefers-reduced-motion: reduce)"
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
        board: PageBoard,
        dialogs: Dialogs,
        chrome: Chrome,
        page: Page,
        events: Events,
    ) -> None:
        self.state = state
        self.play = play  # mounts the board again in a new language
        self.keeper = keeper
        self.speech = speech
        self.screen = screen
        self.board = board
        self.dialogs = dialogs
        self.chrome = chrome
        self.page = page
        self.events = events
        self.ticking: Any = None  # the timer's interval while it runs
        self.tick = chrome.guarded("timer", lambda _none: self.screen.show_time())
        self.available = False  # the browser can keep the data for good (it said so)
        self.persisted: bool | None = None  # the browser's answer; None: not known
        self.asked = False  # persistent storage was asked for (once per visit)
        self.trends: dict[str, Trend] = {}  # the charts shown, by variant
        self.offset = 0  # the time zone their dates were written in (minutes west of UTC)

    # --- wiring ---------------------------------------------------------------------------

    def bind(self) -> None:
        listen = self.dialogs.listen
        listen("stats", "click", lambda event: self.open_stats())
        listen("settings-button", "click", lambda event: self.open_settings())
        listen("stats-close", "click", lambda event: self.dialogs.close("stats-dialog"))
        listen("stats-reset", "click", lambda event: self.dialogs.show("reset-dialog"))
        listen("stats-export", "click", lambda event: self.export_stats())
        listen("stats-chart", "pointerover", lambda event: self._chart_game(event, False))
        listen("stats-chart", "focusin", lambda event: self._chart_game(event, True))
        listen("stats-chart", "keydown", self._chart_key)
        listen("reset-cancel", "click", lambda event: self.dialogs.close("reset-dialog"))
        listen("reset-confirm", "click", lambda event: self.reset_stats())
        listen("settings-close", "click", lambda event: self.dialogs.close("settings-dialog"))
        for name in ("stats-dialog", "reset-dialog", "settings-dialog"):
            self.dialogs.track(name)
        for element_id in ("language", "set-language"):
            listen(element_id, "change", self._language_chooser(element_id))
        for field, element_ids in SWITCHES.items():
            for element_id in element_ids:
                listen(element_id, "change", self._changer(field, element_id))
        for field, prefix in CHOOSERS.items():
            for name in CHOICES[field]:
                listen(f"set-{prefix}-{name}", "change", self._chooser(field, name))
        self.chrome.listen_media(REDUCED_MOTION, self._reduced_changed)

    def _reduced_changed(self, reduced: bool) -> None:
        """The system's reduced-motion preference changed while the page is open."""
        self.board.set_reduced(reduced)
        self.show_settings()

    def _language_chooser(self, element_id: str) -> Callable[[Any], None]:
        return lambda event: self.choose_language(self.chrome.value(element_id))

    def _changer(self, field: str, element_id: str) -> Callable[[Any], None]:
        def changed(event: Any) -> None:
            self.state.session.with_settings(**{field: self.chrome.checked(element_id)})
            self.show_settings()
            self.keeper.save()
            self.events.emit("changed")  # the finish may be offered now, or no longer

        return changed

    def _chooser(self, field: str, name: str) -> Callable[[Any], None]:
        element_id = f"set-{CHOOSERS[field]}-{name}"

        def chose(event: Any) -> None:
            if self.chrome.checked(element_id):
                self.state.session.with_settings(**{field: name})
                self.show_settings()
                self.keeper.save()

        return chose

    # --- settings -------------------------------------------------------------------------

    def show_settings(self) -> None:
        """Bring the page in line with the settings: language, controls, classes, timer."""
        chrome = self.chrome
        settings = self.state.session.settings
        lang = settings.language  # None: the language in use stays (link, browser)
        if lang is not None and lang != translated.language():
            translated.set_language(lang)
            self.events.emit("language")  # the page's fixed texts, rewritten
        for element_id in ("language", "set-language"):
            chrome.set_value(element_id, translated.language())
        for field, element_ids in SWITCHES.items():
            for element_id in element_ids:
                chrome.set_checked(element_id, bool(getattr(settings, field)))
        # The system asks for reduced motion: the switch shows it, off, and waits.
        reduced = bool(self.board.reduced)
        chrome.set_checked("set-animations", settings.animations and not reduced)
        chrome.flag("set-animations", "disabled", reduced)
        chrome.root_class("four-colour", settings.four_colour)
        for name, on in look_classes(settings).items():
            chrome.root_class(name, on)
        for field, prefix in CHOOSERS.items():
            chosen = getattr(settings, field)
            for name in CHOICES[field]:
                chrome.set_checked(f"set-{prefix}-{name}", name == chosen)
        chrome.root_class("no-motion", not settings.animations)
        self.board.set_animations(settings.animations)
        chrome.flag("timer", "hidden", not settings.timer)
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
        self.query_persistence()
        self.show_persistence()
        self.events.emit("settings-opened")
        self.dialogs.show("settings-dialog")

    # --- the timer ------------------------------------------------------------------------

    def _run_timer(self, on: bool) -> None:
        if on and self.ticking is None:
            self.ticking = self.page.every(TICK_MS, lambda: self.tick(None))
        elif not on and self.ticking is not None:
            self.page.stop(self.ticking)
            self.ticking = None
        if on:
            self.screen.show_time()

    # --- statistics -----------------------------------------------------------------------

    def show_stats(self) -> None:
        from scorpion.trend import trend
        from webapp.panels.recent_view import table_markup as recent_markup  # not on the boot path
        from webapp.panels.trend_chart import charts_markup

        stats = self.state.session.stats
        self.offset = self.page.utc_offset()
        self.trends = {v: t for v in VARIANTS if (t := trend(stats.recent, v)).games}
        self.chrome.html("stats-table", table_markup(stats, self.state.game.variant))
        self.chrome.html("stats-chart", charts_markup(stats, self.offset))
        self.chrome.html("recent-table", recent_markup(stats.recent, self.offset))
        for element_id in ("stats-chart", "recent-scroll"):
            self.chrome.flag(element_id, "hidden", not stats.recent)
        self.chrome.flag("recent-empty", "hidden", bool(stats.recent))

    def _chart_mark(self, event: Any) -> tuple[Trend, int] | None:
        """The chart and the game whose mark ``event`` is on (None: not on a mark)."""
        mark = event.target.closest("[data-game]") if event.target else None
        if not mark:
            return None
        variant, _dash, index = str(mark.dataset.game).rpartition("-")
        shown = self.trends.get(variant)
        if shown is None or not index.isdigit() or int(index) >= len(shown.games):
            return None
        return shown, int(index)

    def _chart_game(self, event: Any, focused: bool) -> None:
        """A game's mark pointed at (or touched), or focused: the readout says what it
        was, and a focused one is its chart's tab stop from now on."""
        found = self._chart_mark(event)
        if found is not None:
            self.show_chart_game(*found, focus=False, rove=focused)

    def _chart_key(self, event: Any) -> None:
        """Left and Right (Page Up and Down: ten games; Home, End) go from game to game."""
        found = self._chart_mark(event)
        if found is None:
            return
        shown, index = found
        key, last = str(event.key), len(shown.games) - 1
        if key in CHART_STEPS:
            index = min(max(index + CHART_STEPS[key], 0), last)
        elif key in ("Home", "End"):
            index = 0 if key == "Home" else last
        else:
            return
        event.preventDefault()
        self.show_chart_game(shown, index, focus=True, rove=True)

    def show_chart_game(self, shown: Trend, index: int, focus: bool, rove: bool) -> None:
        from webapp.panels.trend_chart import game_text

        text = game_text(shown.games[index], len(shown.games), self.offset)
        self.chrome.text_in("stats-chart", f'[data-readout="{shown.variant}"]', text)
        if rove:
            self.chrome.rove("stats-chart", f'[data-game="{shown.variant}-{index}"]', focus)

    def export_stats(self) -> None:
        """The statistics and the last games as a CSV file, named by today's date."""
        from webapp.panels.csv_file import file_name, stats_csv  # not on the boot path

        offset = self.page.utc_offset()
        name = file_name(self.page.now_ms(), offset)
        text = stats_csv(self.state.session.stats, offset)
        self.page.download(text, name, "text/csv;charset=utf-8", "stats-dialog")
        self.chrome.text("stats-message", _("Exported to the file {name}.").format(name=name))

    def open_stats(self) -> None:
        self.chrome.text("stats-message", "")
        self.show_stats()
        self.dialogs.show("stats-dialog")
        self.chrome.focus("stats-close")

    def reset_stats(self) -> None:
        self.state.session.reset_stats()
        self.keeper.save()
        self.dialogs.close("reset-dialog")
        self.show_stats()
        self.speech.say(_("Statistics reset."))

    # --- keeping the data -----------------------------------------------------------------

    def ask_persistence(self) -> None:
        """Ask the browser to keep the data for good (once per visit, once there is
        something worth keeping); some browsers ask the player."""
        if not self.asked:
            self.asked = True
            self.available = self.page.persistence(True, self._answer())

    def query_persistence(self) -> None:
        self.available = self.page.persistence(False, self._answer())

    def _answer(self) -> Callable[[bool], None]:
        return self.chrome.guarded("persistent storage", self._persist_answer)

    def _persist_answer(self, granted: Any) -> None:
        self.available = True  # an answer: the browser has the thing
        self.persisted = bool(granted)
        self.show_persistence()

    def show_persistence(self) -> None:
        """Say where the data is, and whether the browser promised to keep it."""
        if self.keeper.store.failure is not None:
            text = _("This browser does not save the game now: export it to keep a copy.")
            state = "failing"
        elif not self.available:
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
        self.chrome.text("persist-status", text)
        self.chrome.attr("persist-status", "data-state", state)

    def message(self, text: str, error: bool = False) -> None:
        self.chrome.text("data-message", text)
        self.chrome.classed("data-message", "error", error)
