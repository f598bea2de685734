"""The controller's parts that need no page: the shared state's clock of play, and when
``AutoSave`` saves, says and paints (the play room on fakes: ``table_parts``)."""

from __future__ import annotations

import json

from fakes import FakeBoard
from table_parts import build
from webapp.page_texts import problem_text
from webapp.play.sizing import Sizing
from webapp.play.table_state import AWAY_MS, TableState, _now_ms

from scorpion import Game, Move
from scorpion.session import Session


def test_the_clock_of_play_caps_a_pause_and_stops_at_the_win() -> None:
    now = [1_000.0]
    state = TableState(Session(Game.new(3)), clock=lambda: now[0])
    assert state.elapsed() == 0  # the first action: the clock starts
    now[0] += 5_000
    assert state.play_time() == 5_000
    now[0] += 10 * AWAY_MS
    assert state.elapsed() == AWAY_MS  # the player was away: counted as the cap
    state.session.finished = True
    assert state.play_time() == state.session.elapsed_ms


def test_the_default_clock_runs_forward() -> None:
    assert _now_ms() <= _now_ms()


def test_the_pile_is_the_card_and_everything_above_it() -> None:
    state = TableState(Session(Game.new(3)))
    top = state.game.columns[6][-1][0]
    assert state.pile(top) == [top]
    assert state.pile("XX") == []


def test_a_burst_of_actions_is_one_save_and_the_words_once() -> None:
    table = build()
    table.settle()  # the boot's tasks
    written = []
    table.storage.setItem = lambda key, value: written.append(key)  # type: ignore[method-assign]
    for card in ("JD", "3C"):
        table.tap_card(card, pointerType="touch")
    assert table.queue.kinds() == ["background", "defer"]  # one save, one pass of words
    table.queue.run(rounds=1)
    assert written == [table.store.save_key]
    table.queue.run()
    assert written == [table.store.save_key, table.store.paint_key]  # the player paused


def test_a_tap_draws_and_speaks_and_leaves_the_rest_to_tasks_after_its_frame() -> None:
    table = build()
    table.settle()
    written: list[str] = []
    table.storage.setItem = lambda key, value: written.append(key)  # type: ignore[method-assign]
    description = table.text("board-description")
    table.tap_card("JD", pointerType="touch")  # one place to go: moved at once
    assert table.state.game.moves == (Move("JD", 6),) and table.text("score") == "5"
    assert table.status().startswith("Jack of diamonds")  # heard in the tap, as before
    assert written == [] and table.text("board-description") == description
    assert table.queue.kinds() == ["background", "defer"]
    table.queue.run(rounds=1)  # the frame painted, the page idle
    assert written == [table.store.save_key] and table.text("board-description") != description


def test_the_paint_snapshot_is_made_and_written_in_two_idle_tasks() -> None:
    table = build()
    table.settle()  # the boot's tasks: the first board's paint kept

    def painted_score() -> str:
        return str(json.loads(table.storage.items[table.store.paint_key])["texts"]["score"])

    table.tap_card("JD", pointerType="touch")
    table.queue.run(rounds=1)  # the words, the save
    assert table.queue.kinds() == ["idle"] and painted_score() == "0"
    table.queue.run(rounds=1)  # the player paused: nothing done yet but a task asked for
    assert table.queue.kinds() == ["background"] and painted_score() == "0"
    table.queue.run(rounds=1)  # the board's records
    assert table.queue.kinds() == ["background"] and painted_score() == "0"
    table.queue.run(rounds=1)  # the text written
    assert table.queue.kinds() == [] and painted_score() == "5"


def test_a_tap_between_the_paint_tasks_is_kept_by_the_hidden_page() -> None:
    table = build()
    table.settle()
    table.tap_card("JD", pointerType="touch")
    table.queue.run(rounds=3)  # the words and the save, the pause, the paint's records
    assert table.keeper.paint_made is not None  # made, not yet written
    table.tap_card("3C", pointerType="touch")  # a tap lands: its save waits for idle
    table.keeper.flush()  # the page is hidden before any task ran
    assert table.saved_game().moves == (Move("JD", 6), Move("3C", 6))
    painted = json.loads(table.storage.items[table.store.paint_key])
    assert painted["texts"]["score"] == table.text("score") == "10"
    table.settle()  # what was queued finds nothing older to write
    assert json.loads(table.storage.items[table.store.paint_key]) == painted
    assert table.saved().revision == 2 + 1  # the boot's save, the flush's; nothing since


def test_a_refused_save_is_said_once_until_saving_works_again() -> None:
    table = build()
    table.storage.full = True
    table.tap_card("JD", pointerType="touch")
    table.settle()
    quota = problem_text("quota")
    assert table.chrome.notice_shown() == quota
    table.chrome.click("notice-close")
    table.tap_card("3C", pointerType="touch")
    table.settle()
    assert table.chrome.notice_shown() is None  # said once: the game goes on in memory
    assert table.saved_game() == Game.new(42) and table.keeper.storage_problem == "quota"
    table.storage.full = False
    table.chrome.click("undo")
    table.settle()
    assert table.saved_game().moves == (Move("JD", 6),) and table.keeper.storage_problem is None
    table.storage.full = True
    table.chrome.click("redo")
    table.settle()
    assert table.chrome.notice_shown() == quota  # failing again: said again


def test_flush_keeps_the_words_the_save_and_the_paint_at_once() -> None:
    table = build()
    table.tap_card("JD", pointerType="touch")
    table.keeper.flush()  # the page is hidden
    assert table.saved_game().moves == (Move("JD", 6),)
    assert json.loads(table.storage.items[table.store.paint_key])["texts"]["score"] == "5"
    assert "jack of diamonds" in table.text("board-description").lower()
    table.queue.run()  # what was queued finds nothing left to do
    assert table.saved().revision == 2  # the boot's save, the flush; nothing since


def test_nothing_is_saved_while_a_replay_is_on_the_table() -> None:
    table = build()
    table.state.replaying = True
    table.play.deal()
    table.keeper.save()
    table.keeper.flush()
    table.settle()
    assert table.saved_game() == Game.new(42) and table.store.paint_key not in table.storage.items


def test_sizes_are_measured_again_only_on_a_resize() -> None:
    board = FakeBoard(room=5.0)
    sizing = Sizing(board)
    board.room = 3.0
    assert not sizing.fit(resized=False) and sizing.rooms[0] == 5.0
    assert sizing.fit(resized=True) and sizing.rooms[0] == 3.0
    board.card_width = 60.0
    assert sizing.fit(resized=True) and sizing.width == 60.0
    assert not sizing.fit(resized=True)


def test_a_paint_made_before_a_replay_opened_waits_for_the_players_board() -> None:
    table = build()
    table.settle()
    table.tap_card("JD", pointerType="touch")
    table.queue.run(rounds=3)  # the paint's records made
    before = table.storage.items[table.store.paint_key]
    table.state.replaying = True
    table.queue.run()  # its write finds a replay on the table
    assert table.storage.items[table.store.paint_key] == before and table.keeper.paint_stale
    table.state.replaying = False
    table.keeper.flush()
    assert json.loads(table.storage.items[table.store.paint_key])["texts"]["score"] == "5"
