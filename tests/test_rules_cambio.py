"""Cambio's rules, sentence by sentence: every rule sentence of cambio.de.txt is cited by a test.

The source of truth is docs/rules/cambio.de.txt (the publisher's German
rules); where it is silent the Cambio section of clarifications.md applies
(cited as "clarifications.md"), and the deck mix it reconstructs is marked in
rulesets/cambio.yaml under `reconstructed`. States are built with
tests/rigging_memory.py (cards moved into place by key or value, the 76 conserved);
every assertion goes through the public contract: to_act, legal_actions,
apply, view, scores and the events apply returns.

Seats are numbered clockwise ("im Uhrzeigersinn"): the next player after
seat s is seat s + 1. Unless said otherwise a rigged game has 4 seats, seat 0
deals, and, the dealer starting in Cambio, seat 0 has the first turn.
"""
import ast
import itertools
import os
import random
import re

import pytest

from game.engine.core import Action
from rigging import all_views, assert_illegal
from rigging_memory import (EMPTY, cambio, card_ids, check_conserved, face_key, finish_round, keys_at_reveal,
                            new_game, options, pass_all, rig, rigged)

HERE = os.path.dirname(os.path.abspath(__file__))
RULES_DIR = os.path.join(os.path.dirname(HERE), "docs", "rules")

DRAW = Action("draw", choice="deck")
DRAW_DISCARD = Action("draw", choice="discard")
DISCARD = Action("discard")
CALL = Action("call")
PASS = Action("pass")
SKIP = Action("skip")
LOOK = Action("look_start")
NEXT = Action("next_round")

ACTION_CARDS = ("look_own", "look_other", "swap", "red_king", "blue_king")
NUMBER_KEYS = tuple(str(v) for v in range(10))


def exchange(seat, slot):
    return Action("exchange", pos=(seat, slot))


def match(seat, slot):
    return Action("match", pos=(seat, slot))


def peek(seat, slot):
    return Action("peek", pos=(seat, slot))


def pick(seat, slot):
    return Action("pick", pos=(seat, slot))


def give(seat, slot):
    return Action("give", pos=(seat, slot))


def choose(name):
    return Action("choose", choice=name)


def swap(a, b):
    return Action("swap", pos=a, pos2=b)


def opts(points=500, **variants):
    """Cambio match options; by default a long match, so a finished round is not the last."""
    return options(points=points, ruleset=cambio(), **variants)


def rg(n=4, seed=0, **kw):
    """A rigged Cambio game (tests/rigging_memory.py); a long match unless `opts` says otherwise."""
    kw.setdefault("opts", opts())
    return rigged(n, seed=seed, ruleset=cambio(), **kw)


def keys(game, seat, viewer):
    """Card keys `viewer` sees in `seat`'s layout (None for hidden, 'x' for an empty position)."""
    return [(s.face.key if s.face else None) if s.present else "x"
            for s in game.view(viewer).seats[seat].slots]


def kinds(events):
    return [e.kind for e in events]


def harmless(legal):
    """A mandatory ability's least disturbing action: a look before a pick before a swap."""
    looks = [a for a in legal if a.kind == "choose" and a.choice in ("look_own", "look_other")]
    order = {"choose": 0, "peek": 1, "pick": 2, "swap": 3}
    return looks[0] if looks else min(legal, key=lambda a: order.get(a.kind, 9))


def resolve(game, seat):
    """Carry out a pending (mandatory) ability as harmlessly as possible; returns the events."""
    events = []
    while game.phase == "ability":
        events += game.apply(seat, harmless(game.legal_actions(seat)))
    return events


def random_move(rng, game, seat):
    """A random legal move: a kind of move first (draw, exchange, peek...), then one of that kind;
    in a race mostly a pass, and rarely a call, so rounds run long enough to see every rule."""
    legal = game.legal_actions(seat)
    if game.phase == "window" and rng.random() < 0.8:
        return PASS
    groups = {}
    for a in legal:
        groups.setdefault(a.kind, []).append(a)
    if "call" in groups and len(groups) > 1 and rng.random() > 0.05:
        del groups["call"]
    return rng.choice(groups[rng.choice(sorted(groups))])


def random_matches(count, seed=0, points=60):
    """(game, seat, action, events) along `count` seeded random Cambio matches, 2 to 8 players."""
    for m in range(count):
        rng = random.Random(seed * 1000 + m)
        game = new_game(2 + m % 7, seed=seed * 1000 + m, ruleset=cambio(), opts=opts(points=points))
        while not game.is_over():
            seat = rng.choice(game.to_act())
            action = random_move(rng, game, seat)
            yield game, seat, action


def turn(game, seat, *then):
    """`seat` draws from the deck and does `then` (default: discard it, use any action harmlessly)."""
    assert game.to_act() == [seat] and game.phase == "turn"
    events = game.apply(seat, DRAW)
    for act in then or (DISCARD,):
        events += game.apply(seat, act)
    if not then:
        events += resolve(game, seat)
    return events


def quiet_turn(game, seat):
    """A turn that changes no hand: draw, discard, everyone passes (rig numbers into the deck)."""
    events = turn(game, seat)
    return events + pass_all(game)


def next_round(game):
    """From round_over: start the next round and let everyone look at their starting cards."""
    game.apply(0, NEXT)
    for s in range(game.n):
        game.apply(s, LOOK)


def result(game):
    return {r.seat: r for r in game.view(None).results}


# --- every sentence is cited -------------------------------------------------------

# Lines of cambio.de.txt that are not rule sentences, excluded by name so that a changed text
# is noticed: the title and section headings, the names above each card's description (the
# card's rules follow in the lines below them), and the captions of the set-up picture.
HEADINGS = ("Cambio – Das Original", "Ziel des Spiels", "Spielaufbau", "Spielablauf",
            "Aktionskarten", "Sonderregeln", "Eingefrorener Hauptstapel", "Schnelligkeit",
            "Strafkarten", "Rundenende", "Punkte", "Spielende")
CARD_NAMES = ("Eigene Karte anschauen", "Fremde Karte anschauen", "Tauschen Karte", "Roter König",
              "Blauer König", "Energie Karte", "Zahlen Karten")
CAPTIONS = ("Positionen der eigenen Karten", "Ablagestapel", "Hauptstapel",
            "Spielaufbau für 8 Spielende")
# Everything from the heading "Weitere Informationen" on is excluded too: links to videos
# and a forum, no rules.
LAST_SECTION = "Weitere Informationen"
# Abbreviations whose full stop ends no sentence.
ABBREVIATIONS = {"z. B.": "z.\x00B\x01", "bzw.": "bzw\x01"}


def _rule_lines():
    with open(os.path.join(RULES_DIR, "cambio.de.txt"), encoding="utf-8") as fh:
        lines = [line.strip() for line in fh.read().splitlines()]
    return [line for line in lines[:lines.index(LAST_SECTION)] if line]


def _is_heading(line):
    """No sentence punctuation at its end; a card's value line ("Wert ≙ 10 Punkte") is a rule."""
    return not line.endswith((".", "!", "?", ":")) and not line.startswith("Wert ")


def rule_sentences():
    """The rule sentences of cambio.de.txt, normalised: the value sign "$\\hat{=}$" is written
    "≙", the bold marks "**" go, and a list number ("- I. ") is no part of the sentence."""
    out = []
    for line in _rule_lines():
        if _is_heading(line):
            continue
        line = line.replace("$\\hat{=}$", "≙").replace("**", "")
        line = re.sub(r"^- [IVX]+\. ", "", line)
        for short, kept in ABBREVIATIONS.items():
            line = line.replace(short, kept)
        for sentence in re.split(r"(?<=[.!?])\s+(?!\.)", line):   # "verbirgt... ..außer": one
            for short, kept in ABBREVIATIONS.items():
                sentence = sentence.replace(kept, short)
            out.append(sentence)
    return out


def cited_docstrings():
    with open(os.path.join(HERE, "test_rules_cambio.py"), encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    return "\n".join(ast.get_docstring(node) or "" for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


def test_only_headings_and_captions_are_excluded():
    """DESIGN.md: every rule sentence in rules/ has a test that cites it. The lines left out
    are exactly the headings, the card names and the picture captions listed above."""
    excluded = [line for line in _rule_lines() if _is_heading(line)]
    assert sorted(excluded) == sorted(HEADINGS + CARD_NAMES + CAPTIONS)


def test_every_rule_sentence_is_cited_by_a_test():
    """DESIGN.md: every rule sentence in rules/ has a test that cites it (cambio.de.txt here)."""
    sentences = rule_sentences()
    assert len(sentences) > 55
    assert "Wenn z. B. eine 7 abgeworfen wird, hat jeder Spieler die Chance, eine beliebige " \
           "andere 7 auf den Ablagestapel zu werfen, die er von allen Tischkarten (auch anderer " \
           "Spieler) kennt." in sentences
    docs = " ".join(cited_docstrings().split())
    missing = [s for s in sentences if " ".join(s.split()) not in docs]
    assert not missing, "rule sentences no test cites:\n" + "\n".join(missing)


# --- the cards ---------------------------------------------------------------------------

COUNTS = {**{k: 5 for k in NUMBER_KEYS}, "look_own": 6, "look_other": 6, "swap": 6, "energy": 4,
          "red_king": 2, "blue_king": 2}


def test_seventy_six_cards_reconstructed_and_marked():
    """cambio.de.txt: "Mischt alle 76 Karten." The mix is clarifications.md's reconstruction:
    "number cards 0-9, five of each (50)", "Look at own card x6, Look at another's card x6,
    Swap x6", "Energy card x4", "Red King x2 (-2 points), Blue King x2 (13 points)"; the
    ruleset marks it as reconstructed."""
    ruleset = cambio()
    assert ruleset.deck_size() == 76
    assert {c.key: c.count for c in ruleset.cards} == COUNTS
    marked = " ".join(ruleset.reconstructed)
    assert "76" in marked and "deck composition" in marked
    for n in (2, 5, 8):
        v = new_game(n, seed=n, ruleset=ruleset).view(None)
        assert sum(c.count for c in v.deck_composition) == 76
        assert v.deck_count + sum(s.cards_left for s in v.seats) + len(v.discard) == 76


def test_card_values():
    """cambio.de.txt: the value under each card: "Wert ≙ 10 Punkte" (Eigene Karte anschauen,
    Fremde Karte anschauen, Tauschen Karte, Energie Karte), "Wert ≙ -2 Punkte" (Roter König),
    "Wert ≙ 13 Punkte" (Blauer König), "Wert ≙ Wert der Zahlen auf der jeweiligen Karte"
    (Zahlen Karten); the round's count adds these values."""
    values = {c.key: c.value for c in cambio().cards}
    assert values == {**{k: int(k) for k in NUMBER_KEYS}, "look_own": 10, "look_other": 10,
                      "swap": 10, "energy": 10, "red_king": -2, "blue_king": 13}
    # counted at the end of a round: 10 + 10 - 2 + 13 = 31, 10 + 10 + 7 + 0 = 27
    game = rg(3, hands={0: ["look_own", "energy", "red_king", "blue_king"],
                        1: ["look_other", "swap", 7, 0], 2: [1, 1, 1, 1]}, deck=[2, 3])
    finish_round(game)
    hands = {s: r.hand for s, r in result(game).items()}
    assert hands == {0: 31, 1: 27, 2: 4}


def test_every_kind_of_card_has_its_own_rune_except_the_kings():
    """cambio.de.txt: "Identische Karten basieren auf ihrem Runenzeichen, nicht auf ihrem
    Punktwert." clarifications.md: "each value has its own rune", "one rune per action",
    "Energy card x4 (10 points, its own rune)", "both share the king rune"."""
    runes = {c.key: c.match for c in cambio().cards}
    assert len(set(runes.values())) == len(runes) - 1
    assert runes["red_king"] == runes["blue_king"]
    ten = [k for k, c in ((c.key, c) for c in cambio().cards) if c.value == 10]
    assert sorted(ten) == ["energy", "look_other", "look_own", "swap"]
    assert len({runes[k] for k in ten}) == 4
    for c in cambio().cards:
        assert c.symbol, f"{c.key}: the rune is drawn on the card"


@pytest.mark.parametrize("top,thrown,ok", [
    ("look_own", "look_own", True), ("look_own", "swap", False), ("look_own", "energy", False),
    ("swap", "look_other", False), ("energy", "energy", True), ("look_other", "look_other", True),
])
def test_throwing_compares_runes_not_values(top, thrown, ok):
    """cambio.de.txt: "Identische Karten basieren auf ihrem Runenzeichen, nicht auf ihrem
    Punktwert." (all four action cards are worth 10: only the same rune may be thrown)"""
    game = rg(3, hands={0: [top, 1, 1, 1], 2: [thrown, 2, 2, 2]}, deck=[4])
    game.apply(0, DRAW)
    game.apply(0, exchange(0, 0))                 # exchanged: no action; the card is on top
    assert game.view(None).window.card.key == top
    events = game.apply(2, match(2, 0))
    assert [e.get("ok") for e in events if e.kind == "match"] == [ok]
    assert game.view(None).seats[2].cards_left == (3 if ok else 5)   # wrong: back + penalty


def test_two_to_eight_players():
    """cambio.de.txt: "Für 2 - 8 Spielende." "Ab 10 Jahren." (the age is advice for the box:
    nothing to play)"""
    ruleset = cambio()
    assert (ruleset.min_players, ruleset.max_players) == (2, 8)
    for n in (1, 9):
        with pytest.raises(ValueError, match="2-8 players"):
            new_game(n, ruleset=ruleset)


def test_the_cards_are_shuffled_for_every_match_and_round():
    """cambio.de.txt: "Mischt alle 76 Karten." "Cambio ist ein Spiel, bei dem es um
    Geschwindigkeit, Gedächtnis, Strategie & Glück geht." (luck: the deal depends on the shuffle;
    speed, memory and strategy are the other tests of this file)"""
    deals = set()
    for seed in range(6):
        game = new_game(4, seed=seed, ruleset=cambio(), opts=opts())
        deals.add(tuple(tuple(layout) for layout in game.layouts))
    assert len(deals) == 6
    game = rg(3)
    first = [list(l) for l in game.layouts]
    finish_round(game)
    game.apply(0, NEXT)
    assert [list(l) for l in game.layouts] != first
    check_conserved(game)


# --- set-up --------------------------------------------------------------------------------

def test_the_first_seat_deals_the_first_round():
    """cambio.de.txt: "Der jüngste Spieler beginnt als Geber." "Der Geber beginnt mit dem ersten
    Zug." (the table knows no ages: the first seat deals first, so the youngest takes the first
    seat)"""
    for n in (2, 3, 8):
        game = new_game(n, seed=n, ruleset=cambio(), opts=opts())
        for s in range(n):
            game.apply(s, LOOK)
        v = game.view(None)
        assert v.round_no == 1 and v.dealer == 0 and v.current == 0 and game.to_act() == [0]


@pytest.mark.parametrize("n", range(2, 9))
def test_deal_four_face_down_in_two_rows_of_two(n):
    """cambio.de.txt: "Der Geber teilt verdeckt vier Karten an jeden Spieler aus." "Diese werden
    in 2 Reihen mit je 2 Karten vor einem angeordnet." "Die restlichen Karten werden als
    Nachziehstapel in die Mitte (für alle gut erreichbar) platziert." """
    game = new_game(n, seed=20 + n, ruleset=cambio(), opts=opts())
    assert (cambio().layout["rows"], cambio().layout["cols"]) == (2, 2)
    for v in all_views(game):
        assert v.deck_count == 76 - 4 * n and v.discard == ()   # the deck, seen by everyone
        for seat in v.seats:
            assert [s.pos for s in seat.slots] == [(seat.seat, i) for i in range(4)]
            assert all(s.present and s.face is None and not s.seen_by for s in seat.slots)
    for s in range(n):
        game.apply(s, LOOK)
    for k in range(n):               # every player draws from the same deck on their turn
        assert game.to_act() == [k] and DRAW in game.legal_actions(k)
        quiet_turn(game, k)
        assert game.view(None).deck_count == 76 - 4 * n - 1 - k


def test_look_at_the_bottom_two_cards_once():
    """cambio.de.txt: "Jeder Spieler darf sich seine eigenen 2 unteren Karten ansehen und sie
    sich einprägen, bevor er sie verdeckt auf die gleiche Stelle zurück auf den Tisch legt." """
    game = new_game(3, seed=4, ruleset=cambio(), opts=opts())
    assert cambio().layout["look_at_start"] == (2, 3)           # the bottom row of the 2x2
    assert game.view(None).phase == "initial_peek" and sorted(game.to_act()) == [0, 1, 2]
    assert game.legal_actions(1) == [LOOK]
    events = game.apply(1, LOOK)
    assert all(e.face is None and not e.faces for e in events)
    seen = keys(game, 1, 1)
    assert [k is not None for k in seen] == [False, False, True, True]
    for viewer in (None, 0, 2):
        assert keys(game, 1, viewer) == [None] * 4
    assert 1 not in game.to_act() and game.legal_actions(1) == []
    assert_illegal(game, 1, LOOK)
    # put back face down in the same place: seen by seat 1 (public), face down for the rest
    for viewer in (None, 0, 2):
        slots = game.view(viewer).seats[1].slots
        assert [s.seen_by for s in slots] == [frozenset()] * 2 + [frozenset({1})] * 2
        assert all(s.present and s.face is None for s in slots)
    game.apply(0, LOOK)
    game.apply(2, LOOK)
    assert game.view(None).phase == "turn" and keys(game, 1, 1) == seen


def test_the_dealer_starts_and_the_deal_rotates_clockwise():
    """cambio.de.txt: "Der Geber beginnt mit dem ersten Zug." "Nach jeder Runde wechselt die
    Position des Gebers im Uhrzeigersinn." """
    game = rg(3, opts=opts(points=10000))
    seen = []
    for round_no in range(1, 5):
        if round_no > 1:
            next_round(game)
        v = game.view(None)
        seen.append((v.round_no, v.dealer, v.current))
        finish_round(game)
    assert seen == [(1, 0, 0), (2, 1, 1), (3, 2, 2), (4, 0, 0)]


def _own_known(game):
    """{seat: set of card ids in that seat's layout that the seat has seen}."""
    return {s: {c for c in game.layouts[s] if c is not None and game.known[c] >> s & 1}
            for s in range(game.n)}


def test_no_move_looks_at_an_own_card_without_an_action_card():
    """cambio.de.txt: "Eigene Karten dürfen ab jetzt nicht mehr ohne Aktionskarten angeschaut
    werden!" "Auch wenn du eine eigene Karte während des Spiels anguckst, ohne dafür eine
    Aktionskarte zu haben, musst du eine Strafkarte ziehen." The penalty is not modelled because
    nothing can earn it: the contract offers no action that looks at an own card outside an
    ability (a look is legal only in phase "ability", begun by an action card drawn from the
    deck and discarded), so the table never lets a player peek unlawfully."""
    looks = 0
    for game, seat, action in random_matches(12, seed=1):
        for s in range(game.n):
            for a in game.legal_actions(s):
                assert a.kind != "peek" or game.phase == "ability"
                assert a.kind != "look_start" or game.phase == "initial_peek"
        drawn_from = game.view(None).drawn_from
        before = _own_known(game)
        events = game.apply(seat, action)
        if "ability" in kinds(events):              # only a deck card discarded directly
            d = [e for e in events if e.kind == "discard"]
            assert d and drawn_from == "deck" and d[0].face.ability
        # a seat newly knowing one of its own cards: its starting look, a look of its own
        # ability, the card it put down itself, a card shown to all, or a known card moved
        # into its layout (a swap, a give)
        for s, new in _own_known(game).items():
            if new - before[s]:
                why = {(e.kind, e.seat) for e in events}
                looks += ("peek", s) in why
                assert why & {("look_start", s), ("peek", s), ("exchange", s)} or \
                    {e.kind for e in events} & {"reveal", "match", "swap", "give",
                                                "round_over"}, (s, action, events)
    assert looks > 5


# --- a turn ------------------------------------------------------------------------------------

def test_draw_from_the_deck_or_the_discard_pile_and_look_at_it():
    """cambio.de.txt: "Um deinen Zug zu beginnen, ziehe eine Karte vom Hauptstapel oder vom
    Ablagestapel, solange der Ablagestapel nicht „eingefroren“ ist (siehe Sonderregeln), und
    schaue sie dir an." """
    game = rg(4, deck=[6], discard=[3])
    assert set(game.legal_actions(0)) == {DRAW, DRAW_DISCARD, CALL}
    from_deck = game.copy()
    events = from_deck.apply(0, DRAW)
    assert [e.face for e in events if e.kind == "draw"] == [None]      # nobody else sees it
    assert from_deck.view(0).drawn.key == "6"                          # the drawer does
    for viewer in (None, 1, 2, 3):
        assert from_deck.view(viewer).drawn is None and from_deck.view(viewer).drawn_by == 0
    events = game.apply(0, DRAW_DISCARD)
    assert [e.face.key for e in events if e.kind == "draw"] == ["3"]   # it lay face up
    for v in all_views(game):
        assert v.drawn.key == "3" and v.drawn_from == "discard" and v.discard == ()


def test_the_new_card_may_be_discarded_directly_even_from_the_discard_pile():
    """cambio.de.txt: "Nachdem du dir deine neue Karte angesehen und gemerkt hast, kannst du sie
    entweder direkt auf den Ablagestapel legen oder eine deiner Tischkarten verdeckt durch die
    neue Karte ersetzen, während die ausgetauschte Karte schnell und für alle sichtbar auf den
    Ablagestapel geworfen wird." (any new card: unlike Kombio a card taken from the discard pile
    need not be exchanged)"""
    game = rg(3, hands={0: [1, 2, 3, 4]}, deck=[6], discard=[7])
    before = keys(game, 0, None)
    game.apply(0, DRAW_DISCARD)
    assert set(game.legal_actions(0)) == {exchange(0, i) for i in range(4)} | {DISCARD}
    events = game.apply(0, DISCARD)
    assert [e.face.key for e in events if e.kind == "discard"] == ["7"]
    assert "ability" not in kinds(events)
    for v in all_views(game):
        assert v.top.key == "7" and v.seats[0].cards_left == 4
    assert keys(game, 0, None) == before
    pass_all(game)
    game.apply(1, DRAW)
    events = game.apply(1, DISCARD)
    for v in all_views(game):
        assert v.top.key == "6"


def test_exchange_in_the_same_position_and_throw_the_old_card_face_up():
    """cambio.de.txt: "Nachdem du dir deine neue Karte angesehen und gemerkt hast, kannst du sie
    entweder direkt auf den Ablagestapel legen oder eine deiner Tischkarten verdeckt durch die
    neue Karte ersetzen, während die ausgetauschte Karte schnell und für alle sichtbar auf den
    Ablagestapel geworfen wird." "Die neue Karte muss dieselbe Position wie die vorherige Karte
    einnehmen, da die Positionen der Tischkarten festgelegt sind." """
    game = rg(4, hands={0: [1, 2, 3, 4]}, deck=[6, 0, 0, 0])
    game.apply(0, DRAW)
    assert set(game.legal_actions(0)) == {exchange(0, i) for i in range(4)} | {DISCARD}
    assert "own" in assert_illegal(game, 0, exchange(1, 0))
    events = game.apply(0, exchange(0, 2))
    ex = [e for e in events if e.kind == "exchange"][0]
    assert ex.pos == (0, 2) and ex.face.key == "3" and ex.get("dst") == "discard"
    for v in all_views(game):
        assert v.top.key == "3" and v.drawn is None and v.seats[0].cards_left == 4
    assert face_key(game, 0, (0, 2)) == "6"                  # put down face down ("verdeckt")
    for viewer in (None, 1, 2, 3):
        assert face_key(game, viewer, (0, 2)) is None
    pass_all(game)
    finish_round(game)
    shown = keys_at_reveal(game)
    assert [shown[(0, i)] for i in range(4)] == ["1", "2", "6", "4"]


def _layout_places(game):
    return {cid: (s, i) for s, layout in enumerate(game.layouts)
            for i, cid in enumerate(layout) if cid is not None}


def test_positions_change_only_with_swap_actions():
    """cambio.de.txt: "Die Spieler dürfen die Positionen der Tischkarten nur mit Tauschaktionen
    ändern." "Die neue Karte muss dieselbe Position wie die vorherige Karte einnehmen, da die
    Positionen der Tischkarten festgelegt sind." (along random matches: a card on the table
    moves to another position only by a swap, or by being given into a gap)"""
    swaps = 0
    for game, seat, action in random_matches(12, seed=2):
        before = _layout_places(game)
        events = game.apply(seat, action)
        after = _layout_places(game)
        may_move = set()
        for e in events:
            if e.kind == "swap":
                swaps += 1
                may_move |= {e.pos, e.pos2}
            if e.kind == "give":
                may_move.add(e.pos)
        if "next_round" in kinds(events):
            continue
        for cid, place in before.items():
            if cid in after and after[cid] != place:
                assert place in may_move, (action, events, place, after[cid])
    assert swaps > 10


# --- throwing ------------------------------------------------------------------------------------

def test_anyone_may_throw_an_identical_card_even_the_player_whose_turn_it_is():
    """cambio.de.txt: "Sobald die ausgetauschte Karte auf dem Ablagestapel landet, darf jeder in
    der Runde (auch du) eine identische Karte darauf werfen." """
    game = rg(4, hands={0: [7, 7, 2, 3]}, deck=[4])
    game.apply(0, DRAW)
    game.apply(0, exchange(0, 0))
    v = game.view(None)
    assert v.phase == "window" and v.window.card.key == "7" and sorted(game.to_act()) == [0, 1, 2, 3]
    for s in range(4):
        assert match(0, 1) in game.legal_actions(s) and PASS in game.legal_actions(s)
    events = game.apply(0, match(0, 1))
    m = [e for e in events if e.kind == "match"][0]
    assert (m.seat, m.pos, m.get("ok"), m.face.key) == (0, (0, 1), True, "7")
    assert [c.key for c in game.view(None).discard[-2:]] == ["7", "7"]


def test_throw_a_known_card_from_any_layout():
    """cambio.de.txt: "Wenn z. B. eine 7 abgeworfen wird, hat jeder Spieler die Chance, eine
    beliebige andere 7 auf den Ablagestapel zu werfen, die er von allen Tischkarten (auch anderer
    Spieler) kennt." (which cards a player knows is their own business: any card on the table may
    be thrown, and an unknown one is a gamble that a wrong throw makes costly)"""
    game = rg(4, hands={3: [1, 7, 1, 1]}, deck=["look_other", 7])
    turn(game, 0, DISCARD)
    game.apply(0, peek(3, 1))                                  # seat 0 now knows the 7 of seat 3
    pass_all(game)
    game.apply(1, DRAW)
    game.apply(1, DISCARD)                                     # a 7 lands on the pile
    every = {(s, i) for s in range(4) for i in range(4)}
    for s in range(4):
        assert {a.pos for a in game.legal_actions(s) if a.kind == "match"} == every
    events = game.apply(0, match(3, 1))
    assert [(e.get("ok"), e.face.key) for e in events if e.kind == "match"] == [(True, "7")]
    assert game.view(None).seats[3].cards_left == 3


def test_speed_decides_the_first_thrower_wins():
    """cambio.de.txt: "Schnelligkeit ist hier entscheidend (siehe Sonderregeln)!" "Cambio ist ein
    Spiel, bei dem es um Geschwindigkeit, Gedächtnis, Strategie & Glück geht." (whoever throws
    first wins; the same card thrown a moment later is too slow)"""
    game = rg(4, hands={2: [5, 1, 1, 1], 3: [5, 2, 2, 2]}, deck=[5, 0])
    turn(game, 0)
    game.apply(3, match(3, 0))
    assert game.view(None).window.winner == 3
    events = game.apply(2, match(2, 0))
    m = [e for e in events if e.kind == "match"][0]
    assert (m.get("ok"), m.get("late")) == (False, True)
    v = game.view(None)
    assert v.seats[3].cards_left == 3 and v.seats[2].cards_left == 5


def test_a_thrown_card_leaves_one_table_card_fewer():
    """cambio.de.txt: "Hast du eine identische Rune reingeworfen, hast du nun eine Tischkarte
    weniger." """
    game = rg(3, hands={1: [1, 5, 1, 1]}, deck=[5])
    turn(game, 0)
    game.apply(1, match(1, 1))
    v = game.view(None)
    assert v.seats[1].cards_left == 3 and not v.slot((1, 1)).present and v.top.key == "5"
    assert len(v.seats[1].slots) == 4                 # the gap stays: positions are fixed


def test_throwing_another_players_card_lets_you_give_one_of_yours_face_down():
    """cambio.de.txt: "War es die Karte eines anderen Spielers, die du reingeworfen hast, darfst
    du ihm nun eine deiner Tischkarten geben (immer verdeckt) und hast somit eine Karte
    weniger." """
    game = rg(4, hands={2: [1, 5, 1, 1], 3: [6, 2, 3, 4]}, deck=[5, 0, 0, 0])
    turn(game, 0)
    game.apply(3, match(2, 1))
    v = game.view(None)
    assert v.phase == "give" and game.to_act() == [3]
    assert (v.pending.kind, v.pending.seat, v.pending.other, v.pending.pos) == ("give", 3, 2, (2, 1))
    assert set(game.legal_actions(3)) == {give(3, i) for i in range(4)} | {SKIP}   # "darfst"
    assert_illegal(game, 3, give(2, 0))
    events = game.apply(3, give(3, 0))
    g = [e for e in events if e.kind == "give"][0]
    assert (g.pos, g.pos2, g.face, g.faces) == ((3, 0), (2, 1), None, ())
    v = game.view(None)
    assert v.seats[3].cards_left == 3 and v.seats[2].cards_left == 4
    for viewer in range(4):                                    # "immer verdeckt"
        assert face_key(game, viewer, (2, 1)) is None
    pass_all(game)
    finish_round(game)
    assert keys_at_reveal(game)[(2, 1)] == "6"


def test_the_give_is_optional():
    """cambio.de.txt: "War es die Karte eines anderen Spielers, die du reingeworfen hast, darfst
    du ihm nun eine deiner Tischkarten geben (immer verdeckt) und hast somit eine Karte
    weniger." ("darfst": the thrower may keep their cards)"""
    game = rg(4, hands={2: [1, 5, 1, 1]}, deck=[5])
    turn(game, 0)
    game.apply(3, match(2, 1))
    events = game.apply(3, SKIP)
    assert "give" not in kinds(events)
    v = game.view(None)
    assert v.seats[3].cards_left == 4 and v.seats[2].cards_left == 3 and v.phase == "window"


def test_then_the_next_player_clockwise():
    """cambio.de.txt: "Nun ist der nächste Spieler im Uhrzeigersinn am Zug." """
    game = rg(4, deck=[1, 2, 3, 4, 5, 6])
    order = []
    for _ in range(6):
        seat = game.to_act()[0]
        order.append(seat)
        quiet_turn(game, seat)
    assert order == [0, 1, 2, 3, 0, 1]
    for seat in (0, 1, 3):
        assert game.legal_actions(seat) == []
        assert "not your move" in assert_illegal(game, seat, DRAW).lower()


def test_the_round_goes_on_until_a_call_or_an_empty_layout():
    """cambio.de.txt: "Die Runde geht solange weiter, bis entweder Cambio gerufen wird oder ein
    Spieler keine Karten mehr vor sich liegen hat." "Die Runde kann auf 2 Arten enden:" (without
    either the round goes on, past an empty deck)"""
    game = rg(3, deck_size=8)
    reshuffled = False
    for _ in range(40):
        seat = game.to_act()[0]
        events = quiet_turn(game, seat)
        reshuffled |= "reshuffle" in kinds(events)
        assert game.view(None).phase == "turn" and "round_over" not in kinds(events)
    assert reshuffled
    game.apply(game.current, CALL)
    for _ in range(2):
        quiet_turn(game, game.current)
    assert game.view(None).phase == "round_over"


def test_empty_deck_reshuffles_the_discard_pile_except_its_top():
    """clarifications.md: "Empty deck: shuffle the discard pile except its top card into a new
    deck." (cambio.yaml: empty_deck reshuffle_discard_except_top; the Cambio text is silent)"""
    assert cambio().parameters(opts())["empty_deck"] == "reshuffle_discard_except_top"
    game = rg(3, deck=[4], discard=[6, 2], deck_size=1)
    pile = len(game.view(None).discard)
    quiet_turn(game, 0)
    assert game.view(None).deck_count == 0
    events = game.apply(1, DRAW)
    assert [e.get("cards") for e in events if e.kind == "reshuffle"] == [pile]
    v = game.view(None)
    assert [c.key for c in v.discard] == ["4"] and v.deck_count == pile - 1


# --- action cards -----------------------------------------------------------------------

@pytest.mark.parametrize("key", ACTION_CARDS)
def test_actions_are_mandatory_no_skip(key):
    """cambio.de.txt: "Aktionen müssen immer ausgeführt werden, wenn eine Aktionskarte vom
    Nachziehstapel gezogen und direkt, ohne sie mit einer eigenen Tischkarte auszutauschen, wieder
    auf den Ablagestapel gelegt wird." """
    game = rg(4, deck=[key])
    game.apply(0, DRAW)
    events = game.apply(0, DISCARD)
    v = game.view(None)
    assert "ability" in kinds(events) and v.phase == "ability" and v.pending.ability == key
    assert not v.pending.optional
    steps = 0
    while game.phase == "ability":
        assert SKIP not in game.legal_actions(0)
        assert "must" in assert_illegal(game, 0, SKIP)
        game.apply(0, harmless(game.legal_actions(0)))
        steps += 1
    assert steps >= 1 and game.view(None).phase == "window"


@pytest.mark.parametrize("key", ACTION_CARDS + ("energy",))
def test_no_action_for_a_card_not_drawn_from_the_deck_and_discarded(key):
    """cambio.de.txt: "Aktionen müssen immer ausgeführt werden, wenn eine Aktionskarte vom
    Nachziehstapel gezogen und direkt, ohne sie mit einer eigenen Tischkarte auszutauschen, wieder
    auf den Ablagestapel gelegt wird." (so none for a card exchanged into the layout, thrown from
    a layout, or taken from the discard pile)"""
    # drawn from the deck but exchanged
    game = rg(3, hands={0: [1, 2, 3, 4]}, deck=[key])
    game.apply(0, DRAW)
    events = game.apply(0, exchange(0, 0))
    assert "ability" not in kinds(events) and game.view(None).phase == "window"
    # taken from the discard pile and discarded again
    game = rg(3, discard=[key], opts=opts(energy_extra_turn=True))
    game.apply(0, DRAW_DISCARD)
    events = game.apply(0, DISCARD) + pass_all(game)
    assert "ability" not in kinds(events) and "extra_turn" not in kinds(events)
    assert game.to_act() == [1]
    # exchanged out of a layout, then thrown from a layout
    game = rg(3, hands={0: [key, 1, 1, 1], 1: [key, 2, 2, 2]}, deck=[3])
    game.apply(0, DRAW)
    events = game.apply(0, exchange(0, 0))
    assert game.view(None).top.key == key and "ability" not in kinds(events)
    events = game.apply(1, match(1, 0))
    assert [e.get("ok") for e in events if e.kind == "match"] == [True]
    assert "ability" not in kinds(events) and game.view(None).phase == "window"


def test_look_at_own_card():
    """cambio.de.txt: "Wenn du diese Karte ziehst und sofort wieder ablegst, darfst du eine
    deiner eigenen Karten anschauen." "Wert ≙ 10 Punkte" (Eigene Karte anschauen)"""
    game = rg(3, hands={0: [4, 6, 2, 9]}, deck=["look_own"])
    turn(game, 0, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("peek", "own")
    assert set(game.legal_actions(0)) == {peek(0, i) for i in range(4)}
    assert "own" in assert_illegal(game, 0, peek(1, 0))
    events = game.apply(0, peek(0, 3))
    assert [(e.pos, e.face) for e in events if e.kind == "peek"] == [((0, 3), None)]
    assert keys(game, 0, 0) == [None, None, None, "9"]
    for viewer in (None, 1, 2):
        assert keys(game, 0, viewer) == [None] * 4
    assert game.view(None).slot((0, 3)).seen_by == frozenset({0})
    assert game.view(None).phase == "window"                 # one card only


def test_look_at_another_players_card():
    """cambio.de.txt: "Wenn du diese Karte ziehst und sofort wieder ablegst, darfst du die Karte
    eines anderen Mitspielers anschauen." "Wert ≙ 10 Punkte" (Fremde Karte anschauen)"""
    game = rg(3, hands={2: [4, 6, 2, 9]}, deck=["look_other"])
    turn(game, 0, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("peek", "other")
    assert set(game.legal_actions(0)) == {peek(s, i) for s in (1, 2) for i in range(4)}
    assert "opponent" in assert_illegal(game, 0, peek(0, 0))
    game.apply(0, peek(2, 1))
    assert keys(game, 2, 0) == [None, "6", None, None]
    for viewer in (None, 1, 2):
        assert keys(game, 2, viewer) == [None] * 4
    assert game.view(None).phase == "window"


SWAP_HANDS = {0: [1, 2, 3, 4], 1: [5, 6, 7, 8], 2: [9, 0, 9, 0], 3: [2, 2, 3, 3]}


@pytest.mark.parametrize("a,b", [((0, 0), (1, 1)), ((3, 2), (0, 3)), ((1, 0), (2, 1)),
                                 ((2, 2), (3, 3))])
def test_swap_own_with_other_or_other_with_other_face_down(a, b):
    """cambio.de.txt: "Wenn du diese Karte ziehst und sofort wieder ablegst, darfst du 2 beliebige
    Karten verdeckt miteinander tauschen (Eigene mit Fremder oder Fremde mit Fremder)."
    "Wert ≙ 10 Punkte" (Tauschen Karte)"""
    game = rg(4, hands=SWAP_HANDS, deck=["swap", 0, 0, 0])
    turn(game, 0, DISCARD)
    v = game.view(None)
    assert (v.pending.step, v.pending.target) == ("swap", "any")
    pairs = {frozenset((x.pos, x.pos2)) for x in game.legal_actions(0)}
    cards = [(s, i) for s in range(4) for i in range(4)]
    assert pairs == {frozenset((x, y)) for x in cards for y in cards
                     if x != y and not (x[0] == 0 and y[0] == 0)}
    events = game.apply(0, swap(a, b))
    sw = [e for e in events if e.kind == "swap"][0]
    assert (sw.pos, sw.pos2, sw.face, sw.faces) == (a, b, None, ())
    for viewer in range(4):                                   # "verdeckt": nobody sees a face
        assert all(keys(game, s, viewer) == [None] * 4 for s in range(4))
    pass_all(game)
    finish_round(game)
    shown = keys_at_reveal(game)
    assert (shown[a], shown[b]) == (str(SWAP_HANDS[b[0]][b[1]]), str(SWAP_HANDS[a[0]][a[1]]))


def test_swap_never_exchanges_two_own_cards():
    """cambio.de.txt: "Die Position zwei eigener Karten darf nicht getauscht werden." """
    game = rg(3, deck=["swap"])
    turn(game, 0, DISCARD)
    assert not any(a.pos[0] == 0 and a.pos2[0] == 0 for a in game.legal_actions(0))
    assert "own" in assert_illegal(game, 0, swap((0, 0), (0, 1)))
    # two players, the other one's cards frozen by a call: nothing may be swapped at all
    game = rg(2, deck=[0, "swap"])
    quiet_turn(game, 0)
    game.apply(1, CALL)
    events = turn(game, 0, DISCARD)
    assert "swap" not in kinds(events) and game.view(None).phase == "window"


ACTIONS_OF_THE_KING = ("look_own", "look_other", "swap")


@pytest.mark.parametrize("first,second", list(itertools.product(ACTIONS_OF_THE_KING, repeat=2)))
def test_red_king_two_actions_in_any_mix(first, second):
    """cambio.de.txt: "Wenn du einen König ziehst und ihn sofort wieder ablegst, darfst du 2
    Aktionen ausführen (eine beliebige Kombination aus eigene bzw. fremde Karte Anschauen oder
    Tauschen)." "Wert ≙ -2 Punkte" (Roter König)"""
    hands = {0: [1, 2, 3, 4], 1: [5, 6, 7, 8], 2: [0, 9, 0, 9]}
    game = rg(3, hands=hands, deck=["red_king", 0, 0])
    turn(game, 0, DISCARD)
    expect_known = set()
    swapped = []
    for n, kind in enumerate((first, second)):
        v = game.view(None)
        assert (v.pending.ability, v.pending.step) == ("red_king", "choose")
        assert set(v.pending.options) == set(ACTIONS_OF_THE_KING)
        assert set(game.legal_actions(0)) == {choose(k) for k in ACTIONS_OF_THE_KING}  # no skip
        game.apply(0, choose(kind))
        if kind == "look_own":
            game.apply(0, peek(0, n))
            expect_known.add((0, n))
        elif kind == "look_other":
            game.apply(0, peek(1, n))
            expect_known.add((1, n))
        else:
            a, b = ((0, 2), (2, 0)) if n == 0 else ((1, 3), (2, 3))
            game.apply(0, swap(a, b))
            swapped.append((a, b))
    assert game.view(None).phase == "window"
    for pos in expect_known:
        if not any(pos in pair for pair in swapped):
            assert face_key(game, 0, pos) is not None
            assert all(face_key(game, s, pos) is None for s in (None, 1, 2))
    pass_all(game)
    finish_round(game)
    shown = keys_at_reveal(game)
    for a, b in swapped:
        assert (shown[a], shown[b]) == (str(hands[b[0]][b[1]]), str(hands[a[0]][a[1]]))


def test_blue_king_one_card_of_every_other_player_shown_to_all_at_once():
    """cambio.de.txt: "Wenn du diese Karte ziehst und sofort wieder ablegst, musst du bei jedem
    Spieler (außer dir) eine Karte auswählen." "Die ausgewählten Karten müssen gleichzeitig für 3
    Sekunden und für jeden gut sichtbar gezeigt werden." "Wert ≙ 13 Punkte" (Blauer König)"""
    game = rg(4, hands={1: [5, 6, 7, 8], 2: [0, 1, 2, 3], 3: ["swap", 4, 4, "energy"]},
              deck=["blue_king"])
    turn(game, 0, DISCARD)
    v = game.view(None)
    assert (v.pending.ability, v.pending.step, v.pending.count_left) == ("blue_king", "reveal", 3)
    assert set(game.legal_actions(0)) == {pick(s, i) for s in (1, 2, 3) for i in range(4)}
    assert_illegal(game, 0, pick(0, 0))                       # "außer dir"
    before = [game.view(s) for s in (None, 0, 1, 2, 3)]
    events = game.apply(0, pick(1, 2))
    assert [(e.kind, e.pos, e.face) for e in events] == [("pick", (1, 2), None)]
    assert game.view(None).pending.count_left == 2
    assert {a.pos[0] for a in game.legal_actions(0)} == {2, 3}   # one card of every player
    assert_illegal(game, 0, pick(1, 0))
    events = game.apply(0, pick(3, 3))
    assert "reveal" not in kinds(events)
    for s, old in zip((None, 0, 1, 2, 3), before):            # nothing shown before the last pick
        assert [x.slots for x in game.view(s).seats] == [x.slots for x in old.seats]
    events = game.apply(0, pick(2, 0))
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].get("seconds") == 3      # all at once, for 3 seconds
    assert {p: f.key for p, f in reveal[0].faces} == {(1, 2): "7", (3, 3): "energy", (2, 0): "0"}
    for v in all_views(game):                                  # "für jeden gut sichtbar"
        assert {p: v.slot(p).face.key for p in ((1, 2), (3, 3), (2, 0))} == \
            {(1, 2): "7", (3, 3): "energy", (2, 0): "0"}
        assert v.slot((1, 2)).seen_by == frozenset(range(4))
    assert game.view(None).phase == "window"


def test_energy_card_has_no_action_by_default():
    """cambio.de.txt: "Wert ≙ 10 Punkte" (Energie Karte, with no action given) "Diese Karten
    besitzen in diesem Spiel keine Aktion." clarifications.md: "The text gives it no action: by
    default it has none" """
    game = rg(3, deck=["energy", 1])
    events = turn(game, 0)
    assert "ability" not in kinds(events) and "extra_turn" not in kinds(events)
    assert game.view(None).phase == "window"
    pass_all(game)
    assert game.to_act() == [1]


@pytest.mark.parametrize("key", NUMBER_KEYS)
def test_number_cards_have_no_action(key):
    """cambio.de.txt: "Diese Karten besitzen in diesem Spiel keine Aktion." "Wert ≙ Wert der
    Zahlen auf der jeweiligen Karte" """
    game = rg(3, deck=[key])
    events = turn(game, 0)
    assert "ability" not in kinds(events) and game.view(None).phase == "window"
    assert game.view(None).top.value == int(key)


def test_variant_energy_gives_another_turn():
    """clarifications.md: "a variant "energy: take another turn" may be offered" (cambio.yaml
    variant energy_extra_turn: "An Energy card drawn and discarded directly gives you another
    turn.")"""
    game = rg(3, deck=["energy", 1, "energy", 2, 3], opts=opts(energy_extra_turn=True))
    events = turn(game, 0) + pass_all(game)
    assert "extra_turn" in kinds(events)
    assert game.view(None).phase == "turn" and game.to_act() == [0]
    quiet_turn(game, 0)                                  # the extra turn; then play goes on
    assert game.to_act() == [1]
    # exchanged, it gives nothing
    game.apply(1, DRAW)
    events = game.apply(1, exchange(1, 0)) + pass_all(game)
    assert "extra_turn" not in kinds(events) and game.to_act() == [2]
    # after a call "nur noch einen weiteren Zug": no extra turn either
    game = rg(3, deck=["energy", 2], opts=opts(energy_extra_turn=True))
    game.apply(0, CALL)
    events = quiet_turn(game, 1)
    assert "extra_turn" not in kinds(events) and game.to_act() == [2]


def test_variant_optional_actions():
    """cambio.yaml variant optional_actions: "You may skip the action of a discarded action
    card." """
    for key in ACTION_CARDS:
        game = rg(3, deck=[key], opts=opts(optional_actions=True))
        turn(game, 0, DISCARD)
        assert SKIP in game.legal_actions(0)
        game.apply(0, SKIP)
        if game.phase == "ability":                     # the Red King's second action
            game.apply(0, SKIP)
        assert game.view(None).phase == "window"


# --- special rules ------------------------------------------------------------------------

def test_frozen_discard_pile_after_a_throw():
    """cambio.de.txt: "Wenn eine Karte abgeworfen wird und ein Spieler eine identische Karte darauf
    wirft, bevor der nächste Spieler an der Reihe ist, wird der Ablagestapel „eingefroren“ und der
    nächste Spieler kann seinen Zug nur vom Hauptstapel beginnen." "Es gibt ein paar Sonderregeln
    damit das Spiel spannender wird." (the heading says "Eingefrorener Hauptstapel"; the sentence,
    followed here, freezes the discard pile)"""
    game = rg(4, hands={2: [5, 1, 1, 1]}, deck=[5, 3, 2], discard=[4])
    turn(game, 0)
    game.apply(2, match(2, 0))
    pass_all(game)
    v = game.view(None)
    assert v.discard_blocked and v.top.key == "5" and game.to_act() == [1]
    assert DRAW_DISCARD not in game.legal_actions(1)
    assert "deck" in assert_illegal(game, 1, DRAW_DISCARD)
    quiet_turn(game, 1)                                 # a fresh discard: no longer frozen
    assert not game.view(None).discard_blocked
    assert DRAW_DISCARD in game.legal_actions(2)


def test_the_pile_is_frozen_for_the_next_player_only():
    """cambio.de.txt: "Wenn eine Karte abgeworfen wird und ein Spieler eine identische Karte darauf
    wirft, bevor der nächste Spieler an der Reihe ist, wird der Ablagestapel „eingefroren“ und der
    nächste Spieler kann seinen Zug nur vom Hauptstapel beginnen." (the next player only: when that
    player calls Cambio instead of drawing, the player after may take the discard again)"""
    game = rg(4, hands={2: [5, 1, 1, 1]}, deck=[5, 3, 2], discard=[4])
    turn(game, 0)
    game.apply(2, match(2, 0))
    pass_all(game)
    assert game.view(None).discard_blocked and game.to_act() == [1]
    assert game.view(None).blocked_name == "frozen"
    game.apply(1, CALL)
    assert game.to_act() == [2] and not game.view(None).discard_blocked
    assert DRAW_DISCARD in game.legal_actions(2)


def test_a_wrong_throw_does_not_freeze_the_pile():
    """cambio.de.txt: "Wenn eine Karte abgeworfen wird und ein Spieler eine identische Karte darauf
    wirft, bevor der nächste Spieler an der Reihe ist, wird der Ablagestapel „eingefroren“ und der
    nächste Spieler kann seinen Zug nur vom Hauptstapel beginnen." (only an identical card
    freezes it)"""
    game = rg(4, hands={2: [9, 1, 1, 1]}, deck=[5, 3])
    turn(game, 0)
    game.apply(2, match(2, 0))
    pass_all(game)
    assert not game.view(None).discard_blocked
    assert DRAW_DISCARD in game.legal_actions(1)


def test_the_first_thrower_may_throw_every_further_card_of_the_rune():
    """cambio.de.txt: "Der Spieler, der als erstes eine identische Rune oben auf den Ablagestapel
    legt, ist der einzige Spieler, der nun alle ihm bekannten identischen Runen ablegen darf."
    "Es gibt keine Begrenzung der Anzahl." """
    game = rg(4, hands={1: [5, 5, 1, 5], 2: [5, 1, 1, 1]}, deck=[5, 0])
    turn(game, 0)
    game.apply(1, match(1, 0))
    v = game.view(None)
    assert v.window.winner == 1 and game.to_act()[0] == 1
    game.apply(1, match(1, 1))
    game.apply(1, match(1, 3))
    game.apply(1, match(2, 0))                          # another player's card, too
    game.apply(1, SKIP)                                 # no card given back
    v = game.view(None)
    assert [c.key for c in v.discard].count("5") == 5 and v.seats[1].cards_left == 1
    assert v.seats[2].cards_left == 3 and v.phase == "window" and v.window.winner == 1
    game.apply(1, PASS)                                 # the winner stops: the race is over
    v = game.view(None)
    assert v.phase == "turn" and v.window is None and game.to_act() == [1] and v.discard_blocked


def test_the_chain_ends_with_a_wrong_card():
    """cambio.de.txt: "Der Spieler, der als erstes eine identische Rune oben auf den Ablagestapel
    legt, ist der einzige Spieler, der nun alle ihm bekannten identischen Runen ablegen darf."
    "Wenn du deine eigene oder die Tischkarte eines anderen Spielers falsch ablegst (die Rune war
    nicht identisch mit dem Ablagestapel oder du warst zu langsam), musst du deine Karte wieder
    zurücknehmen und zusätzlich eine Strafkarte vom Hauptstapel ziehen ohne sie anzusehen und sie
    verdeckt an einen beliebigen Ort neben deine Tischkarten legen." """
    game = rg(4, hands={1: [5, 6, 5, 1]}, deck=[5, 0, 7])
    turn(game, 0)
    game.apply(1, match(1, 0))
    events = game.apply(1, match(1, 1))
    assert [e.get("ok") for e in events if e.kind == "match"] == [False]
    assert "penalty" in kinds(events)
    v = game.view(None)
    assert v.phase == "turn" and v.seats[1].cards_left == 4 and v.slot((1, 1)).face.key == "6"


def test_nobody_else_may_throw_after_the_first_a_late_throw_is_wrong():
    """cambio.de.txt: "Der Spieler, der als erstes eine identische Rune oben auf den Ablagestapel
    legt, ist der einzige Spieler, der nun alle ihm bekannten identischen Runen ablegen darf."
    "Wenn du deine eigene oder die Tischkarte eines anderen Spielers falsch ablegst (die Rune war
    nicht identisch mit dem Ablagestapel oder du warst zu langsam), musst du deine Karte wieder
    zurücknehmen und zusätzlich eine Strafkarte vom Hauptstapel ziehen ohne sie anzusehen und sie
    verdeckt an einen beliebigen Ort neben deine Tischkarten legen." """
    game = rg(4, hands={1: [5, 1, 1, 1], 2: [2, 5, 2, 2], 3: [5, 3, 3, 3]}, deck=[5, 8, 9])
    turn(game, 0)
    game.apply(1, match(1, 0))
    deck = game.view(None).deck_count
    events = game.apply(3, match(3, 0))                 # too slow, with its own right card
    assert [(e.get("ok"), e.get("late")) for e in events if e.kind == "match"] == [(False, True)]
    events += game.apply(2, match(2, 1)) if 2 in game.to_act() else []
    v = game.view(None)
    for seat, pos in ((3, (3, 0)), (2, (2, 1))):        # back in place, shown, plus a penalty
        assert v.slot(pos).present and v.slot(pos).face.key == "5"
        assert v.seats[seat].cards_left == 5 and v.seats[seat].slots[4].penalty
    assert v.deck_count == deck - 2 and v.seats[1].cards_left == 3
    assert [c.key for c in v.discard].count("5") == 2


def test_the_king_runes_may_be_thrown_on_each_other():
    """cambio.de.txt: "Beachtet nochmals, dass es hierbei ausschließlich um die Rune geht." "Das
    bedeutet, die Königs-Runen dürfen aufeinandergelegt werden!" clarifications.md: "both share the
    king rune" """
    for top, other in (("red_king", "blue_king"), ("blue_king", "red_king")):
        game = rg(3, hands={0: [top, 1, 1, 1], 1: [other, 2, 2, 2], 2: [other, 3, 3, 3]},
                  deck=[4])
        game.apply(0, DRAW)
        game.apply(0, exchange(0, 0))                   # exchanged: no action
        events = game.apply(1, match(1, 0))
        assert [(e.get("ok"), e.face.key) for e in events if e.kind == "match"] == [(True, other)]
        events = game.apply(1, match(2, 0))             # the chain: the other king of that kind
        assert [e.get("ok") for e in events if e.kind == "match"] == [True]
        assert [c.key for c in game.view(None).discard[-3:]] == [top, other, other]


def test_wrong_throw_of_an_own_card_goes_back_with_an_unseen_penalty_card():
    """cambio.de.txt: "Wenn du deine eigene oder die Tischkarte eines anderen Spielers falsch
    ablegst (die Rune war nicht identisch mit dem Ablagestapel oder du warst zu langsam), musst du
    deine Karte wieder zurücknehmen und zusätzlich eine Strafkarte vom Hauptstapel ziehen ohne sie
    anzusehen und sie verdeckt an einen beliebigen Ort neben deine Tischkarten legen." """
    game = rg(4, hands={3: [5, 9, 1, 1]}, deck=[5, 2, 0, 0, 0])
    turn(game, 0)
    deck = game.view(None).deck_count
    events = game.apply(3, match(3, 1))
    m = [e for e in events if e.kind == "match"][0]
    assert (m.get("ok"), m.face.key, m.pos) == (False, "9", (3, 1))
    pen = [e for e in events if e.kind == "penalty"]
    assert len(pen) == 1 and pen[0].seat == 3 and pen[0].face is None and pen[0].pos == (3, 4)
    for v in all_views(game):
        assert v.slot((3, 1)).present and v.slot((3, 1)).face.key == "9"     # taken back
        slot = v.seats[3].slots[4]
        assert slot.present and slot.penalty and slot.face is None and not slot.seen_by  # unseen
        assert v.deck_count == deck - 1 and v.top.key == "5"
    pass_all(game)
    finish_round(game)
    assert keys_at_reveal(game)[(3, 4)] == "2"                  # from the main deck


def test_wrong_throw_of_another_players_card_penalises_the_thrower():
    """cambio.de.txt: "Wenn du deine eigene oder die Tischkarte eines anderen Spielers falsch
    ablegst (die Rune war nicht identisch mit dem Ablagestapel oder du warst zu langsam), musst du
    deine Karte wieder zurücknehmen und zusätzlich eine Strafkarte vom Hauptstapel ziehen ohne sie
    anzusehen und sie verdeckt an einen beliebigen Ort neben deine Tischkarten legen." (the card
    goes back to its owner's position; the owner has no say, unlike Kombio)"""
    game = rg(4, hands={2: [9, 1, 1, 1]}, deck=[5, 2])
    turn(game, 0)
    events = game.apply(3, match(2, 0))
    assert [(e.get("ok"), e.face.key) for e in events if e.kind == "match"] == [(False, "9")]
    assert [e.seat for e in events if e.kind == "penalty"] == [3]
    v = game.view(None)
    assert v.phase == "window" and v.slot((2, 0)).face.key == "9"
    assert v.seats[2].cards_left == 4 and v.seats[3].cards_left == 5


def test_a_throw_always_shows_the_card_there_is_no_touching():
    """cambio.de.txt: "Im Duell: Für nicht aufgedeckte oder nur angefasste Karten gibt es keine
    Strafkarten." "Aber jeder vermutet nun welche Rune sich unter dieser Tischkarte verbirgt...
    ..außer du bluffst." Not modelled, because the table offers no way to touch a card without
    throwing it: in the race the only moves are to throw ("match", which turns the card face up
    for everyone) or to pass, so there is no bluff and nothing to be exempt from a penalty."""
    throws = 0
    for game, seat, action in random_matches(10, seed=3):
        if game.phase == "window":
            assert {a.kind for a in game.legal_actions(seat)} <= {"match", "pass"}
        events = game.apply(seat, action)
        for e in events:
            if e.kind == "match":
                throws += 1
                assert e.face is not None
                if not e.get("ok"):                         # back in place, face up for all
                    assert game.view(None).slot(e.pos).face == e.face
    assert throws > 50


# --- the end of a round -------------------------------------------------------------------

def test_round_ends_at_once_when_a_player_throws_their_last_card():
    """cambio.de.txt: "Sobald ein Spieler keine Tischkarten mehr hat, endet die Runde sofort."
    "Die Runde kann auf 2 Arten enden:" (at once: nobody throws on, not even too late)"""
    game = rg(3, hands={1: [5, EMPTY, EMPTY, EMPTY], 2: [5, 1, 1, 1]}, deck=[5])
    turn(game, 0)
    events = game.apply(1, match(1, 0))
    assert "round_over" in kinds(events)
    v = game.view(None)
    assert v.phase == "round_over" and v.seats[1].cards_left == 0 and v.seats[2].cards_left == 4
    assert result(game)[1].hand == 0 and result(game)[2].hand == 8
    assert game.legal_actions(2) == [NEXT]


def test_round_ends_at_once_when_a_player_is_left_without_cards_after_a_throw():
    """cambio.de.txt: "Sobald ein Spieler keine Tischkarten mehr hat, endet die Runde sofort."
    "War es die Karte eines anderen Spielers, die du reingeworfen hast, darfst du ihm nun eine
    deiner Tischkarten geben (immer verdeckt) und hast somit eine Karte weniger." (the give
    belongs to the throw, so it comes first: a player whose last card was thrown by another is
    out of cards only if the thrower gives nothing back)"""
    # the thrower gives nothing back: the owner has no cards, the round is over
    game = rg(3, hands={1: [5, EMPTY, EMPTY, EMPTY]}, deck=[5])
    turn(game, 0)
    game.apply(2, match(1, 0))
    assert game.view(None).phase == "give"
    events = game.apply(2, SKIP)
    assert "round_over" in kinds(events)
    # the thrower gives one back: the round goes on
    game = rg(3, hands={1: [5, EMPTY, EMPTY, EMPTY]}, deck=[5])
    turn(game, 0)
    game.apply(2, match(1, 0))
    game.apply(2, give(2, 3))
    v = game.view(None)
    assert v.phase == "window" and v.seats[1].cards_left == 1 and v.seats[2].cards_left == 3
    # the thrower gives away their own last card: now they have none, the round is over
    game = rg(3, hands={1: [5, 1, EMPTY, EMPTY], 2: [3, EMPTY, EMPTY, EMPTY]}, deck=[5])
    turn(game, 0)
    game.apply(2, match(1, 0))
    events = game.apply(2, give(2, 0))
    assert "round_over" in kinds(events)
    assert game.view(None).seats[2].cards_left == 0 and result(game)[2].hand == 0


def test_call_cambio_instead_of_drawing():
    """cambio.de.txt: "Ein Spieler pro Runde kann anstatt eine neue Karte zu ziehen Cambio rufen,
    wenn er glaubt, dass er die wenigsten Punkte (maximal 5 oder weniger) unter allen Spielern
    hat." """
    game = rg(4)
    assert CALL in game.legal_actions(0)
    before = game.view(None)
    events = game.apply(0, CALL)
    call = [e for e in events if e.kind == "call"][0]
    assert call.seat == 0 and call.get("ok") and not call.get("auto")
    v = game.view(None)
    assert v.caller == 0 and v.call_name == "Cambio" and v.seats[0].called
    assert v.deck_count == before.deck_count and v.discard == before.discard   # no card drawn
    assert v.phase == "turn" and game.to_act() == [1]
    # instead of drawing: not once a card is drawn
    game = rg(4)
    game.apply(0, DRAW)
    assert CALL not in game.legal_actions(0)
    assert_illegal(game, 0, CALL)


def test_one_call_per_round():
    """cambio.de.txt: "Ein Spieler pro Runde kann anstatt eine neue Karte zu ziehen Cambio rufen,
    wenn er glaubt, dass er die wenigsten Punkte (maximal 5 oder weniger) unter allen Spielern
    hat." """
    game = rg(4, deck=[1, 2, 3])
    game.apply(0, CALL)
    for seat in (1, 2, 3):
        assert CALL not in game.legal_actions(seat)
        assert "already" in assert_illegal(game, seat, CALL)
        quiet_turn(game, seat)
    assert game.view(None).phase == "round_over"
    next_round(game)
    assert CALL in game.legal_actions(game.current)             # a new round, a new call


def test_call_is_allowed_above_five_points_the_limit_is_checked_at_the_reveal():
    """cambio.de.txt: "Ein Spieler pro Runde kann anstatt eine neue Karte zu ziehen Cambio rufen,
    wenn er glaubt, dass er die wenigsten Punkte (maximal 5 oder weniger) unter allen Spielern
    hat." ("glaubt": the caller may not know their total) clarifications.md: "The 5-point limit
    is checked at the reveal, not when calling: refusing a call would tell the caller their
    total, which they may not know. A caller found above 5 at the reveal scores as an
    unsuccessful caller (+5)." """
    params = cambio().parameters(opts())["call"]
    assert (params["limit"], params["limit_checked"]) == (5, "at_reveal")
    game = rg(3, hands={0: [1, 1, 2, 2], 1: [9, 9, 9, 9], 2: [8, 8, 8, 8]}, deck=[0, 0])
    assert CALL in game.legal_actions(0)                      # 6 points: the call is not refused
    finish_round(game)
    r = result(game)
    assert (r[0].hand, r[0].bonus, r[0].round_score) == (6, 5, 11)    # lowest, but above 5
    assert "limit" in r[0].note
    assert (r[1].bonus, r[2].bonus) == (0, 0)


def test_caller_frozen_cards_cannot_be_thrown():
    """cambio.de.txt: "Damit sind seine Karten „eingefroren“, niemand darf sie mehr tauschen,
    anschauen oder reinwerfen." (the caller does not race either: throwing changes a layout)"""
    for n in (2, 4):
        game = rg(n, hands={0: [5, 5, 5, 5], 1: [1, 1, 1, 2]}, deck=[5])
        game.apply(0, CALL)
        assert game.view(None).seats[0].locked
        turn(game, 1)
        assert game.view(None).window.card.key == "5"
        assert 0 not in game.to_act()
        frozen = {(0, i) for i in range(4)}
        for s in game.to_act():
            assert not {a.pos for a in game.legal_actions(s) if a.kind == "match"} & frozen
        assert "locked" in assert_illegal(game, 1, match(0, 0)).lower()
        assert "locked" in assert_illegal(game, 0, match(1, 0)).lower()


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("key", ACTION_CARDS)
def test_caller_frozen_cards_cannot_be_looked_at_or_swapped(n, key):
    """cambio.de.txt: "Damit sind seine Karten „eingefroren“, niemand darf sie mehr tauschen,
    anschauen oder reinwerfen." (a Blue King's pick would show one to everyone: not there
    either; even two players lock the caller)"""
    game = rg(n, hands={0: [5, 5, 5, 5]}, deck=[key, 0, 0])
    game.apply(0, CALL)
    frozen = {(0, i) for i in range(4)}
    game.apply(1, DRAW)
    game.apply(1, DISCARD)
    while game.phase == "ability":
        legal = game.legal_actions(1)
        for a in legal:
            assert a.pos not in frozen and a.pos2 not in frozen, a
        if game.view(None).pending.step == "choose":
            assert choose("look_own") in legal
            assert (choose("look_other") in legal) == (n > 2)
        game.apply(1, harmless(legal))
    for target in ((0, 0), (0, 3)):
        assert all(face_key(game, s, target) is None for s in range(1, n))
    pass_all(game)
    finish_round(game)
    assert [keys_at_reveal(game)[(0, i)] for i in range(4)] == ["5"] * 4


def test_everyone_else_has_one_more_turn():
    """cambio.de.txt: "Jeder der anderen Spieler hat dann nur noch einen weiteren Zug, bevor die
    Runde endet." "Die Runde kann auf 2 Arten enden:" """
    game = rg(4, deck=[1, 2, 3, 4])
    quiet_turn(game, 0)
    game.apply(1, CALL)
    order = []
    while game.view(None).phase == "turn":
        seat = game.to_act()[0]
        order.append(seat)
        assert CALL not in game.legal_actions(seat)
        quiet_turn(game, seat)
    assert order == [2, 3, 0] and game.view(None).phase == "round_over"
    assert game.view(None).final_turns == ()


# --- points ---------------------------------------------------------------------------------------

def test_cards_turned_up_and_added_at_the_end_of_the_round():
    """cambio.de.txt: "Am Ende der Runde drehen die Spieler ihre Tischkarten um und addieren die
    auf den Kartenecken angegebene Punktezahl." "Ziel des Spiels ist es Karten loszuwerden oder sie
    mit niedrigeren Kartenwerten auszutauschen, um am Ende der Runde, in der Cambio gerufen wird,
    die wenigsten Punkte unter seinen Tischkarten zu haben." (penalty cards lie among the table
    cards and count; a thrown card counts no more)"""
    game = rg(3, hands={0: [1, 2, 0, EMPTY], 1: ["blue_king", 9, 5, 7], 2: [4, 0, 9, 9]},
              deck=[4, 6, 6])
    game.apply(0, CALL)
    turn(game, 1)
    game.apply(2, match(2, 2))                           # wrong: a 9 on a 4, a penalty 6
    pass_all(game)
    quiet_turn(game, 2)
    v = game.view(None)
    assert v.phase == "round_over"
    for viewer in (None, 0, 1, 2):                       # turned up for everyone
        assert all(s.face is not None for seat in game.view(viewer).seats
                   for s in seat.slots if s.present)
    r = result(game)
    assert (r[0].hand, r[1].hand, r[2].hand) == (3, 34, 28)
    assert (r[0].bonus, r[0].round_score) == (-5, -2)


def test_round_scores_are_written_down_and_added_up():
    """cambio.de.txt: "Verrechnet die Rundenpunkte auf einem Notizblock." "Das Spiel endet, wenn
    ein Spieler über mehrere Runden hinweg insgesamt 50 Punkte erreicht hat." """
    game = rg(4, opts=opts(points=10000))
    for r in range(3):
        if r:
            next_round(game)
        finish_round(game)
        v = game.view(None)
        assert len(v.history) == r + 1
        totals = [sum(h[s] for h in v.history) for s in range(4)]
        assert totals == game.scores() == [res.total for res in v.results]
        assert [seat.total for seat in v.seats] == totals


@pytest.mark.parametrize("hands,bonus", [
    ({0: [0, 0, 1, 2], 1: [1, 1, 2, 3], 2: [5, 5, 5, 5]}, -5),    # caller 3, fewest
    ({0: [0, 0, 2, 3], 1: [0, 1, 1, 1], 2: [9, 9, 9, 9]}, 5),     # caller 5, beaten by 3
    ({0: [0, 0, 1, 3], 1: [1, 1, 2, 0], 2: [9, 9, 9, 9]}, 5),     # caller 4, tied: not "the fewest"
    ({0: [5, 0, 0, 0], 1: [3, 3, 3, 3], 2: [4, 4, 4, 4]}, -5),    # caller exactly 5, fewest
    ({0: [5, 1, 0, 0], 1: [3, 3, 3, 3], 2: [4, 4, 4, 4]}, 5),     # caller 6, fewest but above 5
])
def test_caller_bonus_minus_five_or_plus_five(hands, bonus):
    """cambio.de.txt: "Wenn ein Spieler Cambio gerufen hat und tatsächlich die wenigsten Punkte
    hatte, werden ihm als Belohnung zusätzlich 5 Punkte abgezogen." "Hatte er nicht die wenigsten
    Punkte, werden ihm 5 Punkte dazu addiert." (a tie is not "die wenigsten"; clarifications.md:
    "A caller found above 5 at the reveal scores as an unsuccessful caller (+5).")"""
    game = rg(3, hands=hands, deck=[8, 8])
    finish_round(game)
    r = result(game)
    assert r[0].bonus == bonus and r[1].bonus == 0 and r[2].bonus == 0
    assert game.scores() == [sum(map(int, hands[s])) + (bonus if s == 0 else 0) for s in range(3)]


def test_variant_ties_favour_the_caller():
    """cambio.yaml variant ties_favour_caller: "A caller tied for fewest points counts as fewest
    (-5)." """
    hands = {0: [0, 0, 1, 3], 1: [1, 1, 2, 0], 2: [5, 5, 5, 5]}
    game = rg(3, hands=hands, deck=[8, 8], opts=opts(ties_favour_caller=True))
    finish_round(game)
    assert game.scores() == [-1, 4, 20]


def test_match_ends_when_someone_reaches_fifty_fewest_points_win():
    """cambio.de.txt: "Das Spiel endet, wenn ein Spieler über mehrere Runden hinweg insgesamt 50
    Punkte erreicht hat." "Der Spieler mit den wenigsten Punkten gewinnt." """
    ruleset = cambio()
    assert ruleset.match_end.modes == ("points",) and ruleset.match_end.points == 50
    game = rg(3, opts=opts(points=50),
              hands={0: [0, 0, 0, 0], 1: [9, 9, 9, 9], 2: [1, 1, 1, 1]}, deck=[2, 3])
    finish_round(game)                                   # seat 0 calls with 0: -5
    assert game.scores() == [-5, 36, 4] and not game.is_over()
    game.apply(2, NEXT)
    rig(game, hands={0: [1, 1, 1, 1], 1: [5, 2, 2, 0], 2: [0, 0, 0, 0]}, deck=[3, 3])
    assert game.current == 1                             # the new dealer starts, and calls
    events = finish_round(game)                          # seat 1: 9 + 5 = 14, total exactly 50
    assert game.scores() == [-1, 50, 4]
    assert game.is_over() and game.view(None).phase == "match_over"
    assert game.view(None).winners == (0,)
    assert [e.get("winners") for e in events if e.kind == "match_over"] == [(0,)]
    assert game.to_act() == [] and all(game.legal_actions(s) == [] for s in range(3))


def test_a_whole_match_to_fifty():
    """cambio.de.txt: "Das Spiel endet, wenn ein Spieler über mehrere Runden hinweg insgesamt 50
    Punkte erreicht hat." "Der Spieler mit den wenigsten Punkten gewinnt." """
    game = rg(4, opts=opts(points=50), seed=3)
    rounds = 0
    while not game.is_over():
        assert max(game.scores()) < 50
        if game.view(None).phase == "round_over":
            next_round(game)
        finish_round(game)
        rounds += 1
        assert rounds < 100
    totals = game.scores()
    assert max(totals) >= 50
    assert list(game.view(None).winners) == [s for s in range(4) if totals[s] == min(totals)]


# --- the ruleset ------------------------------------------------------------------------------

def test_variants_are_offered_and_off_by_default():
    """clarifications.md: "a variant "energy: take another turn" may be offered"; every variant
    is off by default, so the defaults are the text's rules."""
    variants = {v.key: v for v in cambio().variants}
    assert set(variants) == {"energy_extra_turn", "optional_actions", "ties_favour_caller"}
    assert not any(v.default for v in variants.values())
    p = cambio().parameters(opts())
    assert p["first_player"] == "dealer" and p["abilities"] == "mandatory"
    assert p["matching"]["after_success"] == "exclusive_chain"
    assert p["matching"]["give_after_opponent_match"] == "may"
    assert p["matching"]["late_throw"] == "penalty" and p["matching"]["blocks_discard_draw"]
    assert p["call"]["zero_cards"] == "end_round" and p["call"]["lock_min_players"] == 2
    assert p["card_abilities"]["energy"] is None


ILLEGAL = [
    ("look again", lambda: rg(3, look=True), 0, LOOK),
    ("draw from an empty discard pile", lambda: rg(3), 0, DRAW_DISCARD),
    ("skip a Swap", lambda: (g := rg(3, deck=["swap"])) and turn(g, 0, DISCARD) and g, 0, SKIP),
    ("swap two own cards", lambda: (g := rg(3, deck=["swap"])) and turn(g, 0, DISCARD) and g, 0,
     swap((0, 1), (0, 2))),
    ("look at an own card with Look at another's card",
     lambda: (g := rg(3, deck=["look_other"])) and turn(g, 0, DISCARD) and g, 0, peek(0, 0)),
    ("choose an action that is not the Red King's",
     lambda: (g := rg(3, deck=["red_king"])) and turn(g, 0, DISCARD) and g, 0, choose("blue_king")),
    ("pick an own card for the Blue King",
     lambda: (g := rg(3, deck=["blue_king"])) and turn(g, 0, DISCARD) and g, 0, pick(0, 1)),
    ("peek instead of picking",
     lambda: (g := rg(3, deck=["blue_king"])) and turn(g, 0, DISCARD) and g, 0, peek(1, 1)),
    ("give without having thrown", lambda: (g := rg(3, deck=[5])) and turn(g, 0) and g, 1,
     give(1, 0)),
    ("decide as in Kombio", lambda: (g := rg(3, deck=[5])) and turn(g, 0) and g, 1,
     Action("decide", choice="take")),
    ("call during the race", lambda: (g := rg(3, deck=[5])) and turn(g, 0) and g, 0, CALL),
]


@pytest.mark.parametrize("name,setup,seat,action", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_actions_are_refused_with_a_sentence(name, setup, seat, action):
    """DESIGN.md: "apply(seat, action) — validates (raises IllegalAction with a sentence a player
    understands)"; a refused action leaves the state unchanged."""
    game = setup()
    assert action not in game.legal_actions(seat)
    assert_illegal(game, seat, action)
    check_conserved(game)
    assert len(card_ids(game)) == 76
