"""Translations: the compiled gettext catalogs, and which language to show.

The catalogs are ``i18n/<locale>/LC_MESSAGES/scorpion.mo`` beside the ``scorpion``
package (in the repository after ``python tools/i18n.py compile``), or beside the zip
archive the package is imported from (the page's app.zip, whose catalogs the page writes
beside it). They are read with the standard ``gettext`` module only, so this
works the same under CPython and Pyodide. Never rely on the process locale (it is
``C.UTF-8`` in the browser): every function takes the language explicitly.

Public language codes are BCP 47 tags, usable as they are in ``<html lang>``:
``en``, ``sv``, ``de`` and ``zh-TW``.

Choosing the language when the page opens::

    choice = negotiate_language(url_lang, saved_lang, navigator_languages)
    choice.lang          # "sv"
    choice.invalid_url   # "xx" when ?lang=xx named no language we have, else None
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Iterable
from pathlib import Path
from typing import Final, NamedTuple

#: The languages of the interface, as public codes, in menu order.
LANGUAGES: Final = ("en", "sv", "de", "zh-TW")
DEFAULT_LANGUAGE: Final = "en"
DOMAIN: Final = "scorpion"

#: Each language's name in that language, for the language menu (never translated).
LANGUAGE_NAMES: Final = {"en": "English", "sv": "Svenska", "de": "Deutsch", "zh-TW": "繁體中文"}

#: The catalog folder (gettext locale name) of each public code.
LOCALE_DIRS: Final = {"en": "en", "sv": "sv", "de": "de", "zh-TW": "zh_TW"}


def _catalog_dir(module_file: str = __file__) -> Path:
    """``i18n/`` beside the ``scorpion`` package; where the package is imported from a zip
    archive (the page's app.zip), beside the archive, where the catalogs are written."""
    root = Path(module_file).resolve().parent.parent
    return (root.parent if root.is_file() else root) / "i18n"


#: ``<dir containing scorpion>/i18n``: the repository's catalogs, or those beside app.zip.
CATALOG_DIR: Final = _catalog_dir()


class CatalogMissingError(FileNotFoundError):
    """A compiled catalog (``.mo``) is not where it should be."""


def check_language(lang: object) -> str:
    """Return ``lang`` if it is one of ``LANGUAGES``, else raise ValueError."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return lang


def catalog_path(lang: str, directory: Path = CATALOG_DIR) -> Path:
    """Where the compiled catalog of ``lang`` lives."""
    locale = LOCALE_DIRS[check_language(lang)]
    return directory / locale / "LC_MESSAGES" / f"{DOMAIN}.mo"


def load_translations(lang: str, directory: Path = CATALOG_DIR) -> gettext.GNUTranslations:
    """Read the compiled catalog of ``lang`` from ``directory`` (no cache, no fallback).

    Raises ValueError for an unknown language and CatalogMissingError when the ``.mo``
    file is absent: a missing catalog is a build error, never a reason to show English.
    """
    path = catalog_path(lang, directory)
    try:
        with path.open("rb") as mo_file:
            return gettext.GNUTranslations(mo_file)
    except FileNotFoundError:
        raise CatalogMissingError(
            f"no compiled catalog for {lang!r} at {path}: "
            "run `python tools/i18n.py compile` (the site build ships them)"
        ) from None


@functools.cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The catalog of ``lang`` (one of ``LANGUAGES``), read once and kept.

    Use its ``gettext``/``ngettext``/``pgettext``/``npgettext`` methods, with the
    messages written out in the call so that ``tools/i18n.py extract`` finds them.
    """
    return load_translations(lang)


# --- choosing the language ---------------------------------------------------------


class Negotiation(NamedTuple):
    """The language to show, why, and which given values named no language we have.

    ``source`` is ``"url"``, ``"saved"``, ``"browser"`` or ``"default"``.
    ``invalid_url`` / ``invalid_saved`` hold a ``?lang=`` value or a saved choice that
    was ignored (so the interface can say so, or forget the saved value), else None.
    """

    lang: str
    source: str
    invalid_url: str | None = None
    invalid_saved: str | None = None


def _subtags(tag: str) -> list[str]:
    return [part for part in tag.strip().replace("_", "-").lower().split("-") if part]


def match_language(tag: object) -> str | None:
    """The language of ``LANGUAGES`` a BCP 47 tag asks for, or None.

    ``sv*`` is Swedish, ``de*`` German, ``en*`` English; Chinese in traditional
    characters (``zh-TW``, ``zh-Hant*``, ``zh-HK``, ``zh-MO``) is ``zh-TW``. Case and
    ``_`` for ``-`` do not matter. Other Chinese (``zh``, ``zh-CN``, ``zh-Hans*``)
    and every other language give None.
    """
    if not isinstance(tag, str):
        return None
    parts = _subtags(tag)
    if not parts:
        return None
    primary = parts[0]
    if primary in ("en", "sv", "de"):
        return primary
    if primary == "zh":
        rest = parts[1:]
        if "hant" in rest:
            return "zh-TW"
        if "hans" in rest:
            return None
        if any(region in rest for region in ("tw", "hk", "mo")):
            return "zh-TW"
    return None


def negotiate_language(
    url_lang: str | None, saved_lang: str | None, browser_langs: Iterable[str] | None
) -> Negotiation:
    """Pick the interface language: ``?lang=`` first, then the saved choice, then the
    browser's preferred languages in order (the first we have wins), else English.

    An empty or missing value is skipped silently; a value that names no language we
    have is skipped too and reported in ``invalid_url`` / ``invalid_saved`` (a bad saved
    value is reported even when ``?lang=`` decides, so the interface can forget it).

    >>> negotiate_language(None, None, ["fr-FR", "de-AT", "en"])
    Negotiation(lang='de', source='browser', invalid_url=None, invalid_saved=None)
    >>> negotiate_language("xx", "sv", [])
    Negotiation(lang='sv', source='saved', invalid_url='xx', invalid_saved=None)
    """
    url, invalid_url = _given(url_lang)
    saved, invalid_saved = _given(saved_lang)
    if url:
        return Negotiation(url, "url", None, invalid_saved)
    if saved:
        return Negotiation(saved, "saved", invalid_url)
    for tag in browser_langs or ():
        found = match_language(tag)
        if found:
            return Negotiation(found, "browser", invalid_url, invalid_saved)
    return Negotiation(DEFAULT_LANGUAGE, "default", invalid_url, invalid_saved)


def _given(value: str | None) -> tuple[str | None, str | None]:
    """(language, None) for a usable value, (None, value) for an invalid one, else (None, None)."""
    if value is None or not str(value).strip():
        return None, None
    found = match_language(value)
    return (found, None) if found else (None, str(value))
