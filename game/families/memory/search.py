"""The hard bot's tuning for the memory family (Kombio, Cambio, classic Cambio): `Family.search`.

Which decisions are worth a search, and which root actions (a decision left to the policy costs
no playout): a call, where normal's own belief gives it a fair chance of being lowest (against
the policy's draw; a call of the policy's against a draw from the deck); keeping a drawn card
(where) or throwing it, among the places normal values within DRAWN_MARGIN points of its best;
which ability to choose; whether to use a swap at all and which (the policy's, and each swap of
the seat's own worst card with an opponent's card); take-or-return. A look, a reveal's pick, a
give and the pile to draw from are the policy's: the search (nearly) never overruled them, and a
look changes no points by itself.

How a playout ends: after four turns per seat (the internal `playout` level: normal bots whose
bot step stops there), the round scored as the hands lie, as if the seat then lowest had called;
a call's round plays to its end.

At four seats what limits the search is what its samples know of the others' hidden cards (the
faces the others have seen are not in the public record), not the playout budget, the horizon or
the bar. The measurements behind each choice and constant here are in bench/README.md ("Hard's
figures"; "Tuning history, by family", memory).

The family's bots by level are found here too (`make_bot`, `bot_step`): bots.py's easy and normal,
and the playouts' own level.
"""
from __future__ import annotations

from game.families.memory.bot_style import STYLES
from game.families.memory.bots import MemoryBot, bot_step as policy_step

# the swaps searched besides the policy's: the seat's worst own card with each opponent card
OWN_SWAP_POSITIONS = 1


def candidates(view, legal: list, choice, ruleset) -> list:
    """The root actions worth a playout for this decision (only `choice`: the policy plays);
    normal's judgement of what is close reads `ruleset` (the rules in play)."""
    phase = view.phase
    if phase == "turn":
        return _turn_candidates(view, legal, choice, ruleset)
    if phase == "drawn":
        return _drawn_candidates(view, legal, choice, ruleset)
    if phase == "mismatch_choice":
        return legal
    if phase != "ability" or view.pending is None:
        return [choice]         # a give: measured, the search never overruled the policy's
    step = view.pending.step
    skip = [a for a in legal if a.kind == "skip"]
    if step == "choose":
        return legal
    if step == "swap":
        return [choice] + skip + _swaps_giving_away(view, legal)
    return [choice]             # a look or a pick: measured, the search (nearly) never overruled it


def _turn_candidates(view, legal: list, choice, ruleset) -> list:
    """Call or draw: searched only where a call may be right (a draw from the deck or the pile
    is the policy's: the search almost never overruled it). Normal's own call is played: a drawing
    arm's playout is scored as if the lowest seat called without the others' final turns, so it
    flatters drawing on; measured on the true state, the search's draws in place of normal's calls
    lost, while its calls where normal drew were right (bench/README.md)."""
    if choice.kind == "call":
        return [choice]
    call = [a for a in legal if a.kind == "call"]
    if not call or lowest_chance(view, ruleset) < call_search_chance(view.n_seats):
        return [choice]
    return [choice] + call


def _drawn_candidates(view, legal: list, choice, ruleset) -> list:
    """Keep the drawn card (where) or throw it: the places normal values within DRAWN_MARGIN
    points of its best (a place far behind costs no playout)."""
    bot = _estimator(view, ruleset)
    gains = bot.drawn_gains(view, legal, bot._beliefs(view))
    if not gains:
        return legal
    best = max(gains.values())
    return [choice] + [a for a in legal if gains.get(a, best) >= best - DRAWN_MARGIN]


# A drawn card's places searched: normal's gain within this many points of its best place's.
# Normal's gains carry what it prizes beyond points (knowing its own cards:
# Style.unknown_swap_gain), so places that are close in points lie far apart in its gains: a
# narrow margin met too few of them (the oracle's figures: bench/README.md).
DRAWN_MARGIN = 12.0
# A call is searched when normal's own belief gives it at least this chance of being lowest: 0.5
# at 2 seats; at more seats 0.3, where being lowest of all is rarer and normal's own bar for a
# call misses good ones (measured: bench/README.md).
CALL_SEARCH_CHANCE = 0.5
CALL_SEARCH_CHANCE_MORE_SEATS = 0.3


def call_search_chance(seats: int) -> float:
    """The belief of being lowest from which a call is searched, at this many seats."""
    return CALL_SEARCH_CHANCE if seats <= 2 else CALL_SEARCH_CHANCE_MORE_SEATS

_ESTIMATORS: dict = {}      # (ruleset's id(), seat, deck) -> (ruleset, a normal bot for it)


def lowest_chance(view, ruleset) -> float:
    """Normal's belief, under `ruleset`, that a call now leaves the viewer lowest."""
    bot = _estimator(view, ruleset)
    return bot.lowest_chance(view, bot._beliefs(view))


def _estimator(view, ruleset):
    """A normal bot for the viewer's seat whose beliefs judge which moves are close: one per
    ruleset object (a lab variant keeps its base's id but not its rules), seat and deck."""
    # the composition in force comes with the view (a house rule may change it): part of the key
    key = (id(ruleset), view.viewer, view.deck_composition)
    entry = _ESTIMATORS.get(key)
    if entry is None or entry[0] is not ruleset:        # an id() may be reused once freed
        if len(_ESTIMATORS) > 64:
            _ESTIMATORS.clear()
        entry = _ESTIMATORS[key] = (ruleset, MemoryBot(ruleset, view.viewer, STYLES["normal"], 0))
    return entry[1]


def _swaps_giving_away(view, legal: list) -> list:
    """Swaps of the seat's worst-looking own card (the highest known face, or an unseen one when
    no known face is above the deck's mean) with any opponent card."""
    me = view.viewer
    cards = sum(face.count for face in view.deck_composition)
    unseen = sum(face.value * face.count for face in view.deck_composition) / max(1, cards)
    own = view.seats[me].slots
    ranked = sorted((slot for slot in own if slot.present and not view.seats[me].locked),
                    key=lambda slot: -(slot.face.value if slot.face is not None else unseen))
    worst = {slot.pos for slot in ranked[:OWN_SWAP_POSITIONS]}
    out = []
    for action in legal:
        if action.kind != "swap":
            continue
        a, b = tuple(action.pos), tuple(action.pos2)
        if (a in worst and b[0] != me) or (b in worst and a[0] != me):
            out.append(action)
    return out


# The playouts' own level: normal bots, and a playout that stops after this many turns (counted
# from the first step after the root action) unless a call is under way, the round then scored as
# it lies, as if the seat then lowest had called (rules.end_round_for_search). To the round's end,
# one decision's effect drowns in what every later draw brings; a few turns on, the hands still
# hold its effect and far less of the noise.
PLAYOUT_LEVEL = "playout"
# turns per seat before the playout is scored (the oracle check that chose 4: bench/README.md)
PLAYOUT_ROTATIONS = 4


def playout_bot(ruleset, seat: int, seed):
    """A normal bot that plays the hard bot's playouts (the level is internal: never at the table)."""
    bot = MemoryBot(ruleset, seat, STYLES["normal"], seed)
    bot.playout_turns = PLAYOUT_ROTATIONS       # times the seats: set per game in playout_step
    bot.playout_from = None
    return bot


def playout_step(game, bots, apply) -> int:
    """One step of a playout: the family's bot step, or the round scored once its turns are played."""
    first = bots[0]
    if first.playout_from is None:
        first.playout_from = game.turns
    if game.phase == "turn" and game.caller is None \
            and game.turns - first.playout_from >= first.playout_turns * game.n:
        game.end_round_for_search()
        return 1
    return policy_step(game, bots, apply)


def make_bot(ruleset, seat: int, level: str, seed):
    """The family's bot at `level`: easy or normal (bots.py's styles), or the playouts' own level."""
    if level == PLAYOUT_LEVEL:
        return playout_bot(ruleset, seat, seed)
    return MemoryBot(ruleset, seat, STYLES[level], seed)


def bot_step(game, bots, apply) -> int:
    """One step of a bot-only match: a playout's (scored once its turns are played) or bots.py's,
    which lets every seat in a match race act at once."""
    if getattr(bots[0], "playout_turns", None) is not None:
        return playout_step(game, bots, apply)
    return policy_step(game, bots, apply)


SEARCH = {
    "playout_level": PLAYOUT_LEVEL,
    # the hard level claims a match race as normal does, at a quick player's speed (bot_style.py)
    "race_level": "quick",
    "candidates": candidates,
    # judged on each deal's difference from the policy's choice, at 2 standard errors (far better
    # overrules than unpaired at 1: bench/README.md)
    "paired": True,
    "confidence": 2.0,
}
