"""Build games in hand-made positions for rule tests.

A column is written bottom to top; ``#`` marks a face-down card: ``"#5D KH QH"``.
Cards a position does not mention are simply out of play, which is all a rule test
needs; the property tests check the full 52-card invariant on real deals.
"""

from __future__ import annotations

import json
from pathlib import Path

from scorpion import Game
from scorpion.game import _SEQUENCES

SEED_DEAL = Path(__file__).parent / "fixtures" / "seed-deal.json"


def run(suit: str, high: str = "K", low: str = "A") -> str:
    """The cards of ``suit`` from ``high`` down to ``low`` as a column: ``run("H", "K", "2")``."""
    cards = _SEQUENCES[suit]
    ranks = [card[0] for card in cards]
    return " ".join(cards[ranks.index(high) : ranks.index(low) + 1])


def make_game(
    *columns: str, reserve: str = "", removed: str = "", variant: str = "classic"
) -> Game:
    """A game whose table is exactly ``columns`` (up to 7), ``reserve`` and ``removed``."""
    game = Game.new(1, variant)
    rows = list(columns) + [""] * (7 - len(columns))
    game._cards = [[card.lstrip("#") for card in row.split()] for row in rows]
    game._hidden = [sum(card.startswith("#") for card in row.split()) for row in rows]
    for row, hidden in zip(rows, game._hidden, strict=True):
        assert all(c.startswith("#") for c in row.split()[:hidden]), f"face-down on top: {row}"
    game._reserve = tuple(reserve.split())
    game._removed = list(removed)
    everything = [c for col in game._cards for c in col] + list(game._reserve)
    everything += [c for s in removed for c in _SEQUENCES[s]]
    assert len(everything) == len(set(everything)), "a card appears twice"
    return game


def table(game: Game) -> list[str]:
    """The columns in ``make_game`` notation, for comparing positions in tests."""
    return [" ".join(card if up else "#" + card for card, up in column) for column in game.columns]


def seed_deal() -> dict:
    """The seeds' deal with its winning line (a copy of shared/fixtures/seed-deal.json)."""
    return json.loads(SEED_DEAL.read_text(encoding="utf-8"))


def stuck_game() -> Game:
    """A classic game played at random until every move only shuttles face-up cards
    (``scorpion.review.stuck``), for the hint's "stuck" answer."""
    import random

    from scorpion import DEAL
    from scorpion.review import stuck

    for number in range(1, 40):
        game = Game.new(number, moves=[DEAL])
        rng = random.Random(number)
        for _ in range(80):
            legal = game.legal_moves()
            if not legal or stuck(game):
                break
            game.play(rng.choice(legal))
        if stuck(game):
            return game
    raise AssertionError("no stuck game among these deals")
