"""Every legal action of a human can be made through the screen, in every memory-family ruleset.

At each human decision the test picks a random legal action, makes it with
a gesture a player would use (click, drag-and-drop, a key or a button) and
checks that exactly that action was recorded. Humans share the table with
bots, so pass screens, races, gives and decisions all come up.
"""
import random

import pygame
import pytest

from game.engine.ruleset import default_options, find_ruleset
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.pass_screen import PassScene
from game.ui.summary import MatchResultScene, RoundSummaryScene
from game.ui.table_controller import RACE_KEY_NAMES

RACE_KEYS = [getattr(pygame, "K_" + k.lower()) for k in RACE_KEY_NAMES]


def own_point(d, seat):
    """A point on `seat`'s name plate (its own area, not a card)."""
    return d.layout().seats[seat].plate.center


def perform(d, rng, seat, action):
    """Make `action` for `seat` with a gesture; returns a description of the gesture."""
    table = d.table
    k, use_drag = action.kind, rng.random() < 0.5
    if k == "draw":
        pile = action.choice
        if use_drag:
            d.drag(d.centre_of(pile), own_point(d, seat) if rng.random() < 0.5 else d.centre_of("drawn"))
            return f"drag {pile}"
        if rng.random() < 0.5:
            d.key(pygame.K_d if pile == "deck" else pygame.K_s)
            return f"key {pile}"
        d.click(d.centre_of(pile))
        return f"click {pile}"
    if k == "call":
        if use_drag:
            d.click(table.buttons["call"].rect.center)
            return "call button"
        d.key(pygame.K_k)
        return "key K"
    if k == "exchange":
        r = rng.random()
        if r < 0.33:
            d.drag(d.centre_of("drawn"), d.centre_of(action.pos))
            return "drag drawn to slot"
        if r < 0.5:
            d.drag(d.centre_of(action.pos), d.centre_of("drawn"))
            return "drag slot to drawn"
        if r < 0.75:
            d.click(d.centre_of("drawn"))
            d.click(d.centre_of(action.pos))
            return "click drawn, click slot"
        d.click(d.centre_of(action.pos))
        return "click slot"
    if k == "discard":
        if use_drag:
            d.drag(d.centre_of("drawn"), d.centre_of("discard"))
            return "drag drawn to discard"
        d.click(d.centre_of("discard"))
        return "click discard"
    if k in ("peek", "pick", "give"):
        d.click(d.centre_of(action.pos))
        return f"click {k}"
    if k == "swap":
        if use_drag:
            d.drag(d.centre_of(action.pos), d.centre_of(action.pos2))
            return "drag swap"
        before = len(table.session.match.actions)
        d.click(d.centre_of(action.pos))
        if len(table.session.match.actions) == before:
            d.click(d.centre_of(action.pos2))
        return "click swap"
    if k == "skip":
        if use_drag:
            d.click(table.buttons["skip"].rect.center)
            return "skip button"
        d.key(pygame.K_SPACE)
        return "key Space"
    if k == "choose":
        label = table.ctrl.ability_name(action.choice)
        button = next(b for b in table.choose_buttons if b.label == label)
        d.click(button.rect.center)
        return "choose button"
    if k == "decide":
        if use_drag:
            d.click(table.buttons[action.choice].rect.center)
            return "decide button"
        d.key(pygame.K_t if action.choice == "take" else pygame.K_r)
        return "decide key"
    if k == "match":
        if table.ctrl.race is None or table.ctrl.race.claimer != seat:
            d.key(RACE_KEYS[seat])
        assert table.ctrl.race.claimer == seat
        d.click(d.centre_of(action.pos))
        return "key + click match"
    if k == "pass":
        if len(table.ctrl.humans_in_race()) > 1 and (table.ctrl.race is None or table.ctrl.race.claimer != seat):
            d.key(RACE_KEYS[seat])          # with several humans racing, each passes for themself
            d.key(pygame.K_SPACE)
            return "own key + Space (no match)"
        d.key(pygame.K_SPACE)
        return "key Space (no match)"
    raise AssertionError(f"no gesture for {action}")


def human_decision(d):
    """(seat, legal actions) for the human who may act now, or None."""
    t = d.table
    if t is None or d.app.top is not t or t.anim.busy() or t.ctrl.hold is not None:
        return None
    ctrl = t.ctrl
    m = ctrl.moment()
    if m.kind == "race":
        if ctrl.race is None:
            return None
        if ctrl.race.claimer is not None:
            return ctrl.race.claimer, ctrl.legal(ctrl.race.claimer)
        humans = [s for s in ctrl.game.to_act() if s in ctrl.humans]
        if not humans:
            return None
        seat = humans[0]
        return seat, ctrl.legal(seat)
    seat = ctrl.input_seat()
    if seat is None:
        return None
    return seat, ctrl.legal(seat)


@pytest.mark.parametrize("ruleset_id,seed", [("kombio", 1), ("kombio", 2), ("cambio", 3), ("cambio-classic", 4)])
def test_every_legal_action_can_be_made_on_screen(ruleset_id, seed):
    rng = random.Random(seed)
    rs = find_ruleset(ruleset_id)
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "normal"},
             {"name": "Ben", "kind": "human"}]
    options = default_options(rs)
    options["match_end"] = {"mode": "rounds", "rounds": 4, "points": 100}
    session = Session.new(rs, seats, options, seed)
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    app.open_table(session)
    d = Driver(app)
    kinds = set()
    for _ in range(1500):
        top = app.top
        if isinstance(top, PassScene):
            d.step(8)
            d.click(top.button.rect.center)
            continue
        if isinstance(top, RoundSummaryScene):
            d.click(top.button.rect.center)
            continue
        if isinstance(top, MatchResultScene):
            break
        rounds = session.game.view(None).round_no
        if d.table.ctrl.hold is not None:
            d.key(pygame.K_SPACE)
            continue
        decision = human_decision(d)
        if decision is None:
            d.until(lambda: human_decision(d) is not None or d.app.top is not d.table
                    or d.table.ctrl.hold is not None, 500)
            continue
        seat, legal = decision
        if not legal:
            d.step()
            continue
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
