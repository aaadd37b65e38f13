"""Layering: the rules core (game/engine) and the families (game/families) never import pygame.

DESIGN.md: "A test fails if game/engine or game/families imports pygame." Two
checks: a fresh interpreter imports every module of both packages and plays a
little (so imports made inside functions run too), then pygame must not be in
sys.modules; and no source line of either package imports pygame, even lazily.
"""
import os
import re
import subprocess
import sys

from rigging import ROOT

PACKAGES = ("game/engine", "game/families")


def modules():
    out = []
    for path in sorted(sources()):
        mod = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
        out.append(mod[:-len(".__init__")] if mod.endswith(".__init__") else mod)
    return out


def sources():
    for pkg in PACKAGES:
        for dirpath, _, files in os.walk(os.path.join(ROOT, pkg)):
            for name in files:
                if name.endswith(".py"):
                    yield os.path.join(dirpath, name)


PROBE = r"""
import importlib, random, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
from game.engine.ruleset import load_all
from game.engine.session import Session
from game.engine.registry import family
for entry in load_all():
    if not entry.ok:
        continue
    rs = entry.ruleset
    session = Session.new(rs, [{"name": "A"}, {"name": "B"}], seed=1)
    rng = random.Random(1)
    game = session.game
    for _ in range(300):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        for event in session.apply(seat, rng.choice(game.legal_actions(seat))):
            family(rs.family).describe(event, session.names)
        game.view(seat)
    Session.resume(session.to_json())
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui") or m.startswith("game.ui"))
print("IMPORTED:" + ",".join(bad))
"""


def test_engine_and_families_run_without_pygame():
    mods = modules()
    assert "game.engine.core" in mods and "game.families.memory" in mods
    env = dict(os.environ, PYTHONPATH=ROOT)
    run = subprocess.run([sys.executable, "-c", PROBE, *mods], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    line = [x for x in run.stdout.splitlines() if x.startswith("IMPORTED:")][-1]
    assert line == "IMPORTED:", f"the rules core pulled in: {line[9:]}"


IMPORT_LINE = re.compile(r"^\s*(import\s+[^#\n]*\bpygame\w*|from\s+pygame\w*[\s.])", re.M)
UI_IMPORT = re.compile(r"^\s*(from|import)\s+game\.ui\b|^\s*from\s+game\s+import\s+[^#\n]*\bui\b",
                       re.M)


def test_no_source_line_imports_pygame():
    found = []
    for path in sources():
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        for m in IMPORT_LINE.finditer(text):
            found.append(f"{os.path.relpath(path, ROOT)}: {m.group(0).strip()}")
        for m in UI_IMPORT.finditer(text):
            found.append(f"{os.path.relpath(path, ROOT)}: {m.group(0).strip()}")
        assert "__import__(\"pygame" not in text and "import_module(\"pygame" not in text
    assert not found, "pygame (or the UI) imported by the rules core:\n" + "\n".join(found)



def _python_files(package: str):
    for dirpath, _, files in os.walk(os.path.join(ROOT, package)):
        for name in files:
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def test_bots_and_lab_import_no_ui():
    """Issue 28: the bots (game/ai) and the lab (game/lab: simulation, the rules lab and its
    chart) sit below the table: neither imports game.ui (the chart draws with pygame alone), and
    the bots import nothing of the lab."""
    lab = re.compile(r"^\s*(from|import)\s+game\.lab\b|^\s*from\s+game\s+import\s+[^#\n]*\blab\b", re.M)
    found = []
    for package in ("game/ai", "game/lab"):
        assert os.path.isdir(os.path.join(ROOT, package)), package
        for path in _python_files(package):
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            rel = os.path.relpath(path, ROOT)
            found += [f"{rel}: {m.group(0).strip()}" for m in UI_IMPORT.finditer(text)]
            if package == "game/ai":
                found += [f"{rel}: {m.group(0).strip()}" for m in lab.finditer(text)]
    assert not found, "an upward import:\n" + "\n".join(found)
    assert UI_IMPORT.search("from game.ui import fonts") and lab.search("from game.lab.simulate import x")

def test_the_scan_would_see_an_import():
    """The pattern itself: it catches the usual spellings and ignores words in text."""
    for line in ("import pygame", "    import pygame.freetype", "from pygame import Rect",
                 "import os, pygame", "from pygame_gui import UIManager", "import pygame as pg"):
        assert IMPORT_LINE.search(line), line
    for line in ("# pygame is not needed here", "x = 'import pygame'", "the pygame-ce UI"):
        assert not IMPORT_LINE.search(line), line


def test_the_engine_knows_families_only_through_the_registry():
    """Issue 9: "no import of game.families in game/engine"; families register themselves."""
    pattern = re.compile(r"^\s*(from game\.families|import game\.families|from game import families)")
    engine = os.path.join(ROOT, "game", "engine")
    for dirpath, _, files in os.walk(engine):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as fh:
                    bad = [line for line in fh if pattern.match(line)]
                assert not bad, (name, bad)
    from game.engine import registry
    assert "memory" in registry.names()


def test_a_family_imports_no_other_family():
    """DESIGN / issue 9: "A family lives in its own folders ... and touches no other family's files"."""
    pattern = re.compile(r"^\s*(?:from|import)\s+game\.((?:ui\.)?families)\.(\w+)", re.M)
    found = []
    for base in ("game/families", "game/ui/families"):
        root = os.path.join(ROOT, base)
        if not os.path.isdir(root):
            continue
        for fam in sorted(os.listdir(root)):
            folder = os.path.join(root, fam)
            if not os.path.isdir(folder) or fam.startswith("__"):
                continue
            for dirpath, _, files in os.walk(folder):
                for name in files:
                    if name.endswith(".py"):
                        with open(os.path.join(dirpath, name), encoding="utf-8") as fh:
                            for m in pattern.finditer(fh.read()):
                                # the seam's own modules (game/ui/families/base.py) are no family
                                imported = os.path.join(ROOT, "game", *m.group(1).split("."), m.group(2))
                                if m.group(2) != fam and os.path.isdir(imported):
                                    found.append(f"{base}/{fam}/{name} imports family {m.group(2)}")
    assert not found, "\n".join(found)


# The memory family's own phases (game/families/memory/rules.py), which only its table plug-in may know.
MEMORY_PHASES = ("initial_peek", "drawn", "ability", "window", "give", "mismatch_choice")


def test_the_common_table_knows_no_memory_phase_and_no_memory_plugin():
    """Issue 9: "one common scene and controller ... and per family a plug-in"; "No switch on a
    family's phases in common code". No module of game/ui outside game/ui/families/ names a memory
    phase as a string or imports the memory family's table."""
    phase = re.compile(r"""["'](%s)["']""" % "|".join(MEMORY_PHASES))
    memory = re.compile(r"^\s*(?:from|import)\s+game\.ui\.families\.memory\b|"
                        r"^\s*from\s+game\.ui\.families\s+import\s+.*\bmemory\b", re.M)
    found = []
    ui = os.path.join(ROOT, "game", "ui")
    for dirpath, dirs, files in os.walk(ui):
        if os.path.relpath(dirpath, ui).split(os.sep)[0] == "families":
            continue
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
                rel = os.path.relpath(path, ROOT)
                found += [f"{rel} names the phase {m.group(1)!r}" for m in phase.finditer(text)]
                found += [f"{rel} imports the memory table" for _ in memory.finditer(text)]
    assert not found, "\n".join(found)
    # and the check can fail: a module like the old table_input would be caught
    assert phase.search('if ph == "window":') and memory.search("from game.ui.families.memory import plugin")


# ---- every family's phases (issue 28, part 1: the phase-policing above, for every family) ----

COMMON = ("game/engine", "game/ai", "game/lab", "game/ui")     # minus game/ui/families/: the plug-ins


def family_phases() -> dict:
    """{family: its phases}, read from each shipped family's game: the keys of its LEGAL table
    (core.Game dispatches a phase's legal actions and its step through LEGAL and STEPS)."""
    import game.families  # noqa: F401  (registers the shipped families)
    from game.engine import registry
    out = {}
    for name in registry.names():
        game_type = registry.family(name).new_game
        if not game_type.__module__.startswith("game.families."):
            continue        # a family the tests declare (tests/toy_family) has no common code to police
        out[name] = frozenset(getattr(game_type, "LEGAL", {}))
        assert out[name] and set(out[name]) == set(getattr(game_type, "STEPS", {})), \
            f"{name}: its game names its phases in LEGAL and STEPS, the same ones"
    return out


def phase_switches(text: str, phases) -> list:
    """Where code compares a phase (a name or attribute called `phase`) with one of `phases`:
    `view.phase == "window"`, `phase in ("buy", "choose")`, `"lay" != game.phase`."""
    import ast

    def is_phase(node):
        return (isinstance(node, ast.Name) and node.id == "phase") or \
               (isinstance(node, ast.Attribute) and node.attr == "phase")

    def strings(node):
        return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}

    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(is_phase(x) for x in sides):
                named = set().union(*(strings(x) for x in sides if not is_phase(x))) & set(phases)
                found += [(node.lineno, name) for name in sorted(named)]
        elif isinstance(node, ast.Match) and is_phase(node.subject):
            found += [(node.lineno, name) for name in sorted(strings(node) & set(phases))]
    return found


def common_sources():
    for package in COMMON:
        for path in _python_files(package):
            rel = os.path.relpath(path, ROOT)
            if not rel.replace(os.sep, "/").startswith("game/ui/families/"):
                yield path, rel


def test_no_common_module_switches_on_any_familys_phase_or_imports_its_table():
    """DESIGN: "No switch on a family's phases in common code"; a family is reached through the
    registry. For every registered family, no module of the engine, the bots, the lab or the
    common table compares a phase with one of that family's phases, and no common module of the
    table imports that family's plug-in (game/ui/families/<name>)."""
    phases = family_phases()
    assert set(phases) >= {"memory", "clash", "shedding", "tableau"}
    found = []
    for path, rel in common_sources():
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        for family_name, own in sorted(phases.items()):
            found += [f"{rel}:{line} switches on {family_name}'s phase {name!r}"
                      for line, name in phase_switches(text, own)]
            table = re.compile(r"^\s*(?:from|import)\s+game\.ui\.families\.%s\b|"
                               r"^\s*from\s+game\.ui\.families\s+import\s+.*\b%s\b" % (family_name, family_name),
                               re.M)
            found += [f"{rel} imports {family_name}'s table" for _ in table.finditer(text)]
    assert not found, "\n".join(found)


def test_the_phase_scan_would_see_a_switch():
    """The scan can fail: each of these would be caught, for the family whose phase it names."""
    phases = family_phases()
    caught = {
        "memory": 'if view.phase == "window":\n    pass\n',
        "clash": 'x = phase in ("offer", "lay")\n',
        "shedding": 'ok = "free" != self.game.phase\n',
        "tableau": 'match v.phase:\n    case "purses":\n        pass\n',
    }
    for family_name, text in caught.items():
        assert phase_switches(text, phases[family_name]), (family_name, text)
    # and ordinary words are not switches: an action kind, an event kind, a zone
    assert not phase_switches('if action.kind == "buy" or event.kind == "draw" or zone == "discard":\n    pass\n',
                              set().union(*phases.values()))
