"""Bots for the tableau family (Castle Combo), built only from one seat's view and the legal actions.

A turn, as the bot sees it: (spend a key: move the Messenger or refresh its display?) -> buy a
card of the Messenger's display, or take it face down (6 gold, 2 keys) -> place it -> (choose one
of two effects / a neighbour / a display card to discard / the purses the Steward fills) -> at
the game's end, store leftover gold on purses.

normal: values every legal (card, cell, face up or face down) as what the tableau will score at
the end plus what the turn leaves in hand. The end score is estimated by filling the tableau's
empty cells with cards drawn from the remaining decks (everything not visible in the displays,
the discard piles and the tableaux), the same draws for every candidate so that the comparison
is not noise, in every 3x3 frame the cards may still end in (the best frame counts: the player
steers the grid), with the leftover gold expected at the end stored on the purses
(`best_purses`). Scoring is `scoring.total_score`'s, never a copy: the filled tableaux are
counted by tally.py (`Draws`: one cell's candidates over all the fills at once, the numbers of
scoring each whole); gains are `scoring.effect_gain`'s (the better neighbour; a count, on a
`Tally`), gold put on purses `purse_gold` / `purse_room`, a display discard the
dearest card there, a choice of two the better branch. What is left in hand is worth what it
buys later: gold at `gold_worth` points each, up to what the remaining turns can spend
(`spend_per_turn` each), keys 1 point each at the end (in the score) plus `key_option` while
turns remain; a discount saves `discount_use` of its face value on each later purchase of its
location. What the card gives opponents counts against it, shared among them. A face-down card
is only a cell (6 gold, 2 keys), so one per cell is valued, and the dearest card is the one
taken (the next buyer misses it most). A key is spent when the other display (move) or three
fresh cards (refresh: the mean best of three over `refresh_cards` cards of what is left of that
deck) beat the Messenger's display by more than `key_margin`, all three weighed on the same
`key_samples` fills. Choices and the Steward's purses take what scores most; a neighbour the one
that gives more; a display discard the card that gains most and that the next buyer would want
most; the purse proposal at the end (already the best distribution) is agreed to.
playout (the hard bot's playout policy, game/families/tableau/search.py; not offered to players):
normal's valuation of the tableau as it stands (no fills, one frame) and no key spent, about
a fraction of normal's time a decision; it beats easy and loses to normal (bench/README.md), but
the search only needs it to tell its root actions apart.
easy: places at a random legal cell, buys the affordable card whose own printed scroll scores
most there now, takes the cheapest face down when it cannot afford any, never spends keys,
and picks choices, neighbours and discards at random.

Decisions are deterministic for a seed: the same view, legal actions and seed give the same move.
"""
from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from functools import cached_property

from game.engine.core import Action
from game.families.tableau import scoring
from game.families.tableau.tally import Draws, Tally
from game.families.tableau.view import Placed

DONE = Action("purses_done")


@dataclass(frozen=True)
class Style:
    """The knobs that separate the levels (and that tuning turns)."""
    name: str
    plans: bool                 # values candidates by their expected end score; else rules of thumb
    samples: int = 8            # fills of the empty cells drawn from the remaining decks per decision
    gold_worth: float = 0.8     # points per gold that later turns can spend
    spend_per_turn: int = 5     # gold a later turn can usefully spend (more waits for the purses)
    key_option: float = 0.5     # worth of a key beyond its point, while turns remain
    key_margin: float = 1.0     # a key is spent only for a display better by this many points
    refresh_cards: int = 8      # cards of a deck valued to estimate what a refresh reveals
    key_samples: int = 3        # fills on which the displays are compared before spending a key
    leftover: int = 2           # gold expected to be left for the purses at the end, beyond surplus
    deny: float = 0.3           # worth of denying the next buyer a display card, per point it gives them
    discount_use: float = 0.7   # share of a discount's face value later purchases really save
    every_frame: bool = True    # weigh every 3x3 frame the cards may end in; else only the centred one
    spends_keys: bool = True    # weighs the other display and a refresh before buying


STYLES = {
    "normal": Style("normal", plans=True),
    "easy": Style("easy", plans=False),
    # the hard bot's playout policy (not offered at the table): normal's valuation of the tableau
    # as it stands (no fills: as strong as one fill, measured, at half its cost), no key spent
    "playout": Style("playout", plans=True, samples=0, every_frame=False, spends_keys=False),
}


class TableauBot:
    """A bot for one seat of a tableau-family game; the level is its `Style`."""

    def __init__(self, ruleset, seat: int, level: str = "normal", seed=0):
        self.ruleset = ruleset
        self.seat = seat
        self.level = level
        self.style = STYLES[level]
        # normal weighs hundreds of tableaux a decision (early in a game it can take longer than a
        # frame): the table asks it off the frame loop, as it asks the hard level
        # (game/ui/table_controller.Thinking; bench_ui.py)
        self.thinks_long = level == "normal"
        self.seed = seed
        self.rng = random.Random(seed)
        self.think_times: list = []     # seconds per decision (bench and report)
        rules = dict(getattr(ruleset, "rules", None) or {})
        face_down = dict(rules.get("face_down") or {})
        self.cards_each = rules.get("cards_each", 9)
        self.face_down = (face_down.get("gold", 6), face_down.get("keys", 2))
        self.key_points = rules.get("key_points", 1)
        self.union = rules.get("row_and_column", "union") == "union"

    # ---- the entry point ----
    def choose(self, view, legal: list) -> Action:
        """The bot's move whenever its seat is to act."""
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in phase {view.phase!r}")
        start = time.perf_counter()
        try:
            if len(legal) == 1:
                return legal[0]
            step = _STEPS.get(view.phase)
            return step(self, view, legal) if step else legal[0]
        finally:
            self.think_times.append(time.perf_counter() - start)

    # ---- the turn: keys, buying and placing ----
    def _turn(self, view, legal: list) -> Action:
        """Buy (or take face down) the best candidate; normal first weighs spending a key."""
        purchases = [a for a in legal if a.kind in ("buy", "face_down")]
        if not self.style.plans:
            return self._turn_by_thumb(view, purchases)
        plan = Plan(self, view)
        kinds = {a.kind for a in legal} if self.style.spends_keys else set()
        chosen = None
        if "key_move" in kinds or "key_refresh" in kinds:
            # the three displays are weighed on the same few fills, so that none is favoured by
            # its draws; the purchase itself is then chosen on all of them
            few = self.style.key_samples
            if not few:     # no draws (the playout level): the purchase's worth is the display's
                chosen, here = plan.best_purchase(purchases)
            else:
                here = plan.best_in_display(view.messenger, 0, few)
            options = []
            if "key_move" in kinds:
                options.append((plan.best_in_display(plan.other_location(), 1, few), Action("key_move")))
            if "key_refresh" in kinds:
                options.append((plan.expected_refresh(view.messenger, few), Action("key_refresh")))
            worth, action = max(options, key=lambda o: o[0])
            if worth > here + self.style.key_margin:
                return action
        return chosen or plan.best_purchase(purchases)[0]

    def _turn_by_thumb(self, view, purchases: list) -> Action:
        """Easy: a random cell; the affordable card whose own scroll scores most there now."""
        cells = sorted({a.places[1] for a in purchases})
        cell = cells[self.rng.randrange(len(cells))]
        here = [a for a in purchases if a.places[1] == cell]
        me = view.seats[self.seat]
        buys = [a for a in here if a.kind == "buy" and (view.price(a.places[0][2]) or 0) <= me.gold]
        if buys:
            def printed(action):
                card = action.places[0][2]
                placed = Placed(card, cell[2], cell[3], True)
                scores = scoring.score_tableau(view.faces, me.tableau + (placed,), me.keys, False, self.union)
                own = next((s.points for s in scores if s.card == card), 0)
                return (own, -card)
            return max(buys, key=printed)
        downs = [a for a in here if a.kind == "face_down"] or here
        return min(downs, key=lambda a: (view.face(a.places[0][2]).cost, a.places[0][2]))

    # ---- what an ability asks ----
    def _choose(self, view, legal: list) -> Action:
        """Normal: the effect worth most; easy: either."""
        if not self.style.plans:
            return legal[self.rng.randrange(len(legal))]
        plan = Plan(self, view)
        return max(legal, key=lambda a: (plan.choice_worth(a), a.choice or ""))

    def _neighbour(self, view, legal: list) -> Action:
        """The neighbour whose count gives more (the view lists both gains)."""
        if not self.style.plans:
            return legal[self.rng.randrange(len(legal))]
        pending = dict(view.pending)
        left, right = pending.get("left"), pending.get("right")
        gains = pending.get("gains")
        if gains is None or left is None:
            return legal[0]
        worth = {left: _gain_worth(gains[0]), right: _gain_worth(gains[1])}
        return max(legal, key=lambda a: (worth.get(a.places[0][1], 0), -a.places[0][1]))

    def _discard_display(self, view, legal: list) -> Action:
        """The card that gains most, and that the next buyer would want most."""
        if not self.style.plans:
            return legal[self.rng.randrange(len(legal))]
        plan = Plan(self, view)
        return max(legal, key=lambda a: (plan.discard_worth(a.places[0][2]), -a.places[0][2]))

    def _fill(self, view, legal: list) -> Action:
        """The purse cards whose filling scores most."""
        if not self.style.plans:
            return legal[self.rng.randrange(len(legal))]
        plan = Plan(self, view)
        return max(legal, key=lambda a: (plan.fill_worth(a), tuple(-x for p in a.places for x in p[1:])))

    def _purses(self, view, legal: list) -> Action:
        """The game proposes the best distribution: agree."""
        return DONE if DONE in legal else legal[0]


def _gain_worth(gain) -> float:
    """(gold, keys) or a number -> points, roughly (for picking between two neighbours)."""
    if isinstance(gain, (int, float)):
        return float(gain)
    gold, keys = gain[0], gain[1]
    return gold + 1.5 * keys


_STEPS = {
    "turn": TableauBot._turn,
    "buy": TableauBot._turn,
    "choose": TableauBot._choose,
    "neighbour": TableauBot._neighbour,
    "discard_display": TableauBot._discard_display,
    "fill": TableauBot._fill,
    "purses": TableauBot._purses,
}


class Plan:
    """Normal's valuation of one decision: the draws that fill the empty cells, shared by every
    candidate so that their comparison is not noise."""

    def __init__(self, bot: TableauBot, view):
        self.bot = bot
        self.style = bot.style
        self.view = view
        self.faces = view.faces
        self.me = view.seats[bot.seat]
        self.seat = bot.seat
        # my purchases after this one (in an ability's phase the card is already placed)
        buying = view.phase in ("turn", "buy")
        self.turns_after = max(0, bot.cards_each - len(self.me.tableau) - (1 if buying else 0))
        need = self.turns_after
        self.fills = [self.rng.sample(self.pool, min(need, len(self.pool))) for _ in range(self.style.samples)]
        self._down: dict = {}       # (keys spent, samples) -> the best face-down worth
        self._prices: dict = {}     # card -> its price to this seat
        self._outcomes: dict = {}   # (card, row, col) -> outcomes of buying it there
        self._mine = None           # the Tally of my tableau
        self._tallies: dict = {}    # any other tableau -> its Tally
        self._by_cell: dict = {}    # tableau but its last card -> {(frame, last cell): Draws}
        self._my_cells: dict = {}   # the same for my tableau

    @cached_property
    def rng(self) -> random.Random:
        """The decision's draws (first the fills, then a refresh's cards); made on first use (the
        playout level draws nothing)."""
        return random.Random(f"{self.bot.seed}/{self.view.turn_no}/{self.seat}/{self.view.phase}")

    @cached_property
    def pool(self) -> list:
        """The cards of the decks: every face not visible in a display, a discard pile or a tableau."""
        return self._remaining()

    def _remaining(self) -> list:
        """The cards of the decks: every face not visible in a display, a discard pile or a tableau."""
        seen = set()
        for shown in self.view.displays:
            seen.update(shown)
        for pile in self.view.discards:
            seen.update(pile)
        for s in self.view.seats:
            seen.update(p.card for p in s.tableau)
        gone = set(self.view.empty)         # a location out of the game brings no more cards
        return [c for c in range(len(self.faces)) if c not in seen and self.faces[c].location not in gone]

    def price(self, card: int) -> int:
        """What `card` costs this seat now (the same for every candidate of one decision)."""
        known = self._prices.get(card)
        if known is None:       # scoring.price, with the seat's discounts the view already holds
            face = self.faces[card]
            castle, village = self.me.discounts
            known = self._prices[card] = max(0, face.cost - (castle if face.location == "castle" else village))
        return known

    def other_location(self) -> str:
        locations = self.view.locations
        return locations[1 - locations.index(self.view.messenger)]

    # ---- valuing a tableau ----
    def end_points(self, tableau: tuple, keys: int, leftover: int, samples=None) -> float:
        """The expected final score: empty cells filled with the shared draws, in the best frame."""
        n = len(self.fills) if samples is None else min(samples, len(self.fills))
        if not n:               # no draws (the playout level): the tableau as it stands
            return self._final(tableau, keys, leftover)
        # the candidates of a decision differ in their last card: for each frame and cell the
        # fillings around it are counted once (`Draws`) and each candidate added up over them
        last = tableau[-1]
        best = None
        for draws in self._draws(tableau):
            points = draws.total(n, last.card, last.face_up, last.gold, keys, leftover)
            mean = float(points + n * keys * self.bot.key_points) / n
            if best is None or mean > best:
                best = mean
        return best if best is not None else 0.0

    def _draws(self, tableau: tuple) -> list:
        """A Draws per 3x3 frame the tableau may end in (only the centred one without
        `every_frame`), of the tableau but its last card, at that card's cell: one per decision,
        shared by the candidates."""
        last = tableau[-1]
        prefix = tableau[:-1]
        if prefix == self.me.tableau:       # the usual one, told apart without hashing its cards
            by_cell = self._my_cells
        else:
            by_cell = self._by_cell.get(prefix)
            if by_cell is None:
                by_cell = self._by_cell[prefix] = {}
        known = by_cell.get((last.row, last.col))
        if known is None:
            rows = [p.row for p in tableau]
            cols = [p.col for p in tableau]
            row_frames, col_frames = range(max(rows) - 2, min(rows) + 1), range(max(cols) - 2, min(cols) + 1)
            if not self.style.every_frame:      # the frame centred on the cards placed so far
                row_frames, col_frames = _centred(row_frames), _centred(col_frames)
            taken = {(p.row, p.col) for p in tableau}
            shared = by_cell.get("shared")      # what one draw's cards score alike in any frame
            if shared is None:
                shared = by_cell["shared"] = {}
            known = by_cell[(last.row, last.col)] = []
            for r0 in row_frames:
                for c0 in col_frames:
                    cells = [(r, c) for r in range(r0, r0 + 3) for c in range(c0, c0 + 3) if (r, c) not in taken]
                    known.append(Draws(self._tally(prefix), last.row, last.col, cells, self.fills, shared))
        return known

    def _final(self, tableau: tuple, keys: int, leftover: int) -> int:
        """total_score with the leftover gold stored as best_purses would store it: the last card
        added to the tally of the others (counted once) and taken back."""
        tally = self._tally(tableau[:-1])
        last = tableau[-1]
        tally.add(last.card, last.row, last.col, last.face_up, last.gold)
        points = tally.points(keys) + tally.purse_points(leftover)
        tally.pop()
        return points + keys * self.bot.key_points

    def _tally(self, tableau: tuple) -> Tally:
        """The tableau counted once (a decision asks for a few: the seat's, its purses refilled)."""
        if tableau == self.me.tableau:      # the usual one, told apart without hashing its cards
            if self._mine is None:
                self._mine = Tally(self.faces, tableau, self.bot.union)
            return self._mine
        tally = self._tallies.get(tableau)
        if tally is None:
            tally = self._tallies[tableau] = Tally(self.faces, tableau, self.bot.union)
        return tally

    def money(self, gold: int) -> tuple:
        """(points for the gold later turns spend, gold expected to be left for the purses)."""
        spendable = self.turns_after * self.style.spend_per_turn
        spent = min(gold, spendable)
        leftover = gold - spent + (self.style.leftover if self.turns_after else 0)
        return self.style.gold_worth * spent, min(gold, leftover) if self.turns_after else gold

    # ---- valuing a candidate ----
    def worth(self, card: int, row: int, col: int, face_up: bool, keys_spent: int = 0,
              samples=None) -> float:
        """Points of taking `card` into (row, col): the tableau's expected end score, what the turn
        leaves in hand, less what it gives the opponents (the better of two effects to choose)."""
        me = self.me
        gold, keys = me.gold, me.keys - keys_spent
        if not face_up:
            return self.value(me.tableau + (Placed(card, row, col, False),), gold + self.bot.face_down[0],
                              keys + self.bot.face_down[1], samples)
        gold -= self.price(card)
        if gold < 0:
            return float("-inf")
        outcomes = self._outcomes.get((card, row, col))
        if outcomes is None:        # the same whatever keys are spent and however many fills
            placed = Placed(card, row, col, True)
            outcomes = self._outcomes[(card, row, col)] = self.outcomes(me.tableau + (placed,), placed,
                                                                        self.faces[card].ability)
        best = None
        for after, gained, keyed, given in outcomes:
            value = self.value(after, gold + gained, keys + keyed, samples) - given
            if best is None or value > best:
                best = value
        return best

    def value(self, tableau: tuple, gold: int, keys: int, samples=None) -> float:
        """A tableau's expected end score plus the worth of the gold and keys in hand."""
        in_hand, leftover = self.money(gold)
        option = self.style.key_option * keys if self.turns_after else 0.0
        return self.end_points(tableau, keys, leftover, samples) + in_hand + option

    def outcomes(self, tableau: tuple, placed: Placed, effects: tuple) -> list:
        """(tableau, gold, keys, worth given away) for each way the effects may go: one per
        branch of a "choose one of two"."""
        out = [(tableau, 0, 0, 0.0)]
        for effect in effects:
            options = effect.get("choose") if effect.tag == "choose" else (effect,)
            out = [self._apply(o, placed, option) for option in options for o in out]
        return out

    def _apply(self, outcome: tuple, placed: Placed, effect) -> tuple:
        """One effect on one outcome; gains through scoring.effect_gain (the better neighbour)."""
        tableau, gold, keys, given = outcome
        view, style = self.view, self.style
        tag = effect.tag
        if tag == "gold_on_each_purse":
            added = dict(scoring.purse_gold(self.faces, tableau, effect.get("gold_on_each_purse")))
            return _with_gold(tableau, added), gold, keys, given
        if tag == "fill_purses":
            room = sorted(scoring.purse_room(self.faces, tableau),
                          key=lambda cell_room: -cell_room[1] * self._purse_points(tableau, cell_room[0]))
            added = dict(room[:effect.get("fill_purses")])
            return _with_gold(tableau, added), gold, keys, given
        if tag == "discard_display":
            shown = view.displays[view.locations.index(effect.get("discard_display"))]
            cost = max((self.faces[c].cost for c in shown), default=0)
            if effect.get("gain_cost_in") == "keys":
                return tableau, gold, keys + cost, given
            return tableau, gold + cost, keys, given
        if tag == "discount":
            # later purchases cost less: the fills do not pay for their cards, so it counts here
            share = 1.0 if effect.get("discount") == "all" else 0.5
            saved = effect.get("amount") * share * self.turns_after * style.discount_use
            return tableau, gold, keys, given - saved * style.gold_worth
        per = effect.get("per") if tag == "gain" else None
        if per is not None and per.tag != "best_neighbour":     # scoring.effect_gain, counted on a Tally
            amount = effect.get("amount") * self._count(per, tableau, placed)
            if effect.get("gain") == "gold":
                return tableau, gold + amount, keys, given
            return tableau, gold, keys + amount, given
        seat_tableaux = tuple(tableau if s.seat == self.seat else s.tableau for s in view.seats)
        g, k, others = scoring.effect_gain(self.faces, tableau, seat_tableaux, self.seat, placed, effect)
        if others:
            given += sum(og * style.gold_worth + ok for _, og, ok in others) / max(1, view.n - 1)
        return tableau, gold + g, keys + k, given

    def _count(self, per, tableau: tuple, placed: Placed) -> int:
        """What "per COUNT" counts for `placed` in `tableau` (its last card, as a purchase is)."""
        last = tableau[-1]
        if (last.row, last.col) != (placed.row, placed.col):
            return Tally(self.faces, tableau, self.bot.union).count(per, placed.card, placed.row, placed.col,
                                                                    placed.gold)
        tally = self._tally(tableau[:-1])
        tally.add(last.card, last.row, last.col, last.face_up, last.gold)
        counted = tally.count(per, placed.card, placed.row, placed.col, placed.gold)
        tally.pop()
        return counted

    def _purse_points(self, tableau: tuple, cell: tuple) -> int:
        placed = next(p for p in tableau if (p.row, p.col) == cell)
        return self.faces[placed.card].scoring.get("points")

    def best_purchase(self, purchases: list) -> tuple:
        """The best legal buy or face-down and its worth (face down: the card is only a cell, so
        one card per cell is valued, the one the next buyer would miss most: the dearest)."""
        best, best_value = None, None
        seen_down = set()
        for action in sorted(purchases, key=_order):
            (_, _, card), (_, _, row, col) = action.places
            if action.kind == "face_down":
                if (row, col) in seen_down:
                    continue
                seen_down.add((row, col))
            value = self.worth(card, row, col, action.kind == "buy")
            if best_value is None or value > best_value + 1e-9:
                best, best_value = action, value
        if best is not None and best.kind == "face_down":
            cell = best.places[1]
            downs = [a for a in purchases if a.kind == "face_down" and a.places[1] == cell]
            best = max(downs, key=lambda a: (self.faces[a.places[0][2]].cost, -a.places[0][2]))
        return best, best_value

    def cells(self) -> tuple:
        return scoring.legal_cells(self.me.tableau)

    def best_of_card(self, card: int, keys_spent: int, samples=None) -> float:
        """The best worth of a card over every legal cell, bought (if affordable) or face down."""
        best = self.best_face_down(card, keys_spent, samples)
        if self.price(card) <= self.me.gold:
            for row, col in self.cells():
                best = max(best, self.worth(card, row, col, True, keys_spent, samples))
        return best

    def best_face_down(self, card: int, keys_spent: int, samples=None) -> float:
        """The best worth of taking a card face down: the same for every card (it is only a cell)."""
        key = (keys_spent, samples)
        if key not in self._down:
            self._down[key] = max(self.worth(card, row, col, False, keys_spent, samples)
                                  for row, col in self.cells())
        return self._down[key]

    def best_in_display(self, location: str, keys_spent: int, samples=None) -> float:
        """The best worth among the cards of that location's display."""
        shown = self.view.displays[self.view.locations.index(location)]
        values = [self.best_of_card(c, keys_spent, samples) for c in shown]
        return max(values) if values else float("-inf")

    def expected_refresh(self, location: str, samples=None) -> float:
        """The expected best worth of three cards revealed from that location's deck (the mean
        best of three over every triple of `refresh_cards` cards of it)."""
        deck = [c for c in self.pool if self.faces[c].location == location]
        if len(deck) < 3:       # the discard pile is shuffled in: its cards may come too
            deck += list(self.view.discards[self.view.locations.index(location)])
        if not deck:
            return float("-inf")
        sample = self.rng.sample(deck, min(self.style.refresh_cards, len(deck)))
        values = sorted(self.best_of_card(c, 1, samples) for c in sample)
        if len(values) < 3:
            return values[-1]
        total = count = 0
        for i, value in enumerate(values):      # the best of the triples whose other two are below it
            below = i * (i - 1) // 2
            total += value * below
            count += below
        return total / count

    # ---- abilities asking ----
    def choice_worth(self, action: Action) -> float:
        """What the tableau and hand are worth after one of two effects (the card already placed)."""
        pending = dict(self.view.pending)
        placed = next((p for p in self.me.tableau if p.card == pending.get("card")), None)
        if placed is None:
            return 0.0
        choose = next((e for e in self.faces[placed.card].ability if e.tag == "choose"), None)
        if choose is None:
            return 0.0
        option = choose.get("choose")[int(action.choice)]
        after, gold, keys, given = self._apply((self.me.tableau, 0, 0, 0.0), placed, option)
        return self.value(after, self.me.gold + gold, self.me.keys + keys, samples=2) - given

    def discard_worth(self, card: int) -> float:
        """Its cost gained, plus the worth of denying it to the next buyer."""
        face = self.faces[card]
        pending = dict(self.view.pending)
        by = self.faces[pending["card"]].ability if "card" in pending else ()
        paid = next((e.get("gain_cost_in") for e in by if e.tag == "discard_display"), "gold")
        gain = face.cost * (1 + self.style.key_option if paid == "keys" else self.style.gold_worth)
        nxt = self.view.seats[(self.seat + 1) % self.view.n]
        deny = 0.0
        if nxt.seat != self.seat and len(nxt.tableau) < self.bot.cards_each:
            tally = Tally(self.faces, nxt.tableau, self.bot.union)     # (tableau_points, counted once)
            before = tally.points(nxt.keys)
            best = 0.0
            for row, col in scoring.legal_cells(nxt.tableau):
                tally.add(card, row, col)
                best = max(best, tally.points(nxt.keys) - before)
                tally.pop()
            deny = self.style.deny * best
        return gain + deny

    def fill_worth(self, action: Action) -> float:
        """Points gained by filling these purse cards to their capacity."""
        chosen = {(p[2], p[3]) for p in action.places}
        full = tuple(Placed(p.card, p.row, p.col, p.face_up,
                            max(p.gold, scoring.purse_cap(self.faces[p.card])) if (p.row, p.col) in chosen
                            else p.gold) for p in self.me.tableau)
        return scoring.total_score(self.faces, full, self.me.keys, self.bot.key_points, self.bot.union)


def _centred(frames: range) -> range:
    """The middle one of the frames' first rows (or columns): the cards placed so far centred."""
    middle = frames[len(frames) // 2]
    return range(middle, middle + 1)


def _with_gold(tableau: tuple, added: dict) -> tuple:
    """The tableau with gold added onto some cells' purses."""
    if not added:
        return tableau
    return tuple(Placed(p.card, p.row, p.col, p.face_up, p.gold + added.get((p.row, p.col), 0))
                 for p in tableau)


def _order(action: Action) -> tuple:
    """A fixed order of candidates, so ties go the same way whatever order legal lists them."""
    (_, _, card), (_, _, row, col) = action.places
    return (action.kind, card, row, col)


def think_summary(bots) -> dict:
    """Median and max think time per decision (ms) over these bots."""
    times = [t for b in bots for t in getattr(b, "think_times", ())]
    if not times:
        return {"decisions": 0, "median_ms": 0.0, "max_ms": 0.0}
    return {"decisions": len(times), "median_ms": round(1000 * statistics.median(times), 2),
            "max_ms": round(1000 * max(times), 2)}


def make_bot(ruleset, seat: int, level: str, seed) -> TableauBot:
    """The family's bot for this level ('easy', 'normal'; 'playout': the hard bot's playout policy)."""
    return TableauBot(ruleset, seat, level, seed)
