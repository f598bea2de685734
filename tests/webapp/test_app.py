"""The whole browser layer as the page builds it (``webapp.main.assemble``, then
``webapp.boot.app.open_app``), on the fakes of the page's ports: what a visit opens with,
a game played by clicks and keys through the toolbar, what is saved, another tab's save
arriving, a hidden page, and the events wired so each part hears what it must."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fakes import FakeBoard, FakeChrome, FakeEvent, FakeNode, FakePage, FakeStorage, manual_timing
from webapp.boot.app import App, open_app
from webapp.events import NAMES
from webapp.main import assemble
from webapp.page.storage import SAVE_KEY

from scorpion import DEAL, Game, Move, saves
from scorpion.session import Session


def visit(
    storage: FakeStorage | None = None, query: str = "", blocked: bool = False, **page: Any
) -> App:
    fake = FakePage()
    fake.storage = None if blocked else (storage if storage is not None else FakeStorage())
    fake.query = query
    for name, value in page.items():
        setattr(fake, name, value)
    chrome = FakeChrome()
    for hidden in ("notice", "notice-more", "notice-reload", "loading"):
        chrome.flag(hidden, "hidden", hidden != "loading")
    chrome.flag("hint", "disabled", True)
    timing, queue = manual_timing()
    app = assemble(fake, chrome, FakeBoard(), timing)  # type: ignore[arg-type]
    open_app(app)
    queue.run()
    app.__dict__["queue"] = queue
    return app


def saved(app: App) -> saves.Loaded:
    return saves.read(app.page.storage.items[app.store.save_key])  # type: ignore[attr-defined]


def test_a_first_visit_opens_the_winnable_first_deal_and_takes_input() -> None:
    app = visit()
    chrome = app.chrome
    assert chrome.root["ready"] == "1" and "bootMs" in chrome.root  # type: ignore[attr-defined]
    assert not chrome.el("hint").disabled and chrome.el("loading").hidden  # type: ignore[attr-defined]
    assert chrome.notice_shown() is None  # type: ignore[attr-defined]
    assert app.page.marks[:1] == ["scorpion-board"]  # type: ignore[attr-defined]
    assert chrome.el("deal-line").text.startswith("Deal ")  # type: ignore[attr-defined]
    assert chrome.lang == "en" and chrome.title  # type: ignore[attr-defined]
    loaded = saved(app)  # saved at once: a reload finds the same game
    assert loaded.session is not None and loaded.session.game == app.state.game
    assert len(app.board.view) == 52  # type: ignore[attr-defined]


def test_a_link_to_a_deal_starts_it_and_leaves_the_address_clean() -> None:
    app = visit(query="?deal=42&variant=relaxed")
    assert app.state.game.deal_number == 42 and app.state.game.variant == "relaxed"
    assert app.page.query == ""  # type: ignore[attr-defined]


def test_a_game_played_through_the_toolbar_is_saved_and_undone() -> None:
    app = visit(query="?deal=42")
    chrome, queue = app.chrome, app.__dict__["queue"]
    app.chrome.fire("document", "keydown", FakeEvent(key="d", target=FakeNode(tag="BODY")))  # type: ignore[attr-defined]
    queue.run()
    assert app.state.game.moves == (DEAL,)
    assert saved(app).session.game.moves == (DEAL,)  # type: ignore[union-attr]
    assert chrome.el("status").text.startswith("Reserve to columns 1, 2 and 3.")  # type: ignore[attr-defined]
    chrome.click("undo")  # type: ignore[attr-defined]
    queue.run()
    assert app.state.game.moves == ()
    assert chrome.el("status").text == "Move undone."  # type: ignore[attr-defined]
    chrome.click("redo")  # type: ignore[attr-defined]
    queue.run()
    assert app.state.game.moves == (DEAL,) and saved(app).session.game.moves == (DEAL,)  # type: ignore[union-attr]


def test_new_game_from_the_toolbar_opens_the_dialog_and_starts_a_typed_deal() -> None:
    app = visit(query="?deal=42")
    chrome = app.chrome
    chrome.click("new-game")  # type: ignore[attr-defined]
    assert chrome.is_open("new-game-dialog")
    chrome.set_value("ng-deal", "77")
    chrome.fire("ng-form", "submit")  # type: ignore[attr-defined]
    assert not chrome.is_open("new-game-dialog")
    assert app.state.game.deal_number == 77
    assert saved(app).session.game.deal_number == 77  # type: ignore[union-attr]


def test_another_tabs_save_arrives_and_a_hidden_page_saves_at_once() -> None:
    storage = FakeStorage()
    app = visit(storage, query="?deal=42")
    theirs = Session(Game.new(9))
    theirs.play(DEAL)
    text = saves.dump(theirs, revision=app.store.revision + 5, saved_at=app.page.now_ms())
    storage.items[app.store.save_key] = text
    app.chrome.fire("window", "storage", FakeEvent(key=app.store.save_key, newValue=text))  # type: ignore[attr-defined]
    assert app.state.game.deal_number == 9
    app.play.deal() if app.state.game.reserve else None
    app.page.is_hidden = True  # type: ignore[attr-defined]
    app.chrome.fire("document", "visibilitychange")  # type: ignore[attr-defined]
    assert saved(app).session.game == app.state.game  # type: ignore[union-attr]


def test_an_unexpected_error_in_a_handler_is_said_and_the_game_goes_on() -> None:
    app = visit(query="?deal=42")
    chrome = app.chrome
    chrome.raise_errors = False  # type: ignore[attr-defined]

    def broken() -> bool:
        raise RuntimeError("planted")

    app.state.session.undo = broken  # type: ignore[method-assign]
    chrome.flag("undo", "disabled", False)
    chrome.click("undo")  # type: ignore[attr-defined]
    assert chrome.notice_shown()  # type: ignore[attr-defined]
    assert "planted" in chrome.details  # type: ignore[attr-defined]
    app.play.deal()
    assert app.state.game.moves == (DEAL,)


def test_every_event_a_part_may_emit_has_a_listener() -> None:
    app = visit()
    heard = {name for name in NAMES if app.events._listeners[name]}
    assert heard == set(NAMES), set(NAMES) - heard


def test_a_won_game_saved_opens_the_win_dialog_on_the_next_visit() -> None:
    seed = json.loads((Path(__file__).parents[1] / "fixtures" / "seed-deal.json").read_text())
    session = Session(Game.from_deck(tuple(seed["deck"]), "classic"))
    for move in seed["winning_line"]:
        session.play(DEAL if move == "deal" else Move.parse(move))
    assert session.game.won
    storage = FakeStorage({f"{SAVE_KEY}@/": saves.dump(session, revision=3, saved_at=1)})
    app = visit(storage)
    assert app.chrome.is_open("win-dialog")
    assert app.chrome.el("win-score").text == str(seed["winning_score"])  # type: ignore[attr-defined]


def test_a_storage_the_browser_blocks_is_said_once_ready() -> None:
    app = visit(blocked=True)
    assert app.chrome.notice_shown()  # type: ignore[attr-defined]
    assert app.chrome.root["ready"] == "1"  # type: ignore[attr-defined]


def test_the_paint_kept_for_the_next_visit_is_one_index_html_accepts_in_every_language() -> None:
    """The page's fixed texts go into the paint: a page that grows past the early paint's
    limits would have every saved board refused on the next visit (index.html's checks,
    held to ``early_paint.valid`` and ``MAX_CHARS``)."""
    from webapp import translated
    from webapp.table import early_paint

    app = visit()
    try:
        for lang in early_paint.LANGS:
            translated.set_language(lang)
            paint = app.screen.paint_snapshot()
            assert early_paint.valid(paint), (lang, len(paint["texts"]))
            assert len(json.dumps(paint, ensure_ascii=False)) <= early_paint.MAX_CHARS, lang
    finally:
        translated.set_language("en")


def test_an_open_review_follows_a_language_chosen_in_settings() -> None:
    from webapp import translated

    session = Session(Game.new(3))
    for action in ("4C>1", "5C>2", "4H>5", "AS>1", "deal"):
        session.play(Move.parse(action) if action != "deal" else DEAL)
    storage = FakeStorage({f"{SAVE_KEY}@/": saves.dump(session, revision=3, saved_at=1)})
    app = visit(storage)
    try:
        app.chrome.click("review-game")  # type: ignore[attr-defined]
        app.__dict__["queue"].run(100_000)
        status = app.chrome.el("review-status")  # type: ignore[attr-defined]
        assert status.text.startswith("Every position judged: 5 moves")
        app.settings.choose_language("de")
        assert status.text.startswith("Jede Stellung bewertet: 5 Züge")
    finally:
        translated.set_language("en")
