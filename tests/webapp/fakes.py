"""Fakes of the page's ports (``webapp.page``): what a test hands the browser layer's parts
instead of the browser, and reads back as the player would see it.

- ``FakeChrome``: the elements outside the cards, as plain records (text, attributes,
  classes, value, checked, open); ``click``/``fire`` run the listeners a part bound.
- ``FakeBoard``: the cards; keeps the last view drawn (``render.View``), the marked columns,
  the accessible names; hit tests from a fixed geometry.
- ``FakePage``: the browser's services: a clock set by hand, fetches answered from a dict,
  the clipboard, timers kept until ``run_timers``.
- ``FakeStorage``: localStorage over a dict (it can be made to refuse writes).
- ``manual_timing``/``now_timing``: ``page.timing.Timing`` that keeps tasks or runs them.
- ``FakeEvent``/``FakeNode``: an event and its target (``closest``, ``dataset``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from types import SimpleNamespace
from typing import Any

from webapp.page.timing import Task, Timing
from webapp.page_texts import problem_text
from webapp.table import render
from webapp.table.layout import DEFAULT_ROOM, nearest_column
from webapp.table.render import View

from scorpion.moves import COLUMNS

Handler = Callable[[Any], None]


# --- events ----------------------------------------------------------------------------------


@dataclass
class FakeNode:
    """An element as an event's target: an id, a card or a column, and what it is inside
    (``inside``: ids or selectors that ``closest`` finds, as ``#id`` or ``[data-card]``)."""

    id: str = ""
    card: str | None = None
    column: int | None = None  # 1-7, as in data-column
    tag: str = "DIV"
    type: str = ""
    inside: tuple[str, ...] = ()
    action: str | None = None
    index: str | None = None
    game: str | None = None  # data-game (a game's mark in the Statistics chart)

    @property
    def tagName(self) -> str:  # noqa: N802 (the DOM's name)
        return self.tag

    @property
    def dataset(self) -> Any:
        values = {"card": self.card, "column": self.column, "action": self.action}
        values["index"] = self.index
        values["game"] = self.game
        return _Data({k: str(v) for k, v in values.items() if v is not None})

    def closest(self, selector: str) -> FakeNode | None:
        if selector == "[data-card]":
            return self if self.card else None
        if selector == "[data-column]":
            return self if self.column is not None else None
        if selector == "[data-game]":
            return self if self.game else None
        if selector.startswith("#") and (self.id == selector[1:] or selector in self.inside):
            return self
        if selector == "button" and self.tag == "BUTTON":
            return self
        return self if selector in self.inside else None


class _Data:
    def __init__(self, values: dict[str, str]) -> None:
        self.__dict__.update(values)


@dataclass
class FakeEvent:
    target: Any = None
    key: str = ""
    ctrlKey: bool = False  # noqa: N815 (the DOM's names)
    metaKey: bool = False  # noqa: N815
    altKey: bool = False  # noqa: N815
    shiftKey: bool = False  # noqa: N815
    clientX: float = 0.0  # noqa: N815
    clientY: float = 0.0  # noqa: N815
    button: int = 0
    pointerId: int = 1  # noqa: N815
    pointerType: str = "mouse"  # noqa: N815
    relatedTarget: Any = None  # noqa: N815
    newValue: Any = None  # noqa: N815
    detail: int = 1
    prevented: bool = False
    stopped: bool = False
    # added for the play room: a pointer's primary flag, the event's time (ms)
    isPrimary: bool = True  # noqa: N815
    timeStamp: float = 0.0  # noqa: N815

    def preventDefault(self) -> None:  # noqa: N802
        self.prevented = True

    def stopPropagation(self) -> None:  # noqa: N802
        self.stopped = True


# --- the chrome --------------------------------------------------------------------------------


@dataclass
class FakeElement:
    text: str = ""
    attrs: dict[str, str] = field(default_factory=dict)
    classes: set[str] = field(default_factory=set)
    value: str = ""
    checked: bool = False
    open: bool = False
    html: str = ""

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attrs

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attrs


class FakeChrome:
    """``webapp.page.chrome.Chrome`` over records. Every element exists on first use, as
    if the page had it; ``elements`` is what the player would see."""

    def __init__(self) -> None:
        self.elements: dict[str, FakeElement] = {}
        self.listeners: dict[tuple[str, str], list[Handler]] = {}
        self.root: dict[str, str] = {}  # <html data-*>
        self.root_classes: set[str] = set()
        self.lang = ""
        self.title = ""
        self.focused: str | None = None
        self.opened: list[str] = []  # dialogs, in the order they opened
        self.details = ""
        self.reported: list[tuple[str, str]] = []
        self.raise_errors = True  # a handler's exception fails the test unless set False
        self.texts_in: dict[tuple[str, str], str] = {}  # text_in's writes
        self.tab_stops: dict[str, str] = {}  # rove's: element id -> the tab stop's selector

    def el(self, element_id: str) -> FakeElement:
        return self.elements.setdefault(element_id, FakeElement())

    element = el

    # writes
    def text(self, element_id: str, value: str) -> None:
        self.el(element_id).text = value

    def attr(self, element_id: str, name: str, value: str | None) -> None:
        attrs = self.el(element_id).attrs
        if value is None:
            attrs.pop(name, None)
        else:
            attrs[name] = value

    def flag(self, element_id: str, name: str, on: bool) -> None:
        self.attr(element_id, name, "" if on else None)

    def classed(self, element_id: str, name: str, on: bool) -> None:
        classes = self.el(element_id).classes
        classes.add(name) if on else classes.discard(name)

    def html(self, element_id: str, markup: str) -> None:
        self.el(element_id).html = markup

    def set_value(self, element_id: str, value: str) -> None:
        self.el(element_id).value = value

    def set_checked(self, element_id: str, on: bool) -> None:
        self.el(element_id).checked = on

    def root_data(self, name: str, value: str | None) -> None:
        if value is None:
            self.root.pop(name, None)
        else:
            self.root[name] = value

    def root_class(self, name: str, on: bool) -> None:
        self.root_classes.add(name) if on else self.root_classes.discard(name)

    def language(self, lang: str, title: str) -> None:
        self.lang, self.title = lang, title

    def write(self, texts: Mapping[str, str], attrs: Mapping[tuple[str, str], str]) -> None:
        for element_id, value in texts.items():
            self.text(element_id, value)
        for (element_id, name), value in attrs.items():
            self.attr(element_id, name, value)

    def forget(self) -> None:
        pass

    # reads
    def value(self, element_id: str) -> str:
        return self.el(element_id).value

    def checked(self, element_id: str) -> bool:
        return self.el(element_id).checked

    def has_class(self, element_id: str, name: str) -> bool:
        return name in self.el(element_id).classes

    def root_has_class(self, name: str) -> bool:
        return name in self.root_classes

    def inside(self, node: Any, element_id: str) -> bool:
        if not node:
            return False
        if isinstance(node, FakeNode):
            return node.id == element_id or f"#{element_id}" in node.inside
        return node == element_id

    def focused_inside(self, element_id: str) -> bool:
        return self.focused == element_id

    # focus and dialogs
    def focus(self, element_id: str) -> None:
        self.focused = element_id

    def focus_first(self, element_id: str, selector: str) -> None:
        self.focused = f"{element_id} {selector}"

    def show_modal(self, element_id: str) -> None:
        element = self.el(element_id)
        if not element.open:
            element.open = True
            self.opened.append(element_id)

    def close(self, element_id: str) -> None:
        """Close a dialog; its ``close`` listeners run (as the browser's event would)."""
        element = self.el(element_id)
        if element.open:
            element.open = False
            self.fire(element_id, "close")

    def is_open(self, element_id: str) -> bool:
        return self.el(element_id).open

    def any_open(self) -> bool:
        return any(e.open for e in self.elements.values())

    def open_dialogs(self) -> list[str]:
        return [name for name, e in self.elements.items() if e.open]

    def forget_focus(self, element_id: str) -> None:
        pass

    def restore_focus(self, element_id: str) -> None:
        pass

    # the notice bar
    def notice(self, text: str, details: str = "") -> None:
        self.text("notice-text", text)
        self.details = details
        self.text("notice-details", details)
        self.flag("notice-more", "hidden", not details)
        self.flag("notice-reload", "hidden", True)
        self.flag("notice", "hidden", False)

    def hide_notice(self) -> None:
        self.flag("notice", "hidden", True)

    def notice_shown(self) -> str | None:
        """The notice bar's text, or None while it is hidden."""
        element = self.el("notice")
        return None if "hidden" in element.attrs else self.el("notice-text").text

    def report(self, where: str, details: str) -> None:
        self.reported.append((where, details))
        self.notice(problem_text("error"), f"{where}\n{details}")

    def bind_notice(self, copy: Callable[[str], None]) -> None:
        self.listen("notice-close", "click", lambda _event: self.hide_notice())
        self.listen("notice-copy", "click", lambda _event: copy(self.details))

    # listening
    def guarded(self, where: str, handler: Handler) -> Handler:
        def run(event: Any = None) -> None:
            try:
                handler(event)
            except Exception as error:
                if self.raise_errors:
                    raise
                self.report(where, repr(error))

        return run

    def listen(self, element_id: str, kind: str, handler: Handler) -> None:
        self.listeners.setdefault((element_id, kind), []).append(
            self.guarded(f"#{element_id} {kind}", handler)
        )

    @contextmanager
    def listening_together(self) -> Iterator[None]:
        """As the page's: the listeners asked for inside are added as the block ends (none
        if it raised), after those already there."""
        there = self.listeners
        self.listeners = {}
        try:
            yield
        finally:
            asked, self.listeners = self.listeners, there
        for key, handlers in asked.items():
            there.setdefault(key, []).extend(handlers)

    def listen_document(self, kind: str, handler: Handler) -> None:
        self.listen("document", kind, handler)

    def listen_window(self, kind: str, handler: Handler) -> None:
        self.listen("window", kind, handler)

    def fire(self, element_id: str, kind: str, event: Any = None) -> None:
        """Dispatch ``kind`` on ``element_id``: its listeners run, in order."""
        if event is None:
            event = FakeEvent(target=FakeNode(id=element_id))
        for handler in list(self.listeners.get((element_id, kind), ())):
            handler(event)

    def click(self, element_id: str) -> None:
        """A click on a button; a disabled one does nothing, as in the browser."""
        if self.el(element_id).disabled:
            return
        self.fire(element_id, "click")

    def bound(self, element_id: str, kind: str) -> bool:
        return bool(self.listeners.get((element_id, kind)))

    # --- the win's confetti (panels/dialogs.py) -------------------------------------------

    confetti_pieces: tuple[str, ...] = ()  # each piece's CSS while the shower is on the page

    def confetti(self, pieces: Iterable[str]) -> None:
        """The shower on the page (its pieces' CSS), or gone (none)."""
        self.confetti_pieces = tuple(pieces)

    # --- added for the play room (issue 37) ----------------------------------------------------

    announced: tuple[str, ...] = ()  # every text ``announce`` wrote, repeats too

    def announce(self, element_id: str, text: str) -> None:
        """Write ``text`` even when it is there already (a live region says it again)."""
        self.text(element_id, text)
        self.announced += (text,)

    def notice_reload(self, text: str) -> None:
        """The notice bar with its Reload button shown."""
        self.notice(text)
        self.flag("notice-reload", "hidden", False)

    # --- the settings (panels/stats_settings.py, panels/saved_data.py) ----------------------

    def listen_media(self, query: str, handler: Callable[[bool], None]) -> None:
        """A guarded listener on a media query's changes (``media_changed`` fires them)."""
        self.listen(f"media {query}", "change", lambda event: handler(bool(event.matches)))

    def media_changed(self, query: str, matches: bool) -> None:
        """The system's answer to ``query`` changed (as a ``MediaQueryList`` change)."""
        self.fire(f"media {query}", "change", SimpleNamespace(matches=matches))

    # --- the chart of the last games (panels/trend_chart.py) -------------------------------

    def text_in(self, element_id: str, selector: str, value: str) -> None:
        """Kept by (element id, selector): ``texts_in``."""
        self.texts_in[(element_id, selector)] = value

    def rove(self, element_id: str, selector: str, focus: bool) -> None:
        """The tab stop inside ``element_id`` (``tab_stops``); the focus on it if ``focus``."""
        self.tab_stops[element_id] = selector
        if focus:
            self.focused = f"{element_id} {selector}"


# --- the board ---------------------------------------------------------------------------------


class FakeBoard:
    """``webapp.page.board.PageBoard`` without a page: the last view drawn, and hit tests on
    a fixed geometry (columns 100 px apart, cards 80 px wide)."""

    PITCH = 100.0

    def __init__(self, card_width: float = 80.0, room: float = DEFAULT_ROOM) -> None:
        self.card_width = card_width
        self.room = room
        self.view: View = {}
        self.mounted = 0
        self.updates = 0
        self.dealt_in = 0
        self.targets: set[int] = set()
        self.labels: dict[str, str] = {}
        self.depth = 0.0
        self.animations = True
        self.reduced = False
        self.motion_ms = 190
        self.dragging: int | None = None
        self.dragged: tuple[float, float] | None = None
        self.roving: tuple[str, int | None] = ("column", 0)
        self.focus_in_table = False
        self.turned: list[str] = []

    def measure(self) -> float:
        return self.room

    def set_animations(self, on: bool) -> None:
        self.animations = on
        self.motion_ms = 190 if on and not self.reduced else 0

    def set_reduced(self, reduced: bool) -> None:
        self.reduced = reduced
        self.set_animations(self.animations)

    def set_depth(self, widths: float) -> None:
        self.depth = round(widths, 2)

    def column_centres(self) -> list[float]:
        return [self.PITCH * c + self.card_width / 2 for c in range(COLUMNS)]

    def column_under(self, x: float) -> int | None:
        return nearest_column(x, self.column_centres(), self.PITCH / 2)

    def column_spanning(self, x: float) -> int | None:
        for column in range(COLUMNS):
            if self.PITCH * column <= x < self.PITCH * column + self.card_width:
                return column
        return None

    def mount(self, view: View, labels: Mapping[str, str], painted: Any = None) -> None:
        self.view = dict(view)
        self.labels = dict(labels)
        self.mounted += 1

    def deal_in(self) -> None:
        self.dealt_in += 1

    def update(
        self, view: View, turning: Iterable[str] = (), offsets: Mapping[str, Any] | None = None
    ) -> int:
        changes = render.diff(self.view, view)
        self.view = dict(view)
        self.turned += list(turning)
        self.updates += 1
        return len(changes)

    def column(self, index: int) -> FakeNode:
        return FakeNode(column=index + 1)

    def column_at(self, element: Any) -> int | None:
        if not element:
            return None
        if getattr(element, "column", None) is not None:
            return int(element.column) - 1
        card = getattr(element, "card", None)
        view = self.view.get(card) if card else None
        return render.column_index(view.parent) if view is not None else None

    def mark_targets(self, columns: Iterable[int]) -> None:
        self.targets = set(columns)

    def start_drag(self, column: int) -> None:
        self.dragging = column

    def drag_to(self, column: int, dx: float, dy: float) -> None:
        self.dragged = (dx, dy)

    def end_drag(self, column: int) -> None:
        self.dragging = None

    def element_of(self, card: str) -> FakeNode | None:
        return FakeNode(card=card) if card in self.view else None

    def set_roving(self, element: Any, card: str | None = None) -> None:
        self.roving = ("card", None) if card else ("column", getattr(element, "column", None))

    def apply_labels(self, labels: Mapping[str, str]) -> None:
        self.labels = dict(labels)

    def table_has_focus(self) -> bool:
        return self.focus_in_table

    # what a test reads
    def column_cards(self, column: int) -> list[str]:
        """Column ``column`` (0-6) as drawn: its face-up cards, bottom to top."""
        parent = render.column_parent(column)
        shown = [v for v in self.view.values() if v.parent == parent and v.up]
        return [v.card for v in sorted(shown, key=lambda v: v.index)]

    def lifted(self) -> list[str]:
        return sorted(card for card, v in self.view.items() if v.lifted)

    # --- added for the play room (issue 37) ----------------------------------------------------

    column_labels: tuple[str, ...] = ("",) * COLUMNS  # each column's accessible name
    focused: str | int | None = None  # the card (or column, 0-6) with the keyboard focus

    def label_column(self, column: int, label: str) -> None:
        labels = list(self.column_labels)
        labels[column] = label
        self.column_labels = tuple(labels)

    def focus_on(self, card: str | None, column: int) -> None:
        """The focus to ``card`` (or column ``column``): it is the table's tab stop."""
        if card is not None and card not in self.view:
            return
        self.set_roving(self.column(column) if card is None else FakeNode(card=card), card)
        self.focused = column if card is None else card
        self.focus_in_table = True

    def focus_lost(self) -> bool:
        return self.focused is None


# --- the browser's services ----------------------------------------------------------------


class FakePage:
    """``webapp.page.browser.Page``'s services with a hand-set clock: fetches answered from
    ``responses`` (a missing URL fails), the clipboard kept, timers kept until run."""

    def __init__(self, now_ms: int = 1_764_489_600_000, utc_offset: int = 0) -> None:
        self.clock_ms = now_ms
        self.offset = utc_offset
        self.responses: dict[str, str] = {}
        self.fetched: list[str] = []
        self.pending_fetches: list[tuple[str, Callable[[str], None], Callable[[Any], None]]] = []
        self.hold_fetches = False
        self.clipboard: str | None = None
        self.clipboard_works = True
        self.downloads: list[tuple[str, str, str]] = []
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self.intervals: dict[int, tuple[float, Callable[[], None]]] = {}
        self.persisted: bool | None = None  # the browser's answer; None: no such API
        self.asked_persist = 0
        self.file: str | None = None  # the file chosen in an <input type=file>
        self.reloaded = 0
        self.marks: list[str] = []
        self.motion_reduced = False
        self.page_address = "http://127.0.0.1:8000/"
        self._next = 1

    def now_ms(self) -> int:
        return self.clock_ms

    def perf_now(self) -> float:
        return float(self.clock_ms)

    def advance(self, ms: int) -> None:
        self.clock_ms += ms

    def utc_offset(self) -> int:
        return self.offset

    def today(self) -> date:
        moment = datetime.fromtimestamp(self.clock_ms / 1000 - self.offset * 60, tz=UTC)
        return moment.date()

    def date_text(self, when: date, lang: str, /, **style: str) -> str:
        return when.isoformat()

    def time_text(self, ms: int, lang: str) -> str:
        return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M")

    def reduced_motion(self) -> bool:
        return self.motion_reduced

    def address(self) -> str:
        return self.page_address

    def later(self, ms: float, fn: Callable[[], None]) -> None:
        self.timers.append((ms, fn))

    def every(self, ms: float, fn: Callable[[], None]) -> int:
        handle = self._next
        self._next += 1
        self.intervals[handle] = (ms, fn)
        return handle

    def stop(self, handle: Any) -> None:
        self.intervals.pop(handle, None)

    def run_timers(self, rounds: int = 50) -> int:
        """Run the timers set so far, and those they set, up to ``rounds`` rounds."""
        ran = 0
        for _ in range(rounds):
            if not self.timers:
                break
            timers, self.timers = self.timers, []
            for _ms, fn in timers:
                fn()
                ran += 1
        return ran

    def tick(self) -> None:
        """Each interval's function once."""
        for _ms, fn in list(self.intervals.values()):
            fn()

    def fetch_text(
        self, url: str, arrived: Callable[[str], None], failed: Callable[[Any], None]
    ) -> None:
        self.fetched.append(url)
        if self.hold_fetches:
            self.pending_fetches.append((url, arrived, failed))
            return
        self._answer(url, arrived, failed)

    def _answer(
        self, url: str, arrived: Callable[[str], None], failed: Callable[[Any], None]
    ) -> None:
        if url in self.responses:
            arrived(self.responses[url])
        else:
            failed("HTTP 404")

    def release_fetches(self) -> None:
        pending, self.pending_fetches = self.pending_fetches, []
        for url, arrived, failed in pending:
            self._answer(url, arrived, failed)

    def copy_text(self, text: str, copied: Callable[[], None], refused: Callable[[], None]) -> None:
        if self.clipboard_works:
            self.clipboard = text
            copied()
        else:
            refused()

    def download(self, text: str, name: str, kind: str, parent: Any = None) -> None:
        self.downloads.append((text, name, kind))

    def persistence(self, ask: bool, answer: Callable[[bool], None]) -> bool:
        if self.persisted is None:
            return False
        self.asked_persist += ask
        answer(self.persisted)
        return True

    def read_chosen_file(
        self, input_id: str, arrived: Callable[[str], None], failed: Callable[[Any], None]
    ) -> bool:
        if self.file is None:
            return False
        text, self.file = self.file, None
        arrived(text)
        return True

    def reload(self) -> None:
        self.reloaded += 1

    def mark(self, name: str) -> None:
        self.marks.append(name)

    def after_frame(self, fn: Callable[[], None]) -> None:
        self.timers.append((0, fn))

    # --- what the page opens with (boot/) --------------------------------------------------------

    storage: Any = None  # ``local_storage()``: a FakeStorage, or None (blocked)
    query = ""  # the address's query (``?deal=42``)
    path = "/"
    browser_languages: tuple[str, ...] = ("en-US",)
    painted_cards: list[Any] | None = None
    is_hidden = False

    def local_storage(self) -> Any:
        return self.storage

    def pathname(self) -> str:
        return self.path

    def search(self) -> str:
        return self.query

    def languages(self) -> list[str]:
        return list(self.browser_languages)

    def clean_address(self, search: str) -> None:
        self.query = search

    def painted(self) -> list[Any] | None:
        cards, self.painted_cards = self.painted_cards, None
        return cards

    def hidden(self) -> bool:
        return self.is_hidden

    def guarded(self, where: str, fn: Callable[..., None]) -> Callable[..., None]:
        return fn

    # --- a new version waiting (panels/updates.py) ---------------------------------------------

    update_ready = False  # a new version waits (never, without service workers)
    updates_accepted = 0

    def update_waiting(self) -> bool:
        """A new version waits."""
        return self.update_ready

    def accept_update(self) -> None:
        """The waiting version takes over (counted; the page would reload)."""
        if self.update_waiting():
            self.updates_accepted += 1

    # --- an imported file, within a size (panels/saved_data.py) -----------------------------

    file_fails = False  # the chosen file cannot be read (the browser's promise rejects)

    def read_chosen_file_within(
        self,
        input_id: str,
        limit: int,
        arrived: Callable[[str], None],
        failed: Callable[[Any], None],
    ) -> bool:
        """As ``read_chosen_file``; a file over ``limit`` bytes (UTF-8) is not read."""
        if self.file is None:
            return False
        text, self.file = self.file, None
        if len(text.encode()) > limit:
            failed("too big")
        elif self.file_fails:
            failed("NotReadableError")
        else:
            arrived(text)
        return True


# --- storage and timing ----------------------------------------------------------------------


class FakeStorage:
    """localStorage over a dict; ``full`` refuses every write as a full quota does."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.full = False

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.full:
            raise OSError("QuotaExceededError")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.items)


class TaskQueue:
    """The tasks a ``manual_timing`` kept, by kind; ``run`` empties them (and what they
    queue in turn)."""

    def __init__(self) -> None:
        self.kept: list[tuple[str, Task]] = []

    def keep(self, kind: str) -> Callable[[Task], None]:
        return lambda task: self.kept.append((kind, task))

    def run(self, rounds: int = 50) -> int:
        ran = 0
        for _ in range(rounds):
            if not self.kept:
                break
            kept, self.kept = self.kept, []
            for _kind, task in kept:
                task()
                ran += 1
        return ran

    def kinds(self) -> list[str]:
        return [kind for kind, _task in self.kept]


def manual_timing() -> tuple[Timing, TaskQueue]:
    """A ``Timing`` whose tasks wait in the queue until ``queue.run()``."""
    queue = TaskQueue()
    timing = Timing(
        queue.keep("defer"), queue.keep("background"), queue.keep("idle"), queue.keep("soon")
    )
    return timing, queue


def now_timing() -> Timing:
    """A ``Timing`` that runs every task at once."""
    return Timing(*(lambda task: task(),) * 4)
