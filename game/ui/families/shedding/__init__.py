"""Kumbal's table (the shedding family): registers its TablePlugin with the table's list."""
from game.ui.families import register_plugin
from game.ui.families.shedding.plugin import SheddingPlugin

register_plugin("shedding", SheddingPlugin)
