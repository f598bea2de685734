"""The translation catalogs against the code: nothing missing, stale, fuzzy or untranslated,
the same placeholders as the msgid, the right plural forms. Also the checker itself.

Babel reads the catalogs here, so these tests run under CPython only. By hand:
``python tools/i18n.py check``.
"""

from __future__ import annotations

import gettext
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parent.parent


def _load_tool() -> ModuleType:
    name = "_scorpion_i18n_tool"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "i18n.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="module")
def tool():
    pytest.importorskip("babel")
    return _load_tool()


@pytest.fixture(scope="module")
def expected(tool):
    """What a fresh extraction of the sources finds."""
    return tool.keys(tool.extract())


@pytest.fixture(scope="module")
def problems(tool, expected):
    found = {}
    for locale in tool.LOCALES:
        catalog = tool.read_catalog(tool.po_path(locale), locale)
        found[locale] = tool.check_catalog(locale, catalog, expected)
    return found


LOCALES = ("en", "sv", "de", "zh_TW")


def _of_kind(problems, locale, kind):
    return [str(problem) for problem in problems[locale] if problem.kind == kind]


def test_the_extraction_finds_the_games_words(expected):
    assert (None, "Only a King can go onto an empty column") in expected
    assert ("board", "{reserve}; {removed}. {columns}.") in expected
    assert ("card name", "jack of {suit}") in expected
    assert (None, "{count} face-down card") in expected  # plural: keyed by its singular


@pytest.mark.parametrize("locale", LOCALES)
def test_no_message_missing(problems, locale):
    assert _of_kind(problems, locale, "missing") == [], "run `tools/i18n.py update`"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_stale_message(problems, locale):
    assert _of_kind(problems, locale, "stale") == [], "run `tools/i18n.py update`"


@pytest.mark.parametrize("locale", LOCALES)
def test_nothing_fuzzy(problems, locale):
    assert _of_kind(problems, locale, "fuzzy") == []


@pytest.mark.parametrize("locale", LOCALES)
def test_everything_translated(problems, locale):
    assert _of_kind(problems, locale, "untranslated") == []


@pytest.mark.parametrize("locale", LOCALES)
def test_placeholders_match_the_msgid(problems, locale):
    assert _of_kind(problems, locale, "placeholders") == []


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_forms(problems, locale):
    assert _of_kind(problems, locale, "plural_forms") == []


@pytest.mark.parametrize(
    ("locale", "header"),
    [
        ("en", "nplurals=2; plural=(n != 1);"),
        ("sv", "nplurals=2; plural=(n != 1);"),
        ("de", "nplurals=2; plural=(n != 1);"),
        ("zh_TW", "nplurals=1; plural=0;"),
    ],
)
def test_plural_forms_header(tool, locale, header):
    text = tool.po_path(locale).read_text(encoding="utf-8")
    assert f'"Plural-Forms: {header}\\n"' in text
    assert f'"Language: {locale}\\n"' in text


def test_the_template_is_up_to_date(tool, expected):
    assert tool.keys(tool.read_catalog(tool.POT_PATH)) == expected, "run `tools/i18n.py extract`"


def test_english_repeats_the_msgids(tool):
    catalog = tool.read_catalog(tool.po_path("en"), "en")
    for message in catalog:
        if message.id:
            assert message.string == message.id or list(message.string) == list(message.id)


@pytest.mark.parametrize("locale", ["sv", "de", "zh_TW"])
def test_translated_catalogs_are_not_english(tool, locale):
    catalog = tool.read_catalog(tool.po_path(locale), locale)
    same = [m.id for m in catalog if m.id and not m.pluralizable and m.string == m.id]
    # Only what is the same in every language: separators, templates, key names, letters.
    assert all(len(text) <= 40 for text in same), same


# --- the checker finds what it should -------------------------------------------------------


def _catalog(tool, locale="de"):
    from babel.messages.catalog import Catalog

    return Catalog(locale=locale, domain="scorpion", fuzzy=False)


def test_the_checker_finds_each_kind_of_problem(tool):
    catalog = _catalog(tool)
    catalog.add("Undo", "Rückgängig")
    catalog.add("Redo", "Wiederholen", flags=["fuzzy"])
    catalog.add("Hint", "")
    catalog.add("{card} to column {column}", "{card} auf Spalte {spalte}")
    catalog.add("Old", "Alt")
    catalog.add(("{count} card", "{count} cards"), ("{count} Karte",))
    catalog.add("broken {brace", "kaputt {")
    expected = {
        (None, "Undo"),
        (None, "Redo"),
        (None, "Hint"),
        (None, "{card} to column {column}"),
        (None, "{count} card"),
        (None, "broken {brace"),
        ("button", "New game"),
    }
    found = {(p.kind, p.detail.split(":")[0]) for p in tool.check_catalog("de", catalog, expected)}
    assert ("missing", "'New game' (context 'button')") in found
    assert ("stale", "'Old'") in found
    assert ("fuzzy", "'Redo'") in found
    assert ("untranslated", "'Hint'") in found
    assert ("placeholders", "'{card} to column {column}'") in found
    assert ("plural_forms", "'{count} card'") in found
    assert ("placeholders", "'broken {brace'") in found
    assert not any(detail == "'Undo'" for _, detail in found)


def test_the_checker_wants_the_languages_plural_rule(tool):
    catalog = _catalog(tool, "zh_TW")
    problems = tool.check_catalog("zh_TW", catalog, set())
    assert problems == []
    catalog._num_plurals, catalog._plural_expr = 2, "(n != 1)"
    problems = tool.check_catalog("zh_TW", catalog, set())
    assert [p.kind for p in problems] == ["plural_forms"]


def test_placeholders(tool):
    assert tool.placeholders("{card} from column {column}") == {"card", "column"}
    assert tool.placeholders("no fields, {{braces}}") == set()
    with pytest.raises(ValueError):
        tool.placeholders("{unclosed")


# --- the workflow, on a scratch tree --------------------------------------------------------


def test_extract_update_compile_check_on_a_scratch_tree(tool, tmp_path):
    (tmp_path / "scorpion").mkdir()
    (tmp_path / "scorpion" / "words.py").write_text(
        "def f(t, n):\n"
        "    # Translators: a button.\n"
        '    t.pgettext("button", "Deal")\n'
        '    return t.ngettext("{count} move", "{count} moves", n)\n',
        encoding="utf-8",
    )
    (tmp_path / "static" / "webapp").mkdir(parents=True)
    (tmp_path / "static" / "webapp" / "ui.py").write_text('_("Undo")\n', encoding="utf-8")
    (tmp_path / "static" / "vendor").mkdir()
    (tmp_path / "static" / "vendor" / "skip.py").write_text('_("Vendored")\n', encoding="utf-8")

    template = tool.extract(tmp_path)
    assert tool.keys(template) == {("button", "Deal"), (None, "{count} move"), (None, "Undo")}
    deal = template.get("Deal", context="button")
    assert deal.auto_comments == ["a button."]
    i18n = tmp_path / "i18n"
    tool.write_template(template, i18n / "scorpion.pot")
    tool.update(i18n, template)

    problems = tool.check(tmp_path)
    assert {p.locale for p in problems} == {"sv", "de", "zh_TW"}  # en is filled by itself
    assert {p.kind for p in problems} == {"untranslated"}

    sv = tool.read_catalog(tool.po_path("sv", i18n), "sv")
    sv.get("Deal", context="button").string = "Dela ut"
    sv.get("Undo").string = "Ångra"
    sv.get(("{count} move", "{count} moves")).string = ("{count} drag", "{count} drag")
    tool.po_path("sv", i18n).write_bytes(tool.po_bytes(sv))
    tool.update(i18n, template)  # a second update keeps the translations
    assert not [p for p in tool.check(tmp_path) if p.locale == "sv"]

    tool.compile_all(i18n)
    with (i18n / "sv" / "LC_MESSAGES" / "scorpion.mo").open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)
    assert catalog.pgettext("button", "Deal") == "Dela ut"
    assert catalog.ngettext("{count} move", "{count} moves", 2) == "{count} drag"
    assert tool.compile_all(i18n) == []  # nothing changed, nothing written

    (tmp_path / "static" / "webapp" / "ui.py").write_text('_("Redo")\n', encoding="utf-8")
    kinds = {(p.locale, p.kind) for p in tool.check(tmp_path)}
    assert ("pot", "template") in kinds
    assert ("sv", "missing") in kinds and ("sv", "stale") in kinds
