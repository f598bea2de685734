"""Numbers, decimals, percents and times as each language writes them.

Numbers follow each language's habits: ``1,234`` in English and Chinese, ``1 234`` in
Swedish, ``1.234`` in German; a percent sign after a (no-break) space in Swedish and
German. Times read as a clock: ``4:05``, ``1:02:03``.

>>> number(12345, "sv"), number(12345, "de"), percent(2 / 3, "de"), duration(245_000)
('12\\xa0345', '12.345', '67\\xa0%', '4:05')
>>> decimal(1234.25, "de"), decimal(57.45, "en"), decimal(None, "sv")
('1.234,3', '57.5', '–')
"""

from __future__ import annotations

GROUPING = {"en": ",", "sv": "\u00a0", "de": ".", "zh-TW": ","}
DECIMAL = {"en": ".", "sv": ",", "de": ",", "zh-TW": "."}
PERCENT = {"en": "{n}%", "sv": "{n}\u00a0%", "de": "{n}\u00a0%", "zh-TW": "{n}%"}
NONE = "–"  # no value yet (no game played, no game won)


def number(value: int, lang: str) -> str:
    """A whole number with the language's thousands separator."""
    text = f"{value:,}"
    return text.replace(",", GROUPING.get(lang, ","))


def decimal(value: float | None, lang: str) -> str:
    """A number to one decimal place (half up), as the language writes it."""
    if value is None:
        return NONE
    tenths = int(value * 10 + 0.5)
    whole, tenth = divmod(tenths, 10)
    return f"{number(whole, lang)}{DECIMAL.get(lang, '.')}{tenth}"


def percent(rate: float | None, lang: str) -> str:
    """A rate from 0 to 1 as a whole percent (half up); ``–`` for none."""
    if rate is None:
        return NONE
    whole = int(rate * 100 + 0.5)
    return PERCENT.get(lang, "{n}%").format(n=whole)


def duration(ms: int | None) -> str:
    """Milliseconds as a clock: ``m:ss``, or ``h:mm:ss`` from an hour on."""
    if ms is None:
        return NONE
    seconds = max(0, int(ms)) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def iso_duration(ms: int) -> str:
    """The same time for ``<time datetime>``: ``PT4M5S``."""
    seconds = max(0, int(ms)) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return "PT" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes else "") + f"{secs}S"


def timer_text(ms: int) -> str:
    """The play time shown on the table when the timer is on."""
    return duration(ms)
