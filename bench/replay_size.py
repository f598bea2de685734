"""Replay texts (``scorpion.replay``): their length and the time to encode and decode
them, for the seed deal's winning line and for random games of growing length.

    .venv/bin/python bench/replay_size.py
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorpion.game import Game  # noqa: E402
from scorpion.replay import Replay, decode  # noqa: E402


def random_game(variant: str, length: int, seed: int = 0) -> Game:
    """Random legal moves from deal 5; a dead end steps back 20 actions and goes on."""
    rng = random.Random(seed)
    game = Game.new(5, variant)
    while len(game.moves) < length:
        legal = game.legal_moves()
        if not legal or game.won:
            game = Game.new(5, variant, game.moves[:-20])
            continue
        game.play(rng.choice(legal))
    return game


def row(name: str, replay: Replay) -> None:
    started = time.perf_counter()
    text = replay.encode()
    encoded = time.perf_counter()
    assert decode(text) == replay
    decoded = time.perf_counter()
    print(
        f"{name:<44} {len(replay.line):>5} actions {len(text):>5} chars "
        f"encode {1000 * (encoded - started):7.1f} ms  decode {1000 * (decoded - encoded):7.1f} ms"
    )


def main() -> None:
    seed = json.loads((ROOT / "tests" / "fixtures" / "seed-deal.json").read_text())
    row(
        "seed deal, its winning line (custom deck)",
        Replay("classic", seed["winning_line"], deck=tuple(seed["deck"])),
    )
    row("deal 1, no move", Replay("classic", (), deal=1))
    for length in (50, 200, 1000, 5000):
        row(f"Relaxed deal 5, {length} random actions", Replay.of(random_game("relaxed", length)))


if __name__ == "__main__":
    main()
