"""Scorpion solitaire: the complete rules as a pure-Python package.

Nothing here touches a browser: the same code runs under CPython and in Pyodide.

>>> from scorpion import Game, Move, DEAL
>>> game = Game.new(1)
>>> game.play(DEAL).move
DEAL
"""

from .cards import FULL_DECK, parse_card, parse_deck, rank, suit
from .deals import MAX_DEAL, MIN_DEAL, deal_deck
from .game import UNDO_LIMIT, VARIANTS, Game, Played
from .knowledge import Position, View, ViewError
from .moves import DEAL, Action, Deal, IllegalMove, Move, format_line, parse_line
from .wording import describe, describe_move

__all__ = [
    "DEAL",
    "FULL_DECK",
    "MAX_DEAL",
    "MIN_DEAL",
    "UNDO_LIMIT",
    "VARIANTS",
    "Action",
    "Deal",
    "Game",
    "IllegalMove",
    "Move",
    "Played",
    "Position",
    "View",
    "ViewError",
    "deal_deck",
    "describe",
    "describe_move",
    "format_line",
    "parse_card",
    "parse_deck",
    "parse_line",
    "rank",
    "suit",
]
