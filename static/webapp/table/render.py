"""Pure rendering: a game becomes a view (where each of the 52 cards is), and views markup.

Every card has one view and, in the page, one element for its whole life: in a column,
in the reserve or on one of the four places for removed sequences. ``diff`` lists the
cards whose view changed, so the page only touches those elements.

The cards of all seven columns share one element of the page (``TABLE``), each placed by
its column and offsets (``card_transform``): a card that changes column keeps its parent
and glides by a CSS transition of its transform. Taking it out of one column's element
and putting it into another's made the browser build and lay out its picture again (a
``<use>`` of the sprite) on every move (bench/restyle.py). Each column names its
face-up cards with ``aria-owns`` (``owners``), so assistive technology still finds them
in their column.

A face-down card's view knows its card (Python must, to animate it), but its markup
says nothing of it: no ``data-card``, no label, only the back of the sprite.

>>> from scorpion import Game
>>> view = board_view(Game.new(1), rooms=[6.0] * 7)
>>> len(view), view["2C"].parent, view["2C"].up
(52, 'reserve', False)
>>> 'data-card' in card_markup(view["2C"])
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from scorpion import Game
from scorpion.cards import RANKS
from scorpion.moves import COLUMNS
from webapp.escaping import escape
from webapp.table.cardart import symbol_id
from webapp.table.layout import (
    CARD_RATIO,
    DEFAULT_ROOM,
    LIFT,
    RESERVE_STEP,
    UP_MAX,
    card_y,
    column_fan,
)

SPRITE = "static/cards.svg"  # relative: the site may live under a sub-path
PLACES = 4
LIFTED_Z = 100  # a held pile's z-index above any resting card of the columns
SEQUENCE = tuple(reversed([r for r in RANKS]))  # K ... A, the order in a column


@dataclass(frozen=True, slots=True)
class CardView:
    """Where one card is and how it shows."""

    card: str
    parent: str  # "c0".."c6", "reserve", "p0".."p3"
    index: int  # stacking order within the parent, 0 at the bottom
    x: float  # offset in card widths
    y: float
    up: bool  # face shown
    live: bool = False  # face up in a column: it can be picked up
    lifted: bool = False  # part of the pile the player holds
    h: float = CARD_RATIO  # height of the part not covered by the next card, in widths


View = dict[str, CardView]


TABLE = "table"  # the page's one container of the columns' cards (index.html: .cards)


def column_parent(column: int) -> str:
    return f"c{column}"


def column_index(parent: str) -> int | None:
    """The column a parent names (``column_parent`` backwards), None for the others.

    >>> column_index("c3"), column_index("reserve"), column_index("p0")
    (3, None, None)
    """
    return int(parent[1:]) if parent.startswith("c") else None


def is_place(parent: str) -> bool:
    """One of the four places where removed sequences lie.

    >>> is_place("p2"), is_place("c2"), is_place("reserve")
    (True, False, False)
    """
    return parent.startswith("p")


FLY_STAGGER_MS = 32  # a removed sequence leaves its column one card after another
FLY_MS = 340  # each card's flight to its place (or back, on undo): longer than a glide


def fly_timing(order: int) -> tuple[int, int]:
    """(delay, duration) in ms of the ``order``-th card of a sequence flying to its place
    or back: the thirteen cards land one after another, the last after about 0.7 s.

    >>> fly_timing(0), fly_timing(12)
    ((0, 340), (384, 340))
    """
    return order * FLY_STAGGER_MS, FLY_MS


def container(parent: str) -> str:
    """The page element holding the cards of ``parent``: one for all the columns."""
    return TABLE if column_index(parent) is not None else parent


def card_id(card: str) -> str:
    """The element id of a face-up card in a column (named in its column's aria-owns)."""
    return f"card-{card}"


def board_view(
    game: Game,
    rooms: Sequence[float] | None = None,
    lifted: str | None = None,
    up_max: float = UP_MAX,
) -> View:
    """Every card's view. ``rooms`` is each column's height in card widths, ``up_max``
    the face-up step wanted where it fits (``layout.up_step``).

    A column, the reserve or the places unchanged since an earlier call give the same
    ``CardView`` objects again (remembered by everything they depend on), so a move
    only builds the views of the columns it changed, and ``diff`` passes over the rest
    by identity.

    Accessible names are not part of the view: they are written after the frame is
    painted (``PageBoard.apply_labels``), so a move paints without waiting for translated."""
    if len(_MEMO) > MEMO_SIZE:
        _MEMO.clear()
    view: View = {}
    for column, cards in enumerate(game.columns):
        room = rooms[column] if rooms else DEFAULT_ROOM
        holds = lifted is not None and any(card == lifted for card, _up in cards)
        key = (column, cards, room, up_max, lifted if holds else None)
        views = _MEMO.get(key)
        if views is None:
            views = _MEMO[key] = _column_views(column, cards, room, up_max, lifted)
        for card_view in views:
            view[card_view.card] = card_view
    others: tuple[tuple[tuple[str, tuple[str, ...]], Callable[[], tuple[CardView, ...]]], ...] = (
        (("reserve", game.reserve), lambda: _reserve_views(game.reserve)),
        (("places", game.removed), lambda: _place_views(game.removed)),
    )
    for other, build in others:
        views = _MEMO.get(other)
        if views is None:
            views = _MEMO[other] = build()
        for card_view in views:
            view[card_view.card] = card_view
    return view


MEMO_SIZE = 4000
_MEMO: dict[tuple[object, ...], tuple[CardView, ...]] = {}


def _column_views(
    column: int,
    cards: Sequence[tuple[str, bool]],
    room: float,
    up_max: float,
    lifted: str | None,
) -> tuple[CardView, ...]:
    hidden = sum(1 for _card, up in cards if not up)
    fan = column_fan(hidden, len(cards) - hidden, room, up_max)
    tops = [card_y(index, hidden, fan) for index in range(len(cards))]
    holding = False
    views = []
    for index, (card, up) in enumerate(cards):
        holding = holding or card == lifted
        covered = index + 1 < len(cards)
        views.append(
            CardView(
                card,
                column_parent(column),
                index,
                0.0,
                tops[index],
                up,
                live=up,
                lifted=holding and up,
                h=round(tops[index + 1] - tops[index], 3) if covered else CARD_RATIO,
            )
        )
    return tuple(views)


def depth(view: Mapping[str, CardView]) -> float:
    """How far the lowest card of the columns reaches, in card widths from their top.

    >>> from scorpion import Game
    >>> depth(board_view(Game.new(1), rooms=[6.0] * 7))  # seven face-up cards, 0.42 apart
    3.92
    """
    lowest = (v.y + CARD_RATIO for v in view.values() if column_index(v.parent) is not None)
    return round(max(lowest, default=0.0), 3)


def _reserve_views(reserve: Sequence[str]) -> tuple[CardView, ...]:
    return tuple(
        CardView(card, "reserve", index, round(index * RESERVE_STEP, 3), 0.0, False)
        for index, card in enumerate(reserve)
    )


def _place_views(removed: Sequence[str]) -> tuple[CardView, ...]:
    views = []
    for place, suit in enumerate(removed):
        for index, rank in enumerate(reversed(SEQUENCE)):  # ace at the bottom, king on top
            views.append(CardView(rank + suit, f"p{place}", index, 0.0, 0.0, True))
    return tuple(views)


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def card_transform(view: CardView, drag: tuple[float, float] | None = None) -> str:
    """Where the card is drawn: its offsets in card widths (so a saved board still fits
    when the window changes), a column's card also one card and one gap per column, a
    held card risen by LIFT; ``drag``: pixels from there, while the pile follows the
    pointer (a little larger, as if picked up).

    >>> card_transform(CardView("4H", "c2", 3, 0.0, 0.9, True, lifted=True))
    'translate(calc(2 * (var(--cw) + var(--gap))), calc(0.83 * var(--cw)))'
    >>> card_transform(CardView("KS", "c0", 0, 0.0, 0.0, True))
    'translate(calc(0px), calc(0 * var(--cw)))'
    >>> card_transform(CardView("2C", "reserve", 1, 0.05, 0.0, False), drag=(4.0, -2.5))
    'translate(calc(0.05 * var(--cw) + 4.0px), calc(0 * var(--cw) + -2.5px)) scale(1.04)'
    """
    column = column_index(view.parent)
    across = [f"{_num(view.x)} * var(--cw)"] if view.x or column is None else []
    if column:
        across.append(f"{column} * (var(--cw) + var(--gap))")
    x = " + ".join(across) or "0px"
    y = f"{_num(view.y - LIFT if view.lifted else view.y)} * var(--cw)"
    if drag is None:
        return f"translate(calc({x}), calc({y}))"
    return f"translate(calc({x} + {drag[0]:.1f}px), calc({y} + {drag[1]:.1f}px)) scale(1.04)"


def card_style(view: CardView) -> str:
    """Its place (``card_transform``) and the visible height: an overlapped card's element
    is only its visible strip (the picture overflows it), so a click on the strip is a
    click on the card. A column's card also gets its place in the pile as its z-index
    (the columns' cards share one parent, whose order says nothing), a held one above all
    (it may be dragged over the other columns).

    Plain properties, not custom ones: a custom property is inherited, so changing one
    on a card restyled its picture too (the svg, its use and the use's copy of the face);
    a move's style and layout took 1.3-1.7 times as long (bench/restyle.py)."""
    style = f"transform:{card_transform(view)};height:calc({_num(view.h)} * var(--cw))"
    if column_index(view.parent) is not None:
        style += f";z-index:{view.index + (LIFTED_Z if view.lifted else 0)}"
    return style


def card_class(view: CardView) -> str:
    """``covered``: another card lies on it, so its face shows only the index (the sprite
    hides the rest: ``cardart.BODY``), never a cut pip or frame under the index.

    >>> card_class(CardView("4H", "c2", 3, 0.0, 0.9, True, live=True, h=0.42))
    'card up covered live'
    """
    classes = ["card", "up" if view.up else "down"]
    if view.up and view.h < CARD_RATIO:
        classes.append("covered")
    if view.live:
        classes.append("live")
    if view.lifted:
        classes.append("lifted")
    return " ".join(classes)


def face_markup(view: CardView, turning: bool = False) -> str:
    """The card's picture: its face, or the back for a face-down card."""
    symbol = symbol_id(view.card) if view.up else "back"
    extra = " turn" if turning else ""
    return (
        f'<svg class="art{extra}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">'
        f'<use href="{SPRITE}#{symbol}"/></svg>'
    )


def card_attributes(view: CardView) -> dict[str, str | None]:
    """The attributes that depend on the view; None means "remove it".

    Only a live card gets an identity (``data-card``) and, later, a name (``aria-label``);
    any other card is hidden from assistive technology: its place or pile names it.
    """
    live = view.live
    return {
        "class": card_class(view),
        "style": card_style(view),
        "id": card_id(view.card) if live else None,
        "data-card": view.card if live else None,
        "role": "button" if live else None,
        "tabindex": "-1" if live else None,
        "aria-hidden": None if live else "true",
        "aria-pressed": ("true" if view.lifted else "false") if live else None,
    }


def card_markup(view: CardView, label: str | None = None, styled: bool = True) -> str:
    """The card's element; ``styled=False``: without its style (written through the CSSOM,
    which the page's Content-Security-Policy allows where it refuses style attributes)."""
    attributes = card_attributes(view)
    if not styled:
        del attributes["style"]
    if view.live and label:
        attributes["aria-label"] = label
    attrs = " ".join(
        f'{name}="{escape(value)}"' for name, value in attributes.items() if value is not None
    )
    return f"<span {attrs}>{face_markup(view)}</span>"


def parents() -> list[str]:
    """Every parent a card's view names, in a fixed order."""
    return (
        [column_parent(c) for c in range(COLUMNS)] + ["reserve"] + [f"p{p}" for p in range(PLACES)]
    )


def containers() -> list[str]:
    """Every page element that holds cards: the columns' one, the reserve, the places."""
    return [TABLE, "reserve"] + [f"p{p}" for p in range(PLACES)]


def by_parent(view: Mapping[str, CardView]) -> dict[str, list[CardView]]:
    """The views of each container, bottom card first."""
    groups: dict[str, list[CardView]] = {parent: [] for parent in parents()}
    for card_view in view.values():
        groups[card_view.parent].append(card_view)
    for group in groups.values():
        group.sort(key=lambda v: v.index)
    return groups


def by_container(view: Mapping[str, CardView]) -> dict[str, list[CardView]]:
    """The views of each page container, in the order of its elements (the columns' one:
    column 1 bottom to top, then column 2 ...)."""
    groups: dict[str, list[CardView]] = {name: [] for name in containers()}
    for parent, group in by_parent(view).items():
        groups[container(parent)].extend(group)
    return groups


def parent_markup(
    view: Mapping[str, CardView], labels: Mapping[str, str] | None = None, styled: bool = True
) -> dict[str, str]:
    """The inner markup of every container: for the first paint and the saved snapshot
    (``styled``: see ``card_markup``)."""
    labels = labels or {}
    return {
        name: "".join(card_markup(v, labels.get(v.card), styled) for v in group)
        for name, group in by_container(view).items()
    }


def owners(view: Mapping[str, CardView]) -> list[str]:
    """Each column's ``aria-owns``: its face-up cards' ids, bottom to top."""
    groups = by_parent(view)
    return [
        " ".join(card_id(v.card) for v in groups[column_parent(c)] if v.live)
        for c in range(COLUMNS)
    ]


def diff(
    old: Mapping[str, CardView], new: Mapping[str, CardView]
) -> list[tuple[CardView | None, CardView]]:
    """The cards whose view changed, as (before, after); before is None for a new card."""
    changed = []
    for card, now in new.items():
        before = old.get(card)
        if before is not now and before != now:
            changed.append((before, now))
    return changed


def with_lift(view: View, card: str | None) -> View:
    """The same view with the pile from ``card`` up (in its column) marked as held."""
    held = view.get(card) if card else None
    out: View = {}
    for key, v in view.items():
        lifted = bool(held and v.live and v.parent == held.parent and v.index >= held.index)
        out[key] = v if v.lifted == lifted else replace(v, lifted=lifted)
    return out
