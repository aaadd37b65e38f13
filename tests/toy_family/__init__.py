"""A toy fifth family, declared only: "Low Card". It exists to show that a family is a folder and a
declaration: the conformance suite (game/lab/conformance.py) holds it to the contract with no test
code of its own (tests/test_families_toy.py only registers it and names its ruleset).

The game: every player is dealt `hand_size` cards, face down to the others. In turn each plays one
card of their hand face up onto the pile. When every hand is empty the game ends; each player scores
the cards they played, and the lowest total wins.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Optional

from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.record import EMPTY as EMPTY_RECORD, Record
from game.engine.registry import Family
from game.engine.schema import Int, Map

RULES_SPEC = Map({"hand_size": (Int(1, 20), 3)})
NOTHING = Map({})


@dataclass(frozen=True)
class ToyView:
    viewer: Optional[int]
    phase: str
    to_act: tuple
    hand: tuple                  # the viewer's card ids (none for the public view)
    hand_counts: tuple
    pile: tuple                  # (seat, card id, face) played, in order: public
    faces: tuple                 # (id, face) of every card the viewer may know
    round_no: int = 1
    match_over: bool = False
    winners: tuple = ()
    # the match's public record (game/engine/record.py), as every family's view carries it; out of
    # the recorded views' digests
    record: Record = field(default=EMPTY_RECORD, metadata={"record": True})


class ToyGame(Game):
    """The state of a game of Low Card."""

    def __init__(self, ruleset, n_seats, options=None, seed=0, deal=True):
        self.take_seats(ruleset, n_seats, options)
        self.rules = ruleset.parameters(self.options)
        self.rng = random.Random(seed)
        self.defs = [c for c in ruleset.cards for _ in range(c.count)]
        self.deck = list(range(len(self.defs)))
        self.hands = [[] for _ in range(n_seats)]
        self.pile = []
        self.current = 0
        if deal:
            self.rng.shuffle(self.deck)
            for _ in range(self.rules["hand_size"]):
                for seat in range(n_seats):
                    self.hands[seat].append(self.deck.pop())

    @property
    def phase(self) -> str:
        return "over" if self.is_over() else "play"

    def to_act(self) -> list:
        return [] if self.is_over() else [self.current]

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        return [Action("play", places=(("hand", seat, c),)) for c in sorted(self.hands[seat])]

    def step(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction("Play one card of your hand.")
        card = action.places[0][2]
        self.hands[seat].remove(card)
        self.pile.append((seat, card))
        self.current = (self.current + 1) % self.n
        return [Event("play", seat=seat, places=action.places, face=self.defs[card])]

    def is_over(self) -> bool:
        return not any(self.hands)

    def scores(self) -> list:
        out = [0] * self.n
        for seat, card in self.pile:
            out[seat] += self.defs[card].value
        return out

    def winners(self) -> list:
        scores = self.scores()
        return [s for s in range(self.n) if scores[s] == min(scores)]

    def view(self, seat):
        known = set(self.hands[seat]) if seat is not None else set()
        known |= {c for _, c in self.pile}
        winners = tuple(self.winners()) if self.is_over() else ()
        return ToyView(viewer=seat, phase=self.phase, to_act=tuple(self.to_act()),
                       hand=tuple(self.hands[seat]) if seat is not None else (),
                       hand_counts=tuple(len(h) for h in self.hands),
                       pile=tuple((s, c) for s, c in self.pile),
                       faces=tuple((c, self.defs[c]) for c in sorted(known)),
                       match_over=self.is_over(), winners=winners, record=self.record)

    def copy(self, share_caches: bool = True):
        new = ToyGame.__new__(ToyGame)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.deck, new.pile = list(self.deck), list(self.pile)
        new.hands = [list(h) for h in self.hands]
        return new


class LowBot:
    """Plays its lowest card (levels are all this bot)."""

    def __init__(self, seat):
        self.seat = seat

    def choose(self, view, legal):
        value = dict(view.faces)
        return min(legal, key=lambda a: (value[a.places[0][2]].value, a.places[0][2]))


def determinize(ruleset, options, view, rng):
    """A state the viewer cannot tell from the real one: the cards it cannot see dealt anew."""
    seats = len(view.hand_counts)
    game = ToyGame(ruleset, seats, options, 0, deal=False)
    seen = {c for c, _ in view.faces}
    unseen = [c for c in range(len(game.defs)) if c not in seen]
    rng.shuffle(unseen)
    game.pile = list(view.pile)
    game.record = view.record
    game.current = view.to_act[0] if view.to_act else 0
    for seat in range(seats):
        game.hands[seat] = list(view.hand) if seat == view.viewer else [unseen.pop() for _ in range(view.hand_counts[seat])]
    game.deck = unseen
    return game


def check_ruleset(cards, abilities, layout, rules, players, doc, where):
    deck = sum(c.count for c in cards)
    if rules["hand_size"] * players["max"] > deck:
        raise doc.error(where + ("hand_size",), f"{deck} cards cannot deal {rules['hand_size']} to "
                                                f"{players['max']} players")


def describe(event, names, call_name=""):
    return f"{names[event.seat]} plays the {event.face.title}." if event.kind == "play" else ""


FAMILY = Family(
    # what it is: hidden hands, no call, one game, the lowest total wins
    name="toy", lower_is_better=True, one_game=True,
    # its parts
    rules_spec=RULES_SPEC, layout_spec=NOTHING, step_spec=NOTHING,
    check_abilities=lambda abilities, doc: None,
    check_parameters=lambda rules, cards, abilities, doc, where, layout, match_end: None,
    check_ruleset=check_ruleset, new_game=ToyGame, describe=describe,
    make_bot=lambda ruleset, seat, level, seed, **kw: LowBot(seat), determinize=determinize,
    conserved=lambda game: {"cards": sorted(game.deck + [c for h in game.hands for c in h]
                                           + [c for _, c in game.pile])})

RULESET = """\
id: low-card
name: Low Card
version: "1.0"
family: toy
players: {min: 2, max: 4}
cards:
  - {key: A, label: A, name: Ace, value: 1, suits: [hearts, spades]}
  - {value: 2, suits: [hearts, spades]}
  - {value: 3, suits: [hearts, spades]}
  - {value: 4, suits: [hearts, spades]}
  - {value: 5, suits: [hearts, spades]}
  - {value: 6, suits: [hearts, spades]}
rules: {hand_size: 3}
match_end: {modes: [rounds], default: rounds, rounds: 1}
"""
