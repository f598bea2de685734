"""A player's game on deal 42, through the events a browser would send (clicks, taps, drags,
keys) to the play room built as ``main`` builds it, on fakes of the page: what the board
shows, the score, ``#status``, and what is saved once the page's tasks have run.

Deal 42 (classic) opens with columns 1-7 showing, bottom to top:
AC 2C AS AD | 8C JD 2D 4C | 5C 6H AH 7H | 4H 7D KC TC | 4D 3H TD JC 4S 6C 7C |
3C 8H QH 9C KD 5D 6S | QC 9H JH QS 3S 9D QD, and JD may go onto QD (column 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fakes import FakeEvent, FakeNode
from table_parts import IN_TABLE, PlayTable, build
from webapp import translated
from webapp.play import announcer
from webapp.play.controls import typing_in
from webapp.urlparams import Linked

from scorpion import DEAL, Game, Move
from scorpion.session import Session, Settings

SEED = json.loads((Path(__file__).parent.parent / "fixtures" / "seed-deal.json").read_text())
COLUMN_2 = ["8C", "JD", "2D", "4C"]
COLUMN_7 = ["QC", "9H", "JH", "QS", "3S", "9D", "QD"]


@pytest.fixture
def table() -> PlayTable:
    return build()


def test_a_deal_opens_drawn_and_saved(table: PlayTable) -> None:
    assert table.board.column_cards(1) == COLUMN_2
    assert table.board.column_cards(6) == COLUMN_7
    assert table.text("score") == "0" and table.text("deal-line") == "Deal 42 · Classic"
    assert table.disabled("undo") and table.disabled("redo") and not table.disabled("deal-reserve")
    assert table.saved_game() == Game.new(42)
    assert table.chrome.el("finish").attrs["data-finish"] == "off"


def test_tap_a_card_then_a_column_moves_its_pile_and_it_is_saved(table: PlayTable) -> None:
    table.tap_card("JD")
    assert table.status() == "Jack of diamonds picked up. It can go onto column 7."
    assert table.board.lifted() == ["2D", "4C", "JD"] and table.board.targets == {6}
    table.tap_column(6)
    assert table.board.column_cards(1) == ["8C"]
    assert table.board.column_cards(6) == [*COLUMN_7, "JD", "2D", "4C"]
    assert table.status().startswith("Jack of diamonds from column 2 onto queen of diamonds")
    assert table.text("score") == "5" and not table.disabled("undo")
    assert table.board.lifted() == [] and table.board.targets == set()
    assert table.saved_game().moves == ()  # saved when the page is idle, not during the click
    table.settle()
    assert table.saved_game().moves == (Move("JD", 6),)
    assert table.asked_to_keep == 1  # a counted game: the browser is asked to keep the data
    # the words follow the frame: the columns' and cards' names, the board in words
    assert table.board.column_labels[6] == "column 7, 10 cards, top: 4 of clubs"
    assert "jack of diamonds" in table.text("board-description").lower()
    assert table.board.labels["QD"]  # every live card has its name
    assert table.chrome.root["inputMs"]  # the click to the next frame, for the benchmarks


def test_a_refused_move_says_the_rule_and_changes_nothing(table: PlayTable) -> None:
    table.tap_card("7H")
    table.tap_column(4)  # 7H onto 7C
    assert table.status() == "A card must go onto a card one rank higher"
    assert table.chrome.has_class("status", "refusal")
    assert table.board.column_cards(2) == ["5C", "6H", "AH", "7H"] and table.board.lifted() == []
    table.tap_card("AD")
    assert not table.chrome.has_class("status", "refusal")
    table.tap_column(6)
    assert table.chrome.announced.count("A card must go onto a card one rank higher") == 2
    table.settle()
    assert table.saved_game().moves == ()


def test_without_interactive_rules_a_refusal_is_silent() -> None:
    table = build(settings=Settings(interactive_rules=False))
    table.tap_card("7H")
    table.tap_column(4)
    assert table.status() == "" and table.board.column_cards(4)[-1] == "7C"


def test_a_card_with_no_place_says_so_and_a_tap_off_the_cards_puts_it_back(
    table: PlayTable,
) -> None:
    table.tap_card("AC")
    assert table.status() == "Ace of clubs picked up. No column takes this card now."
    table.click(FakeNode(id="table"), x=5000)  # nowhere near a column
    assert table.status() == "Put back." and table.board.lifted() == []
    table.click(FakeNode(id="table"), x=5000)  # nothing held: nothing said
    assert table.status() == "Put back."


def test_undo_takes_the_move_back_and_redo_plays_it_again(table: PlayTable) -> None:
    table.tap_card("JD")
    table.tap_column(6)
    table.chrome.click("undo")
    assert table.board.column_cards(1) == COLUMN_2 and table.board.column_cards(6) == COLUMN_7
    assert table.status() == "Move undone." and table.text("score") == "0"
    assert table.disabled("undo") and not table.disabled("redo") and not table.disabled("menu-redo")
    table.settle()
    saved = table.saved_game()
    assert saved.moves == () and saved.redo_moves == (Move("JD", 6),)
    table.chrome.click("menu-redo")  # Redo, from the phone's menu
    assert table.board.column_cards(6) == [*COLUMN_7, "JD", "2D", "4C"]
    assert table.status() == "Move redone." and table.disabled("redo")
    table.settle()
    assert table.saved_game().moves == (Move("JD", 6),)
    table.chrome.click("redo")  # nothing to redo: nothing changes, nothing said
    assert table.status() == "Move redone." and table.saved_game().moves == (Move("JD", 6),)


def test_the_reserve_deals_and_the_cards_turn_up(table: PlayTable) -> None:
    table.click(FakeNode(id="deal-reserve-card", inside=("#deal-reserve",)))
    assert table.disabled("deal-reserve") and table.state.game.reserve == ()
    assert table.board.column_cards(0)[-1] == Game.new(42, moves=[DEAL]).face_up(0)[-1]
    table.settle()
    assert table.saved_game().moves == (DEAL,)
    table.key("d")  # dealt already: the rule says so, and again (a live region's rewrite)
    table.key("d")
    refused = translated.refusal("reserve_dealt")
    assert table.status() == refused and table.chrome.announced[-2:] == (refused, refused)


def test_a_touch_tap_or_a_double_click_moves_a_card_with_one_place(table: PlayTable) -> None:
    table.tap_card("JD", pointerType="touch")
    assert table.board.column_cards(6)[-3:] == ["JD", "2D", "4C"]
    table.tap_card("3C", detail=2)  # the second click of a double-click
    assert table.board.column_cards(6)[-8:-5] == ["4C", "3C", "8H"]  # with its pile
    assert table.board.column_cards(5) == []
    # holding a pile, a double-click on it sends it to its one place
    fresh = build()
    fresh.tap_card("9C")
    fresh.tap_card("9C", detail=2)
    assert fresh.board.column_cards(3)[-5:] == ["TC", "9C", "KD", "5D", "6S"]


def test_holding_a_pile_a_tap_on_another_card_of_its_column_picks_that_one(
    table: PlayTable,
) -> None:
    table.tap_card("JD")
    table.tap_card("4C")
    assert table.board.lifted() == ["4C"]
    table.tap_card("4C")  # the same card again: put back
    assert table.board.lifted() == [] and table.status() == "Put back."


def test_a_tap_on_a_card_gliding_over_another_column_means_the_column_under_it(
    table: PlayTable,
) -> None:
    table.tap_card("JD")
    # QD seen over column 5 (still gliding): with a pile held the tap means column 5
    table.click(FakeNode(card="QD", inside=IN_TABLE), x=table.board.column_centres()[4])
    assert table.status() == "A card must go onto a card one rank higher"
    table.tap_card("JD")
    # a click that ended on the tableau itself (pressed and released on two elements)
    table.click(FakeNode(id="tableau"), x=table.board.column_centres()[6])
    assert table.board.column_cards(6)[-1] == "4C"


def test_a_card_pressed_then_covered_by_a_gliding_card_is_the_one_tapped(
    table: PlayTable,
) -> None:
    """Pressed on a card, released on another gliding in over it: the click goes to the
    tableau, and the tap still picks up the card pressed (where the pointer was let go,
    with nothing held, means nothing)."""
    chrome, board = table.chrome, table.board
    x2 = board.column_centres()[1]
    chrome.fire("table", "pointerdown", FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE)))
    chrome.fire("document", "pointerup", FakeEvent(clientX=x2, clientY=100))
    table.click(FakeNode(id="tableau"), x=x2)
    assert board.lifted() == ["2D", "4C", "JD"]
    # holding it, a press on QD and a release on a card gliding over it: column 7
    x7 = board.column_centres()[6]
    chrome.fire("table", "pointerdown", FakeEvent(target=FakeNode(card="QD", inside=IN_TABLE)))
    chrome.fire("document", "pointerup", FakeEvent(clientX=x7, clientY=100))
    table.click(FakeNode(id="tableau"), x=x7)
    assert board.column_cards(6)[-3:] == ["JD", "2D", "4C"]
    # a press is used once: the next click lost between two elements means the column
    table.click(FakeNode(id="tableau"), x=board.column_centres()[3])
    assert board.lifted() == []


def test_dragging_a_pile_onto_a_column_plays_it(table: PlayTable) -> None:
    chrome, board = table.chrome, table.board
    x2, x7 = board.column_centres()[1], board.column_centres()[6]
    down = FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE), clientX=x2, clientY=100)
    chrome.fire("table", "pointerdown", down)
    assert down.prevented  # no focus on press
    chrome.fire("document", "pointermove", FakeEvent(clientX=x2 + 3, clientY=101))
    assert board.dragging is None  # a few pixels: still a tap
    chrome.fire("document", "pointermove", FakeEvent(clientX=x2 + 3, clientY=101, pointerId=2))
    chrome.fire("document", "pointermove", FakeEvent(clientX=x7, clientY=120))
    assert board.dragging == 1 and board.lifted() == ["2D", "4C", "JD"] and board.targets == {6}
    assert board.dragged == (x7 - x2, 20) and table.status() == ""  # silently
    chrome.fire("document", "pointerup", FakeEvent(clientX=x7 + 10, clientY=120, timeStamp=5))
    assert board.dragging is None and board.column_cards(6)[-3:] == ["JD", "2D", "4C"]
    said = table.status()
    table.click(FakeNode(card="4C", inside=IN_TABLE), x=x7)  # the click a drag ends with
    assert table.status() == said and board.lifted() == []
    table.settle()
    assert table.saved_game().moves == (Move("JD", 6),)


def test_a_drag_dropped_back_or_cancelled_changes_nothing(table: PlayTable) -> None:
    chrome, board = table.chrome, table.board
    x2 = board.column_centres()[1]
    for end in ("pointerup", "pointercancel"):
        press = FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE), clientX=x2, clientY=50)
        chrome.fire("table", "pointerdown", press)
        chrome.fire("document", "pointermove", FakeEvent(clientX=x2 + 40, clientY=90))
        assert board.dragging == 1
        chrome.fire("document", end, FakeEvent(clientX=x2 + 40, clientY=90))
        assert board.dragging is None and board.lifted() == []
        assert board.column_cards(1) == COLUMN_2
    chrome.fire("document", "pointercancel", FakeEvent())  # nothing pressed: nothing to do
    table.settle()
    assert table.saved_game().moves == ()


def test_presses_that_are_no_drag(table: PlayTable) -> None:
    chrome, board = table.chrome, table.board
    x2 = board.column_centres()[1]
    for press in (
        FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE), button=2),  # right button
        FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE), isPrimary=False),
        FakeEvent(target=FakeNode(column=2, inside=IN_TABLE)),  # a column, no card
    ):
        chrome.fire("table", "pointerdown", press)
        chrome.fire("document", "pointermove", FakeEvent(clientX=x2 + 200, clientY=200))
        chrome.fire("document", "pointerup", FakeEvent(clientX=x2 + 200, clientY=200))
        assert board.dragging is None and board.column_cards(1) == COLUMN_2
    # pressed and released in place: the click that follows is a tap
    chrome.fire("table", "pointerdown", FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE)))
    chrome.fire("document", "pointerup", FakeEvent())
    table.tap_card("JD")
    assert board.lifted() == ["2D", "4C", "JD"]


def test_keyboard_play_picks_up_moves_and_keeps_the_focus_on_the_table(table: PlayTable) -> None:
    board = table.board
    event = table.key("ArrowRight")  # the focus on nothing: into the table
    assert board.focused == "AD" and event.prevented
    on = FakeNode(card="AD", inside=IN_TABLE)
    table.key("ArrowRight", on)
    assert board.focused == "4C"
    table.key("ArrowUp", on)
    table.key("ArrowUp", on)
    assert board.focused == "JD"
    table.key("Enter", on)
    assert table.status().startswith("Jack of diamonds picked up.")
    for _ in range(5):
        table.key("ArrowRight", on)
    assert board.focused == "QD"
    table.key(" ", on)  # Space drops it there
    assert board.column_cards(6)[-3:] == ["JD", "2D", "4C"]
    assert board.focused == "4C"  # the moved pile's top
    table.key("ArrowLeft", on)
    table.key("ArrowLeft", on)
    table.key("ArrowLeft", on)
    table.key("ArrowLeft", on)
    table.key("ArrowLeft", on)
    assert board.focused == "8C"
    table.key("z", on, ctrlKey=True)  # undo
    assert board.column_cards(1) == COLUMN_2 and board.focused == "8C"  # the cursor kept
    table.key("Z", on, ctrlKey=True, shiftKey=True)  # redo
    assert board.column_cards(1) == ["8C"]
    table.settle()
    assert table.saved_game().moves == (Move("JD", 6),)


def test_keyboard_enter_on_the_held_column_lets_go_or_picks_another(table: PlayTable) -> None:
    on = FakeNode(card="AD", inside=IN_TABLE)
    table.key("ArrowRight")
    table.key("ArrowRight", on)  # column 2, on 4C
    table.key("ArrowUp", on)  # 2D
    table.key("Enter", on)
    assert table.board.lifted() == ["2D", "4C"]
    table.key("ArrowDown", on)  # 4C: another card of the held column
    table.key("Enter", on)
    assert table.board.lifted() == ["4C"]
    table.key("Enter", on)  # the held card itself: put back
    assert table.board.lifted() == [] and table.status() == "Put back."
    table.key("Enter", on)
    table.key("Escape", on)
    assert table.board.lifted() == [] and table.status() == "Put back."


def test_keys_the_table_leaves_alone(table: PlayTable) -> None:
    button = FakeNode(id="undo", tag="BUTTON")
    assert not table.key("Enter", button).prevented  # Enter belongs to the focused button
    assert not table.key("ArrowLeft", button).prevented  # arrows too, off the table
    assert not table.key("q").prevented  # no game key
    assert not table.key("d", FakeNode(tag="INPUT", type="text")).prevented  # typing
    table.chrome.show_modal("settings-dialog")
    assert not table.key("d").prevented  # a dialog is open
    table.chrome.close("settings-dialog")
    table.state.ready = False
    assert not table.key("d").prevented  # not ready yet
    table.state.ready = True
    assert table.key("d", FakeNode(tag="INPUT", type="checkbox")).prevented  # no text here
    assert table.state.game.reserve == ()


def test_typing_in_text_fields_and_menus() -> None:
    assert typing_in(FakeNode(tag="TEXTAREA")) and typing_in(FakeNode(tag="SELECT"))
    assert typing_in(FakeNode(tag="INPUT", type="number"))
    assert not typing_in(FakeNode(tag="INPUT", type="radio"))
    editable = FakeNode()
    editable.isContentEditable = True  # type: ignore[attr-defined]
    assert typing_in(editable) and not typing_in(FakeNode(tag="BUTTON"))


def test_the_toolbar_and_its_keys(table: PlayTable) -> None:
    for button in ("new-game", "share", "rules"):
        table.chrome.click(button)
    assert table.ran == ["share", "rules"]
    assert table.status().startswith("New game: deal ")
    table.key("b")
    assert table.status() == translated.board(table.state.game)
    table.key("n")
    assert table.status().startswith("New game: deal ")


def test_a_resize_moves_only_what_moved(table: PlayTable) -> None:
    board = table.board
    updates = board.updates
    table.chrome.fire("window", "resize")
    assert board.updates == updates  # the same size: nothing drawn
    board.room = 3.0  # a shorter window
    table.chrome.fire("window", "resize")
    assert board.updates == updates + 1 and board.depth > 3.0  # column 5 reaches lower: scrolls


def test_focus_by_tab_follows_into_the_table(table: PlayTable) -> None:
    card = FakeNode(card="2D", inside=IN_TABLE)
    table.chrome.fire("table", "focusin", FakeEvent(target=card))
    assert table.board.roving == ("card", None)
    assert table.state.cursor.column == 1 and table.state.cursor.index == 2
    table.chrome.fire("table", "focusin", FakeEvent(target=FakeNode(id="score")))
    assert table.state.cursor.column == 1  # not a column: the cursor stays
    table.key("Enter", card)
    assert table.board.lifted() == ["2D", "4C"]


def test_a_win_opens_the_win_dialog_once_painted() -> None:
    line = [Move.parse(move) for move in SEED["winning_line"]]
    session = Session(Game.from_deck(SEED["deck"], moves=line[:-1]))
    table = build(session)
    last = line[-1]
    assert isinstance(last, Move)
    table.tap_card(last.card)
    table.tap_column(last.to)
    assert table.state.game.won and table.won == []
    table.settle()
    assert table.won == [SEED["winning_score"]]
    assert table.saved().session is not None and table.saved().session.finished
    table.chrome.click("undo")
    table.chrome.click("redo")  # won again by a redo: the dialog again
    table.settle()
    assert table.won == [SEED["winning_score"]] * 2


def test_new_game_restart_and_a_linked_game(table: PlayTable) -> None:
    table.tap_card("JD")
    table.tap_column(6)
    table.play.new_game(7, "relaxed", winnable=True)
    assert table.status() == "New game: deal 7, proven winnable."
    assert table.text("deal-line") == "Deal 7 · Relaxed" and table.board.dealt_in == 1
    table.settle()
    assert table.saved_game() == Game.new(7, "relaxed")
    assert table.saved().session is not None and table.saved().session.stats["classic"].played
    table.play.new_game(9, "classic", said="Today's deal.")
    assert table.status() == "Today's deal."
    table.tap_card(Game.new(9).legal_moves()[0].card)  # type: ignore[union-attr]
    table.play.restart()
    assert table.status() == "The deal starts again." and table.board.lifted() == []
    table.state.keyboard = True  # a keyboard player keeps the focus on the table
    table.play.play_linked(Linked("classic", deal=42))
    assert table.status() == "New game: deal 42." and table.board.focused == "AD"
    table.play.play_linked(Linked("classic", deck=tuple(SEED["deck"])))
    assert table.status() == "New game from a shared deck."
    assert table.text("deal-line") == "Custom deal · Classic"


def test_the_timer_shows_play_time_when_on() -> None:
    table = build(settings=Settings(timer=True))
    table.page.advance(9_000)  # looking at the deal: the clock starts at the first action
    table.tap_card("JD", pointerType="touch")
    table.page.advance(65_000)
    table.tap_card("3C", pointerType="touch")
    table.page.advance(3_000)
    table.screen.show_time()
    assert table.text("timer-value") == "1:08"


def test_the_paint_snapshot_is_kept_once_the_player_pauses(table: PlayTable) -> None:
    table.tap_card("JD")
    table.tap_column(6)
    paint_key = table.store.paint_key
    table.queue.run(rounds=1)  # the words and the save, not the pause yet
    assert paint_key not in table.storage.items or table.queue.kinds() == ["idle"]
    table.settle()
    painted = json.loads(table.storage.items[paint_key])
    assert painted["texts"]["score"] == "5"


def test_a_card_label_memo_is_bounded(table: PlayTable, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(announcer, "LABEL_MEMO", 10)
    labels = table.speech.card_labels()
    assert len(table.speech.labels) > 10
    assert table.speech.card_labels() == labels  # computed again, the same


def test_a_replay_on_the_table_takes_no_moves_and_its_keys_go_to_its_bar(table: PlayTable) -> None:
    table.state.replaying = True
    table.screen.update_texts()
    assert table.disabled("undo") and table.disabled("redo") and table.disabled("deal-reserve")
    table.tap_card("JD")
    press = FakeEvent(target=FakeNode(card="JD", inside=IN_TABLE))
    table.chrome.fire("table", "pointerdown", press)
    assert table.board.lifted() == [] and not press.prevented
    assert table.key("ArrowRight").prevented  # the replay's step forward
    assert not table.key("x").prevented  # not the replay's
    assert not table.key(" ", FakeNode(tag="BUTTON")).prevented  # Space presses the button
    assert table.replay_keys == ["ArrowRight", "x"]
    assert table.board.column_cards(1) == COLUMN_2


def test_a_card_not_face_up_is_not_picked_up(table: PlayTable) -> None:
    table.play.select("KH")  # face down in deal 42
    table.play.begin_drag("KH")
    assert table.board.lifted() == [] and table.status() == ""
    table.focus.after(DEAL)  # a deal leaves the cursor where it was
    assert table.state.cursor.column == 0
