"""A table for the replay panels' tests (``test_replays``, ``test_solver_watch``,
``test_lost_finder``, ``test_game_reviewer``): the real ``Replayer``, ``SolverWatch``,
``LostFinder``, ``GameReviewer``, ``Actuator``,
``AutoSave`` (over ``Store`` and ``FakeStorage``), ``SessionSwap``, ``KeyboardFocus`` and
``HintButton``, on the page's fakes; read back as the player sees it (``FakeChrome``,
``FakeBoard``) and as it is saved (``saved_game``, ``stored``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakes import (
    FakeBoard,
    FakeChrome,
    FakePage,
    FakeStorage,
    TaskQueue,
    manual_timing,
)
from webapp.events import Events
from webapp.page.storage import Store
from webapp.panels.dialogs import Dialogs
from webapp.panels.game_reviewer import GameReviewer
from webapp.panels.lost_finder import LostFinder
from webapp.panels.replayer import Replayer
from webapp.panels.solver_watch import SolverWatch
from webapp.play.actuator import Actuator
from webapp.play.announcer import Announcer
from webapp.play.autosave import AutoSave
from webapp.play.hint_button import HintButton
from webapp.play.keyboard_focus import KeyboardFocus
from webapp.play.session_swap import SessionSwap
from webapp.play.sizing import Sizing
from webapp.play.table_state import TableState

from scorpion import Game
from scorpion.replay import Replay
from scorpion.session import Session

SEED = json.loads((Path(__file__).parents[1] / "fixtures" / "seed-deal.json").read_text())
SEED_LINE: list[str] = SEED["winning_line"]


def seed_game(moves: int | str = 0) -> Game:
    """The seed deal (a custom deck), after its winning line's first ``moves`` actions, or
    after the actions written in ``moves``."""
    line = " ".join(SEED_LINE[:moves]) if isinstance(moves, int) else moves
    return Game.from_deck(SEED["deck"], "classic", line)


SEED_REPLAY = Replay("classic", SEED_LINE, deck=tuple(SEED["deck"]))


@dataclass
class ReplayTable:
    chrome: FakeChrome
    board: FakeBoard
    page: FakePage
    storage: FakeStorage
    store: Store
    state: TableState
    keeper: AutoSave
    queue: TaskQueue  # the timing's tasks: saves, paints, the solver's slices
    dialogs: Dialogs
    replayer: Replayer
    solver: SolverWatch
    finder: LostFinder
    reviewer: GameReviewer

    def status(self) -> str:
        """What the live region said last."""
        return self.chrome.el("status").text

    def stored(self) -> dict[str, str]:
        """Everything the game keeps in localStorage."""
        return dict(self.storage.items)

    def saved(self) -> dict[str, Any]:
        """The save: ``current`` (the game, what helped), ``settings``, ``stats``."""
        saved: dict[str, Any] = json.loads(self.storage.items[self.store.save_key])
        return saved

    def saved_moves(self) -> list[str]:
        """The saved game's actions, in notation."""
        moves: list[str] = self.saved()["current"]["game"]["moves"]
        return moves

    def column(self, number: int) -> list[str]:
        """Column ``number`` (1-7, as the player counts) as drawn, bottom to top."""
        return self.board.column_cards(number - 1)

    def text(self, element_id: str) -> str:
        return self.chrome.el(element_id).text

    def shown(self, element_id: str) -> bool:
        return not self.chrome.el(element_id).hidden

    def enabled(self, element_id: str) -> bool:
        return not self.chrome.el(element_id).disabled


def table(game: Game | None = None, counted: bool = True) -> ReplayTable:
    """The player's own ``game`` on the table, saved (``counted``: in the statistics, as
    once an action is played), everything built as ``webapp.main`` builds it."""
    game = game if game is not None else Game.new(1, moves="deal")
    if counted:  # played through the session, as the player plays: the statistics count it
        if game.deal_number is not None:
            session = Session(Game.new(game.deal_number, game.variant))
        else:
            session = Session(Game.from_deck(game.deck, game.variant))
        for action in game.moves:
            session.play(action)
    else:
        session = Session(game)
    chrome, board, page, storage = FakeChrome(), FakeBoard(), FakePage(), FakeStorage()
    store = Store(storage, "/")
    state = TableState(session)
    speech = Announcer(board, chrome, state)
    timing, queue = manual_timing()
    events = Events()  # nobody listens: what a save meets is not these tests' business
    screen = Actuator(board, chrome, state, Sizing(board), speech, events)
    keeper = AutoSave(store, state, screen, speech, timing, events)
    focus = KeyboardFocus(board, state)
    hinter = HintButton(chrome, timing, lambda: state.game)
    dialogs = Dialogs(chrome, page, events, start=lambda *_args: None, restart=lambda: None)
    arrivals = SessionSwap(state, screen, speech, keeper, focus, hinter, chrome, page, events)
    replayer = Replayer(state, screen, speech, keeper, focus, hinter, dialogs, chrome, page)
    solver = SolverWatch(state, replayer, keeper, dialogs, chrome, timing, page)
    finder = LostFinder(state, arrivals, dialogs, chrome, timing)
    reviewer = GameReviewer(state, replayer, keeper, dialogs, chrome, timing, page)
    screen.mount()
    keeper.save()
    queue.run()
    return ReplayTable(
        chrome,
        board,
        page,
        storage,
        store,
        state,
        keeper,
        queue,
        dialogs,
        replayer,
        solver,
        finder,
        reviewer,
    )
