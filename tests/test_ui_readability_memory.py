"""Readability of the memory family's tables (Kombio, Cambio, classic Cambio), measured on what is
really drawn: a round played through the real event loop (one human and bots, the memory aid on, so
remembered cards are marked), every text the table renders recorded with its size
(rigging_screen.record_fonts) and every text it had to cut (fonts.ellipsize, spied).

The playtest: card text at 6-9 px at 1280x800 (an ability's name, Cambio's rune, "OWN"/"OTHER", the
memory aid's small faces), a caption at 10 px, a race line cut short, and two players' cards smaller
than three players' (97 px against 145). The bar: no text under 11 px at 1280x800 or 1920x1080,
nothing cut, and cards that grow with the window. In German too (about a third longer): the tables
that record their text run in both languages.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.engine.session import Session
from game.store.settings import Settings
from game.ui import fonts
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.families.memory import draw as memory_draw
from game.ui.families.memory import layout as memory_layout
from game.ui.families.memory.art import MemoryArt
from game.ui.summary import MatchResultScene, RoundSummaryScene
from game.ui.table import TableScene
import rigging
import rigging_memory
import rigging_screen
READABLE = 11
SIZES = ((1280, 800), (1920, 1080))
NAMES = ("Ana", "Ben", "Cleo", "Dan")
RULESETS = ("kombio", "cambio", "cambio-classic")
LANGUAGES = ("en", "de")


class TableText:
    """Every text the table scene renders (drawing, and the animation steps its input and updates
    build), and every text it cut to fit, while it runs; other scenes (the round summary) are not
    the table. Spies: the real rendering still happens."""

    def __init__(self, monkeypatch):
        self.rendered = rigging_screen.record_fonts(monkeypatch)
        self.cuts_all = []
        real_ellipsize = fonts.ellipsize

        def ellipsize(s, size, max_width, bold=False):
            out = real_ellipsize(s, size, max_width, bold)
            if out != s:
                self.cuts_all.append((s, out, size))
            return out
        monkeypatch.setattr(fonts, "ellipsize", ellipsize)
        self.texts, self.cuts = [], []
        for name in ("draw", "update", "handle"):
            real = getattr(TableScene, name)

            def window(scene, *args, _real=real):
                start, cut = len(self.rendered), len(self.cuts_all)
                try:
                    return _real(scene, *args)
                finally:
                    self.texts += self.rendered[start:]
                    self.cuts += self.cuts_all[cut:]
                    del self.rendered[start:]
            monkeypatch.setattr(TableScene, name, window)

    def too_small(self) -> list:
        return sorted({(text, size) for text, size, _ in self.texts if size < READABLE})


def open_round(rid, n, size, seed, language="en"):
    ruleset = rigging.load(rid)
    seats = [{"name": NAMES[0], "kind": "human"}] + [
        {"name": NAMES[i], "kind": "ai", "level": "normal"} for i in range(1, n)]
    app = App(size=size, fixed_dt=0.05, strict=True,
              settings=Settings(animation_speed="fast", memory_aid=True), save_settings=False)
    i18n.set_language(language)
    session = Session.new(ruleset, seats, rigging_memory.options(ruleset=ruleset), seed)
    app.open_table(session)
    return app, Driver(app), session


def round_over(d) -> bool:
    return isinstance(d.app.top, (RoundSummaryScene, MatchResultScene))


def play_one_round(d, rng, max_decisions: int = 200) -> None:
    """Ana plays at random (a call now and then) with real gestures until the round is scored."""
    def choose(rng, legal):
        calls = [a for a in legal if a.kind == "call"]
        others = [a for a in legal if a.kind != "call"] or calls
        return calls[0] if calls and rng.random() < 0.08 else rng.choice(others)
    rigging_screen.play_round(d, rng, rigging_memory.perform, choose, max_decisions)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", (2, 4))
@pytest.mark.parametrize("rid", RULESETS)
def test_every_text_on_a_round_s_table_is_11_px_or_more_and_whole(monkeypatch, rid, n, size, language):
    text = TableText(monkeypatch)
    app, d, session = open_round(rid, n, size, seed=3, language=language)
    play_one_round(d, random.Random(3))
    rendered = {t for t, _, _ in text.texts}
    # what was measured: the faces (corners, the memory aid's marks), the plates, the captions, the log
    deck = {"en": "Deck", "de": "Stapel"}[language]
    assert "Ana" in rendered and any(t.startswith(deck) for t in rendered), sorted(rendered)[:20]
    assert len(text.texts) > 200
    assert text.too_small() == []
    assert text.cuts == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rid", RULESETS)
def test_every_face_and_every_remembered_card_is_readable_at_the_table_s_card_sizes(monkeypatch, rid, language):
    # every card of the ruleset, at the layout card and pile sizes of 2 to 8 seats at 1280x800 and
    # 1920x1080 (the faces a round happens not to show are measured too)
    i18n.set_language(language)
    text = rigging_screen.record_fonts(monkeypatch)
    ruleset = rigging.load(rid)
    sizes = set()
    for size in SIZES:
        for seats in range(ruleset.min_players, ruleset.max_players + 1):
            lay = memory_layout.compute(size, seats)
            sizes |= {lay.card, lay.pile}
    art = MemoryArt(ruleset)
    for card in {c.key: c for c in ruleset.cards}.values():
        for wh in sizes:
            art.face(card, wh)
            art.known(card, wh)
    assert sorted({(t, s) for t, s, _ in text if s < READABLE}) == []
    # the rune (what Cambio matches) and the corner are on every face; a name where it fits
    if rid == "cambio":
        assert {c.symbol for c in ruleset.cards} <= {t for t, _, _ in text}


def test_two_players_get_big_cards_and_every_table_s_cards_grow_with_the_window():
    for n in range(2, 9):
        small, big = (memory_layout.compute(size, n) for size in SIZES)
        assert big.card[1] > small.card[1], n
        assert big.pile[1] > small.pile[1], n
    two = memory_layout.compute((1280, 800), 2).card[1]
    three = memory_layout.compute((1280, 800), 3).card[1]
    assert two >= 0.9 * three and two >= 120, (two, three)


@pytest.mark.parametrize("language,short_forms", [
    ("en", ("Alexandra claims: pick a card", "Pick a card")),
    ("de", ("Alexandra: Karte wählen", "Karte wählen")),
])
def test_the_race_line_says_a_shorter_sentence_rather_than_running_out_of_its_panel(monkeypatch, language,
                                                                                     short_forms):
    # Cambio: "Alexandra claims the Look at another's card: pick a card" was drawn at 9 px past both
    # ends of its panel; a claim made through the event loop now says it in fewer words, at 11 px or more
    drawn = rigging_screen.record_text(monkeypatch, memory_draw)
    ruleset = rigging_memory.cambio()
    game = rigging_memory.rigged(4, seed=11, ruleset=ruleset, current=0, deck=["look_other"])
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    i18n.set_language(language)
    seats = [{"name": "Alexandra", "kind": "human"}] + [
        {"name": NAMES[i], "kind": "ai", "level": "normal"} for i in range(1, 4)]
    session = Session.new(ruleset, seats, rigging_memory.options(ruleset=ruleset), 1)
    session.game = game
    app.open_table(session)
    d = Driver(app)
    ctrl = d.table.ctrl
    assert d.until(lambda: rigging_screen.human_decision(d) is not None, 200)
    d.key(pygame.K_d)
    d.click(d.centre_of("discard"))                      # Look at another's card: mandatory in Cambio
    d.click(d.centre_of((1, 0)))
    assert d.until(lambda: ctrl.moment().kind == "race" and ctrl.plugin.race is not None, 100)
    d.key(pygame.K_q)                                    # Alexandra claims the race
    assert ctrl.plugin.race.claimer == 0
    del drawn[:]
    app.draw()
    lay = d.layout()
    line = [(t, r) for t, r, _ in drawn if r.colliderect(lay.race)]
    assert len(line) == 1, line
    text, rect = line[0]
    assert lay.race.contains(rect), (text, rect, lay.race)
    assert text in short_forms                                       # the long form does not fit
    assert rect.h >= READABLE


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("n", (2, 4))
@pytest.mark.parametrize("rid", RULESETS)
def test_the_round_summary_s_text_is_11_px_or_more(monkeypatch, rid, n, language):
    """The round summary draws the hands with the faces the table draws (TablePlugin.face_art: the
    family's own), and no text of it is under 11 px."""
    rendered = rigging_screen.record_fonts(monkeypatch)
    app, d, session = open_round(rid, n, (1280, 800), seed=5, language=language)
    play_one_round(d, random.Random(5))
    assert isinstance(app.top, (RoundSummaryScene, MatchResultScene))
    start = len(rendered)
    d.step(2)
    shown = rendered[start:]
    assert shown, "nothing drawn on the summary"
    small = sorted({(t, size) for t, size, _ in shown if size < READABLE})
    assert small == [], small[:10]
