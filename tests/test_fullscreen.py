"""Full screen: F11 on every screen and the setting, through the real event loop (dummy video driver).

The dummy driver has a 1024x768 "desktop" and lets a window fill it, so the
switch is real; its refusal of pygame.display.toggle_fullscreen is the
failure case.
"""
import json

import pygame
import pytest

from game.store import settings as settings_store
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.menu import MenuScene
from game.ui.settings_scene import SettingsScene
from game.ui.table import TableScene

WINDOW = (1280, 800)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def make_app(**settings):
    app = App(size=WINDOW, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant", **settings))
    app.open_menu()
    return app, Driver(app)


def saved(data_dir) -> dict:
    return json.loads((data_dir / "settings.json").read_text())


def test_f11_fills_the_screen_and_back_and_is_remembered(data_dir):
    app, d = make_app()
    d.key(pygame.K_F11)
    assert app.fullscreen is True
    assert app.size == pygame.display.get_surface().get_size() != WINDOW
    assert app.top.size == app.size                   # the menu was laid out for the new size
    assert saved(data_dir)["fullscreen"] is True
    assert saved(data_dir)["window_size"] == list(WINDOW)   # the window to come back to
    d.step(3)                                          # the driver's own resize events change nothing
    assert app.fullscreen and settings_store.load()[0].window_size == WINDOW
    d.key(pygame.K_F11)
    assert app.fullscreen is False
    assert app.size == WINDOW and app.top.size == WINDOW
    assert saved(data_dir)["fullscreen"] is False


def test_f11_works_at_the_table_without_touching_the_match(data_dir):
    app, d = make_app()
    from game.ui.app import new_session
    session = new_session("kombio", ["human", "ai:normal"], seed=2)
    app.open_table(session)
    d.step(2)
    table, actions = app.top, len(session.match.actions)
    assert isinstance(table, TableScene)
    d.key(pygame.K_F11)
    assert app.fullscreen and app.top is table
    assert table.current_layout().size == app.size
    assert len(session.match.actions) == actions and table.ctrl.message is None


def test_the_settings_screen_switch_and_f11_agree(data_dir):
    app, d = make_app()
    app.push(SettingsScene(app))
    scene = app.top
    assert scene.full.value is False
    d.click(scene.full.rect.center)
    assert app.fullscreen is True and scene.full.value is True
    assert saved(data_dir)["fullscreen"] is True
    d.key(pygame.K_F11)                                # switched back from the keyboard
    assert app.fullscreen is False and scene.full.value is False
    d.click(scene.sound.rect.center)
    assert saved(data_dir)["sound"] is False
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_a_remembered_full_screen_opens_full_screen(data_dir):
    app, _ = make_app(fullscreen=True)
    assert app.fullscreen is True and app.size != WINDOW


def test_a_display_that_refuses_keeps_the_window_and_says_so(data_dir):
    app, d = make_app()
    app.window = None        # the path for an SDL without pygame.Window: display.toggle_fullscreen,
    d.key(pygame.K_F11)      # which the dummy driver refuses ("That operation is not supported")
    assert app.fullscreen is False and app.size == WINDOW
    assert any("Full screen is not available" in message for message, _ in app.toasts)
    assert saved(data_dir)["fullscreen"] is False
    assert app.running and isinstance(app.top, MenuScene)
