"""Bot-only matches through the real Session, and `main.py --simulate`."""
from __future__ import annotations

import json
import random

import pytest

from game.ai import LEVELS
from game.lab import simulate
from game.lab.simulate import MatchResult, StuckMatch, merge_options, run_match, simulate_main
from game.engine.core import Action
from game.engine.ruleset import find_ruleset

JSON_KEYS = {"game", "players", "games", "rounds", "games_per_s", "rounds_per_s", "processes", "seats",
             "failed",
             # the rules lab's (issue 12, item 5; tests/test_rules_lab.py checks them)
             "name", "family", "seed", "variants", "overrides", "house_rules", "match_end", "lower_is_better",
             "overall", "chart"}
SEAT_KEYS = {"bot", "wins", "win_rate", "mean_score",
             "seat", "win_interval_95", "final_score", "round_score", "calls"}


@pytest.fixture(scope="module")
def kombio():
    return find_ruleset("kombio")


@pytest.mark.parametrize("block", range(3))
def test_hundreds_of_seeded_matches_end(kombio, block):
    opts = {"match_end": {"mode": "rounds", "rounds": 1}}
    for i in range(100):
        seed = 1000 + 100 * block + i
        rng = random.Random(seed)
        n = rng.randint(2, 6)
        levels = [rng.choice(LEVELS) for _ in range(n)]
        result = run_match(kombio, levels, seed, opts, keep_session=True)
        game = result.session.game
        assert game.is_over() and result.rounds == 1
        assert result.winners and set(result.winners) <= set(range(n))
        assert result.totals == game.scores()
        # every card is still somewhere: layouts, deck, discard
        held = [c for layout in game.layouts for c in layout if c is not None]
        assert sorted(held + game.deck + game.discard) == list(range(70))


@pytest.mark.parametrize("ruleset_id", ["cambio", "cambio-classic"])
def test_other_memory_rulesets_play_through(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    for seed in range(20):
        n = 2 + seed % 5
        result = run_match(ruleset, [LEVELS[(seed + s) % 2] for s in range(n)], seed,
                           {"match_end": {"mode": "points", "points": 20}})
        assert result.rounds >= 1


def test_variants_on(kombio):
    """House rules the bots must cope with: mandatory abilities, own cards only, locked duels."""
    variants = {v.key: True for v in kombio.variants}
    for seed in range(20):
        run_match(kombio, ["normal", "easy", "normal"][: 2 + seed % 2], seed,
                  {"variants": variants, "match_end": {"mode": "rounds", "rounds": 1}})


def test_a_stuck_match_is_reported(kombio, monkeypatch):
    class Dawdler:
        """Never calls, never matches: the round could only end by someone calling."""
        def choose(self, view, legal):
            for a in legal:
                if a.kind in ("look_start", "next_round", "pass", "skip"):
                    return a
            if Action("draw", choice="deck") in legal:
                return Action("draw", choice="deck")
            return Action("discard") if Action("discard") in legal else legal[0]

        def race(self, view, legal):
            return None

    monkeypatch.setattr(simulate, "MAX_ACTIONS_PER_ROUND", 300)
    with pytest.raises(StuckMatch, match="without the round ending"):
        run_match(kombio, ["x", "x"], 1, bots=[Dawdler(), Dawdler()])


def test_merge_options_keeps_defaults(kombio):
    opts = merge_options(kombio, {"match_end": {"rounds": 2}})
    assert opts["match_end"] == {"mode": "rounds", "rounds": 2, "points": kombio.match_end.points}
    assert set(opts["variants"]) == {v.key for v in kombio.variants}


# --- main.py --simulate ------------------------------------------------------------------------

def test_simulate_json(capsys):
    assert simulate_main("kombio", 3, 4, 1, "normal,easy,normal", True) == 0
    out = capsys.readouterr().out
    data = json.loads(out)                      # exactly one JSON object on stdout
    assert set(data) == JSON_KEYS
    assert (data["game"], data["players"], data["games"]) == ("kombio", 3, 4)
    assert data["rounds"] == 4 * 5
    assert [s["bot"] for s in data["seats"]] == ["normal", "easy", "normal"]
    assert all(set(s) == SEAT_KEYS for s in data["seats"])
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(4)
    assert data["games_per_s"] > 0 and data["rounds_per_s"] > 0


def test_simulate_default_bots_are_normal(capsys):
    assert simulate_main("kombio", 2, 1, 5, None, True) == 0
    assert [s["bot"] for s in json.loads(capsys.readouterr().out)["seats"]] == ["normal", "normal"]


def test_tied_wins_are_shared(capsys, monkeypatch):
    def fake(ruleset, levels, seed, options=None, **kw):
        winners = (0, 1) if seed % 2 else (2,)
        return MatchResult(seed, tuple(levels), [10, 10, 10], winners, 5, 100)

    monkeypatch.setattr(simulate, "run_match", fake)
    assert simulate_main("kombio", 3, 4, 1, None, True) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    # seeds 1 and 3: seats 0 and 1 tie (0.5 each); seeds 2 and 4: seat 2 alone
    assert [s["wins"] for s in seats] == [1.0, 1.0, 2.0]
    assert [s["win_rate"] for s in seats] == [0.25, 0.25, 0.5]


def test_simulate_human_readable(capsys):
    assert simulate_main("kombio", 2, 2, 3, "easy,normal", False) == 0
    out = capsys.readouterr().out
    assert "seat 1" in out and "seat 2" in out and "games/s" in out and "easy" in out


@pytest.mark.parametrize("args, message", [
    (("kombio", 2, 1, 1, "normal,clever"), "unknown bot level 'clever'"),
    (("kombio", 3, 1, 1, "normal,easy"), "one per seat"),
    (("kombio", 9, 1, 1, None), "2-6 players"),
    (("kombio", 2, 0, 1, None), "--games must be at least 1"),
    (("no-such-game", 2, 1, 1, None), "no ruleset 'no-such-game'"),
])
def test_simulate_errors_exit_2(capsys, args, message):
    assert simulate_main(*args, True) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_matches_on_two_processes_give_the_same_results_as_on_one():
    """--simulate spreads seeds over processes: the results do not depend on how many."""
    ruleset = find_ruleset("kombio")
    seeds = list(range(40, 48))
    one = simulate.play_matches(ruleset, ("normal", "easy", "normal"), seeds, jobs=1)
    two = simulate.play_matches(ruleset, ("normal", "easy", "normal"), seeds, jobs=2)
    assert one == two
    assert [tuple(r[1]) for r in one] == [tuple(run_match(ruleset, ("normal", "easy", "normal"), s).totals)
                                          for s in seeds]


def test_simulate_refuses_zero_jobs(capsys):
    assert simulate_main("kombio", 2, 1, 1, None, True, jobs=0) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_worker_processes_started_fresh_as_on_windows_and_macos_play_the_same_matches(monkeypatch):
    """Issue 33 (4): Windows and macOS start --simulate's workers with "spawn" (a fresh interpreter
    that imports everything anew, no memory shared with the parent): forced here, with a house rule
    on, the matches are the ones a single process plays."""
    from game.lab.lab import Recipe
    monkeypatch.setattr(simulate, "START_METHOD", "spawn")
    ruleset = find_ruleset("kumbal")
    seeds = list(range(10, 16))
    recipe = Recipe(variants=("action_cards",))
    one = simulate.play_lab_matches(ruleset, recipe, ("normal", "easy"), seeds, jobs=1)
    two = simulate.play_lab_matches(ruleset, recipe, ("normal", "easy"), seeds, jobs=2)
    assert [p[0].totals for p in one] == [p[0].totals for p in two] and all(p[0] for p in two)


def test_a_simulating_process_freezes_what_lived_before_its_first_match_once():
    """simulate.settle: --simulate's process (and each worker) collects and freezes what is alive
    before its first match (gc.freeze), once; the matches are those of a process that does not."""
    import subprocess
    import sys
    code = (
        "import gc, json\n"
        "from game.lab import simulate\n"
        "from game.engine.ruleset import find_ruleset\n"
        "rs = find_ruleset('kumbal')\n"
        "plain = [simulate.run_match(rs, ('random', 'random'), s).totals for s in (1, 2)]\n"
        "before = gc.get_freeze_count()\n"
        "first = simulate.play_matches(rs, ('random', 'random'), [1, 2])\n"
        "frozen = gc.get_freeze_count()\n"
        "simulate.play_matches(rs, ('random', 'random'), [3])\n"
        "print(json.dumps([before, frozen, gc.get_freeze_count(), plain == [r[1] for r in first]]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    before, frozen, again, same = json.loads(out.stdout.strip().splitlines()[-1])
    assert before == 0 and frozen > 1000       # the modules and rules, moved out of the collector's way
    assert again == frozen                     # once: a later call freezes nothing new
    assert same
