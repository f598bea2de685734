"""How many numbered deals the solver decides, and how fast.

    .venv/bin/python bench/solver.py [--deals 1-1000] [--variant classic|relaxed|both]
                                     [--limit 1,10] [--clock cpu|wall] [--json FILE]

Each deal is solved once with the largest limit; a deal counts as decided within a
smaller limit when the solver had decided it by then (the search does not depend on the
limit, so this is what a run with that limit would give). ``--clock cpu`` (the default
under CPython) counts this process's CPU time, which is what one core of an otherwise
idle machine would take: the machine this runs on is shared. ``wall`` counts elapsed
time (the default under Pyodide, where CPU time is not meaningful).

The same file runs under Pyodide in Node: ``node bench/solver_pyodide.mjs [same args]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.solver import solve

IN_PYODIDE = sys.platform == "emscripten"


def parse_deals(text: str) -> list[int]:
    """``"1-200"``, ``"5,9,12"`` or a mix: ``"1-10,20"``."""
    numbers: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


def cpu_clock() -> Callable[[], float]:
    """This process's CPU seconds, under CPython or under Pyodide in Node."""
    if not IN_PYODIDE:
        return time.process_time
    from js import process  # type: ignore[import-not-found]  # Node's process object

    def clock() -> float:
        usage = process.cpuUsage()
        return (usage.user + usage.system) / 1e6

    return clock


def load() -> str:
    if IN_PYODIDE:
        return "host load average not visible from WebAssembly"
    try:
        one, five, fifteen = os.getloadavg()
        return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"
    except (AttributeError, OSError):
        return "load average unknown"


def run_variant(
    variant: str, deals: list[int], limits: list[float], clock: Callable[[], float]
) -> dict:
    top = max(limits)
    rows = []
    nodes = 0
    spent = 0.0
    for number in deals:
        game = Game.new(number, variant)
        before = clock()
        result = solve(game, top, clock=clock)
        seconds = clock() - before
        nodes += result.nodes
        spent += seconds
        if result.status == "won":  # every winning line is checked by the rules engine
            replay = Game.new(number, variant)
            for move in result.line:
                replay.play(move)
            assert replay.won, f"deal {number}: the line does not win"
        rows.append({"deal": number, "status": result.status, "seconds": round(seconds, 4)})
    summary: dict = {"variant": variant, "deals": len(deals), "limits": {}}
    for limit in limits:
        won = sum(r["status"] == "won" and r["seconds"] <= limit for r in rows)
        lost = sum(r["status"] == "lost" and r["seconds"] <= limit for r in rows)
        summary["limits"][str(limit)] = {
            "won": won,
            "lost": lost,
            "unknown": len(rows) - won - lost,
            "decided_share": (won + lost) / len(rows),
        }
    summary["nodes_per_second"] = nodes / spent if spent else 0.0
    summary["seconds"] = spent
    summary["rows"] = rows
    return summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000")
    parser.add_argument("--variant", default="both", choices=["classic", "relaxed", "both"])
    parser.add_argument("--limit", default="1,10", help="time limits in seconds, comma-separated")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--json", help="also write the per-deal results to this file")
    args = parser.parse_args(argv)
    deals = parse_deals(args.deals)
    limits = sorted(float(x) for x in args.limit.split(","))
    clock = cpu_clock() if args.clock == "cpu" else time.perf_counter
    variants = ["classic", "relaxed"] if args.variant == "both" else [args.variant]
    print(
        f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}, "
        f"{args.clock} clock, {load()}"
    )
    results = []
    for variant in variants:
        summary = run_variant(variant, deals, limits, clock)
        results.append(summary)
        print(f"{variant}: deals {args.deals} ({len(deals)})")
        for limit, row in summary["limits"].items():
            print(
                f"  within {float(limit):g} s: {row['decided_share']:6.1%} decided"
                f"  (won {row['won']}, lost {row['lost']}, unknown {row['unknown']})"
            )
        print(
            f"  {summary['nodes_per_second']:,.0f} positions a second"
            f" ({summary['seconds']:.1f} s in all), {load()}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
