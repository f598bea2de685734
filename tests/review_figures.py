"""The review's figures, recorded: for each position of a few bench games, what the Hint
says there and a digest of every arrangement's search (its status, winning line and node
count). ``tests/fixtures/review-figures.json`` holds them as the solver gave them before
it was made faster; ``tests/test_review_figures.py`` asserts the solver still gives them.

    .venv/bin/python tests/review_figures.py    # rewrite the fixture (slow: minutes)
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.advice import ARRANGEMENTS, Advice, Adviser, nodes_for
from scorpion.game_review import SEED
from scorpion.knowledge import View
from scorpion.review import stuck
from scorpion.solver import SolveResult

FIXTURE = Path(__file__).parent / "fixtures" / "review-figures.json"
BENCH = Path(__file__).resolve().parent.parent / "bench" / "results"
#: (variant, deal): games of bench/review_speed.py, their whole 100 actions.
GAMES = [("classic", 16), ("classic", 44), ("classic", 68), ("relaxed", 1), ("relaxed", 2)]


class RecordingAdviser(Adviser):
    """An ``Adviser`` that also keeps each arrangement's ``SolveResult``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.results: list[SolveResult] = []

    def _record(self, result: SolveResult) -> None:
        self.results.append(result)
        super()._record(result)


def digest(results: list[SolveResult]) -> str:
    """Every arrangement's status, line and nodes, hashed (seconds left out)."""
    text = repr([(r.status, [str(a) for a in r.line], r.nodes) for r in results])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def bench_game(variant: str, deal: int) -> Game:
    for text in (BENCH / f"review-games-{variant}-100.txt").read_text().splitlines():
        number, line = text.split(" ", 1)
        if int(number) == deal:
            return Game.new(deal, variant, moves=line)
    raise LookupError(deal)


def positions(game: Game) -> Iterator[tuple[int, Game, frozenset[View]]]:
    """Each position of the line (0: the deal) and the line's views to it."""
    replay = Game.from_deck(list(game.deck), game.variant)
    views = {View.of(replay)}
    yield 0, replay, frozenset(views)
    for index, action in enumerate(game.moves, start=1):
        replay.play(action)
        views.add(View.of(replay))
        yield index, replay, frozenset(views)


def figures(game: Game, views: frozenset[View]) -> list[Any]:
    """``[kind, percent, move, won, lost, undecided, tried, digest]`` for one position."""
    if game.won:
        return ["won", 100, None, 0, 0, 0, 0, ""]
    if stuck(game):
        return ["stuck", 0, None, 0, 0, 0, 0, ""]
    adviser = RecordingAdviser(
        View.of(game),
        arrangements=ARRANGEMENTS,
        nodes=nodes_for(game.variant),
        seed=SEED,
        avoid=views,
    )
    while (advice := adviser.step(1_000_000)) is None:
        pass
    return row(advice, digest(adviser.results))


def row(advice: Advice, hashed: str) -> list[Any]:
    move = None if advice.move is None else str(advice.move)
    percent = round(100 * advice.chance)
    return ["hint", percent, move, advice.won, advice.lost, advice.undecided, advice.tried, hashed]


def record() -> dict[str, Any]:
    games = []
    for variant, deal in GAMES:
        game = bench_game(variant, deal)
        rows = [figures(here, views) for _index, here, views in positions(game)]
        games.append({"variant": variant, "deal": deal, "positions": rows})
        print(f"{variant} {deal}: {len(rows)} positions", flush=True)
    return {"games": games}


def dump(data: dict[str, Any]) -> str:
    """The fixture as JSON, one position a line (a change shows as a line in a diff)."""
    parts = []
    for entry in data["games"]:
        rows = ",\n    ".join(json.dumps(r) for r in entry["positions"])
        head = f'"variant": "{entry["variant"]}", "deal": {entry["deal"]}'
        parts.append(f'  {{{head}, "positions": [\n    {rows}\n  ]}}')
    return '{"games": [\n' + ",\n".join(parts) + "\n]}\n"


if __name__ == "__main__":
    text = dump(record())
    assert json.loads(text)
    FIXTURE.write_text(text)
