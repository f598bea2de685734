"""The entry point the page runs, and the composition root: every part of the browser
layer built with what it needs, in dependency order, as in 2048's ``application.js``.
Parts that must hear of each other do so through ``events``, wired at the end.

Until ``<html data-ready="1">`` the page shows the board the last visit left (painted by
``index.html``) with a loading pill, and takes no input.
"""

from __future__ import annotations

import asyncio
import gc
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from webapp.boot.app import App, apply_language, open_app
from webapp.boot.startup import open_game
from webapp.events import Events
from webapp.page.board import PageBoard
from webapp.page.browser import Page, browser_ports, browser_timing
from webapp.page.chrome import Chrome
from webapp.page.storage import Store, scope_of
from webapp.page.timing import Timing
from webapp.page_texts import problem_text
from webapp.panels.daily_deals import DailyDeals
from webapp.panels.dialogs import Dialogs
from webapp.panels.game_reviewer import GameReviewer
from webapp.panels.lost_finder import LostFinder
from webapp.panels.replayer import Replayer
from webapp.panels.saved_data import SavedData
from webapp.panels.solver_watch import SolverWatch
from webapp.panels.stats_settings import StatsAndSettings
from webapp.panels.tool_menu import ToolMenu
from webapp.panels.toolbar import Toolbar
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
    page, chrome, board = browser_ports()
    try:
        page.mark("scorpion-imported")  # marks for bench/load.py
        open_app(assemble(page, chrome, board, browser_timing(page)))
        # What the boot made lives as long as the page: the cycle collector, which may
        # run in any tap, leaves it out of its passes from now on.
        gc.freeze()
    except Exception:  # the outermost boundary
        could_not_start(chrome)


async def start_in_steps(pause: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
    """``start()``, the page's thread given back (``pause(0)``: a task of its own in
    Pyodide's event loop) between making the game and showing it: two tasks instead of one
    long one on a phone. Nothing takes input before ``<html data-ready>``."""
    page, chrome, board = browser_ports()
    try:
        page.mark("scorpion-imported")  # marks for bench/load.py
        app = assemble(page, chrome, board, browser_timing(page))
        await pause(0)
        open_app(app)
        gc.freeze()  # as in start()
    except Exception:  # the outermost boundary
        could_not_start(chrome)


def could_not_start(chrome: Chrome) -> None:
    """Log the traceback and say so plainly, never leaving it on the page."""
    print("scorpion: could not start:\n" + traceback.format_exc())
    chrome.notice(_("Scorpion could not start. Reloading the page may help."))
    chrome.flag("loading", "hidden", True)


def assemble(page: Page, chrome: Chrome, board: PageBoard, timing: Timing) -> App:
    """Every part, each given what it needs; then who hears what."""
    events, store = Events(), Store(page.local_storage(), scope_of(page.pathname()))
    startup = open_game(store, page.search(), page.languages())
    page.clean_address(without_game(page.search()))  # a reload resumes, not asks again
    state = TableState(startup.session)
    speech = Announcer(board, chrome, state)
    screen = Actuator(board, chrome, state, Sizing(board), speech, events)
    keeper = AutoSave(store, state, screen, speech, timing, events)
    focus, hinter = KeyboardFocus(board, state), HintButton(chrome, timing, lambda: state.game)
    play = Controller(state, board, screen, speech, keeper, focus, hinter, events)
    dialogs = Dialogs(chrome, page, events, start=play.new_game, restart=play.restart)
    daily = DailyDeals(state, store, dialogs, chrome, page, play.new_daily_game)
    swap = SessionSwap(state, screen, speech, keeper, focus, hinter, chrome, page, events)
    settings = StatsAndSettings(
        state, play, keeper, speech, screen, board, dialogs, chrome, page, events
    )
    saved = SavedData(state, swap, keeper, speech, dialogs, chrome, page)
    replayer = Replayer(state, screen, speech, keeper, focus, hinter, dialogs, chrome, page)
    solver = SolverWatch(state, replayer, keeper, dialogs, chrome, timing, page)
    offers = (LostFinder(state, swap, dialogs, chrome, timing), solver)
    review = GameReviewer(state, replayer, keeper, dialogs, chrome, timing, page)
    toolbar = Toolbar(state, play, speech, dialogs, replayer, offers, chrome, page)
    actions = toolbar.actions()
    controls = Controls(state, play, focus, screen, board, chrome, page, actions, replayer.key)
    finish = FinishButton(state, play, board, chrome, speech, timing, page.later)
    for name, listener in (
        ("changed", finish.check), ("won", daily.won), ("won", dialogs.won),
        ("conflict", swap.conflict), ("newer-set-aside", swap.newer_set_aside),
        ("storage-problem", lambda problem: chrome.notice(problem_text(problem))),
        ("saved", settings.ask_persistence), ("settings-changed", settings.show_settings),
        ("settings-opened", saved.show_backups), ("language", lambda: apply_language(chrome)),
        ("language", review.retranslate),
        ("drawn", daily.show_grade), ("list-arrived", screen.update_texts),
        ("winnable-chosen", settings.remember_winnable), ("new-game-asked", toolbar.new_game),
        ("stats-asked", settings.open_stats),
    ):  # fmt: skip
        events.on(name, listener)
    menu, updates = ToolMenu(chrome), Updates(chrome, page)
    parts = (controls, swap, finish, menu, settings, saved, daily, toolbar, updates)
    return App(page, chrome, board, timing, events, store, startup, state, screen, keeper,
               play, dialogs, daily, swap, settings, replayer, finish, parts)  # fmt: skip
