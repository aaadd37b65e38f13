"""Issue 31 ("Think fast") for the clash family (Klobba!): the faster paths give exactly what the plain
ones give. A bot's Table works out a whole row of values at once (bot_outcomes.Table._row) where the
rules read pair by pair (_plain_one); the game keeps who acts and their legal actions until its next
action; views are filled without their dataclasses' __init__. Each must change nothing a player, a
bot or a test can see (bench/bench_speed.py checks the games themselves: "sim same games")."""
from __future__ import annotations

import dataclasses
import math
import random

from game.engine.core import Action
from game.families.clash import bot_outcomes
from game.families.clash.bots import make_bot
from game.families.clash.view import ClashView
from game.lab.simulate import run_match
from rigging_klobba import klobba


def _games(seeds, seats):
    """A copy of the game before each action of seeded normal matches, with the seat that acted."""
    from game.engine.session import Session
    for seed in seeds:
        record = run_match(klobba(), ("normal",) * seats, seed, keep_session=True).session.to_json()
        replay = Session.resume({**record, "actions": []})
        for seat, data in record["actions"]:
            yield replay.game.copy(), seat
            replay.apply(seat, Action.from_json(data))


def test_a_row_holds_what_each_pair_is_worth():
    """A row (every unseen card against one card, worked out together) holds, bit for bit, the value
    of each pair as the rules read: Mirrors, flights, both, and a card that selects nobody."""
    ruleset = klobba()
    asked = 0
    for game, seat in _games((1, 2), 4):
        if game.phase not in ("group", "lay") or seat not in game.sides:
            continue
        view = game.view(seat)
        bot = make_bot(ruleset, seat, "normal", 0)
        bot._learn(view)
        other = game.white if seat == game.black else game.black
        free = game._free_of_totems()
        groups = (game.sides[seat].group, game.sides[other].group) if game.phase == "lay" else \
            ((view.seats[seat].place, free[0]), (view.seats[other].place, free[1]))
        for wins_only in (False, True):
            bot_outcomes._TABLES.clear()
            table = bot._table(view, seat, groups, wins_only=wins_only)
            keys = list(table._row_keys) + [bot_outcomes.NOBODY]
            for mine in keys:
                row = table._row(mine)
                for theirs in table._row_keys:
                    assert row[theirs] == table._plain_one(mine, theirs), (mine, theirs, wins_only)
                    asked += 1
    assert asked > 2000


def test_roles_of_many_keys_are_each_keys_role():
    """Table._roles_of (the _me/_them tuple of many keys' Sides: the Group says which) gives what
    side() then _me()/_them() give key by key, on every Group a Table weighs, asked again or fresh."""
    ruleset = klobba()
    asked = 0
    for game, seat in _games((1,), 4):
        if game.phase != "lay" or seat not in game.sides:
            continue
        view = game.view(seat)
        bot = make_bot(ruleset, seat, "normal", 0)
        bot._learn(view)
        for wins_only in (False, True):
            bot_outcomes._TABLES.clear()
            table = bot._table(view, seat, wins_only=wins_only)
            keys = list(bot.tag)            # every key of the deck, and NOBODY
            for group in ("M", "T", "KM", "KT"):
                role = table._me if group in ("M", "KM") else table._them
                plain = [role(table.side(k, group)) for k in keys]
                bot_outcomes._TABLES.clear()
                fresh = bot._table(view, seat, wins_only=wins_only)
                assert fresh._roles_of(keys, group) == plain == fresh._roles_of(keys, group), (group, wins_only)
                asked += len(keys)
    assert asked > 500


def test_the_worst_of_draws_is_the_best_of_the_values_negated():
    """expected_min sorts the values themselves instead of negating them: the same number, bit for bit."""
    rng = random.Random(3)
    for _ in range(3000):
        values = [rng.choice((rng.uniform(-6, 6), rng.randrange(-3, 4) / 4)) for _ in range(rng.randrange(1, 20))]
        k = rng.randrange(1, 5)
        assert bot_outcomes.expected_min(values, k) == -bot_outcomes.expected_max([-v for v in values], k)
        assert bot_outcomes.expected_max(values, k) == (
            max(values) if k >= len(values) else
            sum(v * math.comb(len(values) - 1 - i, k - 1) for i, v in enumerate(sorted(values, reverse=True)))
            / math.comb(len(values), k))


def test_who_acts_and_the_legal_actions_follow_every_change():
    """The game keeps who acts and the legal actions until its next action: a copy starts afresh, the
    list handed out is the caller's own, and an action (or `forget`, after a change made by hand)
    brings them up to date."""
    for game, seat in _games((3,), 3):
        before = game.to_act(), {s: game.legal_actions(s) for s in range(game.n)}
        copy = game.copy()
        assert copy.to_act() == before[0] and all(copy.legal_actions(s) == before[1][s] for s in range(game.n))
        handed = game.legal_actions(seat)
        handed.clear()
        assert game.legal_actions(seat) == before[1][seat]
        action = before[1][seat][0]
        copy.apply(seat, action)
        fresh = copy.copy()
        fresh.forget()
        assert copy.to_act() == list(fresh._to_act_now()) == fresh.to_act()
        assert all(copy.legal_actions(s) == copy.LEGAL[copy.phase](copy, s) if s in copy.to_act() else
                   copy.legal_actions(s) == [] for s in range(copy.n))
        assert game.to_act() == before[0]            # the original is untouched


def test_a_view_is_a_whole_dataclass():
    """Views filled at once hold every field of their dataclass, in order, and equal one made by its
    __init__ (dataclasses.replace makes one so)."""
    def whole(value):
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            assert list(vars(value)) == [f.name for f in dataclasses.fields(value)], type(value)
            for f in dataclasses.fields(value):
                whole(getattr(value, f.name))
        elif isinstance(value, tuple):
            for item in value:
                whole(item)
    seen = 0
    for game, _ in _games((4,), 4):
        for seat in [None] + list(range(game.n)):
            view = game.view(seat)
            whole(view)
            assert dataclasses.replace(view) == view and isinstance(view, ClashView)
            seen += 1
    assert seen > 100


# what HardBot chose, and the numbers it chose by, on the positions below, as the code before the
# speed-ups of issue 31's second pass gave them (commit ca38ea2): a digest of each decision's
# choice, its means per root action, its playouts, the policy's rival and its lead
HARD_DECISIONS = "ff35b0d72a7d9c04"


def test_the_hard_level_decides_as_before():
    """A fixed playout budget on seeded positions of 2-, 4- and 3-seat matches: HardBot's choice and
    its `last` numbers (means, playouts, choice, lead) are those recorded before the speed-ups (the
    playouts run the normal bots' arithmetic, views and rules: any change in them shows here)."""
    import hashlib
    from game.ai.hard import HardBot
    from game.engine.session import Session
    ruleset = klobba()
    digest = hashlib.sha256()
    for seats, seed in ((2, 1), (4, 2), (3, 5)):
        record = run_match(ruleset, ("normal",) * seats, seed, keep_session=True).session.to_json()
        replay = Session.resume({**record, "actions": []})
        game = replay.game
        for i, (who, data) in enumerate(record["actions"]):
            to_act = game.to_act()
            if who in to_act and len(to_act) == 1 and len(game.legal_actions(who)) > 1 and i % 3 == 0:
                bot = HardBot(ruleset, who, seed=i, playouts=24, options=record["options"])
                chosen = bot.choose(game.view(who), game.legal_actions(who))
                last = bot.last
                digest.update(repr((chosen, sorted((repr(k), v) for k, v in last["means"].items()),
                                    last["playouts"], last["choice"], last["lead"])).encode())
            replay.apply(who, Action.from_json(data))
    assert digest.hexdigest()[:16] == HARD_DECISIONS
