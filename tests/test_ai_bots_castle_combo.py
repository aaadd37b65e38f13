"""Castle Combo's bots (game/families/tableau/bots.py): behaviour on rigged real games, legality
over seeded games, replay, privacy (views only) and strength (normal beats easy).

States are real `TableauGame`s with their cards moved into place (tests/rigging_castle_combo.py);
cards are named by their ruleset key and their texts are docs/reference/castle-combo-cards.md.
Rule sentences are quoted from the rulebook (docs/rules/castle-combo.txt).
"""
from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.lab.simulate import run_match
from game.engine.core import Action
from game.families.tableau.bots import Plan, TableauBot
from rigging_castle_combo import card, castle_combo, cell, new_game, on_display, rig, tableau

NOBLE_ROWS = (["duchess", "queen_mother", "princess"], ["chatelaine", "royal_guard"])


def _bot(level="normal", seat=0, seed=1):
    return make_bot(castle_combo(), seat, level, seed)


def _choose(game, level="normal", seat=0, seed=1):
    legal = game.legal_actions(seat)
    action = _bot(level, seat, seed).choose(game.view(seat), legal)
    assert action in legal
    return action


# ---- behaviour on rigged games ----

def test_the_family_makes_these_bots():
    """make_bot (the registry's door) gives a TableauBot of the asked level for Castle Combo."""
    for level in ("easy", "normal"):
        bot = _bot(level, seat=1, seed=3)
        assert isinstance(bot, TableauBot) and bot.level == level and bot.seat == 1


def _astronomer_game(*rows):
    """Seat 0's tableau is `rows`; the Castle display offers the Astronomer ("8 if in left col")
    and two cards seat 0 cannot afford."""
    game = new_game(2, seed=4)
    return rig(game, tableaux={0: tableau(*rows)},
               displays={"castle": ["astronomer", "his_holiness", "patron"]},
               gold={0: 5}, keys={0: 0}, current=0, messenger="castle")


def test_normal_values_a_card_where_it_scores_above_a_bad_cell():
    """"some cards award points depending on where they are in the grid ... only fixed as your
    rows and columns fill up": with a full top row the columns are fixed, and normal values the
    Astronomer (8 if in the left column) about 8 points higher below its left card than below its
    right one."""
    game = _astronomer_game(["beggar", "woodcutter", "traveler"])
    plan = Plan(_bot(), game.view(0))
    astronomer = card("astronomer")
    left, right = plan.worth(astronomer, 1, 0, True), plan.worth(astronomer, 1, 2, True)
    assert 6 <= left - right <= 10


def test_normal_buys_a_card_into_the_cell_where_it_scores():
    """Two cells left, one in the left column and one in the right: normal buys the Astronomer
    into the left one (the right one would score it nothing)."""
    game = _astronomer_game(["beggar", "woodcutter", "traveler"], ["farmer", "fisherman", None],
                            [None, "monk", "baker"])
    assert set(game.view(0).legal_cells) == {(1, 2), (2, 0)}
    action = _choose(game)
    assert action == Action("buy", places=(on_display(game, "astronomer"), cell(0, 2, 0)))


def _noble_game(messenger):
    """Seat 0's tableau is full of Nobility; the Castle display offers the Prince (4 per Nobility
    in its row), the Jester (+2 gold per Nobility) and His Majesty (4 per Nobility in its column);
    the Village display three cards that do little for it."""
    game = new_game(2, seed=5)
    return rig(game, tableaux={0: tableau(*NOBLE_ROWS)},
               displays={"castle": ["prince", "jester", "his_majesty"],
                         "village": ["inventor", "bombardier", "winemaker"]},
               gold={0: 8}, keys={0: 1}, current=0, messenger=messenger)


def test_normal_spends_a_key_to_move_the_messenger_away_from_a_poor_display():
    """"You may spend 1 (and only one) of your Keys to ... Move the Messenger pawn to the other
    location": with the Messenger on a poor Village display and the Nobility cards in the Castle,
    normal spends its key to move, then buys a Nobility scorer."""
    game = _noble_game("village")
    assert _choose(game) == Action("key_move")
    game.apply(0, Action("key_move"))
    assert game.messenger == "castle" and game.keys[0] == 0
    action = _choose(game)
    assert action.kind == "buy" and game.faces[action.places[0][2]].location == "castle"


def test_normal_keeps_its_key_when_the_messengers_display_is_good():
    """The same tableau with the Messenger already on the Castle display: no key is spent."""
    game = _noble_game("castle")
    action = _choose(game)
    assert action.kind == "buy" and game.faces[action.places[0][2]].key in ("prince", "jester", "his_majesty")


RICH = ["stable_boy", "blacksmith", "carpenter", "squire", "armorer"]    # for a Nobility tableau
POOR = ["revolutionary", "beggar", "woodcutter", "shepherd", "witch"]


def _refresh_game(deck):
    """Both displays poor for seat 0's Nobility tableau; the Village deck holds only `deck`
    (every other Village card lies face up in the discard pile: "Discarded cards are public
    information", so the bot can tell what is left)."""
    shown = {"village": ["inventor", "bombardier", "winemaker"], "castle": ["nun", "cardinal", "scribe"]}
    used = {k for row in NOBLE_ROWS for k in row} | set(shown["village"]) | set(deck)
    discard = [f.key for f in castle_combo().cards if f.location == "village" and f.key not in used]
    return rig(new_game(2, seed=5), tableaux={0: tableau(*NOBLE_ROWS)}, displays=shown,
               discards={"village": discard}, decks={"village": deck}, gold={0: 8}, keys={0: 1},
               current=0, messenger="village")


@pytest.mark.parametrize("deck, refreshes", [(RICH, True), (POOR, False)])
def test_normal_refreshes_a_poor_display_when_the_deck_promises_better(deck, refreshes):
    """"Discard all 3 cards in the location where the Messenger is and reveal 3 new cards": with
    both displays poor, normal spends its key on a refresh when what is left in the Village deck
    (public: everything else is visible) is good for its tableau, and not when it is poor."""
    game = _refresh_game(deck)
    assert game.view(0).deck_counts[game.view(0).locations.index("village")] == len(deck)
    assert (_choose(game) == Action("key_refresh")) is refreshes


def test_easy_never_spends_a_key():
    """Easy buys from the display the Messenger is at, even a poor one."""
    game = _noble_game("village")
    for seed in range(5):
        assert _choose(game, "easy", seed=seed).kind in ("buy", "face_down")


def test_normal_takes_the_better_of_two_effects():
    """Barbarian: "choose: +1G per best neighbor: Sch OR +2K". The neighbour has no Scholarship
    shield, so the gold would be 0: normal takes the 2 keys."""
    game = new_game(2, seed=6)
    rig(game, tableaux={0: tableau(["farmer", "beggar"]), 1: tableau(["knight", "officer"])},
        displays={"village": ["barbarian", "inventor", "baker"]}, gold={0: 5}, current=0,
        messenger="village")
    game.apply(0, Action("buy", places=(on_display(game, "barbarian"), cell(0, 0, 2))))
    assert game.phase == "choose"
    keys = game.keys[0]
    game.apply(0, _choose(game))
    assert game.keys[0] == keys + 2


def test_normal_picks_the_neighbour_that_gives_more():
    """"Whenever an ability mentions a neighbor, you choose either the player directly to your
    left's tableau, or the player to your right's": the Templar gains 1 gold per Faith shield of
    the best neighbour; seat 1 has none, seat 2 three: normal picks seat 2."""
    game = new_game(3, seed=7)
    rig(game, tableaux={0: tableau(["farmer"]), 1: tableau(["knight"]),
                        2: tableau(["mother_superior", "monk"])},
        displays={"castle": ["templar", "prince", "patron"]}, gold={0: 10}, current=0,
        messenger="castle")
    game.apply(0, Action("buy", places=(on_display(game, "templar"), cell(0, 0, 1))))
    assert game.phase == "neighbour"
    gold = game.gold[0]
    action = _choose(game)
    assert action.places == (("seat", 2),)
    game.apply(0, action)
    assert game.gold[0] == gold + 3


def test_normal_discards_the_dearest_display_card():
    """Executioner: "discard 1 Castle display card, gain its cost in Gold": normal discards the
    7-gold Patron rather than the 3-gold Princess or the 4-gold Knight... it gains most."""
    game = new_game(2, seed=8)
    rig(game, tableaux={0: tableau(["farmer"])},
        displays={"village": ["executioner", "inventor", "beggar"],
                  "castle": ["princess", "patron", "knight"]}, gold={0: 5}, current=0,
        messenger="village")
    game.apply(0, Action("buy", places=(on_display(game, "executioner"), cell(0, 0, 1))))
    assert game.phase == "discard_display"
    action = _choose(game)
    assert action.places[0] == on_display(game, "patron")


def test_normal_agrees_to_the_proposed_purses():
    """"players place their leftover gold on cards with Purse scoring": the game proposes the best
    distribution; normal agrees."""
    bot = _bot()
    legal = [Action("purse_take", places=(cell(0, 0, 0),)), Action("purses_done")]

    class View:
        phase = "purses"
    assert bot.choose(View(), legal) == Action("purses_done")


# ---- on many real games ----

class CheckedBot:
    """A real bot whose every choice is checked against the legal actions it was given, and that
    notes the phases it was asked in."""

    def __init__(self, bot, phases: set):
        self.bot, self.level, self.phases, self.choices = bot, bot.level, phases, 0

    def choose(self, view, legal):
        assert view.viewer == self.bot.seat
        action = self.bot.choose(view, legal)
        assert action in legal, f"{self.level} chose {action} in {view.phase}, not among {legal}"
        self.phases.add(view.phase)
        self.choices += 1
        return action


def _legal_games(seeds) -> set:
    """Play these seeded games (2 to 5 players, easy and normal mixed); the phases the bots met."""
    phases: set = set()
    for seed in seeds:
        players = 2 + seed % 4
        levels = [("normal", "easy")[(seed + s) % 2] for s in range(players)]
        bots = [CheckedBot(make_bot(castle_combo(), s, lvl, seed * 64 + s), phases)
                for s, lvl in enumerate(levels)]
        result = run_match(castle_combo(), levels, seed, bots=bots)
        assert sum(b.choices for b in bots) == result.actions
        assert len(result.winners) >= 1
    return phases


def test_bots_play_only_legal_moves_over_seeded_games():
    """Easy and normal, 2 to 5 players: each choice is among the legal actions given (and the
    Session applies it, which raises on anything else); every game ends."""
    phases = _legal_games(range(300, 303))
    assert {"turn", "choose", "discard_display", "purses"} <= phases, phases


@pytest.mark.slow
def test_bots_meet_every_decision_of_the_game():
    """Over ten more games the bots are asked every kind of decision (the purchase after a key, a
    choice of two, a neighbour, a display discard, the Steward's purses, the leftover gold) and
    answer each legally."""
    phases = _legal_games(range(305, 315))
    assert {"turn", "buy", "choose", "neighbour", "discard_display", "fill", "purses"} <= phases, phases


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_play_on_after_a_location_empties(level):
    """"If, after shuffling the discard of a location, it is still impossible to complete its
    display to 3 cards, remove from the game all cards from that location": with two cards left
    in the Village deck the Village leaves the game early, and the bots play the game to its end
    from the one display left (the move is no longer offered; a refresh still is)."""
    game = new_game(3, seed=3)
    rig(game, decks={"village": ["beggar", "monk", "...nothing"]}, current=game.current)
    bots = [_bot(level, s, s) for s in range(3)]
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if game.empty:
            assert Action("key_move") not in legal
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(seat, action)
    assert game.empty == ["village"] and all(len(t) == 9 for t in game.tableaux)


def test_the_same_seed_plays_the_same_game():
    """Bots are deterministic for a seed: two runs of a seeded game record the same actions."""
    records = [run_match(castle_combo(), ["normal", "easy"], 11, keep_session=True).session
               for _ in range(2)]
    assert records[0].match.actions == records[1].match.actions


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_decides_from_its_view_alone(level):
    """Bots get a seat's view, never the state: a twin game whose decks lie in another order
    (the one thing nobody sees: "Only the order of the two decks is hidden") gives the same view
    and the same moves, decision after decision, until a revealed card differs."""
    for seed in range(3):
        game = new_game(2, seed)
        twin = game.copy()
        shuffler = random.Random(seed + 100)
        for deck in twin.decks.values():
            shuffler.shuffle(deck)
        assert twin.decks != game.decks
        seat = game.current
        bots = [_bot(level, seat, seed), _bot(level, seat, seed)]
        decisions = 0
        while game.current == seat and game.view(seat) == twin.view(seat) and not game.is_over():
            chosen = [bots[0].choose(game.view(seat), game.legal_actions(seat)),
                      bots[1].choose(twin.view(seat), twin.legal_actions(seat))]
            assert chosen[0] == chosen[1]
            game.apply(seat, chosen[0])
            twin.apply(seat, chosen[1])
            decisions += 1
        assert decisions >= 1


def _duels(count: int, first_seed: int) -> float:
    """Normal's wins against easy in 2-player games, seats alternating."""
    wins = 0.0
    for i in range(count):
        normal_seat = i % 2
        levels = ["normal", "easy"] if normal_seat == 0 else ["easy", "normal"]
        result = run_match(castle_combo(), levels, first_seed + i)
        if normal_seat in result.winners:
            wins += 1 / len(result.winners)
    return wins


def test_normal_beats_easy_in_a_few_games():
    """Normal against easy, 4 seeded 2-player games, seats alternating: normal wins at least 3."""
    assert _duels(4, 7000) >= 3


@pytest.mark.slow
def test_normal_beats_easy_clearly():
    """Normal against easy over 30 seeded 2-player games, seats alternating: normal wins at least
    80% (it won 479 of 500 in `--simulate castle-combo --players 2 --bots normal,easy`)."""
    wins = _duels(30, 9000)
    assert wins >= 24, f"normal won {wins} of 30"
