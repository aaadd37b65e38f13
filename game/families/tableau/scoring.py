"""Castle Combo's tagged primitives and the pure rule helpers the game, the bots and the table share.

A card's immediate ability and its scoring scroll are data (the ruleset's YAML, checked by
cards.py into `Prim` trees); this module holds ONE evaluator per primitive, in three tables:
COUNTS (what a "per" counts), CONDITIONS (what an "if" asks) and EFFECTS (what an ability does).
A new card made of these primitives is YAML only.

The vocabulary, as written in the ruleset (snake_case; every parameter is checked on loading).
S is a shield type (nobility, faith, scholarship, military, craftsmanship, peasantry), L a
location (castle, village; a card's location is also its banner). A purse card is a card whose
scroll counts `gold_on_this_purse`; what it holds is that count's cap.

Effects (a card's `ability:` is a list of them, applied in order):
  {gain: gold|keys, amount: N}                    you gain N
  {gain: gold|keys, amount: N, per: COUNT}        you gain N for each COUNT (in your tableau)
  {opponents_gain: gold|keys, amount: N}          every other player gains N
  {discount: castle|village|all, amount: N}       your later purchases there cost N less
  {gold_on_each_purse: N}                         N gold from the supply onto each purse card
                                                  (each up to what it holds)
  {fill_purses: N}                                fill up to N purse cards to the full
  {discard_display: castle|village, gain_cost_in: gold|keys}
                                                  discard a card of that display, gain its cost
  {choose: [EFFECT, EFFECT]}                      you choose one of the two

Counts (`per:`; `{count: NAME, ...parameters}`):
  shield {shield: S, in: tableau|row|column|row_and_column}   shields of type S (default tableau)
  banner {banner: castle|village}                 banners of a location
  cards_with_shields {shields: N}                 cards with exactly N shields
  shield_types {in: tableau|row|column}           distinct shield types
  missing_shield_types {}                         shield types not in your tableau
  empty_slots {} / occupied_slots {}              of the 9 places of the grid
  cards_costing {cost: N, or_more: false}         cards costing N (or N or more)
  discount_cards {}                               cards with a discount
  purse_cards {}                                  cards with a purse
  keys {}                                         keys held (scoring only)
  gold_on_this_purse {cap: N}                     gold on this card, at most N: this card is a
                                                  purse that holds N (scoring only)
  gold_on_purses {}                               gold on all your purse cards
  shield_sets {shields: [S, ...]}                 complete sets of these shields
  banner_sets {banners: [L, ...]}                 complete sets of these banners
  identical_shield_sets {size: N}                 sets of N shields of one type
  best_neighbour {of: COUNT}                      COUNT in a neighbour's tableau (ability only;
                                                  the buyer picks the left or right neighbour)

Conditions (`if:`):
  {shield_absent: S}                              no shield S in your tableau
  {position: left_column|middle_column|right_column|top_row|middle_row|bottom_row|corner|edge_middle}
  {any_face_down: true}                           a face-down card in your tableau

Scoring scrolls (a card's `scoring:`):
  {points: N}  {points: N, per: COUNT}  {points: N, if: CONDITION}

Only face-up cards have shields, banners, costs, discounts and purses; face-down cards still
occupy their place. "row_and_column" counts the union of the card's row and column, so the card
itself counts once (rules parameter `row_and_column`: `union`, or `sum` to count it twice).
Rows and columns are judged in the frame the cards span now: the top row is the highest row
placed so far; in a finished 3x3 tableau that is simply the top row.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Optional

from game.engine.cards import Prim
from game.families.tableau.pieces import CardScore, Placed
from game.families.tableau.words import why_said
from game.i18n import N_

SHIELDS = ("nobility", "faith", "scholarship", "military", "craftsmanship", "peasantry")
LOCATIONS = ("castle", "village")
RESOURCES = ("gold", "keys")
POSITIONS = ("left_column", "middle_column", "right_column", "top_row", "middle_row",
             "bottom_row", "corner", "edge_middle")
GRID = 3                        # the tableau is GRID x GRID


class Context:
    """What a count or a condition looks at: one tableau (a seat's), the card whose ability or
    scroll it is, the keys held, and how a row-and-column count treats the card itself."""
    __slots__ = ("faces", "tableau", "this", "keys", "union", "up")

    def __init__(self, faces, tableau, this: Optional[Placed] = None, keys: int = 0,
                 union: bool = True, up: Optional[list] = None):
        self.faces, self.tableau, self.this, self.keys, self.union = faces, tableau, this, keys, union
        self.up = [p for p in tableau if p.face_up] if up is None else up

    def shields(self, cards) -> list:
        return [s for p in cards for s in self.faces[p.card].shields]

    def line(self, where: str) -> list:
        """The face-up cards of this card's row, column, or both (the tableau without a card)."""
        this = self.this
        if where == "tableau" or this is None:
            return self.up
        if where == "row":
            return [p for p in self.up if p.row == this.row]
        if where == "column":
            return [p for p in self.up if p.col == this.col]
        row = [p for p in self.up if p.row == this.row]
        column = [p for p in self.up if p.col == this.col]
        if self.union:
            return row + [p for p in column if p.row != this.row]
        return row + column


def purse_cap(face) -> int:
    """How much gold a card's purse holds (0: not a purse card)."""
    return _scroll_of(face)[4]


_SCROLLS: dict = {}     # id(face) -> (face, points, per, condition, purse cap): read once per face


def _scroll_of(face) -> tuple:
    """(face, points, per, condition, purse cap) of a face's scroll; a bot's search scores
    thousands of tableaux, and reading a Prim's parameters is a scan (the face is kept in the
    entry, so its id cannot be reused while the entry lives)."""
    entry = _SCROLLS.get(id(face))
    if entry is None or entry[0] is not face:
        scroll = face.scoring
        if scroll is None:
            entry = (face, 0, None, None, 0)
        else:
            per = scroll.get("per")
            cap = per.get("cap", 0) if per is not None and per.tag == "gold_on_this_purse" else 0
            entry = (face, scroll.get("points"), per, scroll.get("if"), cap)
        _SCROLLS[id(face)] = entry
    return entry


def _has_discount(face) -> bool:
    return any(e.tag == "discount" for e in face.ability)


def _discount_of(effect) -> tuple:
    """(castle, village) of one effect; (0, 0) for anything else."""
    if effect.tag != "discount":
        return 0, 0
    where, amount = effect.get("discount"), effect.get("amount")
    return (amount if where in ("castle", "all") else 0, amount if where in ("village", "all") else 0)


def _sets(have: list, wanted: tuple) -> int:
    need: dict = {}
    for w in wanted:
        need[w] = need.get(w, 0) + 1
    return min(have.count(w) // k for w, k in need.items())


# --- counts: (prim, context) -> int ----------------------------------------------------------

def _count_shield(p, ctx):
    return ctx.shields(ctx.line(p.get("in", "tableau"))).count(p.get("shield"))


def _count_banner(p, ctx):
    want = p.get("banner")
    return sum(1 for c in ctx.up if ctx.faces[c.card].location == want)


def _count_cards_with_shields(p, ctx):
    n = p.get("shields")
    return sum(1 for c in ctx.up if len(ctx.faces[c.card].shields) == n)


def _count_shield_types(p, ctx):
    return len(set(ctx.shields(ctx.line(p.get("in", "tableau")))))


def _count_missing_shield_types(p, ctx):
    return len(set(SHIELDS) - set(ctx.shields(ctx.up)))


def _count_empty_slots(p, ctx):
    return GRID * GRID - len(ctx.tableau)


def _count_occupied_slots(p, ctx):
    return len(ctx.tableau)


def _count_cards_costing(p, ctx):
    cost, more = p.get("cost"), p.get("or_more", False)
    return sum(1 for c in ctx.up if ctx.faces[c.card].cost == cost
               or more and ctx.faces[c.card].cost >= cost)


def _count_discount_cards(p, ctx):
    return sum(1 for c in ctx.up if _has_discount(ctx.faces[c.card]))


def _count_purse_cards(p, ctx):
    return sum(1 for c in ctx.up if purse_cap(ctx.faces[c.card]))


def _count_keys(p, ctx):
    return ctx.keys


def _count_gold_on_this_purse(p, ctx):
    return min(ctx.this.gold, p.get("cap")) if ctx.this is not None else 0


def _count_gold_on_purses(p, ctx):
    return sum(c.gold for c in ctx.up)


def _count_shield_sets(p, ctx):
    return _sets(ctx.shields(ctx.up), p.get("shields"))


def _count_banner_sets(p, ctx):
    return _sets([ctx.faces[c.card].location for c in ctx.up], p.get("banners"))


def _count_identical_shield_sets(p, ctx):
    have = ctx.shields(ctx.up)
    return sum(have.count(s) // p.get("size") for s in SHIELDS)


def _count_best_neighbour(p, ctx):
    # evaluated by `effect_gain` on the chosen neighbour's tableau; on its own tableau it is 0
    return 0


COUNTS = {
    "shield": _count_shield, "banner": _count_banner, "cards_with_shields": _count_cards_with_shields,
    "shield_types": _count_shield_types, "missing_shield_types": _count_missing_shield_types,
    "empty_slots": _count_empty_slots, "occupied_slots": _count_occupied_slots,
    "cards_costing": _count_cards_costing, "discount_cards": _count_discount_cards,
    "purse_cards": _count_purse_cards, "keys": _count_keys,
    "gold_on_this_purse": _count_gold_on_this_purse, "gold_on_purses": _count_gold_on_purses,
    "shield_sets": _count_shield_sets, "banner_sets": _count_banner_sets,
    "identical_shield_sets": _count_identical_shield_sets, "best_neighbour": _count_best_neighbour,
}
SCORING_ONLY = ("keys", "gold_on_this_purse")
ABILITY_ONLY = ("best_neighbour",)


def count(prim: Prim, ctx: Context) -> int:
    return COUNTS[prim.tag](prim, ctx)


# --- conditions: (prim, context) -> bool ------------------------------------------------------

def _frame(ctx) -> tuple:
    """(top, bottom, left, right) of the cards placed so far."""
    rows = [p.row for p in ctx.tableau]
    cols = [p.col for p in ctx.tableau]
    return min(rows), max(rows), min(cols), max(cols)


AT_POSITION = {     # (row, col, top, bottom, left, right) -> is the cell at this named position?
    "left_column": lambda r, c, top, bottom, left, right: c == left,
    "right_column": lambda r, c, top, bottom, left, right: c == right,
    "middle_column": lambda r, c, top, bottom, left, right: left < c < right,
    "top_row": lambda r, c, top, bottom, left, right: r == top,
    "bottom_row": lambda r, c, top, bottom, left, right: r == bottom,
    "middle_row": lambda r, c, top, bottom, left, right: top < r < bottom,
    "corner": lambda r, c, top, bottom, left, right: (r == top or r == bottom) and (c == left or c == right),
    "edge_middle": lambda r, c, top, bottom, left, right: (r == top or r == bottom) != (c == left or c == right),
}


def at_position(position: str, row: int, col: int, frame: tuple) -> bool:
    """Is the cell (row, col) at this named position of the frame (top, bottom, left, right)?"""
    return AT_POSITION[position](row, col, *frame)


def _if_position(p, ctx):
    this = ctx.this
    return this is not None and at_position(p.get("position"), this.row, this.col, _frame(ctx))


def _if_shield_absent(p, ctx):
    return p.get("shield_absent") not in ctx.shields(ctx.up)


def _if_any_face_down(p, ctx):
    return any(not c.face_up for c in ctx.tableau)


CONDITIONS = {"position": _if_position, "shield_absent": _if_shield_absent,
              "any_face_down": _if_any_face_down}


# --- effects: what each gives the buyer (gold, keys) and the others -----------------------------

def _neighbours(seat: int, n: int) -> tuple:
    """(left, right): the next player clockwise is to the left (the rulebook's turn order)."""
    return (seat + 1) % n, (seat - 1) % n


def neighbour_counts(faces, seat_tableaux, seat: int, per: Prim) -> tuple:
    """((left seat, its count), (right seat, its count)) for a best-neighbour count."""
    inner = per.get("of")
    return tuple((s, count(inner, Context(faces, tuple(seat_tableaux[s]))))
                 for s in _neighbours(seat, len(seat_tableaux)))


def _gain_effect(e, faces, tableau, seat_tableaux, seat, this, neighbour):
    per = e.get("per")
    if per is None:
        times = 1
    elif per.tag == "best_neighbour":
        found = neighbour_counts(faces, seat_tableaux, seat, per)
        times = dict(found)[neighbour] if neighbour in dict(found) else max(c for _, c in found)
    else:
        times = count(per, Context(faces, tableau, this))
    amount = e.get("amount") * times
    return (amount, 0, ()) if e.get("gain") == "gold" else (0, amount, ())


def _opponents_effect(e, faces, tableau, seat_tableaux, seat, this, neighbour):
    gold = e.get("amount") if e.get("opponents_gain") == "gold" else 0
    keys = e.get("amount") if e.get("opponents_gain") == "keys" else 0
    return 0, 0, tuple((s, gold, keys) for s in range(len(seat_tableaux)) if s != seat)


def _nothing_to_gain(e, *args):
    return 0, 0, ()


EFFECTS = {"gain": _gain_effect, "opponents_gain": _opponents_effect, "discount": _nothing_to_gain,
           "gold_on_each_purse": _nothing_to_gain, "fill_purses": _nothing_to_gain,
           "discard_display": _nothing_to_gain, "choose": _nothing_to_gain}
# what each effect needs from the player before it can be carried out (rules.py asks)
DECISIONS = {"choose": "choose", "discard_display": "discard_display", "fill_purses": "fill"}


def effect_gain(faces, tableau, seat_tableaux, seat: int, this: Placed, effect: Prim,
                neighbour: Optional[int] = None) -> tuple:
    """(gold, keys, others) one effect gives; a best-neighbour count reads `neighbour`'s tableau
    (None: the better of the two)."""
    return EFFECTS[effect.tag](effect, faces, tableau, seat_tableaux, seat, this, neighbour)


def purse_gold(faces, tableau, amount: int) -> tuple:
    """((row, col), gold added) for `amount` gold onto each face-up purse card, each up to its cap."""
    out = []
    for p in tableau:
        room = purse_cap(faces[p.card]) - p.gold if p.face_up else 0
        if room > 0 and amount > 0:
            out.append(((p.row, p.col), min(room, amount)))
    return tuple(out)


def purse_room(faces, tableau) -> tuple:
    """((row, col), room left) of every face-up purse card that is not full."""
    out = []
    for p in tableau:
        room = purse_cap(faces[p.card]) - p.gold if p.face_up else 0
        if room > 0:
            out.append(((p.row, p.col), room))
    return tuple(out)


# --- the helpers of the contract (prompts/scoring_api10.md) ------------------------------------

def legal_cells(tableau) -> tuple:
    """Where the next card may go: (0, 0) first; then a free cell orthogonally next to a card,
    keeping the grid within 3 rows and 3 columns."""
    return _legal_cells(tuple(sorted((p.row, p.col) for p in tableau)))


@lru_cache(maxsize=8192)
def _legal_cells(taken: tuple) -> tuple:
    """legal_cells of the cells taken (sorted): a search asks for the same few shapes again and again."""
    if not taken:
        return ((0, 0),)
    rows = [r for r, _ in taken]
    cols = [c for _, c in taken]
    taken = set(taken)
    lo_r, hi_r, lo_c, hi_c = min(rows), max(rows), min(cols), max(cols)
    out = set()
    for r, c in taken:
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in taken:
                continue
            if max(hi_r, cell[0]) - min(lo_r, cell[0]) >= GRID:
                continue
            if max(hi_c, cell[1]) - min(lo_c, cell[1]) >= GRID:
                continue
            out.add(cell)
    return tuple(sorted(out))


def discounts(faces, tableau) -> tuple:
    """(castle, village): the discounts of the face-up cards."""
    castle = village = 0
    for p in tableau:
        if p.face_up:
            c, v = _discounts_of(faces[p.card])
            castle += c
            village += v
    return castle, village


_DISCOUNTS: dict = {}   # id(face) -> (face, (castle, village)): read once per face


def _discounts_of(face) -> tuple:
    """(castle, village) of one face's discounts."""
    known = _DISCOUNTS.get(id(face))
    if known is None or known[0] is not face:
        castle = village = 0
        for e in face.ability:
            c, v = _discount_of(e)
            castle += c
            village += v
        known = _DISCOUNTS[id(face)] = (face, (castle, village))
    return known[1]


def price(faces, tableau, card: int) -> int:
    """What `card` costs a player with this tableau (before the card is placed: its own discount
    never applies to itself); never below 0."""
    face = faces[card]
    castle, village = discounts(faces, tableau)
    return max(0, face.cost - (castle if face.location == "castle" else village))


def _card_points(faces, tableau, placed: Placed, keys: int, union: bool, up: list) -> tuple:
    """(points, times the scroll counted) of one face-up card."""
    _, points, per, condition, _ = _scroll_of(faces[placed.card])
    ctx = Context(faces, tableau, placed, keys, union, up)
    if per is not None:
        times = count(per, ctx)
    elif condition is not None:
        times = int(CONDITIONS[condition.tag](condition, ctx))
    else:
        times = 1
    return points * times, times


def score_card(faces, tableau, placed: Placed, keys: int, union: bool = True, up=None) -> CardScore:
    """One card's points, with the words of why."""
    if not placed.face_up:
        return CardScore(placed.card, placed.row, placed.col, 0, N_("face down"))
    scroll = faces[placed.card].scoring
    if scroll is None:
        return CardScore(placed.card, placed.row, placed.col, 0, N_("no scoring"))
    tableau = tuple(tableau)
    up = [p for p in tableau if p.face_up] if up is None else up
    total, times = _card_points(faces, tableau, placed, keys, union, up)
    return CardScore(placed.card, placed.row, placed.col, total, why_said(scroll, times, total))


def score_tableau(faces, tableau, keys: int, final: bool = True, union: bool = True) -> tuple:
    """One CardScore per placed card, in the order placed (face-down: 0, "face down"). With
    final=False it is a projection: rows and columns not yet fixed are judged in the frame the
    cards span now (the same computation; the name says what the caller means)."""
    tableau = tuple(tableau)
    up = [p for p in tableau if p.face_up]
    return tuple(score_card(faces, tableau, p, keys, union, up) for p in tableau)


def tableau_points(faces, tableau, keys: int, union: bool = True) -> int:
    """The sum of the cards' points, without the words (what a bot's search needs, faster): the
    tableau counted once in a `Tally` and each scroll read from that, with the same result as
    `score_card`'s counts and conditions (tests/test_scoring_castle_combo.py holds the two equal
    on thousands of tableaux)."""
    from game.families.tableau.tally import Tally     # tally.py reads this module's vocabulary
    return Tally(faces, tableau, union).points(keys)


def total_score(faces, tableau, keys: int, key_points: int = 1, union: bool = True) -> int:
    """The sum of the cards' final scores plus the keys' points."""
    return tableau_points(faces, tableau, keys, union) + keys * key_points


def gains(faces, tableau, seat_tableaux, seat: int, placed, choice: Optional[int] = None,
          neighbour: Optional[int] = None) -> tuple:
    """(gold, keys, others) the ability of the card `placed` (a Placed already in `tableau`, or
    its card id) gives: gold and keys for the buyer, others = ((seat, gold, keys), ...) for every
    opponent. choice: the option of a "choose one of two" (None: the option worth more gold and
    keys); neighbour: whose tableau a best-neighbour count reads (None: the better one). Gold put
    on purses and display discards are not in it."""
    tableau = tuple(tableau)
    if not isinstance(placed, Placed):
        placed = next(p for p in tableau if p.card == placed)
    if not placed.face_up:
        return 0, 0, ()
    gold = keys = 0
    others: dict = {s: [0, 0] for s in range(len(seat_tableaux)) if s != seat}
    for e in faces[placed.card].ability:
        if e.tag == "choose":
            options = e.get("choose")
            results = [effect_gain(faces, tableau, seat_tableaux, seat, placed, o, neighbour)
                       for o in options]
            if choice is None:
                choice = max(range(len(options)), key=lambda i: (
                    results[i][0] + results[i][1] + sum(g for _, g in purse_gold(
                        faces, tableau, options[i].get("gold_on_each_purse") or 0)), -i))
            g, k, o = results[choice]
        else:
            g, k, o = effect_gain(faces, tableau, seat_tableaux, seat, placed, e, neighbour)
        gold += g
        keys += k
        for s, og, ok in o:
            others[s][0] += og
            others[s][1] += ok
    return gold, keys, tuple((s, g, k) for s, (g, k) in sorted(others.items()))


def best_purses(faces, tableau, gold: int) -> tuple:
    """The best distribution of `gold` leftover gold onto the face-up purse cards: each gold goes
    where it scores most (points per gold on that purse); returns ((row, col), gold on it after)
    for every face-up purse card, in the order placed."""
    cards = [p for p in tableau if p.face_up and purse_cap(faces[p.card])]
    on = {(p.row, p.col): p.gold for p in cards}
    # each gold on a purse scores that purse's points; gold on every purse is worth the same to a
    # "gold on all purses" card, so the order among purses is by their own points per gold
    order = sorted(cards, key=lambda p: -faces[p.card].scoring.get("points"))
    left = gold
    for p in order:
        cell = (p.row, p.col)
        put = min(left, purse_cap(faces[p.card]) - on[cell])
        if put > 0:
            on[cell] += put
            left -= put
    return tuple(((p.row, p.col), on[(p.row, p.col)]) for p in cards)


def fill_choices(faces, tableau, limit: int) -> tuple:
    """The sets of purse cells a "fill up to N purse cards" may fill (every one when few)."""
    cells = [cell for cell, _ in purse_room(faces, tableau)]
    if len(cells) <= limit:
        return (tuple(cells),) if cells else ()
    return tuple(combinations(cells, limit))
