"""Kumbal's table laid out from the window size alone (game/ui/families/shedding/layout.py), hit-tested,
and its refusals worded (words.py): real games and views, no window needed."""
import pytest

from game.ui.families.shedding import layout as shed_layout
from game.ui.families.shedding import words
from game.ui.kit import select
from rigging_kumbal import ids, new_game, rigged

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def zones_for(n, size, seat=0, seed=1):
    game = new_game(n, seed)
    view = game.view(seat)
    return game, view, shed_layout.compute(size, view, seat, list(view.hand))


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("size", SIZES)
def test_every_card_is_on_the_felt_and_no_seat_covers_another(n, size):
    # kumbal.md: 2-8 players (issue 9); DESIGN.md: "the window is resizable; layout is computed from its size"
    game, view, zones = zones_for(n, size)
    table = zones.extra["table"]
    for place, rect in zones.places().items():
        assert table.contains(rect), (place, rect, table)
    boxes = [zones.extra["seat", s] for s in range(n) if s != 0]
    middle = zones.extra["middle"].union(zones.extra["line"])
    hand = zones.extra["hand_area"]
    for i, a in enumerate(boxes):
        assert not a.colliderect(middle) and not a.colliderect(hand)
        assert not any(a.colliderect(b) for b in boxes[i + 1:])
    assert not middle.colliderect(hand)


@pytest.mark.parametrize("n", range(2, 9))
def test_every_card_stays_readable_at_the_smallest_window(n):
    # issue 9: "Every card readable at any window size": the corner index needs ~60 px of card height
    _, _, zones = zones_for(n, (1024, 640))
    assert zones["hand"].size[1] >= 100
    assert zones["deck"].rect.h >= 80 and zones["last"].size[1] >= 80
    assert zones["backs", 1].size[1] >= 44


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("held", [7, 12, 16, 22])
def test_a_long_hand_shows_every_card_s_corner(held, size):
    # kumbal.md, action cards: "next person to pick 2 ... the amount of to-be-drawn cards add up":
    # a hand can grow far past 7; each fanned card still shows 40% of its width (its corner index),
    # the cards growing smaller rather than the strips narrower, and the fan stays on the table
    game = new_game(2, 1, action_cards=True)
    extra = held - len(game.hands[0])
    if extra:
        game.hands[0].extend(game.deck[-extra:])
        del game.deck[-extra:]
    game._view_common, game._legal_cache = None, {}
    view = game.view(0)
    zones = shed_layout.compute(size, view, 0, list(view.hand))
    rects = sorted(zones["hand"].rects().values(), key=lambda r: r.x)
    assert len(rects) == held
    width = rects[0].w
    assert all(b.x - a.x >= 0.4 * width - 1 for a, b in zip(rects, rects[1:]))
    assert zones["hand"].size[1] >= (100 if held <= 7 and size == (1024, 640) else 40)
    assert all(zones.extra["table"].contains(r) for r in rects)


def test_a_click_on_the_visible_strip_of_a_fanned_card_finds_that_card():
    _, view, zones = zones_for(4, (1280, 800))
    fan = zones["hand"]
    for place, rect in fan.rects().items():
        assert zones.hit((rect.x + 3, rect.centery)) == place
    # the other hands are backs: they are drawn, never hit
    back = next(iter(zones["backs", 1].rects().values()))
    assert zones.hit(back.center) is None


def test_the_fan_index_under_a_point_moves_a_card_along_the_hand():
    _, view, zones = zones_for(2, (1280, 800))
    fan = zones["hand"]
    rects = list(fan.rects().values())
    assert fan.index_at(rects[0].x - 5) == 0
    assert fan.index_at(rects[-1].right + 5) == len(rects)
    assert fan.index_at(rects[3].x + 2) == 3


def test_the_pile_the_spread_and_the_deck_are_their_places():
    game, view, zones = zones_for(3, (1280, 800))
    assert zones.hit(zones["deck"].rect.center) == ("deck",)
    assert zones.hit(zones["discard"].rect.center) == ("discard",)
    last = view.last_discard[0]
    assert zones.hit(zones.rect(("last", last)).center) == ("last", last)


def rigged_turn(hand_keys, n=2, **kw):
    game = rigged(n, {0: hand_keys}, seed=3, **kw)
    return game, 0, ids(game, 0, *hand_keys)


def test_an_illegal_run_is_refused_in_the_rules_words():
    # kumbal.md: "You can discard 3 or more of a series in the same suit (♣️4, ♣️5, ♣️6, ...)"
    game, seat, cards = rigged_turn(["4_clubs", "5_clubs", "7_clubs", "K_hearts"])
    view = game.view(seat)
    picked = tuple(("hand", seat, c) for c in cards[:3])
    out = select.drop(game.legal_actions(seat), picked, ("discard",),
                      lambda s, p: words.why_not(view, s, p))
    assert out.kind == "refuse"
    assert out.reason == "A run needs 3 cards of one suit in a row: there is a gap."
    # two of a run are no run yet, nor a set
    reason = words.why_not(view, picked[:2], ("discard",))
    assert "a run needs 3 cards of one suit in a row" in reason and reason.startswith("A set needs")


def test_mixed_suits_and_jokers_are_refused_in_the_rules_words():
    # clarifications.md: "Aces are low only; jokers are not wild (a variant may make them wild in runs)"
    game, seat, cards = rigged_turn(["4_clubs", "5_clubs", "joker", "6_hearts"])
    view = game.view(seat)
    with_joker = tuple(("hand", seat, c) for c in cards[:3])
    assert select.matching(game.legal_actions(seat), with_joker + (("discard",),)) == []
    assert words.why_not(view, with_joker, ("discard",)) == \
        "Jokers are not wild here: a run needs 3 cards of one suit in a row."
    # with the house rule the joker stands in for 3 or 6 of clubs: no complaint about the shape
    assert words.combination_problem([view.face(p[2]) for p in with_joker], jokers_wild=True) == ""
    mixed = (("hand", seat, cards[0]), ("hand", seat, cards[1]), ("hand", seat, cards[3]))
    assert "a run needs 3 cards of one suit in a row" in words.why_not(view, mixed, ("discard",))


def test_taking_a_run_middle_card_or_a_joker_is_refused_with_its_reason():
    # kumbal.md: "You are also allowed to pick the top card from the discard pile (not the case for
    # jokers, they are lost when played)"; clarifications.md: "of a run, one of its two end cards"
    game, seat, cards = rigged_turn(["K_hearts", "Q_spades"], last=["3_spades", "4_spades", "5_spades"])
    run = list(game.last_discard)
    game.apply(seat, [a for a in game.legal_actions(seat) if a.kind == "discard"][0])
    view = game.view(seat)
    assert set(view.takeable) == {run[0], run[2]}
    assert words.why_not(view, (), ("last", run[1])) == "Of a run, only an end card may be taken."
    assert select.lit(game.legal_actions(seat), ()) == {("deck",), ("last", run[0]), ("last", run[2])}
    # a joker laid alone lies on the pile and cannot be taken
    game, seat, cards = rigged_turn(["K_hearts", "Q_spades"], last=["joker"])
    game.apply(seat, [a for a in game.legal_actions(seat) if a.kind == "discard"][0])
    view = game.view(seat)
    joker = game.last_discard[0]
    assert view.takeable == ()
    assert words.why_not(view, (), ("last", joker)) == \
        "Jokers are lost when played: they cannot be taken from the discard pile."


# ---- readability, measured on the text really drawn -------------------------------------------

READABLE = 11
BIG = [(1280, 800), (1920, 1080)]


@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("size", BIG)
@pytest.mark.parametrize("n", (2, 4))
def test_every_text_of_a_round_played_through_the_screen_is_11_px_or_more_and_whole(monkeypatch, n, size,
                                                                                  language):
    # playtest: "Drag a card along your hand to move it" at 10 px; the joker's name at 7 px on the hands
    # shown at the round's end. A round played with real gestures (one human, bots), every text the
    # table renders measured (rigging_screen.record_fonts) and every text it cut (fonts.ellipsize) caught;
    # in English and in German (issue 33: German runs ~30% longer)
    import random

    from game import i18n
    from game.engine.session import Session
    from game.ui.driver import Driver
    from rigging_kumbal import kumbal, options
    from test_ui_kumbal_table import make_app, perform
    from test_ui_readability_memory import TableText      # the same measure as the memory tables
    import rigging_screen

    text = TableText(monkeypatch)
    app = make_app(size=size, speed="fast")
    i18n.set_language(language)
    seats = [{"name": "Ana", "kind": "human"}] + [{"name": f"Bot {i + 1}", "kind": "ai", "level": "normal"}
                                                  for i in range(1, n)]
    app.open_table(Session.new(kumbal(), seats, options(rounds=1), 4))
    d = Driver(app)
    rigging_screen.play_round(d, random.Random(4), perform)
    rendered = {t for t, _, _ in text.texts}
    assert "Ana" in rendered and any(t.startswith({"en": "Deck", "de": "Stapel"}[language]) for t in rendered)
    assert text.too_small() == []
    assert text.cuts == []


@pytest.mark.parametrize("language", ("en", "de"))
@pytest.mark.parametrize("size", BIG)
@pytest.mark.parametrize("n", (2, 4, 8))
def test_the_hands_shown_at_the_round_s_end_and_a_long_hand_are_readable(monkeypatch, n, size, language):
    # the round's end shows every hand face up in the seats' card areas (jokers among them); a hand
    # of 22 cards (the action cards' variant) shrinks its cards down to the corner's 11 px, no further
    from game import i18n
    from game.engine.core import Action
    from game.ui.offscreen import render_view
    from rigging_kumbal import kumbal
    import rigging_screen
    i18n.set_language(language)
    drawn = rigging_screen.record_fonts(monkeypatch)
    low = ["A_clubs", "2_hearts", "joker", "3_spades"]
    jokers = {s: ["joker", "K_hearts", "Q_clubs", "J_spades", "10_hearts", "9_clubs", "8_spades"]
              for s in range(1, min(n, 2))}
    game = rigged(n, {0: low, **jokers}, seed=7)
    game.apply(0, Action("call"))
    names = [f"Player {i + 1}" for i in range(n)]
    render_view(kumbal(), game.view(None), names, size, focus=0)
    long_hand = new_game(2, 1, action_cards=True)
    long_hand.hands[0].extend(long_hand.deck[-15:])
    del long_hand.deck[-15:]
    long_hand._view_common, long_hand._legal_cache = None, {}
    render_view(kumbal(), long_hand.view(0), names[:2], size)
    assert "Joker" not in {t for t, s, _ in drawn if s < READABLE}
    assert sorted({(t, s) for t, s, _ in drawn if s < READABLE}) == []


@pytest.mark.parametrize("n", range(2, 9))
def test_cards_use_the_room_a_bigger_window_gives(n):
    (_, _, small), (_, _, big) = (zones_for(n, size) for size in BIG)
    assert big["hand"].size[1] > small["hand"].size[1]
    assert big["deck"].rect.h > small["deck"].rect.h
    assert big["backs", 1].size[1] >= small["backs", 1].size[1]
    assert big.extra["plate", 1].h >= small.extra["plate", 1].h
