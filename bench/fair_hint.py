"""How often a player who cannot see the face-down cards wins: follow the no-peek hint.

    .venv/bin/python bench/fair_hint.py --set classic --deals 1-200
    .venv/bin/python bench/fair_hint.py --set winnable --deals 1-200
    .venv/bin/python bench/fair_hint.py --set relaxed --deals 1-100 --arrangements 16 --nodes 1500
    .venv/bin/python bench/fair_hint.py --summary

A player follows ``scorpion.advice.advise`` from the deal to the end, without undo: at each
position the hint's move is played (the hint told the views already seen in the game, as
the page tells it: ``avoid``), until the game is won, or it ends otherwise:

- ``proved_lost``: the full-knowledge solver (``solve``, within ``--proof`` positions; only
  a "lost" it proves ends the game) shows the position on the table can no longer be won,
  so nothing the player does later can win. This only saves time: the outcome is the same;
- ``repeat``: the position on view repeats although the hint avoids that when it can
  (every move led back: the player would go round for ever);
- ``no_move``: no legal move; ``cap``: ``--max-moves`` moves played.

``--proof 0`` plays every game to one of the other ends (the file name then ends in
``-noproof``): for the hint's time per call over whole games.

Sets: ``classic`` and ``relaxed`` are the deals numbered ``--deals`` (deal numbers are
random deals); ``winnable`` is the ``--deals``-th entries (1-based) of the shipped list of
classic deals the solver proved winnable (``static/data/winnable-classic.json``).

Results go to ``bench/results/fair-hint-<set>-<arrangements>x<nodes>.csv``, one row per
deal, appended and flushed as each game ends: a run that stops resumes where it stopped,
and several processes may share a set with disjoint ``--deals``. Each hint's CPU time
(``time.process_time``, so a busy machine does not inflate it) goes to ``...-calls.csv``
beside it. ``--summary`` gives the win rate with its 95 % Wilson interval per file, and
the hint's time per call (median, 95th percentile, max).
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game
from scorpion.advice import ARRANGEMENTS, advise, nodes_for, wilson
from scorpion.knowledge import View
from scorpion.solver import solve

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
FIELDS = ["deal", "outcome", "end", "moves", "hints", "hint_cpu_seconds", "chance_at_deal"]
CALL_FIELDS = ["deal", "ply", "cpu_seconds", "tried", "won", "undecided"]
SETS = ("classic", "winnable", "relaxed")


def csv_path(name: str, arrangements: int, nodes: int, proof: int) -> Path:
    """``-noproof`` when games are not cut short by the full-knowledge proof (``--proof 0``:
    for timing the hint over whole games, lost positions included)."""
    tail = "-noproof" if not proof else ""
    return RESULTS / f"fair-hint-{name}-{arrangements}x{nodes}{tail}.csv"


def parse_deals(text: str) -> list[int]:
    numbers: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return numbers


def winnable_numbers() -> list[int]:
    data = json.loads((ROOT / "static/data/winnable-classic.json").read_text(encoding="utf-8"))
    return [entry if isinstance(entry, int) else entry[0] for entry in data["deals"]]


def deal_of(name: str, index: int) -> tuple[int, str]:
    """The deal number and variant of entry ``index`` of set ``name``."""
    if name == "winnable":
        return winnable_numbers()[index - 1], "classic"
    return index, name


def play(
    number: int, variant: str, arrangements: int, nodes: int, proof: int, max_moves: int
) -> tuple[dict[str, object], list[dict[str, object]]]:
    game = Game.new(number, variant)
    seen = {View.of(game)}
    calls: list[dict[str, object]] = []
    end = ""
    chance = ""
    while True:
        if game.won:
            end = "won"
            break
        if proof and solve(game, 1e9, node_limit=proof).status == "lost":
            end = "proved_lost"
            break
        if len(game.moves) >= max_moves:
            end = "cap"
            break
        before = time.process_time()
        advice = advise(game, arrangements=arrangements, nodes=nodes, avoid=seen)
        seconds = time.process_time() - before
        calls.append(
            {
                "deal": number,
                "ply": len(game.moves),
                "cpu_seconds": f"{seconds:.4f}",
                "tried": advice.tried,
                "won": advice.won,
                "undecided": advice.undecided,
            }
        )
        if chance == "":
            chance = f"{advice.chance:.3f}"
        if advice.move is None:
            end = "no_move"
            break
        game.play(advice.move)
        view = View.of(game)
        if view in seen and not game.won:
            end = "repeat"
            break
        seen.add(view)
    row = {
        "deal": number,
        "outcome": "won" if game.won else "lost",
        "end": end,
        "moves": len(game.moves),
        "hints": len(calls),
        "hint_cpu_seconds": f"{sum(float(str(c['cpu_seconds'])) for c in calls):.3f}",
        "chance_at_deal": chance,
    }
    return row, calls


def read_rows(path: Path) -> dict[int, dict[str, str]]:
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as handle:
        return {int(row["deal"]): row for row in csv.DictReader(handle) if row.get("outcome")}


def run(name: str, indexes: list[int], arrangements: int, nodes: int, proof: int, cap: int) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = csv_path(name, arrangements, nodes, proof)
    calls_path = path.with_name(path.stem + "-calls.csv")
    done = read_rows(path)
    todo = [(i, *deal_of(name, i)) for i in indexes]
    todo = [(i, number, variant) for i, number, variant in todo if number not in done]
    print(f"{path.name}: {len(indexes) - len(todo)} of {len(indexes)} deals already there")
    for index, number, variant in todo:
        row, calls = play(number, variant, arrangements, nodes, proof, cap)
        for target, fields, rows in ((calls_path, CALL_FIELDS, calls), (path, FIELDS, [row])):
            new_file = not target.exists()
            with target.open("a", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=fields)
                if new_file:
                    writer.writeheader()
                writer.writerows(rows)
        print(
            f"  {index}: deal {number} {row['outcome']} ({row['end']}, {row['moves']} moves,"
            f" {row['hint_cpu_seconds']} s of hints)",
            flush=True,
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary() -> str:
    lines: list[str] = []
    for path in sorted(RESULTS.glob("fair-hint-*.csv")):
        if path.stem.endswith("-calls"):
            continue
        rows = read_rows(path)
        if not rows:
            continue
        won = sum(row["outcome"] == "won" for row in rows.values())
        low, high = wilson(won, len(rows))
        ends: dict[str, int] = {}
        for row in rows.values():
            ends[row["end"]] = ends.get(row["end"], 0) + 1
        lines.append(
            f"{path.stem}: {len(rows)} deals, won {won} = {won / len(rows):.1%}"
            f" (95% Wilson {low:.1%}-{high:.1%}); ends {dict(sorted(ends.items()))}"
        )
        calls_path = path.with_name(path.stem + "-calls.csv")
        if calls_path.exists():
            with calls_path.open(newline="", encoding="utf-8") as handle:
                times = [float(row["cpu_seconds"]) for row in csv.DictReader(handle)]
            if times:
                lines.append(
                    f"  hint CPU time per call over {len(times)} calls: median"
                    f" {statistics.median(times):.3f} s, p95 {percentile(times, 0.95):.3f} s,"
                    f" max {max(times):.3f} s"
                )
    return "\n".join(lines) or "no results yet"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=SETS)
    parser.add_argument("--deals", default="1-200", help="deal numbers (winnable: list entries)")
    parser.add_argument("--arrangements", type=int, default=ARRANGEMENTS)
    parser.add_argument("--nodes", type=int, help="solver positions each (default: the page's)")
    parser.add_argument("--proof", type=int, default=20_000, help="full-knowledge proof budget")
    parser.add_argument("--max-moves", type=int, default=500)
    parser.add_argument("--summary", action="store_true", help="only print the figures")
    args = parser.parse_args()
    if not args.summary:
        if not args.set:
            parser.error("--set is required to run (or use --summary)")
        indexes = parse_deals(args.deals)
        nodes = args.nodes or nodes_for("relaxed" if args.set == "relaxed" else "classic")
        run(args.set, indexes, args.arrangements, nodes, args.proof, args.max_moves)
    print(summary())


if __name__ == "__main__":
    main()
