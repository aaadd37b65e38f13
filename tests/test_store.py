"""game.store on real files: atomic writes, broken files moved aside, settings rules."""

import json
import os

import pytest

from game import paths
from game.store import StoreError, saves, settings, stats
from game.store.atomic import atomic_write_json, move_aside, read_json
from game.store.settings import Settings

GARBAGE = b'{"animation_speed": "fast", oops\x00\xff not json'


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A fresh, empty user data folder for one test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder


def broken_copies(folder, name):
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".broken-"))


# --- paths -------------------------------------------------------------------

def test_user_data_dir_uses_env_and_is_created(data_dir):
    assert not data_dir.exists()
    assert paths.user_data_dir() == data_dir
    assert data_dir.is_dir()


def test_resource_path_finds_repo_files_and_follows_meipass(monkeypatch, tmp_path):
    assert paths.resource_path("assets", "fonts", "DejaVuSans.ttf").is_file()
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert paths.resource_path("rulesets", "x.yaml") == tmp_path / "rulesets" / "x.yaml"


# --- atomic ------------------------------------------------------------------

def test_atomic_write_leaves_only_the_target(data_dir):
    target = data_dir / "sub" / "thing.json"
    for i in range(3):
        atomic_write_json(target, {"i": i, "text": "Ana ♠"})
    assert [p.name for p in target.parent.iterdir()] == ["thing.json"]
    assert read_json(target) == {"i": 2, "text": "Ana ♠"}


def test_failed_atomic_write_keeps_old_file_and_leaves_no_temp(data_dir):
    target = data_dir / "thing.json"
    atomic_write_json(target, {"ok": True})
    with pytest.raises(TypeError):
        atomic_write_json(target, {"bad": object()})  # fails before any file is touched
    with pytest.raises(ValueError):
        atomic_write_json(target, {"bad": float("nan")})  # NaN is not JSON
    assert [p.name for p in data_dir.iterdir()] == ["thing.json"]
    assert read_json(target) == {"ok": True}


def test_write_into_unwritable_place_raises_store_error(data_dir):
    data_dir.mkdir(parents=True)
    blocker = data_dir / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="Could not write"):
        atomic_write_json(blocker / "inside.json", {})  # parent is a file, not a folder


def test_read_json_missing_is_none(data_dir):
    assert read_json(data_dir / "nothing.json") is None


def test_read_json_moves_broken_file_aside_and_names_both(data_dir):
    data_dir.mkdir(parents=True)
    target = data_dir / "x.json"
    target.write_bytes(GARBAGE)
    with pytest.raises(StoreError) as info:
        read_json(target)
    (moved,) = broken_copies(data_dir, "x.json")
    assert info.value.moved_to == moved
    assert str(target) in str(info.value) and moved.name in str(info.value)
    assert moved.read_bytes() == GARBAGE
    assert not target.exists()


def test_move_aside_never_overwrites(data_dir):
    data_dir.mkdir(parents=True)
    target = data_dir / "x.json"
    for content in (b"one", b"two", b"three"):
        target.write_bytes(content)
        move_aside(target)
    assert sorted(p.read_bytes() for p in broken_copies(data_dir, "x.json")) == [b"one", b"three", b"two"]


# --- settings ----------------------------------------------------------------

def test_settings_defaults_when_no_file(data_dir):
    assert settings.load() == (Settings(), None)
    assert Settings() == Settings("normal", False, (1280, 800), False, True)


def test_settings_round_trip(data_dir):
    chosen = Settings(animation_speed="instant", memory_aid=True, window_size=(1600, 900),
                      fullscreen=True, show_log=False, hard_seconds=0.25, bot_reactions="slower")
    settings.save(chosen)
    assert settings.load() == (chosen, None)
    assert [p.name for p in data_dir.iterdir()] == ["settings.json"]


def test_settings_invalid_values_fall_back_per_key(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({
        "animation_speed": "turbo",      # not one of the four
        "memory_aid": True,              # valid: kept
        "window_size": [10, "800"],      # wrong types
        "fullscreen": "false",           # a string, not a bool
        "show_log": False,               # valid: kept
        "hard_seconds": 2,               # not one of 0.25, 1, 3
        "bot_reactions": 1.6,            # the factor, not one of its names
        "from_the_future": 42,           # unknown: not used, so reported and kept in the copy
    }))
    original = (data_dir / "settings.json").read_bytes()
    loaded, warning = settings.load()
    assert loaded == Settings(memory_aid=True, show_log=False)
    for key in ("animation_speed", "window_size", "fullscreen", "hard_seconds", "bot_reactions", "from_the_future"):
        assert key in warning
    assert "memory_aid" not in warning
    (copy,) = broken_copies(data_dir, "settings.json")
    assert copy.read_bytes() == original and copy.name in warning


@pytest.mark.parametrize("size", [[1280], [1280, 800, 1], [100, 100], [True, 800], "1280x800", None])
def test_settings_bad_window_sizes(data_dir, size):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({"window_size": size, "fullscreen": True}))
    loaded, warning = settings.load()
    assert loaded.window_size == (1280, 800) and loaded.fullscreen is True
    assert "window_size" in warning


@pytest.mark.parametrize("value, kept", [(3, 3.0), (0.25, 0.25), (True, None), ("1", None), (0, None)])
def test_settings_hard_bots_think_one_of_three_budgets(data_dir, value, kept):
    """Issue 12: "a time budget per decision (a setting: 0.25 s, 1 s default, 3 s)"."""
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({"hard_seconds": value}))
    loaded, warning = settings.load()
    assert loaded.hard_seconds == (kept if kept is not None else 1.0)
    assert (warning is None) == (kept is not None)


def test_settings_save_refuses_invalid_value(data_dir):
    with pytest.raises(ValueError, match="animation_speed"):
        settings.save(Settings(animation_speed="warp"))
    assert not (data_dir / "settings.json").exists()


@pytest.mark.parametrize("content", [GARBAGE, b"", b"[1, 2, 3]", b'"normal"'])
def test_corrupt_settings_moved_aside_with_warning(data_dir, content):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_bytes(content)
    loaded, warning = settings.load()
    assert loaded == Settings()
    (moved,) = broken_copies(data_dir, "settings.json")
    assert moved.read_bytes() == content
    assert "settings.json" in warning and moved.name in warning
    # The next start is clean, and saving works again.
    assert settings.load() == (Settings(), None)
    settings.save(Settings(fullscreen=True))
    assert settings.load()[0].fullscreen is True


# --- current match save ------------------------------------------------------

MATCH = {"ruleset": "kombio", "version": "1", "options": {}, "seed": 7,
         "seats": [{"name": "Ana", "kind": "human"}], "actions": [[0, {"kind": "draw"}]]}


def test_save_round_trip_and_format_key(data_dir):
    assert saves.load_current() == (None, None)
    saves.save_current(MATCH)
    on_disk = json.loads((data_dir / "current_match.json").read_text())
    assert on_disk["format"] == 1
    assert saves.load_current() == (MATCH, None)
    saves.clear_current()
    assert saves.load_current() == (None, None)
    saves.clear_current()  # nothing to clear: still fine


@pytest.mark.parametrize("content", [GARBAGE, b"[]", json.dumps({**MATCH, "format": 99}).encode(),
                                     json.dumps(MATCH).encode()])
def test_corrupt_save_moved_aside_with_warning(data_dir, content):
    data_dir.mkdir(parents=True)
    (data_dir / "current_match.json").write_bytes(content)
    match, warning = saves.load_current()
    assert match is None
    (moved,) = broken_copies(data_dir, "current_match.json")
    assert moved.read_bytes() == content
    assert "current_match.json" in warning and moved.name in warning


def test_set_aside_current_keeps_the_file(data_dir):
    assert saves.set_aside_current("no longer replays") is None
    saves.save_current(MATCH)
    warning = saves.set_aside_current("ruleset kombio changed version")
    assert "ruleset kombio changed version" in warning
    (moved,) = broken_copies(data_dir, "current_match.json")
    assert json.loads(moved.read_text())["seed"] == 7


# --- statistics --------------------------------------------------------------

def test_stats_record_and_reload(data_dir):
    assert stats.load() == (stats.empty(), None)
    assert stats.record_match("kombio", ["Ana", "Bot"], [3, 12], [0]) is None
    assert stats.record_match("kombio", ["Ana", "Bot"], [9, 5], ["Bot"]) is None
    assert stats.record_match("kombio", ["Ana", "Bot"], [2, 20], [0]) is None
    game = stats.load()[0]["games"]["kombio"]
    assert game["played"] == 3
    assert game["players"] == {"Ana": {"played": 3, "won": 2}, "Bot": {"played": 3, "won": 1}}
    assert (game["best_score"], game["best_by"], game["lower_is_better"]) == (2, "Ana", True)


def test_stats_high_score_games_and_explicit_direction(data_dir):
    stats.record_match("castle-combo", ["Ana", "Ben", "Cy"], [40, 55, 31], [1])
    stats.record_match("castle-combo", ["Ana", "Ben", "Cy"], [61, 50, 30], [0])
    stats.record_match("klobba", ["Ana", "Ben"], [10, 10], [0, 1], lower_is_better=False)
    games = stats.load()[0]["games"]
    assert (games["castle-combo"]["best_score"], games["castle-combo"]["best_by"]) == (61, "Ana")
    assert games["klobba"]["players"]["Ben"] == {"played": 1, "won": 1}
    assert games["klobba"]["best_score"] == 10


def test_stats_rejects_mismatched_lengths(data_dir):
    with pytest.raises(ValueError):
        stats.record_match("kombio", ["Ana", "Bot"], [3], [0])


@pytest.mark.parametrize("content", [GARBAGE, b"{}", b'{"format": 1, "games": []}'])
def test_corrupt_stats_moved_aside_and_recording_continues(data_dir, content):
    data_dir.mkdir(parents=True)
    (data_dir / "stats.json").write_bytes(content)
    warning = stats.record_match("kombio", ["Ana", "Bot"], [3, 12], [0])
    (moved,) = broken_copies(data_dir, "stats.json")
    assert moved.read_bytes() == content
    assert "stats.json" in warning and moved.name in warning
    assert stats.load() == ({"format": 1, "games": {"kombio": {
        "played": 1, "players": {"Ana": {"played": 1, "won": 1}, "Bot": {"played": 1, "won": 0}},
        "best_score": 3, "best_by": "Ana", "lower_is_better": True}}}, None)


def test_stats_one_damaged_game_is_reset_others_kept(data_dir):
    stats.record_match("kombio", ["Ana", "Bot"], [3, 12], [0])
    path = data_dir / "stats.json"
    data = json.loads(path.read_text())
    data["games"]["cambio"] = {"played": "lots"}
    path.write_text(json.dumps(data))
    loaded, warning = stats.load()
    assert "cambio" in warning
    assert list(loaded["games"]) == ["kombio"]


def test_no_temp_files_after_everything(data_dir):
    settings.save(Settings())
    saves.save_current(MATCH)
    stats.record_match("kombio", ["Ana"], [1], [0])
    assert sorted(os.listdir(data_dir)) == ["current_match.json", "settings.json", "stats.json"]
