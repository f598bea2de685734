"""Random play: a seeded stream of a player's inputs, then checks of what the game kept.

Written once against the engine-neutral ``Driver`` (e2e/engines/drivers.py), run in
Chromium by e2e/test_monkey.py (``make e2e``) and in Firefox and WebKit by
e2e/engines/test_monkey.py (``make engines-test``).

The inputs: clicks and taps on cards, columns and the empty table; drags of piles between
columns; keys; bursts of undo and redo while cards still glide; window sizes from a tiny
one through a phone's to a huge one; the language; the New game, Statistics, Settings and
Rules dialogs and the phone's Menu opened and closed; now and then a new game or a
restart. Nothing that leaves the page (Share, Export, Import, downloads) is pressed.

Every decision is drawn from ``random.Random(seed)``, the same number of draws for every
input whatever the page shows, so a seed replays the same inputs (where a page differs,
as when a click lands on a card still gliding, what they hit may differ). Inputs are paced
by the page's own animation frames, and a quarter are not paced at all.

After each input: no console error, no page error, no handler's error (the app logs those
and says "Something went wrong" in its notice bar). After the run: the board shown is the
board replayed from the save (each column's face-up cards, the face-down count, the
reserve, the removed sequences, the score, Undo, Redo and the reserve's state); the
Statistics dialog shows the saved figures, which add up and count the games the run
ended; a reload shows the same board.

Environment (for long local runs and for replaying a failure):

- ``SCORPION_MONKEY_SEED``: a seed, several (``1,2,3``) or ``random`` (one drawn and
  printed); the tests' own seeds otherwise.
- ``SCORPION_MONKEY_SECONDS``: the inputs' time budget per seed.
- ``SCORPION_MONKEY_INPUTS``: at most this many inputs per seed (a failure says how many
  it played: with this and a long time budget the same inputs are played again).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from webapp import figures as number_formats

from e2e.engines.drivers import Driver, WaitTimeoutError
from e2e.engines.play import STILL, fresh, wait_ready
from scorpion import saves
from scorpion.cards import FULL_DECK, RANKS
from scorpion.game import VARIANTS
from scorpion.history import LIMIT
from scorpion.i18n import LANGUAGES, LOCALE_DIRS

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "test-results" / "monkey"
SAVE_KEY = "scorpion.save@/"  # the site served at the root
INPUTS = 100_000  # far more than a time budget allows: the time is the bound
SETTLE_S = 30.0  # the save follows the board once the page is idle: a loaded machine
MISSED_S = 10.0  # a click's effect not there by then: the click missed

# Window sizes: tiny, phones (portrait and landscape), a tablet, desktops, huge. An
# engine that cannot make one (a window has a minimum, the screen a maximum) makes what
# it can; the log says what it made.
SIZES = (
    (390, 844),
    (390, 844),
    (360, 640),
    (320, 568),
    (844, 390),
    (150, 150),
    (240, 320),
    (768, 1024),
    (1024, 640),
    (1280, 900),
    (1280, 900),
    (1920, 1080),
    (2560, 1440),
    (3200, 1800),
)
KEYS = (
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "ArrowDown",
    "Enter",
    "Enter",
    " ",
    " ",
    "Escape",
    "u",
    "U",
    "d",
    "D",
    "h",
    "b",
    "n",
    "Control+z",
    "Control+y",
    "Control+Shift+z",
)
# Buttons whose Enter or Space keeps the player on the page (Share, Export, Import and
# the like do not, or may not).
SAFE_BUTTONS = frozenset(
    {"undo", "redo", "menu-redo", "hint", "new-game", "menu-button", "stats", "rules"}
    | {"settings-button", "notice-close", "deal-reserve", "finish"}
)
CLOSERS = {
    "new-game-dialog": "ng-cancel",
    "stats-dialog": "stats-close",
    "settings-dialog": "settings-close",
    "rules-dialog": "rules-close",
    "win-dialog": "win-close",
    "reset-dialog": "reset-cancel",
    "daily-dialog": "daily-close",
    "link-dialog": "link-keep",
    "lost-dialog": "lost-cancel",
    "solver-dialog": "solver-cancel",
    "data-dialog": "data-dialog-cancel",
}
OPENERS = {
    "new-game-dialog": "new-game",
    "stats-dialog": "stats",
    "settings-dialog": "settings-button",
    "rules-dialog": "rules",
}
# What the phone's Menu holds (index.html, #more-tools).
IN_MENU = frozenset({"menu-redo", "share", "rules", "stats", "settings-button"})

# (kind, weight): how often each kind of input is drawn.
KINDS = (
    ("click_card", 14),
    ("click_column", 10),
    ("tap", 6),
    ("click_table", 4),
    ("drag", 10),
    ("key", 20),
    ("burst", 5),
    ("button", 6),
    ("resize", 3),
    ("language", 2),
    ("dialog", 4),
    ("new_game", 1.5),
)
DRAWS = 6  # parameters drawn for every input, whatever its kind
DRAIN_EVERY = 8  # inputs between two takes of the console's errors


# --- in the page ------------------------------------------------------------------------

# Handler errors the app logs (print: console.log) rather than raises: kept for the test.
HOOK = """() => {
    if (window.__monkey) return;
    const kept = window.__monkey = {logged: []};
    for (const level of ["log", "info", "warn"]) {
        const original = console[level];
        console[level] = function (...args) {
            const text = args.map(a => a && a.stack ? a.stack : String(a)).join(" ");
            if (/^scorpion: error|Traceback \\(most recent call last\\)/.test(text))
                kept.logged.push(text.slice(0, 3000));
            return original.apply(console, args);
        };
    }
}"""

# After an input: ``frames`` animation frames on (0: at once), what the page shows that
# the next input depends on, and what went wrong. The timer is a guard for a page whose
# frames do not come (it is not the pacing).
AFTER = """(frames) => new Promise(resolve => {
    const done = () => {
        const kept = window.__monkey || {logged: []};
        const notice = document.getElementById("notice");
        const focused = document.activeElement;
        const menu = document.getElementById("menu-button");
        resolve({
            logged: kept.logged.splice(0),
            // the test build's recorder (e2e/engines/conftest.py), left for the driver
            recorded: (window.__engineTest?.errors || []).length,
            notice: notice && !notice.hidden
                ? document.getElementById("notice-text").textContent : "",
            pyerror: document.querySelector(".py-error")?.textContent || "",
            dialogs: [...document.querySelectorAll("dialog[open]")].map(d => d.id),
            menu: menu?.getAttribute("aria-expanded") === "true",
            focus: focused && focused !== document.body ? (focused.id || focused.tagName) : "",
            inTable: !!(focused && focused.closest && focused.closest("#table")),
            lang: document.documentElement.lang,
            size: [innerWidth, innerHeight],
        });
    };
    if (!frames) { done(); return; }
    let left = frames, finished = false;
    const guard = setTimeout(() => { if (!finished) { finished = true; done(); } }, 1000);
    const tick = () => {
        if (finished) return;
        if (--left > 0) { requestAnimationFrame(tick); return; }
        finished = true; clearTimeout(guard); done();
    };
    requestAnimationFrame(tick);
})"""

# A point where a click reaches ``what`` (scrolled into view), with what is there, or
# null. what: ["card", column 1-7, depth 0-1 (0: the top card)], ["column", column, y
# 0-1], ["table", x 0-1, y 0-1, ids of the controls over it that may be hit], ["id",
# element id], ["outside", dialog id, x, y] (a point of the backdrop round a dialog).
TARGET = """(what) => {
    const [kind, a, b, c] = what;
    const vw = innerWidth, vh = innerHeight;
    const seen = (hit) => !hit ? "nothing" : hit.closest("[data-card]")?.dataset.card
        || hit.closest("[id]")?.id || hit.tagName;
    const point = (e, reaches, fy) => {
        e.scrollIntoView({block: "nearest", inline: "nearest"});
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return null;
        const x = Math.min(Math.max(r.left + r.width / 2, 1), vw - 1);
        const first = r.top + fy * r.height;
        if (first >= 0 && first < vh && reaches(document.elementFromPoint(x, first)))
            return [x, first];
        for (let y = Math.max(r.top + 2, 1); y < Math.min(r.bottom, vh); y += 4)
            if (reaches(document.elementFromPoint(x, y))) return [x, y];
        return null;
    };
    const column = (n) => document.querySelector(`[data-column="${n}"]`);
    const owned = (col) => (col.getAttribute("aria-owns") || "").split(" ").filter(Boolean);
    const reachesColumn = (col) => (hit) => !!hit && (col.contains(hit)
        || owned(col).includes(hit.closest("[data-card]")?.id));
    let found = null;
    if (kind === "card") {
        const col = column(a), ids = owned(col);
        if (!ids.length) return null;
        const card = document.getElementById(ids[ids.length - 1 - Math.floor(b * ids.length)]);
        found = point(card, (hit) => !!hit && hit.closest("[data-card]") === card, 0.5);
    } else if (kind === "column") {
        const col = column(a);
        found = point(col, reachesColumn(col), b);
    } else if (kind === "table") {
        const r = document.getElementById("table").getBoundingClientRect();
        const left = Math.max(r.left, 0), right = Math.min(r.right, vw);
        const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, vh);
        if (right - left < 2 || bottom - top < 2) return null;
        found = [left + 1 + a * (right - left - 2), top + 1 + b * (bottom - top - 2)];
        // Over the table may lie the Menu or a notice: none of their controls that could
        // take the player off the page.
        const control = document.elementFromPoint(found[0], found[1])
            ?.closest("button, a, input, select, label, summary");
        if (control && !control.closest("#table") && !c.includes(control.id)) return null;
    } else if (kind === "id") {
        const e = document.getElementById(a);
        if (!e || e.closest("[hidden]")) return null;
        found = point(e, (hit) => !!hit && e.contains(hit), 0.5);
    } else if (kind === "outside") {
        const r = document.getElementById(a).getBoundingClientRect();
        const spots = [[b * vw, r.top / 2], [b * vw, (r.bottom + vh) / 2],
                       [r.left / 2, c * vh], [(r.right + vw) / 2, c * vh]];
        found = spots.find(([x, y]) => x > 1 && y > 1 && x < vw - 1 && y < vh - 1
            && (x < r.left || x > r.right || y < r.top || y > r.bottom)) || null;
    }
    return found && [found[0], found[1], seen(document.elementFromPoint(found[0], found[1]))];
}"""

# What the table shows, and the save, read at one moment.
BOARD = """(key) => {
    const columns = [1, 2, 3, 4, 5, 6, 7].map(n =>
        (document.querySelector(`[data-column="${n}"]`).getAttribute("aria-owns") || "")
            .split(" ").filter(Boolean).map(id => id.replace(/^card-/, "")));
    const places = [1, 2, 3, 4].map(n =>
        [...document.querySelectorAll(`#place-${n} .card use`)]
            .map(u => u.getAttribute("href").split("#")[1]));
    const on = id => !document.getElementById(id).disabled;
    return {
        columns, places,
        down: document.querySelectorAll('[data-parent="table"] > .card:not([data-card])').length,
        reserve: document.querySelectorAll('#deal-reserve .card').length,
        score: document.getElementById("score").textContent.trim(),
        undo: on("undo"), redo: on("redo"), deal: on("deal-reserve"),
        saved: localStorage.getItem(key),
    };
}"""

# The Statistics dialog's figures as a player reads them (the words for screen readers
# left out): {variant: {stat: text}}.
STATS_CELLS = """() => {
    const out = {};
    for (const cell of document.querySelectorAll("#stats-table [data-variant][data-stat]")) {
        const copy = cell.cloneNode(true);
        copy.querySelectorAll(".visually-hidden").forEach(e => e.remove());
        (out[cell.dataset.variant] ||= {})[cell.dataset.stat] = copy.textContent.trim();
    }
    return out;
}"""

NEW_GAME_OPEN = "() => document.getElementById('new-game-dialog').open"
MENU_OPEN = "() => document.getElementById('menu-button').getAttribute('aria-expanded') === 'true'"

CHOOSE = """([id, value]) => {
    const select = document.getElementById(id);
    select.focus();
    select.value = value;
    select.dispatchEvent(new Event("input", {bubbles: true}));
    select.dispatchEvent(new Event("change", {bubbles: true}));
}"""


class MonkeyError(AssertionError):
    pass


@cache
def error_notices() -> frozenset[str]:
    """The notice a handler's error shows ("Something went wrong; ..."), in every language."""
    english = "Something went wrong; the game goes on."
    texts = {english}
    for lang in LANGUAGES:
        path = ROOT / "i18n" / LOCALE_DIRS[lang] / "LC_MESSAGES" / "scorpion.po"
        with path.open("rb") as file:
            message = read_po(file).get(english)
        if message is not None and message.string:
            texts.add(str(message.string))
    return frozenset(texts)


# --- the expected board, from the save --------------------------------------------------


def board_of_save(text: str | None) -> tuple[dict[str, Any], saves.Loaded]:
    """What the table should show for the saved ``text`` (its game replayed by the
    project's own loading), in the terms ``BOARD`` reads, and what was read."""
    loaded = saves.read(text)
    if loaded.problems or loaded.session is None:
        raise MonkeyError(f"the save does not read back: problems {loaded.problems}")
    game = loaded.session.game
    places = [sorted(f"f{FULL_DECK.index(rank + suit)}" for rank in RANKS) for suit in game.removed]
    board = {
        "columns": [list(game.face_up(c)) for c in range(7)],
        "places": places + [[]] * (4 - len(places)),
        "down": sum(game.hidden_count(c) for c in range(7)),
        "reserve": len(game.reserve),
        "score": str(game.score),
        "undo": game.can_undo,
        "redo": game.can_redo,
        "deal": bool(game.reserve),
    }
    return board, loaded


def shown(board: dict[str, Any]) -> dict[str, Any]:
    """``BOARD``'s reading without the save, the places' cards in a fixed order."""
    out = {k: v for k, v in board.items() if k != "saved"}
    out["places"] = [sorted(place) for place in board["places"]]
    return out


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """What ``a`` shows that ``b`` does not, a column or place at a time."""
    out = []
    for key, expected in b.items():
        seen = a.get(key)
        if seen == expected:
            continue
        if key in ("columns", "places") and isinstance(seen, list) and len(seen) == len(expected):
            out += [
                f"{key[:-1]} {n + 1}: shown {s!r}, expected {e!r}"
                for n, (s, e) in enumerate(zip(seen, expected, strict=True))
                if s != e
            ]
        else:
            out.append(f"{key}: shown {seen!r}, expected {expected!r}")
    return out


# --- the run ----------------------------------------------------------------------------


@dataclass
class Budget:
    seconds: float
    inputs: int = INPUTS

    @classmethod
    def from_env(cls, seconds: float) -> Budget:
        return cls(
            float(os.environ.get("SCORPION_MONKEY_SECONDS") or seconds),
            int(os.environ.get("SCORPION_MONKEY_INPUTS") or INPUTS),
        )


def seeds(defaults: Iterable[int]) -> list[int]:
    """The seeds to run: ``SCORPION_MONKEY_SEED`` if set (``random``: one drawn now)."""
    given = os.environ.get("SCORPION_MONKEY_SEED", "").strip()
    if not given:
        return list(defaults)
    if given == "random":
        return [random.SystemRandom().randrange(1, 2**31)]
    return [int(part) for part in given.split(",") if part.strip()]


@dataclass
class Monkey:
    driver: Driver
    base: str  # the site's URL, with its trailing slash
    seed: int
    budget: Budget
    replay: str  # the command that runs this test again ("make e2e ARGS=...")
    log: list[str] = field(default_factory=list)
    inputs: int = 0
    ended: int = 0  # games the run abandoned (new game or restart while in progress)
    started_at: float = 0.0
    state: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.kinds = [kind for kind, _ in KINDS]
        self.weights = [weight for _, weight in KINDS]

    # --- the whole test -----------------------------------------------------------------

    def run(self) -> None:
        """Play, then check; any failure says the seed and how to play it again. The whole
        log is kept in test-results/monkey/ (the time column aside, a replay's log is the
        same where the page behaved the same)."""
        try:
            self.boot()
            self.play()
            self.check()
        except Exception as error:
            self.keep_log(f"FAILED: {error}")
            raise MonkeyError(self.report(error)) from error
        self.keep_log("passed")

    def keep_log(self, outcome: str) -> Path:
        LOGS.mkdir(parents=True, exist_ok=True)
        path = LOGS / f"{self.driver.name}-seed{self.seed}.log"
        path.write_text("\n".join([*self.log, outcome, ""]), encoding="utf-8")
        return path

    def report(self, error: BaseException) -> str:
        seconds = time.monotonic() - self.started_at if self.started_at else 0.0
        again = (
            f"SCORPION_MONKEY_SEED={self.seed} SCORPION_MONKEY_INPUTS={self.inputs} "
            f"SCORPION_MONKEY_SECONDS=600 {self.replay}"
        )
        tail = "\n".join(self.log[-60:])
        path = LOGS / f"{self.driver.name}-seed{self.seed}.log"
        return (
            f"monkey in {self.driver.name}, seed {self.seed}: {error}\n"
            f"after {self.inputs} inputs in {seconds:.1f} s; the same inputs again:\n  {again}\n"
            f"the last inputs (all of them: {path.relative_to(ROOT)}):\n{tail}"
        )

    def boot(self) -> None:
        deal = self.rng.randrange(1, 1_000_000)
        self.note(f"boot ?deal={deal}")
        fresh(self.driver, self.base, f"?deal={deal}")
        self.driver.js(HOOK)
        self.state = self.after(1)

    def play(self) -> None:
        self.started_at = time.monotonic()
        deadline = self.started_at + self.budget.seconds
        while self.inputs < self.budget.inputs and time.monotonic() < deadline:
            kind = self.rng.choices(self.kinds, self.weights)[0]
            draws = [self.rng.random() for _ in range(DRAWS)]
            pace = self.rng.random() < 0.75
            self.inputs += 1
            self.step(kind, draws)
            self.state = self.after(1 if pace else 0)
        self.note(f"end: {self.inputs} inputs in {time.monotonic() - self.started_at:.1f} s")

    def note(self, text: str) -> None:
        at = time.monotonic() - self.started_at if self.started_at else 0.0
        self.log.append(f"{self.inputs:5d} {at:6.2f} {text}")

    def after(self, frames: int, drain: bool = False) -> dict[str, Any]:
        """The page after an input (``frames`` frames on); fails on any error seen."""
        state: dict[str, Any] = self.driver.js(AFTER, frames)
        # Draining costs WebKit a round trip into the page: there the recorder's count
        # (above) says when; the other engines' errors are taken every few inputs.
        if drain or state["recorded"] or self.inputs % DRAIN_EVERY == 0:
            self.driver.drain()
        errors = [e for e in self.driver.errors if "/favicon.ico" not in e]
        problems = errors + state["logged"]
        if state["pyerror"]:
            problems.append(f"Python error box: {state['pyerror']}")
        if state["notice"] in error_notices():
            problems.append(f"the notice bar says: {state['notice']}")
        if problems:
            raise MonkeyError("errors in the page:\n" + "\n".join(problems))
        return state

    # --- one input ----------------------------------------------------------------------

    def step(self, kind: str, p: list[float]) -> None:
        dialogs = self.state["dialogs"]
        if dialogs and kind not in ("new_game", "language"):
            self.close_dialog(dialogs[-1], p)
            return
        if self.state["menu"] and kind == "key":
            self.key("Escape")
            return
        getattr(self, f"do_{kind}")(p)

    def target(self, *what: Any) -> tuple[float, float, str] | None:
        found = self.driver.js(TARGET, list(what))
        return None if found is None else (float(found[0]), float(found[1]), str(found[2]))

    def do_click_table(self, p: list[float]) -> None:
        self.click(("table", p[0], p[1], sorted(SAFE_BUTTONS)), "the table")

    def click(self, what: tuple[Any, ...], label: str) -> bool:
        found = self.target(*what)
        if found is None:
            self.note(f"{label}: nothing to click")
            return False
        x, y, hit = found
        self.note(f"{label}: click {x:.0f},{y:.0f} on {hit}")
        self.driver.click_at(x, y)
        return True

    def do_click_card(self, p: list[float]) -> None:
        column = 1 + int(p[0] * 7)
        self.click(("card", column, p[1] * p[1]), f"card of column {column}")

    def do_click_column(self, p: list[float]) -> None:
        column = 1 + int(p[0] * 7)
        self.click(("column", column, p[1]), f"column {column}")

    def do_tap(self, p: list[float]) -> None:
        column = 1 + int(p[0] * 7)
        found = self.target("card", column, p[1] * p[1])
        if found is None:
            found = self.target("column", column, p[1])
        if found is None:
            self.note(f"tap column {column}: nothing there")
            return
        x, y, hit = found
        if p[2] >= 0.3 and self.driver.tap(x, y):
            self.note(f"tap column {column}: {x:.0f},{y:.0f} on {hit}")
        else:  # (or no touch here) a double click: the other way to send a card home
            self.note(f"double click column {column}: {x:.0f},{y:.0f} on {hit}")
            self.driver.click_at(x, y)
            self.driver.click_at(x, y)

    def do_drag(self, p: list[float]) -> None:
        source = 1 + int(p[0] * 7)
        onto = 1 + int(p[2] * 7)
        start = self.target("card", source, p[1] * p[1])
        if start is None:
            self.note(f"drag from column {source}: no card")
            return
        if p[5] < 0.1:
            end = self.target("table", p[3], p[4], sorted(SAFE_BUTTONS))
        else:
            end = self.target("column", onto, p[4])
        if end is None:
            self.note(f"drag from column {source}: no place to drop")
            return
        (x, y, card), (tx, ty, hit) = start, end
        steps = 2 + int(p[3] * 8)
        self.note(f"drag {card} from {x:.0f},{y:.0f} to {tx:.0f},{ty:.0f} ({hit}), {steps} steps")
        self.driver.move(x, y)
        self.driver.down()
        self.driver.move(x + 6, y + 10, steps=2)  # past the drag threshold
        self.driver.move(tx, ty, steps=steps)
        self.driver.up()

    def do_key(self, p: list[float]) -> None:
        self.key(KEYS[int(p[0] * len(KEYS))])

    def key(self, key: str) -> None:
        if key in ("Enter", " "):
            focus = self.driver.js(
                """() => { const e = document.activeElement;
                return [e && e !== document.body ? e.id || e.tagName : "",
                        !!(e && e.closest && e.closest("#table"))]; }"""
            )
            if focus[0] and not focus[1] and focus[0] not in SAFE_BUTTONS:
                self.note(f"key {key!r}: not on {focus[0]} (it could leave the page)")
                return
        self.note(f"key {key!r} (focus {self.state.get('focus') or 'none'})")
        self.driver.press(key)

    def do_burst(self, p: list[float]) -> None:
        """Undo and redo, unpaced, right after a move or a deal: the cards still glide."""
        sub = random.Random(p[5])
        if p[4] < 0.5:
            self.do_drag(p)
        else:
            self.key("d")
        presses = ["Control+z", "Control+y", "u", "Control+Shift+z", "#undo", "#redo"]
        buttons = {b: self.target("id", b[1:]) for b in ("#undo", "#redo")}
        chosen = [sub.choice(presses) for _ in range(sub.randint(2, 8))]
        self.note(f"burst {' '.join(chosen)}")
        for press in chosen:
            if press.startswith("#"):
                found = buttons[press]
                if found is not None:
                    self.driver.click_at(found[0], found[1])
            else:
                self.driver.press(press)

    def do_button(self, p: list[float]) -> None:
        name = ("undo", "redo", "deal-reserve", "hint", "menu-button", "menu-redo")[int(p[0] * 6)]
        self.click(("id", name), f"button {name}")

    def do_resize(self, p: list[float]) -> None:
        width, height = SIZES[int(p[0] * len(SIZES))]
        # The pointer into the corner first: Firefox's next move would start where it was,
        # which a smaller window may no longer hold (and refuses).
        self.driver.move(1, 1)
        self.driver.viewport(width, height)
        made = self.driver.js("() => [innerWidth, innerHeight]")
        self.note(f"resize to {width}x{height}: {made[0]}x{made[1]}")

    def press_button(self, name: str) -> bool:
        """Click a button of the bar as a player would, through the Menu where the bar is
        compact and the button is one of the Menu's."""
        found = self.target("id", name)
        if found is None and name in IN_MENU and not self.driver.js(MENU_OPEN):
            menu = self.target("id", "menu-button")
            if menu is not None:
                self.note("menu: click")
                self.driver.click_at(menu[0], menu[1])
                if self.until(MENU_OPEN):
                    found = self.target("id", name)
                else:
                    self.note("menu: did not open (the page moved under the pointer?)")
        if found is None:
            self.note(f"button {name}: not to be seen")
            return False
        self.note(f"button {name}: click {found[0]:.0f},{found[1]:.0f} on {found[2]}")
        self.driver.click_at(found[0], found[1])
        return True

    def until(self, condition: str, *args: Any) -> bool:
        """Whether ``condition`` comes true within a while (a click that missed, because
        the page scrolled between measuring and clicking, is not a failure)."""
        try:
            self.driver.wait(condition, *args, timeout=MISSED_S)
        except WaitTimeoutError:
            return False
        return True

    def open_dialog(self, name: str) -> bool:
        """Open ``name`` from its button; a second try if the first click missed, and a
        failure if a click on the button, seen there, opens nothing twice."""
        for _ in range(2):
            if not self.press_button(OPENERS[name]):
                return False
            if self.until("id => document.getElementById(id).open", name):
                return True
            self.note(f"{name}: not open")
        raise MonkeyError(f"two clicks on #{OPENERS[name]} did not open {name}")

    def close_dialog(self, name: str, p: list[float]) -> None:
        if p[0] < 0.45:
            self.note(f"close {name}: Escape")
            self.driver.press("Escape")
        elif p[0] < 0.85 and name in CLOSERS:
            self.click(("id", CLOSERS[name]), f"close {name}")
        else:
            self.click(("outside", name, p[1], p[2]), f"beside {name}")

    def close_all(self) -> None:
        for _ in range(10):
            open_now = self.driver.js(
                "() => [...document.querySelectorAll('dialog[open]')].map(d => d.id)"
            )
            if not open_now:
                return
            self.note(f"close {open_now[-1]}: Escape")
            self.driver.press("Escape")
            self.driver.wait("id => !document.getElementById(id).open", open_now[-1])
        raise MonkeyError("the dialogs would not close")

    def do_dialog(self, p: list[float]) -> None:
        name = tuple(OPENERS)[int(p[0] * len(OPENERS))]
        if self.open_dialog(name) and p[1] < 0.6:
            self.state = self.after(1)
            self.close_dialog(name, p[2:])

    def do_language(self, p: list[float]) -> None:
        current = self.state["lang"]
        others = [lang for lang in LANGUAGES if lang != current]
        lang = others[int(p[0] * len(others))]
        if "settings-dialog" not in self.state["dialogs"]:
            self.close_all()
            if not self.open_dialog("settings-dialog"):
                return
        self.note(f"language {lang}")
        self.driver.js(CHOOSE, ["set-language", lang])
        self.driver.wait("lang => document.documentElement.lang === lang", lang)
        if p[1] < 0.7:
            self.state = self.after(1)
            self.close_dialog("settings-dialog", p[2:])

    def do_new_game(self, p: list[float]) -> None:
        """New game (a variant, a typed deal number) or Restart; the game on the table is
        counted as abandoned if it was in progress, as the saved session says."""
        if "new-game-dialog" not in self.state["dialogs"]:
            self.close_all()
            if p[0] < 0.5:
                self.note("key 'n'")
                self.driver.press("n")
                if not self.until(NEW_GAME_OPEN):
                    raise MonkeyError("the key N did not open New game")
            elif not self.open_dialog("new-game-dialog"):
                return
        loaded = self.settle()
        session = loaded.session
        assert session is not None
        warned = not self.driver.js("() => document.getElementById('ng-warning').hidden")
        if warned != session.in_progress:
            raise MonkeyError(
                f"New game warns of abandoning the game: {warned}; the save says the game "
                f"is in progress: {session.in_progress}"
            )
        # A game in progress ends as abandoned, except one restarted with every move
        # undone: that one never counted (scorpion.session.Session.restart).
        ends = session.in_progress
        if p[1] < 0.2:
            self.click(("id", "ng-restart"), "Restart this deal")
            ends = ends and bool(session.game.moves)
        else:
            variant = "relaxed" if p[2] < 0.25 else "classic"
            deal = 1 + int(p[3] ** 4 * 2_147_483_646)
            self.click(("id", f"ng-{variant}"), f"variant {variant}")
            self.click(("id", "ng-deal"), "the deal number")
            self.driver.press("Control+a")
            self.note(f"type {deal}")
            for digit in str(deal):
                self.driver.press(digit)
            if p[4] < 0.5:
                self.key_enter_in_form()
            else:
                self.click(("id", "ng-start"), "Start")
        if not self.until(f"() => !({NEW_GAME_OPEN})()"):
            error = self.driver.js("() => document.getElementById('ng-error').textContent")
            raise MonkeyError(f"New game stays open (its error line: {error!r})")
        self.ended += ends
        # The new deal lands card by card, each live once it is down: inputs meanwhile
        # would hit what timing decides, and a replay would go another way.
        self.driver.wait(STILL)

    def key_enter_in_form(self) -> None:
        self.note("key 'Enter' (the deal number)")
        self.driver.press("Enter")

    # --- the checks ---------------------------------------------------------------------

    def settle(self) -> saves.Loaded:
        """Wait until the save holds the board shown; what it holds. A page that never
        gets there fails with the difference."""
        deadline = time.monotonic() + SETTLE_S
        while True:
            board = self.driver.js(BOARD, SAVE_KEY)
            expected, loaded = board_of_save(board["saved"])
            diff = differences(shown(board), expected)
            if not diff:
                return loaded
            if time.monotonic() > deadline:
                raise MonkeyError(
                    f"the board shown is not the saved game, {SETTLE_S:.0f} s on:\n  "
                    + "\n  ".join(diff)
                )
            self.driver.js("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")

    def check(self) -> None:
        self.close_all()
        self.state = self.after(1, drain=True)
        loaded = self.settle()
        before = shown(self.driver.js(BOARD, SAVE_KEY))
        self.check_statistics(loaded)
        self.state = self.after(1, drain=True)
        self.note("reload")
        self.driver.reload()
        wait_ready(self.driver)
        self.driver.js(HOOK)
        self.state = self.after(1, drain=True)
        after = shown(self.driver.js(BOARD, SAVE_KEY))
        diff = differences(after, before)
        if diff:
            raise MonkeyError("a reload shows another board:\n  " + "\n  ".join(diff))
        self.settle()

    def check_statistics(self, loaded: saves.Loaded) -> None:
        session = loaded.session
        assert session is not None
        stats, lang = loaded.stats, self.state["lang"]
        recent = stats.recent
        problems = []
        for variant in VARIANTS:
            figures = stats[variant]
            records = [r for r in recent if r.variant == variant]
            current = int(session.in_progress and session.game.variant == variant)
            won = sum(r.result == "won" for r in records)
            wins = [r for r in records if r.result == "won"]
            if not figures.won <= figures.played:
                problems.append(f"{variant}: won {figures.won} > played {figures.played}")
            if len(recent) < LIMIT:
                if figures.played != len(records) + current:
                    problems.append(
                        f"{variant}: played {figures.played}, but {len(records)} games ended "
                        f"and {current} is in progress"
                    )
                if figures.won != won:
                    problems.append(f"{variant}: won {figures.won}, but {won} games were won")
                if figures.assisted_wins != sum(bool(r.assisted) for r in wins):
                    problems.append(f"{variant}: assisted wins do not match the last games")
                if figures.clean_wins != sum(r.clean for r in wins):
                    problems.append(f"{variant}: clean wins do not match the last games")
        abandoned = sum(r.result == "abandoned" for r in recent)
        if len(recent) < LIMIT and abandoned != self.ended:
            problems.append(
                f"the run abandoned {self.ended} games; the last games list {abandoned}"
            )
        self.note(f"statistics: {self.ended} games abandoned; {len(recent)} in the last games")
        if not self.open_dialog("stats-dialog"):
            self.close_all()
            self.driver.viewport(1280, 900)
            if not self.open_dialog("stats-dialog"):
                raise MonkeyError("the Statistics button cannot be reached")
        cells = self.driver.js(STATS_CELLS)
        self.driver.press("Escape")
        self.driver.wait("() => !document.getElementById('stats-dialog').open")
        for variant in VARIANTS:
            for stat, text in expected_cells(stats[variant], lang).items():
                seen = cells.get(variant, {}).get(stat)
                if seen != text:
                    problems.append(f"Statistics {variant} {stat}: shows {seen!r}, saved {text!r}")
        if problems:
            raise MonkeyError("the statistics do not add up:\n  " + "\n  ".join(problems))


def expected_cells(figures: Any, lang: str) -> dict[str, str]:
    """The Statistics dialog's cells for ``figures`` as a player reads them in ``lang``."""
    none = number_formats.NONE

    def count(value: int | None) -> str:
        return none if value is None else number_formats.number(value, lang)

    return {
        "played": count(figures.played),
        "won": count(figures.won),
        "win_rate": number_formats.percent(figures.win_rate, lang),
        "current_streak": count(figures.current_streak),
        "longest_streak": count(figures.longest_streak),
        "best_score": count(figures.best_score),
        "fewest_moves": count(figures.fewest_moves),
        "fastest_ms": number_formats.duration(figures.fastest_ms),
        "average_moves": number_formats.decimal(figures.average_moves, lang),
        "average_ms": number_formats.duration(figures.average_ms),
        "clean_wins": count(figures.clean_wins),
        "assisted_wins": count(figures.assisted_wins),
    }


def run(
    driver: Driver, base: str, seed: int, budget: Budget, replay: str,
    say: Callable[[str], None] = print,
) -> Monkey:  # fmt: skip
    """One seeded run and its checks (MonkeyError with the seed on any failure)."""
    monkey = Monkey(driver, base, seed, budget, replay)
    monkey.run()
    say(f"monkey in {driver.name}, seed {seed}: {monkey.inputs} inputs, "
        f"{monkey.ended} games abandoned: all checks passed")  # fmt: skip
    return monkey


__all__ = ["Budget", "Monkey", "MonkeyError", "run", "seeds"]
