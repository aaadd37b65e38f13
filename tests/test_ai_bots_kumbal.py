"""Kumbal's bots (game/families/shedding/bots.py): behaviour on hand-built views, legality over
seeded matches, privacy, and strength (normal beats easy).

The behaviour tests build a `SheddingView` by hand (the contract in game/families/shedding/view.py)
with the legal actions of the moment, as the rules would list them; the others play the real
rules (rulesets/kumbal.yaml, states rigged with tests/rigging_kumbal.py). Rule sentences are
quoted from rules/kumbal.md.
"""
from __future__ import annotations

import itertools

import pytest

from game.ai import make_bot
from game.lab.simulate import run_match
from game.engine.cards import CardDef
from game.engine.core import Action
from game.families.shedding.bots import STYLES, SheddingBot
from game.families.shedding.view import SheddingSeat, SheddingView
from rigging import blocks
from rigging_kumbal import check_conserved, kumbal, options, rigged

SUITS = ("clubs", "diamonds", "hearts", "spades")
LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _deck() -> tuple:
    """54 faces: id = suit index * 13 + value - 1, then the two jokers (52, 53)."""
    faces = [CardDef(key=f"{LABELS.get(v, str(v))}{s[0].upper()}", label=LABELS.get(v, str(v)), value=v,
                     match=str(v), suit=s) for s in SUITS for v in range(1, 14)]
    faces += [CardDef(key=f"joker{i}", label="Joker", value=0, match="joker") for i in (1, 2)]
    return tuple(faces)


FACES = _deck()


def card(name: str) -> int:
    """'QS' -> its id; 'JOKER' -> the first joker; '10H' -> ten of hearts."""
    if name.upper().startswith("JOKER"):
        return 52 if name[-1] != "2" else 53
    label, suit = name[:-1], name[-1]
    value = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(label) or int(label)
    return "CDHS".index(suit) * 13 + value - 1


def cards(*names) -> tuple:
    return tuple(card(n) for n in names)


def discards(seat: int, hand: tuple) -> list:
    """Every legal discard of this hand: one card, a set of 2+ equal ranks, a run of 3+ of one suit."""
    out = [(c,) for c in hand]
    by_value: dict = {}
    for c in hand:
        by_value.setdefault(FACES[c].value, []).append(c)
    for group in by_value.values():
        for size in range(2, len(group) + 1):
            out += list(itertools.combinations(group, size))
    by_suit: dict = {}
    for c in hand:
        if FACES[c].suit:
            by_suit.setdefault(FACES[c].suit, []).append(c)
    for group in by_suit.values():
        group.sort(key=lambda c: FACES[c].value)
        for i in range(len(group)):
            for j in range(i + 3, len(group) + 1):
                run = group[i:j]
                if all(FACES[b].value == FACES[a].value + 1 for a, b in zip(run, run[1:])):
                    out.append(tuple(run))
    return [Action("discard", places=tuple(("hand", seat, c) for c in laid) + (("discard",),))
            for laid in out]


def view(hand, *, seat=0, n=2, phase="discard", last=(), takeable=None, counts=None, taken=None,
         gone=(), just=(), owed=0, direction=1, limit=7, action_cards=None,
         tie_undercuts=False) -> SheddingView:
    """A view for `seat` at the start of its turn (by default), the previous player's discard `last`."""
    counts = counts or {}
    taken = taken or {}
    seats = tuple(SheddingSeat(seat=s, hand_count=len(hand) if s == seat else counts.get(s, 7), total=0,
                           called=False, taken=tuple(taken.get(s, ()))) for s in range(n))
    last = tuple(last)
    return SheddingView(
        viewer=seat, faces=FACES, n=n, phase=phase, to_act=(seat,), current=seat, direction=direction,
        round_no=1, dealer=(seat - 1) % n, seats=seats, hand=tuple(hand), deck_count=30,
        discard_count=len(gone) + len(last), last_discard=last, last_by=(seat - 1) % n if last else None,
        takeable=tuple(last if takeable is None else takeable), just_discarded=tuple(just), drawn=None,
        gone=tuple(gone), call_name="Kumbal", call_limit=limit, caller=None, owed=owed, results=(),
        history=(), totals=(0,) * n, limit=100, winners=(),
        action_cards=bool(owed) if action_cards is None else action_cards, tie_undercuts=tie_undercuts)


def turn_start(hand, seat=0, **kw):
    """The view and the legal actions at the start of a turn: discards, and the call when allowed."""
    v = view(hand, seat=seat, **kw)
    legal = discards(seat, v.hand)
    if v.hand_points() <= v.call_limit:
        legal = [Action("call")] + legal
    return v, legal


def draws(v) -> list:
    return [Action("draw", places=(("deck",),))] + [Action("take", places=(("last", c),)) for c in v.takeable]


def laid(action) -> set:
    return {p[2] for p in action.places if p[0] == "hand"}


def play_turn(bot, hand, **kw):
    """The bot's discard and then its draw (deck or take), on views built for each step."""
    v, legal = turn_start(hand, **kw)
    first = bot.choose(v, legal)
    assert first in legal
    if first.kind == "call":
        return first, None
    rest = tuple(c for c in hand if c not in laid(first))
    v2 = view(rest, phase="draw", just=tuple(laid(first)), **kw)
    second = bot.choose(v2, draws(v2))
    return first, second


def normal(seat=0):
    return SheddingBot(None, seat, "normal", 1)


def easy(seat=0):
    return SheddingBot(None, seat, "easy", 1)


# ---- discarding and drawing ----

def test_normal_keeps_a_pair_and_takes_the_card_that_makes_it_a_triple():
    """"You can discard two or more of the same value": the pair of 4s stays, the K (a high card
    it cannot combine) goes, and the third 4 is taken from the previous discard ("You are also
    allowed to pick the top card from the discard pile")."""
    first, second = play_turn(normal(), cards("KC", "4H", "4S", "2D"), last=cards("4D"))
    assert laid(first) == {card("KC")}
    assert second == Action("take", places=(("last", card("4D")),))


def test_easy_only_takes_an_obviously_low_card():
    """The same table: easy throws its highest card too, but draws blind rather than take a 4."""
    first, second = play_turn(easy(), cards("KC", "4H", "4S", "2D"), last=cards("4D"))
    assert laid(first) == {card("KC")}
    assert second.kind == "draw"
    _, second = play_turn(easy(), cards("KC", "4H", "4S", "2D"), last=cards("AD"))
    assert second == Action("take", places=(("last", card("AD")),))


def test_normal_completes_a_run_from_the_discard():
    """"You can discard 3 or more of a series in the same suit": 5♥ 6♥ kept, the Q discarded,
    and the 7♥ the previous player laid is taken to make 5-6-7♥."""
    first, second = play_turn(normal(), cards("5H", "6H", "QS", "3C"), last=cards("7H"))
    assert laid(first) == {card("QS")}
    assert second == Action("take", places=(("last", card("7H")),))


def test_normal_takes_only_an_end_card_it_is_offered_and_prefers_a_low_one():
    """Of a run only an end card may be taken (the view's `takeable`); a low ace beats the deck."""
    run = cards("AC", "2C", "3C")
    first, second = play_turn(normal(), cards("9H", "10S", "6D"), last=run, takeable=cards("AC", "3C"))
    assert laid(first) == {card("10S")}
    assert second == Action("take", places=(("last", card("AC")),))


def test_normal_discards_a_high_loner_and_draws_blind():
    """"The objective is to discard as many points as possible": the J, combining with nothing,
    goes; a 9 offered fits nothing and is worse than the deck's average card, so it draws."""
    first, second = play_turn(normal(), cards("JD", "2H", "5S", "8C"), last=cards("9D"))
    assert laid(first) == {card("JD")}
    assert second.kind == "draw"


def test_normal_sheds_a_whole_run():
    """A run of 3+ sheds more than any single card of it."""
    first, _ = play_turn(normal(), cards("8S", "9S", "10S", "AH", "2D"))
    assert laid(first) == set(cards("8S", "9S", "10S"))


def test_easy_does_not_see_runs():
    """Easy throws its highest card or a set; it does not look for runs."""
    first, _ = play_turn(easy(), cards("8S", "9S", "10S", "AH", "2D"))
    assert laid(first) == {card("10S")}


def test_normal_does_not_hand_the_next_player_a_card_that_fits_what_it_took():
    """What others took from the discard pile is public (`SheddingSeat.taken`): seat 1 took a Q,
    so normal throws its J rather than its Q, which would give seat 1 a pair."""
    first, _ = play_turn(normal(), cards("QH", "JC", "2D", "AS"), taken={1: cards("QD")},
                         counts={1: 4})
    assert laid(first) == {card("JC")}


# ---- the free discard ----

def test_normal_uses_the_free_discard():
    """"if you draw a card from the deck that is the same as the one you just discarded, you can
    discard it 'for free'"."""
    v = view(cards("9C", "2D", "3S"), phase="free", just=cards("9H"))
    legal = [Action("free_discard", places=(("hand", 0, card("9C")), ("discard",))), Action("keep")]
    assert normal().choose(v, legal) == legal[0]


# ---- calling ----

def test_normal_calls_at_low_risk():
    """"If you have 7 or fewer points at the beginning of your round, you can call": with 2 points
    against one opponent holding 6 unknown cards, nobody is likely to have fewer."""
    v, legal = turn_start(cards("AC", "AD"), counts={1: 6})
    assert normal().choose(v, legal) == Action("call")


def test_normal_does_not_call_at_high_risk():
    """"If another player has fewer points than the player who calls Kumbal, the one who called
    Kumbal gets the amount of points in hand plus 25": 7 points against a lone card is too risky."""
    v, legal = turn_start(cards("4C", "3D"), counts={1: 1})
    assert normal().choose(v, legal).kind == "discard"


def test_normal_reads_a_low_card_an_opponent_took():
    """An opponent with two cards, one of them an ace it took from the pile (public): calling
    with 5 is riskier than against two unknown cards, and the estimate says so."""
    bot = normal()
    v_unknown = view(cards("2C", "3D"), counts={1: 2})
    v_ace = view(cards("2C", "3D"), counts={1: 2}, taken={1: cards("AS")})
    assert bot.safe_chance(v_ace, 5) < bot.safe_chance(v_unknown, 5)


def test_normal_is_more_careful_with_more_opponents():
    """Each opponent may undercut the caller: the same hand is safer against one than against three."""
    bot = normal()
    one = view(cards("2C", "3D"), counts={1: 3})
    three = view(cards("2C", "3D"), n=4, counts={1: 3, 2: 3, 3: 3})
    assert bot.safe_chance(three, 5) < bot.safe_chance(one, 5)


def test_easy_calls_as_soon_as_it_may():
    v, legal = turn_start(cards("4C", "3D"), counts={1: 1})
    assert easy().choose(v, legal) == Action("call")


# ---- the action-card variant ----

def test_normal_stacks_a_two_when_it_owes_cards():
    """"2: next person to pick 2 (unless they can also discard a 2 or joker, then the amount of
    to-be-drawn cards add up)": with a 2 in hand it passes the draw on."""
    hand = cards("2C", "9D", "KS")
    v = view(hand, owed=2, last=cards("2H"), takeable=())
    stack = discards(0, (card("2C"),))[0]
    legal = [stack, Action("draw_penalty", places=(("deck",),))]
    assert normal().choose(v, legal) == stack


def test_normal_plays_a_skip_eight_rather_than_an_equal_card_with_the_action_cards():
    """"8: next person is skipped": with the action-card house rule in force (the view says so:
    house rules are public), an 8 is worth more than its points, so normal lays it before a 9 it
    could equally shed; without the house rule it does not prefer the 8."""
    first, _ = play_turn(normal(), cards("8C", "9D", "AS", "AH"), action_cards=True)
    assert laid(first) == {card("8C")}
    first, _ = play_turn(normal(), cards("8C", "9D", "AS", "AH"), action_cards=False)
    assert laid(first) != {card("8C")}


def test_normal_calls_more_carefully_when_a_tie_counts_against_the_caller():
    """clarifications.md: "a variant makes ties count against the caller": the same hand's chance
    of calling safely is lower when a tie undercuts the caller."""
    hand = cards("AS", "2C", "3H")
    plain = normal().safe_chance(view(hand, counts={1: 2}), 6)
    strict = normal().safe_chance(view(hand, counts={1: 2}, tie_undercuts=True), 6)
    assert strict < plain


def test_levels_have_their_styles():
    assert normal().level == "normal" and easy().level == "easy"
    assert STYLES["normal"].plans and not STYLES["easy"].plans


# ---- on the real rules ----

def test_the_family_makes_these_bots():
    """make_bot (the registry's door) gives a SheddingBot of the asked level for Kumbal."""
    for level in ("easy", "normal"):
        bot = make_bot(kumbal(), 1, level, 3)
        assert isinstance(bot, SheddingBot) and bot.level == level and bot.seat == 1


def test_normal_throws_the_drawn_card_for_free_in_a_real_game():
    """"if you draw a card from the deck that is the same as the one you just discarded, you can
    discard it 'for free'": normal lays its K, draws the K on top of the deck and throws it."""
    game = rigged(2, hands={0: ["K_hearts", "2_hearts", "3_spades", "A_clubs"]}, deck=["K_spades"],
                  last=["9_diamonds"])
    bot = make_bot(kumbal(), 0, "normal", 1)
    steps = []
    while game.current == 0 and game.phase in ("discard", "draw", "free"):
        action = bot.choose(game.view(0), game.legal_actions(0))
        steps.append(action.kind)
        game.apply(0, action)
    assert steps == ["discard", "draw", "free_discard"]
    assert sorted(game.faces[c].key for c in game.hands[0]) == ["2_hearts", "3_spades", "A_clubs"]
    check_conserved(game)


def _two_tables():
    """Two states that differ only in what seat 0 cannot see: seat 1's hand (4 points in one,
    37 in the other, three cards each) and the order of the deck beneath its top card."""
    mine = {0: ["A_clubs", "2_hearts", "3_spades", "Q_diamonds"]}
    low = rigged(2, hands={**mine, 1: ["A_hearts", "A_spades", "2_clubs"]}, deck=["5_diamonds"],
                 last=["9_diamonds"])
    high = rigged(2, hands={**mine, 1: ["K_hearts", "K_spades", "J_clubs"]}, deck=["5_diamonds"],
                  last=["9_diamonds"], seed=7)
    assert low.hands[1] != high.hands[1] and low.deck != high.deck
    return low, high


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_decides_from_its_view_alone(level):
    """Bots get a seat's view, never the state: two states that differ only in cards seat 0 cannot
    see (the other hand, the deck's order) give it the same view and the same moves, turn after
    turn, until its own draw shows it a card that differs."""
    low, high = _two_tables()
    bots = [make_bot(kumbal(), 0, level, 5), make_bot(kumbal(), 0, level, 5)]
    decisions = 0
    for _ in range(6):          # seat 0's discard, draw and the free discard, over a few turns
        if low.is_over() or 0 not in low.to_act():
            break
        view_low, view_high = low.view(0), high.view(0)
        if view_low != view_high:
            break
        chosen = [bots[0].choose(view_low, low.legal_actions(0)),
                  bots[1].choose(view_high, high.legal_actions(0))]
        assert chosen[0] == chosen[1]
        decisions += 1
        low.apply(0, chosen[0])
        high.apply(0, chosen[1])
        if 0 not in low.to_act():
            break
    assert decisions >= 2       # the discard and the draw (from the same top card) at least


def test_normal_calls_or_not_the_same_whatever_the_hidden_hand():
    """"If another player has fewer points than the player who calls Kumbal ... plus 25": normal
    must judge that risk from the view, so with 6 points it decides the same whether seat 1 holds
    4 points (it would be undercut) or 37."""
    game_low, game_high = _two_tables()
    for game in (game_low, game_high):
        game.hands[0] = [c for c in game.hands[0] if game.faces[c].key != "Q_diamonds"]
        game.deck.append(next(c for c in range(len(game.faces)) if game.faces[c].key == "Q_diamonds"))
        game._view_common = None
        check_conserved(game)
    assert Action("call") in game_low.legal_actions(0)
    choices = {make_bot(kumbal(), 0, "normal", 2).choose(g.view(0), g.legal_actions(0))
               for g in (game_low, game_high)}
    assert len(choices) == 1


class CheckedBot:
    """A real bot whose every choice is checked against the legal actions it was given."""

    def __init__(self, bot):
        self.bot, self.level, self.choices = bot, bot.level, 0

    def choose(self, view, legal):
        action = self.bot.choose(view, legal)
        assert action in legal, f"{self.level} chose {action}, not among {legal}"
        assert view.viewer == self.bot.seat
        self.choices += 1
        return action


VARIANTS = ("five_cards", "action_cards", "wild_jokers", "cut_deck", "ties_against_caller")


def _legality_block(block: int, matches: int = 12) -> None:
    for i in range(matches):
        seed = 500 + block * matches + i
        players = 2 + seed % 7
        variants = {key: bool((seed >> k) & 1) for k, key in enumerate(VARIANTS)}
        levels = [("normal", "easy")[(seed + s) % 2] for s in range(players)]
        bots = [CheckedBot(make_bot(kumbal(), s, level, seed * 64 + s)) for s, level in enumerate(levels)]
        result = run_match(kumbal(), levels, seed, options(**variants), bots=bots)
        assert result.rounds >= 1 and sum(b.choices for b in bots) == result.actions


@pytest.mark.parametrize("block", blocks(5))
def test_bots_play_only_legal_moves_over_seeded_matches(block):
    """Easy and normal, 2 to 8 players, every house rule in some match: each choice is among the
    legal actions given (and the Session applies it, which raises on anything else); every match ends."""
    _legality_block(block)


@pytest.mark.slow
def test_normal_beats_easy_clearly():
    """Normal against easy over 100 seeded 2-player matches to 100 points, seats alternating:
    normal wins at least 62% (it wins about 77% over thousands)."""
    wins = 0.0
    for i in range(100):
        normal_seat = i % 2
        levels = ["normal", "easy"] if normal_seat == 0 else ["easy", "normal"]
        result = run_match(kumbal(), levels, 9000 + i)
        if normal_seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins >= 62, f"normal won {wins} of 100"
