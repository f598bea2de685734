"""What the toolbar's buttons and keys do beyond playing a move: New game (the player's
own game: a replay closes, the solver's help is offered), Share and Share this game,
the rules; ``actions`` names them for ``Controls``, which runs one per button or key.
A replay on the table takes no moves: the actions that change the game wait it out."""

from __future__ import annotations

from collections.abc import Callable

from webapp import translated
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.panels.dialogs import NEW_GAME, WIN, Dialogs
from webapp.panels.lost_finder import LostFinder
from webapp.panels.replayer import Replayer
from webapp.panels.sharing import share, share_game
from webapp.panels.solver_watch import SolverWatch
from webapp.play.announcer import Announcer
from webapp.play.controller import Controller
from webapp.play.table_state import TableState


class Toolbar:
    def __init__(
        self,
        state: TableState,
        play: Controller,
        speech: Announcer,
        dialogs: Dialogs,
        replayer: Replayer,
        offers: tuple[LostFinder, SolverWatch],
        chrome: Chrome,
        page: Page,
    ) -> None:
        self.state = state
        self.play = play
        self.speech = speech
        self.dialogs = dialogs
        self.replayer = replayer
        self.offers = offers  # Where was it lost?, Watch the solver: in New game
        self.chrome = chrome
        self.page = page

    def bind(self) -> None:
        self.chrome.listen("ng-share-game", "click", lambda _event: self.share_this_game())
        self.chrome.listen("win-share", "click", lambda _event: self.share_this_game())

    def new_game(self) -> None:
        """Open New game on the player's own game (a replay on the table closes)."""
        self.replayer.close()
        for offer in self.offers:
            offer.offer()
        session = self.state.session
        self.dialogs.open_new_game(
            session.game.variant,
            session.in_progress,
            session.settings.winnable_only,
            session.game.deal_number,
        )

    def share(self) -> None:
        share(self.state.game, self.page, self.speech, self.chrome)

    def share_this_game(self) -> None:
        """A link that replays this game; the copy is said in #status (or the notice)."""
        self.dialogs.close(NEW_GAME)
        self.dialogs.close(WIN)
        share_game(self.state.game, self.page, self.speech, self.chrome)

    def rules(self) -> None:
        self.dialogs.open_rules(translated.language())

    def actions(self) -> dict[str, Callable[[], None]]:
        """Each button's and key's action by name (``intents`` and ``Controls``)."""
        play, idle = self.play, self._idle
        return {
            "undo": idle(play.undo), "redo": idle(play.redo), "deal": idle(play.deal),
            "hint": idle(play.hint), "new": self.new_game, "read": self.speech.read_board,
            "share": self.share, "rules": self.rules,
        }  # fmt: skip

    def _idle(self, action: Callable[[], None]) -> Callable[[], None]:
        """``action``, but nothing while a replay is on the table (it takes no moves)."""

        def run() -> None:
            if not self.state.replaying:
                action()

        return run
