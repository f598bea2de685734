"""Where was it lost? (``panels.lost_finder``): asked first, the solver finds the last
position of the game's line from which the deal could still be won, and the player may go
back there: the same game, saved as such."""

from __future__ import annotations

from replay_table import ReplayTable, seed_game, table
from webapp.panels.lost_finder import found_text

from scorpion import Game
from scorpion.review import LostAt
from scorpion.session import Session

# The seed deal, dealt too early: lost two actions ago (after 4H>7 it could still be won).
DEALT_EARLY = "4H>7 deal 4D>3"


def looked(board: ReplayTable) -> None:
    """New game, then Where was it lost?, then Look."""
    board.finder.offer()
    assert board.shown("ng-lost")
    board.chrome.show_modal("new-game-dialog")
    board.chrome.click("ng-lost")
    assert board.chrome.open_dialogs() == ["new-game-dialog", "lost-dialog"]
    assert board.shown("lost-look") and not board.shown("lost-back")
    assert board.text("lost-status") == ""
    board.chrome.click("lost-look")
    assert not board.shown("lost-look")
    assert board.text("lost-status") == "Looking at every card…"
    assert board.chrome.el("lost-status").attrs["aria-busy"] == "true"


def test_it_finds_where_the_game_was_lost_and_goes_back_there() -> None:
    board = table(seed_game(DEALT_EARLY))
    game = board.state.game
    looked(board)
    board.queue.run()
    assert board.text("lost-status") == (
        "The deal could still be won 2 actions ago. Go back there? It stays this game."
    )
    assert "aria-busy" not in board.chrome.el("lost-status").attrs
    assert board.shown("lost-back")
    board.chrome.click("lost-back")
    assert board.chrome.open_dialogs() == []
    assert board.status() == "Back 2 actions: the deal can still be won from here."
    assert board.state.game.moves == game.moves[:1]
    assert board.saved_moves() == ["4H>7"]
    assert board.column(7)[-2:] == ["4H", "7S"]
    assert board.text("score") == "5"


def test_a_game_that_can_still_be_won_is_said_so() -> None:
    board = table(Game.new(3, moves="4C>1 5C>2 4H>5 AS>1"))  # looked at in a few slices
    before = board.stored()
    looked(board)
    board.queue.run()
    assert board.text("lost-status") == "This game can still be won from here."
    assert not board.shown("lost-back")
    assert board.stored() == before
    board.chrome.click("lost-cancel")
    assert board.chrome.open_dialogs() == ["new-game-dialog"]  # back to New game


def test_a_deal_lost_from_the_start_has_nowhere_to_go_back_to() -> None:
    board = table(Game.new(1, moves="deal"))
    looked(board)
    board.queue.run()
    assert board.text("lost-status") == "This deal could not be won even from the start."
    assert not board.shown("lost-back")


def test_what_is_said_of_each_finding() -> None:
    assert found_text(LostAt(None, 5)) == (
        "The solver found no way to win this deal, even from the start."
    )
    assert found_text(LostAt(4, 5, proved=True)) == (
        "The deal could still be won 1 action ago. Go back there? It stays this game."
    )


def test_closing_the_question_stops_the_search() -> None:
    board = table(seed_game(DEALT_EARLY))
    before = board.stored()
    looked(board)
    board.chrome.close("lost-dialog")  # Escape
    assert "aria-busy" not in board.chrome.el("lost-status").attrs
    board.queue.run()
    assert board.text("lost-status") == "Looking at every card…"  # no answer came
    assert board.stored() == before


def test_another_game_meanwhile_stops_the_search() -> None:
    board = table(seed_game(DEALT_EARLY))
    looked(board)
    board.state.session = Session(Game.new(2))  # another tab's game, say
    board.queue.run()
    assert "aria-busy" not in board.chrome.el("lost-status").attrs
    assert not board.shown("lost-back")


def test_another_game_after_the_answer_is_never_rewound() -> None:
    board = table(seed_game(DEALT_EARLY))
    looked(board)
    board.queue.run()
    other = Session(Game.new(2, moves="deal"))
    board.state.session = other
    board.chrome.click("lost-back")
    assert board.state.session is other and len(other.game.moves) == 1
    assert board.chrome.is_open("lost-dialog")


def test_a_game_not_in_progress_is_not_asked_about() -> None:
    board = table(Game.new(1), counted=False)
    board.finder.offer()
    assert not board.shown("ng-lost")
