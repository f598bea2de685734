"""The last games in the Statistics dialog and the CSV file: escaping, quoting, content."""

from __future__ import annotations

import csv
import doctest
import io
import re

import pytest
from webapp import translated
from webapp.panels import csv_file as csvfile
from webapp.panels import recent_view as recentview
from webapp.panels.csv_file import BOM, cell, file_name, line, stats_csv
from webapp.panels.recent_view import table_markup, when

from scorpion.history import GameRecord
from scorpion.stats import Stats, VariantStats

NOON = 1_796_126_400_000  # 2026-12-01 12:00 UTC


def test_the_doctests() -> None:
    assert doctest.testmod(csvfile).failed == 0
    assert doctest.testmod(recentview).failed == 0


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=SUM(A1:A9)", "'=SUM(A1:A9)"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("\rx", '"\'\rx"'),  # defused, then quoted for the line break
        ("=a,b", '"\'=a,b"'),
        ('=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'),
        ("a=b", "a=b"),  # only the first character matters
        ("1-2", "1-2"),
        ("'quoted", "'quoted"),
        ("plain", "plain"),
        ("", ""),
        (None, ""),
        (42, "42"),
        ("a,b", '"a,b"'),
        ('say "hi"', '"say ""hi"""'),
        ("two\nlines", '"two\nlines"'),
        ("Klassisch, eigenes Blatt", '"Klassisch, eigenes Blatt"'),
        ("經典 #7", "經典 #7"),
    ],
)
def test_cells_are_defused_then_quoted(value: object, written: str) -> None:
    assert cell(value) == written


def test_a_line_reads_back_with_the_csv_module() -> None:
    values = ["=1", 'a "b", c', "x\r\ny", 7, "-"]
    text = line(values)
    assert text.endswith("\r\n")
    assert next(csv.reader(io.StringIO(text, newline=""))) == [
        "'=1",
        'a "b", c',
        "x\r\ny",
        "7",
        "'-",
    ]


def games() -> Stats:
    stats = Stats()
    figures = VariantStats().started().won_game(score=695, moves=51, elapsed_ms=90_600, clean=True)
    figures = figures.started().won_game(score=700, moves=60, elapsed_ms=100_000)
    stats = stats.updated("classic", figures.started().lost())
    for record in (
        GameRecord(NOON - 3_600_000, "classic", 7, "won", 51, 90_600, 695, (), True),
        GameRecord(NOON - 60_000, "classic", None, "won", 60, 100_000, 700, (), False),
        GameRecord(NOON, "relaxed", 12, "abandoned", 4, 5_000, 10, ("hint", "auto_finish"), True),
    ):
        stats = stats.recorded(record)
    return stats


def rows_of(text: str) -> list[list[str]]:
    assert text.startswith(BOM)
    return list(csv.reader(io.StringIO(text[1:], newline="")))


def test_the_file_has_the_figures_then_the_last_games_newest_first() -> None:
    text = stats_csv(games(), offset_minutes=-60)  # Central European time
    assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
    rows = rows_of(text)
    assert rows[0] == ["Statistics", "Classic", "Relaxed"]
    figures = {row[0]: row[1:] for row in rows[1 : rows.index([])]}
    assert figures["Games played"] == ["3", "0"] and figures["Games won"] == ["2", "0"]
    assert figures["Win rate"] == ["0.6667", ""]
    assert figures["Best score"] == ["700", ""] and figures["Fewest moves"] == ["51", ""]
    assert figures["Fastest win (seconds)"] == ["91", ""]  # 90.6 s
    assert figures["Average moves per win"] == ["55.5", ""]
    assert figures["Average time per win (seconds)"] == ["95", ""]  # 95_300 ms
    assert figures["Clean wins"] == ["1", "0"] and figures["Assisted wins"] == ["0", "0"]
    assert figures["Longest winning streak"] == ["2", "0"]
    games_part = rows[rows.index([]) + 1 :]
    assert games_part[0] == ["Ended", "Game", "Result", "Moves", "Time (seconds)", "Score", "Notes"]
    assert games_part[1] == [
        "2026-12-01 13:00",
        "Relaxed #12",
        "Abandoned",
        "4",
        "5",
        "10",
        "assisted (hint, auto-finish)",
    ]
    assert games_part[2] == ["2026-12-01 12:59", "Classic, own deck", "Won", "60", "100", "700", ""]
    assert games_part[3] == ["2026-12-01 12:00", "Classic #7", "Won", "51", "91", "695", "clean"]
    assert len(games_part) == 4


def test_the_file_is_in_the_players_language() -> None:
    translated.set_language("de")
    try:
        rows = rows_of(stats_csv(games(), 0))
    finally:
        translated.set_language("en")
    assert rows[0] == ["Statistik", "Klassisch", "Locker"]
    assert [
        "2026-12-01 11:59",
        "Klassisch, eigenes Blatt",
        "Gewonnen",
        "60",
        "100",
        "700",
        "",
    ] in rows


def test_the_file_name_has_the_players_date() -> None:
    assert file_name(NOON, 0) == "scorpion-statistics-2026-12-01.csv"
    assert file_name(NOON + 11 * 3_600_000, -120) == "scorpion-statistics-2026-12-02.csv"
    assert file_name(NOON - 12 * 3_600_000, 60) == "scorpion-statistics-2026-11-30.csv"


def test_dates_are_local_time() -> None:
    assert when(NOON, 0) == "2026-12-01 12:00"
    assert when(NOON, 300) == "2026-12-01 07:00"  # New York in winter
    assert when(NOON, -480) == "2026-12-01 20:00"  # Taipei


def test_the_list_marks_assisted_and_clean_games() -> None:
    markup = table_markup(games().recent, 0)
    rows = re.findall(r'<tr data-result="(\w+)" data-assisted="([\w ]*)">(.*?)</tr>', markup)
    assert [(r, a) for r, a, _ in rows] == [
        ("abandoned", "hint auto_finish"),
        ("won", ""),
        ("won", ""),
    ]
    assert "assisted (hint, auto-finish)" in rows[0][2]
    assert rows[2][2].endswith("<td>clean</td>") and rows[1][2].endswith("<td></td>")
    assert (
        '<th scope="row"><time datetime="2026-12-01T11:00+00:00">2026-12-01 11:00</time>'
        in (rows[2][2])
    )
    assert '<time datetime="PT1M30S">1:30</time>' in rows[2][2]
    assert markup.count('<th scope="col">') == 7
    assert table_markup((), 0) == ""


def test_the_list_escapes_nothing_it_should_not() -> None:
    translated.set_language("zh-TW")
    try:
        markup = table_markup(games().recent, 0)
    finally:
        translated.set_language("en")
    assert "放棄" in markup and "<td>有輔助（提示, 自動完成）</td>" in markup


def test_an_unreadable_record_has_its_own_notice() -> None:
    from webapp.page_texts import problem_text

    assert "last games" in problem_text("recent")
    assert problem_text("recent") != problem_text("no such problem")
