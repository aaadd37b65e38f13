"""Klobba!'s table is readable (a playtest found its Action cards' words 6-7 px tall): every text the
table draws at 1280x800 (cards, plates, the middle, the hand, the hover zoom, the frame around it) is
at least 11 px, no card face cuts its words with "…", and a bigger window gives bigger cards.

Through the real event loop (SDL dummy driver, real pygame events posted by game.ui.driver.Driver),
reading what was really rendered: rigging_screen.record_fonts (every text rendered, with its pixel size).
"""
import re

import pygame
import pytest

from game import i18n
from game.engine.core import Action
from game.engine.session import Session
from game.families.clash.words import card_text, shown
from game.store.settings import Settings
from game.ui import fonts
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.families.clash.art import ClashArt
from game.ui.families.clash.words import card_gist
from game.ui.kit import card_size
import rigging_screen
from rigging_klobba import BT, OF, PR, YC, klobba, rigged

ANA = {"name": "Ana", "kind": "human"}
BOT = {"name": "Bot", "kind": "ai", "level": "random"}
HAL = dict(BOT, name="Hal")
FLOOR = 11          # px: the smallest text on the table at 1280x800
EVERY_ACTION = ["the_boss", "berzerk", "the_glory_seeker", "double_trouble", "all_purple_raven",
                "second_best_or_underdogs", "mirror_and_switch", "swap_and_play", "flee_and_surprise"]


def make_app(size, speed="instant"):
    return App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed=speed), save_settings=False)


def open_game(size, game, seats, speed="instant"):
    app = make_app(size, speed)
    session = Session.new(klobba(), seats, None, 1)
    session.game = game
    app.open_table(session)
    return Driver(app), session


class FaceTexts:
    """Which of the recorded texts were rendered on a card's face (a spy around the real drawing)."""

    def __init__(self, monkeypatch, drawn):
        self.spans = []
        log = self
        for name in ("_action", "_barbarian", "_tile"):
            real = getattr(ClashArt, name)

            def spy(art, face, size, _real=real):
                start = len(drawn)
                try:
                    return _real(art, face, size)
                finally:
                    log.spans.append((face, size, drawn[start:]))
            monkeypatch.setattr(ClashArt, name, spy)

    def texts(self) -> list:
        return [t for _, _, texts in self.spans for t in texts]


def _hover(d, point, frames=14):
    d.post(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(0, 0, 0))
    d.step(frames)


def _check(drawn, faces, where):
    assert drawn, f"{where}: nothing was drawn"
    small = sorted({(size, s) for s, size, _ in drawn if size < FLOOR and s.strip()})
    assert not small, f"{where}: text under {FLOOR} px: {small[:8]}"
    cut = sorted({s for s, _, _ in faces.texts() if s.rstrip().endswith("…")})
    assert not cut, f"{where}: card words cut: {cut[:8]}"
    wide = sorted({(face.key, s) for face, size, texts in faces.spans for s, px, bold in texts
                   if fonts.width(s, px, bold) > size[0] - 4})
    assert not wide, f"{where}: card words wider than their card (cut at its edge): {wide[:8]}"


LANGUAGES = ("en", "de")       # the table holds in each language it speaks (German's words are longer)


def said_name(face, said: str) -> bool:
    """Whether the card's name (in the language of the moment) is in the words drawn, broken or not
    after a hyphen or at a soft hyphen the ruleset marks ("Purpur-" / "raben")."""
    pieces = re.split("[\u00ad-]", shown(face.name))
    return re.search("-?".join(re.escape(p) for p in pieces), said) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_on_the_table_is_11_px_or_more_and_no_card_words_are_cut(monkeypatch, language):
    drawn = rigging_screen.record_fonts(monkeypatch)
    faces = FaceTexts(monkeypatch, drawn)
    # the lay phase of a Totem holder: a full hand of long and short cards, an offer made to it
    game = rigged(n=3, black=0, hands={0: ["all_purple_raven", "second_best_or_underdogs", "flee_and_surprise",
                                           "the_glory_seeker"], 2: ["swap_and_play", "berzerk"]},
                  bands={0: [(YC, 9), (OF, 6), (OF, 1)], 1: [(PR, 6), (BT, 8), (BT, 10)],
                         2: [(BT, 9), (PR, 2), (OF, 3)], 3: [(BT, 4), (OF, 5), (PR, 3)]})
    game.apply(0, Action("group", places=(("band", game.place_of[2]),)))
    offer = next(a for a in game.legal_actions(2) if a.kind == "offer"
                 and game.faces[a.places[0][2]].key == "swap_and_play")
    game.apply(2, offer)
    d, session = open_game((1280, 800), game, [ANA, BOT, HAL])
    i18n.set_language(language)
    rigging_screen.until_ready(d, 0, 400)
    d.step(2)
    zones = d.layout()
    assert zones.get("offers") is not None, "the offer is on the table"
    _check(drawn, faces, "lay phase")
    rendered = {face.key for face, _, _ in faces.spans if face.kind == "action"}
    assert {"all_purple_raven", "flee_and_surprise", "swap_and_play"} <= rendered
    # the hover zoom: of a hand card, of the offer, of a Barbarian
    for place in (("hand", 0, session.game.hands[0][0]), next(iter(zones["offers"].rects())),
                  next(iter(zones[("cards", 1)].rects()))):
        del drawn[:]
        _hover(d, d.centre_of(place))
        assert d.table.zoomed() == place
        _check(drawn, faces, f"zoom of {place}")
    _hover(d, (2, 2), 2)
    # the reveal everyone watches: both laid cards face up in the middle, the totals, the result
    del drawn[:]
    card = session.game.hands[0][0]
    d.click(d.centre_of(("hand", 0, card)))
    assert d.until(lambda: d.table.ctrl.hold is not None or session.game.round_no > 1, 600)
    d.step(3)
    _check(drawn, faces, "reveal")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size,words", [((1280, 800), True), ((1920, 1080), True), ((1024, 640), False)])
def test_every_action_card_face_says_its_name_and_its_text_or_gist_in_full(monkeypatch, size, words, language):
    """A small card shows its name and its gist ("Lowest × 2, at most 13") when the whole text does not
    fit at 11 px; nothing is ever cut. Checked for every Action card, at the hand's size and at the
    laid-card place's size of this window (in the smallest window, 1024x640, a long name may leave
    room for nothing else: the zoom says it all)."""
    game = rigged(n=2, black=0)
    d, session = open_game(size, game, [ANA, BOT])
    i18n.set_language(language)
    rigging_screen.until_ready(d, 0, 400)
    zones = d.layout()
    sizes = {zones["hand"].size, tuple(zones.extra["slot", "black"].size)}
    art = d.table.plugin.art
    faces = {f.key: f for f in session.game.faces if f.kind == "action"}
    assert set(EVERY_ACTION) <= set(faces)
    drawn = rigging_screen.record_fonts(monkeypatch)
    for key in EVERY_ACTION:
        face = faces[key]
        for wh in sizes:
            del drawn[:]
            art.face(face, wh)
            said = " ".join(s for s, _, _ in drawn).replace("- ", "-")   # a name broken after a hyphen
            assert drawn and all(px >= FLOOR for _, px, _ in drawn), (key, wh, drawn)
            assert not any(s.endswith("…") for s, _, _ in drawn), (key, wh, drawn)
            assert all(fonts.width(s, px, bold) <= wh[0] - 4 for s, px, bold in drawn), (key, wh, drawn)
            assert said_name(face, said), (key, wh, said)
            assert not words or card_text(face) in said or card_gist(face) in said, (key, wh, said)


def _card_sizes(size):
    game = rigged(n=2, black=0)
    d, session = open_game(size, game, [ANA, BOT])
    rigging_screen.until_ready(d, 0, 400)
    zones = d.layout()
    return {"barbarian": next(iter(zones[("cards", 0)].rects().values())).size,
            "hand": tuple(zones["hand"].size),
            "laid": tuple(zones.extra["slot", "black"].size)}


def test_a_bigger_window_gives_bigger_cards():
    small, large = _card_sizes((1280, 800)), _card_sizes((1920, 1080))
    for kind in small:
        assert large[kind][0] > small[kind][0] and large[kind][1] > small[kind][1], (kind, small[kind], large[kind])
    # and at 1280x800 the cards are big enough for their words (the playtest's were 70 x 100)
    assert small["hand"][1] >= 140 and small["barbarian"][1] >= 130, small
    assert card_size(small["hand"][1])[0] == small["hand"][0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_applied_over_the_one_played_is_readable_too(monkeypatch, language):
    # Mirror & Switch applies the opponent's card: it is drawn smaller over the Mirror in the middle,
    # and its words keep the floor too
    drawn = rigging_screen.record_fonts(monkeypatch)
    faces = FaceTexts(monkeypatch, drawn)
    game = rigged(black=0, hands={0: ["mirror_and_switch"], 1: ["the_boss", "the_boss", "the_boss", "berzerk"]})
    game.apply(0, Action("group", places=(("band", 1),)))
    d, session = open_game((1280, 800), game, [ANA, BOT])
    i18n.set_language(language)
    rigging_screen.until_ready(d, 0, 400)
    card = next(c for c in session.game.hands[0] if session.game.faces[c].key == "mirror_and_switch")
    d.click(d.centre_of(("hand", 0, card)))
    assert d.until(lambda: d.table.ctrl.hold is not None, 400)
    del drawn[:]
    d.step(2)
    slot = d.layout().extra["slot", "black"]
    applied = [(face.key, size) for face, size, _ in faces.spans if face.kind == "action" and size[0] < slot.w]
    assert any(key in ("the_boss", "berzerk") for key, _ in applied), applied
    _check(drawn, faces, "a card applied over another")
