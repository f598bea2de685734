"""The game's acceptance scenarios, each written once and run in Chromium, Firefox and
WebKit (drivers.py). One session per engine for the module; a scenario that needs a first
visit makes its own. After each, conftest checks that no console error was logged and no
request left the origin. To add a scenario, add a ``test_`` function taking ``engine``
(and ``server``): it runs in every engine.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable

from webapp.winnable import FIRST_DEAL

from e2e.engines.conftest import ROOT, SiteServer
from e2e.engines.drivers import Driver, WaitTimeoutError
from e2e.engines.play import (
    CONTROLLED,
    POINT,
    STILL,
    after,
    boot,
    choose_language,
    click,
    description,
    fresh,
    owns,
    play,
    play_line,
    text,
    wait_count,
    wait_ready,
    wait_text,
)
from e2e.test_game import REFUSALS, refusal_position, seed_boards
from e2e.ui import DECK, LINE, SEED
from scorpion import Game, saves
from scorpion.session import Session

BOARD = "#board-description"
SHOTS = ROOT / "screenshots" / "engines"  # (pytest-playwright empties test-results/)
SNAPSHOT = "() => document.documentElement.dataset.snapshot || null"
KEPT_S = 90.0  # the copy is written once the game is idle: allow for a loaded machine


def test_example_move_by_click_drag_and_keyboard(engine: Driver, server: SiteServer) -> None:
    fresh(engine, server.url(), f"?deck={DECK}&lang=de")
    deal, moved = seed_boards("de")
    wait_text(engine, BOARD, deal)
    wait_count(engine, "[data-card]", 37)
    play(engine, "4H>7")  # by click
    wait_text(engine, "#score", "5")
    wait_text(engine, BOARD, moved)
    click(engine, "#undo")
    wait_text(engine, BOARD, deal)

    # by drag: pressed on 4H, moved (the pile follows), released over column 7
    wait_count(engine, owns(2, "4H"), 1)
    engine.wait(STILL)
    lift(engine, "4H", column=2)
    tx, ty = engine.wait(POINT_OF_COLUMN, 7)
    engine.move(tx, ty, steps=8)
    engine.up()
    wait_count(engine, owns(7, "4H"), 1)
    wait_text(engine, BOARD, moved)
    click(engine, "#undo")
    wait_count(engine, owns(2, "4H"), 1)

    # by keyboard only: an arrow key with the focus on nothing enters the table (at the
    # keyboard cursor, wherever the last moves left it); right to column 2, up to 4H,
    # Enter, right to column 7, Enter. Each key once the last one has moved the focus.
    engine.wait(STILL)
    engine.js("() => document.activeElement?.blur()")
    engine.press("ArrowRight")
    engine.wait(f"() => ({FOCUSED_COLUMN})() !== null")
    key_to_column(engine, 2)
    engine.press("ArrowUp")
    engine.wait("() => document.activeElement?.dataset.card === '4H'")
    engine.press("Enter")
    wait_count(engine, '[data-card="4H"][aria-pressed="true"]', 1)
    key_to_column(engine, 7)
    engine.press("Enter")
    wait_text(engine, BOARD, moved)
    engine.press("u")
    wait_count(engine, owns(2, "4H"), 1)
    engine.press("Control+y")
    wait_count(engine, owns(7, "4H"), 1)


# A point on the visible part of a card (its top strip: the cards after it in its column
# cover the rest) where the page finds that card, the same two frames apart; else null. The
# layout can still move when a test starts (WebKit under load has resized its window after
# the page was drawn): a point read before that pressed another column's card.
GRIP_OF = """card => new Promise(resolve => {
    const spot = () => {
        const r = document.querySelector(`[data-card="${card}"]`).getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + Math.min(8, r.height / 2);
        const hit = document.elementFromPoint(x, y)?.closest('[data-card]');
        return r.width && hit?.dataset.card === card ? [x, y] : null;
    };
    const first = spot();
    requestAnimationFrame(() => requestAnimationFrame(() => {
        const second = spot();
        resolve(first && second && first[0] === second[0] && first[1] === second[1]
            ? first : null);
    }));
})"""
# The pointer events the page sees, kept for a drag that does not start.
LOG_POINTER = """() => {
    window.__pointerLog = [];
    if (window.__pointerLogging) return;
    window.__pointerLogging = true;
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) {
        document.addEventListener(type, e => window.__pointerLog.push(
            `${type} ${Math.round(e.clientX)},${Math.round(e.clientY)} `
            + (e.target.dataset?.card || e.target.dataset?.column || e.target.tagName)), true);
    }
}"""
LIFTED = "column => document.querySelector(`[data-column=\"${column}\"]`).matches('.dragging')"
LIFT_WAIT_S = 30.0


def lift(engine: Driver, card: str, column: int) -> None:
    """Press on ``card`` (in ``column``) and move 50 px: the pile lifts and follows."""
    engine.js(LOG_POINTER)
    x, y = engine.wait(GRIP_OF, card)
    engine.move(x, y)
    engine.down()
    engine.move(x + 40, y + 30, steps=4)
    try:
        engine.wait(LIFTED, column, timeout=LIFT_WAIT_S)
    except WaitTimeoutError:
        seen = engine.js("() => window.__pointerLog")
        raise AssertionError(f"{engine.name}: the pile did not lift; the page saw {seen}") from None


# The column (1-7) of the focused element (a column, or a card it owns), or null.
FOCUSED_COLUMN = """() => {
    const e = document.activeElement;
    if (!e || !e.closest('.tableau, [data-column], [data-card]')) return null;
    const column = e.closest('[data-column]')
        || (e.id && document.querySelector(`[aria-owns~="${e.id}"]`));
    return column ? Number(column.dataset.column) : null;
}"""


def key_to_column(engine: Driver, column: int) -> None:
    """ArrowRight until the focus is in ``column`` (the columns wrap round)."""
    for _ in range(7):
        now = engine.js(FOCUSED_COLUMN)
        if now == column:
            return
        engine.press("ArrowRight")
        engine.wait(f"() => ({FOCUSED_COLUMN})() === {now % 7 + 1}")
    raise AssertionError(f"the focus never reached column {column}")


# A column's middle, below its cards (at most 200 px down).
POINT_OF_COLUMN = """column => {
    const r = document.querySelector(`[data-column="${column}"]`).getBoundingClientRect();
    return r.width ? [r.left + r.width / 2, r.top + Math.min(r.height / 2, 200)] : null;
}"""


def test_refusals_only_with_interactive_rules(engine: Driver, server: SiteServer) -> None:
    game, saved, refused = refusal_position()
    fresh(engine, server.url(), "?lang=sv", saved=saved)
    assert engine.js("() => document.querySelector('#interactive-rules').checked")
    before = description(game, "sv")
    wait_text(engine, BOARD, before)
    for reason, (card, column) in refused.items():
        click(engine, f'[data-card="{card}"]')
        click(engine, f'[data-column="{column + 1}"]')
        wait_text(engine, "#status", REFUSALS["sv"][reason])
        assert text(engine, BOARD) == before  # nothing moved
    click(engine, "#interactive-rules")
    engine.wait("() => !document.querySelector('#interactive-rules').checked")
    for card, column in refused.values():
        click(engine, f'[data-card="{card}"]')
        click(engine, f'[data-column="{column + 1}"]')
        wait_count(engine, f'[data-card="{card}"][aria-pressed="false"]', 1)
        status = text(engine, "#status")
        assert not any(message in status for message in REFUSALS["sv"].values()), status
    assert text(engine, BOARD) == before


def test_reserve_undo_redo_and_reload_keeps_the_game(engine: Driver, server: SiteServer) -> None:
    fresh(engine, server.url(), f"?deck={DECK}")
    play(engine, "4H>7")
    play(engine, "deal")
    for card, column in (("QS", 1), ("AH", 2), ("5D", 3)):
        wait_count(engine, owns(column, card), 1)
    click(engine, "#undo")
    wait_count(engine, '[data-card="QS"]', 0)
    engine.wait("() => !document.querySelector('#deal-reserve').disabled")
    click(engine, "#redo")
    wait_count(engine, owns(1, "QS"), 1)
    dealt = description(after(["4H>7", "deal"]))
    wait_text(engine, BOARD, dealt)
    engine.reload()
    wait_ready(engine)
    wait_text(engine, BOARD, dealt)
    assert "deck=" not in engine.js("() => location.href")
    wait_text(engine, "#score", "5")
    click(engine, "#undo")
    engine.wait("() => !document.querySelector('#deal-reserve').disabled")


# The line's last moves by the engine's own clicks (the sequences removed, the win); the
# way there through the page's handlers (clicks are the subject of the scenario above).
BY_CLICKS = 6


def test_the_winning_line_to_the_win(engine: Driver, server: SiteServer) -> None:
    fresh(engine, server.url(), f"?deck={DECK}", saved=with_games())
    play_line(engine, LINE[:-BY_CLICKS])
    wait_text(engine, BOARD, description(after(LINE[:-BY_CLICKS])))
    for move in LINE[-BY_CLICKS:]:
        play(engine, move)
    engine.wait("() => document.querySelector('#win-dialog').open")
    wait_text(engine, "#win-score", str(SEED["winning_score"]))
    wait_text(engine, "#score", "695")
    wait_count(engine, "[data-card]", 0)
    # Statistics from the win: the chart of the last games, drawn, pointed at, walked by keys.
    click(engine, "#win-stats")
    marks = "#chart-classic [data-game]"
    wait_count(engine, marks, 4)
    assert engine.js(DRAWN) == [4, 4], "every game's bar and mark has a box"
    readout = '[data-readout="classic"]'
    x, y = engine.wait(POINT, '[data-game="classic-1"]')
    engine.move(x, y)
    engine.wait(f"() => document.querySelector('{readout}').textContent.startsWith('Game 2 of 4')")
    engine.js("() => document.querySelector('[data-game=\"classic-3\"]').focus()")
    engine.wait("() => document.activeElement?.dataset.game === 'classic-3'")
    engine.press("ArrowLeft")
    engine.wait("() => document.activeElement?.dataset.game === 'classic-2'")
    engine.wait(f"() => document.querySelector('{readout}').textContent.startsWith('Game 3 of 4')")
    assert engine.js("() => document.activeElement.getAttribute('tabindex')") == "0"
    # For a person to look at, engine by engine: the dialog (WebKitGTK's WebDriver draws an
    # element of a modal dialog black, so the whole window).
    SHOTS.mkdir(parents=True, exist_ok=True)
    engine.js("() => document.querySelector('#stats-chart').scrollIntoView({block: 'start'})")
    engine.screenshot(SHOTS / f"{engine.name}-stats-chart.png")
    assert engine.js(NARROW), "the dialog scrolls sideways"


def with_games() -> str:
    """A save whose statistics hold three classic games (a win, a loss, a win with a
    hint), its game a new one: a link's deck replaces it without asking."""
    from scorpion.history import GameRecord
    from scorpion.stats import Stats, VariantStats

    ended = 1_796_148_300_000
    games = (
        GameRecord(ended + 2, "classic", 9, "won", 60, 200_000, 640, ("hint",), False),
        GameRecord(ended + 1, "classic", 8, "abandoned", 12, 60_000, 45, (), False),
        GameRecord(ended, "classic", 7, "won", 51, 245_000, 695, (), True),
    )
    classic = VariantStats(3, 2, 0, 1, 695, 51, 245_000, 1, 1, 1, 51, 245_000)
    session = Session(Game.new(9))
    session.stats = Stats((("classic", classic), ("relaxed", VariantStats())), games)
    return saves.dump(session, revision=1, saved_at=ended)


# Nothing in Statistics is wider than the dialog.
NARROW = """() => [...document.querySelectorAll('#stats-dialog, #stats-dialog .panel-body')]
    .every(e => e.scrollWidth <= e.clientWidth)"""
# The chart's bars and marks that the engine drew with a box.
DRAWN = """() => ['bar', 'mark'].map(kind =>
    [...document.querySelectorAll(`#chart-classic .${kind}`)]
        .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
        .length)"""


def test_language_switch(engine: Driver, server: SiteServer) -> None:
    fresh(engine, server.url(), f"?deck={DECK}")
    wait_text(engine, BOARD, description(Game.from_deck(DECK)))
    play(engine, "4H>7")
    for lang in ("sv", "zh-TW", "de"):
        choose_language(engine, lang)
        wait_text(engine, BOARD, seed_boards(lang)[1])
    engine.reload()  # the choice is kept
    wait_ready(engine)
    assert engine.js("() => document.documentElement.lang") == "de"
    wait_text(engine, BOARD, seed_boards("de")[1])


def test_review_this_game_charts_the_hints_figures_and_shows_a_move(
    engine: Driver, server: SiteServer
) -> None:
    from scorpion.game_review import review_game

    fresh(engine, server.url(), f"?deck={DECK}")
    play(engine, "4H>7")
    play(engine, "deal")
    click(engine, "#new-game")
    click(engine, "#review-game")
    engine.wait("() => document.querySelector('#review').dataset.reviewState === 'done'")
    chances = engine.js("() => document.querySelector('#review-chart').dataset.chances")
    game = after(["4H>7", "deal"])
    assert chances == ",".join(map(str, review_game(game).chances))  # as under CPython
    SHOTS.mkdir(parents=True, exist_ok=True)  # the chart as each engine draws it, to look at
    engine.screenshot(SHOTS / f"{engine.name}-review-chart.png")
    click(engine, '#review-table button[data-index="1"]')
    engine.wait("() => document.documentElement.dataset.replayIndex === '1'")
    wait_text(engine, BOARD, description(after(["4H>7"])))


def test_a_save_that_cannot_be_read_gives_a_notice_and_a_new_game(
    engine: Driver, server: SiteServer
) -> None:
    """Stored data that is not a save (the first of the tampered-storage cases: more are
    one function like this each)."""
    fresh(engine, server.url(), "", saved="{not json")
    engine.wait("() => !document.querySelector('#notice').hidden")
    assert "saved game could not be read" in text(engine, "#notice")
    wait_count(engine, "[data-card]", 37)
    click(engine, "#notice-close")
    engine.wait("() => document.querySelector('#notice').hidden")


def test_screenshots(engine: Driver, server: SiteServer) -> None:
    """The seed deal after its first move, at a phone's size and a desktop's, for a person
    to look at side by side (screenshots/engines/ENGINE-WxH.png). Where the window cannot
    be that small, the game is shown in a frame of that size (conftest.FRAME)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    fresh(engine, server.url(), f"?deck={DECK}")
    play(engine, "4H>7")
    for width, height in ((1440, 900), (390, 844)):  # (the frame's game is a reload: last)
        path = SHOTS / f"{engine.name}-{width}x{height}.png"
        engine.viewport(width, height)
        if engine.js("() => [innerWidth, innerHeight]") == [width, height]:
            engine.wait(STILL)
            engine.screenshot(path)
        else:
            engine.goto(server.url(f"engine-frame.html?w={width}&h={height}&src=./"))
            engine.wait(IN_FRAME_READY)
            engine.wait(STILL)
            engine.screenshot(path, "#game")
            engine.goto(server.url())
            wait_ready(engine)
        assert path.stat().st_size > 0


IN_FRAME_READY = """() => {
    const inner = document.querySelector('#game')?.contentDocument;
    return !!inner && inner.documentElement.dataset.ready === '1'
        && inner.querySelectorAll('[data-card]').length === 37;
}"""


# The start-up paths (``<html data-snapshot>``) each engine may take on a later visit, once
# the first visit's copy is kept. WebKit can lose a copy written just before the page is
# left (python-snapshot.mjs): that visit and the version's later ones restore the shipped
# snapshot instead. None starts Python afresh ("none").
LATER = {"chromium": {"kept"}, "firefox": {"kept"}, "webkit": {"kept", "shipped"}}


# Whether the service worker controlled the page from its start (it answered the page).
THROUGH_WORKER = "() => performance.getEntriesByType('navigation')[0].workerStart > 0"
# The files of the worker's cache whose bytes are not those its list (the built sw.js's BUILD)
# names: missing, or of another SHA-256 (an empty body among them).
CACHED_WRONG = """async () => {
    const text = await (await fetch("sw.js", { cache: "no-store" })).text();
    const start = text.indexOf("const BUILD = ") + "const BUILD = ".length;
    const build = JSON.parse(text.slice(start, text.indexOf("\\n};", start) + 2));
    const cache = await caches.open(`scorpion@/ ${build.version}`);
    const wrong = [];
    for (const [path, sha256] of Object.entries(build.files)) {
        const found = await cache.match(new URL(`/${path}`, location.href).href);
        const digest = found && await crypto.subtle.digest("SHA-256", await found.arrayBuffer());
        const hex = digest && Array.from(new Uint8Array(digest),
            (b) => b.toString(16).padStart(2, "0")).join("");
        if (hex !== sha256) wrong.push(path);
    }
    return wrong;
}"""


def reload_paths(driver: Driver, times: int) -> list[tuple[str, float]]:
    """Reload ``times`` times, each as soon as the game is ready: (path, seconds) each. A
    visit the service worker does not control yet is a first visit again: from this
    machine's server it restores the shipped snapshot unless the server was slow to answer
    (python-snapshot.mjs), and then starts Python itself: its path is "none (first)"."""
    paths = []
    for _ in range(times):
        started = time.monotonic()
        driver.reload()
        wait_ready(driver)
        path = driver.js(SNAPSHOT)
        if path == "none" and not driver.js(THROUGH_WORKER):
            path = "none (first)"
        paths.append((path, round(time.monotonic() - started, 1)))
    return paths


def test_first_visit_later_visits_and_offline(
    new_session: Callable[[], Driver], server: SiteServer
) -> None:
    """Which start-up path the engine takes on a first visit and on later ones; then a
    reload with the network down once the service worker has the site."""
    driver = new_session()
    boot(driver, f"{server.url()}?deck={DECK}")
    first = driver.js(SNAPSHOT)
    assert first in ("shipped", "kept", "none"), f"{driver.name}: the first visit took {first}"
    if first == "none":  # the server was slow to answer: the next visit restores it
        driver.wait(CONTROLLED)
        driver.reload()
        wait_ready(driver)
        assert driver.js(SNAPSHOT) in ("shipped", "kept")
    play(driver, "4H>7")
    driver.wait("() => document.documentElement.dataset.snapshot === 'kept'", timeout=KEPT_S)
    driver.wait(CONTROLLED)
    paths = reload_paths(driver, 3)
    print(f"{driver.name}: first visit {first}; later visits {paths}")
    assert {path for path, _ in paths} <= LATER[driver.name], paths
    wait_count(driver, owns(7, "4H"), 1)
    assert driver.js(CACHED_WRONG) == []  # kept whole, each file let go of once checked

    server.offline = True
    driver.reload()
    wait_ready(driver)
    wait_count(driver, owns(7, "4H"), 1)
    play(driver, "2H>3")
    wait_count(driver, owns(3, "2H"), 1)


def test_reloads_the_moment_the_game_is_ready_restore_a_snapshot(
    new_session: Callable[[], Driver], server: SiteServer
) -> None:
    """A player who leaves as soon as the game is up may leave while its copy is being
    kept: every visit restores a snapshot all the same, and a copy that failed once is not
    tried again for the version (python-snapshot.mjs)."""
    driver = new_session()
    boot(driver, f"{server.url()}?deck={DECK}")
    paths = reload_paths(driver, 4)
    print(f"{driver.name}: reloads at once {paths}")
    assert "none" not in {path for path, _ in paths}, paths  # every controlled visit restored
    failed = driver.js("() => localStorage.getItem('scorpion.python-snapshot@/.failed')")
    if failed is not None:  # a copy failed: none kept, none read again
        version = driver.js("() => document.documentElement.dataset.version")
        assert failed == version
        assert driver.js("() => localStorage.getItem('scorpion.python-snapshot@/')") is None
        assert [path for path, _ in reload_paths(driver, 1)] in (["shipped"], ["none (first)"])


# --- stored data written by someone else (the saved-data issue's cases) ----------------------


def paint_xss(version: int) -> str:
    """A paint of the first builds' kind (markup) with a script in it."""
    markup = '<img src=x onerror="window.__pwned=1">'
    paint = {"v": version, "lang": "en", "four": False, "owners": [], "texts": {}}
    return json.dumps({**paint, "parents": {"table": markup}})


SAVED_MOVES = (
    "() => JSON.parse(localStorage.getItem('scorpion.save@/') || 'null')?.current.game.moves.length"
)
BACKUPS = """() => Object.keys(localStorage).filter(k => k.startsWith('scorpion.backup.'))
    .map(k => localStorage.getItem(k).length)"""


def store(engine: Driver, items: dict[str, str]) -> None:
    """An emptied localStorage holding ``items`` (as another page of the origin could)."""
    engine.js("() => localStorage.clear()")
    for key, value in items.items():
        engine.js("(k, v) => localStorage.setItem(k, v)", key, value)


def test_tampered_paint_never_runs_nor_breaks_the_page(engine: Driver, server: SiteServer) -> None:
    base = server.url()
    engine.goto(base + "static/icon.svg")
    store(engine, {"scorpion.paint": paint_xss(3), "scorpion.paint@/": paint_xss(4)})
    boot(engine, base)
    assert engine.js("() => window.__pwned === undefined && !document.querySelector('img[src=x]')")
    wait_count(engine, "[data-card]", 37)
    # A paint of this very board, kept once the player pauses; then a selector in it.
    engine.wait(
        "() => !!JSON.parse(localStorage.getItem('scorpion.paint@/') || '{}').cards",
        timeout=KEPT_S,
    )
    engine.js(
        """() => { const p = JSON.parse(localStorage.getItem('scorpion.paint@/'));
        p.cards[0][0] = 'x"],body,[y="'; p.texts.tableau = 'gone';
        localStorage.setItem('scorpion.paint@/', JSON.stringify(p)); }"""
    )
    boot(engine, base)
    wait_count(engine, "[data-column]", 7)
    wait_count(engine, "[data-card]", 37)


def test_tampered_saves_are_kept_aside_and_never_block_saving(
    engine: Driver, server: SiteServer
) -> None:
    base = server.url()
    engine.goto(base + "static/icon.svg")
    store(engine, {"scorpion.save@/": "x" * 2_000_000})  # fits every engine; a copy would not
    boot(engine, base)
    engine.wait("() => document.querySelector('#notice').textContent.includes('kept in Settings')")
    assert engine.js(BACKUPS) == [2_000_000]
    play(engine, "deal")
    engine.wait(f"() => ({SAVED_MOVES})() === 1")
    # A line of play longer than any game: refused before it is replayed.
    long = json.loads(saves.dump(Session(Game.from_deck(DECK)), revision=1, saved_at=0))
    long["current"]["game"]["moves"] = ["QS>2", "QS>1"] * 120_000
    long["stats"]["classic"]["played"] = 9
    engine.goto(base + "static/icon.svg")
    store(engine, {"scorpion.save@/": json.dumps(long)})
    boot(engine, base)
    engine.wait("() => document.querySelector('#notice').textContent.includes('longer than any')")
    # An unreadable revision: the game comes back, and the notice says so.
    game = Game.from_deck(DECK, moves=" ".join(LINE[:2]))
    broken = json.loads(saves.dump(Session(game, counted=True), revision=1, saved_at=0))
    broken["revision"] = "abc"
    engine.goto(base + "static/icon.svg")
    store(engine, {"scorpion.save@/": json.dumps(broken)})
    boot(engine, base)
    engine.wait("() => document.querySelector('#notice').textContent.includes('were restored')")
    assert not engine.js("() => document.querySelector('#undo').disabled")


# Every card's box; a mark on each element (a property: Python's own elements lack it).
BOXES = """() => [...document.querySelectorAll('.card')].map(e => {
    const r = e.getBoundingClientRect();
    return [e.dataset.card || '', ...[r.x, r.y, r.width, r.height].map(Math.round)];
})"""
MARK = "() => document.querySelectorAll('.card').forEach(e => { e.baked = true; })"
MARKED = "() => [...document.querySelectorAll('.card')].every(e => e.baked === true)"


def test_a_first_visit_shows_the_baked_board_and_python_adopts_it(
    new_session: Callable[[], Driver], server: SiteServer
) -> None:
    """A newcomer sees the first deal the build baked into the page before Python runs
    (app.zip held back by the server), on a phone's width; Python keeps those elements
    where they are, and plays."""
    driver = new_session()
    driver.viewport(390, 844)
    server.held = threading.Event()
    try:
        driver.goto(server.url())
        wait_count(driver, ".card", 52)
        assert driver.js("() => document.documentElement.dataset.paint") == "baked"
        assert driver.js("() => document.documentElement.dataset.ready") != "1"
        wait_text(driver, "#deal-line", f"Deal {FIRST_DEAL} · Classic")
        before = driver.js(BOXES)
        driver.js(MARK)
    finally:
        server.held.set()
        server.held = None
    wait_ready(driver)
    assert driver.js(MARKED), f"{driver.name}: Python drew the board again"
    assert driver.js(BOXES) == before, f"{driver.name}: the board moved when Python took over"
    play(driver, "TD>3")
    wait_count(driver, owns(3, "TD"), 1)
