"""The table kit: zones a family's table is laid out from, and the generic selection input."""
from game.ui.kit.zones import (Counter, Fan, Grid, Pawn, Pile, Row, Token, Zone, Zones, caption,  # noqa: F401
                               card_size, draw_lit, draw_selected)
