"""Damaged data files never take the program down (issue 8, items 8-12), on real files and the real app.

Each damaged file is written into a fresh data folder the way an outside attack
left it (raw JSON text, Infinity and NaN included), then read by the code a
player runs: the menu, the statistics, the settings, the start of the app.
"""
import json
import os
import time

import pygame
import pytest

from game.engine.core import MAX_NAME_LENGTH
from game.engine.ruleset import find_ruleset
from game.engine.session import Session
from game.store import saves, settings, stats, tidy_data_folder
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.menu import MenuScene
from game.ui.stats_scene import StatsScene
from game.ui.table import TableScene

BIG_NAME = "A" * 1_000_000


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder


def broken_copies(folder, name):
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".broken-"))


def strict_json(text):
    """Parse as other tools would: NaN and Infinity are not JSON."""
    def refuse(token):
        raise ValueError(f"{token} in a data file")
    return json.loads(text, parse_constant=refuse)


def make_app(**kw):
    return App(size=(1280, 800), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
               save_settings=False, **kw)


def open_menu():
    """A fresh app at its menu, two frames in (the menu loads the save on the first update)."""
    app = make_app()
    app.open_menu()
    Driver(app).step(2)
    return app


def real_record(actions: int = 3) -> dict:
    """A real save: a Kombio match a few moves in, as the table writes it."""
    session = Session.new(find_ruleset("kombio"), [{"name": "Ana", "kind": "human"},
                                                   {"name": "Bot 2", "kind": "ai", "level": "normal"}], seed=7)
    for _ in range(actions):
        seat = session.game.to_act()[0]
        session.apply(seat, session.game.legal_actions(seat)[0])
    return {"format": saves.FORMAT, **session.to_json()}


def damaged_save(**changes) -> str:
    """The JSON text of a real save with some values replaced by raw JSON text (so Infinity stays Infinity)."""
    record = real_record()
    marks = {}
    for i, (key, raw) in enumerate(changes.items()):
        marks[f"@@{i}@@"] = raw
        record[key] = f"@@{i}@@"
    text = json.dumps(record)
    for mark, raw in marks.items():
        text = text.replace(json.dumps(mark), raw)
    return text


# --- item 8: the current match save ------------------------------------------------------------

DAMAGED_SAVES = {
    "seed Infinity": dict(seed="Infinity"),
    "seed NaN": dict(seed="NaN"),
    "seed a fraction": dict(seed="7.5"),
    "seed true": dict(seed="true"),
    "seats a number": dict(seats="5"),
    "seats empty": dict(seats="[]"),
    "seats text": dict(seats='["Ana", "Bot"]'),
    "actions a number": dict(actions="5"),
    "actions text": dict(actions='"draw"'),
    "action a number": dict(actions="[[0, 5]]"),
    "action seat true": dict(actions='[[true, {"kind": "look_start"}]]'),
    "action seat negative": dict(actions='[[-1, {"kind": "look_start"}]]'),
    "action pos text": dict(actions='[[0, {"kind": "look_start", "pos": "ab"}]]'),
    "ruleset a number": dict(ruleset="5"),
    "version null": dict(version="null"),
    "a 1 MB seat name": dict(seats=json.dumps([{"name": BIG_NAME}, {"name": "Bo"}])),
    "a NUL in a seat name": dict(seats=json.dumps([{"name": "A\u0000na"}, {"name": "Bo"}])),
    "a lone surrogate in a seat name": dict(seats='[{"name": "\\ud800"}, {"name": "Bo"}]'),
    "a 1 MB bot level": dict(seats=json.dumps([{"name": "Ana"}, {"name": "Bo", "kind": "ai", "level": BIG_NAME}])),
    "a 1 MB ruleset id": dict(ruleset=json.dumps(BIG_NAME)),
    "a NUL in the version": dict(version='"1\\u0000"'),
    "seed of 5,000 digits": dict(seed="9" * 5000),
    "seed 1e999": dict(seed="1e999"),
    "a seat of 5,000 digits": dict(actions='[[%s, {"kind": "look_start"}]]' % ("1" * 5000)),
    "seats nested 500 deep": dict(seats="[" * 500 + "]" * 500),
    "a match to a billion points": dict(options='{"match_end": {"mode": "points", "rounds": 5, '
                                                '"points": 1000000000}}'),
    "a match of 100 rounds": dict(options='{"match_end": {"mode": "rounds", "rounds": 100, "points": 100}}'),
}

# What Python says, never a player: exception names and the int-conversion limit's words.
PYTHON_WORDS = ("Error", "Exception", "Traceback", "string conversion", "Exceeds the limit", "sys.set_int")


def assert_plain(message):
    assert message and not any(word in message for word in PYTHON_WORDS), message


@pytest.mark.parametrize("changes", DAMAGED_SAVES.values(), ids=DAMAGED_SAVES.keys())
def test_a_damaged_save_is_reported_and_moved_aside_once_by_the_menu(data_dir, changes):
    text = damaged_save(**changes)
    (data_dir / "current_match.json").write_text(text)
    app = open_menu()                             # strict: any exception in the menu fails the test
    menu = app.top
    assert isinstance(menu, MenuScene) and not menu.resume_btn.visible
    (moved,) = broken_copies(data_dir, "current_match.json")
    assert moved.read_text() == text              # nothing lost
    assert not (data_dir / "current_match.json").exists()
    assert any("current_match.json" in t[0] and moved.name in t[0] for t in app.toasts), app.toasts
    for toast in app.toasts:
        assert_plain(toast[0])
    again = open_menu()                           # never retried: the next start is clean
    assert not again.top.resume_btn.visible and not again.toasts
    assert len(broken_copies(data_dir, "current_match.json")) == 1


def test_the_reason_names_what_is_damaged(data_dir):
    (data_dir / "current_match.json").write_text(damaged_save(seed="Infinity"))
    assert "seed must be a whole number, not inf" in saves.load_current()[1]
    (data_dir / "current_match.json").write_text(damaged_save(seats=json.dumps([{"name": BIG_NAME}])))
    warning = saves.load_current()[1]
    assert f"seat 1: the name is 1000000 characters long; at most {MAX_NAME_LENGTH}" in warning
    assert len(warning) < 500                     # the megabyte is not quoted back


def test_a_well_formed_save_that_no_longer_replays_is_set_aside_on_resume(data_dir):
    record = real_record()
    record["actions"].append([0, {"kind": "call", "choice": "nonsense"}])
    (data_dir / "current_match.json").write_text(json.dumps(record))
    app = open_menu()
    assert app.top.resume_btn.visible             # its shape is fine: offered with a label
    assert app.top.resume_btn.label == "Resume Kombio (Ana, Bot 2; 4 moves)"
    Driver(app).click(app.top.resume_btn.rect.center)
    assert isinstance(app.top, MenuScene) and not app.top.resume_btn.visible
    assert any("action 4 of the saved match no longer applies" in t[0] for t in app.toasts)
    assert len(broken_copies(data_dir, "current_match.json")) == 1
    assert not open_menu().top.resume_btn.visible


def test_a_real_save_still_resumes(data_dir):
    (data_dir / "current_match.json").write_text(json.dumps(real_record()))
    app = open_menu()
    Driver(app).click(app.top.resume_btn.rect.center)
    assert isinstance(app.top, TableScene) and len(app.top.session.match.actions) >= 3


def test_a_save_nested_too_deeply_or_a_fifo_is_moved_aside(data_dir):
    (data_dir / "current_match.json").write_text("[" * 100_000)
    assert "nested too deeply" in saves.load_current()[1]
    os.mkfifo(data_dir / "current_match.json")    # reading a FIFO would block the start forever
    match, warning = saves.load_current()
    assert match is None and "not a regular file" in warning
    assert len(broken_copies(data_dir, "current_match.json")) == 2


def test_a_saved_match_length_is_held_to_the_setup_screens_bounds(data_dir):
    """A ruleset allows 1-99 rounds and 1-1,000 points; a save asking for more is damaged, not resumed."""
    record = real_record()
    record["options"]["match_end"] = {"mode": "points", "rounds": 5, "points": 1_000_000_000}
    with pytest.raises(ValueError, match="match_end points: expected a whole number from 1 to 1000; "
                                         "got 1000000000"):
        Session.resume(record)
    (data_dir / "current_match.json").write_text(json.dumps(record))
    match, warning = saves.load_current()
    assert match is None and "from 1 to 1000; got 1000000000" in warning
    assert len(broken_copies(data_dir, "current_match.json")) == 1
    for end in ({"mode": "points", "rounds": 99, "points": 1000}, {"mode": "rounds", "rounds": 1, "points": 1}):
        record["options"]["match_end"] = end      # the bounds themselves resume
        assert Session.resume(record).options["match_end"] == end
        (data_dir / "current_match.json").write_text(json.dumps(record))
        match = dict(record)
        del match["format"]
        assert saves.load_current() == (match, None)


# --- item 9: statistics --------------------------------------------------------------------------

GOOD_KOMBIO = {"played": 3, "players": {"Ana": {"played": 3, "won": 2}, "Bot": {"played": 3, "won": 1}},
               "best_score": 2, "best_by": "Ana", "lower_is_better": True}
DAMAGED_STATS = """{"format": 1, "games": {
  "kombio": %s,
  "cambio": {"played": "12", "players": {"Ana": {"played": 4, "won": 1}}},
  "cabo": null,
  "kumbal": {"played": -3, "players": []},
  "klobba": {"played": 5, "players": {"Cy": {"played": 2, "won": 5}, "Di": {"played": 5, "won": 2},
                                      "Ed": {"played": -1, "won": 0}, "Fay": null}},
  "castle": {"played": 1, "players": {}, "best_score": NaN, "best_by": "Ana"},
  "klondike": {"played": 1, "players": {}, "best_score": -Infinity},
  "names": {"played": 2, "players": {"%s": {"played": 2, "won": 1}, "Gus\\u0000": {"played": 1, "won": 0},
                                     "Hana": {"played": 2, "won": 1}}},
  "%s": {"played": 1, "players": {}}
}}""" % (json.dumps(GOOD_KOMBIO), BIG_NAME, BIG_NAME)


def test_partly_damaged_stats_keep_what_is_valid_and_the_original(data_dir):
    path = data_dir / "stats.json"
    path.write_text(DAMAGED_STATS)
    loaded, warning = stats.load()
    games = loaded["games"]
    assert games["kombio"] == GOOD_KOMBIO
    # a damaged count is rebuilt from the players' records; a bad player record alone is dropped
    assert games["cambio"]["played"] == 4 and games["cambio"]["players"] == {"Ana": {"played": 4, "won": 1}}
    assert "cabo" not in games and "kumbal" not in games
    assert games["klobba"]["players"] == {"Di": {"played": 5, "won": 2}}
    assert games["castle"]["best_score"] is None and games["klondike"]["best_score"] is None
    assert games["names"]["players"] == {"Hana": {"played": 2, "won": 1}}
    assert BIG_NAME not in games
    for words in ("cambio: matches played is '12'", "cabo: the entry is None", "kumbal: players is []",
                  "won 5 of only 2 played", "player 'Ed'", "player 'Fay'", "best_score nan",
                  "best_score -inf", "the name is 1000000 characters long", "control character U+0000",
                  "the game id is 1000000 characters long"):
        assert words in warning, words
    assert len(warning) < 3000
    # the original is kept before anything is rewritten; the rewrite is strict JSON and loads clean
    (copy,) = broken_copies(data_dir, "stats.json")
    assert copy.read_text() == DAMAGED_STATS and copy.name in warning
    assert strict_json(path.read_text()) == loaded
    assert stats.load() == (loaded, None)


def test_many_damaged_records_are_counted_not_all_listed(data_dir):
    players = {f"P{i}": {"played": 1, "won": 2} for i in range(50)}
    (data_dir / "stats.json").write_text(json.dumps({"format": 1, "games": {"kombio": {
        "played": 1, "players": {"Ana": {"played": 1, "won": 1}, **players}}}}))
    loaded, warning = stats.load()
    assert loaded["games"]["kombio"]["players"] == {"Ana": {"played": 1, "won": 1}}
    assert "player 'P11'" in warning and "player 'P12'" not in warning and "; and 38 more" in warning


def test_after_a_nan_best_score_statistics_are_recorded_again(data_dir):
    # Before: NaN loaded, then every save failed (JSON cannot hold it), so nothing was ever recorded again.
    (data_dir / "stats.json").write_text('{"format": 1, "games": {"kombio": {"played": 1, "players": '
                                         '{"Ana": {"played": 1, "won": 1}}, "best_score": NaN}}}')
    assert "best_score nan" in stats.record_match("kombio", ["Ana", "Bo"], [3, 9], [0])
    assert stats.record_match("kombio", ["Ana", "Bo"], [1, 9], [0]) is None
    game = strict_json((data_dir / "stats.json").read_text())["games"]["kombio"]
    assert game["played"] == 3 and game["players"]["Ana"] == {"played": 3, "won": 3}
    assert (game["best_score"], game["best_by"]) == (1, "Ana")


def test_the_statistics_screen_opens_on_damaged_stats(data_dir):
    (data_dir / "stats.json").write_text(DAMAGED_STATS)
    app = open_menu()
    Driver(app).click(app.top.stats_btn.rect.center, frames=2)
    assert isinstance(app.top, StatsScene)
    assert any("Statistics in" in t[0] and "stats.json.broken-" in t[0] for t in app.toasts)
    assert BIG_NAME not in app.top.stats["games"]["names"]["players"]


# --- item 10: settings ---------------------------------------------------------------------------

def test_a_settings_file_holding_null_is_moved_aside_not_overwritten(data_dir):
    (data_dir / "settings.json").write_text("null")
    loaded, warning = settings.load()
    assert loaded == Settings()
    (moved,) = broken_copies(data_dir, "settings.json")
    assert moved.read_text() == "null" and "only null" in warning and moved.name in warning


def test_a_misspelt_setting_is_reported_and_the_original_kept(data_dir):
    text = '{"animaton_speed": "fast", "memory_aid": true}'
    (data_dir / "settings.json").write_text(text)
    loaded, warning = settings.load()
    assert loaded == Settings(memory_aid=True)
    assert "unknown setting 'animaton_speed'" in warning
    (copy,) = broken_copies(data_dir, "settings.json")
    assert copy.read_text() == text
    assert settings.load() == (loaded, None)       # reported once: the file now holds what is used
    assert len(broken_copies(data_dir, "settings.json")) == 1


def test_a_wrong_type_keeps_a_copy_too(data_dir):
    text = '{"fullscreen": "yes", "show_log": false}'
    (data_dir / "settings.json").write_text(text)
    loaded, warning = settings.load()
    assert loaded == Settings(show_log=False) and "fullscreen: 'yes' is not valid" in warning
    assert broken_copies(data_dir, "settings.json")[0].read_text() == text


def test_a_number_too_long_for_python_loses_only_its_own_setting(data_dir):
    """The attack: a window width of 5,000 digits is valid JSON that int() refuses (ValueError, not
    JSONDecodeError); before, the whole load raised, the valid values were lost and no copy was kept."""
    text = '{"animation_speed": "fast", "sound": false, "window_size": [%s, 800]}' % ("9" * 5000)
    path = data_dir / "settings.json"
    path.write_text(text)
    loaded, warning = settings.load()
    assert loaded == Settings(animation_speed="fast", sound=False)
    assert "window_size: [999999999999... (5,000 digits), 800] is not valid" in warning
    assert_plain(warning)
    (copy,) = broken_copies(data_dir, "settings.json")
    assert copy.read_text() == text and copy.name in warning
    assert settings.load() == (loaded, None)


def test_a_remembered_match_length_beyond_the_setup_screens_bounds_is_dropped(data_dir):
    """The setup screen starts a match with the remembered length: it must be one a save may hold."""
    (data_dir / "settings.json").write_text(json.dumps({"sound": False, "match_length": {
        "kombio": {"mode": "points", "rounds": 5, "points": 5000}}}))
    loaded, warning = settings.load()
    assert loaded == Settings(sound=False) and "match_length" in warning
    good = {"kombio": {"mode": "points", "rounds": 99, "points": 1000}}
    (data_dir / "settings.json").write_text(json.dumps({"match_length": good}))
    assert settings.load() == (Settings(match_length=good), None)


# --- numbers too long or too big, nestings too deep: every data file, every kind of value -------

# Valid JSON (or the NaN and Infinity Python's reader takes) that no value of ours can be.
HUGE = {
    "an int of 5,000 digits": "9" * 5000,
    "a negative int of 5,000 digits": "-" + "9" * 5000,
    "1e999": "1e999",
    "-1e999": "-1e999",
    "Infinity": "Infinity",
    "NaN": "NaN",
    "an array nested 500 deep": "[" * 500 + "]" * 500,
}
TOO_DEEP = "[" * 100_000 + "]" * 100_000


def with_raw(data, path: tuple, raw: str) -> str:
    """The JSON text of data with the value at path replaced by raw JSON text."""
    data = json.loads(json.dumps(data))
    inside = data
    for key in path[:-1]:
        inside = inside[key]
    inside[path[-1]] = "@@raw@@"
    return json.dumps(data).replace('"@@raw@@"', raw)


SETTING_PLACES = {"animation_speed": ("animation_speed",), "sound": ("sound",), "memory_aid": ("memory_aid",),
                  "hard_seconds": ("hard_seconds",), "window_size": ("window_size", 0),
                  "match_length": ("match_length", "kombio", "points")}


@pytest.mark.parametrize("raw", HUGE.values(), ids=HUGE.keys())
@pytest.mark.parametrize("key", SETTING_PLACES)
def test_a_huge_value_in_settings_loses_only_that_setting(data_dir, key, raw):
    good = {"animation_speed": "fast", "sound": False, "memory_aid": True, "hard_seconds": 3.0,
            "window_size": [1024, 700], "match_length": {"kombio": {"mode": "points", "rounds": 5, "points": 50}}}
    text = with_raw(good, SETTING_PLACES[key], raw)
    path = data_dir / "settings.json"
    path.write_text(text)
    loaded, warning = settings.load()
    expected, _ = Settings.from_json(good)
    setattr(expected, key, getattr(Settings(), key))
    assert loaded == expected
    assert_plain(warning)
    assert key in warning
    (copy,) = broken_copies(data_dir, "settings.json")
    assert copy.read_text() == text and copy.name in warning
    assert strict_json(path.read_text()) == expected.to_json()
    assert settings.load() == (expected, None)


STATS_PLACES = {
    "the format": ("format",),
    "the games": ("games",),
    "matches played": ("games", "kombio", "played"),
    "a player's record": ("games", "kombio", "players", "Ana"),
    "a player's matches": ("games", "kombio", "players", "Ana", "played"),
    "a player's wins": ("games", "kombio", "players", "Ana", "won"),
    "the best score": ("games", "kombio", "best_score"),
    "lower is better": ("games", "kombio", "lower_is_better"),
}


@pytest.mark.parametrize("raw", HUGE.values(), ids=HUGE.keys())
@pytest.mark.parametrize("place", STATS_PLACES.values(), ids=STATS_PLACES.keys())
def test_a_huge_value_in_stats_is_reported_and_the_next_match_is_recorded(data_dir, place, raw):
    """Before, an int of 5,000 digits made every later match end "Statistics could not be saved"."""
    text = with_raw({"format": 1, "games": {"kombio": GOOD_KOMBIO}}, place, raw)
    path = data_dir / "stats.json"
    path.write_text(text)
    loaded, warning = stats.load()
    assert_plain(warning)
    (copy,) = broken_copies(data_dir, "stats.json")
    assert copy.read_text() == text and copy.name in warning
    assert stats.record_match("kombio", ["Ana", "Bo"], [1, 9], [0]) is None
    game = strict_json(path.read_text())["games"]["kombio"]
    assert game["players"]["Bo"] == {"played": 1, "won": 0}
    assert game["played"] == loaded["games"].get("kombio", {"played": 0})["played"] + 1
    assert stats.load()[1] is None


SAVE_PLACES = {
    "the format": ("format",),
    "the seed": ("seed",),
    "the version": ("version",),
    "a seat's name": ("seats", 0, "name"),
    "an action's seat": ("actions", 0, 0),
    "an action's arg": ("actions", 0, 1, "args"),
    "the match length": ("options", "match_end", "points"),
    "a house rule": ("options", "variants", "lock_in_duel"),
}


@pytest.mark.parametrize("raw", HUGE.values(), ids=HUGE.keys())
@pytest.mark.parametrize("place", SAVE_PLACES.values(), ids=SAVE_PLACES.keys())
def test_a_huge_value_in_the_saved_match_sets_it_aside_with_a_sentence(data_dir, place, raw):
    """Whether the menu finds it (the record's shape) or the replay does (a house rule's value),
    the save is set aside once, the player reads a sentence, and nothing is deleted."""
    record = real_record()
    if place[-1] == "args":
        raw = '[["free", %s]]' % raw
    text = with_raw(record, place, raw)
    (data_dir / "current_match.json").write_text(text)
    app = open_menu()
    if app.top.resume_btn.visible:
        Driver(app).click(app.top.resume_btn.rect.center)
    assert isinstance(app.top, MenuScene) and not app.top.resume_btn.visible
    (moved,) = broken_copies(data_dir, "current_match.json")
    assert moved.read_text() == text and not (data_dir / "current_match.json").exists()
    assert any(moved.name in t[0] for t in app.toasts), app.toasts
    for toast in app.toasts:
        assert_plain(toast[0])
    assert not open_menu().toasts


@pytest.mark.parametrize("name,load", [("settings.json", settings.load), ("stats.json", stats.load),
                                       ("current_match.json", saves.load_current)])
def test_a_data_file_nested_too_deeply_is_moved_aside(data_dir, name, load):
    text = '{"format": 1, "games": %s, "seed": %s, "sound": %s}' % (TOO_DEEP, TOO_DEEP, TOO_DEEP)
    (data_dir / name).write_text(text)
    _, warning = load()
    assert "nested too deeply" in warning
    assert_plain(warning)
    (moved,) = broken_copies(data_dir, name)
    assert moved.read_text() == text and moved.name in warning
    assert load()[1] is None                       # reported once: the next start is clean


# --- item 11: temporary files left by a killed write ---------------------------------------------

def test_orphan_temporary_files_are_removed_at_start(data_dir):
    old = time.time() - 3600
    orphans = [data_dir / ".current_match.json.k2j3h4.tmp", data_dir / ".stats.json.x.tmp",
               data_dir / ".settings.json.abc.tmp"]
    young = data_dir / ".current_match.json.now.tmp"      # may be another copy's write in progress
    others = [data_dir / ".notes.txt.abc.tmp", data_dir / "mine.tmp"]
    for path in orphans + [young] + others:
        path.write_text('{"half": ')
    for path in orphans + others:
        os.utime(path, (old, old))
    App(size=(640, 480), fixed_dt=0.05, strict=True, save_settings=False)   # the start of the game
    assert not any(p.exists() for p in orphans)
    assert young.exists() and all(p.exists() for p in others)
    assert tidy_data_folder() == []


# --- item 12: an unusable data folder ------------------------------------------------------------

def test_a_data_folder_that_is_a_file_gives_one_plain_message_and_the_game_goes_on(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("I am a file")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(not_a_folder))
    app = App(size=(1024, 700), fixed_dt=0.05, strict=True)       # loads and saves settings for real
    assert isinstance(app.settings, Settings)
    assert any("Settings cannot be read" in t[0] and "it is a file, not a folder" in t[0] for t in app.toasts)
    app.open_menu()
    d = Driver(app)
    d.step(2)
    d.click(app.top.settings_btn.rect.center, frames=2)
    for _ in range(3):
        app.settings.memory_aid = not app.settings.memory_aid
        app.save_settings()
        d.step()
    said = [t[0] for t in app.toasts if t[0].startswith("Settings cannot be saved")]
    assert said == [f"Settings cannot be saved: the data folder {not_a_folder} cannot be used: "
                    f"it is a file, not a folder"]
    assert app.running and not_a_folder.read_text() == "I am a file"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a user that file modes bind")
def test_a_read_only_data_folder_says_settings_cannot_be_saved(data_dir):
    data_dir.chmod(0o500)
    try:
        app = App(size=(1024, 700), fixed_dt=0.05, strict=True)
        app.save_settings()
        app.save_settings()
    finally:
        data_dir.chmod(0o700)
    said = [t[0] for t in app.toasts if t[0].startswith("Settings cannot be saved")]
    assert len(said) == 1 and "Permission denied" in said[0]


def test_quitting_with_an_unusable_data_folder_exits_cleanly(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(not_a_folder))
    app = App(size=(1024, 700), fixed_dt=0.05, strict=True)
    app.open_menu()
    Driver(app).post(pygame.QUIT)
    app.step()
    assert not app.running and app.exit_code == 0
