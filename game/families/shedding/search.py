"""The hard bot's tuning for the shedding family (Kumbal): which decisions are worth a search, and
how far its playouts look (`Family.search`, read by game/ai/hard.py).

What is searched, of a turn (call? -> discard -> draw -> free discard?), from an oracle check
(issue 12 tuning, 2-seat seeds 1003-1006, 64 playouts, paired): wherever the search overruled
normal, both moves were played out 60 times on the TRUE state. Overruled draws gained 11 points of
round margin on average (13 of 16 positive); overruled discards 1.4 (6 of 13): noise. So:
- the draw: the deck or a card of the previous discard, when normal's own costs put that draw
  within DRAW_GAP points of its choice (no draw normal ranked further behind was ever overruled);
- the call, when the rules allow it, against normal's choice (calling ends the round at once, so
  a sample tells exactly whether the call would be undercut);
- with action cards, what is owed: drawing it or passing it on;
- not the discard (normal's own ranking plays: searching it cost half the time for no gain),
  nor the free discard (it sheds the drawn card's points for nothing; normal throws it).
A playout ends with the round: a round's points are what one decision changes, and a match to 100
points is many rounds (the 51 and 99 resets are too far off for a round's playout to see). The
playouts are played by the `playout` level: normal weighing only the 3 discards that shed most
(the same move in 99.99% of normal's decisions, for less work).
"""
from __future__ import annotations

from game.families.shedding.bots import ShedBot

DRAW_GAP = 3.0          # points: a draw normal ranks further behind its choice is not searched
DISCARDS_SEARCHED = 0   # normal's best few discards beside its choice (0: its choice only)


def candidates(view, legal: list, policy_choice) -> list:
    """The root actions worth a search at this decision (only the policy's: none)."""
    kinds = {a.kind for a in legal}
    if "free_discard" in kinds or "next_round" in kinds:
        return [policy_choice]
    ranker = ShedBot(None, view.viewer, "normal")
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


SEARCH = {
    "candidates": candidates,
    "horizon": "round",
    "playout_level": "playout",
    "paired": True,
    "confidence": 2.0,
}
