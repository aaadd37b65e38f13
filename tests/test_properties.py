"""Properties over thousands of seeded matches of every ruleset (DESIGN.md, Tests).

- cards are never created or lost: deck + discard + layouts + drawn card = the
  ruleset's deck (70 Kombio, 76 Cambio, 54 classic Cambio) after every action,
  and every card id is in exactly one place;
- only legal actions are applied: whoever is asked to act has a legal action,
  and (sampled) an action outside legal_actions raises IllegalAction and
  changes nothing;
- every match ends (a cap on actions);
- replaying the action list (Session.resume of session.to_json()) gives the
  same state: every view, the scores, the deck order and the random state.

Random players are seeded random.Random; most matches are one round long, a
few are full matches (rounds and points). Cambio is played to points only, so
its short matches end at 1 point (after the first round, as a rule). Bot
players (game.ai) are checked the same way by replaying their recorded
matches step by step.
"""
import json
import os
import random
import shutil

import pytest

from game.engine.core import Action, IllegalAction
from game.engine.ruleset import default_options
from game.engine.session import Session
from rigging import SWEEP_JOBS, ROOT, all_views, blocks, check_conserved, kombio, load, worker_pool

N_ONE_ROUND = 2000          # one-round matches with random players
FULL_MATCHES = [("rounds", 5)] * 6 + [("points", 100)] * 3 + [("points", 60)] * 3
MAX_ACTIONS = 40000         # per match: far above any real match
VARIANTS = ("lock_in_duel", "ties_favour_caller", "own_cards_only", "mandatory_abilities")
OTHER_RULESETS = ("cambio", "cambio-classic")
N_SHORT_OTHER = 1000        # short matches with random players, per other ruleset


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """For each ruleset a rulesets folder holding only its file, for Session.resume (which
    reads every file of the folder: one is quicker)."""
    out = {}
    for rid in ("kombio",) + OTHER_RULESETS:
        path = tmp_path_factory.mktemp(rid)
        shutil.copy(os.path.join(ROOT, "rulesets", rid + ".yaml"), path / (rid + ".yaml"))
        out[rid] = str(path)
    return out


@pytest.fixture(scope="module")
def folder(folders):
    """A rulesets folder holding only kombio.yaml."""
    return folders["kombio"]


def match_options(rng, mode="rounds", length=1, ruleset=None):
    rs = ruleset or kombio()
    opts = default_options(rs)
    keys = VARIANTS if rs.id == "kombio" else [v.key for v in rs.variants]
    opts["variants"] = {v: rng.random() < 0.25 for v in keys}
    opts["match_end"] = {"mode": mode, "rounds": length if mode == "rounds" else rs.match_end.rounds,
                         "points": length if mode == "points" else rs.match_end.points}
    return opts


# --- players -----------------------------------------------------------------------
# A player is f(rng, game, seat, legal) -> one of `legal`.

def uniform(rng, game, seat, legal):
    """Any legal action, all alike: wrong matches galore, penalties, empty decks."""
    return rng.choice(legal)


def by_kind(rng, game, seat, legal, call_weight=0.15):
    """A kind of move first (draw, exchange, peek, match, pass...), then one of that kind."""
    groups = {}
    for a in legal:
        groups.setdefault(a.kind, []).append(a)
    kinds = sorted(groups)
    weights = [call_weight if k == "call" else 1.0 for k in kinds]
    kind = rng.choices(kinds, weights)[0]
    return rng.choice(groups[kind])


def sharp(rng, game, seat, legal):
    """Peeks at the true cards (a test may) to match correctly and empty hands: automatic calls,
    gives, players with no cards left; rarely calls on its own."""
    if game.phase == "window":
        top = game.defs[game.window["card"]].match
        good = [a for a in legal if a.kind == "match"
                and game.defs[game.layouts[a.pos[0]][a.pos[1]]].match == top]
        if good and rng.random() < 0.9:
            own = [a for a in good if a.pos[0] == seat]
            return rng.choice(own or good)
        if rng.random() < 0.9:
            return Action("pass")
    return by_kind(rng, game, seat, legal, call_weight=0.03)


def slow(rng, game, seat, legal):
    """Hardly ever calls and mostly passes: long rounds that empty and reshuffle the deck."""
    if game.phase == "window" and rng.random() < 0.8:
        return Action("pass")
    return by_kind(rng, game, seat, legal, call_weight=0.03)


PLAYERS = (uniform, by_kind, sharp, uniform, by_kind, sharp, slow)


# --- snapshots and illegal actions -----------------------------------------------------

def internals(game):
    """The state's own data and its random state (cheaper than the views)."""
    fixed = ("ruleset", "rng", "defs", "faces")      # the ruleset's cards: never change
    # _underscored attributes are caches derived from the rest (e.g. reused slot views)
    return ({k: repr(v) for k, v in vars(game).items() if k not in fixed and not k.startswith("_")},
            game.rng.getstate())


def snapshot(game):
    """Everything about the state: every view plus the internals and the random state."""
    return all_views(game), internals(game)


KINDS = ("look_start", "draw", "call", "exchange", "discard", "peek", "swap", "skip", "choose",
         "pick", "match", "pass", "give", "decide", "next_round")


def candidate(rng, game):
    """A well-formed action of any kind, with random arguments (often nonsense)."""
    kind = rng.choice(KINDS)

    def pos():
        return (rng.randrange(-1, game.n + 1), rng.randrange(-1, 7))
    if kind == "draw":
        return Action(kind, choice=rng.choice(["deck", "discard", "hat"]))
    if kind == "decide":
        return Action(kind, choice=rng.choice(["take", "return", "keep"]))
    if kind == "choose":
        return Action(kind, choice=rng.choice(list(game.ruleset.abilities) + ["nothing"]))
    if kind == "swap":
        return Action(kind, pos=pos(), pos2=pos())
    if kind in ("exchange", "peek", "pick", "match", "give"):
        return Action(kind, pos=pos())
    return Action(kind)


def mirrored(action):
    return Action(action.kind, pos=action.pos2, pos2=action.pos, choice=action.choice)


def check_illegal_refused(rng, game, tries=6):
    """Actions outside legal_actions (from any seat, in or out of turn) raise and change nothing."""
    before = snapshot(game)
    inside = before[1]
    for _ in range(tries):
        seat = rng.randrange(game.n)
        legal = game.legal_actions(seat)
        action = candidate(rng, game)
        if action in legal or (action.kind == "swap" and mirrored(action) in legal):
            continue
        with pytest.raises(IllegalAction) as info:
            game.apply(seat, action)
        assert str(info.value).strip(), f"{action}: empty message"
        assert internals(game) == inside, f"refused {action} by seat {seat} changed the state"
    # a legal action of a seat that is not asked to act is refused too
    idle = [s for s in range(game.n) if s not in game.to_act()]
    if idle:
        seat = rng.choice(idle)
        for action in game.legal_actions(rng.choice(game.to_act()) if game.to_act() else seat)[:3]:
            with pytest.raises(IllegalAction):
                game.apply(seat, action)
            assert internals(game) == inside
    assert snapshot(game) == before


def check_copy_is_independent(rng, game):
    before = snapshot(game)
    twin = game.copy()
    assert all_views(twin) == before[0]
    for _ in range(3):
        seats = twin.to_act()
        if not seats:
            break
        seat = rng.choice(seats)
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    assert snapshot(game) == before, "playing on a copy changed the original"


def check_step(game, views=True, every_seat=True):
    """After every action: the ruleset's cards, each in one place; someone to act, with a legal
    action.

    views: also count the cards in the public view (what the table shows);
    every_seat: check every seat asked to act (else the caller checks the one that acts)."""
    check_conserved(game)
    if views:
        v = game.view(None)
        in_play = v.deck_count + len(v.discard) + sum(s.cards_left for s in v.seats)
        assert in_play + (v.drawn_by is not None) == len(game.defs) == game.ruleset.deck_size()
        assert v.drawn_by is None or game.view(v.drawn_by).drawn is not None
    if not game.is_over():
        seats = game.to_act()
        assert seats, f"nobody may act in phase {game.phase}"
        for s in seats if every_seat else ():
            assert game.legal_actions(s), f"seat {s} must act in phase {game.phase} but cannot"


def play_match(seed, folder, policy, opts, n, deep=False, ruleset=None, sampled=False):
    """One checked match through a Session; returns the session.

    sampled: every seat asked to act is checked for a legal action only at the steps whose
    views are checked too (about one in ten), the acting seat at every step: quicker with
    up to 8 players racing for every discard."""
    rng = random.Random(seed)
    seats = [{"name": f"P{i}", "kind": "ai"} for i in range(n)]
    session = Session.new(ruleset or kombio(), seats, opts, seed=seed)
    game = session.game
    mid = None                   # (action count, snapshot) at a random point, for a partial replay
    mid_at = rng.randrange(1, 60)
    check_step(game)
    for count in range(MAX_ACTIONS):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} must act in phase {game.phase} but cannot"
        action = policy(rng, game, seat, legal)
        assert action in legal
        session.apply(seat, action)
        views = deep or rng.random() < 0.1
        check_step(game, views=views, every_seat=views or not sampled)
        if (deep and count % 4 == 0) or rng.random() < 0.004:
            check_illegal_refused(rng, game)
            check_copy_is_independent(rng, game)
        if count + 1 == mid_at:
            mid = (count + 1, snapshot(game))
    else:
        pytest.fail(f"match seed {seed} did not end within {MAX_ACTIONS} actions")
    check_illegal_refused(rng, game)
    # replay: the saved record (through real JSON text) gives the same state
    record = json.loads(json.dumps(session.to_json()))
    again = Session.resume(record, folder=folder)
    assert snapshot(again.game) == snapshot(game)
    assert again.game.scores() == game.scores() and again.game.is_over()
    if mid is not None:
        partial = dict(record, actions=record["actions"][:mid[0]])
        assert snapshot(Session.resume(partial, folder=folder).game) == mid[1]
    return session


# --- the properties ----------------------------------------------------------------

def _one_round_matches(seeds, folder) -> int:
    """Worker: the one-round Kombio matches of these seeds (an AssertionError names the match)."""
    for seed in seeds:
        rng = random.Random(seed * 7919)
        n = 2 + seed % 5
        policy = PLAYERS[seed % len(PLAYERS)]
        play_match(seed, folder, policy, match_options(rng), n, deep=(seed % 100 == 0))
    return len(seeds)


@pytest.mark.parametrize("block", blocks(20, quick=2))
def test_one_round_matches_with_random_players(block, folder, pool):
    """2,000 seeded one-round matches, 2 to 6 players, random variants, three kinds of player."""
    per_block = N_ONE_ROUND // 20
    seeds = [block * per_block + i for i in range(per_block)]
    if pool is None or block < 2:       # the quick suite's blocks play here: workers cost more to start
        assert _one_round_matches(seeds, folder) == per_block
        return
    futures = [pool.submit(_one_round_matches, seeds[k::SWEEP_JOBS], folder) for k in range(SWEEP_JOBS)]
    assert sum(f.result() for f in futures) == per_block


@pytest.mark.parametrize("k,end", list(enumerate(FULL_MATCHES)), ids=lambda x: str(x))
def test_full_matches_with_random_players(k, end, folder):
    """Whole matches, to a number of rounds or to a number of points, end with the lowest total
    winning."""
    seed = 100000 + k
    rng = random.Random(seed)
    mode, length = end
    n = 2 + k % 5
    session = play_match(seed, folder, PLAYERS[k % len(PLAYERS)],
                         match_options(rng, mode, length), n)
    v = session.game.view(None)
    totals = session.game.scores()
    assert v.match_over and set(v.winners) == {s for s in range(n) if totals[s] == min(totals)}
    assert totals == [sum(h[s] for h in v.history) for s in range(n)]
    if mode == "rounds":
        assert len(v.history) == length
    else:
        assert max(totals) >= length
        assert all(max(sum(h[s] for h in v.history[:r]) for s in range(n)) < length
                   for r in range(1, len(v.history)))


# --- bots (game.ai), when they exist ------------------------------------------------------

def _run_match():
    try:
        from game.lab.simulate import run_match
    except ImportError:
        return None
    return run_match


def replay_checked(session, folder):
    """Replay a recorded match action by action on a fresh state, checking every step."""
    record = json.loads(json.dumps(session.to_json()))
    fresh = Session(load(record["ruleset"]), record["seats"], record["options"], record["seed"])
    game = fresh.game
    check_step(game)
    for i, (seat, data) in enumerate(record["actions"]):
        action = Action.from_json(data)
        assert seat in game.to_act(), f"action {i}: seat {seat} was not asked to act"
        legal = game.legal_actions(seat)
        assert action in legal or (action.kind == "swap" and mirrored(action) in legal), \
            f"action {i}: {action} by seat {seat} is not among the legal actions"
        fresh.apply(seat, action)
        check_step(game, views=i % 10 == 0)
    assert snapshot(game) == snapshot(session.game)
    assert snapshot(Session.resume(record, folder=folder).game) == snapshot(session.game)


LEVELS = ("easy", "normal")


@pytest.mark.parametrize("block", blocks(4))
def test_bot_matches(block, folder):
    """Seeded bot-vs-bot matches (game.lab.simulate.run_match): the same properties."""
    run_match = _run_match()
    if run_match is None:
        pytest.skip("game.lab.simulate.run_match is not there yet")
    for i in range(75):
        seed = 500000 + block * 100 + i
        rng = random.Random(seed)
        n = 2 + seed % 5
        levels = [rng.choice(LEVELS) for _ in range(n)]
        full = i % 25 == 0
        opts = match_options(rng, "rounds", 5 if full else 1)
        result = run_match(kombio(), levels, seed, opts, keep_session=True)
        assert result.session.game.is_over()
        replay_checked(result.session, folder)


# --- Cambio and classic Cambio --------------------------------------------------------------------

def short_options(rng, rs):
    """A short match: one round where the ruleset has rounds, else the first to reach 1 point."""
    if "rounds" in rs.match_end.modes:
        return match_options(rng, "rounds", 1, rs)
    return match_options(rng, "points", 1, rs)


def _short_matches(rid, seeds, folder) -> int:
    """Worker: the short random-player matches of these seeds (an AssertionError names the match)."""
    rs = load(rid)
    for seed in seeds:
        rng = random.Random(seed * 7919)
        n = rs.min_players + seed % (rs.max_players - rs.min_players + 1)
        policy = PLAYERS[seed % len(PLAYERS)]
        play_match(seed, folder, policy, short_options(rng, rs), n, deep=(seed % 100 == 0),
                   ruleset=rs, sampled=True)
    return len(seeds)


@pytest.fixture(scope="module")
def pool():
    """Worker processes for the sweeps (None: play in this process)."""
    yield from worker_pool()


@pytest.mark.parametrize("block", blocks(10))
@pytest.mark.parametrize("rid", OTHER_RULESETS)
def test_short_matches_with_random_players_other_rulesets(rid, block, folders, pool):
    """1,000 seeded short matches per ruleset, 2 to 8 players, random variants, every kind of
    player: cards conserved, only legal actions, every match ends, the replay is the same."""
    per_block = N_SHORT_OTHER // 10
    seeds = [200000 + block * per_block + i for i in range(per_block)]
    if pool is None:
        assert _short_matches(rid, seeds, folders[rid]) == per_block
        return
    jobs = SWEEP_JOBS
    futures = [pool.submit(_short_matches, rid, seeds[k::jobs], folders[rid]) for k in range(jobs)]
    assert sum(f.result() for f in futures) == per_block


OTHER_FULL = [("cambio", "points", 50)] * 4 + [("cambio-classic", "points", 100)] * 2 \
    + [("cambio-classic", "rounds", 5)] * 2


@pytest.mark.parametrize("k,case", list(enumerate(OTHER_FULL)), ids=lambda x: str(x))
def test_full_matches_with_random_players_other_rulesets(k, case, folders):
    """Whole Cambio matches to 50 points and classic ones to 100 points or 5 rounds end with the
    lowest total winning."""
    rid, mode, length = case
    rs = load(rid)
    seed = 300000 + k
    rng = random.Random(seed)
    n = 2 + k % 7
    session = play_match(seed, folders[rid], PLAYERS[k % len(PLAYERS)],
                         match_options(rng, mode, length, rs), n, ruleset=rs)
    v = session.game.view(None)
    totals = session.game.scores()
    assert v.match_over and set(v.winners) == {s for s in range(n) if totals[s] == min(totals)}
    assert totals == [sum(h[s] for h in v.history) for s in range(n)]
    if mode == "rounds":
        assert len(v.history) == length
    else:
        assert max(totals) >= length
        assert all(max(sum(h[s] for h in v.history[:r]) for s in range(n)) < length
                   for r in range(1, len(v.history)))


@pytest.mark.parametrize("block", range(1))
@pytest.mark.parametrize("rid", OTHER_RULESETS)
def test_bot_matches_other_rulesets(rid, block, folders):
    """Seeded bot-vs-bot Cambio and classic Cambio matches (game.lab.simulate.run_match): the
    same properties, replayed step by step."""
    run_match = _run_match()
    if run_match is None:
        pytest.skip("game.lab.simulate.run_match is not there yet")
    rs = load(rid)
    for i in range(100):
        seed = 600000 + block * 100 + i
        rng = random.Random(seed)
        n = rs.min_players + seed % (rs.max_players - rs.min_players + 1)
        levels = [rng.choice(LEVELS) for _ in range(n)]
        full = i % 25 == 0
        opts = match_options(rng, "points", rs.match_end.points, rs) if full \
            else short_options(rng, rs)
        result = run_match(rs, levels, seed, opts, keep_session=True)
        assert result.session.game.is_over()
        replay_checked(result.session, folders[rid])
