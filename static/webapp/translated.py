"""The interface's words in the current language: gettext helpers and the game in translated.

Everything the player reads or hears goes through here, so switching language is one
call (``set_language``) and one repaint. Messages are written out at the call site
(``_("Undo")``) so ``tools/i18n.py extract`` finds them; never translate at import time.
"""

from __future__ import annotations

import gettext

from scorpion import wording as words_of_game
from scorpion.game import Game, Played
from scorpion.i18n import DEFAULT_LANGUAGE, LANGUAGES, translations
from scorpion.moves import Action

_state = {"lang": DEFAULT_LANGUAGE}


def set_language(lang: str) -> None:
    _state["lang"] = lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def language() -> str:
    return _state["lang"]


def _catalog() -> gettext.NullTranslations:
    try:
        return translations(_state["lang"])
    except (OSError, ValueError) as error:  # a missing catalog is a build bug: say so once
        print(f"scorpion: no catalog for {_state['lang']}: {error}")
        return gettext.NullTranslations()


def _(message: str) -> str:
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalog().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _catalog().pgettext(context, message)


# --- the game in words (the i18n module's functions, in the current language) ----------


def board(game: Game) -> str:
    return words_of_game.describe(game, _state["lang"])


def card(game: Game, card_code: str) -> str:
    return words_of_game.card_label(game, card_code, _state["lang"])


def card_name(card_code: str) -> str:
    """Just the card: "4 of hearts"."""
    return words_of_game.card_name(card_code, _state["lang"])


def column(game: Game, index: int) -> str:
    return words_of_game.column_label(game, index, _state["lang"])


def reserve(game: Game) -> str:
    return words_of_game.reserve_label(game, _state["lang"])


def place(game: Game, index: int) -> str:
    return words_of_game.sequence_place_label(game, index, _state["lang"])


def variant(name: str) -> str:
    return words_of_game.variant_name(name, _state["lang"])


def refusal(reason: str) -> str:
    return words_of_game.refusal_message(reason, _state["lang"])


def before_move(game: Game, move: Action) -> str:
    """The phrase for ``move``, taken before it is played (it names where it lands)."""
    return words_of_game.describe_move(game, move, _state["lang"], long_names=True)


def after_move(game: Game, played: Played, before: str) -> str:
    """The whole announcement of a move once played: the move, then what it triggered."""
    lang = _state["lang"]
    phrases = words_of_game.describe_played(game, played, lang, long_names=True)
    return words_of_game.sentences([before, *phrases], lang)
