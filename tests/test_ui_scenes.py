"""Menus around the table, through the real event loop: menu, setup, resume, rules, settings, start-up."""
import os
import subprocess
import sys

import pygame
import pytest

from rigging_screen import past_guide_offer
from game.engine.ruleset import RulesetEntry
from game.store import saves, settings as settings_store
from game.store.settings import Settings
from game.ui.app import App, run
from game.ui.driver import Driver
from game.ui.menu import MenuScene
from game.ui.pause import PauseScene
from game.ui.rules_scene import RulesScene
from game.ui.settings_scene import SettingsScene
from game.ui.setup import SetupScene
from game.ui.table import TableScene


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def make_app(size=(1280, 800)):
    return App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
               save_settings=False)


def right(rect):
    return (rect.right - 6, rect.centery)


def left(rect):
    return (rect.x + 6, rect.centery)


def button(scene, label):
    return next(w for w in scene.ui.widgets if getattr(w, "label", None) == label and w.visible)


def test_menu_lists_games_and_broken_rulesets_greyed(data_dir):
    app = make_app()
    entries = list(app.rulesets()) + [RulesetEntry("rulesets/broken.yaml",
                                                   error="rulesets/broken.yaml:3: players.min: expected a number")]
    app._rulesets = entries
    app.open_menu()
    d = Driver(app)
    d.step(2)
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert button(menu, "Kombio")
    rect, entry, lines = menu.broken[0]
    assert "players.min" in " ".join(lines)
    d.click(rect.center)                         # a broken game does nothing when clicked
    assert app.top is menu
    assert not menu.resume_btn.visible           # no save yet


def test_setup_builds_the_match_from_the_choices(data_dir):
    app = make_app()
    app.open_menu()
    d = Driver(app)
    d.step(2)
    d.click(button(app.top, "Kombio").rect.center)
    past_guide_offer(d)                          # Kombio's guided first game, offered once
    setup = app.top
    assert isinstance(setup, SetupScene)
    d.click(right(setup.count_step.rect))      # 3 -> 4 players
    assert setup.count == 4
    row = setup.rows[0]
    d.click(row.name.rect.center)                # type a name
    for _ in range(5):
        d.key(pygame.K_BACKSPACE)
    d.type_text("Zoë")
    d.key(pygame.K_RETURN)
    row1 = setup.rows[1]
    d.click(right(row1.kind_step.rect))        # seat 2: computer -> human
    d.click(left(setup.rows[2].level_step.rect))   # seat 3: normal -> easy
    d.click(right(setup.mode_step.rect))       # rounds -> points
    toggle = setup.variant_toggles[0]
    d.click(toggle.rect.center)
    d.click(setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    s = table.session
    assert [x["name"] for x in s.seats][0] == "Zoë"
    assert [x["kind"] for x in s.seats] == ["human", "human", "ai", "ai"]
    assert s.seats[2]["level"] == "easy"
    assert s.options["match_end"]["mode"] == "points"
    first_variant = s.ruleset.variants[0]
    assert s.options["variants"][first_variant.key] is (not first_variant.default)


def test_typed_names_are_offered_again_at_the_next_setup(data_dir):
    """The playtest: typed names were not remembered. The names of human seats come back, seat by seat,
    in the next setup of any game (settings.json), and a seat turned human takes its remembered name."""
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"))
    app.open_menu()
    d = Driver(app)
    d.step(2)
    d.click(button(app.top, "Kombio").rect.center)
    past_guide_offer(d)                          # Kombio's guided first game, offered once
    setup = app.top
    setup.rows[0].name.value = "Zoë"
    d.click(right(setup.rows[1].kind_step.rect))          # seat 2: computer -> human
    setup.rows[1].name.value = "Ben"
    d.click(setup.start.rect.center)
    assert isinstance(app.top, TableScene)
    assert settings_store.load()[0].player_names[:2] == ["Zoë", "Ben"]
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True)      # the next start: settings from the file
    app.open_menu()
    d = Driver(app)
    d.step(2)
    d.click(button(app.top, "Kumbal").rect.center)
    past_guide_offer(d)                                          # Kumbal's guided first game, offered once
    setup = app.top
    assert setup.rows[0].name.value == "Zoë"
    assert setup.rows[1].name.value == "Bot 2"                   # a computer seat keeps its own name
    d.click(right(setup.rows[1].kind_step.rect))
    assert setup.rows[1].name.value == "Ben"


def test_duplicate_names_are_refused_with_a_reason(data_dir):
    app = make_app()
    app.open_menu()
    d = Driver(app)
    d.step(2)
    d.click(button(app.top, "Kombio").rect.center)
    past_guide_offer(d)                          # Kombio's guided first game, offered once
    setup = app.top
    setup.rows[1].name.value = setup.rows[0].name.value
    d.click(setup.start.rect.center)
    assert app.top is setup and "called" in setup.error


def test_a_saved_match_is_offered_and_resumed(data_dir):
    app = make_app()
    run(game_id="kombio", seats=["human", "ai:normal"], seed=7, app=app, max_frames=40)
    table = app.find(TableScene)
    done = len(table.session.match.actions)
    assert done > 0
    assert saves.load_current()[0]["actions"]
    app2 = make_app()
    app2.open_menu()
    d = Driver(app2)
    d.step(2)
    menu = app2.top
    assert menu.resume_btn.visible
    d.click(menu.resume_btn.rect.center)
    resumed = app2.top
    assert isinstance(resumed, TableScene)
    assert len(resumed.session.match.actions) >= done
    assert resumed.session.match.actions[:done] == table.session.match.actions[:done]


def test_a_saved_match_with_an_unknown_bot_level_is_set_aside_not_played(data_dir):
    """A save edited by hand (a bot level that does not exist) is refused with the reason and
    moved aside: the menu stays, nothing is lost."""
    app = make_app()
    run(game_id="kombio", seats=["human", "ai:normal"], seed=7, app=app, max_frames=40)
    record, _ = saves.load_current()
    record["seats"][1]["level"] = "genius"
    saves.save_current(record)
    app2 = make_app()
    app2.open_menu()
    d = Driver(app2)
    d.step(2)
    d.click(app2.top.resume_btn.rect.center)
    assert isinstance(app2.top, MenuScene) and not app2.top.resume_btn.visible
    assert any("cannot be resumed" in t[0] and "unknown bot level 'genius'" in t[0] for t in app2.toasts)
    assert saves.load_current()[0] is None
    assert any(p.name.startswith("current_match.json.broken-") for p in data_dir.iterdir())


def test_unknown_game_goes_to_the_menu_with_a_message(data_dir):
    app = make_app()
    run(game_id="no_such_game", app=app, max_frames=3)
    assert isinstance(app.top, MenuScene)
    assert any("no_such_game" in t[0] for t in app.toasts)


def test_rules_page_from_the_table_with_f1_and_back(data_dir):
    app = make_app()
    run(game_id="kombio", seats=["human", "ai"], seed=3, app=app, max_frames=3)
    d = Driver(app)
    d.key(pygame.K_F1)
    rules = app.top
    assert isinstance(rules, RulesScene)
    text = " ".join(line[1] for line in rules.lines)
    assert "Matching" in text and "Match: 5 rounds" in text
    d.key(pygame.K_PAGEDOWN)
    d.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)
    d.step()
    assert rules.scroll > 0
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, TableScene)
    d.click(app.top.buttons["rules"].rect.center)     # one click from the table
    assert isinstance(app.top, RulesScene)


def test_settings_change_and_are_saved(data_dir):
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings())
    run(game_id="kombio", seats=["human", "ai"], seed=3, app=app, max_frames=3)
    d = Driver(app)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    d.click(button(app.top, "Settings").rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    d.click(scene.aid.rect.center)
    d.click(right(scene.speed.rect))           # normal -> fast
    d.click(scene.log.rect.center)
    d.click(right(scene.think.rect))           # hard bots think 1 s -> 3 s
    d.click(right(scene.react.rect))           # bots react normal -> faster
    saved, warning = settings_store.load()
    assert warning is None
    assert saved.bot_reactions == "faster"
    assert saved.memory_aid is True and saved.animation_speed == "fast" and saved.show_log is False
    assert saved.hard_seconds == 3.0
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, TableScene)
    assert app.top.current_layout().sidebar.w > 0


def test_python_main_py_draws_its_first_frame(data_dir):
    # `python main.py` in a fresh interpreter, as a player starts it; the time it takes is
    # measured in bench/bench_ui.py, not asserted here.
    main = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "main.py")
    out = subprocess.run([sys.executable, main], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "CARDTABLE_QUIT_AFTER_FIRST_FRAME": "1"})
    assert out.returncode == 0, out.stderr


def test_match_end_shows_the_result_records_stats_and_clears_the_save(data_dir):
    from game.store import stats
    from game.ui.summary import MatchResultScene
    app = make_app()
    options = {"variants": {}, "match_end": {"mode": "rounds", "rounds": 1, "points": 100}}
    run(game_id="kombio", seats=["ai:normal", "ai:easy", "ai:normal"], options=options, seed=5, app=app,
        max_frames=1)
    d = Driver(app)
    assert d.until(lambda: isinstance(app.top, MatchResultScene), 20000)
    recorded = stats.load()[0]["games"]["kombio"]
    assert recorded["played"] == 1 and recorded["lower_is_better"] is True
    assert saves.load_current() == (None, None)
    first = app.top.table
    # issue 29: every finished match is kept, for the replay and the review
    from game.store import history
    (past,), warnings = history.past_matches()
    assert warnings == [] and past.path == first.ctrl.kept
    assert past.match == first.session.to_json() and past.summary["scores"] == list(first.session.game.scores())
    d.key(pygame.K_TAB)                          # the last round's breakdown
    assert app.top.page == "last round"
    d.key(pygame.K_RETURN)                       # play again: same seats and options
    again = app.top
    assert isinstance(again, TableScene) and again is not first
    assert again.session.seats == first.session.seats and again.session.options == first.session.options


def test_a_long_games_list_scrolls_in_a_small_window(data_dir):
    app = make_app(size=(1024, 640))
    broken = RulesetEntry("rulesets/zz.yaml", error="rulesets/zz.yaml:1: id: expected lower-case letters")
    app._rulesets = list(app.rulesets()) * 3 + [broken]
    app.open_menu()
    d = Driver(app)
    d.step(2)
    menu = app.top
    window = pygame.Rect(0, 0, 1024, 640)
    assert all(window.contains(w.rect) for w in menu.ui.widgets if w.visible)
    assert not menu.broken                       # the broken entry is below the fold
    for _ in range(20):
        d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    d.step()
    assert menu.broken and menu.broken[0][1] is broken
    assert all(menu.list_rect.contains(w.rect) for w in menu.game_buttons if w.visible)


def test_starting_a_new_match_asks_before_it_replaces_the_saved_one(data_dir):
    """Only one match is kept: a new one must not silently overwrite it."""
    from game.ui.confirm import ConfirmScene
    app = make_app()
    run(game_id="kombio", seats=["human", "ai"], seed=3, app=app, max_frames=3)
    d = Driver(app)
    assert d.until(lambda: len(saves.load_current()[0]["actions"]) >= 2, 400)
    app.open_menu()                              # Main menu: the match stays saved
    d.step(2)
    saved = saves.load_current()[0]
    d.click(button(app.top, "Kombio").rect.center)
    past_guide_offer(d)                          # Kombio's guided first game, offered once
    setup = app.top
    d.click(setup.start.rect.center)
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    assert ask.question == f"Abandon the saved match of Kombio (Player 1, Bot 2; {len(saved['actions'])} moves)?"
    d.key(pygame.K_ESCAPE)                       # keep it: nothing started, nothing lost
    assert app.top is setup and saves.load_current()[0] == saved
    d.click(setup.start.rect.center)
    d.click(app.top.yes.rect.center)             # abandon it and start
    assert isinstance(app.top, TableScene) and saves.load_current()[0]["seed"] != saved["seed"]


def test_the_command_line_game_asks_too_when_a_match_is_saved(data_dir):
    from game.ui.confirm import ConfirmScene
    app = make_app()
    run(game_id="kombio", seats=["human", "ai"], seed=3, app=app, max_frames=3)
    assert saves.load_current()[0] is not None
    app2 = make_app()
    run(game_id="cambio", seats=["human", "ai"], seed=4, app=app2, max_frames=2)
    assert isinstance(app2.top, ConfirmScene) and "Kombio" in app2.top.question
    Driver(app2).key(pygame.K_n)
    assert isinstance(app2.top, MenuScene) and saves.load_current()[0]["ruleset"] == "kombio"
