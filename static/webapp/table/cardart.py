"""The card art: one SVG sprite with a symbol per face and one for the back.

Symbols are named by position in ``FULL_DECK`` (``f0`` ... ``f51``), never by card code,
so the page's markup cannot be searched for the name of a face-down card. Colours come
from CSS custom properties (``--suit-s`` ...), which reach into ``<use>`` clones, so the
four-colour deck and the dark theme are a stylesheet change, not new art.

The sprite is generated, then committed as ``static/cards.svg`` so the page can paint a
saved board before Python has started::

    python static/webapp/table/cardart.py > static/cards.svg

``tests/webapp/test_cardart.py`` fails when the committed file is stale.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from scorpion.cards import FULL_DECK, RANKS

W, H = 100, 140  # the card's viewBox: height is 1.4 widths, as in CSS
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','DejaVu Sans',sans-serif"
SERIF = "Georgia,'Noto Serif','DejaVu Serif',serif"

# Suit outlines drawn in a 100 x 100 box, so every size is a scale of the same path.
SUIT_PATHS = {
    "S": (
        "M50 4C44 22 8 38 8 62c0 18 22 27 38 12-1 10-5 17-13 23h34c-8-6-12-13-13-23"
        "c16 15 38 6 38-12C92 38 56 22 50 4z"
    ),
    "H": "M50 92C22 70 4 52 6 30 8 12 22 4 34 6c8 1 13 7 16 16 3-9 8-15 16-16 12-2 26 6 28 24"
    " 2 22-16 40-44 62z",
    "D": "M50 2 86 50 50 98 14 50z",
    "C": (
        "M50 6a21 21 0 0 0-18 32 21 21 0 1 0 15 33c-1 10-5 18-14 25h34c-9-7-13-15-14-25"
        "a21 21 0 1 0 15-33A21 21 0 0 0 50 6z"
    ),
}
SUIT_COLOUR = {"S": "#1b1b1f", "H": "#c4122f", "D": "#c4122f", "C": "#1b1b1f"}
SUIT_FILL = {s: f"var(--suit-{s.lower()},{c})" for s, c in SUIT_COLOUR.items()}
RANK_TEXT = {r: ("10" if r == "T" else r) for r in RANKS}

# Pip centres for 2-10 in unit coordinates: x in {0, .5, 1}, y from 0 (top) to 1.
PIPS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((0.5, 0), (0.5, 1)),
    "3": ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    "4": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "5": ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    "6": ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    "7": ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    "8": ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    "9": (
        (0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5),
        (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
    ),
    "10": (
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ),
}  # fmt: skip
PIP_BOX = (30, 52, 70, 122)  # left, top, right, bottom centres, below the corner index
PIP_SIZE = 17


def _num(value: float) -> str:
    """Short, stable number text for the markup."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}


def placed(d: str, scale: float, dx: float, dy: float) -> str:
    """Path data ``d`` scaled by ``scale`` about the origin (negative: also turned half a
    turn), then moved by (dx, dy): what ``transform="translate(dx dy) scale(scale)"``
    shows, as plain coordinates, so several marks can share one ``<path>``.

    >>> placed("M50 2 86 50 50 98 14 50z", 0.5, 10, 0)
    'M35 1 53 25 35 49 17 25z'
    >>> placed("M0 0h10a5 5 0 0 1 0 10", -1, 20, 20)
    'M20 20h-10a5 5 0 0 1 0 -10'
    """
    out: list[str] = []
    tokens = _TOKEN.findall(d)
    command, i = "", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            out.append(command)
            i += 1
            continue
        arity = _ARITY[command.upper()]
        values = [float(t) for t in tokens[i : i + arity]]
        i += arity
        numbers = " ".join(_num(v) for v in _placed_values(command, values, scale, dx, dy))
        out.append(numbers if out[-1].isalpha() else " " + numbers)
    return "".join(out)


def _placed_values(
    command: str, values: list[float], scale: float, dx: float, dy: float
) -> list[float]:
    upper = command.upper()
    ox, oy = (dx, dy) if command == upper else (0.0, 0.0)  # relative: no move
    if upper == "H":
        return [scale * values[0] + ox]
    if upper == "V":
        return [scale * values[0] + oy]
    if upper == "A":  # radii scale; the turn, the flags stay (half a turn keeps the sweep)
        rx, ry, turn, large, sweep, x, y = values
        r = abs(scale)
        return [r * rx, r * ry, turn, large, sweep, scale * x + ox, scale * y + oy]
    return [scale * v + (ox if k % 2 == 0 else oy) for k, v in enumerate(values)]


def suit_mark(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    """The outline of a suit mark of ``size`` centred on (x, y), as path data; ``flip``
    turns it upside down. A face's marks share one ``<path>``: every element of a face is
    copied into each card's ``<use>`` tree and restyled whenever the card moves (a nested
    ``<use>`` per mark, and then a ``<path>`` per mark, made long runs' moves slower)."""
    half, scale = size / 2, size / 100
    if flip:
        return placed(SUIT_PATHS[suit], -scale, x + half, y + half)
    return placed(SUIT_PATHS[suit], scale, x - half, y - half)


# The corner index: rank and suit fit in the strip of a card overlapped at the tightest
# step a column keeps while the cards still shrink to fit it (layout.UP_READABLE, 0.3
# widths: 30 units). Ink measured in DejaVu Sans Bold (Linux's system-ui), in ems: digits
# and letters rise 0.75 above the baseline, Q's tail falls 0.15 below it, J's 0.2.
INDEX_SIZE = 29
INDEX_BASELINE = 25.5
INDEX_RISE, INDEX_FALL = 0.75, 0.15  # Q's tail; J's hook may lose its last unit or so
INDEX_SUIT = (80.0, 14.5, 23.0)  # centre x, centre y, size
# The band the index lives in, in card widths: nothing else of a face is drawn in it (pips
# start at PIP_BOX's top less half a pip, court panels at 34), and an overlapped card shows
# only its index (``body``), so the strip of any overlapped card reads as its index alone.
INDEX_DEPTH = 0.3


def corner(rank: str) -> str:
    """The big index's rank, top left; its suit (``corner_mark``) top right, both inside
    the top 30 units.

    Columns overlap so much that this strip is all a player sees of most cards.
    """
    text = RANK_TEXT[rank]
    squeeze = ' textLength="38" lengthAdjust="spacingAndGlyphs"' if text == "10" else ""
    return (
        f'<text x="5" y="{_num(INDEX_BASELINE)}" font-family="{FONT}" font-size="{INDEX_SIZE}" '
        f'font-weight="800"{squeeze}>{text}</text>'
    )


def corner_mark(suit: str) -> str:
    x, y, size = INDEX_SUIT
    return suit_mark(suit, x, y, size)


def pips(rank: str, suit: str) -> str:
    """The marks in the middle of an ace or a number card, as path data."""
    left, top, right, bottom = PIP_BOX
    if rank == "A":
        return suit_mark(suit, 50, 88, 52)
    marks = []
    for ux, uy in PIPS[RANK_TEXT[rank]]:
        x = left + ux * (right - left)
        y = top + uy * (bottom - top)
        marks.append(suit_mark(suit, x, y, PIP_SIZE, flip=uy > 0.5))
    return "".join(marks)


# Colours with fallbacks, so the sprite also looks right opened on its own.
FACE = "fill:var(--face-bg,#fffdf7);stroke:var(--face-edge,#0004)"
BACK = "fill:var(--back-bg,#7a1630);stroke:var(--face-edge,#0004)"
LINE = "stroke:var(--back-line,#e0b860)"
EMBLEM = "fill:var(--back-bg,#7a1630);stroke:var(--back-line,#e0b860)"
OUTLINE = 'x="1" y="1" width="98" height="138" rx="8" stroke-width="1.5"'


def _figure() -> Callable[[str, str], str]:
    """``courts.figure``, imported by the generator only: not on the page's boot."""
    if __package__:
        from webapp.table.courts import figure
    else:  # run as a script: python static/webapp/table/cardart.py
        from courts import figure  # type: ignore[import-not-found,no-redef]
    return figure


# The body of a face (pips, a figure): drawn unless the card is overlapped (``.covered``
# sets --body to none), so the strip of an overlapped card shows its index and nothing cut.
BODY = "display:var(--body,inline)"


def face_symbol(index: int) -> str:
    card = FULL_DECK[index]
    rank, suit = card[0], card[1]
    colour = SUIT_FILL[suit]
    if rank in "JQK":
        figure = _figure()

        body = figure(rank, suit_mark(suit, 82.5, 43.5, 10))
    else:
        body = f'<path d="{pips(rank, suit)}"/>'
    return (
        f'<symbol id="f{index}" viewBox="0 0 {W} {H}">'
        f'<rect {OUTLINE} style="{FACE}"/>'
        f'<g style="fill:{colour};color:{colour}">{corner(rank)}'
        f'<path d="{corner_mark(suit)}"/>'
        f'<g style="{BODY}">{body}</g></g>'
        "</symbol>"
    )


# The back's lattice: lines at 45 degrees, 10 units apart, inside the frame (8..92 x 8..132).
# Drawn as lines, not as a <pattern> fill: WebKit (Safari) does not paint a pattern that
# lives in an external sprite used through <use>, and showed a plain back.
LATTICE_BOX = (9.0, 9.0, 91.0, 131.0)  # the frame's inner edge: its stroke hides the ends
LATTICE_STEP = 10.0


def lattice_path() -> str:
    """The lattice as one path of segments, each line clipped to ``LATTICE_BOX``.

    >>> lattice_path().startswith("M")
    True
    """
    left, top, right, bottom = LATTICE_BOX
    step = LATTICE_STEP * 2**0.5  # a 10-unit grid turned 45 degrees
    parts = []
    for sign in (1, -1):  # y = sign * x + c: "\\" lines, then "/" lines
        lows = (top - sign * left, top - sign * right, bottom - sign * left, bottom - sign * right)
        k = int((min(lows) - step / 2) // step)
        while (c := step / 2 + k * step) <= max(lows):
            k += 1
            ends = []
            for x in (left, right):
                y = sign * x + c
                if top <= y <= bottom:
                    ends.append((x, y))
            for y in (top, bottom):
                x = (y - c) * sign
                if left < x < right:
                    ends.append((x, y))
            ends = sorted(set(ends))
            if len(ends) >= 2 and ends[0] != ends[-1]:
                (x1, y1), (x2, y2) = ends[0], ends[-1]
                parts.append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
    return "".join(parts)


def num(value: float) -> str:
    """A coordinate to two decimals, without trailing zeros: 9, 12.5, 13.14."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# The backs a player chooses from (Settings; ``scorpion.session.CARD_BACKS``): all three
# are in the one ``back`` symbol, and the page's root class shows one (``--back-<name>``
# set to inline, the others none), so a change needs no new markup and the early paint
# shows the right one from the root's class alone. Plain shapes only, no <pattern>.
BACK_DEFAULT = "classic"


def _rings() -> str:
    """Blue: rings about the centre inside a double frame."""
    rings = "".join(f'<circle cx="50" cy="70" r="{r}"/>' for r in (6, 13, 20, 27, 34))
    return (
        '<rect x="1" y="1" width="98" height="138" rx="8" fill="#1f4e8c" '
        'stroke="var(--face-edge,#0004)" stroke-width="1.5"/>'
        '<g fill="none" stroke="#cfe0f5" stroke-width="2">'
        '<rect x="7" y="7" width="86" height="126" rx="5"/>'
        '<rect x="11" y="11" width="78" height="118" rx="3" stroke-width="1"/>'
        f"{rings}</g>"
        '<path d="M50 20 54 30 50 40 46 30zM50 100 54 110 50 120 46 110z" fill="#cfe0f5"/>'
    )


def _diamonds() -> str:
    """Black: a checker of small silver diamonds inside a frame."""
    marks = []
    for row in range(11):
        y = 17 + row * 10.6
        for col in range(7 if row % 2 == 0 else 6):
            x = 17 + col * 11 + (5.5 if row % 2 else 0)
            corners = ((x, y - 4), (x + 3, y), (x, y + 4), (x - 3, y))
            marks.append("M" + " ".join(f"{num(a)} {num(b)}" for a, b in corners) + "z")
    return (
        '<rect x="1" y="1" width="98" height="138" rx="8" fill="#26272c" '
        'stroke="var(--face-edge,#0004)" stroke-width="1.5"/>'
        '<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#b9bcc4" '
        'stroke-width="2"/>'
        f'<path d="{"".join(marks)}" fill="#8d919b"/>'
    )


def back_symbol() -> str:
    """The three backs, nothing like a face: classic (a lattice on a deep colour, with a
    framed diamond), blue (rings), black (a checker of diamonds)."""
    classic = (
        f'<rect {OUTLINE} style="{BACK}"/>'
        f'<path d="{lattice_path()}" style="{LINE}" stroke-width="1.6"/>'
        '<rect x="8" y="8" width="84" height="124" rx="4" fill="none" '
        f'style="{LINE}" stroke-width="2"/>'
        f'<path d="M50 46 72 70 50 94 28 70z" style="{EMBLEM}" stroke-width="3"/>'
    )
    designs = {"classic": classic, "blue": _rings(), "black": _diamonds()}
    groups = "".join(
        f'<g style="display:var(--back-{name},{"inline" if name == BACK_DEFAULT else "none"})">'
        f"{art}</g>"
        for name, art in designs.items()
    )
    return f'<symbol id="back" viewBox="0 0 {W} {H}">{groups}</symbol>'


def sprite() -> str:
    """The whole sprite file, deterministic so the committed copy can be checked."""
    suits = "".join(
        f'<symbol id="s{s}" viewBox="0 0 100 100"><path d="{d}"/></symbol>'
        for s, d in SUIT_PATHS.items()
    )
    faces = "\n".join(face_symbol(i) for i in range(len(FULL_DECK)))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "<!-- Generated by static/webapp/table/cardart.py: edit that, then regenerate. -->\n"
        "<!-- Drawn for Scorpion (court figures, backs, pips): the project's own work, under"
        " its MIT licence (docs/architecture.md, Card art). -->\n"
        f"{suits}\n{back_symbol()}\n{faces}\n</svg>\n"
    )


def symbol_id(card: str) -> str:
    """The sprite symbol of a face: ``f`` and its position in ``FULL_DECK``."""
    return f"f{FULL_DECK.index(card)}"


if __name__ == "__main__":
    import sys

    sys.stdout.write(sprite())
