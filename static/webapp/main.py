"""The entry point the page runs, and the composition root: every part of the browser
layer is built and wired here, through constructors, as in 2048's ``application.js``.

Until ``<html data-ready="1">`` the page shows the board the last visit left (painted by
``index.html``) with a loading pill, and takes no input.
"""

from __future__ import annotations

import functools
import traceback
from typing import Any

from scorpion.game import Game
from webapp import translated
from webapp.boot.startup import Startup, open_game
from webapp.events import Events
from webapp.page.board import PageBoard
from webapp.page.browser import Page, local_storage, page
from webapp.page.chrome import Chrome
from webapp.page.storage import Store, scope_of
from webapp.page.timing import browser_timing
from webapp.page_texts import problem_text, static_labels, static_texts
from webapp.panels.daily_deals import DailyDeals
from webapp.panels.dialogs import Dialogs
from webapp.panels.lost_finder import LostFinder
from webapp.panels.replayer import Replayer, ignore_while_replaying
from webapp.panels.saved_data import SavedData
from webapp.panels.sharing import share, share_game
from webapp.panels.solver_watch import SolverWatch
from webapp.panels.stats_settings import StatsAndSettings
from webapp.panels.tool_menu import ToolMenu
from webapp.panels.updates import Updates
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
from webapp.translated import _
from webapp.urlparams import without_game


def start() -> None:
    """Boot, and never leave a traceback on the page: log it and say so plainly."""
    try:
        _start(page())
    except Exception:  # the outermost boundary
        print("scorpion: could not start:\n" + traceback.format_exc())
        from js import document

        document.getElementById("notice-text").textContent = _(
            "Scorpion could not start. Reloading the page may help."
        )
        document.getElementById("notice").hidden = False
        document.getElementById("loading").hidden = True


def _start(pg: Page) -> None:
    document, window = pg.document, pg.window
    window.performance.mark("scorpion-imported")  # marks for bench/load.py
    store = Store(local_storage(window), scope_of(str(window.location.pathname)))
    languages = [str(tag) for tag in (window.navigator.languages or [])]
    opening = open_game(store, str(window.location.search), languages)
    _clean_address(window)

    state = TableState(opening.session)
    board, chrome, tasks = PageBoard(document), Chrome(document, pg.proxy), browser_timing(pg)
    chrome.bind_notice(lambda details: pg.copy_text(details, lambda: None, lambda: None))
    speech = Announcer(board, chrome, state)
    sizing = Sizing(board)
    events = Events()
    screen = Actuator(board, chrome, state, sizing, speech, events)
    dialogs = Dialogs(document, pg.proxy, pg.once, chrome)
    keeper = AutoSave(
        store, state, screen, speech, tasks,
        on_conflict=lambda session, outcome: arrivals.conflict(session, outcome),
        on_storage_problem=lambda problem: dialogs.notice(problem_text(problem)),
        on_keeping=lambda: panels.ask_persistence(),
    )  # fmt: skip
    focus = KeyboardFocus(board, state)
    hinter = HintButton(chrome, tasks, lambda: state.game)

    def won(game: Game) -> None:
        daily.won(game)  # a daily deal counts for its date
        dialogs.open_win(game.score, len(game.moves))

    play = Controller(state, board, screen, speech, keeper, focus, hinter, on_win=won)
    daily = DailyDeals(
        state, store, dialogs, chrome, pg, lambda n, said: play.new_game(n, "classic", True, said)
    )
    events.on("drawn", daily.show_grade)
    dialogs.on_list = screen.update_texts
    arrivals = SessionSwap(
        state, screen, speech, keeper, focus, hinter, on_settings=lambda: panels.show_settings()
    )
    events.on("language", lambda: _apply_language(chrome, document))
    panels = StatsAndSettings(
        state, play, keeper, speech, screen, board, dialogs, chrome, pg, events
    )
    saved_data = SavedData(state, arrivals, keeper, speech, dialogs, chrome, pg)
    events.on("settings-opened", saved_data.show_backups)
    dialogs.on_win_stats = panels.open_stats
    _apply_language(chrome, document)
    panels.show_settings()
    screen.mount(painted=_painted(window))
    keeper.save()
    window.performance.mark("scorpion-board")
    tasks.defer(lambda: window.performance.mark("scorpion-board-painted"))

    lost_finder = LostFinder(state, arrivals, dialogs, tasks, pg)
    replayer = Replayer(state, screen, speech, keeper, focus, hinter, dialogs, pg)
    solver_watch = SolverWatch(state, replayer, dialogs, tasks, pg)

    def new_game() -> None:
        replayer.close()  # New game is about the player's own game
        lost_finder.offer()
        solver_watch.offer()
        session = state.session
        dialogs.open_new_game(session.game.variant, session.in_progress,
                              session.settings.winnable_only, session.game.deal_number)  # fmt: skip

    dialogs.on_start = play.new_game
    dialogs.on_winnable = lambda on: panels.remember_winnable(on)
    dialogs.on_restart = play.restart
    dialogs.on_win_new = new_game

    def share_this_game() -> None:
        dialogs.close("new-game-dialog")  # the copy is said in #status, or in the notice
        dialogs.close("win-dialog")
        share_game(state.game, pg, speech, dialogs)

    dialogs.listen("ng-share-game", "click", lambda event: share_this_game())
    dialogs.listen("win-share", "click", lambda event: share_this_game())
    idle = functools.partial(ignore_while_replaying, state)  # a replay takes no moves
    actions = {
        "undo": idle(play.undo), "redo": idle(play.redo), "deal": idle(play.deal),
        "new": new_game, "hint": idle(play.hint), "read": speech.read_board,
        "share": lambda: share(state.game, pg, speech, dialogs),
        "rules": lambda: dialogs.open_rules(translated.language()),
    }  # fmt: skip
    controls = Controls(state, play, focus, screen, board, chrome, pg, actions)
    controls.replay_key = replayer.key
    controls.bind()
    finisher = FinishButton(state, play, board, chrome, speech, tasks, _later(pg))
    finisher.bind(controls.listen, document)
    play.on_changed = finisher.check
    events.on("changed", finisher.check)  # a setting may offer the finish, or no longer
    finisher.check()
    replayer.bind()
    solver_watch.bind()
    ToolMenu(document, controls.listen).bind()
    panels.bind()
    saved_data.bind()
    lost_finder.bind()
    daily.bind()
    Updates(document, window).bind(controls.listen)  # a new version waiting: offer it
    _bind_lifecycle(pg, controls, keeper, store, arrivals, replayer)
    _ready(pg, opening, state, play, keeper, dialogs, daily.notices())
    if opening.replay is not None:  # watched over the player's own game, which waits
        replayer.open(opening.replay)


def _bind_lifecycle(
    pg: Page,
    controls: Controls,
    keeper: AutoSave,
    store: Store,
    arrivals: SessionSwap,
    replayer: Replayer,
) -> None:
    """Everything kept when the page is hidden or left; another tab's saves followed."""
    document = pg.document
    controls.listen(pg.window, "pagehide", lambda event: keeper.flush())

    def hidden(event: Any) -> None:
        if str(document.visibilityState) == "hidden":  # the last event a phone may send
            keeper.flush()

    def other_tab(event: Any) -> None:
        if str(event.key or "") == store.save_key:
            session = store.newer(event.newValue or None)
            if session is not None and replayer.active:
                replayer.arrive(session)  # shown when the replay closes
            elif session is not None:
                arrivals.adopt(session)

    controls.listen(document, "visibilitychange", hidden)
    controls.listen(pg.window, "storage", other_tab)


def _ready(
    pg: Page,
    opening: Startup,
    state: TableState,
    play: Controller,
    keeper: AutoSave,
    dialogs: Dialogs,
    more: list[str],
) -> None:
    """Say what the player must know, then take input."""
    document, window = pg.document, pg.window
    notices = list(opening.notices) + more
    if keeper.storage_problem or not keeper.store.ok:
        notices.append(problem_text(keeper.storage_problem or "storage"))
    if notices:
        dialogs.notice(" ".join(dict.fromkeys(notices)))
    document.getElementById("hint").disabled = False
    document.getElementById("loading").hidden = True
    state.ready = True
    root = document.documentElement
    root.dataset.bootMs = str(round(float(window.performance.now())))
    root.dataset.ready = "1"
    window.performance.mark("scorpion-ready")
    if state.game.won and opening.replay is None:
        dialogs.open_win(state.game.score, len(state.game.moves))
    if opening.ask is not None:
        from webapp.page_texts import link_text

        wanted = opening.ask
        text = link_text(wanted, counted=state.session.in_progress)
        dialogs.confirm_link(text, lambda: play.play_linked(wanted))


def _later(pg: Page) -> Any:
    """Run a task after some milliseconds (the finish's pace); an error is logged."""

    def later(ms: int, fn: Any) -> None:
        def run() -> None:
            try:
                fn()
            except Exception:  # a timer's boundary: log it, never show a traceback
                print("scorpion: error in a timer:\n" + traceback.format_exc())

        pg.window.setTimeout(pg.once(run), ms)

    return later


def _clean_address(window: Any) -> None:
    """Take the game out of the address, so a reload resumes instead of asking again."""
    location = window.location
    search = str(location.search)
    cleaned = without_game(search)
    if cleaned != search and search:
        window.history.replaceState(None, "", str(location.pathname) + cleaned + str(location.hash))


def _painted(window: Any) -> list[Any] | None:
    """The cards index.html painted before Python (``window.scorpionPainted``, checked
    there; only ever compared with this board's own), handed over once: only the first
    board can be that one."""
    painted = getattr(window, "scorpionPainted", None)
    if not painted:
        return None
    window.scorpionPainted = None
    cards = painted.to_py()
    return cards if isinstance(cards, list) else None


def _apply_language(chrome: Chrome, document: Any) -> None:
    """Every fixed text of the page in the current language, and ``<html lang>``."""
    chrome.forget()
    chrome.write(static_texts(), static_labels())
    document.documentElement.lang = translated.language()
    document.title = _("Scorpion solitaire")
    document.getElementById("language").value = translated.language()
