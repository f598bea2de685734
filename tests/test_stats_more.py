"""Assisted and clean wins, the averages and the last games, over several games: each
comparison turned the wrong way or off by one fails a test here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorpion import DEAL, Game, Move
from scorpion.history import LIMIT, GameRecord, read_records
from scorpion.saves import dump, read, reconcile
from scorpion.session import Session
from scorpion.stats import Stats, VariantStats

SEED = json.loads((Path(__file__).parent / "fixtures" / "seed-deal.json").read_text())
LINE = [DEAL if m == "deal" else Move.parse(m) for m in SEED["winning_line"]]
REVEAL = 10  # LINE[10] (QH>6) turns the 5S face up; LINE[:8] turn nothing up
DEALT = 8  # LINE[8] deals the reserve


class StepClock:
    def __init__(self) -> None:
        self.ms = 1_764_489_600_000

    def __call__(self) -> int:
        self.ms += 1_000
        return self.ms


def session() -> Session:
    return Session(Game.new(1), now=StepClock())


def win(s: Session, elapsed_ms: int = 30_000, help: str | None = None, undo_at: int = -1) -> None:
    """The seed won along its line; ``help`` asked for before the first move; an undo
    and redo right after move ``undo_at``."""
    s.new_game_from_deck(SEED["deck"])
    s.elapsed_ms = elapsed_ms
    if help:
        s.assist(help)
    for i, move in enumerate(LINE):
        s.play(move)
        if i == undo_at:
            assert s.undo() and s.redo()
    assert s.finished


def lose(s: Session, deal: int = 7) -> None:
    s.new_game(deal)
    s.play(next(iter(s.game.legal_moves())))
    s.elapsed_ms = 12_345
    s.new_game(deal + 1)  # abandoned: a loss


def play(s: Session, outcomes: str) -> None:
    for outcome in outcomes:
        {"W": lambda: win(s), "A": lambda: win(s, help="hint"), "L": lambda: lose(s)}[outcome]()


# --- assisted wins ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["hint", "solver_line", "auto_finish"])
def test_an_assisted_win_is_a_win_but_no_record_and_no_streak(kind: str) -> None:
    s = session()
    win(s, 50_000)
    win(s, 1_000, help=kind)  # faster, but assisted
    stats = s.stats["classic"]
    assert (stats.played, stats.won, stats.assisted_wins, stats.win_rate) == (2, 2, 1, 1.0)
    assert stats.fastest_ms == 50_000 and stats.averaged_wins == 1
    assert stats.average_ms == 50_000 and stats.average_moves == len(LINE)
    assert stats.current_streak == stats.longest_streak == 1
    assert s.stats.recent[0].assisted == (kind,) and s.stats.recent[1].assisted == ()


@pytest.mark.parametrize(
    ("outcomes", "current", "longest"),
    [
        ("WAW", 2, 2),  # an assisted win does not break a streak...
        ("LAA", 0, 0),  # ...nor start one
        ("WWLAW", 1, 2),
        ("WAWAWL", 0, 3),
        ("AWWWAW", 4, 4),
    ],
)
def test_assisted_wins_neither_extend_nor_break_a_streak(outcomes, current, longest) -> None:
    s = session()
    play(s, outcomes)
    stats = s.stats["classic"]
    assert (stats.current_streak, stats.longest_streak) == (current, longest)
    assert stats.won == outcomes.count("W") + outcomes.count("A")
    assert stats.assisted_wins == outcomes.count("A")


def test_only_assisted_wins_leave_the_best_figures_empty() -> None:
    s = session()
    play(s, "AA")
    stats = s.stats["classic"]
    assert stats.best_score is None and stats.fewest_moves is None and stats.fastest_ms is None
    assert stats.average_moves is None and stats.average_ms is None
    assert VariantStats.from_dict(stats.to_dict()) == stats


def test_assist_knows_its_kinds_and_each_new_game_starts_without_help() -> None:
    s = session()
    with pytest.raises(ValueError, match="unknown kind"):
        s.assist("peek")
    s.assist("hint")
    s.assist("hint")
    s.assist("solver_line")
    assert s.assisted == {"hint", "solver_line"}
    s.play(LINE[0]) if s.game.is_legal(LINE[0]) else s.play(s.game.legal_moves()[0])
    s.restart()
    assert s.assisted == frozenset()
    s.assist("auto_finish")
    s.new_game(9)
    assert s.assisted == frozenset()


# --- clean wins -------------------------------------------------------------------------


def test_clean_wins_count_wins_without_taking_back_a_card_turned_up() -> None:
    s = session()
    win(s, undo_at=0)  # an undo of a move that turned nothing up: still clean
    win(s, undo_at=REVEAL)  # the 5S turned up, taken back: not clean
    win(s, undo_at=DEALT)  # the dealt reserve taken back: not clean
    win(s, help="hint")  # clean and assisted
    stats = s.stats["classic"]
    assert stats.clean_wins == 2 and stats.won == 4
    assert [r.clean for r in s.stats.recent] == [True, False, False, True]


def test_rewinding_past_a_card_turned_up_is_an_undo_of_it() -> None:
    s = session()
    s.new_game_from_deck(SEED["deck"])
    for move in LINE[:17]:
        s.play(move)
    s.rewind(15)  # LINE[15] and [16] turned nothing up: still clean
    assert s.clean
    s.rewind(14)  # LINE[14] turned the KC up
    assert not s.clean
    s.restart()
    assert s.clean  # a new attempt starts clean
    long = session()
    long.game = Game.from_deck(SEED["deck"], moves=LINE[:40])
    long.game._floor = 35  # only the last 5 can be undone: rewinding replays from the deal
    hidden = sum(long.game.hidden_count(c) for c in range(7))
    long.rewind(REVEAL)
    assert sum(long.game.hidden_count(c) for c in range(7)) > hidden and not long.clean


# --- averages ---------------------------------------------------------------------------


def test_averages_are_exact_over_several_wins() -> None:
    stats = VariantStats()
    for moves, ms in ((50, 1_000), (61, 2_001), (70, 3_000)):
        stats = stats.started().won_game(score=700, moves=moves, elapsed_ms=ms)
    assert stats.averaged_wins == 3 and stats.moves_total == 181
    assert stats.average_moves == pytest.approx(181 / 3)
    assert stats.average_ms == 2_000  # 6_001 / 3 = 2_000.33
    two = VariantStats()
    for moves, ms in ((50, 1_000), (51, 2_001)):
        two = two.started().won_game(score=700, moves=moves, elapsed_ms=ms)
    assert two.average_moves == 50.5 and two.average_ms == 1_501  # 1_500.5, half up


def test_a_win_without_a_time_counts_in_no_average() -> None:
    stats = VariantStats().started().won_game(score=695, moves=51, elapsed_ms=None)
    assert stats.won == 1 and stats.averaged_wins == 0 and stats.average_moves is None
    assert stats.fewest_moves == 51 and stats.fastest_ms is None


def test_averages_through_the_session() -> None:
    s = session()
    win(s, 10_000)
    lose(s)
    win(s, 20_000)
    stats = s.stats["classic"]
    assert stats.average_ms == 15_000 and stats.average_moves == len(LINE)
    assert stats.averaged_wins == 2 and stats.time_total_ms == 30_000


# --- the last games ---------------------------------------------------------------------


def test_the_last_games_newest_first_with_what_each_was() -> None:
    s = session()
    win(s, 40_000, undo_at=REVEAL)
    lose(s, deal=7)
    win(s, 30_000, help="hint")
    first, second, third = reversed(s.stats.recent)
    assert first == GameRecord(
        first.ended_at, "classic", None, "won", len(LINE), 40_000, SEED["winning_score"], (), False
    )
    assert second.result == "abandoned" and second.deal == 7 and second.moves == 1
    assert second.elapsed_ms == 12_345 and second.clean
    assert third.won and third.assisted == ("hint",) and third.clean
    assert first.ended_at < second.ended_at < third.ended_at


def test_games_that_never_counted_are_not_listed() -> None:
    s = session()
    s.new_game(5)  # no move made
    s.new_game(6)
    s.play(s.game.legal_moves()[0])
    s.undo()
    s.restart()  # every move undone first: it never counted
    assert s.stats.recent == () and s.stats["classic"].played == 0


def test_the_list_keeps_the_last_hundred() -> None:
    s = session()
    for n in range(LIMIT + 2):
        lose(s, deal=100 + 2 * n)
    assert len(s.stats.recent) == LIMIT
    assert s.stats.recent[0].deal == 100 + 2 * (LIMIT + 1)  # the newest
    assert s.stats.recent[-1].deal == 104  # the two oldest dropped
    assert s.stats["classic"].played == LIMIT + 2  # the totals keep every game


def test_reset_clears_the_last_games() -> None:
    s = session()
    play(s, "WL")
    s.reset_stats()
    assert s.stats == Stats()


# --- saved --------------------------------------------------------------------------------


def test_everything_survives_a_save() -> None:
    s = session()
    play(s, "WLAW")
    s.new_game_from_deck(SEED["deck"])
    for move in LINE[: REVEAL + 1]:
        s.play(move)
    s.undo()
    s.assist("solver_line")
    loaded = read(dump(s, revision=3, saved_at=5))
    assert loaded.problems == ()
    assert loaded.stats == s.stats and len(loaded.stats.recent) == 4
    assert loaded.session is not None
    assert loaded.session.assisted == {"solver_line"} and not loaded.session.clean


def saved(s: Session) -> dict:
    return json.loads(dump(s, revision=3, saved_at=5))


@pytest.mark.parametrize(
    "bad",
    [
        {"variant": "chess"},
        {"result": "lost"},
        {"deal": 0},
        {"deal": "7"},
        {"moves": -1},
        {"moves": True},
        {"ended_at": 1.5},
        {"ended_at": 10**20},  # no calendar writes it: the Statistics could not show it
        {"ended_at": 253_402_214_400_001},
        {"assisted": ["hint", "hint"]},
        {"assisted": ["auto_finish", "hint"]},
        {"assisted": ["peek"]},
        {"assisted": "hint"},
        {"clean": 1},
        {"extra": 1},
        {"moves": 0},
    ],
)
def test_an_unreadable_record_is_dropped_and_said(bad: dict) -> None:
    s = session()
    play(s, "LW")  # the newest is the win
    data = saved(s)
    data["stats"]["recent"][0].update(bad)
    loaded = read(json.dumps(data))
    assert loaded.problems == ("recent",)
    assert loaded.stats.recent == s.stats.recent[1:]
    assert loaded.stats["classic"] == s.stats["classic"]  # the figures are kept


def test_a_list_that_is_not_a_list_or_too_long_is_trimmed_and_said() -> None:
    record = GameRecord(1, "classic", 3, "abandoned", 2, 3, 0).to_dict()
    assert read_records("x") == ((), 1)
    kept, dropped = read_records([record] * (LIMIT + 3))
    assert len(kept) == LIMIT and dropped == 3


@pytest.mark.parametrize(
    "change",
    [
        {"assisted": ["luck"]},
        {"assisted": "hint"},
        {"clean": "yes"},
    ],
)
def test_an_unreadable_mark_of_the_current_game_is_a_game_problem(change: dict) -> None:
    data = saved(session())
    data["current"].update(change)
    assert "game" in read(json.dumps(data)).problems


@pytest.mark.parametrize(
    "change",
    [
        {"assisted_wins": 3},  # more assisted wins than wins
        {"clean_wins": 3},
        {"averaged_wins": 2},  # more than the unassisted wins
        {"averaged_wins": 0},  # totals without wins
        {"moves_total": 10},  # fewer moves than the fewest, twice
        {"assisted_wins": 1, "longest_streak": 1, "current_streak": 1},  # best without a win
        {"assisted_wins": 1},  # a streak longer than the unassisted wins
    ],
)
def test_figures_that_do_not_add_up_are_refused(change: dict) -> None:
    s = session()
    play(s, "W")
    figures = {**s.stats["classic"].to_dict(), **change}
    with pytest.raises(ValueError):
        VariantStats.from_dict(figures)
    data = saved(s)
    data["stats"]["classic"] = figures
    assert read(json.dumps(data)).problems == ("stats",)


def test_averages_over_more_wins_than_the_unassisted_are_refused() -> None:
    s = session()
    play(s, "WA")
    figures = s.stats["classic"].to_dict()
    assert VariantStats.from_dict(figures) == s.stats["classic"]
    figures.update(averaged_wins=2, moves_total=2 * len(LINE), time_total_ms=60_000)
    with pytest.raises(ValueError, match="averages"):
        VariantStats.from_dict(figures)


def version_one(s: Session) -> dict:
    """``s`` as version 1 saved it."""
    data = saved(s)
    data["version"] = 1
    for variant in ("classic", "relaxed"):
        for name in ("clean_wins", "assisted_wins", "averaged_wins", "moves_total"):
            del data["stats"][variant][name]
        del data["stats"][variant]["time_total_ms"]
    del data["stats"]["recent"]
    del data["current"]["assisted"]
    del data["current"]["clean"]
    return data


def test_a_version_one_save_keeps_its_figures_and_starts_the_new_ones() -> None:
    s = session()
    play(s, "WLW")
    s.new_game(3)
    s.play(s.game.legal_moves()[0])
    loaded = read(json.dumps(version_one(s)))
    assert loaded.problems == ()
    old, new = s.stats["classic"], loaded.stats["classic"]
    for name in ("played", "won", "current_streak", "longest_streak", "best_score"):
        assert getattr(new, name) == getattr(old, name)
    assert new.fewest_moves == old.fewest_moves and new.fastest_ms == old.fastest_ms
    assert new.clean_wins == new.assisted_wins == 0
    assert new.average_moves is None and loaded.stats.recent == ()
    assert loaded.session is not None and loaded.session.counted
    assert loaded.session.clean and loaded.session.assisted == frozenset()
    # the averages run from the next win on
    win(loaded.session, 7_000)
    assert loaded.session.stats["classic"].average_ms == 7_000


def test_a_version_one_save_with_unreadable_parts_reports_those_parts() -> None:
    data = version_one(session())
    data["stats"]["classic"] = "??"
    data["current"] = 7
    assert read(json.dumps(data)).problems == ("stats", "game")


def test_a_win_in_another_tab_keeps_its_record() -> None:
    mine = session()
    win(mine, 9_000, help="hint")
    theirs = session()
    lose(theirs)
    kept = reconcile(mine, theirs)
    assert kept is not None
    assert [r.result for r in kept.stats.recent] == ["won", "abandoned"]
    assert kept.stats.recent[0].assisted == ("hint",)
    assert kept.stats["classic"].assisted_wins == 1 and kept.stats["classic"].won == 1
