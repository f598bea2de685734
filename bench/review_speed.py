"""Review this game's time in the page (Pyodide in Chromium): from the click on Review this
game to ``#review[data-review-state="done"]``, over ten games of ``--moves`` actions.

The games are made first under CPython, the same every run: deals 1, 2, ... played by a
seeded player who makes progress when it can (a card turned or a sequence removed, or a
card put on its same-suit parent) two times in three, and otherwise any legal move; stuck,
it undoes one to six moves and plays on. A game is kept when its line reaches ``--moves``
actions before it is won (undone moves are not in the line, so no position of it is
stuck). Each is saved into the page as the player's game, the page loads (warm, one
persistent profile), and the review runs once; the time is the page's own
(``performance.now``). While it runs, the longest gap between two animation frames says how
well the page answers clicks meanwhile. It prints each game's time, the median, and the
load average; ``--cpython`` also times ``review_game`` under CPython for the same games.

    .venv/bin/python bench/review_speed.py --variant classic --moves 100
    .venv/bin/python bench/review_speed.py --variant relaxed --moves 100
    .venv/bin/python bench/review_speed.py --variant relaxed --moves 100 --make  # the games, once
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import launch, load_average, median, prepare_site, serve
from playwright.sync_api import sync_playwright

from scorpion import DEAL, Action, Game, Move, format_line, saves
from scorpion.game_review import review_game
from scorpion.review import stuck
from scorpion.session import Session

RESULTS = Path(__file__).resolve().parent / "results"
REVIEW = """async () => {
    const review = document.getElementById('review');
    let longest = 0, last = performance.now(), running = true;
    const frame = (now) => { longest = Math.max(longest, now - last); last = now;
        if (running) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    const start = performance.now();
    const done = new Promise(resolve => new MutationObserver((records, observer) => {
        if (review.dataset.reviewState === 'done') { observer.disconnect();
            resolve(performance.now() - start); }
    }).observe(review, {attributes: true}));
    document.getElementById('review-game').click();
    const took = await done;
    running = false;
    return [took, longest];
}"""


def kind(game: Game, move: Action) -> int:
    """2: the move turns a card, removes a sequence or deals; 1: it lands on its same-suit
    parent; 0: anything else. (Read off the table, without playing the move.)"""
    if move is DEAL:
        return 2
    assert isinstance(move, Move)
    where = game.locate(move.card)
    assert where is not None
    x, i = where
    source, target = game.columns[x], game.columns[move.to]
    if i and not source[i - 1][1]:
        return 2  # the card left on top turns face up
    cards = [card for card, _up in target] + [card for card, _up in source[i:]]
    suit = cards[-1][1]
    if [card[1] for card in cards[-13:]] == [suit] * 13 and [c[0] for c in cards[-13:]] == list(
        "KQJT98765432A"
    ):
        return 2  # a sequence completed, and removed
    return 1 if target and target[-1][0][1] == move.card[1] else 0


def player_game(number: int, variant: str, moves: int) -> Game | None:
    """Deal ``number`` played by the seeded player (see the module docstring), or None when
    it is won first, or has not reached ``moves`` actions in ``20 * moves`` tries."""
    rng = random.Random(number)
    game = Game.new(number, variant)
    for _ in range(20 * moves):
        legal = game.legal_moves()
        kinds = [kind(game, move) for move in legal]
        # With a progress move at hand the game is not stuck: stuck() (slow) only otherwise.
        if not legal or (2 not in kinds and stuck(game)):
            for _back in range(rng.randint(1, 6)):  # undo a few moves, try otherwise
                game.undo()
            continue
        if len(game.moves) == moves:
            return game
        good = [move for move, k in zip(legal, kinds, strict=True) if k]
        game.play(rng.choice(good if good and rng.random() < 2 / 3 else legal))
        if game.won:
            return None
    return None


def make_games(variant: str, moves: int, count: int) -> None:
    """Write each game kept to its file as it comes (a long run stopped keeps what it made)."""
    path = games_file(variant, moves)
    path.write_text("")
    kept = 0
    for number in range(1, 1000):
        game = player_game(number, variant, moves)
        print(f"  deal {number}: {'kept' if game is not None else 'not kept'}", flush=True)
        if game is not None:
            with path.open("a") as out:
                out.write(f"{game.deal_number} {format_line(game.moves)}\n")
            kept += 1
            if kept == count:
                return


def games_file(variant: str, moves: int) -> Path:
    return RESULTS / f"review-games-{variant}-{moves}.txt"


def bench_games(variant: str, moves: int, count: int) -> list[Game]:
    """The games, read from ``bench/results`` (made once with ``--make``: it is slow)."""
    lines = games_file(variant, moves).read_text().splitlines()
    games = []
    for text in lines[:count]:
        number, line = text.split(" ", 1)
        games.append(Game.new(int(number), variant, moves=line))
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic", choices=["classic", "relaxed"])
    parser.add_argument("--moves", type=int, default=100, help="actions per game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--site", type=Path, help="copy this built site instead of building")
    parser.add_argument("--cpython", action="store_true", help="also time review_game in CPython")
    parser.add_argument("--make", action="store_true", help="make the games and write them")
    args = parser.parse_args(argv)
    if args.make:
        make_games(args.variant, args.moves, args.games)
        return 0
    games = bench_games(args.variant, args.moves, args.games)
    numbers = ", ".join(str(game.deal_number) for game in games)
    print(f"{len(games)} {args.variant} games of {args.moves} actions: deals {numbers}")
    if args.cpython:
        cpu = []
        for game in games:
            started = time.process_time()
            review_game(game)
            cpu.append(time.process_time() - started)
            print(f"  CPython, deal {game.deal_number}: {cpu[-1]:.1f} s CPU")
        print(f"CPython 3.11, CPU s per game: median {median(sorted(cpu)):.1f}")
    times: list[float] = []
    gaps: list[float] = []
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        site = prepare_site(Path(work), args.site)
        with serve(site) as url:
            context = launch(playwright, Path(work) / "profile")
            page: Any = context.new_page()
            page.goto(url + "static/icon.svg")
            for game in games:
                text = saves.dump(Session(game, counted=True), revision=1, saved_at=0)
                page.evaluate("t => localStorage.setItem('scorpion.save@/', t)", text)
                page.goto(url)
                page.wait_for_function(
                    "document.documentElement.dataset.ready === '1'", timeout=120_000
                )
                page.evaluate("document.getElementById('new-game').click()")
                took, gap = page.evaluate(REVIEW)
                times.append(took / 1000)
                gaps.append(gap)
                print(f"  page, deal {game.deal_number}: {took / 1000:.1f} s, longest frame gap "
                      f"{gap:.0f} ms")  # fmt: skip
                page.goto(url + "static/icon.svg")
            context.close()
    print(
        f"review in the page, s per game: median {median(sorted(times)):.1f}, "
        f"max {max(times):.1f}; longest frame gap: median {median(sorted(gaps)):.0f} ms, "
        f"max {max(gaps):.0f} ms"
    )
    print(f"load average (1, 5, 15 min): {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
