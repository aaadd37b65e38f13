"""How the hard bot searches Klobba! (`Family.search`, game/ai/hard.py): its tuning for this family.

A playout ends with the round, which in Klobba! is one clobber (step 4) and what follows it: the
value of a root action is the change in Stars plus bounty it brings against the other players.
The playouts are played by the internal "playout" level (bots.py: normal's judgement, but its
switch does not look at the next round, which a playout never reaches).

Which root actions are worth a search (`candidates`): every card to lay or to offer, both
Groupings, every way to keep when fleeing, every tied selection, every card to play after Swap &
Play. Not searched, because a playout ending with the round cannot tell them apart (normal
decides): the switch (step 8: it changes only the next round), the capture (tied Barbarians
have the same bounty) and the cards put back by Swap & Play (they change only the hand kept).

Measured with bench/bench_hard.py at 96 playouts per decision (about 0.11 s of one core's time
per searched decision; 1 s holds about 900): hard against normal, 2 seats, seeds 5000-5329:
59% of 330 games (95% 53-64%; normal in hard's seat wins 50% of seeds 5000-5149); one hard
against three normal, seeds 5000-5089: 37% of 90 (95% 28-47%; normal in that seat 21% of
seeds 5000-5059). With the paired comparison (game/ai/hard.py, `paired`) at 2 standard errors:
62% of 200 games, seeds 5000-5199 (95% 55-69%; normal in hard's seat 51%). So the setup screen
offers it (`hard_at_table`).
"""
from __future__ import annotations

NOT_SEARCHED = ("switch", "capture", "swap_return", "no_switch")


def candidates(view, legal: list, policy_choice) -> list:
    """The root actions the search plays out: all of them, or only the policy's choice."""
    if policy_choice.kind in NOT_SEARCHED:
        return [policy_choice]
    return legal


# paired: a move overrules normal's when its gain over normal's choice, deal by deal, is 2 standard
# errors above 0 (on the same 200 tuning seeds: unpaired at 1.0 won 52%, paired at 2.0 won 57%)
SEARCH = {"playout_level": "playout", "horizon": "round", "confidence": 2.0, "paired": True,
          "candidates": candidates}


# ---- the hand kept: what a playout that stops at the round's end leaves each seat ----
_WORTH: dict = {}       # id(faces) -> (faces, each Action card's worth for later rounds)


def _worth(game) -> dict:
    """Normal's worth of keeping each Action card (bots._card_worth), learnt once per deck."""
    found = _WORTH.get(id(game.faces))
    if found is not None and found[0] is game.faces:
        return found[1]
    from types import SimpleNamespace
    from game.families.clash.bots import ClashBot
    bot = ClashBot(game.ruleset, 0, "normal")
    bot._learn(SimpleNamespace(faces=game.faces))
    if len(_WORTH) > 16:
        _WORTH.clear()
    _WORTH[id(game.faces)] = (game.faces, bot.keep_worth)
    return bot.keep_worth


def hand_kept(game) -> list:
    """Each seat's points for the Action cards it keeps, as normal weighs keeping them."""
    from game.families.clash.bots import STYLES
    worth = _worth(game)
    keep = STYLES["normal"].keep
    faces = game.faces
    return [keep * sum(worth.get(faces[c].key, 0.0) for c in hand) for hand in game.hands]
