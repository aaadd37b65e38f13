"""Kumbal's events become animation steps (game/ui/families/shedding/anim.py) that show only what the
viewer may see: a whole seeded match of random moves, every event animated from seat 0's view."""
import random

import pygame
import pytest

from game.ui.anim import Banner, CardMove
from game.ui.cardart import CardArt
from game.ui.families.shedding import anim
from game.ui.families.shedding import layout as shed_layout
from rigging_kumbal import new_game

NAMES = ("Ana", "Ben", "Carla")


class FaceLog(CardArt):
    """Card art that remembers which faces were asked for (an animation may only ask visible ones)."""

    def __init__(self, ruleset):
        super().__init__(ruleset)
        self.asked = []

    def face(self, card, size):
        self.asked.append(card)
        return super().face(card, size)


def visible_faces(view, events) -> set:
    """The faces seat 0 may see after these events: its hand, the discard pile, revealed hands,
    and the faces the events made public."""
    ids = set(view.hand) | set(view.last_discard) | set(view.just_discarded) | set(view.gone)
    for r in view.results:
        ids |= set(r.hand)
    faces = {view.face(c) for c in ids}
    for ev in events:
        if ev.face is not None:
            faces.add(ev.face)
        faces |= {f for _, f in ev.faces}
    return faces


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_match_animates_and_no_step_shows_a_hidden_face(seed):
    pygame.font.init()
    game = new_game(3, seed)
    art = FaceLog(game.ruleset)
    rng = random.Random(seed)
    kinds = set()
    before = {}
    for _ in range(3000):
        if game.is_over():
            break
        seat = game.to_act()[0]
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = game.view(0)
        zones = shed_layout.compute((1280, 800), view, 0, list(view.hand))
        art.asked.clear()
        steps = anim.steps_for(events, view, zones, before, art, 1.0, NAMES)
        allowed = visible_faces(view, events)
        assert set(art.asked) <= allowed, (events, set(art.asked) - allowed)
        for step in steps:
            for tween in step.tweens:
                kinds.add(type(tween).__name__)
                if isinstance(tween, CardMove):
                    assert tween.stop.w > 0 and tween.start.w > 0
        before = dict(zones.places())
        before.update({k: v for k, v in zones.extra.items() if isinstance(k, tuple)})
    assert game.is_over()
    assert {"CardMove", "Banner"} <= kinds


def test_a_reset_at_exactly_51_gets_its_banner():
    # kumbal.md: "If a player's score reaches 51 points exactly, their score is reduced by 51 points to 0."
    pygame.font.init()
    game = new_game(2, 4)
    seat = game.to_act()[0]
    game.totals[seat] = 51 - game.hand_points(seat)
    game.caller = None
    game._view_common = None     # the state was changed behind the contract's back
    events = game._end_round("limit")
    assert any(ev.kind == "reset" for ev in events)
    view = game.view(0)
    zones = shed_layout.compute((1280, 800), view, 0, list(view.hand))
    steps = anim.steps_for(events, view, zones, {}, CardArt(game.ruleset), 1.0, NAMES)
    texts = [tw.text for step in steps for tw in step.tweens if isinstance(tw, Banner)]
    assert f"{NAMES[seat]}: exactly 51! 51 → 0" in texts
