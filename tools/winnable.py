"""Generate the lists of numbered deals proven winnable, with a winning line for each.

    .venv/bin/python tools/winnable.py --variant classic --count 300
    .venv/bin/python tools/winnable.py --variant relaxed --count 300

writes ``static/data/winnable-<variant>.json``: the first ``--count`` deal numbers (from 1
up) that the solver proves winnable within ``--limit`` CPU seconds each, in order, each
with its winning line in the rules' move notation (``"4H>7 2H>3 ... deal ..."``, replayed
through the rules engine before it is written). The output is deterministic for a given
solver: the search does not depend on the machine, only whether a deal is decided within
the limit can (a deal needing close to the limit may be missing on a slower machine).

File format::

    {"variant": "classic", "count": 300, "limit_seconds": 10.0,
     "deals": [[3, "4H>7 ..."], [6, "..."], ...]}
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game, format_line
from scorpion.solver import solve

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "data"


def winnable(variant: str, count: int, limit: float, start: int = 1) -> list[list[int | str]]:
    deals: list[list[int | str]] = []
    number = start
    while len(deals) < count:
        game = Game.new(number, variant)
        result = solve(game, limit, clock=time.process_time)
        if result.status == "won":
            replay = Game.new(number, variant)
            for move in result.line:
                replay.play(move)
            assert replay.won, f"deal {number}: the line does not win"
            deals.append([number, format_line(list(result.line))])
        number += 1
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", required=True, choices=["classic", "relaxed"])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--limit", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--out", type=Path, default=None, help="default: static/data/")
    args = parser.parse_args()
    deals = winnable(args.variant, args.count, args.limit)
    out = args.out or OUT / f"winnable-{args.variant}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data = {"variant": args.variant, "count": len(deals), "limit_seconds": args.limit}
    text = json.dumps(data)[:-1] + ', "deals": [\n'
    text += ",\n".join(json.dumps(deal) for deal in deals) + "\n]}\n"
    out.write_text(text, encoding="utf-8")
    print(f"{out}: {len(deals)} deals, up to deal {deals[-1][0]}, {len(text):,} bytes")


if __name__ == "__main__":
    main()
