"""Hostile and broken ruleset files (issue 8, items 1, 2 and 7): one bad file is one clear error.

The files of the outside attack are kept as fixtures (tests/fixtures/hostile/);
those that cannot be committed (a FIFO, a symlink to a device, a 50 MB file,
an alias bomb, 10,000-deep nesting, a folder) are made in tmp_path. Every
command that reads the rulesets folder is run for real on a copy of the
program whose rulesets/ holds them all next to the shipped ones.
"""
import os
import shutil
import subprocess
import sys
import time

import pytest

from game.engine.ruleset import MAX_BYTES, check_main, find_ruleset, load_all, load_ruleset
from game.engine.schema import RulesetError
from rigging import ROOT

HOSTILE = os.path.join(ROOT, "tests", "fixtures", "hostile")
SHIPPED = sorted(n for n in os.listdir(os.path.join(ROOT, "rulesets")) if n.endswith(".yaml"))

# fixture file -> (line, key, part of the message)
COMMITTED = {
    "unhashable_key.yaml": (2, "", "a key must be plain text"),
    "self_alias.yaml": (2, "name[0]", "the alias *a refers to itself"),
    "unknown_alias.yaml": (2, "name", "the alias *nowhere refers to itself or to no anchor"),
    "unknown_tag.yaml": (2, "name", "unknown tag '!custom'"),
    "python_tag.yaml": (2, "name", "unknown tag '!!python/object/apply:os.system'"),
    "bad_float.yaml": (2, "version", "expected a number; got 'abc'"),
    "bad_int.yaml": (2, "players.min", "expected a whole number; got 'three'"),
    "nul_in_name.yaml": (2, "name", "control character U+0000"),
    "two_documents.yaml": (2, "", "more than one document"),
    "broken_syntax.yaml": (3, "", "not valid YAML"),
    "latin1.yaml": (2, "", "is not UTF-8 text"),
}


def make_generated(folder) -> dict:
    """The hostile files git cannot hold, made in folder: name -> (line, key, part of the message)."""
    os.mkfifo(folder / "fifo.yaml")
    os.symlink("/dev/zero", folder / "zero.yaml")
    os.symlink("/dev/urandom", folder / "urandom.yaml")
    with open(folder / "huge.yaml", "wb") as fh:           # 50 MB (sparse: cheap to make)
        fh.truncate(50 * 1024 * 1024)
    (folder / "folder.yaml").mkdir()
    (folder / "deep.yaml").write_text("id: x\nname: " + "[" * 10_000 + "]" * 10_000 + "\n")
    bomb = ["id: x", "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 10):                                 # 9 ** 10 values once expanded
        prev, name = chr(ord("a") + i - 1), chr(ord("a") + i)
        bomb.append(f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]")
    (folder / "bomb.yaml").write_text("\n".join(bomb) + "\n")
    return {
        "fifo.yaml": (None, "", "is a FIFO (named pipe), not a ruleset file"),
        "zero.yaml": (None, "", "is a device, not a ruleset file"),
        "urandom.yaml": (None, "", "is a device, not a ruleset file"),
        "huge.yaml": (None, "", f"is 51,200 KB; a ruleset may be at most {MAX_BYTES // 1024} KB"),
        "folder.yaml": (None, "", "is a folder, not a ruleset file"),
        "deep.yaml": (2, "name" + "[0]" * 31, "nested more than 32 levels deep"),
        "bomb.yaml": (6, "e[1]", "values after expanding aliases"),
    }


@pytest.fixture
def hostile(tmp_path) -> dict:
    """A folder holding every hostile file: name -> expected (line, key, message part)."""
    for name in COMMITTED:
        shutil.copy(os.path.join(HOSTILE, name), tmp_path / name)
    return {**COMMITTED, **make_generated(tmp_path)}


def test_each_hostile_file_is_one_error_naming_file_line_and_key(tmp_path, hostile):
    for name, (line, key, part) in hostile.items():
        path = str(tmp_path / name)
        start = time.perf_counter()
        with pytest.raises(RulesetError) as info:
            load_ruleset(path)
        assert time.perf_counter() - start < 5, f"{name} took {time.perf_counter() - start:.1f} s"
        err = info.value
        where = f"{path}:{line}" if line else path
        assert str(err) == (f"{where}: {key}: {err.message}" if key else f"{where}: {err.message}")
        assert (err.line, err.key) == (line, key), (name, str(err))
        assert part in err.message, (name, str(err))


def test_a_megabyte_just_over_the_cap_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("id: x\nname: " + "a" * MAX_BYTES + "\n")
    with pytest.raises(RulesetError, match=f"at most {MAX_BYTES // 1024} KB"):
        load_ruleset(str(path))


def test_a_folder_of_hostile_files_keeps_every_good_ruleset(tmp_path, hostile):
    for name in SHIPPED:
        shutil.copy(os.path.join(ROOT, "rulesets", name), tmp_path / name)
    start = time.perf_counter()
    entries = load_all(str(tmp_path))
    assert time.perf_counter() - start < 10        # the attack's files hung or took minutes
    by_name = {os.path.basename(e.path): e for e in entries}
    assert {n for n, e in by_name.items() if e.ok} == set(SHIPPED)
    for name, (line, key, part) in hostile.items():
        assert part in by_name[name].error and by_name[name].error.startswith(str(tmp_path / name))
    # and the good ones still play
    from game.lab.simulate import run_match
    result = run_match(find_ruleset("kombio", str(tmp_path)), ["normal", "easy"], seed=3)
    assert result.rounds >= 1 and result.winners


# --- the commands, on a copy of the program whose rulesets/ holds the hostile files ---------

def program_copy(folder, rulesets: dict):
    """A runnable copy of Card Table in folder; rulesets: file name -> text (or None: shipped)."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copy(os.path.join(ROOT, "main.py"), folder / "main.py")
    shutil.copytree(os.path.join(ROOT, "game"), folder / "game", ignore=ignore)
    shutil.copytree(os.path.join(ROOT, "assets"), folder / "assets", ignore=ignore)
    (folder / "rulesets").mkdir()
    for name, text in rulesets.items():
        if text is None:
            shutil.copy(os.path.join(ROOT, "rulesets", name), folder / "rulesets" / name)
        else:
            (folder / "rulesets" / name).write_text(text, encoding="utf-8")
    return folder


def run_copy(folder, *args, timeout=120):
    run = subprocess.run([sys.executable, "main.py", *args], cwd=folder, capture_output=True,
                         text=True, timeout=timeout)
    assert "Traceback" not in run.stdout + run.stderr, run.stdout + run.stderr
    return run


@pytest.fixture
def hostile_program(tmp_path):
    folder = program_copy(tmp_path, {name: None for name in SHIPPED})
    for name in COMMITTED:
        shutil.copy(os.path.join(HOSTILE, name), folder / "rulesets" / name)
    return folder, {**COMMITTED, **make_generated(folder / "rulesets")}


def test_commands_survive_a_rulesets_folder_of_hostile_files(hostile_program):
    folder, hostile = hostile_program
    run = run_copy(folder, "--check-rulesets")
    assert run.returncode == 1
    for name in SHIPPED:
        assert f"ok    rulesets/{name}:" in run.stdout
    for name, (line, key, part) in hostile.items():
        assert f"error rulesets/{name}" in run.stdout and part in run.stdout, name
    assert run.stdout.count("\n") == len(SHIPPED) + len(hostile)

    run = run_copy(folder, "--simulate", "kombio", "--players", "2", "--games", "3", "--jobs", "1")
    assert run.returncode == 0 and "Kombio: 3 match(es)" in run.stdout, run.stdout + run.stderr

    run = run_copy(folder, "--selftest", timeout=300)
    assert run.returncode == 1                          # a broken ruleset fails the self-test...
    for rs_id in ("kombio", "cambio", "cambio-classic"):
        assert f"ok   {rs_id}:" in run.stdout             # ...but every good one is still tested
    assert run.stdout.count("FAIL ") == len(hostile)


def test_the_menu_lists_the_good_games_and_the_broken_files(hostile_program, monkeypatch):
    folder, hostile = hostile_program
    from game.engine import ruleset
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.driver import Driver
    from game.ui.menu import MenuScene
    monkeypatch.setattr(ruleset, "rulesets_dir", lambda: str(folder / "rulesets"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder / "data"))
    app = App(size=(1280, 800), fixed_dt=0.05, strict=True,
              settings=Settings(animation_speed="instant"), save_settings=False)
    app.open_menu()
    Driver(app).step(3)
    menu = app.top
    assert isinstance(menu, MenuScene)
    labels = {getattr(w, "label", None) for w in menu.game_buttons}
    assert {"Kombio", "Cambio (Das Original)", "Cambio (classic, 52 cards + 2 jokers)"} <= labels
    broken = {os.path.basename(e.path) for e in menu.entries if not e.ok}
    assert broken == set(hostile)


# --- item 7: two files with the same id -------------------------------------------------------

def test_two_files_with_one_id_are_refused_everywhere_naming_both(tmp_path, monkeypatch):
    with open(os.path.join(ROOT, "rulesets", "kombio.yaml"), encoding="utf-8") as fh:
        kombio = fh.read()
    folder = program_copy(tmp_path, {"kombio.yaml": kombio, "my-kombio.yaml": kombio,
                                     "cambio.yaml": None})
    entries = load_all(str(folder / "rulesets"))
    assert [e.ok for e in entries] == [True, False, False]     # cambio still plays
    for e in entries[1:]:
        other = "my-kombio.yaml" if e.path.endswith("/kombio.yaml") else "kombio.yaml"
        assert "id: 'kombio' is also the id of" in e.error and other in e.error
        assert f"{os.path.basename(e.path)}:4: id:" in e.error       # the line of `id:`
    with pytest.raises(KeyError) as info:
        find_ruleset("kombio", str(folder / "rulesets"))
    assert "kombio.yaml" in str(info.value) and "my-kombio.yaml" in str(info.value)

    run = run_copy(folder, "--simulate", "kombio", "--games", "1", "--jobs", "1")
    assert run.returncode == 2 and "my-kombio.yaml" in run.stderr and "also the id of" in run.stderr
    run = run_copy(folder, "--check-rulesets")
    assert run.returncode == 1 and run.stdout.count("also the id of") == 2
    # files named on the command line are compared too
    monkeypatch.chdir(folder)
    assert check_main(["rulesets/kombio.yaml", "rulesets/my-kombio.yaml"]) == 1


def test_one_file_named_twice_on_the_command_line_is_not_a_duplicate(capsys):
    path = os.path.join(ROOT, "rulesets", "kombio.yaml")
    assert check_main([path, path]) == 0
    assert capsys.readouterr().out.count("ok ") == 2


def test_the_menu_keeps_drawing_while_a_folder_of_large_files_loads(tmp_path, monkeypatch):
    """Item 2: "never block the menu while loading". Each file is bounded (256 KB, 20,000 values: a
    quarter of a second at worst), but twenty of them would freeze the window for seconds: they load
    on a thread while the menu draws "Loading games…"."""
    import shutil
    import time
    from game.engine import ruleset
    from game.store.settings import Settings
    from game.ui.app import App
    from game.ui.driver import Driver
    from game.ui.menu import MenuScene
    folder = tmp_path / "rulesets"
    folder.mkdir()
    shutil.copy(os.path.join(ROOT, "rulesets", "kombio.yaml"), folder)
    big = "id: big\nname: Big\ncards:\n" + "".join(f"  - {{value: {i % 10}, count: 1}}\n" for i in range(9000))
    for i in range(20):
        (folder / f"big{i:02d}.yaml").write_text(big[:250_000], encoding="utf-8")
    monkeypatch.setattr(ruleset, "rulesets_dir", lambda: str(folder))
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant"),
              save_settings=False)
    app.open_menu()
    d = Driver(app)
    slowest = 0.0
    for _ in range(2000):
        start = time.perf_counter()
        d.step()
        slowest = max(slowest, time.perf_counter() - start)
        if app.top.entries is not None:
            break
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.entries is not None
    assert menu.waited > 2                       # frames were drawn while the files loaded ...
    assert slowest < 1.5                         # ... none held up much longer than the first wait
    assert [e.ok for e in menu.entries].count(True) == 1 and len(menu.entries) == 21
    assert all("20,000 values" in e.error for e in menu.entries if not e.ok)
