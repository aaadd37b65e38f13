"""The public record of a match (game/engine/record.py, issue 32 item 2): every event of the match as
everyone saw it, in order, kept by the state and shared by its copies."""
import pytest

from game.engine.record import EMPTY, Record
from game.engine.ruleset import find_ruleset, load_all
from game.lab.simulate import run_match

SHIPPED = sorted(e.ruleset.id for e in load_all() if e.ok)


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_the_record_is_every_event_of_the_match_in_order(ruleset_id):
    result = run_match(find_ruleset(ruleset_id), ("normal", "easy"), 4, keep_session=True)
    game = result.session.game
    assert list(game.record) == result.session.events and len(game.record) == len(result.session.events)
    assert list(game.record.latest()) == result.session.events[::-1]
    copy = game.copy()
    assert copy.record is game.record           # shared, not copied: it never changes in place


def test_records_with_the_same_events_are_equal_and_adding_leaves_the_old_one_as_it_was():
    from game.engine.core import Event
    a = EMPTY.add([Event("draw", seat=0)]).add([Event("discard", seat=0), Event("turn", seat=1)])
    b = EMPTY.add([Event("draw", seat=0), Event("discard", seat=0)]).add([Event("turn", seat=1)])
    assert a == b and hash(a) == hash(b) and len(a) == 3
    longer = a.add([Event("draw", seat=1)])
    assert len(a) == 3 and len(longer) == 4 and longer != a
    assert a.add([]) is a and Record() == EMPTY
    assert a != EMPTY.add([Event("draw", seat=1), Event("discard", seat=0), Event("turn", seat=1)])


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_every_view_carries_the_record_and_a_sample_keeps_it(ruleset_id):
    """Every seat's view and the public one carry the whole record, the same; a state dealt anew
    from a view (the hard level's sample) keeps it, so twins give identical records."""
    import random
    from game.engine import registry
    result = run_match(find_ruleset(ruleset_id), ("normal", "normal"), 6, keep_session=True)
    session = result.session
    replay = type(session).resume({**session.to_json(), "actions": []})
    family = registry.family(session.ruleset.family)
    rng = random.Random(1)
    for i, (seat, action) in enumerate(session.match.actions):
        replay.apply(seat, action)
        game = replay.game
        if i % 9 or game.is_over():
            continue
        views = [game.view(s) for s in range(game.n)] + [game.view(None)]
        assert all(v.record == game.record and len(v.record) == len(replay.events) for v in views)
        twin = family.determinize(session.ruleset, session.options, views[seat], rng)
        assert twin.view(seat).record == views[seat].record


def test_a_record_leak_injected_on_purpose_is_caught(monkeypatch):
    """The conformance suite's record check fails when one seat's view carries a record of its own
    (here: with the face of a card drawn in secret)."""
    from game.engine.core import Event
    from game.families.shedding.rules import SheddingGame
    from game.lab.conformance import Violation, check_match
    real = SheddingGame.view

    def leaky(self, seat):
        view = real(self, seat)
        if seat == 0 and self.drawn is not None:
            leak = view.record.add([Event("draw", seat=self.current, face=self.faces[self.drawn])])
            object.__setattr__(view, "record", leak)
        return view
    monkeypatch.setattr(SheddingGame, "view", leaky)
    with pytest.raises(Violation, match="public record"):
        check_match(find_ruleset("kumbal"), ("normal", "normal"), 3, twins_every=1)
