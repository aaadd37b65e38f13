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
from dataclasses import dataclass

from game.families.clash import selection

PLAYING = ("mirror", "swap_and_play", "flee_and_surprise")
NOBODY = None            # a card that selects nobody (a last Swap & Play, no Surprise left): total 0


@dataclass(frozen=True)
class Side:
    """One card's result on one Group, as the outcome needs it: DISTRACT, or its total and what
    its player loses if beaten (the bounty captured, the Stars on its selected Barbarians)."""
    distracts: bool
    total: int = 0
    bounty: int = 0          # the printed Stars of the mightiest selected Barbarian
    selected: int = 0        # how many Barbarians carry its player's Stars
    own: int = 0             # how many selected Barbarians are of its player's own Band


DISTRACTED = Side(True)
EMPTY = Side(False)


def expected_max(values: list, k: int) -> float:
    """The expected best of `k` draws without replacement from `values` (all of them if fewer)."""
    n = len(values)
    if n == 0:
        return 0.0
    if k >= n:
        return max(values)
    ordered = sorted(values, reverse=True)
    whole = math.comb(n, k)
    # the i-th best is the best drawn when it is drawn and none better is
    return sum(v * math.comb(n - 1 - i, k - 1) for i, v in enumerate(ordered)) / whole


def expected_min(values: list, k: int) -> float:
    return -expected_max([-v for v in values], k)


class Table:
    """One decision's arithmetic: two Groups (the viewer's and the opponent's), their Stars and
    the unseen Action cards; U(mine, theirs) is the value of a pair of laid cards to the viewer."""

    def __init__(self, bot, mine: list, theirs: list, my_stars: int, their_stars: int,
                 pool: list, rival_weight: float, own_ids=frozenset(), their_ids=frozenset(),
                 wins_only: bool = False):
        self.bot = bot
        self.wins_only = wins_only                # count a victory (or distraction) as 1, else 0
        self.style = bot.style
        self.mine, self.theirs = mine, theirs
        self.my_stars, self.their_stars = my_stars, their_stars
        self.pool = pool                          # [(key, weight)] of the unseen Action cards
        total = sum(w for _, w in pool) or 1
        self.pool_p = [(k, w / total) for k, w in pool]
        sel = [(k, w) for k, w in pool if bot.tag[k] not in PLAYING]
        stotal = sum(w for _, w in sel) or 1
        self.surprise_p = [(k, w / stotal) for k, w in sel]   # the Surprise: a selecting card
        self.pool_keys = [k for k, w in pool for _ in range(w)]
        self.w = rival_weight
        self.own_ids, self.their_ids = own_ids, their_ids
        self.kept_mine = _kept(mine, bot.keep_count)
        self.kept_theirs = _kept(theirs, bot.keep_count)
        # memos: this decision's pairs of cards, and cards against the unseen ones; shared by every
        # Table of the same facts (a search asks the same opponent the same question once per root
        # action it plays out on one deal)
        signature = (id(bot._faces), bot.style, tuple(mine), tuple(theirs), my_stars, their_stars,
                     tuple(pool), rival_weight, own_ids, their_ids, wins_only)
        memos = _TABLES.get(signature)
        if memos is None or memos[0] is not bot._faces:     # (an id is unique only while its deck lives)
            if len(_TABLES) > 4000:
                _TABLES.clear()
            memos = _TABLES[signature] = (bot._faces, {}, {}, {}, {})
        _, self._sides, self._u, self._against, self._expected = memos
        self._drawn = [k for k in self.pool_keys if bot.tag[k] != "swap_and_play"] or [NOBODY]

    # the result of one selecting card on one Group
    def side(self, key, group: str) -> Side:
        found = self._sides.get((key, group))
        if found is None:
            available, stars, own = {"M": (self.mine, self.my_stars, self.own_ids),
                                     "T": (self.theirs, self.their_stars, self.their_ids),
                                     "KM": (self.kept_mine, self.my_stars, self.own_ids),
                                     "KT": (self.kept_theirs, self.their_stars, self.their_ids)}[group]
            found = self._sides[(key, group)] = self.bot.side_of(key, available, stars, own)
        return found

    def outcome(self, me: Side, them: Side) -> float:
        """What a clobber is worth to the viewer: its gains less the opponent's, weighted."""
        if self.wins_only:
            return 1.0 if (them.distracts and not me.distracts) or (
                not me.distracts and not them.distracts and me.total > them.total) else 0.0
        style, w = self.style, self.w
        if me.distracts and them.distracts:
            return 0.0                                   # mutual distraction: nothing happens
        if me.distracts:
            paid = min(self.bot.penalty, self.my_stars)
            return -paid - w * paid + w * style.rest_cost * them.own
        if them.distracts:
            paid = min(self.bot.penalty, self.their_stars)
            return paid + w * paid - style.rest_cost * me.own
        if me.total > them.total:
            return them.bounty + them.selected * (1 + w) - style.rest_cost * me.own
        if me.total < them.total:
            return -me.selected - w * (me.bounty + me.selected) + w * style.rest_cost * them.own
        return -style.rest_cost * me.own + w * style.rest_cost * them.own   # a stand-off

    def plain(self, mine, theirs) -> float:
        """U for two cards neither of which is a Swap & Play."""
        asked = (mine, theirs)      # the memo's key: a Mirror below plays as the other card
        found = self._u.get(asked)
        if found is not None:
            return found
        tag = self.bot.tag
        tm, tt = tag.get(mine), tag.get(theirs)
        bonus = 0.0
        if tm == "mirror" and not self.wins_only:
            bonus += self.style.switch_bonus
        if tt == "mirror" and not self.wins_only:
            bonus -= self.w * self.style.switch_bonus
        if tm == "mirror" and tt == "mirror":
            value = 0.0                                  # "both Mirror: no clobber"
        elif tm == "flee_and_surprise" or tt == "flee_and_surprise":
            # a Mirror against Flee & Surprise flees too: "both players draw their own Surprise"
            i_flee = tm == "flee_and_surprise" or tm == "mirror"
            they_flee = tt == "flee_and_surprise" or tt == "mirror"
            mine_sides = ([(p, self.side(e, "KM")) for e, p in self.surprise_p] if i_flee
                          else [(1.0, self.side(mine, "M"))])
            their_sides = ([(p, self.side(e, "KT")) for e, p in self.surprise_p] if they_flee
                           else [(1.0, self.side(theirs, "T"))])
            value = sum(p * q * self.outcome(a, b) for p, a in mine_sides for q, b in their_sides)
        else:
            if tm == "mirror":
                mine = theirs                            # "apply the opponent's card to your own Group"
            if tt == "mirror":
                theirs = mine
            value = self.outcome(self.side(mine, "M"), self.side(theirs, "T"))
        self._u[asked] = value = value + bonus
        return value

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
            return expected_max([self.blind(e) for e in self._drawable()], draws)
        if swap_m:
            return expected_max([self.plain(e, theirs) for e in self._drawable()], draws)
        if swap_t:
            # the opponent saw our card at the reveal: it plays its best, or (a weaker player) any
            values = [self.plain(mine, e) for e in self._drawable()]
            if not values:
                return self.plain(mine, NOBODY)
            seen = self.style.opponent_sees
            return seen * expected_min(values, draws) + (1 - seen) * sum(values) / len(values)
        return self.plain(mine, theirs)

    def blind(self, mine) -> float:
        """U of a card against a card the opponent chooses unseen: the unseen cards, weighted."""
        chosen = [(d, p) for d, p in self.pool_p if self.bot.tag[d] != "swap_and_play"]
        total = sum(p for _, p in chosen) or 1.0
        return sum(p * self.plain(mine, d) for d, p in chosen) / total

    def _drawable(self) -> list:
        """The cards a Swap & Play may draw (one per unseen copy; a Swap & Play drawn again is left
        out: its worth is about the draw's own)."""
        return self._drawn

    def expected(self, mine) -> float:
        """U of laying `mine` against the opponent's card, weighted by what is unseen."""
        found = self._expected.get(mine)
        if found is None:
            found = self._expected[mine] = sum(p * self.against(mine, d) for d, p in self.pool_p)
        return found


_TABLES: dict = {}      # a Table's facts -> its memos (Table.__init__)


def _kept(available: list, keep: int) -> list:
    """What Flee & Surprise leaves: the `keep` mightiest (the first of tied ways)."""
    kept = set(selection.keep_mightiest(available, keep)[0]) if available else set()
    return [a for a in available if a[0] in kept]


def _side_of_selection(selected, total: int, stars: int, barbarian: dict, own_ids) -> Side:
    """A selection as the outcome needs it: its bounty at risk (the mightiest's; the winner takes
    the best of tied ones), the Stars on it (as far as its player has them), how many are its own."""
    top = max((barbarian[c][0] for c in selected), default=None)
    bounty = max((barbarian[c][2] for c in selected if barbarian[c][0] == top), default=0)
    return Side(False, total, bounty, min(len(selected), stars), sum(1 for c in selected if c in own_ids))


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
