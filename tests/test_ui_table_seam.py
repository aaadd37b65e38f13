"""The common table with a plug-in that brings nothing but zones (issue 9, section 1).

Issue 9: "Input is generic: what lights up is the places of legal actions that extend the current
selection; a drag or click-then-click picks the one legal action that matches; legal actions that
touch no place become buttons." and "drag-and-drop with legal targets lit and slide-back with a
reason". A bare plug-in (a grid of rects, one per place, and nothing else) plays a real Kombio
turn on the real TableScene through posted events: every gesture here is the common scene's and
the generic selection input's (game/ui/table_input.py), none the memory table's.
"""
from __future__ import annotations

import pygame
import pytest

from game.engine.core import Action
from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui import families
from game.ui.anim import CardMove
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.families.base import TablePlugin
from game.ui.table_input import SelectionInput
import rigging_memory
CARD = (50, 70)


class GridZones:
    """A rect per place: each seat's cards in a row, the seat's row under the one before."""

    def __init__(self, view):
        self.rects = {}
        for seat in view.seats:
            for slot in seat.slots:
                x = 40 + slot.pos[1] * (CARD[0] + 10)
                y = 80 + seat.seat * (CARD[1] + 20)
                self.rects[("slot",) + tuple(slot.pos)] = pygame.Rect((x, y), CARD)

    def rect(self, place):
        return self.rects.get(place)

    def hit(self, point):
        return next((place for place, rect in self.rects.items() if rect.collidepoint(point)), None)


class BarePlugin(TablePlugin):
    """Zones, card backs and a reason: the least a family's table must bring."""

    family = "memory"
    REASON = "Not there: a card of yours goes on the drawn card's place."

    def layout(self, size, view, arrangement):
        return GridZones(view)

    def draw(self, surf, zones, view, vis):
        for rect in zones.rects.values():
            surf.blit(self.scene.art.back(CARD), rect)

    def image(self, place, zones, view):
        return self.scene.art.back(CARD)

    def button_label(self, action) -> str:
        return f"{action.kind} {action.choice or ''}".strip().capitalize()

    def confirm_question(self, action) -> str:
        return "End the round? Again to call." if action.kind == "call" else ""

    def why_not(self, view, selection, place) -> str:
        return self.REASON


@pytest.fixture
def bare_table(monkeypatch):
    """A one-human Kombio table (Ana on turn, Bot after her) drawn and played by BarePlugin."""
    monkeypatch.setitem(families._PLUGINS, "memory", BarePlugin)
    monkeypatch.setattr(families, "_load", lambda: None)
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    ruleset = rigging_memory.kombio()
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "normal"}]
    session = Session.new(ruleset, seats, default_options(ruleset), 5)
    session.game = rigging_memory.rigged(2, seed=5, current=0, hands={0: [5, 1, 2, 3], 1: [0, 1, 2, 3]}, deck=[9])
    app.open_table(session)
    d = Driver(app)
    table = d.table
    assert isinstance(table.plugin, BarePlugin) and isinstance(table.input, SelectionInput)
    assert d.until(lambda: table.ctrl.input_seat() == 0 and not table.anim.busy() and app.top is table, 400)
    return d, table, session


def buttons(table) -> dict:
    return {b.label: b for b in table.action_buttons if b.visible}


def test_place_less_actions_are_buttons_and_a_click_on_a_place_makes_the_one_action_there(bare_table):
    d, table, session = bare_table
    ctrl = table.ctrl
    # Kombio: "draw the top card of the deck" or take the discard: two place-less actions, two buttons
    shown = buttons(table)
    assert {"Draw deck", "Call"} <= set(shown), shown
    d.click(shown["Draw deck"].rect.center)
    assert session.match.actions[-1] == (0, Action("draw", choice="deck"))
    # now every own card is an exchange's one place: all of them light, nothing else does
    own = {("slot", 0, i) for i in range(4)}
    assert table.visuals(table.current_layout(), ctrl.view()).targets == own
    before = len(session.match.actions)
    d.click(table.current_layout().rect(("slot", 0, 2)).center)
    seat, action = session.match.actions[before]
    assert seat == 0 and action.kind == "exchange" and action.places == (("slot", 0, 2),)


def test_a_drop_that_names_no_legal_action_slides_back_with_the_plugins_reason(bare_table, monkeypatch):
    d, table, session = bare_table
    d.click(buttons(table)["Draw deck"].rect.center)
    added = []                                                    # a spy: the steps still play
    real_add = table.anim.add
    monkeypatch.setattr(table.anim, "add", lambda step: (added.append(step), real_add(step))[1])
    before = len(session.match.actions)
    zones = table.current_layout()
    origin = zones.rect(("slot", 0, 1))
    d.drag(origin.center, zones.rect(("slot", 1, 1)).center)
    assert len(session.match.actions) == before                  # nothing was made ...
    assert table.ctrl.message[0] == BarePlugin.REASON             # ... the plug-in says why ...
    back = [tw for step in added for tw in step.tweens if isinstance(tw, CardMove) and tw.stop == origin]
    assert back and ("slot", 0, 1) in added[-1].hide              # ... and the card slides back home


def test_an_action_the_plugin_asks_about_is_made_only_on_the_second_press(bare_table):
    d, table, session = bare_table
    before = len(session.match.actions)
    d.click(buttons(table)["Call"].rect.center)
    assert len(session.match.actions) == before and table.ctrl.message[0] == "End the round? Again to call."
    assert table.buttons["cancel"].visible and table.buttons["cancel"].label == "Keep playing"
    d.key(pygame.K_ESCAPE)                                        # Esc keeps playing
    assert len(session.match.actions) == before and not table.buttons["cancel"].visible
    d.click(buttons(table)["Call"].rect.center)
    d.step(1)
    assert "Call" not in buttons(table)                           # the button says what a press does now
    d.click(buttons(table)["Confirm Call"].rect.center)
    assert session.match.actions[before] == (0, Action("call"))


def test_a_family_without_a_table_stays_on_the_menu_with_the_reason_and_keeps_the_saved_match(monkeypatch,
                                                                                                tmp_path):
    """Bad input loses nothing: a ruleset whose family has no table plug-in (a family added before
    its table) opens no table; the menu says why, and the match saved before is still there."""
    from game.store.saves import load_current, save_current
    from game.ui.menu import MenuScene
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))      # a save of its own: no other test sees it
    monkeypatch.delitem(families._PLUGINS, "memory", raising=False)
    monkeypatch.setattr(families, "_load", lambda: None)
    ruleset = rigging_memory.kombio()
    saved = Session.new(ruleset, [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}],
                        default_options(ruleset), 3)
    save_current(saved.to_json())
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True, settings=Settings(), save_settings=False)
    session = Session.new(ruleset, [{"name": "Cleo", "kind": "human"}, {"name": "Dan", "kind": "human"}],
                          default_options(ruleset), 4)
    app.open_table(session)
    app.step()
    assert isinstance(app.top, MenuScene)
    assert any("Cannot open Kombio" in message and "has no table" in message for message, _ in app.toasts), \
        app.toasts
    data, _ = load_current()
    assert data is not None and data["seed"] == saved.match.seed
