"""Matches saved before actions had `places` (the {"pos": [seat, slot]} shape of 2026-11) still
resume, to the very same state: issue 9 ("Saved matches in today's format still resume (a
committed fixture test)"). The fixtures were written by commit 28fada0's code: 60 Kombio and
80 Cambio actions of three bots, with every seat's view and the scores at that point."""
import json
from pathlib import Path

import pytest

from game.engine.core import Action, Match
from game.engine.session import Session

SAVES = Path(__file__).parent / "fixtures" / "saves"


@pytest.mark.parametrize("ruleset", ["kombio", "cambio"])
def test_a_match_saved_in_the_old_shape_resumes_to_the_same_state(ruleset):
    data = json.loads((SAVES / f"{ruleset}-before-places.json").read_text())
    expect = json.loads((SAVES / f"{ruleset}-before-places.expect.json").read_text())
    assert any("pos" in a for _, a in data["actions"]), "the fixture must hold the old shape"
    session = Session.resume(data)
    assert session.game.scores() == expect["scores"]
    assert session.game.to_act() == expect["to_act"]
    assert [repr(session.game.view(s)) for s in range(3)] == expect["views"]


@pytest.mark.parametrize("ruleset", ["kombio", "cambio"])
def test_it_is_saved_again_in_the_new_shape_and_resumes_from_that(ruleset):
    data = json.loads((SAVES / f"{ruleset}-before-places.json").read_text())
    again = Session.resume(data).to_json()
    assert not any("pos" in a for _, a in again["actions"])
    assert any("places" in a for _, a in again["actions"])
    old = Match.from_json(data).actions
    assert Match.from_json(again).actions == old
    assert repr(Session.resume(again).game.view(0)) == repr(Session.resume(data).game.view(0))


def test_an_action_round_trips_through_json_with_places_choice_and_args():
    action = Action("discard", places=(("hand", 0, 17), ("hand", 0, 3), ("discard",)),
                    choice="set", args=(("free", True),))
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert hash(Action.from_json(action.to_json())) == hash(action)
    assert Action("peek", pos=(1, 2)) == Action("peek", places=(("slot", 1, 2),))
    assert Action("peek", pos=(1, 2)).pos == (1, 2) and Action("draw", places=(("deck",),)).pos is None


def test_an_event_is_shaped_like_an_action_and_reads_its_older_json_shape():
    """Issue 28 (5): the engine's Event carries places and data like Action, not the memory
    family's pos/pos2/src/dst/ok fields; JSON written in that older shape still reads."""
    from game.engine.core import Event
    ev = Event("exchange", seat=1, pos=(1, 2), data=(("src", "drawn"), ("dst", "discard")))
    assert ev.places == (("slot", 1, 2),) and ev.pos == (1, 2) and ev.pos2 is None
    assert ev.get("src") == "drawn" and ev.get("ok") is None and ev.get("ok", 5) == 5
    assert Event.from_json(json.loads(json.dumps(ev.to_json()))) == ev
    assert not hasattr(ev, "src") and not hasattr(ev, "ok")
    old = {"kind": "match", "seat": 3, "pos": [3, 0], "ok": False, "data": [["late", True]]}
    assert Event.from_json(old) == Event("match", seat=3, places=(("slot", 3, 0),),
                                         data=(("ok", False), ("late", True)))
    old = {"kind": "exchange", "seat": 0, "pos": [0, 1], "pos2": [1, 1], "src": "drawn", "dst": "discard"}
    back = Event.from_json(old)
    assert (back.pos, back.pos2, back.get("src"), back.get("dst")) == ((0, 1), (1, 1), "drawn", "discard")
    with pytest.raises(ValueError):
        Event.from_json({"kind": "x", "colour": "red"})

def test_a_saved_action_with_a_malformed_place_is_refused_with_a_sentence():
    from game.engine.core import match_problem
    base = {"ruleset": "kombio", "version": "1.0", "seed": 1, "seats": [{"name": "A"}, {"name": "B"}]}
    for bad in ([{"kind": "x", "places": [[1, 2]]}], [{"kind": "x", "places": "hand"}],
                [{"kind": "x", "args": [["a", [1]]]}]):
        problem = match_problem(dict(base, actions=[[0, bad[0]]]))
        assert problem and problem.startswith("action 1: not an action"), problem
