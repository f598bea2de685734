"""The game on the page: the session, what the player holds, and what each intent does.

It decides; ``dom`` draws and ``storage`` keeps. One ``refresh`` after each action
draws from the session's state (only the changed cards), updates the texts that follow
the game, and saves: every action is saved, undo history included.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import Game
from scorpion.moves import DEAL, Action, Move
from scorpion.session import Session

from . import words
from .dom import Board, Chrome, Offset
from .hints import Search
from .intents import Cursor, Held, Intent, Tap, clamp_cursor, move_cursor, tap, top_of
from .layout import SIZE_STEP, column_need, fit_width, size_level, up_step
from .paint import snapshot
from .render import COLUMNS, PLACES, View, board_view
from .statsview import timer_text
from .storage import Store
from .texts import static_texts
from .urlparams import Linked
from .words import _, pgettext


class App:
    def __init__(self, session: Session, board: Board, chrome: Chrome, store: Store) -> None:
        self.session = session
        self.board = board
        self.chrome = chrome
        self.store = store
        self.rooms = [board.measure()] * COLUMNS
        self.cap: float | None = None  # the card width limit set for long columns
        self.level = 0  # how many steps the cards shrank for a long column (layout.size_level)
        # The room, card width, tableau height, gap and stacking the window gives, uncapped.
        self.window: tuple[float, float, float, float, bool] = (
            self.rooms[0], board.card_width, board.tableau_px, board.gap_px, board.stacked,
        )  # fmt: skip
        self.held: Held | None = None
        self.cursor = Cursor(0, None)
        self.view: View = {}
        self.ready = False  # True once Python has drawn the game and bound the events
        self.labels: dict[tuple[str, int, int, int, str], str] = {}  # card label memo
        self.column_labels: list[str] = [""] * COLUMNS
        self.column_keys: list[object] = [None] * COLUMNS  # what each label was made from
        # After an action, off the path of the next one: the words once the frame is painted
        # (``defer(fn)``), the save when the page is idle (``background(fn)``: one save for a
        # burst of clicks), the paint snapshot once the player pauses (``idle(fn)``). All of
        # it at once when the page is hidden or left (``flush``).
        self.defer: Callable[[Callable[[], None]], None] = lambda fn: fn()
        self.background: Callable[[Callable[[], None]], None] = lambda fn: fn()
        self.save_pending = False
        self.words_pending = False
        self.paint_stale = False  # the paint snapshot is older than the board
        self.keyboard = False  # the last input was a key (focus follows the cursor)
        self.on_win: Callable[[Game], None] = lambda game: None
        # Hooks: the settings changed under us (another tab, an import); the game is worth
        # keeping (ask the browser to keep it); a save failed for a new reason.
        self.on_settings: Callable[[], None] = lambda: None
        self.on_keeping: Callable[[], None] = lambda: None
        self.on_storage_problem: Callable[[str], None] = lambda problem: None
        self.storage_problem: str | None = None  # the last one said
        self.clock: Callable[[], float] = lambda: time.monotonic() * 1000  # milliseconds
        self.last_action: float | None = None
        self.hints = False  # True when the solver is there (the Hint button works)
        self.search: Search | None = None  # a hint being worked out
        # ``soon(fn)`` runs fn after the page has handled what is waiting (a new task).
        self.soon: Callable[[Callable[[], None]], None] = lambda fn: fn()
        # ``idle(fn)`` runs fn once no action has come for a while (again: later still).
        self.idle: Callable[[Callable[[], None]], None] = lambda fn: fn()

    @property
    def game(self) -> Game:
        return self.session.game

    # --- drawing --------------------------------------------------------------------------

    def make_view(self) -> View:
        lifted = self.held.card if self.held else None
        return board_view(self.game, self.rooms, lifted, up_step(self.board.card_width))

    def card_labels(self) -> dict[str, str]:
        """Every live card's accessible name, remembered by what it depends on (its
        column, the cards above and below it), so most survive a move uncomputed."""
        game, lang, memo = self.game, words.language(), self.labels
        if len(memo) > 4000:
            memo.clear()
        labels = {}
        for column, cards in enumerate(game.columns):
            hidden = game.hidden_count(column)
            for index, (card, up) in enumerate(cards):
                if not up:
                    continue
                key = (card, column, len(cards) - index - 1, hidden, lang)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = words.card(game, card)
                labels[card] = found
        return labels

    def adopt(self, session: Session, overtaken: bool = False) -> None:
        """Another tab saved a newer game: show it here, without saving it back (that
        would only echo between the tabs). ``overtaken``: this tab's last action was not
        saved, the other tab's game was saved first."""
        same = session.game == self.game  # only settings or statistics changed
        self.session = session
        self.held = None
        self.cursor = Cursor(0, None)
        self.cancel_hint()
        self.on_settings()
        self.mount(save=False)
        if overtaken:
            self.say(
                _(
                    "Another tab saved this game first, so your last action here was not "
                    "kept; this tab now shows the game as saved."
                )
            )
        elif not same:
            self.say(_("This game was changed in another tab; this tab now shows it."))

    def replace(self, session: Session) -> None:
        """An imported game, statistics and settings take the place of these, saved over
        whatever is stored."""
        self.session = session
        self.held = None
        self.cursor = Cursor(0, None)
        self.cancel_hint()
        self.last_action = self.clock()
        self.on_settings()
        self.mount(save=False)
        self.save(replace=True)

    def mount(self, save: bool = True, painted: list[Any] | None = None) -> None:
        """Draw everything from scratch: at start, for a new game, after a language change.
        ``painted``: at start, the board index.html painted (see ``Board.mount``)."""
        self.column_labels = [""] * COLUMNS
        self.column_keys = [None] * COLUMNS
        self.fit(resized=True)
        self.view = self.make_view()
        self.board.mount(self.view, self.card_labels(), painted)
        self.update_texts()
        self.update_words()
        if save:
            self.save()

    def refresh(
        self,
        turning: tuple[str, ...] = (),
        offsets: Mapping[str, Offset] | None = None,
        changed: bool = True,
    ) -> None:
        """Draw the current state now; the words and the save follow once it is painted.
        ``changed`` is False when only the selection changed (nothing to save)."""
        if changed:
            self.fit(resized=False)
        self.view = self.make_view()
        self.board.update(self.view, turning, offsets)
        self.update_texts()
        self.after_frame(save=changed)

    def relayout(self) -> None:
        """The window changed size: measure again, then move what moved."""
        if self.fit(resized=True):
            self.view = self.make_view()
            self.board.update(self.view)

    def quiet(self) -> None:
        """The player paused: cards shrunk for a long column grow back once it is short
        again (now, not on the next move, where it would cost that frame a relayout of
        the whole table), and the paint snapshot catches up."""
        if self.level and self.held is None and self.fit(resized=False, grow=True):
            self.view = self.make_view()
            self.board.update(self.view)
            self.paint_stale = True
        self.save_paint()

    def need(self) -> float:
        """The height the longest column needs to keep its indices readable, in widths."""
        game = self.game
        return max(column_need(game.hidden_count(c), len(game.face_up(c))) for c in range(COLUMNS))

    def fit(self, resized: bool, grow: bool = False) -> bool:
        """Fit the cards to the window and to the longest column. The size comes from the
        window; it steps down (``layout.size_level``) when a column cannot keep its
        indices readable, and back up only on resize, a new board, or ``grow`` (idle).
        Measures the page only on resize or when the size changes (a read after the
        frame's writes would force a layout). Returns True when the room changed."""
        board = self.board
        if resized:
            if self.cap is not None:
                self.cap = None
                board.cap_width(None)
            self.level = 0
            room = board.measure()
            self.window = (room, board.card_width, board.tableau_px, board.gap_px, board.stacked)
        else:
            room = self.rooms[0]
        base, width, tableau, gap, stacked = self.window
        level = size_level(self.need(), base, self.level, grow=grow or resized)
        if level != self.level:
            self.level = level
            cap = None
            if level:
                cap = fit_width(base * SIZE_STEP**level, width, tableau, gap, stacked)
            if cap != self.cap:
                self.cap = cap
                board.cap_width(cap)
                room = board.measure()
        if abs(room - self.rooms[0]) <= 0.01:
            return False
        self.rooms = [room] * COLUMNS
        return True

    def deal_line(self) -> str:
        game = self.game
        variant = words.variant(game.variant)
        if game.deal_number is None:
            # Translators: the top of the table for a game dealt from a shared deck, not a number.
            return _("Custom deal · {variant}").format(variant=variant)
        return _("Deal {number} · {variant}").format(number=game.deal_number, variant=variant)

    def game_texts(self) -> dict[str, str]:
        return {"score": str(self.game.score), "deal-line": self.deal_line()}

    def play_time(self) -> int:
        """What the timer shows: the game's time so far, counted as the statistics count
        it (a pause over two minutes counts as two minutes; the clock stops at the win)."""
        ms = self.session.elapsed_ms
        if self.last_action is not None and not self.session.finished:
            ms += int(min(max(self.clock() - self.last_action, 0.0), 120_000.0))
        return ms

    def show_time(self) -> None:
        if self.session.settings.timer:
            self.chrome.text("timer-value", timer_text(self.play_time()))

    def update_texts(self) -> None:
        """What the player sees besides the cards: score, deal, buttons, drop targets."""
        game, chrome = self.game, self.chrome
        for element_id, text in self.game_texts().items():
            chrome.text(element_id, text)
        chrome.flag("undo", "disabled", not game.can_undo)
        chrome.flag("redo", "disabled", not game.can_redo)
        chrome.flag("deal-reserve", "disabled", not game.reserve)
        self.board.mark_targets(self.game.destinations(self.held.card) if self.held else ())
        self.show_time()

    def update_words(self) -> None:
        """What assistive technology reads: names of cards, columns, places; the board."""
        game, chrome = self.game, self.chrome
        self.board.apply_labels(self.card_labels())
        chrome.attr("deal-reserve", "aria-label", words.reserve(game))
        for place in range(PLACES):
            chrome.attr(f"place-{place + 1}", "aria-label", words.place(game, place))
        lang = words.language()
        for column, cards in enumerate(game.columns):
            key = (cards, lang)  # a column's label depends on its cards only
            if key != self.column_keys[column]:
                self.column_keys[column] = key
                label = words.column(game, column)
                if label != self.column_labels[column]:
                    self.column_labels[column] = label
                    self.board.column(column).setAttribute("aria-label", label)
        chrome.text("board-description", words.board(game))

    def after_frame(self, save: bool) -> None:
        """Queue the words for right after this frame and the save for when the page is
        idle; one pass of each serves any number of changes made before it runs."""
        if save and not self.save_pending:
            self.save_pending = True
            self.background(self.save_now)
        if not self.words_pending:
            self.words_pending = True
            self.defer(self.words_now)

    def words_now(self) -> None:
        if self.words_pending:
            self.words_pending = False
            self.update_words()

    def save_now(self) -> None:
        if self.save_pending:
            self.save()

    def flush(self) -> None:
        """Bring the words, the save and the paint snapshot up to date now: the page is
        being hidden or left."""
        self.words_now()
        self.save_now()
        self.save_paint()

    def save(self, replace: bool = False) -> None:
        """Save the session, unless another tab saved a newer one: then show that one.
        A failure is said once (until saving works again); the game goes on in memory."""
        self.save_pending = False
        outcome = self.store.save(self.session, replace=replace)
        if outcome == "newer" and self.store.conflict is not None:
            self.adopt(self.store.conflict, overtaken=True)
            return
        if outcome == "merged" and self.store.conflict is not None:
            # This tab's win was kept over the other tab's later save: the statistics
            # (and, for another game over there, that game) come from both.
            merged, won_here = self.store.conflict, self.store.conflict.game == self.game
            self.session = merged
            self.on_settings()
            if not won_here:
                self.adopt(merged)
                self.say(_("Another tab started a new game; your win here is in the statistics."))
        if outcome == "failed":
            problem = self.store.failure or "storage"
            if problem != self.storage_problem:
                self.storage_problem = problem
                self.on_storage_problem(problem)
            return
        self.storage_problem = None
        if self.session.counted:
            self.on_keeping()
        self.paint_stale = True
        self.idle(self.quiet)

    def save_paint(self) -> None:
        """The board as it is now, for ``index.html`` to paint on the next visit before
        Python starts (rebuilding its markup takes a few ms: written when the player
        pauses or leaves, not after every click)."""
        if not self.paint_stale:
            return
        self.paint_stale = False
        texts = {**static_texts(), **self.game_texts()}
        self.store.save_paint(
            snapshot(self.view, texts, words.language(), self.session.settings.four_colour)
        )

    # --- speaking -------------------------------------------------------------------------

    def say(self, text: str, refusal: bool = False) -> None:
        """Write to the live region; the same text twice is still announced."""
        status = self.chrome.element("status")
        status.classList.toggle("refusal", refusal)
        status.textContent = text

    def refuse(self, reason: str) -> None:
        # A full game is no rule of Scorpion: said whatever the interactive rules say.
        if self.session.settings.interactive_rules or reason == "too_long":
            self.say(words.refusal(reason), refusal=True)
        else:
            self.say("")

    # --- actions --------------------------------------------------------------------------

    def play(self, move: Action, offsets: Mapping[str, Offset] | None = None) -> bool:
        """Play a move, or refuse it and leave everything as it was."""
        game = self.game
        reason = game.refusal(move)
        if reason is not None:
            self.held = None
            self.refresh(offsets=offsets, changed=False)
            self.refuse(reason)
            return False
        before = words.before_move(game, move)
        self.session.add_time(self.elapsed())
        played = self.session.play(move)
        self.held = None
        self.cursor = self._cursor_after(move)
        self.refresh(tuple(card for _column, card in played.turned), offsets)
        self.say(words.after_move(game, played, before))
        self._keep_focus()
        if game.won:
            self.defer(self._announce_win)
        return True

    def _announce_win(self) -> None:
        """The win dialog opens once the winning move is painted: opening a modal dialog
        moves the focus, which costs a layout the move's frame need not wait for."""
        if self.game.won:
            self.on_win(self.game)

    def elapsed(self) -> int:
        """Milliseconds of play since the last action; a pause over two minutes counts as
        two minutes (the player was away), for the statistics' times."""
        now = self.clock()
        gap = now - self.last_action if self.last_action is not None else 0.0
        self.last_action = now
        return int(min(max(gap, 0.0), 120_000.0))

    def undo(self) -> None:
        self.held = None
        self.session.add_time(self.elapsed())
        if self.session.undo():
            self.refresh()
            self.say(_("Move undone."))
            self._keep_focus()

    def redo(self) -> None:
        self.held = None
        self.session.add_time(self.elapsed())
        if self.session.redo():
            self.refresh()
            self.say(_("Move redone."))
            self._keep_focus()
            if self.game.won:
                self.defer(self._announce_win)

    def deal(self) -> None:
        self.play(DEAL)

    def new_game(self, deal: int | None, variant: str, winnable: bool = False) -> None:
        """Deal ``deal`` (None: any number); ``winnable``: it was drawn from the deals the
        solver proved winnable, and the announcement says so."""
        number = deal if deal is not None else random.randint(MIN_DEAL, MAX_DEAL)
        self.session.new_game(number, variant)
        if winnable:
            said = _("New game: deal {number}, proven winnable.").format(number=number)
        else:
            said = _("New game: deal {number}.").format(number=number)
        self._fresh(said)

    def new_game_from_deck(self, deck: list[str], variant: str) -> None:
        self.session.new_game_from_deck(deck, variant)
        self._fresh(_("New game from a shared deck."))

    def play_linked(self, linked: Linked) -> None:
        """The game a link asked for (the player agreed to leave theirs)."""
        if linked.deck is not None:
            self.new_game_from_deck(list(linked.deck), linked.variant)
        else:
            self.new_game(linked.deal, linked.variant)

    def restart(self) -> None:
        self.session.restart()
        self._fresh(_("The deal starts again."))

    def _fresh(self, message: str) -> None:
        self.held = None
        self.cancel_hint()
        self.cursor = Cursor(0, None)
        self.last_action = self.clock()  # the new game's time starts now
        self.mount()
        self.board.deal_in()
        self.say(message)
        if self.keyboard:  # the focused card went with the old game: on from the table
            self.focus_cursor()

    # --- picking up and dropping ----------------------------------------------------------

    def select(self, card: str) -> None:
        where = self.game.locate(card)
        if where is None:
            return
        self.held = Held(card, where[0])
        self.refresh(changed=False)
        places = self.game.destinations(card)
        text = ngettext_columns(places) if places else _("No column takes this card now.")
        picked = _("{card} picked up.").format(card=words.card_name(card))
        picked = picked[:1].upper() + picked[1:]  # card names start in lower case
        self.say(pgettext("sentence", "{first} {second}").format(first=picked, second=text))

    def release(self) -> None:
        if self.held is not None:
            self.held = None
            self.refresh(changed=False)
            self.say(_("Put back."))

    def on_tap(self, where: Tap) -> None:
        places = self.game.destinations(where.card) if where.card else []
        self.apply(tap(where, self.held, places))

    def apply(self, intent: Intent) -> None:
        if intent.kind == "move" and intent.card is not None and intent.column is not None:
            self.play(Move(intent.card, intent.column))
        elif intent.kind == "select" and intent.card is not None:
            self.select(intent.card)
        elif intent.kind == "release":
            self.release()

    def begin_drag(self, card: str) -> None:
        """A drag starts: the pile is held (drawn lifted, its columns marked), silently."""
        where = self.game.locate(card)
        if where is None:
            return
        self.held = Held(card, where[0])
        self.view = self.make_view()
        self.board.update(self.view)
        self.board.mark_targets(self.game.destinations(card))

    def drop(self, card: str, column: int | None, offset: Offset) -> None:
        """The end of a drag: onto a column, or back where it came from."""
        pile = self._pile(card)
        offsets = dict.fromkeys(pile, offset)
        if column is None or (self.held and column == self.held.column):
            self.held = None
            self.refresh(offsets=offsets, changed=False)
            return
        self.play(Move(card, column), offsets)

    def _pile(self, card: str) -> list[str]:
        where = self.game.locate(card)
        if where is None:
            return []
        column, index = where
        return [c for c, _up in self.game.columns[column][index:]]

    # --- keyboard -------------------------------------------------------------------------

    def face_up_counts(self) -> list[int]:
        return [len(self.game.face_up(c)) for c in range(COLUMNS)]

    def cursor_card(self) -> str | None:
        cursor = self.cursor
        return None if cursor.index is None else self.game.face_up(cursor.column)[cursor.index]

    def cursor_element(self) -> Any:
        self.cursor = clamp_cursor(self.cursor, self.face_up_counts())
        if self.cursor.index is None:
            return self.board.column(self.cursor.column)
        card = self.game.face_up(self.cursor.column)[self.cursor.index]
        return self.board.element_of(card)

    def focus_cursor(self) -> None:
        element = self.cursor_element()
        if element is not None:
            self.board.set_roving(element, self.cursor_card())
            element.focus()

    def _keep_focus(self) -> None:
        """After a change, the keyboard focus stays on a card that exists. Moving focus
        (or the tab stop off the focused element) forces a layout, about 20 ms here, so
        it is done for keyboard players only; a pointer needs no focus."""
        if self.keyboard and self.board.table_has_focus():
            self.focus_cursor()

    def _cursor_after(self, move: Action) -> Cursor:
        """Called once the move is played: the cursor lands on the moved pile's top."""
        if isinstance(move, Move):
            return top_of(move.to, self.face_up_counts())
        return self.cursor

    def arrow(self, direction: str) -> None:
        self.cursor = move_cursor(self.cursor, direction, self.face_up_counts())
        self.focus_cursor()

    def activate(self) -> None:
        """Enter or Space on the focused card or column: pick up, or drop there."""
        cursor = clamp_cursor(self.cursor, self.face_up_counts())
        card = None
        if cursor.index is not None:
            card = self.game.face_up(cursor.column)[cursor.index]
        if self.held is None:
            if card is not None:
                self.select(card)
            return
        if cursor.column == self.held.column:
            if card is not None and card != self.held.card:
                self.select(card)
            else:
                self.release()
            return
        self.play(Move(self.held.card, cursor.column))

    def focus_from(self, card: str | None, column: int | None) -> None:
        """The player clicked or tabbed somewhere: the keyboard cursor follows."""
        if column is None:
            return
        faces = self.game.face_up(column)
        index = faces.index(card) if card in faces else None
        self.cursor = Cursor(column, index)

    def read_board(self) -> None:
        self.say(words.board(self.game))

    def hint(self) -> None:
        """Think in slices between frames, then show the move: its pile lifted, its
        column marked, and the move in words."""
        if not self.hints or self.search is not None:
            return
        self.search = Search(self.game)
        self.thinking(True)
        self.soon(self._think)

    def cancel_hint(self) -> None:
        """A hint still thinking was for the game that went: drop it, stop the pulse."""
        if self.search is not None:
            self.search = None
            self.thinking(False)

    def thinking(self, on: bool) -> None:
        """The Hint button pulses (and is busy for assistive technology) while it thinks."""
        self.chrome.element("hint").classList.toggle("thinking", on)
        self.chrome.attr("hint", "aria-busy", "true" if on else None)

    def _think(self) -> None:
        search = self.search
        if search is None:
            return
        if search.stale(self.game):  # the player moved on: this hint is for another table
            self.search = None
            self.thinking(False)
            return
        answer = search.step()
        if answer is None:
            self.soon(self._think)
            return
        self.search = None
        self.thinking(False)
        move = answer.move
        if move is None:
            if answer.lost:  # proved: say so plainly (the game itself never declares a loss)
                self.say(_("No winning line remains from here. Undo, or start a new game."))
            else:
                self.say(_("No hint: no move helps from here. Undo, or start a new game."))
            return
        text = words.before_move(self.game, move)
        if isinstance(move, Move):
            self.held = None
            self.select(move.card)
            self.board.mark_targets([move.to])
        if answer.proved:
            said = pgettext("hint", "Hint: {move}. The game can still be won.")
        else:
            said = pgettext("hint", "Hint: {move}.")
        self.say(said.format(move=text))


def ngettext_columns(places: list[int]) -> str:
    """ "It can go onto column 3." / "It can go onto columns 2, 5." """
    numbers = ", ".join(str(p + 1) for p in places)
    return words.ngettext(
        "It can go onto column {columns}.", "It can go onto columns {columns}.", len(places)
    ).format(columns=numbers)
