"""The session (game manager), statistics, and the versioned save format."""

from __future__ import annotations

import json

import pytest
from positions import seed_deal

from scorpion import DEAL, Game, Move
from scorpion.saves import FORMAT, MIGRATIONS, VERSION, dump, read
from scorpion.session import Session, Settings
from scorpion.stats import Stats, VariantStats

SEED = seed_deal()


def seed_session() -> Session:
    return Session(Game.from_deck(SEED["deck"]))


def win(session: Session) -> None:
    for move in SEED["winning_line"]:
        session.play(Move.parse(move))


# --- statistics ----------------------------------------------------------------------


def test_a_game_counts_once_its_first_move_is_made():
    session = seed_session()
    assert session.stats["classic"].played == 0 and not session.in_progress
    session.play(Move.parse("4H>7"))
    session.play(DEAL)
    assert session.stats["classic"].played == 1 and session.in_progress
    session.undo()
    session.undo()
    session.play(Move.parse("4H>7"))
    assert session.stats["classic"].played == 1


def test_a_win_records_score_moves_time_and_streak():
    session = seed_session()
    session.add_time(61_000)
    win(session)
    stats = session.stats["classic"]
    assert (stats.played, stats.won, stats.win_rate) == (1, 1, 1.0)
    assert stats.best_score == 695 and stats.fewest_moves == len(SEED["winning_line"])
    assert stats.fastest_ms == 61_000
    assert (stats.current_streak, stats.longest_streak) == (1, 1)
    session.undo()
    session.redo()  # winning again by redo does not count twice
    assert session.stats["classic"].won == 1
    session.add_time(5_000)  # the clock stops at the win
    assert session.elapsed_ms == 61_000


def test_abandoning_a_counted_game_is_a_loss_and_breaks_the_streak():
    session = seed_session()
    win(session)
    session.new_game_from_deck(SEED["deck"])  # a won game is not a loss
    assert session.stats["classic"].current_streak == 1
    session.play(Move.parse("4H>7"))
    session.new_game(5, "classic")
    stats = session.stats["classic"]
    assert (stats.played, stats.won, stats.current_streak, stats.longest_streak) == (2, 1, 0, 1)
    assert stats.win_rate == 0.5
    session.new_game(6, "classic")  # game 5 had no move: it does not count
    assert session.stats["classic"].played == 2


def test_restart_deals_the_same_cards_and_counts_a_loss():
    session = Session.fresh(deal=9, variant="relaxed")
    session.play(session.game.legal_moves()[0])
    session.restart()
    assert session.game == Game.new(9, "relaxed")
    assert session.stats["relaxed"].played == 1 and session.stats["relaxed"].current_streak == 0
    assert session.stats["classic"].played == 0
    deck_session = seed_session()
    deck_session.restart()
    assert deck_session.game.deck == tuple(SEED["deck"])


def test_a_bad_new_game_changes_nothing():
    session = seed_session()
    session.play(DEAL)
    with pytest.raises(ValueError):
        session.new_game(0)
    assert session.in_progress and session.game.moves == (DEAL,)


def test_reset_statistics():
    session = seed_session()
    session.play(DEAL)
    session.reset_stats()
    assert session.stats == Stats() and not session.counted
    session.play(Move.parse("4H>7"))
    assert session.stats["classic"].played == 1


@pytest.mark.parametrize(
    "bad",
    [
        {"played": 1, "won": 2},
        {"played": -1},
        {"played": True},
        {"current_streak": 3, "longest_streak": 2, "won": 3, "played": 3},
        {"best_score": 500},
        {"extra": 1},
    ],
)
def test_statistics_that_cannot_be_true_are_refused(bad):
    data = {**VariantStats().to_dict(), **bad}
    with pytest.raises(ValueError):
        VariantStats.from_dict(data)


# --- settings ------------------------------------------------------------------------


def test_settings_read_field_by_field():
    settings, bad = Settings.from_dict(
        {"language": "sv", "four_colour": "yes", "timer": True, "colour": 1}
    )
    assert settings == Settings(language="sv", timer=True)
    assert bad == ["colour", "four_colour"]
    assert Settings.from_dict({"language": "xx"})[1] == ["language"]
    assert Settings.from_dict(None) == (Settings(), ["settings"])


def test_winnable_only_is_remembered_and_read_tolerantly():
    assert Settings().winnable_only is False
    assert Settings.from_dict({"winnable_only": True}) == (Settings(winnable_only=True), [])
    # A save from before the option: off, and nothing to complain about.
    old = {"language": "de", "interactive_rules": True, "four_colour": False}
    assert Settings.from_dict(old) == (Settings(language="de"), [])
    # A bad value falls back to off and is named; the other fields are kept.
    assert Settings.from_dict({"winnable_only": "yes", "timer": True}) == (
        Settings(timer=True),
        ["winnable_only"],
    )
    assert Settings.from_dict({"winnable_only": 1})[1] == ["winnable_only"]
    session = seed_session()
    session.with_settings(winnable_only=True)
    loaded = read(dump(session, revision=1, saved_at=0))
    assert loaded.problems == ()
    assert loaded.settings.winnable_only and loaded.session is not None
    assert loaded.session.settings == session.settings


# --- the save document ---------------------------------------------------------------


def test_a_save_comes_back_exactly():
    session = seed_session()
    session.with_settings(language="de", four_colour=True)
    session.add_time(1234)
    for move in SEED["winning_line"][:12]:
        session.play(Move.parse(move))
    session.undo()
    text = dump(session, revision=41, saved_at=1_700_000_000_000)
    data = json.loads(text)
    assert (data["format"], data["version"], data["revision"]) == (FORMAT, VERSION, 41)
    loaded = read(text)
    assert loaded.problems == () and not loaded.damaged and loaded.revision == 41
    again = loaded.session
    assert again is not None
    assert again.game == session.game and again.game.redo_moves == session.game.redo_moves
    assert again.settings == session.settings and again.stats == session.stats
    assert (again.counted, again.finished, again.elapsed_ms) == (True, False, 1234)


def test_nothing_saved_is_not_a_problem():
    for text in (None, ""):
        loaded = read(text)
        assert loaded.session is None and loaded.problems == () and loaded.revision == 0


@pytest.mark.parametrize(
    "text", ["{", "[]", "42", '"x"', '{"format": "other", "version": 1}', '{"format": "x"}']
)
def test_unreadable_text_is_corrupt(text):
    loaded = read(text)
    assert loaded.problems == ("corrupt",) and loaded.session is None and loaded.damaged


def test_a_newer_version_is_not_read():
    data = json.loads(dump(seed_session(), 3, 0))
    data["version"] = VERSION + 1
    assert read(json.dumps(data)).problems == ("newer",)


def test_a_damaged_part_is_reported_and_the_rest_kept():
    session = seed_session()
    session.play(DEAL)
    data = json.loads(dump(session, 3, 0))
    data["current"]["game"]["moves"] = ["deal", "deal"]  # tampered: dealt twice
    loaded = read(json.dumps(data))
    assert loaded.problems == ("game",) and loaded.session is None
    assert loaded.stats["classic"].played == 1
    data = json.loads(dump(session, 3, 0))
    data["stats"]["classic"]["won"] = 5
    loaded = read(json.dumps(data))
    assert loaded.problems == ("stats",) and loaded.session is not None
    assert loaded.session.stats == Stats()


def test_bookkeeping_that_cannot_be_true_is_a_game_problem():
    data = json.loads(dump(seed_session(), 3, 0))
    data["current"]["finished"] = True
    assert read(json.dumps(data)).problems == ("game",)


def test_version_zero_the_bare_game_is_migrated():
    game = Game.new(12)
    game.play(DEAL)
    loaded = read(json.dumps(game.to_dict()))
    assert loaded.problems == ()
    assert loaded.session is not None and loaded.session.game == game
    assert sorted(MIGRATIONS) == list(range(VERSION))
