from __future__ import annotations

import json
from pathlib import Path

import pytest
from webapp.page.storage import Store
from webapp.table.early_paint import VERSION, snapshot
from webapp.table.render import board_view

from scorpion import Game, Move
from scorpion.session import Session

SCOPE = "/"
SAVE_KEY = f"scorpion.save@{SCOPE}"
PAINT_KEY = f"scorpion.paint@{SCOPE}"


class DictStorage:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, index):
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self):
        return len(self.items)


class Refusing(DictStorage):
    def setItem(self, key, value):  # noqa: N802
        raise OSError("SecurityError: the operation is insecure")


class QuotaError(Exception):
    """What Pyodide raises for a DOMException: a ``JsException`` with the error's name."""

    name = "QuotaExceededError"


class Full(DictStorage):
    """A storage with room for ``room`` characters (keys and values, as browsers count)."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def setItem(self, key, value):  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.room:
            raise QuotaError("Setting the value exceeded the quota.")
        self.items[key] = value


def test_save_and_load_keep_the_undo_history() -> None:
    backend = DictStorage()
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
    backend = DictStorage()
    backend.setItem(SAVE_KEY, "{broken")
    loaded = Store(backend).load()
    assert loaded.session is None and loaded.problems == ("corrupt",)
    assert [v for k, v in backend.items.items() if k.startswith("scorpion.backup.")] == ["{broken"]


def test_refusing_storage_does_not_raise() -> None:
    store = Store(Refusing())
    assert store.save(Session(Game.new(1))) == "failed"
    assert store.ok is False and store.failure == "storage"
    assert Store(None).failure == "storage"


def test_paint_snapshot_is_plain_json() -> None:
    backend = DictStorage()
    store = Store(backend)
    store.save_paint(snapshot(board_view(Game.new(9)), {"score": "0"}, "de", True))
    data = json.loads(backend.items[PAINT_KEY])
    assert data["v"] == VERSION and data["lang"] == "de" and data["four"] is True
    assert len(data["cards"]) == 52 and "<" not in backend.items[PAINT_KEY]


def test_the_built_page_paints_with_paint_pys_limits() -> None:
    """index.html's early paint checks what webapp/table/early_paint.py writes: the build stamps
    paint.VERSION and its limits into the page, and pyscript.toml's plugins into its
    <mpy-config>; nothing is kept in step by hand."""
    import sys
    import tomllib

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from build_site import stamp_page

    root = Path(__file__).resolve().parents[2]
    page = stamp_page((root / "index.html").read_text())
    assert f'"v": {VERSION}' in page and '"key": "scorpion.paint@"' in page
    plugins = tomllib.loads((root / "pyscript.toml").read_text())["plugins"]
    assert json.dumps({"plugins": plugins}) in page


def test_a_newer_save_from_another_tab_is_adopted_once() -> None:
    backend = DictStorage()
    mine, theirs = Store(backend), Store(DictStorage())
    mine.save(Session(Game.new(1)))
    theirs.revision = 5
    theirs_session = Session(Game.new(2))
    theirs.save(theirs_session)
    text = theirs.backend.items[SAVE_KEY]
    adopted = mine.newer(text)
    assert adopted is not None and adopted.game.deal_number == 2
    assert mine.newer(text) is None  # the same save again is not newer
    assert mine.newer("{broken") is None


# --- two tabs, damaged text, a full quota ---------------------------------------------


def moved(deal: int) -> Session:
    session = Session(Game.new(deal))
    session.play(next(m for m in session.game.legal_moves() if isinstance(m, Move)))
    return session


def test_a_stale_tab_never_overwrites_a_newer_save() -> None:
    backend = DictStorage()
    first = Store(backend)
    first.load()
    assert first.save(Session(Game.new(1))) == "saved"
    second = Store(backend)
    assert second.load().session is not None and second.revision == 1
    assert second.save(moved(1)) == "saved"  # revision 2, written by the second tab
    newest = backend.items[SAVE_KEY]
    assert first.save(moved(3)) == "newer"  # the first tab is behind: nothing written
    assert backend.items[SAVE_KEY] == newest
    assert first.conflict is not None and first.conflict.game == moved(1).game
    assert first.revision == 2
    assert first.save(first.conflict) == "saved"  # once it has adopted, it writes again
    assert json.loads(backend.items[SAVE_KEY])["revision"] == 3
    assert second.newer(backend.items[SAVE_KEY]) is not None  # the storage event


def test_each_write_follows_the_last_one_of_this_tab() -> None:
    backend = DictStorage()
    store = Store(backend)
    store.load()
    for expected in (1, 2, 3):
        assert store.save(Session(Game.new(4))) == "saved"
        assert json.loads(backend.items[SAVE_KEY])["revision"] == expected


def test_unreadable_text_written_later_is_kept_aside_before_a_save() -> None:
    backend = DictStorage()
    store = Store(backend)
    store.load()
    store.save(Session(Game.new(1)))
    newer_version = json.dumps({"format": "scorpion-solitaire", "version": 99, "x": 1})
    backend.setItem(SAVE_KEY, newer_version)  # a newer build in another tab
    assert store.save(Session(Game.new(1))) == "saved"
    kept = [v for k, v in backend.items.items() if k.startswith("scorpion.backup.newer.")]
    assert kept == [newer_version]


def test_a_damaged_save_that_fills_the_storage_is_moved_aside_not_copied() -> None:
    """A backup never needs room the save had not already taken, so it never blocks the
    saves after it (a copy of a 3,000,000-character save would not fit beside it)."""
    broken = "{broken" + " " * 2000
    backend = Full(room=len(broken) + 100)
    backend.items[SAVE_KEY] = broken
    store = Store(backend)
    assert store.load().problems == ("corrupt",) and store.kept is not None
    assert backend.items[store.kept] == broken and SAVE_KEY not in backend.items
    session = Session(Game.new(1))
    assert store.save(session) == "failed" and store.failure == "quota"  # really full
    backups = store.backups()
    assert [(b.reason, b.size) for b in backups] == [("unreadable", len(broken))]
    assert store.backup_text(backups[0].key) == broken
    assert store.drop_backup(backups[0].key)  # the player drops it (after an export)
    assert store.save(session) == "saved" and store.backups() == []


def test_a_full_quota_is_reported_and_the_snapshot_makes_room() -> None:
    session = moved(5)
    size = len(saves_text(session))
    backend = Full(room=size + 60)
    store = Store(backend)
    store.load()
    backend.items[PAINT_KEY] = "x" * 100  # the snapshot fills what is left
    assert store.save(session) == "saved"  # the snapshot went, the save fits
    assert PAINT_KEY not in backend.items and store.failure is None
    store.save_paint({"v": 1, "big": "y" * 500})  # too big: dropped quietly
    assert store.ok and store.failure is None
    backend.room = 10
    assert store.save(session) == "failed"
    assert store.failure == "quota" and not store.ok


def saves_text(session: Session) -> str:
    from scorpion import saves

    return saves.dump(session, revision=1, saved_at=1_700_000_000_000)


def test_quota_errors_are_told_apart() -> None:
    from webapp.page.storage import is_quota_error

    assert is_quota_error(QuotaError("x"))
    assert is_quota_error(Exception("QuotaExceededError: The quota has been exceeded."))
    assert not is_quota_error(OSError("SecurityError"))


def test_export_is_the_saved_format() -> None:
    from scorpion import saves

    store = Store(DictStorage())
    session = moved(8)
    loaded = saves.read(store.export_text(session))
    assert loaded.problems == () and loaded.session is not None
    assert loaded.session.game == session.game


def test_an_import_replaces_whatever_is_stored() -> None:
    backend = DictStorage()
    mine, other = Store(backend), Store(backend)
    mine.load()
    other.load()
    other.save(moved(1))
    other.save(moved(1))
    assert mine.save(moved(2), replace=True) == "saved"
    assert json.loads(backend.items[SAVE_KEY])["revision"] == 3


# --- one deployment's keys, the first builds' save, backups ------------------------------


def test_two_copies_on_one_origin_never_share_a_save() -> None:
    backend = DictStorage()
    a, b = Store(backend, "/a/"), Store(backend, "/b/")
    a.load()
    b.load()
    assert a.save(moved(1)) == "saved" and b.save(moved(2)) == "saved"
    assert Store(backend, "/a/").load().session.game == moved(1).game  # type: ignore[union-attr]
    assert Store(backend, "/b/").load().session.game == moved(2).game  # type: ignore[union-attr]
    assert {"scorpion.save@/a/", "scorpion.save@/b/"} <= set(backend.items)


def test_the_unscoped_save_moves_once_to_the_first_copy_that_loads() -> None:
    backend = DictStorage()
    backend.items["scorpion.save"] = saves_text(moved(3))
    backend.items["scorpion.save.unreadable.17"] = "{old backup"
    backend.items["scorpion.paint"] = '{"v":3,"parents":{"table":"<img src=x onerror=alert(1)>"}}'
    first = Store(backend, "/a/")
    loaded = first.load()
    assert loaded.session is not None and loaded.session.game == moved(3).game
    assert "scorpion.save" not in backend.items and "scorpion.paint" not in backend.items
    assert [(b.reason, b.at) for b in first.backups()] == [("unreadable", 17)]
    assert Store(backend, "/b/").load().session is None  # the second copy starts afresh


def test_backups_list_only_this_copys_well_formed_keys() -> None:
    backend = DictStorage()
    store = Store(backend, "/a/")
    store.clock = lambda: 5_000
    key = store.keep_aside("data", "replaced")
    backend.items["scorpion.backup.replaced.9@/b/"] = "theirs"
    backend.items["scorpion.backup.evil.x@/a/"] = "not ours"
    backend.items["scorpion.backup.replaced.12abc@/a/"] = "not ours either"
    assert [(b.key, b.reason, b.at, b.size) for b in store.backups()] == [
        (key, "replaced", 5_000, 4)
    ]
    assert store.backup_text("scorpion.backup.replaced.9@/b/") is None  # another copy's
    assert not store.drop_backup("scorpion.save@/a/")  # only backups can be dropped
    with pytest.raises(ValueError):
        store.keep_aside("x", "whatever")


def test_a_win_is_merged_over_a_later_save_of_the_other_tab() -> None:
    from scorpion import DEAL

    backend = DictStorage()
    winner, other = Store(backend), Store(backend)
    winner.load()
    other.load()
    game = moved(6)
    assert winner.save(game) == "saved"
    other.load()
    theirs = Session(game.game.copy(), stats=game.stats, counted=True)
    theirs.play(DEAL)
    assert other.save(theirs) == "saved"  # the other tab moved meanwhile
    mine = Session(game.game.copy(), stats=game.stats, counted=True)
    mine.finished = True  # this tab's winning move (the rules are tested elsewhere)
    assert winner.save(mine) == "merged"
    stored = Store(backend).load()
    assert stored.session is not None and stored.session.finished
    assert stored.stats["classic"].won == 1
    assert other.newer(backend.items[SAVE_KEY]) is not None  # the other tab adopts it
