"""Events in, intents out: clicks, taps, drags and keys on a few stable containers.

Listeners are bound once, through ``Chrome`` (``#table``, the document, the window), and
find the card or column from the event's target (delegation: ``closest``, and the board's
hit tests). Every handler runs guarded: an error is logged to the console and the player
sees a short notice, never a traceback, and the game stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from webapp.page.browser import Page
from webapp.page.chrome import Chrome
from webapp.play.actuator import Actuator
from webapp.play.controller import Controller
from webapp.play.intents import Tap, key_intent
from webapp.play.keyboard_focus import KeyboardFocus
from webapp.play.table_state import TableState
from webapp.table.layout import nearest_column

if TYPE_CHECKING:
    from webapp.page.board import PageBoard

DRAG_THRESHOLD = 8.0  # pixels a press must travel before it is a drag, not a tap
TYPING = ("INPUT", "SELECT", "TEXTAREA")
# Inputs that take no typed text: the game's letter keys still work on them.
NOT_TYPED = ("checkbox", "radio", "button", "submit", "reset", "color", "file", "image")


@dataclass
class Press:
    card: str
    column: int
    x: float
    y: float
    pointer: int
    dragging: bool = False
    centres: tuple[float, ...] = ()


def typing_in(element: Any) -> bool:
    """True when keys go to a text field or a menu (its letters are not shortcuts)."""
    tag = str(getattr(element, "tagName", "") or "")
    if tag == "INPUT":
        return str(getattr(element, "type", "") or "").lower() not in NOT_TYPED
    return tag in TYPING or bool(getattr(element, "isContentEditable", False))


def nowhere(element: Any) -> bool:
    """True when the keyboard focus is on no control (the page itself)."""
    return not element or str(getattr(element, "tagName", "") or "") in ("BODY", "HTML")


def card_of(element: Any) -> str | None:
    found = element.closest("[data-card]") if element else None
    return str(found.dataset.card) if found else None


class Controls:
    def __init__(
        self,
        state: TableState,
        play: Controller,
        focus: KeyboardFocus,
        screen: Actuator,
        board: PageBoard,
        chrome: Chrome,
        page: Page,
        actions: dict[str, Callable[[], None]],
        replay_key: Callable[[str], bool],
    ) -> None:
        self.state = state
        self.play = play  # where every intent goes
        self.focus = focus  # the keyboard cursor
        self.screen = screen  # for a resize
        self.board = board  # where a point is: a card, a column (hit tests only)
        self.chrome = chrome  # dialogs open, what an element is inside, the listeners
        self.page = page  # the next frame, the clock (``measure``)
        self.actions = actions  # "new", "share", "rules", "hint", ... -> what to do
        self.replay_key = replay_key  # a key while a replay is open: True if it took it
        self.press: Press | None = None
        self.tapped: Press | None = None  # the press the coming click ends (not a drag)
        self.swallow_click = False

    def bind(self) -> None:
        chrome = self.chrome
        chrome.listen("table", "click", self.on_click)
        chrome.listen("table", "pointerdown", self.on_pointer_down)
        chrome.listen("table", "focusin", self.on_focus_in)
        chrome.listen_document("pointermove", self.on_pointer_move)
        chrome.listen_document("pointerup", self.on_pointer_up)
        chrome.listen_document("pointercancel", self.on_pointer_cancel)
        chrome.listen_document("keydown", self.on_key)
        for element_id, action in (
            ("undo", "undo"),
            ("redo", "redo"),
            ("menu-redo", "redo"),  # Redo's place in the phone's menu
            ("hint", "hint"),
            ("new-game", "new"),
            ("share", "share"),
            ("rules", "rules"),
        ):
            chrome.listen(element_id, "click", self._run(action))
        chrome.listen_window("resize", lambda event: self.screen.relayout())

    def _run(self, action: str) -> Callable[[Any], None]:
        return lambda event: self.actions[action]()

    # --- clicks and taps ------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        if self.swallow_click:  # the click that ends a drag is not a tap
            self.swallow_click = False
            return
        if self.state.replaying:  # a replay's table takes no moves
            return
        target = event.target
        tapped, self.tapped = self.tapped, None
        if self.chrome.inside(target, "deal-reserve"):
            self.play.deal()
            return
        board = self.board
        column = board.column_at(target)
        card = card_of(target)
        if card is None and column is None and self.chrome.inside(target, "tableau"):
            # Pressed on one element and released on another (a card glided in or out
            # under the pointer between the two): the click goes to their common ancestor,
            # the tableau or the cards' layer. The tap meant the card it pressed, or else
            # the column there (a tap in a gap between columns stays a tap on an empty spot).
            if tapped is not None:
                card, column = tapped.card, tapped.column
            else:
                column = board.column_spanning(float(event.clientX))
        if card is not None and self.state.held is not None:
            # A card still gliding to its new column may be over another one. With a pile
            # held, a tap means "here": the column under the pointer, not where that goes.
            under = board.column_under(float(event.clientX))
            if under != column:
                card, column = None, under
        if column is None and card is None:
            self.play.release()
            return
        touch = str(getattr(event, "pointerType", "") or "") == "touch"
        self.focus.follow(card, column)
        self.play.on_tap(Tap(card, column, touch=touch, double=int(event.detail or 0) == 2))
        self.measure(event)

    def measure(self, event: Any) -> None:
        """Input to the next frame, in ms, left on <html data-input-ms> for benchmarks."""
        since = float(event.timeStamp)
        page = self.page

        def done() -> None:
            self.chrome.root_data("inputMs", f"{page.perf_now() - since:.1f}")

        page.after_frame(done)

    def on_focus_in(self, event: Any) -> None:
        target = event.target
        column = self.board.column_at(target)
        if column is not None:
            card = card_of(target)
            self.focus.follow(card, column)
            self.board.set_roving(target, card)

    # --- dragging -------------------------------------------------------------------------

    def on_pointer_down(self, event: Any) -> None:
        self.swallow_click = False
        self.tapped = None
        self.state.keyboard = False
        if int(event.button or 0) != 0 or not event.isPrimary or self.state.replaying:
            return
        card = card_of(event.target)
        column = self.board.column_at(event.target)
        if column is not None:
            # No focus change on press: moving focus (and its tab stop) costs a forced
            # layout, and a pointer player does not need it. The click still comes.
            event.preventDefault()
        if card is None or column is None:
            return
        self.press = Press(card, column, float(event.clientX), float(event.clientY),
                           int(event.pointerId))  # fmt: skip

    def on_pointer_move(self, event: Any) -> None:
        press = self.press
        if press is None or int(event.pointerId) != press.pointer:
            return
        dx = float(event.clientX) - press.x
        dy = float(event.clientY) - press.y
        if not press.dragging:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            press.dragging = True
            press.centres = tuple(self.board.column_centres())
            self.play.begin_drag(press.card)
            self.board.start_drag(press.column)
        event.preventDefault()
        self.board.drag_to(press.column, dx, dy)

    def on_pointer_up(self, event: Any) -> None:
        press = self.press
        if press is None or int(event.pointerId) != press.pointer:
            return
        self.press = None
        if not press.dragging:
            self.tapped = press
            return
        self.swallow_click = True
        dx = float(event.clientX) - press.x
        dy = float(event.clientY) - press.y
        width = self.board.card_width + 16
        target = nearest_column(float(event.clientX), press.centres, width)
        self.board.end_drag(press.column)
        self.play.drop(press.card, target, (dx, dy))
        self.measure(event)

    def on_pointer_cancel(self, event: Any) -> None:
        press = self.press
        self.press = None
        if press is not None and press.dragging:
            self.board.end_drag(press.column)
            self.play.drop(press.card, None, (0.0, 0.0))

    # --- keys -------------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        if self.chrome.any_open() or not self.state.ready:
            return
        target = event.target
        if typing_in(target):
            return
        if self.state.replaying:
            # Space and Enter on a button press it; every other key may be the replay's.
            pressing = str(event.key) in (" ", "Enter") and str(target.tagName) == "BUTTON"
            if not pressing and self.replay_key(str(event.key)):
                event.preventDefault()
            return
        intent = key_intent(
            str(event.key), bool(event.ctrlKey), bool(event.shiftKey), bool(event.altKey),
            bool(event.metaKey),
        )  # fmt: skip
        if intent is None:
            return
        self.state.keyboard = True
        in_table = self.chrome.inside(target, "tableau")
        if intent in ("left", "right", "up", "down"):
            if in_table:
                self.focus.arrow(intent)
            elif nowhere(target):  # focus on nothing: into the table
                self.focus.focus()
            else:
                return
        elif intent == "activate":
            if not in_table:
                return  # Enter and Space belong to the focused button
            self.play.activate()
        elif intent == "cancel":
            self.play.release()
        else:
            self.actions[intent]()
        event.preventDefault()
