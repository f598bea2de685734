from __future__ import annotations

import json

from webapp.paint import snapshot
from webapp.render import board_view
from webapp.storage import PAINT_KEY, SAVE_KEY, Store

from scorpion import Game, Move
from scorpion.session import Session


class FakeStorage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class Refusing(FakeStorage):
    def setItem(self, key, value):  # noqa: N802
        raise OSError("QuotaExceededError")


def test_save_and_load_keep_the_undo_history() -> None:
    backend = FakeStorage()
    session = Session(Game.new(5))
    move = next(m for m in session.game.legal_moves() if isinstance(m, Move))
    session.play(move)
    Store(backend).save(session)
    loaded = Store(backend).load()
    assert loaded.problems == ()
    assert loaded.session is not None
    assert loaded.session.game == session.game
    assert loaded.session.game.undo()


def test_unreadable_save_is_kept_aside() -> None:
    backend = FakeStorage()
    backend.setItem(SAVE_KEY, "{broken")
    loaded = Store(backend).load()
    assert loaded.session is None and loaded.problems == ("corrupt",)
    assert any(k.startswith(SAVE_KEY + ".unreadable.") for k in backend.items)


def test_refusing_storage_does_not_raise() -> None:
    store = Store(Refusing())
    assert store.save(Session(Game.new(1))) is False
    assert store.ok is False


def test_paint_snapshot_is_plain_json() -> None:
    backend = FakeStorage()
    store = Store(backend)
    store.save_paint(snapshot(board_view(Game.new(9)), {"score": "0"}, "de", True))
    data = json.loads(backend.items[PAINT_KEY])
    assert data["v"] == 1 and data["lang"] == "de" and data["four"] is True
    assert set(data["parents"]) >= {"c0", "reserve", "p3"}


def test_a_newer_save_from_another_tab_is_adopted_once() -> None:
    backend = FakeStorage()
    mine, theirs = Store(backend), Store(FakeStorage())
    mine.save(Session(Game.new(1)))
    theirs.revision = 5
    theirs_session = Session(Game.new(2))
    theirs.save(theirs_session)
    text = theirs.backend.items[SAVE_KEY]
    adopted = mine.newer(text)
    assert adopted is not None and adopted.game.deal_number == 2
    assert mine.newer(text) is None  # the same save again is not newer
    assert mine.newer("{broken") is None
