"""The save format beyond the basics: every migration, what validation refuses and how,
round trips of random sessions, and the files that export and import exchange."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import seed_deal

from scorpion import DEAL, Game, Move
from scorpion.saves import FORMAT, MAX_DEPTH, MIGRATIONS, VERSION, dump, read, too_deep
from scorpion.session import LANGUAGE_CODES, Session, Settings
from scorpion.stats import Stats

SEED = seed_deal()


def seed_game(moves: int = 0) -> Game:
    game = Game.from_deck(SEED["deck"])
    for move in SEED["winning_line"][:moves]:
        game.play(Move.parse(move))
    return game


def document(session: Session | None = None, **changes: Any) -> dict[str, Any]:
    data = json.loads(dump(session or Session(seed_game(5)), revision=7, saved_at=1))
    data.update(changes)
    return data


# --- migrations ----------------------------------------------------------------------


def test_every_version_before_this_one_has_a_migration_to_the_next():
    assert sorted(MIGRATIONS) == list(range(VERSION))
    v0 = {"format": FORMAT, "version": 0, "game": seed_game(3).to_dict()}
    data = v0
    for version in range(VERSION):
        data = MIGRATIONS[version](data)
        assert data["version"] == version + 1 and data["format"] == FORMAT
    assert read(json.dumps(data)).problems == ()


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_a_bare_game_of_the_first_builds_keeps_its_moves_undo_and_redo(variant):
    game = Game.new(77, variant)
    first = next(m for m in game.legal_moves() if isinstance(m, Move))
    for move in (first, DEAL):
        game.play(move)
    game.undo()
    loaded = read(json.dumps(game.to_dict()))
    assert loaded.problems == () and loaded.session is not None
    session = loaded.session
    assert session.game == game and session.game.redo_moves == (DEAL,)
    assert session.game.variant == variant and session.game.deal_number == 77
    # The first builds kept no statistics: the game does not count until its next move.
    assert not session.counted and session.stats == Stats() and session.settings == Settings()
    assert loaded.revision == 0


def test_a_tampered_bare_game_is_a_game_problem_not_a_crash():
    data = seed_game(2).to_dict()
    data["moves"] = ["deal", "deal"]
    loaded = read(json.dumps(data))
    assert loaded.problems == ("game",) and loaded.session is None and loaded.damaged


def test_a_bare_game_needs_both_deck_and_moves():
    data = seed_game().to_dict()
    del data["moves"]
    assert read(json.dumps(data)).problems == ("corrupt",)


# --- what validation refuses ----------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"version": True},
        {"version": 1.0},
        {"version": -1},
        {"version": "1"},
        {"format": "scorpion"},
        {"format": None},
    ],
    ids=["version-bool", "version-float", "version-negative", "version-text",
         "other-format", "no-format"],
)  # fmt: skip
def test_a_document_that_is_not_ours_is_corrupt(changes):
    loaded = read(json.dumps(document(**changes)))
    assert loaded.problems == ("corrupt",) and loaded.session is None


@pytest.mark.parametrize("newer", [VERSION + 1, VERSION + 100, 2**40])
def test_any_newer_version_is_not_read(newer):
    loaded = read(json.dumps(document(version=newer, anything={"new": True})))
    assert loaded.problems == ("newer",) and loaded.session is None


@pytest.mark.parametrize("revision", [None, -3, True, "12", 1.5])
def test_an_unreadable_revision_is_reported_but_the_game_is_kept(revision):
    loaded = read(json.dumps(document(revision=revision)))
    assert loaded.problems == ("revision",) and loaded.revision == 0
    assert loaded.session is not None and loaded.session.game == seed_game(5)


def current(**changes: Any) -> dict[str, Any]:
    data = document()
    data["current"].update(changes)
    return data


@pytest.mark.parametrize(
    "data",
    [
        current(elapsed_ms=-1),
        current(elapsed_ms=True),
        current(counted="yes"),
        current(cheat=1),
        current(game=None),
        current(game={**seed_game(5).to_dict(), "score": 9999}),
        document(current=[]),
    ],
    ids=["negative-time", "bool-time", "text-flag", "extra-key", "no-game", "score-key",
         "not-object"],
)  # fmt: skip
def test_an_unreadable_current_game_is_a_game_problem(data):
    loaded = read(json.dumps(data))
    assert loaded.problems == ("game",) and loaded.session is None
    assert loaded.revision == 7  # the rest of the document still counts


def test_statistics_and_settings_are_read_apart_from_the_game():
    data = document()
    data["stats"].pop("relaxed")
    data["settings"]["language"] = "fr"
    data["settings"]["four_colour"] = True
    loaded = read(json.dumps(data))
    assert loaded.problems == ("settings", "stats")
    assert loaded.settings == Settings(four_colour=True)  # the good field is kept
    assert loaded.stats == Stats()
    assert loaded.session is not None and loaded.session.game == seed_game(5)


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"a":' * 50_000, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
     "\ufeff" + json.dumps(document()), "null", "true", '{"a": NaN}'],
    ids=["deep-array", "deep-object", "just-too-deep", "bom", "null", "true", "nan"],
)  # fmt: skip
def test_junk_never_raises(text):
    """Deep nesting is refused before parsing: it would overflow Pyodide's stack."""
    loaded = read(text)
    assert loaded.session is None and loaded.problems == ("corrupt",)


def test_depth_is_counted_outside_strings_only():
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert not too_deep(nested) and too_deep("[" + nested + "]")
    assert not too_deep(json.dumps({"note": "[{" * 500, "q": '\\"[[[[' * 40}))
    assert not too_deep(dump(Session(seed_game(30)), revision=1, saved_at=0))


# --- round trips ------------------------------------------------------------------------


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    game = Game.new(draw(st.integers(1, 2**31 - 1)), draw(st.sampled_from(["classic", "relaxed"])))
    session = Session(
        game,
        Settings(
            language=draw(st.sampled_from([None, *LANGUAGE_CODES])),
            interactive_rules=draw(st.booleans()),
            four_colour=draw(st.booleans()),
            animations=draw(st.booleans()),
            timer=draw(st.booleans()),
            winnable_only=draw(st.booleans()),
        ),
    )
    session.add_time(draw(st.integers(0, 10**9)))
    for _ in range(draw(st.integers(0, 25))):
        moves = session.game.legal_moves()
        if not moves:
            break
        session.play(moves[draw(st.integers(0, len(moves) - 1))])
    for _ in range(draw(st.integers(0, 3))):
        session.undo()
    if draw(st.booleans()):
        session.new_game(draw(st.integers(1, 1000)))  # an abandoned game: a loss
    return session


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(), st.integers(0, 2**53))
def test_any_session_comes_back_exactly(session, revision):
    text = dump(session, revision=revision, saved_at=123)
    loaded = read(text)
    assert loaded.problems == () and loaded.revision == revision
    again = loaded.session
    assert again is not None
    assert again.game == session.game and again.settings == session.settings
    assert again.stats == session.stats
    assert (again.counted, again.finished, again.elapsed_ms) == (
        session.counted, session.finished, session.elapsed_ms,
    )  # fmt: skip
    assert dump(again, revision=revision, saved_at=123) == text  # nothing lost or added


def test_a_won_game_and_its_statistics_come_back():
    session = Session(seed_game())
    session.add_time(90_000)
    for move in SEED["winning_line"]:
        session.play(Move.parse(move))
    loaded = read(dump(session, revision=3, saved_at=0))
    assert loaded.session is not None and loaded.session.finished and loaded.session.game.won
    stats = loaded.stats["classic"]
    assert (stats.played, stats.won, stats.best_score, stats.fastest_ms) == (1, 1, 695, 90_000)


def test_the_text_is_compact_json_with_the_header_first():
    text = dump(Session(seed_game(1)), revision=5, saved_at=9)
    assert text.startswith('{"format":"scorpion-solitaire","version":2,"revision":5,')
    assert "\n" not in text and ": " not in text


@pytest.mark.parametrize(
    ("stamp", "read_as"),
    [
        (1_764_489_600_000, 1_764_489_600_000),
        (253_402_214_400_000, 253_402_214_400_000),  # the last moment every calendar writes
        (253_402_214_400_001, 0),
        (9_007_199_254_740_993, 0),  # beyond 2**53: a BigInt in JavaScript, refused by Date
        (10**20, 0),
        (-5, 0),
        (1.5e12, 0),
        ("1764489600000", 0),
        (True, 0),
        (None, 0),
    ],
)
def test_a_save_time_that_cannot_be_true_is_read_as_not_said(stamp: object, read_as: int):
    data = json.loads(dump(Session(seed_game(1)), revision=5, saved_at=0))
    data["saved_at"] = stamp
    loaded = read(json.dumps(data))
    assert loaded.saved_at == read_as
    assert loaded.problems == () and loaded.session is not None  # nothing else is lost
