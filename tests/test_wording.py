"""The game in words (scorpion/wording.py): the seeds' board texts letter for letter,
everything the seeds do not show pinned in the four languages, moves, refusals, labels."""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import make_game, seed_deal

from scorpion import DEAL, FULL_DECK, Game, IllegalMove, Move
from scorpion.i18n import LANGUAGES
from scorpion.wording import (
    REFUSAL_REASONS,
    card_label,
    card_name,
    card_short,
    column_label,
    describe,
    describe_move,
    describe_played,
    refusal_message,
    removed_label,
    reserve_label,
    score_label,
    sentences,
    sequence_place_label,
    suit_name,
    variant_name,
)

SEEDS = Path(__file__).parent / "fixtures" / "seeds"
#: How each seed's board paragraphs begin.
BOARD_START = {"sv": "reserv: ", "de": "Vorrat: ", "zh-TW": "備用牌："}
DEAL_DATA = seed_deal()
LINE = [Move.parse(text) for text in DEAL_DATA["winning_line"]]


def seed_boards(lang: str) -> list[str]:
    lines = (SEEDS / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.startswith(BOARD_START[lang])]


def after(moves: int) -> Game:
    """The seed deal after the first ``moves`` actions of its winning line."""
    game = Game.from_deck(DEAL_DATA["deck"])
    game.play_line(LINE[:moves])
    return game


def by_lang(*texts: str) -> dict[str, str]:
    return dict(zip(LANGUAGES, texts, strict=True))


# --- the seeds, letter for letter -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["sv", "de", "zh-TW"])
def test_the_seeds_have_two_board_paragraphs(lang):
    assert len(seed_boards(lang)) == 2


@pytest.mark.parametrize("lang", ["sv", "de", "zh-TW"])
def test_the_deal_reads_as_in_the_seeds(lang):
    assert describe(after(0), lang) == seed_boards(lang)[0]


@pytest.mark.parametrize("lang", ["sv", "de", "zh-TW"])
def test_the_example_move_reads_as_in_the_seeds(lang):
    game = after(0)
    game.play(Move.parse("4H>7"))
    assert describe(game, lang) == seed_boards(lang)[1]


def test_the_deal_in_english():
    assert describe(after(0), "en") == (
        "reserve: 3 face-down cards; no sequence removed. "
        "column 1: 3 face-down cards, then 3 of diamonds, jack of hearts, 10 of hearts, "
        "3 of spades; "
        "column 2: 3 face-down cards, then queen of hearts, 3 of clubs, 4 of hearts, 7 of spades; "
        "column 3: 3 face-down cards, then ace of spades, 7 of diamonds, 7 of hearts, 3 of hearts; "
        "column 4: 3 face-down cards, then king of diamonds, 8 of hearts, 7 of clubs, 9 of spades; "
        "column 5: 6 of hearts, 8 of clubs, jack of spades, 4 of clubs, 9 of clubs, "
        "8 of diamonds, 5 of clubs; "
        "column 6: 6 of diamonds, queen of clubs, king of hearts, 4 of diamonds, king of spades, "
        "9 of hearts, jack of clubs; "
        "column 7: ace of diamonds, queen of diamonds, 9 of diamonds, 6 of spades, 2 of hearts, "
        "10 of diamonds, 5 of hearts."
    )


# --- what the seeds do not show -------------------------------------------------------------

#: Reserve dealt, one sequence removed, 1, 2 and 3 face-down cards, empty columns.
MIDGAME = ("#5D KS QS", "#2C #3C 9S", "#4D #6D #7D JC", "", "AD", "TS", "")

MIDGAME_TEXT = by_lang(
    "reserve: dealt; 1 sequence removed (hearts). "
    "column 1: 1 face-down card, then king of spades, queen of spades; "
    "column 2: 2 face-down cards, then 9 of spades; "
    "column 3: 3 face-down cards, then jack of clubs; column 4: empty; "
    "column 5: ace of diamonds; column 6: 10 of spades; column 7: empty.",
    "reserv: utdelad; 1 sekvens borttagen (hjärter). "
    "kolumn 1: 1 dolt kort, sedan spader kung, spader dam; "
    "kolumn 2: 2 dolda kort, sedan spader 9; "
    "kolumn 3: 3 dolda kort, sedan klöver knekt; kolumn 4: tom; "
    "kolumn 5: ruter ess; kolumn 6: spader 10; kolumn 7: tom.",
    "Vorrat: ausgeteilt; 1 Folge entfernt (Herz). "
    "Spalte 1: 1 verdeckte Karte, dann Pik-König, Pik-Dame; "
    "Spalte 2: 2 verdeckte Karten, dann Pik 9; "
    "Spalte 3: 3 verdeckte Karten, dann Kreuz-Bube; Spalte 4: leer; "
    "Spalte 5: Karo-Ass; Spalte 6: Pik 10; Spalte 7: leer.",
    "備用牌：已發出；已移除 1 組完整牌序（紅心）。"
    "第 1 列：1 張暗牌，接著是黑桃 K、黑桃 Q；"
    "第 2 列：2 張暗牌，接著是黑桃 9；"
    "第 3 列：3 張暗牌，接著是梅花 J；第 4 列：空；"
    "第 5 列：方塊 A；第 6 列：黑桃 10；第 7 列：空。",
)

WON_TEXT = by_lang(
    "reserve: dealt; 4 sequences removed (hearts, spades, diamonds, clubs). column 1: empty; "
    "column 2: empty; column 3: empty; column 4: empty; column 5: empty; column 6: empty; "
    "column 7: empty.",
    "reserv: utdelad; 4 sekvenser borttagna (hjärter, spader, ruter, klöver). kolumn 1: tom; "
    "kolumn 2: tom; kolumn 3: tom; kolumn 4: tom; kolumn 5: tom; kolumn 6: tom; kolumn 7: tom.",
    "Vorrat: ausgeteilt; 4 Folgen entfernt (Herz, Pik, Karo, Kreuz). Spalte 1: leer; "
    "Spalte 2: leer; Spalte 3: leer; Spalte 4: leer; Spalte 5: leer; Spalte 6: leer; "
    "Spalte 7: leer.",
    "備用牌：已發出；已移除 4 組完整牌序（紅心、黑桃、方塊、梅花）。第 1 列：空；第 2 列：空；"
    "第 3 列：空；第 4 列：空；第 5 列：空；第 6 列：空；第 7 列：空。",
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dealt_reserve_removed_sequence_face_down_counts_and_empty_columns(lang):
    assert describe(make_game(*MIDGAME, removed="H"), lang) == MIDGAME_TEXT[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_won_game(lang):
    assert describe(make_game(removed="HSDC"), lang) == WON_TEXT[lang]


REMOVED = {
    "": by_lang(
        "no sequence removed",
        "ingen sekvens borttagen",
        "keine Folge entfernt",
        "尚未移除任何完整牌序",
    ),
    "H": by_lang(
        "1 sequence removed (hearts)",
        "1 sekvens borttagen (hjärter)",
        "1 Folge entfernt (Herz)",
        "已移除 1 組完整牌序（紅心）",
    ),
    "HS": by_lang(
        "2 sequences removed (hearts, spades)",
        "2 sekvenser borttagna (hjärter, spader)",
        "2 Folgen entfernt (Herz, Pik)",
        "已移除 2 組完整牌序（紅心、黑桃）",
    ),
    "CDS": by_lang(
        "3 sequences removed (clubs, diamonds, spades)",
        "3 sekvenser borttagna (klöver, ruter, spader)",
        "3 Folgen entfernt (Kreuz, Karo, Pik)",
        "已移除 3 組完整牌序（梅花、方塊、黑桃）",
    ),
    "DHCS": by_lang(
        "4 sequences removed (diamonds, hearts, clubs, spades)",
        "4 sekvenser borttagna (ruter, hjärter, klöver, spader)",
        "4 Folgen entfernt (Karo, Herz, Kreuz, Pik)",
        "已移除 4 組完整牌序（方塊、紅心、梅花、黑桃）",
    ),
}


@pytest.mark.parametrize("removed", list(REMOVED))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_removed_sequences_in_removal_order(removed, lang):
    game = make_game(removed=removed, reserve="2D 3D 4D" if "D" not in removed else "")
    expected = REMOVED[removed][lang]
    assert removed_label(game, lang) == expected
    board = describe(game, lang)
    assert expected in board
    assert board.startswith(
        {"en": "reserve: ", "sv": "reserv: ", "de": "Vorrat: ", "zh-TW": "備用牌："}[lang]
    )


@pytest.mark.parametrize(
    ("lang", "dealt", "waiting"),
    [
        ("en", "reserve: dealt", "reserve: 3 face-down cards"),
        ("sv", "reserv: utdelad", "reserv: 3 dolda kort"),
        ("de", "Vorrat: ausgeteilt", "Vorrat: 3 verdeckte Karten"),
        ("zh-TW", "備用牌：已發出", "備用牌：3 張暗牌"),
    ],
)
def test_the_reserve_before_and_after_the_deal(lang, dealt, waiting):
    game = after(8)
    assert describe(game, lang).startswith(waiting)
    game.play(DEAL)
    assert describe(game, lang).startswith(dealt)


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "column 2: 1 face-down card, then ", "column 3: 2 face-down cards, then "),
        ("sv", "kolumn 2: 1 dolt kort, sedan ", "kolumn 3: 2 dolda kort, sedan "),
        ("de", "Spalte 2: 1 verdeckte Karte, dann ", "Spalte 3: 2 verdeckte Karten, dann "),
        ("zh-TW", "第 2 列：1 張暗牌，接著是", "第 3 列：2 張暗牌，接著是"),
    ],
)
def test_face_down_counts_in_real_play(lang, one, two):
    # After move 13 of the winning line, column 2 has 1 face-down card and column 3 has 2.
    text = describe(after(13), lang)
    assert one in text and two in text


def test_every_column_is_described_in_every_position_of_the_winning_line():
    game = after(0)
    for move in LINE:
        game.play(move)
        for lang in LANGUAGES:
            text = describe(game, lang)
            for column in range(7):
                number = {"zh-TW": f"第 {column + 1} 列："}.get(lang, f" {column + 1}: ")
                assert number in text


# --- card names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "names"),
    [
        ("JH", by_lang("jack of hearts", "hjärter knekt", "Herz-Bube", "紅心 J")),
        ("AS", by_lang("ace of spades", "spader ess", "Pik-Ass", "黑桃 A")),
        ("KD", by_lang("king of diamonds", "ruter kung", "Karo-König", "方塊 K")),
        ("QC", by_lang("queen of clubs", "klöver dam", "Kreuz-Dame", "梅花 Q")),
        ("TH", by_lang("10 of hearts", "hjärter 10", "Herz 10", "紅心 10")),
        ("2C", by_lang("2 of clubs", "klöver 2", "Kreuz 2", "梅花 2")),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_names(card, names, lang):
    assert card_name(card, lang) == names[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_short_names_use_the_card_pictures_letters(lang):
    assert [card_short(card, lang) for card in ("AS", "TH", "JH", "QC", "KD", "4H")] == [
        "A♠",
        "10♥",
        "J♥",
        "Q♣",
        "K♦",
        "4♥",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_52_names_differ(lang):
    assert len({card_name(card, lang) for card in FULL_DECK}) == 52
    assert len({card_short(card, lang) for card in FULL_DECK}) == 52


@pytest.mark.parametrize(
    ("lang", "suits"),
    [
        ("en", ["spades", "hearts", "diamonds", "clubs"]),
        ("sv", ["spader", "hjärter", "ruter", "klöver"]),
        ("de", ["Pik", "Herz", "Karo", "Kreuz"]),
        ("zh-TW", ["黑桃", "紅心", "方塊", "梅花"]),
    ],
)
def test_suit_names(lang, suits):
    assert [suit_name(s, lang) for s in "SHDC"] == suits


def test_bad_cards_and_suits_are_errors():
    with pytest.raises(ValueError, match="not a card"):
        card_name("1H", "en")
    with pytest.raises(ValueError, match="not a card"):
        card_short("th", "sv")
    with pytest.raises(ValueError, match="not a suit"):
        suit_name("X", "de")


@pytest.mark.parametrize(
    ("lang", "classic", "relaxed"),
    [
        ("en", "Classic", "Relaxed"),
        ("sv", "Klassisk", "Friare"),
        ("de", "Klassisch", "Locker"),
        ("zh-TW", "經典", "寬鬆"),
    ],
)
def test_variant_names(lang, classic, relaxed):
    assert (variant_name("classic", lang), variant_name("relaxed", lang)) == (classic, relaxed)


def test_unknown_variant():
    with pytest.raises(ValueError, match="unknown variant"):
        variant_name("wasp", "en")


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "Score: 105"), ("sv", "Poäng: 105"), ("de", "Punkte: 105"), ("zh-TW", "分數：105")],
)
def test_score_label(lang, text):
    assert score_label(105, lang) == text


# --- moves ----------------------------------------------------------------------------------

MOVES = [
    # (moves played first, the move, its phrase in each language)
    (
        0,
        "4H>7",
        by_lang(
            "4♥ from column 2 onto 5♥ in column 7, with 7♠",
            "4♥ från kolumn 2 till 5♥ i kolumn 7, med 7♠",
            "4♥ aus Spalte 2 auf 5♥ in Spalte 7, mit 7♠",
            "第 2 列的 4♥ 移到第 7 列的 5♥ 上，同時帶走 7♠",
        ),
    ),
    (
        1,
        "2H>3",
        by_lang(
            "2♥ from column 7 onto 3♥ in column 3, with 10♦, 5♥, 4♥ and 7♠",
            "2♥ från kolumn 7 till 3♥ i kolumn 3, med 10♦, 5♥, 4♥ och 7♠",
            "2♥ aus Spalte 7 auf 3♥ in Spalte 3, mit 10♦, 5♥, 4♥ und 7♠",
            "第 7 列的 2♥ 移到第 3 列的 3♥ 上，同時帶走 10♦、5♥、4♥、7♠",
        ),
    ),
    (
        2,
        "6S>3",
        by_lang(
            "6♠ from column 7 onto 7♠ in column 3",
            "6♠ från kolumn 7 till 7♠ i kolumn 3",
            "6♠ aus Spalte 7 auf 7♠ in Spalte 3",
            "第 7 列的 6♠ 移到第 3 列的 7♠ 上",
        ),
    ),
    (
        7,
        "9D>3",
        by_lang(
            "9♦ from column 7 onto 10♦ in column 3, with 6 cards on top",
            "9♦ från kolumn 7 till 10♦ i kolumn 3, med 6 kort ovanpå",
            "9♦ aus Spalte 7 auf 10♦ in Spalte 3, mit 6 Karten darauf",
            "第 7 列的 9♦ 移到第 3 列的 10♦ 上，同時帶走上面的 6 張牌",
        ),
    ),
    (
        8,
        "deal",
        by_lang(
            "Reserve to columns 1, 2 and 3",
            "Reserven till kolumn 1, 2 och 3",
            "Vorrat auf die Spalten 1, 2 und 3",
            "備用牌發到第 1、2、3 列",
        ),
    ),
    (
        43,
        "KS>2",
        by_lang(
            "K♠ from column 6 to empty column 2, with Q♠ and J♠",
            "K♠ från kolumn 6 till tom kolumn 2, med Q♠ och J♠",
            "K♠ aus Spalte 6 auf die leere Spalte 2, mit Q♠ und J♠",
            "第 6 列的 K♠ 移到空的第 2 列，同時帶走 Q♠、J♠",
        ),
    ),
    (
        21,
        "KD>6",
        by_lang(
            "K♦ from column 4 to empty column 6, with 13 cards on top",
            "K♦ från kolumn 4 till tom kolumn 6, med 13 kort ovanpå",
            "K♦ aus Spalte 4 auf die leere Spalte 6, mit 13 Karten darauf",
            "第 4 列的 K♦ 移到空的第 6 列，同時帶走上面的 13 張牌",
        ),
    ),
]


@pytest.mark.parametrize(("played", "move", "phrases"), MOVES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_describe_move(played, move, phrases, lang):
    game = after(played)
    assert LINE[played] == Move.parse(move)
    assert describe_move(game, Move.parse(move), lang) == phrases[lang]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "4 of hearts from column 2 onto 5 of hearts in column 7, with 7 of spades"),
        ("sv", "hjärter 4 från kolumn 2 till hjärter 5 i kolumn 7, med spader 7"),
        ("de", "Herz 4 aus Spalte 2 auf Herz 5 in Spalte 7, mit Pik 7"),
        ("zh-TW", "第 2 列的紅心 4 移到第 7 列的紅心 5 上，同時帶走黑桃 7"),
    ],
)
def test_describe_move_with_long_names(lang, text):
    assert describe_move(after(0), Move.parse("4H>7"), lang, long_names=True) == text


def test_one_card_carried_along_in_the_singular():
    game = make_game("KH", "QH 5C", "KS")
    assert describe_move(game, Move("QH", 0), "de") == "Q♥ aus Spalte 2 auf K♥ in Spalte 1, mit 5♣"
    game = make_game("KH", "QH 5C 6C 7C 8C 9C", "KS")
    assert describe_move(game, Move("QH", 0), "de") == (
        "Q♥ aus Spalte 2 auf K♥ in Spalte 1, mit 5 Karten darauf"
    )


def test_describe_move_of_a_card_not_in_play():
    with pytest.raises(ValueError, match="not a face-up card"):
        describe_move(after(0), Move("TS", 3), "en")  # face down in column 1


PLAYED = [
    (
        8,
        by_lang(
            ["Q♠ onto column 1, A♥ onto column 2 and 5♦ onto column 3"],
            ["Q♠ på kolumn 1, A♥ på kolumn 2 och 5♦ på kolumn 3"],
            ["Q♠ auf Spalte 1, A♥ auf Spalte 2 und 5♦ auf Spalte 3"],
            ["第 1 列放上 Q♠、第 2 列放上 A♥、第 3 列放上 5♦"],
        ),
    ),
    (
        10,
        by_lang(
            ["5♠ turned face up in column 2"],
            ["5♠ vänds upp i kolumn 2"],
            ["5♠ in Spalte 2 aufgedeckt"],
            ["第 2 列翻開 5♠"],
        ),
    ),
    (
        41,
        by_lang(
            ["Sequence of hearts removed from column 2"],
            ["Från kolumn 2 tas hjärtersekvensen bort"],
            ["Herz-Folge aus Spalte 2 entfernt"],
            ["第 2 列的紅心完整牌序已移除"],
        ),
    ),
    (
        50,
        by_lang(
            ["Sequence of clubs removed from column 3", "Game won with 695 points"],
            ["Från kolumn 3 tas klöversekvensen bort", "Partiet är vunnet med 695 poäng"],
            ["Kreuz-Folge aus Spalte 3 entfernt", "Spiel mit 695 Punkten gewonnen"],
            ["第 3 列的梅花完整牌序已移除", "遊戲獲勝，共得 695 分"],
        ),
    ),
    (0, by_lang([], [], [], [])),
]


@pytest.mark.parametrize(("played", "phrases"), PLAYED)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_describe_played(played, phrases, lang):
    game = after(played)
    result = game.play(LINE[played])
    assert describe_played(game, result, lang) == phrases[lang]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "queen of spades onto column 1, ace of hearts onto column 2 "
            "and 5 of diamonds onto column 3",
        ),
        ("sv", "spader dam på kolumn 1, hjärter ess på kolumn 2 och ruter 5 på kolumn 3"),
        ("de", "Pik-Dame auf Spalte 1, Herz-Ass auf Spalte 2 und Karo 5 auf Spalte 3"),
        ("zh-TW", "第 1 列放上黑桃 Q、第 2 列放上紅心 A、第 3 列放上方塊 5"),
    ],
)
def test_the_deal_with_long_names(lang, text):
    game = after(8)
    result = game.play(DEAL)
    assert describe_played(game, result, lang, long_names=True) == [text]


def test_a_deal_that_completes_a_sequence_and_turns_a_card():
    hearts = " ".join(f"{rank}H" for rank in "KQJT98765432")
    game = make_game(f"#9S {hearts}", reserve="AH 2S 3S")
    result = game.play(DEAL)
    assert describe_played(game, result, "en") == [
        "A♥ onto column 1, 2♠ onto column 2 and 3♠ onto column 3",
        "Sequence of hearts removed from column 1",
        "9♠ turned face up in column 1",
    ]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "en",
            "5 of spades from column 2 onto 6 of spades in column 5. "
            "2 of spades turned face up in column 2.",
        ),
        ("sv", "Spader 5 från kolumn 2 till spader 6 i kolumn 5. Spader 2 vänds upp i kolumn 2."),
        ("de", "Pik 5 aus Spalte 2 auf Pik 6 in Spalte 5. Pik 2 in Spalte 2 aufgedeckt."),
        ("zh-TW", "第 2 列的黑桃 5 移到第 5 列的黑桃 6 上。第 2 列翻開黑桃 2。"),
    ],
)
def test_sentences_capitalise_and_punctuate(lang, text):
    game = after(11)
    move = LINE[11]
    before = describe_move(game, move, lang, long_names=True)
    result = game.play(move)
    phrases = [before, *describe_played(game, result, lang, long_names=True)]
    assert sentences(phrases, lang) == text


def test_sentences_of_nothing():
    assert sentences([], "sv") == ""


# --- refusals -------------------------------------------------------------------------------


def test_every_engine_reason_has_a_message():
    assert set(REFUSAL_REASONS) == set(IllegalMove.MESSAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusal_messages_differ(lang):
    messages = [refusal_message(reason, lang) for reason in REFUSAL_REASONS]
    assert all(messages)
    assert len(set(messages)) == len(messages)


SEED_REFUSALS = {
    "king_only": by_lang(
        "Only a King can go onto an empty column",
        "Endast en kung får läggas i en tom kolumn",
        "Nur ein König darf auf eine leere Spalte gelegt werden",
        "只有 K 可以移到空列",
    ),
    "same_suit": by_lang(
        "Rule: the cards must be of the same suit",
        "Regel: korten måste vara av samma färg",
        "Regel: Die Karten müssen dieselbe Farbe haben",
        "規則：牌的花色必須相同",
    ),
}


@pytest.mark.parametrize("reason", list(SEED_REFUSALS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seeds_refusals_letter_for_letter(reason, lang):
    assert refusal_message(reason, lang) == SEED_REFUSALS[reason][lang]


@pytest.mark.parametrize("lang", ["sv", "de", "zh-TW"])
@pytest.mark.parametrize("reason", list(SEED_REFUSALS))
def test_the_seeds_quote_the_refusals(lang, reason):
    seed = (SEEDS / f"{lang}.txt").read_text(encoding="utf-8")
    assert refusal_message(reason, lang) in seed


OTHER_REFUSALS = {
    "not_in_play": by_lang(
        "Only a face-up card on the table can be moved",
        "Bara ett synligt kort på bordet kan flyttas",
        "Nur eine offene Karte auf dem Tisch kann verschoben werden",
        "只能移動桌面上的明牌",
    ),
    "same_column": by_lang(
        "The card is already in that column",
        "Kortet ligger redan i den kolumnen",
        "Die Karte liegt schon in dieser Spalte",
        "這張牌已經在該列",
    ),
    "onto_ace": by_lang(
        "Nothing can go onto an ace",
        "Inget kort får läggas på ett ess",
        "Auf ein Ass darf nichts gelegt werden",
        "A 上不能放任何牌",
    ),
    "rank": by_lang(
        "A card must go onto a card one rank higher",
        "Ett kort måste läggas på ett kort med en valör ett steg högre",
        "Eine Karte muss auf eine Karte mit dem nächsthöheren Rang gelegt werden",
        "牌必須放到點數大一級的牌上",
    ),
    "reserve_dealt": by_lang(
        "The reserve has already been dealt",
        "Reserven är redan utdelad",
        "Der Vorrat wurde bereits ausgeteilt",
        "備用牌已經發出",
    ),
}


@pytest.mark.parametrize("reason", list(OTHER_REFUSALS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_other_refusals(reason, lang):
    assert refusal_message(reason, lang) == OTHER_REFUSALS[reason][lang]


def test_an_unknown_reason():
    with pytest.raises(ValueError, match="unknown refusal reason"):
        refusal_message("too_late", "en")


def test_refusals_the_engine_raises_have_messages():
    game = after(0)
    for move in [Move("TS", 3), Move("3S", 0), Move("4H", 4), Move("9S", 1), Move("QH", 5)]:
        reason = game.refusal(move)
        assert reason is not None
        for lang in LANGUAGES:
            assert refusal_message(reason, lang)


# --- accessible labels ------------------------------------------------------------------------

LABELS_GAME = ("#5D KS QS", "#2C #3C 9S", "", "", "", "", "AD")


@pytest.mark.parametrize(
    ("card", "labels"),
    [
        (
            "KS",
            by_lang(
                "king of spades, column 1, 1 card on top, 1 face-down card below",
                "spader kung, kolumn 1, 1 kort ovanpå, 1 dolt kort under",
                "Pik-König, Spalte 1, 1 Karte darauf, 1 verdeckte Karte darunter",
                "黑桃 K，第 1 列，上面有 1 張牌，下面有 1 張暗牌",
            ),
        ),
        (
            "QS",
            by_lang(
                "queen of spades, column 1, top card, 1 face-down card below",
                "spader dam, kolumn 1, översta kortet, 1 dolt kort under",
                "Pik-Dame, Spalte 1, oberste Karte, 1 verdeckte Karte darunter",
                "黑桃 Q，第 1 列，最上面的牌，下面有 1 張暗牌",
            ),
        ),
        (
            "9S",
            by_lang(
                "9 of spades, column 2, top card, 2 face-down cards below",
                "spader 9, kolumn 2, översta kortet, 2 dolda kort under",
                "Pik 9, Spalte 2, oberste Karte, 2 verdeckte Karten darunter",
                "黑桃 9，第 2 列，最上面的牌，下面有 2 張暗牌",
            ),
        ),
        (
            "AD",
            by_lang(
                "ace of diamonds, column 7, top card",
                "ruter ess, kolumn 7, översta kortet",
                "Karo-Ass, Spalte 7, oberste Karte",
                "方塊 A，第 7 列，最上面的牌",
            ),
        ),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_label(card, labels, lang):
    assert card_label(make_game(*LABELS_GAME), card, lang) == labels[lang]


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "jack of hearts, column 1, 2 cards on top, 3 face-down cards below"),
        ("sv", "hjärter knekt, kolumn 1, 2 kort ovanpå, 3 dolda kort under"),
        ("de", "Herz-Bube, Spalte 1, 2 Karten darauf, 3 verdeckte Karten darunter"),
        ("zh-TW", "紅心 J，第 1 列，上面有 2 張牌，下面有 3 張暗牌"),
    ],
)
def test_card_label_in_the_seed_deal(lang, label):
    assert card_label(after(0), "JH", lang) == label


def test_card_label_of_a_card_not_in_play():
    with pytest.raises(ValueError, match="not a face-up card"):
        card_label(after(0), "TS", "en")  # face down
    with pytest.raises(ValueError, match="not a face-up card"):
        card_label(after(0), "5D", "en")  # in the reserve


@pytest.mark.parametrize(
    ("column", "labels"),
    [
        (
            0,
            by_lang(
                "column 1, 3 cards, 1 of them face down, top: queen of spades",
                "kolumn 1, 3 kort, varav 1 dolt, överst: spader dam",
                "Spalte 1, 3 Karten, davon 1 verdeckt, oben: Pik-Dame",
                "第 1 列，3 張牌，其中 1 張是暗牌，最上面：黑桃 Q",
            ),
        ),
        (
            1,
            by_lang(
                "column 2, 3 cards, 2 of them face down, top: 9 of spades",
                "kolumn 2, 3 kort, varav 2 dolda, överst: spader 9",
                "Spalte 2, 3 Karten, davon 2 verdeckt, oben: Pik 9",
                "第 2 列，3 張牌，其中 2 張是暗牌，最上面：黑桃 9",
            ),
        ),
        (
            2,
            by_lang("column 3, empty", "kolumn 3, tom", "Spalte 3, leer", "第 3 列，空"),
        ),
        (
            6,
            by_lang(
                "column 7, 1 card, top: ace of diamonds",
                "kolumn 7, 1 kort, överst: ruter ess",
                "Spalte 7, 1 Karte, oben: Karo-Ass",
                "第 7 列，1 張牌，最上面：方塊 A",
            ),
        ),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_column_label(column, labels, lang):
    assert column_label(make_game(*LABELS_GAME), column, lang) == labels[lang]


@pytest.mark.parametrize(
    ("lang", "waiting", "dealt"),
    [
        ("en", "reserve, 3 face-down cards", "reserve, dealt"),
        ("sv", "reserv, 3 dolda kort", "reserv, utdelad"),
        ("de", "Vorrat, 3 verdeckte Karten", "Vorrat, ausgeteilt"),
        ("zh-TW", "備用牌，3 張暗牌", "備用牌，已發出"),
    ],
)
def test_reserve_label(lang, waiting, dealt):
    game = after(8)
    assert reserve_label(game, lang) == waiting
    game.play(DEAL)
    assert reserve_label(game, lang) == dealt


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ["sequence place 1, hearts", "sequence place 2, spades", "sequence place 3, empty"]),
        ("sv", ["sekvensplats 1, hjärter", "sekvensplats 2, spader", "sekvensplats 3, tom"]),
        ("de", ["Platz 1 für Folgen, Herz", "Platz 2 für Folgen, Pik", "Platz 3 für Folgen, leer"]),
        ("zh-TW", ["牌序位置 1，紅心", "牌序位置 2，黑桃", "牌序位置 3，空"]),
    ],
)
def test_sequence_place_labels(lang, labels):
    game = make_game(removed="HS")
    assert [sequence_place_label(game, place, lang) for place in range(3)] == labels
    assert sequence_place_label(game, 3, lang) == labels[2].replace("3", "4")


def test_there_are_four_sequence_places():
    with pytest.raises(ValueError, match="0-3"):
        sequence_place_label(after(0), 4, "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_of_every_position_of_the_winning_line(lang):
    game = after(0)
    for move in LINE:
        game.play(move)
        for column in range(7):
            assert column_label(game, column, lang)
            for card in game.face_up(column):
                assert card_name(card, lang) in card_label(game, card, lang)
        assert reserve_label(game, lang)
        assert removed_label(game, lang)
