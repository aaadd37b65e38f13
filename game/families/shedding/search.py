"""The hard bot's tuning for the shedding family (Kumbal): which decisions are worth a search, and
how far its playouts look (`Family.search`, read by game/ai/hard.py).

What is searched, of a turn (call? -> discard -> draw -> free discard?), as an oracle that played
both moves out on the true state showed (overruled draws gained, overruled discards were noise):
- the draw: the deck or a card of the previous discard, when normal's own costs put that draw
  within DRAW_GAP points of its choice (no draw normal ranked further behind was ever overruled);
- the call, when the rules allow it, against normal's choice (calling ends the round at once, so
  a sample tells exactly whether the call would be undercut);
- with action cards, what is owed: drawing it or passing it on;
- not the discard (normal's own ranking plays: searching it cost half the time for no gain),
  nor the free discard (it sheds the drawn card's points for nothing; normal throws it).
How sure the search must be: 3 standard errors of the paired difference, after a head start of
one point of round margin for normal's move. Against the normal that looks a turn ahead, the bar
of 0.5 that suited the old normal overruled its draws on noise (some 7 overrules a match, at a
bar crossed by chance about a third of the time when two moves are equal) and lost: on the same
seeds, hard won 19 of 59 where normal in its seat won 28, and 26 of 80 with only the draws
searched; with the draws left to normal it won 40 of 80, as normal did, and at a bar of 3 it wins
42 of 80 (0.2 overrules a match): the search finds little that normal's look-ahead does not
(bench/README.md, "Kumbal's hard against the new normal"). A rival leading by less than a point
or so was worse on the true state more often than not (the search's best rival is its luckiest
too): the head start keeps normal's move there. No playout budget is set
here: the table's time is (its 1 s holds more playouts than the budget measured best).
A playout ends with the round: a round's points are what one decision changes, and a match to 100
points is many rounds. Its value is the margin of the totals after the round, so a 51 or 99 reset
the round lands on counts, and a round that ends the match counts the win. No `leaf`: nothing of a
round carries into the next but the totals (the deck is shuffled anew), and a longer horizon would
add the next deal's noise for twice the work. The playouts are played by the `playout` level:
normal weighing only the 3 discards that shed most (nearly always normal's own move, for less work).
The oracle's figures, the win rates and why normal's call rule stays: bench/README.md ("Hard's
figures"; "Tuning history, by family", shedding).
"""
from __future__ import annotations

import math

from game.families.shedding import shapes
from game.families.shedding.bots import SheddingBot

DRAW_GAP = 3.0          # points: a draw normal ranks further behind its choice is not searched
DISCARDS_SEARCHED = 0   # normal's best few discards beside its choice (0: its choice only)


def candidates(view, legal: list, policy_choice, ruleset) -> list:
    """The root actions worth a search at this decision (only the policy's: none)."""
    kinds = {a.kind for a in legal}
    if "free_discard" in kinds or "next_round" in kinds:
        return [policy_choice]
    ranker = SheddingBot(ruleset, view.viewer, "normal")
    draws = [a for a in legal if a.kind in ("draw", "take")]
    if draws:
        costs = ranker.draw_costs(view, draws)
        best = min(cost for _, cost in costs)
        return [action for action, cost in costs if cost <= best + DRAW_GAP]
    out = [policy_choice] + [a for a in legal if a.kind in ("call", "draw_penalty")]
    discards = [a for a in legal if a.kind == "discard"]
    # the call is weighed against normal's best discard (when normal calls, against playing on)
    searched = DISCARDS_SEARCHED + (policy_choice.kind == "call")
    if discards and searched and "draw_penalty" not in kinds:
        costs = ranker.discard_costs(view, discards)
        costs.sort(key=lambda pair: pair[1])
        out.extend(action for action, _ in costs[:searched])
    if "draw_penalty" in kinds:
        out.extend(discards)            # passing on what is owed, with a 2 or a joker
    return list(dict.fromkeys(out))


# Inference (issue 32, 3): how sure a player's discard was, in points (the softmax temperature of
# the model of the others: a player who sheds the most points, with noise)
LIKELIHOOD_T = 3.0
ROUND_START = ("deal", "round_over", "next_round")


def likelihood(ruleset, view, deal) -> float:
    """How likely the others' last discards of this round were had they held what `deal` gives
    them, under a player who sheds the most points with noise: a softmax over the discards its hand
    allowed then, by points. Its hand then is its hand in the deal, less what it took since (known)
    and the card it drew blind since (each of its other cards alike), plus what it laid. A seat
    whose hand then cannot be told (more than one blind draw since, cards owed) counts 1. Reads the
    view's record and the deal only."""
    since: dict = {}        # seat -> the events after its last discard, newest first
    laid: dict = {}         # seat -> the ids of its last discard
    for event in view.record.latest():
        if event.kind in ROUND_START:
            break
        seat = event.seat
        if seat is None or seat == view.viewer or seat in laid:
            continue
        if event.kind == "discard":
            laid[seat] = tuple(event.get("cards", ()))
        else:
            since.setdefault(seat, []).append(event)
    weight = 1.0
    for seat, cards in laid.items():
        after = since.get(seat, [])
        kinds = [e.kind for e in after]
        if "draw_penalty" in kinds or not cards:
            continue
        taken = {e.get("card") for e in after if e.kind == "take"}
        blind = kinds.count("draw") - kinds.count("free_discard")
        held = [c for c in deal.hands[seat] if c not in taken]
        if blind == 0:
            befores = [held]
        elif blind == 1 and held:
            befores = [[c for c in held if c != drawn] for drawn in held]
        else:
            continue
        weight *= sum(_chance_of(deal, before + list(cards), cards) for before in befores) / len(befores)
    return weight


def _chance_of(deal, hand: list, cards: tuple) -> float:
    """The model's chance of laying `cards` from `hand` (softmax of the discards' points)."""
    value = deal.faces
    options = shapes.discards(deal, hand)
    points = [sum(value[c].value for c in group) for group in options]
    laid = sum(value[c].value for c in cards)
    if sorted(cards) not in [sorted(g) for g in options]:
        return 1.0      # a discard the model does not list (a house rule's): no evidence either way
    top = max(points)
    total = sum(math.exp((p - top) / LIKELIHOOD_T) for p in points)
    return math.exp((laid - top) / LIKELIHOOD_T) / total


SEARCH = {
    "candidates": candidates,
    "horizon": "round",
    "playout_level": "playout",
    "paired": True,
    "confidence": 3.0,      # standard errors of the paired difference (see above)
    # normal's move is given a head start of 1 point of round margin (hard's 0.02 a point): the
    # searched move that leads by less has lost more than it won on the true state (see above)
    "head_start": 0.02,
    # inference: off until it is measured to help (bench/README.md, "Kumbal's normal, looking a
    # turn ahead"); `resample` > 1 draws that many deals and keeps one by `likelihood`
    "likelihood": likelihood,
    "resample": 1,
}
