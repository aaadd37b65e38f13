"""The memory family's moves as data: the arguments each kind of action carries, and the actions
and events made very often, made once (actions and events are immutable)."""
from __future__ import annotations

from typing import Optional

from game.engine.core import Action, Event

# The arguments each kind of action carries: anything else is not a move of this family.
ACTION_FIELDS = {
    "look_start": (), "draw": ("choice",), "call": (), "exchange": ("pos",), "discard": (),
    "peek": ("pos",), "pick": ("pos",), "swap": ("pos", "pos2"), "choose": ("choice",),
    "skip": (), "match": ("pos",), "pass": (), "give": ("pos",), "decide": ("choice",),
    "next_round": (),
}
_SHAPES = {kind: tuple(f in fields for f in ("pos", "pos2", "choice")) for kind, fields in ACTION_FIELDS.items()}

# The commonest events carry nothing but a seat: each is made once (events are immutable).
_PASS_EVENTS = tuple(Event("pass", seat=s) for s in range(13))
_TURN_EVENTS = tuple(Event("turn", seat=s) for s in range(13))
_WINDOW_CLOSE = Event("window_close")


_ACTIONS: dict = {}


def _act(kind: str, pos: tuple, pos2: Optional[tuple] = None) -> Action:
    """An action on one or two positions, made once: legal_actions lists the same ones very often."""
    act = _ACTIONS.get((kind, pos, pos2))
    if act is None:
        act = _ACTIONS[(kind, pos, pos2)] = Action(kind, pos=pos, pos2=pos2)
    return act


_ROWS: dict = {}


def actions_on(kind: str, seat: int, layout: list) -> list:
    """`_act(kind, (seat, i))` for each card present in `seat`'s layout, in slot order: the same
    action objects, looked up by slot from a row made once (legal_actions lists them very often)."""
    row = _ROWS.get((kind, seat, len(layout)))
    if row is None:
        row = _ROWS[(kind, seat, len(layout))] = tuple(_act(kind, (seat, i)) for i in range(len(layout)))
    if None not in layout:
        return list(row)
    return [a for a, c in zip(row, layout) if c is not None]


def listed(action: Action, legal) -> bool:
    """`action in legal`, asked of the very object first: an action chosen from the list (or one
    made once here) is nearly always one of its items itself, and comparing actions field by field,
    as `in` does with every item before it, is the slow way to find it (a swap lists a hundred)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


# the actions without positions, made once
_LOOK_START, _CALL, _DISCARD, _PASS, _SKIP, _NEXT_ROUND = (
    Action(k) for k in ("look_start", "call", "discard", "pass", "skip", "next_round"))
_DRAW_DECK, _DRAW_DISCARD = Action("draw", choice="deck"), Action("draw", choice="discard")
_TAKE, _RETURN = Action("decide", choice="take"), Action("decide", choice="return")
