"""Loading the catalogs and choosing the language (scorpion/i18n.py)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorpion.i18n import (
    CATALOG_DIR,
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    LOCALE_DIRS,
    CatalogMissingError,
    Negotiation,
    catalog_path,
    load_translations,
    match_language,
    negotiate_language,
    translations,
)

SCORPION_DIR = Path(__file__).resolve().parent.parent / "scorpion"

# --- the catalogs ------------------------------------------------------------------------


def test_the_four_languages_and_their_folders():
    assert LANGUAGES == ("en", "sv", "de", "zh-TW")
    assert DEFAULT_LANGUAGE == "en"
    assert LOCALE_DIRS == {"en": "en", "sv": "sv", "de": "de", "zh-TW": "zh_TW"}
    assert LANGUAGE_NAMES == {
        "en": "English",
        "sv": "Svenska",
        "de": "Deutsch",
        "zh-TW": "繁體中文",
    }


def test_the_catalogs_sit_beside_the_package():
    assert SCORPION_DIR.parent / "i18n" == CATALOG_DIR
    assert catalog_path("zh-TW") == CATALOG_DIR / "zh_TW" / "LC_MESSAGES" / "scorpion.mo"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_loads_from_its_mo_file(lang):
    catalog = translations(lang)
    assert isinstance(catalog, gettext.GNUTranslations)
    assert translations(lang) is catalog  # read once
    assert catalog.info()["language"] == LOCALE_DIRS[lang]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Only a King can go onto an empty column"),
        ("sv", "Endast en kung får läggas i en tom kolumn"),
        ("de", "Nur ein König darf auf eine leere Spalte gelegt werden"),
        ("zh-TW", "只有 K 可以移到空列"),
    ],
)
def test_a_message_in_each_language(lang, text):
    assert translations(lang).gettext("Only a King can go onto an empty column") == text


@pytest.mark.parametrize("lang", ["fr", "zh_TW", "EN", "", None, "zh"])
def test_an_unknown_language_is_a_clear_error(lang):
    with pytest.raises(ValueError, match="unknown language"):
        translations(lang)


def test_a_missing_catalog_is_an_error_not_english(tmp_path):
    with pytest.raises(CatalogMissingError) as error:
        load_translations("sv", tmp_path)
    message = str(error.value)
    assert "'sv'" in message
    assert str(tmp_path / "sv" / "LC_MESSAGES" / "scorpion.mo") in message
    assert "tools/i18n.py compile" in message
    assert isinstance(error.value, FileNotFoundError)


def test_a_catalog_is_read_from_the_given_folder(tmp_path):
    target = tmp_path / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "scorpion.mo").write_bytes(catalog_path("de").read_bytes())
    assert load_translations("de", tmp_path).pgettext("suit", "hearts") == "Herz"


def test_the_process_locale_does_not_matter(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(name, "sv_SE.UTF-8")
    assert load_translations("de").pgettext("suit", "spades") == "Pik"
    assert load_translations("en").pgettext("suit", "spades") == "spades"


# --- plural forms ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "sv", "de"])
def test_two_plural_forms_for_one_and_the_rest(lang):
    plural = translations(lang).plural  # type: ignore[attr-defined]
    assert [plural(n) for n in (0, 1, 2, 5, 11, 21, 100)] == [1, 0, 1, 1, 1, 1, 1]


def test_chinese_has_a_single_plural_form():
    plural = translations("zh-TW").plural  # type: ignore[attr-defined]
    assert {plural(n) for n in range(30)} == {0}


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("en", "1 face-down card", "3 face-down cards"),
        ("sv", "1 dolt kort", "3 dolda kort"),
        ("de", "1 verdeckte Karte", "3 verdeckte Karten"),
        ("zh-TW", "1 張暗牌", "3 張暗牌"),
    ],
)
def test_ngettext_picks_the_form(lang, one, three):
    catalog = translations(lang)

    def text(n):
        return catalog.ngettext("{count} face-down card", "{count} face-down cards", n).format(
            count=n
        )

    assert (text(1), text(3)) == (one, three)


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "Game won with 1 point", "Game won with 695 points"),
        ("sv", "Partiet är vunnet med 1 poäng", "Partiet är vunnet med 695 poäng"),
        ("de", "Spiel mit 1 Punkt gewonnen", "Spiel mit 695 Punkten gewonnen"),
        ("zh-TW", "遊戲獲勝，共得 1 分", "遊戲獲勝，共得 695 分"),
    ],
)
def test_npgettext_picks_the_form_in_its_context(lang, one, many):
    catalog = translations(lang)

    def text(n):
        return catalog.npgettext(
            "played", "Game won with {score} point", "Game won with {score} points", n
        ).format(score=n)

    assert (text(1), text(695)) == (one, many)


# --- choosing the language -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("en", "en"),
        ("en-US", "en"),
        ("EN-gb", "en"),
        ("sv", "sv"),
        ("sv-SE", "sv"),
        ("sv-FI", "sv"),
        ("de", "de"),
        ("de-DE", "de"),
        ("de-AT", "de"),
        ("de-CH", "de"),
        ("zh-TW", "zh-TW"),
        ("zh-tw", "zh-TW"),
        ("zh_TW", "zh-TW"),
        ("zh-Hant", "zh-TW"),
        ("zh-Hant-TW", "zh-TW"),
        ("zh-Hant-HK", "zh-TW"),
        ("zh-HK", "zh-TW"),
        ("zh-MO", "zh-TW"),
        (" sv ", "sv"),
        ("zh", None),
        ("zh-CN", None),
        ("zh-SG", None),
        ("zh-Hans", None),
        ("zh-Hans-TW", None),
        ("fr", None),
        ("fr-CA", None),
        ("svx", None),
        ("dex", None),
        ("x-sv", None),
        ("", None),
        ("-", None),
        (None, None),
        (42, None),
    ],
)
def test_match_language(tag, lang):
    assert match_language(tag) == lang


def test_the_link_comes_first():
    assert negotiate_language("de", "sv", ["zh-TW"]) == Negotiation("de", "url")


def test_then_the_saved_choice():
    assert negotiate_language(None, "sv", ["de-DE"]) == Negotiation("sv", "saved")
    assert negotiate_language("", "zh-TW", ["de-DE"]) == Negotiation("zh-TW", "saved")


def test_then_the_browser_list_in_order():
    assert negotiate_language(None, None, ["fr-FR", "de-AT", "sv"]) == Negotiation("de", "browser")
    assert negotiate_language(None, None, ["zh-HK", "en"]) == Negotiation("zh-TW", "browser")
    assert negotiate_language(None, None, ["zh-CN", "zh-Hant"]).lang == "zh-TW"
    assert negotiate_language(None, None, ["en-US", "de"]).lang == "en"


def test_english_when_nothing_matches():
    assert negotiate_language(None, None, ["fr", "zh-CN", "ja"]) == Negotiation("en", "default")
    assert negotiate_language(None, None, []) == Negotiation("en", "default")
    assert negotiate_language(None, None, None) == Negotiation("en", "default")


def test_an_invalid_link_value_is_skipped_and_reported():
    assert negotiate_language("xx", "sv", ["de"]) == Negotiation("sv", "saved", invalid_url="xx")
    assert negotiate_language("zh-CN", None, ["de"]) == Negotiation(
        "de", "browser", invalid_url="zh-CN"
    )
    assert negotiate_language("klingon", None, None) == Negotiation(
        "en", "default", invalid_url="klingon"
    )


def test_an_invalid_saved_value_is_skipped_and_reported():
    assert negotiate_language(None, "fr", ["de"]) == Negotiation(
        "de", "browser", invalid_saved="fr"
    )
    # Reported even when the link decides, so the interface can forget it.
    assert negotiate_language("sv", "fr", ["de"]) == Negotiation("sv", "url", invalid_saved="fr")


def test_both_invalid():
    assert negotiate_language("??", "!!", ["sv-SE"]) == Negotiation("sv", "browser", "??", "!!")


def test_empty_values_are_not_invalid():
    assert negotiate_language("", "  ", ["de"]) == Negotiation("de", "browser")


def test_public_codes_are_accepted_in_any_case():
    assert negotiate_language("ZH-tw", None, None).lang == "zh-TW"
    assert negotiate_language("zh_TW", None, None).lang == "zh-TW"


def test_the_result_is_a_tuple():
    lang, source, invalid_url, invalid_saved = negotiate_language("xx", None, ["sv"])
    assert (lang, source, invalid_url, invalid_saved) == ("sv", "browser", "xx", None)


@given(
    st.one_of(st.none(), st.text(max_size=12)),
    st.one_of(st.none(), st.text(max_size=12)),
    st.lists(st.text(max_size=12), max_size=5),
)
def test_negotiation_always_gives_a_language(url, saved, browser):
    result = negotiate_language(url, saved, browser)
    assert result.lang in LANGUAGES
    assert result.source in ("url", "saved", "browser", "default")
    if result.invalid_url is not None:
        assert result.invalid_url == url and match_language(url) is None


# --- portability ---------------------------------------------------------------------------


def test_the_package_never_imports_the_browser():
    pattern = re.compile(r"^\s*(import|from)\s+(js|pyscript|pyodide)\b", re.MULTILINE)
    for path in sorted(SCORPION_DIR.glob("*.py")):
        assert not pattern.search(path.read_text(encoding="utf-8")), path.name


def test_catalogs_beside_the_zip_archive_the_package_is_imported_from(tmp_path: Path) -> None:
    """In the page, Python imports the package from app.zip and the catalogs are written
    beside the archive (static/app-files.mjs)."""
    from scorpion.i18n import _catalog_dir

    archive = tmp_path / "app.zip"
    archive.write_bytes(b"PK")
    assert _catalog_dir(str(archive / "scorpion" / "i18n.pyc")) == tmp_path / "i18n"
    package = tmp_path / "src" / "scorpion"
    assert _catalog_dir(str(package / "i18n.py")) == tmp_path / "src" / "i18n"
