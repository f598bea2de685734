"""Review this game, drawn: the chart of the chance to win after each move (an SVG made
here, ``#review-chart``), the mistakes, and the table of moves (``#review-table``) for
screen readers and keyboards. Pure functions from the review's points to markup; the
panel (``game_reviewer``) writes them through the chrome.

>>> from scorpion.game_review import Point
>>> points = (Point(0, None, None, won=True),)
>>> 'data-chances="100"' in chart_markup(points, (), None)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from scorpion.game import Game
from scorpion.game_review import Mistake, Point
from scorpion.moves import Action
from scorpion.wording import describe_move
from webapp import figures, translated
from webapp.escaping import escape
from webapp.translated import _

WIDTH, HEIGHT = 320, 150  # the chart's own units; it is drawn at the dialog's width
LEFT, RIGHT, TOP, BOTTOM = 38, 8, 10, 22  # room for the axis labels ("100 %" whole)


def x_of(index: int, count: int) -> float:
    """Where position ``index`` of ``count`` stands across the chart."""
    return round(LEFT + (WIDTH - LEFT - RIGHT) * index / max(1, count - 1), 1)


def y_of(percent: int) -> float:
    return round(TOP + (HEIGHT - TOP - BOTTOM) * (100 - percent) / 100, 1)


def percent_text(percent: int) -> str:
    return figures.percent(percent / 100, translated.language())


def chart_markup(
    points: Sequence[Point], mistakes: Sequence[Mistake], solver_index: int | None, total: int = 0
) -> str:
    """The chart as SVG: the chance after each move (positions judged so far, of ``total``),
    the reserve's deal (dashed) and removed sequences (a triangle on top) marked, the
    mistakes ringed and numbered, and the solver's answer (``solver_index``: the last
    position it found winnable) apart, as the solver's. Each point carries its
    ``data-index``: choosing it shows the board there."""
    count = max(total, len(points), 2)
    chances = ",".join(str(point.percent) for point in points)
    title = _("The chance to win after each move")
    parts = [
        f'<svg id="review-chart" class="review-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-labelledby="review-chart-title" data-chances="{chances}">',
        f'<title id="review-chart-title">{escape(title)}</title>',
    ]
    for level in (0, 50, 100):
        y = y_of(level)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>'
            f'<text class="axis" x="{LEFT - 4}" y="{y + 3}" text-anchor="end">'
            f"{escape(percent_text(level))}</text>"
        )
    moves_label = _("Moves")
    parts.append(
        f'<text class="axis" x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 4}" '
        f'text-anchor="middle">{escape(moves_label)} ({count - 1})</text>'
    )
    for point in points:
        x = x_of(point.index, count)
        if point.dealt:
            parts.append(
                f'<line class="deal-mark" x1="{x}" x2="{x}" y1="{TOP}" y2="{HEIGHT - BOTTOM}">'
                f"<title>{escape(_('The reserve dealt'))}</title></line>"
            )
        if point.removed:
            parts.append(
                f'<path class="removed-mark" d="M{x - 4} {TOP - 8}h8l-4 6z">'
                f"<title>{escape(_('A sequence removed'))}</title></path>"
            )
    if solver_index is not None and solver_index < len(points):
        x = x_of(solver_index, count)
        said = _("The solver, which sees every card: still winnable here")
        parts.append(
            f'<line class="solver-mark" x1="{x}" x2="{x}" y1="{TOP}" y2="{HEIGHT - BOTTOM}">'
            f"<title>{escape(said)}</title></line>"
        )
    if points:
        line = " ".join(f"{x_of(p.index, count)},{y_of(p.percent)}" for p in points)
        parts.append(f'<polyline class="chance" points="{line}"/>')
    marked = {mistake.number: rank for rank, mistake in enumerate(mistakes, start=1)}
    for point in points:
        x, y = x_of(point.index, count), y_of(point.percent)
        rank = marked.get(point.index)
        name = point_name(point)
        kind = "point mistake" if rank else "point"
        parts.append(
            f'<g class="{kind}" data-index="{point.index}"><title>{escape(name)}</title>'
            f'<circle class="hit" cx="{x}" cy="{y}" r="7"/>'
            f'<circle class="dot" cx="{x}" cy="{y}" r="{4 if rank else 2.2}"/>'
        )
        if rank:
            parts.append(
                f'<text class="mistake-number" x="{x}" y="{y - 7}" text-anchor="middle">'
                f"{rank}</text>"
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def point_name(point: Point) -> str:
    """A point's tooltip: where it is and its chance."""
    chance = percent_text(point.percent)
    if point.index == 0:
        return _("The deal: {chance}").format(chance=chance)
    return _("After move {number}: {chance}").format(number=point.index, chance=chance)


#: Each action of the line in words, and the hint's move there in words (None: none).
Words = Sequence[tuple[str, str | None]]


def line_words(game: Game, better: Sequence[Action | None]) -> list[tuple[str, str | None]]:
    """Each action of ``game``'s line in words, with ``better[n]`` (the hint's move for
    action ``n + 1``, or None) in words, read from the position before it: one replay of
    the line."""
    lang = translated.language()
    replay = Game.from_deck(game.deck, game.variant)
    words: list[tuple[str, str | None]] = []
    for number, action in enumerate(game.moves):
        move = better[number] if number < len(better) else None
        said = describe_move(replay, move, lang) if move is not None else None
        words.append((describe_move(replay, action, lang), said))
        replay.play(action)
    return words


def mistakes_markup(mistakes: Sequence[Mistake], words: Words) -> str:
    """The mistakes, the largest fall first, each with the hint's move there and the
    chance it kept."""
    items = []
    for rank, mistake in enumerate(mistakes, start=1):
        played, better = words[mistake.number - 1]
        said = _(
            "{rank}. Move {number}: {played} took the chance from {before} to {after}. "
            "The hint preferred {better}, which kept {before}."
        ).format(
            rank=rank,
            number=mistake.number,
            played=played,
            better=better or "",
            before=percent_text(mistake.before),
            after=percent_text(mistake.after),
        )
        items.append(
            f'<li><button type="button" class="linkish" data-index="{mistake.number}">'
            f"{escape(said)}</button></li>"
        )
    return "".join(items)


def table_markup(
    points: Sequence[Point],
    words: Words,
    mistakes: Sequence[Mistake],
    solver_index: int | None,
) -> str:
    """A row per move judged: its number (a button that shows the board there), the move
    in words, the chance before and after, the better move where there was one."""
    head = "".join(
        f'<th scope="col">{escape(text)}</th>'
        for text in (_("Move"), _("Played"), _("Before"), _("After"), _("Hint's move"))
    )
    marked = {mistake.number for mistake in mistakes}
    rows = []
    for number in range(1, len(points)):
        point, previous = points[number], points[number - 1]
        said, better = words[number - 1]
        notes = []
        if point.dealt:
            notes.append(_("the reserve dealt"))
        if point.removed:
            notes.append(_("a sequence removed"))
        if number in marked:
            notes.append(_("a mistake"))
        if solver_index == number:
            notes.append(_("the solver, which sees every card: the last winnable position"))
        if notes:
            said += " (" + ", ".join(notes) + ")"
        shown = _("Show move {number}").format(number=number)
        kind = ' class="mistake"' if number in marked else ""
        rows.append(
            f'<tr data-index="{number}"{kind}>'
            f'<th scope="row"><button type="button" data-index="{number}" '
            f'aria-label="{escape(shown)}">{number}</button></th>'
            f"<td>{escape(said)}</td>"
            f"<td>{escape(percent_text(previous.percent))}</td>"
            f"<td>{escape(percent_text(point.percent))}</td>"
            f"<td>{escape(better or '')}</td></tr>"
        )
    return f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
