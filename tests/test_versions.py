"""One version, in one place (issue 33, 1): `main.py --version`, the window title, and the version
that wrote every kept file (a save, a past match, the statistics); a file a newer version wrote is
refused with a sentence, never misread, and never lost."""
import json
import os
import subprocess
import sys

import pygame
import pytest

from game import VERSION
from game.store import history, saves, stats
from game.store.atomic import StoreError
from game.store.versions import KEY, newer_problem, parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NEWER = "%d.0.0" % (parse(VERSION)[0] + 1)


def test_the_version_is_a_version_and_main_py_says_it():
    assert parse(VERSION) is not None
    out = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), "--version"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == f"Card Table {VERSION}"


def test_the_window_title_names_the_version(data_dir):
    from game.store.settings import Settings
    from game.ui.app import App
    App(size=(800, 600), fixed_dt=0.05, strict=True, settings=Settings(), save_settings=False)
    assert pygame.display.get_caption()[0] == f"Card Table {VERSION}"


def test_older_and_equal_versions_are_read_newer_and_damaged_ones_are_not():
    assert newer_problem({}, "it") is None                          # before versions were kept
    assert newer_problem({KEY: VERSION}, "it") is None
    assert newer_problem({KEY: "0.0.1"}, "it") is None
    assert "newer than this one" in newer_problem({KEY: NEWER}, "The file")
    assert "names no Card Table version" in newer_problem({KEY: "next"}, "The file")
    assert parse("1.10.0") > parse("1.9.9")                         # numbers, not text


def _match(seed=1):
    from game.lab.simulate import run_match
    from game.engine.ruleset import find_ruleset
    return run_match(find_ruleset("kombio"), ("normal", "easy"), seed, keep_session=True).session


def test_a_save_records_its_version_and_a_newer_save_is_set_aside_not_misread(data_dir):
    session = _match()
    saves.save_current(session.to_json())
    raw = json.loads(saves.current_path().read_text())
    assert raw[KEY] == VERSION
    match, warning = saves.load_current()
    assert warning is None and match == session.to_json()           # the key is not part of the match
    raw[KEY] = NEWER
    saves.current_path().write_text(json.dumps(raw))
    match, warning = saves.load_current()
    assert match is None and f"written by Card Table {NEWER}, newer than this one ({VERSION})" in warning
    assert not saves.current_path().exists()                        # a new match cannot overwrite it
    (kept,) = [p for p in saves.current_path().parent.iterdir() if p.name.startswith("current_match.json")]
    assert json.loads(kept.read_text()) == raw                      # nothing lost


def test_a_past_match_from_a_newer_version_is_left_in_place_and_said(data_dir):
    older, newer = history.keep(_match(1)), history.keep(_match(2))
    assert json.loads(older.read_text())[KEY] == VERSION
    data = json.loads(newer.read_text())
    data[KEY] = NEWER
    newer.write_text(json.dumps(data))
    found, warnings = history.past_matches()
    assert [p.path for p in found] == [older]
    assert len(warnings) == 1 and "newer than this one" in warnings[0] and "left where it is" in warnings[0]
    assert json.loads(newer.read_text()) == data                    # not moved, not changed


def test_statistics_from_a_newer_version_are_neither_read_nor_overwritten(data_dir):
    stats.record_match("kombio", ["Ana", "Bot"], [3, 12], [0])
    raw = json.loads(stats.stats_path().read_text())
    assert raw[KEY] == VERSION and raw["games"]["kombio"]["played"] == 1
    raw[KEY] = NEWER
    stats.stats_path().write_text(json.dumps(raw))
    with pytest.raises(StoreError, match="newer than this one"):
        stats.load()
    with pytest.raises(StoreError, match="newer than this one"):
        stats.record_match("kombio", ["Ana", "Bot"], [3, 12], [0])
    assert json.loads(stats.stats_path().read_text()) == raw
