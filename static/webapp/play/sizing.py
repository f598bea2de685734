"""How big the cards are and how much room a column has: both from the window alone
(CSS sizes the cards, ``--cw``; the tableau's height, measured, is each column's room).
A long column never changes them: it closes up its own steps (``layout.column_fan``) and
past that the table scrolls (``Actuator.draw`` sets the tableau's depth)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorpion.moves import COLUMNS

if TYPE_CHECKING:
    from webapp.page.board import PageBoard


class Sizing:
    def __init__(self, board: PageBoard) -> None:
        self.board = board
        self.rooms = [board.measure()] * COLUMNS  # each column's height, in card widths
        self.width = board.card_width  # the cards' width in pixels (it sets the tap step)

    def fit(self, resized: bool) -> bool:
        """Measure the page again on resize (only then: a read after the frame's writes
        would force a layout). Returns True when the room or the cards' width changed."""
        if not resized:
            return False
        room = self.board.measure()
        width = self.board.card_width
        if abs(room - self.rooms[0]) <= 0.01 and abs(width - self.width) < 0.5:
            return False
        self.rooms = [room] * COLUMNS
        self.width = width
        return True
