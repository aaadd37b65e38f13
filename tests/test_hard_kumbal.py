"""The hard level in Kumbal (game/ai/hard.py with game/families/shedding/search.py).

Issue 12: "seeded and reproducible for a given budget in playouts. It never reads the state: it
samples the hidden cards from what its view allows, and a test proves it (the same decision on a
twin state whose unknown cards are shuffled)."
"""
import math
import random

import pytest

from game.ai import make_bot
from game.lab.simulate import run_match
from game.engine import registry
from game.families.shedding.bots import STYLES, SheddingBot
from game.families.shedding.search import DRAW_GAP, candidates
from rigging_kumbal import CALL, discard, ids, kumbal, lay, rigged
from test_sampling_kumbal import hidden_twin, snapshots

FAMILY = registry.family("shedding")


def searched_states(seed=0, n=2, every=5):
    """(state, seat to act) at every `every`-th draw of a match of normal bots that the search
    weighs (more than one way to draw worth it: search.py)."""
    game = FAMILY.new_game(kumbal(), n, None, seed)
    bots = [FAMILY.make_bot(kumbal(), s, "normal", s) for s in range(n)]
    steps = 0
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat) if game.phase == "draw" else []
        if len(legal) > 1 and len(candidates(game.view(seat), legal, legal[0], kumbal())) > 1:
            steps += 1
            if steps % every == 0:
                yield game.copy(), seat
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def test_a_playout_budget_gives_the_same_action_for_the_same_seed_and_view():
    """"seeded and reproducible for a given budget in playouts", whatever it decided before."""
    states = searched_states(1)
    state, seat = next(states)
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = make_bot(kumbal(), seat, "hard", 5, playouts=24)
    first = bot.choose(view, legal)
    assert bot.last["playouts"] == 24
    other = next(s for s, at in states if at == seat)
    bot.choose(other.view(seat), other.legal_actions(seat))      # another decision between
    assert bot.choose(view, legal) == first
    assert make_bot(kumbal(), seat, "hard", 5, playouts=24).choose(view, legal) == first


def test_the_same_decision_on_a_twin_whose_unseen_cards_are_shuffled():
    """The other hands' unseen cards and the deck shuffled (within each deck of the round): the
    view, the search's numbers and so the move stay."""
    checked = 0
    for state, seat in searched_states(2, n=3):
        twin = hidden_twin(state, seat, random.Random(checked))
        if (twin.hands, twin.deck) == (state.hands, state.deck):
            continue
        a = make_bot(kumbal(), seat, "hard", 3, playouts=8)
        b = make_bot(kumbal(), seat, "hard", 3, playouts=8)
        assert a.choose(state.view(seat), state.legal_actions(seat)) == \
            b.choose(twin.view(seat), twin.legal_actions(seat))
        assert a.last["means"] == b.last["means"]
        checked += 1
        if checked >= 4:
            return
    raise AssertionError(f"only {checked} states checked")


def test_the_search_weighs_the_call_and_the_draws_normal_ranks_close():
    """search.py: the discard is normal's (searching it did not pay); at the draw the deck and
    each card of the previous discard that normal ranks within DRAW_GAP points of its choice are
    weighed; the call (allowed with 7 points or fewer) against normal's best discard."""
    game = rigged(2, hands={0: ["A_hearts", "2_clubs", "3_spades", "9_hearts", "9_clubs"]},
                  last=["5_hearts"], current=0)
    seat = 0
    legal = game.legal_actions(seat)
    assert CALL not in legal        # 24 points: no call yet
    policy = FAMILY.make_bot(kumbal(), seat, "normal", 0)
    choice = policy.choose(game.view(seat), legal)
    assert candidates(game.view(seat), legal, choice, kumbal()) == [choice]       # the discard: no search
    nines = lay(0, [c for c in game.hands[0] if game.faces[c].value == 9])
    assert choice == nines          # the pair of 9s: the most points shed
    game.apply(seat, nines)
    legal = game.legal_actions(seat)
    assert set(candidates(game.view(seat), legal, legal[0], kumbal())) == set(legal)    # the deck or the 5

    # the opponent is down to one card: it may call before our next turn, when a King taken now
    # could be laid again, so the King is far worse than the deck
    far = rigged(2, hands={0: ["A_hearts", "2_clubs", "3_spades", "4_hearts", "K_clubs"], 1: ["5_clubs"]},
                 last=["K_hearts"], current=0)
    far.apply(0, discard(far, 0, "K_clubs"))
    legal = far.legal_actions(0)
    costs = dict(SheddingBot(kumbal(), 0, "normal").draw_costs(far.view(0), legal))
    deck = next(a for a in legal if a.kind == "draw")
    king = next(a for a in legal if a.kind == "take")
    assert costs[king] > costs[deck] + DRAW_GAP
    assert candidates(far.view(0), legal, deck, kumbal()) == [deck]

    low = rigged(2, hands={0: ["A_hearts", "2_clubs", "3_spades"]}, last=["5_hearts"], current=0)
    legal = low.legal_actions(0)
    picked = candidates(low.view(0), legal, CALL, kumbal())
    assert CALL in picked and len(picked) == 2 and picked[1].kind == "discard"


def test_the_playout_level_plays_as_normal():
    """search.py: the playouts' `playout` level weighs only the discards that shed most; over a
    match's decisions it makes normal's moves (it is a cheaper normal, not another player)."""
    game = FAMILY.new_game(kumbal(), 2, None, 4)
    normal = [FAMILY.make_bot(kumbal(), s, "normal", s) for s in range(2)]
    playout = [FAMILY.make_bot(kumbal(), s, "playout", s) for s in range(2)]
    same = decisions = 0
    while game.round_no < 3 and not game.is_over():
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        action = normal[seat].choose(view, legal)
        if len([a for a in legal if a.kind == "discard"]) > STYLES["playout"].weighs:
            decisions += 1
            same += playout[seat].choose(view, legal) == action
        game.apply(seat, action)
    assert decisions >= 20 and same >= decisions - 1


def test_the_free_discard_and_the_next_round_are_not_searched():
    """A card drawn of the rank just discarded is thrown for free (normal does): no search."""
    found = 0
    for seed in range(10):
        for state, seat in snapshots(seed):
            if state.phase not in ("free", "round_over") or seat not in state.to_act() \
                    or seat != state.current:
                continue
            legal = state.legal_actions(seat)
            bot = make_bot(kumbal(), seat, "hard", 1, playouts=50)
            action = bot.choose(state.view(seat), legal)
            assert bot.last == {} or bot.last["playouts"] == 0
            assert action == FAMILY.make_bot(kumbal(), seat, "normal", 0).choose(state.view(seat), legal)
            found += 1
        if found >= 3:
            return
    raise AssertionError("no free discard or round's end reached")


@pytest.mark.slow
def test_hard_beats_easy_in_a_few_games():
    """A smoke test of strength (the figures live in bench/bench_hard.py): seats alternate,
    matches of 4 rounds."""
    from rigging_kumbal import options
    ruleset = kumbal()
    wins = 0.0
    games = 6
    for seed in range(games):
        hard_seat = seed % 2
        bots = [make_bot(ruleset, s, "easy", seed * 8 + s) for s in range(2)]
        bots[hard_seat] = make_bot(ruleset, hard_seat, "hard", seed, playouts=6, options=options(rounds=4))
        result = run_match(ruleset, ["easy", "easy"], seed, bots=bots, options=options(rounds=4))
        wins += 1 / len(result.winners) if hard_seat in result.winners else 0
    assert wins > games / 2


# --- inference (issue 32, 3): search.likelihood, read by hard.py when `resample` > 1 ---

def test_the_likelihood_doubts_a_deal_in_which_a_player_kept_a_king_to_shed_a_five():
    """Seat 1 laid a single 5 and drew: a deal that has it holding a King then (it would have shed
    the King) is far less likely than one with only low cards beside the 5."""
    from game.families.shedding.search import likelihood
    game = rigged(2, hands={1: ["5_hearts", "2_clubs", "3_spades", "A_hearts"]}, current=1)
    game.apply(1, discard(game, 1, "5_hearts"))
    game.apply(1, next(a for a in game.legal_actions(1) if a.kind == "draw"))
    view = game.view(0)
    low = game.copy()
    king_deal = game.copy()
    king = next(c for c in king_deal.deck if king_deal.faces[c].key == "K_spades")
    two = ids(king_deal, 1, "2_clubs")[0]
    king_deal.deck[king_deal.deck.index(king)] = two        # the King in seat 1's hand, the 2 in the deck
    king_deal.hands[1][king_deal.hands[1].index(two)] = king
    assert king_deal.view(0) == view                        # both deals fit what seat 0 sees
    assert likelihood(kumbal(), view, king_deal) < 0.3 * likelihood(kumbal(), view, low)


def test_inference_reads_only_the_view_and_the_deals():
    """Issue 32 (7): "inference never reading the state": on a twin whose hidden cards are shuffled
    the view is the same, and so are the deals drawn, their weights and the hard bot's choice."""
    from game.families.shedding.search import likelihood
    from test_sampling_kumbal import hidden_twin
    state, seat = next(searched_states(3))
    twin = hidden_twin(state, seat, random.Random(5))
    assert twin.view(seat) == state.view(seat) and twin.hands != state.hands
    weights = []
    for game in (state, twin):
        rng = random.Random(9)
        deals = [FAMILY.determinize(kumbal(), game.options, game.view(seat), rng) for _ in range(4)]
        weights.append([likelihood(kumbal(), game.view(seat), d) for d in deals])
    assert weights[0] == weights[1]


def test_with_inference_a_playout_budget_still_gives_the_same_action(monkeypatch):
    """Issue 32 (7): determinism for a playout budget, with four deals drawn for every one kept."""
    monkeypatch.setitem(FAMILY.search, "resample", 4)
    state, seat = next(searched_states(2))
    view, legal = state.view(seat), state.legal_actions(seat)
    first = make_bot(kumbal(), seat, "hard", 7, playouts=40).choose(view, legal)
    bot = make_bot(kumbal(), seat, "hard", 7, playouts=40)
    assert bot.choose(view, legal) == first and bot.last["playouts"] > 0


def test_with_inference_the_table_time_setting_is_kept(monkeypatch):
    """Issue 32 (4): with four deals drawn for every one kept (the likelihood weighed for each),
    the table's shortest setting, 0.25 s, still bounds the search: it stops at the first playout
    that ends past the deadline (a loaded machine: some slack), having weighed deals on the way."""
    from game.families.shedding import search
    weighed = []

    def counted(ruleset, view, deal):
        weighed.append(1)
        return search.likelihood(ruleset, view, deal)
    monkeypatch.setitem(FAMILY.search, "resample", 4)
    monkeypatch.setitem(FAMILY.search, "likelihood", counted)
    state, seat = next(searched_states(2))
    bot = make_bot(kumbal(), seat, "hard", 7, seconds=0.25)
    bot.choose(state.view(seat), state.legal_actions(seat))
    assert 0.25 <= bot.last["seconds"] < 1.0 and bot.last["playouts"] >= 1
    assert len(weighed) >= 4 and len(weighed) % 4 == 0        # four deals weighed for each kept


# --- against the normal that looks a turn ahead (bench/README.md, "Kumbal's hard against the new
# normal"): normal's move has a head start, and normal's lookahead is worked out once per hand ---

def test_normal_keeps_a_head_start_of_one_point_in_kumbal_only():
    """search.py: a searched move must lead normal's by a point of round margin (hard's 0.02 a
    point) and then by `confidence` standard errors; the other families give no head start."""
    from game.ai.hard import HardBot
    from game.engine.ruleset import find_ruleset
    assert FAMILY.search["head_start"] == pytest.approx(0.02)
    assert make_bot(kumbal(), 0, "hard", 0, playouts=8).head_start == pytest.approx(0.02)
    for name in registry.names():
        if name != "shedding":
            assert "head_start" not in registry.family(name).search
    assert HardBot(find_ruleset("kombio"), 0, playouts=8).head_start == 0.0


def test_the_head_start_moves_the_bar_and_not_the_playouts():
    """The same playouts (sequential halving ranks by the means alone): the rival's lead in
    standard errors is its lead less the head start, over the same error; a head start no move
    can make up leaves normal's move played."""
    checked = 0
    for state, seat in searched_states(6, every=2):
        view, legal = state.view(seat), state.legal_actions(seat)
        plain = make_bot(kumbal(), seat, "hard", 4, playouts=16, head_start=0.0)
        headed = make_bot(kumbal(), seat, "hard", 4, playouts=16)
        plain.choose(view, legal)
        headed.choose(view, legal)
        assert plain.last["means"] == headed.last["means"]
        if not checked:
            huge = make_bot(kumbal(), seat, "hard", 4, playouts=16, head_start=10.0)
            assert huge.choose(view, legal) == huge.last["policy_choice"]
            assert huge.last["means"] == plain.last["means"]
        rival, policy = plain.last["rival"], plain.last["policy_choice"]
        lead = plain.last["lead"]
        if rival is None or lead in (None, math.inf, -math.inf) or lead == 0:
            continue
        diff = plain.last["means"][rival] - plain.last["means"][policy]
        error = diff / lead
        assert headed.last["lead"] == pytest.approx((diff - 0.02) / error)
        checked += 1
        if checked >= 2:
            return
    raise AssertionError(f"only {checked} decisions with a rival checked")


def test_the_draw_weighs_again_only_what_the_discard_did_not():
    """bots.py: the deck's cost of the hand a discard leaves is kept (Unseen.ahead) for the draw
    that follows; a bot that weighed the discard gives, to the bit, the draw costs of a fresh one."""
    game = FAMILY.new_game(kumbal(), 2, None, 8)
    bots = [SheddingBot(kumbal(), s, "normal", s) for s in range(2)]
    draws = 0
    while game.round_no < 4 and not game.is_over():
        seat = game.to_act()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        ways = [a for a in legal if a.kind in ("draw", "take")]
        if ways:
            kept = bots[seat]._last_unseen
            fresh = SheddingBot(kumbal(), seat, "normal", seat).draw_costs(view, ways)
            assert bots[seat].draw_costs(view, ways) == fresh
            assert kept is bots[seat]._last_unseen and kept.ahead      # the discard's sums, reused
            draws += 1
        game.apply(seat, bots[seat].choose(view, legal))
    assert draws >= 20


def test_the_deck_cost_sums_each_unseen_card_as_the_plain_way_does():
    """bots.py's _deck_after_next sums by kind of unseen card (per value, per (value, suit) that
    completes a run, per joker); the plain way asks _best_with for every unseen card: the same
    integer sums (so the same float, to the bit, from them), and the card-by-card float sum within
    rounding, on random hands, unseen cards, values just laid and chances."""
    from game.families.shedding.bots import Unseen, _best_with, _table
    game = FAMILY.new_game(kumbal(), 2, None, 0)
    table = _table(game.faces)
    bot = SheddingBot(kumbal(), 0, "normal")
    bot._learn(game.view(0))
    rng = random.Random(3)
    for _ in range(400):
        ids = list(range(len(game.faces)))
        rng.shuffle(ids)
        hand = ids[:rng.randint(1, 9)]
        seen = sum(1 << c for c in ids[:rng.randint(len(hand), 50)])
        unseen = Unseen(table, seen)
        rows = unseen.rows
        laid = rng.choice([None, *range(1, 14)])
        sure = rng.random()
        mask = sum(1 << c for c in hand)
        points, best, _ = table.shape(mask)
        counts, suits = {}, {}
        for c in hand:
            value, suit, joker = table.cards[c]
            counts[value] = counts.get(value, 0) + 1
            if not joker:
                suits.setdefault(suit, set()).add(value)
        total, kept, discards = 0.0, 0, 0
        for value, suit, joker in rows:
            if value == laid and not joker:
                total += points - sure * best
                kept, discards = kept + points, discards + best
            else:
                out = _best_with(best, counts, suits, value, suit, joker)
                total += points + value - sure * out
                kept, discards = kept + points + value, discards + out
        deck = bot._deck_after_next(mask, hand, laid, unseen, sure)[0]
        assert deck == (kept - sure * discards) / len(rows)
        assert deck == pytest.approx(total / len(rows), rel=1e-12, abs=1e-12)
