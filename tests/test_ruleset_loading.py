"""Ruleset files on disk: broken ones give errors naming file, line, key and what was expected.

Every test writes real YAML files into tmp_path, starting from the real
rulesets/kombio.yaml and breaking one thing. DESIGN.md: "Every error names the
file, the line and the key, and says what was expected"; "A broken ruleset
never crashes the app"; "a new variant that only recombines existing
primitives needs no Python".
"""
import os
import random
import re
import subprocess
import sys

import pytest

from game.engine.core import Action
from game.engine.ruleset import (default_options, find_ruleset, load_all, load_ruleset)
from game.engine.schema import RulesetError
from game.engine.session import Session
from rigging import ROOT
from rigging_memory import KOMBIO_YAML

with open(KOMBIO_YAML, encoding="utf-8") as _fh:
    KOMBIO_TEXT = _fh.read()


def kombio_with(old, new, count=1):
    """The real kombio.yaml with one piece of text replaced (which must be there)."""
    assert old in KOMBIO_TEXT, f"kombio.yaml no longer contains {old!r}"
    return KOMBIO_TEXT.replace(old, new, count)


def line_of(text, needle):
    """1-based line of the first line containing needle."""
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in the text")


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def broken(tmp_path, text, name="broken.yaml"):
    """Load the text from a real file; the RulesetError it must raise."""
    path = write(tmp_path, name, text)
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    err = info.value
    msg = str(err)
    assert msg.startswith(f"{path}:"), msg           # names the file (and the line after it)
    assert "Traceback" not in msg
    return err, msg


# --- each kind of error --------------------------------------------------------------

def test_bad_enum_names_file_line_key_and_choices(tmp_path):
    """A value outside its choices: the choices are listed and the bad value quoted."""
    text = kombio_with("      - peek: own\n", "      - peek: mine\n")
    err, msg = broken(tmp_path, text)
    line = line_of(text, "peek: mine")
    assert err.line == line and err.key == "abilities.look_own.steps[0].peek"
    assert msg == (f"{tmp_path / 'broken.yaml'}:{line}: abilities.look_own.steps[0].peek: "
                   "expected one of own, other, any; got 'mine'")


def test_bad_enum_in_rules(tmp_path):
    text = kombio_with("first_player: left_of_dealer", "first_player: youngest")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "first_player:") and err.key == "rules.first_player"
    assert "expected one of left_of_dealer, dealer; got 'youngest'" in msg


def test_missing_top_level_key(tmp_path):
    text = kombio_with("name: Kombio\n", "")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "id: kombio")        # the document's first key
    assert "missing key 'name'" in msg


def test_missing_card_value(tmp_path):
    text = kombio_with("  - {value: 3, count: 5}\n", "  - {count: 5}\n")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "  - {count: 5}") and err.key == "cards[4]"
    assert "missing key 'value'" in msg


def test_missing_ability_steps(tmp_path):
    text = kombio_with("""    steps:
      - peek: own
""", "")
    err, msg = broken(tmp_path, text)
    assert err.key == "abilities.look_own" and "missing key 'steps'" in msg
    assert err.line == line_of(text, "  look_own:")


def test_unknown_top_level_key(tmp_path):
    text = kombio_with("name: Kombio\n", "name: Kombio\ncolour: red\n")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "colour: red") and err.key == "colour"
    assert "unknown key; expected one of" in msg and "cards" in msg and "variants" in msg


def test_unknown_rules_key_is_a_typo_not_ignored(tmp_path):
    text = kombio_with("  abilities: optional", "  abilitys: optional")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "abilitys:") and err.key == "rules.abilitys"
    assert "unknown key" in msg and "abilities" in msg


def test_unknown_key_in_a_card(tmp_path):
    text = kombio_with("  - {value: 3, count: 5}\n", "  - {value: 3, count: 5, points: 3}\n")
    err, msg = broken(tmp_path, text)
    assert err.key == "cards[4].points" and err.line == line_of(text, "points: 3")
    assert "unknown key; expected one of value, count" in msg


@pytest.mark.parametrize("old,new,key,expected", [
    ("  - {value: 3, count: 5}\n", "  - {value: 3, count: five}\n", "cards[4].count",
     "expected a whole number; got 'five'"),
    ("players: {min: 2, max: 6}", "players: {min: two, max: 6}", "players.min",
     "expected a whole number; got 'two'"),
    ("  discard_draw_must_exchange: true", "  discard_draw_must_exchange: 3",
     "rules.discard_draw_must_exchange", "expected true or false; got the number 3"),
    ("  rows: 2\n", "  rows: [2]\n", "layout.rows", "expected a whole number; got a list"),
    ("modes: [rounds, points]", "modes: rounds", "match_end.modes", "expected a list; got 'rounds'"),
    ("    lock_min_players: 3 ", "    lock_min_players: 1 ", "rules.call.lock_min_players",
     "expected a whole number from 2 to 13; got 1"),
])
def test_wrong_type(tmp_path, old, new, key, expected):
    text = kombio_with(old, new)
    err, msg = broken(tmp_path, text)
    assert err.key == key and err.line == line_of(text, new.strip().split("\n")[0])
    assert msg.endswith(f"{key}: {expected}"), msg


def test_unknown_ability_on_a_card(tmp_path):
    text = kombio_with("{value: 9, count: 5, ability: look_other}",
                       "{value: 9, count: 5, ability: look_at_others}")
    err, msg = broken(tmp_path, text)
    assert err.key == "cards[10].ability" and err.line == line_of(text, "look_at_others")
    assert "expected one of the abilities (look_own, look_other, blind_swap" in msg
    assert "got 'look_at_others'" in msg


def test_unknown_ability_in_a_choice(tmp_path):
    text = kombio_with("      - peek: own\n", "      - choose: [look_other, look_everywhere]\n")
    err, msg = broken(tmp_path, text)
    assert err.key == "abilities.look_own.steps[0].choose"
    assert "no ability named 'look_everywhere'" in msg


def test_step_with_two_primitives(tmp_path):
    text = kombio_with("      - peek: own\n", "      - {peek: own, swap: any}\n")
    err, msg = broken(tmp_path, text)
    assert err.key == "abilities.look_own.steps[0]"
    assert "exactly one of peek, swap" in msg and "got peek, swap" in msg


@pytest.mark.parametrize("step, key, applies", [
    ("{peek: own, own_pair: false}", "own_pair", "swap"),
    ("{peek: own, seconds: 3}", "seconds", "reveal"),
])
def test_a_step_key_that_means_nothing_on_that_step(tmp_path, step, key, applies):
    text = kombio_with("      - peek: own\n", f"      - {step}\n")
    err, msg = broken(tmp_path, text)
    assert err.key == f"abilities.look_own.steps[0].{key}"
    assert f"applies only to a {applies} step" in msg and "this is a peek step" in msg
    assert err.line == line_of(text, step)


def test_duplicate_key(tmp_path):
    text = kombio_with("name: Kombio\n", "name: Kombio\nname: Kombio Two\n")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "name: Kombio Two") and err.key == "name"
    assert "appears twice" in msg


def test_duplicate_card_key(tmp_path):
    text = kombio_with("  - {value: 4, count: 5}\n", "  - {value: 4, count: 5, key: '3'}\n")
    err, msg = broken(tmp_path, text)
    assert err.key == "cards[5].key" and "share the key '3'" in msg


def test_invalid_yaml(tmp_path):
    text = kombio_with("players: {min: 2, max: 6}", "players: {min: 2, max: 6")
    err, msg = broken(tmp_path, text)
    assert "not valid YAML" in msg
    assert err.line in (line_of(text, "players:"), line_of(text, "players:") + 1)


def test_empty_file(tmp_path):
    err, msg = broken(tmp_path, "# nothing here\n")
    assert "empty" in msg


def test_not_a_mapping(tmp_path):
    err, msg = broken(tmp_path, "- just\n- a list\n")
    assert "expected a mapping" in msg


def test_variant_pointing_at_a_missing_parameter(tmp_path):
    text = kombio_with("set: {call.lock_min_players: 2}", "set: {call.lock_players: 2}")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "call.lock_players")
    assert err.key == "variants.lock_in_duel.set.call.lock_players"
    assert "no such parameter under rules" in msg


def test_variant_setting_a_bad_value_names_the_parameter_once(tmp_path):
    text = kombio_with("set: {call.lock_min_players: 2}", "set: {call.lock_min_players: many}")
    err, msg = broken(tmp_path, text)
    assert err.line == line_of(text, "call.lock_min_players: many")
    assert err.key == "variants.lock_in_duel.set.call.lock_min_players"
    assert msg.endswith("variants.lock_in_duel.set.call.lock_min_players: "
                        "expected a whole number; got 'many'"), msg


def test_deck_too_small(tmp_path):
    text = re.sub(r"count: 5", "count: 1", KOMBIO_TEXT)
    err, msg = broken(tmp_path, text)
    assert err.key == "cards" and err.line == line_of(text, "cards:")
    assert "22 cards cannot deal 4 to 6 players" in msg and "need at least 26" in msg


def test_look_at_start_outside_the_layout(tmp_path):
    text = kombio_with("look_at_start: [2, 3]", "look_at_start: [2, 4]")
    err, msg = broken(tmp_path, text)
    assert err.key == "layout.look_at_start[1]" and "below 4; got 4" in msg


def test_unreadable_file(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Caf\xe9\n".encode("latin-1"))
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert str(path) in str(info.value) and "UTF-8" in str(info.value)


# --- a folder of rulesets ---------------------------------------------------------------

def test_load_all_lists_broken_files_and_keeps_good_ones(tmp_path):
    write(tmp_path, "a_good.yaml", KOMBIO_TEXT)
    write(tmp_path, "b_broken.yaml", kombio_with("id: kombio", "id: kombio-b").replace(
        "      - peek: own\n", "      - peek: mine\n", 1))
    write(tmp_path, "c_good.yaml", kombio_with("id: kombio", "id: kombio-c"))
    write(tmp_path, "d_same_id.yaml", KOMBIO_TEXT)
    write(tmp_path, "notes.txt", "not a ruleset")
    entries = load_all(str(tmp_path))
    names = [os.path.basename(e.path) for e in entries]
    assert names == ["a_good.yaml", "b_broken.yaml", "c_good.yaml", "d_same_id.yaml"]
    ok = {os.path.basename(e.path): e.ok for e in entries}
    # two files with one id: neither is used, since which one was meant cannot be known (issue 8.7)
    assert ok == {"a_good.yaml": False, "b_broken.yaml": False, "c_good.yaml": True,
                  "d_same_id.yaml": False}
    bad = entries[1]
    assert bad.ruleset is None and "b_broken.yaml:" in bad.error and "got 'mine'" in bad.error
    assert "also the id of" in entries[3].error and "a_good.yaml" in entries[3].error
    assert find_ruleset("kombio-c", str(tmp_path)).id == "kombio-c"
    with pytest.raises(KeyError) as info:
        find_ruleset("b_broken", str(tmp_path))
    assert "got 'mine'" in str(info.value)


def test_the_shipped_rulesets_all_load():
    entries = load_all()
    assert entries and all(e.ok for e in entries), [e.error for e in entries if not e.ok]
    assert "kombio" in {e.ruleset.id for e in entries}


def check_rulesets(*files):
    return subprocess.run([sys.executable, "main.py", "--check-rulesets", *map(str, files)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_check_rulesets_command(tmp_path):
    bad = write(tmp_path, "bad.yaml", kombio_with("      - peek: own\n", "      - peek: mine\n"))
    run = check_rulesets(bad)
    assert run.returncode != 0
    assert f"{bad}:{line_of(bad.read_text(), 'peek: mine')}: abilities.look_own.steps[0].peek" \
        in run.stdout
    run = check_rulesets(KOMBIO_YAML)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok" in run.stdout and "Kombio" in run.stdout and "70 cards" in run.stdout
    run = check_rulesets(KOMBIO_YAML, bad)          # one broken file is enough to fail
    assert run.returncode != 0 and run.stdout.count("ok ") == 1


# --- variants ------------------------------------------------------------------------------

def test_variants_override_parameters():
    ruleset = load_ruleset(KOMBIO_YAML)
    plain = ruleset.parameters(default_options(ruleset))
    for key, path, value in [("lock_in_duel", ("call", "lock_min_players"), 2),
                             ("ties_favour_caller", ("scoring", "tie_counts_as"), "lowest"),
                             ("own_cards_only", ("matching", "from_opponents"), False),
                             ("mandatory_abilities", ("abilities",), "mandatory")]:
        opts = default_options(ruleset)
        opts["variants"][key] = True
        params = ruleset.parameters(opts)
        node, base = params, plain
        for p in path[:-1]:
            node, base = node[p], base[p]
        assert node[path[-1]] == value and base[path[-1]] != value
        # nothing else changes
        changed = {k for k in params if params[k] != plain[k]}
        assert changed == {path[0]}
    assert ruleset.parameters(default_options(ruleset)) == plain            # a fresh dict every time
    lines = ruleset.parameters_in_force({**default_options(ruleset), "variants": {"own_cards_only": True}})
    assert "House rules on: Match your own cards only" in lines


NEW_VARIANT = """
  dealer_starts_and_no_give:
    label: Dealer starts, nothing given back
    description: The dealer plays first; matching an opponent's card gives nothing back.
    default: true
    set: {first_player: dealer, matching.give_after_opponent_match: never, call.name: CABO}
"""


def random_play(session, rng, limit=20000):
    game = session.game
    for _ in range(limit):
        if game.is_over():
            return
        seat = rng.choice(game.to_act())
        session.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError("the match did not end")


def test_a_new_variant_needs_no_python(tmp_path):
    text = kombio_with("id: kombio", "id: my-kombio").replace(
        "variants:\n", "variants:" + NEW_VARIANT, 1)
    write(tmp_path, "my-kombio.yaml", text)
    ruleset = find_ruleset("my-kombio", str(tmp_path))
    assert [v.key for v in ruleset.variants][0] == "dealer_starts_and_no_give"
    opts = default_options(ruleset)
    assert opts["variants"]["dealer_starts_and_no_give"] is True
    opts["match_end"] = {"mode": "rounds", "rounds": 2, "points": 100}
    session = Session.new(ruleset, [{"name": "A"}, {"name": "B"}, {"name": "C"}], opts, seed=5)
    game = session.game
    for s in range(3):
        session.apply(s, Action("look_start"))
    v = game.view(None)
    assert v.current == v.dealer == 0 and v.call_name == "CABO"     # the dealer starts
    random_play(session, random.Random(5))
    assert game.is_over() and len(game.view(None).history) == 2
    # the record replays from the folder, variant included
    again = Session.resume(session.to_json(), folder=str(tmp_path))
    assert again.game.view(None) == game.view(None)


CABO = """
id: cabo
name: Cabo (standard deck)
version: "0.1"
family: memory
players: {min: 2, max: 4}
cards:
  - {value: 0, label: "K", key: red_king, count: 2, name: Red King}
  - {value: 1, label: A, suits: all}
  - {value: 2, suits: all}
  - {value: 3, suits: all}
  - {value: 4, suits: all}
  - {value: 5, suits: all}
  - {value: 6, suits: all}
  - {value: 7, suits: all, ability: peek}
  - {value: 8, suits: all, ability: peek}
  - {value: 9, suits: all, ability: spy}
  - {value: 10, suits: all, ability: spy}
  - {value: 11, label: J, suits: all, ability: swap}
  - {value: 12, label: Q, suits: all, ability: swap}
  - {value: 13, label: K, key: black_king, suits: [spades, clubs]}
abilities:
  peek: {name: Peek, steps: [{peek: own}]}
  spy: {name: Spy, steps: [{peek: other}]}
  swap: {name: Swap, steps: [{swap: any, own_pair: false}]}
layout: {rows: 2, cols: 2, look_at_start: [2, 3]}
rules:
  call: {name: CABO, lock_min_players: 2}
  scoring:
    caller_lowest: {caller: 0, others: 0}
    caller_not_lowest: {caller: 10, others: 0}
match_end: {modes: [points], default: points, points: 100}
"""


def test_a_cabo_ruleset_on_a_standard_deck_needs_no_python(tmp_path):
    """DESIGN.md: "(Example to keep working: a Cabo ruleset on a standard 52-card deck on the
    memory family.)" """
    path = write(tmp_path, "cabo.yaml", CABO)
    ruleset = load_ruleset(str(path))
    assert ruleset.deck_size() == 52 and ruleset.family == "memory"
    opts = default_options(ruleset)
    for seed in range(3):
        session = Session.new(ruleset, [{"name": "A"}, {"name": "B"}], opts, seed=seed)
        random_play(session, random.Random(seed))
        assert max(session.game.scores()) >= 100


# --- issue 8, item 3: rules that cannot end are refused; play has a safety net ---------------



def shift_values(text, by):
    """Every card's value moved by `by` (keys stay distinct: they default to the value)."""
    return re.sub(r"\{value: (-?\d+),", lambda m: f"{{value: {int(m.group(1)) + by},", text)


NO_BONUS = {"caller_lowest: {caller: 0, others: 10}": "caller_lowest: {caller: 0, others: 0}",
            "caller_not_lowest: {caller: 15, others: 0}": "caller_not_lowest: {caller: 0, others: 0}"}


def replaced(text, changes):
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


NON_POSITIVE = shift_values(KOMBIO_TEXT, -14)          # -15 .. 0


@pytest.mark.parametrize("text, key, expected", [
    (kombio_with("players: {min: 2, max: 6}", "players: {min: 1, max: 6}"), "players.min",
     "a match needs at least 2 players; got 1"),
    (replaced(NON_POSITIVE, NO_BONUS),
     "match_end.modes", "a match to 100 points could never end: no round adds more than 0 to a total "
     "(a card is worth at most 0; a caller: at most 0, a hand of at most 0 plus a bonus of at most 0; "
     "everyone else: at most 0, a hand of at most 0 plus a bonus of at most 0), so totals never grow"),
    (kombio_with("limit: null ", "limit: -6 "), "rules.call.limit",
     "no hand of 4 cards can be at or under -6 points (the lowest possible hand is -3), "
     "so every call would fail"),
    (kombio_with("  points: 100\n", "  points: 10000\n"), "match_end.points",
     "expected a whole number from 1 to 1000; got 10000"),
])
def test_rules_that_cannot_end_are_refused_with_a_reason(tmp_path, text, key, expected):
    err, msg = broken(tmp_path, text)
    assert err.key == key and msg.endswith(f"{key}: {expected}"), msg
    assert err.line == line_of(text, key.split(".")[-1] + ":")


def test_a_house_rule_that_stops_totals_growing_is_refused_at_its_set(tmp_path):
    text = NON_POSITIVE.replace("caller_lowest: {caller: 0, others: 10}", "caller_lowest: {caller: 0, others: 0}")
    assert load_ruleset(str(write(tmp_path, "ok.yaml", text)))     # +15 for a beaten caller: totals grow
    text = text.replace("set: {scoring.tie_counts_as: lowest}", "set: {scoring.caller_not_lowest.caller: 0}")
    err, msg = broken(tmp_path, text)
    assert err.key == "variants.ties_favour_caller.set" and "could never end" in msg
    assert err.line == line_of(text, "scoring.caller_not_lowest.caller: 0")


def never_call(session, limit=100_000):
    """Play a match where nobody ever calls: draw, discard, skip and pass; the match must end."""
    game = session.game
    prefer = ("look_start", "next_round", "discard", "skip", "pass")
    for _ in range(limit):
        if game.is_over():
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        pick = next((a for a in legal if a.kind in prefer), None) or \
            next((a for a in legal if a.kind == "draw" and a.choice == "deck"), None) or \
            next(a for a in legal if a.kind != "call")
        session.apply(seat, pick)
    raise AssertionError("the match did not end")


def test_a_round_nobody_calls_stops_at_the_turn_limit_with_a_note(tmp_path):
    text = kombio_with("    tie_counts_as: not_lowest", "    tie_counts_as: not_lowest\n"
                       "  limits: {turns_per_round: 60, rounds_per_match: 100}")
    ruleset = load_ruleset(str(write(tmp_path, "k.yaml", text)))
    opts = default_options(ruleset)
    opts["match_end"] = {"mode": "rounds", "rounds": 2, "points": 100}
    session = Session.new(ruleset, [{"name": "A"}, {"name": "B"}, {"name": "C"}], opts, seed=4)
    never_call(session)
    game = session.game
    assert game.round_no == 2 and len(game.history) == 2
    assert all(r.note == "round stopped after 60 turns (the rules' limit)" for r in game.results)
    assert "limits.turns_per_round: 60" in ruleset.parameters_in_force()


def test_a_match_that_cannot_reach_its_target_stops_at_the_round_limit(tmp_path):
    """Totals that barely grow (one card worth 1) against a 1000-point target: the net ends it."""
    text = replaced(shift_values(KOMBIO_TEXT, -13), {   # -14 .. 1: only the two 14s are worth 1
        **NO_BONUS, "    tie_counts_as: not_lowest": "    tie_counts_as: not_lowest\n"
        "  limits: {turns_per_round: 50, rounds_per_match: 3}"})
    ruleset = load_ruleset(str(write(tmp_path, "k.yaml", text)))
    opts = default_options(ruleset)
    opts["match_end"] = {"mode": "points", "rounds": 5, "points": 1000}
    session = Session.new(ruleset, [{"name": "A"}, {"name": "B"}], opts, seed=2)
    never_call(session)
    game = session.game
    assert game.is_over() and game.round_no == 3 and max(game.scores()) < 1000
    assert all(r.note.endswith("match stopped after 3 rounds (the rules' limit)") for r in game.results)


def test_simulate_reports_a_stuck_match_without_a_traceback(capsys, monkeypatch):
    from game.lab import simulate
    monkeypatch.setattr(simulate, "MAX_ACTIONS_PER_ROUND", 5)    # every match now looks stuck
    assert simulate.simulate_main("kombio", 2, 2, 7, None, False, jobs=1) == 1
    out = capsys.readouterr().out
    assert "2 match(es) did not end normally" in out
    assert "match seed 7, round 1: 5 actions without the round ending" in out
    assert "Traceback" not in out


# --- item 4: text the table cannot draw ------------------------------------------------------

@pytest.mark.parametrize("old, new, key, expected", [
    ("name: Kombio\n", 'name: "Kom\\0bio"\n', "name", "control character U+0000 at character 4"),
    ("    name: KOMBIO\n", '    name: "KOM\\x07BIO"\n', "rules.call.name", "control character U+0007"),
    ("    label: Lock the caller in 1v1 too\n", '    label: "Lock\\tthe caller"\n',
     "variants.lock_in_duel.label", "printable text on one line; got the control character U+0009"),
    ("  - {value: 3, count: 5}\n", '  - {value: 3, count: 5, label: "3\\u0085"}\n', "cards[4].label",
     "control character U+0085"),
    ("name: Kombio\n", "name: " + "K" * 61 + "\n", "name", "expected at most 60 characters; got 61"),
    ("    name: KOMBIO\n", "    name: " + "K" * 21 + "\n", "rules.call.name",
     "expected at most 20 characters; got 21"),
    ("  - {value: 3, count: 5}\n", "  - {value: 3, count: 5, label: ABCDEFGHIJKLM}\n", "cards[4].label",
     "expected at most 12 characters; got 13"),
])
def test_text_that_cannot_be_drawn_is_refused(tmp_path, old, new, key, expected):
    text = kombio_with(old, new)
    err, msg = broken(tmp_path, text)
    assert err.key == key and expected in msg, msg
    assert err.line == line_of(text, new.strip().split("\n")[0])


def test_line_breaks_are_fine_where_text_runs_over_lines(tmp_path):
    text = kombio_with("    description: The caller's hand is locked even in a two-player game.\n",
                       '    description: "The caller\'s hand is locked.\\n\\tEven in a duel."\n')
    ruleset = load_ruleset(str(write(tmp_path, "k.yaml", text)))
    assert ruleset.variants[0].description == "The caller's hand is locked.\n\tEven in a duel."


# --- item 6: text keys keep the text as written ----------------------------------------------

def test_text_keys_keep_the_text_as_written(tmp_path):
    text = kombio_with('version: "1.0"', "version: 1.10").replace("name: Kombio\n", "name: 1:30\n", 1)
    text = text.replace("  - {value: 3, count: 5}\n", "  - {value: 3, count: 5, label: 07, key: 0x1f}\n")
    text = text.replace("set: {call.lock_min_players: 2}", "set: {call.name: 2.50}")
    text = text.replace("    name: KOMBIO\n", "    name: yes\n")
    ruleset = load_ruleset(str(write(tmp_path, "k.yaml", text)))
    assert (ruleset.version, ruleset.name) == ("1.10", "1:30")
    card = next(c for c in ruleset.cards if c.value == 3)
    assert (card.label, card.key) == ("07", "0x1f")
    assert ruleset.rules["call"]["name"] == "yes"
    opts = default_options(ruleset)
    opts["variants"]["lock_in_duel"] = True
    assert ruleset.parameters(opts)["call"]["name"] == "2.50"
    # numbers stay numbers where numbers are meant
    assert ruleset.match_end.points == 100 and card.count == 5


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(os.path.join(ROOT, "rulesets")) if f.endswith(".yaml")))
def test_a_shipped_ruleset_still_loads_after_a_standard_yaml_tool_rewrote_it(name, tmp_path):
    """A player may edit a ruleset with any YAML tool. A key such as `on:` reads as the boolean
    true in YAML 1.1 (PyYAML's safe_load), and written back it becomes `true:`, an unknown key:
    the Kumbal ruleset had one. Every shipped ruleset must come through the round trip."""
    import yaml
    with open(os.path.join(ROOT, "rulesets", name), encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert load_ruleset(str(path)).id == data["id"]


def test_a_ruleset_is_found_in_any_case_and_an_id_is_lower_case(tmp_path):
    """Issue 33 (4): Windows and macOS name files without regard to case, so a ruleset is found by
    its id in any case; an id itself is lower-case, so no two files' ids differ only in case (a
    file that tries is refused with its line)."""
    from game.engine.ruleset import find_ruleset
    assert find_ruleset("KOMBIO").id == find_ruleset("Kombio").id == "kombio"
    import shutil
    from game.engine.ruleset import load_all, rulesets_dir
    text = open(os.path.join(rulesets_dir(), "kumbal.yaml"), encoding="utf-8").read()
    (tmp_path / "Kumbal.yaml").write_text(text.replace("id: kumbal", "id: Kumbal"), encoding="utf-8")
    shutil.copy(os.path.join(rulesets_dir(), "kumbal.yaml"), tmp_path / "kumbal.yaml")
    entries = {os.path.basename(e.path): e for e in load_all(str(tmp_path))}
    assert entries["kumbal.yaml"].ok and find_ruleset("KUMBAL", str(tmp_path)).id == "kumbal"
    assert not entries["Kumbal.yaml"].ok and "lower-case" in entries["Kumbal.yaml"].error
