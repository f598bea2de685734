"""Where was it lost? Asked from New game while a game is in progress: the solver, seeing
every card (so the player confirms first), finds the last position of the line of play
from which the deal could still be won (``scorpion.review.LossSearch``, in slices), and
offers to go back there: the same game, its score that of the position."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webapp import translated
from webapp.page.browser import say_status
from webapp.translated import _

if TYPE_CHECKING:
    from scorpion.review import LossSearch, LostAt
    from webapp.page.browser import Page
    from webapp.page.timing import Timing
    from webapp.panels.dialogs import Dialogs
    from webapp.play.session_swap import SessionSwap
    from webapp.play.table_state import TableState

SLICE_NODES = 600  # solver positions per slice: a few milliseconds each in the browser


class LostFinder:
    def __init__(
        self, state: TableState, arrivals: SessionSwap, dialogs: Dialogs, timing: Timing, page: Page
    ) -> None:
        self.state = state
        self.arrivals = arrivals
        self.dialogs = dialogs
        self.timing = timing
        self.document = page.document
        self.search: LossSearch | None = None
        self.game: Any = None  # the game being looked at (another one: the search stops)
        self.found: LostAt | None = None

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def bind(self) -> None:
        listen = self.dialogs.listen
        listen("ng-lost", "click", lambda event: self.open())
        listen("lost-cancel", "click", lambda event: self.dialogs.close("lost-dialog"))
        listen("lost-look", "click", lambda event: self.look())
        listen("lost-back", "click", lambda event: self.go_back())
        listen("lost-dialog", "close", lambda event: self.stop())
        self.dialogs.track("lost-dialog")

    def offer(self) -> None:
        """New game shows the question while a game is in progress."""
        self.el("ng-lost").hidden = not self.state.session.in_progress

    def open(self) -> None:
        """Over New game (Cancel comes back to it)."""
        self.found = None
        self.el("lost-status").textContent = ""
        self.el("lost-look").hidden = False
        self.el("lost-back").hidden = True
        self.dialogs.show("lost-dialog")

    def look(self) -> None:
        from scorpion.review import LossSearch  # imported when asked, not at boot

        self.game = self.state.game
        self.search = LossSearch(self.game.copy())
        self.el("lost-look").hidden = True
        self._status(_("Looking at every card…"), busy=True)
        self.timing.soon(self._step)

    def stop(self) -> None:
        self.search = None
        self._status(str(self.el("lost-status").textContent), busy=False)

    def _status(self, text: str, busy: bool) -> None:
        say_status(self.el("lost-status"), text, busy)

    def _step(self) -> None:
        if self.search is None:
            return
        if self.state.game is not self.game:  # another game meanwhile: nothing to say
            self.stop()
            return
        found = self.search.step(SLICE_NODES)
        if found is None:
            self.timing.soon(self._step)
            return
        self.search = None
        self.found = found
        self._status(found_text(found, self.game), busy=False)
        self.el("lost-back").hidden = not (found.lost and found.index is not None)

    def go_back(self) -> None:
        found = self.found
        if found is None or found.index is None or self.state.game is not self.game:
            return
        self.dialogs.close("lost-dialog")
        self.dialogs.close("new-game-dialog")
        self.arrivals.go_back(found.index)


def found_text(found: LostAt, game: Any) -> str:
    if not found.lost:
        return _("This game can still be won from here.")
    if found.index is None:
        if found.proved:
            return _("This deal could not be won even from the start.")
        return _("The solver found no way to win this deal, even from the start.")
    back = found.back or 0
    return translated.ngettext(
        "The deal could still be won {count} action ago. Go back there? It stays this game.",
        "The deal could still be won {count} actions ago. Go back there? It stays this game.",
        back,
    ).format(count=back)
