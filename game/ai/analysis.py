"""What each move is worth from one seat's view: the numbers behind the review and the hint.

The same determinized search as the hard level (game/ai/hard.py), told to measure rather than to
choose: the family's sampler deals what the seat cannot see anew, consistently with its view, and
every move considered is played out on every deal with the same playout seed (common random
numbers), so the differences between moves are not noise of the deal. The moves considered are
the family's own candidates (Family.search["candidates"], the hard bot's root pruning) plus the
normal bot's choice plus any move the caller names (the move played, for the review).

A move's value is in points: the seat's margin over the best other seat (over the others' mean
where the family's search says so) when the playout stops (the round's end, or the game's), lower
totals winning where the family says so; where the playout reaches the game's end a win counts as
1 / margin_weight points (50 by default: the hard bot's own scale). It never reads the state.
"""
from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from typing import Callable, Optional

from game.ai.hard import HardBot
from game.engine.core import Action

DEFAULT_DEALS = 24          # deals per decision: every move considered is played out on each


class Cancelled(Exception):
    """The caller's `cancelled()` said stop."""


class NotAnalysed(Exception):
    """The family cannot rebuild this moment from a view (its sampler says so), or it has no sampler."""


@dataclass(frozen=True)
class Appraisal:
    """One move's worth: its mean value in points over the deals, and that mean's standard error."""
    action: Action
    value: float
    error: float
    deals: int


@dataclass(frozen=True)
class Analysis:
    """Every move considered at one decision, best first; `gap(a, b)`: a's paired lead over b."""
    seat: int
    moves: tuple                    # Appraisal, best first
    by_deal: dict                   # action -> (value on each deal, in deal order)
    policy_choice: Action           # the normal bot's move here

    @property
    def best(self) -> Appraisal:
        return self.moves[0]

    def of(self, action: Action) -> Optional[Appraisal]:
        return next((m for m in self.moves if m.action == action), None)

    def gap(self, better: Action, worse: Action) -> tuple:
        """(mean, standard error) of better's lead over worse, deal by deal (the same deals)."""
        a, b = self.by_deal[better], self.by_deal[worse]
        diffs = [x - y for x, y in zip(a, b) if x is not None and y is not None]
        n = len(diffs)
        if n == 0:
            return 0.0, math.inf
        mean = sum(diffs) / n
        if n < 2:
            return mean, math.inf
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(variance / n)


def appraise(ruleset, options: dict, seat: int, view, legal: list, *, deals: int = DEFAULT_DEALS,
             seed: int = 0, also: tuple = (), everything: bool = False, only: Optional[tuple] = None,
             wide: bool = False, cancelled: Optional[Callable[[], bool]] = None) -> Analysis:
    """The worth of the moves worth considering at this decision, from `view` alone.

    also: moves to include whatever the family's pruning says (the move played); everything: every
    legal move (the deeper check in bench/); only: exactly these moves (a second look at two of
    them on fresh deals: the best of many noisy means is too good, so its lead is measured anew);
    wide: where the family's search says `screen` (deals, keep), every other legal move is first
    played out on that many deals and the `keep` best join the considered ones (the review: the
    family's pruning serves a bot's time budget, and a better move it prunes is exactly what a
    review must find). Raises NotAnalysed where the family cannot sample this moment, Cancelled
    when `cancelled()` turns true between two playouts."""
    searcher = HardBot(ruleset, seat, seed=seed, playouts=1, options=options)   # its settings and playouts
    family = searcher.family
    rng = random.Random((int(seed) * 1_000_003) ^ zlib.crc32(repr((seat, legal)).encode()))
    policy = family.make_bot(ruleset, seat, searcher.root_level, rng.getrandbits(32))
    policy_choice = policy.choose(view, legal)
    if policy_choice not in legal:
        policy_choice = legal[0]
    moves = [a for a in legal if a in only] if only is not None else \
        considered(family, ruleset, view, legal, policy_choice, also, everything)
    screen = family.search.get("screen") if wide and only is None and not everything else None
    if screen:
        screen_deals, keep = screen
        others = [a for a in legal if a not in moves]
        if others:
            looked = _play_out(searcher, ruleset, options, view, others, screen_deals,
                               random.Random(rng.getrandbits(64)), cancelled)
            ranked = sorted(others, key=lambda a: -_mean(looked[a]))
            chosen = set(moves) | set(ranked[:keep])
            moves = [a for a in legal if a in chosen]
    values = _play_out(searcher, ruleset, options, view, moves, deals, rng, cancelled)
    appraisals = []
    for action, seen in values.items():
        got = [v for v in seen if v is not None]
        if not got:
            continue
        mean = sum(got) / len(got)
        error = math.sqrt(sum((v - mean) ** 2 for v in got) / (len(got) - 1) / len(got)) if len(got) > 1 else math.inf
        appraisals.append(Appraisal(action, mean, error, len(got)))
    # best first; a tie goes to the normal bot's choice, then to the order of the legal moves
    order = {a: i for i, a in enumerate(legal)}
    appraisals.sort(key=lambda m: (-m.value, m.action != policy_choice, order.get(m.action, len(order))))
    return Analysis(seat, tuple(appraisals), {a: tuple(v) for a, v in values.items()}, policy_choice)


def _play_out(searcher, ruleset, options: dict, view, moves: list, deals: int, rng, cancelled) -> dict:
    """action -> its value in points on each of `deals` deals sampled from `view` (None where the
    move could not be played on a deal); every move on the same deals and playout seeds."""
    family = searcher.family
    values = {action: [] for action in moves}
    scale = 1.0 / searcher.margin_weight
    for _ in range(max(1, deals)):
        try:
            state = family.determinize(ruleset, options, view, rng)
        except NotImplementedError as exc:
            raise NotAnalysed(str(exc)) from None
        except ValueError as exc:
            raise NotAnalysed(f"the sample does not fit the view: {exc}") from None
        playout_seed = rng.getrandbits(32)
        for action in moves:
            if cancelled is not None and cancelled():
                raise Cancelled()
            value = searcher._playout(state, action, playout_seed)
            values[action].append(None if value is None else value * scale)
    return values


def _mean(seen: list) -> float:
    got = [v for v in seen if v is not None]
    return sum(got) / len(got) if got else float("-inf")


def considered(family, ruleset, view, legal: list, policy_choice: Action, also: tuple = (),
               everything: bool = False) -> list:
    """The moves worth playing out: the family's candidates, the policy's choice and `also`."""
    if everything:
        return list(legal)
    pick = family.search.get("candidates")
    chosen = set(pick(view, legal, policy_choice, ruleset)) if pick is not None else set(legal)
    chosen |= {policy_choice} | {a for a in also if a in legal}
    return [a for a in legal if a in chosen]


def worth_a_look(family, ruleset, view, legal: list, policy_choice: Action, also: tuple = ()) -> bool:
    """Is this a decision at all? Not when it is forced (one legal move) or when the family's own
    pruning leaves only the move it would play anyway (nothing there is worth a search)."""
    return len(legal) > 1 and len(considered(family, ruleset, view, legal, policy_choice, also)) > 1
