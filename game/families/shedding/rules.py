"""The shedding family's game (Kumbal): the state of a match and the turn's steps. Shed points from
your hand, call when you hold the fewest.

The turn, as the rule text tells it, one small step per function:
deal (7 each, one card flipped onto the discard pile) -> at the start of your turn you may call
Kumbal (7 points or fewer: the round ends at once) -> discard (one card, a set of 2+ equal ranks,
or a run of 3+ of one suit) -> draw (the deck's top card, or one card of what the previous player
discarded) -> the free discard (a card drawn from the deck with the rank just discarded may be
thrown at once) -> the next player. A round that ends is scored (a caller with the fewest points
gets 0, an undercut caller their hand + 25), then 51 -> 0 and 99 -> 50, and the match ends when
someone passes 100.

Decisions where the texts are silent (each a parameter of `rules:` unless said otherwise):
- a call ends the round at once and every hand is revealed (the text: "If you indeed have the
  fewest amount of points in hand, you win"; nobody plays after the call);
- a round without a caller (the safety limit `limits.turns_per_round`, or nothing left to draw)
  scores every hand as it is, nobody gets the +25;
- an empty deck is refilled from the discard pile except what lies on top: the cards the current
  player has just discarded and what is left of the previous player's discard (it may still be
  taken); if even then nothing can be drawn or taken, the round ends;
- the card thrown by a free discard joins that turn's discard: the next player may take it;
- a player whose hand is empty (a free discard can empty it) can only call (0 points);
- action-card variant: the card flipped at the deal never acts; a card in a run does not act
  (`action_cards.in_runs`); in a set every card acts, so two 8s skip two players
  (`action_cards.sets`); a player who owes cards may still call at the start of the turn; when
  the deck runs dry while drawing what is owed, the rest is forgiven.
"""
from __future__ import annotations

import random
from typing import Optional

from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.piles import cut, new_deck, refill
from game.engine.schema import filled
from game.families.shedding import shapes
from game.families.shedding.schema import RULES_SPEC, decks_for
from game.families.shedding.view import SheddingResult, SheddingView, seat_view
from game.i18n import N_, Text, tr, trn

# --- the state ---------------------------------------------------------------

class SheddingGame(Game):
    """One match of a shedding-family game: plain data, cheap to copy, no I/O."""

    def __init__(self, ruleset, n_seats: int, options: Optional[dict] = None, seed: int = 0):
        self.take_seats(ruleset, n_seats, options)
        given = ruleset.parameters(self.options)
        self.rules = filled(RULES_SPEC, given)
        # the call's name may carry translations (a Text); filling the defaults in reads it afresh
        # as English only, so the name is taken as the ruleset gave it
        name = given.get("call", {}).get("name")
        if isinstance(name, Text) and name == self.rules["call"]["name"]:
            self.rules["call"]["name"] = name
        one_deck = tuple(c for c in ruleset.cards for _ in range(c.count))
        self.faces = one_deck * decks_for(n_seats, self.rules, len(one_deck))  # card id -> face
        self.rng = random.Random(seed)
        end = self.options.get("match_end", {})
        self.match_mode = end.get("mode", ruleset.match_end.default_mode)
        self.match_rounds = int(end.get("rounds", ruleset.match_end.rounds))
        self.limit = int(end.get("points", ruleset.match_end.points))
        self._rules_of_cards()
        self.round_no = 0
        self.dealer = 0
        self.totals = [0] * n_seats
        self.history: list = []
        self.results: tuple = ()
        self.deck: list = []
        self.discard: list = []
        self.hands: list = [[] for _ in range(n_seats)]
        self.match_over = False
        self._view_common = None     # the view's shared fields for this state, once worked out
        self._legal_cache: dict = {}  # seat -> its legal actions in this state, once listed
        self._start_round()

    def _rules_of_cards(self) -> None:
        """What each card id is to the rules, worked out once: its rank, joker or not, its action."""
        p = self.rules
        joker = p["jokers"]["rank"]
        self.rank = tuple(f.match for f in self.faces)
        self.is_joker = tuple(f.match == joker for f in self.faces)
        self.wild = p["jokers"]["wild_in_runs"]
        suited = [f.value for f in self.faces if f.suit is not None and f.match != joker]
        self.run_bottom, self.run_top = (min(suited), max(suited)) if suited else (0, -1)
        actions = p["action_cards"]
        self.actions_on = actions["enabled"]
        self.action = tuple(actions["cards"].get(r) if actions["enabled"] else None for r in self.rank)
        self.call_name = p["call"]["name"]
        self.call_limit = p["call"]["limit"]
        self.tie_undercuts = p["scoring"]["tie_counts_as"] == "not_lowest"
        self.value_of = tuple(f.value for f in self.faces)
        self.suit_of = tuple(f.suit for f in self.faces)
        # a suited card's bit in its suit's mask of values (shapes.runs), bit 0 the run's bottom
        self.run_bit = tuple(1 << (f.value - self.run_bottom) if f.suit is not None and f.match != joker else 0
                             for f in self.faces)

    def copy(self, share_caches: bool = True) -> "SheddingGame":
        """An independent state to play on; the faces and the card rules are shared (immutable)."""
        new = object.__new__(SheddingGame)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random.__new__(random.Random)     # not seeded: its state is set at once
        new.rng.setstate(self.rng.getstate())
        for name in ("deck", "discard", "totals", "history"):
            setattr(new, name, list(getattr(self, name)))
        new.hands = [list(h) for h in self.hands]
        new.taken = [list(t) for t in self.taken]
        new._view_common = None      # a copy is changed in place by tests and searches
        new._legal_cache = {}
        return new

    # ---- round set-up ----
    def _start_round(self) -> list:
        """Deal: shuffle (or cut), hand_size cards each from the left of the dealer, flip one."""
        p = self.rules
        self.round_no += 1
        if self.round_no == 1 or p["between_rounds"] == "shuffle":
            self.deck = new_deck(len(self.faces), self.rng)
        else:
            # the cards are gathered as they lie (hands, the discard pile, the deck on top), then cut
            gathered = [c for hand in self.hands for c in hand] + self.discard + self.deck
            self.deck = cut(gathered, self.rng)
        self.hands = [[] for _ in range(self.n)]
        for _ in range(p["hand_size"]):
            for k in range(1, self.n + 1):
                self.hands[(self.dealer + k) % self.n].append(self.deck.pop())
        flipped = self.deck.pop()
        self.discard = [flipped]
        self.last_discard = (flipped,)
        self.last_by = None
        self.last_kind = "single"
        self.last_acted = False
        self.just_discarded = ()
        self.just_kind = ""
        self.drawn = None
        self.has_drawn = False
        self.penalty_drawn = False
        self.taken = [[] for _ in range(self.n)]
        self.caller = None
        self.owed = 0
        self.direction = 1
        self.turns = 0
        # each refill of this round: the ids moved from the discard pile into the deck (public:
        # everyone saw the pile), and card -> the refill that last moved it; both are replaced,
        # never changed in place, so copies share them
        self.refills: tuple = ()
        self.refilled: dict = {}
        self.results = ()
        self.ended_by = ""
        self.current = self.dealer if p["first_player"] == "dealer" else (self.dealer + 1) % self.n
        self.phase = "discard"
        return [Event("deal", seat=self.dealer, places=(("discard",),), face=self.faces[flipped],
                      data=(("round", self.round_no), ("hand_size", p["hand_size"]),
                            ("card", flipped)))]

    # ---- the contract ----
    def to_act(self) -> list:
        if self.phase in ("discard", "draw", "free"):
            return [self.current]
        if self.phase == "round_over":
            return list(range(self.n))
        return []

    def is_over(self) -> bool:
        return self.match_over

    def scores(self) -> list:
        return list(self.totals)

    def winners(self) -> list:
        best = min(self.totals)
        return [s for s in range(self.n) if self.totals[s] == best]

    def hand_points(self, seat: int) -> int:
        return sum(map(self.value_of.__getitem__, self.hands[seat]))

    def legal_actions(self, seat: int) -> list:
        if seat not in self.to_act():
            return []
        # asked by the bot, the table and the checks alike for one state: listed once per state
        cache = self._legal_cache
        if seat not in cache:
            cache[seat] = self.legal_in_phase(seat)
        return list(cache[seat])

    # apply is Game.apply: a move, by a seat asked to act; then forget, then the phase's step (STEPS)
    def forget(self) -> None:
        """The state may change: views and legal actions are worked out afresh."""
        self._view_common = None
        self._legal_cache = {}

    # ---- the start of a turn: call, draw what is owed, discard ----
    def _may_call(self, seat: int) -> bool:
        """At the start of your turn, with the call limit's points or fewer."""
        return not self.penalty_drawn and self.hand_points(seat) <= self.call_limit

    def _legal_discard(self, seat: int) -> list:
        out = [_CALL] if self._may_call(seat) else []
        if self.owed:
            out.append(_DRAW_PENALTY)
            if not self.rules["action_cards"]["stacking"]:
                return out
        hand = self.hands[seat]
        groups = shapes.discards(self, hand)
        if self.owed:
            groups = [g for g in groups if self._stacks(g)]
        lays = _lays(seat)
        for g in groups:
            act = lays.get(g)
            if act is None:
                act = lays[g] = Action("discard", places=tuple(("hand", seat, c) for c in g) + _ON_DISCARD)
            out.append(act)
        return out

    # a discard's shape, or why it has none (shapes.py): the sampler and the tests' rigging ask the game
    _shape = shapes.shape

    def _stacks(self, cards) -> bool:
        """Does this discard pass on what is owed (action-card variant: a 2 or a joker)?"""
        return all(self.action[c] is not None and self.action[c]["effect"] == "draw" for c in cards)

    def _do_discard(self, seat: int, action: Action) -> list:
        kind = action.kind
        if kind == "call":
            return self._call(seat)
        if kind == "draw_penalty":
            return self._draw_penalty(seat)
        if kind != "discard":
            raise IllegalAction(self.what_now())
        cards = self._hand_cards(seat, action)
        shape, problem = self._shape(cards)
        if problem:
            raise IllegalAction(problem)
        if self.owed:
            if not self.rules["action_cards"]["stacking"]:
                raise IllegalAction(trn("You owe {n} card: draw it first.", "You owe {n} cards: draw them first.",
                                        self.owed, n=self.owed))
            if not self._stacks(cards):
                raise IllegalAction(trn("You owe {n} card: pass it on with a draw card (a 2 or a joker), "
                                        "or draw it.",
                                        "You owe {n} cards: pass them on with a draw card (a 2 or a joker), "
                                        "or draw them.", self.owed, n=self.owed))
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        taken = self.taken[seat]
        if taken:
            self.taken[seat] = [c for c in taken if c not in cards]
        self.discard.extend(cards)
        self.just_discarded = tuple(cards)
        self.just_kind = shape
        self.phase = "draw"
        events = [Event("discard", seat=seat, places=action.places,
                        faces=tuple(zip(action.places[:-1], map(self.faces.__getitem__, cards))),
                        data=(("shape", shape), ("cards", tuple(cards))))]
        if not self._drawable() and not self._takeable():
            events.extend(self._end_round("nothing_to_draw"))
        return events

    def _hand_cards(self, seat: int, action: Action) -> list:
        """The cards of a discard, checked: places in the seat's hand, then the discard pile."""
        places = action.places
        if len(places) < 2 or places[-1] != ("discard",):
            raise IllegalAction(tr("Lay the cards on the discard pile."))
        cards = []
        hand = self.hands[seat]
        for place in places[:-1]:
            if len(place) != 3 or place[0] != "hand" or place[1] != seat:
                raise IllegalAction(tr("You can only discard cards from your own hand."))
            card = place[2]
            if card not in hand:
                raise IllegalAction(tr("That card is not in your hand."))
            if card in cards:
                raise IllegalAction(tr("A card can be laid only once."))
            cards.append(card)
        return cards

    def _call(self, seat: int) -> list:
        if self.penalty_drawn:
            raise IllegalAction(tr("{call} can be called only at the start of your turn.", call=self.call_name))
        points = self.hand_points(seat)
        if points > self.call_limit:
            raise IllegalAction(trn("You can call {call} only with {limit} point or fewer; your hand has {points}.",
                                    "You can call {call} only with {limit} points or fewer; your hand has {points}.",
                                    self.call_limit, call=self.call_name, limit=self.call_limit, points=points))
        self.caller = seat
        events = [Event("call", seat=seat, data=(("points", points), ("name", self.call_name)))]
        return events + self._end_round("call")

    def _draw_penalty(self, seat: int) -> list:
        if not self.owed:
            raise IllegalAction(tr("You owe no cards."))
        owed, self.owed = self.owed, 0
        events = []
        drawn = 0
        for _ in range(owed):
            if not self.deck:
                events.extend(self._refill())
                if not self.deck:
                    break           # the rest is forgiven: no card is left anywhere to draw
            self.hands[seat].append(self.deck.pop())
            drawn += 1
        # nothing drawn (no card left anywhere): the turn has not really started, a call stays open
        self.penalty_drawn = drawn > 0
        events.append(Event("draw_penalty", seat=seat, places=(("deck",),),
                            data=(("cards", drawn), ("owed", owed))))
        return events

    # ---- the draw: the deck's top card, or one card of the previous discard ----
    def _drawable(self) -> bool:
        """Can a card be drawn from the deck, refilling it if need be?"""
        return bool(self.deck) or len(self.discard) > len(self.just_discarded) + len(self.last_discard)

    def _takeable(self) -> tuple:
        """The ids of the previous discard that may be taken now: no jokers, no action cards that
        acted, of a run only its end cards."""
        if self.has_drawn or self.last_acted:
            return ()
        last = self.last_discard
        if self.last_kind == "run" and self.rules["take_from_run"] == "ends" and len(last) > 1:
            last = (last[0], last[-1])
        return tuple(c for c in last if not self.is_joker[c])

    def _legal_draw(self, seat: int) -> list:
        out = [_DRAW] if self._drawable() else []
        out.extend(_take(c) for c in self._takeable())
        return out

    def _do_draw(self, seat: int, action: Action) -> list:
        if action.kind == "draw":
            if action.places not in ((), (("deck",),)):
                raise IllegalAction(tr("Draw from the deck."))
            return self._draw(seat)
        if action.kind == "take":
            return self._take(seat, action)
        raise IllegalAction(self.what_now())

    def _draw(self, seat: int) -> list:
        events = []
        if not self.deck:
            events.extend(self._refill())
            if not self.deck:
                raise IllegalAction(tr("The deck is empty and nothing can be shuffled into it: take a "
                                       "card of the previous discard."))
        card = self.deck.pop()
        self.hands[seat].append(card)
        self.has_drawn = True
        events.append(Event("draw", seat=seat, places=(("deck",),)))
        if (self.rules["free_discard"] and self.just_kind in ("single", "set")
                and self.rank[card] == self.rank[self.just_discarded[0]]):
            self.drawn = card
            self.phase = "free"
            return events
        return events + self._end_turn()

    def _take(self, seat: int, action: Action) -> list:
        places = action.places
        if len(places) != 1 or len(places[0]) != 2 or places[0][0] != "last":
            raise IllegalAction(tr("Take one card of what the previous player discarded."))
        card = places[0][1]
        if card not in self.last_discard:
            raise IllegalAction(tr("Only a card the previous player discarded can be taken."))
        if card not in self._takeable():
            raise IllegalAction(self._why_not_take(card))
        self.discard.remove(card)
        self.last_discard = tuple(c for c in self.last_discard if c != card)
        self.hands[seat].append(card)
        self.taken[seat].append(card)
        self.has_drawn = True
        events = [Event("take", seat=seat, places=places, face=self.faces[card], data=(("card", card),))]
        return events + self._end_turn()

    def _why_not_take(self, card: int) -> str:
        if self.is_joker[card]:
            return tr("Jokers cannot be taken from the discard pile: they are lost when played.")
        if self.last_acted:
            return tr("Action cards cannot be picked up: draw from the deck.")
        return tr("Of a run, only an end card may be taken.")

    def _refill(self) -> list:
        """An empty deck: the discard pile except what lies on top, shuffled (a shuffle forgets)."""
        keep = len(self.just_discarded) + len(self.last_discard)
        moved = refill(self.deck, self.discard, self.rng, keep_top=keep)
        if moved:
            # sorted: which cards went in is public, the order they lie in is not
            self.refills += (tuple(sorted(self.deck)),)
            self.refilled = {**self.refilled, **dict.fromkeys(self.deck, len(self.refills))}
        return [Event("reshuffle", places=(("discard",), ("deck",)), data=(("cards", moved),))] if moved else []

    # ---- the free discard ----
    def _legal_free(self, seat: int) -> list:
        return [Action("free_discard", places=(("hand", seat, self.drawn), ("discard",))), _KEEP]

    def _do_free(self, seat: int, action: Action) -> list:
        if action.kind == "keep":
            self.drawn = None
            return [Event("keep", seat=seat)] + self._end_turn()
        if action.kind != "free_discard":
            raise IllegalAction(tr("Throw the card you drew for free, or keep it."))
        if action.places != (("hand", seat, self.drawn), ("discard",)):
            raise IllegalAction(tr("Only the card you have just drawn can be thrown for free."))
        card, self.drawn = self.drawn, None
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.just_discarded += (card,)
        self.just_kind = "set"
        events = [Event("free_discard", seat=seat, places=action.places, face=self.faces[card],
                        data=(("card", card),))]
        return events + self._end_turn()

    # ---- the next player ----
    def _end_turn(self) -> list:
        """The discard becomes the previous discard; action cards act; the next seat's turn."""
        just = self.just_discarded
        acting = [c for c in just if self.action[c] is not None] \
            if self.actions_on and (self.just_kind != "run" or self.rules["action_cards"]["in_runs"]) else []
        if acting and self.rules["action_cards"]["sets"] == "once":
            acting = list({self.rank[c]: c for c in acting}.values())
        events = []
        skips = draws = 0
        for c in acting:
            effect = self.action[c]["effect"]
            if effect == "reverse":
                self.direction = -self.direction
                events.append(Event("reverse", seat=self.current, face=self.faces[c]))
            elif effect == "skip":
                skips += 1
            else:
                draws += self.action[c]["draw"]
        self.last_discard, self.last_by = just, self.current
        self.last_kind, self.last_acted = self.just_kind, bool(acting)
        self.just_discarded, self.just_kind = (), ""
        self.drawn = None
        self.has_drawn = self.penalty_drawn = False
        for k in range(1, skips + 1):
            events.append(Event("skip", seat=(self.current + self.direction * k) % self.n))
        self.current = (self.current + self.direction * (1 + skips)) % self.n
        if draws:
            self.owed += draws
            events.append(Event("owe", seat=self.current, data=(("cards", self.owed),)))
        self.phase = "discard"
        self.turns += 1
        if self.turns >= self.rules["limits"]["turns_per_round"]:
            return events + self._end_round("limit")
        events.append(Event("turn", seat=self.current))
        return events

    # ---- the end of a round: reveal, score, 51 -> 0 and 99 -> 50, the match's end ----
    def _end_round(self, why: str) -> list:
        scoring = self.rules["scoring"]
        resets = {int(at): to for at, to in scoring["resets"].items()}
        points = [self.hand_points(s) for s in range(self.n)]
        penalty = [0] * self.n
        round_points = list(points)
        caller = self.caller
        if caller is not None:
            others = min(points[s] for s in range(self.n) if s != caller)
            fewest = points[caller] < others or (points[caller] == others
                                                 and scoring["tie_counts_as"] == "lowest")
            if fewest:
                round_points[caller] = scoring["caller_lowest"]
            else:
                penalty[caller] = scoring["undercut_penalty"]
                round_points[caller] = points[caller] + penalty[caller]
        results = []
        events = []
        for s in range(self.n):
            before = self.totals[s]
            added = total = before + round_points[s]
            reset = ""
            to = resets.get(total)
            if to is not None:
                reset = f"{total} → {to}"
                events.append(Event("reset", seat=s, data=(("at", total), ("to", to))))
                total = to
            self.totals[s] = total
            results.append(SheddingResult(seat=s, hand=tuple(self.hands[s]), points=points[s],
                                      penalty=penalty[s], round_points=round_points[s], before=before,
                                      added=added, total=total, reset=reset))
        self.results = tuple(results)
        self.history.append(tuple(round_points))
        self.ended_by = why
        self.drawn = None
        self.owed = 0
        self.phase = "round_over"
        revealed = tuple((("hand", s, c), self.faces[c]) for s in range(self.n) for c in self.hands[s])
        events.insert(0, Event("round_over", seat=caller, faces=revealed, data=(
            ("why", why), ("points", tuple(points)), ("scores", tuple(round_points)),
            ("totals", tuple(self.totals)))))
        if self.match_mode == "rounds":
            over = self.round_no >= self.match_rounds
        else:
            over = max(self.totals) > self.limit
        stopped = not over and self.round_no >= self.rules["limits"]["rounds_per_match"]
        if over or stopped:
            self.match_over = True
            self.phase = "match_over"
            events.append(Event("match_over", data=(("winners", tuple(self.winners())),
                                                    ("stopped", stopped))))
        return events

    def _legal_round_over(self, seat: int) -> list:
        return [_NEXT_ROUND]

    def _do_round_over(self, seat: int, action: Action) -> list:
        if action.kind != "next_round":
            raise IllegalAction(tr("The round is over: start the next round."))
        self.dealer = (self.dealer + 1) % self.n     # the deal rotates
        return [Event("next_round", seat=seat)] + self._start_round()

    # ---- sentences for players ----
    def not_your_move(self, seat: int) -> str:
        if self.phase == "match_over":
            return tr("The match is over.")
        return tr("It is not your turn: seat {n} is playing.", n=self.current + 1)

    def what_now(self) -> str:
        """What the rules expect now, in a sentence for the player."""
        if self.phase == "discard" and self.owed:
            return trn("Draw the {n} card you owe, or pass it on with a 2 or a joker.",
                       "Draw the {n} cards you owe, or pass them on with a 2 or a joker.", self.owed, n=self.owed)
        return tr(_WHAT_NOW[self.phase])

    # ---- the view: built by the observer (view.py), the only door out ----
    def view(self, seat: Optional[int]) -> SheddingView:
        """What `seat` may know (view.py's `seat_view`)."""
        return seat_view(self, seat)

    def _hidden_by_deck(self, seat: int) -> tuple:
        """How many of the seat's unseen cards came from each deck of this round: the dealt one,
        then each refill (everyone saw every draw, and which cards each refill put in)."""
        counts = [0] * (len(self.refills) + 1)
        refilled, taken = self.refilled, self.taken[seat]
        for c in self.hands[seat]:
            if c not in taken:
                counts[refilled.get(c, 0)] += 1
        return tuple(counts)


# the step of the turn each phase's move belongs to, and what may be done in it
_STEPS = {"discard": SheddingGame._do_discard, "draw": SheddingGame._do_draw, "free": SheddingGame._do_free,
          "round_over": SheddingGame._do_round_over}
_LEGAL = {"discard": SheddingGame._legal_discard, "draw": SheddingGame._legal_draw, "free": SheddingGame._legal_free,
          "round_over": SheddingGame._legal_round_over}
SheddingGame.STEPS, SheddingGame.LEGAL = _STEPS, _LEGAL

# what the rules expect in each phase, in a sentence for the player (what_now)
_WHAT_NOW = {
    "discard": N_("Discard one card, a set of equal ranks or a run of one suit."),
    "draw": N_("Draw the deck's top card, or take one card of the previous discard."),
    "free": N_("Throw the card you drew for free, or keep it."),
    "round_over": N_("The round is over: start the next round."),
    "match_over": N_("The match is over."),
}

# the actions without a card, made once
_ON_DISCARD = (("discard",),)
_CALL, _KEEP, _NEXT_ROUND = Action("call"), Action("keep"), Action("next_round")
_DRAW = Action("draw", places=(("deck",),))
_DRAW_PENALTY = Action("draw_penalty", places=(("deck",),))
_TAKES: dict = {}
_LAYS: dict = {}       # seat -> _lays


def _lays(seat: int) -> dict:
    """The seat's discards (cards -> the Action), each made once: legal_actions lists the same
    ones very often."""
    lays = _LAYS.get(seat)
    if lays is None or len(lays) > 100_000:     # a long-lived process playing many matches: afresh
        lays = _LAYS[seat] = {}
    return lays


def _take(card: int) -> Action:
    act = _TAKES.get(card)
    if act is None:
        act = _TAKES[card] = Action("take", places=(("last", card),))
    return act


def conserved(game) -> dict:
    """Every card of the deck(s) in exactly one place: a hand, the deck or the discard pile."""
    return {"cards": sorted([c for h in game.hands for c in h] + list(game.deck) + list(game.discard))}
