"""Kumbal in German (issue 33, 5): the shedding family's words through game.i18n, its German catalog
(game/families/shedding/locale), rulesets/kumbal.yaml's German beside the English, and the table
holding in German.

Whole matches are played through the real screen in German (one human with bots; two humans with
the action cards): every text drawn is recorded (rigging_screen.record_fonts) and none of it is one
of the family's English messages left untranslated; the log and the prompts are German sentences of
the catalog. The layout tests that measure drawn text run in both languages
(tests/test_ui_kumbal_layout.py); here the smallest window is held in German too."""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.core import Action, IllegalAction
from game.engine.registry import family
from game.engine.ruleset import load_ruleset
from game.engine.schema import RulesetError
from game.engine.session import Session
from game.families.shedding.words import card_name, describe
from game.i18n import tr, trc
from game.ui.families.shedding import words as table_words
from game.ui.summary import MatchResultScene
import rigging_i18n
import rigging_screen
from rigging_kumbal import discard, ids, kumbal, options, rigged, take
from test_ui_kumbal_table import (ANA, BEN, BOT, make_app, open_rigged, perform as perform_in_english, point,
                                  wait_ready)

ROOT = Path(__file__).resolve().parent.parent
FAMILY = family("shedding")


# ---- the catalog as patterns (tests/rigging_i18n.py) ---------------------------------------------

CATALOG = rigging_i18n.Catalog("shedding", also=' .,:;!?·-')     # a message of fields alone may hold these
english_patterns, german_patterns = CATALOG.english_patterns, CATALOG.german_patterns
untranslated, german = CATALOG.untranslated, CATALOG.german


def test_the_catalog_is_complete_and_compiled():
    from tools import translations
    assert translations.problems(only=("shedding",)) == []


def test_the_patterns_tell_english_from_german():
    i18n.set_language("de")
    said = tr("{who} draws from the deck.", who="Ana")
    assert said == "Ana zieht vom Stapel." and german(said) and untranslated(said) is None
    assert untranslated("Ana draws from the deck.") == "{who} draws from the deck."


# ---- the words, in German ------------------------------------------------------------------------

def test_cards_are_named_as_german_players_name_them():
    game = rigged(2, {0: ["A_hearts", "9_clubs", "K_spades", "Q_diamonds", "J_hearts", "joker"]}, seed=3)
    faces = [game.faces[c] for c in game.hands[0][:6]]
    i18n.set_language("de")
    assert [card_name(f) for f in faces] == ["Herz-Ass", "Kreuz-9", "Pik-König", "Karo-Dame", "Herz-Bube",
                                             "Joker"]
    i18n.set_language("en")
    # English: exactly the face's title, as the log always said it
    assert [card_name(f) for f in faces] == [f.title for f in faces] == [
        "Ace of hearts", "9 of clubs", "King of spades", "Queen of diamonds", "Jack of hearts", "Joker"]


def test_moves_are_said_in_german():
    from test_phrases_kumbal import say
    game = rigged(2, {0: ["9_clubs", "9_hearts", "4_clubs", "5_clubs", "6_clubs", "joker", "joker"]}, seed=3)
    view = game.view(0)
    i18n.set_language("de")
    assert say(discard(game, 0, "9_clubs"), view) == "Kreuz-9 abwerfen"
    assert say(discard(game, 0, "9_clubs", "9_hearts"), view) == "Kreuz-9 und Herz-9 abwerfen"
    assert say(discard(game, 0, "4_clubs", "5_clubs", "6_clubs"), view) == "die Folge 4-5-6 in Kreuz abwerfen"
    assert say(discard(game, 0, "joker"), view) == "einen Joker abwerfen"
    assert say(discard(game, 0, "joker", "joker"), view) == "2 Joker abwerfen"
    assert say(Action("draw", places=(("deck",),)), view) == "vom Stapel ziehen"
    low = rigged(2, {0: ["A_clubs", "2_hearts"]}, seed=3, last=["7_hearts"])
    assert say(Action("call"), low.view(0)) == "Kumbal rufen"
    low.apply(0, discard(low, 0, "A_clubs"))
    seven = low.last_discard[0]
    assert say(take(seven), low.view(0)) == "Herz-7 vom Ablagestapel nehmen"
    assert say(take(seven), low.view(1)) == "Herz-7 vom Ablagestapel nehmen"


def test_every_move_and_event_of_seeded_matches_is_german():
    # the matches of test_phrases_kumbal.py: every legal move said (Family.phrase) and every event's
    # log line (Family.describe) is a German sentence of the catalog (German nouns start in capitals:
    # "Karo-7 abwerfen", so rigging.said_moves's English form is not asked for)
    from test_phrases_kumbal import MATCHES, replayed
    i18n.set_language("de")
    lines = moves = 0
    for seed, levels, variants in MATCHES:
        for session, seat, action in replayed(seed, levels, variants):
            game, names = session.game, tuple(session.names)
            for s in game.to_act():
                view = game.view(s)
                for legal in game.legal_actions(s):
                    words = FAMILY.phrase(legal, view, names)
                    assert german(words) and untranslated(words) is None and len(words) < 90, words
                    moves += 1
            if action is not None:
                for ev in session.game.copy().apply(seat, action):
                    line = describe(ev, names, game.call_name)
                    if line:
                        assert german(line) and untranslated(line) is None, line
                        lines += 1
    assert lines > 200 and moves > 1000, (lines, moves)


def test_a_refusal_is_said_in_german():
    game = rigged(2, {0: ["4_clubs", "5_clubs", "7_clubs", "K_hearts"]}, seed=3)
    i18n.set_language("de")
    with pytest.raises(IllegalAction, match="^Eine Folge braucht 3 Karten einer Farbe in Reihe\\.$"):
        game.apply(0, discard(game, 0, "4_clubs", "5_clubs", "7_clubs"))
    with pytest.raises(IllegalAction, match="^Du kannst Kumbal nur mit 7 Punkten oder weniger rufen; "
                                            "deine Hand hat 29\\.$"):
        game.apply(0, Action("call"))
    view = game.view(0)
    picked = tuple(("hand", 0, c) for c in ids(game, 0, "4_clubs", "5_clubs", "7_clubs"))
    assert table_words.why_not(view, picked, ("discard",)) == \
        "Eine Folge braucht 3 Karten einer Farbe in Reihe: Da ist eine Lücke."
    assert table_words.why_not(view, (), ("deck",)) == "Erst abwerfen, dann ziehen."


# ---- the ruleset's German --------------------------------------------------------------------------

def test_the_ruleset_speaks_german_in_german_and_english_in_english():
    ruleset = kumbal()
    labels = {v.key: v.label for v in ruleset.variants}
    i18n.set_language("de")
    assert tr(labels["action_cards"]) == "Aktionskarten"
    assert tr(ruleset.rules_page).startswith("# Das Spiel\nKumbal ist ein Ablegespiel")
    assert tr(ruleset.guide.steps[0].title) == "Einen Satz abwerfen"
    assert "Pik-10" in tr(ruleset.guide.steps[0].say)
    i18n.set_language("en")
    assert tr(labels["action_cards"]) == "Action cards" and labels["action_cards"] == "Action cards"
    assert tr(ruleset.rules_page).startswith("# The game\nKumbal is a shedding game")
    assert tr(ruleset.guide.steps[0].title) == "Discard a set"


def _variant_of_kumbal(tmp_path, old: str, new: str) -> Path:
    text = (ROOT / "rulesets" / "kumbal.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "kumbal.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_call_named_in_both_languages_is_called_in_the_player_s(tmp_path, monkeypatch):
    # the call's name is a ruleset text (schema Text): `call: {name: {en: Knock, de: Klopfen}}`
    path = _variant_of_kumbal(tmp_path, "    name: Kumbal\n", "    name: {en: Knock, de: Klopfen}\n")
    ruleset = load_ruleset(str(path))
    from game.families.shedding.rules import SheddingGame
    from rigging_kumbal import rig
    game = rig(SheddingGame(ruleset, 2, options(), 3), {0: ["A_clubs", "2_hearts"]})
    assert game.call_name == "Knock"                 # compared, saved and fingerprinted as the English
    events = game.apply(0, Action("call"))
    names = ("Ana", "Ben")
    call = next(ev for ev in events if ev.kind == "call")
    from game.ui.offscreen import render_view
    for language, line, badge in (("de", "Ana ruft mit 3 Punkten Klopfen!", "Klopfen!"),
                                  ("en", "Ana calls Knock with 3 points!", "Knock!")):
        i18n.set_language(language)
        assert describe(call, names, game.call_name) == line
        drawn = rigging_screen.record_fonts(monkeypatch)
        render_view(ruleset, game.view(None), names, (1280, 800), focus=0)
        assert badge in {t for t, _, _ in drawn}


def test_a_broken_ruleset_says_what_is_wrong_in_german(tmp_path):
    path = _variant_of_kumbal(tmp_path, "      8: {effect: skip}\n", "      8: {effect: skip}\n      X: {effect: skip}\n")
    i18n.set_language("de")
    with pytest.raises(RulesetError, match="keine Karte hat den Rang 'X' \\(Ränge: "):
        load_ruleset(str(path))
    i18n.set_language("en")
    with pytest.raises(RulesetError, match="no card has the rank 'X' \\(ranks: "):
        load_ruleset(str(path))


# ---- whole matches through the screen, in German ----------------------------------------------------

def perform(d, rng, seat, action):
    """A player's gestures (test_ui_kumbal_table.perform), the Keep button found by its German label."""
    if action.kind == "keep" and rng.random() < 0.5:
        label = trc("a button", "Keep")
        d.click(next(b for b in d.table.action_buttons if b.label == label).rect.center)
        return
    if action.kind == "keep":
        d.key(pygame.K_SPACE)
        return
    perform_in_english(d, rng, seat, action)


def play_in_german(monkeypatch, seats, opts, seed, size, speed):
    """A whole match through the screen in German: (the texts drawn, the log, the prompts said at each
    human decision, the summaries' headings)."""
    app = make_app(size=size, speed=speed)
    i18n.set_language("de")
    drawn = rigging_screen.record_fonts(monkeypatch)
    session = Session.new(kumbal(), seats, opts, seed)
    prompts = []

    def choose(rng, legal):
        calls = [a for a in legal if a.kind == "call"]
        return calls[0] if calls and rng.random() < 0.5 else rng.choice([a for a in legal if a.kind != "call"])

    def said_then_performed(d, rng, seat, action):
        prompts.append(d.table.ctrl.prompt())
        perform(d, rng, seat, action)
    d = rigging_screen.play_through_screen(app, session, random.Random(seed), choose, said_then_performed,
                                           4000, exact=True)
    assert isinstance(d.app.top, MatchResultScene) and session.game.is_over()
    return [t for t, _, _ in drawn], list(d.table.ctrl.log), prompts


@pytest.mark.parametrize("seats,variants,seed,speed", [
    ((ANA, BOT, dict(BOT, name="Bot 2")), {}, 4, "fast"),
    ((ANA, BEN, BOT), {"action_cards": True, "wild_jokers": True}, 11, "instant"),
])
def test_a_whole_match_in_german_shows_no_english_word_of_the_family(monkeypatch, seats, variants, seed, speed):
    drawn, log, prompts = play_in_german(monkeypatch, list(seats), options(rounds=2, **variants), seed,
                                         (1024, 640), speed)
    english = sorted({(text, untranslated(text)) for text in drawn if untranslated(text)})
    assert english == []
    assert rigging_i18n.core_left(drawn) == []            # nor the table's frame, the summary's
    # the log: every line a German sentence of the family's catalog
    assert log and [line for line in log if not german(line)] == []
    assert any(line.startswith("Runde 2: ") for line in log) and any(" zieht vom Stapel." in line for line in log)
    # the prompts at each decision: German
    assert prompts and [p for p in prompts if not german(p) or untranslated(p)] == []
    shown = set(drawn)
    for word in ("Stapel", "Ablage", "Nach Rang", "Nach Farbe", "Sturz", "Strafe"):
        assert any(t.startswith(word) for t in shown), word
    assert any("Karten" in t for t in shown) and any(t.startswith("Abwurf von ") for t in shown)


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_the_smallest_and_a_large_window_hold_a_german_round(monkeypatch, size):
    # issue 33: "the table must hold at 1024x640 and larger in German: nothing cut off where the
    # English is whole". The same round, played the same way in both languages: the family's texts
    # the German table cuts to fit (fonts.ellipsize) are none, as in English.
    from test_ui_readability_memory import TableText

    def round_cuts(language):
        text = TableText(monkeypatch)
        app = make_app(size=size, speed="fast")
        i18n.set_language(language)
        seats = [ANA] + [dict(BOT, name=f"Bot {i}") for i in range(1, 4)]
        app.open_table(Session.new(kumbal(), seats, options(rounds=1, action_cards=True), 6))
        from game.ui.driver import Driver
        d = Driver(app)
        rigging_screen.play_round(d, random.Random(6), perform)
        app.draw()          # the summary over the table
        mine = english_patterns() if language == "en" else tuple((g, g) for g in german_patterns())
        family_cuts = [(s, out) for s, out, _ in text.cuts
                       if any(p.fullmatch(s) for _, p in mine)]
        return family_cuts, {t for t, _, _ in text.texts}
    english, _ = round_cuts("en")
    cuts, shown = round_cuts("de")
    assert english == [] and cuts == []
    assert any(t.startswith("Stapel") for t in shown)


def test_the_guide_s_first_lesson_is_german(monkeypatch):
    # the guided first game's words come from the ruleset (`guide:` in both languages)
    ruleset = kumbal()
    i18n.set_language("de")
    said = [tr(step.say) for step in ruleset.guide.steps]
    assert said[0].startswith("In jedem Zug wirfst du erst ab") and said[-1].endswith("um zu rufen.")
    assert tr(ruleset.guide.ending).startswith("Du hast mit 2 Punkten gerufen")
    assert tr(ruleset.guide.intro).startswith("Bei Kumbal gewinnt")


def test_the_summary_words_are_german(monkeypatch):
    app = make_app(size=(1024, 640))
    game = rigged(2, {0: ["A_clubs", "2_hearts", "joker", "3_spades"]}, seed=5)
    d, session = open_rigged(app, game, [ANA, BOT])
    i18n.set_language("de")
    wait_ready(d, 0)
    plugin = d.table.plugin
    assert [b.label for b in d.table.action_buttons] == ["Kumbal!"]
    assert plugin.confirm_question(Action("call")).startswith("Mit 6 Punkten Kumbal rufen? Die Runde endet sofort")
    assert plugin.declined(Action("call")) == "Kein Ruf: Wirf wie gewohnt ab."
    game.apply(0, Action("call"))
    view = game.view(None)
    heading, caller = plugin.summary_heading(view)
    assert caller == 0 and heading.startswith("Ana hat mit 6 Punkten Kumbal gerufen")
    result = next(r for r in view.results if r.seat == 0)
    assert plugin.result_note(view, result) in ("Kumbal gerufen: am wenigsten", "Kumbal gerufen: unterboten")
    assert [h for h, *_ in FAMILY.score_lines(result)] == ["Hand", "Strafe", "Runde", "Sturz"]
    assert point(d, ("deck",))      # the table is still laid out
