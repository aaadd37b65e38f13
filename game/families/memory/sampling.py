"""The hard level's sampling for the memory family (Kombio, Cambio, classic Cambio): a whole state
dealt anew from one seat's view, as OpenSpiel's resample_from_infostate.

What stays where the view shows it: every face the viewer knows (its own looked-at cards, cards it
peeked at, public cards: the discard pile, matched and revealed cards, a card taken from the pile),
who has seen each card (`seen_by`, public), the penalty positions, the turn, the call, the race,
the pending ability, the totals. Every other card (face-down cards of every seat that the viewer
has not seen, the deck, a card another seat drew from the deck) is dealt anew: the unseen cards
(the deck's composition minus every face in the view) shuffled uniformly over those places. A card
someone else has seen keeps that seat's knowledge, so the sampled seat plays on knowing it.

Three facts a seat has seen happen are not in its view (so here they are guessed; see the report
of issue 12): how many steps of an ability are left after the current one (the Red King's second
action), which seats a reveal has picked so far (the Blue King), and whether an extra turn is owed
(the Energy variant). Each guess is consistent with the view. Nor does the view say which faces a
reshuffle put into the deck (the discard pile's, which everyone saw): the deck and the hidden
layout cards are dealt from one pool, as if that were forgotten.
"""
from __future__ import annotations

import random

from game.families.memory.rules import PRIMITIVES, MemoryGame

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
            else:
                hidden.append((len(layouts), len(layout), mask))
                layout.append(None)
        layouts.append(layout)
        penalties.append([slot.penalty for slot in seat_view.slots])
    drawn = None
    if view.drawn is not None:
        drawn = pools[view.drawn].pop()
        known[drawn] = everyone if view.drawn_from == "discard" else bit | 1 << view.current
    unseen = [cid for ids in pools.values() for cid in ids]
    rng.shuffle(unseen)
    for seat, slot, mask in hidden:
        cid = unseen.pop()
        layouts[seat][slot] = cid
        known[cid] = mask
    if view.drawn_by is not None and drawn is None:
        drawn = unseen.pop()             # another seat drew it from the deck: only it knows the face
        known[drawn] = 1 << view.drawn_by
    if len(unseen) != view.deck_count:
        raise ValueError(f"the view does not add up: {len(unseen)} unseen cards for a deck of "
                         f"{view.deck_count}")

    game.rng = random.Random(rng.getrandbits(64))
    game.deck = unseen
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
    game.pending = _pending(game, view, rng)
    game.extra_turn = _extra_turn_owed(game, view)
    return game


def _pending(game: MemoryGame, view, rng: random.Random):
    """The decision in progress, as the rules keep it."""
    p = view.pending
    if p is None:
        return None
    if p.kind != "ability":
        return {"kind": p.kind, "seat": p.seat, "other": p.other, "pos": tuple(p.pos),
                "steps": [], "peeked": [], "picked": []}
    steps = rng.choice(_steps_left(game, p))
    step = steps[0]
    peeked = [list(pos) for pos in p.peeked]
    this_step = step["count"] - p.count_left if step["peek"] else 0
    pending = {"kind": "ability", "seat": p.seat, "ability": p.ability, "steps": list(steps),
               "count_left": p.count_left, "peeked": peeked, "picked": [],
               "step_start": len(peeked) - this_step}
    if step["reveal"]:
        game.pending = pending
        seats = game._reveal_seats(p.seat, [])
        done = rng.sample(seats, len(seats) - p.count_left)
        pending["picked"] = [(s, rng.choice([i for i, c in enumerate(game.layouts[s]) if c is not None]))
                             for s in sorted(done)]
    return pending


def _steps_left(game: MemoryGame, p) -> list:
    """Every list of steps left that the view allows: the ability's steps from the current one on
    (a chosen ability's steps come first, then what is left of the one that chose)."""
    abilities = game.ruleset.abilities
    steps = abilities[p.ability].steps
    candidates = []              # (steps left, the steps done before them)
    for i in range(len(steps)):
        candidates.append((tuple(steps[i:]), tuple(steps[:i])))
        if steps[i]["choose"]:
            for name in steps[i]["choose"]:
                chosen = abilities[name].steps
                for j in range(len(chosen)):
                    candidates.append((tuple(chosen[j:]) + tuple(steps[i + 1:]),
                                       tuple(steps[:i]) + tuple(chosen[:j])))
    fits = []
    for left, done in candidates:
        step = left[0]
        name = next(k for k in PRIMITIVES if step[k] is not None)
        if name != p.step or game._step_optional(step) != p.optional:
            continue
        if (tuple(step["choose"] or ()) if name == "choose" else step[name]) != \
                (p.options if name == "choose" else p.target):
            continue
        this_step = step["count"] - p.count_left if name == "peek" else 0
        if this_step < 0 or len(p.peeked) - this_step not in _peeks_possible(game, done):
            continue
        fits.append(left)
    if not fits:
        raise ValueError(f"no step of {p.ability!r} fits the pending {p.step} {p.target}")
    return fits


def _peeks_possible(game: MemoryGame, done: tuple) -> set:
    """How many cards steps already done may have looked at (a step may be skipped or cut short)."""
    totals = {0}
    for step in done:
        if step["peek"]:
            options = set(range(step["count"] + 1))
        elif step["choose"]:
            # a choice made and finished: any of its abilities' looks (the one under way is not in `done`:
            # its own steps done so far are)
            options = {0} | {sum(s["count"] for s in game.ruleset.abilities[name].steps if s["peek"])
                             for name in step["choose"]}
            options |= set(range(max(options) + 1))
        else:
            continue
        totals = {t + o for t in totals for o in options}
    return totals


def _extra_turn_owed(game: MemoryGame, view) -> bool:
    """Is the current player owed another turn? Not in the view: guessed from the top discard, a
    card whose ability gives an extra turn, drawn from the deck and discarded (the likelier way it
    got there: a card exchanged away would seldom be one worth keeping for its ability)."""
    if view.caller is not None or view.phase not in ("window", "give", "mismatch_choice") or not view.discard:
        return False
    ability = view.discard[-1].ability
    if ability is None:
        return False
    return any(step["extra_turn"] for step in game.ruleset.abilities[ability].steps)

