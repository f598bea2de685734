"""What a player is told when the page opens on a tampered save, and what game opens
(``boot.startup.open_game`` over the fakes' localStorage): the notices the notice bar
shows once the page is ready, the backup kept, the statistics kept."""

from __future__ import annotations

import json

from fakes import FakeStorage
from webapp.boot.startup import Startup, open_game
from webapp.page.storage import Store
from webapp.urlparams import Linked

from scorpion import Game, Move, saves
from scorpion.session import Session

SAVE_KEY = "scorpion.save@/"


def save_of(moves: list[str]) -> dict:
    game = Game.new(1)
    for move in moves:
        game.play(Move.parse(move))
    return json.loads(saves.dump(Session(game, counted=bool(moves)), revision=3, saved_at=0))


def backups(storage: FakeStorage) -> list[str]:
    return [key for key in storage.items if key.startswith("scorpion.backup.")]


def opened(document: dict) -> tuple[FakeStorage, Startup]:
    storage = FakeStorage({SAVE_KEY: json.dumps(document)})
    return storage, open_game(Store(storage), "", ["en"])


def first_legal_moves(count: int) -> list[str]:
    game, line = Game.new(1), []
    for _ in range(count):
        move = next(m for m in game.legal_moves() if isinstance(m, Move))
        game.play(move)
        line.append(str(move))
    return line


def test_an_unreadable_revision_restores_the_game_and_says_so() -> None:
    line = first_legal_moves(2)
    document = save_of(line)
    document["revision"] = "abc"
    storage, startup = opened(document)
    assert [str(m) for m in startup.session.game.moves] == line  # the saved moves are there
    assert startup.notices[0].endswith("your game, statistics and settings were restored.")
    assert not [notice for notice in startup.notices if "new game has started" in notice]
    assert startup.notices[-1].startswith("A copy of the saved data as it was is kept")
    assert len(backups(storage)) == 1


def test_a_saved_line_longer_than_any_game_starts_anew_and_keeps_the_statistics() -> None:
    document = save_of([])
    document["current"]["game"]["moves"] = ["QS>2", "QS>1"] * 120_000
    document["stats"]["classic"]["played"] = 9
    storage, startup = opened(document)
    assert startup.session.game.moves == ()
    assert startup.session.stats["classic"].played == 9
    assert "longer than any real game" in startup.notices[0]
    assert "statistics and settings are kept" in startup.notices[0]
    assert startup.notices[-1].startswith("A copy of the saved data as it was is kept")
    assert [key.split(".")[2] for key in backups(storage)] == ["unreadable"]


def test_a_damaged_then_a_newer_versions_save_are_kept_aside_and_never_overwritten() -> None:
    storage = FakeStorage({SAVE_KEY: "{not json"})
    startup = open_game(Store(storage), "", ["en"])
    assert startup.notices[0] == "Your saved game could not be read, so a new game has started."
    assert [storage.items[key] for key in backups(storage)] == ["{not json"]

    newer = save_of(first_legal_moves(3))
    newer["version"] = saves.VERSION + 1
    newer["future"] = {"something": "unknown"}
    text = json.dumps(newer)
    storage.items[SAVE_KEY] = text  # written by a newer build
    store = Store(storage)
    startup = open_game(store, "", ["en"])
    assert "newer version of Scorpion" in startup.notices[0]
    assert startup.session.game.moves == ()  # not the saved game: a new one
    assert sorted(storage.items[key] for key in backups(storage)) == sorted(["{not json", text])
    session = startup.session
    session.play(next(m for m in session.game.legal_moves() if isinstance(m, Move)))
    assert store.save(session) == "saved"  # play goes on: the backups stay as they were
    assert sorted(storage.items[key] for key in backups(storage)) == sorted(["{not json", text])


def test_a_bad_save_and_a_bad_link_are_both_said_and_a_classic_game_opens() -> None:
    storage = FakeStorage({SAVE_KEY: "{not json"})
    startup = open_game(Store(storage), "?deal=abc&variant=hard", ["en"])
    assert startup.notices[0] == "Your saved game could not be read, so a new game has started."
    assert any("deal number" in notice for notice in startup.notices)
    assert startup.session.game.variant == "classic" and startup.session.game.moves == ()
    assert startup.ask is None


def test_a_link_asks_over_a_game_in_progress_and_deals_at_once_over_one_not_started() -> None:
    line = first_legal_moves(1)
    _storage, startup = opened_with(save_of(line), "?deal=42&variant=relaxed")
    assert startup.ask == Linked("relaxed", deal=42)  # asked once the page is ready
    assert [str(m) for m in startup.session.game.moves] == line
    assert startup.session.game.deal_number == 1

    _storage, startup = opened_with(save_of([]), "?deal=42&variant=relaxed")
    assert startup.ask is None  # nothing played yet: the link's game at once
    game = startup.session.game
    assert (game.deal_number, game.variant, game.moves) == (42, "relaxed", ())


def opened_with(document: dict, search: str) -> tuple[FakeStorage, Startup]:
    storage = FakeStorage({SAVE_KEY: json.dumps(document)})
    return storage, open_game(Store(storage), search, ["en"])
