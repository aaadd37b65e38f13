"""Bots for the shedding family (Kumbal), built only from one seat's view and the legal actions.

A turn, as the bot sees it: (call?) -> discard one card, a set or a run -> draw from the deck or
take one card of the previous discard -> (the free discard?).

normal: weighs every legal discard together with the draw that would follow it. A hand is
worth its points now, less part of what it can shed at its next turn (its best set, run or
single) and a little for a partial run that the unseen cards can still complete; that next turn
counts for less when an opponent may call before it comes. A known card from the discard pile
is weighed against the deck's expected card (the mean of the cards it cannot see: every face
minus its hand, the discard pile, and what the others were seen taking) and must beat it
clearly. It avoids handing the next player a card that fits what that player was seen taking.
It calls when its chance of being undercut is low: each opponent's hand is estimated from its
count, the cards it took (public) and the unseen cards, which players tend to keep low; each
opponent is one more chance to be undercut. With action cards it passes on what it owes when it
can and values a 2, a joker or an 8 for what it does to the next player.
easy: discards its single highest card (or a set of equal ranks that sheds more; it does not see
runs), takes from the discard pile only an obviously low card (2 or less), calls as soon as it
may, and draws what it owes rather than pass it on.

playout: the hard bot's playout policy, never offered to players: normal weighing only the three
discards that shed the most points (nearly always normal's own move, for less work).
Every level is one `SheddingBot` with a different `Style`, so a new level is a new set of knobs.
Decisions are deterministic: the same view and legal actions give the same move.
The house rules in force are public and in the view (`action_cards`, `tie_undercuts`): with ties
against the caller, normal calls only when nobody is likely to hold as few points.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.engine.core import Action

CALL = Action("call")

# a hand's shape (points, best shed, partial runs) depends only on its cards: worked out once per
# deck's card table and hand (playouts ask the same hands again and again)
_SHAPES: dict = {}

# the action-card variant: the value on the card -> cards the next player draws
FORCED_DRAWS = {2: 2, 0: 5}
SKIP_VALUE, REVERSE_VALUE = 8, 7


@dataclass(frozen=True)
class Style:
    """The knobs that separate the levels (and that tuning turns)."""
    name: str
    plans: bool               # weighs discards with the draws that follow; else rules of thumb
    sees_runs: bool           # rules of thumb: may play a run (easy does not look for them)
    take_at: int              # rules of thumb: take a discarded card worth this much or less
    call_need: float          # plans: call when the chance nobody undercuts us is at least this
    call_need_per_opponent: float   # ... less this per opponent beyond the first
    next_turn: float = 0.35   # share of the next turn's best discard counted now, when no
                              # opponent may call first (hoarding high sets for later loses rounds)
    partial_run: float = 0.5  # worth of a partial run, as a share of its points times its chance
    # a known card from the pile must beat the deck's unknown one by this: a middling card taken
    # for sure blocks a call, where the deck may give the low card a call needs (measured:
    # bench/README.md)
    take_edge: float = 1.5
    fits_taken: float = 2.0   # cost of leaving the next player a card that fits what it took
    keep_low: float = 1.5     # how strongly players keep low cards (0: unseen cards are uniform)
    attack: float = 0.5       # action cards: worth of each card the next player must draw, per point
    skip: float = 3.0         # action cards: worth of skipping the next player
    weighs: int = 0           # plans: weigh only the discards shedding the most points, this many
                              # (0: all); the hard bot's playouts (normal's best discard is
                              # nearly always among the top few)


STYLES = {
    "normal": Style("normal", plans=True, sees_runs=True, take_at=0,
                    call_need=0.8, call_need_per_opponent=0.05),
    # the hard bot's playout policy, not offered to players: normal, weighing fewer discards
    "playout": Style("playout", plans=True, sees_runs=True, take_at=0,
                     call_need=0.8, call_need_per_opponent=0.05, weighs=3),
    "easy": Style("easy", plans=False, sees_runs=False, take_at=2,
                  call_need=0.0, call_need_per_opponent=0.0),
}


class SheddingBot:
    """A bot for one seat of a shedding-family game; the level is its `Style`."""

    def __init__(self, ruleset, seat: int, level: str = "normal", seed=0):
        self.ruleset = ruleset
        self.seat = seat
        self.style = STYLES[level]
        self.level = level
        self.seed = seed                # every family's bots take one; these need no randomness
        self.action_cards = False       # the action-card house rule, as the last view said
        self._faces = None              # the faces tuple the card table below was built for
        self._cards: tuple = ()         # id -> (value, suit, is_joker)
        self._shapes: dict = {}         # sorted hand ids -> (points, best shed, partial runs)

    # ---- the entry point ----
    def choose(self, view, legal: list) -> Action:
        """The bot's move whenever its seat is to act."""
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in phase {view.phase!r}")
        if len(legal) == 1:
            return legal[0]
        self._learn(view)
        kinds = {a.kind for a in legal}
        if "next_round" in kinds:
            return next(a for a in legal if a.kind == "next_round")
        if "free_discard" in kinds:
            return self._free(view, legal)
        if "call" in kinds and self._should_call(view):
            return CALL             # a call ends the round at once, before any card owed is drawn
        if "draw_penalty" in kinds:
            return self._owed(view, legal)
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return self._discard(view, discards)
        draws = [a for a in legal if a.kind in ("draw", "take")]
        if draws:
            return self._draw(view, draws)
        return legal[0]

    # ---- what the view tells ----
    def _learn(self, view) -> None:
        """Build the card table once per deck; the house rules in force are public, in the view."""
        if view.faces is not self._faces:
            self._faces = view.faces
            self._cards = tuple((f.value, f.suit, f.suit is None) for f in view.faces)
            self._shapes = _SHAPES.setdefault(self._cards, {})
            if len(_SHAPES) > 16:
                _SHAPES.clear()
                self._shapes = _SHAPES[self._cards] = {}
        self.action_cards = view.action_cards

    def _unseen(self, view) -> "Unseen":
        """The cards this seat cannot place (the deck and the others' unseen cards), summed up."""
        seen = set(view.hand)
        seen.update(view.gone, view.last_discard, view.just_discarded)
        for other in view.seats:
            if other.seat != self.seat:
                seen.update(other.taken)
        cards = self._cards
        return Unseen([cards[c] for c in range(len(cards)) if c not in seen])

    # ---- the free discard and the cards owed ----
    def _free(self, view, legal: list) -> Action:
        """Throw the drawn card of the rank just discarded: it sheds points for nothing."""
        free = [a for a in legal if a.kind == "free_discard"]
        return free[0] if free else legal[0]

    def _owed(self, view, legal: list) -> Action:
        """Action cards: pass the draw on with a 2 or a joker when we can (normal), else draw."""
        stacks = [a for a in legal if a.kind == "discard"]
        if stacks and self.style.plans:
            return self._discard(view, stacks)
        return next(a for a in legal if a.kind == "draw_penalty")

    # ---- calling ----
    def _should_call(self, view) -> bool:
        """Easy calls as soon as it may; normal when nobody is likely to have fewer points."""
        if not self.style.plans:
            return True
        mine = sum(self._cards[c][0] for c in view.hand)
        opponents = [s for s in view.seats if s.seat != self.seat]
        need = self.style.call_need - self.style.call_need_per_opponent * (len(opponents) - 1)
        return self.safe_chance(view, mine) >= need

    def safe_chance(self, view, mine: int) -> float:
        """The chance that no opponent holds fewer points than `mine` (nor as few, where the house
        rule makes a tie count against the caller)."""
        self._learn(view)
        return self._chance_none_below(view, self._unseen(view), mine + (1 if view.tie_undercuts else 0))

    def _chance_none_below(self, view, unseen: "Unseen", points: int) -> float:
        """The chance that no opponent's hand sums below `points`: what each one took is known,
        the rest are unseen cards, weighted towards the low ones that players keep."""
        one = unseen.kept_low(self.style.keep_low)
        none = 1.0
        for other in view.seats:
            if other.seat == self.seat:
                continue
            known = sum(self._cards[c][0] for c in other.taken)
            hidden = max(0, other.hand_count - len(other.taken))
            below = points - known        # the hidden cards sum below this
            if below <= 0:
                continue
            none *= 1.0 - unseen.chance_sum_below(one, hidden, below)
        return none

    def _next_share(self, view, unseen: "Unseen") -> float:
        """How much of the next turn's discard counts now: less when an opponent may call first."""
        may_call = 1.0 - self._chance_none_below(view, unseen, view.call_limit + 1)
        return self.style.next_turn * (1.0 - may_call)

    # ---- discarding and drawing ----
    def _discard(self, view, discards: list) -> Action:
        """The discard whose hand, after the better draw that follows, is worth least."""
        if not self.style.plans:
            return self._discard_by_thumb(view, discards)
        if self.style.weighs and len(discards) > self.style.weighs:
            discards = self._most_shed(discards, self.style.weighs)
        best, best_cost = None, None
        for action, cost in self.discard_costs(view, discards):
            if best_cost is None or cost < best_cost - 1e-9:
                best, best_cost = action, cost
        return best

    def _most_shed(self, discards: list, keep: int) -> list:
        """The `keep` discards that shed the most points (in the order given, ties kept)."""
        cards = self._cards
        shed = [sum(cards[p[2]][0] for p in a.places if p[0] == "hand") for a in discards]
        floor = sorted(shed, reverse=True)[keep - 1]
        return [a for a, points in zip(discards, shed) if points >= floor]

    def discard_costs(self, view, discards: list) -> list:
        """(discard, what the hand is worth after it and the better draw that follows) for each
        discard, in the order given: the planning levels' ranking (the hard bot prunes with it)."""
        self._learn(view)
        hand = view.hand
        unseen = self._unseen(view)
        mean = unseen.mean
        takeable = view.takeable
        share = self._next_share(view, unseen)
        nxt = view.seats[(self.seat + view.direction) % view.n]
        out = []
        for action in discards:
            laid = [p[2] for p in action.places if p[0] == "hand"]
            rest = [c for c in hand if c not in laid]
            cost = self._after_draw(rest, takeable, unseen, mean, laid, share)
            cost += self._given_away(laid, nxt)
            cost -= self._action_worth(laid, mean, view.n - 1)
            out.append((action, cost))
        return out

    def _draw(self, view, draws: list) -> Action:
        """The deck's top card, or a card of the previous discard that clearly beats it."""
        if not self.style.plans:
            low = [a for a in draws if a.kind == "take"
                   and self._cards[a.places[0][1]][0] <= self.style.take_at]
            if low:
                return min(low, key=lambda a: self._cards[a.places[0][1]][0])
            return next((a for a in draws if a.kind == "draw"), draws[0])
        best, best_cost = None, None
        for action, cost in self.draw_costs(view, draws):
            if best_cost is None or cost < best_cost - 1e-9:
                best, best_cost = action, cost
        return best

    def draw_costs(self, view, draws: list) -> list:
        """(draw, what the hand is worth after it) for each way to draw, in the order given: the
        planning levels' ranking (the hard bot prunes with it)."""
        self._learn(view)
        unseen = self._unseen(view)
        mean = unseen.mean
        hand = list(view.hand)
        share = self._next_share(view, unseen)
        deck_cost = self._worth(hand, unseen, share) + mean - self._free_chance(view.just_discarded, unseen)
        out = []
        for action in draws:
            if action.kind == "draw":
                cost = deck_cost
            else:
                cost = self._worth(hand + [action.places[0][1]], unseen, share) + self.style.take_edge
            out.append((action, cost))
        return out

    def _after_draw(self, rest: list, takeable: tuple, unseen: "Unseen", mean: float, laid: list,
                    share: float) -> float:
        """What the hand is worth after this discard and the better of the draws that follow."""
        cost = self._worth(rest, unseen, share) + mean - self._free_chance(laid, unseen)
        for card in takeable:
            cost = min(cost, self._worth(rest + [card], unseen, share) + self.style.take_edge)
        return cost

    def _free_chance(self, laid, unseen: "Unseen") -> float:
        """The points a deck draw may shed at once: the drawn card has the rank just discarded."""
        values = {self._cards[c][0] for c in laid}
        if len(values) != 1 or not unseen.count:
            return 0.0          # a run (or nothing) was laid: no single rank to draw again
        value = values.pop()
        return value * unseen.values.get(value, 0) / unseen.count

    def _worth(self, hand: list, unseen: "Unseen", share: float) -> float:
        """A hand's points, less `share` of its next best discard and of its partial runs' promise."""
        key = tuple(sorted(hand))
        shape = self._shapes.get(key)
        if shape is None:
            if len(self._shapes) > 200_000:
                self._shapes.clear()
            shape = self._shapes[key] = _shape([self._cards[c] for c in key])
        points, best, pairs = shape
        return points - share * best - self.style.partial_run * share * _partial_runs(pairs, unseen)

    def _given_away(self, laid: list, nxt) -> float:
        """What our discard offers the next player: a card that fits what it was seen taking.

        (Not simply low cards: keeping them back cost more than it denied, in 2 and 4 players,
        against easy and against normal itself.)"""
        if nxt.seat == self.seat or not nxt.taken:
            return 0.0
        cards = self._cards
        offered = [cards[c] for c in laid if not cards[c][2]]
        run = self._is_run(laid)
        if run:
            offered = [offered[0], offered[-1]] if offered else []   # of a run, only its ends
        if self.action_cards and not run:       # action cards that act cannot be taken
            offered = [c for c in offered if c[0] not in (2, REVERSE_VALUE, SKIP_VALUE)]
        taken = [cards[c] for c in nxt.taken]
        for value, suit, _ in offered:
            if any(v == value or (s == suit and abs(v - value) <= 2) for v, s, _ in taken):
                return self.style.fits_taken
        return 0.0

    def _action_worth(self, laid: list, mean: float, opponents: int) -> float:
        """Action cards: the cards the next player will draw, and a skipped turn. Hurting one
        opponent is worth less the more opponents there are (the others gain from it too)."""
        if not self.action_cards or self._is_run(laid):
            return 0.0              # a card inside a run does not act
        worth = 0.0
        for card in laid:
            value, _, joker = self._cards[card]
            forced = FORCED_DRAWS.get(0 if joker else value, 0)
            worth += self.style.attack * forced * mean
            if value == SKIP_VALUE and not joker:
                worth += self.style.skip
        return worth / max(1, opponents)

    def _is_run(self, laid: list) -> bool:
        return len(laid) >= 3 and len({self._cards[c][0] for c in laid}) > 1

    def _discard_by_thumb(self, view, discards: list) -> Action:
        """Easy: the single highest card, or a set of equal ranks that sheds more (no runs)."""
        cards = self._cards

        def shed(action) -> tuple:
            laid = [p[2] for p in action.places if p[0] == "hand"]
            values = {cards[c][0] for c in laid}
            if len(values) > 1 and not self.style.sees_runs:
                return (-1, 0)
            return (sum(cards[c][0] for c in laid), -len(laid))
        return max(discards, key=shed)


def _shape(cards: list) -> tuple:
    """(points, the most points one discard can shed (a single, a set or a run), the partial
    runs: two cards of a suit one or two apart, with their points and the (value, suit) cards
    that would make them a run), in one pass (a playout asks it for every hand it weighs)."""
    if not cards:
        return 0, 0, ()
    points = 0
    best = cards[0][0]
    count: dict = {}
    suits: dict = {}
    for value, suit, joker in cards:
        points += value
        if value > best:
            best = value
        count[value] = count.get(value, 0) + 1
        if not joker:
            values = suits.get(suit)
            if values is None:
                suits[suit] = {value}
            else:
                values.add(value)
    for value, n in count.items():
        if n >= 2 and value * n > best:
            best = value * n
    pairs = []
    for suit, values in suits.items():
        if len(values) < 2:
            continue
        ordered = sorted(values)
        start = 0
        for i in range(1, len(ordered) + 1):
            if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
                if i - start >= 3:
                    best = max(best, sum(ordered[start:i]))
                start = i
        for a, b in zip(ordered, ordered[1:]):
            if b - a == 1:
                pairs.append((a + b, ((a - 1, suit), (b + 1, suit))))
            elif b - a == 2:
                pairs.append((a + b, ((a + 1, suit),)))
    return points, best, tuple(pairs)


def _partial_runs(pairs: tuple, unseen: "Unseen") -> float:
    """The partial runs' promise: each pair's points weighed by the share of unseen cards that
    make it a run."""
    if not unseen.count or not pairs:
        return 0.0
    promise = 0.0
    missing = unseen.missing
    for points, outs in pairs:
        promise += points * sum(out in missing for out in outs) / unseen.count
    return promise


class Unseen:
    """The cards a seat cannot place, summed up once per decision: the bot weighs a dozen hands
    against the same unseen cards (their count, mean, values and (value, suit) faces)."""

    def __init__(self, cards: list):
        self.count = len(cards)
        self.cards = cards
        values: dict = {}
        for value, _, _ in cards:
            values[value] = values.get(value, 0) + 1
        self.values = values
        self.mean = sum(v for v, _, _ in cards) / self.count if cards else 6.5
        self._missing = None
        self._key = tuple(values.items())     # the values in the order first met, with their counts
        self._kept_low: dict = {}

    @property
    def missing(self) -> set:
        """The (value, suit) of each unseen card that is not a joker."""
        if self._missing is None:
            self._missing = {(v, s) for v, s, j in self.cards if not j}
        return self._missing

    def kept_low(self, keep_low: float) -> tuple:
        """The value distribution of one hidden card, weighted towards the low ones kept."""
        one = self._kept_low.get(keep_low)
        if one is None:
            key = (keep_low, self._key)
            one = _KEPT_LOW.get(key)
            if one is None:
                weights = [0.0] * 14
                for value, _, _ in self.cards:
                    # a house rule's card outside 0-13 points counts as the nearest end (an estimate)
                    weights[max(0, min(value, 13))] += math.exp(-keep_low * value / 13)
                total = sum(weights) or 1.0
                if len(_KEPT_LOW) > 50_000:
                    _KEPT_LOW.clear()
                one = _KEPT_LOW[key] = tuple(w / total for w in weights)
            self._kept_low[keep_low] = one
        return one

    def chance_sum_below(self, one: tuple, cards: int, below: int) -> float:
        """_chance_sum_below, remembered (each opponent and each decision of a search asks again)."""
        key = (one, cards, below)
        chance = _BELOW.get(key)
        if chance is None:
            if len(_BELOW) > 50_000:
                _BELOW.clear()
            chance = _BELOW[key] = _chance_sum_below(one, cards, below)
        return chance


# the same unseen values give the same distribution and chances: a search asks them again and again
_KEPT_LOW: dict = {}
_BELOW: dict = {}


def _chance_sum_below(one: list, cards: int, below: int) -> float:
    """The chance that `cards` draws from the value distribution `one` sum to less than `below`."""
    if cards == 0:
        return 1.0 if below > 0 else 0.0
    dist = [1.0]
    for _ in range(cards):
        nxt = [0.0] * min(len(dist) + 13, below)
        for total, p in enumerate(dist):
            if p == 0.0:
                continue
            for value, q in enumerate(one):
                t = total + value
                if t >= below:
                    break
                nxt[t] += p * q
        dist = nxt
    return sum(dist)
