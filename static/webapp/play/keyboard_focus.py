"""The keyboard cursor on the table: a column and a face-up card in it. It follows the
player's clicks and Tab presses, moves with the arrows, and after any change stays on a
card that exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorpion.moves import COLUMNS, Action, Move
from webapp.play.intents import Cursor, clamp_cursor, move_cursor, top_of
from webapp.play.table_state import TableState

if TYPE_CHECKING:
    from webapp.page.board import PageBoard


class KeyboardFocus:
    def __init__(self, board: PageBoard, state: TableState) -> None:
        self.board = board
        self.state = state

    def face_up_counts(self) -> list[int]:
        game = self.state.game
        return [len(game.face_up(c)) for c in range(COLUMNS)]

    def card(self) -> str | None:
        """The face-up card under the cursor (None: the column itself)."""
        cursor = clamp_cursor(self.state.cursor, self.face_up_counts())
        self.state.cursor = cursor
        return (
            None if cursor.index is None else self.state.game.face_up(cursor.column)[cursor.index]
        )

    def focus(self) -> None:
        """The keyboard focus to the cursor's card (or column)."""
        card = self.card()
        self.board.focus_on(card, self.state.cursor.column)

    def keep(self) -> None:
        """After a change, the keyboard focus stays on a card that exists (moving focus
        forces a layout, so only for keyboard players: a pointer needs no focus). A focus
        that went with its card (a removed sequence leaves the table) comes back too."""
        if not self.state.keyboard:
            return
        if self.board.focus_lost() or self.board.table_has_focus():
            self.focus()

    def after(self, move: Action) -> None:
        """Once ``move`` is played: the cursor lands on the moved pile's top."""
        if isinstance(move, Move):
            self.state.cursor = top_of(move.to, self.face_up_counts())

    def arrow(self, direction: str) -> None:
        self.state.cursor = move_cursor(self.state.cursor, direction, self.face_up_counts())
        self.focus()

    def follow(self, card: str | None, column: int | None) -> None:
        """The player clicked or tabbed somewhere: the cursor follows."""
        if column is None:
            return
        faces = self.state.game.face_up(column)
        self.state.cursor = Cursor(column, faces.index(card) if card in faces else None)

    def reset(self) -> None:
        self.state.cursor = Cursor(0, None)
