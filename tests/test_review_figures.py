"""The solver's speed-ups change no figure: every position recorded in
``tests/fixtures/review-figures.json`` (five bench games, Classic and Relaxed, as the
solver judged them before it was made faster; ``tests/review_figures.py`` records them)
gets the same Hint, and each arrangement's search the same status, line and node count.

Every 20th position runs here; ``SCORPION_ALL_FIGURES=1`` runs all 505 (minutes).
"""

from __future__ import annotations

import json
import os

import pytest
from review_figures import FIXTURE, bench_game, figures, positions

from scorpion.game_review import review_game

DATA = json.loads(FIXTURE.read_text())["games"]
STRIDE = 1 if os.environ.get("SCORPION_ALL_FIGURES") else 20
CASES = [
    (entry["variant"], entry["deal"], index)
    for entry in DATA
    for index in range(0, len(entry["positions"]), STRIDE)
]


def recorded(variant: str, deal: int) -> list[list[object]]:
    return next(e["positions"] for e in DATA if e["variant"] == variant and e["deal"] == deal)


@pytest.mark.parametrize(("variant", "deal", "index"), CASES)
def test_each_position_is_judged_as_before(variant, deal, index):
    game = bench_game(variant, deal)
    for at, here, views in positions(game):
        if at == index:
            assert figures(here, views) == recorded(variant, deal)[index]
            return


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_a_review_draws_the_recorded_figures(variant):
    deal = next(e["deal"] for e in DATA if e["variant"] == variant)
    game = bench_game(variant, deal)
    short = type(game).from_deck(game.deck, variant, game.moves[:12])
    review = review_game(short)
    rows = recorded(variant, deal)[:13]
    assert [p.percent for p in review.points] == [r[1] for r in rows]
    assert [None if p.move is None else str(p.move) for p in review.points] == [r[2] for r in rows]
    for point, row in zip(review.points, rows, strict=True):
        if point.advice is not None:
            advice = point.advice
            assert [advice.won, advice.lost, advice.undecided, advice.tried] == row[3:7]
