"""Every statistic over several games, through the session as the page drives it: each
best value must keep the better of two wins whichever comes first (a comparison turned
the wrong way fails here), and streaks must count runs, not games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorpion import DEAL, Game, Move
from scorpion.session import Session
from scorpion.stats import Stats, VariantStats

SEED = json.loads((Path(__file__).parent / "fixtures" / "seed-deal.json").read_text())
LINE = [DEAL if m == "deal" else Move.parse(m) for m in SEED["winning_line"]]


def win(session: Session, elapsed_ms: int) -> None:
    """Deal the seed and win it along its winning line, in ``elapsed_ms`` of play."""
    session.new_game_from_deck(SEED["deck"])
    session.elapsed_ms = elapsed_ms
    for move in LINE:
        session.play(move)
    assert session.finished


def lose(session: Session) -> None:
    session.new_game(7)
    session.play(next(m for m in session.game.legal_moves()))
    session.new_game(8)  # abandoned: a loss


def test_best_values_keep_the_better_win_whichever_comes_first() -> None:
    for order in ((1_000, 5_000), (5_000, 1_000)):
        session = Session(Game.new(1))
        for elapsed in order:
            win(session, elapsed)
        stats = session.stats["classic"]
        assert stats.played == 2 and stats.won == 2
        assert stats.fastest_ms == 1_000  # not the later, not the slower
        assert stats.best_score == SEED["winning_score"]
        assert stats.fewest_moves == len(LINE)


def test_fewest_moves_keeps_the_shorter_win_in_either_order() -> None:
    for first, second in ((60, 51), (51, 60)):
        stats = VariantStats()
        for moves in (first, second):
            stats = stats.started().won_game(score=695, moves=moves, elapsed_ms=9_000)
        assert stats.fewest_moves == 51


def test_best_score_keeps_the_higher_score_in_either_order() -> None:
    low = VariantStats().started().won_game(score=300, moves=80, elapsed_ms=9_000)
    high = VariantStats().started().won_game(score=700, moves=90, elapsed_ms=9_000)
    for first, second in ((300, 700), (700, 300)):
        stats = VariantStats()
        for score in (first, second):
            stats = stats.started().won_game(score=score, moves=85, elapsed_ms=9_000)
        assert stats.best_score == 700
    assert low.best_score == 300 and high.best_score == 700


def test_streaks_count_runs_of_wins_across_losses() -> None:
    session = Session(Game.new(1))
    for outcome in "WWLWWWLW":
        if outcome == "W":
            win(session, 30_000)
        else:
            lose(session)
    stats = session.stats["classic"]
    assert stats.won == 6 and stats.played == 8
    assert stats.longest_streak == 3
    assert stats.current_streak == 1
    assert stats.win_rate == pytest.approx(6 / 8)


def test_variants_keep_apart() -> None:
    session = Session(Game.new(1))
    win(session, 20_000)
    session.new_game(5, "relaxed")
    session.play(next(m for m in session.game.legal_moves()))
    session.new_game(6, "relaxed")
    assert session.stats["classic"].won == 1 and session.stats["relaxed"].won == 0
    assert session.stats["relaxed"].played == 1 and session.stats["relaxed"].current_streak == 0


def test_statistics_of_several_games_survive_a_save() -> None:
    session = Session(Game.new(1))
    win(session, 4_000)
    lose(session)
    win(session, 2_000)
    data = json.loads(json.dumps(session.stats.to_dict()))
    assert Stats.from_dict(data) == session.stats


def test_rewinding_keeps_one_game_and_reaches_past_the_undo_history() -> None:
    session = Session(Game.new(1))
    session.new_game_from_deck(SEED["deck"])
    for move in LINE[:40]:
        session.play(move)
    played = session.stats["classic"].played
    session.rewind(35)  # within the undo history: undone, and redo can replay
    assert len(session.game.moves) == 35 and session.game.can_redo
    assert session.game.score == Game.from_deck(SEED["deck"], moves=LINE[:35]).score
    session.rewind(0)
    assert session.game.moves == () and session.counted
    assert session.stats["classic"].played == played  # the same game, counted once
    long = Session(Game.new(1))
    long.game._line = []  # (rebuilt below: a line past the undo history)
    long.game = Game.from_deck(SEED["deck"], moves=LINE)
    long.game._floor = len(LINE) - 5  # only the last 5 can be undone
    long.rewind(10)
    assert long.game.moves == tuple(LINE[:10])
    with pytest.raises(ValueError):
        long.rewind(99)
