"""The selection primitives of Klobba!'s Action cards: one evaluator per primitive, no Python per card.

An evaluator gets the available Barbarians of a Group (face up; face-down ones are "not
available: no card selects them and they add nothing") as (id, value, clan) triples, and the
card's parameters; it returns every selection the card allows, as `Choice`s of equal total:
more than one means the card's choice is tied and "the player who played it chooses". It
returns DISTRACT for an "All [Clan]" card that finds none of its clan.

The three playing primitives (mirror, swap_and_play, flee_and_surprise) select nothing by
themselves: clobber time (clobber.py) plays them; their parameters are checked here all the same.
"""
from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from game.engine.schema import REQUIRED, Bool, Int, List, Map, Str
from game.i18n import tr


class Choice(NamedTuple):
    """One way a card may select: the Barbarians it selects (Stars go on each) and its total. (A
    tuple: the bots ask for choices by the thousand.)"""
    selected: tuple
    total: int
    kind: str = ""              # second_best_or_underdogs: "second_best" or "underdogs"


DISTRACT = "distract"
_VALUE = itemgetter(1)          # an available Barbarian's value


def _capped(total: int, cap) -> int:
    return total if cap is None else min(total, cap)


def _ties(available, value) -> list:
    return [c for c, v, _ in available if v == value]


def highest(available, params) -> list:
    """The Boss: "the available Barbarian with the highest value"; tied: the player chooses."""
    if not available:
        return [Choice((), 0)]
    top = max(map(_VALUE, available))
    return [Choice((c,), top) for c in _ties(available, top)]


def lowest_multiplied(available, params) -> list:
    """Berzerk!: "the lowest available Barbarian, value doubled, capped at 13"."""
    if not available:
        return [Choice((), 0)]
    low = min(map(_VALUE, available))
    total = _capped(low * params["factor"], params["cap"])
    return [Choice((c,), total) for c in _ties(available, low)]


def lowest_plus_per_other(available, params) -> list:
    """The Glory Seeker: "the lowest available Barbarian, plus 2 for each other face-up Barbarian
    in the Group"; its Star goes "only on the least mighty one"."""
    if not available:
        return [Choice((), 0)]
    low = min(map(_VALUE, available))
    total = _capped(low + params["per_other"] * (len(available) - 1), params["cap"])
    return [Choice((c,), total) for c in _ties(available, low)]


def lowest_several(available, params) -> list:
    """Double Trouble: "the two lowest available Barbarians, total capped at 14"; which of tied
    Barbarians is the player's choice (every way of taking them is listed)."""
    count = params["count"]
    if len(available) <= count:
        return [Choice(tuple(c for c, _, _ in available), _capped(sum(v for _, v, _ in available),
                                                                  params["cap"]))]
    values = sorted(map(_VALUE, available))
    edge = values[count - 1]                       # the value the last one taken has
    surely = tuple(c for c, v, _ in available if v < edge)
    tied = _ties(available, edge)
    total = _capped(sum(values[:count]), params["cap"])
    return [Choice(surely + pick, total) for pick in combinations(tied, count - len(surely))]


def all_of_clan_or_distract(available, params):
    """All [Clan] Together or Distract: "every available Barbarian of that clan, summed; none of
    that clan: Distract"."""
    mine = [(c, v) for c, v, clan in available if clan == params["clan"]]
    if not mine:
        return DISTRACT
    return [Choice(tuple(c for c, _ in mine), sum(v for _, v in mine))]


def second_best_or_underdogs(available, params) -> list:
    """Second-Best or Underdogs: the higher of "(a) the second-best Barbarian: the one whose value
    is next lower than the highest (if all are equal, one of them), and (b) all Barbarians of value
    5 or less, summed. Equal: the player chooses"."""
    if not available:
        return [Choice((), 0)]
    values = set(map(_VALUE, available))
    top = max(values)
    below = [v for v in values if v < top]
    second = max(below) if below else top
    seconds = [Choice((c,), second, "second_best") for c in _ties(available, second)]
    underdogs = tuple(c for c, v, _ in available if v <= params["underdog_max"])
    under_total = sum(v for _, v, _ in available if v <= params["underdog_max"])
    if under_total > second:
        return [Choice(underdogs, under_total, "underdogs")]
    if under_total == second:
        return seconds + [Choice(underdogs, under_total, "underdogs")]
    return seconds


def keep_mightiest(available, keep: int) -> list:
    """Flee & Surprise: every way to keep the `keep` mightiest available Barbarians (the player
    chooses between tied ones); each as a tuple of the ids kept."""
    if len(available) <= keep:
        return [tuple(c for c, _, _ in available)]
    values = sorted((v for _, v, _ in available), reverse=True)
    edge = values[keep - 1]
    surely = tuple(c for c, v, _ in available if v > edge)
    tied = _ties(available, edge)
    return [surely + pick for pick in combinations(tied, keep - len(surely))]


# --- the vocabulary: primitive -> (evaluator or None, parameters spec, what it does) ----------------

def _no_cap():
    return (lambda v, p, d: None if v is None else Int(1, 1000)(v, p, d)), None


SELECTING = {
    "highest": (highest, {}),
    "lowest_multiplied": (lowest_multiplied, {"factor": (Int(1, 10), REQUIRED), "cap": _no_cap()}),
    "lowest_plus_per_other": (lowest_plus_per_other, {"per_other": (Int(0, 20), REQUIRED),
                                                      "cap": _no_cap()}),
    "lowest_several": (lowest_several, {"count": (Int(1, 10), REQUIRED), "cap": _no_cap()}),
    "all_of_clan_or_distract": (all_of_clan_or_distract, {"clan": (Str(max_len=40), REQUIRED)}),
    "second_best_or_underdogs": (second_best_or_underdogs, {"underdog_max": (Int(0, 100), REQUIRED)}),
}
# played by clobber time itself (clobber.py); their parameters are checked like the others'
PLAYING = {
    "mirror": {"switch": (Bool(), True)},
    "swap_and_play": {"swaps": (List(Int(1, 10), min_len=1), REQUIRED)},
    "flee_and_surprise": {"keep": (Int(1, 10), REQUIRED)},
}
PRIMITIVES = tuple(SELECTING) + tuple(PLAYING)


def effect_spec(value, path, doc):
    """An Action card's `effect:` {primitive: name, ...its parameters}: the name must be one of
    PRIMITIVES and the parameters exactly the primitive's (a missing one is an error)."""
    if not isinstance(value, dict):
        raise doc.error(path, tr("expected a mapping with 'primitive' and its parameters; got {got}",
                                 got=repr(value))[:200])
    tag = value.get("primitive")
    if tag is None:
        raise doc.error(path, tr("missing key 'primitive' (one of {primitives})", primitives=", ".join(PRIMITIVES)))
    if tag not in PRIMITIVES:
        raise doc.error(path + ("primitive",), tr("unknown primitive; expected one of {primitives}; got {got}",
                                                  primitives=", ".join(PRIMITIVES), got=repr(str(tag)[:40])))
    fields = SELECTING[tag][1] if tag in SELECTING else PLAYING[tag]
    rest = {k: v for k, v in value.items() if k != "primitive"}
    checked = Map(fields)(rest, path, doc)
    return tag, tuple(sorted(checked.items()))


def evaluate(prim, available):
    """The Choices (or DISTRACT) of a selecting primitive on these available Barbarians."""
    return SELECTING[prim.tag][0](available, dict(prim.params))


def evaluator(prim):
    """evaluate(prim, available) as a function of `available`, the parameters read once (a bot
    asks the same card of many Groups)."""
    evaluate_with, params = SELECTING[prim.tag][0], dict(prim.params)
    return lambda available: evaluate_with(available, params)
