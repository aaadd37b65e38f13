"""Klobba! in German (issue 33, part 5): every text of the clash family goes through the one
translation function and its German catalog (game/families/clash/locale/de/LC_MESSAGES/clash.po);
the ruleset's texts (rulesets/klobba.yaml: card and clan names, the rules page, the guided first
game) carry their German beside the English.

Whole matches are played through the real screen in German (real pygame events posted by
game.ui.driver.Driver, as tests/test_ui_klobba.py plays them), recording every text rendered
(rigging_screen.record_fonts): no drawn text, log line or prompt is one of the catalog's English
messages left untranslated. The layout tests that read drawn text run in both languages in
tests/test_ui_klobba_readability.py and tests/test_ui_klobba.py.
"""
import random
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.core import Action
from game.engine.ruleset import load_ruleset
from game.engine.schema import RulesetError
from game.engine.session import Session
from game.families.clash.words import card_text, describe, phrase, shown
from game.store.settings import Settings
from game.ui.app import App
from game.ui.families.clash.result import ClashResultScene
from game.ui.offscreen import render_view
import rigging_i18n
import rigging_screen
from rigging_klobba import BT, KLOBBA_YAML, OF, PR, YC, klobba, rigged
from test_ui_klobba import perform

ANA = {"name": "Ana", "kind": "human"}
BEN = {"name": "Ben", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "random"}


# ---- the catalog's English messages, as patterns a drawn text would match -----------------------------

def _catalog() -> list:
    """(English pattern, German patterns, the English message) of every message whose German differs."""
    out = []
    for _, english, german in rigging_i18n.messages("clash"):
        assert all(german), f"untranslated: {english[0]!r}"
        for e in english:
            if e not in german:
                out.append((rigging_i18n.pattern(e), [rigging_i18n.pattern(g) for g in german], e))
    return out


CATALOG = _catalog()


def english_left(texts) -> list:
    """The texts that are one of the catalog's English messages (and not also its German)."""
    found = []
    for text in set(t for t in texts if t and t.strip()):
        plain = text.replace("\u00ad", "")
        for english, german, message in CATALOG:
            if english.fullmatch(plain) and not any(g.fullmatch(plain) for g in german):
                found.append((text, message))
    return sorted(found)


def test_the_check_sees_english_left_untranslated():
    # the check can fail: English sentences of the catalog (with their fields filled) are seen,
    # their German is not
    assert english_left(["Ana lays an Action card face down.", "Barbarian deck: 28", "Total 12"]) == [
        ("Ana lays an Action card face down.", "{who} lays an Action card face down."),
        ("Barbarian deck: 28", "Barbarian deck: {n}"), ("Total 12", "Total {total}")]
    assert english_left(["Ana legt eine Aktionskarte verdeckt ab.", "Barbarenstapel: 28", "Summe 12"]) == []


def test_the_catalog_is_whole_and_keeps_every_field():
    from tools.translations import problems
    assert problems(only=("clash",)) == []


# ---- whole matches through the screen, in German ---------------------------------------------------------

def make_app(size, speed="instant"):
    app = App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed), save_settings=False)
    i18n.set_language("de")
    return app


@pytest.mark.parametrize("seats,seed,size,speed", [((ANA, BOT, BEN), 3, (1024, 640), "instant"),
                                                   ((ANA, BOT), 11, (1600, 1000), "fast")])
def test_a_whole_match_in_german_draws_no_english_of_the_catalog(monkeypatch, seats, seed, size, speed):
    drawn = rigging_screen.record_fonts(monkeypatch)
    app = make_app(size, speed)
    session = Session.new(klobba(), list(seats), None, seed)
    rng = random.Random(seed)
    prompts = []

    def choose(rng, legal):
        prompts.append(app.top.ctrl.prompt())
        return rng.choice(legal)
    d = rigging_screen.play_through_screen(app, session, rng, choose, perform, 800, exact=True)
    assert isinstance(d.app.top, ClashResultScene) and session.game.is_over()
    d.step(3)
    d.key(pygame.K_TAB)             # the result's "What happened": the whole log
    d.step(3)
    texts = [t for t, _, _ in drawn]
    left = english_left(texts)
    assert not left, f"English drawn in German: {left[:10]}"
    assert rigging_i18n.core_left(texts) == []            # nor the table's frame, the result's
    # what a German player reads: the table's words, the cards', the log's, the result's
    said = set(texts)
    for german in ("Deine Aktionskarten", "Sternvorrat: 40", "Spieler", "Sterne", "Kopfgeld", "Erbeutet"):
        assert any(german in t for t in said), german
    assert any(t.startswith("Der Boss") or t.startswith("Berserker!") or t.startswith("Doppelter") for t in said)
    log = list(d.table.ctrl.log)
    assert log and not english_left(log), english_left(log)[:5]
    assert any(line.startswith("Runde ") and "hält das Schwarze Totem" in line for line in log), log[:5]
    assert any("legt eine Aktionskarte verdeckt ab." in line for line in log)
    assert any(line.startswith("Die Partie ist vorbei: ") for line in log)
    assert prompts and all(prompts) and not english_left(prompts), english_left(prompts)[:5]


def test_a_reveal_a_tie_and_a_victory_are_told_in_german(monkeypatch):
    # the sheet's example: Berzerk! against The Boss, the two 6s tied, 12 beats 9
    game = rigged(black=0, bands={0: [(YC, 9), (OF, 6), (OF, 1)], 1: [(PR, 6), (BT, 8), (BT, 10)],
                                  2: [(BT, 9), (PR, 2), (OF, 3)], 3: [(BT, 4), (OF, 5), (PR, 3)]},
                  face_down=[(OF, 1)], hands={0: ["berzerk"], 1: ["the_boss"]})
    game.apply(0, Action("group", places=(("band", 1),)))
    drawn = rigging_screen.record_fonts(monkeypatch)
    app = make_app((1280, 800), "fast")
    session = Session.new(klobba(), [ANA, BOT], None, 1)
    session.game = game
    app.open_table(session)
    from game.ui.driver import Driver
    d = Driver(app)
    rigging_screen.until_ready(d, 0, 400)
    table = d.table
    assert table.ctrl.prompt() == ("Lege eine Aktionskarte verdeckt: Klicke sie an oder zieh sie auf deinen "
                                   "Kartenplatz.")
    card = next(c for c in session.game.hands[0] if session.game.faces[c].key == "berzerk")
    d.click(d.centre_of(("hand", 0, card)))
    assert d.until(lambda: table.ctrl.hold is not None, 400)
    assert table.plugin.clash["text"] == "Aufgedeckt: Berserker! gegen Der Boss!"
    d.key(pygame.K_SPACE)
    rigging_screen.until_ready(d, 0, 400)
    labels = sorted(b.label for key, b in table.buttons.items() if isinstance(key, tuple) and b.visible)
    assert labels == ["Orangefuchs 6", "Purpurrabe 6"]
    d.click(next(b for key, b in table.buttons.items() if isinstance(key, tuple) and b.visible
                 and b.label == "Orangefuchs 6").rect.center)
    assert d.until(lambda: table.ctrl.hold is not None and not table.anim.busy(), 600)
    assert table.plugin.status(None) == ("Ana gewinnt 12 zu 9, erbeutet Blaukralle 9 und nimmt 1 Stern!  "
                                         "Klicke oder drücke die Leertaste, um weiterzumachen.")
    assert "Aufgedeckt: Berserker!, Der Boss." in table.ctrl.log
    assert "Ana gewinnt 12 zu 9, erbeutet Blaukralle 9 und nimmt 1 Stern." in table.ctrl.log
    texts = [t for t, _, _ in drawn]
    assert "Summe 12" in texts and "Summe 9" in texts
    assert not english_left(texts), english_left(texts)[:5]


# ---- the ruleset's texts: German beside the English ---------------------------------------------------

def test_the_shipped_ruleset_speaks_german_to_a_german_player_and_english_to_an_english_one():
    ruleset = klobba()
    faces = {f.key: f for f in ruleset.cards}
    names = {"en": {}, "de": {}}
    for language in names:
        i18n.set_language(language)
        names[language] = {key: shown(f.name) for key, f in faces.items()}
    assert names["en"]["berzerk"] == "Berzerk!" and names["de"]["berzerk"] == "Berserker!"
    assert names["en"]["orange_fox_7"] == "Orange Fox 7" and names["de"]["orange_fox_7"] == "Orangefuchs 7"
    # Swap & Play's German is the family's catalog's (the ruleset gives it in English only)
    assert names["en"]["swap_and_play"] == "Swap & Play" and names["de"]["swap_and_play"] == "Wechseln & Spielen"
    for key, english in names["en"].items():
        assert faces[key].name == english and str(faces[key].name) == english      # compares, saves as English
    # every name of a card or a clan a German player reads is German (a name with a number: its clan)
    same = sorted(k for k in names["en"] if names["de"][k] == names["en"][k] and k not in ("the_boss",))
    assert same == [], same
    # the rules page, the credits, the reconstructed notes and the guided first game
    i18n.set_language("de")
    assert i18n.tr(ruleset.rules_page).startswith("# Woher diese Regeln stammen")
    assert i18n.tr(ruleset.credits).startswith("Nach dem Blatt")
    assert all(i18n.local(note).startswith(("Das Deck", "Die Anzahlen", "Angebote")) for note in ruleset.reconstructed)
    guide = ruleset.guide
    assert i18n.tr(guide.intro).startswith("Klobba! wird in Runden gespielt")
    assert [i18n.tr(s.title) for s in guide.steps][:3] == ["Gruppen bilden", "Eine Aktionskarte legen",
                                                          "Gleichstand: Du wählst"]
    assert all(i18n.tr(s.say) != str(s.say) for s in guide.steps)
    i18n.set_language("en")
    assert i18n.tr(guide.steps[0].say).startswith("Four Bands of three Barbarians")


def _edited(tmp_path, *pairs):
    text = Path(KLOBBA_YAML).read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "klobba.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


@pytest.fixture
def shipped_clans_after():
    """A house ruleset's clan names are learnt for the cards' texts (words.learn_clans): the shipped
    ones are learnt again after the test."""
    yield
    load_ruleset(KLOBBA_YAML)


def test_a_house_ruleset_with_its_own_german_texts_shows_them_in_german_and_english_in_english(tmp_path,
                                                                                               shipped_clans_after):
    ruleset = _edited(
        tmp_path,
        ("name: {en: Double Trouble, de: Doppelter Ärger}\n      count: 2\n",
         "name: {en: Double Trouble, de: Doppelpack}\n      count: 2\n"
         "      text: {en: Two of the lowest., de: Zwei der niedrigsten.}\n"),
        ("blue_talon: {name: {en: Blue Talon, de: Blaukralle}",
         "blue_talon: {name: {en: Blue Talon, de: Blaue Kralle}"))
    faces = {f.key: f for f in ruleset.cards}
    double, talon, all_talon = faces["double_trouble"], faces["blue_talon_9"], faces["all_blue_talon"]
    said = {}
    for language in ("en", "de"):
        i18n.set_language(language)
        said[language] = (shown(double.name), card_text(double), shown(talon.name), card_text(all_talon))
    assert said["en"][:3] == ("Double Trouble", "Two of the lowest.", "Blue Talon 9")
    assert said["en"][3].startswith("Selects every available Blue Talon, summed.")
    assert said["de"][:3] == ("Doppelpack", "Zwei der niedrigsten.", "Blaue Kralle 9")
    assert said["de"][3].startswith("Wählt alle verfügbaren Barbaren des Clans Blaue Kralle, zusammengezählt.")
    # on the table: the hand's card face and the Band's Barbarian, drawn in the player's language
    game = rigged(black=0, ruleset=ruleset, hands={0: ["double_trouble"]},
                  bands={0: [(BT, 9), (OF, 6), (OF, 1)]})
    from game.ui import fonts
    for language, name in (("en", "Double Trouble"), ("de", "Doppelpack")):
        i18n.set_language(language)
        drawn = []
        real = fonts.text

        def spy(s, size, colour=None, bold=False):
            drawn.append(s)
            return real(s, size, colour, bold) if colour is not None else real(s, size, bold=bold)
        fonts.text = spy
        try:
            render_view(ruleset, game.view(0), ("Ana", "Bot"), (1920, 1080))
        finally:
            fonts.text = real
        assert name in " ".join(drawn), (language, drawn[:30])
        assert ("Free Band" if language == "en" else "Freie Bande") in drawn


def test_a_broken_ruleset_is_told_in_the_players_language(tmp_path):
    for language, words in (("en", "each clan needs its own symbol"), ("de", "Jeder Clan braucht sein eigenes Symbol")):
        i18n.set_language(language)
        with pytest.raises(RulesetError) as info:
            _edited(tmp_path, ("symbol: raven}", "symbol: fox}"))
        assert words in str(info.value), str(info.value)
        assert "cards.clans.purple_raven.symbol" in str(info.value)


# ---- the hint's and the review's words, the log's sentences -------------------------------------------

def test_moves_and_events_are_said_in_german():
    game = rigged(n=3, black=0, hands={0: ["mirror_and_switch"], 2: ["the_boss"]})
    names = ("Ana", "Ben", "Cal")
    i18n.set_language("de")
    words = [phrase(a, game.view(0), names) for a in game.legal_actions(0)]
    assert words == ["bilde die Gruppe mit der Bande von Cal", "bilde die Gruppe mit der Freien Bande rechts von dir"]
    events = game.apply(0, Action("group", places=(("band", game.place_of[2]),)))
    assert describe(events[0], names) == ("Ana bildet die Gruppe mit der Bande von Cal; das Weiße Totem bekommt "
                                          "eine Freie Bande.")
    boss = next(c for c in game.hands[2] if game.faces[c].key == "the_boss")
    offer = Action("offer", places=(("hand", 2, boss), ("totem", 0)))
    assert phrase(offer, game.view(2), names) == "biete Ana Der Boss an"
    events = game.apply(2, offer)
    assert [describe(e, names) for e in events] == ["", "Angebote: Cal an Ana."]
    i18n.set_language("en")
    assert [describe(e, names) for e in events] == ["", "Offers: Cal to Ana."]
