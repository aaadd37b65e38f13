"""Privacy on screen for Cambio and classic Cambio (DESIGN.md, Tests): "two states that differ
only in what seat S may not know give S the same view, and the same pixels on screen".

Twins are made as in the Kombio tests (test_privacy.py, test_ui_table.py): a copy of a state in
which card ids are exchanged between places, the knowledge going with the place (who has seen
the card at a position stays the same), so a seat that knows neither card cannot tell the twins
apart. Pixels are drawn from the seat's view alone with game.ui.offscreen.render_view at SIZE
(SDL_VIDEODRIVER=dummy, tests/conftest.py), with the memory aid off and on (on: every face the
seat knows is drawn, small, on its card), and for a few states through the real table scene.
Negative controls show the pixels do differ when the seat knows the exchanged card, so these
tests can fail.

Classic Cambio has no Blue or Red King ability (its red King is a -1 card): its private look
is the black King's "look & swap" or a 9's look at another player's card.
"""
import random

import pygame
import pytest

from game import i18n
from game.engine.core import Action
from game.engine.ruleset import default_options
from game.engine.session import Session
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.offscreen import render_view
import rigging
import rigging_memory
from rigging_memory import card_at, hidden_twin, places, put_card, twin_of

RULESETS = ("cambio", "cambio-classic")
SIZE = (1280, 800)
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")
DRAW = Action("draw", choice="deck")
DISCARD = Action("discard")
AID_OFF, AID_ON = Settings(memory_aid=False), Settings(memory_aid=True)
N_RANDOM_MATCHES = 12       # random matches per ruleset for the random twins
STATE_ODDS = 0.06           # the chance that a state along them is checked, but ...
PHASE_ODDS = {"window": 0.015, "ability": 0.4}   # ... fewer match races, more abilities (rare)


# --- twins -----------------------------------------------------------------------------

def exchanged(game, a, b):
    """A twin: the cards at places a and b exchanged, each place keeping who has seen its card."""
    twin = twin_of(game)
    ca, cb = card_at(game, a), card_at(game, b)
    put_card(twin, a, cb)
    put_card(twin, b, ca)
    twin.known[cb], twin.known[ca] = game.known[ca], game.known[cb]
    return twin


def lay(seat, slot):
    return ("layout", seat, slot)


def faces_differ(game, twin):
    """The places whose cards differ in face (not only in id) between the twins."""
    return [p for p in places(game) if game.defs[card_at(game, p)] != twin.defs[card_at(twin, p)]]


# --- pixels ----------------------------------------------------------------------------

def shot(game, seat, settings):
    """The table as `seat` (None: the public) sees it, drawn from its view alone."""
    surf = render_view(game.ruleset, game.view(seat), NAMES[:game.n], SIZE, settings=settings)
    return pygame.image.tobytes(surf, "RGB")


def assert_same_for(game, twin, seat):
    """Same view, same legal actions, same pixels (memory aid off and on) for `seat`."""
    assert twin.view(seat) == game.view(seat), f"seat {seat}: the views differ"
    if seat is not None:
        assert twin.legal_actions(seat) == game.legal_actions(seat)
    assert twin.to_act() == game.to_act()
    for settings in (AID_OFF, AID_ON):
        assert shot(twin, seat, settings) == shot(game, seat, settings), \
            f"seat {seat}: the pixels differ (memory aid {settings.memory_aid})"


def assert_differs_for(game, twin, seat):
    """Negative control: `seat` knows an exchanged card, so its view and its pixels (memory aid
    on) differ."""
    assert twin.view(seat) != game.view(seat)
    assert shot(twin, seat, AID_ON) != shot(game, seat, AID_ON), \
        f"seat {seat} knows a card that differs, yet its pixels are the same"


def assert_private_to_owners(game, a, b):
    """Two cards, each known to its owner only, exchanged: every other seat and the public see
    the same; each owner knows a card that moved, so their view and pixels differ."""
    owners = {a[1], b[1]}
    twin = exchanged(game, a, b)
    for seat in [None] + [s for s in range(game.n) if s not in owners]:
        assert_same_for(game, twin, seat)
    for seat in owners:
        assert_differs_for(game, twin, seat)


# --- twins at random points of random matches ------------------------------------------------

def random_states(rid, seed):
    """States along seeded random matches of a ruleset, 2 to 8 players (each yielded once)."""
    ruleset = rigging.load(rid)
    for m in range(N_RANDOM_MATCHES):
        rng = random.Random(seed * 1000 + m)
        n = ruleset.min_players + m % (ruleset.max_players - ruleset.min_players + 1)
        game = rigging_memory.new_game(n, seed=seed * 1000 + m, ruleset=ruleset, opts=rigging_memory.options(points=60, ruleset=ruleset))
        for _ in range(1500):
            if game.is_over():
                break
            if rng.random() < PHASE_ODDS.get(game.phase, STATE_ODDS):
                yield rng, game
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            if game.phase == "window" and rng.random() < 0.7:
                action = Action("pass")
            elif game.phase == "drawn" and DISCARD in legal and rng.random() < 0.5:
                action = DISCARD                    # abilities come up often
            else:
                action = rng.choice([a for a in legal if a.kind != "call"] or legal)
            if Action("call") in legal and rng.random() < 0.03:
                action = Action("call")
            game.apply(seat, action)


@pytest.mark.parametrize("rid", RULESETS)
def test_twins_along_random_matches_give_a_seat_the_same_pixels(rid):
    """At random points of random matches (every phase, 2 to 8 players), a twin whose cards the
    seat may not know are shuffled gives that seat (or the public) the same view, legal actions
    and pixels, memory aid off and on."""
    checked = changed = 0
    phases = set()
    for rng, game in random_states(rid, seed=7):
        seat = rng.choice([None] + list(range(game.n)))
        twin = hidden_twin(game, seat, rng)
        assert_same_for(game, twin, seat)
        phases.add(game.phase)
        checked += 1
        changed += bool(faces_differ(game, twin))
    assert checked >= 60 and changed >= checked * 0.8
    assert {"initial_peek", "turn", "drawn", "ability", "window"} <= phases


# --- the Blue King: picks made, not yet revealed (Cambio) ---------------------------------------

def mid_blue_king():
    """Four seats, each knowing their bottom cards; Ana (0) discards a Blue King and has picked
    (1, 0) and (2, 1), top cards nobody has seen; Dan's (3) card is still to pick."""
    game = rigging_memory.rigged(4, seed=3, ruleset=rigging_memory.cambio(), current=0, look=True,
                          hands={1: [5, 1, 6, None], 2: [2, 9, 8, None], 3: [7, 3, None, None]},
                          deck=["blue_king", 4])
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    game.apply(0, Action("pick", pos=(1, 0)))
    game.apply(0, Action("pick", pos=(2, 1)))
    assert game.phase == "ability" and game.view(None).pending.step == "reveal"
    assert game.view(None).pending.count_left == 1
    return game


def test_a_blue_king_halfway_through_its_picks_gives_every_seat_the_same_pixels():
    """cambio.de.txt: the picked cards are shown "gleichzeitig" (all at once): until the last pick,
    twins whose picked cards differ (exchanged with cards nobody has seen: an unpicked top card,
    the deck's top card) give every seat and the public the same view and pixels; twins whose
    bottom cards known to Ben and to Cleo differ give the others the same, Ben and Cleo not (the
    control); after the last pick the reveal shows the picked cards' difference to everyone."""
    game = mid_blue_king()
    top = ("deck", len(game.deck) - 1)
    picked = [lay(1, 0), lay(2, 1)]                       # a 5 and a 9
    for p in picked + [lay(3, 1), top]:
        assert game.known[card_at(game, p)] == 0
    twin = exchanged(exchanged(game, picked[0], lay(3, 1)), picked[1], top)
    assert set(picked) <= set(faces_differ(game, twin))
    rng = random.Random(4)
    for seat in (None, 0, 1, 2, 3):
        assert_same_for(game, twin, seat)
        assert_same_for(game, hidden_twin(game, seat, rng), seat)
    # Ben's 6 and Cleo's 8, each known to its owner only
    assert game.known[card_at(game, lay(1, 2))] == 0b0010 and game.known[card_at(game, lay(2, 2))] == 0b0100
    assert_private_to_owners(game, lay(1, 2), lay(2, 2))
    # the last pick: the three cards are shown to everyone, and the twins' 5 and 9 are not theirs
    for g in (game, twin):
        events = g.apply(0, Action("pick", pos=(3, 0)))
        assert [e.kind for e in events if e.kind == "reveal"] == ["reveal"]
    for seat in (None, 0, 1, 2, 3):
        assert_differs_for(game, twin, seat)


# --- a look shown to the actor only -------------------------------------------------------------

# (ruleset, drawn card, the actor's moves after discarding it, the card looked at, the step
# pending after the look: None when the ability is over and the race on the card is open)
LOOKS = [
    ("cambio", "red_king", [Action("choose", choice="look_other"), Action("peek", pos=(2, 0))], (2, 0), "choose"),
    ("cambio", "red_king", [Action("choose", choice="look_own"), Action("peek", pos=(1, 0))], (1, 0), "choose"),
    ("cambio-classic", "K_black", [Action("peek", pos=(2, 0))], (2, 0), "swap"),
    ("cambio-classic", "9", [Action("peek", pos=(3, 1))], (3, 1), None),
]


def after_a_look(rid, card, moves):
    """Four seats, each knowing their bottom cards; Ben (1) draws `card`, discards it and makes
    `moves`: the card looked at is known to Ben alone."""
    ruleset = rigging.load(rid)
    game = rigging_memory.rigged(4, seed=5, ruleset=ruleset, current=1, look=True, deck=[card],
                          hands={0: [4, None, 2, None], 1: [5, None, None, None],
                                 2: [5, None, None, None], 3: [None, 5, 8, None]})
    game.apply(1, DRAW)
    game.apply(1, DISCARD)
    for move in moves:
        game.apply(1, move)
    return game


@pytest.mark.parametrize("rid,card,moves,looked,step", LOOKS,
                         ids=[f"{rid}-{card}-{moves[0].choice or 'peek'}" for rid, card, moves, _, _ in LOOKS])
def test_a_look_shown_to_the_actor_alone_gives_the_others_the_same_pixels(rid, card, moves, looked, step):
    """A Red King's look (Cambio; after its first action, the second still to choose), a black
    King's look before its optional swap, a 9's look (classic Cambio): twins whose looked-at card
    differs (exchanged with a card nobody has seen, the knowledge going with the place) give every
    other seat and the public the same view and pixels. Control: the actor, who knows the card,
    gets another view and other pixels."""
    game = after_a_look(rid, card, moves)
    pending = game.view(None).pending
    assert (pending.step if pending else None) == step and game.phase == ("ability" if step else "window")
    look = lay(*looked)
    assert game.view(None).slot(looked).seen_by == frozenset({1})
    assert rigging_memory.face(game, 1, looked) == 5
    unseen = lay(0, 1)                                  # Ana's top card: nobody has seen it
    assert game.known[card_at(game, unseen)] == 0
    if game.defs[card_at(game, unseen)].value == 5:
        unseen = next(lay(s, i) for s in (0, 2, 3) for i in (0, 1)
                      if game.known[card_at(game, lay(s, i))] == 0 and game.defs[card_at(game, lay(s, i))].value != 5)
    twin = exchanged(game, look, unseen)
    assert rigging_memory.face(twin, 1, looked) != 5
    rng = random.Random(6)
    for seat in (None, 0, 2, 3):
        assert_same_for(game, twin, seat)
        assert_same_for(game, hidden_twin(game, seat, rng), seat)
    assert_same_for(game, hidden_twin(game, 1, rng), 1)     # what Ben does not know: still the same
    assert_differs_for(game, twin, 1)                        # the negative control
    # Ana's 2 and Dan's 8, each known to its owner only: the same to Ben, Cleo and the public
    assert game.known[card_at(game, lay(0, 2))] == 0b0001 and game.known[card_at(game, lay(3, 2))] == 0b1000
    assert_private_to_owners(game, lay(0, 2), lay(3, 2))


def test_a_drawn_card_differs_only_for_the_drawer():
    """Classic Cambio: the card Ben drew from the deck, exchanged with a card nobody has seen,
    gives every other seat the same pixels; Ben sees his drawn card, so his differ (the control)."""
    ruleset = rigging_memory.cambio_classic()
    game = rigging_memory.rigged(3, seed=2, ruleset=ruleset, current=1, look=True, deck=["Q"], hands={2: ["3"]})
    game.apply(1, DRAW)
    twin = exchanged(game, ("drawn",), lay(2, 0))
    assert twin.view(1).drawn.value == 3 and game.view(1).drawn.value == 12
    for seat in (None, 0, 2):
        assert_same_for(game, twin, seat)
    assert_differs_for(game, twin, 1)


# --- through the real table scene ----------------------------------------------------------

def human(name):
    return {"name": name, "kind": "human"}


def bot(name):
    return {"name": name, "kind": "ai", "level": "normal"}


def play_on_screen(game, moves, language="en"):
    """Ana (0, the only human) plays `moves` (("key", k) or ("click", item)) through the real event
    loop, memory aid on, in `language`; returns the screen's pixels, redrawn, and the controller."""
    ruleset = game.ruleset
    app = App(size=SIZE, fixed_dt=0.05, strict=True,
              settings=Settings(animation_speed="instant", memory_aid=True), save_settings=False)
    i18n.set_language(language)
    session = Session.new(ruleset, [human("Ana")] + [bot(n) for n in NAMES[1:game.n]], default_options(ruleset), 1)
    session.game = game
    app.open_table(session)
    d = Driver(app)
    ctrl = d.table.ctrl
    assert d.until(lambda: ctrl.input_seat() == 0 and not d.table.anim.busy() and app.top is d.table)
    for kind, what in moves:
        if kind == "key":
            d.key(what)
        else:
            d.click(d.centre_of(what))
    app.draw()
    assert ctrl.viewer == 0
    return pygame.image.tobytes(app.screen, "RGB"), ctrl


@pytest.mark.parametrize("language", ("en", "de"))
def test_the_table_scene_shows_the_same_pixels_halfway_through_a_blue_king(language):
    """Cambio, through the real event loop, memory aid on: Ana draws a Blue King, discards it and
    picks two cards (marked "picked", not shown). Twins whose picked cards differ (nobody has seen
    them), and Ben's and Cleo's cards that only they know, give Ana the same screen; after the
    last pick the reveal shows the picked cards, and the screens differ (the control)."""
    def base():
        return rigging_memory.rigged(4, seed=3, ruleset=rigging_memory.cambio(), current=0, look=True,
                              hands={1: [5, 1, 6, None], 2: [2, 9, 8, None], 3: [7, 3, None, None]},
                              deck=["blue_king"])
    game = base()
    # the cards to be picked, exchanged with cards nobody has seen; Ben's and Cleo's known 6 and 8
    twin = exchanged(exchanged(exchanged(base(), lay(1, 0), lay(3, 1)), lay(2, 1), ("deck", 0)),
                     lay(1, 2), lay(2, 2))
    assert {lay(1, 0), lay(2, 1), lay(1, 2), lay(2, 2)} <= set(faces_differ(game, twin))
    halfway = [("key", pygame.K_d), ("click", "discard"), ("click", (1, 0)), ("click", (2, 1))]
    shots = []
    for g in (game, twin):
        pixels, ctrl = play_on_screen(g, halfway, language)
        assert ctrl.public().pending.step == "reveal" and set(ctrl.plugin.picked) == {(1, 0), (2, 1)}
        shots.append(pixels)
    assert shots[0] == shots[1]
    revealed = [play_on_screen(g, halfway + [("click", (3, 0))], language)[0] for g in (base(), twin)]
    assert revealed[0] != revealed[1]


@pytest.mark.parametrize("language", ("en", "de"))
def test_the_table_scene_shows_a_look_to_the_looker_alone(language):
    """Classic Cambio, through the real event loop, memory aid on: Ana draws a black King and looks
    at Ben's top card. A twin differing in cards Ana has not seen (Cleo's top cards, the deck, Ben's
    and Cleo's bottom cards that only they know) gives her the same screen; a twin differing in
    the card she looked at gives another (the control)."""
    def base():
        return rigging_memory.rigged(3, seed=8, ruleset=rigging_memory.cambio_classic(), current=0, look=True,
                              hands={1: [4, None, 3, None], 2: [11, 6, 9, None]}, deck=["K_black"])
    game = base()
    hidden = exchanged(exchanged(exchanged(base(), lay(2, 0), lay(2, 1)), ("deck", 0), ("deck", 1)),
                       lay(1, 2), lay(2, 2))
    assert {lay(2, 0), lay(2, 1), lay(1, 2), lay(2, 2)} <= set(faces_differ(game, hidden))
    known = exchanged(base(), lay(1, 0), lay(2, 1))
    assert faces_differ(game, known) == [lay(1, 0), lay(2, 1)]
    look = [("key", pygame.K_d), ("click", "discard"), ("click", (1, 0))]
    shots = []
    for g in (game, hidden, known):
        pixels, ctrl = play_on_screen(g, look, language)
        assert ctrl.view().slot((1, 0)).face is not None and ctrl.public().slot((1, 0)).face is None
        shots.append(pixels)
    assert shots[0] == shots[1]
    assert shots[0] != shots[2]
