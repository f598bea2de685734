"""The play room built as ``webapp.main`` builds it, on the fakes of the page's ports: a
test plays through the same events a player's clicks, drags and keys make, and reads the
board (``FakeBoard``), the texts (``FakeChrome``) and what is stored (``FakeStorage``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fakes import (
    FakeBoard,
    FakeChrome,
    FakeEvent,
    FakeNode,
    FakePage,
    FakeStorage,
    TaskQueue,
    manual_timing,
)
from webapp.events import Events
from webapp.page.storage import Store
from webapp.page_texts import problem_text
from webapp.play.actuator import Actuator
from webapp.play.announcer import Announcer
from webapp.play.autosave import AutoSave
from webapp.play.controller import Controller
from webapp.play.controls import Controls
from webapp.play.finish_button import FinishButton
from webapp.play.hint_button import HintButton
from webapp.play.keyboard_focus import KeyboardFocus
from webapp.play.session_swap import SessionSwap
from webapp.play.sizing import Sizing
from webapp.play.table_state import TableState

from scorpion import Game, saves
from scorpion.session import Session, Settings

SCOPE = "/"
IN_TABLE = ("#tableau",)


@dataclass
class PlayTable:
    """The parts, their fakes, and what the composition root would have been told."""

    state: TableState
    board: FakeBoard
    chrome: FakeChrome
    page: FakePage
    storage: FakeStorage
    store: Store
    queue: TaskQueue
    events: Events
    speech: Announcer
    screen: Actuator
    keeper: AutoSave
    focus: KeyboardFocus
    hinter: HintButton
    play: Controller
    arrivals: SessionSwap
    controls: Controls
    finisher: FinishButton
    won: list[int] = field(default_factory=list)  # the win dialog opened, with this score
    asked_to_keep: int = 0  # "saved": the browser asked to keep the data
    settings_shown: int = 0  # "settings-changed"
    ran: list[str] = field(default_factory=list)  # actions that leave the table (share...)
    replay_keys: list[str] = field(default_factory=list)  # keys a replay was offered

    # --- what the player does ---------------------------------------------------------

    def click(self, node: FakeNode, x: float = 0.0, **event: Any) -> FakeEvent:
        fired = FakeEvent(target=node, clientX=x, **event)
        self.chrome.fire("table", "click", fired)
        return fired

    def tap_card(self, card: str, **event: Any) -> FakeEvent:
        """A click on a face-up card of the table."""
        where = self.state.game.locate(card)
        x = self.board.column_centres()[where[0]] if where else 0.0
        return self.click(FakeNode(card=card, inside=IN_TABLE), x, **event)

    def tap_column(self, column: int, **event: Any) -> FakeEvent:
        """A click on column ``column`` (0-6), off its cards."""
        x = self.board.column_centres()[column]
        return self.click(FakeNode(column=column + 1, inside=IN_TABLE), x, **event)

    def key(self, key: str, target: Any = None, **event: Any) -> FakeEvent:
        """A key pressed with the focus on ``target`` (default: the page's body)."""
        fired = FakeEvent(target=target or FakeNode(tag="BODY"), key=key, **event)
        self.chrome.fire("document", "keydown", fired)
        return fired

    def settle(self) -> None:
        """The frames are painted, the page goes idle, the player pauses: every task runs."""
        self.queue.run()
        self.page.run_timers()

    # --- what the player sees, and what is kept -----------------------------------------

    def status(self) -> str:
        return self.chrome.el("status").text

    def text(self, element_id: str) -> str:
        return self.chrome.el(element_id).text

    def disabled(self, element_id: str) -> bool:
        return self.chrome.el(element_id).disabled

    def saved(self) -> saves.Loaded:
        return saves.read(self.storage.items.get(self.store.save_key))

    def saved_game(self) -> Game:
        loaded = self.saved()
        assert loaded.session is not None, "nothing saved"
        return loaded.session.game


def build(
    session: Session | None = None,
    storage: FakeStorage | None = None,
    settings: Settings | None = None,
) -> PlayTable:
    """The table, booted as ``main`` boots it: drawn, saved, its listeners bound."""
    page, storage = FakePage(), storage if storage is not None else FakeStorage()
    store = Store(storage, SCOPE)
    store.clock = page.now_ms
    if session is None:
        loaded = store.load()
        session = loaded.session or Session.fresh(42, settings=settings)
    state, events = TableState(session, clock=lambda: float(page.clock_ms)), Events()
    board, chrome = FakeBoard(), FakeChrome()
    for hidden in ("notice", "notice-more", "notice-reload"):  # as index.html has them
        chrome.flag(hidden, "hidden", True)
    chrome.bind_notice(lambda details: page.copy_text(details, lambda: None, lambda: None))
    timing, queue = manual_timing()
    speech = Announcer(board, chrome, state)
    screen = Actuator(board, chrome, state, Sizing(board), speech, events)
    keeper = AutoSave(store, state, screen, speech, timing, events)
    events.on("storage-problem", lambda problem: chrome.notice(problem_text(problem)))
    focus = KeyboardFocus(board, state)
    hinter = HintButton(chrome, timing, lambda: state.game)
    play = Controller(state, board, screen, speech, keeper, focus, hinter, events)
    arrivals = SessionSwap(state, screen, speech, keeper, focus, hinter, chrome, page, events)
    events.on("conflict", arrivals.conflict)
    events.on("newer-set-aside", arrivals.newer_set_aside)
    screen.mount()
    keeper.save()
    ran: list[str] = []
    replay_keys: list[str] = []

    def replay_key(key: str) -> bool:
        replay_keys.append(key)
        return key == "ArrowRight"

    actions = {
        "undo": play.undo, "redo": play.redo, "deal": play.deal, "hint": play.hint,
        "new": lambda: play.new_game(None, state.game.variant), "read": speech.read_board,
        "share": lambda: ran.append("share"), "rules": lambda: ran.append("rules"),
    }  # fmt: skip
    controls = Controls(state, play, focus, screen, board, chrome, page, actions, replay_key)
    controls.bind()
    arrivals.bind()
    finisher = FinishButton(state, play, board, chrome, speech, timing, page.later)
    finisher.bind()
    events.on("changed", finisher.check)
    finisher.check()
    chrome.flag("hint", "disabled", False)
    state.ready = True
    table = PlayTable(
        state, board, chrome, page, storage, store, queue, events, speech, screen, keeper,
        focus, hinter, play, arrivals, controls, finisher, ran=ran, replay_keys=replay_keys,
    )  # fmt: skip
    events.on("won", lambda game: table.won.append(game.score))

    def asked() -> None:
        table.asked_to_keep += 1

    def shown() -> None:
        table.settings_shown += 1

    events.on("saved", asked)
    events.on("settings-changed", shown)
    return table
