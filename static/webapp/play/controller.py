"""The controller: what each intent does to the session, then one redraw from state.

Every action goes the same way: the rules decide (``Session``; a refusal changes nothing
and, with interactive rules, says why), ``Actuator`` draws what changed, ``Announcer`` says it,
``AutoSave`` queues the words and the save, ``KeyboardFocus`` keeps the cursor on the table.
What others must hear of goes out as ``webapp.events``: ``changed``, ``won``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from scorpion.deals import MAX_DEAL, MIN_DEAL
from scorpion.game import Game
from scorpion.moves import DEAL, Action, Move
from webapp import translated
from webapp.events import Events
from webapp.play.actuator import Actuator
from webapp.play.announcer import Announcer, columns_text
from webapp.play.autosave import AutoSave
from webapp.play.hint_button import HintButton
from webapp.play.hint_search import Answer, chance_text, stuck_text
from webapp.play.intents import Held, Intent, Tap, tap
from webapp.play.keyboard_focus import KeyboardFocus
from webapp.play.table_state import TableState
from webapp.translated import _, pgettext
from webapp.urlparams import Linked

if TYPE_CHECKING:
    from webapp.page.board import Offset, PageBoard


class Controller:
    def __init__(
        self,
        state: TableState,
        board: PageBoard,
        screen: Actuator,
        speech: Announcer,
        keeper: AutoSave,
        focus: KeyboardFocus,
        hinter: HintButton,
        events: Events,
    ) -> None:
        self.state = state
        self.board = board
        self.screen = screen
        self.speech = speech
        self.keeper = keeper
        self.focus = focus
        self.hinter = hinter
        self.events = events  # "changed" (the finish looks again), "won" (the win dialog)

    @property
    def game(self) -> Game:
        return self.state.game

    def refresh(
        self,
        turning: tuple[str, ...] = (),
        offsets: Mapping[str, Offset] | None = None,
        changed: bool = True,
    ) -> None:
        """Draw from state now; the words and (if ``changed``) the save follow. A hint
        shown before is over (``_show_hint`` marks its move after this)."""
        self.state.hinted = None
        self.screen.draw(turning, offsets, changed)
        self.keeper.after_frame(save=changed)
        if changed:
            self.events.emit("changed")

    def on_changed(self) -> None:
        """The table's terms changed outside play (a setting): heard as after a move."""
        self.events.emit("changed")

    def mount(self, save: bool = True) -> None:
        """Draw a whole new board (a new game, a language change), and save it."""
        self.screen.mount()
        if save:
            self.keeper.save()
        self.events.emit("changed")

    # --- actions --------------------------------------------------------------------------

    def play(self, move: Action, offsets: Mapping[str, Offset] | None = None) -> bool:
        """Play a move, or refuse it and leave everything as it was."""
        game, state = self.game, self.state
        reason = game.refusal(move)
        if reason is not None:
            state.held = None
            self.refresh(offsets=offsets, changed=False)
            self.speech.refuse(reason)
            return False
        before = translated.before_move(game, move)
        state.session.add_time(state.elapsed())
        played = state.session.play(move)
        state.held = None
        self.focus.after(move)
        self.refresh(tuple(card for _column, card in played.turned), offsets)
        self.speech.say(translated.after_move(game, played, before))
        self.focus.keep()
        if game.won:
            self.keeper.timing.defer(self._announce_win)
        return True

    def _announce_win(self) -> None:
        """The win dialog opens once the winning move is painted (opening a modal dialog
        moves the focus, a layout the move's frame need not wait for)."""
        if self.game.won:
            self.events.emit("won", self.game)

    def undo(self) -> None:
        self._step(self.state.session.undo, _("Move undone."))

    def redo(self) -> None:
        self._step(self.state.session.redo, _("Move redone."))

    def _step(self, step: Callable[[], bool], said: str) -> None:
        state = self.state
        state.held = None
        state.session.add_time(state.elapsed())
        if step():
            self.refresh()
            self.speech.say(said)
            self.focus.keep()
            if self.game.won:
                self.keeper.timing.defer(self._announce_win)

    def deal(self) -> None:
        self.play(DEAL)

    def new_game(
        self, deal: int | None, variant: str, winnable: bool = False, said: str = ""
    ) -> None:
        """Deal ``deal`` (None: any number); ``winnable``: drawn from the deals the solver
        proved winnable, and the announcement says so (``said``: another announcement)."""
        number = deal if deal is not None else random.randint(MIN_DEAL, MAX_DEAL)
        self.state.session.new_game(number, variant)
        if not said and winnable:
            said = _("New game: deal {number}, proven winnable.").format(number=number)
        elif not said:
            said = _("New game: deal {number}.").format(number=number)
        self._fresh(said)

    def new_daily_game(self, deal: int, said: str) -> None:
        """A daily deal: a winnable classic deal, announced as the day's (``said``)."""
        self.new_game(deal, "classic", True, said)

    def play_linked(self, linked: Linked) -> None:
        """The game a link asked for (the player agreed to leave theirs)."""
        number = linked.start(self.state.session)
        if number is None:
            self._fresh(_("New game from a shared deck."))
        else:
            self._fresh(_("New game: deal {number}.").format(number=number))

    def restart(self) -> None:
        self.state.session.restart()
        self._fresh(_("The deal starts again."))

    def _fresh(self, message: str) -> None:
        state = self.state
        state.held = None
        self.hinter.cancel()
        self.focus.reset()
        state.last_action = None  # the new game's clock starts at its first action
        self.mount()
        self.board.deal_in()
        self.speech.say(message)
        if state.keyboard:  # the focused card went with the old game: on from the table
            self.focus.focus()

    # --- picking up and dropping ----------------------------------------------------------

    def select(self, card: str) -> None:
        where = self.game.locate(card)
        if where is None:
            return
        self.state.held = Held(card, where[0])
        self.refresh(changed=False)
        places = self.game.destinations(card)
        text = columns_text(places) if places else _("No column takes this card now.")
        picked = _("{card} picked up.").format(card=translated.card_name(card))
        picked = picked[:1].upper() + picked[1:]  # card names start in lower case
        self.speech.say(pgettext("sentence", "{first} {second}").format(first=picked, second=text))

    def release(self) -> None:
        if self.state.held is not None:
            self.state.held = None
            self.refresh(changed=False)
            self.speech.say(_("Put back."))

    def on_tap(self, where: Tap) -> None:
        if self._take_hint(where.card):
            return
        places = self.game.destinations(where.card) if where.card else []
        self.apply(tap(where, self.state.held, places))

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
        if where is not None:
            self.state.held = Held(card, where[0])
            self.screen.lift()

    def drop(self, card: str, column: int | None, offset: Offset) -> None:
        """The end of a drag: onto a column, or back where it came from."""
        offsets = dict.fromkeys(self.state.pile(card), offset)
        held = self.state.held
        if column is None or (held and column == held.column):
            self.state.held = None
            self.refresh(offsets=offsets, changed=False)
            return
        self.play(Move(card, column), offsets)

    def _take_hint(self, card: str | None) -> bool:
        """The hinted card, picked again (the natural reaction): the hint is played."""
        hinted, held = self.state.hinted, self.state.held
        if hinted is None or held is None or not card == held.card == hinted.card:
            return False
        self.play(hinted)
        return True

    def activate(self) -> None:
        """Enter or Space on the focused card or column: pick up, or drop there."""
        card, held = self.focus.card(), self.state.held
        if self._take_hint(card):
            return
        column = self.state.cursor.column
        if held is None:
            if card is not None:
                self.select(card)
        elif column == held.column:
            if card is not None and card != held.card:
                self.select(card)
            else:
                self.release()
        else:
            self.play(Move(held.card, column))

    # --- hints ----------------------------------------------------------------------------

    def hint(self) -> None:
        self.hinter.start(self._show_hint)

    def _show_hint(self, answer: Answer) -> None:
        """The hinted move: its pile lifted, its column marked, the move in words, and the
        chance of winning from here, from what the player can see. Any answer is help:
        the game is marked assisted (saved at once)."""
        if not self.state.session.assisted >= {"hint"}:
            self.state.session.assist("hint")
            self.keeper.save()
        if answer.stuck:
            self.speech.say(stuck_text(answer.back))
            return
        move = answer.move
        if move is None:
            self.speech.say(_("No move is possible. Undo, or start a new game."))
            return
        text = translated.before_move(self.game, move)
        if isinstance(move, Move):
            self.state.held = None
            self.select(move.card)
            self.board.mark_targets([move.to])
            self.state.hinted = move
        said = pgettext("hint", "Hint: {move}.").format(move=text)
        if answer.advice is not None:
            said = pgettext("sentence", "{first} {second}").format(
                first=said, second=chance_text(answer.advice)
            )
        self.speech.say(said)
