"""What the page opens with: the saved game (or a fresh one), the game a link asks for,
the language, and what to tell the player about any of it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import VARIANTS, Game
from scorpion.i18n import negotiate_language
from scorpion.replay import Replay, ReplayError, decode
from scorpion.session import Session, Settings
from scorpion.stats import Stats
from webapp import translated
from webapp.page.storage import Store
from webapp.page_texts import kept_text, problem_text, replay_problem_text
from webapp.urlparams import Linked, linked_game, read_query
from webapp.winnable import FIRST_DEAL


@dataclass
class Startup:
    session: Session
    notices: list[str] = field(default_factory=list)  # said in the notice bar, once ready
    ask: Linked | None = None  # a link to another game, to confirm once the page is ready
    replay: Replay | None = None  # a game to watch (the player's own stays as it is)


def _first_session(settings: Settings, stats: Stats) -> Session:
    """No game saved: a random deal; for a newcomer (no game played yet), ``FIRST_DEAL``,
    proven winnable and already on screen (index.html paints it before Python starts), and
    New game draws winnable deals too until the player says otherwise."""
    if any(stats[v].played for v in VARIANTS):
        return Session(Game.new(random.randint(MIN_DEAL, MAX_DEAL)), settings, stats)
    newcomer = replace(settings, winnable_only=True)
    return Session(Game.new(FIRST_DEAL), newcomer, stats)


def open_game(store: Store, search: str, browser_languages: list[str]) -> Startup:
    """Read the save and the link; choose the language (``words``) and the game."""
    loaded = store.load()
    link = read_query(search)
    choice = negotiate_language(link.lang, loaded.settings.language, browser_languages)
    translated.set_language(choice.lang)
    session = loaded.session or _first_session(loaded.settings, loaded.stats)
    problems = [*loaded.problems, *link.problems]
    if choice.invalid_url:
        problems.append("lang")
    if choice.invalid_saved:
        session.with_settings(language=None)
    # A link to another game replaces a fresh or finished one at once; about one with
    # moves played the player is asked once the page is ready.
    ask = linked_game(link, session.game)
    if ask is not None and not (session.game.moves and not session.game.won):
        ask.start(session)
        ask = None
    notices = list(dict.fromkeys(problem_text(p) for p in problems))
    replay = None
    if link.replay is not None:
        try:
            replay = decode(link.replay)
        except ReplayError as error:  # said, and the player's own game opens as usual
            notices.append(replay_problem_text(error.reason))
    if store.kept is not None:
        notices.append(kept_text())
    return Startup(session, notices, ask, replay)
