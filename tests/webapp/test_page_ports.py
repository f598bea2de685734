"""The modules that hold the page (``webapp.page``) under CPython, over a small DOM in
Python (``fake_dom``) built from the real ``index.html``: the chrome's writes, dialogs,
focus and guarded listeners; the board's mount, moves, drag and hit tests; the timing of
tasks; the browser's services."""

from __future__ import annotations

import importlib
import re
import types
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fake_dom import Document, Element, install_js, uninstall_js

from scorpion import DEAL, Game

ROOT = Path(__file__).resolve().parents[2]
BODY = re.search(r"<body[^>]*>(.*)</body>", (ROOT / "index.html").read_text(), re.S)


@pytest.fixture
def js() -> Iterator[types.SimpleNamespace]:
    made = install_js()
    yield made
    uninstall_js()


@pytest.fixture
def document(js: types.SimpleNamespace) -> Document:
    assert BODY is not None
    return Document(BODY.group(1))


def chrome_for(document: Document) -> Any:
    from webapp.page.chrome import Chrome

    return Chrome(document, lambda fn: fn)


# --- Chrome ------------------------------------------------------------------------------------


def test_texts_and_attributes_are_written_once_and_read_back(document: Document) -> None:
    chrome = chrome_for(document)
    chrome.text("score", "35")
    assert document.getElementById("score").textContent == "35"
    document.getElementById("score").textContent = "behind the cache's back"
    chrome.text("score", "35")  # unchanged for the cache: not written again
    assert document.getElementById("score").textContent == "behind the cache's back"
    chrome.forget()
    chrome.text("score", "35")
    assert document.getElementById("score").textContent == "35"
    chrome.flag("undo", "disabled", True)
    assert document.getElementById("undo").disabled
    chrome.flag("undo", "disabled", False)
    assert not document.getElementById("undo").disabled
    chrome.attr("undo", "aria-label", "Undo")
    assert document.getElementById("undo").getAttribute("aria-label") == "Undo"
    chrome.classed("tools", "open", True)
    assert chrome.has_class("tools", "open")
    chrome.root_class("four-colour", True)
    assert chrome.root_has_class("four-colour")
    chrome.root_data("ready", "1")
    assert document.documentElement.getAttribute("data-ready") == "1"
    chrome.root_data("ready", None)
    assert document.documentElement.getAttribute("data-ready") is None
    chrome.language("sv", "Skorpion")
    assert (document.documentElement.lang, document.title) == ("sv", "Skorpion")
    with pytest.raises(LookupError):
        chrome.text("no-such-element", "x")


def test_the_language_is_written_only_when_it_changes(document: Document) -> None:
    """Writing ``<html lang>``, even the value it has, restyles the whole page: a start in
    the page's own language writes neither it nor the title."""
    chrome = chrome_for(document)
    root = document.documentElement
    root.setAttribute("lang", "en")
    document.title = "Scorpion solitaire"
    written: list[tuple[str, str]] = []
    set_attribute = root.setAttribute
    root.setAttribute = lambda name, value: (
        written.append((name, value)),
        set_attribute(name, value),
    )  # type: ignore[method-assign]
    titles = document.title_writes
    chrome.language("en", "Scorpion solitaire")
    assert written == [] and document.title_writes == titles
    chrome.language("sv", "Skorpion")
    assert written == [("lang", "sv")] and document.title_writes == titles + 1
    assert (root.lang, document.title) == ("sv", "Skorpion")


def test_many_texts_at_once_and_a_missing_id_is_an_error(document: Document) -> None:
    chrome = chrome_for(document)
    chrome.write({"score": "5", "deal-line": "Deal 7"}, {("undo", "title"): "Undo (U)"})
    assert document.getElementById("deal-line").textContent == "Deal 7"
    assert document.getElementById("undo").getAttribute("title") == "Undo (U)"
    chrome.write({"score": "5"}, {})  # nothing changed: no call at all
    with pytest.raises(LookupError, match="nowhere"):
        chrome.write({"nowhere": "x"}, {})


def test_form_values_markup_and_focus(document: Document) -> None:
    chrome = chrome_for(document)
    chrome.set_value("ng-deal", "42")
    chrome.set_checked("ng-winnable", True)
    assert chrome.value("ng-deal") == "42" and chrome.checked("ng-winnable")
    chrome.html("rules-body", "<p class='x'>A &amp; B</p>")
    body = document.getElementById("rules-body")
    assert body.children[0].tagName == "P" and body.textContent == "A & B"
    chrome.focus("ng-deal")
    assert document.activeElement is document.getElementById("ng-deal")
    assert chrome.focused_inside("ng-deal")
    chrome.focus_first("more-tools", "button:not(:disabled)")
    assert document.activeElement.tagName == "BUTTON"
    assert chrome.inside(document.activeElement, "more-tools")
    assert not chrome.inside(None, "more-tools")


def test_the_statistics_chart_drawn_its_readout_and_its_roving_tab_stop(
    document: Document,
) -> None:
    from webapp.panels.trend_chart import charts_markup

    from scorpion.history import GameRecord
    from scorpion.stats import Stats

    games = tuple(GameRecord(0, v, 7, "won", 9, 1_000, 50) for v in ("classic", "relaxed") * 2)
    chrome = chrome_for(document)
    chrome.html("stats-chart", charts_markup(Stats(recent=games), 0))
    box = document.getElementById("stats-chart")
    marks = box.querySelectorAll("[data-game]")
    assert [m.getAttribute("tabindex") for m in marks] == ["-1", "0", "-1", "0"]
    chrome.text_in("stats-chart", '[data-readout="relaxed"]', "Game 1 of 2")
    assert box.querySelectorAll("[data-readout]")[1].textContent == "Game 1 of 2"
    chrome.rove("stats-chart", '[data-game="classic-0"]', False)  # this chart's stop only
    assert [m.getAttribute("tabindex") for m in marks] == ["0", "-1", "-1", "0"]
    assert document.activeElement is not marks[0]
    chrome.rove("stats-chart", '[data-game="relaxed-0"]', True)
    assert [m.getAttribute("tabindex") for m in marks] == ["0", "-1", "0", "-1"]
    assert document.activeElement is marks[2]
    chrome.rove("stats-chart", '[data-game="relaxed-7"]', True)  # gone: nothing changes
    chrome.text_in("stats-chart", '[data-readout="chess"]', "x")
    assert document.activeElement is marks[2]


def test_a_dialog_gives_the_focus_back_where_it_was(document: Document) -> None:
    chrome = chrome_for(document)
    document.getElementById("new-game").focus()
    chrome.show_modal("new-game-dialog")
    chrome.show_modal("new-game-dialog")  # already open: nothing more
    assert chrome.is_open("new-game-dialog") and chrome.any_open()
    chrome.focus("ng-deal")
    chrome.close("new-game-dialog")
    chrome.close("new-game-dialog")  # closed: nothing more
    assert not chrome.any_open()
    chrome.restore_focus("new-game-dialog")  # the focus was lost with the dialog
    assert document.activeElement is document.getElementById("new-game")
    chrome.show_modal("rules-dialog")
    chrome.forget_focus("rules-dialog")
    chrome.close("rules-dialog")
    document.getElementById("undo").focus()  # the player moved on meanwhile: it stays
    chrome.restore_focus("rules-dialog")
    assert document.activeElement is document.getElementById("undo")


def test_an_error_in_a_listener_is_reported_in_the_notice_with_its_details(
    document: Document, capsys: pytest.CaptureFixture[str]
) -> None:
    chrome = chrome_for(document)
    copied: list[str] = []
    chrome.bind_notice(copied.append)

    def broken(_event: Any) -> None:
        raise ZeroDivisionError("planted")

    chrome.listen("undo", "click", broken)
    document.getElementById("undo").click()  # no exception leaves the listener
    notice = document.getElementById("notice")
    assert not notice.hidden
    assert document.getElementById("notice-text").textContent
    assert not document.getElementById("notice-more").hidden
    assert "ZeroDivisionError: planted" in document.getElementById("notice-details").textContent
    assert "ZeroDivisionError" in capsys.readouterr().out  # and in the console
    document.getElementById("notice-copy").click()
    assert "#undo click" in copied[0] and "planted" in copied[0]
    document.getElementById("notice-close").click()
    assert notice.hidden
    chrome.notice("Plain news.")
    assert document.getElementById("notice-more").hidden  # no details for plain news
    heard: list[str] = []
    chrome.listen_document("keydown", lambda event: heard.append("doc"))
    chrome.listen_window("resize", lambda event: heard.append("win"))
    document.listeners["keydown"][0](None)
    document.defaultView.listeners["resize"][0](None)
    assert heard == ["doc", "win"]


def test_listeners_asked_for_together_are_added_at_the_end_in_order_and_guarded(
    document: Document, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the start's parts ask for inside ``listening_together`` is on the page only once
    the block ends, after the listeners already there, in the order asked, each run
    guarded; a missing element is an error and adds none of them."""
    chrome = chrome_for(document)
    chrome.bind_notice(lambda _text: None)
    heard: list[str] = []
    chrome.listen("undo", "click", lambda event: heard.append("before"))
    undo = document.getElementById("undo")
    with chrome.listening_together():
        chrome.listen("undo", "click", lambda event: heard.append("first"))
        chrome.listen("redo", "click", lambda event: heard.append("redo"))
        chrome.listen("undo", "click", lambda event: 1 / 0)
        chrome.listen("undo", "click", lambda event: heard.append("second"))
        undo.click()
        assert heard == ["before"]  # not yet
    heard.clear()
    undo.click()
    assert heard == ["before", "first", "second"]  # the broken one reported, not raised
    assert "ZeroDivisionError" in capsys.readouterr().out
    assert "#undo click" in chrome.details
    document.getElementById("redo").click()
    assert heard[-1] == "redo"
    with pytest.raises(LookupError, match="no-such-button"), chrome.listening_together():
        chrome.listen("new-game", "click", lambda event: heard.append("new"))
        chrome.listen("no-such-button", "click", lambda event: None)
    document.getElementById("new-game").click()
    assert "new" not in heard


# --- PageBoard ---------------------------------------------------------------------------------


def board_for(document: Document) -> Any:
    board_module = importlib.import_module("webapp.page.board")
    board = board_module.PageBoard(document)
    for column, element in enumerate(board.columns):
        element.rect = _rect(20 + 100 * column, 200, 80, 112)
    board.tableau.rect = _rect(0, 190, 700, 600)
    board.tableau.clientHeight = 600
    board.containers["reserve"].rect = _rect(20, 20, 80, 112)
    for name, element in board.containers.items():
        if name != "reserve" and element.rect.width == 0:
            element.rect = _rect(600, 20, 80, 112)
    return board


def _rect(left: float, top: float, width: float, height: float) -> Any:
    from fake_dom import Rect

    return Rect(left, top, width, height)


def test_the_board_mounts_a_game_and_moves_only_what_changed(document: Document) -> None:
    from webapp.table.render import board_view

    board = board_for(document)
    room = board.measure()
    assert board.card_width == 80 and room == pytest.approx(592 / 80)
    game = Game.new(5)
    rooms = [room] * 7
    board.mount(board_view(game, rooms, None), {})
    faces = document.querySelectorAll("[data-card]")
    assert len(faces) == sum(up for column in game.columns for _card, up in column)
    top = game.columns[0][-1][0]
    assert board.element_of(top).getAttribute("data-card") == top
    owned = board.columns[0].getAttribute("aria-owns").split()
    assert owned[-1] == f"card-{top}"
    board.deal_in()
    assert any(el.animations for el in board.elements.values())
    dealt = game.play(DEAL).cards
    changed = board.update(board_view(game, rooms, None), turning=())
    assert 3 <= changed < 10  # the reserve's three cards, and the cards they cover
    assert all(board.element_of(card).parentNode is board.layer for card in dealt)
    assert board.update(board_view(game, rooms, None)) == 0
    labels = {card: f"label {card}" for card in board.view if board.view[card].live}
    board.apply_labels(labels)
    card = next(iter(labels))
    assert board.element_of(card).getAttribute("aria-label") == f"label {card}"


def test_hit_tests_targets_and_a_drag(document: Document) -> None:
    from webapp.table.render import board_view

    board = board_for(document)
    board.measure()
    game = Game.new(5)
    board.mount(board_view(game, [8.0] * 7, None), {})
    assert board.column_under(260) == 2 and board.column_spanning(265) == 2
    assert board.column_spanning(110) is None  # in the gap between columns 1 and 2
    assert board.column_centres()[0] == 60
    top = game.columns[3][-1][0]
    assert board.column_at(board.element_of(top)) == 3
    assert board.column_at(board.columns[5]) == 5 and board.column_at(None) is None
    board.mark_targets([1, 4])
    assert board.columns[1].classList.contains("target")
    board.mark_targets([4])
    assert not board.columns[1].classList.contains("target")
    board.update(board_view(game, [8.0] * 7, top))
    board.start_drag(3)
    board.drag_to(3, 12.0, -5.0)
    assert "translate" in str(board.element_of(top).style.transform)
    board.end_drag(3)
    assert not board.columns[3].classList.contains("dragging")
    board.set_depth(12.5)
    assert board.depth == 12.5 and "12.5" in board.tableau.style.minHeight
    board.set_reduced(True)
    assert board.motion_ms == 0
    board.set_roving(board.columns[2])
    assert board.columns[2].getAttribute("tabindex") == "0"
    assert board.columns[0].getAttribute("tabindex") == "-1"
    assert not board.table_has_focus()


def test_a_card_moving_to_another_container_glides_from_where_it_was(document: Document) -> None:
    from webapp.table.render import board_view

    board = board_for(document)
    board.measure()
    game = Game.new(3)
    rooms = [8.0] * 7
    board.mount(board_view(game, rooms, None), {})
    dealt = game.play(DEAL).cards  # the reserve's cards change container: animated
    board.update(board_view(game, rooms, None))
    assert set(dealt) <= set(board.glides)
    first = {card: board.glides[card][0] for card in dealt}
    game.undo()
    board.update(board_view(game, rooms, None))  # back at once: the glides under way stop
    assert all(animation.cancelled for animation in first.values())
    assert all(board.element_of(card).parentNode is board.containers["reserve"] for card in dealt)
    board.set_animations(False)
    game.redo()
    board.update(board_view(game, rooms, None))
    assert not any(card in board.glides for card in dealt)  # no motion: no glide


# --- timing -------------------------------------------------------------------------------------


def page_for(document: Document) -> Any:
    from webapp.page.browser import Page

    return Page(
        document, document.defaultView, lambda fn: fn, lambda fn: fn, lambda v, **k: v, dict
    )


def test_tasks_run_after_the_frame_when_idle_and_after_a_quiet_spell(document: Document) -> None:
    from webapp.page.browser import browser_timing
    from webapp.page.timing import IDLE_MS

    window = document.defaultView
    timing = browser_timing(page_for(document))
    ran: list[str] = []
    timing.defer(lambda: ran.append("defer"))
    timing.background(lambda: ran.append("background"))
    timing.soon(lambda: ran.append("soon"))
    timing.idle(lambda: ran.append("idle 1"))
    window.now = 500
    timing.idle(lambda: ran.append("idle 2"))  # pushes the quiet spell back
    window.run(until=IDLE_MS)  # the first timer fires early: re-armed
    assert "defer" in ran and "background" in ran and "soon" in ran
    assert "idle 1" not in ran and "idle 2" not in ran
    window.run()
    assert ran.count("idle 2") == 1 and "idle 1" not in ran


# --- the browser's services ----------------------------------------------------------------------


class Promise:
    def __init__(self, value: Any = None, error: Any = None) -> None:
        self.value, self.error = value, error

    def then(self, ok: Any, failed: Any = None) -> None:
        if self.error is None:
            ok(self.value)
        elif failed is not None:
            failed(self.error)


def test_services_over_the_window(document: Document, capsys: pytest.CaptureFixture[str]) -> None:
    page = page_for(document)
    window = document.defaultView
    window.Date = types.SimpleNamespace(
        now=lambda: 1_764_489_600_000,
        new=lambda *args: types.SimpleNamespace(
            getTimezoneOffset=lambda: -60,
            getFullYear=lambda: 2026,
            getMonth=lambda: 11,
            getDate=lambda: 2,
            toLocaleDateString=lambda lang, options: f"{args} {lang} {sorted(options)}",
            toLocaleString=lambda lang: f"{args[0]} in {lang}",
        ),
    )
    window.location = types.SimpleNamespace(
        origin="http://127.0.0.1:8000", pathname="/scorpion/", reload=lambda: reloads.append(1)
    )
    reloads: list[int] = []
    assert page.now_ms() == 1_764_489_600_000 and page.utc_offset() == -60
    assert page.today() == date(2026, 12, 2)
    assert page.date_text(date(2026, 3, 1), "sv", month="long") == "(2026, 2, 1) sv ['month']"
    assert page.time_text(5, "de") == "5.0 in de"  # Date takes a float
    assert page.address() == "http://127.0.0.1:8000/scorpion/"
    window.reduced = True
    assert page.reduced_motion()
    page.reload()
    assert reloads == [1]
    ran: list[str] = []
    page.later(10, lambda: ran.append("later"))
    page.after_frame(lambda: ran.append("frame"))
    handle = page.every(1000, lambda: ran.append("tick"))
    window.run()
    for fn in list(window.intervals.values()):
        fn()
    window.intervals_before = dict(window.intervals)
    page.stop((next(iter(window.intervals)), types.SimpleNamespace(destroy=lambda: None)))
    assert ran == ["frame", "later", "tick"] and handle
    page.mark("scorpion-test")
    assert window.marks == ["scorpion-test"] and page.perf_now() == window.now
    # the clipboard: copied, refused, or no clipboard at all
    said: list[str] = []
    window.navigator = types.SimpleNamespace(
        clipboard=types.SimpleNamespace(writeText=lambda text: Promise(text)),
        storage=types.SimpleNamespace(
            persist=lambda: Promise(True), persisted=lambda: Promise(False)
        ),
    )
    page.copy_text("x", lambda: said.append("copied"), lambda: said.append("refused"))
    window.navigator.clipboard = types.SimpleNamespace(writeText=lambda t: Promise(error="no"))
    page.copy_text("x", lambda: said.append("copied"), lambda: said.append("refused"))
    window.navigator.clipboard = None
    page.copy_text("x", lambda: said.append("copied"), lambda: said.append("refused"))
    assert said == ["copied", "refused", "refused"]
    answers: list[bool] = []
    assert page.persistence(True, answers.append) and page.persistence(False, answers.append)
    assert answers == [True, False]
    window.navigator = types.SimpleNamespace()
    assert not page.persistence(True, answers.append)


def test_fetching_text_and_reading_a_chosen_file(document: Document) -> None:
    page = page_for(document)
    window = document.defaultView
    got: list[str] = []

    def respond(url: str) -> Promise:
        if url == "missing":
            return Promise(types.SimpleNamespace(ok=False, status=404))
        if url == "offline":
            return Promise(error="TypeError: Failed to fetch")
        return Promise(types.SimpleNamespace(ok=True, text=lambda: Promise(f"body of {url}")))

    window.fetch = respond
    page.fetch_text("a.json", got.append, lambda why: got.append(f"failed: {why}"))
    page.fetch_text("missing", got.append, lambda why: got.append(f"failed: {why}"))
    page.fetch_text("offline", got.append, lambda why: got.append(f"failed: {why}"))
    del window.fetch
    page.fetch_text("any", got.append, lambda why: got.append("no fetch"))
    assert got == [
        "body of a.json",
        "failed: HTTP 404",
        "failed: TypeError: Failed to fetch",
        "no fetch",
    ]
    chooser = document.getElementById("import-file")
    chooser.files = types.SimpleNamespace(length=0)
    assert not page.read_chosen_file("import-file", got.append, got.append)
    chooser.files = types.SimpleNamespace(
        length=1, item=lambda i: types.SimpleNamespace(text=lambda: Promise('{"v": 1}'))
    )
    chooser.value = "C:\\fakepath\\export.json"
    assert page.read_chosen_file("import-file", got.append, got.append)
    assert got[-1] == '{"v": 1}' and chooser.value == ""


def test_a_download_is_a_link_clicked_inside_the_open_dialog(document: Document) -> None:
    page = page_for(document)
    window = document.defaultView
    clicked: list[str] = []
    window.Blob = types.SimpleNamespace(new=lambda parts, options: ("blob", parts, options))
    window.URL = types.SimpleNamespace(
        createObjectURL=lambda blob: "blob:1", revokeObjectURL=lambda url: clicked.append("revoked")
    )
    parent = document.getElementById("settings-dialog")
    original = Element.click

    def click(self: Element) -> None:
        clicked.append(f"{self.getAttribute('href') or self.href}")
        original(self)

    Element.click = click  # type: ignore[method-assign]
    try:
        page.download("a,b\n", "scorpion.csv", "text/csv", parent)
    finally:
        Element.click = original  # type: ignore[method-assign]
    window.run()
    assert clicked == ["blob:1", "revoked"]
    assert not parent.querySelector("a")  # the link is gone again


def test_local_storage_blocked_is_none(document: Document) -> None:
    from webapp.page.browser import local_storage

    class Blocked:
        @property
        def localStorage(self) -> Any:  # noqa: N802
            raise PermissionError("blocked")

    assert local_storage(Blocked()) is None
    assert local_storage(types.SimpleNamespace(localStorage="store")) == "store"
