"""A small schema language for rulesets: every error names the file, the line and the key.

YAML is composed into nodes so each value keeps its line; `Located` pairs the
plain Python value with a table of lines by key path.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import yaml

try:  # PyYAML's C loader is much faster when present
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - pure-Python PyYAML
    _Loader = yaml.SafeLoader


class RulesetError(Exception):
    """A ruleset file that cannot be used; str() is the message for the player."""

    def __init__(self, file: str, line: Optional[int], key: str, message: str):
        self.file, self.line, self.key, self.message = file, line, key, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {key}: {message}" if key else f"{where}: {message}")


@dataclass
class Located:
    """A parsed YAML document: its plain value and the line of every key path."""
    file: str
    value: Any
    lines: dict

    def line(self, path: tuple) -> Optional[int]:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def error(self, path: tuple, message: str) -> RulesetError:
        return RulesetError(self.file, self.line(path), dotted(path), message)


def dotted(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text, keeping the line of every key; YAML syntax errors become RulesetErrors."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesetError(file, line, "", f"not valid YAML: {problem}") from None
    lines: dict = {}
    if node is None:
        raise RulesetError(file, 1, "", "the file is empty")
    value = _plain(node, (), lines, file)
    return Located(file, value, lines)


def _plain(node, path, lines, file):
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = key_node.value
            if key in out:
                raise RulesetError(file, key_node.start_mark.line + 1, dotted(path + (key,)),
                                   "this key appears twice")
            lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _plain(value_node, path + (key,), lines, file)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, path + (i,), lines, file) for i, item in enumerate(node.value)]
    # scalars: the composer already resolved the tag (int, bool, null, str...)
    return yaml.constructor.SafeConstructor().construct_object(node)


# --- specs -----------------------------------------------------------------
# A spec is a callable (value, path, doc) -> checked value, raising doc.error(...).

Spec = Callable[[Any, tuple, Located], Any]


def _kind(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return repr(value)
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


def Str(nonempty: bool = True) -> Spec:
    def check(v, path, doc):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            v = str(v)
        if not isinstance(v, str) or (nonempty and not v.strip()):
            raise doc.error(path, f"expected text; got {_kind(v)}")
        return v
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


def Dict(value: Spec, key_pattern: str = r"^[a-z][a-z0-9_]*$") -> Spec:
    """A mapping from names the ruleset chooses (abilities, variants) to values."""
    import re
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
