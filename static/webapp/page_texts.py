"""Every fixed text of the page, by element id, in the current language.

``index.html`` carries English placeholders so the page is never blank; these replace
them once Python runs, and again on every language change. The texts that follow the
game (score, deal line, labels) are in ``app``.
"""

from __future__ import annotations

from webapp.translated import _, pgettext, variant
from webapp.urlparams import Linked


def static_texts() -> dict[str, str]:
    """Element id -> its text content."""
    return {
        "title": _("Scorpion"),
        # Translators: toolbar buttons; keep them short (phones show them under icons).
        "undo-label": _("Undo"),
        "redo-label": _("Redo"),
        "menu-redo-label": _("Redo"),
        # Translators: the phone's toolbar button that opens the other buttons (Redo,
        # Share, Rules, Statistics, Settings). Short: it shares a narrow bar with three.
        "menu-button-label": _("Menu"),
        "hint-label": _("Hint"),
        "new-game-label": pgettext("button", "New game"),
        "share-label": _("Share"),
        "rules-label": _("Rules"),
        "stats-label": _("Statistics"),
        "settings-button-label": _("Settings"),
        "score-name": pgettext("heading", "Score"),
        # Translators: the button that plays the rest of a winning line (auto-finish).
        "finish": pgettext("button", "Finish"),
        "language-label": _("Language"),
        "interactive-rules-label": _("Interactive rules"),
        "four-colour-label": _("Four-colour deck"),
        "ng-title": pgettext("dialog title", "New game"),
        "ng-variant-legend": pgettext("dialog", "Rules"),
        "ng-classic-label": variant("classic"),
        "ng-relaxed-label": variant("relaxed"),
        # Translators: a checkbox in New game: with no number typed, the new deal is one
        # the solver (the program behind Hint) has proven can be won.
        "ng-winnable-label": _("Winnable deals only"),
        "ng-winnable-help": _("Deals the solver has proven can be won."),
        # Translators: New game: a winnable classic deal of this grade (how hard it is).
        "ng-grade-label": _("Grade (Classic)"),
        "ng-grade-any": _("Any"),
        "ng-grade-easy": _("Easy"),
        "ng-grade-medium": _("Medium"),
        "ng-grade-hard": _("Hard"),
        "ng-grade-expert": _("Expert"),
        "ng-grade-help": _("A winnable deal of this grade, by how hard the solver found it."),
        # Translators: the daily deal: one winnable deal a day, the same for everyone.
        "daily-deal": _("Today's deal"),
        "daily-calendar": _("Daily calendar"),
        "stats-daily": _("Daily calendar"),
        "daily-title": pgettext("dialog title", "Daily deal"),
        "daily-note": _("Every day a new winnable deal, the same for everyone."),
        "daily-close": _("Close"),
        "daily-play": _("Play today's deal"),
        "ng-deal-label": _("Deal number"),
        "ng-deal-help": _("Leave empty for a random deal."),
        "ng-cancel": _("Cancel"),
        "ng-restart": _("Restart this deal"),
        "ng-lost": _("Where was it lost?"),
        "lost-title": _("Where was it lost?"),
        "lost-text": _(
            "To find the last position from which this deal could still be won, the solver "
            "looks at every card, the face-down ones too. Look?"
        ),
        "lost-cancel": _("Cancel"),
        "lost-look": _("Look"),
        "lost-back": _("Go back there"),
        "ng-start": _("Start"),
        "win-title": _("You won!"),
        "win-close": _("Close"),
        "win-stats": _("Statistics"),
        "win-new": pgettext("button", "New game"),
        "rules-title": pgettext("dialog title", "Rules"),
        "rules-close": _("Close"),
        # Translators: the timer on the table (shown when the Timer setting is on).
        "timer-name": _("Play time"),
        "win-score-label": _("Final score"),
        "stats-title": pgettext("dialog title", "Statistics"),
        "stats-note": _(
            "A game counts once its first move is made. Starting another before it is won "
            "counts as a loss; restarting a deal after undoing all its moves does not."
        ),
        "stats-assist-note": _(
            "A win with help (a hint, a solver's line watched, auto-finish) counts as a win, "
            "but not in the best figures or the averages, and it neither extends nor breaks a "
            "winning streak. A clean win is one where no undo took back a card turned face up "
            "(or the dealt reserve)."
        ),
        # Translators: the heading of the list of the last 100 games, in Statistics.
        "recent-title": _("Last games"),
        "recent-empty": _("No game has ended yet."),
        # Translators: a button in Statistics: a spreadsheet file of the statistics.
        "stats-export": _("Export as CSV"),
        "stats-reset": _("Reset statistics…"),
        "stats-close": _("Close"),
        "reset-title": _("Reset statistics?"),
        "reset-text": _("The statistics of both variants go back to zero. This cannot be undone."),
        "reset-cancel": _("Cancel"),
        "reset-confirm": pgettext("button", "Reset"),
        # Translators: asked when a link to another game is opened with a game in progress.
        "link-title": _("Play the link's game?"),
        "link-keep": _("Keep my game"),
        "link-play": _("Abandon and start"),
        "settings-title": pgettext("dialog title", "Settings"),
        "set-language-label": _("Language"),
        "set-interactive-rules-label": _("Interactive rules"),
        "set-interactive-rules-help": _("Say why a move is not allowed."),
        "set-four-colour-label": _("Four-colour deck"),
        "set-four-colour-help": _("Diamonds blue and clubs green, so every suit has its colour."),
        # Translators: Settings, a choice of the picture on the back of the cards.
        "set-back-legend": _("Card back"),
        "set-back-classic-label": pgettext("card back", "Red lattice"),
        "set-back-blue-label": pgettext("card back", "Blue rings"),
        "set-back-black-label": pgettext("card back", "Black diamonds"),
        # Translators: Settings, a choice of the colour of the table (the felt).
        "set-table-legend": _("Table colour"),
        "set-table-green-label": pgettext("table colour", "Green felt"),
        "set-table-blue-label": pgettext("table colour", "Blue"),
        "set-table-red-label": pgettext("table colour", "Burgundy"),
        "set-table-grey-label": pgettext("table colour", "Grey"),
        "set-animations-label": _("Animations"),
        "set-animations-help": _(
            "Cards glide into place. Always off when your system asks for reduced motion."
        ),
        "set-timer-label": _("Timer"),
        "set-timer-help": _("Show the time played on the table."),
        "set-offer-finish-label": _("Offer to finish"),
        "set-offer-finish-help": _(
            "Once every card is face up and the reserve is dealt, a Finish button plays a "
            "winning line to the end. The game counts as assisted."
        ),
        "data-title": _("Saved data"),
        "data-help": _(
            "Export them to a file to keep a copy or to move them to another browser. "
            "Importing a file replaces what is here, after asking; what it replaces is kept "
            "as a backup."
        ),
        "export": _("Export…"),
        "import": _("Import…"),
        "backups-title": _("Backups"),
        "backups-empty": _("No backups."),
        "data-dialog-cancel": _("Cancel"),
        "settings-close": _("Close"),
        # Translators: opens an unexpected error's details in the notice bar.
        "notice-more-label": _("Details"),
        "notice-copy": _("Copy details"),
        "notice-reload": pgettext("button", "Reload"),
        # Translators: a bar offering the new version of the app, downloaded and ready.
        "update-text": _("Update available."),
        "update-reload": pgettext("button", "Reload"),
        # Translators: the playback bar of a replay (a game played back move by move).
        "replay-take": _("Play from here"),
        "replay-close": _("Close replay"),
        "ng-share-game": _("Share this game"),
        "win-share": _("Share this game"),
        "ng-solver": _("Watch the solver…"),
        "solver-title": _("Watch the solver?"),
        "solver-text": _(
            "To find a way to win from here, the solver looks at every card, the face-down "
            "ones too, and its line shows them. The game is then marked as helped. Watch it?"
        ),
        "solver-cancel": _("Cancel"),
        "solver-watch": _("Watch"),
        # Translators: the chance to win judged after every move of the game, as the
        # hint judges it, with the moves where it fell most.
        "review-game": _("Review this game"),
        "win-review": _("Review this game"),
        # Translators: a button of the replay's bar: Review this game, kept short.
        "replay-review": pgettext("button", "Review"),
        "review-title": pgettext("dialog title", "Review this game"),
        "review-text": _(
            "Each position is judged as the hint judges it: from what you could see at the "
            "time, over arrangements of the face-down cards."
        ),
        "review-stop": pgettext("button", "Stop"),
        # Translators: resumes a review that was stopped.
        "review-resume": pgettext("button", "Go on"),
        "review-legend-chance": _("chance to win"),
        "review-legend-deal": _("reserve dealt"),
        "review-legend-removed": _("sequence removed"),
        "review-legend-mistake": pgettext("review", "mistake"),
        "review-mistakes-title": _("Mistakes"),
        "review-moves-title": _("Move by move"),
        "review-solver-text": _(
            "The solver looks at every card, the face-down ones too, to find the last "
            "position from which this deal could still be won. Its answer tells what you "
            "could not see. Ask it?"
        ),
        "review-solver": _("Where was it lost?…"),
        "review-solver-look": _("Ask the solver"),
        "review-close": _("Close"),
    }


def loading_texts() -> dict[str, str]:
    """What the loading pill says before Python runs, by step. Python never shows them:
    the build writes them into index.html in every language (tools/first_board.py), and the
    page picks one as the boot goes on (its language chosen as ``negotiate_language`` does).
    """
    return {
        "loading": _("Loading the game…"),
        # Translators: the loading pill on a first visit, while the game's files (about
        # 20 MB) arrive; {loaded} and {total} are numbers of megabytes such as 3.2.
        "download": _("Downloading the game: {loaded} of {total} MB"),
        # Translators: the loading pill once the files are in: Python, the language the
        # game is written in, starts in the page.
        "start": _("Starting the game…"),
        # Translators: the loading pill for the last moment before the game takes input.
        "ready": _("Almost ready…"),
    }


def static_labels() -> dict[tuple[str, str], str]:
    """(element id, attribute) -> text, for names that are not visible text."""
    return {
        # Translators: the page's description for search engines and link previews.
        ("description", "content"): _(
            "Scorpion solitaire in your browser: classic and relaxed deals, a daily deal, "
            "hints that never peek. Plays offline."
        ),
        ("tools", "aria-label"): _("Game"),
        ("tableau", "aria-label"): _("Columns"),
        ("notice-close", "aria-label"): _("Close"),
        ("update-close", "aria-label"): _("Not now"),
        ("ng-deal", "placeholder"): _("random"),
        ("ng-deal", "aria-label"): _("Deal number"),
        ("daily-prev", "aria-label"): _("Previous month"),
        ("daily-next", "aria-label"): _("Next month"),
        # Translators: shortcut hints shown as tooltips on the toolbar buttons.
        ("undo", "title"): _("Undo (U or Ctrl+Z)"),
        ("redo", "title"): _("Redo (Ctrl+Y)"),
        ("menu-redo", "title"): _("Redo (Ctrl+Y)"),
        ("menu-button", "title"): _("More: redo, share, rules, statistics, settings"),
        ("hint", "title"): _("Hint (H)"),
        ("new-game", "title"): _("New game (N)"),
        # Translators: the tooltip (and screen-reader description) of the reserve's pile.
        ("deal-reserve", "title"): _("Deal the reserve (D)"),
        ("share", "title"): _("Copy a link to this deal"),
        ("rules", "title"): _("How to play"),
        ("stats", "title"): _("Games played and won, best results"),
        ("settings-button", "title"): _("Language, display, timer, saved data"),
        ("replay-bar", "aria-label"): _("Replay"),
        ("replay-back", "aria-label"): _("Step back"),
        ("replay-back", "title"): _("Step back (Left arrow)"),
        ("replay-forward", "aria-label"): _("Step forward"),
        ("replay-forward", "title"): _("Step forward (Right arrow)"),
        ("replay-play", "title"): _("Play or pause (Space)"),
        ("replay-speed", "title"): _("Speed (S)"),
        ("replay-close", "title"): _("Close replay (Escape)"),
    }


def link_text(linked: Linked, counted: bool) -> str:
    """What the link would deal, and what that costs the game in progress (``counted``:
    it counts in the statistics, as a loss if left)."""
    name = variant(linked.variant)
    if linked.deck is not None:
        what = _("The link deals a shared deck ({variant}).").format(variant=name)
    elif linked.deal is not None:
        what = _("The link deals deal {number} ({variant}).").format(
            number=linked.deal, variant=name
        )
    else:
        what = _("The link starts a new game ({variant}).").format(variant=name)
    if counted:
        return what + " " + _("The game in progress will be abandoned and counted as lost.")
    return what + " " + _("The game in progress will be abandoned.")


def problem_text(problem: str) -> str:
    """A notice for something that could not be read, by its code."""
    texts = {
        "corrupt": _("Your saved game could not be read, so a new game has started."),
        "newer": _(
            "Your saved game was made by a newer version of Scorpion, so a new game has started."
        ),
        "game": _("Your saved game could not be read, so a new game has started."),
        "long": _(
            "Your saved game is longer than any real game (over 5,000 actions), so it was "
            "not loaded and a new game has started; your statistics and settings are kept."
        ),
        "revision": _(
            "Part of your saved data could not be read; your game, statistics and settings "
            "were restored."
        ),
        "settings": _("Some settings could not be read and are back to their defaults."),
        "stats": _("Your statistics could not be read and start again from zero."),
        "recent": _(
            "Some of your last games could not be read and were left out of the list; the "
            "rest of your statistics were kept."
        ),
        "deal": _("The link's deal number is not valid (1 to 2147483647)."),
        "deck": _("The link's deck is not valid: it needs the 52 cards, each once."),
        "variant": _("The link's rules variant is unknown; Classic is used."),
        "lang": _("The link asks for a language Scorpion does not have."),
        "storage": _("This browser does not let Scorpion save: the game will not be kept."),
        "quota": _(
            "The browser's storage is full, so the game cannot be saved. It goes on, but "
            "closing the page loses it: Settings can export it, and delete backups to make "
            "room."
        ),
    }
    return texts.get(problem, _("Something went wrong; the game goes on."))


def replay_problem_text(reason: str) -> str:
    """A replay link that cannot be watched (``scorpion.replay.ReplayError.reason``)."""
    why = {
        "long": _("it is far longer than any game"),
        "version": _("it was made by another version of Scorpion"),
        "checksum": _("it was changed or cut short"),
    }.get(reason, _("it is not a replay Scorpion can read"))
    # Translators: {why} is one of the reasons above, e.g. "it was changed or cut short".
    return _("This replay link cannot be played: {why}. Your own game is as you left it.").format(
        why=why
    )


def kept_text() -> str:
    """Said after a problem's notice when the saved text was kept as a backup."""
    return _("A copy of the saved data as it was is kept in Settings, under Saved data.")
