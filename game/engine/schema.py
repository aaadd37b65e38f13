"""A small schema language for rulesets: every error names the file, the line and the key.

YAML is read event by event into plain values so each value keeps its line;
`Located` pairs the plain Python value with a table of lines by key path. The
reading is safe for hostile files: no tags beyond YAML's plain types, a budget
on values (alias bombs) and on nesting, and every parser error becomes a
RulesetError.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import yaml

try:  # PyYAML's C parser is much faster when present
    _Base = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - pure-Python PyYAML
    _Base = yaml.SafeLoader

# A ruleset is a few hundred values, at most six levels deep. These budgets stop hostile
# files early: an alias bomb (billion laughs) would expand to billions of values, and
# deep nesting makes the parser slow (quadratic) and PyYAML's composer crash.
MAX_DEPTH = 32
MAX_VALUES = 20_000      # counted after expanding aliases
MAX_KEY = 100            # characters in a key


class RulesetError(Exception):
    """A ruleset file that cannot be used; str() is the message for the player."""

    def __init__(self, file: str, line: Optional[int], key: str, message: str):
        self.file, self.line, self.key, self.message = file, line, key, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {key}: {message}" if key else f"{where}: {message}")


@dataclass
class Located:
    """A parsed YAML document: its plain value, the line of every key path, and the text as
    written of every plain value YAML read as something else (`1.10`, `07`, `1:30`, `yes`)."""
    file: str
    value: Any
    lines: dict
    texts: dict = field(default_factory=dict)

    def line(self, path: tuple) -> Optional[int]:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def error(self, path: tuple, message: str) -> RulesetError:
        return RulesetError(self.file, self.line(path), dotted(path), message)

    def written(self, path: tuple) -> Optional[str]:
        """The text written at path (a number as typed: `07` stays "07"), or None if there is none."""
        node = self.value
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return None
        if path in self.texts:
            return self.texts[path]
        return node if isinstance(node, str) else None


def dotted(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class _Reader(_Base):
    """The safe YAML parser and tag resolver; `_compose` builds the values from its events."""


_TAG = "tag:yaml.org,2002:"
_constructor = yaml.constructor.SafeConstructor()
# scalar tag -> (what to call it in a message, how to build it); timestamps stay text
_SCALARS = {
    _TAG + "str": ("text", None),
    _TAG + "timestamp": ("text", None),
    "!": ("text", None),
    _TAG + "int": ("a whole number", _constructor.construct_yaml_int),
    _TAG + "float": ("a number", _constructor.construct_yaml_float),
    _TAG + "bool": ("true or false", _constructor.construct_yaml_bool),
    _TAG + "null": ("nothing", _constructor.construct_yaml_null),
}
_COLLECTION_TAGS = (None, "!", _TAG + "map", _TAG + "seq")


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text, keeping the line of every key; every problem becomes a RulesetError
    naming the line."""
    reader = None
    try:
        reader = _Reader(text)        # the pure-Python reader checks the characters here
        return _compose(reader, file)
    except yaml.YAMLError as exc:
        raise _not_yaml(exc, text, file) from None
    finally:
        if reader is not None:
            reader.dispose()


def _not_yaml(exc: yaml.YAMLError, text: str, file: str) -> RulesetError:
    """A parser's error as a RulesetError naming the line. A character YAML does not allow (a
    control character, U+FFFE) is found by the reader, which tells only its offset (in bytes for
    the C reader, characters for Python's): the line is counted from the character itself, the
    first of its kind in the text, since the reader stops at the first it meets."""
    if isinstance(exc, yaml.reader.ReaderError):
        code = exc.character if isinstance(exc.character, int) else None
        at = text.find(chr(code)) if code is not None else -1
        if at < 0:       # not a character of the text (cannot happen for text): the offset in bytes
            at = len(text.encode("utf-8")[:max(0, exc.position)].decode("utf-8", "ignore"))
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        what = f"the character U+{code:04X}" if code is not None else "a character"
        return RulesetError(file, line, "", f"not valid YAML: {what} (character {column} of the line) "
                            "is not allowed in a YAML file; remove it")
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark else None
    problem = getattr(exc, "problem", None) or str(exc)
    return RulesetError(file, line, "", f"not valid YAML: {problem}")


class _Open:
    """A mapping or list being read: where it goes, and the key waiting for its value."""
    __slots__ = ("value", "path", "key", "anchor", "start")

    def __init__(self, value, path, anchor, start):
        self.value, self.path, self.anchor, self.start = value, path, anchor, start
        self.key = _NO_KEY


_NO_KEY = object()


def _compose(reader, file: str) -> Located:
    """Build plain values from the parser's events, iteratively, within MAX_DEPTH and MAX_VALUES.

    Aliases reuse the value built for their anchor, and count its full size against the budget.
    """
    lines: dict = {}
    texts: dict = {}
    anchors: dict = {}          # name -> (value, number of values in it)
    stack: list = []
    count = 0
    aliases = 0
    root = _NO_KEY
    reader.get_event()                                   # stream start
    if reader.check_event(yaml.StreamEndEvent):
        raise RulesetError(file, 1, "", "the file is empty")
    reader.get_event()                                   # document start
    while True:
        ev = reader.get_event()
        line = ev.start_mark.line + 1
        top = stack[-1] if stack else None
        if isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            stack.pop()
            if top.anchor is not None:
                anchors[top.anchor] = (top.value, count - top.start)
            value = top.value
            top = stack[-1] if stack else None
        else:
            if top is not None and isinstance(top.value, dict) and top.key is _NO_KEY:
                # a key: plain text only (a list or mapping as a key cannot be looked up)
                if not isinstance(ev, yaml.ScalarEvent):
                    raise RulesetError(file, line, dotted(top.path),
                                       "a key must be plain text, not a list, a mapping or an alias")
                if len(ev.value) > MAX_KEY:
                    raise RulesetError(file, line, dotted(top.path), f"a key of {len(ev.value):,} "
                                       f"characters; keys have at most {MAX_KEY}")
                if ev.value in top.value:
                    raise RulesetError(file, line, dotted(top.path + (ev.value,)),
                                       "this key appears twice")
                top.key = ev.value
                lines[top.path + (ev.value,)] = line
                continue
            path = () if top is None else top.path + (
                (len(top.value),) if isinstance(top.value, list) else (top.key,))
            lines.setdefault(path, line)
            count += 1
            if isinstance(ev, yaml.AliasEvent):
                if ev.anchor not in anchors:
                    raise RulesetError(file, line, dotted(path), f"the alias *{ev.anchor} refers to itself "
                                       "or to no anchor (&) defined before it")
                value, size = anchors[ev.anchor]
                count += size - 1
                aliases += 1
            elif isinstance(ev, yaml.ScalarEvent):
                value = _scalar(ev, reader, file, line, path)
                if not isinstance(value, str):
                    texts[path] = ev.value
                if ev.anchor is not None:
                    anchors[ev.anchor] = (value, 1)
            elif isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if ev.tag not in _COLLECTION_TAGS:
                    raise RulesetError(file, line, dotted(path), f"unknown tag {_shown_tag(ev.tag)}; rulesets "
                                       "use plain lists and mappings (remove the tag)")
                if len(stack) >= MAX_DEPTH:
                    raise RulesetError(file, line, dotted(path),
                                       f"nested more than {MAX_DEPTH} levels deep")
                stack.append(_Open({} if isinstance(ev, yaml.MappingStartEvent) else [],
                                   path, ev.anchor, count))
                continue
            else:                                        # document end: one document per file
                if not reader.check_event(yaml.StreamEndEvent):
                    raise RulesetError(file, reader.peek_event().start_mark.line + 1, "",
                                       "holds more than one document (---); a ruleset is one")
                break
            if count > MAX_VALUES:
                why = " after expanding aliases (*)" if aliases else ""
                raise RulesetError(file, line, dotted(path), f"more than {MAX_VALUES:,} values{why}; "
                                   "a ruleset has a few hundred")
        if top is None:
            root = value
        elif isinstance(top.value, list):
            top.value.append(value)
        else:
            top.value[top.key] = value
            top.key = _NO_KEY
    if root is None or root == "":
        raise RulesetError(file, 1, "", "the file is empty")
    return Located(file, root, lines, texts)


def _shown_tag(tag: str) -> str:
    return quote("!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag)


def _scalar(ev, reader, file: str, line: int, path: tuple):
    """One scalar: plain ones resolved as YAML does; explicit tags checked, never trusted."""
    tag = ev.tag if ev.tag is not None else reader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
    known = _SCALARS.get(tag)
    if known is None:
        raise RulesetError(file, line, dotted(path), f"unknown tag {_shown_tag(ev.tag)}; rulesets use plain "
                           "values (remove the tag, or quote the text)")
    kind, build = known
    if build is None:
        return ev.value
    try:
        return build(yaml.ScalarNode(tag, ev.value))
    except Exception:   # e.g. `!!int three`, `!!float abc`, `!!bool maybe`
        raise RulesetError(file, line, dotted(path),
                           f"expected {kind}; got {quote(ev.value)}") from None


# --- specs -----------------------------------------------------------------
# A spec is a callable (value, path, doc) -> checked value, raising doc.error(...).

Spec = Callable[[Any, tuple, Located], Any]


def quote(text: str, limit: int = 40) -> str:
    """repr() of text for a message, cut short: a hostile file may hold a megabyte in one value."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def _kind(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def Int(lo: Optional[int] = None, hi: Optional[int] = None) -> Spec:
    def check(v, path, doc):
        if isinstance(v, bool) or not isinstance(v, int):
            raise doc.error(path, f"expected a whole number; got {_kind(v)}")
        if lo is not None and v < lo or hi is not None and v > hi:
            rng = f"from {lo}" if hi is None else (f"up to {hi}" if lo is None else f"from {lo} to {hi}")
            raise doc.error(path, f"expected a whole number {rng}; got {v}")
        return v
    return check


# Text the table cannot draw: C0/C1 control characters (NUL makes pygame raise on every frame)
# and lone surrogates. Tabs and line breaks are allowed only where text runs over lines.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL_IN_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def Str(nonempty: bool = True, max_len: int = 80, lines: bool = False) -> Spec:
    """Text as written (YAML's `1.10` stays "1.10"), printable, at most max_len characters;
    lines: may run over several lines (a rules page, a description)."""
    control = _CONTROL_IN_LINES if lines else _CONTROL

    def check(v, path, doc):
        if not isinstance(v, str):
            text = doc.texts.get(path)
            if text is not None:
                v = text
            elif isinstance(v, (int, float)) and not isinstance(v, bool):
                v = str(v)
        if not isinstance(v, str) or (nonempty and not v.strip()):
            raise doc.error(path, f"expected text; got {_kind(v)}")
        bad = control.search(v)
        if bad:
            where = "" if lines else " on one line"
            raise doc.error(path, f"expected printable text{where}; got the control character "
                            f"U+{ord(bad.group()):04X} at character {bad.start() + 1}")
        if len(v) > max_len:
            raise doc.error(path, f"expected at most {max_len:,} characters; got {len(v):,}")
        return v
    return check


def Text(nonempty: bool = True, max_len: int = 80, lines: bool = False) -> Spec:
    """Text a player reads (a name, a label, a lesson), as `Str`, that may carry translations:
    either the English text, or a mapping of language codes to texts with English required,
    e.g. `label: {en: Drawn card, de: Gezogene Karte}`. Read as a game.i18n.Text: the English text,
    shown in the player's language where the ruleset gives it."""
    one = Str(nonempty, max_len, lines)

    def check(v, path, doc):
        from game.i18n import DEFAULT, LANGUAGES, Text as Translated
        if not isinstance(v, dict):
            return Translated(one(v, path, doc))
        unknown = [k for k in v if k not in LANGUAGES]
        if unknown:
            raise doc.error(path + (unknown[0],), "unknown language; expected one of " + ", ".join(LANGUAGES))
        if DEFAULT not in v:
            raise doc.error(path, f"missing key '{DEFAULT}' (the English text; others are optional)")
        texts = {code: one(text, path + (code,), doc) for code, text in v.items()}
        return Translated(texts.pop(DEFAULT), texts)
    return check


def Key(max_len: int = 40) -> Spec:
    """Text that names something other values refer to or compare (a card's key, a rank), read in
    Unicode's NFKC form: a look-alike written another way (a full-width '２', 'ﬁ') is the same
    name as its plain form, never a name apart. Where names must differ (card keys), two that read
    the same are refused by the check for duplicates, which says so (`reads_as`)."""
    text = Str(max_len=max_len)

    def check(v, path, doc):
        v = text(v, path, doc)
        read = unicodedata.normalize("NFKC", v)
        return v if read == v else text(read, path, doc)
    return check


def reads_as(doc: Located, paths, key: str) -> str:
    """For a message about a duplicate key: " ('２' reads as '2')" when one of the paths wrote the
    key otherwise than it is read (Key's NFKC form), else "". `paths`: (path, suffix) pairs, the
    suffix being what the loader added to the text written (a card's `_hearts`)."""
    for path, suffix in paths:
        written = doc.written(path)
        if written is not None and written + suffix != key:
            return f" ({quote(written + suffix)} reads as {quote(key)})"
    return ""


# The colours a ruleset may give (a card's accent, a clan's colour): '#rrggbb' or one of these
# names, in any case. The table draws them with parse_colour (game/ui/cardart.py): one definition,
# so the loader accepts exactly what can be drawn.
NAMED_COLOURS = {
    "red": (196, 48, 48), "blue": (52, 98, 196), "green": (46, 140, 72), "yellow": (222, 178, 40),
    "purple": (128, 64, 168), "orange": (226, 124, 36), "black": (40, 40, 40), "grey": (120, 120, 120),
    "gray": (120, 120, 120), "brown": (128, 84, 48), "teal": (36, 140, 140), "pink": (214, 96, 150),
    "gold": (206, 160, 40),
}
_HEX_COLOUR = re.compile(r"#[0-9a-f]{6}")


def parse_colour(value) -> Optional[tuple]:
    """'#rrggbb' or a colour name (any case, spaces around it ignored) -> an RGB tuple, or None."""
    if not isinstance(value, str):
        return None
    value = value.strip().lower()
    if _HEX_COLOUR.fullmatch(value):
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
    return NAMED_COLOURS.get(value)


def Colour() -> Spec:
    """A colour the table can draw (parse_colour), kept as written."""
    text = Str(max_len=40)

    def check(v, path, doc):
        written = text(v, path, doc)
        if parse_colour(written) is None:
            raise doc.error(path, "expected a colour: '#rrggbb' (six hex digits, as '#e07b24') or one of "
                            f"{', '.join(NAMED_COLOURS)}; got {_kind(v)}")
        return written
    return check


def Bool() -> Spec:
    def check(v, path, doc):
        if not isinstance(v, bool):
            raise doc.error(path, f"expected true or false; got {_kind(v)}")
        return v
    return check


def Enum(*choices: str) -> Spec:
    def check(v, path, doc):
        if v not in choices:
            raise doc.error(path, f"expected one of {', '.join(choices)}; got {_kind(v)}")
        return v
    return check


def Optional_(spec: Spec) -> Spec:
    def check(v, path, doc):
        return None if v is None else spec(v, path, doc)
    return check


def List(item: Spec, min_len: int = 0) -> Spec:
    def check(v, path, doc):
        if not isinstance(v, list):
            raise doc.error(path, f"expected a list; got {_kind(v)}")
        if len(v) < min_len:
            raise doc.error(path, f"expected at least {min_len} item(s); got {len(v)}")
        return tuple(item(x, path + (i,), doc) for i, x in enumerate(v))
    return check


REQUIRED = object()


def Map(fields: dict, shorthand: Optional[str] = None) -> Spec:
    """A mapping with known keys: fields = {key: (spec, default or REQUIRED)}.

    shorthand: a scalar value is read as {shorthand: value} (e.g. `peek: own`).
    """
    def check(v, path, doc):
        if shorthand is not None and not isinstance(v, (dict, list)):
            v = {shorthand: v}
        if not isinstance(v, dict):
            raise doc.error(path, f"expected a mapping with keys {', '.join(fields)}; got {_kind(v)}")
        unknown = [k for k in v if k not in fields]
        if unknown:
            raise doc.error(path + (unknown[0],),
                            f"unknown key; expected one of {', '.join(fields)}")
        out = {}
        for key, (spec, default) in fields.items():
            if key in v:
                out[key] = spec(v[key], path + (key,), doc)
            elif default is REQUIRED:
                raise doc.error(path, f"missing key '{key}'")
            else:
                out[key] = default
        return out
    return check


def filled(spec: Spec, value: Optional[dict] = None) -> dict:
    """A value already checked, with every key it leaves out at its default (`{}`: a section's
    defaults, so a variant may `set` a key of a section the file left out)."""
    value = {} if value is None else value
    return spec(value, (), Located("", value, {}))


def Dict(value: Spec, key_pattern: str = r"^[a-z][a-z0-9_]*$") -> Spec:
    """A mapping from names the ruleset chooses (abilities, variants) to values."""
    pattern = re.compile(key_pattern)

    def check(v, path, doc):
        if not isinstance(v, dict):
            raise doc.error(path, f"expected a mapping of names; got {_kind(v)}")
        out = {}
        for k, x in v.items():
            if not isinstance(k, str) or not pattern.match(k):
                raise doc.error(path + (k,), "names use lower-case letters, digits and _")
            out[k] = value(x, path + (k,), doc)
        return out
    return check
