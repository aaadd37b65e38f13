"""Rules of the common table that every family gets (issue 27's playtest), through the real event loop:
a drop that does nothing slides back and says why; the hover zoom opens only while the pointer rests
and nothing is pressed or dragged, and closes on any action, press, key or covering screen."""
from __future__ import annotations

import pygame
import pytest

from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.table import HOVER
import rigging
DT = 0.05
ANA = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "normal"}


def open_table(game_id, seats, seed=3):
    app = App(size=(1280, 800), fixed_dt=DT, strict=True, settings=Settings(animation_speed="fast"),
              save_settings=False)
    ruleset = rigging.load(game_id)
    session = Session.new(ruleset, seats, default_options(ruleset), seed)
    app.open_table(session)
    return Driver(app), session


def points(size, step=12):
    w, h = size
    return [(x, y) for y in range(step, h - step, step) for x in range(step, w - step, step)]


def ready(d):
    t = d.table
    return t is not None and d.app.top is t and t.ctrl.input_seat() is not None and not t.anim.busy() \
        and t.ctrl.hold is None


def draggable_point(d, max_actions=30):
    """A point on something the human may pick up now (legal moves are made until there is one)."""
    for _ in range(max_actions):
        assert d.until(lambda: ready(d), 2000), d.table.ctrl.prompt()
        table = d.table
        zones = table.current_layout()
        for pt in points(d.app.size):
            place = table.plugin.hit(zones, pt)
            if place is not None and table.input.draggable(place) and table.plugin.place_rect(zones, place) \
                    and table.plugin.image(place, zones, table.ctrl.view()) is not None:
                return pt, place
        seat = table.ctrl.input_seat()
        table.ctrl.apply(seat, table.ctrl.legal(seat)[0])
    raise AssertionError("nothing to drag")


def empty_point(d):
    """A point of the window where no place and no button is."""
    table = d.table
    zones = table.current_layout()
    for pt in reversed(points(d.app.size, 20)):
        if table.plugin.hit(zones, pt) is None and not any(w.visible and w.rect.collidepoint(pt)
                                                          for w in table.ui.widgets):
            return pt
    raise AssertionError("no empty point")


@pytest.mark.parametrize("game_id", ["kombio", "kumbal", "castle-combo", "klobba"])
def test_a_drop_on_nothing_slides_back_and_says_why(game_id):
    d, session = open_table(game_id, [ANA, BOT])
    start, place = draggable_point(d)
    count = len(session.match.actions)
    d.table.ctrl.message = None
    d.drag(start, empty_point(d), steps=6)
    assert d.table.anim.busy(), "the card did not slide back"
    assert len(session.match.actions) == count
    msg = d.table.ctrl.message
    assert msg and msg[0], "the drop did nothing and said nothing"


def rest_on(d, point, frames):
    d.post(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(0, 0, 0))
    d.step(frames)


def zoomable_point(d):
    table = d.table
    zones = table.current_layout()
    for pt in points(d.app.size):
        place = table.plugin.hover_place(zones, pt)
        if place is not None and table.plugin.hit(zones, pt) is not None and table.input.draggable(
                table.plugin.hit(zones, pt)):
            return pt, place
    raise AssertionError("nothing to zoom that can be dragged")


@pytest.mark.parametrize("game_id", ["castle-combo", "klobba"])
def test_the_zoom_opens_only_on_a_resting_pointer_and_closes_on_any_action(game_id):
    d, session = open_table(game_id, [ANA, BOT])
    draggable_point(d)
    table = d.table
    point, place = zoomable_point(d)
    rest_on(d, point, 1)
    assert table.zoomed() is None                           # passing over flashes nothing
    d.step(round(HOVER / DT) + 1)
    assert table.zoomed() == place                          # resting on it zooms it
    # a press closes it, and a drag never opens it, however long the card is carried and held still
    d.post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    d.step()
    assert table.zoomed() is None
    target = (point[0] + 40, point[1] - 60)
    d.post(pygame.MOUSEMOTION, pos=target, rel=(40, -60), buttons=(1, 0, 0))
    d.step(round(1 / DT))
    assert table.input.dragging and table.zoomed() is None
    d.post(pygame.MOUSEBUTTONUP, pos=target, button=1)
    d.step(round(1 / DT))
    assert table.zoomed() is None                           # after the drop: closed until the pointer rests anew
    rest_on(d, point, round(HOVER / DT) + 2)
    assert table.zoomed() is not None
    d.key(pygame.K_PAGEUP)                                  # any key closes it
    assert table.zoomed() is None
    rest_on(d, (point[0] + 1, point[1]), round(HOVER / DT) + 2)
    assert table.zoomed() is not None
    seat = table.ctrl.input_seat()
    table.ctrl.apply(seat, table.ctrl.legal(seat)[0])       # any action closes it
    assert table.zoomed() is None


def test_the_zoom_is_closed_after_a_pass_screen():
    from game.ui.pass_screen import PassScene
    d, session = open_table("klobba", [ANA, BEN], seed=3)
    d.confirm_pass()
    table = d.table
    point, place = zoomable_point(d)
    rest_on(d, point, round(HOVER / DT) + 2)
    assert table.zoomed() == place
    for _ in range(20):
        seat = table.ctrl.input_seat()
        table.ctrl.apply(seat, table.ctrl.legal(seat)[0])
        if d.until(lambda: isinstance(d.app.top, PassScene) or ready(d), 400) and isinstance(d.app.top, PassScene):
            break
        rest_on(d, point, round(HOVER / DT) + 2)
    d.confirm_pass()
    assert table.zoomed() is None


@pytest.mark.parametrize("game_id", ["kombio", "kumbal", "castle-combo", "klobba"])
def test_the_log_tells_an_action_once_its_animation_has_shown_it(game_id):
    """Klobba!'s log said "Player 1 wins 9 to 8" while the totals still counted: an action's lines wait
    for its animation (a click that skips it shows them at once)."""
    app = App(size=(1280, 800), fixed_dt=DT, strict=True, settings=Settings(animation_speed="slow"),
              save_settings=False)
    ruleset = rigging.load(game_id)
    session = Session.new(ruleset, [dict(BOT, name="Hal"), dict(BOT, name="Bot")], default_options(ruleset), 3)
    app.open_table(session)
    d = Driver(app)
    table = d.table
    held = 0
    for _ in range(3000):
        d.step()
        shown = table.log_shown()
        if table.anim.busy() and len(shown) < len(table.ctrl.log):
            held += 1
            assert shown == tuple(table.ctrl.log[:len(shown)])
        if not table.anim.busy():
            assert shown == tuple(table.ctrl.log)
        if held > 20 and len(session.match.actions) > 6:
            break
    assert held > 20, "no action's lines were ever held back by its animation"
    # a click skips the animation, and the lines come with it
    assert d.until(lambda: table.anim.busy() and len(table.log_shown()) < len(table.ctrl.log), 2000)
    d.key(pygame.K_PAGEDOWN)
    assert table.log_shown() == tuple(table.ctrl.log)


def test_a_seat_left_with_no_legal_move_ends_the_match_with_a_sentence(tmp_path):
    """Issue 27: a ruleset that let Castle Combo run out of cards froze the table at action 92 with no
    message. The loader refuses such rulesets now; if a seat is ever to act with no legal move all the
    same (here: a real game whose displays and decks were emptied, with no key to spend), the table
    says so, offers the menu, and the saved match is not offered again."""
    from game.store import saves
    app = App(size=(1280, 800), fixed_dt=DT, strict=True, settings=Settings(animation_speed="fast"),
              save_settings=False)
    ruleset = rigging.load("castle-combo")
    session = Session.new(ruleset, [ANA, BOT], default_options(ruleset), 3)
    game = session.game
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: ready(d) and d.table.ctrl.input_seat() == 0 or game.current == 1 and ready(d), 400)
    game.keys[game.current] = 0
    for loc in game.displays:
        game.displays[loc] = []
        game.decks[loc] = []
        game.discards[loc] = []
    game._view_common = None
    assert game.legal_actions(game.current) == []
    d.table.ctrl._stuck_key = -1        # the state changed under the table (no action was applied)
    d.step(3)
    from game.ui.confirm import ConfirmScene
    assert isinstance(d.app.top, ConfirmScene)
    assert "no legal move" in d.table.ctrl.prompt() and "cannot go on" in d.table.ctrl.prompt()
    assert saves.load_current()[0] is None
    d.key(pygame.K_y)
    from game.ui.menu import MenuScene
    assert isinstance(d.app.top, MenuScene)


def test_statistics_keep_bots_of_different_levels_apart():
    """The playtest: statistics merged bots of different levels under one name. A bot is kept with its
    level ("Hal (easy)"), so beating Hal at easy does not count as beating Hal at normal."""
    from game.store import stats
    for level in ("easy", "normal"):
        app = App(size=(1024, 640), fixed_dt=DT, strict=True, settings=Settings(animation_speed="instant"),
                  save_settings=False)
        ruleset = rigging.load("kumbal")
        seats = [{"name": "Hal", "kind": "ai", "level": level}, {"name": "Ana", "kind": "ai", "level": "easy"}]
        options = default_options(ruleset)
        options["match_end"] = {"mode": "rounds", "rounds": 1, "points": ruleset.match_end.points}
        session = Session.new(ruleset, seats, options, 4)
        app.open_table(session)
        d = Driver(app)
        assert d.until(lambda: d.table.ctrl.finished, 6000)
    players = stats.load()[0]["games"]["kumbal"]["players"]
    assert players["Hal (easy)"]["played"] == 1 and players["Hal (normal)"]["played"] == 1
    assert players["Ana (easy)"]["played"] == 2 and "Hal" not in players
