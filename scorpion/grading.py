"""How hard a winnable classic deal is for a player who cannot see the face-down cards.

``measure(game)`` runs the full-knowledge solver with its searches sharing the work by
positions expanded (``Solver(by_nodes=True)``), within ``NODES`` positions: the same
answer on every machine. ``grade(nodes)`` turns the positions it needed to find a win
``grade(nodes, moves)`` turns what it cost into a grade. The measure is the *detour*:
positions expanded beyond the length of the winning line found. The solver's exhaustive
search tries the moves in a fixed order and proves most dead ends at once, so a deal it
wins with no detour is one where the first moves that come to hand work; each position
of detour is a wrong turn it had to back out of, and a player who cannot see the hidden
cards takes such wrong turns too. ``docs/deals.md`` shows that the grades separate: the
no-peek hint player (``bench/grades.py``) wins fewer deals at each grade.

>>> from scorpion import Game
>>> result = measure(Game.new(3))
>>> nodes, moves = result.nodes, len(result.line)
>>> result.status, nodes, moves, grade(nodes, moves)
('won', 461, 53, 'expert')
>>> [grade(n, 50) for n in (50, 53, 90, 91)]
['easy', 'medium', 'hard', 'expert']
"""

from __future__ import annotations

from typing import Final

from .solver import Solvable, Solver, SolveResult

__all__ = ["GRADES", "NODES", "grade", "measure"]

#: The grades, easiest first.
GRADES: Final = ("easy", "medium", "hard", "expert")
#: Solver positions a deal may take to be proved winnable.
NODES: Final = 300_000
#: The largest detour of each grade but the last: chosen on the first 300 winnable deals
#: to give each grade a fifth to a third of the deals (``docs/deals.md``).
LIMITS: Final = (0, 3, 40)


def measure(game: Solvable, nodes: int = NODES) -> SolveResult:
    """The solver's answer for ``game`` within ``nodes`` positions, shared by positions."""
    solver = Solver(game, by_nodes=True)
    while True:
        left = nodes - solver.nodes
        if left <= 0:
            return solver.result()
        result = solver.step(min(2000, left))
        if result is not None:
            return result


def grade(nodes: int, moves: int) -> str:
    """The grade of a deal the solver won in ``nodes`` positions with a line of ``moves``."""
    detour = nodes - moves
    for name, limit in zip(GRADES, LIMITS, strict=False):
        if detour <= limit:
            return name
    return GRADES[-1]
