"""The memory bots' levels as knobs: `Style` (what separates easy from normal, and what tuning
turns), `STYLES` (the levels) and the "odds" call's bar by the number of seats (`call_need`).

Apart from the bot's decisions (bots.py) so that a level reads, and is tuned (bench/bench_style.py),
as data: a new level is a new set of knobs, not new code.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    """The knobs that separate the levels (and that tuning turns)."""
    name: str
    react: tuple            # race reaction delay, seconds (uniform between the two)
    miss: float             # chance to let a race it could win go by
    forget: float           # chance per own turn to forget each remembered card (0: never)
    counts_cards: bool      # unknown cards valued from the unaccounted cards, else the deck average
    reads_players: bool     # who has seen a card says something about it
    matches_opponents: bool
    plans: bool             # weighs abilities and draws by expected gain; else rules of thumb
    call_need: float        # "odds" call: needed chance of being lowest at the first turn (2 seats)
    call_decay: float       # ... lowered by this much each own turn
    call_need_per_opponent: float  # ... and by this much per opponent beyond the second
    call_at: float          # "threshold" call (plans=False): call at this estimated total or less
    call_rise: float        # ... raised by this much each own turn
    force_call: int         # own turns in a round after which it always calls
    # the "odds" call at three seats or more: needed chance at three (then call_need_per_opponent
    # less per further opponent, down to call_need_least). Being lowest of all is rarer the more
    # seats there are, so the belief that clears the bar falls: 0.9 at 2 seats (1v1 rewards
    # patience), 0.62 at three, 0.55 at four, 0.41 at six (the call study and the bars tried:
    # bench/README.md, "Tuning history, by family")
    call_need_more_seats: float = 0.0
    call_need_least: float = 0.05
    sure_margin: float = 0.25     # gain needed for a swap between two known cards
    unsure_margin: float = 1.0    # ... when one of them is unknown (we lose what we knew)
    look_own_gain: float = 1.5    # worth of learning one of our unknown cards
    # worth of a drawn card put in place of one of our unknown cards, beyond their values: the
    # hand becomes known (a known card can be matched away, swapped knowingly, counted in a
    # call); knowing one's own cards decides much of a memory match (measured: bench/README.md)
    unknown_swap_gain: float = 0.0
    look_other_gain: float = 0.6  # worth of learning an opponent's card (calls, matches, swaps)
    reveal_gain: float = 0.4
    extra_turn_gain: float = 1.5  # another draw: about what a turn gains on average
    last_turn_gain: float = 1.0   # what an opponent improves in the final turn after our call
    # where a call locks the caller's cards (Cambio) the final turn gains the other seat less than
    # where it does not (1v1 Kombio: swaps), so an unlocked hand adds `unlocked_risk` (self-play
    # figures: bench/README.md)
    unlocked_risk: float = 0.0    # what a final turn gains them on top when our hand stays unlocked
    last_turn_looks: float = 0.2  # worth of a look in our final turn, as a share of its usual worth
    discard_edge: float = 1.0     # the discard must beat a deck draw's expected gain by this much
    give_away_min: float = 2.5    # throw an opponent's card only when that gains this much against them
    # Measured in self-play (Kombio and Cambio, 2 seats): a card only its owner has seen is a
    # dealt starting card at first, about 5 points before its owner's first turn (the deck's
    # mean is about 6); owners then replace their high cards, so it sits near the mean of the
    # lower half (about 3) after one turn of theirs and below it later (about 1.5 after eight
    # in self-play; players less choosy than normal keep higher cards, so normal goes only a
    # little below the lower half: with 1.5 its calls came too late against another bot).
    # A card only someone else has seen is barely above the mean (mostly peeks, few dumps).
    kept_weight: float = 0.9      # a kept card's value: this far from the mean towards the lower half
    kept_first: float = 0.9       # ... before its owner's first turn (normal: a dealt card, less)
    kept_per_turn: float = 0.0    # ... and this much further for each turn of its owner after that
    kept_most: float = 0.9        # ... at most
    dumped_weight: float = 0.15   # ... a card someone else has seen: this far towards the upper half
    # What a public card costs: the rule texts let anyone throw a card they know onto a matching
    # discard, then hand its owner a card of theirs (Kombio must, Cambio may)
    exposure: float = 0.0         # share of (mean - value) a low card of ours that others know will lose
    gift_weight: float = 0.0      # how much a low card we discard counts for the next player (2 seats)


STYLES = {
    "normal": Style("normal", react=(0.7, 1.5), miss=0.0, forget=0.0, counts_cards=True,
                    reads_players=True, matches_opponents=True, plans=True,
                    # 1v1 rewards patience; with more players someone else may call first
                    call_need=0.9, call_decay=0.02, call_need_per_opponent=0.07,
                    call_at=0, call_rise=0, force_call=30,
                    call_need_more_seats=0.62, call_need_least=0.3,
                    unlocked_risk=2.0,
                    kept_weight=0.8, kept_first=0.3, kept_per_turn=0.05, kept_most=1.0,
                    exposure=0.4, gift_weight=1.0, give_away_min=1.0, unknown_swap_gain=5.3),
    "easy": Style("easy", react=(1.5, 3.0), miss=0.3, forget=0.15, counts_cards=False,
                  reads_players=False, matches_opponents=False, plans=False,
                  call_need=0, call_decay=0, call_need_per_opponent=0,
                  call_at=6.0, call_rise=1.0, force_call=20),
}
# The hard level's racer (not offered at the table: hard decides by search, Family.search's
# "race_level"): normal's claims at a quick player's speed. The levels' reaction times, as the
# README's "Match races" table lists them: easy 1.5-3 s (and lets 30% of its races go), normal
# 0.7-1.5 s (a casual player), hard 0.4-0.8 s (a quick one); Settings, "Bots react", scales them all.
STYLES["quick"] = dataclasses.replace(STYLES["normal"], name="quick", react=(0.4, 0.8))


def call_need(style: Style, seats: int) -> float:
    """The "odds" call's bar at the first turn of a round, at this many seats."""
    if seats <= 2:
        return style.call_need
    return max(style.call_need_least,
               style.call_need_more_seats - style.call_need_per_opponent * (seats - 3))
