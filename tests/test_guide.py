"""Issue 30 (2, 3): the guided first game ("Learn to play"), through the real event loop.

"A short rigged match against a bot ... where the table stops at each rule the first time it matters,
lights the places involved, and says what to do in one or two sentences in the rulebook's words ...
The player must make the move (anything else is refused with the lesson's sentence); every lesson can
be skipped, and the guide can be left for a normal match at any point ... ends with the scoring
explained on the real round summary. The guide lives with the ruleset, under a `guide:` key ...
Tests: `--selftest` ... also plays every shipped guide to its end with its expected moves; each guide
played to its end through the real event loop with the expected moves, with a wrong move refused at
each step, and with "Skip"; every guide still valid after a ruleset edit that changes an ability (the
guide refuses to start with a clear message rather than teaching a wrong rule)."
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ai import make_bot
from game.engine import guide
from game.engine.core import Action
from game.engine.ruleset import default_options, find_ruleset, load_all, load_ruleset
from game.engine.schema import RulesetError
from game.store.settings import Settings
from game.ui.app import App
from game.ui.confirm import ConfirmScene
from game.ui.driver import Driver
from game.ui.menu import MenuScene
from game.ui.summary import MatchResultScene
from game.ui.table import TableScene
from rigging_screen import next_decision, record_text

ROOT = Path(__file__).resolve().parent.parent
GUIDED = sorted(e.ruleset.id for e in load_all() if e.ok and e.ruleset.guide is not None)
GESTURES = {"shedding": ("test_ui_kumbal_table", "perform"), "memory": ("rigging_memory", "perform"),
            "clash": ("test_ui_klobba", "perform"), "tableau": ("test_ui_castle_combo", "perform")}


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def make_app(size=(1280, 800)):
    app = App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="fast"),
              save_settings=False)
    app.open_menu()
    return app


def begin(d):
    """The guide's introduction, a card over the table: read, then Begin (Esc or Enter)."""
    d.step(2)
    top = d.app.top
    assert isinstance(top, ConfirmScene) and top.question.startswith("Learn to play")
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.top, TableScene)


def open_guide(ruleset, size=(1280, 800)):
    """(app, driver, table) of `ruleset`'s guided first game, opened from the menu and begun."""
    app = make_app(size)
    d = Driver(app)
    d.step(2)
    app.top.learn(ruleset)
    if ruleset.guide.intro:
        begin(d)
    else:
        d.step(2)
    return app, d, app.top


def test_kumbal_has_a_guide_and_every_shipped_guide_plays_to_its_end():
    assert "kumbal" in GUIDED
    for rid in GUIDED:
        ruleset = find_ruleset(rid)
        assert 1 <= len(ruleset.guide.steps) <= 15
        assert guide.check(ruleset, make_bot) is None


@pytest.mark.parametrize("language, size", [("en", (1280, 800)), ("de", (1024, 640))])
@pytest.mark.parametrize("ruleset_id", GUIDED)
def test_a_guide_through_the_screen_refuses_wrong_moves_skips_and_ends_on_the_summary(data_dir, monkeypatch,
                                                                                     ruleset_id, language, size):
    # in English, and in German at the smallest window: every lesson's words whole in the status bar
    import game.ui.summary
    from game import i18n
    from game.i18n import tr
    from game.ui import table_frame
    from game.ui.table_guide import NOT_THIS
    texts = record_text(monkeypatch, game.ui.summary)
    status = record_text(monkeypatch, table_frame)
    ruleset = find_ruleset(ruleset_id)
    perform = getattr(__import__(GESTURES[ruleset.family][0]), GESTURES[ruleset.family][1])
    app, d, table = open_guide(ruleset, size)
    i18n.set_language(language)
    assert table.guided.active
    rng = random.Random(1)
    lessons = len(ruleset.guide.steps)
    skipped = lessons // 2
    for _ in range(500):
        decision = next_decision(d, rng)
        if decision is None:
            break
        seat, legal = decision
        step = table.guided.due()
        if step is None and table.guided.active:
            # a race before the lesson that teaches it: a claim is refused, letting it pass is not
            claim = next((a for a in legal if a.kind != "pass"), None)
            if claim is not None and seat == guide.LEARNER:
                ok, why = table.ctrl.apply(seat, claim)
                assert not ok and why == tr(NOT_THIS, lesson=tr("nothing to learn here yet. Let it pass; the next "
                                                                "lesson follows."))
            perform(d, rng, seat, next(a for a in legal if a.kind == "pass"))
            continue
        if step is None:                       # the lessons are over: a normal match to its end
            perform(d, rng, seat, rng.choice(legal))
            continue
        n = table.guided.lesson()
        assert table.guided.heading().startswith(tr("Lesson {n} of {count}", n=n + 1, count=lessons))
        assert table.guided.sentence() == tr(step.say)
        assert table.buttons["guide_skip"].visible and table.buttons["guide_leave"].visible
        status.clear()
        app.draw()
        said = [t for t, r, _ in status if table.frame().status.contains(r)]
        assert " ".join(" ".join(said).split()) == " ".join(("ℹ " + tr(step.say)).split()), (n + 1, said)
        wrong = next((a for a in legal if a != step.move), None)
        if wrong is not None:                  # anything else is refused with the lesson's sentence
            before = len(table.session.match.actions)
            ok, why = table.ctrl.apply(seat, wrong)
            assert not ok and why == tr(NOT_THIS, lesson=tr(step.say))
            assert len(table.session.match.actions) == before and table.guided.lesson() == n
        if n == skipped:
            d.click(table.buttons["guide_skip"].rect.center)
        else:
            perform(d, rng, seat, step.move)
        d.step()
        assert table.guided.lesson() == n + 1
        assert [a for s, a in table.session.match.actions if s == guide.LEARNER][-1] == step.move
    assert isinstance(app.top, MatchResultScene)
    d.step(2)
    assert table.guided.lesson() >= lessons
    shown = " ".join(text for text, _, _ in texts)
    assert " ".join(tr(ruleset.guide.ending).split()[:6]) in shown     # the closing words, on the summary
    d.key(pygame.K_RETURN)                     # Play again: a normal match of the game, not the guide
    d.step(2)
    again = app.top
    assert isinstance(again, TableScene) and again is not table and not again.guided.enabled
    assert not again.session.options.get("guide") and again.session.options["undo"]
    assert again.session.options["match_end"] == default_options(ruleset)["match_end"]


def test_leaving_the_guide_makes_a_normal_match(data_dir):
    ruleset = find_ruleset("kumbal")
    app, d, table = open_guide(ruleset)
    seat, legal = next_decision(d)
    step = table.guided.due()
    other = next(a for a in legal if a != step.move)
    d.click(table.buttons["guide_leave"].rect.center)
    assert not table.guided.active and table.ctrl.message[0].startswith("The guide is off")
    assert table.ctrl.apply(seat, other)[0]            # any move, now
    assert table.guided.sentence() == "" and table.guided.ending() == ""


def test_the_menu_offers_the_guide_once_the_first_time_a_game_is_chosen(data_dir):
    app = make_app()
    d = Driver(app)
    d.step(2)
    menu = app.top
    assert isinstance(menu, MenuScene)
    learn = [b for b in menu.game_buttons if b.label == "Learn to play"]
    assert len(learn) == len(GUIDED)
    kumbal = find_ruleset("kumbal")
    menu.open_setup(kumbal)
    d.step()
    assert isinstance(app.top, ConfirmScene) and "New to Kumbal?" in app.top.question
    d.key(pygame.K_y)                                   # Learn to play
    begin(d)
    assert app.top.guided.active
    assert app.settings.guides_offered == ["kumbal"]
    app.open_menu()
    d.step()
    app.top.open_setup(kumbal)
    d.step()
    assert not isinstance(app.top, ConfirmScene)        # once only


def edited(tmp_path, old: str, new: str):
    text = (ROOT / "rulesets" / "kumbal.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "kumbal.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_guide_refuses_to_start_under_rules_it_does_not_teach(data_dir, tmp_path):
    """A house ruleset that calls at 1 point or fewer: the guide's call lesson (2 points) no longer
    fits, and the guide says so rather than teaching a wrong rule; runs of 5: its run lesson."""
    for old, new, lesson in (("    limit: 7 ", "    limit: 1 ", 9), ("    min_length: 3 ", "    min_length: 5 ", 3)):
        ruleset = load_ruleset(str(edited(tmp_path, old, new)))
        why = guide.check(ruleset, make_bot)
        assert why is not None and f"Step {lesson} of the guide" in why and "written for other rules" in why
    app = make_app()
    d = Driver(app)
    d.step(2)
    app.top.learn(ruleset)
    d.step()
    assert isinstance(app.top, MenuScene)               # no table: the reason is on screen instead
    assert any("written for other rules" in toast[0] for toast in app.toasts)


def test_a_broken_guide_is_a_ruleset_error_with_file_line_and_key(tmp_path):
    path = edited(tmp_path, "      move: {kind: call}", "      move: call")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert "kumbal.yaml:177: guide.steps[8].move: expected a move" in str(err.value)


def test_the_selftest_plays_every_guide():
    out = subprocess.run([sys.executable, "main.py", "--selftest"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    for rid in GUIDED:
        assert f"ok   {rid}: its guide plays to its end" in out.stdout


RACE_GUIDE = """
guide:
  seed: 2
  bot: easy
  steps:
    - {title: Your two cards, say: Look at your cards., move: {kind: look_start}, events: [look_start]}
    - {title: The pile, say: Take the 1., move: {kind: draw, choice: discard}, events: [draw]}
    - {title: Exchange, say: Put it in for your 7., move: {kind: exchange, places: [[slot, 0, 2]]}, events: [exchange]}
    - {title: The match race, say: Match the 7 with your card 4., move: {kind: match, places: [[slot, 0, 3]]}, events: [match, window_close]}
"""


def race_guided(tmp_path, text: str = RACE_GUIDE):
    """Kombio with a four-lesson guide whose last lesson is a match race (seed 2: the bot's first
    discard opens a race before it, which the learner may only let pass)."""
    path = tmp_path / "kombio.yaml"
    base = (ROOT / "rulesets" / "kombio.yaml").read_text(encoding="utf-8")
    base = base.split("\nguide:")[0]       # Kombio's own guide, if it has one, gives way to this one
    path.write_text(base + text, encoding="utf-8")
    return load_ruleset(str(path))


def test_a_race_before_its_lesson_is_let_pass_and_a_race_lesson_holds_the_bot(data_dir, tmp_path):
    """Every discard opens a match race; the guide's lessons are the learner's moves that it asks for,
    a race before the lesson that teaches racing is let pass (a claim there is refused), and while
    the race lesson waits the bot's claim and the countdown wait for the learner."""
    ruleset = race_guided(tmp_path)
    assert guide.check(ruleset, make_bot) is None
    wrong = race_guided(tmp_path, RACE_GUIDE.replace("[[slot, 0, 3]]}", "[[slot, 0, 0]]}"))
    assert "teaches what the rules in force no longer do (window_close)" in guide.check(wrong, make_bot)
    from rigging_memory import perform
    app, d, table = open_guide(ruleset)
    rng = random.Random(3)
    let_pass = 0
    while table.guided.lesson() < 3:
        seat, legal = next_decision(d, rng)
        step = table.guided.due()
        if step is None:                       # the bot's first discard: a race before its lesson
            assert table.ctrl.moment().kind == "race" and not table.guided.holds_bots()
            ok, why = table.ctrl.apply(seat, Action("match", (("slot", 0, 3),)))
            assert not ok and why.startswith("Not this one: nothing to learn here yet")
            d.key(pygame.K_SPACE)
            let_pass += 1
            continue
        perform(d, rng, seat, step.move)
        d.step()
    assert let_pass == 1
    seat, legal = next_decision(d, rng)
    assert table.ctrl.moment().kind == "race" and table.guided.due() == ruleset.guide.steps[3]
    perform(d, rng, seat, ruleset.guide.steps[3].move)
    d.step()
    assert table.guided.lesson() == 4 and not table.guided.active


def test_while_a_race_lesson_waits_the_bot_and_the_countdown_wait_for_the_learner(data_dir, tmp_path):
    """Seed 3 against a random bot: its first discard opens a race that it claims after 1.6 s; the
    lesson is that race, so the table holds the claim (and the countdown) until the learner moves,
    as guide.check plays it."""
    ruleset = race_guided(tmp_path, RACE_GUIDE.replace("seed: 2", "seed: 3").replace("bot: easy", "bot: random")
                          .split("    - {title: The pile")[0]
                          + "    - {title: A race, say: Throw your card 1., move: {kind: match, places: [[slot, 0, 0]]},"
                            " events: [match]}\n")
    assert guide.check(ruleset, make_bot) is None
    from rigging_memory import perform
    app, d, table = open_guide(ruleset)
    rng = random.Random(3)
    seat, legal = next_decision(d, rng)        # the table shows the starting cards itself (lesson 1)
    assert table.ctrl.moment().kind == "race" and table.guided.due() == ruleset.guide.steps[1]
    assert table.guided.holds_bots()
    count = len(table.session.match.actions)
    d.step(300)                                # 15 s: far past the bot's claim and the countdown
    assert len(table.session.match.actions) == count and table.ctrl.moment().kind == "race"
    perform(d, rng, seat, ruleset.guide.steps[1].move)
    d.step()
    assert table.session.match.actions[count] == (guide.LEARNER, ruleset.guide.steps[1].move)
    assert not table.guided.active


def test_a_lesson_stays_on_screen_while_the_learner_memorises_what_it_showed(data_dir, tmp_path):
    """The table makes the first look itself and holds the cards up for a while: the lesson that
    asked for it (its title and sentence) stays while they show, and gives way to the next after."""
    ruleset = race_guided(tmp_path)
    app, d, table = open_guide(ruleset)
    assert d.until(lambda: table.ctrl.hold is not None and table.ctrl.hold.seat == guide.LEARNER, 400)
    assert table.guided.lesson() == 1 and table.guided.due() is None
    assert table.guided.heading() == "Lesson 1 of 4: Your two cards"
    assert table.guided.sentence() == "Look at your cards."
    next_decision(d, random.Random(1))         # the hold ends: the look is no longer on screen
    assert table.ctrl.hold is None and not table.guided.heading().startswith("Lesson 1 ")


@pytest.mark.parametrize("ruleset_id", GUIDED + ["a 400-character introduction"])
def test_the_guides_introduction_is_shown_whole(data_dir, monkeypatch, tmp_path, ruleset_id):
    """A guide's introduction may run to 400 characters: the card over the table grows to show every
    line of it (it used to stop at three, mid-sentence)."""
    import game.ui.confirm
    texts = record_text(monkeypatch, game.ui.confirm)
    if ruleset_id in GUIDED:
        ruleset = find_ruleset(ruleset_id)
    else:
        long = " ".join(f"Sentence {i} of the introduction says one more thing." for i in range(8))[:400]
        ruleset = race_guided(tmp_path, RACE_GUIDE.replace("  bot: easy\n", f"  bot: easy\n  intro: {long}\n"))
        assert len(ruleset.guide.intro) >= 390
    app = make_app()
    d = Driver(app)
    d.step(2)
    app.top.learn(ruleset)
    d.step(2)
    assert isinstance(app.top, ConfirmScene)
    shown = " ".join(text for text, _, _ in texts).split()
    intro = ruleset.guide.intro.split()
    assert intro and " ".join(intro) in " ".join(shown)


# One edit per shipped guide to a rule one of its lessons teaches (an ability, a card's choice, an
# Action card's effect): the guide must refuse to start, naming the lesson, rather than teach it.
ABILITY_EDITS = {
    "kumbal": ("    limit: 7 ", "    limit: 1 ", 9),
    "kombio": ("{value: 12, count: 5, ability: blind_swap}", "{value: 12, count: 5}", 8),
    "castle-combo": ("ability: [{choose: [{gold_on_each_purse: 2}, {gain: keys, amount: 3}]}],",
                     "ability: [{gain: keys, amount: 3}],", 6),
    "cambio": ("      - choose: [look_own, look_other, swap]\n      - choose: [look_own, look_other, swap]\n",
               "      - choose: [look_own, look_other, swap]\n", 6),
    "cambio-classic": ('{key: "8", value: 8, suits: all, ability: look_own}', '{key: "8", value: 8, suits: all}', 3),
    "klobba": ("effect: {primitive: lowest_multiplied, factor: 2, cap: 13}", "effect: {primitive: highest}", 9),
}


@pytest.mark.parametrize("ruleset_id", GUIDED)
def test_every_guide_refuses_to_start_after_an_edit_of_a_rule_it_teaches(tmp_path, ruleset_id):
    old, new, lesson = ABILITY_EDITS[ruleset_id]
    text = (ROOT / "rulesets" / f"{ruleset_id}.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / f"{ruleset_id}.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    why = guide.check(load_ruleset(str(path)), make_bot)
    assert why is not None and f"Step {lesson} of the guide" in why and "written for other rules" in why


def test_a_guide_refuses_to_start_when_a_rule_its_words_state_has_another_value(tmp_path):
    """Kombio's ending says the caller who is not lowest adds +15: a house ruleset that makes it +20
    plays every lesson's move alike, so only the guide's `assumes` can tell; it refuses with the
    rule and both values. A rule the ruleset does not have is named too; a value that is not a
    rule's value is a ruleset error with file, line and key."""
    text = (ROOT / "rulesets" / "kombio.yaml").read_text(encoding="utf-8")
    old = "caller_not_lowest: {caller: 15, others: 0}"
    assert text.count(old) == 1 and "    scoring.caller_not_lowest.caller: 15\n" in text
    path = tmp_path / "kombio.yaml"
    path.write_text(text.replace(old, "caller_not_lowest: {caller: 20, others: 0}"), encoding="utf-8")
    why = guide.check(load_ruleset(str(path)), make_bot)
    assert why == ("The guide's words say scoring.caller_not_lowest.caller is 15; the rules in force make it 20: "
                   "this guide was written for other rules.")
    path.write_text(text.replace("    scoring.tie_counts_as: not_lowest\n", "    scoring.tie_rule: not_lowest\n"),
                    encoding="utf-8")
    assert "words rest on the rule scoring.tie_rule, which these rules do not have" in guide.check(
        load_ruleset(str(path)), make_bot)
    path.write_text(text.replace("    scoring.tie_counts_as: not_lowest\n", "    scoring.tie_counts_as: [a, b]\n"),
                    encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert "kombio.yaml:" in str(err.value) and "guide.assumes.scoring.tie_counts_as: expected a rule's value" \
        in str(err.value)


def test_a_lesson_s_heading_stands_in_the_top_bar_and_only_its_move_keeps_a_button(data_dir):
    """Castle Combo's second lesson spends a key: the top bar says the game and the lesson, the status
    bar says the lesson's words alone, and of the two key buttons only the lesson's is shown."""
    ruleset = find_ruleset("castle-combo")
    app, d, table = open_guide(ruleset)
    rng = random.Random(1)
    perform = getattr(__import__(GESTURES[ruleset.family][0]), GESTURES[ruleset.family][1])
    for _ in range(100):
        seat, legal = next_decision(d, rng)
        step = table.guided.due()
        if step is not None and step.move.kind == "key_move":
            break
        perform(d, rng, seat, step.move if step is not None else rng.choice(legal))
    else:
        raise AssertionError("no key lesson")
    d.step(2)
    vis = table.visuals(table.current_layout(), table.ctrl.view())
    assert vis.title == f"Castle Combo · {table.guided.heading()}" and vis.prompt == ""
    assert vis.message == step.say
    assert [a for a in legal if not a.places and a.kind.startswith("key")] != [step.move]   # two, one kept
    assert [bt.label for bt in table.action_buttons] == [table.plugin.button_label(step.move)]
