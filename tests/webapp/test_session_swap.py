"""When the game changes under the player: another tab's save (newer, or a newer version's,
which this page cannot read), a win kept over another tab's game, an import, going back
to where the deal could still be won. Two tabs share one ``FakeStorage``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fakes import FakeStorage
from table_parts import PlayTable, build
from webapp import translated
from webapp.page_texts import problem_text, static_texts
from webapp.play.session_swap import newer_set_aside_text

from scorpion import DEAL, Game, Move, saves
from scorpion.i18n import LANGUAGES
from scorpion.session import Session, Settings

SEED = json.loads((Path(__file__).parent.parent / "fixtures" / "seed-deal.json").read_text())
LINE = [Move.parse(move) for move in SEED["winning_line"]]


def other_tab_saves(table: PlayTable, session: Session, revision: int) -> str:
    """Another tab of the same origin writes ``session`` as ``revision``; no storage
    event reaches this tab (yet)."""
    text = saves.dump(session, revision, table.page.now_ms())
    table.storage.items[table.store.save_key] = text
    return text


def storage_event(table: PlayTable, text: str) -> None:
    """The storage event as ``main`` handles it: a newer save is shown here."""
    session = table.store.newer(text)
    if session is not None:
        table.arrivals.adopt(session)


def test_another_tabs_newer_save_arriving_is_shown_and_not_saved_back() -> None:
    table = build()
    table.settle()
    theirs = Session.fresh(42)
    theirs.play(Move("JD", 6))
    text = other_tab_saves(table, theirs, revision=5)
    table.tap_card("9C")  # held here: it goes with the game that arrives
    storage_event(table, text)
    assert table.board.column_cards(6)[-3:] == ["JD", "2D", "4C"] and table.board.lifted() == []
    assert table.status() == "This game was changed in another tab; this tab now shows it."
    assert table.text("score") == "5" and table.settings_shown == 1
    table.settle()
    assert table.storage.items[table.store.save_key] == text  # no echo between the tabs
    storage_event(table, text)  # the same save again: not newer, nothing happens
    assert table.settings_shown == 1
    # only a setting changed over there: shown without a word
    theirs.with_settings(four_colour=True)
    storage_event(table, other_tab_saves(table, theirs, revision=6))
    assert table.state.session.settings.four_colour and table.settings_shown == 2
    assert table.status() == "This game was changed in another tab; this tab now shows it."


def test_a_save_that_finds_another_tabs_newer_one_shows_it_instead() -> None:
    table = build()
    theirs = Session.fresh(42)
    theirs.play(DEAL)
    text = other_tab_saves(table, theirs, revision=9)  # its storage event never came
    table.tap_card("JD", pointerType="touch")
    table.settle()
    assert table.storage.items[table.store.save_key] == text  # not overwritten
    assert table.status() == (
        "Another tab saved this game first, so your last action here was not kept; this tab "
        "now shows the game as saved."
    )
    assert table.board.column_cards(1) == list(Game.new(42, moves=[DEAL]).face_up(1))
    assert table.disabled("deal-reserve")
    table.chrome.click("undo")  # up to date now: the next change is saved
    table.settle()
    assert table.saved().revision == 10 and table.saved_game().moves == ()


def won_but_one(settings: Settings | None = None) -> Session:
    return Session(Game.from_deck(SEED["deck"], moves=LINE[:-1]), settings or Settings())


def win(table: PlayTable) -> None:
    last = LINE[-1]
    assert isinstance(last, Move)
    table.tap_card(last.card)
    table.tap_column(last.to)


def test_a_win_here_is_kept_over_another_tabs_save_of_the_same_game() -> None:
    table = build(won_but_one())
    table.settle()
    theirs = won_but_one(Settings(four_colour=True))  # a setting changed over there
    other_tab_saves(table, theirs, revision=7)
    win(table)
    table.settle()
    kept = table.saved().session
    assert kept is not None and kept.finished and kept.settings.four_colour
    assert kept.stats["classic"].won == 1 and table.state.session.settings.four_colour
    assert table.settings_shown == 1 and table.won == [SEED["winning_score"]]


def test_a_win_here_goes_to_the_statistics_when_another_tab_started_a_new_game() -> None:
    table = build(won_but_one())
    table.settle()
    theirs = Session.fresh(7)
    theirs.play(DEAL)
    other_tab_saves(table, theirs, revision=7)
    win(table)
    table.settle()
    assert table.status() == "Another tab started a new game; your win here is in the statistics."
    assert table.text("deal-line") == "Deal 7 · Classic" and table.won == []
    kept = table.saved().session
    assert kept is not None and kept.game == theirs.game
    assert kept.stats["classic"].won == 1


NEWER_TEXT = (
    "Another tab saved with a newer version of Scorpion, which this page cannot read. That "
    "save (its game, statistics and settings) is kept in Settings, under Saved data, and "
    "this page saved its own game in its place. Reload to use the newer version."
)


def newer_version_text(table: PlayTable) -> str:
    """A save as a build from after an update writes it: a newer format, a higher revision."""
    theirs = Session.fresh(42)
    theirs.play(Move("3C", 1))
    data = json.loads(saves.dump(theirs, 40, table.page.now_ms()))
    data["version"] = saves.VERSION + 1
    data["future"] = {"something": "unknown"}
    return json.dumps(data)


def test_a_newer_versions_save_set_aside_is_said_with_where_it_is_and_a_reload() -> None:
    """Issue 38: open ?deal=42, deal the reserve; another tab (a newer build) writes its
    save; back here, D. The newer save goes to a backup, this tab's is written in its place,
    and the player is told, with a reload offered."""
    table = build()
    table.key("d")
    table.settle()
    newer = newer_version_text(table)
    table.storage.items[table.store.save_key] = newer
    storage_event(table, newer)  # unreadable here: not shown
    assert table.chrome.notice_shown() is None
    table.key("d")  # dealt already: refused, nothing saved
    table.tap_card("JD", pointerType="touch")
    table.settle()
    assert table.chrome.notice_shown() == NEWER_TEXT == newer_set_aside_text()
    assert not table.chrome.el("notice-reload").hidden
    backups = table.store.backups()
    assert [b.reason for b in backups] == ["newer"]
    assert table.store.backup_text(backups[0].key) == newer  # nothing is lost
    assert table.saved_game().moves == (DEAL, Move("JD", 6))
    table.chrome.click("notice-reload")
    assert table.page.reloaded == 1
    table.chrome.click("undo")
    table.settle()  # saved over its own save now: not said again
    assert table.chrome.notice_shown() == NEWER_TEXT and len(table.store.backups()) == 1
    table.chrome.click("notice-close")
    table.storage.full = True  # another notice has no Reload button
    table.chrome.click("redo")
    table.settle()
    assert table.chrome.notice_shown() == problem_text("quota")
    assert table.chrome.el("notice-reload").hidden


def test_damaged_text_another_tab_wrote_is_set_aside_without_the_newer_notice() -> None:
    table = build()
    table.storage.items[table.store.save_key] = "{not json"
    table.key("d")
    table.settle()
    assert [b.reason for b in table.store.backups()] == ["unreadable"]
    assert table.chrome.notice_shown() is None and table.saved_game().moves == (DEAL,)


def test_a_storage_that_refuses_every_write_is_said_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    storage = FakeStorage()

    def refuse(key: str, value: str) -> None:
        raise PermissionError("SecurityError")

    monkeypatch.setattr(storage, "setItem", refuse)
    table = build(storage=storage)
    table.key("d")
    table.settle()
    assert table.chrome.notice_shown() == problem_text("storage")
    assert table.state.game.moves == (DEAL,) and storage.items == {}


def test_an_import_replaces_the_game_and_is_saved_over_another_tabs() -> None:
    table = build()
    table.settle()
    other_tab_saves(table, Session.fresh(3), revision=30)
    imported = Session.fresh(99, "relaxed", Settings(timer=True))
    imported.play(DEAL)
    table.tap_card("JD")
    table.arrivals.replace(imported)
    assert table.text("deal-line") == "Deal 99 · Relaxed" and table.board.lifted() == []
    assert table.settings_shown == 1
    assert table.saved_game() == imported.game and table.saved().revision == 31


def test_going_back_to_where_the_deal_could_still_be_won() -> None:
    table = build(Session(Game.from_deck(SEED["deck"], moves=LINE[:10])))
    table.arrivals.go_back(7)
    assert table.status() == "Back 3 actions: the deal can still be won from here."
    assert len(table.state.game.moves) == 7 and table.saved_game().moves == tuple(LINE[:7])
    table.arrivals.go_back(6)
    assert table.status() == "Back 1 action: the deal can still be won from here."


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_newer_version_notice_is_translated(lang: str) -> None:
    translated.set_language(lang)
    try:
        said, reload = newer_set_aside_text(), static_texts()["notice-reload"]
    finally:
        translated.set_language("en")
    assert said != NEWER_TEXT and reload != "Reload"
