"""The Hint button: the solver thinks in slices between frames (``hints.HintSearch``), so
clicks and paints go on meanwhile; the button pulses until the answer comes, and a hint
for a table the player has left is dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorpion.game import Game
from webapp.page.timing import Timing
from webapp.play.hint_search import Answer, HintSearch

if TYPE_CHECKING:
    from webapp.page.chrome import Chrome


class HintButton:
    def __init__(self, chrome: Chrome, timing: Timing, game: Callable[[], Game]) -> None:
        self.chrome = chrome
        self.timing = timing
        self.game = game  # the game on the table now
        self.search: HintSearch | None = None
        self.answered: Callable[[Answer], None] = lambda answer: None

    def start(self, answered: Callable[[Answer], None]) -> None:
        if self.search is not None:
            return
        self.search = HintSearch(self.game())
        self.answered = answered
        self.thinking(True)
        self.timing.soon(self._think)

    def cancel(self) -> None:
        """A hint still thinking was for the game that went: drop it, stop the pulse."""
        if self.search is not None:
            self.search = None
            self.thinking(False)

    def thinking(self, on: bool) -> None:
        """The button pulses (and is busy for assistive technology) while it thinks."""
        self.chrome.classed("hint", "thinking", on)
        self.chrome.attr("hint", "aria-busy", "true" if on else None)

    def _think(self) -> None:
        search = self.search
        if search is None:
            return
        if search.stale(self.game()):  # the player moved on: this hint is for another table
            self.cancel()
            return
        answer = search.step()
        if answer is None:
            self.timing.soon(self._think)
            return
        self.cancel()
        self.answered(answer)
