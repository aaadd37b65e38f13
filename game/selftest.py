"""`main.py --selftest`: prove a build works — every ruleset loads, plays, and draws; every guide plays to
its end; every sound is there.

Used on the packaged executable in CI, where a missing data file or module
shows up only at run time.
"""
from __future__ import annotations

import os
import time


def selftest() -> int:
    """Load every ruleset, play one bot match of each, draw one frame of each table offscreen."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.lab.simulate import run_match
    from game.engine.ruleset import load_all, rulesets_dir
    from game.ui.offscreen import render_table_frame

    failures = 0
    entries = load_all()
    if not entries:
        print(f"FAIL no rulesets found in {rulesets_dir()}")
        return 1
    for entry in entries:
        if not entry.ok:
            print(f"FAIL {entry.error}")
            failures += 1
            continue
        ruleset = entry.ruleset
        n = min(max(ruleset.min_players, 3), ruleset.max_players)
        try:
            start = time.perf_counter()
            result = run_match(ruleset, ["normal"] * n, seed=1)
            played = time.perf_counter() - start
            surface = render_table_frame(ruleset, n, size=(1280, 800))
            if surface.get_size() != (1280, 800):
                raise RuntimeError(f"frame has size {surface.get_size()}")
        except Exception as exc:  # report every ruleset, then fail
            print(f"FAIL {ruleset.id}: {type(exc).__name__}: {exc}")
            failures += 1
            continue
        print(f"ok   {ruleset.id}: {n}-player bot match in {played:.2f}s "
              f"({getattr(result, 'rounds', '?')} rounds), table frame drawn")
        if ruleset.guide is not None:
            from game.ai import make_bot
            from game.engine import guide
            why = guide.check(ruleset, make_bot)
            if why:
                print(f"FAIL {ruleset.id} guide: {why}")
                failures += 1
            else:
                print(f"ok   {ruleset.id}: its guide plays to its end ({len(ruleset.guide.steps)} lessons)")
    problems = check_sounds() + check_translations()
    for problem in problems:
        print(f"FAIL {problem}")
    failures += len(problems)
    if not problems:
        print("ok   sounds: every cue is bundled and plays")
        print("ok   translations: every catalog is bundled and read")
    print("selftest " + ("passed" if not failures else f"FAILED ({failures})"))
    return 1 if failures else 0


def check_translations() -> list:
    """Problems with the bundled translation catalogs (game/i18n.py): each language's core catalog
    found, and every catalog bundled readable; [] when all is well. (That every message has its
    translation is tests/test_translations.py's check, on the source.)"""
    import gettext

    from game import i18n
    problems = []
    was = i18n.language()
    try:
        for code in i18n.LANGUAGES:
            if code == i18n.DEFAULT:
                continue
            found = i18n.catalog_files(code)
            if "cardtable" not in {p.stem for p in found}:
                problems.append(f"translations ({code}): the core catalog is not bundled")
            for path in found:
                try:
                    with open(path, "rb") as f:
                        gettext.GNUTranslations(f)
                except (OSError, gettext.error) as exc:
                    problems.append(f"translations ({code}): {path.name} cannot be read: {exc}")
            i18n.set_language(code)
            if i18n.tr("Settings") == "Settings":
                problems.append(f"translations ({code}): the core catalog is not read")
    finally:
        i18n.set_language(was)
    return problems


def check_sounds(folder=None) -> list:
    """Problems with the bundled sound cues (missing, unreadable, not playable); [] when all is well."""
    import wave

    from game.ui.sound import NAMES, Sounds
    sounds = Sounds(lambda: True, folder)
    problems = []
    for name in NAMES:
        path = sounds.folder / f"{name}.wav"
        try:
            with wave.open(str(path), "rb") as f:
                if f.getnframes() == 0:
                    raise wave.Error("no sound in it")
        except (OSError, EOFError, wave.Error) as exc:
            problems.append(f"sound {path}: {exc}")
            continue
        # the game stays silent without an audio device; the selftest's dummy driver has one
        if not sounds.play(name) and sounds.ready:
            problems.append(f"sound {path}: the mixer cannot play it")
    return problems
