"""What a player and a saved match see is unchanged by a refactor (issue 28): for every shipped ruleset,
a recorded match replays to the same views for every seat after every action, the table is drawn to
the same pixels from those views, and `--simulate` prints the same figures for fixed seeds.

The records are tests/fixtures/behaviour/, written by tools/record_behaviour.py; re-record them only
for a change meant to change what is seen, and say so in its commit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine.ruleset import find_ruleset
from game.engine.session import Session
from tools import record_behaviour as record

RECORDS = Path(__file__).parent / "fixtures" / "behaviour"
IDS = sorted(p.name.split(".")[0] for p in RECORDS.glob("*.match.json"))


def test_every_shipped_ruleset_has_a_record():
    assert IDS == sorted(r.id for r in record.shipped())


def recorded(ruleset_id):
    """[(record, a fresh session of its ruleset, seats, options and seed, the resumed saved match)]."""
    out = []
    for match in json.loads((RECORDS / f"{ruleset_id}.match.json").read_text()):
        resumed = Session.resume(match["session"])             # the saved match's own door
        assert list(resumed.game.scores()) == match["scores"]
        fresh = Session.new(resumed.ruleset, resumed.seats, resumed.options, resumed.match.seed)
        out.append((match, fresh, resumed))
    return out


@pytest.mark.parametrize("ruleset_id", IDS)
def test_recorded_matches_replay_to_the_same_views_after_every_action(ruleset_id):
    for match, session, resumed in recorded(ruleset_id):
        seats = len(session.seats)
        seen = [record.views_digest(session.game, seats)]
        for seat, action in resumed.match.actions:
            session.apply(seat, action)
            seen.append(record.views_digest(session.game, seats))
        first = next((i for i, (a, b) in enumerate(zip(seen, match["views"])) if a != b), None)
        assert first is None and len(seen) == len(match["views"]), \
            f"{seats} seats: the views differ from action {first} on"
        assert list(session.game.scores()) == match["scores"]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_the_table_draws_the_same_pixels_from_those_views(ruleset_id):
    expected = json.loads((RECORDS / f"{ruleset_id}.frames.json").read_text())
    for (match, _, resumed), frames in zip(recorded(ruleset_id), expected):
        drawn = record.frame_digests(find_ruleset(ruleset_id), resumed)
        differ = [(a[0], a[1]) for a, b in zip(drawn, frames) if a != b]
        assert len(drawn) == len(frames) and not differ, \
            f"{len(resumed.seats)} seats: frames drawn differently (action, viewer): {differ[:6]}"


@pytest.mark.parametrize("ruleset_id", IDS)
def test_simulate_prints_the_same_figures_for_fixed_seeds(ruleset_id):
    expected = json.loads((RECORDS / f"{ruleset_id}.simulate.json").read_text())
    assert record.simulate_figures(ruleset_id) == expected
