"""Sound cues: the committed files, the player that never fails, the setting, and which events sound.

The mixer runs for real under SDL_AUDIODRIVER=dummy (conftest); a mixer that
cannot start is forced with a driver that does not exist, in a fresh process.
"""
import os
import subprocess
import sys
import textwrap
import wave
from array import array

import pygame
import pytest

from game.lab.simulate import merge_options, run_match
from game.engine.core import Action
from game.engine.session import Session
from game.store import settings as settings_store
from game.store.settings import Settings
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.sound import NAMES, Sounds
from game.ui.summary import RoundSummaryScene
from game.ui.families.memory.sounds import PRIORITY, cue_for
import rigging
import rigging_memory
from rigging_memory import pass_all, play, rigged

ROOT = rigging.ROOT
SOUNDS = os.path.join(ROOT, "assets", "sounds")
DRAW, DISCARD, PASS, CALL = Action("draw", choice="deck"), Action("discard"), Action("pass"), Action("call")


def samples(path):
    with wave.open(path, "rb") as f:
        assert (f.getnchannels(), f.getsampwidth()) == (1, 2), path
        data = array("h", f.readframes(f.getnframes()))
        return data, f.getframerate()


# ---- the files ----

def test_every_cue_is_a_small_committed_file_listed_in_licences():
    licences = open(os.path.join(ROOT, "assets", "LICENSES"), encoding="utf-8").read()
    assert set(NAMES) == set(PRIORITY)
    for name in NAMES:
        path = os.path.join(SOUNDS, name + ".wav")
        data, rate = samples(path)
        assert os.path.getsize(path) < 64 * 1024
        assert 0.1 < len(data) / rate < 1.0, f"{name}: a cue is short"
        assert max(abs(v) for v in data) > 8000, f"{name}: audible"
        assert f"assets/sounds/{name}.wav" in licences


def test_the_committed_sounds_are_what_the_script_makes(tmp_path):
    # the script is the source: a hand-edited or stale WAV shows up here
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make_sounds.py"), str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert sorted(os.listdir(tmp_path)) == sorted(n + ".wav" for n in NAMES)
    for name in NAMES:
        made, _ = samples(str(tmp_path / (name + ".wav")))
        kept, _ = samples(os.path.join(SOUNDS, name + ".wav"))
        assert len(made) == len(kept), name
        # a last-bit difference in math.sin on another platform is not a change
        assert max(abs(a - b) for a, b in zip(made, kept)) <= 1, name


# ---- the player ----

def test_each_cue_plays_under_the_dummy_audio_driver():
    sounds = Sounds(lambda: True)
    for name in NAMES:
        assert sounds.play(name), name
        assert sounds._loaded[name].get_num_channels() >= 1, f"{name} is not playing"
    assert sounds.ready is True
    assert list(sounds.played) == list(NAMES)
    assert sounds.play(None) is False


def test_with_the_setting_off_nothing_is_started_or_loaded():
    setting = Settings(sound=False)
    sounds = Sounds(lambda: setting.sound)
    assert not any(sounds.play(name) for name in NAMES)
    assert sounds.ready is None and sounds._loaded == {}     # the mixer was never even tried
    setting.sound = True                                       # the settings screen turns it on
    assert sounds.play("call")


def test_a_missing_or_damaged_file_costs_only_its_cue(tmp_path):
    (tmp_path / "call.wav").write_bytes(b"RIFF\x00\x00not a wave file at all")
    with open(os.path.join(SOUNDS, "match_ok.wav"), "rb") as src:
        (tmp_path / "match_ok.wav").write_bytes(src.read())
    sounds = Sounds(lambda: True, folder=tmp_path)
    assert sounds.play("call") is False          # damaged
    assert sounds.play("round_end") is False     # missing
    assert sounds.play("call") is False          # and not read again
    assert sounds._loaded["call"] is None
    assert sounds.play("match_ok") is True
    assert list(sounds.played) == ["match_ok"]


def test_a_mixer_that_cannot_start_is_silent_and_costs_no_time():
    # A fresh interpreter with an audio driver that does not exist: mixer.init fails for real.
    script = textwrap.dedent("""
        import time
        from game.ui.sound import NAMES, Sounds
        sounds = Sounds(lambda: True)
        first = sounds.play("your_turn")
        start = time.perf_counter()
        later = [sounds.play(name) for _ in range(200) for name in NAMES]
        print(first, any(later), sounds.ready, round(time.perf_counter() - start, 4))
    """)
    env = {**os.environ, "SDL_AUDIODRIVER": "no_such_driver", "PYTHONPATH": ROOT}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    first, any_later, ready, seconds = out.stdout.split()
    assert (first, any_later, ready) == ("False", "False", "False")
    assert float(seconds) < 0.05, "1200 cues after a failed start must cost nothing"


# ---- the setting on disk ----

@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def test_an_old_settings_file_without_sound_loads_with_sound_on(data_dir):
    (data_dir / "settings.json").write_text('{"animation_speed": "fast", "memory_aid": true}')
    loaded, warning = settings_store.load()
    assert warning is None
    assert loaded.sound is True and loaded.animation_speed == "fast"


def test_a_bad_sound_value_falls_back_and_says_so(data_dir):
    (data_dir / "settings.json").write_text('{"sound": "off", "show_log": false}')
    loaded, warning = settings_store.load()
    assert loaded.sound is True and loaded.show_log is False
    assert "sound" in warning
    settings_store.save(Settings(sound=False))
    assert settings_store.load()[0].sound is False


# ---- which events sound: real events from rigged Kombio games ----

def test_a_discard_opens_a_race_and_a_correct_match_dings():
    game = rigged(3, current=0, hands={1: [5, None, None, None]}, deck=[5])
    assert cue_for(play(game, (0, DRAW)), [0]) is None
    assert cue_for(play(game, (0, DISCARD)), [0]) == "race_open"
    assert cue_for(play(game, (1, Action("match", pos=(1, 0)))), [0]) == "match_ok"


def test_a_wrong_match_buzzes():
    game = rigged(3, current=0, hands={1: [6, None, None, None]}, deck=[5])
    play(game, (0, DRAW), (0, DISCARD))
    events = play(game, (1, Action("match", pos=(1, 0))))
    assert any(e.kind == "penalty" for e in events)
    assert cue_for(events, [0]) == "match_wrong"


def test_your_turn_sounds_for_the_only_human_and_waits_for_the_pass_screen_with_several():
    game = rigged(3, current=2, deck=[3])
    play(game, (2, DRAW), (2, DISCARD))
    events = pass_all(game)
    assert [e.seat for e in events if e.kind == "turn"] == [0]
    assert cue_for(events, [0]) == "your_turn"
    assert cue_for(events, [1]) is None          # someone else's turn
    assert cue_for(events, [0, 1]) is None       # pass-and-play: TableScene._passed does it


def test_a_call_and_the_round_end_have_their_cues():
    game = rigged(2, current=0, deck=[3, 4])
    assert cue_for(play(game, (0, CALL)), [0]) == "call"
    play(game, (1, DRAW), (1, DISCARD))
    events = pass_all(game)
    assert any(e.kind == "round_over" for e in events)
    assert cue_for(events, [0, 1]) == "round_end"


# ---- which events sound: whole bot matches of every memory game ----

@pytest.mark.parametrize("ruleset_id", ["kombio", "cambio", "cambio-classic"])
def test_whole_matches_sound_every_round_end_and_only_the_humans_turns(ruleset_id):
    ruleset = rigging.load(ruleset_id)
    options = merge_options(ruleset, {"match_end": {"mode": "rounds", "rounds": 2}})
    heard = set()
    for seed in (1, 2):
        played = run_match(ruleset, ["easy", "normal", "easy"], seed, options, keep_session=True).session
        replay = Session(ruleset, played.seats, played.options, played.match.seed)
        rounds = 0
        for seat, action in played.match.actions:
            events = replay.apply(seat, action)
            cue = cue_for(events, [1])
            heard.add(cue)
            kinds = {e.kind for e in events}
            rounds += "round_over" in kinds
            assert (cue == "round_end") == ("round_over" in kinds)
            if cue == "your_turn":
                assert any(e.kind == "turn" and e.seat == 1 for e in events)
            if "call" in kinds and "round_over" not in kinds:
                assert cue == "call"
        assert rounds == 2
    # bots match only cards they know, so no wrong match here: test_a_wrong_match_buzzes rigs one
    expected = set(NAMES) - {"match_wrong"}
    assert heard - {None} == expected, f"{ruleset_id}: never heard {expected - heard}"


# ---- through the table and the real event loop ----

def make_app(**settings):
    return App(size=(1280, 800), fixed_dt=0.05, strict=True,
               settings=Settings(animation_speed="instant", **settings), save_settings=False)


def play_a_turn(app):
    """Kombio, Ana against a bot: wait for Ana's turn, draw (D) and discard (click); return the driver."""
    ruleset = rigging_memory.kombio()
    session = Session.new(ruleset, [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai"}],
                          merge_options(ruleset, None), 4)
    app.open_table(session)
    d = Driver(app)
    ready = lambda: d.table.ctrl.input_seat() == 0 and d.table.ctrl.public().phase == "turn"  # noqa: E731
    assert d.until(ready, 2000)
    d.key(pygame.K_d)
    assert session.game.phase == "drawn"
    d.click(d.centre_of("discard"))
    return d


def test_the_table_sounds_the_turn_and_the_race_it_opens():
    app = make_app()
    d = play_a_turn(app)
    assert "your_turn" in app.sound.played
    assert d.table.ctrl.public().phase == "window"       # seed 4: no ability on the discarded card
    assert app.sound.played[-1] == "race_open"


def test_in_pass_and_play_your_turn_sounds_when_the_pass_screen_is_confirmed():
    from game.ui.pass_screen import PassScene
    app = make_app()
    ruleset = rigging_memory.kombio()
    session = Session.new(ruleset, [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "human"}],
                          merge_options(ruleset, None), 4)
    app.open_table(session)
    d = Driver(app)
    assert d.until(lambda: isinstance(app.top, PassScene), 500)
    heard = list(app.sound.played)
    d.confirm_pass()
    assert list(app.sound.played) == heard + ["your_turn"]


def test_the_table_is_silent_with_sound_off_and_sounds_once_turned_on():
    app = make_app(sound=False)
    d = play_a_turn(app)
    assert list(app.sound.played) == [] and app.sound.ready is None
    app.settings.sound = True
    app.sound.play("your_turn")
    assert list(app.sound.played) == ["your_turn"]
    assert not isinstance(app.top, RoundSummaryScene)


def test_a_burst_of_cues_never_runs_out_of_channels():
    # bots at speed "instant" can make more cues in a second than the mixer has channels
    sounds = Sounds(lambda: True)
    started = [sounds.play("round_end") for _ in range(3 * pygame.mixer.get_num_channels())]
    assert all(started)


def test_the_selftest_finds_every_cue_and_names_a_missing_one(tmp_path):
    from game.selftest import check_sounds
    assert check_sounds() == []
    for name in NAMES[1:]:
        with open(os.path.join(SOUNDS, name + ".wav"), "rb") as src:
            (tmp_path / (name + ".wav")).write_bytes(src.read())
    (tmp_path / "match_ok.wav").write_bytes(b"garbage")
    problems = check_sounds(tmp_path)
    assert len(problems) == 2
    assert "your_turn.wav" in problems[0] and "match_ok.wav" in problems[1]
