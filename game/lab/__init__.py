"""The lab: bot-only matches run headless, not bots.

- `simulate`: seeded bot-only matches through the real `Session` (every action validated and
  recorded), spread over processes, and `main.py --simulate`'s report;
- `lab`: the rules lab, what `--simulate` learns about a ruleset: house-rule variants and
  `--set` changes (`Recipe`), per-seat win rates with their intervals, round logs and spreads;
- `lab_chart`: the lab's chart, one PNG of a `--simulate` summary drawn with pygame alone;
- `conformance`: the checks every family is held to through the contract (tests/test_families.py,
  bench/bench_soak.py).

The bots themselves live in game/ai (make_bot, the random and hard levels) and in each family;
nothing here imports game.ui (tests/test_layering.py).
"""
