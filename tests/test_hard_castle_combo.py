"""Castle Combo's hard bot as the family tunes it (game/families/tableau/search.py) and its
playout level (bots.py `playout`).

Issue 12: "seeded and reproducible for a given budget in playouts. It never reads the state: it
samples the hidden cards from what its view allows". The generic checks are tests/test_ai_hard.py;
here: the family's own tuning (the `playout` level in the playouts, the root pruned by normal's
ranking) keeps both, and the playout level plays legally from its view alone.
"""
import random

from game.ai import make_bot, table_levels
from game.engine import registry
from game.families.tableau.bots import Plan, TableauBot, make_bot as family_bot
from game.families.tableau.scoring import LOCATIONS
from game.families.tableau.search import KEY_WINDOW, SEARCH, TOP, candidates
from tests.rigging_castle_combo import castle_combo, new_game


def _played(seed: int, turns: int, level: str = "easy"):
    """A 2-player game after `turns` turns of seeded bots of `level`."""
    ruleset = castle_combo()
    game = new_game(2, seed)
    bots = [make_bot(ruleset, s, level, seed * 8 + s) for s in range(2)]
    while game.turn_no < turns and not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def _shuffled_twin(game, seed: int):
    """The same game with its decks in another order: "Only the order of the two decks is hidden"."""
    twin = game.copy()
    for loc in LOCATIONS:
        deck = twin.decks[loc]
        random.Random(f"{seed}/{loc}").shuffle(deck)
        if deck == game.decks[loc]:
            deck.append(deck.pop(0))        # a short deck: at least the top card changes
    assert twin.decks != game.decks or all(len(d) < 2 for d in game.decks.values())
    return twin


def test_the_family_tunes_its_hard_bot():
    """Castle Combo is one round: the playouts run to the game's end, played by the cheap level."""
    bot = make_bot(castle_combo(), 0, "hard", 1, playouts=8)
    assert (bot.playout_level, bot.horizon) == ("playout", "game")
    assert registry.family("tableau").search is SEARCH


def test_the_setup_screen_offers_hard_for_castle_combo():
    """game/ai table_levels: hard is offered where the family says it beats normal (its figures:
    bench/bench_hard.py, quoted in search.py)."""
    assert table_levels("tableau") == ("easy", "normal", "hard")


def test_the_same_playout_budget_and_seed_give_the_same_move_whatever_came_before():
    ruleset = castle_combo()
    game = _played(4, 5)
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    bot = make_bot(ruleset, seat, "hard", 7, playouts=12)
    first = bot.choose(view, legal)
    means = bot.last["means"]
    assert bot.last["playouts"] == 12 and len(means) >= 2       # a real search between arms
    other = _played(5, 3)
    bot.choose(other.view(other.to_act()[0]), other.legal_actions(other.to_act()[0]))
    assert bot.choose(view, legal) == first and bot.last["means"] == means
    again = make_bot(ruleset, seat, "hard", 7, playouts=12)
    assert again.choose(view, legal) == first and again.last["means"] == means


def test_hard_decides_the_same_when_the_decks_lie_in_another_order():
    """The family's tuning reads only the view: twins whose decks differ give the same move, and
    the same playout values, late in the game as early."""
    ruleset = castle_combo()
    for seed, turns in ((6, 2), (7, 11)):
        game = _played(seed, turns)
        twin = _shuffled_twin(game, seed)
        seat = game.to_act()[0]
        assert twin.view(seat) == game.view(seat)
        bots = [make_bot(ruleset, seat, "hard", 3, playouts=12) for _ in range(2)]
        moves = [bot.choose(g.view(seat), g.legal_actions(seat)) for bot, g in zip(bots, (game, twin))]
        assert moves[0] == moves[1] and bots[0].last["means"] == bots[1].last["means"]


def test_the_root_is_normals_best_purchases_and_a_key_within_reach():
    """search.py: the `TOP` purchases normal values most (none left out is worth more to normal;
    a face-down card is one cell),
    a key only when normal weighs it within `KEY_WINDOW` points of the best, and normal's own
    choice always (the search keeps it)."""
    ruleset = castle_combo()
    for seed in range(3):
        game = _played(seed, 2 + 2 * seed)
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        kept = candidates(view, legal, None, ruleset)
        purchases = [a for a in kept if a.kind in ("buy", "face_down")]
        assert set(kept) <= set(legal) and len(purchases) == TOP
        plan = Plan(TableauBot(ruleset, seat, "normal", 0), view)

        def worth(action):
            return plan.worth(action.places[0][2], *action.places[1][2:], action.kind == "buy")
        lowest_kept = min(worth(a) for a in purchases)
        # a face-down card is only a cell (6 gold, 2 keys): one per cell stands for all
        down_cells = {a.places[1] for a in purchases if a.kind == "face_down"}
        left_out = [a for a in legal if a.kind in ("buy", "face_down") and a not in kept
                    and not (a.kind == "face_down" and a.places[1] in down_cells)]
        assert all(worth(a) <= lowest_kept + 1e-9 for a in left_out)
        best = max(worth(a) for a in purchases)
        for action in kept:
            if action.kind == "key_move":
                assert plan.best_in_display(plan.other_location(), 1, 3) > best - KEY_WINDOW
        hard = make_bot(ruleset, seat, "hard", 1, playouts=12)
        hard.choose(view, legal)
        assert hard.last["playouts"] == 12 and len(hard.last["means"]) >= 2
        assert set(hard.last["means"]) <= set(kept) | {hard.last["policy_choice"]}


def test_a_question_of_an_ability_is_searched_whole_and_the_purses_not_at_all():
    ruleset = castle_combo()
    for seed in range(40):
        game = _played(seed, 18)
        if game.phase == "purses":
            break
    else:
        raise AssertionError("no purse phase in 40 games")
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    assert candidates(view, legal, legal[-1], ruleset) == [legal[-1]]
    bot = make_bot(ruleset, seat, "hard", 1, playouts=30)
    assert bot.choose(view, legal) == make_bot(ruleset, seat, "normal", 1).choose(view, legal)
    assert bot.last["playouts"] == 0


def test_the_playout_level_plays_legal_moves_from_its_view_alone():
    """Every decision of seeded 2- to 4-player games of the playout level is legal, and at each one
    a twin whose decks lie in another order (the same view) gets the same move from a twin bot."""
    ruleset = castle_combo()
    for seed in range(3):
        players = 2 + seed
        game = new_game(players, seed)
        # a level of the family's own (the hard bot names it), not offered to players
        bots = [family_bot(ruleset, s, "playout", seed * 8 + s) for s in range(players)]
        twin_bots = [family_bot(ruleset, s, "playout", seed * 8 + s) for s in range(players)]
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            action = bots[seat].choose(game.view(seat), legal)
            assert action in legal
            twin = _shuffled_twin(game, seed)
            assert twin_bots[seat].choose(twin.view(seat), twin.legal_actions(seat)) == action
            game.apply(seat, action)
