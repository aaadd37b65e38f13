"""One step of bot-only play, shared by the hard bot's playouts and the lab's matches."""
from __future__ import annotations


def bot_step(game, bots, apply) -> int:
    """One step of a bot-only match: each seat in to_act chooses in turn (a family whose seats
    act at once in other ways, such as the memory family's match race, brings its own step).
    Returns the actions applied."""
    applied = 0
    for seat in game.to_act():
        if applied and seat not in game.to_act():
            continue            # an earlier seat's action changed who acts (none has at the first)
        bot = bots[seat]
        # a view is built for every decision of a bot that reads one (a random bot does not)
        view = game.view(seat) if getattr(bot, "reads_view", True) else None
        apply(seat, bot.choose(view, game.legal_actions(seat)))
        applied += 1
    return applied
