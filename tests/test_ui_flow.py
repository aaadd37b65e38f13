"""What a first-time player tripped over (issue 7), through the real event loop.

Every screen has a way out and the buttons shown work; a click during a short
animation counts; a call is asked before it counts; a look that a decision
follows stays on screen until the decision; a timed look says how long it has.
"""
import pygame

from game.engine.core import Action
from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.pass_screen import PassScene
from game.ui.pause import PauseScene
from game.ui.rules_scene import RulesScene
from game.ui.summary import RoundSummaryScene
from game.ui.table import TableScene
from game.ui.table_controller import REVEAL
import rigging_memory
from rigging_screen import confirm_pass, until_ready

ANA = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "normal"}


def table_for(game, seats, speed="instant", seed=1):
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed),
              save_settings=False)
    d, session = rigging_memory.open_rigged(app, game, seats, seed)
    return app, d, session


# --- every screen has a way out ---------------------------------------------------------------

def test_the_round_summary_has_a_way_out_by_esc_and_by_the_menu_button_shown():
    game = rigging_memory.rigged(2, seed=2, current=0, hands={0: [0, 0, 1, 1]})
    app, d, session = table_for(game, [ANA, BOT])
    until_ready(d, 0)
    d.key(pygame.K_k)
    d.key(pygame.K_k)
    assert d.until(lambda: isinstance(app.top, RoundSummaryScene), 2000)
    summary = app.top
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    d.key(pygame.K_ESCAPE)                            # Continue: back to the summary
    assert app.top is summary
    d.click(d.table.buttons["menu"].rect.center)      # the Menu button drawn under the summary
    assert isinstance(app.top, PauseScene)
    d.click(app.top.items[0].rect.center)             # Continue
    assert app.top is summary
    d.click(d.table.buttons["rules"].rect.center)
    assert isinstance(app.top, RulesScene)
    d.key(pygame.K_ESCAPE)
    assert app.top is summary
    d.key(pygame.K_SPACE)                             # and the next round still starts
    assert d.until(lambda: session.game.view(None).round_no == 2, 50)


def test_the_pass_screen_has_esc_and_f1_and_still_hides_the_table():
    game = rigging_memory.rigged(3, seed=3, current=1)
    app, d, session = table_for(game, [ANA, BEN, BOT])
    assert d.until(lambda: isinstance(app.top, PassScene), 200)
    pass_screen = app.top
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    # the pause menu is drawn over the pass screen, which is opaque: nothing of the table shows
    start = len(app.scenes) - 1
    while app.scenes[start].overlay:
        start -= 1
    assert app.scenes[start] is pass_screen
    d.key(pygame.K_ESCAPE)
    assert app.top is pass_screen
    d.key(pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    d.key(pygame.K_ESCAPE)
    assert app.top is pass_screen
    d.confirm_pass()
    assert isinstance(app.top, TableScene) and d.table.ctrl.viewer == 1


# --- a click during a short animation counts ----------------------------------------------------

def test_a_click_on_a_legal_target_during_an_animation_finishes_it_and_counts():
    game = rigging_memory.rigged(2, seed=4, current=0, deck=[3])
    app, d, session = table_for(game, [ANA, BOT], speed="slow")
    until_ready(d, 0)
    d.key(pygame.K_d)                                 # the draw flies to the drawn place (slowly)
    assert d.table.anim.busy()
    before = len(session.match.actions)
    d.click(d.centre_of((0, 1)))                      # the drawn card goes to position 1 ...
    assert session.match.actions[before] == (0, Action("exchange", pos=(0, 1)))   # ... at once


# --- a call is asked before it counts -------------------------------------------------------------

def test_k_asks_before_calling_and_esc_keeps_playing():
    game = rigging_memory.rigged(2, seed=5, current=0)
    app, d, session = table_for(game, [ANA, BOT])
    until_ready(d, 0)
    table, ctrl = d.table, d.table.ctrl
    before = len(session.match.actions)
    d.key(pygame.K_k)
    assert len(session.match.actions) == before
    assert "K again" in ctrl.message[0] and table.buttons["call"].label.startswith("Confirm")
    assert table.buttons["cancel"].visible
    d.key(pygame.K_ESCAPE)                            # no call after all
    assert len(session.match.actions) == before and not table.buttons["call"].label.startswith("Confirm")
    assert not any(isinstance(s, PauseScene) for s in app.scenes)
    d.click(table.buttons["call"].rect.center)        # the button asks too ...
    assert len(session.match.actions) == before
    d.click(table.buttons["call"].rect.center)        # ... and its second click calls
    assert session.match.actions[before] == (0, Action("call"))
    assert not ctrl.message or "K again" not in ctrl.message[0]     # the question is gone with it


def test_an_unconfirmed_call_lapses_when_the_player_does_something_else():
    game = rigging_memory.rigged(2, seed=6, current=0)
    app, d, session = table_for(game, [ANA, BOT])
    until_ready(d, 0)
    d.key(pygame.K_k)
    d.key(pygame.K_d)                                 # draws instead
    before = len(session.match.actions)
    assert session.match.actions[-1] == (0, Action("draw", choice="deck"))
    d.key(pygame.K_k)                                 # not a call any more (and not legal now)
    assert len(session.match.actions) == before
    assert "K again" not in (d.table.ctrl.message or ("",))[0]


# --- looks: what the player sees matches the words --------------------------------------------------

def test_a_fourteen_keeps_both_looked_at_cards_visible_until_the_decision():
    """Kombio: "14: look at any two cards, then you may swap them with each other." """
    game = rigging_memory.rigged(3, seed=7, current=0, hands={0: [1, 2, 3, 4], 1: [5, 6, 7, 8]}, deck=[14])
    app, d, session = table_for(game, [ANA, BEN, BOT], speed="normal")
    confirm_pass(d, "Ana")
    until_ready(d, 0)
    d.key(pygame.K_d)
    until_ready(d, 0)
    d.click(d.centre_of("discard"))                   # discard the 14: its ability
    until_ready(d, 0)
    d.click(d.centre_of((0, 0)))                      # look at my 1 ...
    until_ready(d, 0)
    d.click(d.centre_of((1, 0)))                      # ... and at Ben's 5
    until_ready(d, 0)
    ctrl = d.table.ctrl
    d.step(int(REVEAL["normal"] / 0.05) + 40)         # longer than any timed look: the decision is still open
    assert ctrl.view().phase == "ability" and ctrl.viewer == 0
    assert {(0, 0), (1, 0)} <= set(ctrl.plugin.reveals)
    assert ctrl.view().slot((0, 0)).face.value == 1 and ctrl.view().slot((1, 0)).face.value == 5
    d.key(pygame.K_SPACE)                             # no swap: the looks end with the decision
    assert d.until(lambda: d.table.ctrl.moment().kind != "private", 200)
    assert d.until(lambda: not {(0, 0), (1, 0)} & set(d.table.ctrl.plugin.reveals) or d.table.ctrl.viewer is None, 400)


def test_a_timed_look_shows_its_countdown_and_ends_by_itself_as_it_says():
    game = rigging_memory.rigged(3, seed=8, current=0, hands={0: [1, 2, 3, 4]}, deck=[7])
    app, d, session = table_for(game, [ANA, BEN, BOT], speed="normal")
    confirm_pass(d, "Ana")
    until_ready(d, 0)
    d.key(pygame.K_d)
    until_ready(d, 0)
    d.click(d.centre_of("discard"))                   # a 7: look at one of your cards
    until_ready(d, 0)
    d.click(d.centre_of((0, 2)))
    ctrl = d.table.ctrl
    assert ctrl.hold is not None and ctrl.hold.reason == "peek"
    d.step(10)
    words = ctrl.prompt()
    assert "turns back in" in words and " s" in words
    vis = d.table.visuals(d.layout(), ctrl.view())
    assert "remembers" in vis.race_line and vis.race_fraction is not None and 0 < vis.race_fraction < 1
    assert d.until(lambda: ctrl.hold is None, int(REVEAL["normal"] / 0.05) + 5)   # ends by itself
    assert ctrl.viewer is None                        # and the race that follows is public


# --- "What happened": the whole match, after a resume too, and it scrolls -------------------------

def bot_match(seed=5, rounds=1):
    ruleset = rigging_memory.kombio()
    options = default_options(ruleset)
    options["match_end"] = {"mode": "rounds", "rounds": rounds, "points": 100}
    return Session.new(ruleset, [dict(BOT, name="Bo"), dict(BOT, name="Cy"), dict(BOT, name="Di")], options, seed)


def test_the_log_is_rebuilt_when_a_match_is_resumed_and_scrolls_back_through_all_of_it():
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    session = bot_match()
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: len(d.table.ctrl.log) > 40, 6000)
    played = list(d.table.ctrl.log)
    resumed = Session.resume(session.to_json())
    app.open_table(resumed, fresh=False)
    assert d.table.ctrl.log == played[:len(d.table.ctrl.log)] and len(d.table.ctrl.log) >= len(played)
    table = d.table
    d.step()
    before = pygame.image.tobytes(app.screen, "RGB")
    for _ in range(10):
        d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    d.step()
    assert table.log_scroll == 10
    assert pygame.image.tobytes(app.screen, "RGB") != before
    d.key(pygame.K_PAGEDOWN)
    assert table.log_scroll == 5
    for _ in range(3000):
        d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)   # as far back as it goes: the first line
    d.step()
    # the first line is at the bottom of what is shown (bots go on playing: a line may just have come)
    assert len(table.ctrl.log) - table.log_scroll <= 2


def test_the_match_result_shows_the_whole_log_and_scrolls():
    from game.ui.summary import MatchResultScene
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    app.save_matches = False
    session = bot_match(seed=6)
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: isinstance(app.top, MatchResultScene), 20000)
    result = app.top
    d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)
    assert result.page == "what happened"
    d.step()
    before = pygame.image.tobytes(app.screen, "RGB")
    d.post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    d.step()
    assert result.scroll == 3 and pygame.image.tobytes(app.screen, "RGB") != before
    d.key(pygame.K_TAB)
    assert result.page == "standings"


def test_the_rules_page_or_the_menu_over_a_private_moment_needs_the_pass_screen_again(monkeypatch):
    """Issue 7: a rules page opened by someone else is a public screen: after it, the private view
    comes back only behind the pass screen."""
    game = rigging_memory.rigged(3, seed=9, current=0)
    app, d, session = table_for(game, [ANA, BEN, BOT])
    confirm_pass(d, "Ana")
    until_ready(d, 0)
    assert d.table.ctrl.viewer == 0
    d.key(pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    d.key(pygame.K_ESCAPE)
    assert d.table.ctrl.viewer is None
    confirm_pass(d, "Ana")
    until_ready(d, 0)
    assert d.table.ctrl.viewer == 0
    d.key(pygame.K_ESCAPE)                            # the pause menu, drawn over the public view
    assert isinstance(app.top, PauseScene) and d.table.ctrl.viewer is None
    d.key(pygame.K_ESCAPE)
    confirm_pass(d, "Ana")
    assert d.table.ctrl.viewer == 0
