"""The table seam is one-way (issue 28, part 3): drawing reads, handling writes.

Issue 28: "the zones before an action are passed in the step context, not kept as `_before`/`_frozen`
side effects of `layout()`; ... layout is computed once per frame and action". For every family with
a table: its plug-in's `layout` changes nothing (called twice with the same arguments, the plug-in's
state is as it was, and the zones are the same), and the scene lays a frame out once and keeps it.
"""
from __future__ import annotations

import copy

import pytest

from game.engine.ruleset import default_options, load_all
from game.engine.session import Session
from game.store.settings import Settings
from game.ui import families
from game.ui.app import App
from game.ui.driver import Driver

SIZE = (1280, 800)


def rulesets_by_family() -> dict:
    """family -> the first shipped ruleset of it (every family with a table has one)."""
    out = {}
    for entry in load_all():
        if entry.ok:
            out.setdefault(entry.ruleset.family, entry.ruleset)
    return out


def table_families() -> list:
    families._load()
    return sorted(families._PLUGINS)


def open_table(ruleset, frames: int = 30):
    """A table of one human and bots (normal speed), a few frames in: the plug-in has met the match."""
    seats = [{"name": "Ana", "kind": "human"}] + [{"name": f"Bot {i}", "kind": "ai", "level": "normal"}
                                                   for i in range(1, max(3, ruleset.min_players))]
    session = Session.new(ruleset, seats, default_options(ruleset), 3)
    app = App(size=SIZE, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="normal"),
              save_settings=False)
    app.open_table(session)
    d = Driver(app)
    d.step(frames)
    return d, d.table


def snapshot(plugin) -> dict:
    """The plug-in's state: its fields, containers copied (so a change inside one shows)."""
    return {k: copy.copy(v) if isinstance(v, (dict, list, set)) else v for k, v in vars(plugin).items()}


def same_state(before: dict, plugin) -> list:
    """The fields that differ from `before` (added, removed, another object, or a container changed)."""
    now = vars(plugin)
    changed = sorted(set(before) ^ set(now))
    for key in set(before) & set(now):
        old, new = before[key], now[key]
        if isinstance(old, (dict, list, set)):
            if type(old) is not type(new) or old != new:
                changed.append(key)
        elif old is not new:
            changed.append(key)
    return changed


def rects(zones) -> dict:
    places = getattr(zones, "places", None)
    if callable(places):
        return {place: tuple(rect) for place, rect in dict(places()).items()}
    return {k: tuple(v) for k, v in vars(zones).items() if hasattr(v, "topleft")}


@pytest.mark.parametrize("family", table_families())
def test_a_plugins_layout_keeps_nothing(family):
    ruleset = rulesets_by_family()[family]
    d, table = open_table(ruleset)
    plugin = table.plugin
    for view in (table.ctrl.view(), table.ctrl.public()):
        arrangement = plugin.arrangement(view)
        before = snapshot(plugin)
        first = plugin.layout(SIZE, view, arrangement)
        second = plugin.layout(SIZE, view, arrangement)
        assert same_state(before, plugin) == [], f"{family}: layout() changed {same_state(before, plugin)}"
        assert rects(first) == rects(second) and rects(first)


@pytest.mark.parametrize("family", table_families())
def test_the_scene_lays_a_frame_out_once(family, monkeypatch):
    """The zones of the view on screen are laid out once and kept while the window's size, the view
    and the plug-in's arrangement stay the same: frames and pointer moves reuse them."""
    import pygame
    ruleset = rulesets_by_family()[family]
    d, table = open_table(ruleset)
    d.until(lambda: not table.anim.busy(), 400)
    calls = []
    real = type(table.plugin).layout
    monkeypatch.setattr(type(table.plugin), "layout", lambda self, *a: calls.append(a) or real(self, *a))
    zones = table.current_layout()
    done = len(table.session.match.actions)
    for k in range(5):
        d.post(pygame.MOUSEMOTION, pos=(100 + 40 * k, 300), rel=(1, 1), buttons=(0, 0, 0))
        d.step()
    if len(table.session.match.actions) == done and not table.anim.busy():
        assert calls == [] and table.current_layout() is zones        # nothing changed: nothing laid out
    assert len(calls) <= len(table.session.match.actions) - done + 5     # never more than once a frame


@pytest.mark.parametrize("family", table_families())
def test_the_drawing_part_draws_a_view_with_no_controller_at_all(family):
    """The offscreen renderer's part (TableDrawing) is made from the ruleset, the card art and the
    settings alone, and draws every seat's view and the public view: no controller, no scene."""
    import pygame

    from game.ui.cardart import CardArt
    from game.ui.offscreen import _ensure_display
    from game.ui.table_frame import Visuals
    ruleset = rulesets_by_family()[family]
    seats = [{"name": f"Bot {i}", "kind": "ai", "level": "normal"} for i in range(max(3, ruleset.min_players))]
    session = Session.new(ruleset, seats, default_options(ruleset), 4)
    _ensure_display()
    drawing = families.drawing_for(family)(ruleset, CardArt(ruleset), Settings())
    assert not any(hasattr(drawing, name) for name in ("ctrl", "scene", "controller"))
    for viewer in [None] + list(range(len(seats))):
        view = session.game.view(viewer)
        vis = Visuals(names=tuple(session.names), title=drawing.title(view), viewer=viewer)
        zones, vis = drawing.still(SIZE, view, vis, viewer if viewer is not None else 0)
        surf = pygame.Surface(SIZE)
        drawing.draw(surf, zones, view, vis)
        colours = {surf.get_at((x, y))[:3] for x in range(0, SIZE[0], 16) for y in range(0, SIZE[1], 16)}
        assert rects(zones) and len(colours) > 8          # the family's zones were drawn
