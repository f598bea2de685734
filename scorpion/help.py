"""The rules help page, in every interface language, as structured content.

``help_page(lang)`` returns a ``HelpPage``: a title and sections, each section a title
and blocks (``Paragraph``, ``BulletList``, ``Table``, ``Board``). The interface renders
it (``HelpPage.to_dict()`` gives plain JSON-ready data); ``help_text(lang)`` renders it
as plain text in the layout of the rules documents.

All prose comes from the catalogs. The two example boards are not prose: they are
``describe()`` of the documents' deal, before and after its first move, so they always
read exactly as the game describes a board.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from .game import Game
from .i18n import translations
from .moves import Move
from .wording import describe, refusal_message

#: The deal of the rules documents, in ``Game.from_deck`` order; its first winning move.
EXAMPLE_DECK: Final = (
    "TS2DAC3DJHTH3S2C2S5SQH3C4H7SKC4SJDAS7D7H3H6C8STCKD8H7C9S6H"
    "8CJS4C9C8D5C6DQCKH4DKS9HJCADQD9D6S2HTD5HQSAH5D"
)
EXAMPLE_MOVE: Final = Move("4H", 6)


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    kind: ClassVar[str] = "paragraph"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "text": self.text}


@dataclass(frozen=True, slots=True)
class BulletList:
    items: tuple[str, ...]
    kind: ClassVar[str] = "list"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "items": list(self.items)}


@dataclass(frozen=True, slots=True)
class HelpTable:
    """A table: ``header`` cells, then ``rows`` of cells (the last column is short)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    kind: ClassVar[str] = "table"

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "header": list(self.header),
            "rows": [list(r) for r in self.rows],
        }


@dataclass(frozen=True, slots=True)
class HelpBoard:
    """An example board, in the words of ``scorpion.wording.describe``, and its cards for
    the interface to draw: each column's ``(card, face up)`` from the bottom, how many
    cards the reserve holds, the suits of the removed sequences.

    >>> board = HelpBoard.of(Game.from_deck(EXAMPLE_DECK), "...")
    >>> len(board.columns), board.columns[0][3], board.reserve
    (7, ('3D', True), 3)
    >>> board.to_dict()["columns"][0][:4]  # a face-down card is not named
    [['', False], ['', False], ['', False], ['3D', True]]
    """

    text: str
    columns: tuple[tuple[tuple[str, bool], ...], ...] = ()
    reserve: int = 0
    removed: tuple[str, ...] = ()
    kind: ClassVar[str] = "board"

    @classmethod
    def of(cls, game: Game, text: str) -> HelpBoard:
        return cls(text, game.columns, len(game.reserve), tuple(game.removed))

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "text": self.text,
            "columns": [[[card if up else "", up] for card, up in c] for c in self.columns],
            "reserve": self.reserve,
            "removed": list(self.removed),
        }


Block = Paragraph | BulletList | HelpTable | HelpBoard


@dataclass(frozen=True, slots=True)
class Section:
    """``id`` is stable across languages (for anchors and tests)."""

    id: str
    title: str
    blocks: tuple[Block, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "blocks": [block.to_dict() for block in self.blocks],
        }


@dataclass(frozen=True, slots=True)
class HelpPage:
    lang: str
    title: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "title": self.title,
            "sections": [section.to_dict() for section in self.sections],
        }


@functools.cache
def help_page(lang: str) -> HelpPage:
    """The rules help page in ``lang``."""
    t = translations(lang)
    _ = t.gettext
    before = Game.from_deck(EXAMPLE_DECK)
    after = before.copy()
    after.play(EXAMPLE_MOVE)
    sections = (
        Section(
            "in-short",
            t.pgettext("help title", "In short"),
            (
                Paragraph(
                    _(
                        "7 columns of 7 cards, 12 of them face down, and 3 in the reserve. "
                        "A card goes onto a card of the same suit and one rank higher; a card "
                        "taken from the middle of a column carries along every card lying on "
                        "top of it. An empty column only takes a King. A complete sequence from "
                        "King to Ace is removed from play; with 4 sequences the game is won."
                    )
                ),
            ),
        ),
        Section(
            "layout",
            t.pgettext("help title", "The layout"),
            (
                Paragraph(
                    _(
                        "The game uses a pack of 52 cards, without jokers. The app deals 49 "
                        "cards into 7 columns of 7 cards each:"
                    )
                ),
                BulletList(
                    (
                        _("columns 1 to 4: 3 cards face down, then 4 face-up cards on top;"),
                        _("columns 5 to 7: all 7 cards face up."),
                    )
                ),
                Paragraph(
                    _(
                        "So there are 12 face-down cards and 37 face-up ones. The remaining 3 "
                        "cards form the reserve, face down. Beside them are 4 places for the "
                        "completed sequences."
                    )
                ),
                HelpBoard.of(before, describe(before, lang)),
            ),
        ),
        Section(
            "moves",
            t.pgettext("help title", "Allowed moves"),
            (
                Paragraph(
                    _(
                        "Any face-up card can be moved, even from the middle of a column. It "
                        "moves together with all the cards lying on top of it, as one unit, "
                        "whether they are in order or not. Only the first card of the group "
                        "decides whether the move is allowed:"
                    )
                ),
                BulletList(
                    (
                        _(
                            "in a column, it goes onto the top card if that card is of the same "
                            "suit and one rank higher: 9 of spades onto 10 of spades, the Jack "
                            "onto the Queen;"
                        ),
                        _("no card may be placed on an Ace."),
                    )
                ),
                Paragraph(
                    _(
                        "Example, the first move of the won game: 4♥ from column 2 goes to 5♥ "
                        "in column 7 and carries along 7♠, which lies on top of it, even though "
                        "it is not of the same suit."
                    )
                ),
                HelpBoard.of(after, describe(after, lang)),
            ),
        ),
        Section(
            "empty-column",
            t.pgettext("help title", "The empty column"),
            (
                Paragraph(
                    # Translators: {message} is the refusal message, written elsewhere.
                    _(
                        "An emptied column only takes a King, alone or with the cards lying on "
                        "top of it. Any other card is refused; with the interactive rules, the "
                        "app shows “{message}”."
                    ).format(message=refusal_message("king_only", lang))
                ),
            ),
        ),
        Section(
            "face-down",
            t.pgettext("help title", "Face-down cards"),
            (
                Paragraph(
                    _(
                        "When the last face-up card lying on a face-down card is moved away, "
                        "the face-down card is turned face up automatically and becomes "
                        "playable."
                    )
                ),
            ),
        ),
        Section(
            "reserve",
            t.pgettext("help title", "The reserve"),
            (
                Paragraph(
                    _(
                        "The 3 cards of the reserve are dealt only once, with a single tap: one "
                        "card face up onto each of columns 1, 2 and 3. In the app this can be "
                        "done at any time. The deal counts as a move."
                    )
                ),
            ),
        ),
        Section(
            "sequences",
            t.pgettext("help title", "Complete sequences"),
            (
                Paragraph(
                    _(
                        "When a sequence of 13 cards of the same suit, from King to Ace and all "
                        "face up, forms at the top of a column, the app removes it and puts it "
                        "on one of the 4 places. The check is made in the column where cards "
                        "have just been placed (and in columns 1 to 3 after the reserve is "
                        "dealt). A sequence covered by other cards stays where it is. You never "
                        "put a card on these places by hand."
                    )
                ),
            ),
        ),
        Section(
            "end",
            t.pgettext("help title", "End of the game"),
            (
                Paragraph(
                    _(
                        "The game is won when the 4 sequences have been removed. The app does "
                        "not detect a lost game: when nothing more can be moved, you undo moves "
                        "or start a new game."
                    )
                ),
            ),
        ),
        Section(
            "relaxed",
            t.pgettext("help title", "The Relaxed variant"),
            (
                Paragraph(
                    # Translators: use the variant names of the New game window; {message}
                    # is the refusal message, written elsewhere.
                    _(
                        "In the New game window, the app offers the Classic rules, the "
                        "default, or Relaxed. In Relaxed, a card goes onto any card one rank "
                        "higher, whatever its suit: 7 of hearts onto 8 of spades. Everything "
                        "else is the same: only a King can go onto an empty column, and only "
                        "complete sequences of a single suit are removed from play. In "
                        "Classic, this move is refused with the message “{message}”."
                    ).format(message=refusal_message("same_suit", lang))
                ),
            ),
        ),
        Section(
            "scoring",
            t.pgettext("help title", "Scoring"),
            (
                Paragraph(_("The score starts at 0. Playing a move never lowers it:")),
                HelpTable(
                    (_("What happens"), _("Points")),
                    (
                        (_("The card placed is of the same suit as the card it goes onto"), "+5"),
                        (
                            _(
                                "A face-down card is turned face up (also after a sequence "
                                "is removed)"
                            ),
                            "+5",
                        ),
                        (_("A complete sequence is removed"), "+100"),
                        (
                            _(
                                "Any other move: a King onto an empty column, a card onto "
                                "another suit in Relaxed, the deal of the reserve"
                            ),
                            "0",
                        ),
                    ),
                ),
                Paragraph(
                    _(
                        "A game won without undoing moves is therefore worth at least 460 "
                        "points: 12 cards turned face up × 5 and 4 sequences × 100, plus 5 "
                        "points for each card placed on the same suit. Undoing a move takes "
                        "its points away; the app keeps the last 100 actions."
                    )
                ),
            ),
        ),
        Section(
            "choices",
            t.pgettext("help title", "The app's choices and the traditional rule"),
            (
                Paragraph(
                    _("Scorpion has no official rules. The app makes three choices worth knowing:")
                ),
                BulletList(
                    (
                        _(
                            "Removed sequences: under the traditional rule, completed sequences "
                            "stay in the tableau; the app removes them and sets them aside."
                        ),
                        _(
                            "The reserve at any time: under the traditional rule, the reserve "
                            "is dealt when no more moves are possible; the app lets you deal it "
                            "whenever you like."
                        ),
                        _(
                            "Scoring: there is no accepted scoring system; the app's scoring is "
                            "its own."
                        ),
                    )
                ),
                Paragraph(
                    _(
                        "The literature also mentions variants the app does not offer: Wasp "
                        "(any card or sequence may go onto an empty column, not only a King); "
                        "Three Blind Mice (10 columns of 5 cards, and 2 cards set aside, face "
                        "up and playable at any time)."
                    )
                ),
            ),
        ),
        Section(
            "keyboard",
            t.pgettext("help title", "Keyboard shortcuts"),
            (
                Paragraph(_("The whole game can be played with the keyboard:")),
                HelpTable(
                    (t.pgettext("shortcut", "Key"), t.pgettext("shortcut", "Action")),
                    (
                        (
                            t.pgettext("shortcut", "Arrow keys"),
                            t.pgettext("shortcut", "Move between the columns and along the cards"),
                        ),
                        (
                            t.pgettext("shortcut", "Enter or Space"),
                            t.pgettext(
                                "shortcut",
                                "Pick up the selected cards, or put down the cards you hold",
                            ),
                        ),
                        (
                            t.pgettext("shortcut", "Escape"),
                            t.pgettext("shortcut", "Cancel the move in progress"),
                        ),
                        (t.pgettext("shortcut", "U or Ctrl+Z"), t.pgettext("shortcut", "Undo")),
                        (
                            t.pgettext("shortcut", "Ctrl+Y or Ctrl+Shift+Z"),
                            t.pgettext("shortcut", "Redo"),
                        ),
                        ("D", t.pgettext("shortcut", "Deal the reserve")),
                        ("N", t.pgettext("shortcut", "New game")),
                        ("H", t.pgettext("shortcut", "Hint")),
                        ("B", t.pgettext("shortcut", "Read the whole board aloud")),
                    ),
                ),
            ),
        ),
    )
    return HelpPage(lang, t.pgettext("help title", "The rules of Scorpion"), sections)


def help_text(lang: str) -> str:
    """The help page as plain text: titles, paragraphs, ``- `` list items, ``|`` tables."""
    page = help_page(lang)
    lines = [page.title]
    for section in page.sections:
        lines.append(section.title)
        for block in section.blocks:
            if isinstance(block, Paragraph | HelpBoard):
                lines.append(block.text)
            elif isinstance(block, BulletList):
                lines.extend(f"- {item}" for item in block.items)
            else:
                lines.append("| " + " | ".join(block.header) + " |")
                lines.append("|" + "---|" * len(block.header))
                lines.extend("| " + " | ".join(row) + " |" for row in block.rows)
    return "\n".join(lines)
