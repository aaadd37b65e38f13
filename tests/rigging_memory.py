"""Build memory-family states (Kombio, Cambio, classic Cambio) for rule tests: a real
MemoryGame, then cards moved into place.

Rigging only *moves* cards: every change swaps two card ids between places
(layout positions, deck positions, discard positions), so the cards of the
ruleset (70 in Kombio, 76 in Cambio, 54 in classic Cambio) are conserved and
every later movement is the engine's own. Tests set up a state here and then
assert only through the public contract: `to_act`, `legal_actions`, `apply`,
`view`, `scores` and the events `apply` returns.

    game = rigged(4, hands={0: [5, 5, 1, 2], 1: [9, None, None, None]},
                  deck=[7, 3], discard=[4, 6])
    game = rigged(3, ruleset=cambio(), hands={1: ["red_king", 0, "swap", 9]},
                  deck=["blue_king"])

- a card is given by its value (an int: any card of that value) or by its key
  (a str: the card whose key is exactly that, or, for suited cards, whose key
  starts with it and "_": "K_red" is either red King of classic Cambio). Keys
  are needed where values are shared: Cambio's action cards are all worth 10;
- `hands[seat]` lists a card per position (None: leave the dealt card;
  EMPTY: remove the card, as if matched away, by moving it to the bottom of the deck);
- `deck` lists the next cards to be drawn, top first;
- `discard` is the discard pile, bottom first (its top is the last value);
- `deck_size` leaves only that many cards in the deck: the rest go face up
  under the discard pile (to reach an empty deck quickly);
- by default the initial look is skipped (nobody has seen any card; phase
  "turn"); `look=True` plays the initial look through `apply` instead.
"""
from __future__ import annotations

import os
from typing import Optional

from game.engine.core import Action
from game.engine.ruleset import default_options
from game.families.memory import MemoryGame
from rigging import ROOT, load

KOMBIO_YAML = os.path.join(ROOT, "rulesets", "kombio.yaml")
CAMBIO_YAML = os.path.join(ROOT, "rulesets", "cambio.yaml")
CAMBIO_CLASSIC_YAML = os.path.join(ROOT, "rulesets", "cambio-classic.yaml")
N_CARDS = 70
EMPTY = "empty"


def kombio():
    """The real Kombio ruleset (rulesets/kombio.yaml), loaded once."""
    return load("kombio")


def cambio():
    """The real Cambio ruleset (rulesets/cambio.yaml), loaded once."""
    return load("cambio")


def cambio_classic():
    """The real classic Cambio ruleset (rulesets/cambio-classic.yaml), loaded once."""
    return load("cambio-classic")


def options(rounds: Optional[int] = 5, points: Optional[int] = None, ruleset=None, **variants) -> dict:
    """Match options: `rounds=N` or `points=N` match length, variants by key (True/False).

    A ruleset whose matches are only played to points (Cambio) gets its own points limit
    unless `points` is given."""
    rs = ruleset or kombio()
    opts = default_options(rs)
    if points is None and "rounds" not in rs.match_end.modes:
        points = rs.match_end.points
    if points is not None:
        opts["match_end"] = {"mode": "points", "rounds": rs.match_end.rounds, "points": points}
    else:
        opts["match_end"] = {"mode": "rounds", "rounds": rounds, "points": rs.match_end.points}
    for key, on in variants.items():
        if key not in opts["variants"]:
            raise KeyError(f"no variant {key!r} in {rs.id}")
        opts["variants"][key] = bool(on)
    return opts


def new_game(n: int = 4, seed: int = 0, opts: Optional[dict] = None, ruleset=None) -> MemoryGame:
    """A fresh, unrigged game straight after the deal (phase initial_peek)."""
    rs = ruleset or kombio()
    return MemoryGame(rs, n, opts or options(ruleset=rs), seed)


# --- places: ("deck", i) / ("discard", i) / ("layout", seat, slot) ---------------

def _get(game, place):
    if place[0] == "layout":
        return game.layouts[place[1]][place[2]]
    return getattr(game, place[0])[place[1]]


def _set(game, place, cid):
    if place[0] == "layout":
        game.layouts[place[1]][place[2]] = cid
    else:
        getattr(game, place[0])[place[1]] = cid


def _places(game):
    out = [("deck", i) for i in range(len(game.deck) - 1, -1, -1)]   # top of the deck first
    for s, layout in enumerate(game.layouts):
        out.extend(("layout", s, i) for i, c in enumerate(layout) if c is not None)
    out.extend(("discard", i) for i in range(len(game.discard)))
    return out


def _value(game, cid) -> int:
    return game.defs[cid].value


def fits(card, spec) -> bool:
    """Does a CardDef fit a rigging spec: a value (int) or a key (str, exact or suit prefix)?"""
    if isinstance(spec, str):
        return card.key == spec or card.key.startswith(spec + "_")
    return card.value == spec


def place_value(game, place, value, fixed: set) -> None:
    """Put a card fitting `value` (a value or a key, see `fits`) at `place` by swapping ids
    with an unfixed place holding one."""
    if place not in fixed and fits(game.defs[_get(game, place)], value):
        fixed.add(place)
        return
    for other in _places(game):
        if other in fixed or other == place:
            continue
        cid = _get(game, other)
        if fits(game.defs[cid], value):
            mine = _get(game, place)
            _set(game, place, cid)
            _set(game, other, mine)
            fixed.add(place)
            return
    what = f"key {value!r}" if isinstance(value, str) else f"value {value}"
    raise ValueError(f"no free card of {what} left to rig at {place}")


def rig(game: MemoryGame, hands: Optional[dict] = None, deck: Optional[list] = None,
        discard: Optional[list] = None, look: bool = False, current: Optional[int] = None,
        deck_size: Optional[int] = None) -> MemoryGame:
    """Move cards of the given values or keys into place (see the module docstring); returns
    the game.

    Must be called straight after the deal (before anyone has seen a card).
    `current`: the seat whose turn it is (default: the engine's first player).
    """
    if game.phase != "initial_peek" or any(game.known):
        raise ValueError("rig a game straight after the deal, before anyone has seen a card")
    hands = hands or {}
    fixed: set = set()
    # the discard pile: cards taken from the top of the deck, then given their values
    if discard:
        for _ in discard:
            game.discard.append(game.deck.pop())
    empties = []
    for seat, values in hands.items():
        if len(values) > len(game.layouts[seat]):
            raise ValueError(f"seat {seat} has only {len(game.layouts[seat])} positions")
        for slot, v in enumerate(values):
            if v is EMPTY:
                empties.append((seat, slot))
            elif v is not None:
                place_value(game, ("layout", seat, slot), v, fixed)
    for i, v in enumerate(discard or []):
        place_value(game, ("discard", i), v, fixed)
    for i, v in enumerate(deck or []):
        place_value(game, ("deck", len(game.deck) - 1 - i), v, fixed)
    # emptied positions: their cards go to the bottom of the deck (still conserved)
    for seat, slot in empties:
        game.deck.insert(0, game.layouts[seat][slot])
        game.layouts[seat][slot] = None
    if deck_size is not None:
        if not len(deck or []) <= deck_size <= len(game.deck):
            raise ValueError(f"deck_size {deck_size} must keep the rigged deck cards")
        while len(game.deck) > deck_size:
            game.discard.insert(0, game.deck.pop(0))
    for cid in game.discard:
        game.known[cid] = game.all_mask      # the discard pile lies face up
    if current is not None:
        game.current = current
    if look:
        for seat in range(game.n):
            game.apply(seat, Action("look_start"))
    else:
        game.looked = [True] * game.n
        game.phase = "turn"
    check_conserved(game)
    return game


def rigged(n: int = 4, seed: int = 0, opts: Optional[dict] = None, ruleset=None, **kw) -> MemoryGame:
    """new_game + rig in one call."""
    return rig(new_game(n, seed, opts, ruleset), **kw)


# --- checks shared by the tests ------------------------------------------------

def card_ids(game) -> list:
    """Every card id in the state: deck, discard, layouts and a drawn card."""
    ids = list(game.deck) + list(game.discard)
    for layout in game.layouts:
        ids.extend(c for c in layout if c is not None)
    if game.drawn is not None:
        ids.append(game.drawn)
    return ids


def check_conserved(game) -> None:
    """What the family declares conserved (Family.conserved): every one of the ruleset's cards in
    exactly one place (the deck, the discard pile, a layout, the drawn card)."""
    from game.engine import registry
    ids = registry.family("memory").conserved(game)["cards"]
    if ids != list(range(len(game.defs))):
        missing = sorted(set(range(len(game.defs))) - set(ids))
        doubled = sorted({c for c in ids if ids.count(c) > 1})
        raise AssertionError(f"cards not conserved: missing {missing}, doubled {doubled}")


def face(game, seat, pos):
    """The value `seat` sees at layout position `pos`, or None when it is hidden to that seat."""
    f = game.view(seat).slot(pos).face
    return None if f is None else f.value


def face_key(game, seat, pos):
    """The key of the card `seat` sees at layout position `pos`, or None when it is hidden."""
    f = game.view(seat).slot(pos).face
    return None if f is None else f.key


def values_at_reveal(game) -> dict:
    """{pos: value} from the public round results (only once a round is over)."""
    return {p: f.value for r in game.view(None).results for p, f in r.faces}


def keys_at_reveal(game) -> dict:
    """{pos: card key} from the public round results (only once a round is over)."""
    return {p: f.key for r in game.view(None).results for p, f in r.faces}


def play(game, *steps):
    """Apply (seat, Action) pairs in order; returns all events."""
    events = []
    for seat, action in steps:
        events.extend(game.apply(seat, action))
    return events


def pass_all(game) -> list:
    """Every seat in the match window passes, until the window closes."""
    events = []
    while game.phase == "window":
        seat = game.to_act()[0]
        events.extend(game.apply(seat, Action("pass")))
    return events


def finish_round(game) -> list:
    """Play the round to its end without changing any hand: call if nobody has, else draw
    from the deck and discard it, skip every ability, pass every race. Returns the events.

    Where abilities are mandatory (Cambio) a drawn action card is used instead of skipped:
    the first action offered (a look, a pick); a mandatory swap does change hands, so rig
    the deck if that matters. A chance to give a card back is skipped where that is allowed."""
    events = []
    while game.phase not in ("round_over", "match_over"):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if game.phase == "turn":
            act = Action("call") if Action("call") in legal else Action("draw", choice="deck")
            if act not in legal:
                act = legal[0]
        elif game.phase == "drawn":
            act = Action("discard")
        elif game.phase == "ability":
            act = Action("skip") if Action("skip") in legal else _harmless(legal)
        elif game.phase == "window":
            act = Action("pass")
        elif game.phase == "give" and Action("skip") in legal:
            act = Action("skip")
        else:
            raise AssertionError(f"finish_round cannot decide in phase {game.phase}")
        events.extend(game.apply(seat, act))
    return events


def _harmless(legal) -> Action:
    """A mandatory ability's least disturbing action: a look before a pick before a swap."""
    order = {"choose": 0, "peek": 1, "pick": 2, "swap": 3}
    looks = [a for a in legal if a.kind == "choose" and a.choice in ("look_own", "look_other")]
    return looks[0] if looks else min(legal, key=lambda a: order.get(a.kind, 9))


# --- twins: states that differ only in cards some seat may not know (privacy tests) ----------

def places(game):
    """Every place a card may be that is not public by nature: deck, layouts, the drawn card."""
    out = [("deck", i) for i in range(len(game.deck))]
    for s, layout in enumerate(game.layouts):
        out.extend(("layout", s, i) for i, c in enumerate(layout) if c is not None)
    if game.drawn is not None:
        out.append(("drawn",))
    return out


def card_at(game, place):
    """The card id at a place of `places`."""
    if place[0] == "layout":
        return game.layouts[place[1]][place[2]]
    return game.drawn if place[0] == "drawn" else game.deck[place[1]]


def put_card(game, place, cid):
    """Put card id `cid` at a place of `places` (knowledge is the caller's business)."""
    if place[0] == "layout":
        game.layouts[place[1]][place[2]] = cid
    elif place[0] == "drawn":
        game.drawn = cid
    else:
        game.deck[place[1]] = cid


def twin_of(game):
    """A copy that shares nothing with `game`, not even its view caches: a privacy test comparing the
    two must see views the twin built itself (a shared cache entry for a hidden card does not depend
    on which card it is, so it could hide a leak)."""
    return game.copy(share_caches=False)


def hidden_twin(game, seat, rng):
    """A twin of the state in which every card `seat` may not know (for None: that not everyone
    knows) is shuffled among the places whose card the same seats have seen (and, in the memory
    family, that came out of the same reshuffle of the deck: public)."""
    from collections import defaultdict
    twin = twin_of(game)
    shuffle_of = getattr(twin, "shuffle_of", {})
    groups = defaultdict(list)
    for place in places(twin):
        cid = card_at(twin, place)
        mask = twin.known[cid]
        if mask == twin.all_mask or (seat is not None and mask >> seat & 1):
            continue
        groups[(mask, shuffle_of.get(cid, 0))].append(place)
    for group in groups.values():
        ids = [card_at(twin, p) for p in group]
        rng.shuffle(ids)
        for p, cid in zip(group, ids):
            put_card(twin, p, cid)
    return twin


# --- playing through the screen: a human's legal action made with a gesture (UI tests) ---------

def own_point(d, seat):
    """A point on `seat`'s name plate (its own area, not a card)."""
    return d.layout().seats[seat].plate.center


def perform(d, rng, seat, action):
    """Make `action` for `seat` with a gesture; returns a description of the gesture."""
    import pygame
    from game.ui.families.memory.race import RACE_KEY_NAMES
    race_key = getattr(pygame, "K_" + RACE_KEY_NAMES[seat].lower())
    table = d.table
    k, use_drag = action.kind, rng.random() < 0.5
    if k == "draw":
        pile = action.choice
        if use_drag:
            d.drag(d.centre_of(pile), own_point(d, seat) if rng.random() < 0.5 else d.centre_of("drawn"))
            return f"drag {pile}"
        if rng.random() < 0.5:
            d.key(pygame.K_d if pile == "deck" else pygame.K_s)
            return f"key {pile}"
        d.click(d.centre_of(pile))
        return f"click {pile}"
    if k == "call":                     # asked, then confirmed
        if use_drag:
            d.click(table.buttons["call"].rect.center)
            d.click(table.buttons["call"].rect.center)
            return "call button, confirm button"
        d.key(pygame.K_k)
        d.key(pygame.K_k)
        return "key K twice"
    if k == "exchange":
        r = rng.random()
        if r < 0.33:
            d.drag(d.centre_of("drawn"), d.centre_of(action.pos))
            return "drag drawn to slot"
        if r < 0.5:
            d.drag(d.centre_of(action.pos), d.centre_of("drawn"))
            return "drag slot to drawn"
        if r < 0.75:
            d.click(d.centre_of("drawn"))
            d.click(d.centre_of(action.pos))
            return "click drawn, click slot"
        d.click(d.centre_of(action.pos))
        return "click slot"
    if k == "discard":
        if use_drag:
            d.drag(d.centre_of("drawn"), d.centre_of("discard"))
            return "drag drawn to discard"
        d.click(d.centre_of("discard"))
        return "click discard"
    if k in ("peek", "pick", "give"):
        d.click(d.centre_of(action.pos))
        return f"click {k}"
    if k == "swap":
        if use_drag:
            d.drag(d.centre_of(action.pos), d.centre_of(action.pos2))
            return "drag swap"
        before = len(table.session.match.actions)
        d.click(d.centre_of(action.pos))
        if len(table.session.match.actions) == before:
            d.click(d.centre_of(action.pos2))
        return "click swap"
    if k == "skip":
        if use_drag:
            d.click(table.buttons["skip"].rect.center)
            return "skip button"
        d.key(pygame.K_SPACE)
        return "key Space"
    if k == "choose":
        label = table.ctrl.plugin.ability_name(action.choice)
        button = next(b for b in table.action_buttons if b.label == label)
        d.click(button.rect.center)
        return "choose button"
    if k == "decide":
        if use_drag:
            d.click(table.buttons[action.choice].rect.center)
            return "decide button"
        d.key(pygame.K_t if action.choice == "take" else pygame.K_r)
        return "decide key"
    if k == "match":
        if table.ctrl.plugin.race is None or table.ctrl.plugin.race.claimer != seat:
            d.key(race_key)
        assert table.ctrl.plugin.race.claimer == seat
        d.click(d.centre_of(action.pos))
        return "key + click match"
    if k == "pass":
        if len(table.ctrl.plugin.humans_in_race()) > 1 and (table.ctrl.plugin.race is None or table.ctrl.plugin.race.claimer != seat):
            d.key(race_key)          # with several humans racing, each passes for themself
            d.key(pygame.K_SPACE)
            return "own key + Space (no match)"
        d.key(pygame.K_SPACE)
        return "key Space (no match)"
    raise AssertionError(f"no gesture for {action}")


def open_rigged(app, game, seats, seed: int = 1):
    """The table for a Kombio session of these seats whose dealt state is `game` (a rigged one),
    opened in `app`; returns (Driver, session)."""
    from game.ui.driver import Driver
    from game.engine.session import Session
    session = Session.new(kombio(), seats, default_options(kombio()), seed)
    session.game = game
    app.open_table(session)
    return Driver(app), session
