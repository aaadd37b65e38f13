"""The rules lab (issue 12, item 5): `--simulate GAME --variant NAME --set section.key=value --chart out.png`.

Issue 12: "`--simulate` takes a variant and parameter overrides (`--variant NAME`, `--set
scoring.caller_not_lowest.caller=10`, repeatable, validated like a ruleset with the same
file:line:key style of error), and reports per seat and overall: win rates with 95% intervals,
mean round length, call success rates, score distributions, as JSON and as a PNG chart".
Matches are the real ones (Session, bots, rulesets/); the command line is main.main() in-process,
and once a real `python main.py` process.
"""
import json
import os
import subprocess
import sys

import pygame
import pytest

from game.lab import lab_chart
from game.lab.lab import LabError, Recipe, RoundLog, lab_ruleset, spread, wilson
from game.lab.simulate import play_lab_matches, run_match
from game.engine.ruleset import find_ruleset, load_ruleset
from game.engine.schema import RulesetError
from game.engine.session import Session
from main import main
from rigging import ROOT


def simulate(capsys, *args) -> tuple:
    """(exit code, stdout, stderr) of `main.py --simulate ...` run in this process."""
    code = main(["--simulate", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def simulate_json(capsys, *args) -> dict:
    code, out, err = simulate(capsys, *args, "--json", "--jobs", "1")
    assert code == 0, err
    return json.loads(out)


def calls_in(session) -> list:
    return [dict(e.data) | {"seat": e.seat} for e in session.events if e.kind == "call"]


def calls_of(ruleset, recipe: Recipe, seeds=range(1, 4)) -> list:
    """The call events of seeded 2-seat normal matches with these house rules."""
    ruleset, options = lab_ruleset(ruleset, recipe)
    return [c for s in seeds
            for c in calls_in(run_match(ruleset, ("normal", "normal"), s, options, keep_session=True).session)]


# --- the house rules are the ones played --------------------------------------------------------

def test_set_changes_the_call_limit_the_game_plays_with():
    """Kumbal: "with 7 points or fewer in your hand, you may call Kumbal"; --set call.limit=3
    makes it 3: every call of the same seeded matches is then at 3 points or fewer, where the
    ruleset as written lets some seat call with more."""
    kumbal = find_ruleset("kumbal")
    short = "match_end.rounds=2"      # two rounds a match keep the test quick
    as_written = [c["points"] for c in calls_of(kumbal, Recipe(sets=(short,)))]
    changed = [c["points"] for c in calls_of(kumbal, Recipe(sets=(short, "call.limit=3")))]
    assert max(as_written) > 3, as_written
    assert changed and max(changed) <= 3, changed


def test_a_set_wins_over_a_variant_that_sets_the_same_parameter():
    """Kumbal's five_cards variant: "Deal 5 cards each and call with 5 points or fewer"; with
    --set call.limit=3 after it, hands are still dealt 5 cards but the call limit is 3."""
    ruleset, options = lab_ruleset(find_ruleset("kumbal"), Recipe(("five_cards",), ("call.limit=3",)))
    game = Session(ruleset, [{"name": "A", "kind": "ai", "level": "normal"}] * 2, options, 1).game
    assert [len(hand) for hand in game.hands] == [5, 5]
    assert game.rules["call"]["limit"] == 3 and game.rules["hand_size"] == 5


def test_a_section_the_file_leaves_out_can_be_set():
    """Kombio's file has no `limits:`; the family's defaults apply ("a round stops after
    limits.turns_per_round turns"), and a house rule may change one of them: the others keep
    their defaults."""
    ruleset, options = lab_ruleset(find_ruleset("kombio"), Recipe(sets=("limits.turns_per_round=50",)))
    game = Session(ruleset, [{"name": "A", "kind": "ai", "level": "normal"}] * 2, options, 1).game
    assert game.rules["limits"]["turns_per_round"] == 50
    assert game.rules["limits"]["rounds_per_match"] == 100     # README: "(100; a match to 100 points ...)"


def test_a_variant_from_the_command_line_is_played():
    """Kombio: "If playing 1v1, the KOMBIO Caller's hand is not locked"; the lock_in_duel
    variant: "The caller's hand is locked even in a two-player game"."""
    kombio = find_ruleset("kombio")
    locked = [c["locked"] for c in calls_of(kombio, Recipe(variants=("lock_in_duel",)), [1])]
    as_written = [c["locked"] for c in calls_of(kombio, Recipe(), [1])]
    assert locked and all(locked), locked
    assert as_written and not any(as_written), as_written


def test_overrides_through_the_command_line_change_the_scores(capsys):
    """Kombio: "If anyone ties or beats the caller, the caller adds +15"; with
    --set scoring.caller_not_lowest.caller=100 a lost call costs 100, which no hand of four
    cards reaches (at most 4 x 14 = 56): a round score of 100 or more appears exactly when a
    call was lost. --set match_end.rounds=2 plays two rounds a match."""
    base = ("kombio", "--players", "2", "--games", "4", "--set", "match_end.rounds=2")
    plain = simulate_json(capsys, *base)
    costly = simulate_json(capsys, *base, "--set", "scoring.caller_not_lowest.caller=100")
    assert plain["rounds"] == costly["rounds"] == 8
    assert costly["overrides"] == ["match_end.rounds=2", "scoring.caller_not_lowest.caller=100"]
    lost = sum(s["calls"]["n"] - s["calls"]["won"] for s in costly["seats"])
    assert lost > 0
    assert max(s["round_score"]["max"] for s in costly["seats"]) >= 100
    assert max(s["round_score"]["max"] for s in plain["seats"]) < 100


def test_matches_on_two_processes_play_the_same_house_rules():
    """Worker processes rebuild the house rules from the recipe: the same results as one process."""
    kumbal = find_ruleset("kumbal")
    recipe = Recipe(("ties_against_caller",), ("call.limit=3",))
    seeds = list(range(1, 5))
    one = play_lab_matches(kumbal, recipe, ("normal", "easy"), seeds, jobs=1)
    two = play_lab_matches(kumbal, recipe, ("normal", "easy"), seeds, jobs=2)
    assert [p for p, _ in one] == [p for p, _ in two]
    assert all(problem is None for _, problem in one)


# --- what is counted ------------------------------------------------------------------------------

def test_a_call_is_won_as_the_scoring_says():
    """Kombio: "If the caller has the lowest hand, the caller scores their hand and everyone else
    adds +10. If anyone ties or beats the caller, the caller adds +15": a won call leaves the
    caller's round score strictly the lowest, a lost one never. Kumbal with ties_against_caller:
    "If you have the fewest points you score 0 ... A caller tied for the fewest points gets
    their points plus 25": a won call scores 0, a lost one 25 or more."""
    outcomes = set()
    kombio = find_ruleset("kombio")
    for seed in range(1, 4):
        log = RoundLog()
        run_match(kombio, ("normal", "easy", "normal"), seed, watch=log)
        for seat, won, r in log.calls:
            scores = log.round_scores[r]
            lowest = all(scores[seat] < x for s, x in enumerate(scores) if s != seat)
            assert won == lowest, (seed, r, seat, scores)
            outcomes.add(won)
    ruleset, options = lab_ruleset(find_ruleset("kumbal"), Recipe(variants=("ties_against_caller",)))
    for seed in range(1, 3):
        log = RoundLog()
        run_match(ruleset, ("normal", "easy"), seed, options, watch=log)
        for seat, won, r in log.calls:
            assert won == (log.round_scores[r][seat] == 0), (seed, r, log.round_scores[r])
    assert outcomes == {True, False}


def test_wilson_intervals_and_spreads():
    """Wilson (1927) score interval at 95%: 5 of 10 -> 0.2366-0.7634; 0 of 10 -> 0-0.2775."""
    assert wilson(5, 10) == [0.2366, 0.7634]
    assert wilson(0, 10) == [0.0, 0.2775]
    assert spread([1, 2, 3, 4, 5]) == {"n": 5, "mean": 3.0, "sd": 1.414, "min": 1, "q1": 2.0,
                                       "median": 3.0, "q3": 4.0, "max": 5}
    assert spread([]) is None


def test_the_json_has_every_figure_per_seat_and_overall(capsys):
    """Per seat: wins with a 95% interval, the spread of final totals and of round scores, calls
    won; overall: rounds per match, actions (and turns) per round, calls, pooled scores."""
    data = simulate_json(capsys, "kombio", "--players", "3", "--games", "4", "--bots", "normal,easy,normal",
                         "--variant", "ties_favour_caller")
    assert data["variants"] == ["ties_favour_caller"] and data["house_rules"] == "variants: ties_favour_caller"
    assert (data["family"], data["lower_is_better"]) == ("memory", True)
    quantiles = {"n", "mean", "sd", "min", "q1", "median", "q3", "max"}
    for seat in data["seats"]:
        low, high = seat["win_interval_95"]
        assert low <= seat["win_rate"] <= high
        assert set(seat["final_score"]) == quantiles and seat["final_score"]["n"] == 4
        assert seat["final_score"]["mean"] == seat["mean_score"]
        assert seat["round_score"]["n"] == data["rounds"] == 20
        assert set(seat["calls"]) == {"n", "won", "rate", "interval_95"}
    overall = data["overall"]
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(4)
    assert overall["matches_ended"] == 4 and overall["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert overall["by_level"]["easy"]["seats"] == [2] and overall["by_level"]["normal"]["n"] == 8
    assert overall["rounds_per_match"]["mean"] == 5
    assert overall["round_length"]["unit"].startswith("actions per round")
    assert overall["round_length"]["mean_actions"] > overall["round_length"]["mean_turns"] > 0
    assert overall["calls"]["n"] == sum(s["calls"]["n"] for s in data["seats"]) <= data["rounds"]
    assert overall["calls"]["won"] == sum(s["calls"]["won"] for s in data["seats"])
    assert overall["final_score"]["n"] == 12 and overall["round_score"]["n"] == 60


def test_a_game_without_calls_says_so(capsys):
    """Klobba! has no call and no scored rounds: the figures say none, not zero."""
    data = simulate_json(capsys, "klobba", "--players", "2", "--games", "2")
    assert data["overall"]["calls"] is None and data["overall"]["round_score"] is None
    assert all(s["calls"] is None and s["round_score"] is None for s in data["seats"])
    assert data["lower_is_better"] is False and data["match_end"] is None     # one game, no match length
    code, out, _ = simulate(capsys, "klobba", "--players", "2", "--games", "2", "--jobs", "1")
    assert code == 0 and "calls: none (this game has no call)" in out
    assert "final totals (higher is better)" in out


# --- bad house rules: one clear line, nothing played -------------------------------------------

REFUSED = {
    "a word for a number": (["--set", "scoring.caller_not_lowest.caller=ten"],
                            "--set scoring.caller_not_lowest.caller=ten: expected a whole number; got 'ten'"),
    "out of range": (["--set", "scoring.caller_not_lowest.caller=500"],
                     "--set scoring.caller_not_lowest.caller=500: expected a whole number from -100 to 100; got 500"),
    "not one of the choices": (["--set", "scoring.tie_counts_as=sometimes"],
                               "--set scoring.tie_counts_as=sometimes: expected one of lowest, not_lowest; "
                               "got 'sometimes'"),
    "an unknown key": (["--set", "scoring.caller_not_lowst.caller=1"],
                       "--set scoring.caller_not_lowst.caller=1: scoring.caller_not_lowst: unknown key; "
                       "expected one of caller_lowest, caller_not_lowest, tie_counts_as"),
    "an unknown section": (["--set", "bidding.min=1"],
                           "--set bidding.min=1: bidding: unknown key; expected one of first_player, "),
    "a value is not a section": (["--set", "call.name.short=K"],
                                 "--set call.name.short=K: call.name is a value, not a section"),
    "an empty value": (["--set", "call.limit="], "--set call.limit=: expected a value after '=' (null for none)"),
    "no value": (["--set", "scoring"], "--set scoring: expected section.key=value, e.g. "
                                       "scoring.caller_not_lowest.caller=10"),
    "not YAML": (["--set", "call.limit=[1"], "--set call.limit=[1: not valid YAML: "),
    "a call no hand can make": (["--set", "call.limit=-4"],
                                "--set call.limit=-4: no hand of 4 cards can be at or under -4 points (the "
                                "lowest possible hand is -3), so every call would fail"),
    "an unknown variant": (["--variant", "jokers_wild"],
                           "--variant jokers_wild: Kombio has no such variant (known: lock_in_duel, "
                           "ties_favour_caller, own_cards_only, mandatory_abilities)"),
    "a match of no rounds": (["--set", "match_end.rounds=0"],
                             "--set match_end.rounds=0: expected a whole number from 1 to 99; got 0"),
    "an unknown match setting": (["--set", "match_end.minutes=5"],
                                 "--set match_end.minutes=5: no such setting; match_end has mode, rounds, points"),
    "a chart that is not a PNG": (["--chart", "out.jpg"], "--chart out.jpg: expected a file name ending in .png"),
}


@pytest.mark.parametrize("args,line", REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_house_rule_is_one_clear_line_and_nothing_is_played(capsys, tmp_path, args, line):
    chart = tmp_path / "lab.png"
    code, out, err = simulate(capsys, "kombio", "--players", "2", "--games", "2", "--jobs", "1",
                              *args, *(["--chart", str(chart)] if "--chart" not in args else []))
    assert code == 2 and out == ""
    assert err.startswith("main.py --simulate: " + line), err
    assert err.count("\n") == 1
    assert not chart.exists()


def test_a_check_across_parameters_runs_once_all_sets_are_in():
    """Kumbal's own check: "a draw card needs draw: 1 or more"; it weighs a card's effect against
    its draw, so it runs after every --set, names them all and the key; in the other order, or
    with a draw of 1, the house rule plays. A bigger hand is dealt from more decks, as a variant's."""
    kumbal = find_ruleset("kumbal")
    with pytest.raises(LabError) as caught:
        lab_ruleset(kumbal, Recipe(sets=("action_cards.cards.7.draw=0", "action_cards.cards.7.effect=draw")))
    assert str(caught.value) == ("--set action_cards.cards.7.draw=0 --set action_cards.cards.7.effect=draw: "
                                 "action_cards.cards.7: a draw card needs draw: 1 or more (how many cards "
                                 "the next player draws)")
    ruleset, _ = lab_ruleset(kumbal, Recipe(sets=("action_cards.cards.7.effect=draw",
                                                  "action_cards.cards.7.draw=1")))
    assert dict(ruleset.rules["action_cards"]["cards"]["7"]) == {"effect": "draw", "draw": 1}
    ruleset, options = lab_ruleset(kumbal, Recipe(sets=("hand_size=10", "match_end.rounds=1")))
    game = run_match(ruleset, ("normal",) * 6, 1, options, keep_session=True).session.game
    assert game.is_over() and ruleset.rules["hand_size"] == 10


def test_a_set_error_is_the_ruleset_files_own_sentence(tmp_path):
    """The same value in a ruleset file gives the same sentence, there after file:line:key."""
    text = open(os.path.join(ROOT, "rulesets", "kombio.yaml"), encoding="utf-8").read()
    assert "caller_not_lowest: {caller: 15, others: 0}" in text
    path = tmp_path / "kombio-ten.yaml"
    path.write_text(text.replace("caller_not_lowest: {caller: 15", "caller_not_lowest: {caller: ten"),
                    encoding="utf-8")
    with pytest.raises(RulesetError) as in_file:
        load_ruleset(str(path))
    assert in_file.value.key == "rules.scoring.caller_not_lowest.caller"
    with pytest.raises(LabError) as on_line:
        lab_ruleset(find_ruleset("kombio"), Recipe(sets=("scoring.caller_not_lowest.caller=ten",)))
    assert str(on_line.value) == f"--set scoring.caller_not_lowest.caller=ten: {in_file.value.message}"


def test_the_real_command_line_refuses_with_exit_code_2():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--simulate", "kumbal",
                          "--set", "call.limit=seven"], capture_output=True, text=True, timeout=60, cwd=ROOT,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "main.py --simulate: --set call.limit=seven: expected a whole number; got 'seven'\n"


@pytest.mark.parametrize("option", [["--variant", "x"], ["--set", "a.b=1"], ["--chart", "a.png"]])
def test_the_lab_options_belong_to_simulate(capsys, option):
    with pytest.raises(SystemExit) as exit_:
        main(["--check-rulesets", *option])
    assert exit_.value.code == 2
    assert f"{option[0]} only applies with --simulate, not with --check-rulesets" in capsys.readouterr().err


# --- the chart ------------------------------------------------------------------------------------

def test_the_chart_is_drawn(capsys, tmp_path):
    """A PNG of the chart's size: paper in the corner, each seat's colour in its bars and
    histogram, the interval whiskers and title in ink."""
    chart = tmp_path / "lab.png"
    code, out, err = simulate(capsys, "kombio", "--players", "2", "--games", "4", "--jobs", "1",
                              "--variant", "lock_in_duel", "--chart", str(chart))
    assert code == 0, err
    assert f"chart: {chart}" in out
    assert chart.stat().st_size > 20_000
    image = pygame.image.load(str(chart))
    assert image.get_size() == lab_chart.SIZE
    assert tuple(image.get_at((2, 2)))[:3] == lab_chart.PAPER
    colours = {}
    for x in range(0, lab_chart.SIZE[0], 3):
        for y in range(0, lab_chart.SIZE[1], 3):
            colour = tuple(image.get_at((x, y)))[:3]
            colours[colour] = colours.get(colour, 0) + 1
    for seat_colour in lab_chart.SEATS[:2]:
        assert colours.get(seat_colour, 0) > 500, seat_colour     # bars and a histogram each
    assert colours.get(lab_chart.INK, 0) > 200
    assert sum(n for c, n in colours.items() if c != lab_chart.PAPER) > 0.1 * sum(colours.values())


def unwritable_charts(tmp_path) -> dict:
    """Chart paths the file system refuses, each with the words the one line must hold."""
    cases = {"a name too long for the file system": (tmp_path / ("a" * 300 + ".png"), "File name too long")}
    if os.path.isdir("/proc/self"):
        cases["a file in /proc"] = ("/proc/x.png", "cannot be written: ")
    if os.path.exists("/dev/full"):
        link = tmp_path / "full.png"
        link.symlink_to("/dev/full")
        cases["a link to /dev/full"] = (link, "is not a regular file")
    return cases


@pytest.mark.parametrize("case", ["a name too long for the file system", "a file in /proc", "a link to /dev/full"])
def test_a_chart_that_cannot_be_written_is_refused_before_any_match(capsys, tmp_path, case):
    """Before, these passed the check, every match was played, then pygame's traceback lost the results."""
    cases = unwritable_charts(tmp_path)
    if case not in cases:
        pytest.skip(f"no {case} on this system")
    chart, words = cases[case]
    code, out, err = simulate(capsys, "kombio", "--players", "2", "--games", "2", "--jobs", "1",
                              "--chart", str(chart))
    assert code == 2 and out == ""
    assert err.startswith(f"main.py --simulate: --chart {chart}: ") and words in err, err
    assert err.count("\n") == 1


def test_the_write_check_leaves_nothing_behind_and_never_clobbers_a_chart(tmp_path):
    from game.lab.simulate import chart_problem
    new = tmp_path / "new.png"
    assert chart_problem(str(new)) is None and list(tmp_path.iterdir()) == []
    old = tmp_path / "old.png"
    old.write_bytes(b"last week's chart")
    before = old.stat().st_mtime_ns
    assert chart_problem(str(old)) is None
    assert old.read_bytes() == b"last week's chart" and old.stat().st_mtime_ns == before


@pytest.mark.skipif(os.name != "posix", reason="a file size limit (RLIMIT_FSIZE) is POSIX")
@pytest.mark.parametrize("as_json", [False, True], ids=["report", "json"])
def test_a_chart_that_fails_after_the_matches_still_prints_the_results(tmp_path, as_json):
    """The check passes, then the disk says no (here: a file size limit the check's few bytes fit
    under, the chart does not): the results are printed, one line says why, the exit is 1."""
    import resource
    import signal

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)      # so a write past the limit fails, not kills
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    chart = tmp_path / "lab.png"
    chart.write_bytes(b"last week's chart")
    out = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--simulate", "kombio", "--players", "2",
                          "--games", "2", "--jobs", "1", "--chart", str(chart), *(["--json"] if as_json else [])],
                         capture_output=True, text=True, timeout=120, cwd=ROOT, preexec_fn=small_files,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                              "PYTHONDONTWRITEBYTECODE": "1"})
    assert out.returncode == 1
    assert out.stderr == f"main.py --simulate: the chart was not written to {chart}: File too large\n"
    if as_json:
        summary = json.loads(out.stdout)
        assert summary["games"] == 2 and summary["chart"] is None and len(summary["seats"]) == 2
    else:
        assert "Kombio: 2 match(es), 2 players" in out.stdout and "seat 2 final totals" in out.stdout
        assert "chart:" not in out.stdout
    assert chart.read_bytes() == b"last week's chart"      # written whole or not at all
    assert [p.name for p in tmp_path.iterdir()] == ["lab.png"]


def test_a_house_rule_the_deck_cannot_deal_is_refused_before_any_match(capsys):
    """Klobba!'s `rules: {hand_size: 10}` is refused by the loader; `--set hand_size=10` was taken,
    and every match died in the deal (IndexError). It gets the loader's sentence now, at the seats
    asked for: hands of 6 are dealt to 3 players (19 of the 21 Action cards), not to 4."""
    code, out, err = simulate(capsys, "klobba", "--players", "4", "--games", "3", "--jobs", "1",
                              "--set", "hand_size=10")
    assert code == 2 and out == ""
    assert err == ("main.py --simulate: --set hand_size=10: 21 Action cards cannot deal 10 to 4 players "
                   "and leave a Surprise (need 41)\n")
    code, out, err = simulate(capsys, "klobba", "--players", "4", "--games", "1", "--jobs", "1",
                              "--set", "hand_size=6")
    assert code == 2 and err.endswith("cannot deal 6 to 4 players and leave a Surprise (need 25)\n")
    data = simulate_json(capsys, "klobba", "--players", "3", "--games", "2", "--set", "hand_size=6")
    assert data["failed"] == [] and data["overall"]["matches_ended"] == 2
