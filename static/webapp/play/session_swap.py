"""When the session changes under the player: another tab's newer save, an import or a
restore, or going back to where the deal could still be won. The board is drawn anew from
the session that arrives; nothing the player held or was hinted survives it.

Another tab's save may also be one this page cannot read, written by a newer version of
Scorpion: saving here moved it to a backup (``Store.save``), and the player is told where
it is kept and offered a reload (the newer version is out there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorpion.game import Game
from scorpion.session import Session
from webapp import translated
from webapp.events import Events
from webapp.translated import _

if TYPE_CHECKING:
    from webapp.page.browser import Page
    from webapp.page.chrome import Chrome
    from webapp.play.actuator import Actuator
    from webapp.play.announcer import Announcer
    from webapp.play.autosave import AutoSave
    from webapp.play.hint_button import HintButton
    from webapp.play.keyboard_focus import KeyboardFocus
    from webapp.play.table_state import TableState


def newer_set_aside_text() -> str:
    """Said when this page's save moved a newer version's save to a backup."""
    # Translators: in the notice bar, with a Reload button after it. "Saved data" is the
    # part of Settings that lists the backups.
    return _(
        "Another tab saved with a newer version of Scorpion, which this page cannot read. "
        "That save (its game, statistics and settings) is kept in Settings, under Saved "
        "data, and this page saved its own game in its place. Reload to use the newer "
        "version."
    )


class SessionSwap:
    def __init__(
        self,
        state: TableState,
        screen: Actuator,
        speech: Announcer,
        keeper: AutoSave,
        focus: KeyboardFocus,
        hinter: HintButton,
        chrome: Chrome,
        page: Page,
        events: Events,
    ) -> None:
        self.state = state
        self.screen = screen
        self.speech = speech
        self.keeper = keeper
        self.focus = focus
        self.hinter = hinter
        self.chrome = chrome  # the notice bar
        self.page = page  # a reload
        self.events = events  # "settings-changed": they may have come with the session

    def bind(self) -> None:
        """The notice bar's Reload (offered with ``newer_set_aside``)."""
        self.chrome.listen("notice-reload", "click", lambda _event: self.page.reload())

    @property
    def game(self) -> Game:
        return self.state.game

    def mount(self, save: bool = True) -> None:
        self.screen.mount()
        if save:
            self.keeper.save()

    def go_back(self, index: int) -> None:
        """Back to the position after ``index`` actions (Where was it lost?): the same game."""
        state = self.state
        back = len(self.game.moves) - index
        state.session.rewind(index)
        state.held = None
        self.hinter.cancel()
        self.focus.reset()
        self.mount()
        self.speech.say(
            translated.ngettext(
                "Back {count} action: the deal can still be won from here.",
                "Back {count} actions: the deal can still be won from here.",
                back,
            ).format(count=back)
        )

    def adopt(self, session: Session, overtaken: bool = False) -> None:
        """Another tab saved a newer game: show it here, without saving it back (that
        would only echo between the tabs). ``overtaken``: this tab's last action was
        not saved, the other tab's game was saved first."""
        same = session.game == self.game  # only settings or statistics changed
        self._take(session)
        self.mount(save=False)
        if overtaken:
            self.speech.say(
                _(
                    "Another tab saved this game first, so your last action here was not "
                    "kept; this tab now shows the game as saved."
                )
            )
        elif not same:
            self.speech.say(_("This game was changed in another tab; this tab now shows it."))

    def conflict(self, session: Session, outcome: str) -> None:
        """What ``AutoSave`` found on saving: another tab's newer game (``"newer"``), or
        this tab's win kept over it (``"merged"``: the statistics of both, and, if the
        other tab started another game, that game)."""
        if outcome == "newer":
            self.adopt(session, overtaken=True)
        elif session.game == self.game:
            self.state.session = session
            self.events.emit("settings-changed")
        else:
            self.adopt(session)
            self.speech.say(
                _("Another tab started a new game; your win here is in the statistics.")
            )

    def newer_set_aside(self, key: str) -> None:
        """Saving here moved another tab's save, a newer version's, to the backup ``key``
        (listed in Settings, Saved data): said, with a reload offered."""
        del key  # the player finds it by its reason and date in the list
        self.chrome.notice_reload(newer_set_aside_text())

    def replace(self, session: Session) -> None:
        """An imported (or restored) game, statistics and settings take the place of
        these, saved over whatever is stored."""
        self._take(session)
        self.state.last_action = self.state.clock()
        self.mount(save=False)
        self.keeper.save(replace=True)

    def _take(self, session: Session) -> None:
        self.state.session = session
        self.state.held = None
        self.focus.reset()
        self.hinter.cancel()
        self.events.emit("settings-changed")
