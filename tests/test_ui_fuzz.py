"""Random clicks, drags and keys at any moment never raise (seeded, through the real event loop).

The app runs in strict mode, so any exception in a scene fails the test.
Half the clicks aim at things on the table (cards, piles, buttons) so the
fuzz reaches drags, selections, races, pass screens and menus, not just felt.
"""
import random

import pygame
import pytest

from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.menu import MenuScene
from game.ui.table import TableScene
import rigging
KEYS = [pygame.K_d, pygame.K_s, pygame.K_k, pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_F1,
        pygame.K_q, pygame.K_p, pygame.K_z, pygame.K_m, pygame.K_t, pygame.K_r, pygame.K_TAB, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_a, pygame.K_1, pygame.K_0, pygame.K_UP, pygame.K_PAGEDOWN]


def new_table(app, seats, seed, ruleset_id="kombio"):
    ruleset = rigging.load(ruleset_id)
    app.open_table(Session.new(ruleset, seats, default_options(ruleset), seed))


def targets(app):
    """Points worth clicking on the top scene: widgets, and on the table its cards and piles."""
    top = app.top
    points = [w.rect.center for w in top.ui.widgets if w.visible and w.rect.w]
    if isinstance(top, TableScene):
        lay = top.current_layout()
        points += [lay.deck.center, lay.discard.center, lay.drawn.center]
        for box in lay.seats:
            points += [r.center for r in box.slots]
    return points


@pytest.mark.parametrize("ruleset_id,seed,speed,seats", [
    ("kombio", 1, "instant", ["human", "ai", "ai"]),
    ("kombio", 2, "fast", ["human", "human", "ai"]),
    ("kombio", 3, "instant", ["human", "human", "human", "human", "ai", "ai"]),
    # Cambio's eight seats, chains of throws and late throws among four humans
    ("cambio", 4, "instant", ["human", "human", "ai", "ai", "human", "ai", "ai", "human"]),
])
def test_random_input_never_raises(ruleset_id, seed, speed, seats):
    rng = random.Random(seed)
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed),
              save_settings=False)
    specs = [{"name": f"P{i + 1}", "kind": k} if k == "human" else {"name": f"B{i + 1}", "kind": "ai", "level": "easy"}
             for i, k in enumerate(seats)]
    new_table(app, specs, seed, ruleset_id)
    d = Driver(app)
    w, h = app.size
    for i in range(350):
        if not app.running or not app.scenes:
            app.running = True
            new_table(app, specs, seed + i, ruleset_id)
        if isinstance(app.top, MenuScene) and rng.random() < 0.7:
            new_table(app, specs, seed + i, ruleset_id)
        w, h = app.size
        r = rng.random()
        pick = targets(app)
        point = rng.choice(pick) if pick and rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
        if r < 0.35:
            d.click(point, button=rng.choice([1, 1, 1, 3]))
        elif r < 0.55:
            other = rng.choice(pick) if pick else (rng.randrange(w), rng.randrange(h))
            d.drag(point, other, steps=rng.randint(1, 4))
        elif r < 0.85:
            d.key(rng.choice(KEYS))
        elif r < 0.9:
            d.post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)           # a press left hanging
            d.step()
        elif r < 0.94:
            d.post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
            d.type_text(rng.choice(["a", "Zoë", " "]))
        elif r < 0.97:
            d.resize(rng.choice([(1024, 640), (1280, 800), (1600, 900), (900, 600)]))
        else:
            d.step(rng.randint(5, 40))                                   # let bots and races run
        d.step(rng.randint(0, 3))
    assert app.scenes
