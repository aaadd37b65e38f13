"""The small things a first-time player tripped over (issue 7, item 13), through the real event loop.

Layout checks read the text really drawn (rigging_screen.record_text) at the window sizes the app supports,
1024x640 to 2560x1440, with 2 to 8 seats.
"""
import json

import pygame

from game.engine.core import Action
from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store import settings as settings_store
from game.store.settings import Settings
from game.ui import setup as setup_scene, stats_scene, table_frame, theme
from game.ui.families.memory import draw as table_draw
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.menu import MenuScene
from game.engine import registry
from game.ui.setup import NAME_HINT, ONE_GAME, OPEN_HINT, PASS_HINT, SetupScene
from game.ui.stats_scene import StatsScene
from game.ui.table import TableScene
import rigging
import rigging_memory
import rigging_screen
from rigging_screen import human_decision, past_guide_offer, record_text

SIZES = ((1024, 640), (1280, 800), (1920, 1080), (2560, 1440))
ANA = {"name": "Ana", "kind": "human"}


def bots(n, first=1):
    return [{"name": f"Bot {i + 1}", "kind": "ai", "level": "normal"} for i in range(first, n)]


def make_app(size=(1280, 800), speed="instant"):
    return App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed), save_settings=False)


def open_table(app, game, seats, ruleset=None, bot_factory=None):
    rs = ruleset or rigging_memory.kombio()
    session = Session.new(rs, seats, default_options(rs), 1)
    session.game = game
    app.reset(MenuScene(app))
    app.push(TableScene(app, session, bot_factory=bot_factory))
    return Driver(app), session


def my_turn(d, seat, frames=2000):
    """Step until `seat` (a human) may start their turn: draw or call."""
    return d.until(lambda: human_decision(d) is not None and human_decision(d)[0] == seat
                   and d.table.ctrl.public().phase == "turn", frames)


def texts_in(drawn, rect):
    return [t for t, r, _ in drawn if rect.contains(r)]


def frame(d, drawn):
    """Draw one frame and return what was written on it."""
    del drawn[:]
    d.app.draw()
    return list(drawn)


# --- a notice is not a success ----------------------------------------------------------------------

def test_a_wait_notice_is_not_drawn_green_and_a_refusal_is_red(monkeypatch):
    drawn = record_text(monkeypatch, table_draw, table_frame)
    app = make_app(speed="normal")                     # the bot thinks a while: its move lasts
    d, session = open_table(app, rigging_memory.rigged(2, seed=2, current=1), [ANA] + bots(2))
    assert d.until(lambda: d.table.ctrl.moment().kind == "bot", 50)
    d.click(d.centre_of((0, 0)))
    status = d.layout().status
    shown = [(t, c) for t, r, c in frame(d, drawn) if status.contains(r) and "Wait" in t]
    assert shown == [("ℹ Wait: it is Bot 2's move.", theme.ACCENT)]
    assert my_turn(d, 0)
    d.key(pygame.K_t)                                  # "take" with nothing to decide: refused
    refusals = [(t, c) for t, r, c in frame(d, drawn) if status.contains(r) and t.startswith("✖")]
    assert refusals and all(c == theme.DANGER for _, c in refusals)
    assert all(c != theme.GOOD for t, r, c in drawn if status.contains(r))


# --- plates: the call, the lock, a claim and the last turn, never over cards, never cutting the name ------------

def test_call_claim_and_last_turn_badges_fit_the_plates_at_every_size_and_seat_count(monkeypatch):
    drawn = record_text(monkeypatch, table_draw, table_frame)
    app = make_app()
    name = "Alexandra"
    for n in range(2, 9):
        ruleset = rigging_memory.kombio() if n <= 6 else rigging_memory.cambio()
        game = rigging_memory.rigged(n, seed=n, ruleset=ruleset, current=1)
        game.apply(1, Action("call"))                  # Bot 2 calls: everyone else has a last turn
        d, session = open_table(app, game, [dict(ANA, name=name)] + bots(n), ruleset=ruleset)
        ctrl = d.table.ctrl
        assert my_turn(d, 0), (n, ctrl.prompt())
        assert f"{name} (last turn):" in ctrl.prompt()
        d.key(pygame.K_d)
        d.click(d.centre_of("discard"))                # a match race on the discarded card ...
        assert ctrl.moment().kind == "race"
        d.key(pygame.K_q)                              # ... which Alexandra claims
        assert ctrl.plugin.race.claimer == 0
        for size in SIZES:
            d.resize(size)
            lay = d.layout()
            texts = frame(d, drawn)
            cards = [r for box in lay.seats for r in box.slots]
            plate0, plate1 = lay.seats[0].plate, lay.seats[1].plate
            where = (n, size)
            assert name in texts_in(texts, plate0), where                       # the claimer's name, whole
            assert {"CLAIMS", "✓"} & set(texts_in(texts, plate0)), where
            assert {"LAST TURN", "LAST"} & set(texts_in(texts, plate0)), where  # her final turn is not over
            assert "Bot 2" in texts_in(texts, plate1), where
            assert any(t.startswith("called") for t in texts_in(texts, plate1)), where
            assert not {"LAST TURN", "LAST"} & set(texts_in(texts, plate1)), where   # the caller has none
            for box in lay.seats:
                assert (f"Bot {box.seat + 1}" if box.seat else name) in texts_in(texts, box.plate), where
            for t, r, _ in texts:
                if any(r.colliderect(b.plate) for b in lay.seats):
                    assert any(b.plate.contains(r) for b in lay.seats), (where, t)     # inside its plate
                    assert not any(r.colliderect(c) for c in cards), (where, t)      # and on no card
            assert not any("…" in t for t in texts_in(texts, lay.table)), where


def test_after_a_human_calls_every_other_plate_and_the_bots_turns_say_last_turn(monkeypatch):
    drawn = record_text(monkeypatch, table_draw, table_frame)
    app = make_app(speed="normal")
    d, session = open_table(app, rigging_memory.rigged(3, seed=4, current=0), [ANA] + bots(3))
    ctrl = d.table.ctrl
    assert my_turn(d, 0) and "last turn" not in ctrl.prompt()
    d.key(pygame.K_k)
    d.key(pygame.K_k)
    assert session.game.view(None).caller == 0
    assert d.until(lambda: ctrl.moment().kind == "bot" and not d.table.anim.busy(), 200)
    lay = d.layout()
    texts = frame(d, drawn)
    assert not {"LAST TURN", "LAST"} & set(texts_in(texts, lay.seats[0].plate))
    for seat in (1, 2):
        assert {"LAST TURN", "LAST"} & set(texts_in(texts, lay.seats[seat].plate))
    assert "Bot 2 is playing their last turn…" in texts_in(texts, lay.status)
    # once Bot 2's final turn is over, its plate says so no more
    assert d.until(lambda: session.game.view(None).current == 2 and ctrl.moment().kind == "bot"
                   and not d.table.anim.busy(), 400)
    texts = frame(d, drawn)
    assert not {"LAST TURN", "LAST"} & set(texts_in(texts, lay.seats[1].plate))
    assert {"LAST TURN", "LAST"} & set(texts_in(texts, lay.seats[2].plate))


# --- what a bot touched stays marked until a human moves --------------------------------------------

class ScriptedBot:
    """A bot that plays the given actions when they are legal, else draws, discards and lets races go.

    It stands in for a player's choices only (the table, the rules and the drawing are the real ones),
    so that a test knows which cards the bot will touch."""

    def __init__(self, plan, race_plan=()):
        self.plan = list(plan)
        self.race_plan = list(race_plan)

    def choose(self, view, legal):
        for action in self.plan + [Action("draw", choice="deck"), Action("discard"), Action("skip")]:
            if action in legal:
                # each planned move is made once (both spellings of a swap go with it)
                used = (action.kind, {action.pos, action.pos2})
                self.plan = [a for a in self.plan if (a.kind, {a.pos, a.pos2}) != used]
                return action
        return legal[0]

    def race(self, view, legal):
        claim = next((a for a in self.race_plan if a in legal), None)
        if claim is None:
            return None
        self.race_plan.remove(claim)
        return claim, 0.2


def swap_of(a, b):
    """Both spellings of a swap of positions a and b (the engine may list either)."""
    return [Action("swap", pos=a, pos2=b), Action("swap", pos=b, pos2=a)]


def test_a_bots_look_and_swap_stay_marked_until_the_human_moves(monkeypatch):
    drawn = record_text(monkeypatch, table_draw, table_frame)
    app = make_app(speed="fast")
    game = rigging_memory.rigged(2, seed=6, current=1, deck=[9, 3, 11])     # Bot: look at another's; Ana: a 3; Bot: swap
    plan = [Action("peek", pos=(0, 0))] + swap_of((0, 1), (1, 0))
    d, session = open_table(app, game, [ANA] + bots(2), bot_factory=lambda ruleset, seat, level, seed: ScriptedBot(plan))
    ctrl = d.table.ctrl
    assert d.until(lambda: ctrl.moment().kind == "race", 400)       # the bot looked at Ana's card, then discarded
    d.key(pygame.K_SPACE)                                            # Ana lets the race go: that is no move
    assert my_turn(d, 0)
    d.step(60)                                                       # long after the glance animation ended
    assert not d.table.anim.busy() and ctrl.plugin.bot_marks == {(0, 0): ("peek", 1)}
    lay = d.layout()
    texts = frame(d, drawn)
    assert texts_in(texts, lay.slot_rect((0, 0))) and "Bot 2" in "".join(texts_in(texts, lay.slot_rect((0, 0))))
    for pos in ((0, 1), (0, 2), (0, 3), (1, 0)):
        assert not texts_in(texts, lay.slot_rect(pos))
    assert ctrl.view().slot((0, 0)).face is None                     # a mark, never a face
    d.key(pygame.K_d)                                                # Ana moves: the mark goes
    assert ctrl.plugin.bot_marks == {}
    d.step(30)
    assert not texts_in(frame(d, drawn), lay.slot_rect((0, 0)))
    d.click(d.centre_of("discard"))
    assert d.until(lambda: ctrl.moment().kind == "race" or ctrl.plugin.bot_marks, 400)
    if ctrl.moment().kind == "race":
        d.key(pygame.K_SPACE)
    assert d.until(lambda: ctrl.plugin.bot_marks and not d.table.anim.busy(), 400)
    assert ctrl.plugin.bot_marks == {(0, 1): ("swap", 1), (1, 0): ("swap", 1)}
    d.step(60)
    for size in SIZES:                                              # the tag fits the card at every size
        d.resize(size)
        lay = d.layout()
        texts = frame(d, drawn)
        for pos in ((0, 1), (1, 0)):
            inside = texts_in(texts, lay.slot_rect(pos).inflate(-2, -2))
            assert "Bot 2" in inside, (size, pos, inside)
            assert not any("…" in t for t in inside)


def test_a_card_a_bot_gives_after_matching_stays_marked_on_its_new_place(monkeypatch):
    drawn = record_text(monkeypatch, table_draw, table_frame)
    app = make_app(speed="fast")
    game = rigging_memory.rigged(2, seed=7, current=0, hands={0: [5, 1, 2, 3]}, deck=[5, 4])
    bot = ScriptedBot([Action("give", pos=(1, 2))], race_plan=[Action("match", pos=(0, 0))])
    d, session = open_table(app, game, [ANA] + bots(2), bot_factory=lambda ruleset, seat, level, seed: bot)
    ctrl = d.table.ctrl
    assert my_turn(d, 0)
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))                      # Ana discards a 5; the bot matches her 5 at (0, 0) ...
    assert d.until(lambda: ctrl.plugin.bot_marks, 400)          # ... and gives her its card 3 there
    assert ctrl.plugin.bot_marks == {(0, 0): ("give", 1)}
    assert d.until(lambda: ctrl.moment().kind == "race", 400)   # the bot's own turn: a 4, discarded
    d.key(pygame.K_SPACE)
    assert my_turn(d, 0)
    d.step(40)
    assert ctrl.plugin.bot_marks == {(0, 0): ("give", 1)}
    inside = texts_in(frame(d, drawn), d.layout().slot_rect((0, 0)))
    assert any("Bot 2" in t for t in inside) and ctrl.view().slot((0, 0)).face is None


# --- setup: the hints are whole, the match length is remembered; statistics count right ----------------------

def open_setup(app, ruleset_id):
    app.open_menu()
    d = Driver(app)
    d.step(2)
    name = rigging.load(ruleset_id).name
    d.click(next(w for w in app.top.ui.widgets if getattr(w, "label", None) == name).rect.center)
    past_guide_offer(d)
    assert isinstance(app.top, SetupScene)
    return d, app.top


def test_the_setup_hints_are_drawn_whole_and_clear_of_the_seats_at_every_size(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    drawn = record_text(monkeypatch, setup_scene)
    for ruleset_id in ("kombio", "cambio", "castle-combo", "klobba"):
        for size in SIZES:
            app = make_app(size)
            d, setup = open_setup(app, ruleset_id)
            d.click((setup.count_step.rect.right - 6, setup.count_step.rect.centery))
            for humans in (1, 2):
                if humans == 2:
                    d.click((setup.rows[1].kind_step.rect.right - 6, setup.rows[1].kind_step.rect.centery))
                setup.set_count(setup.max_seats)                     # every seat row shown
                texts = frame(d, drawn)
                hint_lines = [(t, r) for t, r, c in drawn if c == theme.MUTED and r.x == setup.panel.x + 30
                              and not t.rstrip(".").isdigit()]       # the seat numbers stand there too
                words = " ".join(t for t, _ in hint_lines)
                where = (ruleset_id, size, humans)
                family = registry.family(setup.ruleset.family)
                several = OPEN_HINT if family.open_information else PASS_HINT
                assert words == family.start_hint + " " + (several if humans == 2 else NAME_HINT), where
                widgets = [w.rect for w in setup.ui.widgets if w.visible]
                for _, r in hint_lines:
                    assert setup.panel.contains(r), where
                    assert not any(r.colliderect(w) for w in widgets), where
                assert not any("…" in t for t in texts), where


def test_a_game_that_ends_by_its_own_rules_offers_no_match_length(monkeypatch, tmp_path):
    """Castle Combo ends after 9 cards each and Klobba! by its end conditions: a "3 rounds" stepper
    would promise a length the game does not play."""
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    drawn = record_text(monkeypatch, setup_scene)
    for ruleset_id, length_shown in (("castle-combo", False), ("klobba", False), ("kumbal", True)):
        d, setup = open_setup(make_app((1280, 800)), ruleset_id)
        texts = [t for t, _, _ in frame(d, drawn)]
        assert setup.mode_step.visible == length_shown and (ONE_GAME in texts) != length_shown, ruleset_id
        assert not setup.rounds_step.visible and (setup.points_step.visible == length_shown), ruleset_id


def test_the_setup_remembers_the_match_length_per_game_in_settings_json(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"))
    d, setup = open_setup(app, "kombio")
    assert setup.options["match_end"]["mode"] == "rounds"
    d.click((setup.mode_step.rect.right - 6, setup.mode_step.rect.centery))          # rounds -> points
    d.click((setup.points_step.rect.right - 6, setup.points_step.rect.centery))      # a higher limit
    chosen = dict(setup.options["match_end"])
    assert chosen["mode"] == "points" and chosen["points"] != default_options(rigging_memory.kombio())["match_end"]["points"]
    d.click(setup.start.rect.center)
    assert isinstance(app.top, TableScene)
    on_disk = json.loads((tmp_path / "settings.json").read_text())
    assert on_disk["match_length"] == {"kombio": chosen}
    # a new start of the app reads it back and the setup of Kombio offers it again; Cambio is untouched
    loaded, warning = settings_store.load()
    assert warning is None and loaded.match_length == {"kombio": chosen}
    app2 = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=loaded)
    d2, setup2 = open_setup(app2, "kombio")
    assert setup2.options["match_end"] == chosen
    assert setup2.points_step.value == chosen["points"] and setup2.points_step.visible
    d2.key(pygame.K_ESCAPE)
    d2, cambio_setup = open_setup(app2, "cambio")
    assert cambio_setup.options["match_end"] == default_options(rigging_memory.cambio())["match_end"]


def test_old_and_damaged_match_lengths_in_settings_json_load_safely(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"animation_speed": "fast", "memory_aid": True}))     # from before the field
    loaded, warning = settings_store.load()
    assert warning is None and loaded.match_length == {} and loaded.animation_speed == "fast"
    path.write_text(json.dumps({"memory_aid": True, "match_length": {"kombio": {"mode": "forever", "rounds": 5,
                                                                                "points": 100}}}))
    loaded, warning = settings_store.load()
    assert loaded.match_length == {} and loaded.memory_aid is True
    assert "match_length" in warning
    assert list(tmp_path.glob("settings.json.broken-*"))             # the original is kept aside


def test_statistics_say_1_match_not_1_matches(monkeypatch, tmp_path):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    from game.store import stats
    stats.record_match("kombio", ["Ana", "Bot 2"], [12, 30], [0], lower_is_better=True)
    drawn = record_text(monkeypatch, stats_scene)
    app = make_app()
    app.open_menu()
    app.push(StatsScene(app))
    d = Driver(app)
    texts = [t for t, _, _ in frame(d, drawn)]
    assert any(t.startswith("Kombio: 1 match ·") or t == "Kombio: 1 match" for t in texts), texts
    assert not any("1 matches" in t for t in texts)
    stats.record_match("kombio", ["Ana", "Bot 2"], [40, 30], [1], lower_is_better=True)
    app.pop()
    app.push(StatsScene(app))
    assert any(t.startswith("Kombio: 2 matches") for t in [t for t, _, _ in frame(d, drawn)])


# --- "an Ace", "an 8": a card's name with the right article, wherever the table says it ------------------------

def test_card_names_take_an_before_a_vowel_sound_in_the_prompt_the_banner_and_the_log(monkeypatch):
    # playtest: "Ana tried a 8", "you drew a Ace"
    from game.families.memory.words import a_card
    drawn = rigging_screen.record_fonts(monkeypatch)
    app = make_app(speed="fast")                       # banners play
    game = rigging_memory.rigged(2, seed=3, current=0, hands={0: [1, 2, 3, 4], 1: [11, 5, 6, 7]}, deck=[8])
    d, session = open_table(app, game, [ANA] + bots(2))
    ctrl = d.table.ctrl
    assert my_turn(d, 0)
    d.key(pygame.K_d)
    assert "Ana: you drew an 8." in ctrl.prompt()
    d.click(d.centre_of("discard"))
    assert d.until(lambda: not d.table.anim.busy(), 40) and ctrl.public().phase == "ability"
    d.key(pygame.K_SPACE)                              # no look: a match race on the 8 ...
    assert ctrl.moment().kind == "race"
    d.key(pygame.K_q)                                  # ... Ana claims it and tries Bot 2's 11: wrong
    d.click(d.centre_of((1, 0)))
    assert (0, Action("match", pos=(1, 0))) in session.match.actions
    assert "Ana tries Bot 2's card 1, an 11: wrong!" in ctrl.log
    d.step(4)
    assert any(t == "Wrong! Ana tried an 11" for t, _, _ in drawn)
    assert "Ana discards the drawn 8." in ctrl.log
    # one rule for every name the games use
    said = {"Ace": "an Ace", "Ace of spades": "an Ace of spades", "8": "an 8", "11": "an 11", "18": "an 18",
            "80": "an 80", "7": "a 7", "10": "a 10", "-1": "a -1", "Jack": "a Jack", "Energy": "an Energy",
            "Red King": "a Red King", "A": "an A", "K": "a K", "Unicorn": "a Unicorn"}
    assert {title: a_card(title) for title in said} == said


def test_classic_cambio_says_you_drew_an_ace():
    ruleset = rigging_memory.cambio_classic()
    app = make_app()
    game = rigging_memory.rigged(2, seed=3, ruleset=ruleset, current=0, deck=["A"])
    d, session = open_table(app, game, [ANA] + bots(2), ruleset=ruleset)
    assert my_turn(d, 0)
    d.key(pygame.K_d)
    drawn = d.table.ctrl.view().drawn
    assert drawn.title.startswith("Ace")
    assert f"Ana: you drew an {drawn.title}." in d.table.ctrl.prompt()
