"""Generate the lists of numbered deals proven winnable: deal numbers (and, in Classic,
grades), not winning lines.

    .venv/bin/python tools/winnable.py --variant classic --count 1000
    .venv/bin/python tools/winnable.py --variant relaxed --count 300

writes ``static/data/winnable-<variant>.json``: the first ``--count`` deal numbers (from 1
up) that the solver proves winnable, in order. Each winning line is replayed through the
rules engine before its deal is listed, and then left out: the page never holds a deal's
solution before the player asks for it (the solver finds it again then).

*Classic*: each deal gets ``grading.NODES`` solver positions, shared between the solver's
searches by positions (``scorpion.grading.measure``), so the list and its grades are the
same on every machine; each listed deal carries its grade (``grading.grade``), one letter
per deal in ``grades`` (e easy, m medium, h hard, x expert). What the solver measured
(status, positions, line length) goes to ``bench/results/winnable-classic-measures.csv``,
which a later run reads back instead of solving again (delete it after changing the
solver). *Relaxed*: ``--limit`` CPU seconds per deal (a deal needing close to the limit
may be missing on a slower machine).

Format (one line, no spaces)::

    {"variant":"classic","count":1000,"nodes":300000,"deals":[3,6,14,...],"grades":"xxm..."}
    {"variant":"relaxed","count":300,"limit_seconds":10.0,"deals":[1,2,3,...]}

An entry of ``deals`` may also be a list whose first item is the deal number; readers
take the number (``static/webapp/winnable.py``).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.grading import NODES, grade, measure
from scorpion.solver import solve

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "data"
MEASURES = ROOT / "bench" / "results" / "winnable-classic-measures.csv"
LETTERS = {"easy": "e", "medium": "m", "hard": "h", "expert": "x"}


def replayed(number: int, variant: str, line: tuple[object, ...]) -> None:
    replay = Game.new(number, variant)
    for move in line:
        replay.play(move)  # type: ignore[arg-type]
    assert replay.won, f"deal {number}: the line does not win"


def winnable(variant: str, count: int, limit: float, start: int = 1) -> list[int]:
    """Relaxed: the first ``count`` deals won within ``limit`` CPU seconds each."""
    deals: list[int] = []
    number = start
    while len(deals) < count:
        result = solve(Game.new(number, variant), limit, clock=time.process_time)
        if result.status == "won":
            replayed(number, variant, result.line)
            deals.append(number)
        number += 1
    return deals


def graded(count: int, measures: Path = MEASURES) -> list[tuple[int, str]]:
    """Classic: the first ``count`` winnable deals with their grades."""
    known: dict[int, tuple[str, int, int]] = {}
    if measures.exists():
        with measures.open(newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                known[int(row["deal"])] = (row["status"], int(row["nodes"]), int(row["moves"]))
    deals: list[tuple[int, str]] = []
    number = 0
    measures.parent.mkdir(parents=True, exist_ok=True)
    with measures.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if not known:
            writer.writerow(["deal", "status", "nodes", "moves"])
        while len(deals) < count:
            number += 1
            if number not in known:
                result = measure(Game.new(number, "classic"), NODES)
                if result.status == "won":
                    replayed(number, "classic", result.line)
                known[number] = (result.status, result.nodes, len(result.line))
                writer.writerow([number, *known[number]])
                handle.flush()
            status, nodes, moves = known[number]
            if status == "won":
                deals.append((number, LETTERS[grade(nodes, moves)]))
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", required=True, choices=["classic", "relaxed"])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--limit", type=float, default=10.0, help="relaxed: CPU seconds per deal")
    parser.add_argument("--out", type=Path, default=None, help="default: static/data/")
    args = parser.parse_args()
    out = args.out or OUT / f"winnable-{args.variant}.json"
    data: dict[str, object] = {"variant": args.variant}
    if args.variant == "classic":
        pairs = graded(args.count)
        data |= {"count": len(pairs), "nodes": NODES, "deals": [n for n, _ in pairs]}
        data["grades"] = "".join(letter for _, letter in pairs)
    else:
        deals = winnable(args.variant, args.count, args.limit)
        data |= {"count": len(deals), "limit_seconds": args.limit, "deals": deals}
    text = json.dumps(data, separators=(",", ":")) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"{out}: {data['count']} deals, {len(text):,} bytes")


if __name__ == "__main__":
    main()
