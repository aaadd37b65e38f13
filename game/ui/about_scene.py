"""About: the version, the games' makers, the licences and the data folder (game/about.py), on the
rules page's scrolling panel."""
from game import VERSION, about
from game.i18n import tr
from game.ui.rules_scene import RulesScene


class AboutScene(RulesScene):
    """The About page: Esc goes back; wheel, arrows and Page Up/Down scroll."""

    def __init__(self, app):
        super().__init__(app, None)

    def blocks(self) -> list:
        return about.blocks([e.ruleset for e in self.app.rulesets() if e.ok])

    def heading(self) -> tuple:
        return tr("About Card Table"), tr("version {version}", version=VERSION)
