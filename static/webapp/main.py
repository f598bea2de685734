"""The entry point the page runs: read the link, the save and the browser's languages,
draw the game, bind the events, then say ready (``<html data-ready="1">``).

Until then the page shows the board the last visit left (painted by ``index.html``)
with a loading pill, and takes no input.
"""

from __future__ import annotations

import random
import traceback
from typing import Any

from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import Game
from scorpion.i18n import negotiate_language
from scorpion.session import Session

from . import words
from .app import App
from .controls import Controls
from .dialogs import Dialogs
from .dom import Board, Chrome
from .hints import available
from .panels import Panels
from .saveddata import SavedData
from .storage import Store, scope_of
from .texts import kept_text, link_text, problem_text, static_labels, static_texts
from .updates import Updates
from .urlparams import Linked, linked_game, read_query, share_query, without_game
from .words import _


def start() -> None:
    """Boot, and never leave a traceback on the page: log it and say so plainly."""
    try:
        _start()
    except Exception:  # the outermost boundary
        print("scorpion: could not start:\n" + traceback.format_exc())
        from js import document

        notice = document.getElementById("notice")
        document.getElementById("notice-text").textContent = _(
            "Scorpion could not start. Reloading the page may help."
        )
        notice.hidden = False
        document.getElementById("loading").hidden = True


def _start() -> None:
    # `js`, not `pyscript`: its package is never imported at start (70-100 ms of the boot;
    # static/pyscript-stdlib.mjs); on the main thread its document and window are these.
    from js import Object, document, window
    from pyodide.ffi import create_once_callable, create_proxy, to_js

    marks = window.performance  # performance marks for bench/load.py
    marks.mark("scorpion-imported")
    store = Store(_local_storage(window), scope_of(str(window.location.pathname)))
    loaded = store.load()
    link = read_query(str(window.location.search))
    browser = [str(tag) for tag in (window.navigator.languages or [])]
    choice = negotiate_language(link.lang, loaded.settings.language, browser)
    words.set_language(choice.lang)

    problems = list(loaded.problems)
    session = loaded.session or Session(
        Game.new(random.randint(MIN_DEAL, MAX_DEAL)), loaded.settings, loaded.stats
    )
    problems += link.problems
    # A link to another game replaces a fresh or finished one at once; about one with
    # moves played the player is asked once the page is ready.
    linked = linked_game(link, session.game)
    if linked is not None and not (session.game.moves and not session.game.won):
        _start_linked(session, linked)
        linked = None
    _clean_address(window)
    if choice.invalid_url:
        problems.append("lang")
    if choice.invalid_saved:
        session.with_settings(language=None)

    chrome = Chrome(document)
    board = Board(document)
    app = App(session, board, chrome, store)

    def after_paint(fn: Any) -> None:
        """Run ``fn`` once the next frame is painted: a frame callback, then a task."""
        later = create_once_callable(lambda: fn())
        window.requestAnimationFrame(create_once_callable(lambda _t: window.setTimeout(later, 0)))

    def when_idle(fn: Any) -> None:
        """Run ``fn`` when the page has nothing else to do (at most SAVE_MS later)."""
        later = create_once_callable(lambda *_deadline: fn())
        if hasattr(window, "requestIdleCallback"):
            window.requestIdleCallback(later, to_js({"timeout": SAVE_MS},
                                                    dict_converter=Object.fromEntries))  # fmt: skip
        else:
            window.setTimeout(later, 50)

    app.defer = after_paint
    app.background = when_idle
    app.soon = lambda fn: window.setTimeout(create_once_callable(lambda: fn()), 0)
    app.idle = Quiet(window, create_once_callable, IDLE_MS).run
    dialogs = Dialogs(document, create_proxy, create_once_callable)
    apply_language(app, document)
    panels = Panels(
        app, dialogs, document, window, create_proxy, create_once_callable,
        lambda: apply_language(app, document),
    )  # fmt: skip
    saved_data = SavedData(app, dialogs, document, window, create_once_callable)
    panels.on_open_settings = saved_data.show_backups
    panels.show_settings()
    app.mount(painted=_painted(window))
    marks.mark("scorpion-board")
    after_paint(lambda: marks.mark("scorpion-board-painted"))
    if app.storage_problem or not store.ok:
        problems.append(app.storage_problem or "storage")
    if problems:
        texts = [problem_text(p) for p in problems]
        if store.kept is not None:
            texts.append(kept_text())
        dialogs.notice(" ".join(dict.fromkeys(texts)))
    app.on_storage_problem = lambda problem: dialogs.notice(problem_text(problem))

    def new_game() -> None:
        session = app.session
        dialogs.open_new_game(
            app.game.variant, session.in_progress, session.settings.winnable_only,
            app.game.deal_number,
        )  # fmt: skip

    def remember_winnable(on: bool) -> None:
        if app.session.settings.winnable_only != on:
            app.session.with_settings(winnable_only=on)
            app.save()

    def win(game: Game) -> None:
        dialogs.open_win(game.score, len(game.moves))

    app.on_win = win
    dialogs.on_start = app.new_game
    dialogs.on_winnable = remember_winnable
    dialogs.on_restart = app.restart
    dialogs.on_win_new = new_game
    _wire_hint(app, document)

    actions = {
        "undo": app.undo,
        "redo": app.redo,
        "deal": app.deal,
        "new": new_game,
        "hint": app.hint,
        "read": app.read_board,
        "share": lambda: share(app, window, dialogs, create_once_callable),
        "rules": lambda: dialogs.open_rules(words.language()),
    }
    controls = Controls(app, dialogs, document, window, create_proxy, create_once_callable, actions)
    controls.bind()
    panels.bind()
    saved_data.bind()
    Updates(document, window).bind(controls.listen)  # a new version waiting: offer it
    controls.listen(window, "pagehide", lambda event: app.flush())

    def hidden(event: Any) -> None:
        if str(document.visibilityState) == "hidden":  # the last event a phone may send
            app.flush()

    controls.listen(document, "visibilitychange", hidden)

    def other_tab(event: Any) -> None:
        if str(event.key or "") == store.save_key:
            session = store.newer(event.newValue or None)
            if session is not None:
                app.adopt(session)

    controls.listen(window, "storage", other_tab)

    root = document.documentElement
    document.getElementById("loading").hidden = True
    app.ready = True
    root.dataset.bootMs = str(round(float(window.performance.now())))
    root.dataset.ready = "1"
    marks.mark("scorpion-ready")
    if app.game.won:
        win(app.game)
    if linked is not None:
        wanted = linked
        text = link_text(wanted, counted=session.in_progress)
        dialogs.confirm_link(text, lambda: app.play_linked(wanted))


IDLE_MS = 1500.0  # no action for this long: the player is looking, not playing
SAVE_MS = 500  # an action is saved within this time, even on a busy page


class Quiet:
    """Run a function once nothing has asked for it for ``delay`` ms: each call pushes
    the deadline back (one timer at a time, re-armed when it fires too early)."""

    def __init__(self, window: Any, once: Any, delay: float) -> None:
        self.window = window
        self.once = once
        self.delay = delay
        self.deadline = 0.0
        self.armed = False
        self.fn: Any = None

    def run(self, fn: Any) -> None:
        self.fn = fn
        self.deadline = float(self.window.performance.now()) + self.delay
        if not self.armed:
            self.armed = True
            self.window.setTimeout(self.once(self._fire), self.delay)

    def _fire(self) -> None:
        left = self.deadline - float(self.window.performance.now())
        if left > 1:
            self.window.setTimeout(self.once(self._fire), left)
            return
        self.armed = False
        fn, self.fn = self.fn, None
        if fn is not None:
            fn()


def _local_storage(window: Any) -> Any:
    try:
        return window.localStorage
    except Exception:  # storage blocked by the browser's settings
        return None


def _start_linked(session: Session, linked: Linked) -> None:
    if linked.deck is not None:
        session.new_game_from_deck(list(linked.deck), linked.variant)
    else:
        session.new_game(linked.deal or random.randint(MIN_DEAL, MAX_DEAL), linked.variant)


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


def apply_language(app: App, document: Any) -> None:
    """Every fixed text of the page in the current language, and ``<html lang>``."""
    chrome = app.chrome
    chrome.forget()
    chrome.write(static_texts(), static_labels())
    document.documentElement.lang = words.language()
    document.title = _("Scorpion solitaire")
    document.getElementById("language").value = words.language()


def _wire_hint(app: App, document: Any) -> None:
    """The Hint button works once the solver's module is there."""
    if available():
        app.hints = True
        document.getElementById("hint").disabled = False


def share(app: App, window: Any, dialogs: Dialogs, once: Any) -> None:
    """Copy a link to this deal; where copying is refused, show the link to copy by hand."""
    game = app.game
    query = share_query(game.deal_number, game.variant, game.deck)
    location = window.location
    url = str(location.origin) + str(location.pathname) + query

    def copied(_result: Any) -> None:
        app.say(_("Link to this deal copied: {url}").format(url=url))

    def refused(_error: Any) -> None:
        dialogs.notice(_("Copy this link to share the deal: {url}").format(url=url))

    clipboard = getattr(window.navigator, "clipboard", None)
    if not clipboard:
        refused(None)
        return
    clipboard.writeText(url).then(once(copied), once(refused))
