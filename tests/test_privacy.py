"""Privacy: a seat's view (and its legal actions) depends only on what that seat may know.

DESIGN.md: "Two states that differ only in what seat S may not know give S the
same view". Twin states are made by permuting card ids among places that S
does not know and that carry the same public knowledge (the same set of
seats has seen them): deck positions, other players' unknown cards, a card
another player holds. Hidden cards carry no CardDef; events carry only public
faces. (Pixel privacy is tested with the UI.)
"""
import random

import pytest

from game.engine.cards import CardDef
from game.engine.core import Action
from rigging import load
from rigging_memory import card_at, face, hidden_twin, twin_of, new_game, options, pass_all, places, rigged

DRAW = Action("draw", choice="deck")
DISCARD = Action("discard")


# --- twins ---------------------------------------------------------------------------

def differs(a, b):
    """The places whose card ids differ between two states."""
    return [p for p in places(a) if card_at(a, p) != card_at(b, p)]


def assert_same_for(game, twin, seat):
    assert twin.view(seat) == game.view(seat)
    if seat is not None:
        assert twin.legal_actions(seat) == game.legal_actions(seat)
    assert twin.to_act() == game.to_act()


# --- hand-made twins -------------------------------------------------------------------

def test_reordering_the_deck_changes_no_view():
    game = rigged(4, look=True)
    twin = twin_of(game)
    random.Random(1).shuffle(twin.deck)
    assert differs(game, twin)
    for seat in (None, 0, 1, 2, 3):
        assert_same_for(game, twin, seat)
    # the next card drawn differs: only the drawer may see the difference
    game.apply(1, DRAW)
    twin.apply(1, DRAW)
    for seat in (None, 0, 2, 3):
        assert_same_for(game, twin, seat)


def test_swapping_two_cards_nobody_has_seen_between_players():
    game = rigged(3, hands={1: [1, 2, 3, 4], 2: [9, 10, 11, 12]}, look=True)
    twin = twin_of(game)
    # the top rows were seen by nobody: (1, 0) and (2, 1)
    twin.layouts[1][0], twin.layouts[2][1] = twin.layouts[2][1], twin.layouts[1][0]
    for seat in (None, 0, 1, 2):
        assert_same_for(game, twin, seat)


def test_swapping_cards_others_know_is_invisible_to_the_rest():
    """Seat 1 and seat 2 each know their bottom cards; seat 0 knows neither."""
    game = rigged(3, hands={1: [1, 2, 3, 4], 2: [9, 10, 11, 12]}, look=True)
    a, b = game.layouts[1][2], game.layouts[2][2]
    twin = twin_of(game)
    # swap the cards and keep who-knows-which-position: seat 1 now "knows" an 11 at (1, 2)
    twin.layouts[1][2], twin.layouts[2][2] = b, a
    twin.known[a], twin.known[b] = game.known[b], game.known[a]
    assert_same_for(game, twin, 0)
    assert_same_for(game, twin, None)
    assert face(game, 1, (1, 2)) == 3 and face(twin, 1, (1, 2)) == 11
    assert game.view(1) != twin.view(1) and game.view(2) != twin.view(2)


def test_a_card_in_the_deck_and_an_unseen_card_in_a_hand():
    game = rigged(4, hands={2: [7, 7, 7, 7]}, deck=[-1], look=True)
    twin = twin_of(game)
    twin.layouts[2][0], twin.deck[-1] = twin.deck[-1], twin.layouts[2][0]
    for seat in (None, 0, 1, 2, 3):
        assert_same_for(game, twin, seat)


def test_the_drawn_card_is_private_to_the_drawer():
    game = rigged(3, hands={0: [5, 5, 5, 5]}, deck=[13], look=True)
    game.apply(1, DRAW)
    twin = twin_of(game)
    a, b = twin.drawn, twin.layouts[0][0]
    twin.drawn, twin.layouts[0][0] = b, a            # the drawn 13 <-> an unseen 5 ...
    twin.known[a], twin.known[b] = game.known[b], game.known[a]   # ... seat 1 knowing the drawn one
    for seat in (None, 2):
        assert_same_for(game, twin, seat)
    assert game.view(1).drawn.value == 13 and game.view(None).drawn is None
    assert game.view(None).drawn_by == 1 and game.view(None).drawn_from == "deck"


# --- twins at random points of random matches ----------------------------------------------

def random_states(n_matches=60, seed=0):
    """States along seeded random matches (each yielded once, then play goes on)."""
    for m in range(n_matches):
        rng = random.Random(seed * 1000 + m)
        n = 2 + m % 5
        game = new_game(n, seed=m, opts=options(rounds=2))
        steps = 0
        while not game.is_over() and steps < 3000:
            if rng.random() < 0.08:
                yield rng, game
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            calls = [a for a in legal if a.kind == "call"]
            action = rng.choice([a for a in legal if a.kind != "call"] or legal)
            if calls and rng.random() < 0.03:
                action = calls[0]
            game.apply(seat, action)
            steps += 1


def check_random_twins(n_matches=25) -> tuple:
    """Every seat (and the public) sees the same in a state and its hidden twin, at random points of
    random matches; returns (twins checked, twins whose cards really differ)."""
    checked = changed = 0
    for rng, game in random_states(n_matches):
        for seat in [None] + list(range(game.n)):
            twin = hidden_twin(game, seat, rng)
            assert_same_for(game, twin, seat)
            checked += 1
            changed += bool(differs(game, twin))
    return checked, changed


def test_twins_differing_only_in_hidden_cards_look_the_same():
    checked, changed = check_random_twins(25)
    assert checked > 400 and changed > checked * 0.8


def test_a_leak_injected_on_purpose_is_caught(monkeypatch):
    """The check above can fail. Mutation (issue 7): a hidden card's value leaks through the penalty
    flag of its position, in the code that builds a position's view and caches it by a key that does
    not hold the card. Twins that shared the original's view cache would reuse its views and miss it;
    twins built with nothing shared (`rigging.twin_of`) see the leak."""
    import inspect
    import textwrap

    from game.families.memory import view as memory
    source = textwrap.dedent(inspect.getsource(memory._seat_view))
    honest = "penalty=pens[i],"
    assert source.count(honest) == 1, "the code this mutation targets has changed: update the mutation"
    leaky = source.replace(honest, "penalty=pens[i] or (c is not None and defs[c].value >= 10),")
    namespace = dict(vars(memory))
    exec(compile(leaky, memory.__file__, "exec"), namespace)
    monkeypatch.setattr(memory, "_seat_view", namespace["_seat_view"])
    with pytest.raises(AssertionError):
        check_random_twins(3)


def test_hidden_cards_carry_no_face():
    for rng, game in random_states(15, seed=1):
        everyone = frozenset(range(game.n))
        for seat in [None] + list(range(game.n)):
            v = game.view(seat)
            for sv in v.seats:
                for slot in sv.slots:
                    # `shuffle`: which reshuffle of the deck the card came from, which everyone saw
                    assert set(vars(slot)) == {"pos", "present", "face", "seen_by", "penalty", "shuffle"}
                    if not slot.present:
                        assert slot.face is None
                        continue
                    public = slot.seen_by == everyone
                    mine = seat is not None and seat in slot.seen_by
                    assert (slot.face is not None) == (public or mine), (seat, slot)
                    assert slot.face is None or isinstance(slot.face, CardDef)
            if v.drawn is not None:
                assert v.drawn_from == "discard" or v.drawn_by == seat


def test_a_peek_shows_the_face_only_to_the_peeker():
    game = rigged(4, hands={3: [6, 6, 6, 6]}, deck=[9])
    game.apply(1, DRAW)
    game.apply(1, DISCARD)
    events = game.apply(1, Action("peek", pos=(3, 2)))
    peek = [e for e in events if e.kind == "peek"]
    assert len(peek) == 1 and peek[0].face is None and peek[0].faces == () and peek[0].pos == (3, 2)
    assert face(game, 1, (3, 2)) == 6
    for seat in (None, 0, 2, 3):
        assert face(game, seat, (3, 2)) is None
    assert game.view(None).slot((3, 2)).seen_by == frozenset({1})    # that seat 1 looked is public


def test_a_draw_from_the_deck_shows_no_face():
    game = rigged(3, deck=[14], look=True)
    events = game.apply(1, DRAW)
    draw = [e for e in events if e.kind == "draw"]
    assert draw and draw[0].face is None and draw[0].faces == ()


PRIVATE_KINDS = {"deal", "look_start", "turn", "draw_deck", "peek", "pick", "swap", "give",
                 "penalty", "decide", "call", "skip", "choose", "ability", "reshuffle", "pass",
                 "window_close", "next_round", "round_over", "match_over", "extra_turn"}
PUBLIC_FACE = {"exchange", "discard", "draw_discard", "match", "window_open"}


def test_events_never_carry_a_private_face():
    """Every face in an event is one the whole table sees at that moment."""
    seen = set()
    for m in range(60):
        rng = random.Random(m)
        n = 2 + m % 5
        game = new_game(n, seed=m, opts=options(rounds=1))
        while not game.is_over():
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            action = rng.choice([a for a in legal if a.kind != "call"] or legal)
            if Action("call") in legal and rng.random() < 0.05:
                action = Action("call")
            events = game.apply(seat, action)
            public = game.view(None)
            for e in events:
                kind = f"{e.kind}_{e.get('src')}" if e.kind == "draw" else e.kind
                seen.add(kind)
                if kind in PUBLIC_FACE:
                    assert e.face is not None and not e.faces
                    if kind in ("exchange", "discard"):
                        assert e.face in public.discard
                    if kind == "match" and not e.get("ok"):
                        assert public.slot(e.pos).face == e.face or not public.slot(e.pos).present
                elif kind == "reveal":
                    assert e.faces and e.face is None
                else:
                    assert kind in PRIVATE_KINDS, f"an event kind this test does not know: {kind}"
                    assert e.face is None and e.faces == (), f"{kind} carries a face"
                assert not any(isinstance(v, CardDef) for _, v in e.data), f"{kind} data has a face"
    assert {"draw_deck", "peek", "swap", "give", "penalty", "match", "exchange"} <= seen


def test_penalty_and_given_cards_stay_unseen():
    game = rigged(4, hands={2: [9, 5, 2, 3], 3: [4, 6, 4, 8]}, deck=[5, 12])
    game.apply(1, DRAW)
    game.apply(1, DISCARD)
    events = game.apply(2, Action("match", pos=(2, 0)))        # wrong: a 9 on a 5
    assert [e.face for e in events if e.kind == "penalty"] == [None]
    for seat in (None, 0, 1, 2, 3):
        assert face(game, seat, (2, 4)) is None                # the penalty card, unseen
        assert face(game, seat, (2, 0)) == 9                   # the wrong card, shown to all
    events = game.apply(3, Action("match", pos=(2, 1)))        # right: seat 2's 5
    events += game.apply(3, Action("give", pos=(3, 0)))
    assert all(e.face is None and e.faces == () for e in events if e.kind == "give")
    for seat in (None, 0, 1, 2, 3):
        assert face(game, seat, (2, 1)) is None                # the given card, unseen
    pass_all(game)
    assert game.view(None).phase == "turn"


# --- Cambio and classic Cambio ----------------------------------------------------------------

OTHER_RULESETS = ("cambio", "cambio-classic")


def random_states_of(rid, n_matches, seed=0):
    """States along seeded random matches of a ruleset, 2 to 8 players (as random_states)."""
    ruleset = load(rid)
    for m in range(n_matches):
        rng = random.Random(seed * 1000 + m)
        n = 2 + m % 7
        game = new_game(n, seed=seed * 1000 + m, ruleset=ruleset, opts=options(points=60, ruleset=ruleset))
        steps = 0
        while not game.is_over() and steps < 3000:
            if rng.random() < 0.08:
                yield rng, game
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            if game.phase == "window" and rng.random() < 0.7:
                action = Action("pass")
            else:
                action = rng.choice([a for a in legal if a.kind != "call"] or legal)
            if Action("call") in legal and rng.random() < 0.03:
                action = Action("call")
            game.apply(seat, action)
            steps += 1


@pytest.mark.parametrize("rid", OTHER_RULESETS)
def test_twins_differing_only_in_hidden_cards_look_the_same_in_cambio(rid):
    """The same twin test on Cambio (runes, kings sharing one, reveals) and classic Cambio."""
    checked = changed = 0
    phases = set()
    for rng, game in random_states_of(rid, 25, seed=2):
        phases.add(game.phase)
        for seat in [None] + list(range(game.n)):
            twin = hidden_twin(game, seat, rng)
            assert_same_for(game, twin, seat)
            checked += 1
            changed += bool(differs(game, twin))
    # random play reshuffles the deck often, and which reshuffle a card came from is public (the
    # view's `shuffle`): a twin moves a card only among places of the same origin, so fewer differ
    assert checked > 400 and changed > checked * 0.6
    assert {"turn", "drawn", "window"} <= phases


@pytest.mark.parametrize("rid", OTHER_RULESETS)
def test_hidden_cards_carry_no_face_in_cambio(rid):
    for rng, game in random_states_of(rid, 12, seed=3):
        everyone = frozenset(range(game.n))
        for seat in [None] + list(range(game.n)):
            v = game.view(seat)
            for sv in v.seats:
                for slot in sv.slots:
                    if not slot.present:
                        assert slot.face is None
                        continue
                    public = slot.seen_by == everyone
                    mine = seat is not None and seat in slot.seen_by
                    assert (slot.face is not None) == (public or mine), (seat, slot)
            if v.drawn is not None:
                assert v.drawn_from == "discard" or v.drawn_by == seat


@pytest.mark.parametrize("rid", OTHER_RULESETS)
def test_events_never_carry_a_private_face_in_cambio(rid):
    """Every face in an event is one the whole table sees at that moment; a reveal's faces are
    public once it is made."""
    ruleset = load(rid)
    seen = set()
    for m in range(40):
        rng = random.Random(m)
        game = new_game(2 + m % 7, seed=m, ruleset=ruleset, opts=options(points=1, ruleset=ruleset))
        while not game.is_over():
            seat = rng.choice(game.to_act())
            legal = game.legal_actions(seat)
            action = rng.choice([a for a in legal if a.kind != "call"] or legal)
            if game.phase == "window" and rng.random() < 0.6:
                action = Action("pass")
            if Action("call") in legal and rng.random() < 0.05:
                action = Action("call")
            events = game.apply(seat, action)
            public = game.view(None)
            for e in events:
                kind = f"{e.kind}_{e.get('src')}" if e.kind == "draw" else e.kind
                seen.add(kind)
                if kind in PUBLIC_FACE:
                    assert e.face is not None and not e.faces
                    if kind in ("exchange", "discard"):
                        assert e.face in public.discard
                elif kind == "reveal":
                    assert e.faces and e.face is None
                    for pos, f in e.faces:
                        if public.phase not in ("round_over", "match_over") and public.slot(pos).present:
                            assert all(game.view(s).slot(pos).face == f for s in range(game.n))
                else:
                    assert kind in PRIVATE_KINDS, f"an event kind this test does not know: {kind}"
                    assert e.face is None and e.faces == (), f"{kind} carries a face"
                assert not any(isinstance(v, CardDef) for _, v in e.data), f"{kind} data has a face"
    assert {"draw_deck", "peek", "swap", "give", "penalty", "match", "exchange"} <= seen
    if rid == "cambio":
        assert {"pick", "reveal"} <= seen


def test_blue_king_picks_reveal_nothing_until_all_are_made():
    """cambio.de.txt: "Die ausgewählten Karten müssen gleichzeitig für 3 Sekunden und für jeden gut
    sichtbar gezeigt werden." Each pick is public (which card), but no face shows until the last
    pick: twins differing in the picked cards look the same to every seat until then."""
    ruleset = load("cambio")
    game = rigged(4, ruleset=ruleset, hands={1: [5, 6, 7, 8], 2: [0, 1, 2, 3], 3: ["swap", 4, 4, "energy"]},
                  deck=["blue_king"], look=True)
    game.apply(0, DRAW)
    game.apply(0, DISCARD)
    assert game.view(None).pending.step == "reveal"
    rng = random.Random(5)
    picks = [(1, 0), (3, 0), (2, 1)]          # top row: nobody has seen these
    for i, pos in enumerate(picks):
        for seat in [None, 0, 1, 2, 3]:
            twin = hidden_twin(game, seat, rng)
            assert_same_for(game, twin, seat)
        # the picked cards swapped with unseen ones: nobody can tell before the reveal
        twin = twin_of(game)
        other = (pos[0], 1) if pos != (2, 1) else (2, 0)
        a, b = twin.layouts[pos[0]][pos[1]], twin.layouts[other[0]][other[1]]
        assert game.known[a] == game.known[b] == 0
        twin.layouts[pos[0]][pos[1]], twin.layouts[other[0]][other[1]] = b, a
        for seat in [None, 0, 1, 2, 3]:
            assert_same_for(game, twin, seat)
        events = game.apply(0, Action("pick", pos=pos))
        if i < len(picks) - 1:
            assert all(e.face is None and e.faces == () for e in events)
            for seat in [None, 0, 1, 2, 3]:
                assert all(face(game, seat, p) is None for p in picks)
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and [p for p, _ in reveal[0].faces] == picks
    shown = {p: f.value for p, f in reveal[0].faces}
    assert shown == {(1, 0): 5, (3, 0): 10, (2, 1): 1}
    for seat in [None, 0, 1, 2, 3]:                  # now everyone sees all three
        assert {p: face(game, seat, p) for p in picks} == shown
