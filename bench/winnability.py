"""What share of Scorpion deals can be won: the solver over many numbered deals.

    .venv/bin/python bench/winnability.py --variant classic --deals 1-10000 --limit 10
    .venv/bin/python bench/winnability.py --variant relaxed --deals 1-10000 --limit 10
    .venv/bin/python bench/winnability.py --summary            # the figures from the CSVs
    .venv/bin/python bench/winnability.py --variant classic --retry --limit 120

Results go to ``bench/results/winnability-<variant>.csv``, one row per deal, appended and
flushed as each deal is decided: a run that stops resumes where it stopped (deals already
in the file are skipped), and several processes may share a variant with disjoint
``--deals`` ranges (each appends whole lines). ``--retry`` instead solves again, with the
new ``--limit``, the deals of ``--deals`` recorded as undecided, and rewrites their rows
(not while another run appends to the same file). ``--limit`` is in CPU seconds per deal
(``time.process_time``), so the verdicts do not depend on how busy the machine is.
Every winning line is replayed through the rules engine before it is recorded.

The summary gives the winnable share with its 95% Wilson score interval, and the share
left undecided: the true share over all deals lies between the lower end of the interval
for "won" and the upper end of the interval for "won or undecided".
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.advice import wilson
from scorpion.solver import solve

RESULTS = Path(__file__).resolve().parent / "results"
FIELDS = ["deal", "status", "cpu_seconds", "nodes", "moves"]


def csv_path(variant: str) -> Path:
    return RESULTS / f"winnability-{variant}.csv"


def parse_deals(text: str) -> list[int]:
    numbers: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


def read_rows(variant: str) -> dict[int, dict[str, str]]:
    path = csv_path(variant)
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as handle:
        return {int(row["deal"]): row for row in csv.DictReader(handle) if row.get("status")}


def solve_row(variant: str, number: int, limit: float) -> dict[str, object]:
    game = Game.new(number, variant)
    before = time.process_time()
    result = solve(game, limit, clock=time.process_time)
    seconds = time.process_time() - before
    if result.status == "won":
        replay = Game.new(number, variant)
        for move in result.line:
            replay.play(move)
        assert replay.won, f"deal {number}: the winning line does not win"
    return {
        "deal": number,
        "status": result.status,
        "cpu_seconds": f"{seconds:.3f}",
        "nodes": result.nodes,
        "moves": len(result.line),
    }


def retry(variant: str, deals: list[int], limit: float) -> None:
    rows = read_rows(variant)
    wanted = set(deals)
    todo = [n for n, row in sorted(rows.items()) if row["status"] == "unknown" and n in wanted]
    print(f"{variant}: {len(todo)} undecided deals to solve again within {limit:g} s")
    for number in todo:
        rows[number] = {key: str(value) for key, value in solve_row(variant, number, limit).items()}
        print(f"  deal {number}: {rows[number]['status']}", flush=True)
    path = csv_path(variant)
    partial = path.with_suffix(".tmp")
    with partial.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows[n] for n in sorted(rows))
    partial.replace(path)


def run(variant: str, deals: list[int], limit: float) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    done = read_rows(variant)
    todo = [n for n in deals if n not in done]
    path = csv_path(variant)
    new_file = not path.exists()
    print(f"{variant}: {len(deals) - len(todo)} of {len(deals)} deals already in {path.name}")
    started = time.perf_counter()
    with path.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        if new_file:
            writer.writeheader()
        for count, number in enumerate(todo, 1):
            writer.writerow(solve_row(variant, number, limit))
            handle.flush()
            if count % 100 == 0:
                rate = count / (time.perf_counter() - started)
                left = (len(todo) - count) / rate
                print(f"  {count}/{len(todo)} done, about {left / 60:.0f} min left", flush=True)


def summary(variant: str) -> str:
    rows = read_rows(variant)
    if not rows:
        return f"{variant}: no results yet"
    total = len(rows)
    won = sum(row["status"] == "won" for row in rows.values())
    lost = sum(row["status"] == "lost" for row in rows.values())
    unknown = total - won - lost
    low, high = wilson(won, total)
    low_any, high_any = wilson(won + unknown, total)
    numbers = sorted(rows)
    contiguous = numbers == list(range(numbers[0], numbers[-1] + 1))
    span = f"{numbers[0]}-{numbers[-1]}" if contiguous else "a set"
    return (
        f"{variant}: {total} deals ({span}): won {won}, lost {lost}, undecided {unknown}\n"
        f"  winnable {won / total:.2%} (95% Wilson interval {low:.2%}-{high:.2%});"
        f" undecided {unknown / total:.2%}\n"
        f"  so the share of winnable deals lies within {low:.2%}-{high_any:.2%}"
        f" (won or undecided: {(won + unknown) / total:.2%}, interval {low_any:.2%}-{high_any:.2%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=["classic", "relaxed"])
    parser.add_argument("--deals", default="1-10000")
    parser.add_argument("--limit", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--summary", action="store_true", help="only print the figures")
    parser.add_argument("--retry", action="store_true", help="solve undecided deals again")
    args = parser.parse_args()
    variants = [args.variant] if args.variant else ["classic", "relaxed"]
    if not args.summary:
        if not args.variant:
            parser.error("--variant is required to run (or use --summary)")
        (retry if args.retry else run)(args.variant, parse_deals(args.deals), args.limit)
    for variant in variants:
        print(summary(variant))


if __name__ == "__main__":
    main()
