"""Compute the daily deal table: ``static/data/daily-classic.json`` (see ``scorpion.daily``).

    .venv/bin/python tools/daily.py                   # the whole table (DAYS days)
    .venv/bin/python tools/daily.py --days 30 --out /tmp/daily.json
    .venv/bin/python tools/daily.py --from-measures   # regrade from the measures, no solving

For each day, the candidates in their fixed order until the solver (``grading.measure``,
``daily.NODES`` positions, shared by positions so every machine agrees) proves one
winnable; its line is replayed through the rules before it is taken. What was measured
goes to ``bench/results/daily-classic.csv`` (day, deal, candidate, positions, line
length, grade). The shipped table is read first: the tool stops with an error, writing
nothing, if any day would change (a day's deal and grade are fixed forever).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.daily import BLOCK, DAYS, LETTER_OF, NODES, Daily, candidate
from scorpion.grading import grade, measure

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "data" / "daily-classic.json"
MEASURES = ROOT / "bench" / "results" / "daily-classic.csv"
FIELDS = ["day", "deal", "candidate", "nodes", "moves", "grade"]


def pick(n: int) -> dict[str, int | str]:
    """Day ``n``'s row: its first candidate proved winnable, and what it cost."""
    for j in range(BLOCK):
        number = candidate(n, j)
        result = measure(Game.new(number, "classic"), NODES)
        if result.status == "won":
            replay = Game.new(number, "classic")
            for move in result.line:
                replay.play(move)
            assert replay.won, f"deal {number}: the line does not win"
            nodes, moves = result.nodes, len(result.line)
            return {"day": n, "deal": number, "candidate": j, "nodes": nodes, "moves": moves,
                    "grade": grade(nodes, moves)}  # fmt: skip
    raise RuntimeError(f"day {n}: no winnable candidate")


def from_measures(path: Path) -> list[dict[str, int | str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        rows: list[dict[str, int | str]] = []
        for n, row in enumerate(csv.DictReader(handle)):
            day, j, nodes, moves = (int(row[k]) for k in ("day", "candidate", "nodes", "moves"))
            assert day == n and candidate(n, j) == int(row["deal"]), f"row {n} is not day {n}"
            rows.append({**row, "grade": grade(nodes, moves)})
    return rows


def check(rows: list[dict[str, int | str]], shipped: Daily | None) -> None:
    """Stop if a day already shipped would change."""
    if shipped is None:
        return
    for row in rows[: len(shipped.picks)]:
        n = int(row["day"])
        new = (int(row["candidate"]), LETTER_OF[str(row["grade"])])
        if (shipped.picks[n], shipped.grades[n]) != new:
            old = (shipped.picks[n], shipped.grades[n])
            raise SystemExit(f"day {n} would change: {old} -> {new}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=DAYS)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--measures", type=Path, default=MEASURES)
    parser.add_argument("--from-measures", action="store_true")
    args = parser.parse_args()
    shipped = Daily.parse(OUT.read_text(encoding="utf-8")) if OUT.exists() else None
    if args.from_measures:
        rows = from_measures(args.measures)[: args.days]
    else:
        rows = []
        args.measures.parent.mkdir(parents=True, exist_ok=True)
        with args.measures.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=FIELDS)
            writer.writeheader()
            for n in range(args.days):
                rows.append(pick(n))
                writer.writerow(rows[-1])
                handle.flush()
    check(rows, shipped)
    picks = tuple(int(row["candidate"]) for row in rows)
    table = Daily(picks, "".join(LETTER_OF[str(row["grade"])] for row in rows))
    text = table.to_json()
    args.out.write_text(text, encoding="utf-8")
    print(f"{args.out}: {len(picks)} days, {len(text.encode()):,} bytes")


if __name__ == "__main__":
    main()
