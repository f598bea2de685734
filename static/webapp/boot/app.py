"""The parts the page runs, as the composition root (``webapp.main.assemble``) built
them, and the steps that open the table: the page's texts in the player's language, the
first board (the painted one adopted), the first save, the lifecycle followed (a hidden
page saves, another tab's save arrives), what the player must know said, then input
taken (``<html data-ready="1">``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webapp import translated
from webapp.boot.startup import Startup
from webapp.events import Events
from webapp.page.board import PageBoard
from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.page.storage import Store
from webapp.page.timing import Timing
from webapp.page_texts import link_text, problem_text, static_labels, static_texts
from webapp.panels.daily_deals import DailyDeals
from webapp.panels.dialogs import Dialogs
from webapp.panels.replayer import Replayer
from webapp.panels.stats_settings import StatsAndSettings
from webapp.play.actuator import Actuator
from webapp.play.autosave import AutoSave
from webapp.play.controller import Controller
from webapp.play.finish_button import FinishButton
from webapp.play.session_swap import SessionSwap
from webapp.play.table_state import TableState
from webapp.translated import _


@dataclass(frozen=True)
class App:
    """What ``assemble`` built; the page keeps it alive, a test reads it."""

    page: Page
    chrome: Chrome
    board: PageBoard
    timing: Timing
    events: Events
    store: Store
    startup: Startup
    state: TableState
    screen: Actuator
    keeper: AutoSave
    play: Controller
    dialogs: Dialogs
    daily: DailyDeals
    swap: SessionSwap
    settings: StatsAndSettings
    replayer: Replayer
    finish: FinishButton
    parts: tuple[Any, ...]  # everything else that listens (bound once, in order)


def apply_language(chrome: Chrome) -> None:
    """Every fixed text of the page in the current language, ``<html lang>`` and the
    title, and the footer's language chooser."""
    chrome.forget()
    chrome.write(static_texts(), static_labels())
    chrome.language(translated.language(), _("Scorpion solitaire"))
    chrome.set_value("language", translated.language())


def open_app(app: App) -> None:
    """From the painted board to input taken."""
    page, chrome = app.page, app.chrome
    apply_language(chrome)
    app.settings.show_settings()
    app.screen.mount(painted=page.painted())
    app.keeper.save()
    page.mark("scorpion-board")
    app.timing.defer(lambda: page.mark("scorpion-board-painted"))
    with chrome.listening_together():
        for part in app.parts:
            part.bind()
    app.finish.check()
    follow_lifecycle(app)
    ready(app)


def follow_lifecycle(app: App) -> None:
    """Everything kept when the page is hidden or left; another tab's saves followed."""
    chrome, keeper = app.chrome, app.keeper
    chrome.listen_window("pagehide", lambda _event: keeper.flush())

    def hidden(_event: Any) -> None:
        if app.page.hidden():  # the last event a phone may send
            keeper.flush()

    chrome.listen_document("visibilitychange", hidden)

    def other_tab(event: Any) -> None:
        if str(event.key or "") != app.store.save_key:
            return
        session = app.store.newer(event.newValue or None)
        if session is not None and app.replayer.active:
            app.replayer.arrive(session)  # shown when the replay closes
        elif session is not None:
            app.swap.adopt(session)

    chrome.listen_window("storage", other_tab)


def ready(app: App) -> None:
    """Say what the player must know, then take input."""
    startup, state, keeper, dialogs = app.startup, app.state, app.keeper, app.dialogs
    notices = list(startup.notices) + app.daily.notices()
    if keeper.storage_problem or not keeper.store.ok:
        notices.append(problem_text(keeper.storage_problem or "storage"))
    if notices:
        dialogs.notice(" ".join(dict.fromkeys(notices)))
    app.chrome.flag("hint", "disabled", False)
    app.chrome.flag("loading", "hidden", True)
    state.ready = True
    app.chrome.root_data("bootMs", str(round(app.page.perf_now())))
    app.chrome.root_data("ready", "1")
    app.page.mark("scorpion-ready")
    if state.game.won and startup.replay is None:
        dialogs.won(state.game)
    if startup.ask is not None:
        wanted = startup.ask
        text = link_text(wanted, counted=state.session.in_progress)
        dialogs.confirm_link(text, lambda: app.play.play_linked(wanted))
    if startup.replay is not None:  # watched over the player's own game, which waits
        app.replayer.open(startup.replay)
