"""Castle Combo's moves in words (`Family.phrase`, game/families/tableau/words.py): the hint's
sentence and the review's lines.

Every legal action of the seat to act, at every step of two seeded bot matches, is said in words
of its own (never game.lab.review.move_words' generic "buy, display castle 12 cell 0 0 1"); a
handful of moves are checked word for word in the rulebook's situations (docs/rules/castle-combo.txt,
the same text as /work/shared/rules/castle-combo.txt); and a move is said alike from a seat's view
and from a twin dealt anew from that view, so the words read nothing the view does not hold.
"""
from __future__ import annotations

import random

import pytest

from game.engine import registry
from game.engine.core import Action
from game.engine.ruleset import find_ruleset
from game.families.tableau import rules as tableau_rules
from game.lab.simulate import run_match
from rigging import said_moves
from rigging_castle_combo import cell, new_game, on_display, rig, tableau

FAMILY = registry.family("tableau")
RULESET = find_ruleset("castle-combo")
NAMES = ("Ann", "Ben", "Cat")
KINDS = {"buy", "choose", "discard_display", "face_down", "fill", "key_move", "key_refresh", "neighbour",
         "purse_add", "purse_take", "purses_done"}
# two 2-player bot matches (a few tenths of a second each): the second reaches a choice and a
# discard from the display too
MATCHES = ((("easy", "normal"), 1), (("random", "easy"), 2))


def said(game, seat, action, names=NAMES) -> str:
    return FAMILY.phrase(action, game.view(seat), names)


def replayed(levels, seed):
    """Each state of a seeded bot match, from the deal to the last decision: (game, seat to act)."""
    session = run_match(RULESET, levels, seed, keep_session=True).session
    game = FAMILY.new_game(RULESET, len(levels), session.options, seed)
    for seat, action in session.match.actions:
        assert game.to_act() == [seat]
        yield game, seat
        game.apply(seat, action)
    assert game.is_over()


@pytest.fixture(scope="module")
def kinds_in_matches():
    """Every legal action of every decision of the matches said in words; the kinds they offered."""
    seen = set()
    for levels, seed in MATCHES:
        for game, seat in replayed(levels, seed):
            # short: the longest is about 70 ("place Her Majesty the Queen face down into a new
            # bottom row, column 1")
            seen |= {action.kind for action in said_moves(FAMILY, game, seat, ("Bot 1", "Bot 2"), longest=81)}
    return seen


def test_every_legal_move_of_two_matches_is_said_in_words_of_its_own(kinds_in_matches):
    assert {"buy", "face_down", "key_move", "key_refresh", "purses_done"} <= kinds_in_matches


def test_every_kind_the_rules_list_is_said_here(kinds_in_matches):
    """The matches and the rigged tests below say every kind of move the rules can list."""
    rigged = {"choose", "neighbour", "discard_display", "fill", "purse_add", "purse_take", "purses_done"}
    assert kinds_in_matches | rigged == KINDS


def test_an_unknown_kind_falls_back_to_its_name():
    g = new_game(2)
    assert said(g, g.current, Action("call_the_guard")) == "call the guard"


# ---- moves checked word for word --------------------------------------------------------------------

def test_buying_says_the_price_after_discounts_and_the_cell_in_the_rows_and_columns_so_far():
    """"Pay the cost of the card in Gold"; "Make sure to add up all of the applicable discounts"
    (the Princess: Castle cards cost 1 less); "Each card after the first must be placed adjacent
    (orthogonally) to at least one other card"; a position "is only fixed as your rows and columns
    fill up": a cell beyond them opens a new row or column."""
    g = rig(new_game(2), displays={"castle": ["prince", "nun", "steward"]}, messenger="castle", current=0,
            tableaux={0: tableau(["princess", "potter"], [None, "monk"])})
    prince, steward = on_display(g, "prince"), on_display(g, "steward")
    assert said(g, 0, Action("buy", places=(prince, cell(0, 1, 0)))) == \
        "buy the Prince for 5 gold into row 2, column 1"
    assert said(g, 0, Action("buy", places=(prince, cell(0, 0, 2)))) == \
        "buy the Prince for 5 gold into row 1, a new right column"
    assert said(g, 0, Action("buy", places=(steward, cell(0, -1, 1)))) == \
        "buy the Steward for free into a new top row, column 2"
    first = rig(new_game(2), displays={"castle": ["prince", "nun", "steward"]}, messenger="castle", current=0)
    assert said(first, 0, Action("buy", places=(on_display(first, "nun"), cell(0, 0, 0)))) == \
        "buy the Nun for 3 gold to start your tableau"


def test_taking_a_card_face_down():
    """"You may always take a card without paying its cost, and place it face down in your tableau"."""
    g = rig(new_game(2), displays={"castle": ["prince", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: tableau(["potter"])})
    assert said(g, 0, Action("face_down", places=(on_display(g, "prince"), cell(0, 0, -1)))) == \
        "place the Prince face down into row 1, a new left column"


def test_spending_a_key():
    """"Move the Messenger pawn to the other location" / "Discard all 3 cards in the location where
    the Messenger is and reveal 3 new cards" (the table's key question says it the same way)."""
    g = rig(new_game(2), current=0, messenger="village")
    assert said(g, 0, Action("key_move")) == "spend a key to move the Messenger to the Castle"
    assert said(g, 0, Action("key_refresh")) == "spend a key for 3 new Village cards"


def test_choosing_one_of_two_effects_banker():
    """The Banker: "choose: +2 gold onto each purse card OR +3 keys", in its buttons' words."""
    g = rig(new_game(2), displays={"castle": ["banker", "nun", "cardinal"]}, messenger="castle", current=0)
    g.apply(0, Action("buy", places=(on_display(g, "banker"), cell(0, 0, 0))))
    assert g.phase == "choose"
    assert [said(g, 0, a) for a in g.legal_actions(0)] == ["choose: +2 gold on each purse", "choose: +3 keys"]


def test_picking_a_neighbour_templar():
    """"Whenever an ability mentions a neighbor, you choose either the player directly to your left's
    tableau, or the player to your right's." Templar: +1 gold per Faith shield of a neighbour; Ben's
    Mother Superior shows 2, Cat's Nun 1."""
    g = rig(new_game(3), displays={"castle": ["templar", "prince", "cardinal"]}, messenger="castle",
            current=0, tableaux={1: tableau(["mother_superior"]), 2: tableau(["nun"])})
    g.apply(0, Action("buy", places=(on_display(g, "templar"), cell(0, 0, 0))))
    assert g.phase == "neighbour"
    assert said(g, 0, Action("neighbour", places=(("seat", 1),))) == "count Ben's tableau (gain 2 gold)"
    assert said(g, 0, Action("neighbour", places=(("seat", 2),))) == "count Cat's tableau (gain 1 gold)"


@pytest.mark.parametrize("buyer,gain", [("gravedigger", "5 gold"), ("guildmaster", "5 keys")])
def test_discarding_a_display_card_for_its_cost(buyer, gain):
    """Gravedigger / Guildmaster: discard 1 Village display card, gain its cost in gold / in keys
    (the Farmer costs 5)."""
    g = rig(new_game(2), displays={"castle": [buyer, "nun", "cardinal"],
                                   "village": ["farmer", "baker", "vicar"]}, messenger="castle", current=0)
    g.apply(0, Action("buy", places=(on_display(g, buyer), cell(0, 0, 0))))
    assert g.phase == "discard_display"
    assert said(g, 0, Action("discard_display", places=(on_display(g, "farmer"),))) == \
        f"discard the Farmer from the Village display (gain {gain})"


def test_filling_purses_steward():
    """Steward: "fill up to 2 purse cards from supply"; with more purse cards not full, the buyer
    picks which (clarifications.md)."""
    g = rig(new_game(2), displays={"castle": ["steward", "nun", "cardinal"]}, messenger="castle", current=0,
            tableaux={0: tableau(["potter", "beekeeper:8", "vicar:1"])})
    g.apply(0, Action("buy", places=(on_display(g, "steward"), cell(0, 1, 0))))
    assert g.phase == "fill"
    assert said(g, 0, Action("fill", places=(cell(0, 0, 1), cell(0, 1, 0)))) == \
        "fill the purses of the Beekeeper and the Steward"


def test_storing_leftover_gold_on_purses():
    """"When the game ends, players place their leftover gold on cards with Purse scoring in their
    tableau"; the best distribution is proposed (clarifications.md): the Potter holds 4, the Vicar 3."""
    purses = tableau(["potter", "farmer", "baker"], ["vicar", "beggar", "monk"],
                     ["witch", "squire", "down:inventor"])
    no_purse = tableau(["down:prince", "down:duchess", "down:judge"],
                       ["down:nun", "down:cardinal", "down:chaplain"], ["down:templar", "down:jester", None])
    g = rig(new_game(2, seed=1), displays={"castle": ["patron", "alchemist", "astronomer"]},
            messenger="castle", tableaux={0: purses, 1: no_purse}, gold={0: 7, 1: 9}, current=1)
    g.turn_no = 17
    g.apply(1, Action("face_down", places=(on_display(g, "patron"), cell(1, 2, 2))))
    assert g.phase == "purses" and g.current == 0
    assert said(g, 0, Action("purses_done")) == "store 7 leftover gold on your purses and finish"
    take = Action("purse_take", places=(cell(0, 1, 0),))
    assert said(g, 0, take) == "take 1 gold back from the purse of the Vicar"
    g.apply(0, take)
    assert said(g, 0, Action("purse_add", places=(cell(0, 1, 0),))) == "put 1 gold in the purse of the Vicar"
    for place in [cell(0, 0, 0)] * 4 + [cell(0, 1, 0)] * 2:
        g.apply(0, Action("purse_take", places=(place,)))
    assert said(g, 0, Action("purses_done")) == "finish without storing leftover gold"


# ---- privacy: the view alone ------------------------------------------------------------------------

def phrases_that_differ(game, seat, rng, phrase=None) -> list:
    """The legal actions said otherwise from a twin dealt anew from `seat`'s view than from the view."""
    phrase = phrase or FAMILY.phrase
    view = game.view(seat)
    twin_view = FAMILY.determinize(RULESET, game.options, view, rng).view(seat)
    assert twin_view == view
    said_both = [(a, phrase(a, view, NAMES), phrase(a, twin_view, NAMES)) for a in game.legal_actions(seat)]
    return [(a, mine, twins) for a, mine, twins in said_both if mine != twins]


def test_a_move_is_said_alike_from_a_twin_dealt_from_the_view():
    """Castle Combo hides only the decks' order: a twin deals both decks anew, and no move may be
    said otherwise for it."""
    rng = random.Random(5)
    for levels, seed in MATCHES:
        for game, seat in replayed(levels, seed):
            assert phrases_that_differ(game, seat, rng) == []


def test_the_privacy_check_catches_a_phrase_that_reads_the_deck(monkeypatch):
    """The check above can fail. A view here holds nothing secret, so the leak is injected in two
    parts: the views get an extra `_deck_top` (the next Castle card; outside the dataclass's fields,
    so a twin's view still equals the real one and the conformance suite's view check passes), and a
    phrase names it ("... (next: the Captain)"). Injected once into the family's own phrase (a
    scratch run setting FAMILY.phrase to this leaky one), the test above failed at the first
    decision of its first match: "spend a key to move the Messenger to the Castle (next: the
    Captain)" from the view, "... (next: the Banker)" from the twin. Kept here, it must go on failing."""
    real_fields = tableau_rules.public_fields

    def leaky_fields(game):
        fields = real_fields(game)
        fields["_deck_top"] = game.decks["castle"][-1]
        return fields

    def leaky_phrase(action, view, names):
        return FAMILY.phrase(action, view, names) + f" (next: the {view.face(view._deck_top).name})"

    monkeypatch.setattr(tableau_rules, "public_fields", leaky_fields)
    game = new_game(2, seed=3)
    assert phrases_that_differ(game, game.current, random.Random(1), leaky_phrase)
