"""The About page (issue 33, 2): the version, every installed game with the makers its ruleset names,
a plain statement that this is unofficial, the licence of every bundled library and asset, and the
data folder; opened from the menu through the real event loop."""
import pygame

from game import VERSION
from game.engine.ruleset import load_all
from game.store.settings import Settings
from game.ui.about_scene import AboutScene
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.menu import MenuScene


def test_the_about_page_credits_every_game_and_names_the_licences_and_the_data_folder(data_dir):
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True, settings=Settings(), save_settings=False)
    app.push(MenuScene(app, load_now=True))
    d = Driver(app)
    d.step(3)
    d.click(app.top.about_btn.rect.center)
    d.step(2)
    page = app.top
    assert isinstance(page, AboutScene) and page.heading() == ("About Card Table", f"version {VERSION}")
    text = " ".join(t for _, t in page.blocks())
    for entry in load_all():
        if entry.ok:
            assert entry.ruleset.credits and f"{entry.ruleset.name}: {entry.ruleset.credits}" in text
    assert "Grégory Gard and Mathieu Roussel" in text and "Game Factory" in text   # as the rule texts name them
    assert "unofficial implementation" in text
    for bundled in ("pygame-ce: GNU Lesser General Public License 2.1", "separate files", "SDL", "PyYAML",
                    "platformdirs", "Python", "DejaVu"):
        assert bundled in text, bundled
    assert str(data_dir) in text
    d.key(pygame.K_END)                        # it scrolls to its end, and Esc goes back
    assert page.scroll == page.max_scroll() > 0
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_a_ruleset_without_credits_is_said_plainly(tmp_path):
    from game.about import blocks
    from game.engine.ruleset import find_ruleset
    import dataclasses
    house = dataclasses.replace(find_ruleset("kumbal"), name="Our Kumbal", credits="")
    assert ("item", "Our Kumbal: its ruleset names no designer or publisher.") in blocks([house])
