"""The only module that writes the page: it turns views into DOM changes, touching only
the elements whose view changed.

Every card keeps one element for the whole game. When a card changes container (a
move, the deal, a removed sequence, an undo) the element is moved in the DOM and
animated from where it was (FLIP: place it at its old spot without transition, let the
browser see that, then release it so the CSS transition carries it home). Reads of the
layout come before the writes, and one forced layout serves all moving cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import render
from .layout import DEFAULT_ROOM
from .render import CardView, View

Offset = tuple[float, float]


class Board:
    """The cards on the page, kept in step with the last view drawn."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.parents = {
            name: document.querySelector(f'[data-parent="{name}"]') for name in render.parents()
        }
        self.tableau = document.getElementById("tableau")
        self.elements: dict[str, Any] = {}
        self.view: View = {}
        self.card_width = 0.0
        self.roving: Any = self.parents["c0"]

    # --- measuring (reads only) -------------------------------------------------------

    def measure(self) -> float:
        """Card width in pixels and the tableau's height in card widths (the room for a
        column). Called at start and on resize, not on every move."""
        width = float(self.parents["c0"].getBoundingClientRect().width)
        self.card_width = width
        if width <= 0:
            return DEFAULT_ROOM
        height = float(self.tableau.clientHeight)
        return max(2.0, (height - 8) / width)

    def column_centres(self) -> list[float]:
        centres = []
        for column in range(render.COLUMNS):
            rect = self.parents[render.column_parent(column)].getBoundingClientRect()
            centres.append(float(rect.left) + float(rect.width) / 2)
        return centres

    def tableau_bounds(self) -> tuple[float, float]:
        rect = self.tableau.getBoundingClientRect()
        return float(rect.top), float(rect.bottom)

    # --- drawing ------------------------------------------------------------------------

    def mount(self, view: View) -> None:
        """Draw a whole new board (start, new game, language change): one write per container."""
        for parent, markup in render.parent_markup(view).items():
            self.parents[parent].innerHTML = markup
        self.elements = {}
        for parent, group in render.by_parent(view).items():
            children = self.parents[parent].children
            for index, card_view in enumerate(group):
                self.elements[card_view.card] = children.item(index)
        self.view = dict(view)
        for column in range(render.COLUMNS):
            self.column(column).setAttribute("tabindex", "-1")
        self.roving = None
        self.set_roving(self.column(0))

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
        moving = [(o, n) for o, n in changes if o is not None and o.parent != n.parent]
        origins = self._parent_origins({p for o, n in moving for p in (o.parent, n.parent)})
        released = []
        for old, new in changes:
            element = self.elements[new.card]
            before = render.card_attributes(old) if old else {}
            after = render.card_attributes(new)
            for name, value in after.items():
                if before.get(name) == value:
                    continue
                if value is None:
                    element.removeAttribute(name)
                else:
                    element.setAttribute(name, value)
            if old is None or old.up != new.up:
                element.innerHTML = render.face_markup(new, turning=new.card in turning)
        for old, new in sorted(moving, key=lambda pair: pair[1].index):
            element = self.elements[new.card]
            dx, dy = self._flip_delta(old, new, origins, offsets.get(new.card, (0.0, 0.0)))
            element.classList.add("snap")
            element.style.setProperty("--fx", f"{dx:.1f}px")
            element.style.setProperty("--fy", f"{dy:.1f}px")
            self.parents[new.parent].appendChild(element)
            released.append(element)
        if released:
            _ = self.tableau.offsetWidth  # one forced layout: the old spots are now the start
            for element in released:
                element.classList.remove("snap")
                element.style.removeProperty("--fx")
                element.style.removeProperty("--fy")
        self.view = dict(view)
        return len(changes)

    def _parent_origins(self, names: set[str]) -> dict[str, Offset]:
        origins = {}
        for name in names:
            rect = self.parents[name].getBoundingClientRect()
            origins[name] = (float(rect.left), float(rect.top))
        return origins

    def _flip_delta(
        self, old: CardView, new: CardView, origins: Mapping[str, Offset], offset: Offset
    ) -> Offset:
        """How far the card's new resting place is from where it is seen now."""
        cw = self.card_width
        (ox, oy), (nx, ny) = origins[old.parent], origins[new.parent]
        dx = ox + old.x * cw + offset[0] - (nx + new.x * cw)
        dy = oy + old.y * cw + offset[1] - (ny + new.y * cw)
        return dx, dy

    # --- columns: drop targets, dragging --------------------------------------------

    def column(self, index: int) -> Any:
        return self.parents[render.column_parent(index)]

    def mark_targets(self, columns: Iterable[int]) -> None:
        wanted = set(columns)
        for index in range(render.COLUMNS):
            self.column(index).classList.toggle("target", index in wanted)

    def start_drag(self, column: int) -> None:
        self.column(column).classList.add("dragging")

    def drag_to(self, column: int, dx: float, dy: float) -> None:
        """One style write per pointer move: the lifted cards read it through CSS."""
        self.column(column).setAttribute("style", f"--drag-x:{dx:.1f}px;--drag-y:{dy:.1f}px")

    def end_drag(self, column: int) -> None:
        element = self.column(column)
        element.classList.remove("dragging")
        element.removeAttribute("style")

    def element_of(self, card: str) -> Any:
        return self.elements.get(card)

    # --- keyboard focus: one element of the table is in the tab order ----------------

    def set_roving(self, element: Any) -> None:
        """Make ``element`` the table's single tab stop (roving tabindex)."""
        previous = self.roving
        if previous is not None and previous != element:
            previous.setAttribute("tabindex", "-1")
        element.setAttribute("tabindex", "0")
        self.roving = element

    def table_has_focus(self) -> bool:
        active = self.document.activeElement
        return bool(active) and bool(self.tableau.contains(active))


class Chrome:
    """Texts and attributes outside the cards, written only when they change."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self._cache: dict[tuple[str, str], str | None] = {}
        self._elements: dict[str, Any] = {}

    def element(self, element_id: str) -> Any:
        found = self._elements.get(element_id)
        if found is None:
            found = self.document.getElementById(element_id)
            self._elements[element_id] = found
        return found

    def text(self, element_id: str, value: str) -> None:
        key = (element_id, "#text")
        if self._cache.get(key) != value:
            self._cache[key] = value
            self.element(element_id).textContent = value

    def attr(self, element_id: str, name: str, value: str | None) -> None:
        key = (element_id, name)
        if key in self._cache and self._cache[key] == value:
            return
        self._cache[key] = value
        element = self.element(element_id)
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)

    def flag(self, element_id: str, name: str, on: bool) -> None:
        """A boolean attribute such as ``disabled`` or ``hidden``."""
        self.attr(element_id, name, "" if on else None)

    def forget(self) -> None:
        """After a language change rewrote texts behind the cache's back."""
        self._cache.clear()
