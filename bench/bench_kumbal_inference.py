"""Kumbal's inference, measured without playouts: do the deals weighted by `search.likelihood` place
the others' hands better than the sampler's deals alone?

    python bench/bench_kumbal_inference.py [--games 20] [--first 1000] [--deals 200] [--seats 2]
        [--every 2] [--min-cards 1] [--max-cards 7]

Normal bots play seeded matches; at every `--every`-th turn of a seat (its discard or its draw) whose
opponents hold between `--min-cards` and `--max-cards` cards, `--deals` deals are sampled from that
seat's view (the hard bot's sampler: the prior) and weighed by the likelihood (the evidence). Per
other seat, against its TRUE hand: the squared error of the mean of its points under the prior and
under the weighted deals, and the Brier score of two events the search's choices turn on: "it holds
fewer points than I do" (a call of mine would be undercut) and "it may call" (7 points or fewer);
the effective sample size of the weights. Lower is better; the likelihood reads the view and the
deals only, never the state.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.engine import registry  # noqa: E402
from game.engine.ruleset import find_ruleset  # noqa: E402


def measure(games: int, first: int, deals: int, seats: int, every: int, min_cards: int,
            max_cards: int) -> dict:
    from game.families.shedding import search
    ruleset = find_ruleset("kumbal")
    family = registry.family("shedding")
    sums = {"n": 0, "se_prior": 0.0, "se_post": 0.0, "b_under_prior": 0.0, "b_under_post": 0.0,
            "b_call_prior": 0.0, "b_call_post": 0.0, "ess": 0.0, "base_under": 0.0, "base_call": 0.0,
            "seconds": 0.0, "likelihoods": 0, "m_under_prior": 0.0, "m_under_post": 0.0,
            "m_call_prior": 0.0, "m_call_post": 0.0}
    for seed in range(first, first + games):
        game = family.new_game(ruleset, seats, None, seed)
        bots = [family.make_bot(ruleset, s, "normal", seed * 8 + s) for s in range(seats)]
        rng = random.Random(seed)
        turn = 0
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            if game.phase in ("discard", "draw") and len(legal) > 1:
                turn += 1
                others = [s for s in range(seats) if s != seat]
                if turn % every == 0 and all(min_cards <= len(game.hands[o]) <= max_cards for o in others):
                    mine = sum(game.faces[c].value for c in game.hands[seat])
                    samples = [family.determinize(ruleset, game.options, view, rng) for _ in range(deals)]
                    start = time.process_time()
                    weights = [search.likelihood(ruleset, view, d) for d in samples]
                    sums["seconds"] += time.process_time() - start
                    sums["likelihoods"] += deals
                    total = sum(weights)
                    if total <= 0:
                        weights, total = [1.0] * deals, float(deals)
                    sums["ess"] += total * total / sum(w * w for w in weights)
                    for o in others:
                        truth = sum(game.faces[c].value for c in game.hands[o])
                        points = [sum(d.faces[c].value for c in d.hands[o]) for d in samples]
                        prior = sum(points) / deals
                        post = sum(w * p for w, p in zip(weights, points)) / total
                        under = float(truth < mine)
                        can_call = float(truth <= view.call_limit)
                        p_under = sum(1 for p in points if p < mine) / deals
                        q_under = sum(w for w, p in zip(weights, points) if p < mine) / total
                        p_call = sum(1 for p in points if p <= view.call_limit) / deals
                        q_call = sum(w for w, p in zip(weights, points) if p <= view.call_limit) / total
                        sums["n"] += 1
                        sums["se_prior"] += (prior - truth) ** 2
                        sums["se_post"] += (post - truth) ** 2
                        sums["b_under_prior"] += (p_under - under) ** 2
                        sums["b_under_post"] += (q_under - under) ** 2
                        sums["b_call_prior"] += (p_call - can_call) ** 2
                        sums["b_call_post"] += (q_call - can_call) ** 2
                        sums["m_under_prior"] += p_under
                        sums["m_under_post"] += q_under
                        sums["m_call_prior"] += p_call
                        sums["m_call_post"] += q_call
                        sums["base_under"] += under
                        sums["base_call"] += can_call
            game.apply(seat, bots[seat].choose(view, legal))
    n = max(1, sums["n"])
    checks = max(1, sums["likelihoods"] // deals)
    return {"moments": sums["n"], "rmse_prior": math.sqrt(sums["se_prior"] / n),
            "rmse_post": math.sqrt(sums["se_post"] / n),
            "brier_under_prior": sums["b_under_prior"] / n, "brier_under_post": sums["b_under_post"] / n,
            "brier_call_prior": sums["b_call_prior"] / n, "brier_call_post": sums["b_call_post"] / n,
            "rate_under": sums["base_under"] / n,
            "mean_under": [sums["m_under_prior"] / n, sums["m_under_post"] / n],
            "mean_call": [sums["m_call_prior"] / n, sums["m_call_post"] / n], "rate_call": sums["base_call"] / n,
            "mean_ess": sums["ess"] / checks,
            "us_per_likelihood": 1e6 * sums["seconds"] / max(1, sums["likelihoods"])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--min-cards", type=int, default=1)
    parser.add_argument("--max-cards", type=int, default=7)
    args = parser.parse_args()
    row = measure(args.games, args.first, args.deals, args.seats, args.every, args.min_cards, args.max_cards)
    print(f"{row['moments']} moments (an opponent below {row['rate_under']:.1%} of them held fewer points; "
          f"{row['rate_call']:.1%} could call; believed {row['mean_under'][0]:.1%} -> {row['mean_under'][1]:.1%} "
          f"and {row['mean_call'][0]:.1%} -> {row['mean_call'][1]:.1%}): points RMSE {row['rmse_prior']:.2f} -> {row['rmse_post']:.2f}; "
          f"Brier 'fewer than mine' {row['brier_under_prior']:.4f} -> {row['brier_under_post']:.4f}; "
          f"'may call' {row['brier_call_prior']:.4f} -> {row['brier_call_post']:.4f}; "
          f"ESS {row['mean_ess']:.0f} of {args.deals}; {row['us_per_likelihood']:.0f} us a likelihood")
    return 0


if __name__ == "__main__":
    sys.exit(main())
