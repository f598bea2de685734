"""The no-peek hint's time per call, over the positions of games played by following it.

    .venv/bin/python bench/hint_speed.py --variant classic --deals 1-5 --moves 40
    node bench/hint_speed_pyodide.mjs --variant classic --deals 1-5 --moves 40

Each deal is played from the start by following ``scorpion.advice.advise`` (told the views
already seen, as the page does), for at most ``--moves`` moves, timing every call in CPU
seconds (``time.process_time``; under Pyodide in Node, Node's ``process.cpuUsage()``).
The advice does not depend on the machine (its budget is in solver positions), so both
interpreters play the same games and time the same positions: their ratio is Pyodide's
cost. Prints the median, 95th percentile and maximum, and the number of calls.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.advice import ARRANGEMENTS, advise, nodes_for
from scorpion.knowledge import View

IN_PYODIDE = sys.platform == "emscripten"


def cpu_clock() -> Callable[[], float]:
    """This process's CPU seconds, under CPython or under Pyodide in Node."""
    if not IN_PYODIDE:
        return time.process_time
    from js import process  # type: ignore[import-not-found]  # Node's process object

    def clock() -> float:
        usage = process.cpuUsage()
        return (usage.user + usage.system) / 1e6

    return clock


def parse_deals(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def times(variant: str, deals: list[int], moves: int, arrangements: int, nodes: int) -> list[float]:
    clock = cpu_clock()
    out: list[float] = []
    for number in deals:
        game = Game.new(number, variant)
        seen = {View.of(game)}
        while not game.won and len(game.moves) < moves:
            before = clock()
            advice = advise(game, arrangements=arrangements, nodes=nodes, avoid=seen)
            out.append(clock() - before)
            if advice.move is None:
                break
            game.play(advice.move)
            view = View.of(game)
            if view in seen:
                break
            seen.add(view)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic", choices=["classic", "relaxed"])
    parser.add_argument("--deals", default="1-5")
    parser.add_argument("--moves", type=int, default=40, help="moves per game at most")
    parser.add_argument("--arrangements", type=int, default=ARRANGEMENTS)
    parser.add_argument("--nodes", type=int, help="default: the page's, nodes_for(variant)")
    args = parser.parse_args(argv)
    nodes = args.nodes or nodes_for(args.variant)
    found = times(args.variant, parse_deals(args.deals), args.moves, args.arrangements, nodes)
    ordered = sorted(found)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    where = "Pyodide" if IN_PYODIDE else "CPython"
    print(
        f"{where} {sys.version.split()[0]}, {args.variant} deals {args.deals},"
        f" {args.arrangements}x{nodes}: {len(found)} calls, CPU s per call: median"
        f" {statistics.median(found):.3f}, p95 {p95:.3f}, max {ordered[-1]:.3f},"
        f" total {sum(found):.1f}"
    )


if __name__ == "__main__":
    main()
