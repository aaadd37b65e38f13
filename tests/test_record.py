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
