"""Issue 33 (4): nothing the app writes has a name Windows refuses (`< > : " / \\ | ? *`, a control
character, a trailing dot or space, or a reserved device name such as CON or COM1, whatever its
extension). Every kind of file the data folder gets is made here for real, damaged copies included."""
import json
import re

from game.store import history, saves, settings, stats
from game.store.atomic import move_aside

RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


def windows_problem(name: str):
    """Why Windows would refuse this file name, or None."""
    if re.search(r'[<>:"/\\|?*\x00-\x1f]', name):
        return "a character Windows refuses"
    if name.endswith((".", " ")):
        return "a trailing dot or space"
    if name.split(".")[0].upper() in RESERVED:
        return "a reserved device name"
    return None


def test_the_check_refuses_what_windows_refuses():
    for bad in ("match-10:30.json", "CON.json", "com1", "notes.", "a|b", "aux.broken-1"):
        assert windows_problem(bad), bad
    assert windows_problem("match-20261127-031300-123456.json") is None


def test_every_file_the_app_writes_has_a_name_windows_accepts(data_dir):
    from game.engine.ruleset import find_ruleset
    from game.lab.simulate import run_match
    session = run_match(find_ruleset("kumbal"), ("normal", "easy"), 2, keep_session=True).session
    settings.save(settings.Settings())
    saves.save_current(session.to_json())
    history.keep(session)
    history.keep(session)                              # two in the same second get their own names
    stats.record_match("kumbal", ["Ana: the 1st?", "Bot <hard>"], [3, 40], [0])   # names are data, not file names
    move_aside(saves.current_path())                   # a damaged file set aside
    (data_dir / "stats.json").write_text(json.dumps({"format": 1, "games": {"x": 5}}))
    stats.load()                                       # a repaired file, its original kept aside
    written = [p.relative_to(data_dir) for p in data_dir.rglob("*")]
    assert len(written) >= 6
    for path in written:
        for part in path.parts:
            assert windows_problem(part) is None, (str(path), windows_problem(part))
