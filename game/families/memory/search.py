"""The hard bot's tuning for the memory family (Kombio, Cambio, classic Cambio): `Family.search`.

Which decisions are worth a search, and which root actions: calling or drawing (and from which
pile), keeping a drawn card (where) or throwing it, which ability to choose, whether to use a
look or a swap at all, which swap (the policy's, and each swap of the seat's own worst card with
an opponent's card), which card to give, and take-or-return. Where to look (a peek's position)
and which card of each seat a reveal picks are the policy's: a look changes no points by itself,
and the playouts, which play on from the sample, value it only as well as the policy uses it.
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


SEARCH = {
    "candidates": candidates,
    # the search keeps the policy's choice unless another beats it by this many standard errors
    # (hard.py counts the two means' errors as independent; with common random numbers their
    # difference varies far less, so a lower bar still overrules only clear cases)
    "confidence": 1.0,
}
