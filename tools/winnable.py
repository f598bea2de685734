"""Generate the lists of numbered deals proven winnable: deal numbers, not winning lines.

    .venv/bin/python tools/winnable.py --variant classic --count 300
    .venv/bin/python tools/winnable.py --variant relaxed --count 300

writes ``static/data/winnable-<variant>.json``: the first ``--count`` deal numbers (from 1
up) that the solver proves winnable within ``--limit`` CPU seconds each, in order. Each
winning line is replayed through the rules engine before its deal is listed, and then left
out: the page never holds a deal's solution before the player asks for it (the solver
finds it again then). The output is deterministic for a given solver: the search does not
depend on the machine, only whether a deal is decided within the limit can (a deal needing
close to the limit may be missing on a slower machine).

File format (one line, no spaces: 1,423 bytes for the 300 classic deals, 1,159 for the
relaxed ones)::

    {"variant":"classic","count":300,"limit_seconds":10.0,"deals":[3,6,14,...]}

An entry may also be a list whose first item is the deal number, ``[3, ...]``: room for a
grade (how hard the deal is) without a new format; readers take the number and ignore the
rest (``static/webapp/winnable.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.solver import solve

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "data"


def winnable(variant: str, count: int, limit: float, start: int = 1) -> list[int]:
    deals: list[int] = []
    number = start
    while len(deals) < count:
        game = Game.new(number, variant)
        result = solve(game, limit, clock=time.process_time)
        if result.status == "won":
            replay = Game.new(number, variant)
            for move in result.line:
                replay.play(move)
            assert replay.won, f"deal {number}: the line does not win"
            deals.append(number)
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
    text = write(out, args.variant, deals, args.limit)
    print(f"{out}: {len(deals)} deals, up to deal {deals[-1]}, {len(text):,} bytes")


def write(out: Path, variant: str, deals: list[int], limit: float) -> str:
    """Write a list (the format above); returns the text written."""
    data = {"variant": variant, "count": len(deals), "limit_seconds": limit, "deals": deals}
    text = json.dumps(data, separators=(",", ":")) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return text


if __name__ == "__main__":
    main()
