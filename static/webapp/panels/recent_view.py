"""The last games as the Statistics dialog shows them (pure: markup out, no DOM).

Dates are written the ISO way (``2026-12-01 18:05``), read the same in every language,
in the player's local time: the browser gives the offset from UTC (``Date``'s
``getTimezoneOffset``: minutes, positive west of Greenwich), since the runtime has no
time zone data.

>>> when(1_796_148_300_000, 0), when(1_796_148_300_000, -60)
('2026-12-01 18:05', '2026-12-01 19:05')
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from scorpion.history import GameRecord
from webapp import translated
from webapp.escaping import escape
from webapp.figures import duration, iso_duration, number
from webapp.translated import _


def local(ms: int, offset_minutes: int) -> datetime:
    """The moment ``ms`` (since 1970) in the player's time zone."""
    zone = timezone(timedelta(minutes=-offset_minutes))
    return datetime.fromtimestamp(ms / 1000, UTC).astimezone(zone)


def when(ms: int, offset_minutes: int) -> str:
    return local(ms, offset_minutes).strftime("%Y-%m-%d %H:%M")


def game_name(record: GameRecord) -> str:
    """The variant and the deal: ``Classic #7``, or the variant with an own deck."""
    variant = translated.variant(record.variant)
    if record.deal is None:
        # Translators: a game dealt from a deck given in a link, not a numbered deal.
        return _("{variant}, own deck").format(variant=variant)
    return f"{variant} #{record.deal}"


def result_text(record: GameRecord) -> str:
    # Translators: how a game in the list of the last games ended.
    return _("Won") if record.won else _("Abandoned")


def assist_words(record: GameRecord) -> list[str]:
    words = {
        # Translators: the kinds of help a game had, in the list of the last games.
        "hint": _("hint"),
        "solver_line": _("solver's line"),
        "auto_finish": _("auto-finish"),
    }
    return [words[kind] for kind in record.assisted]


def notes(record: GameRecord) -> str:
    """Assisted (and by what), clean: what else the list says of a game."""
    said = []
    if record.assisted:
        # Translators: a game that had help; {kinds} lists it ("hint, auto-finish").
        said.append(_("assisted ({kinds})").format(kinds=", ".join(assist_words(record))))
    if record.won and record.clean:
        # Translators: a win where no undo took back a card turned face up.
        said.append(_("clean"))
    return "; ".join(said)


def headings() -> list[str]:
    return [
        # Translators: the columns of the list of the last games.
        _("Ended"),
        _("Game"),
        _("Result"),
        _("Moves"),
        _("Time"),
        _("Score"),
        _("Notes"),
    ]


def table_markup(records: tuple[GameRecord, ...], offset_minutes: int) -> str:
    """The last games, newest first: a row per game with ``data-result`` (and
    ``data-assisted``, the kinds) for tests; empty when no game has ended."""
    if not records:
        return ""
    lang = translated.language()
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headings())
    rows = []
    for record in records:
        cells = [
            ended_cell(record.ended_at, offset_minutes),
            escape(game_name(record)),
            escape(result_text(record)),
            number(record.moves, lang),
            f'<time datetime="{iso_duration(record.elapsed_ms)}">'
            f"{duration(record.elapsed_ms)}</time>",
            number(record.score, lang),
            escape(notes(record)),
        ]
        first, *rest = cells
        assisted = " ".join(record.assisted)
        rows.append(
            f'<tr data-result="{record.result}" data-assisted="{assisted}">'
            f'<th scope="row">{first}</th>{"".join(f"<td>{c}</td>" for c in rest)}</tr>'
        )
    return f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"


def ended_cell(ended_at: int, offset_minutes: int) -> str:
    """When a game ended, as a table cell's ``<time>`` (the recent games' list, the chart's
    table)."""
    moment = local(ended_at, offset_minutes)
    return (
        f'<time datetime="{moment.isoformat(timespec="minutes")}">'
        f"{when(ended_at, offset_minutes)}</time>"
    )
