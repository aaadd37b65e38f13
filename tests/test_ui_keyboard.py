"""A whole match without a mouse, in every family (issue 27's playtest: "menus are keyboard-navigable,
the table is not"). The gesture scripts the other UI tests play with are replayed by a driver that
turns every click and drag into the keys a player without a mouse presses: the arrow keys move the
table's focus over the places the legal moves touch and Enter picks (game/ui/table_keys.py), Tab and
Enter press a button, the pass screen's own key confirms it. Every move must be made exactly."""
from __future__ import annotations

import random

import pygame
import pytest

from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.pass_screen import PASS_KEY, PassScene
from game.ui.table import TableScene
import rigging
import rigging_memory
import rigging_screen
import test_privacy_frames as memory_frames
import test_ui_castle_combo as castle_table
import test_ui_klobba as klobba_table
import test_ui_kumbal_table as kumbal_table

ANA = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "normal"}


class KeyDriver(Driver):
    """Plays with the keyboard only: each click or drag of a gesture script becomes keys."""

    presses = 0

    def key(self, key, frames: int = 1, mod: int = 0, text: str = ""):
        KeyDriver.presses += 1
        super().key(key, frames, mod, text)

    def post(self, type_, **attrs):
        assert type_ not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION), "a mouse event"
        super().post(type_, **attrs)

    def click(self, pos, button: int = 1, frames: int = 1):
        assert button == 1, "a right click has no key"
        top = self.app.top
        if isinstance(top, PassScene):
            assert self.until(lambda: self.app.top.ready(), 100)
            self.key(PASS_KEY)
            return
        widget = next((w for w in top.ui.widgets if w.visible and w.rect.collidepoint(pos)), None)
        if widget is not None:
            self.press_widget(top, widget)
            return
        assert isinstance(top, TableScene), f"a click on {type(top).__name__} outside its buttons"
        place = top.plugin.hit(top.current_layout(), pos)
        found = top.keys.candidates(top)
        if place not in found:
            # a spot the mouse may click for a place (a player's plate for their Band): the keyboard
            # goes to the place itself, the one under or nearest the spot
            near = [p for p, r in found.items() if r.collidepoint(pos)] or sorted(
                found, key=lambda p: abs(found[p].centerx - pos[0]) + abs(found[p].centery - pos[1]))
            assert near, f"a click at {pos} on {place}, and nothing the keyboard reaches"
            place = near[0]
        self.focus_on(place)
        self.key(pygame.K_RETURN)

    def drag(self, start, end, steps: int = 4, frames: int = 1):
        before = len(self.table.session.match.actions)
        self.click(start)           # the keyboard's drag: pick it, then pick where it goes
        if len(self.table.session.match.actions) == before:
            self.click(end)

    def press_widget(self, scene, widget):
        for _ in range(len(scene.ui.widgets) + 2):
            if scene.ui.focus is widget:
                break
            self.key(pygame.K_TAB)
        assert scene.ui.focus is widget, f"Tab does not reach the button {getattr(widget, 'label', widget)!r}"
        self.key(pygame.K_RETURN)

    def focus_on(self, place):
        """Move the table's focus onto `place` with the arrow keys, by the shortest way the arrows
        lead (each press's landing is game/ui/table_keys.py's own choice, found ahead)."""
        from collections import deque
        from game.ui.table_keys import ARROWS, _toward
        table = self.table
        keys = table.keys
        if keys.current(table) is None:
            self.key(pygame.K_DOWN)         # onto the table (from nothing, or from a button Tab went to)
        current = keys.current(table)
        found = keys.candidates(table)
        assert place in found, (f"{place} is not among the places the keyboard reaches: {sorted(found, key=str)}; "
                                f"picked {table.input.selected}; {table.ctrl.message}")
        start = current[0]
        way = {start: []}
        todo = deque([start])
        while todo and place not in way:
            at = todo.popleft()
            for k, direction in ARROWS.items():
                nxt = _toward(found[at].center, direction, {p: r for p, r in found.items() if p != at})
                if nxt is not None and nxt not in way:
                    way[nxt] = way[at] + [k]
                    todo.append(nxt)
        assert place in way, f"the arrows never lead from {start} to {place}"
        for k in way[place]:
            self.key(k)
        assert keys.current(table)[0] == place


def make_app():
    return App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
               save_settings=False)


def no_right_click(choose):
    def pick(rng, legal):
        return choose(rng, [a for a in legal if a.kind != "purse_take"] or legal)
    return pick


def calm(rng, legal):
    quiet = [a for a in legal if a.kind != "call"]
    return rng.choice(quiet if quiet and rng.random() > 0.05 else legal)


GAMES = {
    "kombio": (lambda seed: memory_frames.short_match("kombio", [ANA, BEN, BOT], seed, rounds=1),
               rigging_memory.perform, calm),
    "cambio": (lambda seed: memory_frames.short_match("cambio", [ANA, BEN, BOT], seed), rigging_memory.perform, calm),
    "kumbal": (kumbal_table.two_humans_and_a_bot, kumbal_table.perform,
               lambda rng, legal: rng.choice(legal)),
    "klobba": (klobba_table.two_humans_and_a_bot, klobba_table.perform, lambda rng, legal: rng.choice(legal)),
    "castle-combo": (lambda seed: Session.new(castle_table.castle(), [ANA, BOT], None, seed), castle_table.perform,
                     no_right_click(castle_table.choose)),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_match_is_played_with_the_keyboard_alone(game_id):
    setup, perform, choose = GAMES[game_id]
    app = make_app()
    session = setup(5)
    KeyDriver.presses = 0
    d = rigging_screen.play_through_screen(app, session, random.Random(5), choose, perform, 3000, exact=True,
                                    driver=KeyDriver)
    assert session.game.is_over()
    humans = sum(1 for seat, _ in session.match.actions if session.seats[seat].get("kind") != "ai")
    assert humans >= 5 and KeyDriver.presses > humans


def test_the_focus_is_drawn_and_follows_the_arrows():
    app = make_app()
    ruleset = rigging.load("kumbal")
    session = Session.new(ruleset, [ANA, BOT], default_options(ruleset), 2)
    app.open_table(session)
    d = KeyDriver(app)
    assert d.until(lambda: kumbal_table.ready(d, 0) or kumbal_table.ready(d, 1), 400)
    assert d.until(lambda: kumbal_table.ready(d, 0), 2000)
    table = d.table
    assert table.keys.current(table) is None            # a mouse player never sees it
    d.key(pygame.K_DOWN)
    first = table.keys.current(table)
    assert first is not None
    d.key(pygame.K_RIGHT)
    second = table.keys.current(table)
    assert second is not None and second[0] != first[0] and second[1].centerx > first[1].centerx
    # the ring is on screen around the focused place
    ring = second[1].inflate(14, 14)
    from game.ui import theme
    assert tuple(app.screen.get_at((ring.centerx, ring.top + 1)))[:3] == theme.TEXT[:3]
