"""The translation catalogs, made with Babel (a build-time dependency: the app reads the compiled
`.mo` files with the standard library's gettext, see game/i18n.py).

    python tools/translations.py update     # extract the messages, merge them into every .po
    python tools/translations.py compile    # .po -> .mo (run after translating)
    python tools/translations.py check      # what is untranslated, stale or mistyped (as the test)

Each takes `--domain NAME` (repeatable) to work on one catalog only, e.g. `update --domain memory`.

Domains: the core ("cardtable": game/, main.py, in game/locale) and one per family (its folder
name: game/families/<name>/ and game/ui/families/<name>/, in game/families/<name>/locale), so a
family's words and their translations live in the family's own folders.

A translator edits `<locale>/<language>/LC_MESSAGES/<domain>.po` (any .po editor, or a text
editor), then runs `compile`. `update` keeps what is translated, marks changed messages fuzzy and
drops messages the code no longer has.
"""
from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import VERSION  # noqa: E402
from game.i18n import DEFAULT, LANGUAGES, fields_of  # noqa: E402

# what the code calls (game/i18n.py): tr(message), trn(singular, plural, n), trc(context, message), N_(message)
KEYWORDS = {"tr": None, "trn": (1, 2), "trc": ((1, "c"), 2), "N_": None}
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT]
PROJECT = "Card Table"
HEADER = """\
# The {language} messages of Card Table: translate each msgstr, then run
# python tools/translations.py compile (README, "Translating").
#"""


@dataclass(frozen=True)
class Domain:
    name: str
    sources: tuple          # folders and files whose messages it holds
    excluded: tuple         # folders under those that belong to another domain
    locale: Path

    def po(self, code: str) -> Path:
        return self.locale / code / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, code: str) -> Path:
        return self.po(code).with_suffix(".mo")

    def files(self, root: Path = ROOT) -> list:
        out = []
        for source in self.sources:
            path = root / source
            found = [path] if path.is_file() else sorted(path.rglob("*.py"))
            for f in found:
                rel = f.relative_to(root)
                if not any(rel.is_relative_to(x) for x in self.excluded):
                    out.append(f)
        return out


def domains(root: Path = ROOT, only=()) -> list:
    """The core's domain and one per family folder (game/families/<name>/ that is a package)."""
    families = sorted(p.name for p in (root / "game" / "families").iterdir()
                      if (p / "__init__.py").is_file())
    family_dirs = tuple(Path("game/families", n) for n in families) + \
        tuple(Path("game/ui/families", n) for n in families)
    out = [Domain("cardtable", (Path("game"), Path("main.py")), family_dirs, root / "game" / "locale")]
    for name in families:
        out.append(Domain(name, (Path("game/families", name), Path("game/ui/families", name)), (),
                          root / "game" / "families" / name / "locale"))
    unknown = set(only) - {d.name for d in out}
    if unknown:
        raise SystemExit(f"no such domain: {', '.join(sorted(unknown))} (there are {', '.join(d.name for d in out)})")
    return [d for d in out if not only or d.name in only]


def extract(domain: Domain, root: Path = ROOT):
    """The domain's messages as a Babel catalog (the template), with where each is used."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    template = Catalog(project=PROJECT, domain=domain.name)
    for path in domain.files(root):
        rel = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",),
                options={"encoding": "utf-8"}):
            template.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return template


def _read(path: Path, code: str):
    from babel.messages.pofile import read_po
    with open(path, "rb") as f:
        return read_po(f, locale=code, domain=path.stem)


def update(root: Path = ROOT, only=()) -> None:
    """Extract every domain and merge it into each language's .po (new files where none are)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    for domain in domains(root, only):
        template = extract(domain, root)
        for code in TRANSLATED:
            po = domain.po(code)
            if po.is_file():
                catalog = _read(po, code)
            elif len(template) == 0:
                continue
            else:
                catalog = Catalog(locale=code, domain=domain.name, project=PROJECT, version=VERSION,
                                  copyright_holder="the Card Table authors", fuzzy=False,
                                  header_comment=HEADER.format(language=LANGUAGES[code]))
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            po.parent.mkdir(parents=True, exist_ok=True)
            with open(po, "wb") as f:
                write_po(f, catalog, width=100, omit_header=False, sort_output=False)
            print(f"{po.relative_to(root)}: {len(catalog)} messages")


def compiled(po: Path, code: str) -> bytes:
    """The .mo bytes of a .po file (fuzzy entries left out, as gettext's msgfmt does)."""
    from babel.messages.mofile import write_mo
    out = io.BytesIO()
    write_mo(out, _read(po, code), use_fuzzy=False)
    return out.getvalue()


def compile_all(root: Path = ROOT, only=()) -> None:
    for domain in domains(root, only):
        for code in TRANSLATED:
            po = domain.po(code)
            if po.is_file():
                domain.mo(code).write_bytes(compiled(po, code))
                print(f"{domain.mo(code).relative_to(root)}")


def _key(message) -> tuple:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, msgid)


def problems(root: Path = ROOT, only=()) -> list:
    """Every reason the catalogs are not complete and current, as sentences (none: all is well)."""
    import gettext
    out = []
    for domain in domains(root, only):
        template = extract(domain, root)
        wanted = {_key(m): m for m in template if m.id}
        for code in TRANSLATED:
            po = domain.po(code)
            if not po.is_file():
                if wanted:
                    out.append(f"{po.relative_to(root)} is missing ({len(wanted)} messages to translate)")
                continue
            catalog = _read(po, code)
            have = {_key(m): m for m in catalog if m.id}
            where = po.relative_to(root)
            for key, m in wanted.items():
                got = have.get(key)
                place = f"{m.locations[0][0]}:{m.locations[0][1]}" if m.locations else "?"
                if got is None:
                    out.append(f"{where}: not in the catalog: {key[1]!r} ({place})")
                    continue
                strings = got.string if isinstance(got.string, (list, tuple)) else [got.string]
                if got.fuzzy or not all(strings):
                    out.append(f"{where}: untranslated: {key[1]!r} ({place})")
                    continue
                ids = m.id if isinstance(m.id, (list, tuple)) else [m.id]
                if isinstance(m.id, (list, tuple)) != isinstance(got.id, (list, tuple)) or \
                        (isinstance(m.id, (list, tuple)) and tuple(m.id) != tuple(got.id)):
                    out.append(f"{where}: singular and plural changed: {key[1]!r} ({place})")
                    continue
                expected = set().union(*(fields_of(i) for i in ids))
                for s in strings:
                    try:
                        given = fields_of(s)
                    except ValueError:
                        out.append(f"{where}: unbalanced braces in the translation of {key[1]!r}")
                        break
                    if not given <= expected or (not expected <= given and len(strings) == 1):
                        out.append(f"{where}: the translation of {key[1]!r} has the fields "
                                   f"{sorted(given)}, the message {sorted(expected)}")
                        break
            for key in have.keys() - wanted.keys():
                out.append(f"{where}: stale (the code no longer says it): {key[1]!r}")
            mo = domain.mo(code)
            if not mo.is_file():
                out.append(f"{mo.relative_to(root)} is missing: run python tools/translations.py compile")
                continue
            with open(mo, "rb") as f:
                shipped = gettext.GNUTranslations(f)._catalog
            fresh = gettext.GNUTranslations(io.BytesIO(compiled(po, code)))._catalog
            if shipped != fresh:
                out.append(f"{mo.relative_to(root)} is older than its .po: run python tools/translations.py compile")
    return out


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="check", choices=("update", "compile", "check"))
    parser.add_argument("--domain", action="append", default=[], help="one catalog only (repeatable)")
    args = parser.parse_args(argv)
    only = tuple(args.domain)
    if args.command == "update":
        update(only=only)
    elif args.command == "compile":
        compile_all(only=only)
    else:
        found = problems(only=only)
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "every message is translated")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
