"""Several humans acting at once beyond the race (issue 9: "Klobba!'s secret choices: the controller
takes each in turn behind the pass screen, and reveals together"), on the common table.

A toy family registered for these tests only: every seat secretly picks one of three cards at
the same time (to_act holds every seat that has not picked yet), and once all have picked, one
event reveals every pick to everyone. Two humans and a bot play it through the real TableScene
and real posted clicks. Every frame the plug-in draws is recorded with the view it was drawn from:
a human's pick is drawn only from that human's own view, and only after that human confirmed the
pass screen; the other human's turn is always behind a new pass screen; the reveal is public.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pygame
import pytest

from game.engine import registry
from game.engine.core import Action, Event, Game, IllegalAction
from game.engine.ruleset import load_ruleset
from game.engine.schema import Map
from game.store.settings import Settings
from game.ui import families
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.families.base import TablePlugin
from game.engine.session import Session
from rigging_screen import confirm_pass

CARD = pygame.Rect(0, 0, 60, 84)


@dataclass(frozen=True)
class Seat:
    seat: int
    total: int = 0


@dataclass(frozen=True)
class SecretView:
    viewer: Optional[int]
    phase: str                 # "choose", then "revealed"
    to_act: tuple
    mine: Optional[int]        # the viewer's own pick, once made (private)
    picked: tuple              # who has picked (public)
    revealed: tuple            # every pick, once all have picked (public), else ()
    seats: tuple
    round_no: int = 1
    dealer: int = 0


class SecretGame(Game):
    """Everyone picks a card 0-2 at once; the picks are shown together."""

    def __init__(self, ruleset, n_seats, options=None, seed=0):
        self.n = n_seats
        self.picks = [None] * n_seats

    def to_act(self):
        return [s for s in range(self.n) if self.picks[s] is None]

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        return [Action("pick", places=(("card", seat, k),)) for k in range(3)]

    def apply(self, seat, action):
        if action not in self.legal_actions(seat):
            raise IllegalAction("Not your pick.")
        self.picks[seat] = action.places[0][2]
        events = [Event("picked", seat=seat)]
        if all(p is not None for p in self.picks):
            events.append(Event("reveal", data=(("picks", tuple(self.picks)),)))
        return events

    def view(self, seat):
        done = all(p is not None for p in self.picks)
        return SecretView(viewer=seat, phase="revealed" if done else "choose", to_act=tuple(self.to_act()),
                          mine=None if seat is None else self.picks[seat],
                          picked=tuple(p is not None for p in self.picks),
                          revealed=tuple(self.picks) if done else (),
                          seats=tuple(Seat(s) for s in range(self.n)))

    def is_over(self):
        return False

    def scores(self):
        return [0] * self.n

    def winners(self):
        return []

    def copy(self, share_caches=True):
        new = SecretGame(None, self.n)
        new.picks = list(self.picks)
        return new


class FirstBot:
    level = "normal"

    def __init__(self, seat):
        self.seat = seat

    def choose(self, view, legal):
        assert view.viewer == self.seat and view.mine is None
        return legal[0]


class Zones:
    def __init__(self, view):
        self.rects = {}
        if view.viewer is not None:
            for k in range(3):
                self.rects[("card", view.viewer, k)] = CARD.move(100 + 80 * k, 300)

    def rect(self, place):
        return self.rects.get(place)

    def hit(self, point):
        return next((p for p, r in self.rects.items() if r.collidepoint(point)), None)


DRAWN: list = []     # (viewer, what was drawn): every frame the plug-in drew


class SecretPlugin(TablePlugin):
    family = "secret"

    def layout(self, size, view, arrangement):
        return Zones(view)

    def draw(self, surf, zones, view, vis):
        DRAWN.append((view.viewer, view.mine, view.revealed))
        for place, rect in zones.rects.items():
            pygame.draw.rect(surf, (200, 200, 200) if view.mine == place[2] else (90, 90, 90), rect)


def _empty(value, where, doc):
    return Map({})(value, where, doc)


def _nothing(*args, **kwargs):
    return None


TOY = """id: secret
name: Secret picks
version: "1"
family: secret
players: {min: 2, max: 4}
cards:
  - {value: 1, count: 3}
match_end: {modes: [rounds], default: rounds}
"""


@pytest.fixture
def secret_family(monkeypatch, tmp_path):
    monkeypatch.setattr(registry, "_FAMILIES", dict(registry._FAMILIES))
    families._load()
    monkeypatch.setattr(families, "_PLUGINS", dict(families._PLUGINS))
    registry.register(registry.Family(
        name="secret", rules_spec=_empty, layout_spec=_empty, step_spec=_empty,
        check_abilities=_nothing, check_parameters=_nothing, check_ruleset=_nothing,
        new_game=SecretGame, describe=lambda event, names, call_name="": "",
        make_bot=lambda ruleset, seat, level, seed: FirstBot(seat)))
    families.register_plugin("secret", SecretPlugin)
    path = tmp_path / "secret.yaml"
    path.write_text(TOY)
    DRAWN.clear()
    return load_ruleset(str(path))


def play_and_check(ruleset):
    """Ana, a bot and Ben pick through the real table; every frame and pass screen checked."""
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True, save_settings=False,
              settings=Settings(animation_speed="instant"))
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "normal"},
             {"name": "Ben", "kind": "human"}]
    session = Session(ruleset, seats, {}, 1)
    app.open_table(session)
    d = Driver(app)
    confirmed = []

    def confirm(expected):
        confirm_pass(d, seats[expected]["name"], 400)
        confirmed.append(expected)
        table = d.table
        ok = d.until(lambda: app.top is table and table.ctrl.input_seat() is not None, 400)
        assert ok, (app.top, table.ctrl.moment(), table.ctrl.pass_to, table.ctrl.confirmed, session.game.picks,
                    table.ctrl.input_seat(), table.anim.busy())
        return table

    table = confirm(0)
    assert table.ctrl.input_seat() == 0 and table.ctrl.viewer_now() == 0
    d.click(table.current_layout().rect(("card", 0, 2)).center)    # Ana picks her third card
    assert session.game.picks[0] == 2
    picked_at = len(DRAWN)
    # the bot (the first seat in to_act that is a bot) picks without a pass screen; then Ben's turn
    table = confirm(2)
    assert session.game.picks[1] == 0, "the bot picked meanwhile"
    assert table.ctrl.input_seat() == 2 and table.ctrl.viewer_now() == 2
    d.click(table.current_layout().rect(("card", 2, 1)).center)
    assert session.game.picks == [2, 0, 1]
    assert d.until(lambda: DRAWN and DRAWN[-1][2] == (2, 0, 1), 200), "the reveal is drawn"

    # every frame: a pick is drawn only from its owner's view, after the owner confirmed
    for viewer, mine, revealed in DRAWN:
        if mine is not None:
            assert viewer in (0, 2)
    ana_frames = [i for i, (v, _, _) in enumerate(DRAWN) if v == 0]
    ben_frames = [i for i, (v, _, _) in enumerate(DRAWN) if v == 2]
    assert ana_frames and ben_frames and max(ana_frames) < min(ben_frames)
    # once she has picked, her moment is over: her pick is not on screen for anyone to see
    assert not any(v == 0 and mine is not None for v, mine, _ in DRAWN)
    assert all(v != 0 for v, _, _ in DRAWN[min(ben_frames):]), "Ana's view came back during Ben's turn"
    assert all(v is None for v, _, _ in DRAWN[picked_at:min(ben_frames)]), \
        "between Ana's pick and Ben's pass screen the table is public"
    reveal_frames = [v for v, _, revealed in DRAWN if revealed]
    assert reveal_frames and all(v is None for v in reveal_frames), "the reveal is public"
    assert confirmed == [0, 2]


def test_two_humans_pick_in_turn_behind_pass_screens_and_the_picks_are_revealed_together(secret_family):
    play_and_check(secret_family)


def test_the_check_above_catches_a_pass_screen_skipped_on_purpose(secret_family, monkeypatch):
    """Mutation: a controller that lets the last confirmed human's confirmation stand for the next
    human shows Ben's private view with no pass screen; the check above must fail."""
    from game.ui.table_controller import TableController
    real = TableController.viewer_now

    def leaky(ctrl):
        owner = ctrl.private_owner()
        return owner if owner is not None and ctrl.confirmed is not None else real(ctrl)
    monkeypatch.setattr(TableController, "viewer_now", leaky)
    with pytest.raises(AssertionError):
        play_and_check(secret_family)
