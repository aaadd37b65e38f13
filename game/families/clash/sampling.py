"""The hard level's sampler for the clash family (Klobba!): a full game from one seat's view.

What a seat does not see is dealt anew from the cards it has not seen (every Action card not in
its hand, its own offer or laid card, the discard pile or a revealed showdown; every Barbarian
in no Band and captured by nobody), consistently with the counts the view gives: the other
seats' hands (`hand_count`), the offers whose card the viewer cannot see, an opponent's laid
card before the reveal, an opponent's card chosen after Swap & Play before it is revealed, then
both decks in a random order. After the reveal, the round's public facts (the cards played,
Surprises, the Barbarians fled, selected and flipped) come from the view, and what the rules
work out from them (who must flee and may keep which, the tied choices, the capture's options,
the switches) is worked out again as the rules do.

Guesses where the view leaves a fact out (each changes nothing the viewer sees):
- whether an offerer whose choice is not shown yet made an offer: it did if its hand is short
  of `rules.hand_size` (hands are drawn back up to it every round); before the reveal, which
  card it offered the policy chooses with the hand dealt to it (after the reveal, an unplayed
  offer is dealt at random);
- the card the other Totem holder laid face down before the viewer's turn: of its hand if its
  hand is short of `rules.hand_size`, else one of the offers it received; which one, the policy
  (the "playout" level, normal's judgement) chooses with the hand dealt to it;
- an opponent still swapping (Swap & Play): it is about to put cards back if its hand holds more
  than this swap's count, else it has drawn and its last cards are the ones drawn;
- the cards put under a deck by Swap & Play are known to be at its bottom by the seat that put
  them there; a sample shuffles them in with the rest (this round's fled Barbarians, public, go
  to the Barbarian deck's bottom as the rules put them);
- in step 8, a Mirror & Switch player's switches so far are guessed from the pairs switched
  (a player who declined leaves no trace: it is guessed to be still waiting).
"""
from __future__ import annotations

from game.families.clash import selection
from game.families.clash.bots import make_bot
from game.families.clash.clobber import Side
from game.families.clash.rules import ClashGame

BEFORE_REVEAL = ("group", "offer", "lay")
SAMPLED_PHASES = BEFORE_REVEAL + ("swap", "flee", "select", "capture", "switch")
_STAGE = {"group": "lay", "offer": "lay", "lay": "lay", "swap": "swap", "flee": "flee",
          "select": "select", "capture": "capture", "switch": "done"}


def determinize(ruleset, options, view, rng) -> ClashGame:
    """A game consistent with `view` in which what the viewer cannot see is dealt from `rng`."""
    if view.phase not in SAMPLED_PHASES:
        raise NotImplementedError(f"the clash sampler rebuilds phases {', '.join(SAMPLED_PHASES)}; "
                                  f"not {view.phase!r}")
    game = ClashGame(ruleset, view.n, options, seed=rng.getrandbits(64))
    faces = game.faces
    me = view.viewer
    hand_size = game.rules["hand_size"]
    revealed = view.phase not in BEFORE_REVEAL
    cleared = view.phase == "switch"         # step 7 has put the played cards on the discard pile
    game.round_no, game.black, game.white = view.round_no, view.black, view.white
    game.stars = [s.stars for s in view.seats]
    game.captured = [list(s.captured) for s in view.seats]
    game.black_times = [s.black_times for s in view.seats]
    game.supply = view.supply
    game.record = view.record           # the public record: every event so far, as the view holds it
    game.bands = [[b.card for b in band.cards] for band in view.bands]
    game.face_down = {b.card for band in view.bands for b in band.cards if not b.face_up}
    # up to the capture nothing has turned face down this round; in step 8 resting is spent
    game.resting = set() if cleared else set(game.face_down)
    game.stars_on = {b.card: b.star_owner for band in view.bands for b in band.cards if b.star_owner is not None}
    game.marker = {band.marker: band.place for band in view.bands if band.marker}
    game.action_discard = list(view.action_discard)
    game.last_round = view.last_round
    game.switched, game.switch_queue, game.capture_options = set(view.switched), [], []
    game.pending, game.outcome, game.stage, game.cleared = {}, view.outcome, _STAGE[view.phase], cleared
    game.phase = view.phase
    game.over, game.results = False, ()

    # what the viewer has seen of the Action cards; the rest is the pool to deal from
    seen = set(view.action_discard)
    hands = [None] * view.n
    if me is not None:
        hands[me] = list(view.hand)
        seen.update(view.hand)
    for showdown in view.showdowns:
        if not cleared:     # once cleared they are on the discard pile, or shuffled into the deck since
            seen.update(c for c in (showdown.card, showdown.played, *showdown.swaps, *showdown.surprises)
                        if c is not None)
    laid_offers = {s.offered_by: s.card for s in view.showdowns if revealed and s.offered_by is not None}
    game.offers = {}
    unknown_offers = []
    for offer in view.offers:
        made = offer.made
        if made is None and offer.offerer not in view.to_act:
            made = view.seats[offer.offerer].hand_count < hand_size     # decided, not shown yet
        entry = {"holder": offer.holder, "made": made, "card": offer.card, "played": False}
        game.offers[offer.offerer] = entry
        if offer.offerer in laid_offers:
            entry["card"], entry["played"] = laid_offers[offer.offerer], True
        elif offer.card is not None:
            seen.add(offer.card)
        elif made and not cleared:
            unknown_offers.append((offer.offerer, entry))   # (in step 8 it is back in its hand)
    game.sides = {}
    unknown_laid, unknown_final = [], []
    for showdown in view.showdowns:
        side = Side(showdown.seat, showdown.totem, showdown.group)
        game.sides[showdown.seat] = side
        if revealed:
            _after_reveal(game, view, showdown, side, unknown_final)
            continue
        if not showdown.laid:
            continue
        if showdown.card is not None:
            side.laid, side.offered_by = showdown.card, showdown.offered_by
            if side.offered_by is not None:
                game.offers[side.offered_by]["played"] = True
        else:
            # laid face down before the viewer's turn: chosen below by the policy from what it held
            unknown_laid.append(side)
    pool = [c for c in range(len(faces)) if faces[c].kind == "action" and c not in seen]
    rng.shuffle(pool)
    laid_from_hand = {side.seat for side in unknown_laid if view.seats[side.seat].hand_count < hand_size}
    # before the reveal, an offer is chosen by the policy from its maker's hand (the card back in it)
    offered_from_hand = {offerer for offerer, _ in unknown_offers} if not revealed else set()
    for seat in range(view.n):
        if hands[seat] is None:
            count = view.seats[seat].hand_count + (seat in laid_from_hand) + (seat in offered_from_hand)
            hands[seat], pool = pool[:count], pool[count:]
    for offerer, entry in unknown_offers:
        if offerer not in offered_from_hand:
            entry["card"] = pool.pop()
    for side in unknown_final:
        side.final = pool.pop()
    for side in game.sides.values():
        if side.laid is None and side.offered_by is not None:
            side.laid = game.offers[side.offered_by]["card"]
    if len(pool) != view.action_deck:
        raise ValueError(f"the view counts {view.action_deck} Action cards in the deck; "
                         f"{len(pool)} are left to deal there")
    game.hands = hands
    game.action_deck = pool
    if revealed:
        _decisions(game, view)
    if offered_from_hand:
        _offer_as_the_policy_would(ruleset, game, [o for o, _ in unknown_offers], rng)
    if unknown_laid:
        _lay_as_the_policy_would(ruleset, game, unknown_laid, laid_from_hand, rng)

    in_play = {c for band in game.bands for c in band} | {c for captured in game.captured for c in captured}
    barbarians = [c for c in range(len(faces)) if faces[c].kind == "barbarian" and c not in in_play]
    if len(barbarians) != view.barbarian_deck:
        raise ValueError(f"the view counts {view.barbarian_deck} Barbarians in the deck; "
                         f"{len(barbarians)} are unseen")
    fled = [c for showdown in view.showdowns for c in showdown.fled if c not in in_play]
    rest = [c for c in barbarians if c not in fled]
    rng.shuffle(rest)
    for showdown in view.showdowns:          # "to the bottom of the Barbarian deck", Black's first
        rest[0:0] = [c for c in showdown.fled if c not in in_play][::-1]
    game.barbarian_deck = rest
    game.forget()
    return game


def _offer_as_the_policy_would(ruleset, game, offerers: list, rng) -> None:
    """An offer the viewer cannot see is the card the policy offers with the hand dealt to its maker
    (the card back in it), asked as in step 2 (its maker knows no other offer yet); where the
    policy would offer nothing, a card of that hand at random (the view says an offer was made)."""
    phase, game.phase = game.phase, "offer"
    for offerer in offerers:
        entry = game.offers[offerer]
        entry["made"], entry["card"] = None, None
        game.forget()
        legal = game.legal_actions(offerer)
        action = make_bot(ruleset, offerer, "playout", rng.getrandbits(32)).choose(game.view(offerer), legal)
        if action.kind != "offer":
            cards = [a for a in legal if a.kind == "offer"]
            action = cards[rng.randrange(len(cards))]
        card = action.places[0][2]
        game.hands[offerer].remove(card)
        entry["made"], entry["card"] = True, card
    game.phase = phase
    game.forget()


def _lay_as_the_policy_would(ruleset, game, sides: list, from_hand: set, rng) -> None:
    """A holder that laid its card face down before the viewer's turn laid what the policy lays
    with the hand dealt to it (its card back in it): a card dealt at random would be a holder
    that plays at random, and the search would answer a player that does not exist. Of its hand
    if its hand is short of `rules.hand_size`, else one of the offers it received."""
    for side in sides:
        zone = "hand" if side.seat in from_hand else "offer"
        legal = [a for a in game.legal_actions(side.seat) if a.places[0][0] == zone]
        if not legal:
            raise ValueError(f"seat {side.seat} laid a card face down, but the sample gives it none to lay")
        bot = make_bot(ruleset, side.seat, "playout", rng.getrandbits(32))
        action = bot.choose(game.view(side.seat), legal)
        zone, owner, card = action.places[0]
        if zone == "hand":
            game.hands[side.seat].remove(card)
        else:
            game.offers[owner]["played"], side.offered_by = True, owner
        side.laid = card
        game.forget()


def _after_reveal(game, view, showdown, side: Side, unknown_final: list) -> None:
    """A side after step 3's reveal: what the view shows of it (its own card work is redone later)."""
    side.laid, side.offered_by, side.revealed = showdown.card, showdown.offered_by, True
    side.swaps = list(showdown.swaps)
    side.surprises = list(showdown.surprises)
    side.fled = list(showdown.fled)
    side.selected, side.total = tuple(showdown.selected), showdown.total
    side.distracts, side.may_switch = showdown.distracts, showdown.may_switch
    side.final_revealed = view.phase != "swap"      # Swap & Play's choices are revealed together
    if showdown.played is not None:
        side.final = showdown.played
    elif not side.swaps:
        side.final = side.laid
    elif showdown.seat == view.viewer:
        # still swapping: about to put cards back, or to play one of those just drawn
        side.swap_drawn = list(view.swap_drawn)
        side.swap_stage = "play" if side.swap_drawn else "return"
        game.pending[side.seat] = "swap"
    elif showdown.seat in view.to_act:
        game.pending[side.seat] = "swap"            # its stage is guessed once its hand is dealt
    else:
        unknown_final.append(side)                  # chosen face down, not revealed yet


def _decisions(game, view) -> None:
    """What the rules work out after the reveal from the cards played: the card whose selection
    applies, who flees, the choices pending (flee, tie, capture, swap) and the switches."""
    black, white = game._holders()
    for side in (black, white):
        if side.seat in game.pending and side.swap_stage is None:
            # an opponent still swapping: putting back if its hand holds more than the count
            count = game._swap_count(side)
            hand = game.hands[side.seat]
            side.swap_stage = "return" if len(hand) > count else "play"
            side.swap_drawn = [] if side.swap_stage == "return" else list(hand[-count:])
    if view.phase != "swap" and not (game.kind(black.final) == "mirror" and game.kind(white.final) == "mirror"):
        for side in (black, white):
            base = side.final
            if game.kind(base) == "mirror":
                base = game._opponent(side).final       # "apply the opponent's card to your own Group"
            if game.kind(base) == "flee_and_surprise":
                side.must_flee, side.keep = True, dict(game.faces[base].effect.params)["keep"]
            showdown = view.showdown_of(side.seat)
            side.effect = showdown.effect
            side.effect_known = not side.must_flee or view.phase != "flee"
    for seat in view.to_act:
        side = game.sides.get(seat)
        if view.phase == "flee":
            side.flee_options = selection.keep_mightiest(game.available(side.group), side.keep)
            game.pending[seat] = "flee"
        elif view.phase == "select":
            side.choices = selection.evaluate(game.faces[side.effect].effect, game.available(side.group))
            game.pending[seat] = "select"
        elif view.phase == "capture":
            loser = game._opponent(side)
            top = max(game.faces[c].value for c in loser.selected)
            game.capture_options = [c for c in loser.selected if game.faces[c].value == top]
            game.pending[seat] = "capture"
    if view.phase == "switch":
        _switch_queue(game, view)


def _switch_queue(game, view) -> None:
    """Step 8: the seat to act switches now; the other Mirror & Switch player, if any, waits its turn
    ("pairs are switched one at a time, the Totem holders alternating", Black Totem holder first)."""
    acting = view.to_act[0]
    per_player = game.rules["switches_per_player"]
    pairs = len(view.switched) // 2
    players = [s for s in game._holders() if s.may_switch]
    others = [s for s in players if s.seat != acting]
    done_by_acting = pairs // 2 if others else pairs
    game.sides[acting].switches_left = max(1, per_player - done_by_acting)
    game.switch_queue = [acting]
    for side in others:
        side.switches_left = per_player - (pairs - done_by_acting)
        if side.switches_left > 0 and side.seat == game.white and acting == game.black:
            game.switch_queue.append(side.seat)
        elif side.switches_left > 0 and per_player > 1:
            game.switch_queue.append(side.seat)
