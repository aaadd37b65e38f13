"""The hard bot's tuning for the memory family (Kombio, Cambio, classic Cambio): `Family.search`.

Which decisions are worth a search, and which root actions: calling or drawing (and from which
pile), keeping a drawn card (where) or throwing it, which ability to choose, whether to use a
look or a swap at all, which swap (the policy's, and each swap of the seat's own worst card with
an opponent's card), which card to give, and take-or-return. Where to look (a peek's position)
and which card of each seat a reveal picks are the policy's: a look changes no points by itself,
and the playouts, which play on from the sample, value it only as well as the policy uses it.

How a playout ends: after two turns per seat (the internal `playout` level: normal bots whose
bot step stops there), the round scored as the hands lie, as if the seat then lowest had called;
a call's round plays to its end.
"""
from __future__ import annotations

# the swaps searched besides the policy's: the seat's worst own card with each opponent card
OWN_SWAP_POSITIONS = 1


def candidates(view, legal: list, choice) -> list:
    """The root actions worth a playout for this decision (only `choice`: the policy plays)."""
    phase = view.phase
    if phase in ("turn", "drawn", "give", "mismatch_choice"):
        return legal
    if phase != "ability" or view.pending is None:
        return [choice]
    step = view.pending.step
    skip = [a for a in legal if a.kind == "skip"]
    if step == "choose":
        return legal
    if step == "swap":
        return [choice] + skip + _swaps_giving_away(view, legal)
    return [choice] + skip          # a look or a pick: whether to use it, not where


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
# one decision's effect drowns in
# what every later draw brings (a round's margin varies by about 22 points between playouts of
# one Kombio decision); a few turns on, the hands still hold its effect and far less of the noise.
PLAYOUT_LEVEL = "playout"
PLAYOUT_ROTATIONS = 2           # turns per seat before the playout is scored


def playout_bot(ruleset, seat: int, seed):
    """A normal bot that plays the hard bot's playouts (the level is internal: never at the table)."""
    from game.families.memory.bots import STYLES, MemoryBot
    bot = MemoryBot(ruleset, seat, STYLES["normal"], seed)
    bot.playout_turns = PLAYOUT_ROTATIONS       # times the seats: set per game in playout_step
    bot.playout_from = None
    return bot


def playout_step(game, bots, apply) -> int:
    """One step of a playout: the family's bot step, or the round scored once its turns are played."""
    from game.families.memory.bots import bot_step
    first = bots[0]
    if first.playout_from is None:
        first.playout_from = game.turns
    if game.phase == "turn" and game.caller is None \
            and game.turns - first.playout_from >= first.playout_turns * game.n:
        game.end_round_for_search()
        return 1
    return bot_step(game, bots, apply)


SEARCH = {
    "playout_level": PLAYOUT_LEVEL,
    "candidates": candidates,
    # the search keeps the policy's choice unless another beats it by this many standard errors
    # (hard.py counts the two means' errors as independent; with common random numbers their
    # difference varies far less, so a lower bar still overrules only clear cases)
    "confidence": 1.0,
}
