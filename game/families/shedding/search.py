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
How sure the search must be: 0.5 standard errors of the paired difference. A lower bar overrules
more often, each time a little less surely right, and the total grows: normal's draw costs put
many draws within a point or two that the samples tell apart. No playout budget is set here: the
table's time is (its 1 s holds more playouts than the budget measured best).
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


SEARCH = {
    "candidates": candidates,
    "horizon": "round",
    "playout_level": "playout",
    "paired": True,
    "confidence": 0.5,      # standard errors of the paired difference (see above)
}
