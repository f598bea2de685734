"""The table the Settings, Statistics and daily panels sit on, built from the real parts
(state, store, screen, saving, controller, session swap) over the fakes of the page, for
the panels' tests: what the player sees is in ``chrome``/``board``, what is saved in
``storage`` (through the real ``Store``).

``Dialogs`` is ``panels.dialogs.Dialogs`` as the panels use it (listen, track, show,
close, is_open, notice, the winnable lists), over the fake chrome.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakes import FakeBoard, FakeChrome, FakePage, FakeStorage, now_timing
from webapp import translated
from webapp.events import Events
from webapp.page.storage import Store
from webapp.page_texts import problem_text, static_labels, static_texts
from webapp.panels.daily_deals import DailyDeals
from webapp.panels.dialogs import Dialogs
from webapp.panels.saved_data import SavedData
from webapp.panels.stats_settings import StatsAndSettings
from webapp.play.actuator import Actuator
from webapp.play.announcer import Announcer
from webapp.play.autosave import AutoSave
from webapp.play.controller import Controller
from webapp.play.hint_button import HintButton
from webapp.play.keyboard_focus import KeyboardFocus
from webapp.play.session_swap import SessionSwap
from webapp.play.sizing import Sizing
from webapp.play.table_state import TableState

from scorpion import saves
from scorpion.game import Game
from scorpion.session import Session

DATA = Path(__file__).resolve().parents[2] / "static" / "data"
SAVE_KEY = "scorpion.save@/"
DAILY_KEY = "scorpion.daily@/"


@dataclass
class PanelTable:
    storage: FakeStorage
    store: Store
    state: TableState
    chrome: FakeChrome
    board: FakeBoard
    page: FakePage
    events: Events
    speech: Announcer
    screen: Actuator
    keeper: AutoSave
    play: Controller
    arrivals: SessionSwap
    dialogs: Dialogs

    def saved(self) -> dict[str, Any]:
        """The save document in the storage."""
        return dict(json.loads(self.storage.items[SAVE_KEY]))

    def said(self) -> str:
        return self.chrome.el("status").text


def save_text(session: Session, saved_at: int = 1_700_000_000_000, revision: int = 1) -> str:
    return saves.dump(session, revision=revision, saved_at=saved_at)


def serve_data(page: FakePage) -> None:
    """The shipped daily table and winnable lists, as the site serves them."""
    for name in ("daily-classic", "winnable-classic", "winnable-relaxed"):
        page.responses[f"static/data/{name}.json"] = (DATA / f"{name}.json").read_text("utf-8")


def table(saved: str | None = None, items: dict[str, str] | None = None, **page: Any) -> PanelTable:
    """A table as the page builds it, after the saved ``saved`` (None: a fresh game)."""
    translated.set_language("en")
    storage = FakeStorage({**(items or {}), **({SAVE_KEY: saved} if saved else {})})
    fake_page = FakePage(**page)
    store = Store(storage, "/")
    store.clock = fake_page.now_ms
    loaded = store.load()
    session = loaded.session or Session(Game.new(7), loaded.settings, loaded.stats)
    state = TableState(session)
    chrome, board, events, timing = FakeChrome(), FakeBoard(), Events(), now_timing()
    speech = Announcer(board, chrome, state)  # type: ignore[arg-type]
    screen = Actuator(board, chrome, state, Sizing(board), speech, events)  # type: ignore[arg-type]
    keeper = AutoSave(store, state, screen, speech, timing, events)  # type: ignore[arg-type]
    focus = KeyboardFocus(board, state)  # type: ignore[arg-type]
    hinter = HintButton(chrome, timing, lambda: state.game)  # type: ignore[arg-type]
    play = Controller(
        state,
        board,
        screen,
        speech,
        keeper,
        focus,
        hinter,
        events,  # type: ignore[arg-type]
    )
    dialogs = Dialogs(chrome, fake_page, events, start=play.new_game, restart=play.restart)  # type: ignore[arg-type]
    arrivals = SessionSwap(
        state,
        screen,
        speech,
        keeper,
        focus,
        hinter,
        chrome,
        fake_page,
        events,  # type: ignore[arg-type]
    )
    events.on("conflict", arrivals.conflict)
    events.on("storage-problem", lambda problem: dialogs.notice(problem_text(problem)))
    return PanelTable(
        storage, store, state, chrome, board, fake_page, events, speech, screen, keeper, play,
        arrivals, dialogs,
    )  # fmt: skip


@dataclass
class Panels:
    """The table with the Statistics and Settings, saved data and daily panels bound, wired
    by events as the composition root wires them."""

    table: PanelTable
    settings: StatsAndSettings
    data: SavedData
    daily: DailyDeals

    @property
    def chrome(self) -> FakeChrome:
        return self.table.chrome

    @property
    def page(self) -> FakePage:
        return self.table.page


def panels(saved: str | None = None, items: dict[str, str] | None = None, **page: Any) -> Panels:
    t = table(saved, items, **page)
    serve_data(t.page)
    settings = StatsAndSettings(
        t.state, t.play, t.keeper, t.speech, t.screen, t.board,  # type: ignore[arg-type]
        t.dialogs, t.chrome, t.page, t.events,  # type: ignore[arg-type]
    )  # fmt: skip
    data = SavedData(
        t.state,
        t.arrivals,
        t.keeper,
        t.speech,
        t.dialogs,
        t.chrome,
        t.page,  # type: ignore[arg-type]
    )
    daily = DailyDeals(
        t.state, t.store, t.dialogs, t.chrome, t.page,  # type: ignore[arg-type]
        lambda number, said: t.play.new_game(number, "classic", True, said),
    )  # fmt: skip
    events = t.events
    events.on("drawn", daily.show_grade)
    events.on("list-arrived", daily.show_grade)
    events.on("won", daily.won)
    events.on("language", lambda: t.chrome.write(static_texts(), static_labels()))
    events.on("settings-opened", data.show_backups)
    events.on("settings-changed", settings.show_settings)
    events.on("saved", settings.ask_persistence)
    settings.show_settings()
    t.screen.mount()
    t.keeper.save()
    settings.bind()
    data.bind()
    daily.bind()
    return Panels(t, settings, data, daily)
