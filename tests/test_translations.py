"""The table in German (issue 33, 5): one translation function over gettext catalogs, complete and
current German catalogs, a language setting, ruleset texts with German beside the English, and every
core screen's layout holding in both languages at 1024x640 and larger.

The catalog check is tools/translations.py's (Babel extracts what the code says through tr, trn, trc
and N_); it is shown to fail on a copy of the code with a new, a stale and a mistyped message."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import Text, tr, trc, trn
from game.store.settings import Settings
from game.ui import (confirm, history_scene, menu, pass_screen, pause, rules_scene, settings_scene, setup,
                     stats_scene, summary, widgets)
from game.ui.app import App
from game.ui.driver import Driver
from game.ui.menu import MenuScene
import rigging
import rigging_i18n
from rigging_screen import past_guide_offer, record_text
from tools import translations

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((1024, 640), (1920, 1080))
GAMES = ("kombio", "cambio", "cambio-classic", "kumbal", "castle-combo", "klobba")


# ---- the catalogs ---------------------------------------------------------------------------------

def test_every_message_the_code_says_is_translated_into_german_and_compiled():
    """The issue: "a complete German catalog, checked by a test that fails on any untranslated or
    stale message". Every domain (the core's and each family's) is checked."""
    assert [d.name for d in translations.domains()][0] == "cardtable"
    assert translations.problems() == []


def _copy_of_the_code(tmp_path) -> Path:
    root = tmp_path / "tree"
    shutil.copytree(ROOT / "game", root / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", root / "main.py")
    return root


def test_the_catalog_check_fails_on_a_new_a_stale_a_mistyped_and_an_uncompiled_message(tmp_path):
    """The check can fail: each kind of fault, made on purpose in a copy of the code, is named."""
    root = _copy_of_the_code(tmp_path)
    assert translations.problems(root, only=("cardtable",)) == []
    # a new message in the code, not in the catalog
    pause_py = root / "game" / "ui" / "pause.py"
    pause_py.write_text(pause_py.read_text() + '\n\ndef _new():\n    return tr("A message nobody translated")\n')
    # a message the code no longer says (the menu's title line, now said otherwise)
    menu_py = root / "game" / "ui" / "menu.py"
    menu_py.write_text(menu_py.read_text().replace('tr("Choose a game")', 'tr("Pick a game")'))
    # a translation that lost a field, and one left fuzzy
    po = root / "game" / "locale" / "de" / "LC_MESSAGES" / "cardtable.po"
    text = po.read_text()
    assert 'msgstr "Weitergeben an {name}"' in text and 'msgid "Paused"\nmsgstr "Pause"' in text
    text = text.replace('msgstr "Weitergeben an {name}"', 'msgstr "Weitergeben an {nam}"')
    text = text.replace('msgid "Paused"\nmsgstr "Pause"', '#, fuzzy\nmsgid "Paused"\nmsgstr "Pause"')
    po.write_text(text)
    found = "\n".join(translations.problems(root, only=("cardtable",)))
    assert "not in the catalog: 'A message nobody translated'" in found
    assert "not in the catalog: 'Pick a game'" in found
    assert "stale (the code no longer says it): 'Choose a game'" in found
    assert "the translation of 'Pass to {name}' has the fields ['nam'], the message ['name']" in found
    assert "untranslated: 'Paused'" in found
    assert "cardtable.mo is older than its .po" in found


def test_the_app_reads_the_compiled_catalogs_and_never_imports_babel():
    """Babel is a build-time dependency only: the app's first frame, in German, without it."""
    code = ("import sys; from game import i18n; i18n.set_language('de');"
            "from game.ui.app import App; from game.store.settings import Settings;"
            "app = App(size=(800, 600), fixed_dt=0.05, strict=True, settings=Settings(language='de'),"
            " save_settings=False); app.open_menu(); app.run_frames(2) if hasattr(app, 'run_frames') else None;"
            "assert i18n.tr('Settings') == 'Einstellungen';"
            "assert not [m for m in sys.modules if m == 'babel' or m.startswith('babel.')], 'babel imported'")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


# ---- the translation function -----------------------------------------------------------------

def test_tr_speaks_the_language_set_fills_fields_and_counts_plurals():
    assert tr("Settings") == "Settings" and trn("{n} round", "{n} rounds", 2, n=2) == "2 rounds"
    i18n.set_language("de")
    assert tr("Settings") == "Einstellungen"
    assert tr("Pass to {name}", name="Ana") == "Weitergeben an Ana"
    assert trn("{n} round", "{n} rounds", 1, n=1) == "1 Runde"
    assert trn("{n} round", "{n} rounds", 5, n=5) == "5 Runden"
    assert tr("A text no catalog has") == "A text no catalog has"        # shown as it is
    assert trc("no such context", "Settings") == "Settings"               # a context is its own message
    i18n.set_language("en")
    assert tr("Pass to {name}", name="Ana") == "Pass to Ana"


def test_a_ruleset_text_shows_its_german_in_german_and_stays_the_english_everywhere_else():
    king = Text("King", {"de": "König"})
    assert king == "King" and hash(king) == hash("King") and json.dumps(king) == '"King"'
    assert tr(king) == "King"
    i18n.set_language("de")
    assert tr(king) == "König" and tr(Text("Queen")) == "Queen"          # no German given: the English
    assert tr("{name}: {text}", name=king, text="13") == "König: 13"     # fields are shown so too
    i18n.set_language("en")


def test_a_ruleset_may_give_german_beside_the_english_and_a_wrong_language_is_refused(tmp_path):
    from game.engine.ruleset import load_ruleset
    from game.engine.schema import RulesetError
    text = (ROOT / "rulesets" / "kombio.yaml").read_text()
    assert "\nname: Kombio\n" in text
    path = tmp_path / "kombio-de.yaml"
    path.write_text(text.replace("\nname: Kombio\n", "\nname: {en: Kombio for two, de: Kombio zu zweit}\n")
                    .replace("id: kombio\n", "id: kombio-de\n"))
    ruleset = load_ruleset(path)
    assert ruleset.name == "Kombio for two"
    i18n.set_language("de")
    assert tr(ruleset.name) == "Kombio zu zweit"
    i18n.set_language("en")
    path.write_text(text.replace("\nname: Kombio\n", "\nname: {en: Kombio, fr: Kombio à deux}\n")
                    .replace("id: kombio\n", "id: kombio-de\n"))
    with pytest.raises(RulesetError, match="unknown language; expected one of en, de"):
        load_ruleset(path)
    path.write_text(text.replace("\nname: Kombio\n", "\nname: {de: Kombio zu zweit}\n")
                    .replace("id: kombio\n", "id: kombio-de\n"))
    with pytest.raises(RulesetError, match="missing key 'en'"):
        load_ruleset(path)


@pytest.mark.parametrize("environ, expected", [
    ({"LANGUAGE": "de_DE:en"}, "de"), ({"LANG": "de_AT.UTF-8"}, "de"), ({"LC_ALL": "de_CH"}, "de"),
    ({"LANG": "en_GB.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "de_DE"}, "en"),           # LC_ALL comes first, as gettext reads it
])
def test_the_default_language_is_the_systems(environ, expected):
    assert i18n.system_language(environ) == expected


def test_windows_names_its_german_locale_in_words(monkeypatch):
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("German_Germany", "1252"))
    assert i18n.system_language({}) == "de"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language({}) == "en"


# ---- the language setting ---------------------------------------------------------------------

def test_the_language_setting_switches_every_screen_at_once_and_is_kept(data_dir):
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True)     # settings from the (empty) data folder
    assert i18n.language() == "en"                              # the tests' system speaks English
    app.open_menu()
    d = Driver(app)
    d.step(2)
    d.click(app.top.settings_btn.rect.center)
    scene = app.top
    assert isinstance(scene, settings_scene.SettingsScene) and scene.language.value == "en"
    d.click((scene.language.rect.right - 6, scene.language.rect.centery))      # ▶: Deutsch
    assert i18n.language() == "de" and app.settings.language == "de"
    assert json.loads((data_dir / "settings.json").read_text())["language"] == "de"
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and app.top._resume_label().startswith("Fortsetzen")
    texts = []
    real = menu.blit_text
    menu.blit_text = lambda surf, s, *a, **k: (texts.append(s), real(surf, s, *a, **k))[1]
    try:
        app.draw()
    finally:
        menu.blit_text = real
    assert "Wähle ein Spiel" in texts
    # the next start speaks German, whatever the system says
    i18n.set_language("en")
    App(size=(1024, 640), fixed_dt=0.05, strict=True)
    assert i18n.language() == "de"


def test_a_damaged_language_setting_falls_back_to_the_systems():
    settings, problems = Settings.from_json({"language": "klingon"})
    assert settings.language == "" and problems == ["language: 'klingon' is not valid, using ''"]
    assert Settings.from_json({"language": "de"})[0].language == "de"


# ---- the rules pages ----------------------------------------------------------------------------

def test_in_german_cambio_opens_on_its_german_original_and_the_others_are_german_or_say_they_are_english(data_dir):
    app = App(size=(1024, 640), fixed_dt=0.05, strict=True, settings=Settings(language="de"), save_settings=False)
    for game_id in GAMES:
        page = rules_scene.RulesScene(app, rigging.load(game_id))
        app.push(page)
        said = " ".join(line[1] for line in page.lines)
        if game_id == "cambio":
            assert page.original and "Der jüngste Spieler beginnt als Geber." in said
            assert page.switch.label == "English"
            page.toggle_original()
            said = " ".join(line[1] for line in page.lines)
        note = "Diese Regeln sind auf Englisch, bis sie übersetzt sind."
        german_page = getattr(page.ruleset.rules_page, "translations", {}).get("de")
        if german_page:  # a ruleset that gives its page in German shows it, and no note
            assert german_page.split("\n")[0].lstrip("# ") in said and note not in said, game_id
        else:
            assert note in said, game_id
        app.pop(page)
    i18n.set_language("en")
    page = rules_scene.RulesScene(app, rigging.load("cambio"))
    assert not page.original and page.switch.label == "Deutsch (Original)"


# ---- every core screen, in both languages --------------------------------------------------------

DRAWN_BY = (confirm, history_scene, menu, pass_screen, pause, rules_scene, settings_scene, setup, stats_scene,
            summary, widgets)


def _screens(app, d):
    """(name, scene) for each core screen: the menu, the settings, each game's setup and rules page,
    the pause, the pass screen, the statistics, the past matches, the About page."""
    from game.ui.about_scene import AboutScene
    from game.ui.pass_screen import PassScene
    app.open_menu()
    d.step(2)
    yield "menu", app.top
    app.push(settings_scene.SettingsScene(app))
    yield "settings", app.top
    app.pop()
    for game_id in GAMES:
        ruleset = rigging.load(game_id)
        d.click(next(w for w in app.top.ui.widgets if getattr(w, "label", None) == ruleset.name).rect.center)
        past_guide_offer(d)
        scene = app.top
        scene.set_count(scene.max_seats)
        yield f"setup {game_id}", scene
        app.push(rules_scene.RulesScene(app, ruleset))
        yield f"rules {game_id}", app.top
        app.pop()
        app.pop()
    app.push(pause.PauseScene(app, None))
    yield "pause", app.top
    app.pop()
    app.push(PassScene(app, "Annemarie", lambda: None))
    yield "pass screen", app.top
    app.pop()
    app.push(stats_scene.StatsScene(app))
    yield "statistics", app.top
    app.pop()
    app.push(history_scene.PastMatchesScene(app))
    yield "past matches", app.top
    app.pop()
    app.push(AboutScene(app))
    yield "about", app.top
    app.pop()


def english_left(drawn) -> list:
    """The drawn texts that are one of the core catalog's English messages, German elsewhere."""
    return sorted({t for t, _, _ in drawn if t.strip() and rigging_i18n.untranslated("cardtable", t)})


def _layout_faults(drawn, size) -> list:
    screen = pygame.Rect((0, 0), size)
    faults = []
    for text, rect, _ in drawn:
        if text.strip() and not screen.contains(rect):
            faults.append(f"{text!r} leaves the window: {rect}")
    shown = [(t, r) for t, r, _ in drawn if t.strip()]
    for i, (a, ra) in enumerate(shown):
        for b, rb in shown[i + 1:]:
            clip = ra.clip(rb)
            if clip.w * clip.h > 0.25 * min(ra.w * ra.h, rb.w * rb.h):
                faults.append(f"{a!r} and {b!r} overlap")
    return faults


@pytest.mark.parametrize("size", SIZES)
def test_every_core_screen_holds_in_english_and_in_german(monkeypatch, data_dir, size):
    """The recorded-text layout check, in both languages: every text drawn stays in the window, no
    two texts overlap, and German cuts ("…") no more text than English does on the same screen."""
    cuts = {}
    drawn = record_text(monkeypatch, *DRAWN_BY)
    for language in ("en", "de"):
        app = App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant",
                                                                           language=language),
                  save_settings=False)
        assert i18n.language() == language
        d = Driver(app)
        for name, scene in _screens(app, d):
            app.draw()                  # the screen as it shows; its own texts checked (not an overlay's table below)
            drawn.clear()
            scene.draw(app.screen)
            faults = _layout_faults(drawn, size)
            assert not faults, (language, size, name, faults[:5])
            cut = sum("…" in t for t, _, _ in drawn if not t.endswith("…"))
            if language == "en":
                cuts[name] = cut
            else:
                assert cut <= cuts[name], (size, name, [t for t, _, _ in drawn if "…" in t])
                assert english_left(drawn) == [], (size, name)
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_match_result_holds_in_english_and_in_german_at_the_smallest_window(monkeypatch, data_dir, game_id):
    """A bot match to its result, at 1024x640: the standings, the last round and the log, each page's
    texts inside the window and clear of each other, in both languages."""
    from game.engine.ruleset import default_options
    from game.ui.app import run
    from game.ui.summary import MatchResultScene
    ruleset = rigging.load(game_id)
    options = default_options(ruleset)
    if "rounds" in ruleset.match_end.modes:          # one round, whatever the game's default length
        options["match_end"] = dict(options["match_end"], mode="rounds", rounds=1)
    elif "points" in ruleset.match_end.modes:
        options["match_end"] = dict(options["match_end"], mode="points", points=1)
    seats = ["ai:easy"] * min(4, ruleset.max_players)
    size = (1024, 640)
    drawn = record_text(monkeypatch, summary, widgets)
    for language in ("en", "de"):
        app = App(size=size, fixed_dt=0.05, strict=True, settings=Settings(animation_speed="instant",
                                                                           language=language),
                  save_settings=False)
        run(game_id=game_id, seats=seats, options=options, seed=3, app=app, max_frames=1)
        d = Driver(app)
        assert d.until(lambda: isinstance(app.top, MatchResultScene), 40000), game_id
        result = app.top
        for page in result.PAGES:
            assert result.page == page
            app.draw()
            drawn.clear()
            result.draw(app.screen)
            faults = _layout_faults(drawn, size)
            assert not faults, (language, game_id, page, faults[:5])
            if language == "de":
                assert english_left(drawn) == [], (game_id, page)
            if language == "de" and page == "standings":
                said = " ".join(t for t, _, _ in drawn)
                assert "Noch einmal" in said and "Hauptmenü" in said and ("gewinnt" in said or "teilen" in said)
                assert "Sieger" in said and "winner" not in said
            d.key(pygame.K_TAB)
        i18n.set_language("en")
