"""Bots for the shedding family (Kumbal), built only from one seat's view and the legal actions.

A turn, as the bot sees it: (call?) -> discard one card, a set or a run -> draw from the deck or
take one card of the previous discard -> (the free discard?).

normal: weighs every legal discard together with the draw that would follow it, a turn ahead:
each is worth the points it expects to hold after its next turn's best discard (a set, a run or a
single), the deck's card averaged over every card it cannot see (the pair it would make, the run it
would extend, the free discard of the rank just laid) and a known card of the discard pile as it
is; the next turn counts only as surely as no opponent can call before it. (Weighing a share of
the next discard as the hand stands, it took a King to shed it later as readily as a pair, and lost
two matches in three to a player who takes what goes with its hand: bench/README.md.)
It avoids handing the next player a card that fits what that player was seen taking.
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

from bisect import bisect_right
import math
from dataclasses import dataclass

from game.engine.core import Action

CALL = Action("call")


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
    # plans: weigh each discard and draw by the points expected in hand after the next turn's best
    # discard, the deck's card averaged over every unseen card (a pair it completes, a run it
    # extends), instead of a share of the next discard as the hand stands (issue 32: measured in
    # bench/README.md, "Kumbal's normal, looking a turn ahead")
    looks_ahead: bool = False


STYLES = {
    "normal": Style("normal", plans=True, sees_runs=True, take_at=0,
                    call_need=0.8, call_need_per_opponent=0.05, looks_ahead=True),
    # the hard bot's playout policy, not offered to players: normal, weighing fewer discards
    "playout": Style("playout", plans=True, sees_runs=True, take_at=0,
                     call_need=0.8, call_need_per_opponent=0.05, weighs=3, looks_ahead=True),
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
        self._table = None              # the deck's card table (_CardTable)
        self._cards: tuple = ()         # id -> (value, suit, is_joker)
        self._last_unseen = None        # the Unseen of the last decision

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
        """Find the deck's card table (built once per deck); the house rules in force are public,
        in the view."""
        if view.faces is not self._faces:
            self._faces = view.faces
            self._table = _table(view.faces)
            self._cards = self._table.cards
        self.action_cards = view.action_cards

    def _unseen(self, view) -> "Unseen":
        """The cards this seat cannot place (the deck and the others' unseen cards), summed up;
        the discard and the draw of one turn see the same cards, so the last is kept."""
        bit = self._table.bit.__getitem__
        seen = (sum(map(bit, view.hand)) | sum(map(bit, view.gone)) | sum(map(bit, view.last_discard))
                | sum(map(bit, view.just_discarded)))
        for other in view.seats:
            if other.seat != self.seat and other.taken:
                seen |= sum(map(bit, other.taken))
        last = self._last_unseen
        if last is None or last.table is not self._table or seen != last.seen:
            last = self._last_unseen = Unseen(self._table, seen)
        return last

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
        dist = unseen.kept_low(self.style.keep_low)
        value = self._table.value
        none = 1.0
        for other in view.seats:
            if other.seat == self.seat:
                continue
            known = sum(value[c] for c in other.taken)
            hidden = max(0, other.hand_count - len(other.taken))
            below = points - known        # the hidden cards sum below this
            if below <= 0:
                continue
            none *= 1.0 - dist.chance_sum_below(hidden, below)
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
        laid = self._table.laid
        shed = [laid(a)[4] for a in discards]
        floor = sorted(shed, reverse=True)[keep - 1]
        return [a for a, points in zip(discards, shed) if points >= floor]

    def discard_costs(self, view, discards: list) -> list:
        """(discard, what the hand is worth after it and the better draw that follows) for each
        discard, in the order given: the planning levels' ranking (the hard bot prunes with it)."""
        self._learn(view)
        if self.style.looks_ahead:
            return self._discard_costs_ahead(view, discards)
        table = self._table
        hand = sum(map(table.bit.__getitem__, view.hand))     # hands as masks of ids: a hand's key
        unseen = self._unseen(view)
        mean = unseen.mean
        takeable = [table.bit[c] for c in view.takeable]
        worth = self._worth(unseen, self._next_share(view, unseen))
        nxt = view.seats[(self.seat + view.direction) % view.n]
        offers = nxt.seat != self.seat and nxt.taken     # else nothing fits what it took
        take_edge = self.style.take_edge
        out = []
        for action in discards:
            _, laid, mask, value, _ = table.laid(action)
            rest = hand & ~mask
            # what the hand is worth after this discard and the better of the draws that follow
            cost = worth(rest) + mean - unseen.free_chance(value)
            for card in takeable:
                taking = worth(rest | card) + take_edge
                if taking < cost:
                    cost = taking
            if offers:
                cost += self._given_away(laid, nxt)
            if self.action_cards:
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
        if self.style.looks_ahead:
            return self._draw_costs_ahead(view, draws)
        unseen = self._unseen(view)
        mean = unseen.mean
        bit = self._table.bit
        hand = sum(map(bit.__getitem__, view.hand))
        worth = self._worth(unseen, self._next_share(view, unseen))
        deck_cost = worth(hand) + mean - unseen.free_chance(self._table.one_value(view.just_discarded))
        out = []
        for action in draws:
            if action.kind == "draw":
                cost = deck_cost
            else:
                cost = worth(hand | bit[action.places[0][1]]) + self.style.take_edge
            out.append((action, cost))
        return out

    # ---- looking a turn ahead (normal) ----
    def _discard_costs_ahead(self, view, discards: list) -> list:
        """discard_costs of a bot that looks ahead: the points expected in hand after this discard,
        the better draw that follows, and the next turn's best discard."""
        table = self._table
        laid_of = table.laid
        unseen = self._unseen(view)
        sure = self._ahead(view, unseen)
        nxt = view.seats[(self.seat + view.direction) % view.n]
        offers = nxt.seat != self.seat and nxt.taken     # else nothing fits what it took
        hand = view.hand
        held = sum(map(table.bit.__getitem__, hand))
        takeable = view.takeable
        after_next = self._after_next
        out = []
        for action in discards:
            _, laid, mask, value, _ = laid_of(action)
            rest = [c for c in hand if c not in laid]
            cost = after_next(rest, takeable, value, unseen, sure, held & ~mask)[0]
            if offers:
                cost += self._given_away(laid, nxt)
            if self.action_cards:
                cost -= self._action_worth(laid, unseen.mean, view.n - 1)
            out.append((action, cost))
        return out

    def _draw_costs_ahead(self, view, draws: list) -> list:
        """draw_costs of a bot that looks ahead: each draw's points expected after the next turn."""
        unseen = self._unseen(view)
        sure = self._ahead(view, unseen)
        takeable = [a.places[0][1] for a in draws if a.kind == "take"]
        _, deck, takes = self._after_next(list(view.hand), takeable, self._table.one_value(view.just_discarded),
                                          unseen, sure)
        return [(a, deck if a.kind == "draw" else takes[a.places[0][1]]) for a in draws]

    def _ahead(self, view, unseen: "Unseen") -> float:
        """The chance the next turn comes: no opponent is within the call limit."""
        # the discard and the draw that follows ask alike (the others' hands have not changed)
        key = (view.call_limit, tuple((s.hand_count, s.taken) for s in view.seats if s.seat != self.seat))
        sure = unseen.sure.get(key)
        if sure is None:
            sure = unseen.sure[key] = self._chance_none_below(view, unseen, view.call_limit + 1)
        return sure

    def _after_next(self, hand: list, takeable, laid_value, unseen: "Unseen", sure: float, mask=None) -> tuple:
        """(the lower of the expected costs, the deck's, {taken id: its cost}) of a hand (ids; `mask`:
        the same as a mask, if the caller has it) about to draw: its points after the draw, less the
        next turn's best discard when that turn comes (`sure`). A drawn card of the value just laid
        (`laid_value`) is thrown at once, for free. The deck's cost of a hand is kept (unseen.ahead)
        for the draw that follows the discard (the same hand, unseen cards and chance)."""
        if mask is None:
            mask = sum(map(self._table.bit.__getitem__, hand))
        key = (mask, laid_value, sure)
        memo = unseen.ahead
        known = memo.get(key)
        if known is None:
            known = memo[key] = self._deck_after_next(mask, hand, laid_value, unseen, sure)
        deck, points, best, counts, suits = known
        if not takeable:
            return deck, deck, {}
        cards = self._cards
        takes = {}
        low = deck
        for card in takeable:
            value, suit, joker = cards[card]
            cost = takes[card] = points + value - sure * _best_with(best, counts, suits, value, suit, joker)
            if cost < low:
                low = cost
        return low, deck, takes

    def _deck_after_next(self, mask: int, hand: list, laid_value, unseen: "Unseen", sure: float) -> tuple:
        """(the deck's expected cost, the hand's points, its best discard, value -> how many, suit ->
        its values) of a hand about to draw from the deck: each unseen card alike (_after_next).

        Summed by kind, not card by card: each unseen card costs `points + its value - sure x the
        best discard with it`, so the sum is (points and values, an integer) less `sure` x (the best
        discards, an integer), over the unseen cards counted per value, per (value, suit) that
        completes a run, and per joker (Unseen.kinds): a dozen terms instead of forty cards."""
        cards = self._cards
        points, best, _ = self._shape_of(mask)
        counts: dict = {}
        suits: dict = {}
        for c in hand:
            value, suit, joker = cards[c]
            counts[value] = counts.get(value, 0) + 1
            if not joker:
                held = suits.get(suit)
                if held is None:
                    suits[suit] = {value}
                else:
                    held.add(value)
        count = unseen.count
        if not count:
            return points + 6.5 - sure * best, points, best, counts, suits
        values, below, above, every, plain, cells = unseen.kinds
        # the points in hand with the drawn card, summed: each card's value (less the ones thrown
        # at once: a card of the value just laid)
        kept = count * points + above[0]
        # the next turn's best discard with each card: the hand's best or the card alone (the
        # higher), as prefix sums over the sorted values; then the sets the hand's values make
        # (a card of a value held n times makes a set of n + 1: where that beats the higher of the
        # hand's best and the card alone, the difference)
        i = bisect_right(values, best)
        discards = best * below[i] + above[i]
        for value in counts:
            n = every.get(value)
            if n:
                discards += n * (_set_or_alone(best, counts, value) - (best if best > value else value))
        thrown = plain.get(laid_value) if laid_value is not None else None
        if thrown:
            kept -= thrown * laid_value
            discards += thrown * (best - _set_or_alone(best, counts, laid_value))
        # a card that completes a run in its suit: the run, where it beats the set or the card alone
        done = set()
        for suit, held in suits.items():
            if len(held) < 2:
                continue
            for h in held:
                for value in (h - 1, h + 1):
                    if value in held or value == laid_value or (value, suit) in done:
                        continue        # a card held already (its runs are in `best`), thrown, or counted
                    done.add((value, suit))
                    n = cells.get((value, suit))
                    if not n:
                        continue
                    run = _run_through(value, held)
                    if run is not None:
                        out = _set_or_alone(best, counts, value)
                        if run > out:
                            discards += n * (run - out)
        deck = (kept - sure * discards) / count
        return deck, points, best, counts, suits

    def _shape_of(self, hand: int) -> tuple:
        """A hand's (points, best discard, partial runs), remembered per deck's card table."""
        table = self._table
        shape = table.shapes.get(hand)
        if shape is None:
            if len(table.shapes) > 200_000:
                table.shapes.clear()
            shape = table.shapes[hand] = table.shape(hand)
        return shape

    def _worth(self, unseen: "Unseen", share: float):
        """What a hand (a mask of ids) is worth, against these unseen cards: its points, less `share`
        of its next best discard and of its partial runs' promise (each pair's points weighed by
        the share of unseen cards that make it a run)."""
        table = self._table
        shapes = table.shapes
        missing, count = unseen.missing, unseen.count
        partial_run = self.style.partial_run
        # the discard weighs the hands its draw weighs again: remembered with the unseen cards
        known = unseen.worths.setdefault((share, partial_run), {})
        shape_of = self._shape_of

        def worth(hand: int) -> float:
            value = known.get(hand)
            if value is not None:
                return value
            points, best, pairs = shapes.get(hand) or shape_of(hand)
            promise = 0.0
            if count:
                for pair_points, outs in pairs:
                    promise += pair_points * (outs & missing).bit_count() / count
            value = known[hand] = points - share * best - partial_run * share * promise
            return value
        return worth

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


class _CardTable:
    """What the bots need of a deck's cards, worked out once per deck and shared by every match
    dealt from equal cards. A set of ids is a mask (bit c: id c), so a hand is its own key,
    unsorted, and what lies in it is found with an &: the unseen ids, each value's ids, each
    suit's ids. A (value, suit) kind has a bit of its own too, so a partial run's outs among the
    unseen kinds are counted with an & and a bit count."""

    def __init__(self, cards: tuple):
        self.cards = cards                                  # id -> (value, suit, is_joker)
        self.value = tuple(value for value, _, _ in cards)
        self.bit = tuple(1 << c for c in range(len(cards)))
        self.every = (1 << len(cards)) - 1
        self.values = tuple(sorted(set(self.value)))
        self.by_value = tuple((v, sum(1 << c for c, value in enumerate(self.value) if value == v))
                              for v in self.values)         # (value, its ids)
        self.value_bit = {v: 1 << i for i, v in enumerate(self.values)}     # in a mask of values
        self.kind: dict = {}        # (value, suit) of a card that is no joker -> its bit
        for value, suit, joker in cards:
            if not joker and (value, suit) not in self.kind:
                self.kind[value, suit] = 1 << len(self.kind)
        kind_bit = tuple(0 if joker else self.kind[value, suit] for value, suit, joker in cards)
        # the ids of each (value, suit) that is no joker, and the jokers' ids (Unseen.kinds)
        self.kind_ids = tuple((kind, sum(1 << c for c, (value, suit, joker) in enumerate(cards)
                                         if not joker and (value, suit) == kind)) for kind in self.kind)
        self.jokers = sum(1 << c for c, (_, _, joker) in enumerate(cards) if joker)
        self.jokers_by_value = tuple((v, ids & self.jokers) for v, ids in self.by_value if ids & self.jokers)
        # byte i of a mask of ids -> the kinds of those ids (a mask's kinds, 8 ids at a time)
        self.kinds_of_byte = tuple(
            tuple(_or(kind_bit[i * 8 + k] for k in range(8) if byte >> k & 1 and i * 8 + k < len(cards))
                  for byte in range(256))
            for i in range((len(cards) + 7) // 8))
        # each suit's ids, and the jokers': a hand's shape is put together from these groups' parts
        groups: dict = {}
        for c, (_, suit, _) in enumerate(cards):
            groups[suit] = groups.get(suit, 0) | 1 << c
        self.groups = tuple(groups.values())
        self.shapes: dict = {}      # a hand -> shape()
        self.parts: dict = {}       # a group's ids in a hand -> _part()
        self._laid: dict = {}       # id(action) -> laid()

    def laid(self, action) -> tuple:
        """(the action's places, the ids it lays as a tuple and as a mask, their one value (None: a
        run), the points they shed), worked out once per action (legal_actions makes each one
        once). An entry keeps the places it was worked out from: another action that comes to
        have the same id has other places (these live on in the entry), so it is worked out anew."""
        places = action.places
        entry = self._laid.get(id(action))
        if entry is None or entry[0] is not places:
            if len(self._laid) > 100_000:
                self._laid.clear()
            cards = tuple(p[2] for p in places if p[0] == "hand")
            entry = self._laid[id(action)] = (places, cards, sum(1 << c for c in cards),
                                              self.one_value(cards), sum(self.value[c] for c in cards))
        return entry

    def one_value(self, cards) -> object:
        """The value all these cards have, or None (a run, or no card)."""
        if not cards:
            return None
        value = self.value[cards[0]]
        for c in cards:
            if self.value[c] != value:
                return None
        return value

    def shape(self, hand: int) -> tuple:
        """(points, the most points one discard can shed (a single, a set or a run), the partial
        runs: two cards of a suit one or two apart, with their points and the (value, suit) kinds
        that would make them a run, as a mask of kind bits) of a hand given as a mask of ids (a
        playout asks it for every hand it weighs), from its suits' parts (_part)."""
        if not hand:
            return 0, 0, ()
        parts = self.parts
        found = []
        for group in self.groups:
            cards = hand & group
            if cards:
                part = parts.get(cards)
                if part is None:
                    if len(parts) > 100_000:
                        parts.clear()
                    part = parts[cards] = self._part(cards)
                found.append(part)
        if len(found) > 1:
            found.sort()        # the suits in the order of their first card: the partial runs' order
        points = 0
        best = None
        once = sets = 0         # values held in one group so far; values of which two cards or more are held
        pairs = ()
        for _, group_points, top, values, doubles, _, run, group_pairs in found:
            points += group_points
            if best is None or top > best:
                best = top
            if run is not None and run > best:
                best = run
            sets |= once & values | doubles
            once |= values
            pairs += group_pairs
        while sets:
            low = sets & -sets
            sets ^= low
            value = self.values[low.bit_length() - 1]
            n = 0
            for part in found:
                n += part[5].get(value, 0)
            if value * n > best:
                best = value * n
        return points, best, pairs

    def _part(self, cards: int) -> tuple:
        """What a group's cards (a mask of ids: one suit's, or the jokers) add to a hand's shape:
        (their lowest id's bit, points, top value, their values as a mask of value bits, the values
        of which they hold two or more, value -> how many, the most points a run of them sheds
        (None: no run), their partial runs)."""
        ids = []
        low = cards & -cards
        while cards:
            bit = cards & -cards
            cards ^= bit
            ids.append(bit.bit_length() - 1)
        values = [self.cards[c][0] for c in ids]
        count: dict = {}
        for value in values:
            count[value] = count.get(value, 0) + 1
        mask = doubles = 0
        for value, n in count.items():
            mask |= self.value_bit[value]
            if n >= 2:
                doubles |= self.value_bit[value]
        value, suit, joker = self.cards[ids[0]]
        run, pairs = (None, ()) if joker or len(count) < 2 else self._suit_part(suit, values)
        return low, sum(values), max(values), mask, doubles, count, run, pairs

    def _suit_part(self, suit, values: list) -> tuple:
        """(the most points a run of these values sheds (None: no run), the partial runs they make:
        each pair one or two apart, with its points and the kinds that would complete it)."""
        kind = self.kind
        ordered = sorted(set(values))
        run = None
        start = 0
        for i in range(1, len(ordered) + 1):
            if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
                if i - start >= 3 and (run is None or sum(ordered[start:i]) > run):
                    run = sum(ordered[start:i])
                start = i
        pairs = []
        for a, b in zip(ordered, ordered[1:]):
            if b - a == 1:
                pairs.append((a + b, kind.get((a - 1, suit), 0) | kind.get((b + 1, suit), 0)))
            elif b - a == 2:
                pairs.append((a + b, kind.get((a + 1, suit), 0)))
        return run, tuple(pairs)


def _best_with(best: int, counts: dict, suits: dict, value: int, suit, joker: bool) -> int:
    """A hand's best discard once this card joins it: the best it had (`best`), the card alone,
    the card's set (`counts`: value -> how many held), or the run it completes in its suit
    (`suits`: suit -> the values held)."""
    out = _set_or_alone(best, counts, value)
    if not joker:
        values = suits.get(suit)
        if values:
            run = _run_through(value, values)
            if run is not None and run > out:
                out = run
    return out


def _set_or_alone(best: int, counts: dict, value: int) -> int:
    """A hand's best discard once a card of this value joins it, but for runs: the best it had
    (`best`), the card alone, or the card's set (`counts`: value -> how many held)."""
    out = best if best > value else value
    n = counts.get(value)
    if n and value * (n + 1) > out:
        out = value * (n + 1)
    return out


def _run_through(value: int, values):
    """The points of the run a card of this value makes with the values held in its suit (3 or
    more in a row through it), or None if it makes none."""
    low = value
    while low - 1 in values:
        low -= 1
    high = value
    while high + 1 in values:
        high += 1
    return (low + high) * (high - low + 1) // 2 if high - low >= 2 else None


def _or(bits) -> int:
    """The bits together."""
    out = 0
    for b in bits:
        out |= b
    return out


# The card tables: one per deck of cards, shared by every match dealt from equal cards (their
# shapes too), found by the faces object of a match (kept in the entry, so that its id stays its own)
_TABLES: dict = {}      # (value, suit, is_joker) of each id -> its table
_BY_FACES: dict = {}    # id(faces) -> (faces, its table)


def _table(faces: tuple) -> _CardTable:
    entry = _BY_FACES.get(id(faces))
    if entry is None or entry[0] is not faces:
        cards = tuple((f.value, f.suit, f.suit is None) for f in faces)
        table = _TABLES.get(cards)
        if table is None:
            if len(_TABLES) > 16:
                _TABLES.clear()
            table = _TABLES[cards] = _CardTable(cards)
        if len(_BY_FACES) > 64:
            _BY_FACES.clear()
        entry = _BY_FACES[id(faces)] = (faces, table)
    return entry[1]


class Unseen:
    """The cards a seat cannot place, summed up once per decision (and kept for the draw that
    follows the discard): the bot weighs a dozen hands against the same unseen cards (their
    count, mean, values and (value, suit) kinds)."""

    def __init__(self, table: _CardTable, seen: int):
        self.seen = seen            # the ids seen, as a mask
        self.table = table
        unseen = table.every & ~seen
        self.unseen = unseen
        self.count = unseen.bit_count()
        counts = []
        total = 0
        for value, ids in table.by_value:
            n = (unseen & ids).bit_count()
            if n:
                counts.append((value, n))
                total += value * n
        self.counts = tuple(counts)             # (value, how many), by value
        self.values = dict(counts)
        self.mean = total / self.count if self.count else 6.5
        self._missing = None
        self._kept_low: dict = {}
        self.worths: dict = {}      # (share, partial_run) -> hand -> its worth (SheddingBot._worth)
        self.ahead: dict = {}       # (hand, value laid, chance) -> the deck's cost (SheddingBot._after_next)
        self.sure: dict = {}        # the others' hands -> the chance the next turn comes (SheddingBot._ahead)

    @property
    def rows(self) -> list:
        """The unseen cards as (value, suit, joker) rows, in id order (worked out on first use)."""
        rows = self.__dict__.get("_rows")
        if rows is None:
            unseen, cards = self.unseen, self.table.cards
            rows = self._rows = [cards[c] for c in range(len(cards)) if unseen >> c & 1]
        return rows

    @property
    def kinds(self) -> tuple:
        """The unseen cards by kind, for sums over them (worked out on first use): (their values
        sorted, how many are at or below the i-th value's predecessor (below[i]: the first i values),
        the sum of the values from the i-th on (above[i]), value -> how many (jokers too), value ->
        how many of the cards that are not jokers, (value, suit) -> how many of those)."""
        kinds = self.__dict__.get("_kinds")
        if kinds is None:
            # from the masks: each value's count is in `counts` already, a (value, suit)'s is a bit
            # count, and only the unseen jokers' value differs between every card and the plain ones
            counts, unseen, table = self.counts, self.unseen, self.table
            every = self.values
            values = [value for value, _ in counts]
            below = [0]
            for _, n in counts:
                below.append(below[-1] + n)
            above = [0] * (len(values) + 1)
            for i in range(len(counts) - 1, -1, -1):
                value, n = counts[i]
                above[i] = above[i + 1] + value * n
            plain = every
            jokers = unseen & table.jokers
            if jokers:
                plain = dict(every)
                for value, ids in table.jokers_by_value:
                    n = (jokers & ids).bit_count()
                    if n:
                        if plain[value] == n:
                            del plain[value]
                        else:
                            plain[value] -= n
            cells = {}
            for kind, ids in table.kind_ids:
                n = (unseen & ids).bit_count()
                if n:
                    cells[kind] = n
            kinds = self._kinds = (values, below, above, every, plain, cells)
        return kinds

    def free_chance(self, value) -> float:
        """The points a deck draw may shed at once, when the cards just laid all have this value
        (None: a run, or nothing): the drawn card has the rank just discarded."""
        if value is None or not self.count:
            return 0.0
        return value * self.values.get(value, 0) / self.count

    @property
    def missing(self) -> int:
        """The (value, suit) kinds of the unseen cards that are not jokers, as a mask of kind bits."""
        if self._missing is None:
            missing = 0
            kinds = self.table.kinds_of_byte
            for i, byte in enumerate(self.unseen.to_bytes(len(kinds), "little")):
                if byte:
                    missing |= kinds[i][byte]
            self._missing = missing
        return self._missing

    def kept_low(self, keep_low: float) -> "Distribution":
        """The value distribution of one hidden card, weighted towards the low ones kept."""
        one = self._kept_low.get(keep_low)
        if one is None:
            counts = self.counts
            key = (keep_low, counts)
            one = _KEPT_LOW.get(key)
            if one is None:
                weights = [0.0] * 14
                for value, n in counts:
                    # a house rule's card outside 0-13 points counts as the nearest end (an estimate)
                    weights[max(0, min(value, 13))] += _weight(keep_low, value, n)
                total = sum(weights) or 1.0
                if len(_KEPT_LOW) > 4096:      # kept for a search's decisions, not a whole match's
                    _KEPT_LOW.clear()
                one = _KEPT_LOW[key] = Distribution(tuple(w / total for w in weights))
            self._kept_low[keep_low] = one
        return one


class Distribution:
    """One hidden card's value distribution, and the chances worked out from it so far (each
    opponent and each decision of a search asks again)."""

    __slots__ = ("one", "_below", "_bound", "_sums")      # many are kept: no __dict__ each

    def __init__(self, one: tuple):
        self.one = one
        self._below: dict = {}
        self._bound = 0     # the sums of k cards below this bound, for k = 0, 1, ...: _sums[k]
        self._sums: list = []

    def chance_sum_below(self, cards: int, below: int) -> float:
        """The chance that `cards` draws from this distribution sum to less than `below`,
        remembered."""
        key = (cards, below)
        chance = self._below.get(key)
        if chance is None:
            if cards == 0 or below <= 0:
                chance = 1.0 if below > 0 else 0.0
            else:
                if below > self._bound:
                    self._bound, self._sums = below, [(1.0,)]
                sums = self._sums
                while len(sums) <= cards:
                    sums.append(_one_more(sums[-1], self.one, self._bound))
                chance = sum(sums[cards][:below])
            self._below[key] = chance
        return chance


def _one_more(dist: tuple, one: tuple, bound: int) -> tuple:
    """The distribution of a sum (below `bound`) with one more card drawn from `one`.

    A sum's chance below a smaller bound is the same, to the bit, whatever the bound: each total
    adds the same products in the same order (the totals that feed it, from the lowest)."""
    nxt = [0.0] * min(len(dist) + len(one) - 1, bound)
    for total, p in enumerate(dist):
        if p == 0.0:
            continue
        t = total
        for q in one[:bound - total]:
            nxt[t] += p * q
            t += 1
    return tuple(nxt)       # a tuple of floats: the collector need not walk the many kept


# the same unseen values give the same distribution and chances: a search asks them again and again
_KEPT_LOW: dict = {}
_WEIGHTS: dict = {}


def _weight(keep_low: float, value: int, n: int) -> float:
    """The weight of `n` unseen cards of this value, exp(-keep_low * value / 13) each, added one
    card at a time (as the cards were once added one by one: the same sum, to the bit)."""
    key = (keep_low, value, n)
    weight = _WEIGHTS.get(key)
    if weight is None:
        one = math.exp(-keep_low * value / 13)
        weight = 0.0
        for _ in range(n):
            weight += one
        _WEIGHTS[key] = weight
    return weight
