"""Engine bugs found by simulation, each kept as a test of the rule it broke."""
from game.lab.simulate import run_match
from game.engine.core import Action
from game.engine.ruleset import find_ruleset
from rigging_memory import EMPTY, options, rigged


def test_red_king_may_look_twice_at_the_same_own_card():
    """cambio.de.txt: "Wenn du einen König ziehst und ihn sofort wieder ablegst, darfst du 2
    Aktionen ausführen (eine beliebige Kombination aus eigene bzw. fremde Karte Anschauen oder
    Tauschen)." With one card left and the only opponent locked by a call, the second action can
    only be another look at that same card: it must be offered (it once left no legal action)."""
    ruleset = find_ruleset("cambio")
    game = rigged(2, ruleset=ruleset, opts=options(points=50, ruleset=ruleset),
                  hands={0: [EMPTY, EMPTY, EMPTY, None]}, deck=[-2], current=1)
    game.apply(1, Action("call"))
    assert game.to_act() == [0]
    game.apply(0, Action("draw", choice="deck"))
    game.apply(0, Action("discard"))
    assert game.view(0).pending.ability == "red_king"
    game.apply(0, Action("choose", choice="look_own"))
    game.apply(0, Action("peek", pos=(0, 3)))
    legal = game.legal_actions(0)
    assert Action("choose", choice="look_own") in legal
    game.apply(0, Action("choose", choice="look_own"))
    assert game.legal_actions(0) == [Action("peek", pos=(0, 3))]


def test_the_bot_match_that_once_got_stuck_ends():
    """A 2-player Cambio bot match (seed 64) reached a Red King step with no legal action."""
    result = run_match(find_ruleset("cambio"), ["normal", "easy"], 64)
    assert result.rounds >= 1


def test_a_mandatory_double_look_with_one_card_left_ends_after_one_look():
    """kombio.txt: "A fourteen allows players to view any two cards on the table" — with the
    house rule "Abilities are mandatory", a caller locked in a duel and one card left on the
    table, the second look has no card to look at: the ability ends after the one look (it once
    left the player with no legal action and froze the table)."""
    game = rigged(2, hands={0: [5, EMPTY, EMPTY, EMPTY]}, deck=[14],
                  opts=options(lock_in_duel=True, mandatory_abilities=True))
    game.apply(1, Action("call"))
    game.apply(0, Action("draw", choice="deck"))
    game.apply(0, Action("discard"))
    assert game.view(0).pending.count_left == 2
    game.apply(0, Action("peek", pos=(0, 0)))
    assert game.to_act() and game.legal_actions(game.to_act()[0])
    assert game.view(None).phase == "window"


def test_two_easy_bots_trading_through_the_discard_pile_still_end_the_round():
    """Two easy bots took the discard and exchanged the same cards back and forth; the table
    looked the same every turn, so each counted only a few turns and never forced its call
    (kombio seed 7001600 ran into the 5,000-action cap). Turns are now counted by number."""
    ruleset = find_ruleset("kombio")
    opts = {"variants": {}, "match_end": {"mode": "rounds", "rounds": 1, "points": 100}}
    result = run_match(ruleset, ["easy", "easy"], 7001600, opts)
    assert result.rounds == 1 and result.actions < 1000
