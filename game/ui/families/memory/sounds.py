"""Which sound cue a batch of engine events deserves (see game/ui/sound.py for the cues).

One action's events get one cue at most: several cues at once blur into
noise, so the most important one wins (the end of a round over the call
that led to it, a match's result over the turn that follows it).
"""
from __future__ import annotations

from typing import Optional

# most important first
PRIORITY = ("round_end", "call", "match_wrong", "match_ok", "your_turn", "race_open")
# events whose cue depends on nothing else
_CUES = {"round_over": "round_end", "call": "call", "window_open": "race_open"}


def _cue(event, humans) -> Optional[str]:
    if event.kind == "match":
        return "match_ok" if event.get("ok") else "match_wrong"   # a late throw is a wrong one too
    if event.kind == "turn":
        # With one human the table shows their view at once, so their turn begins with this event.
        # With several, it begins when they confirm the pass screen: TableScene._passed.
        return "your_turn" if len(humans) == 1 and event.seat in humans else None
    return _CUES.get(event.kind)


def cue_for(events, humans) -> Optional[str]:
    """The cue for one action's events (None: stay quiet); `humans` lists the human seats."""
    cues = {_cue(ev, humans) for ev in events}
    return next((name for name in PRIORITY if name in cues), None)
