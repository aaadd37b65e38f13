"""What the About page says (issue 33, 2): the version, the games with their designers and
publishers as the rule texts name them (each ruleset's `credits`), that this is an unofficial
implementation, the licences of everything bundled, and where the player's data is kept. Drawn by
game/ui/about_scene.py and checked by tests/test_about.py; assets/LICENSES holds the licence texts."""
from __future__ import annotations

from game import VERSION
from game.i18n import N_, tr

UNOFFICIAL = N_("Card Table is an unofficial implementation of these games' rules, made for playing at "
              "home. It is not made, endorsed or checked by the games' designers or publishers, and "
              "their games' names belong to them. If you enjoy a game here, buy the real one.")

# (what, its licence): every library and asset the packaged app carries
LICENCES = (
    ("Python", N_("Python Software Foundation License (the interpreter and standard library the "
               "packaged app carries).")),
    ("pygame-ce", N_("GNU Lesser General Public License 2.1. The packaged app is one folder that keeps "
                  "pygame-ce and the SDL libraries as separate files, so you may replace them with "
                  "your own builds; its source is at https://github.com/pygame-community/pygame-ce.")),
    ("SDL 2, SDL_image, SDL_mixer, SDL_ttf", N_("zlib licence (bundled with pygame-ce, with FreeType "
                                             "(FreeType licence), libpng and zlib).")),
    ("PyYAML", N_("MIT licence.")),
    ("platformdirs", N_("MIT licence.")),
    (N_("DejaVu Sans fonts"), N_("Bitstream Vera fonts licence; DejaVu's changes are in the public domain "
                          "(the full text is in assets/LICENSES).")),
    (N_("The icon and the sounds"), N_("Made for Card Table by its own scripts (tools/make_icon.py, "
                                "tools/make_sounds.py); Card Table's own licence.")),
)


def data_folder_text() -> str:
    """Where the player's settings, saves, past matches and statistics are, in words."""
    try:
        from game.paths import user_data_dir
        return str(user_data_dir())
    except Exception as exc:     # an unusable folder is said, not raised: the page must open
        return tr("not usable ({problem})", problem=exc)


def blocks(rulesets) -> list:
    """The page as (kind, text) pieces: heading, para, item, note (as the rules page draws them);
    `rulesets`: the games installed (Ruleset objects), each with the makers its file names."""
    out = [("note", tr(UNOFFICIAL)), ("heading", tr("The games"))]
    out += [("item", tr("{name}: {text}", name=r.name,
                        text=r.credits or tr("its ruleset names no designer or publisher.")))
            for r in sorted(rulesets, key=lambda r: r.name)]
    out += [("heading", tr("Bundled software and its licences"))]
    out += [("item", tr("{name}: {text}", name=tr(what), text=tr(licence))) for what, licence in LICENCES]
    out += [("heading", tr("Your data")),
            ("para", tr("Settings, the match in progress, past matches and statistics are kept in {folder} "
                        "(set CARDTABLE_DATA_DIR to keep them elsewhere).", folder=data_folder_text())),
            ("para", f"Card Table {VERSION}.")]
    return out
