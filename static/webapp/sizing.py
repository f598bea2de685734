"""How big the cards are: the window gives a size, and a column too long for it to keep
its indices readable steps every card down (``layout.size_level``); the cards grow back
on resize, on a new board, or once the player pauses (``grow``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import SIZE_STEP, column_need, fit_width, size_level
from .render import COLUMNS
from .state import TableState

if TYPE_CHECKING:
    from .dom import Board


class Sizing:
    def __init__(self, board: Board, state: TableState) -> None:
        self.board = board
        self.state = state
        self.rooms = [board.measure()] * COLUMNS  # each column's height, in card widths
        self.cap: float | None = None  # the card width limit set for long columns
        self.level = 0  # how many steps the cards shrank for a long column
        # The room, card width, tableau height, gap and stacking the window gives, uncapped.
        self.window: tuple[float, float, float, float, bool] = (
            self.rooms[0], board.card_width, board.tableau_px, board.gap_px, board.stacked,
        )  # fmt: skip

    def need(self) -> float:
        """The height the longest column needs to keep its indices readable, in widths."""
        game = self.state.game
        return max(column_need(game.hidden_count(c), len(game.face_up(c))) for c in range(COLUMNS))

    def fit(self, resized: bool, grow: bool = False) -> bool:
        """Fit the cards to the window and to the longest column. Measures the page only on
        resize or when the size changes (a read after the frame's writes would force a
        layout). Returns True when the room changed."""
        board = self.board
        if resized:
            if self.cap is not None:
                self.cap = None
                board.cap_width(None)
            self.level = 0
            room = board.measure()
            self.window = (room, board.card_width, board.tableau_px, board.gap_px, board.stacked)
        else:
            room = self.rooms[0]
        base, width, tableau, gap, stacked = self.window
        level = size_level(self.need(), base, self.level, grow=grow or resized)
        if level != self.level:
            self.level = level
            cap = None
            if level:
                cap = fit_width(base * SIZE_STEP**level, width, tableau, gap, stacked)
            if cap != self.cap:
                self.cap = cap
                board.cap_width(cap)
                room = board.measure()
        if abs(room - self.rooms[0]) <= 0.01:
            return False
        self.rooms = [room] * COLUMNS
        return True
