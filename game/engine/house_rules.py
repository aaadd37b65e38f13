"""House rules together: every combination of variants a player can switch on must pass the
family's whole check at every player count, or the file is refused, naming the variants that
cannot be played together (`variant_combinations`, `_check_combinations`); the same check is what
options_refusal (ruleset.py) asks of the options chosen for one match.

Apart from ruleset.py because it is one rule of its own (what a player can switch on must be
playable), with its own limits (FULL_COMBINATIONS, MAX_VARIANTS).
"""
from __future__ import annotations

from itertools import combinations

from game.engine.parameters import _set_path, _thaw
from game.engine.schema import Located, RulesetError

# Up to this many variants every combination a player can switch on is checked at load (2**10 =
# 1024 combinations, each a few family checks: well under a second). Past it, each variant alone,
# every pair and all of them together: a family check that weighs at most two parameters against
# each other and the cards (a deal, a hand, a call limit, display size against cards each) fails
# for some pair whenever it fails for a combination, since each parameter's value comes from the
# last variant of the combination that sets it. A check that weighs more (the memory family's
# "totals never grow" weighs four scoring bonuses and the call's rules together) can fail for three
# or more variants of a long list only; the setup screen, --simulate and --game then refuse that
# choice (options_refusal).
FULL_COMBINATIONS = 10
# A ruleset's house rules are toggles on the setup screen: far more than fit there is a mistake,
# and it would make the checks above slow (pairs grow with the square).
MAX_VARIANTS = 40


def variant_combinations(variants: tuple) -> list:
    """The combinations of variants (each a tuple in file order) checked at load, smallest first,
    so that a refusal names the fewest variants that cannot be played together."""
    n = len(variants)
    if n <= FULL_COMBINATIONS:
        return [c for k in range(1, n + 1) for c in combinations(variants, k)]
    return [*combinations(variants, 1), *combinations(variants, 2), tuple(variants)]


def _in_force(rules, combo) -> dict:
    """The rules with the variants of `combo` on, in file order (a later one wins a parameter)."""
    params = _thaw(rules)
    for v in combo:
        for path, value in v.overrides:
            _set_path(params, path, value)
    return params


def _check_in_force(family, params: dict, cards, abilities, layout, end: dict, players: dict,
                    doc: Located, where: tuple) -> None:
    """The family's whole check of parameters in force: their types and ranges, the checks that
    weigh them against each other and the cards, and whether the deck is dealt and played to the
    end at every player count in `players`. Raises RulesetError (problems shown at `where`)."""
    checked = family.rules_spec(params, where, doc)
    family.check_parameters(checked, cards, abilities, doc, where, layout, end)
    family.check_ruleset(cards, abilities, layout, checked, players, doc, where)


def _check_combinations(variants: tuple, rules: dict, cards, abilities, layout, end: dict,
                        players: dict, family, doc: Located) -> None:
    """Every combination of house rules a player can switch on (variant_combinations) passes the
    family's whole check at every player count, or the file is refused at the `set` of the
    combination's last variant, naming the others."""
    for combo in variant_combinations(variants):
        where = ("variants", combo[-1].key, "set")
        params = _in_force(rules, combo)
        at = Located(doc.file, params, {(): doc.line(where)})
        try:
            _check_in_force(family, params, cards, abilities, layout, end, players, at, where)
        except RulesetError as exc:
            if len(combo) == 1:
                raise
            others = _listed([f"'{v.label}'" for v in combo[:-1]])
            raise RulesetError(exc.file, exc.line, exc.key, f"with {others} on as well (a player may "
                               f"switch them on together), {exc.message}") from None


def _listed(words: list) -> str:
    """'A', 'A and B', 'A, B and C'; a long list as its first two and how many more (a sentence
    stays readable with all of a long list of house rules on)."""
    if len(words) > 3:
        words = words[:2] + [f"{len(words) - 2} other house rules"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
