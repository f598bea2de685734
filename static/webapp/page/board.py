"""The only module that writes the page: it turns views into DOM changes, touching only
the elements whose view changed.

Every card keeps one element for the whole game. Within a container, cards glide by CSS
transitions on ``transform`` (their offsets are CSS variables); the seven columns share
one container, so a move between columns is such a glide. When a card changes container
(the deal, a removed sequence, their undos) its element is moved in the DOM, which no
transition can follow, so it is animated from where it was seen with the Web Animations
API on the separate ``translate`` property (FLIP without a forced layout: the containers'
positions are measured on resize, not per move). A card that moves again
while it still glides has that glide cancelled, and the new one starts from where the card
is seen: two animations of ``translate`` on one element cannot both run on the compositor,
and Chromium then ran both on the main thread, restyling and repainting every frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scorpion.moves import COLUMNS
from webapp.page.chrome import dom_writes
from webapp.table import render
from webapp.table.early_paint import records
from webapp.table.layout import DEFAULT_ROOM, LIFT, nearest_column
from webapp.table.render import CardView, View

Offset = tuple[float, float]


def to_js(value: Any, **options: Any) -> Any:
    """Pyodide's ``to_js``, imported at first use: a Python snapshot holds the imports."""
    from pyodide.ffi import to_js as convert

    return convert(value, **options)


def js_object(value: dict[str, Any]) -> Any:
    """A plain JavaScript object (not a Map) from a dict."""
    from js import Object

    return to_js(value, dict_converter=Object.fromEntries)


class PageBoard:
    """The cards on the page, kept in step with the last view drawn."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.containers = {
            name: document.querySelector(f'[data-parent="{name}"]') for name in render.containers()
        }
        self.columns = [document.querySelector(f'[data-column="{c + 1}"]') for c in range(COLUMNS)]
        self.layer = self.containers[render.TABLE]  # the columns' cards
        self.owners: list[str] = [""] * COLUMNS  # each column's aria-owns
        self.tableau = document.getElementById("tableau")
        self.table = document.getElementById("table")
        self.elements: dict[str, Any] = {}
        self.view: View = {}
        self.card_width = 0.0
        self.tableau_px = 0.0
        self.gap_px = 0.0
        self.stacked = True
        self.depth = 0.0  # the tableau's least height set for a long column, in card widths
        self.origins: dict[str, Offset] = {}
        self.motion_ms = 190
        self.animations = True  # the player's setting (the system's reduced motion also counts)
        self.reduced = False  # the system asks for reduced motion
        self.labels: dict[str, str] = {}  # the aria-label last written on each live card
        self.targets: set[int] = set()
        self.roving: Any = self.columns[0]
        self.roving_card: str | None = None
        self.glides: dict[str, tuple[Any, Offset]] = {}  # each card's last glide, its start
        self._apply: Any = None
        self._timing = js_object(
            {"duration": self.motion_ms, "easing": "cubic-bezier(0.2, 0.7, 0.3, 1)"}
        )

    # --- measuring (reads only) -------------------------------------------------------

    def measure(self) -> float:
        """Card width in pixels and the tableau's height in card widths (the room for a
        column). Called at start, on resize and when the cards change size, not per move."""
        # the room the window gives, not the depth a long column asked for before
        self.tableau.style.removeProperty("min-height")
        self.table.classList.remove("scrolls")
        self.depth = 0.0
        width = float(self.columns[0].getBoundingClientRect().width)
        self.card_width = width
        self.tableau_px = float(self.tableau.clientHeight) - 8
        top = self.containers["reserve"].getBoundingClientRect()
        gap = float(self.tableau.getBoundingClientRect().top) - float(top.bottom)
        self.stacked = gap >= 0  # the reserve's row is above the tableau, not beside it
        self.gap_px = max(0.0, gap)
        # Containers only move when the window changes; their distances survive scrolling.
        self.origins = {}
        for name in render.parents():
            rect = self._element_of_parent(name).getBoundingClientRect()
            self.origins[name] = (float(rect.left), float(rect.top))
        window = self.document.defaultView
        self.reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.set_animations(self.animations)
        if width <= 0:
            return DEFAULT_ROOM
        return max(2.0, self.tableau_px / width)

    def _element_of_parent(self, parent: str) -> Any:
        """The element where a card of ``parent`` rests: its column's, or its container."""
        column = render.column_index(parent)
        return self.containers[parent] if column is None else self.columns[column]

    def set_animations(self, on: bool) -> None:
        """Cards move without animation when the player or the system says so."""
        self.animations = on
        self.motion_ms = 190 if on and not self.reduced else 0

    def set_reduced(self, reduced: bool) -> None:
        """The system's reduced-motion preference changed while the page is open."""
        self.reduced = reduced
        self.set_animations(self.animations)

    def set_depth(self, widths: float) -> None:
        """Let the tableau reach ``widths`` card widths down, to the lowest card of a
        column longer than its room: the table then scrolls (its CSS: overflow), and the
        other columns and the cards' size stay as they are. Written only when it changes."""
        depth = round(widths, 2)
        if depth == self.depth:
            return
        self.depth = depth
        # as measure() counts the room: the tableau's inner height less 8 px
        self.tableau.style.minHeight = f"max(calc(var(--ch) * 2), calc({depth} * var(--cw) + 8px))"
        # A scroll container only near the need (Firefox and WebKit showed a scrollbar for
        # nothing): once a column comes within a card width of the foot, where a phone's
        # status line of three or four lines may cover it.
        room = self.tableau_px / self.card_width if self.card_width > 0 else DEFAULT_ROOM
        self.table.classList.toggle("scrolls", depth > room - 1.0)

    def column_centres(self) -> list[float]:
        centres = []
        for column in range(COLUMNS):
            rect = self.columns[column].getBoundingClientRect()
            centres.append(float(rect.left) + float(rect.width) / 2)
        return centres

    def _column_lefts(self) -> list[float] | None:
        """Each column's left edge (viewport pixels) from the last measure, None before
        it: no layout is read, and columns only move sideways on resize."""
        places = [self.origins.get(render.column_parent(c)) for c in range(COLUMNS)]
        return None if any(place is None for place in places) else [p[0] for p in places if p]

    def column_under(self, x: float) -> int | None:
        """The column nearest to ``x`` (viewport pixels; within half the columns' pitch:
        a point in a gap counts for the nearer column), from the last measure."""
        lefts = self._column_lefts()
        if lefts is None:
            return None
        centres = [left + self.card_width / 2 for left in lefts]
        return nearest_column(x, centres, (centres[1] - centres[0]) / 2)

    def column_spanning(self, x: float) -> int | None:
        """The column whose resting place spans ``x`` (viewport pixels), None in a gap
        between columns; from the last measure."""
        for column, left in enumerate(self._column_lefts() or []):
            if left <= x < left + self.card_width:
                return column
        return None

    # --- drawing ------------------------------------------------------------------------

    def mount(
        self, view: View, labels: Mapping[str, str], painted: list[Any] | None = None
    ) -> None:
        """Draw a whole new board (start, new game, language change): one write per
        container. ``painted``: the cards index.html painted before Python started
        (``paint.records`` of the last visit's board); when they are this very board, the
        elements stay and get their names (cheaper than rewriting them on a warm start)."""
        adopt = painted is not None and records(view) == painted
        if not adopt:
            for name, markup in render.parent_markup(view, labels, styled=False).items():
                self.containers[name].innerHTML = markup
        # Each card's style through the CSSOM, in one call: the page's policy refuses style
        # attributes (in markup, so also those of a painted board it adopts).
        styles = [
            [self.containers[name], [render.card_style(v) for v in group]]
            for name, group in render.by_container(view).items()
        ]
        dom_writes().style(to_js(styles))
        self.labels = {} if adopt else dict(labels)
        self.elements = {}
        self.glides = {}
        for name, group in render.by_container(view).items():
            children = self.containers[name].children
            for index, card_view in enumerate(group):
                self.elements[card_view.card] = children.item(index)
        if adopt:
            self.apply_labels(labels)
        self.owners = render.owners(view)
        for column, owned in zip(self.columns, self.owners, strict=True):
            column.setAttribute("aria-owns", owned)
        self.view = dict(view)
        for column in range(COLUMNS):
            self.column(column).setAttribute("tabindex", "-1")
        self.roving = None
        self.set_roving(self.column(0))

    def deal_in(self) -> None:
        """A new deal: the cards fly from the reserve's corner to their places, one after
        another, row by row as a dealer would (about half a second in all)."""
        if not self.motion_ms or not self.origins:
            return
        rx, ry = self.origins["reserve"]
        cw = self.card_width
        order = sorted(
            (v for v in self.view.values() if render.column_index(v.parent) is not None),
            key=lambda v: (v.index, v.parent),
        )
        for step, v in enumerate(order):
            px, py = self.origins[v.parent]
            dx, dy = rx - (px + v.x * cw), ry - (py + v.y * cw)
            frames = js_object({"translate": [f"{dx:.1f}px {dy:.1f}px", "0px 0px"]})
            timing = js_object(
                {"duration": 260, "delay": step * 9, "easing": "cubic-bezier(0.2, 0.7, 0.3, 1)",
                 "fill": "backwards"},
            )  # fmt: skip
            self.glides[v.card] = (self.elements[v.card].animate(frames, timing), (dx, dy))

    def update(
        self,
        view: View,
        turning: Iterable[str] = (),
        offsets: Mapping[str, Offset] | None = None,
    ) -> int:
        """Apply ``view``; ``turning`` cards animate their turn face up, ``offsets`` hold
        where dragged cards are now (pixels from their resting place). Returns how many
        cards changed."""
        changes = render.diff(self.view, view)
        if not changes:
            return 0
        turning = set(turning)
        offsets = offsets or {}
        writes = []
        for old, new in changes:
            before = render.card_attributes(old) if old else {}
            attributes: list[str | None] = []
            for name, value in render.card_attributes(new).items():
                if before.get(name) != value:
                    attributes += [name, value]
            html = None
            if old is None or old.up != new.up:
                html = render.face_markup(new, turning=new.card in turning)
            if attributes or html is not None:
                writes.append([self.elements[new.card], attributes, html])
        owners = render.owners(view)
        for column, (was, now) in enumerate(zip(self.owners, owners, strict=True)):
            if was != now:
                writes.append([self.columns[column], ["aria-owns", now], None])
        self.owners = owners
        container = render.container
        moving = sorted(
            (
                (o, n)
                for o, n in changes
                if o is not None and container(o.parent) != container(n.parent)
            ),
            key=lambda pair: pair[1].index,
        )
        moves = []
        flights = 0
        for old, new in moving:
            # Seen where it was dragged to (``offsets``), and, held, risen by LIFT.
            ox, oy = offsets.get(new.card, (0.0, 0.0))
            rise = LIFT * self.card_width if old.lifted else 0.0
            dx, dy = self._flip_delta(old, new, (ox, oy - rise))
            glide, (gx, gy) = self.glides.pop(new.card, (None, (0.0, 0.0)))
            parent = self.containers[container(new.parent)]
            delay, duration = 0, 0  # the usual glide
            if render.is_place(old.parent) != render.is_place(new.parent):
                # A sequence to its place or back: one card after another, in flight
                delay, duration = render.fly_timing(flights)
                flights += 1
            moves.append([self.elements[new.card], parent, dx, dy, glide, gx, gy, delay, duration])
        if self._apply is None:
            self._apply = dom_writes().apply
        started = self._apply(to_js(writes), to_js(moves), bool(self.motion_ms), self._timing)
        for (_old, new), (animation, dx, dy) in zip(moving, started.to_py(), strict=True):
            if animation is not None:
                self.glides[new.card] = (animation, (dx, dy))
        self.view = dict(view)
        self._keep_tab_stop()
        return len(changes)

    def _flip_delta(self, old: CardView, new: CardView, offset: Offset) -> Offset:
        """How far the card's new resting place is from where it is seen now."""
        cw = self.card_width
        (ox, oy) = self.origins.get(old.parent, (0.0, 0.0))
        (nx, ny) = self.origins.get(new.parent, (0.0, 0.0))
        dx = ox + old.x * cw + offset[0] - (nx + new.x * cw)
        dy = oy + old.y * cw + offset[1] - (ny + new.y * cw)
        return dx, dy

    # --- columns: drop targets, dragging --------------------------------------------

    def column(self, index: int) -> Any:
        return self.columns[index]

    def column_at(self, element: Any) -> int | None:
        """The column of a pressed element: a column, or a card in one (the columns'
        cards are not inside their column's element: see render)."""
        if not element:
            return None
        found = element.closest("[data-column]")
        if found:
            return int(found.dataset.column) - 1
        card = element.closest("[data-card]")
        view = self.view.get(str(card.dataset.card)) if card else None
        return render.column_index(view.parent) if view is not None else None

    def mark_targets(self, columns: Iterable[int]) -> None:
        """Outline the columns the held pile may go to (only the ones that change)."""
        wanted = set(columns)
        for index in wanted.symmetric_difference(self.targets):
            self.column(index).classList.toggle("target", index in wanted)
        self.targets = wanted

    def start_drag(self, column: int) -> None:
        self.column(column).classList.add("dragging")
        self.layer.classList.add("dragging")

    def drag_to(self, column: int, dx: float, dy: float) -> None:
        """The held pile follows the pointer: each of its cards' transforms, written
        (a variable on the layer for CSS to read would restyle all 52 cards)."""
        for card, view in self.view.items():
            if view.lifted:
                self.elements[card].style.transform = render.card_transform(view, (dx, dy))

    def end_drag(self, column: int) -> None:
        """The pile keeps its dragged transforms until the drop's update writes its new
        ones (every drop lets go of it, so every card of it is written): the cards glide
        from where they were dropped, even if something forces a style in between."""
        self.column(column).classList.remove("dragging")
        self.layer.classList.remove("dragging")

    def element_of(self, card: str) -> Any:
        return self.elements.get(card)

    # --- keyboard focus: one element of the table is in the tab order ----------------

    def set_roving(self, element: Any, card: str | None = None) -> None:
        """Make ``element`` (the card ``card``, or a column) the table's one tab stop."""
        previous = self.roving
        if previous is not None and previous != element:
            previous.setAttribute("tabindex", "-1")
        element.setAttribute("tabindex", "0")
        self.roving = element
        self.roving_card = card

    def apply_labels(self, labels: Mapping[str, str]) -> None:
        """Write the accessible names that changed (after the frame: nothing to paint)."""
        for card, label in labels.items():
            if self.labels.get(card) != label:
                self.elements[card].setAttribute("aria-label", label)
        self.labels = dict(labels)

    def _keep_tab_stop(self) -> None:
        """A card that left the table (to a place) loses its tab stop: give it to column 1."""
        card = self.roving_card
        if card is not None and not self.view[card].live:
            self.roving = None
            self.set_roving(self.column(0))

    def table_has_focus(self) -> bool:
        active = self.document.activeElement
        return bool(active) and bool(self.tableau.contains(active))

    # --- added for the play room (issue 37): the columns' and cards' elements stay here ---

    def label_column(self, column: int, label: str) -> None:
        """Column ``column``'s accessible name."""
        self.column(column).setAttribute("aria-label", label)

    def focus_on(self, card: str | None, column: int) -> None:
        """The keyboard focus to ``card`` (None: to column ``column`` itself), which becomes
        the table's one tab stop."""
        element = self.column(column) if card is None else self.element_of(card)
        if element is not None:
            self.set_roving(element, card)
            element.focus()

    def focus_lost(self) -> bool:
        """The keyboard focus is on nothing (the page's body): its element left the page."""
        active = self.document.activeElement
        return not active or bool(active == self.document.body)
