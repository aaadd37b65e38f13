"""Issue 30 (1): taking a move back, by Board Game Arena's policy (game/engine/undo.py).

"For each family, every legal action from a sample of 2,000 positions is either undoable to an
identical state and identical views for every seat, or refused with a reason; a property test that
no undo ever changes what any seat has seen."

Positions are sampled from seeded bot matches of every shipped ruleset. At each, every legal move of
the seat to act is made on a copy: either `refusal` gives a sentence, or the move is one that may be
taken back, and then
- taking it back restores the state exactly: the copy kept before it shows every seat the same view,
  has the same scores and the same random state as the match replayed from its record to that point
  (so nothing of the move stays behind);
- it showed no one anything hidden from the player who made it: in a state dealt anew from that
  player's view (Family.determinize: every card the player cannot see dealt again), the same move
  shows that player the same view and the table the same public view. A move that drew a card, looked
  at one or turned one up would show another card there.
"""
from __future__ import annotations

import random

import pytest

from game.engine import registry, undo
from game.engine.core import Action
from game.engine.ruleset import find_ruleset
from game.engine.session import Session
from game.lab.conformance import seeded_setup
from game.lab.simulate import run_match
from rigging import readable

RULESETS = ("kombio", "cambio", "cambio-classic", "kumbal", "klobba", "castle-combo")
POSITIONS = 2000          # per family, spread over its shipped rulesets
SEEDS = 8                 # matches per ruleset the positions are drawn from


def family_rulesets():
    by_family = {}
    for rid in RULESETS:
        ruleset = find_ruleset(rid)
        by_family.setdefault(ruleset.family, []).append(ruleset)
    return by_family


def positions(ruleset, want: int, seed0: int):
    """(session replayed to a sampled point, its record) for `want` points drawn from seeded bot
    matches of mixed levels, seat counts and house rules: at most `want // SEEDS` from each match,
    as many matches as it takes."""
    rng = random.Random(seed0)
    per_match, found, seed = max(1, want // SEEDS), 0, seed0
    while found < want:
        levels, options = seeded_setup(ruleset, seed, players=2 + seed % 2)
        record = run_match(ruleset, levels, seed, options, keep_session=True).session.to_json()
        seed += 1
        n = len(record["actions"])
        picks = set(rng.sample(range(n), min(per_match, n, want - found)))
        found += len(picks)
        session = Session.resume({**record, "actions": []}, ruleset=ruleset)
        for i, (seat, action) in enumerate(record["actions"]):
            if i in picks:
                yield session, record
            session.apply(seat, Action.from_json(action))


def views(game, n):
    return [game.view(s) for s in [None, *range(n)]]


@pytest.mark.parametrize("family_name", sorted(family_rulesets()))
def test_every_move_is_taken_back_exactly_or_refused_with_a_reason(family_name):
    family = registry.family(family_name)
    rulesets = family_rulesets()[family_name]
    rng = random.Random(30)
    seen = {"positions": 0, "allowed": 0, "refused": 0, "twins": 0}
    reasons = set()
    for ruleset in rulesets:
        for session, record in positions(ruleset, POSITIONS // len(rulesets), 30_000):
            game, n = session.game, len(session.seats)
            seen["positions"] += 1
            kept = game.copy()                       # the point a take-back returns to
            before = (views(game, n), list(game.scores()), undo.chance(game))
            replayed = Session.resume({**record, "actions": record["actions"][:len(session.match.actions)]},
                                      ruleset=ruleset).game
            assert (views(replayed, n), list(replayed.scores()), undo.chance(replayed)) == before
            for seat in game.to_act():
                for action in game.legal_actions(seat):
                    after = game.copy()
                    events = after.apply(seat, action)
                    why = undo.refusal(family, before[2], after, events)
                    if why:
                        assert readable(why), why
                        reasons.add(why)
                        seen["refused"] += 1
                        continue
                    seen["allowed"] += 1
                    # taken back: the copy kept before is the state as it was, whatever the move did
                    assert (views(kept, n), list(kept.scores()), undo.chance(kept)) == before
                    if family.determinize is None:
                        continue
                    twin = family.determinize(ruleset, session.options, game.view(seat), rng)
                    twin.apply(seat, action)
                    assert twin.view(seat) == after.view(seat), \
                        f"{ruleset.id}: {action} by seat {seat} showed that seat a card it could not see"
                    assert twin.view(None) == after.view(None), \
                        f"{ruleset.id}: {action} by seat {seat} showed the table a card that seat could not see"
                    seen["twins"] += 1
    assert seen["positions"] >= POSITIONS - len(rulesets)
    assert seen["allowed"] > 0 and seen["refused"] > 0, seen
    print(family_name, seen, sorted(reasons))
