"""The dialogs (New game, the win, the rules, a link's game).

Real ``<dialog>`` elements opened as modals (``Chrome.show_modal``): the browser holds
focus inside and Escape closes them; on closing, focus goes back to where it was
(``Chrome.restore_focus``). The notice bar is the chrome's (``Chrome.notice``).

New game's "Winnable deals only": with no number typed, the deal is drawn from the
variant's list of deals the solver proved winnable (``winnable``). The list is fetched
when first needed (the dialog opens with the option on, or it is ticked); Start waits
for it, and if it cannot be had the dialog says so and stays open: the game on the table
is untouched. A typed number is always dealt as typed. A grade (Classic) draws from the
deals of that grade on the classic list, with or without the option.

What the dialogs start goes to the constructor's callables (``start``, ``restart``: the
controller's); what the player asks of parts built later is an event (``webapp.events``):
``new-game-asked`` (the win's New game), ``stats-asked`` (the win's Statistics),
``winnable-chosen`` (the option changed), ``list-arrived`` (a winnable list came).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import Game
from webapp import winnable
from webapp.escaping import escape
from webapp.events import Events
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.translated import _

#: A new game: the number (None: any), the variant, whether it came from a winnable list.
Start = Callable[[int | None, str, bool], None]

NEW_GAME = "new-game-dialog"
WIN = "win-dialog"
RULES = "rules-dialog"
LINK = "link-dialog"

CONFETTI_COLOURS = ("#ffd54a", "#e53935", "#43a047", "#1e88e5", "#fb8c00", "#8e24aa")
CONFETTI_PIECES = 36
CONFETTI_MS = 3600  # the last piece has landed


def read_deal_number(text: str) -> tuple[int | None, str | None]:
    """The typed deal number: (None, None) for empty (random), else (number, None) or
    (None, error message)."""
    cleaned = text.strip().replace(" ", "").replace("\u00a0", "").lstrip("#")
    if not cleaned:
        return None, None
    if cleaned.isdigit():
        number = int(cleaned)
        if MIN_DEAL <= number <= MAX_DEAL:
            return number, None
    return None, _("A deal number is a whole number from {low} to {high}.").format(
        low=MIN_DEAL, high=MAX_DEAL
    )


class Dialogs:
    def __init__(
        self,
        chrome: Chrome,
        page: Page,
        events: Events,
        start: Start,
        restart: Callable[[], None],
        rng: random.Random | None = None,
    ) -> None:
        self.chrome = chrome
        self.page = page
        self.events = events
        self.start = start
        self.restart = restart
        self.lists = winnable.Lists()
        self.rng = rng or random.Random()
        self.waiting = False  # Start was pressed and waits for a winnable list
        self.table_deal: int | None = None  # the deal on the table (not picked again)
        self.falling = False  # the win's confetti is on the page
        self.shower = 0  # which shower falls (a timer ends only its own)
        self.link_play: Callable[[], None] = lambda: None  # the link's game, accepted
        self._bind()

    def _bind(self) -> None:
        listen = self.listen
        listen("ng-form", "submit", self._submit)
        listen("ng-cancel", "click", lambda event: self.close(NEW_GAME))
        listen("ng-restart", "click", lambda event: self._restart())
        listen("ng-deal", "input", lambda event: self._form_changed())
        listen("ng-classic", "change", lambda event: self._form_changed())
        listen("ng-relaxed", "change", lambda event: self._form_changed())
        listen("ng-winnable", "change", lambda event: self._winnable_changed())
        listen("ng-grade", "change", lambda event: self._form_changed())
        listen("win-close", "click", lambda event: self.close(WIN))
        listen("win-new", "click", lambda event: self._win_new())
        # Statistics open over the win, so closing them comes back to this button.
        listen("win-stats", "click", lambda event: self.events.emit("stats-asked"))
        listen("rules-close", "click", lambda event: self.close(RULES))
        listen("link-keep", "click", lambda event: self.close(LINK))
        listen("link-play", "click", lambda event: self._link_play())
        for name in (NEW_GAME, WIN, RULES, LINK):
            self.track(name)

    def _closed(self, name: str) -> None:
        if name == NEW_GAME:
            self._stop_waiting()
        if name == WIN:
            self.stop_confetti()
        self.chrome.restore_focus(name)

    # --- for other modules' dialogs (``panels``) -----------------------------------------

    def listen(self, element_id: str, kind: str, handler: Callable[[Any], None]) -> None:
        """A guarded listener on the element ``element_id``."""
        self.chrome.listen(element_id, kind, handler)

    def track(self, name: str) -> None:
        """When dialog ``name`` closes, focus goes back to where it was when it opened."""
        self.chrome.listen(name, "close", lambda event: self._closed(name))

    def show(self, name: str) -> None:
        """Open dialog ``name`` as a modal: focus held inside, Escape closes it."""
        self.chrome.show_modal(name)

    def is_open(self, name: str) -> bool:
        return self.chrome.is_open(name)

    def close(self, name: str) -> None:
        self.chrome.close(name)

    def notice(self, text: str) -> None:
        """Say ``text`` in the notice bar."""
        self.chrome.notice(text)

    # --- A link to another game while one is in progress ---------------------------------

    def confirm_link(self, text: str, play: Callable[[], None]) -> None:
        """Ask before a link replaces the game in progress; ``play`` if the player agrees.
        Keeping the game (the default button, Escape) changes nothing."""
        self.link_play = play
        self.chrome.text("link-text", text)
        self.show(LINK)

    def _link_play(self) -> None:
        self.close(LINK)
        play, self.link_play = self.link_play, lambda: None
        play()

    # --- New game ------------------------------------------------------------------------

    def open_new_game(
        self, variant: str, in_progress: bool, winnable_only: bool = False, deal: int | None = None
    ) -> None:
        """Open New game on ``variant``, the option as the player left it; ``deal`` is the
        one on the table (the winnable draw avoids it)."""
        chrome = self.chrome
        chrome.set_checked("ng-classic", variant != "relaxed")
        chrome.set_checked("ng-relaxed", variant == "relaxed")
        chrome.set_checked("ng-winnable", winnable_only)
        self.table_deal = deal
        chrome.set_value("ng-deal", "")
        chrome.flag("ng-grade", "disabled", variant == "relaxed")
        self._clear_error()
        self._stop_waiting()
        self._show_winnable()
        chrome.flag("ng-warning", "hidden", not in_progress)
        chrome.text(
            "ng-warning",
            _("The game in progress will be abandoned and counted as lost.") if in_progress else "",
        )
        chrome.text("ng-start", _("Abandon and start") if in_progress else _("Start"))
        self.show(NEW_GAME)
        chrome.focus("ng-deal")
        self._prefetch()

    def _clear_error(self) -> None:
        self.chrome.flag("ng-error", "hidden", True)
        self.chrome.text("ng-error", "")
        self.chrome.attr("ng-deal", "aria-invalid", None)

    def _variant(self) -> str:
        return "relaxed" if self.chrome.checked("ng-relaxed") else "classic"

    def _winnable_on(self) -> bool:
        return self.chrome.checked("ng-winnable")

    def _grade(self) -> str:
        """The grade chosen ("" for any); only Classic deals are graded."""
        return "" if self._variant() == "relaxed" else self.chrome.value("ng-grade")

    def _form_changed(self) -> None:
        """The player changed something: a pending Start is dropped (it would start what
        they are still choosing), messages are stale."""
        self._clear_error()
        self._stop_waiting()
        self.chrome.flag("ng-grade", "disabled", self._variant() == "relaxed")
        self._prefetch()

    def _winnable_changed(self) -> None:
        self._show_winnable()
        self._form_changed()
        self.events.emit("winnable-chosen", self._winnable_on())

    def _show_winnable(self) -> None:
        """The deal number's help and placeholder say what an empty field deals."""
        if self._winnable_on():
            help_text = _(
                "Leave empty for a random winnable deal. A number you type is dealt "
                "as typed, even if it is not on the list."
            )
            # Translators: the placeholder of the empty deal number field.
            placeholder = _("random winnable")
        else:
            help_text = _("Leave empty for a random deal.")
            placeholder = _("random")
        self.chrome.attr("ng-deal", "placeholder", placeholder)
        self.chrome.text("ng-deal-help", help_text)

    def _status(self, text: str, error: bool = False) -> None:
        self.chrome.classed("ng-status", "error", error)
        self.chrome.text("ng-status", text)

    def _stop_waiting(self) -> None:
        self.waiting = False
        self.chrome.attr("ng-form", "aria-busy", None)
        self._status("")

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        self._go()

    def _go(self) -> None:
        """Start what the form says; with the winnable option and no number, once the
        variant's list is there (or say why not, and stay)."""
        number, problem = read_deal_number(self.chrome.value("ng-deal"))
        if problem:
            self._stop_waiting()
            self.chrome.text("ng-error", problem)
            self.chrome.flag("ng-error", "hidden", False)
            self.chrome.attr("ng-deal", "aria-invalid", "true")
            self.chrome.focus("ng-deal")
            return
        variant = self._variant()
        grade = self._grade()
        drawn = number is None and (self._winnable_on() or bool(grade))
        if drawn:
            numbers = self.lists.numbers.get(variant)
            if numbers is None:
                self.waiting = True
                self.chrome.attr("ng-form", "aria-busy", "true")
                self._status(_("Loading the winnable deals…"))
                self._load(variant)
                return
            if grade:
                graded = self.lists.grades.get(variant, {})
                number = winnable.pick_graded(numbers, graded, grade, self.rng, self.table_deal)
            else:
                number = winnable.pick(numbers, self.rng, avoid=self.table_deal)
        self._stop_waiting()
        self.chrome.forget_focus(NEW_GAME)
        self.close(NEW_GAME)
        self.start(number, variant, drawn)

    def _prefetch(self) -> None:
        """Fetch the chosen variant's list ahead of Start, when the option is on."""
        if self._winnable_on() or self._grade():
            self._load(self._variant())

    def load_list(self, variant: str) -> None:
        """Fetch ``variant``'s list if it is not there (for the grades it carries)."""
        self._load(variant)

    def _load(self, variant: str) -> None:
        """Fetch ``variant``'s list unless it is loaded or on its way (the service worker
        answers from its cache when offline)."""
        if not self.lists.begin(variant):
            return
        self.page.fetch_text(
            winnable.url(variant),
            lambda text: self._arrived(variant, text, ""),
            lambda error: self._arrived(variant, None, str(error)),
        )

    def _arrived(self, variant: str, text: str | None, why: str) -> None:
        problem = self.lists.arrived(variant, text)
        if problem is None:
            self.events.emit("list-arrived")
        else:
            print(f"scorpion: the winnable deals ({variant}) could not be loaded: {why or problem}")
        if not self.waiting or not self.is_open(NEW_GAME) or variant != self._variant():
            return
        if problem is None:
            self._go()
            return
        self.waiting = False
        self.chrome.attr("ng-form", "aria-busy", None)
        self._status(
            _(
                "The list of winnable deals could not be loaded, so no game was started. "
                "Check the connection and try again, or type a deal number."
            ),
            error=True,
        )

    def _restart(self) -> None:
        self.chrome.forget_focus(NEW_GAME)
        self.close(NEW_GAME)
        self.restart()

    # --- the win ---------------------------------------------------------------------------

    def won(self, game: Game) -> None:
        """The game on the table was won (the ``won`` event): the win dialog opens."""
        self.open_win(game.score, len(game.moves))

    def open_win(self, score: int, moves: int) -> None:
        self.chrome.text("win-score", str(score))
        sentence = _("All four sequences are home, in {moves} moves.").format(moves=moves)
        self.chrome.html("win-text", phrases_markup(sentence))
        self.show(WIN)
        self._confetti()

    def _win_new(self) -> None:
        self.chrome.forget_focus(WIN)
        self.close(WIN)
        self.stop_confetti()
        self.events.emit("new-game-asked")

    def stop_confetti(self) -> None:
        """The win dialog closed (Close, Escape, New game): the shower goes with it, at
        once; nothing falls over the table or the status line after."""
        if self.falling:
            self.falling = False
            self.chrome.confetti(())

    def _confetti(self) -> None:
        """A short shower of paper (CSS animation; gone with reduced motion), over the
        open win dialog only (``stop_confetti``)."""
        self.stop_confetti()
        if self.page.reduced_motion() or self.chrome.root_has_class("no-motion"):
            return  # animations off: no shower at all
        self.chrome.confetti(confetti_pieces())
        self.falling = True
        self.shower += 1
        shower = self.shower

        def fallen() -> None:
            if self.shower == shower:
                self.stop_confetti()

        self.page.later(CONFETTI_MS, fallen)

    # --- rules -----------------------------------------------------------------------------

    def open_rules(self, lang: str) -> None:
        from webapp.table.rules_page import rules_markup  # when first asked: not on the boot path

        self.chrome.html("rules-body", rules_markup(lang))
        self.show(RULES)


def confetti_pieces() -> list[str]:
    """Each piece of the win's confetti as CSS: where it falls, when, its colour.

    >>> confetti_pieces()[1]
    'left:37%;animation-delay:53ms;background:#e53935'
    """
    pieces = []
    for i in range(CONFETTI_PIECES):
        colour = CONFETTI_COLOURS[i % len(CONFETTI_COLOURS)]
        pieces.append(
            f"left:{(i * 37) % 100}%;animation-delay:{(i * 53) % 900}ms;background:{colour}"
        )
    return pieces


def phrases_markup(sentence: str) -> str:
    """The sentence as phrases, each a ``<span class="phrase">`` (CSS: inline-block): a line
    breaks between phrases, inside one only when it is longer than the line; a phrase that
    began with a space is set off by one.

    >>> phrases_markup("Home, in <3> moves.")
    '<span class="phrase">Home,</span> <span class="phrase">in &lt;3&gt; moves.</span>'
    """
    markup = []
    for index, phrase in enumerate(phrases(sentence)):
        if index and phrase[0] == " ":
            markup.append(" ")
        markup.append(f'<span class="phrase">{escape(phrase.strip())}</span>')
    return "".join(markup)


def phrases(sentence: str) -> list[str]:
    """The sentence cut after each comma (Latin or Chinese), each piece keeping its
    punctuation and the space before it.

    >>> phrases("All four sequences are home, in 51 moves.")
    ['All four sequences are home,', ' in 51 moves.']
    >>> phrases("四組完整牌序都已移除，共 51 步。")
    ['四組完整牌序都已移除，', '共 51 步。']
    """
    pieces: list[str] = []
    start = 0
    for index, char in enumerate(sentence):
        if char in ",\uff0c" and index + 1 < len(sentence):
            pieces.append(sentence[start : index + 1])
            start = index + 1
    pieces.append(sentence[start:])
    return pieces
