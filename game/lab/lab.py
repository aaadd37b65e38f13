"""The rules lab: `--simulate` with house rules (`--variant`, `--set`) and the statistics a designer reads.

A house rule given on the command line is checked exactly as a ruleset file's would be (the
family's `rules_spec` and `check_parameters`, and `check_ruleset` as for a variant's `set`:
through ruleset.options_refusal, at the seats played), so a bad one is refused with the same
sentences, the "file" being the `--set` argument. What a match did is read from its events as it
is played (`RoundLog`): round lengths, per-round scores, calls and whether they won; `summarise`
turns the matches into per-seat and overall figures with 95% intervals.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Optional

from game.engine import registry
from game.engine.ruleset import default_options, options_refusal
from game.engine.schema import Enum, Int, Located, RulesetError, parse_yaml

Z_95 = 1.959964   # the normal quantile of a two-sided 95% interval
MATCH_END_KEYS = ("mode", "rounds", "points")


class LabError(ValueError):
    """A --variant or --set that cannot be used; str() is the one line to show."""


@dataclass(frozen=True)
class Recipe:
    """The house rules as typed: variant names and `section.key=value` texts, in order."""
    variants: tuple = ()
    sets: tuple = ()


# --- house rules ----------------------------------------------------------------

def lab_ruleset(ruleset, recipe: Recipe, players: Optional[int] = None):
    """(ruleset with the --set values written into its rules, match options with the variants on).

    The variants stay toggles, as on the setup screen; a `--set` wins over a variant that sets
    the same parameter (it is the later, more specific word). The house rules together must pass
    the family's whole check, as a ruleset file's variant must: its deck dealt and played to the
    end at `players` seats (default: every count the ruleset allows). Raises LabError.
    """
    options = default_options(ruleset)
    known = {v.key: v for v in ruleset.variants}
    for name in recipe.variants:
        if name not in known:
            listed = ", ".join(known) or "none"
            raise LabError(f"--variant {name}: {ruleset.name} has no such variant (known: {listed})")
        options["variants"][name] = True
    family = registry.family(ruleset.family)
    in_force = ruleset.parameters(options)
    base = ruleset.parameters({"variants": {k: False for k in known}})
    end = {"modes": ruleset.match_end.modes, "default": ruleset.match_end.default_mode,
           "rounds": ruleset.match_end.rounds, "points": ruleset.match_end.points}
    touched = {}     # key path -> the --set argument that wrote it
    chosen_mode = False
    for text in recipe.sets:
        dotted_path, value, written = parse_set(text)
        where = f"--set {text}"
        if dotted_path.startswith("match_end."):
            key = _match_end_key(dotted_path, where)
            options["match_end"][key] = _check_match_end(key, value, ruleset, where)
            if key != "mode" and not chosen_mode:
                # a length in rounds means a match of rounds, as on the setup screen
                options["match_end"]["mode"] = _check_match_end("mode", key, ruleset, where)
            chosen_mode = chosen_mode or key == "mode"
            end.update({("default" if k == "mode" else k): v for k, v in options["match_end"].items()})
            continue
        parts = _set_path(in_force, dotted_path, value, where)
        doc = Located(where, in_force, {}, {("rules",) + parts: written} if written is not None else {})
        try:
            in_force = family.rules_spec(in_force, ("rules",), doc)     # this value's type and range
        except RulesetError as exc:
            raise LabError(_sentence(where, parts, exc)) from None
        _set_path(base, dotted_path, _get_path(in_force, parts), where)   # as checked: text stays text
        touched[parts] = where
    if recipe.sets:
        _check_together(ruleset, family, in_force, end, touched, ["--set " + t for t in recipe.sets])
    if touched:
        paths = {".".join(str(p) for p in parts) for parts in touched}
        variants = tuple(replace(v, overrides=tuple((p, x) for p, x in v.overrides if p not in paths))
                         for v in ruleset.variants)
        ruleset = replace(ruleset, rules=_freeze(base), variants=variants)
    if recipe.variants or recipe.sets:
        # the rest of the family's check (can these house rules be dealt and played to the end?),
        # as the loader runs it for each combination of a file's variants
        problem = options_refusal(ruleset, options, players)
        if problem:
            given = ["--variant " + v for v in recipe.variants] + ["--set " + t for t in recipe.sets]
            raise LabError(f"{' '.join(given)}: {problem}")
    return ruleset, options


def _check_together(ruleset, family, in_force: dict, end: dict, touched: dict, given: list) -> None:
    """The family's checks that weigh parameters against each other and the cards, once all the
    --set values are in (a draw card's `effect` may come after its `draw`). The ruleset-wide
    checks (`check_ruleset`) follow in lab_ruleset, as for a variant's `set` (a house rule's
    bigger Kumbal hand is dealt from more decks; a Klobba! hand must still be dealt)."""
    everything = " ".join(given)
    doc = Located(everything, in_force, {})
    try:
        family.check_parameters(in_force, ruleset.cards, ruleset.abilities, doc, ("rules",),
                                ruleset.layout, end)
    except RulesetError as exc:
        # the --set that wrote the key in question when there is one, else all of them
        key = exc.key[len("rules."):] if exc.key.startswith("rules.") else exc.key
        for parts, where in touched.items():
            if key == ".".join(str(p) for p in parts):
                raise LabError(f"{where}: {exc.message}") from None
        raise LabError(f"{everything}: {key}: {exc.message}" if key else f"{everything}: {exc.message}") from None


def parse_set(text: str):
    """'scoring.caller_lowest.caller=10' -> (dotted path, value read as YAML, text as written or None)."""
    dotted_path, equals, value_text = text.partition("=")
    dotted_path = dotted_path.strip()
    if not equals or not dotted_path or any(not p for p in dotted_path.split(".")):
        raise LabError(f"--set {text}: expected section.key=value, e.g. scoring.caller_not_lowest.caller=10")
    if not value_text.strip():
        raise LabError(f"--set {text}: expected a value after '=' (null for none)")
    try:
        doc = parse_yaml(value_text, f"--set {text}")
    except RulesetError as exc:
        raise LabError(f"--set {text}: {exc.message}") from None
    return dotted_path, doc.value, doc.texts.get(())


def _set_path(params: dict, dotted_path: str, value, where: str) -> tuple:
    """Write value at the dotted path; its key path (a key written as a number, such as resets.51,
    is found as one). A section or key the file left out is made: the family's spec then judges
    it as it would in a file (a default section such as `limits` may be set; a typo is refused)."""
    node, parts = params, []
    names = dotted_path.split(".")
    for depth, name in enumerate(names):
        if not isinstance(node, dict):
            raise LabError(f"{where}: {'.'.join(str(p) for p in parts)} is a value, not a section")
        key = _key_in(node, name)
        parts.append(name if key is None else key)
        if depth < len(names) - 1:
            if key is None:
                node[name] = {}
            node = node[parts[-1]]
    node[parts[-1]] = value
    return tuple(parts)


def _key_in(node, name: str):
    if name in node:
        return name
    if name.lstrip("-").isdigit() and int(name) in node:
        return int(name)
    return None


def _get_path(params: dict, parts: tuple):
    for key in parts:
        params = params[key]
    return params


def _match_end_key(dotted_path: str, where: str) -> str:
    key = dotted_path[len("match_end."):]
    if key not in MATCH_END_KEYS:
        raise LabError(f"{where}: no such setting; match_end has {', '.join(MATCH_END_KEYS)}")
    return key


def _check_match_end(key: str, value, ruleset, where: str):
    """The match length, as the setup screen offers it: its mode, rounds or points."""
    spec = {"mode": Enum(*ruleset.match_end.modes), "rounds": Int(1, 99), "points": Int(1, 1000)}[key]
    try:
        return spec(value, ("match_end", key), Located(where, value, {}))
    except RulesetError as exc:
        if key == "mode" and value in ("rounds", "points"):
            raise LabError(f"{where}: a match of {ruleset.name} cannot be played to {value}; "
                           f"it ends by {' or '.join(ruleset.match_end.modes)}") from None
        raise LabError(f"{where}: {exc.message}") from None


def _sentence(where: str, parts: tuple, exc: RulesetError) -> str:
    """The schema's error with the argument as its file; the key only when it is another one."""
    key = exc.key[len("rules."):] if exc.key.startswith("rules.") else exc.key
    if key == ".".join(str(p) for p in parts) or not key:
        return f"{where}: {exc.message}"
    return f"{where}: {key}: {exc.message}"


def _freeze(d):
    if isinstance(d, dict):
        return MappingProxyType({k: _freeze(v) for k, v in d.items()})
    return d


def describe(recipe: Recipe) -> str:
    """'variants: a, b; set: x=1' for titles and reports ('ruleset as written' when none)."""
    parts = []
    if recipe.variants:
        parts.append("variants: " + ", ".join(recipe.variants))
    if recipe.sets:
        parts.append("set: " + ", ".join(recipe.sets))
    return "; ".join(parts) or "ruleset as written"


# --- what a match did -----------------------------------------------------------

@dataclass
class Played:
    """One finished match as the lab counts it."""
    winners: tuple
    totals: list
    rounds: int
    actions: int
    turns: int
    round_actions: list = field(default_factory=list)   # actions of each round that ended with round_over
    round_scores: list = field(default_factory=list)    # each round's points per seat
    calls: list = field(default_factory=list)           # (caller seat, won, round index) per call


class RoundLog:
    """Watches a match's events: `turn`, `call` and `round_over` (the families with rounds)."""

    def __init__(self):
        self.actions = self.turns = self._round_start = 0
        self.round_actions, self.round_scores, self.calls = [], [], []
        self._caller = None

    def __call__(self, game, events) -> None:
        self.actions += 1
        for event in events:
            kind = event.kind
            if kind == "turn":
                self.turns += 1
            elif kind == "call":
                self._caller = event.seat
            elif kind == "round_over":
                data = dict(event.data)
                self.round_scores.append(tuple(data["scores"]))
                self.round_actions.append(self.actions - self._round_start)
                self._round_start = self.actions
                if self._caller is not None:
                    self.calls.append((self._caller, call_won(game, data, self._caller),
                                       len(self.round_scores) - 1))
                    self._caller = None


def call_won(game, round_over: dict, caller: int) -> bool:
    """Whether a call won: the caller's hand had the fewest points (a tie as the rules'
    `scoring.tie_counts_as` says) and, where a call has a points limit, was within it."""
    hands = round_over.get("points")     # the shedding family shows every hand's points
    if hands is None:                    # the memory family keeps them in its round results
        hands = [r.hand for r in game.results]
    others = min(h for s, h in enumerate(hands) if s != caller)
    tie = game.rules["scoring"].get("tie_counts_as")
    fewest = hands[caller] < others or (hands[caller] == others and tie == "lowest")
    limit = game.rules.get("call", {}).get("limit")
    return fewest and (limit is None or hands[caller] <= limit)


# --- statistics -------------------------------------------------------------------

def wilson(wins: float, n: int, z: float = Z_95) -> list:
    """The Wilson score interval of a proportion (shared wins count as fractions)."""
    if n <= 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def spread(values: list) -> Optional[dict]:
    """Mean, sd, min, quartiles and max (None when there are no values)."""
    if not values:
        return None
    q1, median, q3 = (statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1
                      else (values[0],) * 3)
    return {"n": len(values), "mean": round(statistics.fmean(values), 3),
            "sd": round(statistics.pstdev(values), 3), "min": min(values), "q1": q1,
            "median": median, "q3": q3, "max": max(values)}


def rate(won: float, n: int) -> dict:
    return {"n": n, "won": round(won, 4), "rate": round(won / n, 4) if n else None,
            "interval_95": wilson(won, n) if n else None}


def summarise(played: list, levels: list, has_calls: bool) -> dict:
    """Per-seat and overall figures of the finished matches (see the README's rules lab)."""
    players = len(levels)
    ended = len(played)
    wins = [0.0] * players
    for p in played:
        for s in p.winners:
            wins[s] += 1.0 / len(p.winners)
    rounds = sum(p.rounds for p in played)
    actions = sum(p.actions for p in played)
    turns = sum(p.turns for p in played)
    round_based = any(p.round_scores for p in played)
    calls = [c for p in played for c in p.calls]
    seats = []
    for s in range(players):
        mine = [won for seat, won, _ in calls if seat == s]
        seats.append({
            "bot": levels[s], "wins": round(wins[s], 4),
            "win_rate": round(wins[s] / ended, 4) if ended else 0.0,
            "mean_score": round(statistics.fmean(p.totals[s] for p in played), 2) if ended else 0.0,
            "seat": s + 1, "win_interval_95": wilson(wins[s], ended),
            "final_score": spread([p.totals[s] for p in played]),
            "round_score": spread([r[s] for p in played for r in p.round_scores]) if round_based else None,
            "calls": rate(sum(mine), len(mine)) if has_calls else None,
        })
    by_level = {}
    for level in dict.fromkeys(levels):
        mine = [s for s in range(players) if levels[s] == level]
        by_level[level] = {"seats": [s + 1 for s in mine], **rate(sum(wins[s] for s in mine), ended * len(mine))}
    overall = {
        "matches_ended": ended,
        "shared_wins": sum(1 for p in played if len(p.winners) > 1),
        "fair_share": round(1 / players, 4),
        "by_level": by_level,
        "rounds_per_match": spread([p.rounds for p in played]),
        "round_length": {"unit": "actions per round (every decision a seat makes, as recorded)",
                         "mean_actions": round(actions / rounds, 2) if rounds else None,
                         "mean_turns": round(turns / rounds, 2) if rounds and turns else None,
                         "actions": spread([a for p in played for a in p.round_actions])
                         if round_based else spread([p.actions / max(p.rounds, 1) for p in played])},
        "calls": ({**rate(sum(won for _, won, _ in calls), len(calls)),
                   "per_round": round(len(calls) / rounds, 4) if rounds else None}
                  if has_calls else None),
        "final_score": spread([t for p in played for t in p.totals]),
        "round_score": spread([x for p in played for r in p.round_scores for x in r]) if round_based else None,
    }
    return {"seats": seats, "overall": overall}


def family_has_calls(ruleset) -> bool:
    """A family whose rounds a player ends by calling (Kombio, Cambio, Kumbal): its rules name the call."""
    return "call" in ruleset.rules and "name" in ruleset.rules["call"]
