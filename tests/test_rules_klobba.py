"""Klobba!'s rules, step by step and card by card, each test citing the sentence it checks
(docs/rules/klobba-reconstructed.md; the sheet's worked examples are tests/test_examples_klobba.py),
its ruleset's checks, and the privacy of what a seat may see.
"""
import random

import pytest

from game.engine.core import Action, IllegalAction
from game.engine.ruleset import load_ruleset
from game.engine.schema import RulesetError
from rigging_klobba import (BT, KLOBBA_YAML, OF, PR, YC, barbarian, check_conserved,
                            check_views_keep_secrets, clash, event, group, hidden_twin, klobba, lay,
                            play, rigged, selections)
from game.families.clash.rules import ClashGame

LOW = [(OF, 1), (YC, 1), (PR, 1), (OF, 2), (YC, 2), (PR, 3)]     # a Boss here selects the 3
HIGH = [(OF, 10), (YC, 9), (PR, 8), (OF, 7), (YC, 6), (PR, 5)]


def values_of(game, cards) -> list:
    return sorted(game.faces[c].value for c in cards)


def offered(game, seat):
    return next(a for a in game.legal_actions(seat) if a.kind == "lay" and a.places[0][0] == "offer")


# --- set-up ---------------------------------------------------------------------------------------

def test_setup_bands_hands_stars_and_totems():
    """"Every Band gets 3 face-up Barbarians"; "Each player is dealt 4 Action cards, kept secret";
    "each player starts with 5" Stars; "There are always four Band places ... empty places hold Free
    Bands"; "In 2-player games the players sit opposite each other"; "The Black Totem goes to a random
    player; the White Totem to the next player clockwise"."""
    blacks = set()
    for n in (2, 3, 4):
        for seed in range(40 if n == 4 else 8):
            game = ClashGame(klobba(), n, None, seed)
            view = game.view(None)
            assert [len(b.cards) for b in view.bands] == [3, 3, 3, 3]
            assert all(c.face_up for b in view.bands for c in b.cards)
            assert [s.hand_count for s in view.seats] == [4] * n and [s.stars for s in view.seats] == [5] * n
            owners = [b.owner for b in view.bands]
            assert owners == {2: [0, None, 1, None], 3: [0, 1, 2, None], 4: [0, 1, 2, 3]}[n]
            assert view.white == (view.black + 1) % n
            if n == 4:
                blacks.add(view.black)
            check_conserved(game)
    assert blacks == {0, 1, 2, 3}


# --- step 1: form Groups ---------------------------------------------------------------------------

def test_black_totem_holder_pairs_with_a_band_holding_no_totem():
    """"The Black Totem holder picks one Band that holds no Totem and marks it with the Black Grouping
    marker; the White Totem holder is paired with the remaining Band." (4 players: the two others'.)"""
    game = rigged(n=4, black=1)
    assert game.to_act() == [1]
    assert sorted(a.places[0][1] for a in game.legal_actions(1)) == [0, 3]
    with pytest.raises(IllegalAction):
        game.apply(1, group(2))                 # the White Totem holder's Band
    play(game, (1, group(3)))
    view = game.view(None)
    assert view.bands[3].marker == "black" and view.bands[0].marker == "white"
    assert view.showdown_of(1).group == (1, 3) and view.showdown_of(2).group == (2, 0)


# --- step 2: offers --------------------------------------------------------------------------------

def test_offers_at_once_hidden_then_shown_who_offered():
    """"A player whose Band is paired with a Totem holder may offer that holder one Action card, face
    down." Both such players decide at once; nobody else sees the card; who offered is shown once
    both decided, the card only to its maker and its holder."""
    game = rigged(n=4, black=0, hands={2: ["the_boss"], 3: ["berzerk"]})
    play(game, (0, group(2)))                   # Black pairs with seat 2, White (1) with seat 3
    assert game.phase == "offer" and game.to_act() == [2, 3]
    boss = game.hands[2][0]
    play(game, (2, Action("offer", places=(("hand", 2, boss), ("totem", 0)))))
    assert game.to_act() == [3]
    for seat in (None, 0, 1, 3):
        offers = {o.offerer: o for o in game.view(seat).offers}
        assert offers[2].card is None and offers[2].made is None, seat
    assert game.view(2).offers[0].card == boss
    events = play(game, (3, Action("no_offer")))
    assert event(events, "offers").get("offers") == ((2, 0, True), (3, 1, False))
    assert game.phase == "lay"
    assert {o.offerer: o.card for o in game.view(0).offers} == {2: boss, 3: None}
    assert {o.offerer: o.card for o in game.view(1).offers} == {2: None, 3: None}
    assert offered(game, 0).places == (("offer", 2, boss),)


def test_an_offer_that_wins_earns_its_maker_a_star_from_the_supply():
    """"If the holder plays it and wins, the offering player takes 1 Star from the supply.\""""
    game = rigged(n=3, black=0, bands={0: HIGH[:3], 1: LOW[:3], 2: HIGH[3:], 3: LOW[3:]},
                  hands={1: ["the_boss"], 2: ["the_boss"], 0: ["berzerk"]})
    play(game, (0, group(2)))                   # Black (0) with seat 2's Band; White (1) with the Free Band
    assert game.to_act() == [2]
    boss = game.hands[2][0]
    play(game, (2, Action("offer", places=(("hand", 2, boss), ("totem", 0)))))
    supply = game.supply
    events = play(game, (0, offered(game, 0)), (1, lay(game, 1, "the_boss")))
    assert event(events, "victory").seat == 0
    assert event(events, "reward").seat == 2 and game.stars[2] == 6 and game.supply == supply - 1


def test_unplayed_offers_go_back_and_2_players_skip_offers():
    """"unplayed offers go back"; "It's a 2-player game, so skip Step 2.\""""
    game = rigged(n=3, black=0, hands={2: ["the_boss"]})
    play(game, (0, group(2)))
    boss = game.hands[2][0]
    play(game, (2, Action("offer", places=(("hand", 2, boss), ("totem", 0)))))
    play(game, (0, game.legal_actions(0)[0]), (1, game.legal_actions(1)[0]))
    while game.phase not in ("group", "over"):
        seat = game.to_act()[0]
        play(game, (seat, game.legal_actions(seat)[0]))
    assert boss in game.hands[2] and len(game.hands[2]) == 4
    two = rigged(n=2)
    play(two, (0, group(1)))
    assert two.phase == "lay" and not two.offers


# --- step 3: secret choices ------------------------------------------------------------------------

def test_both_holders_lay_at_once_and_are_revealed_together():
    """"Both Totem holders choose one card (from hand or offered) face down, at the same time."
    "Reveal." to_act holds both; one holder's view never shows the other's laid card; the reveal
    shows both at once."""
    game = rigged(black=0, hands={0: ["the_boss"], 1: ["berzerk"]})
    play(game, (0, group(1)))
    assert game.to_act() == [0, 1]
    events = play(game, (1, lay(game, 1, "berzerk")))
    assert event(events, "laid").face is None and not event(events, "laid").faces
    assert game.to_act() == [0]
    theirs = game.view(0).showdown_of(1)
    assert theirs.laid and theirs.card is None
    assert game.view(None).showdown_of(1).card is None
    assert game.view(1).showdown_of(1).card == game.sides[1].laid
    with pytest.raises(IllegalAction):
        game.apply(1, Action("lay", places=(("hand", 1, game.hands[1][0]),)))
    events = play(game, (0, lay(game, 0, "the_boss")))
    shown = event(events, "reveal")
    assert sorted(f.key for _, f in shown.faces) == ["berzerk", "the_boss"]


def test_a_card_not_in_hand_is_refused_and_nothing_changes():
    """apply refuses what legal_actions does not offer, with a sentence, and changes nothing."""
    game = rigged(black=0)
    play(game, (0, group(1)))
    before = game.view(0)
    with pytest.raises(IllegalAction, match="Lay one card"):
        game.apply(0, Action("lay", places=(("hand", 0, game.hands[1][0]),)))
    assert game.view(0) == before


# --- step 4: the clobber ---------------------------------------------------------------------------

def test_outright_victory_takes_every_star_on_the_losers_selected():
    """"the winner captures one of the loser's selected Barbarians (the mightiest ...), and takes every
    Star on the loser's selected Barbarians. The winner's selected Barbarians turn face down and the
    winner takes back their Stars." (Double Trouble loses with two Barbarians: both Stars are won.)"""
    game, events = clash(HIGH, "the_boss", [(OF, 1), (YC, 2), (PR, 3), (OF, 4), (YC, 5), (PR, 6)],
                         "double_trouble")
    assert values_of(game, selections(events)[1][0]) == [1, 2]
    won = event(events, "victory")
    assert won.seat == 0 and won.get("stars") == 2
    assert game.stars == [7, 3]
    assert game.captured[0] == [barbarian(game, YC, 2)]


def test_the_winner_breaks_a_tie_for_the_mightiest():
    """"the winner captures one of the loser's selected Barbarians (the mightiest; the winner breaks
    ties)\""""
    game2, events2 = clash(HIGH, "the_boss", [(YC, 4), (PR, 4), (OF, 3), (YC, 3), (PR, 3), (OF, 4)],
                           "double_trouble")
    play(game2, (1, game2.legal_actions(1)[0]))    # the 3s: three ways to take two
    assert game2.phase == "capture" and game2.to_act() == [0]
    assert len(game2.legal_actions(0)) == 2
    target = game2.legal_actions(0)[1].places[0][2]
    play(game2, (0, game2.legal_actions(0)[1]))
    assert game2.captured[0] == [target]


def test_equal_totals_are_a_standoff():
    """"Equal totals [filled]: a stand-off. Every selected Barbarian turns face down, all Stars go
    back to their owners, nobody is captured.\""""
    game = rigged(black=0, bands={0: [(OF, 7), (YC, 1), (PR, 1)], 1: [(OF, 2), (YC, 2), (PR, 2)],
                                  2: [(YC, 7), (OF, 1), (BT, 1)], 3: [(BT, 2), (OF, 3), (YC, 3)]},
                  hands={0: ["the_boss"], 1: ["the_boss"]})
    events = play(game, (0, group(1)), (0, lay(game, 0, "the_boss")), (1, lay(game, 1, "the_boss")))
    assert event(events, "standoff").get("total") == 7
    assert game.stars == [5, 5] and game.captured == [[], []]
    assert {barbarian(game, OF, 7), barbarian(game, YC, 7)} <= game.face_down


# --- Swap & Play -----------------------------------------------------------------------------------

def test_swap_and_play_sees_an_ordinary_card_then_swaps_three():
    """"Swap & Play: put three Action cards from your hand at the bottom of the Action deck, draw three,
    play one of them. You see the opponent's card first"; the new card stays hidden until revealed."""
    game = rigged(black=0, bands={0: HIGH[:3], 1: HIGH[3:], 2: LOW[:3], 3: LOW[3:]},
                  hands={0: ["swap_and_play", "berzerk", "berzerk", "the_glory_seeker"], 1: ["the_boss"]},
                  action_deck=["double_trouble", "the_boss", "all_blue_talon"])
    returned = list(game.hands[0][1:])
    play(game, (0, group(1)), (1, lay(game, 1, "the_boss")), (0, lay(game, 0, "swap_and_play")))
    assert game.phase == "swap" and game.to_act() == [0]
    view = game.view(0)
    assert game.faces[view.showdown_of(1).card].key == "the_boss"           # seen first
    assert sorted(game.faces[c].key for c in view.swap_drawn) == ["all_blue_talon", "double_trouble", "the_boss"]
    assert set(game.action_deck[:3]) == set(returned)                       # under the deck
    boss = next(c for c in view.swap_drawn if game.faces[c].key == "the_boss")
    events = play(game, (0, Action("swap_play", places=(("hand", 0, boss),))))
    assert event(events, "reveal_played").get("cards") == ((0, boss),)
    assert selections(events)[0][1] == 10


def test_swap_and_play_again_swaps_three_three_two_then_one(tmp_path):
    """"Drawing Swap & Play again: you may play it; the third time you swap two cards, the fourth time
    one card and must play it." (A ruleset with four Swap & Play cards, so that it can happen.)"""
    text = open(KLOBBA_YAML, encoding="utf-8").read().replace(
        "      name: Swap & Play\n      count: 2", "      name: Swap & Play\n      count: 4")
    (tmp_path / "k.yaml").write_text(text, encoding="utf-8")
    ruleset = load_ruleset(str(tmp_path / "k.yaml"))
    game = rigged(black=0, ruleset=ruleset, hands={0: ["swap_and_play"], 1: ["the_boss"]},
                  action_deck=["swap_and_play", "berzerk", "berzerk", "swap_and_play", "the_boss",
                               "the_boss", "swap_and_play", "double_trouble", "the_glory_seeker"])
    play(game, (0, group(1)), (1, lay(game, 1, "the_boss")))
    events = play(game, (0, lay(game, 0, "swap_and_play")))
    for _ in range(3):
        again = next(c for c in game.sides[0].swap_drawn if game.faces[c].key == "swap_and_play")
        events += play(game, (0, Action("swap_play", places=(("hand", 0, again),))))
    assert [e.get("count") for e in events if e.kind == "swap"] == [3, 3, 2, 1]
    assert len([e for e in events if e.kind == "swap_again"]) == 3
    (_, final), = event(events, "reveal_played").get("cards")
    assert game.faces[final].key == "the_glory_seeker"                      # the fourth: must play it


def test_swap_and_play_from_an_offer_chooses_which_three_go_back():
    """"put three Action cards from your hand": a hand of four (the card laid was offered) chooses three."""
    game = rigged(n=3, black=0, hands={2: ["swap_and_play"], 1: ["the_boss"]})
    play(game, (0, group(2)))
    sap = game.hands[2][0]
    play(game, (2, Action("offer", places=(("hand", 2, sap), ("totem", 0)))))
    play(game, (0, offered(game, 0)), (1, lay(game, 1, "the_boss")))
    assert game.phase == "swap" and len(game.hands[0]) == 4
    assert len(game.legal_actions(0)) == 4 and all(a.kind == "swap_return" for a in game.legal_actions(0))
    keep = game.hands[0][0]
    pick = next(a for a in game.legal_actions(0) if ("hand", 0, keep) not in a.places)
    play(game, (0, pick))
    assert keep in game.hands[0] and len(game.hands[0]) == 4


def test_two_swap_and_plays_choose_at_once_unseen():
    """"You see the opponent's card first unless it is Swap & Play": both swap at once, and neither's
    new card is shown to the other before both are revealed together."""
    game = rigged(black=0, hands={0: ["swap_and_play"], 1: ["swap_and_play"]},
                  action_deck=["the_boss", "berzerk", "berzerk", "the_boss", "the_boss", "double_trouble"])
    play(game, (0, group(1)), (0, lay(game, 0, "swap_and_play")), (1, lay(game, 1, "swap_and_play")))
    assert game.phase == "swap" and game.to_act() == [0, 1]
    mine = game.sides[0].swap_drawn[0]
    events = play(game, (0, Action("swap_play", places=(("hand", 0, mine),))))
    assert event(events, "swap_chosen").face is None
    assert game.view(1).showdown_of(0).played is None and game.view(0).showdown_of(0).played == mine
    events = play(game, (1, Action("swap_play", places=(("hand", 1, game.sides[1].swap_drawn[0]),))))
    assert len(event(events, "reveal_played").faces) == 2


def test_mirror_against_swap_and_play_mirrors_the_new_card():
    """"Mirror & Switch: apply the opponent's card to your own Group" (against Swap & Play: the card it
    finally plays)."""
    game = rigged(black=0, bands={0: HIGH[:3], 1: HIGH[3:], 2: LOW[:3], 3: LOW[3:]},
                  hands={0: ["mirror_and_switch"], 1: ["swap_and_play"]},
                  action_deck=["the_boss", "berzerk", "double_trouble"])
    play(game, (0, group(1)), (0, lay(game, 0, "mirror_and_switch")), (1, lay(game, 1, "swap_and_play")))
    dt = next(c for c in game.sides[1].swap_drawn if game.faces[c].key == "double_trouble")
    events = play(game, (1, Action("swap_play", places=(("hand", 1, dt),))))
    if game.phase == "select":
        events += play(game, (1, game.legal_actions(1)[0]))
    picks = selections(events)
    assert picks[0][1] == 11 and picks[1][1] == 2           # 5 + 6 against 1 + 1


def test_a_playing_card_drawn_as_surprise_is_replaced():
    """surprise_redraws_playing_cards [decided here]: a Surprise that is Mirror & Switch, Swap & Play or
    Flee & Surprise is discarded and the next card drawn."""
    game, events = clash(HIGH, "flee_and_surprise", LOW, "the_boss",
                         action_deck=["mirror_and_switch", "swap_and_play", "berzerk"])
    assert [f.key for _, f in event(events, "surprise").faces] == ["mirror_and_switch", "swap_and_play", "berzerk"]
    assert selections(events)[0] == ((barbarian(game, YC, 9),), 13)


# --- steps 5 to 8, the Totems, the end --------------------------------------------------------------

def test_refill_rest_and_draw():
    """"Every Band with fewer than three Barbarians draws face-up Barbarians from the deck until it has
    three." "Barbarians that were already face down when this round began turn face up again (a
    Barbarian flipped this round sits out the next)." "Played Action cards go to the Action discard;
    every player draws back up to 4.\""""
    game = rigged(black=0, bands={0: [(OF, 9), (YC, 2), (PR, 1)], 1: [(BT, 8), (BT, 1), (OF, 1)],
                                  2: [(YC, 5), (PR, 2), (BT, 2)], 3: [(YC, 1), (OF, 2), (PR, 3)]},
                  face_down=[(PR, 1)], hands={0: ["the_boss"], 1: ["the_boss"]},
                  barbarian_deck=[(BT, 10)])
    events = play(game, (0, group(1)), (0, lay(game, 0, "the_boss")), (1, lay(game, 1, "the_boss")))
    nine, five = barbarian(game, OF, 9), barbarian(game, YC, 5)
    assert game.captured[0] == [five]
    assert event(events, "refill").get("cards") == (barbarian(game, BT, 10),) and len(game.bands[2]) == 3
    assert nine in game.face_down and barbarian(game, PR, 1) not in game.face_down
    assert sorted(game.faces[c].key for c in game.action_discard) == ["the_boss", "the_boss"]
    assert [len(h) for h in game.hands] == [4, 4]
    assert game.round_no == 2 and game.black == 1 and game.white == 0


def test_totems_move_one_player_clockwise():
    """"Then the Totems move one player clockwise (in 2-player games they swap).\""""
    game = rigged(n=3, black=2)
    rng = random.Random(1)
    while game.round_no == 1:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert (game.black, game.white) == (0, 1)


def test_the_game_ends_once_everyone_held_the_black_totem_three_times():
    """"The game ends ... after each player has held the Black Totem three times"; "Score: Stars held
    plus the bounty on captured Barbarians. Most points wins\""""
    by_totems = 0
    for n, rounds in ((2, 6), (3, 9), (4, 12)):
        game = rigged(n=n, black=0, seed=n)
        rng = random.Random(n)
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        if not game.last_round:
            assert game.round_no == rounds and game.black_times == [3] * n
            by_totems += 1
        scores = [game.stars[s] + sum(game.faces[c].bounty for c in game.captured[s]) for s in range(n)]
        assert game.scores() == scores and max(scores) == scores[game.winners()[0]]
        assert game.view(0).results and game.to_act() == []
    assert by_totems >= 2


def test_the_game_ends_after_the_round_the_deck_cannot_refill():
    """"The game ends after the round in which the Barbarian deck cannot complete step 5\""""
    game = rigged(black=0, bands={0: HIGH[:3], 1: HIGH[3:], 2: LOW[:3], 3: LOW[3:]},
                  hands={0: ["the_boss"], 1: ["the_boss"]})
    game.barbarian_deck = []            # (those cards now nowhere: conservation is not checked here)
    game.apply(0, group(1))
    game.apply(0, lay(game, 0, "the_boss"))
    events = game.apply(1, lay(game, 1, "the_boss"))
    assert game.is_over() and event(events, "game_over").get("why") == "deck" and game.round_no == 1


def test_ties_go_to_more_captured_barbarians_then_shared():
    """"Most points wins; ties go to the player with more captured Barbarians, then shared.\""""
    game = rigged(n=3)
    game.stars = [6, 4, 7]
    game.captured = [[], [barbarian(game, OF, 1), barbarian(game, YC, 1)], []]
    assert game.scores() == [6, 6, 7] and game.winners() == [2]
    game.stars = [6, 4, 6]
    assert game.winners() == [1]
    game.captured = [[], [], []]
    game.stars = [6, 6, 6]
    assert game.winners() == [0, 1, 2]


# --- the ruleset ------------------------------------------------------------------------------------

def broken(tmp_path, old, new):
    """Load klobba.yaml with `old` replaced by `new`; the RulesetError."""
    text = open(KLOBBA_YAML, encoding="utf-8").read()
    assert old in text, old
    (tmp_path / "klobba.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(tmp_path / "klobba.yaml"))
    return str(info.value)


def line_of(text: str) -> int:
    for i, line in enumerate(open(KLOBBA_YAML, encoding="utf-8"), 1):
        if text in line:
            return i
    raise AssertionError(text)


def test_the_ruleset_has_the_whole_deck():
    """"40 cards: four clans x values 1-10 ... bounty 1 for values 1-4, 2 for 5-7, 3 for 8-10"; 21
    Action cards with their counts."""
    ruleset = klobba()
    barbarians = [c for c in ruleset.cards if c.kind == "barbarian"]
    assert len(barbarians) == 40 and {c.clan for c in barbarians} == {OF, YC, PR, BT}
    assert {c.symbol for c in barbarians} == {"fox", "claw", "raven", "talon"}
    assert all(c.bounty == (1 if c.value <= 4 else 2 if c.value <= 7 else 3) for c in barbarians)
    counts = {c.key: c.count for c in ruleset.cards if c.kind == "action"}
    assert sum(counts.values()) == 21
    assert counts["the_boss"] == 3 and counts["all_blue_talon"] == 1 and counts["swap_and_play"] == 2


@pytest.mark.parametrize("old,new,key,message", [
    ("{primitive: highest}", "{primitive: tallest}", "cards.actions[0].effect.primitive", "unknown primitive"),
    ("{primitive: lowest_multiplied, factor: 2, cap: 13}", "{primitive: lowest_multiplied, cap: 13}",
     "cards.actions[1].effect", "missing key 'factor'"),
    ("{primitive: lowest_several, count: 2, cap: 14}", "{primitive: lowest_several, count: 2, cap: 14, odd: 1}",
     "cards.actions[3].effect.odd", "unknown key"),
    ("clan: blue_talon}", "clan: green_hawk}", "cards.actions[7].effect.clan", "expected one of the clans"),
    ("swaps: [3, 3, 2, 1]", "swaps: []", "cards.actions[10].effect.swaps", "at least 1"),
    ("{primitive: highest}", "highest", "cards.actions[0].effect", "expected a mapping"),
    ("{value: 3, bounty: 1, clans: all}", "{value: 3, bounty: 1, clans: some}", "cards.barbarians[2].clans",
     "expected one of all"),
    ("{value: 3, bounty: 1, clans: all}", "{value: 2, bounty: 1, clans: all}", "cards.barbarians[2]",
     "two Barbarians are"),
    ("{value: 3, bounty: 1, clans: all}", "{value: 3, bounty: 1}", "cards.barbarians[2]",
     "either clan"),
    ("symbol: raven}", "symbol: bear}", "cards.clans.purple_raven.symbol", "fox, claw, raven, talon"),
    ("symbol: raven}", "symbol: fox}", "cards.clans.purple_raven.symbol", "each clan needs its own symbol"),
    ("  band_size: 3 ", "  band_size: 11 ", "rules.band_size", "from 1 to 10"),
    ("  band_size: 3 ", "  band_size: 10 ", "rules.band_size", "cannot fill 4 Bands of 10 and leave"),
    ("  hand_size: 4 ", "  hand_size: 6 ", "rules.hand_size", "cannot deal 6 to 4 players"),
    ("players: {min: 2, max: 4}", "players: {min: 2, max: 5}", "players.max", "at most 4 players"),
    ("modes: [rounds]", "modes: [rounds, points]", "match_end.modes", "ends by its own rules"),
    ("    per_player: 5", "    per_player: many", "rules.stars.per_player", "expected a whole number"),
    ("    direction: clockwise", "    direction: sideways", "rules.totems.direction", "expected one of"),
])
def test_a_broken_key_is_one_error_naming_file_line_and_key(tmp_path, old, new, key, message):
    """Every key of the clash family is checked like every ruleset's: file:line: key: message."""
    text = broken(tmp_path, old, new)
    assert f"klobba.yaml:{line_of(old)}: {key}: " in text and message in text, text


def test_a_ruleset_without_a_selecting_card_is_refused(tmp_path):
    """A Surprise must be able to apply: at least one Action card selects Barbarians."""
    text = open(KLOBBA_YAML, encoding="utf-8").read()
    start, end = text.index("  actions:\n"), text.index("    - key: mirror_and_switch")
    (tmp_path / "k.yaml").write_text(text[:start] + "  actions:\n" + text[end:].replace("count: 2", "count: 9"),
                                     encoding="utf-8")
    with pytest.raises(RulesetError, match="no Action card selects Barbarians"):
        load_ruleset(str(tmp_path / "k.yaml"))


def test_abilities_and_layout_are_refused(tmp_path):
    """The clash family has neither abilities nor a layout: saying so is an error, not ignored."""
    assert "abilities" in broken(tmp_path, "rules:\n", "abilities: {x: {name: X, steps: [{}]}}\nrules:\n")
    assert "no layout" in broken(tmp_path, "rules:\n", "layout: {slots: 4}\nrules:\n")


# --- privacy ----------------------------------------------------------------------------------------

def test_a_view_is_the_same_whatever_its_seat_cannot_see():
    """DESIGN.md, Privacy: "two states that differ only in what seat S may not know give S the same
    view". At every decision of random games, each seat's view of a hidden twin is its own view."""
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        game = ClashGame(klobba(), 2 + seed % 3, None, seed)
        while not game.is_over():
            for seat in range(game.n):
                assert hidden_twin(game, seat, rng).view(seat) == game.view(seat), (seed, seat, game.phase)
                checked += 1
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 1000


def test_no_view_names_a_hidden_card():
    """"views must never name a hidden card id of another seat": a view names Action cards only in its
    own hand, its own offers, the revealed cards and the discard pile."""
    rng = random.Random(3)
    for seed in range(40):
        game = ClashGame(klobba(), 2 + seed % 3, None, seed)
        while not game.is_over():
            check_views_keep_secrets(game)
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_mutants_of_the_ruleset_are_refused_cleanly_or_play_to_their_end(tmp_path):
    """Hostile input (as tests/test_ruleset_fuzz.py does for the shipped rulesets): seeded mutants of
    klobba.yaml (a value set to an odd one, a number nudged, a key dropped, a list item removed or
    repeated) are each either refused with file:line: key, or a game random players finish."""
    import copy
    import json
    import yaml
    odd = [-1, 0, 1, 2, 3, 10, 13, 99, 10 ** 9, 1.5, "", "x", "all", "highest", True, None, [], {},
           [1], {"primitive": "mirror"}]
    original = yaml.safe_load(open(KLOBBA_YAML, encoding="utf-8"))
    rng = random.Random(11)
    refused = played = 0
    for i in range(500):
        doc = copy.deepcopy(original)
        leaves, lists = [], []

        def walk(node, path):
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for k, v in items:
                if isinstance(v, (dict, list)) and v:
                    if isinstance(v, list):
                        lists.append(path + (k,))
                    walk(v, path + (k,))
                else:
                    leaves.append(path + (k,))
        walk(doc, ())
        path = rng.choice(leaves)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        how = rng.randrange(3)
        if how == 0:
            parent[path[-1]] = rng.choice(odd)
        elif how == 1 and isinstance(parent[path[-1]], int) and not isinstance(parent[path[-1]], bool):
            parent[path[-1]] += rng.choice([-3, -1, 1, 2, 5])
        elif isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.insert(path[-1], parent[path[-1]])
        name = tmp_path / f"klobba{i}.yaml"
        # JSON is YAML, and written one key a line it keeps every error's line meaningful
        name.write_text(json.dumps(doc, indent=1, ensure_ascii=False), encoding="utf-8")
        try:
            ruleset = load_ruleset(str(name))
        except RulesetError as exc:
            assert exc.file.endswith(f"klobba{i}.yaml") and exc.line and exc.message, str(exc)
            refused += 1
            continue
        for n in (ruleset.min_players, ruleset.max_players):
            game = ClashGame(ruleset, n, None, i)
            for _ in range(200_000):
                if game.is_over():
                    break
                seat = rng.choice(game.to_act())
                game.apply(seat, rng.choice(game.legal_actions(seat)))
            assert game.is_over(), f"mutant {i} ({path}) did not end"
        played += 1
    assert refused > 100 and played > 100, (refused, played)


def test_every_event_has_words_and_every_card_a_text():
    """The log (Family.describe) has a sentence for every event worth one, naming players, for every
    event random games make; every Action card has its text from its primitive."""
    from game.engine import registry
    from game.families.clash.words import card_text
    family = registry.family("clash")
    names = ["Ana", "Ben", "Cy", "Di"]
    rng = random.Random(2)
    kinds = set()
    singular = 0
    for seed in range(60):
        game = ClashGame(klobba(), 2 + seed % 3, None, seed)
        while not game.is_over():
            seat = rng.choice(game.to_act())
            for e in game.apply(seat, rng.choice(game.legal_actions(seat))):
                text = family.describe(e, names[:game.n], "")
                assert isinstance(text, str)
                if text:
                    kinds.add(e.kind)
                    assert "None" not in text, text
                    assert " 1 Stars" not in text, text        # "takes 1 Star", in the right number
                    singular += " 1 Star" in text
    assert singular, "no sentence with a single Star was seen"
    assert {"round", "laid", "reveal", "victory", "standoff", "game_over", "swap", "flee",
            "surprise"} <= kinds
    for face in klobba().cards:
        if face.kind == "action":
            assert card_text(face).endswith("."), face.key


def test_every_bot_level_plays_through_the_family():
    """Family.make_bot: Klobba!'s own easy and normal bots (tests/test_ai_bots_klobba.py) and the
    shared random level each choose a legal action."""
    from game.ai import make_bot
    game = rigged()
    for level in ("easy", "normal", "random"):
        bot = make_bot(klobba(), 0, level, 1)
        assert bot.choose(game.view(0), game.legal_actions(0)) in game.legal_actions(0)


def test_a_flipped_barbarian_sits_out_one_round_then_turns_up():
    """"Barbarians that were already face down when this round began turn face up again (a Barbarian
    flipped this round sits out the next).\""""
    game = rigged(black=0, bands={0: [(OF, 9), (YC, 2), (PR, 1)], 1: [(BT, 8), (BT, 1), (OF, 1)],
                                  2: [(YC, 5), (PR, 2), (BT, 2)], 3: [(YC, 1), (OF, 2), (PR, 3)]},
                  hands={0: ["the_boss"], 1: ["the_boss"]})
    play(game, (0, group(1)), (0, lay(game, 0, "the_boss")), (1, lay(game, 1, "the_boss")))
    nine = barbarian(game, OF, 9)
    assert nine in game.face_down and game.round_no == 2                 # flipped in round 1
    assert all(a.places[0][2] != nine for a in game.legal_actions(game.to_act()[0]) if a.kind == "select")
    rng = random.Random(4)
    while game.round_no == 2:
        seat = game.to_act()[0]
        play(game, (seat, rng.choice(game.legal_actions(seat))))
    assert nine not in game.face_down                                    # up again after round 2


def test_a_distracting_player_pays_the_stars_they_have():
    """"the distracting player gives the other player two Stars" [a player with fewer pays what they
    have: decided here, `distract_penalty`]."""
    cards = [(OF, 8), (YC, 8), (PR, 8), (BT, 1), (BT, 3), (BT, 10)]
    game = rigged(black=0, bands={0: cards[:3], 1: cards[3:], 2: [(YC, 1), (PR, 1), (YC, 2)],
                                  3: [(PR, 2), (YC, 3), (OF, 1)]},
                  face_down=[(BT, 1), (BT, 3), (BT, 10)], hands={0: ["all_blue_talon"], 1: ["the_boss"]},
                  stars=[1, 5])
    events = play(game, (0, group(1)), (0, lay(game, 0, "all_blue_talon")), (1, lay(game, 1, "the_boss")))
    assert event(events, "distraction").get("paid") == 1 and game.stars == [0, 6]


def test_four_players_two_offers_and_the_reward_only_for_a_win():
    """4 players: both players paired with a Totem holder may offer; "If the holder plays it and wins,
    the offering player takes 1 Star" (a lost offer earns nothing)."""
    game = rigged(n=4, black=0, bands={0: HIGH[:3], 2: HIGH[3:], 1: LOW[:3], 3: LOW[3:]},
                  hands={2: ["the_boss"], 3: ["the_boss"], 0: ["berzerk"], 1: ["berzerk"]})
    play(game, (0, group(2)))
    assert game.to_act() == [2, 3]
    for s, holder in ((2, 0), (3, 1)):
        card = next(c for c in game.hands[s] if game.faces[c].key == "the_boss")
        play(game, (s, Action("offer", places=(("hand", s, card), ("totem", holder)))))
    events = play(game, (0, offered(game, 0)), (1, offered(game, 1)))
    assert event(events, "victory").seat == 0
    assert event(events, "reward").seat == 2 and game.stars[2] == 6 and game.stars[3] == 5


def test_one_mirror_switches_after_the_refill_with_any_other_band():
    """"8. Switch. A player who played Mirror & Switch may swap one available Barbarian of their own
    Band with one available Barbarian of any other Band." (After steps 5-7: the Bands are full.)"""
    game, events = clash(HIGH, "mirror_and_switch", LOW, "the_boss")
    assert event(events, "victory").seat == 0                  # 10 (mirrored Boss) against 3
    assert game.phase == "switch" and game.to_act() == [0]
    assert [len(b) for b in game.bands] == [3, 3, 3, 3]
    legal = game.legal_actions(0)
    assert Action("no_switch") in legal
    own = {p[2] for a in legal if a.kind == "switch" for p in a.places[:1]}
    assert own == {c for c in game.bands[0] if c not in game.face_down}  # only available ones
    assert {a.places[1][1] for a in legal if a.kind == "switch"} == {1, 2, 3}
    play(game, (0, Action("no_switch")))
    assert game.phase == "group" and game.round_no == 2
