"""The last games as pictures, in Statistics (``#stats-chart``): a chart per variant with
games, drawn as SVG by the project (pure: markup out, no DOM). The figures are
``scorpion.trend``'s; the words and numbers are the current language's.

Each chart (``<figure id="chart-VARIANT" data-chart>``) has, left to right from the
oldest game to the newest: a bar of the score per game (won, won with help, abandoned:
three fills; a dot over a clean win, a ring over a win with help), the moves hanging
below it, the win rate over the games up to each one as a line (0 to 100 %), and the
current winning streak as a band behind its games with a bracket over them. The caption
says the number of games, the wins and the rate, and the streak in large type. Every game
has a mark over its whole column (``data-game="VARIANT-INDEX"``, one tab stop per chart,
arrow keys between them: ``StatsAndSettings``) whose name says what it was; hovering or
focusing it says the same in the chart's readout. A visually hidden table after the chart
holds the same figures for screen readers.

x positions are percentages of the chart's width and y positions pixels, so the chart
fills any width and its text keeps its size; the win rate's line is a nested SVG whose
own coordinates stretch (its stroke does not: ``vector-effect``). No ``style``
attribute: the page's Content-Security-Policy refuses them (the colours are app.css's).
"""

from __future__ import annotations

from scorpion.game import VARIANTS
from scorpion.stats import Stats
from scorpion.trend import Trend, TrendGame, trend
from webapp import translated
from webapp.escaping import escape
from webapp.figures import duration, iso_duration, number, percent
from webapp.panels.recent_view import ended_cell, game_name, notes, result_text, when
from webapp.translated import _, ngettext, pgettext

HEIGHT = 190  # the chart, in CSS pixels
SCORE_TOP, SCORE_BASE = 26, 126  # the score's bars stand on SCORE_BASE
MOVES_TOP, MOVES_H = 132, 40  # the moves' bars hang from MOVES_TOP
BRACKET_Y = 16  # the streak's bracket, between the scales' labels and the bars
LABEL_Y = 11  # the baseline of the scales' labels
MIN_BAR = 2  # a score or moves of 0 is still a mark
MIN_SLOTS = 10  # few games do not make wide bars: the chart has room for this many


def game_text(game: TrendGame, total: int, offset_minutes: int) -> str:
    """What a game's mark says when it is hovered or focused, in the current language."""
    record = game.record
    lang = translated.language()
    score = ngettext("{count} point", "{count} points", record.score)
    moves = ngettext("{count} move", "{count} moves", record.moves)
    # Translators: one game of the Statistics chart, as hovering or focusing it says, e.g.
    # "Game 12 of 40, 2026-12-01 18:05: Classic #7, Won, 695 points, 51 moves, 4:05".
    text = _("Game {number} of {total}, {ended}: {game}, {result}, {score}, {moves}, {time}")
    said = text.format(
        number=number(game.number, lang),
        total=number(total, lang),
        ended=when(record.ended_at, offset_minutes),
        game=game_name(record),
        result=result_text(record),
        score=score.format(count=number(record.score, lang)),
        moves=moves.format(count=number(record.moves, lang)),
        time=duration(record.elapsed_ms),
    )
    more = notes(record)
    return f"{said}; {more}" if more else said


def hint_text() -> str:
    """The readout before a game is pointed at."""
    # Translators: under the Statistics chart, before a game is chosen.
    return _("Point at a game or tap it; or Tab to the chart and use the arrow keys.")


def charts_markup(stats: Stats, offset_minutes: int) -> str:
    """A chart for each variant with games among the last ones, then the legend; empty
    when no game has ended."""
    charts = [
        chart_markup(t, stats[variant].current_streak, offset_minutes)
        for variant in VARIANTS
        if (t := trend(stats.recent, variant)).games
    ]
    return "".join(charts) + legend_markup() if charts else ""


def chart_markup(t: Trend, streak: int, offset_minutes: int) -> str:
    """One variant's chart; ``streak``: its current winning streak as the statistics
    count it (the band covers the part of it among these games)."""
    total = len(t.games)
    lang = translated.language()
    name = escape(translated.variant(t.variant))
    games = escape(ngettext("Last {count} game", "Last {count} games", total)).format(
        count=number(total, lang)
    )
    # Translators: the Statistics chart's caption: "22 won (55%)" of the last games.
    won = escape(_("{count} won ({rate})")).format(
        count=number(t.won, lang), rate=percent(t.rate, lang)
    )
    # Translators: the current winning streak, over the Statistics chart.
    in_a_row = escape(ngettext("{count} win in a row", "{count} wins in a row", streak))
    in_a_row = in_a_row.format(count=f"<b>{number(streak, lang)}</b>")
    label = ngettext(
        # Translators: the accessible name of the Statistics chart of one variant.
        "{variant}: chart of the last {count} game, its score, moves and the win rate.",
        "{variant}: chart of the last {count} games, their scores, moves and the win rate.",
        total,
    ).format(variant=translated.variant(t.variant), count=number(total, lang))
    streak_class = "trend-streak" + ("" if streak else " none")
    return (
        f'<figure class="trend" id="chart-{t.variant}" data-chart="{t.variant}" '
        f'data-games="{total}" data-streak="{streak}">'
        f'<figcaption class="trend-head"><span class="trend-name">{name}</span> '
        f'<span class="trend-figures">{games} · {won}</span> '
        f'<span class="{streak_class}">{in_a_row}</span></figcaption>'
        f'<svg class="trend-svg" width="100%" height="{HEIGHT}" role="group" '
        f'aria-label="{escape(label)}">{_drawing(t, offset_minutes)}</svg>'
        f'<p class="trend-readout" data-readout="{t.variant}">{escape(hint_text())}</p>'
        f"{_table(t, offset_minutes)}</figure>"
    )


def _pct(value: float) -> str:
    """A percentage of the chart's width, short."""
    return f"{value:.3f}".rstrip("0").rstrip(".") + "%"


def _drawing(t: Trend, offset_minutes: int) -> str:
    total = len(t.games)
    slots = max(total, MIN_SLOTS)
    slot = 100 / slots
    lang = translated.language()
    parts: list[str] = []
    if t.streak_from is not None:  # the streak: a band behind its games, a bracket over
        x, width = _pct(t.streak_from * slot), _pct((total - t.streak_from) * slot)
        parts.append(
            f'<rect class="streak-band" x="{x}" y="{BRACKET_Y}" width="{width}" '
            f'height="{SCORE_BASE - BRACKET_Y}"/>'
            f'<rect class="streak-bracket" x="{x}" y="{BRACKET_Y}" width="{width}" height="3"/>'
        )
    middle = (SCORE_TOP + SCORE_BASE) // 2
    parts.append(
        f'<line class="grid" x1="0" x2="100%" y1="{SCORE_TOP}" y2="{SCORE_TOP}"/>'
        f'<line class="grid" x1="0" x2="100%" y1="{middle}" y2="{middle}"/>'
        f'<line class="base" x1="0" x2="100%" y1="{SCORE_BASE}" y2="{SCORE_BASE}"/>'
        f'<line class="base" x1="0" x2="100%" y1="{MOVES_TOP}" y2="{MOVES_TOP}"/>'
    )
    # The scales: the score's top (left), the rate's (right), the moves' bottom (left).
    points = ngettext("{count} point", "{count} points", t.score_top)
    moves = ngettext("{count} move", "{count} moves", t.moves_top)
    parts.append(
        f'<text class="scale" x="0" y="{LABEL_Y}">'
        f"{escape(points.format(count=number(t.score_top, lang)))}</text>"
        f'<text class="scale rate-scale" x="100%" y="{LABEL_Y}" text-anchor="end">'
        f"{escape(percent(1.0, lang))}</text>"
        f'<text class="scale" x="0" y="{HEIGHT - 4}">'
        f"{escape(moves.format(count=number(t.moves_top, lang)))}</text>"
    )
    radius = 2.4 if total <= 50 else 1.7
    for index, game in enumerate(t.games):
        record = game.record
        x, width, middle_x = (
            _pct((index + 0.15) * slot),
            _pct(0.7 * slot),
            _pct((index + 0.5) * slot),
        )
        high = max(MIN_BAR, round(record.score / t.score_top * (SCORE_BASE - SCORE_TOP)))
        low = max(MIN_BAR, round(record.moves / t.moves_top * MOVES_H))
        parts.append(
            f'<rect class="bar {game.kind}" x="{x}" y="{SCORE_BASE - high}" width="{width}" '
            f'height="{high}"/>'
            f'<rect class="moves {game.kind}" x="{x}" y="{MOVES_TOP}" width="{width}" '
            f'height="{low}"/>'
        )
        glyph_y = SCORE_BASE - high - radius - 2
        if record.assisted:
            parts.append(f'<circle class="helped" cx="{middle_x}" cy="{glyph_y:g}" r="{radius}"/>')
        if record.won and record.clean:
            small = radius / 2 if record.assisted else radius
            parts.append(f'<circle class="clean" cx="{middle_x}" cy="{glyph_y:g}" r="{small:g}"/>')
    line = " ".join(f"{i + 0.5:g},{100 - g.rate * 100:.2f}" for i, g in enumerate(t.games))
    last = t.games[-1]
    parts.append(
        f'<svg class="rate" x="0" y="{SCORE_TOP}" width="100%" '
        f'height="{SCORE_BASE - SCORE_TOP}" viewBox="0 0 {slots} 100" '
        f'preserveAspectRatio="none"><polyline points="{line}" '
        f'vector-effect="non-scaling-stroke"/></svg>'
        f'<circle class="rate-dot" cx="{_pct((total - 0.5) * slot)}" '
        f'cy="{SCORE_BASE - last.rate * (SCORE_BASE - SCORE_TOP):.1f}" r="3"/>'
    )
    # Last, so they are on top: a mark over each game's whole column.
    for index, game in enumerate(t.games):
        stop = "0" if index == total - 1 else "-1"
        parts.append(
            f'<rect class="mark" x="{_pct(index * slot)}" y="0" width="{_pct(slot)}" '
            f'height="{HEIGHT}" data-game="{t.variant}-{index}" tabindex="{stop}" '
            f'role="img" aria-label="{escape(game_text(game, total, offset_minutes))}"/>'
        )
    return "".join(parts)


def _table(t: Trend, offset_minutes: int) -> str:
    """The chart's figures as a table, for screen readers (visually hidden)."""
    lang = translated.language()
    total = len(t.games)
    caption = ngettext(
        # Translators: the caption of the Statistics chart's figures as a table.
        "{variant}: the last {count} game",
        "{variant}: the last {count} games, oldest first",
        total,
    ).format(variant=translated.variant(t.variant), count=number(total, lang))
    heads = [
        # Translators: a column of the Statistics chart's table: the game's place, 1 the oldest.
        pgettext("chart", "No."),
        _("Ended"),
        _("Game"),
        _("Result"),
        _("Score"),
        _("Moves"),
        _("Time"),
        _("Notes"),
        # Translators: a column of the Statistics chart's table: the games won over the
        # games up to this one.
        _("Win rate so far"),
    ]
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    rows = []
    for game in t.games:
        record = game.record
        cells = [
            ended_cell(record.ended_at, offset_minutes),
            escape(game_name(record)),
            escape(result_text(record)),
            number(record.score, lang),
            number(record.moves, lang),
            f'<time datetime="{iso_duration(record.elapsed_ms)}">'
            f"{duration(record.elapsed_ms)}</time>",
            escape(notes(record)),
            percent(game.rate, lang),
        ]
        rows.append(
            f'<tr data-kind="{game.kind}"><th scope="row">{number(game.number, lang)}</th>'
            + "".join(f"<td>{c}</td>" for c in cells)
            + "</tr>"
        )
    # Hidden by a box around it: a table is never narrower than its cells, and one hidden
    # itself would still widen what scrolls around it.
    return (
        f'<div class="visually-hidden"><table class="trend-table">'
        f"<caption>{escape(caption)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def legend_markup() -> str:
    """What the marks mean, once under the charts."""
    items = [
        # Translators: the legend of the Statistics chart.
        ("won", _("Won")),
        ("assisted", _("Won with help")),
        ("abandoned", _("Abandoned")),
        ("clean", _("clean")),
        ("helped", _("with help")),
        ("rate", _("win rate so far")),
        ("streak", _("current winning streak")),
    ]
    keys = "".join(
        f'<li><span class="key {kind}" aria-hidden="true"></span>{escape(words)}</li>'
        for kind, words in items
    )
    # Translators: the name of the Statistics chart's legend, for screen readers.
    name = escape(_("Legend"))
    return f'<ul class="trend-legend" aria-label="{name}">{keys}</ul>'
