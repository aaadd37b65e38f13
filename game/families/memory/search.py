"""The hard bot's tuning for the memory family (Kombio, Cambio, classic Cambio): `Family.search`.

Which decisions are worth a search, and which root actions (a decision left to the policy costs
no playout): a call, where normal's own belief gives it a fair chance of being lowest (against
the policy's draw; a call of the policy's against a draw from the deck); keeping a drawn card
(where) or throwing it, among the places normal values within DRAWN_MARGIN points of its best;
which ability to choose; whether to use a swap at all and which (the policy's, and each swap of
the seat's own worst card with an opponent's card); take-or-return. A look, a reveal's pick, a
give and the pile to draw from are the policy's: on 10 Kombio matches the search overruled them
in 1 of 80 peeks, 0 of 17 gives and 4 of 327 turns (bench/bench_memory_oracle.py), and a look
changes no points by itself.

How a playout ends: after four turns per seat (the internal `playout` level: normal bots whose
bot step stops there), the round scored as the hands lie, as if the seat then lowest had called;
a call's round plays to its end.

Measured (bench/bench_hard.py, 50 playouts, 2 seats, fresh seeds from 5000, against the normal
that prizes knowing its own hand, which is also the policy here; normal in hard's seat on the same
seeds in brackets). Stops 20-21, DRAWN_MARGIN 12: Kombio 331 of 500 = 66.2% (95% 61.9-70.2%;
54.3%), Cambio 335 of 500 = 67.0% (62.8-71.0%; 49.6%), classic Cambio 329 of 500 = 65.8%
(61.5-69.8%; 49% of the first 250). Seed by seed against the margin of 2: Kombio +7.0 points (95%
+3.2 to +10.8), Cambio +0.5 (-2.6 to +3.6), classic Cambio +6.8 (+2.8 to +10.8). 4 seats (one
hard, three normal), Kombio, seeds 5000-5099: 31 of 100 = 31% (22.8-40.6%; 14%) with calls
searched from a 0.3 belief (stop 21; at 0.5: 27%, seed by seed +4.0 points, -0.8 to +8.8; margin
2: 19%), against the normal before its seat-count call bar (bots.call_need); against today's
normal, which calls from 0.55 at four seats, 22 of 100 = 22% (15-31%; normal in hard's seat 17.5%).
At four seats the budget is strength (stop 23, the same seeds, 200 playouts: Kombio 0.45, Cambio
0.38 CPU s a searched decision, inside the table's 1 s): Kombio 38 of 100 = 38% (29.1-47.8%;
seed by seed +16 points over 50 playouts, +4.8 to +27.2), Cambio 18 of 50 = 36% (24.1-49.9%;
+12 over 50 playouts on those 50 seeds, -2.4 to +26.4), classic Cambio 11 of 30 (36.7%; 9 at 50
playouts). Stop 21's 150 against 50 (9 of 32 each, tuning seeds, the old normal) was too small a
sample to see it. But the gain ends by 200 (stop 24): Kombio at 400 playouts (0.9 CPU s) won 18 of
5000-5058 against 200's 17.5 (seed by seed +0.8 points, -10.9 to +12.6). Cambio's 36% was a lucky
first 50: at 200 on 5050-5149 it won 26 of 100, so 44 of 150 = 29.3% (95% 22.6-37.1%; normal in
hard's seat on those seeds 35 of 150, 23.3%; stop 25 added 5150-5249, 33.5 of 100: 77.5 of 250 =
31.0%, 25.6-37.0%), though its overrules are right: the oracle (bench_memory_oracle.py --seats 4,
10 Cambio tuning matches, 200 playouts)
found +10 points a match on the true state (draws turned into calls 6 of 6 right, +8.7 each; a
drawn card kept where normal threw it 10 of 12, +4.7), and its call study puts calling's
break-even at a belief of 0.3-0.5 of being lowest (where the search starts weighing a call).
Tried on Kombio tuning seeds (200 playouts, stopped near half-way for want of any sign of a gain):
a round's margin over the others' mean, -7.3 points (95% -19.0 to +4.4) on 48 seeds; playouts of
2 turns a seat, -2.1 (-18.3 to +14.2). classic Cambio at 200, seeds 5000-5099: 33.5 of 100 = 33.5%
(25.0-43.2%; normal in hard's seat 22%), 0.41 CPU s a searched decision.
Stop 19 (margin 2): Kombio 59.2% of 500, Cambio 66.5% of 500, classic Cambio 59.0% of 500.
What limits it at four seats is what the samples know, not the budget, the horizon or the bar
(stop 25, bench_memory_oracle.py --seats 4 --leads, 20 tuning matches from seed 1000, 200
playouts, the overrules' true gain in round points a match): Kombio +3.8 (hard won 6 of 20);
with the true cards of the opponents in every sample (`--know opponents`: its own unseen cards
and the deck still dealt anew) +12.3 (10 of 20); with every card true (`--know all`) +24.7 (10 of
20); with playouts to the round's end (`--rotations 100`) +3.4. Cambio: +7.9 (9 of 20); knowing
the opponents' cards +27.0 (9 of 20); every card +25.6 (12 of 20). The bar matters little: a lead
of 1.5 standard errors instead of 2 would gain +5.8 in Kombio, 1.0 +12.1 in Cambio (the search's
leads of 1-2 are right about half the time; as a win rate, Cambio's bar of 1.0 gained +7.0 points
on 5000-5148 and +0.3 on fresh 5150-5249). Knowing the others' hidden cards would be worth
about 8 points a match in Kombio and 19 in Cambio (two to three times what the search gains now),
but little of it can be inferred: the sampler's kept-card lean refitted to today's normal gained
nothing (sampling.KEPT_LOW), nor did dealing a card its owner put in place of a card it knew below
that card's face (public: the face went to the pile): in Cambio that holds for 98.5% of such cards
and the lean already deals it in 88.5%; enforced (an experiment, not kept), +6.3 a match on the
same 20 seeds (won 5.5 of 20). What the samples lack is not in the public record: the faces the
others have seen.
"""
from __future__ import annotations

# the swaps searched besides the policy's: the seat's worst own card with each opponent card
OWN_SWAP_POSITIONS = 1


def candidates(view, legal: list, choice, ruleset) -> list:
    """The root actions worth a playout for this decision (only `choice`: the policy plays);
    normal's judgement of what is close reads `ruleset` (the rules in play)."""
    phase = view.phase
    if phase == "turn":
        return _turn_candidates(view, legal, choice, ruleset)
    if phase == "drawn":
        return _drawn_candidates(view, legal, choice, ruleset)
    if phase == "mismatch_choice":
        return legal
    if phase != "ability" or view.pending is None:
        return [choice]         # a give: measured, the search never overruled the policy's
    step = view.pending.step
    skip = [a for a in legal if a.kind == "skip"]
    if step == "choose":
        return legal
    if step == "swap":
        return [choice] + skip + _swaps_giving_away(view, legal)
    return [choice]             # a look or a pick: measured, the search (nearly) never overruled it


def _turn_candidates(view, legal: list, choice, ruleset) -> list:
    """Call or draw: searched only where a call may be right (a draw from the deck or the pile
    is the policy's: the search overruled it in 4 of 327 Kombio turns). Normal's own call is
    played: a drawing arm's playout is scored as if the lowest seat called without the others'
    final turns, so it flatters drawing on; where the search turned a call into a draw, the true
    state said it lost (2 of 8 right, about -4 points each, 80 Kombio tuning matches), while its
    calls where normal drew were right (24 of 27)."""
    if choice.kind == "call":
        return [choice]
    call = [a for a in legal if a.kind == "call"]
    if not call or lowest_chance(view, ruleset) < call_search_chance(view.n_seats):
        return [choice]
    return [choice] + call


def _drawn_candidates(view, legal: list, choice, ruleset) -> list:
    """Keep the drawn card (where) or throw it: the places normal values within DRAWN_MARGIN
    points of its best (a place far behind costs no playout)."""
    bot = _estimator(view, ruleset)
    gains = bot.drawn_gains(view, legal, bot._beliefs(view))
    if not gains:
        return legal
    best = max(gains.values())
    return [choice] + [a for a in legal if gains.get(a, best) >= best - DRAWN_MARGIN]


# A drawn card's places searched: normal's gain within this many points of its best place's.
# The oracle (bench/bench_memory_oracle.py, 20 2-seat tuning matches from seed 1000, 50 playouts,
# stop 20) measured the overrules' true gain per match at 2 / 6 / 12 points: Kombio +7.8 / +14.7 /
# +17.4, Cambio +30.8 / - / +38.3, classic Cambio +26.5 / - / +44.8 (hard won 10, 13, 14 of 20 in
# Kombio; 13 -> 17 in Cambio, 9 -> 17 in classic). Normal's gains carry what it prizes beyond
# points (knowing its own cards: Style.unknown_swap_gain, 5.3), so places that are close in points
# lie far apart in its gains: at 2 the search met too few of them. 12 still cuts a place in about
# a third of drawn decisions; Kombio's search costs 5.4 CPU s a match against 3.3 (0.08 CPU s per
# searched decision, bench_hard.py).
DRAWN_MARGIN = 12.0
# A call is searched when normal's own belief gives it at least this chance of being lowest: at 2
# seats 0.5 (0.3 gained no more there, stop 18's oracle: +7.5 points a match against +8.1); at
# more seats 0.3, where being lowest of all is rarer and normal's own bar for a call misses good
# ones. The oracle (bench_memory_oracle.py --seats 4, 12 Kombio tuning matches from
# seed 1000, 50 playouts, stop 21): at 0.5 the search weighed 4 calls and turned 1 draw into a
# call, the overrules' true gain +5.6 points a match; at 0.3 it weighed 29 and turned 7 into calls
# (6 of them right, +13.8 points each), +11.8 a match; at 0.15 the same 7 of 80 (+9.6). Over 100
# 4-seat tuning matches (bench_hard.py, seeds 1000-1099) hard won 31.5 at 0.3 against 30 at 0.5:
# seed by seed +1.5 points (95% -3.0 to +6.0), a few good calls in a hundred matches.
CALL_SEARCH_CHANCE = 0.5
CALL_SEARCH_CHANCE_MORE_SEATS = 0.3


def call_search_chance(seats: int) -> float:
    """The belief of being lowest from which a call is searched, at this many seats."""
    return CALL_SEARCH_CHANCE if seats <= 2 else CALL_SEARCH_CHANCE_MORE_SEATS

_ESTIMATORS: dict = {}      # (ruleset's id(), seat, deck) -> (ruleset, a normal bot for it)


def lowest_chance(view, ruleset) -> float:
    """Normal's belief, under `ruleset`, that a call now leaves the viewer lowest."""
    bot = _estimator(view, ruleset)
    return bot.lowest_chance(view, bot._beliefs(view))


def _estimator(view, ruleset):
    """A normal bot for the viewer's seat whose beliefs judge which moves are close: one per
    ruleset object (a lab variant keeps its base's id but not its rules), seat and deck."""
    from game.families.memory.bots import STYLES, MemoryBot
    # the composition in force comes with the view (a house rule may change it): part of the key
    key = (id(ruleset), view.viewer, view.deck_composition)
    entry = _ESTIMATORS.get(key)
    if entry is None or entry[0] is not ruleset:        # an id() may be reused once freed
        if len(_ESTIMATORS) > 64:
            _ESTIMATORS.clear()
        entry = _ESTIMATORS[key] = (ruleset, MemoryBot(ruleset, view.viewer, STYLES["normal"], 0))
    return entry[1]


def _swaps_giving_away(view, legal: list) -> list:
    """Swaps of the seat's worst-looking own card (the highest known face, or an unseen one when
    no known face is above the deck's mean) with any opponent card."""
    me = view.viewer
    cards = sum(face.count for face in view.deck_composition)
    unseen = sum(face.value * face.count for face in view.deck_composition) / max(1, cards)
    own = view.seats[me].slots
    ranked = sorted((slot for slot in own if slot.present and not view.seats[me].locked),
                    key=lambda slot: -(slot.face.value if slot.face is not None else unseen))
    worst = {slot.pos for slot in ranked[:OWN_SWAP_POSITIONS]}
    out = []
    for action in legal:
        if action.kind != "swap":
            continue
        a, b = tuple(action.pos), tuple(action.pos2)
        if (a in worst and b[0] != me) or (b in worst and a[0] != me):
            out.append(action)
    return out


# The playouts' own level: normal bots, and a playout that stops after this many turns (counted
# from the first step after the root action) unless a call is under way, the round then scored as
# it lies, as if the seat then lowest had called (rules.end_round_for_search). To the round's end,
# one decision's effect drowns in
# what every later draw brings (a round's margin varies by about 22 points between playouts of
# one Kombio decision); a few turns on, the hands still hold its effect and far less of the noise.
PLAYOUT_LEVEL = "playout"
# turns per seat before the playout is scored: an oracle check (bench/bench_memory_oracle.py, 20
# Kombio tuning matches, 50 playouts) found the overrules' true gain per match +1.6 at 2 turns,
# +8.1 at 4 (+8.2 with 100 playouts), +4.0 at 6, +4.3 at 10; 400 playouts at 2 turns gained +10.6
# but cost 22 s of search per match where 4 turns at 50 cost 6. In Cambio (16 matches) 2 and 4
# turns gained alike (+17.3, +18.0)
PLAYOUT_ROTATIONS = 4


def playout_bot(ruleset, seat: int, seed):
    """A normal bot that plays the hard bot's playouts (the level is internal: never at the table)."""
    from game.families.memory.bots import STYLES, MemoryBot
    bot = MemoryBot(ruleset, seat, STYLES["normal"], seed)
    bot.playout_turns = PLAYOUT_ROTATIONS       # times the seats: set per game in playout_step
    bot.playout_from = None
    return bot


def playout_step(game, bots, apply) -> int:
    """One step of a playout: the family's bot step, or the round scored once its turns are played."""
    from game.families.memory.bots import bot_step
    first = bots[0]
    if first.playout_from is None:
        first.playout_from = game.turns
    if game.phase == "turn" and game.caller is None \
            and game.turns - first.playout_from >= first.playout_turns * game.n:
        game.end_round_for_search()
        return 1
    return bot_step(game, bots, apply)


SEARCH = {
    "playout_level": PLAYOUT_LEVEL,
    "candidates": candidates,
    # judged on each deal's difference from the policy's choice, at 2 standard errors: on 10 Kombio
    # tuning matches (seeds 1000-1009, 50 playouts) its overrules gained +14.9 points per match on
    # the true state (bench/bench_memory_oracle.py) and it won 8; unpaired at 1 standard error,
    # +3.9 and 3 wins
    "paired": True,
    "confidence": 2.0,
}
