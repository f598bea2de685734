"""The Finish button: an opt-in auto-finish (Settings, "Offer to finish").

With the setting on, once every card is face up and the reserve is dealt
(``finish.ready``), the solver looks for a winning line in slices (``finish.FinishSearch``),
so the page never freezes. If it finds one, the Finish button shows; it never plays by
itself. A click plays the line's moves one by one at a steady pace, each through
``Controller.play`` like a player's move (score, moves, time, undo), and any key or press on
the page stops it. A finished game counts as assisted (``Session.assist``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorpion.game import Game
from scorpion.moves import Action
from webapp.page.timing import Task, Timing
from webapp.play.announcer import Announcer
from webapp.play.controller import Controller
from webapp.play.finish_search import FinishSearch, Offer, pace_ms, ready
from webapp.play.table_state import TableState
from webapp.translated import _

if TYPE_CHECKING:
    from webapp.page.board import PageBoard
    from webapp.page.chrome import Chrome

Later = Callable[[int, Task], None]  # run a task after that many milliseconds


class FinishButton:
    def __init__(
        self,
        state: TableState,
        play: Controller,
        board: PageBoard,
        chrome: Chrome,
        speech: Announcer,
        timing: Timing,
        later: Later,
    ) -> None:
        self.state = state
        self.play = play
        self.board = board  # whether cards glide (the pace follows)
        self.chrome = chrome
        self.speech = speech
        self.timing = timing
        self.later = later
        self.search: FinishSearch | None = None
        self.offer: Offer | None = None
        self.tried: tuple[Game, tuple[Action, ...]] | None = None  # searched, no line found
        self.running: list[Action] | None = None  # the moves still to play
        self.expected: tuple[Action, ...] = ()  # the line of play the next step expects

    def bind(self) -> None:
        self.chrome.listen("finish", "click", lambda event: self.start())
        # A key or a press anywhere stops a finish in progress (the player takes over).
        self.chrome.listen_document("pointerdown", lambda event: self.interrupt())
        self.chrome.listen_document("keydown", lambda event: self.interrupt())

    # --- the offer --------------------------------------------------------------------------

    def check(self) -> None:
        """After every change of the table: drop a stale offer, search when it may be made."""
        if self.running is not None or self.state.replaying:
            return  # a replay's throwaway game is never finished; the player's offer waits
        game = self.state.game
        offer = self.offer
        if offer is not None and not offer.valid(game):
            self.offer = offer.followed(game)  # its next move played by hand: the rest
        if not (self.state.session.settings.offer_finish and ready(game)):
            self.offer = self.search = None
        elif self.offer is None and not self._tried(game) and not self._searching(game):
            search = self.search = FinishSearch(game)
            self.timing.soon(lambda: self._think(search))
        self.show()

    def _tried(self, game: Game) -> bool:
        """This very position was searched and had no line (none is looked for again)."""
        return self.tried is not None and self.tried[0] is game and self.tried[1] == game.moves

    def _searching(self, game: Game) -> bool:
        return self.search is not None and not self.search.stale(game)

    def show(self) -> None:
        """The button, and where the offer stands in its ``data-finish`` (for tests)."""
        self.chrome.flag("finish", "hidden", self.stage() != "offered")
        self.chrome.attr("finish", "data-finish", self.stage())

    def stage(self) -> str:
        """``playing``, ``offered``, ``searching``, ``none`` (this position has no line the
        solver found) or ``off`` (the setting is off, or cards are still hidden)."""
        game = self.state.game
        if self.running is not None:
            return "playing"
        if self.offer is not None and self.offer.valid(game):
            return "offered"
        if self._searching(game):
            return "searching"
        return "none" if self._tried(game) else "off"

    def _think(self, search: FinishSearch) -> None:
        if self.search is not search:
            return
        if search.stale(self.state.game):
            self.search = None
            self.check()
            return
        done, offer = search.step()
        if not done:
            self.timing.soon(lambda: self._think(search))
            return
        self.search = None
        self.offer = offer
        if offer is None:
            self.tried = (search.table, search.moves)
        self.show()

    # --- playing it ---------------------------------------------------------------------------

    def start(self) -> None:
        """Finish: the line's moves, one by one, each a move like the player's."""
        offer, game = self.offer, self.state.game
        if self.state.replaying:
            return
        if self.running is not None or offer is None or not offer.valid(game):
            self.check()
            return
        self.state.session.assist("auto_finish")  # the statistics keep it apart
        self.running = list(offer.line)
        self.expected = game.moves
        self.offer = None
        self.show()
        self.speech.say(_("Finishing the game. Press any key or tap to stop."))
        self.later(pace_ms(self._animated(), False), self._next)

    def _animated(self) -> bool:
        return bool(self.board.motion_ms)

    def _next(self) -> None:
        running = self.running
        if running is None:
            return
        game = self.state.game
        if not running or game.moves != self.expected or self.state.held is not None:
            self._done()
            return
        move = running.pop(0)
        removes = len(game.removed)
        if not self.play.play(move):
            self._done()
            return
        self.expected = game.moves
        if running:
            self.later(pace_ms(self._animated(), len(game.removed) > removes), self._next)
        else:
            self._done()

    def interrupt(self) -> None:
        """The player pressed a key or the page: the finish stops where it is."""
        running, game = self.running, self.state.game
        if running:
            if game.moves == self.expected:  # the rest of the line is offered again
                self.offer = Offer(game, game.moves, tuple(running))
            self._done()
            self.speech.say(_("Finish stopped."))

    def _done(self) -> None:
        self.running = None
        self.check()
