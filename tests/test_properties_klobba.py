"""Properties over thousands of seeded bot-only Klobba! games (DESIGN.md, Tests).

N_GAMES seeded games (game.lab.simulate.run_match, through the real Session), 2 to 4 players, at
the `random` level (Klobba!'s easy and normal bots come later; random tries every legal move,
the odd ones included). For every game:

(a) cards and Stars are never created or lost: after every action every card is in exactly one
    place (a Band, a deck, a hand, an offer, the table, the discard pile, a captured pile) and
    every Star is a player's, on a Barbarian or in the supply;
(b) only legal actions were applied: every recorded action was, at that point, in
    game.legal_actions(seat), and the seat was in game.to_act();
(c) every game ends: run_match stops at its cap (StuckMatch) and the game is over;
(d) replaying the action list (Session.resume of the record, through JSON text) gives the same
    state: every seat's view, the public view, the scores, both decks' order, the random state;
(e) no view names an Action card its seat may not know (rigging_klobba.check_views_keep_secrets).

A small first block runs in the quick suite; the sweep's blocks are marked slow and spread over
worker processes (rigging.worker_pool).
"""
import json
import random
import shutil
import traceback

import pytest

from game.lab.simulate import run_match
from game.engine.session import Session
from rigging import blocks, worker_pool
from rigging_klobba import KLOBBA_YAML, check_conserved, check_views_keep_secrets, klobba

N_GAMES = 2000              # seeded games in the slow sweep
BLOCKS = 5                  # slow tests (N_GAMES / BLOCKS games each)
QUICK_GAMES = 30            # the quick suite's block (block 0), played before the sweep's seeds
SEED_BASE = 12_000_000
VIEWS_EVERY = 5             # one game in 5 checks every view after every action (see CheckedReplay)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A rulesets folder holding only klobba.yaml, for Session.resume (which reads every file)."""
    path = tmp_path_factory.mktemp("klobba")
    shutil.copy(KLOBBA_YAML, path / "klobba.yaml")
    return str(path)


@pytest.fixture(scope="module")
def pool():
    """Worker processes shared by the module's tests (None: play in this process)."""
    yield from worker_pool()


def state_of(game):
    """Everything about a state: every view, the scores, where every card lies (deck order
    included), the rest of the state's data and its random state."""
    fixed = ("ruleset", "rng", "faces", "tag", "rules", "options")
    data = {k: repr(v) for k, v in vars(game).items() if k not in fixed and not k.startswith("_")}
    views = [game.view(None)] + [game.view(s) for s in range(game.n)]
    return {"views": views, "scores": game.scores(), "rng": game.rng.getstate(), "data": data}


class CheckedReplay(Session):
    """A Session that checks every action Session.resume replays through it: before it, that the
    seat is asked to act and the action is among its legal ones (b); after it, that every card and
    Star is in exactly one place (a) and no view names a hidden card (e), for every action in
    `VIEWS_EVERY`'s share of the games and a seeded tenth of the actions in the others."""

    views_every = True
    views_rng = None

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        check_conserved(self.game)
        check_views_keep_secrets(self.game)
        self.checked = 0

    def apply(self, seat, action):
        game, i = self.game, len(self.match.actions)
        assert seat in game.to_act(), f"action {i}: seat {seat} played {action} but was not asked to act"
        assert action in game.legal_actions(seat), \
            f"action {i}: {action} by seat {seat} (phase {game.phase}) is not among the legal actions"
        events = super().apply(seat, action)
        try:
            check_conserved(game)
            if self.views_every or self.views_rng.random() < 0.1 or game.is_over():
                check_views_keep_secrets(game)
        except AssertionError as exc:
            raise AssertionError(f"after action {i} ({action} by seat {seat}): {exc}") from None
        self.checked += 1
        return events


def check_bot_game(seed, folder):
    """Play one seeded random game and check (a)-(e) on it; an error names the game."""
    rs = klobba()
    n = random.Random(seed).randint(rs.min_players, rs.max_players)
    try:
        result = run_match(rs, ["random"] * n, seed, keep_session=True)     # (c): StuckMatch at its cap
        game = result.session.game
        assert game.is_over() and game.to_act() == [], "the game did not end"
        record = json.loads(json.dumps(result.session.to_json()))          # the save file's text
        CheckedReplay.views_every = seed % VIEWS_EVERY == 0
        CheckedReplay.views_rng = random.Random(seed)
        again = CheckedReplay.resume(record, folder=folder)                 # (a), (b), (e)
        assert again.checked == len(record["actions"]) == result.actions
        assert state_of(again.game) == state_of(game), "the replay ends in another state"     # (d)
    except Exception as exc:
        exc.add_note(f"in the Klobba! game of seed {seed} ({n} players)")
        raise


def check_seeds(seeds, folder):
    """Worker: check_bot_game on each seed; the failures as (seed, text), in seed order."""
    failures = []
    for seed in seeds:
        try:
            check_bot_game(seed, folder)
        except Exception as exc:
            failures.append((seed, "".join(traceback.format_exception_only(exc)).strip()))
    return failures


def seeds_of(block: int) -> list:
    """Block 0: the quick suite's few games; blocks 1..BLOCKS: the slow sweep's."""
    if block == 0:
        return [SEED_BASE - QUICK_GAMES + i for i in range(QUICK_GAMES)]
    per_block = N_GAMES // BLOCKS
    return [SEED_BASE + i for i in range((block - 1) * per_block, block * per_block)]


@pytest.mark.parametrize("block", blocks(BLOCKS + 1))
def test_bot_games_keep_cards_play_legally_end_replay_and_keep_secrets(block, folder, pool):
    """Seeded random Klobba! games (block 0 a few, the others N_GAMES / BLOCKS each): (a) cards and
    Stars conserved after every action, (b) every applied action legal and by a seat asked to act,
    (c) the game ends, (d) the replay gives the same state, (e) no view names a hidden card."""
    seeds = seeds_of(block)
    if pool is None or block == 0:      # the quick block plays here: starting workers costs more
        failures = check_seeds(seeds, folder)
    else:
        jobs = pool._max_workers
        futures = [pool.submit(check_seeds, seeds[k::jobs], folder) for k in range(jobs)]
        failures = sorted(f for fut in futures for f in fut.result())
    if not failures:
        return
    summary = f"{len(failures)} of {len(seeds)} Klobba! games fail:\n" + \
        "\n".join(f"- seed {seed}: {text}" for seed, text in failures)
    first = failures[0][0]
    try:
        check_bot_game(first, folder)       # again here, for pytest's full report
    except Exception as exc:
        exc.add_note(summary)
        raise
    pytest.fail(summary + f"\n(seed {first} passed when played again in the test's process: "
                "a game that does not replay the same)")


def test_every_player_count_and_house_rule_mix_plays_through_the_contract():
    """Both ways the Totems may move, with and without Surprise redraws, offers from 2 players, 2 to
    4 players: games played by random choices through the contract keep every card and Star and only
    ever offer actions that apply."""
    from game.families.clash.rules import ClashGame
    rs = klobba()
    rng = random.Random(5)
    base = rs.parameters()
    for i in range(24):
        opts = {"variants": {}, "match_end": {"mode": "rounds", "rounds": 1, "points": 100}}
        game = ClashGame(rs, 2 + i % 3, opts, seed=i)
        game.rules = dict(game.rules)
        game.rules["surprise_redraws_playing_cards"] = bool(i % 2)
        game.rules["offers"] = {"from_players": 2 if i % 4 < 2 else 3, "reward": 1}
        game.direction = 1 if i % 8 < 4 else -1
        game.white = (game.black + game.direction) % game.n
        game.sides = {}
        game.black_times[game.black] -= 1
        game.round_no -= 1
        game._start_round()
        while not game.is_over():
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            assert legal, f"seat {seat} must act in phase {game.phase} but has no legal action"
            game.apply(seat, rng.choice(legal))
            check_conserved(game)
        assert base == rs.parameters()
