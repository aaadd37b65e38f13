"""Castle Combo's table (the tableau family): registers its TablePlugin with the table's list."""
from game.ui.families import register_plugin
from game.ui.families.tableau.plugin import TableauPlugin

register_plugin("tableau", TableauPlugin)
