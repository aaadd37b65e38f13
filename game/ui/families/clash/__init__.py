"""Klobba!'s table (the clash family): registers its TablePlugin with the table's list."""
from game.ui.families import register_plugin
from game.ui.families.clash.plugin import ClashPlugin

register_plugin("clash", ClashPlugin)
