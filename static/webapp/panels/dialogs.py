"""The dialogs (New game, the win, the rules, a link's game) and the notice bar.

Real ``<dialog>`` elements opened with ``showModal``: the browser holds focus inside
and Escape closes them; on closing, focus goes back to where it was.

New game's "Winnable deals only": with no number typed, the deal is drawn from the
variant's list of deals the solver proved winnable (``winnable``). The list is fetched
when first needed (the dialog opens with the option on, or it is ticked); Start waits
for it, and if it cannot be had the dialog says so and stays open: the game on the table
is untouched. A typed number is always dealt as typed. A grade (Classic) draws from the
deals of that grade on the classic list, with or without the option.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from scorpion.deals import MAX_DEAL, MIN_DEAL
from webapp import winnable
from webapp.page.browser import fetch_text
from webapp.page.browser import guarded as _guarded
from webapp.page.chrome import Chrome
from webapp.translated import _


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
        document: Any,
        proxy: Callable[[Callable[..., Any]], Any],
        once: Callable[[Callable[..., Any]], Any],
        chrome: Chrome,
    ) -> None:
        self.document = document
        self.chrome = chrome
        self.proxy = proxy  # keeps Python callbacks alive for JS
        self.once = once  # for a callback called once
        self.returns: dict[str, Any] = {}
        # A new game: the number (None: any), the variant, whether it came from the
        # winnable list.
        self.on_start: Callable[[int | None, str, bool], None] = lambda deal, variant, won: None
        self.on_winnable: Callable[[bool], None] = lambda on: None  # the option was changed
        self.on_restart: Callable[[], None] = lambda: None
        self.on_win_new: Callable[[], None] = lambda: None
        self.on_win_stats: Callable[[], None] = lambda: None  # set by ``panels``
        self.on_link_play: Callable[[], None] = lambda: None  # the link's game, accepted
        self.on_list: Callable[[], None] = lambda: None  # a list arrived (its grades)
        self.lists = winnable.Lists()
        self.rng = random.Random()
        self.waiting = False  # Start was pressed and waits for a winnable list
        self.table_deal: int | None = None  # the deal on the table (not picked again)
        self.confetti: Any = None  # the win's shower while it falls
        self._bind()

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def any_open(self) -> bool:
        return bool(self.document.querySelector("dialog[open]"))  # JS null is falsy, not None

    def _bind(self) -> None:
        listen = self._listen
        listen("ng-form", "submit", self._submit)
        listen("ng-cancel", "click", lambda event: self.close("new-game-dialog"))
        listen("ng-restart", "click", lambda event: self._restart())
        listen("ng-deal", "input", lambda event: self._form_changed())
        listen("ng-classic", "change", lambda event: self._form_changed())
        listen("ng-relaxed", "change", lambda event: self._form_changed())
        listen("ng-winnable", "change", lambda event: self._winnable_changed())
        listen("ng-grade", "change", lambda event: self._form_changed())
        listen("win-close", "click", lambda event: self.close("win-dialog"))
        listen("win-new", "click", lambda event: self._win_new())
        # Statistics open over the win, so closing them comes back to this button.
        listen("win-stats", "click", lambda event: self.on_win_stats())
        listen("rules-close", "click", lambda event: self.close("rules-dialog"))
        listen("link-keep", "click", lambda event: self.close("link-dialog"))
        listen("link-play", "click", lambda event: self._link_play())
        for name in ("new-game-dialog", "win-dialog", "rules-dialog", "link-dialog"):
            listen(name, "close", functools.partial(self._closed_event, name))

    def _listen(self, element_id: str, kind: str, handler: Callable[[Any], None]) -> None:
        self.el(element_id).addEventListener(kind, self.proxy(_guarded(handler)))

    def _closed_event(self, name: str, event: Any) -> None:
        if name == "new-game-dialog":
            self._stop_waiting()
        if name == "win-dialog":
            self.stop_confetti()
        self._closed(name)

    # --- for other modules' dialogs (``panels``) -----------------------------------------

    def listen(self, element_id: str, kind: str, handler: Callable[[Any], None]) -> None:
        """A guarded listener on the element ``element_id``."""
        self._listen(element_id, kind, handler)

    def track(self, name: str) -> None:
        """When dialog ``name`` closes, focus goes back to where it was when it opened."""
        self._listen(name, "close", functools.partial(self._closed_event, name))

    def show(self, name: str) -> None:
        """Open dialog ``name`` as a modal: focus held inside, Escape closes it."""
        self._open(name)

    def is_open(self, name: str) -> bool:
        return bool(self.el(name).open)

    def _open(self, name: str) -> None:
        dialog = self.el(name)
        if dialog.open:
            return
        self.returns[name] = self.document.activeElement
        dialog.showModal()

    def close(self, name: str) -> None:
        dialog = self.el(name)
        if dialog.open:
            dialog.close()

    def _closed(self, name: str) -> None:
        back = self.returns.pop(name, None)
        # The close event comes a task after the dialog closed: by then the player (or the
        # browser's own focus restore) may have put the focus somewhere, which stays.
        # Only a focus lost with the dialog comes back to where it was.
        active = self.document.activeElement
        lost = active is None or active.tagName == "BODY" or self.el(name).contains(active)
        if lost and back and getattr(back, "isConnected", False):
            if not back.getClientRects().length:  # its menu closed (webapp/panels/tool_menu.py)
                back = self.document.getElementById("menu-button") or back
            back.focus()

    # --- A link to another game while one is in progress ---------------------------------

    def confirm_link(self, text: str, play: Callable[[], None]) -> None:
        """Ask before a link replaces the game in progress; ``play`` if the player agrees.
        Keeping the game (the default button, Escape) changes nothing."""
        self.on_link_play = play
        self.el("link-text").textContent = text
        self._open("link-dialog")

    def _link_play(self) -> None:
        self.close("link-dialog")
        play, self.on_link_play = self.on_link_play, lambda: None
        play()

    # --- New game ------------------------------------------------------------------------

    def open_new_game(
        self, variant: str, in_progress: bool, winnable_only: bool = False, deal: int | None = None
    ) -> None:
        """Open New game on ``variant``, the option as the player left it; ``deal`` is the
        one on the table (the winnable draw avoids it)."""
        self.el("ng-classic").checked = variant != "relaxed"
        self.el("ng-relaxed").checked = variant == "relaxed"
        self.el("ng-winnable").checked = winnable_only
        self.table_deal = deal
        self.el("ng-deal").value = ""
        self.el("ng-grade").disabled = variant == "relaxed"
        self._clear_error()
        self._stop_waiting()
        self._show_winnable()
        warning = self.el("ng-warning")
        warning.hidden = not in_progress
        warning.textContent = (
            _("The game in progress will be abandoned and counted as lost.") if in_progress else ""
        )
        self.el("ng-start").textContent = _("Abandon and start") if in_progress else _("Start")
        self._open("new-game-dialog")
        self.el("ng-deal").focus()
        self._prefetch()

    def _clear_error(self) -> None:
        error = self.el("ng-error")
        error.hidden = True
        error.textContent = ""
        self.el("ng-deal").removeAttribute("aria-invalid")

    def _variant(self) -> str:
        return "relaxed" if self.el("ng-relaxed").checked else "classic"

    def _winnable_on(self) -> bool:
        return bool(self.el("ng-winnable").checked)

    def _grade(self) -> str:
        """The grade chosen ("" for any); only Classic deals are graded."""
        return "" if self._variant() == "relaxed" else str(self.el("ng-grade").value)

    def _form_changed(self) -> None:
        """The player changed something: a pending Start is dropped (it would start what
        they are still choosing), messages are stale."""
        self._clear_error()
        self._stop_waiting()
        self.el("ng-grade").disabled = self._variant() == "relaxed"
        self._prefetch()

    def _winnable_changed(self) -> None:
        self._show_winnable()
        self._form_changed()
        self.on_winnable(self._winnable_on())

    def _show_winnable(self) -> None:
        """The deal number's help and placeholder say what an empty field deals."""
        deal = self.el("ng-deal")
        if self._winnable_on():
            help_text = _(
                "Leave empty for a random winnable deal. A number you type is dealt "
                "as typed, even if it is not on the list."
            )
            # Translators: the placeholder of the empty deal number field.
            deal.setAttribute("placeholder", _("random winnable"))
        else:
            help_text = _("Leave empty for a random deal.")
            deal.setAttribute("placeholder", _("random"))
        self.el("ng-deal-help").textContent = help_text

    def _status(self, text: str, error: bool = False) -> None:
        status = self.el("ng-status")
        status.classList.toggle("error", error)
        status.textContent = text

    def _stop_waiting(self) -> None:
        self.waiting = False
        self.el("ng-form").removeAttribute("aria-busy")
        self._status("")

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        self._go()

    def _go(self) -> None:
        """Start what the form says; with the winnable option and no number, once the
        variant's list is there (or say why not, and stay)."""
        number, problem = read_deal_number(str(self.el("ng-deal").value))
        if problem:
            self._stop_waiting()
            error = self.el("ng-error")
            error.textContent = problem
            error.hidden = False
            self.el("ng-deal").setAttribute("aria-invalid", "true")
            self.el("ng-deal").focus()
            return
        variant = self._variant()
        grade = self._grade()
        drawn = number is None and (self._winnable_on() or bool(grade))
        if drawn:
            numbers = self.lists.numbers.get(variant)
            if numbers is None:
                self.waiting = True
                self.el("ng-form").setAttribute("aria-busy", "true")
                self._status(_("Loading the winnable deals…"))
                self._load(variant)
                return
            if grade:
                graded = self.lists.grades.get(variant, {})
                number = winnable.pick_graded(numbers, graded, grade, self.rng, self.table_deal)
            else:
                number = winnable.pick(numbers, self.rng, avoid=self.table_deal)
        self._stop_waiting()
        self.returns.pop("new-game-dialog", None)
        self.close("new-game-dialog")
        self.on_start(number, variant, drawn)

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

        fetch_text(
            self.document.defaultView,
            self.once,
            winnable.url(variant),
            lambda text: self._arrived(variant, text, ""),
            lambda error: self._arrived(variant, None, str(error)),
        )

    def _arrived(self, variant: str, text: str | None, why: str) -> None:
        problem = self.lists.arrived(variant, text)
        if problem is None:
            self.on_list()
        else:
            print(f"scorpion: the winnable deals ({variant}) could not be loaded: {why or problem}")
        if not self.waiting or not self.is_open("new-game-dialog") or variant != self._variant():
            return
        if problem is None:
            self._go()
            return
        self.waiting = False
        self.el("ng-form").removeAttribute("aria-busy")
        self._status(
            _(
                "The list of winnable deals could not be loaded, so no game was started. "
                "Check the connection and try again, or type a deal number."
            ),
            error=True,
        )

    def _restart(self) -> None:
        self.returns.pop("new-game-dialog", None)
        self.close("new-game-dialog")
        self.on_restart()

    # --- the win ---------------------------------------------------------------------------

    def open_win(self, score: int, moves: int) -> None:
        self.el("win-score").textContent = str(score)
        # Two phrases, each on lines of its own: a line never breaks inside "Final score".
        sentence = _("All four sequences are home, in {moves} moves.").format(moves=moves)
        # Each phrase a box of its own (CSS: inline-block): a line breaks between
        # phrases, inside one only when it is longer than the line.
        text = self.el("win-text")
        text.textContent = ""
        for index, phrase in enumerate(phrases(sentence)):
            if index and phrase[0] == " ":
                text.append(" ")
            span = self.document.createElement("span")
            span.className = "phrase"
            span.textContent = phrase.strip()
            text.append(span)
        self._open("win-dialog")
        self._confetti()

    def _win_new(self) -> None:
        self.returns.pop("win-dialog", None)
        self.close("win-dialog")
        self.stop_confetti()
        self.on_win_new()

    def stop_confetti(self) -> None:
        """The win dialog closed (Close, Escape, New game): the shower goes with it, at
        once; nothing falls over the table or the status line after."""
        layer, self.confetti = self.confetti, None
        if layer is not None:
            layer.remove()

    def _confetti(self) -> None:
        """A short shower of paper (CSS animation; gone with reduced motion), over the
        open win dialog only (``stop_confetti``)."""
        self.stop_confetti()
        window = self.document.defaultView
        still = window.matchMedia("(prefers-reduced-motion: reduce)").matches
        if still or self.document.documentElement.classList.contains("no-motion"):
            return  # animations off: no shower at all
        colours = ("#ffd54a", "#e53935", "#43a047", "#1e88e5", "#fb8c00", "#8e24aa")
        layer = self.document.createElement("div")
        layer.className = "confetti"
        layer.setAttribute("aria-hidden", "true")
        layer.innerHTML = "<i></i>" * 36
        # Styles through the CSSOM: the page's Content-Security-Policy refuses style attributes.
        for i, piece in enumerate(layer.children):
            left = (i * 37) % 100
            delay = (i * 53) % 900
            colour = colours[i % len(colours)]
            piece.style.cssText = f"left:{left}%;animation-delay:{delay}ms;background:{colour}"
        self.document.body.appendChild(layer)
        self.confetti = layer

        def fallen() -> None:
            if self.confetti is layer:
                self.stop_confetti()

        window.setTimeout(self.once(fallen), 3600)

    # --- rules -----------------------------------------------------------------------------

    def open_rules(self, lang: str) -> None:
        from webapp.table.rules_page import rules_markup  # when first asked: not on the boot path

        self.el("rules-body").innerHTML = rules_markup(lang)
        self._open("rules-dialog")

    # --- the notice bar --------------------------------------------------------------------

    def notice(self, text: str) -> None:
        self.chrome.notice(text)

    def hide_notice(self) -> None:
        self.chrome.hide_notice()


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
