"""A replay on the table: a game played back move by move (a ``?replay=`` link, or the
solver's line), with a playback bar: step back, play or pause, step forward, speed, the
position, Play from here and Close replay.

While a replay is open the table shows a throwaway session and ``state.replaying`` is
set: nothing is saved (``AutoSave``), the table takes no moves, the win dialog never opens.
The player's own session waits in ``own`` (another tab's newer save replaces it there)
and comes back on Close replay, unchanged. Cards move by the normal rendering: each step
is one action drawn from state, so they glide as in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorpion.replay import Replay
from scorpion.session import Session
from webapp import translated
from webapp.translated import _

if TYPE_CHECKING:
    from webapp.page.browser import Page
    from webapp.page.chrome import Chrome
    from webapp.panels.dialogs import Dialogs
    from webapp.play.actuator import Actuator
    from webapp.play.announcer import Announcer
    from webapp.play.autosave import AutoSave
    from webapp.play.hint_button import HintButton
    from webapp.play.keyboard_focus import KeyboardFocus
    from webapp.play.table_state import TableState

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_MS = 1000.0  # one action at 1x: long enough to follow where the cards went
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", " ": "play", "s": "speed", "S": "speed",
        "Escape": "close"}  # fmt: skip


def position_text(index: int, count: int) -> str:
    """The readout: how far the replay is."""
    if index == 0:
        return _("At the deal, {count} moves to go").format(count=count)
    return _("Move {index} of {count}").format(index=index, count=count)


def speed_text(speed: float) -> str:
    return f"{speed:g}×"


class Replayer:
    def __init__(
        self,
        state: TableState,
        screen: Actuator,
        speech: Announcer,
        keeper: AutoSave,
        focus: KeyboardFocus,
        hinter: HintButton,
        dialogs: Dialogs,
        chrome: Chrome,
        page: Page,
    ) -> None:
        self.state = state
        self.screen = screen
        self.speech = speech
        self.keeper = keeper
        self.focus = focus
        self.hinter = hinter
        self.dialogs = dialogs
        self.chrome = chrome
        self.page = page
        self.replay: Replay | None = None
        self.own: Session | None = None  # the player's session, back on close
        self.index = 0
        self.start = 0  # where it opened (the solver's line: the player's position)
        self.solver = False
        self.playing = False
        self.speed = 1.0
        self.ticket = 0  # a pending tick whose ticket is not this one is dropped
        self.dropped = 0
        chrome.listen("replay-back", "click", lambda _event: self.back())
        chrome.listen("replay-forward", "click", lambda _event: self.forward())
        chrome.listen("replay-play", "click", lambda _event: self.toggle())
        chrome.listen("replay-speed", "click", lambda _event: self.faster())
        chrome.listen("replay-take", "click", lambda _event: self.take())
        chrome.listen("replay-close", "click", lambda _event: self.close())

    @property
    def active(self) -> bool:
        return self.state.replaying

    def key(self, key: str) -> bool:
        """A key while a replay is open: True if it was the replay's."""
        what = KEYS.get(key)
        if not self.active or what is None:
            return False
        {"back": self.back, "forward": self.forward, "play": self.toggle,
         "speed": self.faster, "close": self.close}[what]()  # fmt: skip
        return True

    # --- opening and closing ------------------------------------------------------------

    def open(self, replay: Replay, at: int = 0, solver: bool = False, review: bool = False) -> None:
        """Show ``replay`` after its first ``at`` actions, paused (``review``: a move chosen
        in Review this game)."""
        if not self.active:
            self.own = self.state.session
        own = self.own
        assert own is not None
        self.pause()
        self.replay, self.index, self.start, self.solver = replay, at, at, solver
        state = self.state
        state.replaying = True
        state.session = Session(replay.game(at), own.settings, own.stats)
        state.held = None
        self.hinter.cancel()
        self.focus.reset()
        chrome = self.chrome
        chrome.flag("replay-bar", "hidden", False)  # first: the cards are sized to what is left
        chrome.root_class("replaying", True)
        self.screen.mount()
        chrome.flag("hint", "disabled", True)
        title = _("The solver's line") if solver else _("Review") if review else _("Replay")
        chrome.text("replay-title", title)
        self._show()
        count = len(replay.line) - at
        if review:
            said = _("{position}. Step back and forward, or play on from here.").format(
                position=position_text(at, len(replay.line))
            )
        elif solver:
            said = _("The solver's line from here: {count} moves. Press Play to watch.")
        else:
            said = _("Replay of a game: {count} moves. Press Play to watch.")
        self.speech.say(said.format(count=count))
        chrome.focus("replay-play")

    def close(self, said: str | None = None) -> None:
        """Back to the player's own game, as it was (or as another tab saved it since)."""
        if not self.active or self.own is None:
            return
        self.pause()
        shown, own = self.state.session, self.own
        changed = shown.settings != own.settings  # changed in Settings meanwhile: kept
        own.settings = shown.settings
        self._leave(own)
        if changed:
            self.keeper.save()
        self.speech.say(said or _("Replay closed: your game is back."))

    def _leave(self, session: Session) -> None:
        state = self.state
        state.replaying = False
        state.session = session
        state.held = None
        self.own = self.replay = None
        chrome = self.chrome
        chrome.flag("replay-bar", "hidden", True)
        chrome.root_class("replaying", False)
        chrome.root_data("replayIndex", None)
        chrome.root_data("replayPlaying", None)
        chrome.flag("hint", "disabled", False)
        self.focus.reset()
        self.screen.mount()

    def arrive(self, session: Session) -> None:
        """Another tab saved a newer game meanwhile: it is the one to come back to."""
        self.own = session

    # --- Play from here -----------------------------------------------------------------

    def same_deal(self) -> bool:
        own, game = self.own, self.state.game
        return own is not None and (
            own.game.deck == game.deck
            and own.game.variant == game.variant
            and own.game.deal_number == game.deal_number
        )

    def take(self) -> None:
        """Play on from the position shown; leaving a counted game of another deal is asked
        first (it counts as lost)."""
        if not self.active or self.own is None:
            return
        self.pause()
        if self.same_deal() or not self.own.in_progress:
            self._take()
            return
        self.dialogs.confirm_link(
            _("Playing from here leaves the game in progress, and it counts as lost."),
            self._take,
        )

    def _take(self) -> None:
        own, shown = self.own, self.state.session
        if not self.active or own is None:
            return
        if not self.same_deal():
            own.abandon()
        own.game = shown.game.copy()
        own.settings = shown.settings
        index = self.index
        self._leave(own)
        self.state.last_action = None
        self.keeper.save()
        self.speech.say(_("You play on from move {index}.").format(index=index))

    # --- playback ------------------------------------------------------------------------

    def back(self) -> None:
        self.step(-1)

    def forward(self) -> None:
        self.step(1)

    def step(self, direction: int, manual: bool = True) -> bool:
        """One action forward (1) or back (-1); False at either end."""
        replay = self.replay
        if not self.active or replay is None:
            return False
        if manual:
            self.pause()
        session = self.state.session
        game = session.game
        if direction > 0:
            if self.index >= len(replay.line):
                return False
            action = replay.line[self.index]
            before = translated.before_move(game, action)
            played = game.play(action)  # legal: every action was checked when decoded
            self.index += 1
            turning = tuple(card for _column, card in played.turned)
            self.screen.draw(turning)
            said = translated.after_move(game, played, before)
        else:
            if self.index <= 0:
                return False
            self.index -= 1
            if not game.undo():  # past the undo history: replayed from the deal
                session.game = replay.game(self.index)
            self.screen.draw()
            said = _("One move back.")
        self.keeper.after_frame(save=False)
        self._show()
        if manual or self.index == len(replay.line):
            self.speech.say(said if not self._at_end() else self._end_text(said))
        return True

    def _at_end(self) -> bool:
        return self.replay is not None and self.index == len(self.replay.line)

    def _end_text(self, said: str) -> str:
        if self.state.game.won:
            end = _("End of the replay: the game is won.")
        else:
            end = _("End of the replay.")
        return translated.pgettext("sentence", "{first} {second}").format(first=said, second=end)

    def toggle(self) -> None:
        if self.playing:
            self.pause()
            self.speech.say(_("Paused."))
        else:
            self.play()

    def play(self) -> None:
        if not self.active or self.replay is None:
            return
        if self._at_end():  # from the start again
            self.index = self.start
            self.state.session.game = self.replay.game(self.start)
            self.screen.draw()
        self.playing = True
        self._show()
        self._schedule()

    def pause(self) -> None:
        self.playing = False
        self.ticket += 1
        if self.active:
            self._show()

    def faster(self) -> None:
        """The next speed, round: 0.5x, 1x, 2x, 4x."""
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self._show()
        if self.playing:  # the waiting step comes at the new pace
            self.ticket += 1
            self._schedule()

    def _schedule(self) -> None:
        self.ticket += 1
        ticket = self.ticket
        self.page.later(STEP_MS / self.speed, lambda: self._tick(ticket))

    def _tick(self, ticket: int) -> None:
        if ticket != self.ticket or not self.playing or not self.active:
            # Said on the page, so a test can see a superseded step come and go unplayed.
            self.dropped += 1
            self.chrome.root_data("replayDropped", str(self.dropped))
            return
        if not self.step(1, manual=False) or self._at_end():
            self.playing = False
            self._show()
            return
        self._schedule()

    def _show(self) -> None:
        """The bar as things are: the position, the buttons' states and names."""
        replay = self.replay
        if replay is None:
            return
        count, chrome = len(replay.line), self.chrome
        chrome.text("replay-position", position_text(self.index, count))
        chrome.root_data("replayIndex", str(self.index))
        chrome.root_data("replayPlaying", "1" if self.playing else "0")
        # The play button's icon follows <html data-replay-playing>.
        chrome.attr("replay-play", "aria-label", _("Pause") if self.playing else _("Play"))
        chrome.attr("replay-play", "aria-pressed", "true" if self.playing else "false")
        chrome.text("replay-speed", speed_text(self.speed))
        label = _("Speed {speed}").format(speed=speed_text(self.speed))
        chrome.attr("replay-speed", "aria-label", label)
        chrome.flag("replay-back", "disabled", self.index <= 0)
        chrome.flag("replay-forward", "disabled", self.index >= count)
