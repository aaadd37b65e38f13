"""Rulesets: YAML files loaded once, validated, and turned into immutable objects.

The generic part (identity, cards, abilities, match end, variants) is checked
here; the family checks its own `rules:` and `layout:` sections with the spec
it declares (`family.RULES_SPEC`, `family.LAYOUT_SPEC`, `family.STEP_SPEC`).
"""
from __future__ import annotations

import copy
import os
import sys
from dataclasses import dataclass
from types import MappingProxyType
from typing import Optional

from game.engine.cards import CardDef
from game.engine.schema import (REQUIRED, Bool, Dict, Enum, Int, List, Located, Map,
                                Optional_, RulesetError, Str, parse_yaml)
from game.paths import resource_path

FAMILIES = ("memory",)


@dataclass(frozen=True)
class Ability:
    key: str
    name: str
    text: str
    steps: tuple            # tuple of mappings, shape given by the family's STEP_SPEC


@dataclass(frozen=True)
class Variant:
    key: str
    label: str
    description: str
    default: bool
    overrides: tuple        # ((dotted path under rules, value), ...)


@dataclass(frozen=True)
class MatchEnd:
    modes: tuple            # ("rounds", "points") or a subset
    default_mode: str
    rounds: int
    points: int


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    version: str
    family: str
    min_players: int
    max_players: int
    sources: tuple
    reconstructed: tuple
    cards: tuple            # tuple[CardDef]
    abilities: MappingProxyType
    layout: MappingProxyType
    rules: MappingProxyType  # the family's parameters, defaults filled in
    variants: tuple          # tuple[Variant]
    match_end: MatchEnd
    rules_page: str
    path: str = ""
    rules_original: Optional[tuple] = None   # (label, text): the source's own text, e.g. German

    def card(self, key: str) -> CardDef:
        return self._by_key[key]

    @property
    def _by_key(self):
        return {c.key: c for c in self.cards}

    def deck_size(self) -> int:
        return sum(c.count for c in self.cards)

    def parameters(self, options: Optional[dict] = None) -> dict:
        """The family parameters in force for these options (variants applied); a fresh dict."""
        params = _thaw(self.rules)
        chosen = (options or {}).get("variants", {})
        for v in self.variants:
            if chosen.get(v.key, v.default):
                for path, value in v.overrides:
                    _set_path(params, path, value)
        return params

    def parameters_in_force(self, options: Optional[dict] = None) -> list:
        """Sentences for the rules page: match length, variants on, and every parameter's value."""
        options = options or default_options(self)
        end = options.get("match_end", {})
        mode = end.get("mode", self.match_end.default_mode)
        lines = [f"Match: {end.get('rounds', self.match_end.rounds)} rounds" if mode == "rounds"
                 else f"Match: until someone reaches {end.get('points', self.match_end.points)} points"]
        on = [v.label for v in self.variants if options.get("variants", {}).get(v.key, v.default)]
        lines.append("House rules on: " + (", ".join(on) if on else "none"))
        lines.extend(f"{k}: {_show(v)}" for k, v in _flatten(self.parameters(options)))
        return lines


@dataclass(frozen=True)
class RulesetEntry:
    """One file of the rulesets folder: a usable ruleset, or the error that breaks it."""
    path: str
    ruleset: Optional[Ruleset] = None
    error: Optional[str] = None

    @property
    def ok(self) -> bool:
        return self.ruleset is not None


def default_options(ruleset: Ruleset) -> dict:
    return {
        "variants": {v.key: v.default for v in ruleset.variants},
        "match_end": {"mode": ruleset.match_end.default_mode,
                      "rounds": ruleset.match_end.rounds,
                      "points": ruleset.match_end.points},
    }


def rulesets_dir() -> str:
    return resource_path("rulesets")


def load_ruleset(path: str) -> Ruleset:
    """Load and validate one ruleset file; raises RulesetError naming file, line and key."""
    shown = _shown_path(path)
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise RulesetError(shown, None, "", f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RulesetError(shown, None, "", "is not UTF-8 text") from None
    return build_ruleset(parse_yaml(text, shown), path)


def load_all(folder: Optional[str] = None) -> list:
    """Every *.yaml in the folder, sorted by file name; broken files carry their error."""
    folder = folder or rulesets_dir()
    entries = []
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith((".yaml", ".yml")))
    except OSError:
        return []
    seen = {}
    for name in names:
        path = os.path.join(folder, name)
        try:
            rs = load_ruleset(path)
        except RulesetError as exc:
            entries.append(RulesetEntry(path, error=str(exc)))
            continue
        if rs.id in seen:
            entries.append(RulesetEntry(path, error=RulesetError(
                _shown_path(path), None, "id", f"'{rs.id}' is already used by {seen[rs.id]}").__str__()))
            continue
        seen[rs.id] = name
        entries.append(RulesetEntry(path, ruleset=rs))
    return entries


def find_ruleset(ruleset_id: str, folder: Optional[str] = None) -> Ruleset:
    """The usable ruleset with this id; KeyError with the known ids otherwise."""
    entries = load_all(folder)
    for e in entries:
        if e.ok and e.ruleset.id == ruleset_id:
            return e.ruleset
    for e in entries:
        if not e.ok and os.path.splitext(os.path.basename(e.path))[0] == ruleset_id:
            raise KeyError(e.error)
    known = ", ".join(e.ruleset.id for e in entries if e.ok)
    raise KeyError(f"no ruleset '{ruleset_id}' (known: {known or 'none'})")


# --- building ----------------------------------------------------------------

_CARD = Map({
    "value": (Int(-100, 100), REQUIRED),
    "count": (Int(1, 200), None),
    "key": (Str(), None),
    "label": (Str(), None),
    "name": (Str(), None),
    "match": (Str(), None),
    "ability": (Optional_(Str()), None),
    "suit": (Optional_(Enum("spades", "hearts", "diamonds", "clubs")), None),
    "colour": (Optional_(Str()), None),
    "symbol": (Optional_(Str()), None),
    "suits": (Optional_(lambda v, p, d: (SUITS if v == "all" else
                                         List(Enum(*SUITS), min_len=1)(v, p, d))), None),
})
SUITS = ("spades", "hearts", "diamonds", "clubs")

_MATCH_END = Map({
    "modes": (List(Enum("rounds", "points"), min_len=1), REQUIRED),
    "default": (Enum("rounds", "points"), REQUIRED),
    "rounds": (Int(1, 99), 5),
    "points": (Int(1, 10000), 100),
})

_VARIANT = Map({
    "label": (Str(), REQUIRED),
    "description": (Str(), ""),
    "default": (Bool(), False),
    "set": (Dict(lambda v, p, d: v, key_pattern=r"^[a-z_][a-z0-9_.]*$"), REQUIRED),
})


def build_ruleset(doc: Located, path: str = "") -> Ruleset:
    from game import families
    top = doc.value
    if not isinstance(top, dict):
        raise doc.error((), "expected a mapping of keys (id, name, family, cards, ...)")
    ident = _check_identity(top, doc)
    family = families.family(ident["family"])
    players = ident["players"]
    if players["min"] > players["max"]:
        raise doc.error(("players", "min"), f"min ({players['min']}) is above max ({players['max']})")

    abilities = {}
    raw_abilities = Dict(Map({
        "name": (Str(), REQUIRED),
        "text": (Str(), ""),
        "steps": (List(family.STEP_SPEC, min_len=1), REQUIRED),
    }))(top.get("abilities", {}), ("abilities",), doc)
    for key, a in raw_abilities.items():
        abilities[key] = Ability(key, a["name"], a["text"], a["steps"])
    family.check_abilities(abilities, doc)

    cards = _check_cards(top["cards"], abilities, doc)
    layout = family.LAYOUT_SPEC(top.get("layout", {}), ("layout",), doc)
    rules = family.RULES_SPEC(top.get("rules", {}), ("rules",), doc)
    end = _MATCH_END(top["match_end"], ("match_end",), doc)
    if end["default"] not in end["modes"]:
        raise doc.error(("match_end", "default"), f"'{end['default']}' is not one of the modes")
    family.check_parameters(rules, cards, abilities, doc, ("rules",))
    variants = _check_variants(top.get("variants", {}), rules, cards, abilities, family, doc)
    family.check_ruleset(cards, abilities, layout, rules, players, doc)

    return Ruleset(
        id=ident["id"], name=ident["name"], version=ident["version"], family=ident["family"],
        min_players=players["min"], max_players=players["max"],
        sources=ident["sources"], reconstructed=ident["reconstructed"],
        cards=cards, abilities=MappingProxyType(abilities),
        layout=MappingProxyType(layout), rules=_freeze(rules), variants=variants,
        match_end=MatchEnd(end["modes"], end["default"], end["rounds"], end["points"]),
        rules_page=ident["rules_page"], path=path,
        rules_original=(ident["rules_original"]["label"], ident["rules_original"]["text"])
        if ident.get("rules_original") else None,
    )


def _check_identity(top: dict, doc: Located) -> dict:
    fields = {"id": Str(), "name": Str(), "version": Str(), "family": Enum(*FAMILIES),
              "players": Map({"min": (Int(1, 12), REQUIRED), "max": (Int(1, 12), REQUIRED)}),
              "sources": List(Str()), "reconstructed": List(Str()), "rules_page": Str(nonempty=False),
              "rules_original": Map({"label": (Str(), REQUIRED), "text": (Str(), REQUIRED)})}
    known = set(fields) | {"cards", "abilities", "layout", "rules", "match_end", "variants"}
    for key in top:
        if key not in known:
            raise doc.error((key,), f"unknown key; expected one of {', '.join(sorted(known))}")
    out = {}
    for key, spec in fields.items():
        if key in top:
            out[key] = spec(top[key], (key,), doc)
        elif key in ("sources", "reconstructed"):
            out[key] = ()
        elif key == "rules_page":
            out[key] = ""
        elif key == "rules_original":
            out[key] = None
        else:
            raise doc.error((), f"missing key '{key}'")
    for key in ("cards", "match_end"):
        if key not in top:
            raise doc.error((), f"missing key '{key}'")
    import re
    if not re.match(r"^[a-z][a-z0-9_-]*$", out["id"]):
        raise doc.error(("id",), f"expected lower-case letters, digits, - and _; got {out['id']!r}")
    return out


def _check_cards(raw, abilities: dict, doc: Located) -> tuple:
    items = List(_CARD, min_len=1)(raw, ("cards",), doc)
    cards, keys = [], set()
    for i, c in enumerate(items):
        base = c["key"] or str(c["value"])
        if c["count"] is None and not c["suits"]:
            raise doc.error(("cards", i), "missing key 'count'")
        if c["suits"] and c["suit"]:
            raise doc.error(("cards", i, "suits"), "give either suit or suits, not both")
        if c["ability"] is not None and c["ability"] not in abilities:
            known = ", ".join(abilities) or "none defined"
            raise doc.error(("cards", i, "ability"),
                            f"expected one of the abilities ({known}); got {c['ability']!r}")
        label = c["label"] or str(c["value"])
        name = c["name"] or label
        # `suits` writes one card per suit: a standard deck needs 13 lines, not 52
        for suit in c["suits"] or (c["suit"],):
            key = f"{base}_{suit}" if c["suits"] else base
            if key in keys:
                raise doc.error(("cards", i, "key"),
                                f"two cards share the key '{key}'; give each a distinct key")
            keys.add(key)
            cards.append(CardDef(key=key, label=label, value=c["value"],
                                 match=c["match"] or str(c["value"]), count=c["count"] or 1,
                                 ability=c["ability"], suit=suit, colour=c["colour"],
                                 symbol=c["symbol"],
                                 name=f"{name} of {suit}" if c["suits"] else name))
    return tuple(cards)


def _check_variants(raw, rules: dict, cards, abilities, family, doc: Located) -> tuple:
    items = Dict(_VARIANT)(raw, ("variants",), doc)
    out = []
    for key, v in items.items():
        overrides = []
        for dotted_path, value in v["set"].items():
            where = ("variants", key, "set", dotted_path)
            trial = _thaw(rules)
            try:
                _set_path(trial, dotted_path, value)
            except KeyError:
                raise doc.error(where, "no such parameter under rules") from None
            # the changed parameters must still be valid for the family; the spec adds the
            # parameter's own path, so errors start from the variant's `set`
            at = Located(doc.file, trial, {(): doc.line(where)})
            family.check_parameters(family.RULES_SPEC(trial, where[:-1], at), cards, abilities, at,
                                    where[:-1])
            overrides.append((dotted_path, value))
        out.append(Variant(key, v["label"], v["description"], v["default"], tuple(overrides)))
    return tuple(out)


# --- small helpers -----------------------------------------------------------

def _set_path(params: dict, dotted_path: str, value) -> None:
    parts = dotted_path.split(".")
    node = params
    for part in parts[:-1]:
        if not isinstance(node.get(part), dict):
            raise KeyError(dotted_path)
        node = node[part]
    if parts[-1] not in node:
        raise KeyError(dotted_path)
    node[parts[-1]] = value


def _freeze(d):
    if isinstance(d, dict):
        return MappingProxyType({k: _freeze(v) for k, v in d.items()})
    return d


def _thaw(d):
    if isinstance(d, (dict, MappingProxyType)):
        return {k: _thaw(v) for k, v in d.items()}
    return copy.copy(d)


def _flatten(d, prefix=""):
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _flatten(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v


def _show(v) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _shown_path(path: str) -> str:
    """Paths in messages are relative to the working folder when that is shorter."""
    try:
        rel = os.path.relpath(path)
        return rel if not rel.startswith("..") else path
    except ValueError:
        return path


def check_main(files: list) -> int:
    """`main.py --check-rulesets [FILE ...]`: print every error; non-zero exit if any."""
    if files:
        entries = []
        for f in files:
            try:
                entries.append(RulesetEntry(f, ruleset=load_ruleset(f)))
            except RulesetError as exc:
                entries.append(RulesetEntry(f, error=str(exc)))
    else:
        entries = load_all()
        if not entries:
            print(f"no rulesets found in {rulesets_dir()}", file=sys.stderr)
            return 1
    bad = 0
    for e in entries:
        if e.ok:
            rs = e.ruleset
            print(f"ok    {_shown_path(e.path)}: {rs.name} {rs.version} "
                  f"({rs.family}, {rs.min_players}-{rs.max_players} players, {rs.deck_size()} cards)")
        else:
            bad += 1
            print(f"error {e.error}")
    return 1 if bad else 0
