"""Bots for the clash family (Klobba!): easy and normal, built on view.py's contract only.

    bot = make_bot(ruleset, seat, "normal", seed)
    action = bot.choose(game.view(seat), game.legal_actions(seat))

A bot reads one seat's view (never the state): the Groups on the table are public, the
opponent's hand is not. What it cannot see it weighs by what is unseen: every Action card of
the deck's composition that is neither in its hand, nor on the discard pile, nor revealed on
the table this round, nor an offer it knows of.

- easy: plausible but weak. It lays a random card among those that select something on its
  Group (an "All [Clan]" card finding none of its clan is left out; Mirror, Swap and Flee
  are plausible), and groups, offers, keeps, selects, captures and switches at random.
- normal: for every card it may lay (its hand and the cards offered to it) it works out the
  expected outcome against each card the opponent may lay, weighted by the unseen cards: both
  totals with `selection.evaluate` on the two Groups as the view shows them, who captures
  which Barbarian (its bounty) and the Stars on the selected Barbarians, distraction's
  penalty, and the playing cards (a Mirror applies the other card to both Groups; a Flee &
  Surprise keeps the two mightiest and draws a Surprise from the unseen cards; a Swap & Play
  sees the other card and plays the best of three new ones). The value of a result is what it
  gains less what the opponent gains (`Style.rival_weight_two`, `_more`), and a card kept has a worth for the
  rounds to come (`Style.keep`). It lays one of the cards within `Style.margin` of the best,
  at random (seeded), so a human cannot read it. The same evaluation pairs the Groups (the Band
  whose Groups give the best expected outcome), chooses the card to offer (the one that helps
  the holder beat the other Group most, when the holder is not running away with the game),
  what to play after a swap, what to keep when fleeing, ties (lose least if beaten), captures
  (the highest bounty) and switches (of those bringing a mightier Barbarian into its own Band,
  doubly so from the Band of a player holding a Totem next round, the one whose next round looks
  best with the hand just drawn; never switching loses to it: bench/README.md).
- playout (internal: the hard bot's playouts, game/families/clash/search.py): normal, but its
  switch takes the plain gain without working out the next round.

The bot's parts: bot_outcomes.py what a clash is worth (the arithmetic every decision asks) and
bot_clobber.py its choices in step 4, clobber time (a part of ClashBot, as clobber.py is of the
rules). This file is the levels (`Style`, `make_bot`) and the bot itself: what it learns of a deck,
its entry point, easy's play and normal's choices in steps 1-3 and 8.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.engine.core import Action
from game.families.clash import selection
from game.families.clash.bot_clobber import ClobberChoices
from game.families.clash.bot_outcomes import (DISTRACTED, EMPTY, GROUP, NOBODY, PLAYING, Side, Table, _card_worth,
                                              _side_of_selection, expected_max)
from game.families.clash.selection import DISTRACT


class UnknownClashLevel(ValueError):
    """A level this family has no bot for; str() is a sentence for the player."""


@dataclass(frozen=True)
class Style:
    """How a level plays: the knobs of the normal bot's judgement (easy plays at random). Most
    knobs play alike over a wide range; how they were measured: bench/README.md."""
    name: str
    thinks: bool
    margin: float = 0.35         # points: cards within this of the best are played at random
    rival_weight_two: float = 1.0    # what the opponent gains counts this much (2 players) ...
    rival_weight_more: float = 0.6   # ... and with 3-4 players (other rivals gain nothing)
    keep: float = 0.5            # worth of keeping a strong card for later rounds, per point
    opponent_sees: float = 0.7   # share of the time an opponent's Swap & Play picks its best
    switch_bonus: float = 0.4    # worth of Mirror & Switch's switch in step 8
    rest_cost: float = 0.15      # cost of each Barbarian of one's own Band turned face down
    offer_lead: int = 4          # never offer to a holder this many points ahead of us
    switches_weighed: int = 5    # the switches of most plain gain whose next round is worked out
    switch_ahead: bool = True    # weigh the next round of each switch (else the plain gain decides)


# "playout": the hard bot's playout policy (Family.search), never offered to players: normal's
# judgement but for the switch, whose look at the next round costs as much as the rest of a
# round's decisions together (the plain gain decides instead)
STYLES = {"easy": Style("easy", thinks=False), "normal": Style("normal", thinks=True),
          "playout": Style("playout", thinks=True, switch_ahead=False)}


def make_bot(ruleset, seat: int, level: str, seed):
    """The bot of `level` for this seat (easy or normal); deterministic given the seed."""
    if level not in STYLES:
        raise UnknownClashLevel(f"Klobba! has no {level!r} bot (known: {', '.join(STYLES)})")
    return ClashBot(ruleset, seat, level, seed)


# ---- the bot ---------------------------------------------------------------------------------

class ClashBot(ClobberChoices):
    """A bot for one seat of a clash-family game; the level is its `Style`."""

    reads_view = True

    def __init__(self, ruleset, seat: int, level: str = "normal", seed=0):
        self.seat = seat
        self.level = level
        self.style = STYLES[level]
        # normal's rare long decisions (a Swap & Play's draws weighed: up to ~130 ms) would stall a
        # frame: the table asks it off the frame loop, as it asks the hard level (bench_ui.py)
        self.thinks_long = level == "normal"
        # the playout level draws as normal does: with the same seed it makes normal's very choices
        self.rng = random.Random(f"klobba-{'normal' if level == 'playout' else level}-{seed}-{seat}")
        self.penalty, self.reward = _stakes(ruleset)
        self._faces = None
        self._sides: dict = {}        # (available, Stars, own Band's ids) -> {card key: Side} (sides_on)
        self._last_round_of = (None, False)     # (a view, whether its round is the last)

    # ---- the cards, learnt once per deck ----
    def _learn(self, view) -> None:
        if view.faces is self._faces:
            return
        # a search makes bots by the thousand on one deck: what a deck teaches is learnt once
        learnt = _LEARNT.get((id(view.faces), self.style.thinks))
        if learnt is not None and learnt[0] is view.faces:
            self.__dict__.update(learnt[1])
            return
        self._learn_now(view)
        if len(_LEARNT) > 64:
            _LEARNT.clear()
        _LEARNT[(id(view.faces), self.style.thinks)] = (view.faces, {
            name: getattr(self, name) for name in ("_faces", "_sides", "key_of", "prim", "tag", "select",
                                                   "keep_count", "barbarian", "deck_counts", "keep_worth")})

    def _learn_now(self, view) -> None:
        self._faces = faces = view.faces
        self._sides = {}            # shared by every bot of this deck (a Side depends on the deck only)
        self.key_of = {c: f.key for c, f in enumerate(faces) if f.kind == "action"}
        self.prim = {f.key: f.effect for f in faces if f.kind == "action"}
        self.tag = {k: p.tag for k, p in self.prim.items()}
        self.select = {k: selection.evaluator(p) for k, p in self.prim.items() if p.tag in selection.SELECTING}
        self.tag[NOBODY] = None
        flee = [p for p in self.prim.values() if p.tag == "flee_and_surprise"]
        self.keep_count = flee[0].get("keep", 2) if flee else 2
        self.barbarian = {c: (f.value, f.clan, f.bounty) for c, f in enumerate(faces) if f.kind == "barbarian"}
        # {key: copies} of the Action deck, keys in sorted order (_unseen takes the seen ones off)
        self.deck_counts = {}
        for key in sorted(self.key_of.values()):
            self.deck_counts[key] = self.deck_counts.get(key, 0) + 1
        self.keep_worth = _card_worth(self) if self.style.thinks else {}

    def side_of(self, key, available: list, stars: int, own_ids) -> Side:
        """A selecting card's result on these available Barbarians, the tie its player breaks
        chosen to lose least if beaten (fewest Stars, lowest bounty, fewest of its own Band)."""
        return self.side_in(self.sides_on(available, stars, own_ids), key)

    def sides_on(self, available: list, stars: int, own_ids) -> dict:
        """The memo of every card's Side on one Group ({key: Side}, filled as asked; its facts
        under GROUP), shared by every decision and every bot of the deck that weighs this Group."""
        group = (tuple(available), stars, own_ids)
        found = self._sides.get(group)
        if found is None:
            if len(self._sides) > 1_000:
                self._sides.clear()
            found = self._sides[group] = {GROUP: group}
        return found

    def side_in(self, sides: dict, key) -> Side:
        """side_of for the Group of this memo (sides_on's), worked out and kept there."""
        found = sides.get(key)
        if found is None:
            if key is NOBODY or self.tag[key] in PLAYING:
                found = EMPTY
            else:
                available, stars, own_ids = sides[GROUP]
                result = self.select[key](available)
                if result == DISTRACT:
                    found = DISTRACTED
                elif len(result) == 1:
                    found = _side_of_selection(result[0].selected, result[0].total, stars, self.barbarian, own_ids)
                else:
                    found = min((_side_of_selection(ch.selected, ch.total, stars, self.barbarian, own_ids)
                                 for ch in result), key=lambda s: (s.bounty + 2 * s.selected, s.own))
            sides[key] = found
        return found

    # ---- the entry point ----
    def choose(self, view, legal: list) -> Action:
        """The bot's move whenever its seat is to act."""
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in phase {view.phase!r}")
        if len(legal) == 1:
            return legal[0]
        self._learn(view)
        if not self.style.thinks:
            return self._easy(view, legal)
        step = _STEPS.get(view.phase)
        return step(self, view, legal) if step else legal[0]

    # ---- easy ----
    def _easy(self, view, legal: list) -> Action:
        """Random, except that a card laid selects something on its Group."""
        if view.phase == "lay":
            mine = self._group_of(view, self.seat)
            sensible = [a for a in legal if self._selects_something(a.places[0][2], mine)]
            legal = sensible or legal
        if view.phase == "offer" and self.rng.random() < 0.5:
            return next(a for a in legal if a.kind == "no_offer")
        return legal[self.rng.randrange(len(legal))]

    def _selects_something(self, card: int, available: list) -> bool:
        key = self.key_of[card]
        if self.tag[key] in PLAYING:
            return True
        result = selection.evaluate(self.prim[key], available)
        return result != DISTRACT and bool(result[0].selected)

    # ---- what the view tells ----
    def _available(self, view, places) -> list:
        """The available Barbarians (face up) of these Band places, as selection.py takes them."""
        out = []
        for p in places:
            for bc in view.bands[p].cards:
                if bc.face_up:
                    value, clan, _ = self.barbarian[bc.card]
                    out.append((bc.card, value, clan))
        return out

    def _group_of(self, view, seat: int) -> list:
        side = view.showdown_of(seat)
        return self._available(view, side.group) if side else []

    def _opponent(self, view, seat: int) -> int:
        return view.white if seat == view.black else view.black

    def _unseen(self, view) -> list:
        """[(key, count)] of the Action cards this seat cannot place: the deck's composition less
        its hand, the discard pile, the cards revealed this round and the offers it knows."""
        seen = set(view.hand) | set(view.action_discard)
        for s in view.showdowns:
            for c in (s.card, s.played, *s.swaps, *s.surprises):
                if c is not None:
                    seen.add(c)
        for o in view.offers:
            if o.card is not None:
                seen.add(o.card)
        # the deck's composition less the keys of the cards seen (each seen card is an Action card)
        counts = dict(self.deck_counts)
        key_of = self.key_of
        for c in seen:
            counts[key_of[c]] -= 1
        return [kc for kc in counts.items() if kc[1]]

    def _rival_weight(self, view) -> float:
        return self.style.rival_weight_two if view.n == 2 else self.style.rival_weight_more

    def _table(self, view, me: int, groups=None, pool=None, wins_only: bool = False) -> Table:
        """The arithmetic of `me`'s clash with the other Totem holder (groups: their places)."""
        other = self._opponent(view, me)
        if groups is None:
            groups = (view.showdown_of(me).group, view.showdown_of(other).group)
        return Table(self, self._available(view, groups[0]), self._available(view, groups[1]),
                     view.seats[me].stars, view.seats[other].stars,
                     self._unseen(view) if pool is None else pool, self._rival_weight(view),
                     self._band_ids(view, view.seats[me].place), self._band_ids(view, view.seats[other].place),
                     wins_only)

    def _band_ids(self, view, place: int) -> frozenset:
        return frozenset(bc.card for bc in view.bands[place].cards)

    def _last_round(self, view) -> bool:
        """No round follows this one: every player has held the Black Totem often enough. (Asked for
        every card weighed: worked out once per view.)"""
        if view is not self._last_round_of[0]:
            self._last_round_of = (view, view.last_round or all(s.black_times >= view.black_times_to_end
                                                                for s in view.seats))
        return self._last_round_of[1]

    def _keep_value(self, view, key) -> float:
        """What laying this card gives up for the rounds to come (0 in the last round)."""
        if self._last_round(view):
            return 0.0
        return self.style.keep * self.keep_worth.get(key, 0.0)

    def _pick(self, scored: list, margin=None):
        """One of the options within the margin of the best, at random (seeded): [(value, option)]."""
        best = max(v for v, _ in scored)
        margin = self.style.margin if margin is None else margin
        near = [o for v, o in scored if v >= best - margin]
        return near[self.rng.randrange(len(near))]

    # ---- step 1: form Groups ----
    def _group(self, view, legal: list) -> Action:
        """Pair with the Band whose Groups give the best expected outcome for our best card."""
        other = self._opponent(view, self.seat)
        own, their_own = view.seats[self.seat].place, view.seats[other].place
        free = [a.places[0][1] for a in legal]
        pool = self._unseen(view)
        scored = []
        for action in legal:
            chosen = action.places[0][1]
            rest = next((p for p in free if p != chosen), None)
            groups = ((own, chosen), (their_own,) + ((rest,) if rest is not None else ()))
            table = self._table(view, self.seat, groups, pool)
            value = max(table.expected(self.key_of[c]) - self._keep_value(view, self.key_of[c])
                        for c in view.hand) if view.hand else 0.0
            scored.append((value, action))
        return self._pick(scored)

    # ---- step 2: offers ----
    def _offer(self, view, legal: list) -> Action:
        """Offer the card that best helps the holder beat the other Group (a Star if it wins), unless
        that holder is running away with the game or no card helps."""
        no_offer = next(a for a in legal if a.kind == "no_offer")
        offers = [a for a in legal if a.kind == "offer"]
        if not offers:
            return no_offer
        holder = offers[0].places[1][1]
        if view.seats[holder].score - view.seats[self.seat].score >= self.style.offer_lead:
            return no_offer
        pool = self._unseen(view)
        table = self._table(view, holder, pool=pool)
        wins = self._table(view, holder, pool=pool, wins_only=True)
        # the holder plays our card if it beats what it holds: the best of a hand of unseen cards
        theirs = expected_max([table.expected(k) for k in table.pool_keys], view.seats[holder].hand_count)
        scored = []
        for action in offers:
            key = self.key_of[action.places[0][2]]
            played = 1 / (1 + math.exp(-(table.expected(key) - theirs)))
            # our Star if it wins; a card played is gone from our hand (we draw a new one)
            value = played * (self.reward * wins.expected(key) - self._keep_value(view, key))
            scored.append((value, action))
        best = max(v for v, _ in scored)
        # values here are Stars won times a chance: a tenth of the margin of points
        return self._pick(scored, self.style.margin / 10) if best > 0.05 else no_offer

    # ---- step 3: lay ----
    def _lay(self, view, legal: list) -> Action:
        """The card whose expected outcome (less its worth for later) is near the best."""
        table = self._table(view, self.seat)
        scored, by_key = [], {}
        for action in legal:
            zone, owner, card = action.places[0]
            key = self.key_of[card]
            value = by_key.get((key, zone))
            if value is None:
                value = table.expected(key)
                if zone == "hand":
                    value -= self._keep_value(view, key)
                else:
                    # an offer costs our hand nothing, but its maker gains a Star if it wins
                    value -= self._rival_weight(view) * self.reward * 0.5
                by_key[(key, zone)] = value
            scored.append((value, action))
        # one entry per distinct card, so that two copies do not weigh twice in the draw
        distinct: dict = {}
        for value, action in scored:
            distinct.setdefault((self.key_of[action.places[0][2]], action.places[0][0]), (value, action))
        return self._pick(sorted(distinct.values(), key=lambda va: _order(va[1])))

    # ---- step 8: switch ----
    def _switch(self, view, legal: list) -> Action:
        """Of the switches that bring a mightier Barbarian into our own Band (counted twice when it
        comes from the Band of a player who holds a Totem next round: their Group loses it), the one
        whose next round looks best: our best card of the hand just drawn against the unseen ones,
        on the Groups the next Black Totem holder may form; or no switch if none does better."""
        black, white = self._next_holders(view)
        rivals = {black, white} - {self.seat}
        no_switch = next(a for a in legal if a.kind == "no_switch")
        ranked = []
        for action in legal:
            if action.kind != "switch":
                continue
            (_, _, mine), (_, place, theirs) = action.places
            gain = self.barbarian[theirs][0] - self.barbarian[mine][0]
            if view.bands[place].owner in rivals:
                gain *= 2
            if gain > 0:
                ranked.append((gain, action))
        if not ranked:
            return no_switch
        ranked.sort(key=lambda ga: (-ga[0], ga[1].places))
        if self.seat not in (black, white) or not view.hand or not self.style.switch_ahead:
            return ranked[0][1]         # no clash of ours next round: the plain gain decides
        candidates = [no_switch] + [a for _, a in ranked[:self.style.switches_weighed]]
        pool = self._unseen(view)
        scored = [(self._next_round(view, action, black, white, pool), action) for action in candidates]
        best = max(v for v, _ in scored)
        return next(a for v, a in scored if v >= best - 1e-9)

    def _next_holders(self, view) -> tuple:
        """The Totem holders of the next round ("the Totems move one player clockwise")."""
        if view.n == 2:
            return view.white, view.black
        black = (view.black + 1) % view.n
        return black, (black + 1) % view.n

    def _next_round(self, view, action: Action, black: int, white: int, pool: list) -> float:
        """Our best card's expected outcome next round if the Bands are switched so: the Black
        Totem holder pairs as suits it (us: our best; them: our worst)."""
        bands = {b.place: [bc.card for bc in b.cards if bc.face_up] for b in view.bands}
        ids = {b.place: [bc.card for bc in b.cards] for b in view.bands}
        if action.kind == "switch":
            (_, own, mine), (_, place, theirs) = action.places
            for table in (bands, ids):
                table[own] = [theirs if c == mine else c for c in table[own]]
                table[place] = [mine if c == theirs else c for c in table[place]]
        other = white if self.seat == black else black
        mine_at, theirs_at = view.seats[self.seat].place, view.seats[other].place
        free = [p for p in range(len(view.bands)) if p not in (mine_at, theirs_at)]
        outlooks = []
        for chosen in free:
            ours = chosen if self.seat == black else next((p for p in free if p != chosen), chosen)
            rest = [p for p in free if p != ours][:1]
            table = Table(self, self._listed(bands, (mine_at, ours)), self._listed(bands, [theirs_at] + rest),
                          view.seats[self.seat].stars, view.seats[other].stars, pool, self._rival_weight(view),
                          frozenset(ids[mine_at]), frozenset(ids[theirs_at]))
            outlooks.append(max(table.expected(self.key_of[c]) for c in view.hand))
        return max(outlooks) if self.seat == black else min(outlooks)

    def _listed(self, bands: dict, places) -> list:
        return [(c, self.barbarian[c][0], self.barbarian[c][1]) for p in places for c in bands[p]]


# normal's choice in each phase (the functions themselves: a bot is asked thousands of times a second)
_STEPS = {"group": ClashBot._group, "offer": ClashBot._offer, "lay": ClashBot._lay, "swap": ClashBot._swap,
          "flee": ClashBot._flee, "select": ClashBot._select, "capture": ClashBot._capture,
          "switch": ClashBot._switch}


def _order(action: Action) -> tuple:
    return action.places[0][0], action.places[0][2]


_LEARNT: dict = {}      # (id(faces), thinks) -> (faces, what ClashBot._learn sets)
_STAKES: dict = {}      # id(ruleset) -> (ruleset, its stakes): a search makes bots by the thousand


def _stakes(ruleset) -> tuple:
    """(distraction's penalty, an offer's reward) of the ruleset's defaults: a bot is not told the
    options."""
    found = _STAKES.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        if len(_STAKES) > 64:
            _STAKES.clear()
        rules = ruleset.parameters(None)
        found = _STAKES[id(ruleset)] = (ruleset, (rules.get("distract_penalty", 2),
                                                  rules.get("offers", {}).get("reward", 1)))
    return found[1]
