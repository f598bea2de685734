"""Watch the solver: asked first (its line shows the face-down cards), the solver looks
for a win from the position on the table in slices (``scorpion.solver.Solver.step``,
between which the page handles input and paints), then its line plays back in the
replay's bar from that position. The game is marked as helped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorpion.replay import Replay
from webapp.translated import _

if TYPE_CHECKING:
    from scorpion.game import Game
    from scorpion.solver import Solver
    from webapp.page.browser import Page
    from webapp.page.chrome import Chrome
    from webapp.page.timing import Timing
    from webapp.panels.dialogs import Dialogs
    from webapp.panels.replayer import Replayer
    from webapp.play.autosave import AutoSave
    from webapp.play.table_state import TableState

SLICE_NODES = 200  # solver positions per slice, as the hint's: a click waits for one at most
BUDGET_MS = 20_000.0  # the longest it looks before saying it found nothing


class SolverWatch:
    def __init__(
        self,
        state: TableState,
        replayer: Replayer,
        keeper: AutoSave,
        dialogs: Dialogs,
        chrome: Chrome,
        timing: Timing,
        page: Page,
    ) -> None:
        self.state = state
        self.replayer = replayer
        self.keeper = keeper
        self.dialogs = dialogs
        self.chrome = chrome
        self.timing = timing
        self.page = page
        self.search: Solver | None = None
        self.game: Game | None = None  # the game being solved (another one: the search stops)
        self.started = 0.0
        chrome.listen("ng-solver", "click", lambda _event: self.open())
        chrome.listen("solver-cancel", "click", lambda _event: dialogs.close("solver-dialog"))
        chrome.listen("solver-watch", "click", lambda _event: self.look())
        chrome.listen("solver-dialog", "close", lambda _event: self.stop())
        dialogs.track("solver-dialog")

    def offer(self) -> None:
        """New game offers it while the game on the table is not won."""
        self.chrome.flag("ng-solver", "hidden", self.state.game.won)

    def open(self) -> None:
        """Over New game (Cancel comes back to it)."""
        self.chrome.flag("solver-watch", "hidden", False)
        self._status("", busy=False)
        self.dialogs.show("solver-dialog")

    def look(self) -> None:
        from scorpion.solver import Solver  # imported when asked, not at boot

        self.game = self.state.game
        self.search = Solver(self.game.copy())
        self.started = self.page.perf_now()
        self.chrome.flag("solver-watch", "hidden", True)
        self._status(_("Looking at every card…"), busy=True)
        self.timing.soon(self._step)

    def stop(self) -> None:
        self.search = None
        self.chrome.attr("solver-status", "aria-busy", None)

    def _status(self, text: str, busy: bool) -> None:
        """The dialog's live status line, busy while the solver looks."""
        self.chrome.text("solver-status", text)
        self.chrome.attr("solver-status", "aria-busy", "true" if busy else None)

    def _step(self) -> None:
        search, game = self.search, self.game
        if search is None or game is None:
            return
        if self.state.game is not game:  # another game meanwhile: nothing to show
            self.stop()
            return
        result = search.step(SLICE_NODES)
        if result is None and self.page.perf_now() - self.started < BUDGET_MS:
            self.timing.soon(self._step)
            return
        self.search = None
        result = result or search.result()
        if result.status != "won":
            if result.status == "lost":
                text = _("The solver proved that this game cannot be won from here.")
            else:
                text = _("The solver found no way to win from here.")
            self._status(text, busy=False)
            return
        line = game.moves + result.line
        if game.deal_number is not None:
            replay = Replay(game.variant, line, deal=game.deal_number)
        else:
            replay = Replay(game.variant, line, deck=game.deck)
        self._status("", busy=False)
        self.dialogs.close("solver-dialog")
        self.dialogs.close("new-game-dialog")
        self.state.session.assist("solver_line")  # the statistics keep it apart
        self.keeper.save()  # saved now: nothing is saved while the replay is open
        self.replayer.open(replay, at=len(game.moves), solver=True)
