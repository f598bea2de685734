"""Review this game (``panels.game_reviewer``): the line judged in slices with a progress
bar and Stop, the chart and the table drawn, a second look instant, a move chosen shown in
the replay's bar with the saved game untouched, and the solver only on request, marked as
the solver's."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fakes import FakeEvent, FakeNode
from replay_table import SEED_REPLAY, ReplayTable, seed_game, table
from webapp import translated
from webapp.panels import game_reviewer

from scorpion import Game, Move
from scorpion.game_review import review_game
from scorpion.replay import Replay

LINE = "4C>1 5C>2 4H>5 AS>1 deal"  # deal 3: dealing takes the chance from 38 % to 4 %


def chances(board: ReplayTable) -> list[int]:
    found = re.search(r'data-chances="([^"]*)"', board.chrome.el("review-figure").html)
    assert found is not None
    return [int(c) for c in found.group(1).split(",") if c]


def state(board: ReplayTable) -> str:
    return board.chrome.el("review").attrs["data-review-state"]


def rows(board: ReplayTable) -> list[str]:
    """The table's rows as text, cell by cell with ' | ' between."""
    body = board.chrome.el("review-table").html.split("<tbody>")[1]
    found = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)
        found.append(" | ".join(re.sub(r"<[^>]+>", "", cell) for cell in cells))
    return found


def choose(board: ReplayTable, where: str, index: int) -> None:
    target = FakeNode(index=str(index), inside=("[data-index]",))
    board.chrome.fire(where, "click", FakeEvent(target=target))


def test_new_games_review_judges_every_position_and_draws_chart_and_table() -> None:
    board = table(Game.new(3, moves=LINE))
    board.chrome.show_modal("new-game-dialog")
    board.chrome.click("review-game")
    assert board.chrome.open_dialogs() == ["new-game-dialog", "review"]
    assert state(board) == "running"
    assert board.chrome.el("review-status").attrs["aria-busy"] == "true"
    board.queue.run(100_000)
    assert state(board) == "done"
    assert "aria-busy" not in board.chrome.el("review-status").attrs
    assert chances(board) == [38, 38, 38, 38, 38, 4]
    assert chances(board) == list(review_game(Game.new(3, moves=LINE)).chances)
    assert board.text("review-status") == (
        "Every position judged: 5 moves, the chance from 38% at the deal to 4%."
    )
    assert board.chrome.el("review-progress").attrs["value"] == "6"
    assert board.shown("review-mistakes-title")
    assert "Reserve to columns 1, 2 and 3" in board.chrome.el("review-mistakes").html
    assert (
        "1. Move 5: Reserve to columns 1, 2 and 3 took the chance from 38% to 4%. The hint "
        "preferred 3♣ from column 5 onto 4♣ in column 2, with 9 cards on top, which kept 38%."
    ) in board.chrome.el("review-mistakes").html
    table_rows = rows(board)
    assert len(table_rows) == 5
    assert table_rows[0] == "1 | 4♣ from column 3 onto 5♣ in column 1, with A♠ | 38% | 38% | "
    assert table_rows[4] == (
        "5 | Reserve to columns 1, 2 and 3 (the reserve dealt, a mistake) | 38% | 4% "
        "| 3♣ from column 5 onto 4♣ in column 2, with 9 cards on top"
    )
    assert 'class="mistake"' in board.chrome.el("review-table").html
    assert "deal-mark" in board.chrome.el("review-figure").html


def test_a_second_look_is_instant() -> None:
    board = table(Game.new(3, moves=LINE))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    board.chrome.click("review-close")
    assert board.chrome.open_dialogs() == []
    board.chrome.click("review-game")
    assert state(board) == "done"  # no slice ran
    assert board.queue.kinds() == []
    assert chances(board) == [38, 38, 38, 38, 38, 4]


def test_a_game_played_on_judges_only_its_new_positions() -> None:
    board = table(Game.new(3, moves="4C>1 5C>2"))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    board.chrome.click("review-close")
    cache = board.reviewer.cache
    assert cache is not None and len(cache.points) == 3
    board.state.session.play(Move.parse("4H>5"))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    assert chances(board) == [38, 38, 38, 38]
    assert len(cache.points) == 4 and len(cache.advice) == 4  # one more judged


@pytest.fixture
def one_step_a_task(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's clock stands still here: a task takes one step, not ``TASK_STEPS``."""
    monkeypatch.setattr(game_reviewer, "TASK_STEPS", 1)


@pytest.mark.usefixtures("one_step_a_task")
def test_stop_keeps_what_was_judged_and_go_on_finishes() -> None:
    board = table(seed_game(12))
    board.chrome.click("review-game")
    while len(board.reviewer.reviewer.points) < 3:  # a few slices
        board.queue.run(1)
    board.chrome.click("review-stop")
    assert state(board) == "stopped"
    assert not board.shown("review-stop") and board.shown("review-resume")
    assert board.chrome.focused == "review-resume"
    judged = len(chances(board))
    assert 0 < judged < 13
    assert board.text("review-status") == f"Stopped after {judged} of 13 positions."
    assert len(rows(board)) == judged - 1
    assert board.queue.run(100_000) == 0 or state(board) == "stopped"
    board.chrome.click("review-resume")
    board.queue.run(100_000)
    assert state(board) == "done" and len(chances(board)) == 13


@pytest.mark.usefixtures("one_step_a_task")
def test_closing_pauses_and_reopening_goes_on() -> None:
    board = table(seed_game(12))
    board.chrome.click("review-game")
    board.queue.run(1)
    board.chrome.click("review-close")
    assert state(board) == "stopped"
    board.queue.run(100_000)  # nothing runs while it is closed
    board.chrome.click("review-game")
    assert state(board) == "running"
    board.queue.run(100_000)
    assert state(board) == "done" and len(chances(board)) == 13


def test_a_chosen_row_shows_that_move_in_the_replay_bar_and_the_save_waits() -> None:
    game = seed_game(12)
    board = table(game)
    before = board.saved()["current"]["game"]
    board.chrome.show_modal("win-dialog")
    board.chrome.click("win-review")
    board.queue.run(100_000)
    choose(board, "review-table", 4)
    assert board.chrome.open_dialogs() == []
    assert board.state.replaying
    assert board.state.game.moves == game.moves[:4]
    assert board.text("replay-title") == "Review"
    assert board.chrome.focused == "replay-play"
    board.chrome.click("replay-forward")
    assert board.state.game.moves == game.moves[:5]
    board.queue.run()
    assert board.saved()["current"]["game"] == before  # the saved game is untouched
    board.chrome.click("replay-take")
    assert board.saved_moves() == [str(move) for move in game.moves[:5]]


def test_a_point_of_the_chart_and_a_mistake_show_the_board_too() -> None:
    board = table(Game.new(3, moves=LINE))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    choose(board, "review-figure", 0)
    assert board.state.replaying and board.state.game.moves == ()
    board.chrome.click("replay-review")  # back to the review: the same line, at once
    assert state(board) == "done"
    choose(board, "review-mistakes", 5)
    assert board.state.game.moves == Game.new(3, moves=LINE).moves
    choose(board, "review-table", 99)  # no such move: nothing happens
    assert board.state.game.moves == Game.new(3, moves=LINE).moves


def test_a_replays_review_is_of_the_replays_whole_line() -> None:
    board = table(Game.new(1))
    short = Replay("classic", SEED_REPLAY.line[:6], deck=SEED_REPLAY.deck)
    board.replayer.open(short, at=2)
    board.chrome.click("replay-review")
    board.queue.run(100_000)
    assert len(chances(board)) == 7


def test_the_solver_is_asked_first_and_its_answer_marked_as_the_solvers() -> None:
    board = table(Game.new(3, moves=LINE))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    assert board.shown("review-solver") and not board.shown("review-solver-text")
    assert "solver-mark" not in board.chrome.el("review-figure").html
    board.chrome.click("review-solver")
    assert board.shown("review-solver-text") and board.shown("review-solver-look")
    assert board.text("review-solver-answer") == ""
    board.chrome.click("review-solver-look")
    assert board.text("review-solver-answer") == "The solver looks at every card…"
    board.queue.run(100_000)
    assert board.text("review-solver-answer") == (
        "The solver, which sees every card: the deal could still be won after move 4, "
        "and not after the next."
    )
    assert "solver-mark" in board.chrome.el("review-figure").html
    assert "the solver, which sees every card: the last winnable position" in rows(board)[3]
    assert board.state.session.assisted == frozenset({"solver_line"})


def test_the_solvers_answer_marks_the_players_game_helped_and_saves_it() -> None:
    board = table(Game.new(3, moves=LINE))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    assert board.saved()["current"]["assisted"] == []  # the review alone is the hint's view
    board.chrome.click("review-solver")
    board.chrome.click("review-solver-look")
    assert board.state.session.assisted == frozenset()  # no answer yet
    board.queue.run(100_000)
    assert board.saved()["current"]["assisted"] == ["solver_line"]


def test_the_solver_asked_of_a_replays_line_leaves_the_players_game_alone() -> None:
    board = table(Game.new(1))
    short = Replay("classic", SEED_REPLAY.line[:6], deck=SEED_REPLAY.deck)
    board.replayer.open(short, at=2)
    board.chrome.click("replay-review")
    board.queue.run(100_000)
    board.chrome.click("review-solver")
    board.chrome.click("review-solver-look")
    board.queue.run(100_000)
    assert board.text("review-solver-answer").startswith("The solver, which sees every card")
    assert board.state.session.assisted == frozenset()


@pytest.fixture
def swedish_after() -> Iterator[None]:
    yield
    translated.set_language("en")


@pytest.mark.usefixtures("swedish_after")
def test_a_language_chosen_meanwhile_rewrites_the_reviews_words() -> None:
    board = table(Game.new(3, moves=LINE))
    board.chrome.click("review-game")
    board.queue.run(100_000)
    board.chrome.click("review-solver")
    board.chrome.click("review-solver-look")
    board.queue.run(100_000)
    english = {
        name: board.chrome.el(name).html or board.text(name)
        for name in ("review-status", "review-count", "review-figure", "review-mistakes")
    }
    translated.set_language("sv")
    board.reviewer.retranslate()
    assert board.text("review-status") == (
        "Varje ställning bedömd: 5 drag, chansen från 38\u00a0% vid given till 4\u00a0%."
    )
    assert board.text("review-count") == "6 av 6 ställningar"
    for name, before in english.items():
        now = board.chrome.el(name).html or board.text(name)
        assert now != before, name
    assert "Reserven till kolumn 1, 2 och 3" in rows(board)[4]
    assert board.text("review-solver-answer").startswith("Lösaren, som ser varje kort")
    assert chances(board) == [38, 38, 38, 38, 38, 4]  # the figures themselves stay


@pytest.mark.usefixtures("one_step_a_task", "swedish_after")
def test_a_language_chosen_while_it_runs_rewrites_its_status_and_it_goes_on() -> None:
    board = table(seed_game(12))
    board.chrome.click("review-game")
    board.queue.run(1)
    translated.set_language("de")
    board.reviewer.retranslate()
    assert board.text("review-status") == (
        "Jede Stellung wird nach dem bewertet, was du damals sehen konntest…"
    )
    assert board.chrome.el("review-status").attrs["aria-busy"] == "true"
    board.chrome.click("review-stop")
    translated.set_language("sv")
    board.reviewer.retranslate()
    done = len(board.reviewer.reviewer.points)
    assert board.text("review-status") == f"Stoppad efter {done} av 13 ställningar."
    board.chrome.click("review-resume")
    board.queue.run(100_000)
    assert state(board) == "done" and len(chances(board)) == 13
