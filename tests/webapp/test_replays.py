"""Replays in the browser layer, without a page: the link read, a bad link's notice in
each language, the bar's texts, and a replay on the table (``panels.replayer``): what the
bar and the board show as it steps and plays, and that the saved game is untouched until
Play from here."""

from __future__ import annotations

from typing import Any

import pytest
from replay_table import SEED_LINE, SEED_REPLAY, ReplayTable, seed_game, table
from webapp import translated
from webapp.boot.startup import open_game
from webapp.events import Events
from webapp.page.storage import Store
from webapp.page_texts import replay_problem_text
from webapp.panels.replayer import SPEEDS, position_text, speed_text
from webapp.panels.toolbar import Toolbar
from webapp.play.autosave import AutoSave, Timing
from webapp.play.table_state import TableState
from webapp.urlparams import read_query, replay_query, without_game

from scorpion import DEAL, UNDO_LIMIT, Game
from scorpion.i18n import LANGUAGES
from scorpion.replay import Replay
from scorpion.session import Session

TEXT = Replay("classic", "deal 2H>6", deal=1).encode()


def test_a_replay_link_is_read_and_cleaned_from_the_address() -> None:
    start = read_query(replay_query(TEXT) + "&deal=5&lang=sv")
    assert (start.replay, start.deal, start.lang) == (TEXT, None, "sv")
    assert without_game(replay_query(TEXT) + "&lang=sv") == "?lang=sv"


def test_opening_a_replay_keeps_the_players_game() -> None:
    opening = open_game(Store(None), replay_query(TEXT), ["en"])
    assert opening.replay == Replay("classic", "deal 2H>6", deal=1)
    assert opening.notices == [] and opening.ask is None


@pytest.mark.parametrize("bad", ["", "2AAAA", TEXT[:-1] + "A", "1" + "A" * 9000])
def test_a_bad_replay_link_is_a_notice_and_the_game_opens_as_usual(bad: str) -> None:
    opening = open_game(Store(None), "?replay=" + bad, ["en"])
    assert opening.replay is None
    assert len(opening.notices) == 1
    assert opening.notices[0].startswith("This replay link cannot be played:")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", ["long", "version", "checksum", "line"])
def test_every_notice_and_bar_text_is_translated(lang: str, reason: str) -> None:
    translated.set_language(lang)
    try:
        said = [replay_problem_text(reason), position_text(0, 5), position_text(3, 5)]
        if lang != "en":
            translated.set_language("en")
            english = [replay_problem_text(reason), position_text(0, 5), position_text(3, 5)]
            assert not set(said) & set(english)
    finally:
        translated.set_language("en")


def test_the_bar_texts() -> None:
    assert position_text(0, 51) == "At the deal, 51 moves to go"
    assert position_text(12, 51) == "Move 12 of 51"
    assert [speed_text(s) for s in SPEEDS] == ["0.5×", "1×", "2×", "4×"]


class Saves:
    def __init__(self) -> None:
        self.saved = 0
        self.painted = 0
        self.conflict = None
        self.aside = None

    def save(self, session: Session, replace: bool = False) -> str:
        self.saved += 1
        return "saved"

    def save_paint(self, snapshot: Any) -> None:
        self.painted += 1


class FakeActuator:
    def grow(self) -> bool:
        return False

    def paint_snapshot(self) -> dict[str, Any]:
        return {}


class FakeAnnouncer:
    def update_words(self) -> None:
        pass


def test_nothing_is_saved_while_a_replay_is_on_the_table() -> None:
    store = Saves()
    state = TableState(Session(Game.new(5)))
    state.session.play(DEAL)
    keeper = AutoSave(
        store, state, FakeActuator(), FakeAnnouncer(), Timing(*(lambda fn: fn(),) * 4),  # type: ignore[arg-type]
        Events(),
    )  # fmt: skip
    state.replaying = True
    keeper.after_frame(save=True)
    keeper.save()
    keeper.paint_stale = True
    keeper.flush()
    assert (store.saved, store.painted) == (0, 0)
    state.replaying = False
    keeper.flush()
    assert (store.saved, store.painted) == (0, 1)  # the paint waited; the save is asked
    keeper.after_frame(save=True)
    assert store.saved == 1


# --- the replay on the table, with its bar ---------------------------------------------------


def watching(own: Game | None = None) -> ReplayTable:
    """The player's own game (deal 1, its reserve dealt) saved, and the seed deal's
    winning line opened over it, as a ``?replay=`` link opens it."""
    board = table(own)
    board.replayer.open(SEED_REPLAY)
    return board


def test_a_replay_opens_over_the_players_game_paused_at_the_deal() -> None:
    board = table()
    before = board.stored()
    assert board.text("deal-line") == "Deal 1 · Classic"
    board.replayer.open(SEED_REPLAY)
    assert board.shown("replay-bar") and board.chrome.root_has_class("replaying")
    assert board.text("replay-title") == "Replay"
    assert board.text("replay-position") == "At the deal, 51 moves to go"
    assert board.chrome.root == {"replayIndex": "0", "replayPlaying": "0"}
    assert board.status() == "Replay of a game: 51 moves. Press Play to watch."
    assert board.chrome.focused == "replay-play"
    play = board.chrome.el("replay-play").attrs
    assert (play["aria-label"], play["aria-pressed"]) == ("Play", "false")
    assert (board.text("replay-speed"), board.chrome.el("replay-speed").attrs["aria-label"]) == (
        "1×",
        "Speed 1×",
    )
    # the seed deal on the table, not the player's deal 1; the table takes no moves
    assert board.column(2) == ["QH", "3C", "4H", "7S"]
    assert board.text("deal-line") == "Custom deal · Classic"
    assert not board.enabled("replay-back") and board.enabled("replay-forward")
    assert not board.enabled("hint") and not board.enabled("undo")
    assert board.stored() == before


def test_stepping_moves_the_cards_and_says_each_move() -> None:
    board = watching()
    board.chrome.click("replay-forward")
    assert board.text("replay-position") == "Move 1 of 51"
    assert board.chrome.root["replayIndex"] == "1"
    assert board.column(7)[-2:] == ["4H", "7S"] and board.column(2) == ["QH", "3C"]
    assert board.text("score") == "5"
    assert board.status() != "" and board.enabled("replay-back")
    assert not board.enabled("undo")  # the replay's bar steps, not Undo
    assert board.replayer.key("ArrowLeft")
    assert board.text("replay-position") == "At the deal, 51 moves to go"
    assert board.status() == "One move back."
    assert board.column(2) == ["QH", "3C", "4H", "7S"]
    assert not board.enabled("replay-back")
    board.chrome.click("replay-back")  # disabled at the deal: nothing
    assert board.chrome.root["replayIndex"] == "0"
    assert not board.replayer.step(-1)  # and by key, still nothing
    assert board.replayer.key("ArrowRight") and board.replayer.key("ArrowRight")
    assert board.text("replay-position") == "Move 2 of 51"


# Deal 1, relaxed: 102 actions, cards shuttled between columns.
LONG_LINE = (
    "AD>2 2D>6 deal AC>1 8H>2 4C>2 3D>7 7S>4 6D>4 2D>7 6D>3 2D>3 QH>6 6D>4 JH>5 6D>3 4D>2 "
    "6D>4 2S>7 3D>2 3S>7 JH>4 6D>3 JC>5 6D>7 QS>2 6S>3 6D>2 3C>2 5C>3 7C>1 5H>3 TH>2 6S>1 "
    "TH>1 TC>2 KC>7 KH>6 9D>2 7S>2 4C>1 9H>4 7S>6 4C>6 7C>2 4S>2 7S>1 7S>6 9D>4 JH>7 6C>3 "
    "JS>6 8C>2 7C>1 9H>6 7D>6 9D>2 9C>4 9C>6 KC>5 KC>7 KH>5 5D>2 9D>4 TC>3 TC>5 TD>3 QS>4 "
    "KC>6 KH>7 9D>4 9C>3 KC>5 9D>4 KH>6 QC>6 4S>2 KD>7 5H>3 4C>3 4S>5 9H>6 QC>4 9H>7 5S>7 "
    "QD>6 9H>6 JD>4 KD>3 KH>7 KC>6 4S>2 KS>5 9C>3 KD>4 9C>5 KD>3 4D>7 4D>1 9C>3 KH>4 4S>4"
)


def test_a_step_back_past_the_undo_history_replays_from_the_deal() -> None:
    replay = Replay("relaxed", LONG_LINE, deal=1)
    assert len(replay.line) == 102 > UNDO_LIMIT
    board = table()
    board.replayer.open(replay, at=102)
    for _ in range(UNDO_LIMIT + 1):  # the last step back is past what the game can undo
        board.replayer.back()
    assert board.text("replay-position") == "Move 1 of 102"
    assert board.state.game == replay.game(1)
    assert board.column(2)[-1] == "AD"  # AD>2, drawn


def test_play_runs_on_at_its_pace_and_pause_drops_the_waiting_step() -> None:
    board = watching()
    page = board.page
    board.chrome.click("replay-play")
    play = board.chrome.el("replay-play").attrs
    assert (play["aria-label"], play["aria-pressed"]) == ("Pause", "true")
    assert board.chrome.root["replayPlaying"] == "1"
    assert [ms for ms, _fn in page.timers] == [1000.0]  # one action a second at 1x
    page.run_timers(rounds=3)
    assert board.chrome.root["replayIndex"] == "3"
    assert board.status() == "Replay of a game: 51 moves. Press Play to watch."  # not each move
    board.chrome.click("replay-speed")  # 2x: the waiting step is dropped, the next comes sooner
    assert board.text("replay-speed") == "2×"
    assert board.chrome.el("replay-speed").attrs["aria-label"] == "Speed 2×"
    assert sorted(ms for ms, _fn in page.timers) == [500.0, 1000.0]
    page.run_timers(rounds=1)
    assert board.chrome.root["replayIndex"] == "4"
    assert board.chrome.root["replayDropped"] == "1"
    assert board.replayer.key(" ")  # pause
    assert board.status() == "Paused."
    assert board.chrome.el("replay-play").attrs["aria-pressed"] == "false"
    assert board.chrome.root["replayPlaying"] == "0"
    page.run_timers()  # the step that was waiting arrives, and is dropped unplayed
    assert board.chrome.root["replayIndex"] == "4"
    assert board.chrome.root["replayDropped"] == "2"


def test_the_speed_goes_round() -> None:
    board = watching()
    for expected in ("2×", "4×", "0.5×", "1×", "2×"):
        assert board.replayer.key("s")
        assert board.text("replay-speed") == expected
    board.replayer.key("S")
    board.chrome.click("replay-play")
    assert [ms for ms, _fn in board.page.timers] == [250.0]


def test_played_to_the_end_the_game_is_won_and_play_starts_it_again() -> None:
    board = watching()
    for _ in range(50):
        board.replayer.key("ArrowRight")
    assert board.text("replay-position") == "Move 50 of 51"
    board.chrome.click("replay-play")
    board.page.run_timers()
    assert board.chrome.root["replayIndex"] == "51"
    assert board.status().endswith("End of the replay: the game is won.")
    assert board.state.game.won
    assert board.chrome.el("replay-play").attrs["aria-pressed"] == "false"
    assert not board.enabled("replay-forward")
    assert not board.replayer.step(1)  # nothing after the end
    assert "win-dialog" not in board.chrome.open_dialogs()
    board.chrome.click("replay-play")  # from the deal again
    assert board.text("replay-position") == "At the deal, 51 moves to go"
    assert board.chrome.root["replayPlaying"] == "1"
    assert board.column(2) == ["QH", "3C", "4H", "7S"]


def test_stepped_to_the_end_of_a_lost_line_it_says_so() -> None:
    board = table()
    board.replayer.open(Replay("classic", "deal 2H>6", deal=1))
    board.replayer.forward()
    board.replayer.forward()
    assert board.status().endswith("End of the replay.")
    assert "won" not in board.status()


def test_nothing_is_kept_during_a_replay_and_close_brings_the_game_back() -> None:
    board = table()
    before = board.stored()
    own = board.state.game
    board.replayer.open(SEED_REPLAY)
    board.replayer.forward()
    board.chrome.click("replay-play")
    board.page.run_timers(rounds=5)
    board.queue.run()  # every save and paint the steps asked for
    board.keeper.flush()  # the page is left
    assert board.stored() == before
    board.chrome.click("replay-close")
    assert board.status() == "Replay closed: your game is back."
    assert board.state.game is own and not board.state.replaying
    assert not board.shown("replay-bar") and not board.chrome.root_has_class("replaying")
    assert "replayIndex" not in board.chrome.root and "replayPlaying" not in board.chrome.root
    assert board.enabled("hint")
    assert board.text("deal-line") == "Deal 1 · Classic"
    assert board.column(2) == [c for c, up in own.columns[1] if up]
    board.page.run_timers()  # a step that was waiting finds no replay
    board.queue.run()
    assert board.stored() == before
    board.replayer.close()  # closed already: nothing more
    assert board.replayer.key("Escape") is False  # no replay: the keys are the table's


def test_escape_closes_and_other_keys_are_the_tables() -> None:
    board = watching()
    assert board.replayer.key("x") is False
    assert board.replayer.key("Escape")
    assert not board.state.replaying


def test_a_setting_changed_during_the_replay_is_kept_and_saved_on_close() -> None:
    board = watching()
    session = board.state.session
    session.settings = session.with_settings(timer=not session.settings.timer)
    board.replayer.close()
    assert board.saved()["settings"]["timer"] == session.settings.timer


def test_another_tabs_save_during_the_replay_is_the_game_that_comes_back() -> None:
    board = watching()
    other = Session(Game.new(1, moves="deal 2H>6"), counted=True)
    board.replayer.arrive(other)
    assert board.state.replaying  # still the replay
    board.chrome.click("replay-close")
    assert board.state.session is other
    assert board.column(6)[-2:] == ["2H", "9D"]


def test_play_from_here_in_the_same_deal_plays_on_from_the_position_shown() -> None:
    board = table(Game.new(1, moves="deal"))
    board.replayer.open(Replay("classic", "deal 2H>6", deal=1))
    board.replayer.forward()
    board.replayer.forward()
    board.chrome.click("replay-take")
    assert board.chrome.open_dialogs() == []  # the same deal: nothing to ask
    assert board.status() == "You play on from move 2."
    assert not board.state.replaying and not board.shown("replay-bar")
    assert board.saved_moves() == ["deal", "2H>6"]
    assert board.enabled("undo")
    assert board.saved()["stats"]["recent"] == []  # the same game goes on: no loss


def test_play_from_here_asks_before_leaving_a_counted_game_of_another_deal() -> None:
    board = watching()
    before = board.stored()
    board.replayer.forward()
    board.chrome.click("replay-take")
    assert board.chrome.open_dialogs() == ["link-dialog"]
    assert "counts as lost" in board.text("link-text")
    board.chrome.click("link-keep")  # kept: still watching, nothing saved
    assert board.state.replaying and board.shown("replay-bar")
    assert board.stored() == before
    board.chrome.click("replay-take")
    board.chrome.click("link-play")
    assert not board.state.replaying and not board.shown("replay-bar")
    assert board.text("deal-line") == "Custom deal · Classic"
    assert board.saved_moves() == ["4H>7"]
    [left] = board.saved()["stats"]["recent"]  # deal 1, left: a loss
    assert (left["deal"], left["result"]) == (1, "abandoned")
    assert board.status() == "You play on from move 1."


def test_play_from_here_after_the_replay_closed_does_nothing() -> None:
    board = watching()
    board.replayer.forward()
    board.chrome.click("replay-take")  # asked: another deal, a counted game
    before = board.stored()
    board.replayer.close()
    board.chrome.click("link-play")  # the question outlived the replay
    assert board.stored() == before
    assert board.text("deal-line") == "Deal 1 · Classic"
    board.replayer.take()
    assert board.stored() == before


def test_a_game_not_counted_yet_is_left_without_asking() -> None:
    board = table(Game.new(1), counted=False)
    board.replayer.open(SEED_REPLAY, at=2)
    board.replayer.take()
    assert board.chrome.open_dialogs() == []
    assert board.saved_moves() == SEED_LINE[:2]


def test_the_solvers_line_opens_at_the_players_position_and_plays_again_from_there() -> None:
    board = table(seed_game(1))
    board.replayer.open(SEED_REPLAY, at=1, solver=True)
    assert board.text("replay-title") == "The solver's line"
    assert board.status() == "The solver's line from here: 50 moves. Press Play to watch."
    assert board.text("replay-position") == "Move 1 of 51"
    assert board.enabled("replay-back")
    for _ in range(50):
        board.replayer.forward()
    board.replayer.play()
    assert board.text("replay-position") == "Move 1 of 51"


def test_opening_another_replay_keeps_the_players_own_game_waiting() -> None:
    board = table()
    own = board.state.session
    board.replayer.open(SEED_REPLAY)
    board.replayer.open(Replay("classic", "deal", deal=2))
    assert board.text("replay-position") == "At the deal, 1 moves to go"
    board.replayer.close()
    assert board.state.session is own


def test_the_bar_does_nothing_without_a_replay() -> None:
    board = table()
    before = board.stored()
    for button in ("back", "forward", "play", "speed", "take", "close"):
        board.chrome.click(f"replay-{button}")
    assert not board.state.replaying and board.page.timers == []
    assert board.stored() == before
    assert board.text("replay-position") == ""


def test_toolbar_actions_that_change_the_game_wait_while_a_replay_is_on_the_table() -> None:
    board = watching()
    done: list[str] = []
    toolbar = Toolbar(
        board.state,
        board.state,
        None,
        None,
        board.replayer,
        (),
        board.chrome,
        board.page,  # type: ignore[arg-type]
    )
    undo = toolbar._idle(lambda: done.append("undo"))
    undo()
    assert done == []
    board.replayer.close()
    undo()
    assert done == ["undo"]
