"""Build clash-family states (Klobba!) for rule tests: a real ClashGame, then its cards re-dealt.

Rigging only *re-deals*: every card id of the ruleset ends in exactly one place (a Band, the
Barbarian deck, a hand, the Action deck), so cards are conserved and every later movement is the
engine's own. Tests then assert through the contract only (to_act, legal_actions, apply, view,
scores and the events).

    game = rigged(black=0, bands={0: [(YC, 9), (OF, 6)], 1: [(PR, 6), (BT, 8), (BT, 10)]},
                  face_down=[(OF, 1)], hands={0: ["berzerk"], 1: ["the_boss"]})

- a Barbarian is (clan, value); an Action card is its key;
- `bands[place]` lists exactly the Barbarians of that Band (others are filled from the deck
  unless `exact=True` leaves it as given);
- `hands[seat]` lists cards of that hand (the rest dealt from the deck up to the hand size);
- `action_deck` / `barbarian_deck`: the next cards drawn, top first;
- 2 players sit at places 0 and 2; `black` holds the Black Totem, the next seat the White.
"""
from __future__ import annotations

import functools
import os

from game.engine import registry
from game.engine.core import Action
from game.engine.ruleset import load_ruleset
from game.families.clash.rules import ClashGame  # importing it registers the clash family

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KLOBBA_YAML = os.path.join(ROOT, "rulesets", "klobba.yaml")
OF, YC, PR, BT = "orange_fox", "yellow_claw", "purple_raven", "blue_talon"


@functools.lru_cache(maxsize=None)
def klobba():
    """The real Klobba! ruleset (rulesets/klobba.yaml), loaded once."""
    return load_ruleset(KLOBBA_YAML)


def barbarian(game, clan: str, value: int) -> int:
    """The id of that Barbarian."""
    return next(c for c, f in enumerate(game.faces) if f.kind == "barbarian" and f.clan == clan
                and f.value == value)


def actions_of(game, key: str) -> list:
    return [c for c, f in enumerate(game.faces) if f.kind == "action" and f.key == key]


def rigged(n: int = 2, seed: int = 0, black: int = 0, bands=None, face_down=(), hands=None,
           action_deck=(), barbarian_deck=(), exact: bool = False, ruleset=None, stars=None) -> ClashGame:
    """A game re-dealt as asked, at the start of a round (phase "group")."""
    game = ClashGame(ruleset or klobba(), n, None, seed)
    p = game.rules
    bands = bands or {}
    hands = hands or {}
    used: set = set()

    def take(spec):
        cid = barbarian(game, *spec)
        assert cid not in used, f"{spec} given twice"
        used.add(cid)
        return cid

    def take_action(key):
        cid = next((c for c in actions_of(game, key) if c not in used), None)
        assert cid is not None, f"no {key} left to rig"
        used.add(cid)
        return cid

    band_ids = {place: [take(s) for s in specs] for place, specs in bands.items()}
    top = [take(s) for s in barbarian_deck]
    hand_ids = {seat: [take_action(k) for k in keys] for seat, keys in hands.items()}
    deck_top = [take_action(k) for k in action_deck]
    rest_b = [c for c in game.barbarian_deck + [c for b in game.bands for c in b] if c not in used]
    rest_a = [c for c in game.action_deck + [c for h in game.hands for c in h] if c not in used]
    for place in range(4):
        band = band_ids.get(place, [])
        while not (exact and place in band_ids) and len(band) < p["band_size"]:
            band.append(rest_b.pop())
        game.bands[place] = band
    game.barbarian_deck = rest_b + top[::-1]
    for seat in range(n):
        hand = hand_ids.get(seat, [])
        while len(hand) < p["hand_size"]:
            hand.append(rest_a.pop())
        game.hands[seat] = hand
    game.action_deck = rest_a + deck_top[::-1]
    game.face_down = {barbarian(game, *s) for s in face_down}
    if stars is not None:           # the supply takes or gives the difference: Stars are conserved
        game.supply += sum(game.stars) - sum(stars)
        game.stars = list(stars)
    game.black_times = [0] * n
    game.round_no = 0
    game.black, game.white = black, (black + 1) % n
    game._start_round()
    check_conserved(game)
    return game


def check_conserved(game) -> None:
    """What the family declares conserved (Family.conserved), against the deal: every card in exactly one
    place, every Star with a player, on a Barbarian or in the supply; and no count below 0."""
    held = registry.family("clash").conserved(game)
    assert held["cards"] == list(range(len(game.faces))), "a card was created or lost"
    ruleset = game.rules["stars"]
    assert held["stars"] == ruleset["per_player"] * game.n + ruleset["supply"]
    assert min(game.stars) >= 0 and game.supply >= 0


def play(game, *steps) -> list:
    """Apply (seat, action) pairs in order; every event, in order."""
    events = []
    for seat, action in steps:
        events.extend(game.apply(seat, action))
        check_conserved(game)
    return events


def group(place: int) -> Action:
    return Action("group", places=(("band", place),))


def lay(game, seat: int, key: str) -> Action:
    """Lay the card of that key from the seat's hand."""
    card = next(c for c in game.hands[seat] if game.faces[c].key == key)
    return Action("lay", places=(("hand", seat, card),))


def event(events, kind):
    """The one event of that kind (None if none)."""
    found = [e for e in events if e.kind == kind]
    assert len(found) <= 1, f"{len(found)} {kind} events"
    return found[0] if found else None


def selections(events) -> dict:
    """seat -> (selected ids, total) from the clobber's `selected` event."""
    return {seat: (cards, total) for seat, cards, total in event(events, "selected").get("selections")}


def clash(black_group, black_card, white_group, white_card, face_down=(), **kw):
    """A 2-player round up to the reveal: the Black Totem holder (seat 0, place 0) pairs with place 1,
    the White (seat 1, place 2) gets place 3; each Group is given as 6 Barbarians (3 per Band)."""
    game = rigged(black=0, bands={0: black_group[:3], 1: black_group[3:], 2: white_group[:3],
                                  3: white_group[3:]},
                  face_down=face_down, hands={0: [black_card], 1: [white_card]}, **kw)
    events = play(game, (0, group(1)), (0, lay(game, 0, black_card)), (1, lay(game, 1, white_card)))
    return game, events


# ---- privacy -------------------------------------------------------------------------------------

def hidden_twin(game, seat, rng):
    """A copy of `game` in which everything `seat` may not see is shuffled among itself: the other
    seats' hands, the Action deck's order, another holder's card laid or chosen and not revealed
    yet, an offer it neither made nor received, and the Barbarian deck's order."""
    twin = game.copy()
    known = all(o["made"] is not None for o in twin.offers.values())
    slots = [(twin.action_deck, i) for i in range(len(twin.action_deck))]
    for s in range(twin.n):
        if s != seat:
            slots += [(twin.hands[s], i) for i in range(len(twin.hands[s]))]
    for other in twin.sides.values():
        if other.seat == seat:
            continue
        if other.laid is not None and not other.revealed and other.offered_by != seat:
            slots.append((other, "laid"))
        if other.swaps and other.final is not None and not other.final_revealed:
            slots.append((other, "final"))
    for s, o in twin.offers.items():
        if s != seat and o["made"] and not o["played"] and not (o["holder"] == seat and known):
            slots.append((o, "card"))

    def get(slot):
        where, key = slot
        return getattr(where, key) if isinstance(key, str) and not isinstance(where, dict) else where[key]

    def put(slot, card):
        where, key = slot
        if isinstance(key, str) and not isinstance(where, dict):
            setattr(where, key, card)
        else:
            where[key] = card

    cards = [get(slot) for slot in slots]
    rng.shuffle(cards)
    for slot, card in zip(slots, cards):
        put(slot, card)
    rng.shuffle(twin.barbarian_deck)
    return twin


def check_views_keep_secrets(game) -> None:
    """No view names an Action card its seat may not know: the deck, the other hands, a card laid or
    chosen and not revealed yet (a seat's own offer excepted: it knows that card)."""
    for seat in [None] + list(range(game.n)):
        hidden = set(game.action_deck) | {c for s in range(game.n) if s != seat for c in game.hands[s]}
        hidden -= set(game.hands[seat]) if seat is not None else set()
        for sd in game.sides.values():          # revealed this round (the discard may be
            if sd.revealed:                     # shuffled back into the deck since)
                hidden -= {sd.laid} | set(sd.swaps) | set(sd.surprises)
            if sd.final_revealed:
                hidden.discard(sd.final)
        view = game.view(seat)
        named = set(view.action_discard) | set(view.swap_drawn)
        for o in view.offers:
            named.add(o.card)
        for sd in view.showdowns:
            named |= {sd.card, sd.played, sd.effect} | set(sd.swaps) | set(sd.surprises)
        laid_secret = {sd.laid for sd in game.sides.values() if not sd.revealed and sd.seat != seat}
        laid_secret -= {o["card"] for s, o in game.offers.items() if s == seat}   # its own offer
        leak = (named - {None}) & (hidden | laid_secret)
        assert not leak, f"seat {seat}'s view names hidden cards {sorted(leak)} (phase {game.phase})"
