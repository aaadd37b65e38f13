"""What a ruleset of the shedding family may say: the `rules:` section's schema, and the checks the
ruleset loader runs on it (the cards it names exist, every player count is dealt, the match can end)."""
from __future__ import annotations

from math import comb

from game.engine.ruleset_schema import check_match_can_end
from game.engine.schema import REQUIRED, Bool, Dict, Enum, Int, Key, Map, Text, filled
from game.i18n import tr

_RANK = r"^[A-Za-z0-9_]+$"      # a card's `match` (its rank): "7", "K", "joker"


def _no_steps(value, path, doc):
    raise doc.error(path, tr("the shedding family has no abilities; leave abilities out"))


STEP_SPEC = _no_steps


def LAYOUT_SPEC(value, path, doc):
    """The shedding family has no layout: hands are fanned."""
    if value not in ({}, None):
        raise doc.error(path, tr("the shedding family has no layout (hands are fanned); leave layout out"))
    return {}


_DECKS = Map({"extra_from_players": (Int(2, 13), 8)})
_CALL = Map({"name": (Text(max_len=20), "Kumbal"), "limit": (Int(0, 200), 7)})
_RUNS = Map({"min_length": (Int(2, 13), 3)})
_SETS = Map({"min_size": (Int(2, 8), 2)})
_JOKERS = Map({"rank": (Key(max_len=40), "joker"), "wild_in_runs": (Bool(), False)})
_ACTION_CARD = Map({"effect": (Enum("reverse", "skip", "draw"), REQUIRED), "draw": (Int(0, 20), 0)})
_ACTION_CARDS = Map({
    "enabled": (Bool(), False),
    "cards": (Dict(_ACTION_CARD, key_pattern=_RANK), {
        "7": {"effect": "reverse", "draw": 0}, "8": {"effect": "skip", "draw": 0},
        "2": {"effect": "draw", "draw": 2}, "joker": {"effect": "draw", "draw": 5}}),
    "stacking": (Bool(), True),              # who owes cards may pass them on with a draw card
    "sets": (Enum("each", "once"), "each"),  # in a set every card acts, or the set acts once
    "in_runs": (Bool(), False),              # does a card inside a run act?
})
_SCORING = Map({
    "caller_lowest": (Int(-100, 100), 0),
    "undercut_penalty": (Int(0, 200), 25),
    "tie_counts_as": (Enum("lowest", "not_lowest"), "lowest"),
    # a total of exactly the key becomes the value: written {51: 0, 99: 50}, so the rules page
    # lists each reset on its own line and a house rule can change one (`scoring.resets.51`)
    "resets": (Dict(Int(0, 10_000), key_pattern=r"^[1-9][0-9]{0,4}$"), {"51": 0, "99": 50}),
})
# The safety net: a round of bots that never call still ends (every hand scored as it is), and
# a match whose totals never pass the limit still ends. A real round takes well under 100 turns.
_LIMITS = Map({"turns_per_round": (Int(50, 2000), 400), "rounds_per_match": (Int(1, 500), 100)})

RULES_SPEC = Map({
    "hand_size": (Int(1, 13), 7),
    "first_player": (Enum("left_of_dealer", "dealer"), "left_of_dealer"),
    "between_rounds": (Enum("shuffle", "cut"), "shuffle"),
    "decks": (_DECKS, filled(_DECKS)),
    "call": (_CALL, filled(_CALL)),
    "runs": (_RUNS, filled(_RUNS)),
    "sets": (_SETS, filled(_SETS)),
    "jokers": (_JOKERS, filled(_JOKERS)),
    "take_from_run": (Enum("ends", "any"), "ends"),
    "free_discard": (Bool(), True),
    "action_cards": (_ACTION_CARDS, filled(_ACTION_CARDS)),
    "scoring": (_SCORING, filled(_SCORING)),
    "limits": (_LIMITS, filled(_LIMITS)),
})


def check_abilities(abilities: dict, doc) -> None:
    if abilities:
        raise doc.error(("abilities",), tr("the shedding family has no abilities; leave abilities out"))


def check_parameters(rules, cards, abilities, doc, where, layout, match_end) -> None:
    """Checks that need the cards: the joker's and action cards' ranks exist, draw cards draw, the
    match can end."""
    rules = filled(RULES_SPEC, rules)
    mine = where == ("rules",)
    ranks = {c.match for c in cards}
    joker = rules["jokers"]["rank"]
    if joker not in ranks:
        raise doc.error(where + ("jokers", "rank") if mine else where,
                        tr("no card has the rank {rank} (ranks: {ranks})", rank=repr(joker),
                           ranks=", ".join(sorted(ranks))))
    for rank, card in rules["action_cards"]["cards"].items():
        at = where + ("action_cards", "cards", rank) if mine else where
        if rank not in ranks:
            raise doc.error(at, tr("no card has the rank {rank} (ranks: {ranks})", rank=repr(rank),
                                   ranks=", ".join(sorted(ranks))))
        if card["effect"] == "draw" and card["draw"] < 1:
            raise doc.error(at, tr("a draw card needs draw: 1 or more (how many cards the next player draws)"))
    check_match_can_end(match_end, _round_scores_at_most(rules, max(c.value for c in cards)), doc, where)


def _round_scores_at_most(rules: dict, top: int) -> list:
    """The most each way a round ends adds to one seat's total, for check_match_can_end: (most, why).

    A seat's round is its hand (each card worth at most `top`; with no card above 0, at most 0, and
    a hand may be emptied by discarding), except the caller's: the reward `caller_lowest` when the
    caller has the fewest points, else the caller's hand plus `undercut_penalty`. The resets only
    act on totals above 0 (their keys start at 1), so they cannot make a total grow first."""
    sc = rules["scoring"]
    undercut = max(top, 0) + sc["undercut_penalty"]
    if top < 0:
        undercut_why = tr("an undercut caller: at most {most}, an empty hand plus a penalty of {penalty}",
                          most=undercut, penalty=sc["undercut_penalty"])
        others_why = tr("everyone else: at most {most}, an empty hand", most=max(top, 0))
    else:
        undercut_why = tr("an undercut caller: at most {most}, a hand of at most 0 plus a penalty of {penalty}",
                          most=undercut, penalty=sc["undercut_penalty"])
        others_why = tr("everyone else: at most {most}, a hand of at most 0", most=max(top, 0))
    return [(top, tr("a card is worth at most {most}", most=top)),
            (sc["caller_lowest"], tr("a caller with the fewest points: at most {most}, the reward for it",
                                     most=sc["caller_lowest"])),
            (undercut, undercut_why),
            (max(top, 0), others_why)]


# Every set of `sets.min_size` or more cards of one rank a hand holds is a discard of its own
# (shapes.discards lists them all), and a hand may come to hold every card of a rank: 12 cards
# of one rank give 4,083 sets, 20 a million. Past this many, a turn's moves are too many to list.
MAX_SETS_OF_A_RANK = 4096


def check_ruleset(cards, abilities, layout, rules, players, doc, where=("rules",)) -> None:
    """Every player count from players.min to players.max is dealt, and its turns' moves can be
    listed (`where`: ("rules",) for the file's own rules, or a house rule's `set`: a variant or
    --set)."""
    rules = filled(RULES_SPEC, rules)
    size = sum(c.count for c in cards)
    hand = rules["hand_size"]
    copies: dict = {}
    for c in cards:
        copies[c.match] = copies.get(c.match, 0) + c.count
    rank = max(copies, key=copies.get)
    least = rules["sets"]["min_size"]
    # the most players shuffle in the most decks (decks_for grows with the players)
    n = players["max"]
    held = copies[rank] * decks_for(n, rules, size)
    sets = sum(comb(held, k) for k in range(least, held + 1))
    if sets > MAX_SETS_OF_A_RANK:
        raise doc.error(("cards",) if where == ("rules",) else where,
                        tr("{held} cards of the rank {rank} are in play at {n} players; a hand holding "
                           "them could discard {sets} different sets of {least} or more, each a move of "
                           "its own (at most {most}: 12 cards of one rank)", held=held, rank=repr(rank), n=n,
                           sets=f"{sets:,}" if sets < 10 ** 9 else tr("over a billion"), least=least,
                           most=f"{MAX_SETS_OF_A_RANK:,}"))
    if where != ("rules",):
        return      # a house rule's bigger hand is dealt from more decks (decks_for): it always deals
    for n in range(players["min"], players["max"] + 1):
        # the file's own rules must name when a second deck comes in (a variant's bigger hand
        # gets more decks without being told: see decks_for)
        if n < rules["decks"]["extra_from_players"] and size < n * hand + 2:
            raise doc.error(("rules", "decks", "extra_from_players"),
                            tr("{size} cards cannot deal {hand} to {n} players and still leave a deck "
                               "(need {need}); shuffle in a second deck from {n} players", size=size,
                               hand=hand, n=n, need=n * hand + 2))


def decks_for(n: int, rules: dict, size: int) -> int:
    """How many decks are shuffled together: one, a second from `decks.extra_from_players`
    players, and more if the hands could not be dealt otherwise (a variant's bigger hand)."""
    decks = 2 if n >= rules["decks"]["extra_from_players"] else 1
    while decks * size < n * rules["hand_size"] + 2:
        decks += 1
    return decks
