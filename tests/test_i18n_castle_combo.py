"""Castle Combo in German (issue 33, 5): the tableau family's words through game.i18n, its German
catalog (game/families/tableau/locale), rulesets/castle-combo.yaml's German beside the English, and
the table holding in German.

A whole game is played through the real screen in German (two humans and a bot): every text drawn
is recorded (rigging_screen.record_fonts) and none of it is one of the family's English messages left
untranslated; the log and the prompts are German sentences of the catalog. The layout tests that
measure drawn text run in both languages (tests/test_ui_castle_combo_readability.py, and the zoom
panel's in tests/test_ui_castle_combo.py); here the score pad is held in German too.

The card names stay English (the German edition's names are not in this project's sources); the
ruleset may give a card a German name (`name: {en: Steward, de: ...}`), shown in German."""
from __future__ import annotations

import pickle
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
from game.families.tableau import words
from game.i18n import local, tr, trc
from game.ui.families.tableau import words as table_words
import rigging_i18n
import rigging_screen
from rigging_castle_combo import castle_combo, cell, new_game, on_display, rig, tableau
from test_ui_castle_combo import ANA, BEN, BOT, castle, choose, make_app, perform as perform_in_english

ROOT = Path(__file__).resolve().parent.parent
YAML = ROOT / "rulesets" / "castle-combo.yaml"
FAMILY = family("tableau")


# ---- the catalog as patterns (tests/rigging_i18n.py) ---------------------------------------------

CATALOG = rigging_i18n.Catalog("tableau", also=' .,:;!?·-×+/0123456789')     # a message of fields alone may hold these
english_patterns, german_patterns = CATALOG.english_patterns, CATALOG.german_patterns
untranslated, german = CATALOG.untranslated, CATALOG.german


def test_the_catalog_is_complete_and_compiled():
    from tools import translations
    assert translations.problems(only=("tableau",)) == []


def test_the_patterns_tell_english_from_german():
    i18n.set_language("de")
    said = FAMILY.describe(_event("buy", 0, name="Knight", price=3), ("Ana", "Ben"))
    assert said == "Ana kauft Knight für 3 Gold." and german(said) and untranslated(said) is None
    assert untranslated("Ana buys the Knight for 3 gold.") == "{who} buys the {card} for {price} gold."


def _event(kind, seat=None, **data):
    from game.engine.core import Event
    return Event(kind, seat=seat, data=tuple(data.items()))


# ---- the cards' words --------------------------------------------------------------------------

def test_every_card_says_its_ability_and_scoring_in_german():
    """The 78 cards' texts (the card face, the zoom panel, the choose buttons) are the family's
    words: German in German, each different from the English and none an English message."""
    cards = castle_combo().cards
    said = {}
    for code in ("en", "de"):
        i18n.set_language(code)
        said[code] = [(words.ability_text(c), words.ability_short(c), words.scoring_text(c),
                       words.scoring_short(c), words.option_shorts(c), table_words.card_lines(c)) for c in cards]
    for card, en, de in zip(cards, said["en"], said["de"]):
        for english, text in zip(en[:4], de[:4]):
            if english and not english.isdigit():
                assert text != english and untranslated(text) is None, (card.key, text)
        for english, text in zip(en[4], de[4]):
            assert text != english, (card.key, text)
        assert [label for label, _ in de[5]] != [label for label, _ in en[5]]
    i18n.set_language("de")
    banker = next(c for c in cards if c.key == "banker")
    assert words.ability_text(banker) == \
        "Wähle: „Lege 2 Gold auf jeden deiner Geldbeutel“ oder „Erhalte 3 Schlüssel“."
    assert words.scoring_text(banker) == "1 Punkt pro Gold auf all deinen Geldbeuteln."
    templar = next(c for c in cards if c.key == "templar")
    assert words.ability_short(templar) == "+1 Gold pro Glaube beim Nachbarn; +1 Schlüssel pro Militär"
    astronomer = next(c for c in cards if c.key == "astronomer")
    assert words.scoring_text(astronomer) == "8 Punkte, wenn diese Karte in der linken Spalte liegt."
    # English: as it always was
    i18n.set_language("en")
    assert words.ability_text(banker) == "Choose: put 2 gold on each of your purse cards, or gain 3 keys."
    assert words.scoring_text(astronomer) == "8 points if this card is in the left column."


def test_the_words_the_rules_keep_stay_english_and_are_shown_in_german():
    """A choice's option (its event, the view) and a card's why (its score) are kept by the rules:
    English as str (recorded, compared, saved as they always were), German when shown."""
    i18n.set_language("de")
    g = rig(new_game(2), displays={"castle": ["banker", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: tableau(["vicar"])})
    g.apply(0, Action("buy", places=(on_display(g, "banker"), cell(0, 0, 1))))
    options = dict(g.view(0).pending)["options"]
    assert options == ("Put 2 gold on each of your purse cards", "Gain 3 keys")
    assert [tr(o) for o in options] == ["Lege 2 Gold auf jeden deiner Geldbeutel", "Erhalte 3 Schlüssel"]
    events = g.apply(0, Action("choose", choice="1"))
    chosen = next(e for e in events if e.kind == "choose")
    assert chosen.get("option") == "Gain 3 keys"
    assert FAMILY.describe(chosen, ("Ana", "Ben")) == "Ana wählt: „Erhalte 3 Schlüssel“."
    # a copy (a save's pickle, a bot's search) keeps both
    again = pickle.loads(pickle.dumps(chosen.get("option")))
    assert again == "Gain 3 keys" and tr(again) == "Erhalte 3 Schlüssel"
    scores = {s.card: s for s in g.view(0).projected[0]}
    vicar = next(s for s in scores.values() if g.faces[s.card].key == "vicar")
    assert vicar.why.startswith("0 × 2 per gold on this card") and tr(vicar.why).startswith("0 × 2 pro Gold")
    i18n.set_language("en")
    assert FAMILY.describe(chosen, ("Ana", "Ben")) == "Ana chooses: Gain 3 keys."


def test_every_move_and_event_of_seeded_matches_is_german():
    # the matches of test_phrases_castle_combo.py: every legal move said (Family.phrase) and every
    # event's log line (Family.describe) is a German sentence of the catalog
    from test_phrases_castle_combo import MATCHES, replayed
    i18n.set_language("de")
    names = ("Bot 1", "Bot 2")
    lines = moves = 0
    for levels, seed in MATCHES:
        for game, seat in replayed(levels, seed):
            view = game.view(seat)
            for legal in game.legal_actions(seat):
                said = FAMILY.phrase(legal, view, names)
                assert german(said) and untranslated(said) is None and len(said) < 100, said
                moves += 1
            for action in game.legal_actions(seat)[:1]:
                for ev in game.copy().apply(seat, action):
                    line = FAMILY.describe(ev, names)
                    if line:
                        assert german(line) and untranslated(line) is None, line
                        lines += 1
    assert lines > 50 and moves > 900, (lines, moves)


def test_a_refusal_is_said_in_german():
    g = rig(new_game(2), displays={"castle": ["prince", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: tableau(["potter"])})
    i18n.set_language("de")
    with pytest.raises(IllegalAction, match="^Kaufe eine Karte aus der Auslage beim Herold \\(oder nimm sie "
                                            "verdeckt\\)\\.$"):
        g.apply(0, Action("purses_done"))
    with pytest.raises(IllegalAction, match="^Lege sie neben eine Karte deines Rasters"):
        g.apply(0, Action("buy", places=(on_display(g, "prince"), cell(0, 2, 2))))
    view = g.view(0)
    assert table_words.why_not(view, (on_display(g, "prince"),), cell(0, 2, 2)) == (
        "Eine Karte kommt neben eine, die schon liegt (nicht diagonal), und keine Reihe oder Spalte bekommt "
        "eine vierte Karte.")
    assert table_words.why_not(view, (), ("display", "village", g.displays["village"][0])) == \
        "Nimm eine Karte dort, wo der Herold steht: im Schloss."


def test_a_broken_ruleset_is_explained_in_german(tmp_path):
    broken = YAML.read_text(encoding="utf-8").replace("{count: cards_with_shields, shields: 1}",
                                                      "{count: cards_with_shield, shields: 1}", 1)
    path = tmp_path / "castle-combo.yaml"
    path.write_text(broken, encoding="utf-8")
    i18n.set_language("de")
    with pytest.raises(RulesetError, match="unbekannte Zählung; erwartet: eine von shield, banner"):
        load_ruleset(str(path))
    i18n.set_language("en")
    with pytest.raises(RulesetError, match="unknown count; expected one of shield, banner"):
        load_ruleset(str(path))


# ---- the ruleset's German --------------------------------------------------------------------------

def test_the_ruleset_speaks_german_in_german_and_english_in_english():
    ruleset = castle_combo()
    i18n.set_language("de")
    assert tr(ruleset.rules_page).startswith("# Das Spiel\nCastle Combo ist ein Kartenlegespiel")
    assert tr(ruleset.guide.intro).startswith("Jeder von euch wirbt 9 Figuren")
    assert tr(ruleset.guide.steps[0].title) == "Eine Karte kaufen"
    assert "Fisherman" in tr(ruleset.guide.steps[0].say) and "Herold" in tr(ruleset.guide.steps[0].say)
    assert tr(ruleset.credits).startswith("Autoren:")
    assert all(tr(r) != r for r in ruleset.reconstructed)
    # the lesson names the button as the table labels it
    banker = next(c for c in ruleset.cards if c.key == "banker")
    assert f"„{words.option_shorts(banker)[0][0]}“" in tr(ruleset.guide.steps[5].say)
    i18n.set_language("en")
    assert tr(ruleset.rules_page).startswith("# The game\nCastle Combo is a tableau-building game")
    assert tr(ruleset.guide.steps[0].title) == "Buy a card" == ruleset.guide.steps[0].title
    assert f'"{words.option_shorts(banker)[0][0]}"' in tr(ruleset.guide.steps[5].say)


def test_a_card_name_given_in_german_is_shown_in_german(tmp_path):
    """A ruleset may give a card's name in German (`name: {en: ..., de: ...}`): the log, the zoom panel
    and the card face say it in German; it stays the English name for everything that compares."""
    text = YAML.read_text(encoding="utf-8").replace("name: Steward,", "name: {en: Steward, de: Verwalter},", 1)
    path = tmp_path / "castle-combo.yaml"
    path.write_text(text, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    steward = next(c for c in ruleset.cards if c.key == "steward")
    assert steward.name == "Steward"
    event = _event("buy", 0, name=steward.name, price=0)
    i18n.set_language("de")
    assert FAMILY.describe(event, ("Ana",)) == "Ana kauft Verwalter für 0 Gold."
    assert str(local(steward.name)) == "Verwalter"
    from game.ui.families.tableau.art import TableauArt
    drawn = []
    from game.ui import fonts
    original = fonts.text

    def spy(s, size, colour=None, bold=False):
        drawn.append(s)
        return original(s, size, colour, bold) if colour is not None else original(s, size, bold=bold)
    fonts.text = spy
    try:
        TableauArt().face(steward, (140, 200), table_words.face_texts(steward))
    finally:
        fonts.text = original
    assert "Verwalter" in drawn and "Steward" not in drawn
    i18n.set_language("en")
    assert FAMILY.describe(event, ("Ana",)) == "Ana buys the Steward for 0 gold."


# ---- a whole game through the screen, in German -----------------------------------------------------

def perform(d, rng, seat, action):
    """test_ui_castle_combo.perform, with a key's Confirm button found by its German label."""
    if action.kind not in ("key_move", "key_refresh"):
        return perform_in_english(d, rng, seat, action)
    key = pygame.K_m if action.kind == "key_move" else pygame.K_n
    if rng.random() < 0.5:
        label = d.table.plugin.button_label(action)
        d.click(next(b for b in d.table.action_buttons if b.label == label).rect.center)
    else:
        d.key(key)
    confirm = tr("Confirm {move}", move="")
    assert confirm != "Confirm "
    if rng.random() < 0.5:
        d.click(next(b for b in d.table.action_buttons if b.label.startswith(confirm)).rect.center)
    else:
        d.key(key)


def test_a_whole_game_in_german_says_everything_in_german(monkeypatch):
    """Two humans and a bot, every move by mouse and keys (test_ui_castle_combo.perform: the buttons
    are found by the labels the table gives them, in German), to the score pad: no text drawn is an
    English message of the family's, the log's lines and the prompts are German sentences."""
    fonts_drawn = rigging_screen.record_fonts(monkeypatch)
    app = make_app(size=(1024, 640))
    i18n.set_language("de")
    session = Session.new(castle(), [ANA, BEN, BOT], None, 5)
    prompts = []
    real_prompt = table_words.prompt

    def recording_prompt(view, *args, **kw):
        said = real_prompt(view, *args, **kw)
        prompts.append((view.phase, said))
        return said
    monkeypatch.setattr(table_words, "prompt", recording_prompt)
    d = rigging_screen.play_through_screen(app, session, random.Random(5), choose, perform, 600, exact=True)
    from game.ui.families.tableau.result import TableauResultScene
    assert isinstance(d.app.top, TableauResultScene) and session.game.is_over()
    d.step(3)
    drawn = {t for t, _, _ in fonts_drawn if t.strip()}
    left = sorted({(t, untranslated(t)) for t in drawn if untranslated(t)})
    assert not left, left[:20]
    assert rigging_i18n.core_left(drawn) == []           # nor the table's frame, the score pad's
    log = d.table.ctrl.log
    assert len(log) > 50 and all(german(line) for line in log), [x for x in log if not german(x)][:5]
    assert prompts and all(untranslated(p) is None for _, p in prompts)
    # each a German sentence of the catalog; a choice's says the card's ability in full
    assert all(german(p) for phase, p in prompts if phase != "choose"), \
        [p for phase, p in prompts if phase != "choose" and not german(p)][:5]
    assert all(german(p.split(": ", 2)[2].rstrip(".")) for phase, p in prompts if phase == "choose")
    # the score pad, in German
    for word in (trc("score pad", "Keys"), trc("score pad", "Total"), trc("score pad", "Leftover gold")):
        assert word in drawn and word not in ("Keys", "Total", "Leftover gold")
    whys = [tr(cs.why) for r in session.game.view(None).results for cs in r.cards]
    assert any(why in drawn and why != english for why, english in
               zip(whys, [cs.why for r in session.game.view(None).results for cs in r.cards]))


# ---- the score pad holds in German ------------------------------------------------------------------

def _finished(n: int, seed: int = 1):
    for s in range(seed, seed + 50):
        g = Session.new(castle(), [dict(ANA, name=name) for name in ("Ana", "Ben", "Cleo", "Dario", "Eleonora")[:n]],
                        None, s).game
        rng = random.Random(s)
        while not g.is_over():
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            done = [a for a in legal if a.kind == "purses_done"]
            g.apply(seat, done[0] if done else rng.choice(legal))
        return g
    raise AssertionError("no game ended")


def _pad(monkeypatch, game, size, language):
    """The score pad of `game` at `size` in `language`: (texts drawn with their rects, the panel)."""
    import game.ui.families.tableau.result as result_module
    from game.ui.driver import Driver
    app = make_app(size=size)
    i18n.set_language(language)
    session = Session.new(castle(), [dict(ANA, name=n) for n in ("Ana", "Ben", "Cleo", "Dario", "Eleonora")[:game.n]],
                          None, 1)
    session.game = game
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: isinstance(d.app.top, result_module.TableauResultScene), 400)
    placed = rigging_screen.record_text(monkeypatch, result_module)
    fonts_drawn = rigging_screen.record_fonts(monkeypatch)
    d.app.top.draw(pygame.Surface(size))
    return placed, fonts_drawn, d.app.top.panel


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_the_score_pad_holds_in_german_as_in_english(monkeypatch, n, size):
    """Every text of the score pad inside its panel and 11 px or more, in both languages; German cuts
    no more texts short ("…") than English does (five players at 1024x640 cut the longest whys in
    both)."""
    game = _finished(n)
    cut = {}
    for language in ("en", "de"):
        placed, fonts_drawn, panel = _pad(monkeypatch, game, size, language)
        assert all(panel.contains(rect) for text, rect, _ in placed if text.strip()), \
            [(t, r) for t, r, _ in placed if t.strip() and not panel.contains(r)]
        assert all(s >= 11 for t, s, _ in fonts_drawn if t.strip()), [(t, s) for t, s, _ in fonts_drawn if s < 11]
        cut[language] = sum(t.endswith("…") for t, _, _ in placed)
        if language == "de":
            left = [t for t, _, _ in placed if untranslated(t)]
            assert not left, left
    assert cut["de"] <= cut["en"] + max(1, cut["en"] // 5), cut
    if n <= 3:
        assert cut["de"] == 0, cut
