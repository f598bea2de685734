"""The chart of the last games in Statistics (``panels/trend_chart.py``): the SVG it draws
from the figures, read back as XML; then the dialog on the fakes: pointing at a game,
focusing it, the arrow keys between games."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fakes import FakeEvent, FakeNode
from panel_stack import Panels, panels, save_text
from webapp import translated
from webapp.panels.trend_chart import (
    HEIGHT,
    MIN_SLOTS,
    SCORE_BASE,
    SCORE_TOP,
    charts_markup,
    game_text,
    hint_text,
)

from scorpion.game import Game
from scorpion.history import GameRecord
from scorpion.session import Session
from scorpion.stats import Stats, VariantStats
from scorpion.trend import trend

SVG = "{http://www.w3.org/2000/svg}"
T0 = 1_796_148_300_000  # 2026-12-01 18:05 UTC


@pytest.fixture(autouse=True)
def english() -> None:
    translated.set_language("en")


def record(at: int, result: str, score: int, moves: int, *, assisted: tuple[str, ...] = (),
           clean: bool = False, variant: str = "classic") -> GameRecord:  # fmt: skip
    return GameRecord(
        T0 + at * 60_000, variant, 7 + at, result, moves, 245_000, score, assisted, clean
    )


# Oldest first: a clean win, an abandoned game, a win with a hint, two wins (one clean);
# and one relaxed game among them.
GAMES = (
    record(0, "won", 695, 51, clean=True),
    record(1, "abandoned", 35, 4),
    record(2, "won", 560, 90, assisted=("hint",)),
    record(3, "won", 2, 1, variant="relaxed"),
    record(4, "won", 640, 70),
    record(5, "won", 700, 60, clean=True),
)


def stats_of(games: tuple[GameRecord, ...] = GAMES, streak: int = 2) -> Stats:
    classic = VariantStats(played=5, won=4, current_streak=streak, longest_streak=streak,
                           best_score=700, fewest_moves=51, assisted_wins=1)  # fmt: skip
    relaxed = VariantStats(played=1, won=1, current_streak=1, longest_streak=1, best_score=2,
                           fewest_moves=1)  # fmt: skip
    return Stats((("classic", classic), ("relaxed", relaxed)), tuple(reversed(games)))


def parsed(markup: str) -> ET.Element:
    """The charts' markup as XML (it is well formed), the SVG in its namespace."""
    markup = markup.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1)
    markup = re.sub(r"<svg (?!xmlns)", f'<svg xmlns="{SVG[1:-1]}" ', markup)
    return ET.fromstring(f"<div>{markup}</div>")


def chart(root: ET.Element, variant: str) -> ET.Element:
    found = root.find(f"figure[@data-chart='{variant}']")
    assert found is not None
    return found


def test_no_game_no_chart() -> None:
    assert charts_markup(Stats(), 0) == ""


def test_a_chart_per_variant_with_games_then_the_legend() -> None:
    root = parsed(charts_markup(stats_of(), 0))
    assert [f.get("data-chart") for f in root.iter("figure")] == ["classic", "relaxed"]
    assert root[-1].tag == "ul" and root[-1].get("class") == "trend-legend"
    classic = chart(root, "classic")
    assert (classic.get("id"), classic.get("data-games"), classic.get("data-streak")) == (
        "chart-classic", "5", "2")  # fmt: skip
    caption = "".join(classic.find("figcaption").itertext())  # type: ignore[union-attr]
    assert "Classic" in caption and "Last 5 games · 4 won (80%)" in caption
    assert "2 wins in a row" in caption
    svg = classic.find(f"{SVG}svg")
    assert svg is not None and svg.get("role") == "group" and svg.get("height") == str(HEIGHT)
    assert svg.get("aria-label") == (
        "Classic: chart of the last 5 games, their scores, moves and the win rate."
    )


def test_each_game_has_a_bar_of_its_score_and_moves_and_its_kind() -> None:
    svg = chart(parsed(charts_markup(stats_of(), 0)), "classic").find(f"{SVG}svg")
    assert svg is not None
    bars = svg.findall(f"{SVG}rect[@class]")
    scores = [b for b in bars if b.get("class", "").startswith("bar ")]
    moves = [b for b in bars if b.get("class", "").startswith("moves ")]
    assert [b.get("class") for b in scores] == [
        "bar won", "bar abandoned", "bar assisted", "bar won", "bar won"]  # fmt: skip
    assert [b.get("class", "").split()[1] for b in moves] == [
        "won",
        "abandoned",
        "assisted",
        "won",
        "won",
    ]
    full = SCORE_BASE - SCORE_TOP  # the scale's top is 700: 700 points fill it
    heights = [int(b.get("height", "")) for b in scores]
    assert heights == [round(695 / 700 * full), round(35 / 700 * full), 80, 91, full]
    assert all(int(b.get("y", "")) + int(b.get("height", "")) == SCORE_BASE for b in scores)
    # x in percent of the width: at least MIN_SLOTS slots, the oldest game at the left
    assert scores[0].get("x") == f"{0.15 * 100 / MIN_SLOTS:g}%"
    clean = [c for c in svg.findall(f"{SVG}circle") if c.get("class") == "clean"]
    helped = [c for c in svg.findall(f"{SVG}circle") if c.get("class") == "helped"]
    assert len(clean) == 2 and len(helped) == 1
    texts = ["".join(t.itertext()) for t in svg.findall(f"{SVG}text")]
    assert texts == ["700 points", "100%", "100 moves"]


def test_the_win_rate_line_and_the_streak_band() -> None:
    svg = chart(parsed(charts_markup(stats_of(), 0)), "classic").find(f"{SVG}svg")
    assert svg is not None
    line = svg.find(f"{SVG}svg/{SVG}polyline")
    assert line is not None and line.get("vector-effect") == "non-scaling-stroke"
    ys = [float(point.split(",")[1]) for point in line.get("points", "").split()]
    assert ys == [0.0, 50.0, 33.33, 25.0, 20.0]  # 100 % down to 80 %, top down
    band = svg.find(f"{SVG}rect[@class='streak-band']")
    assert band is not None
    slot = 100 / MIN_SLOTS  # the streak: the last two games (after the hint's win)
    assert (band.get("x"), band.get("width")) == (f"{3 * slot:g}%", f"{2 * slot:g}%")


def test_no_streak_no_band_and_the_badge_says_none() -> None:
    games = (*GAMES, record(6, "abandoned", 10, 3))
    figure = chart(parsed(charts_markup(stats_of(games, streak=0), 0)), "classic")
    assert figure.find(f".//{SVG}rect[@class='streak-band']") is None
    badge = figure.find("figcaption/span[@class='trend-streak none']")
    assert badge is not None and "".join(badge.itertext()) == "0 wins in a row"


def test_every_game_has_a_named_mark_and_the_newest_is_the_tab_stop() -> None:
    figure = chart(parsed(charts_markup(stats_of(), 0)), "classic")
    marks = figure.findall(f".//{SVG}rect[@data-game]")
    assert [m.get("data-game") for m in marks] == [f"classic-{i}" for i in range(5)]
    assert [m.get("tabindex") for m in marks] == ["-1"] * 4 + ["0"]
    assert all(m.get("role") == "img" and int(m.get("height", "")) == HEIGHT for m in marks)
    assert marks[0].get("aria-label") == (
        "Game 1 of 5, 2026-12-01 18:05: Classic #7, Won, 695 points, 51 moves, 4:05; clean"
    )
    assert marks[2].get("aria-label", "").endswith("; assisted (hint)")
    readout = figure.find("p[@class='trend-readout']")
    assert readout is not None and readout.text == hint_text()


def test_the_same_figures_as_a_table_for_screen_readers() -> None:
    figure = chart(parsed(charts_markup(stats_of(), 0)), "classic")
    hidden = figure.find("div[@class='visually-hidden']")
    table = figure.find("div/table")
    assert hidden is not None and table is not None
    assert "".join(table.find("caption").itertext()) == (  # type: ignore[union-attr]
        "Classic: the last 5 games, oldest first"
    )
    rows = [["".join(c.itertext()) for c in row] for row in table.iterfind("tbody/tr")]
    assert rows[0] == ["1", "2026-12-01 18:05", "Classic #7", "Won", "695", "51", "4:05",
                       "clean", "100%"]  # fmt: skip
    assert [row[3] for row in rows] == ["Won", "Abandoned", "Won", "Won", "Won"]
    assert [row[-1] for row in rows] == ["100%", "50%", "67%", "75%", "80%"]
    assert [r.get("data-kind") for r in table.iterfind("tbody/tr")] == [
        "won", "abandoned", "assisted", "won", "won"]  # fmt: skip


def test_no_style_attribute_anywhere() -> None:
    """The page's Content-Security-Policy refuses style attributes: colours are app.css's."""
    root = parsed(charts_markup(stats_of(), 0))
    assert not [e.tag for e in root.iter() if "style" in e.attrib]


def test_words_and_numbers_follow_the_language() -> None:
    many = tuple(record(i, "won", 1_200, 1_500) for i in range(3))
    translated.set_language("de")
    markup = charts_markup(stats_of(many, streak=3), -60)
    figure = chart(parsed(markup), "classic")
    assert "Letzte 3 Spiele · 3 gewonnen (100\u00a0%)" in "".join(figure.itertext())
    texts = ["".join(t.itertext()) for t in figure.iter(f"{SVG}text")]
    assert texts == ["1.200 Punkte", "100\u00a0%", "1.500 Züge"]
    first = figure.find(f".//{SVG}rect[@data-game='classic-0']")
    assert first is not None and first.get("aria-label", "").startswith(
        "Spiel 1 von 3, 2026-12-01 19:05: Klassisch #7, Gewonnen, 1.200 Punkte, 1.500 Züge"
    )


def test_a_hundred_games_fit_with_smaller_glyphs() -> None:
    games = tuple(record(i, "won", 600, 80, clean=True) for i in range(100))
    figure = chart(parsed(charts_markup(stats_of(games, streak=100), 0)), "classic")
    marks = figure.findall(f".//{SVG}rect[@data-game]")
    assert len(marks) == 100 and marks[-1].get("x") == "99%" and marks[-1].get("width") == "1%"
    assert {c.get("r") for c in figure.iter(f"{SVG}circle") if c.get("class") == "clean"} == {"1.7"}


# --- in the dialog -----------------------------------------------------------------------------


def with_games(games: tuple[GameRecord, ...] = GAMES) -> Panels:
    session = Session(Game.new(9))
    session.stats = stats_of(games)
    p = panels(save_text(session))
    p.chrome.click("stats")
    return p


def on_mark(game: str, key: str = "") -> FakeEvent:
    return FakeEvent(target=FakeNode(tag="rect", game=game), key=key)


READOUT = ("stats-chart", '[data-readout="classic"]')


def test_statistics_show_the_charts_once_a_game_has_ended() -> None:
    p = panels()
    p.chrome.click("stats")
    assert p.chrome.el("stats-chart").hidden and p.chrome.el("stats-chart").html == ""
    p = with_games()
    chart_html = p.chrome.el("stats-chart").html
    assert not p.chrome.el("stats-chart").hidden
    assert 'data-chart="classic"' in chart_html and 'data-chart="relaxed"' in chart_html
    assert set(p.settings.trends) == {"classic", "relaxed"}


def test_pointing_at_a_game_says_what_it_was() -> None:
    p = with_games()
    p.chrome.fire("stats-chart", "pointerover", on_mark("classic-2"))
    shown = p.settings.trends["classic"]
    assert p.chrome.texts_in[READOUT] == game_text(shown.games[2], 5, 0)
    assert p.chrome.texts_in[READOUT].startswith("Game 3 of 5")
    assert p.chrome.tab_stops == {}  # pointing does not move the tab stop
    p.chrome.fire("stats-chart", "pointerover", FakeEvent(target=FakeNode(tag="svg")))
    p.chrome.fire("stats-chart", "pointerover", on_mark("classic-9"))  # not drawn
    p.chrome.fire("stats-chart", "pointerover", on_mark("chess-1"))
    assert p.chrome.texts_in[READOUT].startswith("Game 3 of 5")


def test_a_focused_game_says_it_and_becomes_the_tab_stop() -> None:
    p = with_games()
    p.chrome.fire("stats-chart", "focusin", on_mark("relaxed-0"))
    assert p.chrome.texts_in[("stats-chart", '[data-readout="relaxed"]')].startswith(
        "Game 1 of 1, 2026-12-01 18:08: Relaxed #10, Won"
    )
    assert p.chrome.tab_stops == {"stats-chart": '[data-game="relaxed-0"]'}


@pytest.mark.parametrize(
    ("start", "key", "goes_to"),
    [(4, "ArrowLeft", 3), (0, "ArrowLeft", 0), (3, "ArrowRight", 4), (4, "ArrowRight", 4),
     (2, "Home", 0), (1, "End", 4), (4, "PageUp", 0), (0, "PageDown", 4)],
)  # fmt: skip
def test_the_keys_go_from_game_to_game(start: int, key: str, goes_to: int) -> None:
    p = with_games()
    event = on_mark(f"classic-{start}", key)
    p.chrome.fire("stats-chart", "keydown", event)
    assert event.prevented
    selector = f'[data-game="classic-{goes_to}"]'
    assert p.chrome.focused == f"stats-chart {selector}"
    assert p.chrome.tab_stops == {"stats-chart": selector}
    assert p.chrome.texts_in[READOUT].startswith(f"Game {goes_to + 1} of 5")


def test_other_keys_are_left_alone() -> None:
    p = with_games()
    for event in (on_mark("classic-2", "Enter"), on_mark("classic-2", "ArrowUp"),
                  FakeEvent(target=FakeNode(tag="svg"), key="ArrowLeft")):  # fmt: skip
        p.chrome.fire("stats-chart", "keydown", event)
        assert not event.prevented
    assert p.chrome.tab_stops == {} and READOUT not in p.chrome.texts_in


def test_the_charts_follow_a_reset_and_a_language_change() -> None:
    p = with_games()
    p.settings.choose_language("sv")
    assert "De senaste 5 partierna" in p.chrome.el("stats-chart").html
    p.chrome.click("stats-reset")
    p.chrome.click("reset-confirm")
    assert p.chrome.el("stats-chart").hidden and p.settings.trends == {}
    assert trend(p.table.state.session.stats.recent, "classic").games == ()
