"""Bad command lines get a clear message and exit 2, never a traceback (issue 8, item 13).

Every case is a real `python main.py ...` in a fresh process with the dummy
video driver and a throwaway data folder, as a player or a script runs it.
"""
import json
import os
import subprocess
import sys

import pytest

from rigging import ROOT


def main_py(*args, timeout=60, **env):
    """Run `python main.py args` and return the finished process (text output)."""
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *args], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                               "CARDTABLE_QUIT_AFTER_FIRST_FRAME": "1", **env})


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


REFUSED = {
    # the old MemoryError: a list of a trillion seeds
    "a trillion games": (["--simulate", "kombio", "--games", "1000000000000"],
                         "argument --games: must be from 1 to 1,000,000, got 1000000000000"),
    "no games": (["--simulate", "kombio", "--games", "0"], "argument --games: must be from 1"),
    "games not a number": (["--simulate", "kombio", "--games", "ten"],
                           "argument --games: expected a whole number, got 'ten'"),
    "jobs zero": (["--simulate", "kombio", "--jobs", "0"], "argument --jobs: must be from 1 to 256"),
    # the old behaviour opened the window
    "an empty game to simulate": (["--simulate", ""], "argument --simulate: expected a ruleset id"),
    "a blank game to simulate": (["--simulate", "  "], "argument --simulate: expected a ruleset id"),
    "an empty game for the table": (["--game", ""], "argument --game: expected a ruleset id"),
    "players without simulate": (["--players", "3"], "--players only applies with --simulate, not with the menu"),
    "seats without game": (["--seats", "human,human"], "--seats only applies with --game, not with the menu"),
    "seats with simulate": (["--simulate", "kombio", "--seats", "human"],
                            "--seats only applies with --game, not with --simulate"),
    "game with simulate": (["--game", "kombio", "--simulate", "kombio"],
                           "argument --simulate: not allowed with argument --game"),
    "selftest with check": (["--selftest", "--check-rulesets"],
                            "argument --check-rulesets: not allowed with argument --selftest"),
    "selftest with game": (["--game", "kombio", "--selftest"], "argument --selftest: not allowed with argument --game"),
    "json with check": (["--check-rulesets", "--json"], "--json only applies with --simulate or --review, not with --check-rulesets"),
    "bots with game": (["--game", "kombio", "--bots", "easy"], "--bots only applies with --simulate, not with --game"),
    "jobs with selftest": (["--selftest", "--jobs", "2"], "--jobs only applies with --simulate, not with --selftest"),
    "keep with game": (["--game", "kombio", "--keep"], "--keep only applies with --simulate, not with --game"),
    "seat with simulate": (["--simulate", "kombio", "--seat", "1"], "--seat only applies with --review, not with --simulate"),
    "deals with the menu": (["--deals", "3"], "--deals only applies with --review, not with the menu"),
    "review with game": (["--game", "kombio", "--review", "latest"], "argument --review: not allowed with argument --game"),
    "seed with the menu": (["--seed", "3"], "--seed only applies with --game or --simulate, not with the menu"),
    "a seat of an unknown kind": (["--game", "kombio", "--seats", "human,robot"],
                                  "seat 2: expected human, ai:easy, ai:normal, ai:hard, ai:random; got 'robot'"),
}


@pytest.mark.parametrize("args,words", REFUSED.values(), ids=REFUSED.keys())
def test_a_bad_command_line_is_refused_with_a_clear_message(args, words):
    out = main_py(*args, timeout=30)
    assert out.returncode == 2, out
    assert words in out.stderr, out.stderr
    assert "usage: main.py" in out.stderr and "Traceback" not in out.stderr
    assert out.stdout == ""


def test_jobs_beyond_the_matches_says_what_really_ran():
    out = main_py("--simulate", "kombio", "--players", "2", "--games", "4", "--jobs", "64")
    assert out.returncode == 0, out.stderr
    assert "(2 processes; --jobs 64 asked, 4 match(es) are too few for more)" in out.stdout
    out = main_py("--simulate", "kombio", "--players", "2", "--games", "3", "--jobs", "64", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["processes"] == 1


def test_jobs_that_fit_are_used_as_asked():
    out = main_py("--simulate", "kombio", "--players", "2", "--games", "4", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().endswith("(2 processes)")


def test_the_options_of_a_mode_still_work_together():
    out = main_py("--simulate", "kombio", "--players", "3", "--games", "2", "--seed", "5",
                  "--bots", "easy,normal,easy", "--jobs", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["players"], data["games"]) == (3, 2)
    assert [s["bot"] for s in data["seats"]] == ["easy", "normal", "easy"]
    table = main_py("--game", "kombio", "--seats", "human,ai:easy", "--seed", "3")
    assert table.returncode == 0 and "Traceback" not in table.stderr, table.stderr
