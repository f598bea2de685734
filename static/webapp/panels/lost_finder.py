"""Where was it lost? Asked from New game while a game is in progress: the solver, seeing
every card (so the player confirms first), finds the last position of the line of play
from which the deal could still be won (``scorpion.review.LossSearch``, in slices), and
offers to go back there: the same game, its score that of the position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from webapp import translated
from webapp.translated import _

if TYPE_CHECKING:
    from scorpion.game import Game
    from scorpion.review import LossSearch, LostAt
    from webapp.page.chrome import Chrome
    from webapp.page.timing import Timing
    from webapp.panels.dialogs import Dialogs
    from webapp.play.session_swap import SessionSwap
    from webapp.play.table_state import TableState

SLICE_NODES = 600  # solver positions per slice: a few milliseconds each in the browser


class LostFinder:
    def __init__(
        self,
        state: TableState,
        arrivals: SessionSwap,
        dialogs: Dialogs,
        chrome: Chrome,
        timing: Timing,
    ) -> None:
        self.state = state
        self.arrivals = arrivals
        self.dialogs = dialogs
        self.chrome = chrome
        self.timing = timing
        self.search: LossSearch | None = None
        self.game: Game | None = None  # the game being looked at (another one: the search stops)
        self.found: LostAt | None = None
        chrome.listen("ng-lost", "click", lambda _event: self.open())
        chrome.listen("lost-cancel", "click", lambda _event: dialogs.close("lost-dialog"))
        chrome.listen("lost-look", "click", lambda _event: self.look())
        chrome.listen("lost-back", "click", lambda _event: self.go_back())
        chrome.listen("lost-dialog", "close", lambda _event: self.stop())
        dialogs.track("lost-dialog")

    def offer(self) -> None:
        """New game shows the question while a game is in progress."""
        self.chrome.flag("ng-lost", "hidden", not self.state.session.in_progress)

    def open(self) -> None:
        """Over New game (Cancel comes back to it)."""
        self.found = None
        self._status("", busy=False)
        self.chrome.flag("lost-look", "hidden", False)
        self.chrome.flag("lost-back", "hidden", True)
        self.dialogs.show("lost-dialog")

    def look(self) -> None:
        from scorpion.review import LossSearch  # imported when asked, not at boot

        self.game = self.state.game
        self.search = LossSearch(self.game.copy())
        self.chrome.flag("lost-look", "hidden", True)
        self._status(_("Looking at every card…"), busy=True)
        self.timing.soon(self._step)

    def stop(self) -> None:
        self.search = None
        self.chrome.attr("lost-status", "aria-busy", None)

    def _status(self, text: str, busy: bool) -> None:
        """The dialog's live status line, busy while the solver looks."""
        self.chrome.text("lost-status", text)
        self.chrome.attr("lost-status", "aria-busy", "true" if busy else None)

    def _step(self) -> None:
        search, game = self.search, self.game
        if search is None or game is None:
            return
        if self.state.game is not game:  # another game meanwhile: nothing to say
            self.stop()
            return
        found = search.step(SLICE_NODES)
        if found is None:
            self.timing.soon(self._step)
            return
        self.search = None
        self.found = found
        self._status(found_text(found), busy=False)
        self.chrome.flag("lost-back", "hidden", not (found.lost and found.index is not None))

    def go_back(self) -> None:
        found = self.found
        if found is None or found.index is None or self.state.game is not self.game:
            return
        self.dialogs.close("lost-dialog")
        self.dialogs.close("new-game-dialog")
        self.arrivals.go_back(found.index)


def found_text(found: LostAt) -> str:
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
