"""The one versioned format for everything saved: game, settings and statistics.

A save is a JSON document::

    {"format": "scorpion-solitaire", "version": 2, "revision": 12, "saved_at": 1764489600000,
     "settings": {...}, "stats": {"classic": {...}, "relaxed": {...}, "recent": [...]},
     "current": {"game": <Game.to_dict()>, "counted": true, "finished": false, "elapsed_ms": 5000,
                 "assisted": ["hint"], "clean": true}}

``revision`` grows by one with every save, so of two documents the newer is known
(two tabs on one game). Older versions are migrated step by step; a newer version
is never read (it might be misread), nor overwritten: the caller keeps it aside.

Reading never raises: ``read`` returns what could be read and the problems found,
so the interface can say what happened, keep the unreadable text aside and go on.

>>> from scorpion.session import Session
>>> text = dump(Session.fresh(deal=7), revision=1, saved_at=0)
>>> loaded = read(text)
>>> loaded.problems, loaded.session.game.deal_number, loaded.revision
((), 7, 1)
>>> read("{not json").problems
('corrupt',)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from .game import Game, LineTooLong
from .history import LATEST_MS, assist_order
from .session import Session, Settings
from .stats import Stats, VariantStats

FORMAT: Final = "scorpion-solitaire"
VERSION: Final = 2
#: Our documents nest four deep; anything much deeper is not ours, and parsing it could
#: exhaust a small stack (Pyodide's ends the whole interpreter, no RecursionError).
MAX_DEPTH: Final = 32
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


@dataclass(frozen=True, slots=True)
class Loaded:
    """What ``read`` made of a saved text.

    ``session`` is None when there was no game to restore (nothing saved, or the game
    part unreadable): start a fresh game with ``settings`` and ``stats``. ``problems``
    holds codes for the interface: ``corrupt`` (not our JSON), ``newer`` (written by a
    newer version), ``game``, ``stats``, ``settings`` (that part could not be read),
    ``long`` (the game's line of play is longer than ``MAX_ACTIONS``: not replayed),
    ``revision`` (the revision number was unreadable; everything else was read),
    ``recent`` (some records of the last games were unreadable and dropped).
    """

    session: Session | None
    settings: Settings
    stats: Stats
    revision: int
    problems: tuple[str, ...]
    saved_at: int = 0  # ms since 1970, as the save says (0: not said, or not a sane moment)

    @property
    def damaged(self) -> bool:
        """True when the saved text should be kept aside before anything overwrites it."""
        return bool(self.problems)


def dump(session: Session, revision: int, saved_at: int) -> str:
    """The save document for ``session`` as compact JSON text."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "revision": revision,
            "saved_at": saved_at,
            "settings": session.settings.to_dict(),
            "stats": session.stats.to_dict(),
            "current": {
                "game": session.game.to_dict(),
                "counted": session.counted,
                "finished": session.finished,
                "elapsed_ms": session.elapsed_ms,
                "assisted": assist_order(session.assisted),
                "clean": session.clean,
            },
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def read(text: str | None) -> Loaded:
    """Read a saved text (None or empty: nothing saved). Never raises."""
    nothing = Loaded(None, Settings(), Stats(), 0, ())
    if not text:
        return nothing
    if too_deep(text):
        return _broken("corrupt")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return _broken("corrupt")
    if not isinstance(data, dict):
        return _broken("corrupt")
    if "format" not in data and {"deck", "moves"} <= set(data):
        data = {"format": FORMAT, "version": 0, "game": data}  # the first builds' bare game
    if data.get("format") != FORMAT or not _whole(data.get("version")):
        return _broken("corrupt")
    if data["version"] > VERSION:
        return _broken("newer")
    for version in range(data["version"], VERSION):
        try:
            data = MIGRATIONS[version](data)
        except (KeyError, TypeError, ValueError, AttributeError):
            return _broken("corrupt")
    return _read_current(data)


def _read_current(data: dict[str, Any]) -> Loaded:
    problems: list[str] = []
    settings, bad_settings = Settings.from_dict(data.get("settings"))
    if bad_settings:
        problems.append("settings")
    try:
        stats, dropped = Stats.read(data.get("stats"))
        if dropped:
            problems.append("recent")
    except ValueError:
        stats = Stats()
        problems.append("stats")
    revision = data.get("revision")
    if not isinstance(revision, int) or not _whole(revision):
        revision = 0
        problems.append("revision")
    session = None
    try:
        session = _read_session(data.get("current"), settings, stats)
    except LineTooLong:
        problems.append("long")
    except ValueError:
        problems.append("game")
    stamp = data.get("saved_at")
    # A time that cannot be true (beyond ``LATEST_MS``) is as good as none said.
    saved_at = stamp if isinstance(stamp, int) and _whole(stamp) and stamp <= LATEST_MS else 0
    return Loaded(session, settings, stats, revision, tuple(problems), saved_at)


def _read_session(current: Any, settings: Settings, stats: Stats) -> Session:
    if not isinstance(current, dict) or set(current) != {
        "game",
        "counted",
        "finished",
        "elapsed_ms",
        "assisted",
        "clean",
    }:
        raise ValueError("the current game is not an object with the known fields")
    counted, finished, elapsed = current["counted"], current["finished"], current["elapsed_ms"]
    if not isinstance(counted, bool) or not isinstance(finished, bool) or not _whole(elapsed):
        raise ValueError("the current game's bookkeeping is not readable")
    if finished and not counted:
        raise ValueError("a game cannot be finished without having counted")
    assisted, clean = current["assisted"], current["clean"]
    if not isinstance(assisted, list) or assisted != assist_order(assisted):
        raise ValueError("the current game's help is not a list of known kinds")
    if not isinstance(clean, bool):
        raise ValueError("the current game's cleanliness is not true or false")
    game = Game.from_dict(current["game"])
    return Session(game, settings, stats, counted, finished, elapsed, frozenset(assisted), clean)


def too_deep(text: str) -> bool:
    """True when the JSON text nests arrays and objects deeper than ``MAX_DEPTH``,
    found without recursion (brackets inside strings do not count).

    >>> too_deep('{"a": [[1]], "b": "[[[[["}'), too_deep("[" * 1000)
    (False, True)
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _broken(problem: str) -> Loaded:
    return Loaded(None, Settings(), Stats(), 0, (problem,))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


_V1_STATS: Final = {
    "classic": dict.fromkeys(("played", "won", "current_streak", "longest_streak"), 0)
    | dict.fromkeys(("best_score", "fewest_moves", "fastest_ms")),
}
_V1_STATS["relaxed"] = _V1_STATS["classic"]


def _from_v0(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0, the first browser builds: only the bare ``Game.to_dict()`` was saved.

    The game did not count yet in any statistics, since there were none.
    """
    game = data["game"]
    return {
        "format": FORMAT,
        "version": 1,
        "revision": 0,
        "saved_at": 0,
        "settings": Settings().to_dict(),
        "stats": _V1_STATS,
        "current": {"game": game, "counted": False, "finished": False, "elapsed_ms": 0},
    }


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no last games, no clean or assisted wins and no averages: they start
    at zero (the averages over the wins from now on, so they stay true). Its current game
    had no help (there was no mark) and is taken as clean. A part that was already
    unreadable is left as it was, for ``read`` to report as that part's problem."""
    data = {**data, "version": 2}
    stats = data.get("stats")
    if isinstance(stats, dict):
        new = {name: 0 for name in _NEW_FIELDS}
        figures = {v: {**s, **new} if isinstance(s, dict) else s for v, s in stats.items()}
        data["stats"] = {**figures, "recent": []}
    current = data.get("current")
    if isinstance(current, dict):
        data["current"] = {**current, "assisted": [], "clean": True}
    return data


_NEW_FIELDS: Final = (
    "clean_wins",
    "assisted_wins",
    "averaged_wins",
    "moves_total",
    "time_total_ms",
)
assert set(_NEW_FIELDS) < set(VariantStats.__dataclass_fields__)

#: MIGRATIONS[n] turns a version-n document into a version n+1 document.
MIGRATIONS: Final[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    0: _from_v0,
    1: _from_v1,
}


def reconcile(mine: Session, theirs: Session) -> Session | None:
    """Two tabs: this tab's ``mine`` was overtaken by ``theirs``, saved by another tab
    meanwhile. A win is never lost: if ``mine`` holds a win that ``theirs`` does not,
    the answer is what to save instead of ``theirs``; None means adopt ``theirs``.

    The same game (same deck and variant) won here: this tab's won game, with the other
    tab's settings and its statistics plus this win. Another game over there (the other
    tab started a new one): that game goes on, and the win is added to its statistics.

    >>> from scorpion import DEAL
    >>> won = Session.fresh(deal=1); won.finished = won.counted = True
    >>> other = Session.fresh(deal=1); _ = other.play(DEAL)
    >>> kept = reconcile(won, other)
    >>> kept.finished, kept.stats["classic"].won
    (True, 1)
    >>> reconcile(Session.fresh(deal=1), other) is None
    True
    """
    same = mine.game.deck == theirs.game.deck and mine.game.variant == theirs.game.variant
    if not mine.finished or (same and theirs.finished):
        return None
    variant = mine.game.variant
    stats = theirs.stats
    # Counted as played over there once its first move reached that tab; where it did not
    # (their statistics were reset, or never saw it), it is counted now.
    if (same and not theirs.counted) or (not same and stats[variant].played <= stats[variant].won):
        stats = stats.updated(variant, stats[variant].started())
    won = stats[variant].won_game(
        score=mine.game.score,
        moves=len(mine.game.moves),
        elapsed_ms=mine.elapsed_ms,
        assisted=bool(mine.assisted),
        clean=mine.clean,
    )
    win = next((r for r in mine.stats.recent if r.won), None) or mine.record("won")
    stats = stats.updated(variant, won).recorded(win)
    if same:
        return Session(
            mine.game,
            theirs.settings,
            stats,
            True,
            True,
            mine.elapsed_ms,
            mine.assisted,
            mine.clean,
        )
    return Session(
        theirs.game,
        theirs.settings,
        stats,
        theirs.counted,
        theirs.finished,
        theirs.elapsed_ms,
        theirs.assisted,
        theirs.clean,
    )
