"""Cambio (both rulesets) at the table, through the real event loop: Blue King reveal, chains of
throws and late throws, the frozen discard pile, mandatory actions, the optional give, the round
ending at once, the rules page and eight seats.

States are rigged with tests/rigging_memory.py (cards moved by key, conserved); everything after that is
real pygame events posted to the real frame loop, asserting on the session and on the screen.
Animations run at speed "instant" and time advances a fixed 50 ms per frame.
"""
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.engine.core import Action
from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.pass_screen import PassScene
from game.ui.rules_scene import RulesScene
from game.ui.summary import RoundSummaryScene
import rigging
import rigging_memory
import rigging_screen
DT = 0.05


def human(name):
    return {"name": name, "kind": "human"}


def bot(name):
    return {"name": name, "kind": "ai", "level": "normal"}


def open_table(ruleset_id, seats, game, size=(1280, 800), language="en"):
    ruleset = rigging.load(ruleset_id)
    app = App(size=size, fixed_dt=DT, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    i18n.set_language(language)          # the tables that check what they draw run in German too
    session = Session.new(ruleset, seats, default_options(ruleset), 1)
    session.game = game
    app.open_table(session)
    return app, Driver(app), session


def ready_for(d, seat):
    t = d.table
    return t is not None and t.ctrl.input_seat() == seat and not t.anim.busy() and d.app.top is t


def pass_to(d, name):
    """The pass screen for `name` shows; click it away (after its guard against click-through)."""
    assert d.until(lambda: isinstance(d.app.top, PassScene), 200)
    assert d.app.top.name == name
    d.confirm_pass()


def pixels(d, pos):
    """The inside of a layout card as drawn on the screen now (the frame is redrawn first)."""
    d.app.draw()
    rect = d.layout().slot_rect(pos).inflate(-8, -8)
    return pygame.image.tobytes(d.app.screen.subsurface(rect), "RGB")


def actions_since(session, count):
    return session.match.actions[count:]


def discard_and_claim(d, key=pygame.K_q):
    """Draw the rigged card, discard it (a race opens), claim the race with `key`."""
    ctrl = d.table.ctrl
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))
    assert d.until(lambda: ctrl.plugin.race is not None, 20)
    d.key(key)


# ---- 1. the Blue King -------------------------------------------------------------------

def test_a_blue_king_reveal_is_public_for_three_seconds_then_the_cards_turn_back():
    game = rigging_memory.rigged(4, seed=11, ruleset=rigging_memory.cambio(), current=0, deck=["blue_king"])
    app, d, session = open_table("cambio", [human("Ana"), human("Ben"), human("Cleo"), bot("Dan")], game)
    table, ctrl = d.table, d.table.ctrl
    pass_to(d, "Ana")
    assert d.until(lambda: ready_for(d, 0))
    picks = [(1, 2), (2, 0), (3, 3)]
    face_down = {pos: pixels(d, pos) for pos in picks}
    d.key(pygame.K_d)
    assert ctrl.view().drawn.key == "blue_king"
    d.click(d.centre_of("discard"))
    assert ctrl.public().pending.step == "reveal"
    assert not table.buttons["skip"].visible              # Cambio's actions are mandatory
    count = len(session.match.actions)
    for i, pos in enumerate(picks[:-1]):
        d.click(d.centre_of(pos))
        assert ctrl.hold is None and not ctrl.plugin.reveals     # nothing shows before every card is picked
        assert table.visuals(d.layout(), ctrl.view()).picked == set(picks[:i + 1])   # marked "picked"
        assert f"({len(picks) - i - 1} to go)" in ctrl.prompt()
    d.click(d.centre_of(picks[-1]))
    assert actions_since(session, count) == [(0, Action("pick", pos=p)) for p in picks]

    # all at once, to everyone: the public view, no pass screen although three humans play
    assert ctrl.hold is not None and ctrl.hold.reason == "reveal" and ctrl.hold.length == 3
    assert ctrl.viewer is None and app.top is table
    public = ctrl.public()
    assert all(public.slot(p).face is not None for p in picks)
    assert ctrl.log[-1].startswith("Revealed to everyone")
    vis = table.visuals(d.layout(), ctrl.view())
    assert set(picks) <= vis.reveals and vis.race_line.startswith("Revealed to everyone")
    assert all(pixels(d, p) != face_down[p] for p in picks)

    # about three seconds, with the public view all along
    shown = 0
    while ctrl.hold is not None and shown < 200:
        d.step()
        shown += 1
        assert app.top is table and ctrl.viewer is None
        if ctrl.hold is not None:
            assert set(picks) <= set(ctrl.plugin.reveals)
    assert 2.8 <= shown * DT <= 3.2, shown * DT

    # then the cards turn face down again: the same pixels as before the reveal
    d.step()
    assert not set(picks) & set(ctrl.plugin.reveals)
    assert all(pixels(d, p) == face_down[p] for p in picks)
    # the match race on the Blue King is public too; after it, Ben's private turn is behind a pass screen
    assert ctrl.public().phase == "window"
    d.key(pygame.K_SPACE)
    pass_to(d, "Ben")
    assert d.until(lambda: ready_for(d, 1)) and ctrl.viewer == 1


# ---- 2. a chain of throws, a late throw, Done --------------------------------------------

def test_the_first_to_throw_throws_again_and_a_late_throw_costs_a_penalty_card():
    hands = {0: [1, 2, 5, 5], 1: [0, 3, 4, 6], 2: [7, 8, 9, 0]}
    game = rigging_memory.rigged(3, seed=12, ruleset=rigging_memory.cambio(), current=0, deck=["5"], hands=hands, look=True)
    app, d, session = open_table("cambio", [human("Ana"), human("Ben"), bot("Cleo")], game)
    table, ctrl = d.table, d.table.ctrl
    pass_to(d, "Ana")
    assert d.until(lambda: ready_for(d, 0))
    count = len(session.match.actions)
    discard_and_claim(d, pygame.K_q)                      # Ana wins the race with her key
    assert ctrl.plugin.race.claimer == 0
    d.click(d.centre_of((0, 2)))                          # her bottom-left 5, which she knows
    d.step()
    w = ctrl.public().window
    assert w is not None and w.winner == 0 and ctrl.plugin.race.claimer == 0
    assert table.buttons["cancel"].visible and table.buttons["cancel"].label == "Done"
    assert "only you may go on" in ctrl.prompt()
    assert ctrl.public().discard_blocked

    # Ben presses his key during Ana's chain: a late throw, said before and after
    d.key(pygame.K_p)
    assert ctrl.plugin.race.claimer == 1 and "too late" in ctrl.message[0].lower()
    assert "too late" in ctrl.prompt() and "penalty card" in ctrl.prompt()
    d.click(d.centre_of((1, 0)))
    assert (1, Action("match", pos=(1, 0))) in actions_since(session, count)
    ben = ctrl.public().seats[1]
    assert len(ben.slots) == 5 and ben.slots[4].penalty and ben.slots[0].present
    text, is_error, _ = ctrl.message
    assert is_error and text.startswith("Too late") and "penalty card" in text
    assert any("too late!" in line for line in ctrl.log)
    d.step()
    assert ctrl.plugin.race.claimer == 0                         # the chain goes back to Ana

    # Ana throws her second 5, then ends with Space ("Done")
    d.click(d.centre_of((0, 3)))
    d.step()
    public = ctrl.public()
    assert [c.key for c in public.discard[-3:]] == ["5", "5", "5"]
    assert not public.seats[0].slots[2].present and not public.seats[0].slots[3].present
    assert public.window.winner == 0
    d.key(pygame.K_SPACE)
    ana = [a for s, a in actions_since(session, count) if s == 0]
    assert ana[-4:] == [Action("discard"), Action("match", pos=(0, 2)), Action("match", pos=(0, 3)),
                        Action("pass")]
    assert ctrl.public().phase == "turn" and ctrl.public().current == 1


# ---- 3. the frozen discard pile ----------------------------------------------------------

# Each game in its own rule text's word: Das Original's "eingefroren"; the classic page and Kombio's
# say the pile was matched upon ("blockiert" in German).
@pytest.mark.parametrize("language,deck", [("en", "deck"), ("de", "Stapel")])
@pytest.mark.parametrize("ruleset_id,words", [("cambio", ("frozen", "eingefroren")),
                                              ("cambio-classic", ("matched upon", "blockiert")),
                                              ("kombio", ("matched upon", "blockiert"))])
def test_the_discard_pile_thrown_upon_says_so_and_refuses_a_draw_with_the_reason(ruleset_id, words, language, deck):
    word = words[language == "de"]
    ruleset = rigging.load(ruleset_id)
    game = rigging_memory.rigged(2, seed=13, ruleset=ruleset, current=0, hands={0: [5, 1, 2, 3], 1: [0, 1, 2, 3]}, deck=[5])
    rigging_memory.play(game, (0, Action("draw", choice="deck")), (0, Action("discard")), (0, Action("match", pos=(0, 0))))
    rigging_memory.pass_all(game)
    assert game.view(None).discard_blocked and game.to_act() == [1]
    app, d, session = open_table(ruleset_id, [human("Ana"), human("Ben")], game, language=language)
    table, ctrl = d.table, d.table.ctrl
    pass_to(d, "Ben")
    assert d.until(lambda: ready_for(d, 1))
    # on screen: the words (prompt, a line over the piles, the pile's caption) and a padlock
    assert word in ctrl.prompt()
    vis = table.visuals(d.layout(), ctrl.view())
    assert vis.blocked_word == word
    lay = d.layout()
    app.draw()
    blocked = pygame.image.tobytes(app.screen.subsurface(lay.discard.union(lay.race)), "RGB")
    table.plugin.drawer.draw(app.screen, lay, replace(ctrl.view(), discard_blocked=False), vis)
    assert pygame.image.tobytes(app.screen.subsurface(lay.discard.union(lay.race)), "RGB") != blocked

    count = len(session.match.actions)
    reason = ctrl.plugin.blocked_reason()
    assert word in reason and deck in reason
    for gesture in ("click", "drag", "key"):
        ctrl.message = None
        if gesture == "click":
            d.click(d.centre_of("discard"))
        elif gesture == "drag":
            d.drag(d.centre_of("discard"), d.centre_of((1, 0)))
        else:
            d.key(pygame.K_s)
        assert ctrl.message is not None and ctrl.message[0] == reason and ctrl.message[1], gesture
        assert len(session.match.actions) == count and ctrl.public().phase == "turn", gesture
    d.key(pygame.K_d)                                     # the deck is fine
    assert session.match.actions[count:] == [(1, Action("draw", choice="deck"))]


# ---- 4. actions: mandatory or optional, the swap, the give, the round's end --------------

@pytest.mark.parametrize("ruleset_id,card,optional", [("cambio", "look_own", False), ("kombio", 7, True)])
def test_skip_is_offered_only_where_actions_are_optional(ruleset_id, card, optional):
    game = rigging_memory.rigged(2, seed=14, ruleset=rigging.load(ruleset_id), current=0, deck=[card])
    app, d, session = open_table(ruleset_id, [human("Ana"), bot("Bot")], game)
    table, ctrl = d.table, d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))
    assert ctrl.public().pending.step == "peek"
    assert table.buttons["skip"].visible is optional
    assert ("Space: skip" in ctrl.prompt()) is optional
    count = len(session.match.actions)
    d.key(pygame.K_SPACE)
    assert session.match.actions[count:count + 1] == ([(0, Action("skip"))] if optional else [])
    if not optional:
        d.click(d.centre_of((0, 1)))                      # the look must be made
        assert session.match.actions[count:count + 1] == [(0, Action("peek", pos=(0, 1)))]


def test_a_swap_of_two_own_cards_is_refused_with_the_reason():
    game = rigging_memory.rigged(2, seed=15, ruleset=rigging_memory.cambio(), current=0, deck=["swap"])
    app, d, session = open_table("cambio", [human("Ana"), bot("Bot")], game)
    table, ctrl = d.table, d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))
    assert ctrl.public().pending.step == "swap" and not table.buttons["skip"].visible
    count = len(session.match.actions)
    d.drag(d.centre_of((0, 0)), d.centre_of((0, 1)))      # two of her own: refused
    assert len(session.match.actions) == count
    text, is_error, _ = ctrl.message
    assert is_error and text == "You may not swap two of your own cards."
    assert table.anim.busy()                              # the card slides back
    d.click(d.centre_of((0, 0)))                          # click-then-click: refused the same way
    d.click(d.centre_of((0, 1)))
    assert len(session.match.actions) == count and ctrl.public().pending.step == "swap"
    d.drag(d.centre_of((0, 0)), d.centre_of((1, 0)))      # with an opponent's card: done
    assert session.match.actions[count:count + 1] == [(0, Action("swap", pos=(0, 0), pos2=(1, 0)))]


@pytest.mark.parametrize("ruleset_id,optional", [("cambio", True), ("kombio", False)])
def test_the_give_after_throwing_an_opponents_card(ruleset_id, optional):
    ruleset = rigging.load(ruleset_id)
    game = rigging_memory.rigged(2, seed=16, ruleset=ruleset, current=0, hands={0: [1, 2, 3, 4], 1: [5, 6, 7, 8]}, deck=[5])
    app, d, session = open_table(ruleset_id, [human("Ana"), bot("Bot")], game)
    table, ctrl = d.table, d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    discard_and_claim(d)
    d.click(d.centre_of((1, 0)))                          # the bot's 5
    d.step()
    assert ctrl.public().phase == "give"
    keep = table.buttons["skip"]
    assert keep.visible is optional
    assert ("keep your cards" in ctrl.prompt()) is optional
    count = len(session.match.actions)
    if optional:
        assert keep.label == "Keep my cards"
        d.click(keep.rect.center)
        assert session.match.actions[count:count + 1] == [(0, Action("skip"))]
        assert ctrl.public().seats[0].cards_left == 4
    else:
        d.key(pygame.K_SPACE)                             # no skipping a must-give
        assert len(session.match.actions) == count
        d.click(d.centre_of((0, 3)))
        assert session.match.actions[count:count + 1] == [(0, Action("give", pos=(0, 3)))]
        assert ctrl.public().seats[0].cards_left == 3


def test_the_round_ends_at_once_when_a_player_has_no_cards():
    E = rigging_memory.EMPTY
    game = rigging_memory.rigged(3, seed=17, ruleset=rigging_memory.cambio(), current=0, deck=["5"],
                          hands={0: [E, E, 5, E], 1: [0, 1, 2, 3], 2: [4, 6, 7, 8]})
    app, d, session = open_table("cambio", [human("Ana"), bot("Bot"), bot("Cleo")], game)
    ctrl = d.table.ctrl
    assert d.until(lambda: ready_for(d, 0))
    discard_and_claim(d)
    count = len(session.match.actions)
    d.click(d.centre_of((0, 2)))                          # her last card
    assert d.until(lambda: isinstance(app.top, RoundSummaryScene), 20)
    # her throw ended it: no Done, no other throw, no further turn
    assert session.match.actions[count:] == [(0, Action("match", pos=(0, 2)))]
    assert ctrl.public().phase in ("round_over", "match_over")


# ---- 5. the rules page -------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", ["cambio", "cambio-classic"])
def test_the_rules_page_opens_from_the_table_with_f1_or_one_click(ruleset_id):
    ruleset = rigging.load(ruleset_id)
    game = rigging_memory.rigged(2, seed=18, ruleset=ruleset, current=0)
    app, d, session = open_table(ruleset_id, [human("Ana"), bot("Bot")], game)
    table = d.table
    assert d.until(lambda: ready_for(d, 0))
    d.key(pygame.K_F1)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.ruleset is ruleset
    text = " ".join(line[1] for line in rules.lines)
    assert "Goal" in text and "Your turn" in text           # the ruleset's own (English) rules page
    assert "reconstruction" in text.split("Goal")[0]        # said before the rules begin
    for note in ruleset.reconstructed:
        assert note[:40] in text
    if ruleset_id == "cambio":
        assert "the project's reconstruction" in text        # the deck's composition
    d.key(pygame.K_F1)                                      # F1 again goes back
    assert app.top is table
    d.click(table.buttons["rules"].rect.center)              # and one click opens it
    assert isinstance(app.top, RulesScene)
    d.click(app.top.back.rect.center)
    assert app.top is table


def test_the_rules_page_offers_the_german_original():
    """The issue: "the in-app rules page is in English and may offer the German original".
    cambio.de.txt: "Der jüngste Spieler beginnt als Geber." is on the original page, one click
    (or O) away, and the English page comes back the same way."""
    ruleset = rigging.load("cambio")
    game = rigging_memory.rigged(2, seed=18, ruleset=ruleset, current=0)
    app, d, session = open_table("cambio", [human("Ana"), bot("Bot")], game)
    assert d.until(lambda: ready_for(d, 0))
    d.key(pygame.K_F1)
    rules = app.top
    english = " ".join(line[1] for line in rules.lines)
    assert "jüngste" not in english and rules.switch.label == "Deutsch (Original)"
    d.click(rules.switch.rect.center)
    german = " ".join(line[1] for line in rules.lines)
    assert "Der jüngste Spieler beginnt als Geber." in german and "Spielaufbau" in german
    assert rules.switch.label == "English"
    app.draw()                                              # the umlauts and dashes draw
    d.key(pygame.K_o)
    assert " ".join(line[1] for line in rules.lines) == english
    assert rigging.load("kombio").rules_original is None    # only where a ruleset has one


# ---- 6. eight seats, Cambio's most --------------------------------------------------------

@pytest.mark.parametrize("language", ("en", "de"))
def test_eight_seats_fit_at_1280x800(language):
    game = rigging_memory.rigged(8, seed=19, ruleset=rigging_memory.cambio(), current=0)
    seats = [human("Ana"), human("Ben")] + [bot(f"Bot {i}") for i in range(3, 9)]
    app, d, session = open_table("cambio", seats, game, language=language)
    pass_to(d, "Ana")
    assert d.until(lambda: ready_for(d, 0))
    lay = d.layout()
    window = pygame.Rect(0, 0, 1280, 800)
    assert all(window.contains(r) for r in lay.all_rects())
    boxes = [b.rect for b in lay.seats]
    for i, a in enumerate(boxes):
        assert not a.colliderect(lay.centre)
        assert all(not a.colliderect(b) for b in boxes[i + 1:])
    assert lay.card[0] >= 48                                # cards still big enough to read
    assert set(d.table.ctrl.plugin.race_key_names()) == {0, 1}
    d.key(pygame.K_d)
    assert session.match.actions[-1] == (0, Action("draw", choice="deck"))


# ---- 7. the first look: the ▶ marks who is looking ----------------------------------------

def marked(drawn) -> set:
    """The names written with the ▶ (seat plates and the scores beside the table) on one frame."""
    return {t[2:].strip() for t, _, _ in drawn if t.startswith("▶ ")}


@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("ruleset_id,seats,starter", [
    ("cambio", ["Dan", "Ana", "Eve"], "Dan"),             # the dealer starts
    ("cambio-classic", ["Dan", "Eve", "Ana"], "Eve"),     # the player after the dealer starts
])
def test_the_acting_marker_marks_the_player_looking_during_the_first_look(monkeypatch, ruleset_id, seats,
                                                                         starter, language):
    # Cambio: everyone looks at their cards at once, then a bot starts. The ▶ used to mark that bot,
    # who was not looking at anything, all through Ana's look.
    from game.ui import table_frame
    from game.ui.families.memory import draw as memory_draw
    ruleset = rigging.load(ruleset_id)
    game = rigging_memory.new_game(3, seed=5, ruleset=ruleset)
    app, d, session = open_table(ruleset_id, [human(n) if n == "Ana" else bot(n) for n in seats], game,
                                 language=language)
    drawn = rigging_screen.record_text(monkeypatch, memory_draw, table_frame)
    ctrl = d.table.ctrl
    assert d.until(lambda: ctrl.hold is not None and ctrl.hold.reason == "look", 100)
    assert ctrl.names[ctrl.moment().seat] == starter          # the table's moment: the bot starting
    looked = 0
    while ctrl.hold is not None:
        del drawn[:]
        d.step()
        if ctrl.hold is not None:
            looked += 1
            assert marked(drawn) == {"Ana"}, marked(drawn)
    assert looked > 10
    for _ in range(20):                         # the look is over: the ▶ marks whose move it is
        del drawn[:]
        d.step()
        m = ctrl.moment()
        if app.top is d.table and not d.table.anim.busy() and m.kind in ("bot", "private"):
            assert marked(drawn) == {ctrl.names[m.seat]}


def test_with_two_humans_the_marker_follows_each_look_and_marks_no_one_between():
    game = rigging_memory.new_game(3, seed=5, ruleset=rigging_memory.cambio())
    app, d, session = open_table("cambio", [human("Ana"), bot("Dan"), human("Ben")], game)
    table, ctrl = d.table, d.table.ctrl
    seen = []

    def note():
        vis = table.visuals(d.layout(), ctrl.view())
        who = None if vis.acting is None else ctrl.names[vis.acting]
        looking = ctrl.hold.seat if ctrl.hold is not None and ctrl.hold.reason == "look" else None
        if ctrl.public().phase == "initial_peek" or looking is not None or (ctrl.hold and ctrl.hold.waiting):
            seen.append(who)
            assert vis.acting == looking, (who, looking)
    for name in ("Ana", "Ben"):
        for _ in range(400):
            if isinstance(app.top, PassScene):
                break
            d.step()
            if app.top is table:
                note()
            if ctrl.hold is not None and ctrl.hold.waiting:
                d.key(pygame.K_SPACE)
        pass_to(d, name)
        assert d.until(lambda: ctrl.hold is not None and ctrl.hold.reason == "look", 50)
        while ctrl.hold is not None and not ctrl.hold.waiting:
            note()
            d.step()
    assert "Ana" in seen and "Ben" in seen and None in seen and "Dan" not in seen
