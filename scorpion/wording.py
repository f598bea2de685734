"""The game in words, in every interface language: card names, the whole board, moves
and what they triggered, refusals, and the labels of the screen-reader mode.

Every function takes the language (``"en"``, ``"sv"``, ``"de"`` or ``"zh-TW"``) and
reads the compiled catalogs through ``scorpion.i18n``. Column and place arguments are
indices from 0, like the engine's; the texts count from 1.

Announcing a move (the hint and the screen reader use the same phrases)::

    before = describe_move(game, move, lang)   # in the position where it is played
    played = game.play(move)
    text = sentences([before, *describe_played(game, played, lang)], lang)

``describe_move`` and ``describe_played`` return phrases without final punctuation;
``sentences`` makes sentences of them with the language's punctuation.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from gettext import GNUTranslations
from typing import Final

from .cards import ACE, FULL_DECK, KING, is_card, rank, suit
from .game import Game, Played
from .i18n import translations
from .moves import Action, Deal, Refusal

SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JACK: Final = 11
QUEEN: Final = 12
SEQUENCE_PLACES: Final = 4
#: A move names the cards it carries along up to this many, and counts them beyond.
MAX_NAMED_CARRIED: Final = 4

#: CJK characters: a space between two of them is left over when a card name written
#: with characters ("紅心 4") fills a slot spaced for one written with a digit ("4♥").
#: (Not a regular expression: compiling one with these ranges is slow in WebAssembly,
#: and it would be on the page's boot path.)
_CJK_RANGES: Final = (("\u2e80", "\u9fff"), ("\uf900", "\ufaff"), ("\uff00", "\uffef"))

#: Every reason code ``IllegalMove`` can carry, in a fixed order.
REFUSAL_REASONS: Final = tuple(Refusal)


# --- cards and other names -----------------------------------------------------------


@functools.cache
def _suit_names(lang: str) -> dict[str, str]:
    t = translations(lang)
    return {
        # Translators: a suit, as in card names ("jack of hearts") and in lists of suits.
        "S": t.pgettext("suit", "spades"),
        "H": t.pgettext("suit", "hearts"),
        "D": t.pgettext("suit", "diamonds"),
        "C": t.pgettext("suit", "clubs"),
    }


@functools.cache
def _long_names(lang: str) -> dict[str, str]:
    t = translations(lang)
    templates = {
        ACE: t.pgettext("card name", "ace of {suit}"),
        JACK: t.pgettext("card name", "jack of {suit}"),
        QUEEN: t.pgettext("card name", "queen of {suit}"),
        KING: t.pgettext("card name", "king of {suit}"),
    }
    # Translators: a card from 2 to 10: {rank} is the number, {suit} a suit name.
    numbered = t.pgettext("card name", "{rank} of {suit}")
    suits = _suit_names(lang)
    return {
        card: templates.get(rank(card), numbered).format(rank=rank(card), suit=suits[suit(card)])
        for card in FULL_DECK
    }


@functools.cache
def _short_names(lang: str) -> dict[str, str]:
    t = translations(lang)
    letters = {
        # Translators: the rank letter printed on the app's cards, as in "A♠": keep
        # A, J, Q and K as long as the card pictures show them.
        ACE: t.pgettext("short rank", "A"),
        JACK: t.pgettext("short rank", "J"),
        QUEEN: t.pgettext("short rank", "Q"),
        KING: t.pgettext("short rank", "K"),
    }
    return {
        card: letters.get(rank(card), str(rank(card))) + SUIT_SYMBOLS[suit(card)]
        for card in FULL_DECK
    }


def _check_card(card: str) -> str:
    if not is_card(card):
        raise ValueError(f"not a card: {card!r}")
    return card


def card_name(card: str, lang: str) -> str:
    """The card in words: "jack of hearts", sv "hjärter knekt", de "Herz-Bube", zh "紅心 J"."""
    return _long_names(lang)[_check_card(card)]


def card_short(card: str, lang: str) -> str:
    """The card as its corner shows it: "J♥", "10♥", "A♠" (the card pictures' letters)."""
    return _short_names(lang)[_check_card(card)]


def suit_name(suit_letter: str, lang: str) -> str:
    """The name of a suit (``"S"``, ``"H"``, ``"D"`` or ``"C"``): "hearts", "hjärter", ..."""
    names = _suit_names(lang)
    if suit_letter not in names:
        raise ValueError(f"not a suit: {suit_letter!r} (use S, H, D or C)")
    return names[suit_letter]


def variant_name(variant: str, lang: str) -> str:
    """The name of a rules variant: Classic / Relaxed, Klassisk / Friare, ..."""
    t = translations(lang)
    names = {
        # Translators: the name of the standard rules (the default), in the New game window.
        "classic": t.pgettext("variant", "Classic"),
        # Translators: the name of the variant where any suit may go on the next rank.
        "relaxed": t.pgettext("variant", "Relaxed"),
    }
    if variant not in names:
        raise ValueError(f"unknown variant {variant!r}: use 'classic' or 'relaxed'")
    return names[variant]


def score_label(score: int, lang: str) -> str:
    """ "Score: 105", "Poäng: 105", ..."""
    return translations(lang).pgettext("label", "Score: {score}").format(score=score)


def _name(card: str, lang: str, long_names: bool) -> str:
    return card_name(card, lang) if long_names else card_short(card, lang)


def _list(t: GNUTranslations, items: Iterable[str]) -> str:
    """Items in a plain list: "a, b, c" (zh "a、b、c")."""
    # Translators: what separates the items of a list, as in "3 of diamonds, jack of hearts".
    return t.pgettext("list separator", ", ").join(items)


def _and_list(t: GNUTranslations, items: Sequence[str]) -> str:
    """Items in a list ending with "and": "a, b and c"."""
    if len(items) < 2:
        return _list(t, items)
    # Translators: the end of a list: {items} are the first items, {last} the last one.
    return t.pgettext("list", "{items} and {last}").format(
        items=_list(t, items[:-1]), last=items[-1]
    )


def _face_down(t: GNUTranslations, count: int) -> str:
    return t.ngettext("{count} face-down card", "{count} face-down cards", count).format(
        count=count
    )


# --- the board --------------------------------------------------------------------------


def _reserve_state(t: GNUTranslations, game: Game) -> str:
    if game.reserve:
        return _face_down(t, len(game.reserve))
    # Translators: the state of the reserve once its 3 cards are dealt.
    return t.pgettext("reserve", "dealt")


def _removed(t: GNUTranslations, lang: str, game: Game) -> str:
    removed = game.removed
    if not removed:
        return t.pgettext("board", "no sequence removed")
    # Translators: {suits} lists the suits of the removed sequences, e.g. "hearts, spades".
    return t.npgettext(
        "board",
        "{count} sequence removed ({suits})",
        "{count} sequences removed ({suits})",
        len(removed),
    ).format(count=len(removed), suits=_list(t, (suit_name(s, lang) for s in removed)))


def _column(t: GNUTranslations, lang: str, game: Game, column: int) -> str:
    hidden = game.hidden_count(column)
    cards = _list(t, (card_name(card, lang) for card in game.face_up(column)))
    number = column + 1
    if hidden and cards:
        # Translators: {hidden} is "3 face-down cards", {cards} the face-up cards above them.
        return t.pgettext("board", "column {column}: {hidden}, then {cards}").format(
            column=number, hidden=_face_down(t, hidden), cards=cards
        )
    if hidden or cards:
        return t.pgettext("board", "column {column}: {cards}").format(
            column=number, cards=cards or _face_down(t, hidden)
        )
    return t.pgettext("board", "column {column}: empty").format(column=number)


def describe(game: Game, lang: str) -> str:
    """The whole board in words, as the rules page writes it.

    "reserve: 3 face-down cards; no sequence removed. column 1: 3 face-down cards,
    then 3 of diamonds, jack of hearts, 10 of hearts, 3 of spades; column 2: ... ."
    Each column goes from the bottom card to the top one.
    """
    t = translations(lang)
    reserve = t.pgettext("board", "reserve: {state}").format(state=_reserve_state(t, game))
    columns = [_column(t, lang, game, column) for column in range(len(game.columns))]
    # Translators: what separates the columns in the board description.
    separator = t.pgettext("board", "; ")
    # Translators: the whole board: {reserve} is "reserve: 3 face-down cards", {removed}
    # "no sequence removed", {columns} the 7 columns.
    return t.pgettext("board", "{reserve}; {removed}. {columns}.").format(
        reserve=reserve, removed=_removed(t, lang, game), columns=separator.join(columns)
    )


# --- moves ------------------------------------------------------------------------------


def describe_move(game: Game, move: Action, lang: str, *, long_names: bool = False) -> str:
    """The phrase announcing ``move``, from the position where it is about to be played.

    "4♥ from column 2 onto 5♥ in column 7, with 7♠"; "K♠ from column 3 to empty column 5";
    "Reserve to columns 1, 2 and 3". Up to 4 cards carried along are named, more are
    counted ("with 7 cards on top"). ``long_names`` writes "4 of hearts" instead of "4♥"
    (better for speech). Raises ValueError if the card is not face up on the table.
    """
    t = translations(lang)
    if isinstance(move, Deal):
        return t.pgettext("move", "Reserve to columns 1, 2 and 3")
    where = game.locate(move.card)
    if where is None:
        raise ValueError(f"{move.card} is not a face-up card on the table")
    source, index = where
    carried = [card for card, _ in game.columns[source][index + 1 :]]
    target = game.columns[move.to]
    card = _name(move.card, lang, long_names)
    if target:
        text = t.pgettext("move", "{card} from column {source} onto {target} in column {column}")
        text = text.format(
            card=card,
            source=source + 1,
            target=_name(target[-1][0], lang, long_names),
            column=move.to + 1,
        )
    else:
        text = t.pgettext("move", "{card} from column {source} to empty column {column}")
        text = text.format(card=card, source=source + 1, column=move.to + 1)
    if len(carried) > MAX_NAMED_CARRIED:
        # Translators: {move} is the move; {count} cards lying on the card move with it.
        text = t.npgettext(
            "move",
            "{move}, with {count} card on top",
            "{move}, with {count} cards on top",
            len(carried),
        ).format(move=text, count=len(carried))
    elif carried:
        # Translators: {move} is the move, {cards} the cards carried along on top of the card.
        text = t.pgettext("move", "{move}, with {cards}").format(
            move=text, cards=_and_list(t, [_name(c, lang, long_names) for c in carried])
        )
    return _tidy(text)


def _is_cjk(char: str) -> bool:
    return any(low <= char <= high for low, high in _CJK_RANGES)


def _tidy(text: str) -> str:
    """``text`` without the single spaces that stand between two CJK characters.

    >>> _tidy("紅心 4 移到 第 3 列"), _tidy("紅心 A 紅心"), _tidy("4 of hearts")
    ('紅心 4 移到第 3 列', '紅心 A 紅心', '4 of hearts')
    """
    parts = text.split(" ")
    kept = [parts[0]]
    for before, after in itertools.pairwise(parts):
        if before and after and _is_cjk(before[-1]) and _is_cjk(after[0]):
            kept[-1] += after
        else:
            kept.append(after)
    return " ".join(kept)


def describe_played(
    game: Game, played: Played, lang: str, *, long_names: bool = False
) -> list[str]:
    """Phrases for what a move did beyond moving: the cards dealt from the reserve,
    each sequence removed, each card turned face up, and the win.

    ``game`` is the game after the move, ``played`` what ``game.play`` returned.
    The list is empty for a move that triggered nothing.
    """
    t = translations(lang)
    phrases: list[str] = []
    if isinstance(played.move, Deal):
        dealt = [
            # Translators: one card of the reserve dealt, as in "2♣ onto column 1, 9♦ onto
            # column 2 and 7♣ onto column 3".
            t.pgettext("played", "{card} onto column {column}").format(
                card=_name(card, lang, long_names), column=column + 1
            )
            for column, card in enumerate(played.cards)
        ]
        phrases.append(_and_list(t, dealt))
    for column, removed_suit in played.removed:
        # Translators: a complete sequence (King to Ace) of the suit {suit} leaves the game.
        text = t.pgettext("played", "Sequence of {suit} removed from column {column}")
        phrases.append(text.format(suit=suit_name(removed_suit, lang), column=column + 1))
    for column, card in played.turned:
        text = t.pgettext("played", "{card} turned face up in column {column}")
        phrases.append(text.format(card=_name(card, lang, long_names), column=column + 1))
    if game.won and played.removed:
        text = t.npgettext(
            "played", "Game won with {score} point", "Game won with {score} points", game.score
        )
        phrases.append(text.format(score=game.score))
    return [_tidy(phrase) for phrase in phrases]


def sentences(phrases: Iterable[str], lang: str) -> str:
    """The phrases as sentences, each starting with a capital letter: "A. B." in English,
    "A。B。" in Chinese."""
    t = translations(lang)
    text = ""
    for phrase in phrases:
        # Translators: a whole sentence: add the full stop your language uses.
        sentence = t.pgettext("sentence", "{sentence}.").format(
            sentence=phrase[:1].upper() + phrase[1:]
        )
        # Translators: two sentences one after the other (no space in Chinese).
        text = (
            t.pgettext("sentence", "{first} {second}").format(first=text, second=sentence)
            if text
            else sentence
        )
    return text


def refusal_message(reason: str, lang: str) -> str:
    """Why the rules refuse a move, for each ``IllegalMove.reason`` code."""
    t = translations(lang)
    messages = {
        Refusal.NOT_IN_PLAY: t.gettext("Only a face-up card on the table can be moved"),
        Refusal.SAME_COLUMN: t.gettext("The card is already in that column"),
        Refusal.KING_ONLY: t.gettext("Only a King can go onto an empty column"),
        Refusal.ONTO_ACE: t.gettext("Nothing can go onto an ace"),
        Refusal.RANK: t.gettext("A card must go onto a card one rank higher"),
        Refusal.SAME_SUIT: t.gettext("Rule: the cards must be of the same suit"),
        Refusal.RESERVE_DEALT: t.gettext("The reserve has already been dealt"),
        Refusal.TOO_LONG: t.gettext(
            "This game has reached 5,000 actions, the most one game keeps: undo, or start "
            "a new game"
        ),
    }
    if reason not in REFUSAL_REASONS:
        raise ValueError(f"unknown refusal reason {reason!r}: use one of {REFUSAL_REASONS}")
    return messages[Refusal(reason)]


# --- accessible labels -----------------------------------------------------------------


def _label(t: GNUTranslations, parts: Iterable[str]) -> str:
    # Translators: what separates the parts of a screen-reader label ("column 3, empty").
    return t.pgettext("label separator", ", ").join(parts)


def _column_name(t: GNUTranslations, column: int) -> str:
    return t.pgettext("label", "column {column}").format(column=column + 1)


def card_label(game: Game, card: str, lang: str) -> str:
    """The label of a face-up card on the table.

    "jack of hearts, column 1, 2 cards on top, 3 face-down cards below";
    "5 of hearts, column 7, top card". ValueError if the card is not face up there.
    """
    t = translations(lang)
    where = game.locate(_check_card(card))
    if where is None:
        raise ValueError(f"{card} is not a face-up card on the table")
    column, index = where
    above = len(game.columns[column]) - index - 1
    parts = [card_name(card, lang), _column_name(t, column)]
    if above:
        text = t.npgettext("label", "{count} card on top", "{count} cards on top", above)
        parts.append(text.format(count=above))
    else:
        parts.append(t.pgettext("label", "top card"))
    hidden = game.hidden_count(column)
    if hidden:
        text = t.npgettext(
            "label", "{count} face-down card below", "{count} face-down cards below", hidden
        )
        parts.append(text.format(count=hidden))
    return _label(t, parts)


def column_label(game: Game, column: int, lang: str) -> str:
    """The label of a column (index 0-6).

    "column 3, empty"; "column 1, 7 cards, 3 of them face down, top: 3 of spades".
    """
    t = translations(lang)
    cards = game.columns[column]
    parts = [_column_name(t, column)]
    if not cards:
        # Translators: an empty column.
        parts.append(t.pgettext("label", "empty"))
        return _label(t, parts)
    parts.append(
        t.npgettext("label", "{count} card", "{count} cards", len(cards)).format(count=len(cards))
    )
    hidden = game.hidden_count(column)
    if hidden:
        text = t.npgettext(
            "label", "{count} of them face down", "{count} of them face down", hidden
        )
        parts.append(text.format(count=hidden))
    top, face_up = cards[-1]
    if face_up:
        parts.append(t.pgettext("label", "top: {card}").format(card=card_name(top, lang)))
    return _label(t, parts)


def reserve_label(game: Game, lang: str) -> str:
    """The label of the reserve: "reserve, 3 face-down cards" or "reserve, dealt"."""
    t = translations(lang)
    return _label(t, [t.pgettext("label", "reserve"), _reserve_state(t, game)])


def removed_label(game: Game, lang: str) -> str:
    """The label of the removed sequences as a whole: "no sequence removed",
    "2 sequences removed (hearts, spades)"."""
    t = translations(lang)
    return _removed(t, lang, game)


def sequence_place_label(game: Game, place: int, lang: str) -> str:
    """The label of one of the 4 places for removed sequences (index 0-3), filled in
    removal order: "sequence place 1, hearts" or "sequence place 2, empty"."""
    if not 0 <= place < SEQUENCE_PLACES:
        raise ValueError(f"sequence places are 0-3, not {place!r}")
    t = translations(lang)
    # Translators: one of the 4 places where complete sequences are put.
    parts = [t.pgettext("label", "sequence place {place}").format(place=place + 1)]
    removed = game.removed
    if place < len(removed):
        parts.append(suit_name(removed[place], lang))
    else:
        parts.append(t.pgettext("label", "empty"))
    return _label(t, parts)
