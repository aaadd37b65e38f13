"""The match record: actions, events and matches round-trip through JSON; a saved session
replays to the identical state; a corrupt or mismatched record is refused with a ValueError
whose message says what is wrong (never another exception, never a half-built session).
"""
import json
import random
import shutil

import pytest

from game.engine.cards import CardDef
from game.engine.core import Action, Event, IllegalAction, Match
from game.engine.ruleset import default_options
from game.engine.session import Session
from rigging import all_views
from rigging_memory import KOMBIO_YAML, kombio

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Bot 2", "kind": "ai", "level": "normal"},
         {"name": "Bot 3", "kind": "ai", "level": "easy"}]


def through_json(data):
    return json.loads(json.dumps(data))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("rulesets")
    shutil.copy(KOMBIO_YAML, path / "kombio.yaml")
    return str(path)


def play(session, steps, rng):
    """`steps` random legal actions (rarely a call); returns the events."""
    game, events = session.game, []
    for _ in range(steps):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        action = rng.choice([a for a in legal if a.kind != "call"] or legal)
        if Action("call") in legal and rng.random() < 0.05:
            action = Action("call")
        events.extend(session.apply(seat, action))
    return events


def state(game):
    return all_views(game), game.scores(), list(game.deck), game.rng.getstate()


# --- JSON round trips ----------------------------------------------------------------

@pytest.mark.parametrize("action", [
    Action("look_start"), Action("draw", choice="deck"), Action("exchange", pos=(1, 3)),
    Action("swap", pos=(0, 1), pos2=(2, 4)), Action("decide", choice="take"), Action("pass"),
])
def test_action_round_trips_through_json(action):
    data = through_json(action.to_json())
    assert Action.from_json(data) == action
    assert "pos2" not in data or action.pos2 is not None     # no empty fields written


def test_events_round_trip_through_json():
    session = Session.new(kombio(), SEATS, seed=11)
    events = play(session, 3000, random.Random(11))
    kinds = set()
    for e in events:
        again = Event.from_json(through_json(e.to_json()))
        assert again == e, e
        kinds.add(e.kind)
        if e.face is not None:
            assert isinstance(again.face, CardDef)
    assert {"draw", "exchange", "match", "window_open", "round_over"} <= kinds


def test_match_record_round_trips_through_json():
    session = Session.new(kombio(), SEATS, seed=5)
    play(session, 200, random.Random(5))
    data = through_json(session.to_json())
    match = Match.from_json(data)
    assert match == session.match
    assert match.to_json() == data
    assert (data["ruleset"], data["version"], data["seed"]) == ("kombio", "1.0", 5)
    assert data["seats"] == SEATS


# --- replay --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_saved_session_resumes_to_the_identical_state(seed, folder):
    rng = random.Random(seed)
    opts = default_options(kombio())
    opts["match_end"] = {"mode": "rounds", "rounds": 2, "points": 100}
    session = Session.new(kombio(), SEATS[: 2 + seed % 2], opts, seed=seed)
    play(session, rng.randrange(1, 400), rng)
    again = Session.resume(through_json(session.to_json()), folder=folder)
    assert state(again.game) == state(session.game)
    assert again.names == session.names and again.options == session.options
    # both go on the same way, and the resumed one keeps recording
    for _ in range(50):
        if session.game.is_over():
            break
        seat = session.game.to_act()[0]
        action = session.game.legal_actions(seat)[-1]
        assert session.apply(seat, action) == again.apply(seat, action)
    assert state(again.game) == state(session.game)
    assert again.to_json() == session.to_json()


def test_resume_finds_the_ruleset_in_the_shipped_folder():
    session = Session.new(kombio(), SEATS, seed=2)
    play(session, 100, random.Random(2))
    again = Session.resume(through_json(session.to_json()))
    assert state(again.game) == state(session.game)


def test_refused_actions_are_not_recorded():
    session = Session.new(kombio(), SEATS, seed=2)
    with pytest.raises(IllegalAction):
        session.apply(0, Action("draw", choice="deck"))     # everyone must look first
    assert session.to_json()["actions"] == []


# --- corrupt and mismatched records ------------------------------------------------------

def good_record():
    session = Session.new(kombio(), SEATS, seed=3)
    for s in range(3):
        session.apply(s, Action("look_start"))
    session.apply(1, Action("draw", choice="deck"))
    return through_json(session.to_json())


def with_actions(extra):
    rec = good_record()
    rec["actions"] = rec["actions"] + extra
    return rec


def without(key):
    rec = good_record()
    del rec[key]
    return rec


CORRUPT = [
    ("not an object", lambda: [1, 2], "not a saved match"),
    ("nothing", lambda: None, "not a saved match"),
    ("text", lambda: "kombio", "not a saved match"),
    ("no ruleset", lambda: without("ruleset"), "ruleset"),
    ("no version", lambda: without("version"), "version"),
    ("no seed", lambda: without("seed"), "seed"),
    ("seed not a number", lambda: dict(good_record(), seed="abc"), "abc"),
    ("unknown game", lambda: dict(good_record(), ruleset="poker"), "no ruleset 'poker'"),
    ("other version", lambda: dict(good_record(), version="0.9"), "0.9"),
    ("actions not a list", lambda: dict(good_record(), actions=5), "not a saved match"),
    ("action not an object", lambda: dict(good_record(), actions=[[0, "look_start"]]),
     "not an action"),
    ("action without kind", lambda: dict(good_record(), actions=[[0, {}]]), "not an action"),
    ("action with an unknown field", lambda: dict(good_record(), actions=[
        [0, {"kind": "look_start", "colour": "red"}]]), "not an action"),
    ("action without seat", lambda: dict(good_record(), actions=[[{"kind": "look_start"}]]),
     "not a saved match"),
    ("seat not a number", lambda: dict(good_record(), actions=[["x", {"kind": "look_start"}]]),
     "not a saved match"),
    ("illegal action", lambda: dict(good_record(), actions=[[0, {"kind": "draw", "choice": "deck"}]]),
     "action 1"),
    ("seat that does not exist", lambda: dict(good_record(), actions=[[9, {"kind": "look_start"}]]),
     "action 1"),
    ("position that is an object", lambda: with_actions([[1, {"kind": "exchange", "pos": {"a": 1}}]]),
     "action 5"),
    ("position that is text", lambda: with_actions([[1, {"kind": "exchange", "pos": "ab"}]]),
     "action 5"),
    ("kind that is a number", lambda: dict(good_record(), actions=[[0, {"kind": 5}]]), "action 1"),
    ("too few seats", lambda: dict(good_record(), seats=[{"name": "Ana"}]), "2-6 players"),
    ("seats that are not objects", lambda: dict(good_record(), seats=["Ana", "Bo", "Cy"]), "seat"),
    ("a name that is a number", lambda: dict(good_record(), seats=[
        {"name": 123, "kind": "human"}, {"name": "Bo", "kind": "human"}, {"name": "Cy", "kind": "human"}]),
     "seat 1: the name must be text"),
    ("a kind that is neither", lambda: dict(good_record(), seats=[
        {"name": "Ana", "kind": "robot"}, {"name": "Bo"}, {"name": "Cy"}]), "kind must be human or ai"),
    ("a bot level that is a number", lambda: dict(good_record(), seats=[
        {"name": "Ana"}, {"name": "Bo", "kind": "ai", "level": 5}, {"name": "Cy"}]),
     "seat 2: the bot level must be text"),
    ("options not an object", lambda: dict(good_record(), options="fast"), "options"),
    ("variants not an object", lambda: dict(good_record(), options={"variants": [1]}), "variants"),
    ("unknown variant", lambda: dict(good_record(), options={"variants": {"jokers": True}}),
     "jokers"),
    ("variant not on or off", lambda: dict(good_record(), options={
        "variants": {"own_cards_only": "yes"}}), "own_cards_only"),
    ("match length not an object", lambda: dict(good_record(), options={"match_end": "x"}),
     "match_end"),
    ("unknown match length mode", lambda: dict(good_record(), options={
        "match_end": {"mode": "forever"}}), "forever"),
    ("rounds not a number", lambda: dict(good_record(), options={
        "match_end": {"mode": "rounds", "rounds": "five"}}), "five"),
]


@pytest.mark.parametrize("name,make,words", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_or_mismatched_record_is_refused_readably(name, make, words, folder):
    with pytest.raises(ValueError) as info:
        Session.resume(make(), folder=folder)
    msg = str(info.value)
    assert words in msg, msg
    assert msg.strip() and "Traceback" not in msg and len(msg) < 400


def test_record_from_a_broken_ruleset_says_why(tmp_path):
    text = open(KOMBIO_YAML, encoding="utf-8").read().replace("      - peek: own\n",
                                                              "      - peek: mine\n", 1)
    (tmp_path / "kombio.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as info:
        Session.resume(good_record(), folder=str(tmp_path))
    assert "got 'mine'" in str(info.value)


def test_a_record_cut_short_resumes_where_it_stops(folder):
    session = Session.new(kombio(), SEATS, seed=9)
    snapshots = []
    rng = random.Random(9)
    for _ in range(120):
        play(session, 1, rng)
        snapshots.append(state(session.game))
    rec = through_json(session.to_json())
    for k in (1, 17, 60, 119):
        cut = dict(rec, actions=rec["actions"][: k + 1])
        assert state(Session.resume(cut, folder=folder).game) == snapshots[k]
