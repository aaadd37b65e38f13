"""Properties over thousands of seeded Castle Combo games (DESIGN.md, Tests), 2 to 5 players.

Seats play at the `random` level (uniform over the legal actions: it spends keys, refreshes, takes
cards face down and moves purse gold back and forth) or as a hand-written buyer (buys the dearest
card it can pay, else takes one face down, in a random legal cell; never spends a key), so both
the face-down-heavy and the buying games are swept. For every game:

(a) gold and keys are never negative, after every action;
(b) every card is accounted for after every action: decks + displays + discard piles + tableaux +
    cards removed by the empty-location rule = the 78 cards, each once;
(c) every tableau is legal after every action (no two cards in one cell, within 3 rows and 3
    columns, each card orthogonally next to another), and a finished one is a full 3 x 3 grid;
(d) every game ends, with 9 cards each, after 9 turns each, with a result per seat whose total is
    its cards' points plus its keys;
(e) the views of all seats are equal except for `viewer` and `prices` (open information);
(f) replaying the action list (through JSON) from the seed gives the same state;
(g) every event has a log sentence (or none) and its JSON form.

The first block runs in the quick suite; the others are marked slow and spread over the worker
processes (rigging.worker_pool).
"""
import json
import random
import traceback

import pytest

from game.ai.random_bot import RandomBot
from game.engine.core import Action
from game.families.tableau import scoring
from game.families.tableau.words import describe
from rigging import blocks, worker_pool
from rigging_castle_combo import accounted, new_game

GAMES = 2000                 # seeded games in the whole sweep
BLOCKS = 8
QUICK_GAMES = 40             # block 0 (the quick suite)
SEED_BASE = 31_000_000
VIEWS_EVERY = 10             # one game in 10 compares every seat's view after every action
REPLAY_EVERY = 5             # one game in 5 is replayed from its seed


@pytest.fixture(scope="module")
def pool():
    yield from worker_pool()


class Buyer:
    """Buys the dearest card it can pay (face down when it can pay none), in a random legal cell;
    keeps every key; at the end agrees to the proposed purses."""

    def __init__(self, seat, seed):
        self.seat, self.rng = seat, random.Random(seed)

    def choose(self, game, legal):
        buys = [a for a in legal if a.kind == "buy"]
        if buys:
            dearest = max(game.faces[a.places[0][2]].cost for a in buys)
            return self.rng.choice([a for a in buys if game.faces[a.places[0][2]].cost == dearest])
        if any(a.kind == "purses_done" for a in legal):
            return next(a for a in legal if a.kind == "purses_done")
        rest = [a for a in legal if a.kind not in ("key_move", "key_refresh")]
        return self.rng.choice(rest)


def check_tableau(t, final=False):
    cells = [(p.row, p.col) for p in t]
    assert len(set(cells)) == len(cells), "two cards in one cell"
    if cells:
        rows, cols = [r for r, _ in cells], [c for _, c in cells]
        assert max(rows) - min(rows) < 3 and max(cols) - min(cols) < 3, "a 4th row or column"
    if len(cells) > 1:
        assert all(any(abs(r - r2) + abs(c - c2) == 1 for r2, c2 in cells) for r, c in cells), "a loose card"
    if final:
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        assert sorted((r - top, c - left) for r, c in cells) == [(r, c) for r in range(3) for c in range(3)]


def state_of(game):
    fixed = ("ruleset", "rng", "faces", "options", "rules", "_view_common")
    data = {k: repr(v) for k, v in vars(game).items() if k not in fixed}
    return data, game.rng.getstate(), repr(game.view(None))


def play(seed):
    """One seeded game, checked after every action; returns the action list."""
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    game = new_game(n, seed)
    players = [RandomBot(s, seed * 10 + s) if rng.random() < 0.5 else Buyer(s, seed * 10 + s)
               for s in range(n)]
    record = []
    names = [f"Player {s + 1}" for s in range(n)]
    all_views = seed % VIEWS_EVERY == 0
    while not game.is_over():
        assert len(game.to_act()) == 1
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} has nothing to do in phase {game.phase}"
        p = players[seat]
        action = p.choose(game, legal) if isinstance(p, Buyer) else p.choose(None, legal)
        events = game.apply(seat, action)
        record.append((seat, action.to_json()))
        for e in events:            # the log has a sentence (or nothing) for every event
            assert isinstance(describe(e, names), str)
            if all_views:
                json.dumps(e.to_json())
        assert min(game.gold) >= 0 and min(game.keys) >= 0, "gold or keys below 0"
        assert accounted(game) == list(range(78)), "a card created or lost"
        for t in game.tableaux:
            check_tableau(t)
        if all_views:
            views = [game.view(s).__dict__ for s in [None] + list(range(n))]
            strip = [{k: v for k, v in view.items() if k not in ("viewer", "prices")} for view in views]
            assert all(s == strip[0] for s in strip), "views differ beyond viewer and prices"
        assert len(record) < 5000, "the game does not end"
    assert game.turn_no == 9 * n and all(len(t) == 9 for t in game.tableaux)
    for t in game.tableaux:
        check_tableau(t, final=True)
    for r in game.results:
        assert r.total == sum(c.points for c in r.cards) + r.keys
        assert r.total == scoring.total_score(game.faces, game.tableaux[r.seat], game.keys[r.seat])
    assert game.winners() and game.view(None).results
    if seed % REPLAY_EVERY == 0:
        again = new_game(n, seed)
        for seat, action in json.loads(json.dumps(record)):
            again.apply(seat, Action.from_json(action))
        assert state_of(again) == state_of(game), "the replay differs"
    return len(record)


def play_block(seeds):
    """Play these seeds; (seed, traceback) of the first failure, or None."""
    for seed in seeds:
        try:
            play(seed)
        except Exception:
            return seed, traceback.format_exc()
    return None


def _seeds(block):
    if block == 0:
        return list(range(SEED_BASE, SEED_BASE + QUICK_GAMES))
    per = (GAMES - QUICK_GAMES) // (BLOCKS - 1)
    start = SEED_BASE + QUICK_GAMES + (block - 1) * per
    return list(range(start, start + per))


@pytest.mark.parametrize("block", blocks(BLOCKS))
def test_seeded_games_keep_every_property(block, pool):
    seeds = _seeds(block)
    if pool is None or block == 0:
        failure = play_block(seeds)
    else:
        half = len(seeds) // 2
        failures = list(pool.map(play_block, [seeds[:half], seeds[half:]]))
        failure = next((f for f in failures if f), None)
    assert failure is None, f"seed {failure[0]}:\n{failure[1]}"
