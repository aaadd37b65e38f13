"""Translation: every text the table shows goes through `tr` (or `trn`, `trc`), and through nothing else.

Messages are written in English in the code, with named fields, never pieced together:

    tr("{who} draws from the deck.", who=name)
    trn("{n} card", "{n} cards", count, n=count)
    trc("button", "Draw")            # a context where one English word has two German ones

A text that is set down before it is shown (a label in a module-level table) is marked with `N_`
for the catalog and translated where it is drawn: `tr(LABEL)`. A ruleset's text may carry a German
text beside the English one (`Text`, see game/engine/schema.py: `name: {en: ..., de: ...}`); `tr`
shows it in the current language, and fields that are such texts are shown so too.

The catalogs are gettext's: `<package>/locale/<language>/LC_MESSAGES/<domain>.mo`, one for the core
(game/locale, domain "cardtable") and one per family in the family's own folder (domain: the
family's folder name). They are made from the `.po` files by `python tools/translations.py
compile` (Babel, a build-time dependency only; the app reads the `.mo` files with the standard
library's gettext). tests/test_translations.py fails on an untranslated, stale or mistyped message.

The language is the player's setting ("en", "de"; by default the system's), set by the app at start
and by the settings screen. Until then it is English: the command line and the tests speak English.
"""
from __future__ import annotations

import gettext
import locale
import os
import string
from typing import Optional

from game.paths import resource_path

LANGUAGES = {"en": "English", "de": "Deutsch"}     # code -> the language's own name for itself
DEFAULT = "en"                                      # the language of the code's messages
CONTEXT_SEPARATOR = "\x04"                          # gettext's, between msgctxt and msgid

_language = DEFAULT
_catalog: Optional[gettext.NullTranslations] = None     # the current language's, loaded on first use


def language() -> str:
    """The code of the language the table speaks now ("en", "de")."""
    return _language


def set_language(code: Optional[str]) -> str:
    """Speak `code` from now on (an unknown or empty code: the system's language). Returns the code."""
    global _language, _catalog
    code = code if code in LANGUAGES else system_language()
    if code != _language:
        _language, _catalog = code, None
    return code


def system_language(environ=None) -> str:
    """The system's language if the table speaks it, else English: as gettext reads it (LANGUAGE,
    LC_ALL, LC_MESSAGES, LANG), then the locale Python was given (Windows, macOS)."""
    environ = os.environ if environ is None else environ
    wanted = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            wanted.extend(value.split(":"))
            break
    if not wanted:
        try:
            wanted.append(locale.getlocale()[0] or "")
        except (ValueError, TypeError):
            pass
    for value in wanted:
        code = value.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in ("c", "posix", ""):
            return DEFAULT
        if code in LANGUAGES:
            return code
        if value.lower().startswith("german"):      # Windows' names: "German_Germany"
            return "de"
    return DEFAULT


def catalog_files(code: str) -> list:
    """The compiled catalogs of `code`: the core's first, then each family's, by folder name."""
    root = resource_path("game")
    core = root / "locale" / code / "LC_MESSAGES" / "cardtable.mo"
    families = sorted((root / "families").glob(f"*/locale/{code}/LC_MESSAGES/*.mo"))
    return [p for p in [core, *families] if p.is_file()]


def _load(code: str) -> gettext.NullTranslations:
    catalog = gettext.NullTranslations()
    if code == DEFAULT:
        return catalog
    for path in catalog_files(code):
        try:
            with open(path, "rb") as f:
                found = gettext.GNUTranslations(f)
        except (OSError, gettext.error) as exc:     # a damaged catalog: English for its messages
            import logging
            logging.getLogger(__name__).warning("translation catalog %s not read: %s", path, exc)
            continue
        if isinstance(catalog, gettext.GNUTranslations):
            catalog.add_fallback(found)
        else:
            catalog = found
    return catalog


def _current() -> gettext.NullTranslations:
    global _catalog
    if _catalog is None:
        _catalog = _load(_language)
    return _catalog


def _fill(text: str, fields: dict) -> str:
    if not fields:
        return text
    shown = {k: local(v) for k, v in fields.items()}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError):      # a translation that lost a field: say it in English
        return None


def tr(message: str, /, **fields) -> str:
    """`message` in the current language, its {fields} filled in. A ruleset's `Text` is shown in
    the current language; any other text not in the catalogs is shown as it is."""
    if isinstance(message, Text):
        return _fill(message.in_language(_language), fields) or message.in_language(_language)
    said = _current().gettext(message) if message else message
    return _fill(said, fields) or _fill(message, fields) or message


def trn(singular: str, plural: str, count: int, /, **fields) -> str:
    """The singular or the plural form (as the current language counts `count`), fields filled in."""
    said = _current().ngettext(singular, plural, count)
    return _fill(said, fields) or _fill(singular if count == 1 else plural, fields)


def trc(context: str, message: str, /, **fields) -> str:
    """`message` as meant in `context` (one English word, two German ones), fields filled in."""
    said = _current().pgettext(context, message)
    return _fill(said, fields) or _fill(message, fields)


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it now (it is translated where shown)."""
    return message


def local(value):
    """A field's value as shown: a ruleset's `Text` in the current language, anything else as is."""
    return value.in_language(_language) if isinstance(value, Text) else value


class Text(str):
    """A ruleset's text that may carry translations: it is the English text (so it compares,
    hashes, saves and fingerprints as the English text it always was), and `in_language(code)`
    gives the translation where the ruleset has one."""

    def __new__(cls, english: str, translations: Optional[dict] = None):
        made = super().__new__(cls, english)
        made.translations = dict(translations or {})
        return made

    def in_language(self, code: str) -> str:
        return self.translations.get(code) or str(self)

    def __reduce__(self):
        return (Text, (str(self), self.translations))


def fields_of(message: str) -> set:
    """The named fields of a message ({who}, {n:,}), for checking that a translation keeps them."""
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}
