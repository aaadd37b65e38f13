"""What a clash is worth to a Klobba! bot: `Side` (one card's result on one Group), `Table` (one
decision's arithmetic: the value of a pair of laid cards to the viewer, weighed over the unseen
Action cards, with the expected best of a Swap & Play's draws) and `_card_worth` (each card's worth
for the rounds to come).

Apart from the bot's decisions (bots.py, bot_clobber.py) because every decision asks the same
arithmetic; its memos are shared by every bot of one deck (a search makes thousands of bots).
"""
from __future__ import annotations

import math
import random
from operator import itemgetter, mul
from typing import NamedTuple

from game.families.clash import selection

PLAYING = ("mirror", "swap_and_play", "flee_and_surprise")
NOBODY = None            # a card that selects nobody (a last Swap & Play, no Surprise left): total 0


class Side(NamedTuple):
    """One card's result on one Group, as the outcome needs it: DISTRACT, or its total and what
    its player loses if beaten (the bounty captured, the Stars on its selected Barbarians). A
    tuple: the bots make and compare them by the thousand."""
    distracts: bool
    total: int = 0
    bounty: int = 0          # the printed Stars of the mightiest selected Barbarian
    selected: int = 0        # how many Barbarians carry its player's Stars
    own: int = 0             # how many selected Barbarians are of its player's own Band


_SIDE = Side._make         # a Side from its five fields at once (no defaults to fill)
DISTRACTED = Side(True)
EMPTY = Side(False)


def expected_max(values: list, k: int) -> float:
    """The expected best of `k` draws without replacement from `values` (all of them if fewer)."""
    return _expected_extreme(values, k, False)


def expected_min(values: list, k: int) -> float:
    """The expected worst of `k` draws: -expected_max of the values negated, worked out without
    negating them (negation is exact: the same terms, each of the opposite sign)."""
    return _expected_extreme(values, k, True)


def _expected_extreme(values: list, k: int, lowest: bool) -> float:
    """expected_max (or, `lowest`, expected_min): the i-th best is the best drawn when it is drawn
    and none better is."""
    n = len(values)
    if n == 0:
        return 0.0
    if k >= n:
        return min(values) if lowest else max(values)
    weights, whole = _draw_weights(n, k)
    return sum(map(mul, sorted(values, reverse=not lowest), weights)) / whole


_WEIGHTS: dict = {}


def _draw_weights(n: int, k: int) -> tuple:
    """((comb(n - 1 - i, k - 1) for each rank i), comb(n, k)): expected_max's weights, made once."""
    found = _WEIGHTS.get((n, k))
    if found is None:
        found = _WEIGHTS[(n, k)] = (tuple(math.comb(n - 1 - i, k - 1) for i in range(n)), math.comb(n, k))
    return found


class Table:
    """One decision's arithmetic: two Groups (the viewer's and the opponent's), their Stars and
    the unseen Action cards; U(mine, theirs) is the value of a pair of laid cards to the viewer.

    Its values are worked out a row at a time (a card against every unseen one), and each clobber
    through two small tuples (`_me`, `_them`: what a Side brings to it, in this decision's Stars
    and weights), so that a row is a few list comprehensions instead of a call per pair: a
    decision weighs a hundred pairs or more, and a search makes thousands of decisions."""

    def __init__(self, bot, mine: list, theirs: list, my_stars: int, their_stars: int,
                 pool: list, rival_weight: float, own_ids=frozenset(), their_ids=frozenset(),
                 wins_only: bool = False):
        self.bot = bot
        self.wins_only = wins_only                # count a victory (or distraction) as 1, else 0
        self.style = bot.style
        self.mine, self.theirs = mine, theirs
        self.my_stars, self.their_stars = my_stars, their_stars
        self.pool = pool                          # [(key, weight)] of the unseen Action cards
        self._pool_facts = unseen = _unseen(bot, pool)
        self.pool_p, self.surprise_p, self.pool_keys = unseen.pool_p, unseen.surprise_p, unseen.pool_keys
        self._drawn, self._row_keys, self._rows_of = unseen.drawn, unseen.row_keys, unseen.rows_of
        self.w = rival_weight
        self.own_ids, self.their_ids = own_ids, their_ids
        # what a clobber is worth when one player distracts: to the viewer, and to the opponent
        if wins_only:
            self._distracted, self._distracting = 0.0, 1.0
        else:
            paid = min(bot.penalty, my_stars)
            self._distracted = -paid - rival_weight * paid
            paid = min(bot.penalty, their_stars)
            self._distracting = paid + rival_weight * paid
        # memos: this decision's pairs of cards, and cards against the unseen ones; shared by every
        # Table of the same facts (a search asks the same opponent the same question once per root
        # action it plays out on one deal)
        style = bot.style           # (what of the style the values depend on)
        signature = (id(bot._faces), style.rest_cost, style.switch_bonus, style.opponent_sees,
                     tuple(mine), tuple(theirs), my_stars, their_stars, unseen.pool, rival_weight,
                     own_ids, their_ids, wins_only)
        memos = _TABLES.get(signature)
        if memos is None or memos[0] is not bot._faces:     # (an id is unique only while its deck lives)
            if len(_TABLES) > _KEPT:
                _TABLES.clear()
            memos = _TABLES[signature] = (bot._faces,) + tuple({} for _ in range(11))
        (_, self._groups, self._my_roles, self._their_roles, self._rows, self._u, self._fled, self._chances_of,
         self._against, self._expected, self._blind, self._bonus) = memos

    # ---- one clobber ----
    def side(self, key, group: str) -> Side:
        """`key`'s Side on a Group: "M" (the viewer's), "T" (the opponent's), "KM"/"KT" (what
        Flee & Surprise leaves of them)."""
        sides = self._groups.get(group)
        if sides is None:
            sides = self._groups[group] = self._sides_on(group)
        return sides.get(key) or self.bot.side_in(sides, key)

    def _roles_of(self, keys, group: str) -> list:
        """[the _me ("M", "KM") or _them ("T", "KT") tuple of each key's Side on a Group]."""
        role = self._me if group in ("M", "KM") else self._them
        side = self.side
        return [role(side(k, group)) for k in keys]

    def _sides_on(self, group: str) -> dict:
        bot = self.bot
        if group == "M":
            return bot.sides_on(self.mine, self.my_stars, self.own_ids)
        if group == "T":
            return bot.sides_on(self.theirs, self.their_stars, self.their_ids)
        if group == "KM":
            return bot.sides_on(_kept(self.mine, bot.keep_count), self.my_stars, self.own_ids)
        return bot.sides_on(_kept(self.theirs, bot.keep_count), self.their_stars, self.their_ids)

    def outcome(self, me: Side, them: Side) -> float:
        """What a clobber is worth to the viewer: its gains less the opponent's, weighted."""
        return self._clashes(self._me(me), [self._them(them)])[0]

    def _me(self, side: Side) -> tuple:
        """What the viewer's Side brings to a clobber: (distracts, total, what resting its own
        Barbarians costs, what losing costs)."""
        found = self._my_roles.get(side)
        if found is None:
            if self.wins_only:
                found = (side.distracts, side.total, 0.0, 0.0)
            else:
                found = (side.distracts, side.total, self.style.rest_cost * side.own,
                         -side.selected - self.w * (side.bounty + side.selected))
            self._my_roles[side] = found
        return found

    def _them(self, side: Side) -> tuple:
        """What the opponent's Side brings to a clobber: (distracts, total, what beating it gains,
        what resting its own Barbarians costs it)."""
        found = self._their_roles.get(side)
        if found is None:
            if self.wins_only:
                found = (side.distracts, side.total, 1.0, 0.0)
            else:
                found = (side.distracts, side.total, side.bounty + side.selected * (1 + self.w),
                         self.w * self.style.rest_cost * side.own)
            self._their_roles[side] = found
        return found

    def _clashes(self, me: tuple, thems: list) -> list:
        """outcome(me, them) for each of `thems` (_me's and _them's tuples): the viewer's gains less
        the opponent's, weighted; with wins_only, 1.0 for a victory (or distraction), else 0.0."""
        distracts, total, resting, losing = me
        if distracts:
            # mutual distraction: nothing happens
            distracted = self._distracted
            return [0.0 if they_distract else distracted + their_resting
                    for they_distract, _, _, their_resting in thems]
        distracting = self._distracting
        return [distracting - resting if they_distract
                else gain - resting if total > their_total
                else losing + their_resting if total < their_total
                else -resting + their_resting                  # a stand-off
                for they_distract, their_total, gain, their_resting in thems]

    # ---- two cards ----
    def plain(self, mine, theirs) -> float:
        """U for two cards neither of which is a Swap & Play (from the row when it is worked out: a
        single question does not work out a whole row)."""
        row = self._rows.get(mine)
        if row is not None and theirs in row:
            return row[theirs]
        found = self._u.get((mine, theirs))
        if found is None:
            found = self._u[(mine, theirs)] = self._plain_one(mine, theirs)
        return found

    def _plain_one(self, mine, theirs) -> float:
        """plain for one pair, as the rules read (_row works out a whole row at once, the same)."""
        tag = self.bot.tag
        tm, tt = tag.get(mine), tag.get(theirs)
        # a Mirror against Flee & Surprise flees too: "both players draw their own Surprise"
        i_flee = tm == "flee_and_surprise" or (tm == "mirror" and tt == "flee_and_surprise")
        they_flee = tt == "flee_and_surprise" or (tt == "mirror" and tm == "flee_and_surprise")
        if tm == "mirror" and tt == "mirror":
            value = 0.0                                  # "both Mirror: no clobber"
        elif i_flee and they_flee:
            value = self._both_flee()
        elif i_flee:
            value = self._flee_against([self._them(self.side(theirs, "T"))])[0]
        elif they_flee:
            value = self._against_flee(self._me(self.side(mine, "M")))
        else:
            if tm == "mirror":
                mine = theirs                            # "apply the opponent's card to your own Group"
            if tt == "mirror":
                theirs = mine
            value = self.outcome(self.side(mine, "M"), self.side(theirs, "T"))
        return value + self._mirror_bonus(tm == "mirror", tt == "mirror")

    def _row(self, mine) -> dict:
        """{theirs: plain(mine, theirs)} for every card a Swap & Play may draw (every unseen card but
        Swap & Play; NOBODY if none): what `mine` meets, worked out at once. (Against a selecting
        card, a card that is no Mirror has no bonus to add: adding 0.0 would change nothing.)"""
        found = self._rows.get(mine)
        if found is not None:
            return found
        plain_keys, thems, mirrors, flees = self._columns()
        tm = self.bot.tag.get(mine)
        bonus = self._mirror_bonus
        if tm == "mirror":
            # "apply the opponent's card to your own Group": each card against itself
            row = dict(zip(plain_keys, self._mirrored()))
            both, fled = 0.0 + bonus(True, True), (self._both_flee() + bonus(True, False) if flees else None)
        elif tm == "flee_and_surprise":
            row = dict(zip(plain_keys, self._flee_against(thems)))
            both = self._both_flee() + bonus(False, True) if mirrors else None
            fled = self._both_flee() + bonus(False, False) if flees else None
        else:
            me = self._me(self.side(mine, "M"))
            row = dict(zip(plain_keys, self._clashes(me, thems)))
            both = fled = None
            if mirrors:                 # their Mirror plays our card on their Group
                both = self._clashes(me, [self._them(self.side(mine, "T"))])[0] + bonus(False, True)
            if flees:
                fled = self._against_flee(me) + bonus(False, False)
        for k in mirrors:
            row[k] = both
        for k in flees:
            row[k] = fled
        self._rows[mine] = row
        return row

    def _columns(self) -> tuple:
        """The row keys by kind: (the selecting ones, their _them tuples, the Mirrors, the Flee &
        Surprises)."""
        found = self._rows.get(_COLUMNS)
        if found is None:
            tag = self.bot.tag
            plain_keys = tuple(k for k in self._row_keys if tag.get(k) not in ("mirror", "flee_and_surprise"))
            found = self._rows[_COLUMNS] = (
                plain_keys, tuple(self._roles_of(plain_keys, "T")),
                tuple(k for k in self._row_keys if tag.get(k) == "mirror"),
                tuple(k for k in self._row_keys if tag.get(k) == "flee_and_surprise"))
        return found

    def _mirrored(self) -> list:
        """A Mirror's row against the selecting row keys: each card on both Groups, plus its bonus."""
        found = self._rows.get(_MIRRORED)
        if found is None:
            plain_keys, thems, _, _ = self._columns()
            bonus = self._mirror_bonus(True, False)
            clashes = self._clashes
            found = self._rows[_MIRRORED] = tuple(clashes(me, [them])[0] + bonus
                                                  for me, them in zip(self._roles_of(plain_keys, "M"), thems))
        return found

    def _mirror_bonus(self, i_mirror: bool, they_mirror: bool) -> float:
        """A Mirror's switch in step 8 is worth something to its player."""
        found = self._bonus.get((i_mirror, they_mirror))
        if found is None:
            bonus = 0.0
            if i_mirror and not self.wins_only:
                bonus += self.style.switch_bonus
            if they_mirror and not self.wins_only:
                bonus -= self.w * self.style.switch_bonus
            found = self._bonus[(i_mirror, they_mirror)] = bonus
        return found

    # ---- Flee & Surprise: the terms p * q * outcome, in the order of the Surprises (a Side for
    # sure has q = 1.0, and p * 1.0 is p); each outcome worked out once per distinct pair of tuples
    def _flee_against(self, thems: list) -> list:
        """U of fleeing (before a bonus) against each of these _them tuples."""
        ps, at, roles = self._chances("KM")
        worth = [self._clashes(a, thems) for a in roles]
        return [sum(map(mul, ps, map(column.__getitem__, at))) for column in zip(*worth)] if worth \
            else [0.0] * len(thems)

    def _against_flee(self, me: tuple) -> float:
        """U (before a bonus) of this _me tuple against a player who flees."""
        found = self._fled.get(me)
        if found is None:
            qs, at, roles = self._chances("KT")
            worth = self._clashes(me, roles)
            found = self._fled[me] = sum(map(mul, qs, map(worth.__getitem__, at)))
        return found

    def _both_flee(self) -> float:
        """U (before a bonus) when both players flee and draw their own Surprise."""
        found = self._fled.get(_FLEES)
        if found is None:
            ps, mine_at, mine_roles = self._chances("KM")
            qs, their_at, their_roles = self._chances("KT")
            worth = [self._clashes(a, their_roles) for a in mine_roles]
            found = self._fled[_FLEES] = sum([p * q * worth[i][j] for p, i in zip(ps, mine_at)
                                              for q, j in zip(qs, their_at)])
        return found

    def _chances(self, group: str) -> tuple:
        """A Surprise drawn by the player who fled, on the Group it kept ("KM"/"KT"): (its chance
        for each selecting unseen card, the place of that card's `_me`/`_them` tuple among the
        distinct ones, those tuples)."""
        found = self._chances_of.get(group)
        if found is None:
            at, roles = [], {}
            for role in self._roles_of([e for e, _ in self.surprise_p], group):
                at.append(roles.setdefault(role, len(roles)))
            found = self._chances_of[group] = (tuple(p for _, p in self.surprise_p), tuple(at), tuple(roles))
        return found

    def against(self, mine, theirs, draws: int = 3) -> float:
        """U(mine, theirs) for any two cards: a Swap & Play plays the best of `draws` new cards."""
        found = self._against.get((mine, theirs, draws))
        if found is None:
            found = self._against[(mine, theirs, draws)] = self._against_now(mine, theirs, draws)
        return found

    def _against_now(self, mine, theirs, draws: int) -> float:
        tag = self.bot.tag
        swap_m, swap_t = tag.get(mine) == "swap_and_play", tag.get(theirs) == "swap_and_play"
        if swap_m and swap_t:
            # neither sees the other's new card: each plays its best blind
            return expected_max(list(map(self.blind, self._drawn)), draws)
        if swap_m:
            if theirs in self._rows_of:
                # a column of the table (a Swap & Play's worth asks every row)
                return expected_max(list(map(itemgetter(theirs), self._drawn_rows())), draws)
            return expected_max([self.plain(e, theirs) for e in self._drawn], draws)
        if swap_t:
            # the opponent saw our card at the reveal: it plays its best, or (a weaker player) any
            values = list(map(self._row(mine).__getitem__, self._drawn))
            seen = self.style.opponent_sees
            return seen * expected_min(values, draws) + (1 - seen) * sum(values) / len(values)
        return self.plain(mine, theirs)

    def _drawn_rows(self) -> list:
        """The row (_row) of each card a Swap & Play may draw, one per copy."""
        found = self._rows.get(_DRAWN)
        if found is None:
            found = self._rows[_DRAWN] = [self._row(k) for k in self._drawn]
        return found

    def blind(self, mine) -> float:
        """U of a card against a card the opponent chooses unseen: the unseen cards, weighted."""
        found = self._blind.get(mine)
        if found is None:
            unseen, row = self._pool_facts, self._row(mine)
            values = map(row.__getitem__, unseen.unswapped)
            found = self._blind[mine] = sum(map(mul, unseen.unswapped_ps, values)) / unseen.unswapped_total
        return found

    def _drawable(self) -> list:
        """The cards a Swap & Play may draw (one per unseen copy; a Swap & Play drawn again is left
        out: its worth is about the draw's own)."""
        return self._drawn

    def expected(self, mine) -> float:
        """U of laying `mine` against the opponent's card, weighted by what is unseen."""
        found = self._expected.get(mine)
        if found is None:
            unseen = self._pool_facts
            if self.bot.tag.get(mine) == "swap_and_play":
                values = [self.against(mine, d) for d in unseen.pool_ds]
            else:
                # against any card but Swap & Play: the plain value, in the row
                values = list(map(self._row(mine).get, unseen.pool_ds))
                for at in unseen.swaps_at:
                    values[at] = self.against(mine, unseen.pool_ds[at])
            found = self._expected[mine] = sum(map(mul, unseen.pool_ps, values))
        return found


_FLEES = ("flees",)     # in Table._fled: both players flee (_both_flee)
_DRAWN = ("drawn",)     # in Table._rows: every row of a card a Swap & Play may draw (_drawn_rows)
_COLUMNS = ("columns",)     # in Table._rows: the row keys by kind (_columns)
_MIRRORED = ("mirrored",)   # in Table._rows: a Mirror's row against the selecting cards (_mirrored)
GROUP = ("group",)      # in a Group's dict of Sides (ClashBot.sides_on): the Group's own facts


_TABLES: dict = {}      # a Table's facts -> its memos (Table.__init__)
# how many Tables' memos are kept: a search asks again within one deal (a few hundred Tables); more
# only makes every full garbage collection longer (it walks them all)
_KEPT = 1000


class _Unseen:
    """What a Table works out of the unseen Action cards alone (its `pool`), once per pool. (Tuples:
    the garbage collector need not walk them.)"""

    def __init__(self, tag: dict, pool: tuple):
        self.pool = pool
        weights = [w for _, w in pool]
        total = sum(weights) or 1
        self.pool_ds = pool_ds = tuple([k for k, _ in pool])
        self.pool_ps = pool_ps = tuple([w / total for w in weights])
        self.pool_p = tuple(zip(pool_ds, pool_ps))
        self.pool_keys = tuple([k for k, w in pool for _ in range(w)])
        kinds = [tag[k] for k in pool_ds]
        sel = [kw for kw, kind in zip(pool, kinds) if kind not in PLAYING]
        stotal = sum([w for _, w in sel]) or 1
        self.surprise_p = tuple([(k, w / stotal) for k, w in sel])   # the Surprise: a selecting card
        # the cards a Swap & Play may draw, as runs of one key (pool_keys lists each key's copies
        # together): one per unseen copy, a Swap & Play drawn again left out (its worth is about
        # the draw's own). A row (Table._row) is worked out over their keys.
        unswapped = [at for at, kind in enumerate(kinds) if kind != "swap_and_play"]
        self.swaps_at = tuple([at for at, kind in enumerate(kinds) if kind == "swap_and_play"])
        self.drawn_runs = tuple([pool[at] for at in unswapped]) or ((NOBODY, 1),)
        self.drawn = tuple([k for k, w in self.drawn_runs for _ in range(w)])
        self.row_keys = tuple([k for k, _ in self.drawn_runs])
        self.rows_of = frozenset(self.row_keys)
        # what the opponent may lay unseen but a Swap & Play (Table.blind)
        self.unswapped = tuple([pool_ds[at] for at in unswapped])
        self.unswapped_ps = tuple([pool_ps[at] for at in unswapped])
        self.unswapped_total = sum(self.unswapped_ps) or 1.0


_UNSEEN: dict = {}      # (id(faces), pool) -> (faces, _Unseen)


def _unseen(bot, pool: list) -> _Unseen:
    pool = tuple(pool)
    found = _UNSEEN.get((id(bot._faces), pool))
    if found is None or found[0] is not bot._faces:
        if len(_UNSEEN) > _KEPT:
            _UNSEEN.clear()
        found = _UNSEEN[(id(bot._faces), pool)] = (bot._faces, _Unseen(bot.tag, pool))
    return found[1]


def _kept(available: list, keep: int) -> list:
    """What Flee & Surprise leaves: the `keep` mightiest (the first of tied ways)."""
    kept = set(selection.keep_mightiest(available, keep)[0]) if available else set()
    return [a for a in available if a[0] in kept]


def _side_of_selection(selected, total: int, stars: int, barbarian: dict, own_ids) -> Side:
    """A selection as the outcome needs it: its bounty at risk (the mightiest's; the winner takes
    the best of tied ones), the Stars on it (as far as its player has them), how many are its own.
    (Most cards select one Barbarian: that one's facts at once, the same Side.)"""
    if len(selected) == 1:
        c = selected[0]
        return _SIDE((False, total, barbarian[c][2], min(1, stars), 1 if c in own_ids else 0))
    top, bounty = None, 0
    for c in selected:
        value, _, printed = barbarian[c]
        if top is None or value > top:
            top, bounty = value, printed
        elif value == top and printed > bounty:
            bounty = printed
    return Side(False, total, bounty, min(len(selected), stars), sum(c in own_ids for c in selected))


_WORTH: dict = {}


def _card_worth(bot) -> dict:
    """Each Action card's worth for the rounds to come, against its mean over the deck: its
    expected outcome on random Groups against a random card (worked out once per deck, seeded)."""
    faces = bot._faces
    signature = repr(faces)         # every game has its own faces tuple; the same deck, the same worth
    found = _WORTH.get(signature)
    if found is not None:
        return found
    rng = random.Random(1)
    barbarians = [c for c, f in enumerate(faces) if f.kind == "barbarian"]
    clans = sorted({faces[c].clan for c in barbarians})
    pool: dict = {}
    for f in faces:
        if f.kind == "action":
            pool[f.key] = pool.get(f.key, 0) + 1
    pool = sorted(pool.items())
    sums = {k: 0.0 for k, _ in pool}
    samples = 0
    for _ in range(24):
        drawn = rng.sample(barbarians, 12)
        up = [rng.random() < 0.85 for _ in drawn]
        # each sample under every rotation of the clans: no clan's card is luckier than another's
        for turn in range(len(clans)):
            clan = {c: clans[(clans.index(c) + turn) % len(clans)] for c in clans}
            groups = [[(c, faces[c].value, clan[faces[c].clan]) for c, u in zip(drawn[i:i + 6], up[i:i + 6]) if u]
                      for i in (0, 6)]
            table = Table(bot, groups[0], groups[1], 5, 5, pool, 1.0,
                          frozenset(drawn[0:3]), frozenset(drawn[6:9]))
            for k, _ in pool:
                sums[k] += table.expected(k)
            samples += 1
    mean = sum(sums[k] * w for k, w in pool) / sum(w for _, w in pool)
    worth = {k: (v - mean) / samples for k, v in sums.items()}
    _WORTH[signature] = worth
    return worth
