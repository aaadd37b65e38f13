"""Castle Combo's fast counting (game/families/tableau/tally.py) gives the bots exactly the numbers
the whole scoring gives (issue 31: faster, the same choices).

Normal values a candidate by filling the rest of each 3x3 frame with shared draws and scoring
each filled tableau (`scoring.total_score`, the leftover gold stored as `best_purses` stores it).
`Draws` adds a candidate up over all the fillings at once; these tests hold it, `Tally.count`
and `Plan.end_points` equal to scoring each tableau whole, on real positions of seeded games,
with both ways of counting a row and a column and with draws too short to fill a frame.
"""
from __future__ import annotations

import random

import pytest

from game.engine.core import Action
from game.engine.session import Session
from game.families.tableau import scoring
from game.families.tableau.bots import Plan, TableauBot, _centred
from game.families.tableau.pieces import Placed
from game.families.tableau.scoring import Context
from game.families.tableau.tally import Draws, Tally
from game.lab.simulate import run_match
from rigging_castle_combo import castle_combo


def _final(faces, tableau, keys, leftover, key_points, union):
    """Baseline's Plan._final: total_score with the leftover gold stored by best_purses."""
    if leftover > 0 and any(p.face_up and scoring.purse_cap(faces[p.card]) for p in tableau):
        stored = dict(scoring.best_purses(faces, tableau, leftover))
        tableau = tuple(Placed(p.card, p.row, p.col, p.face_up, stored.get((p.row, p.col), p.gold))
                        for p in tableau)
    return scoring.total_score(faces, tableau, keys, key_points, union)


def _whole_end_points(plan, tableau, keys, leftover, samples=None):
    """Baseline's Plan.end_points: every frame, every fill, each filled tableau scored whole."""
    bot = plan.bot
    fills = plan.fills if samples is None else plan.fills[:samples]
    if not fills:
        return _final(plan.faces, tableau, keys, leftover, bot.key_points, bot.union)
    rows, cols = [p.row for p in tableau], [p.col for p in tableau]
    taken = {(p.row, p.col) for p in tableau}
    row_frames, col_frames = range(max(rows) - 2, min(rows) + 1), range(max(cols) - 2, min(cols) + 1)
    if not plan.style.every_frame:
        row_frames, col_frames = _centred(row_frames), _centred(col_frames)
    best = None
    for r0 in row_frames:
        for c0 in col_frames:
            empty = [(r, c) for r in range(r0, r0 + 3) for c in range(c0, c0 + 3) if (r, c) not in taken]
            total = 0.0
            for fill in fills:
                full = tableau + tuple(Placed(card, r, c, True) for card, (r, c) in zip(fill, empty))
                total += _final(plan.faces, full, keys, leftover, bot.key_points, bot.union)
            mean = total / len(fills)
            best = mean if best is None or mean > best else best
    return best if best is not None else 0.0


def _positions(seed: int, seats: int = 2):
    """(view, seat) at every purchase of a seeded normal game."""
    ruleset = castle_combo()
    record = run_match(ruleset, ("normal",) * seats, seed, keep_session=True).session.to_json()
    replay = Session.resume({**record, "actions": []})
    game = replay.game
    out = []
    for who, data in record["actions"]:
        if game.phase in ("turn", "buy") and who in game.to_act():
            out.append((game.view(who), who))
        replay.apply(who, Action.from_json(data) if isinstance(data, dict) else data)
    return ruleset, out


@pytest.mark.parametrize("union, cards_each", [(True, 9), (False, 9), (True, 7)])
def test_normal_weighs_a_candidate_as_scoring_each_filled_tableau_whole(union, cards_each):
    """Plan.end_points (Draws) equals the baseline's loop over frames and fills, scoring each
    filled tableau with total_score and best_purses, for every candidate of real positions:
    face up and down, keys and leftover gold as the candidates leave them, on 1, 3 and all 8
    fills; `row_and_column: sum` too, and draws shorter than a frame's empty cells."""
    ruleset, positions = _positions(3)
    rng = random.Random(5)
    checked = 0
    for view, seat in positions[::3]:
        bot = TableauBot(ruleset, seat, "normal", 7)
        bot.union, bot.cards_each = union, cards_each
        plan = Plan(bot, view)
        me = view.seats[seat]
        cells = scoring.legal_cells(me.tableau)
        shown = view.displays[view.locations.index(view.messenger)]
        for card in shown:
            for row, col in cells:
                placed = Placed(card, row, col, rng.random() < 0.8, rng.choice((0, 0, 2)))
                tableau = me.tableau + (placed,)
                keys, leftover = rng.randint(0, 6), rng.choice((0, 2, 5))
                for samples in (1, 3, None):
                    assert plan.end_points(tableau, keys, leftover, samples) == \
                        _whole_end_points(plan, tableau, keys, leftover, samples), (placed, keys, leftover)
                    checked += 1
    assert checked > 100


def test_draws_add_a_card_up_as_each_filled_tableau_scores():
    """Draws.total is the sum over the fillings of points + purse_points of the filled tableau
    with the card, scored by a Tally built whole (itself held equal to score_card)."""
    ruleset, positions = _positions(4)
    faces = positions[0][0].faces
    rng = random.Random(9)
    for view, seat in positions[::4]:
        prefix = view.seats[seat].tableau
        cells = scoring.legal_cells(prefix)
        row, col = rng.choice(cells)
        free = [(r, c) for r in range(-2, 3) for c in range(-2, 3)
                if (r, c) != (row, col) and (r, c) not in {(p.row, p.col) for p in prefix}][:8 - len(prefix)]
        fills = [rng.sample(range(len(faces)), len(free)) for _ in range(4)]
        draws = Draws(Tally(faces, prefix), row, col, free, fills, {})
        for card in rng.sample(range(len(faces)), 6):
            face_up, gold = rng.random() < 0.8, rng.choice((0, 1))
            keys, leftover = rng.randint(0, 5), rng.randint(0, 4)
            expected = 0
            for fill in fills[:3]:
                tableau = prefix + tuple(Placed(c, r, cc, True) for c, (r, cc) in zip(fill, free)) + \
                    (Placed(card, row, col, face_up, gold),)
                tally = Tally(faces, tableau)
                expected += tally.points(keys) + tally.purse_points(leftover)
            assert draws.total(3, card, face_up, gold, keys, leftover) == expected


def test_a_tally_counts_an_ability_as_the_scoring_does():
    """Tally.count (a purchase's "gain per COUNT", counted on the tally) equals scoring.count on
    a Context, for every counting ability of the game on real tableaux."""
    ruleset, positions = _positions(5)
    faces = positions[0][0].faces
    pers = [(card, e.get("per")) for card, face in enumerate(faces) for e in face.ability
            if e.tag == "gain" and e.get("per") is not None and e.get("per").tag != "best_neighbour"]
    for view, seat in positions[::2]:
        prefix = view.seats[seat].tableau
        for row, col in scoring.legal_cells(prefix):
            for card, per in pers:
                placed = Placed(card, row, col, True)
                tally = Tally(faces, prefix + (placed,), union=False)
                context = Context(faces, prefix + (placed,), placed)
                assert tally.count(per, card, row, col) == scoring.count(per, context)
