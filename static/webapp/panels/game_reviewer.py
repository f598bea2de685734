"""Review this game (``#review``): the whole line from the deal to now judged from the
player's view at the time, as the hint judges it (``scorpion.game_review.Reviewer``), in
slices between which the page handles input and paints, with a progress bar and Stop.
Asked from New game, the win dialog, or a replay's bar (then the replay's line is
reviewed). What was judged stays in a ``ReviewCache`` for the page's life: a second look
is instant, and a game played on judges only its new positions.

The chart (``review_view``) and the table show the chance after each move, the mistakes
and the hint's moves; choosing a point, a mistake or a row shows the board at that move in
the replay's bar (the saved game is untouched until Play from here). The solver, which sees
every card, is asked only on request ("Where was it lost?", confirmed first), and its answer
is shown apart, said to be the solver's; about the player's own game, that game is then
marked as helped (``solver_line``), as Watch the solver marks it. A language chosen while
the panel is open rewrites its words at once (``retranslate``, on the ``language`` event).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorpion.game import Game
from scorpion.replay import Replay
from webapp import translated
from webapp.translated import _

if TYPE_CHECKING:
    from scorpion.game_review import GameReview, ReviewCache, Reviewer
    from scorpion.review import LossSearch, LostAt
    from webapp.page.browser import Page
    from webapp.page.chrome import Chrome
    from webapp.page.timing import Timing
    from webapp.panels.dialogs import Dialogs
    from webapp.panels.replayer import Replayer
    from webapp.play.autosave import AutoSave
    from webapp.play.table_state import TableState

REVIEW = "review"
SLICE_NODES = 200  # solver positions per step, as the hint's slice
TASK_MS = 12.0  # steps run back to back for this long, then the page has its turn
TASK_STEPS = 40  # and at most this many (a clock that stands still ends a task too)
#: Where a click on a [data-index] shows the board at that move.
CHOOSERS = ("review-figure", "review-table", "review-mistakes")


class GameReviewer:
    def __init__(
        self,
        state: TableState,
        replayer: Replayer,
        keeper: AutoSave,
        dialogs: Dialogs,
        chrome: Chrome,
        timing: Timing,
        page: Page,
    ) -> None:
        self.state = state
        self.page = page
        self.replayer = replayer
        self.keeper = keeper
        self.dialogs = dialogs
        self.chrome = chrome
        self.timing = timing
        self.cache: ReviewCache | None = None
        self.reviewer: Reviewer | None = None
        self.game: Game | None = None  # the line under review
        self.running = False
        self.review: GameReview | None = None
        self.loss: LossSearch | None = None
        self.solver_index: int | None = None  # the solver's last winnable position
        self.solver_found: LostAt | None = None  # its answer
        self.tabled = False  # the mistakes and the table are drawn (done, or stopped)
        self.solver_asked = False
        self.drawn = -1  # points on the chart
        for button in ("review-game", "win-review", "replay-review"):
            chrome.listen(button, "click", lambda _event: self.open())
        chrome.listen("review-stop", "click", lambda _event: self.stop())
        chrome.listen("review-resume", "click", lambda _event: self.resume())
        chrome.listen("review-close", "click", lambda _event: dialogs.close(REVIEW))
        chrome.listen(REVIEW, "close", lambda _event: self.pause())
        chrome.listen("review-solver", "click", lambda _event: self.ask_solver())
        chrome.listen("review-solver-look", "click", lambda _event: self.look())
        for element in CHOOSERS:
            chrome.listen(element, "click", self._chosen)
        dialogs.track(REVIEW)

    # --- opening -------------------------------------------------------------------------

    def reviewed_game(self) -> Game:
        """The game the review is of: a replay's whole line while one is open, else the
        player's game to now."""
        replay = self.replayer.replay
        if self.state.replaying and replay is not None:
            return replay.game()
        return self.state.game

    def open(self) -> None:
        from scorpion.game_review import ReviewCache, Reviewer  # asked for, not at boot

        game = self.reviewed_game()
        same = self.game is not None and _same_line(self.game, game)
        if not same:
            if self.cache is None:
                self.cache = ReviewCache()
            self.game = game.copy()
            self.reviewer = Reviewer(self.game, cache=self.cache)
            self.review = None
            self.loss = None
            self.solver_index = None
            self.solver_found = None
            self.solver_asked = False
            self.tabled = False
            self.drawn = -1
            self.chrome.html("review-mistakes", "")
            self.chrome.html("review-table", "")
            self.chrome.text("review-solver-answer", "")
        self.chrome.flag("review-solver-text", "hidden", not self.solver_asked or self.loss is None)
        self.chrome.flag("review-solver-look", "hidden", True)
        self.chrome.flag("review-solver", "hidden", self.solver_asked)
        self.dialogs.show(REVIEW)
        if self.review is None:
            self.resume()
        else:
            self._finished(self.review)

    # --- the work, in slices -------------------------------------------------------------

    def resume(self) -> None:
        if self.reviewer is None or self.review is not None:
            return
        self.running = True
        self._state("running")
        self.chrome.flag("review-stop", "hidden", False)
        self.chrome.flag("review-resume", "hidden", True)
        self._status(_running_text(), busy=True)
        self._step()

    def pause(self) -> None:
        """The dialog closed: the work waits (Review this game again goes on)."""
        self.running = False
        if self.loss is not None and self.solver_index is None:  # its answer had not come
            self.loss = None
            self.solver_asked = False
            self.chrome.text("review-solver-answer", "")
        self.chrome.attr("review-status", "aria-busy", None)
        if self.reviewer is not None and self.review is None:
            self._state("stopped")

    def stop(self) -> None:
        """Stop: what is judged stays shown; Go on resumes."""
        if not self.running or self.reviewer is None:
            return
        self.running = False
        self._state("stopped")
        self.chrome.flag("review-stop", "hidden", True)
        self.chrome.flag("review-resume", "hidden", False)
        self._status(_stopped_text(len(self.reviewer.points), self.reviewer.total), busy=False)
        self._draw_table()
        self.chrome.focus("review-resume")

    def _step(self) -> None:
        reviewer = self.reviewer
        if not self.running or reviewer is None or not self.dialogs.is_open(REVIEW):
            return
        # Steps of the hint's size, back to back for a few ms: the page answers between
        # tasks as it does while a hint thinks, and the timer's clamp costs less.
        started = self.page.perf_now()
        for _step in range(TASK_STEPS):
            review = reviewer.step(SLICE_NODES)
            if review is not None or self.page.perf_now() - started >= TASK_MS:
                break
        self._draw_progress()
        if review is None:
            self.timing.soon(self._step)
            return
        self.running = False
        self.review = review
        self._finished(review)

    def _finished(self, review: GameReview) -> None:
        self._state("done")
        self.chrome.flag("review-stop", "hidden", True)
        self.chrome.flag("review-resume", "hidden", True)
        self._draw_progress()
        self._status(_done_text(review), busy=False)
        self._draw_table()

    def retranslate(self) -> None:
        """The language changed: the panel's words again, as they stand (its fixed texts
        come with the page's own)."""
        reviewer = self.reviewer
        if reviewer is None:
            return
        if self.review is not None:
            self._status(_done_text(self.review), busy=False)
        elif self.running:
            self._status(_running_text(), busy=True)
        elif self.tabled:
            self._status(_stopped_text(len(reviewer.points), reviewer.total), busy=False)
        if self.loss is not None:
            found = self.solver_found
            said = _("The solver looks at every card…") if found is None else _solver_text(found)
            self.chrome.text("review-solver-answer", said)
        self.drawn = -1
        if self.tabled:
            self._draw_table()
        else:
            self._draw_progress()

    # --- drawing -------------------------------------------------------------------------

    def _state(self, state: str) -> None:
        self.chrome.attr(REVIEW, "data-review-state", state)

    def _status(self, text: str, busy: bool) -> None:
        self.chrome.text("review-status", text)
        self.chrome.attr("review-status", "aria-busy", "true" if busy else None)

    def _draw_progress(self) -> None:
        from webapp.panels.review_view import chart_markup

        reviewer = self.reviewer
        if reviewer is None:
            return
        done, total = len(reviewer.points), reviewer.total
        self.chrome.attr("review-progress", "max", str(total))
        self.chrome.attr("review-progress", "value", str(done))
        self.chrome.text(
            "review-count", _("{done} of {total} positions").format(done=done, total=total)
        )
        if done == self.drawn and self.review is None:
            return
        self.drawn = done
        mistakes = self.review.mistakes if self.review is not None else ()
        self.chrome.html(
            "review-figure", chart_markup(reviewer.points, mistakes, self.solver_index, total)
        )

    def _draw_table(self) -> None:
        from webapp.panels.review_view import line_words, mistakes_markup, table_markup

        reviewer, game = self.reviewer, self.game
        if reviewer is None or game is None:
            return
        from scorpion.game_review import better_move, mistakes_of

        points = tuple(reviewer.points)
        mistakes = self.review.mistakes if self.review is not None else mistakes_of(points)
        better = [better_move(points[n - 1], points[n]) for n in range(1, len(points))]
        words = line_words(game, better)
        self.chrome.html("review-mistakes", mistakes_markup(mistakes, words))
        self.chrome.flag("review-mistakes-title", "hidden", not mistakes)
        self.chrome.html("review-table", table_markup(points, words, mistakes, self.solver_index))
        self.tabled = True
        self.drawn = -1
        self._draw_progress()

    # --- a move chosen: the board there, in the replay's bar -----------------------------

    def _chosen(self, event: Any) -> None:
        target = getattr(event, "target", None)
        found = target.closest("[data-index]") if target is not None else None
        if found is None:
            return
        self.show(int(found.dataset.index))

    def show(self, index: int) -> None:
        game = self.game
        if game is None or not 0 <= index <= len(game.moves):
            return
        if game.deal_number is not None:
            replay = Replay(game.variant, game.moves, deal=game.deal_number)
        else:
            replay = Replay(game.variant, game.moves, deck=game.deck)
        for name in (REVIEW, "new-game-dialog", "win-dialog"):
            self.chrome.forget_focus(name)  # focus goes to the replay's bar, not back
            self.dialogs.close(name)
        if not self.state.replaying:
            self.keeper.save()  # saved now: nothing is saved while the replay is open
        self.replayer.open(replay, at=index, review=True)

    # --- the solver, which sees every card, on request -----------------------------------

    def ask_solver(self) -> None:
        """Asked first: its answer shows what the player could not see."""
        self.chrome.flag("review-solver", "hidden", True)
        self.chrome.flag("review-solver-text", "hidden", False)
        self.chrome.flag("review-solver-look", "hidden", False)
        self.chrome.focus("review-solver-look")

    def look(self) -> None:
        from scorpion.review import LossSearch

        game = self.game
        if game is None:
            return
        self.solver_asked = True
        self.chrome.flag("review-solver-look", "hidden", True)
        self.loss = LossSearch(game.copy())
        self.chrome.text("review-solver-answer", _("The solver looks at every card…"))
        self.timing.soon(self._solver_step)

    def _solver_step(self) -> None:
        loss = self.loss
        if loss is None or not self.dialogs.is_open(REVIEW):
            return
        found = loss.step(SLICE_NODES)
        if found is None:
            self.timing.soon(self._solver_step)
            return
        self.solver_index = found.index
        self.solver_found = found
        self.chrome.text("review-solver-answer", _solver_text(found))
        self._helped()
        self.drawn = -1
        if self.review is not None or not self.running:
            self._draw_table()
        else:
            self._draw_progress()

    def _helped(self) -> None:
        """The solver's answer was about the player's own game (not a replay's line): that
        game had the solver's help, as when its line is watched; saved at once."""
        game = self.game
        if self.state.replaying or game is None or not _same_line(game, self.state.game):
            return
        session = self.state.session
        if not session.finished and "solver_line" not in session.assisted:
            session.assist("solver_line")  # the statistics keep it apart
            self.keeper.save()


def _running_text() -> str:
    return _("Judging each position from what you could see at the time…")


def _stopped_text(done: int, total: int) -> str:
    return _("Stopped after {done} of {total} positions.").format(done=done, total=total)


def _done_text(review: GameReview) -> str:
    chances = review.chances
    return translated.ngettext(
        "Every position judged: {count} move, the chance from {first} at the deal to {last}.",
        "Every position judged: {count} moves, the chance from {first} at the deal to {last}.",
        len(chances) - 1,
    ).format(
        count=len(chances) - 1,
        first=_percent(chances[0]),
        last=_percent(chances[-1]),
    )


def _solver_text(found: LostAt) -> str:
    if not found.lost:
        return _("The solver, which sees every card: this game can still be won.")
    if found.index is None:
        return _("The solver, which sees every card: this deal could not be won.")
    if found.index == 0:
        return _("The solver, which sees every card: the deal was lost with the first move.")
    return _(
        "The solver, which sees every card: the deal could still be won after move "
        "{number}, and not after the next."
    ).format(number=found.index)


def _same_line(one: Game, other: Game) -> bool:
    return (
        one.variant == other.variant
        and one.deck == other.deck
        and one.deal_number == other.deal_number
        and one.moves == other.moves
    )


def _percent(value: int) -> str:
    from webapp.panels.review_view import percent_text

    return percent_text(value)
