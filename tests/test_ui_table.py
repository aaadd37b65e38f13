"""The table through the real event loop: real pygame events posted, the real frame loop, asserts on the match.

Animations run at speed "instant" and time advances a fixed 50 ms per frame,
so the tests are fast and do not depend on the machine's speed.
"""
import pygame

from game.engine.core import Action
from game.engine.ruleset import default_options, find_ruleset
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.offscreen import render_view
from game.ui.pass_screen import PassScene
from game.ui.summary import RoundSummaryScene
from game.ui.families.memory import layout as table_layout
import rigging_memory
HUMAN = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "normal"}


def make_app(size=(1280, 800), speed="instant"):
    return App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed),
               save_settings=False)


def open_table(app, seats, seed=1, game=None, options=None):
    """A table for a new session; `game` replaces the dealt state (a rigged one)."""
    ruleset = rigging_memory.kombio()
    session = Session.new(ruleset, seats, options or default_options(ruleset), seed)
    if game is not None:
        session.game = game
    app.open_table(session)
    return Driver(app), session


def ready_for(d, seat):
    """True when `seat` may act by mouse and nothing is animating."""
    t = d.table
    return t is not None and t.ctrl.input_seat() == seat and not t.anim.busy() and d.app.top is t


def test_play_a_round_against_a_bot_with_drags_and_clicks():
    app = make_app()
    d, session = open_table(app, [HUMAN, BOT], seed=1)
    ctrl = d.table.ctrl
    used, turns = set(), 0
    for _ in range(200):
        assert d.until(lambda: ready_for(d, 0) or isinstance(app.top, RoundSummaryScene), 3000), ctrl.prompt()
        if isinstance(app.top, RoundSummaryScene):
            break
        v = ctrl.view()
        before = len(session.match.actions)
        if v.phase == "turn":
            turns += 1
            if turns >= 3 and Action("call") in ctrl.legal(0):
                d.key(pygame.K_k)                                   # call KOMBIO? ...
                assert len(session.match.actions) == before and "K again" in ctrl.message[0]
                d.key(pygame.K_k)                                   # ... yes
                used.add("call")
            elif turns % 2:
                d.click(d.centre_of("deck"))                        # draw by click
                used.add("click deck")
            else:
                d.drag(d.centre_of("deck"), d.centre_of((0, 1)))    # draw by drag onto the hand
                used.add("drag deck")
        elif v.phase == "drawn":
            if v.drawn.ability and v.drawn_from == "deck" and "ability" not in used:
                d.click(d.centre_of("discard"))                     # discard by click, then use it
                used.add("discard click")
            else:
                d.drag(d.centre_of("drawn"), d.centre_of((0, turns % 4)))   # exchange by drag
                used.add("exchange drag")
        elif v.phase == "ability":
            act = next(a for a in ctrl.legal(0) if a.kind != "skip")
            if act.kind == "swap":
                d.click(d.centre_of(act.pos))
                d.click(d.centre_of(act.pos2))
            else:
                d.click(d.centre_of(act.pos))
            used.add("ability")
        elif v.phase == "give":
            d.click(d.centre_of(ctrl.legal(0)[0].pos))
        else:
            d.step()
        assert len(session.match.actions) > before, f"no move in phase {v.phase}: {ctrl.message}"
    assert session.game.view(None).phase == "round_over"
    assert {"click deck", "drag deck", "exchange drag", "discard click", "ability", "call"} <= used
    # every recorded human action went through the UI as a legal action
    assert all(a.kind in {"draw", "exchange", "discard", "peek", "swap", "skip", "call", "look_start",
                          "match", "pass", "give", "decide"} for s, a in session.match.actions)
    # the round summary's button starts the next round
    d.click(app.top.button.rect.center)
    assert d.until(lambda: session.game.view(None).round_no == 2, 50)


def test_an_illegal_drop_slides_back_with_the_reason_and_changes_nothing():
    app = make_app()
    d, session = open_table(app, [HUMAN, BOT], game=rigging_memory.rigged(2, seed=2, current=0))
    ctrl = d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    d.key(pygame.K_d)
    assert ctrl.view().phase == "drawn"
    count = len(session.match.actions)
    d.drag(d.centre_of("drawn"), d.centre_of((1, 0)))       # onto the opponent's card
    assert len(session.match.actions) == count
    assert ctrl.view().phase == "drawn" and ctrl.view().drawn is not None
    text, is_error, _ = ctrl.message
    assert is_error and "your own cards" in text
    assert "your own cards" in ctrl.message[0]
    # a drop on empty felt also refuses, with a hint
    d.drag(d.centre_of("drawn"), (d.layout().table.x + 5, d.layout().table.bottom - 5))
    assert len(session.match.actions) == count and ctrl.message[1]


def test_a_human_wins_a_match_race_with_their_key():
    game = rigging_memory.rigged(2, seed=3, current=0, hands={0: [5, 1, 2, 3], 1: [0, 1, 2, 3]}, deck=[5])
    app = make_app()
    d, session = open_table(app, [HUMAN, BOT], game=game)
    ctrl = d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    d.click(d.centre_of("deck"))
    d.click(d.centre_of("discard"))                 # the drawn 5 goes onto the discard pile: a race
    assert d.until(lambda: ctrl.plugin.race is not None, 20)
    count = len(session.match.actions)
    d.key(pygame.K_q)                               # Ana's race key
    assert ctrl.plugin.race.claimer == 0
    d.click(d.centre_of((0, 0)))                    # her 5
    assert session.match.actions[count] == (0, Action("match", pos=(0, 0)))
    assert not ctrl.public().seats[0].slots[0].present
    assert [c.value for c in ctrl.public().discard[-2:]] == [5, 5]


def test_a_wrong_race_key_or_click_without_a_claim_does_nothing():
    game = rigging_memory.rigged(2, seed=3, current=0, hands={0: [5, 1, 2, 3], 1: [0, 1, 2, 3]}, deck=[5])
    app = make_app()
    d, session = open_table(app, [HUMAN, BOT], game=game)
    ctrl = d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    d.click(d.centre_of("deck"))
    d.click(d.centre_of("discard"))
    assert d.until(lambda: ctrl.plugin.race is not None, 20)
    count = len(session.match.actions)
    d.key(pygame.K_p)                               # seat 1's key, but seat 1 is a bot
    d.click(d.centre_of((0, 0)))                    # no claim: a click is not a match
    assert ctrl.plugin.race is None or ctrl.plugin.race.claimer is None
    assert all(a.kind != "match" or s != 0 for s, a in session.match.actions[count:])
    d.key(pygame.K_SPACE)                           # no match: the race ends for the human
    assert d.until(lambda: ctrl.public().phase != "window", 100)


def test_pass_screens_between_two_humans_hide_the_table():
    app = make_app()
    d, session = open_table(app, [HUMAN, BEN], seed=4)
    ctrl = d.table.ctrl
    assert d.until(lambda: isinstance(app.top, PassScene), 50)
    assert app.top.name == "Ana" and ctrl.viewer is None
    d.confirm_pass()                                # past the guard against click-through
    assert app.top is d.table and ctrl.viewer == 0
    assert ctrl.hold is not None                    # Ana memorises her bottom cards
    assert {(0, 2), (0, 3)} <= set(ctrl.plugin.reveals)
    d.key(pygame.K_SPACE)
    assert d.until(lambda: isinstance(app.top, PassScene), 50)
    assert app.top.name == "Ben" and ctrl.viewer is None
    d.step(25)
    d.key(pygame.K_SPACE)                           # Space is the table's key: it never hands it over
    assert app.top.name == "Ben" and ctrl.viewer is None
    d.key(pygame.K_h)                               # the pass screen's own key does, once ready
    assert ctrl.viewer == 1
    d.key(pygame.K_SPACE)                           # end Ben's look
    # Ben (left of the dealer) plays first: he saw private information last, so no pass screen
    assert d.until(lambda: ready_for(d, 1), 50)
    d.key(pygame.K_d)
    seat_view = ctrl.view()
    assert seat_view.viewer == 1 and seat_view.drawn is not None
    d.click(d.centre_of("discard"))
    if ctrl.public().phase == "ability":
        d.key(pygame.K_SPACE)                       # skip the ability
    # the race is public: nobody's view
    assert d.until(lambda: ctrl.public().phase == "window" and ctrl.plugin.race is not None, 50)
    assert ctrl.viewer is None
    # two humans race: Space alone passes for nobody (one may not pass for the other) ...
    count = len(session.match.actions)
    d.key(pygame.K_SPACE)
    assert len(session.match.actions) == count and ctrl.public().phase == "window"
    assert "No one passes for another player" in ctrl.message[0]
    assert not d.table.buttons["nomatch"].visible
    # ... each lets the card go with their own key, then Space
    d.key(pygame.K_q)
    d.key(pygame.K_SPACE)
    assert session.match.actions[count:] == [(0, Action("pass"))]
    d.key(pygame.K_p)
    assert d.table.buttons["nomatch"].visible
    d.click(d.table.buttons["nomatch"].rect.center)
    assert session.match.actions[count:] == [(0, Action("pass")), (1, Action("pass"))]
    assert d.until(lambda: isinstance(app.top, PassScene), 50)
    assert app.top.name == "Ana" and ctrl.viewer is None


def test_with_two_humans_in_a_race_the_countdown_closes_it():
    """Nobody claims and nobody passes: when the countdown runs out, every seat still in the
    race passes; the countdown is the same at every animation speed (it is a race in real time)."""
    app = make_app()
    d, session = open_table(app, [HUMAN, BEN, BOT], seed=4)
    ctrl = d.table.ctrl
    for _ in range(40):
        if ctrl.plugin.race is not None:
            break
        assert d.until(lambda: ctrl.plugin.race is not None or isinstance(app.top, PassScene)
                       or (ctrl.hold is not None and ctrl.hold.waiting)
                       or (ctrl.input_seat() is not None and not d.table.anim.busy()), 400)
        if isinstance(app.top, PassScene):
            d.confirm_pass()
        elif ctrl.hold is not None and ctrl.hold.waiting:
            d.key(pygame.K_SPACE)           # a look's time is up: it waits for Space before the pass screen
        elif ctrl.plugin.race is None:
            seat = ctrl.input_seat()
            phase = ctrl.public().phase
            if ctrl.hold is not None:
                d.key(pygame.K_SPACE)
            elif phase == "turn":
                d.key(pygame.K_d)
            elif phase == "drawn":
                d.click(d.centre_of("discard"))
            elif phase == "ability":
                d.key(pygame.K_SPACE)
            else:
                d.step()
            assert seat is not None
    assert ctrl.plugin.race is not None and len(ctrl.plugin.humans_in_race()) == 2
    opened = app.time
    assert d.until(lambda: ctrl.public().phase != "window", 200)
    assert app.time - opened >= 3.4


def test_pixels_of_a_seat_do_not_depend_on_cards_it_does_not_know():
    # Two deals that differ only in a card of seat 1 that seat 1 has seen and seat 0 has not.
    hands_a = {0: [1, 2, 3, 4], 1: [None, None, 5, None]}
    hands_b = {0: [1, 2, 3, 4], 1: [None, None, 9, None]}
    game_a = rigging_memory.rigged(3, seed=5, hands=hands_a, look=True)
    game_b = rigging_memory.rigged(3, seed=5, hands=hands_b, look=True)
    assert game_a.view(1).slot((1, 2)).face != game_b.view(1).slot((1, 2)).face
    ruleset = rigging_memory.kombio()
    names = ["Ana", "Ben", "Cleo"]
    for size in ((1280, 800), (1024, 640)):
        a = render_view(ruleset, game_a.view(0), names, size)
        b = render_view(ruleset, game_b.view(0), names, size)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    # and the same through the table scene itself, with the memory aid on
    app = make_app()
    app.settings.memory_aid = True
    shots = []
    for game in (game_a, game_b):
        d, _ = open_table(app, [HUMAN, BOT, dict(BOT, name="Cleo")], game=game)
        table = d.table
        assert table.ctrl.viewer == 0      # the only human sees their own view
        app.draw()
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
    assert shots[0] == shots[1]


def test_layout_stays_inside_the_window_at_every_size():
    for n in range(2, 9):                # Cambio seats up to 8
        for size in ((1024, 640), (1280, 800), (1920, 1080), (1100, 1000), (2560, 1440)):
            for counts in ([4] * n, [4] * (n - 1) + [8]):
                lay = table_layout.compute(size, n, counts, focus=n - 1)
                window = pygame.Rect((0, 0), size)
                for r in lay.all_rects():
                    assert window.contains(r), (n, size, counts, r)
                boxes = [b.rect for b in lay.seats]
                for i, a in enumerate(boxes):
                    assert not a.colliderect(lay.centre), (n, size, counts)
                    for b in boxes[i + 1:]:
                        assert not a.colliderect(b), (n, size, counts)


def test_resizing_the_window_relayouts_and_keeps_the_minimum():
    app = make_app()
    d, _ = open_table(app, [HUMAN, BOT, BOT, BOT], seed=6)
    d.step(5)
    d.resize((800, 500))
    assert app.screen.get_size() == (1024, 640)
    lay = d.layout()
    assert lay.size == (1024, 640)
    assert all(pygame.Rect(0, 0, 1024, 640).contains(r) for r in lay.all_rects())
    d.resize((1920, 1080))
    assert d.layout().size == (1920, 1080)
    d.step(5)


def cambio_table(deck):
    ruleset = find_ruleset("cambio")
    game = rigging_memory.rigged(3, seed=8, ruleset=ruleset, current=0, deck=deck)
    session = Session.new(ruleset, [HUMAN, BOT, dict(BOT, name="Cleo")], default_options(ruleset), 8)
    session.game = game
    app = make_app()
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: ready_for(d, 0))
    return d, session


def test_a_choice_of_actions_is_made_with_its_buttons():
    d, session = cambio_table(deck=["red_king"])    # the Red King: two actions of your choice
    ctrl = d.table.ctrl
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))
    assert ctrl.public().pending.step == "choose"
    labels = [b.label for b in d.table.action_buttons]
    assert labels == ["Look at own card", "Look at another's card", "Swap"]
    assert not d.table.buttons["skip"].visible      # Cambio: actions are mandatory
    count = len(session.match.actions)
    d.key(pygame.K_SPACE)                           # no skipping either
    assert len(session.match.actions) == count
    d.click(next(b for b in d.table.action_buttons if b.label == "Look at own card").rect.center)
    assert ctrl.public().pending.step == "peek"
    d.click(d.centre_of((0, 0)))
    assert (0, 0) in ctrl.plugin.reveals                   # the face shows for a while, to Ana only
    assert ctrl.view().slot((0, 0)).face is not None
    d.click(next(b for b in d.table.action_buttons if b.label == "Swap").rect.center)
    d.drag(d.centre_of((0, 1)), d.centre_of((1, 1)))
    assert [a for s, a in session.match.actions[count:] if s == 0] == [
        Action("choose", choice="look_own"), Action("peek", pos=(0, 0)), Action("choose", choice="swap"),
        Action("swap", pos=(0, 1), pos2=(1, 1))]
    assert ctrl.public().phase != "ability"         # two actions, then the Red King is done


def test_picking_cards_to_reveal_shows_them_to_everyone():
    d, session = cambio_table(deck=["blue_king"])   # the Blue King: one card of every other player
    ctrl = d.table.ctrl
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))
    assert ctrl.public().pending.step == "reveal"
    d.click(d.centre_of((1, 2)))
    d.click(d.centre_of((2, 0)))
    assert ctrl.hold is not None and ctrl.hold.reason == "reveal"
    public = ctrl.public()
    assert public.slot((1, 2)).face is not None and public.slot((2, 0)).face is not None
    assert {(1, 2), (2, 0)} <= set(ctrl.plugin.reveals)
    d.key(pygame.K_SPACE)
    assert ctrl.hold is None


def test_a_bot_peek_is_a_glance_without_the_face():
    from game.engine.core import Event
    from game.ui.anim import Glance
    from game.ui.families.memory.anim import AnimContext, steps_for
    app = make_app(speed="normal")
    d, session = open_table(app, [HUMAN, BOT], game=rigging_memory.rigged(2, seed=9, look=True))
    table = d.table
    ctx = AnimContext(table.current_layout(), table.ctrl.view(), table.ctrl.names, table.art, 1.0, "KOMBIO")
    steps = steps_for([Event("peek", seat=1, pos=(0, 0))], ctx)
    tweens = [tw for step in steps for tw in step.tweens]
    assert tweens and all(isinstance(tw, Glance) for tw in tweens)
    assert tweens[0].label == "Bot looks"
    # and the controller shows Ana no face for a card the bot looked at
    table.ctrl._after(1, Action("peek", pos=(0, 0)), [Event("peek", seat=1, pos=(0, 0))])
    assert (0, 0) not in table.ctrl.plugin.reveals


def test_the_bots_react_setting_scales_a_bots_claim_in_a_match_race():
    """Settings, "Bots react": the same bot, on the same deal and seed, claims the same race 1.6 times
    later at "slower" and 0.6 times as late at "faster" (game.store.settings.BOT_REACTIONS)."""
    offsets = {}
    for pace in ("normal", "slower", "faster"):
        game = rigging_memory.rigged(2, seed=3, current=0, hands={0: [5, 1, 2, 3], 1: [1, 2, 5, 3]},
                                     deck=[5], look=True)
        app = App(size=(1280, 800), fixed_dt=0.05, strict=True,
                  settings=Settings(animation_speed="instant", bot_reactions=pace), save_settings=False)
        d, session = open_table(app, [HUMAN, BOT], game=game)
        ctrl = d.table.ctrl
        assert d.until(lambda: ready_for(d, 0))
        d.click(d.centre_of("deck"))
        d.click(d.centre_of("discard"))             # the drawn 5 onto the pile: the bot knows its 5
        assert d.until(lambda: ctrl.plugin.race is not None and 1 in ctrl.plugin.race.bot_claims, 20)
        race = ctrl.plugin.race
        at, action = race.bot_claims[1]
        assert action.kind == "match"
        offsets[pace] = at - race.started
    assert 0.7 <= offsets["normal"] <= 1.5          # normal's reaction (memory bot_style.STYLES)
    assert abs(offsets["slower"] - 1.6 * offsets["normal"]) < 1e-6
    assert abs(offsets["faster"] - 0.6 * offsets["normal"]) < 1e-6
