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

The next round's end was chosen over this round's, and normal's worth of the hand kept as a leaf
value (`hand_kept` below, hard.py `leaf`) was tried and not kept (within noise); the overrule is
paired, at 2 standard errors. The measurements: bench/README.md ("Hard's figures"; "Tuning
history, by family", clash).
"""
from __future__ import annotations

from types import SimpleNamespace

from game.families.clash.bots import ClashBot

NOT_SEARCHED = ("switch", "capture", "swap_return", "no_switch")


def candidates(view, legal: list, policy_choice, ruleset) -> list:
    """The root actions the search plays out: all of them, or only the policy's choice."""
    if policy_choice.kind in NOT_SEARCHED:
        return [policy_choice]
    return legal


# paired: a move overrules normal's when its gain over normal's choice, deal by deal, is 2 standard
# errors above 0 (better than unpaired at 1: bench/README.md)
SEARCH = {"playout_level": "playout", "horizon": 2, "confidence": 2.0, "paired": True,
          "candidates": candidates}


# ---- the hand kept: what a playout that stops at the round's end leaves each seat ----
def hand_kept(game) -> list:
    """Each seat's points for the Action cards it keeps, as normal weighs keeping them (its
    bot_outcomes._card_worth, which ClashBot learns once per deck)."""
    bot = ClashBot(game.ruleset, 0, "normal")
    bot._learn(SimpleNamespace(faces=game.faces))
    faces = game.faces
    return [bot.style.keep * sum(bot.keep_worth.get(faces[c].key, 0.0) for c in hand) for hand in game.hands]
