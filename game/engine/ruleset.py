"""Rulesets: YAML files loaded once, validated, and turned into immutable objects.

The generic part (identity, cards, abilities, match end, variants) is checked by the engine; the
family checks its own `rules:` and `layout:` sections with the spec it declares (`rules_spec`,
`layout_spec`, `step_spec` of its registry.Family).

This file is what a ruleset is (`Ruleset` and its parts), the options a match of it takes
(`default_options`, `options_refusal`), the one door for ruleset files (`load_ruleset`, `load_all`,
`find_ruleset`, and `main.py --check-rulesets`) and `build_ruleset`, which puts the checked sections
together. Beside it: ruleset_schema.py the generic sections and their checks, house_rules.py the
check of house rules switched on together, parameters.py the parameters' dotted paths.
"""
from __future__ import annotations

import os
import stat
import sys
from dataclasses import dataclass
from types import MappingProxyType
from typing import Optional

from game.engine import registry
from game.engine.cards import CardDef
from game.engine.guide import Guide, read as read_guide
from game.engine.house_rules import MAX_VARIANTS, _capital, _check_combinations, _check_in_force, _listed
from game.engine.parameters import _flatten, _freeze, _get_path, _set_path, _thaw
from game.engine.ruleset_schema import (_MATCH_END, _VARIANT, NAME, SENTENCE, _check_identity,
                                        check_playing_cards)
from game.engine.schema import REQUIRED, Dict, List, Located, Map, RulesetError, Text, parse_yaml
from game.i18n import tr, trn
from game.paths import resource_path

MAX_BYTES = 256 * 1024      # a ruleset is a few KB; the cap keeps a huge or endless file from stalling start-up


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
    rules_original: Optional[tuple] = None   # (label, text, language or None): the source's own text, e.g. German
    guide: Optional[Guide] = None            # the guided first game (game/engine/guide.py)
    credits: str = ""                        # who made the game, as its rule text names them (About)

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
        rounds = end.get("rounds", self.match_end.rounds)
        points = end.get("points", self.match_end.points)
        lines = [trn("Match: {n} round", "Match: {n} rounds", rounds, n=rounds) if mode == "rounds"
                 else trn("Match: until someone reaches {n} point", "Match: until someone reaches {n} points",
                          points, n=points)]
        on = [tr(v.label) for v in self.variants if options.get("variants", {}).get(v.key, v.default)]
        lines.append(tr("House rules on: {rules}", rules=", ".join(on) if on else tr("none")))
        lines.extend(f"{k}: {_show(v)}" for k, v in _flatten(self.parameters(options)))
        return lines


@dataclass(frozen=True)
class RulesetEntry:
    """One file of the rulesets folder: a usable ruleset, or the error that breaks it."""
    path: str
    ruleset: Optional[Ruleset] = None
    error: Optional[str] = None
    id: Optional[str] = None     # also for a file refused because another file has its id

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
    """Load and validate one ruleset file; raises RulesetError naming file, line and key.

    The one door for ruleset files: whatever a file holds, the only exception is RulesetError.
    """
    shown = _shown_path(path)
    text = read_text(path, shown)
    try:
        return build_ruleset(parse_yaml(text, shown), path)
    except RulesetError:
        raise
    except Exception as exc:   # a check we did not foresee: still one file's error, not a crash
        raise RulesetError(shown, None, "", f"cannot be used ({type(exc).__name__}: "
                           f"{str(exc)[:200]}); please report this file") from None


def read_text(path: str, shown: str) -> str:
    """The text of a regular file of at most MAX_BYTES; never blocks on a FIFO or a device."""
    try:
        info = os.stat(path)
        _refuse_special(info, shown)
        # O_NONBLOCK: if the path is swapped for a FIFO after the stat, opening it does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as fh:
            _refuse_special(os.fstat(fh.fileno()), shown)
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RulesetError(shown, None, "", f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise _too_big(shown, max(info.st_size, len(data)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError(shown, data.count(b"\n", 0, exc.start) + 1, "",
                           "is not UTF-8 text") from None


def _refuse_special(info, shown: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = ("a folder" if stat.S_ISDIR(info.st_mode) else "a FIFO (named pipe)"
                if stat.S_ISFIFO(info.st_mode) else "a device" if stat.S_ISCHR(info.st_mode)
                or stat.S_ISBLK(info.st_mode) else "a socket" if stat.S_ISSOCK(info.st_mode)
                else "not a regular file")
        raise RulesetError(shown, None, "", f"is {kind}, not a ruleset file")
    if info.st_size > MAX_BYTES:
        raise _too_big(shown, info.st_size)


def _too_big(shown: str, size: int) -> RulesetError:
    return RulesetError(shown, None, "", f"is {size / 1024:,.0f} KB; a ruleset may be at most "
                        f"{MAX_BYTES // 1024} KB")


def load_all(folder: Optional[str] = None) -> list:
    """Every *.yaml (or *.yml, in any case: `House.YAML`) in the folder, sorted by file name;
    broken files carry their error.

    Two files with the same id are both refused: which one a saved match or `--simulate`
    meant cannot be known.
    """
    folder = folder or rulesets_dir()
    try:
        names = sorted(n for n in os.listdir(folder) if n.lower().endswith((".yaml", ".yml")))
    except OSError:
        return []
    return refuse_duplicate_ids([load_entry(os.path.join(folder, name)) for name in names])


def load_entry(path: str) -> RulesetEntry:
    """One file as an entry: its ruleset, or its error (never an exception)."""
    try:
        return RulesetEntry(path, ruleset=load_ruleset(path))
    except RulesetError as exc:
        return RulesetEntry(path, error=str(exc))
    except Exception as exc:   # load_ruleset already turns everything into RulesetError: belt and braces
        return RulesetEntry(path, error=f"{_shown_path(path)}: cannot be used ({type(exc).__name__})")


def refuse_duplicate_ids(entries: list) -> list:
    """Entries with every usable ruleset whose id another file also uses turned into an error."""
    files: dict = {}     # id -> {real path: path as given}: one file named twice is one file
    for e in entries:
        if e.ok:
            files.setdefault(e.ruleset.id, {}).setdefault(os.path.realpath(e.path), e.path)
    out = []
    for e in entries:
        paths = files.get(e.ruleset.id, {}) if e.ok else {}
        if len(paths) > 1:
            mine = os.path.realpath(e.path)
            others = ", ".join(_shown_path(p) for real, p in paths.items() if real != mine)
            line = _line_of_id(e.path)
            e = RulesetEntry(e.path, id=e.ruleset.id, error=str(RulesetError(
                _shown_path(e.path), line, "id", f"'{e.ruleset.id}' is also the id of {others}; "
                "give each file its own id")))
        elif e.ok:
            e = RulesetEntry(e.path, ruleset=e.ruleset, id=e.ruleset.id)
        out.append(e)
    return out


def _line_of_id(path: str) -> Optional[int]:
    try:
        return parse_yaml(read_text(path, path), path).lines.get(("id",))
    except RulesetError:
        return None


def find_ruleset(ruleset_id: str, folder: Optional[str] = None) -> Ruleset:
    """The usable ruleset with this id, in any case (ids are lower-case, so no two differ only in
    case: `--game Kombio` is Kombio on every system); KeyError with the known ids otherwise."""
    entries = load_all(folder)
    wanted = ruleset_id.lower() if isinstance(ruleset_id, str) else ruleset_id
    for e in entries:
        if e.ok and e.ruleset.id == wanted:
            return e.ruleset
    for e in entries:
        if not e.ok and ((e.id or "").lower() == wanted
                         or os.path.splitext(os.path.basename(e.path))[0].lower() == wanted):
            raise KeyError(e.error)
    known = ", ".join(e.ruleset.id for e in entries if e.ok)
    raise KeyError(f"no ruleset '{ruleset_id}' (known: {known or 'none'})")


# --- building ----------------------------------------------------------------

def build_ruleset(doc: Located, path: str = "") -> Ruleset:
    top = doc.value
    if not isinstance(top, dict):
        raise doc.error((), "expected a mapping of keys (id, name, family, cards, ...)")
    ident = _check_identity(top, doc)
    family = registry.family(ident["family"])
    players = ident["players"]
    if players["min"] < 2:
        # one seat alone can never be beaten or tied: nothing in the rules would end its match
        raise doc.error(("players", "min"), f"a match needs at least 2 players; got {players['min']}")
    if players["min"] > players["max"]:
        raise doc.error(("players", "min"), f"min ({players['min']}) is above max ({players['max']})")

    abilities = {}
    raw_abilities = Dict(Map({
        "name": (Text(max_len=NAME), REQUIRED),
        "text": (Text(nonempty=False, max_len=SENTENCE, lines=True), ""),
        "steps": (List(family.step_spec, min_len=1), REQUIRED),
    }))(top.get("abilities", {}), ("abilities",), doc)
    for key, a in raw_abilities.items():
        abilities[key] = Ability(key, a["name"], a["text"], a["steps"])
    family.check_abilities(abilities, doc)

    # a family with cards of its own shape (costs, shields, effects) checks them itself
    cards = (family.check_cards or check_playing_cards)(top["cards"], abilities, doc)
    layout = family.layout_spec(top.get("layout", {}), ("layout",), doc)
    rules = family.rules_spec(top.get("rules", {}), ("rules",), doc)
    end = _MATCH_END(top["match_end"], ("match_end",), doc)
    if end["default"] not in end["modes"]:
        raise doc.error(("match_end", "default"), f"'{end['default']}' is not one of the modes")
    family.check_parameters(rules, cards, abilities, doc, ("rules",), layout, end)
    variants = _check_variants(top.get("variants", {}), rules, cards, abilities, layout, end, family,
                               doc)
    family.check_ruleset(cards, abilities, layout, rules, players, doc, ("rules",))
    _check_combinations(variants, rules, cards, abilities, layout, end, players, family, doc)

    return Ruleset(
        id=ident["id"], name=ident["name"], version=ident["version"], family=ident["family"],
        min_players=players["min"], max_players=players["max"],
        sources=ident["sources"], reconstructed=ident["reconstructed"],
        cards=cards, abilities=MappingProxyType(abilities),
        layout=MappingProxyType(layout), rules=_freeze(rules), variants=variants,
        match_end=MatchEnd(end["modes"], end["default"], end["rounds"], end["points"]),
        rules_page=ident["rules_page"], path=path,
        rules_original=(ident["rules_original"]["label"], ident["rules_original"]["text"],
                        ident["rules_original"]["language"])
        if ident.get("rules_original") else None,
        guide=read_guide(top.get("guide"), doc), credits=ident["credits"],
    )

def _check_variants(raw, rules: dict, cards, abilities, layout, match_end, family,
                    doc: Located) -> tuple:
    items = Dict(_VARIANT)(raw, ("variants",), doc)
    if len(items) > MAX_VARIANTS:
        raise doc.error(("variants",), f"{len(items)} house rules; a ruleset may have at most "
                        f"{MAX_VARIANTS} (each is a toggle of the setup screen)")
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
            spec_path = where[:-1] + tuple(dotted_path.split("."))
            texts = {spec_path: doc.texts[where]} if where in doc.texts else {}
            at = Located(doc.file, trial, {(): doc.line(where)}, texts)
            checked = family.rules_spec(trial, where[:-1], at)
            family.check_parameters(checked, cards, abilities, at, where[:-1], layout, match_end)
            overrides.append((dotted_path, _get_path(checked, dotted_path)))   # as checked: text stays text
        out.append(Variant(key, v["label"], v["description"], v["default"], tuple(overrides)))
    return tuple(out)


# --- the options of one match: what the loader checked of every combination, for the one chosen

def options_refusal(ruleset: Ruleset, options: Optional[dict] = None,
                    players: Optional[int] = None) -> Optional[str]:
    """Why a match of `ruleset` cannot be played with these options, in one sentence; None when
    it can. Options: the variants switched on or off and the match length, as the setup screen
    and --simulate --variant give them; the rules are the ruleset's own, or the rules lab's with
    its --set values written in. `players`: the seats of the match (default: every count the
    ruleset allows). The family's whole check, as the loader runs it for a variant's `set`."""
    options = options or default_options(ruleset)
    family = registry.family(ruleset.family)
    counts = ({"min": players, "max": players} if players is not None
              else {"min": ruleset.min_players, "max": ruleset.max_players})
    chosen = options.get("variants", {})
    # the match length chosen: a match of rounds always ends, so what only a match to points
    # needs is asked of that mode alone; the length's other figures are the file's (checked)
    mode = options.get("match_end", {}).get("mode", ruleset.match_end.default_mode)
    modes = (mode,) if mode in ruleset.match_end.modes else ruleset.match_end.modes
    end = {"modes": modes, "default": modes[0], "rounds": ruleset.match_end.rounds,
           "points": options.get("match_end", {}).get("points", ruleset.match_end.points)}
    params = ruleset.parameters(options)
    doc = Located(_shown_path(ruleset.path) if ruleset.path else ruleset.id, params, {})
    try:
        # shown as a house rule's problem (never the file's own: the loader checked those)
        _check_in_force(family, params, ruleset.cards, ruleset.abilities, dict(ruleset.layout), end,
                        counts, doc, ("variants",))
    except RulesetError as exc:
        on = [f"'{v.label}'" for v in ruleset.variants if chosen.get(v.key, v.default) and v.overrides]
        return f"With {_listed(on)} on, {exc.message}" if on else _capital(exc.message)
    return None


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
        entries = refuse_duplicate_ids([load_entry(f) for f in files])
    else:
        entries = load_all()
        if not entries:
            print(f"no rulesets found in {rulesets_dir()}", file=sys.stderr)
            return 1
    bad = 0
    for e in entries:
        if e.ok:
            ruleset = e.ruleset
            print(f"ok    {_shown_path(e.path)}: {ruleset.name} {ruleset.version} "
                  f"({ruleset.family}, {ruleset.min_players}-{ruleset.max_players} players, "
                  f"{ruleset.deck_size()} cards)")
        else:
            bad += 1
            print(f"error {e.error}")
    return 1 if bad else 0
