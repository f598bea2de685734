"""The statistics as a CSV file for a spreadsheet (pure: text out, no DOM).

RFC 4180: cells separated by commas, lines by CRLF, a cell holding a comma, a quote or a
line break quoted, its quotes doubled. UTF-8 with a byte order mark, so spreadsheets read
the accented and Chinese words right. A cell a spreadsheet would take for a formula
(starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) gets an apostrophe
in front, so opening the file never runs anything. Numbers are plain digits with a
point (``57.5``); times are whole seconds; dates are the player's local time.

>>> cell("=1+1"), cell('say "hi", then'), cell("-5"), cell("Klassisch #7")
("'=1+1", '"say ""hi"", then"', "'-5", 'Klassisch #7')
"""

from __future__ import annotations

from collections.abc import Iterable

from scorpion.game import VARIANTS
from scorpion.stats import Stats, VariantStats
from webapp import translated
from webapp.panels.recent_view import game_name, headings, local, notes, result_text, when
from webapp.panels.stats_view import rows
from webapp.translated import _

BOM = "\ufeff"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> str:
    """One cell: formula-like text defused, then quoted as RFC 4180 asks."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_START):
        text = "'" + text
    if any(c in text for c in ',"\r\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


def line(values: Iterable[object]) -> str:
    return ",".join(cell(v) for v in values) + "\r\n"


def _seconds(ms: int | None) -> int | None:
    return None if ms is None else (ms + 500) // 1000


def _figure(stats: VariantStats, key: str) -> object:
    """A figure as a spreadsheet reads it: a plain number, empty for none."""
    if key == "win_rate":
        rate = stats.win_rate
        return None if rate is None else f"{rate:.4f}"
    if key == "average_moves":
        mean = stats.average_moves
        return None if mean is None else f"{int(mean * 10 + 0.5) / 10:.1f}"
    if key in ("fastest_ms", "average_ms"):
        return _seconds(getattr(stats, key))
    return getattr(stats, key)


def stats_csv(stats: Stats, offset_minutes: int) -> str:
    """The totals of each variant, then the last games, newest first."""
    out = [BOM]
    out.append(line([_("Statistics"), *(translated.variant(v) for v in VARIANTS)]))
    for row in rows():
        label = row.label
        if row.key in ("fastest_ms", "average_ms"):
            # Translators: a time column in the exported CSV file.
            label = _("{label} (seconds)").format(label=label)
        out.append(line([label, *(_figure(stats[v], row.key) for v in VARIANTS)]))
    out.append("\r\n")
    names = headings()
    names[4] = _("{label} (seconds)").format(label=names[4])
    out.append(line(names))
    for record in stats.recent:
        out.append(
            line(
                [
                    when(record.ended_at, offset_minutes),
                    game_name(record),
                    result_text(record),
                    record.moves,
                    _seconds(record.elapsed_ms),
                    record.score,
                    notes(record),
                ]
            )
        )
    return "".join(out)


def file_name(now_ms: int, offset_minutes: int) -> str:
    """``scorpion-statistics-2026-12-01.csv``: the player's date today."""
    return local(now_ms, offset_minutes).strftime("scorpion-statistics-%Y-%m-%d.csv")
