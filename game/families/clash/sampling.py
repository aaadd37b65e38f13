"""The hard level's sampler for the clash family (Klobba!): a full game from one seat's view.

What a seat does not see is dealt anew from the cards it has not seen (every Action card not in
its hand, its own offer or laid card, the discard pile or a revealed showdown; every Barbarian
in no Band and captured by nobody), consistently with the counts the view gives: the other
seats' hands (`hand_count`), the offers whose card the viewer cannot see, an opponent's laid
card before the reveal, then both decks in a random order.

Guesses where the view leaves a fact out (each changes nothing the viewer sees):
- whether an offerer whose choice is not shown yet made an offer: it did if its hand is short
  of `rules.hand_size` (hands are drawn back up to it every round);
- whether the other Totem holder laid a card of its hand or an offer it received: of its hand
  if its hand is short of `rules.hand_size`, else one of those offers at random;
- the cards put under a deck (fled Barbarians, Swap & Play returns) are known to be at its
  bottom by the seats that saw them; a sample shuffles them in with the rest.

It rebuilds the state of the decisions before the reveal: phases "group", "offer" and "lay",
where the hidden cards weigh most. The clobber's own decisions (swap, flee, select, capture) and
the switch come after the laid cards are revealed, with many more facts of the round in the
state; for them it raises NotImplementedError and the hard bot plays its policy's choice.
"""
from __future__ import annotations

from game.families.clash.rules import ClashGame, Side

SAMPLED_PHASES = ("group", "offer", "lay")


def determinize(ruleset, options, view, rng) -> ClashGame:
    """A game consistent with `view` in which what the viewer cannot see is dealt from `rng`."""
    if view.phase not in SAMPLED_PHASES:
        raise NotImplementedError(f"the clash sampler rebuilds phases {', '.join(SAMPLED_PHASES)}; "
                                  f"not {view.phase!r}")
    game = ClashGame(ruleset, view.n, options, seed=rng.getrandbits(64))
    faces = game.faces
    me = view.viewer
    hand_size = game.rules["hand_size"]
    game.round_no, game.black, game.white = view.round_no, view.black, view.white
    game.stars = [s.stars for s in view.seats]
    game.captured = [list(s.captured) for s in view.seats]
    game.black_times = [s.black_times for s in view.seats]
    game.supply = view.supply
    game.bands = [[b.card for b in band.cards] for band in view.bands]
    game.face_down = {b.card for band in view.bands for b in band.cards if not b.face_up}
    game.resting = set(game.face_down)      # before the clobber, every face-down card was so at the start
    game.stars_on = {b.card: b.star_owner for band in view.bands for b in band.cards if b.star_owner is not None}
    game.marker = {band.marker: band.place for band in view.bands if band.marker}
    game.action_discard = list(view.action_discard)
    game.last_round = view.last_round
    game.switched, game.switch_queue, game.capture_options = set(view.switched), [], []
    game.pending, game.outcome, game.stage, game.cleared = {}, view.outcome, "lay", False
    game.phase = view.phase
    game.over, game.results = False, ()

    # what the viewer has seen of the Action cards; the rest is the pool to deal from
    seen = set(view.action_discard)
    hands = [None] * view.n
    if me is not None:
        hands[me] = list(view.hand)
        seen.update(view.hand)
    game.offers = {}
    unknown_offers = []
    for offer in view.offers:
        made = offer.made
        if made is None and offer.offerer not in view.to_act:
            made = view.seats[offer.offerer].hand_count < hand_size     # decided, not shown yet
        entry = {"holder": offer.holder, "made": made, "card": offer.card, "played": False}
        game.offers[offer.offerer] = entry
        if offer.card is not None:
            seen.add(offer.card)
        elif made:
            unknown_offers.append(entry)
    game.sides = {}
    unknown_laid = []
    for showdown in view.showdowns:
        side = Side(showdown.seat, showdown.totem, showdown.group)
        game.sides[showdown.seat] = side
        if not showdown.laid:
            continue
        if showdown.card is not None:
            side.laid, side.offered_by = showdown.card, showdown.offered_by
            seen.add(showdown.card)
        elif view.seats[showdown.seat].hand_count < hand_size:
            unknown_laid.append(side)           # from its hand: dealt from the pool below
        else:
            received = [o for o, e in game.offers.items() if e["holder"] == showdown.seat and e["made"]]
            side.offered_by = received[rng.randrange(len(received))] if received else None
            if side.offered_by is None:
                unknown_laid.append(side)
        if side.offered_by is not None:
            game.offers[side.offered_by]["played"] = True
    pool = [c for c in range(len(faces)) if faces[c].kind == "action" and c not in seen]
    rng.shuffle(pool)
    for seat in range(view.n):
        if hands[seat] is None:
            count = view.seats[seat].hand_count
            hands[seat], pool = pool[:count], pool[count:]
    for entry in unknown_offers:
        entry["card"] = pool.pop()
    for side in unknown_laid:
        side.laid = pool.pop()
    for side in game.sides.values():
        if side.laid is None and side.offered_by is not None:
            side.laid = game.offers[side.offered_by]["card"]
    if len(pool) != view.action_deck:
        raise ValueError(f"the view counts {view.action_deck} Action cards in the deck; "
                         f"{len(pool)} are left to deal there")
    game.hands = hands
    game.action_deck = pool

    in_play = {c for band in game.bands for c in band} | {c for captured in game.captured for c in captured}
    barbarians = [c for c in range(len(faces)) if faces[c].kind == "barbarian" and c not in in_play]
    if len(barbarians) != view.barbarian_deck:
        raise ValueError(f"the view counts {view.barbarian_deck} Barbarians in the deck; "
                         f"{len(barbarians)} are unseen")
    rng.shuffle(barbarians)
    game.barbarian_deck = barbarians
    game._public = None
    return game
