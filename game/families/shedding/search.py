"""The hard bot's tuning for the shedding family (Kumbal): which decisions are worth a search, and
how far its playouts look (`Family.search`, read by game/ai/hard.py).

What is searched, of a turn (call? -> discard -> draw -> free discard?):
- the call, against normal's best discards: calling ends the round at once, so a sample tells
  exactly whether the call would be undercut;
- the discard: normal's few best by its own ranking (a hand of 7 has a dozen discards, most of
  them plainly worse: throwing a low card, breaking a pair);
- the draw: the deck or each card of the previous discard that may be taken (a handful);
- the free discard is not searched: it sheds the drawn card's points for nothing, and keeping a
  card of the rank just thrown seldom pays (normal throws it);
- with action cards, what is owed: drawing it or passing it on.
A playout ends with the round: a round's points are what one decision changes, and a match to 100
points is many rounds (the 51 and 99 resets are too far off for a round's playout to see).
"""
from __future__ import annotations

from game.families.shedding.bots import ShedBot

DISCARDS_SEARCHED = 3       # normal's best few discards (more arms: fewer playouts each)


def candidates(view, legal: list, policy_choice) -> list:
    """The root actions worth a search at this decision (only the policy's: none)."""
    kinds = {a.kind for a in legal}
    if "free_discard" in kinds or "next_round" in kinds:
        return [policy_choice]
    discards = [a for a in legal if a.kind == "discard"]
    out = [a for a in legal if a.kind != "discard"]     # call, draw_penalty, draw, take
    if discards:
        ranker = ShedBot(None, view.viewer, "normal")
        costs = ranker.discard_costs(view, discards)
        costs.sort(key=lambda pair: pair[1])
        out.extend(action for action, _ in costs[:DISCARDS_SEARCHED])
    return out


SEARCH = {
    "candidates": candidates,
    "horizon": "round",
}
