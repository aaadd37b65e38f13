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
How sure the search must be (issue 12 tuning, the same oracle over 2-seat seeds 1000-1009, 64
playouts, paired; bench/bench_kumbal_oracle.py): the true gain of the overrules per match was
+11 points of round margin at 2 standard errors (34 overrules of 10 matches, +2.9 each), +19 at
1 (92, +1.9 on draws), +31 at 0.5 (187, +1.4 on draws). A lower bar overrules more often, each
time a little less surely right, and the total grows: normal's draw costs put many draws within a
point or two that the samples tell apart. 128 playouts gained no more (+11 at 2, +26 at 0.5) for
twice the time, but the win rate says more playouts do gain (the oracle's per-match gain is noisy
at 10 matches): over 500 fresh 2-seat matches (bench_hard.py, seeds 5000-5499, seats alternating)
hard won 292 (58.4%, 95% 54.0-62.6%) at 64 playouts a decision and 342 (68.4%, 64.2-72.3%) at 256
(0.55 CPU s a searched decision; seed by seed on 5300-5378, +19 points, +7 to +31). 256 was chosen
on 5300-5399; the other 400 alone: 268 (67.0%, 62.2-71.4%). The table's 1 s setting gives Kumbal
about 470 playouts, so a playout budget is not set here: the time is. 4 seats, one hard at 256
against three normal (about 0.75 CPU s a searched decision; stops 22-25, seeds 5000-5299): 116
of 300 = 38.7% (95% 33.3-44.3%; a fair share is 25%): 39 of 5000-5099, 42 of 5100-5199 and 35
of 5200-5299 (the last two re-run in stops 24-25 with a log that tells a shared win apart: none
was shared). The first 200 alone gave 40.5%: 300 seeds put it under. Those seeds favour hard's seat:
with normal in all four seats, the seat hard takes wins 87.5 of 300 (29.2%) over 5000-5299 (19.5,
35 and 33 of each hundred), so hard's edge there is under 10 points.
Normal's call rule needed no change: at 409 moments of 30 normal matches where a seat could call,
calling beat playing on (on the true state) by +6.9 points where normal's chance of no undercut
was 0.95 or more, +4.6 at 0.9-0.95, -0.5 at 0.8-0.9 (its bar), and lost below 0.8 (-7.9 at
0.5-0.7), where it did not call. At 4 seats its bar (0.7) is no worse than 0.8 or 0.5 (one bot
with another bar against three normal, 2000 tuning matches each, bench_style.py: 25.2-25.9%).
A playout ends with the round: a round's points are what one decision changes, and a match to 100
points is many rounds. Its value is the margin of the totals after the round, so a 51 or 99 reset
the round lands on counts, and a round that ends the match counts the win. No `leaf`: nothing of a
round carries into the next but the totals (the deck is shuffled anew), and a longer horizon would
add the next deal's noise for twice the work. The
playouts are played by the `playout` level: normal weighing only the 3 discards that shed most
(the same move in 99.99% of normal's decisions, for less work).
"""
from __future__ import annotations

from game.families.shedding.bots import ShedBot

DRAW_GAP = 3.0          # points: a draw normal ranks further behind its choice is not searched
DISCARDS_SEARCHED = 0   # normal's best few discards beside its choice (0: its choice only)


def candidates(view, legal: list, policy_choice, ruleset) -> list:
    """The root actions worth a search at this decision (only the policy's: none)."""
    kinds = {a.kind for a in legal}
    if "free_discard" in kinds or "next_round" in kinds:
        return [policy_choice]
    ranker = ShedBot(ruleset, view.viewer, "normal")
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
