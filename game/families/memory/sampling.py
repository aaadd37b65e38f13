"""The hard level's sampling for the memory family (Kombio, Cambio, classic Cambio): a whole state
dealt anew from one seat's view, as OpenSpiel's resample_from_infostate.

What stays where the view shows it: every face the viewer knows (its own looked-at cards, cards it
peeked at, public cards: the discard pile, matched and revealed cards, a card taken from the pile),
who has seen each card (`seen_by`, public), the penalty positions, the turn, the call, the race,
the pending ability, the totals. Every other card (face-down cards of every seat that the viewer
has not seen, the deck, a card another seat drew from the deck) is dealt anew from the unseen
cards (the deck's composition minus every face in the view): a card its owner has seen and kept
leaning low (KEPT_LOW, an opponent model: owners replace their high cards), every other place
uniformly. A card someone else has seen keeps that seat's knowledge, so the sampled seat plays on
knowing it.

What the seat saw happen is in its view too, so nothing is guessed: which steps of an ability are
left (`Pending.steps`: the Red King's second action), which seats a reveal has picked
(`Pending.picked`: the Blue King), whether an extra turn is owed (`MemoryView.extra_turn`: the
Energy variant), and what each reshuffle put into the deck (`MemoryView.reshuffled`, with each
card's `SlotView.shuffle`): a hidden card that came out of a reshuffle is dealt from that
reshuffle's faces, the deck from the last one's, the others from the first deck's.
"""
from __future__ import annotations

import math
import random
from collections import Counter

from game.families.memory.rules import MemoryGame

# (ruleset id, seats, options) -> (a game whose fixed parts every sample shares, face -> card ids)
_TEMPLATES: dict = {}


def _template(ruleset, n_seats: int, options: dict) -> tuple:
    """A game of this ruleset, seat count and options, built once: the rules in force, the faces and
    the caches, which a sample shares (parsing the rules costs far more than a sample); and the
    card ids of each face."""
    key = (ruleset.id, ruleset.version, n_seats, repr(sorted(options.items())))
    entry = _TEMPLATES.get(key)
    if entry is None or entry[0].ruleset is not ruleset:
        if len(_TEMPLATES) > 64:
            _TEMPLATES.clear()
        game = MemoryGame(ruleset, n_seats, options, seed=0)
        ids_by_face: dict = {}
        for cid, face in enumerate(game.defs):
            ids_by_face.setdefault(face, []).append(cid)
        entry = _TEMPLATES[key] = (game, ids_by_face)
    return entry


def determinize(ruleset, options, view, rng: random.Random) -> MemoryGame:
    """A full state that deals what `view.viewer` cannot see anew, so that its view is `view`."""
    template, ids_by_face = _template(ruleset, view.n_seats, options)
    game = object.__new__(MemoryGame)
    game.__dict__.update(template.__dict__)
    everyone = game.all_mask
    bit = 0 if view.viewer is None else 1 << view.viewer
    pools = {face: list(ids) for face, ids in ids_by_face.items()}
    known = [0] * len(game.defs)

    # the faces in the view take a card of their kind each; the rest are unseen
    discard = [pools[face].pop() for face in view.discard]
    for cid in discard:
        known[cid] = everyone
    latest = len(view.reshuffled)           # the deck holds only the last reshuffle's cards
    shuffle_of: dict = {}
    # per reshuffle: the faces of its cards hidden from someone; the viewer's own looks are not unseen
    unseen_of = [Counter(faces) for faces in view.reshuffled]
    layouts, penalties, hidden = [], [], []
    for seat_view in view.seats:
        layout = []
        for slot in seat_view.slots:
            if not slot.present:
                layout.append(None)
                continue
            mask = 0
            for s in slot.seen_by:
                mask |= 1 << s
            if slot.face is not None:
                cid = pools[slot.face].pop()
                known[cid] = mask
                layout.append(cid)
                if slot.shuffle:
                    shuffle_of[cid] = slot.shuffle
                    if mask != everyone:
                        unseen_of[slot.shuffle - 1][slot.face] -= 1
            else:
                hidden.append((len(layouts), len(layout), mask, slot.shuffle))
                layout.append(None)
        layouts.append(layout)
        penalties.append([slot.penalty for slot in seat_view.slots])
    drawn = None
    if view.drawn is not None:
        drawn = pools[view.drawn].pop()
        known[drawn] = everyone if view.drawn_from == "discard" else bit | 1 << view.current
        if view.drawn_from == "deck" and latest:
            shuffle_of[drawn] = latest
            unseen_of[latest - 1][view.drawn] -= 1
    # each reshuffle's unseen cards go to the hidden places it filled (and the deck, the last one's);
    # what is left, the cards of the first deck, to the other hidden places
    by_shuffle = []
    for faces in unseen_of:
        cards = []
        for face, count in faces.items():
            if count < 0 or count > len(pools[face]):
                raise ValueError(f"the view does not add up: a reshuffle's {face.label} cards")
            cards.extend(pools[face].pop() for _ in range(count))
        by_shuffle.append(cards)
    unseen = [cid for ids in pools.values() for cid in ids]
    by_shuffle.insert(0, unseen)
    for cards in by_shuffle:
        rng.shuffle(cards)
    # the cards their owners have seen and kept first, each drawn leaning low (KEPT_LOW)
    lean = KEPT_LOW[min(view.turn_no // max(1, view.n_seats), len(KEPT_LOW) - 1)]
    weights = {face: math.exp(-lean * face.value / 13) for face in ids_by_face}
    defs = game.defs
    hidden = [place + (place[0] != view.viewer and place[2] >> place[0] & 1,) for place in hidden]
    hidden.sort(key=lambda place: not place[4])     # stable: the kept ones first, in table order
    for seat, slot, mask, tag, kept in hidden:
        cards = by_shuffle[tag]
        if not cards:
            raise ValueError("the view does not add up: more hidden cards than unseen ones")
        if kept:
            cid = cards.pop(_lean_low(cards, defs, weights, rng))
        else:
            cid = cards.pop()
        layouts[seat][slot] = cid
        known[cid] = mask
        if tag:
            shuffle_of[cid] = tag
    if view.drawn_by is not None and drawn is None:
        drawn = by_shuffle[latest].pop()    # another seat drew it from the deck: only it knows the face
        known[drawn] = 1 << view.drawn_by
        if latest:
            shuffle_of[drawn] = latest
    deck = by_shuffle[latest]
    if len(deck) != view.deck_count or any(by_shuffle[:latest]):
        raise ValueError(f"the view does not add up: {len(deck)} unseen cards for a deck of "
                         f"{view.deck_count}")
    for cid in deck:
        if latest:
            shuffle_of[cid] = latest

    game.rng = random.Random(rng.getrandbits(64))
    game.record = view.record           # the public record: every event so far, as the view holds it
    game.deck = deck
    game.shuffle_of, game.reshuffles = shuffle_of, latest
    game.discard = discard
    game.knowledge = knowledge = template.knowledge.copy()
    knowledge.masks = known
    game.known = known
    game.layouts = layouts
    game.penalty_slots = penalties
    game.round_no, game.dealer, game.current, game.phase = view.round_no, view.dealer, view.current, view.phase
    game.totals = [seat_view.total for seat_view in view.seats]
    game.looked = [seat_view.looked_at_start for seat_view in view.seats]
    game.history = list(view.history)
    game.results = view.results
    game.match_over = view.match_over
    game.drawn, game.drawn_from = drawn, view.drawn_from
    game.discard_blocked = view.discard_blocked
    game.caller = view.caller
    game.final_turns = list(view.final_turns)
    game.turns = view.turn_no
    game._seat_cache = {}
    game.window = None
    if view.window is not None:
        attempted = 0
        for s in view.window.attempted:
            attempted |= 1 << s
        # the card raced on: the top discard, or under the card that matched it (a race that closes)
        card = next(cid for cid in reversed(discard) if game.defs[cid] == view.window.card)
        game.window = {"card": card, "attempted": attempted, "winner": view.window.winner}
    game.pending = _pending(game, view)
    game.extra_turn = view.extra_turn
    return game


# An opponent model: a card its owner has seen and kept is likelier low (owners replace their high
# cards), the more so the longer the round has run: each candidate card weighted exp(-lean *
# value / 13), the lean by turns per seat so far (0, 1, 2, ... 6 or more). Fitted on seeded 2-seat
# matches of normal bots (bench/bench_memory_lean.py: the lean with the highest log-likelihood of
# the true card among those it could be), between Kombio's and Cambio's best. A card nobody, or
# only someone else, has seen is best dealt uniformly (any lean scores below 0 there). A refit to
# today's normal fitted better but decided worse, so this table stays (bench/README.md).
KEPT_LOW = (0.5, 2.0, 3.0, 3.0, 3.5, 4.0, 4.5)


def _lean_low(cards: list, defs: list, weights: dict, rng: random.Random) -> int:
    """The index of a card drawn from `cards` with the chance of each proportional to its weight."""
    total = 0.0
    for cid in cards:
        total += weights[defs[cid]]
    target = rng.random() * total
    for i, cid in enumerate(cards):
        target -= weights[defs[cid]]
        if target < 0:
            return i
    return len(cards) - 1


def _pending(game: MemoryGame, view):
    """The decision in progress, as the rules keep it: the view says which steps are left and
    what a reveal has picked."""
    p = view.pending
    if p is None:
        return None
    if p.kind != "ability":
        return {"kind": p.kind, "seat": p.seat, "other": p.other, "pos": tuple(p.pos),
                "steps": [], "peeked": [], "picked": []}
    abilities = game.ruleset.abilities
    steps = [abilities[name].steps[i] for name, i in p.steps]
    peeked = [list(pos) for pos in p.peeked]
    # the current step's looks are the last ones (a look step's count less what is left)
    this_step = steps[0]["count"] - p.count_left if steps[0]["peek"] else 0
    return {"kind": "ability", "seat": p.seat, "ability": p.ability, "steps": steps,
            "count_left": p.count_left, "peeked": peeked, "picked": [tuple(pos) for pos in p.picked],
            "step_start": len(peeked) - this_step}
