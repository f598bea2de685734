"""The statistics in words and numbers of the current language, and the table the
Statistics dialog shows (pure: markup out, no DOM). Numbers as each language writes
them: ``webapp.figures``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorpion.game import VARIANTS
from scorpion.stats import Stats, VariantStats
from webapp import translated
from webapp.escaping import escape
from webapp.figures import NONE, decimal, duration, iso_duration, number, percent
from webapp.translated import _

_CURRENT = ' class="current"'  # the variant of the game on the table


@dataclass(frozen=True, slots=True)
class Row:
    key: str  # the statistic (``data-stat``)
    label: str
    cell: Callable[[VariantStats, str], str]  # (stats, lang) -> markup of the value


def _none() -> str:
    """The dash for "nothing yet", which a screen reader reads as a word."""
    # Translators: a statistic with no value yet (no game won), read by screen readers.
    word = escape(_("none yet"))
    return f'<span aria-hidden="true">{NONE}</span><span class="visually-hidden">{word}</span>'


def _count(value: int | None, lang: str) -> str:
    return _none() if value is None else number(value, lang)


def _rate(rate: float | None, lang: str) -> str:
    return _none() if rate is None else percent(rate, lang)


def _decimal(value: float | None, lang: str) -> str:
    return _none() if value is None else decimal(value, lang)


def _time(ms: int | None) -> str:
    if ms is None:
        return _none()
    return f'<time datetime="{iso_duration(ms)}">{duration(ms)}</time>'


def rows() -> list[Row]:
    """The statistics, in the order shown, labelled in the current language."""
    return [
        Row("played", _("Games played"), lambda s, lang: number(s.played, lang)),
        Row("won", _("Games won"), lambda s, lang: number(s.won, lang)),
        Row("win_rate", _("Win rate"), lambda s, lang: _rate(s.win_rate, lang)),
        Row("current_streak", _("Current winning streak"),
            lambda s, lang: number(s.current_streak, lang)),
        Row("longest_streak", _("Longest winning streak"),
            lambda s, lang: number(s.longest_streak, lang)),
        Row("best_score", _("Best score"), lambda s, lang: _count(s.best_score, lang)),
        # Translators: the fewest moves in which a game was won.
        Row("fewest_moves", _("Fewest moves"), lambda s, lang: _count(s.fewest_moves, lang)),
        # Translators: the shortest time in which a game was won.
        Row("fastest_ms", _("Fastest win"), lambda s, lang: _time(s.fastest_ms)),
        # Translators: the mean number of moves of the wins without help.
        Row("average_moves", _("Average moves per win"),
            lambda s, lang: _decimal(s.average_moves, lang)),
        # Translators: the mean time of the wins without help.
        Row("average_ms", _("Average time per win"), lambda s, lang: _time(s.average_ms)),
        # Translators: wins where no undo took back a card that had been turned face up.
        Row("clean_wins", _("Clean wins"), lambda s, lang: number(s.clean_wins, lang)),
        # Translators: wins with help (a hint, a solver's line watched, auto-finish).
        Row("assisted_wins", _("Assisted wins"), lambda s, lang: number(s.assisted_wins, lang)),
    ]  # fmt: skip


def table_markup(stats: Stats, current: str | None = None) -> str:
    """The statistics table: a column per variant (``current`` marked), a row per figure.

    Each value cell carries ``data-variant`` and ``data-stat`` for tests.
    """
    lang = translated.language()
    head = "".join(
        f'<th scope="col" data-variant="{v}"{_CURRENT if v == current else ""}>'
        f"{escape(translated.variant(v))}</th>"
        for v in VARIANTS
    )
    body = []
    for row in rows():
        cells = "".join(
            f'<td data-variant="{v}" data-stat="{row.key}">{row.cell(stats[v], lang)}</td>'
            for v in VARIANTS
        )
        body.append(f'<tr><th scope="row">{escape(row.label)}</th>{cells}</tr>')
    return f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
