"""What the About page says (issue 33, 2): the version, the games with their designers and
publishers as the rule texts name them (each ruleset's `credits`), that this is an unofficial
implementation, the licences of everything bundled, and where the player's data is kept. Drawn by
game/ui/about_scene.py and checked by tests/test_about.py; assets/LICENSES holds the licence texts."""
from __future__ import annotations

from game import VERSION

UNOFFICIAL = ("Card Table is an unofficial implementation of these games' rules, made for playing at "
              "home. It is not made, endorsed or checked by the games' designers or publishers, and "
              "their games' names belong to them. If you enjoy a game here, buy the real one.")

# (what, its licence): every library and asset the packaged app carries
LICENCES = (
    ("Python", "Python Software Foundation License (the interpreter and standard library the "
               "packaged app carries)."),
    ("pygame-ce", "GNU Lesser General Public License 2.1. The packaged app is one folder that keeps "
                  "pygame-ce and the SDL libraries as separate files, so you may replace them with "
                  "your own builds; its source is at https://github.com/pygame-community/pygame-ce."),
    ("SDL 2, SDL_image, SDL_mixer, SDL_ttf", "zlib licence (bundled with pygame-ce, with FreeType "
                                             "(FreeType licence), libpng and zlib)."),
    ("PyYAML", "MIT licence."),
    ("platformdirs", "MIT licence."),
    ("DejaVu Sans fonts", "Bitstream Vera fonts licence; DejaVu's changes are in the public domain "
                          "(the full text is in assets/LICENSES)."),
    ("The icon and the sounds", "Made for Card Table by its own scripts (tools/make_icon.py, "
                                "tools/make_sounds.py); Card Table's own licence."),
)


def data_folder_text() -> str:
    """Where the player's settings, saves, past matches and statistics are, in words."""
    try:
        from game.paths import user_data_dir
        return str(user_data_dir())
    except Exception as exc:     # an unusable folder is said, not raised: the page must open
        return f"not usable ({exc})"


def blocks(rulesets) -> list:
    """The page as (kind, text) pieces: heading, para, item, note (as the rules page draws them);
    `rulesets`: the games installed (Ruleset objects), each with the makers its file names."""
    out = [("note", UNOFFICIAL), ("heading", "The games")]
    out += [("item", f"{r.name}: {r.credits or 'its ruleset names no designer or publisher.'}")
            for r in sorted(rulesets, key=lambda r: r.name)]
    out += [("heading", "Bundled software and its licences")]
    out += [("item", f"{what}: {licence}") for what, licence in LICENCES]
    out += [("heading", "Your data"),
            ("para", "Settings, the match in progress, past matches and statistics are kept in "
                     f"{data_folder_text()} (set CARDTABLE_DATA_DIR to keep them elsewhere)."),
            ("para", f"Card Table {VERSION}.")]
    return out
