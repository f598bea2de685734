"""When things are kept: after an action, the words once the frame is painted, the save
when the page is idle (one save for a burst of clicks), the paint snapshot once the
player pauses; all of it at once when the page is hidden or left (``flush``).

None of it runs in a tap: each is a task of its own after the tap's frame, and the paint
snapshot, the longest, is cut in two idle tasks (the board's records, then the text
written), so a tap that lands while one runs waits for a few milliseconds of it at most.

What a save meets is told as ``webapp.events``: another tab's newer game (``conflict``),
a refusal (``storage-problem``, said once until saving works again), a newer version's
save moved to a backup (``newer-set-aside``), a game worth keeping saved (``saved``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webapp.events import Events
from webapp.page.storage import Store
from webapp.page.timing import Timing
from webapp.play.announcer import Announcer
from webapp.play.table_state import TableState

if TYPE_CHECKING:
    from webapp.play.actuator import Actuator


class AutoSave:
    def __init__(
        self,
        store: Store,
        state: TableState,
        screen: Actuator,
        speech: Announcer,
        timing: Timing,
        events: Events,
    ) -> None:
        self.store = store
        self.state = state
        self.screen = screen
        self.speech = speech
        self.timing = timing
        self.events = events
        self.save_pending = False
        self.words_pending = False
        self.paint_stale = False  # the paint snapshot is older than the board
        self.paint_made: dict[str, Any] | None = None  # made, not yet written
        self.storage_problem: str | None = None  # the last one said

    def after_frame(self, save: bool) -> None:
        """Queue the words for right after this frame and the save for when the page is
        idle; one pass of each serves any number of changes made before it runs."""
        save = save and not self.state.replaying
        if save and not self.save_pending:
            self.save_pending = True
            self.timing.background(self.save_now)
        if not self.words_pending:
            self.words_pending = True
            self.timing.defer(self.words_now)

    def words_now(self) -> None:
        if self.words_pending:
            self.words_pending = False
            self.speech.update_words()

    def save_now(self) -> None:
        if self.save_pending:
            self.save()

    def flush(self) -> None:
        """Words, save and paint snapshot up to date now: the page is hidden or left."""
        self.words_now()
        self.save_now()
        self.save_paint()

    def save(self, replace: bool = False) -> None:
        """Save the session; another tab's newer save is a ``conflict`` instead. A
        failure is said once (until saving works again); the game goes on in memory.
        While a replay is on the table nothing is saved: the session shown is not the
        player's."""
        self.save_pending = False
        if self.state.replaying:
            return
        store = self.store
        outcome = store.save(self.state.session, replace=replace)
        if outcome in ("newer", "merged") and store.conflict is not None:
            self.events.emit("conflict", store.conflict, outcome)
            if outcome == "newer":
                return
        if outcome == "failed":
            problem = store.failure or "storage"
            if problem != self.storage_problem:
                self.storage_problem = problem
                self.events.emit("storage-problem", problem)
            return
        self.storage_problem = None
        if store.aside is not None and store.aside[0] == "newer":
            self.events.emit("newer-set-aside", store.aside[1])
        if self.state.session.counted:
            self.events.emit("saved")  # a game worth keeping: the browser may be asked to
        self.paint_stale = True
        self.timing.idle(self.quiet)

    def quiet(self) -> None:
        """The player paused: the paint snapshot catches up when the page is idle."""
        if self.paint_stale and not self.state.replaying:
            self.timing.background(self.make_paint)

    def make_paint(self) -> None:
        """The first idle task: the board's records (the write is the next one)."""
        if self.paint_stale and not self.state.replaying:
            self.paint_stale = False
            self.paint_made = self.screen.paint_snapshot()
            self.timing.background(self.write_paint)

    def write_paint(self) -> None:
        made, self.paint_made = self.paint_made, None
        if made is None:
            return
        if self.state.replaying:  # written once the player's own board is back
            self.paint_stale = True
            return
        self.store.save_paint(made)

    def save_paint(self) -> None:
        """Rebuilding the paint takes a few ms: written when the player pauses or leaves,
        not after every click. Now: the page is hidden or left."""
        if self.paint_stale and not self.state.replaying:
            self.paint_stale = False
            self.paint_made = self.screen.paint_snapshot()
        self.write_paint()
