"""The memory family in German (issue 33, part 5): Kombio, Cambio and classic Cambio speak German
through the one translation function (game/i18n.py) and the family's own catalog
(game/families/memory/locale/de/LC_MESSAGES/memory.po).

- A whole match of each game played through the real screen in German (one human with real
  gestures, bots): no text drawn is one of the catalog's English messages left untranslated, every
  line of "What happened" is one of the family's German sentences, and no prompt says English.
- A ruleset's own texts ({en: ..., de: ...}): Cambio's Red King, its actions and its frozen pile
  are German in German and English in English, on the buttons, the faces, the log and the prompt.
- The family's words from the rules alone: classic Cambio's suited cards named as German players
  name them ("Kreuz-9"), a round's note, a broken ruleset's error, the English left as it was.
- The table holds at 1024x640 in both languages: no text cut, none under 11 px.

The tests run in English (tests/conftest.py); each German test sets the language after its App is
made (the App sets the settings' language), and conftest speaks English again after it.
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.core import Action, Event
from game.engine.ruleset import default_options
from game.engine.session import Session
from game.families.memory import words
from game.i18n import fields_of
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.summary import MatchResultScene, RoundSummaryScene
import rigging
import rigging_i18n
import rigging_memory
import rigging_screen
from test_ui_readability_memory import TableText, play_one_round

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("kombio", "cambio", "cambio-classic")
# German words that are the English ones: a score column's heading, a message of fields only
SAME_IN_GERMAN = {"Hand", "Bonus", "{where} ({card})", " · {n} s", "{who}, {ability}: "}


# --- the catalog -------------------------------------------------------------------------------

def catalog() -> tuple:
    """(context, English forms, German forms) of every message of the family's German catalog."""
    return rigging_i18n.messages("memory")


pattern = rigging_i18n.pattern


def untranslated_english() -> dict:
    """English message -> its pattern, for every message whose German is not the same words."""
    out = {}
    for _, ids, strings in catalog():
        for english in ids:
            if english in SAME_IN_GERMAN or english in strings:
                continue
            out[english] = pattern(english)
    return out


def german_sentences(module_words: set) -> list:
    """The German patterns of the messages the given English messages are (the log's sentences)."""
    out = []
    for _, ids, strings in catalog():
        if set(ids) & module_words:
            out += [pattern(s) for s in strings]
    return out


def english_left(texts, english) -> list:
    """The texts that are one of the English messages (as drawn, fields filled in)."""
    return sorted({t for t in texts if t and any(p.fullmatch(t) for p in english.values())})


# --- a whole match in German, through the screen -------------------------------------------------

def whole_match_options(ruleset):
    if "rounds" in ruleset.match_end.modes:
        return rigging_memory.options(rounds=2, ruleset=ruleset)
    return rigging_memory.options(points=20, ruleset=ruleset)


def choose(rng, legal):
    """A random move, a call now and then (a match must end)."""
    calls = [a for a in legal if a.kind == "call"]
    others = [a for a in legal if a.kind != "call"] or calls
    return calls[0] if calls and rng.random() < 0.15 else rng.choice(others)


@pytest.mark.parametrize("rid", RULESETS)
def test_a_whole_match_in_german_shows_no_english_message_and_logs_in_german(monkeypatch, rid):
    rendered = rigging_screen.record_fonts(monkeypatch)
    ruleset = rigging.load(rid)
    seats = [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "ai", "level": "normal"},
             {"name": "Cleo", "kind": "ai", "level": "easy"}]
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True,
              settings=Settings(animation_speed="instant", memory_aid=True, language="de"), save_settings=False)
    assert i18n.language() == "de"          # the settings' language, set by the App
    session = Session.new(ruleset, seats, whole_match_options(ruleset), 5)
    app.open_table(session)
    d = Driver(app)
    prompts = play_the_match(d, random.Random(5))
    assert isinstance(app.top, MatchResultScene) and session.game.is_over()

    drawn = {t for t, _, _ in rendered}
    english = untranslated_english()
    assert english_left(drawn, english) == []
    assert rigging_i18n.core_left(drawn) == []            # nor the table's frame, the summary's
    # the German really reached the screen: the piles' captions, the log, the summary's columns
    assert {"Stapel", "Runde"} <= drawn or any(t.startswith("Stapel · ") for t in drawn), sorted(drawn)[:40]
    assert any(t.startswith("Ablage") for t in drawn)

    # every line of "What happened" is one of the family's German sentences
    log = d.table.ctrl.log
    assert len(log) > 20
    sentences = german_sentences(set(words_of_the_log()))
    not_german = [line for line in log if not any(p.fullmatch(line) for p in sentences)]
    assert not_german == [], not_german[:5]
    assert english_left(log, english) == []
    assert any(line.endswith(" zieht vom Stapel.") for line in log)
    if session.game.round_no > 1:                                                   # a new round's deal
        assert any(re.fullmatch(r"Runde \d+: .+ gibt\.", line) for line in log)
    # no prompt says an English message, or a piece of one
    assert prompts and english_left(prompts, english) == []
    pieces = english_pieces(english)
    said_in_english = [(p, piece) for p in prompts for piece in pieces if piece in p]
    assert said_in_english == [], said_in_english[:3]


def play_the_match(d, rng, max_decisions: int = 1500) -> list:
    """Ana plays the whole match with real gestures (random moves, a call now and then), each round
    summary is clicked on; returns the prompts she was shown."""
    prompts = []

    def deciding():
        decision = rigging_screen.human_decision(d)
        if decision is None or not decision[1] or all(a.kind == "look_start" for a in decision[1]):
            return None             # the first look is the table's (after the pass screen, if any)
        return decision
    for _ in range(max_decisions):
        assert d.until(lambda: isinstance(d.app.top, (RoundSummaryScene, MatchResultScene))
                       or deciding() is not None or (d.table.ctrl.hold is not None), 3000), d.table.ctrl.prompt()
        top = d.app.top
        if isinstance(top, MatchResultScene):
            return prompts
        if isinstance(top, RoundSummaryScene):
            d.step(2)
            d.click(top.button.rect.center)
            continue
        if d.table.ctrl.hold is not None:
            d.key(pygame.K_SPACE)
            d.step()
            continue
        seat, legal = deciding()
        prompts.append(d.table.ctrl.prompt())
        rigging_memory.perform(d, rng, seat, choose(rng, legal))
    raise AssertionError("the match did not end")


def words_of_the_log() -> list:
    """The English of every sentence `describe` may say (the log's messages in the catalog)."""
    out = []
    source = (ROOT / "game" / "families" / "memory" / "words.py").read_text()
    describe_part = source[:source.index("def score_lines")]
    for _, ids, _ in catalog():
        if any(f'"{i}"' in describe_part for i in ids):
            out += list(ids)
    return out


def english_pieces(english: dict) -> list:
    """The longer literal pieces of the English messages ("draw from the deck"), which no German
    sentence says."""
    pieces = set()
    for message in english:
        for part in re.split(r"\{\w+\}", message):
            part = part.strip(" .,:;!?()")
            if len(part) >= 14:
                pieces.add(part)
    return sorted(pieces)


# --- a ruleset's own texts: German in German, English in English ---------------------------------

def red_king_on_screen(monkeypatch, language):
    """Cambio, Ana to play with a Red King on the deck: drawn and discarded through the screen, its
    two actions offered. Returns (driver, every text rendered, the table's buttons' labels)."""
    rendered = rigging_screen.record_fonts(monkeypatch)
    ruleset = rigging_memory.cambio()
    game = rigging_memory.rigged(2, seed=4, ruleset=ruleset, current=0, deck=["red_king"])
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    i18n.set_language(language)
    session = Session.new(ruleset, [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "ai", "level": "easy"}],
                          default_options(ruleset), 1)
    session.game = game
    app.open_table(session)
    d = Driver(app)
    ctrl = d.table.ctrl
    assert d.until(lambda: rigging_screen.human_decision(d) is not None, 200)
    d.key(pygame.K_d)
    d.step(2)
    d.click(d.centre_of("discard"))
    assert d.until(lambda: ctrl.public().phase == "ability" and not d.table.anim.busy(), 200)
    d.step(2)
    labels = {b.label for b in d.table.action_buttons if b.visible}
    return d, {t for t, _, _ in rendered}, labels


@pytest.mark.parametrize("language,red_king,actions,uses", [
    ("en", "Red King", {"Look at own card", "Look at another's card", "Swap"}, "Ana uses Red King."),
    ("de", "Roter König", {"Eigene Karte anschauen", "Fremde Karte anschauen", "Tauschen"},
     "Ana nutzt die Aktion „Roter König“."),
])
def test_a_rulesets_own_texts_are_shown_in_the_players_language(monkeypatch, language, red_king, actions, uses):
    d, drawn, labels = red_king_on_screen(monkeypatch, language)
    ctrl = d.table.ctrl
    assert actions <= labels, labels                      # the Red King's choices: the ruleset's names
    assert red_king in drawn                              # the face of the drawn and discarded card
    assert uses in ctrl.log                               # "What happened"
    assert red_king in ctrl.prompt()                      # "Ana, Roter König: ..."
    other = {"en": "Roter König", "de": "Red King"}[language]
    assert other not in drawn and other not in ctrl.prompt()


@pytest.mark.parametrize("language,word,deck", [("en", "frozen", "deck"), ("de", "eingefroren", "Stapel")])
def test_cambios_frozen_pile_is_named_in_the_players_language(language, word, deck):
    """Das Original's "eingefroren" (the ruleset's matching.blocked_name, {en: frozen, de: eingefroren})."""
    ruleset = rigging_memory.cambio()
    game = rigging_memory.rigged(2, seed=13, ruleset=ruleset, current=0, hands={0: [5, 1, 2, 3], 1: [0, 1, 2, 3]},
                                 deck=[5])
    rigging_memory.play(game, (0, Action("draw", choice="deck")), (0, Action("discard")),
                        (0, Action("match", pos=(0, 0))))
    rigging_memory.pass_all(game)
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    i18n.set_language(language)
    session = Session.new(ruleset, [{"name": "Ana", "kind": "ai", "level": "easy"}, {"name": "Ben", "kind": "human"}],
                          default_options(ruleset), 1)
    session.game = game
    app.open_table(session)
    d = Driver(app)
    ctrl = d.table.ctrl
    assert d.until(lambda: rigging_screen.human_decision(d) is not None and ctrl.input_seat() == 1, 300)
    assert word in ctrl.prompt()
    reason = ctrl.plugin.blocked_reason()
    assert word in reason and deck in reason
    d.key(pygame.K_s)
    assert ctrl.message is not None and ctrl.message[0] == reason


# --- the family's words from the rules alone ---------------------------------------------------

def test_classic_cambios_suited_cards_are_named_as_german_players_name_them():
    game = rigging_memory.rigged(2, ruleset=rigging_memory.cambio_classic(),
                                 opts=rigging_memory.options(ruleset=rigging_memory.cambio_classic()),
                                 deck=["Q_hearts"], discard=["9_clubs"], current=0)
    view = game.view(0)
    draw_discard, draw = Action("draw", choice="discard"), Action("draw", choice="deck")
    assert words.phrase(draw_discard, view, ("Ana", "Ben")) == "take the 9 of clubs from the discard pile"
    i18n.set_language("de")
    assert words.phrase(draw_discard, view, ("Ana", "Ben")) == "Kreuz-9 vom Ablagestapel nehmen"
    events = game.apply(0, draw)
    assert words.phrase(Action("discard"), game.view(0), ("Ana", "Ben")) == \
        "die gezogene Karte (Herz-Dame) abwerfen"
    assert words.describe(events[-1], ("Ana", "Ben"), "Cambio") == "Ana zieht vom Stapel."
    events = game.apply(0, Action("exchange", pos=(0, 1)))
    said = words.describe(events[0], ("Ana", "Ben"), "Cambio")
    assert said.startswith("Ana tauscht Karte 2 aus und wirft ab: ") and said.endswith(".")
    faces = {c.key: c for c in game.ruleset.cards}
    assert words.card_name(faces["A_spades"]) == "Pik-Ass"
    assert words.card_name(faces["K_red_hearts"]) == "Herz-König"
    assert words.card_name(faces["joker"]) == "Joker"
    assert words.card_words(faces["J_diamonds"]) == "Karo-Bube"
    i18n.set_language("en")
    assert words.card_words(faces["A_spades"]) == "an Ace of spades"     # the English as it was


def test_the_log_says_whole_german_sentences():
    names = ("Ana", "Ben", "Cleo")
    i18n.set_language("de")
    say = words.describe
    assert say(Event("swap", seat=0, pos=(0, 1), pos2=(2, 0)), names) == \
        "Ana tauscht die eigene Karte 2 mit Karte 1 von Cleo."
    assert say(Event("swap", seat=0, pos=(1, 1), pos2=(0, 3)), names) == \
        "Ana tauscht Karte 2 von Ben mit der eigenen Karte 4."
    assert say(Event("call", seat=1, data=(("auto", False),)), names, "KOMBIO") == "Ben ruft KOMBIO!"
    assert say(Event("call", seat=1, data=(("auto", False),)), names) == "Ben ruft Schluss!"     # the default call
    assert say(Event("match_over", data=(("winners", (0,)),)), names) == "Die Partie ist vorbei: Ana hat gewonnen."
    assert say(Event("match_over", data=(("winners", (0, 2)),)), names) == \
        "Die Partie ist vorbei: Ana und Cleo haben gewonnen."
    assert say(Event("reshuffle", data=(("cards", 1),)), names) == \
        "Der Ablagestapel wird zu einem neuen Stapel gemischt (1 Karte)."
    i18n.set_language("en")
    assert say(Event("swap", seat=0, pos=(1, 1), pos2=(0, 3)), names) == "Ana swaps Ben's card 2 with their own card 4."
    assert say(Event("match_over", data=(("winners", (0, 2)),)), names) == "The match is over: Ana and Cleo won."


def test_a_rounds_note_is_written_in_english_and_said_in_german():
    note = "called above the 5-point limit; round stopped after 60 turns (the rules' limit)"
    assert words.note_words(note) == note
    i18n.set_language("de")
    assert words.note_words(note) == \
        "über der Grenze von 5 Punkten gerufen; Runde nach 60 Zügen beendet (Grenze der Regeln)"
    assert words.note_words("match stopped after 1 rounds (the rules' limit)") == \
        "Partie nach 1 Runde beendet (Grenze der Regeln)"
    assert words.note_words("called and was lowest") == "gerufen, mit den wenigsten Punkten"


def test_a_broken_rulesets_error_is_said_in_german(tmp_path):
    from game.engine.ruleset import load_ruleset
    from game.engine.schema import RulesetError
    text = (ROOT / "rulesets" / "kombio.yaml").read_text().replace("look_at_start: [2, 3]", "look_at_start: [2, 7]")
    path = tmp_path / "kombio.yaml"
    path.write_text(text)
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert "expected a position below 4; got 7" in str(err.value)
    i18n.set_language("de")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert "erwartet: eine Position unter 4; angegeben: 7" in str(err.value)


def test_every_message_keeps_its_fields_and_the_catalog_is_complete():
    import importlib.util
    spec = importlib.util.spec_from_file_location("translations", ROOT / "tools" / "translations.py")
    translations = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("translations", translations)
    spec.loader.exec_module(sys.modules["translations"])
    translations = sys.modules["translations"]
    assert translations.problems(only=("memory",)) == []
    for _, ids, strings in catalog():
        wanted = set().union(*(fields_of(i) for i in ids))
        for s in strings:
            assert s and fields_of(s) <= wanted, (ids, s)


# --- 1024x640 in both languages ---------------------------------------------------------------

@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("rid", RULESETS)
def test_a_round_at_1024x640_cuts_no_text_and_draws_none_under_11_px(monkeypatch, rid, language):
    text = TableText(monkeypatch)
    ruleset = rigging.load(rid)
    seats = [{"name": "Ana", "kind": "human"}] + [{"name": n, "kind": "ai", "level": "normal"}
                                                  for n in ("Ben", "Cleo", "Dan")]
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True,
              settings=Settings(animation_speed="fast", memory_aid=True), save_settings=False)
    i18n.set_language(language)
    session = Session.new(ruleset, seats, rigging_memory.options(ruleset=ruleset), 3)
    app.open_table(session)
    d = Driver(app)
    play_one_round(d, random.Random(3))
    assert isinstance(app.top, (RoundSummaryScene, MatchResultScene))
    assert len(text.texts) > 200
    assert text.too_small() == []
    assert text.cuts == []
