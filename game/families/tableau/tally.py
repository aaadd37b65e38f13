"""A tableau counted once, for the bots' search: `Tally`, and `Draws`, one cell's candidates
scored over many fillings of the rest of the tableau at once.

A bot's search scores thousands of tableaux a decision that differ in a card or two. The tally
keeps what the scrolls read as counters in one flat list of ints (a copy is one list copy):
shields in all, per row and per column, banners, cards, face-down cards, discount and purse
cards, gold on face-up cards, keys, and the cards per row and column (the frame). A card is
added with `add` and taken back with `pop` (the last added first). Each face's scroll is read
once into a `_Scroll`: most are linear in the counters (points x (sum of coef x counter +
const)), so that `Draws` can add a candidate's effect up over many tableaux at once.

The counts and conditions mean what scoring.py's evaluators (COUNTS, CONDITIONS) say, with the
same results: tests/test_scoring_castle_combo.py holds `scoring.tableau_points` (a Tally) equal
to `score_card` on thousands of tableaux, and tests/test_speed_tableau.py holds `Draws` equal to
scoring each filled tableau whole.
"""
from __future__ import annotations

from game.families.tableau.pieces import Placed
from game.families.tableau.scoring import (AT_POSITION, GRID, LOCATIONS, SHIELDS, Context, _card_points,
                                           _has_discount, _scroll_of)
from game.families.tableau.scoring import count as scoring_count


_SPAN = 4                           # grid coordinates the tally holds: -4..4 (a game's run -2..2)
_LINES = 2 * _SPAN + 1
_NSH = len(SHIELDS)
_SHIELD_AT = {s: i for i, s in enumerate(SHIELDS)}
_BANNER_AT = {loc: i for i, loc in enumerate(LOCATIONS)}
_ROWS = _NSH                        # shields per row: _ROWS + (row + _SPAN) * _NSH + shield
_COLS = _ROWS + _LINES * _NSH       # shields per column, the same way
_BANNERS = _COLS + _LINES * _NSH    # face-up cards per location
_CARDS = _BANNERS + len(LOCATIONS)  # every card, face down too
_DOWN = _CARDS + 1
_DISCOUNTS = _DOWN + 1
_PURSES = _DISCOUNTS + 1
_GOLD = _PURSES + 1                 # gold on the face-up cards
_ON_ALL = _GOLD + 1                 # points per gold of the face-up "gold on all purses" scrolls
_KEYS = _ON_ALL + 1                 # set by `points`
_OCCUPIED_ROWS = _KEYS + 1          # cards (face down too) per row, then per column: the frame
_OCCUPIED_COLS = _OCCUPIED_ROWS + _LINES
_TOP_COST = 15                      # face-up cards per cost, the last counter "this or more"
_COSTING = _OCCUPIED_COLS + _LINES
_TOP_SHIELDS = 7                    # face-up cards per number of shields, the last "this or more"
_SHIELDED = _COSTING + _TOP_COST + 1
_SIZE = _SHIELDED + _TOP_SHIELDS + 1

_ROW, _COLUMN = 1, 2                # a linear term's counter is in the card's row / column block
# the counters of the whole tableau an OTHER scroll may read: one filling's cards count them alike
# whatever their cells (shields in all, banners, face-down cards)
_WIDE = frozenset(range(_NSH)) | frozenset(range(_BANNERS, _BANNERS + len(LOCATIONS))) | {_DOWN}
_ALL_SHIELDS = tuple((s, 0) for s in range(_NSH))
LINEAR, POSITION, PURSE, OTHER = "linear", "position", "purse", "other"


class _Scroll:
    """One face's scroll, read once: `kind` LINEAR (points x (sum of coef x counter + const);
    `terms` (counter, coef, line), the counter in the card's row or column block when line is
    _ROW or _COLUMN), POSITION (points if `at` the frame's position), PURSE (points per gold on
    it, up to `cap`) or OTHER (points x `count`, which reads only the counters `reads`, as
    (counter, line) pairs like the terms'; None: anything); `score` (v, row, col, gold, tally) ->
    points."""
    __slots__ = ("kind", "points", "terms", "const", "at", "cap", "count", "reads", "wide", "score",
                 "_at_cell")

    def __init__(self, kind, points, terms=(), const=0, at=None, cap=0, count=None, reads=None):
        self.kind, self.points, self.terms, self.const = kind, points, terms, const
        self.at, self.cap, self.count, self.reads = at, cap, count, reads
        # an OTHER scroll that reads only counters of the whole tableau (not its row or column)
        self.wide = reads is not None and all(line == 0 and at in _WIDE for at, line in reads)
        self.score = _compiled(self)
        self._at_cell: dict = {}

    def at_cell(self, row: int, col: int):
        """For a card at (row, col): LINEAR, ((counter, points per one more), ...); OTHER, the
        counters it reads (a frozenset; None: anything)."""
        known = self._at_cell.get((row, col))
        if known is None:
            if self.kind == LINEAR:
                known = tuple((_counter(term, row, col), self.points * term[1]) for term in self.terms)
            elif self.reads is not None:
                known = frozenset(_where(at, line, row, col) for at, line in self.reads)
            self._at_cell[(row, col)] = known
        return known


def _where(at: int, line: int, row: int, col: int) -> int:
    """Where a counter is for a card at (row, col): `at` in its row's or column's block, or `at`."""
    if line == _ROW:
        return at + (row + _SPAN) * _NSH
    if line == _COLUMN:
        return at + (col + _SPAN) * _NSH
    return at


def _counter(term: tuple, row: int, col: int) -> int:
    """Where a linear term's counter is, for a card at (row, col)."""
    return _where(term[0], term[2], row, col)


def _compiled(scroll: _Scroll):
    """(v, row, col, gold, tally) -> the scroll's points, for its shape (the common ones unrolled)."""
    points, const = scroll.points, scroll.const
    if scroll.kind == POSITION:
        at = scroll.at
        return lambda v, r, c, g, t: points if at(r, c, *t.frame()) else 0
    if scroll.kind == PURSE:
        cap = scroll.cap
        return lambda v, r, c, g, t: points * min(g, cap)
    if scroll.kind == OTHER:
        count = scroll.count
        return lambda v, r, c, g, t: points * count(v, r, c, g, t)
    terms = scroll.terms
    if not terms:
        return lambda v, r, c, g, t: points * const
    if len(terms) == 1 and terms[0][1] == 1 and not const:
        at, _, line = terms[0]
        if line == _ROW:
            return lambda v, r, c, g, t: points * v[at + (r + _SPAN) * _NSH]
        if line == _COLUMN:
            return lambda v, r, c, g, t: points * v[at + (c + _SPAN) * _NSH]
        return lambda v, r, c, g, t: points * v[at]
    if len(terms) == 2 and [term[1:] for term in terms] == [(1, _ROW), (1, _COLUMN)]:     # its row and column
        in_row, in_col = terms[0][0], terms[1][0]
        return lambda v, r, c, g, t: points * (v[in_row + (r + _SPAN) * _NSH] + v[in_col + (c + _SPAN) * _NSH]
                                               + const)
    if len(terms) == 1 and terms[0][2] == 0:
        at, coef, _ = terms[0]
        return lambda v, r, c, g, t: points * (coef * v[at] + const)
    if not const and all(coef == 1 and not line for _, coef, line in terms) and \
            [at for at, _, _ in terms] == list(range(terms[0][0], terms[-1][0] + 1)):     # a run of counters
        first, last = terms[0][0], terms[-1][0] + 1
        return lambda v, r, c, g, t: points * sum(v[first:last])
    return lambda v, r, c, g, t: points * (sum(term[1] * v[_counter(term, r, c)] for term in terms) + const)


class _Face:
    """What the tally reads of one face, once: shield indices, banner, discount, purse, scroll."""
    __slots__ = ("face", "shields", "banner", "discount", "cap", "points", "on_all", "scroll", "_deltas")

    def __init__(self, face, union: bool):
        _, points, per, condition, cap = _scroll_of(face)
        self.face, self.cap, self.points = face, cap, points
        self.shields = tuple(_SHIELD_AT[s] for s in face.shields)
        self.banner = _BANNER_AT.get(face.location, -1)
        self.discount = int(_has_discount(face))
        # a "gold on all purses" scroll: each gold stored on a purse scores its points too
        self.on_all = points if per is not None and per.tag == "gold_on_purses" else 0
        if face.scoring is None:
            self.scroll = None
        elif per is not None:
            self.scroll = _scroll_per(per, face, points, union) or _slow_scroll(face, points)
        elif condition is not None:
            self.scroll = _scroll_if(condition, points) or _slow_scroll(face, points)
        else:
            self.scroll = _Scroll(LINEAR, points, const=1)
        self._deltas: dict = {}     # what adding it adds, per cell (and gold; card id for the stack)

    def delta(self, row: int, col: int, face_up: bool, gold: int) -> tuple:
        """((counter, amount), ...) that this card at (row, col) adds besides the cell it takes."""
        if not face_up:
            return _FACE_DOWN
        known = self._deltas.get((row, col, gold))
        if known is None:
            in_row, in_col = _ROWS + (row + _SPAN) * _NSH, _COLS + (col + _SPAN) * _NSH
            out = []
            for s in self.shields:
                out += ((s, 1), (in_row + s, 1), (in_col + s, 1))
            if self.banner >= 0:
                out.append((_BANNERS + self.banner, 1))
            if self.discount:
                out.append((_DISCOUNTS, 1))
            if self.cap:
                out.append((_PURSES, 1))
            if gold:
                out.append((_GOLD, gold))
            if self.on_all:
                out.append((_ON_ALL, self.on_all))
            out.append((_COSTING + min(self.face.cost, _TOP_COST), 1))
            out.append((_SHIELDED + min(len(self.shields), _TOP_SHIELDS), 1))
            known = self._deltas[(row, col, gold)] = tuple(out)
        return known

    def placing(self, card: int, row: int, col: int) -> tuple:
        """What Tally.place adds for this card (id `card`) at (row, col): (the counters of its cell,
        row and column, one each (repeated for more), its stack entry, its scored entry or None)."""
        known = self._deltas.get(("place", card, row, col))
        if known is None:
            if not (-_SPAN <= row <= _SPAN and -_SPAN <= col <= _SPAN):
                raise ValueError(f"cell ({row}, {col}) is outside a tableau's grid")
            counters = [_OCCUPIED_ROWS + _SPAN + row, _OCCUPIED_COLS + _SPAN + col]
            for at, amount in self.halves(row, col)[1]:
                counters += [at] * amount
            known = self._deltas[("place", card, row, col)] = (
                tuple(counters), (card, row, col, True, 0, self),
                (self.scroll, row, col, 0) if self.scroll is not None else None)
        return known

    def halves(self, row: int, col: int) -> tuple:
        """(the counters of the whole tableau, those of the row and column) of delta(row, col) face
        up without gold: what Tally.count_in and Tally.place add."""
        known = self._deltas.get(("halves", row, col))
        if known is None:
            delta = self.delta(row, col, True, 0)
            known = self._deltas[("halves", row, col)] = (tuple(d for d in delta if not _ROWS <= d[0] < _BANNERS),
                                                tuple(d for d in delta if _ROWS <= d[0] < _BANNERS))
        return known


_FACE_DOWN = ((_DOWN, 1),)      # what a face-down card adds besides its cell


_FACES: dict = {}       # (id(face), union) -> _Face (the face kept in it, so its id stays its own)
_CARDS_OF: dict = {}    # (id(faces), union) -> (faces, [_Face per card]): a game's, read once


def _faces_of(faces, union: bool) -> list:
    """The _Face of every card of a game's faces (each game has its tuple; they share the faces)."""
    known = _CARDS_OF.get((id(faces), union))
    if known is None or known[0] is not faces:
        read = []
        for face in faces:
            one = _FACES.get((id(face), union))
            if one is None or one.face is not face:
                one = _FACES[(id(face), union)] = _Face(face, union)
            read.append(one)
        if len(_CARDS_OF) > 64:         # a search deals many games: keep the last few
            _CARDS_OF.clear()
        known = _CARDS_OF[(id(faces), union)] = (faces, read)
    return known[1]


class Tally:
    """One tableau counted once: what every scroll's count or condition reads."""
    __slots__ = ("faces", "union", "info", "v", "scored", "stack", "purses")

    def __init__(self, faces, tableau=(), union: bool = True):
        self.faces, self.union = faces, union
        self.info = _faces_of(faces, union)
        self.v = [0] * _SIZE
        self.scored: list = []      # (scroll, row, col, gold) of each face-up card with a scroll
        self.stack: list = []       # (card, row, col, face up, gold, _Face) of each card, as added
        self.purses: list = []      # (points, room left) of each face-up purse card, as added
        for p in tableau:
            self.add(p.card, p.row, p.col, p.face_up, p.gold)

    def copy(self) -> "Tally":
        new = object.__new__(Tally)
        new.faces, new.union, new.info = self.faces, self.union, self.info
        new.v, new.scored, new.stack, new.purses = self.v[:], self.scored[:], self.stack[:], self.purses[:]
        return new

    def occupy(self, row: int, col: int, step: int = 1) -> None:
        """A cell taken (step 1) or freed (-1), whatever card is there: the frame and the cards."""
        if not (-_SPAN <= row <= _SPAN and -_SPAN <= col <= _SPAN):
            raise ValueError(f"cell ({row}, {col}) is outside a tableau's grid")
        v = self.v
        v[_OCCUPIED_ROWS + _SPAN + row] += step
        v[_OCCUPIED_COLS + _SPAN + col] += step
        v[_CARDS] += step

    def add(self, card: int, row: int, col: int, face_up: bool = True, gold: int = 0) -> None:
        if not (-_SPAN <= row <= _SPAN and -_SPAN <= col <= _SPAN):
            raise ValueError(f"cell ({row}, {col}) is outside a tableau's grid")
        v = self.v
        v[_OCCUPIED_ROWS + _SPAN + row] += 1        # occupy(), unrolled: a search adds millions
        v[_OCCUPIED_COLS + _SPAN + col] += 1
        v[_CARDS] += 1
        face = self.info[card]
        self.stack.append((card, row, col, face_up, gold, face))
        for at, amount in face.delta(row, col, face_up, gold):
            v[at] += amount
        if face_up:
            if face.cap:
                self.purses.append((face.points, face.cap - gold))
            if face.scroll is not None:
                self.scored.append((face.scroll, row, col, gold))

    def count_in(self, card: int) -> None:
        """The half of `add` (of a face-up card without gold) that does not depend on its cell:
        its counters of the whole tableau and its purse. `place` adds the other half."""
        face = self.info[card]
        v = self.v
        v[_CARDS] += 1
        for at, amount in face.halves(0, 0)[0]:
            v[at] += amount
        if face.cap:
            self.purses.append((face.points, face.cap))

    def place(self, card: int, row: int, col: int) -> None:
        """The other half of `add` after `count_in`: the card's cell, its row and column."""
        counters, stacked, scored = self.info[card].placing(card, row, col)
        v = self.v
        for at in counters:
            v[at] += 1
        self.stack.append(stacked)
        if scored is not None:
            self.scored.append(scored)

    def pop(self) -> None:
        """Take back the card added last."""
        card, row, col, face_up, gold, face = self.stack.pop()
        self.occupy(row, col, -1)
        v = self.v
        for at, amount in face.delta(row, col, face_up, gold):
            v[at] -= amount
        if face_up:
            if face.cap:
                self.purses.pop()
            if face.scroll is not None:
                self.scored.pop()

    def points(self, keys: int) -> int:
        """The sum of the cards' points (tableau_points)."""
        v = self.v
        v[_KEYS] = keys
        total = 0
        for scroll, row, col, gold in self.scored:
            total += scroll.score(v, row, col, gold, self)
        return total

    def count(self, per, card: int, row: int, col: int, gold: int = 0) -> int:
        """What "per COUNT" counts for the card at (row, col) of this tally, as scoring.count
        does for an ability (a Context: no keys, a row and column counting the card once)."""
        face = self.faces[card]
        known = _COUNTINGS.get((id(per), id(face)))
        if known is None or known[0] is not per or known[1] is not face:
            counting = _scroll_per(per, face, 1, True) or _slow_count(per)
            known = _COUNTINGS[(id(per), id(face))] = (per, face, counting)
        v = self.v
        v[_KEYS] = 0
        return known[2].score(v, row, col, gold, self)

    def purse_points(self, gold: int, purse=None, on_all: int = 0) -> int:
        """The points `gold` more adds when stored as `best_purses` stores it: purse by purse, by
        points per gold. Gold counts only on its purse (up to what it holds) and in a "gold on all
        purses" count, so each gold stored scores its purse's points plus those cards' points.
        purse, on_all: one card more's (points, room) and points per gold on all purses."""
        purses = self.purses if purse is None else self.purses + [purse]
        if gold <= 0 or not purses:
            return 0
        on_all += self.v[_ON_ALL]
        extra = 0
        for points, room in sorted(purses, key=lambda p: -p[0]):
            put = min(gold, room)
            if put > 0:
                extra += (points + on_all) * put
                gold -= put
        return extra

    def frame(self) -> tuple:
        """(top, bottom, left, right) of the cards placed so far."""
        v = self.v
        return _span(v[_OCCUPIED_ROWS:_OCCUPIED_ROWS + _LINES]) + _span(v[_OCCUPIED_COLS:_OCCUPIED_COLS + _LINES])

    def tableau(self) -> tuple:
        """The cards as Placed, in the order added (for a count the tally does not know)."""
        return tuple(Placed(card, row, col, up, gold) for card, row, col, up, gold, _ in self.stack)


def _span(counts: list) -> tuple:
    """(first, last) coordinate of the lines holding a card."""
    first, last = 0, _LINES - 1
    while not counts[first]:
        first += 1
    while not counts[last]:
        last -= 1
    return first - _SPAN, last - _SPAN


def _needs(wanted) -> tuple:
    """((counter, how many of it a set takes), ...) of a set of `wanted` counters (repeats: more)."""
    need: dict = {}
    for w in wanted:
        need[w] = need.get(w, 0) + 1
    return tuple(need.items())


def _scroll_per(per, face, points, union: bool):
    """The _Scroll of "points per COUNT" (the same counts as COUNTS), or None for a count the
    tally does not know."""
    tag = per.tag

    def other(count, reads):
        return _Scroll(OTHER, points, count=count, reads=tuple(reads))
    if tag == "shield":
        where, want = per.get("in", "tableau"), _SHIELD_AT[per.get("shield")]
        if where == "tableau":
            return _Scroll(LINEAR, points, ((want, 1, 0),))
        if where == "row":
            return _Scroll(LINEAR, points, ((_ROWS + want, 1, _ROW),))
        if where == "column":
            return _Scroll(LINEAR, points, ((_COLS + want, 1, _COLUMN),))
        own = face.shields.count(per.get("shield"))     # the card itself, in its row and its column
        return _Scroll(LINEAR, points, ((_ROWS + want, 1, _ROW), (_COLS + want, 1, _COLUMN)),
                       -own if union else 0)
    if tag == "banner":
        return _Scroll(LINEAR, points, ((_BANNERS + _BANNER_AT[per.get("banner")], 1, 0),))
    if tag == "empty_slots":
        return _Scroll(LINEAR, points, ((_CARDS, -1, 0),), GRID * GRID)
    if tag == "occupied_slots":
        return _Scroll(LINEAR, points, ((_CARDS, 1, 0),))
    if tag == "discount_cards":
        return _Scroll(LINEAR, points, ((_DISCOUNTS, 1, 0),))
    if tag == "purse_cards":
        return _Scroll(LINEAR, points, ((_PURSES, 1, 0),))
    if tag == "keys":
        return _Scroll(LINEAR, points, ((_KEYS, 1, 0),))
    if tag == "gold_on_purses":
        return _Scroll(LINEAR, points, ((_GOLD, 1, 0),))
    if tag == "best_neighbour":     # evaluated by `effect_gain`; on its own tableau it is 0
        return _Scroll(LINEAR, points)
    if tag == "gold_on_this_purse":
        return _Scroll(PURSE, points, cap=per.get("cap"))
    if tag == "cards_with_shields" and per.get("shields") < _TOP_SHIELDS:
        return _Scroll(LINEAR, points, ((_SHIELDED + per.get("shields"), 1, 0),))
    if tag == "cards_costing" and per.get("cost") < _TOP_COST:
        cost = per.get("cost")
        costs = range(cost, _TOP_COST + 1) if per.get("or_more", False) else (cost,)
        return _Scroll(LINEAR, points, tuple((_COSTING + x, 1, 0) for x in costs))
    if tag in ("cards_with_shields", "cards_costing"):      # beyond the counters: read the cards
        return None
    if tag == "shield_types":
        where = per.get("in", "tableau")
        if where == "tableau":
            return other(lambda v, r, c, g, t: _NSH - v[:_NSH].count(0), _ALL_SHIELDS)
        if where == "row":
            return other(lambda v, r, c, g, t: _NSH - v[_ROWS + (r + _SPAN) * _NSH:
                                                         _ROWS + (r + _SPAN + 1) * _NSH].count(0),
                         ((_ROWS + s, _ROW) for s in range(_NSH)))
        if where == "column":
            return other(lambda v, r, c, g, t: _NSH - v[_COLS + (c + _SPAN) * _NSH:
                                                         _COLS + (c + _SPAN + 1) * _NSH].count(0),
                         ((_COLS + s, _COLUMN) for s in range(_NSH)))
        return None
    if tag == "missing_shield_types":
        return other(lambda v, r, c, g, t: v[:_NSH].count(0), _ALL_SHIELDS)
    if tag == "shield_sets":
        need = _needs(_SHIELD_AT[s] for s in per.get("shields"))
        return other(lambda v, r, c, g, t: min(v[w] // k for w, k in need), ((w, 0) for w, _ in need))
    if tag == "banner_sets":
        need = _needs(_BANNERS + _BANNER_AT[b] for b in per.get("banners"))
        return other(lambda v, r, c, g, t: min(v[w] // k for w, k in need), ((w, 0) for w, _ in need))
    if tag == "identical_shield_sets":
        size = per.get("size")
        return other(lambda v, r, c, g, t: sum(n // size for n in v[:_NSH]), _ALL_SHIELDS)
    return None


def _scroll_if(cond, points):
    """The _Scroll of "points if CONDITION", or None for one the tally does not know."""
    tag = cond.tag
    if tag == "position":
        return _Scroll(POSITION, points, at=AT_POSITION[cond.get("position")])
    if tag == "shield_absent":
        want = _SHIELD_AT[cond.get("shield_absent")]
        return _Scroll(OTHER, points, count=lambda v, r, c, g, t: v[want] == 0, reads=((want, 0),))
    if tag == "any_face_down":
        return _Scroll(OTHER, points, count=lambda v, r, c, g, t: v[_DOWN] > 0, reads=((_DOWN, 0),))
    return None


_COUNTINGS: dict = {}   # (id(per), id(face)) -> (per, face, the _Scroll of "1 per COUNT" on that face)


def _slow_count(per):
    """A count the tally does not know, counted the slow way (scoring.count on a Context)."""
    def count(v, r, c, g, t):
        tableau = t.tableau()
        this = next(p for p in tableau if (p.row, p.col) == (r, c))
        return scoring_count(per, Context(t.faces, tableau, this))
    return _Scroll(OTHER, 1, count=count)


def _slow_scroll(face, points):
    """A scroll the tally does not know, scored the slow way (Context and COUNTS): a new count is
    never scored wrong (if it reads gold, Tally.purse_points must learn it too)."""
    def count(v, r, c, g, t):
        tableau = t.tableau()
        up = [p for p in tableau if p.face_up]
        this = next(p for p in tableau if (p.row, p.col) == (r, c))
        return _card_points(t.faces, tableau, this, v[_KEYS], t.union, up)[1]
    return _Scroll(OTHER, points, count=count)


class Draws:
    """One cell's candidates, each scored over many fillings of the rest of a frame at once.

    `tally` is the tableau without the candidate (left as it is: each filling is a copy); the
    frame's other empty `cells` (row by row) take each draw's cards in order (the shorter of the
    two decides). For a candidate card at (row, col), `total(k, ...)` is the sum over the first k
    fillings of what `Tally.points` and `Tally.purse_points` make of the filled tableau with the
    card: the same integer as scoring each whole, but the linear scrolls of the fillings are
    summed once as weights on the counters the candidate changes, and the candidate's own linear
    scroll on the fillings' summed counters; only the other scrolls are scored filling by filling.
    What reads only counters of the whole tableau (most OTHER scrolls, the purses) is the same in
    every frame and cell for one filling's cards: `shared`, one dict for the Draws of one tableau
    and one set of draws, keeps it.
    """

    def __init__(self, tally: Tally, row: int, col: int, cells: list, fills: list, shared: dict):
        self.base, self.row, self.col, self.cells, self.fills = tally, row, col, cells, fills
        self.shared = shared
        self.placed = min(len(cells), len(fills[0])) if fills else 0   # cards of each draw placed
        self.tallies: list = []     # per filling: its tally (the cell free)
        self.fixed: list = []       # per filling: its linear, frame and purse scrolls' points, the
                                    # cell taken, no keys (what no candidate changes)
        self.weights: list = []     # per filling: (counter, points per one more) of its linear scrolls
        self.wide: list = []        # per filling: its OTHER scrolls reading only whole-tableau counters
        self.local: list = []       # per filling: (entry, the counters it reads or None, its points
                                    # without the candidate) of its other OTHER scrolls
        self.frames: list = []      # per filling: its frame, the cell taken
        self._sums: dict = {}       # k -> (fixed, weights) over the first k fillings
        self._candidates: dict = {}     # (card, face up, gold) -> what total() reads of it
        self._memo: dict = {}       # what does not depend on all of a candidate: counters, positions, ...

    def total(self, k: int, card: int, face_up: bool, gold: int, keys: int, leftover: int) -> int:
        """Sum over the first k fillings of points(keys) + purse_points(leftover) with the card added."""
        if len(self.tallies) < k:
            self._grow(k)
        fixed, weights = self._sums.get(k) or self._sum(k)
        seen = self._candidates.get((card, face_up, gold)) or self._candidate(card, face_up, gold)
        delta, own, local, wide, own_wide, purse = seen
        total = fixed + keys * weights.get(_KEYS, 0)
        for at, amount in delta:
            total += weights.get(at, 0) * amount
        if own is not None:
            total += self._own(k, own, dict(delta), gold, keys)
        total += self._local(k, card, face_up, gold, keys, local)
        # what reads the whole tableau: the wide OTHER scrolls and the purses
        key = (self.placed, wide, own_wide, purse, leftover)
        known = self.shared.get(key)        # per filling, as far as counted
        if known is None:
            known = self.shared[key] = []
        while len(known) < k:
            known.append(self._whole(len(known), wide, own_wide, purse, leftover))
        return total + sum(known[:k])

    def _candidate(self, card: int, face_up: bool, gold: int) -> tuple:
        """What total() reads of a candidate at the cell, once: (its counters, its scroll if not
        OTHER, whether it is an OTHER one reading its row or column, its whole-tableau counters,
        its OTHER scroll reading only those, its purse: ((points, room) or None, points per gold
        on all purses))."""
        face = self.base.info[card]
        delta = face.delta(self.row, self.col, face_up, gold)
        scroll = face.scroll if face_up else None
        other = scroll is not None and scroll.kind == OTHER
        known = self._candidates[(card, face_up, gold)] = (
            delta, scroll if scroll is not None and not other else None, other and not scroll.wide,
            tuple((at, n) for at, n in delta if at in _WIDE), scroll if other and scroll.wide else None,
            ((face.points, face.cap - gold) if face.cap else None, face.on_all) if face_up else (None, 0))
        return known

    def _whole(self, i: int, wide: tuple, own, purse: tuple, leftover: int) -> int:
        """The i-th filling's wide OTHER scrolls (and the candidate's own, if wide) with the
        candidate's whole-tableau counters `wide`, and the filling's purse points with its purse."""
        tally = self.tallies[i]
        v = tally.v
        for at, amount in wide:
            v[at] += amount
        known = 0
        for scroll, r, c, g in self.wide[i]:
            known += scroll.score(v, r, c, g, tally)
        if own is not None:
            known += own.score(v, self.row, self.col, 0, tally)
        for at, amount in wide:
            v[at] -= amount
        return known + tally.purse_points(leftover, *purse)

    def _grow(self, k: int) -> None:
        """Count the fillings up to the k-th."""
        row, col = self.row, self.col
        while len(self.tallies) < k:
            i = len(self.tallies)
            cards = self.fills[i][:self.placed]
            counted = self.shared.get(("counted", i, self.placed))     # the same in any frame and cell
            if counted is None:
                counted = self.base.copy()
                for card in cards:
                    counted.count_in(card)
                self.shared[("counted", i, self.placed)] = counted
            tally = self.base.copy()
            tally.v, tally.purses = counted.v[:], counted.purses[:]
            for card, (r, c) in zip(cards, self.cells):
                tally.place(card, r, c)
            tally.occupy(row, col)
            v = tally.v
            v[_KEYS] = 0
            frame = tally.frame()
            # the points of the scrolls no candidate changes but through the weights; the OTHER ones
            fixed, weights, wide, local = 0, [], [], []
            for entry in tally.scored:
                scroll, r, c, gold = entry
                kind = scroll.kind
                if kind == LINEAR:
                    fixed += scroll.score(v, r, c, gold, tally)
                    weights += scroll.at_cell(r, c)
                elif kind == POSITION:
                    if scroll.at(r, c, *frame):
                        fixed += scroll.points
                elif kind == PURSE:
                    fixed += scroll.points * min(gold, scroll.cap)
                elif scroll.wide:
                    wide.append(entry)
                else:
                    local.append((entry, scroll.at_cell(r, c), scroll.score(v, r, c, gold, tally)))
            tally.occupy(row, col, -1)
            self.frames.append(frame)
            self.tallies.append(tally)
            self.fixed.append(fixed)
            self.weights.append(weights)
            self.wide.append(wide)
            self.local.append(local)

    def _sum(self, k: int) -> tuple:
        weights: dict = {}
        for some in self.weights[:k]:
            for at, w in some:
                weights[at] = weights.get(at, 0) + w
        known = self._sums[k] = (sum(self.fixed[:k]), weights)
        return known

    def _own(self, k: int, scroll: _Scroll, delta: dict, gold: int, keys: int) -> int:
        """The candidate's own scroll (not OTHER) summed over the first k fillings."""
        if scroll.kind == PURSE:
            return k * scroll.points * min(gold, scroll.cap)
        if scroll.kind == POSITION:
            key = ("position", k, scroll.at)
            if key not in self._memo:
                self._memo[key] = sum(1 for frame in self.frames[:k] if scroll.at(self.row, self.col, *frame))
            return scroll.points * self._memo[key]
        count = k * scroll.const
        for term in scroll.terms:
            at = _counter(term, self.row, self.col)
            if at == _KEYS:
                summed = k * keys
            else:
                key = ("counter", k, at)
                if key not in self._memo:
                    self._memo[key] = (sum(t.v[at] for t in self.tallies[:k])
                                       + (k if at == _CARDS else 0))     # the cell taken
                summed = self._memo[key] + k * delta.get(at, 0)
            count += term[1] * summed
        return scroll.points * count

    def _local(self, k: int, card: int, face_up: bool, gold: int, keys: int, own: bool) -> int:
        """The fillings' local OTHER scrolls (and the candidate's own, `own`) with the card added:
        those that read a counter the card changes scored with its counters (and its place among
        the cards, for a scroll the tally does not know), the others as they were."""
        row, col = self.row, self.col
        face = self.base.info[card]
        delta = face.delta(row, col, face_up, gold)
        groups, reads_all = self._groups(k)
        if own or reads_all is None:
            key = ("local", k, card, face_up, gold, keys)
        else:       # what the fillings' local OTHER scrolls see of the card
            key = ("local", k, tuple(sorted((at, n) for at, n in delta if at in reads_all)))
        known = self._memo.get(key)
        if known is not None:
            return known
        known = 0
        touched = frozenset(at for at, _ in delta)
        changed: dict = {}          # filling -> its OTHER entries that read what the card changes
        relevant = face.scroll.at_cell(row, col) if own else frozenset()    # the counters they read
        for reads, points, members in groups:
            if reads is not None and reads.isdisjoint(touched):
                known += points
                continue
            relevant = None if reads is None or relevant is None else relevant | reads
            for i, entry in members:
                changed.setdefault(i, []).append(entry)
        if relevant is not None:    # only what they read of the card
            delta = [(at, n) for at, n in delta if at in relevant]
        stacked = relevant is None      # a slow scroll: it reads the cards themselves
        entry = (card, row, col, face_up, gold, face)
        for i in range(k) if own else sorted(changed):
            tally = self.tallies[i]
            v = tally.v
            for at, amount in delta:
                v[at] += amount
            v[_KEYS] = keys
            if stacked:
                tally.stack.append(entry)
            for scroll, r, c, g in changed.get(i, ()):
                known += scroll.score(v, r, c, g, tally)
            if own:
                known += face.scroll.score(v, row, col, gold, tally)
            if stacked:
                tally.stack.pop()
            for at, amount in delta:
                v[at] -= amount
        self._memo[key] = known
        return known

    def _groups(self, k: int) -> tuple:
        """The first k fillings' local OTHER entries by the counters they read: ([(reads, their
        points without the candidate, [(filling, entry), ...]), ...], every counter read, or None
        if one reads anything)."""
        key = ("groups", k)
        known = self._memo.get(key)
        if known is None:
            by_reads: dict = {}
            for i, local in enumerate(self.local[:k]):
                for entry, reads, points in local:
                    group = by_reads.get(reads)
                    if group is None:
                        group = by_reads[reads] = [reads, 0, []]
                    group[1] += points
                    group[2].append((i, entry))
            reads_all = None if None in by_reads else frozenset().union(*by_reads)
            known = self._memo[key] = ([tuple(g) for g in by_reads.values()], reads_all)
        return known
