"""Draws the state: the cards (through ``PageBoard``, only those whose view changed) and
the texts that follow the game (score, deal, the buttons' states, the timer)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorpion import Game
from webapp import translated
from webapp.events import Events
from webapp.figures import timer_text
from webapp.page_texts import static_texts
from webapp.play.announcer import Announcer
from webapp.play.sizing import Sizing
from webapp.play.table_state import TableState
from webapp.table.early_paint import look_classes, snapshot
from webapp.table.layout import up_step
from webapp.table.render import View, board_view, depth
from webapp.translated import _

if TYPE_CHECKING:
    from webapp.page.board import Offset, PageBoard
    from webapp.page.chrome import Chrome


def deal_line(game: Game) -> str:
    variant = translated.variant(game.variant)
    if game.deal_number is None:
        # Translators: the top of the table for a game dealt from a shared deck, not a number.
        return _("Custom deal · {variant}").format(variant=variant)
    return _("Deal {number} · {variant}").format(number=game.deal_number, variant=variant)


def game_texts(game: Game) -> dict[str, str]:
    """The texts that follow the game (also baked into the page with its first board:
    tools/first_board.py)."""
    return {"score": str(game.score), "deal-line": deal_line(game)}


class Actuator:
    def __init__(
        self,
        board: PageBoard,
        chrome: Chrome,
        state: TableState,
        sizing: Sizing,
        speech: Announcer,
        events: Events,
    ) -> None:
        self.board = board
        self.chrome = chrome
        self.state = state
        self.sizing = sizing
        self.speech = speech
        self.events = events  # "drawn": the deal's grade follows (``panels.daily_deals``)
        self.view: View = {}
        self.fixed_texts: tuple[str, dict[str, str]] = ("", {})  # the page's, by language

    def make_view(self) -> View:
        held = self.state.held
        lifted = held.card if held else None
        rooms = self.sizing.rooms
        view = board_view(self.state.game, rooms, lifted, up_step(self.board.card_width))
        # a column longer than its room: the tableau reaches down to its last card (scrolls)
        self.board.set_depth(depth(view))
        return view

    def mount(self, painted: list[Any] | None = None) -> None:
        """Draw everything from scratch: at start, for a new game, after a language change.
        ``painted``: at start, the board index.html painted (see ``PageBoard.mount``)."""
        self.speech.forget()
        self.sizing.fit(resized=True)
        self.view = self.make_view()
        self.board.mount(self.view, self.speech.card_labels(), painted)
        self.update_texts()
        self.speech.update_words()

    def draw(
        self,
        turning: tuple[str, ...] = (),
        offsets: Mapping[str, Offset] | None = None,
        changed: bool = True,
    ) -> None:
        """Draw the current state; ``changed`` is False when only the held pile changed."""
        del changed  # the sizes follow the window alone (``Sizing``), not the game
        self.view = self.make_view()
        self.board.update(self.view, turning, offsets)
        self.update_texts()

    def lift(self) -> None:
        """A drag starts: the held pile drawn lifted and its columns marked, nothing else."""
        self.view = self.make_view()
        self.board.update(self.view)
        held = self.state.held
        self.board.mark_targets(self.state.game.destinations(held.card) if held else ())

    def relayout(self) -> None:
        """The window changed size: measure again, then move what moved."""
        if self.sizing.fit(resized=True):
            self.view = self.make_view()
            self.board.update(self.view)
        else:  # measuring let go of the tableau's depth: the same again
            self.board.set_depth(depth(self.view))

    def game_texts(self) -> dict[str, str]:
        return game_texts(self.state.game)

    def show_time(self) -> None:
        if self.state.session.settings.timer:
            self.chrome.text("timer-value", timer_text(self.state.play_time()))

    def update_texts(self) -> None:
        """What the player sees besides the cards: score, deal, buttons, drop targets."""
        game, chrome, held = self.state.game, self.chrome, self.state.held
        for element_id, text in self.game_texts().items():
            chrome.text(element_id, text)
        self.events.emit("drawn")
        replaying = self.state.replaying  # a replay takes no moves: its bar steps
        chrome.flag("undo", "disabled", replaying or not game.can_undo)
        chrome.flag("redo", "disabled", replaying or not game.can_redo)
        chrome.flag("menu-redo", "disabled", replaying or not game.can_redo)
        chrome.flag("deal-reserve", "disabled", replaying or not game.reserve)
        self.board.mark_targets(game.destinations(held.card) if held else ())
        self.show_time()

    def paint_snapshot(self) -> dict[str, Any]:
        """The board as it is now, for ``index.html`` to paint on the next visit."""
        lang = translated.language()
        if self.fixed_texts[0] != lang:  # the same for every board in one language
            self.fixed_texts = (lang, static_texts())
        texts = {**self.fixed_texts[1], **self.game_texts()}
        settings = self.state.session.settings
        looks = [name for name, on in look_classes(settings).items() if on]
        return snapshot(self.view, texts, lang, settings.four_colour, looks)
