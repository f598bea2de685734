"""The solver's fast inner functions answer exactly as they did before they were made
faster (``tests/solver_reference.py`` keeps those, verbatim): the same verdict from the
relaxed deadlock test, the same moves in the same order from every move generator, the
same same-suit moves played. Over positions drawn at random (runs of cards in order
among them, face-down cards, removed suits, the reserve) and positions a real search
goes through. (``tests/test_review_figures.py`` checks whole searches: same nodes, same
results.)
"""

from __future__ import annotations

import random

import pytest
import solver_reference as old

from scorpion import solver
from scorpion.knowledge import View
from scorpion.moves import Action
from scorpion.solver import _HIDDEN, _encode

Position = tuple[list[str], str]


def random_position(rng: random.Random) -> Position:
    """Columns and a reserve: a suit or two removed at times, cards often in runs."""
    gone = set(rng.sample(range(4), rng.choice([0, 0, 0, 1, 2])))
    cards = [k for k in range(52) if k // 13 not in gone]
    rng.shuffle(cards)
    reserve = ""
    if rng.random() < 0.4:
        reserve, cards = "".join(chr(k) for k in cards[:3]), cards[3:]
    if rng.random() < 0.5:  # many cards in descending runs
        cards.sort(key=lambda k: (rng.random() < 0.3, -(k % 13)))
    cuts = [*sorted(rng.sample(range(len(cards) + 1), 6)), len(cards)]
    cols, start = [], 0
    for cut in cuts:
        part, start = cards[start:cut], cut
        hidden = rng.randint(0, max(0, len(part) - 1))
        cols.append("".join(chr(k + (_HIDDEN if j < hidden else 0)) for j, k in enumerate(part)))
    rng.shuffle(cols)
    return cols, reserve


def searched_positions(variant: str, count: int) -> list[Position]:
    """Positions the exhaustive search enters from an arrangement of a real deal's view."""
    from scorpion import Game

    view = View.of(Game.new(7, variant))
    start = view.arrange(tuple(view.ordered_hidden()))
    cols, reserve, removed = _encode(start)
    search = solver._Exhaustive(cols, reserve, removed, variant == "relaxed", True)
    found: list[Position] = []
    while len(found) < count and search.outcome is None and search.stack:
        search.run(1)
        frame = search.stack[-1]
        found.append((list(frame.cols), "" if frame.dealt else reserve))
    return found


def positions() -> list[Position]:
    rng = random.Random(40)
    drawn = [random_position(rng) for _ in range(3000)]
    return drawn + searched_positions("relaxed", 400) + searched_positions("classic", 200)


POSITIONS = positions()


def test_the_relaxed_deadlock_test_gives_the_same_verdicts():
    verdicts = [solver._relaxed_blocked(cols, reserve) for cols, reserve in POSITIONS]
    assert verdicts == [old._relaxed_blocked(cols, reserve) for cols, reserve in POSITIONS]
    assert 0.2 < sum(verdicts) / len(verdicts) < 0.8  # both verdicts well represented


@pytest.mark.parametrize("prune", [True, False])
def test_the_move_generators_give_the_same_moves_in_the_same_order(prune):
    for cols, reserve in POSITIONS:
        dealt = not reserve
        assert solver._relaxed_steps(cols, dealt, prune) == old._relaxed_steps(cols, dealt, prune)
        assert solver._classic_steps(cols, dealt, prune) == old._classic_steps(cols, dealt, prune)
        assert solver._parking_steps(cols) == old._parking_steps(cols)


def test_the_best_first_search_scores_positions_the_same():
    for cols, _reserve in POSITIONS:
        assert solver._score(cols, 1) == old._score(cols, 1)


def test_the_same_suit_macro_plays_the_same_moves():
    for cols, reserve in POSITIONS:
        dealt = not reserve
        new_acts: list[Action] = []
        old_acts: list[Action] = []
        new = solver._eager_same_suit(list(cols), dealt, 0, new_acts)
        assert new == old._eager_same_suit(list(cols), dealt, 0, old_acts)
        assert new_acts == old_acts
