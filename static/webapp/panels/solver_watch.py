"""Watch the solver: asked first (its line shows the face-down cards), the solver looks
for a win from the position on the table in slices (``scorpion.solver.Solver.step``,
between which the page handles input and paints), then its line plays back in the
replay's bar from that position. The game is marked as helped."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from scorpion.replay import Replay
from webapp.page.browser import say_status
from webapp.translated import _

if TYPE_CHECKING:
    from scorpion.solver import Solver
    from webapp.page.browser import Page
    from webapp.page.timing import Timing
    from webapp.panels.dialogs import Dialogs
    from webapp.panels.replayer import Replayer
    from webapp.play.table_state import TableState

SLICE_NODES = 200  # solver positions per slice, as the hint's: a click waits for one at most
BUDGET_S = 20.0  # the longest it looks before saying it found nothing


class SolverWatch:
    def __init__(
        self,
        state: TableState,
        replayer: Replayer,
        dialogs: Dialogs,
        timing: Timing,
        page: Page,
    ) -> None:
        self.state = state
        self.replayer = replayer
        self.dialogs = dialogs
        self.timing = timing
        self.document = page.document
        self.search: Solver | None = None
        self.game: Any = None  # the game being solved (another one: the search stops)
        self.started = 0.0

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def bind(self) -> None:
        listen = self.dialogs.listen
        listen("ng-solver", "click", lambda event: self.open())
        listen("solver-cancel", "click", lambda event: self.dialogs.close("solver-dialog"))
        listen("solver-watch", "click", lambda event: self.look())
        listen("solver-dialog", "close", lambda event: self.stop())
        self.dialogs.track("solver-dialog")

    def offer(self) -> None:
        """New game offers it while the game on the table is not won."""
        self.el("ng-solver").hidden = self.state.game.won

    def open(self) -> None:
        """Over New game (Cancel comes back to it)."""
        self.el("solver-watch").hidden = False
        self._status("", busy=False)
        self.dialogs.show("solver-dialog")

    def look(self) -> None:
        from scorpion.solver import Solver  # imported when asked, not at boot

        self.game = self.state.game
        self.search = Solver(self.game.copy())
        self.started = time.monotonic()
        self.el("solver-watch").hidden = True
        self._status(_("Looking at every card…"), busy=True)
        self.timing.soon(self._step)

    def stop(self) -> None:
        self.search = None
        self._status(str(self.el("solver-status").textContent), busy=False)

    def _status(self, text: str, busy: bool) -> None:
        say_status(self.el("solver-status"), text, busy)

    def _step(self) -> None:
        search = self.search
        if search is None:
            return
        if self.state.game is not self.game:  # another game meanwhile: nothing to show
            self.stop()
            return
        result = search.step(SLICE_NODES)
        if result is None and time.monotonic() - self.started < BUDGET_S:
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
        game = self.game
        line = game.moves + result.line
        if game.deal_number is not None:
            replay = Replay(game.variant, line, deal=game.deal_number)
        else:
            replay = Replay(game.variant, line, deck=game.deck)
        self._status("", busy=False)
        self.dialogs.close("solver-dialog")
        self.dialogs.close("new-game-dialog")
        self.state.session.assist("solver_line")  # the statistics keep it apart
        self.replayer.keeper.save()  # saved now: nothing is saved while the replay is open
        self.replayer.open(replay, at=len(game.moves), solver=True)
