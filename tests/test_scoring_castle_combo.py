"""Castle Combo's primitives, each on a hand-built tableau of real cards (rulesets' castle-combo.yaml).

Every test names the card whose ability or scroll it uses; the card texts are those of
docs/reference/castle-combo-cards.md (the licensed digital edition), the rule sentences the
rulebook's (docs/rules/castle-combo.txt).
"""
import pytest

from game.families.tableau import scoring
from game.families.tableau.scoring import (best_purses, discounts, gains, legal_cells, price,
                                           score_tableau, total_score)
from game.families.tableau.view import Placed
from rigging_castle_combo import card, faces, tableau

F = faces()


def points(tab, key, keys=0, union=True):
    """The points of the card `key` in the tableau `tab`."""
    scores = score_tableau(F, tab, keys, True, union)
    return next(s.points for s in scores if s.card == card(key))


# ---- the rulebook's worked example --------------------------------------------------------------

def louison():
    """The rulebook's scoring example (LOUISON, 75), rebuilt from its lines.

    The lines: 9 = 3 x 3 for 3 sets of Castle + Village banners (3 Castle, 5 Village; "the card
    flipped face down gives no banner"): Judge. 12 = 2 x 6, two shield types missing: His Holiness.
    11 = 11 x 1 for 11 keys: a 1-point-per-key card, and 11 more for the keys themselves. 9 = 3 x 3
    for 3 shields on its row: a "3 per shield in its row" card. 4 = 2 x 2 for 2 gold on it: the
    Sculptor (named by the Banker's line). 5 on one of its required spaces. 6 = 2 gold on the
    Sculptor + 4 on the Miraculously Cured: Banker (1 per gold on all purses). 0: the face-down
    card. 8 = 4 x 2, 4 gold, the most it holds: Miraculously Cured (holds 4).
    Judge, His Holiness and Banker are the 3 Castle banners, so the other 5 face-up cards are
    Village cards: the key card is the Locksmith (the Templar is a Castle card), the row card and
    the 5-point card are Village cards. The shields of Judge (Scholarship), His Holiness, Banker,
    Sculptor, Miraculously Cured, Locksmith (Faith, Craftsmanship, Peasantry) leave Nobility and
    Military to be the 2 missing types, so the row card is not the Militiaman: the Clockmaker
    (3 per Craftsmanship in its row) with the Sculptor and the Banker beside it; the 5-point
    Village card is the Spice Merchant (5 in the middle row). The face-down card is a Duchess:
    face up, its Nobility shields and Castle banner would change two lines.
    """
    return tableau(["clockmaker", "sculptor:2", "banker"],
                   ["judge", "spice_merchant", "his_holiness"],
                   ["locksmith", "miraculously_cured:4", "down:duchess"])


def test_the_rulebook_scoring_example_scores_75_line_by_line():
    tab = louison()
    expected = {"judge": 9, "his_holiness": 12, "locksmith": 11, "clockmaker": 9, "sculptor": 4,
                "spice_merchant": 5, "banker": 6, "duchess": 0, "miraculously_cured": 8}
    assert {F[s.card].key: s.points for s in score_tableau(F, tab, 11)} == expected
    assert total_score(F, tab, 11) == 75          # "The player's score is the sum ... Σ 75"


def test_the_face_down_card_of_the_example_gives_no_banner_and_no_shield():
    """"the card flipped face down gives no banner"; "Face-down cards are worth no points"."""
    up = tuple(Placed(p.card, p.row, p.col, True, p.gold) for p in louison())
    assert points(up, "judge") == 12 and points(up, "his_holiness") == 6
    assert next(s for s in score_tableau(F, louison(), 11) if s.card == card("duchess")).why == "face down"


# ---- counts in scoring scrolls -------------------------------------------------------------------

def test_shields_in_its_row_cardinal():
    """Cardinal: 3 per Faith shield in its row; the Mother Superior's 2 Faith count, a column's do not."""
    tab = tableau(["cardinal", "mother_superior", "prince"], ["nun", None, None])
    assert points(tab, "cardinal") == 3 * 3


def test_shields_in_its_column_nun():
    """Nun: 3 per Faith shield in its column."""
    tab = tableau(["nun", "mother_superior"], ["cardinal", None], ["monk", None])
    assert points(tab, "nun") == 3 * 3


def test_row_and_column_counts_the_card_itself_once_jester():
    """Jester: 2 per Nobility shield in its row and column; its own shield counts once (the union),
    or twice with `row_and_column: sum`."""
    tab = tableau(["princess", "jester", "duchess"], [None, "prince", None], [None, "baron", None])
    # row: Princess 1, Jester 1, Duchess 2; column: Jester (again), Prince 1, Baron 1
    assert points(tab, "jester") == 2 * 6
    assert points(tab, "jester", union=False) == 2 * 7


def test_row_and_column_knight_counts_both_lines():
    """Knight (a Military card): 3 per Nobility shield in its row and column."""
    tab = tableau(["princess", "knight"], [None, "duchess"], ["queen_mother", None])
    assert points(tab, "knight") == 3 * 3


def test_banners_chaplain_face_down_has_none():
    """Chaplain: 2 per Village banner; "the card flipped face down gives no banner"."""
    tab = tableau(["chaplain", "farmer", "down:baker"], ["vicar", None, None])
    assert points(tab, "chaplain") == 2 * 2


def test_cards_with_two_shields_blacksmith():
    """Blacksmith: 2 per card with 2 shields (itself included: Military, Craftsmanship)."""
    tab = tableau(["blacksmith", "farmer", "nun"], ["duchess", None, None])
    assert points(tab, "blacksmith") == 2 * 3


def test_distinct_shield_types_architect_row_pilgrim_column_lookout():
    """Architect: 2 per different shield type; Pilgrim: 4 per type in its row; Lookout: in its column."""
    tab = tableau(["architect", "pilgrim", "farmer"], ["lookout", "spy", None], ["prince", None, None])
    assert points(tab, "architect") == 2 * 5      # Sch, Fai, Pea, Mil, Nob
    assert points(tab, "pilgrim") == 4 * 3        # row 0: Sch, Fai, Pea
    assert points(tab, "lookout") == 4 * 3        # column 0: Sch, Mil, Nob


def test_missing_shield_types_his_holiness():
    """His Holiness: 6 per missing shield type (of the 6)."""
    tab = tableau(["his_holiness", "farmer"])
    assert points(tab, "his_holiness") == 6 * 4


def test_cards_costing_pawnbroker_and_or_more_patron():
    """Pawnbroker: 3 per card costing 4; Patron: 5 per card costing 5 or more."""
    tab = tableau(["pawnbroker", "cardinal", "patron"], ["captain", "farmer", "down:duchess"])
    assert points(tab, "pawnbroker") == 3 * 2     # Pawnbroker 4, Cardinal 4
    assert points(tab, "patron") == 5 * 3         # Patron 7, Captain 5, Farmer 5 (the face-down Duchess no)


def test_discount_cards_alchemist():
    """Alchemist: 4 per card with a discount (itself, Princess, Fisherman)."""
    tab = tableau(["alchemist", "princess", "fisherman"], ["farmer", None, None])
    assert points(tab, "alchemist") == 4 * 3


def test_keys_held_templar():
    """Templar: 1 per key held."""
    assert points(tableau(["templar"]), "templar", keys=7) == 7


def test_gold_on_this_purse_up_to_its_cap_steward():
    """Steward: 2 per gold on this purse, which holds 3."""
    assert points(tableau(["steward:3"]), "steward") == 6
    assert points(tableau(["steward:5"]), "steward") == 6


def test_gold_on_all_purses_banker():
    """Banker: 1 per gold on all your purse cards."""
    tab = tableau(["banker", "potter:3", "beekeeper:5"])
    assert points(tab, "banker") == 8


def test_shield_sets_officer_and_her_majesty():
    """Officer: 4 per set of Nobility + Military; Her Majesty the Queen: 10 per Nobility + Scholarship
    + Craftsmanship."""
    tab = tableau(["officer", "royal_guard", "duchess"], ["goldsmith", "her_majesty_the_queen", None])
    assert points(tab, "officer") == 4 * 2        # Nob 4 (Royal guard, Duchess 2, Queen), Mil 2
    assert points(tab, "her_majesty_the_queen") == 10 * 1


def test_banner_sets_judge_and_three_of_a_kind_brigand():
    """Judge: 3 per set of Castle + Village banners; Brigand: 7 per 3 Village banners."""
    tab = tableau(["judge", "brigand", "farmer"], ["vicar", "baker", "nun"], ["beggar", None, None])
    assert points(tab, "judge") == 3 * 2          # Castle 2, Village 5
    assert points(tab, "brigand") == 7 * 1


def test_sets_of_three_identical_shields_general():
    """General: 6 per set of 3 identical shields."""
    tab = tableau(["general", "captain", "master_at_arms"], ["farmer", "fisherman", None])
    assert points(tab, "general") == 6 * 2        # Military 5 -> 1 set, Peasantry 3 -> 1 set


# ---- conditions ------------------------------------------------------------------------------

FULL = (["duchess", "spy", "captain"], ["spice_merchant", "baker", "woodcutter"],
        ["astronomer", "farmer", "fisherman"])


@pytest.mark.parametrize("key,position,scores", [
    ("astronomer", "left column", 8), ("spy", "middle column", 6), ("captain", "right column", 8),
    ("duchess", "top row", 8), ("spice_merchant", "middle row", 5), ("farmer", "bottom row", 7),
    ("fisherman", "corner", 4), ("woodcutter", "right column", 5)])
def test_position_in_a_full_tableau(key, position, scores):
    """Each card on its required space scores (Astronomer 8 in the left column, ...)."""
    assert points(tableau(*FULL), key) == scores


def test_position_off_its_space_scores_nothing_baker_edge_middle():
    """Baker: 3 in the middle of an edge (not a corner, not the centre)."""
    assert points(tableau(*FULL), "baker") == 0           # the centre
    moved = tableau(["duchess", "baker", "captain"], ["spice_merchant", "spy", "woodcutter"],
                    ["astronomer", "farmer", "fisherman"])
    assert points(moved, "baker") == 3
    assert points(moved, "spy") == 6 and points(moved, "duchess") == 8


def test_position_is_judged_in_the_frame_placed_so_far():
    """"Their position is ... only fixed as your rows and columns fill up": a lone row is the top
    and the bottom row for now; the middle needs a row on each side."""
    row = tableau(["duchess", "farmer", "spice_merchant"])
    assert points(row, "duchess") == 8 and points(row, "farmer") == 7
    assert points(row, "spice_merchant") == 0


def test_shield_absent_devout():
    """Devout: 10 if no Craftsmanship shield (a face-down card has none)."""
    assert points(tableau(["devout", "down:potter"]), "devout") == 10
    assert points(tableau(["devout", "potter"]), "devout") == 0


def test_any_face_down_card_carpenter():
    """Carpenter: 8 if your tableau has a face-down card."""
    assert points(tableau(["carpenter", "down:potter"]), "carpenter") == 8
    assert points(tableau(["carpenter", "potter"]), "carpenter") == 0


def test_face_down_cards_score_nothing():
    """"Face-down cards are worth no points.\""""
    assert points(tableau(["down:farmer"], ["down:baker"]), "farmer") == 0


def test_keys_are_worth_a_point_each():
    """"Each Key you have is worth 1 point"."""
    assert total_score(F, tableau(["down:farmer"]), 5) == 5
    assert total_score(F, tableau(["down:farmer"]), 5, key_points=2) == 10


# ---- abilities (pure: what the card gives) ---------------------------------------------------------

def gain(tab, key, others=(), seat=0, choice=None, neighbour=None):
    seats = [tab] + list(others)
    return gains(F, tab, seats, seat, card(key), choice, neighbour)


def test_gain_flat_judge_and_opponents_his_holiness():
    """Judge: +2 keys. His Holiness: +3 keys, each opponent +1 key ("it concerns all other players")."""
    assert gain(tableau(["judge"]), "judge", [()]) == (0, 2, ((1, 0, 0),))
    assert gain(tableau(["his_holiness"]), "his_holiness", [(), ()]) == (0, 3, ((1, 0, 1), (2, 0, 1)))


def test_opponents_gain_gold_patron():
    """Patron: each opponent gains 2 gold; you nothing."""
    assert gain(tableau(["patron"]), "patron", [()]) == (0, 0, ((1, 2, 0),))


def test_gain_per_shield_counts_the_new_card_prince():
    """Prince: +1 gold per Nobility shield; "The card takes itself into account"."""
    assert gain(tableau(["prince", "duchess"]), "prince")[0] == 3


def test_gain_per_banner_nun_and_cards_with_one_shield_chaplain():
    """Nun: +1 gold per Castle banner; Chaplain: +1 gold per card with 1 shield."""
    tab = tableau(["nun", "chaplain", "duchess"], ["farmer", None, None])
    assert gain(tab, "nun")[0] == 3
    assert gain(tab, "chaplain")[0] == 2


def test_gain_per_distinct_and_missing_types_professor_carpenter():
    """Professor: +1 gold per different shield type; Carpenter: +1 key per missing type."""
    tab = tableau(["professor", "carpenter", "farmer"])
    assert gain(tab, "professor")[0] == 3
    assert gain(tab, "carpenter")[1] == 3


def test_gain_per_empty_and_occupied_places_devout_woodcutter():
    """Devout: +1 gold per empty place (of 9); Woodcutter: +1 gold per card (face-down ones too)."""
    tab = tableau(["devout", "woodcutter", "down:farmer"])
    assert gain(tab, "devout")[0] == 6
    assert gain(tab, "woodcutter")[0] == 3


def test_gain_per_card_costing_traveler_and_purse_cards_miraculously_cured():
    """Traveler: +3 gold per card costing 0; Miraculously Cured: +1 key per purse card."""
    tab = tableau(["traveler", "beggar", "miraculously_cured"], ["potter", None, None])
    assert gain(tab, "traveler")[0] == 6
    assert gain(tab, "miraculously_cured")[1] == 2


def test_best_neighbour_templar():
    """Templar: +1 gold per Faith shield of a neighbour (left or right, the buyer's choice), and +1
    key per Military shield of your own."""
    mine = tableau(["templar"])
    left, right = tableau(["mother_superior"]), tableau(["nun"])
    # three players: seat 1 is to the left of seat 0 (play goes clockwise to the left), 2 to the right
    assert gain(mine, "templar", [left, right], neighbour=1) == (2, 1, ((1, 0, 0), (2, 0, 0)))
    assert gain(mine, "templar", [left, right], neighbour=2)[0] == 1
    assert gain(mine, "templar", [left, right])[0] == 2          # not told: the better one


def test_best_neighbour_banner_brigand():
    """Brigand: +1 key per Castle banner of a neighbour."""
    assert gain(tableau(["brigand"]), "brigand", [tableau(["nun", "duchess"])])[1] == 2


def test_choose_one_of_two_barbarian():
    """Barbarian: choose +1 gold per Scholarship shield of a neighbour, or +2 keys."""
    other = tableau(["astronomer", "inventor"])
    assert gain(tableau(["barbarian"]), "barbarian", [other], choice=0)[:2] == (4, 0)
    assert gain(tableau(["barbarian"]), "barbarian", [other], choice=1)[:2] == (0, 2)


def test_purse_gold_and_discard_are_not_gains_queen_mother_gravedigger():
    """Queen Mother's gold goes onto purses, Gravedigger's depends on the display: not in gains."""
    assert gain(tableau(["queen_mother"]), "queen_mother")[:2] == (0, 0)
    assert gain(tableau(["gravedigger"]), "gravedigger")[:2] == (0, 0)


def test_gold_on_each_purse_stops_at_what_it_holds_queen_mother():
    """Queen Mother: 2 gold onto each purse card; "Each purse may hold as much gold as printed"."""
    tab = tableau(["queen_mother", "steward:2", "farmer"])
    assert scoring.purse_gold(F, tab, 2) == (((0, 0), 2), ((0, 1), 1))


# ---- discounts, prices, placement ----------------------------------------------------------------

def test_discounts_add_up_and_never_below_zero():
    """"add up all of the applicable discounts"; "A card cannot cost less than 0 Gold"."""
    tab = tableau(["alchemist", "astronomer", "stonemason"])
    assert discounts(F, tab) == (2, 2)
    assert price(F, tab, card("patron")) == 5
    assert price(F, tab, card("inventor")) == 0
    assert price(F, tableau(["down:alchemist"]), card("patron")) == 7     # face down: no discount


def test_a_cards_own_discount_does_not_apply_to_itself():
    """"if the card you purchase has a discount ability, its own discount ability only applies for
    your next purchases": the price is of the tableau before the card."""
    assert price(F, (), card("alchemist")) == 6


def test_legal_cells_grow_orthogonally_and_never_past_three():
    """"adjacent (orthogonally) to at least one other card"; "never add a fourth card to a column or a row"."""
    assert legal_cells(()) == ((0, 0),)
    assert legal_cells(tableau(["farmer"])) == ((-1, 0), (0, -1), (0, 1), (1, 0))
    row = tableau(["farmer", "baker", "vicar"])
    assert {r for r, _ in legal_cells(row)} == {-1, 1}
    assert (0, 3) not in legal_cells(row) and (0, -1) not in legal_cells(row)


def test_best_purses_fills_the_best_purse_first():
    """Leftover gold goes where it scores: each purse at most what it holds (purses all score 2 per gold)."""
    tab = tableau(["miraculously_cured:1", "sculptor", "farmer"])
    assert best_purses(F, tab, 5) == (((0, 0), 4), ((0, 1), 2))
    assert best_purses(F, tab, 20) == (((0, 0), 4), ((0, 1), 7))


def test_a_card_that_scores_nothing_says_why_in_plain_words():
    """The score pad's reasons: the LOUISON tableau's Spice Merchant moved off the middle row, and a
    Barbarian (10 if no Scholarship) beside the Judge's Scholarship shield."""
    moved = tableau(["spice_merchant", "sculptor:2", "banker"],
                    ["judge", "clockmaker", "his_holiness"],
                    ["barbarian", "miraculously_cured:4", "down:duchess"])
    why = {F[s.card].key: s.why for s in score_tableau(F, moved, 11)}
    assert why["spice_merchant"] == "0: not in the middle row"
    assert why["barbarian"] == "0: your tableau has a Scholarship shield"


# ---- the bots' fast sum, against the scoring with words ------------------------------------------

def random_tableau(rng, n_cards: int) -> tuple:
    """`n_cards` real cards (some face down, some purses holding gold) on legal cells, grown as a
    game grows a tableau."""
    ids = rng.sample(range(len(F)), n_cards)
    placed = []
    for card_id in ids:
        row, col = rng.choice(legal_cells(tuple(placed)))
        up = rng.random() < 0.8
        cap = scoring.purse_cap(F[card_id]) if up else 0
        placed.append(Placed(card_id, row, col, up, rng.randint(0, cap) if cap else 0))
    return tuple(placed)


@pytest.mark.parametrize("union", [True, False])
def test_the_fast_tableau_sum_is_the_sum_of_the_cards_scores_on_5000_tableaux(union):
    """tableau_points sums a tableau's counts once for every scroll (what the bots' search calls
    thousands of times a decision); score_card reads each card's scroll on its own, with the words.
    They agree on every tableau: every card of the game, every size, face-down cards, purse gold,
    keys, both ways of counting a row and a column."""
    import random
    rng = random.Random(31)
    for _ in range(5000):
        tab = random_tableau(rng, rng.randint(1, 9))
        keys = rng.randint(0, 12)
        slow = sum(s.points for s in score_tableau(F, tab, keys, True, union))
        assert scoring.tableau_points(F, tab, keys, union) == slow, (tab, keys)
