"""Issue 29 (3, 6): the review weighs a seat's decisions from that seat's view, and prints from main.py.

"'Review this match' runs the search on every decision of the chosen seat ... from that seat's
view at the time (the same determinized search as the hard level, never the true state) ... Mark
each decision as fine, inaccuracy, mistake or blunder by the expected loss ... Decisions that are
forced or trivial are skipped, not counted." Rigged positions whose best move is known by hand.
"""
import json
import random
import subprocess
import sys

import pytest

import rigging_kumbal
import rigging_memory
from game.ai.analysis import Cancelled
from game.engine import registry
from game.engine.core import Action
from game.engine.ruleset import find_ruleset
from game.lab.review import VERDICTS, judge, review_match, summary, verdict
from game.lab.simulate import run_match
from game.store import history
from rigging import ROOT


def test_kumbal_discarding_a_lone_two_instead_of_the_nine_nine_pair_is_a_mistake_or_worse():
    """Kumbal's rules: the points left in the hand when the round ends count against you; a pair
    goes down in one discard. With 9-9, 2 and a queen, laying the pair off takes 18 points out
    of the hand, the lone 2 only 2."""
    game = rigging_kumbal.rigged(2, hands={0: ["9_clubs", "9_hearts", "2_spades", "Q_hearts"],
                                           1: ["3_clubs", "5_hearts", "7_spades", "8_hearts"]},
                                 last=["K_spades"])
    view, legal = game.view(0), game.legal_actions(0)
    pair = rigging_kumbal.discard(game, 0, "9_clubs", "9_hearts")
    lone = rigging_kumbal.discard(game, 0, "2_spades")
    found = judge(rigging_kumbal.kumbal(), game.options, 0, view, legal, lone, deals=24, seed=1)
    assert found["best"] == pair.to_json() and found["played"] == lone.to_json()
    assert found["verdict"] in ("mistake", "blunder") and found["loss"] >= 3, found
    # the pair itself is the move the family's own ranking plays: nothing to weigh
    assert judge(rigging_kumbal.kumbal(), game.options, 0, view, legal, pair, deals=24, seed=1) == "trivial"


def test_kombio_throwing_away_a_drawn_zero_or_swapping_it_for_a_known_one_loses_points():
    """Kombio: lowest total wins; seat 0 knows its two 1s (slots 2 and 3), not slots 0 and 1. A
    drawn 0 belongs in place of a card it does not know (worth about 6 on average): discarding it
    or swapping out a known 1 loses points; swapping it for an unknown card is fine."""
    ruleset = rigging_memory.kombio()
    game = rigging_memory.rigged(2, seed=3, ruleset=ruleset, hands={0: [12, 12, 1, 1], 1: [5, 5, 5, 5]},
                                 deck=[0], look=True, current=0)
    assert [s.face.value if s.face else None for s in game.view(0).seats[0].slots] == [None, None, 1, 1]
    game.apply(0, Action("draw", choice="deck"))
    view, legal = game.view(0), game.legal_actions(0)
    verdicts = {}
    for played in (Action("discard"), Action("exchange", pos=(0, 2)), Action("exchange", pos=(0, 0))):
        found = judge(ruleset, game.options, 0, view, legal, played, deals=24, seed=1)
        assert found["best"]["kind"] == "exchange" and found["best"]["places"][0][2] in (0, 1), found
        verdicts[played.kind + str(played.pos)] = found["verdict"]
    assert verdicts["discardNone"] in ("mistake", "blunder") and verdicts["exchange(0, 2)"] in ("mistake", "blunder")
    assert verdicts["exchange(0, 0)"] == "fine"


def test_castle_combo_the_last_card_the_captain_in_the_right_column_beats_a_face_down_card_by_six():
    """Castle Combo (rulesets/castle-combo.yaml): the Captain "scores 8 if in right col"; "take it
    without paying and place it face down: you gain 6 gold and 2 keys, and the card has no ... points";
    "each key is worth 1 point". Ana's last cell is in the right column and the game ends with her
    purchase (nothing else is hidden then): the Captain there is worth 8, face down 2."""
    import rigging_castle_combo as cc
    others = [c.key for c in cc.castle_combo().cards if c.key not in ("captain", "lookout", "chancellor")]
    down = ["down:" + k for k in others[:17]]
    game = cc.rig(cc.new_game(2, seed=1), displays={"castle": ["captain", "lookout", "chancellor"]},
                  tableaux={0: cc.tableau(down[0:3], down[3:5] + [None], down[5:8]),
                            1: cc.tableau(down[8:11], down[11:14], down[14:17])},
                  gold={0: 10, 1: 0}, keys={0: 0, 1: 0}, current=0, messenger="castle")
    game.turn_no = 2 * 9 - 1                 # the last purchase of the game
    game._view_common = None
    view, legal = game.view(0), game.legal_actions(0)
    captain = next(a for a in legal if a.kind == "buy" and game.faces[a.places[0][2]].key == "captain")
    face_down = next(a for a in legal if a.kind == "face_down" and a.places[0] == captain.places[0])
    found = judge(cc.castle_combo(), game.options, 0, view, legal, face_down, deals=4, seed=1)
    assert found["best"] == captain.to_json()
    assert found["loss"] == pytest.approx(6.0) and found["verdict"] == "mistake"      # (2, 5, 10) points
    assert judge(cc.castle_combo(), game.options, 0, view, legal, captain, deals=4, seed=1)["verdict"] == "fine"


def test_the_castle_combo_review_looks_past_the_bots_pruning_to_every_purchase():
    """The hard bot plays out only normal's best few purchases; a review must find a better move
    that normal ranks low, so the family's `screen` first plays out every other legal move on a few
    deals and keeps the best. On the game's last purchase (values exact: nothing is hidden after
    it) the widened review's best is the best of every legal move."""
    import rigging_castle_combo as cc
    from game.ai.analysis import appraise
    ruleset = cc.castle_combo()
    deals, keep = registry.family("tableau").search["screen"]
    others = [c.key for c in ruleset.cards if c.key not in ("captain", "lookout", "chancellor")]
    down = ["down:" + k for k in others[:17]]
    game = cc.rig(cc.new_game(2, seed=1), displays={"castle": ["captain", "lookout", "chancellor"]},
                  tableaux={0: cc.tableau(down[0:3], down[3:5] + [None], down[5:8]),
                            1: cc.tableau(down[8:11], down[11:14], down[14:17])},
                  gold={0: 10, 1: 0}, keys={0: 0, 1: 0}, current=0, messenger="castle")
    game.turn_no = 2 * 9 - 1
    game._view_common = None
    view, legal = game.view(0), game.legal_actions(0)
    narrow = appraise(ruleset, game.options, 0, view, legal, deals=4, seed=1)
    wide = appraise(ruleset, game.options, 0, view, legal, deals=4, seed=1, wide=True)
    every = appraise(ruleset, game.options, 0, view, legal, deals=4, seed=1, everything=True)
    considered = {m.action for m in narrow.moves}
    assert considered < {m.action for m in wide.moves}
    assert len(wide.moves) == len(considered) + min(keep, len(legal) - len(considered))
    assert wide.best.value == pytest.approx(every.best.value)


def test_klobba_the_black_totem_holder_pairing_with_the_weak_free_band_is_a_mistake():
    """Klobba! (klobba-reconstructed.md): the Black Totem holder chooses a Free Band to pair with,
    the White holder gets the other; "the higher total wins" a clobber. A Band of 10, 10 and 9 beside
    one of 1, 1 and 2: taking the weak one hands the strong one to the opponent."""
    import rigging_klobba as kl
    strong = [(kl.OF, 10), (kl.YC, 10), (kl.PR, 9)]
    weak = [(kl.OF, 1), (kl.YC, 1), (kl.PR, 2)]
    game = kl.rigged(black=0, bands={0: [(kl.BT, 5), (kl.BT, 6), (kl.BT, 4)], 1: strong,
                                     2: [(kl.BT, 7), (kl.OF, 5), (kl.YC, 6)], 3: weak})
    view, legal = game.view(0), game.legal_actions(0)
    assert legal == [kl.group(1), kl.group(3)]
    found = judge(kl.klobba(), game.options, 0, view, legal, kl.group(3), deals=24, seed=1)
    assert found["best"] == kl.group(1).to_json() and found["verdict"] in ("mistake", "blunder"), found
    assert judge(kl.klobba(), game.options, 0, view, legal, kl.group(1), deals=24, seed=1)["verdict"] == "fine"


def test_the_review_reads_the_view_only_a_hidden_card_twin_is_judged_the_same():
    """Privacy stays structural: the state behind the view is never read, so two states that differ
    only in cards the seat has not seen give the same numbers."""
    ruleset = rigging_memory.kombio()
    game = rigging_memory.rigged(2, seed=3, ruleset=ruleset, hands={0: [12, 12, 1, 1], 1: [5, 5, 5, 5]},
                                 deck=[0], look=True, current=0)
    game.apply(0, Action("draw", choice="deck"))
    twin = rigging_memory.hidden_twin(game, 0, random.Random(4))
    assert twin.view(0) == game.view(0) and twin.layouts != game.layouts
    played = Action("discard")
    one = judge(ruleset, game.options, 0, game.view(0), game.legal_actions(0), played, deals=8, seed=2)
    two = judge(ruleset, twin.options, 0, twin.view(0), twin.legal_actions(0), played, deals=8, seed=2)
    assert one == two


def test_verdicts_follow_the_loss_its_error_and_the_thresholds():
    limits = (1.0, 3.0, 6.0)
    assert [verdict(x, 0.1, limits) for x in (0, 0.5, 1.0, 2.9, 3.0, 7)] == \
        ["fine", "fine", "inaccuracy", "inaccuracy", "mistake", "blunder"]
    assert verdict(7, 8.0, limits) == "fine"            # a loss the playouts cannot tell from noise
    assert summary([{"verdict": "blunder", "loss": 7.0}, {"verdict": "fine", "loss": 0.4}]) == \
        {"reviewed": 2, "fine": 1, "inaccuracy": 0, "mistake": 0, "blunder": 1, "points_lost": 7.0}


@pytest.mark.parametrize("ruleset_id", ["kombio", "kumbal", "klobba", "castle-combo"])
def test_a_whole_match_is_reviewed_for_every_family_and_the_counts_add_up(ruleset_id):
    """Every family through the contract: a short bot match of each, reviewed at a small budget."""
    ruleset = find_ruleset(ruleset_id)
    session = run_match(ruleset, ("easy", "random"), 11, keep_session=True).session
    match = session.to_json()
    seen = []
    review = review_match(match, 1, deals=2, progress=lambda done, total: seen.append((done, total)))
    own = sum(1 for seat, _ in match["actions"] if seat == 1)
    assert seen[-1] == (own, own) and len(seen) == own
    assert review["summary"]["reviewed"] == len(review["decisions"]) > 0
    assert review["summary"]["reviewed"] + sum(review["skipped"].values()) == own
    assert sum(review["summary"][v] for v in VERDICTS) == review["summary"]["reviewed"]
    for d in review["decisions"]:
        assert d["verdict"] in VERDICTS and d["loss"] >= 0
        Action.from_json(d["played"]), Action.from_json(d["best"])
    json.dumps(review)                                   # it is stored as JSON with the match


def test_a_review_can_be_cancelled():
    session = run_match(find_ruleset("kumbal"), ("easy", "random"), 11, keep_session=True).session
    calls = []
    with pytest.raises(Cancelled):
        review_match(session.to_json(), 0, deals=2, cancelled=lambda: calls.append(1) or len(calls) > 5)


def test_review_from_the_command_line_prints_each_decision_and_keeps_the_review(tmp_path, monkeypatch):
    env = {"CARDTABLE_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": ROOT}
    run = lambda *args: subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,  # noqa: E731
                                       capture_output=True, text=True, timeout=300)
    kept = run("--simulate", "kumbal", "--players", "2", "--games", "2", "--bots", "normal,easy", "--keep")
    assert kept.returncode == 0, kept.stderr
    assert "kept the last 2 match(es)" in kept.stderr
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    (past, *_), warnings = history.past_matches()
    assert warnings == [] and past.match["seed"] == 2            # the latest is the last seed played
    text = run("--review", "latest", "--seat", "2", "--deals", "2")
    assert text.returncode == 0, text.stderr
    assert "reviewing Bot 2" in text.stderr and "decisions reviewed" in text.stdout
    assert "round 1, move" in text.stdout
    again = run("--review", str(past.path), "--seat", "2", "--json", "--deals", "2")
    data = json.loads(again.stdout)
    assert again.stderr == ""                                     # stored: nothing to compute
    assert data["name"] == "Bot 2" and data["summary"]["reviewed"] == len(data["decisions"])
    for bad, said in ((("--review", "latest", "--seat", "3"), "--seat must be from 1 to 2"),
                      (("--review", str(tmp_path / "none.json")), "there is no file"),
                      (("--simulate", "kumbal", "--keep", "--set", "rules.hand_size=5"), "--keep cannot keep")):
        out = run(*bad)
        assert out.returncode == 2 and said in out.stderr, out.stderr


def test_the_analysis_never_needs_the_state_only_a_family_sampler():
    """Every family the review serves has a sampler (Family.determinize): the search's only way
    to see past a view."""
    import game.families  # noqa: F401  (registers the shipped families)
    for name in registry.names():
        if registry.family(name).new_game.__module__.startswith("game.families."):
            assert registry.family(name).determinize is not None, name
