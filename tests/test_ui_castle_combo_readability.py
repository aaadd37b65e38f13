"""Castle Combo's table read at the sizes people play it (the readability playtest): the real app,
headless, real events, and the text really drawn measured (tests/rigging_screen.py: record_fonts for every
text rendered and its pixel size, record_text for what blit_text drew and where).

The playtest found ability and choice buttons cut off ("Discount: ever…"), other players' tableaux
about 50 px wide (38 at five players), the Keys panel cut at 1280 px, the purse badge drawn over
its card's text, cards that did not grow at 1920x1080; and M and N spending a key at once.

The floors held here, at 1280x800 with 2-5 players:
- every text on the table (cards, plates, market, side panel, buttons) is 11 px or more, none is
  cut to "…", and each lies inside its panel (plate, market row, box, button, bar);
- another player's card is at least OTHERS_FLOOR px wide: at that width a small card holds its cost
  in a coin with an 11 px number, its banner, its shields as 12 px glyphs (under the band when they
  do not fit in it), a one-line name at 11 px bold and its points in an 11 px token; longer names
  and the card's words are in the zoom panel a hover opens (the playtest's were 38-53 px);
- the market's cards at least MARKET_FLOOR px wide and the focus tableau's FOCUS_FLOOR: enough for
  the short ability and scroll at 11 px;
- at 1920x1080 every kind of card is larger than at 1280x800.

The layout tests run in English and in German (issue 33): German is about 30% longer, and its
texts must fit as whole as the English ones.
"""
import importlib
import random

import pygame
import pytest

from game.engine.core import Action
from game.engine.ruleset import load_ruleset
from game.engine.session import Session
from game.i18n import set_language, tr
from game.store.settings import Settings
from game.ui import table_frame, widgets
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.families.tableau import draw as tab_draw
from game.ui.families.tableau.art import footer_h, location_of
from game.ui.families.tableau.draw import purse_cap
import rigging_screen
from test_ui_castle_combo import YAML

importlib.import_module("game.families.tableau")

MIN_PX = 11
OTHERS_FLOOR = 56
MARKET_FLOOR = 78
FOCUS_FLOOR = 80
NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eleonora"]
SMALL, MEDIUM, LARGE = (1024, 640), (1280, 800), (1920, 1080)
# the common side panel's "12 earlier · scroll up" is 10 px at 1024x640 (game/ui/table_frame.py, not
# this family's): the only text under 11 px there
FRAME_HINTS = ("earlier · scroll up", "newer · scroll down")

_RULESET = []


def castle():
    if not _RULESET:
        _RULESET.append(load_ruleset(YAML))
    return _RULESET[0]


def seats(n):
    return [{"name": NAMES[i], "kind": "human"} for i in range(n)]


def played(n, turns, seed=1, until=None):
    """A real game of n players after `turns` random legal actions (or once `until(game)` holds)."""
    for s in range(seed, seed + 300):
        g = Session.new(castle(), seats(n), None, s).game
        rng = random.Random(s)
        k = 0
        while not g.is_over():
            if (until is None and k >= turns) or (until is not None and until(g)):
                return g
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
            k += 1
    raise AssertionError("no game reached the state")


def open_on(monkeypatch, game, size, language="en"):
    """The table of `game` (all seats human) at `size`, speaking `language`, with every text it
    renders recorded from its first frame (card faces are drawn once and cached)."""
    fonts_drawn = rigging_screen.record_fonts(monkeypatch)
    placed = rigging_screen.record_text(monkeypatch, tab_draw, table_frame, widgets)
    app = App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    set_language(language)
    session = Session.new(castle(), seats(game.n), None, 1)
    session.game = game
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: d.table.ctrl.input_seat() is not None and not d.table.anim.busy(), 200)
    d.step(2)
    return d, session, fonts_drawn, placed


def zones(d):
    return d.table.current_layout()


def widths(z, focus):
    """(market, focus, others) smallest card widths of a layout."""
    market = min(r.w for p, r in z.cards.items() if p[0] == "display")
    mine = min(r.w for p, r in z.cards.items() if p[0] == "cell" and p[1] == focus)
    others = min(r.w for p, r in z.cards.items() if p[0] == "cell" and p[1] != focus)
    return market, mine, others


def panels(d):
    """The rects a text of the family's drawing must stay in: plates, market rows, the total line,
    the tableaux's boxes (the zoom panel's texts are checked on their own); the felt around them all."""
    z = zones(d)
    out = [r for k, r in z.extra.items() if isinstance(k, tuple) and k[0] in ("plate", "row", "total", "box")]
    return sorted(out, key=lambda r: r.w * r.h), z.extra["table"]


def check_drawn(d, fonts_drawn, placed, size):
    """Every text at least 11 px, none cut to "…", each inside its panel."""
    small = [(t, s) for t, s, _ in fonts_drawn if s < MIN_PX and t.strip()
             and not (size == SMALL and t.endswith(FRAME_HINTS))]
    assert not small, small[:10]
    cut = [t for t, _, _ in fonts_drawn if t.endswith("…")]
    assert not cut, cut[:10]
    rects, felt = panels(d)
    frame = table_frame.compute(size)
    bars = [frame.sidebar, frame.status, frame.top_bar]
    buttons = [w.rect for w in d.table.ui.widgets if w.visible and w.rect.w]
    for text, rect, _ in placed:
        if not text.strip():
            continue
        centre = rect.center
        home = next((b for b in buttons if b.collidepoint(centre)), None)
        if home is None:
            home = next((r for r in rects if r.collidepoint(centre)), None)
        if home is None:
            home = next((b for b in bars if b.collidepoint(centre)), felt)
        assert home.inflate(2, 2).contains(rect), (text, rect, home)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("size", [MEDIUM, SMALL])
def test_every_text_on_the_table_is_11_px_whole_and_inside_its_panel(monkeypatch, n, size, language):
    game = played(n, 5 * n + 2)
    d, session, fonts_drawn, placed = open_on(monkeypatch, game, size, language)
    check_drawn(d, fonts_drawn, placed, size)
    # the keys' lines of the side panel are whole (they were cut at 1280 px: "key: move the Messen…")
    help_words = [what for _, what in d.table.plugin.key_help()]
    drawn = [t for t, _, _ in placed]
    assert all(what in drawn for what in help_words), [w for w in help_words if w not in drawn]
    # the buttons' labels are drawn whole inside them, never shrunk under 11 px (a widget shows its
    # label through tr)
    for bt in [b for b in d.table.ui.widgets if b.visible and getattr(b, "label", "")]:
        label = tr(bt.label) + (f"  [{tr(bt.hint)}]" if bt.hint else "")
        hits = [r for t, r, _ in placed if t == label]
        sizes = [s for t, s, _ in fonts_drawn if t == label]
        assert hits and min(sizes) >= MIN_PX and bt.rect.contains(hits[-1]), (label, sizes, hits, bt.rect)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("phase", ["choose", "purses"])
def test_the_choices_and_the_end_read_whole(monkeypatch, phase, language):
    """The choice buttons (cut to "…" in the playtest) and the purses' end, 3 players at 1280x800."""
    game = played(3, 0, until=lambda g: g.phase == phase)
    d, session, fonts_drawn, placed = open_on(monkeypatch, game, MEDIUM, language)
    check_drawn(d, fonts_drawn, placed, MEDIUM)
    labels = [b.label for b in d.table.action_buttons]
    assert labels and not any(label.endswith("…") for label in labels)
    if phase == "choose":       # the prompt says both options in full
        from game.families.tableau import words
        card = game.view(None).face(dict(game.view(None).pending)["card"])
        status = " ".join(t for t, r, _ in placed if table_frame.compute(MEDIUM).status.colliderect(r))
        for word in words.ability_text(card).split():
            assert word in status, (word, status)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_tableau_is_wide_enough_to_read_and_cards_grow_with_the_window(n):
    from game.ui.families.tableau import layout as tab_layout
    game = played(n, 9 * n)                    # every tableau whole: nine cards
    view = game.view(None)
    at = {}
    for size in (MEDIUM, LARGE):
        z = tab_layout.compute(size, view, 0)
        at[size] = widths(z, 0)
        if size == MEDIUM:
            market, mine, others = at[size]
            assert market >= MARKET_FLOOR and mine >= FOCUS_FLOOR and others >= OTHERS_FLOOR, (n, at[size])
            for s in range(1, n):
                assert z.extra["frame", s].w >= 3 * OTHERS_FLOOR, (s, z.extra["frame", s])
    assert all(big > small for big, small in zip(at[LARGE], at[MEDIUM])), at


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_purse_token_sits_in_a_footer_the_card_words_leave_free(monkeypatch, language):
    """The playtest found the purse badge drawn over its card's text: a tableau card's words end
    above a footer, and the points and the purse's gold are drawn in it."""
    game = played(3, 0, until=lambda g: g.phase == "purses" and any(
        p.gold and p.face_up for p in g.tableaux[g.current]))
    d, session, fonts_drawn, placed = open_on(monkeypatch, game, MEDIUM, language)
    view = d.table.ctrl.view()
    seat = game.current
    z = zones(d)
    plugin = d.table.plugin
    checked = 0
    for p in view.seats[seat].tableau:
        if not p.face_up:
            continue
        place = ("cell", seat, p.row, p.col)
        rect = z.cards[place]
        img = plugin.image(place, z, view)
        face = location_of(view.face(p.card).location)["face"]
        foot = footer_h(rect.h)
        for y in range(rect.h - foot + 1, rect.h - 4):
            for x in range(6, rect.w - 6):
                assert tuple(img.get_at((x, y)))[:3] == face, (view.face(p.card).name, x, y)
        if p.gold and purse_cap(view.face(p.card)):
            cap = [r for t, r, _ in placed if t == tr("of {n}", n=purse_cap(view.face(p.card)))
                   and rect.colliderect(r)]
            assert all(r.top >= rect.bottom - foot and r.bottom <= rect.bottom for r in cap), cap
        checked += 1
    assert checked


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [MEDIUM, SMALL])
def test_the_zoom_panel_is_readable(monkeypatch, size, language):
    from game.ui.families.tableau import plugin as tab_plugin
    game = played(5, 5 * 5 + 2)
    d, session, fonts_drawn, placed = open_on(monkeypatch, game, size, language)
    spans = []                     # where in `placed` each zoom panel's texts are (a spy: it draws)
    real = tab_plugin.draw_zoom

    def spy(*args, **kw):
        start = len(placed)
        panel = real(*args, **kw)
        spans.append((start, len(placed)))
        return panel
    monkeypatch.setattr(tab_plugin, "draw_zoom", spy)
    z = zones(d)
    focus = d.table.plugin.focus(d.table.ctrl.view())
    small = next(p for p in z.cards if p[0] == "cell" and p[1] != focus)
    shown = next(p for p in z.cards if p[0] == "display")
    for place in (small, shown):
        placed.clear()
        spans.clear()
        d.post(pygame.MOUSEMOTION, pos=zones(d).cards[place].center, rel=(1, 1), buttons=(0, 0, 0))
        d.step(10)
        panel = d.table.plugin.zoom_rect
        assert panel is not None and zones(d).extra["table"].contains(panel)
        start, end = spans[-1]
        inside = [(t, r) for t, r, _ in placed[start:end]]
        assert len(inside) >= 6
        assert all(panel.contains(r) for t, r in inside), [(t, r) for t, r in inside if not panel.contains(r)]
        in_zoom = {k for a, b in spans for k in range(a, b)}
        check_drawn(d, fonts_drawn, [x for k, x in enumerate(placed) if k not in in_zoom], size)


# ---- a key is spent only when asked twice --------------------------------------------------------

def open_keys(monkeypatch, size=MEDIUM, language="en"):
    game = played(2, 0)
    d, session, fonts_drawn, placed = open_on(monkeypatch, game, size, language)
    seat = game.current
    assert any(a.kind == "key_move" for a in game.legal_actions(seat))
    return d, session, placed, seat


def status_text(placed, size):
    status = table_frame.compute(size).status
    return " ".join(t for t, r, _ in placed if status.colliderect(r))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [MEDIUM, SMALL])
def test_m_asks_before_spending_a_key_and_m_again_spends_it(monkeypatch, size, language):
    d, session, placed, seat = open_keys(monkeypatch, size, language)
    game = session.game
    keys, messenger, count = game.keys[seat], game.messenger, len(session.match.actions)
    other = next(loc for loc in game.view(None).locations if loc != messenger).capitalize()
    placed.clear()
    d.key(pygame.K_m)
    d.step()
    assert len(session.match.actions) == count and game.keys[seat] == keys and game.messenger == messenger
    question = d.table.ctrl.message[0]
    english = (f"Spend a key to move the Messenger to the {other}? Press M again or click Confirm; "
               "Esc keeps your key.")
    assert question == (english if language == "en" else tr(english))
    if language != "en":
        assert question != english
        other = tr(other)
    # the whole question is on the screen, and only its two answers are buttons
    said = status_text(placed, size)
    assert " ".join(question.split()) in " ".join(said.replace("ℹ ", "").split()), said
    shown = [b.label for b in d.table.ui.widgets if b.visible and b.rect.w and getattr(b, "label", "")]
    # the Confirm button says where the Messenger goes (in fewer words where the window is small)
    if language == "en":
        assert (f"Confirm Messenger → {other}" if size == MEDIUM else f"Confirm → {other}") in shown
    else:
        assert any(tr("Confirm {move}", move=said) in shown
                   for said in (tr("Messenger → {where}", where=other), f"→ {other}")), shown
    assert "Keep playing" in shown
    assert not d.table.buttons["face_down"].visible
    from game.ui.families.tableau import words as words_ui
    refresh = words_ui.button_label(Action("key_refresh"), game.view(seat))
    assert not any(label.startswith("Key: 3 new") or label == refresh for label in shown)
    d.key(pygame.K_m)
    assert session.match.actions[-1] == (seat, Action("key_move"))
    assert game.keys[seat] == keys - 1 and game.messenger != messenger


def test_esc_keeps_the_key_and_the_table(monkeypatch):
    d, session, placed, seat = open_keys(monkeypatch)
    game = session.game
    keys, count = game.keys[seat], len(session.match.actions)
    d.key(pygame.K_n)
    assert d.table.ctrl.message[0].startswith("Spend a key for 3 new")
    assert len(session.match.actions) == count
    d.key(pygame.K_ESCAPE)
    assert d.app.top is d.table                        # Esc answered the question: no pause menu
    assert d.table.ctrl.message[0] == "You keep your key."
    assert len(session.match.actions) == count and game.keys[seat] == keys
    d.step()
    assert [b.label for b in d.table.action_buttons][0].startswith("Key: ")
    assert d.table.buttons["face_down"].visible
    d.key(pygame.K_n)                                  # asked anew: a single press still spends nothing
    assert len(session.match.actions) == count


def test_the_key_buttons_go_through_the_same_question(monkeypatch):
    d, session, placed, seat = open_keys(monkeypatch)
    game = session.game
    keys, count, shown = game.keys[seat], len(session.match.actions), list(game.displays[game.messenger])
    refresh = next(b for b in d.table.action_buttons if b.label.startswith("Key: 3 new"))
    d.click(refresh.rect.center)
    d.step()
    assert len(session.match.actions) == count and d.table.ctrl.message[0].startswith("Spend a key for 3 new")
    confirm = next(b for b in d.table.action_buttons if b.label.startswith("Confirm"))
    assert confirm.label == f"Confirm 3 new {game.messenger.capitalize()} cards"
    d.click(confirm.rect.center)
    assert session.match.actions[-1] == (seat, Action("key_refresh"))
    assert game.keys[seat] == keys - 1 and not set(shown) & set(game.displays[game.messenger])
