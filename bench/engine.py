"""How many legal_moves() + play() + undo() cycles a second the rules engine does.

    .venv/bin/python bench/engine.py [--seconds 3]

Each cycle asks for the legal moves of a real position, plays one and takes it back;
every few cycles one move is kept so the positions change along real games.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorpion import Game


def run(seconds: float) -> tuple[int, float]:
    cycles = 0
    number = 1
    game = Game.new(number)
    kept = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            moves = game.legal_moves()
            if not moves or kept > 150:
                number += 1
                game = Game.new(number, "relaxed" if number % 2 else "classic")
                kept = 0
                continue
            move = moves[cycles % len(moves)]
            game.play(move)
            game.undo()
            cycles += 1
            if cycles % 4 == 0:
                game.play(move)
                kept += 1
    return cycles, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    cycles, elapsed = run(args.seconds)
    print(f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}")
    rate = cycles / elapsed
    print(f"{cycles} cycles in {elapsed:.2f} s: {rate:,.0f} legal_moves+play+undo a second")
    print(f"one cycle: {elapsed / cycles * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
