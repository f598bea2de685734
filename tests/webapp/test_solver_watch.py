"""Watch the solver (``panels.solver_watch``): asked first, the solver looks in slices
between which the page goes on, then its line plays in the replay's bar from the player's
position; the player's game is saved as helped before the line is shown, and never again
until the replay closes."""

from __future__ import annotations

from replay_table import ReplayTable, seed_game, table
from webapp.panels.solver_watch import BUDGET_MS

from scorpion import Game
from scorpion.session import Session


def asked(board: ReplayTable) -> None:
    """New game, then Watch the solver…, then Watch."""
    board.solver.offer()
    assert board.shown("ng-solver")
    board.chrome.show_modal("new-game-dialog")
    board.chrome.click("ng-solver")
    assert board.chrome.open_dialogs() == ["new-game-dialog", "solver-dialog"]
    assert board.shown("solver-watch") and board.text("solver-status") == ""
    board.chrome.click("solver-watch")
    assert not board.shown("solver-watch")
    assert board.text("solver-status") == "Looking at every card…"
    assert board.chrome.el("solver-status").attrs["aria-busy"] == "true"


def test_the_solvers_line_plays_from_the_players_position_to_a_win() -> None:
    board = table(seed_game("4H>7"))
    asked(board)
    assert not board.state.replaying  # nothing shown before the answer
    board.queue.run()
    assert board.chrome.open_dialogs() == []
    assert "aria-busy" not in board.chrome.el("solver-status").attrs
    assert board.shown("replay-bar") and board.text("replay-title") == "The solver's line"
    assert board.chrome.root["replayIndex"] == "1"  # from the player's position
    total = int(board.text("replay-position").removeprefix("Move 1 of "))
    count = total - 1  # the moves from the player's position
    assert board.status() == f"The solver's line from here: {count} moves. Press Play to watch."
    saved = board.saved()  # saved as helped before the line is shown
    assert saved["current"]["assisted"] == ["solver_line"]
    assert saved["current"]["game"]["moves"] == ["4H>7"]
    before = board.stored()
    board.chrome.click("replay-play")
    board.page.run_timers(rounds=count)
    assert board.status().endswith("End of the replay: the game is won.")
    board.queue.run()
    board.keeper.flush()
    assert board.stored() == before
    board.chrome.click("replay-close")
    assert board.text("score") == "5"  # the player's game, after 4H>7
    assert board.column(7)[-2:] == ["4H", "7S"]
    assert board.stored() == before


def test_the_line_of_a_numbered_deal_replays_that_deal() -> None:
    board = table(Game.new(3), counted=False)
    asked(board)
    board.queue.run()
    assert board.state.replaying
    assert board.text("deal-line") == "Deal 3 · Classic"
    assert board.text("replay-position").startswith("At the deal, ")


def test_a_lost_game_is_said_and_nothing_is_shown() -> None:
    board = table(Game.new(1), counted=False)  # proved lost from the deal
    before = board.stored()
    asked(board)
    board.queue.run()
    assert board.text("solver-status") == (
        "The solver proved that this game cannot be won from here."
    )
    assert "aria-busy" not in board.chrome.el("solver-status").attrs
    assert board.chrome.is_open("solver-dialog") and not board.state.replaying
    assert board.stored() == before  # not helped: nothing was shown
    board.chrome.click("solver-cancel")
    assert board.chrome.open_dialogs() == ["new-game-dialog"]  # back to New game


def test_past_its_budget_it_says_it_found_nothing() -> None:
    board = table(Game.new(8), counted=False)  # takes the solver many slices
    asked(board)
    assert board.queue.run(rounds=1) == 1  # a slice, and the page goes on
    assert board.text("solver-status") == "Looking at every card…"
    board.page.advance(int(BUDGET_MS) + 1)
    board.queue.run()
    assert board.text("solver-status") == "The solver found no way to win from here."
    assert not board.state.replaying


def test_cancel_stops_the_search() -> None:
    board = table(Game.new(8), counted=False)
    before = board.stored()
    asked(board)
    board.chrome.click("solver-cancel")
    assert "aria-busy" not in board.chrome.el("solver-status").attrs
    assert board.queue.run() == 1  # the waiting slice finds nothing to do
    assert not board.state.replaying and board.stored() == before
    board.chrome.click("ng-solver")  # asked again: the question as new
    assert board.shown("solver-watch") and board.text("solver-status") == ""


def test_another_game_meanwhile_stops_the_search() -> None:
    board = table(seed_game("4H>7"))
    asked(board)
    board.state.session = Session(Game.new(2))  # another tab's game, say
    board.queue.run()
    assert not board.state.replaying
    assert "aria-busy" not in board.chrome.el("solver-status").attrs


def test_a_won_game_is_not_offered() -> None:
    board = table(seed_game(51))
    board.solver.offer()
    assert not board.shown("ng-solver")
