"""The German catalogs as the translation tests read them (issue 33, part 5): one family's (or the
core's) messages from its .po file, and a message as a pattern over the texts made from it, so a
test can tell an English message left untranslated on the screen from a German sentence."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELD = re.compile(r"\{[A-Za-z_]\w*(?:[:!][^{}]*)?\}")


def po_path(domain: str, code: str = "de") -> Path:
    """The catalog of `domain` ("cardtable": the core's; else a family's own folder)."""
    base = ROOT / "game" if domain == "cardtable" else ROOT / "game" / "families" / domain
    return base / "locale" / code / "LC_MESSAGES" / f"{domain}.po"


@lru_cache(maxsize=None)
def messages(domain: str) -> tuple:
    """(context, English forms, German forms) of every message of the domain's German catalog."""
    from babel.messages.pofile import read_po
    with open(po_path(domain), "rb") as f:
        po = read_po(f, locale="de", domain=domain)
    out = []
    for m in po:
        if not m.id:
            continue
        ids = tuple(m.id) if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = tuple(m.string) if isinstance(m.string, (list, tuple)) else (m.string,)
        out.append((m.context, ids, strings))
    return tuple(out)


@lru_cache(maxsize=None)
def pairs(domain: str) -> tuple:
    """(English, German) of every message, each form of a plural message on its own."""
    return tuple((english, strings[min(i, len(strings) - 1)])
                 for _, ids, strings in messages(domain) for i, english in enumerate(ids))


def pattern(message: str):
    """A message as a regular expression over the texts made from it: each {field} any text."""
    parts = FIELD.split(message)
    return re.compile(".+?".join(re.escape(p) for p in parts), re.S)


def only_fields(message: str, also: str = " .,:;!?·-") -> bool:
    """Is a message its fields alone ("{card}"), punctuation aside (`also`)? It says nothing."""
    return not FIELD.sub("", message).strip(also)


@lru_cache(maxsize=None)
def english_patterns(domain: str, also: str = " .,:;!?·-") -> tuple:
    """(English, its pattern) of the messages German says otherwise (a German word that is the
    English one, "Hand", is legitimately identical); messages of fields alone left out."""
    return tuple((english, pattern(english)) for english, german in pairs(domain)
                 if german != english and not only_fields(english, also))


@lru_cache(maxsize=None)
def german_patterns(domain: str, also: str = " .,:;!?·-") -> tuple:
    """The domain's German messages as patterns (a message of fields alone says nothing)."""
    return tuple(pattern(german) for _, german in pairs(domain) if not only_fields(german, also))


def untranslated(domain: str, text: str, also: str = " .,:;!?·-"):
    """The English message of the domain's catalog this text is (untranslated), or None."""
    for english, p in english_patterns(domain, also):
        if p.fullmatch(text) and not any(g.fullmatch(text) for g in german_patterns(domain, also)):
            return english
    return None


def german(domain: str, text: str, also: str = " .,:;!?·-") -> bool:
    """Is the text one of the domain's German sentences, fields filled in?"""
    return any(g.fullmatch(text) for g in german_patterns(domain, also))


def core_left(texts) -> list:
    """The texts that are one of the core's English messages (a table's frame, its summary), which
    German says otherwise: what a German table must not show."""
    return sorted({t for t in texts if t and t.strip() and untranslated("cardtable", t)})


class Catalog:
    """One domain's catalog as a family's tests ask it: `untranslated(text)`, `german(text)` and
    the patterns, with what a message of fields alone may hold besides them (`also`)."""

    def __init__(self, domain: str, also: str = " .,:;!?·-"):
        self.domain, self.also = domain, also

    def english_patterns(self) -> tuple:
        return english_patterns(self.domain, self.also)

    def german_patterns(self) -> tuple:
        return german_patterns(self.domain, self.also)

    def untranslated(self, text: str):
        """The English message of the catalog this text is (untranslated), or None."""
        return untranslated(self.domain, text, self.also)

    def german(self, text: str) -> bool:
        """Is the text a German sentence of the catalog, fields filled in?"""
        return german(self.domain, text, self.also)
