"""The `hard` level, one bot for every family: a search over deals consistent with its view.

Determinization, or perfect-information Monte Carlo (PIMC: the approach Cowling, Powley and
Whitehouse 2012 set information-set MCTS against; ISMCTS is a next step): for one decision, the
family's sampler (`Family.determinize(ruleset, options, view, rng)`) deals what the seat cannot
see anew at random, consistently with its view; on that state every root action is played out to
the end with every seat played by the family's own bot (the playout policy: `normal` by
default), and the action whose playouts end best wins. The root actions share each
determinization (common random numbers: their comparison is not noise of the deal), and the
budget is spread by sequential halving (Karnin, Koren and Somekh 2013): every action gets a few
playouts, the worse half is dropped, the survivors get more, until one is left or the budget
ends. The root bot's own choice (`root_level`, normal by default: the playouts may use a cheaper
policy, `playout_level`) is never dropped and wins ties, and the search overrules it only when
another action's mean is better by `confidence` standard errors (after the root bot's
`head_start`, where a family gives one), so a budget too small to tell still plays as well as the
root bot. With `paired` (a family's choice), "better" is judged on
each deal's difference between the two moves (they share the deal and the playout seed), which
is far less noisy than two independent means.

A playout ends with the round (`horizon="round"`, the default: a memory or shedding match is many
rounds, and the round's points are what one decision changes; Klobba!'s rounds are clobbers, so
there it values the clobber's Stars and captures; Castle Combo is one round) or with the game
(`horizon="game"`), or after a number of rounds (`horizon=2`: the hand kept gets used). Its value
for the searching seat: `margin_weight` per point of margin over the best other seat
(`margin_over="best"`) or over the others' mean (`"mean"`), lower totals winning where the family
says so, plus 1 for a win (shared: 1/k) when the game ended.

Budget: `seconds` per decision (settings 0.25, 1, 3) or a number of `playouts`; a playout budget
is reproducible: the same seed, view and legal actions give the same action, whatever the bot
chose before (each decision seeds its own generator from the seed and the legal actions).

It never reads the state: it gets a view and the legal actions, like every bot; the state it
plays on is the sampler's. A family without a sampler has no hard level (see game/ai/__init__);
a sampler that cannot rebuild some phase raises NotImplementedError there, and the policy's
choice is played.
"""
from __future__ import annotations

import math
import random
import time
import zlib
from typing import Optional

from game.engine import registry
from game.engine.core import IllegalAction

DEFAULT_SECONDS = 1.0               # the setting's default (game/store/settings.THINK_SECONDS)
MAX_PLAYOUT_ACTIONS = 5000          # a real game takes a few hundred; a bug must not hang the search


class HardBot:
    """PIMC with sequential halving over the root actions; the playouts are the family's bots."""

    reads_view = True
    thinks_long = True              # the table asks it on a thread (game/ui/table_controller.Thinking)
    margin_weight = 0.02            # a win is worth 50 points of margin
    confidence = 2.0                # standard errors by which a move must beat the root bot's choice

    def __init__(self, ruleset, seat: int, seed=0, seconds: Optional[float] = DEFAULT_SECONDS,
                 playouts: Optional[int] = None, playout_level: Optional[str] = None,
                 root_level: Optional[str] = None, options: Optional[dict] = None,
                 horizon: Optional[str] = None, confidence: Optional[float] = None,
                 margin_weight: Optional[float] = None, paired: Optional[bool] = None,
                 margin_over: Optional[str] = None, head_start: Optional[float] = None,
                 race_level: Optional[str] = None):
        self.ruleset = ruleset
        self.seat = seat
        self.level = "hard"
        self.seed = seed
        self.family = registry.family(ruleset.family)
        if self.family.determinize is None:
            from game.ai import UnknownLevel, hard_refusal
            raise UnknownLevel(hard_refusal(self.family.name))
        if options is None:
            from game.engine.ruleset import default_options
            options = default_options(ruleset)
        self.options = options
        self.seconds = seconds if playouts is None else None
        self.playouts = playouts
        # what is not given comes from the family's own tuning (Family.search), then the defaults
        tuned = self.family.search

        def setting(value, key, default):
            return value if value is not None else tuned.get(key, default)

        self.playout_level = setting(playout_level, "playout_level", "normal")
        self.root_level = setting(root_level, "root_level", "normal")   # whose choice the search keeps
        self.confidence = setting(confidence, "confidence", self.confidence)
        # a head start for the root bot's choice, in the playouts' value: another move must beat it
        # by this much (and then by `confidence` standard errors). The move the search ranks first
        # among several is its luckiest, not only its best: a small lead says less than its error
        # (the winner's curse; a family measures it with its oracle bench). 0: none
        self.head_start = setting(head_start, "head_start", 0.0)
        # judge "clearly better" on each deal's difference from the policy's choice (the arms share
        # deals and playout seeds), not on two independent means: a far smaller error
        self.paired = bool(setting(paired, "paired", False))
        self.margin_weight = setting(margin_weight, "margin_weight", self.margin_weight)
        # a round's margin over the best other seat ("best"), or over the others' mean ("mean": with
        # more than two seats, a round's points taken from a seat that is not leading count too)
        self.margin_over = setting(margin_over, "margin_over", "best")
        # the family's worth of what a round leaves each seat for later (a hand kept): points per
        # seat, added to the totals when a playout stops before the game's end
        self.leaf = tuned.get("leaf")
        horizon = setting(horizon, "horizon", None)
        # who answers a match race (a contest of reaction time, not a search): the family's
        # `race_level` (the memory family's "quick": normal's claims at a quick player's speed);
        # bench_hard.py's --race-level sets another, to tell the search's share from the races'
        self.racer = self.family.make_bot(ruleset, seat, setting(race_level, "race_level", self.root_level), seed)
        # "round": play each playout to the end of the round, whose points are then the value (far
        # less noise from what happens later: measured in bench/README.md); "game": to the game's
        # end (Castle Combo is one round)
        self.horizon = horizon or "round"
        self.to_end_of_game = self.horizon == "game"
        # a whole number: the playout ends after that many rounds (the hand kept gets used)
        self.rounds = self.horizon if isinstance(self.horizon, int) else 1
        self.sign = -1 if self.family.lower_is_better else 1
        from game.ai.step import bot_step
        self.step = self.family.bot_step or bot_step
        self.last: dict = {}            # the last decision's numbers (bench, tests)

    # ---- what every bot answers ----
    def choose(self, view, legal: list):
        """The root action whose playouts end best over determinizations of `view`."""
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(self._decision_seed(legal))
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        # a fresh root bot: its generator must not carry what earlier decisions drew
        policy = self.family.make_bot(self.ruleset, self.seat, self.root_level, rng.getrandbits(32))
        default = policy.choose(view, legal)
        preferred = legal.index(default) if default in legal else 0
        arms = list(range(len(legal)))
        candidates = self.family.search.get("candidates")
        if candidates is not None:
            # the family's own ranking prunes the root: fewer arms, more playouts each (a list
            # holding only the policy's choice: nothing here is worth a search); it is told the
            # ruleset in play (a view carries no rules, and a lab variant keeps its base's id)
            keep = set(candidates(view, legal, legal[preferred], self.ruleset)) | {legal[preferred]}
            arms = [a for a in arms if legal[a] in keep]      # one arm left: no playout is played
        searched = len(arms)
        totals = [0.0] * len(legal)
        squares = [0.0] * len(legal)
        by_deal = [dict() for _ in legal]     # arm -> {deal number: value} (the paired comparison)
        counts = [0] * len(legal)
        played = 0
        budget = self.playouts
        rounds = max(1, math.ceil(math.log2(len(arms))))
        per_round = None if budget is None else max(1, budget // rounds)
        spent_in_round = 0
        out_of_budget = False
        fallback = None
        while len(arms) > 1 and not out_of_budget:
            try:
                state = self._sample(view, rng)
            except NotImplementedError as exc:
                fallback = str(exc)     # a phase the family's sampler does not rebuild: the policy plays
                break
            except ValueError as exc:
                # the view does not fit the rules the bot was given (a house rule it was not told):
                # playing the policy's move beats stopping the match
                fallback = f"the sample does not fit the view: {exc}"
                break
            playout_seed = rng.getrandbits(32)
            deal = played           # the number of the deal's first playout names the deal
            for arm in arms:
                value = self._playout(state, legal[arm], playout_seed)
                if value is not None:
                    totals[arm] += value
                    by_deal[arm][deal] = value
                    squares[arm] += value * value
                    counts[arm] += 1
                played += 1
                spent_in_round += 1
                if budget is not None and played >= budget:
                    out_of_budget = True
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    out_of_budget = True
                    break
            if out_of_budget:
                break
            # Halve once this round's share is spent (playout budget) or once every arm has had
            # as many playouts as the time spent so far allows for the rest (time budget).
            if per_round is not None:
                halve = spent_in_round >= per_round
            else:
                elapsed = time.perf_counter() - start
                rate = played / max(elapsed, 1e-6)
                left = rate * (deadline - time.perf_counter())
                halve = spent_in_round >= left / max(1, math.ceil(math.log2(len(arms))))
            if halve:
                arms = self._better_half(arms, totals, counts, preferred)
                spent_in_round = 0
        # the best move besides the root bot's, and by how many standard errors it leads: it is
        # played only if that is clearly better (else the root bot's choice is)
        rivals = [a for a in arms if a != preferred and counts[a]]
        rival = max(rivals, key=lambda a: self._mean(a, totals, counts)) if rivals else None
        lead = (self._advantage(rival, preferred, totals, squares, counts, by_deal)
                if rival is not None else None)
        clearly = rival is not None and self._clearly_better(rival, preferred, totals, squares, counts,
                                                             by_deal)
        best = rival if clearly else preferred
        self.last = {"playouts": played, "fallback": fallback, "seconds": time.perf_counter() - start,
                     "arms": searched, "policy_choice": legal[preferred], "choice": legal[best],
                     "rival": None if rival is None else legal[rival], "lead": lead,
                     "means": {legal[a]: self._mean(a, totals, counts) for a in range(len(legal)) if counts[a]}}
        return legal[best]

    def race(self, view, legal):
        """A match race (the memory family) is a contest of reaction time: the racer answers."""
        race = getattr(self.racer, "race", None)
        return race(view, legal) if race else None

    # ---- the search ----
    def _sample(self, view, rng):
        """One deal for the search: the family's sampler's, or with inference (issue 32, 3: the
        family's `likelihood` and `resample` in Family.search) one of `resample` deals drawn with
        the chance that the others' recorded moves had under that deal (sampling importance
        resampling: the sampler's leans are the prior, the record the evidence). Reads the view and
        the deals only, never the real state."""
        likelihood = self.family.search.get("likelihood")
        draws = self.family.search.get("resample", 1)
        determinize = self.family.determinize
        if likelihood is None or draws <= 1:
            return determinize(self.ruleset, self.options, view, rng)
        deals = [determinize(self.ruleset, self.options, view, rng) for _ in range(draws)]
        weights = [likelihood(self.ruleset, view, deal) for deal in deals]
        pick = rng.random() * sum(weights)
        for deal, weight in zip(deals, weights):
            pick -= weight
            if pick <= 0:
                return deal
        return deals[-1]

    def _decision_seed(self, legal: list) -> int:
        """The same seed and the same legal actions give the same search, whatever came before."""
        return (int(self.seed) * 1_000_003) ^ zlib.crc32(repr(legal).encode())

    @staticmethod
    def _mean(arm: int, totals: list, counts: list) -> float:
        return totals[arm] / counts[arm] if counts[arm] else -math.inf

    def _clearly_better(self, arm: int, preferred: int, totals: list, squares: list, counts: list,
                        by_deal: Optional[list] = None) -> bool:
        """Is `arm`'s mean above the policy choice's by `confidence` standard errors? A few noisy
        playouts must not overrule a good policy: a budget too small to tell plays as the policy."""
        if arm == preferred:
            return True
        return self._advantage(arm, preferred, totals, squares, counts, by_deal) > self.confidence

    def _advantage(self, arm: int, preferred: int, totals: list, squares: list, counts: list,
                   by_deal: Optional[list] = None) -> float:
        """By how many standard errors `arm`'s mean is above the policy choice's (paired: of the
        mean difference over the deals both played); -inf where too few playouts tell."""
        if counts[preferred] < 2 or counts[arm] < 2:
            return -math.inf
        if self.paired and by_deal is not None:
            ours, theirs = by_deal[arm], by_deal[preferred]
            differences = [ours[d] - theirs[d] for d in ours if d in theirs]
            n = len(differences)
            if n < 2:
                return -math.inf
            mean = sum(differences) / n
            variance = sum((x - mean) ** 2 for x in differences) / (n - 1)
            if self.head_start:
                return _ratio(mean - self.head_start, math.sqrt(variance / n))
            return _ratio(mean, math.sqrt(variance / n))

        def mean_and_error(a):
            mean = totals[a] / counts[a]
            variance = max(0.0, squares[a] / counts[a] - mean * mean)
            return mean, variance / (counts[a] - 1)

        mean_a, error_a = mean_and_error(arm)
        mean_p, error_p = mean_and_error(preferred)
        if self.head_start:
            return _ratio(mean_a - mean_p - self.head_start, math.sqrt(error_a + error_p))
        return _ratio(mean_a - mean_p, math.sqrt(error_a + error_p))

    def _better_half(self, arms: list, totals: list, counts: list, preferred: int) -> list:
        ranked = sorted(arms, key=lambda a: (self._mean(a, totals, counts), a == preferred), reverse=True)
        keep = ranked[:max(2, (len(ranked) + 1) // 2)]
        if preferred in arms and preferred not in keep:
            keep[-1] = preferred        # the policy's own choice stays in the running
        return keep

    def _playout(self, state, action, seed: int) -> Optional[float]:
        """The value of `action` on a copy of `state`, every seat then played by the policy bots."""
        game = state.copy()
        try:
            game.apply(self.seat, action)
        except IllegalAction:
            return None         # the sample does not allow it (a fact its view leaves out): no evidence
        make = self.family.make_bot
        bots = [make(self.ruleset, s, self.playout_level, seed * 16 + s) for s in range(game.n)]
        round_no = game.round_no
        apply = game.apply
        actions = 0
        last_round = round_no + self.rounds - 1
        while not game.is_over() and (self.to_end_of_game or game.round_no <= last_round):
            applied = self.step(game, bots, apply)
            if not applied:
                break
            actions += applied
            if actions > MAX_PLAYOUT_ACTIONS:
                break
        return self._value(game)

    def _value(self, game) -> float:
        totals = game.scores()
        if self.leaf is not None and not game.is_over():
            totals = [t + extra for t, extra in zip(totals, self.leaf(game))]
        mine = totals[self.seat] * self.sign
        others = [t * self.sign for s, t in enumerate(totals) if s != self.seat]
        best_other = max(others) if others else 0
        if mine > best_other:
            win = 1.0
        elif mine == best_other:
            win = 1.0 / (1 + sum(1 for o in others if o == best_other))
        else:
            win = 0.0
        if game.is_over():
            winners = game.winners()        # the family's own tie-breaks (gold, captures)
            win = 1.0 / len(winners) if self.seat in winners else 0.0
        elif not self.to_end_of_game:
            if self.margin_over == "mean" and others:
                return self.margin_weight * (mine - sum(others) / len(others))
            return self.margin_weight * (mine - best_other)     # a round's end: its points only
        return win + self.margin_weight * (mine - best_other)


def _ratio(mean: float, error: float) -> float:
    """A mean in standard errors (a difference with no spread is as sure as it gets)."""
    if error > 0:
        return mean / error
    return math.inf if mean > 0 else -math.inf if mean < 0 else 0.0
