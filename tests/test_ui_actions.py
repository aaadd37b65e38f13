"""Every legal action of a human can be made through the screen, in every memory-family ruleset.

At each human decision the test picks a random legal action, makes it with
a gesture a player would use (click, drag-and-drop, a key or a button) and
checks that exactly that action was recorded. Humans share the table with
bots, so pass screens, races, gives and decisions all come up.
"""
import random

import pytest

from game.engine.ruleset import default_options, find_ruleset
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from rigging_memory import perform
from rigging_screen import next_decision


@pytest.mark.parametrize("ruleset_id,seed", [("kombio", 1), ("kombio", 2), ("cambio", 3), ("cambio-classic", 4)])
def test_every_legal_action_can_be_made_on_screen(ruleset_id, seed):
    rng = random.Random(seed)
    ruleset = find_ruleset(ruleset_id)
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "normal"},
             {"name": "Ben", "kind": "human"}]
    options = default_options(ruleset)
    options["match_end"] = {"mode": "rounds", "rounds": 6, "points": 100}   # time for every kind to come up
    session = Session.new(ruleset, seats, options, seed)
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    app.open_table(session)
    d = Driver(app)
    kinds = set()
    for _ in range(1500):
        decision = next_decision(d)
        if decision is None:
            break
        rounds = session.game.view(None).round_no
        seat, legal = decision
        # calls end rounds quickly: make them rare so that the rest comes up
        calm = [a for a in legal if a.kind != "call"]
        action = rng.choice(calm if calm and rng.random() < 0.93 else legal)
        before = len(session.match.actions)
        gesture = perform(d, rng, seat, action)
        done = session.match.actions[before:]
        if action.kind == "pass":
            assert all(a.kind == "pass" for s, a in done if s in d.table.ctrl.humans), gesture
            assert (seat, action) in done, gesture
        else:
            assert done and done[0] == (seat, action), (gesture, action, done[:1], d.table.ctrl.message)
        kinds.add(action.kind)
    assert {"draw", "exchange", "discard", "match", "pass"} <= kinds, (kinds, rounds)
