"""How the hard bot searches Klobba! (`Family.search`, game/ai/hard.py): its tuning for this family.

A playout ends with the round after this one (`horizon` 2): a round in Klobba! is one clobber (step
4) and what follows it, and the next round is where the Action cards kept get played, so a card
laid now is weighed against what the hand then lacks. The value of a root action is the change in
Stars plus bounty it brings against the other players. The playouts are played by the internal
"playout" level (bots.py: normal's judgement, but its switch does not look at the next round).

Which root actions are worth a search (`candidates`): every card to lay or to offer, both
Groupings, every way to keep when fleeing, every tied selection, every card to play after Swap &
Play. Not searched (normal decides): the switch (step 8: it changes only the next round), the
capture (tied Barbarians have the same bounty) and the cards put back by Swap & Play (they change
only the hand kept).

Measured with bench/bench_hard.py at 96 playouts per decision, paired at 2 standard errors,
hard against normal, 2 seats, seats alternating, fresh seeds 5000-5499 (normal in hard's seat
wins 46% of them): to the end of this round, 59.5% of 500 (95% 55-64%, 0.11 CPU s per searched
decision); to the end of the next, **62.2% of 500 (95% 57.9-66.3%)**, 0.33 CPU s per searched
decision (the setting's 1 s holds about 290 playouts). On the 200 tuning seeds from 1000 the
next round's end gained 5 points over this round's (57% -> 62%); normal's worth of the hand kept
as a leaf value (hard.py `leaf`, `hand_kept` below) gained 2.5 (not kept: within noise). One hard
against three normal, seeds 1000-1119, this round's end: 40% of 120 (95% 31-48%); the margin
over the others' mean with the hand's worth: 30% (worse by 9.6 points, 95% 0.1-19). Fresh seeds
5000-5099, 4 seats, the next round's end (stop 23): 39.8 of 100 (95% 30.8-49.6%) at 200 playouts,
0.87 CPU s a searched decision (what the table's 1 s holds at four seats), and 45 (35.6-54.8%) at
256, 1.22 CPU s (seed by seed +5.2 points, -0.8 to +11.2); stop 15 had 39% of 60 at 96 playouts
to this round's end.
Stop 24, after normal's Mirror memo was mended (bots.Table.plain once stored a Mirror's value
under the pair of the card it copies, so normal's play depended on what it had weighed before):
2 seats, 96 playouts, seeds 5000-5499, **312.5 of 500 = 62.5% (95% 58.2-66.6%)**, 0.18 CPU s a
searched decision; 4 seats, 200 playouts, seeds 5000-5199, **82.5 of 200 = 41.3% (34.7-48.2%;
43 of the first 100, 39.5 of the next; normal in its seat 21.5%)**, 0.80-0.86 CPU s a searched
decision, inside the table's 1 s (the figures above were measured with the old normal).
"""
from __future__ import annotations

NOT_SEARCHED = ("switch", "capture", "swap_return", "no_switch")


def candidates(view, legal: list, policy_choice, ruleset) -> list:
    """The root actions the search plays out: all of them, or only the policy's choice."""
    if policy_choice.kind in NOT_SEARCHED:
        return [policy_choice]
    return legal


# paired: a move overrules normal's when its gain over normal's choice, deal by deal, is 2 standard
# errors above 0 (on the same 200 tuning seeds: unpaired at 1.0 won 52%, paired at 2.0 won 57%)
SEARCH = {"playout_level": "playout", "horizon": 2, "confidence": 2.0, "paired": True,
          "candidates": candidates}


# ---- the hand kept: what a playout that stops at the round's end leaves each seat ----
def hand_kept(game) -> list:
    """Each seat's points for the Action cards it keeps, as normal weighs keeping them (its
    bots._card_worth, which ClashBot learns once per deck)."""
    from types import SimpleNamespace
    from game.families.clash.bots import ClashBot
    bot = ClashBot(game.ruleset, 0, "normal")
    bot._learn(SimpleNamespace(faces=game.faces))
    faces = game.faces
    return [bot.style.keep * sum(bot.keep_worth.get(faces[c].key, 0.0) for c in hand) for hand in game.hands]
