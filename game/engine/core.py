"""The rules-core contract every family implements: actions, events, errors, matches.

Actions and events are small frozen dataclasses that round-trip through JSON.
A match is fully reproducible from (ruleset id and version, options, seed,
action list); `Match` is that record, and it is the save file and the replay.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Optional

from game.engine.record import EMPTY as EMPTY_RECORD, Record
from game.i18n import tr

Pos = tuple  # (seat, slot): a position in a seat's layout


class IllegalAction(Exception):
    """An action the rules do not allow now; the message is a sentence for a player."""


def _to_jsonable(value):
    """An event's value as JSON data: tuples as lists, a card face (or a Prim of its vocabulary) as
    an object that names its type, so that it comes back as it was (see _tuplify)."""
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {"type": type(value).__name__, **{f.name: _to_jsonable(getattr(value, f.name)) for f in fields(value)}}
    return value


def _tuplify(value):
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    if isinstance(value, dict) and "type" in value:
        cls = _value_type(value["type"])
        return cls(**{k: _tuplify(v) for k, v in value.items() if k != "type"})
    return value


def _value_type(name: str):
    """The dataclass an event's JSON names: the engine's own (CardDef, Prim) or one a family declares
    (Family.value_types: its card faces)."""
    from game.engine import registry
    from game.engine.cards import CardDef, Prim
    known = {"CardDef": CardDef, "Prim": Prim, **registry.value_types()}
    if name not in known:
        raise ValueError(f"an event names the unknown type {name!r}")
    return known[name]


def _place_json(place) -> list:
    return list(place)


@dataclass(frozen=True, init=False)
class Action:
    """One move by one seat, the same type for every family.

    kind: names the move ("discard", "draw", "swap", "buy");
    places: the places the move touches, in order, each a tuple whose first item names a zone
        and whose other items say where in it, e.g. ("hand", seat, card), ("discard", 0),
        ("market", "castle", 1), ("tableau", seat, row, col), ("slot", seat, index);
    choice: a named option ("deck"/"discard" for a draw, "take"/"return" for a decision);
    args: any other arguments, as (key, value) pairs.

    The table's input is generic over `places`: what lights up is the places of the legal
    actions that extend the current selection, and an action that touches no place is a button.
    `pos`/`pos2` name the first two ("slot", seat, index) places as (seat, index): the memory
    family's positions, and the shape its saved matches were written in.
    """
    kind: str
    places: tuple = ()
    choice: Optional[str] = None
    args: tuple = ()

    def __init__(self, kind, places=(), choice=None, args=(), *, pos=None, pos2=None):
        if pos is not None or pos2 is not None:
            places = tuple(("slot",) + tuple(p) for p in (pos, pos2) if p is not None) + tuple(places)
        # many actions are made per decision: filling __dict__ at once is the fast way (see Event)
        object.__setattr__(self, "__dict__", {"kind": kind, "places": places, "choice": choice,
                                              "args": args})

    @property
    def pos(self) -> Optional[Pos]:
        """The first place as (seat, index) when it is a layout slot, else None."""
        places = self.places
        return places[0][1:] if places and places[0][0] == "slot" else None

    @property
    def pos2(self) -> Optional[Pos]:
        """The second place as (seat, index) when it is a layout slot, else None."""
        places = self.places
        return places[1][1:] if len(places) > 1 and places[1][0] == "slot" else None

    def arg(self, key, default=None):
        """The argument called `key`, or `default`."""
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __repr__(self):
        parts = [repr(self.kind)] + [f"{f}={getattr(self, f)!r}" for f in ("places", "choice", "args")
                                      if getattr(self, f) not in ((), None)]
        return f"Action({', '.join(parts)})"

    def to_json(self) -> dict:
        out = {"kind": self.kind}
        if self.places:
            out["places"] = [_place_json(p) for p in self.places]
        if self.choice is not None:
            out["choice"] = self.choice
        if self.args:
            out["args"] = [[k, _to_jsonable(v)] for k, v in self.args]
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Action":
        """The action a JSON object describes; also reads the memory family's older
        {"pos": [seat, slot], "pos2": ...} shape, so matches saved before `places` still resume."""
        known = {"kind", "places", "choice", "args", "pos", "pos2"}
        unknown = set(data) - known
        if unknown or "kind" not in data:
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], places=tuple(tuple(p) for p in data.get("places", ())),
                   choice=data.get("choice"),
                   args=tuple((k, _tuplify(v)) for k, v in data.get("args", ())),
                   pos=_tuplify(data.get("pos")), pos2=_tuplify(data.get("pos2")))


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, as everyone at the table saw it; shaped like `Action`.

    kind: names what happened ("draw", "match", "play", "score");
    seat: who acted, if anyone;
    places: the places it touched, in order, as in `Action` (a memory layout position is
        ("slot", seat, index); `pos`/`pos2` read the first two of those as (seat, index));
    face: a card face shown to everyone (see the family's Face); faces: ((place, face), ...)
        for a public reveal;
    data: any other public facts as (key, value) pairs, read with `get` (where a draw came
        from: ("src", "deck"); whether a match attempt succeeded: ("ok", True)).

    Events carry public information only. Private faces reach a seat through `view(seat)`,
    never here.
    """
    kind: str
    seat: Optional[int] = None
    places: tuple = ()
    face: Optional[Any] = None
    faces: tuple = ()
    data: tuple = ()

    def __init__(self, kind, seat=None, places=(), face=None, faces=(), data=(), *, pos=None, pos2=None):
        if pos is not None or pos2 is not None:
            places = tuple(("slot",) + tuple(p) for p in (pos, pos2) if p is not None) + tuple(places)
        # Every action makes events: filling the frozen instance's __dict__ at once is several
        # times faster than the generated __init__'s one object.__setattr__ per field.
        object.__setattr__(self, "__dict__", {
            "kind": kind, "seat": seat, "places": places, "face": face, "faces": faces, "data": data})

    pos = Action.pos
    pos2 = Action.pos2

    def get(self, key, default=None):
        """The public fact called `key`, or `default`."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    def to_json(self) -> dict:
        out = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.places:
            out["places"] = [_place_json(p) for p in self.places]
        if self.face is not None:
            out["face"] = _to_jsonable(self.face)
        if self.faces:
            out["faces"] = _to_jsonable(self.faces)
        if self.data:
            out["data"] = [[k, _to_jsonable(x)] for k, x in self.data]
        return out

    # the memory family's first event shape: positions and the facts of a move as fields of their own
    _OLD_PLACES = ("pos", "pos2")
    _OLD_DATA = ("src", "dst", "ok")

    @classmethod
    def from_json(cls, data: dict) -> "Event":
        """The event a JSON object describes; also reads the older shape with `pos`/`pos2`
        (now places) and `src`/`dst`/`ok` (now data)."""
        known = {"kind", "seat", "places", "face", "faces", "data", *cls._OLD_PLACES, *cls._OLD_DATA}
        unknown = set(data) - known
        if unknown or "kind" not in data:
            raise ValueError(f"not an event: {data!r}")
        facts = tuple((k, data[k]) for k in cls._OLD_DATA if data.get(k) is not None)
        return cls(data["kind"], seat=data.get("seat"),
                   places=tuple(tuple(p) for p in data.get("places", ())),
                   face=_tuplify(data.get("face")), faces=_tuplify(data.get("faces", ())),
                   data=facts + tuple((k, _tuplify(x)) for k, x in data.get("data", ())),
                   pos=_tuplify(data.get("pos")), pos2=_tuplify(data.get("pos2")))


class Game:
    """Base of every family's state: the narrow contract the table, the bots and the tests use.

    A game is plain data with no I/O, built by its family's `new_game(ruleset, n_seats,
    options, seed)`; given the same seed and the same actions it always reaches the same state.
    """
    round_no: int = 0     # the round being played, from 1 (a family without rounds keeps 1)
    rules: dict           # the ruleset's `rules:` parameters in force (house rules applied, defaults filled)
    # every event of the match so far, as everyone saw it (game/engine/record.py): `apply` adds each
    # action's events, every family's view carries it, a copy shares it
    record: Record = EMPTY_RECORD

    def take_seats(self, ruleset, n_seats: int, options: Optional[dict]) -> None:
        """What every family's game does first: refuse a player count the ruleset does not allow,
        and keep the ruleset, the seat count and the match options (the ruleset's defaults if none)."""
        if not ruleset.min_players <= n_seats <= ruleset.max_players:
            raise ValueError(f"{ruleset.name} is for {ruleset.min_players}-{ruleset.max_players} players")
        from game.engine.ruleset import default_options
        self.ruleset = ruleset
        self.n = n_seats
        self.options = options or default_options(ruleset)

    def to_act(self) -> list[int]:
        """The seats that may act now, in seat order: one seat on a turn, several when the rules
        let several act at once (a match race, secret choices, the next-round acknowledgements);
        empty once the match is over."""
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it is not in `to_act`). `apply` accepts
        exactly these; the table lights their places and the bots choose among them. The guard is
        here once; the phase's own list is its LEGAL entry."""
        if seat not in self.to_act():
            return []
        return self.legal_in_phase(seat)

    # The family's turn, one small rule per step of the rulebook: phase -> the function that carries
    # out an action in that phase, and phase -> the function that lists the legal ones.
    STEPS: dict = {}
    LEGAL: dict = {}

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out `seat`'s action and return what everyone saw happen, in order. An action the
        rules do not allow raises IllegalAction with a sentence for the player and changes nothing.

        The guards every family shares are here, once: a move, by a seat asked to act; then the
        caches worked out from the state are dropped (`forget`) and the phase's step is taken; its
        events join the public record."""
        if not isinstance(action, Action):
            raise IllegalAction(tr("That is not a move."))
        if seat not in self.to_act():
            raise IllegalAction(self.not_your_move(seat))
        self.forget()
        events = self.step(seat, action)
        self.record = self.record.add(events)
        return events

    def step(self, seat: int, action: Action) -> list[Event]:
        """The action in the phase's own step (STEPS); a family may check more first."""
        return self.STEPS[self.phase](self, seat, action)

    def legal_in_phase(self, seat: int) -> list[Action]:
        """The phase's legal actions (LEGAL), for a seat asked to act."""
        return self.LEGAL[self.phase](self, seat)

    def not_your_move(self, seat: int) -> str:
        """The sentence for a seat that may not act now."""
        return tr("It is not your move now.")

    def forget(self) -> None:
        """Drop what was worked out from the state before an action (views, legal moves)."""

    def view(self, seat: Optional[int]):
        """What `seat` may know, as an immutable value: its own hidden cards only where the rules
        let it see them, everybody else's only as public facts. `None` is the public view (what a
        bystander sees). The table draws only views, and bots receive only views."""
        raise NotImplementedError

    def views(self, seats) -> list:
        """view(seat) for each of `seats`; a family may build them faster together."""
        return [self.view(seat) for seat in seats]

    def is_over(self) -> bool:
        """Has the match ended (no seat will act again)?"""
        raise NotImplementedError

    def scores(self) -> list[int]:
        """Each seat's match total so far, in seat order."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats with the best total (the family says whether lowest or highest wins)."""
        raise NotImplementedError

    def copy(self, share_caches: bool = True) -> "Game":
        """An independent state to play on (bots search on copies). A family may share caches of
        immutable view parts between copies; `share_caches=False` shares nothing at all."""
        raise NotImplementedError


# A player's name is shown on the table, in the log and in the statistics. The cap
# applies wherever a name enters (setup, a save, stats.json): a 1 MB name would
# otherwise be measured and drawn every frame.
MAX_NAME_LENGTH = 40
# Other short text read from a data file (a ruleset id or version, a bot level) is shown too.
MAX_TEXT_LENGTH = 100


def text_problem(text, what: str = "the text", cap: int = MAX_TEXT_LENGTH) -> Optional[str]:
    """What is wrong with short text read from a file (type, length, control characters), or None."""
    if not isinstance(text, str):
        return f"{what} must be text, not {brief(text)}"
    if len(text) > cap:
        return f"{what} is {len(text)} characters long; at most {cap} are allowed"
    # Control characters cannot be drawn, and lone surrogates cannot even be written back as UTF-8.
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cs")), None)
    if bad is not None:
        return f"{what} holds the control character U+{ord(bad):04X}"
    return None


def name_problem(name) -> Optional[str]:
    """What is wrong with a player's name read from a file, or None (see text_problem)."""
    return text_problem(name, "the name", MAX_NAME_LENGTH)


def brief(value) -> str:
    """repr(value) cut to 60 characters: a damaged file can hold a megabyte, a message quotes its start."""
    try:
        text = repr(value)
    except RecursionError:          # a list nested a thousand deep is valid JSON
        return "a deeply nested value"
    return text if len(text) <= 60 else text[:57] + "..."


def _seat_problem(seat: dict) -> Optional[str]:
    """What is wrong with one saved seat ({"name", "kind": "human"|"ai", "level"}), or None."""
    if "name" in seat:
        problem = name_problem(seat["name"])
        if problem:
            return problem
    if seat.get("kind", "human") not in ("human", "ai"):
        return f"kind must be human or ai, not {brief(seat['kind'])}"
    if seat.get("kind") == "ai":
        return text_problem(seat.get("level", "normal"), "the bot level")
    return None


def _whole(value) -> bool:
    # bool is an int in Python, and JSON's true must not pass for seat 1.
    return isinstance(value, int) and not isinstance(value, bool)


def _action_problem(entry) -> Optional[str]:
    """What is wrong with one saved [seat, action] pair, or None; legality is checked by replaying."""
    if not isinstance(entry, list) or len(entry) != 2:
        return f"expected [seat, action], got {brief(entry)}"
    seat, action = entry
    # A seat beyond the table is refused by the replay, after the player count is checked.
    if not _whole(seat) or seat < 0:
        return f"the seat must be a number from 0, not {brief(seat)}"
    if not isinstance(action, dict):
        return f"not an action: {brief(action)} (expected a JSON object)"
    unknown = set(action) - {"kind", "places", "choice", "args", "pos", "pos2"}
    if unknown:
        return f"not an action: unknown field {sorted(unknown)[0]!r}"
    if not isinstance(action.get("kind"), str) or not action["kind"]:
        return f"not an action: the kind must be text, not {brief(action.get('kind'))}"
    for key in ("pos", "pos2"):
        pos = action.get(key)
        if pos is not None and not (isinstance(pos, list) and len(pos) == 2 and all(_whole(v) for v in pos)):
            return f"not an action: {key} must be [seat, slot], not {brief(pos)}"
    places = action.get("places", [])
    if not isinstance(places, list) or len(places) > 60:
        return f"not an action: places must be a list of at most 60 places, not {brief(places)}"
    for place in places:
        if not (isinstance(place, list) and 1 <= len(place) <= 6 and isinstance(place[0], str)
                and all(_whole(v) or (isinstance(v, str) and len(v) <= 40) for v in place)):
            return f"not an action: a place is [zone, where...] of names and numbers, not {brief(place)}"
    args = action.get("args", [])
    if not isinstance(args, list) or len(args) > 20 or not all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], str)
            and (a[1] is None or isinstance(a[1], (str, int, float, bool))) for a in args):
        return f"not an action: args must be a list of [name, value] pairs, not {brief(args)}"
    if not isinstance(action.get("choice", ""), (str, type(None))):
        return f"not an action: choice must be text, not {brief(action['choice'])}"
    return None


def match_problem(data) -> Optional[str]:
    """What is wrong with the shape of a saved match record, or None.

    The one place a save is checked before anything uses it (the menu's Resume
    label, Match.from_json): types, a finite whole seed, the seat list, and
    the action list. Whether the actions are legal is found by replaying them.
    """
    if not isinstance(data, dict):
        return "expected a JSON object"
    for key in ("ruleset", "version"):
        problem = text_problem(data.get(key), key) or (None if data[key] else f"{key} is empty")
        if problem:
            return problem
    if not isinstance(data.get("options", {}), dict):
        return "options must be a JSON object"
    # JSON's Infinity and NaN parse as floats; int(inf) would raise OverflowError.
    if not _whole(data.get("seed")):
        return f"the seed must be a whole number, not {brief(data.get('seed'))}"
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, dict) for s in seats):
        return f"seats must be a list of objects (name, kind), not {brief(seats)}"
    for i, seat in enumerate(seats):
        problem = _seat_problem(seat)
        if problem:
            return f"seat {i + 1}: {problem}"
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        return f"actions must be a list, not {brief(actions)}"
    for i, entry in enumerate(actions):
        problem = _action_problem(entry)
        if problem:
            return f"action {i + 1}: {problem}"
    return None


@dataclass
class Match:
    """The reproducible record of a match: the save file, the replay, the bug report."""
    ruleset_id: str
    ruleset_version: str
    options: dict
    seed: int
    seats: list = field(default_factory=list)   # [{"name":..., "kind": "human"|"ai", "level":...}]
    actions: list = field(default_factory=list)  # [(seat, Action), ...]

    def to_json(self) -> dict:
        return {
            "ruleset": self.ruleset_id,
            "version": self.ruleset_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": [[s, a.to_json()] for s, a in self.actions],
        }

    @classmethod
    def from_json(cls, data: dict) -> "Match":
        """Rebuild the record; ValueError("not a saved match: ...") if its shape is wrong (see match_problem)."""
        problem = match_problem(data)
        if problem:
            raise ValueError(f"not a saved match: {problem}")
        return cls(
            ruleset_id=data["ruleset"],
            ruleset_version=data["version"],
            options=dict(data.get("options", {})),
            seed=data["seed"],
            seats=list(data["seats"]),
            actions=[(s, Action.from_json(a)) for s, a in data.get("actions", [])],
        )
