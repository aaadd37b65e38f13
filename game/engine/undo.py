"""Taking a move back, by Board Game Arena's policy, the same for every family.

A human may take back their own latest decisions while all of these hold, and never otherwise:
nothing hidden was revealed to anyone since (no card drawn, looked at, turned up or dealt; no secret
choice revealed), no random event with a visible effect happened since (a shuffle, a refill), no
other human acted since (the bots' replies are taken back with it), and the active player does not
change to another human. This module answers the first two for one action: `refusal` says why the
action can never be taken back, or '' if it can. The family says which of its events show something
hidden (`Family.reveals`); the engine adds what it sees itself (chance: the state's random generator
moved; the match's end) and a family can only add reasons, never remove one. The table keeps the
points a human may go back to (game/ui/table_undo.py) and the other two conditions.

That a family's `reveals` misses nothing is proved by tests/test_undo.py: from a sample of positions
of seeded matches, every move this module lets be taken back shows every seat the same view in a
state dealt anew from the actor's view (it told no one anything the actor could not see).
"""
from __future__ import annotations

from game.i18n import N_

# said where they are shown (game/ui/table_undo.py translates the reason it keeps)
CHANCE = N_("Chance played a part since (a shuffle or a deal).")
OVER = N_("The match is over.")
UNDECLARED = N_("This game does not say which of its moves show hidden cards.")


def chance(game) -> object:
    """What `refusal` compares to tell whether chance played a part: the random generator's state."""
    return game.rng.getstate()


def refusal(family, before_chance, game, events) -> str:
    """Why the action that just made `events` in `game` can never be taken back ('' if it can);
    `before_chance`: chance(game) before the action."""
    if game.is_over():
        return OVER
    if chance(game) != before_chance:
        return CHANCE
    if family.reveals is None:
        return "" if family.open_information else UNDECLARED
    for event in events:
        why = family.reveals(event)
        if why:
            return why
    return ""
