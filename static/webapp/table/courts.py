"""The court figures: a Jack, a Queen and a King, drawn for this project (the project's
MIT licence, see docs/architecture.md), half-length and single-ended, below the index.

Each figure is a few layers of plain path data, one ``<path>`` per colour, so a court face
stays about a dozen elements (every card's ``<use>`` copies its face). The robe, the
jewels and the held object's accents are in the suit's colour (``currentColor`` of the
face's group), so the four-colour deck recolours them with the rest of the face.

Only ``cardart.sprite`` imports this module (the generator), never the page's boot.
"""

from __future__ import annotations

# Fixed colours: gold, skin, steel, wood, the outline, and the light front of the robe.
GOLD = "#d9a521"
SKIN = "#f3cfa6"
STEEL = "#c3c9d1"
WOOD = "#7a4a22"
INK = "#2a1d1a"
LIGHT = "#fffdf7"
SUIT = "currentColor"

OUTLINE = f'stroke="{INK}" stroke-width="1" stroke-linejoin="round"'

# The panel the figure stands in: below the index band (cardart.INDEX_DEPTH).
PANEL = (
    '<rect x="9" y="34" width="82" height="100" rx="5" '
    'style="fill:var(--court-bg,#f6efe0)" stroke="currentColor" stroke-width="1.5"/>'
)

# Shared by all three: shoulders and robe, its light front, the neck and head.
ROBE = "M13 133C13 112 22 100 38 96h24c16 4 25 16 25 37z"
FRONT = "M43 97h14l2 36H41z"
HEAD = "M45 84h10v12H45zM50 60c7 0 11 6 11 14s-5 14-11 14-11-6-11-14 4-14 11-14z"
# Eyes, brows, nose and mouth, as thin filled shapes.
FACE = (
    "M44.6 71.5a1.4 1.4 0 1 0 2.8 0 1.4 1.4 0 1 0-2.8 0zM52.6 71.5a1.4 1.4 0 1 0 2.8 0 "
    "1.4 1.4 0 1 0-2.8 0zM43 68.2l4.5-1 .3 1-4.6 1zM57 68.2l-4.5-1-.3 1 4.6 1z"
    "M49.6 73l-1 5h2.6l-.4-.8h-1.2l.8-4.2zM46.5 81.2q3.5 1.8 7 0l-.3.9q-3.2 1.5-6.4 0z"
)
COLLAR = "M35 97q15 11 30 0l-3-4q-12 8-24 0z"

# The ermine's spots, drawn with the face's features.
ERMINE = (
    "M46 104a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zM51 114a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0"
    "-3 0zM46 124a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0z"
)

# The King: a crown with jewels, a beard, ermine on the robe, a sword held upright.
KING = (
    (WOOD, "M39 70c0 14 4 24 11 24s11-10 11-24c-2 6-5 9-11 9s-9-3-11-9zM73.3 117h2.4v9h-2.4z"),
    (GOLD, COLLAR + "M38 62l-3-16 8 7 7-11 7 11 8-7-3 16zM67 113h15v4H67z"),  # crown, guard
    (STEEL, "M73 60l1.5-4 1.5 4v53h-3z"),  # the blade
    (SKIN, "M70 121a4.5 4.5 0 1 0 9 0 4.5 4.5 0 1 0-9 0z"),  # the hand on it
    (
        SUIT,
        "M48 56a2 2 0 1 0 4 0 2 2 0 1 0-4 0zM40 57.5a1.8 1.8 0 1 0 3.6 0 1.8 1.8 0 1 0-3.6"
        " 0zM56.4 57.5a1.8 1.8 0 1 0 3.6 0 1.8 1.8 0 1 0-3.6 0z",
    ),  # jewels
)

# The Queen: long hair, a tiara of pearls, a flower held up.
QUEEN = (
    (
        GOLD,
        "M37 74c-2-12 4-18 13-18s15 6 13 18l4 21-8-2-1-18c-2-5-5-7-8-7s-6 2-8 7l-1 18-8 2z"
        + COLLAR
        + "M40 63l-1-10 5 4 6-7 6 7 5-4-1 10z",
    ),  # hair, collar, tiara
    (
        LIGHT,
        "M38.5 52.5a1.8 1.8 0 1 0 3.6 0 1.8 1.8 0 1 0-3.6 0zM48.2 49a1.8 1.8 0 1 0 3.6 0"
        " 1.8 1.8 0 1 0-3.6 0zM57.9 52.5a1.8 1.8 0 1 0 3.6 0 1.8 1.8 0 1 0-3.6 0z",
    ),  # pearls
    ("#3f7d32", "M27.5 125c0-16 2-28 5-38l1.6.5c-3 10-4.8 22-4.8 37.5z"),  # the stem
    (SKIN, "M24 121a4.5 4.5 0 1 0 9 0 4.5 4.5 0 1 0-9 0z"),  # the hand
    (
        SUIT,
        "M33 76c3-4 8-2 7 2 4 1 4 6 0 7 1 4-4 6-7 2-3 4-8 2-7-2-4-1-4-6 0-7-1-4 4-6 7-2z"
        "M48 104h4v4h-4zM48 114h4v4h-4zM48 124h4v4h-4z",
    ),  # the bloom, the robe's gems
    (GOLD, "M31 81a2 2 0 1 0 4 0 2 2 0 1 0-4 0z"),  # the bloom's heart
)

# The Jack: short hair, a cap with a feather, a halberd.
JACK = (
    (WOOD, "M39 72c-1-9 4-13 11-13s12 4 11 13l-2-6c-3 2-15 2-18 0zM23.6 48h2.8v84h-2.8z"),
    (GOLD, COLLAR + "M60 53c4-7 9-10 14-10-5 2-9 6-12 12z"),  # the collar, a feather
    (SUIT, "M37 64c0-9 6-14 14-14s14 5 14 14zM46 104h8v4h-8zM46 116h8v4h-8z"),  # cap, trim
    (STEEL, "M25 36l3 10h-6zM26 50c6-2 9 2 9 8-3-3-6-3-9-2zM24 50c-6-2-9 2-9 8 3-3 6-3 9-2z"),
    (SKIN, "M20.5 112a4.5 4.5 0 1 0 9 0 4.5 4.5 0 1 0-9 0z"),  # the hand
)

FIGURES = {"K": KING, "Q": QUEEN, "J": JACK}


def figure(rank: str, mark: str = "") -> str:
    """The markup of ``rank``'s figure (``J``, ``Q`` or ``K``) in its panel, for a face's
    group whose ``color`` is the suit's; ``mark``: path data of a suit mark, drawn with the
    robe (one path less a face).

    >>> figure("K").count("<path") > 5
    True
    """
    layers = [(SUIT, ROBE + mark), (LIGHT, FRONT), (SKIN, HEAD), *FIGURES[rank]]
    # Every layer outlined; the features, drawn last, are not.
    paths = [
        f'<path d="{d}" fill="{fill}" {OUTLINE}/>'
        if fill != INK
        else f'<path d="{d}" fill="{fill}"/>'
        for fill, d in layers
    ]
    features = FACE + (ERMINE if rank == "K" else "")
    return PANEL + "".join(paths) + f'<path d="{features}" fill="{INK}"/>'
