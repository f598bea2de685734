"""The Hint and Finish buttons on the table: the solver thinks in slices (the page's tasks,
run here by ``settle``), the answer is said and shown, and a finish plays its line as
moves at a steady pace until the game is won, or a key or press stops it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fakes import FakeEvent, FakeNode
from positions import stuck_game
from table_parts import PlayTable, build
from webapp.play import hint_button
from webapp.play.hint_search import Answer

from scorpion import Game, Move
from scorpion.session import Session, Settings

SEED = json.loads((Path(__file__).parent.parent / "fixtures" / "seed-deal.json").read_text())
LINE = [Move.parse(move) for move in SEED["winning_line"]]
READY = 47  # after LINE[:47] every card is face up and the reserve is dealt


def seed_table(moves: int, settings: Settings | None = None) -> PlayTable:
    return build(Session(Game.from_deck(SEED["deck"], moves=LINE[:moves]), settings or Settings()))


def think(table: PlayTable) -> None:
    """Until the solver has answered (its slices queue one another)."""
    for _ in range(200):
        if not table.queue.kept:
            return
        table.queue.run(rounds=100)
    raise AssertionError("the solver never answered")


# --- Hint ------------------------------------------------------------------------------------


def test_a_hint_shows_the_move_and_the_chance_and_a_second_pick_plays_it() -> None:
    table = seed_table(len(LINE) - 1)
    table.settle()
    table.chrome.click("hint")
    assert table.chrome.has_class("hint", "thinking")
    assert table.chrome.el("hint").attrs["aria-busy"] == "true"
    table.chrome.click("hint")  # already thinking: one search
    think(table)
    hinted = table.state.hinted
    assert hinted is not None
    assert not table.chrome.has_class("hint", "thinking") and "aria-busy" not in (
        table.chrome.el("hint").attrs
    )
    assert table.status().startswith("Hint: ")
    assert table.status().endswith(
        "Every possible arrangement of the hidden cards can be won from here."
    )
    assert hinted.card in table.board.lifted() and table.board.targets == {hinted.to}
    saved = table.saved().session
    assert saved is not None and saved.assisted == frozenset({"hint"})  # saved at once
    table.tap_card(hinted.card)  # picked again: the hint is played
    assert table.state.game.won
    table.settle()
    assert table.won == [SEED["winning_score"]]


def test_a_hint_by_keyboard_played_with_enter() -> None:
    table = seed_table(len(LINE) - 1)
    table.key("h")
    think(table)
    hinted = table.state.hinted
    assert hinted is not None
    card = FakeNode(card=hinted.card, inside=("#tableau",))
    table.chrome.fire("table", "focusin", FakeEvent(target=card))  # tabbed to it
    table.key("Enter", card)
    assert table.state.game.won


def test_a_hint_for_a_table_the_player_left_is_dropped() -> None:
    table = build()
    table.chrome.click("hint")
    table.tap_card("JD", pointerType="touch")  # moved on before the first slice
    think(table)
    assert not table.chrome.has_class("hint", "thinking")
    assert not table.status().startswith("Hint") and table.state.session.assisted == frozenset()
    table.chrome.click("hint")
    table.play.new_game(5, "classic")  # a new game cancels the search at once
    assert not table.chrome.has_class("hint", "thinking")
    think(table)
    assert table.status() == "New game: deal 5."


def test_a_stuck_game_says_so_and_how_far_back() -> None:
    table = build(Session(stuck_game()))
    table.chrome.click("hint")
    think(table)
    assert table.status().startswith("Every move here only moves face-up cards back and forth")


def test_when_the_solver_finds_no_move_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoMove:
        def __init__(self, game: Game) -> None:
            self.table = game

        def stale(self, game: Game) -> bool:
            return game is not self.table

        def step(self) -> Answer:
            return Answer(None)

    monkeypatch.setattr(hint_button, "HintSearch", NoMove)
    table = build()
    table.chrome.click("hint")
    think(table)
    assert table.status() == "No move is possible. Undo, or start a new game."


# --- Finish ----------------------------------------------------------------------------------


def stage(table: PlayTable) -> str:
    return table.chrome.el("finish").attrs["data-finish"]


def offered(moves: int = READY) -> PlayTable:
    table = seed_table(moves, Settings(offer_finish=True))
    assert stage(table) == "searching" and table.chrome.el("finish").hidden
    think(table)
    assert stage(table) == "offered" and not table.chrome.el("finish").hidden
    return table


def test_the_finish_plays_its_line_to_the_win_at_a_steady_pace() -> None:
    table = offered()
    table.chrome.click("finish")
    assert stage(table) == "playing" and table.chrome.el("finish").hidden
    assert table.status() == "Finishing the game. Press any key or tap to stop."
    assert table.page.timers[0][0] == 420  # cards glide: a pace the eye can follow
    played = 0
    while table.page.timers and played < 100:
        _ms, step = table.page.timers.pop(0)
        step()
        played += 1
    assert table.state.game.won and stage(table) == "off"
    table.settle()
    assert table.won == [table.state.game.score]
    saved = table.saved().session
    assert saved is not None and saved.finished and "auto_finish" in saved.assisted


def test_a_key_or_a_press_stops_the_finish_and_offers_the_rest() -> None:
    table = offered()
    table.board.set_animations(False)
    table.chrome.click("finish")
    assert table.page.timers[0][0] == 120  # no animation: a quick pace
    table.page.timers.pop(0)[1]()
    one = len(table.state.game.moves)
    assert one == READY + 1
    table.key("Shift")  # any key
    assert table.status() == "Finish stopped." and stage(table) == "offered"
    table.page.run_timers()  # the step that was due finds the finish stopped
    assert len(table.state.game.moves) == one
    table.chrome.click("finish")
    table.chrome.fire("document", "pointerdown", FakeEvent(target=FakeNode(id="score")))
    assert table.status() == "Finish stopped."
    table.chrome.fire("document", "pointerdown", FakeEvent(target=FakeNode(id="score")))
    assert table.status() == "Finish stopped."  # nothing running: nothing said


def test_a_finish_ends_when_the_player_changes_the_table_meanwhile() -> None:
    table = offered()
    table.chrome.click("finish")
    table.page.timers.pop(0)[1]()
    table.play.undo()  # (a click on Undo would stop it first)
    table.page.run_timers()
    assert stage(table) in ("searching", "offered") and table.finisher.running is None
    table.chrome.click("finish")
    table.chrome.click("finish")  # already playing: nothing more
    table.tap_card(table.state.game.face_up(0)[-1])  # a pile held
    table.page.run_timers()
    assert table.finisher.running is None


def test_the_offer_follows_a_move_played_by_hand_and_goes_with_the_setting() -> None:
    table = offered()
    first = table.finisher.offer.line[0]  # type: ignore[union-attr]
    assert isinstance(first, Move)
    table.play.play(first)
    assert stage(table) == "offered"  # the rest of the line, at once
    table.play.undo()
    table.play.undo()
    assert stage(table) == "off"  # a card hidden again, the reserve back
    table.play.redo()
    think(table)
    assert stage(table) == "offered"
    table.state.session.with_settings(offer_finish=False)
    table.play.on_changed()
    assert stage(table) == "off" and table.chrome.el("finish").hidden


def test_a_stale_search_looks_again_and_a_replay_is_never_finished() -> None:
    table = seed_table(READY, Settings(offer_finish=True))
    table.queue.run(rounds=1)  # the search started
    other = next(m for m in table.state.game.legal_moves() if m != LINE[READY])
    table.state.session.play(other)  # the table moved under the search, unseen
    think(table)
    assert stage(table) in ("offered", "none")
    table.state.replaying = True
    table.chrome.click("finish")
    table.play.on_changed()
    assert table.finisher.running is None


def test_a_position_with_no_line_is_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from webapp.play import finish_button

    class NoLine:
        def __init__(self, game: Game) -> None:
            self.table, self.moves = game, game.moves

        def stale(self, game: Game) -> bool:
            return game is not self.table or game.moves != self.moves

        def step(self) -> tuple[bool, None]:
            return True, None

    monkeypatch.setattr(finish_button, "FinishSearch", NoLine)
    table = seed_table(READY, Settings(offer_finish=True))
    think(table)
    assert stage(table) == "none"
    table.play.on_changed()
    assert stage(table) == "none" and not table.queue.kept  # not searched again
