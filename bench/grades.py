"""Do the grades separate? The no-peek hint player's win rate per grade of winnable deals.

    .venv/bin/python bench/grades.py --per 30 --grades easy,medium   # play, then the tables
    .venv/bin/python bench/grades.py --per 45 --grades hard,expert   # (two processes)
    .venv/bin/python bench/grades.py --summary

Walks the classic deals from ``--start`` up, measures each (``scorpion.grading.measure``,
the same measure as the shipped lists; read from ``winnable-classic-measures.csv`` when
``tools/winnable.py`` measured it already), and for a winnable deal of one of ``--grades``
with fewer than ``--per`` games so far, plays it as ``bench/fair_hint.py`` does (``advise`` with 48
arrangements of 3000 positions, no undo; a full-knowledge proof of loss within 20,000
positions ends a game early). Deal 2477 is the 300th winnable deal: the grades'
thresholds were chosen on deals 1-2477, so the default start keeps the test out of sample.

Rows go to ``bench/results/grades-classic.csv`` (resumable: deals already there are
skipped). The summary is the win rate per grade with its 95 % Wilson interval, and the
same over the first 300 winnable deals from ``fair-hint-winnable-48x3000.csv`` (the
sample the thresholds were chosen on).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair_hint import RESULTS, play, read_rows

from scorpion import Game
from scorpion.advice import wilson
from scorpion.grading import GRADES, grade, measure

OUT = RESULTS / "grades-classic.csv"
IN_SAMPLE = RESULTS / "fair-hint-winnable-48x3000.csv"
MEASURES = RESULTS / "winnable-classic-measures.csv"
FIELDS = ["deal", "grade", "nodes", "line", "outcome", "end", "moves"]


def known_measures() -> dict[int, tuple[str, int, int]]:
    if not MEASURES.exists():
        return {}
    with MEASURES.open(newline="", encoding="utf-8") as handle:
        return {
            int(row["deal"]): (row["status"], int(row["nodes"]), int(row["moves"]))
            for row in csv.DictReader(handle)
        }


KNOWN: dict[int, tuple[str, int, int]] = {}


def measured(number: int) -> tuple[str, int, int]:
    """(status, positions, line length) of a deal: from the measures file, else solved."""
    if not KNOWN:
        KNOWN.update(known_measures())
    if number in KNOWN:
        return KNOWN[number]
    result = measure(Game.new(number, "classic"))
    return result.status, result.nodes, len(result.line)


def run(start: int, per: int, grades: list[str]) -> None:
    counts = dict.fromkeys(GRADES, 0)
    number = start - 1
    while True:
        done = read_rows(OUT)  # another process may share the file (other grades)
        for name in GRADES:
            counts[name] = sum(row["grade"] == name for row in done.values())
        if min(counts[name] for name in grades) >= per:
            break
        number += 1
        if number in done:
            continue
        status, nodes, line = measured(number)
        if status != "won":
            continue
        name = grade(nodes, line)
        if name not in grades or counts[name] >= per:
            continue
        row, _ = play(number, "classic", 48, 3000, 20_000, 500)
        counts[name] += 1
        new_file = not OUT.exists()
        with OUT.open("a", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=FIELDS)
            if new_file:
                writer.writeheader()
            writer.writerow(
                {
                    "deal": number,
                    "grade": name,
                    "nodes": nodes,
                    "line": line,
                    "outcome": row["outcome"],
                    "end": row["end"],
                    "moves": row["moves"],
                }
            )
        print(f"deal {number} {name}: {row['outcome']} ({counts})", flush=True)


def table(rows: list[tuple[str, bool]], title: str) -> str:
    lines = [title, "| grade | deals | won | win rate | 95 % Wilson |", "|---|---|---|---|---|"]
    for name in GRADES:
        outcomes = [won for g, won in rows if g == name]
        won = sum(outcomes)
        if not outcomes:
            continue
        low, high = wilson(won, len(outcomes))
        lines.append(
            f"| {name} | {len(outcomes)} | {won} | {won / len(outcomes):.1%}"
            f" | {low:.1%}-{high:.1%} |"
        )
    return "\n".join(lines)


def summary() -> str:
    held_out = [(row["grade"], row["outcome"] == "won") for row in read_rows(OUT).values()]
    parts = [table(held_out, f"Out of sample ({OUT.name}):")]
    in_sample: list[tuple[str, bool]] = []
    if IN_SAMPLE.exists() and MEASURES.exists():
        with MEASURES.open(newline="", encoding="utf-8") as handle:
            known = {int(r["deal"]): r for r in csv.DictReader(handle)}
        for deal, row in read_rows(IN_SAMPLE).items():
            m = known.get(deal)
            if m and m["status"] == "won":
                name = grade(int(m["nodes"]), int(m["moves"]))
                in_sample.append((name, row["outcome"] == "won"))
        title = f"\nIn sample, the first 300 winnable deals ({IN_SAMPLE.name}):"
        parts.append(table(in_sample, title))
        parts.append(table(held_out + in_sample, "\nBoth together:"))
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=2478)
    parser.add_argument("--per", type=int, default=30, help="games per grade")
    parser.add_argument("--grades", default=",".join(GRADES), help="grades to play")
    parser.add_argument("--summary", action="store_true", help="only print the tables")
    args = parser.parse_args()
    if not args.summary:
        run(args.start, args.per, args.grades.split(","))
    print(summary())


if __name__ == "__main__":
    main()
