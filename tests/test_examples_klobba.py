"""Every worked example of the publisher's sheet (docs/rules/klobba-examples.txt), quoted.

The sheet's Groups A-D are pictures that did not survive; they are rebuilt from every number the
sheet gives about them. Where the sheet contradicts itself, the general rule wins over the
worked number (klobba-reconstructed.md): Group A holds no 4 (it loses "the 2 and one 6" when
fleeing), Group D's 4 is a Blue Talon only (so "All Orange Fox" selects its 5 alone), and Group
B's "two lowest" are its two 2s (2 + 2 = 4, not "the 4 and one of the 2s").

Each Group is the Black Totem holder's (seat 0): its own Band (place 0) and the Band it pairs
with (place 1), played through the real game: lay, reveal, and the card's tied choice offered
as legal `select` actions.
"""
from game.engine.core import Action
from rigging_klobba import (BT, OF, PR, YC, barbarian, clash, event, group, lay, play, rigged,
                            selections)

# the available (face-up) Barbarians first; face-down ones are "not available"
GROUP_A = [(YC, 7), (YC, 6), (PR, 6), (BT, 2), (OF, 10), (PR, 10)]
GROUP_A_DOWN = [(OF, 10), (PR, 10)]
GROUP_B = [(OF, 9), (YC, 9), (BT, 8), (PR, 4), (BT, 2), (OF, 2)]
GROUP_C = [(OF, 8), (YC, 8), (PR, 8), (BT, 1), (BT, 3), (BT, 10)]
GROUP_C_DOWN = [(BT, 1), (BT, 3), (BT, 10)]
GROUP_D = [(YC, 10), (BT, 6), (BT, 5), (OF, 5), (BT, 4), (BT, 3)]
GROUPS = {"A": (GROUP_A, GROUP_A_DOWN), "B": (GROUP_B, []), "C": (GROUP_C, GROUP_C_DOWN),
          "D": (GROUP_D, [])}
# the opponent's Group (seat 1, places 2 and 3): small values so that nothing there matters
WEAK = [(OF, 1), (YC, 1), (PR, 1), (YC, 2), (PR, 2), (YC, 3)]


def play_card(letter, card, against="the_boss"):
    """The Black Totem holder plays `card` on Group `letter`; (game, events)."""
    cards, down = GROUPS[letter]
    return clash(cards, card, WEAK, against, face_down=down)


def values(game, cards) -> list:
    return sorted(game.faces[c].value for c in cards)


def options(game, seat=0) -> list:
    """The tied choices offered: each as the sorted values it selects."""
    return sorted(values(game, [p[2] for p in a.places]) for a in game.legal_actions(seat))


def chosen(game, events, pick=0, seat=0):
    """Make the `pick`-th tied choice if one is asked; then seat 0's (selected, total)."""
    if game.phase == "select" and seat in game.to_act():
        events = events + play(game, (seat, game.legal_actions(seat)[pick]))
    return selections(events)[seat]


# --- Example of Play ----------------------------------------------------------------------------

def test_example_of_play_steps_1_to_4():
    """"Your Band of three Barbarians: a 9, a 6, a Barbarian who is currently face-down ... You hold
    the Black Totem ... This is a 2-player game, so the two other Bands are Free Bands." Step 1: "you
    place the Black Grouping marker to show you've selected the Band on your left. This leaves the
    White Totem holder to pair with the only remaining Band". Step 2: "It's a 2-player game, so skip
    Step 2." Step 4: "The White Totem holder played 'The Boss' ... Their highest-value Barbarian is
    a 9 ... You played 'Berzerk!' ... Two Barbarians are tied for lowest at 6, so you can choose
    between them; you decide to use the Barbarian from your own Band ... 6 x 2 = 12, which beats 9,
    so you win! You take the defeated Barbarian ... you also take the Star that was on it ... you
    flip it face down and reclaim the Star you placed on it. In total, you gain four Stars: the
    three on the defeated Barbarian plus the Star that marked it.\""""
    game = rigged(black=0, bands={0: [(YC, 9), (OF, 6), (PR, 1)], 1: [(PR, 6), (BT, 8), (BT, 10)],
                                  2: [(OF, 9), (YC, 4), (PR, 2)], 3: [(YC, 3), (OF, 2), (PR, 3)]},
                  face_down=[(PR, 1)], hands={0: ["berzerk"], 1: ["the_boss"]})
    view = game.view(0)
    assert view.bands[1].owner is None and view.bands[3].owner is None      # Free Bands
    assert [view.seats[s].place for s in (0, 1)] == [0, 2]                  # opposite each other
    assert not view.bands[0].cards[2].face_up
    assert game.to_act() == [0] and {a.places[0][1] for a in game.legal_actions(0)} == {1, 3}
    play(game, (0, group(1)))
    view = game.view(0)
    assert view.bands[1].marker == "black" and view.bands[3].marker == "white"
    assert game.phase == "lay" and game.to_act() == [0, 1]                  # no offers in 2 players
    before = game.scores()[0]
    events = play(game, (0, lay(game, 0, "berzerk")), (1, lay(game, 1, "the_boss")))
    assert game.phase == "select" and game.to_act() == [0]
    own_six = barbarian(game, OF, 6)
    assert options(game) == [[6], [6]]
    events += play(game, (0, Action("select", places=(("band", 0, own_six),))))
    picks = selections(events)
    assert picks[1] == ((barbarian(game, OF, 9),), 9)
    assert picks[0] == ((own_six,), 12)
    won = event(events, "victory")
    assert won.seat == 0 and won.get("captured") == barbarian(game, OF, 9) and won.get("stars") == 1
    assert game.captured[0] == [barbarian(game, OF, 9)]
    assert own_six in game.face_down or own_six not in game.bands[0]        # flipped (it rests next round)
    assert game.stars[0] == 6 and game.stars[1] == 4
    assert game.scores()[0] - before == 4                                   # "you gain four Stars"


# --- The Boss -------------------------------------------------------------------------------------

def test_the_boss_groups_a_b_c():
    """"This card selects the available Barbarian with the highest value. From Group A, that's the 7.
    Group B has two available Barbarians with the highest value (9), so whoever played the card
    chooses one. Group C has three available Barbarians, all valued 8, so whoever played the card
    chooses between them.\""""
    game, events = play_card("A", "the_boss")
    assert values(game, chosen(game, events)[0]) == [7]                    # not a face-down 10
    game, events = play_card("B", "the_boss")
    assert options(game) == [[9], [9]]
    game, events = play_card("C", "the_boss")
    assert options(game) == [[8], [8], [8]]
    assert chosen(game, events, pick=2)[1] == 8


# --- the lowest: Berzerk! and The Glory Seeker -----------------------------------------------------

def test_lowest_groups_a_b_c_and_berzerks_cap():
    """"All these cards select the available Barbarian with the lowest value. From Group A, that's the
    2. Group B has two Barbarians tied for lowest (2) ... Group C has three Barbarians with the same
    value (8) ... 'Berzerk!' has a cap that limits the total to 13. Only Group C can hit the cap ...
    the selected Barbarian's doubled value drops from 16 (8x2) to 13.\""""
    game, events = play_card("A", "berzerk")
    assert chosen(game, events) == ((barbarian(game, BT, 2),), 4)
    game, events = play_card("B", "berzerk")
    assert options(game) == [[2], [2]]
    assert chosen(game, events)[1] == 4
    game, events = play_card("C", "berzerk")
    assert options(game) == [[8], [8], [8]]
    assert chosen(game, events)[1] == 13
    game, events = play_card("D", "berzerk")
    assert chosen(game, events)[1] == 6


def test_the_glory_seeker_totals_of_groups_a_to_d():
    """"For Group A, it's 2 + (3 x 2) = 8. For Group B, it's 2 + (5 x 2) = 12. For Group C, it's
    8 + (2 x 2) = 12. For Group D, it's 3 + (5 x 2) = 13.\""""
    for letter, total in (("A", 8), ("B", 12), ("C", 12), ("D", 13)):
        game, events = play_card(letter, "the_glory_seeker")
        assert chosen(game, events)[1] == total, letter


def test_the_glory_seekers_star_goes_only_on_the_least_mighty():
    """"If you play 'The Glory Seeker', you place a Star only on the least mighty Barbarian, *not* on
    the other face-up Barbarians." (Group D against a Boss that loses: its 3 alone carries the Star.)"""
    game, events = play_card("D", "the_glory_seeker")
    picked, total = chosen(game, events)
    assert picked == (barbarian(game, BT, 3),) and total == 13
    won = event(events, "victory")
    assert won.seat == 0 and won.get("flipped") == picked      # only the 3 was selected and flips
    assert game.stars[0] == 5 + 1                              # its one Star back, the loser's won


# --- Double Trouble (two lowest) --------------------------------------------------------------------

def test_double_trouble_groups_a_to_d():
    """"From Group D, that's the 3 and the 4, for a total of 7. From Group A, it selects the 2 and one
    of the 6s (total 8) ... It is up to whoever played the card to choose between the 6s in Group A
    ... All Barbarians in Group C have the same value, so the player must choose any two. Their
    combined value is 16 (8 + 8), but the card caps this at 14." Group B (the sheet: "the 4 and one
    of the 2s (total 6)") holds two 2s: its two lowest are the 2s, 2 + 2 = 4 (the general rule wins)."""
    game, events = play_card("D", "double_trouble")
    picked, total = chosen(game, events)
    assert values(game, picked) == [3, 4] and total == 7
    game, events = play_card("A", "double_trouble")
    assert options(game) == [[2, 6], [2, 6]]
    assert chosen(game, events)[1] == 8
    game, events = play_card("C", "double_trouble")
    assert options(game) == [[8, 8]] * 3
    assert chosen(game, events)[1] == 14
    game, events = play_card("B", "double_trouble")
    picked, total = chosen(game, events)
    assert values(game, picked) == [2, 2] and total == 4


# --- All [Clan] Together or Distract ---------------------------------------------------------------

def test_all_blue_talon_groups_a_b_d():
    """"If the card shows Blue Talon, Group A has one such Barbarian (value 2). Group B has two
    (8 + 2 = 10). Group D has four (3 + 4 + 5 + 6 = 18).\""""
    for letter, total in (("A", 2), ("B", 10), ("D", 18)):
        game, events = play_card(letter, "all_blue_talon")
        assert chosen(game, events)[1] == total, letter


def test_no_barbarian_of_the_clan_distracts():
    """"If a Group has no Barbarians from that Clan, as in Group C, the card selects nobody. The
    Barbarian(s) chosen by the opposing Action card are then Distracted: their cards are turned face
    down and their Stars return to their owners, but no one is clobbered ... you must give the other
    player two Stars." (Group C's Blue Talons are face down: not available.)"""
    game, events = play_card("C", "all_blue_talon")
    boss = barbarian(game, YC, 3)             # the opponent's Boss picks its 3
    assert event(events, "distracts").seat == 0
    done = event(events, "distraction")
    assert done.seat == 0 and done.get("distracted") == 1 and done.get("paid") == 2
    assert done.get("flipped") == (boss,)
    assert event(events, "victory") is None and game.captured == [[], []]
    assert game.stars == [3, 7]
    assert boss in game.bands[2] or boss in game.bands[3]


def test_mutual_distraction_nothing_happens():
    """"If both Action cards cause mutual distraction, no one is clobbered, no cards flip, and no Stars
    are paid. Proceed to Step 5.\""""
    cards, down = GROUPS["C"]
    no_fox = [(YC, 1), (PR, 1), (YC, 2), (PR, 2), (YC, 3), (PR, 3)]
    game, events = clash(cards, "all_blue_talon", no_fox, "all_orange_fox", face_down=down)
    assert event(events, "mutual_distraction") is not None
    assert game.stars == [5, 5] and game.captured == [[], []]
    assert event(events, "distraction") is None
    assert not game.face_down       # nothing flipped (those resting before turned up in step 6)


# --- Second-Best or Underdogs ----------------------------------------------------------------------

def test_second_best_or_underdogs_groups_a_to_d():
    """"In Group A, the value below the 7 is a 6, while the only Underdog is the 2. Since 6 is higher
    than 2, one of the 6s is selected, and the player decides which. In Group B ... the next down is
    the 8. The Underdogs are 2, 2 and 4, totalling 8. Because both alternatives equal 8, the player
    chooses between the Second-Best or the Underdogs ... Group C, where all are 8s. Since 8 beats the
    Underdogs' total of zero, one 8 is chosen, and the player decides which. In Group D, the highest
    value is 10 and the next down is 6. The Underdogs total 17 (3 + 4 + 5 + 5), so the card selects
    the Underdogs.\""""
    game, events = play_card("A", "second_best_or_underdogs")
    assert options(game) == [[6], [6]]
    game, events = play_card("B", "second_best_or_underdogs")
    assert options(game) == [[2, 2, 4], [8]]
    assert {a.choice for a in game.legal_actions(0)} == {"second_best", "underdogs"}
    assert chosen(game, events)[1] == 8
    game, events = play_card("C", "second_best_or_underdogs")
    assert options(game) == [[8], [8], [8]]
    game, events = play_card("D", "second_best_or_underdogs")
    picked, total = chosen(game, events)
    assert values(game, picked) == [3, 4, 5, 5] and total == 17


# --- Mirror & Switch ---------------------------------------------------------------------------------

def test_mirror_applies_the_opponents_card_to_your_group():
    """"If you have Group A and play 'Mirror & Switch', and your opponent has Group D and plays 'The
    Boss', the 10 is selected from their Group and the 7 is selected from yours.\""""
    game, events = clash(GROUP_A, "mirror_and_switch", GROUP_D, "the_boss", face_down=GROUP_A_DOWN)
    picks = selections(events)
    assert values(game, picks[0][0]) == [7] and values(game, picks[1][0]) == [10]
    assert event(events, "victory").seat == 1


def test_mirror_of_all_orange_fox_distracts_a_group_without_one():
    """"If they play 'All Orange Fox Together or Distract', their 4 and 5 are selected, but, as you
    don't have any Orange Fox, you Distract." (Group D's 4 is a Blue Talon: its Orange Fox is the 5.)"""
    game, events = clash(GROUP_A, "mirror_and_switch", GROUP_D, "all_orange_fox", face_down=GROUP_A_DOWN)
    assert event(events, "distracts").seat == 0
    done = event(events, "distraction")
    assert done.seat == 0 and done.get("distracted") == 1
    assert [game.faces[c].key for c in done.get("flipped")] == ["orange_fox_5"]


def test_both_mirrors_no_one_is_clobbered_and_both_switch_black_first():
    """"If both players play Mirror & Switch, no one is clobbered. Move to Step 5 ... If both cards are
    Mirror & Switch, Barbarians are switched one pair at a time, the Totem holders alternating, with
    the Black Totem holder going first. No Barbarian can be switched more than once in the same round.\""""
    game, events = clash(GROUP_B, "mirror_and_switch", GROUP_D, "mirror_and_switch")
    assert event(events, "mirrors") is not None and event(events, "selected") is None
    assert game.captured == [[], []] and game.stars == [5, 5] and not game.face_down
    assert game.phase == "switch" and game.to_act() == [0]
    mine, theirs = game.bands[0][0], game.bands[2][0]
    play(game, (0, Action("switch", places=(("band", 0, mine), ("band", 2, theirs)))))
    assert game.bands[0][0] == theirs and game.bands[2][0] == mine
    assert game.phase == "switch" and game.to_act() == [1]
    touched = {p[2] for a in game.legal_actions(1) for p in a.places}
    assert mine not in touched and theirs not in touched        # nobody switched twice
    play(game, (1, Action("no_switch")))
    assert game.phase == "group" and game.black == 1


# --- Flee & Surprise ----------------------------------------------------------------------------------

def test_flee_keeps_the_two_mightiest_groups_a_to_d():
    """"Group A loses the 2 and one 4 (chosen by the player), Group B keeps only the two 9s, Group C
    loses an 8 (player's choice), and Group D keeps the 6 and 10." (Group A holds no 4: it loses the 2
    and one of its 6s, the player's choice.)"""
    game, _ = play_card("A", "flee_and_surprise")
    assert game.phase == "flee" and options(game) == [[6, 7], [6, 7]]
    game, _ = play_card("C", "flee_and_surprise")
    assert options(game) == [[8, 8]] * 3
    for letter, kept in (("B", [9, 9]), ("D", [6, 10])):
        game, events = play_card(letter, "flee_and_surprise")
        whole = {barbarian(game, *b) for b in GROUPS[letter][0]}
        fled = event(events, "flee").get("cards")
        assert values(game, whole - set(fled)) == kept, letter
        assert set(game.barbarian_deck[:len(fled)]) == set(fled)     # "to the bottom of the deck"


def test_flee_draws_the_surprise_and_applies_it_to_the_two_left():
    """"Then draw the top card from the Action deck - your 'Surprise' card - and apply it to the two
    remaining Barbarians." (Group D keeps the 10 and the 6; a Berzerk! Surprise doubles the 6.)"""
    game, events = clash(GROUP_D, "flee_and_surprise", WEAK, "the_boss", action_deck=["berzerk"])
    surprise = event(events, "surprise")
    assert surprise.seat == 0 and [f.key for _, f in surprise.faces] == ["berzerk"]
    assert selections(events)[0] == ((barbarian(game, BT, 6),), 12)


def test_flee_against_mirror_both_draw_their_own_surprise():
    """"If you play 'Flee & Surprise' against an opponent's 'Mirror & Switch', both players draw their
    own 'Surprise' from the Action deck.\""""
    game, events = clash(GROUP_D, "flee_and_surprise", GROUP_B, "mirror_and_switch",
                         action_deck=["the_boss", "berzerk"])
    drawn = {e.seat: [f.key for _, f in e.faces] for e in events if e.kind == "surprise"}
    assert drawn == {0: ["the_boss"], 1: ["berzerk"]}           # Black Totem holder first
    assert {e.seat for e in events if e.kind == "flee"} == {0, 1}
    assert game.phase == "select" and options(game, 1) == [[9], [9]]     # Berzerk! on the two 9s
    events += play(game, (1, game.legal_actions(1)[0]))
    picks = selections(events)
    assert picks[0][1] == 10 and picks[1][1] == 13              # B keeps its 9s: 9 x 2 capped at 13


def test_flee_against_swap_and_play_reveals_both_together():
    """"If you play 'Flee & Surprise' against an opponent's 'Swap & Play', both players reveal their
    cards at the same time: your 'Surprise' and their chosen new card." The Swap & Play player chooses
    before any Surprise is drawn, and neither is shown before both are fixed."""
    game, events = clash(GROUP_D, "flee_and_surprise", GROUP_B, "swap_and_play",
                         action_deck=["the_boss", "berzerk", "double_trouble", "the_glory_seeker"])
    assert game.phase == "swap" and game.to_act() == [1]
    assert not [e for e in events if e.kind == "surprise"]
    drawn = game.view(1).swap_drawn
    assert sorted(game.faces[c].key for c in drawn) == ["berzerk", "double_trouble", "the_boss"]
    assert game.view(0).swap_drawn == () and game.view(0).showdown_of(1).played is None
    pick = next(c for c in drawn if game.faces[c].key == "double_trouble")
    more = play(game, (1, Action("swap_play", places=(("hand", 1, pick),))))
    kinds = [e.kind for e in more]
    assert kinds.index("reveal_played") < kinds.index("surprise")   # no decision between them
    assert [f.key for _, f in event(more, "surprise").faces] == ["the_glory_seeker"]


# --- Swap & Play ---------------------------------------------------------------------------------

def test_swap_and_play_sees_the_opponents_action_with_only_three_cards_to_pick_from():
    """"Return three Action cards to the bottom of the deck and draw three new ones. Play one of the
    new cards. Unless your opponent plays 'Swap & Play', 'Mirror & Switch', or 'Flee & Surprise', you
    see their Action before choosing yours, though you have only three cards to pick from.\""""
    game, events = clash(GROUP_B, "swap_and_play", GROUP_D, "the_boss",
                         action_deck=["berzerk", "double_trouble", "the_glory_seeker"])
    returned = [c for c in game.action_deck[:3]]
    assert all(game.faces[c].key != "swap_and_play" for c in returned)        # its three others
    assert game.phase == "swap" and len(game.legal_actions(0)) == 3           # only three to pick from
    seen = game.view(0).showdown_of(1)
    assert game.faces[seen.card].key == "the_boss"                            # their Action, seen
    glory = next(a for a in game.legal_actions(0) if game.faces[a.places[0][2]].key == "the_glory_seeker")
    events = play(game, (0, glory))
    assert game.phase == "select"                              # its lowest: one of two 2s
    events += play(game, (0, game.legal_actions(0)[0]))
    assert selections(events)[0][1] == 12 and event(events, "victory").seat == 0   # 12 beats 10


def test_swap_and_play_against_mirror_does_not_see_what_it_will_face():
    """"Unless your opponent plays ... 'Mirror & Switch' ... you see their Action": a Mirror selects
    with the card Swap & Play is yet to choose, so nothing of it is known before choosing."""
    game, events = clash(GROUP_B, "swap_and_play", GROUP_D, "mirror_and_switch",
                         action_deck=["berzerk", "double_trouble", "the_glory_seeker"])
    seen = game.view(0).showdown_of(1)
    assert seen.effect is None and seen.total is None and seen.selected == ()
    events = play(game, (0, game.legal_actions(0)[0]))      # Berzerk! for both Groups
    if game.phase == "select":
        for seat in game.to_act():
            events += play(game, (seat, game.legal_actions(seat)[0]))
    picks = selections(events)
    assert picks[0][1] == 4 and picks[1][1] == 6             # 2 x 2 against 3 x 2
