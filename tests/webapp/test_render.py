"""The pure renderer: every card has one view; face-down cards carry no identity."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from webapp.table.layout import CARD_RATIO, LIFT
from webapp.table.render import (
    board_view,
    by_container,
    by_parent,
    card_markup,
    card_style,
    card_transform,
    container,
    diff,
    owners,
    parent_markup,
    with_lift,
)

from scorpion import DEAL, Game, Move
from scorpion.cards import FULL_DECK

SEED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "seed-deal.json").read_text())


@pytest.fixture
def seed() -> Game:
    return Game.from_deck(SEED["deck"])


def test_every_card_has_one_view(seed: Game) -> None:
    view = board_view(seed)
    assert sorted(view) == sorted(FULL_DECK)
    groups = by_parent(view)
    assert [len(groups[f"c{c}"]) for c in range(7)] == [7] * 7
    assert len(groups["reserve"]) == 3


def test_the_columns_cards_share_one_container_in_column_order(seed: Game) -> None:
    """A card changing column keeps its element's parent (no re-layout of its picture):
    all seven columns' cards are in one container, column 1 bottom to top first."""
    view = board_view(seed)
    groups = by_container(view)
    assert list(groups) == ["table", "reserve", "p0", "p1", "p2", "p3"]
    assert [v.card for v in groups["table"]] == [
        v.card for c in range(7) for v in by_parent(view)[f"c{c}"]
    ]
    assert {container(f"c{c}") for c in range(7)} == {"table"}
    assert container("reserve") == "reserve" and container("p2") == "p2"
    assert list(parent_markup(view)) == list(groups)
    # each card is placed by its column and stacked by its place in the pile; the
    # others need neither
    top = by_parent(view)["c6"][-1]
    assert card_style(top).startswith("transform:translate(calc(6 * (var(--cw) + var(--gap))),")
    assert card_style(top).endswith(";z-index:6")
    reserve = card_style(by_parent(view)["reserve"][0])
    assert "var(--gap)" not in reserve and "z-index" not in reserve


def test_a_card_is_placed_by_plain_properties_not_inherited_ones(seed: Game) -> None:
    """A move changes a card's transform, height and z-index: none is inherited, so its
    picture is not restyled with it (a custom property would be)."""
    for view in board_view(seed).values():
        names = [part.split(":")[0] for part in card_style(view).split(";")]
        assert set(names) <= {"transform", "height", "z-index"}


def test_a_held_pile_rises_and_stacks_above_the_other_columns(seed: Game) -> None:
    view = with_lift(board_view(seed), "4H")
    held, resting = view["4H"], board_view(seed)["4H"]
    assert card_style(held).endswith(f";z-index:{resting.index + 100}")
    rise = round(resting.y - LIFT, 3)
    assert f"calc({rise} * var(--cw))" in card_transform(held)
    dragged = card_transform(held, drag=(12.0, -30.5))
    assert dragged.endswith(" + 12.0px), calc(" + f"{rise} * var(--cw) + -30.5px)) scale(1.04)")


def test_columns_own_their_face_up_cards_by_id(seed: Game) -> None:
    """Each column's aria-owns lists its face-up cards' ids, bottom to top; a face-down
    card has no id (it would name the card)."""
    view = board_view(seed)
    owned = owners(view)
    assert owned[1] == "card-QH card-3C card-4H card-7S"
    for c, names in enumerate(owned):
        ups = [v.card for v in by_parent(view)[f"c{c}"] if v.up]
        assert names.split() == [f"card-{card}" for card in ups]
    markup = "".join(parent_markup(view).values())
    assert markup.count(' id="card-') == 37
    after = board_view(Game.from_deck(SEED["deck"], moves="4H>7"))
    assert owners(after)[1] == "card-QH card-3C" and owners(after)[6].endswith(
        "card-5H card-4H card-7S"
    )


def test_face_down_markup_reveals_nothing(seed: Game) -> None:
    view = board_view(seed)
    hidden = [card for card, v in view.items() if not v.up]
    assert len(hidden) == 15
    labels = {card: f"name of {card}" for card in view}
    markup = "".join(parent_markup(view, labels).values())
    for card in hidden:
        assert card not in markup, card
        assert f"name of {card}" not in markup
    for card, v in view.items():
        if v.up:
            assert f'data-card="{card}"' in markup


def test_live_cards_are_named_buttons(seed: Game) -> None:
    view = board_view(seed)
    html = card_markup(view["4H"], "label 4H")
    assert 'data-card="4H"' in html and 'role="button"' in html
    assert 'aria-label="label 4H"' in html
    assert "aria-hidden" not in html.split(">", 1)[0]


def test_overlapped_cards_expose_their_visible_strip(seed: Game) -> None:
    view = board_view(seed, rooms=[6.0] * 7)
    column = by_parent(view)["c6"]
    for lower, upper in itertools.pairwise(column):
        assert lower.h == pytest.approx(upper.y - lower.y, abs=1e-3)
    assert column[-1].h == CARD_RATIO


def test_diff_touches_only_what_changed(seed: Game) -> None:
    before = board_view(seed)
    seed.play(Move("4H", 6))
    after = board_view(seed)
    changed = {now.card for _old, now in diff(before, after)}
    # the pile moved; 3C (now on top of column 2) and 5H (now covered) changed height
    assert changed == {"4H", "7S", "3C", "5H"}


def test_deal_moves_reserve_cards_into_columns(seed: Game) -> None:
    before = board_view(seed)
    seed.play(DEAL)
    after = board_view(seed)
    for card, column in zip(("QS", "AH", "5D"), ("c0", "c1", "c2"), strict=True):
        assert before[card].parent == "reserve" and not before[card].up
        assert after[card].parent == column and after[card].up and after[card].live


def test_removed_sequences_sit_on_places() -> None:
    game = Game.from_deck(SEED["deck"], moves=" ".join(SEED["winning_line"]))
    view = board_view(game)
    places = {v.parent for v in view.values() if v.parent.startswith("p")}
    assert places == {"p0", "p1", "p2", "p3"}
    assert not any(v.live for v in view.values())
    top = max((v for v in view.values() if v.parent == "p0"), key=lambda v: v.index)
    assert top.card[0] == "K"


def test_lift_marks_the_pile_from_the_card_up(seed: Game) -> None:
    view = with_lift(board_view(seed), "4H")
    assert [c for c, v in view.items() if v.lifted] == ["4H", "7S"]
    assert 'aria-pressed="true"' in card_markup(view["4H"])
    assert board_view(seed, lifted="4H") == view


def test_markup_has_no_absolute_urls(seed: Game) -> None:
    markup = "".join(parent_markup(board_view(seed)).values())
    assert not re.search(r'href="(/|https?:)', markup)
