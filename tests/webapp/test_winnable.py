"""The "Winnable deals only" option's pure side: reading the shipped lists, picking a deal,
and the per-variant state the page keeps while a list is fetched."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from webapp.winnable import Lists, grades_of, parse, pick, url

from scorpion.deals import MAX_DEAL

DATA = Path(__file__).resolve().parents[2] / "static" / "data"


@pytest.mark.parametrize("variant", ["classic", "relaxed"])
def test_the_shipped_lists_read_as_the_page_reads_them(variant: str) -> None:
    path = Path(__file__).resolve().parents[2] / "static" / url(variant).removeprefix("static/")
    assert path.parent == DATA
    text = path.read_text(encoding="utf-8")
    numbers = parse(text, variant)
    data = json.loads(text)
    assert numbers == tuple(data["deals"])  # numbers only: no winning line is shipped
    assert all(isinstance(number, int) for number in data["deals"])
    assert len(numbers) == data["count"] >= 100


def test_a_list_for_the_other_variant_is_refused() -> None:
    text = (DATA / "winnable-classic.json").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="relaxed"):
        parse(text, "relaxed")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "<!doctype html><title>404</title>",
        "[]",
        '{"variant": "classic"}',
        '{"variant": "classic", "deals": []}',
        '{"variant": "classic", "deals": {"3": "4C>1"}}',
        '{"variant": "classic", "deals": [[0, "x"]]}',
        f'{{"variant": "classic", "deals": [[{MAX_DEAL + 1}, "x"]]}}',
        '{"variant": "classic", "deals": [["3", "x"]]}',
        '{"variant": "classic", "deals": [[true, "x"]]}',
        '{"variant": "classic", "deals": [[3.5, "x"]]}',
        '{"variant": "classic", "deals": [[], [3, "x"]]}',
        '{"variant": "classic", "deals": [[3, "x"], [3, "y"]]}',
        "[" * 100_000,
    ],
)
def test_anything_but_a_list_of_deal_numbers_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse(text, "classic")


def test_bare_numbers_are_read_too() -> None:
    assert parse('{"variant": "relaxed", "deals": [5, [7, "AS>1"]]}', "relaxed") == (5, 7)


def test_url_is_relative_and_known_variants_only() -> None:
    assert url("classic") == "static/data/winnable-classic.json"
    with pytest.raises(ValueError):
        url("../secret")


def test_pick_covers_the_list_and_avoids_the_deal_on_the_table() -> None:
    rng = random.Random(7)
    numbers = (3, 6, 9)
    seen = {pick(numbers, rng, avoid=6) for _ in range(200)}
    assert seen == {3, 9}
    assert pick((6,), rng, avoid=6) == 6  # the only one: dealt again rather than nothing
    assert {pick(numbers, rng) for _ in range(200)} == set(numbers)
    with pytest.raises(ValueError):
        pick((), rng)


def test_lists_fetch_once_and_again_after_a_failure() -> None:
    lists = Lists()
    assert lists.begin("classic")
    assert not lists.begin("classic")  # already on its way
    assert lists.begin("relaxed")  # each variant its own
    assert lists.arrived("relaxed", None) == "not fetched"
    assert "relaxed" not in lists.numbers
    assert lists.begin("relaxed")  # failed: the next use tries again
    assert lists.arrived("relaxed", '{"variant": "classic", "deals": [3]}') is not None
    assert lists.begin("relaxed")
    assert lists.arrived("relaxed", '{"variant": "relaxed", "deals": [1, 2]}') is None
    assert lists.numbers["relaxed"] == (1, 2)
    assert not lists.begin("relaxed")  # loaded: never fetched again
    assert lists.arrived("classic", (DATA / "winnable-classic.json").read_text()) is None
    assert len(lists.numbers["classic"]) >= 100


def test_a_newcomers_first_deals_are_on_the_shipped_classic_list() -> None:
    from webapp.winnable import FIRST_DEALS

    shipped = parse((DATA / "winnable-classic.json").read_text(encoding="utf-8"), "classic")
    assert shipped[: len(FIRST_DEALS)] == FIRST_DEALS and len(FIRST_DEALS) >= 20


def test_a_newcomers_first_game_is_the_first_easy_deal_of_the_list() -> None:
    from webapp.winnable import FIRST_DEAL, FIRST_DEALS

    text = (DATA / "winnable-classic.json").read_text(encoding="utf-8")
    grades = grades_of(text, parse(text, "classic"))
    easy = [number for number in FIRST_DEALS if grades[number] == "easy"]
    assert easy[0] == FIRST_DEAL


def test_a_newcomer_gets_a_winnable_deal_and_winnable_new_games() -> None:
    from webapp.boot.startup import open_game
    from webapp.page.storage import Store
    from webapp.winnable import FIRST_DEALS

    from scorpion import Game
    from scorpion.session import Session

    opening = open_game(Store(None), "", ["en"])
    assert opening.session.game.deal_number in FIRST_DEALS
    assert opening.session.settings.winnable_only
    played = Session(Game.new(5))
    played.play(next(iter(played.game.legal_moves())))
    stats = played.stats

    class Saved(Store):
        def load(self):  # a player with a game played, whose game was lost to a bad save
            from scorpion.saves import Loaded
            from scorpion.session import Settings

            return Loaded(None, Settings(), stats, 0, ("game",))

    again = open_game(Saved(None), "", ["en"])
    assert not again.session.settings.winnable_only  # not a newcomer: as they chose
    typed = open_game(Store(None), "?deal=42", ["en"])
    assert typed.session.game.deal_number == 42  # a typed (linked) deal is dealt as typed


def test_the_classic_lists_grades_are_read_and_drawn_from() -> None:
    from webapp.winnable import grades_of, pick_graded

    lists = Lists()
    lists.begin("classic")
    assert lists.arrived("classic", (DATA / "winnable-classic.json").read_text()) is None
    grades = lists.grades["classic"]
    assert set(grades) == set(lists.numbers["classic"])
    assert set(grades.values()) == {"easy", "medium", "hard", "expert"}
    rng = random.Random(5)
    for name in ("easy", "expert"):
        assert all(grades[pick_graded(lists.numbers["classic"], grades, name, rng)] == name
                   for _ in range(20))  # fmt: skip
    # grades that do not match the deals one for one are not used
    assert grades_of('{"deals":[3,6],"grades":"e"}', (3, 6)) == {}
    assert grades_of('{"deals":[3],"grades":"q"}', (3,)) == {}
    assert grades_of("[1]", (1,)) == {}
    with pytest.raises(ValueError):
        pick_graded((3, 6), {3: "easy"}, "hard", rng)
