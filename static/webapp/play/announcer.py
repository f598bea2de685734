"""What the player hears and reads besides the cards: the live region (``#status``) and
the accessible names of cards, columns, places and the reserve, written after the frame
is painted so that a move paints without waiting for translated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorpion.moves import COLUMNS
from webapp import translated
from webapp.play.table_state import TableState
from webapp.table.render import PLACES

if TYPE_CHECKING:
    from webapp.page.board import PageBoard
    from webapp.page.chrome import Chrome

LABEL_MEMO = 4000


class Announcer:
    def __init__(self, board: PageBoard, chrome: Chrome, state: TableState) -> None:
        self.board = board
        self.chrome = chrome
        self.state = state
        self.labels: dict[tuple[str, int, int, int, str], str] = {}  # card label memo
        self.column_labels: list[str] = [""] * COLUMNS
        self.column_keys: list[object] = [None] * COLUMNS  # what each label was made from

    def say(self, text: str, refusal: bool = False) -> None:
        """Write to the live region; the same text twice is still announced."""
        self.chrome.classed("status", "refusal", refusal)
        self.chrome.announce("status", text)

    def refuse(self, reason: str) -> None:
        # A full game is no rule of Scorpion: said whatever the interactive rules say.
        if self.state.session.settings.interactive_rules or reason == "too_long":
            self.say(translated.refusal(reason), refusal=True)
        else:
            self.say("")

    def read_board(self) -> None:
        self.say(translated.board(self.state.game))

    def forget(self) -> None:
        """A new board (or language): every column's name is written again."""
        self.column_labels = [""] * COLUMNS
        self.column_keys = [None] * COLUMNS

    def card_labels(self) -> dict[str, str]:
        """Every live card's accessible name, remembered by what it depends on (its
        column, the cards above and below it), so most survive a move uncomputed."""
        game, lang, memo = self.state.game, translated.language(), self.labels
        if len(memo) > LABEL_MEMO:
            memo.clear()
        labels = {}
        for column, cards in enumerate(game.columns):
            hidden = game.hidden_count(column)
            for index, (card, up) in enumerate(cards):
                if not up:
                    continue
                key = (card, column, len(cards) - index - 1, hidden, lang)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = translated.card(game, card)
                labels[card] = found
        return labels

    def update_words(self) -> None:
        """The names of cards, columns, places and the reserve; the board in translated."""
        game, chrome = self.state.game, self.chrome
        self.board.apply_labels(self.card_labels())
        chrome.attr("deal-reserve", "aria-label", translated.reserve(game))
        for place in range(PLACES):
            chrome.attr(f"place-{place + 1}", "aria-label", translated.place(game, place))
        lang = translated.language()
        for column, cards in enumerate(game.columns):
            key = (cards, lang)  # a column's label depends on its cards only
            if key != self.column_keys[column]:
                self.column_keys[column] = key
                label = translated.column(game, column)
                if label != self.column_labels[column]:
                    self.column_labels[column] = label
                    self.board.label_column(column, label)
        chrome.text("board-description", translated.board(game))


def columns_text(places: list[int]) -> str:
    """ "It can go onto column 3." / "It can go onto columns 2, 5." """
    numbers = ", ".join(str(p + 1) for p in places)
    return translated.ngettext(
        "It can go onto column {columns}.", "It can go onto columns {columns}.", len(places)
    ).format(columns=numbers)
